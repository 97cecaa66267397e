#include "telemetry/AttrJson.h"

#include "util/Utf8.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstring>

namespace pb::telemetry {

void appendJsonString(std::string& out, std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out.push_back('"');
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            // Copy a run of plain ASCII at once.
            std::size_t j = i + 1;
            while (j < s.size()) {
                const auto d = static_cast<unsigned char>(s[j]);
                if (d < 0x20 || d >= 0x80 || d == '"' || d == '\\') {
                    break;
                }
                ++j;
            }
            out.append(s.data() + i, j - i);
            i = j;
            continue;
        }
        switch (c) {
        case '"':
            out += "\\\"";
            ++i;
            continue;
        case '\\':
            out += "\\\\";
            ++i;
            continue;
        case '\n':
            out += "\\n";
            ++i;
            continue;
        case '\r':
            out += "\\r";
            ++i;
            continue;
        case '\t':
            out += "\\t";
            ++i;
            continue;
        default:
            break;
        }
        if (c < 0x20) {
            out += "\\u00";
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 0xf]);
            ++i;
            continue;
        }
        const auto n = utf8::sequenceLength(s, i);
        if (n == 0) {
            out += "\xef\xbf\xbd"; // U+FFFD
            ++i;
        } else {
            out.append(s.data() + i, n);
            i += n;
        }
    }
    out.push_back('"');
}

void appendJsonDouble(std::string& out, double v)
{
    if (!std::isfinite(v)) {
        out += "null";
        return;
    }
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof(buf), v);
    const std::string_view text(buf, static_cast<std::size_t>(res.ptr - buf));
    out += text;
    if (text.find_first_of(".eE") == std::string_view::npos) {
        out += ".0";
    }
}

bool mentionsKey(std::string_view attributesJson, std::string_view key)
{
    // Keys are written as "key": search for the quoted form.
    std::size_t pos = 0;
    while ((pos = attributesJson.find(key, pos)) != std::string_view::npos) {
        if (pos > 0 && attributesJson[pos - 1] == '"' && pos + key.size() < attributesJson.size() &&
            attributesJson[pos + key.size()] == '"') {
            return true;
        }
        pos += 1;
    }
    return false;
}

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Position just after `"key":` (and any blanks) of a member, npos if none.
std::size_t memberValue(std::string_view json, std::string_view key)
{
    std::size_t pos = 0;
    while ((pos = json.find(key, pos)) != std::string_view::npos) {
        const auto end = pos + key.size();
        std::size_t before = pos;
        if (before == 0 || json[before - 1] != '"' || end >= json.size() || json[end] != '"') {
            ++pos;
            continue;
        }
        --before; // the opening quote
        while (before > 0 && isSpace(json[before - 1])) {
            --before;
        }
        std::size_t after = end + 1;
        while (after < json.size() && isSpace(json[after])) {
            ++after;
        }
        if (before > 0 && (json[before - 1] == '{' || json[before - 1] == ',') && after < json.size() &&
            json[after] == ':') {
            ++after;
            while (after < json.size() && isSpace(json[after])) {
                ++after;
            }
            return after;
        }
        ++pos;
    }
    return std::string_view::npos;
}

} // namespace

std::optional<double> numberMember(std::string_view attributesJson, std::string_view key)
{
    auto at = memberValue(attributesJson, key);
    if (at == std::string_view::npos) {
        return std::nullopt;
    }
    const bool quoted = attributesJson[at] == '"';
    at += quoted ? 1 : 0;
    double d = 0;
    const auto* b = attributesJson.data() + at;
    const auto* e = attributesJson.data() + attributesJson.size();
    const auto res = std::from_chars(b, e, d);
    if (res.ec != std::errc{} || !std::isfinite(d)) {
        return std::nullopt;
    }
    if (quoted ? (res.ptr == e || *res.ptr != '"')
               : (res.ptr != e && *res.ptr != ',' && *res.ptr != '}' && !isSpace(*res.ptr))) {
        return std::nullopt;
    }
    return d;
}

