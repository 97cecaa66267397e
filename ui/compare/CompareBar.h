// The Waterfall page's entry to a comparison: "Compare with…" a trace ID
// typed in, or "Typical vs slow" (the p50 and p99 exemplars of total).
#pragma once

#include <QWidget>

class QLineEdit;
class QPushButton;

namespace pb::ui {

class CompareBar : public QWidget
{
    Q_OBJECT
public:
    explicit CompareBar(QWidget* parent = nullptr);

    // "Compare with…" needs a shown request; "Typical vs slow" a run.
    void setAvailable(bool request, bool run);
    QLineEdit* traceEdit() const { return m_trace; }

Q_SIGNALS:
    void compareWithRequested(const QString& traceId);
    void typicalVsSlowRequested();

private:
    QLineEdit* m_trace;
    QPushButton* m_compare;
    QPushButton* m_typical;
};

} // namespace pb::ui
