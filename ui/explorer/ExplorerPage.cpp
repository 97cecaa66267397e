#include "ExplorerPage.h"

#include "ExplorerAnalysis.h"
#include "ExplorerModel.h"
#include "ExplorerPlot.h"
#include "Job.h"
#include "TableCopy.h"
#include "TableLayout.h"
#include "TimeRangeSelection.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb::ui {

namespace {

QString name(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace

ExplorerPage::ExplorerPage(QWidget* parent)
    : RunPage(parent)
    , m_x(new QComboBox(this))
    , m_y(new QComboBox(this))
    , m_logY(new QCheckBox(tr("Log scale"), this))
    , m_limit(new QComboBox(this))
    , m_outcome(new QComboBox(this))
    , m_stage(new QComboBox(this))
    , m_group(new QComboBox(this))
    , m_groupLabel(new QLabel(tr("Group:"), this))
    , m_minY(new QDoubleSpinBox(this))
    , m_search(new QLineEdit(this))
    , m_plot(new ExplorerPlot(this))
    , m_model(new ExplorerModel(this))
    , m_table(new QTableView(this))
    , m_state(new QLabel(this))
    , m_status(new QLabel(this))
    , m_selection(new TimeRangeSelection(this))
    , m_rangeChip(new QToolButton(this))
    , m_lister(new Job(this))
{
    setObjectName(QStringLiteral("explorerPage"));
    m_x->setObjectName(QStringLiteral("explorerX"));
    m_x->addItem(tr("start time (s)"), int(ExplorerX::StartTime));
    m_x->addItem(tr("input tokens"), int(ExplorerX::InputTokens));
    m_x->addItem(tr("output tokens"), int(ExplorerX::OutputTokens));
    m_y->setObjectName(QStringLiteral("explorerY"));
    m_y->addItem(tr("total (ms)"), int(ExplorerY::Total));
    m_y->addItem(tr("first_text: time to first visible text (ms)"), int(ExplorerY::FirstText));
    m_y->addItem(tr("wait: request sent to headers (ms)"), int(ExplorerY::Wait));
    m_y->addItem(tr("gpu_queue, from server spans (ms)"), int(ExplorerY::GpuQueue));
    m_y->addItem(tr("network_envelope: client total − server root (ms)"), int(ExplorerY::NetworkEnvelope));
    m_logY->setObjectName(QStringLiteral("explorerLogY"));

    m_limit->setObjectName(QStringLiteral("explorerLimit"));
    for (const int n : {100, 1000, 10000}) {
        m_limit->addItem(tr("slowest %L1").arg(n), n);
    }
    m_limit->setCurrentIndex(1);
    m_model->setLimit(m_limit->currentData().toInt());
    m_outcome->setObjectName(QStringLiteral("explorerOutcome"));
    m_stage->setObjectName(QStringLiteral("explorerStage"));
    m_group->setObjectName(QStringLiteral("explorerGroup"));
    m_group->setToolTip(tr("List only the requests of one model/scenario group"));
    m_minY->setObjectName(QStringLiteral("explorerMinY"));
    m_minY->setRange(0, 1e9);
    m_minY->setDecimals(1);
    m_minY->setSuffix(tr(" ms"));
    m_minY->setSpecialValueText(tr("no minimum"));
    m_minY->setToolTip(tr("List only requests whose y value is at least this"));
    m_search->setObjectName(QStringLiteral("explorerSearch"));
    m_search->setPlaceholderText(tr("Trace ID or its first digits"));
    m_search->setClearButtonEnabled(true);
    m_state->setObjectName(QStringLiteral("explorerState"));
    m_status->setObjectName(QStringLiteral("explorerStatus"));
    m_rangeChip->setObjectName(QStringLiteral("explorerTimeRange"));
    m_rangeChip->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_rangeChip->setAutoRaise(false);
    m_rangeChip->setToolTip(tr("Listing only the requests of this range of the Timeline; click to clear it"));
    m_rangeChip->setVisible(false);

    m_table->setObjectName(QStringLiteral("explorerTable"));
    m_table->setModel(m_model);
    enableCsvCopy(m_table);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setResizeContentsPrecision(0);
    // The model lists the slowest first: say so on the header.
    m_table->horizontalHeader()->setSortIndicator(ExplorerModel::YValue, Qt::DescendingOrder);
    m_table->setSortingEnabled(true);

    auto* axes = new QHBoxLayout;
    axes->addWidget(new QLabel(tr("X:"), this));
    axes->addWidget(m_x, 1);
    axes->addWidget(new QLabel(tr("Y:"), this));
    axes->addWidget(m_y, 2);
    axes->addWidget(m_logY);
    axes->addWidget(m_state, 1);

    auto* filters = new QHBoxLayout;
    filters->addWidget(m_limit);
    filters->addWidget(new QLabel(tr("Outcome:"), this));
    filters->addWidget(m_outcome);
    filters->addWidget(new QLabel(tr("Stage:"), this));
    filters->addWidget(m_stage);
    filters->addWidget(m_groupLabel);
    filters->addWidget(m_group);
    filters->addWidget(new QLabel(tr("Y at least:"), this));
    filters->addWidget(m_minY);
    filters->addWidget(m_search, 2);
    filters->addWidget(m_rangeChip);

    auto* lower = new QWidget(this);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addLayout(filters);
    lowerLayout->addWidget(m_table, 1);
    lowerLayout->addWidget(m_status);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_plot);
    split->addWidget(lower);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(axes);
    layout->addWidget(split, 1);

    connect(m_x, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_y, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_logY, &QCheckBox::toggled, this, [this](bool on) {
        m_plot->setLogY(on);
        m_plot->highlight(m_selectedSeq);
    });
    connect(m_limit, &QComboBox::activated, this, [this] { list(); });
    connect(m_outcome, &QComboBox::activated, this, &ExplorerPage::applyFilter);
    connect(m_stage, &QComboBox::activated, this, &ExplorerPage::applyFilter);
    connect(m_group, &QComboBox::activated, this, &ExplorerPage::applyFilter);
    connect(m_minY, &QDoubleSpinBox::valueChanged, this, &ExplorerPage::applyFilter);
    connect(m_search, &QLineEdit::textChanged, this, &ExplorerPage::onSearch);
    connect(m_plot, &ExplorerPlot::rowClicked, this, [this](qint64 row) { select(row); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!m_syncing && current.isValid()) {
                    select(current.data(ExplorerModel::SeqRole).toLongLong());
                }
            });
    // A picked request opens in the waterfall.
    connect(this, &ExplorerPage::requestSelected, this, [this](qint64 seq) {
        PageLink link;
        link.kind = PageLink::Kind::Request;
        link.path = path();
        link.runId = runId();
        link.seq = seq;
        Q_EMIT linkActivated(link);
    });
    connect(m_lister, &Job::finished, this, [this](const QVariant& value) {
        if (const auto listing = value.value<std::shared_ptr<const ExplorerListing>>()) {
            showListing(*listing);
        }
    });
    // A listing that fails or is cancelled leaves the table as it was.
    connect(m_lister, &Job::failed, this, [this](const QString& message) {
        m_status->setText(tr("Cannot list the requests: %1").arg(message));
        Q_EMIT listed();
    });
    connect(m_rangeChip, &QToolButton::clicked, this, [this] { m_selection->clear(); });
    setStateLabel(m_state);
    fillFilterBoxes();
    watchSelection();
}

