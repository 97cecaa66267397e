// The SLO check and the diagnosis of a run are computed in core
// (analysis/Diagnosis.h); this header adds what only the window needs: the
// Job result types and overloads over the window's snapshot (its loaded run
// and stored budget versions).
#pragma once

#include "RunCache.h"
#include "analysis/Diagnosis.h"

#include <QMetaType>
#include <QString>

#include <memory>

namespace pb::ui {

using analysis::DiagnosisResults;
using analysis::VerdictResults;

// Throws budget::BudgetError for a malformed file.
VerdictResults computeVerdict(const RunSnapshot& snapshot, const QString& budgetFile = {});
DiagnosisResults computeDiagnosis(const RunSnapshot& snapshot, const analysis::LoadedRun* baseline = nullptr);

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::VerdictResults>)
Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::DiagnosisResults>)
