// The models of the diagnosis page: the findings of core's diagnosis (symptom,
// likely owner, confidence, between which sides, first check) and the evidence
// of one finding (each figure before and after, with the N behind it).
// Texts of core are translated in context "pb::diagnose". They receive their
// data through setters; never touch the store.
#pragma once

#include "diagnose/Finding.h"

#include <QAbstractTableModel>

#include <vector>

namespace pb::ui {

class DiagnosisModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Symptom, Owner, Confidence, Between, FirstCheck, ColumnCount };
    // The finding's rule id on Symptom, the owner id ("gateway", …) on Owner,
    // the confidence id on Confidence.
    static constexpr int RawValueRole = Qt::UserRole;

    explicit DiagnosisModel(QObject* parent = nullptr);

    void setFindings(const std::vector<diagnose::Finding>& findings);
    void clear();
    const diagnose::Finding* findingAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString ownerText(diagnose::Owner owner);
    static QString confidenceText(diagnose::Confidence confidence);

private:
    std::vector<diagnose::Finding> m_findings;
};

class EvidenceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Figure, Statistic, Before, NBefore, After, NAfter, Change, ColumnCount };
    // double for Before/After/Change (invalid when absent), qulonglong for the
    // Ns, the figure name on Figure.
    static constexpr int RawValueRole = Qt::UserRole;

    explicit EvidenceModel(QObject* parent = nullptr);

    void setEvidence(const std::vector<diagnose::Evidence>& evidence);
    void clear();
    const diagnose::Evidence* evidenceAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<diagnose::Evidence> m_evidence;
};

} // namespace pb::ui
