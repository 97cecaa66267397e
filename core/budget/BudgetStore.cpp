#include "budget/BudgetStore.h"

#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>

namespace pb::budget {

std::string nowUtc()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

int attachBudgets(RunStore& store, std::int64_t runId, const BudgetSet& set, const std::string& setUtc)
{
    const auto existing = storedBudgets(store, runId);
    const int version = existing.empty() ? 1 : existing.back().version + 1;
    nlohmann::ordered_json j;
    j["set_utc"] = setUtc.empty() ? nowUtc() : setUtc;
    j["budgets"] = nlohmann::ordered_json::parse(budgetsToJson(set));
    store.catalogue().setBudgets(runId, version, j.dump());
    return version;
}

std::vector<StoredBudgets> storedBudgets(RunStore& store, std::int64_t runId)
{
    std::vector<StoredBudgets> out;
    for (const auto& f : store.catalogue().budgets(runId)) {
        StoredBudgets s;
        s.version = f.version;
        const std::string where = "run " + std::to_string(runId) + " " + f.key;
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(f.json);
        } catch (const nlohmann::json::exception&) {
            throw BudgetError(where + ": stored budgets are not valid JSON");
        }
        if (!j.is_object() || !j.contains("budgets") || !j["set_utc"].is_string()) {
            throw BudgetError(where + ": expected {\"set_utc\", \"budgets\"}");
        }
        s.setUtc = j["set_utc"].get<std::string>();
        s.budgets = parseBudgets(j["budgets"].dump(), where);
        out.push_back(std::move(s));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.version < b.version; });
    return out;
}

BudgetHistory budgetHistory(const std::vector<StoredBudgets>& versions, const std::string& runCreatedUtc)
{
    BudgetHistory h;
    // ISO 8601 UTC strings of one format compare as text.
    for (const auto& v : versions) {
        if (v.setUtc <= runCreatedUtc) {
            h.inEffect = v;
        } else if (!h.inEffect && h.later.empty()) {
            h.inEffect = v;
            h.setAfterRun = true;
        } else {
            h.later.push_back(v);
        }
    }
    if (!h.inEffect) {
        return h;
    }
    auto thresholds = [](const BudgetSet& s) {
        std::vector<std::pair<std::string, double>> t;
        for (const auto& b : s.budgets) {
            t.emplace_back(b.id, b.threshold);
        }
        return t;
    };
    const auto base = thresholds(h.inEffect->budgets);
    for (const auto& v : h.later) {
        const auto now = thresholds(v.budgets);
        for (const auto& [id, value] : now) {
            const auto it =
                std::find_if(base.begin(), base.end(), [&](const auto& p) { return p.first == id; });
            if (it == base.end()) {
                h.changes.push_back({id, v.version, v.setUtc, std::nullopt, value});
            } else if (it->second != value) {
                h.changes.push_back({id, v.version, v.setUtc, it->second, value});
            }
        }
        for (const auto& [id, value] : base) {
            if (std::none_of(now.begin(), now.end(), [&](const auto& p) { return p.first == id; })) {
                h.changes.push_back({id, v.version, v.setUtc, value, std::nullopt});
            }
        }
    }
    return h;
}

} // namespace pb::budget
