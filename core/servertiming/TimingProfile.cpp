#include "servertiming/TimingProfile.h"

#include "servertiming/PathReader.h"

#include "model/RequestColumns.h"
#include "util/StrictJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace pb::servertiming {
namespace {

using Json = nlohmann::json;

ProfileField body(std::vector<std::string> paths, std::string column, Unit unit = Unit::Ms)
{
    return {FieldSource::Body, std::move(paths), std::move(column), unit};
}
ProfileField header(std::string name, std::string column)
{
    return {FieldSource::Header, {std::move(name)}, std::move(column), Unit::Ms};
}

std::vector<TimingProfile> makeBuiltins()
{
    std::vector<TimingProfile> out;
    // vLLM --enable-per-request-metrics: `metrics` in the body, in the final
    // usage chunk of a stream, or in the Responses API's response.completed.
    TimingProfile vllm;
    vllm.name = "vllm";
    vllm.description = "vLLM per-request metrics (--enable-per-request-metrics)";
    vllm.wantsUsageChunk = true;
    vllm.marker = "metrics";
    const auto m = [](std::string_view field) {
        return std::vector<std::string>{"metrics." + std::string(field),
                                        "response.metrics." + std::string(field)};
    };
    vllm.fields = {
        body(m("queue_time_ms"), "reported_queue"),
        body(m("time_to_first_token_ms"), "reported_prefill"),
        body(m("generation_time_ms"), "reported_decode"),
        body(m("mean_itl_ms"), "reported_itl"),
        body(m("output_token_metrics.reasoning.time_to_first_token_ms"), "reported_first_reasoning"),
        body(m("output_token_metrics.content.time_to_first_token_ms"), "reported_first_content")};
    out.push_back(std::move(vllm));

    TimingProfile tgi;
    tgi.name = "tgi";
    tgi.description = "Hugging Face TGI response headers (x-*-time)";
    tgi.fields = {header("x-total-time", "reported_total"),
                  header("x-validation-time", "reported_validation"),
                  header("x-queue-time", "reported_queue"), header("x-inference-time", "reported_inference"),
                  header("x-time-per-token", "reported_itl")};
    out.push_back(std::move(tgi));

    // Groq-style hosted providers: seconds in `usage` (non-streamed) or in
    // `x_groq.usage` of the final chunk.
    TimingProfile groq;
    groq.name = "groq";
    groq.description = "usage timings in seconds (usage / x_groq.usage: queue, prompt, completion, total)";
    groq.wantsUsageChunk = true;
    groq.marker = "queue_time";
    const auto u = [](std::string_view field) {
        return std::vector<std::string>{"usage." + std::string(field), "x_groq.usage." + std::string(field)};
    };
    groq.fields = {body(u("queue_time"), "reported_queue", Unit::S),
                   body(u("prompt_time"), "reported_prefill", Unit::S),
                   body(u("completion_time"), "reported_decode", Unit::S),
                   body(u("total_time"), "reported_total", Unit::S)};
    out.push_back(std::move(groq));
    return out;
}

double factorOf(Unit u)
{
    switch (u) {
    case Unit::Ns:
        return 1.0;
    case Unit::Us:
        return 1e3;
    case Unit::Ms:
        return 1e6;
    case Unit::S:
        return 1e9;
    }
    return 1e6;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

const Json* at(const Json& doc, std::string_view path)
{
    const Json* node = &doc;
    while (!path.empty()) {
        const auto dot = path.find('.');
        const auto key = path.substr(0, dot);
        if (!node->is_object()) {
            return nullptr;
        }
        const auto it = node->find(key);
        if (it == node->end()) {
            return nullptr;
        }
        node = &*it;
        path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
    }
    return node;
}

// Stores `value` (in `unit`) into the column; false when it is not a
// finite non-negative number.
bool store(RequestRecord& r, const std::string& column, double value, Unit unit)
{
    if (!std::isfinite(value) || value < 0) {
        return false;
    }
    const double ns = value * factorOf(unit);
    if (ns > 9.2e18) {
        return false;
    }
    return setColumnInteger(r, requestColumnIndex(column), static_cast<std::int64_t>(std::llround(ns)));
}

void mark(ReadResult& res, const TimingProfile& p, RequestRecord& r, std::string_view origin)
{
    if (res.fields > 0) {
        r.timingProfile = p.name;
        r.timingOrigin = std::string(origin);
    }
}

std::string fieldWhere(std::string_view where, const std::string& profile, std::size_t index)
{
    return std::string(where) + ": profile \"" + profile + "\", field " + std::to_string(index + 1);
}

} // namespace

std::string_view nameOf(Unit u)
{
    switch (u) {
    case Unit::Ns:
        return "ns";
    case Unit::Us:
        return "us";
    case Unit::Ms:
        return "ms";
    case Unit::S:
        return "s";
    }
    return "ms";
}

std::optional<Unit> parseUnit(std::string_view name)
{
    for (auto u : {Unit::Ns, Unit::Us, Unit::Ms, Unit::S}) {
        if (name == nameOf(u)) {
            return u;
        }
    }
    return std::nullopt;
}

bool TimingProfile::hasBodyFields() const
{
    return std::any_of(fields.begin(), fields.end(),
                       [](const ProfileField& f) { return f.source == FieldSource::Body; });
}
bool TimingProfile::hasHeaderFields() const
{
    return std::any_of(fields.begin(), fields.end(),
                       [](const ProfileField& f) { return f.source == FieldSource::Header; });
}

const std::vector<TimingProfile>& builtinProfiles()
{
    static const std::vector<TimingProfile> profiles = makeBuiltins();
    return profiles;
}

const TimingProfile* findProfile(const std::vector<TimingProfile>& profiles, std::string_view name)
{
    for (const auto& p : profiles) {
        if (p.name == name) {
            return &p;
        }
    }
    return nullptr;
}

std::vector<std::string_view> reportedColumns()
{
    std::vector<std::string_view> out;
    for (const auto& c : requestColumns()) {
        if (c.group == ColumnGroup::ServerReported && c.type == ColumnType::Duration) {
            out.push_back(c.name);
        }
    }
    return out;
}

TimingProfile parseProfile(const Json& j, std::string_view where)
{
    if (!j.is_object()) {
        throw ProfileError(std::string(where) + ": a timing profile must be a JSON object");
    }
    TimingProfile p;
    const auto name = j.find("name");
    if (name == j.end() || !name->is_string() || name->get<std::string>().empty()) {
        throw ProfileError(std::string(where) + ": a timing profile needs a non-empty string \"name\"");
    }
    p.name = name->get<std::string>();
    if (p.name == "auto" || p.name == "none") {
        throw ProfileError(std::string(where) + ": \"" + p.name +
                           "\" is reserved (the choice of profile), name the profile otherwise");
    }
    const std::string here = std::string(where) + ": profile \"" + p.name + "\"";
    for (const auto& [key, value] : j.items()) {
        if (key == "name" || key == "fields") {
            continue;
        }
        if (key == "description" || key == "marker") {
            if (!value.is_string()) {
                throw ProfileError(here + ": \"" + key + "\" must be a string");
            }
            (key == "description" ? p.description : p.marker) = value.get<std::string>();
        } else if (key == "include_usage") {
            if (!value.is_boolean()) {
                throw ProfileError(here + ": \"include_usage\" must be true or false");
            }
            p.wantsUsageChunk = value.get<bool>();
        } else {
            throw ProfileError(here + ": unknown key \"" + key +
                               "\" (expected name, description, include_usage, marker, fields)");
        }
    }
    const auto fields = j.find("fields");
    if (fields == j.end() || !fields->is_array() || fields->empty()) {
        throw ProfileError(here + ": \"fields\" must be a non-empty array");
    }
    const auto columns = reportedColumns();
    for (std::size_t i = 0; i < fields->size(); ++i) {
        const auto& f = (*fields)[i];
        const auto fw = fieldWhere(where, p.name, i);
        if (!f.is_object()) {
            throw ProfileError(fw + ": a field must be an object");
        }
        ProfileField field;
        const bool hasBody = f.contains("body");
        const bool hasHeader = f.contains("header");
        if (hasBody == hasHeader) {
            throw ProfileError(fw +
                               ": give exactly one of \"body\" (a JSON path) or \"header\" (a header name)");
        }
        field.source = hasBody ? FieldSource::Body : FieldSource::Header;
        const auto& from = f.at(hasBody ? "body" : "header");
        if (from.is_string()) {
            field.paths.push_back(from.get<std::string>());
        } else if (from.is_array()) {
            for (const auto& s : from) {
                if (!s.is_string()) {
                    throw ProfileError(fw + ": \"" + (hasBody ? "body" : "header") +
                                       "\" must be a string or an array of strings");
                }
                field.paths.push_back(s.get<std::string>());
            }
        } else {
            throw ProfileError(fw + ": \"" + (hasBody ? "body" : "header") +
                               "\" must be a string or an array of strings");
        }
        if (field.paths.empty() ||
            std::any_of(field.paths.begin(), field.paths.end(), [](const std::string& s) {
                return s.empty() || s.front() == '.' || s.back() == '.' || s.find("..") != std::string::npos;
            })) {
            throw ProfileError(fw + ": empty path or header name");
        }
        if (!hasBody) {
            for (auto& h : field.paths) {
                h = lower(h);
            }
        }
        const auto column = f.find("column");
        if (column == f.end() || !column->is_string()) {
            throw ProfileError(fw + ": \"column\" must be a string naming a reported_* column");
        }
        field.column = column->get<std::string>();
        if (std::find(columns.begin(), columns.end(), field.column) == columns.end()) {
            std::string list;
            for (auto c : columns) {
                list += (list.empty() ? "" : ", ") + std::string(c);
            }
            throw ProfileError(fw + ": unknown column \"" + field.column + "\" (expected one of " + list +
                               ")");
        }
        const auto unit = f.find("unit");
        if (unit == f.end() || !unit->is_string() || !parseUnit(unit->get<std::string>())) {
            throw ProfileError(fw + ": \"unit\" must be one of \"ns\", \"us\", \"ms\", \"s\"" +
                               (unit != f.end() ? " (got " + unit->dump() + ")" : std::string{}));
        }
        field.unit = *parseUnit(unit->get<std::string>());
        for (const auto& [key, value] : f.items()) {
            if (key != "body" && key != "header" && key != "column" && key != "unit") {
                throw ProfileError(fw + ": unknown key \"" + key +
                                   "\" (expected body or header, column, unit)");
            }
        }
        p.fields.push_back(std::move(field));
    }
    return p;
}

std::vector<TimingProfile> parseProfiles(std::string_view jsonText, std::string_view where)
{
    Json j;
    try {
        j = parseJsonStrict<Json>(jsonText);
    } catch (const std::exception& e) {
        throw ProfileError(std::string(where) + ": not valid JSON: " + e.what());
    }
    std::vector<TimingProfile> out;
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            out.push_back(parseProfile(j[i], std::string(where) + "[" + std::to_string(i) + "]"));
        }
    } else {
        out.push_back(parseProfile(j, where));
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        for (std::size_t k = 0; k < i; ++k) {
            if (out[i].name == out[k].name) {
                throw ProfileError(std::string(where) + ": two profiles named \"" + out[i].name + "\"");
            }
        }
    }
    return out;
}

