// Internal to core/servertiming: the values at a timing profile's body paths,
// read in one pass over a JSON text (readBodyText).
#pragma once

#include "servertiming/TimingProfile.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

namespace pb::servertiming::detail {

// The values at a profile's body paths, found in one pass over the text: no
// document is built and only the numbers at those paths are converted, so
// reading a response's timings costs about one scan of its bytes (this runs
// on the load engine's thread for every attempt; an nlohmann document cost
// ~20 us per response, its SAX parser ~4 us, mostly converting every number).
// The grammar is JSON's (RFC 8259); what it does not check: UTF-8 inside
// strings. A key written with escapes matches no path; nesting deeper than
// kMaxDepth is refused like text that is not JSON.
class PathReader
{
public:
    static constexpr std::size_t kMaxPaths = 64;
    static constexpr std::size_t kMaxSegments = 256; // over all paths
    static constexpr std::size_t kMaxDepth = 256;
    enum class State : std::uint8_t { Absent, Null, Number, Other };

    // False when the profile has more paths or segments than this reader
    // holds (the caller then builds the document instead).
    bool init(const TimingProfile& p)
    {
        for (const auto& f : p.fields) {
            if (f.source != FieldSource::Body) {
                continue;
            }
            for (const auto& path : f.paths) {
                if (m_paths == kMaxPaths) {
                    return false;
                }
                m_first[m_paths] = static_cast<std::uint16_t>(m_segments);
                std::string_view rest = path;
                while (true) {
                    if (m_segments == kMaxSegments) {
                        return false;
                    }
                    const auto dot = rest.find('.');
                    m_seg[m_segments++] = rest.substr(0, dot);
                    if (dot == std::string_view::npos) {
                        break;
                    }
                    rest.remove_prefix(dot + 1);
                }
                m_count[m_paths] = static_cast<std::uint16_t>(m_segments - m_first[m_paths]);
                ++m_paths;
            }
        }
        return true;
    }

