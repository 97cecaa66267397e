// LLMPerf (ray-project/llmperf): `*_individual_responses.json`, a JSON array
// of per-request objects in seconds, and `*_summary.json`, flat `results_*`
// aggregates. ttft_s is LLMPerf's time to the first non-empty `content`
// delta -> first_text; end_to_end_latency_s -> total and done. Errored rows
// (error_code set) write zeros for what they did not measure: those zeros
// are NULL here; their non-zero timings are kept.
#pragma once

#include "import/Importer.h"

namespace pb::import {

class LlmperfImporter final : public Importer
{
public:
    std::string_view name() const override { return "llmperf"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

class LlmperfSummaryImporter final : public Importer
{
public:
    std::string_view name() const override { return "llmperf-summary"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
