// Streaming JSON for single-document formats (Jaeger, HAR, GenAI-Perf,
// LLMPerf, vLLM): a SAX parse that hands over each record (an element of a
// chosen array, e.g. `log.entries[*]`) as a small DOM and forgets it, so memory
// is bounded by the largest record plus what lies outside the records.
// Objects with a repeated key keep the first value (AIPerf's docs example has
// a duplicated `time_to_first_token`; the first is the real one).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pb {

// Invalid JSON: where, and what the parser expected.
class JsonSyntaxError : public std::runtime_error
{
public:
    JsonSyntaxError(std::int64_t line, std::int64_t column, std::uint64_t offset, const std::string& message);
    std::int64_t line() const { return m_line; }
    std::int64_t column() const { return m_column; }
    std::uint64_t offset() const { return m_offset; }

private:
    std::int64_t m_line;
    std::int64_t m_column;
    std::uint64_t m_offset;
};

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
    };
    using Callback = std::function<void(const Record&, nlohmann::json& value)>;

    // Each path is a list of steps from the root: an object key, or "*" for
    // any element of an array (e.g. {"log", "entries", "*"}). `dropKeys` are
    // object keys whose values are skipped wherever they occur (large or
    // recursive parts nobody needs, e.g. Jaeger UI's references[].span).
    explicit JsonRecordReader(std::vector<std::vector<std::string>> paths,
                              std::vector<std::string> dropKeys = {});
    ~JsonRecordReader();

    // Parses the whole stream. `onProgress` receives the bytes consumed after
    // each record. Throws JsonSyntaxError, or whatever the callbacks throw.
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

} // namespace pb
