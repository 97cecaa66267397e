// Where the OTLP receiver hands decoded spans: the sink answers once, from
// any thread, when the spans are committed to the store or were not taken.
// The receiver acknowledges (HTTP 200) only Stored, so an exporter that got
// 200 can forget the batch, and one that got 503 retries it.
#pragma once

#include "model/Span.h"

#include <functional>
#include <string>
#include <vector>

namespace pb::telemetry {

struct SinkResult
{
    enum class Status {
        Stored, // committed to the workbench file
        Busy,   // not taken now (queue full, store locked or full): retry later
    };
    Status status = Status::Stored;
    std::string message; // why not, for the exporter's log and ours

    static SinkResult stored() { return {}; }
    static SinkResult busy(std::string why) { return {Status::Busy, std::move(why)}; }
};

using SinkDone = std::function<void(SinkResult)>;
// Must call `done` exactly once, synchronously or later from any thread.
using SpanSink = std::function<void(std::vector<SpanRecord>&& spans, SinkDone done)>;

} // namespace pb::telemetry
