// Small pieces every importer needs: fail-or-skip bookkeeping, throttled
// progress with cancellation, batching to the sink, HTTP status -> outcome,
// identifier normalisation, a run time origin and the provenance object.
#pragma once

#include "import/Importer.h"
#include "import/JsonStream.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::import {

// Fails with file and line, or (with --skip-bad-lines) counts the line and
// keeps the first kMaxReportedSkips.
class BadInput
{
public:
    BadInput(const ImportOptions& options, ImportSummary& summary)
        : m_options(options)
        , m_summary(summary)
    {}
    [[noreturn]] void fail(std::int64_t line, std::string message) const;
    // Throws unless skipping is allowed.
    void skipOrFail(std::int64_t line, std::string message);
    const std::string& file() const { return m_options.sourceName; }
    const ImportLimits& limits() const { return m_options.limits; }
    // An import that stored nothing is an error, also with --skip-bad-lines:
    // "nothing was imported: all 3 <what> were bad (line 2: …)", or "nothing
    // to import: the file has no <what>". `stored` counts what was kept
    // (requests, spans, figures).
    void failIfNothing(std::int64_t stored, std::string_view what) const;

private:
    const ImportOptions& m_options;
    ImportSummary& m_summary;
};

// Calls the progress function at most every `step` bytes; throws Cancelled
// when it returns false.
class ProgressThrottle
{
public:
    ProgressThrottle(const ProgressFn& fn, std::uint64_t total, std::uint64_t step = 4u << 20)
        : m_fn(fn)
        , m_total(total)
        , m_step(step)
    {}
    void update(std::uint64_t done)
    {
        if (m_fn && done >= m_next) {
            m_next = done + m_step;
            report(done);
        }
    }
    void finish(std::uint64_t done)
    {
        if (m_fn) {
            report(done);
        }
    }

private:
    void report(std::uint64_t done) const;
    const ProgressFn& m_fn;
    std::uint64_t m_total;
    std::uint64_t m_step;
    std::uint64_t m_next = 0;
};

// How far a request may start from the run's time origin, either way: a
// start further away is a timestamp in the wrong unit (or a toy value next to
// real ones) and is refused.
inline constexpr Nanos kMaxStartOffsetNs = Nanos(366) * 24 * 3600 * 1'000'000'000;
// Slack for the milestone order and phase <= total checks: rounding of values
// that each source converts separately (1 µs).
inline constexpr Nanos kOrderSlackNs = 1000;

// The one check every imported request passes before it is stored: every
// duration, phase and milestone within 0..kMaxDurationNs; the milestones in
// order, headers <= first_event <= first_content <= first_text <= done <=
// total (each present one; NULLs are skipped); no client phase longer than
// total; chunk arrivals >= 0 and in order; counts >= 0; http_status 0 (no
// response) or 100..599; attempt >= 1; start and scheduled offsets within
// kMaxStartOffsetNs of the origin; text valid UTF-8. Returns what is wrong,
// naming the column and the values, or an empty string.
std::string checkRequest(const RequestRecord& r);

// Checks requests (checkRequest) and hands the good ones to the sink in
// batches, counting them; a bad one is refused or, with --skip-bad-lines,
// skipped and counted, with its line and `where` (a JSON path, or empty).
class RequestBatcher
{
public:
    RequestBatcher(ImportSink& sink, ImportSummary& summary, const ImportOptions& options,
                   std::size_t batch = 4096);
    // False when the request was skipped.
    bool push(RequestRecord&& r, std::int64_t line, std::string_view where = {});
    // The same, with `where` built only for a request that is refused.
    template<class Where> bool pushLazy(RequestRecord&& r, std::int64_t line, Where&& where)
    {
        if (auto error = checkRequest(r); !error.empty()) {
            m_bad.skipOrFail(line, where() + ": " + error);
            return false;
        }
        return accept(std::move(r));
    }
    // A request the importer found bad itself: skipped and counted, or the error.
    void refuse(std::int64_t line, std::string message) { m_bad.skipOrFail(line, std::move(message)); }
    void flush();

private:
    bool accept(RequestRecord&& r);

    ImportSink& m_sink;
    ImportSummary& m_summary;
    BadInput m_bad;
    std::size_t m_batchSize;
    std::vector<RequestRecord> m_rows;
};

class SpanBatcher
{
public:
    SpanBatcher(ImportSink& sink, ImportSummary& summary, std::size_t batch = 4096);
    void push(SpanRecord&& s);
    void flush();

private:
    ImportSink& m_sink;
    ImportSummary& m_summary;
    std::size_t m_batchSize;
    std::vector<SpanRecord> m_spans;
};

