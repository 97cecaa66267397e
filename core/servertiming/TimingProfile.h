// Timing profiles: how to read the server timings a response carries into a
// request's reported_* columns (model/RequestRecord.h). A profile is data —
// field or header -> column, unit — so a user adds a provider in a scenario or
// a profile file without a release. Built in: vLLM's per-request `metrics`
// object, TGI's x-*-time headers and the usage timings of Groq-style hosted
// providers. Definitions of every field: docs/connect.md.
#pragma once

#include "model/RequestRecord.h"
#include "util/Utf8.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pb::servertiming {

// A profile file or scenario entry that cannot be used: the message names the
// file (or scenario key), the profile and field, and what was expected.
// The message quotes the file's bytes: repaired to valid UTF-8.
class ProfileError : public std::runtime_error
{
public:
    explicit ProfileError(std::string what)
        : std::runtime_error(repaired(std::move(what)))
    {}

private:
    static std::string repaired(std::string s)
    {
        utf8::repair(s);
        return s;
    }
};

enum class FieldSource : std::uint8_t {
    Body,   // a JSON body: the non-streamed response or a stream event's data
    Header, // a response header (case-insensitive name)
};
enum class Unit : std::uint8_t { Ns, Us, Ms, S };
std::string_view nameOf(Unit u);
std::optional<Unit> parseUnit(std::string_view name);

struct ProfileField
{
    FieldSource source = FieldSource::Body;
    // Body: dotted JSON paths ("metrics.queue_time_ms"), the first present
    // one is read; Header: header names.
    std::vector<std::string> paths;
    std::string column; // a reported_* duration column ("reported_queue")
    Unit unit = Unit::Ms;
};

struct TimingProfile
{
    std::string name;
    std::string description;
    std::vector<ProfileField> fields;
    // Ask a stream for its final usage chunk (stream_options.include_usage):
    // the profile's body fields travel there.
    bool wantsUsageChunk = false;
    // A member name whose presence ("name" in quotes) a stream event must show
    // before it is parsed for timings; empty = every event with a body field.
    std::string marker;

    bool hasBodyFields() const;
    bool hasHeaderFields() const;
};

// vllm, tgi, groq — in the order auto-detection tries them.
const std::vector<TimingProfile>& builtinProfiles();
const TimingProfile* findProfile(const std::vector<TimingProfile>& profiles, std::string_view name);

// The columns a profile may write: every reported_* duration column.
std::vector<std::string_view> reportedColumns();

// One profile from its JSON form:
//   {"name": "...", "description": "...", "include_usage": true, "marker": "metrics",
//    "fields": [{"body": "usage.queue_time" | ["a.b", "c.d"], "column": "reported_queue", "unit": "s"},
//               {"header": "x-queue-time", "column": "reported_queue", "unit": "ms"}]}
// Throws ProfileError naming `where` (a file name or scenario key), the
// profile and the field for a wrong type, an unknown unit or column.
TimingProfile parseProfile(const nlohmann::json& j, std::string_view where);
// A profile file: one profile object or an array of them.
std::vector<TimingProfile> parseProfiles(std::string_view jsonText, std::string_view where);
nlohmann::json toJson(const TimingProfile& p);

// What reading one response found.
struct ReadResult
{
    int fields = 0;    // columns set
    int malformed = 0; // present but not a non-negative number (left NULL)
};

// Reads a profile's body fields from one JSON document into `r` (only the
// fields present and numeric; JSON null stays NULL). `origin` is "body" or
// "stream"; r.timingProfile/timingOrigin are set when some field was read.
ReadResult readBody(const TimingProfile& p, const nlohmann::json& doc, RequestRecord& r,
                    std::string_view origin);
// Same from the text, with the same result: one scan that converts only the
// numbers at the profile's paths, no document (cheap enough for every
// attempt of a load run). No field is read when `text` is not JSON.
ReadResult readBodyText(const TimingProfile& p, std::string_view text, RequestRecord& r,
                        std::string_view origin);
// True when a stream event's data may carry the profile's body fields: the
// marker in quotes occurs in it (a filter, no parse, no allocation).
bool mayCarryTimings(const TimingProfile& p, std::string_view eventData);

// Header lookup: the value of a header by (lower-case) name, if present.
using HeaderLookup = std::function<std::optional<std::string_view>(std::string_view lowerName)>;
ReadResult readHeaders(const TimingProfile& p, const HeaderLookup& header, RequestRecord& r);
// Same over raw "Name: value" lines as libcurl or HAR hand them over.
ReadResult readHeaderLines(const TimingProfile& p,
                           const std::vector<std::pair<std::string, std::string>>& headers, RequestRecord& r);

// Which profile a run reads: a fixed one, none, or auto — every candidate is
// tried on each response until one reads a field, and that one is kept for
// the rest of the run (the run says which, RunConfig).
class ProfileChoice
{
public:
    // `name`: "auto", "none" or a profile of `candidates`. Throws ProfileError
    // for an unknown name.
    ProfileChoice(std::vector<TimingProfile> candidates, std::string_view name);

    bool enabled() const { return m_mode != Mode::None; }
    bool decided() const { return m_chosen >= 0; }
    // The profile in use, or nullptr while auto has not decided (or none).
    const TimingProfile* chosen() const;
    // Profiles to try on the next response: the chosen one, or all (auto).
    std::vector<const TimingProfile*> candidates() const;
    // Whether any candidate wants the stream's usage chunk.
    bool wantsUsageChunk() const;
    // Records that `p` read fields from a response (auto: decides on it).
    void found(const TimingProfile& p);
    std::string describe() const; // "vllm", "auto (vllm)", "auto (none seen yet)", "none"
    // Every profile of the choice, and the index of the chosen one (-1: none
    // yet): lets a caller keep per-profile state without allocating per response.
    const std::vector<TimingProfile>& profiles() const { return m_profiles; }
    int chosenIndex() const { return m_chosen; }

private:
    enum class Mode { None, Fixed, Auto };
    std::vector<TimingProfile> m_profiles;
    Mode m_mode = Mode::Auto;
    int m_chosen = -1;
};

} // namespace pb::servertiming
