// How a measured run's summary is printed, shared by `run` and `demo`: what
// the engine counted, then the run analysis's figures per stage.
#include "cli/RunOutput.h"

#include "analysis/Presets.h"
#include "analysis/RunSummary.h"
#include "cli/Output.h"
#include "load/GeneratorLag.h"
#include "stats/Percentile.h"
#include "stats/StatsJson.h"
#include "store/RunStore.h"

#include <QCoreApplication>

#include <cmath>
#include <iomanip>
#include <ostream>

namespace pb::cli {
namespace {

std::string msText(const OptNanos& v)
{
    return v ? fixed(double(*v) / 1e6, 2) : std::string("-");
}

nlohmann::json msJson(const OptNanos& v)
{
    return v ? nlohmann::json(double(*v) / 1e6) : nlohmann::json();
}

} // namespace

nlohmann::json toJson(const load::LoadSummary& s)
{
    nlohmann::json outcomes = nlohmann::json::object();
    for (int i = 0; i < kOutcomeCount; ++i) {
        outcomes[std::string(nameOf(static_cast<Outcome>(i)))] = s.outcomes[static_cast<std::size_t>(i)];
    }
    auto stages = nlohmann::json::array();
    for (const auto& st : s.stages) {
        stages.push_back(
            {{"name", st.name},
             {"duration_s", double(st.duration) / 1e9},
             {"requested_rate", s.openModel ? nlohmann::json(st.requestedRate) : nlohmann::json()},
             {"achieved_rate", st.achievedRate},
             {"scheduled", st.scheduled},
             {"started", st.started},
             {"dropped", st.dropped}});
    }
    return {{"run_id", s.runId},
            {"status", nameOf(s.status)},
            {"scenario", s.scenario},
            {"generator_instance_id", s.instanceId},
            {"workload_model", s.openModel ? "open" : "closed"},
            {"elapsed_s", s.elapsedSeconds},
            {"requested_rate", s.openModel ? nlohmann::json(s.requestedRate) : nlohmann::json()},
            {"achieved_rate", s.achievedRate},
            {"iterations", {{"scheduled", s.scheduled}, {"started", s.started}, {"dropped", s.dropped}}},
            {"dropped_iterations", s.dropped},
            {"attempts", s.attempts},
            {"retries", s.retries},
            {"generator_lag_ms",
             {{"p50", msJson(s.lagP50)}, {"p99", msJson(s.lagP99)}, {"max", msJson(s.lagMax)}}},
            {"generator_late_threshold_ms",
             s.lateThresholdMs ? nlohmann::json(*s.lateThresholdMs) : nlohmann::json()},
            {"generator_late_share", s.lateShare ? nlohmann::json(*s.lateShare) : nlohmann::json()},
            {"generator_bound", s.generatorBound},
            {"generator_cpu", s.generatorCost()
                                  ? nlohmann::json{{"engine_s", s.engineCpuSeconds},
                                                   {"writer_s", s.writerCpuSeconds},
                                                   {"per_request_us", s.generatorCost()->cpuPerRequestUs()}}
                                  : nlohmann::json()},
            {"generator_bound_reason", s.generatorBoundReason},
            {"server_timings",
             {{"profile", s.serverTimingProfile},
              {"attempts", s.serverTimingAttempts},
              {"malformed_fields", s.serverTimingMalformed}}},
            {"outcomes", outcomes},
            {"trace_id_collisions", s.traceIdCollisions},
            {"sessions_cut", s.sessionsCut ? nlohmann::json(*s.sessionsCut) : nlohmann::json()},
            {"stages", stages}};
}

void printText(std::ostream& os, const load::LoadSummary& s)
{
    os << toStd(tr("run %1 '%2': %3 (generator %4, %5 s)")
                    .arg(s.runId)
                    .arg(QString::fromStdString(s.scenario))
                    .arg(QString::fromUtf8(nameOf(s.status).data(), qsizetype(nameOf(s.status).size())))
                    .arg(QString::fromStdString(s.instanceId))
                    .arg(QString::fromStdString(fixed(s.elapsedSeconds, 1))))
       << '\n';
    os << cell(tr("rate"), 14);
    if (s.openModel) {
        os << toStd(tr("requested %1/s, achieved %2/s (steady window)")
                        .arg(QString::fromStdString(fixed(s.requestedRate, 2)))
                        .arg(QString::fromStdString(fixed(s.achievedRate, 2))));
    } else {
        os << toStd(tr("achieved %1/s (closed model: no requested rate)")
                        .arg(QString::fromStdString(fixed(s.achievedRate, 2))));
    }
    os << '\n'
       << cell(tr("dropped"), 14) << toStd(tr("%1 iterations").arg(s.dropped)) << '\n'
       << cell(tr("generator lag"), 14)
       << toStd(tr("p50 %1 ms, p99 %2 ms, max %3 ms (start - scheduled)")
                    .arg(QString::fromStdString(msText(s.lagP50)))
                    .arg(QString::fromStdString(msText(s.lagP99)))
                    .arg(QString::fromStdString(msText(s.lagMax))))
       << '\n';
    if (const auto c = s.generatorCost()) {
        os << cell(tr("generator CPU"), 14)
           << toStd(tr("%1 us per request (engine %2 us, writer %3 us)")
                        .arg(QString::fromStdString(fixed(c->cpuPerRequestUs(), 1)))
                        .arg(QString::fromStdString(fixed(c->enginePerRequestUs(), 1)))
                        .arg(QString::fromStdString(fixed(*c->writerPerRequestUs(), 1))))
           << '\n';
    }
    if (!s.serverTimingProfile.empty() && s.serverTimingProfile != "none") {
        // Which timing profile read the responses' own server timings.
        os << cell(tr("server timings"), 14)
           << toStd(tr("profile %1: on %2 of %3 attempts, %4 malformed fields")
                        .arg(QString::fromStdString(s.serverTimingProfile))
                        .arg(s.serverTimingAttempts)
                        .arg(s.attempts)
                        .arg(s.serverTimingMalformed))
           << '\n';
    }
    os << (s.generatorBound
               ? toStd(tr("WARNING: generator-bound: %1. The latency figures below are not those of an "
                          "open-model test at the requested rate.")
                           .arg(QString::fromStdString(s.generatorBoundReason))) +
                     "\n"
               : std::string())
       << cell(tr("attempts"), 14)
       << toStd(tr("%1 (%2 retries), trace-ID collisions: %3")
                    .arg(s.attempts)
                    .arg(s.retries)
                    .arg(s.traceIdCollisions))
       << '\n';
    if (s.sessionsCut) {
        // Why later turns can be fewer than the sessions' plan said: the run ended first.
        os << cell(tr("sessions"), 14)
           << toStd(tr("%1 stopped by the run's end before their last turn").arg(*s.sessionsCut)) << '\n';
    }
    os << cell(tr("outcomes"), 14);
    for (int i = 0; i < kOutcomeCount; ++i) {
        if (const auto n = s.outcomes[static_cast<std::size_t>(i)]) {
            os << nameOf(static_cast<Outcome>(i)) << ' ' << n << "  ";
        }
    }
    os << '\n';
    for (const auto& st : s.stages) {
        os << cell("  " + st.name.substr(0, 11), 14);
        if (s.openModel) {
            os << toStd(tr("requested %1/s, ").arg(QString::fromStdString(fixed(st.requestedRate, 2))));
        }
        os << toStd(tr("achieved %1/s, dropped %2")
                        .arg(QString::fromStdString(fixed(st.achievedRate, 2)))
                        .arg(st.dropped))
           << '\n';
    }
}

nlohmann::json joinJson(const pb::join::JoinReport& r)
{
    return {{"attempts", r.attempts},
            {"eligible", r.eligible},
            {"matched", r.matched},
            {"coverage", std::isnan(r.coverage) ? nlohmann::json() : nlohmann::json(r.coverage)},
            {"server_traces", r.serverTraces},
            {"unmatched_server_traces", r.unmatchedServerTraces},
            {"no_server_trace", r.noServerTrace},
            {"negative_envelopes", r.negativeEnvelopes},
            {"negative_stream_envelopes", r.negativeStreamEnvelopes},
            {"duplicate_trace_ids", r.duplicateTraceIds},
            {"response_timings", responseTimingsJson(r)}};
}

nlohmann::json responseTimingsJson(const pb::join::JoinReport& r)
{
    nlohmann::json disagreements = nlohmann::json::array();
    for (const auto& d : r.disagreements) {
        disagreements.push_back({{"phase", d.phase},
                                 {"pairs", d.pairs},
                                 {"median_spans_minus_response_ms", d.medianDifference},
                                 {"p95_abs_difference_ms", d.p95AbsDifference}});
    }
    return {{"attempts_with_response_timings", r.withResponseTimings},
            {"from_response_metrics", r.responseMetrics},
            {"from_response_headers", r.responseHeaders},
            {"server_phases_from_responses", r.responseTimings},
            {"server_phases_from_spans", r.matched},
            {"both_sources", r.bothSources},
            {"profiles", r.timingProfiles},
            {"disagreements", std::move(disagreements)}};
}

void printResponseTimings(std::ostream& os, const pb::join::JoinReport& r)
{
    if (r.withResponseTimings == 0) {
        return;
    }
    QStringList profiles;
    for (const auto& p : r.timingProfiles) {
        profiles << QString::fromStdString(p);
    }
    QStringList origins;
    if (r.responseMetrics > 0) {
        origins << tr("%1 from response metrics").arg(r.responseMetrics);
    }
    if (r.responseHeaders > 0) {
        origins << tr("%1 from response headers").arg(r.responseHeaders);
    }
    print(os, tr("Server timings on %1 of %2 attempts (profile %3; %4); server phases from spans on %5, "
                 "from the responses on %6")
                  .arg(r.withResponseTimings)
                  .arg(r.eligible)
                  .arg(profiles.join(QStringLiteral(", ")), origins.join(QStringLiteral(", ")))
                  .arg(r.matched)
                  .arg(r.responseTimings));
    for (const auto& d : r.disagreements) {
        print(os,
              tr("  both sources on %1 attempts: %2 spans - response median %3 ms, p95 |difference| %4 ms")
                  .arg(d.pairs)
                  .arg(QString::fromStdString(d.phase))
                  .arg(d.medianDifference, 0, 'f', 2)
                  .arg(d.p95AbsDifference, 0, 'f', 2));
    }
}

void printJoin(std::ostream& os, const pb::join::JoinReport& r)
{
    const QString coverage =
        std::isnan(r.coverage) ? QStringLiteral("-") : QString::number(r.coverage * 100.0, 'f', 1);
    print(os, tr("Join: coverage %1% (%2 of %3 attempts matched a server trace), %4 unmatched server "
                 "traces, %5 negative envelopes, %6 duplicate trace IDs")
                  .arg(coverage)
                  .arg(r.matched)
                  .arg(r.eligible)
                  .arg(r.unmatchedServerTraces)
                  .arg(r.negativeEnvelopes)
                  .arg(r.duplicateTraceIds));
    printResponseTimings(os, r);
}

namespace {

std::string percentText(const std::optional<double>& share)
{
    return share ? fixed(*share * 100.0, 2) + "%" : std::string("-");
}

std::string describeCriteria(const analysis::Goodput& g)
{
    std::string out;
    for (const auto& c : g.criteria) {
        out += (out.empty() ? "" : "; ") + c.metric +
               (c.direction == budget::Direction::AtMost ? " <= " : " >= ") + fixed(c.threshold, 1) + " " +
               c.unit + (c.budget != c.metric ? " (" + c.budget + ")" : "");
    }
    return out;
}

} // namespace

nlohmann::json goodputJson(const analysis::Goodput& g, const std::string& source)
{
    nlohmann::json j{{"budgets_source", source},
                     {"available", g.available()},
                     {"share", g.share ? nlohmann::json(*g.share) : nlohmann::json()},
                     {"rate", g.rate ? nlohmann::json(*g.rate) : nlohmann::json()},
                     {"requests", g.requests},
                     {"good", g.good},
                     {"failed", g.failed},
                     {"over_budget", g.overBudget},
                     {"missing_value", g.missing}};
    if (!g.available()) {
        j["reason"] = g.unavailable;
    }
    auto criteria = nlohmann::json::array();
    for (const auto& c : g.criteria) {
        criteria.push_back({{"budget", c.budget},
                            {"metric", c.metric},
                            {"unit", c.unit},
                            {"threshold", c.threshold},
                            {"direction", c.direction == budget::Direction::AtMost ? "at_most" : "at_least"},
                            {"covered", c.covered}});
    }
    j["criteria"] = criteria;
    return j;
}

void printGoodput(std::ostream& os, const analysis::Goodput& g, const std::string& source)
{
    print(os, tr("Goodput (requests meeting every latency budget at once; budgets: %1):")
                  .arg(QString::fromStdString(source)));
    if (!g.available()) {
        print(os, QStringLiteral("  ") + tr("not available: %1").arg(QString::fromStdString(g.unavailable)));
        return;
    }
    print(os, QStringLiteral("  ") + tr("%1 of %2 requests: %3; %4 good req/s")
                                         .arg(g.good)
                                         .arg(g.requests)
                                         .arg(QString::fromStdString(percentText(g.share)),
                                              QString::fromStdString(g.rate ? fixed(*g.rate, 2) : "-")));
    print(os, QStringLiteral("  ") + tr("not good: %1 did not complete, %2 over a budget, %3 without a "
                                        "budgeted value")
                                         .arg(g.failed)
                                         .arg(g.overBudget)
                                         .arg(g.missing));
    print(os, QStringLiteral("  ") +
                  tr("per-request thresholds: %1").arg(QString::fromStdString(describeCriteria(g))));
}

nlohmann::json toJson(const analysis::WindowFigures& w)
{
    auto j = stats::toJson(w.report);
    j["stage"] = w.stage.empty() ? nlohmann::json() : nlohmann::json(w.stage);
    j["requested_rate"] = w.requestedRate ? nlohmann::json(*w.requestedRate) : nlohmann::json();
    j["achieved_rate"] = w.achievedRate ? nlohmann::json(*w.achievedRate) : nlohmann::json();
    j["dropped_iterations"] = w.droppedIterations ? nlohmann::json(*w.droppedIterations) : nlohmann::json();
    j["goodput"] = w.goodput ? goodputJson(*w.goodput, std::string()) : nlohmann::json();
    j["pooled"] = w.pooled;
    if (!w.note.empty()) {
        j["note"] = w.note;
    }
    return j;
}

nlohmann::json toJson(const analysis::RunSummary& s)
{
    auto windows = nlohmann::json::array();
    for (const auto& w : s.windows) {
        windows.push_back(toJson(w));
    }
    nlohmann::json j{{"per_stage", s.windows.size() > 1},
                     {"windows", windows},
                     {"joined", s.joined},
                     {"join_coverage", s.joinCoverage ? nlohmann::json(*s.joinCoverage) : nlohmann::json()}};
    if (s.joined) {
        j["join"] = joinJson(s.join);
    }
    if (!s.budgetsSource.empty()) {
        j["budgets_source"] = s.budgetsSource;
    }
    if (s.pooled) {
        j["pooled"] = toJson(*s.pooled);
    }
    return j;
}

namespace {

std::string quantileText(const stats::MetricSummary& m, double p)
{
    const auto* q = m.quantile(p);
    return q && q->value ? fixed(*q->value, 1) : std::string("-");
}

void printWindow(std::ostream& os, const analysis::WindowFigures& w, const analysis::RunSummary& s)
{
    const auto& report = w.report;
    print(os, tr("Per-phase latency, %1; %2; %3:")
                  .arg(QString::fromStdString(report.window), QString::fromStdString(report.scope),
                       QString::fromStdString(report.statistic)));
    os << "  " << cell(tr("metric"), 18) << std::right << std::setw(7) << "n";
    for (const double p : analysis::kPercentileLevels) {
        os << std::setw(10) << stats::percentileKey(p);
    }
    os << "  " << std::left << cell(tr("unit"), 6) << toStd(tr("definition")) << '\n';
    for (const auto& m : report.metrics) {
        const auto label = QCoreApplication::translate("pb::Metric", m.label.c_str());
        os << "  " << cell(QString::fromStdString(m.name), 18) << std::right << std::setw(7) << m.n;
        for (const double p : analysis::kPercentileLevels) {
            os << std::setw(10) << quantileText(m, p);
        }
        os << "  " << std::left
           << cell(QString::fromUtf8(stats::unitName(m.unit).data(),
                                     qsizetype(stats::unitName(m.unit).size())),
                   6)
           << toStd(label);
        if (m.group == stats::MetricGroup::Server && s.joinCoverage) {
            os << toStd(tr(" (join coverage %1%)").arg(*s.joinCoverage * 100.0, 0, 'f', 1));
        }
        os << '\n';
    }
}

} // namespace

void printFigures(std::ostream& os, const analysis::RunSummary& s)
{
    if (s.windows.size() > 1) {
        print(os, tr("Stages are summarized separately, never pooled:"));
    }
    for (const auto& w : s.windows) {
        os << '\n';
        if (s.windows.size() > 1) {
            print(os, tr("== stage %1: requested %2/s, achieved %3/s, dropped %4 ==")
                          .arg(QString::fromStdString(w.stage))
                          .arg(w.requestedRate ? QString::fromStdString(fixed(*w.requestedRate, 2))
                                               : QStringLiteral("-"))
                          .arg(w.achievedRate ? QString::fromStdString(fixed(*w.achievedRate, 2))
                                              : QStringLiteral("-"))
                          .arg(w.droppedIterations ? QString::number(*w.droppedIterations)
                                                   : QStringLiteral("-")));
        }
        printWindow(os, w, s);
        if (w.goodput) {
            printGoodput(os, *w.goodput, s.budgetsSource);
        }
    }
    if (s.pooled) {
        os << '\n';
        print(os, tr("Pooled (asked for): %1").arg(QString::fromStdString(s.pooled->note)));
        printWindow(os, *s.pooled, s);
    }
}

} // namespace pb::cli
