// The report's first page: who ran what under which load, the verdict, the
// stage x budget matrix, the knee and the composition of the first stage that
// failed, goodput per stage and the data's quality. Everything is arranged
// from the decision model (diagnose::CheckResult, the knee); nothing is
// decided here.
#include "model/Vocabulary.h"
#include "report/OutlineParts.h"
#include "report/ReportData.h"

#include <map>
#include <utility>

namespace pb::report {

BudgetMatrix budgetMatrix(const diagnose::CheckResult& check, const std::vector<StageSection>& stages,
                          const std::optional<diagnose::Knee>& knee)
{
    BudgetMatrix m;
    const auto columnOf = [&m](const std::string& stage, const std::string& group) -> std::size_t {
        for (std::size_t i = 0; i < m.columns.size(); ++i) {
            if (m.columns[i].stage == stage && m.columns[i].group == group) {
                return i;
            }
        }
        MatrixColumn c;
        c.stage = stage;
        c.group = group;
        m.columns.push_back(c);
        return m.columns.size() - 1;
    };
    // The check's stages first (its order), then what the items add (groups, run-wide gates).
    for (const auto& s : check.stages) {
        for (const auto& i : check.items) {
            if (i.stage == s.stage) {
                columnOf(s.stage, i.group);
            }
        }
    }
    for (const auto& i : check.items) {
        columnOf(i.stage, i.group);
    }
    for (auto& c : m.columns) {
        for (const auto& s : stages) {
            if (s.figures.stage == c.stage && s.group == c.group) {
                c.rate = s.figures.requestedRate;
            }
        }
        c.verdict = diagnose::stageVerdict(check, c.stage);
        c.knee = knee && knee->kneeStage && !c.stage.empty() && *knee->kneeStage == c.stage;
        c.highestMet = check.highestStageMet && !c.stage.empty() && *check.highestStageMet == c.stage;
    }
    const bool rated = std::all_of(m.columns.begin(), m.columns.end(),
                                   [](const MatrixColumn& c) { return c.rate.has_value(); });
    if (rated) {
        std::stable_sort(m.columns.begin(), m.columns.end(),
                         [](const MatrixColumn& a, const MatrixColumn& b) { return *a.rate < *b.rate; });
    }
    std::map<std::string, std::size_t> rowOf;
    for (const auto& i : check.items) {
        auto [it, added] = rowOf.emplace(i.id, m.rows.size());
        if (added) {
            MatrixRow r;
            r.id = i.id;
            r.kind = i.kind;
            r.metric = i.metric;
            r.statistic = i.statistic;
            r.unit = i.unit;
            r.threshold = i.threshold;
            r.direction = i.direction;
            r.cells.resize(m.columns.size());
            m.rows.push_back(std::move(r));
        }
        for (std::size_t c = 0; c < m.columns.size(); ++c) {
            if (m.columns[c].stage == i.stage && m.columns[c].group == i.group) {
                m.rows[it->second].cells[c] = {i.verdict, i.observed};
            }
        }
    }
    return m;
}

std::optional<std::size_t> summaryStageOf(const std::optional<BudgetMatrix>& matrix,
                                          const std::vector<StageSection>& stages, bool* failed)
{
    if (failed) {
        *failed = false;
    }
    if (stages.empty()) {
        return std::nullopt;
    }
    if (matrix) {
        for (const auto& c : matrix->columns) {
            if (c.verdict != diagnose::Verdict::Fail) {
                continue;
            }
            // A decision over the whole run is its one stage's, when it has one.
            const bool oneStage = std::all_of(stages.begin(), stages.end(), [&stages](const StageSection& s) {
                return s.figures.stage == stages.front().figures.stage;
            });
            for (std::size_t i = 0; i < stages.size(); ++i) {
                if ((stages[i].figures.stage == c.stage || (c.stage.empty() && oneStage)) &&
                    (c.group.empty() || stages[i].group == c.group)) {
                    if (failed) {
                        *failed = true;
                    }
                    return i;
                }
            }
        }
    }
    return stages.size() - 1;
}

CellState stateOfVerdict(diagnose::Verdict v)
{
    switch (v) {
    case diagnose::Verdict::Pass:
        return CellState::Pass;
    case diagnose::Verdict::Fail:
        return CellState::Fail;
    case diagnose::Verdict::CannotDecide:
        return CellState::Undecided;
    case diagnose::Verdict::NotMeasurable:
        return CellState::NotMeasurable;
    }
    return CellState::Plain;
}

QString verdictSymbol(diagnose::Verdict v)
{
    return cellSymbol(stateOfVerdict(v));
}

namespace {

QString columnTitle(const MatrixColumn& c)
{
    QString t = c.stage.empty() ? tr("whole run") : qs(c.stage);
    if (!c.group.empty()) {
        t += QStringLiteral(", ") + qs(c.group);
    }
    if (c.highestMet) {
        t += QLatin1Char(' ') + tr("[highest met]");
    }
    if (c.knee) {
        t += QLatin1Char(' ') + tr("[knee]");
    }
    return t;
}

// A budget check's figure as the matrix prints it: a share in percent, a
// count whole, anything else with one decimal.
QString matrixFigure(const std::optional<double>& v, const std::string& unit)
{
    if (unit == "share") {
        return percent(v);
    }
    return figure(v, unit == "count" ? 0 : 1);
}

// "first_text p95 ≤ 800.0 ms"; the id first when it is not the metric's name.
QString budgetTitle(const MatrixRow& r)
{
    const QString rule =
        tr("%1 %2 %3 %4")
            .arg(qs(r.metric), qs(r.statistic),
                 r.direction == budget::Direction::AtMost ? QStringLiteral("\u2264")
                                                          : QStringLiteral("\u2265"),
                 matrixFigure(r.threshold, r.unit) + (r.unit.empty() || r.unit == "share" || r.unit == "count"
                                                          ? QString()
                                                          : QLatin1Char(' ') + qs(r.unit)));
    return r.id == r.metric ? rule : tr("%1: %2").arg(qs(r.id), rule);
}

// The baseline's cell of the same budget and stage (and group), if it decided one.
const MatrixCell* baselineCell(const BudgetMatrix* before, const MatrixRow& row, const MatrixColumn& column)
{
    if (!before) {
        return nullptr;
    }
    for (const auto& r : before->rows) {
        if (r.id != row.id) {
            continue;
        }
        for (std::size_t c = 0; c < before->columns.size() && c < r.cells.size(); ++c) {
            if (before->columns[c].stage == column.stage && before->columns[c].group == column.group &&
                r.cells[c].verdict) {
                return &r.cells[c];
            }
        }
    }
    return nullptr;
}

QString cellText(const MatrixCell& cell, const std::string& unit)
{
    return (cellSymbol(stateOfVerdict(*cell.verdict)) + QLatin1Char(' ') + matrixFigure(cell.observed, unit))
        .trimmed();
}

void matrixTable(Builder& b, const BudgetMatrix& m, const BudgetMatrix* before, const ReportData& d)
{
    OutlineTable t;
    t.header << tr("Budget");
    t.markedColumns << false;
    for (const auto& c : m.columns) {
        t.header << columnTitle(c);
        t.markedColumns << (c.knee || c.highestMet);
    }
    for (const auto& r : m.rows) {
        QStringList row{budgetTitle(r)};
        QList<CellState> states{CellState::Plain};
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            const auto& cell = r.cells[c];
            if (!cell.verdict) {
                row << QString();
                states << CellState::Plain;
                continue;
            }
            // With a baseline: "before -> after", coloured by the after; the
            // symbol once when the verdict did not change ("✓ 4.6 → 5.0").
            QString text = cellText(cell, r.unit);
            if (before) {
                const auto* was = baselineCell(before, r, m.columns[c]);
                const bool same = was && *was->verdict == *cell.verdict;
                text = (was ? cellText(*was, r.unit) : QStringLiteral("-")) + QStringLiteral(" \u2192 ") +
                       (same ? matrixFigure(cell.observed, r.unit) : text);
            }
            row << text;
            states << stateOfVerdict(*cell.verdict);
        }
        t.rows << row;
        t.states << states;
    }
    b.table(std::move(t));
    QString legend =
        tr("%1 pass, %2 fail, %3 cannot decide, %4 not measurable on the route; each cell is the "
           "observed value, in the budget's unit.")
            .arg(cellSymbol(CellState::Pass), cellSymbol(CellState::Fail), cellSymbol(CellState::Undecided),
                 cellSymbol(CellState::NotMeasurable));
    const auto highest =
        std::find_if(m.columns.begin(), m.columns.end(), [](const MatrixColumn& c) { return c.highestMet; });
    const auto knee =
        std::find_if(m.columns.begin(), m.columns.end(), [](const MatrixColumn& c) { return c.knee; });
    const bool stepped = std::any_of(m.columns.begin(), m.columns.end(),
                                     [](const MatrixColumn& c) { return !c.stage.empty(); });
    if (stepped) {
        legend += QLatin1Char(' ') + tr("Highest stage that met every budget: %1; knee: %2.")
                                         .arg(highest != m.columns.end() ? qs(highest->stage) : tr("none"),
                                              knee != m.columns.end() ? qs(knee->stage) : tr("none found"));
    }
    if (before && d.baseline) {
        legend += QLatin1Char(' ') +
                  tr("Each cell: baseline run %1 '%2' \u2192 this run, against the same budgets; "
                     "its colour is this run's.")
                      .arg(d.baseline->id)
                      .arg(qs(d.baseline->name));
    }
    b.add(Kind::Paragraph, legend);
}

// The one line said instead of a knee chart that has nothing to draw.
QString noKneeLine(const ReportData& d)
{
    std::size_t stages = 0;
    for (std::size_t i = 0; i < d.stages.size(); ++i) {
        stages += i == 0 || d.stages[i].figures.stage != d.stages[i - 1].figures.stage;
    }
    if (stages < 2) {
        return tr("No knee chart: the run has a single stage, so there is no rate to compare.");
    }
    if (!d.loadSamples) {
        return tr("No knee chart: no load samples in an imported run.");
    }
    return tr("No knee chart: the load samples do not cover two stages.");
}

} // namespace

