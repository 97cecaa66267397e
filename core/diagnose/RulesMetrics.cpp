// The rules on the target's Prometheus series scraped during the run: the
// seed's "queue rises while generation per token stays flat" row (the
// waiting requests rise while the running ones stay at their cap) and its
// "generation per token rises with batch size" row (the requests decoded in
// bigger batches are slower per token). Their evidence names the series.
#include "diagnose/Rules.h"
#include "loaded/TargetMetrics.h"
#include "stats/Metric.h"
#include "stats/Selection.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

namespace pb::diagnose {
namespace {

using analysis::TargetTrack;
using metrics::SeriesRole;

double mean(const std::vector<double>& v, std::size_t from, std::size_t to)
{
    if (to <= from) {
        return std::nan("");
    }
    return std::accumulate(v.begin() + std::ptrdiff_t(from), v.begin() + std::ptrdiff_t(to), 0.0) /
           double(to - from);
}

double batchMedian(std::vector<double> v)
{
    if (v.empty()) {
        return std::nan("");
    }
    std::sort(v.begin(), v.end());
    return v[(v.size() - 1) / 2]; // nearest rank
}

// Average ranks (ties share theirs) for Spearman's correlation.
std::vector<double> ranks(const std::vector<double>& v)
{
    std::vector<std::size_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < idx.size();) {
        std::size_t j = i;
        while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]]) {
            ++j;
        }
        for (std::size_t k = i; k <= j; ++k) {
            r[idx[k]] = (double(i) + double(j)) / 2.0;
        }
        i = j + 1;
    }
    return r;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y)
{
    const double mx = mean(x, 0, x.size());
    const double my = mean(y, 0, y.size());
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : std::nan("");
}

std::string runLabel(const RunData& run)
{
    return "run " + std::to_string(run.info.id) + ", target metrics";
}

std::string scrapeNote(const RunData& run)
{
    if (!run.scrape) {
        return {};
    }
    char interval[32];
    std::snprintf(interval, sizeof interval, "%g", double(run.scrape->interval) / 1e9);
    std::string note = "scraped from " + run.scrape->url + " every " + interval + " s";
    if (run.scrape->failed > 0) {
        note += "; " + std::to_string(run.scrape->failed) + " of " + std::to_string(run.scrape->scrapes) +
                " scrapes failed";
    }
    return note;
}

// The points of `t` up to `endMs` (the end of the arrivals).
std::size_t pointsUpTo(const TargetTrack& t, double endMs)
{
    return std::size_t(std::upper_bound(t.tMs.begin(), t.tMs.end(), endMs) - t.tMs.begin());
}

void addKvEvidence(Finding& f, const std::vector<TargetTrack>& tracks, double endMs)
{
    if (const auto* kv = trackOf(tracks, SeriesRole::KvCacheUsage)) {
        const auto n = pointsUpTo(*kv, endMs);
        if (n > 0) {
            const double top = *std::max_element(kv->values.begin(), kv->values.begin() + std::ptrdiff_t(n));
            f.evidence.push_back({kv->name, "max", "share", std::nullopt, top, 0, n});
        }
    }
}

