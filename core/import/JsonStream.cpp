#include "import/JsonStream.h"

#include "import/Importer.h"
#include "util/Utf8.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <memory>
#include <streambuf>

namespace pb {
namespace {

using nlohmann::json;

// Where a byte of the source is: 1-based line and column, byte offset.
struct Where
{
    std::int64_t line = 1;
    std::int64_t column = 1;
    std::uint64_t offset = 0;
};

// The filter between the source and the parser (see JsonStream.h): drops
// insignificant whitespace, enforces the field, whitespace-run and depth
// limits as it reads, replaces invalid UTF-8 in strings with U+FFFD and
// remembers where, and maps every byte it hands to the parser back to its
// source line, column and offset.
class FilterBuf final : public std::streambuf
{
public:
    FilterBuf(std::streambuf* src, const JsonLimits& limits)
        : m_src(src)
        , m_limits(limits)
        , m_raw(256 * 1024)
        , m_out(256 * 1024 + 16)
    {
        setg(m_out.data(), m_out.data(), m_out.data());
    }

    // Source offset of the next byte the parser will read.
    std::uint64_t position() const
    {
        const auto i = static_cast<std::size_t>(gptr() - eback());
        if (i < static_cast<std::size_t>(egptr() - eback())) {
            return whereOf(i).offset;
        }
        return m_srcOffset;
    }
    // Where the byte the parser read last came from.
    Where lastRead() const
    {
        if (gptr() > eback()) {
            return whereOf(static_cast<std::size_t>(gptr() - eback()) - 1);
        }
        return m_prevLast;
    }
    // Bytes handed to the parser so far (whitespace runs count one).
    std::uint64_t consumed() const { return m_outBase + static_cast<std::uint64_t>(gptr() - eback()); }
    bool atEof() const { return m_eof; }
    // True when a string the parser has finished had invalid UTF-8 (or a
    // lone surrogate escape: `surrogate`); `first` is where the first such
    // byte was. Forgets them.
    bool takeInvalidUtf8(Where& first, bool& surrogate)
    {
        const auto done = consumed();
        bool any = false;
        while (!m_invalid.empty() && m_invalid.front().outPos < done) {
            if (!any) {
                first = m_invalid.front().where;
                surrogate = m_invalid.front().surrogate;
                any = true;
            }
            m_invalid.pop_front();
        }
        return any;
    }

protected:
    int_type underflow() override
    {
        if (gptr() < egptr()) {
            return traits_type::to_int_type(*gptr());
        }
        if (egptr() > eback()) {
            m_prevLast = whereOf(static_cast<std::size_t>(egptr() - eback()) - 1);
        }
        m_outBase += static_cast<std::uint64_t>(egptr() - eback());
        m_marks.clear();
        m_needMark = true;
        const std::size_t n = fill();
        setg(m_out.data(), m_out.data(), m_out.data() + n);
        if (n == 0) {
            m_eof = true;
            return traits_type::eof();
        }
        return traits_type::to_int_type(*gptr());
    }

private:
    // Output index -> source position: at each mark the mapping restarts;
    // between marks output and source bytes correspond one to one.
    struct Mark
    {
        std::size_t out;
        Where where;
    };

    Where whereOf(std::size_t i) const
    {
        auto it = std::upper_bound(m_marks.begin(), m_marks.end(), i,
                                   [](std::size_t v, const Mark& m) { return v < m.out; });
        if (it == m_marks.begin()) {
            return m_prevLast;
        }
        --it;
        const auto d = static_cast<std::int64_t>(i - it->out);
        return {it->where.line, it->where.column + d, it->where.offset + static_cast<std::uint64_t>(d)};
    }

    Where here() const { return {m_line, m_column, m_srcOffset}; }

    [[noreturn]] void limit(const Where& w, const std::string& what) const
    {
        throw JsonLimitError(w.line, w.column, w.offset,
                             what + " at line " + std::to_string(w.line) + ", column " +
                                 std::to_string(w.column));
    }

    // Takes the current source byte.
    void advance(unsigned char c)
    {
        ++m_rawPos;
        ++m_srcOffset;
        if (c == '\n') {
            ++m_line;
            m_column = 1;
            m_needMark = true;
        } else {
            ++m_column;
        }
    }

