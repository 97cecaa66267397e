// OTLP trace request bodies (PB_FUZZ_OTLP_JSON: OTLP/JSON, documents and
// files; otherwise protobuf), with and without content capture. A body that is
// not a request is refused with a reason; kept spans keep the model's
// invariants.
#include "FuzzCommon.h"

#include "telemetry/OtlpDecode.h"

namespace {

void checkResult(const pb::telemetry::DecodeResult& r)
{
    using namespace pb;
    fuzz::check(r.ok || !r.error.empty(), "a refused body says why");
    fuzz::check(r.rejectedSpans >= 0, "rejected spans are counted from 0");
    fuzz::check(r.rejectedSpans == 0 || !r.rejectReason.empty(), "rejected spans have a reason");
    for (const auto& s : r.spans) {
        fuzz::checkSpan(s);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    const std::string_view text = fuzz::asText(data, size);
    for (const bool capture : {false, true}) {
        pb::telemetry::DecodeOptions options;
        options.captureContent = capture;
#ifdef PB_FUZZ_OTLP_JSON
        checkResult(pb::telemetry::decodeJson(text, options));
        checkResult(pb::telemetry::decodeJsonDocuments(text, options));
#else
        checkResult(pb::telemetry::decodeProtobuf(text, options));
#endif
    }
    return 0;
}
