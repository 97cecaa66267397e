// Small helpers shared by the benchmarks' data generators.
#pragma once

#include "model/RequestRecord.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <string_view>

namespace pb::bench {

// `digits` random lowercase hex digits (trace and span IDs).
inline std::string randomHex(std::mt19937_64& rng, int digits)
{
    static const char* const kDigits = "0123456789abcdef";
    std::string s(static_cast<std::size_t>(digits), '0');
    std::uint64_t bits = 0;
    for (int i = 0; i < digits; ++i) {
        if (i % 16 == 0) {
            bits = rng();
        }
        s[static_cast<std::size_t>(i)] = kDigits[bits & 0xf];
        bits >>= 4;
    }
    return s;
}

// Milliseconds as the store's nanoseconds.
inline Nanos ms(double v)
{
    return static_cast<Nanos>(v * 1e6);
}

// A field of this process's /proc/self/status in KiB ("VmRSS", "VmHWM" for
// the peak), or -1 when the file has none.
inline long procStatusKiB(std::string_view field)
{
    std::ifstream in("/proc/self/status");
    const std::string key = std::string(field) + ":";
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(key, 0) == 0) {
            return std::strtol(line.c_str() + key.size(), nullptr, 10);
        }
    }
    return -1;
}

} // namespace pb::bench
