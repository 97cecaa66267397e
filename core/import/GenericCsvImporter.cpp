#include "import/GenericCsvImporter.h"

#include "import/CsvReader.h"
#include "import/ImportSupport.h"
#include "import/ValueParse.h"
#include "model/RequestColumns.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace pb::import {
namespace {

std::string lowerCell(std::string_view s)
{
    std::string out(s);
    for (char& c : out) {
        c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return out;
}

bool isNullCell(std::string_view cell)
{
    cell = trim(cell);
    if (!cell.empty() && cell.back() == '\r') {
        cell.remove_suffix(1);
    }
    const auto l = lowerCell(cell);
    return l.empty() || l == "nan" || l == "null" || l == "none" || l == "n/a";
}

struct Binding
{
    std::size_t field = 0;
    const MappingEntry* entry = nullptr;
    int column = -1; // request column, -1 for start_time
    ColumnType type = ColumnType::Text;
};

// Sets one mapped cell; returns an error or empty.
std::string setMappedCell(RequestRecord& r, const Binding& b, std::string_view cell, TimeOrigin& origin)
{
    const auto& e = *b.entry;
    auto bad = [&](const std::string& expected) {
        return "column '" + e.source + "' (" + e.target + "): expected " + expected + ", found " +
               excerpt(cell);
    };
    cell = trim(cell);
    if (b.column < 0) {
        const auto fmt = e.timeFormat.value_or(TimestampFormat::Rfc3339);
        const auto t = parseTimestamp(cell, fmt);
        if (!t) {
            return bad(fmt == TimestampFormat::Rfc3339
                           ? "an RFC 3339 time"
                           : "a " + std::string(timestampFormatName(fmt)) + " number");
        }
        r.startOffset = origin.offset(*t);
        return {};
    }
    switch (b.type) {
    case ColumnType::Duration: {
        const auto unit = e.unit.value_or(TimeUnit::Milliseconds);
        const auto v = parseDouble(cell);
        const auto ns = v ? durationToNanos(*v, unit) : std::nullopt;
        if (!ns) {
            return bad(durationExpected(unit));
        }
        setColumnInteger(r, b.column, *ns);
        return {};
    }
    case ColumnType::Integer: {
        auto v = parseInt64(cell);
        if (!v) {
            // 12.0 from a float-typed column is still an integer.
            if (const auto d = parseDouble(cell);
                d && std::isfinite(*d) && *d == std::floor(*d) && std::fabs(*d) < 9e18) {
                v = static_cast<std::int64_t>(*d);
            }
        }
        if (!v) {
            return bad("an integer");
        }
        setColumnInteger(r, b.column, *v);
        return {};
    }
    case ColumnType::Boolean: {
        const auto v = parseBool(cell);
        if (!v) {
            return bad("true/false");
        }
        setColumnInteger(r, b.column, *v ? 1 : 0);
        return {};
    }
    case ColumnType::OutcomeEnum:
    case ColumnType::UsageEnum:
        if (!setColumnText(r, b.column, lowerCell(cell))) {
            return bad(b.type == ColumnType::OutcomeEnum
                           ? "an outcome (completed, cancelled, timed_out, "
                             "provider_error, client_error, partial, dropped, unknown)"
                           : "a usage source (provider, estimated, none)");
        }
        return {};
    case ColumnType::Text:
        if (e.target == "trace_id") {
            const auto id = normaliseTraceId(cell);
            if (!id) {
                return bad("a trace ID (32 or 16 hex digits, not all zero)");
            }
            r.traceId = *id;
        } else if (e.target == "span_id" || e.target == "parent_span_id") {
            const auto id = normaliseSpanId(cell);
            if (!id) {
                return bad("a span ID (16 hex digits, not all zero)");
            }
            setColumnText(r, b.column, *id);
        } else if (const auto at = firstInvalidUtf8(cell); at != std::string_view::npos) {
            return "column '" + e.source + "' (" + e.target + "): " + invalidUtf8Message(cell, at) +
                   ", found " + excerpt(cell);
        } else {
            setColumnText(r, b.column, cell);
        }
        return {};
    }
    return {};
}

} // namespace

std::string_view GenericCsvImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "CSV with a column mapping");
}

