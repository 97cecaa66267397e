#include "ColumnFormat.h"

#include <QCoreApplication>
#include <QLocale>

namespace pb::ui {
namespace {

// The translation context of this file's strings.
class ColumnFormat
{
    Q_DECLARE_TR_FUNCTIONS(pb::ui::ColumnFormat)
};

QString fromStd(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString groupText(ColumnGroup g)
{
    switch (g) {
    case ColumnGroup::Identity:
        return ColumnFormat::tr("identity and correlation");
    case ColumnGroup::Condition:
        return ColumnFormat::tr("condition");
    case ColumnGroup::Result:
        return ColumnFormat::tr("result");
    case ColumnGroup::Usage:
        return ColumnFormat::tr("token usage");
    case ColumnGroup::Schedule:
        return ColumnFormat::tr("schedule");
    case ColumnGroup::ClientPhase:
        return ColumnFormat::tr("client phase (k6 semantics)");
    case ColumnGroup::Milestone:
        return ColumnFormat::tr("stream milestone");
    case ColumnGroup::Transfer:
        return ColumnFormat::tr("transfer");
    case ColumnGroup::ServerReported:
        return ColumnFormat::tr("server timing from the response");
    case ColumnGroup::Session:
        return ColumnFormat::tr("multi-turn session");
    }
    return {};
}

QString unitText(const RequestColumn& c)
{
    switch (c.type) {
    case ColumnType::Duration:
        if (c.group == ColumnGroup::Milestone) {
            return ColumnFormat::tr("milliseconds (ms) from the attempt's start");
        }
        if (c.group == ColumnGroup::Schedule) {
            return ColumnFormat::tr("milliseconds (ms) from the run's start");
        }
        if (c.group == ColumnGroup::ServerReported) {
            return ColumnFormat::tr("milliseconds (ms) on the server's clock");
        }
        return ColumnFormat::tr("milliseconds (ms)");
    case ColumnType::Boolean:
        return ColumnFormat::tr("true or false");
    case ColumnType::Integer:
        if (c.group == ColumnGroup::Usage) {
            return ColumnFormat::tr("tokens");
        }
        if (c.group == ColumnGroup::Transfer) {
            return c.name.starts_with("bytes") ? ColumnFormat::tr("bytes") : ColumnFormat::tr("count");
        }
        return ColumnFormat::tr("number");
    case ColumnType::Text:
    case ColumnType::OutcomeEnum:
    case ColumnType::UsageEnum:
        return ColumnFormat::tr("text");
    }
    return {};
}

} // namespace

QString formatMs(double ms)
{
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(ms, 'f', 3);
}

QVariant rawValue(const RequestRecord& r, int column)
{
    const auto cols = requestColumns();
    if (column < 0 || static_cast<std::size_t>(column) >= cols.size()) {
        return {};
    }
    const auto v = getColumn(r, column);
    if (v.isNull) {
        return {};
    }
    switch (cols[static_cast<std::size_t>(column)].type) {
    case ColumnType::Duration:
        return static_cast<double>(v.integer) / 1e6;
    case ColumnType::Integer:
        return QVariant::fromValue<qint64>(v.integer);
    case ColumnType::Boolean:
        return v.integer != 0;
    case ColumnType::Text:
    case ColumnType::OutcomeEnum:
    case ColumnType::UsageEnum:
        return fromStd(v.text);
    }
    return {};
}

QVariant displayValue(const RequestRecord& r, int column)
{
    const auto cols = requestColumns();
    if (column < 0 || static_cast<std::size_t>(column) >= cols.size()) {
        return {};
    }
    const auto v = getColumn(r, column);
    if (v.isNull) {
        return {};
    }
    switch (cols[static_cast<std::size_t>(column)].type) {
    case ColumnType::Duration:
        return formatMs(static_cast<double>(v.integer) / 1e6);
    case ColumnType::Integer:
        return QString::number(v.integer);
    case ColumnType::Boolean:
        // Vocabulary spelling, as in the CSV: not translated.
        return v.integer != 0 ? QStringLiteral("true") : QStringLiteral("false");
    case ColumnType::Text:
    case ColumnType::OutcomeEnum:
    case ColumnType::UsageEnum:
        return fromStd(v.text);
    }
    return {};
}

bool isNumeric(const RequestColumn& c)
{
    return c.type == ColumnType::Duration || c.type == ColumnType::Integer;
}

QString columnTitle(const RequestColumn& c)
{
    return fromStd(c.name);
}

QString columnToolTip(const RequestColumn& c)
{
    return ColumnFormat::tr("%1\n%2; unit: %3").arg(fromStd(c.name), groupText(c.group), unitText(c));
}

} // namespace pb::ui
