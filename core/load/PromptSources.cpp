#include "load/PromptSources.h"

#include "load/TokenEstimate.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>

namespace pb::load {
namespace {

using json = nlohmann::json;

// Plain ASCII words, so that bytes, characters and the estimate agree.
constexpr std::string_view kWords[] = {
    "the",     "system",  "request",  "latency", "model",   "token",    "queue",   "server",  "client",
    "stream",  "answer",  "question", "explain", "simple",  "example",  "before",  "after",   "every",
    "network", "budget",  "result",   "measure", "window",  "phase",    "gateway", "compute", "slot",
    "prompt",  "output",  "input",    "length",  "summary", "describe", "history", "river",   "mountain",
    "city",    "garden",  "winter",   "summer",  "morning", "evening",  "table",   "window",  "letter",
    "number",  "market",  "energy",   "water",   "light",   "sound",    "music",   "story",   "people",
    "travel",  "planet",  "ocean",    "forest",  "animal",  "language", "science", "history", "pattern",
    "method",  "problem", "solution", "careful", "quickly", "slowly",   "bright",  "quiet",   "strong",
    "small",   "large",   "early",    "late",    "often",   "always",   "never",   "again",   "between",
    "through", "without", "within",   "around",  "against", "because",  "while",   "where",   "which",
    "would",   "could",   "should",   "might",   "write",   "read"};
constexpr std::size_t kWordCount = sizeof(kWords) / sizeof(kWords[0]);

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw DatasetError("cannot read '" + path + "'");
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool isRole(const json& turn, std::string_view a, std::string_view b)
{
    if (!turn.is_object()) {
        return false;
    }
    const auto it = turn.find("from");
    const auto role = it != turn.end() && it->is_string() ? it->get<std::string>() : std::string();
    return role == a || role == b;
}

std::string valueOf(const json& turn)
{
    const auto it = turn.find("value");
    return it != turn.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<DatasetEntry> readShareGpt(const std::string& text)
{
    const auto doc = json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_array()) {
        throw DatasetError("expected a JSON array of {\"conversations\": [...]} (ShareGPT format)");
    }
    std::vector<DatasetEntry> out;
    for (const auto& item : doc) {
        // Entries without a human turn answered by a gpt turn are skipped, as vLLM's loader does.
        if (!item.is_object() || !item.contains("conversations") || !item["conversations"].is_array()) {
            continue;
        }
        const auto& turns = item["conversations"];
        for (std::size_t i = 0; i + 1 < turns.size(); ++i) {
            if (isRole(turns[i], "human", "user") && isRole(turns[i + 1], "gpt", "assistant")) {
                auto prompt = valueOf(turns[i]);
                const auto reply = valueOf(turns[i + 1]);
                if (!prompt.empty() && !reply.empty()) {
                    DatasetEntry e{std::move(prompt), estimateTokens(reply), {}};
                    for (std::size_t k = i + 2; k < turns.size(); ++k) {
                        if (isRole(turns[k], "human", "user")) {
                            if (auto next = valueOf(turns[k]); !next.empty()) {
                                e.followUps.push_back(std::move(next));
                            }
                        }
                    }
                    out.push_back(std::move(e));
                }
                break;
            }
        }
    }
    return out;
}

std::vector<DatasetEntry> readJsonLines(const std::string& text)
{
    std::vector<DatasetEntry> out;
    std::istringstream in(text);
    std::string line;
    std::size_t no = 0;
    while (std::getline(in, line)) {
        ++no;
        if (line.find_first_not_of(" \t\r") == std::string::npos) {
            continue;
        }
        const auto j = json::parse(line, nullptr, false);
        const auto where = "line " + std::to_string(no) + ": ";
        if (j.is_discarded() || !j.is_object() || !j.contains("prompt") || !j["prompt"].is_string() ||
            j["prompt"].get_ref<const std::string&>().empty()) {
            throw DatasetError(where + "expected an object with a non-empty string \"prompt\"");
        }
        DatasetEntry e{j["prompt"].get<std::string>(), 0};
        if (j.contains("output_tokens") && !j["output_tokens"].is_null()) {
            const auto& o = j["output_tokens"];
            if (!o.is_number_integer() || o.get<std::int64_t>() < 1 || o.get<std::int64_t>() > 10'000'000) {
                throw DatasetError(where + "expected \"output_tokens\" as an integer from 1 to 10000000");
            }
            e.outputTokens = o.get<std::int64_t>();
        }
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace

std::vector<DatasetEntry> readDataset(const std::string& path, const std::string& format)
{
    const auto text = readFile(path);
    auto out = format == "jsonl" ? readJsonLines(text) : readShareGpt(text);
    if (out.empty()) {
        throw DatasetError(format == "jsonl" ? "no prompt in the file"
                                             : "no conversation with a human turn followed by a gpt turn");
    }
    return out;
}

std::vector<std::size_t> sampleIndices(std::size_t size, std::size_t n, const CounterRng& rng)
{
    std::vector<std::size_t> idx(size);
    std::iota(idx.begin(), idx.end(), std::size_t(0));
    n = std::min(n, size);
    // Partial Fisher-Yates: the first n places are a uniform sample in random order.
    for (std::size_t i = 0; i < n; ++i) {
        const auto j = i + static_cast<std::size_t>(rng.uniform(i) * double(size - i));
        std::swap(idx[i], idx[std::min(j, size - 1)]);
    }
    idx.resize(n);
    return idx;
}

std::int64_t drawLength(const LengthSpec& spec, const CounterRng& rng, std::uint64_t index)
{
    const double lo = double(spec.mean) * (1.0 - spec.spread);
    const double hi = double(spec.mean) * (1.0 + spec.spread);
    const auto v = static_cast<std::int64_t>(std::llround(lo + (hi - lo) * rng.uniform(index)));
    return std::max<std::int64_t>(1, v);
}

std::string syntheticPrompt(std::int64_t tokens, const CounterRng& rng, std::uint64_t index)
{
    const auto bytes = static_cast<std::size_t>(std::max<std::int64_t>(1, tokens) * kBytesPerToken);
    std::string out;
    out.reserve(bytes + 16);
    std::uint64_t draw = 0;
    while (out.size() < bytes) {
        if (!out.empty()) {
            out.push_back(' ');
        }
        out += kWords[static_cast<std::size_t>(rng.bits(index, draw++) % kWordCount)];
    }
    out.resize(bytes);
    if (out.back() == ' ') {
        out.back() = '.';
    }
    return out;
}

} // namespace pb::load
