#include "import/K6JsonReader.h"

#include "import/K6JsonImporter.h"
#include "import/TimeParse.h"
#include "import/ValueParse.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pb::import::k6json {

namespace {

int phaseOf(std::string_view metric)
{
    if (!metric.starts_with("http_req")) {
        return -1;
    }
    static constexpr std::pair<std::string_view, int> kTable[] = {
        {"http_req_duration", Duration},     {"http_req_blocked", Blocked},
        {"http_req_connecting", Connecting}, {"http_req_tls_handshaking", Tls},
        {"http_req_sending", Sending},       {"http_req_waiting", Waiting},
        {"http_req_receiving", Receiving},   {"http_req_looking_up", LookingUp},
        {"http_req_failed", Failed},         {"http_reqs", Reqs},
    };
    for (const auto& [n, p] : kTable) {
        if (n == metric) {
            return p;
        }
    }
    return -1;
}

} // namespace

// Returns an error message for a bad line, empty when it was used.
std::string Reader::line(std::string_view text, std::size_t capacity, std::int64_t lineNo)
{
    m_lineNo = lineNo;
    od::document doc;
    if (auto e =
            m_parser.iterate(simdjson::padded_string_view(text.data(), text.size(), capacity)).get(doc)) {
        if (const auto nul = text.find('\0'); nul != std::string_view::npos) {
            return "invalid JSON (binary data: a NUL byte at column " + std::to_string(nul + 1) +
                   "); expected one k6 JSON object per line";
        }
        if (e == simdjson::UTF8_ERROR) {
            if (const auto at = firstInvalidUtf8(text); at != std::string_view::npos) {
                return invalidUtf8Message(text, at);
            }
        }
        return std::string("invalid JSON (") + simdjson::error_message(e) +
               "); expected one k6 JSON object per line";
    }
    od::object obj;
    if (auto e = doc.get_object().get(obj)) {
        if (e == simdjson::INCORRECT_TYPE) {
            return "expected a JSON object with \"type\", \"metric\" and \"data\"";
        }
        return std::string("invalid JSON (") + simdjson::error_message(e) +
               "); expected one k6 JSON object per line";
    }
    std::string_view type, metric, dataRaw;
    bool haveData = false;
    PointData pd;
    bool pointRead = false;
    for (auto field : obj) {
        std::string_view key;
        if (field.unescaped_key().get(key)) {
            return "invalid JSON (truncated or malformed line)";
        }
        if (key == "type") {
            if (field.value().get_string().get(type)) {
                return "\"type\" must be a string (\"Metric\" or \"Point\")";
            }
            m_typeBuf.assign(type);
            type = m_typeBuf;
        } else if (key == "metric") {
            if (field.value().get_string().get(metric)) {
                return "\"metric\" must be a string";
            }
            m_metricBuf.assign(metric);
            metric = m_metricBuf;
        } else if (key == "data") {
            od::object data;
            if (field.value().get_object().get(data)) {
                return "\"data\" must be an object";
            }
            haveData = true;
            if (type == "Point") {
                // Both k6 key orders put "type" before "data": one pass.
                if (auto e = readPointData(data, pd); !e.empty()) {
                    return e;
                }
                pointRead = true;
            } else if (data.raw_json().get(dataRaw)) {
                return "\"data\" must be an object";
            }
        }
    }
    if (type.empty()) {
        return "missing \"type\"; expected \"Metric\" or \"Point\"";
    }
    if (!haveData) {
        return "missing \"data\" object";
    }
    if (type == "Point") {
        if (metric.empty()) {
            return "Point without \"metric\"";
        }
        if (!pointRead) {
            // "data" came before "type": read it again now that the kind is known.
            od::document sub;
            od::object data;
            const std::size_t cap = capacity - static_cast<std::size_t>(dataRaw.data() - text.data());
            if (m_sub.iterate(simdjson::padded_string_view(dataRaw.data(), dataRaw.size(), cap)).get(sub) ||
                sub.get_object().get(data)) {
                return "invalid Point \"data\"";
            }
            if (auto e = readPointData(data, pd); !e.empty()) {
                return e;
            }
        }
        pd.tagsCapacity =
            pd.tagsRaw.empty() ? 0 : capacity - static_cast<std::size_t>(pd.tagsRaw.data() - text.data());
        return point(metric, pd);
    }
    if (type == "Metric") {
        const std::size_t dataCap = capacity - static_cast<std::size_t>(dataRaw.data() - text.data());
        return metricLine(metric, dataRaw, dataCap);
    }
    return "unknown line type " + excerpt(type) + "; expected \"Metric\" or \"Point\"";
}

