// The vocabulary of a request row as a table of column descriptors. The schema,
// the CSV importer, the request table model and the stats loader all read this
// one list, so a new column is added in exactly one place.
#pragma once

#include "model/RequestRecord.h"

#include <span>
#include <string_view>

namespace pb {

enum class ColumnType {
    Text,        // std::string, empty = NULL
    Integer,     // OptInt
    Boolean,     // OptBool
    Duration,    // OptNanos; CSV "<name>_ms", DB "<name>_ns"
    OutcomeEnum, // Outcome, stored by name
    UsageEnum,   // UsageSource, stored by name
};

enum class ColumnGroup {
    Identity,
    Condition,
    Result,
    Usage,
    Schedule,
    ClientPhase,
    Milestone,
    Transfer,
    ServerReported, // timings the server returned with the response (servertiming/TimingProfile.h)
    Session,        // a multi-turn session's id and turn (load/Sessions.h)
};

struct RequestColumn
{
    std::string_view name; // vocabulary name (e.g. "first_text")
    ColumnType type;
    ColumnGroup group;
};

// All request columns in schema order.
std::span<const RequestColumn> requestColumns();

// The column's name in SQL ("total_ns" for durations, the name otherwise).
std::string sqlColumnName(const RequestColumn& c);
// The column's name in CSV ("total_ms" for durations, the name otherwise).
std::string csvColumnName(const RequestColumn& c);

// Index into requestColumns() by vocabulary name, or -1.
int requestColumnIndex(std::string_view name);

// Generic accessors so that code can iterate the table instead of naming fields.
// Text columns use `text`, the other types use the matching optional.
struct ColumnValue
{
    bool isNull = true;
    std::int64_t integer = 0; // Integer, Boolean (0/1), Duration (ns)
    std::string_view text;    // Text, OutcomeEnum, UsageEnum
};
ColumnValue getColumn(const RequestRecord& r, int columnIndex);
// Every column of `r` at once, in requestColumns() order (out.size() must be
// that many): one call a row where a reader or writer takes all of them.
void getColumns(const RequestRecord& r, std::span<ColumnValue> out);

// Sets a column from its typed value; returns false when the value does not fit
// the column (unknown enum name).
bool setColumnNull(RequestRecord& r, int columnIndex);
bool setColumnInteger(RequestRecord& r, int columnIndex, std::int64_t v);
bool setColumnText(RequestRecord& r, int columnIndex, std::string_view v);

} // namespace pb