bool chartPairAt(const std::vector<OutlineItem>& items, std::size_t at)
{
    using K = OutlineItem::Kind;
    return at + 3 < items.size() && items[at].kind == K::Subheading && items[at + 1].kind == K::Chart &&
           items[at + 2].kind == K::Subheading && items[at + 3].kind == K::Chart && items[at + 3].beside;
}

QString cellClass(CellState s)
{
    switch (s) {
    case CellState::Plain:
        return {};
    case CellState::Pass:
        return QStringLiteral("pass");
    case CellState::Fail:
        return QStringLiteral("fail");
    case CellState::Undecided:
        return QStringLiteral("undecided");
    case CellState::NotMeasurable:
        return QStringLiteral("not-measurable");
    }
    return {};
}

QString cellSymbol(CellState s)
{
    switch (s) {
    case CellState::Plain:
        return {};
    case CellState::Pass:
        return QStringLiteral("\u2713");
    case CellState::Fail:
        return QStringLiteral("\u2717");
    case CellState::Undecided:
        return QStringLiteral("?");
    case CellState::NotMeasurable:
        return QStringLiteral("\u2013");
    }
    return {};
}

void summarySection(Builder& b, const ReportData& d, const ChartSlots& c)
{
    const auto& r = d.provenance.record;
    const auto known = [](const std::string& v) {
        return v.empty() ? tr("unknown") : qs(v);
    };
    b.add(Kind::Title, tr("Phasebench report: run %1 '%2'").arg(d.run.id).arg(qs(d.run.name)));
    b.add(Kind::Paragraph, tr("Run %1 (%2), started %3 UTC: scenario %4, model %5, target %6.")
                               .arg(d.run.id)
                               .arg(qs(std::string(nameOf(d.run.kind))), known(d.run.createdUtc),
                                    known(r.scenario), known(r.model), known(r.endpointHost)));
    b.add(Kind::Paragraph,
          tr("Load: %1, arrival rate %2; %3 requests, %4 server spans; budgets: %5.")
              .arg(known(r.executor), known(r.arrivalRate))
              .arg(d.run.requestCount)
              .arg(d.run.spanCount)
              .arg(d.provenance.budgetsSource.empty() ? tr("none") : qs(d.provenance.budgetsSource)));
    b.add(Kind::Emphasis, verdictSentence(d));
    if (d.capacity) {
        b.add(Kind::Emphasis, capacitySentence(*d.capacity));
    }
    if (d.matrix && !d.matrix->rows.empty() && !d.matrix->columns.empty()) {
        b.add(Kind::Heading, tr("Which budgets held at which stage?"));
        matrixTable(b, *d.matrix, d.baselineMatrix ? &*d.baselineMatrix : nullptr, d);
    }
    if (c.drawn()) {
        if (c.knee >= 0) {
            b.chart(c.knee, tr("Up to which rate does it hold? Knee: throughput and queue against the "
                               "arrival rate"));
        } else {
            b.add(Kind::Paragraph, noKneeLine(d));
        }
        if (d.summaryStage && *d.summaryStage < c.composition.size()) {
            const auto& s = d.stages[*d.summaryStage];
            const QString where = stageName(s.figures.stage, s.group);
            const QString caption =
                d.summaryStageFailed
                    ? tr("Where does the time go? Phase composition of %1, the first stage that failed")
                          .arg(where)
                    : tr("Where does the time go? Phase composition of %1, the last stage").arg(where);
            // The server's phases when the run joined them (where a budget's
            // owner is told apart), else the client's.
            const std::size_t at = *d.summaryStage;
            const int chart = at < c.serverComposition.size() && c.serverComposition[at] >= 0
                                  ? c.serverComposition[at]
                                  : c.composition[at];
            if (chart >= 0) {
                b.chart(chart, caption, true); // beside the knee
            } else {
                b.add(Kind::Paragraph,
                      tr("No phase composition for %1: no completed request with phase timings.").arg(where));
            }
        }
    }
    b.add(Kind::Heading, tr("How much of the load was served well?"));
    OutlineTable t;
    t.header = {tr("Stage"),
                tr("N"),
                tr("Achieved rate (req/s)"),
                tr("Error rate"),
                tr("total p95 (ms)"),
                tr("TTFT (first text) p95 (ms)")};
    // Goodput only when the run has budgets: the share of requests meeting all of them at once.
    const bool goodput = std::any_of(d.stages.begin(), d.stages.end(), [](const pb::report::StageSection& s) {
        return s.figures.goodput.has_value();
    });
    if (goodput) {
        t.header << tr("Goodput (every budget met)");
    }
    for (const auto& s : d.stages) {
        const auto& rep = s.figures.report;
        t.rows.push_back({stageName(s.figures.stage, s.group), QString::number(rep.counts.attempts),
                          figure(s.figures.achievedRate, 2), percent(rep.rates.errorRate),
                          quantileValue(rep.metric("total"), 0.95),
                          quantileValue(rep.metric("first_text"), 0.95)});
        if (goodput) {
            t.rows.back() << (s.figures.goodput ? goodputText(*s.figures.goodput) : QStringLiteral("-"));
        }
    }
    if (!t.rows.isEmpty()) {
        b.table(std::move(t));
    }
    b.add(Kind::Heading, tr("Can the data be trusted?"));
    b.bullets(qualityNotes(d));
    b.add(Kind::PageBreak);
}

} // namespace pb::report
