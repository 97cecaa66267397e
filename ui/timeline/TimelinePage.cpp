#include "TimelinePage.h"

#include "KneePlot.h"
#include "TimeRangeSelection.h"
#include "TimelineAnalysis.h"
#include "TimelinePlot.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

namespace pb::ui {

TimelinePage::TimelinePage(QWidget* parent)
    : RunPage(parent)
    , m_interval(new QComboBox(this))
    , m_convention(new QComboBox(this))
    , m_plots(new TimelinePlots(this))
    , m_knee(new KneePlot(this))
    , m_state(new QLabel(this))
    , m_labels(new QLabel(this))
    , m_selection(new TimeRangeSelection(this))
    , m_rangeLabel(new QLabel(this))
    , m_showExplorer(new QPushButton(tr("Show in Explorer"), this))
    , m_showRequests(new QPushButton(tr("Show in Requests"), this))
    , m_editRange(new QPushButton(tr("Set Range…"), this))
    , m_clearRange(new QPushButton(tr("Clear"), this))
    , m_counter(new Job(this))
{
    setObjectName(QStringLiteral("timelinePage"));
    m_interval->setObjectName(QStringLiteral("timelineInterval"));
    m_interval->addItem(tr("automatic"), 0.0);
    m_interval->addItem(tr("1 s"), 1000.0);
    m_interval->addItem(tr("5 s"), 5000.0);
    m_interval->addItem(tr("10 s"), 10000.0);
    m_interval->addItem(tr("60 s"), 60000.0);
    m_convention->setObjectName(QStringLiteral("timelineConvention"));
    for (const auto c :
         {stats::Convention::NearestRank, stats::Convention::Linear, stats::Convention::Ecdf}) {
        m_convention->addItem(QString::fromUtf8(std::string(stats::conventionLabel(c)).c_str()), int(c));
    }
    // Narrower than its longest convention (the list shows them whole): the
    // range selection shares the row.
    m_convention->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_convention->setMinimumContentsLength(16);
    m_convention->view()->setTextElideMode(Qt::ElideNone);
    m_state->setObjectName(QStringLiteral("timelineState"));
    m_labels->setObjectName(QStringLiteral("timelineLabels"));
    m_labels->setWordWrap(true);
    m_labels->setTextFormat(Qt::PlainText);
    m_knee->setVisible(false);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Interval:"), this));
    top->addWidget(m_interval);
    top->addWidget(new QLabel(tr("Percentiles:"), this));
    top->addWidget(m_convention);
    top->addWidget(m_state);

    m_rangeLabel->setObjectName(QStringLiteral("timelineRange"));
    m_rangeLabel->setTextFormat(Qt::PlainText);
    // Wraps onto a second line rather than widening the page.
    m_rangeLabel->setWordWrap(true);
    m_rangeLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_showExplorer->setObjectName(QStringLiteral("timelineShowExplorer"));
    m_showExplorer->setToolTip(tr("List the requests of the selected range in the Explorer"));
    m_showRequests->setObjectName(QStringLiteral("timelineShowRequests"));
    m_showRequests->setToolTip(tr("Show only the requests of the selected range on the Requests page"));
    m_editRange->setObjectName(QStringLiteral("timelineEditRange"));
    m_editRange->setToolTip(tr("Type the range's bounds"));
    m_clearRange->setObjectName(QStringLiteral("timelineClearRange"));
    m_clearRange->setToolTip(tr("Clear the time range on every page (Esc)"));
    // On the controls' row: a row of its own would push the page past a
    // 768-pixel screen.
    top->addWidget(m_rangeLabel, 1);
    top->addWidget(m_showExplorer);
    top->addWidget(m_showRequests);
    top->addWidget(m_editRange);
    top->addWidget(m_clearRange);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_plots);
    split->addWidget(m_knee);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({780, 420});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(m_labels);

