// What the window's comparison asks core for, off the GUI thread: two
// requests read from the workbench file (a bounded read, not the run) and
// compared (analysis::compareRequests), and for "typical vs slow" the p50 and
// p99 exemplars of total picked first (analysis::defaultPair), for "same
// prompt in baseline" the baseline's request of the same prompt
// (analysis::samePromptInBaseline).
#pragma once

#include "analysis/RequestComparison.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>

namespace pb::ui {

struct ComparisonResults
{
    analysis::RequestComparison comparison;
    std::optional<analysis::ExemplarPair> pair;          // set for "typical vs slow"
    std::optional<analysis::SamePromptMatch> samePrompt; // set for "same prompt in baseline"
};

// Request `seqA` of run `runId` against the request with trace ID `traceB`
// (in the same run first, else in any run of the file). Throws
// std::runtime_error with a translated message when traceB is not found.
// `run`: the window's loaded run, whose target series are not read again.
ComparisonResults compareWithTrace(const QString& path, qint64 runId, qint64 seqA, const QString& traceB,
                                   const std::shared_ptr<const analysis::LoadedRun>& run = nullptr);
// The p50 and p99 exemplars of total of run `runId`, in `stage` (empty: the
// run's last stage, or its steady window): taken from `run` when it is that
// run (the window's loaded run), else read from the file.
ComparisonResults compareTypicalWithSlow(const QString& path, qint64 runId,
                                         const std::shared_ptr<const analysis::LoadedRun>& run,
                                         const std::string& stage);
// Request `seqB` of run `runId` (B) against the request of run `baselineRun`
// that sent the same prompt (A). Throws std::runtime_error with the
// translated reason when there is no such pair.
ComparisonResults compareSamePromptInBaseline(const QString& path, qint64 runId, qint64 seqB,
                                              qint64 baselineRun);

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::ComparisonResults>)
