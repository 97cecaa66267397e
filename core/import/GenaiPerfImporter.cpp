#include "import/GenaiPerfImporter.h"

#include "import/ImportSupport.h"
#include "import/JsonStream.h"
#include "import/RecordedStream.h"
#include "import/ServerTimings.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <limits>
#include <map>
#include <sstream>

namespace pb::import {
namespace {

using nlohmann::json;

std::string stageOf(const json& experiment)
{
    if (!experiment.is_object()) {
        return {};
    }
    const std::string mode = stringMember(experiment, "mode");
    if (mode.empty() || !experiment.contains("value")) {
        return mode;
    }
    const json& v = experiment["value"];
    std::ostringstream s;
    s << mode << '=';
    if (v.is_number_integer()) {
        s << v.get<std::int64_t>();
    } else if (v.is_number()) {
        s << v.get<double>();
    } else {
        s << v.dump();
    }
    return s.str();
}

} // namespace

std::string_view GenaiPerfImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "GenAI-Perf profile export (JSON)");
}

int GenaiPerfImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '{') {
        return 0;
    }
    const bool experiments = head.find("\"experiments\"") != std::string_view::npos;
    const bool shape = head.find("\"response_timestamps\"") != std::string_view::npos ||
                       head.find("\"service_kind\"") != std::string_view::npos;
    return experiments && shape ? 90 : 0;
}

