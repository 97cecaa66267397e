#include "import/TimeParse.h"

#include <cmath>
#include <cstdio>

namespace pb::import {
namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civilFromDays(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d)
{
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2 ? 1 : 0;
}

bool digits(std::string_view s, std::size_t pos, std::size_t n, int& out)
{
    if (pos + n > s.size()) {
        return false;
    }
    out = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = s[pos + i];
        if (c < '0' || c > '9') {
            return false;
        }
        out = out * 10 + (c - '0');
    }
    return true;
}

unsigned daysInMonth(int y, int m)
{
    static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : kDays[m - 1];
}

} // namespace

std::optional<Nanos> parseDateTimeNs(std::string_view s, bool assumeUtc)
{
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0;
    if (!digits(s, 0, 4, y) || s.size() < 19 || s[4] != '-' || !digits(s, 5, 2, mo) || s[7] != '-' ||
        !digits(s, 8, 2, d) || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || !digits(s, 11, 2, h) ||
        s[13] != ':' || !digits(s, 14, 2, mi) || s[16] != ':' || !digits(s, 17, 2, se)) {
        return std::nullopt;
    }
    if (mo < 1 || mo > 12 || d < 1 || static_cast<unsigned>(d) > daysInMonth(y, mo) || h > 23 || mi > 59 ||
        se > 60) {
        return std::nullopt;
    }
    std::size_t pos = 19;
    std::int64_t frac = 0;
    if (pos < s.size() && (s[pos] == '.' || s[pos] == ',')) {
        ++pos;
        int n = 0;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
            if (n < 9) {
                frac = frac * 10 + (s[pos] - '0');
            }
            ++n;
            ++pos;
        }
        if (n == 0) {
            return std::nullopt;
        }
        for (int i = n; i < 9; ++i) {
            frac *= 10;
        }
    }
    std::int64_t offsetSeconds = 0;
    if (pos == s.size()) {
        if (!assumeUtc) {
            return std::nullopt;
        }
    } else if (s[pos] == 'Z' || s[pos] == 'z') {
        ++pos;
    } else if (s[pos] == '+' || s[pos] == '-') {
        const int sign = s[pos] == '-' ? -1 : 1;
        ++pos;
        int oh = 0, om = 0;
        if (!digits(s, pos, 2, oh)) {
            return std::nullopt;
        }
        pos += 2;
        if (pos < s.size() && s[pos] == ':') {
            ++pos;
        }
        if (pos < s.size()) {
            if (!digits(s, pos, 2, om)) {
                return std::nullopt;
            }
            pos += 2;
        }
        if (oh > 23 || om > 59) {
            return std::nullopt;
        }
        offsetSeconds = sign * (oh * 3600 + om * 60);
    } else {
        return std::nullopt;
    }
    if (pos != s.size()) {
        return std::nullopt;
    }
    const std::int64_t days = daysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
    const std::int64_t secs = days * 86400 + h * 3600 + mi * 60 + se - offsetSeconds;
    // Nanoseconds since 1970 fit in int64 until 2262.
    if (secs < -9'223'372'036LL || secs > 9'223'372'035LL) {
        return std::nullopt;
    }
    return secs * 1'000'000'000LL + frac;
}

std::string formatUtcNs(Nanos ns)
{
    std::int64_t secs = ns / 1'000'000'000LL;
    std::int64_t frac = ns % 1'000'000'000LL;
    if (frac < 0) {
        frac += 1'000'000'000LL;
        --secs;
    }
    std::int64_t days = secs / 86400;
    std::int64_t rem = secs % 86400;
    if (rem < 0) {
        rem += 86400;
        --days;
    }
    std::int64_t y = 0;
    unsigned m = 0, d = 0;
    civilFromDays(days, y, m, d);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld.%09lldZ", static_cast<long long>(y),
                  m, d, static_cast<long long>(rem / 3600), static_cast<long long>(rem / 60 % 60),
                  static_cast<long long>(rem % 60), static_cast<long long>(frac));
    return buf;
}

std::optional<TimeUnit> parseTimeUnit(std::string_view s)
{
    std::string l;
    for (char c : s) {
        if (c != ' ') {
            l.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
        }
    }
    if (l == "ns" || l == "nanos" || l == "nanoseconds" || l == "nanosecond") {
        return TimeUnit::Nanoseconds;
    }
    if (l == "us" || l == "\xc2\xb5s" || l == "micros" || l == "microseconds" || l == "microsecond") {
        return TimeUnit::Microseconds;
    }
    if (l == "ms" || l == "millis" || l == "milliseconds" || l == "millisecond") {
        return TimeUnit::Milliseconds;
    }
    if (l == "s" || l == "sec" || l == "secs" || l == "seconds" || l == "second") {
        return TimeUnit::Seconds;
    }
    return std::nullopt;
}

std::string_view unitName(TimeUnit u)
{
    switch (u) {
    case TimeUnit::Nanoseconds:
        return "ns";
    case TimeUnit::Microseconds:
        return "us";
    case TimeUnit::Milliseconds:
        return "ms";
    case TimeUnit::Seconds:
        return "s";
    }
    return {};
}

std::optional<Nanos> toNanos(double value, TimeUnit unit)
{
    double scale = 1;
    switch (unit) {
    case TimeUnit::Nanoseconds:
        scale = 1;
        break;
    case TimeUnit::Microseconds:
        scale = 1e3;
        break;
    case TimeUnit::Milliseconds:
        scale = 1e6;
        break;
    case TimeUnit::Seconds:
        scale = 1e9;
        break;
    }
    const double ns = value * scale;
    if (!std::isfinite(ns) || std::fabs(ns) >= 9.2e18) {
        return std::nullopt;
    }
    return static_cast<Nanos>(std::llround(ns));
}

std::optional<Nanos> durationToNanos(double value, TimeUnit unit)
{
    if (!(value >= 0)) {
        return std::nullopt;
    }
    const auto ns = toNanos(value, unit);
    if (!ns || *ns > kMaxDurationNs) {
        return std::nullopt;
    }
    return ns;
}

std::string durationExpected(TimeUnit unit)
{
    return "a duration in " + std::string(unitName(unit)) + " (>= 0, at most 30 days)";
}

std::string numberText(double v)
{
    if (std::isnan(v)) {
        return "nan";
    }
    if (std::isinf(v)) {
        return v > 0 ? "inf" : "-inf";
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.12g", v);
    return buf;
}

std::string msText(Nanos ns)
{
    if (ns % 1'000'000 == 0) {
        return std::to_string(ns / 1'000'000) + " ms";
    }
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6f", static_cast<double>(ns) / 1e6);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') {
        s.pop_back();
    }
    return s + " ms";
}

} // namespace pb::import