void ExplorerPage::setTimeRangeSelection(TimeRangeSelection* selection)
{
    if (selection == m_selection) {
        return;
    }
    disconnect(m_selection, nullptr, this, nullptr);
    m_selection = selection;
    watchSelection();
    updateRangeChip();
    list();
}

void ExplorerPage::watchSelection()
{
    connect(m_selection, &TimeRangeSelection::changed, this, [this] {
        updateRangeChip();
        list();
    });
}

void ExplorerPage::updateRangeChip()
{
    const auto range = m_selection->rangeFor(path(), runId());
    m_plot->setTimeRange(range);
    m_rangeChip->setVisible(range.has_value());
    if (range) {
        m_rangeChip->setText(tr("Time %1  ✕").arg(TimeRangeSelection::label(*range)));
    }
}

ExplorerPage::~ExplorerPage() = default;

QString ExplorerPage::errorText(const QString& message) const
{
    return tr("Cannot compute the explorer: %1").arg(message);
}

void ExplorerPage::clearView()
{
    m_lister->discard();
    m_selectedSeq = -1;
    m_results.reset();
    m_plot->clearResults();
    m_model->clear();
    m_search->blockSignals(true);
    m_search->clear();
    m_search->blockSignals(false);
    m_minY->blockSignals(true);
    m_minY->setValue(0);
    m_minY->blockSignals(false);
    fillFilterBoxes();
    updateRangeChip();
    m_status->clear();
}

