// The main window: menus, the run list beside the tab pages, the status bar.
// It wires pages to the workbench and to imports; the pages and models do the
// rest.
#pragma once

#include <QMainWindow>
#include <QMessageBox>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;

namespace pb::ui {

class ImportController;
class JobProgressWidget;
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
    JobProgressWidget* importProgress() const { return m_importProgress; }

public Q_SLOTS:
    // Imports `files` into the open workbench, one run per file, off the GUI
    // thread. With no workbench open they go into the default workbench
    // (Workbench::defaultPath()), which is created on first use.
    void importFiles(const QStringList& files);
    void cancelImport();
    bool selectRun(qint64 runId);

Q_SIGNALS:
    void workbenchOpened(const QString& path);
    void workbenchOpenFailed(const QString& message);
    void importFinished(qint64 runId);
    // `message` names the file and line and says what was wrong.
    void importFailed(const QString& message);
    void importCancelled();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void newWorkbench();
    void openWorkbenchDialog();
    void importDialog();
    void about();
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
    QTabWidget* m_tabs;
    QSplitter* m_splitter;
    JobProgressWidget* m_importProgress;
    QLabel* m_counts;
    RecentFiles* m_recent = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_importAction = nullptr;
};

} // namespace pb::ui
