// HAR 1.2 (browser or proxy captures): one row per entry. Timings
// blocked/dns/connect/send/wait/receive/ssl become client phases; HAR counts
// `ssl` inside `connect`, so connect = connect - ssl and tls = ssl; -1 (not
// applicable) is NULL. total = entry.time; headers = total - receive. A W3C
// `traceparent` request header gives the trace and span IDs; an
// event-stream or JSON response body gives usage and the resolved model (HAR
// has no per-chunk timing, so stream milestones stay NULL).
#pragma once

#include "import/Importer.h"

namespace pb::import {

class HarImporter final : public Importer
{
public:
    std::string_view name() const override { return "har"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"har", "json"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
