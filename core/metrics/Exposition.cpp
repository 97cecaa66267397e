#include "metrics/Exposition.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace pb::metrics {
namespace {

bool isNameStart(char c, bool colon)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (colon && c == ':');
}

bool isNameChar(char c, bool colon)
{
    return isNameStart(c, colon) || (c >= '0' && c <= '9');
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

// Reads one line's tokens with the position for messages.
class Cursor
{
public:
    Cursor(std::string_view line, std::size_t lineNo)
        : m_s(line)
        , m_line(lineNo)
    {}

    [[noreturn]] void fail(const std::string& what) const
    {
        throw ExpositionError(m_line, what + " (column " + std::to_string(m_pos + 1) + ")");
    }
    bool atEnd() const { return m_pos >= m_s.size(); }
    char peek() const { return atEnd() ? '\0' : m_s[m_pos]; }
    void skipBlanks()
    {
        while (!atEnd() && isBlank(m_s[m_pos])) {
            ++m_pos;
        }
    }
    // At least one blank, or the end of the line.
    bool blanks()
    {
        const auto from = m_pos;
        skipBlanks();
        return m_pos > from || atEnd();
    }
    std::string_view name(bool colon, const char* what)
    {
        const auto from = m_pos;
        if (atEnd() || !isNameStart(m_s[m_pos], colon)) {
            fail(std::string("expected ") + what);
        }
        while (!atEnd() && isNameChar(m_s[m_pos], colon)) {
            ++m_pos;
        }
        return m_s.substr(from, m_pos - from);
    }
    std::string_view token()
    {
        const auto from = m_pos;
        while (!atEnd() && !isBlank(m_s[m_pos])) {
            ++m_pos;
        }
        return m_s.substr(from, m_pos - from);
    }
    std::string_view rest() const { return atEnd() ? std::string_view() : m_s.substr(m_pos); }
    void expect(char c, const char* what)
    {
        if (peek() != c) {
            fail(std::string("expected ") + what);
        }
        ++m_pos;
    }
    std::string quoted()
    {
        expect('"', "'\"' to open a label value");
        std::string out;
        while (true) {
            if (atEnd()) {
                fail("label value not closed by '\"'");
            }
            const char c = m_s[m_pos++];
            if (c == '"') {
                return out;
            }
            if (c != '\\') {
                out += c;
                continue;
            }
            if (atEnd()) {
                fail("label value not closed by '\"'");
            }
            const char e = m_s[m_pos++];
            if (e == '\\' || e == '"') {
                out += e;
            } else if (e == 'n') {
                out += '\n';
            } else {
                --m_pos;
                fail(std::string("unknown escape '\\") + e +
                     "' in a label value (expected \\\\, \\\" or \\n)");
            }
        }
    }
    std::size_t line() const { return m_line; }

private:
    std::string_view m_s;
    std::size_t m_pos = 0;
    std::size_t m_line;
};

std::string unescapeHelp(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '\\' || s[i + 1] == 'n')) {
            out += s[i + 1] == 'n' ? '\n' : '\\';
            ++i;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
    return out;
}

// Go's ParseFloat, as Prometheus reads values: decimal or exponent notation,
// a sign, and NaN / Inf / Infinity in any case.
std::optional<double> parseValue(std::string_view t)
{
    if (t.empty()) {
        return std::nullopt;
    }
    bool negative = false;
    std::string_view body = t;
    if (body.front() == '+' || body.front() == '-') {
        negative = body.front() == '-';
        body.remove_prefix(1);
    }
    const auto word = lower(body);
    if (word == "inf" || word == "infinity") {
        return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    }
    if (word == "nan") {
        return std::numeric_limits<double>::quiet_NaN();
    }
    if (body.empty() || !((body.front() >= '0' && body.front() <= '9') || body.front() == '.')) {
        return std::nullopt;
    }
    double v = 0;
    const auto r = std::from_chars(body.data(), body.data() + body.size(), v, std::chars_format::general);
    if (r.ec == std::errc::result_out_of_range) {
        // Beyond double: Go returns +/-Inf (or 0 for underflow); so do we.
        const bool huge = body.find_first_of("eE") == std::string_view::npos ||
                          body.find('-', body.find_first_of("eE")) == std::string_view::npos;
        v = huge ? std::numeric_limits<double>::infinity() : 0.0;
    } else if (r.ec != std::errc() || r.ptr != body.data() + body.size()) {
        return std::nullopt;
    }
    return negative ? -v : v;
}

