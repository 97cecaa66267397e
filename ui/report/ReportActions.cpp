#include "ReportActions.h"

#include "Job.h"
#include "ReportDialog.h"
#include "ReportWriter.h"
#include "report/RequestExport.h"
#include "store/RunStore.h"

#include <QAction>
#include <QCoreApplication>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>

#include <fstream>

namespace pb::ui::report {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("pb::ui::report", text);
}

// A cancellable progress dialog for `job`, closed by the job's outcome.
QProgressDialog* progressDialog(Job* job, QWidget* window, const QString& label)
{
    auto* dialog = new QProgressDialog(label, tr("Cancel"), 0, 0, window);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    QObject::connect(dialog, &QProgressDialog::canceled, job, &Job::cancel);
    QObject::connect(job, &Job::progress, dialog, [dialog](qint64 done, qint64 total) {
        if (total > 0) {
            dialog->setMaximum(1000);
            dialog->setValue(int(1000 * double(done) / double(total)));
        }
    });
    // Closing would emit canceled(): the outcome only hides and drops the dialog.
    const auto done = [dialog] {
        QObject::disconnect(dialog, &QProgressDialog::canceled, nullptr, nullptr);
        dialog->hide();
        dialog->deleteLater();
    };
    QObject::connect(job, &Job::cancelled, dialog, done);
    QObject::connect(job, &Job::failed, dialog, done);
    QObject::connect(job, &Job::finished, dialog, done);
    return dialog;
}

bool checkContext(const ReportContext& context, QWidget* window)
{
    if (context.dbPath().isEmpty() || context.runId() == 0) {
        QMessageBox::information(window, tr("Export"), tr("Open a workbench file and select a run first."));
        return false;
    }
    return true;
}

void exportReport(QWidget* window, const ReportContext& context)
{
    if (!checkContext(context, window)) {
        return;
    }
    const QString path = context.dbPath();
    QList<QPair<qint64, QString>> runs;
    try {
        RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
        for (const auto& r : store.catalogue().runs()) {
            runs.append({r.id, QString::fromStdString(r.name)});
        }
    } catch (const StoreError& e) {
        QMessageBox::warning(window, tr("Export Report"), QString::fromStdString(e.what()));
        return;
    }
    ReportDialog dialog(runs, context.runId(), window);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const auto options = dialog.reportOptions();
    const auto write = dialog.writeOptions();
    auto* job = new Job(window);
    progressDialog(job, window, tr("Preparing the report of run %1…").arg(options.runId));
    QObject::connect(job, &Job::finished, window, [job, window, write](const QVariant& result) {
        job->deleteLater();
        const auto input = result.value<std::shared_ptr<const ReportInput>>();
        QString error;
        // Painting the charts needs the GUI thread: the figures were computed off it.
        if (!input || !writeReport(*input, write, &error)) {
            QMessageBox::warning(window, tr("Export Report"), error);
        }
    });
    QObject::connect(job, &Job::failed, window, [job, window](const QString& message) {
        job->deleteLater();
        QMessageBox::warning(window, tr("Export Report"), message);
    });
    QObject::connect(job, &Job::cancelled, job, &QObject::deleteLater);
    job->start([path, options](JobContext& ctx) {
        auto input = std::make_shared<const ReportInput>(
            pb::report::prepareReport(path.toStdString(), options, ctx.progressFn()));
        return QVariant::fromValue(input);
    });
}

void exportRequests(QWidget* window, const ReportContext& context)
{
    if (!checkContext(context, window)) {
        return;
    }
    const qint64 runId = context.runId();
    QString selected;
    const QString out = QFileDialog::getSaveFileName(window, tr("Export Requests"),
                                                     QStringLiteral("phasebench-run-%1.csv").arg(runId),
                                                     tr("CSV (*.csv);;JSON lines (*.jsonl)"), &selected);
    if (out.isEmpty()) {
        return;
    }
    const auto format = out.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive) ||
                                selected.contains(QLatin1String("jsonl"))
                            ? pb::report::ExportFormat::Jsonl
                            : pb::report::ExportFormat::Csv;
    const QString path = context.dbPath();
    auto* job = new Job(window);
    progressDialog(job, window, tr("Exporting the requests of run %1…").arg(runId));
    QObject::connect(job, &Job::finished, job, &QObject::deleteLater);
    QObject::connect(job, &Job::cancelled, job, &QObject::deleteLater);
    QObject::connect(job, &Job::failed, window, [job, window](const QString& message) {
        job->deleteLater();
        QMessageBox::warning(window, tr("Export Requests"), message);
    });
    job->start([path, runId, format, out](JobContext& ctx) {
        RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
        std::ofstream file(out.toStdString(), std::ios::binary | std::ios::trunc);
        if (!file) {
            throw std::runtime_error("cannot write '" + out.toStdString() + "'");
        }
        const auto rows = pb::report::exportRequests(store, runId, format, file, ctx.progressFn());
        file.flush();
        if (!file) {
            throw std::runtime_error("writing '" + out.toStdString() + "' failed");
        }
        return QVariant::fromValue(qulonglong(rows));
    });
}

} // namespace

void installReportActions(QMenu* fileMenu, QWidget* window, ReportContext context)
{
    auto* report = fileMenu->addAction(tr("Export &Report…"));
    report->setObjectName(QStringLiteral("exportReportAction"));
    report->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    report->setStatusTip(tr("Write the shown run's report as PDF, HTML or Markdown"));
    QObject::connect(report, &QAction::triggered, window,
                     [window, context] { exportReport(window, context); });
    auto* requests = fileMenu->addAction(tr("Export Re&quests…"));
    requests->setObjectName(QStringLiteral("exportRequestsAction"));
    requests->setStatusTip(tr("Write the shown run's requests, every column, as CSV or JSON lines"));
    QObject::connect(requests, &QAction::triggered, window,
                     [window, context] { exportRequests(window, context); });
}

} // namespace pb::ui::report
