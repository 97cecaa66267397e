#include "model/RequestColumns.h"

#include <array>
#include <string>

namespace pb {
namespace {

// X(member, name, type, group) — schema order. Keep in sync with nothing else:
// every other list derives from this one.
#define PB_REQUEST_COLUMNS(X)                                                                                \
    X(traceId, "trace_id", Text, Identity)                                                                   \
    X(spanId, "span_id", Text, Identity)                                                                     \
    X(parentSpanId, "parent_span_id", Text, Identity)                                                        \
    X(logicalRequestId, "logical_request_id", Text, Identity)                                                \
    X(attempt, "attempt", Integer, Identity)                                                                 \
    X(scenario, "scenario", Text, Condition)                                                                 \
    X(stage, "stage", Text, Condition)                                                                       \
    X(model, "model", Text, Condition)                                                                       \
    X(resolvedModel, "resolved_model", Text, Condition)                                                      \
    X(stream, "stream", Boolean, Condition)                                                                  \
    X(cached, "cached", Boolean, Condition)                                                                  \
    X(inputBucket, "input_bucket", Text, Condition)                                                          \
    X(outputBucket, "output_bucket", Text, Condition)                                                        \
    X(promptRef, "prompt_ref", Text, Condition)                                                              \
    X(outcome, "outcome", OutcomeEnum, Result)                                                               \
    X(httpStatus, "http_status", Integer, Result)                                                            \
    X(errorClass, "error_class", Text, Result)                                                               \
    X(inputTokens, "input_tokens", Integer, Usage)                                                           \
    X(outputTokens, "output_tokens", Integer, Usage)                                                         \
    X(cachedInputTokens, "cached_input_tokens", Integer, Usage)                                              \
    X(reasoningTokens, "reasoning_tokens", Integer, Usage)                                                   \
    X(usageSource, "usage_source", UsageEnum, Usage)                                                         \
    X(requestedInputTokens, "requested_input_tokens", Integer, Usage)                                        \
    X(requestedOutputTokens, "requested_output_tokens", Integer, Usage)                                      \
    X(scheduledOffset, "scheduled_offset", Duration, Schedule)                                               \
    X(startOffset, "start_offset", Duration, Schedule)                                                       \
    X(blocked, "blocked", Duration, ClientPhase)                                                             \
    X(dns, "dns", Duration, ClientPhase)                                                                     \
    X(connect, "connect", Duration, ClientPhase)                                                             \
    X(tls, "tls", Duration, ClientPhase)                                                                     \
    X(send, "send", Duration, ClientPhase)                                                                   \
    X(wait, "wait", Duration, ClientPhase)                                                                   \
    X(receive, "receive", Duration, ClientPhase)                                                             \
    X(total, "total", Duration, ClientPhase)                                                                 \
    X(headers, "headers", Duration, Milestone)                                                               \
    X(firstEvent, "first_event", Duration, Milestone)                                                        \
    X(firstContent, "first_content", Duration, Milestone)                                                    \
    X(firstText, "first_text", Duration, Milestone)                                                          \
    X(done, "done", Duration, Milestone)                                                                     \
    X(chunkCount, "chunk_count", Integer, Transfer)                                                          \
    X(bytesSent, "bytes_sent", Integer, Transfer)                                                            \
    X(bytesReceived, "bytes_received", Integer, Transfer)                                                    \
    X(timingProfile, "timing_profile", Text, ServerReported)                                                 \
    X(timingOrigin, "timing_origin", Text, ServerReported)                                                   \
    X(reportedTotal, "reported_total", Duration, ServerReported)                                             \
    X(reportedValidation, "reported_validation", Duration, ServerReported)                                   \
    X(reportedQueue, "reported_queue", Duration, ServerReported)                                             \
    X(reportedPrefill, "reported_prefill", Duration, ServerReported)                                         \
    X(reportedDecode, "reported_decode", Duration, ServerReported)                                           \
    X(reportedInference, "reported_inference", Duration, ServerReported)                                     \
    X(reportedItl, "reported_itl", Duration, ServerReported)                                                 \
    X(reportedFirstReasoning, "reported_first_reasoning", Duration, ServerReported)                          \
    X(reportedFirstContent, "reported_first_content", Duration, ServerReported)                              \
    X(sessionId, "session_id", Text, Session)                                                                \
    X(turn, "turn", Integer, Session)                                                                        \
    X(turnGroup, "turn_group", Text, Session)

#define PB_DESCRIBE(member, name, type, group) RequestColumn{name, ColumnType::type, ColumnGroup::group},
constexpr std::array kColumns{PB_REQUEST_COLUMNS(PB_DESCRIBE)};
#undef PB_DESCRIBE

enum ColumnId {
#define PB_ENUM(member, name, type, group) Col_##member,
    PB_REQUEST_COLUMNS(PB_ENUM)
#undef PB_ENUM
};

ColumnValue valueOf(const std::string& s)
{
    ColumnValue v;
    v.isNull = s.empty();
    v.text = s;
    return v;
}
ColumnValue valueOf(const std::optional<std::int64_t>& o)
{
    ColumnValue v;
    v.isNull = !o.has_value();
    v.integer = o.value_or(0);
    return v;
}
ColumnValue valueOf(const std::optional<bool>& o)
{
    ColumnValue v;
    v.isNull = !o.has_value();
    v.integer = o.value_or(false) ? 1 : 0;
    return v;
}
ColumnValue valueOf(Outcome o)
{
    ColumnValue v;
    v.isNull = false;
    v.text = nameOf(o);
    return v;
}
ColumnValue valueOf(UsageSource u)
{
    ColumnValue v;
    v.isNull = false;
    v.text = nameOf(u);
    return v;
}

void clear(std::string& s)
{
    s.clear();
}
void clear(std::optional<std::int64_t>& o)
{
    o.reset();
}
void clear(std::optional<bool>& o)
{
    o.reset();
}
void clear(Outcome& o)
{
    o = Outcome::Unknown;
}
void clear(UsageSource& u)
{
    u = UsageSource::None;
}

bool assignInt(std::string&, std::int64_t)
{
    return false;
}
bool assignInt(std::optional<std::int64_t>& o, std::int64_t v)
{
    o = v;
    return true;
}
bool assignInt(std::optional<bool>& o, std::int64_t v)
{
    if (v != 0 && v != 1) {
        return false;
    }
    o = v == 1;
    return true;
}
bool assignInt(Outcome&, std::int64_t)
{
    return false;
}
bool assignInt(UsageSource&, std::int64_t)
{
    return false;
}

bool assignText(std::string& s, std::string_view v)
{
    s.assign(v);
    return true;
}
bool assignText(std::optional<std::int64_t>&, std::string_view)
{
    return false;
}
bool assignText(std::optional<bool>&, std::string_view)
{
    return false;
}
bool assignText(Outcome& o, std::string_view v)
{
    auto parsed = parseOutcome(v);
    if (!parsed) {
        return false;
    }
    o = *parsed;
    return true;
}
bool assignText(UsageSource& u, std::string_view v)
{
    auto parsed = parseUsageSource(v);
    if (!parsed) {
        return false;
    }
    u = *parsed;
    return true;
}

} // namespace

std::span<const RequestColumn> requestColumns()
{
    return kColumns;
}

std::string sqlColumnName(const RequestColumn& c)
{
    std::string n(c.name);
    if (c.type == ColumnType::Duration) {
        n += "_ns";
    }
    return n;
}

std::string csvColumnName(const RequestColumn& c)
{
    std::string n(c.name);
    if (c.type == ColumnType::Duration) {
        n += "_ms";
    }
    return n;
}

int requestColumnIndex(std::string_view name)
{
    for (std::size_t i = 0; i < kColumns.size(); ++i) {
        if (kColumns[i].name == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

ColumnValue getColumn(const RequestRecord& r, int columnIndex)
{
    switch (columnIndex) {
#define PB_GET(member, name, type, group)                                                                    \
    case Col_##member:                                                                                       \
        return valueOf(r.member);
        PB_REQUEST_COLUMNS(PB_GET)
#undef PB_GET
    default:
        return {};
    }
}

void getColumns(const RequestRecord& r, std::span<ColumnValue> out)
{
    if (out.size() < kColumns.size()) {
        return;
    }
#define PB_GETALL(member, name, type, group) out[Col_##member] = valueOf(r.member);
    PB_REQUEST_COLUMNS(PB_GETALL)
#undef PB_GETALL
}

bool setColumnNull(RequestRecord& r, int columnIndex)
{
    switch (columnIndex) {
#define PB_CLEAR(member, name, type, group)                                                                  \
    case Col_##member:                                                                                       \
        clear(r.member);                                                                                     \
        return true;
        PB_REQUEST_COLUMNS(PB_CLEAR)
#undef PB_CLEAR
    default:
        return false;
    }
}

bool setColumnInteger(RequestRecord& r, int columnIndex, std::int64_t v)
{
    switch (columnIndex) {
#define PB_SETI(member, name, type, group)                                                                   \
    case Col_##member:                                                                                       \
        return assignInt(r.member, v);
        PB_REQUEST_COLUMNS(PB_SETI)
#undef PB_SETI
    default:
        return false;
    }
}

bool setColumnText(RequestRecord& r, int columnIndex, std::string_view v)
{
    switch (columnIndex) {
#define PB_SETT(member, name, type, group)                                                                   \
    case Col_##member:                                                                                       \
        return assignText(r.member, v);
        PB_REQUEST_COLUMNS(PB_SETT)
#undef PB_SETT
    default:
        return false;
    }
}

} // namespace pb