char GenericCsvImporter::detectDelimiter(std::string_view head)
{
    const auto line = head.substr(0, head.find('\n'));
    char best = ',';
    std::size_t bestCount = 0;
    for (char d : {',', '\t', ';'}) {
        const auto n = static_cast<std::size_t>(std::count(line.begin(), line.end(), d));
        if (n > bestCount) {
            best = d;
            bestCount = n;
        }
    }
    return best;
}

std::vector<std::string> GenericCsvImporter::headerColumns(std::string_view head)
{
    std::istringstream s{std::string(head)};
    CsvReader reader(s, detectDelimiter(head));
    std::vector<std::string> fields;
    try {
        if (!reader.next(fields)) {
            return {};
        }
    } catch (const std::runtime_error&) {
        return {};
    }
    for (auto& f : fields) {
        f = std::string(trim(f));
        if (!f.empty() && f.back() == '\r') {
            f.pop_back();
        }
    }
    return fields;
}

GenericCsvImporter::Preview GenericCsvImporter::preview(std::string_view head, std::size_t maxRows)
{
    Preview p;
    p.delimiter = detectDelimiter(head);
    p.columns = headerColumns(head);
    // Only complete lines: the last one may be cut in the middle of a field.
    const auto lastNewline = head.rfind('\n');
    const std::string_view complete =
        lastNewline == std::string_view::npos ? head : head.substr(0, lastNewline + 1);
    std::istringstream s{std::string(complete)};
    CsvReader reader(s, p.delimiter);
    std::vector<std::string> fields;
    try {
        if (!reader.next(fields)) { // the header
            return p;
        }
        while (p.rows.size() < maxRows && reader.next(fields)) {
            for (auto& f : fields) {
                if (!f.empty() && f.back() == '\r') {
                    f.pop_back();
                }
            }
            p.rows.push_back(fields);
        }
    } catch (const std::runtime_error&) {
        // A malformed record ends the preview; the import reports it with its line.
    }
    return p;
}

ColumnMapping GenericCsvImporter::suggestMapping(const std::vector<std::string>& columns)
{
    ColumnMapping m;
    for (const auto& col : columns) {
        const auto l = lowerCell(col);
        for (const auto& c : requestColumns()) {
            if (m.forTarget(c.name)) {
                continue;
            }
            const std::string name(c.name);
            if (c.type == ColumnType::Duration) {
                for (const char* suffix : {"_ns", "_us", "_ms", "_s"}) {
                    if (l == name + suffix) {
                        m.entries.push_back({name, col, parseTimeUnit(suffix + 1), std::nullopt});
                    }
                }
            } else if (l == name) {
                m.entries.push_back({name, col, std::nullopt, std::nullopt});
            }
        }
    }
    return m;
}

int GenericCsvImporter::detect(std::string_view head, std::string_view fileName) const
{
    // Any delimited text with a header of at least two cells: a weak guess,
    // below every format that recognises its own columns.
    const auto cols = headerColumns(head);
    if (cols.size() < 2 || head.find('\0') != std::string_view::npos) {
        return 0;
    }
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (head[first] == '{' || head[first] == '[')) {
        return 0;
    }
    return fileName.ends_with(".csv") || fileName.ends_with(".tsv") ? 20 : 10;
}