std::optional<Finding> queueSaturation(const RunData& run, const std::vector<TargetTrack>& tracks,
                                       double endMs)
{
    const auto* waiting = trackOf(tracks, SeriesRole::Waiting);
    const auto* running = trackOf(tracks, SeriesRole::Running);
    if (!waiting || !running) {
        return std::nullopt;
    }
    const auto n = pointsUpTo(*waiting, endMs);
    if (n < 6) {
        return std::nullopt; // thirds of fewer scrapes are single moments, not a trend
    }
    std::vector<double> w(waiting->values.begin(), waiting->values.begin() + std::ptrdiff_t(n));
    std::vector<double> r;
    for (std::size_t i = 0; i < n; ++i) {
        r.push_back(analysis::valueAt(*running, waiting->tMs[i]));
    }
    const double cap = r.empty() ? 0.0 : *std::max_element(r.begin(), r.end());
    if (!(cap >= 1)) {
        return std::nullopt;
    }
    std::size_t withWaiting = 0;
    std::size_t atCap = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (w[i] >= 1) {
            ++withWaiting;
            atCap += r[i] >= 0.9 * cap ? 1 : 0;
        }
    }
    const std::size_t third = n / 3;
    const double first = mean(w, 0, third);
    const double last = mean(w, n - third, n);
    const double top = *std::max_element(w.begin(), w.end());
    const double share = withWaiting ? double(atCap) / double(withWaiting) : 0;
    const bool rises = last >= first + std::max(1.0, 0.2 * first) && top >= 2;
    // Requests waiting in a third of the scrapes at least: a burst is not a queue.
    if (withWaiting < std::max<std::size_t>(3, n / 3) || share < 0.8 || !rises) {
        return std::nullopt;
    }
    Finding f{"queue_saturation",
              QT_TRANSLATE_NOOP("pb::diagnose", "Requests queued on the server while the running requests "
                                                "stayed at their cap: the inference pool is saturated."),
              QT_TRANSLATE_NOOP("pb::diagnose",
                                "Check pool capacity (compute slots), batch policy, queue length, "
                                "the output-token limit and admission control; a gateway timeout "
                                "only turns slow responses into fast errors."),
              Owner::InferencePool,
              share >= 0.9 ? Confidence::High : Confidence::Medium,
              runLabel(run),
              {},
              scrapeNote(run)};
    f.evidence.push_back(
        {waiting->name, "mean, first -> last third of the scrapes", "requests", first, last, third, third});
    f.evidence.push_back({waiting->name, "max", "requests", std::nullopt, top, 0, n});
    f.evidence.push_back({running->name, "cap (most running at once)", "requests", std::nullopt, cap, 0, n});
    f.evidence.push_back({running->name, "share of scrapes with requests waiting at the cap", "share",
                          std::nullopt, share, 0, withWaiting});
    addKvEvidence(f, tracks, endMs);
    return f;
}

