#include "cli/Cli.h"
#include "cli/Output.h"
#include "loaded/Provenance.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <ostream>

namespace pb::cli {
namespace {

nlohmann::json sharesJson(const std::vector<pb::analysis::BucketShare>& shares)
{
    auto out = nlohmann::json::array();
    for (const auto& b : shares) {
        out.push_back({{"bucket", b.bucket}, {"requests", b.requests}, {"share", b.share}});
    }
    return out;
}

// What reproduces the run; "unknown" where the run does not say (loaded/Provenance.h).
nlohmann::json provenanceJson(const pb::analysis::RunProvenance& p)
{
    auto schemas = nlohmann::json::array();
    for (const auto& s : p.spanSchemas) {
        schemas.push_back({{"kind", s.kind}, {"value", s.value}, {"meaning", s.meaning}, {"spans", s.spans}});
    }
    const auto& sp = p.samplingPolicy;
    return {{"scenario", p.scenario},
            {"scenario_digest", p.scenarioDigest},
            {"model", p.model},
            {"endpoint_host", p.endpointHost},
            {"executor", p.executor},
            {"arrival_rate", p.arrivalRate},
            {"arrival_process", p.arrivalProcess},
            {"generator_host", p.generatorHost},
            {"generator_instance", p.generatorInstance},
            {"generator_overhead", p.generatorOverhead},
            {"streaming", p.streaming},
            {"sampling",
             {{"policy", std::string(nameOf(sp.kind))},
              // Not stated (or not part of the policy): null; the policy itself says "unknown".
              {"head_ratio", sp.headRatio ? nlohmann::json(*sp.headRatio) : nlohmann::json(nullptr)},
              {"tail_rules", sp.tailRules.empty() ? nlohmann::json(nullptr) : nlohmann::json(sp.tailRules)},
              {"description", p.sampling}}},
            {"token_profile",
             {{"requests", p.tokens.requests},
              {"basis", p.tokens.basis},
              {"input", sharesJson(p.tokens.input)},
              {"output", sharesJson(p.tokens.output)}}},
            {"span_schemas", schemas},
            {"span_schema_versions", p.spanSchemaText}};
}

} // namespace

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
            // An import in progress has no provenance yet: its rows are not all there.
            const auto provenance = r.status == RunStatus::Importing
                                        ? nlohmann::json(nullptr)
                                        : provenanceJson(pb::analysis::runProvenance(*store, r));
            arr.push_back({{"id", r.id},
                           {"name", r.name},
                           {"kind", nameOf(r.kind)},
                           {"status", nameOf(r.status)},
                           {"source", r.source},
                           {"created_utc", r.createdUtc},
                           {"requests", r.requestCount},
                           {"spans", r.spanCount},
                           // An import in progress, or what a failed one left: no command reads it.
                           {"readable", r.status != RunStatus::Importing},
                           {"provenance", provenance}});
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
