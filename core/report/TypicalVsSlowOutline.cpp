// The report's "typical vs slow request" section: formats report::TypicalVsSlow.
#include "report/OutlineParts.h"

namespace pb::report {

namespace {

QString tvsMs(const OptNanos& ns, bool sign = false)
{
    if (!ns) {
        return tr("not measured");
    }
    QString text = QString::number(double(*ns) / 1e6, 'f', 1);
    if (text == QStringLiteral("-0.0")) {
        text = QStringLiteral("0.0"); // a difference below 0.05 ms has no sign
    }
    return sign && text != QStringLiteral("0.0") && *ns > 0 ? QLatin1Char('+') + text : text;
}

QString tvsOpt(const std::optional<double>& v, int decimals = 1)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("-");
}

QString tvsGauge(const std::optional<double>& v, bool share)
{
    if (!v) {
        return tr("not scraped");
    }
    return share ? QString::number(*v * 100.0, 'f', 1) + QLatin1Char('%') : QString::number(*v, 'f', 1);
}

QString tvsRequest(const analysis::ComparedRequest& c)
{
    return tr("request %1, trace %2")
        .arg(c.ref.seq)
        .arg(c.trace.traceId.empty() ? tr("none") : qs(c.trace.traceId));
}

} // namespace

void typicalVsSlowSection(Builder& b, const ReportData& d)
{
    if (!d.typicalVsSlow) {
        return;
    }
    const auto& t = *d.typicalVsSlow;
    const auto& c = t.comparison;
    b.add(Kind::Heading, tr("Typical vs slow request in %1: where did the slow one's time go?")
                             .arg(stageName(t.stage, t.group)));
    b.add(
        Kind::Paragraph,
        tr("Budget %1 failed first. A is the p50 and B the p99 exemplar of %2 in that stage: the requests at "
           "ranks %3 and %4 of %5 (%6). A: %7, %2 %8 ms. B: %9, %2 %10 ms.")
            .arg(qs(t.budgetId), qs(t.metric))
            .arg(t.pair.typical->rank)
            .arg(t.pair.slow->rank)
            .arg(t.values)
            .arg(qs(std::string(stats::conventionName(t.pair.convention))), tvsRequest(c.a),
                 figure(t.pair.typical->value), tvsRequest(c.b), figure(t.pair.slow->value)));
    const auto& table = c.table;
    if (table.partition == analysis::DeltaPartition::None) {
        b.add(Kind::Paragraph, tr("No delta table: a request has no total."));
        return;
    }
    OutlineTable dt;
    dt.header = {tr("Part of the total"), tr("A (p50), ms"), tr("B (p99), ms"), tr("B − A, ms")};
    for (const auto& r : table.rows) {
        dt.rows.push_back({qs(r.name), tvsMs(r.a), tvsMs(r.b), tvsMs(r.delta, true)});
    }
    dt.rows.push_back({tr("total"), tvsMs(table.totalA), tvsMs(table.totalB), tvsMs(table.totalDelta, true)});
    b.table(std::move(dt));
    b.add(Kind::Paragraph, tr("The rows (%1 partition) add up to each total and their differences to the "
                              "difference of the totals; "
                              "unattributed is the total minus every other row.")
                               .arg(qs(std::string(analysis::partitionName(table.partition)))));
    OutlineTable side;
    side.header = {tr("Figure"), tr("A (p50)"), tr("B (p99)")};
    const auto& ga = c.a.gaps;
    const auto& gb = c.b.gaps;
    side.rows.push_back({tr("chunk gaps"), QString::number(ga.n), QString::number(gb.n)});
    side.rows.push_back({tr("gap p50, ms"), tvsOpt(ga.p50, 2), tvsOpt(gb.p50, 2)});
    side.rows.push_back({tr("gap p99, ms"), tvsOpt(ga.p99, 2), tvsOpt(gb.p99, 2)});
    side.rows.push_back({tr("gap max, ms"), tvsOpt(ga.max, 2), tvsOpt(gb.max, 2)});
    side.rows.push_back(
        {tr("running at start"), tvsGauge(c.a.target.running, false), tvsGauge(c.b.target.running, false)});
    side.rows.push_back(
        {tr("waiting at start"), tvsGauge(c.a.target.waiting, false), tvsGauge(c.b.target.waiting, false)});
    side.rows.push_back({tr("KV cache at start"), tvsGauge(c.a.target.kvCacheUsage, true),
                         tvsGauge(c.b.target.kvCacheUsage, true)});
    b.table(std::move(side));
}

} // namespace pb::report