void ExplorerPage::start()
{
    ExplorerRequest request;
    request.x = static_cast<ExplorerX>(m_x->currentData().toInt());
    request.y = static_cast<ExplorerY>(m_y->currentData().toInt());
    const auto run = loadedRun();
    // The first listing (the current filters) comes with the results: the
    // page shows both at once.
    const ExplorerFilter filter = currentFilter();
    const int limit = m_limit->currentData().toInt();
    startJob<ExplorerListing>(
        tr("Computing…"),
        [run, request, filter, limit](JobContext& context) {
            auto results =
                std::make_shared<const ExplorerResults>(computeExplorer(*run, request, context.progressFn()));
            return listSlowest(std::move(results), filter, limit);
        },
        [this](const std::shared_ptr<const ExplorerListing>& listing) { display(listing); });
}

void ExplorerPage::display(const std::shared_ptr<const ExplorerListing>& listing)
{
    if (!listing || !listing->results) {
        return;
    }
    // A newer listing of the old results would not match these.
    m_lister->discard();
    const auto& results = listing->results;
    m_results = results;
    // The joined metrics need the run's spans.
    if (auto* items = qobject_cast<QStandardItemModel*>(m_y->model())) {
        for (const auto y : {ExplorerY::GpuQueue, ExplorerY::NetworkEnvelope}) {
            items->item(m_y->findData(int(y)))->setEnabled(results->hasSpans);
        }
    }
    m_y->setCurrentIndex(m_y->findData(int(results->request.y)));
    fillFilterBoxes();
    m_plot->setResults(results);
    if (m_selectedSeq >= qint64(results->rows)) {
        m_selectedSeq = -1;
    }
    m_plot->highlight(m_selectedSeq);
    updateRangeChip();
    m_state->setText(results->hasSpans && !results->joined && needsJoin(results->request.y)
                         ? tr("The server spans could not be joined to these requests.")
                         : QString());
    showListing(*listing);
    fitColumnsToFirstRows(m_table);
    // The filters changed while the results were computed: list again.
    if (listing->filter != currentFilter() || listing->limit != m_limit->currentData().toInt()) {
        list();
    }
    Q_EMIT updated(results->runId);
}

void ExplorerPage::list(bool lookUpTrace)
{
    if (!m_results) {
        return;
    }
    m_lister->start([results = m_results, filter = currentFilter(), limit = m_limit->currentData().toInt(),
                     lookUpTrace](JobContext&) {
        return QVariant::fromValue(
            std::make_shared<const ExplorerListing>(listSlowest(results, filter, limit, lookUpTrace)));
    });
}

void ExplorerPage::showListing(const ExplorerListing& listing)
{
    m_model->setListing(listing);
    syncTableSelection();
    updateStatus();
    if (listing.lookedUpTrace) {
        if (listing.traceRow) {
            select(ExplorerResults::seqOf(*listing.traceRow));
        } else {
            m_status->setText(tr("No request of this run has the trace ID %1.")
                                  .arg(QString::fromStdString(listing.filter.tracePrefix)));
        }
    }
    Q_EMIT listed();
}

