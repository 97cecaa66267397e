// The main window: menus, the run list beside the tab pages, the status bar.
// Its tabs come from the page registry (pages/PageRegistry.h); it tells every
// run page through RunPage when the current run, the run's data or the store
// changed, and routes the links pages ask for (RunPage::linkActivated).
#pragma once

#include "pages/PageRegistry.h"

#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;
class QTimer;

namespace pb::capacity {
struct CapacityOptions;
}
namespace pb::session {
struct MeasuredRunOptions;
}

namespace pb::ui {

class RunController;
class DiagnosisPage;
class ImportController;
class FetchTracesController;
class UpgradeController;
class DistributionsPage;
class ExplorerPage;
class LauncherPage;
class TimelinePage;
class JobProgressWidget;
class OverviewPage;
class PhasePercentilesPage;
class WaterfallPage;
struct PageLink;
class RecentFiles;
class RequestsPage;
class RunCache;
class RunPage;
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
    // A file written by an older Phasebench is upgraded first, off the GUI
    // thread with progress and cancel in the status bar: true is returned at
    // once and the file opens when the upgrade ends (workbenchOpened), or
    // stays closed (workbenchOpenFailed, or a cancel that leaves it unchanged).
    bool openWorkbench(const QString& path, bool create = false, Remember remember = Remember::Yes);
    // Reopens the file that was open when Phasebench last quit, if it exists.
    bool restoreLastWorkbench();

    QString workbenchPath() const;
    qint64 currentRunId() const;
    bool isImporting() const;

    // The tab of page `id`.
    QWidget* page(PageId id) const;
    RequestsPage* requestsPage() const;
    OverviewPage* overviewPage() const;
    PhasePercentilesPage* phasePercentilesPage() const;
    WaterfallPage* waterfallPage() const;
    DiagnosisPage* diagnosisPage() const;
    // Shows the Run Launcher page.
    void showLauncher();
    LauncherPage* launcherPage() const;
    TimelinePage* timelinePage() const;
    ExplorerPage* explorerPage() const;
    DistributionsPage* distributionsPage() const;
    QTabWidget* pages() const { return m_tabs; }
    JobProgressWidget* runProgress() const { return m_runProgress; }
    // The one loaded run every page computes from (loads, joins, version).
    RunCache* runCache() const { return m_runCache; }
    // The status bar's progress of the run being loaded (cancel stops it).
    JobProgressWidget* loadProgress() const { return m_loadProgress; }
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
    // Starts a capacity search the same way; its stepped run is selected once it exists.
    bool startCapacity(const pb::capacity::CapacityOptions& options);
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
    void createFileMenu();
    void createRunMenu();
    void createEditMenu();
    // MainWindowPages.cpp: the tabs from the registry, the run pages'
    // notifications and the links between pages.
    void addPages();
    void followLink(const PageLink& link);
    void runDataChanged();
    void launchRun(pb::session::MeasuredRunOptions settings);
    void launchCapacity(pb::capacity::CapacityOptions options);
    // Where a launch goes (the open workbench, else the demo's), or nothing
    // after telling the user the workbench is read-only.
    std::optional<std::string> launchTarget();
    bool startWork(const QString& dbPath, bool demoGateway, const std::function<bool()>& start);
    void newWorkbench();
    void openWorkbenchDialog();
    void importDialog();
    void importMappedCsvDialog();
    // Runs `import` once a writable workbench is open (at once, or after the
    // default workbench's upgrade); not at all when none can be.
    void withWorkbenchForImport(std::function<void()> import);
    void onUpgraded(const QString& path);
    void onUpgradeEnded(const QString& message);
    void about();
    void demoDialog();
    void onRunStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId,
                      const QString& otlpGrpcEndpoint);
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
    RunCache* m_runCache;
    JobProgressWidget* m_loadProgress;
    ImportController* m_imports;
    RunsPage* m_runsPage;
    std::vector<std::pair<PageId, QWidget*>> m_pages; // every tab, in tab order
    std::vector<RunPage*> m_runPages;
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
    FetchTracesController* m_fetchTraces = nullptr;
    QAction* m_fetchTracesAction = nullptr;
    UpgradeController* m_upgrade = nullptr;
    // What waits for the file being upgraded: how to remember it, and the run
    // or import that asked for it.
    Remember m_upgradeRemember = Remember::Yes;
    std::function<void()> m_afterUpgrade;
};

} // namespace pb::ui
