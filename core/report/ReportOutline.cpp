#include "report/ReportOutline.h"

#include "report/OutlineParts.h"

#include "diagnose/Check.h"
#include "model/Vocabulary.h"
#include "report/ReportTr.h"
#include "stats/Percentile.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace pb::report {
namespace {

// Every budget decision, grouped by budget: the budgets in the check's order
// (failed ones first), each one's stages in the matrix's rate order.
void budgetTable(Builder& b, const ReportData& d)
{
    if (!d.check || d.check->items.empty()) {
        return;
    }
    b.add(Kind::Heading, tr("Every budget decision, failures first: which budget broke where?"));
    OutlineTable c;
    c.header = {tr("Budget"),    tr("Stage"),   tr("Figure"),       tr("Observed"),
                tr("Threshold"), tr("Verdict"), tr("Likely owner"), tr("Why")};
    std::vector<const diagnose::CheckItem*> order;
    for (const auto& i : d.check->items) {
        if (std::none_of(order.begin(), order.end(),
                         [&i](const diagnose::CheckItem* o) { return o->id == i.id; })) {
            std::vector<const diagnose::CheckItem*> same;
            for (const auto& j : d.check->items) {
                if (j.id == i.id) {
                    same.push_back(&j);
                }
            }
            // Failures of the budget first, then its stages in rate order.
            const auto rank = [&d](const diagnose::CheckItem* x) {
                std::size_t at = 0;
                if (d.matrix) {
                    for (; at < d.matrix->columns.size(); ++at) {
                        if (d.matrix->columns[at].stage == x->stage &&
                            d.matrix->columns[at].group == x->group) {
                            break;
                        }
                    }
                }
                return std::pair{x->verdict == diagnose::Verdict::Fail ? 0 : 1, at};
            };
            std::stable_sort(same.begin(), same.end(),
                             [&rank](const diagnose::CheckItem* x, const diagnose::CheckItem* y) {
                                 return rank(x) < rank(y);
                             });
            order.insert(order.end(), same.begin(), same.end());
        }
    }
    for (const auto* i : order) {
        // The model/scenario group beside the stage: groups are decided apart, never pooled.
        const std::string stage =
            i->group.empty() ? i->stage : (i->stage.empty() ? "" : i->stage + ", ") + i->group;
        const auto state = i->verdict == diagnose::Verdict::Pass           ? CellState::Pass
                           : i->verdict == diagnose::Verdict::Fail         ? CellState::Fail
                           : i->verdict == diagnose::Verdict::CannotDecide ? CellState::Undecided
                                                                           : CellState::NotMeasurable;
        c.rows.push_back({qs(i->id), qs(stage), qs(i->metric + " " + i->statistic), figure(i->observed),
                          figure(i->threshold),
                          cellSymbol(state) + QLatin1Char(' ') + verdictText(i->verdict),
                          i->owner ? ownerText(*i->owner) : QString(),
                          qs(i->reason + (i->reason.empty() || i->note.empty() ? "" : "; ") + i->note)});
        QList<CellState> states(c.header.size(), CellState::Plain);
        states[5] = state;
        c.states.push_back(states);
    }
    b.table(std::move(c));
}

void stageTables(Builder& b, const ReportData& d)
{
    b.add(Kind::Heading, tr("Per-stage figures: what did each stage measure?"));
    if (!d.stages.empty()) {
        const auto& r = d.stages.front().figures.report;
        b.add(
            Kind::Paragraph,
            (d.grouped ? tr("Stages, models and scenarios are summarized separately, never pooled. ")
                       : tr("Stages of a stepped run are summarized separately, never pooled. ")) +
                tr("Percentile convention: %1; scope: %2; statistic: %3. Intervals are "
                   "distribution-free %4% confidence intervals; '*' marks a percentile that "
                   "is the single worst request.")
                    .arg(qs(std::string(stats::conventionLabel(r.convention))), qs(r.scope), qs(r.statistic))
                    .arg(r.metrics.empty() ? 95.0 : r.metrics.front().confidence * 100.0));
    }
    for (const auto& s : d.stages) {
        const auto& f = s.figures;
        const auto& r = f.report;
        b.add(Kind::Subheading, stageName(f.stage, s.group));
        b.add(
            Kind::Paragraph,
            tr("Window: %1. Requested rate %2 req/s, achieved %3 req/s; %4 attempts, %5 dropped iterations. "
               "Errors %6, timeouts %7, cancelled %8, partial %9.")
                .arg(qs(r.window), figure(f.requestedRate, 2), figure(f.achievedRate, 2))
                .arg(r.counts.attempts)
                .arg(figure(f.droppedIterations, 0), percent(r.rates.errorRate), percent(r.rates.timeoutRate),
                     percent(r.rates.cancellationRate), percent(r.rates.partialRate)));
        if (f.pooled) {
            b.add(Kind::Paragraph, qs(f.note));
        }
        if (const auto& g = f.goodput; g && g->available()) {
            b.add(Kind::Paragraph,
                  tr("Goodput: %1 of %2 requests met every latency budget at once (%3, %4 req/s); not good: "
                     "%5 did not complete, %6 over a budget, %7 without a budgeted value.")
                      .arg(g->good)
                      .arg(g->requests)
                      .arg(percent(g->share), figure(g->rate, 2))
                      .arg(g->failed)
                      .arg(g->overBudget)
                      .arg(g->missing));
        } else if (g) {
            b.add(Kind::Paragraph, tr("Goodput: %1.").arg(goodputText(*g)));
        }
        OutlineTable t;
        t.header = {tr("Metric"), tr("Unit"),         tr("N"),   tr("p50"),         tr("p50 interval"),
                    tr("p95"),    tr("p95 interval"), tr("p99"), tr("p99 interval")};
        for (const auto& m : r.metrics) {
            if (m.n == 0) {
                continue;
            }
            t.rows.push_back({qs(m.name) + QStringLiteral(" (") + metricLabel(m.label) + QLatin1Char(')'),
                              qs(std::string(stats::unitName(m.unit))), QString::number(m.n),
                              quantileValue(&m, 0.5), interval(m.quantile(0.5)), quantileValue(&m, 0.95),
                              interval(m.quantile(0.95)), quantileValue(&m, 0.99),
                              interval(m.quantile(0.99))});
        }
        b.table(std::move(t));
        exemplarTable(b, r);
    }
}

void charts(Builder& b, const ReportData& d, const ChartSlots& c)
{
    const auto drawn = [](const std::vector<int>& v) {
        return std::any_of(v.begin(), v.end(), [](int i) { return i >= 0; });
    };
    if (!drawn(c.composition) && !drawn(c.serverComposition) && !drawn(c.timeline) &&
        !drawn(c.distributions)) {
        return; // a text-only report (Markdown without charts): no empty section
    }
    b.add(Kind::Heading, tr("Charts: how did the run unfold?"));
    for (std::size_t i = 0; i < d.stages.size(); ++i) {
        const auto stage = stageName(d.stages[i].figures.stage, d.stages[i].group);
        if (i < c.composition.size()) {
            b.chart(c.composition[i], tr("Client phase composition around p50/p95/p99 (%1)").arg(stage));
        }
        if (i < c.serverComposition.size()) {
            b.chart(c.serverComposition[i],
                    tr("Server phase composition around p50/p95/p99 (%1)").arg(stage));
        }
    }
    const QString timelineTitles[] = {tr("Timeline: arrival rate"), tr("Timeline: requests in flight"),
                                      tr("Timeline: p95 per interval"), tr("Timeline: error rate")};
    for (std::size_t i = 0; i < c.timeline.size() && i < 4; ++i) {
        if (c.timeline[i] >= 0) {
            b.chart(c.timeline[i], timelineTitles[i]);
        } else {
            // No chart without data: one line says why.
            b.add(Kind::Paragraph,
                  d.loadSamples ? tr("%1: no data in this run.").arg(timelineTitles[i])
                                : tr("%1: no load samples in an imported run.").arg(timelineTitles[i]));
        }
    }
    const QString distTitles[] = {tr("Distribution of total: histogram"), tr("Distribution of total: CDF"),
                                  tr("Distribution of TTFT (first text): histogram"),
                                  tr("Distribution of TTFT (first text): CDF")};
    // The charts' stages are windowed as the per-stage figures (settling left
    // out, the legend's window label says how much); one chart set per
    // model/scenario group, titled with it, never pooled across groups.
    QString where;
    const bool stepped =
        std::any_of(d.stages.begin(), d.stages.end(), [&d](const pb::report::StageSection& s) {
            return s.figures.stage != d.stages.front().figures.stage;
        });
    if (stepped) {
        where = tr("first and last stage, each over its steady window as in the per-stage figures");
    }
    for (std::size_t i = 0; i < c.distributions.size(); ++i) {
        QString title = distTitles[i % 4];
        const std::string group = i < c.distributionGroups.size() ? c.distributionGroups[i] : std::string();
        if (!group.empty()) {
            title = tr("%1, %2").arg(title, qs(group));
        }
        b.chart(c.distributions[i], where.isEmpty() ? title : tr("%1 (%2)").arg(title, where));
    }
}

void diagnosis(Builder& b, const ReportData& d)
{
    const auto& dg = d.diagnosis;
    b.add(Kind::Heading, tr("Diagnosis: why, and who owns it?"));
    if (dg.comparison != "none") {
        b.add(Kind::Paragraph, tr("Compared: %1 -> %2").arg(qs(dg.baselineLabel), qs(dg.currentLabel)));
    }
    if (dg.refused) {
        QStringList reasons;
        for (const auto& r : dg.refusedReasons) {
            reasons << qs(r);
        }
        b.add(Kind::Paragraph, tr("Comparison refused: the load profiles differ."));
        b.bullets(reasons);
    }
    if (dg.findings.empty()) {
        b.add(Kind::Paragraph, tr("No finding: no rule fired."));
    }
    int n = 0;
    for (const auto& f : dg.findings) {
        b.add(Kind::Subheading, tr("%1. %2").arg(++n).arg(dx(f.symptom)));
        b.add(Kind::Paragraph,
              tr("Likely owner: %1; confidence: %2; rule: %3; between: %4.")
                  .arg(ownerText(f.owner), qs(std::string(diagnose::confidenceName(f.confidence))),
                       qs(f.rule), qs(f.between)));
        OutlineTable t;
        t.header = {tr("Evidence"), tr("Before"), tr("After"), tr("Change"), tr("Unit"), tr("N")};
        for (const auto& e : f.evidence) {
            t.rows.push_back({qs(e.figure + " " + e.statistic), figure(e.before, 3), figure(e.after, 3),
                              figure(e.change(), 3), qs(e.unit),
                              e.before ? QStringLiteral("%1 -> %2").arg(e.nBefore).arg(e.nAfter)
                                       : QString::number(e.nAfter)});
        }
        b.table(std::move(t));
        if (!f.note.empty()) {
            b.add(Kind::Paragraph, qs(f.note));
        }
        b.add(Kind::Paragraph, tr("First check: %1").arg(dx(f.firstCheck)));
    }
    if (dg.knee) {
        b.add(Kind::Subheading, tr("Stages (knee search)"));
        OutlineTable t;
        // The queue figure's percentile is the knee rule's; "Budgets" is
        // decided at the budgets' own percentiles, which the header names.
        QStringList decidedAt;
        for (const auto& s : dg.knee->budgetStatistics) {
            decidedAt << qs(s);
        }
        t.header = {tr("Stage"),
                    tr("N"),
                    tr("Arrival (req/s)"),
                    tr("Throughput (req/s)"),
                    tr("gpu_queue %1 (ms)").arg(qs(dg.knee->statistic)),
                    decidedAt.isEmpty() ? tr("Budgets")
                                        : tr("Budgets (at %1)").arg(decidedAt.join(QStringLiteral(", ")))};
        for (const auto& s : dg.knee->stages) {
            t.rows.push_back({qs(s.stage), QString::number(s.n), figure(s.arrivalRate, 2),
                              figure(s.throughput, 2), figure(s.queueP95),
                              s.metBudgets ? (*s.metBudgets ? tr("met") : tr("not met")) : QString()});
        }
        b.table(std::move(t));
        b.add(Kind::Paragraph,
              tr("Knee: %1; highest stage that met the budgets: %2.")
                  .arg(dg.knee->kneeStage ? qs(*dg.knee->kneeStage) : tr("none found"),
                       dg.knee->highestStageMetBudgets ? qs(*dg.knee->highestStageMetBudgets) : tr("none")));
    }
}

void slowest(Builder& b, const ReportData& d, const ChartSlots& c)
{
    b.add(Kind::Heading, tr("The %1 slowest requests: where did their time go?").arg(d.slowest.size()));
    for (std::size_t i = 0; i < d.slowest.size(); ++i) {
        const auto& s = d.slowest[i];
        b.add(Kind::Subheading, tr("Request %1 (%2): total %3 ms, trace %4")
                                    .arg(s.seq)
                                    .arg(stageName(s.stage), figure(s.totalMs),
                                         s.trace.traceId.empty() ? tr("none") : qs(s.trace.traceId)));
        const auto& row = s.trace.row;
        auto v = [](double x) {
            return figure(std::isnan(x) ? std::nullopt : std::optional<double>(x));
        };
        OutlineTable t;
        t.header = {tr("Client total"), tr("Server root"), tr("Network envelope"), tr("Gateway"),
                    tr("GPU queue"),    tr("Generation"),  tr("Response write"),   tr("Unattributed")};
        t.rows.push_back({v(row.clientTotal), v(row.serverRoot), v(row.networkEnvelope), v(row.gateway),
                          v(row.gpuQueue), v(row.generation), v(row.responseWrite), v(row.unattributed)});
        b.table(std::move(t));
        if (i < c.waterfalls.size() && c.waterfalls[i] >= 0) {

            b.items.push_back(
                {Kind::Chart, tr("Waterfall of request %1").arg(s.seq), {}, {}, c.waterfalls[i]});
        }
    }
}

void provenance(Builder& b, const ReportData& d)
{
    const auto& p = d.provenance;
    b.add(Kind::Heading, tr("Provenance: what reproduces this run?"));
    OutlineTable t;
    t.header = {tr("Item"), tr("Value")};
    const auto& r = p.record;
    // What is not known says so: no cell is empty.
    auto known = [](const std::string& v) {
        return v.empty() ? tr("unknown") : qs(v);
    };
    t.rows = {
        {tr("Run"),
         tr("%1 '%2' (%3)").arg(p.run.id).arg(qs(p.run.name), qs(std::string(nameOf(p.run.kind))))},
        {tr("Source"), known(p.run.source)},
        {tr("Time of run (UTC)"), known(p.run.createdUtc)},
        {tr("Scenario"), known(r.scenario)},
        {tr("Scenario digest"), known(r.scenarioDigest)},
        {tr("Model"), known(r.model)},
        {tr("Target host"), known(r.endpointHost)},
        {tr("Executor"), known(r.executor)},
        {tr("Arrival rate"), known(r.arrivalRate)},
        {tr("Arrival process"), known(r.arrivalProcess)},
        {tr("Generator host"), known(r.generatorHost)},
        {tr("Generator instance"), known(r.generatorInstance)},
        {tr("Generator overhead"), known(r.generatorOverhead)},
        {tr("Streaming mode"), known(r.streaming)},
        {tr("Token profile, input"), known(r.tokenInput)},
        {tr("Token profile, output"), known(r.tokenOutput)},
        {tr("Token buckets from"), tr("%1 (%2 attempts)").arg(known(r.tokens.basis)).arg(r.tokens.requests)},
        {tr("Server sampling policy"), known(r.sampling)},
        {tr("Span schema versions"), known(r.spanSchemaText)},
        {tr("Recorded by"), known(p.run.toolVersion)},
        {tr("Phasebench version of this report"), qs(p.phasebenchVersion)},
        {tr("Budgets used"), p.budgetsSource.empty() ? tr("none") : qs(p.budgetsSource)},
        {tr("Span rules"), known(p.spanRules)},
        {tr("Percentile convention"), known(p.convention)},
        {tr("Settle time after a stage change"), tr("%1 ms").arg(p.settleMs)},
    };
    if (p.budgetHistory) {
        for (const auto& c : p.budgetHistory->changes) {
            t.rows.push_back(
                {tr("Budget edited after the run"),
                 tr("%1 in version %2 (set %3)").arg(qs(c.budget)).arg(c.version).arg(qs(c.setUtc))});
        }
        if (p.budgetHistory->setAfterRun) {
            t.rows.push_back(
                {tr("Budgets"), tr("no version existed when the run started; the first is used")});
        }
    }
    b.table(std::move(t));
}

void comparison(Builder& b, const ReportData& d)
{
    if (!d.baseline) {
        return;
    }
    b.add(Kind::Heading, tr("Comparison with baseline run %1 '%2': what changed?")
                             .arg(d.baseline->id)
                             .arg(qs(d.baseline->name)));
    for (const auto& sc : d.comparisons) {
        b.add(Kind::Subheading, stageName(sc.stage, sc.group));
        if (sc.refused) {
            QStringList reasons;
            for (const auto& r : sc.reasons) {
                reasons << qs(r);
            }
            b.add(Kind::Paragraph, tr("Comparison refused: the load profiles are not comparable."));
            b.bullets(reasons);
        } else {
            b.add(Kind::Paragraph, tr("The load profiles are comparable."));
        }
        if (!sc.comparison) {
            continue;
        }
        const auto& c = *sc.comparison;
        QStringList flags;
        for (const auto& f : c.flags) {
            flags << QStringLiteral("[%1] %2").arg(qs(f.code), qs(f.message));
        }
        b.bullets(flags);
        b.add(Kind::Paragraph,
              tr("Baseline: %1; this run: %2; attempts %3 -> %4; achieved rate %5 -> %6 req/s.")
                  .arg(qs(c.labelA), qs(c.labelB))
                  .arg(c.profileA.counts.attempts)
                  .arg(c.profileB.counts.attempts)
                  .arg(figure(c.profileA.achievedRate, 2), figure(c.profileB.achievedRate, 2)));
        OutlineTable t;
        t.header = {tr("Metric"),
                    tr("N"),
                    tr("p50 before -> after"),
                    tr("p95 before -> after"),
                    tr("p95 change"),
                    tr("p99 before -> after")};
        for (const auto& m : c.metrics) {
            auto arrow = [](const std::optional<double>& a, const std::optional<double>& bb) {
                return figure(a) + QStringLiteral(" -> ") + figure(bb);
            };
            const auto change = m.p95A && m.p95B ? std::optional<double>(*m.p95B - *m.p95A) : std::nullopt;
            t.rows.push_back({qs(m.name), QStringLiteral("%1 -> %2").arg(m.nA).arg(m.nB),
                              arrow(m.p50A, m.p50B), arrow(m.p95A, m.p95B), figure(change),
                              arrow(m.p99A, m.p99B)});
        }
        b.table(std::move(t));
    }
}

} // namespace

