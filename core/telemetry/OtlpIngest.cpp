#include "telemetry/OtlpIngest.h"

#include <memory>

namespace pb::telemetry {

void IngestCounters::refused(const std::string& why)
{
    add(unavailable);
    std::lock_guard lock(m_mutex);
    m_lastRefusal = why;
}

ReceiverStats IngestCounters::snapshot() const
{
    ReceiverStats s;
    s.requests = requests.load();
    s.spansAccepted = spansAccepted.load();
    s.spansRejected = spansRejected.load();
    s.badRequests = badRequests.load();
    s.tooLarge = tooLarge.load();
    s.unsupportedType = unsupportedType.load();
    s.unavailable = unavailable.load();
    s.bytesDecoded = bytesDecoded.load();
    s.droppedContentAttributes = droppedContent.load();
    std::lock_guard lock(m_mutex);
    s.lastRefusal = m_lastRefusal;
    return s;
}

void ingest(std::string_view body, IngestFormat format, const DecodeOptions& options, const SpanSink& sink,
            IngestCounters& counters, std::function<void(IngestOutcome)> done)
{
    // `done` exactly once, even when decoding or the sink throws (out of
    // memory): the receivers wait for every answer before they stop.
    auto answered = std::make_shared<std::atomic<bool>>(false);
    auto answer = [answered, done = std::move(done)](IngestOutcome outcome) {
        if (!answered->exchange(true)) {
            done(std::move(outcome));
        }
    };
    try {
        counters.add(counters.bytesDecoded, static_cast<std::int64_t>(body.size()));
        auto decoded =
            format == IngestFormat::Protobuf ? decodeProtobuf(body, options) : decodeJson(body, options);
        if (!decoded.ok) {
            counters.add(counters.badRequests);
            answer({IngestOutcome::Kind::Invalid, decoded.error, 0, {}});
            return;
        }
        counters.add(counters.droppedContent, decoded.droppedContentAttributes);
        counters.add(counters.spansRejected, decoded.rejectedSpans);
        IngestOutcome stored{IngestOutcome::Kind::Stored, {}, decoded.rejectedSpans, decoded.rejectReason};
        const auto accepted = static_cast<std::int64_t>(decoded.spans.size());
        if (accepted == 0) {
            answer(std::move(stored));
            return;
        }
        sink(std::move(decoded.spans), [&counters, accepted, stored, answer](SinkResult result) mutable {
            if (result.status == SinkResult::Status::Stored) {
                counters.add(counters.spansAccepted, accepted);
                answer(std::move(stored));
                return;
            }
            counters.refused(result.message);
            answer({IngestOutcome::Kind::Unavailable,
                    "spans not stored, retry later: " + result.message,
                    0,
                    {}});
        });
    } catch (const std::exception& e) {
        // Nothing of this request is stored: the exporter may send it again.
        answer({IngestOutcome::Kind::Unavailable,
                std::string("could not process the request: ") + e.what(),
                0,
                {}});
    }
}

} // namespace pb::telemetry
