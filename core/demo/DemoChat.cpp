// /v1/chat/completions of the demo gateway: the request path through the
// gateway stage, the slot queue and generation, with the seed's span tree.
#include "demo/DemoImpl.h"
#include "load/TokenEstimate.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>

namespace pb::demo {
namespace {

using nlohmann::json;

constexpr int kServer = 2;
constexpr int kInternal = 1;
constexpr int kClient = 3;

// The demo's "vocabulary": one word per token, deterministic.
constexpr std::array kWords{"Latency",   " has",  " owners:", " the",   " network,", " the",
                            " gateway,", " the",  " queue",   " and",   " the",      " model.",
                            " Measure",  " each", " phase",   " apart."};

std::string sse(const json& j)
{
    return "data: " + j.dump() + "\n\n";
}

// The state of one request; shared with httplib's content provider and
// releaser, which run after the handler has returned.
struct Chat
{
    explicit Chat(DemoGateway::Impl& g)
        : gw(g)
    {}

    DemoGateway::Impl& gw;
    std::string traceId;
    std::string parentSpanId;
    std::string rootId;
    Nanos rootStart = 0;
    Nanos rootEnd = 0;
    bool rootEnded = false;
    int httpStatus = 200;
    std::string errorMessage;
    std::vector<SpanRecord> spans;
    std::string requestedModel;
    int inputTokens = 0;
    int cachedTokens = 0;                   // of inputTokens, found in the prefix cache
    std::vector<std::uint64_t> blockHashes; // the prompt's prefix blocks (with a prefix cache)
    int maxTokens = 0;
    int outputTokens = 0;
    bool stream = false;
    std::string finishReason = "stop";
    std::string completionId;
    std::int64_t created = 0;
    std::string text;
    int reasoningTokens = 0;
    bool finished = false;
    bool includeUsage = false; // stream_options.include_usage
    // Measured by generate() on the gateway's clock, for the server timings:
    // arrival at the pool, slot granted, first and last token produced.
    Nanos queueStart = 0;
    Nanos slotGranted = 0;
    std::optional<Nanos> firstToken;
    std::optional<Nanos> lastToken;
    Nanos validationEnd = 0; // the gateway stage (auth, prepare, route) done

