#include "FetchTracesDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pb::ui {

FetchTracesDialog::FetchTracesDialog(qint64 runId, QWidget* parent)
    : QDialog(parent)
    , m_url(new QLineEdit(this))
    , m_service(new QLineEdit(this))
    , m_concurrency(new QSpinBox(this))
{
    setObjectName(QStringLiteral("fetchTracesDialog"));
    setWindowTitle(tr("Fetch Traces from Jaeger"));
    auto* intro =
        new QLabel(tr("Fetches the server traces of run %1 by the trace IDs of its attempts from a "
                      "Jaeger query service, stores them into the run and joins it again. Traces "
                      "already in the run are skipped, so fetching again resumes. Traces Jaeger does "
                      "not have lower the join coverage; they are not errors.")
                       .arg(runId),
                   this);
    intro->setWordWrap(true);

    const QSettings settings;
    m_url->setObjectName(QStringLiteral("jaegerUrl"));
    m_url->setPlaceholderText(QStringLiteral("http://localhost:16686"));
    m_url->setText(settings.value(QLatin1String(kUrlKey)).toString());
    m_url->setToolTip(tr("The Jaeger query service (its UI's address, port 16686 by default); requests go to "
                         "/api/traces/ID"));
    m_service->setObjectName(QStringLiteral("jaegerService"));
    m_service->setPlaceholderText(tr("every service"));
    m_service->setText(settings.value(QLatin1String(kServiceKey)).toString());
    m_service->setToolTip(tr("Keep only spans of this service, e.g. the LLM server when its traces also hold "
                             "other services' spans"));
    m_concurrency->setObjectName(QStringLiteral("jaegerConcurrency"));
    m_concurrency->setRange(1, 64);
    m_concurrency->setValue(pb::fetch::FetchOptions{}.concurrency);

    auto* form = new QFormLayout;
    form->addRow(tr("Jaeger URL:"), m_url);
    form->addRow(tr("Service:"), m_service);
    form->addRow(tr("Requests in flight:"), m_concurrency);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Fetch"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_url, &QLineEdit::textChanged, this, [this, buttons] {
        const QString url = m_url->text().trimmed();
        buttons->button(QDialogButtonBox::Ok)
            ->setEnabled(url.startsWith(QLatin1String("http://")) ||
                         url.startsWith(QLatin1String("https://")));
    });
    Q_EMIT m_url->textChanged(m_url->text());

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

pb::fetch::FetchOptions FetchTracesDialog::options() const
{
    QSettings settings;
    settings.setValue(QLatin1String(kUrlKey), m_url->text().trimmed());
    settings.setValue(QLatin1String(kServiceKey), m_service->text().trimmed());
    pb::fetch::FetchOptions o;
    o.jaegerUrl = m_url->text().trimmed().toStdString();
    o.service = m_service->text().trimmed().toStdString();
    o.concurrency = m_concurrency->value();
    return o;
}

} // namespace pb::ui