std::optional<Finding> batchPressure(const RunData& run, const std::vector<TargetTrack>& tracks, double endMs,
                                     const RuleOptions& o)
{
    const auto* running = trackOf(tracks, SeriesRole::Running);
    if (!running || run.table.rows == 0) {
        return std::nullopt;
    }
    const char* perTokenName = "server_generation_ms_per_output_token";
    const stats::Metric* perToken = stats::findMetric(perTokenName);
    if (!perToken || !stats::BoundMetric(*perToken, run.table).available()) {
        perTokenName = "generation_ms_per_output_token";
        perToken = stats::findMetric(perTokenName);
    }
    const stats::Metric* total = stats::findMetric("total");
    if (!perToken || !total) {
        return std::nullopt;
    }
    const stats::BoundMetric g(*perToken, run.table);
    const stats::BoundMetric tot(*total, run.table);
    if (!g.available() || !tot.available()) {
        return std::nullopt;
    }
    const auto times = stats::eventTimes(run.table);
    const auto sel = stats::select(run.table, stats::Scope{}, stats::Window{});
    std::vector<double> batch;
    std::vector<double> cost;
    for (const auto row : sel.rows()) {
        const double v = g.value(row);
        const double t = times[row] + tot.value(row) / 2; // the batch it decoded in, mid-request
        if (std::isnan(v) || std::isnan(t) || t > endMs + 60000) {
            continue;
        }
        const double b = analysis::valueAt(*running, t);
        if (!std::isnan(b)) {
            batch.push_back(b);
            cost.push_back(v);
        }
    }
    if (batch.size() < 4 * o.minSamples) {
        return std::nullopt;
    }
    const double mid = batchMedian(batch);
    // The median batch size joins the side that leaves both sides larger.
    std::size_t atOrBelow = 0;
    std::size_t below = 0;
    for (const double b : batch) {
        atOrBelow += b <= mid ? 1 : 0;
        below += b < mid ? 1 : 0;
    }
    const bool midIsLow =
        std::min(atOrBelow, batch.size() - atOrBelow) >= std::min(below, batch.size() - below);
    std::vector<double> lowCost;
    std::vector<double> highCost;
    double lowBatch = 0;
    double highBatch = 0;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (midIsLow ? batch[i] <= mid : batch[i] < mid) {
            lowCost.push_back(cost[i]);
            lowBatch += batch[i];
        } else {
            highCost.push_back(cost[i]);
            highBatch += batch[i];
        }
    }
    if (lowCost.size() < o.minSamples || highCost.size() < o.minSamples) {
        return std::nullopt; // one batch size all along
    }
    lowBatch /= double(lowCost.size());
    highBatch /= double(highCost.size());
    const double low = batchMedian(lowCost);
    const double high = batchMedian(highCost);
    const double rho = pearson(ranks(batch), ranks(cost));
    if (!(high >= low * (1 + o.perTokenRiseRel)) || !(rho >= 0.5)) {
        return std::nullopt;
    }
    Finding f{"generation_per_token",
              QT_TRANSLATE_NOOP("pb::diagnose",
                                "Generation time per output token rises with the server's batch "
                                "size: the batch is too aggressive or memory is under pressure."),
              QT_TRANSLATE_NOOP("pb::diagnose", "Check the scheduler's batch size, GPU memory and the token "
                                                "profile; reduce max tokens at the same arrival rate."),
              Owner::ModelGeneration,
              rho >= 0.7 ? Confidence::High : Confidence::Medium,
              runLabel(run),
              {},
              {}};
    f.evidence.push_back({std::string(perTokenName) + " by " + running->name,
                          "p50, smaller -> bigger batches", "ms/token", low, high, lowCost.size(),
                          highCost.size()});
    f.evidence.push_back({running->name, "mean at the requests, smaller -> bigger batches", "requests",
                          lowBatch, highBatch, lowCost.size(), highCost.size()});
    addKvEvidence(f, tracks, endMs);
    char rhoText[32];
    std::snprintf(rhoText, sizeof rhoText, "%.2f", rho);
    f.note = std::string("Spearman correlation of batch size and ") + perTokenName + ": " + rhoText +
             " over " + std::to_string(batch.size()) + " requests";
    if (const auto note = scrapeNote(run); !note.empty()) {
        f.note += "; " + note;
    }
    return f;
}

} // namespace

std::vector<Finding> metricRules(const RunData& run, const RuleOptions& options)
{
    std::vector<Finding> out;
    if (run.targetSeries.empty()) {
        return out;
    }
    const auto tracks = analysis::targetTracks(run.targetSeries);
    // Up to the end of the arrivals: the drain after it empties the queue by design.
    const double endMs = run.figures.steadyWindowEndMs.value_or(std::numeric_limits<double>::infinity());
    if (auto f = queueSaturation(run, tracks, endMs)) {
        out.push_back(std::move(*f));
    }
    if (auto f = batchPressure(run, tracks, endMs, options)) {
        out.push_back(std::move(*f));
    }
    return out;
}

void mergeFindings(std::vector<Finding>& findings, std::vector<Finding> more)
{
    for (auto& f : more) {
        const auto it = std::find_if(findings.begin(), findings.end(),
                                     [&](const Finding& e) { return e.rule == f.rule; });
        if (it == findings.end()) {
            findings.push_back(std::move(f));
            continue;
        }
        // The same symptom seen from the server's own series: more evidence.
        it->evidence.insert(it->evidence.end(), f.evidence.begin(), f.evidence.end());
        const std::string also = "also in " + f.between + (f.note.empty() ? "" : " (" + f.note + ")");
        it->note += (it->note.empty() ? "" : "; ") + also;
        if (it->confidence < f.confidence) {
            it->confidence = f.confidence;
        }
    }
}

} // namespace pb::diagnose
