#include "import/CsvReader.h"

#include <stdexcept>

namespace pb {

CsvReader::CsvReader(std::istream& in, char delimiter)
    : m_in(in)
    , m_delim(delimiter)
    , m_buf(1 << 16)
{}

int CsvReader::peek()
{
    if (m_pos == m_len) {
        m_in.read(m_buf.data(), static_cast<std::streamsize>(m_buf.size()));
        m_len = static_cast<std::size_t>(m_in.gcount());
        m_pos = 0;
        if (m_len == 0) {
            return -1;
        }
    }
    return static_cast<unsigned char>(m_buf[m_pos]);
}

int CsvReader::get()
{
    const int c = peek();
    if (c >= 0) {
        ++m_pos;
        ++m_bytes;
    }
    return c;
}

bool CsvReader::next(std::vector<std::string>& fields)
{
    fields.clear();
    if (m_first) {
        m_first = false;
        // Skip a UTF-8 byte order mark.
        if (peek() == 0xEF) {
            get();
            if (get() != 0xBB || get() != 0xBF) {
                throw std::runtime_error("expected UTF-8 text, found a damaged byte order mark");
            }
        }
    }
    int c = peek();
    if (c < 0) {
        return false;
    }
    m_recordLine = m_line;
    std::string field;
    bool quoted = false;
    bool afterQuote = false;
    while (true) {
        c = get();
        if (c == 0) {
            throw std::runtime_error("expected text, found binary data (a NUL byte)");
        }
        if (quoted) {
            if (c < 0) {
                throw std::runtime_error("unterminated quoted field (started on line " +
                                         std::to_string(m_recordLine) + ")");
            }
            if (c == '"') {
                if (peek() == '"') {
                    get();
                    field.push_back('"');
                } else {
                    quoted = false;
                    afterQuote = true;
                }
            } else {
                if (c == '\n') {
                    ++m_line;
                }
                field.push_back(static_cast<char>(c));
            }
            continue;
        }
        if (c < 0 || c == '\n' || c == '\r') {
            if (c == '\r' && peek() == '\n') {
                get();
            }
            if (c >= 0) {
                ++m_line;
            }
            fields.push_back(std::move(field));
            return true;
        }
        if (c == m_delim) {
            fields.push_back(std::move(field));
            field.clear();
            afterQuote = false;
            continue;
        }
        if (afterQuote) {
            throw std::runtime_error("expected a delimiter after a closing quote");
        }
        if (c == '"' && field.empty()) {
            quoted = true;
            continue;
        }
        field.push_back(static_cast<char>(c));
    }
}

} // namespace pb
