// Date-time and unit parsing shared by the importers. Every source's units are
// converted here, once, to integer nanoseconds.
#pragma once

#include "model/RequestRecord.h"

#include <optional>
#include <string>
#include <string_view>

namespace pb::import {

// RFC 3339 / ISO 8601 date-time ("2023-09-08T21:03:10.549397854+02:00") to
// Unix nanoseconds. 0 to 9 fractional digits (more are truncated), 'T' or a
// space between date and time, 'Z' or an offset ±hh:mm / ±hhmm / ±hh. Without
// a zone the text is rejected unless `assumeUtc` (AIPerf's start_time).
std::optional<Nanos> parseDateTimeNs(std::string_view s, bool assumeUtc = false);

// Unix nanoseconds as RFC 3339 UTC with nanoseconds ("…T19:03:10.549397854Z").
std::string formatUtcNs(Nanos ns);

enum class TimeUnit { Nanoseconds, Microseconds, Milliseconds, Seconds };

// "ns", "us", "µs", "ms", "s" (also "sec", "seconds", "millis", …), any case.
std::optional<TimeUnit> parseTimeUnit(std::string_view s);
std::string_view unitName(TimeUnit u);

// The longest duration an import accepts (a request, a phase, a milestone, a
// span, an imported duration figure): 30 days. Anything longer is a value in
// the wrong unit or garbage, and is refused rather than stored.
inline constexpr Nanos kMaxDurationNs = Nanos(30) * 24 * 3600 * 1'000'000'000;

// A value in `unit` as nanoseconds, rounded to the nearest; nullopt when the
// value is not finite or does not fit in 64 bits.
std::optional<Nanos> toNanos(double value, TimeUnit unit);
// Same, for a duration: also nullopt when negative or longer than
// kMaxDurationNs.
std::optional<Nanos> durationToNanos(double value, TimeUnit unit);
// What durationToNanos accepts, for messages: "a duration in ms (>= 0, at
// most 30 days)".
std::string durationExpected(TimeUnit unit);
// A number as written in messages: "-100", "1e+16", "inf".
std::string numberText(double v);
// Nanoseconds as milliseconds for messages: "520 ms", "0.25 ms".
std::string msText(Nanos ns);

} // namespace pb::import
