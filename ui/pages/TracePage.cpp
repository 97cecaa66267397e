#include "TracePage.h"

#include "Job.h"
#include "ReconciliationModel.h"
#include "TableCopy.h"
#include "TraceAnalysis.h"
#include "WaterfallPlot.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace pb::ui {

TracePage::TracePage(QWidget* parent)
    : QWidget(parent)
    , m_job(new Job(this))
    , m_plot(new WaterfallPlot(this))
    , m_model(new ReconciliationModel(this))
    , m_table(new QTableView(this))
    , m_title(new QLabel(this))
{
    setObjectName(QStringLiteral("tracePage"));
    m_title->setObjectName(QStringLiteral("traceTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setObjectName(QStringLiteral("reconciliationTable"));
    m_table->setModel(m_model);
    enableCsvCopy(m_table);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ReconciliationModel::Figure, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ReconciliationModel::Value,
                                                      QHeaderView::ResizeToContents);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_plot);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({820, 440});
    m_plot->setMinimumWidth(360);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);

    connect(m_job, &Job::finished, this,
            [this](const QVariant& result) { display(result.value<std::shared_ptr<const TraceResults>>()); });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        m_title->setText(tr("Cannot show the trace: %1").arg(message));
        Q_EMIT errorOccurred(message);
    });
    clear();
}

TracePage::~TracePage() = default;

void TracePage::clear()
{
    m_job->discard();
    m_results.reset();
    m_model->clear();
    m_plot->clearTrace();
    m_title->setText(tr("Select a request in the Requests page to see its waterfall."));
}

void TracePage::showRequest(const QString& path, qint64 runId, qint64 seq)
{
    m_title->setText(tr("Loading request %1…").arg(seq));
    m_job->start([path, runId, seq](JobContext&) {
        return QVariant::fromValue(std::make_shared<const TraceResults>(computeTrace(path, runId, seq)));
    });
}

int TracePage::plotLaneCount() const
{
    return m_plot->laneCount();
}

QString TracePage::laneToolTip(int lane) const
{
    return m_plot->laneToolTip(lane);
}

bool TracePage::exportPdf(const QString& path)
{
    return m_plot->exportPdf(path);
}

bool TracePage::exportPng(const QString& path)
{
    return m_plot->exportPng(path);
}

void TracePage::display(const std::shared_ptr<const TraceResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    m_title->setText(results->traceId.empty()
                         ? tr("Request %1 of run %2 (no trace ID)").arg(results->seq).arg(results->runId)
                         : tr("Request %1 of run %2, trace %3")
                               .arg(results->seq)
                               .arg(results->runId)
                               .arg(QString::fromStdString(results->traceId)));
    m_plot->setTrace(*results);
    m_model->setResults(results->reconciliation);
    Q_EMIT updated(results->runId, results->seq);
}

} // namespace pb::ui