    // Before a byte is handed over at output index `o`: restarts the mapping
    // there when bytes were left out (or a line began) since the last mark.
    // Only handed-over bytes are marked, so a run of whitespace costs nothing.
    void mark(std::size_t o, const Where& at)
    {
        if (m_needMark) {
            m_marks.push_back({o, at});
            m_needMark = false;
        }
    }

    void invalidUtf8(std::size_t& o, const Where& at)
    {
        mark(o, at);
        m_invalid.push_back({m_outBase + o, at, false});
        m_out[o++] = '\xef';
        m_out[o++] = '\xbf';
        m_out[o++] = '\xbd';
        m_needMark = true;
    }

    // Bytes held back and handed over now, from source position `at`.
    void emitHeld(std::size_t& o, const char* p, std::size_t n, const Where& at)
    {
        m_needMark = true;
        mark(o, at);
        std::memcpy(m_out.data() + o, p, n);
        o += n;
        m_needMark = true;
    }

    // The four hex digits of a lone surrogate escape (backslash-u D800 to DFFF without
    // its pair) become FFFD, remembered like invalid UTF-8.
    void loneSurrogate(std::size_t& o, const Where& at)
    {
        m_invalid.push_back({m_outBase + o, at, true});
        emitHeld(o, "FFFD", 4, at);
    }

    // The fourth hex digit of a backslash-u escape was read.
    void escapeDone(std::size_t& o)
    {
        const bool high = m_uValue >= 0xd800 && m_uValue <= 0xdbff;
        const bool low = m_uValue >= 0xdc00 && m_uValue <= 0xdfff;
        if (m_highPending) {
            // This escape follows a high surrogate; its backslash and u are held too.
            m_highPending = false;
            if (low) {
                emitHeld(o, m_highDigits, 4, m_highWhere);
                emitHeld(o, "\\u", 2, m_afterWhere);
                emitHeld(o, m_uDigits, 4, m_uWhere);
                return;
            }
            loneSurrogate(o, m_highWhere);
            emitHeld(o, "\\u", 2, m_afterWhere);
        }
        if (high) {
            m_highPending = true;
            m_afterHigh = 0;
            std::memcpy(m_highDigits, m_uDigits, 4);
            m_highWhere = m_uWhere;
        } else if (low) {
            loneSurrogate(o, m_uWhere);
        } else {
            emitHeld(o, m_uDigits, 4, m_uWhere);
        }
    }

    // Hands over whatever a cut-short escape held, as it was (the parser
    // names the error).
    void flushEscape(std::size_t& o)
    {
        if (m_highPending) {
            emitHeld(o, m_highDigits, 4, m_highWhere);
            if (m_afterHigh >= 1) {
                emitHeld(o, m_afterHigh == 2 ? "\\u" : "\\", m_afterHigh == 2 ? 2 : 1, m_afterWhere);
            }
            m_highPending = false;
            m_afterHigh = 0;
        }
        if (m_inU) {
            if (m_uCount > 0) {
                emitHeld(o, m_uDigits, m_uCount, m_uWhere);
            }
            m_inU = false;
        }
    }

    void countStringByte()
    {
        if (++m_tokenLen > m_limits.maxFieldBytes) {
            limit(m_tokenStart, "a JSON string longer than " + formatBytes(m_limits.maxFieldBytes) +
                                    " (the field limit, --max-field-bytes) starts");
        }
    }

