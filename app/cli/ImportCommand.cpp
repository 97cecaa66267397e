#include "cli/Cli.h"
#include "cli/Output.h"
#include "import/ImportFile.h"
#include "scaleout/Generators.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace pb::cli {
namespace {

// "67108864", "64M", "64MiB", "1G": bytes; nullopt when it is none of these.
std::optional<std::uint64_t> parseSize(const QString& text)
{
    QString t = text.trimmed().toUpper();
    std::uint64_t scale = 1;
    for (const auto& [suffix, s] :
         {std::pair{QStringLiteral("KIB"), 1ull << 10}, std::pair{QStringLiteral("MIB"), 1ull << 20},
          std::pair{QStringLiteral("GIB"), 1ull << 30}, std::pair{QStringLiteral("K"), 1ull << 10},
          std::pair{QStringLiteral("M"), 1ull << 20}, std::pair{QStringLiteral("G"), 1ull << 30}}) {
        if (t.endsWith(suffix)) {
            t.chop(suffix.size());
            scale = s;
            break;
        }
    }
    bool ok = false;
    const auto v = t.trimmed().toULongLong(&ok);
    if (!ok || v > (std::uint64_t(1) << 62) / scale) {
        return std::nullopt;
    }
    return v * scale;
}

} // namespace

int importCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser, tr("Import result files into a workbench file."), true);
    parser.addOption(
        {QStringLiteral("format"), tr("Input format (default: detected from content)."), tr("NAME")});
    parser.addOption(
        {QStringLiteral("run"), tr("Name of the new run (default: the file name)."), tr("NAME")});
    parser.addOption(
        {QStringLiteral("into"), tr("Add to an existing run instead of creating one."), tr("RUN_ID")});
    parser.addOption({QStringLiteral("max-clock-offset"),
                      tr("With --into: largest difference between the start of a file's generator and the "
                         "run's, e.g. 500ms or 2s; 'off' skips the check (default 1s)."),
                      tr("DURATION")});
    parser.addOption({QStringLiteral("skip-bad-lines"), tr("Skip malformed lines and report them.")});
    parser.addOption({QStringLiteral("map"),
                      tr("Column mapping for generic CSV files and k6 custom Trends, e.g. "
                         "'total=latency_s:s,first_text=ttft:ms' (see docs/import.md)."),
                      tr("MAPPING")});
    const pb::import::ImportLimits defaults;
    parser.addOption(
        {QStringLiteral("max-record-bytes"),
         tr("Largest record (a line, a CSV record, a JSON record such as a HAR entry; default %1).")
             .arg(QString::fromStdString(pb::import::formatBytes(defaults.maxRecordBytes))),
         tr("SIZE")});
    parser.addOption({QStringLiteral("max-field-bytes"),
                      tr("Largest field (a JSON string, a CSV cell; default %1).")
                          .arg(QString::fromStdString(pb::import::formatBytes(defaults.maxFieldBytes))),
                      tr("SIZE")});
    parser.addOption(
        {QStringLiteral("max-document-bytes"),
         tr("Largest document read whole (a pretty-printed OTLP document, vLLM results; default %1).")
             .arg(QString::fromStdString(pb::import::formatBytes(defaults.maxDocumentBytes))),
         tr("SIZE")});
    parser.addOption({QStringLiteral("max-decompressed-bytes"),
                      tr("Largest decompressed size of a gzip file (default 0 = unlimited)."), tr("SIZE")});
    parser.addOption({QStringLiteral("sampling"),
                      tr("The server's trace-sampling policy, recorded with the run: head, tail, head+tail, "
                         "all (no sampling) or unknown (default)."),
                      tr("POLICY")});
    parser.addOption({QStringLiteral("head-ratio"),
                      tr("With --sampling head or head+tail: the share of traces kept, e.g. 0.1."),
                      tr("RATIO")});
    parser.addOption({QStringLiteral("tail-rules"),
                      tr("With --sampling tail or head+tail: the tail rules as one line, e.g. "
                         "'errors; duration > 2s; 5% of the rest'."),
                      tr("TEXT")});
    parser.addPositionalArgument(QStringLiteral("files"), tr("Files to import."), tr("FILE…"));
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    pb::import::ImportLimits limits;
    for (const auto& [name, field] : {std::pair{"max-record-bytes", &limits.maxRecordBytes},
                                      std::pair{"max-field-bytes", &limits.maxFieldBytes},
                                      std::pair{"max-document-bytes", &limits.maxDocumentBytes},
                                      std::pair{"max-decompressed-bytes", &limits.maxDecompressedBytes}}) {
        const QString option = QString::fromLatin1(name);
        if (!parser.isSet(option)) {
            continue;
        }
        const auto v = parseSize(parser.value(option));
        const bool zeroAllowed = field == &limits.maxDecompressedBytes;
        if (!v || (*v == 0 && !zeroAllowed)) {
            print(io.err, tr("--%1 expects a size in bytes, e.g. 67108864 or 64MiB").arg(option));
            return Usage;
        }
        *field = *v;
    }
    std::optional<SamplingPolicy> sampling;
    if (parser.isSet(QStringLiteral("sampling"))) {
        const auto kind = samplingKindFrom(toStd(parser.value(QStringLiteral("sampling"))));
        if (!kind) {
            print(io.err, tr("--sampling expects head, tail, head+tail, all or unknown"));
            return Usage;
        }
        sampling = SamplingPolicy{*kind, std::nullopt, toStd(parser.value(QStringLiteral("tail-rules")))};
        if (parser.isSet(QStringLiteral("head-ratio"))) {
            bool ok = false;
            sampling->headRatio = parser.value(QStringLiteral("head-ratio")).toDouble(&ok);
            if (!ok) {
                print(io.err, tr("--head-ratio expects a number greater than 0 and at most 1, e.g. 0.1"));
                return Usage;
            }
        }
        if (const auto problem = samplingProblem(*sampling); !problem.empty()) {
            print(io.err, tr("--sampling: %1").arg(QString::fromStdString(problem)));
            return Usage;
        }
    } else if (parser.isSet(QStringLiteral("head-ratio")) || parser.isSet(QStringLiteral("tail-rules"))) {
        print(io.err, tr("--head-ratio and --tail-rules need --sampling"));
        return Usage;
    }
    const auto files = parser.positionalArguments();
    if (files.isEmpty()) {
        print(io.err, tr("nothing to import: name at least one FILE"));
        return Usage;
    }
    std::optional<std::int64_t> into;
    if (parser.isSet(QStringLiteral("into"))) {
        bool ok = false;
        into = parser.value(QStringLiteral("into")).toLongLong(&ok);
        if (!ok) {
            print(io.err, tr("--into expects a run id"));
            return Usage;
        }
    }
    std::optional<Nanos> maxClockOffset = pb::scaleout::kDefaultMaxClockOffset;
    if (parser.isSet(QStringLiteral("max-clock-offset")) &&
        !pb::scaleout::parseClockOffset(toStd(parser.value(QStringLiteral("max-clock-offset"))),
                                        maxClockOffset)) {
        print(io.err, tr("--max-clock-offset expects a duration such as 500ms or 2s, or off"));
        return Usage;
    }
    auto store = openStore(parser, io, true);
    if (!store) {
        return Failure;
    }
    const auto registry = pb::import::ImporterRegistry::withBuiltins();
    const bool json = parser.isSet(QStringLiteral("json"));
    auto results = nlohmann::json::array();
    int rc = Ok;
    for (const auto& file : files) {
        pb::import::ImportRequest req;
        req.path = toStd(file);
        req.format = toStd(parser.value(QStringLiteral("format")));
        req.runName = files.size() == 1 ? toStd(parser.value(QStringLiteral("run"))) : std::string();
        req.intoRun = into;
        req.skipBadLines = parser.isSet(QStringLiteral("skip-bad-lines"));
        req.columnMapping = toStd(parser.value(QStringLiteral("map")));
        req.limits = limits;
        req.sampling = sampling;
        // Several generators' outputs in one run: each file's generator must
        // have started with the run's (scaleout/Generators.h).
        std::optional<pb::scaleout::ClockReport> clocks;
        if (into) {
            req.beforeCommit = [&](RunStore& s, std::int64_t runId, std::int64_t firstSeq,
                                   const pb::import::ImportSummary& summary,
                                   const pb::import::FigureChanges& figures) {
                clocks = pb::scaleout::checkImportInto(s, runId, firstSeq, summary, figures, req.path,
                                                       maxClockOffset);
            };
        }
        try {
            const auto result = pb::import::importFile(*store, req, registry);
            const auto& s = result.summary;
            if (json) {
                auto skipped = nlohmann::json::array();
                for (const auto& k : s.firstSkipped) {
                    skipped.push_back({{"line", k.line}, {"message", k.message}});
                }
                results.push_back({{"file", req.path},
                                   {"run_id", result.runId},
                                   {"format", s.format},
                                   {"requests", s.requests},
                                   {"spans", s.spans},
                                   {"skipped_lines", s.skipped},
                                   {"first_skipped", skipped},
                                   {"mapping", s.mapping},
                                   {"warnings", s.warnings},
                                   {"decompressed_bytes", s.decompressedBytes}});
                if (clocks) {
                    auto gens = nlohmann::json::array();
                    for (const auto& g : clocks->generators) {
                        gens.push_back({{"source", g.source},
                                        {"generators", g.ids},
                                        {"requests", g.requests},
                                        {"clock_offset_ms", g.offsetMs}});
                    }
                    results.back()["clock_check"] = {{"spread_ms", clocks->spreadMs},
                                                     {"max_clock_offset_ms", clocks->maxOffsetMs},
                                                     {"generators", gens}};
                }
            } else {
                print(io.out, tr("%1: imported %2 requests, %3 spans into run %4 (format %5)")
                                  .arg(file)
                                  .arg(s.requests)
                                  .arg(s.spans)
                                  .arg(result.runId)
                                  .arg(QString::fromStdString(s.format)));
                if (s.skipped > 0) {
                    print(io.out, tr("  skipped %1 bad lines; first ones:").arg(s.skipped));
                    for (const auto& k : s.firstSkipped) {
                        print(io.out, QStringLiteral("    %1:%2: %3")
                                          .arg(file)
                                          .arg(k.line)
                                          .arg(QString::fromStdString(k.message)));
                    }
                }
                for (const auto& m : s.mapping) {
                    print(io.out, tr("  mapped %1").arg(QString::fromStdString(m)));
                }
                for (const auto& w : s.warnings) {
                    print(io.err, tr("%1: warning: %2").arg(file, QString::fromStdString(w)));
                }
                if (clocks) {
                    for (const auto& g : clocks->generators) {
                        QString ids;
                        for (const auto& id : g.ids) {
                            ids += (ids.isEmpty() ? QString() : QStringLiteral(",")) +
                                   QString::fromStdString(id);
                        }
                        print(io.out, tr("  generator %1 (%2): clock offset %3 ms")
                                          .arg(ids.isEmpty() ? QStringLiteral("?") : ids,
                                               QString::fromStdString(g.source))
                                          .arg(g.offsetMs, 0, 'f', 1));
                    }
                    print(io.out, tr("  start spread %1 ms").arg(clocks->spreadMs, 0, 'f', 1));
                }
            }
        } catch (const pb::scaleout::ScaleOutError& e) {
            print(io.err, tr("import refused, nothing was stored: %1").arg(QString::fromStdString(e.what())));
            rc = Failure;
            if (json) {
                results.push_back({{"file", req.path}, {"error", e.what()}});
            }
        } catch (const pb::import::ImportError& e) {
            print(io.err, tr("import failed, nothing was stored: %1").arg(QString::fromStdString(e.what())));
            rc = Failure;
            if (json) {
                results.push_back({{"file", req.path}, {"error", e.message()}, {"line", e.line()}});
            }
        } catch (const StoreError& e) {
            print(io.err, tr("import failed, nothing was stored: %1").arg(QString::fromStdString(e.what())));
            rc = Failure;
            if (json) {
                results.push_back({{"file", req.path}, {"error", e.what()}});
            }
        } catch (const std::exception& e) {
            // Anything else (out of memory, a defect) still ends in a message, not an abort.
            print(io.err, tr("import failed, nothing was stored: %1").arg(QString::fromStdString(e.what())));
            rc = Failure;
            if (json) {
                results.push_back({{"file", req.path}, {"error", e.what()}});
            }
        }
    }
    if (json) {
        io.out << jsonText(nlohmann::json{{"imports", results}}) << '\n';
    }
    return rc;
}

} // namespace pb::cli
