// A user-editable mapping from a source's columns or metrics to Phasebench's
// vocabulary, with units: the generic CSV importer's column mapping and the
// k6 importer's custom-Trend mapping share it. Text form (CLI --map, GUI):
//
//   target=source[:unit][,target=source[:unit]]…
//
// `target` is a vocabulary column (total, first_text, output_tokens, outcome,
// trace_id, …) or `start_time`; `source` is a column header or metric name,
// in double quotes when it contains , : = or spaces at its ends. Units: ns,
// us, ms (default), s for durations; rfc3339 (default), unix_s, unix_ms,
// unix_us, unix_ns for start_time.
#pragma once

#include "import/TimeParse.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pb::import {

enum class TimestampFormat { Rfc3339, UnixSeconds, UnixMillis, UnixMicros, UnixNanos };

struct MappingEntry
{
    std::string target; // vocabulary column name, or "start_time"
    std::string source;
    std::optional<TimeUnit> unit;              // durations; nullopt = the default (ms)
    std::optional<TimestampFormat> timeFormat; // start_time; nullopt = rfc3339
    bool operator==(const MappingEntry&) const = default;
};

struct ColumnMapping
{
    std::vector<MappingEntry> entries;
    bool empty() const { return entries.empty(); }
    const MappingEntry* forTarget(std::string_view target) const;
    const MappingEntry* forSource(std::string_view source) const;
    bool operator==(const ColumnMapping&) const = default;
};

class MappingError : public std::invalid_argument
{
public:
    using std::invalid_argument::invalid_argument;
};

// Parses the text form; throws MappingError naming the bad entry.
ColumnMapping parseColumnMapping(std::string_view text);
// The text form of a mapping (round-trips through parseColumnMapping).
std::string formatColumnMapping(const ColumnMapping& mapping);

// Every valid target, for a mapping dialog: the vocabulary columns and start_time.
std::vector<std::string> mappingTargets();
// True when `target` takes a time unit (a duration column).
bool isDurationTarget(std::string_view target);

std::optional<TimestampFormat> parseTimestampFormat(std::string_view s);
std::string_view timestampFormatName(TimestampFormat f);
// A cell in `format` as Unix nanoseconds.
std::optional<Nanos> parseTimestamp(std::string_view text, TimestampFormat format);

} // namespace pb::import
