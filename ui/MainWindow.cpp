#include "MainWindow.h"

#include "ReportActions.h"

#include "mapping/ColumnMappingDialog.h"

#include "FetchTracesController.h"
#include "ImportController.h"
#include "JobProgressWidget.h"
#include "Language.h"
#include "RecentFiles.h"
#include "RunController.h"
#include "UpgradeController.h"
#include "Workbench.h"
#include "pages/RunListModel.h"
#include "pages/RunPage.h"
#include "pages/RunsPage.h"
#include "store/FileUpgrade.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPalette>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb::ui {
namespace {

const QString kWorkbenchSuffix = QStringLiteral("phasebench");

QStringList localFiles(const QMimeData* mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls()) {
        return files;
    }
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile()) {
            files << url.toLocalFile();
        }
    }
    return files;
}

QString displayName(const QString& path)
{
    return QFileInfo(path).fileName();
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_workbench(std::make_unique<Workbench>())
    , m_runCache(new RunCache(this))
    , m_loadProgress(new JobProgressWidget)
    , m_imports(new ImportController(this))
    , m_runsPage(new RunsPage)
    , m_runController(new RunController(this))
    , m_runProgress(new JobProgressWidget)
    , m_runAddress(new QLabel)
    , m_liveTimer(new QTimer(this))
    , m_tabs(new QTabWidget)
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_importProgress(new JobProgressWidget)
    , m_counts(new QLabel)
    , m_readOnlyBanner(new QLabel)
    , m_fetchTraces(new FetchTracesController(this))
    , m_upgrade(new UpgradeController(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);

    m_tabs->setObjectName(QStringLiteral("pages"));
    m_tabs->setDocumentMode(true);
    addPages();
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_runsPage->setObjectName(QStringLiteral("runsPage"));
    m_splitter->addWidget(m_runsPage);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({360, 900});
    m_readOnlyBanner->setObjectName(QStringLiteral("readOnlyBanner"));
    m_readOnlyBanner->setWordWrap(true);
    m_readOnlyBanner->setMargin(6);
    m_readOnlyBanner->setAutoFillBackground(true);
    {
        QPalette pal = m_readOnlyBanner->palette();
        pal.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xce));
        pal.setColor(QPalette::WindowText, QColor(0x5c, 0x45, 0x00));
        m_readOnlyBanner->setPalette(pal);
    }
    m_readOnlyBanner->hide();
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_readOnlyBanner);
    centralLayout->addWidget(m_splitter, 1);
    setCentralWidget(central);

    statusBar()->addPermanentWidget(m_loadProgress);
    statusBar()->addPermanentWidget(m_runAddress);
    statusBar()->addPermanentWidget(m_runProgress);
    statusBar()->addPermanentWidget(m_importProgress);
    statusBar()->addPermanentWidget(m_fetchTraces->progressWidget());
    statusBar()->addPermanentWidget(m_upgrade->progressWidget());
    statusBar()->addPermanentWidget(m_counts);
    m_importProgress->setObjectName(QStringLiteral("importProgress"));
    m_importProgress->hide();
    // The selected run loads and joins once, off the GUI thread, for every page.
    m_loadProgress->setObjectName(QStringLiteral("loadProgress"));
    m_loadProgress->cancelButton()->setToolTip(tr("Stop loading the run"));
    m_loadProgress->hide();
    connect(m_runCache, &RunCache::loadingChanged, this, [this](bool loading) {
        if (loading) {
            m_loadProgress->reset();
            m_loadProgress->setText(tr("Loading run %1…").arg(m_runCache->runId()));
            m_loadProgress->setProgress(0, 0);
        }
        m_loadProgress->setVisible(loading);
    });
    connect(m_runCache, &RunCache::progress, this, [this](qint64 done, qint64 total) {
        m_loadProgress->setText(tr("Joining the spans of run %1…").arg(m_runCache->runId()));
        m_loadProgress->setProgress(done, total);
    });
    connect(m_loadProgress, &JobProgressWidget::cancelRequested, m_runCache, &RunCache::cancel);
    connect(m_runCache, &RunCache::failed, this,
            [this](const QString&, qint64 runId, const QString& message) {
                statusBar()->showMessage(tr("Cannot load run %1: %2").arg(runId).arg(message), 15000);
            });
    connect(m_runCache, &RunCache::cancelled, this, [this] {
        statusBar()->showMessage(tr("Loading the run was cancelled; select it again to load it."), 10000);
    });
    m_runProgress->setObjectName(QStringLiteral("runProgress"));
    m_runProgress->cancelButton()->setText(tr("Stop"));
    m_runProgress->cancelButton()->setToolTip(tr("Stop the run; requests in flight finish"));
    m_runProgress->hide();
    m_runAddress->setObjectName(QStringLiteral("runAddress"));
    m_runAddress->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runAddress->hide();
    m_liveTimer->setInterval(kLiveRefreshMs);

    createMenus();

    connect(m_runsPage, &RunsPage::currentRunChanged, this, &MainWindow::showRun);

    connect(m_imports, &ImportController::fileStarted, this, &MainWindow::onImportStarted);
    connect(m_imports, &ImportController::progress, m_importProgress, &JobProgressWidget::setProgress);
    connect(m_imports, &ImportController::fileImported, this, &MainWindow::onImported);
    connect(m_imports, &ImportController::fileFailed, this, &MainWindow::onImportFailed);
    connect(m_imports, &ImportController::fileCancelled, this, &MainWindow::onImportCancelled);
    connect(m_imports, &ImportController::busyChanged, this, [this](bool busy) {
        m_importProgress->setVisible(busy);
        updateActions();
    });
    connect(m_importProgress, &JobProgressWidget::cancelRequested, this, &MainWindow::cancelImport);

    m_runController->setObjectName(QStringLiteral("runController"));
    connect(m_runController, &RunController::started, this, &MainWindow::onRunStarted);
    connect(m_runController, &RunController::sampled, this, &MainWindow::onRunSample);
    connect(m_runController, &RunController::finished, this, &MainWindow::onRunFinished);
    connect(m_runController, &RunController::failed, this, &MainWindow::onRunFailed);
    connect(m_runController, &RunController::busyChanged, this, [this](bool busy) {
        m_runProgress->setVisible(busy);
        updateActions();
    });
    connect(m_runProgress, &JobProgressWidget::cancelRequested, this, &MainWindow::stopRun);
    connect(m_liveTimer, &QTimer::timeout, this, &MainWindow::refreshLive);

    m_fetchTraces->setObjectName(QStringLiteral("fetchTracesController"));
    connect(m_fetchTraces, &FetchTracesController::busyChanged, this, &MainWindow::updateActions);
    connect(m_fetchTraces, &FetchTracesController::finished, this,
            [this](qint64 runId, const QString& message) {
                if (m_fetchTraces->workbenchPath() == m_workbench->path()) {
                    refreshRuns();
                    if (m_runsPage->currentRunId() == runId) {
                        showRun(runId); // the run's spans and join changed
                    }
                }
                statusBar()->showMessage(message, 15000);
            });
    connect(m_fetchTraces, &FetchTracesController::failed, this, [this](const QString& message) {
        showMessage(QMessageBox::Warning, tr("Fetch Failed"), tr("Could not fetch traces from Jaeger."),
                    message);
    });

    m_upgrade->setObjectName(QStringLiteral("upgradeController"));
    connect(m_upgrade, &UpgradeController::busyChanged, this, &MainWindow::updateActions);
    connect(m_upgrade, &UpgradeController::upgraded, this, &MainWindow::onUpgraded);
    connect(m_upgrade, &UpgradeController::failed, this, [this](const QString& path, const QString& message) {
        showMessage(QMessageBox::Warning, tr("Cannot Open Workbench"),
                    tr("Could not upgrade %1 to this version's format.").arg(displayName(path)), message);
        onUpgradeEnded(message);
    });
    connect(m_upgrade, &UpgradeController::cancelled, this, [this](const QString& path) {
        const QString message =
            tr("The upgrade of %1 was cancelled; the file is unchanged. Open it again to upgrade it.")
                .arg(displayName(path));
        statusBar()->showMessage(message, 15000);
        onUpgradeEnded(message);
    });

    resize(1280, 800);
    readSettings();
    updateTitle();
    updateStatus();
    updateActions();
    showRun(0);
}

