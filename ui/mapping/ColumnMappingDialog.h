// Maps the columns of any CSV file to Phasebench's vocabulary before it is
// imported: the file's header with sample values, a guess from the column
// names (or the mapping last used for the same header), per-column target
// and unit, and the same mapping in the text form `phasebench-cli import
// --map` takes.
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace pb::ui {

class ColumnMappingModel;

class ColumnMappingDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ColumnMappingDialog(const QString& csvFile, QWidget* parent = nullptr);

    // The mapping in core's text form (ImportRequest::columnMapping).
    QString mappingText() const;
    QString errorText() const; // why the mapping cannot be used now; empty when it can
    ColumnMappingModel* model() const { return m_model; }

    void accept() override;

private:
    void onModelChanged();
    void onTextEdited();
    void setError(const QString& message);
    QString settingsKey() const;

    QString m_file;
    QString m_header; // the file's header line, the key of the remembered mapping
    ColumnMappingModel* m_model;
    QTableView* m_view;
    QLineEdit* m_text;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
    bool m_updatingText = false;
};

} // namespace pb::ui