std::optional<std::int64_t> parseTimestamp(std::string_view t)
{
    std::int64_t v = 0;
    const char* begin = t.data();
    if (!t.empty() && t.front() == '+') {
        ++begin;
    }
    const auto r = std::from_chars(begin, t.data() + t.size(), v);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size() || begin == t.data() + t.size()) {
        return std::nullopt;
    }
    return v;
}

std::optional<MetricType> parseType(std::string_view t)
{
    if (t == "counter") {
        return MetricType::Counter;
    }
    if (t == "gauge") {
        return MetricType::Gauge;
    }
    if (t == "histogram" || t == "gaugehistogram") {
        return MetricType::Histogram;
    }
    if (t == "summary") {
        return MetricType::Summary;
    }
    if (t == "untyped" || t == "unknown" || t == "info" || t == "stateset") {
        return MetricType::Untyped;
    }
    return std::nullopt;
}

void parseComment(Cursor& c, Exposition& out)
{
    c.expect('#', "'#'");
    c.skipBlanks();
    const auto keyword = c.token();
    if (keyword != "HELP" && keyword != "TYPE") {
        return; // any other comment
    }
    if (!c.blanks() || c.atEnd()) {
        c.fail(std::string("expected a metric name after # ") + std::string(keyword));
    }
    const std::string name(c.name(true, "a metric name"));
    auto& family = out.families[name];
    family.name = name;
    if (keyword == "HELP") {
        if (!c.atEnd() && !isBlank(c.peek())) {
            c.fail("expected a blank after the metric name");
        }
        c.skipBlanks();
        family.help = unescapeHelp(c.rest());
        return;
    }
    if (!c.blanks() || c.atEnd()) {
        c.fail("expected a type after the metric name");
    }
    const auto word = c.token();
    const auto type = parseType(word);
    if (!type) {
        c.fail("unknown metric type '" + std::string(word) +
               "' (expected counter, gauge, histogram, summary or untyped)");
    }
    c.skipBlanks();
    if (!c.atEnd()) {
        c.fail("unexpected text after the type");
    }
    family.type = *type;
}

void parseSample(Cursor& c, Exposition& out, const ExpositionLimits& limits)
{
    Sample s;
    s.line = c.line();
    s.name = std::string(c.name(true, "a metric name"));
    bool separated = c.blanks();
    if (c.peek() == '{') {
        c.expect('{', "'{'");
        while (true) {
            c.skipBlanks();
            if (c.peek() == '}') {
                break;
            }
            Label l;
            l.name = std::string(c.name(false, "a label name or '}'"));
            c.skipBlanks();
            c.expect('=', "'=' after the label name");
            c.skipBlanks();
            l.value = c.quoted();
            for (const auto& other : s.labels) {
                if (other.name == l.name) {
                    c.fail("label '" + l.name + "' appears twice");
                }
            }
            s.labels.push_back(std::move(l));
            if (s.labels.size() > limits.maxLabels) {
                c.fail("more than " + std::to_string(limits.maxLabels) + " labels");
            }
            c.skipBlanks();
            if (c.peek() == ',') {
                c.expect(',', "','");
                continue;
            }
            if (c.peek() != '}') {
                c.fail("expected ',' or '}' after a label");
            }
        }
        c.expect('}', "'}'");
        separated = c.blanks();
    }
    if (!separated || c.atEnd()) {
        c.fail("expected a value after the metric name and labels");
    }
    const auto valueText = c.token();
    const auto value = parseValue(valueText);
    if (!value) {
        c.fail("'" + std::string(valueText) + "' is not a number (expected e.g. 1, 2.5e3, NaN, +Inf)");
    }
    s.value = *value;
    c.skipBlanks();
    if (!c.atEnd() && c.peek() != '#') {
        const auto tsText = c.token();
        const auto ts = parseTimestamp(tsText);
        if (!ts) {
            c.fail("'" + std::string(tsText) + "' is not a timestamp (integer milliseconds)");
        }
        s.timestampMs = ts;
        c.skipBlanks();
    }
    // An OpenMetrics exemplar (" # {trace_id=…} 1") is allowed and ignored.
    if (!c.atEnd() && c.peek() != '#') {
        c.fail("unexpected text after the value and timestamp");
    }
    if (out.samples.size() >= limits.maxSamples) {
        c.fail("more than " + std::to_string(limits.maxSamples) + " samples");
    }
    out.samples.push_back(std::move(s));
}

