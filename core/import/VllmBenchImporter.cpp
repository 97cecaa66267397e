#include "import/VllmBenchImporter.h"

#include "import/ImportSupport.h"
#include "import/ImportedFigures.h"
#include "import/JsonStream.h"
#include "import/LineReader.h"
#include "import/ValueParse.h"
#include "servertiming/TimingProfile.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace pb::import {
namespace {

using nlohmann::json;

constexpr const char* kVllmConvention =
    "percentiles as computed by vLLM bench (numpy.percentile: linear interpolation)";

std::string lowerKey(std::string s)
{
    for (char& c : s) {
        c = c == ' ' ? '_' : static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return s;
}

// "mean_ttft_ms" -> {"ttft", "mean"}; "p99.9_e2el_ms" -> {"e2el", "p99.9"}.
bool splitMetricKey(const std::string& key, std::string& metric, std::string& stat)
{
    if (!key.ends_with("_ms")) {
        return false;
    }
    const auto body = key.substr(0, key.size() - 3);
    const auto us = body.find('_');
    if (us == std::string::npos) {
        return false;
    }
    stat = body.substr(0, us);
    metric = body.substr(us + 1);
    const bool statOk = stat == "mean" || stat == "median" || stat == "std" ||
                        (stat.size() > 1 && stat[0] == 'p' && parseDouble(stat.substr(1)).has_value());
    return statOk && !metric.empty();
}

// Passes the source through and keeps a copy of what it passed, up to
// `keep` bytes; rewind() then serves that copy again, followed by the rest of
// the source. The layout of a vLLM file (one document, or one run per line)
// is known only once the first document ended, and a gzip stream cannot seek
// back. Memory: at most `keep` (the record limit: a line of the one-run-per-
// line layout is at most that), never the file.
class ReplayBuf final : public std::streambuf
{
public:
    ReplayBuf(std::istream& source, std::size_t keep)
        : m_source(source)
        , m_keep(keep)
        , m_buf(64 * 1024)
    {
        setg(m_buf.data(), m_buf.data(), m_buf.data());
    }
    // False when more than `keep` bytes were passed (the copy is gone).
    bool rewind()
    {
        if (m_overflow) {
            return false;
        }
        m_recording = false;
        m_replay = true;
        setg(m_copy.data(), m_copy.data(), m_copy.data() + m_copy.size());
        return true;
    }
    void stopRecording()
    {
        m_recording = false;
        m_copy = std::string();
    }
    bool sawContent() const { return m_sawContent; }
    std::uint64_t bytesRead() const { return m_read; }

protected:
    int_type underflow() override
    {
        if (gptr() < egptr()) {
            return traits_type::to_int_type(*gptr());
        }
        if (m_replay) {
            m_replay = false;
            m_copy = std::string();
        }
        m_source.read(m_buf.data(), static_cast<std::streamsize>(m_buf.size()));
        const auto n = static_cast<std::size_t>(m_source.gcount());
        if (n == 0) {
            return traits_type::eof();
        }
        m_read += n;
        if (!m_sawContent) {
            m_sawContent = !trim(std::string_view(m_buf.data(), n)).empty();
        }
        if (m_recording) {
            if (m_copy.size() + n > m_keep) {
                m_overflow = true;
                stopRecording();
            } else {
                m_copy.append(m_buf.data(), n);
            }
        }
        setg(m_buf.data(), m_buf.data(), m_buf.data() + n);
        return traits_type::to_int_type(*gptr());
    }

private:
    std::istream& m_source;
    std::size_t m_keep;
    std::vector<char> m_buf;
    std::string m_copy;
    std::uint64_t m_read = 0;
    bool m_recording = true;
    bool m_overflow = false;
    bool m_replay = false;
    bool m_sawContent = false;
};

class RunReader
{
public:
    RunReader(const ImportOptions& options, ImportSink& sink, ImportSummary& summary)
        : m_bad(options, summary)
        , m_sink(sink)
        , m_out(sink, summary, options)
    {}

    // One --save-result object.
    void run(json& o, std::int64_t line, int index, int count)
    {
        const std::string where = count > 1 ? "line " + std::to_string(line) : std::string("result");
        if (!o.is_object()) {
            m_bad.skipOrFail(line, where + ": expected a vLLM result object");
            return;
        }
        const std::string prefix = count > 1 ? "run" + std::to_string(index + 1) + "." : std::string();
        std::string stage;
        if (count > 1) {
            stage = stringMember(o, "label");
            if (stage.empty()) {
                stage = "run " + std::to_string(index + 1);
            }
        }
        json meta = json::object();
        for (auto it = o.begin(); it != o.end(); ++it) {
            std::string key = it.key();
            if (key.ends_with(':')) {
                key.pop_back(); // old vLLM wrote "request_goodput:"
            }
            const json& v = it.value();
            std::string metric, stat;
            if (v.is_array()) {
                if (key.starts_with("percentiles_") && key.ends_with("_ms")) {
                    // [[99, 123.4], …]
                    const auto m = key.substr(12, key.size() - 15);
                    std::size_t i = 0;
                    for (const auto& pair : v) {
                        if (pair.is_array() && pair.size() == 2 && pair[0].is_number() &&
                            pair[1].is_number()) {
                            std::ostringstream p;
                            p << "p" << pair[0].get<double>();
                            figure(addImportedFigure(m_sink, prefix + m, p.str(), pair[1].get<double>(),
                                                     TimeUnit::Milliseconds),
                                   line, where + "." + it.key() + "[" + std::to_string(i) + "][1]");
                        }
                        ++i;
                    }
                }
                continue;
            }
            if (v.is_number()) {
                if (splitMetricKey(key, metric, stat)) {
                    figure(addImportedFigure(m_sink, prefix + metric, stat, v.get<double>(),
                                             TimeUnit::Milliseconds),
                           line, where + "." + it.key());
                } else {
                    figure(addImportedFigure(m_sink, prefix + "vllm", key, v.get<double>(),
                                             key == "duration" ? std::optional<TimeUnit>(TimeUnit::Seconds)
                                                               : std::nullopt),
                           line, where + "." + it.key());
                }
            } else if (v.is_string() && (key == "request_rate" || key == "burstiness")) {
                // vLLM writes an unlimited rate as the text "inf".
                if (v == "inf") {
                    m_sink.addFigure("imported." + prefix + "vllm." + key, std::nullopt, "inf");
                    ++m_figures;
                } else if (const auto d = parseDouble(v.get_ref<const std::string&>())) {
                    figure(addImportedFigure(m_sink, prefix + "vllm", key, *d, std::nullopt), line,
                           where + "." + it.key());
                } else {
                    m_bad.skipOrFail(line, where + "." + it.key() + ": expected a number or \"inf\", found " +
                                               excerpt(v.get_ref<const std::string&>()));
                }
            } else if (!v.is_object()) {
                meta[key] = v; // date, backend, model_id, --metadata pairs (strings)
            }
        }
        if (m_meta.is_null()) {
            m_meta = meta;
        }
        requests(o, line, where, stage, stringMember(meta, "model_id"));
    }

    // The nightly table: [{"Test name": …, "Mean TTFT (ms)": …}, …].
    void table(const json& rows)
    {
        std::size_t i = 0;
        for (const auto& row : rows) {
            std::string where(1, '[');
            where += std::to_string(i++);
            where += ']';
            if (!row.is_object()) {
                m_bad.fail(0, where + ": expected an object");
            }
            std::string test = stringMember(row, "Test name");
            if (test.empty()) {
                test = "row" + std::to_string(i);
            }
            for (auto it = row.begin(); it != row.end(); ++it) {
                if (!it.value().is_number()) {
                    continue;
                }
                std::string col = it.key();
                std::optional<TimeUnit> unit;
                if (col.ends_with(" (ms)")) {
                    col.resize(col.size() - 5);
                    unit = TimeUnit::Milliseconds;
                }
                figure(addImportedFigure(m_sink, test, lowerKey(col), it.value().get<double>(), unit), 0,
                       where + "[\"" + it.key() + "\"]");
            }
        }
    }

    void finish() { m_out.flush(); }
    std::int64_t figures() const { return m_figures; }
    const json& meta() const { return m_meta; }
    std::int64_t requestsWithoutDetail() const { return m_noDetail; }

private:
    // The result of addImportedFigure: counted, or refused at `path`.
    void figure(const std::string& error, std::int64_t line, const std::string& path)
    {
        if (error.empty()) {
            ++m_figures;
        } else {
            m_bad.skipOrFail(line, path + ": " + error);
        }
    }

    void requests(const json& o, std::int64_t line, const std::string& where, const std::string& stage,
                  const std::string& model)
    {
        const auto ttfts = o.find("ttfts");
        if (ttfts == o.end()) {
            ++m_noDetail;
            return;
        }
        auto arrayOf = [&](const char* key) -> const json* {
            auto it = o.find(key);
            if (it == o.end() || it->is_null()) {
                return nullptr;
            }
            if (!it->is_array()) {
                m_bad.fail(line, where + "." + key + ": expected an array");
            }
            return &*it;
        };
        const json* tt = arrayOf("ttfts");
        const json* itls = arrayOf("itls");
        const json* inLens = arrayOf("input_lens");
        const json* outLens = arrayOf("output_lens");
        const json* errors = arrayOf("errors");
        const json* latencies = arrayOf("e2els");
        const std::size_t n = tt ? tt->size() : 0;
        for (const json* a : {itls, inLens, outLens, errors, latencies}) {
            if (a && a->size() != n) {
                m_bad.fail(line, where + ": per-request arrays differ in length (ttfts has " +
                                     std::to_string(n) + " entries, another has " +
                                     std::to_string(a->size()) + ")");
            }
        }
        // vLLM's per-request `metrics` objects (--enable-per-request-metrics),
        // when the file carries them: one per request, null where unknown.
        const char* metricsKey = o.contains("metrics") ? "metrics" : "server_metrics";
        const json* serverMetrics = arrayOf(metricsKey);
        if (serverMetrics && serverMetrics->size() != n) {
            m_bad.fail(line, where + "." + metricsKey + ": expected " + std::to_string(n) +
                                 " entries, one per request as in ttfts, found " +
                                 std::to_string(serverMetrics->size()));
        }
        const auto* vllm = pb::servertiming::findProfile(pb::servertiming::builtinProfiles(), "vllm");
        for (std::size_t i = 0; i < n; ++i) {
            const std::string at = "[" + std::to_string(i) + "]";
            RequestRecord r;
            r.stage = stage;
            r.model = model;
            r.stream = true;
            std::string err;
            if (errors && (*errors)[i].is_string()) {
                err = (*errors)[i].get<std::string>();
            }
            const bool failed = !err.empty();
            r.outcome = failed ? Outcome::Unknown : Outcome::Completed;
            if (failed) {
                r.errorClass = "vllm_bench_error";
            }
            const json& t = (*tt)[i];
            if (!t.is_number()) {
                m_bad.skipOrFail(line, where + ".ttfts" + at + ": expected seconds, found " +
                                           std::string(t.type_name()));
                continue;
            }
            if (!failed || t.get<double>() > 0) {
                r.firstEvent = durationToNanos(t.get<double>(), TimeUnit::Seconds);
                if (!r.firstEvent) {
                    m_bad.skipOrFail(line, where + ".ttfts" + at + ": expected " +
                                               durationExpected(TimeUnit::Seconds) + ", found " + t.dump());
                    continue;
                }
            }
            if (itls && r.firstEvent) {
                const json& list = (*itls)[i];
                if (!list.is_array()) {
                    m_bad.skipOrFail(line, where + ".itls" + at + ": expected a list of seconds");
                    continue;
                }
                Nanos at_ = *r.firstEvent;
                r.chunkOffsets.push_back(at_);
                bool ok = true;
                for (const auto& gap : list) {
                    const auto g = gap.is_number() ? durationToNanos(gap.get<double>(), TimeUnit::Seconds)
                                                   : std::nullopt;
                    if (!g) {
                        ok = false;
                        break;
                    }
                    at_ += *g;
                    r.chunkOffsets.push_back(at_);
                }
                if (!ok || at_ > kMaxDurationNs) {
                    m_bad.skipOrFail(line, where + ".itls" + at + ": expected a list of " +
                                               durationExpected(TimeUnit::Seconds) + " each");
                    continue;
                }
                r.chunkCount = static_cast<std::int64_t>(r.chunkOffsets.size());
                r.done = at_;
            }
            if (latencies && !(*latencies)[i].is_null()) {
                const json& e2el = (*latencies)[i];
                if (!e2el.is_number()) {
                    m_bad.skipOrFail(line,
                                     where + ".e2els" + at + ": expected seconds, found " + e2el.dump());
                    continue;
                }
                if (!failed || e2el.get<double>() > 0) {
                    r.total = durationToNanos(e2el.get<double>(), TimeUnit::Seconds);
                    if (!r.total) {
                        m_bad.skipOrFail(line, where + ".e2els" + at + ": expected " +
                                                   durationExpected(TimeUnit::Seconds) + ", found " +
                                                   e2el.dump());
                        continue;
                    }
                }
            }
            std::string lenError;
            auto length = [&](const json* lens, const char* key) -> OptInt {
                if (!lens || (*lens)[i].is_null()) {
                    return std::nullopt;
                }
                const json& len = (*lens)[i];
                if (!len.is_number_integer() || len.get<std::int64_t>() < 0) {
                    if (lenError.empty()) {
                        lenError =
                            where + "." + key + at + ": expected a token count >= 0, found " + len.dump();
                    }
                    return std::nullopt;
                }
                return len.get<std::int64_t>();
            };
            r.inputTokens = length(inLens, "input_lens");
            if (const auto outputs = length(outLens, "output_lens"); !failed) {
                r.outputTokens = outputs;
            }
            if (!lenError.empty()) {
                m_bad.skipOrFail(line, lenError);
                continue;
            }
            if (r.inputTokens || r.outputTokens) {
                r.usageSource = UsageSource::Estimated; // vLLM bench counts with its tokenizer
            }
            if (serverMetrics && vllm) {
                const json& m = (*serverMetrics)[i];
                if (!m.is_null() && !m.is_object()) {
                    m_bad.skipOrFail(line, where + "." + metricsKey + at +
                                               ": expected a vLLM metrics object or null, found " +
                                               std::string(m.type_name()));
                    continue;
                }
                if (m.is_object()) {
                    // The profile reads `metrics.*`; the bench streams, so the
                    // object came in the final usage chunk.
                    pb::servertiming::readBody(*vllm, json{{"metrics", m}}, r, "stream");
                }
            }
            m_out.push(std::move(r), line, where + ": request " + std::to_string(i));
        }
    }

    BadInput m_bad;
    ImportSink& m_sink;
    RequestBatcher m_out;
    json m_meta;
    std::int64_t m_noDetail = 0;
    std::int64_t m_figures = 0;
};

} // namespace

std::string_view VllmBenchImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "vLLM benchmark results (JSON)");
}

int VllmBenchImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || (head[first] != '{' && head[first] != '[')) {
        return 0;
    }
    auto has = [&](const char* k) {
        return head.find(k) != std::string_view::npos;
    };
    if (has("\"Test name\"") && (has("\"Mean TTFT (ms)\"") || has("\"Tput (req/s)\""))) {
        return 90;
    }
    if ((has("\"ttfts\"") || has("_ttft_ms\"") || has("\"request_throughput\"")) &&
        (has("\"backend\"") || has("\"model_id\"") || has("\"num_prompts\"") || has("\"completed\""))) {
        return 90;
    }
    return 0;
}

ImportSummary VllmBenchImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                       const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    RunReader runs(options, sink, summary);
    // Read as it streams, never buffered whole: whitespace runs are limited
    // by the record limit (a file of spaces fails after 64 MiB, in a few
    // megabytes), what the document holds by the document limit.
    const auto keep = static_cast<std::size_t>(options.limits.maxRecordBytes) + (1u << 20);
    ReplayBuf replay(in, keep);
    std::istream source(&replay);
    source.exceptions(std::ios::badbit); // a gzip error reaches us as itself
    std::string layout;
    auto syntax = [&](const JsonSyntaxError& e, std::int64_t lineBase) {
        bad.fail(lineBase + e.line(), e.describe());
    };
    // One document (a run or the nightly table), else one run per line.
    json doc;
    bool single = true;
    try {
        JsonLimits limits = jsonLimits(options.limits, options.limits.maxDocumentBytes);
        limits.maxWhitespaceBytes = options.limits.maxRecordBytes;
        JsonRecordReader reader({}, {"generated_texts"}, limits);
        reader.parse(source, {});
        doc = std::move(reader.rest());
        replay.stopRecording();
    } catch (const JsonLimitError& e) {
        syntax(e, 0);
    } catch (const JsonSyntaxError& e) {
        if (!replay.sawContent()) {
            bad.fail(0, "the file is empty; expected a vLLM benchmark result");
        }
        const std::string what = e.what();
        single = what.find("expected end of input") == std::string::npos;
        if (single) {
            syntax(e, 0);
        }
    }
    if (single && doc.is_array()) {
        layout = "nightly benchmark table";
        runs.table(doc);
        addPercentileConventionFigure(sink, "aggregates as computed by vLLM's nightly benchmark");
    } else if (single) {
        layout = "--save-result";
        runs.run(doc, 1, 0, 1);
        addPercentileConventionFigure(sink, kVllmConvention);
    } else {
        layout = "--save-result, one run per line";
        if (!replay.rewind()) {
            bad.fail(1, "the first line is longer than " + formatBytes(options.limits.maxRecordBytes) +
                            " (the record limit, --max-record-bytes)");
        }
        std::istream again(&replay);
        again.exceptions(std::ios::badbit);
        LineReader lines(again, options.sourceName, options.limits.maxRecordBytes);
        std::string_view line;
        int index = 0;
        while (lines.next(line)) {
            if (trim(line).empty()) {
                continue;
            }
            const std::int64_t lineNo = lines.lineNumber();
            const std::string body(line);
            json o;
            checkLineFields(bad, lineNo, body);
            try {
                o = parseJsonFirstWins(body);
            } catch (const JsonSyntaxError& e) {
                if (const auto at = firstInvalidUtf8(body); at != std::string::npos) {
                    bad.skipOrFail(lineNo, invalidUtf8Message(body, at));
                } else {
                    bad.skipOrFail(lineNo, e.describe());
                }
                ++index;
                continue;
            }
            if (o.is_object()) { // run() refuses anything else with its line
                o.erase("generated_texts");
            }
            // This layout has two documents or more (else it would be one
            // document): every run is named by its line.
            runs.run(o, lineNo, index++, 2);
        }
        addPercentileConventionFigure(sink, kVllmConvention);
    }
    runs.finish();
    bad.failIfNothing(summary.requests + runs.figures(), "results (per-request arrays or aggregates)");
    if (progress && !progress(replay.bytesRead(), options.totalBytes)) {
        throw Cancelled();
    }
    if (runs.requestsWithoutDetail() > 0 && layout != "nightly benchmark table") {
        summary.warnings.push_back("no per-request arrays (ttfts/itls): the run was saved without "
                                   "--save-detailed; only aggregates were imported");
    }
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "vLLM bench";
    prov.formatVersion = layout;
    prov.percentiles = layout == "nightly benchmark table" ? "" : kVllmConvention;
    json extra;
    if (!runs.meta().is_null()) {
        extra["vllm_metadata"] = runs.meta();
    }
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
