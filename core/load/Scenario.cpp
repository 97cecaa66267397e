#include "load/Scenario.h"
#include "util/StrictJson.h"

#include "budget/Budget.h"

#include "load/ScenarioMetrics.h"
#include "load/ScenarioReader.h"
#include "load/TraceContext.h"

#include <nlohmann/json.hpp>

#include <QByteArrayView>
#include <QCryptographicHash>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace pb::load {

using json = nlohmann::json; // as in the folder's other files (one unity batch)

namespace {

using detail::Node;
constexpr Nanos kSecond = 1'000'000'000;

std::string lowerAscii(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
    return s;
}

// Headers that carry credentials: the key comes from api_key_env only.
bool isCredentialHeader(const std::string& name)
{
    const auto n = lowerAscii(name);
    return n == "authorization" || n == "proxy-authorization" || n == "api-key" || n == "x-api-key";
}

// The first query parameter whose name looks like a credential, or empty.
std::string secretQueryParameter(const std::string& query)
{
    static const char* const kSecret[] = {"key",   "api_key", "api-key",  "apikey",    "access_token",
                                          "token", "sig",     "secret",   "signature", "password",
                                          "auth",  "code",    "x-api-key"};
    std::istringstream in(query);
    std::string pair;
    while (std::getline(in, pair, '&')) {
        const auto name = lowerAscii(pair.substr(0, pair.find('=')));
        for (const char* s : kSecret) {
            if (name == s) {
                return name;
            }
        }
    }
    return {};
}

std::string formatRate(double r)
{
    std::ostringstream os;
    os << r;
    return os.str();
}

std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw ScenarioError(path + ": cannot be read");
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Target parseTarget(const Node& t)
{
    t.allowOnly({"base_url", "api", "path", "model", "api_key_env", "api_key_header", "headers", "tls_verify",
                 "http_version", "max_connections", "raw_body", "stream_protocol", "public_parameters"});
    Target out;
    out.baseUrl = t.str("base_url", {}, true);
    if (!(out.baseUrl.starts_with("http://") || out.baseUrl.starts_with("https://")) ||
        out.baseUrl.find_first_of(" \t\r\n") != std::string::npos) {
        t.fail("base_url", "expected an http:// or https:// URL");
    }
    {
        const auto rest = out.baseUrl.substr(out.baseUrl.find("://") + 3);
        if (rest.substr(0, rest.find('/')).find('@') != std::string::npos) {
            t.fail("base_url",
                   "credentials in the URL are not allowed; name the environment variable that holds "
                   "the key in target.api_key_env");
        }
        // A query string can carry a key (?key=, ?api-key=, ?sig=): it would be stored with the run.
        if (out.baseUrl.find_first_of("?#") != std::string::npos) {
            t.fail("base_url",
                   "a query string or fragment is not allowed in the URL (it may carry credentials, and "
                   "the API path is appended to it); put a key in the environment variable named by "
                   "target.api_key_env");
        }
    }
    while (out.baseUrl.ends_with('/')) {
        out.baseUrl.pop_back();
    }
    const auto api = t.str("api", "chat");
    if (api == "chat") {
        out.api = ApiStyle::Chat;
        out.path = "/v1/chat/completions";
    } else if (api == "responses") {
        out.api = ApiStyle::Responses;
        out.path = "/v1/responses";
        out.streamProtocol = pb::stream::Protocol::Responses;
    } else if (api == "raw") {
        out.api = ApiStyle::Raw;
    } else {
        t.fail("api", "expected \"chat\", \"responses\" or \"raw\"");
    }
    out.path = t.str("path", out.path, out.api == ApiStyle::Raw);
    if (!out.path.starts_with('/') || out.path.find_first_of(" \t\r\n") != std::string::npos) {
        t.fail("path", "expected a path starting with /");
    }
    if (const auto q = out.path.find('?'); q != std::string::npos) {
        // api-version=… is fine; a key in the query is not.
        if (const auto param = secretQueryParameter(out.path.substr(q + 1)); !param.empty()) {
            t.fail("path", "the query parameter '" + param +
                               "' looks like a credential; put the key in the environment variable named by "
                               "target.api_key_env (and its header in target.api_key_header)");
        }
    }
    out.publicParameters = detail::parsePublicParameters(t);
    out.model = t.str("model", {}, out.api != ApiStyle::Raw);
    out.apiKeyEnv = t.str("api_key_env");
    if (out.apiKeyEnv.find_first_of("= \t") != std::string::npos) {
        t.fail("api_key_env", "expected the name of an environment variable");
    }
    out.apiKeyHeader = lowerAscii(t.str("api_key_header", "authorization"));
    if (out.apiKeyHeader.empty() || out.apiKeyHeader.find_first_of(": \t\r\n") != std::string::npos) {
        t.fail("api_key_header", "expected a header name");
    }
    if (t.has("headers")) {
        const auto& h = t.raw().at("headers");
        if (!h.is_object()) {
            t.fail("headers", "expected an object of header name to value");
        }
        for (const auto& [k, v] : h.items()) {
            if (!v.is_string() || k.empty() || k.find_first_of(": \t\r\n") != std::string::npos ||
                v.get<std::string>().find_first_of("\r\n") != std::string::npos) {
                t.fail("headers." + k,
                       "expected a header name without ':' or spaces and a one-line string value");
            }
            if (isCredentialHeader(k)) {
                t.fail("headers." + k, "a credential header is not allowed in the scenario (it would be "
                                       "stored and logged); put the key in the environment variable named "
                                       "by target.api_key_env, and the header name in "
                                       "target.api_key_header");
            }
            out.headers.emplace_back(k, v.get<std::string>());
        }
    }
    out.tlsVerify = t.boolean("tls_verify", true);
    const auto hv = t.str("http_version", "1.1");
    if (hv == "1.1") {
        out.httpVersion = HttpVersion::Http1_1;
    } else if (hv == "2") {
        out.httpVersion = HttpVersion::Http2;
    } else if (hv == "2-prior-knowledge") {
        out.httpVersion = HttpVersion::Http2PriorKnowledge;
    } else {
        t.fail("http_version", "expected \"1.1\", \"2\" or \"2-prior-knowledge\"");
    }
    out.maxConnections = t.integer("max_connections", 0, 0, 100000);
    if (out.api == ApiStyle::Raw) {
        if (!t.has("raw_body")) {
            t.fail("raw_body", "missing (api \"raw\" needs a body template)");
        }
        const auto& rb = t.raw().at("raw_body");
        if (rb.is_string()) {
            out.rawBody = rb.get<std::string>();
        } else if (rb.is_object() || rb.is_array()) {
            out.rawBody = rb.dump();
        } else {
            t.fail("raw_body", "expected a JSON object or a string template");
        }
    } else if (t.has("raw_body")) {
        t.fail("raw_body", "only used with api \"raw\"");
    }
    const auto sp = t.str("stream_protocol",
                          out.streamProtocol == pb::stream::Protocol::Responses ? "responses" : "chat");
    if (sp == "chat") {
        out.streamProtocol = pb::stream::Protocol::ChatCompletions;
    } else if (sp == "responses") {
        out.streamProtocol = pb::stream::Protocol::Responses;
    } else {
        t.fail("stream_protocol", "expected \"chat\" or \"responses\"");
    }
    return out;
}

void uniqueStageNames(std::vector<Stage>& stages)
{
    std::map<std::string, int> seen;
    for (auto& s : stages) {
        if (++seen[s.name] > 1) {
            s.name += std::string("-") + std::to_string(seen[s.name]);
        }
    }
}

// A rate (per second, after time_unit) within kMaxRatePerSecond.
double boundedRate(const Node& n, const char* key, double given, double perSecond)
{
    const double rate = given * perSecond;
    if (!(rate <= kMaxRatePerSecond)) {
        n.fail(key, "expected at most 100000 arrivals per second, found " + n.raw().at(key).dump() +
                        (perSecond != 1 ? " per time_unit (" + formatRate(rate) + "/s)" : std::string()));
    }
    return rate;
}

// executor type "replay" (docs/scenario.md, "Trace replay"): reads the trace now, so that a bad
// line stops the scenario before the run, naming the trace file and the line.
void parseReplay(const Node& e, Executor& out, const std::string& baseDir)
{
    e.allowOnly({"type", "file", "format", "speedup", "loop", "duration", "block_tokens", "max_in_flight",
                 "pre_allocated", "stage"});
    out.kind = ExecutorKind::Replay;
    auto& r = out.replay;
    r.file = e.str("file", {}, true);
    if (e.has("format")) {
        const auto f = e.str("format");
        if (f != "mooncake" && f != "csv") {
            e.fail("format", "expected \"mooncake\" or \"csv\"");
        }
        r.format = f == "csv" ? TraceFormat::Csv : TraceFormat::Mooncake;
    } else if (!traceFormatFromName(r.file, r.format)) {
        e.fail("format", "missing (expected \"mooncake\" or \"csv\"; the file name ends in neither .jsonl, "
                         ".json nor .csv)");
    }
    r.speedup = e.positive("speedup", 1.0);
    if (r.speedup > 1e6) {
        e.fail("speedup", "expected a number up to 1000000");
    }
    r.loop = e.boolean("loop", false);
    r.blockTokens = e.integer("block_tokens", 512, 1, int(kMaxTraceTokens));
    const auto duration = e.duration("duration");
    if (r.loop && !duration) {
        e.fail("duration", "missing (a looped replay runs until its duration)");
    }
    std::filesystem::path path(r.file);
    if (path.is_relative()) {
        path = std::filesystem::path(baseDir) / path;
    }
    try {
        r.entries = readTraceFile(path.string(), r.format, r.blockTokens);
    } catch (const TraceError& ex) {
        e.fail("file", ex.what());
    }
    std::int64_t promptBytes = 0;
    for (const auto& entry : r.entries) {
        promptBytes += entry.inputTokens * kBytesPerTokenOfTrace;
    }
    if (promptBytes > kMaxReplayPromptBytes) {
        e.fail("file", "the trace's prompts add up to more than 1 GiB (they are prepared before the run)");
    }
    // Checked in double before any offset is scaled to ns (a tiny speedup would overflow).
    if (double(r.entries.back().offset) / r.speedup > double(kMaxDuration)) {
        e.fail(e.has("speedup") ? "speedup" : "file",
               "the trace lasts longer than 168h (7 days) after speedup");
    }
    // A pass lasts the last offset plus the mean gap, so that a loop keeps the trace's mean rate.
    const auto n = r.entries.size();
    const Nanos last = r.scaledOffset(n - 1);
    const Nanos gap = n > 1 ? last / Nanos(n - 1) : static_cast<Nanos>(double(kSecond) / r.speedup);
    r.passLength = last + std::max<Nanos>(gap, 1'000'000);
    const double meanRate = double(n) / (double(r.passLength) / 1e9);
    if (meanRate > kMaxRatePerSecond) {
        e.fail("speedup", "the replay asks for more than 100000 arrivals per second on average");
    }
    Stage st{e.str("stage", "replay"), meanRate, meanRate, duration.value_or(r.passLength)};
    if (st.duration > kMaxDuration) {
        e.fail(duration ? "duration" : "speedup", "the replay lasts longer than 168h (7 days)");
    }
    out.stages.push_back(std::move(st));
}

Executor parseExecutor(const Node& e, const std::string& file, const std::string& baseDir)
{
    Executor out;
    const auto type = e.str("type", {}, true);
    if (type == "constant-vus") {
        if (e.has("arrival") || e.has("burstiness")) {
            e.fail(e.has("arrival") ? "arrival" : "burstiness",
                   "only used with the open executors (the closed model starts an iteration when the "
                   "previous one ended)");
        }
        e.allowOnly({"type", "vus", "duration"});
        out.kind = ExecutorKind::ConstantVus;
        out.vus = e.integer("vus", 0, 1, kMaxVus);
        if (out.vus == 0) {
            e.fail("vus", "missing (expected an integer from 1 to " + std::to_string(kMaxVus) + ")");
        }
        out.duration = e.requiredDuration("duration");
        out.maxInFlight = out.vus;
        out.preAllocated = out.vus;
        return out;
    }
    const int maxInFlight = e.integer("max_in_flight", 100, 1, kMaxVus);
    out.maxInFlight = maxInFlight;
    out.preAllocated = e.integer("pre_allocated", std::min(maxInFlight, 100), 0, kMaxVus);
    if (out.preAllocated > out.maxInFlight) {
        e.fail("pre_allocated",
               std::string("must not exceed max_in_flight (") + std::to_string(maxInFlight) + ")");
    }
    out.timeUnit = e.duration("time_unit").value_or(kSecond);
    const double perSecond = double(kSecond) / double(out.timeUnit);
    if (type == "replay") {
        parseReplay(e, out, baseDir);
        return out;
    }
    if (type == "constant-arrival-rate") {
        e.allowOnly({"type", "rate", "time_unit", "duration", "pre_allocated", "max_in_flight", "stage",
                     "arrival", "burstiness"});
        out.kind = ExecutorKind::ConstantArrivalRate;
        const double rate = boundedRate(e, "rate", e.positive("rate"), perSecond);
        Stage s{e.str("stage", std::string("rate-") + formatRate(e.positive("rate"))), rate, rate,
                e.requiredDuration("duration")};
        out.stages.push_back(std::move(s));
        return out;
    }
    if (type != "ramping-arrival-rate" && type != "stepped-arrival-rate") {
        e.fail("type",
               "expected \"constant-arrival-rate\", \"ramping-arrival-rate\", \"stepped-arrival-rate\" "
               "\"constant-vus\" or \"replay\"");
    }
    e.allowOnly({"type", "start_rate", "time_unit", "stages", "pre_allocated", "max_in_flight", "arrival",
                 "burstiness"});
    out.kind = ExecutorKind::RampingArrivalRate;
    const bool linearDefault = type == "ramping-arrival-rate";
    double prev =
        e.has("start_rate") ? boundedRate(e, "start_rate", e.nonNegative("start_rate", 0), perSecond) : 0;
    if (!e.has("stages") || !e.raw().at("stages").is_array() || e.raw().at("stages").empty()) {
        e.fail("stages", "expected a non-empty array of {\"target\", \"duration\"}");
    }
    const auto& arr = e.raw().at("stages");
    if (arr.size() > kMaxStages) {
        e.fail("stages", "expected at most " + std::to_string(kMaxStages) + " stages, found " +
                             std::to_string(arr.size()));
    }
    Nanos planned = 0; // each stage is at most kMaxDuration: the sum is checked as it grows
    for (std::size_t i = 0; i < arr.size(); ++i) {
        Node st(arr[i], e.sub("stages") + std::string("[") + std::to_string(i) + "]", file);
        st.expectObject();
        st.allowOnly({"target", "rate", "duration", "name", "ramp"});
        const char* rateKey = st.has("rate") ? "rate" : "target";
        if (!st.has(rateKey)) {
            st.fail("target", "missing (expected a number >= 0)");
        }
        const double given = st.nonNegative(rateKey, 0);
        const double target = boundedRate(st, rateKey, given, perSecond);
        const auto ramp = st.str("ramp", linearDefault ? "linear" : "step");
        if (ramp != "linear" && ramp != "step") {
            st.fail("ramp", "expected \"linear\" or \"step\"");
        }
        Stage s;
        s.duration = st.requiredDuration("duration");
        planned += s.duration;
        if (planned > kMaxDuration) {
            st.fail("duration", "the stages last longer than 168h (7 days) in all");
        }
        s.endRate = target;
        s.startRate = ramp == "linear" ? prev : target;
        s.name = st.str("name", ramp == "linear" && s.startRate != s.endRate
                                    ? std::string("ramp-") + formatRate(prev / perSecond) + std::string("-") +
                                          formatRate(given)
                                    : std::string("rate-") + formatRate(given));
        prev = target;
        out.stages.push_back(std::move(s));
    }
    uniqueStageNames(out.stages);
    return out;
}

// executor.arrival and executor.burstiness (open executors; checked by allowOnly there).
void parseArrival(const Node& e, Scenario& s)
{
    const auto kind = e.str("arrival", "uniform");
    if (kind == "uniform") {
        s.arrival = ArrivalKind::Uniform;
    } else if (kind == "poisson") {
        s.arrival = ArrivalKind::Poisson;
    } else if (kind == "gamma") {
        s.arrival = ArrivalKind::Gamma;
    } else {
        e.fail("arrival", "expected \"uniform\", \"poisson\" or \"gamma\"");
    }
    if (e.has("burstiness")) {
        if (s.arrival != ArrivalKind::Gamma) {
            e.fail("burstiness", "only used with \"arrival\": \"gamma\"");
        }
        s.burstiness = e.positive("burstiness");
        // Shapes far below 0.01 put nearly every arrival in one burst and underflow the sampler.
        if (s.burstiness < 0.01 || s.burstiness > 1000) {
            e.fail("burstiness", "expected a number from 0.01 to 1000");
        }
    }
}

RetryPolicy parseRetry(const Node& r)
{
    r.allowOnly({"max_attempts", "on_status", "on_transport_error", "backoff", "backoff_multiplier"});
    RetryPolicy out;
    out.maxAttempts = r.integer("max_attempts", 1, 1, 10);
    if (r.has("on_status")) {
        const auto& a = r.raw().at("on_status");
        if (!a.is_array()) {
            r.fail("on_status", "expected an array of HTTP status codes");
        }
        out.onStatus.clear();
        for (const auto& v : a) {
            // Compared as int64: get<int>() wraps 4294967396 to 100.
            if (!v.is_number_integer() || v.get<std::int64_t>() < 100 || v.get<std::int64_t>() > 599) {
                r.fail("on_status", "expected HTTP status codes from 100 to 599");
            }
            out.onStatus.push_back(static_cast<int>(v.get<std::int64_t>()));
        }
    }
    out.onTransportError = r.boolean("on_transport_error", true);
    out.backoff = r.duration("backoff", true).value_or(out.backoff);
    out.backoffMultiplier = r.positive("backoff_multiplier", 2.0);
    if (out.backoffMultiplier > kMaxBackoffMultiplier) {
        r.fail("backoff_multiplier",
               "expected a number up to 10, found " + r.raw().at("backoff_multiplier").dump());
    }
    return out;
}

// "sampling": {"policy", "head_ratio", "tail_rules"} (model/Sampling.h).
SamplingPolicy parseSampling(const Node& n)
{
    n.allowOnly({"policy", "head_ratio", "tail_rules"});
    SamplingPolicy p;
    const auto policy = n.str("policy", {}, true);
    const auto kind = samplingKindFrom(policy);
    if (!kind) {
        n.fail("policy", "expected one of: head, tail, head+tail, all, unknown");
    }
    p.kind = *kind;
    p.headRatio = n.number("head_ratio");
    p.tailRules = n.str("tail_rules");
    if (const auto problem = samplingProblem(p); !problem.empty()) {
        // Every problem starts with the key it is about.
        const std::string key = problem.starts_with("head_ratio") ? "head_ratio" : "tail_rules";
        n.fail(key, problem.starts_with(key + ": ") ? problem.substr(key.size() + 2) : problem);
    }
    return p;
}

// Names the scenario document a run was made from: the same text, the same digest.
std::string sha256Digest(std::string_view text)
{
    const auto hash = QCryptographicHash::hash(QByteArrayView(text.data(), qsizetype(text.size())),
                                               QCryptographicHash::Sha256);
    return "sha256:" + hash.toHex().toStdString();
}

} // namespace

