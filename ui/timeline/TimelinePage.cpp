#include "TimelinePage.h"

#include "KneePlot.h"
#include "TimelineAnalysis.h"
#include "TimelinePlot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
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
    m_state->setObjectName(QStringLiteral("timelineState"));
    m_labels->setObjectName(QStringLiteral("timelineLabels"));
    m_labels->setWordWrap(true);
    m_labels->setTextFormat(Qt::PlainText);
    m_knee->setVisible(false);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Interval:"), this));
    top->addWidget(m_interval);
    top->addWidget(new QLabel(tr("Percentiles:"), this));
    top->addWidget(m_convention, 1);
    top->addWidget(m_state, 2);

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
    connect(m_convention, &QComboBox::activated, this, [this] { refresh(); });
    setStateLabel(m_state);
}

TimelinePage::~TimelinePage() = default;

QString TimelinePage::errorText(const QString& message) const
{
    return tr("Cannot compute the timeline: %1").arg(message);
}

void TimelinePage::clearView()
{
    m_results.reset();
    m_plots->clear();
    m_knee->clearKnee();
    m_knee->setVisible(false);
    m_labels->clear();
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
    Q_EMIT updated(results->runId);
}

} // namespace pb::ui
