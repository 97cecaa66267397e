#include "DiagnosisModel.h"

#include "BudgetModel.h"

#include <QCoreApplication>
#include <QLocale>

namespace pb::ui {
namespace {

QString diagnoseText(const char* source)
{
    return source ? QCoreApplication::translate("pb::diagnose", source) : QString();
}

} // namespace

DiagnosisModel::DiagnosisModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void DiagnosisModel::setFindings(const std::vector<diagnose::Finding>& findings)
{
    beginResetModel();
    m_findings = findings;
    endResetModel();
}

void DiagnosisModel::clear()
{
    setFindings({});
}

const diagnose::Finding* DiagnosisModel::findingAt(int row) const
{
    return row >= 0 && row < int(m_findings.size()) ? &m_findings[std::size_t(row)] : nullptr;
}

int DiagnosisModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int DiagnosisModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DiagnosisModel::ownerText(diagnose::Owner owner)
{
    return QCoreApplication::translate("pb::diagnose", std::string(diagnose::ownerLabel(owner)).c_str());
}

QString DiagnosisModel::confidenceText(diagnose::Confidence confidence)
{
    switch (confidence) {
    case diagnose::Confidence::Low:
        return tr("low");
    case diagnose::Confidence::Medium:
        return tr("medium");
    case diagnose::Confidence::High:
        return tr("high");
    }
    return {};
}

QVariant DiagnosisModel::data(const QModelIndex& index, int role) const
{
    const auto* f = index.isValid() ? findingAt(index.row()) : nullptr;
    if (!f || index.column() >= ColumnCount) {
        return {};
    }
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (Column(index.column())) {
        case Symptom:
            return diagnoseText(f->symptom);
        case Owner:
            return ownerText(f->owner);
        case Confidence:
            return confidenceText(f->confidence);
        case Between:
            return QString::fromStdString(f->between);
        case FirstCheck:
            return diagnoseText(f->firstCheck);
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == RawValueRole) {
        switch (Column(index.column())) {
        case Symptom:
            return QString::fromStdString(f->rule);
        case Owner:
            return QString::fromLatin1(diagnose::ownerName(f->owner));
        case Confidence:
            return QString::fromLatin1(diagnose::confidenceName(f->confidence));
        default:
            return {};
        }
    }
    return {};
}

QVariant DiagnosisModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Symptom:
        return tr("Symptom");
    case Owner:
        return tr("Likely owner");
    case Confidence:
        return tr("Confidence");
    case Between:
        return tr("Between");
    case FirstCheck:
        return tr("First check");
    default:
        return {};
    }
}

EvidenceModel::EvidenceModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void EvidenceModel::setEvidence(const std::vector<diagnose::Evidence>& evidence)
{
    beginResetModel();
    m_evidence = evidence;
    endResetModel();
}

void EvidenceModel::clear()
{
    setEvidence({});
}

const diagnose::Evidence* EvidenceModel::evidenceAt(int row) const
{
    return row >= 0 && row < int(m_evidence.size()) ? &m_evidence[std::size_t(row)] : nullptr;
}

int EvidenceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_evidence.size());
}

int EvidenceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EvidenceModel::data(const QModelIndex& index, int role) const
{
    const auto* e = index.isValid() ? evidenceAt(index.row()) : nullptr;
    if (!e || index.column() >= ColumnCount) {
        return {};
    }
    const auto optional = [](const std::optional<double>& v) {
        return v ? QVariant(*v) : QVariant();
    };
    if (role == Qt::DisplayRole) {
        switch (Column(index.column())) {
        case Figure:
            return QString::fromStdString(e->figure);
        case Statistic:
            return QString::fromStdString(e->statistic);
        case Before:
            return BudgetModel::formatValue(e->before, e->unit);
        case NBefore:
            return e->before ? QLocale().toString(qulonglong(e->nBefore)) : QStringLiteral("—");
        case After:
            return BudgetModel::formatValue(e->after, e->unit);
        case NAfter:
            return e->after ? QLocale().toString(qulonglong(e->nAfter)) : QStringLiteral("—");
        case Change: {
            const auto c = e->change();
            return c ? (*c >= 0 ? QStringLiteral("+") : QString()) + BudgetModel::formatValue(c, e->unit)
                     : QStringLiteral("—");
        }
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == RawValueRole) {
        switch (Column(index.column())) {
        case Figure:
            return QString::fromStdString(e->figure);
        case Before:
            return optional(e->before);
        case NBefore:
            return qulonglong(e->nBefore);
        case After:
            return optional(e->after);
        case NAfter:
            return qulonglong(e->nAfter);
        case Change:
            return optional(e->change());
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Before) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant EvidenceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Figure:
        return tr("Figure");
    case Statistic:
        return tr("Statistic");
    case Before:
        return tr("Before");
    case NBefore:
        return tr("N before");
    case After:
        return tr("After");
    case NAfter:
        return tr("N after");
    case Change:
        return tr("Change");
    default:
        return {};
    }
}

} // namespace pb::ui
