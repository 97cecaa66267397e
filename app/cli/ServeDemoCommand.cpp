// phasebench-cli serve-demo: the demo LLM gateway, standalone, until Ctrl+C.
#include "cli/Cli.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "demo/DemoGateway.h"
#include "util/Redact.h"

#include <cstdlib>
#include <ostream>

namespace pb::cli {

int serveDemoCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Run the demo LLM gateway (OpenAI-compatible, SSE, OTLP span export) until Ctrl+C."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("port"), tr("TCP port (default 8000; 0 = any free port)."), tr("P")});
    parser.addOption({QStringLiteral("bind"), tr("Address to listen on (default 127.0.0.1)."), tr("ADDR")});
    parser.addOption({QStringLiteral("otlp"),
                      tr("Export spans to this OTLP/HTTP endpoint, e.g. http://127.0.0.1:4318."), tr("URL")});
    parser.addOption(
        {QStringLiteral("slots"), tr("Compute slots of the inference pool (default 4)."), tr("N")});
    parser.addOption(
        {QStringLiteral("fault"), tr("Switch a fault on (repeatable; see --list-faults)."), tr("NAME")});
    parser.addOption({QStringLiteral("prefix-cache"),
                      tr("Give the inference pool a prefix cache: prompt blocks seen before are reported "
                         "as cached_tokens and not prefilled again.")});
    parser.addOption({QStringLiteral("server-timings"),
                      tr("Server timings the gateway returns with each response: none (default), vllm "
                         "(a metrics object in the body and the final usage chunk) or tgi (x-*-time "
                         "headers on non-streamed responses)."),
                      tr("KIND")});
    parser.addOption({QStringLiteral("list-faults"), tr("List the faults and the symptom each produces.")});
    parser.addOption({QStringLiteral("api-key-env"),
                      tr("Environment variable holding the bearer token to require (default "
                         "PHASEBENCH_DEMO_API_KEY; unset: any token is accepted)."),
                      tr("VAR")});
    if (!parser.parse(args)) {
        print(io.err, parser.errorText());
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        print(io.out, parser.helpText());
        return Ok;
    }
    if (parser.isSet(QStringLiteral("list-faults"))) {
        for (const auto& f : demo::faults()) {
            io.out << "  " << f.name << std::string(20 - std::min<std::size_t>(19, f.name.size()), ' ')
                   << f.symptom << '\n';
        }
        return Ok;
    }
    demo::GatewayConfig config;
    config.port = 8000;
    bool ok = true;
    if (parser.isSet(QStringLiteral("port"))) {
        config.port = parser.value(QStringLiteral("port")).toInt(&ok);
        if (!ok || config.port < 0 || config.port > 65535) {
            print(io.err, tr("--port expects a number from 0 to 65535"));
            return Usage;
        }
    }
    if (parser.isSet(QStringLiteral("bind"))) {
        config.bindAddress = toStd(parser.value(QStringLiteral("bind")));
    }
    if (parser.isSet(QStringLiteral("slots"))) {
        config.timing.slots = parser.value(QStringLiteral("slots")).toInt(&ok);
        if (!ok || config.timing.slots < 1 || config.timing.slots > 1024) {
            print(io.err, tr("--slots expects a number from 1 to 1024"));
            return Usage;
        }
    }
    if (parser.isSet(QStringLiteral("otlp"))) {
        config.otlpEndpoint = toStd(parser.value(QStringLiteral("otlp")));
        std::string host;
        std::string path;
        int port = 0;
        if (!demo::parseHttpUrl(config.otlpEndpoint, host, port, path)) {
            print(io.err,
                  tr("--otlp expects an http:// URL without user-info (the exporter sends no credentials), "
                     "e.g. http://127.0.0.1:4318"));
            return Usage;
        }
    }
    for (const auto& name : parser.values(QStringLiteral("fault"))) {
        const auto f = demo::parseFault(toStd(name));
        if (!f) {
            print(io.err, tr("unknown fault '%1' (see --list-faults)").arg(name));
            return Usage;
        }
        config.faults.push_back(*f);
    }
    config.timing.prefixCache = parser.isSet(QStringLiteral("prefix-cache"));
    if (parser.isSet(QStringLiteral("server-timings"))) {
        const auto timings = demo::parseServerTimings(toStd(parser.value(QStringLiteral("server-timings"))));
        if (!timings) {
            print(io.err, tr("--server-timings expects none, vllm or tgi (got '%1')")
                              .arg(parser.value(QStringLiteral("server-timings"))));
            return Usage;
        }
        config.serverTimings = *timings;
    }
    const auto keyVar = parser.isSet(QStringLiteral("api-key-env"))
                            ? toStd(parser.value(QStringLiteral("api-key-env")))
                            : std::string("PHASEBENCH_DEMO_API_KEY");
    if (const char* key = std::getenv(keyVar.c_str())) {
        config.apiKey = key; // kept in memory only, never printed
    }

    demo::DemoGateway gateway(config);
    std::string error;
    if (!gateway.start(&error)) {
        print(io.err, tr("cannot start the demo gateway: %1").arg(QString::fromStdString(error)));
        return Failure;
    }
    QStringList faultNames;
    for (auto f : config.faults) {
        faultNames << QString::fromLatin1(demo::nameOf(f));
    }
    io.out << toStd(tr("demo LLM gateway on %1 (model %2, %3 slots, faults: %4, spans: %5, token: %6); "
                       "Ctrl+C stops")
                        .arg(QString::fromStdString(gateway.baseUrl()), QString::fromStdString(config.model))
                        .arg(config.timing.slots)
                        .arg(faultNames.isEmpty() ? tr("none") : faultNames.join(QStringLiteral(", ")),
                             config.otlpEndpoint.empty()
                                 ? tr("not exported")
                                 : QString::fromStdString(redact::url(config.otlpEndpoint)),
                             config.apiKey.empty()
                                 ? tr("any bearer token")
                                 : tr("required from $%1").arg(QString::fromStdString(keyVar))))
           << std::endl;

    waitForInterrupt();

    gateway.flushSpans(std::chrono::seconds(5));
    gateway.stop();
    const auto st = gateway.stats();
    const auto ex = gateway.exporterStats();
    io.out << toStd(tr("served %1 requests (%2 completed, %3 unauthorized, %4 cancelled)")
                        .arg(st.requests)
                        .arg(st.completed)
                        .arg(st.unauthorized)
                        .arg(st.cancelled))
           << '\n';
    if (!config.otlpEndpoint.empty()) {
        io.out << toStd(tr("exported %1 spans (%2 dropped)").arg(ex.exported).arg(ex.dropped)) << '\n';
        if (!ex.lastError.empty()) {
            print(io.err, tr("last export error: %1").arg(QString::fromStdString(ex.lastError)));
        }
    }
    return Ok;
}

} // namespace pb::cli
