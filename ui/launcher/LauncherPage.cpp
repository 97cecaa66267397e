#include "LauncherPage.h"

#include "CapacityBox.h"
#include "LivePlot.h"
#include "StagesModel.h"
#include "TableCopy.h"
#include "budget/Budget.h"
#include "load/Scenario.h"
#include "telemetry/ExporterSettings.h"
#include "util/DataDir.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace pb::ui {

namespace {

const QString kConstantRate = QStringLiteral("constant-arrival-rate");
const QString kRamping = QStringLiteral("ramping-arrival-rate");
const QString kStepped = QStringLiteral("stepped-arrival-rate");
const QString kVus = QStringLiteral("constant-vus");

// The executor keys each type accepts (docs/scenario.md); others are removed
// on a type change, since core refuses unknown keys.
QStringList executorKeys(const QString& type)
{
    if (type == kConstantRate) {
        return {QStringLiteral("type"),     QStringLiteral("rate"),          QStringLiteral("time_unit"),
                QStringLiteral("duration"), QStringLiteral("pre_allocated"), QStringLiteral("max_in_flight"),
                QStringLiteral("stage")};
    }
    if (type == kVus) {
        return {QStringLiteral("type"), QStringLiteral("vus"), QStringLiteral("duration")};
    }
    return {QStringLiteral("type"),   QStringLiteral("start_rate"),    QStringLiteral("time_unit"),
            QStringLiteral("stages"), QStringLiteral("pre_allocated"), QStringLiteral("max_in_flight")};
}

QString settingsKey(const char* name)
{
    return QStringLiteral("launcher/") + QLatin1String(name);
}

} // namespace

LauncherPage::LauncherPage(QWidget* parent)
    : QWidget(parent)
    , m_doc(ScenarioDocument::defaultScenario())
    , m_stages(new StagesModel(this))
    , m_editorTabs(new QTabWidget)
    , m_json(new QPlainTextEdit)
    , m_start(new QPushButton(tr("&Start Run")))
    , m_stop(new QPushButton(tr("S&top")))
    , m_progress(new QProgressBar)
    , m_state(new QLabel)
    , m_error(new QLabel)
    , m_receiver(new QLabel)
    , m_plot(new LivePlot)
{
    auto* open = new QPushButton(tr("&Open Scenario…"));
    auto* save = new QPushButton(tr("Save Scenario &As…"));
    connect(open, &QPushButton::clicked, this, &LauncherPage::openDialog);
    connect(save, &QPushButton::clicked, this, &LauncherPage::saveDialog);
    connect(m_start, &QPushButton::clicked, this, &LauncherPage::start);
    connect(m_stop, &QPushButton::clicked, this, &LauncherPage::stopRequested);
    m_start->setObjectName(QStringLiteral("launchStart"));
    m_stop->setObjectName(QStringLiteral("launchStop"));
    m_editorTabs->setObjectName(QStringLiteral("launcherEditorTabs"));
    m_json->setObjectName(QStringLiteral("launcherJson"));
    m_progress->setObjectName(QStringLiteral("launcherProgress"));
    m_state->setObjectName(QStringLiteral("launcherState"));
    m_error->setObjectName(QStringLiteral("launcherError"));
    m_receiver->setObjectName(QStringLiteral("launcherReceiver"));
    m_plot->setObjectName(QStringLiteral("livePlot"));
    m_start->setToolTip(tr("Start the run (Ctrl+Return)"));
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_stop->setEnabled(false);

    auto* scroll = new QScrollArea;
    scroll->setWidget(createForm());
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_editorTabs->addTab(scroll, tr("Form"));
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_json->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editorTabs->addTab(m_json, tr("JSON"));
    connect(m_editorTabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_updating) {
            return;
        }
        if (index == 1) {
            showDocument();
        } else if (!applyJson()) {
            // Stay in the editor until the JSON parses.
            m_updating = true;
            m_editorTabs->setCurrentIndex(1);
            m_updating = false;
        }
    });

    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->hide();
    m_receiver->setWordWrap(true);
    m_receiver->setText(tr("The OTLP receivers (gRPC and HTTP) start with the run; their addresses and the "
                           "exporter settings for vLLM appear here so that a server's exporter can be "
                           "pointed at them."));
    m_receiver->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Not running"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(save);
    buttons->addStretch();
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_editorTabs, 1);
    leftLayout->addWidget(m_error);
    leftLayout->addLayout(buttons);

    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_receiver);
    rightLayout->addWidget(m_progress);
    rightLayout->addWidget(m_state);
    rightLayout->addWidget(m_plot, 1);

    auto* splitter = new QSplitter;
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    // The live charts get the larger half; the form scrolls.
    splitter->setSizes({600, 700});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    // The last scenario edited here comes back with the window.
    const QSettings settings;
    ScenarioDocument remembered;
    if (remembered.setJson(settings.value(settingsKey("scenario")).toByteArray(), nullptr)) {
        remembered.setFilePath(settings.value(settingsKey("scenarioPath")).toString());
        m_doc = remembered;
    }
    m_demoTarget->setChecked(settings.value(settingsKey("demoGateway"), true).toBool());
    m_endpointTarget->setChecked(!m_demoTarget->isChecked());
    m_receiverPort->setValue(settings.value(settingsKey("receiverPort"), session::kOtlpHttpPort).toInt());
    m_grpcPort->setValue(settings.value(settingsKey("grpcPort"), session::kOtlpGrpcPort).toInt());
    showDocument();
    setBusy(false);
}

