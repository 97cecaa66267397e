// Jaeger JSON (query API v1/v2, UI download): the {"data":[trace…]} wrapper,
// a bare trace object, or a bare array of spans with inline `process`.
// Times are microseconds; tag types string/bool/int64/float64/binary, with
// bools and large int64 sometimes written as strings. 64-bit IDs are padded
// to 128-bit trace IDs; non-hex IDs (UI fixtures) get a stable derived hex ID
// and keep the original in the attribute `jaeger.original_trace_id` /
// `jaeger.original_span_id`. Memory: one trace at a time (a bare trace object
// is one trace); jaeger-ui's nested references[].span copies are skipped.
#pragma once

#include "import/Importer.h"

namespace pb::import {

class JaegerImporter final : public Importer
{
public:
    std::string_view name() const override { return "jaeger-json"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
