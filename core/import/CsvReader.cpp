#include "import/CsvReader.h"

#include "import/Importer.h"

namespace pb::import {

CsvReader::CsvReader(std::istream& in, char delimiter, std::uint64_t maxRecord, std::uint64_t maxField)
    : m_in(in)
    , m_delim(delimiter)
    , m_maxRecord(maxRecord)
    , m_maxField(maxField)
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
        if (m_bytes > m_recordEnd) {
            recordTooLarge();
        }
    }
    return c;
}

void CsvReader::recordTooLarge() const
{
    throw CsvLimitError("the record starting on line " + std::to_string(m_recordLine) + " is larger than " +
                        formatBytes(m_maxRecord) +
                        " (the record limit, --max-record-bytes); expected one record per line");
}

void CsvReader::fieldTooLong() const
{
    throw CsvLimitError("a field of the record starting on line " + std::to_string(m_recordLine) +
                        " is longer than " + formatBytes(m_maxField) +
                        " (the field limit, --max-field-bytes)");
}

void CsvReader::append(std::string& field, char c)
{
    if (field.size() >= m_maxField) {
        fieldTooLong();
    }
    field.push_back(c);
}

bool CsvReader::next(std::vector<std::string>& fields)
{
    fields.clear();
    if (m_first) {
        m_first = false;
        // Skip a UTF-8 byte order mark.
        if (peek() == 0xEF) {
            m_recordEnd = m_bytes + 3;
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
    m_recordEnd = m_bytes + m_maxRecord;
    // Each field also costs its string: a record of delimiters is bounded too.
    auto charge = [&] {
        if (m_recordEnd - m_bytes < sizeof(std::string)) {
            recordTooLarge();
        }
        m_recordEnd -= sizeof(std::string);
    };
    std::string field;
    // Whitespace of an unquoted field waits here until a character follows it
    // (it is inside the field then); at the field's end it is dropped. Past
    // the field limit it is only counted: it can never be kept.
    std::string space;
    bool leadingSpace = false; // whitespace before the first character (makes a quote literal)
    bool quoted = false;
    bool afterQuote = false;
    auto endField = [&] {
        charge();
        fields.push_back(std::move(field));
        field.clear();
        space.clear();
        m_pendingSpace = 0;
        leadingSpace = false;
        afterQuote = false;
    };
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
                    append(field, '"');
                } else {
                    quoted = false;
                    afterQuote = true;
                }
            } else {
                if (c == '\n') {
                    ++m_line;
                }
                append(field, static_cast<char>(c));
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
            endField();
            return true;
        }
        if (c == m_delim) {
            endField();
            continue;
        }
        if (afterQuote) {
            throw std::runtime_error("expected a delimiter after a closing quote");
        }
        if (c == ' ' || c == '\t') {
            if (field.empty()) {
                leadingSpace = true; // not kept: every importer trims it
            } else {
                ++m_pendingSpace;
                if (field.size() + space.size() < m_maxField) {
                    space.push_back(static_cast<char>(c));
                }
            }
            continue;
        }
        if (c == '"' && field.empty() && !leadingSpace) {
            quoted = true;
            continue;
        }
        if (m_pendingSpace > 0) {
            if (field.size() + m_pendingSpace >= m_maxField) {
                fieldTooLong(); // the field cannot hold its whitespace and this character
            }
            field += space;
            space.clear();
            m_pendingSpace = 0;
        }
        append(field, static_cast<char>(c));
    }
}

} // namespace pb::import
