// Internal to the k6 JSON importer: its second stage, which links the points
// that the first stage (K6JsonLines.h) parsed into requests (K6JsonReader.cpp)
// and keeps the run figures (K6JsonFigures.cpp).
#pragma once

#include "import/ColumnMapping.h"
#include "import/ImportSupport.h"
#include "import/Importer.h"
#include "import/K6JsonLines.h"
#include "model/RequestColumns.h"

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pb::import::k6json {

struct StringHash
{
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
template<class V> using StrMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

struct Pending
{
    RequestRecord rec;
    Nanos endAbs = 0;
    std::array<std::optional<double>, kPhaseCount> ms{};
    std::uint32_t seen = 0;
    std::int64_t lastPoint = 0;
    std::int64_t firstLine = 0; // lines of the request's first and last point, for messages
    std::int64_t lastLine = 0;
    std::string key;
    std::uint64_t keyHash = 0;
    std::string traceKey;
    std::string vuIterKey;
    std::string badStatus; // a "status" tag that is not a number, as written
};

constexpr std::size_t kMaxNamedFigures = 1000;

class Reader
{
public:
    Reader(const ImportOptions& options, ImportSink& sink, ImportSummary& summary,
           const ColumnMapping& mapping);

    // The metrics besides http_req_* whose points are read with their tags.
    std::vector<std::string> taggedMetrics() const;
    // Returns an error message for a bad line, empty when it was used.
    std::string consume(const ParsedLine& line, const LineBatch& batch);
    // Emits the requests still open; then the reader is done.
    void finish();
    // Run figures, the mapping applied and the warnings, after finish().
    void figures();

    std::int64_t points() const { return m_points; }
    bool hasRunFigures() const
    {
        return m_iterations || m_dropped || m_dataSent || m_dataReceived || m_vusMax ||
               m_checksPass + m_checksFail > 0 || !m_thresholds.empty();
    }
    std::int64_t metricLines() const { return m_metricLines; }
    bool legacy() const { return m_legacy; }
    std::optional<Nanos> origin() const { return m_origin.origin(); }
    const std::map<std::string, std::pair<std::string, std::string>>& metricTypes() const
    {
        return m_metricTypes;
    }

private:
    struct Custom
    {
        int column;
        ColumnType type;
        TimeUnit unit;
        std::string target;
        std::int64_t points = 0; // seen in the file, for the import report
    };

    // A custom point that came before its request: it waits (as long as a
    // request stays open) for the request with its trace ID, or the next
    // request of its vu/iter.
    struct Parked
    {
        int column = -1;
        std::int64_t value = 0; // ns or a count, checked
        std::int64_t point = 0; // m_points when it came
        std::string metric;
        std::string key; // trace ID, or vu/iter/scenario
        bool byTrace = false;
        bool linked = false;
    };

    // Metric lines (K6JsonFigures.cpp): metric types and thresholds.
    std::string metricLine(std::string_view metric, std::string_view raw, std::size_t capacity);

    // Point reading and linking, defined in K6JsonReader.cpp (the only place
    // they are used): inline, as when they were in the class, so that the
    // per-point path stays inlined there.
    // A point's tags: read by the first stage, or now.
    inline std::string tagsOf(const ParsedLine& l, const LineBatch& b, Tags& scratch, const Tags*& t);
    inline std::string point(const ParsedLine& l, const LineBatch& b);
    inline std::string httpPoint(const ParsedLine& l, const LineBatch& b);
    inline void setTrace(Pending& p, const std::string& raw);
    inline void park(std::string_view metric, const Custom& c, std::int64_t value, std::string key,
                     bool byTrace);
    inline void linkWaiting(StrMap<std::vector<std::uint64_t>>& index, const std::string& key, Pending& p);
    inline void dropWaiting();
    inline std::string customPoint(const ParsedLine& l, const LineBatch& b, const Custom& c);
    static inline OptNanos ns(const Pending& p, int phase);
    static inline Nanos startAbs(const Pending& p, OptNanos total);
    static inline OptNanos totalOf(const Pending& p);
    inline void expire();
    inline void emitFront();

    ImportSink& m_sink;
    ImportSummary& m_summary;
    RequestBatcher m_out;
    od::parser m_sub;
    std::string m_lastKey;
    Pending* m_last = nullptr;
    std::deque<Pending> m_fifo;
    std::unordered_map<std::uint64_t, Pending*> m_open; // by the hash of time + tags
    StrMap<Pending*> m_byTrace;
    StrMap<Pending*> m_byVuIter;
    std::deque<Parked> m_waiting;
    std::uint64_t m_waitBase = 0; // the number of the front of m_waiting
    StrMap<std::vector<std::uint64_t>> m_waitByTrace;
    StrMap<std::vector<std::uint64_t>> m_waitByVuIter;
    std::int64_t m_lineNo = 0;
    StrMap<Custom> m_custom;
    TimeOrigin m_origin;
    std::int64_t m_points = 0;
    std::int64_t m_metricLines = 0;
    std::int64_t m_badTraceIds = 0;
    std::int64_t m_negativeOffsets = 0;
    bool m_legacy = false;
    std::optional<double> m_iterations, m_dropped, m_dataSent, m_dataReceived, m_vusMax;
    std::int64_t m_checksPass = 0, m_checksFail = 0;
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> m_checks;
    std::map<std::string, std::string> m_thresholds;
    std::map<std::string, std::int64_t> m_unlinked;
    std::map<std::string, std::pair<std::string, std::string>> m_metricTypes;
};

} // namespace pb::import::k6json
