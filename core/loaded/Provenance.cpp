#include "loaded/Provenance.h"

#include "load/Scenario.h"
#include "model/SpanConventions.h"
#include "store/RunStore.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace pb::analysis {
namespace {

// "lag p50 0.1 ms, p99 0.6 ms, max 2.3 ms; CPU 43.2 us per request (engine
// 30.1, writer 13.1) over 306 requests"; empty when the run measured neither.
std::string generatorOverheadText(const RunFigures& f)
{
    std::string out;
    char buf[160];
    if (f.generatorLagP99Ms) {
        std::snprintf(buf, sizeof buf, "lag p50 %.3g ms, p99 %.3g ms, max %.3g ms",
                      f.generatorLagP50Ms.value_or(NAN), *f.generatorLagP99Ms,
                      f.generatorLagMaxMs.value_or(NAN));
        out = buf;
    }
    if (const auto c = load::generatorCost(f.generatorCpuSeconds, f.generatorWriterCpuSeconds, f.attempts)) {
        if (c->writerCpuS) {
            std::snprintf(
                buf, sizeof buf, "CPU %.1f us per request (engine %.1f, writer %.1f) over %.0f requests",
                c->cpuPerRequestUs(), c->enginePerRequestUs(), *c->writerPerRequestUs(), c->attempts);
        } else {
            std::snprintf(buf, sizeof buf, "CPU %.1f us per request (engine thread) over %.0f requests",
                          c->cpuPerRequestUs(), c->attempts);
        }
        out += (out.empty() ? "" : "; ") + std::string(buf);
    }
    return out;
}

std::string orUnknown(std::string s)
{
    return s.empty() ? std::string(kUnknown) : s;
}

std::string percent(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f%%", share * 100);
    return buf;
}

// The distinct non-empty labels of a column, at most `limit` named.
std::string distinctLabels(const RequestTable& table, const char* column, std::size_t limit = 5)
{
    const auto* c = table.categoryColumn(column);
    if (!c) {
        return {};
    }
    std::set<std::int32_t> seen;
    for (std::size_t r = 0; r < table.rows && r < c->codes.size(); ++r) {
        if (c->codes[r] >= 0 && !c->labelAt(r).empty()) {
            seen.insert(c->codes[r]);
        }
    }
    std::string out;
    std::size_t n = 0;
    for (const auto code : seen) {
        if (n++ == limit) {
            out += ", … (" + std::to_string(seen.size()) + " in all)";
            break;
        }
        out += (out.empty() ? "" : ", ") + c->labels[static_cast<std::size_t>(code)];
    }
    return out;
}

std::vector<BucketShare> shares(const std::map<std::string, std::int64_t>& counts, std::int64_t total)
{
    std::vector<BucketShare> out;
    for (const auto& [bucket, n] : counts) {
        out.push_back({bucket, n, total > 0 ? double(n) / double(total) : 0.0});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const BucketShare& a, const BucketShare& b) { return a.requests > b.requests; });
    return out;
}

std::string describeShares(const std::vector<BucketShare>& s)
{
    if (s.size() == 1 && s.front().bucket == kUnknown) {
        return "unknown (no bucket label or token count stored)";
    }
    std::string out;
    for (const auto& b : s) {
        out += (out.empty() ? "" : ", ") + b.bucket + " " + percent(b.share);
    }
    return orUnknown(out);
}

// Labels where the run has them; else the measured tokens at the default edges.
TokenProfile tokenProfile(const RequestTable& t)
{
    TokenProfile p;
    const auto* outcome = t.categoryColumn("outcome");
    const auto dropped = outcome ? outcome->codeOf("dropped") : -1;
    const load::TokenBuckets edges;
    bool measured = false;
    std::map<std::string, std::int64_t> in;
    std::map<std::string, std::int64_t> out;
    auto bucketOf = [&](const char* label, const char* tokens, const char* prefix,
                        const std::vector<std::int64_t>& e, std::size_t r) {
        const auto* c = t.categoryColumn(label);
        if (c && r < c->codes.size() && !c->labelAt(r).empty()) {
            return std::string(c->labelAt(r));
        }
        const auto* n = t.numericColumn(tokens);
        if (n && r < n->values.size() && !isNull(n->values[r]) && n->values[r] >= 0) {
            measured = true;
            return load::bucketName(prefix, e, std::int64_t(n->values[r]));
        }
        return std::string(kUnknown);
    };
    for (std::size_t r = 0; r < t.rows; ++r) {
        if (outcome && dropped >= 0 && r < outcome->codes.size() && outcome->codes[r] == dropped) {
            continue; // never sent: no tokens
        }
        ++p.requests;
        ++in[bucketOf("input_bucket", "input_tokens", "input", edges.input, r)];
        ++out[bucketOf("output_bucket", "output_tokens", "output", edges.output, r)];
    }
    p.input = shares(in, p.requests);
    p.output = shares(out, p.requests);
    p.basis = measured
                  ? "bucket labels; attempts without one by their measured tokens (input edges 128, 512, "
                    "2048, 8192; output 128, 512, 2048)"
                  : "bucket labels";
    return p;
}