    connect(m_interval, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_convention, &QComboBox::activated, this, [this] {
        m_convention->setToolTip(m_convention->currentText());
        refresh();
    });
    connect(m_plots, &TimelinePlots::rangeSelected, this, &TimelinePage::setTimeRange);
    connect(m_plots, &TimelinePlots::latencyPointActivated, this, &TimelinePage::openLatencyExemplar);
    connect(m_knee, &KneePlot::latencyPointActivated, this, &TimelinePage::openKneeExemplar);
    connect(m_showExplorer, &QPushButton::clicked, this, &TimelinePage::showInExplorerRequested);
    connect(m_showRequests, &QPushButton::clicked, this, &TimelinePage::showInRequestsRequested);
    connect(m_editRange, &QPushButton::clicked, this, &TimelinePage::editRange);
    connect(m_clearRange, &QPushButton::clicked, this, &TimelinePage::clearTimeRange);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, &TimelinePage::clearTimeRange);
    connect(m_counter, &Job::finished, this, [this](const QVariant& count) {
        m_rangeCount = count.toLongLong();
        if (const auto r = timeRange()) {
            m_rangeLabel->setText(tr("Selected %1: %Ln request(s)", nullptr, int(m_rangeCount))
                                      .arg(TimeRangeSelection::label(*r)));
        }
        Q_EMIT rangeCounted();
    });
    m_convention->setToolTip(m_convention->currentText());
    setStateLabel(m_state);
    connect(m_selection, &TimeRangeSelection::changed, this, &TimelinePage::updateRange);
    updateRange();
}

void TimelinePage::setTimeRangeSelection(TimeRangeSelection* selection)
{
    if (selection == m_selection) {
        return;
    }
    disconnect(m_selection, nullptr, this, nullptr);
    m_selection = selection;
    connect(m_selection, &TimeRangeSelection::changed, this, &TimelinePage::updateRange);
    updateRange();
}

void TimelinePage::setTimeRange(const analysis::TimeRange& range)
{
    if (runId() == 0) {
        return;
    }
    m_selection->set(path(), runId(), range);
    // The same range again (a redrawn drag): the shading stays.
    updateRange();
}

void TimelinePage::clearTimeRange()
{
    m_selection->clear();
    updateRange();
}

std::optional<analysis::TimeRange> TimelinePage::timeRange() const
{
    return m_selection->rangeFor(path(), runId());
}

void TimelinePage::updateRange()
{
    const auto range = timeRange();
    m_plots->setSelectedRange(range);
    m_showExplorer->setEnabled(range.has_value());
    m_showRequests->setEnabled(range.has_value());
    m_clearRange->setEnabled(range.has_value());
    m_editRange->setEnabled(runId() != 0);
    m_counter->discard();
    m_rangeCount = -1;
    if (!range) {
        m_rangeLabel->setText(tr("Shift+drag on a plot selects a time range."));
        return;
    }
    m_rangeLabel->setText(tr("Selected %1: counting…").arg(TimeRangeSelection::label(*range)));
    const auto run = loadedRun();
    if (!run) {
        return; // counted once the run is shown
    }
    m_counter->start([run, r = *range](JobContext&) {
        return QVariant::fromValue<qint64>(qint64(analysis::countInTimeRange(*run, r)));
    });
}

void TimelinePage::editRange()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Select Time Range"));
    dialog.setObjectName(QStringLiteral("timelineRangeDialog"));
    auto* from = new QDoubleSpinBox(&dialog);
    auto* to = new QDoubleSpinBox(&dialog);
    from->setObjectName(QStringLiteral("timelineRangeFrom"));
    to->setObjectName(QStringLiteral("timelineRangeTo"));
    const double end = m_results ? std::max(m_results->durationMs, m_results->intervalMs) / 1000.0 : 0.0;
    for (auto* box : {from, to}) {
        box->setDecimals(3);
        box->setRange(0, std::max(end, 1e6));
        box->setSuffix(tr(" s"));
    }
    const auto current = timeRange();
    from->setValue(current ? current->fromMs / 1000.0 : 0.0);
    to->setValue(current ? current->toMs / 1000.0 : end);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(tr("From:"), from);
    form->addRow(tr("To (excluded):"), to);
    form->addRow(buttons);
    if (dialog.exec() == QDialog::Accepted) {
        setTimeRange(analysis::timeRangeBetween(from->value() * 1000.0, to->value() * 1000.0));
    }
}

