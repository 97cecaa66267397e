// Edits a cell with a combo box of the choices the model offers for it
// (ColumnMappingModel::ChoicesRole); the empty choice shows as "(not imported)".
#pragma once

#include <QStyledItemDelegate>

namespace pb::ui {

class ChoiceDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    ChoiceDelegate(int choicesRole, QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;

private:
    int m_role;
};

} // namespace pb::ui