void Reader::finish()
{
    while (!m_fifo.empty()) {
        emitFront();
    }
    while (!m_waiting.empty()) {
        dropWaiting();
    }
    m_out.flush();
}

std::string Reader::readTags(std::string_view raw, std::size_t capacity, Tags& t)
{
    od::document doc;
    if (m_sub.iterate(simdjson::padded_string_view(raw.data(), raw.size(), capacity)).get(doc)) {
        return "invalid \"tags\"";
    }
    od::object obj;
    if (doc.get_object().get(obj)) {
        return "\"tags\" must be an object or null";
    }
    for (auto field : obj) {
        std::string_view key, value;
        if (field.unescaped_key().get(key)) {
            return "invalid tag name";
        }
        const std::string_view k = key;
        if (const auto e = field.value().get_string().get(value)) {
            if (e == simdjson::INCORRECT_TYPE) {
                continue; // k6 writes strings; anything else is not a tag we use
            }
            // A string that cannot be decoded (a lone surrogate escape):
            // the line is refused, never read without the tag.
            return "tag " + excerpt(key) + ": invalid string (" + simdjson::error_message(e) + ")";
        }
        std::string* dst = k == "status"               ? &t.status
                           : k == "scenario"           ? &t.scenario
                           : k == "stage"              ? &t.stage
                           : k == "model"              ? &t.model
                           : k == "trace_id"           ? &t.traceId
                           : k == "span_id"            ? &t.spanId
                           : k == "error_code"         ? &t.errorCode
                           : k == "vu"                 ? &t.vu
                           : k == "iter"               ? &t.iter
                           : k == "request_id"         ? &t.requestId
                           : k == "logical_request_id" ? &t.requestId
                           : k == "check"              ? &t.check
                                                       : nullptr;
        if (dst) {
            dst->assign(value);
        }
    }
    return {};
}

std::string Reader::readPointData(od::object& obj, PointData& pd)
{
    for (auto field : obj) {
        std::string_view key;
        if (field.unescaped_key().get(key)) {
            return "invalid JSON (truncated or malformed line)";
        }
        if (key == "time") {
            std::string_view s;
            if (field.value().get_string().get(s)) {
                return "data.time must be an RFC 3339 string";
            }
            pd.time = parseDateTimeNs(s);
            if (!pd.time) {
                return "data.time: expected an RFC 3339 time such as 2023-09-08T21:03:10.549+02:00, "
                       "found " +
                       excerpt(s);
            }
        } else if (key == "value") {
            double v = 0;
            if (field.value().get_double().get(v)) {
                return "data.value must be a number";
            }
            pd.value = v;
        } else if (key == "tags") {
            auto val = field.value();
            bool isNull = false;
            if (val.is_null().get(isNull)) {
                return "invalid data.tags";
            }
            if (!isNull) {
                od::object t;
                if (val.get_object().get(t) || t.raw_json().get(pd.tagsRaw)) {
                    return "data.tags must be an object or null";
                }
            }
        } else if (key == "metadata") {
            od::object meta;
            if (!field.value().get_object().get(meta)) {
                for (auto m : meta) {
                    std::string_view mk, mv;
                    if (m.unescaped_key().get(mk)) {
                        continue;
                    }
                    std::string* dst = mk == "trace_id"             ? &pd.meta.traceId
                                       : mk == "span_id"            ? &pd.meta.spanId
                                       : mk == "logical_request_id" ? &pd.meta.requestId
                                       : mk == "request_id"         ? &pd.meta.requestId
                                                                    : nullptr;
                    if (dst && !m.value().get_string().get(mv)) {
                        dst->assign(mv);
                    }
                }
            }
        }
    }
    return {};
}

