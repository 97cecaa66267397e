// The attribute object of a span (SpanRecord::attributesJson): fast writing
// while decoding OTLP, and typed reads for normalisation, the join and the
// GenAI view. Values keep their OTLP type: string, bool, int, double (always
// written with a decimal point or exponent), bytes (base64 string), array,
// key/value list (object).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pb::telemetry {

// Appends `s` as a JSON string literal; invalid UTF-8 becomes U+FFFD so the
// stored text is always valid JSON.
void appendJsonString(std::string& out, std::string_view s);
// Appends a double so that it reads back as a double ("1.0", "2.5e-05");
// NaN and infinities, which JSON cannot hold, become null.
void appendJsonDouble(std::string& out, double v);

// True when the text mentions `"key"` (a cheap pre-filter before parsing).
bool mentionsKey(std::string_view attributesJson, std::string_view key);

// Fast reads of one top-level member without parsing the whole object (the
// join reads millions of spans). A key counts only where a member name can
// stand: after '{' or ','. nullopt when absent or of another type; a string
// with escapes falls back to a full parse.
std::optional<double> numberMember(std::string_view attributesJson, std::string_view key);
std::optional<std::string> stringMember(std::string_view attributesJson, std::string_view key);

// A parsed attribute object with typed look-ups. Invalid JSON reads as empty.
class SpanAttributes
{
public:
    explicit SpanAttributes(std::string_view attributesJson);

    bool has(std::string_view key) const;
    std::optional<std::string> string(std::string_view key) const;
    // Numbers, and strings that hold a number (int64 arrives as a string in
    // some producers).
    std::optional<double> number(std::string_view key) const;
    std::optional<std::int64_t> integer(std::string_view key) const;
    // An array of strings, or a single string as a one-element list.
    std::vector<std::string> strings(std::string_view key) const;
    std::size_t size() const { return m_entries.size(); }

private:
    struct Value
    {
        enum class Type { Null, String, Bool, Integer, Double, Array, Object } type = Type::Null;
        std::string text;               // String
        std::vector<std::string> items; // Array: its string elements
        double number = 0;
        std::int64_t integer = 0;
        bool boolean = false;
    };
    const Value* find(std::string_view key) const;
    std::vector<std::pair<std::string, Value>> m_entries;
};

} // namespace pb::telemetry
