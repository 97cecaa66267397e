// One importer (pbFuzzImporter, its --format name) on arbitrary bytes, once
// strict and once with --skip-bad-lines. Malformed input may only end in
// ImportError; what is imported must keep the model's invariants.
#include "FuzzCommon.h"

#include <string>
#include <string_view>

// Defined per target by fuzz_import_name.cpp, so this file compiles once.
extern const char* const pbFuzzImporter;

namespace {

// The generic CSV imports nothing without a column mapping: use the one of
// its test (tests/data/importers/generic_latency.csv), every column type.
std::string mappingFor(std::string_view importer)
{
    if (importer == "generic-csv") {
        return "total=latency_s:s,first_text=ttft_ms:ms,output_tokens=tokens,http_status=status,"
               "start_time=ts:unix_s,trace_id=trace,logical_request_id=request";
    }
    return {};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    static const pb::import::ImporterRegistry registry = pb::import::ImporterRegistry::withBuiltins();
    static const pb::import::Importer* importer = registry.find(pbFuzzImporter);
    fuzz::check(importer != nullptr, "the importer exists");

    const std::string_view text = fuzz::asText(data, size);
    const int confidence = importer->detect(text.substr(0, 64 * 1024), "fuzz-input");
    fuzz::check(confidence >= 0 && confidence <= 100, "detection confidence is 0..100");

    const ProgressFn progress = [](std::uint64_t, std::uint64_t) {
        return true;
    };
    for (const bool skip : {false, true}) {
        pb::import::ImportOptions options;
        options.sourceName = "fuzz-input";
        options.skipBadLines = skip;
        options.totalBytes = size;
        options.columnMapping = mappingFor(pbFuzzImporter);
        fuzz::MemoryStream in(text);
        fuzz::MemorySink sink;
        try {
            const pb::import::ImportSummary summary = importer->parse(in, options, sink, progress);
            fuzz::check(summary.requests == sink.requests(), "summary counts the requests written");
            fuzz::check(summary.spans == sink.spans(), "summary counts the spans written");
            fuzz::check(summary.skipped == 0 || skip, "lines are skipped only when asked");
            fuzz::check(summary.firstSkipped.size() <= pb::import::kMaxReportedSkips,
                        "at most pb::import::kMaxReportedSkips reported");
            fuzz::checkJsonObject(summary.configJson, "provenance is a JSON object");
        } catch (const pb::import::ImportError& e) {
            // Messages may echo invalid bytes: output paths repair them (util/Utf8.h).
            fuzz::check(e.what()[0] != '\0', "an import error says what is wrong");
        }
    }
    return 0;
}
