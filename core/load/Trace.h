// Trace replay (docs/scenario.md, "Trace replay"): a request trace read as
// arrivals with their lengths, and the synthetic prompts that share prefixes
// as the trace's hash blocks say.
//   mooncake  JSON lines {"timestamp": ms, "input_length", "output_length",
//             "hash_ids": [block ids]} (Mooncake's published traces)
//   csv       offset_ms,input_tokens,output_tokens[,session_id[,prefix_group]]
// The parser is pure: text in, entries out, every error as "file:line: what
// was expected".
#pragma once

#include "load/Random.h"
#include "util/Utf8.h"

#include <cstdint>
#include <functional>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

namespace pb::load {

using TraceNanos = std::int64_t;

// Its message quotes the trace's bytes: repaired to valid UTF-8, so that a
// terminal, a log or the window never meets bytes it cannot show.
class TraceError : public std::runtime_error
{
public:
    explicit TraceError(std::string what)
        : std::runtime_error(repaired(std::move(what)))
    {}

private:
    static std::string repaired(std::string s)
    {
        utf8::repair(s);
        return s;
    }
};

enum class TraceFormat { Mooncake, Csv };

struct TraceEntry
{
    TraceNanos offset = 0; // from the trace's first entry
    std::int64_t inputTokens = 0;
    std::int64_t outputTokens = 0;
    std::vector<std::uint64_t> hashIds; // leading prompt blocks, shared between entries by id
};

// The largest trace read: bounds the memory of the prepared bodies.
inline constexpr std::size_t kMaxTraceEntries = 1'000'000;
inline constexpr std::int64_t kMaxTraceTokens = 1'000'000; // input or output of one entry
inline constexpr std::int64_t kMaxReplayPromptBytes = std::int64_t(1) << 30;
inline constexpr std::int64_t kBytesPerTokenOfTrace = 4; // TokenEstimate.h

// Called every few lines with the bytes read so far; returning false cancels
// (TraceError "cancelled").
using TraceProgress = std::function<bool(std::uint64_t bytesRead)>;

// `blockTokens` places the CSV's prefix groups in blocks (Mooncake's hash
// ids need no size to be read). Offsets are relative to the first entry and
// must not decrease. Throws TraceError.
std::vector<TraceEntry> parseTrace(std::istream& in, const std::string& file, TraceFormat format,
                                   std::int64_t blockTokens, const TraceProgress& progress = {});
std::vector<TraceEntry> readTraceFile(const std::string& path, TraceFormat format, std::int64_t blockTokens,
                                      const TraceProgress& progress = {});

// The format a file name implies: .jsonl/.json mooncake, .csv csv; false for any other.
bool traceFormatFromName(const std::string& name, TraceFormat& out);
const char* nameOf(TraceFormat f);

// The prompt of entry `index`: the text of each hash block (block id ->
// `blockTokens` estimated tokens of words, the same bytes for the same id
// and seed) in order, then a tail of its own (seeded by `index`), cut or
// filled to exactly inputTokens estimated tokens (TokenEstimate.h).
std::string replayPrompt(const TraceEntry& e, std::int64_t blockTokens, std::uint64_t seed,
                         std::uint64_t index);

} // namespace pb::load
