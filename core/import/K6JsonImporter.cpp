#include "import/K6JsonImporter.h"

#include "import/K6JsonReader.h"
#include "import/ValueParse.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

namespace pb::import {

using k6json::Reader;

std::string_view K6JsonImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "k6 JSON output (NDJSON)");
}

ColumnMapping K6JsonImporter::defaultTrendMapping()
{
    ColumnMapping m;
    for (const char* ms : {"headers", "first_event", "first_content", "first_text", "done"}) {
        m.entries.push_back({ms, std::string("llm_") + ms + "_ms", TimeUnit::Milliseconds, std::nullopt});
    }
    // The p95 seed's script fills llm_ttft_ms from res.timings.waiting: request
    // sent to first byte, which is `wait`, not time to first text.
    m.entries.push_back({"wait", "llm_ttft_ms", TimeUnit::Milliseconds, std::nullopt});
    m.entries.push_back({"output_tokens", "llm_output_tokens", std::nullopt, std::nullopt});
    m.entries.push_back({"input_tokens", "llm_input_tokens", std::nullopt, std::nullopt});
    return m;
}

int K6JsonImporter::detect(std::string_view head, std::string_view) const
{
    // The first line is a Metric or Point envelope in either key order, with
    // any spacing (Python's json writes "type": "Point"): parse it when whole.
    const auto eol = head.find('\n');
    const auto first = head.substr(0, eol);
    if (const auto j = nlohmann::json::parse(first, nullptr, false); j.is_object()) {
        const auto type = j.find("type");
        const bool envelope = type != j.end() && type->is_string() &&
                              (*type == "Metric" || *type == "Point") && j.contains("metric") &&
                              j.contains("data");
        return envelope ? 95 : 0;
    }
    const bool typed = first.find("\"type\":\"Metric\"") != std::string_view::npos ||
                       first.find("\"type\":\"Point\"") != std::string_view::npos;
    if (typed && first.find("\"metric\":") != std::string_view::npos &&
        first.find("\"data\":") != std::string_view::npos) {
        return 95;
    }
    return 0;
}

ImportSummary K6JsonImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                    const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    ColumnMapping mapping = defaultTrendMapping();
    try {
        const auto user = parseColumnMapping(options.columnMapping);
        // A user entry replaces the defaults for its target and its source.
        std::erase_if(mapping.entries, [&](const MappingEntry& e) {
            return user.forTarget(e.target) || user.forSource(e.source);
        });
        mapping.entries.insert(mapping.entries.begin(), user.entries.begin(), user.entries.end());
    } catch (const MappingError& e) {
        bad.fail(0, std::string("column mapping: ") + e.what());
    }

    Reader reader(options, sink, summary, mapping);
    ProgressThrottle throttle(progress, options.totalBytes);
    std::int64_t good = 0;
    std::uint64_t consumed = 0;
    {
        k6json::LinePipe pipe(in, options, reader.taggedMetrics());
        while (auto* batch = pipe.next()) {
            for (const auto& l : batch->lines) {
                consumed = l.consumed;
                throttle.update(consumed);
                switch (l.kind) {
                case k6json::LineKind::Blank:
                    continue;
                case k6json::LineKind::Fatal:
                    bad.fail(l.lineNo, l.error); // throws
                case k6json::LineKind::Bad:
                    bad.skipOrFail(l.lineNo, l.error);
                    continue;
                case k6json::LineKind::Point:
                case k6json::LineKind::Metric:
                    break;
                }
                if (auto error = reader.consume(l, *batch); !error.empty()) {
                    bad.skipOrFail(l.lineNo, std::move(error));
                    continue;
                }
                ++good;
            }
            if (batch->error) {
                std::rethrow_exception(batch->error);
            }
            pipe.recycle(batch);
        }
    }
    if (good == 0) {
        bad.fail(0, summary.skipped > 0
                        ? "no valid k6 JSON line: all " + std::to_string(summary.skipped) + " lines were bad"
                        : std::string("the file is empty; expected k6 JSON lines "
                                      "({\"type\":\"Point\",\"metric\":…,\"data\":…})"));
    }
    reader.finish();
    reader.figures();
    throttle.finish(consumed);
    bad.failIfNothing(summary.requests + (reader.hasRunFigures() ? 1 : 0),
                      "HTTP requests (http_req_* points) or run figures (iterations, checks, thresholds, …)");

    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "k6";
    prov.formatVersion =
        reader.legacy() ? "k6 --out json, legacy layout (Metric with tainted/sub)" : "k6 --out json";
    prov.timeOrigin = reader.origin();
    nlohmann::json extra;
    extra["k6_points"] = reader.points();
    extra["k6_metric_lines"] = reader.metricLines();
    extra["k6_trend_mapping"] = formatColumnMapping(mapping);
    extra["k6_grouping"] = "http_req_* points with equal time and tags form one request; a repeated metric "
                           "starts the next one; total = blocked + connecting + tls_handshaking + "
                           "http_req_duration; the point time is the request's end";
    auto metrics = nlohmann::json::object();
    for (const auto& [n, tc] : reader.metricTypes()) {
        metrics[n] = {{"type", tc.first}, {"contains", tc.second}};
    }
    extra["k6_metrics"] = metrics;
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
