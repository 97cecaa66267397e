#include "ReportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace pb::ui::report {

ReportDialog::ReportDialog(const QList<QPair<qint64, QString>>& runs, qint64 runId, QWidget* parent)
    : QDialog(parent)
    , m_runId(runId)
    , m_baseline(new QComboBox(this))
    , m_budgets(new QLineEdit(this))
    , m_format(new QComboBox(this))
    , m_page(new QComboBox(this))
    , m_output(new QLineEdit(this))
{
    setWindowTitle(tr("Export Report"));
    QString runName;
    m_baseline->addItem(tr("None"), qint64(0));
    for (const auto& [id, name] : runs) {
        if (id == runId) {
            runName = name;
        } else {
            m_baseline->addItem(tr("Run %1 '%2'").arg(id).arg(name), id);
        }
    }
    m_format->addItem(tr("PDF document"), QStringLiteral("pdf"));
    m_format->addItem(tr("HTML (one self-contained file)"), QStringLiteral("html"));
    m_format->addItem(tr("Markdown (charts as PNG files beside it)"), QStringLiteral("md"));
    m_page->addItem(tr("A4"), QStringLiteral("a4"));
    m_page->addItem(tr("Letter"), QStringLiteral("letter"));
    m_budgets->setPlaceholderText(tr("the budgets stored with the run"));
    m_output->setText(QDir::home().filePath(QStringLiteral("phasebench-run-%1.pdf").arg(runId)));

    auto* form = new QFormLayout;
    form->addRow(tr("Run:"), new QLabel(tr("%1 '%2'").arg(runId).arg(runName), this));
    form->addRow(tr("Baseline:"), m_baseline);
    auto* budgetsRow = new QHBoxLayout;
    budgetsRow->addWidget(m_budgets);
    auto* browseBudgetsButton = new QPushButton(tr("Browse…"), this);
    budgetsRow->addWidget(browseBudgetsButton);
    form->addRow(tr("Budgets:"), budgetsRow);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Page size:"), m_page);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output);
    auto* browseOutputButton = new QPushButton(tr("Browse…"), this);
    outputRow->addWidget(browseOutputButton);
    form->addRow(tr("Save as:"), outputRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseOutputButton, &QPushButton::clicked, this, &ReportDialog::browseOutput);
    connect(browseBudgetsButton, &QPushButton::clicked, this, &ReportDialog::browseBudgets);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ReportDialog::formatChanged);
}

void ReportDialog::formatChanged()
{
    const QString suffix = m_format->currentData().toString();
    m_page->setEnabled(suffix == QLatin1String("pdf"));
    const QFileInfo info(m_output->text());
    m_output->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + suffix));
}

void ReportDialog::browseOutput()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), m_output->text());
    if (!path.isEmpty()) {
        m_output->setText(path);
    }
}

void ReportDialog::browseBudgets()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Budget File"), m_budgets->text(), tr("Budgets (*.json)"));
    if (!path.isEmpty()) {
        m_budgets->setText(path);
    }
}

pb::report::ReportOptions ReportDialog::reportOptions() const
{
    pb::report::ReportOptions o;
    o.runId = m_runId;
    if (const qint64 b = m_baseline->currentData().toLongLong(); b != 0) {
        o.baselineId = b;
    }
    if (!m_budgets->text().trimmed().isEmpty()) {
        o.budgetsFile = m_budgets->text().trimmed().toStdString();
    }
    return o;
}

WriteOptions ReportDialog::writeOptions() const
{
    WriteOptions w;
    w.format = parseFormat(m_format->currentData().toString()).value_or(Format::Pdf);
    w.page = parsePageSize(m_page->currentData().toString()).value_or(PageSize::A4);
    w.path = m_output->text();
    return w;
}

} // namespace pb::ui::report
