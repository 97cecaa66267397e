#include "load/Trace.h"

#include "load/PromptSources.h"
#include "load/TokenEstimate.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <string_view>

namespace pb::load {
namespace {

// Streams of the seed for block texts and per-entry tails (apart from the prompt sets' streams).
constexpr std::uint64_t kBlockStream = 0x5452414345000001ULL;
constexpr std::uint64_t kTailStream = 0x5452414345000002ULL;
// Timestamps past this many ms (about 31 years) are refused before they overflow ns.
constexpr double kMaxTraceMs = 1e12;

[[noreturn]] void traceFail(const std::string& file, std::size_t line, const std::string& msg)
{
    throw TraceError(file + ":" + std::to_string(line) + ": " + msg);
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

std::optional<double> traceNumber(std::string_view s)
{
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::int64_t> traceCount(std::string_view s)
{
    std::int64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || v < 1 || v > kMaxTraceTokens) {
        return std::nullopt;
    }
    return v;
}

std::int64_t jsonCount(const nlohmann::json& j, const char* key, const std::string& file, std::size_t line)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer() || it->get<std::int64_t>() < 1 ||
        it->get<std::int64_t>() > kMaxTraceTokens) {
        traceFail(file, line,
                  std::string("expected \"") + key + "\" as an integer from 1 to " +
                      std::to_string(kMaxTraceTokens));
    }
    return it->get<std::int64_t>();
}

TraceNanos msToNanos(double ms)
{
    return static_cast<TraceNanos>(std::llround(ms * 1e6));
}

// FNV-1a: a CSV prefix group's name as a block id, the same on every platform.
std::uint64_t groupId(std::string_view name)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : name) {
        h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    }
    return h;
}

void parseMooncakeLine(std::string_view line, const std::string& file, std::size_t no, TraceEntry& e,
                       double& ms)
{
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        traceFail(
            file, no,
            "expected a JSON object {\"timestamp\", \"input_length\", \"output_length\", \"hash_ids\"}");
    }
    const auto ts = j.find("timestamp");
    if (ts == j.end() || !ts->is_number() || !(ts->get<double>() >= 0) ||
        !(ts->get<double>() < kMaxTraceMs)) {
        traceFail(file, no, "expected \"timestamp\" as a number of milliseconds >= 0");
    }
    ms = ts->get<double>();
    e.inputTokens = jsonCount(j, "input_length", file, no);
    e.outputTokens = jsonCount(j, "output_length", file, no);
    const auto ids = j.find("hash_ids");
    if (ids != j.end() && !ids->is_null()) {
        if (!ids->is_array() || ids->size() > std::size_t(kMaxTraceTokens)) {
            traceFail(file, no, "expected \"hash_ids\" as an array of block ids (integers >= 0)");
        }
        for (const auto& id : *ids) {
            if (!id.is_number_integer() ||
                (id.is_number_integer() && !id.is_number_unsigned() && id.get<std::int64_t>() < 0)) {
                traceFail(file, no, "expected \"hash_ids\" as an array of block ids (integers >= 0)");
            }
            e.hashIds.push_back(id.get<std::uint64_t>());
        }
    }
}

// offset_ms,input_tokens,output_tokens[,session_id[,prefix_group]]
void parseCsvLine(std::string_view line, const std::string& file, std::size_t no, std::int64_t blockTokens,
                  TraceEntry& e, double& ms)
{
    std::vector<std::string_view> f;
    while (true) {
        const auto comma = line.find(',');
        f.push_back(trimmed(line.substr(0, comma)));
        if (comma == std::string_view::npos) {
            break;
        }
        line.remove_prefix(comma + 1);
    }
    if (f.size() < 3 || f.size() > 5) {
        traceFail(file, no,
                  "expected 3 to 5 fields: offset_ms,input_tokens,output_tokens[,session_id[,prefix_group]], "
                  "found " +
                      std::to_string(f.size()));
    }
    const auto offset = traceNumber(f[0]);
    if (!offset || *offset < 0 || *offset >= kMaxTraceMs) {
        traceFail(file, no,
                  "expected offset_ms as a number of milliseconds >= 0, found '" + std::string(f[0]) + "'");
    }
    ms = *offset;
    const auto in = traceCount(f[1]);
    const auto out = traceCount(f[2]);
    if (!in || !out) {
        traceFail(file, no,
                  std::string(!in ? "input_tokens" : "output_tokens") + " expected as an integer from 1 to " +
                      std::to_string(kMaxTraceTokens) + ", found '" + std::string(!in ? f[1] : f[2]) + "'");
    }
    e.inputTokens = *in;
    e.outputTokens = *out;
    // The prefix group (else the session): requests of one group share the
    // whole blocks their inputs cover, as a conversation's turns do.
    const auto group = f.size() == 5 && !f[4].empty() ? f[4] : (f.size() >= 4 ? f[3] : std::string_view());
    if (!group.empty()) {
        const auto base = groupId(group);
        for (std::int64_t k = 0; k < e.inputTokens / blockTokens; ++k) {
            e.hashIds.push_back(CounterRng::mix(base + std::uint64_t(k)));
        }
    }
}

} // namespace