std::string_view nameOf(ApiStyle a)
{
    switch (a) {
    case ApiStyle::Chat:
        return "chat";
    case ApiStyle::Responses:
        return "responses";
    case ApiStyle::Raw:
        return "raw";
    }
    return "chat";
}

std::string_view nameOf(ExecutorKind k)
{
    switch (k) {
    case ExecutorKind::ConstantArrivalRate:
        return "constant-arrival-rate";
    case ExecutorKind::RampingArrivalRate:
        return "ramping-arrival-rate";
    case ExecutorKind::ConstantVus:
        return "constant-vus";
    case ExecutorKind::Replay:
        return "replay";
    }
    return "constant-arrival-rate";
}

std::string_view nameOf(HttpVersion v)
{
    switch (v) {
    case HttpVersion::Http1_1:
        return "1.1";
    case HttpVersion::Http2:
        return "2";
    case HttpVersion::Http2PriorKnowledge:
        return "2-prior-knowledge";
    }
    return "1.1";
}

std::string bucketName(std::string_view prefix, const std::vector<std::int64_t>& edges, std::int64_t n)
{
    std::int64_t lo = 0;
    for (const auto hi : edges) {
        if (n < hi) {
            return std::string(prefix) + "_" + std::to_string(lo) + "_" + std::to_string(hi);
        }
        lo = hi;
    }
    return std::string(prefix) + "_" + std::to_string(lo) + "_plus";
}

