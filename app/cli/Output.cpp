#include "cli/Output.h"

#include "store/RunStore.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <iomanip>
#include <sstream>

#include <ostream>

namespace pb::cli {

QString tr(const char* text)
{
    return QCoreApplication::translate("pb::cli", text);
}

std::string toStd(const QString& s)
{
    return s.toStdString();
}

std::string cell(const QString& text, int width)
{
    return (text.size() >= width ? text + QLatin1Char(' ') : text.leftJustified(width)).toStdString();
}

std::string cell(const std::string& utf8, int width)
{
    return cell(QString::fromStdString(utf8), width);
}

void print(std::ostream& os, const QString& s)
{
    os << s.toStdString() << '\n';
}

std::string fixed(double v, int digits)
{
    std::ostringstream os;
    os << std::fixed << std::setprecision(digits) << v;
    return os.str();
}

void setupParser(QCommandLineParser& parser, const QString& description, bool withJson)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addOption({QStringLiteral("db"), tr("Workbench file (.phasebench)."), tr("FILE")});
    if (withJson) {
        parser.addOption({QStringLiteral("json"), tr("Print machine-readable JSON.")});
    }
}

std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& args, Io& io, bool requireDb)
{
    if (!parser.parse(args)) {
        print(io.err, parser.errorText());
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        print(io.out, parser.helpText());
        return Ok;
    }
    if (requireDb && !parser.isSet(QStringLiteral("db"))) {
        print(io.err, tr("missing --db FILE"));
        return Usage;
    }
    return std::nullopt;
}

std::unique_ptr<RunStore> openStore(const QCommandLineParser& parser, Io& io, bool create)
{
    const auto path = toStd(parser.value(QStringLiteral("db")));
    try {
        if (!create && !QFileInfo::exists(QString::fromStdString(path))) {
            print(io.err, tr("no workbench file at '%1'").arg(QString::fromStdString(path)));
            return nullptr;
        }
        auto store = std::make_unique<RunStore>(path, RunStore::Mode::ReadWrite);
        if (store->isReadOnly() && create) {
            print(io.err, tr("'%1' is read-only (file or folder permissions, or read-only media); this "
                             "command writes to it. Copy it somewhere writable, or choose another file.")
                              .arg(QString::fromStdString(path)));
            return nullptr;
        }
        return store;
    } catch (const StoreError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return nullptr;
    }
}

std::optional<std::int64_t> runIdOption(const QCommandLineParser& parser, const char* name, Io& io)
{
    bool ok = false;
    const auto id = parser.value(QLatin1String(name)).toLongLong(&ok);
    if (!ok) {
        print(io.err, tr("--%1 expects a run id").arg(QLatin1String(name)));
        return std::nullopt;
    }
    return id;
}

std::optional<std::int64_t> chooseRun(const QCommandLineParser& parser, RunStore& store, Io& io)
{
    if (parser.isSet(QStringLiteral("run"))) {
        return runIdOption(parser, "run", io);
    }
    const auto runs = store.runs();
    if (runs.size() != 1) {
        print(io.err, tr("the file has %1 runs: name one with --run ID").arg(runs.size()));
        return std::nullopt;
    }
    return runs.front().id;
}

std::string jsonText(const nlohmann::json& j)
{
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace pb::cli
