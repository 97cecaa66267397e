#include "stats/Knee.h"

#include "stats/Exemplar.h"

#include "stats/Metric.h"
#include "stats/Selection.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pb::stats {
namespace {

constexpr double kNsPerMs = 1e6;

double startMs(const RunSample& s)
{
    return double(s.offset) / kNsPerMs;
}

double lengthMs(const RunSample& s)
{
    return double(s.interval) / kNsPerMs;
}

// Samples whose middle lies in [fromMs, toMs): a stage boundary rarely falls
// on a sample boundary, and the middle decides without counting one twice.
// Samples in order of their middle (as stored) are searched, not scanned:
// a run with many stages reads each sample about once.
double midMs(const RunSample& s)
{
    return startMs(s) + lengthMs(s) / 2;
}

bool midsSorted(std::span<const RunSample> samples)
{
    return std::is_sorted(samples.begin(), samples.end(),
                          [](const RunSample& a, const RunSample& b) { return midMs(a) < midMs(b); });
}

template<typename F>
double forSamplesIn(std::span<const RunSample> samples, bool sorted, double fromMs, double toMs, F&& f)
{
    auto begin = samples.begin();
    if (sorted) {
        begin = std::partition_point(samples.begin(), samples.end(),
                                     [&](const RunSample& s) { return midMs(s) < fromMs; });
    }
    double covered = 0;
    for (auto it = begin; it != samples.end(); ++it) {
        const auto& s = *it;
        const double mid = midMs(s);
        if (sorted && !(mid < toMs)) {
            break;
        }
        if (mid >= fromMs && mid < toMs && s.interval > 0) {
            f(s);
            covered += lengthMs(s);
        }
    }
    return covered;
}

struct Quantile
{
    std::optional<double> value;
    std::size_t n = 0;
    std::optional<Exemplar> exemplar; // the request at the rank
};

Quantile quantileOf(const Selection& sel, const Metric* metric, double p, Convention convention)
{
    Quantile q;
    if (!metric) {
        return q;
    }
    const BoundMetric bound(*metric, sel.table());
    if (!bound.available()) {
        return q;
    }
    std::vector<double> values;
    std::vector<RowIndex> rows;
    for (const auto row : sel.rows()) {
        if (metric->completedOnly && sel.outcome(row) != Outcome::Completed) {
            continue;
        }
        const double v = bound.value(row);
        if (std::isfinite(v)) {
            values.push_back(v);
            rows.push_back(row);
        }
    }
    if (!values.empty()) {
        q.n = values.size();
        const double level[] = {p};
        // Before quantiles(), which reorders the values away from their rows.
        q.exemplar = exemplarsOf(rows, values, sel.table(), level, convention).front();
        q.value = quantiles(values, level, convention).front().value;
    }
    return q;
}

} // namespace

std::vector<StageSpan> stageSpans(const RequestTable& table, std::optional<double> runEndMs)
{
    std::vector<StageSpan> out;
    const auto* stage = table.categoryColumn("stage");
    if (!stage || stage->codes.size() < table.rows) {
        return out;
    }
    const auto at = eventTimes(table);
    // One pass over the rows for every stage's first and last event and count.
    const std::size_t k = stage->labels.size();
    std::vector<double> firsts(k, std::numeric_limits<double>::infinity());
    std::vector<double> lastsOf(k, -std::numeric_limits<double>::infinity());
    std::vector<std::size_t> countsOf(k, 0);
    for (std::size_t r = 0; r < table.rows; ++r) {
        const auto code = stage->codes[r];
        if (code >= 0 && !isNull(at[r])) {
            const auto c = static_cast<std::size_t>(code);
            firsts[c] = std::min(firsts[c], at[r]);
            lastsOf[c] = std::max(lastsOf[c], at[r]);
            ++countsOf[c];
        }
    }
    std::vector<std::size_t> counts;
    std::vector<double> lasts;
    for (const auto& name : stagesInOrder(table)) {
        const auto code = stage->codeOf(name);
        if (code < 0) {
            continue;
        }
        const auto c = static_cast<std::size_t>(code);
        const double first = firsts[c];
        const double last = lastsOf[c];
        const std::size_t n = countsOf[c];
        if (n == 0) {
            continue; // a stage without a time has no place on the time axis
        }
        out.push_back({name, first, last});
        counts.push_back(n);
        lasts.push_back(last);
    }
    for (std::size_t i = 0; i + 1 < out.size(); ++i) {
        out[i].toMs = out[i + 1].fromMs;
    }
    if (!out.empty()) {
        auto& tail = out.back();
        const std::size_t n = counts.back();
        const double gap = n >= 2 ? (lasts.back() - tail.fromMs) / double(n - 1) : 0.0;
        tail.toMs = runEndMs && *runEndMs > tail.fromMs ? *runEndMs : lasts.back() + gap;
    }
    return out;
}

