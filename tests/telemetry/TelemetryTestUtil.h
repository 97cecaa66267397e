// Helpers shared by the telemetry suites: span fixtures, gzip, HTTP posting.
#pragma once

#include "model/Span.h"

#include <QProcess>
#include <QString>

#include <zlib.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace pb::test {

inline SpanRecord makeSpan(const std::string& traceId, const std::string& spanId, const std::string& parent,
                           const std::string& name, int kind, Nanos startNs, Nanos endNs,
                           std::string attributesJson = "{}")
{
    SpanRecord s;
    s.traceId = traceId;
    s.spanId = spanId;
    s.parentSpanId = parent;
    s.name = name;
    s.kind = kind;
    s.startNs = startNs;
    s.endNs = endNs;
    s.serviceName = "gateway";
    s.attributesJson = std::move(attributesJson);
    return s;
}

inline std::string hexId(unsigned long long value, int width)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%0*llx", width, value);
    return buf;
}

// `count` spans over `count / 3` traces, with attributes.
inline std::vector<SpanRecord> spanBatch(int count, int seed = 1)
{
    std::vector<SpanRecord> out;
    for (int i = 0; i < count; ++i) {
        const auto trace =
            hexId(static_cast<unsigned long long>(seed) << 32 | static_cast<unsigned>(i / 3 + 1), 32);
        const auto span =
            hexId(static_cast<unsigned long long>(seed) << 40 | static_cast<unsigned>(i + 1), 16);
        out.push_back(makeSpan(
            trace, span,
            i % 3 ? hexId(static_cast<unsigned long long>(seed) << 40 | static_cast<unsigned>(i / 3 * 3 + 1),
                          16)
                  : "",
            i % 3 ? "inference.generate" : "POST /v1/chat/completions", i % 3 ? 1 : 2,
            1'700'000'000'000'000'000LL + i * 1000LL, 1'700'000'000'000'500'000LL + i * 1000LL,
            std::string(i % 3 ? R"({"llm.phase":"generation",)" : "{") +
                R"("gen_ai.request.model":"m","n":)" + std::to_string(i) + "}"));
    }
    return out;
}

inline std::string gzip(const std::string& data)
{
    z_stream zs{};
    if (deflateInit2(&zs, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::runtime_error("deflateInit2");
    }
    std::string out(deflateBound(&zs, static_cast<uLong>(data.size())) + 32, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END) {
        throw std::runtime_error("deflate");
    }
    return out;
}

struct ProcessResult
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline ProcessResult runProcess(const QString& program, const QStringList& args, int timeoutMs = 60000,
                                const QByteArray& input = {})
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(10000)) {
        return {};
    }
    if (!input.isEmpty()) {
        p.write(input);
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace pb::test
