// Streaming RFC 4180 reader: quoted fields, doubled quotes, line breaks inside
// quotes, LF or CRLF, a UTF-8 BOM. Constant memory in the file size, and
// bounded per record: a record larger than `maxRecord` bytes (counting each
// field's bookkeeping) or a field longer than `maxField` is an error once
// that much was read, never buffered beyond. Spaces and tabs around an
// unquoted field are not kept (every importer trims them), so a run of
// whitespace costs nothing but the bytes counted against the record limit.
#pragma once

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

namespace pb::import {

// A record or field over the reader's limits.
class CsvLimitError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

class CsvReader
{
public:
    static constexpr std::uint64_t kDefaultMaxRecord = std::uint64_t(64) << 20;
    static constexpr std::uint64_t kDefaultMaxField = std::uint64_t(16) << 20;

    explicit CsvReader(std::istream& in, char delimiter = ',', std::uint64_t maxRecord = kDefaultMaxRecord,
                       std::uint64_t maxField = kDefaultMaxField);

    // Reads the next record into `fields`; false at end of input. Throws
    // std::runtime_error with a reason for malformed input (unterminated
    // quote, text after a closing quote, binary data), CsvLimitError beyond
    // the limits.
    bool next(std::vector<std::string>& fields);
    // Physical line on which the last record started (1-based).
    std::int64_t line() const { return m_recordLine; }
    std::uint64_t bytesRead() const { return m_bytes; }

private:
    int get();
    int peek();
    void append(std::string& field, char c);
    [[noreturn]] void recordTooLarge() const;
    [[noreturn]] void fieldTooLong() const;

    std::istream& m_in;
    char m_delim;
    std::uint64_t m_maxRecord;
    std::uint64_t m_maxField;
    std::vector<char> m_buf;
    std::size_t m_pos = 0;
    std::size_t m_len = 0;
    std::uint64_t m_bytes = 0;
    std::uint64_t m_recordEnd = 0; // m_bytes beyond which the current record is too large
    std::uint64_t m_pendingSpace = 0;
    std::int64_t m_line = 1;
    std::int64_t m_recordLine = 0;
    bool m_first = true;
};

} // namespace pb::import
