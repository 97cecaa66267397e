// MainWindow's tabs: built from the page registry; the run pages' signals
// (errors, links, raise) wired alike; the launcher's launches through the
// RunController.
#include "MainWindow.h"
#include "RunController.h"
#include "TimeRangeSelection.h"
#include "Workbench.h"
#include "distributions/DistributionsPage.h"
#include "explorer/ExplorerPage.h"
#include "launcher/LauncherPage.h"
#include "pages/DiagnosisPage.h"
#include "pages/OverviewPage.h"
#include "pages/PhasePercentilesPage.h"
#include "pages/RequestsPage.h"
#include "pages/RunPage.h"
#include "pages/WaterfallPage.h"
#include "session/SessionOptions.h"
#include "timeline/TimelinePage.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QShortcut>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

namespace pb::ui {

void MainWindow::addPages()
{
    for (const PageFactory& factory : pageRegistry()) {
        QWidget* widget = factory.create();
        m_tabs->addTab(widget, factory.title());
        m_pages.emplace_back(factory.id, widget);
        if (!factory.shortcut.isEmpty()) {
            auto* shortcut = new QShortcut(factory.shortcut, this);
            connect(shortcut, &QShortcut::activated, this,
                    [this, widget] { m_tabs->setCurrentWidget(widget); });
        }
        auto* page = qobject_cast<RunPage*>(widget);
        if (!page) {
            continue;
        }
        m_runPages.push_back(page);
        page->setRunCache(m_runCache);
        connect(page, &RunPage::errorOccurred, this,
                [this](const QString& message) { statusBar()->showMessage(message, 10000); });
        connect(page, &RunPage::linkActivated, this, &MainWindow::followLink);
        connect(page, &RunPage::raiseRequested, this, [this, page] { m_tabs->setCurrentWidget(page); });
    }

    // One time range for the window: selected on the Timeline, it filters the
    // Explorer and the Requests page, and clearing it anywhere clears it everywhere.
    auto* range = new TimeRangeSelection(this);
    TimelinePage* timeline = timelinePage();
    timeline->setTimeRangeSelection(range);
    explorerPage()->setTimeRangeSelection(range);
    requestsPage()->setTimeRangeSelection(range);
    connect(timeline, &TimelinePage::showInExplorerRequested, this,
            [this] { m_tabs->setCurrentWidget(explorerPage()); });
    connect(timeline, &TimelinePage::showInRequestsRequested, this,
            [this] { m_tabs->setCurrentWidget(requestsPage()); });

    LauncherPage* launcher = launcherPage();
    launcher->setController(m_runController);
    connect(launcher, &LauncherPage::launchRequested, this, &MainWindow::launchRun);
    connect(launcher, &LauncherPage::capacityRequested, this, &MainWindow::launchCapacity);
    connect(launcher, &LauncherPage::stopRequested, this, &MainWindow::stopRun);
}

// The first page (in tab order) that takes the link follows it.
void MainWindow::followLink(const PageLink& link)
{
    for (RunPage* page : m_runPages) {
        if (page->follow(link)) {
            if (link.raise) {
                m_tabs->setCurrentWidget(page);
            }
            return;
        }
    }
}

// Run data changed (a live run fills in): the cache loads a new version, in
// one place, and hands it to every page, so every page shows the same moment.
void MainWindow::runDataChanged()
{
    m_runCache->reload();
}

QWidget* MainWindow::page(PageId id) const
{
    for (const auto& [pageId, widget] : m_pages) {
        if (pageId == id) {
            return widget;
        }
    }
    return nullptr;
}

RequestsPage* MainWindow::requestsPage() const
{
    return qobject_cast<RequestsPage*>(page(PageId::Requests));
}

OverviewPage* MainWindow::overviewPage() const
{
    return qobject_cast<OverviewPage*>(page(PageId::Overview));
}

PhasePercentilesPage* MainWindow::phasePercentilesPage() const
{
    return qobject_cast<PhasePercentilesPage*>(page(PageId::PhasePercentiles));
}

WaterfallPage* MainWindow::waterfallPage() const
{
    return qobject_cast<WaterfallPage*>(page(PageId::Waterfall));
}

DiagnosisPage* MainWindow::diagnosisPage() const
{
    return qobject_cast<DiagnosisPage*>(page(PageId::Diagnosis));
}

LauncherPage* MainWindow::launcherPage() const
{
    return qobject_cast<LauncherPage*>(page(PageId::Launcher));
}

TimelinePage* MainWindow::timelinePage() const
{
    return qobject_cast<TimelinePage*>(page(PageId::Timeline));
}

ExplorerPage* MainWindow::explorerPage() const
{
    return qobject_cast<ExplorerPage*>(page(PageId::Explorer));
}

DistributionsPage* MainWindow::distributionsPage() const
{
    return qobject_cast<DistributionsPage*>(page(PageId::Distributions));
}

std::optional<std::string> MainWindow::launchTarget()
{
    if (m_workbench->isReadOnly()) {
        showMessage(QMessageBox::Warning, tr("Workbench Is Read-Only"),
                    tr("%1 is read-only; a run cannot be stored in it.")
                        .arg(QFileInfo(m_workbench->path()).fileName()),
                    tr("Open or create a writable workbench file (File › New, Ctrl+N) and launch there."));
        return std::nullopt;
    }
    // Into the open workbench, else the demo's own: runs collect beside the others.
    return (m_workbench->isOpen() ? m_workbench->path() : demoWorkbenchPath()).toStdString();
}

void MainWindow::launchRun(session::MeasuredRunOptions settings)
{
    if (const auto path = launchTarget()) {
        settings.dbPath = *path;
        startRun(settings);
    }
}

void MainWindow::launchCapacity(capacity::CapacityOptions options)
{
    if (const auto path = launchTarget()) {
        options.dbPath = *path;
        startCapacity(options);
    }
}

} // namespace pb::ui
