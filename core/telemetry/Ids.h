// Trace and span identifiers: bytes <-> lowercase hex, base64 (protojson
// writes IDs that way), W3C traceparent and random IDs.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace pb::telemetry {

// Lowercase hex of `bytes`.
std::string toHex(std::string_view bytes);
// Raw bytes of a hex string in any case; nullopt when it is not hex.
std::optional<std::string> fromHex(std::string_view hex);
// Standard or URL-safe base64 with optional padding; nullopt when invalid.
std::optional<std::string> fromBase64(std::string_view text);
std::string toBase64(std::string_view bytes);

// An ID as written in OTLP/JSON (hex in any case, or base64) to lowercase hex
// of exactly `byteCount` bytes; nullopt when it is neither.
std::optional<std::string> normaliseJsonId(std::string_view text, std::size_t byteCount);
// True when `hex` is `2 * byteCount` hex digits and not all zero.
bool isValidHexId(std::string_view hex, std::size_t byteCount);

struct TraceParent
{
    std::string traceId; // 32 lowercase hex
    std::string spanId;  // 16 lowercase hex (the caller's span)
    std::uint8_t flags = 0;
};
// Parses a W3C traceparent header (version 00 rules; later versions are read
// by their first four fields). Invalid or all-zero IDs give nullopt.
std::optional<TraceParent> parseTraceParent(std::string_view header);
std::string formatTraceParent(const TraceParent& tp);

// Random non-zero IDs from a caller-owned generator (no global state).
class IdGenerator
{
public:
    explicit IdGenerator(std::uint64_t seed);
    IdGenerator();
    std::string traceId();
    std::string spanId();

private:
    std::uint64_t nonZero();
    std::mt19937_64 m_rng;
};

} // namespace pb::telemetry
