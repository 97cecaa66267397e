#include "import/ColumnMapping.h"

#include "import/ValueParse.h"
#include "model/RequestColumns.h"

#include <climits>
#include <cmath>

namespace pb::import {

const MappingEntry* ColumnMapping::forTarget(std::string_view target) const
{
    for (const auto& e : entries) {
        if (e.target == target) {
            return &e;
        }
    }
    return nullptr;
}

const MappingEntry* ColumnMapping::forSource(std::string_view source) const
{
    for (const auto& e : entries) {
        if (e.source == source) {
            return &e;
        }
    }
    return nullptr;
}

std::vector<std::string> mappingTargets()
{
    std::vector<std::string> out;
    for (const auto& c : requestColumns()) {
        out.emplace_back(c.name);
    }
    out.emplace_back("start_time");
    return out;
}

bool isDurationTarget(std::string_view target)
{
    const int i = requestColumnIndex(target);
    return i >= 0 && requestColumns()[static_cast<std::size_t>(i)].type == ColumnType::Duration;
}

std::optional<TimestampFormat> parseTimestampFormat(std::string_view s)
{
    if (s == "rfc3339" || s == "iso8601") {
        return TimestampFormat::Rfc3339;
    }
    if (s == "unix_s") {
        return TimestampFormat::UnixSeconds;
    }
    if (s == "unix_ms") {
        return TimestampFormat::UnixMillis;
    }
    if (s == "unix_us") {
        return TimestampFormat::UnixMicros;
    }
    if (s == "unix_ns") {
        return TimestampFormat::UnixNanos;
    }
    return std::nullopt;
}

std::string_view timestampFormatName(TimestampFormat f)
{
    switch (f) {
    case TimestampFormat::Rfc3339:
        return "rfc3339";
    case TimestampFormat::UnixSeconds:
        return "unix_s";
    case TimestampFormat::UnixMillis:
        return "unix_ms";
    case TimestampFormat::UnixMicros:
        return "unix_us";
    case TimestampFormat::UnixNanos:
        return "unix_ns";
    }
    return {};
}

std::optional<Nanos> parseTimestamp(std::string_view text, TimestampFormat format)
{
    text = trim(text);
    switch (format) {
    case TimestampFormat::Rfc3339:
        return parseDateTimeNs(text);
    case TimestampFormat::UnixNanos:
        if (auto i = parseInt64(text)) {
            return *i;
        }
        break;
    case TimestampFormat::UnixSeconds:
    case TimestampFormat::UnixMillis:
    case TimestampFormat::UnixMicros:
        break;
    }
    // A plain decimal is converted exactly (a double cannot hold epoch ns).
    const std::int64_t scale = format == TimestampFormat::UnixSeconds  ? 1'000'000'000
                               : format == TimestampFormat::UnixMillis ? 1'000'000
                                                                       : 1'000;
    const auto dot = text.find('.');
    const auto whole = parseInt64(text.substr(0, dot));
    const auto frac = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    if (whole && *whole >= 0 && *whole < INT64_MAX / scale &&
        frac.find_first_not_of("0123456789") == std::string_view::npos && !text.starts_with('+')) {
        std::int64_t f = 0, unit = scale;
        for (char c : frac) {
            unit /= 10;
            f += (c - '0') * unit; // digits beyond ns precision add 0
        }
        return *whole * scale + f;
    }
    const auto v = parseDouble(text);
    if (!v) {
        return std::nullopt;
    }
    const TimeUnit u = format == TimestampFormat::UnixSeconds  ? TimeUnit::Seconds
                       : format == TimestampFormat::UnixMillis ? TimeUnit::Milliseconds
                       : format == TimestampFormat::UnixMicros ? TimeUnit::Microseconds
                                                               : TimeUnit::Nanoseconds;
    return toNanos(*v, u);
}

namespace {

// Splits on `sep` outside double quotes.
std::vector<std::string_view> split(std::string_view s, char sep)
{
    std::vector<std::string_view> out;
    bool quoted = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '"') {
            quoted = !quoted;
        } else if (s[i] == sep && !quoted) {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    if (quoted) {
        throw MappingError("unbalanced double quote in '" + std::string(s) + "'");
    }
    out.push_back(s.substr(start));
    return out;
}

std::string unquote(std::string_view s)
{
    s = trim(s);
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') {
        return std::string(s.substr(1, s.size() - 2));
    }
    return std::string(s);
}

bool needsQuotes(std::string_view s)
{
    return s.find_first_of(",:=\"") != std::string_view::npos || s != trim(s);
}

} // namespace

ColumnMapping parseColumnMapping(std::string_view text)
{
    ColumnMapping m;
    if (trim(text).empty()) {
        return m;
    }
    for (auto item : split(text, ',')) {
        if (trim(item).empty()) {
            continue;
        }
        const auto eq = split(item, '=');
        if (eq.size() != 2) {
            throw MappingError("expected target=source[:unit], found '" + std::string(trim(item)) + "'");
        }
        MappingEntry e;
        e.target = unquote(eq[0]);
        const auto parts = split(eq[1], ':');
        if (parts.size() > 2) {
            throw MappingError("more than one ':unit' in '" + std::string(trim(item)) + "'");
        }
        e.source = unquote(parts[0]);
        if (e.source.empty()) {
            throw MappingError("no source column for '" + e.target + "'");
        }
        const bool isStart = e.target == "start_time";
        if (!isStart && requestColumnIndex(e.target) < 0) {
            throw MappingError("unknown target '" + e.target +
                               "'; expected a vocabulary column (total, first_text, output_tokens, outcome, "
                               "trace_id, …) or start_time");
        }
        if (parts.size() == 2) {
            const std::string unit = unquote(parts[1]);
            if (isStart) {
                e.timeFormat = parseTimestampFormat(unit);
                if (!e.timeFormat) {
                    throw MappingError("unknown timestamp format '" + unit +
                                       "' for start_time; expected "
                                       "rfc3339, unix_s, unix_ms, "
                                       "unix_us or unix_ns");
                }
            } else if (isDurationTarget(e.target)) {
                e.unit = parseTimeUnit(unit);
                if (!e.unit) {
                    throw MappingError("unknown unit '" + unit + "' for " + e.target +
                                       "; expected ns, us, ms or s");
                }
            } else {
                throw MappingError("'" + e.target + "' is not a duration and takes no unit");
            }
        }
        if (m.forTarget(e.target)) {
            throw MappingError("target '" + e.target + "' is mapped twice");
        }
        m.entries.push_back(std::move(e));
    }
    return m;
}

std::string formatColumnMapping(const ColumnMapping& mapping)
{
    std::string out;
    for (const auto& e : mapping.entries) {
        if (!out.empty()) {
            out += ',';
        }
        out += e.target + '=';
        out += needsQuotes(e.source) ? '"' + e.source + '"' : e.source;
        if (e.unit) {
            out += ':' + std::string(unitName(*e.unit));
        }
        if (e.timeFormat) {
            out += ':' + std::string(timestampFormatName(*e.timeFormat));
        }
    }
    return out;
}

} // namespace pb::import