void ExplorerPage::fillFilterBoxes()
{
    const QVariant outcome = m_outcome->currentData();
    const QString stage = m_stage->currentIndex() > 0 ? m_stage->currentText() : QString();
    const QString group = m_group->currentIndex() > 0 ? m_group->currentText() : QString();
    m_outcome->clear();
    m_outcome->addItem(tr("all"), -1);
    m_stage->clear();
    m_stage->addItem(tr("all"), -1);
    m_group->clear();
    m_group->addItem(tr("all groups"), -1);
    if (m_results) {
        for (int o = 0; o < kOutcomeCount; ++o) {
            if (const auto n = m_results->outcomeCounts[std::size_t(o)]) {
                m_outcome->addItem(tr("%1 (%L2)").arg(name(nameOf(Outcome(o)))).arg(n), o);
            }
        }
        for (std::size_t i = 0; i < m_results->stages.size(); ++i) {
            m_stage->addItem(QString::fromStdString(m_results->stages[i]), int(i));
            if (i < m_results->stageWindows.size()) {
                // The window the filter keeps: the steady part, its settle time stated.
                m_stage->setItemData(m_stage->count() - 1, QString::fromStdString(m_results->stageWindows[i]),
                                     Qt::ToolTipRole);
            }
        }
    }
    m_outcome->setCurrentIndex(std::max(0, m_outcome->findData(outcome)));
    m_stage->setCurrentIndex(std::max(0, m_stage->findText(stage)));
    if (m_results) {
        for (std::size_t i = 0; i < m_results->groups.size(); ++i) {
            m_group->addItem(QString::fromStdString(m_results->groups[i]), int(i));
        }
    }
    m_group->setCurrentIndex(std::max(0, m_group->findText(group)));
    // A run of one model and scenario: nothing to choose.
    const bool grouped = m_results && m_results->groups.size() > 1;
    m_group->setVisible(grouped);
    m_groupLabel->setVisible(grouped);
}

ExplorerFilter ExplorerPage::currentFilter() const
{
    ExplorerFilter filter;
    const int o = m_outcome->currentData().toInt();
    filter.outcome = o < 0 ? std::nullopt : std::optional<Outcome>(Outcome(o));
    filter.stage = m_stage->currentData().toInt();
    filter.group = m_group->currentData().toInt();
    if (m_minY->value() > m_minY->minimum()) {
        filter.minYMs = m_minY->value();
    }
    filter.tracePrefix = m_search->text().trimmed().toStdString();
    filter.timeRange = m_selection->rangeFor(path(), runId());
    return filter;
}

void ExplorerPage::applyFilter()
{
    list();
}

void ExplorerPage::onSearch()
{
    // A complete trace ID also selects its request, once listed.
    list(isFullTraceId(m_search->text().trimmed().toStdString()));
}

void ExplorerPage::select(qint64 seq)
{
    m_selectedSeq = seq;
    m_plot->highlight(seq);
    syncTableSelection();
    Q_EMIT requestSelected(seq);
}

void ExplorerPage::syncTableSelection()
{
    const int row = m_model->rowOfSeq(m_selectedSeq);
    m_syncing = true;
    if (row < 0) {
        m_table->selectionModel()->clear();
    } else if (m_table->currentIndex().row() != row) {
        const QModelIndex index = m_model->index(row, 0);
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
        m_table->scrollTo(index);
    }
    m_syncing = false;
}

void ExplorerPage::updateStatus()
{
    if (!m_results) {
        m_status->clear();
        return;
    }
    m_status->setText(tr("%L1 requests; %L2 match the filters; listing the slowest %L3 by %4.")
                          .arg(qint64(m_results->rows))
                          .arg(m_model->matchCount())
                          .arg(m_model->rowCount())
                          .arg(name(explorerYName(m_results->request.y))));
}

} // namespace pb::ui
