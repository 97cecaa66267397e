#include "OverviewPage.h"

#include "OverviewGoodputModel.h"
#include "OverviewModel.h"
#include "RunAnalysis.h"
#include "TableCopy.h"
#include "TableLayout.h"
#include "VerdictWidget.h"
#include "model/Vocabulary.h"

#include <QCoreApplication>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pb::ui {
namespace {

QString fromStd(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QString percent(const std::optional<double>& fraction)
{
    return fraction ? OverviewPage::tr("%L1 %").arg(*fraction * 100.0, 0, 'f', 1) : QStringLiteral("—");
}

// Where the server phases came from, when the responses carried server
// timings: spans, response metrics or headers, and how the two disagree.
QString serverSources(const pb::join::JoinReport& j)
{
    if (j.withResponseTimings == 0) {
        return {};
    }
    QStringList profiles;
    for (const auto& p : j.timingProfiles) {
        profiles << fromStd(p);
    }
    QString out =
        OverviewPage::tr(" — server phases from spans on %L1 attempts, from the responses' own timings "
                         "on %L2 (%3: %L4 from response metrics, %L5 from headers)")
            .arg(j.matched)
            .arg(j.responseTimings)
            .arg(profiles.join(QStringLiteral(", ")))
            .arg(j.responseMetrics)
            .arg(j.responseHeaders);
    for (const auto& d : j.disagreements) {
        out +=
            QLatin1Char('\n') + OverviewPage::tr("both sources on %L1 attempts: %2 spans − response median "
                                                 "%L3 ms, p95 |difference| %L4 ms")
                                    .arg(d.pairs)
                                    .arg(fromStd(d.phase))
                                    .arg(d.medianDifference, 0, 'f', 2)
                                    .arg(d.p95AbsDifference, 0, 'f', 2);
    }
    return out;
}

// The prefix-cache populations as core computed them: per group and window,
// the cached-token share and TTFT of hits and misses apart; then the target's
// scraped hit rate.
QString prefixCacheText(const analysis::OverviewResults& r)
{
    QStringList lines;
    const auto quantile = [](const stats::MetricSummary& m, double p) {
        const auto* q = m.quantile(p);
        return OverviewModel::formatMs(q ? q->value : std::nullopt);
    };
    for (const auto& w : r.prefixCache) {
        const auto& f = w.figures;
        QString line = OverviewPage::tr("cached-token share %1 (%L2 of %L3 requests hit)")
                           .arg(percent(f.tokenShare))
                           .arg(f.hits)
                           .arg(f.reported);
        if (f.split()) {
            line += OverviewPage::tr(
                        "; TTFT (first text) hit p50 %1, p95 %2 (N %L3); miss p50 %4, p95 %5 (N %L6)")
                        .arg(quantile(*f.hit, 0.5), quantile(*f.hit, 0.95))
                        .arg(f.hit->n)
                        .arg(quantile(*f.miss, 0.5), quantile(*f.miss, 0.95))
                        .arg(f.miss->n);
        }
        QStringList where;
        for (const auto& part : {w.group, w.stage}) {
            if (!part.empty()) {
                where << fromStd(part);
            }
        }
        lines << (where.isEmpty() ? line : where.join(QStringLiteral(", ")) + QStringLiteral(": ") + line);
    }
    if (const auto& s = r.scrapedPrefixCache) {
        lines << OverviewPage::tr("target's hit rate %1 (%2)").arg(percent(s->hitRate), fromStd(s->series));
    }
    return lines.isEmpty() ? QStringLiteral("—") : lines.join(QLatin1Char('\n'));
}

QString orDash(const QString& s)
{
    return s.isEmpty() ? QStringLiteral("—") : s;
}

// The object names of the field labels, in Field order.
constexpr const char* kFieldNames[] = {"overviewTitle",    "overviewStatus",       "overviewKind",
                                       "overviewSource",   "overviewScenario",     "overviewModel",
                                       "overviewEndpoint", "overviewStreaming",    "overviewArrivalRate",
                                       "overviewDropped",  "overviewGeneratorLag", "overviewGeneratorCpu",
                                       "overviewOutcomes", "overviewJoinCoverage", "overviewPrefixCache",
                                       "overviewScope",    "overviewWindow",       "overviewStatistic"};
static_assert(std::size(kFieldNames) == OverviewPage::FieldCount);

} // namespace

OverviewPage::OverviewPage(QWidget* parent)
    : RunPage(parent)
    , m_verdict(new VerdictWidget(this))
    , m_model(new OverviewModel(this))
    , m_view(new QTableView(this))
    , m_goodputModel(new OverviewGoodputModel(this))
    , m_goodputView(new QTableView(this))
    , m_ttftDefinition(new QLabel(this))
    , m_state(new QLabel(this))
{
    setObjectName(QStringLiteral("overviewPage"));
    for (std::size_t i = 0; i < m_fields.size(); ++i) {
        auto*& label = m_fields[i];
        label = new QLabel(this);
        label->setObjectName(QLatin1String(kFieldNames[i]));
        label->setTextFormat(Qt::PlainText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setWordWrap(true);
    }
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    m_fields[Title]->setFont(titleFont);

    auto* form = new QFormLayout;
    form->addRow(tr("Status:"), m_fields[Status]);
    form->addRow(tr("Kind:"), m_fields[Kind]);
    form->addRow(tr("Source:"), m_fields[Source]);
    form->addRow(tr("Scenario:"), m_fields[Scenario]);
    form->addRow(tr("Model:"), m_fields[Model]);
    form->addRow(tr("Endpoint host:"), m_fields[Endpoint]);
    form->addRow(tr("Streaming:"), m_fields[Streaming]);
    form->addRow(tr("Arrival rate:"), m_fields[ArrivalRate]);
    form->addRow(tr("Dropped iterations:"), m_fields[Dropped]);
    form->addRow(tr("Generator lag p99:"), m_fields[GeneratorLag]);
    form->addRow(tr("Generator CPU:"), m_fields[GeneratorCpu]);
    m_fields[GeneratorCpu]->setToolTip(tr(
        "The load generator's own CPU per request sent: its engine thread (schedule, HTTP, parsing) and the "
        "thread that stores the records"));
    form->addRow(tr("Outcomes:"), m_fields[Outcomes]);
    form->addRow(tr("Join coverage:"), m_fields[JoinCoverage]);
    form->addRow(tr("Prefix cache:"), m_fields[PrefixCache]);
    form->addRow(tr("Scope:"), m_fields[ScopeLabel]);
    form->addRow(tr("Window:"), m_fields[WindowLabel]);
    form->addRow(tr("Statistic:"), m_fields[StatisticLabel]);

    m_view->setObjectName(QStringLiteral("overviewTable"));
    m_view->setModel(m_model);
    openExemplarsFrom(m_view, OverviewModel::ExemplarSeqRole);
    enableCsvCopy(m_view);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->hide();
    fitColumns(m_view, {OverviewModel::Definition});

    m_goodputView->setObjectName(QStringLiteral("overviewGoodput"));
    m_goodputView->setModel(m_goodputModel);
    enableCsvCopy(m_goodputView);
    m_goodputView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_goodputView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_goodputView->verticalHeader()->hide();
    m_goodputView->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_goodputView->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_goodputView->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    fitColumns(m_goodputView, {OverviewGoodputModel::Thresholds});
    m_goodputView->hide();

    m_ttftDefinition->setWordWrap(true);
    m_ttftDefinition->setTextFormat(Qt::PlainText);
    m_state->setObjectName(QStringLiteral("overviewState"));

    // The page scrolls rather than squeezing its rows: on a small screen the
    // verdict, the form and the table each keep the height their text needs.
    m_view->setMinimumHeight(m_view->verticalHeader()->defaultSectionSize() * 8);
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(m_fields[Title]);
    layout->addWidget(m_verdict);
    layout->addLayout(form);
    layout->addWidget(m_goodputView);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_ttftDefinition);
    layout->addWidget(m_state);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("overviewScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    setStateLabel(m_state);
    connect(m_verdict, &VerdictWidget::errorOccurred, this, &OverviewPage::errorOccurred);
    clear();
}

OverviewPage::~OverviewPage() = default;

QString OverviewPage::errorText(const QString& message) const
{
    return tr("Cannot compute the overview: %1").arg(message);
}

void OverviewPage::clearView()
{
    m_results.reset();
    m_model->clear();
    m_goodputModel->clear();
    m_goodputView->hide();
    for (auto* label : m_fields) {
        label->clear();
    }
    m_fields[Title]->setText(tr("No run selected"));
    m_ttftDefinition->clear();
    m_verdict->clear();
}

void OverviewPage::runShown()
{
    // The page's cache (the window's): the verdict reads the same loaded run.
    m_verdict->setRunCache(runCache());
    m_verdict->showRun(path(), runId()); // not on every live refresh(): once per showRun
}

void OverviewPage::start()
{
    const auto run = loadedRun();
    startJob<OverviewResults>(
        tr("Computing…"), [run](JobContext&) { return computeOverview(*run); },
        [this](const std::shared_ptr<const OverviewResults>& results) { display(results); });
}

void OverviewPage::display(const std::shared_ptr<const OverviewResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    const OverviewResults& r = *results;
    m_fields[Title]->setText(tr("Run %1: %2").arg(r.run.id).arg(QString::fromStdString(r.run.name)));
    m_fields[Status]->setText(fromStd(nameOf(r.run.status)));
    m_fields[Kind]->setText(fromStd(nameOf(r.run.kind)));
    m_fields[Source]->setText(orDash(QString::fromStdString(r.run.source)));
    m_fields[Scenario]->setText(orDash(QString::fromStdString(r.config.scenario)));
    m_fields[Model]->setText(orDash(QString::fromStdString(r.config.model)));
    m_fields[Endpoint]->setText(orDash(QString::fromStdString(r.config.endpointHost)));
    m_fields[Streaming]->setText(!r.config.streaming   ? QStringLiteral("—")
                                 : *r.config.streaming ? tr("yes")
                                                       : tr("no"));

    // A stepped run shows each stage on its own line: never one pooled figure.
    // Models and scenarios too: one line per stage and group.
    const auto& windows = r.summary.windows;
    const bool perStage = windows.size() > 1;
    const auto prefix = [perStage](const analysis::WindowFigures& w) {
        if (!perStage) {
            return QString();
        }
        const QString stage = QString::fromStdString(w.stage);
        const QString group = QString::fromStdString(w.group);
        return tr("%1: ").arg(group.isEmpty()   ? stage
                              : stage.isEmpty() ? group
                                                : tr("%1, %2").arg(stage, group));
    };
    const auto rate = [](const std::optional<double>& v) {
        return v ? tr("%L1 req/s").arg(*v, 0, 'f', 2) : QStringLiteral("—");
    };
    QStringList arrival, dropped, outcomes, windowLabels;
    for (const auto& w : windows) {
        QString line =
            prefix(w) + tr("requested %1, achieved %2").arg(rate(w.requestedRate), rate(w.achievedRate));
        if (w.ratesFromSamples) {
            line += QLatin1Char(' ') + tr("(from the live samples so far)");
        }
        arrival << line;
        dropped << prefix(w) + (w.droppedIterations ? QLocale().toString(*w.droppedIterations, 'f', 0)
                                                    : QStringLiteral("—"));
        const auto& rates = w.report.rates;
        outcomes << prefix(w) + tr("started %L1; errors %2, timeouts %3, cancelled %4, partial %5")
                                    .arg(qulonglong(rates.started))
                                    .arg(percent(rates.errorRate), percent(rates.timeoutRate),
                                         percent(rates.cancellationRate), percent(rates.partialRate));
        windowLabels << QString::fromStdString(w.report.window);
    }
    m_fields[ArrivalRate]->setText(arrival.join(QLatin1Char('\n')));
    m_fields[Dropped]->setText(dropped.join(QLatin1Char('\n')));
    QString lag = OverviewModel::formatMs(r.generatorLagP99Ms);
    if (r.generatorBound) {
        lag += QStringLiteral("  ") + tr("— generator-bound: %1; the figures are not those of an open-model "
                                         "test at the requested rate")
                                          .arg(QString::fromStdString(r.generatorBoundReason));
    }
    m_fields[GeneratorLag]->setText(lag);
    if (const auto& c = r.generatorCost) {
        const auto us = [](double v) {
            return QLocale().toString(v, 'f', 1);
        };
        m_fields[GeneratorCpu]->setText(
            c->writerCpuS ? tr("%1 µs per request (engine %2 µs, writer %3 µs); %4 s over %5 requests")
                                .arg(us(c->cpuPerRequestUs()), us(c->enginePerRequestUs()),
                                     us(*c->writerPerRequestUs()), QLocale().toString(c->cpuS(), 'f', 2),
                                     QLocale().toString(qlonglong(std::llround(c->attempts))))
                          : tr("%1 µs per request (engine thread); %2 s over %3 requests")
                                .arg(us(c->cpuPerRequestUs()), QLocale().toString(c->cpuS(), 'f', 2),
                                     QLocale().toString(qlonglong(std::llround(c->attempts)))));
    } else {
        m_fields[GeneratorCpu]->setText(tr("not recorded (not a load run of Phasebench)"));
    }
    if (r.sessionsCut && *r.sessionsCut > 0) {
        // Why a sessions run has fewer later turns than its plan.
        outcomes << tr("%L1 sessions stopped by the run's end before their last turn")
                        .arg(qlonglong(std::llround(*r.sessionsCut)));
    }
    m_fields[Outcomes]->setText(outcomes.join(QLatin1Char('\n')));
    m_fields[JoinCoverage]->setText(r.joinCoverage         ? percent(r.joinCoverage) + serverSources(r.join)
                                    : r.run.spanCount == 0 ? tr("no server spans in this run")
                                                           : QStringLiteral("—"));
    m_fields[PrefixCache]->setText(prefixCacheText(r));
    const stats::StatsReport* first = windows.empty() ? nullptr : &windows.front().report;
    m_fields[ScopeLabel]->setText(first ? QString::fromStdString(first->scope) : QStringLiteral("—"));
    m_fields[WindowLabel]->setText(
        r.grouped ? tr("per stage, model and scenario, never pooled: %1")
                        .arg(windowLabels.join(QStringLiteral("; ")))
        : perStage ? tr("per stage, never pooled: %1").arg(windowLabels.join(QStringLiteral("; ")))
                   : windowLabels.join(QString()));
    m_fields[StatisticLabel]->setText(first ? QString::fromStdString(first->statistic) : QStringLiteral("—"));
    m_model->setResults(windows);
    m_view->setColumnHidden(OverviewModel::Group, !r.grouped);
    m_goodputModel->setResults(windows);
    m_goodputView->setVisible(m_goodputModel->rowCount() > 0);
    QStringList notes;
    if (const auto* ttft = first ? first->metric("first_text") : nullptr) {
        notes << tr("%1: %2").arg(QCoreApplication::translate("pb::Metric", ttft->label.c_str()),
                                  QCoreApplication::translate("pb::Metric", ttft->definition.c_str()));
    }
    const bool starred = std::any_of(windows.begin(), windows.end(), [](const auto& w) {
        return std::any_of(w.report.metrics.begin(), w.report.metrics.end(), [](const auto& m) {
            return std::any_of(m.quantiles.begin(), m.quantiles.end(),
                               [](const auto& q) { return q.worstOnly && q.value; });
        });
    });
    if (starred) {
        notes << tr(
            "* the largest value: too few requests for this percentile to differ from the slowest one.");
    }
    m_ttftDefinition->setText(notes.join(QLatin1Char('\n')));
    Q_EMIT updated(r.run.id);
}

} // namespace pb::ui