const char* nameOf(TraceFormat f)
{
    return f == TraceFormat::Csv ? "csv" : "mooncake";
}

bool traceFormatFromName(const std::string& name, TraceFormat& out)
{
    if (name.ends_with(".jsonl") || name.ends_with(".json")) {
        out = TraceFormat::Mooncake;
        return true;
    }
    if (name.ends_with(".csv")) {
        out = TraceFormat::Csv;
        return true;
    }
    return false;
}

std::vector<TraceEntry> parseTrace(std::istream& in, const std::string& file, TraceFormat format,
                                   std::int64_t blockTokens, const TraceProgress& progress)
{
    if (blockTokens < 1) {
        throw TraceError(file + ": block size must be at least 1 token");
    }
    std::vector<TraceEntry> out;
    std::string line;
    std::size_t no = 0;
    std::uint64_t bytes = 0;
    double firstMs = 0;
    double lastMs = 0;
    while (std::getline(in, line)) {
        ++no;
        bytes += line.size() + 1;
        if (progress && no % 1024 == 0 && !progress(bytes)) {
            throw TraceError(file + ": cancelled");
        }
        const auto text = trimmed(line);
        if (text.empty() || (format == TraceFormat::Csv && text.front() == '#')) {
            continue;
        }
        // A CSV header: a first line that does not start with a number.
        if (format == TraceFormat::Csv && out.empty() &&
            !traceNumber(trimmed(text.substr(0, text.find(','))))) {
            if (text.starts_with("offset")) {
                continue;
            }
        }
        if (out.size() >= kMaxTraceEntries) {
            traceFail(file, no, "more than " + std::to_string(kMaxTraceEntries) + " entries");
        }
        TraceEntry e;
        double ms = 0;
        if (format == TraceFormat::Mooncake) {
            parseMooncakeLine(text, file, no, e, ms);
        } else {
            parseCsvLine(text, file, no, blockTokens, e, ms);
        }
        if (out.empty()) {
            firstMs = ms;
        } else if (ms < lastMs) {
            traceFail(file, no, "expected times in order (this line is earlier than the one before)");
        }
        lastMs = ms;
        e.offset = msToNanos(ms - firstMs);
        out.push_back(std::move(e));
    }
    if (in.bad()) {
        throw TraceError(file + ": read error");
    }
    if (out.empty()) {
        throw TraceError(file + ": no entries (expected one request per line)");
    }
    return out;
}

std::vector<TraceEntry> readTraceFile(const std::string& path, TraceFormat format, std::int64_t blockTokens,
                                      const TraceProgress& progress)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw TraceError(path + ": cannot be read");
    }
    return parseTrace(in, path, format, blockTokens, progress);
}

std::string replayPrompt(const TraceEntry& e, std::int64_t blockTokens, std::uint64_t seed,
                         std::uint64_t index)
{
    const auto bytes = static_cast<std::size_t>(e.inputTokens * kBytesPerToken);
    std::string out;
    out.reserve(bytes);
    const CounterRng blocks(seed, kBlockStream);
    for (const auto id : e.hashIds) {
        if (out.size() >= bytes) {
            break;
        }
        // Exactly blockTokens * 4 bytes; of a block the input only partly
        // covers, one token more than needed (then cut), which is the full
        // block's beginning: only a text's last byte may differ ('.').
        const auto need = static_cast<std::int64_t>(bytes - out.size()) / kBytesPerToken;
        out += syntheticPrompt(std::min(blockTokens, need + 1), blocks, id);
    }
    if (out.size() < bytes) {
        const auto rest = static_cast<std::int64_t>(bytes - out.size()) / kBytesPerToken;
        out += syntheticPrompt(rest, CounterRng(seed, kTailStream), index);
    }
    out.resize(bytes); // a last block that the input only partly covers
    return out;
}

} // namespace pb::load
