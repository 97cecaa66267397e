#include "fetch/JaegerClient.h"

#include "util/Curl.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <deque>
#include <map>
#include <memory>
#include <stdexcept>

namespace pb::fetch {
namespace {

using Clock = std::chrono::steady_clock;

// A server may ask for a long pause; a fetch still ends in reasonable time.
constexpr auto kMaxRetryAfter = std::chrono::milliseconds(60000);
constexpr long kPollMs = 100;

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
        s.remove_prefix(1);
    }
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
        s.remove_suffix(1);
    }
    return s;
}

// Retry-After: delay-seconds or an HTTP-date; negative when unreadable.
long long retryAfterMs(std::string_view value)
{
    value = trimmed(value);
    if (value.empty()) {
        return -1;
    }
    if (std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        if (value.size() > 9) {
            return kMaxRetryAfter.count();
        }
        return std::stoll(std::string(value)) * 1000;
    }
    const std::string text(value);
    const time_t at = curl_getdate(text.c_str(), nullptr);
    if (at < 0) {
        return -1;
    }
    return std::max<long long>(0, (static_cast<long long>(at) - std::time(nullptr)) * 1000);
}

struct Transfer
{
    std::size_t index = 0;
    int attempt = 0; // 0 = the first try
    CURL* easy = nullptr;
    std::string body;
    std::uint64_t maxBody = 0;
    bool tooLarge = false;
    long long retryAfter = -1;
    char errorText[CURL_ERROR_SIZE] = {};

    static size_t write(char* data, size_t size, size_t n, void* self)
    {
        auto* t = static_cast<Transfer*>(self);
        const size_t bytes = size * n;
        if (t->body.size() + bytes > t->maxBody) {
            t->tooLarge = true;
            return 0; // aborts the transfer
        }
        t->body.append(data, bytes);
        return bytes;
    }

    static size_t header(char* data, size_t size, size_t n, void* self)
    {
        auto* t = static_cast<Transfer*>(self);
        const std::string_view line(data, size * n);
        if (line.starts_with("HTTP/")) {
            t->retryAfter = -1; // a new response (after 100 Continue, say)
            t->body.clear();
        } else if (startsWithNoCase(line, "retry-after:")) {
            t->retryAfter = retryAfterMs(line.substr(12));
        }
        return size * n;
    }
};

struct Waiting
{
    std::size_t index = 0;
    int attempt = 0;
};

std::string describeStatus(long status)
{
    switch (status) {
    case 401:
        return "HTTP 401 Unauthorized (pass the query service's credentials as a header)";
    case 403:
        return "HTTP 403 Forbidden";
    case 429:
        return "HTTP 429 Too Many Requests";
    case 500:
        return "HTTP 500 Internal Server Error";
    case 502:
        return "HTTP 502 Bad Gateway";
    case 503:
        return "HTTP 503 Service Unavailable";
    case 504:
        return "HTTP 504 Gateway Timeout";
    default:
        return "HTTP " + std::to_string(status);
    }
}

} // namespace

std::string traceUrl(const std::string& base, const std::string& traceId)
{
    std::string b = base;
    const auto chopSlashes = [&] {
        while (!b.empty() && b.back() == '/') {
            b.pop_back();
        }
    };
    chopSlashes();
    for (const std::string_view tail : {"/api/traces", "/api"}) {
        if (b.ends_with(tail)) {
            b.resize(b.size() - tail.size());
            chopSlashes();
        }
    }
    return b + "/api/traces/" + traceId;
}

JaegerClient::JaegerClient(HttpOptions options)
    : m_options(std::move(options))
{
    m_options.concurrency = std::max(1, m_options.concurrency);
    m_options.retries = std::max(0, m_options.retries);
}

