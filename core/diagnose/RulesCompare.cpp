// Rules 1-6: which phase moved between two sides, and who owns it.
#include "diagnose/Rules.h"

#include "stats/Percentile.h"

#include <QtGlobal>

#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>

namespace pb::diagnose {
namespace {

struct Delta
{
    const FigureStat* a = nullptr;
    const FigureStat* b = nullptr;
    bool ok() const { return a && b && a->p95 && b->p95; }
    double before() const { return *a->p95; }
    double after() const { return *b->p95; }
    double change() const { return after() - before(); }
};

class Compare
{
public:
    Compare(const SideFigures& a, const SideFigures& b, const RuleOptions& o)
        : m_a(a)
        , m_b(b)
        , m_o(o)
    {}

    Delta delta(const char* name) const
    {
        Delta d{m_a.figure(name), m_b.figure(name)};
        if (d.a && d.b && (d.a->n < m_o.minSamples || d.b->n < m_o.minSamples)) {
            return {};
        }
        return d;
    }
    bool rises(const char* name) const
    {
        const auto d = delta(name);
        return d.ok() && d.change() >= std::max(m_o.riseMs, m_o.riseRel * std::abs(d.before()));
    }
    bool flat(const char* name) const
    {
        const auto d = delta(name);
        return d.ok() && std::abs(d.change()) <= std::max(m_o.flatMs, m_o.flatRel * std::abs(d.before()));
    }
    // The first of `names` both sides measure: a fallback is another figure
    // under its own name, never mixed into the first one.
    const char* firstMeasured(std::initializer_list<const char*> names) const
    {
        for (const char* n : names) {
            if (has(n)) {
                return n;
            }
        }
        return *names.begin();
    }
    // Generation per output token: the server's figure, else the client's.
    const char* perToken() const
    {
        return firstMeasured({"server_generation_ms_per_output_token", "generation_ms_per_output_token"});
    }
    bool perTokenRises() const
    {
        const auto d = delta(perToken());
        return d.ok() && d.change() >= m_o.perTokenRiseRel * std::abs(d.before()) && d.change() > 0;
    }
    // Flat or falling: fewer requests in a batch decode faster.
    bool perTokenNotRising() const
    {
        const auto d = delta(perToken());
        return d.ok() && d.change() <= m_o.perTokenFlatRel * std::abs(d.before());
    }
    // "" when the preferred figure was used, else a note naming the fallback.
    static std::string fallbackNote(const char* used, const char* preferred)
    {
        return std::string_view(used) == preferred
                   ? std::string()
                   : std::string(preferred) + " is not measured on both sides: " + used + " is used instead";
    }
    std::optional<double> rateGrowth() const
    {
        const auto& ra = m_a.profile.achievedRate;
        const auto& rb = m_b.profile.achievedRate;
        if (!ra || !rb || *ra <= 0) {
            return std::nullopt;
        }
        return *rb / *ra - 1.0;
    }

