#include "ColumnMappingDialog.h"

#include "ChoiceDelegate.h"
#include "ColumnMappingModel.h"

#include <QCryptographicHash>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QVBoxLayout>

namespace pb::ui {
namespace {

constexpr qint64 kHeadBytes = 64 * 1024;
constexpr std::size_t kPreviewRows = 5;

} // namespace

ColumnMappingDialog::ColumnMappingDialog(const QString& csvFile, QWidget* parent)
    : QDialog(parent)
    , m_file(csvFile)
    , m_model(new ColumnMappingModel(this))
    , m_view(new QTableView(this))
    , m_text(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Import %1 with a column mapping").arg(QFileInfo(csvFile).fileName()));
    auto* intro = new QLabel(tr("Choose what each column of the file holds. Durations need their unit; "
                                "unmapped columns are not imported. Without an outcome or HTTP status "
                                "column every row counts as completed."),
                             this);
    intro->setWordWrap(true);
    m_view->setModel(m_model);
    m_view->setItemDelegate(new ChoiceDelegate(ColumnMappingModel::ChoicesRole, m_view));
    m_view->setEditTriggers(QAbstractItemView::AllEditTriggers);
    m_view->horizontalHeader()->setSectionResizeMode(ColumnMappingModel::ExamplesColumn,
                                                     QHeaderView::Stretch);
    m_view->verticalHeader()->hide();
    m_text->setObjectName(QStringLiteral("mappingText"));
    auto* textLabel = new QLabel(tr("&Mapping as text (for phasebench-cli import --map):"), this);
    textLabel->setBuddy(m_text);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: palette(highlight);"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_view, 1);
    layout->addWidget(textLabel);
    layout->addWidget(m_text);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    resize(760, 460);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &ColumnMappingDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ColumnMappingDialog::reject);
    connect(m_model, &ColumnMappingModel::mappingChanged, this, &ColumnMappingDialog::onModelChanged);
    connect(m_text, &QLineEdit::editingFinished, this, &ColumnMappingDialog::onTextEdited);

    QFile file(csvFile);
    if (!file.open(QIODevice::ReadOnly)) {
        setError(tr("Cannot read %1: %2").arg(csvFile, file.errorString()));
        return;
    }
    const QByteArray head = file.read(kHeadBytes);
    const auto preview = pb::import::GenericCsvImporter::preview(
        std::string_view(head.constData(), static_cast<std::size_t>(head.size())), kPreviewRows);
    if (preview.columns.size() < 2) {
        setError(tr("%1 has no header line with at least two columns.").arg(QFileInfo(csvFile).fileName()));
        return;
    }
    m_header = QString::fromUtf8(head.left(head.indexOf('\n')));
    auto initial = pb::import::GenericCsvImporter::suggestMapping(preview.columns);
    const QString remembered = QSettings().value(settingsKey()).toString();
    if (!remembered.isEmpty()) {
        try {
            initial = pb::import::parseColumnMapping(remembered.toStdString());
        } catch (const pb::import::MappingError&) {
            // A mapping saved by an older version: keep the guess.
        }
    }
    m_model->setData(preview, initial);
}

QString ColumnMappingDialog::settingsKey() const
{
    // Per header: the same export from the same tool gets the same mapping.
    const auto hash = QCryptographicHash::hash(m_header.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("import/columnMapping/") + QString::fromLatin1(hash);
}

QString ColumnMappingDialog::mappingText() const
{
    return QString::fromStdString(pb::import::formatColumnMapping(m_model->mapping()));
}

QString ColumnMappingDialog::errorText() const
{
    return m_error->text();
}

void ColumnMappingDialog::setError(const QString& message)
{
    m_error->setText(message);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(message.isEmpty());
}

void ColumnMappingDialog::onModelChanged()
{
    m_updatingText = true;
    m_text->setText(mappingText());
    m_updatingText = false;
    setError(m_model->mapping().empty() ? tr("Map at least one column.") : QString());
}

void ColumnMappingDialog::onTextEdited()
{
    if (m_updatingText || m_text->text() == mappingText()) {
        return;
    }
    try {
        const auto mapping = pb::import::parseColumnMapping(m_text->text().toStdString());
        for (const auto& e : mapping.entries) {
            if (m_model
                    ->match(m_model->index(0, ColumnMappingModel::SourceColumn), Qt::DisplayRole,
                            QString::fromStdString(e.source), 1, Qt::MatchExactly)
                    .isEmpty()) {
                setError(tr("The file has no column '%1'.").arg(QString::fromStdString(e.source)));
                return;
            }
        }
        m_model->applyMapping(mapping);
    } catch (const pb::import::MappingError& e) {
        setError(QString::fromStdString(e.what()));
    }
}

void ColumnMappingDialog::accept()
{
    onTextEdited(); // a text edit still being typed counts
    if (!errorText().isEmpty() || m_header.isEmpty()) {
        return;
    }
    QSettings().setValue(settingsKey(), mappingText());
    QDialog::accept();
}

} // namespace pb::ui
