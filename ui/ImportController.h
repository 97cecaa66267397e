// Imports files into a workbench file one after another, each through a Job
// on its own connection: all or nothing per file, with progress and cancel.
#pragma once

#include <QObject>
#include <QStringList>

#include <deque>

namespace pb::ui {

class Job;

class ImportController : public QObject
{
    Q_OBJECT
public:
    explicit ImportController(QObject* parent = nullptr);

    // Queues `files` for import into the workbench at `workbenchPath`.
    void importFiles(const QString& workbenchPath, const QStringList& files);
    // Queues one CSV file for import through a column mapping (the text form
    // of core's ColumnMapping, as the mapping dialog writes it).
    void importMappedCsv(const QString& workbenchPath, const QString& file, const QString& columnMapping);
    // Stops the running import (nothing of it is stored) and drops the queue.
    void cancel();
    bool isBusy() const { return !m_current.isEmpty(); }
    QString currentFile() const { return m_current; }
    QString workbenchPath() const { return m_workbench; }

    // File dialog filters for every registered format, "All supported" first.
    static QStringList fileDialogFilters();

Q_SIGNALS:
    void busyChanged(bool busy);
    void fileStarted(const QString& file);
    void progress(qint64 done, qint64 total);
    void fileImported(const QString& file, qint64 runId, qint64 requests, qint64 skippedLines);
    // `message` says where (file:line) and why.
    void fileFailed(const QString& file, const QString& message);
    void fileCancelled(const QString& file);

private:
    struct Item
    {
        QString workbench;
        QString file;
        QString format;  // empty = detect from the content
        QString mapping; // ImportRequest::columnMapping
    };
    void startNext();
    void onFinished(const QVariant& result);
    void onFailed(const QString& message);
    void onCancelled();

    Job* m_job;
    std::deque<Item> m_queue;
    QString m_current;
    QString m_workbench;
};

} // namespace pb::ui