// 2xx/3xx completed; 408 timed_out; 499 cancelled (client closed the
// request); 429 and 5xx provider_error; other 4xx client_error; else unknown.
Outcome outcomeFromHttpStatus(std::int64_t status);

// A trace ID as written by a tool: 32 hex (any case), 16 hex (a 64-bit
// Jaeger/Zipkin ID, left-padded with zeros) or base64 of 16 or 8 bytes, as
// lowercase 32 hex. nullopt when it is none of these or all zero.
std::optional<std::string> normaliseTraceId(std::string_view raw);
// A span ID: 16 hex (any case; 32 hex with 16 leading zeros is accepted) or
// base64 of 8 bytes.
std::optional<std::string> normaliseSpanId(std::string_view raw);
// A stable stand-in for an ID that is not hex ("trace-123" in UI fixtures):
// `hexDigits` hex digits of a 128-bit FNV-1a hash of the text, never all zero.
std::string derivedHexId(std::string_view raw, std::size_t hexDigits);

// The run's time origin: the first absolute timestamp an importer met. Request
// start offsets are measured from it (earlier requests of an unsorted file get
// negative offsets, which the statistics handle); it is kept in the provenance
// for display. Two times more than 292 years apart (a file may say 1678 and
// 2261) give the largest offset instead of overflowing.
class TimeOrigin
{
public:
    Nanos offset(Nanos absolute)
    {
        if (!m_origin) {
            m_origin = absolute;
        }
        Nanos out = 0;
        if (__builtin_sub_overflow(absolute, *m_origin, &out)) {
            return absolute < *m_origin ? std::numeric_limits<Nanos>::min()
                                        : std::numeric_limits<Nanos>::max();
        }
        return out;
    }
    std::optional<Nanos> origin() const { return m_origin; }
    void set(Nanos origin) { m_origin = origin; }

private:
    std::optional<Nanos> m_origin;
};

// The provenance that every import records in the run's configuration.
struct Provenance
{
    std::string format;        // importer name, e.g. "k6-json"
    std::string formatVersion; // the source's own format version or layout, when known
    std::string tool;          // producing tool, e.g. "k6"
    std::string toolVersion;   // when the file says
    std::string percentiles;   // convention of imported aggregates, empty when none
    std::optional<Nanos> timeOrigin;
};
// A JSON object text: source_file (file name), source_path, source_format,
// format_version, tool, tool_version, percentile_convention, time_origin_utc,
// time_origin_unix_ns, units ("converted to ns at import"), sampling (the
// options' policy, model/Sampling.h), plus `extra` keys.
std::string provenanceJson(const ImportOptions& options, const Provenance& p,
                           const nlohmann::json* extra = nullptr);

// The figure that marks imported aggregates: `imported.percentile_convention`.
void addPercentileConventionFigure(ImportSink& sink, const std::string& text);

// Reads the whole stream into a string, at most `maxBytes` (for the
// single-document files: summaries, aggregates, vLLM results). Throws
// ImportError beyond it, naming `limitName` (e.g. "the record limit,
// --max-record-bytes").
std::string readAll(std::istream& in, const std::string& sourceName, std::uint64_t maxBytes,
                    const std::string& limitName = "the record limit, --max-record-bytes");

// A short quoted excerpt of a value for error messages; control characters
// and bytes that are not UTF-8 are shown as \xNN.
std::string excerpt(std::string_view s, std::size_t max = 60);
// The same without quotes and in full: text from a file as a message shows it.
std::string escapedText(std::string_view s);

// Invalid UTF-8, said the same way by every importer: the byte offset of the
// first invalid byte in `s`, or npos.
std::size_t firstInvalidUtf8(std::string_view s);
// "invalid UTF-8 (byte 0xff at column 17); expected UTF-8 text" for a line
// or a cell whose first invalid byte is at `offset`.
std::string invalidUtf8Message(std::string_view s, std::size_t offset);

// The limits of the streamed JSON reader for an import; `recordBytes`
// replaces the record limit (a document read whole passes its own).
JsonLimits jsonLimits(const ImportLimits& limits, std::uint64_t recordBytes = 0);

// Before a line of a JSON-lines format is parsed: a string longer than the
// field limit is an error (not skippable, like every limit).
void checkLineFields(const BadInput& bad, std::int64_t line, std::string_view text);
// The same check's message, empty when the line is within the limit (for a
// reader that reports it later, on another thread).
std::string lineFieldsError(std::uint64_t maxFieldBytes, std::string_view text);

// A record of a streamed JSON document with invalid UTF-8 in a string is
// refused (or skipped and counted): true when `rec` may be used.
bool acceptUtf8(BadInput& bad, const JsonRecordReader::Record& rec, std::string_view where);

} // namespace pb::import
