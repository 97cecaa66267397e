#include "WaterfallPage.h"

#include "CompareBar.h"
#include "ComparisonView.h"
#include "ReconciliationModel.h"
#include "TableCopy.h"
#include "TraceAnalysis.h"
#include "WaterfallPlot.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace pb::ui {

WaterfallPage::WaterfallPage(QWidget* parent)
    : RunPage(parent)
    , m_plot(new WaterfallPlot(this))
    , m_model(new ReconciliationModel(this))
    , m_table(new QTableView(this))
    , m_title(new QLabel(this))
    , m_compareBar(new CompareBar(this))
    , m_comparison(new ComparisonView(this))
    , m_stack(new QStackedWidget(this))
{
    setObjectName(QStringLiteral("waterfallPage"));
    m_plot->setObjectName(QStringLiteral("waterfallPlot"));
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

    // The one request, or two side by side (ui/compare).
    m_stack->addWidget(split);
    m_stack->addWidget(m_comparison);
    connect(m_compareBar, &CompareBar::compareWithRequested, this, &WaterfallPage::compareWith);
    connect(m_compareBar, &CompareBar::typicalVsSlowRequested, this, &WaterfallPage::compareTypicalWithSlow);
    connect(m_compareBar, &CompareBar::samePromptRequested, this,
            &WaterfallPage::compareSamePromptInBaseline);
    connect(m_comparison, &ComparisonView::backRequested, this, [this] { m_stack->setCurrentIndex(0); });
    connect(m_comparison, &ComparisonView::failed, this, &RunPage::errorOccurred);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_compareBar);
    layout->addWidget(m_stack, 1);

    // The title says what is loading, what failed, or which request is shown.
    setStateLabel(m_title);
    clear();
}

WaterfallPage::~WaterfallPage() = default;

QString WaterfallPage::errorText(const QString& message) const
{
    return tr("Cannot show the trace: %1").arg(message);
}

void WaterfallPage::clearView()
{
    m_seq = -1;
    m_results.reset();
    m_model->clear();
    m_plot->clearTrace();
    m_title->setText(tr("Select a request in the Requests page to see its waterfall."));
    m_comparison->clear();
    m_stack->setCurrentIndex(0);
    m_compareBar->setAvailable(false, !path().isEmpty() && runId() > 0);
}

void WaterfallPage::compareWith(const QString& traceId)
{
    if (!m_results) {
        return;
    }
    m_stack->setCurrentWidget(m_comparison);
    const auto run = loadedRun();
    m_comparison->compareWithTrace(path(), m_results->runId, m_results->seq, traceId,
                                   run && run->info.id == m_results->runId ? run : nullptr);
}

void WaterfallPage::compareTypicalWithSlow()
{
    if (path().isEmpty()) {
        return;
    }
    m_stack->setCurrentWidget(m_comparison);
    // In the stage of the request shown, if any: stages are never pooled.
    const auto run = loadedRun();
    std::string stage;
    if (run && m_results && m_results->runId == runId()) {
        const auto* column = run->table.categoryColumn("stage");
        if (column && m_results->seq >= 0 && std::size_t(m_results->seq) < column->codes.size()) {
            stage = std::string(column->labelAt(std::size_t(m_results->seq)));
        }
    }
    m_comparison->compareTypicalWithSlow(path(), runId(), run, stage);
}

void WaterfallPage::compareSamePromptInBaseline(qint64 baselineRun)
{
    if (!m_results) {
        return;
    }
    m_stack->setCurrentWidget(m_comparison);
    m_comparison->compareSamePromptInBaseline(path(), m_results->runId, m_results->seq, baselineRun);
}

void WaterfallPage::setRuns(const std::vector<RunInfo>& runs)
{
    RunPage::setRuns(runs);
    fillBaselines();
}

void WaterfallPage::fillBaselines()
{
    std::vector<std::pair<qint64, QString>> others;
    for (const auto& run : runs()) {
        if (run.id != runId()) {
            others.emplace_back(run.id, QString::fromStdString(run.name));
        }
    }
    m_compareBar->setBaselineRuns(others);
}

bool WaterfallPage::comparing() const
{
    return m_stack->currentWidget() == m_comparison;
}

void WaterfallPage::runShown()
{
    // The requests table starts over: so does the waterfall.
    discardJob();
    clearView();
    fillBaselines();
}

void WaterfallPage::showRequest(const QString& path, qint64 runId, qint64 seq)
{
    if (path != this->path() || runId != this->runId()) {
        showRun(path, runId);
    }
    m_seq = seq;
    refresh();
}

bool WaterfallPage::follow(const PageLink& link)
{
    if (link.kind != PageLink::Kind::Request) {
        return false;
    }
    showRequest(link.path, link.runId, link.seq);
    return true;
}

void WaterfallPage::start()
{
    if (m_seq < 0) {
        return;
    }
    const QString path = this->path();
    const qint64 runId = this->runId();
    const qint64 seq = m_seq;
    startJob<TraceResults>(
        tr("Loading request %1…").arg(seq),
        [path, runId, seq](JobContext&) { return computeTrace(path, runId, seq); },
        [this](const std::shared_ptr<const TraceResults>& results) { display(results); });
}

QString WaterfallPage::laneToolTip(int lane) const
{
    return m_plot->laneToolTip(lane);
}

bool WaterfallPage::exportPdf(const QString& path)
{
    return m_plot->exportPdf(path);
}

bool WaterfallPage::exportPng(const QString& path)
{
    return m_plot->exportPng(path);
}

void WaterfallPage::display(const std::shared_ptr<const TraceResults>& results)
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
    m_compareBar->setAvailable(true, true);
    m_stack->setCurrentIndex(0);
    Q_EMIT updated(results->runId, results->seq);
}

} // namespace pb::ui
