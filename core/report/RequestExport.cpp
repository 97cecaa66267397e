#include "report/RequestExport.h"

#include "model/RequestColumns.h"
#include "store/RunStore.h"
#include "util/SafeText.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ostream>
#include <string>

namespace pb::report {
namespace {

// Nanoseconds as exact milliseconds ("12.345678"): the import's ms parser
// gives back the same nanoseconds.
std::string nanosAsMillis(std::int64_t ns)
{
    const bool negative = ns < 0;
    const auto abs = negative ? -static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    std::string s = std::to_string(abs / 1'000'000);
    std::string frac = std::to_string(abs % 1'000'000);
    frac.insert(0, 6 - frac.size(), '0');
    while (!frac.empty() && frac.back() == '0') {
        frac.pop_back();
    }
    if (!frac.empty()) {
        s += '.' + frac;
    }
    return negative ? '-' + s : s;
}

std::string csvQuoted(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos &&
        (text.empty() || (text.front() != ' ' && text.back() != ' '))) {
        return std::string(text);
    }
    std::string out = "\"";
    for (char c : text) {
        out += c;
        if (c == '"') {
            out += '"';
        }
    }
    return out + '"';
}

void writeCsvRow(std::ostream& out, const RequestRecord& r, CsvCells cells)
{
    const auto cols = requestColumns();
    std::string line;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        if (i > 0) {
            line += ',';
        }
        const auto v = getColumn(r, int(i));
        if (v.isNull) {
            continue;
        }
        switch (cols[i].type) {
        case ColumnType::Text:
        case ColumnType::OutcomeEnum:
        case ColumnType::UsageEnum:
            line +=
                csvQuoted(cells == CsvCells::Raw ? std::string(v.text) : pb::safe::csvFormulaSafe(v.text));
            break;
        case ColumnType::Integer:
            line += std::to_string(v.integer);
            break;
        case ColumnType::Boolean:
            line += v.integer ? "true" : "false";
            break;
        case ColumnType::Duration:
            line += nanosAsMillis(v.integer);
            break;
        }
    }
    out << line << '\n';
}

void writeJsonRow(std::ostream& out, const RequestRecord& r)
{
    const auto cols = requestColumns();
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const auto name = csvColumnName(cols[i]);
        const auto v = getColumn(r, int(i));
        if (v.isNull) {
            j[name] = nullptr;
            continue;
        }
        switch (cols[i].type) {
        case ColumnType::Text:
        case ColumnType::OutcomeEnum:
        case ColumnType::UsageEnum:
            j[name] = std::string(v.text);
            break;
        case ColumnType::Integer:
            j[name] = v.integer;
            break;
        case ColumnType::Boolean:
            j[name] = v.integer != 0;
            break;
        case ColumnType::Duration:
            // A JSON number with the same exact decimal text as the CSV cell.
            j[name] = nlohmann::ordered_json::parse(nanosAsMillis(v.integer));
            break;
        }
    }
    out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace

std::optional<ExportFormat> parseExportFormat(std::string_view name)
{
    if (name == "csv") {
        return ExportFormat::Csv;
    }
    if (name == "jsonl" || name == "ndjson") {
        return ExportFormat::Jsonl;
    }
    return std::nullopt;
}

std::uint64_t exportRequests(RunStore& store, std::int64_t runId, ExportFormat format, std::ostream& out,
                             const ProgressFn& progress, CsvCells cells)
{
    const auto info = store.catalogue().run(runId);
    if (!info) {
        throw StoreError("no run " + std::to_string(runId) + " in " + store.path());
    }
    if (info->status == RunStatus::Importing) {
        // Rows of an import arrive in pieces; a failed one (a full disk) may
        // leave them until the next open removes them: never a run's export.
        throw StoreError("run " + std::to_string(runId) + " of " + store.path() +
                         " is being imported, or its import failed: nothing of it is exported");
    }
    if (format == ExportFormat::Csv) {
        std::string header;
        for (const auto& c : requestColumns()) {
            if (!header.empty()) {
                header += ',';
            }
            header += csvColumnName(c);
        }
        out << header << '\n';
    }
    const auto total = std::uint64_t(store.requestReader().requestCount(runId));
    std::uint64_t written = 0;
    std::int64_t next = 0;
    constexpr std::int64_t kPage = 20'000;
    // Seq ranges, not row counts: a run's seqs may have gaps.
    while (written < total) {
        const auto rows = store.requestReader().requestsBySeq(runId, next, kPage);
        next += kPage;
        if (rows.empty() && next > std::int64_t(total) * 4 + kPage) {
            break; // sparse beyond reason: stop rather than scan forever
        }
        for (const auto& r : rows) {
            format == ExportFormat::Csv ? writeCsvRow(out, r, cells) : writeJsonRow(out, r);
        }
        written += rows.size();
        if (progress && !progress(written, total)) {
            throw Cancelled();
        }
    }
    return written;
}

} // namespace pb::report