Json toJson(const TimingProfile& p)
{
    Json fields = Json::array();
    for (const auto& f : p.fields) {
        Json jf;
        jf[f.source == FieldSource::Body ? "body" : "header"] =
            f.paths.size() == 1 ? Json(f.paths.front()) : Json(f.paths);
        jf["column"] = f.column;
        jf["unit"] = std::string(nameOf(f.unit));
        fields.push_back(std::move(jf));
    }
    Json j{{"name", p.name}, {"fields", std::move(fields)}};
    if (!p.description.empty()) {
        j["description"] = p.description;
    }
    if (p.wantsUsageChunk) {
        j["include_usage"] = true;
    }
    if (!p.marker.empty()) {
        j["marker"] = p.marker;
    }
    return j;
}

ReadResult readBody(const TimingProfile& p, const Json& doc, RequestRecord& r, std::string_view origin)
{
    ReadResult res;
    for (const auto& f : p.fields) {
        if (f.source != FieldSource::Body) {
            continue;
        }
        for (const auto& path : f.paths) {
            const Json* v = at(doc, path);
            if (v == nullptr || v->is_null()) {
                continue;
            }
            if (v->is_number() && store(r, f.column, v->get<double>(), f.unit)) {
                ++res.fields;
            } else {
                ++res.malformed;
            }
            break;
        }
    }
    mark(res, p, r, origin);
    return res;
}

