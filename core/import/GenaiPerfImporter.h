// GenAI-Perf / Perf Analyzer `profile_export.json`: experiments (concurrency
// or request_rate) with per-request `timestamp`, `response_timestamps` (ns)
// and `response_outputs`. OpenAI responses are the raw SSE events; their
// milestones come from the load engine's SSE parser and chat reader
// (first_event, first_content, first_text, done = last response), usage from
// an include_usage chunk. Triton `text_output` responses count as text. Each
// experiment is a stage ("concurrency=10", "request_rate=2").
// Memory: one request at a time.
#pragma once

#include "import/Importer.h"

namespace pb::import {

class GenaiPerfImporter final : public Importer
{
public:
    std::string_view name() const override { return "genai-perf"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
