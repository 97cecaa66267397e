// vLLM benchmark results: `vllm bench serve --save-result` JSON (one run per
// file, or one per line when appended, .jsonl) with per-request `ttfts`
// (seconds) and `itls` (list of lists, seconds) when saved in detail, and the
// nightly-benchmark aggregate table (an array of flat objects keyed like
// "Mean TTFT (ms)"). Aggregates become `imported.*` figures (ms); "inf"
// request rates and the old misspelt key "request_goodput:" are accepted.
//
// vLLM takes its ttft at the first streamed chunk that carries choices (a
// role-only chunk counts), which is first_event in Phasebench's vocabulary;
// chunk arrivals are ttft + the running sum of itls, and done is the last one.
// Memory: the document minus generated texts (vLLM's layout is columnar).
#pragma once

#include "import/Importer.h"

namespace pb::import {

class VllmBenchImporter final : public Importer
{
public:
    std::string_view name() const override { return "vllm-bench"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json", "jsonl"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
