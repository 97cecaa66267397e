// The generic CSV column-mapping dialog: its model under
// QAbstractItemModelTester, the guess from column names, edits in the table
// and in the text form, and a mapped import through ImportController into a
// real workbench file.
#include "ImportController.h"
#include "TestUtil.h"
#include "mapping/ColumnMappingDialog.h"
#include "mapping/ColumnMappingModel.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace pb;
using namespace pb::ui;

class TestUiMapping : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void modelFollowsPreviewAndEdits();
    void dialogTextFormAndErrors();
    void mappedImportStoresConvertedValues();
    void unreadableFileIsReported();

private:
    QString writeCsv(const char* name, const QByteArray& content);
    QTemporaryDir m_dir;
};

namespace {

const QByteArray kCsv = "request,latency_s,ttft_ms,total_ms,status,tokens\n"
                        "a,1.5,120,1500,200,40\n"
                        "b,0.25,80,250,200,12\n"
                        "c,2.0,300,2000,500,0\n";

} // namespace

void TestUiMapping::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_mapping"));
    QSettings().clear();
}

QString TestUiMapping::writeCsv(const char* name, const QByteArray& content)
{
    const QString path = m_dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size()) {
        return {};
    }
    return path;
}

void TestUiMapping::modelFollowsPreviewAndEdits()
{
    ColumnMappingModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto preview = pb::import::GenericCsvImporter::preview(kCsv.toStdString(), 2);
    QCOMPARE(preview.rows.size(), std::size_t(2));
    model.setData(preview, pb::import::GenericCsvImporter::suggestMapping(preview.columns));
    QCOMPARE(model.rowCount(), 6);
    QCOMPARE(model.index(1, ColumnMappingModel::SourceColumn).data().toString(), QStringLiteral("latency_s"));
    QCOMPARE(model.index(1, ColumnMappingModel::ExamplesColumn).data().toString(),
             QStringLiteral("1.5, 0.25"));
    // The guess: total_ms is the vocabulary's total in ms; the others are not guessed.
    QCOMPARE(model.index(3, ColumnMappingModel::TargetColumn).data(Qt::EditRole).toString(),
             QStringLiteral("total"));
    QCOMPARE(model.index(3, ColumnMappingModel::UnitColumn).data().toString(), QStringLiteral("ms"));
    QCOMPARE(model.index(1, ColumnMappingModel::TargetColumn).data(Qt::EditRole).toString(), QString());
    QVERIFY(!(model.flags(model.index(1, ColumnMappingModel::UnitColumn)) & Qt::ItemIsEditable));

    // Map latency_s as total in seconds instead, and ttft_ms as first_text.
    QSignalSpy changed(&model, &ColumnMappingModel::mappingChanged);
    QVERIFY(model.setData(model.index(3, ColumnMappingModel::TargetColumn), QString()));
    QVERIFY(model.setData(model.index(1, ColumnMappingModel::TargetColumn), QStringLiteral("total")));
    QVERIFY(model.flags(model.index(1, ColumnMappingModel::UnitColumn)) & Qt::ItemIsEditable);
    QVERIFY(model.setData(model.index(1, ColumnMappingModel::UnitColumn), QStringLiteral("s")));
    QVERIFY(model.setData(model.index(2, ColumnMappingModel::TargetColumn), QStringLiteral("first_text")));
    QVERIFY(model.setData(model.index(4, ColumnMappingModel::TargetColumn), QStringLiteral("http_status")));
    QVERIFY(changed.count() >= 5);
    // Invalid choices are refused and change nothing.
    QVERIFY(
        !model.setData(model.index(2, ColumnMappingModel::TargetColumn), QStringLiteral("no_such_column")));
    QVERIFY(!model.setData(model.index(1, ColumnMappingModel::UnitColumn), QStringLiteral("fortnights")));
    QVERIFY(!model.setData(model.index(4, ColumnMappingModel::UnitColumn), QStringLiteral("s"))); // no unit
    QVERIFY(!model.setData(model.index(0, ColumnMappingModel::SourceColumn), QStringLiteral("x")));

    const auto text = pb::import::formatColumnMapping(model.mapping());
    QCOMPARE(text, std::string("total=latency_s:s,first_text=ttft_ms,http_status=status"));
    QCOMPARE(pb::import::parseColumnMapping(text), model.mapping());
    // Target choices offer every vocabulary column and "not imported" first.
    const auto choices =
        model.index(0, ColumnMappingModel::TargetColumn).data(ColumnMappingModel::ChoicesRole).toStringList();
    QCOMPARE(choices.constFirst(), QString());
    QVERIFY(choices.contains(QStringLiteral("output_tokens")));
    QVERIFY(choices.contains(QStringLiteral("start_time")));
}

