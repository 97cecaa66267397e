// Prompt sources of a prompt set besides a literal list: a ShareGPT-style
// JSON dataset, a JSON-lines file ({"prompt", "output_tokens"}), and
// synthetic prompts of a target length made of words from a built-in list.
// Sampling and generation are pure functions of the scenario's seed. The
// text is kept in memory for the request bodies only, never stored.
#pragma once

#include "load/Random.h"
#include "load/Scenario.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace pb::load {

struct DatasetEntry
{
    std::string prompt;
    std::int64_t outputTokens = 0; // 0 = not given
    // ShareGPT: the conversation's later human turns, in order (a session's
    // turns 2, 3, … with "turns": "dataset").
    std::vector<std::string> followUps;
};

class DatasetError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Every usable entry of a dataset file, in file order. `format`: "sharegpt"
// (array of {"conversations": [{"from": "human", "value"}, {"from": "gpt",
// "value"}, …]}: the first human turn and the reply after it, whose
// estimated tokens are the output length) or "jsonl". Throws DatasetError
// ("line 3: expected …").
std::vector<DatasetEntry> readDataset(const std::string& path, const std::string& format);

// `n` indices of [0, size) without repetition, in a seeded random order
// (all of them, shuffled, when n >= size).
std::vector<std::size_t> sampleIndices(std::size_t size, std::size_t n, const CounterRng& rng);

// A length of `spec` for draw `index`.
std::int64_t drawLength(const LengthSpec& spec, const CounterRng& rng, std::uint64_t index);

// Words from the built-in list, exactly `tokens` long by estimateTokens().
std::string syntheticPrompt(std::int64_t tokens, const CounterRng& rng, std::uint64_t index);

} // namespace pb::load
