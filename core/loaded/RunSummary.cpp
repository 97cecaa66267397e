#include "loaded/RunSummary.h"

#include "join/JoinResult.h"
#include "loaded/Presets.h"
#include "model/Phases.h"
#include "stats/Selection.h"
#include "stats/Summarize.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <functional>
#include <iterator>
#include <mutex>
#include <thread>

namespace pb::analysis {
namespace {

// fn(0) .. fn(count - 1) on up to `threads` threads (0: the cores), each index
// once; the first exception is rethrown here after every thread has stopped.
void forEachIndex(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& fn)
{
    if (threads == 0) {
        threads = std::max(1U, std::thread::hardware_concurrency());
    }
    const auto workers = std::min<std::size_t>(threads, count);
    if (workers <= 1) {
        for (std::size_t i = 0; i < count; ++i) {
            fn(i);
        }
        return;
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failureMutex;
    const auto work = [&] {
        for (std::size_t i = next++; i < count; i = next++) {
            try {
                fn(i);
            } catch (...) {
                const std::lock_guard lock(failureMutex);
                if (!failure) {
                    failure = std::current_exception();
                }
                next = count; // the others stop at their next index
            }
        }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < workers; ++t) {
        pool.emplace_back(work);
    }
    work();
    for (auto& t : pool) {
        t.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
}

} // namespace

WindowFigures summarizeWindow(const LoadedRun& run, const stats::Window& window, const std::string& stage,
                              const SummaryRequest& request)
{
    WindowFigures out;
    out.stage = stage;
    out.window = window;
    const auto selection = stats::select(run.table, request.scope, window, stageIndexOf(run));
    out.report = stats::summarize(selection, request.statistic, request.metrics);
    out.profile = stats::loadProfile(selection);
    const bool oneStage =
        window.kind == stats::Window::Kind::Stage || window.kind == stats::Window::Kind::StageSteady;
    // The run's stages (a pass over every row) only where they are used: a
    // per-stage window computing them made the analysis quadratic in stages.
    const auto stages = oneStage ? std::vector<std::string>{} : runStages(run.table);
    if (oneStage) {
        if (const auto* f = run.figures.stage(window.stage)) {
            out.requestedRate = f->requestedRate;
            out.achievedRate = f->achievedRate;
            out.droppedIterations = f->droppedIterations;
            out.ratesStored = f->achievedRate.has_value();
        }
    } else if (stages.size() <= 1 && window.kind != stats::Window::Kind::Range) {
        out.requestedRate = run.figures.requestedRate;
        out.achievedRate = run.figures.achievedRate;
        out.droppedIterations = run.figures.droppedIterations;
        out.ratesStored = run.figures.achievedRate.has_value();
        if (!out.ratesStored && !run.samples.empty()) {
            out.requestedRate = sampleRate(run.samples, false);
            out.achievedRate = sampleRate(run.samples, true);
            out.ratesFromSamples = out.achievedRate.has_value();
        }
    } else {
        out.pooled = stages.size() > 1;
        out.note = pooledNote(run);
    }
    if (!out.achievedRate) {
        out.achievedRate = out.profile.achievedRate;
    }
    // One count of dropped iterations per window, the one the rates, the load
    // profile, `stats` text and JSON all show: the stage's (or run's) stored
    // count where there is one — a k6 import records only a count, no rows —
    // else the window's dropped rows.
    if (out.droppedIterations) {
        const auto count = static_cast<std::size_t>(std::llround(std::max(0.0, *out.droppedIterations)));
        if (count != out.profile.dropped) {
            out.droppedFromCount = true;
            out.profile.dropped = count;
            out.report.rates.dropped = count;
        }
    } else if (out.profile.dropped > 0) {
        out.droppedIterations = double(out.profile.dropped);
    }
    if (const auto& budgets = request.budgets ? request.budgets : run.budgets;
        budgets && !budgets->budgets.empty()) {
        out.goodput = computeGoodput(run, window, *budgets, {out.achievedRate, out.profile.started});
    }
    if (request.prefixCache) {
        auto statistic = request.statistic;
        statistic.exemplars = false;
        auto figures =
            stats::prefixCacheFigures(run.table, request.scope, window, statistic, stageIndexOf(run));
        if (figures.reported > 0) {
            out.prefixCache = std::move(figures);
        }
    }
    if (out.pooled) {
        out.report.window += " [" + out.note + "]";
        for (auto& m : out.report.metrics) {
            m.window = out.report.window;
        }
    }
    return out;
}

stats::KneeOptions kneeOptions(const LoadedRun& run, const WindowPolicy& policy)
{
    stats::KneeOptions options;
    options.samples = run.samples;
    options.excludeStages = {kWarmupStage};
    for (const auto& stage : run.figures.stages) {
        if (stage.requestedRate) {
            options.requestedRates[stage.stage] = *stage.requestedRate;
        }
        if (stage.achievedRate) {
            options.achievedRates[stage.stage] = *stage.achievedRate;
        }
    }
    for (const auto& stage : runStages(run.table)) {
        options.stageWindows[stage] = stageWindow(run, stage, policy);
    }
    options.index = stageIndexOf(run);
    return options;
}

std::optional<double> sampleRate(const std::vector<RunSample>& samples, bool achieved)
{
    double weighted = 0;
    double time = 0;
    for (const auto& s : samples) {
        const double t = double(s.interval);
        weighted += (achieved ? s.achievedRate : s.targetRate) * t;
        time += t;
    }
    if (time <= 0) {
        return std::nullopt;
    }
    return weighted / time;
}

SummaryRequest runSummaryRequest(const LoadedRun& run)
{
    SummaryRequest request;
    request.statistic.percentiles.assign(std::begin(kPercentileLevels), std::end(kPercentileLevels));
    for (const char* name : kRunSummaryMetrics) {
        const auto* metric = stats::findMetric(name);
        if (name == phase::kProvider && !run.table.categoryColumn(join::kRouteProviderColumn)) {
            continue;
        }
        if (metric && (metric->group != stats::MetricGroup::Server || run.joined)) {
            request.metrics.push_back(metric);
        }
    }
    return request;
}

RunSummary summarizeRun(const LoadedRun& run, const SummaryRequest& request)
{
    RunSummary out;
    out.runId = run.info.id;
    out.hasSpans = run.hasSpans;
    out.joined = run.joined;
    out.join = run.join;
    out.joinCoverage = run.joinCoverage();
    if (!request.budgets && run.budgets) {
        out.budgetsSource = run.budgetsSource;
    }
    if (request.window) {
        const std::string stage = request.window->kind == stats::Window::Kind::Stage ||
                                          request.window->kind == stats::Window::Kind::StageSteady
                                      ? request.window->stage
                                      : std::string();
        out.windows.push_back(summarizeWindow(run, *request.window, stage, request));
    } else {
        const auto windows = figureWindows(run, request.policy);
        out.windows.resize(windows.size());
        forEachIndex(windows.size(), request.threads, [&](std::size_t i) {
            out.windows[i] = summarizeWindow(run, windows[i].window, windows[i].stage, request);
        });
    }
    if (request.pooled) {
        out.pooled = summarizeWindow(run, pooledWindow(run, request.policy), {}, request);
    }
    return out;
}

} // namespace pb::analysis
