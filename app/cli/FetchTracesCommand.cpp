// phasebench-cli fetch-traces: a run's server traces fetched by trace ID from
// a Jaeger query service, stored into the run and joined (docs/jaeger.md).
#include "cli/Cli.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "fetch/FetchTraces.h"
#include "store/RunStore.h"
#include "util/Redact.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ostream>

namespace pb::cli {
namespace {

nlohmann::json resultJson(const pb::fetch::FetchResult& r)
{
    auto failures = nlohmann::json::array();
    for (const auto& f : r.failures) {
        failures.push_back({{"trace_id", f.traceId}, {"message", f.message}});
    }
    const auto& j = r.join;
    return {{"run_id", r.runId},
            {"requested", r.requested},
            {"already_present", r.alreadyPresent},
            {"fetched", r.fetched},
            {"missing", r.missing},
            {"failed", r.failed},
            {"spans_stored", r.spansStored},
            {"requests", r.requests},
            {"retries", r.retries},
            {"cancelled", r.cancelled},
            {"failures", failures},
            {"last_error", r.lastError},
            {"join",
             {{"coverage", std::isnan(j.coverage) ? nlohmann::json() : nlohmann::json(j.coverage)},
              {"eligible", j.eligible},
              {"matched", j.matched},
              {"no_server_trace", j.noServerTrace},
              {"no_root_span", j.noRootSpan},
              {"server_traces", j.serverTraces},
              {"unmatched_server_traces", j.unmatchedServerTraces},
              {"negative_envelopes", j.negativeEnvelopes}}}};
}

void printFetchResult(std::ostream& os, const pb::fetch::FetchResult& r)
{
    print(os, tr("Run %1: %L2 trace IDs; already present %L3, fetched %L4, missing %L5, failed %L6")
                  .arg(r.runId)
                  .arg(r.requested)
                  .arg(r.alreadyPresent)
                  .arg(r.fetched)
                  .arg(r.missing)
                  .arg(r.failed));
    print(os, tr("  spans stored: %L1 (requests: %L2, retries: %L3)")
                  .arg(r.spansStored)
                  .arg(r.requests)
                  .arg(r.retries));
    for (const auto& f : r.failures) {
        print(
            os,
            tr("  failed %1: %2").arg(QString::fromStdString(f.traceId), QString::fromStdString(f.message)));
    }
    if (r.failed > static_cast<std::int64_t>(r.failures.size())) {
        print(os, tr("  … and %L1 more failed").arg(r.failed - static_cast<std::int64_t>(r.failures.size())));
    }
    const auto& j = r.join;
    if (std::isnan(j.coverage)) {
        print(os, tr("Join coverage: none (no attempt was sent)"));
    } else {
        print(os, tr("Join coverage: %1% (%L2 of %L3 attempts matched)")
                      .arg(j.coverage * 100.0, 0, 'f', 1)
                      .arg(j.matched)
                      .arg(j.eligible));
    }
    if (r.cancelled) {
        print(os, tr("Cancelled: what was fetched is stored; fetch again to fetch the rest."));
    } else if (r.failed > 0) {
        print(os, tr("Some traces failed; fetch again to retry them (the others are skipped)."));
    }
}

} // namespace

int fetchTracesCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser,
                tr("Fetch a run's server traces from a Jaeger query service by trace ID, store them into the "
                   "run and join it. Traces already in the run are skipped, so a second fetch resumes."),
                true);
    parser.addOption({QStringLiteral("run"), tr("The run (default: the file's only run)."), tr("RUN_ID")});
    parser.addOption({QStringLiteral("jaeger"),
                      tr("The Jaeger query service, e.g. http://localhost:16686 (GET /api/traces/ID)."),
                      tr("URL")});
    parser.addOption({QStringLiteral("service"),
                      tr("Keep only spans of this service (default: every span of the trace)."), tr("NAME")});
    parser.addOption(
        {QStringLiteral("concurrency"), tr("Requests in flight (default 8, at most 64)."), tr("N")});
    parser.addOption({QStringLiteral("retries"),
                      tr("Repeats of a request after 429, 5xx or a network error (default 3)."), tr("N")});
    parser.addOption({QStringLiteral("timeout"), tr("Seconds per request (default 30)."), tr("S")});
    parser.addOption({QStringLiteral("header"),
                      tr("An extra request header, e.g. 'X-Scope-OrgID: team' (repeatable; never stored or "
                         "printed)."),
                      tr("NAME:VALUE")});
    parser.addOption({QStringLiteral("token-env"),
                      tr("Send 'Authorization: Bearer' with the token in this environment variable."),
                      tr("VAR")});
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    pb::fetch::FetchOptions options;
    options.jaegerUrl = toStd(parser.value(QStringLiteral("jaeger")));
    if (options.jaegerUrl.empty()) {
        print(io.err, tr("missing --jaeger URL (the query service, e.g. http://localhost:16686)"));
        return Usage;
    }
    options.service = toStd(parser.value(QStringLiteral("service")));
    const auto intOption = [&](const char* name, int lo, int hi, int& out) {
        const QString option = QLatin1String(name);
        if (!parser.isSet(option)) {
            return true;
        }
        bool ok = false;
        const int v = parser.value(option).toInt(&ok);
        if (!ok || v < lo || v > hi) {
            print(io.err, tr("--%1 expects a number from %2 to %3").arg(option).arg(lo).arg(hi));
            return false;
        }
        out = v;
        return true;
    };
    int timeoutS = 30;
    if (!intOption("concurrency", 1, 64, options.concurrency) ||
        !intOption("retries", 0, 10, options.retries) || !intOption("timeout", 1, 3600, timeoutS)) {
        return Usage;
    }
    options.timeout = std::chrono::seconds(timeoutS);
    for (const auto& h : parser.values(QStringLiteral("header"))) {
        const auto colon = h.indexOf(QLatin1Char(':'));
        if (colon <= 0 || h.left(colon).trimmed().isEmpty() || h.left(colon).contains(QLatin1Char(' '))) {
            // The value may be a secret: only the name is echoed.
            print(io.err, tr("--header expects NAME:VALUE (got a header without a name or a colon)"));
            return Usage;
        }
        if (!redact::isSafeHeaderValue(toStd(h))) {
            print(io.err, tr("--header %1: the value holds a line break (CR or LF); a header is one line")
                              .arg(shown(toStd(h.left(colon).trimmed()))));
            return Usage;
        }
        options.headers.push_back(
            toStd(h.left(colon).trimmed() + QStringLiteral(": ") + h.mid(colon + 1).trimmed()));
    }
    if (parser.isSet(QStringLiteral("token-env"))) {
        const auto var = toStd(parser.value(QStringLiteral("token-env")));
        const char* token = std::getenv(var.c_str());
        if (!token || !*token) {
            print(io.err,
                  tr("--token-env: the environment variable %1 is not set").arg(QString::fromStdString(var)));
            return Usage;
        }
        if (!redact::isSafeHeaderValue(token)) {
            print(io.err, tr("--token-env: the environment variable %1 holds a line break (CR or LF); a "
                             "header value must be one line")
                              .arg(QString::fromStdString(var)));
            return Usage;
        }
        options.headers.push_back(std::string("Authorization: Bearer ") + token);
    }

    auto store = openStore(parser, io, true);
    if (!store) {
        return Failure;
    }
    const auto runId = chooseRun(parser, *store, io);
    if (!runId) {
        return Usage;
    }
    if (!store->catalogue().run(*runId)) {
        print(io.err, tr("no run '%1' in this file").arg(*runId));
        return Usage;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    std::atomic<bool> stop{false};
    pb::fetch::FetchResult result;
    try {
        // Ctrl-C stops the fetch; what was fetched is stored and joined.
        InterruptWatch watch([&stop](int) { stop = true; });
        auto lastReport = std::chrono::steady_clock::now();
        result = pb::fetch::fetchTraces(*store, *runId, options, [&](const pb::fetch::FetchResult& sofar) {
            const auto now = std::chrono::steady_clock::now();
            if (!json && now - lastReport >= std::chrono::seconds(5)) {
                lastReport = now;
                print(io.err, tr("%L1 of %L2 traces answered…").arg(sofar.done()).arg(sofar.toFetch()));
            }
            return !stop.load();
        });
    } catch (const pb::fetch::FetchError& e) {
        print(io.err, tr("fetch-traces failed: %1").arg(QString::fromStdString(e.what())));
        if (json) {
            io.out << jsonText(nlohmann::json{{"error", e.what()}}) << '\n';
        }
        return Failure;
    } catch (const std::exception& e) {
        print(io.err, tr("fetch-traces failed (what was committed before stays): %1")
                          .arg(QString::fromStdString(e.what())));
        if (json) {
            io.out << jsonText(nlohmann::json{{"error", e.what()}}) << '\n';
        }
        return Failure;
    }
    if (json) {
        io.out << jsonText(resultJson(result)) << '\n';
    } else {
        printFetchResult(io.out, result);
    }
    return result.cancelled || result.failed > 0 ? Failure : Ok;
}

} // namespace pb::cli
