#include "diagnose/Report.h"

#include "util/SafeText.h"

#include <cmath>
#include <cstdio>

namespace pb::diagnose {
namespace {

Json opt(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? Json(*v) : Json(nullptr);
}

// Names come from scenario and import files: control characters must not
// make the CI gate's XML ill-formed (util/SafeText.h).
std::string xmlEscape(const std::string& s)
{
    return pb::safe::xmlEscaped(s);
}

std::string reportNum(const std::optional<double>& v)
{
    if (!v) {
        return "n/a";
    }
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6g", *v);
    return buf;
}

} // namespace

Json toJson(const Evidence& e)
{
    return Json{{"figure", e.figure},      {"statistic", e.statistic}, {"unit", e.unit},
                {"before", opt(e.before)}, {"after", opt(e.after)},    {"change", opt(e.change())},
                {"n_before", e.nBefore},   {"n_after", e.nAfter}};
}

Json toJson(const Finding& f)
{
    Json evidence = Json::array();
    for (const auto& e : f.evidence) {
        evidence.push_back(toJson(e));
    }
    return Json{{"rule", f.rule},
                {"symptom", f.symptom},
                {"owner", std::string(ownerName(f.owner))},
                {"confidence", std::string(confidenceName(f.confidence))},
                {"between", f.between},
                {"evidence", evidence},
                {"first_check", f.firstCheck},
                {"note", f.note}};
}

Json toJson(const Diagnosis& d)
{
    Json findings = Json::array();
    for (const auto& f : d.findings) {
        findings.push_back(toJson(f));
    }
    Json j{{"comparison", d.comparison},
           {"baseline", d.baselineLabel},
           {"current", d.currentLabel},
           {"refused", d.refused},
           {"refused_reasons", d.refusedReasons},
           {"findings", findings},
           {"notes", d.notes}};
    if (d.knee) {
        Json stages = Json::array();
        for (const auto& s : d.knee->stages) {
            stages.push_back(Json{{"stage", s.stage},
                                  {"n", s.n},
                                  {"arrival_rate", opt(s.arrivalRate)},
                                  {"throughput", opt(s.throughput)},
                                  {"gpu_queue_p95", opt(s.queueP95)},
                                  {"met_budgets", s.metBudgets ? Json(*s.metBudgets) : Json(nullptr)}});
        }
        j["knee"] =
            Json{{"stages", stages},
                 {"gpu_queue_statistic", d.knee->statistic},
                 {"budget_statistics", d.knee->budgetStatistics},
                 {"knee_stage", d.knee->kneeStage ? Json(*d.knee->kneeStage) : Json(nullptr)},
                 {"highest_stage_met_budgets",
                  d.knee->highestStageMetBudgets ? Json(*d.knee->highestStageMetBudgets) : Json(nullptr)}};
    }
    return j;
}

Json toJson(const BreachAttribution& a)
{
    Json shares = Json::array();
    for (const auto& s : a.shares) {
        Json worst = Json::array();
        for (const auto& e : s.worst) {
            worst.push_back(Json{{"trace_id", e.traceId.empty() ? Json(nullptr) : Json(e.traceId)},
                                 {"seq", e.seq},
                                 {"value", e.value}});
        }
        shares.push_back(Json{{"phase", s.phase},
                              {"count", s.count},
                              {"share", s.share},
                              {"interval", Json::array({s.lower, s.upper})},
                              {"owner", s.owner ? Json(std::string(ownerName(*s.owner))) : Json(nullptr)},
                              {"median", s.medianMs},
                              {"worst", worst}});
    }
    return Json{{"metric", a.metric},
                {"decomposition", a.decomposition},
                {"components", a.components},
                {"threshold", a.threshold},
                {"over", a.over},
                {"attributed", a.attributed},
                {"without_phases", a.withoutPhases},
                {"baseline", a.baseline},
                {"baseline_n", a.baselineN},
                {"shares", shares},
                {"summary", a.sentence()}};
}

Json toJson(const CheckItem& i)
{
    return Json{{"id", i.id},
                {"kind", i.kind},
                {"metric", i.metric},
                {"statistic", i.statistic},
                {"convention", i.convention},
                {"unit", i.unit},
                {"scope", i.scope},
                {"window", i.window},
                {"stage", i.stage.empty() ? Json(nullptr) : Json(i.stage)},
                {"group", i.group.empty() ? Json(nullptr) : Json(i.group)},
                {"observed", opt(i.observed)},
                {"threshold", i.threshold},
                {"direction", i.direction == budget::Direction::AtMost ? "at_most" : "at_least"},
                {"n", i.n},
                {"interval", Json::array({opt(i.lower), opt(i.upper)})},
                {"verdict", std::string(verdictName(i.verdict))},
                {"reason", i.reason},
                {"note", i.note.empty() ? Json(nullptr) : Json(i.note)},
                {"owner", i.owner ? Json(std::string(ownerName(*i.owner))) : Json(nullptr)},
                {"attribution", i.attribution ? toJson(*i.attribution) : Json(nullptr)}};
}

Json toJson(const CheckResult& r)
{
    Json items = Json::array();
    for (const auto& i : r.items) {
        items.push_back(toJson(i));
    }
    const auto* first = r.firstFailedPhase();
    Json j{{"verdict", std::string(verdictName(r.verdict))},
           {"first_failed_phase", first ? Json(first->id) : Json(nullptr)},
           {"budgets_source", r.budgetsSource},
           {"items", items}};
    Json stages = Json::array();
    for (const auto& s : r.stages) {
        stages.push_back(Json{{"stage", s.stage.empty() ? Json(nullptr) : Json(s.stage)},
                              {"window", s.window},
                              {"n", s.n},
                              {"verdict", std::string(verdictName(s.verdict))}});
    }
    j["stages"] = stages;
    j["highest_stage_met"] = r.highestStageMet ? Json(*r.highestStageMet) : Json(nullptr);
    if (r.history) {
        Json changes = Json::array();
        for (const auto& c : r.history->changes) {
            changes.push_back(Json{{"budget", c.budget},
                                   {"version", c.version},
                                   {"set_utc", c.setUtc},
                                   {"before", opt(c.before)},
                                   {"after", opt(c.after)}});
        }
        j["budget_version"] = r.history->inEffect ? Json(r.history->inEffect->version) : Json(nullptr);
        j["budget_set_utc"] = r.history->inEffect ? Json(r.history->inEffect->setUtc) : Json(nullptr);
        j["budget_set_after_run"] = r.history->setAfterRun;
        j["changed_after_run"] = changes;
    }
    return j;
}

std::string toJUnit(const CheckResult& r, const std::string& suite)
{
    std::size_t failures = 0;
    std::size_t skipped = 0;
    for (const auto& i : r.items) {
        failures += i.verdict == Verdict::Fail;
        skipped += i.verdict == Verdict::CannotDecide || i.verdict == Verdict::NotMeasurable;
    }
    std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    x += "<testsuites name=\"phasebench check\" tests=\"" + std::to_string(r.items.size()) +
         "\" failures=\"" + std::to_string(failures) + "\" skipped=\"" + std::to_string(skipped) + "\">\n";
    x += "  <testsuite name=\"" + xmlEscape(suite) + "\" tests=\"" + std::to_string(r.items.size()) +
         "\" failures=\"" + std::to_string(failures) + "\" errors=\"0\" skipped=\"" +
         std::to_string(skipped) + "\">\n";
    x += "    <properties>\n      <property name=\"verdict\" value=\"" + std::string(verdictName(r.verdict)) +
         "\"/>\n      <property name=\"budgets\" value=\"" + xmlEscape(r.budgetsSource) + "\"/>\n";
    if (r.history) {
        for (const auto& c : r.history->changes) {
            x += "      <property name=\"changed_after_run\" value=\"" +
                 xmlEscape(c.budget + ": " + reportNum(c.before) + " -> " + reportNum(c.after) +
                           " (version " + std::to_string(c.version) + ", set " + c.setUtc + ")") +
                 "\"/>\n";
        }
    }
    x += "    </properties>\n";
    for (const auto& i : r.items) {
        const std::string name = i.kind + " " + i.id + (i.stage.empty() ? "" : " [" + i.stage + "]") +
                                 (i.group.empty() ? "" : " {" + i.group + "}") + " " + i.statistic + " " +
                                 (i.direction == budget::Direction::AtMost ? "<= " : ">= ") +
                                 reportNum(i.threshold) + " " + i.unit;
        x += "    <testcase classname=\"" + xmlEscape(suite + "." + i.kind) + "\" name=\"" + xmlEscape(name) +
             "\">\n";
        const std::string detail = "observed " + reportNum(i.observed) + " " + i.unit +
                                   ", n=" + std::to_string(i.n) +
                                   (i.window.empty() ? "" : ", window: " + i.window) +
                                   (i.owner ? ", likely owner: " + std::string(ownerName(*i.owner)) : "");
        if (i.verdict == Verdict::Fail) {
            x += "      <failure message=\"" + xmlEscape(i.reason) + "\" type=\"budget\">" +
                 xmlEscape(detail) + "</failure>\n";
        } else if (i.verdict == Verdict::CannotDecide) {
            x += "      <skipped message=\"" + xmlEscape("cannot decide: " + i.reason) + "\"/>\n";
        } else if (i.verdict == Verdict::NotMeasurable) {
            // The reason starts "not measurable on this route: ".
            x += "      <skipped message=\"" + xmlEscape(i.reason) + "\"/>\n";
        }
        x += "      <system-out>" + xmlEscape(detail) + "</system-out>\n";
        x += "    </testcase>\n";
    }
    x += "  </testsuite>\n</testsuites>\n";
    return x;
}

} // namespace pb::diagnose
