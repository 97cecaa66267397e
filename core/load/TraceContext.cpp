#include "load/TraceContext.h"

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <sys/random.h>

namespace pb::load {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void writeHex(const std::uint8_t* p, std::size_t n, char* out)
{
    for (std::size_t i = 0; i < n; ++i) {
        out[2 * i] = kHex[p[i] >> 4];
        out[2 * i + 1] = kHex[p[i] & 0xF];
    }
}

bool isLowerHex(std::string_view s)
{
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool allZero(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return c == '0'; });
}

} // namespace

std::string TraceContext::traceIdHex() const
{
    std::string s(32, '0');
    writeHex(traceId.data(), traceId.size(), s.data());
    return s;
}

std::string TraceContext::spanIdHex() const
{
    std::string s(16, '0');
    writeHex(spanId.data(), spanId.size(), s.data());
    return s;
}

void TraceContext::writeTraceparent(char* out) const
{
    out[0] = '0';
    out[1] = '0';
    out[2] = '-';
    writeHex(traceId.data(), traceId.size(), out + 3);
    out[35] = '-';
    writeHex(spanId.data(), spanId.size(), out + 36);
    out[52] = '-';
    out[53] = '0';
    out[54] = '1';
}

std::string TraceContext::traceparent() const
{
    std::string s(kTraceparentLength, '0');
    writeTraceparent(s.data());
    return s;
}

void SecureRandom::fill(std::span<std::uint8_t> out)
{
    std::size_t done = 0;
    while (done < out.size()) {
        if (m_pos == m_buf.size()) {
            std::size_t got = 0;
            while (got < m_buf.size()) {
                const auto n = ::getrandom(m_buf.data() + got, m_buf.size() - got, 0);
                if (n < 0) {
                    if (errno == EINTR) {
                        continue;
                    }
                    throw std::runtime_error("getrandom(2) failed; no secure random source for trace IDs");
                }
                got += static_cast<std::size_t>(n);
            }
            m_pos = 0;
        }
        const std::size_t take = std::min(out.size() - done, m_buf.size() - m_pos);
        std::copy_n(m_buf.data() + m_pos, take, out.data() + done);
        // Used bytes are wiped so that a later dump cannot replay them.
        std::fill_n(m_buf.data() + m_pos, take, std::uint8_t{0});
        m_pos += take;
        done += take;
    }
}

std::uint32_t SecureRandom::next32()
{
    std::array<std::uint8_t, 4> b{};
    fill(b);
    return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) | b[3];
}

TraceIdGenerator::TraceIdGenerator(std::uint32_t instanceId)
    : m_instance(instanceId)
{}

TraceContext TraceIdGenerator::next()
{
    TraceContext tc;
    tc.traceId[0] = static_cast<std::uint8_t>(m_instance >> 24);
    tc.traceId[1] = static_cast<std::uint8_t>(m_instance >> 16);
    tc.traceId[2] = static_cast<std::uint8_t>(m_instance >> 8);
    tc.traceId[3] = static_cast<std::uint8_t>(m_instance);
    const auto isZero = [](std::span<const std::uint8_t> s) {
        return std::all_of(s.begin(), s.end(), [](std::uint8_t b) { return b == 0; });
    };
    // The random part alone must be non-zero (not only the whole ID), so that
    // instance 0 cannot produce an all-zero trace ID either.
    do {
        m_random.fill(std::span(tc.traceId).subspan(4));
    } while (isZero(std::span(tc.traceId).subspan(4)));
    do {
        m_random.fill(tc.spanId);
    } while (isZero(tc.spanId));
    return tc;
}

std::uint32_t randomInstanceId()
{
    SecureRandom r;
    std::uint32_t id = 0;
    while (id == 0) {
        id = r.next32();
    }
    return id;
}

bool parseInstanceId(std::string_view hex, std::uint32_t& out)
{
    if (hex.empty() || hex.size() > 8) {
        return false;
    }
    std::uint32_t v = 0;
    for (char c : hex) {
        v <<= 4;
        if (c >= '0' && c <= '9') {
            v |= static_cast<std::uint32_t>(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            v |= static_cast<std::uint32_t>(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            v |= static_cast<std::uint32_t>(c - 'A' + 10);
        } else {
            return false;
        }
    }
    out = v;
    return true;
}

std::string instanceIdHex(std::uint32_t id)
{
    const std::array<std::uint8_t, 4> b{static_cast<std::uint8_t>(id >> 24),
                                        static_cast<std::uint8_t>(id >> 16),
                                        static_cast<std::uint8_t>(id >> 8), static_cast<std::uint8_t>(id)};
    std::string s(8, '0');
    writeHex(b.data(), b.size(), s.data());
    return s;
}

bool isValidTraceparent(std::string_view h)
{
    if (h.size() != kTraceparentLength || h.substr(0, 3) != "00-" || h[35] != '-' || h[52] != '-') {
        return false;
    }
    const auto trace = h.substr(3, 32);
    const auto span = h.substr(36, 16);
    const auto flags = h.substr(53, 2);
    return isLowerHex(trace) && isLowerHex(span) && isLowerHex(flags) && !allZero(trace) && !allZero(span);
}

std::size_t countCollisions(std::vector<TraceId>& ids)
{
    std::sort(ids.begin(), ids.end());
    std::size_t n = 0;
    for (std::size_t i = 1; i < ids.size(); ++i) {
        if (ids[i] == ids[i - 1]) {
            ++n;
        }
    }
    return n;
}

} // namespace pb::load