    SpanRecord& child(const char* name, int kind, Nanos start, Nanos end, json attrs = json::object())
    {
        SpanRecord s;
        s.traceId = traceId;
        s.spanId = gw.spanId();
        s.parentSpanId = rootId;
        s.name = name;
        s.kind = kind;
        s.startNs = start;
        s.endNs = end;
        s.serviceName = gw.config.serviceName;
        s.attributesJson = attrs.dump();
        spans.push_back(std::move(s));
        return spans.back();
    }
    void endRoot()
    {
        if (!rootEnded) {
            rootEnd = gw.clock.now();
            rootEnded = true;
        }
    }
    json chunk(json delta, json finish = nullptr) const
    {
        return {{"id", completionId},
                {"object", "chat.completion.chunk"},
                {"created", created},
                {"model", gw.config.resolvedModel},
                {"choices",
                 json::array({{{"index", 0}, {"delta", std::move(delta)}, {"finish_reason", finish}}})}};
    }
    json usage() const
    {
        json u = {{"prompt_tokens", inputTokens},
                  {"completion_tokens", outputTokens},
                  {"total_tokens", inputTokens + outputTokens}};
        if (gw.prefixCache) {
            u["prompt_tokens_details"] = {{"cached_tokens", cachedTokens}};
        }
        if (reasoningTokens > 0) {
            u["completion_tokens_details"] = {{"reasoning_tokens", reasoningTokens}};
        }
        return u;
    }
    static double ms(Nanos ns) { return static_cast<double>(ns) * 1e-6; }
    // vLLM's per-request `metrics` (--enable-per-request-metrics): null where
    // the request produced no token.
    json vllmMetrics() const
    {
        json m = {{"queue_time_ms", ms(slotGranted - queueStart)},
                  {"time_to_first_token_ms", nullptr},
                  {"generation_time_ms", nullptr},
                  {"mean_itl_ms", nullptr},
                  {"tokens_per_second", nullptr}};
        if (firstToken && lastToken) {
            m["time_to_first_token_ms"] = ms(*firstToken - slotGranted);
            m["generation_time_ms"] = ms(*lastToken - *firstToken);
            if (outputTokens > 1) {
                m["mean_itl_ms"] = ms(*lastToken - *firstToken) / (outputTokens - 1);
            }
            if (*lastToken > slotGranted) {
                m["tokens_per_second"] =
                    outputTokens / (static_cast<double>(*lastToken - slotGranted) * 1e-9);
            }
        }
        return m;
    }
    // TGI's headers, whole ms as TGI writes them (truncated).
    void setTgiHeaders(httplib::Response& res, Nanos now) const
    {
        const auto whole = [](Nanos ns) {
            return std::to_string(ns / 1'000'000);
        };
        const Nanos inference = lastToken ? *lastToken - slotGranted : 0;
        res.set_header("x-total-time", whole(now - rootStart));
        res.set_header("x-validation-time", whole(validationEnd - rootStart));
        res.set_header("x-queue-time", whole(slotGranted - queueStart));
        res.set_header("x-inference-time", whole(inference));
        res.set_header("x-time-per-token", whole(outputTokens > 0 ? inference / outputTokens : 0));
    }
    // Ends the root span (if the path did not) and hands the tree to the exporter.
    void finish(bool ok);
    bool generate(httplib::DataSink* sink);
    bool writeStreamTail(httplib::DataSink& sink);
};

void Chat::finish(bool ok)
{
    if (finished) {
        return;
    }
    finished = true;
    endRoot();
    if (ok) {
        gw.completed.fetch_add(1);
    } else if (httpStatus == 200) {
        gw.cancelled.fetch_add(1);
        errorMessage = "client went away or the gateway stopped";
    }
    json attrs = {{"http.request.method", "POST"},
                  {"http.route", "/v1/chat/completions"},
                  {"http.response.status_code", httpStatus},
                  {"gen_ai.operation.name", "chat"},
                  {"gen_ai.provider.name", "phasebench-demo"},
                  {"llm.stream", stream}};
    if (!requestedModel.empty()) {
        attrs["gen_ai.request.model"] = requestedModel;
        attrs["gen_ai.response.model"] = gw.config.resolvedModel;
    }
    if (maxTokens > 0) {
        attrs["gen_ai.request.max_tokens"] = maxTokens;
    }
    if (ok) {
        attrs["gen_ai.usage.input_tokens"] = inputTokens;
        attrs["gen_ai.usage.output_tokens"] = outputTokens;
        attrs["gen_ai.response.finish_reasons"] = json::array({finishReason});
    }
    json active = json::array();
    for (const auto& f : faults()) {
        if (gw.faults.has(f.fault)) {
            active.push_back(f.name);
        }
    }
    if (!active.empty()) {
        attrs["phasebench.demo.faults"] = active;
    }
    SpanRecord root;
    root.traceId = traceId;
    root.spanId = rootId;
    root.parentSpanId = parentSpanId;
    root.name = "POST /v1/chat/completions";
    root.kind = kServer;
    root.startNs = rootStart;
    root.endNs = rootEnd;
    root.serviceName = gw.config.serviceName;
    root.statusCode = ok ? 0 : 2;
    root.statusMessage = ok ? std::string() : errorMessage;
    root.attributesJson = attrs.dump();
    spans.insert(spans.begin(), std::move(root));
    gw.exportSpans(std::move(spans));
}

// The slot queue and generation. With a sink (streaming) every token is
// written as it is produced; without, the text is collected.
bool Chat::generate(httplib::DataSink* sink)
{
    const auto& t = gw.config.timing;
    const bool heartbeats = sink && gw.faults.has(Fault::Heartbeats);
    const auto qStart = gw.clock.now();
    queueStart = qStart;
    // Heartbeats: empty events while the request waits for a slot.
    const std::string heartbeat = heartbeats ? sse(chunk(json::object())) : std::string();
    std::function<bool()> tick;
    if (heartbeats) {
        tick = [&] {
            return sink->write(heartbeat.data(), heartbeat.size());
        };
    }
    const bool granted = gw.pool.acquire(
        tick, std::chrono::milliseconds(heartbeats ? static_cast<int>(t.heartbeatIntervalMs) : 0));
    child("inference.acquire_slot", kInternal, qStart, gw.clock.now(),
          {{"llm.phase", "queue"},
           {"llm.pool", "demo"},
           {"llm.queue.outcome", granted ? "granted" : "abandoned"}});
    if (!granted) {
        return false;
    }
    // From here on the slot is held: release it on every path.
    struct Release
    {
        InferencePool& pool;
        std::int64_t kvTokens = 0;
        ~Release()
        {
            pool.freeKv(kvTokens);
            pool.release();
        }
    } release{gw.pool};

    const auto gStart = gw.clock.now();
    slotGranted = gStart;
    const int batchAtStart = gw.pool.active();
    // The cache is looked up when the request is scheduled, as vLLM does;
    // its blocks are remembered once the prefill has computed them.
    if (gw.prefixCache) {
        cachedTokens = gw.prefixCache->lookup(blockHashes, inputTokens);
    }
    const double prefillMs = t.prefillBaseMs + t.prefillPerInputTokenMs * (inputTokens - cachedTokens);
    bool ok = gw.sleepMs(prefillMs);
    if (ok && gw.prefixCache) {
        gw.prefixCache->insert(blockHashes);
    }
    gw.pool.prefilled(inputTokens);
    release.kvTokens += inputTokens;
    const auto prefillEnd = gw.clock.now();
    std::optional<Nanos> firstText;
    const bool reasoningFirst = sink && gw.faults.has(Fault::ReasoningFirst);
    const bool toolFirst = sink && !reasoningFirst && gw.faults.has(Fault::ToolCallFirst);
    const double factor = gw.faults.has(Fault::BatchSlowdown) ? t.batchSlowdownFactor : t.batchFactor;
    int produced = 0;
    for (int i = 0; ok && i < outputTokens; ++i) {
        // A simple batching model: every token costs more when more requests decode together.
        const double perToken = t.decodePerTokenMs * (1.0 + factor * std::max(0, gw.pool.active() - 1));
        if (!gw.sleepMs(perToken)) {
            ok = false;
            break;
        }
        const std::string word = kWords[static_cast<std::size_t>(i) % kWords.size()];
        ++produced;
        lastToken = gw.clock.now();
        if (!firstToken) {
            firstToken = lastToken;
        }
        gw.pool.decoded();
        ++release.kvTokens;
        if (!sink) {
            text += word;
            continue;
        }
        json delta = json::object();
        if (i == 0) {
            delta["role"] = "assistant";
        }
        bool isText = false;
        if (reasoningFirst && i < t.preambleTokens) {
            delta["reasoning_content"] = word;
            ++reasoningTokens;
        } else if (toolFirst && i < t.preambleTokens) {
            json call = {{"index", 0}, {"function", {{"arguments", i == 0 ? "{\"q\":\"" : "x"}}}};
            if (i == 0) {
                call["id"] = "call_demo";
                call["type"] = "function";
                call["function"]["name"] = "lookup";
            }
            delta["tool_calls"] = json::array({call});
        } else {
            delta["content"] = word;
            isText = true;
        }
        const auto data = sse(chunk(std::move(delta)));
        if (!sink->write(data.data(), data.size())) {
            ok = false;
            break;
        }
        if (isText && !firstText) {
            firstText = gw.clock.now();
        }
    }
    const auto gEnd = gw.clock.now();
    json attrs = {{"llm.phase", "generation"},
                  {"gen_ai.request.model", requestedModel},
                  {"gen_ai.response.model", gw.config.resolvedModel},
                  {"gen_ai.usage.input_tokens", inputTokens},
                  {"gen_ai.usage.output_tokens", produced},
                  {"gen_ai.latency.time_in_model_prefill", static_cast<double>(prefillEnd - gStart) * 1e-9},
                  {"gen_ai.latency.time_in_model_decode", static_cast<double>(gEnd - prefillEnd) * 1e-9},
                  {"llm.batch.active_at_start", batchAtStart}};
    if (gw.prefixCache) {
        attrs["gen_ai.usage.cache_read.input_tokens"] = cachedTokens;
    }
    if (firstText) {
        // Seconds from this span's start to the first text written to the client.
        attrs["gen_ai.latency.time_to_first_token"] = static_cast<double>(*firstText - gStart) * 1e-9;
    }
    auto& gen = child("inference.generate", kClient, gStart, gEnd, std::move(attrs));
    if (!ok) {
        gen.statusCode = 2;
        gen.statusMessage = "generation interrupted";
    }
    outputTokens = produced;
    return ok;
}

bool Chat::writeStreamTail(httplib::DataSink& sink)
{
    const auto wStart = gw.clock.now();
    std::string tail = sse(chunk(json::object(), finishReason));
    json usageChunk = chunk(json::object());
    usageChunk["choices"] = json::array();
    usageChunk["usage"] = usage();
    if (includeUsage && gw.config.serverTimings == ServerTimings::Vllm) {
        usageChunk["metrics"] = vllmMetrics();
    }
    tail += sse(usageChunk);
    if (!sink.write(tail.data(), tail.size())) {
        return false;
    }
    const std::string done = "data: [DONE]\n\n";
    if (gw.faults.has(Fault::DelayAfterRoot)) {
        // Work after the root span closes (compression, a buffering proxy):
        // the client waits, the server trace does not show it.
        child("response.write", kInternal, wStart, gw.clock.now());
        endRoot();
        gw.sleepMs(gw.config.timing.delayAfterRootMs);
        if (!sink.write(done.data(), done.size())) {
            return false;
        }
        sink.done();
        return true;
    }
    // The spans end when the last bytes are handed to the socket, not after
    // the write returns: the client may read them and stop its clock before
    // this thread runs again, which would make the network envelope
    // (client total - root) negative by a scheduling delay.
    child("response.write", kInternal, wStart, gw.clock.now());
    endRoot();
    if (!sink.write(done.data(), done.size())) {
        return false;
    }
    sink.done();
    return true;
}

// Approximate tokens of the messages: Phasebench's one estimate
// (load/TokenEstimate.h) of each message's text, plus 4 a message for the
// chat framing. The text itself is read for its length only and never kept.
int estimateInputTokens(const json& messages)
{
    std::int64_t tokens = 0;
    if (messages.is_array()) {
        for (const auto& m : messages) {
            tokens += 4;
            const auto it = m.is_object() ? m.find("content") : m.end();
            if (!m.is_object() || it == m.end()) {
                continue;
            }
            if (it->is_string()) {
                tokens += pb::load::estimateTokens(it->get_ref<const std::string&>());
            } else if (it->is_array()) {
                for (const auto& part : *it) {
                    if (part.is_object() && part.contains("text") && part["text"].is_string()) {
                        tokens += pb::load::estimateTokens(part["text"].get_ref<const std::string&>());
                    }
                }
            }
        }
    }
    return static_cast<int>(tokens);
}

// The messages' text as the prefix cache sees it: the contents in order,
// without the chat framing, so that blocks line up with a replayed trace's
// hash blocks. Only hashed, never kept.
std::string promptText(const json& messages)
{
    std::string out;
    for (const auto& m : messages) {
        const auto it = m.is_object() ? m.find("content") : m.end();
        if (!m.is_object() || it == m.end()) {
            continue;
        }
        if (it->is_string()) {
            out += it->get_ref<const std::string&>();
        } else if (it->is_array()) {
            for (const auto& part : *it) {
                if (part.is_object() && part.contains("text") && part["text"].is_string()) {
                    out += part["text"].get_ref<const std::string&>();
                }
            }
        }
    }
    return out;
}

void setError(httplib::Response& res, int status, const std::string& message, const char* type)
{
    res.status = status;
    res.set_content(json{{"error", {{"message", message}, {"type", type}}}}.dump(), "application/json");
}

} // namespace

void DemoGateway::Impl::handleChat(const httplib::Request& req, httplib::Response& res)
{
    requests.fetch_add(1);
    auto chat = std::make_shared<Chat>(*this);
    chat->rootStart = clock.now();
    chat->rootId = spanId();
    // A proxy that strips traceparent leaves the gateway to start a new trace.
    const auto tp = faults.has(Fault::StripTraceparent)
                        ? std::nullopt
                        : pb::telemetry::parseTraceParent(req.get_header_value("traceparent"));
    chat->traceId = tp ? tp->traceId : traceId();
    chat->parentSpanId = tp ? tp->spanId : std::string();
    const bool closeConnections = faults.has(Fault::CloseConnections);
    if (closeConnections) {
        res.set_header("Connection", "close");
    }

    // Gateway stage: auth, prepare, route.
    auto t = clock.now();
    sleepMs(config.timing.authMs);
    const bool authOk = authorized(req);
    auto& auth = chat->child("auth.check", kInternal, t, clock.now(),
                             {{"llm.auth.outcome", authOk ? "ok" : "denied"}});
    if (!authOk) {
        auth.statusCode = 2;
        unauthorized.fetch_add(1);
        chat->httpStatus = 401;
        chat->errorMessage = "unauthorized";
        setError(res, 401, "missing or invalid API key", "invalid_request_error");
        chat->finish(false);
        return;
    }
    t = clock.now();
    const auto body = json::parse(req.body, nullptr, false);
    std::string problem;
    if (!body.is_object()) {
        problem = "the body is not a JSON object";
    } else if (!body.contains("model") || !body["model"].is_string() ||
               body["model"].get_ref<const std::string&>().empty()) {
        problem = "'model' is required";
    } else if (!body.contains("messages") || !body["messages"].is_array() || body["messages"].empty()) {
        problem = "'messages' must be a non-empty array";
    }
    if (problem.empty()) {
        chat->requestedModel = body["model"].get<std::string>();
        chat->stream = body.value("stream", false);
        if (const auto so = body.find("stream_options"); so != body.end() && so->is_object()) {
            const auto iu = so->find("include_usage");
            chat->includeUsage = iu != so->end() && iu->is_boolean() && iu->get<bool>();
        }
        for (const char* key : {"max_completion_tokens", "max_tokens"}) {
            if (body.contains(key) && body[key].is_number_integer() && body[key].get<int>() > 0) {
                chat->maxTokens = body[key].get<int>();
                break;
            }
        }
        chat->inputTokens = estimateInputTokens(body["messages"]);
        if (prefixCache) {
            chat->blockHashes = prefixBlockHashes(promptText(body["messages"]), prefixCache->blockTokens());
        }
    }
    sleepMs(config.timing.prepareMs +
            (faults.has(Fault::SlowGateway) ? config.timing.slowGatewayExtraMs : 0));
    auto& prepare = chat->child("request.prepare", kInternal, t, clock.now());
    if (!problem.empty()) {
        prepare.statusCode = 2;
        badRequests.fetch_add(1);
        chat->httpStatus = 400;
        chat->errorMessage = problem;
        setError(res, 400, problem, "invalid_request_error");
        chat->finish(false);
        return;
    }
    t = clock.now();
    sleepMs(config.timing.routeMs);
    chat->child("route.select", kInternal, t, clock.now(), {{"llm.route", "pool-demo"}});
    chat->validationEnd = clock.now();

    const int wanted = chat->maxTokens > 0 ? chat->maxTokens : config.timing.defaultOutputTokens;
    chat->outputTokens = std::min(wanted, config.timing.maxOutputTokens);
    chat->finishReason = wanted > config.timing.maxOutputTokens ? "length" : "stop";
    chat->completionId = "chatcmpl-" + spanId() + spanId();
    chat->created = static_cast<std::int64_t>(clock.now() / 1'000'000'000);

    if (faults.has(Fault::SlowHeaders)) {
        sleepMs(config.timing.slowHeadersMs); // inside the root, in no child span
    }

    if (chat->stream) {
        res.set_header("Cache-Control", "no-cache");
        // Headers go out when the handler returns; the provider then streams
        // every token as it is produced.
        res.set_chunked_content_provider(
            "text/event-stream",
            [chat](std::size_t, httplib::DataSink& sink) {
                const bool ok = chat->generate(&sink) && chat->writeStreamTail(sink);
                chat->finish(ok);
                return ok;
            },
            [chat](bool) { chat->finish(false); }); // no-op after finish(true)
        return;
    }

    if (!chat->generate(nullptr)) {
        chat->httpStatus = 503;
        chat->errorMessage = "the gateway is stopping";
        setError(res, 503, chat->errorMessage, "server_error");
        chat->finish(false);
        return;
    }
    json reply = {{"id", chat->completionId},
                  {"object", "chat.completion"},
                  {"created", chat->created},
                  {"model", config.resolvedModel},
                  {"choices", json::array({{{"index", 0},
                                            {"message", {{"role", "assistant"}, {"content", chat->text}}},
                                            {"finish_reason", chat->finishReason}}})},
                  {"usage", chat->usage()}};
    if (config.serverTimings == ServerTimings::Vllm) {
        reply["metrics"] = chat->vllmMetrics();
    } else if (config.serverTimings == ServerTimings::Tgi) {
        chat->setTgiHeaders(res, clock.now());
    }
    auto text = std::make_shared<std::string>(reply.dump());
    res.set_content_provider(
        text->size(), "application/json",
        [chat, text](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
            const auto wStart = chat->gw.clock.now();
            bool ok = true;
            if (chat->gw.faults.has(Fault::DelayAfterRoot) && length > 1) {
                // The last byte leaves after the root span has closed.
                ok = sink.write(text->data() + offset, length - 1);
                chat->child("response.write", kInternal, wStart, chat->gw.clock.now());
                chat->endRoot();
                chat->gw.sleepMs(chat->gw.config.timing.delayAfterRootMs);
                ok = ok && sink.write(text->data() + offset + length - 1, 1);
            } else {
                // Ends before the write, as in the streaming path: a client
                // can finish before this thread runs again.
                const std::size_t head = length > 1 ? length - 1 : 0;
                ok = head == 0 || sink.write(text->data() + offset, head);
                chat->child("response.write", kInternal, wStart, chat->gw.clock.now());
                chat->endRoot();
                ok = ok && sink.write(text->data() + offset + head, length - head);
            }
            chat->finish(ok);
            return ok;
        },
        [chat](bool) { chat->finish(false); });
}

} // namespace pb::demo
