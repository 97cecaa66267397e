#include "ImportController.h"

#include "Job.h"
#include "import/ImportFile.h"
#include "store/RunStore.h"

#include <QCoreApplication>

#include <memory>

namespace pb::ui {

ImportController::ImportController(QObject* parent)
    : QObject(parent)
    , m_job(new Job(this))
{
    connect(m_job, &Job::progress, this, &ImportController::progress);
    connect(m_job, &Job::finished, this, &ImportController::onFinished);
    connect(m_job, &Job::failed, this, &ImportController::onFailed);
    connect(m_job, &Job::cancelled, this, &ImportController::onCancelled);
}

QStringList ImportController::fileDialogFilters()
{
    QStringList filters;
    QStringList all;
    for (const auto* importer : pb::import::ImporterRegistry::withBuiltins().all()) {
        QStringList patterns;
        for (const auto& suffix : importer->fileSuffixes()) {
            patterns << QStringLiteral("*.") + QString::fromStdString(suffix);
        }
        all << patterns;
        const QString name = QCoreApplication::translate("pb::Importer", importer->displayName().data());
        filters << tr("%1 (%2)").arg(name, patterns.join(QLatin1Char(' ')));
    }
    all.removeDuplicates();
    filters.prepend(tr("All supported files (%1)").arg(all.join(QLatin1Char(' '))));
    filters << tr("All files (*)");
    return filters;
}

void ImportController::importFiles(const QString& workbenchPath, const QStringList& files)
{
    for (const auto& f : files) {
        m_queue.push_back({workbenchPath, f});
    }
    if (!isBusy()) {
        startNext();
    }
}

void ImportController::cancel()
{
    m_queue.clear();
    m_job->cancel();
}

void ImportController::importMappedCsv(const QString& workbenchPath, const QString& file,
                                       const QString& columnMapping)
{
    m_queue.push_back({workbenchPath, file, QStringLiteral("generic-csv"), columnMapping});
    if (!isBusy()) {
        startNext();
    }
}

void ImportController::startNext()
{
    if (m_queue.empty()) {
        if (!m_current.isEmpty()) {
            m_current.clear();
            Q_EMIT busyChanged(false);
        }
        return;
    }
    const bool wasBusy = isBusy();
    const Item item = m_queue.front();
    m_queue.pop_front();
    m_current = item.file;
    m_workbench = item.workbench;
    const std::string store = item.workbench.toStdString();
    const std::string file = item.file.toStdString();
    const std::string format = item.format.toStdString();
    const std::string mapping = item.mapping.toStdString();
    m_job->start([store, file, format, mapping](JobContext& ctx) {
        // Its own connection: the GUI's stays free to read while this writes.
        RunStore db(store, RunStore::Mode::ReadWrite);
        pb::import::ImportRequest request;
        request.path = file;
        request.format = format;
        request.columnMapping = mapping;
        auto result = std::make_shared<const pb::import::ImportResult>(pb::import::importFile(
            db, request, pb::import::ImporterRegistry::withBuiltins(), ctx.progressFn()));
        return QVariant::fromValue(result);
    });
    if (!wasBusy) {
        Q_EMIT busyChanged(true);
    }
    Q_EMIT fileStarted(item.file);
}

void ImportController::onFinished(const QVariant& result)
{
    const auto r = result.value<std::shared_ptr<const pb::import::ImportResult>>();
    const QString file = m_current;
    if (r) {
        Q_EMIT fileImported(file, r->runId, r->summary.requests, r->summary.skipped);
    }
    startNext();
}

void ImportController::onFailed(const QString& message)
{
    Q_EMIT fileFailed(m_current, message);
    startNext();
}

void ImportController::onCancelled()
{
    Q_EMIT fileCancelled(m_current);
    startNext();
}

} // namespace pb::ui
