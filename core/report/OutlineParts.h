// The pieces the report's outline is built from, shared by the summary
// (ReportSummary.cpp) and the details (ReportOutline.cpp): formatting only.
#pragma once

#include "diagnose/Check.h"
#include "report/ReportOutline.h"
#include "report/ReportTr.h"
#include "stats/Percentile.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace pb::report {

using Kind = OutlineItem::Kind;

inline QString dx(const char* text)
{
    return text ? QCoreApplication::translate("pb::diagnose", text) : QString();
}

inline QString metricLabel(const std::string& label)
{
    return QCoreApplication::translate("pb::Metric", label.c_str());
}

inline QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

inline QString percent(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? QString::number(*v * 100.0, 'f', 2) + QLatin1Char('%')
                                  : QStringLiteral("-");
}

inline QString ownerText(diagnose::Owner o)
{
    return dx(std::string(diagnose::ownerLabel(o)).c_str());
}

inline QString verdictText(diagnose::Verdict v)
{
    switch (v) {
    case diagnose::Verdict::Pass:
        return tr("PASS");
    case diagnose::Verdict::Fail:
        return tr("FAIL");
    case diagnose::Verdict::CannotDecide:
        return tr("CANNOT DECIDE");
    case diagnose::Verdict::NotMeasurable:
        return tr("NOT MEASURABLE ON THIS ROUTE");
    }
    return {};
}

inline QString stageName(const std::string& stage)
{
    return stage.empty() ? tr("whole run (steady window)") : tr("stage %1").arg(qs(stage));
}

// A stage of one model/scenario group: groups are summarized apart, never pooled.
inline QString stageName(const std::string& stage, const std::string& group)
{
    if (group.empty()) {
        return stageName(stage);
    }
    return stage.empty() ? qs(group) : tr("stage %1, %2").arg(qs(stage), qs(group));
}

inline QString interval(const stats::QuantileEstimate* q)
{
    if (!q || !q->value) {
        return QStringLiteral("-");
    }
    return QStringLiteral("[%1, %2]").arg(figure(q->lower), figure(q->upper));
}

inline QString quantileValue(const stats::MetricSummary* m, double p)
{
    if (!m) {
        return QStringLiteral("-");
    }
    const auto* q = m->quantile(p);
    return q ? figure(q->value) + (q->worstOnly && p >= 0.9 ? QStringLiteral("*") : QString())
             : QStringLiteral("-");
}

struct Builder
{
    std::vector<OutlineItem> items;
    void add(Kind k, const QString& text = {}) { items.push_back({k, text, {}, {}, -1}); }
    void bullets(const QStringList& b)
    {
        if (!b.isEmpty()) {
            items.push_back({Kind::Bullets, {}, b, {}, -1});
        }
    }
    void table(OutlineTable t) { items.push_back({Kind::Table, {}, {}, std::move(t), -1}); }
    void chart(int index, const QString& caption, bool beside = false)
    {
        if (index >= 0) {
            add(Kind::Subheading, caption);
            items.push_back({Kind::Chart, caption, {}, {}, index, beside});
        }
    }
};

inline QStringList qualityNotes(const ReportData& d)
{
    QStringList out;
    if (d.joined && d.joinCoverage) {
        out << tr("Join coverage %1: joined server phases are over the matched attempts only.")
                   .arg(percent(d.joinCoverage));
        if (d.join.withResponseTimings > 0) {
            QStringList profiles;
            for (const auto& p : d.join.timingProfiles) {
                profiles << qs(p);
            }
            out << tr("Server timings from the responses themselves (%1) on %2 of %3 attempts: server phases "
                      "from spans on %4, from response metrics or headers on %5.")
                       .arg(profiles.join(QStringLiteral(", ")))
                       .arg(d.join.withResponseTimings)
                       .arg(d.join.eligible)
                       .arg(d.join.matched)
                       .arg(d.join.responseTimings);
            for (const auto& g : d.join.disagreements) {
                out << tr("Both sources on %1 attempts: %2 from spans minus the response's, median %3 ms, "
                          "p95 "
                          "of the absolute difference %4 ms.")
                           .arg(g.pairs)
                           .arg(qs(g.phase))
                           .arg(g.medianDifference, 0, 'f', 2)
                           .arg(g.p95AbsDifference, 0, 'f', 2);
            }
        }
    } else if (d.hasSpans) {
        out << tr("The run has server spans but they were not joined: server phases are not available.");
    } else {
        out << tr("No server spans: server phases are not available, client phases only.");
    }
    for (const auto& w : d.dataWarnings) {
        out << tr("Data warning: %1").arg(qs(w));
    }
    return out;
}

// "87.5% (7 of 8)", or why goodput is not available.
inline QString goodputText(const analysis::Goodput& g)
{
    if (!g.available()) {
        return tr("not available: %1").arg(qs(g.unavailable));
    }
    return tr("%1 (%2 of %3)").arg(percent(g.share)).arg(g.good).arg(g.requests);
}

// The summary (first page): identity, verdict, stage x budget matrix, knee
// and composition charts, goodput per stage, data quality.
void summarySection(Builder& b, const ReportData& d, const ChartSlots& c);
// The failing stage's typical and slow request side by side (TypicalVsSlowOutline.cpp).
void typicalVsSlowSection(Builder& b, const ReportData& d);

// The failing stage's breach attribution, budget by budget (ReportAttribution.cpp).
void attributionSection(Builder& b, const ReportData& d);
// The request each of a stage's p50/p95/p99 reads, metric by metric.
void exemplarTable(Builder& b, const stats::StatsReport& r);

} // namespace pb::report