    // False when `text` is not one JSON value (surrounded by whitespace).
    bool read(std::string_view text)
    {
        m_p = text.data();
        m_end = m_p + text.size();
        const std::uint64_t all = m_paths == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << m_paths) - 1;
        ws();
        if (!value(0, all)) {
            return false;
        }
        ws();
        return m_p == m_end;
    }
    State state(std::size_t i) const { return m_state[i]; }
    double number(std::size_t i) const { return m_value[i]; }

private:
    void ws()
    {
        while (m_p != m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t')) {
            ++m_p;
        }
    }
    // The paths of `pending` (their first `depth` segments matched) that end here get `st`.
    bool complete(std::uint64_t pending, std::size_t depth, State st, double v = 0)
    {
        bool any = false;
        for (; pending != 0; pending &= pending - 1) {
            const auto i = static_cast<std::size_t>(__builtin_ctzll(pending));
            if (m_count[i] == depth) {
                m_state[i] = st; // a repeated key: the last one counts, as in a document
                m_value[i] = v;
                any = true;
            }
        }
        return any;
    }
    bool value(std::size_t depth, std::uint64_t pending)
    {
        if (m_p == m_end) {
            return false;
        }
        switch (*m_p) {
        case '{':
            complete(pending, depth, State::Other); // a path that ends on an object: not a number
            return object(depth + 1, pending);
        case '[':
            complete(pending, depth, State::Other);
            return array(depth + 1);
        case '"': {
            complete(pending, depth, State::Other);
            bool escaped = false;
            std::string_view s;
            return string(s, escaped);
        }
        case 't':
            complete(pending, depth, State::Other);
            return literal("true");
        case 'f':
            complete(pending, depth, State::Other);
            return literal("false");
        case 'n':
            complete(pending, depth, State::Null);
            return literal("null");
        default:
            return numberAt(depth, pending);
        }
    }
    bool object(std::size_t depth, std::uint64_t alive)
    {
        if (depth > kMaxDepth) {
            return false;
        }
        ++m_p; // '{'
        ws();
        if (m_p != m_end && *m_p == '}') {
            ++m_p;
            return true;
        }
        while (true) {
            if (m_p == m_end || *m_p != '"') {
                return false;
            }
            std::string_view key;
            bool escaped = false;
            if (!string(key, escaped)) {
                return false;
            }
            ws();
            if (m_p == m_end || *m_p != ':') {
                return false;
            }
            ++m_p;
            ws();
            // Key number `depth` of a path (1-based) is its segment depth - 1.
            std::uint64_t next = 0;
            if (!escaped) {
                for (std::uint64_t a = alive; a != 0; a &= a - 1) {
                    const auto i = static_cast<std::size_t>(__builtin_ctzll(a));
                    if (m_count[i] >= depth && m_seg[m_first[i] + depth - 1] == key) {
                        next |= std::uint64_t(1) << i;
                    }
                }
            }
            // A repeated key replaces what its first value held, as in a
            // document (nlohmann keeps the last): the paths below it start over.
            for (std::uint64_t n = next; n != 0; n &= n - 1) {
                m_state[static_cast<std::size_t>(__builtin_ctzll(n))] = State::Absent;
            }
            if (!value(depth, next)) {
                return false;
            }
            ws();
            if (m_p == m_end) {
                return false;
            }
            if (*m_p == ',') {
                ++m_p;
                ws();
            } else if (*m_p == '}') {
                ++m_p;
                return true;
            } else {
                return false;
            }
        }
    }
    bool array(std::size_t depth)
    {
        if (depth > kMaxDepth) {
            return false;
        }
        ++m_p; // '['
        ws();
        if (m_p != m_end && *m_p == ']') {
            ++m_p;
            return true;
        }
        while (true) {
            if (!value(depth, 0)) { // a path names object members only
                return false;
            }
            ws();
            if (m_p == m_end) {
                return false;
            }
            if (*m_p == ',') {
                ++m_p;
                ws();
            } else if (*m_p == ']') {
                ++m_p;
                return true;
            } else {
                return false;
            }
        }
    }
    static bool hex(char c)
    {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
    bool string(std::string_view& out, bool& escaped)
    {
        ++m_p; // '"'
        const char* start = m_p;
        while (m_p != m_end) {
            const char c = *m_p;
            if (c == '"') {
                out = std::string_view(start, static_cast<std::size_t>(m_p - start));
                ++m_p;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                return false;
            }
            if (c == '\\') {
                escaped = true;
                if (++m_p == m_end) {
                    return false;
                }
                const char e = *m_p;
                if (e == 'u') {
                    if (m_end - m_p < 5 || !hex(m_p[1]) || !hex(m_p[2]) || !hex(m_p[3]) || !hex(m_p[4])) {
                        return false;
                    }
                    m_p += 4;
                } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
                    return false;
                }
            }
            ++m_p;
        }
        return false;
    }
    bool literal(std::string_view word)
    {
        if (static_cast<std::size_t>(m_end - m_p) < word.size() ||
            std::string_view(m_p, word.size()) != word) {
            return false;
        }
        m_p += word.size();
        return true;
    }
    bool digits()
    {
        const char* from = m_p;
        while (m_p != m_end && *m_p >= '0' && *m_p <= '9') {
            ++m_p;
        }
        return m_p != from;
    }
    bool numberAt(std::size_t depth, std::uint64_t pending)
    {
        const char* start = m_p;
        if (*m_p == '-') {
            ++m_p;
        }
        if (m_p != m_end && *m_p == '0') {
            ++m_p;
        } else if (!digits()) {
            return false;
        }
        if (m_p != m_end && *m_p == '.') {
            ++m_p;
            if (!digits()) {
                return false;
            }
        }
        bool exponent = false;
        if (m_p != m_end && (*m_p == 'e' || *m_p == 'E')) {
            exponent = true;
            ++m_p;
            if (m_p != m_end && (*m_p == '+' || *m_p == '-')) {
                ++m_p;
            }
            if (!digits()) {
                return false;
            }
        }
        // Converted only when a path ends here, or when it may be out of a
        // double's range (an exponent, 300 digits): such a number makes the
        // text "not JSON" for the document reader too.
        if (pending != 0 || exponent || m_p - start > 300) {
            double v = 0;
            const auto [ptr, ec] = std::from_chars(start, m_p, v);
            const std::string_view text(start, static_cast<std::size_t>(m_p - start));
            const bool underflow =
                ec == std::errc::result_out_of_range &&
                (text.find("e-") != std::string_view::npos || text.find("E-") != std::string_view::npos);
            if (underflow) {
                v = 0; // as strtod gives it, and the document reader keeps it
            } else if (ec != std::errc() || ptr != m_p) {
                return false;
            }
            complete(pending, depth, State::Number, v);
        }
        return true;
    }

    std::array<std::string_view, kMaxSegments> m_seg{};
    std::array<std::uint16_t, kMaxPaths> m_first{};
    std::array<std::uint16_t, kMaxPaths> m_count{};
    std::array<State, kMaxPaths> m_state{};
    std::array<double, kMaxPaths> m_value{};
    std::size_t m_paths = 0;
    std::size_t m_segments = 0;
    const char* m_p = nullptr;
    const char* m_end = nullptr;
};

} // namespace pb::servertiming::detail
