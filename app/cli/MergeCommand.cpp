// phasebench-cli merge: several generators' workbench files (the same
// scenario run on several machines) as one run (docs/scale-out.md).
#include "cli/Cli.h"
#include "cli/Output.h"
#include "scaleout/Merge.h"
#include "store/RunStore.h"

#include <filesystem>
#include <ostream>

namespace pb::cli {
namespace {

// "FILE" or "FILE:RUN_ID" (a file whose name ends in ":<digits>" is taken as is when it exists).
pb::scaleout::MergeSource source(const QString& arg)
{
    pb::scaleout::MergeSource s;
    s.path = toStd(arg);
    const auto colon = arg.lastIndexOf(QLatin1Char(':'));
    if (colon > 0 && !std::filesystem::exists(s.path)) {
        bool ok = false;
        const auto id = arg.mid(colon + 1).toLongLong(&ok);
        if (ok) {
            s.path = toStd(arg.left(colon));
            s.runId = id;
        }
    }
    return s;
}

} // namespace

int mergeCommand(const QStringList& args, Io& io)
{
    const auto opt = [](const char* name) {
        return QString::fromLatin1(name);
    };
    QCommandLineParser p;
    setupParser(p,
                tr("Merge the runs of several generators (workbench files from different machines, the "
                   "same scenario) into one new run of --db: every attempt keeps its generator ID. The "
                   "generators' schedules must have started within --max-clock-offset of each other."),
                true);
    p.addOption({opt("name"), tr("Name of the merged run (default: the first run's name + \" (merged)\")."),
                 tr("NAME")});
    p.addOption({opt("max-clock-offset"),
                 tr("Largest difference between the generators' start times, e.g. 500ms or 2s; 'off' skips "
                    "the check (default 1s)."),
                 tr("DURATION")});
    p.addPositionalArgument(QStringLiteral("files"), tr("Workbench files, each FILE or FILE:RUN_ID."),
                            tr("FILE[:RUN]…"));
    if (auto rc = parseOrExit(p, args, io)) {
        return *rc;
    }
    pb::scaleout::MergeOptions options;
    options.runName = toStd(p.value(opt("name")));
    if (p.isSet(opt("max-clock-offset")) &&
        !pb::scaleout::parseClockOffset(toStd(p.value(opt("max-clock-offset"))), options.maxClockOffset)) {
        print(io.err, tr("--max-clock-offset expects a duration such as 500ms or 2s, or off"));
        return Usage;
    }
    const auto files = p.positionalArguments();
    if (files.size() < 2) {
        print(io.err, tr("name at least two workbench files to merge"));
        return Usage;
    }
    std::vector<pb::scaleout::MergeSource> sources;
    for (const auto& f : files) {
        sources.push_back(source(f));
    }
    auto store = openStore(p, io, true);
    if (!store) {
        return Failure;
    }
    pb::scaleout::MergeResult result;
    try {
        result = pb::scaleout::mergeRuns(*store, sources, options);
    } catch (const pb::scaleout::ScaleOutError& e) {
        print(io.err, tr("merge refused, nothing was stored: %1").arg(QString::fromStdString(e.what())));
        return Failure;
    } catch (const StoreError& e) {
        print(io.err, tr("merge failed, nothing was stored: %1").arg(QString::fromStdString(e.what())));
        return Failure;
    }
    if (p.isSet(opt("json"))) {
        auto gens = nlohmann::json::array();
        for (const auto& g : result.clocks.generators) {
            gens.push_back({{"source", g.source},
                            {"generators", g.ids},
                            {"requests", g.requests},
                            {"clock_offset_ms", g.offsetMs},
                            {"start_precise", g.startPrecise}});
        }
        io.out << jsonText(nlohmann::json{{"run_id", result.runId},
                                          {"requests", result.requests},
                                          {"spans", result.spans},
                                          {"clock_spread_ms", result.clocks.spreadMs},
                                          {"max_clock_offset_ms", result.clocks.maxOffsetMs},
                                          {"generators", gens},
                                          {"warnings", result.warnings}})
               << '\n';
    } else {
        print(io.out, tr("merged %1 requests, %2 spans into run %3")
                          .arg(result.requests)
                          .arg(result.spans)
                          .arg(result.runId));
        for (const auto& g : result.clocks.generators) {
            print(io.out,
                  tr("  %1: generator %2, %3 requests, clock offset %4 ms")
                      .arg(QString::fromStdString(g.source))
                      .arg(QString::fromStdString(g.ids.empty() ? std::string("?") : g.ids.front()) +
                           (g.ids.size() > 1 ? QStringLiteral("+%1").arg(g.ids.size() - 1) : QString()))
                      .arg(g.requests)
                      .arg(g.offsetMs, 0, 'f', 1));
        }
        print(io.out, tr("  start spread %1 ms (limit %2)")
                          .arg(result.clocks.spreadMs, 0, 'f', 1)
                          .arg(options.maxClockOffset ? QStringLiteral("%1 ms").arg(result.clocks.maxOffsetMs)
                                                      : tr("off")));
        for (const auto& w : result.warnings) {
            print(io.err, tr("warning: %1").arg(QString::fromStdString(w)));
        }
    }
    return Ok;
}

} // namespace pb::cli
