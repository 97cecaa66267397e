#include "scaleout/K6Script.h"

#include "budget/Budget.h"
#include "load/Engine.h"
#include "load/RequestPlan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>

namespace pb::scaleout {
namespace {

using json = nlohmann::json;
using load::Scenario;

// JSON is a JavaScript literal; invalid UTF-8 in a prompt becomes U+FFFD
// instead of aborting the export.
std::string js(const json& j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string seconds(Nanos ns)
{
    // k6 durations: whole milliseconds are exact for every scenario duration.
    const auto ms = (ns + 500'000) / 1'000'000;
    if (ms % 1000 == 0) {
        return std::to_string(ms / 1000) + "s";
    }
    return std::to_string(ms) + "ms";
}

std::string number(double v)
{
    std::ostringstream os;
    os.precision(12);
    os << v;
    return os.str();
}

// k6 wants integer rates per time unit: the scenario's own unit when its
// rates are whole there, else the smallest of 1s, 1m, 1h that makes them
// whole (rounded at 1h).
struct RateUnit
{
    Nanos unit = 1'000'000'000;
    double perSecond = 1;
};

RateUnit rateUnit(const Scenario& s, const std::vector<load::Stage>& stages)
{
    const auto whole = [&](Nanos unit) {
        return std::all_of(stages.begin(), stages.end(), [&](const load::Stage& st) {
            for (double r : {st.startRate, st.endRate}) {
                const double v = r * double(unit) / 1e9;
                if (std::abs(v - std::round(v)) > 1e-9) {
                    return false;
                }
            }
            return true;
        });
    };
    for (Nanos unit : {s.executor.timeUnit, Nanos(1'000'000'000), Nanos(60'000'000'000)}) {
        if (unit > 0 && whole(unit)) {
            return {unit, double(unit) / 1e9};
        }
    }
    return {Nanos(3'600'000'000'000), 3600};
}

std::int64_t rateIn(double perSecond, const RateUnit& u)
{
    return std::llround(perSecond * u.perSecond);
}

// The executor as a k6 scenario. Phasebench's stages ramp from their start
// to their end rate; k6 stages ramp from the previous target, so a step
// becomes a 0 s stage to the new start rate first.
json executorJson(const Scenario& s, const std::vector<load::Stage>& stages, std::vector<std::string>& notes)
{
    json sc;
    const auto& e = s.executor;
    sc["gracefulStop"] = seconds(s.gracefulStop);
    if (!e.open()) {
        sc["executor"] = "constant-vus";
        sc["vus"] = e.vus;
        sc["duration"] = seconds(s.warmup + e.duration);
        return sc;
    }
    const auto unit = rateUnit(s, stages);
    if (unit.unit == Nanos(3'600'000'000'000) && s.executor.timeUnit != unit.unit) {
        notes.push_back("rates rounded to whole iterations per hour");
    }
    const int maxVus = std::max(1, e.maxInFlight);
    const int pre = std::clamp(e.preAllocated > 0 ? e.preAllocated : std::min(maxVus, 10), 1, maxVus);
    sc["preAllocatedVUs"] = pre;
    sc["maxVUs"] = maxVus;
    sc["timeUnit"] = seconds(unit.unit);
    const bool constant = stages.size() == 1 && stages.front().startRate == stages.front().endRate;
    if (constant) {
        sc["executor"] = "constant-arrival-rate";
        sc["rate"] = rateIn(stages.front().startRate, unit);
        sc["duration"] = seconds(stages.front().duration);
        return sc;
    }
    sc["executor"] = "ramping-arrival-rate";
    const std::int64_t start = rateIn(stages.front().startRate, unit);
    sc["startRate"] = start;
    auto out = json::array();
    std::int64_t current = start;
    for (const auto& st : stages) {
        const auto from = rateIn(st.startRate, unit);
        const auto to = rateIn(st.endRate, unit);
        if (from != current) {
            out.push_back({{"target", from}, {"duration", "0s"}});
        }
        out.push_back({{"target", to}, {"duration", seconds(st.duration)}});
        current = to;
    }
    sc["stages"] = out;
    return sc;
}

// Budget metric -> what the script records. Latency trends are added for
// completed attempts only (the budgets' default scope); k6's own http_req_*
// phases are narrowed to expected responses.
std::optional<std::string> k6Metric(const std::string& metric)
{
    static const std::map<std::string, std::string> map{
        {"total", kK6TotalTrend},
        {"wait", kK6TtfbTrend},
        {"headers", kK6HeadersTrend},
        {"output_tokens", kK6OutputTokensTrend},
        {"input_tokens", kK6InputTokensTrend},
        {"blocked", "http_req_blocked"},
        {"connect", "http_req_connecting"},
        {"tls", "http_req_tls_handshaking"},
        {"send", "http_req_sending"},
        {"receive", "http_req_receiving"},
    };
    const auto it = map.find(metric);
    return it == map.end() ? std::nullopt : std::optional(it->second);
}

bool plainTagValue(const std::string& v)
{
    return !v.empty() && v.find_first_of(",{}:\"'") == std::string::npos;
}

std::string percentile(double p)
{
    return "p(" + number(p * 100) + ")";
}

// Tag selectors for one budget's condition: one per decision the budget
// makes (one per stage for the run windows of a stepped run), or a reason.
std::vector<std::string> selectors(const budget::PhaseBudget& b, const Scenario& s,
                                   const std::vector<std::string>& stageNames, const std::string& k6,
                                   std::string& why)
{
    const auto& c = b.condition;
    std::string common;
    if (k6.starts_with("http_req_")) {
        common = "expected_response:true";
    }
    for (const auto& f : c.filters) {
        std::string tag;
        if (f.column == "model") {
            tag = "model";
        } else if (f.column == "input_bucket" || f.column == "output_bucket") {
            tag = f.column;
        } else if (f.column == "scenario") {
            if (f.values.size() == 1 && f.values.front() == s.name) {
                continue;
            }
            why = "condition on another scenario";
            return {};
        } else {
            why = "condition on '" + f.column + "' has no k6 tag";
            return {};
        }
        if (f.values.size() != 1 || !plainTagValue(f.values.front())) {
            why = "condition on several values of '" + f.column + "' (a k6 threshold selects one)";
            return {};
        }
        common += (common.empty() ? "" : ",") + tag + ":" + f.values.front();
    }
    if (c.stream && *c.stream != s.request.stream) {
        why = std::string("condition stream=") + (*c.stream ? "true" : "false") +
              " never holds in this scenario";
        return {};
    }
    if (c.prefixCache != stats::PrefixCacheFilter::All) {
        why = "prefix-cache condition (k6 does not read the cached input tokens)";
        return {};
    }
    if (c.minRate || c.maxRate || c.minDurationMs > 0) {
        why = "rate or duration condition (decided by phasebench-cli check)";
        return {};
    }
    std::vector<std::string> stages;
    using Kind = stats::Window::Kind;
    const bool hasWarmup = !stageNames.empty() && stageNames.front() == "warmup";
    std::vector<std::string> measured(stageNames.begin() + (hasWarmup ? 1 : 0), stageNames.end());
    if (c.runWindows) {
        stages = measured; // one decision per stage, never pooled
    } else if (c.window.kind == Kind::All) {
        stages = {std::string()};
    } else if (c.window.kind == Kind::Stage || c.window.kind == Kind::StageSteady) {
        if (std::find(stageNames.begin(), stageNames.end(), c.window.stage) == stageNames.end()) {
            why = "window names stage '" + c.window.stage + "', which this scenario does not have";
            return {};
        }
        stages = {c.window.stage};
    } else if (c.window.kind == Kind::Steady && measured.size() == 1) {
        stages = measured;
    } else {
        why = "window spans several stages or a time range (decided by phasebench-cli check)";
        return {};
    }
    std::vector<std::string> out;
    for (const auto& st : stages) {
        if (!st.empty() && !plainTagValue(st)) {
            why = "stage name '" + st + "' cannot be a k6 tag value";
            return {};
        }
        std::string sel = common;
        if (!st.empty()) {
            sel = "stage:" + st + (sel.empty() ? "" : ",") + sel;
        }
        out.push_back(sel.empty() ? k6 : k6 + "{" + sel + "}");
    }
    return out;
}

std::vector<K6Threshold> thresholdsFor(const Scenario& s, const std::vector<std::string>& stageNames)
{
    std::vector<K6Threshold> out;
    if (s.budgetsJson.empty()) {
        return out;
    }
    budget::BudgetSet set;
    try {
        set = budget::parseBudgets(s.budgetsJson, s.file + ": budgets");
    } catch (const budget::BudgetError& e) {
        throw load::ScenarioError(e.what());
    }
    for (const auto& b : set.budgets) {
        const auto k6 = k6Metric(b.metric);
        if (!k6) {
            out.push_back({b.id, {}, {}, "'" + b.metric + "' is not visible to k6's non-streaming client"});
            continue;
        }
        std::string why;
        const auto sels = selectors(b, s, stageNames, *k6, why);
        if (sels.empty()) {
            out.push_back({b.id, {}, {}, why.empty() ? std::string("no stage to decide on") : why});
            continue;
        }
        const std::string op = b.direction == budget::Direction::AtMost ? "<=" : ">=";
        for (const auto& sel : sels) {
            out.push_back({b.id, sel, percentile(b.p) + op + number(b.threshold), {}});
        }
    }
    const auto& g = set.gates;
    if (g.maxErrorRate) {
        out.push_back({"max_error_rate", kK6ErrorRate, "rate<=" + number(*g.maxErrorRate), {}});
    }
    if (g.maxTimeoutRate) {
        out.push_back({"max_timeout_rate", kK6TimeoutRate, "rate<=" + number(*g.maxTimeoutRate), {}});
    }
    if (g.maxDroppedIterations) {
        if (s.executor.open()) {
            out.push_back({"max_dropped_iterations",
                           "dropped_iterations",
                           "count<=" + number(*g.maxDroppedIterations),
                           {}});
        } else {
            out.push_back({"max_dropped_iterations", {}, {}, "a closed model never drops iterations"});
        }
    }
    if (g.minJoinCoverage) {
        out.push_back(
            {"min_join_coverage", {}, {}, "needs the server's spans (phasebench-cli check after import)"});
    }
    if (g.generatorSaturation) {
        out.push_back({"generator_saturation", {}, {}, "k6 does not report its schedule lag per request"});
    }
    return out;
}

const char* kRuntime = R"JS(
const INSTANCE = instancePrefix();
const AUTH = authHeaders();
const EXTRA_HEADERS = extraHeaders();

const ttfb = new Trend('llm_ttfb_ms', true);
const headersTrend = new Trend('llm_headers_ms', true);
const totalTrend = new Trend('llm_total_ms', true);
const outputTokens = new Trend('llm_output_tokens');
const inputTokens = new Trend('llm_input_tokens');
const errors = new Rate('llm_errors');
const timeouts = new Rate('llm_timeouts');

// 32-bit FNV-1a: a stable instance prefix from what tells k6 instances apart.
function fnv1a32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// The generator ID in the trace IDs' high 32 bits: PHASEBENCH_INSTANCE (1-8
// hex digits) when set, else a hash of k6's execution segment (k6-operator
// gives every runner its own) and the host name (a pod's name).
function instancePrefix() {
  const given = __ENV.PHASEBENCH_INSTANCE;
  if (given !== undefined && given !== '') {
    if (!/^[0-9a-fA-F]{1,8}$/.test(given) || /^0+$/.test(given)) {
      throw new Error('PHASEBENCH_INSTANCE must be 1 to 8 hex digits, not all zero');
    }
    return given.toLowerCase().padStart(8, '0');
  }
  let segment = '';
  try {
    segment = JSON.stringify(exec.test.options.executionSegment || null);
  } catch (e) {
    segment = '';
  }
  const h = fnv1a32(segment + '|' + (__ENV.HOSTNAME || '') + '|' + (__ENV.COMPUTERNAME || '')) || 1;
  return h.toString(16).padStart(8, '0');
}

function authHeaders() {
  if (API_KEY_ENV === '') {
    return {};
  }
  const key = __ENV[API_KEY_ENV];
  if (key === undefined || key === '') {
    throw new Error('the API key variable ' + API_KEY_ENV + ' is not set');
  }
  if (API_KEY_HEADER.toLowerCase() === 'authorization') {
    return { Authorization: 'Bearer ' + key };
  }
  const h = {};
  h[API_KEY_HEADER] = key;
  return h;
}

function extraHeaders() {
  const h = {};
  for (const [name, variable] of HEADERS) {
    const value = __ENV[variable];
    if (value === undefined) {
      throw new Error('header ' + name + ': set its value in the environment variable ' + variable);
    }
    h[name] = value;
  }
  return h;
}

function hex(buffer) {
  const bytes = new Uint8Array(buffer);
  let s = '';
  for (let i = 0; i < bytes.length; i++) {
    s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  }
  return s;
}

function randomHex(bytes) {
  let s;
  do {
    s = hex(randomBytes(bytes));
  } while (/^0+$/.test(s));
  return s;
}

// A fresh W3C trace context for one attempt: the instance prefix and 96
// random bits (never all zero), a random 64-bit client span ID.
function newTraceContext() {
  const traceId = INSTANCE + randomHex(12);
  const spanId = randomHex(8);
  return { traceId: traceId, spanId: spanId, traceparent: '00-' + traceId + '-' + spanId + '-01' };
}

// Smooth weighted round robin over the prompt sets (per VU), as the load
// engine serves them; prompts of a set in turn.
const swrr = PROMPT_SETS.map(() => 0);
const cursors = PROMPT_SETS.map(() => 0);
const totalWeight = PROMPT_SETS.reduce((sum, set) => sum + set.weight, 0);

function nextRequest() {
  let best = 0;
  for (let i = 0; i < PROMPT_SETS.length; i++) {
    swrr[i] += PROMPT_SETS[i].weight;
    if (swrr[i] > swrr[best]) {
      best = i;
    }
  }
  swrr[best] -= totalWeight;
  const set = PROMPT_SETS[best];
  const body = set.bodies[cursors[best] % set.bodies.length];
  cursors[best] += 1;
  return { set: set, body: body };
}

function currentStage() {
  const elapsed = Date.now() - exec.scenario.startTime;
  for (const [endMs, name] of STAGE_ENDS) {
    if (elapsed < endMs) {
      return name;
    }
  }
  return STAGE_ENDS[STAGE_ENDS.length - 1][1];
}

function pick(object, keys) {
  for (const k of keys) {
    if (object && typeof object[k] === 'number') {
      return object[k];
    }
  }
  return undefined;
}

// Provider usage from a JSON body or the last usage of an SSE body.
function usageOf(res) {
  const text = typeof res.body === 'string' ? res.body : '';
  const read = (s) => {
    try {
      const j = JSON.parse(s);
      return j.usage || (j.response && j.response.usage) || null;
    } catch (e) {
      return null;
    }
  };
  let usage = null;
  const type = String(res.headers['Content-Type'] || res.headers['content-type'] || '');
  if (type.indexOf('text/event-stream') >= 0) {
    for (const line of text.split('\n')) {
      if (line.startsWith('data:')) {
        const data = line.slice(5).trim();
        const u = data && data !== '[DONE]' ? read(data) : null;
        if (u) {
          usage = u;
        }
      }
    }
  } else {
    usage = read(text);
  }
  return {
    input: pick(usage, ['prompt_tokens', 'input_tokens']),
    output: pick(usage, ['completion_tokens', 'output_tokens']),
  };
}

// The outcome classes of docs/scenario.md, as far as k6 can tell them.
function outcomeOf(res) {
  if (res.error_code === 1050) {
    return 'timed_out';
  }
  if (res.status === 0) {
    return 'transport_error';
  }
  if (res.status >= 200 && res.status < 300) {
    return 'completed';
  }
  if (res.status >= 500 || res.status === 429 || res.status === 408) {
    return 'provider_error';
  }
  return 'client_error';
}

// The attempt's IDs as k6 metric metadata: written with every JSON point of
// the request and of the custom metrics added meanwhile, never a time series
// (a unique tag per request makes each http_req_* sample its own series). Set
// before the request, removed after its metrics, as k6's tracing module does.
const ATTEMPT_ID_KEYS = ['trace_id', 'span_id', 'logical_request_id'];

function setAttemptIds(ids) {
  for (const k of ATTEMPT_ID_KEYS) {
    exec.vu.metrics.metadata[k] = ids[k];
  }
}

function clearAttemptIds() {
  for (const k of ATTEMPT_ID_KEYS) {
    delete exec.vu.metrics.metadata[k];
  }
}

function record(res, outcome, tags) {
  errors.add(outcome === 'provider_error' || outcome === 'client_error' || outcome === 'transport_error', tags);
  timeouts.add(outcome === 'timed_out', tags);
  if (outcome !== 'completed') {
    return;
  }
  const t = res.timings;
  const setup = t.blocked + t.connecting + t.tls_handshaking;
  ttfb.add(t.waiting, tags);
  headersTrend.add(setup + t.sending + t.waiting, tags);
  totalTrend.add(setup + t.duration, tags);
  const usage = usageOf(res);
  if (usage.output !== undefined) {
    outputTokens.add(usage.output, tags);
  }
  if (usage.input !== undefined) {
    inputTokens.add(usage.input, tags);
  }
}

export default function () {
  const stage = currentStage();
  const request = nextRequest();
  let logicalRequestId = '';
  let backoff = RETRY.backoffSeconds;
  for (let attempt = 1; attempt <= RETRY.maxAttempts; attempt++) {
    const trace = newTraceContext();
    if (attempt === 1) {
      logicalRequestId = trace.traceId;
    }
    // Tags make time series: only values with few distinct values (the p95
    // seed's cardinality rule). The attempt's IDs go in metadata instead.
    const tags = {
      stage: stage,
      model: MODEL,
      input_bucket: request.set.bucket,
      output_bucket: request.set.outputBucket,
    };
    const headers = Object.assign({ 'Content-Type': 'application/json' }, EXTRA_HEADERS, AUTH);
    headers.traceparent = trace.traceparent;
    let res;
    let outcome;
    setAttemptIds({ trace_id: trace.traceId, span_id: trace.spanId, logical_request_id: logicalRequestId });
    try {
      res = http.post(URL, request.body, { headers: headers, tags: tags, timeout: TIMEOUT, responseType: 'text' });
      outcome = outcomeOf(res);
      record(res, outcome, tags);
    } finally {
      clearAttemptIds();
    }
    const retry =
      (outcome === 'transport_error' && RETRY.onTransportError) ||
      ((outcome === 'provider_error' || outcome === 'client_error') && RETRY.onStatus.indexOf(res.status) >= 0);
    if (!retry || attempt === RETRY.maxAttempts) {
      break;
    }
    sleep(backoff);
    backoff *= RETRY.backoffMultiplier;
  }
}
)JS";

std::string k6ScenarioName(const std::string& name)
{
    std::string out;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                        c == '_' || c == '-';
        out += ok ? c : '_';
    }
    return out.empty() ? std::string("phasebench") : out;
}

std::string headerVariable(const std::string& name)
{
    std::string v = "PHASEBENCH_HEADER_";
    for (char c : name) {
        v += (c >= 'a' && c <= 'z')                               ? char(c - 'a' + 'A')
             : ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) ? c
                                                                  : '_';
    }
    return v;
}

} // namespace

