// W3C Trace Context for load attempts: one unique `traceparent` per attempt.
// Trace IDs are 128 random bits from the kernel CSPRNG (getrandom(2)) with the
// generator instance ID in the high 32 bits, so that several generators of one
// multi-generator run never collide; the low 96 bits stay random. Never all
// zero, lowercase hex, sampled flag set.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pb::load {

using TraceId = std::array<std::uint8_t, 16>;
using SpanId = std::array<std::uint8_t, 8>;

struct TraceContext
{
    TraceId traceId{};
    SpanId spanId{}; // the client span of the attempt = parent-id of the header

    std::string traceIdHex() const;
    std::string spanIdHex() const;
    // "00-<trace-id>-<parent-id>-01"
    std::string traceparent() const;
    // Writes the 55 header characters to `out` (no allocation).
    void writeTraceparent(char* out) const;
};
inline constexpr std::size_t kTraceparentLength = 55;

// Bytes from getrandom(2), fetched in blocks so that one ID costs no syscall.
class SecureRandom
{
public:
    void fill(std::span<std::uint8_t> out);
    std::uint32_t next32();

private:
    std::array<std::uint8_t, 4096> m_buf{};
    std::size_t m_pos = 4096;
};

class TraceIdGenerator
{
public:
    explicit TraceIdGenerator(std::uint32_t instanceId);
    TraceContext next();
    std::uint32_t instanceId() const { return m_instance; }

private:
    std::uint32_t m_instance;
    SecureRandom m_random;
};

// A random instance ID for a generator that was not given one (never 0).
std::uint32_t randomInstanceId();
// "a1b2c3d4" -> 0xa1b2c3d4; 1..8 hex digits; anything else is rejected.
bool parseInstanceId(std::string_view hex, std::uint32_t& out);
std::string instanceIdHex(std::uint32_t id);

// Strict check of a version-00 traceparent as this generator writes it.
bool isValidTraceparent(std::string_view header);

// Number of repeated trace IDs (each extra occurrence counts once). Sorts `ids`.
std::size_t countCollisions(std::vector<TraceId>& ids);

} // namespace pb::load
