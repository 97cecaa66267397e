#include "import/NativeCsvImporter.h"

#include "import/CsvReader.h"
#include "import/ImportSupport.h"
#include "import/LineReader.h"
#include "import/ValueParse.h"
#include "model/RequestColumns.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_map>

namespace pb::import {
namespace {

constexpr std::size_t kBatch = 8192;

std::string describeType(ColumnType t)
{
    switch (t) {
    case ColumnType::Text:
        return "text";
    case ColumnType::Integer:
        return "an integer";
    case ColumnType::Boolean:
        return "true/false";
    case ColumnType::Duration:
        return "a duration in ms (>= 0, at most 30 days)";
    case ColumnType::OutcomeEnum:
        return "an outcome (completed, cancelled, timed_out, provider_error, client_error, partial, dropped, "
               "unknown)";
    case ColumnType::UsageEnum:
        return "a usage source (provider, estimated, none)";
    }
    return {};
}

// Sets one cell; returns an error message or empty on success.
std::string setNativeCell(RequestRecord& r, int idx, const RequestColumn& col, std::string_view cell)
{
    cell = trim(cell);
    if (cell.empty()) {
        setColumnNull(r, idx);
        return {};
    }
    bool ok = false;
    switch (col.type) {
    case ColumnType::Text:
        if (col.name == "trace_id" || col.name == "span_id" || col.name == "parent_span_id") {
            const auto id = parseHexId(cell, col.name == "trace_id" ? 32 : 16);
            if (!id) {
                return "column '" + std::string(col.name) + "': expected " +
                       (col.name == "trace_id" ? "32" : "16") + " hex digits, not all zero, found " +
                       excerpt(cell);
            }
            ok = setColumnText(r, idx, *id);
        } else if (const auto at = firstInvalidUtf8(cell); at != std::string_view::npos) {
            // Refused like any bad value: text reaches the store as valid UTF-8 or not at all.
            return "column '" + std::string(col.name) + "': " + invalidUtf8Message(cell, at) + ", found " +
                   excerpt(cell);
        } else {
            ok = setColumnText(r, idx, cell);
        }
        break;
    case ColumnType::OutcomeEnum:
    case ColumnType::UsageEnum:
        ok = setColumnText(r, idx, cell);
        break;
    case ColumnType::Integer:
        if (auto v = parseInt64(cell)) {
            ok = setColumnInteger(r, idx, *v);
        }
        break;
    case ColumnType::Boolean:
        if (auto v = parseBool(cell)) {
            ok = setColumnInteger(r, idx, *v ? 1 : 0);
        }
        break;
    case ColumnType::Duration:
        if (auto v = parseMillisToNanos(cell)) {
            ok = setColumnInteger(r, idx, *v);
        }
        break;
    }
    if (ok) {
        return {};
    }
    return "column '" + csvColumnName(col) + "': expected " + describeType(col.type) + ", found " +
           excerpt(cell);
}

} // namespace

std::string_view NativeCsvImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "Phasebench CSV");
}

int NativeCsvImporter::detect(std::string_view head, std::string_view fileName) const
{
    const auto eol = head.find('\n');
    const auto header = head.substr(0, eol);
    int known = 0;
    std::size_t start = 0;
    while (start <= header.size()) {
        auto comma = header.find(',', start);
        if (comma == std::string_view::npos) {
            comma = header.size();
        }
        auto name = trim(header.substr(start, comma - start));
        if (!name.empty() && name.back() == '\r') {
            name.remove_suffix(1);
        }
        for (const auto& c : requestColumns()) {
            if (csvColumnName(c) == name) {
                ++known;
                break;
            }
        }
        start = comma + 1;
    }
    if (known >= 2) {
        return 90;
    }
    if (fileName.ends_with(".csv") && known == 1) {
        return 40;
    }
    return 0;
}

