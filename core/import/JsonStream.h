// Streaming JSON for single-document formats (Jaeger, HAR, GenAI-Perf,
// LLMPerf, vLLM): a SAX parse that hands over each record (an element of a
// chosen array, e.g. `log.entries[*]`) as a small DOM and forgets it, so memory
// is bounded by the largest record plus what lies outside the records.
// Objects with a repeated key keep the first value (AIPerf's docs example has
// a duplicated `time_to_first_token`; the first is the real one).
//
// Bounded by construction: the input passes a filter before the parser that
// drops insignificant whitespace (a run of it is one character to the parser,
// whatever its length), and refuses a string longer than the field limit, a
// number or literal longer than the field limit, a whitespace run longer than
// the record limit and nesting deeper than the depth limit, each as soon as
// that much was read. A record (and what lies outside the records) larger
// than the record limit is refused the same way. Invalid UTF-8 in a string,
// or a lone surrogate escape (backslash-u D800 without its low half, as Python
// writes undecodable bytes), makes its record invalid
// (Record::invalidUtf8Line), never the parse: the importer refuses or skips
// that record like any bad one.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pb::import {

// Invalid JSON: where, and what the parser expected.
class JsonSyntaxError : public std::runtime_error
{
public:
    JsonSyntaxError(std::int64_t line, std::int64_t column, std::uint64_t offset, const std::string& message);
    std::int64_t line() const { return m_line; }
    std::int64_t column() const { return m_column; }
    std::uint64_t offset() const { return m_offset; }
    // The message for an import error: "invalid JSON at column 7 (byte offset
    // 1234): …", or for a limit the limit's own message.
    virtual std::string describe() const;

private:
    std::int64_t m_line;
    std::int64_t m_column;
    std::uint64_t m_offset;
};

// Input over one of the limits below (not malformed: too large to read).
class JsonLimitError : public JsonSyntaxError
{
public:
    using JsonSyntaxError::JsonSyntaxError;
    std::string describe() const override { return what(); }
};

struct JsonLimits
{
    std::uint64_t maxRecordBytes = std::uint64_t(64) << 20; // a record; the rest; a whitespace run
    std::uint64_t maxFieldBytes = std::uint64_t(16) << 20;  // a string, number or literal
    int maxDepth = 512;                                     // nesting of arrays and objects
    std::uint64_t maxWhitespaceBytes = 0;                   // a whitespace run; 0 = maxRecordBytes
};

// The first JSON string in `text` (one line, strings never span lines) longer
// than `maxBytes`: its 1-based column, or 0 when there is none.
std::size_t longJsonString(std::string_view text, std::uint64_t maxBytes);

// Like nlohmann::json::parse (strict: one value, nothing after it), but the
// first of two equal keys wins. Throws JsonSyntaxError.
nlohmann::json parseJsonFirstWins(std::string_view text);

// The string member `key` of `obj`, or `fallback` when `obj` is not an object
// or the member is absent or of another type. json::value() would throw a
// type error on a member of another type, which is not a located ImportError.
std::string stringMember(const nlohmann::json& obj, const char* key, const std::string& fallback = {});

class JsonRecordReader
{
public:
    struct Record
    {
        int path = 0;                      // index into the paths given to the constructor
        std::vector<std::int64_t> indices; // the array indices on the way, outermost first
        std::int64_t line = 0;             // 1-based line where the record starts
        std::uint64_t offset = 0;          // byte offset where the record starts
        // Line and column of the first string in the record with invalid UTF-8
        // (replaced by U+FFFD in `value`); 0 when every string is valid.
        std::int64_t invalidUtf8Line = 0;
        std::int64_t invalidUtf8Column = 0;
        bool invalidUtf8Surrogate = false; // it was a lone surrogate escape, not a byte
    };
    using Callback = std::function<void(const Record&, nlohmann::json& value)>;

    // Each path is a list of steps from the root: an object key, or "*" for
    // any element of an array (e.g. {"log", "entries", "*"}). `dropKeys` are
    // object keys whose values are skipped wherever they occur (large or
    // recursive parts nobody needs, e.g. Jaeger UI's references[].span).
    explicit JsonRecordReader(std::vector<std::vector<std::string>> paths,
                              std::vector<std::string> dropKeys = {}, JsonLimits limits = {});
    ~JsonRecordReader();

    // Parses the whole stream. `onProgress` receives the bytes consumed after
    // each record. Throws JsonSyntaxError (JsonLimitError beyond the limits;
    // invalid UTF-8 outside the records is a syntax error), or whatever the
    // callbacks throw.
    void parse(std::istream& in, const Callback& onRecord,
               const std::function<void(std::uint64_t bytes)>& onProgress = {});

    // The document without its records and dropped keys (scalars, headers).
    nlohmann::json& rest();
    // Bytes consumed so far.
    std::uint64_t bytesConsumed() const;

    struct Impl; // implementation detail, shared with parseJsonFirstWins

private:
    std::unique_ptr<Impl> d;
};

} // namespace pb::import
