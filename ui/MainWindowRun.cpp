// MainWindow's wiring of a measured run (the demo or a launch): start and
// stop, the status-bar progress and addresses, and the periodic refresh of
// the pages while the run fills.
#include "DemoDialog.h"
#include "ImportController.h"
#include "JobProgressWidget.h"
#include "MainWindow.h"

#include "RunController.h"
#include "UpgradeController.h"
#include "Workbench.h"
#include "capacity/CapacitySearch.h"
#include "pages/RunsPage.h"
#include "session/SessionOptions.h"
#include "telemetry/ExporterSettings.h"

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

QString MainWindow::runAddressText() const
{
    return m_runAddress->text();
}

bool MainWindow::startRun(const session::MeasuredRunOptions& settings)
{
    return startWork(QString::fromStdString(settings.dbPath), settings.gateway.has_value(),
                     [this, settings] { return m_runController->start(settings); });
}

bool MainWindow::startCapacity(const capacity::CapacityOptions& options)
{
    return startWork(QString::fromStdString(options.dbPath), options.gateway.has_value(),
                     [this, options] { return m_runController->startCapacity(options); });
}

bool MainWindow::startWork(const QString& dbPath, bool demoGateway, const std::function<bool()>& start)
{
    if (m_runController->isRunning() || m_imports->isBusy()) {
        statusBar()->showMessage(tr("Wait for the running work to finish before starting a run."), 10000);
        return false;
    }
    if (m_workbench->path() != QFileInfo(dbPath).absoluteFilePath()) {
        const bool create = !QFileInfo::exists(dbPath);
        if (!openWorkbench(dbPath, create, Remember::No)) {
            return false;
        }
        if (m_upgrade->isBusy()) { // a file of an older version: the run starts once it opened
            m_afterUpgrade = [this, dbPath, demoGateway, start] {
                startWork(dbPath, demoGateway, start);
            };
            return true;
        }
    }
    m_runProgress->reset();
    m_runProgress->cancelButton()->setEnabled(true);
    m_runProgress->setText(demoGateway ? tr("Starting the demo gateway…") : tr("Starting the run…"));
    m_runProgress->setProgress(0, 0);
    return start();
}

void MainWindow::stopRun()
{
    if (!m_runController->isRunning()) {
        return;
    }
    m_runProgress->cancelButton()->setEnabled(false);
    m_runProgress->setText(tr("Stopping: requests in flight finish…"));
    m_runController->stop();
}

void MainWindow::demoDialog()
{
    auto* dialog = new DemoDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        // The demo's own workbench unless one is open: runs collect beside the others.
        startRun(dialog->settings(m_workbench->isOpen() ? m_workbench->path() : demoWorkbenchPath()));
    });
    dialog->open();
}

void MainWindow::onRunStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId,
                              const QString& otlpGrpcEndpoint)
{
    QStringList parts;
    if (!otlpGrpcEndpoint.isEmpty()) {
        parts << tr("OTLP/gRPC: %1").arg(otlpGrpcEndpoint);
    }
    if (!otlpEndpoint.isEmpty()) {
        parts << tr("OTLP/HTTP: %1").arg(otlpEndpoint);
    }
    if (!gatewayUrl.isEmpty()) {
        parts << tr("gateway: %1").arg(gatewayUrl);
    }
    const auto env = QString::fromStdString(
        pb::telemetry::exporterEnvironment(otlpGrpcEndpoint.toStdString(), otlpEndpoint.toStdString()));
    if (gatewayUrl.isEmpty() && !env.isEmpty()) {
        // The exporter settings to paste for vLLM, on the status bar's one line.
        parts << env.section(QLatin1Char('\n'), 0, 1).replace(QLatin1Char('\n'), QLatin1Char(' '));
    }
    m_runAddress->setText(parts.join(QStringLiteral("  ·  ")));
    m_runAddress->setToolTip(
        env.isEmpty() ? QString()
                      : tr("Exporter settings for vLLM and OpenTelemetry SDKs:\n%1\nor: vllm serve … %2")
                            .arg(env, QString::fromStdString(pb::telemetry::vllmTracesArgument(
                                          otlpGrpcEndpoint.toStdString(), otlpEndpoint.toStdString()))));
    m_runAddress->show();
    m_runProgress->setText(tr("Run %1").arg(runId));
    if (m_runController->workbenchPath() == m_workbench->path()) {
        refreshRuns();
        m_runsPage->selectRun(runId);
        // A launch from the launcher stays on its live charts.
        if (m_tabs->currentWidget() != page(PageId::Launcher)) {
            m_tabs->setCurrentWidget(page(PageId::Requests));
        }
    }
    m_liveTimer->start();
    Q_EMIT runStarted(runId);
}

void MainWindow::onRunSample(qint64 elapsedMs, qint64 plannedMs, qint64 completed, qint64 failed,
                             qint64 dropped)
{
    m_runProgress->setProgress(qMin(elapsedMs, plannedMs), plannedMs);
    m_runProgress->bar()->setFormat(tr("%1 / %2 s").arg(elapsedMs / 1000).arg(plannedMs / 1000));
    m_runProgress->setText(tr("Run %1: completed %L2, failed %L3, dropped %L4")
                               .arg(m_runController->runId())
                               .arg(completed)
                               .arg(failed)
                               .arg(dropped));
}

void MainWindow::refreshLive()
{
    const qint64 runId = m_runController->runId();
    if (runId == 0 || m_runController->workbenchPath() != m_workbench->path() || currentRunId() != runId) {
        return;
    }
    refreshRuns();
    runDataChanged();
    updateStatus();
}

void MainWindow::onRunFinished(qint64 runId)
{
    m_liveTimer->stop();
    m_runAddress->hide();
    m_runAddress->clear();
    m_runAddress->setToolTip({});
    if (m_runController->workbenchPath() == m_workbench->path()) {
        refreshRuns();
        if (m_runsPage->currentRunId() == runId) {
            showRun(runId); // the final figures: join, rates, percentiles
        } else {
            m_runsPage->selectRun(runId);
        }
        m_tabs->setCurrentWidget(page(PageId::Overview));
    }
    statusBar()->showMessage(tr("Run %1 finished.").arg(runId), 10000);
    Q_EMIT runFinished(runId);
}

void MainWindow::onRunFailed(const QString& message)
{
    m_liveTimer->stop();
    m_runAddress->hide();
    showMessage(QMessageBox::Warning, tr("Run Failed"), tr("The run could not complete."), message);
    refreshRuns();
    Q_EMIT runFailed(message);
}

} // namespace pb::ui
