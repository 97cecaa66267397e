#include "store/BatchTables.h"

#include "model/RequestColumns.h"
#include "store/BlockCodec.h"
#include "store/RunStore.h"

#include <sqlite3.h>

#include <climits>
#include <cstdint>
#include <new>
#include <string_view>
#include <vector>

namespace pb::store::batchtables {
namespace {

constexpr const char* kSpanBatch = "pb_span_batch";
constexpr const char* kRequestBatch = "pb_request_batch";

// As Statement::bind: empty text is NULL. The batch outlives the statement's
// step, so SQLite need not copy the strings.
void resultText(sqlite3_context* ctx, std::string_view v)
{
    if (v.empty() || v.size() > static_cast<std::size_t>(INT_MAX)) {
        sqlite3_result_null(ctx);
    } else {
        sqlite3_result_text(ctx, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
    }
}

// The columns of spans, in the order of spanSchema().
void spanColumn(sqlite3_context* ctx, const SpanRecord& s, int col)
{
    switch (col) {
    case 0:
        return resultText(ctx, s.traceId);
    case 1:
        return resultText(ctx, s.spanId);
    case 2:
        return resultText(ctx, s.parentSpanId);
    case 3:
        return resultText(ctx, s.name.empty() ? std::string_view("(unnamed)") : std::string_view(s.name));
    case 4:
        return sqlite3_result_int64(ctx, s.kind);
    case 5:
        return sqlite3_result_int64(ctx, s.startNs);
    case 6:
        return sqlite3_result_int64(ctx, s.endNs);
    case 7:
        return sqlite3_result_int64(ctx, s.statusCode);
    case 8:
        return resultText(ctx, s.statusMessage);
    case 9:
        return resultText(ctx, s.serviceName);
    case 10:
        return resultText(ctx, s.attributesJson.empty() ? std::string_view("{}")
                                                        : std::string_view(s.attributesJson));
    case 11:
        return resultText(ctx, s.phase);
    default:
        return sqlite3_result_null(ctx);
    }
}
constexpr int kSpanColumns = 12;

std::string spanSchema()
{
    return "CREATE TABLE x(trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, "
           "status_message, service_name, attributes, phase, batch HIDDEN)";
}

// The values of the row SQLite is reading, taken in one call when it asks
// for the row's first column (SQLite reads a row's columns one by one).
struct RowValues
{
    std::vector<ColumnValue> values;
    std::size_t row = SIZE_MAX;
};

// `row`, the request columns, chunk_offsets.
void requestColumn(sqlite3_context* ctx, const RequestRecord& r, int col, std::string& scratch,
                   std::size_t row, RowValues& cache)
{
    static const auto cols = requestColumns();
    const int columns = static_cast<int>(cols.size());
    if (col == 0) {
        return sqlite3_result_int64(ctx, static_cast<sqlite3_int64>(row));
    }
    if (col == columns + 1) {
        if (r.chunkOffsets.empty()) {
            return sqlite3_result_null(ctx);
        }
        scratch = encodeOffsets(r.chunkOffsets);
        return sqlite3_result_blob(ctx, scratch.data(), static_cast<int>(scratch.size()), SQLITE_TRANSIENT);
    }
    if (col < 0 || col > columns) {
        return sqlite3_result_null(ctx);
    }
    if (cache.row != row) {
        cache.values.resize(cols.size());
        getColumns(r, cache.values);
        cache.row = row;
    }
    const auto& c = cols[static_cast<std::size_t>(col - 1)];
    const auto& v = cache.values[static_cast<std::size_t>(col - 1)];
    if (v.isNull) {
        return sqlite3_result_null(ctx);
    }
    if (c.type == ColumnType::Text || c.type == ColumnType::OutcomeEnum || c.type == ColumnType::UsageEnum) {
        return resultText(ctx, v.text);
    }
    sqlite3_result_int64(ctx, v.integer);
}

std::string requestSchema()
{
    return "CREATE TABLE x(" + requestBatchColumns() + ", batch HIDDEN)";
}

// One eponymous table-valued function over std::span<const Row>.
template<typename Row> struct Module
{
    struct Table
    {
        sqlite3_vtab base{};
        int batchColumn = 0; // the hidden column's index
    };
    struct Cursor
    {
        sqlite3_vtab_cursor base{};
        const std::span<const Row>* rows = nullptr;
        std::size_t row = 0;
        std::string scratch;
        RowValues values; // request rows only
    };

    static const char* name();
    static std::string schema();
    static int columnCount();
    static void column(sqlite3_context* ctx, Cursor& c, int col);

    static int connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** out, char**)
    {
        const int rc = sqlite3_declare_vtab(db, schema().c_str());
        if (rc != SQLITE_OK) {
            return rc;
        }
        auto* table = new (std::nothrow) Table();
        if (!table) {
            return SQLITE_NOMEM;
        }
        table->batchColumn = columnCount();
        *out = &table->base;
        return SQLITE_OK;
    }
    static int disconnect(sqlite3_vtab* vtab)
    {
        delete reinterpret_cast<Table*>(vtab);
        return SQLITE_OK;
    }
    // Usable only with the batch given: name(?).
    static int bestIndex(sqlite3_vtab* vtab, sqlite3_index_info* info)
    {
        const int batch = reinterpret_cast<Table*>(vtab)->batchColumn;
        for (int i = 0; i < info->nConstraint; ++i) {
            const auto& c = info->aConstraint[i];
            if (c.iColumn == batch && c.op == SQLITE_INDEX_CONSTRAINT_EQ && c.usable) {
                info->aConstraintUsage[i].argvIndex = 1;
                info->aConstraintUsage[i].omit = 1;
                info->estimatedCost = 1;
                return SQLITE_OK;
            }
        }
        return SQLITE_CONSTRAINT;
    }
    static int open(sqlite3_vtab*, sqlite3_vtab_cursor** out)
    {
        auto* cursor = new (std::nothrow) Cursor();
        if (!cursor) {
            return SQLITE_NOMEM;
        }
        *out = &cursor->base;
        return SQLITE_OK;
    }
    static int close(sqlite3_vtab_cursor* cur)
    {
        delete reinterpret_cast<Cursor*>(cur);
        return SQLITE_OK;
    }
    static int filter(sqlite3_vtab_cursor* cur, int, const char*, int argc, sqlite3_value** argv)
    {
        auto* c = reinterpret_cast<Cursor*>(cur);
        c->rows = argc > 0 ? static_cast<const std::span<const Row>*>(sqlite3_value_pointer(argv[0], name()))
                           : nullptr;
        c->row = 0;
        c->values.row = SIZE_MAX; // a new batch may sit where the last one was
        return SQLITE_OK;
    }
    static int next(sqlite3_vtab_cursor* cur)
    {
        ++reinterpret_cast<Cursor*>(cur)->row;
        return SQLITE_OK;
    }
    static int eof(sqlite3_vtab_cursor* cur)
    {
        const auto* c = reinterpret_cast<Cursor*>(cur);
        return !c->rows || c->row >= c->rows->size();
    }
    static int columnOf(sqlite3_vtab_cursor* cur, sqlite3_context* ctx, int col)
    {
        column(ctx, *reinterpret_cast<Cursor*>(cur), col);
        return SQLITE_OK;
    }
    static int rowid(sqlite3_vtab_cursor* cur, sqlite3_int64* out)
    {
        *out = static_cast<sqlite3_int64>(reinterpret_cast<Cursor*>(cur)->row);
        return SQLITE_OK;
    }
    static const sqlite3_module& module()
    {
        static const sqlite3_module m = [] {
            sqlite3_module x{};
            x.xCreate = nullptr; // eponymous only: name(?) without CREATE VIRTUAL TABLE
            x.xConnect = connect;
            x.xBestIndex = bestIndex;
            x.xDisconnect = disconnect;
            x.xOpen = open;
            x.xClose = close;
            x.xFilter = filter;
            x.xNext = next;
            x.xEof = eof;
            x.xColumn = columnOf;
            x.xRowid = rowid;
            return x;
        }();
        return m;
    }
};

template<> const char* Module<SpanRecord>::name()
{
    return kSpanBatch;
}
template<> std::string Module<SpanRecord>::schema()
{
    return spanSchema();
}
template<> int Module<SpanRecord>::columnCount()
{
    return kSpanColumns;
}
template<> void Module<SpanRecord>::column(sqlite3_context* ctx, Cursor& c, int col)
{
    spanColumn(ctx, (*c.rows)[c.row], col);
}

template<> const char* Module<RequestRecord>::name()
{
    return kRequestBatch;
}
template<> std::string Module<RequestRecord>::schema()
{
    return requestSchema();
}
template<> int Module<RequestRecord>::columnCount()
{
    return static_cast<int>(requestColumns().size()) + 2; // row, the columns, chunk_offsets
}
template<> void Module<RequestRecord>::column(sqlite3_context* ctx, Cursor& c, int col)
{
    requestColumn(ctx, (*c.rows)[c.row], col, c.scratch, c.row, c.values);
}

} // namespace

void registerModules(sqlite3* db)
{
    sqlite3_create_module_v2(db, kSpanBatch, &Module<SpanRecord>::module(), nullptr, nullptr);
    sqlite3_create_module_v2(db, kRequestBatch, &Module<RequestRecord>::module(), nullptr, nullptr);
}

void bindSpans(sqlite3_stmt* stmt, int index, const std::span<const SpanRecord>* spans)
{
    sqlite3_bind_pointer(stmt, index, const_cast<std::span<const SpanRecord>*>(spans), kSpanBatch, nullptr);
}

void bindRequests(sqlite3_stmt* stmt, int index, const std::span<const RequestRecord>* rows)
{
    sqlite3_bind_pointer(stmt, index, const_cast<std::span<const RequestRecord>*>(rows), kRequestBatch,
                         nullptr);
}

std::string requestBatchColumns()
{
    std::string s = "row";
    for (const auto& c : requestColumns()) {
        s += ", " + sqlColumnName(c);
    }
    return s + ", chunk_offsets";
}

} // namespace pb::store::batchtables
