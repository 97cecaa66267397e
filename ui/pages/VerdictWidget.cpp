#include "VerdictWidget.h"

#include "BudgetModel.h"
#include "DiagnoseAnalysis.h"
#include "Job.h"
#include "TableCopy.h"
#include "TableLayout.h"
#include "report/ReportOutline.h"
#include "util/DataDir.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QVBoxLayout>

namespace pb::ui {
namespace {

using diagnose::Verdict;

QString ownerText(const std::optional<diagnose::Owner>& owner)
{
    return owner ? QCoreApplication::translate("pb::diagnose", std::string(ownerLabel(*owner)).c_str())
                 : QString();
}

QString number(const std::optional<double>& v)
{
    return v ? QLocale().toString(*v, 'f', 1) : QStringLiteral("—");
}

QString diagnoseText(const char* source)
{
    return source ? QCoreApplication::translate("pb::diagnose", source) : QString();
}

// The knee of a stepped run and the first finding, in two sentences.
QString headline(const VerdictResults& r)
{
    QStringList lines;
    if (r.knee && r.knee->kneeStage) {
        const auto& k = *r.knee;
        const diagnose::StageFigures* past = nullptr;
        for (const auto& s : k.stages) {
            if (s.stage == *k.kneeStage) {
                past = &s;
            }
        }
        QString line = VerdictWidget::tr("Knee: stage %1").arg(QString::fromStdString(*k.kneeStage));
        if (past != nullptr) {
            line += QLatin1Char(' ') +
                    VerdictWidget::tr("(%1 req/s arrived, %2 req/s completed, queue p95 %3 ms)")
                        .arg(number(past->arrivalRate), number(past->throughput), number(past->queueP95));
        }
        if (k.highestStageMetBudgets) {
            line += QStringLiteral("; ") + VerdictWidget::tr("highest stage that met the budgets: %1")
                                               .arg(QString::fromStdString(*k.highestStageMetBudgets));
        }
        lines << line + QLatin1Char('.');
    }
    if (r.firstFinding) {
        const auto& f = *r.firstFinding;
        lines << VerdictWidget::tr("Finding 1 of %n: %1 Likely owner: %2. First check: %3", nullptr,
                                   int(r.findings))
                     .arg(diagnoseText(f.symptom), ownerText(f.owner), diagnoseText(f.firstCheck));
    }
    return lines.join(QLatin1Char('\n'));
}

// What the requests over the leading failed budget are made of: core's
// attribution, in words.
QString attributionText(const diagnose::CheckItem* item)
{
    if (!item || !item->attribution || item->attribution->shares.empty()) {
        return {};
    }
    const auto& a = *item->attribution;
    const auto& top = a.shares.front();
    const QString budget =
        QStringLiteral("%1 %2 ≤ %3")
            .arg(QString::fromStdString(item->metric), QString::fromStdString(item->statistic),
                 BudgetModel::formatValue(item->threshold, item->unit));
    const QString where =
        item->stage.empty()
            ? QString()
            : QLatin1Char(' ') + VerdictWidget::tr("in stage %1").arg(QString::fromStdString(item->stage));
    QString text =
        VerdictWidget::tr("Of the %1 requests over %2%3, %4 (%5%, interval %6–%7%) are dominated by %8")
            .arg(a.attributed)
            .arg(budget, where)
            .arg(top.count)
            .arg(top.share * 100, 0, 'f', 0)
            .arg(top.lower * 100, 0, 'f', 0)
            .arg(top.upper * 100, 0, 'f', 0)
            .arg(QString::fromStdString(top.phase));
    if (const QString owner = ownerText(top.owner); !owner.isEmpty()) {
        text += QLatin1Char(' ') + VerdictWidget::tr("(owner: %1)").arg(owner);
    }
    if (a.shares.size() > 1) {
        const auto& next = a.shares[1];
        text += VerdictWidget::tr("; next %1 (%2)").arg(QString::fromStdString(next.phase)).arg(next.count);
    }
    if (a.withoutPhases > 0) {
        text += VerdictWidget::tr("; %1 without measured phases").arg(a.withoutPhases);
    }
    return text + QLatin1Char('.');
}

} // namespace

VerdictWidget::VerdictWidget(QWidget* parent)
    : QWidget(parent)
    , m_job(new Job(this))
    , m_model(new BudgetModel(this))
    , m_verdict(new QLabel(this))
    , m_source(new QLabel(this))
    , m_changes(new QLabel(this))
    , m_headline(new QLabel(this))
    , m_attribution(new QLabel(this))
    , m_capacity(new QLabel(this))
    , m_budgetsButton(new QPushButton(tr("Budgets…"), this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("verdictWidget"));
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_verdict->setTextFormat(Qt::PlainText);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    m_verdict->setAutoFillBackground(true);
    m_verdict->setMargin(4);
    m_source->setTextFormat(Qt::PlainText);
    m_source->setWordWrap(true);
    m_changes->setObjectName(QStringLiteral("verdictChanges"));
    m_changes->setTextFormat(Qt::PlainText);
    m_changes->setWordWrap(true);
    m_headline->setObjectName(QStringLiteral("verdictHeadline"));
    m_headline->setTextFormat(Qt::PlainText);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_attribution->setObjectName(QStringLiteral("verdictAttribution"));
    m_attribution->setTextFormat(Qt::PlainText);
    m_attribution->setWordWrap(true);
    m_attribution->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_capacity->setObjectName(QStringLiteral("verdictCapacity"));
    m_capacity->setTextFormat(Qt::PlainText);
    m_capacity->setWordWrap(true);
    m_capacity->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_capacity->setFont(bold);
    m_capacity->hide();
    m_budgetsButton->setObjectName(QStringLiteral("budgetsButton"));
    m_budgetsButton->setToolTip(tr("Evaluate a budget file (JSON) on this run"));

    m_view->setObjectName(QStringLiteral("budgetTable"));
    m_view->setModel(m_model);
    enableCsvCopy(m_view);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->hide();
    fitColumns(m_view, {BudgetModel::Reason});
    m_view->setMaximumHeight(m_view->fontMetrics().height() * 10);

    auto* top = new QHBoxLayout;
    top->addWidget(m_verdict, 1);
    top->addWidget(m_budgetsButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_capacity);
    layout->addWidget(m_attribution);
    layout->addWidget(m_headline);
    layout->addWidget(m_source);
    layout->addWidget(m_view);
    layout->addWidget(m_changes);

    connect(m_budgetsButton, &QPushButton::clicked, this, &VerdictWidget::chooseBudgetFile);
    connect(m_job, &Job::finished, this, [this](const QVariant& result) {
        display(result.value<std::shared_ptr<const VerdictResults>>());
    });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        m_verdict->setText(tr("Cannot evaluate the budgets: %1").arg(message));
        Q_EMIT errorOccurred(message);
    });
    clear();
}

