#include "DiagnosisPage.h"

#include "BudgetModel.h"
#include "DiagnoseAnalysis.h"
#include "DiagnosisModel.h"
#include "TableCopy.h"
#include "TableLayout.h"
#include "stats/Metric.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QPalette>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <limits>

#include <algorithm>

namespace pb::ui {
namespace {

QTableView* makeTable(QWidget* parent, const QString& name)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    enableCsvCopy(view);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    return view;
}

QLabel* makeLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

DiagnosisPage::DiagnosisPage(QWidget* parent)
    : RunPage(parent)
    , m_model(new DiagnosisModel(this))
    , m_evidence(new EvidenceModel(this))
    , m_baseline(new QComboBox(this))
    , m_state(makeLabel(this))
    , m_view(makeTable(this, QStringLiteral("diagnosisTable")))
    , m_detail(makeLabel(this))
    , m_evidenceView(makeTable(this, QStringLiteral("evidenceTable")))
    , m_traces(new QListWidget(this))
    , m_notes(makeLabel(this))
{
    setObjectName(QStringLiteral("diagnosisPage"));
    m_baseline->setObjectName(QStringLiteral("diagnosisBaseline"));
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_state->setObjectName(QStringLiteral("diagnosisState"));
    m_view->setModel(m_model);
    m_evidenceView->setModel(m_evidence);
    fitColumns(m_view, {DiagnosisModel::Symptom, DiagnosisModel::FirstCheck});
    fitColumns(m_evidenceView);
    m_evidenceView->setToolTip(tr("Click a figure that is a phase to see its percentiles"));
    m_traces->setObjectName(QStringLiteral("diagnosisTraces"));
    m_traces->setToolTip(tr("Click a trace ID to select that request"));
    m_traces->setMaximumHeight(m_traces->fontMetrics().height() * 5);

    auto* form = new QFormLayout;
    form->addRow(tr("Compare with:"), m_baseline);

    auto* detail = new QWidget(this);
    auto* detailLayout = new QVBoxLayout(detail);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_detail);
    detailLayout->addWidget(m_evidenceView, 1);
    detailLayout->addWidget(m_traces);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(detail);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_state);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_notes);

    connect(m_baseline, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showFinding(current.row()); });
    connect(m_evidenceView, &QTableView::clicked, this,
            [this](const QModelIndex& index) { activateEvidence(index.row()); });
    connect(m_traces, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        if (item) {
            Q_EMIT traceRequested(runId(), item->text());
        }
    });
    // Evidence leads to the phase percentiles or to the request behind it.
    connect(this, &DiagnosisPage::phaseRequested, this, [this](const QString& metric) {
        PageLink link;
        link.kind = PageLink::Kind::Phase;
        link.path = path();
        link.runId = runId();
        link.metric = metric;
        Q_EMIT linkActivated(link);
    });
    connect(this, &DiagnosisPage::traceRequested, this, [this](qint64 run, const QString& traceId) {
        PageLink link;
        link.kind = PageLink::Kind::Trace;
        link.path = path();
        link.runId = run;
        link.traceId = traceId;
        Q_EMIT linkActivated(link);
    });
    setStateLabel(m_state);
    clear();
}

DiagnosisPage::~DiagnosisPage() = default;

QString DiagnosisPage::errorText(const QString& message) const
{
    return tr("Cannot diagnose the run: %1").arg(message);
}

void DiagnosisPage::clearView()
{
    m_results.reset();
    m_stale = false;
    {
        const QSignalBlocker blocker(m_baseline);
        m_baseline->clear();
    }
    m_model->clear();
    showFinding(-1);
    m_state->setText(tr("No run selected"));
    m_notes->clear();
}

void DiagnosisPage::showRun(const QString& path, qint64 runId, const std::vector<RunInfo>& runs)
{
    setRuns(runs);
    showRun(path, runId);
}

void DiagnosisPage::setRuns(const std::vector<RunInfo>& runs)
{
    RunPage::setRuns(runs);
    if (runId() != 0) {
        fillBaselines();
    }
}

void DiagnosisPage::runShown()
{
    fillBaselines();
}

void DiagnosisPage::fillBaselines()
{
    const QSignalBlocker blocker(m_baseline);
    const qint64 chosen = m_baseline->currentData().toLongLong();
    m_baseline->clear();
    m_baseline->addItem(tr("halves of the run, or first vs last stage of a stepped run"), qint64(0));
    for (const auto& run : runs()) {
        if (run.id != runId()) {
            m_baseline->addItem(tr("run %1: %2").arg(run.id).arg(QString::fromStdString(run.name)),
                                qint64(run.id));
        }
    }
    m_baseline->setCurrentIndex(std::max(0, m_baseline->findData(chosen)));
}

