#include "import/JsonFilterBuf.h"

#include "util/Utf8.h"

namespace pb::import::jsonstream {

void FilterBuf::invalidUtf8(std::size_t& o, const Where& at)
{
    mark(o, at);
    m_invalid.push_back({m_outBase + o, at, false});
    m_out[o++] = '\xef';
    m_out[o++] = '\xbf';
    m_out[o++] = '\xbd';
    m_needMark = true;
}

// Bytes held back and handed over now, from source position `at`.
void FilterBuf::emitHeld(std::size_t& o, const char* p, std::size_t n, const Where& at)
{
    m_needMark = true;
    mark(o, at);
    std::memcpy(m_out.data() + o, p, n);
    o += n;
    m_needMark = true;
}

// The four hex digits of a lone surrogate escape (backslash-u D800 to DFFF without
// its pair) become FFFD, remembered like invalid UTF-8.
void FilterBuf::loneSurrogate(std::size_t& o, const Where& at)
{
    m_invalid.push_back({m_outBase + o, at, true});
    emitHeld(o, "FFFD", 4, at);
}

// The fourth hex digit of a backslash-u escape was read.
void FilterBuf::escapeDone(std::size_t& o)
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
void FilterBuf::flushEscape(std::size_t& o)
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

std::size_t FilterBuf::fill()
{
    std::size_t o = 0;
    const std::size_t cap = m_out.size() - 16;
    while (o < cap) {
        if (m_rawPos == m_rawLen) {
            if (m_srcEof) {
                break;
            }
            const auto n = m_src ? m_src->sgetn(m_raw.data(), static_cast<std::streamsize>(m_raw.size())) : 0;
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
                    const auto wsLimit = m_limits.maxWhitespaceBytes > 0 ? m_limits.maxWhitespaceBytes
                                                                         : m_limits.maxRecordBytes;
                    if (m_wsRun >= wsLimit) {
                        limit(m_wsStart, "a run of whitespace longer than " + formatBytes(wsLimit) +
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
                    limit(here(), "JSON nested deeper than " + std::to_string(m_limits.maxDepth) + " levels");
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

FilterBuf::int_type FilterBuf::underflow()
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

} // namespace pb::import::jsonstream
