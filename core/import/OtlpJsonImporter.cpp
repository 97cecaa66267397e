#include "import/OtlpJsonImporter.h"

#include "import/ImportSupport.h"
#include "import/JsonStream.h"
#include "import/LineReader.h"
#include "import/ValueParse.h"
#include "telemetry/OtlpDecode.h"

#include <QtGlobal>

#include <algorithm>
#include <vector>

namespace pb::import {
namespace {

// True when `line` closes every brace and bracket it opens (strings aware):
// a complete one-line document rather than the first line of a pretty one.
bool balanced(std::string_view line)
{
    int depth = 0;
    bool inString = false, escape = false;
    for (char c : line) {
        if (inString) {
            if (escape) {
                escape = false;
            } else if (c == '\\') {
                escape = true;
            } else if (c == '"') {
                inString = false;
            }
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return depth == 0 && !inString;
}

// Drops exact repeats of a span within a window of recent spans (the last
// kWindow to 2 x kWindow), keyed by a 128-bit digest of (trace, span, start,
// end, name). Two flat open-addressing generations instead of a node-based
// set: no allocation per span, and the older generation is dropped whole.
class Dedupe
{
public:
    Dedupe()
        : m_current(kSlots)
        , m_previous(kSlots)
    {}

    bool fresh(const SpanRecord& s)
    {
        m_buf.clear();
        m_buf.append(s.traceId).append(s.spanId);
        m_buf.append(reinterpret_cast<const char*>(&s.startNs), sizeof s.startNs);
        m_buf.append(reinterpret_cast<const char*>(&s.endNs), sizeof s.endNs);
        m_buf.append(s.name);
        // Two independent 64-bit hashes (the second over the text with a
        // salt byte in front) make the 128-bit key; {0, 0} marks a free slot.
        const std::uint64_t first = std::hash<std::string_view>{}(std::string_view(m_buf));
        m_buf.front() = static_cast<char>(m_buf.front() ^ 0x5a);
        Key key{first, std::hash<std::string_view>{}(std::string_view(m_buf))};
        if (key.a == 0 && key.b == 0) {
            key.b = 1;
        }
        if (contains(m_current, key) || contains(m_previous, key)) {
            ++m_duplicates;
            return false;
        }
        if (m_size == kWindow) {
            std::swap(m_current, m_previous);
            std::fill(m_current.begin(), m_current.end(), Key{});
            m_size = 0;
        }
        insert(m_current, key);
        ++m_size;
        return true;
    }
    std::int64_t duplicates() const { return m_duplicates; }

private:
    struct Key
    {
        std::uint64_t a = 0, b = 0;
        bool operator==(const Key&) const = default;
    };
    static constexpr std::size_t kWindow = 65536;
    static constexpr std::size_t kSlots = 2 * kWindow; // load factor <= 1/2, a power of two

    static std::size_t slotOf(const Key& k)
    {
        return static_cast<std::size_t>(k.a ^ (k.b >> 17)) & (kSlots - 1);
    }
    static bool contains(const std::vector<Key>& table, const Key& k)
    {
        for (std::size_t i = slotOf(k);; i = (i + 1) & (kSlots - 1)) {
            if (table[i] == k) {
                return true;
            }
            if (table[i] == Key{}) {
                return false;
            }
        }
    }
    static void insert(std::vector<Key>& table, const Key& k)
    {
        std::size_t i = slotOf(k);
        while (!(table[i] == Key{})) {
            i = (i + 1) & (kSlots - 1);
        }
        table[i] = k;
    }

    std::vector<Key> m_current, m_previous;
    std::size_t m_size = 0;
    std::string m_buf;
    std::int64_t m_duplicates = 0;
};

} // namespace

std::string_view OtlpJsonImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "OpenTelemetry traces (OTLP JSON)");
}

int OtlpJsonImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '{') {
        return 0;
    }
    return head.find("\"resourceSpans\"") != std::string_view::npos ||
                   head.find("\"resource_spans\"") != std::string_view::npos
               ? 95
               : 0;
}

