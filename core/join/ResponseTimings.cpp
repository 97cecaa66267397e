#include "join/ResponseTimings.h"

#include "model/RequestColumns.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace pb::join {
namespace {

struct Columns
{
    const std::vector<double>* total = nullptr;
    const std::vector<double>* validation = nullptr;
    const std::vector<double>* queue = nullptr;
    const std::vector<double>* prefill = nullptr;
    const std::vector<double>* decode = nullptr;
    const std::vector<double>* inference = nullptr;
    const std::vector<double>* itl = nullptr;
    const std::vector<double>* clientTotal = nullptr;
    const std::vector<double>* firstText = nullptr;
    const std::vector<double>* done = nullptr;
    const std::vector<double>* outputTokens = nullptr;
    const CategoryColumn* origin = nullptr;
    const CategoryColumn* profile = nullptr;
    const CategoryColumn* outcome = nullptr;

    explicit Columns(const RequestTable& t)
        : total(t.completeNumeric("reported_total"))
        , validation(t.completeNumeric("reported_validation"))
        , queue(t.completeNumeric("reported_queue"))
        , prefill(t.completeNumeric("reported_prefill"))
        , decode(t.completeNumeric("reported_decode"))
        , inference(t.completeNumeric("reported_inference"))
        , itl(t.completeNumeric("reported_itl"))
        , clientTotal(t.completeNumeric("total"))
        , firstText(t.completeNumeric("first_text"))
        , done(t.completeNumeric("done"))
        , outputTokens(t.completeNumeric("output_tokens"))
    {
        for (const auto& c : t.categories) {
            if (c.codes.size() < t.rows) {
                continue;
            }
            if (c.name == "timing_origin") {
                origin = &c;
            } else if (c.name == "timing_profile") {
                profile = &c;
            } else if (c.name == "outcome") {
                outcome = &c;
            }
        }
    }
    static double at(const std::vector<double>* c, std::size_t r) { return c ? (*c)[r] : kNull; }
};

double sum(std::initializer_list<double> parts)
{
    double s = 0;
    for (double p : parts) {
        if (std::isnan(p)) {
            return kNull;
        }
        s += p;
    }
    return s;
}
double diff(double a, double b)
{
    return std::isnan(a) || std::isnan(b) ? kNull : a - b;
}

double quantile(std::vector<double>& v, double q)
{
    if (v.empty()) {
        return kNull;
    }
    // Nearest rank, as the rest of the join report's examples: a summary of
    // the disagreement, not a budgeted figure.
    const auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size()))) - 1;
    const auto idx = std::min(k, v.size() - 1);
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(idx), v.end());
    return v[idx];
}

} // namespace

ReportedTimings reportedTimingsOf(const RequestRecord& r)
{
    const auto ms = [](const OptNanos& v) {
        return v ? static_cast<double>(*v) / 1e6 : kNull;
    };
    ReportedTimings t;
    t.any = !r.timingProfile.empty();
    t.headers = r.timingOrigin == "headers";
    t.total = ms(r.reportedTotal);
    t.validation = ms(r.reportedValidation);
    t.queue = ms(r.reportedQueue);
    t.prefill = ms(r.reportedPrefill);
    t.decode = ms(r.reportedDecode);
    t.inference = ms(r.reportedInference);
    t.itl = ms(r.reportedItl);
    return t;
}

double clientItlOf(double doneMs, double firstTextMs, double outputTokens)
{
    return outputTokens > 1 ? diff(doneMs, firstTextMs) / (outputTokens - 1) : kNull;
}

void applyResponseTimings(JoinedRow& row, const ReportedTimings& t, double clientItl)
{
    if (!t.any || row.status == JoinStatus::NotSent) {
        return;
    }
    const double generation = std::isnan(t.inference) ? sum({t.prefill, t.decode}) : t.inference;
    row.itlEnvelope = diff(clientItl, t.itl);
    if (row.status == JoinStatus::Matched) {
        row.queueDisagreement = diff(row.gpuQueue, t.queue);
        row.generationDisagreement = diff(row.generation, generation);
        row.decodeDisagreement = diff(row.decode, t.decode);
        return;
    }
    row.status = JoinStatus::ResponseTimings;
    row.source = t.headers ? ServerSource::ResponseHeaders : ServerSource::ResponseMetrics;
    row.gpuQueue = t.queue;
    row.prefill = t.prefill;
    row.decode = t.decode;
    row.generation = generation;
    row.serverTtft = sum({t.queue, t.prefill});
    row.serverRoot = std::isnan(t.total)
                         ? sum({std::isnan(t.validation) ? 0.0 : t.validation, t.queue, generation})
                         : t.total;
    row.unattributed = diff(t.total, sum({t.validation, t.queue, t.inference}));
    row.networkEnvelope = diff(row.clientTotal, row.serverRoot);
    row.streamEnvelope = diff(row.clientFirstText, row.serverTtft);
    row.negativeEnvelope = row.networkEnvelope < 0;
    row.negativeStreamEnvelope = row.streamEnvelope < 0;
}