std::string Target::url() const
{
    return baseUrl + path;
}

Nanos Executor::plannedDuration() const
{
    if (kind == ExecutorKind::ConstantVus) {
        return duration;
    }
    Nanos d = 0;
    for (const auto& s : stages) {
        d += s.duration;
    }
    return d;
}

std::optional<Nanos> parseDuration(std::string_view s)
{
    if (s.empty()) {
        return std::nullopt;
    }
    long double total = 0;
    while (!s.empty()) {
        std::size_t i = 0;
        while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) {
            ++i;
        }
        if (i == 0) {
            return std::nullopt;
        }
        double v = 0;
        const auto r = std::from_chars(s.data(), s.data() + i, v);
        if (r.ec != std::errc() || r.ptr != s.data() + i) {
            return std::nullopt;
        }
        s.remove_prefix(i);
        std::size_t u = 0;
        while (u < s.size() && ((s[u] >= 'a' && s[u] <= 'z'))) {
            ++u;
        }
        const auto unit = s.substr(0, u);
        s.remove_prefix(u);
        long double scale = 0;
        if (unit == "ns") {
            scale = 1;
        } else if (unit == "us") {
            scale = 1e3;
        } else if (unit == "ms") {
            scale = 1e6;
        } else if (unit == "s" || (unit.empty() && s.empty() && total == 0)) {
            scale = 1e9;
        } else if (unit == "m") {
            scale = 60e9;
        } else if (unit == "h") {
            scale = 3600e9;
        } else {
            return std::nullopt;
        }
        total += static_cast<long double>(v) * scale;
    }
    if (total > 1e18L) {
        return std::nullopt;
    }
    return static_cast<Nanos>(std::llround(static_cast<double>(total)));
}

