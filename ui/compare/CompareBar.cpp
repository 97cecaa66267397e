#include "CompareBar.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace pb::ui {

CompareBar::CompareBar(QWidget* parent)
    : QWidget(parent)
    , m_trace(new QLineEdit(this))
    , m_compare(new QPushButton(tr("Compare with…"), this))
    , m_typical(new QPushButton(tr("Typical vs slow"), this))
{
    setObjectName(QStringLiteral("compareBar"));
    m_trace->setObjectName(QStringLiteral("compareTraceEdit"));
    m_trace->setPlaceholderText(tr("trace ID of request B (32 hex digits)"));
    m_trace->setClearButtonEnabled(true);
    m_compare->setObjectName(QStringLiteral("compareWithButton"));
    m_compare->setToolTip(tr("Compare the shown request (A) with the request of this trace ID (B)."));
    m_typical->setObjectName(QStringLiteral("typicalVsSlowButton"));
    m_typical->setToolTip(tr("Compare the run's p50 request of total (A) with its p99 request (B): the "
                             "exemplars at those ranks."));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_trace, 1);
    layout->addWidget(m_compare);
    layout->addWidget(m_typical);
    const auto compare = [this] {
        if (!m_trace->text().trimmed().isEmpty() && m_compare->isEnabled()) {
            Q_EMIT compareWithRequested(m_trace->text().trimmed());
        }
    };
    connect(m_compare, &QPushButton::clicked, this, compare);
    connect(m_trace, &QLineEdit::returnPressed, this, compare);
    connect(m_typical, &QPushButton::clicked, this, &CompareBar::typicalVsSlowRequested);
    setAvailable(false, false);
}

void CompareBar::setAvailable(bool request, bool run)
{
    m_compare->setEnabled(request);
    m_trace->setEnabled(request);
    m_typical->setEnabled(run);
}

} // namespace pb::ui
