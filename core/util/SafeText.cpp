#include "util/SafeText.h"

#include "util/Utf8.h"

namespace pb::safe {
namespace {

constexpr std::string_view kReplacement = "\xef\xbf\xbd"; // U+FFFD

// Calls `fn(sequence)` for each UTF-8 sequence of `s`, an invalid byte
// given as U+FFFD.
template<typename Fn> void forEachSequence(std::string_view s, Fn&& fn)
{
    for (std::size_t i = 0; i < s.size();) {
        const auto n = utf8::sequenceLength(s, i);
        if (n == 0) {
            fn(kReplacement);
            ++i;
        } else {
            fn(s.substr(i, n));
            i += n;
        }
    }
}

bool isControl(std::string_view seq)
{
    const auto c = static_cast<unsigned char>(seq[0]);
    if (seq.size() == 1) {
        return c < 0x20 || c == 0x7f;
    }
    // C1 controls U+0080..U+009F are C2 80..C2 9F.
    return seq.size() == 2 && c == 0xc2 && static_cast<unsigned char>(seq[1]) < 0xa0;
}

} // namespace

std::string printable(std::string_view utf8)
{
    std::string out;
    out.reserve(utf8.size());
    forEachSequence(utf8, [&](std::string_view seq) { out += isControl(seq) ? kReplacement : seq; });
    return out;
}

bool hasControl(std::string_view utf8)
{
    bool found = false;
    forEachSequence(utf8, [&](std::string_view seq) { found = found || isControl(seq); });
    return found;
}

std::string xmlEscaped(std::string_view utf8)
{
    std::string out;
    out.reserve(utf8.size() + 16);
    forEachSequence(utf8, [&](std::string_view seq) {
        if (seq.size() == 1) {
            switch (seq[0]) {
            case '&':
                out += "&amp;";
                return;
            case '<':
                out += "&lt;";
                return;
            case '>':
                out += "&gt;";
                return;
            case '"':
                out += "&quot;";
                return;
            case '\'':
                out += "&apos;";
                return;
            case '\t':
                out += "&#9;";
                return;
            case '\n':
                out += "&#10;";
                return;
            case '\r':
                out += "&#13;";
                return;
            default:
                break;
            }
        }
        // U+FFFE and U+FFFF are not XML characters either.
        out += isControl(seq) || seq == "\xef\xbf\xbe" || seq == "\xef\xbf\xbf" ? kReplacement : seq;
    });
    return out;
}

std::string markdownEscaped(std::string_view utf8, bool lineStart)
{
    // Inline syntax, escaped anywhere: code, links and images ([), raw HTML
    // and autolinks (<), entities (&), table cells (|). A backslash escapes
    // any ASCII punctuation in CommonMark. Emphasis (* _) only styles text,
    // and "0.1*" (the worst request's mark) stays as the tables print it.
    constexpr std::string_view kInline = "\\`[]<&|";
    // Block syntax, escaped as the first character of a line: headings,
    // quotes, list items, setext underlines, fences.
    constexpr std::string_view kBlockStart = "#>-+=~";
    std::string out;
    out.reserve(utf8.size() + 8);
    bool atStart = lineStart;
    forEachSequence(utf8, [&](std::string_view seq) {
        const char c = seq.size() == 1 ? seq[0] : '\0';
        if (isControl(seq)) {
            out += kReplacement;
        } else if (c != '\0' && (kInline.find(c) != std::string_view::npos ||
                                 (atStart && kBlockStart.find(c) != std::string_view::npos))) {
            out += '\\';
            out += c;
        } else {
            out += seq;
        }
        atStart = atStart && c == ' ';
    });
    if (lineStart) {
        // "1. x" or "1) x" would start an ordered list.
        const auto digits = out.find_first_not_of(' ');
        const auto mark = out.find_first_not_of("0123456789", digits == std::string::npos ? 0 : digits);
        if (digits != std::string::npos && mark != std::string::npos && mark > digits &&
            (out[mark] == '.' || out[mark] == ')') && (mark + 1 == out.size() || out[mark + 1] == ' ')) {
            out.insert(mark, 1, '\\');
        }
    }
    return out;
}

std::string csvFormulaSafe(std::string_view text)
{
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) {
        std::string out(1, '\'');
        out.append(text);
        return out;
    }
    return std::string(text);
}

} // namespace pb::safe