ImportSummary GenaiPerfImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                       const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    RequestBatcher out(sink, summary, options);
    ProgressThrottle throttle(progress, options.totalBytes);
    TimeOrigin origin;
    std::map<std::int64_t, std::string> stages; // experiment index -> stage
    std::int64_t malformedStreams = 0;
    JsonRecordReader reader({{"experiments", "*", "requests", "*"}, {"experiments", "*", "experiment"}}, {},
                            jsonLimits(options.limits));
    auto onRecord = [&](const JsonRecordReader::Record& rec, json& value) {
        const auto exp = rec.indices.at(0);
        if (rec.path == 1) {
            if (acceptUtf8(bad, rec, "experiments[" + std::to_string(exp) + "].experiment")) {
                stages[exp] = stageOf(value);
            }
            return;
        }
        const std::string where =
            "experiments[" + std::to_string(exp) + "].requests[" + std::to_string(rec.indices.at(1)) + "]";
        if (!acceptUtf8(bad, rec, where)) {
            return;
        }
        if (!value.is_object()) {
            bad.skipOrFail(rec.line, where + ": expected a request object");
            return;
        }
        const auto ts = value.find("timestamp");
        const auto times = value.find("response_timestamps");
        const auto outputs = value.find("response_outputs");
        if (ts == value.end() || !ts->is_number_integer()) {
            bad.skipOrFail(rec.line, where + ".timestamp: expected an integer (ns)");
            return;
        }
        if (times == value.end() || !times->is_array()) {
            bad.skipOrFail(rec.line, where + ".response_timestamps: expected an array of integers (ns)");
            return;
        }
        if (outputs != value.end() && (!outputs->is_array() || outputs->size() != times->size())) {
            bad.skipOrFail(rec.line, where + ".response_outputs: expected one output per response timestamp");
            return;
        }
        // 2^63 and above are unsigned in the parser: read as int64 they would
        // wrap, so the message shows the number as written.
        const bool fits = !ts->is_number_unsigned() ||
                          ts->get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<Nanos>::max());
        const Nanos start = fits ? ts->get<Nanos>() : -1;
        if (start < 0) {
            bad.skipOrFail(rec.line, where +
                                         ".timestamp: expected a time in ns since 1970 (>= 0, before 2262), "
                                         "found " +
                                         ts->dump());
            return;
        }
        RequestRecord r;
        r.stage = stages.count(exp) ? stages[exp] : std::string();
        r.startOffset = origin.offset(start);
        RecordedStream stream;
        bool sse = false;
        Nanos previous = start;
        for (std::size_t i = 0; i < times->size(); ++i) {
            const json& t = (*times)[i];
            const std::string at = where + ".response_timestamps[" + std::to_string(i) + "]";
            if (!t.is_number_integer()) {
                bad.skipOrFail(rec.line, at + ": expected an integer (ns), found " + t.dump());
                return;
            }
            if (t.get<Nanos>() < start) {
                bad.skipOrFail(rec.line, at + ": expected a time not before the request timestamp " +
                                             std::to_string(start) + ", found " + t.dump());
                return;
            }
            if (t.get<Nanos>() < previous) {
                bad.skipOrFail(rec.line, at + ": expected the responses in order of arrival, found " +
                                             t.dump() + ", before the previous response at " +
                                             std::to_string(previous));
                return;
            }
            previous = t.get<Nanos>();
            const Nanos offset = t.get<Nanos>() - start;
            const json* o = outputs != value.end() ? &(*outputs)[i] : nullptr;
            if (o && o->is_object() && o->contains("response") && (*o)["response"].is_string()) {
                sse = true;
                stream.piece((*o)["response"].get_ref<const std::string&>(), offset);
            } else if (o && o->is_object() && o->contains("text_output") && (*o)["text_output"].is_string()) {
                stream.plainOutput(!(*o)["text_output"].get_ref<const std::string&>().empty(), offset);
            } else {
                stream.plainOutput(false, offset);
            }
        }
        if (sse && stream.malformedEvents() > 0) {
            ++malformedStreams;
        }
        stream.fill(r);
        r.total = r.done;
        // Server timings travel in the last response: a stream's final usage
        // chunk (before [DONE]) or a non-streamed body.
        if (outputs != value.end()) {
            for (auto it = outputs->rbegin(); it != outputs->rend(); ++it) {
                const json* text =
                    it->is_object() && it->contains("response") && (*it)["response"].is_string()
                        ? &(*it)["response"]
                        : nullptr;
                if (!text) {
                    break;
                }
                const std::string_view body = text->get_ref<const std::string&>();
                if (body.find("[DONE]") != std::string_view::npos &&
                    body.find('{') == std::string_view::npos) {
                    continue;
                }
                readResponseTimings(body, {}, r);
                break;
            }
        }
        if (const auto inputs = value.find("request_inputs"); inputs != value.end() && inputs->is_object()) {
            if (auto payload = inputs->find("payload"); payload != inputs->end() && payload->is_string()) {
                const json p = json::parse(payload->get<std::string>(), nullptr, false);
                if (p.is_object()) {
                    if (p.contains("model") && p["model"].is_string()) {
                        r.model = p["model"].get<std::string>();
                    }
                    if (p.contains("stream") && p["stream"].is_boolean()) {
                        r.stream = p["stream"].get<bool>();
                    }
                }
            }
        }
        if (!r.stream && times->size() > 1) {
            r.stream = true;
        }
        r.outcome = times->empty()         ? Outcome::Unknown
                    : r.errorClass.empty() ? Outcome::Completed
                                           : Outcome::ProviderError;
        out.push(std::move(r), rec.line, where);
    };
    try {
        reader.parse(in, onRecord, [&](std::uint64_t b) { throttle.update(b); });
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), e.describe());
    }
    const json& rest = reader.rest();
    if (!rest.is_object() || !rest.contains("experiments")) {
        bad.fail(0,
                 "expected a GenAI-Perf profile export: {\"experiments\": [{\"experiment\", \"requests\"}]}");
    }
    out.flush();
    throttle.finish(reader.bytesConsumed());
    bad.failIfNothing(summary.requests, "requests");
    if (malformedStreams > 0) {
        summary.warnings.push_back(std::to_string(malformedStreams) +
                                   " requests had SSE events that were not valid chat chunks");
    }
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "GenAI-Perf";
    prov.formatVersion = "profile_export.json";
    prov.timeOrigin = origin.origin();
    json extra;
    extra["genai_perf_service_kind"] = stringMember(rest, "service_kind");
    extra["genai_perf_endpoint"] = stringMember(rest, "endpoint");
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
