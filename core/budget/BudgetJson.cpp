#include "budget/Budget.h"

#include "stats/Metric.h"
#include "util/StrictJson.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

namespace pb::budget {
namespace {

using Json = nlohmann::ordered_json;

// The largest threshold, rate or time (ms) a budget may state: 1e12 ms is
// ~31 years, far past any figure a run can have; 1e308 would only hide a
// typo (docs/budgets.md).
constexpr double kMaxBudgetValue = 1e12;

class Reader
{
public:
    explicit Reader(std::string file)
        : m_file(std::move(file))
    {}

    [[noreturn]] void fail(const std::string& path, const std::string& expected) const
    {
        throw BudgetError(m_file + ": " + path + ": " + expected);
    }

    double number(const Json& j, const std::string& path) const
    {
        if (!j.is_number() || !std::isfinite(j.get<double>())) {
            fail(path, "expected a number");
        }
        return j.get<double>();
    }
    double nonNegative(const Json& j, const std::string& path) const
    {
        const double v = number(j, path);
        if (v < 0 || v > kMaxBudgetValue) {
            fail(path, "expected a number from 0 to 1e12, found " + j.dump());
        }
        return v;
    }
    // A sample count: 1e300 would not convert to std::size_t (UB).
    std::size_t count(const Json& j, const std::string& path) const
    {
        const double v = number(j, path);
        if (v < 0 || v > 9007199254740992.0) {
            fail(path, "expected a count from 0 to 2^53");
        }
        return static_cast<std::size_t>(v);
    }
    double fraction(const Json& j, const std::string& path) const
    {
        const double v = number(j, path);
        if (v < 0 || v > 1) {
            fail(path, "expected a fraction between 0 and 1");
        }
        return v;
    }
    std::string text(const Json& j, const std::string& path) const
    {
        if (!j.is_string() || j.get<std::string>().empty()) {
            fail(path, "expected a non-empty string");
        }
        return j.get<std::string>();
    }
    std::vector<std::string> texts(const Json& j, const std::string& path) const
    {
        if (j.is_string()) {
            return {text(j, path)};
        }
        if (!j.is_array() || j.empty()) {
            fail(path, "expected a string or a non-empty array of strings");
        }
        std::vector<std::string> out;
        for (std::size_t i = 0; i < j.size(); ++i) {
            out.push_back(text(j[i], path + "[" + std::to_string(i) + "]"));
        }
        return out;
    }
    void onlyKeys(const Json& j, const std::string& path, std::initializer_list<std::string_view> keys) const
    {
        if (!j.is_object()) {
            fail(path, "expected an object");
        }
        for (const auto& [k, v] : j.items()) {
            bool known = false;
            for (auto key : keys) {
                known = known || key == k;
            }
            if (!known) {
                std::string list;
                for (auto key : keys) {
                    list += (list.empty() ? "" : ", ") + std::string(key);
                }
                fail(path + "." + k, "unknown key (expected one of: " + list + ")");
            }
        }
    }

    double statistic(const Json& j, const std::string& path) const
    {
        const auto s = text(j, path);
        if (s.size() >= 2 && s[0] == 'p') {
            const auto digits = s.substr(1);
            char* end = nullptr;
            const double v = std::strtod(digits.c_str(), &end);
            if (end && *end == '\0' && v > 0 && v < 100) {
                return v / 100.0;
            }
        }
        fail(path, "expected a percentile such as \"p50\", \"p95\", \"p99\" or \"p99.9\"");
    }

