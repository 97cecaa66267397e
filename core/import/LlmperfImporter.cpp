#include "import/LlmperfImporter.h"

#include "import/ImportSupport.h"
#include "import/ImportedFigures.h"
#include "import/JsonStream.h"
#include "import/ValueParse.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <cmath>

namespace pb {
namespace {

using nlohmann::json;

constexpr const char* kConvention =
    "percentiles as computed by LLMPerf (pandas Series.quantile: linear interpolation), over the requests "
    "without an error code";

// A number, or a numeric string (LLMPerf writes some min/max as "550").
std::optional<double> numberOf(const json& v)
{
    if (v.is_number()) {
        return v.get<double>();
    }
    if (v.is_string()) {
        return parseDouble(v.get_ref<const std::string&>());
    }
    return std::nullopt;
}

} // namespace

std::string_view LlmperfImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "LLMPerf individual responses (JSON)");
}

int LlmperfImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '[') {
        return 0;
    }
    return head.find("\"end_to_end_latency_s\"") != std::string_view::npos &&
                   head.find("\"ttft_s\"") != std::string_view::npos
               ? 90
               : 0;
}

ImportSummary LlmperfImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                     const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    RequestBatcher out(sink, summary);
    ProgressThrottle throttle(progress, options.totalBytes);
    // Generated text is content: never stored, so never kept in memory either.
    JsonRecordReader reader({{"*"}}, {"GEN_TEXT", "generated_text"});
    auto handle = [&](const JsonRecordReader::Record& rec, json& o) {
        const std::string where = "[" + std::to_string(rec.indices.at(0)) + "]";
        if (!o.is_object()) {
            bad.skipOrFail(rec.line,
                           where + ": expected a response object, found " + std::string(o.type_name()));
            return;
        }
        std::string error;
        auto num = [&](const char* key) -> std::optional<double> {
            auto it = o.find(key);
            if (it == o.end() || it->is_null()) {
                return std::nullopt;
            }
            if (!it->is_number()) {
                error = where + "." + key + ": expected a number, found " + std::string(it->type_name());
                return std::nullopt;
            }
            const double v = it->get<double>();
            if (!std::isfinite(v) || v < 0) {
                error = where + "." + key + ": expected a finite number >= 0, found " + it->dump();
                return std::nullopt;
            }
            return v;
        };
        RequestRecord r;
        std::optional<std::int64_t> code;
        if (auto it = o.find("error_code"); it != o.end() && !it->is_null()) {
            if (!it->is_number()) {
                bad.skipOrFail(rec.line, where + ".error_code: expected null or an integer");
                return;
            }
            code = static_cast<std::int64_t>(std::llround(it->get<double>()));
        }
        const auto ttft = num("ttft_s");
        const auto e2e = num("end_to_end_latency_s");
        const auto in_ = num("number_input_tokens");
        const auto outTok = num("number_output_tokens");
        if (!error.empty()) {
            bad.skipOrFail(rec.line, error);
            return;
        }
        if (!o.contains("end_to_end_latency_s") && !o.contains("ttft_s")) {
            bad.skipOrFail(rec.line, where + ": expected LLMPerf fields (ttft_s, end_to_end_latency_s, …)");
            return;
        }
        // An errored row writes 0 for what it did not measure.
        auto measured = [&](std::optional<double> v) -> std::optional<double> {
            return code && v && *v == 0 ? std::nullopt : v;
        };
        if (auto t = measured(ttft)) {
            r.firstText = durationToNanos(*t, TimeUnit::Seconds);
        }
        if (auto t = measured(e2e)) {
            r.total = durationToNanos(*t, TimeUnit::Seconds);
            r.done = r.total;
        }
        if (in_) {
            r.inputTokens = std::llround(*in_);
        }
        if (outTok && (!code || r.total)) {
            r.outputTokens = std::llround(*outTok);
        }
        if (r.inputTokens || r.outputTokens) {
            r.usageSource = UsageSource::Estimated; // LLMPerf counts tokens with its own tokenizer
        }
        r.stream = true;
        if (!code) {
            r.outcome = Outcome::Completed;
        } else {
            r.errorClass = "llmperf_error_" + std::to_string(*code);
            if (*code >= 100 && *code < 600) {
                r.httpStatus = *code;
                r.outcome = outcomeFromHttpStatus(*code);
            } else {
                r.outcome = Outcome::Unknown; // LLMPerf's own checks, e.g. -100 "Output too few tokens"
            }
        }
        out.push(std::move(r));
    };
    try {
        reader.parse(in, handle, [&](std::uint64_t b) { throttle.update(b); });
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), "invalid JSON at column " + std::to_string(e.column()) + " (byte offset " +
                               std::to_string(e.offset()) + "): " + e.what());
    }
    if (!reader.rest().is_array()) {
        bad.fail(0, "expected a JSON array of LLMPerf responses");
    }
    out.flush();
    throttle.finish(reader.bytesConsumed());
    if (summary.requests == 0 && summary.skipped > 0) {
        bad.fail(0, "no valid response: all " + std::to_string(summary.skipped) + " records were bad");
    }
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "LLMPerf";
    prov.formatVersion = "individual_responses.json";
    summary.configJson = provenanceJson(options, prov);
    return summary;
}

