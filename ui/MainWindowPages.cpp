// MainWindow's wiring of the pages added after the first ones: the run
// timeline and the run launcher (with its launches through the
// RunController), and the common show/clear/live refresh of run pages.
#include "MainWindow.h"
#include "RunController.h"
#include "RunsPage.h"
#include "Workbench.h"
#include "distributions/DistributionsPage.h"
#include "explorer/ExplorerPage.h"
#include "launcher/LauncherPage.h"
#include "pages/PhaseStackPage.h"
#include "pages/TracePage.h"
#include "session/SessionOptions.h"
#include "timeline/TimelinePage.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

namespace pb::ui {

void MainWindow::addLaterPages()
{
    auto statusMessage = [this](const QString& message) {
        statusBar()->showMessage(message, 10000);
    };
    // A run page with showRun/clear/refresh/isComputing; a live refresh
    // waits for the page's running computation.
    auto addRunPage = [this](auto* page) {
        m_runPages.push_back(
            RunPageHooks{[page](const QString& path, qint64 runId) { page->showRun(path, runId); },
                         [page] { page->clear(); },
                         [page] {
                             if (!page->isComputing()) {
                                 page->refresh();
                             }
                         }});
    };

    m_timelinePage = new TimelinePage;
    m_tabs->insertTab(m_tabs->indexOf(m_phaseStackPage) + 1, m_timelinePage, tr("Timeline"));
    addRunPage(m_timelinePage);
    connect(m_timelinePage, &TimelinePage::errorOccurred, this, statusMessage);

    m_explorerPage = new ExplorerPage;
    m_tabs->insertTab(m_tabs->indexOf(m_timelinePage) + 1, m_explorerPage, tr("Explorer"));
    addRunPage(m_explorerPage);
    connect(m_explorerPage, &ExplorerPage::errorOccurred, this, statusMessage);
    // A point or row of the explorer opens that attempt's waterfall.
    connect(m_explorerPage, &ExplorerPage::requestSelected, this, [this](qint64 seq) {
        m_tracePage->showRequest(m_workbench->path(), m_explorerPage->runId(), seq);
        m_tabs->setCurrentWidget(m_tracePage);
    });

    m_distributionsPage = new DistributionsPage;
    m_tabs->insertTab(m_tabs->indexOf(m_tracePage) + 1, m_distributionsPage, tr("Distributions"));
    m_runPages.push_back(RunPageHooks{[this](const QString& path, qint64 runId) {
                                          m_distributionsPage->setRuns(m_workbench->runs());
                                          m_distributionsPage->showRun(path, runId);
                                      },
                                      [this] { m_distributionsPage->clear(); },
                                      [] {
                                          // Comparisons are for finished runs: no live refresh.
                                      }});
    connect(m_distributionsPage, &DistributionsPage::errorOccurred, this, statusMessage);

    m_launcherPage = new LauncherPage;
    m_launcherPage->setObjectName(QStringLiteral("launcherPage"));
    m_tabs->addTab(m_launcherPage, tr("Run Launcher"));
    m_launcherPage->setController(m_runController);
    connect(m_launcherPage, &LauncherPage::launchRequested, this, &MainWindow::launchRun);
    connect(m_launcherPage, &LauncherPage::stopRequested, this, &MainWindow::stopRun);
}

void MainWindow::showRunOnLaterPages(qint64 runId)
{
    for (const auto& page : m_runPages) {
        if (runId != 0) {
            page.show(m_workbench->path(), runId);
        } else {
            page.clear();
        }
    }
}

void MainWindow::refreshLaterPagesLive()
{
    for (const auto& page : m_runPages) {
        page.refreshLive();
    }
}

void MainWindow::launchRun(session::MeasuredRunOptions settings)
{
    if (m_workbench->isReadOnly()) {
        showMessage(QMessageBox::Warning, tr("Workbench Is Read-Only"),
                    tr("%1 is read-only; a run cannot be stored in it.")
                        .arg(QFileInfo(m_workbench->path()).fileName()),
                    tr("Open or create a writable workbench file (File › New, Ctrl+N) and launch there."));
        return;
    }
    // Into the open workbench, else the demo's own: runs collect beside the others.
    settings.dbPath = (m_workbench->isOpen() ? m_workbench->path() : demoWorkbenchPath()).toStdString();
    startRun(settings);
}

} // namespace pb::ui