ImportSummary NativeCsvImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                       const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    CsvReader reader(in, ',', options.limits.maxRecordBytes, options.limits.maxFieldBytes);
    std::vector<std::string> fields;
    try {
        if (!reader.next(fields)) {
            bad.fail(0, "the file is empty; expected a header line of column names");
        }
    } catch (const std::runtime_error& e) {
        if (dynamic_cast<const ImportError*>(&e)) {
            throw;
        }
        bad.fail(1, e.what());
    }

    // Map header cells to vocabulary columns.
    std::vector<int> map(fields.size(), -1);
    std::unordered_map<std::string, int> byCsvName;
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        byCsvName.emplace(csvColumnName(cols[i]), static_cast<int>(i));
    }
    std::vector<bool> seen(cols.size(), false);
    int mapped = 0;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string name(trim(fields[i]));
        auto it = byCsvName.find(name);
        if (it == byCsvName.end()) {
            summary.warnings.push_back("unknown column " + excerpt(name) + " ignored");
            continue;
        }
        if (seen[static_cast<std::size_t>(it->second)]) {
            bad.fail(reader.line(), "column '" + name + "' appears twice in the header");
        }
        seen[static_cast<std::size_t>(it->second)] = true;
        map[i] = it->second;
        ++mapped;
    }
    if (mapped == 0) {
        bad.fail(reader.line(),
                 "expected a header of Phasebench column names (e.g. trace_id, outcome, total_ms)");
    }

    RequestBatcher out(sink, summary, options, kBatch);
    std::uint64_t lastReport = 0;
    while (true) {
        bool more = false;
        try {
            more = reader.next(fields);
        } catch (const std::runtime_error& e) {
            if (dynamic_cast<const ImportError*>(&e)) {
                throw;
            }
            // A broken quote ruins the rest of the file: never skippable.
            bad.fail(reader.line(), e.what());
        }
        if (!more) {
            break;
        }
        if (fields.size() == 1 && trim(fields[0]).empty()) {
            continue; // blank line
        }
        if (fields.size() != map.size()) {
            bad.skipOrFail(reader.line(), "expected " + std::to_string(map.size()) +
                                              " fields as in the header, found " +
                                              std::to_string(fields.size()));
            continue;
        }
        RequestRecord r;
        std::string error;
        for (std::size_t i = 0; i < fields.size() && error.empty(); ++i) {
            if (map[i] >= 0) {
                error = setNativeCell(r, map[i], cols[static_cast<std::size_t>(map[i])], fields[i]);
            }
        }
        if (!error.empty()) {
            bad.skipOrFail(reader.line(), error);
            continue;
        }
        out.push(std::move(r), reader.line());
        if (progress && reader.bytesRead() - lastReport > (1u << 20)) {
            lastReport = reader.bytesRead();
            if (!progress(lastReport, options.totalBytes)) {
                throw Cancelled();
            }
        }
    }
    out.flush();
    if (progress && !progress(reader.bytesRead(), options.totalBytes)) {
        throw Cancelled();
    }
    bad.failIfNothing(summary.requests, "data rows");
    nlohmann::json cfg;
    cfg["source_format"] = "phasebench-csv";
    cfg["source_file"] = options.sourceName;
    summary.configJson = cfg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return summary;
}

std::string_view NativeJsonlImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "Phasebench JSON lines");
}

int NativeJsonlImporter::detect(std::string_view head, std::string_view fileName) const
{
    const auto line = trim(head.substr(0, head.find('\n')));
    if (line.empty() || line.front() != '{') {
        return 0;
    }
    // An export writes every key, nulls included: demand the two that no other
    // tool's JSON lines carry together, so vLLM or k6 lines are never taken.
    int known = 0;
    for (const auto& c : requestColumns()) {
        known += line.find("\"" + csvColumnName(c) + "\":") != std::string_view::npos;
    }
    const bool ours = line.find("\"trace_id\":") != std::string_view::npos &&
                      line.find("\"total_ms\":") != std::string_view::npos;
    return ours && known >= 5 ? 95 : (ours && fileName.ends_with(".jsonl") ? 40 : 0);
}

ImportSummary NativeJsonlImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                         const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    std::unordered_map<std::string, int> byCsvName;
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        byCsvName.emplace(csvColumnName(cols[i]), static_cast<int>(i));
    }
    std::vector<std::string> unknown;
    LineReader reader(in, options.sourceName, options.limits.maxRecordBytes);
    RequestBatcher out(sink, summary, options, kBatch);
    std::uint64_t lastReport = 0;
    std::string_view line;
    while (reader.next(line)) {
        if (trim(line).empty()) {
            continue;
        }
        const auto j = nlohmann::json::parse(line, nullptr, false);
        if (!j.is_object()) {
            bad.skipOrFail(reader.lineNumber(), "expected one JSON object per line");
            continue;
        }
        RequestRecord r;
        std::string error;
        for (const auto& [key, value] : j.items()) {
            const auto it = byCsvName.find(key);
            if (it == byCsvName.end()) {
                if (std::find(unknown.begin(), unknown.end(), key) == unknown.end() && unknown.size() < 20) {
                    unknown.push_back(key);
                    summary.warnings.push_back("unknown key " + excerpt(key) + " ignored");
                }
                continue;
            }
            // The cell as the CSV holds it: null is empty, numbers in their shortest exact form.
            const std::string cell = value.is_null()     ? std::string()
                                     : value.is_string() ? value.get<std::string>()
                                                         : value.dump();
            if (value.is_string() && cell.empty()) {
                continue; // an empty text is NULL, as in the CSV
            }
            error = setNativeCell(r, it->second, cols[static_cast<std::size_t>(it->second)], cell);
            if (!error.empty()) {
                break;
            }
        }
        if (!error.empty()) {
            bad.skipOrFail(reader.lineNumber(), error);
            continue;
        }
        out.push(std::move(r), reader.lineNumber());
        if (progress && reader.bytesConsumed() - lastReport > (1u << 20)) {
            lastReport = reader.bytesConsumed();
            if (!progress(lastReport, options.totalBytes)) {
                throw Cancelled();
            }
        }
    }
    out.flush();
    bad.failIfNothing(summary.requests, "data rows");
    nlohmann::json cfg;
    cfg["source_format"] = "phasebench-jsonl";
    cfg["source_file"] = options.sourceName;
    summary.configJson = cfg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return summary;
}

} // namespace pb::import
