// Line-by-line reading of JSON-lines / NDJSON input with line numbers, in
// constant memory: a line is a view into a reused buffer, valid until the next
// call. Every returned view is followed by at least kPadding readable bytes,
// so it can be handed to simdjson without a copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace pb::import {

class LineReader
{
public:
    static constexpr std::size_t kPadding = 64;
    static constexpr std::size_t kDefaultMaxLine = 64u << 20; // ImportLimits::maxRecordBytes

    // `sourceName` names the file in errors. A line longer than `maxLine`
    // throws ImportError (a runaway binary file or a missing newline) once
    // `maxLine` bytes are buffered, never more.
    LineReader(std::istream& in, std::string sourceName, std::size_t maxLine = kDefaultMaxLine);

    // The next line without its "\n" or "\r\n"; false at the end of input.
    bool next(std::string_view& line);
    // 1-based number of the line last returned.
    std::int64_t lineNumber() const { return m_lineNo; }
    // Bytes of input consumed up to the end of the last returned line.
    std::uint64_t bytesConsumed() const { return m_consumed; }
    // Capacity (length + padding) that the last returned line may be read with.
    std::size_t paddedCapacity(std::string_view line) const;

private:
    bool fill();
    [[noreturn]] void tooLong() const;

    std::istream& m_in;
    std::string m_name;
    std::size_t m_max;
    std::vector<char> m_buf;
    std::size_t m_begin = 0; // first unread byte
    std::size_t m_end = 0;   // end of valid data
    std::int64_t m_lineNo = 0;
    std::uint64_t m_consumed = 0;
    bool m_eof = false;
};

} // namespace pb::import
