#include "ScenarioDocument.h"

#include "load/Scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <exception>

namespace pb::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("pb::ui::ScenarioDocument", text);
}

// Line and column of a byte offset, for parse errors.
QString position(const QByteArray& text, qsizetype offset)
{
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return tr("line %1, column %2").arg(line).arg(offset - lineStart + 1);
}

QJsonObject setIn(QJsonObject object, const QStringList& keys, int i, const QJsonValue& value)
{
    const QString& key = keys[i];
    if (i + 1 == keys.size()) {
        if (value.isUndefined() || value.isNull()) {
            object.remove(key);
        } else {
            object.insert(key, value);
        }
        return object;
    }
    object.insert(key, setIn(object.value(key).toObject(), keys, i + 1, value));
    return object;
}

} // namespace

ScenarioDocument ScenarioDocument::defaultScenario()
{
    ScenarioDocument doc;
    const QJsonArray shortPrompts{QStringLiteral("Explain a hash table in 120 words."),
                                  QStringLiteral("List three uses of a queue."),
                                  QStringLiteral("What is TCP slow start?")};
    doc.m_object = QJsonObject{
        {QStringLiteral("name"), QStringLiteral("launch")},
        {QStringLiteral("target"),
         QJsonObject{{QStringLiteral("base_url"), QStringLiteral("http://127.0.0.1:8000")},
                     {QStringLiteral("api"), QStringLiteral("chat")},
                     {QStringLiteral("model"), QStringLiteral("demo-llm")},
                     {QStringLiteral("api_key_env"), QStringLiteral("PHASEBENCH_API_KEY")}}},
        {QStringLiteral("request"),
         QJsonObject{
             {QStringLiteral("prompts"),
              QJsonArray{QJsonObject{{QStringLiteral("bucket"), QStringLiteral("input_0_512")},
                                     {QStringLiteral("weight"), 1},
                                     {QStringLiteral("output_bucket"), QStringLiteral("output_0_256")},
                                     {QStringLiteral("prompts"), shortPrompts}}}},
             {QStringLiteral("max_tokens"), 64},
             {QStringLiteral("temperature"), 0},
             {QStringLiteral("stream"), true},
             {QStringLiteral("include_usage"), true}}},
        {QStringLiteral("executor"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("constant-arrival-rate")},
                     {QStringLiteral("rate"), 6},
                     {QStringLiteral("duration"), QStringLiteral("20s")},
                     {QStringLiteral("pre_allocated"), 20},
                     {QStringLiteral("max_in_flight"), 100}}},
        {QStringLiteral("warmup"), QStringLiteral("2s")},
        {QStringLiteral("graceful_stop"), QStringLiteral("15s")},
        {QStringLiteral("timeout"), QStringLiteral("30s")},
    };
    return doc;
}

bool ScenarioDocument::setJson(const QByteArray& json, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error != nullptr) {
            *error = tr("%1: %2").arg(position(json, parseError.offset), parseError.errorString());
        }
        return false;
    }
    if (!doc.isObject()) {
        if (error != nullptr) {
            *error = tr("A scenario is a JSON object ({ … }).");
        }
        return false;
    }
    m_object = doc.object();
    return true;
}

QByteArray ScenarioDocument::toJson() const
{
    return QJsonDocument(m_object).toJson(QJsonDocument::Indented);
}

bool ScenarioDocument::load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error != nullptr) {
            *error = tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        }
        return false;
    }
    QString parseError;
    if (!setJson(file.readAll(), &parseError)) {
        if (error != nullptr) {
            *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), parseError);
        }
        return false;
    }
    m_filePath = path;
    return true;
}

bool ScenarioDocument::save(const QString& path, QString* error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(toJson()) < 0 || !file.commit()) {
        if (error != nullptr) {
            *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        }
        return false;
    }
    return true;
}

QJsonValue ScenarioDocument::value(const QString& path) const
{
    const QStringList keys = path.split(QLatin1Char('.'));
    QJsonValue v = m_object;
    for (const QString& key : keys) {
        if (!v.isObject()) {
            return QJsonValue(QJsonValue::Undefined);
        }
        v = v.toObject().value(key);
    }
    return v;
}

void ScenarioDocument::setValue(const QString& path, const QJsonValue& value)
{
    m_object = setIn(m_object, path.split(QLatin1Char('.')), 0, value);
}

std::shared_ptr<const load::Scenario> ScenarioDocument::check(QString* error) const
{
    const QFileInfo info(m_filePath);
    const std::string file = m_filePath.isEmpty() ? std::string("scenario") : info.fileName().toStdString();
    const std::string baseDir =
        m_filePath.isEmpty() ? QDir::currentPath().toStdString() : info.absolutePath().toStdString();
    try {
        const QByteArray json = QJsonDocument(m_object).toJson(QJsonDocument::Compact);
        return std::make_shared<const load::Scenario>(
            load::parseScenario(std::string_view(json.constData(), std::size_t(json.size())), file, baseDir));
    } catch (const std::exception& e) {
        if (error != nullptr) {
            *error = QString::fromStdString(e.what());
        }
        return nullptr;
    }
}

} // namespace pb::ui
