#include "cli/TraceCompare.h"

#include "analysis/RequestComparison.h"
#include "analysis/SamePromptText.h"
#include "cli/Output.h"
#include "model/TraceId.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <ostream>

namespace pb::cli {
namespace {

using nlohmann::json;
using namespace pb::analysis;

double cmpMs(Nanos ns)
{
    return static_cast<double>(ns) / 1e6;
}

json cmpJsonMs(const OptNanos& ns)
{
    return ns ? json(std::round(cmpMs(*ns) * 1000.0) / 1000.0) : json(nullptr);
}

json cmpJsonNs(const OptNanos& ns)
{
    return ns ? json(*ns) : json(nullptr);
}

json cmpJsonOpt(const std::optional<double>& v)
{
    return v ? json(std::round(*v * 1e6) / 1e6) : json(nullptr);
}

std::string cmpText(const OptNanos& ns)
{
    return ns ? fixed(cmpMs(*ns), 3) : std::string("-");
}

json cmpSideJson(const ComparedRequest& c)
{
    return {{"trace_id", c.trace.traceId.empty() ? json(nullptr) : json(c.trace.traceId)},
            {"run_id", c.ref.runId},
            {"run_name", c.run.name},
            {"seq", c.ref.seq},
            {"stage", c.stage.empty() ? json(nullptr) : json(c.stage)},
            {"outcome", nameOf(c.outcome)},
            {"total_ms", cmpJsonMs(c.total)},
            {"start_ms", cmpJsonMs(c.startOffset)},
            {"chunk_gaps",
             {{"n", c.gaps.n},
              {"p50_ms", cmpJsonOpt(c.gaps.p50)},
              {"p90_ms", cmpJsonOpt(c.gaps.p90)},
              {"p99_ms", cmpJsonOpt(c.gaps.p99)},
              {"max_ms", cmpJsonOpt(c.gaps.max)}}},
            // null: not scraped (no such series, or no sample at or before the start)
            {"target_at_start",
             {{"running", cmpJsonOpt(c.target.running)},
              {"waiting", cmpJsonOpt(c.target.waiting)},
              {"kv_cache_usage", cmpJsonOpt(c.target.kvCacheUsage)}}}};
}

QString cmpGauge(const std::optional<double>& v, bool share)
{
    if (!v) {
        return tr("not scraped");
    }
    return QString::fromStdString(share ? fixed(*v * 100.0, 1) + "%" : fixed(*v, 1));
}

// A or B: a trace ID, found in --run or in the first run holding a request of it.
std::optional<RequestRef> cmpResolve(RunStore& store, const QString& given, std::optional<std::int64_t> run,
                                     Io& io, int& rc)
{
    const auto parsed = parseTraceId(toStd(given));
    if (!parsed) {
        print(io.err, tr("'%1' is not a trace ID (32 hex digits, not all zero)").arg(given));
        rc = Usage;
        return std::nullopt;
    }
    auto ref = findRequest(store, parsed->hex(), run);
    if (!ref) {
        print(
            io.err,
            run ? tr("no request of run %1 has trace %2").arg(*run).arg(QString::fromStdString(parsed->hex()))
                : tr("no request in this file has trace %1").arg(QString::fromStdString(parsed->hex())));
        rc = Failure;
    }
    return ref;
}

// The comparison as text or --json; `pair` or `match` say how A and B were chosen.
int cmpPrint(const QCommandLineParser& parser, Io& io, const RequestComparison& c,
             stats::Convention convention, const ExemplarPair* pair, const SamePromptMatch* match)
{
    const auto& t = c.table;

    if (parser.isSet(QStringLiteral("json"))) {
        json rows = json::array();
        for (const auto& r : t.rows) {
            rows.push_back({{"phase", r.name},
                            {"a_ms", cmpJsonMs(r.a)},
                            {"b_ms", cmpJsonMs(r.b)},
                            {"delta_ms", cmpJsonMs(r.delta)},
                            {"a_ns", cmpJsonNs(r.a)},
                            {"b_ns", cmpJsonNs(r.b)},
                            {"delta_ns", r.delta},
                            {"unattributed", r.unattributed}});
        }
        json out = {
            {"a", cmpSideJson(c.a)},
            {"b", cmpSideJson(c.b)},
            {"partition", partitionName(t.partition)},
            {"rows", rows},
            {"total",
             {{"a_ms", cmpJsonMs(t.totalA)},
              {"b_ms", cmpJsonMs(t.totalB)},
              {"delta_ms", t.partition == DeltaPartition::None ? json(nullptr) : cmpJsonMs(t.totalDelta)},
              {"delta_ns", t.partition == DeltaPartition::None ? json(nullptr) : json(t.totalDelta)}}}};
        if (pair) {
            out["exemplars"] = {
                {"metric", pair->metric},
                {"convention", stats::conventionName(convention)},
                {"a",
                 {{"level", kTypicalLevel},
                  {"rank", pair->typical->rank},
                  {"value_ms", pair->typical->value}}},
                {"b", {{"level", kSlowLevel}, {"rank", pair->slow->rank}, {"value_ms", pair->slow->value}}}};
        }
        if (match) {
            out["same_prompt"] = {{"baseline_run", match->baselineRun},
                                  {"prompt_ref", match->promptRef},
                                  {"scenario_digest", match->digestB},
                                  {"baseline_requests_with_ref", match->candidates}};
        }
        io.out << jsonText(out) << '\n';
        return Ok;
    }

    auto& os = io.out;
    for (const auto* side : {&c.a, &c.b}) {
        const bool isA = side == &c.a;
        print(os,
              tr("%1: trace %2, run %3 (%4), request %5, stage %6, %7, total %8 ms")
                  .arg(isA ? QStringLiteral("A") : QStringLiteral("B"),
                       side->trace.traceId.empty() ? tr("none") : QString::fromStdString(side->trace.traceId))
                  .arg(side->ref.runId)
                  .arg(shown(side->run.name))
                  .arg(side->ref.seq)
                  .arg(side->stage.empty() ? tr("none") : shown(side->stage),
                       QString::fromLatin1(nameOf(side->outcome).data()),
                       QString::fromStdString(cmpText(side->total))));
    }
    if (match) {
        print(os,
              tr("A: baseline run %1, same prompt (ref %2): its first completed request of %3 with the ref")
                  .arg(match->baselineRun)
                  .arg(QString::fromStdString(match->promptRef))
                  .arg(static_cast<qulonglong>(match->candidates)));
    }
    if (pair) {
        print(os, tr("A is the p50 exemplar (rank %1), B the p99 exemplar (rank %2) of total, %3")
                      .arg(pair->typical->rank)
                      .arg(pair->slow->rank)
                      .arg(QString::fromLatin1(stats::conventionName(convention).data())));
    }
    if (t.partition == DeltaPartition::None) {
        print(os, tr("no delta table: a request has no total"));
    } else {
        print(os, tr("delta table (%1 partition; unattributed = total - the other rows):")
                      .arg(QString::fromLatin1(partitionName(t.partition).data())));
        os << "  " << cell(tr("phase"), 20) << cell(tr("A ms"), 12) << cell(tr("B ms"), 12)
           << toStd(tr("B-A ms")) << '\n';
        for (const auto& r : t.rows) {
            os << "  " << cell(r.name, 20) << cell(cmpText(r.a), 12) << cell(cmpText(r.b), 12)
               << cmpText(r.delta) << '\n';
        }
        os << "  " << cell(std::string("total"), 20) << cell(cmpText(t.totalA), 12)
           << cell(cmpText(t.totalB), 12) << cmpText(t.totalDelta) << '\n';
    }
    print(os, tr("chunk gaps (ms):"));
    os << "  " << cell(std::string(), 4) << cell(std::string("n"), 6) << cell(std::string("p50"), 10)
       << cell(std::string("p90"), 10) << cell(std::string("p99"), 10) << "max\n";
    for (const auto* side : {&c.a, &c.b}) {
        const auto& g = side->gaps;
        os << "  " << cell(std::string(side == &c.a ? "A" : "B"), 4) << cell(std::to_string(g.n), 6)
           << cell(fixedOrDash(g.p50), 10) << cell(fixedOrDash(g.p90), 10) << cell(fixedOrDash(g.p99), 10)
           << fixedOrDash(g.max) << '\n';
    }
    print(os, tr("target at each start (last scrape at or before it):"));
    for (const auto* side : {&c.a, &c.b}) {
        const auto& g = side->target;
        os << "  " << (side == &c.a ? "A" : "B") << "  running=" << toStd(cmpGauge(g.running, false))
           << "  waiting=" << toStd(cmpGauge(g.waiting, false))
           << "  kv_cache=" << toStd(cmpGauge(g.kvCacheUsage, true)) << '\n';
    }
    return Ok;
}

} // namespace

int traceCompare(const QCommandLineParser& parser, Io& io)
{
    const auto ids = parser.positionalArguments();
    if (ids.size() != 2 && !ids.isEmpty()) {
        print(io.err, tr("--compare takes two TRACE_IDs (A then B), or none with --run for the p50 and p99 "
                         "exemplars of total"));
        return Usage;
    }
    std::optional<std::int64_t> onlyRun;
    if (!optionalRunIdOption(parser, "run", io, onlyRun)) {
        return Usage;
    }
    auto store = openStore(parser, io, false);
    if (!store) {
        return Failure;
    }
    const auto convention = stats::Convention::NearestRank;
    std::optional<ExemplarPair> pair;
    RequestRef a;
    RequestRef b;
    if (ids.isEmpty()) {
        const auto run = chooseRun(parser, *store, io);
        if (!run) {
            return Usage;
        }
        pair = defaultPair(*store, *run, convention);
        if (!pair->typical || !pair->slow) {
            print(io.err,
                  tr("run %1 has no completed request with a total to take exemplars from").arg(*run));
            return Failure;
        }
        a = {*run, pair->typical->seq};
        b = {*run, pair->slow->seq};
    } else {
        int rc = Ok;
        const auto ra = cmpResolve(*store, ids[0], onlyRun, io, rc);
        if (!ra) {
            return rc;
        }
        const auto rb = cmpResolve(*store, ids[1], onlyRun, io, rc);
        if (!rb) {
            return rc;
        }
        a = *ra;
        b = *rb;
    }
    return cmpPrint(parser, io, compareRequests(*store, a, b, convention), convention,
                    pair ? &*pair : nullptr, nullptr);
}

int traceSamePrompt(const QCommandLineParser& parser, Io& io)
{
    const auto ids = parser.positionalArguments();
    if (ids.size() != 1) {
        print(io.err, tr("--baseline-run takes one TRACE_ID, the request B of the comparison"));
        return Usage;
    }
    const auto baseline = runIdOption(parser, "baseline-run", io);
    if (!baseline) {
        return Usage;
    }
    std::optional<std::int64_t> onlyRun;
    if (!optionalRunIdOption(parser, "run", io, onlyRun)) {
        return Usage;
    }
    auto store = openStore(parser, io, false);
    if (!store) {
        return Failure;
    }
    if (!store->catalogue().run(*baseline)) {
        print(io.err, tr("run %1 is not in this file").arg(*baseline));
        return Failure;
    }
    int rc = Ok;
    const auto b = cmpResolve(*store, ids[0], onlyRun, io, rc);
    if (!b) {
        return rc;
    }
    const auto match = samePromptInBaseline(*store, *b, *baseline);
    if (!match.a) {
        print(io.err, tr("no same-prompt pair: %1").arg(samePromptRefusalText(match)));
        return Failure;
    }
    const auto convention = stats::Convention::NearestRank;
    return cmpPrint(parser, io, compareRequests(*store, *match.a, *b, convention), convention, nullptr,
                    &match);
}

} // namespace pb::cli