    // Fills the output buffer; returns its length (0 at the end of input).
    std::size_t fill()
    {
        std::size_t o = 0;
        const std::size_t cap = m_out.size() - 16;
        while (o < cap) {
            if (m_rawPos == m_rawLen) {
                if (m_srcEof) {
                    break;
                }
                const auto n =
                    m_src ? m_src->sgetn(m_raw.data(), static_cast<std::streamsize>(m_raw.size())) : 0;
                if (n <= 0) {
                    m_srcEof = true;
                    break;
                }
                m_rawPos = 0;
                m_rawLen = static_cast<std::size_t>(n);
            }
            if (m_inString && m_seqNeed == 0 && !m_escape && !m_inU && !m_highPending) {
                // The common case: a run of plain ASCII inside a string.
                const std::size_t room = std::min(m_rawLen - m_rawPos, cap - o);
                std::size_t k = 0;
                while (k < room) {
                    const auto b = static_cast<unsigned char>(m_raw[m_rawPos + k]);
                    if (b == '"' || b == '\\' || b >= 0x80 || b < 0x20) {
                        break;
                    }
                    ++k;
                }
                if (k > 0) {
                    if (m_tokenLen + k > m_limits.maxFieldBytes) {
                        m_tokenLen = m_limits.maxFieldBytes;
                        countStringByte(); // throws
                    }
                    mark(o, here());
                    std::memcpy(m_out.data() + o, m_raw.data() + m_rawPos, k);
                    o += k;
                    m_tokenLen += k;
                    m_rawPos += k;
                    m_srcOffset += k;
                    m_column += static_cast<std::int64_t>(k);
                    continue;
                }
            }
            const auto c = static_cast<unsigned char>(m_raw[m_rawPos]);
            if (!m_inString) {
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    if (m_wsRun == 0) {
                        mark(o, here());
                        m_out[o++] = static_cast<char>(c);
                    } else {
                        m_needMark = true; // a byte left out: the mapping restarts after it
                        if (m_wsRun >= m_limits.maxRecordBytes) {
                            limit(m_wsStart, "a run of whitespace longer than " +
                                                 formatBytes(m_limits.maxRecordBytes) +
                                                 " (the record limit, --max-record-bytes) starts");
                        }
                    }
                    if (m_wsRun == 0) {
                        m_wsStart = here();
                    }
                    ++m_wsRun;
                    m_tokenLen = 0;
                    advance(c);
                    continue;
                }
                m_wsRun = 0;
                if (c == '"') {
                    m_inString = true;
                    m_tokenLen = 0;
                    m_tokenStart = here();
                } else if (c == '{' || c == '[') {
                    if (++m_depth > m_limits.maxDepth) {
                        limit(here(),
                              "JSON nested deeper than " + std::to_string(m_limits.maxDepth) + " levels");
                    }
                    m_tokenLen = 0;
                } else if (c == '}' || c == ']' || c == ',' || c == ':') {
                    if ((c == '}' || c == ']') && m_depth > 0) {
                        --m_depth;
                    }
                    m_tokenLen = 0;
                } else {
                    // A number or literal (or garbage the parser will name).
                    if (m_tokenLen == 0) {
                        m_tokenStart = here();
                    }
                    if (++m_tokenLen > m_limits.maxFieldBytes) {
                        limit(m_tokenStart, "a JSON number or literal longer than " +
                                                formatBytes(m_limits.maxFieldBytes) +
                                                " (the field limit, --max-field-bytes) starts");
                    }
                }
                mark(o, here());
                m_out[o++] = static_cast<char>(c);
                advance(c);
                continue;
            }
            if (m_seqNeed > 0) {
                if ((c & 0xc0) == 0x80) {
                    m_seq[m_seqLen++] = static_cast<char>(c);
                    countStringByte();
                    advance(c);
                    if (m_seqLen == m_seqNeed) {
                        const std::string_view seq(m_seq, m_seqLen);
                        if (utf8::sequenceLength(seq, 0) == m_seqLen) {
                            mark(o, m_seqStart);
                            std::memcpy(m_out.data() + o, m_seq, m_seqLen);
                            o += m_seqLen;
                        } else {
                            invalidUtf8(o, m_seqStart); // overlong, surrogate or past U+10FFFF
                        }
                        m_seqNeed = 0;
                        m_seqLen = 0;
                    }
                } else {
                    // A sequence cut short: replaced; this byte is read again.
                    invalidUtf8(o, m_seqStart);
                    m_seqNeed = 0;
                    m_seqLen = 0;
                }
                continue;
            }
            if (m_inU) {
                const int digit = c >= '0' && c <= '9'   ? c - '0'
                                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                         : -1;
                if (digit < 0) {
                    flushEscape(o); // not an escape: the parser names it; this byte is read again
                    continue;
                }
                if (m_uCount == 0) {
                    m_uWhere = here();
                    m_uValue = 0;
                }
                m_uDigits[m_uCount++] = static_cast<char>(c);
                m_uValue = m_uValue * 16 + static_cast<std::uint32_t>(digit);
                countStringByte();
                advance(c);
                if (m_uCount == 4) {
                    m_inU = false;
                    escapeDone(o);
                }
                continue;
            }
            if (m_highPending) {
                // A high surrogate escape waits for its low half (DC00 to DFFF).
                if (m_afterHigh == 0 && c == '\\') {
                    m_afterHigh = 1;
                    m_afterWhere = here();
                    countStringByte();
                    advance(c);
                } else if (m_afterHigh == 1 && c == 'u') {
                    m_afterHigh = 2;
                    m_inU = true;
                    m_uCount = 0;
                    countStringByte();
                    advance(c);
                } else {
                    // Anything else: the high half was alone; this byte is read again.
                    m_highPending = false;
                    loneSurrogate(o, m_highWhere);
                    if (m_afterHigh == 1) {
                        emitHeld(o, "\\", 1, m_afterWhere);
                        m_escape = true;
                    }
                    m_afterHigh = 0;
                }
                continue;
            }
            if (m_escape) {
                m_escape = false;
                if (c == 'u') {
                    m_inU = true;
                    m_uCount = 0;
                }
            } else if (c == '\\') {
                m_escape = true;
            } else if (c == '"') {
                m_inString = false;
                m_tokenLen = 0;
                mark(o, here());
                m_out[o++] = static_cast<char>(c);
                advance(c);
                continue;
            } else if (c >= 0x80) {
                const std::size_t n = (c & 0xe0) == 0xc0   ? 2
                                      : (c & 0xf0) == 0xe0 ? 3
                                      : (c & 0xf8) == 0xf0 ? 4
                                                           : 0;
                const Where at = here();
                countStringByte();
                advance(c);
                if (n == 0) {
                    invalidUtf8(o, at);
                } else {
                    m_seq[0] = static_cast<char>(c);
                    m_seqLen = 1;
                    m_seqNeed = n;
                    m_seqStart = at;
                }
                continue;
            }
            countStringByte();
            mark(o, here());
            m_out[o++] = static_cast<char>(c);
            advance(c);
        }
        if (o < cap && m_srcEof && (m_inU || m_highPending)) {
            flushEscape(o);
        }
        if (o < cap && m_srcEof && m_seqNeed > 0) {
            invalidUtf8(o, m_seqStart); // the input ends inside a sequence
            m_seqNeed = 0;
            m_seqLen = 0;
        }
        return o;
    }

