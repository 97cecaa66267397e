#include "JobProgressWidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace pb::ui {

namespace {
constexpr int kSteps = 1000; // QProgressBar is int: scale byte counts down
}

JobProgressWidget::JobProgressWidget(QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    m_label->setTextFormat(Qt::PlainText);
    m_bar->setMaximumWidth(200);
    m_bar->setTextVisible(false);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop this work; nothing of it is kept"));
    m_cancel->setObjectName(QStringLiteral("jobCancel"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);

    connect(m_cancel, &QToolButton::clicked, this, &JobProgressWidget::cancelRequested);
    reset();
}

void JobProgressWidget::setText(const QString& text)
{
    m_label->setText(text);
}

void JobProgressWidget::setProgress(qint64 done, qint64 total)
{
    if (total <= 0) {
        m_bar->setRange(0, 0);
        return;
    }
    m_bar->setRange(0, kSteps);
    const double fraction = std::clamp(static_cast<double>(done) / static_cast<double>(total), 0.0, 1.0);
    m_bar->setValue(static_cast<int>(fraction * kSteps));
}

void JobProgressWidget::reset()
{
    m_label->clear();
    m_bar->setRange(0, kSteps);
    m_bar->setValue(0);
    m_cancel->setEnabled(true);
}

} // namespace pb::ui