MainWindow::~MainWindow() = default;

// One function per menu, in menu-bar order: a new action goes into its menu's function.
void MainWindow::createMenus()
{
    createFileMenu();
    createRunMenu();
    createEditMenu();

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addMenu(createLanguageMenu(this));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* aboutAction = help->addAction(tr("&About Phasebench"), this, &MainWindow::about);
    aboutAction->setMenuRole(QAction::AboutRole);
}

void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_newAction = file->addAction(tr("&New Workbench…"), this, &MainWindow::newWorkbench);
    m_newAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_N));
    m_newAction->setStatusTip(tr("Create an empty workbench file"));
    m_openAction = file->addAction(tr("&Open…"), this, &MainWindow::openWorkbenchDialog);
    m_openAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    m_openAction->setStatusTip(tr("Open a workbench file"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recent = new RecentFiles(m_recentMenu, this);
    connect(m_recent, &RecentFiles::fileTriggered, this,
            [this](const QString& path) { openWorkbench(path); });
    file->addSeparator();
    m_importAction = file->addAction(tr("&Import…"), this, &MainWindow::importDialog);
    m_importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_importAction->setObjectName(QStringLiteral("importAction"));
    m_importAction->setStatusTip(tr("Import result files into the workbench, one run per file"));
    QAction* mapped =
        file->addAction(tr("Import CSV with Column &Mapping…"), this, &MainWindow::importMappedCsvDialog);
    mapped->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    mapped->setStatusTip(tr("Import any CSV file by saying what each of its columns holds"));
    file->addSeparator();
    // Export Report… (Ctrl+E) and Export Requests… (ui/report).
    report::installReportActions(file, this,
                                 {[this] { return m_workbench ? m_workbench->path() : QString(); },
                                  [this] {
                                      return currentRunId();
                                  }});
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::createRunMenu()
{
    QMenu* run = menuBar()->addMenu(tr("&Run"));
    m_demoAction = run->addAction(tr("Run &Demo…"), this, &MainWindow::demoDialog);
    m_demoAction->setObjectName(QStringLiteral("runDemoAction"));
    m_demoAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_demoAction->setStatusTip(tr("Run the built-in demo gateway with a load run, live"));
    QAction* launch = run->addAction(tr("&Launch Run…"), this, &MainWindow::showLauncher);
    launch->setObjectName(QStringLiteral("launchRunAction"));
    launch->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    launch->setStatusTip(tr("Edit or open a scenario and run it against the demo gateway or an endpoint"));
    m_stopRunAction = run->addAction(tr("&Stop"), this, &MainWindow::stopRun);
    m_stopRunAction->setObjectName(QStringLiteral("stopRunAction"));
    m_stopRunAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_stopRunAction->setStatusTip(tr("Stop the run; requests in flight finish"));
    run->addSeparator();
    m_fetchTracesAction = run->addAction(tr("&Fetch Traces from Jaeger…"), this, [this] {
        if (currentRunId() == 0) {
            statusBar()->showMessage(tr("Select the run whose traces to fetch."), 10000);
            return;
        }
        m_fetchTraces->showDialog(this, m_workbench->path(), currentRunId());
    });
    m_fetchTracesAction->setObjectName(QStringLiteral("fetchTracesAction"));
    m_fetchTracesAction->setStatusTip(
        tr("Fetch the selected run's server traces from Jaeger by trace ID and join them"));
}

void MainWindow::createEditMenu()
{
    // The pages' own actions (Find Trace…), in tab order.
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    for (RunPage* page : m_runPages) {
        edit->addActions(page->editActions(this));
    }
}

bool MainWindow::openWorkbench(const QString& path, bool create, Remember remember)
{
    if (m_upgrade->isBusy()) {
        statusBar()->showMessage(tr("Wait for the upgrade of %1 to finish, or cancel it, before opening "
                                    "another workbench.")
                                     .arg(displayName(m_upgrade->path())),
                                 10000);
        return false;
    }
    // Migrating a big file takes seconds per million requests: as a job,
    // never inside the open on the GUI thread.
    if (!create && store::needsUpgrade(QFileInfo(path).absoluteFilePath().toStdString())) {
        m_upgradeRemember = remember;
        m_afterUpgrade = nullptr;
        return m_upgrade->start(QFileInfo(path).absoluteFilePath());
    }
    if (!m_workbench->open(path, create)) {
        const QString message = m_workbench->errorString();
        if (!create) {
            m_recent->remove(path);
        }
        showMessage(QMessageBox::Warning,
                    create ? tr("Cannot Create Workbench") : tr("Cannot Open Workbench"),
                    create ? tr("Could not create %1.").arg(displayName(path))
                           : tr("Could not open %1.").arg(displayName(path)),
                    message);
        Q_EMIT workbenchOpenFailed(message);
        return false;
    }
    if (remember == Remember::Yes) {
        m_recent->add(m_workbench->path());
        QSettings().setValue(QStringLiteral("lastFile"), m_workbench->path());
    }
    if (m_workbench->isReadOnly()) {
        m_readOnlyBanner->setText(tr("%1 is read-only (file or folder permissions, or read-only media). Its "
                                     "runs can be viewed; importing and new runs are off. Copy it somewhere "
                                     "writable to add runs.")
                                      .arg(QDir::toNativeSeparators(m_workbench->path())));
    }
    m_readOnlyBanner->setVisible(m_workbench->isReadOnly());
    updateActions();
    refreshRuns();
    const qint64 before = m_runsPage->currentRunId();
    if (before == 0 && m_runsPage->runCount() > 0) {
        m_runsPage->selectRun(m_runsPage->model()->runs().back().id);
    }
    // A selection that changed was shown already (currentRunChanged); showing
    // it again now would load the run a second time.
    if (m_runsPage->currentRunId() == before) {
        showRun(m_runsPage->currentRunId());
    }
    updateTitle();
    Q_EMIT workbenchOpened(m_workbench->path());
    return true;
}

void MainWindow::onUpgraded(const QString& path)
{
    auto after = std::exchange(m_afterUpgrade, nullptr);
    if (openWorkbench(path, false, m_upgradeRemember) && after) {
        after();
    }
}

void MainWindow::onUpgradeEnded(const QString& message)
{
    m_afterUpgrade = nullptr;
    Q_EMIT workbenchOpenFailed(message);
}

bool MainWindow::restoreLastWorkbench()
{
    const QString last = QSettings().value(QStringLiteral("lastFile")).toString();
    if (last.isEmpty() || !QFileInfo::exists(last)) {
        return false;
    }
    return openWorkbench(last);
}

QString MainWindow::workbenchPath() const
{
    return m_workbench->path();
}

qint64 MainWindow::currentRunId() const
{
    return m_runsPage->currentRunId();
}

bool MainWindow::isImporting() const
{
    return m_imports->isBusy();
}

void MainWindow::withWorkbenchForImport(std::function<void()> import)
{
    if (m_workbench->isOpen() && m_workbench->isReadOnly()) {
        showMessage(
            QMessageBox::Warning, tr("Workbench Is Read-Only"),
            tr("%1 is read-only; nothing can be imported into it.").arg(displayName(m_workbench->path())),
            tr("Open or create a writable workbench file (File › New, Ctrl+N) and import there."));
        return;
    }
    if (m_workbench->isOpen()) {
        import();
        return;
    }
    // Least surprise for a drop on an empty window: import at once, into a
    // default workbench that persists, and say where it is.
    const QString path = Workbench::defaultPath();
    if (!openWorkbench(path, !QFileInfo::exists(path))) {
        return;
    }
    statusBar()->showMessage(tr("No workbench was open: importing into the default workbench %1")
                                 .arg(QDir::toNativeSeparators(path)),
                             10000);
    if (m_upgrade->isBusy()) {
        m_afterUpgrade = std::move(import); // the default workbench of an older version
    } else {
        import();
    }
}

void MainWindow::importFiles(const QStringList& files)
{
    if (files.isEmpty()) {
        return;
    }
    withWorkbenchForImport([this, files] { m_imports->importFiles(m_workbench->path(), files); });
}

void MainWindow::importMappedCsvDialog()
{
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Import CSV with Column Mapping"),
                                     QSettings().value(QStringLiteral("lastImportDir")).toString(),
                                     tr("Delimited text (*.csv *.tsv *.txt);;All files (*)"));
    if (file.isEmpty()) {
        return;
    }
    QSettings().setValue(QStringLiteral("lastImportDir"), QFileInfo(file).absolutePath());
    // open(), not exec(): window-modal without a nested event loop.
    auto* dialog = new ColumnMappingDialog(file, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, file] {
        withWorkbenchForImport([this, file, mapping = dialog->mappingText()] {
            m_imports->importMappedCsv(m_workbench->path(), file, mapping);
        });
    });
    dialog->open();
}

