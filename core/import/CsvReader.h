// Streaming RFC 4180 reader: quoted fields, doubled quotes, line breaks inside
// quotes, LF or CRLF, a UTF-8 BOM. Constant memory in the file size.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace pb {

class CsvReader
{
public:
    explicit CsvReader(std::istream& in, char delimiter = ',');

    // Reads the next record into `fields`; false at end of input. Throws
    // std::runtime_error with a reason for malformed input (unterminated
    // quote, text after a closing quote, binary data).
    bool next(std::vector<std::string>& fields);
    // Physical line on which the last record started (1-based).
    std::int64_t line() const { return m_recordLine; }
    std::uint64_t bytesRead() const { return m_bytes; }

private:
    int get();
    int peek();

    std::istream& m_in;
    char m_delim;
    std::vector<char> m_buf;
    std::size_t m_pos = 0;
    std::size_t m_len = 0;
    std::uint64_t m_bytes = 0;
    std::int64_t m_line = 1;
    std::int64_t m_recordLine = 0;
    bool m_first = true;
};

} // namespace pb