QString figure(const std::optional<double>& v, int decimals)
{
    if (!v || !std::isfinite(*v)) {
        return QStringLiteral("-");
    }
    return QString::number(*v, 'f', decimals);
}

QString verdictSentence(const ReportData& d)
{
    if (!d.check) {
        return tr("Verdict: no budgets or SLO were stored with the run or given: nothing to decide.");
    }
    const auto& c = *d.check;
    int failed = 0;
    int undecided = 0;
    int notMeasurable = 0;
    for (const auto& i : c.items) {
        failed += i.verdict == diagnose::Verdict::Fail;
        undecided += i.verdict == diagnose::Verdict::CannotDecide;
        notMeasurable += i.verdict == diagnose::Verdict::NotMeasurable;
    }
    const auto total = int(c.items.size());
    switch (c.verdict) {
    case diagnose::Verdict::Pass:
    case diagnose::Verdict::NotMeasurable: // never a run's verdict
        return notMeasurable == 0
                   ? tr("Verdict: PASS: all %1 budget checks were met.").arg(total)
                   : tr("Verdict: PASS: %1 of %2 budget checks were met, %3 not measurable on their route.")
                         .arg(total - notMeasurable)
                         .arg(total)
                         .arg(notMeasurable);
    case diagnose::Verdict::Fail:
        if (const auto* first = c.firstFailedPhase()) {
            const QString where = first->stage.empty() ? QString() : tr(" at stage %1").arg(qs(first->stage));
            return tr("Verdict: FAIL: %1 %2 broke its budget first%3 (%4 against %5 %6); likely owner: %7.")
                .arg(qs(first->metric), qs(first->statistic), where, figure(first->observed),
                     figure(first->threshold), qs(first->unit),
                     first->owner ? ownerText(*first->owner) : tr("unknown"));
        } else {
            QStringList ids;
            for (const auto& i : c.items) {
                if (i.verdict == diagnose::Verdict::Fail && !ids.contains(qs(i.id))) {
                    ids << qs(i.id);
                }
            }
            return tr("Verdict: FAIL: %1 of %2 budget checks failed (%3); no single phase broke its budget.")
                .arg(failed)
                .arg(total)
                .arg(ids.join(QStringLiteral(", ")));
        }
    case diagnose::Verdict::CannotDecide:
        return tr("Verdict: CANNOT DECIDE: %1 of %2 budget checks could not be decided from the data.")
            .arg(undecided)
            .arg(total);
    }
    return {};
}

std::vector<OutlineItem> buildOutline(const ReportData& data, const ChartSlots& slots)
{
    Builder b;
    summarySection(b, data, slots);
    attributionSection(b, data);
    budgetTable(b, data);
    stageTables(b, data);
    charts(b, data, slots);
    diagnosis(b, data);
    typicalVsSlowSection(b, data);
    slowest(b, data, slots);
    provenance(b, data);
    comparison(b, data);
    return std::move(b.items);
}

} // namespace pb::report
