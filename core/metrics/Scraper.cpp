#include "metrics/Scraper.h"

#include "metrics/Exposition.h"

#include "util/Curl.h"
#include "util/Redact.h"

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace pb::metrics {
namespace {

// A /metrics page of vLLM is tens of kilobytes; more than this is not one.
constexpr std::size_t kMaxBody = 16u << 20;

std::int64_t steadyNow()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct Body
{
    std::string text;
    bool tooLarge = false;
};

std::size_t onData(char* data, std::size_t size, std::size_t n, void* user)
{
    auto* body = static_cast<Body*>(user);
    const std::size_t bytes = size * n;
    if (body->text.size() + bytes > kMaxBody) {
        body->tooLarge = true;
        return 0; // aborts the transfer
    }
    body->text.append(data, bytes);
    return bytes;
}

} // namespace

Scraper::Scraper(MetricsSource source)
    : m_source(std::move(source))
{
    m_report.url = redact::url(m_source.url, m_source.publicParameters); // stored with the run
    m_report.interval = m_source.interval;
}

Scraper::~Scraper()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
    if (m_curl) {
        curl_easy_cleanup(static_cast<CURL*>(m_curl));
    }
}

void Scraper::start()
{
    ensureCurlGlobal();
    m_t0 = steadyNow();
    m_thread = std::thread([this] { loop(); });
}

void Scraper::loop()
{
    const auto interval = std::max<std::int64_t>(m_source.interval, 1'000'000);
    std::int64_t next = m_t0;
    while (true) {
        scrapeOnce();
        const auto now = steadyNow();
        next += interval;
        if (next <= now) {
            // A scrape overran its ticks: the next one keeps the grid.
            next += ((now - next) / interval + 1) * interval;
        }
        std::unique_lock lock(m_mutex);
        const auto deadline = std::chrono::steady_clock::time_point(std::chrono::nanoseconds(next));
        if (m_cv.wait_until(lock, deadline, [this] { return m_stop; })) {
            return;
        }
    }
}

void Scraper::fail(const std::string& why)
{
    std::lock_guard lock(m_mutex);
    ++m_report.failed;
    if (m_report.firstError.empty()) {
        m_report.firstError = why;
    }
    m_report.lastError = why;
}

void Scraper::scrapeOnce()
{
    if (!m_curl) {
        m_curl = curl_easy_init();
        if (!m_curl) {
            std::lock_guard lock(m_mutex);
            ++m_report.scrapes;
            ++m_report.failed;
            m_report.lastError = "libcurl could not create a handle";
            return;
        }
    }
    auto* curl = static_cast<CURL*>(m_curl);
    Body body;
    curl_easy_setopt(curl, CURLOPT_URL, m_source.url.c_str());
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS,
                     long(std::max<std::int64_t>(m_source.scrapeTimeout() / 1'000'000, 1)));
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                     long(std::max<std::int64_t>(m_source.scrapeTimeout() / 1'000'000, 1)));
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, onData);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "phasebench-metrics");
    curl_slist* headers = curl_slist_append(nullptr, "Accept: text/plain;version=0.0.4;q=1,*/*;q=0.1");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    const auto sent = steadyNow();
    const CURLcode rc = curl_easy_perform(curl);
    const auto received = steadyNow();
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, nullptr);
    curl_slist_free_all(headers);
    {
        std::lock_guard lock(m_mutex);
        ++m_report.scrapes;
        m_lastScrape = received;
    }
    if (body.tooLarge) {
        fail("the response is larger than " + std::to_string(kMaxBody >> 20) + " MiB");
        return;
    }
    if (rc != CURLE_OK) {
        fail(curl_easy_strerror(rc));
        return;
    }
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (status != 200) {
        fail("HTTP status " + std::to_string(status));
        return;
    }
    try {
        // The server read its counters between sending and receiving.
        ingest(body.text, sent + (received - sent) / 2);
    } catch (const ExpositionError& e) {
        fail(std::string("not the Prometheus text format: ") + e.what());
    }
}

void Scraper::ingest(std::string_view text, std::int64_t at)
{
    const auto exposition = parseExposition(text);
    std::lock_guard lock(m_mutex);
    for (const auto& s : exposition.samples) {
        if (!m_source.matches(s.name)) {
            continue;
        }
        const auto key = std::make_pair(s.name, labelText(s.labels));
        auto& track = m_tracks[key];
        if (track.raw.empty()) {
            track.name = key.first;
            track.labels = key.second;
        }
        // A page without # TYPE lines does not make a known counter a gauge.
        track.cumulative = track.cumulative || exposition.isCumulative(s);
        if (!track.raw.empty() && track.raw.back().first == at) {
            track.raw.back().second = s.value; // a repeated line: the last one counts
        } else {
            track.raw.emplace_back(at, s.value);
        }
        for (const auto& wanted : m_source.series) {
            if ((s.name == wanted || s.name == wanted + "_bucket" || s.name == wanted + "_sum" ||
                 s.name == wanted + "_count") &&
                std::find(m_seen.begin(), m_seen.end(), wanted) == m_seen.end()) {
                m_seen.push_back(wanted);
            }
        }
    }
}

ScrapeResult Scraper::result(std::int64_t origin) const
{
    std::lock_guard lock(m_mutex);
    ScrapeResult out;
    out.report = m_report;
    if (!m_source.defaultSeries) {
        for (const auto& wanted : m_source.series) {
            if (std::find(m_seen.begin(), m_seen.end(), wanted) == m_seen.end()) {
                out.report.missing.push_back(wanted);
            }
        }
    }
    for (const auto& [key, track] : m_tracks) {
        store::MetricSeries s;
        s.name = track.name;
        s.labels = track.labels;
        s.kind = track.cumulative ? store::MetricKind::Rate : store::MetricKind::Gauge;
        for (std::size_t i = 0; i < track.raw.size(); ++i) {
            const auto [at, value] = track.raw[i];
            store::MetricPoint p;
            p.at = at - origin;
            p.interval = i == 0 ? 0 : at - track.raw[i - 1].first;
            if (!track.cumulative) {
                p.value = value;
            } else if (i == 0 || p.interval <= 0) {
                continue; // a rate needs two scrapes
            } else {
                const double previous = track.raw[i - 1].second;
                // A counter that went down was reset: all of its value is new.
                const double increase = value >= previous ? value - previous : value;
                p.value = increase / (double(p.interval) / 1e9);
            }
            s.points.push_back(p);
        }
        out.series.push_back(std::move(s));
    }
    return out;
}

ScrapeResult Scraper::finish(std::int64_t runStartSteadyNs)
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
        std::int64_t last = 0;
        {
            std::lock_guard lock(m_mutex);
            last = m_lastScrape;
        }
        if (steadyNow() - last >= m_source.interval / 4) {
            scrapeOnce();
        }
    }
    // Closes the kept-alive connection now: a server stopping after the run
    // would otherwise wait for it to time out.
    if (m_curl) {
        curl_easy_cleanup(static_cast<CURL*>(m_curl));
        m_curl = nullptr;
    }
    return result(runStartSteadyNs > 0 ? runStartSteadyNs : m_t0);
}

ScrapeProgress Scraper::progress() const
{
    std::lock_guard lock(m_mutex);
    return {m_report.scrapes, m_report.failed};
}

} // namespace pb::metrics