    BudgetCondition condition(const Json& j, const std::string& path, const BudgetCondition& base) const
    {
        BudgetCondition c = base;
        onlyKeys(j, path,
                 {"model", "route", "provider", "scenario", "stage", "input_bucket", "output_bucket", "turn",
                  "stream", "min_rate", "max_rate", "window", "warmup_ms", "settle_ms", "min_duration_ms",
                  "min_samples", "prefix_cache"});
        const std::pair<const char*, const char*> columns[] = {
            {"model", "model"},
            {"route", "resolved_model"},
            // the join's route_provider column
            {"provider", "route_provider"},
            {"scenario", "scenario"},
            {"input_bucket", "input_bucket"},
            {"output_bucket", "output_bucket"},
            // a session's turn 1, or the turns that resend a history
            {"turn", "turn_group"}};
        for (const auto& [key, column] : columns) {
            if (j.contains(key)) {
                c.filters.push_back({column, texts(j[key], path + "." + key)});
            }
        }
        if (j.contains("turn")) {
            for (const auto& v : c.filters.back().values) {
                if (v != "first" && v != "later") {
                    fail(path + ".turn",
                         "expected \"first\" or \"later\" (a session's turn 1, or its later turns)");
                }
            }
        }
        if (j.contains("stream")) {
            if (!j["stream"].is_boolean()) {
                fail(path + ".stream", "expected true or false");
            }
            c.stream = j["stream"].get<bool>();
        }
        if (j.contains("prefix_cache")) {
            const auto f = stats::parsePrefixCacheFilter(text(j["prefix_cache"], path + ".prefix_cache"));
            if (!f) {
                fail(path + ".prefix_cache", "expected \"all\", \"hit\" or \"miss\"");
            }
            c.prefixCache = *f;
        }
        if (j.contains("min_rate")) {
            c.minRate = nonNegative(j["min_rate"], path + ".min_rate");
        }
        if (j.contains("max_rate")) {
            c.maxRate = nonNegative(j["max_rate"], path + ".max_rate");
        }
        if (j.contains("warmup_ms")) {
            c.window.warmupMs = nonNegative(j["warmup_ms"], path + ".warmup_ms");
            c.runWindows = false;
        }
        if (j.contains("settle_ms")) {
            c.window.settleMs = nonNegative(j["settle_ms"], path + ".settle_ms");
        }
        if (j.contains("window") && text(j["window"], path + ".window") == "run") {
            c.runWindows = true;
        } else if (j.contains("window")) {
            c.runWindows = false;
            const auto w = stats::parseWindow(text(j["window"], path + ".window"), c.window);
            if (!w) {
                fail(path + ".window",
                     "expected \"all\", \"steady\", \"run\", \"stage:NAME\", \"stage-steady:NAME\" "
                     "or \"range:FROM_MS-TO_MS\"");
            }
            c.window = *w;
        }
        if (j.contains("stage")) {
            c.runWindows = false;
            c.window.kind = stats::Window::Kind::Stage;
            c.window.stage = text(j["stage"], path + ".stage");
        }
        if (j.contains("min_duration_ms")) {
            c.minDurationMs = nonNegative(j["min_duration_ms"], path + ".min_duration_ms");
        }
        if (j.contains("min_samples")) {
            c.minSamples = count(j["min_samples"], path + ".min_samples");
        }
        return c;
    }

