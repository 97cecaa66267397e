#include "model/TraceId.h"

#include <cstdio>

namespace pb {
namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

bool parseHex64(std::string_view hex, std::uint64_t& out)
{
    std::uint64_t v = 0;
    for (char c : hex) {
        const int d = hexDigit(c);
        if (d < 0) {
            return false;
        }
        v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    out = v;
    return true;
}

} // namespace

std::string TraceId::hex() const
{
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                  static_cast<unsigned long long>(lo));
    return buf;
}

std::uint64_t parseSpanId(std::string_view text)
{
    std::uint64_t v = 0;
    return text.size() == 16 && parseHex64(text, v) ? v : 0;
}

std::optional<TraceId> parseTraceId(std::string_view text)
{
    TraceId id;
    if (text.size() != 32 || !parseHex64(text.substr(0, 16), id.hi) || !parseHex64(text.substr(16), id.lo) ||
        !id.valid()) {
        return std::nullopt;
    }
    return id;
}

} // namespace pb