constexpr std::string_view kSuffixes[] = {"_bucket",  "_sum",  "_count", "_total",
                                          "_created", "_gsum", "_gcount"};

} // namespace

std::string_view nameOf(MetricType t)
{
    switch (t) {
    case MetricType::Counter:
        return "counter";
    case MetricType::Gauge:
        return "gauge";
    case MetricType::Histogram:
        return "histogram";
    case MetricType::Summary:
        return "summary";
    case MetricType::Untyped:
        break;
    }
    return "untyped";
}

const Family* Exposition::familyOf(const Sample& s) const
{
    if (const auto it = families.find(s.name);
        it != families.end() && it->second.type != MetricType::Untyped) {
        return &it->second;
    }
    for (const auto suffix : kSuffixes) {
        if (s.name.size() > suffix.size() && std::string_view(s.name).ends_with(suffix)) {
            const auto base = s.name.substr(0, s.name.size() - suffix.size());
            if (const auto it = families.find(base); it != families.end()) {
                return &it->second;
            }
        }
    }
    const auto it = families.find(s.name);
    return it == families.end() ? nullptr : &it->second;
}

bool Exposition::isCumulative(const Sample& s) const
{
    const std::string_view name(s.name);
    const auto* f = familyOf(s);
    const MetricType type = f ? f->type : MetricType::Untyped;
    switch (type) {
    case MetricType::Counter:
        return !name.ends_with("_created");
    case MetricType::Histogram:
    case MetricType::Summary:
        return name.ends_with("_bucket") || name.ends_with("_sum") || name.ends_with("_count");
    case MetricType::Gauge:
        return false;
    case MetricType::Untyped:
        break;
    }
    return name.ends_with("_total");
}

Exposition parseExposition(std::string_view text, const ExpositionLimits& limits)
{
    Exposition out;
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (line.size() > limits.maxLineBytes) {
            throw ExpositionError(lineNo, "longer than " + std::to_string(limits.maxLineBytes) + " bytes");
        }
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (const auto nul = line.find('\0'); nul != std::string_view::npos) {
            throw ExpositionError(lineNo, "contains a NUL byte (column " + std::to_string(nul + 1) + ")");
        }
        Cursor c(line, lineNo);
        c.skipBlanks();
        if (c.atEnd()) {
            continue;
        }
        if (c.peek() == '#') {
            if (c.rest() == "# EOF") {
                break; // OpenMetrics' end marker
            }
            parseComment(c, out);
        } else {
            parseSample(c, out, limits);
        }
    }
    return out;
}

std::string labelText(std::vector<Label> labels)
{
    if (labels.empty()) {
        return {};
    }
    std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.name < b.name; });
    std::string out = "{";
    for (std::size_t i = 0; i < labels.size(); ++i) {
        out += (i ? "," : "") + labels[i].name + "=\"";
        for (const char ch : labels[i].value) {
            if (ch == '\\' || ch == '"') {
                out += '\\';
                out += ch;
            } else if (ch == '\n') {
                out += "\\n";
            } else {
                out += ch;
            }
        }
        out += '"';
    }
    return out + "}";
}

} // namespace pb::metrics