bool JaegerClient::fetch(std::span<const std::string> traceIds,
                         const std::function<void(TraceResponse&&)>& done,
                         const std::function<bool()>& keepGoing)
{
    ensureCurlGlobal();
    const auto multiDeleter = [](CURLM* m) {
        curl_multi_cleanup(m);
    };
    std::unique_ptr<CURLM, decltype(multiDeleter)> multi(curl_multi_init(), multiDeleter);
    const auto listDeleter = [](curl_slist* l) {
        curl_slist_free_all(l);
    };
    std::unique_ptr<curl_slist, decltype(listDeleter)> headers(nullptr, listDeleter);
    {
        curl_slist* list = curl_slist_append(nullptr, "Accept: application/json");
        for (const auto& h : m_options.headers) {
            list = curl_slist_append(list, h.c_str());
        }
        headers.reset(list);
    }
    if (!multi || !headers) {
        throw std::runtime_error("libcurl could not allocate a transfer");
    }
    curl_multi_setopt(multi.get(), CURLMOPT_MAX_HOST_CONNECTIONS, long(m_options.concurrency));

    std::map<CURL*, std::unique_ptr<Transfer>> inFlight;
    std::multimap<Clock::time_point, Waiting> delayed; // retries, by when they may start
    std::size_t next = 0;                              // the next ID never tried

    const auto cleanup = [&] {
        for (auto& [easy, t] : inFlight) {
            curl_multi_remove_handle(multi.get(), easy);
            curl_easy_cleanup(easy);
        }
        inFlight.clear();
    };
    const auto start = [&](Waiting w) {
        auto t = std::make_unique<Transfer>();
        t->index = w.index;
        t->attempt = w.attempt;
        t->maxBody = m_options.maxBodyBytes;
        t->easy = curl_easy_init();
        if (!t->easy) {
            throw std::runtime_error("libcurl could not allocate a transfer");
        }
        const std::string url = traceUrl(m_options.baseUrl, traceIds[w.index]);
        CURL* e = t->easy;
        curl_easy_setopt(e, CURLOPT_URL, url.c_str());
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(e, CURLOPT_HTTPGET, 1L);
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers.get());
        curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, ""); // gzip and the like, as libcurl supports
        curl_easy_setopt(e, CURLOPT_USERAGENT, "phasebench");
        curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, long(std::max<std::int64_t>(1, m_options.timeout.count())));
        curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS,
                         long(std::clamp<std::int64_t>(m_options.timeout.count(), 1, 10000)));
        curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->errorText);
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, &Transfer::write);
        curl_easy_setopt(e, CURLOPT_WRITEDATA, t.get());
        curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, &Transfer::header);
        curl_easy_setopt(e, CURLOPT_HEADERDATA, t.get());
        curl_easy_setopt(e, CURLOPT_PRIVATE, t.get());
        if (curl_multi_add_handle(multi.get(), e) != CURLM_OK) {
            curl_easy_cleanup(e);
            throw std::runtime_error("libcurl could not start a transfer");
        }
        ++m_stats.requests;
        inFlight.emplace(e, std::move(t));
    };
    const auto finish = [&](Transfer& t, CURLcode code) {
        long status = 0;
        curl_easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &status);
        TraceResponse r;
        r.index = t.index;
        r.attempts = t.attempt + 1;
        r.status = status;
        bool retry = false;
        if (t.tooLarge) {
            r.error = "the response is larger than " + std::to_string(m_options.maxBodyBytes >> 20) + " MiB";
        } else if (code != CURLE_OK) {
            r.status = 0;
            r.error = t.errorText[0] != 0 ? std::string(t.errorText) : std::string(curl_easy_strerror(code));
            retry = true;
        } else if (status == 200) {
            r.body = std::move(t.body);
        } else if (status == 404) {
            // Not in Jaeger: coverage, not an error.
        } else {
            r.error = describeStatus(status);
            retry = status == 429 || status >= 500;
        }
        if (retry && t.attempt < m_options.retries) {
            auto wait = m_options.backoff * (std::int64_t(1) << std::min(t.attempt, 20));
            wait = std::min<std::chrono::milliseconds>(wait, m_options.maxBackoff);
            if (t.retryAfter >= 0) {
                wait = std::max(wait, std::min(std::chrono::milliseconds(t.retryAfter), kMaxRetryAfter));
            }
            ++m_stats.retries;
            delayed.emplace(Clock::now() + wait, Waiting{t.index, t.attempt + 1});
            return;
        }
        done(std::move(r));
    };

    try {
        while (next < traceIds.size() || !delayed.empty() || !inFlight.empty()) {
            if (keepGoing && !keepGoing()) {
                cleanup();
                return false;
            }
            // Fill free slots: retries that are due first, then new IDs.
            const auto now = Clock::now();
            while (inFlight.size() < std::size_t(m_options.concurrency)) {
                if (!delayed.empty() && delayed.begin()->first <= now) {
                    const Waiting w = delayed.begin()->second;
                    delayed.erase(delayed.begin());
                    start(w);
                } else if (next < traceIds.size()) {
                    start(Waiting{next++, 0});
                } else {
                    break;
                }
            }
            int running = 0;
            curl_multi_perform(multi.get(), &running);
            int left = 0;
            while (CURLMsg* msg = curl_multi_info_read(multi.get(), &left)) {
                if (msg->msg != CURLMSG_DONE) {
                    continue;
                }
                CURL* easy = msg->easy_handle;
                const CURLcode code = msg->data.result;
                auto it = inFlight.find(easy);
                if (it == inFlight.end()) {
                    continue;
                }
                std::unique_ptr<Transfer> t = std::move(it->second);
                inFlight.erase(it);
                curl_multi_remove_handle(multi.get(), easy);
                finish(*t, code);
                curl_easy_cleanup(easy);
            }
            if (next >= traceIds.size() && delayed.empty() && inFlight.empty()) {
                break;
            }
            // Sleep until there is socket activity, a retry is due, or it
            // is time to ask keepGoing again.
            long waitMs = kPollMs;
            const bool slotFree = inFlight.size() < std::size_t(m_options.concurrency);
            if (slotFree && next < traceIds.size()) {
                waitMs = 0;
            } else if (slotFree && !delayed.empty()) {
                const auto due = std::chrono::duration_cast<std::chrono::milliseconds>(
                    delayed.begin()->first - Clock::now());
                waitMs = std::clamp<long>(long(due.count()), 0, kPollMs);
            }
            if (waitMs > 0) {
                curl_multi_poll(multi.get(), nullptr, 0, int(waitMs), nullptr);
            }
        }
    } catch (...) {
        cleanup();
        throw;
    }
    cleanup();
    return true;
}

} // namespace pb::fetch