K6Script exportK6Script(const Scenario& s)
{
    if (s.sessions) {
        // k6 has no answer text to resend: a session would be N unrelated requests.
        throw load::ScenarioError(s.file +
                                  ": \"sessions\" (multi-turn conversations) cannot be exported to k6");
    }
    if (s.executor.kind == load::ExecutorKind::Replay) {
        // k6 has no executor that starts requests at a trace's own offsets.
        throw load::ScenarioError(s.file + ": executor type \"replay\" cannot be exported to k6");
    }
    K6Script out;
    const auto names = load::stageNames(s);
    std::vector<load::Stage> stages;
    if (s.executor.open()) {
        if (s.warmup > 0 && !s.executor.stages.empty()) {
            const auto& first = s.executor.stages.front();
            const double rate = first.startRate > 0 ? first.startRate : first.endRate;
            stages.push_back(load::Stage{"warmup", rate, rate, s.warmup});
        }
        stages.insert(stages.end(), s.executor.stages.begin(), s.executor.stages.end());
    }

    auto& notes = out.notes;
    const json executor = executorJson(s, stages, notes);
    out.thresholds = thresholdsFor(s, names);

    // When each stage ends (ms from the k6 scenario's start), for the stage tag.
    auto stageEnds = json::array();
    if (s.executor.open()) {
        Nanos end = 0;
        for (std::size_t i = 0; i < stages.size(); ++i) {
            end += stages[i].duration;
            stageEnds.push_back({double(end) / 1e6, i < names.size() ? names[i] : stages[i].name});
        }
    } else {
        if (s.warmup > 0) {
            stageEnds.push_back({double(s.warmup) / 1e6, "warmup"});
        }
        stageEnds.push_back({double(s.warmup + s.executor.duration) / 1e6, names.back()});
    }

    auto sets = json::array();
    for (const auto& p : s.request.promptSets) {
        auto bodies = json::array();
        for (const auto& prompt : p.prompts) {
            bodies.push_back(load::buildBody(s, prompt));
        }
        sets.push_back({{"bucket", p.bucket},
                        {"outputBucket", p.outputBucket},
                        {"weight", p.weight},
                        {"bodies", bodies}});
    }
    auto headers = json::array();
    for (const auto& [name, value] : s.target.headers) {
        headers.push_back({name, headerVariable(name)});
    }

    Nanos timeout = s.timeout;
    if (s.cancelAfter && *s.cancelAfter < timeout) {
        timeout = *s.cancelAfter;
        notes.push_back("cancel_after " + seconds(*s.cancelAfter) +
                        " is the k6 timeout: k6 reports such an attempt as timed out, not cancelled");
    }
    if (s.request.stream) {
        notes.push_back("the request asks for a stream; k6 reads the whole body, so stream milestones "
                        "(first_event, first_content, first_text) are not measured");
    }
    if (s.target.httpVersion == load::HttpVersion::Http2PriorKnowledge) {
        notes.push_back("http_version 2-prior-knowledge: k6 speaks HTTP/1.1 on cleartext");
    }
    if (s.target.maxConnections > 0) {
        notes.push_back("max_connections is not exported: every k6 VU keeps its own connections");
    }
    if (s.executor.open() && s.arrival != load::ArrivalKind::Uniform) {
        notes.push_back("arrival " + std::string(load::nameOf(s.arrival)) +
                        ": k6's arrival-rate executors start iterations evenly spaced, so the bursts of "
                        "the scenario's seeded schedule are not reproduced");
    }

    json options;
    options["scenarios"] = {{k6ScenarioName(s.name), executor}};
    json thresholds = json::object();
    for (const auto& t : out.thresholds) {
        if (t.skipped.empty()) {
            thresholds[t.metric].push_back(t.expression);
        }
    }
    options["thresholds"] = thresholds;
    if (!s.target.tlsVerify) {
        options["insecureSkipTLSVerify"] = true;
    }
    // Thresholds decide with percentiles k6 computes; keep them in the summary.
    options["summaryTrendStats"] = {"avg", "min", "med", "max", "p(90)", "p(95)", "p(99)", "count"};

    json retry{{"maxAttempts", s.retry.maxAttempts},
               {"onStatus", s.retry.onStatus},
               {"onTransportError", s.retry.onTransportError},
               {"backoffSeconds", double(s.retry.backoff) / 1e9},
               {"backoffMultiplier", s.retry.backoffMultiplier}};

    std::ostringstream os;
    os << "// k6 script for the Phasebench scenario " << js(s.name)
       << ", written by phasebench-cli export-k6.\n"
       << "// Regenerate it from the scenario rather than editing it. Run, one instance per machine:\n"
       << "//   PHASEBENCH_INSTANCE=a1 k6 run --out json=k6-a1.json script.js\n"
       << "// then: phasebench-cli import --db FILE k6-a1.json; phasebench-cli import --db FILE --into RUN "
          "k6-a2.json ...\n"
       << "// (docs/scale-out.md). The API key comes from the environment variable named in API_KEY_ENV.\n"
       << "// With several instances, each evaluates its thresholds on its own share of the load; the\n"
       << "// decision over the whole run is phasebench-cli check after the import. k6 computes p(N) by\n"
       << "// linear interpolation; Phasebench budgets default to nearest-rank.\n"
       << "// Needs k6 v0.45 or later: each attempt's trace_id, span_id and logical_request_id are\n"
       << "// metric metadata (exec.vu.metrics.metadata), which k6 writes with every JSON point\n"
       << "// without making a time series of it; tags hold only stage, model and token buckets.\n";
    for (const auto& n : notes) {
        os << "// Note: " << n << ".\n";
    }
    for (const auto& t : out.thresholds) {
        if (!t.skipped.empty()) {
            os << "// Budget '" << t.budgetId << "' is not a k6 threshold: " << t.skipped << ".\n";
        }
    }
    os << "import http from 'k6/http';\n"
       << "import { sleep } from 'k6';\n"
       << "import exec from 'k6/execution';\n"
       << "import { Trend, Rate } from 'k6/metrics';\n"
       << "import { randomBytes } from 'k6/crypto';\n\n"
       << "const URL = (__ENV.PHASEBENCH_BASE_URL || " << js(s.target.baseUrl) << ") + "
       << js(s.target.path.empty() ? std::string() : s.target.path) << ";\n"
       << "const MODEL = " << js(s.target.model) << ";\n"
       << "const API_KEY_ENV = " << js(s.target.apiKeyEnv) << ";\n"
       << "const API_KEY_HEADER = " << js(s.target.apiKeyHeader) << ";\n"
       << "// [header name, environment variable holding its value]\n"
       << "const HEADERS = " << js(headers) << ";\n"
       << "const TIMEOUT = " << js(seconds(timeout)) << ";\n"
       << "const RETRY = " << js(retry) << ";\n"
       << "// [end in ms from the start, stage name]\n"
       << "const STAGE_ENDS = " << js(stageEnds) << ";\n"
       << "// Request bodies as the load engine sends them, by prompt set.\n"
       << "const PROMPT_SETS = " << js(sets) << ";\n\n"
       << "export const options = " << options.dump(2, ' ', false, json::error_handler_t::replace) << ";\n"
       << kRuntime;
    out.text = os.str();
    return out;
}

} // namespace pb::scaleout
