// The one trace-ID type: a W3C trace ID as 128 bits, with the one parser
// every part of Phasebench uses (the join, the explorer's search, `trace`,
// the trace reconciliation). Text form: 32 lowercase hex digits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pb {

struct TraceId
{
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;

    // All zero is not a valid W3C trace ID; it stands for "none".
    bool valid() const { return hi != 0 || lo != 0; }
    std::string hex() const; // 32 lowercase hex digits
    bool operator==(const TraceId&) const = default;
    // By hi, then lo. (Not <=>: moc cannot parse <compare>, and UI headers include this one.)
    bool operator<(const TraceId& o) const { return hi < o.hi || (hi == o.hi && lo < o.lo); }
};

struct TraceIdHash
{
    std::size_t operator()(const TraceId& k) const
    {
        return static_cast<std::size_t>((k.hi ^ (k.lo * 0x9e3779b97f4a7c15ULL)) * 0xbf58476d1ce4e5b9ULL >> 7);
    }
};

// Exactly 32 hex digits in any case, not all zero; nullopt otherwise.
std::optional<TraceId> parseTraceId(std::string_view text);
// A W3C span ID: exactly 16 hex digits in any case -> its value; 0 (never a
// valid span ID) for anything else.
std::uint64_t parseSpanId(std::string_view text);

} // namespace pb
