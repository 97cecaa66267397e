#include "stats/Metric.h"

#include <QtGlobal>

namespace pb::stats {
namespace {

using F = Formula;
using G = MetricGroup;

constexpr Metric column(std::string_view name, std::string_view label, Unit unit, MetricGroup group,
                        const char* definition)
{
    return Metric{name, label, unit, group, F::Column, {name, {}, {}, {}}, 0, false, definition};
}

const std::array kCatalogue{
    // Client phases of one attempt (k6 semantics).
    column("blocked", "blocked", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric", "Time waiting for a free connection before the request started.")),
    column("dns", "dns", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric", "DNS lookup of the endpoint host.")),
    column("connect", "connect", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric", "TCP connection set-up.")),
    column("tls", "tls", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric", "TLS handshake.")),
    Metric{"setup",
           "setup",
           Unit::Milliseconds,
           G::ClientPhase,
           F::Sum,
           {"blocked", "dns", "connect", "tls"},
           0,
           false,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Connection set-up: blocked + dns + connect + tls. Components that "
                             "were not measured are left out; not available when none was.")},
    column("send", "send", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric", "Writing the request to the connection.")),
    column("wait", "wait", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Request sent to response headers received: server time plus network.")),
    column("receive", "receive", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric", "Response headers to the last byte of the response body.")),
    column("total", "total (end-to-end)", Unit::Milliseconds, G::ClientPhase,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Client end-to-end latency: attempt start to the end of the response. For a "
                             "logical request: first attempt's start to the final attempt's end.")),

    // Stream milestones, each from the attempt start: the TTFT variants, named.
    column("headers", "time to headers", Unit::Milliseconds, G::Milestone,
           QT_TRANSLATE_NOOP("pb::Metric", "Time to headers: attempt start to the response headers.")),
    column("first_event", "time to first event", Unit::Milliseconds, G::Milestone,
           QT_TRANSLATE_NOOP("pb::Metric", "Time to first event: attempt start to the first non-empty SSE "
                                           "event (an event is not a token).")),
    column("first_content", "TTFT (first effective output)", Unit::Milliseconds, G::Milestone,
           QT_TRANSLATE_NOOP("pb::Metric", "Time to first effective output: attempt start to the first "
                                           "text, reasoning or tool-call argument delta.")),
    column("first_text", "TTFT (first visible text)", Unit::Milliseconds, G::Milestone,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Time to first visible text: attempt start to the first visible text delta.")),
    column("done", "time to done", Unit::Milliseconds, G::Milestone,
           QT_TRANSLATE_NOOP("pb::Metric", "Attempt start to the end of the stream.")),

    // Derived from milestones and usage; completed requests only.
    Metric{"generation",
           "generation",
           Unit::Milliseconds,
           G::Stream,
           F::Difference,
           {"done", "first_text", {}, {}},
           0,
           true,
           QT_TRANSLATE_NOOP("pb::Metric", "Generation duration: done - first_text (first visible text to "
                                           "end of stream). Completed requests only.")},
    Metric{"itl",
           "inter-token latency",
           Unit::Milliseconds,
           G::Stream,
           F::PerToken,
           {"done", "first_text", "output_tokens", {}},
           1,
           true,
           QT_TRANSLATE_NOOP("pb::Metric", "Inter-token latency: (done - first_text) / (output_tokens - 1); "
                                           "needs at least 2 output tokens. Completed requests only.")},
    Metric{"visible_output_tps",
           "visible output tokens/s",
           Unit::TokensPerSecond,
           G::Stream,
           F::TokenRate,
           {"done", "first_text", "output_tokens", {}},
           0,
           true,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Per-request output rate: output_tokens / (done - first_text), in tokens per "
                             "second. Completed requests only.")},
    Metric{"generation_ms_per_output_token",
           "generation ms per output token",
           Unit::MillisecondsPerToken,
           G::Stream,
           F::PerToken,
           {"done", "first_text", "output_tokens", {}},
           0,
           true,
           QT_TRANSLATE_NOOP("pb::Metric", "Client-side generation per output token: (done - first_text) / "
                                           "output_tokens, as the client saw the stream. Completed requests "
                                           "only. The server's own figure is "
                                           "server_generation_ms_per_output_token.")},

    // Usage.
    column(
        "input_tokens", "input tokens", Unit::Tokens, G::Usage,
        QT_TRANSLATE_NOOP("pb::Metric", "Input (prompt) tokens of the request, as reported or estimated.")),
    column("cached_input_tokens", "cached input tokens", Unit::Tokens, G::Usage,
           QT_TRANSLATE_NOOP("pb::Metric", "Input tokens served from the provider's prompt cache.")),
    column("output_tokens", "output tokens", Unit::Tokens, G::Usage,
           QT_TRANSLATE_NOOP("pb::Metric", "Output (completion) tokens, reasoning included when the "
                                           "provider counts it there.")),
    column("reasoning_tokens", "reasoning tokens", Unit::Tokens, G::Usage,
           QT_TRANSLATE_NOOP("pb::Metric", "Reasoning tokens reported by the provider.")),

    // Server phases and the envelope: columns that the join step adds.
    column("server_root", "server root", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Duration of the server's root span for this attempt, or from "
                                           "response timings the reported total (else validation + queue + "
                                           "generation).")),
    column("gateway", "gateway", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Server gateway work: auth, prepare, route, application queues.")),
    column("gateway_auth", "gateway auth", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "The gateway's authentication, a local field inside gateway: from the "
                             "auth span (auth.check or llm.phase=auth).")),
    column("gateway_distribution", "gateway distribution", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "The gateway's channel and policy selection, a local field inside gateway: from "
                             "the route span (route.select or llm.phase=distribution).")),
    column(
        "gateway_body_read", "gateway body read", Unit::Milliseconds, G::Server,
        QT_TRANSLATE_NOOP("pb::Metric",
                          "The gateway reading the request body, a local field inside gateway; slow with a "
                          "slow upload (request.read or llm.phase=body_read).")),
    column(
        "gpu_queue", "gpu queue", Unit::Milliseconds, G::Server,
        QT_TRANSLATE_NOOP("pb::Metric", "Waiting for a compute slot after the scheduler accepted the work.")),
    column("generation_server", "generation (server)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Server-side inference: inference start to last token.")),
    column("prefill", "prefill (server)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Server prefill inside generation: from the prefill span or the "
                                           "time_in_model_prefill attribute.")),
    column("decode", "decode (server)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Server decode inside generation: from the decode span or the "
                                           "time_in_model_decode attribute.")),
    Metric{"server_generation_ms_per_output_token",
           "generation ms per output token (server)",
           Unit::MillisecondsPerToken,
           G::Server,
           F::Ratio,
           {"generation_server", {}, "output_tokens", {}},
           0,
           true,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Server-side generation per output token: generation (server) / output_tokens, "
                             "the figure that normalizes generation for response length. Completed, joined "
                             "requests only.")},
    column("response_write", "response write", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Server writing the response.")),
    column("provider", "provider (external)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "An external provider's total time, from its provider.request span: owned by "
                             "the provider. Its queue and generation are inside and cannot be reconstructed "
                             "by subtraction.")),
    column("unattributed", "unattributed", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Server root span minus its attributed child phases.")),
    column("server_ttft", "TTFT (server first-token write)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Server time to first token: the server root span's start to the server's "
                             "write of the first output token, or from response timings queue + prefill "
                             "(server clock only).")),
    column("stream_envelope", "stream envelope", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "first_text - server TTFT, paired per request: what network, proxies and "
                             "buffering add to the first visible text. Negative values are flagged, never "
                             "clamped.")),
    column("network_envelope", "network envelope", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Client total - server root, paired per request. Negative values mean wrong "
                             "span boundaries or a wrong join; they are flagged, never clamped.")),
    column(
        "itl_envelope", "ITL envelope", Unit::Milliseconds, G::Server,
        QT_TRANSLATE_NOOP("pb::Metric",
                          "Client-visible mean inter-token latency, (done - first_text) / (output_tokens - "
                          "1), minus the server's reported mean ITL, paired per request: what network and "
                          "buffering add between tokens.")),

    // The server timings the responses carried (servertiming/TimingProfile.h),
    // as read; the server phases above take them where no span matched.
    column("reported_total", "server total (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "The server's whole time as its response reported it (TGI "
                                           "x-total-time, a provider's total_time).")),
    column("reported_validation", "validation (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Request validation and tokenization as the response reported it "
                                           "(TGI x-validation-time).")),
    column("reported_queue", "queue (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Waiting for a model slot as the response reported it (vLLM "
                                           "queue_time_ms, TGI x-queue-time, a provider's queue_time).")),
    column("reported_prefill", "prefill (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Scheduling to the first output token as the response reported it "
                                           "(vLLM time_to_first_token_ms, a provider's prompt_time).")),
    column("reported_decode", "decode (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "First to last output token as the response reported it (vLLM "
                                           "generation_time_ms, a provider's completion_time).")),
    column("reported_inference", "inference (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Scheduling to the last output token as the response reported it "
                                           "(TGI x-inference-time).")),
    column("reported_itl", "server ms per output token (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "The server's mean time between output tokens as the response "
                                           "reported it (vLLM mean_itl_ms, TGI x-time-per-token).")),
    column("reported_first_reasoning", "first reasoning token (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Scheduling to the first reasoning token (vLLM "
                             "output_token_metrics.reasoning), beside the client's first_content.")),
    column("reported_first_content", "first content token (reported)", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Scheduling to the first content token (vLLM "
                                           "output_token_metrics.content), beside the client's first_text.")),
    column("gpu_queue_disagreement", "queue: spans - response", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Per request with both sources: gpu_queue from spans minus the "
                                           "queue time the response reported.")),
    column("generation_disagreement", "generation: spans - response", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric", "Per request with both sources: generation (server) from spans "
                                           "minus the response's prefill + decode (or inference).")),
    column("decode_disagreement", "decode: spans - response", Unit::Milliseconds, G::Server,
           QT_TRANSLATE_NOOP("pb::Metric",
                             "Per request with both sources: decode from spans minus the decode "
                             "time the response reported.")),
};

} // namespace

