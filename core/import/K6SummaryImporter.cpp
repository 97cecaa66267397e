#include "import/K6SummaryImporter.h"

#include "import/ImportSupport.h"
#include "import/ImportedFigures.h"
#include "import/JsonStream.h"
#include "import/ValueParse.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

namespace pb::import {
namespace {

using nlohmann::json;

constexpr const char* kConvention =
    "percentiles as computed by k6 (linear interpolation between closest ranks); run-level aggregates only, "
    "no per-request rows";

bool isTimeTrendName(std::string_view metric)
{
    const auto base = metric.substr(0, metric.find('{'));
    return base.starts_with("http_req_") || base == "iteration_duration" || base == "group_duration" ||
           base.starts_with("grpc_req_") || base.starts_with("ws_") || base.ends_with("_ms") ||
           base.ends_with("_duration");
}

// Sums as doubles: a file may say anything (1e300 passes), and the totals
// are stored as figures, which are doubles anyway.
struct Checks
{
    double passes = 0;
    double fails = 0;
};

void walkGroup(const json& g, ImportSink& sink, Checks& total, int depth)
{
    if (!g.is_object() || depth > 64) {
        return;
    }
    auto eachItem = [](const json& container, auto&& fn) {
        if (container.is_array()) {
            for (const auto& item : container) {
                fn(item);
            }
        } else if (container.is_object()) {
            for (auto it = container.begin(); it != container.end(); ++it) {
                fn(it.value());
            }
        }
    };
    if (auto c = g.find("checks"); c != g.end()) {
        eachItem(*c, [&](const json& check) {
            if (!check.is_object()) {
                return;
            }
            const auto passes =
                check.value("passes", json()).is_number() ? check["passes"].get<double>() : 0.0;
            const auto fails = check.value("fails", json()).is_number() ? check["fails"].get<double>() : 0.0;
            std::string id = stringMember(check, "path");
            if (id.empty()) {
                id = stringMember(check, "name");
            }
            total.passes += passes;
            total.fails += fails;
            sink.addFigure("k6.check." + id + ".passes", passes, {});
            sink.addFigure("k6.check." + id + ".fails", fails, {});
        });
    }
    if (auto sub = g.find("groups"); sub != g.end()) {
        eachItem(*sub, [&](const json& child) { walkGroup(child, sink, total, depth + 1); });
    }
}

} // namespace

std::string_view K6SummaryImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "k6 end-of-test summary (JSON)");
}

int K6SummaryImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '{') {
        return 0;
    }
    const bool metrics = head.find("\"metrics\"") != std::string_view::npos;
    const bool k6ish = head.find("\"root_group\"") != std::string_view::npos ||
                       head.find("\"testRunDurationMs\"") != std::string_view::npos ||
                       head.find("\"summaryTrendStats\"") != std::string_view::npos;
    return metrics && k6ish ? 90 : 0;
}

