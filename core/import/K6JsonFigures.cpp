// The k6 reader's run-level part: Metric lines, the custom-Trend mapping it
// was built with, and the run figures and warnings reported at the end.
#include "import/K6JsonReader.h"

#include "import/TimeParse.h"

#include <algorithm>

namespace pb::import::k6json {

Reader::Reader(const ImportOptions& options, ImportSink& sink, ImportSummary& summary,
               const ColumnMapping& mapping)
    : m_sink(sink)
    , m_summary(summary)
    , m_out(sink, summary, options)
{
    for (const auto& e : mapping.entries) {
        const int idx = requestColumnIndex(e.target);
        if (idx < 0) {
            continue;
        }
        const auto type = requestColumns()[static_cast<std::size_t>(idx)].type;
        if (type != ColumnType::Duration && type != ColumnType::Integer) {
            m_summary.warnings.push_back("mapping target '" + e.target +
                                         "' is not a duration or a count; a k6 metric cannot fill it");
            continue;
        }
        m_custom.emplace(e.source, Custom{idx, type, e.unit.value_or(TimeUnit::Milliseconds), e.target});
    }
}

void Reader::figures()
{
    if (m_iterations) {
        m_sink.addFigure("k6.iterations", *m_iterations, {});
    }
    if (m_dropped) {
        m_sink.addFigure("dropped_iterations", *m_dropped, "k6 dropped_iterations");
    }
    if (m_dataSent) {
        m_sink.addFigure("k6.data_sent_bytes", *m_dataSent, {});
    }
    if (m_dataReceived) {
        m_sink.addFigure("k6.data_received_bytes", *m_dataReceived, {});
    }
    if (m_vusMax) {
        m_sink.addFigure("k6.vus_max", *m_vusMax, {});
    }
    if (m_checksPass + m_checksFail > 0) {
        m_sink.addFigure("k6.checks.passes", static_cast<double>(m_checksPass), {});
        m_sink.addFigure("k6.checks.fails", static_cast<double>(m_checksFail), {});
        for (const auto& [name, pf] : m_checks) {
            m_sink.addFigure("k6.check." + name + ".passes", static_cast<double>(pf.first), {});
            m_sink.addFigure("k6.check." + name + ".fails", static_cast<double>(pf.second), {});
        }
    }
    for (const auto& [metric, text] : m_thresholds) {
        m_sink.addFigure("k6.threshold." + metric, std::nullopt, text);
    }
    for (const auto& [metric, c] : m_custom) {
        if (c.points > 0) {
            m_summary.mapping.push_back(
                std::string(metric) + " -> " + c.target + " (" +
                (c.type == ColumnType::Duration ? std::string(unitName(c.unit)) : std::string("count")) +
                ", " + std::to_string(c.points) + " points)");
        }
    }
    std::sort(m_summary.mapping.begin(), m_summary.mapping.end());
    for (const auto& [metric, n] : m_unlinked) {
        m_summary.warnings.push_back(std::to_string(n) + " points of '" + metric +
                                     "' could not be linked to a request (give them a trace_id tag, or "
                                     "enable the vu and iter system tags)");
    }
    if (m_badTraceIds > 0) {
        m_summary.warnings.push_back(std::to_string(m_badTraceIds) +
                                     " requests had a trace_id that is not a W3C trace ID; left NULL");
    }
    if (m_negativeOffsets > 0) {
        m_summary.warnings.push_back(std::to_string(m_negativeOffsets) +
                                     " requests started before the time origin (unsorted file); their "
                                     "start offsets are negative");
    }
}

std::string Reader::metricLine(std::string_view metric, std::string_view raw, std::size_t capacity)
{
    od::document doc;
    od::object obj;
    if (m_sub.iterate(simdjson::padded_string_view(raw.data(), raw.size(), capacity)).get(doc) ||
        doc.get_object().get(obj)) {
        return "invalid Metric \"data\"";
    }
    std::string name(metric), type, contains, thresholds;
    for (auto field : obj) {
        std::string_view key, v;
        if (field.unescaped_key().get(key)) {
            return "invalid JSON key";
        }
        const std::string k(key);
        if (k == "name" && !field.value().get_string().get(v)) {
            name.assign(v);
        } else if (k == "type" && !field.value().get_string().get(v)) {
            type.assign(v);
        } else if (k == "contains" && !field.value().get_string().get(v)) {
            contains.assign(v);
        } else if (k == "tainted" || k == "sub") {
            m_legacy = true;
        } else if (k == "thresholds") {
            od::array arr;
            if (!field.value().get_array().get(arr)) {
                for (auto item : arr) {
                    if (!item.get_string().get(v)) {
                        thresholds += (thresholds.empty() ? "" : "; ") + std::string(v);
                    }
                }
            }
        }
    }
    if (name.empty()) {
        return "Metric line without a metric name";
    }
    ++m_metricLines;
    if (m_metricTypes.size() < kMaxNamedFigures) {
        m_metricTypes[name] = {type, contains};
    }
    if (!thresholds.empty() && m_thresholds.size() < kMaxNamedFigures) {
        m_thresholds[name] = thresholds;
    }
    return {};
}

} // namespace pb::import::k6json
