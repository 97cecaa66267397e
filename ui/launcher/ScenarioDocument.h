// The scenario the run launcher edits: its JSON object in the format of
// docs/scenario.md. The object is the source of truth, so keys the form does
// not show (prompts, retries, headers) survive a round trip; the form reads
// and writes single keys by dotted path. core's parser decides what is valid.
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <memory>

namespace pb::load {
struct Scenario;
}

namespace pb::ui {

class ScenarioDocument
{
public:
    // A streaming chat scenario at a constant arrival rate, for the built-in
    // demo gateway or any OpenAI-compatible endpoint.
    static ScenarioDocument defaultScenario();

    // Parses JSON text; on failure returns false with `error` naming the
    // line and column. Does not check the scenario's keys (see check()).
    bool setJson(const QByteArray& json, QString* error);
    QByteArray toJson() const;

    bool load(const QString& path, QString* error);
    bool save(const QString& path, QString* error) const;

    const QJsonObject& object() const { return m_object; }

    // "target.base_url": the value, or Undefined.
    QJsonValue value(const QString& path) const;
    // Sets the value at `path`, creating objects on the way; an Undefined or
    // Null value removes the key.
    void setValue(const QString& path, const QJsonValue& value);

    // The file the scenario was loaded from or saved to; relative prompt and
    // budget files resolve against its folder.
    QString filePath() const { return m_filePath; }
    void setFilePath(const QString& path) { m_filePath = path; }

    // The scenario as core reads it, or null with `error` naming the file
    // and the JSON path of the first problem.
    std::shared_ptr<const load::Scenario> check(QString* error) const;

private:
    QJsonObject m_object;
    QString m_filePath;
};

} // namespace pb::ui