    Evidence evidence(const char* name, const char* unit = "ms") const
    {
        Evidence e{name, "p95", unit, {}, {}, 0, 0};
        if (const auto* a = m_a.figure(name)) {
            e.before = a->p95;
            e.nBefore = a->n;
        }
        if (const auto* b = m_b.figure(name)) {
            e.after = b->p95;
            e.nAfter = b->n;
        }
        return e;
    }
    Evidence rate() const
    {
        return {"arrival_rate",
                "achieved",
                "req/s",
                m_a.profile.achievedRate,
                m_b.profile.achievedRate,
                m_a.profile.started,
                m_b.profile.started};
    }
    Finding finding(const char* rule, Owner owner, Confidence c, const char* symptom, const char* check) const
    {
        Finding f{rule, symptom, check, owner, c, m_a.label + " -> " + m_b.label, {}, {}};
        return f;
    }
    bool has(const char* name) const { return delta(name).ok(); }

private:
    const SideFigures& m_a;
    const SideFigures& m_b;
    const RuleOptions& m_o;
};

} // namespace

std::vector<Finding> comparisonRules(const SideFigures& before, const SideFigures& after,
                                     const RuleOptions& o)
{
    std::vector<Finding> out;
    const Compare c(before, after, o);
    const bool server = c.has("server_root");

    // 1. Connection set-up rises while server spans stay flat.
    if (c.rises("setup") && (!server || c.flat("server_root"))) {
        auto f = c.finding(
            "connection_setup", Owner::ClientNetwork, server ? Confidence::High : Confidence::Low,
            QT_TRANSLATE_NOOP("pb::diagnose", "Connection set-up (connect, TLS) rose while the server spans "
                                              "stayed flat."),
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Check connection reuse (keep-alive), socket limits and the load "
                              "generator's CPU; a load balancer may be closing sessions."));
        f.evidence = {c.evidence("setup"), c.evidence("server_root"), c.evidence("total")};
        if (before.newConnectionShare && after.newConnectionShare) {
            f.evidence.push_back({"new_connection_share", "share", "share", before.newConnectionShare,
                                  after.newConnectionShare, before.connectionRows, after.connectionRows});
        }
        if (!server) {
            f.note = "no joined server spans: the server side could not be checked";
        }
        out.push_back(std::move(f));
    }
    // 2. Gateway rises while the queue stays flat.
    if (c.rises("gateway") && (!c.has("gpu_queue") || c.flat("gpu_queue"))) {
        auto f = c.finding(
            "gateway", Owner::Gateway, Confidence::High,
            QT_TRANSLATE_NOOP("pb::diagnose", "Gateway time rose while the GPU queue stayed flat."),
            QT_TRANSLATE_NOOP("pb::diagnose", "Check the gateway's child spans and CPU: rate limiting, "
                                              "serialisation, masking, too few replicas."));
        f.evidence = {c.evidence("gateway"), c.evidence("gpu_queue"), c.evidence("total")};
        out.push_back(std::move(f));
    }
    // 3. Queue rises while generation per token stays flat.
    const char* perToken = c.perToken();
    const bool genFlat = c.has(perToken) ? c.perTokenNotRising() : c.flat("generation_server");
    if (c.rises("gpu_queue") && genFlat) {
        auto f = c.finding(
            "queue_saturation", Owner::InferencePool, Confidence::High,
            QT_TRANSLATE_NOOP("pb::diagnose", "GPU queue time rose while generation per output token stayed "
                                              "flat: the inference pool is saturated."),
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Check pool capacity (compute slots), batch policy, queue length, "
                              "the output-token limit and admission control; a gateway timeout "
                              "only turns slow responses into fast errors."));
        f.evidence = {c.evidence("gpu_queue"),
                      c.evidence(perToken, "ms/token"),
                      c.evidence("generation_server"),
                      c.evidence("gateway"),
                      c.evidence("total"),
                      c.rate()};
        f.note = Compare::fallbackNote(perToken, "server_generation_ms_per_output_token");
        out.push_back(std::move(f));
    }
    // 4. Generation per output token rises with concurrency.
    if (c.perTokenRises()) {
        const auto growth = c.rateGrowth();
        const bool moreLoad = growth && *growth >= o.concurrencyRise;
        auto f = c.finding(
            "generation_per_token", Owner::ModelGeneration, moreLoad ? Confidence::High : Confidence::Low,
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Generation time per output token rose with concurrency: the batch "
                              "is too aggressive or memory is under pressure."),
            QT_TRANSLATE_NOOP("pb::diagnose", "Check the scheduler's batch size, GPU memory and the token "
                                              "profile; reduce max tokens at the same arrival rate."));
        f.evidence = {c.evidence(perToken, "ms/token"), c.rate(), c.evidence("total")};
        if (!moreLoad) {
            f.note = "the arrival rate did not rise: concurrency is not the evident cause";
        }
        if (const auto note = Compare::fallbackNote(perToken, "server_generation_ms_per_output_token");
            !note.empty()) {
            f.note += (f.note.empty() ? "" : "; ") + note;
        }
        out.push_back(std::move(f));
    }
    // 5. TTFT poor while total barely changes.
    const char* ttft = c.firstMeasured({"first_text", "wait"});
    if (c.rises(ttft) && c.has("total")) {
        const auto t = c.delta(ttft);
        const auto total = c.delta("total");
        if (std::abs(total.change()) < 0.5 * t.change()) {
            auto f =
                c.finding("ttft_pre_start", Owner::InferencePool, Confidence::Medium,
                          QT_TRANSLATE_NOOP("pb::diagnose",
                                            "Time to first token rose while the total barely changed: the "
                                            "wait before output grew and the output is short."),
                          QT_TRANSLATE_NOOP("pb::diagnose",
                                            "Look at the queue and the prefill separately (server spans), "
                                            "and at the input-token profile."));
            f.evidence = {c.evidence(ttft), c.evidence("total"), c.evidence("gpu_queue"),
                          c.evidence("prefill")};
            f.note = Compare::fallbackNote(ttft, "first_text");
            out.push_back(std::move(f));
        }
    }
    // 6. Client total rises while the root span does not: the envelope rose
    // and explains most of it (neither the root nor the connection set-up does).
    if (server && c.rises("total") && c.rises("network_envelope")) {
        const auto total = c.delta("total");
        const auto root = c.delta("server_root");
        const auto setup = c.delta("setup");
        const bool rootExplains = root.ok() && root.change() >= 0.5 * total.change();
        const bool setupExplains = setup.ok() && setup.change() >= 0.5 * total.change();
        if (!rootExplains && !setupExplains) {
            auto f =
                c.finding("outside_root", Owner::ResponseTransfer, Confidence::High,
                          QT_TRANSLATE_NOOP("pb::diagnose",
                                            "The client total rose while the server root span did not: the "
                                            "time is spent outside the root span."),
                          QT_TRANSLATE_NOOP("pb::diagnose",
                                            "Check the root span's boundary (does it end after the response "
                                            "write?), the body size and the load balancer."));
            f.evidence = {c.evidence("total"), c.evidence("server_root"), c.evidence("network_envelope"),
                          c.evidence("response_write")};
            out.push_back(std::move(f));
        }
    }
    // 9 (between sides). Unattributed server time growing.
    if (c.rises("unattributed")) {
        auto f = c.finding(
            "unattributed_growing", Owner::Telemetry, Confidence::Medium,
            QT_TRANSLATE_NOOP("pb::diagnose", "Unattributed server time grew: part of the root span has no "
                                              "phase span."),
            QT_TRANSLATE_NOOP("pb::diagnose", "Check for missing child spans (a new code path, a dropped "
                                              "span) and the span rules that map names to phases."));
        f.evidence = {c.evidence("unattributed"), c.evidence("server_root")};
        out.push_back(std::move(f));
    }
    // A p95 of fewer than 20 requests is the single worst one: say so.
    for (auto& f : out) {
        const auto& e = f.evidence.front();
        if (stats::isWorstOnly(0.95, e.nBefore) || stats::isWorstOnly(0.95, e.nAfter)) {
            f.confidence = Confidence::Low;
            f.note +=
                (f.note.empty() ? "" : "; ") + std::string("fewer than 20 requests on a side: its p95 is the "
                                                           "single worst request");
        }
    }
    return out;
}

std::vector<Finding> countRules(const SideFigures& before, const SideFigures& after, const RuleOptions&,
                                CountBasis basis)
{
    std::vector<Finding> out;
    const auto a = before.profile.counts.attempts;
    const auto b = after.profile.counts.attempts;
    const double spanA = before.profile.lastMs - before.profile.firstMs;
    const double spanB = after.profile.lastMs - after.profile.firstMs;
    const bool perSecond = basis == CountBasis::PerSecond && spanA > 0 && spanB > 0;
    const double ea = perSecond ? double(a) / (spanA / 1000.0) : double(a);
    const double eb = perSecond ? double(b) / (spanB / 1000.0) : double(b);
    if (a > 0 && eb < 0.9 * ea) {
        Finding f{
            "falling_event_count",
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Fewer events than in the baseline: a better percentile may only mean that "
                              "events went missing."),
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Check dropped iterations, the import and the sampling before comparing "
                              "percentiles."),
            Owner::Telemetry,
            Confidence::Medium,
            before.label + " -> " + after.label,
            {{"attempts", perSecond ? "rate" : "count", perSecond ? "per s" : "count", ea, eb, a, b}},
            {}};
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace pb::diagnose
