// libcurl's process-wide set-up and the small header helpers that the load
// engine, the metrics scraper and the Jaeger client share.
#pragma once

#include <curl/curl.h>

#include <cctype>
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

// Header names compare without case ("Retry-After:", "content-type:").
inline bool startsWithNoCase(std::string_view s, std::string_view prefix)
{
    if (s.size() < prefix.size()) {
        return false;
    }
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(s[i])) !=
            std::tolower(static_cast<unsigned char>(prefix[i]))) {
            return false;
        }
    }
    return true;
}

} // namespace pb