ImportSummary K6SummaryImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                       const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    const std::string text = readAll(in, options.sourceName, options.limits.maxRecordBytes);
    if (trim(text).empty()) {
        bad.fail(0, "the file is empty; expected a k6 summary JSON object");
    }
    json doc;
    try {
        doc = parseJsonFirstWins(text);
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), e.describe());
    }
    if (!doc.is_object() || !doc.contains("metrics") || !doc["metrics"].is_object()) {
        bad.fail(0, "expected a k6 summary: a JSON object with a \"metrics\" object");
    }
    const auto& metrics = doc["metrics"];
    bool legacy = !doc.contains("options") && !doc.contains("state");
    for (auto it = metrics.begin(); it != metrics.end(); ++it) {
        if (it.value().is_object() && it.value().contains("values")) {
            legacy = false;
            break;
        }
    }

    std::int64_t failedThresholds = 0;
    std::int64_t metricCount = 0;
    for (auto it = metrics.begin(); it != metrics.end(); ++it) {
        const std::string& metric = it.key();
        const json& m = it.value();
        if (!m.is_object()) {
            bad.fail(0, "metrics." + metric + ": expected an object, found " + std::string(m.type_name()));
        }
        const json* values = &m;
        if (!legacy) {
            auto v = m.find("values");
            if (v == m.end() || !v->is_object()) {
                bad.fail(0, "metrics." + metric + ": expected a \"values\" object");
            }
            values = &*v;
        }
        for (const char* key : {"type", "contains"}) {
            if (m.contains(key) && !m[key].is_string() && !m[key].is_null()) {
                bad.fail(0, "metrics." + metric + "." + key + ": expected a string, found " +
                                std::string(m[key].type_name()));
            }
        }
        std::string type = stringMember(m, "type");
        const std::string contains = stringMember(m, "contains");
        if (type.empty()) {
            type = values->contains("passes") && values->contains("fails") ? "rate"
                   : values->contains("avg") || values->contains("med")    ? "trend"
                   : values->contains("count") && values->contains("rate") ? "counter"
                   : values->contains("value")                             ? "gauge"
                                                                           : "";
        }
        const bool time =
            type == "trend" && (contains == "time" || (contains.empty() && isTimeTrendName(metric)));
        ++metricCount;
        for (auto v = values->begin(); v != values->end(); ++v) {
            if (v.key() == "thresholds" || v.value().is_null()) {
                continue;
            }
            if (!v.value().is_number()) {
                bad.fail(0, "metrics." + metric + "." + v.key() + ": expected a number, found " +
                                std::string(v.value().type_name()));
            }
            std::string stat = v.key();
            if (legacy && type == "rate" && stat == "value") {
                stat = "rate"; // oldJSONSummary renamed rate to value
            }
            const double x = v.value().get<double>();
            const bool isDuration = time && stat != "count" && stat != "rate";
            if (auto error = addImportedFigure(sink, metric, stat, x,
                                               isDuration ? std::optional<TimeUnit>(TimeUnit::Milliseconds)
                                                          : std::nullopt,
                                               type == "trend" && !time ? "as in the file" : "");
                !error.empty()) {
                bad.skipOrFail(0, "metrics." + metric + (legacy ? "." : ".values.") + v.key() + ": " + error);
            }
        }
        if (metric == "dropped_iterations" && values->contains("count") && (*values)["count"].is_number()) {
            sink.addFigure("dropped_iterations", (*values)["count"].get<double>(), "k6 dropped_iterations");
        }
        // Thresholds: {"expr": {"ok": bool}}, or legacy {"expr": bool} where true means FAILED.
        const json* th = nullptr;
        if (auto t = m.find("thresholds"); t != m.end() && t->is_object()) {
            th = &*t;
        }
        if (th) {
            std::string exprs;
            for (auto t = th->begin(); t != th->end(); ++t) {
                std::optional<bool> ok;
                if (t.value().is_object() && t.value().contains("ok") && t.value()["ok"].is_boolean()) {
                    ok = t.value()["ok"].get<bool>();
                } else if (t.value().is_boolean()) {
                    ok = !t.value().get<bool>();
                }
                exprs += (exprs.empty() ? "" : "; ") + t.key();
                if (ok) {
                    sink.addFigure("k6.threshold." + metric + "." + figureKey(t.key()), *ok ? 1.0 : 0.0,
                                   *ok ? "passed" : "failed");
                    failedThresholds += *ok ? 0 : 1;
                }
            }
            sink.addFigure("k6.threshold." + metric, std::nullopt, exprs);
        }
    }
    if (metricCount == 0) {
        bad.fail(0, "the summary has no metrics");
    }
    sink.addFigure("k6.thresholds.failed", static_cast<double>(failedThresholds), {});
    Checks checks;
    if (auto rg = doc.find("root_group"); rg != doc.end()) {
        walkGroup(*rg, sink, checks, 0);
        sink.addFigure("k6.checks.passes", checks.passes, {});
        sink.addFigure("k6.checks.fails", checks.fails, {});
    }
    if (auto st = doc.find("state"); st != doc.end() && st->is_object()) {
        if (auto d = st->find("testRunDurationMs"); d != st->end() && d->is_number()) {
            if (auto error = addImportedFigure(sink, "k6", "test_run_duration", d->get<double>(),
                                               TimeUnit::Milliseconds);
                !error.empty()) {
                bad.skipOrFail(0, "state.testRunDurationMs: " + error);
            }
        }
    }
    addPercentileConventionFigure(sink, kConvention);
    if (progress && !progress(text.size(), options.totalBytes)) {
        throw Cancelled();
    }

    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "k6";
    prov.formatVersion = legacy ? "legacy --summary-export" : "handleSummary(data)";
    prov.percentiles = kConvention;
    json extra;
    extra["aggregates_only"] = true;
    if (auto o = doc.find("options"); o != doc.end() && o->is_object() && o->contains("summaryTrendStats")) {
        extra["k6_summary_trend_stats"] = (*o)["summaryTrendStats"];
    }
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
