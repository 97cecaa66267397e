// phasebench-cli diagnose: symptom -> likely owner -> first check, with evidence.
#include "analysis/Verdict.h"
#include "budget/BudgetStore.h"
#include "cli/Cli.h"
#include "cli/Output.h"
#include "diagnose/Diagnose.h"
#include "diagnose/Report.h"
#include "store/RunStore.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <ostream>

namespace pb::cli {
namespace {

using namespace pb::diagnose;
using namespace pb::budget;

QString dx(const char* text)
{
    return QCoreApplication::translate("pb::diagnose", text);
}

void printEvidence(std::ostream& os, const Evidence& e)
{
    if (e.before) {
        const auto change = e.change();
        char delta[48] = "";
        if (change) {
            std::snprintf(delta, sizeof delta, "%+.3f", *change);
        }
        os << "      " << e.figure << ' ' << e.statistic << ": " << fixedOrDash(e.before) << " -> "
           << fixedOrDash(e.after) << ' ' << e.unit << " (" << delta << "), n " << e.nBefore << " -> "
           << e.nAfter << '\n';
    } else {
        os << "      " << e.figure << ' ' << e.statistic << ": " << fixedOrDash(e.after) << ' ' << e.unit
           << ", n " << e.nAfter << '\n';
    }
}

// The knee table's queue figure is the knee rule's percentile; when the
// budgets that decide "budgets met" use another, the table says both.
QString kneePercentileNote(const Knee& k)
{
    QStringList used;
    bool other = false;
    for (const auto& s : k.budgetStatistics) {
        used << QString::fromStdString(s);
        other = other || s != k.statistic;
    }
    if (!other) {
        return {};
    }
    return tr("  (gpu_queue %1 is the knee rule's figure; \"budgets met\" is decided at the budgets' %2)")
        .arg(QString::fromStdString(k.statistic), used.join(QStringLiteral(", ")));
}

void printDiagnosis(std::ostream& os, const RunInfo& info, const Diagnosis& d)
{
    print(os, tr("Run %1 '%2'").arg(info.id).arg(QString::fromStdString(info.name)));
    if (d.comparison != "none") {
        print(os, tr("compared: %1 -> %2")
                      .arg(QString::fromStdString(d.baselineLabel), QString::fromStdString(d.currentLabel)));
    }
    if (d.refused) {
        print(os, tr("comparison refused: the load profiles differ"));
        for (const auto& r : d.refusedReasons) {
            os << "  - " << r << '\n';
        }
    }
    if (d.findings.empty()) {
        print(os, tr("no finding: no rule fired"));
    }
    int n = 0;
    for (const auto& f : d.findings) {
        os << '\n';
        print(os, tr("%1. %2").arg(++n).arg(dx(f.symptom)));
        print(os, tr("   likely owner: %1 (confidence %2)")
                      .arg(dx(std::string(ownerLabel(f.owner)).c_str()),
                           QString::fromLatin1(confidenceName(f.confidence).data())));
        print(os, tr("   rule: %1; between: %2")
                      .arg(QString::fromStdString(f.rule), QString::fromStdString(f.between)));
        print(os, tr("   evidence:"));
        for (const auto& e : f.evidence) {
            printEvidence(os, e);
        }
        if (!f.note.empty()) {
            os << "   " << f.note << '\n';
        }
        print(os, tr("   first check: %1").arg(dx(f.firstCheck)));
    }
    if (d.knee) {
        os << '\n';
        print(os, tr("Stages (knee search):"));
        for (const auto& s : d.knee->stages) {
            os << "  " << s.stage << ": n " << s.n << ", arrival " << fixedOrDash(s.arrivalRate)
               << " req/s, throughput " << fixedOrDash(s.throughput) << " req/s, gpu_queue "
               << d.knee->statistic << ' ' << fixedOrDash(s.queueP95) << " ms"
               << (s.metBudgets ? (*s.metBudgets ? ", budgets met" : ", budgets not met") : "") << '\n';
        }
        if (const auto note = kneePercentileNote(*d.knee); !note.isEmpty()) {
            print(os, note);
        }
        print(os, tr("knee: %1; highest stage that met the budgets: %2")
                      .arg(d.knee->kneeStage ? QString::fromStdString(*d.knee->kneeStage) : tr("none found"),
                           d.knee->highestStageMetBudgets
                               ? QString::fromStdString(*d.knee->highestStageMetBudgets)
                               : tr("none")));
    }
    if (!d.notes.empty()) {
        os << '\n';
        print(os, tr("Notes:"));
        for (const auto& note : d.notes) {
            os << "  " << note << '\n';
        }
    }
}

} // namespace

int diagnoseCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    setupParser(
        p,
        tr("Diagnose a run: which phase moved, its likely owner and the first check, with evidence. "
           "Compares with --baseline, else the first and last stage, else the two halves of the run."),
        true);
    p.addOption({opt("run"), tr("Run to diagnose (default: the only run of the file)."), tr("ID")});
    p.addOption({opt("baseline"), tr("Baseline run to compare with (same load profile)."), tr("ID")});
    p.addOption(
        {opt("budgets"),
         tr("Budget file: broken phase budgets become findings, and a stepped run reports its highest "
            "stage that met them (default: the run's stored budgets)."),
         tr("FILE")});
    if (auto rc = parseOrExit(p, args, io)) {
        return *rc;
    }
    DiagnoseOptions options;
    analysis::BudgetChoice choice;
    if (p.isSet(opt("budgets"))) {
        choice.file = toStd(p.value(opt("budgets")));
        try {
            loadBudgets(*choice.file);
        } catch (const BudgetError& e) {
            print(io.err, tr("bad budget file: %1").arg(QString::fromStdString(e.what())));
            return Failure;
        }
    }
    std::optional<std::int64_t> runId;
    std::optional<std::int64_t> baselineId;
    if (p.isSet(opt("run")) && !(runId = runIdOption(p, "run", io))) {
        return Usage;
    }
    if (p.isSet(opt("baseline")) && !(baselineId = runIdOption(p, "baseline", io))) {
        return Usage;
    }
    auto store = openStore(p, io, false);
    if (!store) {
        return Failure;
    }
    try {
        if (!runId && !(runId = chooseRun(p, *store, io))) {
            return Usage;
        }
        for (const auto& id : {runId, baselineId}) {
            if (id && !store->catalogue().run(*id)) {
                print(io.err, tr("no run %1 in this file").arg(*id));
                return Failure;
            }
        }
        if (baselineId && *baselineId == *runId) {
            print(io.err, tr("--baseline must name another run"));
            return Usage;
        }
        // The run's own budgets as set before it started, unless a file is given;
        // the decisions are the run's verdict (the same as `check`'s).
        const auto run = analysis::loadRun(*store, *runId);
        auto verdict = analysis::decideRun(run, analysis::resolveBudgets(*store, run.info, choice));
        options.budgets = verdict.budgets.set;
        options.check = verdict.check;
        options.knee = verdict.knee;
        std::optional<RunData> baseline;
        if (baselineId) {
            baseline = loadRunData(*store, *baselineId);
        }
        const auto d = runDiagnosis(run, baseline ? &*baseline : nullptr, options);
        if (p.isSet(opt("json"))) {
            auto j = toJson(d);
            j["run_id"] = *runId;
            j["baseline_run_id"] = baselineId ? Json(*baselineId) : Json(nullptr);
            io.out << jsonText(j) << '\n';
        } else {
            printDiagnosis(io.out, run.info, d);
        }
    } catch (const BudgetError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    } catch (const StoreError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    return Ok;
}

} // namespace pb::cli
