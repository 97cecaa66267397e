// MainWindow's wiring of the live demo: start and stop, the status-bar
// progress and addresses, and the periodic refresh of the pages while the
// run fills.
#include "DemoController.h"
#include "DemoDialog.h"
#include "ImportController.h"
#include "JobProgressWidget.h"
#include "MainWindow.h"
#include "Workbench.h"
#include "pages/RunsPage.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>

namespace pb::ui {

QString MainWindow::demoAddressText() const
{
    return m_demoAddress->text();
}

bool MainWindow::startDemo(const DemoSettings& settings)
{
    if (m_demo->isRunning() || m_imports->isBusy()) {
        statusBar()->showMessage(tr("Wait for the running work to finish before starting a demo."), 10000);
        return false;
    }
    if (m_workbench->path() != QFileInfo(settings.dbPath).absoluteFilePath()) {
        const bool create = !QFileInfo::exists(settings.dbPath);
        if (!openWorkbench(settings.dbPath, create, Remember::No)) {
            return false;
        }
    }
    m_demoProgress->reset();
    m_demoProgress->cancelButton()->setEnabled(true);
    m_demoProgress->setText(tr("Starting the demo gateway…"));
    m_demoProgress->setProgress(0, 0);
    return m_demo->start(settings);
}

void MainWindow::stopDemo()
{
    if (!m_demo->isRunning()) {
        return;
    }
    m_demoProgress->cancelButton()->setEnabled(false);
    m_demoProgress->setText(tr("Stopping: requests in flight finish…"));
    m_demo->stop();
}

void MainWindow::demoDialog()
{
    auto* dialog = new DemoDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        DemoSettings base;
        // The demo's own workbench unless one is open: runs collect beside the others.
        base.dbPath = m_workbench->isOpen()
                          ? m_workbench->path()
                          : QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                .filePath(QStringLiteral("demo.phasebench"));
        QDir().mkpath(QFileInfo(base.dbPath).absolutePath());
        startDemo(dialog->settings(base));
    });
    dialog->open();
}

void MainWindow::onDemoStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId)
{
    m_demoAddress->setText(gatewayUrl.isEmpty()
                               ? tr("OTLP receiver: %1").arg(otlpEndpoint)
                               : tr("OTLP receiver: %1  ·  gateway: %2").arg(otlpEndpoint, gatewayUrl));
    m_demoAddress->show();
    m_demoProgress->setText(tr("Demo run %1").arg(runId));
    if (m_demo->workbenchPath() == m_workbench->path()) {
        refreshRuns();
        m_runsPage->selectRun(runId);
        // A launch from the launcher stays on its live charts.
        if (m_tabs->currentWidget() != page(PageId::Launcher)) {
            m_tabs->setCurrentWidget(page(PageId::Requests));
        }
    }
    m_liveTimer->start();
    Q_EMIT demoStarted(runId);
}

void MainWindow::onDemoSample(qint64 elapsedMs, qint64 plannedMs, qint64 completed, qint64 failed,
                              qint64 dropped)
{
    m_demoProgress->setProgress(qMin(elapsedMs, plannedMs), plannedMs);
    m_demoProgress->bar()->setFormat(tr("%1 / %2 s").arg(elapsedMs / 1000).arg(plannedMs / 1000));
    m_demoProgress->setText(tr("Demo run %1: completed %L2, failed %L3, dropped %L4")
                                .arg(m_demo->runId())
                                .arg(completed)
                                .arg(failed)
                                .arg(dropped));
}

void MainWindow::refreshLive()
{
    const qint64 runId = m_demo->runId();
    if (runId == 0 || m_demo->workbenchPath() != m_workbench->path() || currentRunId() != runId) {
        return;
    }
    refreshRuns();
    runDataChanged();
    updateStatus();
}

void MainWindow::onDemoFinished(qint64 runId)
{
    m_liveTimer->stop();
    m_demoAddress->hide();
    m_demoAddress->clear();
    if (m_demo->workbenchPath() == m_workbench->path()) {
        refreshRuns();
        if (m_runsPage->currentRunId() == runId) {
            showRun(runId); // the final figures: join, rates, percentiles
        } else {
            m_runsPage->selectRun(runId);
        }
        m_tabs->setCurrentWidget(page(PageId::Overview));
    }
    statusBar()->showMessage(tr("Demo run %1 finished.").arg(runId), 10000);
    Q_EMIT demoFinished(runId);
}

void MainWindow::onDemoFailed(const QString& message)
{
    m_liveTimer->stop();
    m_demoAddress->hide();
    showMessage(QMessageBox::Warning, tr("Demo Failed"), tr("The demo run could not complete."), message);
    refreshRuns();
    Q_EMIT demoFailed(message);
}

} // namespace pb::ui
