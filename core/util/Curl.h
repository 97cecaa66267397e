// libcurl's process-wide set-up and the small header helpers that the load
// engine, the metrics scraper and the Jaeger client share.
#pragma once

#include <curl/curl.h>

#include <stdexcept>
#include <string_view>

namespace pb {

// curl_global_init is not reference-counted across threads in older
// libcurl: once per process, never undone. Throws when it fails.
inline void ensureCurlGlobal()
{
    static const bool ok = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    if (!ok) {
        throw std::runtime_error("libcurl could not be initialised");
    }
}

// ASCII only, as HTTP header names are: no locale, no libc call (this runs
// for every response header line).
constexpr char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c;
}

// Header names compare without case ("Retry-After:", "content-type:").
inline bool startsWithNoCase(std::string_view s, std::string_view prefix)
{
    if (s.size() < prefix.size()) {
        return false;
    }
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (asciiLower(s[i]) != asciiLower(prefix[i])) {
            return false;
        }
    }
    return true;
}

} // namespace pb