void MainWindow::cancelImport()
{
    m_importProgress->cancelButton()->setEnabled(false);
    m_importProgress->setText(tr("Cancelling…"));
    m_imports->cancel();
}

bool MainWindow::selectRun(qint64 runId)
{
    return m_runsPage->selectRun(runId);
}

void MainWindow::newWorkbench()
{
    QFileDialog dialog(this, tr("New Workbench"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    // Workbench files are never replaced; Workbench::open() refuses and says so.
    dialog.setOption(QFileDialog::DontConfirmOverwrite);
    dialog.setDefaultSuffix(kWorkbenchSuffix);
    dialog.setNameFilters({tr("Phasebench workbench (*.phasebench)"), tr("All files (*)")});
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) {
        return;
    }
    openWorkbench(dialog.selectedFiles().constFirst(), true);
}

void MainWindow::openWorkbenchDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Workbench"), QFileInfo(m_workbench->path()).absolutePath(),
        tr("Phasebench workbench (*.phasebench);;All files (*)"));
    if (!path.isEmpty()) {
        openWorkbench(path);
    }
}

void MainWindow::importDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import"), QSettings().value(QStringLiteral("lastImportDir")).toString(),
        ImportController::fileDialogFilters().join(QStringLiteral(";;")));
    if (files.isEmpty()) {
        return;
    }
    QSettings().setValue(QStringLiteral("lastImportDir"), QFileInfo(files.constFirst()).absolutePath());
    importFiles(files);
}