    std::streambuf* m_src;
    JsonLimits m_limits;
    std::vector<char> m_raw;
    std::vector<char> m_out;
    std::size_t m_rawPos = 0;
    std::size_t m_rawLen = 0;
    bool m_srcEof = false;
    bool m_eof = false;
    // Source position of the next raw byte.
    std::uint64_t m_srcOffset = 0;
    std::int64_t m_line = 1;
    std::int64_t m_column = 1;
    // Lexical state.
    bool m_inString = false;
    bool m_escape = false;
    std::uint64_t m_wsRun = 0;
    std::uint64_t m_tokenLen = 0;
    Where m_wsStart, m_tokenStart, m_seqStart;
    int m_depth = 0;
    char m_seq[4] = {};
    std::size_t m_seqLen = 0;
    std::size_t m_seqNeed = 0;
    // Mapping back to the source.
    std::vector<Mark> m_marks;
    bool m_needMark = true;
    std::uint64_t m_outBase = 0;
    Where m_prevLast;
    // A backslash-u escape being read, and a high surrogate waiting for its low half.
    bool m_inU = false;
    std::size_t m_uCount = 0;
    std::uint32_t m_uValue = 0;
    char m_uDigits[4] = {};
    Where m_uWhere;
    bool m_highPending = false;
    int m_afterHigh = 0; // 1: the next backslash is held, 2: backslash and u are held
    char m_highDigits[4] = {};
    Where m_highWhere, m_afterWhere;
    struct Invalid
    {
        std::uint64_t outPos;
        Where where;
        bool surrogate;
    };
    std::deque<Invalid> m_invalid;
};

// Builds a DOM from SAX events; the first of two equal keys wins.
class DomBuilder
{
public:
    void reset()
    {
        m_root = json();
        m_stack.clear();
        m_key.clear();
        m_skipNext = false;
        m_skipDepth = 0;
    }
    json& root() { return m_root; }
    bool skipping() const { return m_skipDepth > 0; }