using detail::PathReader;

ReadResult readBodyText(const TimingProfile& p, std::string_view text, RequestRecord& r,
                        std::string_view origin)
{
    PathReader reader;
    if (!reader.init(p)) {
        const Json doc = Json::parse(text.begin(), text.end(), nullptr, false);
        return doc.is_discarded() ? ReadResult{} : readBody(p, doc, r, origin);
    }
    if (!reader.read(text)) {
        return {}; // not JSON: nothing read, not even what came before the error
    }
    // The same rules as readBody: per field the first path present and not
    // null; a value that is not a usable number is malformed.
    ReadResult res;
    std::size_t i = 0;
    for (const auto& f : p.fields) {
        if (f.source != FieldSource::Body) {
            continue;
        }
        bool done = false;
        for (std::size_t k = 0; k < f.paths.size(); ++k, ++i) {
            const auto st = reader.state(i);
            if (done || st == PathReader::State::Absent || st == PathReader::State::Null) {
                continue;
            }
            done = true;
            if (st == PathReader::State::Number && store(r, f.column, reader.number(i), f.unit)) {
                ++res.fields;
            } else {
                ++res.malformed;
            }
        }
    }
    mark(res, p, r, origin);
    return res;
}

bool mayCarryTimings(const TimingProfile& p, std::string_view eventData)
{
    if (!p.hasBodyFields()) {
        return false;
    }
    if (p.marker.empty()) {
        return true;
    }
    // Runs on every stream event of a run: a scan, no allocation.
    const std::string_view marker = p.marker;
    for (auto at = eventData.find(marker, 1); at != std::string_view::npos;
         at = eventData.find(marker, at + 1)) {
        if (eventData[at - 1] == '"' && at + marker.size() < eventData.size() &&
            eventData[at + marker.size()] == '"') {
            return true;
        }
    }
    return false;
}

