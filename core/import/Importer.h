// The one interface through which file formats are registered. Importers are
// pure: a stream and options in, records to a sink and a summary out, with a
// progress callback that can cancel. They never touch the store themselves.
#pragma once

#include "model/RequestRecord.h"
#include "model/Sampling.h"
#include "model/Span.h"
#include "util/Progress.h"

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pb::import {

// What one import may hold in memory at a time. Every reader enforces these
// while it reads (so a hostile file fails after at most the limit, never after
// buffering it); a limit hit is an error, also with --skip-bad-lines.
// docs/import.md "Limits" lists them with the CLI options that set them.
struct ImportLimits
{
    // One record: a line of a line format (k6, AIPerf, OTLP lines, vLLM
    // .jsonl), a CSV record, one record of a streamed JSON document (a HAR
    // entry, a Jaeger trace, a GenAI-Perf request, an LLMPerf response), what
    // a streamed document holds outside its records, a run of whitespace, and
    // the summary formats read whole. --max-record-bytes.
    std::uint64_t maxRecordBytes = std::uint64_t(64) << 20;
    // One field: a JSON string (key or value) or a CSV cell. --max-field-bytes.
    std::uint64_t maxFieldBytes = std::uint64_t(16) << 20;
    // A document that is read whole because its layout needs it (a
    // pretty-printed OTLP document, vLLM results). --max-document-bytes.
    std::uint64_t maxDocumentBytes = std::uint64_t(1) << 30;
    // Bytes inflated from a gzip file; 0 = unlimited (always counted and
    // reported as ImportSummary::decompressedBytes). --max-decompressed-bytes.
    std::uint64_t maxDecompressedBytes = 0;
    // Nesting of JSON arrays and objects.
    int maxJsonDepth = 512;
};

// "64 MiB", "16 KiB", "100 bytes": a limit for messages.
std::string formatBytes(std::uint64_t bytes);

struct ImportOptions
{
    std::string sourceName;    // file name used in messages
    bool skipBadLines = false; // report and skip malformed lines instead of failing
    std::uint64_t totalBytes = 0;
    // A user column mapping in the text form of ColumnMapping.h
    // ("total=latency_s:s,first_text=ttft:ms"): the generic CSV's columns, or
    // k6 custom Trends -> milestones. Empty = the importer's default.
    std::string columnMapping;
    ImportLimits limits;
    // The server's trace-sampling policy (import --sampling), recorded in the
    // run's configuration; a file never says it, so it is unknown by default.
    SamplingPolicy sampling;
};

// A malformed input: where and what was expected.
class ImportError : public std::runtime_error
{
public:
    ImportError(std::string file, std::int64_t line, std::string message);
    const std::string& file() const { return m_file; }
    std::int64_t line() const { return m_line; }
    const std::string& message() const { return m_message; }

private:
    std::string m_file;
    std::int64_t m_line;
    std::string m_message;
};

struct SkippedLine
{
    std::int64_t line = 0;
    std::string message;
};

struct ImportSummary
{
    std::string format;
    std::int64_t requests = 0;
    std::int64_t spans = 0;
    std::int64_t skipped = 0;
    std::vector<SkippedLine> firstSkipped; // at most kMaxReportedSkips
    std::vector<std::string> warnings;     // e.g. unknown columns
    // Columns filled through a mapping, as applied: "llm_ttft_ms -> wait (ms, 120 points)".
    std::vector<std::string> mapping;
    std::string configJson; // provenance and run configuration, a JSON object
    // Bytes inflated from a gzip file (0 when the file was not compressed).
    std::uint64_t decompressedBytes = 0;
};
inline constexpr std::size_t kMaxReportedSkips = 10;

// Receives what an importer reads, in batches.
class ImportSink
{
public:
    virtual ~ImportSink() = default;
    virtual void addRequests(std::span<const RequestRecord> rows) = 0;
    virtual void addSpans(std::span<const SpanRecord> spans) = 0;
    // The same, for a batch the caller no longer needs: a sink that keeps
    // batches (the pipelined writer) takes them without a copy.
    virtual void takeRequests(std::vector<RequestRecord>&& rows) { addRequests(rows); }
    virtual void takeSpans(std::vector<SpanRecord>&& spans) { addSpans(spans); }
    // A run-level figure: imported aggregates (marked as such by their name),
    // dropped iterations, thresholds. `text` carries non-numeric values.
    virtual void addFigure(const std::string& name, std::optional<double> value, const std::string& text) = 0;
};

class Importer
{
public:
    virtual ~Importer() = default;
    virtual std::string_view name() const = 0;        // stable id used by --format
    virtual std::string_view displayName() const = 0; // for file dialogs and messages
    virtual std::vector<std::string> fileSuffixes() const = 0;
    // Confidence 0..100 that `head` (the first bytes of the file) is this format.
    virtual int detect(std::string_view head, std::string_view fileName) const = 0;
    // Throws ImportError on malformed input (unless skipping) and Cancelled.
    virtual ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                const ProgressFn& progress) const = 0;
};

class ImporterRegistry
{
public:
    void add(std::unique_ptr<Importer> importer);
    const Importer* find(std::string_view name) const;
    // The most confident importer for this content, or nullptr.
    const Importer* detect(std::string_view head, std::string_view fileName) const;
    std::vector<const Importer*> all() const;

    // Every format Phasebench reads.
    static ImporterRegistry withBuiltins();

private:
    std::vector<std::unique_ptr<Importer>> m_importers;
};

} // namespace pb::import
