#include "scaleout/Merge.h"

#include "load/TraceContext.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>

namespace pb::scaleout {
namespace {

using json = nlohmann::json;

struct Source
{
    MergeSource spec;
    std::unique_ptr<RunStore> store;
    RunInfo run;
    GeneratorStart generator;
    json schedule; // executor and warm-up from config_json; null when the run has none
};

std::string label(const Source& s)
{
    return std::filesystem::path(s.spec.path).filename().string() + " run " + std::to_string(s.run.id);
}

json scheduleOf(const RunInfo& run)
{
    const auto config = json::parse(run.configJson, nullptr, false);
    if (!config.is_object() || !config.contains("executor")) {
        return nullptr;
    }
    json s{{"scenario", config.value("scenario", json())},
           {"executor", config["executor"]},
           {"warmup_ms", config.value("warmup_ms", json())}};
    return s;
}

// The first key where two schedules differ, for the message.
std::string firstDifference(const json& a, const json& b, const std::string& path = {})
{
    if (a.is_object() && b.is_object()) {
        for (const auto& [k, v] : a.items()) {
            const std::string p = path.empty() ? k : path + "." + k;
            if (!b.contains(k)) {
                return p;
            }
            if (auto d = firstDifference(v, b[k], p); !d.empty()) {
                return d;
            }
        }
        for (const auto& [k, v] : b.items()) {
            if (!a.contains(k)) {
                return path.empty() ? k : path + "." + k;
            }
        }
        return {};
    }
    if (a.is_array() && b.is_array() && a.size() == b.size()) {
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (auto d = firstDifference(a[i], b[i], path + "[" + std::to_string(i) + "]"); !d.empty()) {
                return d;
            }
        }
        return {};
    }
    return a == b ? std::string() : (path.empty() ? std::string("(whole)") : path);
}

std::optional<load::TraceId> traceIdBytes(const std::string& hex)
{
    if (hex.size() != 32) {
        return std::nullopt;
    }
    const auto nibble = [](char c) {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    };
    load::TraceId t{};
    for (std::size_t i = 0; i < t.size(); ++i) {
        const int hi = nibble(hex[2 * i]);
        const int lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            return std::nullopt;
        }
        t[i] = static_cast<std::uint8_t>(hi * 16 + lo);
    }
    return t;
}

std::optional<double> sum(std::optional<double> a, std::optional<double> b)
{
    if (!a) {
        return b;
    }
    return b ? std::optional(*a + *b) : a;
}

// Each generator's load adds up (rates, counts); lag and CPU are per
// generator, so the merged run keeps the worst.
store::LoadFigures combine(const std::vector<store::LoadFigures>& all)
{
    store::LoadFigures out;
    for (const auto& f : all) {
        out.requestedRate = sum(out.requestedRate, f.requestedRate);
        out.achievedRate = sum(out.achievedRate, f.achievedRate);
        store::addGeneratorFigures(out, f);
        if (!out.steadyWindowStartMs) {
            out.steadyWindowStartMs = f.steadyWindowStartMs;
            out.steadyWindowEndMs = f.steadyWindowEndMs;
        }
        for (const auto& st : f.stages) {
            auto it = std::find_if(out.stages.begin(), out.stages.end(),
                                   [&](const store::StageFigures& s) { return s.stage == st.stage; });
            if (it == out.stages.end()) {
                out.stages.push_back(st);
            } else {
                it->requestedRate = sum(it->requestedRate, st.requestedRate);
                it->achievedRate = sum(it->achievedRate, st.achievedRate);
                it->droppedIterations = sum(it->droppedIterations, st.droppedIterations);
            }
        }
    }
    return out;
}

} // namespace