std::string Reader::point(std::string_view metric, const PointData& pd)
{
    if (!pd.time) {
        return "Point without data.time";
    }
    if (!pd.value || !std::isfinite(*pd.value)) {
        return "Point without a numeric data.value";
    }
    ++m_points;
    const Nanos time = *pd.time;
    const double value = *pd.value;
    const bool tagsNull = pd.tagsRaw.empty();
    const std::string_view tagsRaw = pd.tagsRaw;
    const std::size_t tagsCap = pd.tagsCapacity;
    const Meta& meta = pd.meta;
    const int phase = phaseOf(metric);
    if (phase >= 0) {
        if (phase != Failed && phase != Reqs && !durationToNanos(value, TimeUnit::Milliseconds)) {
            return "data.value of " + std::string(metric) + " is " +
                   (value < 0 ? "negative" : "out of range") + ": expected " +
                   durationExpected(TimeUnit::Milliseconds) + ", found " + numberText(value);
        }
        return httpPoint(phase, time, value, tagsRaw, tagsCap, meta);
    }
    if (auto it = m_custom.find(metric); it != m_custom.end()) {
        ++it->second.points;
        return customPoint(metric, it->second, value, tagsRaw, tagsCap, tagsNull, meta);
    }
    if (metric == "iterations") {
        m_iterations = m_iterations.value_or(0) + value;
    } else if (metric == "dropped_iterations") {
        m_dropped = m_dropped.value_or(0) + value;
    } else if (metric == "data_sent") {
        m_dataSent = m_dataSent.value_or(0) + value;
    } else if (metric == "data_received") {
        m_dataReceived = m_dataReceived.value_or(0) + value;
    } else if (metric == "vus_max") {
        m_vusMax = std::max(m_vusMax.value_or(0), value);
    } else if (metric == "checks") {
        Tags t;
        if (!tagsNull) {
            if (auto e = readTags(tagsRaw, tagsCap, t); !e.empty()) {
                return e;
            }
        }
        const bool pass = value != 0;
        (pass ? m_checksPass : m_checksFail) += 1;
        if (!t.check.empty()) {
            auto it = m_checks.find(t.check);
            if (it == m_checks.end() && m_checks.size() < kMaxNamedFigures) {
                it = m_checks.emplace(t.check, std::pair<std::int64_t, std::int64_t>{0, 0}).first;
            }
            if (it != m_checks.end()) {
                (pass ? it->second.first : it->second.second) += 1;
            }
        }
    }
    expire();
    return {};
}

std::string Reader::httpPoint(int phase, Nanos time, double value, std::string_view tagsRaw,
                              std::size_t tagsCap, const Meta& meta)
{
    m_key.clear();
    m_key.append(reinterpret_cast<const char*>(&time), sizeof time);
    m_key.append(tagsRaw);
    Pending* p = nullptr;
    std::uint64_t hash = 0;
    // The points of one request come one after the other: try the last one first.
    if (m_last && m_key == m_lastKey) {
        p = m_last;
        hash = p->keyHash;
    } else {
        hash = std::hash<std::string_view>{}(m_key);
        if (auto it = m_open.find(hash); it != m_open.end() && it->second->key == m_key) {
            p = it->second;
        }
    }
    if (p && (p->seen & (1u << phase))) {
        // The same metric again: the next request with equal time and tags.
        if (auto it = m_open.find(hash); it != m_open.end() && it->second == p) {
            m_open.erase(it);
        }
        p = nullptr;
    }
    if (!p) {
        Tags t;
        if (!tagsRaw.empty()) {
            if (auto e = readTags(tagsRaw, tagsCap, t); !e.empty()) {
                return e;
            }
        }
        m_fifo.emplace_back();
        p = &m_fifo.back();
        p->key = m_key;
        p->keyHash = hash;
        p->endAbs = time;
        p->firstLine = m_lineNo;
        auto& r = p->rec;
        r.scenario = t.scenario;
        r.stage = t.stage;
        r.model = t.model;
        r.logicalRequestId = t.requestId.empty() ? meta.requestId : t.requestId;
        if (!t.status.empty() && !parseInt64(t.status)) {
            p->badStatus = t.status; // refused with the request (emit)
        }
        if (auto s = parseInt64(t.status)) {
            r.httpStatus = *s;
            r.outcome = outcomeFromHttpStatus(*s);
            if (*s == 0) {
                // No response: k6 puts the reason in error_code (1050 = request timeout).
                r.outcome = t.errorCode == "1050" ? Outcome::TimedOut : Outcome::Unknown;
            }
        }
        if (!t.errorCode.empty()) {
            r.errorClass = "k6_error_" + t.errorCode;
        }
        setTrace(*p, t.traceId.empty() ? meta.traceId : t.traceId);
        if (auto s = normaliseSpanId(t.spanId.empty() ? meta.spanId : t.spanId)) {
            r.spanId = *s;
        }
        if (!t.vu.empty() && !t.iter.empty()) {
            p->vuIterKey = t.vu + '/' + t.iter + '/' + t.scenario;
            m_byVuIter[p->vuIterKey] = p;
            linkWaiting(m_waitByVuIter, p->vuIterKey, *p);
        }
        m_open[hash] = p;
    } else {
        // A later point of the request may carry what its first one lacked.
        if (p->rec.traceId.empty() && !meta.traceId.empty()) {
            setTrace(*p, meta.traceId);
        }
        if (p->rec.spanId.empty() && !meta.spanId.empty()) {
            if (auto s = normaliseSpanId(meta.spanId)) {
                p->rec.spanId = *s;
            }
        }
        if (p->rec.logicalRequestId.empty() && !meta.requestId.empty()) {
            p->rec.logicalRequestId = meta.requestId;
        }
    }
    p->seen |= 1u << phase;
    p->ms[static_cast<std::size_t>(phase)] = value;
    p->lastPoint = m_points;
    p->lastLine = m_lineNo;
    if (m_last != p) {
        m_last = p;
        m_lastKey = m_key;
    }
    expire();
    return {};
}

