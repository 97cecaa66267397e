// phasebench-cli export-k6: a k6 script for a load scenario, for runs that
// one machine cannot generate (docs/scale-out.md).
#include "cli/Cli.h"
#include "cli/Output.h"
#include "load/Scenario.h"
#include "scaleout/K6Script.h"

#include <fstream>
#include <ostream>

namespace pb::cli {

int exportK6Command(const QStringList& args, Io& io)
{
    const auto opt = [](const char* name) {
        return QString::fromLatin1(name);
    };
    QCommandLineParser p;
    setupParser(p,
                tr("Write a k6 script for a load scenario: its executor and stages, request bodies, header "
                   "names, timeout and retries, a fresh traceparent per attempt with a per-instance prefix, "
                   "LLM trends tagged with the trace ID and its budgets as thresholds (docs/scale-out.md)."),
                true);
    p.addOption({{opt("o"), opt("output")}, tr("Script file (default: standard output)."), tr("FILE")});
    p.addPositionalArgument(QStringLiteral("scenario"), tr("Scenario JSON file."), tr("SCENARIO.json"));
    if (auto rc = parseOrExit(p, args, io, false)) {
        return *rc;
    }
    if (p.positionalArguments().size() != 1) {
        print(io.err, tr("name exactly one SCENARIO.json"));
        return Usage;
    }
    pb::scaleout::K6Script script;
    try {
        script = pb::scaleout::exportK6Script(pb::load::loadScenario(toStd(p.positionalArguments().front())));
    } catch (const pb::load::ScenarioError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    if (p.isSet(opt("output"))) {
        std::ofstream file(toStd(p.value(opt("output"))), std::ios::binary | std::ios::trunc);
        file << script.text;
        file.flush();
        if (!file) {
            print(io.err, tr("cannot write '%1'").arg(p.value(opt("output"))));
            return Failure;
        }
    } else {
        io.out << script.text;
    }
    // What the script could not carry goes to stderr (stdout may be the script).
    if (p.isSet(opt("json"))) {
        auto thresholds = nlohmann::json::array();
        for (const auto& t : script.thresholds) {
            nlohmann::json j{{"budget", t.budgetId}};
            if (t.skipped.empty()) {
                j["metric"] = t.metric;
                j["threshold"] = t.expression;
            } else {
                j["skipped"] = t.skipped;
            }
            thresholds.push_back(j);
        }
        io.err << jsonText(nlohmann::json{{"thresholds", thresholds}, {"notes", script.notes}}) << '\n';
    } else {
        for (const auto& t : script.thresholds) {
            if (t.skipped.empty()) {
                print(io.err, tr("threshold %1: %2 (budget %3)")
                                  .arg(QString::fromStdString(t.metric), QString::fromStdString(t.expression),
                                       QString::fromStdString(t.budgetId)));
            } else {
                print(io.err,
                      tr("budget %1 is not a k6 threshold: %2")
                          .arg(QString::fromStdString(t.budgetId), QString::fromStdString(t.skipped)));
            }
        }
        for (const auto& n : script.notes) {
            print(io.err, tr("note: %1").arg(QString::fromStdString(n)));
        }
    }
    return Ok;
}

} // namespace pb::cli
