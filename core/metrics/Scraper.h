// Scrapes a target's Prometheus /metrics on its own thread while a run goes
// on: at the source's interval from start() (ticks that a slow scrape
// overran are skipped, never bunched), one last scrape at finish(). Keeps
// the source's series per label set; counters become rates per second over
// the interval since their previous scrape (a counter that went down was
// reset: its new value is the increase). A failed scrape (transport, HTTP
// status, a malformed text) is counted with its reason and the next tick
// tries again: scraping never fails the run.
#pragma once

#include "metrics/MetricsSource.h"
#include "store/TargetMetrics.h"

#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace pb::metrics {

struct ScrapeResult
{
    std::vector<store::MetricSeries> series;
    store::ScrapeReport report;
};

// Counts of a scrape in progress, for a live display.
struct ScrapeProgress
{
    std::int64_t scrapes = 0;
    std::int64_t failed = 0;
};

class Scraper
{
public:
    explicit Scraper(MetricsSource source);
    ~Scraper();
    Scraper(const Scraper&) = delete;
    Scraper& operator=(const Scraper&) = delete;

    // Scrapes at once, then every interval.
    void start();
    // Stops (after one last scrape when the previous one is a quarter of an
    // interval old) and returns what was scraped, times from
    // `runStartSteadyNs` (steady_clock ns; 0 = this scraper's start).
    ScrapeResult finish(std::int64_t runStartSteadyNs = 0);
    ScrapeProgress progress() const;
    std::int64_t startSteadyNs() const { return m_t0; }

    // One scrape's text into the kept samples at steady time `at`; public
    // for tests. Throws ExpositionError for a malformed text.
    void ingest(std::string_view text, std::int64_t at);
    // The series and report of what was ingested, times from `origin`.
    ScrapeResult result(std::int64_t origin) const;

private:
    struct Track
    {
        std::string name;
        std::string labels;
        bool cumulative = false;
        std::vector<std::pair<std::int64_t, double>> raw; // steady ns, value
    };
    void loop();
    void scrapeOnce();
    void fail(const std::string& why);

    MetricsSource m_source;
    std::int64_t m_t0 = 0;
    std::int64_t m_lastScrape = 0;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stop = false;
    std::thread m_thread;
    void* m_curl = nullptr; // CURL*, used by the scraping thread only
    std::map<std::pair<std::string, std::string>, Track> m_tracks;
    store::ScrapeReport m_report;
    std::vector<std::string> m_seen; // configured series found at least once
};

} // namespace pb::metrics