VerdictWidget::~VerdictWidget() = default;

bool VerdictWidget::isComputing() const
{
    return m_job->isRunning();
}

void VerdictWidget::clear()
{
    m_job->discard();
    m_waiting = false;
    m_path.clear();
    m_budgetFile.clear();
    m_runId = 0;
    m_results.reset();
    m_model->clear();
    m_verdict->clear();
    m_verdict->setPalette(palette());
    m_source->clear();
    m_changes->clear();
    m_headline->clear();
    m_attribution->clear();
    m_capacity->clear();
    m_capacity->hide();
    m_view->hide();
    m_budgetsButton->setEnabled(false);
}

void VerdictWidget::setRunCache(RunCache* cache)
{
    if (m_cache == cache) {
        return;
    }
    if (m_cache) {
        disconnect(m_cache, nullptr, this, nullptr);
    }
    m_cache = cache;
    connect(m_cache, &RunCache::loaded, this, [this](const RunSnapshotPtr& snapshot) {
        if (m_waiting && snapshot->path == m_path && snapshot->runId == m_runId) {
            evaluate();
        }
    });
    connect(m_cache, &RunCache::failed, this,
            [this](const QString& path, qint64 runId, const QString& message) {
                if (m_waiting && path == m_path && runId == m_runId) {
                    m_waiting = false;
                    m_verdict->setText(tr("Cannot evaluate the budgets: %1").arg(message));
                }
            });
}

RunCache* VerdictWidget::cache()
{
    if (!m_cache) {
        setRunCache(new RunCache(this));
    }
    return m_cache;
}

void VerdictWidget::showRun(const QString& path, qint64 runId)
{
    if (path != m_path || runId != m_runId) {
        clear();
        m_path = path;
        m_runId = runId;
    }
    m_budgetsButton->setEnabled(m_runId != 0);
    if (m_runId != 0) {
        cache()->request(path, runId);
    }
    evaluate();
}