void MainWindow::about()
{
    showMessage(QMessageBox::Information, tr("About Phasebench"),
                tr("Phasebench %1").arg(QLatin1String(PHASEBENCH_VERSION)),
                tr("A workbench for LLM API latency: which phase owns this p95?\n\nBuilt with Qt %1.")
                    .arg(QLatin1String(qVersion())));
}

void MainWindow::refreshRuns()
{
    // Store changed: every page that names runs, then the run list (which
    // may change the current run, and the pages must know its name by then).
    const std::vector<RunInfo> runs = m_workbench->runs();
    for (RunPage* page : m_runPages) {
        page->setRuns(runs);
    }
    m_runsPage->setRuns(runs);
    updateStatus();
}

void MainWindow::showRun(qint64 runId)
{
    // Current run changed: every run page shows it, or says why there is none.
    const RunInfo* run = runId != 0 ? m_runsPage->currentRun() : nullptr;
    if (run) {
        // One load for every page: the same run shown again (its final
        // figures, fetched spans) is a new version of it.
        if (m_runCache->path() == m_workbench->path() && m_runCache->runId() == run->id) {
            m_runCache->reload();
        } else {
            m_runCache->request(m_workbench->path(), run->id);
        }
        for (RunPage* page : m_runPages) {
            page->showRun(m_workbench->path(), run->id);
        }
    } else {
        m_runCache->clear();
        QString hint;
        if (!m_workbench->isOpen()) {
            hint = tr("Open a workbench file (File › Open, Ctrl+O) or create one "
                      "(File › New Workbench, Ctrl+N).\n\nDrop result files here to import "
                      "them.");
        } else if (m_runsPage->runCount() == 0) {
            hint = tr("This workbench has no runs yet.\n\nImport a result file (File › "
                      "Import…, Ctrl+I) or drop one here.");
        } else {
            hint = tr("Select a run in the list.");
        }
        for (RunPage* page : m_runPages) {
            page->showNoRun(hint);
        }
    }
    updateStatus();
}