bool hasResponseTimings(const RequestTable& table)
{
    for (const auto& c : table.categories) {
        if (c.name == "timing_profile") {
            return std::any_of(c.codes.begin(), c.codes.end(), [](std::int32_t code) { return code >= 0; });
        }
    }
    return false;
}

void addResponseTimings(std::optional<JoinResult>& joined, const RequestTable& table)
{
    if (!hasResponseTimings(table)) {
        return;
    }
    const Columns c(table);
    if (!c.profile) {
        return;
    }
    const auto dropped = c.outcome ? c.outcome->codeOf(nameOf(Outcome::Dropped)) : -1;
    if (!joined) {
        JoinResult fresh;
        fresh.rows.resize(table.rows);
        for (std::size_t r = 0; r < table.rows; ++r) {
            const bool sent = !(c.outcome && dropped >= 0 && c.outcome->codes[r] == dropped);
            fresh.rows[r].status = sent ? JoinStatus::NoServerTrace : JoinStatus::NotSent;
            fresh.rows[r].clientTotal = Columns::at(c.clientTotal, r);
            fresh.rows[r].clientFirstText = Columns::at(c.firstText, r);
            fresh.report.attempts += 1;
            fresh.report.eligible += sent ? 1 : 0;
        }
        joined = std::move(fresh);
    }
    auto& result = *joined;
    if (result.rows.size() != table.rows) {
        return; // not the same requests: the caller joins again
    }
    auto& report = result.report;
    report.withResponseTimings = report.responseTimings = report.responseMetrics = report.responseHeaders =
        report.bothSources = 0;
    report.timingProfiles.clear();
    report.disagreements.clear();
    std::vector<bool> profileSeen(c.profile->labels.size(), false);
    std::vector<double> queueDiff, generationDiff, decodeDiff;
    const auto headersCode = c.origin ? c.origin->codeOf("headers") : -1;

    for (std::size_t r = 0; r < table.rows; ++r) {
        const auto code = c.profile->codes[r];
        auto& row = result.rows[r];
        if (code < 0 || row.status == JoinStatus::NotSent) {
            continue;
        }
        profileSeen[static_cast<std::size_t>(code)] = true;
        ++report.withResponseTimings;
        const bool headers = c.origin && headersCode >= 0 && c.origin->codes[r] == headersCode;
        ++(headers ? report.responseHeaders : report.responseMetrics);

        ReportedTimings t;
        t.any = true;
        t.headers = headers;
        t.queue = Columns::at(c.queue, r);
        t.prefill = Columns::at(c.prefill, r);
        t.decode = Columns::at(c.decode, r);
        t.inference = Columns::at(c.inference, r);
        t.total = Columns::at(c.total, r);
        t.validation = Columns::at(c.validation, r);
        t.itl = Columns::at(c.itl, r);
        if (row.status != JoinStatus::Matched) {
            row.clientTotal = Columns::at(c.clientTotal, r);
            row.clientFirstText = Columns::at(c.firstText, r);
        }
        applyResponseTimings(
            row, t,
            clientItlOf(Columns::at(c.done, r), Columns::at(c.firstText, r), Columns::at(c.outputTokens, r)));
        if (row.status == JoinStatus::Matched) {
            ++report.bothSources;
            if (!std::isnan(row.queueDisagreement)) {
                queueDiff.push_back(row.queueDisagreement);
            }
            if (!std::isnan(row.generationDisagreement)) {
                generationDiff.push_back(row.generationDisagreement);
            }
            if (!std::isnan(row.decodeDisagreement)) {
                decodeDiff.push_back(row.decodeDisagreement);
            }
            continue;
        }
        ++report.responseTimings;
        report.negativeEnvelopes += row.negativeEnvelope ? 1 : 0;
        report.negativeStreamEnvelopes += row.negativeStreamEnvelope ? 1 : 0;
    }
    for (std::size_t i = 0; i < profileSeen.size(); ++i) {
        if (profileSeen[i]) {
            report.timingProfiles.push_back(c.profile->labels[i]);
        }
    }
    const auto summarize = [&](const char* phase, std::vector<double>& d) {
        if (d.empty()) {
            return;
        }
        SourceDisagreement s;
        s.phase = phase;
        s.pairs = static_cast<std::int64_t>(d.size());
        s.medianDifference = quantile(d, 0.5);
        for (auto& v : d) {
            v = std::abs(v);
        }
        s.p95AbsDifference = quantile(d, 0.95);
        report.disagreements.push_back(std::move(s));
    };
    summarize("gpu_queue", queueDiff);
    summarize("generation_server", generationDiff);
    summarize("decode", decodeDiff);
    report.coverage = report.eligible > 0
                          ? static_cast<double>(report.serverViews()) / static_cast<double>(report.eligible)
                          : kNull;
}

} // namespace pb::join
