// The server timings an imported response carries (docs/import.md "Server
// timings"), read through the builtin timing profiles of
// servertiming/TimingProfile.h into a record's reported_* columns.
#pragma once

#include "model/RequestRecord.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pb::import {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// One response: its headers and its body, a JSON document (origin "body") or
// an SSE text whose last event carrying timings is read (origin "stream").
// The builtin profiles are tried in their order (vllm, tgi, groq), each on
// what it reads (body fields or headers); the first that reads a field wins
// and names itself in r.timingProfile. True when one did.
bool readResponseTimings(std::string_view body, const HeaderList& headers, RequestRecord& r);
// The body profiles (vllm, groq) on one parsed JSON document.
bool readResponseTimings(const nlohmann::json& doc, RequestRecord& r, std::string_view origin);

} // namespace pb::import
