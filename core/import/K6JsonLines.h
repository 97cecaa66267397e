// Internal to the k6 JSON importer: the first of its two stages. A thread
// reads the lines, parses each JSON envelope and, where a request's tags are
// new, its tags, into batches; the importer's own thread links the points
// into requests (K6JsonReader.cpp). On a 150 MB file the envelopes are about
// half of the work, so the two halves run on two cores (bench_import).
#pragma once

#include "import/Importer.h"
#include "model/RequestRecord.h"

#include <simdjson.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace pb::import::k6json {

namespace od = simdjson::ondemand;

enum Phase : int {
    Duration,
    Blocked,
    Connecting,
    Tls,
    Sending,
    Waiting,
    Receiving,
    LookingUp,
    Failed,
    Reqs,
    kPhaseCount
};

// The phase of an http_req_* metric; -1 for any other metric.
int phaseOf(std::string_view metric);

struct Tags
{
    std::string status, scenario, stage, model, traceId, spanId, errorCode, vu, iter, requestId, check;
};

// Reads a point's "tags" object (raw JSON followed by capacity - size readable bytes).
std::string readTags(od::parser& parser, std::string_view raw, std::size_t capacity, Tags& t);

// A point's per-request IDs from its metadata (k6 v0.45+ scripts set them
// with exec.vu.metrics.metadata; k6's tracing module sets trace_id). Tags
// carrying the same IDs (older scripts) win.
struct Meta
{
    std::string traceId, spanId, requestId;
};

enum class LineKind : std::uint8_t {
    Blank,
    Bad,   // refused: skipped with --skip-bad-lines
    Fatal, // ends the import (a field over the limit)
    Point,
    Metric
};

struct ParsedLine
{
    std::int64_t lineNo = 0;
    std::uint64_t consumed = 0; // input bytes up to the end of this line
    LineKind kind = LineKind::Blank;
    int phase = -1;
    bool tagsNull = true;
    std::int32_t tags = -1; // the tags read already (LineBatch::tags), or -1
    // In LineBatch::text: the metric name, and the raw part, followed by
    // padding. A point's raw part is its key, 8 bytes of time then its raw
    // tags; a Metric line's is its "data".
    std::size_t metric = 0, metricSize = 0;
    std::size_t raw = 0, rawSize = 0;
    std::uint64_t keyHash = 0;
    std::optional<Nanos> time;
    std::optional<double> value;
    Meta meta;
    std::string error; // Bad, Fatal
};

struct LineBatch
{
    std::string text;
    std::vector<ParsedLine> lines;
    std::vector<Tags> tags;
    std::exception_ptr error; // thrown by the reading after the lines

    std::string_view view(std::size_t at, std::size_t size) const { return {text.data() + at, size}; }
    std::string_view metric(const ParsedLine& l) const { return view(l.metric, l.metricSize); }
    std::string_view raw(const ParsedLine& l) const { return view(l.raw, l.rawSize); }
    std::size_t rawCapacity(const ParsedLine& l) const { return text.size() - l.raw; }
};

// Stage one on its own thread, from the moment it is built. The consumer
// takes batches in input order with next() and gives each back with
// recycle(). Destroying the pipe stops the thread, wherever it is.
class LinePipe
{
public:
    // `tagged`: the metrics (besides http_req_*) whose points need their tags.
    LinePipe(std::istream& in, const ImportOptions& options, std::vector<std::string> tagged);
    ~LinePipe();
    LinePipe(const LinePipe&) = delete;
    LinePipe& operator=(const LinePipe&) = delete;

    // The next batch, blocking; nullptr after the last one.
    LineBatch* next();
    void recycle(LineBatch* batch);

private:
    void run(std::istream& in, const ImportOptions& options);
    void parseLine(std::string_view text, std::size_t capacity, std::int64_t lineNo, LineBatch& out);
    std::string parseEnvelope(std::string_view text, std::size_t capacity, LineBatch& out, ParsedLine& l);
    std::string readPointData(od::object& obj, ParsedLine& l, std::string_view& tagsRaw);
    LineBatch* freeBatch();

    std::vector<std::string> m_tagged;
    std::size_t m_maxFieldBytes = 0;
    od::parser m_parser, m_sub, m_tagParser;
    std::string m_typeBuf, m_metricBuf;
    std::string m_lastKey; // the previous http_req_* point's key

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<std::unique_ptr<LineBatch>> m_batches;
    std::deque<LineBatch*> m_full;
    std::vector<LineBatch*> m_free;
    bool m_stop = false;
    bool m_done = false;
    std::thread m_thread;
};

} // namespace pb::import::k6json
