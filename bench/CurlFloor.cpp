#include "CurlFloor.h"

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <sys/resource.h>
#include <vector>

namespace pb::bench {

namespace {

double processCpu()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::size_t discard(char*, std::size_t size, std::size_t n, void*)
{
    return size * n;
}

constexpr const char* kBody =
    R"({"model":"bench-model","messages":[{"role":"user","content":"Write one word."}],"max_tokens":16,"stream":false})";

} // namespace

FloorResult bareCurlLoop(const std::string& url, int rate, int seconds)
{
    using Clock = std::chrono::steady_clock;
    CURLM* multi = curl_multi_init();
    curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
    const std::string target = url + "/v1/chat/completions";
    std::vector<CURL*> idle;
    std::vector<CURL*> all;
    const auto fresh = [&] {
        CURL* e = curl_easy_init();
        curl_easy_setopt(e, CURLOPT_URL, target.c_str());
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, kBody);
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, discard);
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        all.push_back(e);
        return e;
    };
    FloorResult r;
    const long total = long(rate) * seconds;
    const auto interval = std::chrono::nanoseconds(1'000'000'000LL / rate);
    const double c0 = processCpu();
    const auto t0 = Clock::now();
    long started = 0;
    int running = 0;
    while (started < total || running > 0) {
        const auto now = Clock::now();
        while (started < total && t0 + started * interval <= now) {
            CURL* e = idle.empty() ? fresh() : idle.back();
            if (!idle.empty()) {
                idle.pop_back();
            }
            curl_multi_add_handle(multi, e);
            ++started;
        }
        curl_multi_perform(multi, &running);
        int queued = 0;
        while (CURLMsg* m = curl_multi_info_read(multi, &queued)) {
            if (m->msg == CURLMSG_DONE) {
                long code = 0;
                curl_easy_getinfo(m->easy_handle, CURLINFO_RESPONSE_CODE, &code);
                r.requests += m->data.result == CURLE_OK && code == 200 ? 1 : 0;
                curl_multi_remove_handle(multi, m->easy_handle);
                idle.push_back(m->easy_handle);
            }
        }
        int waitMs = 1000;
        if (started < total) {
            // Rounded up: a floor must not spin while the next start is less than 1 ms away.
            const auto due = t0 + started * interval - Clock::now();
            waitMs =
                int(std::max<long long>(0, (std::chrono::nanoseconds(due).count() + 999'999) / 1'000'000));
        }
        if (waitMs > 0 || running > 0) {
            curl_multi_poll(multi, nullptr, 0, waitMs, nullptr);
        }
    }
    r.cpu = processCpu() - c0;
    for (CURL* e : all) {
        curl_easy_cleanup(e);
    }
    curl_multi_cleanup(multi);
    curl_slist_free_all(headers);
    return r;
}

} // namespace pb::bench
