#include "DistributionsPage.h"

#include "ComparisonModel.h"
#include "DistributionPlots.h"
#include "DistributionsAnalysis.h"
#include "TableCopy.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <limits>

#include <algorithm>

namespace pb::ui {
namespace {

const QString kStagePrefix = QStringLiteral("stage:");
const QString kRunPrefix = QStringLiteral("run:");
const QString kPooledGroups = QStringLiteral("*");

QString metricName(const std::string& name)
{
    const auto* m = stats::findMetric(name);
    return m ? QCoreApplication::translate("pb::Metric", std::string(m->label).c_str())
             : QString::fromStdString(name);
}

QString spanLabel(const DistributionSideResults& s)
{
    const QString run = s.runName.empty() ? DistributionsPage::tr("run %1").arg(s.side.runId)
                                          : QString::fromStdString(s.runName);
    switch (s.side.span) {
    case DistributionSide::Span::WholeRun:
        return DistributionsPage::tr("%1, whole run").arg(run);
    case DistributionSide::Span::Steady:
        return DistributionsPage::tr("%1, steady window").arg(run);
    case DistributionSide::Span::Stage:
        break;
    }
    return DistributionsPage::tr("%1, stage %2").arg(run, QString::fromStdString(s.side.stage));
}

// The side's window and, of a run with several groups, its group or "pooled".
QString sideLabel(const DistributionSideResults& s)
{
    if (!s.pooledGroups.empty()) {
        return DistributionsPage::tr("%1, all %2 groups (pooled)")
            .arg(spanLabel(s))
            .arg(s.pooledGroups.size());
    }
    if (!s.group.empty()) {
        return DistributionsPage::tr("%1, %2").arg(spanLabel(s), QString::fromStdString(s.group));
    }
    return spanLabel(s);
}

// Side A's window from the window box's data.
DistributionSide sideOf(qint64 runId, const QString& key)
{
    DistributionSide side;
    side.runId = runId;
    if (key == QLatin1String("steady")) {
        side.span = DistributionSide::Span::Steady;
    } else if (key.startsWith(kStagePrefix)) {
        side.span = DistributionSide::Span::Stage;
        side.stage = key.mid(kStagePrefix.size()).toStdString();
    }
    return side;
}

} // namespace

DistributionsPage::DistributionsPage(QWidget* parent)
    : RunPage(parent)
    , m_metric(new QComboBox(this))
    , m_window(new QComboBox(this))
    , m_group(new QComboBox(this))
    , m_groupLabel(new QLabel(tr("Group:"), this))
    , m_compare(new QComboBox(this))
    , m_bins(new QSpinBox(this))
    , m_log(new QCheckBox(tr("Log scale"), this))
    , m_state(new QLabel(this))
    , m_plots(new DistributionPlots(this))
    , m_model(new ComparisonModel(this))
    , m_table(new QTableView(this))
    , m_verdict(new QLabel(this))
    , m_notes(new QLabel(this))
{
    setObjectName(QStringLiteral("distributionsPage"));
    m_metric->setObjectName(QStringLiteral("distributionMetric"));
    for (const auto& m : stats::metricCatalogue()) {
        m_metric->addItem(metricName(std::string(m.name)), QString::fromUtf8(std::string(m.name).c_str()));
    }
    m_metric->setCurrentIndex(std::max(0, m_metric->findData(QStringLiteral("first_text"))));
    m_window->setObjectName(QStringLiteral("distributionWindow"));
    m_group->setObjectName(QStringLiteral("distributionGroup"));
    m_group->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_group->setToolTip(tr("Models and scenarios are shown one group at a time; all groups together "
                           "only when chosen, labelled pooled"));
    m_compare->setObjectName(QStringLiteral("distributionCompare"));
    m_compare->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_bins->setObjectName(QStringLiteral("distributionBins"));
    m_bins->setRange(2, 200);
    m_bins->setValue(30);
    m_log->setObjectName(QStringLiteral("distributionLog"));
    m_state->setObjectName(QStringLiteral("distributionState"));
    m_verdict->setObjectName(QStringLiteral("distributionVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    m_notes->setObjectName(QStringLiteral("distributionNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    m_table->setObjectName(QStringLiteral("distributionComparison"));
    m_table->setModel(m_model);
    openExemplarsFrom(m_table, ComparisonModel::ExemplarSeqRole, ComparisonModel::ExemplarRunRole);
    enableCsvCopy(m_table);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMaximumHeight(150);
    fillWindowBox({});
    fillGroupBox({}, {}, false);
    fillCompareBox();

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Metric:"), this));
    top->addWidget(m_metric);
    top->addWidget(new QLabel(tr("A:"), this));
    top->addWidget(m_window);
    top->addWidget(m_groupLabel);
    top->addWidget(m_group);
    top->addWidget(new QLabel(tr("B:"), this));
    top->addWidget(m_compare);
    top->addWidget(new QLabel(tr("Bins:"), this));
    top->addWidget(m_bins);
    top->addWidget(m_log);
    top->addWidget(m_state, 1);

    auto* texts = new QVBoxLayout;
    texts->addWidget(m_verdict);
    texts->addWidget(m_notes);
    texts->addStretch(1);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_table, 1);
    bottom->addLayout(texts, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_plots, 1);
    layout->addLayout(bottom);

    connect(m_metric, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_window, &QComboBox::activated, this, [this] {
        fillCompareBox(); // B never repeats A's stage
        refresh();
    });
    connect(m_group, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_compare, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_bins, &QSpinBox::valueChanged, this, [this] { refresh(); });
    connect(m_log, &QCheckBox::toggled, this, [this] { refresh(); });
    setStateLabel(m_state);
}

DistributionsPage::~DistributionsPage() = default;

QString DistributionsPage::errorText(const QString& message) const
{
    return tr("Cannot compute the distributions: %1").arg(message);
}

void DistributionsPage::clearView()
{
    m_results.reset();
    m_stages.clear();
    m_labelA.clear();
    m_labelB.clear();
    fillWindowBox({});
    fillGroupBox({}, {}, false);
    fillCompareBox();
    m_plots->clear();
    m_model->clear();
    m_verdict->clear();
    m_verdict->setProperty("verdict", QString());
    m_verdict->setStyleSheet(QString());
    m_notes->clear();
}

void DistributionsPage::runShown()
{
    fillCompareBox();
}

void DistributionsPage::setRuns(const std::vector<RunInfo>& runs)
{
    RunPage::setRuns(runs);
    fillCompareBox();
}

void DistributionsPage::fillWindowBox(const std::vector<std::string>& stages)
{
    const QString current = m_window->currentData().toString();
    m_window->clear();
    m_window->addItem(tr("whole run"), QStringLiteral("whole"));
    m_window->addItem(tr("steady window"), QStringLiteral("steady"));
    for (const auto& s : stages) {
        const QString name = QString::fromStdString(s);
        m_window->addItem(tr("stage %1").arg(name), kStagePrefix + name);
    }
    m_window->setCurrentIndex(std::max(0, m_window->findData(current)));
}

void DistributionsPage::fillGroupBox(const std::vector<std::string>& groups, const std::string& shown,
                                     bool pooled)
{
    m_group->clear();
    for (const auto& g : groups) {
        const QString name = QString::fromStdString(g);
        m_group->addItem(name, name);
    }
    if (!groups.empty()) {
        m_group->addItem(tr("all groups (pooled)"), kPooledGroups);
    }
    const int shownIndex = m_group->findData(pooled ? kPooledGroups : QString::fromStdString(shown));
    m_group->setCurrentIndex(std::max(0, shownIndex));
    // A run of one group looks as before: nothing to choose.
    m_group->setVisible(groups.size() > 1);
    m_groupLabel->setVisible(groups.size() > 1);
}

void DistributionsPage::fillCompareBox()
{
    const QString current = m_compare->currentData().toString();
    const QString windowKey = m_window->currentData().toString();
    m_compare->clear();
    m_compare->addItem(tr("none"), QString());
    for (const auto& s : m_stages) {
        const QString name = QString::fromStdString(s);
        if (kStagePrefix + name != windowKey) {
            m_compare->addItem(tr("stage %1 of this run").arg(name), kStagePrefix + name);
        }
    }
    for (const auto& run : runs()) {
        if (run.id != runId()) {
            m_compare->addItem(tr("run %1: %2").arg(run.id).arg(QString::fromStdString(run.name)),
                               kRunPrefix + QString::number(run.id));
        }
    }
    m_compare->setCurrentIndex(std::max(0, m_compare->findData(current)));
}

void DistributionsPage::start()
{
    const qint64 runId = this->runId();
    DistributionsRequest request;
    request.metric = m_metric->currentData().toString().toStdString();
    request.a = sideOf(runId, m_window->currentData().toString());
    // Both sides show the same group (empty before the first results: core takes the first).
    const QString group = m_group->currentData().toString();
    request.a.pooledGroups = group == kPooledGroups;
    request.a.group = request.a.pooledGroups ? std::string() : group.toStdString();
    const QString b = m_compare->currentData().toString();
    if (b.startsWith(kStagePrefix)) {
        request.b = sideOf(runId, b);
    } else if (b.startsWith(kRunPrefix)) {
        // Another run in the same kind of window; a stage name need not exist there.
        DistributionSide other;
        other.runId = b.mid(kRunPrefix.size()).toLongLong();
        other.span = request.a.span == DistributionSide::Span::Stage ? DistributionSide::Span::WholeRun
                                                                     : request.a.span;
        request.b = other;
    }
    if (request.b) {
        request.b->group = request.a.group;
        request.b->pooledGroups = request.a.pooledGroups;
    }
    request.bins = std::size_t(m_bins->value());
    request.logBins = m_log->isChecked();
    const QString path = this->path();
    const auto run = loadedRun();
    startJob<DistributionsResults>(
        tr("Computing…"),
        [path, run, request](JobContext& context) {
            // Side B of another run is loaded for this comparison only, through the cache's loader.
            std::shared_ptr<const analysis::LoadedRun> other;
            if (request.b && request.b->runId != run->info.id) {
                other = RunCache::load(path, request.b->runId, std::numeric_limits<std::int64_t>::max(),
                                       context.progressFn())
                            .run;
            }
            return computeDistributions(*run, request, context.progressFn(), other.get());
        },
        [this](const std::shared_ptr<const DistributionsResults>& results) { display(results); });
}

void DistributionsPage::showVerdict(const DistributionsResults& r)
{
    QStringList lines;
    bool comparable = false;
    if (r.comparison) {
        comparable = r.comparison->comparable();
        for (const auto& f : r.comparison->flags) {
            lines << tr("not comparable: %1").arg(QString::fromStdString(f.message));
        }
        if (comparable) {
            lines << tr("comparable: same scope, convention, counts and load profile");
        }
    } else if (r.b) {
        lines << tr("not comparable: %1 is not available on both sides").arg(metricName(r.metric));
    }
    m_verdict->setText(lines.join(QLatin1Char('\n')));
    m_verdict->setProperty("verdict", !r.b         ? QString()
                                      : comparable ? QStringLiteral("comparable")
                                                   : QStringLiteral("not-comparable"));
    // Amber and green read on light and dark backgrounds.
    m_verdict->setStyleSheet(!r.b         ? QString()
                             : comparable ? QStringLiteral("color: #2e7d32;")
                                          : QStringLiteral("color: #b26a00;"));
}

void DistributionsPage::display(const std::shared_ptr<const DistributionsResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    const DistributionsResults& r = *results;
    if (r.stagesA != m_stages) {
        m_stages = r.stagesA;
        fillWindowBox(m_stages);
        fillCompareBox();
    }
    fillGroupBox(r.groupsA, r.a.group, !r.a.pooledGroups.empty());
    // Metrics the run lacks stay listed, greyed out.
    if (auto* items = qobject_cast<QStandardItemModel*>(m_metric->model())) {
        for (int i = 0; i < m_metric->count(); ++i) {
            const std::string name = m_metric->itemData(i).toString().toStdString();
            items->item(i)->setEnabled(std::find(r.metricsA.begin(), r.metricsA.end(), name) !=
                                       r.metricsA.end());
        }
    }
    m_labelA = sideLabel(r.a);
    m_labelB = r.b ? sideLabel(*r.b) : QString();
    m_plots->setResults(r, tr("A: %1").arg(m_labelA), tr("B: %1").arg(m_labelB));
    m_model->setResults(r, m_labelA, m_labelB);
    showVerdict(r);

    const QString metric = metricName(r.metric);
    QStringList notes{tr("Scope %1; percentiles %2.")
                          .arg(QString::fromStdString(r.scope),
                               QString::fromUtf8(std::string(stats::conventionLabel(r.convention)).c_str()))};
    const std::array<std::pair<QString, const DistributionSideResults*>, 2> sides{
        std::pair{QStringLiteral("A"), &r.a}, std::pair{QStringLiteral("B"), r.b ? &*r.b : nullptr}};
    for (const auto& [name, side] : sides) {
        if (!side) {
            continue;
        }
        if (!side->available) {
            notes << (r.serverMetric && !side->joined
                          ? tr("%1: %2 not available on this run (not joined)").arg(name, metric)
                          : tr("%1: %2 not available on this run (no %3 column)")
                                .arg(name, metric, QString::fromStdString(side->missingColumn)));
        } else if (side->n == 0) {
            notes << tr("%1: no values of %2 in this window (%3)")
                         .arg(name, metric, QString::fromStdString(side->window));
        }
        if (r.logBins && side->histogram.excluded > 0) {
            notes << tr("%1: %n value(s) at or below zero left out of the log scale", nullptr,
                        int(side->histogram.excluded))
                         .arg(name);
        }
    }
    for (const auto& w : r.warnings) {
        notes << QString::fromStdString(w);
    }
    m_notes->setText(notes.join(QLatin1Char('\n')));
    Q_EMIT updated(r.runId);
}

} // namespace pb::ui