ImportSummary GenericCsvImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                        const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    // The delimiter comes from the header line, read first (within the
    // record limit; leading whitespace is not kept).
    std::string headerLine;
    std::uint64_t headerBytes = 0;
    {
        const auto max = options.limits.maxRecordBytes;
        for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
            if (++headerBytes > max) {
                bad.fail(1, "the header line is longer than " + formatBytes(max) +
                                " (the record limit, --max-record-bytes)");
            }
            if (c == '\n') {
                break;
            }
            if (headerLine.empty() && (c == ' ' || c == '\t')) {
                continue;
            }
            headerLine.push_back(static_cast<char>(c));
        }
    }
    if (trim(headerLine).empty()) {
        bad.fail(0, "the file is empty; expected a header line of column names");
    }
    const char delim = detectDelimiter(headerLine);
    const auto columns = headerColumns(headerLine);
    ColumnMapping mapping;
    try {
        mapping = parseColumnMapping(options.columnMapping);
    } catch (const MappingError& e) {
        bad.fail(0, std::string("column mapping: ") + e.what());
    }
    std::string list;
    for (const auto& c : columns) {
        list += (list.empty() ? "" : ", ") + escapedText(c);
    }
    if (mapping.empty()) {
        bad.fail(1, "a generic CSV needs a column mapping (--map target=column[:unit],…); the columns are: " +
                        list);
    }
    std::vector<Binding> bindings;
    for (const auto& e : mapping.entries) {
        Binding b;
        b.entry = &e;
        bool found = false;
        for (std::size_t i = 0; i < columns.size() && !found; ++i) {
            found = columns[i] == e.source;
            b.field = i;
        }
        for (std::size_t i = 0; i < columns.size() && !found; ++i) {
            found = lowerCell(columns[i]) == lowerCell(e.source);
            b.field = i;
        }
        if (!found) {
            bad.fail(1, "mapped column '" + e.source + "' is not in the header; the columns are: " + list);
        }
        if (e.target != "start_time") {
            b.column = requestColumnIndex(e.target);
            b.type = requestColumns()[static_cast<std::size_t>(b.column)].type;
        }
        bindings.push_back(b);
    }
    const bool outcomeMapped = mapping.forTarget("outcome") || mapping.forTarget("http_status");
    if (!outcomeMapped) {
        summary.warnings.push_back(
            "no outcome or http_status column is mapped: every row is taken as completed");
    }

    CsvReader reader(in, delim, options.limits.maxRecordBytes, options.limits.maxFieldBytes);
    RequestBatcher out(sink, summary, options);
    ProgressThrottle throttle(progress, options.totalBytes);
    TimeOrigin origin;
    std::vector<std::string> fields;
    while (true) {
        bool more = false;
        try {
            more = reader.next(fields);
        } catch (const std::runtime_error& e) {
            if (dynamic_cast<const ImportError*>(&e)) {
                throw;
            }
            bad.fail(reader.line() + 1, e.what());
        }
        if (!more) {
            break;
        }
        const std::int64_t line = reader.line() + 1; // the header was read before the reader
        throttle.update(headerBytes + reader.bytesRead());
        if (fields.size() == 1 && trim(fields[0]).empty()) {
            continue;
        }
        if (fields.size() != columns.size()) {
            bad.skipOrFail(line, "expected " + std::to_string(columns.size()) +
                                     " fields as in the header, found " + std::to_string(fields.size()));
            continue;
        }
        RequestRecord r;
        std::string error;
        for (const auto& b : bindings) {
            if (isNullCell(fields[b.field])) {
                continue;
            }
            error = setMappedCell(r, b, fields[b.field], origin);
            if (!error.empty()) {
                break;
            }
        }
        if (!error.empty()) {
            bad.skipOrFail(line, error);
            continue;
        }
        if (!mapping.forTarget("outcome")) {
            r.outcome = r.httpStatus ? outcomeFromHttpStatus(*r.httpStatus) : Outcome::Completed;
        }
        out.push(std::move(r), line);
    }
    out.flush();
    throttle.finish(headerBytes + reader.bytesRead());
    bad.failIfNothing(summary.requests, "data rows");
    Provenance prov;
    prov.format = std::string(name());
    prov.formatVersion =
        std::string("delimiter '") + (delim == '\t' ? std::string("\\t") : std::string(1, delim)) + "'";
    prov.timeOrigin = origin.origin();
    nlohmann::json extra;
    extra["column_mapping"] = formatColumnMapping(mapping);
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
