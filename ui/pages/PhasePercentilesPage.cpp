#include "PhasePercentilesPage.h"

#include "CompositionChart.h"
#include "OverviewModel.h"
#include "RunAnalysis.h"
#include "TableCopy.h"
#include "TableLayout.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace pb::ui {

PhasePercentilesPage::PhasePercentilesPage(QWidget* parent)
    : RunPage(parent)
    , m_kind(new QComboBox(this))
    , m_unit(new QComboBox(this))
    , m_convention(new QComboBox(this))
    , m_window(new QComboBox(this))
    , m_model(new QComboBox(this))
    , m_chart(new CompositionChart(this))
    , m_perPhase(new OverviewModel(this))
    , m_table(new QTableView(this))
    , m_note(new QLabel(this))
    , m_state(new QLabel(this))
    , m_labels(new QLabel(this))
    , m_split(new QSplitter(Qt::Horizontal, this))
{
    setObjectName(QStringLiteral("phasePercentilesPage"));
    m_kind->setObjectName(QStringLiteral("compositionKind"));
    m_kind->addItem(tr("Client phases (setup, send, wait, receive)"),
                    int(stats::CompositionKind::ClientPhases));
    m_kind->addItem(tr("Streaming (first text, generation)"), int(stats::CompositionKind::Streaming));
    m_kind->addItem(tr("Server phases (gateway, GPU queue, generation, …)"),
                    int(stats::CompositionKind::ServerPhases));

    m_unit->setObjectName(QStringLiteral("compositionUnit"));
    m_unit->addItem(tr("attempts"), int(stats::EventUnit::Attempts));
    m_unit->addItem(tr("logical requests (retries merged)"), int(stats::EventUnit::Logical));
    m_convention->setObjectName(QStringLiteral("compositionConvention"));
    for (const auto c :
         {stats::Convention::NearestRank, stats::Convention::Linear, stats::Convention::Ecdf}) {
        m_convention->addItem(QString::fromUtf8(std::string(stats::conventionLabel(c)).c_str()), int(c));
    }

    m_table->setObjectName(QStringLiteral("perPhaseTable"));
    m_table->setModel(m_perPhase);
    enableCsvCopy(m_table);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    openExemplarsFrom(m_table, OverviewModel::ExemplarSeqRole);
    m_chart->setToolTip(tr("Double-click a bar to open the request at its percentile in the Waterfall."));
    // A bar is the requests around a percentile of the total: its exemplar is
    // the request at that percentile (the total's row in the table beside).
    connect(m_chart, &CompositionChart::bandActivated, this, [this](int band) {
        if (!m_results || band < 0 || std::size_t(band) >= m_results->composition.bands.size()) {
            return;
        }
        const auto& c = m_results->composition;
        for (const auto& m : c.perPhase) {
            if (m.name != c.totalMetric) {
                continue;
            }
            const auto* q = m.quantile(c.bands[std::size_t(band)].p);
            if (q && q->exemplar) {
                PageLink link;
                link.kind = PageLink::Kind::Request;
                link.path = path();
                link.runId = runId();
                link.seq = q->exemplar->seq;
                Q_EMIT linkActivated(link);
            }
            return;
        }
    });
    fitColumns(m_table);
    // The intervals and definitions live on the overview; here the three levels.
    // One stage (or window) and one group at a time, named in the scope line
    // and the choices above: their columns would repeat it on every row.
    for (int c : {int(OverviewModel::Stage), int(OverviewModel::Group), int(OverviewModel::P95Interval),
                  int(OverviewModel::P99Interval), int(OverviewModel::Definition)}) {
        m_table->setColumnHidden(c, true);
    }

    m_labels->setObjectName(QStringLiteral("compositionLabels"));
    m_labels->setWordWrap(true);
    m_labels->setTextFormat(Qt::PlainText);
    m_note->setObjectName(QStringLiteral("compositionNote"));
    m_note->setWordWrap(true);
    m_note->setText(
        tr("Bars: the mean composition of the requests ranked in a band around each percentile "
           "of the total; their segments add up to the band's mean total (\"other\" holds time no "
           "phase accounts for). Table: each phase's own percentile over the same requests; these "
           "come from different requests and do not add up."));

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Phases:"), this));
    top->addWidget(m_kind, 2);
    top->addWidget(new QLabel(tr("Events:"), this));
    top->addWidget(m_unit, 1);
    top->addWidget(new QLabel(tr("Percentiles:"), this));
    top->addWidget(m_convention, 1);
    top->addWidget(new QLabel(tr("Window:"), this));
    top->addWidget(m_window, 1);
    m_groupLabel = new QLabel(tr("Group:"), this);
    top->addWidget(m_groupLabel);
    top->addWidget(m_model, 1);
    top->addWidget(m_state);

    // The table keeps the width its columns need (the splitter respects a
    // minimum width); the chart takes the rest.
    // What the columns need, not the header's length: the last section
    // stretches to the table's width.
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this,
            &PhasePercentilesPage::fitTableWidth);
    m_split->addWidget(m_chart);
    m_split->addWidget(m_table);
    // The table keeps the width its columns need (its minimum, fitTableWidth);
    // the chart takes the rest, so its title, legend and axis stay whole.
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 0);
    m_split->setSizes({800, 400});
    m_chart->setMinimumWidth(360);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_labels);
    layout->addWidget(m_note);

    connect(m_kind, &QComboBox::activated, this, [this] {
        m_kindChosen = true;
        refresh();
    });
    connect(m_unit, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_convention, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_window, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_model, &QComboBox::activated, this, [this] { refresh(); });
    // Long entries (stage names, the kinds) must not widen the window past 1366 px.
    for (QComboBox* box : {m_kind, m_unit, m_convention, m_window, m_model}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    m_window->setObjectName(QStringLiteral("compositionWindow"));
    m_model->setObjectName(QStringLiteral("compositionModel"));
    m_window->addItem(tr("run's window"), QString());
    m_model->setToolTip(tr("Models and scenarios are shown one group at a time; all groups together only "
                           "when chosen, labelled pooled"));
    showGroupChoice(false);
    setStateLabel(m_state);
}