    PhaseBudget budget(const Json& j, const std::string& path, const BudgetCondition& base, bool slo) const
    {
        onlyKeys(j, path, {"id", "metric", "statistic", "convention", "threshold", "direction", "condition"});
        PhaseBudget b;
        b.isSlo = slo;
        if (!j.contains("metric")) {
            fail(path + ".metric",
                 "missing: expected a metric name (see phasebench-cli stats --list-metrics)");
        }
        b.metric = text(j["metric"], path + ".metric");
        if (!stats::findMetric(b.metric)) {
            fail(path + ".metric", "unknown metric '" + b.metric +
                                       "' (expected a name from phasebench-cli stats --list-metrics)");
        }
        b.id = j.contains("id") ? text(j["id"], path + ".id") : (slo ? std::string("slo") : b.metric);
        if (j.contains("statistic")) {
            b.p = statistic(j["statistic"], path + ".statistic");
        }
        if (j.contains("convention")) {
            const auto c = stats::parseConvention(text(j["convention"], path + ".convention"));
            if (!c) {
                fail(path + ".convention", "expected \"nearest-rank\", \"linear\" or \"ecdf\"");
            }
            b.convention = *c;
        }
        if (!j.contains("threshold")) {
            fail(path + ".threshold", "missing: expected a number in the metric's unit (ms for durations)");
        }
        b.threshold = nonNegative(j["threshold"], path + ".threshold");
        if (j.contains("direction")) {
            const auto d = text(j["direction"], path + ".direction");
            if (d != "at_most" && d != "at_least") {
                fail(path + ".direction", "expected \"at_most\" or \"at_least\"");
            }
            b.direction = d == "at_most" ? Direction::AtMost : Direction::AtLeast;
        }
        b.condition = j.contains("condition") ? condition(j["condition"], path + ".condition", base) : base;
        return b;
    }

private:
    std::string m_file;
};

std::string windowSpec(const stats::Window& w)
{
    switch (w.kind) {
    case stats::Window::Kind::All:
        return "all";
    case stats::Window::Kind::Steady:
        return "steady";
    case stats::Window::Kind::Stage:
        return "stage:" + w.stage;
    case stats::Window::Kind::StageSteady:
        return "stage-steady:" + w.stage;
    case stats::Window::Kind::Range: {
        std::ostringstream os;
        os << "range:" << w.fromMs << '-' << w.toMs;
        return os.str();
    }
    }
    return "all";
}

Json conditionJson(const BudgetCondition& c)
{
    Json j = Json::object();
    for (const auto& f : c.filters) {
        j[f.column == "resolved_model"   ? std::string("route")
          : f.column == "route_provider" ? std::string("provider")
          : f.column == "turn_group"     ? std::string("turn")
                                         : f.column] = f.values;
    }
    if (c.stream) {
        j["stream"] = *c.stream;
    }
    if (c.prefixCache != stats::PrefixCacheFilter::All) { // absent: stored budgets keep their text
        j["prefix_cache"] = std::string(stats::prefixCacheFilterName(c.prefixCache));
    }
    if (c.minRate) {
        j["min_rate"] = *c.minRate;
    }
    if (c.maxRate) {
        j["max_rate"] = *c.maxRate;
    }
    if (c.runWindows) {
        j["window"] = "run";
    } else {
        j["window"] = windowSpec(c.window);
        j["warmup_ms"] = c.window.warmupMs;
    }
    j["settle_ms"] = c.window.settleMs;
    j["min_duration_ms"] = c.minDurationMs;
    j["min_samples"] = c.minSamples;
    return j;
}

} // namespace

std::string statisticName(double p)
{
    return stats::percentileLabel(p);
}

BudgetSet parseBudgets(std::string_view text, const std::string& file)
{
    Reader r(file);
    Json j;
    try {
        j = parseJsonStrict<Json>(text);
    } catch (const nlohmann::json::exception& e) { // parse_error, or out_of_range for 1e3030
        throw BudgetError(file + ": not valid JSON (" + e.what() + ")");
    } catch (const DuplicateJsonKey& e) {
        throw BudgetError(file + ": $." + e.what());
    }
    r.onlyKeys(j, "$", {"version", "name", "defaults", "slo", "phases", "gates"});
    if (j.contains("version") &&
        (!j["version"].is_number_integer() || j["version"].get<std::int64_t>() != 1)) {
        r.fail("$.version", "expected 1");
    }
    BudgetSet set;
    if (j.contains("name")) {
        set.name = r.text(j["name"], "$.name");
    }
    BudgetCondition base;
    base.window.kind = stats::Window::Kind::Steady;
    if (j.contains("defaults")) {
        base = r.condition(j["defaults"], "$.defaults", base);
    }
    if (j.contains("slo")) {
        set.budgets.push_back(r.budget(j["slo"], "$.slo", base, true));
    }
    if (j.contains("phases")) {
        if (!j["phases"].is_array()) {
            r.fail("$.phases", "expected an array of phase budgets");
        }
        for (std::size_t i = 0; i < j["phases"].size(); ++i) {
            set.budgets.push_back(
                r.budget(j["phases"][i], "$.phases[" + std::to_string(i) + "]", base, false));
        }
    }
    if (j.contains("gates")) {
        const auto& g = j["gates"];
        r.onlyKeys(g, "$.gates",
                   {"max_error_rate", "max_timeout_rate", "max_dropped_iterations", "min_join_coverage",
                    "min_goodput", "min_sample_size", "generator_saturation"});
        if (g.contains("generator_saturation")) {
            if (!g["generator_saturation"].is_boolean()) {
                r.fail("$.gates.generator_saturation", "expected true or false");
            }
            set.gates.generatorSaturation = g["generator_saturation"].get<bool>();
        }
        if (g.contains("max_error_rate")) {
            set.gates.maxErrorRate = r.fraction(g["max_error_rate"], "$.gates.max_error_rate");
        }
        if (g.contains("max_timeout_rate")) {
            set.gates.maxTimeoutRate = r.fraction(g["max_timeout_rate"], "$.gates.max_timeout_rate");
        }
        if (g.contains("max_dropped_iterations")) {
            set.gates.maxDroppedIterations =
                r.nonNegative(g["max_dropped_iterations"], "$.gates.max_dropped_iterations");
        }
        if (g.contains("min_join_coverage")) {
            set.gates.minJoinCoverage = r.fraction(g["min_join_coverage"], "$.gates.min_join_coverage");
        }
        if (g.contains("min_goodput")) {
            set.gates.minGoodput = r.fraction(g["min_goodput"], "$.gates.min_goodput");
        }
        if (g.contains("min_sample_size")) {
            set.gates.minSampleSize = r.count(g["min_sample_size"], "$.gates.min_sample_size");
        }
    }
    if (set.budgets.empty() && !j.contains("gates")) {
        r.fail("$", "expected at least one of \"slo\", \"phases\" or \"gates\"");
    }
    return set;
}

BudgetSet loadBudgets(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw BudgetError(path + ": cannot read the budget file");
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseBudgets(ss.str(), path);
}

std::string budgetsToJson(const BudgetSet& set)
{
    Json j;
    j["version"] = 1;
    if (!set.name.empty()) {
        j["name"] = set.name;
    }
    Json phases = Json::array();
    for (const auto& b : set.budgets) {
        Json o;
        o["id"] = b.id;
        o["metric"] = b.metric;
        o["statistic"] = statisticName(b.p);
        o["convention"] = std::string(stats::conventionName(b.convention));
        o["threshold"] = b.threshold;
        o["direction"] = b.direction == Direction::AtMost ? "at_most" : "at_least";
        o["condition"] = conditionJson(b.condition);
        if (b.isSlo) {
            j["slo"] = o;
        } else {
            phases.push_back(o);
        }
    }
    j["phases"] = phases;
    Json g = Json::object();
    if (set.gates.maxErrorRate) {
        g["max_error_rate"] = *set.gates.maxErrorRate;
    }
    if (set.gates.maxTimeoutRate) {
        g["max_timeout_rate"] = *set.gates.maxTimeoutRate;
    }
    if (set.gates.maxDroppedIterations) {
        g["max_dropped_iterations"] = *set.gates.maxDroppedIterations;
    }
    if (set.gates.minJoinCoverage) {
        g["min_join_coverage"] = *set.gates.minJoinCoverage;
    }
    if (set.gates.minGoodput) {
        g["min_goodput"] = *set.gates.minGoodput;
    }
    if (set.gates.minSampleSize) {
        g["min_sample_size"] = *set.gates.minSampleSize;
    }
    g["generator_saturation"] = set.gates.generatorSaturation;
    j["gates"] = g;
    return j.dump(2);
}

} // namespace pb::budget
