// Helpers for the load-engine suites: scenarios written as JSON, and an
// Engine run that captures records and samples in memory.
#pragma once

#include "TestUtil.h"
#include "load/Engine.h"
#include "load/Scenario.h"

#include <nlohmann/json.hpp>

#include <mutex>
#include <string>
#include <vector>

namespace pb::test {

// A small chat scenario against `baseUrl`: constant-vus 1 for `duration`.
inline nlohmann::json baseScenario(const std::string& baseUrl)
{
    return nlohmann::json{
        {"name", "test"},
        {"target", {{"base_url", baseUrl}, {"api", "chat"}, {"model", "test-model"}}},
        {"request",
         {{"prompts", nlohmann::json::array({{{"bucket", "input_0_512"}, {"prompts", {"Say hello."}}}})},
          {"max_tokens", 32},
          {"stream", true}}},
        {"executor", {{"type", "constant-vus"}, {"vus", 1}, {"duration", "300ms"}}},
        {"graceful_stop", "5s"},
        {"timeout", "10s"},
    };
}

inline load::Scenario scenarioOf(const nlohmann::json& j)
{
    return load::parseScenario(j.dump(), "test.json");
}

struct Captured : load::EngineSink
{
    std::mutex mx;
    std::vector<RequestRecord> rows;
    std::vector<load::LiveSample> samples;
    void records(std::vector<RequestRecord>& b) override
    {
        std::lock_guard lk(mx);
        for (auto& r : b) {
            rows.push_back(std::move(r));
        }
        b.clear();
    }
    void sample(const load::LiveSample& s) override
    {
        std::lock_guard lk(mx);
        samples.push_back(s);
    }
};

struct EngineRun
{
    std::vector<RequestRecord> records;
    std::vector<load::LiveSample> samples;
    Nanos t0 = 0;
    std::size_t collisions = 0;
    bool stopRequested = false;

    std::vector<RequestRecord> withOutcome(Outcome o) const
    {
        std::vector<RequestRecord> out;
        for (const auto& r : records) {
            if (r.outcome == o) {
                out.push_back(r);
            }
        }
        return out;
    }
};

inline EngineRun runEngine(const load::Scenario& s, const std::string& apiKey = {},
                           std::uint32_t instance = 0xabc00001)
{
    Captured sink;
    load::Engine engine(s, apiKey, instance, sink);
    engine.run();
    EngineRun r;
    r.records = std::move(sink.rows);
    r.samples = std::move(sink.samples);
    r.t0 = engine.runStart();
    r.collisions = engine.traceIdCollisions();
    r.stopRequested = engine.stopRequested();
    return r;
}

inline double ms(Nanos n)
{
    return double(n) / 1e6;
}

} // namespace pb::test