std::string_view LlmperfSummaryImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "LLMPerf summary (JSON)");
}

int LlmperfSummaryImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '{') {
        return 0;
    }
    return head.find("\"results_") != std::string_view::npos &&
                   (head.find("\"num_concurrent_requests\"") != std::string_view::npos ||
                    head.find("_quantiles_p") != std::string_view::npos)
               ? 90
               : 0;
}

ImportSummary LlmperfSummaryImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                            const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    const std::string text = readAll(in, options.sourceName, kMaxBytes);
    json doc;
    try {
        doc = parseJsonFirstWins(text);
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), "invalid JSON at column " + std::to_string(e.column()) + ": " + e.what());
    }
    if (!doc.is_object()) {
        bad.fail(0, "expected an LLMPerf summary object with results_* keys");
    }
    json config = json::object();
    int results = 0;
    static constexpr std::string_view kStats[] = {
        "_quantiles_p25", "_quantiles_p50", "_quantiles_p75", "_quantiles_p90", "_quantiles_p95",
        "_quantiles_p99", "_mean",          "_min",           "_max",           "_stddev"};
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        const std::string& key = it.key();
        if (!key.starts_with("results_")) {
            config[key] = it.value();
            continue;
        }
        ++results;
        std::string rest = key.substr(8);
        std::string metric = "llmperf", stat = rest;
        for (auto s : kStats) {
            if (rest.ends_with(s) && rest.size() > s.size()) {
                metric = rest.substr(0, rest.size() - s.size());
                stat = std::string(s.substr(s.find_last_of('_') + 1));
                break;
            }
        }
        const auto v = numberOf(it.value());
        if (!v) {
            if (it.value().is_string()) {
                // e.g. results_error_code_frequency, a Python dict repr: "{-100.0: 49}"
                sink.addFigure("imported." + metric + "." + stat, std::nullopt,
                               it.value().get<std::string>());
                continue;
            }
            if (it.value().is_null()) {
                continue;
            }
            bad.fail(0, key + ": expected a number, found " + std::string(it.value().type_name()));
        }
        const bool seconds = metric.ends_with("_s") && !metric.ends_with("_per_s");
        if (seconds) {
            metric.resize(metric.size() - 2); // ttft_s -> ttft, stored in ms
        }
        addImportedFigure(sink, metric, stat, *v,
                          seconds ? std::optional<TimeUnit>(TimeUnit::Seconds) : std::nullopt);
    }
    if (results == 0) {
        bad.fail(0, "no results_* keys: not an LLMPerf summary");
    }
    addPercentileConventionFigure(sink, kConvention);
    if (progress && !progress(text.size(), options.totalBytes)) {
        throw Cancelled();
    }
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "LLMPerf";
    prov.formatVersion = stringMember(config, "version");
    prov.percentiles = kConvention;
    json extra;
    extra["aggregates_only"] = true;
    extra["llmperf_config"] = config;
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb
