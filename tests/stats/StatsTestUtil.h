// Helpers of the stats suites: import a fixture into a fresh workbench and
// load its request table, as the CLI and the UI do.
#pragma once

#include "TestUtil.h"
#include "import/ImportFile.h"
#include "stats/StatsResult.h"
#include "store/RunStore.h"

#include <QTemporaryDir>

#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace pb::test {

inline std::string statsFixture(const char* name)
{
    return std::string(PHASEBENCH_TEST_DATA) + "/stats/" + name;
}

struct ImportedRun
{
    std::unique_ptr<QTemporaryDir> dir = std::make_unique<QTemporaryDir>();
    std::unique_ptr<RunStore> store;
    std::int64_t runId = 0;
    RequestTable table;
};

inline ImportedRun importFixture(const char* name)
{
    ImportedRun r;
    r.store = std::make_unique<RunStore>(tempPath(*r.dir, "stats.phasebench"));
    pb::import::ImportRequest req;
    req.path = statsFixture(name);
    r.runId = pb::import::importFile(*r.store, req, pb::import::ImporterRegistry::withBuiltins()).runId;
    r.table = r.store->requestReader().loadRequestTable(r.runId);
    return r;
}

// The named figure; throws (failing the test) when absent, so that no test
// dereferences a null result.
inline const stats::MetricSummary& metricOf(const stats::StatsReport& r, std::string_view name)
{
    if (const auto* m = r.metric(name)) {
        return *m;
    }
    throw std::runtime_error("no metric " + std::string(name));
}

inline const stats::QuantileEstimate& quantileOf(const stats::MetricSummary& m, double p)
{
    if (const auto* q = m.quantile(p)) {
        return *q;
    }
    throw std::runtime_error("no quantile " + std::to_string(p) + " of " + m.name);
}

inline bool near(const std::optional<double>& v, double expected, double tol = 1e-9)
{
    return v && std::abs(*v - expected) <= tol;
}

} // namespace pb::test