std::vector<SampleBin> binSamples(std::span<const RunSample> samples, double intervalMs)
{
    std::vector<SampleBin> bins;
    if (!(intervalMs > 0) || !std::isfinite(intervalMs) || samples.empty()) {
        return bins;
    }
    struct Acc
    {
        double covered = 0;
        double target = 0;
        double achieved = 0;
        double inFlight = 0;
        double tokens = 0;
        std::int64_t dropped = 0;
        std::int64_t completed = 0;
        bool anyTarget = false;
        std::size_t count = 0;
    };
    double end = 0;
    for (const auto& s : samples) {
        end = std::max(end, startMs(s) + lengthMs(s));
    }
    std::vector<Acc> acc(static_cast<std::size_t>(std::floor(end / intervalMs)) + 1);
    for (const auto& s : samples) {
        if (s.offset < 0 || s.interval <= 0) {
            continue;
        }
        auto& a =
            acc[std::min(acc.size() - 1, static_cast<std::size_t>(std::floor(startMs(s) / intervalMs)))];
        const double t = lengthMs(s);
        a.covered += t;
        a.target += s.targetRate * t;
        a.achieved += s.achievedRate * t;
        a.inFlight += double(s.inFlight);
        a.tokens += s.outputTokensPerSecond * t;
        a.dropped += s.dropped;
        a.completed += s.completed;
        a.anyTarget = a.anyTarget || s.targetRate > 0;
        ++a.count;
    }
    for (std::size_t b = 0; b < acc.size(); ++b) {
        const auto& a = acc[b];
        if (a.count == 0 || a.covered <= 0) {
            continue;
        }
        SampleBin bin;
        bin.fromMs = double(b) * intervalMs;
        bin.toMs = double(b + 1) * intervalMs;
        bin.coveredMs = a.covered;
        if (a.anyTarget) {
            bin.targetRate = a.target / a.covered;
        }
        bin.achievedRate = a.achieved / a.covered;
        bin.inFlight = a.inFlight / double(a.count);
        bin.dropped = a.dropped;
        bin.completed = a.completed;
        bin.completedRate = double(a.completed) / (a.covered / 1000.0);
        bin.outputTokensPerSecond = a.tokens / a.covered;
        bins.push_back(bin);
    }
    return bins;
}

