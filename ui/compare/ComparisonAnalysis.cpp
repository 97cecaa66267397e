#include "ComparisonAnalysis.h"

#include "analysis/SamePromptText.h"
#include "store/RunStore.h"

#include <QCoreApplication>

#include <stdexcept>

namespace pb::ui {

namespace {

std::unique_ptr<RunStore> openForComparison(const QString& path)
{
    return std::make_unique<RunStore>(path.toStdString(), RunStore::Mode::ReadOnly);
}

} // namespace

ComparisonResults compareWithTrace(const QString& path, qint64 runId, qint64 seqA, const QString& traceB,
                                   const std::shared_ptr<const analysis::LoadedRun>& run)
{
    auto store = openForComparison(path);
    const std::string id = traceB.trimmed().toStdString();
    auto b = analysis::findRequest(*store, id, runId);
    if (!b) {
        b = analysis::findRequest(*store, id);
    }
    if (!b) {
        throw std::runtime_error(
            QCoreApplication::translate("pb::ui::ComparisonView", "no request in this file has trace ID '%1'")
                .arg(traceB.trimmed())
                .toStdString());
    }
    ComparisonResults out;
    out.comparison =
        analysis::compareRequests(*store, {runId, seqA}, *b, stats::Convention::NearestRank, run.get());
    return out;
}

ComparisonResults compareTypicalWithSlow(const QString& path, qint64 runId,
                                         const std::shared_ptr<const analysis::LoadedRun>& run,
                                         const std::string& stage)
{
    auto store = openForComparison(path);
    auto pair = run && run->info.id == runId ? analysis::defaultPair(*run, stage)
                                             : analysis::defaultPair(*store, runId);
    if (!pair.typical || !pair.slow) {
        throw std::runtime_error(QCoreApplication::translate("pb::ui::ComparisonView",
                                                             "the run has no completed request with a total")
                                     .toStdString());
    }
    ComparisonResults out;
    out.comparison = analysis::compareRequests(*store, {runId, pair.typical->seq}, {runId, pair.slow->seq},
                                               stats::Convention::NearestRank, run.get());
    out.pair = std::move(pair);
    return out;
}

ComparisonResults compareSamePromptInBaseline(const QString& path, qint64 runId, qint64 seqB,
                                              qint64 baselineRun)
{
    auto store = openForComparison(path);
    auto match = analysis::samePromptInBaseline(*store, {runId, seqB}, baselineRun);
    if (!match.a) {
        throw std::runtime_error(analysis::samePromptRefusalText(match).toStdString());
    }
    ComparisonResults out;
    out.comparison = analysis::compareRequests(*store, *match.a, match.b);
    out.samePrompt = std::move(match);
    return out;
}

} // namespace pb::ui
