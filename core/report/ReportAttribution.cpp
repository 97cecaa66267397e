// The report's breach attribution (which requests broke the budgets of the
// failing stage, and what they were made of) and exemplar tables (the
// request read at each percentile): formatting of the verdict's and the
// summaries' own results.
#include "report/OutlineParts.h"

#include <cmath>

namespace pb::report {
namespace {

QString shareText(double share)
{
    return QString::number(share * 100.0, 'f', 0) + QLatin1Char('%');
}

QString requestName(const stats::Exemplar& e)
{
    return e.traceId.empty() ? tr("seq %1").arg(e.seq) : qs(e.traceId);
}

} // namespace

void attributionSection(Builder& b, const ReportData& d)
{
    if (!d.check || !d.summaryStage || !d.summaryStageFailed || *d.summaryStage >= d.stages.size()) {
        return;
    }
    const auto& stage = d.stages[*d.summaryStage];
    std::vector<const diagnose::CheckItem*> items;
    for (const auto& i : d.check->items) {
        if (i.verdict == diagnose::Verdict::Fail && i.attribution && i.attribution->over > 0 &&
            i.stage == stage.figures.stage && i.group == stage.group) {
            items.push_back(&i);
        }
    }
    if (items.empty()) {
        return;
    }
    b.add(Kind::Heading, tr("Which requests broke the budgets of %1, and what were they made of?")
                             .arg(stageName(stage.figures.stage, stage.group)));
    b.add(Kind::Paragraph,
          tr("Each request over a budget is attributed to the phase of the budgeted figure that exceeds its "
             "typical value (the median of the requests that met the budget) by the most; requests without "
             "those phases are counted apart. Shares have 95% Wilson intervals."));
    for (const auto* i : items) {
        const auto& a = *i->attribution;
        b.add(Kind::Subheading, tr("%1 %2 <= %3 %4")
                                    .arg(qs(i->id == i->metric ? i->metric : i->id + ": " + i->metric),
                                         qs(i->statistic), figure(i->threshold), qs(i->unit)));
        QString text = a.decomposition == "one phase" ? tr("%1 requests were over the budget; the figure is "
                                                           "one phase, compared with its typical value "
                                                           "over the %2 (N %3).")
                                                            .arg(a.over)
                                                            .arg(qs(a.baseline))
                                                            .arg(a.baselineN)
                                                      : tr("%1 of %2 requests over the budget were "
                                                           "attributed, by %3, against the typical values of "
                                                           "the %4 (N %5).")
                                                            .arg(a.attributed)
                                                            .arg(a.over)
                                                            .arg(qs(a.decomposition), qs(a.baseline))
                                                            .arg(a.baselineN);
        if (a.withoutPhases > 0) {
            text += QLatin1Char(' ') +
                    tr("%1 had none of these phases measured and are counted apart.").arg(a.withoutPhases);
        }
        b.add(Kind::Paragraph, text);
        OutlineTable t;
        t.header = {tr("Dominant phase"), tr("Requests"),     tr("Share"),         tr("95% interval"),
                    tr("Likely owner"),   tr("Typical (ms)"), tr("Worst requests")};
        for (const auto& s : a.shares) {
            QStringList worst;
            for (const auto& e : s.worst) {
                worst << requestName(e);
            }
            t.rows.push_back({qs(s.phase), QString::number(s.count), shareText(s.share),
                              tr("%1 to %2").arg(shareText(s.lower), shareText(s.upper)),
                              s.owner ? ownerText(*s.owner) : tr("several"),
                              // A typical queue of a few µs is not "0.0".
                              figure(s.medianMs, std::abs(s.medianMs) < 1 ? 3 : 1),
                              worst.join(QStringLiteral(", "))});
        }
        b.table(std::move(t));
    }
}

void exemplarTable(Builder& b, const stats::StatsReport& r)
{
    OutlineTable t;
    t.header = {tr("Metric"), tr("p50 request"), tr("p95 request"), tr("p99 request")};
    for (const auto& m : r.metrics) {
        if (m.n == 0) {
            continue;
        }
        QStringList row{qs(m.name)};
        bool any = false;
        for (double p : {0.5, 0.95, 0.99}) {
            const auto* q = m.quantile(p);
            if (q && q->exemplar) {
                row << requestName(*q->exemplar);
                any = true;
            } else {
                row << QStringLiteral("-");
            }
        }
        if (any) {
            t.rows.push_back(row);
        }
    }
    if (!t.rows.isEmpty()) {
        b.add(Kind::Paragraph,
              tr("Exemplars: the request each percentile above reads (its trace ID; open it in "
                 "the Waterfall or with phasebench-cli trace)."));
        b.table(std::move(t));
    }
}

} // namespace pb::report