void Reader::setTrace(Pending& p, const std::string& raw)
{
    if (raw.empty()) {
        return;
    }
    if (auto id = normaliseTraceId(raw)) {
        p.rec.traceId = *id;
        p.traceKey = *id;
        m_byTrace[p.traceKey] = &p;
        linkWaiting(m_waitByTrace, p.traceKey, p);
    } else {
        ++m_badTraceIds;
    }
}

void Reader::park(std::string_view metric, const Custom& c, std::int64_t value, std::string key, bool byTrace)
{
    auto& index = byTrace ? m_waitByTrace : m_waitByVuIter;
    index[key].push_back(m_waitBase + m_waiting.size());
    m_waiting.push_back({c.column, value, m_points, std::string(metric), std::move(key), byTrace, false});
}

void Reader::linkWaiting(StrMap<std::vector<std::uint64_t>>& index, const std::string& key, Pending& p)
{
    auto it = index.find(key);
    if (it == index.end()) {
        return;
    }
    for (const auto n : it->second) {
        auto& w = m_waiting[static_cast<std::size_t>(n - m_waitBase)];
        if (!w.linked) {
            setColumnInteger(p.rec, w.column, w.value);
            w.linked = true;
        }
    }
    index.erase(it);
    p.lastPoint = m_points;
}

// The oldest waiting point leaves: linked already, or never linked.
void Reader::dropWaiting()
{
    auto& w = m_waiting.front();
    if (!w.linked) {
        ++m_unlinked[w.metric];
        auto& index = w.byTrace ? m_waitByTrace : m_waitByVuIter;
        if (auto it = index.find(w.key); it != index.end()) {
            std::erase(it->second, m_waitBase);
            if (it->second.empty()) {
                index.erase(it);
            }
        }
    }
    m_waiting.pop_front();
    ++m_waitBase;
}

std::string Reader::customPoint(std::string_view metric, const Custom& c, double value,
                                std::string_view tagsRaw, std::size_t tagsCap, bool tagsNull,
                                const Meta& meta)
{
    Tags t;
    if (!tagsNull) {
        if (auto e = readTags(tagsRaw, tagsCap, t); !e.empty()) {
            return e;
        }
    }
    // The value is checked whether or not its request is found.
    std::int64_t v = 0;
    if (c.type == ColumnType::Duration) {
        const auto ns = durationToNanos(value, c.unit);
        if (!ns) {
            return "data.value of " + std::string(metric) + ": expected " + durationExpected(c.unit) +
                   ", found " + numberText(value);
        }
        v = *ns;
    } else {
        if (!(value >= 0 && value < 9e18)) {
            return "data.value of " + std::string(metric) + ": expected a count >= 0, found " +
                   numberText(value);
        }
        v = std::llround(value);
    }
    Pending* p = nullptr;
    std::string waitKey;
    bool byTrace = false;
    const std::string& rawTrace = t.traceId.empty() ? meta.traceId : t.traceId;
    if (!rawTrace.empty()) {
        if (auto id = normaliseTraceId(rawTrace)) {
            if (auto it = m_byTrace.find(*id); it != m_byTrace.end()) {
                p = it->second;
            } else {
                waitKey = *id;
                byTrace = true;
            }
        }
    } else if (!t.vu.empty() && !t.iter.empty()) {
        std::string key = t.vu + '/' + t.iter + '/' + t.scenario;
        if (auto it = m_byVuIter.find(key); it != m_byVuIter.end()) {
            p = it->second;
        } else {
            waitKey = std::move(key);
        }
    }
    if (!p) {
        if (waitKey.empty()) {
            ++m_unlinked[std::string(metric)];
        } else {
            park(metric, c, v, std::move(waitKey), byTrace);
        }
        expire();
        return {};
    }
    setColumnInteger(p->rec, c.column, v);
    p->lastPoint = m_points;
    expire();
    return {};
}

