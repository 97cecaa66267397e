// k6 end-of-test summaries as run-level aggregates: the handleSummary(data)
// object and the legacy --summary-export file. There are no per-request rows;
// every value goes into a figure `imported.<metric>.<stat>` (durations in ms),
// and `imported.percentile_convention` says they are k6's own percentiles.
#pragma once

#include "import/Importer.h"

namespace pb::import {

class K6SummaryImporter final : public Importer
{
public:
    std::string_view name() const override { return "k6-summary"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"json"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    // The whole document is read (a summary is a few KiB), within the record limit.
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