void TestUiMapping::dialogTextFormAndErrors()
{
    const QString csv = writeCsv("dialog.csv", kCsv);
    ColumnMappingDialog dialog(csv);
    auto* text = pb::test::child<QLineEdit>(&dialog, "mappingText");
    QVERIFY(dialog.errorText().isEmpty());
    QCOMPARE(dialog.mappingText(), QStringLiteral("total=total_ms:ms")); // the guess from the suffix
    QCOMPARE(text->text(), dialog.mappingText());

    // Typing the text form updates the table.
    text->setText(QStringLiteral("total=latency_s:s,output_tokens=tokens"));
    Q_EMIT text->editingFinished();
    QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
    QCOMPARE(dialog.model()->index(1, ColumnMappingModel::TargetColumn).data(Qt::EditRole).toString(),
             QStringLiteral("total"));
    QCOMPARE(dialog.model()->index(3, ColumnMappingModel::TargetColumn).data(Qt::EditRole).toString(),
             QString());

    // Errors say what is wrong and block the import.
    text->setText(QStringLiteral("total=latency_s:parsecs"));
    Q_EMIT text->editingFinished();
    QVERIFY2(dialog.errorText().contains(QStringLiteral("parsecs")), qPrintable(dialog.errorText()));
    text->setText(QStringLiteral("total=elapsed"));
    Q_EMIT text->editingFinished();
    QVERIFY(dialog.errorText().contains(QStringLiteral("elapsed")));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));

    // A valid mapping is accepted and remembered for files with this header.
    text->setText(QStringLiteral("total=latency_s:s,first_text=ttft_ms"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    ColumnMappingDialog again(writeCsv("same-header.csv", kCsv));
    QCOMPARE(again.mappingText(), QStringLiteral("total=latency_s:s,first_text=ttft_ms"));
}

void TestUiMapping::mappedImportStoresConvertedValues()
{
    const QString csv = writeCsv("import.csv", kCsv);
    const QString db = m_dir.filePath(QStringLiteral("mapped.phasebench"));
    ImportController imports;
    QSignalSpy imported(&imports, &ImportController::fileImported);
    QSignalSpy failed(&imports, &ImportController::fileFailed);
    imports.importMappedCsv(db, csv,
                            QStringLiteral("total=latency_s:s,first_text=ttft_ms,http_status=status"));
    QTRY_COMPARE_WITH_TIMEOUT(imported.count() + failed.count(), 1, 20000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().at(1).toString()));
    const auto runId = imported.constFirst().at(1).toLongLong();
    QCOMPARE(imported.constFirst().at(2).toLongLong(), 3);

    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto table = store.requestReader().loadRequestTable(runId);
    const auto* total = table.numericColumn("total");
    const auto* firstText = table.numericColumn("first_text");
    QVERIFY(total && firstText);
    QCOMPARE(total->values[0], 1500.0); // 1.5 s in ms
    QCOMPARE(total->values[1], 250.0);
    QCOMPARE(firstText->values[2], 300.0);
}

void TestUiMapping::unreadableFileIsReported()
{
    ColumnMappingDialog missing(m_dir.filePath(QStringLiteral("nope.csv")));
    QVERIFY(missing.errorText().contains(QStringLiteral("nope.csv")));
    ColumnMappingDialog oneColumn(writeCsv("one.csv", "justone\n1\n2\n"));
    QVERIFY(!oneColumn.errorText().isEmpty());
    oneColumn.accept();
    QCOMPARE(oneColumn.result(), int(QDialog::Rejected));
}

QTEST_MAIN(TestUiMapping)
#include "tst_ui_mapping.moc"