std::optional<std::string> stringMember(std::string_view attributesJson, std::string_view key)
{
    const auto at = memberValue(attributesJson, key);
    if (at == std::string_view::npos || attributesJson[at] != '"') {
        return std::nullopt;
    }
    const auto close = attributesJson.find_first_of("\"\\", at + 1);
    if (close == std::string_view::npos) {
        return std::nullopt;
    }
    if (attributesJson[close] == '\\') {
        return SpanAttributes(attributesJson).string(key); // escapes: let the parser decode them
    }
    return std::string(attributesJson.substr(at + 1, close - at - 1));
}

SpanAttributes::SpanAttributes(std::string_view attributesJson)
{
    if (attributesJson.empty()) {
        return;
    }
    const auto doc = nlohmann::json::parse(attributesJson, nullptr, false);
    if (!doc.is_object()) {
        return;
    }
    m_entries.reserve(doc.size());
    for (const auto& [key, v] : doc.items()) {
        Value value;
        if (v.is_string()) {
            value.type = Value::Type::String;
            value.text = v.get<std::string>();
        } else if (v.is_boolean()) {
            value.type = Value::Type::Bool;
            value.boolean = v.get<bool>();
        } else if (v.is_number_integer()) {
            value.type = Value::Type::Integer;
            value.integer = v.is_number_unsigned()
                                ? static_cast<std::int64_t>(std::min<std::uint64_t>(
                                      v.get<std::uint64_t>(), static_cast<std::uint64_t>(INT64_MAX)))
                                : v.get<std::int64_t>();
            value.number = static_cast<double>(value.integer);
        } else if (v.is_number_float()) {
            value.type = Value::Type::Double;
            value.number = v.get<double>();
        } else if (v.is_array()) {
            value.type = Value::Type::Array;
            for (const auto& e : v) {
                if (e.is_string()) {
                    value.items.push_back(e.get<std::string>());
                }
            }
        } else if (v.is_object()) {
            value.type = Value::Type::Object;
        }
        m_entries.emplace_back(key, std::move(value));
    }
}

const SpanAttributes::Value* SpanAttributes::find(std::string_view key) const
{
    for (const auto& [k, v] : m_entries) {
        if (k == key) {
            return &v;
        }
    }
    return nullptr;
}

bool SpanAttributes::has(std::string_view key) const
{
    return find(key) != nullptr;
}

std::optional<std::string> SpanAttributes::string(std::string_view key) const
{
    const auto* v = find(key);
    if (!v) {
        return std::nullopt;
    }
    switch (v->type) {
    case Value::Type::String:
        return v->text;
    case Value::Type::Integer:
        return std::to_string(v->integer);
    case Value::Type::Bool:
        return std::string(v->boolean ? "true" : "false");
    default:
        return std::nullopt;
    }
}

std::optional<double> SpanAttributes::number(std::string_view key) const
{
    const auto* v = find(key);
    if (!v) {
        return std::nullopt;
    }
    if (v->type == Value::Type::Integer || v->type == Value::Type::Double) {
        return v->number;
    }
    if (v->type == Value::Type::String && !v->text.empty()) {
        double d = 0;
        const auto* b = v->text.data();
        const auto* e = b + v->text.size();
        const auto res = std::from_chars(b, e, d);
        if (res.ec == std::errc{} && res.ptr == e && std::isfinite(d)) {
            return d;
        }
    }
    return std::nullopt;
}

std::optional<std::int64_t> SpanAttributes::integer(std::string_view key) const
{
    const auto* v = find(key);
    if (!v) {
        return std::nullopt;
    }
    if (v->type == Value::Type::Integer) {
        return v->integer;
    }
    if (v->type == Value::Type::Double && std::isfinite(v->number) && std::floor(v->number) == v->number &&
        std::fabs(v->number) < 9.2e18) {
        return static_cast<std::int64_t>(v->number);
    }
    if (v->type == Value::Type::String && !v->text.empty()) {
        std::int64_t i = 0;
        const auto* b = v->text.data();
        const auto* e = b + v->text.size();
        const auto res = std::from_chars(b, e, i);
        if (res.ec == std::errc{} && res.ptr == e) {
            return i;
        }
    }
    return std::nullopt;
}

std::vector<std::string> SpanAttributes::strings(std::string_view key) const
{
    const auto* v = find(key);
    if (!v) {
        return {};
    }
    if (v->type == Value::Type::String) {
        return {v->text};
    }
    return v->type == Value::Type::Array ? v->items : std::vector<std::string>{};
}

} // namespace pb::telemetry
