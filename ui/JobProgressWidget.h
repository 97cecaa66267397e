// A status-bar strip for long work: what runs, how far it is, and Cancel.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace pb::ui {

class JobProgressWidget : public QWidget
{
    Q_OBJECT
public:
    explicit JobProgressWidget(QWidget* parent = nullptr);

    void setText(const QString& text);
    // total 0 = unknown: the bar shows activity instead of a fraction.
    void setProgress(qint64 done, qint64 total);
    void reset();

    QProgressBar* bar() const { return m_bar; }
    QToolButton* cancelButton() const { return m_cancel; }

Q_SIGNALS:
    void cancelRequested();

private:
    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
};

} // namespace pb::ui