ImportSummary OtlpJsonImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                      const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    SpanBatcher out(sink, summary);
    ProgressThrottle throttle(progress, options.totalBytes);
    Dedupe dedupe;
    std::int64_t rejected = 0, droppedContent = 0, documents = 0;
    std::string firstReject;
    auto take = [&](pb::telemetry::DecodeResult& r) {
        ++documents;
        rejected += r.rejectedSpans;
        droppedContent += r.droppedContentAttributes;
        if (firstReject.empty()) {
            firstReject = r.rejectReason;
        }
        for (auto& s : r.spans) {
            if (dedupe.fresh(s)) {
                out.push(std::move(s));
            }
        }
    };

    LineReader lines(in, options.sourceName, options.limits.maxRecordBytes);
    std::string_view text;
    bool documentMode = false;
    std::string document;
    std::int64_t documentLine = 0;
    // The document keeps its non-blank lines only; where lines were left out
    // the numbering restarts: (line in the document, 0-based -> line in the file).
    std::vector<std::pair<std::int64_t, std::int64_t>> fileLines;
    std::int64_t documentLines = 0;
    auto keep = [&](std::string_view line) {
        if (fileLines.empty() ||
            fileLines.back().second + (documentLines - fileLines.back().first) != lines.lineNumber()) {
            fileLines.emplace_back(documentLines, lines.lineNumber());
        }
        document.append(line);
        document.push_back('\n');
        ++documentLines;
    };
    auto fileLine = [&](std::int64_t documentIndex) {
        auto it = std::upper_bound(fileLines.begin(), fileLines.end(), documentIndex,
                                   [](std::int64_t v, const auto& p) { return v < p.first; });
        if (it == fileLines.begin()) {
            return documentLine;
        }
        --it;
        return it->second + (documentIndex - it->first);
    };
    while (lines.next(text)) {
        throttle.update(lines.bytesConsumed());
        if (trim(text).empty()) {
            continue; // in a document too: not kept, not counted against its limit
        }
        checkLineFields(bad, lines.lineNumber(), text);
        if (documentMode) {
            // A JSON string never spans lines: the indentation around each
            // line is insignificant and is not kept.
            const auto kept = trim(text);
            if (document.size() + kept.size() + 1 > options.limits.maxDocumentBytes) {
                bad.fail(documentLine,
                         "the JSON document is larger than " + formatBytes(options.limits.maxDocumentBytes) +
                             " without its indentation (the document limit, --max-document-bytes); "
                             "write one document per line (the collector's file exporter layout) "
                             "to import it in constant memory");
            }
            keep(kept);
            continue;
        }
        if (documents == 0 && summary.skipped == 0 && !balanced(text)) {
            // The first line of one pretty-printed document.
            documentMode = true;
            documentLine = lines.lineNumber();
            keep(trim(text));
            continue;
        }
        auto r = pb::telemetry::decodeJson(text);
        if (!r.ok) {
            std::string why = r.error;
            if (const auto at = firstInvalidUtf8(text); at != std::string_view::npos) {
                why = invalidUtf8Message(text, at);
            } else if (why == "not valid JSON") {
                try {
                    (void)parseJsonFirstWins(text);
                } catch (const JsonSyntaxError& e) {
                    why = e.describe();
                }
            }
            bad.skipOrFail(lines.lineNumber(),
                           why + "; expected one OTLP ExportTraceServiceRequest per line");
            continue;
        }
        take(r);
    }
    if (documentMode) {
        auto r = pb::telemetry::decodeJson(document);
        if (!r.ok) {
            std::int64_t line = documentLine;
            std::string why = r.error;
            if (const auto at = firstInvalidUtf8(document); at != std::string::npos) {
                const auto lineStart = document.rfind('\n', at) + 1; // npos + 1 = 0
                line = fileLine(
                    std::count(document.begin(), document.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
                why = invalidUtf8Message(std::string_view(document).substr(lineStart), at - lineStart);
            } else {
                try {
                    (void)parseJsonFirstWins(document);
                } catch (const JsonSyntaxError& e) {
                    line = fileLine(e.line() - 1);
                    why = e.describe();
                }
            }
            bad.fail(line, why + "; expected an OTLP ExportTraceServiceRequest");
        }
        take(r);
    }
    out.flush();
    throttle.finish(lines.bytesConsumed());
    if (documents == 0) {
        bad.fail(0, summary.skipped > 0
                        ? "no valid OTLP document: all " + std::to_string(summary.skipped) + " lines were bad"
                        : std::string("the file is empty; expected OTLP JSON "
                                      "({\"resourceSpans\": […]})"));
    }
    if (summary.spans == 0 && rejected > 0) {
        bad.fail(0, "nothing was imported: all " + std::to_string(rejected) +
                        " spans were rejected (the first because of: " + firstReject + ")");
    }
    bad.failIfNothing(summary.spans, "spans");
    if (rejected > 0) {
        summary.warnings.push_back(std::to_string(rejected) +
                                   " spans could not be used (first reason: " + firstReject + ")");
    }
    if (dedupe.duplicates() > 0) {
        summary.warnings.push_back(std::to_string(dedupe.duplicates()) +
                                   " duplicate spans (same IDs, times and name) were imported once");
    }
    if (droppedContent > 0) {
        summary.warnings.push_back(std::to_string(droppedContent) +
                                   " prompt/completion content attributes were not stored");
    }
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "OpenTelemetry";
    prov.formatVersion =
        documentMode ? "one ExportTraceServiceRequest document" : "one ExportTraceServiceRequest per line";
    nlohmann::json extra;
    extra["otlp_documents"] = documents;
    extra["otlp_rejected_spans"] = rejected;
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