void MainWindow::updateTitle()
{
    if (m_workbench->isOpen()) {
        setWindowFilePath(m_workbench->path());
        setWindowTitle(tr("%1 — Phasebench").arg(displayName(m_workbench->path())));
    } else {
        setWindowFilePath({});
        setWindowTitle(tr("Phasebench"));
    }
}

void MainWindow::updateStatus()
{
    if (!m_workbench->isOpen()) {
        m_counts->setText(tr("No workbench open"));
        return;
    }
    // "Label: number" reads right for any count without plural forms.
    QString text = tr("Runs: %L1").arg(m_runsPage->runCount());
    if (const RunInfo* run = m_runsPage->currentRun()) {
        text += QStringLiteral("  ·  ") + tr("Run %1: %L2 requests").arg(run->id).arg(run->requestCount);
    }
    m_counts->setText(text);
}

void MainWindow::updateActions()
{
    // The workbench must not change under a running import or run.
    const bool busy =
        m_imports->isBusy() || m_runController->isRunning() || m_fetchTraces->isBusy() || m_upgrade->isBusy();
    const bool readOnly = m_workbench->isReadOnly();
    m_demoAction->setEnabled(!m_runController->isRunning() && !readOnly);
    m_importAction->setEnabled(!readOnly);
    m_stopRunAction->setEnabled(m_runController->isRunning());
    m_fetchTracesAction->setEnabled(m_workbench->isOpen() && !readOnly && !m_fetchTraces->isBusy());
    m_newAction->setEnabled(!busy);
    m_openAction->setEnabled(!busy);
    m_recentMenu->setEnabled(!busy && !m_recent->files().isEmpty());
}

