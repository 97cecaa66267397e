#include "cli/Output.h"

#include "session/SessionOptions.h"
#include "store/RunStore.h"
#include "util/SafeText.h"

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
    // Cells hold names from files: one line, no control characters.
    const QString t = QString::fromStdString(pb::safe::printable(text.toStdString()));
    return (t.size() >= width ? t + QLatin1Char(' ') : t.leftJustified(width)).toStdString();
}

QString shown(const std::string& utf8)
{
    return QString::fromStdString(pb::safe::printable(utf8));
}

PrintableBuf::~PrintableBuf()
{
    if (m_pendingC2) {
        put("\xc2");
    }
    m_target->pubsync();
}

bool PrintableBuf::put(std::string_view bytes)
{
    return m_target->sputn(bytes.data(), std::streamsize(bytes.size())) == std::streamsize(bytes.size());
}

PrintableBuf::int_type PrintableBuf::overflow(int_type ch)
{
    if (traits_type::eq_int_type(ch, traits_type::eof())) {
        return traits_type::not_eof(ch);
    }
    const auto c = static_cast<unsigned char>(traits_type::to_char_type(ch));
    constexpr std::string_view kReplacement = "\xef\xbf\xbd"; // U+FFFD
    bool ok = true;
    if (m_pendingC2) {
        m_pendingC2 = false;
        if (c >= 0x80 && c < 0xa0) {
            return put(kReplacement) ? ch : traits_type::eof(); // C1 control
        }
        ok = put("\xc2");
    }
    if (c == 0xc2) {
        m_pendingC2 = true;
    } else if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
        ok = ok && put(kReplacement);
    } else {
        const char b = char(c);
        ok = ok && put(std::string_view(&b, 1));
    }
    return ok ? ch : traits_type::eof();
}

int PrintableBuf::sync()
{
    // A pending 0xC2 waits for its next byte: a flush never splits the check.
    return m_target->pubsync();
}

std::string cell(const std::string& utf8, int width)
{
    return cell(QString::fromStdString(utf8), width);
}

void print(std::ostream& os, const QString& s)
{
    os << s.toStdString() << '\n';
}

std::string fixedOrDash(const std::optional<double>& v)
{
    return v ? fixed(*v, 3) : std::string("-");
}

QString opt(const char* name)
{
    return QString::fromLatin1(name);
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

std::optional<double> positiveOption(const QCommandLineParser& parser, const QString& name, double max,
                                     Io& io)
{
    if (!parser.isSet(name)) {
        return std::nullopt;
    }
    bool ok = false;
    const double v = parser.value(name).toDouble(&ok);
    if (!ok || !(v > 0) || v > max) {
        print(io.err, tr("--%1 expects a number above 0 and at most %2").arg(name).arg(max));
        return -1.0;
    }
    return v;
}

bool receiverPort(const QCommandLineParser& parser, const QString& name, int& port, Io& io)
{
    port = session::kReceiverOff;
    if (!parser.isSet(name)) {
        return true;
    }
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < 0 || value > 65535) {
        print(io.err, tr("--%1 expects a number from 0 to 65535").arg(name));
        return false;
    }
    port = value == 0 ? session::kReceiverOff : value;
    return true;
}

std::unique_ptr<RunStore> openStore(const QCommandLineParser& parser, Io& io, bool create)
{
    const QString value = parser.value(QStringLiteral("db"));
    if (value.contains(QChar::ReplacementCharacter)) {
        // The argument's bytes were not UTF-8: Qt decoded the bad byte as
        // U+FFFD, so the path no longer names the file the user meant, and
        // writing to it would create another one.
        print(io.err,
              tr("--db: the path '%1' is not valid UTF-8 (the character shown as %2 stands for a byte "
                 "that is not); rename the file or its folder to UTF-8, or give a path through a "
                 "symbolic link whose name is UTF-8")
                  .arg(value, QString(QChar::ReplacementCharacter)));
        return nullptr;
    }
    const auto path = toStd(value);
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

bool optionalRunIdOption(const QCommandLineParser& parser, const char* name, Io& io,
                         std::optional<std::int64_t>& out)
{
    out.reset();
    if (!parser.isSet(QLatin1String(name))) {
        return true;
    }
    out = runIdOption(parser, name, io);
    return out.has_value();
}

std::optional<std::int64_t> chooseRun(const QCommandLineParser& parser, RunStore& store, Io& io)
{
    if (parser.isSet(QStringLiteral("run"))) {
        return runIdOption(parser, "run", io);
    }
    // A run still 'importing' (in progress, or left by a failed import) is
    // not one a command reads.
    auto runs = store.catalogue().runs();
    std::erase_if(runs, [](const RunInfo& r) { return r.status == RunStatus::Importing; });
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