    void scalar(json&& v)
    {
        if (m_skipDepth > 0) {
            return;
        }
        if (m_skipNext) {
            m_skipNext = false;
            return;
        }
        place(std::move(v));
    }
    void start(bool array)
    {
        if (m_skipDepth > 0) {
            ++m_skipDepth;
            return;
        }
        if (m_skipNext) {
            m_skipNext = false;
            m_skipDepth = 1;
            return;
        }
        json* p = place(array ? json::array() : json::object());
        m_stack.push_back(p);
    }
    void end()
    {
        if (m_skipDepth > 0) {
            --m_skipDepth;
            return;
        }
        if (!m_stack.empty()) {
            m_stack.pop_back();
        }
    }
    void key(std::string& k)
    {
        if (m_skipDepth > 0) {
            return;
        }
        if (!m_stack.empty() && m_stack.back()->is_object() && m_stack.back()->contains(k)) {
            m_skipNext = true; // a repeated key: keep the first value
            return;
        }
        m_key = std::move(k);
    }

private:
    json* place(json&& v)
    {
        if (m_stack.empty()) {
            m_root = std::move(v);
            return &m_root;
        }
        json* parent = m_stack.back();
        if (parent->is_array()) {
            parent->push_back(std::move(v));
            return &parent->back();
        }
        auto& obj = parent->get_ref<json::object_t&>();
        auto [it, inserted] = obj.emplace(std::move(m_key), std::move(v));
        m_key.clear();
        return &it->second;
    }

    json m_root;
    std::vector<json*> m_stack;
    std::string m_key;
    bool m_skipNext = false;
    int m_skipDepth = 0;
};

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

} // namespace

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

struct JsonRecordReader::Impl
{
    struct Frame
    {
        bool array = false;
        std::int64_t index = -1;
        std::string key;
    };

    std::vector<std::vector<std::string>> paths;
    std::vector<std::string> dropKeys;
    JsonLimits limits;
    std::vector<Frame> frames;
    DomBuilder rest;
    DomBuilder rec;
    int recordDepth = -1; // frames.size() when the record value started
    int dropDepth = -1;
    Record current;
    std::uint64_t recordStart = 0; // FilterBuf::consumed() where the record began
    std::uint64_t recordDropped = 0;
    std::uint64_t restBytes = 0; // parser bytes kept outside the records
    std::uint64_t lastEvent = 0; // FilterBuf::consumed() at the last event outside a record
    std::uint64_t dropStart = 0;
    const Callback* onRecord = nullptr;
    const std::function<void(std::uint64_t)>* onProgress = nullptr;
    FilterBuf* buf = nullptr;
    std::string errorWhat;
    std::uint64_t errorPos = 0;
    std::uint64_t consumed = 0;
    bool pendingInvalid = false; // the string of the current event had invalid UTF-8
    bool pendingSurrogate = false;
    Where invalidAt;

    bool keyDropped() const
    {
        if (frames.empty() || frames.back().array || dropKeys.empty()) {
            return false;
        }
        return std::find(dropKeys.begin(), dropKeys.end(), frames.back().key) != dropKeys.end();
    }
    int matchPath() const
    {
        for (std::size_t p = 0; p < paths.size(); ++p) {
            const auto& steps = paths[p];
            if (steps.size() != frames.size()) {
                continue;
            }
            bool ok = true;
            for (std::size_t i = 0; i < steps.size() && ok; ++i) {
                ok = frames[i].array ? steps[i] == "*" : steps[i] == frames[i].key;
            }
            if (ok) {
                return static_cast<int>(p);
            }
        }
        return -1;
    }

    // Memory is bounded by what the parser kept: a record, and the rest of
    // the document, each at most the record limit (whitespace runs count as
    // one byte: they are not kept).
    void checkSize()
    {
        if (!buf) {
            return;
        }
        const auto now = buf->consumed();
        if (recordDepth >= 0) {
            if (now - recordStart - recordDropped > limits.maxRecordBytes) {
                throw JsonLimitError(current.line, 0, current.offset,
                                     "the record starting at line " + std::to_string(current.line) +
                                         " is larger than " + formatBytes(limits.maxRecordBytes) +
                                         " (the record limit, --max-record-bytes)");
            }
            return;
        }
        if (dropDepth < 0) {
            restBytes += now - lastEvent;
            lastEvent = now;
            if (restBytes > limits.maxRecordBytes) {
                const Where w = buf->lastRead();
                throw JsonLimitError(
                    w.line, w.column, w.offset,
                    "the document holds more than " + formatBytes(limits.maxRecordBytes) +
                        " outside its records (the record limit, --max-record-bytes) at line " +
                        std::to_string(w.line));
            }
        }
    }

