// Secrets by rule, not by name: what of a URL may be stored or printed, and
// which header values may be sent. One implementation for every URL the
// program meets (target, metrics, OTLP, Jaeger) and every message or banner
// that shows one (docs/security.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pb::redact {

// What replaces a secret part.
inline constexpr std::string_view kMark = "REDACTED";

// `url` safe to store or print: the user-info ("user:pw@") becomes
// "REDACTED@"; every query parameter's and matrix parameter's (";key=")
// value becomes REDACTED, unless its name (compared case-insensitively,
// after percent-decoding) is in `publicParameters`; a parameter without a
// value is redacted whole; a fragment becomes "#REDACTED". Scheme, host,
// port and path stay, so a message still says where.
std::string url(std::string_view url, const std::vector<std::string>& publicParameters = {});

// True when `url` has a part that url() would redact.
bool hasSecretPart(std::string_view url, const std::vector<std::string>& publicParameters = {});

// A header value from the environment or the command line may be sent only
// when it holds no CR, LF or NUL (those would end the header and start
// another one).
bool isSafeHeaderValue(std::string_view value);

} // namespace pb::redact
