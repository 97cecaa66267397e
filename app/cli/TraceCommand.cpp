// phasebench-cli trace: the reconciliation of one request, in the shape of
// the seed's single-request report, with its stream milestones and span tree.
#include "analysis/TraceReconciliation.h"
#include "cli/Cli.h"
#include "cli/Output.h"
#include "cli/TraceCompare.h"
#include "model/TraceId.h"
#include "store/RunStore.h"
#include "telemetry/GenAi.h"
#include "telemetry/Ids.h"
#include "telemetry/SpanRules.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>

namespace pb::cli {
namespace {

using nlohmann::json;

std::string number(double v)
{
    if (std::isnan(v)) {
        return "null";
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    std::string s = buf;
    while (s.back() == '0') {
        s.pop_back();
    }
    if (s.back() == '.') {
        s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

json jsonNumber(double v)
{
    return std::isnan(v) ? json(nullptr) : json(std::round(v * 1000.0) / 1000.0);
}

double ms(const OptNanos& v)
{
    return v ? static_cast<double>(*v) * 1e-6 : kNull;
}

const char* kindName(int kind)
{
    static const char* names[] = {"UNSPECIFIED", "INTERNAL", "SERVER", "CLIENT", "PRODUCER", "CONSUMER"};
    return kind >= 0 && kind <= 5 ? names[kind] : "UNSPECIFIED";
}

} // namespace

int traceCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser, tr("Reconcile one request: client phases, server spans, network envelope."), true);
    parser.addOption({QStringLiteral("run"), tr("Look in this run only."), tr("RUN_ID")});
    parser.addPositionalArgument(QStringLiteral("trace_id"), tr("W3C trace ID (32 hex digits)."),
                                 tr("TRACE_ID"));
    parser.addOption({QStringLiteral("compare"),
                      tr("Compare two requests, TRACE_ID A then B: the per-phase delta table (B - A), chunk "
                         "gaps and the target's gauges at each start. Without IDs, with --run: the p50 and "
                         "p99 exemplars of total.")});
    parser.addOption(
        {QStringLiteral("baseline-run"),
         tr("Compare TRACE_ID (B) with the request of this run that sent the same prompt (A): the "
            "first completed request with its prompt_ref. Both runs must come from the same "
            "scenario (the same scenario digest; the same seed when prompts are sampled or "
            "generated). Prints the delta table of --compare."),
         tr("RUN_ID")});
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    if (parser.isSet(QStringLiteral("compare")) && parser.isSet(QStringLiteral("baseline-run"))) {
        print(io.err, tr("--compare and --baseline-run pick the pair in different ways: use one"));
        return Usage;
    }
    if (parser.isSet(QStringLiteral("compare"))) {
        return traceCompare(parser, io); // TraceCompare.cpp
    }
    if (parser.isSet(QStringLiteral("baseline-run"))) {
        return traceSamePrompt(parser, io); // TraceCompare.cpp
    }
    if (parser.positionalArguments().size() != 1) {
        print(io.err, tr("name exactly one TRACE_ID"));
        return Usage;
    }
    const auto given = toStd(parser.positionalArguments().first());
    const auto parsed = parseTraceId(given);
    if (!parsed) {
        print(io.err,
              tr("'%1' is not a trace ID (32 hex digits, not all zero)").arg(QString::fromStdString(given)));
        return Usage;
    }
    const auto traceId = parsed->hex();
    std::optional<std::int64_t> onlyRun;
    if (!optionalRunIdOption(parser, "run", io, onlyRun)) {
        return Usage;
    }
    auto store = openStore(parser, io, false);
    if (!store) {
        return Failure;
    }
    const auto found = analysis::reconcileTrace(*store, traceId, onlyRun);
    if (!found) {
        print(io.err, tr("trace %1 is in no run of this file (neither a request nor a span)")
                          .arg(QString::fromStdString(traceId)));
        return Failure;
    }
    const auto& row = found->row;
    const auto& tree = found->tree;
    std::vector<SpanRecord> rootFirst;
    for (const auto& line : tree) {
        rootFirst.push_back(found->spans[line.span]);
    }
    const auto genai = pb::telemetry::readGenAi(rootFirst);
    const Nanos t0 = rootFirst.empty() ? 0 : rootFirst.front().startNs;
    const RequestRecord empty;
    const auto& req = found->request ? *found->request : empty;

    std::vector<std::string> flags;
    if (row.negativeEnvelope) {
        flags.emplace_back("negative_network_envelope");
    }
    if (row.negativeStreamEnvelope) {
        flags.emplace_back("negative_stream_envelope");
    }
    if (!found->request) {
        flags.emplace_back("no_client_record");
    }
    if (found->report.duplicateSpans > 0) {
        flags.emplace_back("duplicate_spans");
    }

    if (parser.isSet(QStringLiteral("json"))) {
        json spans = json::array();
        for (const auto& line : tree) {
            const auto& s = found->spans[line.span];
            spans.push_back({{"span_id", s.spanId},
                             {"parent_span_id", s.parentSpanId},
                             {"name", s.name},
                             {"kind", kindName(s.kind)},
                             {"service", s.serviceName},
                             {"depth", line.depth},
                             {"offset_ms", jsonNumber(static_cast<double>(s.startNs - t0) * 1e-6)},
                             {"duration_ms", jsonNumber(static_cast<double>(s.endNs - s.startNs) * 1e-6)},
                             {"phase", line.phase.empty() ? json(nullptr) : json(line.phase)},
                             {"status_code", s.statusCode}});
        }
        const auto opt = [](const std::optional<std::int64_t>& v) {
            return v ? json(*v) : json(nullptr);
        };
        const auto str = [](const std::string& v) {
            return v.empty() ? json(nullptr) : json(v);
        };
        const json out = {{"trace_id", traceId},
                          {"run_id", found->run.id},
                          {"run_name", found->run.name},
                          {"join_status", nameOf(row.status)},
                          {"client_total_ms", jsonNumber(row.clientTotal)},
                          {"server_root_ms", jsonNumber(row.serverRoot)},
                          {"network_envelope_ms", jsonNumber(row.networkEnvelope)},
                          {"gateway_ms", jsonNumber(row.gateway)},
                          {"gpu_queue_ms", jsonNumber(row.gpuQueue)},
                          {"generation_ms", jsonNumber(row.generation)},
                          {"prefill_ms", jsonNumber(row.prefill)},
                          {"decode_ms", jsonNumber(row.decode)},
                          {"response_write_ms", jsonNumber(row.responseWrite)},
                          {"unattributed_server_ms", jsonNumber(row.unattributed)},
                          {"stream",
                           {{"headers_ms", jsonNumber(ms(req.headers))},
                            {"first_event_ms", jsonNumber(ms(req.firstEvent))},
                            {"first_content_ms", jsonNumber(ms(req.firstContent))},
                            {"first_text_ms", jsonNumber(ms(req.firstText))},
                            {"done_ms", jsonNumber(ms(req.done))},
                            {"server_ttft_ms", jsonNumber(row.serverTtft)},
                            {"stream_envelope_ms", jsonNumber(row.streamEnvelope)}}},
                          {"gen_ai",
                           {{"operation", str(genai.operation)},
                            {"provider", str(genai.provider)},
                            {"request_model", str(genai.requestModel)},
                            {"response_model", str(genai.responseModel)},
                            {"finish_reasons", genai.finishReasons},
                            {"input_tokens", opt(genai.inputTokens)},
                            {"output_tokens", opt(genai.outputTokens)},
                            {"cached_input_tokens", opt(genai.cachedInputTokens)},
                            {"reasoning_tokens", opt(genai.reasoningTokens)}}},
                          {"flags", flags},
                          {"spans", spans}};
        io.out << jsonText(out) << '\n';
        return Ok;
    }

    auto& os = io.out;
    os << "trace_id=" << traceId << '\n';
    os << "run=" << found->run.id << " (" << toStd(shown(found->run.name)) << ")\n";
    os << "join_status=" << nameOf(row.status) << '\n';
    os << "client_total_ms=" << number(row.clientTotal) << '\n';
    os << "server_root_ms=" << number(row.serverRoot) << '\n';
    os << "network_envelope_ms=" << number(row.networkEnvelope) << '\n';
    os << "gateway_ms=" << number(row.gateway) << '\n';
    os << "gpu_queue_ms=" << number(row.gpuQueue) << '\n';
    os << "generation_ms=" << number(row.generation) << '\n';
    for (const auto& [name, v] : {std::pair("prefill_ms", row.prefill), std::pair("decode_ms", row.decode),
                                  std::pair("response_write_ms", row.responseWrite)}) {
        if (!std::isnan(v)) {
            os << name << '=' << number(v) << '\n';
        }
    }
    os << "unattributed_server_ms=" << number(row.unattributed) << '\n';
    if (row.negativeEnvelope) {
        print(os, tr("warning: the network envelope is negative: the client total is shorter than the server "
                     "root, so the boundaries, the units or the join are wrong (not clamped)"));
    }
    if (!found->request) {
        print(os, tr("note: no client record has this trace ID; only the server side is shown"));
    }
    os << "stream:\n";
    for (const auto& [name, v] :
         {std::pair("headers_ms", ms(req.headers)), std::pair("first_event_ms", ms(req.firstEvent)),
          std::pair("first_content_ms", ms(req.firstContent)), std::pair("first_text_ms", ms(req.firstText)),
          std::pair("done_ms", ms(req.done)), std::pair("server_ttft_ms", row.serverTtft),
          std::pair("stream_envelope_ms", row.streamEnvelope)}) {
        os << "  " << name << '=' << number(v) << '\n';
    }
    if (!genai.empty()) {
        os << "gen_ai: requested_model=" << (genai.requestModel.empty() ? "?" : genai.requestModel)
           << " resolved_model=" << (genai.responseModel.empty() ? "?" : genai.responseModel);
        if (!genai.provider.empty()) {
            os << " provider=" << genai.provider;
        }
        if (genai.inputTokens) {
            os << " input_tokens=" << *genai.inputTokens;
        }
        if (genai.outputTokens) {
            os << " output_tokens=" << *genai.outputTokens;
        }
        if (!genai.finishReasons.empty()) {
            os << " finish=" << genai.finishReasons.front();
        }
        os << '\n';
    }
    os << "spans:" << (tree.empty() ? " (none received)" : "") << '\n';
    for (const auto& line : tree) {
        const auto& s = found->spans[line.span];
        os << "  " << std::string(static_cast<std::size_t>(line.depth) * 2, ' ') << s.name << "  "
           << kindName(s.kind) << "  +" << number(static_cast<double>(s.startNs - t0) * 1e-6) << " ms  "
           << number(static_cast<double>(s.endNs - s.startNs) * 1e-6) << " ms";
        if (!line.phase.empty()) {
            os << "  [" << line.phase << ']';
        }
        if (s.statusCode == 2) {
            os << "  ERROR" << (s.statusMessage.empty() ? "" : ": " + s.statusMessage);
        }
        os << '\n';
    }
    return Ok;
}

} // namespace pb::cli
