// Loopback servers for the load-engine tests and benchmarks. Each binds
// 127.0.0.1 on a free port and stops (joining its threads) in its destructor.
//  * ScriptedSseServer (cpp-httplib): an OpenAI-style chat endpoint with known
//    delays, recording when it wrote each milestone (steady_clock ns).
//  * RawServer: a plain TCP server whose connections run a script, for faults
//    httplib cannot produce (reset mid-stream, never answering, garbage).
//  * EventServer: a single-threaded epoll HTTP/1.1 server for load (thousands
//    of keep-alive connections, JSON or SSE answers after a delay).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace httplib {
class Server;
}

namespace pb::test {

using Nanos = std::int64_t;
Nanos steadyNs();

struct HttpRequest
{
    std::string method;
    std::string target;
    std::map<std::string, std::string> headers; // lower-case names
    std::string body;
    std::string header(const std::string& lowerName) const;
};

// What the scripted endpoint sends, as ms after the request arrived.
struct SseScript
{
    int status = 200;
    int headersMs = 20;   // headers (handler returns)
    int roleMs = 40;      // role-only chunk (first_event); < 0 = none
    int reasoningMs = 60; // reasoning_content chunk (first_content); < 0 = none
    int textMs = 80;      // first text chunk (first_text); < 0 = none
    int textChunks = 5;   // text chunks in total, from textMs on
    int chunkEveryMs = 10;
    bool usage = true; // usage chunk with choices:[] before [DONE]
    int promptTokens = 11;
    int completionTokens = 42;
    bool done = true;      // send data: [DONE]
    bool heartbeat = true; // ": ping" comment before the role chunk
    std::string errorBody; // non-200: this body
    // Usage from the request, as a provider with its own tokenizer would
    // count it: prompt_tokens = bytes of the messages' text / 3 (not the
    // generator's estimate), completion_tokens = the body's max_tokens.
    bool usageFromRequest = false;
};

// When the server wrote each milestone of one request (steady ns; 0 = not sent).
struct SseTruth
{
    std::string traceparent;
    std::string authorization;
    std::string apiKey; // the "api-key" header
    Nanos received = 0;
    Nanos headers = 0;
    Nanos role = 0;
    Nanos reasoning = 0;
    Nanos firstText = 0;
    Nanos lastChunk = 0;
};

class ScriptedSseServer
{
public:
    explicit ScriptedSseServer(SseScript script = {}, int keepAliveMaxCount = 100);
    ~ScriptedSseServer();
    int port() const { return m_port; }
    std::string baseUrl() const;
    std::vector<SseTruth> truths() const;
    SseTruth truthFor(const std::string& traceparent) const;
    int requestCount() const { return m_requests.load(); }

private:
    SseScript m_script;
    std::unique_ptr<httplib::Server> m_server;
    std::thread m_thread;
    int m_port = 0;
    std::atomic<int> m_requests{0};
    mutable std::mutex m_mx;
    std::vector<SseTruth> m_truths;
};

// One accepted connection of a RawServer.
class RawConn
{
public:
    explicit RawConn(int fd, const std::atomic<bool>& stopping);
    ~RawConn();
    std::optional<HttpRequest> readRequest(int timeoutMs = 5000);
    bool send(const std::string& bytes);
    bool sendChunk(const std::string& data); // chunked transfer encoding
    bool endChunks();
    void sleepMs(int ms); // returns early when the server stops
    void reset();         // SO_LINGER 0 + close: the peer sees a connection reset
    void close();
    bool stopping() const { return m_stopping.load(); }

private:
    int m_fd;
    const std::atomic<bool>& m_stopping;
    std::string m_buf;
};

class RawServer
{
public:
    using Script = std::function<void(RawConn&)>;
    explicit RawServer(Script script);
    ~RawServer();
    int port() const { return m_port; }
    std::string baseUrl() const;
    int connections() const { return m_connections.load(); }

private:
    Script m_script;
    int m_listen = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping{false};
    std::atomic<int> m_connections{0};
    std::thread m_accept;
    std::mutex m_mx;
    std::vector<std::thread> m_workers;
};

// One canned answer of a CannedServer.
struct CannedReply
{
    int status = 200;
    std::string contentType = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

// A cpp-httplib server that answers every POST with what `handler` returns
// for it, and keeps the requests it received (server-timing suites).
class CannedServer
{
public:
    using Handler = std::function<CannedReply(const HttpRequest&)>;
    explicit CannedServer(Handler handler);
    ~CannedServer();
    int port() const { return m_port; }
    std::string baseUrl() const;
    std::vector<HttpRequest> requests() const;

private:
    Handler m_handler;
    std::unique_ptr<httplib::Server> m_server;
    std::thread m_thread;
    int m_port = 0;
    mutable std::mutex m_mx;
    std::vector<HttpRequest> m_requests;
};

struct EventServerConfig
{
    bool sse = false;
    Nanos delay = 0;         // request complete -> headers
    int sseChunks = 10;      // text chunks per stream
    Nanos chunkInterval = 0; // between chunks
    bool closeAfterResponse = false;
    // > 0: close a kept-alive connection this long after its response when
    // no new request came (an idle timeout, without "Connection: close").
    Nanos closeIdleAfter = 0;
    int completionTokens = 10;
    // Non-empty: a vLLM-style `"metrics": <this JSON>` in the JSON body and
    // in the final usage chunk of a stream (bench_load timings).
    std::string metricsJson;
    // Record each stream's write times (stamps()): the milestone truth of
    // bench_load's held streams.
    bool recordStamps = false;
};

// When the server sent a stream's first event (headers and role chunk) and
// its first text chunk, steady ns, keyed by the request's traceparent.
struct StreamStamp
{
    std::string traceparent;
    Nanos firstEvent = 0;
    Nanos firstText = 0;
};

class EventServer
{
public:
    // listenFd >= 0: serve an already bound and listening socket (for a child process).
    explicit EventServer(EventServerConfig config, int listenFd = -1);
    ~EventServer();
    int port() const { return m_port; }
    std::string baseUrl() const;
    std::int64_t connections() const { return m_connections.load(); }
    std::int64_t requests() const { return m_requests.load(); }
    std::int64_t openConnections() const { return m_open.load(); }
    // Whole responses handed to the kernel.
    std::int64_t responses() const { return m_responses.load(); }
    // Runs the loop on the calling thread until stop() (for a child process).
    void serve();
    void stop();

    // A bound, listening, non-blocking socket on 127.0.0.1 and its port.
    static int listenLoopback(int& port);
    // With recordStamps, after serve() returned: every stream's write times.
    const std::vector<StreamStamp>& stamps() const { return m_stamps; }

private:
    struct Impl;
    EventServerConfig m_config;
    int m_listen = -1;
    int m_port = 0;
    int m_wake = -1;
    std::atomic<bool> m_stop{false};
    std::atomic<std::int64_t> m_connections{0};
    std::atomic<std::int64_t> m_requests{0};
    std::atomic<std::int64_t> m_open{0};
    std::atomic<std::int64_t> m_responses{0};
    std::thread m_thread;
    std::vector<StreamStamp> m_stamps;
};

} // namespace pb::test
