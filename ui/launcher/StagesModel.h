// The stages of a ramping or stepped arrival-rate executor, as an editable
// table: name, target rate, duration, ramp. Reads and writes the JSON array
// of the scenario's "executor.stages".
#pragma once

#include <QAbstractTableModel>
#include <QJsonArray>

#include <vector>

namespace pb::ui {

class StagesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Name, Target, Duration, Ramp, ColumnCount };

    struct Row
    {
        QString name; // empty: core names it by its rate
        double target = 1;
        QString duration = QStringLiteral("10s");
        QString ramp; // "linear", "step" or empty (the executor's default)
    };

    explicit StagesModel(QObject* parent = nullptr);

    void setStages(const QJsonArray& stages);
    QJsonArray stages() const;
    const std::vector<Row>& rows() const { return m_rows; }

    // Appends a stage after the last one (its rate doubled), or a first one.
    void appendStage();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

Q_SIGNALS:
    // After any edit, insertion or removal by the user.
    void stagesEdited();

private:
    std::vector<Row> m_rows;
};

} // namespace pb::ui
