#include "ComparisonView.h"

#include "ComparisonAnalysis.h"
#include "ComparisonPlot.h"
#include "DeltaTableModel.h"
#include "Job.h"
#include "TableCopy.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <functional>

namespace pb::ui {

namespace {

// Above each waterfall: short enough for a narrow plot (the trace IDs are in the heading).
QString plotTitle(const QString& letter, const analysis::ComparedRequest& c, const QString& role)
{
    QString text = ComparisonView::tr("%1%2: request %3, total %L4 ms")
                       .arg(letter, role)
                       .arg(c.ref.seq)
                       .arg(c.total ? double(*c.total) / 1e6 : 0.0, 0, 'f', 1);
    if (!c.stage.empty()) {
        text += ComparisonView::tr(", stage %1").arg(QString::fromStdString(c.stage));
    }
    return text;
}

// The heading's line of one request: which run and trace it is.
QString headingLine(const QString& letter, const analysis::ComparedRequest& c, const QString& role)
{
    const QString trace =
        c.trace.traceId.empty() ? ComparisonView::tr("no trace ID") : QString::fromStdString(c.trace.traceId);
    return ComparisonView::tr("%1%2: request %3 of run %4 (%5), trace %6")
        .arg(letter, role)
        .arg(c.ref.seq)
        .arg(c.ref.runId)
        .arg(QString::fromStdString(c.run.name), trace);
}

QString gaugeText(const std::optional<double>& v, bool share)
{
    if (!v) {
        return ComparisonView::tr("not scraped");
    }
    return share ? QLocale().toString(*v * 100.0, 'f', 1) + QLatin1Char('%') : QLocale().toString(*v, 'f', 1);
}

QString gapText(const std::optional<double>& v)
{
    return v ? ComparisonView::tr("%L1 ms").arg(*v, 0, 'f', 2) : QStringLiteral("—");
}

} // namespace

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_back(new QPushButton(tr("Back to the request"), this))
    , m_plot(new ComparisonPlot(this))
    , m_model(new DeltaTableModel(this))
    , m_table(new QTableView(this))
    , m_side(new QTableWidget(this))
    , m_job(new Job(this))
{
    setObjectName(QStringLiteral("comparisonView"));
    m_title->setObjectName(QStringLiteral("comparisonTitle"));
    m_title->setTextFormat(Qt::PlainText);
    // Three lines, unwrapped, never squeezed by the plots below.
    m_title->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_back->setObjectName(QStringLiteral("comparisonBack"));
    m_table->setObjectName(QStringLiteral("deltaTable"));
    m_table->setModel(m_model);
    enableCsvCopy(m_table);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(DeltaTableModel::Phase, QHeaderView::Stretch);
    for (int c = DeltaTableModel::A; c < DeltaTableModel::ColumnCount; ++c) {
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    }
    m_side->setObjectName(QStringLiteral("comparisonSideTable"));
    m_side->setColumnCount(3);
    m_side->setHorizontalHeaderLabels({tr("Figure"), tr("A"), tr("B")});
    m_side->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_side->verticalHeader()->hide();
    m_side->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_side->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_side->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_table);
    right->addWidget(m_side);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_plot);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({760, 500});
    m_plot->setMinimumWidth(360);

    auto* top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_back, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    connect(m_back, &QPushButton::clicked, this, &ComparisonView::backRequested);
    connect(m_job, &Job::finished, this,
            [this](const QVariant& v) { display(v.value<std::shared_ptr<const ComparisonResults>>()); });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        m_title->setText(tr("Cannot compare the requests: %1").arg(message));
        Q_EMIT failed(message);
    });
    clear();
}

ComparisonView::~ComparisonView() = default;

bool ComparisonView::isComputing() const
{
    return m_job->isRunning();
}

QString ComparisonView::titleText() const
{
    return m_title->text();
}

void ComparisonView::clear()
{
    m_job->discard();
    m_results.reset();
    m_model->clear();
    m_plot->clearTraces();
    m_side->setRowCount(0);
    m_title->setText(tr("No comparison yet."));
}

void ComparisonView::startWork(const QString& busy, std::function<ComparisonResults()> work)
{
    m_results.reset();
    m_model->clear();
    m_plot->clearTraces();
    m_side->setRowCount(0);
    m_title->setText(busy);
    m_job->start([work = std::move(work)](JobContext&) {
        return QVariant::fromValue(std::make_shared<const ComparisonResults>(work()));
    });
}

void ComparisonView::compareWithTrace(const QString& path, qint64 runId, qint64 seqA, const QString& traceB,
                                      std::shared_ptr<const analysis::LoadedRun> run)
{
    startWork(
        tr("Comparing request %1 with trace %2…").arg(seqA).arg(traceB.trimmed()),
        [path, runId, seqA, traceB, run] { return ui::compareWithTrace(path, runId, seqA, traceB, run); });
}