PhasePercentilesPage::~PhasePercentilesPage() = default;

QString PhasePercentilesPage::errorText(const QString& message) const
{
    return tr("Cannot compute the composition: %1").arg(message);
}

bool PhasePercentilesPage::follow(const PageLink& link)
{
    return link.kind == PageLink::Kind::Phase;
}

void PhasePercentilesPage::clearView()
{
    m_kindChosen = false;
    m_results.reset();
    m_window->clear();
    m_window->addItem(tr("run's window"), QString());
    m_model->clear();
    showGroupChoice(false);
    m_chart->clear();
    m_perPhase->clear();
    m_labels->clear();
}

void PhasePercentilesPage::start()
{
    CompositionRequest request;
    if (m_kindChosen) {
        request.kind = static_cast<stats::CompositionKind>(m_kind->currentData().toInt());
    }
    request.unit = static_cast<stats::EventUnit>(m_unit->currentData().toInt());
    request.convention = static_cast<stats::Convention>(m_convention->currentData().toInt());
    const QString window = m_window->currentData().toString();
    if (window == QLatin1String(kWholeRun)) {
        request.window = stats::Window{};
    } else if (!window.isEmpty()) {
        request.stage = window.toStdString();
    }
    const QString group = m_model->currentData().toString();
    request.pooled = group == QLatin1String(kPooled);
    request.group = request.pooled ? std::string() : group.toStdString();
    const auto run = loadedRun();
    startJob<CompositionResults>(
        tr("Computing…"), [run, request](JobContext&) { return computeComposition(*run, request); },
        [this](const std::shared_ptr<const CompositionResults>& results) { display(results); });
}

void PhasePercentilesPage::display(const std::shared_ptr<const CompositionResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    m_kind->setCurrentIndex(m_kind->findData(int(results->kind)));
    fillChoices(*results);
    m_chart->setComposition(results->composition);
    m_perPhase->setResults(results->composition.perPhase);
    QStringList lines{tr("Scope: %1. Window: %2.")
                          .arg(QString::fromStdString(results->composition.scope),
                               QString::fromStdString(results->composition.window))};
    for (const auto& w : results->composition.warnings) {
        lines << QString::fromStdString(w);
    }
    if (const QStringList negative = m_chart->negativeComponents(); !negative.isEmpty()) {
        lines << tr("Negative on average, drawn as zero in the chart: %1 (their values are in the table).")
                     .arg(negative.join(QStringLiteral(", ")));
    }
    m_labels->setText(lines.join(QLatin1Char('\n')));
    // New rows (longer phase names) may need more width with no section resized.
    fitTableWidth();
    Q_EMIT updated(results->runId);
}

void PhasePercentilesPage::fitTableWidth()
{
    QHeaderView* header = m_table->horizontalHeader();
    int need = 2 * m_table->frameWidth() + m_table->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < header->count(); ++c) {
        if (!header->isSectionHidden(c)) {
            need += std::max(header->sectionSizeHint(c),
                             static_cast<QAbstractItemView*>(m_table)->sizeHintForColumn(c));
        }
    }
    m_table->setMinimumWidth(need);
}

void PhasePercentilesPage::fillChoices(const CompositionResults& results)
{
    // Rebuilt from each result (a live run gains stages), keeping the choice.
    const QString window = m_window->currentData().toString();
    m_window->clear();
    m_window->addItem(tr("run's window"), QString());
    m_window->addItem(tr("whole run"), QLatin1String(kWholeRun));
    for (const auto& stage : results.stages) {
        const QString name = QString::fromStdString(stage);
        m_window->addItem(tr("stage %1").arg(name), name);
    }
    m_window->setCurrentIndex(std::max(0, m_window->findData(window)));
    m_model->clear();
    for (const auto& g : results.groups) {
        m_model->addItem(QString::fromStdString(g), QString::fromStdString(g));
    }
    if (!results.groups.empty()) {
        m_model->addItem(tr("all groups (pooled)"), QLatin1String(kPooled));
    }
    const QString shown =
        results.pooled ? QString::fromLatin1(kPooled) : QString::fromStdString(results.group);
    m_model->setCurrentIndex(std::max(0, m_model->findData(shown)));
    showGroupChoice(!results.groups.empty());
}

void PhasePercentilesPage::showGroupChoice(bool show)
{
    m_groupLabel->setVisible(show);
    m_model->setVisible(show);
}

} // namespace pb::ui
