#include "RequestsPage.h"

#include "ColumnFormat.h"
#include "RequestTableModel.h"
#include "TableLayout.h"
#include "TimeRangeSelection.h"
#include "TraceFinder.h"
#include "model/RequestColumns.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace pb::ui {

RequestsPage::RequestsPage(QWidget* parent)
    : RunPage(parent)
    , m_model(new RequestTableModel(this))
    , m_view(new QTableView(this))
    , m_title(new QLabel(this))
    , m_status(new QLabel(this))
    , m_state(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_stack(new QStackedWidget(this))
    , m_selection(new TimeRangeSelection(this))
    , m_rangeChip(new QToolButton(this))
{
    m_title->setObjectName(QStringLiteral("requestsTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_status->setObjectName(QStringLiteral("requestsStatus"));
    m_state->setObjectName(QStringLiteral("requestsState"));
    m_state->setTextFormat(Qt::PlainText);
    m_hint->setObjectName(QStringLiteral("requestsHint"));
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText);

    m_view->setObjectName(QStringLiteral("requestsView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    // Fixed row heights: a million rows lay out without measuring any of them.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    // Column widths from the header and the column's type, never from the
    // rows: sizing to contents read the run page by page before the window
    // showed (issue 27). Fixed once here, whatever the run's size.
    {
        const QFontMetrics fm = m_view->fontMetrics();
        const QFontMetrics headerFm = m_view->horizontalHeader()->fontMetrics();
        const auto cols = requestColumns();
        for (std::size_t i = 0; i < cols.size(); ++i) {
            const auto& c = cols[i];
            QString sample;
            switch (c.type) {
            case ColumnType::Duration:
                sample = QStringLiteral("000000.000");
                break;
            case ColumnType::Integer:
                sample = QStringLiteral("0000000");
                break;
            case ColumnType::Boolean:
                sample = QStringLiteral("false");
                break;
            case ColumnType::OutcomeEnum:
            case ColumnType::UsageEnum:
                sample = QStringLiteral("provider_error");
                break;
            case ColumnType::Text:
                // Ids are 32 hex digits (trace) or 16 (span); other text is cut with an ellipsis.
                sample = QString(c.group == ColumnGroup::Identity ? 32 : 14, QLatin1Char('0'));
                break;
            }
            const int header = headerFm.horizontalAdvance(columnTitle(c)) + 28; // sort indicator
            const int cell = fm.horizontalAdvance(sample) + 12;
            m_view->horizontalHeader()->resizeSection(static_cast<int>(i), std::max(header, cell));
        }
    }
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->horizontalHeader()->setSortIndicatorShown(true);
    m_view->setSortingEnabled(true);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QVariant seq =
                    current.isValid() ? current.data(RequestTableModel::SeqRole) : QVariant();
                if (seq.isValid()) {
                    Q_EMIT currentRequestChanged(seq.toLongLong());
                }
            });

    m_rangeChip->setObjectName(QStringLiteral("requestsTimeRange"));
    m_rangeChip->setToolTip(tr("Showing only the requests of this range of the Timeline; click to clear it"));
    m_rangeChip->setVisible(false);
    connect(m_rangeChip, &QToolButton::clicked, this, [this] { m_selection->clear(); });

    auto* header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_rangeChip);
    header->addWidget(m_state);
    header->addWidget(m_status);

    auto* tablePage = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tablePage);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addLayout(header);
    tableLayout->addWidget(m_view);
    m_stack->addWidget(tablePage);
    m_stack->addWidget(m_hint);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_stack);

    connect(m_model, &RequestTableModel::sortingChanged, this, &RequestsPage::updateStatus);
    connect(m_model, &RequestTableModel::filteringChanged, this, &RequestsPage::updateStatus);
    connect(m_model, &RequestTableModel::filterFinished, this, &RequestsPage::updateStatus);
    connect(m_model, &RequestTableModel::errorOccurred, this, &RequestsPage::errorOccurred);
    // The row picked opens in the waterfall, which stays behind.
    connect(this, &RequestsPage::currentRequestChanged, this, [this](qint64 seq) {
        PageLink link;
        link.kind = PageLink::Kind::Request;
        link.path = m_model->path();
        link.runId = m_model->runId();
        link.seq = seq;
        link.raise = false;
        Q_EMIT linkActivated(link);
    });
    setStateLabel(m_state);
    watchSelection();
    clear();
}

void RequestsPage::setTimeRangeSelection(TimeRangeSelection* selection)
{
    if (selection == m_selection) {
        return;
    }
    disconnect(m_selection, nullptr, this, nullptr);
    m_selection = selection;
    watchSelection();
    applyTimeRange();
}

void RequestsPage::watchSelection()
{
    connect(m_selection, &TimeRangeSelection::changed, this, &RequestsPage::applyTimeRange);
}

void RequestsPage::applyTimeRange()
{
    const auto range = m_selection->rangeFor(path(), runId());
    m_rangeChip->setVisible(range.has_value());
    if (range) {
        m_rangeChip->setText(tr("Time %1  ✕").arg(TimeRangeSelection::label(*range)));
    }
    m_model->setTimeRange(range);
    updateStatus();
}