TimelinePage::~TimelinePage() = default;

QString TimelinePage::errorText(const QString& message) const
{
    return tr("Cannot compute the timeline: %1").arg(message);
}

void TimelinePage::clearView()
{
    m_counter->discard();
    m_results.reset();
    m_plots->clear();
    m_knee->clearKnee();
    m_knee->setVisible(false);
    m_labels->clear();
    updateRange();
}

void TimelinePage::start()
{
    TimelineRequest request;
    request.intervalMs = m_interval->currentData().toDouble();
    request.convention = static_cast<stats::Convention>(m_convention->currentData().toInt());
    const auto run = loadedRun();
    startJob<TimelineResults>(
        tr("Computing…"),
        [run, request](JobContext& context) { return computeTimeline(*run, request, context.progressFn()); },
        [this](const std::shared_ptr<const TimelineResults>& results) { display(results); });
}

void TimelinePage::display(const std::shared_ptr<const TimelineResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    m_plots->setResults(*results);
    m_knee->setResults(*results);
    m_knee->setVisible(!m_knee->isEmpty());

    const QString interval = results->intervalChosen
                                 ? tr("%1 s").arg(results->intervalMs / 1000.0, 0, 'g', 4)
                                 : tr("%1 s (automatic)").arg(results->intervalMs / 1000.0, 0, 'g', 4);
    QStringList lines{
        tr("Latency and errors: scope %1; window %2; interval %3; %4.")
            .arg(QString::fromStdString(results->scope), QString::fromStdString(results->window), interval,
                 QString::fromUtf8(std::string(stats::conventionLabel(results->convention)).c_str()))};
    if (!results->knee.points.empty()) {
        lines << (results->knee.fromSamples
                      ? tr("Knee: one point per stage; throughput counts the completions of the run's load "
                           "samples over the stage's span moved later by its median total.")
                      : tr("Knee: one point per stage; throughput counts completed requests (start + total) "
                           "over the stage's span moved later by its median total."));
    }
    for (const auto& w : results->warnings) {
        lines << QString::fromStdString(w);
    }
    m_labels->setText(lines.join(QLatin1Char('\n')));
    updateRange();
    Q_EMIT updated(results->runId);
}

void TimelinePage::openLatencyExemplar(const QString& series, int index)
{
    if (!m_results) {
        return;
    }
    for (const auto& s : m_results->latency) {
        if (QString::fromStdString(s.name) != series || index < 0 ||
            std::size_t(index) >= s.exemplarSeq.size() || s.exemplarSeq[std::size_t(index)] < 0) {
            continue;
        }
        openRequest(s.exemplarSeq[std::size_t(index)]);
        return;
    }
}

void TimelinePage::openKneeExemplar(const QString& stage)
{
    if (!m_results) {
        return;
    }
    for (const auto& pt : m_results->knee.points) {
        if (QString::fromStdString(pt.stage) == stage) {
            // The knee chart's latency is the queue when the run joined spans.
            const auto& e = m_results->knee.queueAvailable ? pt.queueExemplar : pt.ttftExemplar;
            if (e) {
                openRequest(e->seq);
            }
            return;
        }
    }
}

void TimelinePage::openRequest(qint64 seq)
{
    PageLink link;
    link.kind = PageLink::Kind::Request;
    link.path = path();
    link.runId = runId();
    link.seq = seq;
    Q_EMIT linkActivated(link);
}

} // namespace pb::ui