void ComparisonView::compareTypicalWithSlow(const QString& path, qint64 runId,
                                            std::shared_ptr<const analysis::LoadedRun> run,
                                            const std::string& stage)
{
    startWork(tr("Finding the p50 and p99 requests of run %1…").arg(runId),
              [path, runId, run, stage] { return ui::compareTypicalWithSlow(path, runId, run, stage); });
}

void ComparisonView::compareSamePromptInBaseline(const QString& path, qint64 runId, qint64 seqB,
                                                 qint64 baselineRun)
{
    startWork(
        tr("Finding the request of run %1 with the same prompt as request %2…").arg(baselineRun).arg(seqB),
        [path, runId, seqB, baselineRun] {
            return ui::compareSamePromptInBaseline(path, runId, seqB, baselineRun);
        });
}

void ComparisonView::display(const std::shared_ptr<const ComparisonResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    const auto& c = results->comparison;
    QString roleA;
    QString roleB;
    // The plots' titles name each request's stage already: their roles leave it out.
    QString plotRoleA;
    QString plotRoleB;
    if (results->pair) {
        const QString stage = results->pair->stage.empty()
                                  ? QString()
                                  : tr(", stage %1").arg(QString::fromStdString(results->pair->stage));
        roleA = tr(" (p50 of total, rank %1%2)").arg(results->pair->typical->rank).arg(stage);
        roleB = tr(" (p99 of total, rank %1%2)").arg(results->pair->slow->rank).arg(stage);
        plotRoleA = tr(" (p50 of total, rank %1%2)").arg(results->pair->typical->rank).arg(QString());
        plotRoleB = tr(" (p99 of total, rank %1%2)").arg(results->pair->slow->rank).arg(QString());
    }
    if (results->samePrompt) {
        const auto ref = QString::fromStdString(results->samePrompt->promptRef);
        roleA = tr(" (baseline run %1, same prompt, ref %2)").arg(results->samePrompt->baselineRun).arg(ref);
        roleB = tr(" (prompt ref %1)").arg(ref);
        plotRoleA = roleA;
        plotRoleB = roleB;
    }
    const QString titleA = plotTitle(tr("A"), c.a, plotRoleA);
    const QString titleB = plotTitle(tr("B"), c.b, plotRoleB);
    QString heading = headingLine(tr("A"), c.a, roleA) + QLatin1Char('\n') + headingLine(tr("B"), c.b, roleB);
    if (c.table.partition == analysis::DeltaPartition::None) {
        heading += QLatin1Char('\n') + tr("No delta table: a request has no total.");
    } else {
        const double delta = double(c.table.totalDelta) / 1e6;
        heading += QLatin1Char('\n') +
                   (delta >= 0 ? tr("B took %L1 ms more than A; the delta table splits that difference.")
                               : tr("B took %L1 ms less than A; the delta table splits that difference."))
                       .arg(std::abs(delta), 0, 'f', 2);
    }
    m_title->setText(heading);
    m_plot->setTraces(c.a.trace, titleA, c.b.trace, titleB);
    m_model->setTable(c.table);

    struct Row
    {
        QString label;
        QString a;
        QString b;
    };
    const auto& ga = c.a.gaps;
    const auto& gb = c.b.gaps;
    const auto& ta = c.a.target;
    const auto& tb = c.b.target;
    const std::vector<Row> rows = {
        {tr("chunk gaps"), QString::number(ga.n), QString::number(gb.n)},
        {tr("gap p50"), gapText(ga.p50), gapText(gb.p50)},
        {tr("gap p90"), gapText(ga.p90), gapText(gb.p90)},
        {tr("gap p99"), gapText(ga.p99), gapText(gb.p99)},
        {tr("gap max"), gapText(ga.max), gapText(gb.max)},
        {tr("running at start"), gaugeText(ta.running, false), gaugeText(tb.running, false)},
        {tr("waiting at start"), gaugeText(ta.waiting, false), gaugeText(tb.waiting, false)},
        {tr("KV cache at start"), gaugeText(ta.kvCacheUsage, true), gaugeText(tb.kvCacheUsage, true)},
    };
    m_side->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        const auto& r = rows[std::size_t(i)];
        m_side->setItem(i, 0, new QTableWidgetItem(r.label));
        for (const auto& [col, text] : {std::pair(1, r.a), std::pair(2, r.b)}) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_side->setItem(i, col, item);
        }
    }
    m_side->item(5, 0)->setToolTip(tr("The target's last scrape at or before the request started."));
    Q_EMIT shown();
}

} // namespace pb::ui