OptNanos Reader::ns(const Pending& p, int phase)
{
    const auto& v = p.ms[static_cast<std::size_t>(phase)];
    if (!v) {
        return std::nullopt;
    }
    return durationToNanos(*v, TimeUnit::Milliseconds);
}

// A total reaching back before 1678 (from a broken file) saturates rather than overflows.
Nanos Reader::startAbs(const Pending& p, OptNanos total)
{
    Nanos out = 0;
    return __builtin_sub_overflow(p.endAbs, total.value_or(0), &out) ? std::numeric_limits<Nanos>::min()
                                                                     : out;
}

OptNanos Reader::totalOf(const Pending& p)
{
    const auto dur = ns(p, Duration);
    if (!dur) {
        return std::nullopt;
    }
    // k6: http_req_duration = sending + waiting + receiving; the attempt
    // also spent blocked, (looking_up,) connecting and tls_handshaking.
    // Phases of 10^12 ms each would overflow int64: no total then.
    Nanos total = *dur;
    for (int ph : {Blocked, LookingUp, Connecting, Tls}) {
        if (__builtin_add_overflow(total, ns(p, ph).value_or(0), &total)) {
            return std::nullopt;
        }
    }
    return total;
}

void Reader::expire()
{
    while (!m_fifo.empty() && m_points - m_fifo.front().lastPoint > K6JsonImporter::kOpenWindowPoints) {
        emitFront();
    }
    while (!m_waiting.empty() && m_points - m_waiting.front().point > K6JsonImporter::kOpenWindowPoints) {
        dropWaiting();
    }
}

void Reader::emitFront()
{
    if (!m_origin.origin()) {
        // The earliest start among the requests still open at the first emission.
        Nanos minStart = startAbs(m_fifo.front(), totalOf(m_fifo.front()));
        for (const auto& q : m_fifo) {
            minStart = std::min(minStart, startAbs(q, totalOf(q)));
        }
        m_origin.set(minStart);
    }
    Pending& p = m_fifo.front();
    if (m_last == &p) {
        m_last = nullptr;
    }
    if (auto it = m_open.find(p.keyHash); it != m_open.end() && it->second == &p) {
        m_open.erase(it);
    }
    if (!p.traceKey.empty()) {
        if (auto it = m_byTrace.find(std::string_view(p.traceKey));
            it != m_byTrace.end() && it->second == &p) {
            m_byTrace.erase(it);
        }
    }
    if (!p.vuIterKey.empty()) {
        if (auto it = m_byVuIter.find(std::string_view(p.vuIterKey));
            it != m_byVuIter.end() && it->second == &p) {
            m_byVuIter.erase(it);
        }
    }
    auto& r = p.rec;
    r.blocked = ns(p, Blocked);
    r.dns = ns(p, LookingUp);
    r.connect = ns(p, Connecting);
    r.tls = ns(p, Tls);
    r.send = ns(p, Sending);
    // k6's own http_req_waiting wins; a trend mapped to wait fills it only where k6 has none.
    if (const auto wait = ns(p, Waiting)) {
        r.wait = wait;
    }
    r.receive = ns(p, Receiving);
    r.total = totalOf(p);
    if (r.total && r.receive && *r.total >= *r.receive) {
        r.headers = *r.total - *r.receive;
    }
    r.startOffset = m_origin.offset(startAbs(p, r.total));
    if (*r.startOffset < 0) {
        ++m_negativeOffsets;
    }
    // Only a refused request needs its lines named (most are not).
    const auto where = [&p] {
        return p.firstLine == p.lastLine
                   ? "the request of line " + std::to_string(p.lastLine)
                   : "the request of lines " + std::to_string(p.firstLine) + "-" + std::to_string(p.lastLine);
    };
    if (!p.badStatus.empty()) {
        // k6 writes the HTTP status as digits ("0" without a response): any
        // other text is refused, never read as an unknown outcome.
        m_out.refuse(p.lastLine, where() + ": tag \"status\": expected an HTTP status code (digits), found " +
                                     excerpt(p.badStatus));
    } else {
        m_out.pushLazy(std::move(r), p.lastLine, where);
    }
    m_fifo.pop_front();
}

} // namespace pb::import::k6json
