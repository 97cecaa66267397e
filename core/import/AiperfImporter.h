// NVIDIA AIPerf exports.
//
// AiperfImporter: `profile_export.jsonl`, one {metadata, metrics, error}
// record per line, in both schemas (older: metadata.timestamp_ns,
// credit_phase, metric tags ttft/ttst; newer: request_start_ns /
// request_ack_ns / request_end_ns, benchmark_phase, was_cancelled, tags
// time_to_first_token/…). Each metric carries its unit, converted here.
// ttft/time_to_first_token -> first_content (AIPerf counts reasoning output),
// time_to_first_output_token -> first_text, request_latency -> total (and
// done for streams), inter_chunk_latency -> chunk arrivals, request_ack ->
// headers, k6-style http_req_* -> client phases. A repeated key keeps its
// first value. Token counts are AIPerf's tokenizer's (usage "estimated")
// unless usage_* metrics carry the server's.
//
// AiperfAggregateImporter: `profile_export_aiperf.json` (older `records`
// layout and the newer top-level layout) and `profile_export_aiperf.csv`
// (two tables) as `imported.<metric>.<stat>` figures.
#pragma once

#include "import/Importer.h"

namespace pb::import {

class AiperfImporter final : public Importer
{
public:
    std::string_view name() const override { return "aiperf"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"jsonl"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

class AiperfAggregateImporter final : public Importer
{
public:
    std::string_view name() const override { return "aiperf-aggregate"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json", "csv"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
