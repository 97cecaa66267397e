// The metric catalogue: every per-request figure Phasebench summarizes, with
// its unit, its definition text (shown next to the number in the UI and in
// reports) and how it is computed from one row of a RequestTable.
#pragma once

#include "model/RequestTable.h"

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace pb::stats {

enum class Unit { Milliseconds, TokensPerSecond, MillisecondsPerToken, Tokens };

// Short spelling used in JSON and tables: "ms", "tokens/s", "ms/token", "tokens".
std::string_view unitName(Unit u);

enum class MetricGroup {
    ClientPhase, // k6 phases of one attempt and their sums
    Milestone,   // stream milestones from the attempt start: the TTFT variants
    Stream,      // derived from milestones and output tokens (generation, itl, rates)
    Usage,       // token counts
    Server,      // server phases joined from spans (columns added by the join step)
};

enum class Formula {
    Column,     // a
    Difference, // a - b
    Sum,        // sum of the measured components among a..d; NULL when none is measured
    PerToken,   // (a - b) / (c - tokenOffset), only where c - tokenOffset > 0
    TokenRate,  // c / ((a - b) / 1000), only where a - b > 0
    Ratio,      // a / (c - tokenOffset), only where c - tokenOffset > 0
};

struct Metric
{
    std::string_view name;  // stable id (CLI, JSON)
    std::string_view label; // short display name, untranslated source text
    Unit unit;
    MetricGroup group;
    Formula formula;
    std::array<std::string_view, 4> columns; // RequestTable numeric columns, see Formula
    double tokenOffset = 0;
    // Generation and throughput figures: only completed requests contribute,
    // whatever the outcome filter says (a cancelled stream is not fast output).
    bool completedOnly = false;
    // Translatable source text, context "pb::Metric".
    const char* definition = "";
};

// All metrics, in display order.
std::span<const Metric> metricCatalogue();
// The metric named `name`, or nullptr.
const Metric* findMetric(std::string_view name);

// A metric resolved against one table: column pointers, so that evaluating a
// row is a few loads and a switch.
class BoundMetric
{
public:
    BoundMetric(const Metric& metric, const RequestTable& table);

    const Metric& metric() const { return *m_metric; }
    // False when a column the metric needs is absent from the table.
    bool available() const { return m_available; }
    // The first absent column, for "not available" messages.
    const std::string& missingColumn() const { return m_missing; }
    // The metric's value for `row`, NaN when not measured or not defined.
    double value(std::size_t row) const;

private:
    const Metric* m_metric;
    std::array<const double*, 4> m_cols{};
    bool m_available = true;
    std::string m_missing;
};

} // namespace pb::stats
