#include "import/LineReader.h"

#include "import/Importer.h"

#include <cstring>

namespace pb::import {
namespace {
constexpr std::size_t kLineChunk = 1u << 20;
}

LineReader::LineReader(std::istream& in, std::string sourceName, std::size_t maxLine)
    : m_in(in)
    , m_name(std::move(sourceName))
    , m_max(maxLine)
    , m_buf(kLineChunk + kPadding, '\0')
{}

std::size_t LineReader::paddedCapacity(std::string_view line) const
{
    return static_cast<std::size_t>(m_buf.data() + m_buf.size() - line.data());
}

void LineReader::tooLong() const
{
    throw ImportError(m_name, m_lineNo + 1,
                      "line is longer than " + formatBytes(m_max) +
                          " without a line break (the record limit, --max-record-bytes); expected one JSON "
                          "document per line");
}

// Moves the unread tail to the front and reads more; false when nothing new came.
bool LineReader::fill()
{
    if (m_eof) {
        return false;
    }
    if (m_begin > 0) {
        std::memmove(m_buf.data(), m_buf.data() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    const std::size_t usable = m_buf.size() - kPadding;
    if (m_end == usable) {
        if (usable >= m_max) {
            tooLong();
        }
        const std::size_t grown = std::min(usable * 2, m_max);
        m_buf.resize(grown + kPadding, '\0');
    }
    const std::size_t room = m_buf.size() - kPadding - m_end;
    m_in.read(m_buf.data() + m_end, static_cast<std::streamsize>(room));
    const auto n = static_cast<std::size_t>(m_in.gcount());
    if (n == 0) {
        m_eof = true;
        return false;
    }
    m_end += n;
    return true;
}

bool LineReader::next(std::string_view& line)
{
    std::size_t scanFrom = m_begin;
    while (true) {
        const char* start = m_buf.data() + scanFrom;
        const void* nl = std::memchr(start, '\n', m_end - scanFrom);
        if (nl) {
            const auto pos = static_cast<std::size_t>(static_cast<const char*>(nl) - m_buf.data());
            std::size_t len = pos - m_begin;
            const char* b = m_buf.data() + m_begin;
            if (len > 0 && b[len - 1] == '\r') {
                --len;
            }
            if (len > m_max) {
                tooLong();
            }
            line = std::string_view(b, len);
            m_consumed += pos + 1 - m_begin;
            m_begin = pos + 1;
            ++m_lineNo;
            return true;
        }
        const std::size_t scanned = m_end - m_begin;
        if (!fill()) {
            if (m_end == m_begin) {
                return false;
            }
            // Last line without a terminator.
            std::size_t len = m_end - m_begin;
            const char* b = m_buf.data() + m_begin;
            if (len > 0 && b[len - 1] == '\r') {
                --len;
            }
            if (len > m_max) {
                tooLong();
            }
            // Keep the padding after the line zeroed for simdjson.
            std::memset(m_buf.data() + m_end, 0, std::min(kPadding, m_buf.size() - m_end));
            line = std::string_view(b, len);
            m_consumed += m_end - m_begin;
            m_begin = m_end;
            ++m_lineNo;
            return true;
        }
        scanFrom = m_begin + scanned; // only the new bytes need scanning
    }
}

} // namespace pb::import
