// MainWindow's wiring of the pages added after the first ones: the run
// launcher (and its launches through the DemoController).
#include "DemoController.h"
#include "MainWindow.h"
#include "Workbench.h"
#include "launcher/LauncherPage.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTabWidget>

namespace pb::ui {

void MainWindow::addLauncherPage()
{
    m_launcherPage = new LauncherPage;
    m_launcherPage->setObjectName(QStringLiteral("launcherPage"));
    m_tabs->addTab(m_launcherPage, tr("Run Launcher"));
    m_launcherPage->setController(m_demo);
    connect(m_launcherPage, &LauncherPage::launchRequested, this, &MainWindow::launchRun);
    connect(m_launcherPage, &LauncherPage::stopRequested, this, &MainWindow::stopDemo);
}

void MainWindow::launchRun(DemoSettings settings)
{
    // Into the open workbench, else the demo's own: runs collect beside the others.
    settings.dbPath = m_workbench->isOpen()
                          ? m_workbench->path()
                          : QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                .filePath(QStringLiteral("demo.phasebench"));
    QDir().mkpath(QFileInfo(settings.dbPath).absolutePath());
    startDemo(settings);
}

} // namespace pb::ui
