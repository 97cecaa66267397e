#include "DiagnoseAnalysis.h"

namespace pb::ui {

VerdictResults computeVerdict(const RunSnapshot& snapshot, const QString& budgetFile)
{
    auto out = analysis::computeVerdict(*snapshot.run, snapshot.budgetVersions, budgetFile.toStdString());
    out.runId = snapshot.runId;
    return out;
}

DiagnosisResults computeDiagnosis(const RunSnapshot& snapshot, const analysis::LoadedRun* baseline)
{
    auto out = analysis::computeDiagnosis(*snapshot.run, snapshot.budgetVersions, baseline);
    out.runId = snapshot.runId;
    return out;
}

} // namespace pb::ui
