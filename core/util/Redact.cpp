#include "util/Redact.h"

#include <algorithm>

namespace pb::redact {
namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

// "api%5FKey" -> "api_key": the name as a server would read it, lower case.
std::string normalName(std::string_view name)
{
    std::string out;
    for (std::size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        if (c == '%' && i + 2 < name.size() && hexValue(name[i + 1]) >= 0 && hexValue(name[i + 2]) >= 0) {
            c = char(hexValue(name[i + 1]) * 16 + hexValue(name[i + 2]));
            i += 2;
        } else if (c == '+') {
            c = ' ';
        }
        out += c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
    }
    return out;
}

bool isPublic(std::string_view name, const std::vector<std::string>& publicParameters)
{
    const auto n = normalName(name);
    return !n.empty() && std::any_of(publicParameters.begin(), publicParameters.end(),
                                     [&](const std::string& p) { return normalName(p) == n; });
}

// "a=1&b" split at any of `seps`: each parameter's value redacted unless
// public; `changed` set when anything was. A query is split at ';' too, as
// some servers do, so "?public=1;key=S" keeps nothing of S.
std::string redactParameters(std::string_view params, std::string_view seps,
                             const std::vector<std::string>& publicParameters, bool& changed)
{
    std::string out;
    std::size_t start = 0;
    while (start <= params.size()) {
        auto end = params.find_first_of(seps, start);
        if (end == std::string_view::npos) {
            end = params.size();
        }
        const auto param = params.substr(start, end - start);
        if (start > 0) {
            out += params[start - 1];
        }
        const auto eq = param.find('=');
        const auto name = param.substr(0, eq);
        if (param.empty() || isPublic(name, publicParameters)) {
            out += param;
        } else if (eq == std::string_view::npos) {
            out += kMark; // a bare token may be the secret itself
            changed = true;
        } else {
            out += std::string(name) + "=" + std::string(kMark);
            changed = true;
        }
        start = end + 1;
    }
    return out;
}

std::string redactImpl(std::string_view u, const std::vector<std::string>& publicParameters, bool& changed)
{
    std::string out;
    std::size_t authority = 0;
    if (const auto scheme = u.find("://"); scheme != std::string_view::npos) {
        authority = scheme + 3;
    }
    out += u.substr(0, authority);
    // The authority ends at the first '/', '?', '#' or ';'.
    auto hostEnd = u.find_first_of("/?#;", authority);
    if (hostEnd == std::string_view::npos) {
        hostEnd = u.size();
    }
    auto host = u.substr(authority, hostEnd - authority);
    if (const auto at = host.rfind('@'); at != std::string_view::npos) {
        out += std::string(kMark) + "@";
        host = host.substr(at + 1);
        changed = true;
    }
    out += host;
    auto rest = u.substr(hostEnd);
    std::string_view fragment;
    bool hasFragment = false;
    if (const auto hash = rest.find('#'); hash != std::string_view::npos) {
        fragment = rest.substr(hash + 1);
        hasFragment = true;
        rest = rest.substr(0, hash);
    }
    std::string_view query;
    bool hasQuery = false;
    if (const auto q = rest.find('?'); q != std::string_view::npos) {
        query = rest.substr(q + 1);
        hasQuery = true;
        rest = rest.substr(0, q);
    }
    // The path, each segment's matrix parameters (";a=1;b=2") redacted.
    std::size_t i = 0;
    while (i < rest.size()) {
        const auto semi = rest.find(';', i);
        if (semi == std::string_view::npos) {
            out += rest.substr(i);
            break;
        }
        out += rest.substr(i, semi - i);
        auto segEnd = rest.find('/', semi);
        if (segEnd == std::string_view::npos) {
            segEnd = rest.size();
        }
        out += ';';
        out += redactParameters(rest.substr(semi + 1, segEnd - semi - 1), ";", publicParameters, changed);
        i = segEnd;
    }
    if (hasQuery) {
        out += '?';
        out += redactParameters(query, "&;", publicParameters, changed);
    }
    if (hasFragment) {
        out += '#';
        if (!fragment.empty()) {
            out += kMark;
            changed = true;
        }
    }
    return out;
}

} // namespace

std::string url(std::string_view u, const std::vector<std::string>& publicParameters)
{
    bool changed = false;
    return redactImpl(u, publicParameters, changed);
}

bool hasSecretPart(std::string_view u, const std::vector<std::string>& publicParameters)
{
    bool changed = false;
    redactImpl(u, publicParameters, changed);
    return changed;
}

bool isSafeHeaderValue(std::string_view value)
{
    return value.find_first_of(std::string_view("\r\n\0", 3)) == std::string_view::npos;
}

} // namespace pb::redact