void VerdictWidget::loadBudgetFile(const QString& file)
{
    if (m_runId == 0) {
        return;
    }
    m_budgetFile = file;
    evaluate();
}

void VerdictWidget::chooseBudgetFile()
{
    QSettings settings;
    // The example budgets the first time.
    const QString dir =
        settings
            .value(QLatin1String(kLastDirKey),
                   dataSubdirectory(QCoreApplication::applicationDirPath(), QStringLiteral("budgets")))
            .toString();
    const QString file = QFileDialog::getOpenFileName(this, tr("Evaluate budgets"), dir,
                                                      tr("Budget files (*.json);;All files (*)"));
    if (file.isEmpty()) {
        return;
    }
    settings.setValue(QLatin1String(kLastDirKey), QFileInfo(file).absolutePath());
    loadBudgetFile(file);
}

void VerdictWidget::evaluate()
{
    if (m_runId == 0) {
        return;
    }
    m_verdict->setText(tr("Evaluating the budgets…"));
    const RunSnapshotPtr snapshot = cache()->snapshot();
    if (cache()->isLoading() || !snapshot || snapshot->path != m_path || snapshot->runId != m_runId) {
        m_waiting = true; // the cache's loaded() evaluates
        return;
    }
    m_waiting = false;
    const QString file = m_budgetFile;
    m_job->start([snapshot, file](JobContext&) {
        return QVariant::fromValue(std::make_shared<const VerdictResults>(computeVerdict(*snapshot, file)));
    });
}

void VerdictWidget::display(const std::shared_ptr<const VerdictResults>& results)
{
    if (!results) {
        return;
    }
    m_results = results;
    const auto& check = results->check;
    m_capacity->setText(results->capacity ? report::capacitySentence(*results->capacity) : QString());
    m_capacity->setVisible(results->capacity.has_value());
    m_headline->setText(headline(*results));
    QPalette pal = palette();
    if (!results->hasBudgets) {
        m_verdict->setPalette(pal);
        m_verdict->setText(tr("No budgets were stored with this run: load a budget file (Budgets…)."));
        m_attribution->clear();
        m_source->clear();
        m_changes->clear();
        m_model->clear();
        m_view->hide();
        Q_EMIT updated(results->runId);
        return;
    }
    // The symbol beside the colour: the verdict reads without colour too.
    QString text = report::verdictSymbol(check.verdict) + QLatin1Char(' ') +
                   tr("SLO verdict: %1").arg(BudgetModel::verdictText(check.verdict).toUpper());
    if (const auto* first = check.firstFailedPhase()) {
        text += QLatin1Char(' ') + tr("— %1 broke its budget first: %2 %3 against %4 (n = %L5)")
                                       .arg(QString::fromStdString(first->id),
                                            QString::fromStdString(first->statistic),
                                            BudgetModel::formatValue(first->observed, first->unit),
                                            BudgetModel::formatValue(first->threshold, first->unit))
                                       .arg(qulonglong(first->n));
        if (const QString owner = ownerText(first->owner); !owner.isEmpty()) {
            text += QLatin1Char(' ') + tr("(likely owner: %1)").arg(owner);
        }
    }
    m_verdict->setText(text);
    m_attribution->setText(attributionText(check.headlineAttribution()));
    pal.setColor(QPalette::Window, BudgetModel::statusColor(check.verdict, pal));
    pal.setColor(QPalette::WindowText, pal.color(QPalette::Base));
    m_verdict->setPalette(pal);
    m_source->setText(tr("Budgets: %1").arg(QString::fromStdString(check.budgetsSource)));

    QStringList changes;
    if (check.history && check.history->setAfterRun && check.history->inEffect) {
        changes
            << tr("No budget was stored before the run started; the first stored version (set %1) is used.")
                   .arg(QString::fromStdString(check.history->inEffect->setUtc));
    }
    if (check.history && !check.history->changes.empty()) {
        changes << tr("Thresholds changed after the run started:");
        for (const auto& c : check.history->changes) {
            changes << tr("%1: %2 → %3 (version %4, set %5)")
                           .arg(QString::fromStdString(c.budget), number(c.before), number(c.after))
                           .arg(c.version)
                           .arg(QString::fromStdString(c.setUtc));
        }
    }
    m_changes->setText(changes.join(QLatin1Char('\n')));
    m_model->setItems(check.items);
    m_view->show();
    Q_EMIT updated(results->runId);
}

} // namespace pb::ui
