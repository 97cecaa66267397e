#include "scaleout/Generators.h"

#include "import/ImportFile.h"
#include "import/Importer.h"
#include "import/TimeParse.h"
#include "load/Scenario.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <string_view>

namespace pb::scaleout {
namespace {

std::string ms(double v)
{
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(1);
    os << v;
    return os.str() + " ms";
}

std::string describe(const ClockReport& r)
{
    std::string out;
    for (const auto& g : r.generators) {
        std::string ids;
        for (const auto& id : g.ids) {
            ids += (ids.empty() ? "" : ",") + id;
        }
        out += "\n  " + g.source;
        if (!ids.empty()) {
            out += " (generator " + ids + ")";
        } else if (g.requests > 0) {
            out += " (generator unknown)";
        }
        out += ": ";
        if (!g.startUnixNs) {
            out += "start unknown";
        } else {
            out += "started " + import::formatUtcNs(*g.startUnixNs) + ", offset " +
                   (g.offsetMs >= 0 ? "+" : "") + ms(g.offsetMs) + (g.startPrecise ? "" : " (to the second)");
        }
    }
    return out;
}

std::optional<Nanos> parseNs(const std::string& text)
{
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used == text.size()) {
            return v;
        }
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

// A count each generator's output holds for its own share: the run's is the
// sum, not the last file's.
bool additive(const std::string& name)
{
    return name == "dropped_iterations" || name == "k6.iterations" || name == "k6.data_sent_bytes" ||
           name == "k6.data_received_bytes" || name == "k6.vus_max" ||
           (name.starts_with("k6.check") && (name.ends_with(".passes") || name.ends_with(".fails")));
}

void addUpCounts(RunStore& store, std::int64_t runId, const import::FigureChanges& figures)
{
    std::set<std::string> written(figures.written.begin(), figures.written.end());
    for (const auto& f : store.catalogue().figures(runId)) {
        const auto before = figures.before.find(f.name);
        if (!written.count(f.name) || !additive(f.name) || before == figures.before.end() ||
            !before->second || !f.value) {
            continue;
        }
        store.catalogue().setFigure(runId, f.name, *before->second + *f.value, f.text);
    }
}

} // namespace

std::string generatorFigure(const std::string& id, const char* what)
{
    return "generator." + id + "." + what;
}

std::string generatorOf(const RequestRecord& r)
{
    const auto hex8 = [](std::string_view s) {
        return s.size() >= 8 && std::all_of(s.begin(), s.begin() + 8, [](char c) {
                   return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
               });
    };
    if (r.traceId.size() == 32 && hex8(r.traceId)) {
        return r.traceId.substr(0, 8);
    }
    // A dropped iteration sends nothing: the load engine names its logical
    // request "<instance>-<n>", an exported k6 script by its first trace ID.
    const auto& l = r.logicalRequestId;
    if ((l.size() > 9 && l[8] == '-' && hex8(l)) || (l.size() == 32 && hex8(l))) {
        return l.substr(0, 8);
    }
    return {};
}

ClockReport checkClocks(std::vector<GeneratorStart> generators, std::optional<Nanos> maxOffset)
{
    ClockReport r;
    r.maxOffsetMs = maxOffset ? double(*maxOffset) / 1e6 : 0;
    r.generators = std::move(generators);
    std::map<std::string, std::string> owner;
    for (const auto& g : r.generators) {
        for (const auto& id : g.ids) {
            const auto [it, fresh] = owner.emplace(id, g.source);
            if (!fresh) {
                throw ScaleOutError(
                    "generator " + id + " is in both " + it->second + " and " + g.source +
                    ": the same output twice, or two generators with the same instance ID "
                    "(give each k6 instance its own PHASEBENCH_INSTANCE, each scenario its own "
                    "generator.instance_id)");
            }
        }
    }
    if (r.generators.empty()) {
        return r;
    }
    const auto ref = r.generators.front().startUnixNs;
    std::optional<Nanos> lo, hi;
    bool unknown = false;
    for (auto& g : r.generators) {
        if (!g.startUnixNs) {
            unknown = true;
            continue;
        }
        g.offsetMs = ref ? double(*g.startUnixNs - *ref) / 1e6 : 0;
        lo = lo ? std::min(*lo, *g.startUnixNs) : *g.startUnixNs;
        hi = hi ? std::max(*hi, *g.startUnixNs) : *g.startUnixNs;
    }
    r.spreadMs = lo ? double(*hi - *lo) / 1e6 : 0;
    if (!maxOffset) {
        return r;
    }
    if (unknown) {
        throw ScaleOutError("cannot check the generators' clocks: a start time is unknown (pass "
                            "--max-clock-offset off to skip the check)" +
                            describe(r));
    }
    // A start known only to the second may be off by up to 1 s on its own.
    const bool coarse = std::any_of(r.generators.begin(), r.generators.end(),
                                    [](const GeneratorStart& g) { return !g.startPrecise; });
    const double allowed = r.maxOffsetMs + (coarse ? 1000.0 : 0.0);
    if (r.spreadMs > allowed) {
        throw ScaleOutError("the generators' schedules started " + ms(r.spreadMs) + " apart, more than " +
                            "--max-clock-offset " + ms(r.maxOffsetMs) +
                            " (clock offset or start skew: synchronise the clocks with NTP/chrony and start "
                            "the instances together):" +
                            describe(r));
    }
    return r;
}

std::optional<Nanos> runStartUnixNs(RunStore& store, std::int64_t runId, bool& precise)
{
    precise = true;
    for (const auto& f : store.catalogue().figures(runId)) {
        if (f.name == kRunStartFigure) {
            if (auto v = parseNs(f.text)) {
                return v;
            }
            if (f.value) {
                return static_cast<Nanos>(std::llround(*f.value));
            }
        }
    }
    const auto run = store.catalogue().run(runId);
    if (!run) {
        return std::nullopt;
    }
    const auto config = nlohmann::json::parse(run->configJson, nullptr, false);
    if (config.is_object()) {
        const auto it = config.find("time_origin_unix_ns");
        if (it != config.end() && it->is_number_integer()) {
            return it->get<Nanos>();
        }
    }
    precise = false;
    return import::parseDateTimeNs(run->createdUtc);
}

std::map<std::string, std::int64_t> generatorCounts(RunStore& store, std::int64_t runId,
                                                    std::int64_t firstSeq, std::int64_t count,
                                                    std::int64_t& withoutTrace)
{
    std::map<std::string, std::int64_t> out;
    withoutTrace = 0;
    constexpr std::int64_t kBatch = 20000;
    for (std::int64_t seq = firstSeq; seq < firstSeq + count; seq += kBatch) {
        const auto rows =
            store.requestReader().requestsBySeq(runId, seq, std::min(kBatch, firstSeq + count - seq));
        for (const auto& r : rows) {
            const auto id = generatorOf(r);
            if (id.empty()) {
                ++withoutTrace;
            } else {
                ++out[id];
            }
        }
    }
    return out;
}

void recordGenerators(RunStore& store, std::int64_t runId, const ClockReport& report)
{
    for (const auto& g : report.generators) {
        for (const auto& id : g.ids) {
            if (g.startUnixNs) {
                store.catalogue().setFigure(runId, generatorFigure(id, "start_unix_ns"),
                                            double(*g.startUnixNs), std::to_string(*g.startUnixNs));
                store.catalogue().setFigure(runId, generatorFigure(id, "clock_offset_ms"), g.offsetMs);
            }
            store.catalogue().setFigure(runId, generatorFigure(id, "source"), std::nullopt, g.source);
            if (g.ids.size() == 1) {
                store.catalogue().setFigure(runId, generatorFigure(id, "requests"), double(g.requests));
            }
        }
    }
}

std::optional<ClockReport> checkImportInto(RunStore& store, std::int64_t runId, std::int64_t firstSeq,
                                           const import::ImportSummary& summary,
                                           const import::FigureChanges& figures, const std::string& source,
                                           std::optional<Nanos> maxOffset)
{
    if (summary.requests == 0) {
        return std::nullopt;
    }
    const auto config = nlohmann::json::parse(summary.configJson, nullptr, false);
    const auto origin = config.is_object() ? config.find("time_origin_unix_ns") : config.end();
    if (!config.is_object() || origin == config.end() || !origin->is_number_integer()) {
        return std::nullopt;
    }
    GeneratorStart added;
    added.source = source;
    added.startUnixNs = origin->get<Nanos>();
    const auto counts = generatorCounts(store, runId, firstSeq, summary.requests, added.withoutTrace);
    for (const auto& [id, n] : counts) {
        added.ids.push_back(id);
        added.requests += n;
    }
    added.requests += added.withoutTrace;

    // The generators already in the run: as recorded by an earlier
    // `import --into` or merge, else the run's own rows as one generator.
    std::map<std::string, GeneratorStart> known;
    for (const auto& f : store.catalogue().figures(runId)) {
        if (!f.name.starts_with("generator.") || !f.name.ends_with(".start_unix_ns")) {
            continue;
        }
        const auto id = f.name.substr(10, f.name.size() - 10 - 14);
        auto& g = known[id];
        g.ids = {id};
        g.startUnixNs = parseNs(f.text);
    }
    for (const auto& f : store.catalogue().figures(runId)) {
        if (f.name.starts_with("generator.") && f.name.ends_with(".source")) {
            const auto id = f.name.substr(10, f.name.size() - 10 - 7);
            if (auto it = known.find(id); it != known.end()) {
                it->second.source = f.text;
            }
        }
    }
    std::vector<GeneratorStart> all;
    std::int64_t without = 0;
    const auto before = generatorCounts(store, runId, 0, firstSeq, without);
    bool precise = true;
    const auto runStart = runStartUnixNs(store, runId, precise);
    const auto run = store.catalogue().run(runId);
    const std::string runName =
        "run " + std::to_string(runId) + (run ? " (" + run->name + ")" : std::string());
    // The run's start is the reference, with the run's own rows that no
    // earlier check recorded as its generator.
    GeneratorStart first;
    first.source = runName + " start";
    first.startUnixNs = runStart;
    first.startPrecise = precise;
    for (const auto& [id, n] : before) {
        if (known.count(id) == 0) {
            first.ids.push_back(id);
            first.requests += n;
        }
    }
    all.push_back(first);
    for (auto& [id, g] : known) {
        g.requests = before.count(id) ? before.at(id) : 0;
        if (g.source.empty()) {
            g.source = runName;
        }
        all.push_back(g);
    }
    all.push_back(added);
    auto report = checkClocks(std::move(all), maxOffset);
    recordGenerators(store, runId, report);
    addUpCounts(store, runId, figures);
    return report;
}

bool parseClockOffset(const std::string& text, std::optional<Nanos>& out)
{
    if (text == "off" || text == "none") {
        out.reset();
        return true;
    }
    const auto d = load::parseDuration(text);
    if (!d || *d < 0) {
        return false;
    }
    out = *d;
    return true;
}

} // namespace pb::scaleout
