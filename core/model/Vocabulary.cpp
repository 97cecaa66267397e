#include "model/Vocabulary.h"

#include <array>
#include <utility>

namespace pb {
namespace {

template<typename E, std::size_t N>
constexpr std::string_view lookupName(const std::array<std::pair<E, std::string_view>, N>& table, E value)
{
    for (const auto& [e, name] : table) {
        if (e == value) {
            return name;
        }
    }
    return {};
}

template<typename E, std::size_t N>
constexpr std::optional<E> valueOf(const std::array<std::pair<E, std::string_view>, N>& table,
                                   std::string_view name)
{
    for (const auto& [e, n] : table) {
        if (n == name) {
            return e;
        }
    }
    return std::nullopt;
}

constexpr std::array<std::pair<Outcome, std::string_view>, kOutcomeCount> kOutcomes{{
    {Outcome::Completed, "completed"},
    {Outcome::Cancelled, "cancelled"},
    {Outcome::TimedOut, "timed_out"},
    {Outcome::ProviderError, "provider_error"},
    {Outcome::ClientError, "client_error"},
    {Outcome::Partial, "partial"},
    {Outcome::Dropped, "dropped"},
    {Outcome::Unknown, "unknown"},
}};

constexpr std::array<std::pair<UsageSource, std::string_view>, 3> kUsage{{
    {UsageSource::None, "none"},
    {UsageSource::Provider, "provider"},
    {UsageSource::Estimated, "estimated"},
}};

constexpr std::array<std::pair<RunKind, std::string_view>, 2> kKinds{{
    {RunKind::Load, "load"},
    {RunKind::Import, "import"},
}};

constexpr std::array<std::pair<RunStatus, std::string_view>, 5> kStatuses{{
    {RunStatus::Running, "running"},
    {RunStatus::Complete, "complete"},
    {RunStatus::Aborted, "aborted"},
    {RunStatus::Incomplete, "incomplete"},
    {RunStatus::Importing, "importing"},
}};

} // namespace

std::string_view nameOf(Outcome o)
{
    return lookupName(kOutcomes, o);
}
std::string_view nameOf(UsageSource u)
{
    return lookupName(kUsage, u);
}
std::string_view nameOf(RunKind k)
{
    return lookupName(kKinds, k);
}
std::string_view nameOf(RunStatus s)
{
    return lookupName(kStatuses, s);
}

std::optional<Outcome> parseOutcome(std::string_view s)
{
    return valueOf(kOutcomes, s);
}
std::optional<UsageSource> parseUsageSource(std::string_view s)
{
    return valueOf(kUsage, s);
}
std::optional<RunKind> parseRunKind(std::string_view s)
{
    return valueOf(kKinds, s);
}
std::optional<RunStatus> parseRunStatus(std::string_view s)
{
    return valueOf(kStatuses, s);
}

} // namespace pb
