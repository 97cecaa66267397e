#include "import/LlmperfImporter.h"

#include "import/ImportSupport.h"
#include "import/ImportedFigures.h"
#include "import/JsonStream.h"
#include "import/ValueParse.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <cmath>

namespace pb::import {
namespace {

using nlohmann::json;

constexpr const char* kLlmperfConvention =
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
    RequestBatcher out(sink, summary, options);
    ProgressThrottle throttle(progress, options.totalBytes);
    // Generated text is content: never stored, so never kept in memory either.
    JsonRecordReader reader({{"*"}}, {"GEN_TEXT", "generated_text"}, jsonLimits(options.limits));
    auto handle = [&](const JsonRecordReader::Record& rec, json& o) {
        const std::string where = "[" + std::to_string(rec.indices.at(0)) + "]";
        if (!acceptUtf8(bad, rec, where)) {
            return;
        }
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
            if (!std::isfinite(v) || v < 0 || v > 9e18) {
                error = where + "." + key + ": expected a finite number >= 0, found " + it->dump();
                return std::nullopt;
            }
            return v;
        };
        // Seconds as a duration: within durationToNanos's range, or an error.
        auto seconds = [&](const char* key, double v) -> OptNanos {
            const auto ns = durationToNanos(v, TimeUnit::Seconds);
            if (!ns && error.empty()) {
                error = where + "." + key + ": expected " + durationExpected(TimeUnit::Seconds) + ", found " +
                        numberText(v);
            }
            return ns;
        };
        RequestRecord r;
        std::optional<std::int64_t> code;
        if (auto it = o.find("error_code"); it != o.end() && !it->is_null()) {
            const double c = it->is_number() ? it->get<double>() : 0.5;
            if (!(std::fabs(c) < 1e9) || c != std::floor(c)) {
                bad.skipOrFail(rec.line,
                               where + ".error_code: expected null or an integer, found " + it->dump());
                return;
            }
            code = static_cast<std::int64_t>(c);
        }
        const auto ttft = num("ttft_s");
        const auto e2e = num("end_to_end_latency_s");
        // Token counts are whole: 2.7 is refused, not rounded to 3.
        auto tokens = [&](const char* key) -> std::optional<double> {
            const auto v = num(key);
            if (v && std::floor(*v) != *v && error.empty()) {
                error = where + "." + key + ": expected a whole token count >= 0, found " + o.at(key).dump();
                return std::nullopt;
            }
            return v;
        };
        const auto in_ = tokens("number_input_tokens");
        const auto outTok = tokens("number_output_tokens");
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
            r.firstText = seconds("ttft_s", *t);
        }
        if (auto t = measured(e2e)) {
            r.total = seconds("end_to_end_latency_s", *t);
            r.done = r.total;
        }
        if (!error.empty()) {
            bad.skipOrFail(rec.line, error);
            return;
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
        out.push(std::move(r), rec.line, where);
    };
    try {
        reader.parse(in, handle, [&](std::uint64_t b) { throttle.update(b); });
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), e.describe());
    }
    if (!reader.rest().is_array()) {
        bad.fail(0, "expected a JSON array of LLMPerf responses");
    }
    out.flush();
    throttle.finish(reader.bytesConsumed());
    bad.failIfNothing(summary.requests, "responses");
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
    const std::string text = readAll(in, options.sourceName, options.limits.maxRecordBytes);
    json doc;
    try {
        doc = parseJsonFirstWins(text);
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), e.describe());
    }
    if (!doc.is_object()) {
        bad.fail(0, "expected an LLMPerf summary object with results_* keys");
    }
    json config = json::object();
    int results = 0;
    std::int64_t figures = 0;
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
                ++figures;
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
        if (auto error = addImportedFigure(
                sink, metric, stat, *v, seconds ? std::optional<TimeUnit>(TimeUnit::Seconds) : std::nullopt);
            !error.empty()) {
            bad.skipOrFail(0, key + ": " + error);
            continue;
        }
        ++figures;
    }
    if (results == 0) {
        bad.fail(0, "no results_* keys: not an LLMPerf summary");
    }
    bad.failIfNothing(figures, "results_* values");
    addPercentileConventionFigure(sink, kLlmperfConvention);
    if (progress && !progress(text.size(), options.totalBytes)) {
        throw Cancelled();
    }
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "LLMPerf";
    prov.formatVersion = stringMember(config, "version");
    prov.percentiles = kLlmperfConvention;
    json extra;
    extra["aggregates_only"] = true;
    extra["llmperf_config"] = config;
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