MergeResult mergeRuns(RunStore& target, const std::vector<MergeSource>& specs, const MergeOptions& options)
{
    if (specs.size() < 2) {
        throw ScaleOutError("merge needs at least two workbench files (or runs)");
    }
    std::vector<Source> sources;
    for (const auto& spec : specs) {
        Source s;
        s.spec = spec;
        if (!std::filesystem::exists(spec.path)) {
            throw ScaleOutError(spec.path + ": no such file");
        }
        s.store = std::make_unique<RunStore>(spec.path, RunStore::Mode::ReadOnly);
        std::optional<std::int64_t> id = spec.runId;
        if (!id) {
            const auto runs = s.store->catalogue().runs();
            if (runs.size() != 1) {
                throw ScaleOutError(spec.path + ": has " + std::to_string(runs.size()) +
                                    " runs; name one as FILE:RUN_ID");
            }
            id = runs.front().id;
        }
        const auto run = s.store->catalogue().run(*id);
        if (!run) {
            throw ScaleOutError(spec.path + ": no run " + std::to_string(*id));
        }
        if (run->status == RunStatus::Running || run->status == RunStatus::Importing) {
            throw ScaleOutError(spec.path + ": run " + std::to_string(*id) + " is still being written");
        }
        s.run = *run;
        s.schedule = scheduleOf(s.run);
        s.generator.source = label(s);
        bool precise = true;
        s.generator.startUnixNs = runStartUnixNs(*s.store, s.run.id, precise);
        s.generator.startPrecise = precise;
        const auto counts = generatorCounts(
            *s.store, s.run.id, 0, s.store->requestReader().requestCount(s.run.id), s.generator.withoutTrace);
        for (const auto& [gid, n] : counts) {
            s.generator.ids.push_back(gid);
            s.generator.requests += n;
        }
        s.generator.requests += s.generator.withoutTrace;
        sources.push_back(std::move(s));
    }

    MergeResult result;
    // Schedules: the same scenario's executor and warm-up, else the runs did
    // not generate one load together.
    const auto& ref = sources.front();
    for (std::size_t i = 1; i < sources.size(); ++i) {
        const auto& s = sources[i];
        if (ref.schedule.is_null() || s.schedule.is_null()) {
            result.warnings.push_back(label(s) +
                                      ": no load schedule stored (an import?); schedules not compared");
            continue;
        }
        if (const auto d = firstDifference(ref.schedule, s.schedule); !d.empty()) {
            throw ScaleOutError("the schedules differ: " + label(s) + " has another " + d + " than " +
                                label(ref) + "; merge runs of the same scenario only");
        }
    }
    std::vector<GeneratorStart> starts;
    for (const auto& s : sources) {
        starts.push_back(s.generator);
        if (s.generator.withoutTrace > 0) {
            result.warnings.push_back(
                label(s) + ": " + std::to_string(s.generator.withoutTrace) +
                " rows without a trace ID keep no generator ID (dropped iterations, or an "
                "import without trace IDs)");
        }
    }
    result.clocks = checkClocks(std::move(starts), options.maxClockOffset);

    RunInfo info;
    info.name = options.runName.empty() ? ref.run.name + " (merged)" : options.runName;
    info.kind = std::all_of(sources.begin(), sources.end(),
                            [](const Source& s) { return s.run.kind == RunKind::Load; })
                    ? RunKind::Load
                    : RunKind::Import;
    std::string from;
    for (const auto& s : sources) {
        from += (from.empty() ? "" : ", ") + label(s);
    }
    info.source = "merge of " + from;
    info.createdUtc = ref.run.createdUtc; // budgets set before the run stay "before"
    auto config = json::parse(ref.run.configJson, nullptr, false);
    if (!config.is_object()) {
        config = json::object();
    }
    auto merged = json::array();
    for (const auto& s : sources) {
        merged.push_back({{"file", std::filesystem::path(s.spec.path).filename().string()},
                          {"run", s.run.id},
                          {"generators", s.generator.ids}});
        // Each generator's location: the merged run has several.
        const auto own = json::parse(s.run.configJson, nullptr, false);
        if (own.is_object() && own.contains("generator_host") && own["generator_host"].is_string()) {
            merged.back()["generator_host"] = own["generator_host"];
        }
    }
    config["merged_from"] = merged;
    config.erase("generator_instance_id");
    config.erase("generator_host");
    info.configJson = config.dump(-1, ' ', false, json::error_handler_t::replace);
    RunStatus status = RunStatus::Complete;
    for (const auto& s : sources) {
        if (s.run.status != RunStatus::Complete) {
            status = s.run.status;
        }
    }
    info.status = status;

    target.begin(RunStore::Checks::RunsChecked);
    try {
        result.runId = target.catalogue().createRun(info);
        std::vector<load::TraceId> ids;
        std::vector<store::LoadFigures> loads;
        std::map<Nanos, RunSample> samples;
        for (const auto& s : sources) {
            const auto n = s.store->requestReader().requestCount(s.run.id);
            constexpr std::int64_t kBatch = 20000;
            for (std::int64_t seq = 0; seq < n; seq += kBatch) {
                const auto rows =
                    s.store->requestReader().requestsBySeq(s.run.id, seq, std::min(kBatch, n - seq));
                for (const auto& r : rows) {
                    if (auto t = traceIdBytes(r.traceId)) {
                        ids.push_back(*t);
                    }
                }
                target.insertRequests(result.runId, rows);
                result.requests += static_cast<std::int64_t>(rows.size());
            }
            const auto spans = s.store->spanStore().spans(s.run.id);
            target.spanStore().insertSpans(result.runId, spans);
            result.spans += static_cast<std::int64_t>(spans.size());
            loads.push_back(s.store->catalogue().runFigures(s.run.id).load);
            // Samples are per interval of each generator's own schedule: the
            // same interval of every generator adds up.
            for (const auto& smp : s.store->catalogue().samples(s.run.id)) {
                auto [it, fresh] = samples.emplace(smp.offset, smp);
                if (!fresh) {
                    auto& m = it->second;
                    m.targetRate += smp.targetRate;
                    m.achievedRate += smp.achievedRate;
                    m.inFlight += smp.inFlight;
                    m.dropped += smp.dropped;
                    m.completed += smp.completed;
                    m.outputTokensPerSecond += smp.outputTokensPerSecond;
                }
            }
        }
        std::vector<RunSample> sampleRows;
        for (const auto& [offset, smp] : samples) {
            sampleRows.push_back(smp);
        }
        target.catalogue().insertSamples(result.runId, sampleRows);
        auto load = combine(loads);
        // Across generators a shared trace ID is a collision too.
        load.traceIdCollisions = double(load::countCollisions(ids));
        target.catalogue().setLoadFigures(result.runId, load);
        for (const auto& f : ref.store->catalogue().figures(ref.run.id)) {
            if (f.name.starts_with("budgets.")) {
                target.catalogue().setFigure(result.runId, f.name, f.value, f.text);
            }
        }
        if (const auto& first = result.clocks.generators.front(); first.startUnixNs) {
            target.catalogue().setFigure(result.runId, kRunStartFigure, double(*first.startUnixNs),
                                         std::to_string(*first.startUnixNs));
        }
        recordGenerators(target, result.runId, result.clocks);
        target.commit();
    } catch (...) {
        target.rollback();
        throw;
    }
    return result;
}

} // namespace pb::scaleout
