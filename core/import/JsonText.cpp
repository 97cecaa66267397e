// JSON text helpers outside the reader: the syntax error and its messages,
// the long-string scan for line formats and stringMember.
#include "import/JsonFilterBuf.h"

#include "util/Utf8.h"

#include <cstdlib>
#include <cstring>

namespace pb::import {

namespace jsonstream {

std::int64_t numberAfter(const std::string& s, const char* tag)
{
    const auto p = s.find(tag);
    if (p == std::string::npos) {
        return 0;
    }
    return std::strtoll(s.c_str() + p + std::strlen(tag), nullptr, 10);
}

// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax
// error while parsing object - unexpected end of input; expected '}'" ->
// "syntax error while parsing object - unexpected end of input; expected '}'".
// The parser echoes what it read last ("last read: '…'"): that excerpt is cut
// short and its bytes shown as escapes where they are not printable UTF-8.
std::string cleanMessage(const std::string& what)
{
    auto p = what.find(": ", what.find("parse error"));
    std::string m = p == std::string::npos ? what : what.substr(p + 2);
    if (m.starts_with("[json.exception.")) {
        // e.g. "[json.exception.out_of_range.406] number overflow parsing '1e400'"
        if (const auto close = m.find("] "); close != std::string::npos) {
            m.erase(0, close + 2);
        }
    }
    if (m.find("ill-formed UTF-8 byte") != std::string::npos) {
        return "invalid UTF-8 in a string; JSON text must be UTF-8";
    }
    static constexpr std::string_view kLastRead = "last read: '";
    if (const auto lr = m.find(kLastRead); lr != std::string::npos) {
        const auto from = lr + kLastRead.size();
        const auto to = m.rfind('\'');
        const std::string_view echoed = to != std::string::npos && to > from
                                            ? std::string_view(m).substr(from, to - from)
                                            : std::string_view();
        std::string shown;
        const std::size_t keep = 40;
        const std::string_view tail = echoed.size() > keep ? echoed.substr(echoed.size() - keep) : echoed;
        for (std::size_t i = 0; i < tail.size();) {
            const auto c = static_cast<unsigned char>(tail[i]);
            const std::size_t n = c >= 0x20 && c != 0x7f ? utf8::sequenceLength(tail, i) : 0;
            if (n == 0) {
                static constexpr char kHex[] = "0123456789abcdef";
                shown += "\\x";
                shown.push_back(kHex[c >> 4]);
                shown.push_back(kHex[c & 0xf]);
                ++i;
            } else {
                shown.append(tail, i, n);
                i += n;
            }
        }
        m = m.substr(0, from) + (echoed.size() > keep ? "…" : "") + shown + "'" +
            (to != std::string::npos ? m.substr(to + 1) : std::string());
    }
    if (m.find("unexpected end of input") != std::string::npos) {
        m += " (the file is truncated or incomplete)";
    }
    return m;
}

} // namespace jsonstream

JsonSyntaxError::JsonSyntaxError(std::int64_t line, std::int64_t column, std::uint64_t offset,
                                 const std::string& message)
    : std::runtime_error(message)
    , m_line(line)
    , m_column(column)
    , m_offset(offset)
{}

std::string JsonSyntaxError::describe() const
{
    std::string out = "invalid JSON at column " + std::to_string(m_column);
    if (m_offset > 0) {
        out += " (byte offset " + std::to_string(m_offset) + ")";
    }
    out += ": ";
    out += what();
    return out;
}

std::size_t longJsonString(std::string_view text, std::uint64_t maxBytes)
{
    if (text.size() <= maxBytes) {
        return 0;
    }
    bool inString = false;
    bool escape = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (!inString) {
            if (c == '"') {
                inString = true;
                start = i;
            }
            continue;
        }
        if (escape) {
            escape = false;
        } else if (c == '\\') {
            escape = true;
        } else if (c == '"') {
            inString = false;
            continue;
        }
        if (i - start > maxBytes) {
            return start + 1;
        }
    }
    return 0;
}

std::string stringMember(const nlohmann::json& obj, const char* key, const std::string& fallback)
{
    if (!obj.is_object()) {
        return fallback;
    }
    const auto it = obj.find(key);
    return it != obj.end() && it->is_string() ? it->get<std::string>() : fallback;
}

} // namespace pb::import