namespace {

// "budgets": a budget file's path (relative to the scenario) or the budget
// object itself. Checked now, so that a bad budget stops the run before it
// starts, and kept as canonical JSON.
std::string readBudgets(const Node& top, const std::string& file, const std::string& baseDir)
{
    const auto& raw = top.raw().at("budgets");
    try {
        if (raw.is_string()) {
            std::filesystem::path path(raw.get<std::string>());
            if (path.is_relative()) {
                path = std::filesystem::path(baseDir) / path;
            }
            return budget::budgetsToJson(budget::loadBudgets(path.string()));
        }
        if (raw.is_object()) {
            return budget::budgetsToJson(budget::parseBudgets(raw.dump(), file + ": budgets"));
        }
    } catch (const budget::BudgetError& e) {
        top.fail("budgets", e.what());
    }
    top.fail("budgets", "expected a budget file's path or a budget object (docs/budgets.md)");
}

} // namespace

Scenario parseScenario(std::string_view text, const std::string& file, const std::string& baseDir)
{
    json doc;
    try {
        doc = parseJsonStrict<json>(text);
    } catch (const json::exception& e) {
        // parse_error, or out_of_range for a number such as 1e3030.
        std::string msg = e.what();
        if (const auto p = msg.find("] "); msg.starts_with("[json.exception.") && p != std::string::npos) {
            msg = msg.substr(p + 2);
        }
        throw ScenarioError(file + ": not valid JSON: " + msg);
    } catch (const DuplicateJsonKey& e) {
        throw ScenarioError(file + ": " + e.what());
    }
    Node top(doc, "", file);
    top.expectObject();
    top.allowOnly({"name", "target", "request", "executor", "warmup", "graceful_stop", "timeout",
                   "cancel_after", "retry", "generator", "sample_interval", "budgets", "sessions", "$schema",
                   "description", "seed", "metrics", "sampling", "server_timings"});
    Scenario s;
    s.file = file;
    s.name = top.str("name", "scenario");
    if (s.name.empty()) {
        top.fail("name", "expected a non-empty name");
    }
    // The seed first: prompt sources sample and generate with it.
    if (top.has("seed")) {
        const auto& v = top.raw().at("seed");
        // Up to 2^53 - 1, so that any JSON reader keeps the stored seed exact.
        if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 9007199254740991) {
            top.fail("seed", "expected an integer from 0 to 9007199254740991");
        }
        s.seed = static_cast<std::uint64_t>(v.get<std::int64_t>());
    } else {
        s.seed = randomSeed();
        s.seedDrawn = true;
    }
    s.target = parseTarget(top.child("target"));
    const bool replay = top.child("executor").str("type") == "replay";
    s.request = detail::parseRequest(top.child("request"), file, baseDir, s.seed, replay);
    s.executor = parseExecutor(top.child("executor"), file, baseDir);
    if (s.executor.open() && !replay) {
        parseArrival(top.child("executor"), s);
    }
    s.warmup = top.duration("warmup", true).value_or(0);
    if (replay && s.warmup > 0) {
        top.fail("warmup", "not used with executor type \"replay\" (the trace's offsets start the run)");
    }
    if (s.warmup + s.executor.plannedDuration() > kMaxDuration) {
        top.fail("warmup", "warmup and the executor's stages last longer than 168h (7 days) in all");
    }
    s.gracefulStop = top.duration("graceful_stop", true).value_or(s.gracefulStop);
    s.timeout = top.duration("timeout").value_or(s.timeout);
    s.cancelAfter = top.duration("cancel_after");
    if (top.has("retry")) {
        s.retry = parseRetry(top.child("retry"));
    }
    if (top.has("generator")) {
        const auto g = top.child("generator");
        g.allowOnly({"instance_id"});
        if (g.has("instance_id")) {
            std::uint32_t id = 0;
            if (!parseInstanceId(g.str("instance_id"), id)) {
                g.fail("instance_id", "expected 1 to 8 hex digits");
            }
            s.instanceId = id;
        }
    }
    s.sampleInterval = top.duration("sample_interval").value_or(s.sampleInterval);
    if (s.sampleInterval < 10'000'000) {
        top.fail("sample_interval", "expected at least 10ms");
    }
    if (top.has("budgets")) {
        s.budgetsJson = readBudgets(top, file, baseDir);
    }
    if (top.has("metrics")) {
        s.metrics = detail::parseMetricsSource(top.child("metrics"));
    }
    if (top.has("sampling")) {
        s.sampling = parseSampling(top.child("sampling"));
    }
    if (top.has("server_timings")) {
        s.serverTimings = detail::parseServerTimings(top.child("server_timings"), baseDir);
    }
    if (top.has("sessions")) {
        s.sessions = detail::parseSessions(top.child("sessions"), s);
    }
    s.digest = sha256Digest(text);
    return s;
}

Scenario loadScenario(const std::string& path)
{
    const auto text = readTextFile(path);
    const auto dir = std::filesystem::path(path).parent_path().string();
    return parseScenario(text, path, dir.empty() ? std::string(".") : dir);
}

} // namespace pb::load