    // Invalid UTF-8 in the string just read: the record is marked (and then
    // refused by the importer); in a dropped value it does not matter; in the
    // rest of the document it is an error.
    void invalidString(int where)
    {
        if (!pendingInvalid) {
            return;
        }
        pendingInvalid = false;
        if (where == 2) {
            if (current.invalidUtf8Line == 0) {
                current.invalidUtf8Line = invalidAt.line;
                current.invalidUtf8Column = invalidAt.column;
                current.invalidUtf8Surrogate = pendingSurrogate;
            }
        } else if (where == 1) {
            throw JsonSyntaxError(
                invalidAt.line, invalidAt.column, invalidAt.offset,
                pendingSurrogate
                    ? "invalid UTF-8 (a lone surrogate escape) in a string; JSON text must be UTF-8"
                    : "invalid UTF-8 in a string; JSON text must be UTF-8");
        }
    }

    // Called when a value (scalar or container) begins. Returns where its
    // events go: 0 dropped, 1 rest, 2 record.
    int beginValue(bool container)
    {
        if (!frames.empty() && frames.back().array) {
            ++frames.back().index;
        }
        if (dropDepth >= 0) {
            return 0;
        }
        if (keyDropped()) {
            if (container) {
                dropDepth = static_cast<int>(frames.size());
            } else if (buf) {
                // A dropped scalar: read already, not kept.
                const auto now = buf->consumed();
                if (recordDepth >= 0) {
                    recordDropped += now - dropStart;
                } else {
                    lastEvent = now;
                }
            }
            return 0;
        }
        if (recordDepth >= 0) {
            return 2;
        }
        if (!paths.empty()) {
            const int p = matchPath();
            if (p >= 0) {
                current.path = p;
                current.indices.clear();
                for (const auto& f : frames) {
                    if (f.array) {
                        current.indices.push_back(f.index);
                    }
                }
                current.line = buf ? buf->lastRead().line : 0;
                current.offset = buf ? buf->position() : 0;
                current.invalidUtf8Line = 0;
                current.invalidUtf8Column = 0;
                current.invalidUtf8Surrogate = false;
                recordStart = buf ? buf->consumed() : 0;
                recordDropped = 0;
                rec.reset();
                recordDepth = static_cast<int>(frames.size());
                return 2;
            }
        }
        return 1;
    }
    void deliver()
    {
        recordDepth = -1;
        if (buf) {
            lastEvent = buf->consumed();
        }
        if (onRecord && *onRecord) {
            (*onRecord)(current, rec.root());
        }
        rec.reset();
        if (buf) {
            consumed = buf->position();
        }
        if (onProgress && *onProgress) {
            (*onProgress)(consumed);
        }
    }
    void scalar(json&& v)
    {
        const int where = beginValue(false);
        invalidString(where);
        switch (where) {
        case 1:
            checkSize();
            rest.scalar(std::move(v));
            break;
        case 2:
            checkSize();
            rec.scalar(std::move(v));
            if (recordDepth == static_cast<int>(frames.size())) {
                deliver();
            }
            break;
        default:
            break;
        }
    }
    void start(bool array)
    {
        const int where = beginValue(true);
        if (where == 1) {
            checkSize();
            rest.start(array);
        } else if (where == 2) {
            checkSize();
            rec.start(array);
        }
        frames.push_back({array, -1, {}});
    }
    void end()
    {
        frames.pop_back();
        const int depth = static_cast<int>(frames.size());
        if (dropDepth >= 0) {
            if (dropDepth == depth) {
                dropDepth = -1;
                if (buf) {
                    const auto now = buf->consumed();
                    if (recordDepth >= 0) {
                        recordDropped += now - dropStart;
                    } else {
                        lastEvent = now;
                    }
                }
            }
            return;
        }
        checkSize();
        if (recordDepth >= 0) {
            rec.end();
            if (recordDepth == depth) {
                deliver();
            }
            return;
        }
        rest.end();
    }
    void key(std::string& k)
    {
        if (dropDepth >= 0) {
            pendingInvalid = false;
            return;
        }
        invalidString(recordDepth >= 0 ? 2 : 1);
        checkSize();
        frames.back().key = k;
        if (keyDropped()) {
            if (buf) {
                dropStart = buf->consumed();
            }
            return;
        }
        if (recordDepth >= 0) {
            rec.key(k);
        } else {
            rest.key(k);
        }
    }
    void stringRead()
    {
        if (buf && buf->takeInvalidUtf8(invalidAt, pendingSurrogate)) {
            pendingInvalid = true;
        }
    }
};

