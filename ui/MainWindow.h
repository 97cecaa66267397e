// The main window: menus, the run list beside the tab pages, the status bar.
// It wires pages to the workbench and to imports; the pages and models do the
// rest.
#pragma once

#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;
class QTimer;

namespace pb::session {
struct MeasuredRunOptions;
}

namespace pb::ui {

class RunController;
class DiagnosisPage;
class ImportController;
class DistributionsPage;
class ExplorerPage;
class LauncherPage;
class TimelinePage;
class JobProgressWidget;
class OverviewPage;
class PhaseStackPage;
class TracePage;
class RecentFiles;
class RequestsPage;
class RunsPage;
class Workbench;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum class Remember { Yes, No }; // No: a temporary file (the demo) stays out of Recent

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a workbench file, or creates it when `create` is set. On failure
    // the previous file stays open, a message is shown and false returned.
    bool openWorkbench(const QString& path, bool create = false, Remember remember = Remember::Yes);
    // Reopens the file that was open when Phasebench last quit, if it exists.
    bool restoreLastWorkbench();

    QString workbenchPath() const;
    qint64 currentRunId() const;
    bool isImporting() const;

    RunsPage* runsPage() const { return m_runsPage; }
    RequestsPage* requestsPage() const { return m_requestsPage; }
    OverviewPage* overviewPage() const { return m_overviewPage; }
    PhaseStackPage* phaseStackPage() const { return m_phaseStackPage; }
    TracePage* tracePage() const { return m_tracePage; }
    DiagnosisPage* diagnosisPage() const { return m_diagnosisPage; }
    // Shows the Run Launcher page.
    void showLauncher();
    LauncherPage* launcherPage() const { return m_launcherPage; }
    TimelinePage* timelinePage() const { return m_timelinePage; }
    ExplorerPage* explorerPage() const { return m_explorerPage; }
    DistributionsPage* distributionsPage() const { return m_distributionsPage; }
    QTabWidget* pages() const { return m_tabs; }
    JobProgressWidget* importProgress() const { return m_importProgress; }
    JobProgressWidget* runProgress() const { return m_runProgress; }
    RunController* runController() const { return m_runController; }
    // The receiver's and gateway's addresses while a run is measured.
    QString runAddressText() const;

    // Interval of the live refresh of the pages while a run fills.
    static constexpr int kLiveRefreshMs = 2000;

public Q_SLOTS:
    // Imports `files` into the open workbench, one run per file, off the GUI
    // thread. With no workbench open they go into the default workbench
    // (Workbench::defaultPath()), which is created on first use.
    void importFiles(const QStringList& files);
    void cancelImport();
    bool selectRun(qint64 runId);
    // Starts a measured run (the demo or a launch) into settings.dbPath (opened, or created, first);
    // the run is selected as soon as it exists and fills the pages live.
    bool startRun(const pb::session::MeasuredRunOptions& settings);
    void stopRun();

Q_SIGNALS:
    void workbenchOpened(const QString& path);
    void workbenchOpenFailed(const QString& message);
    void importFinished(qint64 runId);
    // `message` names the file and line and says what was wrong.
    void importFailed(const QString& message);
    void importCancelled();
    void runStarted(qint64 runId);
    void runFinished(qint64 runId);
    void runFailed(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void wireDiagnosis();
    // MainWindowPages.cpp: the timeline, explorer, distributions and
    // launcher pages, and the run pages' common show/clear/live refresh.
    void addLaterPages();
    void launchRun(pb::session::MeasuredRunOptions settings);
    void showRunOnLaterPages(qint64 runId);
    void refreshLaterPagesLive();
    void newWorkbench();
    void openWorkbenchDialog();
    void importDialog();
    void importMappedCsvDialog();
    bool ensureWorkbenchForImport();
    void about();
    void demoDialog();
    void onRunStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId);
    void onRunSample(qint64 elapsedMs, qint64 plannedMs, qint64 completed, qint64 failed, qint64 dropped);
    void onRunFinished(qint64 runId);
    void onRunFailed(const QString& message);
    void refreshLive();
    void refreshRuns();
    void showRun(qint64 runId);
    void updateTitle();
    void updateStatus();
    void updateActions();
    void showMessage(QMessageBox::Icon icon, const QString& title, const QString& text,
                     const QString& details);
    void onImportStarted(const QString& file);
    void onImported(const QString& file, qint64 runId, qint64 requests, qint64 skippedLines);
    void onImportFailed(const QString& file, const QString& message);
    void onImportCancelled(const QString& file);
    void readSettings();
    void writeSettings();

    std::unique_ptr<Workbench> m_workbench;
    ImportController* m_imports;
    RunsPage* m_runsPage;
    RequestsPage* m_requestsPage;
    OverviewPage* m_overviewPage;
    PhaseStackPage* m_phaseStackPage;
    TracePage* m_tracePage;
    DiagnosisPage* m_diagnosisPage;
    LauncherPage* m_launcherPage = nullptr;
    TimelinePage* m_timelinePage = nullptr;
    ExplorerPage* m_explorerPage = nullptr;
    DistributionsPage* m_distributionsPage = nullptr;
    // The later run pages: shown, cleared and refreshed live alike.
    struct RunPageHooks
    {
        std::function<void(const QString& path, qint64 runId)> show;
        std::function<void()> clear;
        std::function<void()> refreshLive;
    };
    std::vector<RunPageHooks> m_runPages;
    RunController* m_runController;
    JobProgressWidget* m_runProgress;
    QLabel* m_runAddress;
    QTimer* m_liveTimer;
    QTabWidget* m_tabs;
    QSplitter* m_splitter;
    JobProgressWidget* m_importProgress;
    QLabel* m_counts;
    QLabel* m_readOnlyBanner;
    RecentFiles* m_recent = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_importAction = nullptr;
    QAction* m_demoAction = nullptr;
    QAction* m_stopRunAction = nullptr;
};

} // namespace pb::ui
