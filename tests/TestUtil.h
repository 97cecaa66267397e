// Helpers shared by the test suites.
#pragma once

#include "model/RequestRecord.h"

#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <string>

namespace pb::test {

inline std::string tempPath(const QTemporaryDir& dir, const char* name)
{
    return dir.filePath(QString::fromLatin1(name)).toStdString();
}

// A record with every column set to a distinct, non-default value.
inline RequestRecord fullRecord(int i)
{
    RequestRecord r;
    char trace[33];
    std::snprintf(trace, sizeof trace, "%032x", i + 1);
    r.traceId = trace;
    r.spanId = "00f067aa0ba902b7";
    r.parentSpanId = "53995c3f42cd8ad8";
    r.logicalRequestId = "req-" + std::to_string(i);
    r.attempt = 1;
    r.scenario = "steady";
    r.stage = "stage-1";
    r.model = "demo-model";
    r.resolvedModel = "demo-model-2026";
    r.stream = true;
    r.cached = false;
    r.inputBucket = "input_0_512";
    r.outputBucket = "output_0_256";
    r.promptRef = "0:" + std::to_string(i % 3);
    r.outcome = Outcome::Partial;
    r.httpStatus = 200;
    r.errorClass = "stream_reset";
    r.inputTokens = 400 + i;
    r.outputTokens = 120;
    r.cachedInputTokens = 64;
    r.reasoningTokens = 7;
    r.usageSource = UsageSource::Provider;
    r.requestedInputTokens = 380 + i;
    r.requestedOutputTokens = 128;
    r.scheduledOffset = 1'000'000LL * i;
    r.startOffset = 1'000'000LL * i + 1500;
    r.blocked = 1;
    r.dns = 2;
    r.connect = 3;
    r.tls = 4;
    r.send = 5;
    r.wait = 6;
    r.receive = 7;
    r.total = 1'842'000'000;
    r.headers = 10;
    r.firstEvent = 11;
    r.firstContent = 12;
    r.firstText = 13;
    r.done = 14;
    r.chunkCount = 3;
    r.bytesSent = 512;
    r.bytesReceived = 4096;
    r.chunkOffsets = {100, 200, 150'000'000'000};
    r.timingProfile = "vllm";
    r.timingOrigin = "stream";
    r.reportedTotal = 900'000'000 + i;
    r.reportedValidation = 1'000'000;
    r.reportedQueue = 120'000'000;
    r.reportedPrefill = 80'000'000;
    r.reportedDecode = 600'000'000;
    r.reportedInference = 680'000'000;
    r.reportedItl = 12'500'000;
    r.reportedFirstReasoning = 81'000'000;
    r.reportedFirstContent = 300'000'000;
    r.sessionId = "a1b2c3d4-s" + std::to_string(i / 3);
    r.turn = i % 3 + 1;
    r.turnGroup = i % 3 == 0 ? "first" : "later";
    return r;
}

} // namespace pb::test

// Readable QCOMPARE failures for the vocabulary enums.
namespace QTest {
template<> inline char* toString(const pb::Outcome& v)
{
    return qstrdup(std::string(pb::nameOf(v)).c_str());
}
template<> inline char* toString(const pb::UsageSource& v)
{
    return qstrdup(std::string(pb::nameOf(v)).c_str());
}
template<> inline char* toString(const pb::RunKind& v)
{
    return qstrdup(std::string(pb::nameOf(v)).c_str());
}
template<> inline char* toString(const pb::RunStatus& v)
{
    return qstrdup(std::string(pb::nameOf(v)).c_str());
}
} // namespace QTest