void MainWindow::showMessage(QMessageBox::Icon icon, const QString& title, const QString& text,
                             const QString& details)
{
    // open(), not exec(): window-modal without a nested event loop.
    auto* box = new QMessageBox(icon, title, text, QMessageBox::Ok, this);
    box->setInformativeText(details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::onImportStarted(const QString& file)
{
    m_importProgress->reset();
    m_importProgress->setText(tr("Importing %1…").arg(displayName(file)));
}

void MainWindow::onImported(const QString& file, qint64 runId, qint64 requests, qint64 skippedLines)
{
    if (m_imports->workbenchPath() == m_workbench->path()) {
        refreshRuns();
        m_runsPage->selectRun(runId);
    }
    QString message =
        tr("Imported %1 into run %2 (requests: %L3).").arg(displayName(file)).arg(runId).arg(requests);
    if (skippedLines > 0) {
        message += QLatin1Char(' ') + tr("Bad lines skipped: %L1.").arg(skippedLines);
    }
    statusBar()->showMessage(message, 10000);
    Q_EMIT importFinished(runId);
}

void MainWindow::onImportFailed(const QString& file, const QString& message)
{
    showMessage(QMessageBox::Warning, tr("Import Failed"), tr("Could not import %1.").arg(displayName(file)),
                message + QStringLiteral("\n\n") + tr("Nothing of this import was stored."));
    Q_EMIT importFailed(message);
}

void MainWindow::onImportCancelled(const QString& file)
{
    statusBar()->showMessage(tr("Import of %1 cancelled; nothing of it was stored.").arg(displayName(file)),
                             10000);
    Q_EMIT importCancelled();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // A running import stops at its next progress check and rolls back.
    m_imports->cancel();
    m_runController->stop();
    m_fetchTraces->cancel();
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localFiles(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QStringList files = localFiles(event->mimeData());
    if (files.isEmpty()) {
        return;
    }
    event->acceptProposedAction();
    // A dropped workbench file is opened; anything else is imported.
    if (files.size() == 1 && QFileInfo(files.constFirst()).suffix() == kWorkbenchSuffix) {
        if (isImporting() || m_runController->isRunning()) {
            statusBar()->showMessage(
                tr("Wait for the import or the run to finish, or stop it, before opening "
                   "another workbench."),
                10000);
        } else {
            openWorkbench(files.constFirst());
        }
        return;
    }
    importFiles(files);
}

void MainWindow::readSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("mainWindow/splitter")).toByteArray());
}

void MainWindow::writeSettings()
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    settings.setValue(QStringLiteral("mainWindow/splitter"), m_splitter->saveState());
}

void MainWindow::showLauncher()
{
    m_tabs->setCurrentWidget(page(PageId::Launcher));
}

} // namespace pb::ui
