// phasebench-cli check: evaluates a run's budgets and gates for CI.
// Exit codes: 0 every budget and gate passed, 3 at least one failed, 4 none
// failed but at least one could not be decided; 1 error, 2 usage.
#include "analysis/Verdict.h"
#include "cli/Cli.h"
#include "cli/Output.h"
#include "diagnose/Check.h"
#include "diagnose/Report.h"
#include "store/RunStore.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace pb::cli {
namespace {

using namespace pb::diagnose;
using namespace pb::budget;

constexpr int kCheckFailed = 3;
constexpr int kCannotDecide = 4;

QString ownerText(const std::optional<Owner>& o)
{
    return o ? QCoreApplication::translate("pb::diagnose", std::string(ownerLabel(*o)).c_str())
             : tr("several");
}

QString verdictText(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return tr("PASS");
    case Verdict::Fail:
        return tr("FAIL");
    case Verdict::CannotDecide:
        return tr("CANNOT DECIDE");
    case Verdict::NotMeasurable:
        return tr("NOT MEASURABLE ON THIS ROUTE");
    }
    return {};
}

QString percent(double share)
{
    return QString::number(share * 100, 'f', 0) + QStringLiteral(" %");
}

// The requests over the budget by the phase that dominates each (core's attribution).
void printAttribution(std::ostream& os, const BreachAttribution& a)
{
    const QString indent = QStringLiteral("        ");
    if (!a.shares.empty()) {
        const auto& top = a.shares.front();
        print(os,
              indent + tr("%1 of %2 over-budget requests are dominated by %3 (%4); by %5, against the "
                          "typical values of the %6 (N %7):")
                           .arg(top.count)
                           .arg(a.attributed)
                           .arg(QString::fromStdString(top.phase), percent(top.share),
                                QString::fromStdString(a.decomposition), QString::fromStdString(a.baseline))
                           .arg(a.baselineN));
    }
    for (const auto& s : a.shares) {
        QStringList worst;
        for (const auto& e : s.worst) {
            worst << (e.traceId.empty() ? tr("seq %1").arg(e.seq) : QString::fromStdString(e.traceId));
        }
        print(os, indent + QStringLiteral("  ") +
                      tr("%1: %2 (%3, interval %4-%5), owner %6, typical %7 ms; worst: %8")
                          .arg(QString::fromStdString(s.phase))
                          .arg(s.count)
                          .arg(percent(s.share), percent(s.lower), percent(s.upper), ownerText(s.owner),
                               QString::fromStdString(fixedOrDash(s.medianMs)),
                               worst.join(QStringLiteral(", "))));
    }
    if (a.withoutPhases > 0) {
        print(os, indent + tr("%1 of %2 over-budget requests have no measured %3 and are counted apart")
                               .arg(a.withoutPhases)
                               .arg(a.over)
                               .arg(QString::fromStdString(a.decomposition)));
    }
}

void printCheckResult(std::ostream& os, const RunInfo& info, const CheckResult& r)
{
    print(os,
          tr("Run %1 '%2': %3").arg(info.id).arg(QString::fromStdString(info.name), verdictText(r.verdict)));
    if (const auto* f = r.firstFailedPhase()) {
        print(os, tr("Broken budget first: %1 %2 %3 %4 > budget %5 %4 (likely owner: %6)")
                      .arg(QString::fromStdString(f->id), QString::fromStdString(f->statistic),
                           QString::fromStdString(fixedOrDash(f->observed)), QString::fromStdString(f->unit),
                           QString::fromStdString(fixedOrDash(f->threshold)), ownerText(f->owner)));
    }
    print(os, tr("budgets: %1").arg(QString::fromStdString(r.budgetsSource)));
    if (r.stages.size() > 1) {
        for (const auto& s : r.stages) {
            print(os, tr("stage %1: %2, N %3 (%4)")
                          .arg(QString::fromStdString(s.stage), verdictText(s.verdict))
                          .arg(s.n)
                          .arg(QString::fromStdString(s.window)));
        }
        print(os, tr("highest stage that met every budget: %1")
                      .arg(r.highestStageMet ? QString::fromStdString(*r.highestStageMet) : tr("none")));
    }
    if (r.history && r.history->setAfterRun) {
        print(os,
              tr("warning: no budget was stored before the run started; the first stored version (set %1) "
                 "was used")
                  .arg(QString::fromStdString(r.history->inEffect->setUtc)));
    }
    for (const auto& i : r.items) {
        const QString line =
            QStringLiteral("  %1  %2 %3 %4: %5 %6 (%7 %8 %6), n=%9")
                .arg(verdictText(i.verdict), -13)
                .arg(QString::fromStdString(i.kind),
                     QString::fromStdString(i.id + (i.stage.empty() ? "" : " [" + i.stage + "]") +
                                            (i.group.empty() ? "" : " {" + i.group + "}")),
                     QString::fromStdString(i.statistic +
                                            (i.convention.empty() ? "" : " (" + i.convention + ")")),
                     QString::fromStdString(fixedOrDash(i.observed)), QString::fromStdString(i.unit),
                     i.direction == Direction::AtMost ? QStringLiteral("<=") : QStringLiteral(">="),
                     QString::fromStdString(fixedOrDash(i.threshold)))
                .arg(i.n);
        print(os, line);
        if (!i.window.empty() && i.kind != "gate") {
            print(os, QStringLiteral("        ") + tr("window: %1").arg(QString::fromStdString(i.window)));
        }
        if (!i.reason.empty() && i.verdict != Verdict::Pass) {
            print(os, QStringLiteral("        ") + QString::fromStdString(i.reason));
        }
        if (!i.note.empty()) {
            print(os, QStringLiteral("        ") + QString::fromStdString(i.note));
        }
        if (i.attribution && i.attribution->over > 0) {
            printAttribution(os, *i.attribution);
        }
    }
    if (r.history && !r.history->changes.empty()) {
        print(
            os,
            r.budgetsSource.rfind("file ", 0) == 0
                ? tr("Thresholds of the run's stored budgets changed after the run started:")
                : tr("Thresholds changed after the run started (the check uses the version set before it):"));
        for (const auto& c : r.history->changes) {
            print(os,
                  tr("  %1: %2 -> %3 (version %4, set %5)")
                      .arg(QString::fromStdString(c.budget), QString::fromStdString(fixedOrDash(c.before)),
                           QString::fromStdString(fixedOrDash(c.after)))
                      .arg(c.version)
                      .arg(QString::fromStdString(c.setUtc)));
        }
    }
}

} // namespace

int checkCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    setupParser(
        p,
        tr("Evaluate a run's budgets and gates. Exit codes: 0 all pass, 3 a budget or gate failed, 4 "
           "cannot decide (a percentile's interval across its threshold, join coverage too low, a phase "
           "not measured), 1 error, "
           "2 usage."),
        true);
    p.addOption({opt("run"), tr("Run to check (default: the only run of the file)."), tr("ID")});
    p.addOption({opt("budgets"),
                 tr("Budget file (JSON, see docs/budgets.md); default: the run's stored budgets."),
                 tr("FILE")});
    p.addOption({opt("save-budgets"), tr("Store --budgets with the run as a new version (with its time).")});
    p.addOption({opt("budget-version"), tr("Use this stored version instead of the one set before the run."),
                 tr("N")});
    p.addOption({opt("junit"), tr("Also write the result as JUnit XML to FILE."), tr("FILE")});
    p.addOption(
        {opt("min-goodput"),
         tr("Goodput gate: at least this share (0-1) of each stage's requests must meet every latency "
            "budget at once (overrides the budgets' gates.min_goodput)."),
         tr("X")});
    if (auto rc = parseOrExit(p, args, io)) {
        return *rc;
    }
    std::optional<double> minGoodput;
    if (p.isSet(opt("min-goodput"))) {
        bool ok = false;
        minGoodput = p.value(opt("min-goodput")).toDouble(&ok);
        if (!ok || !(*minGoodput >= 0 && *minGoodput <= 1)) {
            print(io.err, tr("--min-goodput expects a share between 0 and 1"));
            return Usage;
        }
    }
    if (p.isSet(opt("save-budgets")) && !p.isSet(opt("budgets"))) {
        print(io.err, tr("--save-budgets needs --budgets FILE"));
        return Usage;
    }
    std::optional<int> version;
    if (p.isSet(opt("budget-version"))) {
        bool ok = false;
        version = p.value(opt("budget-version")).toInt(&ok);
        if (!ok || *version < 1) {
            print(io.err, tr("--budget-version expects a version number"));
            return Usage;
        }
    }
    analysis::BudgetChoice choice;
    choice.version = version;
    if (p.isSet(opt("budgets"))) {
        choice.file = toStd(p.value(opt("budgets")));
        try {
            loadBudgets(*choice.file); // a bad file is refused before the store is opened
        } catch (const BudgetError& e) {
            print(io.err, tr("bad budget file: %1").arg(QString::fromStdString(e.what())));
            return Failure;
        }
    }
    auto store = openStore(p, io, false);
    if (!store) {
        return Failure;
    }
    try {
        const auto chosen = chooseRun(p, *store, io);
        if (!chosen) {
            return Usage;
        }
        const std::int64_t runId = *chosen;
        const auto info = store->catalogue().run(runId);
        if (!info) {
            print(io.err, tr("no run %1 in this file").arg(runId));
            return Failure;
        }
        if (choice.file && p.isSet(opt("save-budgets"))) {
            const int v = attachBudgets(*store, runId, loadBudgets(*choice.file));
            print(io.err, tr("stored the budgets with run %1 as version %2").arg(runId).arg(v));
        }
        auto budgets = analysis::resolveBudgets(*store, *info, choice);
        if (!budgets.set) {
            print(io.err, tr("run %1 has no stored budgets: pass --budgets FILE").arg(runId));
            return Usage;
        }
        if (minGoodput) {
            budgets.set->gates.minGoodput = minGoodput;
        }
        const auto data = analysis::loadRun(*store, runId);
        const auto verdict = analysis::decideRun(data, std::move(budgets));
        const auto& result = *verdict.check;
        if (p.isSet(opt("junit"))) {
            QFile f(p.value(opt("junit")));
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                print(io.err,
                      tr("cannot write the JUnit file '%1': %2").arg(p.value(opt("junit")), f.errorString()));
                return Failure;
            }
            const auto xml = toJUnit(result, "run " + std::to_string(runId) + " " + info->name);
            f.write(xml.data(), qint64(xml.size()));
        }
        if (p.isSet(opt("json"))) {
            auto j = toJson(result);
            j["run_id"] = runId;
            j["exit_code"] = result.verdict == Verdict::Pass   ? 0
                             : result.verdict == Verdict::Fail ? kCheckFailed
                                                               : kCannotDecide;
            io.out << jsonText(j) << '\n';
        } else {
            printCheckResult(io.out, *info, result);
        }
        return result.verdict == Verdict::Pass   ? Ok
               : result.verdict == Verdict::Fail ? kCheckFailed
                                                 : kCannotDecide;
    } catch (const BudgetError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    } catch (const StoreError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
}

} // namespace pb::cli
