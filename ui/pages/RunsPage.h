// The run list of the open workbench: which run the other pages show.
#pragma once

#include "model/Run.h"

#include <QWidget>

#include <vector>

class QTableView;

namespace pb::ui {

class RunListModel;

class RunsPage : public QWidget
{
    Q_OBJECT
public:
    explicit RunsPage(QWidget* parent = nullptr);

    // Replaces the list; the current run stays current while it still exists.
    void setRuns(std::vector<RunInfo> runs);
    // Makes `runId` current; false when the list has no such run.
    bool selectRun(qint64 runId);
    // The current run's id, or 0.
    qint64 currentRunId() const { return m_current; }
    // The current run, or nullptr.
    const RunInfo* currentRun() const;
    int runCount() const;
    RunListModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

Q_SIGNALS:
    // 0 when no run is current.
    void currentRunChanged(qint64 runId);

private:
    void syncCurrent();

    RunListModel* m_model;
    QTableView* m_view;
    qint64 m_current = 0;
};

} // namespace pb::ui
