#include "RunAnalysis.h"

#include <algorithm>

#include "join/Join.h"
#include "stats/Metric.h"
#include "stats/Selection.h"
#include "stats/Summarize.h"
#include "store/RunStore.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>
#include <stdexcept>

namespace pb::ui {

JoinedTable loadJoinedTable(RunStore& store, const RunInfo& run, const ProgressFn& progress)
{
    JoinedTable out;
    out.table = store.loadRequestTable(run.id);
    if (run.spanCount > 0 && out.table.rows > 0) {
        JoinOptions options;
        options.progress = progress;
        const JoinResult joined = joinRun(store, run.id, options);
        // A run still being written may have gained rows since the table was read.
        if (joined.rows.size() != out.table.rows) {
            out.table = store.loadRequestTable(run.id);
        }
        if (joined.rows.size() == out.table.rows) {
            appendJoinedColumns(out.table, joined);
            out.joined = true;
            out.join = joined.report;
        }
    }
    return out;
}

stats::Window runWindow(RunStore& store, std::int64_t runId)
{
    stats::Window window;
    if (const auto warmup = store.figure(runId, "steady_window_start_ms")) {
        window.kind = stats::Window::Kind::Steady;
        window.warmupMs = *warmup;
        window.settleMs = 0; // as the demo's summary: the warm-up runs at the first stage's rate
    } else {
        window.kind = stats::Window::Kind::All;
    }
    return window;
}

std::optional<double> weightedSampleRate(const std::vector<RunSample>& samples, bool achieved)
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

namespace {

RunInfo runOrThrow(RunStore& store, std::int64_t runId)
{
    auto run = store.run(runId);
    if (!run) {
        throw std::runtime_error("no run " + std::to_string(runId) + " in this workbench");
    }
    return *run;
}

void readConfig(const std::string& json, OverviewResults& out)
{
    const QJsonObject config = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    out.scenario = config.value(QLatin1String("scenario")).toString();
    const QJsonObject target = config.value(QLatin1String("target")).toObject();
    out.model = target.value(QLatin1String("model")).toString();
    const QString base = target.value(QLatin1String("base_url")).toString();
    if (!base.isEmpty()) {
        const QUrl url(base);
        out.endpointHost =
            url.port() > 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
    }
    const QJsonValue stream =
        config.value(QLatin1String("request")).toObject().value(QLatin1String("stream"));
    if (stream.isBool()) {
        out.streaming = stream.toBool();
    }
}

} // namespace

OverviewResults computeOverview(const QString& path, std::int64_t runId, const ProgressFn& progress)
{
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    OverviewResults out;
    out.run = runOrThrow(store, runId);
    readConfig(out.run.configJson, out);

    out.requestedRate = store.figure(runId, "requested_rate");
    out.achievedRate = store.figure(runId, "achieved_rate");
    if (!out.achievedRate) {
        const auto samples = store.samples(runId);
        out.requestedRate = weightedSampleRate(samples, false);
        out.achievedRate = weightedSampleRate(samples, true);
        out.ratesFromSamples = out.achievedRate.has_value();
    }
    out.droppedIterations = store.figure(runId, "dropped_iterations");
    out.generatorLagP99Ms = store.figure(runId, "generator_lag_p99_ms");

    const JoinedTable joined = loadJoinedTable(store, out.run, progress);
    out.joined = joined.joined;
    out.joinCoverage = store.figure(runId, "join_coverage");
    if (!out.joinCoverage && joined.joined && !isNull(joined.join.coverage)) {
        out.joinCoverage = joined.join.coverage;
    }

    stats::Statistic statistic;
    statistic.percentiles.assign(std::begin(kOverviewLevels), std::end(kOverviewLevels));
    std::vector<const stats::Metric*> metrics;
    for (const char* name : kOverviewMetrics) {
        if (const auto* m = stats::findMetric(name)) {
            metrics.push_back(m);
        }
    }
    out.report = stats::summarize(joined.table, stats::Scope{}, runWindow(store, runId), statistic, metrics);
    return out;
}

stats::CompositionKind defaultCompositionKind(const JoinedTable& table)
{
    if (table.joined) {
        return stats::CompositionKind::ServerPhases;
    }
    if (table.table.numericColumn("first_text")) {
        return stats::CompositionKind::Streaming;
    }
    return stats::CompositionKind::ClientPhases;
}

CompositionResults computeComposition(const QString& path, std::int64_t runId,
                                      const CompositionRequest& request, const ProgressFn& progress)
{
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    const RunInfo run = runOrThrow(store, runId);
    const JoinedTable joined = loadJoinedTable(store, run, progress);
    CompositionResults out;
    out.runId = runId;
    out.kind = request.kind.value_or(defaultCompositionKind(joined));
    stats::Scope scope;
    scope.unit = request.unit;
    if (!request.model.empty()) {
        scope.filters.push_back({"model", {request.model}});
    }
    const stats::Selection selection =
        stats::select(joined.table, scope, request.window.value_or(runWindow(store, runId)));
    out.stages = stats::stagesInOrder(joined.table);
    if (const auto* models = joined.table.categoryColumn("model")) {
        out.models = models->labels;
        std::sort(out.models.begin(), out.models.end());
    }
    stats::Statistic statistic;
    statistic.convention = request.convention;
    statistic.percentiles.assign(std::begin(kOverviewLevels), std::end(kOverviewLevels));
    out.composition = stats::tailComposition(selection, out.kind, statistic, kOverviewLevels);
    return out;
}

} // namespace pb::ui
