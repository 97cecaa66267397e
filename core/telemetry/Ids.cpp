#include "telemetry/Ids.h"

#include <array>
#include <chrono>

namespace pb::telemetry {
namespace {

constexpr char kHexDigits[] = "0123456789abcdef";

// A table: IDs are validated and lowercased on every decoded span.
constexpr std::array<signed char, 256> kHexValues = [] {
    std::array<signed char, 256> t{};
    t.fill(-1);
    for (int i = 0; i < 10; ++i) {
        t[static_cast<std::size_t>('0' + i)] = static_cast<signed char>(i);
    }
    for (int i = 0; i < 6; ++i) {
        t[static_cast<std::size_t>('a' + i)] = static_cast<signed char>(10 + i);
        t[static_cast<std::size_t>('A' + i)] = static_cast<signed char>(10 + i);
    }
    return t;
}();

int hexValue(char c)
{
    return kHexValues[static_cast<unsigned char>(c)];
}

int base64Value(char c)
{
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    if (c == '+' || c == '-') {
        return 62;
    }
    if (c == '/' || c == '_') {
        return 63;
    }
    return -1;
}

} // namespace

std::string toHex(std::string_view bytes)
{
    std::string out(bytes.size() * 2, '0');
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        out[2 * i] = kHexDigits[b >> 4];
        out[2 * i + 1] = kHexDigits[b & 0xf];
    }
    return out;
}

std::optional<std::string> fromHex(std::string_view hex)
{
    if (hex.size() % 2 != 0) {
        return std::nullopt;
    }
    std::string out(hex.size() / 2, '\0');
    for (std::size_t i = 0; i < out.size(); ++i) {
        const int hi = hexValue(hex[2 * i]);
        const int lo = hexValue(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            return std::nullopt;
        }
        out[i] = static_cast<char>((hi << 4) | lo);
    }
    return out;
}

std::optional<std::string> fromBase64(std::string_view text)
{
    while (!text.empty() && text.back() == '=') {
        text.remove_suffix(1);
    }
    if (text.size() % 4 == 1) {
        return std::nullopt;
    }
    std::string out;
    out.reserve(text.size() * 3 / 4);
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        const int v = base64Value(c);
        if (v < 0) {
            return std::nullopt;
        }
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xff));
        }
    }
    return out;
}

std::string toBase64(std::string_view bytes)
{
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const std::uint32_t v = (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16) |
                                (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8) |
                                static_cast<unsigned char>(bytes[i + 2]);
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
        out.push_back(kAlphabet[(v >> 6) & 63]);
        out.push_back(kAlphabet[v & 63]);
    }
    if (i < bytes.size()) {
        std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
        if (i + 1 < bytes.size()) {
            v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
        }
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
        out.push_back(i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

bool isValidHexId(std::string_view hex, std::size_t byteCount)
{
    if (hex.size() != 2 * byteCount) {
        return false;
    }
    bool nonZero = false;
    for (char c : hex) {
        const int v = hexValue(c);
        if (v < 0) {
            return false;
        }
        nonZero = nonZero || v != 0;
    }
    return nonZero;
}

std::optional<std::string> normaliseJsonId(std::string_view text, std::size_t byteCount)
{
    // Hex is what OTLP/JSON specifies; a 2n-character string is never valid
    // base64 of n bytes, so the two forms cannot be confused.
    if (text.size() == 2 * byteCount) {
        std::string out(text); // lowercased in place: no detour through bytes
        for (char& c : out) {
            const int v = hexValue(c);
            if (v < 0) {
                return std::nullopt;
            }
            c = kHexDigits[v];
        }
        return out;
    }
    if (auto raw = fromBase64(text); raw && raw->size() == byteCount) {
        return toHex(*raw);
    }
    return std::nullopt;
}

std::optional<TraceParent> parseTraceParent(std::string_view h)
{
    // trim optional whitespace around the value
    while (!h.empty() && (h.front() == ' ' || h.front() == '\t')) {
        h.remove_prefix(1);
    }
    while (!h.empty() && (h.back() == ' ' || h.back() == '\t')) {
        h.remove_suffix(1);
    }
    if (h.size() < 55 || h[2] != '-' || h[35] != '-' || h[52] != '-') {
        return std::nullopt;
    }
    const auto version = fromHex(h.substr(0, 2));
    if (!version || static_cast<unsigned char>((*version)[0]) == 0xff) {
        return std::nullopt;
    }
    if ((*version)[0] == 0 && h.size() != 55) {
        return std::nullopt;
    }
    if (h.size() > 55 && h[55] != '-') {
        return std::nullopt;
    }
    const auto trace = h.substr(3, 32);
    const auto span = h.substr(36, 16);
    const auto flags = fromHex(h.substr(53, 2));
    if (!isValidHexId(trace, 16) || !isValidHexId(span, 8) || !flags) {
        return std::nullopt;
    }
    TraceParent tp;
    tp.traceId = toHex(*fromHex(trace));
    tp.spanId = toHex(*fromHex(span));
    tp.flags = static_cast<std::uint8_t>((*flags)[0]);
    return tp;
}

std::string formatTraceParent(const TraceParent& tp)
{
    std::string out = "00-" + tp.traceId + "-" + tp.spanId + "-";
    out.push_back(kHexDigits[tp.flags >> 4]);
    out.push_back(kHexDigits[tp.flags & 0xf]);
    return out;
}

IdGenerator::IdGenerator(std::uint64_t seed)
    : m_rng(seed)
{}

IdGenerator::IdGenerator()
    : m_rng(std::random_device{}() ^
            static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()))
{}

std::uint64_t IdGenerator::nonZero()
{
    std::uint64_t v = 0;
    while (v == 0) {
        v = m_rng();
    }
    return v;
}

std::string IdGenerator::traceId()
{
    std::array<char, 16> raw{};
    const auto a = nonZero();
    const auto b = m_rng();
    for (int i = 0; i < 8; ++i) {
        raw[static_cast<std::size_t>(i)] = static_cast<char>(a >> (56 - 8 * i));
        raw[static_cast<std::size_t>(8 + i)] = static_cast<char>(b >> (56 - 8 * i));
    }
    return toHex({raw.data(), raw.size()});
}

std::string IdGenerator::spanId()
{
    std::array<char, 8> raw{};
    const auto a = nonZero();
    for (int i = 0; i < 8; ++i) {
        raw[static_cast<std::size_t>(i)] = static_cast<char>(a >> (56 - 8 * i));
    }
    return toHex({raw.data(), raw.size()});
}

} // namespace pb::telemetry