std::string streamingOf(const RunConfig& config, const RequestTable& t)
{
    const auto* c = t.numericColumn("stream");
    std::int64_t on = 0;
    std::int64_t known = 0;
    for (std::size_t r = 0; c && r < c->values.size(); ++r) {
        if (!isNull(c->values[r])) {
            ++known;
            on += c->values[r] != 0;
        }
    }
    std::string measured;
    if (known > 0) {
        measured = on == known ? "every attempt streamed"
                   : on == 0   ? "no attempt streamed"
                               : percent(double(on) / double(known)) + " of attempts streamed";
    }
    if (config.streaming) {
        return std::string(*config.streaming ? "on" : "off") + " (requested" +
               (measured.empty() ? "" : "; " + measured) + ")";
    }
    return measured.empty() ? std::string(kUnknown) : "from the requests: " + measured;
}

// "https://opentelemetry.io/schemas/1.37.0" -> "semantic conventions 1.37.0".
std::string schemaMeaning(const std::string& url)
{
    const auto slash = url.find_last_of('/');
    const auto version = slash == std::string::npos ? url : url.substr(slash + 1);
    const bool numeric = !version.empty() && std::isdigit(static_cast<unsigned char>(version.front()));
    return numeric ? "semantic conventions " + version : std::string("schema ") + url;
}

std::string schemaText(const std::vector<SpanSchema>& schemas, std::int64_t spans)
{
    if (spans == 0) {
        return "none (the run has no spans)";
    }
    if (schemas.empty()) {
        return "unknown (no schema_url and no dated GenAI attribute name in " + std::to_string(spans) +
               " spans)";
    }
    std::string out;
    for (const auto& s : schemas) {
        out += (out.empty() ? "" : "; ") + s.value + " (" + s.meaning + ", " + std::to_string(s.spans) +
               " spans)";
    }
    return out;
}

} // namespace

const std::vector<std::string>& provenanceColumns()
{
    static const std::vector<std::string> columns{"outcome",      "input_bucket",  "output_bucket",
                                                  "input_tokens", "output_tokens", "stream",
                                                  "model",        "scenario"};
    return columns;
}

RunProvenance runProvenance(RunStore& store, const RunInfo& info, const RunConfig& config,
                            const RunFigures& figures, const RequestTable& table)
{
    RunProvenance p;
    p.scenario = orUnknown(config.scenario.empty() ? distinctLabels(table, "scenario") : config.scenario);
    p.scenarioDigest =
        config.scenarioDigest.empty()
            ? std::string(kUnknown)
            : config.scenarioDigest +
                  (config.scenarioDigestOf.empty() ? "" : " (" + config.scenarioDigestOf + ")");
    p.model = orUnknown(config.model.empty() ? distinctLabels(table, "model") : config.model);
    p.endpointHost = orUnknown(config.endpointHost);
    p.executor = orUnknown(config.executor);
    std::string rate = config.arrivalRate;
    if (rate.empty() && figures.achievedRate) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "achieved %.3g/s (measured; none requested on record)",
                      *figures.achievedRate);
        rate = buf;
    }
    p.arrivalRate = orUnknown(rate);
    p.arrivalProcess = orUnknown(config.arrivalProcess);
    p.generatorHost = orUnknown(config.generatorHost);
    p.generatorInstance =
        orUnknown(config.generatorInstance.empty() ? figures.generatorInstanceId : config.generatorInstance);
    p.generatorOverhead = orUnknown(generatorOverheadText(figures));
    p.streaming = streamingOf(config, table);
    p.samplingPolicy = config.sampling;
    p.sampling = describeSampling(config.sampling);
    p.tokens = tokenProfile(table);
    p.tokenInput = describeShares(p.tokens.input);
    p.tokenOutput = describeShares(p.tokens.output);
    p.spans = info.spanCount;
    for (const auto& c : store.spanStore().conventions(info.id)) {
        p.spanSchemas.push_back(
            {c.kind, c.value,
             c.kind == "schema_url" ? schemaMeaning(c.value) : std::string(conventionMeaning(c.value)),
             c.spans});
    }
    p.spanSchemaText = schemaText(p.spanSchemas, p.spans);
    return p;
}

RunProvenance runProvenance(RunStore& store, const RunInfo& info)
{
    const auto table = store.requestReader().loadRequestTable(info.id, provenanceColumns());
    return runProvenance(store, info, parseRunConfig(info.configJson), readRunFigures(store, info.id), table);
}

} // namespace pb::analysis