void DiagnosisPage::start()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    const QString path = this->path();
    const RunSnapshotPtr snapshot = this->snapshot();
    const qint64 baseline = m_baseline->currentData().toLongLong();
    startJob<DiagnosisResults>(
        tr("Diagnosing…"),
        [path, snapshot, baseline](JobContext& context) {
            // The baseline is another run: loaded for this comparison only, through the cache's loader.
            std::shared_ptr<const analysis::LoadedRun> base;
            if (baseline != 0 && baseline != snapshot->runId) {
                base = RunCache::load(path, baseline, std::numeric_limits<std::int64_t>::max(),
                                      context.progressFn())
                           .run;
            }
            return computeDiagnosis(*snapshot, base.get());
        },
        [this](const std::shared_ptr<const DiagnosisResults>& results) { display(results); });
}

void DiagnosisPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale) {
        refresh();
    }
}

void DiagnosisPage::display(const std::shared_ptr<const DiagnosisResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    const auto& d = results->diagnosis;
    const QString sides =
        tr("%1 → %2").arg(QString::fromStdString(d.baselineLabel), QString::fromStdString(d.currentLabel));
    QPalette statePalette = palette();
    if (d.refused) {
        statePalette.setColor(QPalette::WindowText,
                              BudgetModel::statusColor(diagnose::Verdict::CannotDecide, statePalette));
        QStringList reasons;
        for (const auto& r : d.refusedReasons) {
            reasons << QString::fromStdString(r);
        }
        m_state->setText(tr("Comparison refused (%1): the load profiles differ: %2")
                             .arg(sides, reasons.join(QStringLiteral("; "))));
    } else if (d.comparison == "none") {
        m_state->setText(tr("%n finding(s); no comparison was possible.", nullptr, int(d.findings.size())));
    } else {
        m_state->setText(tr("%n finding(s), comparing %1.", nullptr, int(d.findings.size())).arg(sides));
    }
    m_state->setPalette(statePalette);
    QStringList notes;
    for (const auto& n : d.notes) {
        notes << QString::fromStdString(n);
    }
    if (d.knee) {
        notes << tr("Knee: %1; highest stage that met the budgets: %2")
                     .arg(d.knee->kneeStage ? QString::fromStdString(*d.knee->kneeStage) : tr("none"),
                          d.knee->highestStageMetBudgets
                              ? QString::fromStdString(*d.knee->highestStageMetBudgets)
                              : QStringLiteral("—"));
    }
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_model->setFindings(d.findings);
    selectFinding(m_model->rowCount() > 0 ? 0 : -1);
    Q_EMIT updated(results->runId);
}

void DiagnosisPage::selectFinding(int row)
{
    if (row >= 0 && row < m_model->rowCount()) {
        m_view->setCurrentIndex(m_model->index(row, 0)); // shows it
    } else {
        showFinding(-1);
    }
}

void DiagnosisPage::showFinding(int row)
{
    m_traces->clear();
    const auto* f = m_model->findingAt(row);
    if (!f) {
        m_detail->clear();
        m_evidence->clear();
        m_traces->hide();
        return;
    }
    QString text =
        tr("%1\nLikely owner: %2 (confidence %3). Compared: %4.\nFirst check: %5")
            .arg(QCoreApplication::translate("pb::diagnose", f->symptom), DiagnosisModel::ownerText(f->owner),
                 DiagnosisModel::confidenceText(f->confidence), QString::fromStdString(f->between),
                 QCoreApplication::translate("pb::diagnose", f->firstCheck));
    const QString note = QString::fromStdString(f->note);
    if (!note.isEmpty()) {
        text += QLatin1Char('\n') + note;
    }
    m_detail->setText(text);
    m_evidence->setEvidence(f->evidence);

    // Trace IDs the finding names (32 hex digits in its note).
    static const QRegularExpression traceId(QStringLiteral("\\b[0-9a-f]{32}\\b"));
    auto it = traceId.globalMatch(note);
    while (it.hasNext()) {
        m_traces->addItem(it.next().captured());
    }
    m_traces->setVisible(m_traces->count() > 0);
}

void DiagnosisPage::activateEvidence(int row)
{
    const auto* e = m_evidence->evidenceAt(row);
    if (e && stats::findMetric(e->figure)) {
        Q_EMIT phaseRequested(QString::fromStdString(e->figure));
    }
}

} // namespace pb::ui