void RequestsPage::start()
{
    // The loaded run every page shares: the model keeps the pointer and
    // formats the cells the view shows; the range first, so that the run's
    // rows are filtered before any is shown.
    m_model->setTimeRange(m_selection->rangeFor(path(), runId()));
    m_model->setRun(snapshot());
    applyTimeRange();
    widenToSample();
    QString name;
    for (const auto& run : runs()) {
        if (run.id == runId()) {
            name = QString::fromStdString(run.name);
        }
    }
    // The model starts in insertion order; so does the header's indicator.
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    // The window's context: the title kept its translations when it moved here.
    m_title->setText(QCoreApplication::translate("pb::ui::MainWindow", "Run %1: %2").arg(runId()).arg(name));
    m_stack->setCurrentIndex(0);
    m_view->scrollToTop();
    updateStatus();
    // Shown at once: nothing of this page runs on the pool.
    markResultShown();
    if (!m_pendingTrace.isEmpty()) {
        const QString trace = std::exchange(m_pendingTrace, QString());
        findTrace(trace, m_pendingAsker);
    }
}

void RequestsPage::widenToSample()
{
    // The type-based widths cut longer values (a resolved model name): widen
    // each column to the first rows' text, a bounded sample inside the first
    // page the view paints anyway, whatever the run's size.
    fitColumnsToFirstRows(m_view, 64, 360, true);
}

void RequestsPage::clearView()
{
    m_pendingTrace.clear();
    m_model->clear();
    m_hint->clear();
    m_title->clear();
    m_stack->setCurrentIndex(1);
    m_rangeChip->setVisible(false);
    updateStatus();
}

void RequestsPage::showNoRun(const QString& hint)
{
    clear();
    m_hint->setText(hint);
}

QString RequestsPage::errorText(const QString& message) const
{
    return TraceFinder::tr("Cannot look the trace up: %1").arg(message);
}

bool RequestsPage::follow(const PageLink& link)
{
    if (link.kind != PageLink::Kind::Trace) {
        return false;
    }
    if (link.runId != runId() || link.path != path()) {
        Q_EMIT errorOccurred(TraceFinder::notInShownRun(link.traceId));
    } else {
        findTrace(link.traceId);
    }
    return true;
}

QList<QAction*> RequestsPage::editActions(QWidget* window)
{
    return {TraceFinder::createFindAction(window, this)};
}

void RequestsPage::findTrace(const QString& traceId, Asker asker)
{
    const QString id = traceId.trimmed().toLower();
    if (runId() == 0) {
        traceLookedUp(id, std::nullopt, asker);
        return;
    }
    const RunSnapshotPtr snapshot = this->snapshot();
    if (!snapshot) {
        // The run is still loading: looked up as soon as it is shown.
        m_pendingTrace = id;
        m_pendingAsker = asker;
        return;
    }
    startJob<std::optional<std::int64_t>>(
        TraceFinder::tr("Finding trace %1…").arg(id),
        [snapshot, id](JobContext&) { return TraceFinder::seqOfTrace(*snapshot, id); },
        [this, id, asker](const std::shared_ptr<const std::optional<std::int64_t>>& seq) {
            traceLookedUp(id, *seq, asker);
        });
}

void RequestsPage::traceLookedUp(const QString& traceId, std::optional<std::int64_t> seq, Asker asker)
{
    QString message;
    int row = -1;
    if (runId() == 0) {
        message = TraceFinder::tr("No run is shown.");
    } else if (!seq) {
        message = TraceFinder::tr("Run %1 has no request with trace ID %2.").arg(runId()).arg(traceId);
    } else {
        row = TraceFinder::rowOfSeq(*m_model, *seq);
        if (row < 0 && m_model->timeRange()) {
            message = tr("The request with trace ID %1 is outside the selected time range.").arg(traceId);
        } else if (row < 0) {
            message = TraceFinder::tr("The request with trace ID %1 is not in the table yet.").arg(traceId);
        }
    }
    if (row < 0) {
        if (asker == Asker::User) {
            Q_EMIT traceNotFound(message);
        } else {
            Q_EMIT errorOccurred(message);
        }
        return;
    }
    Q_EMIT raiseRequested();
    const QModelIndex index = m_model->index(row, 0);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    Q_EMIT traceFound(*seq);
}

void RequestsPage::updateStatus()
{
    if (m_model->isFiltering()) {
        m_status->setText(tr("Filtering…"));
    } else if (m_model->isSorting()) {
        m_status->setText(tr("Sorting…"));
    } else if (!m_model->errorString().isEmpty()) {
        m_status->setText(tr("Cannot read this run: %1").arg(m_model->errorString()));
    } else {
        QString text = m_model->path().isEmpty() ? QString()
                       : m_model->timeRange()    ? tr("Requests: %L1 of %L2 in the time range")
                                                    .arg(m_model->rowCount())
                                                    .arg(m_model->totalRows())
                                              : tr("Requests: %L1").arg(m_model->rowCount());
        if (m_model->snapshot() && m_model->snapshot()->summarised) {
            text += QLatin1Char(' ') + tr("(over the memory budget: id columns not loaded)");
        }
        m_status->setText(text);
    }
}

} // namespace pb::ui
