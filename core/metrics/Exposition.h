// The Prometheus text exposition format (version 0.0.4, as vLLM, TGI and
// SGLang serve it on /metrics): # HELP and # TYPE lines, other comments,
// samples with labels (escapes \\ \" \n), values including NaN and +/-Inf,
// optional millisecond timestamps, and the suffixed samples of histograms and
// summaries (_bucket, _sum, _count). Debian packages no parser of it for C++
// (prometheus-cpp only serves metrics), hence this one. A malformed line
// fails the whole text, as in Prometheus, with its line number.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace pb::metrics {

class ExpositionError : public std::runtime_error
{
public:
    ExpositionError(std::size_t line, const std::string& what)
        : std::runtime_error("line " + std::to_string(line) + ": " + what)
        , m_line(line)
    {}
    std::size_t line() const { return m_line; }

private:
    std::size_t m_line;
};

enum class MetricType { Untyped, Counter, Gauge, Histogram, Summary };
std::string_view nameOf(MetricType t);

struct Label
{
    std::string name;
    std::string value;
    bool operator==(const Label&) const = default;
};

struct Sample
{
    std::string name; // as written: "foo_bucket" for a bucket of histogram "foo"
    std::vector<Label> labels;
    double value = 0;
    std::optional<std::int64_t> timestampMs;
    std::size_t line = 0;
};

struct Family
{
    std::string name;
    MetricType type = MetricType::Untyped;
    std::string help;
};

struct Exposition
{
    std::vector<Sample> samples; // in text order
    std::unordered_map<std::string, Family> families;

    // The family a sample belongs to: its own name, or the name without a
    // histogram/summary/counter suffix when that family is declared.
    const Family* familyOf(const Sample& s) const;
    // Whether the sample only grows (a counter, or the _bucket/_sum/_count of
    // a histogram or summary; an untyped "_total"): rates are meaningful.
    bool isCumulative(const Sample& s) const;
};

// Limits against hostile or broken endpoints.
struct ExpositionLimits
{
    std::size_t maxLineBytes = 64 * 1024;
    std::size_t maxSamples = 1'000'000;
    std::size_t maxLabels = 64;
};

// Throws ExpositionError on the first malformed line.
Exposition parseExposition(std::string_view text, const ExpositionLimits& limits = {});

// Label set as text, sorted by name, e.g. {engine="0",model_name="m"}; empty for none.
std::string labelText(std::vector<Label> labels);

} // namespace pb::metrics
