#include "store/SpanBatchTable.h"

#include <sqlite3.h>

#include <climits>
#include <new>
#include <string_view>

namespace pb::spanbatch {
namespace {

// The columns, in the order of the INSERT in RunStore::insertSpans; the
// hidden last one takes the batch.
enum Column {
    TraceId,
    SpanId,
    ParentSpanId,
    Name,
    Kind,
    StartNs,
    EndNs,
    StatusCode,
    StatusMessage,
    ServiceName,
    Attributes,
    Phase,
    Batch,
};

struct Cursor
{
    sqlite3_vtab_cursor base{};
    const std::span<const SpanRecord>* spans = nullptr;
    std::size_t row = 0;
};

int connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** out, char**)
{
    const int rc = sqlite3_declare_vtab(
        db, "CREATE TABLE x(trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, "
            "status_message, service_name, attributes, phase, batch HIDDEN)");
    if (rc != SQLITE_OK) {
        return rc;
    }
    auto* vtab = static_cast<sqlite3_vtab*>(sqlite3_malloc(sizeof(sqlite3_vtab)));
    if (!vtab) {
        return SQLITE_NOMEM;
    }
    *vtab = sqlite3_vtab{};
    *out = vtab;
    return SQLITE_OK;
}

int disconnect(sqlite3_vtab* vtab)
{
    sqlite3_free(vtab);
    return SQLITE_OK;
}

// Usable only with the batch given: pb_span_batch(?).
int bestIndex(sqlite3_vtab*, sqlite3_index_info* info)
{
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (c.iColumn == Batch && c.op == SQLITE_INDEX_CONSTRAINT_EQ && c.usable) {
            info->aConstraintUsage[i].argvIndex = 1;
            info->aConstraintUsage[i].omit = 1;
            info->estimatedCost = 1;
            info->idxNum = 1;
            return SQLITE_OK;
        }
    }
    return SQLITE_CONSTRAINT;
}

int openCursor(sqlite3_vtab*, sqlite3_vtab_cursor** out)
{
    auto* cursor = new (std::nothrow) Cursor();
    if (!cursor) {
        return SQLITE_NOMEM;
    }
    *out = &cursor->base;
    return SQLITE_OK;
}

int closeCursor(sqlite3_vtab_cursor* cur)
{
    delete reinterpret_cast<Cursor*>(cur);
    return SQLITE_OK;
}

int filter(sqlite3_vtab_cursor* cur, int, const char*, int argc, sqlite3_value** argv)
{
    auto* c = reinterpret_cast<Cursor*>(cur);
    c->spans = argc > 0
                   ? static_cast<const std::span<const SpanRecord>*>(sqlite3_value_pointer(argv[0], kName))
                   : nullptr;
    c->row = 0;
    return SQLITE_OK;
}

int next(sqlite3_vtab_cursor* cur)
{
    ++reinterpret_cast<Cursor*>(cur)->row;
    return SQLITE_OK;
}

int eof(sqlite3_vtab_cursor* cur)
{
    const auto* c = reinterpret_cast<Cursor*>(cur);
    return !c->spans || c->row >= c->spans->size();
}

// As Statement::bind: empty text is NULL. The batch outlives the statement's
// step, so SQLite need not copy the strings.
void text(sqlite3_context* ctx, std::string_view v)
{
    if (v.empty() || v.size() > static_cast<std::size_t>(INT_MAX)) {
        sqlite3_result_null(ctx);
    } else {
        sqlite3_result_text(ctx, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
    }
}

int column(sqlite3_vtab_cursor* cur, sqlite3_context* ctx, int col)
{
    const auto* c = reinterpret_cast<Cursor*>(cur);
    const SpanRecord& s = (*c->spans)[c->row];
    switch (col) {
    case TraceId:
        text(ctx, s.traceId);
        break;
    case SpanId:
        text(ctx, s.spanId);
        break;
    case ParentSpanId:
        text(ctx, s.parentSpanId);
        break;
    case Name:
        text(ctx, s.name.empty() ? std::string_view("(unnamed)") : std::string_view(s.name));
        break;
    case Kind:
        sqlite3_result_int64(ctx, s.kind);
        break;
    case StartNs:
        sqlite3_result_int64(ctx, s.startNs);
        break;
    case EndNs:
        sqlite3_result_int64(ctx, s.endNs);
        break;
    case StatusCode:
        sqlite3_result_int64(ctx, s.statusCode);
        break;
    case StatusMessage:
        text(ctx, s.statusMessage);
        break;
    case ServiceName:
        text(ctx, s.serviceName);
        break;
    case Attributes:
        text(ctx, s.attributesJson.empty() ? std::string_view("{}") : std::string_view(s.attributesJson));
        break;
    case Phase:
        text(ctx, s.phase);
        break;
    default:
        sqlite3_result_null(ctx);
        break;
    }
    return SQLITE_OK;
}

int rowid(sqlite3_vtab_cursor* cur, sqlite3_int64* out)
{
    *out = static_cast<sqlite3_int64>(reinterpret_cast<Cursor*>(cur)->row);
    return SQLITE_OK;
}

sqlite3_module makeModule()
{
    sqlite3_module m{};
    m.iVersion = 0;
    m.xCreate = nullptr; // eponymous only: pb_span_batch(?) without CREATE VIRTUAL TABLE
    m.xConnect = connect;
    m.xBestIndex = bestIndex;
    m.xDisconnect = disconnect;
    m.xOpen = openCursor;
    m.xClose = closeCursor;
    m.xFilter = filter;
    m.xNext = next;
    m.xEof = eof;
    m.xColumn = column;
    m.xRowid = rowid;
    return m;
}

const sqlite3_module kModule = makeModule();

} // namespace

void registerModule(sqlite3* db)
{
    sqlite3_create_module_v2(db, kName, &kModule, nullptr, nullptr);
}

void bind(sqlite3_stmt* stmt, int index, const std::span<const SpanRecord>* spans)
{
    sqlite3_bind_pointer(stmt, index, const_cast<std::span<const SpanRecord>*>(spans), kName, nullptr);
}

} // namespace pb::spanbatch
