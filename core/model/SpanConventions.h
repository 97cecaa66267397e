// What tells which OpenTelemetry semantic conventions a run's spans follow:
// their schema_url, and GenAI attribute names that one version renamed.
// The store counts both per run (span_conventions, schema v8); reports and
// `runs --json` show them as the run's span schema versions.
#pragma once

#include <array>
#include <string_view>

namespace pb {

struct ConventionMarker
{
    std::string_view attribute; // an attribute name whose presence dates the conventions
    std::string_view meaning;   // which versions use it
};

// GenAI names changed in semantic conventions 1.27 (usage tokens) and 1.37
// (the provider): a span with the newer name follows at least that version.
inline constexpr std::array<ConventionMarker, 4> kConventionMarkers{{
    {"gen_ai.provider.name", "GenAI conventions 1.37 or later"},
    {"gen_ai.system", "GenAI conventions before 1.37"},
    {"gen_ai.usage.input_tokens", "GenAI conventions 1.27 or later"},
    {"gen_ai.usage.prompt_tokens", "GenAI conventions before 1.27"},
}};

// The meaning of a marker attribute, or empty.
inline std::string_view conventionMeaning(std::string_view attribute)
{
    for (const auto& m : kConventionMarkers) {
        if (m.attribute == attribute) {
            return m.meaning;
        }
    }
    return {};
}

} // namespace pb