QWidget* LauncherPage::createForm()
{
    auto* form = new QWidget;
    auto* layout = new QVBoxLayout(form);

    auto* target = new QGroupBox(tr("Target"));
    auto* targetForm = new QFormLayout(target);
    m_demoTarget = new QRadioButton(tr("Built-in demo gateway (loopback, with its own spans)"));
    m_endpointTarget = new QRadioButton(tr("Endpoint (OpenAI-compatible)"));
    m_name = new QLineEdit;
    m_baseUrl = new QLineEdit;
    m_baseUrl->setPlaceholderText(QStringLiteral("https://api.example.com"));
    m_api = new QComboBox;
    m_api->addItem(tr("Chat completions (/v1/chat/completions)"), QStringLiteral("chat"));
    m_api->addItem(tr("Responses (/v1/responses)"), QStringLiteral("responses"));
    m_model = new QLineEdit;
    m_model->setObjectName(QStringLiteral("launcherModel"));
    m_keyEnv = new QLineEdit;
    m_keyEnv->setObjectName(QStringLiteral("launcherKeyEnv"));
    m_keyEnv->setPlaceholderText(QStringLiteral("OPENAI_API_KEY"));
    m_keyEnv->setToolTip(tr("The name of the environment variable that holds the API key. The key itself is "
                            "never typed here, saved in the scenario or stored with the run."));
    m_tlsVerify = new QCheckBox(tr("Verify the server's TLS certificate"));
    targetForm->addRow(m_demoTarget);
    targetForm->addRow(m_endpointTarget);
    targetForm->addRow(tr("Scenario name:"), m_name);
    targetForm->addRow(tr("Base URL:"), m_baseUrl);
    targetForm->addRow(tr("API:"), m_api);
    targetForm->addRow(tr("Model:"), m_model);
    targetForm->addRow(tr("API key variable:"), m_keyEnv);
    targetForm->addRow(m_tlsVerify);
    layout->addWidget(target);

    auto* request = new QGroupBox(tr("Request profile"));
    auto* requestForm = new QFormLayout(request);
    m_stream = new QCheckBox(tr("Stream the response (SSE)"));
    m_maxTokens = new QSpinBox;
    m_maxTokens->setRange(0, 1'000'000);
    m_maxTokens->setSpecialValueText(tr("not sent"));
    requestForm->addRow(m_stream);
    requestForm->addRow(tr("max_tokens:"), m_maxTokens);
    requestForm->addRow(
        new QLabel(tr("Prompt sets and their input-length buckets: edit them in the JSON tab.")));
    layout->addWidget(request);

    auto* executor = new QGroupBox(tr("Executor"));
    auto* executorForm = new QFormLayout(executor);
    m_executor = new QComboBox;
    m_executor->setObjectName(QStringLiteral("launcherExecutor"));
    m_executor->addItem(tr("Constant arrival rate (open)"), kConstantRate);
    m_executor->addItem(tr("Stepped arrival rate (open, per-stage figures)"), kStepped);
    m_executor->addItem(tr("Ramping arrival rate (open)"), kRamping);
    m_executor->addItem(tr("Constant virtual users (closed, for comparison)"), kVus);
    m_rate = new QDoubleSpinBox;
    m_rate->setObjectName(QStringLiteral("launcherRate"));
    m_rate->setRange(0.01, 100'000);
    m_rate->setDecimals(2);
    m_rate->setSuffix(tr(" req/s"));
    m_duration = new QLineEdit;
    m_duration->setObjectName(QStringLiteral("launcherDuration"));
    m_duration->setPlaceholderText(QStringLiteral("1m30s"));
    m_vus = new QSpinBox;
    m_vus->setRange(1, 10'000);
    m_maxInFlight = new QSpinBox;
    m_maxInFlight->setRange(1, 100'000);
    m_warmup = new QLineEdit;
    m_warmup->setPlaceholderText(QStringLiteral("15s"));
    m_stagesView = new QTableView;
    m_stagesView->setObjectName(QStringLiteral("launcherStages"));
    m_stagesView->setModel(m_stages);
    enableCsvCopy(m_stagesView);
    m_stagesView->horizontalHeader()->setStretchLastSection(true);
    m_stagesView->setMinimumHeight(110);
    auto* addStage = new QPushButton(tr("Add Stage"));
    auto* removeStage = new QPushButton(tr("Remove Stage"));
    connect(addStage, &QPushButton::clicked, m_stages, &StagesModel::appendStage);
    connect(removeStage, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_stagesView->currentIndex();
        m_stages->removeRows(current.isValid() ? current.row() : m_stages->rowCount() - 1, 1);
    });
    m_stagesBox = new QWidget;
    auto* stagesLayout = new QVBoxLayout(m_stagesBox);
    stagesLayout->setContentsMargins(0, 0, 0, 0);
    stagesLayout->addWidget(m_stagesView);
    auto* stageButtons = new QHBoxLayout;
    stageButtons->addWidget(addStage);
    stageButtons->addWidget(removeStage);
    stageButtons->addStretch();
    stagesLayout->addLayout(stageButtons);
    // Long entries must not widen the form beyond its half of the page.
    for (QComboBox* box : {m_api, m_executor}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(18);
    }
    executorForm->addRow(tr("Type:"), m_executor);
    executorForm->addRow(tr("Arrival rate:"), m_rate);
    executorForm->addRow(tr("Duration:"), m_duration);
    executorForm->addRow(tr("Virtual users:"), m_vus);
    executorForm->addRow(tr("Stages:"), m_stagesBox);
    executorForm->addRow(tr("Max in flight:"), m_maxInFlight);
    executorForm->addRow(tr("Warm-up:"), m_warmup);
    layout->addWidget(executor);

    auto* budgets = new QGroupBox(tr("Budgets (set before the run)"));
    auto* budgetsLayout = new QHBoxLayout(budgets);
    m_budgets = new QLineEdit;
    m_budgets->setPlaceholderText(tr("Budget file (JSON, docs/budgets.md); none when empty"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString start =
            m_budgets->text().isEmpty()
                ? dataSubdirectory(QCoreApplication::applicationDirPath(), QStringLiteral("budgets"))
                : m_budgets->text();
        const QString path = QFileDialog::getOpenFileName(this, tr("Budget File"), start,
                                                          tr("Budget files (*.json);;All files (*)"));
        if (!path.isEmpty()) {
            m_budgets->setText(path);
            formEdited();
        }
    });
    budgetsLayout->addWidget(m_budgets, 1);
    budgetsLayout->addWidget(browse);
    layout->addWidget(budgets);
    m_capacity = new CapacityBox;
    connect(m_capacity, &QGroupBox::toggled, this,
            [this](bool on) { m_start->setText(on ? tr("&Start Search") : tr("&Start Run")); });
    layout->addWidget(m_capacity);

    auto* receiver = new QGroupBox(tr("OTLP receiver (server spans)"));
    auto* receiverForm = new QFormLayout(receiver);
    m_receiverBind = new QLineEdit(QStringLiteral("127.0.0.1"));
    m_receiverPort = new QSpinBox;
    m_receiverPort->setObjectName(QStringLiteral("launcherReceiverPort"));
    m_receiverPort->setRange(0, 65535);
    m_receiverPort->setSpecialValueText(tr("any free port"));
    // vLLM and most collectors export over gRPC: its receiver runs beside the HTTP one.
    m_grpcPort = new QSpinBox;
    m_grpcPort->setObjectName(QStringLiteral("launcherGrpcPort"));
    m_grpcPort->setRange(0, 65535);
    m_grpcPort->setSpecialValueText(tr("off"));
    receiverForm->addRow(tr("Listen on:"), m_receiverBind);
    receiverForm->addRow(tr("OTLP/HTTP port:"), m_receiverPort);
    receiverForm->addRow(tr("OTLP/gRPC port:"), m_grpcPort);
    layout->addWidget(receiver);
    layout->addStretch();

    for (QLineEdit* edit : {m_name, m_baseUrl, m_model, m_keyEnv, m_duration, m_warmup, m_budgets}) {
        connect(edit, &QLineEdit::editingFinished, this, &LauncherPage::formEdited);
    }
    for (QCheckBox* box : {m_tlsVerify, m_stream}) {
        connect(box, &QCheckBox::toggled, this, &LauncherPage::formEdited);
    }
    for (QComboBox* box : {m_api, m_executor}) {
        connect(box, &QComboBox::currentIndexChanged, this, &LauncherPage::formEdited);
    }
    for (QSpinBox* spin : {m_maxTokens, m_vus, m_maxInFlight}) {
        connect(spin, &QSpinBox::valueChanged, this, &LauncherPage::formEdited);
    }
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, &LauncherPage::formEdited);
    connect(m_stages, &StagesModel::stagesEdited, this, &LauncherPage::formEdited);
    connect(m_demoTarget, &QRadioButton::toggled, this, [this](bool demo) {
        m_baseUrl->setEnabled(!demo);
        m_tlsVerify->setEnabled(!demo);
        m_receiverPort->setEnabled(!demo);
        m_grpcPort->setEnabled(!demo);
        m_receiverBind->setEnabled(!demo);
    });
    return form;
}

void LauncherPage::setController(RunController* controller)
{
    m_controller = controller;
    connect(controller, &RunController::busyChanged, this, &LauncherPage::setBusy);
    connect(controller, &RunController::started, this, &LauncherPage::onStarted);
    connect(controller, &RunController::livePoint, m_plot, &LivePlot::addPoint);
    connect(controller, &RunController::sampled, this,
            [this](qint64 elapsedMs, qint64 plannedMs, qint64 completed, qint64 failed, qint64 dropped) {
                m_progress->setRange(0, int(qMax<qint64>(plannedMs, 1)));
                m_progress->setValue(int(qMin(elapsedMs, plannedMs)));
                m_progress->setFormat(tr("%1 / %2 s").arg(elapsedMs / 1000).arg(plannedMs / 1000));
                const QString stage =
                    m_capacityState.isEmpty() ? QString() : m_capacityState + QLatin1Char(' ');
                m_state->setText(stage + tr("Run %1: completed %L2, failed %L3, dropped %L4")
                                             .arg(m_controller->runId())
                                             .arg(completed)
                                             .arg(failed)
                                             .arg(dropped));
            });
    connect(controller, &RunController::finished, this, [this](qint64 runId) {
        m_progress->setValue(m_progress->maximum());
        m_progress->setFormat(tr("Finished"));
        if (const auto* result = m_controller->capacityResult()) {
            m_state->setText(CapacityBox::answerText(*result));
        } else {
            m_state->setText(tr("Run %1 finished: its figures are on the other pages.").arg(runId));
        }
    });
    connect(controller, &RunController::capacityStage, this,
            [this](const QString& stage, double rate, bool decided, const QString& verdict) {
                m_capacityState = decided ? tr("Stage %1 %2.").arg(stage, CapacityBox::verdictText(verdict))
                                          : tr("Stage %1: %2 req/s…").arg(stage).arg(rate);
                m_state->setText(m_capacityState);
            });
    connect(controller, &RunController::failed, this, [this](const QString& message) {
        m_progress->setFormat(tr("Failed"));
        showError(message);
    });
    setBusy(controller->isRunning());
}

void LauncherPage::setDocument(const ScenarioDocument& doc)
{
    m_doc = doc;
    showDocument();
}

bool LauncherPage::openScenario(const QString& path)
{
    ScenarioDocument doc;
    QString error;
    if (!doc.load(path, &error)) {
        showError(error);
        return false;
    }
    setDocument(doc);
    // A scenario file names a real endpoint; the demo gateway is a choice made here.
    setUseDemoGateway(false);
    showError({});
    return true;
}

bool LauncherPage::saveScenario(const QString& path)
{
    if (m_editorTabs->currentIndex() == 1 && !applyJson()) {
        return false;
    }
    QString error;
    if (!m_doc.save(path, &error)) {
        showError(error);
        return false;
    }
    m_doc.setFilePath(path);
    QSettings().setValue(settingsKey("scenarioPath"), path);
    showError({});
    return true;
}

bool LauncherPage::useDemoGateway() const
{
    return m_demoTarget->isChecked();
}

void LauncherPage::setUseDemoGateway(bool demo)
{
    (demo ? m_demoTarget : m_endpointTarget)->setChecked(true);
}

std::optional<session::MeasuredRunOptions> LauncherPage::launchSettings(QString* error) const
{
    ScenarioDocument doc = m_doc;
    if (m_editorTabs->currentIndex() == 1 && !doc.setJson(m_json->toPlainText().toUtf8(), error)) {
        return std::nullopt;
    }
    auto scenario = doc.check(error);
    if (!scenario) {
        return std::nullopt;
    }
    const bool demo = useDemoGateway();
    const QString keyEnv = QString::fromStdString(scenario->target.apiKeyEnv);
    if (!demo && !keyEnv.isEmpty() && !qEnvironmentVariableIsSet(keyEnv.toLocal8Bit().constData())) {
        if (error != nullptr) {
            *error =
                tr("The environment variable %1, which should hold the API key, is not set. Set it in the "
                   "environment Phasebench starts from, or clear the API key variable for an endpoint "
                   "without authentication.")
                    .arg(keyEnv);
        }
        return std::nullopt;
    }
    session::MeasuredRunOptions settings;
    settings.scenario = *scenario;
    settings.runName = scenario->name;
    if (demo) {
        settings.gateway = session::GatewayOptions{};
    }
    // The demo gateway's spans go to a loopback receiver on any free port; a
    // real endpoint's exporter is pointed where the form says.
    settings.receiver = session::ReceiverOptions{};
    if (!demo) {
        settings.receiver->bind = m_receiverBind->text().trimmed().toStdString();
        settings.receiver->port = m_receiverPort->value();
        settings.receiver->grpcPort = m_grpcPort->value() == 0 ? session::kReceiverOff : m_grpcPort->value();
    }
    return settings;
}

std::optional<capacity::CapacityOptions> LauncherPage::capacitySettings(QString* error) const
{
    const auto settings = launchSettings(error);
    if (!settings) {
        return std::nullopt;
    }
    const auto& scenario = *settings->scenario;
    if (scenario.budgetsJson.empty()) {
        if (error != nullptr) {
            *error = tr("A capacity search decides each stage by budgets: choose a budget file.");
        }
        return std::nullopt;
    }
    capacity::CapacityOptions options;
    options.scenario = scenario;
    options.budgets = budget::parseBudgets(scenario.budgetsJson, "budgets");
    options.budgetsSource = "the scenario's budgets";
    options.runName = scenario.name + " (capacity)";
    options.gateway = settings->gateway;
    options.receiver = settings->receiver;
    options.plan = m_capacity->plan();
    if (const auto problem = capacity::CapacitySearch(options).checkOptions(); !problem.empty()) {
        if (error != nullptr) {
            *error = QString::fromStdString(problem);
        }
        return std::nullopt;
    }
    return options;
}

bool LauncherPage::start()
{
    if (m_controller != nullptr && m_controller->isRunning()) {
        return false;
    }
    QString error;
    const bool search = m_capacity->searchMode();
    std::optional<capacity::CapacityOptions> searchSettings;
    std::optional<session::MeasuredRunOptions> settings;
    if (search) {
        searchSettings = capacitySettings(&error);
    } else {
        settings = launchSettings(&error);
    }
    if (!settings && !searchSettings) {
        showError(error);
        return false;
    }
    showError({});
    m_capacity->remember();
    m_capacityState.clear();
    QSettings stored;
    stored.setValue(settingsKey("scenario"), m_doc.toJson());
    stored.setValue(settingsKey("demoGateway"), useDemoGateway());
    stored.setValue(settingsKey("receiverPort"), m_receiverPort->value());
    stored.setValue(settingsKey("grpcPort"), m_grpcPort->value());
    m_plot->clearPoints();
    m_progress->setRange(0, 0); // busy until the first sample
    m_state->setText(tr("Starting…"));
    if (searchSettings) {
        Q_EMIT capacityRequested(*searchSettings);
    } else {
        Q_EMIT launchRequested(*settings);
    }
    return true;
}

void LauncherPage::formEdited()
{
    if (m_updating) {
        return;
    }
    auto text = [](QLineEdit* edit) {
        return edit->text().trimmed();
    };
    auto setText = [this](const QString& path, const QString& value) {
        m_doc.setValue(path, value.isEmpty() ? QJsonValue() : QJsonValue(value));
    };
    setText(QStringLiteral("name"), text(m_name));
    setText(QStringLiteral("target.base_url"), text(m_baseUrl));
    m_doc.setValue(QStringLiteral("target.api"), m_api->currentData().toString());
    setText(QStringLiteral("target.model"), text(m_model));
    setText(QStringLiteral("target.api_key_env"), text(m_keyEnv));
    m_doc.setValue(QStringLiteral("target.tls_verify"), m_tlsVerify->isChecked() ? QJsonValue() : false);
    m_doc.setValue(QStringLiteral("request.stream"), m_stream->isChecked());
    m_doc.setValue(QStringLiteral("request.max_tokens"),
                   m_maxTokens->value() > 0 ? QJsonValue(m_maxTokens->value()) : QJsonValue());
    setText(QStringLiteral("warmup"), text(m_warmup));
    setText(QStringLiteral("budgets"), text(m_budgets));

    const QString type = m_executor->currentData().toString();
    QJsonObject executor = m_doc.value(QStringLiteral("executor")).toObject();
    const QStringList keys = executorKeys(type);
    for (const QString& key : executor.keys()) {
        if (!keys.contains(key)) {
            executor.remove(key);
        }
    }
    executor.insert(QStringLiteral("type"), type);
    if (type == kVus) {
        executor.insert(QStringLiteral("vus"), m_vus->value());
    } else {
        executor.insert(QStringLiteral("max_in_flight"), m_maxInFlight->value());
    }
    if (type == kConstantRate) {
        executor.insert(QStringLiteral("rate"), m_rate->value());
    }
    if (type == kConstantRate || type == kVus) {
        executor.insert(QStringLiteral("duration"), text(m_duration));
    } else {
        if (m_stages->rowCount() == 0) {
            // A first ladder to edit: three steps doubling the rate.
            m_stages->setStages(QJsonArray{QJsonObject{{QStringLiteral("target"), 2},
                                                       {QStringLiteral("duration"), QStringLiteral("10s")}},
                                           QJsonObject{{QStringLiteral("target"), 4},
                                                       {QStringLiteral("duration"), QStringLiteral("10s")}},
                                           QJsonObject{{QStringLiteral("target"), 8},
                                                       {QStringLiteral("duration"), QStringLiteral("10s")}}});
        }
        executor.insert(QStringLiteral("stages"), m_stages->stages());
    }
    m_doc.setValue(QStringLiteral("executor"), executor);
    updateExecutorFields();
}

void LauncherPage::showDocument()
{
    m_updating = true;
    auto str = [this](const char* path) {
        return m_doc.value(QLatin1String(path)).toString();
    };
    m_name->setText(str("name"));
    m_baseUrl->setText(str("target.base_url"));
    const int api = m_api->findData(str("target.api").isEmpty() ? QStringLiteral("chat") : str("target.api"));
    m_api->setCurrentIndex(api < 0 ? 0 : api);
    m_model->setText(str("target.model"));
    m_keyEnv->setText(str("target.api_key_env"));
    m_tlsVerify->setChecked(m_doc.value(QStringLiteral("target.tls_verify")).toBool(true));
    m_stream->setChecked(m_doc.value(QStringLiteral("request.stream")).toBool(true));
    m_maxTokens->setValue(m_doc.value(QStringLiteral("request.max_tokens")).toInt(0));
    const QJsonValue warmup = m_doc.value(QStringLiteral("warmup"));
    m_warmup->setText(warmup.isDouble() ? QString::number(warmup.toDouble()) + QLatin1Char('s')
                                        : warmup.toString());
    m_budgets->setText(m_doc.value(QStringLiteral("budgets")).isObject() ? tr("(in the scenario)")
                                                                         : str("budgets"));
    const QJsonObject executor = m_doc.value(QStringLiteral("executor")).toObject();
    const int type = m_executor->findData(executor.value(QLatin1String("type")).toString());
    m_executor->setCurrentIndex(type < 0 ? 0 : type);
    m_rate->setValue(executor.value(QLatin1String("rate")).toDouble(1));
    const QJsonValue duration = executor.value(QLatin1String("duration"));
    m_duration->setText(duration.isDouble() ? QString::number(duration.toDouble()) + QLatin1Char('s')
                                            : duration.toString());
    m_vus->setValue(executor.value(QLatin1String("vus")).toInt(1));
    m_maxInFlight->setValue(executor.value(QLatin1String("max_in_flight")).toInt(100));
    m_stages->setStages(executor.value(QLatin1String("stages")).toArray());
    m_json->setPlainText(QString::fromUtf8(m_doc.toJson()));
    updateExecutorFields();
    m_updating = false;
}

bool LauncherPage::applyJson()
{
    ScenarioDocument doc = m_doc;
    QString error;
    if (!doc.setJson(m_json->toPlainText().toUtf8(), &error)) {
        showError(tr("JSON: %1").arg(error));
        return false;
    }
    m_doc = doc;
    showError({});
    showDocument();
    return true;
}

void LauncherPage::updateExecutorFields()
{
    const QString type = m_executor->currentData().toString();
    auto* form = qobject_cast<QFormLayout*>(m_rate->parentWidget()->layout());
    auto show = [form](QWidget* field, bool visible) {
        if (form != nullptr) {
            form->setRowVisible(field, visible);
        }
    };
    show(m_rate, type == kConstantRate);
    show(m_duration, type == kConstantRate || type == kVus);
    show(m_vus, type == kVus);
    show(m_stagesBox, type == kRamping || type == kStepped);
    show(m_maxInFlight, type != kVus);
}

void LauncherPage::setBusy(bool busy)
{
    m_start->setEnabled(!busy);
    m_stop->setEnabled(busy);
    m_editorTabs->setEnabled(!busy);
    if (!busy && m_progress->maximum() == 0) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
    }
}