std::string_view unitName(Unit u)
{
    switch (u) {
    case Unit::Milliseconds:
        return "ms";
    case Unit::TokensPerSecond:
        return "tokens/s";
    case Unit::MillisecondsPerToken:
        return "ms/token";
    case Unit::Tokens:
        return "tokens";
    }
    return {};
}

std::span<const Metric> metricCatalogue()
{
    return kCatalogue;
}

const Metric* findMetric(std::string_view name)
{
    for (const auto& m : kCatalogue) {
        if (m.name == name) {
            return &m;
        }
    }
    return nullptr;
}

BoundMetric::BoundMetric(const Metric& metric, const RequestTable& table)
    : m_metric(&metric)
{
    for (std::size_t i = 0; i < metric.columns.size(); ++i) {
        const auto name = metric.columns[i];
        if (name.empty()) {
            continue;
        }
        const auto* col = table.numericColumn(name);
        if (!col || col->values.size() < table.rows) {
            m_available = false;
            if (m_missing.empty()) {
                m_missing = std::string(name);
            }
            continue;
        }
        m_cols[i] = col->values.data();
    }
}

double BoundMetric::value(std::size_t row) const
{
    if (!m_available) {
        return kNull;
    }
    const auto& c = m_cols;
    switch (m_metric->formula) {
    case Formula::Column:
        return c[0][row];
    case Formula::Difference:
        return c[0][row] - c[1][row]; // NaN propagates
    case Formula::Sum: {
        double sum = 0;
        bool any = false;
        for (const double* col : c) {
            if (col && !isNull(col[row])) {
                sum += col[row];
                any = true;
            }
        }
        return any ? sum : kNull;
    }
    case Formula::PerToken: {
        const double tokens = c[2][row] - m_metric->tokenOffset;
        const double span = c[0][row] - c[1][row];
        return tokens > 0 && !isNull(span) ? span / tokens : kNull;
    }
    case Formula::Ratio: {
        const double tokens = c[2][row] - m_metric->tokenOffset;
        return tokens > 0 && !isNull(c[0][row]) ? c[0][row] / tokens : kNull;
    }
    case Formula::TokenRate: {
        const double span = c[0][row] - c[1][row];
        const double tokens = c[2][row];
        return span > 0 && !isNull(tokens) ? tokens / (span / 1000.0) : kNull;
    }
    }
    return kNull;
}

} // namespace pb::stats
