#include "LoadPeers.h"

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace pb::bench {

namespace {

std::size_t discard(char*, std::size_t size, std::size_t n, void*)
{
    return size * n;
}

constexpr const char* kBody =
    R"({"model":"bench-model","messages":[{"role":"user","content":"Write one word."}],"max_tokens":16,"stream":false})";

} // namespace

double cpuSeconds(const rusage& u)
{
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double selfCpu()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return cpuSeconds(u);
}

HeyResult runHey(const std::string& url, int rate, int seconds, int workers)
{
    std::vector<std::string> args{"hey", "-z", std::to_string(seconds) + "s", "-c", std::to_string(workers)};
    if (rate > 0) {
        args.push_back("-q");
        args.push_back(std::to_string(rate / workers));
    }
    args.insert(args.end(),
                {"-m", "POST", "-T", "application/json", "-d", kBody, url + "/v1/chat/completions"});
    std::vector<char*> argv;
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    int out[2];
    if (pipe(out) != 0) {
        return {};
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    pid_t pid = 0;
    if (posix_spawnp(&pid, "hey", &fa, nullptr, argv.data(), environ) != 0) {
        std::printf("hey not found (Debian package 'hey'); skipped\n");
        close(out[0]);
        close(out[1]);
        return {};
    }
    close(out[1]);
    std::string text;
    char buf[4096];
    ssize_t n = 0;
    while ((n = read(out[0], buf, sizeof buf)) > 0) {
        text.append(buf, std::size_t(n));
    }
    close(out[0]);
    int status = 0;
    rusage u{};
    wait4(pid, &status, 0, &u);
    posix_spawn_file_actions_destroy(&fa);
    HeyResult r;
    r.cpu = cpuSeconds(u);
    if (const auto p = text.find("[200]"); p != std::string::npos) {
        r.requests = std::atol(text.c_str() + p + 5);
    }
    return r;
}

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
    const double c0 = selfCpu();
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
    r.cpu = selfCpu() - c0;
    for (CURL* e : all) {
        curl_easy_cleanup(e);
    }
    curl_multi_cleanup(multi);
    curl_slist_free_all(headers);
    return r;
}

namespace {

std::string shellQuoted(const std::string& s)
{
    std::string q = "'";
    for (char c : s) {
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return q + "'";
}

} // namespace

CountedRun callgrindRun(const std::vector<std::string>& command, const std::string& toggle,
                        const std::string& outFile)
{
    std::string line = "valgrind --tool=callgrind --toggle-collect=" + shellQuoted(toggle) +
                       " --callgrind-out-file=" + shellQuoted(outFile);
    for (const auto& a : command) {
        line += ' ' + shellQuoted(a);
    }
    line += " 2>/dev/null";
    CountedRun r;
    FILE* p = popen(line.c_str(), "r");
    if (!p) {
        return r;
    }
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) {
        r.output.append(buf, n);
    }
    const int status = pclose(p);
    std::ifstream in(outFile);
    std::string l;
    while (std::getline(in, l)) {
        if (l.rfind("totals: ", 0) == 0) {
            r.instructions += std::strtoull(l.c_str() + 8, nullptr, 10);
            r.ran = true;
        }
    }
    r.ran = r.ran && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return r;
}

} // namespace pb::bench
