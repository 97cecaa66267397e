#include "cli/Cli.h"
#include "cli/Output.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <ostream>

namespace pb::cli {

int runsCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser, tr("List the runs of a workbench file."), true);
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    auto store = openStore(parser, io, false);
    if (!store) {
        return Failure;
    }
    const auto runs = store->catalogue().runs();
    if (parser.isSet(QStringLiteral("json"))) {
        auto arr = nlohmann::json::array();
        for (const auto& r : runs) {
            arr.push_back({{"id", r.id},
                           {"name", r.name},
                           {"kind", nameOf(r.kind)},
                           {"status", nameOf(r.status)},
                           {"source", r.source},
                           {"created_utc", r.createdUtc},
                           {"requests", r.requestCount},
                           {"spans", r.spanCount},
                           // An import in progress, or what a failed one left: no command reads it.
                           {"readable", r.status != RunStatus::Importing}});
        }
        io.out << jsonText(nlohmann::json{{"runs", arr}}) << '\n';
        return Ok;
    }
    io.out << cell(QStringLiteral("id"), 6) << cell(tr("name"), 32) << cell(tr("kind"), 8)
           << cell(tr("status"), 12) << toStd(tr("requests")) << '\n';
    QStringList notReadable;
    for (const auto& r : runs) {
        if (r.status == RunStatus::Importing) {
            // Not a run yet: no request count, a note below says why.
            io.out << cell(QString::number(r.id), 6) << cell(QString::fromStdString(r.name).left(31), 32)
                   << cell(std::string(nameOf(r.kind)), 8) << cell(std::string(nameOf(r.status)), 12)
                   << "-\n";
            notReadable << QString::number(r.id);
            continue;
        }
        io.out << cell(QString::number(r.id), 6) << cell(QString::fromStdString(r.name).left(31), 32)
               << cell(std::string(nameOf(r.kind)), 8) << cell(std::string(nameOf(r.status)), 12)
               << r.requestCount << '\n';
    }
    if (!notReadable.isEmpty()) {
        print(io.out, tr("importing: %1 (an import in progress, or one that failed; no command reads it, "
                         "it is removed when the file is next opened after its import process has ended)")
                          .arg(notReadable.join(QStringLiteral(", "))));
    }
    if (runs.empty()) {
        print(io.out, tr("(no runs)"));
    }
    return Ok;
}

} // namespace pb::cli
