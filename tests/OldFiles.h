// Workbench files as an older Phasebench left them, for the upgrade tests.
#pragma once

#include "store/Schema.h"
#include "store/Sqlite.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace pb::test {

// A schema-7 file (before span_conventions) with `runs` imported runs of
// `spansPerRun` spans each. Every span has gen_ai.system; the even ones (by
// position in the run) gen_ai.usage.prompt_tokens, the odd ones the newer
// gen_ai.usage.input_tokens.
inline void writeVersion7File(const std::string& path, int runs, int spansPerRun)
{
    pb::store::Connection c(path, false, true);
    pb::store::schema::migrate(c, 7);
    pb::store::Transaction tx(c);
    auto run = c.prepare("INSERT INTO runs (name, kind, created_utc, status) VALUES (?, 'import', "
                         "'2026-01-01T00:00:00Z', 'complete')");
    auto span = c.prepare("INSERT INTO spans (run_id, trace_id, span_id, name, start_ns, end_ns, attributes) "
                          "VALUES (?1, ?2, ?3, 'chat demo', 1, 2, ?4)");
    char trace[40];
    for (int r = 1; r <= runs; ++r) {
        run.bind(1, "run " + std::to_string(r));
        run.run();
        for (int i = 0; i < spansPerRun; ++i) {
            std::snprintf(trace, sizeof trace, "%032x", r * spansPerRun + i / 6 + 1);
            span.bind(1, std::int64_t(r));
            span.bind(2, std::string_view(trace));
            span.bind(3, std::string_view(trace + 16));
            span.bind(4, std::string_view(
                             i % 2 == 0 ? R"({"gen_ai.system":"openai","gen_ai.usage.prompt_tokens":12})"
                                        : R"({"gen_ai.system":"openai","gen_ai.usage.input_tokens":3})"));
            span.run();
        }
    }
    tx.commit();
}

// A schema-8 file (before prompt_ref) with `runs` load runs of
// `requestsPerRun` requests each, written as rows without request blocks
// (the v9 step rebuilds the blocks of every run). Request i of run r has
// trace ID r * 1000000 + i + 1 (32 hex digits), outcome completed and total
// (i + 1) ms.
inline void writeVersion8File(const std::string& path, int runs, int requestsPerRun)
{
    pb::store::Connection c(path, false, true);
    pb::store::schema::migrate(c, 8);
    pb::store::Transaction tx(c);
    auto run = c.prepare("INSERT INTO runs (name, kind, created_utc, status, request_count) VALUES (?, "
                         "'load', '2026-01-01T00:00:00Z', 'complete', ?)");
    auto request = c.prepare("INSERT INTO requests (run_id, seq, trace_id, attempt, outcome, total_ns) "
                             "VALUES (?1, ?2, ?3, 1, 'completed', ?4)");
    char trace[40];
    for (int r = 1; r <= runs; ++r) {
        run.bind(1, "run " + std::to_string(r));
        run.bind(2, std::int64_t(requestsPerRun));
        run.run();
        for (int i = 0; i < requestsPerRun; ++i) {
            std::snprintf(trace, sizeof trace, "%032x", r * 1000000 + i + 1);
            request.bind(1, std::int64_t(r));
            request.bind(2, std::int64_t(i));
            request.bind(3, std::string_view(trace));
            request.bind(4, std::int64_t(i + 1) * 1000000);
            request.run();
        }
    }
    tx.commit();
}

} // namespace pb::test
