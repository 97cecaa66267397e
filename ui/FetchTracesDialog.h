// "Fetch Traces from Jaeger…": the Jaeger query service's address (kept in
// the settings for the next time), an optional service to keep, and the
// concurrency. Only collects options; FetchTracesController fetches.
#pragma once

#include "fetch/FetchTraces.h"

#include <QDialog>

class QLineEdit;
class QSpinBox;

namespace pb::ui {

class FetchTracesDialog : public QDialog
{
    Q_OBJECT
public:
    // Settings keys of the remembered values.
    static constexpr const char* kUrlKey = "fetchTraces/jaegerUrl";
    static constexpr const char* kServiceKey = "fetchTraces/service";

    FetchTracesDialog(qint64 runId, QWidget* parent = nullptr);

    // The dialog's choices; saves the URL and service in the settings.
    pb::fetch::FetchOptions options() const;

private:
    QLineEdit* m_url;
    QLineEdit* m_service;
    QSpinBox* m_concurrency;
};

} // namespace pb::ui
