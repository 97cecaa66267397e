// A run's spans: appended in batches with consecutive row ids, read whole,
// by trace (span_traces, SpanTraces.h) or scanned in id ranges for the join.
#pragma once

#include "model/Span.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pb::store {
class Statement;
}

namespace pb::store {

struct StoreState;

// What the join reads of a span (join/SpanReader.cpp).
struct SpanScanRow
{
    std::string_view traceId;
    std::string_view spanId;
    std::string_view parentSpanId;
    int kind = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::string_view phase;
    std::string_view name;       // see SpanScan::storedPhaseStands
    std::string_view attributes; // see SpanScan::storedPhaseStands
};

struct SpanScan
{
    // By span row id (insertion order): fromId <= id < toId. With both
    // bounds SQLite walks the table's rowids in the range (the run's rows are
    // mostly contiguous) instead of the run index and a look-up per row.
    std::optional<std::int64_t> fromId;
    std::optional<std::int64_t> toId;
    // The stored phase stands: name and attributes are read only for spans
    // without a phase, and attributes also where they contain `latencyNeedle`
    // (a substring test in SQLite); empty otherwise.
    bool storedPhaseStands = false;
    std::string latencyNeedle;
    // With storedPhaseStands: attributes are read too for spans of this
    // phase (the provider span names its provider in one); empty: none.
    std::string attributesOfPhase;
};

// One row of a run's span conventions (schema v8): a schema_url its spans
// carried, or a GenAI attribute name that dates the conventions
// (model/SpanConventions.h), with how many spans had it.
struct SpanConvention
{
    std::string kind; // "schema_url" or "attribute"
    std::string value;
    std::int64_t spans = 0;
};

class SpanStore
{
public:
    explicit SpanStore(StoreState& state);
    ~SpanStore();
    SpanStore(const SpanStore&) = delete;
    SpanStore& operator=(const SpanStore&) = delete;

    // Its own transaction unless one is open.
    void insertSpans(std::int64_t runId, std::span<const SpanRecord> spans);
    std::vector<SpanRecord> spans(std::int64_t runId);
    std::vector<SpanRecord> spansOfTrace(std::int64_t runId, const std::string& traceId);
    // The distinct trace IDs that have at least one stored span in the run,
    // sorted (what a resumable fetch of traces skips, fetch/FetchTraces.h).
    std::vector<std::string> traceIds(std::int64_t runId);
    // Spans in id order (so the ranges of several scans concatenate in the
    // order of one) while `visit` returns true.
    void scan(std::int64_t runId, const SpanScan& scan, const std::function<bool(const SpanScanRow&)>& visit);
    // The run's span row ids split in two halves, [first, middle) and
    // [middle, end), to scan them apart; nothing when the run has too few spans.
    struct IdSplit
    {
        std::int64_t first = 0;
        std::int64_t middle = 0;
        std::int64_t end = 0;
    };
    std::optional<IdSplit> splitSpanIds(std::int64_t runId);
    // The run's schema URLs first, then its marker attributes; most spans first.
    std::vector<SpanConvention> conventions(std::int64_t runId);

private:
    void countConventions(std::int64_t runId, std::span<const SpanRecord> spans);

    StoreState& m_s;
    std::unique_ptr<Statement> m_insertSpan;
    std::unique_ptr<Statement> m_insertSpanTrace;
    std::unique_ptr<Statement> m_maxSpanId;
    std::unique_ptr<Statement> m_countConvention;
};

} // namespace pb::store
