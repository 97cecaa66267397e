// The shared vocabulary of DESIGN.md: outcomes, usage sources, run kinds and
// statuses, with their stable spellings used in the schema, CSV, JSON and UI.
#pragma once

#include <optional>
#include <string_view>

namespace pb {

enum class Outcome {
    Completed,
    Cancelled,
    TimedOut,
    ProviderError,
    ClientError,
    Partial,
    Dropped,
    Unknown,
};
inline constexpr int kOutcomeCount = 8;

enum class UsageSource { None, Provider, Estimated };

enum class RunKind { Load, Import };

// Importing: an import is still committing its rows (schema v5).
enum class RunStatus { Running, Complete, Aborted, Incomplete, Importing };

std::string_view nameOf(Outcome o);
std::string_view nameOf(UsageSource u);
std::string_view nameOf(RunKind k);
std::string_view nameOf(RunStatus s);

std::optional<Outcome> parseOutcome(std::string_view s);
std::optional<UsageSource> parseUsageSource(std::string_view s);
std::optional<RunKind> parseRunKind(std::string_view s);
std::optional<RunStatus> parseRunStatus(std::string_view s);

} // namespace pb
