// The run launcher: edit or open a scenario (target, executor, rates or
// stages, request profile, budgets), choose the built-in demo gateway or a
// real endpoint (the API key stays in the environment variable the scenario
// names), start and stop the run, and watch it live: progress, achieved
// rate, requests in flight, the interval's TTFT p95 and dropped iterations.
// The OTLP receiver's address is shown so a server's exporter can point at
// it. The page only asks for a launch (launchRequested); the main window
// owns the workbench and the RunController that runs it.
#pragma once

#include "RunController.h"
#include "ScenarioDocument.h"
#include "capacity/CapacitySearch.h"
#include "session/SessionOptions.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTabWidget;
class QTableView;

namespace pb::ui {

class CapacityBox;
class LivePlot;
class StagesModel;

class LauncherPage : public QWidget
{
    Q_OBJECT
public:
    explicit LauncherPage(QWidget* parent = nullptr);

    // Follows `controller`'s runs: addresses, progress, live charts, state.
    void setController(RunController* controller);

    // The scenario as the form and the JSON editor have it now.
    const ScenarioDocument& document() const { return m_doc; }
    void setDocument(const ScenarioDocument& doc);
    bool openScenario(const QString& path);
    bool saveScenario(const QString& path);

    // What a launch would run, or nothing with `error` saying what is wrong
    // (core's message naming the JSON path, or an unset key variable).
    std::optional<session::MeasuredRunOptions> launchSettings(QString* error) const;
    // A capacity search of the scenario (the capacity box checked), or
    // nothing with `error` saying why (no budgets, a closed model, …).
    std::optional<capacity::CapacityOptions> capacitySettings(QString* error) const;
    // Checks the form and emits launchRequested; false (with the error
    // shown on the page) when the scenario is not valid.
    bool start();

    bool useDemoGateway() const;
    void setUseDemoGateway(bool demo);

Q_SIGNALS:
    void launchRequested(const pb::session::MeasuredRunOptions& settings);
    void capacityRequested(const pb::capacity::CapacityOptions& settings);
    void stopRequested();

private:
    QWidget* createForm();
    void openDialog();
    void saveDialog();
    void formEdited();
    void showDocument(); // document -> form and JSON text
    bool applyJson();    // JSON text -> document; false on a parse error
    void updateExecutorFields();
    void setBusy(bool busy);
    void showError(const QString& message);
    void onStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId,
                   const QString& otlpGrpcEndpoint);

    ScenarioDocument m_doc;
    RunController* m_controller = nullptr;
    bool m_updating = false;

    QRadioButton* m_demoTarget;
    QRadioButton* m_endpointTarget;
    QLineEdit* m_name;
    QLineEdit* m_baseUrl;
    QComboBox* m_api;
    QLineEdit* m_model;
    QLineEdit* m_keyEnv;
    QCheckBox* m_tlsVerify;
    QCheckBox* m_stream;
    QSpinBox* m_maxTokens;
    QComboBox* m_executor;
    QDoubleSpinBox* m_rate;
    QLineEdit* m_duration;
    QSpinBox* m_vus;
    QSpinBox* m_maxInFlight;
    QLineEdit* m_warmup;
    StagesModel* m_stages;
    QTableView* m_stagesView;
    QWidget* m_stagesBox;
    QLineEdit* m_budgets;
    CapacityBox* m_capacity;
    QLineEdit* m_receiverBind;
    QSpinBox* m_receiverPort;
    QSpinBox* m_grpcPort;
    QTabWidget* m_editorTabs;
    QPlainTextEdit* m_json;
    QPushButton* m_start;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    QLabel* m_state;
    QLabel* m_error;
    QLabel* m_receiver;
    LivePlot* m_plot;
    QString m_capacityState; // the capacity search's stage, shown before the live counts
};

} // namespace pb::ui
