// k6 `--out json` (NDJSON, optionally gzip): Metric and Point lines become
// per-request rows rebuilt from the http_req_* points of each request, plus
// run figures (iterations, dropped iterations, checks, thresholds).
//
// Grouping rule: k6 writes the points of one HTTP request (http_reqs,
// http_req_duration, _blocked, _connecting, _tls_handshaking, _sending,
// _waiting, _receiving, _failed; old k6 also _looking_up) with the same time
// (the request's end) and the same tag set, one after the other. A request is
// the set of http_req_* points with equal time (to the ns) and equal tags as
// written (vu/iter, url, name, method, status, scenario, group and any custom
// tags included); a metric that repeats within a key starts the next request
// (two requests can share time and tags at µs precision). A request stays
// open for 65,536 points after its last point, which bounds memory.
//
// Custom Trends map to vocabulary columns through a ColumnMapping (defaults:
// llm_<milestone>_ms -> <milestone>, llm_ttft_ms -> wait (the p95 seed's
// script fills it from res.timings.waiting; k6's own http_req_waiting wins
// where both exist), llm_output_tokens / llm_input_tokens -> tokens). The
// mapping applied is listed in ImportSummary::mapping. A custom point
// joins its request by a `trace_id` tag or `trace_id` metadata (what k6's
// tracing module writes), else by equal `vu` and `iter` tags (the latest
// request of that iteration), in either order: a point written before its
// request waits for it as long as a request stays open (kOpenWindowPoints);
// otherwise it is counted as unlinked.
#pragma once

#include "import/ColumnMapping.h"
#include "import/Importer.h"

namespace pb::import {

class K6JsonImporter final : public Importer
{
public:
    std::string_view name() const override { return "k6-json"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json", "ndjson", "jsonl", "gz"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;

    // The built-in custom-Trend mapping that a user mapping is merged into.
    static ColumnMapping defaultTrendMapping();
    // How long a request stays open, in points.
    static constexpr std::int64_t kOpenWindowPoints = 65536;
};

} // namespace pb::import
