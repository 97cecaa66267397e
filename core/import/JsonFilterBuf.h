// Internal to JsonStream: the byte filter between the source and the JSON
// parser (JsonFilterBuf.cpp), read inline by the record reader (JsonStream.cpp),
// and the parser-message helpers (JsonText.cpp).
#pragma once

#include "import/Importer.h"
#include "import/JsonStream.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <streambuf>
#include <string>
#include <vector>

namespace pb::import::jsonstream {

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
    int_type underflow() override;

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

    // Defined in JsonFilterBuf.cpp, the only place they are used; inline as
    // when they were in the class, so that fill() keeps them inlined.
    inline void invalidUtf8(std::size_t& o, const Where& at);
    inline void emitHeld(std::size_t& o, const char* p, std::size_t n, const Where& at);
    inline void loneSurrogate(std::size_t& o, const Where& at);
    inline void escapeDone(std::size_t& o);
    inline void flushEscape(std::size_t& o);

    void countStringByte()
    {
        if (++m_tokenLen > m_limits.maxFieldBytes) {
            limit(m_tokenStart, "a JSON string longer than " + formatBytes(m_limits.maxFieldBytes) +
                                    " (the field limit, --max-field-bytes) starts");
        }
    }

    // Fills the output buffer; returns its length (0 at the end of input).
    inline std::size_t fill();

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

// The number after `tag` in a parser message ("at line 3, column 5"), 0 when absent.
std::int64_t numberAfter(const std::string& s, const char* tag);
// A parser message without nlohmann's prefix, its echo of the input made printable.
std::string cleanMessage(const std::string& what);

} // namespace pb::import::jsonstream
