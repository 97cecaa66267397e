// W3C traceparent and trace/span ID parsing: the load engine's strict check,
// the receiver's header parser and the hex/base64 ID codecs. Oracles: what
// parses formats back to the same value; a header the generator accepts, the
// receiver accepts too.
#include "FuzzCommon.h"

#include "load/TraceContext.h"
#include "model/TraceId.h"
#include "telemetry/Ids.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    const std::string_view text = fuzz::asText(data, size);

    const bool strict = load::isValidTraceparent(text);
    const auto tp = pb::telemetry::parseTraceParent(text);
    fuzz::check(!strict || tp.has_value(), "a header valid for the generator is valid for the receiver");
    if (tp) {
        fuzz::check(pb::telemetry::isValidHexId(tp->traceId, 16) &&
                        pb::telemetry::isValidHexId(tp->spanId, 8),
                    "parsed IDs are valid");
        const auto again = pb::telemetry::parseTraceParent(pb::telemetry::formatTraceParent(*tp));
        fuzz::check(again && again->traceId == tp->traceId && again->spanId == tp->spanId &&
                        again->flags == tp->flags,
                    "a parsed traceparent formats back to itself");
        if (strict) {
            fuzz::check(pb::telemetry::formatTraceParent(*tp) == text,
                        "a strict header is its own canonical form");
        }
    }

    if (const auto id = parseTraceId(text)) {
        fuzz::check(pb::telemetry::isValidHexId(text, 16), "a parsed trace ID is 16 non-zero bytes of hex");
    }
    if (parseSpanId(text) != 0) {
        fuzz::check(pb::telemetry::isValidHexId(text, 8), "a parsed span ID is 8 non-zero bytes of hex");
    }

    if (const auto bytes = pb::telemetry::fromHex(text)) {
        fuzz::check(bytes->size() * 2 == text.size(), "hex is two digits a byte");
        fuzz::check(*pb::telemetry::fromHex(pb::telemetry::toHex(*bytes)) == *bytes, "hex round-trips");
    }
    if (const auto bytes = pb::telemetry::fromBase64(text)) {
        fuzz::check(pb::telemetry::fromBase64(pb::telemetry::toBase64(*bytes)) == bytes,
                    "base64 round-trips");
    }
    for (const std::size_t n : {8u, 16u}) {
        if (const auto hex = pb::telemetry::normaliseJsonId(text, n)) {
            fuzz::check(hex->size() == 2 * n && pb::telemetry::fromHex(*hex),
                        "a normalised ID is hex of its size");
        }
    }

    std::uint32_t instance = 0;
    if (load::parseInstanceId(text, instance)) {
        std::uint32_t again = 0;
        fuzz::check(load::parseInstanceId(load::instanceIdHex(instance), again) && again == instance,
                    "an instance ID round-trips");
    }
    return 0;
}
