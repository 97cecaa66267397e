// The runs of a workbench file: create, status, config, delete, list; their
// samples and figures; and who writes them (a run stays 'running' or
// 'importing' only while its writer process lives).
#pragma once

#include "model/Run.h"
#include "model/Span.h"
#include "store/RunFiguresRecord.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pb::store {

class Statement;
struct StoreState;

class RunCatalogue
{
public:
    explicit RunCatalogue(StoreState& state);
    ~RunCatalogue();
    RunCatalogue(const RunCatalogue&) = delete;
    RunCatalogue& operator=(const RunCatalogue&) = delete;

    std::int64_t createRun(const RunInfo& info); // ignores info.id and the counts; this process is the writer
    void setRunStatus(std::int64_t runId, RunStatus status);
    void setRunConfig(std::int64_t runId, const std::string& configJson);
    void deleteRun(std::int64_t runId);
    // Appends every request row (after `into`'s last), block, span and named
    // figure of run `from` to run `into`, then deletes `from`: how an import
    // staged in pieces joins an existing run in one short transaction.
    // Returns the seq of the first row moved. Call inside a transaction.
    std::int64_t appendRunTo(std::int64_t from, std::int64_t into);
    std::vector<RunInfo> runs();
    std::optional<RunInfo> run(std::int64_t runId);
    // The newest load run still 'running' (the OTLP receiver follows it).
    std::optional<std::int64_t> latestRunningLoadRun();

    void insertSamples(std::int64_t runId, std::span<const RunSample> samples);
    std::vector<RunSample> samples(std::int64_t runId);

    // Typed figures (RunFiguresRecord.h). Writing a record replaces the
    // figures it names and leaves the others.
    void setLoadFigures(std::int64_t runId, const LoadFigures& figures);
    void setJoinFigures(std::int64_t runId, const JoinFigures& figures);
    RunFiguresRecord runFigures(std::int64_t runId);
    // The span rules the run's spans were classified with (JSON text).
    void setSpanRulesJson(std::int64_t runId, const std::string& json);
    std::optional<std::string> spanRulesJson(std::int64_t runId);
    // The run's budget versions, in name order.
    void setBudgets(std::int64_t runId, int version, const std::string& json);
    std::vector<BudgetsFigure> budgets(std::int64_t runId);

    // Figures by name: for importers, whose figures are named by the file
    // they read (open-ended: "k6.threshold.…", "results_…"), and for tests.
    struct Figure
    {
        std::string name;
        std::optional<double> value;
        std::string text;
    };
    void setFigure(std::int64_t runId, const std::string& name, std::optional<double> value,
                   const std::string& text = {});
    std::optional<double> figure(std::int64_t runId, const std::string& name);
    std::vector<Figure> figures(std::int64_t runId);

    // Runs left 'running' by a writer that no longer exists become
    // 'incomplete'; imports left 'importing' are removed.
    void markAbandonedRuns();
    // The writers that may hold the file's lock, for "busy" errors; the runs
    // this connection created are left out (it is the one waiting).
    std::string describeWriters();

private:
    std::optional<std::string> figureText(std::int64_t runId, const std::string& name);

    StoreState& m_s;
    std::unique_ptr<Statement> m_insertSample; // once a second in a live run
};

} // namespace pb::store
