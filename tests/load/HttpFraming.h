// Internal to the load test servers: HTTP/1.1 framing shared by RawServer,
// ScriptedSseServer and EventServer.
#pragma once

#include "TestServers.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <string>

namespace pb::test::detail {

inline std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

inline std::string chunk(const std::string& data)
{
    char head[32];
    std::snprintf(head, sizeof head, "%zx\r\n", data.size());
    return head + data + "\r\n";
}

// Parses one request from the front of `buf`; nullopt when incomplete.
inline std::optional<HttpRequest> parseRequest(std::string& buf)
{
    const auto end = buf.find("\r\n\r\n");
    if (end == std::string::npos) {
        return std::nullopt;
    }
    HttpRequest r;
    std::size_t pos = buf.find("\r\n");
    const std::string first = buf.substr(0, pos);
    const auto sp1 = first.find(' ');
    const auto sp2 = first.find(' ', sp1 + 1);
    r.method = first.substr(0, sp1);
    r.target = sp1 == std::string::npos ? std::string() : first.substr(sp1 + 1, sp2 - sp1 - 1);
    while (pos < end) {
        const auto next = buf.find("\r\n", pos + 2);
        const std::string line = buf.substr(pos + 2, next - pos - 2);
        if (const auto colon = line.find(':'); colon != std::string::npos) {
            std::string v = line.substr(colon + 1);
            v.erase(0, v.find_first_not_of(' '));
            r.headers[lower(line.substr(0, colon))] = v;
        }
        pos = next;
    }
    const std::size_t len = r.headers.count("content-length") ? std::stoul(r.headers["content-length"]) : 0;
    if (buf.size() < end + 4 + len) {
        return std::nullopt;
    }
    r.body = buf.substr(end + 4, len);
    buf.erase(0, end + 4 + len);
    return r;
}

inline std::string chatChunk(const std::string& delta)
{
    return R"(data: {"id":"chatcmpl-t","object":"chat.completion.chunk","created":1,"model":"test-model-1","choices":[{"index":0,"delta":)" +
           delta + R"(,"logprobs":null,"finish_reason":null}]})" + "\n\n";
}

} // namespace pb::test::detail
