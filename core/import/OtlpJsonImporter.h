// OTLP JSON trace files: one ExportTraceServiceRequest per document, or one
// per line (the OpenTelemetry Collector's file exporter), also wrapped as
// {"result": …} (Jaeger API v3). Decoding is the OTLP receiver's own
// (telemetry/OtlpDecode.h), so imported and received spans are identical.
// Spans go into a run; with --into they join the client rows of that run by
// trace ID. The same span twice (same IDs, times and name) is kept once.
// Memory: one line, or one document when the file is a single
// pretty-printed document.
#pragma once

#include "import/Importer.h"

namespace pb::import {

class OtlpJsonImporter final : public Importer
{
public:
    std::string_view name() const override { return "otlp-json"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json", "jsonl"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