StageKnee stageKnee(const RequestTable& table, const KneeOptions& options)
{
    StageKnee out;
    out.queueAvailable = table.numericColumn("gpu_queue") != nullptr;
    out.fromSamples = !options.samples.empty();
    out.scope = scopeLabel(options.scope);

    std::optional<double> runEnd;
    for (const auto& s : options.samples) {
        runEnd = std::max(runEnd.value_or(0.0), startMs(s) + lengthMs(s));
    }
    const auto spans = stageSpans(table, runEnd);

    // Completion times of every completed attempt of the run, for an import
    // (no samples): a stage's completions may land in the next stage's span.
    std::vector<double> ends;
    const Selection all = select(table, options.scope, Window{});
    const bool samplesSorted = midsSorted(options.samples);
    if (!out.fromSamples) {
        const auto at = eventTimes(all.table());
        const auto* total = all.table().numericColumn("total");
        for (const auto row : all.population()) {
            if (total && all.outcome(row) == Outcome::Completed && !isNull(at[row]) &&
                !isNull(total->values[row])) {
                ends.push_back(at[row] + total->values[row]);
            }
        }
        std::sort(ends.begin(), ends.end()); // counted per stage by search
    }

    const Metric* ttft = findMetric("first_text");
    const Metric* queue = findMetric("gpu_queue");
    const Metric* total = findMetric("total");
    for (const auto& span : spans) {
        if (std::find(options.excludeStages.begin(), options.excludeStages.end(), span.stage) !=
            options.excludeStages.end()) {
            continue;
        }
        // Counts and rates over every event of the stage and its whole span;
        // latency quantiles over the stage's window of the run analysis.
        Window w;
        w.kind = Window::Kind::Stage;
        w.stage = span.stage;
        const Selection sel = select(table, options.scope, w, options.index);
        const auto custom = options.stageWindows.find(span.stage);
        std::optional<Selection> steady;
        if (custom != options.stageWindows.end()) {
            steady.emplace(select(table, options.scope, custom->second, options.index));
        }
        const Selection& latency = steady ? *steady : sel;
        KneePoint pt;
        pt.stage = span.stage;
        pt.fromMs = span.fromMs;
        pt.toMs = span.toMs;
        for (const auto row : sel.population()) {
            const auto o = sel.outcome(row);
            ++(o == Outcome::Dropped ? pt.dropped : pt.started);
            pt.completed += o == Outcome::Completed ? 1 : 0;
        }
        const auto tq = quantileOf(latency, ttft, options.p, options.convention);
        pt.ttftP95 = tq.value;
        pt.ttftN = tq.n;
        pt.ttftExemplar = tq.exemplar;
        const auto qq = quantileOf(latency, queue, options.p, options.convention);
        pt.queueP95 = qq.value;
        pt.queueN = qq.n;
        pt.queueExemplar = qq.exemplar;
        const double shift = quantileOf(sel, total, 0.5, Convention::NearestRank).value.value_or(0.0);

        const double spanS = (span.toMs - span.fromMs) / 1000.0;
        double target = 0;
        double achieved = 0;
        bool anyTarget = false;
        const double covered =
            forSamplesIn(options.samples, samplesSorted, span.fromMs, span.toMs, [&](const RunSample& s) {
                target += s.targetRate * lengthMs(s);
                achieved += s.achievedRate * lengthMs(s);
                anyTarget = anyTarget || s.targetRate > 0;
            });
        if (const auto it = options.requestedRates.find(span.stage); it != options.requestedRates.end()) {
            pt.requestedRate = it->second;
        } else if (anyTarget && covered > 0) {
            pt.requestedRate = target / covered;
        }
        if (const auto it = options.achievedRates.find(span.stage); it != options.achievedRates.end()) {
            pt.arrivalRate = it->second;
        } else if (covered > 0) {
            pt.arrivalRate = achieved / covered;
        } else if (spanS > 0) {
            pt.arrivalRate = double(pt.started) / spanS;
        }

        if (out.fromSamples) {
            double done = 0;
            const double c =
                forSamplesIn(options.samples, samplesSorted, span.fromMs + shift, span.toMs + shift,
                             [&](const RunSample& s) { done += double(s.completed); });
            if (c > 0) {
                pt.throughput = done / (c / 1000.0);
            }
        } else if (spanS > 0) {
            const auto from = std::lower_bound(ends.begin(), ends.end(), span.fromMs + shift);
            const auto n = std::lower_bound(from, ends.end(), span.toMs + shift) - from;
            pt.throughput = double(n) / spanS;
        }
        out.points.push_back(std::move(pt));
    }
    if (out.points.size() < 2) {
        out.warnings.push_back("fewer than two stages: no knee chart");
    }
    if (!out.queueAvailable) {
        out.warnings.push_back("no gpu_queue: the run has no joined server spans");
    }
    return out;
}

} // namespace pb::stats