ReadResult readHeaders(const TimingProfile& p, const HeaderLookup& header, RequestRecord& r)
{
    ReadResult res;
    for (const auto& f : p.fields) {
        if (f.source != FieldSource::Header) {
            continue;
        }
        for (const auto& name : f.paths) {
            const auto v = header(name);
            if (!v) {
                continue;
            }
            std::string_view s = *v;
            while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
                s.remove_prefix(1);
            }
            while (!s.empty() &&
                   (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
                s.remove_suffix(1);
            }
            double value = 0;
            const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
            if (ec == std::errc() && ptr == s.data() + s.size() && !s.empty() &&
                store(r, f.column, value, f.unit)) {
                ++res.fields;
            } else {
                ++res.malformed;
            }
            break;
        }
    }
    mark(res, p, r, "headers");
    return res;
}

ReadResult readHeaderLines(const TimingProfile& p,
                           const std::vector<std::pair<std::string, std::string>>& headers, RequestRecord& r)
{
    return readHeaders(
        p,
        [&headers](std::string_view lowerName) -> std::optional<std::string_view> {
            for (const auto& [name, value] : headers) {
                if (name.size() == lowerName.size() && lower(name) == lowerName) {
                    return std::string_view(value);
                }
            }
            return std::nullopt;
        },
        r);
}

ProfileChoice::ProfileChoice(std::vector<TimingProfile> candidates, std::string_view name)
    : m_profiles(std::move(candidates))
{
    if (name == "none") {
        m_mode = Mode::None;
    } else if (name.empty() || name == "auto") {
        m_mode = Mode::Auto;
    } else {
        m_mode = Mode::Fixed;
        for (std::size_t i = 0; i < m_profiles.size(); ++i) {
            if (m_profiles[i].name == name) {
                m_chosen = static_cast<int>(i);
            }
        }
        if (m_chosen < 0) {
            std::string list;
            for (const auto& p : m_profiles) {
                list += ", " + p.name;
            }
            throw ProfileError("unknown timing profile \"" + std::string(name) + "\" (expected auto, none" +
                               list + ")");
        }
    }
}

const TimingProfile* ProfileChoice::chosen() const
{
    return m_chosen >= 0 ? &m_profiles[static_cast<std::size_t>(m_chosen)] : nullptr;
}

std::vector<const TimingProfile*> ProfileChoice::candidates() const
{
    std::vector<const TimingProfile*> out;
    if (m_mode == Mode::None) {
        return out;
    }
    if (m_chosen >= 0) {
        out.push_back(chosen());
        return out;
    }
    for (const auto& p : m_profiles) {
        out.push_back(&p);
    }
    return out;
}

bool ProfileChoice::wantsUsageChunk() const
{
    const auto c = candidates();
    return std::any_of(c.begin(), c.end(), [](const TimingProfile* p) { return p->wantsUsageChunk; });
}

void ProfileChoice::found(const TimingProfile& p)
{
    if (m_mode != Mode::Auto || m_chosen >= 0) {
        return;
    }
    for (std::size_t i = 0; i < m_profiles.size(); ++i) {
        if (m_profiles[i].name == p.name) {
            m_chosen = static_cast<int>(i);
        }
    }
}

std::string ProfileChoice::describe() const
{
    switch (m_mode) {
    case Mode::None:
        return "none";
    case Mode::Fixed:
        return chosen()->name;
    case Mode::Auto:
        return m_chosen >= 0 ? "auto (" + chosen()->name + ")" : "auto (none seen yet)";
    }
    return {};
}

} // namespace pb::servertiming