void LauncherPage::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

void LauncherPage::onStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId,
                             const QString& otlpGrpcEndpoint)
{
    QStringList lines;
    if (!otlpGrpcEndpoint.isEmpty()) {
        lines << tr("OTLP/gRPC receiver: <b>%1</b>").arg(otlpGrpcEndpoint.toHtmlEscaped());
    }
    if (!otlpEndpoint.isEmpty()) {
        lines << tr("OTLP/HTTP receiver: <b>%1</b> (protobuf or JSON)").arg(otlpEndpoint.toHtmlEscaped());
    }
    if (!gatewayUrl.isEmpty()) {
        lines << tr("Demo gateway: %1").arg(gatewayUrl.toHtmlEscaped());
    } else {
        // The exact settings to paste into the server's environment.
        const auto env =
            pb::telemetry::exporterEnvironment(otlpGrpcEndpoint.toStdString(), otlpEndpoint.toStdString());
        const auto arg =
            pb::telemetry::vllmTracesArgument(otlpGrpcEndpoint.toStdString(), otlpEndpoint.toStdString());
        if (!env.empty()) {
            lines << tr("Point the server's exporter at it, e.g. for vLLM:") +
                         QStringLiteral("<pre>%1</pre>").arg(QString::fromStdString(env).toHtmlEscaped()) +
                         tr("or start vLLM with <code>%1</code>.")
                             .arg(QString::fromStdString(arg).toHtmlEscaped());
        }
    }
    m_receiver->setText(lines.join(QStringLiteral("<br>")));
    m_state->setText(tr("Run %1 started.").arg(runId));
}

void LauncherPage::openDialog()
{
    const QString last = QSettings().value(settingsKey("scenarioPath")).toString();
    // The example scenarios the first time.
    const QString dir =
        last.isEmpty() ? dataSubdirectory(QCoreApplication::applicationDirPath(), QStringLiteral("scenarios"))
                       : QFileInfo(last).absolutePath();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Scenario"), dir, tr("Scenarios (*.json);;All files (*)"));
    if (!path.isEmpty() && openScenario(path)) {
        QSettings().setValue(settingsKey("scenarioPath"), path);
    }
}

void LauncherPage::saveDialog()
{
    const QString suggested = m_doc.filePath().isEmpty()
                                  ? QDir::home().filePath(m_name->text() + QStringLiteral(".json"))
                                  : m_doc.filePath();
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save Scenario"), suggested, tr("Scenarios (*.json)"));
    if (!path.isEmpty()) {
        saveScenario(path);
    }
}

} // namespace pb::ui
