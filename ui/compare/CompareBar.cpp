#include "CompareBar.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>

namespace pb::ui {

CompareBar::CompareBar(QWidget* parent)
    : QWidget(parent)
    , m_trace(new QLineEdit(this))
    , m_compare(new QPushButton(tr("Compare with…"), this))
    , m_typical(new QPushButton(tr("Typical vs slow"), this))
    , m_samePrompt(new QPushButton(tr("Same prompt in baseline…"), this))
    , m_baselines(new QMenu(this))
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
    m_samePrompt->setObjectName(QStringLiteral("samePromptButton"));
    m_samePrompt->setToolTip(
        tr("Compare the shown request (B) with the request of a baseline run that sent the "
           "same prompt (A): its first completed one. Both runs must come from the same "
           "scenario."));
    m_baselines->setObjectName(QStringLiteral("baselineRunMenu"));
    m_samePrompt->setMenu(m_baselines);
    connect(m_baselines, &QMenu::triggered, this,
            [this](QAction* action) { Q_EMIT samePromptRequested(action->data().toLongLong()); });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_trace, 1);
    layout->addWidget(m_compare);
    layout->addWidget(m_typical);
    layout->addWidget(m_samePrompt);
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
    m_request = request;
    updateSamePrompt();
}

void CompareBar::setBaselineRuns(const std::vector<std::pair<qint64, QString>>& runs)
{
    m_baselines->clear();
    for (const auto& [id, name] : runs) {
        auto* action = m_baselines->addAction(tr("run %1: %2").arg(id).arg(name));
        action->setData(id);
    }
    updateSamePrompt();
}

void CompareBar::updateSamePrompt()
{
    m_samePrompt->setEnabled(m_request && !m_baselines->isEmpty());
}

} // namespace pb::ui