namespace {

struct Sax
{
    JsonRecordReader::Impl& d;
    bool null()
    {
        d.scalar(json(nullptr));
        return true;
    }
    bool boolean(bool v)
    {
        d.scalar(json(v));
        return true;
    }
    bool number_integer(json::number_integer_t v)
    {
        d.scalar(json(v));
        return true;
    }
    bool number_unsigned(json::number_unsigned_t v)
    {
        d.scalar(json(v));
        return true;
    }
    bool number_float(json::number_float_t v, const json::string_t&)
    {
        d.scalar(json(v));
        return true;
    }
    bool string(json::string_t& v)
    {
        d.stringRead();
        d.scalar(json(std::move(v)));
        return true;
    }
    bool binary(json::binary_t&)
    {
        d.scalar(json());
        return true;
    }
    bool start_object(std::size_t)
    {
        d.start(false);
        return true;
    }
    bool key(json::string_t& k)
    {
        d.stringRead();
        d.key(k);
        return true;
    }
    bool end_object()
    {
        d.end();
        return true;
    }
    bool start_array(std::size_t)
    {
        d.start(true);
        return true;
    }
    bool end_array()
    {
        d.end();
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex)
    {
        d.errorPos = position;
        d.errorWhat = ex.what();
        return false;
    }
};

[[noreturn]] void throwSyntax(const std::string& what, std::uint64_t pos, bool atEnd = false)
{
    std::string message = cleanMessage(what);
    if (atEnd && message.find("truncated") == std::string::npos) {
        message += " (the input ends here: the file is truncated or incomplete)";
    }
    throw JsonSyntaxError(numberAfter(what, "at line "), numberAfter(what, ", column "), pos, message);
}

} // namespace

JsonRecordReader::JsonRecordReader(std::vector<std::vector<std::string>> paths,
                                   std::vector<std::string> dropKeys, JsonLimits limits)
    : d(std::make_unique<Impl>())
{
    d->paths = std::move(paths);
    d->dropKeys = std::move(dropKeys);
    d->limits = limits;
}

JsonRecordReader::~JsonRecordReader() = default;

nlohmann::json& JsonRecordReader::rest()
{
    return d->rest.root();
}

std::uint64_t JsonRecordReader::bytesConsumed() const
{
    return d->consumed;
}

void JsonRecordReader::parse(std::istream& in, const Callback& onRecord,
                             const std::function<void(std::uint64_t)>& onProgress)
{
    FilterBuf filter(in.rdbuf(), d->limits);
    std::istream fin(&filter);
    d->buf = &filter;
    d->onRecord = &onRecord;
    d->onProgress = &onProgress;
    d->frames.clear();
    d->rest.reset();
    d->recordDepth = -1;
    d->dropDepth = -1;
    d->restBytes = 0;
    d->lastEvent = 0;
    d->pendingInvalid = false;
    Sax sax{*d};
    bool ok = false;
    try {
        ok = json::sax_parse(fin, &sax, json::input_format_t::json, true, false);
    } catch (...) {
        d->buf = nullptr;
        throw;
    }
    d->consumed = filter.position();
    d->buf = nullptr;
    if (!ok) {
        // The position comes from the filter: the parser's own line and
        // column count the bytes it was handed, not the file's.
        const Where w = filter.lastRead();
        std::string message = cleanMessage(d->errorWhat);
        if (filter.atEof() && w.offset + 1 >= filter.position() &&
            message.find("truncated") == std::string::npos) {
            message += " (the input ends here: the file is truncated or incomplete)";
        }
        throw JsonSyntaxError(w.line, w.column, w.offset, message);
    }
}

nlohmann::json parseJsonFirstWins(std::string_view text)
{
    JsonRecordReader::Impl impl;
    Sax sax{impl};
    const bool ok = json::sax_parse(text.begin(), text.end(), &sax, json::input_format_t::json, true, false);
    if (!ok) {
        throwSyntax(impl.errorWhat, impl.errorPos, impl.errorPos + 1 >= text.size());
    }
    return std::move(impl.rest.root());
}

std::string stringMember(const nlohmann::json& obj, const char* key, const std::string& fallback)
{
    if (!obj.is_object()) {
        return fallback;
    }
    const auto it = obj.find(key);
    return it != obj.end() && it->is_string() ? it->get<std::string>() : fallback;
}

} // namespace pb
