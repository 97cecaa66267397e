// Small helpers shared by the benchmarks' data generators.
#pragma once

#include "model/RequestRecord.h"

#include <cstdint>
#include <random>
#include <string>

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

} // namespace pb::bench
