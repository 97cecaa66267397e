#include "import/K6JsonReader.h"

#include "import/K6JsonImporter.h"
#include "import/TimeParse.h"
#include "import/ValueParse.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pb::import::k6json {

std::vector<std::string> Reader::taggedMetrics() const
{
    std::vector<std::string> out;
    for (const auto& [metric, c] : m_custom) {
        out.push_back(metric);
    }
    return out;
}

std::string Reader::consume(const ParsedLine& l, const LineBatch& b)
{
    m_lineNo = l.lineNo;
    if (l.kind == LineKind::Point) {
        return point(l, b);
    }
    const std::size_t cap = b.rawCapacity(l);
    return metricLine(b.metric(l), b.raw(l), cap);
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

std::string Reader::tagsOf(const ParsedLine& l, const LineBatch& b, Tags& scratch, const Tags*& t)
{
    t = &scratch;
    if (l.tagsNull) {
        return {};
    }
    if (l.tags >= 0) {
        t = &b.tags[static_cast<std::size_t>(l.tags)];
        return {};
    }
    const auto key = b.raw(l);
    return readTags(m_sub, key.substr(sizeof(Nanos)), b.rawCapacity(l) - sizeof(Nanos), scratch);
}

std::string Reader::point(const ParsedLine& l, const LineBatch& b)
{
    if (!l.time) {
        return "Point without data.time";
    }
    if (!l.value || !std::isfinite(*l.value)) {
        return "Point without a numeric data.value";
    }
    ++m_points;
    const std::string_view metric = b.metric(l);
    const double value = *l.value;
    const int phase = l.phase;
    if (phase >= 0) {
        if (phase != Failed && phase != Reqs && !durationToNanos(value, TimeUnit::Milliseconds)) {
            return "data.value of " + std::string(metric) + " is " +
                   (value < 0 ? "negative" : "out of range") + ": expected " +
                   durationExpected(TimeUnit::Milliseconds) + ", found " + numberText(value);
        }
        return httpPoint(l, b);
    }
    if (auto it = m_custom.find(metric); it != m_custom.end()) {
        ++it->second.points;
        return customPoint(l, b, it->second);
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
        Tags scratch;
        const Tags* t = nullptr;
        if (auto e = tagsOf(l, b, scratch, t); !e.empty()) {
            return e;
        }
        const bool pass = value != 0;
        (pass ? m_checksPass : m_checksFail) += 1;
        if (!t->check.empty()) {
            auto it = m_checks.find(t->check);
            if (it == m_checks.end() && m_checks.size() < kMaxNamedFigures) {
                it = m_checks.emplace(t->check, std::pair<std::int64_t, std::int64_t>{0, 0}).first;
            }
            if (it != m_checks.end()) {
                (pass ? it->second.first : it->second.second) += 1;
            }
        }
    }
    expire();
    return {};
}

std::string Reader::httpPoint(const ParsedLine& l, const LineBatch& b)
{
    const int phase = l.phase;
    const Nanos time = *l.time;
    const double value = *l.value;
    const Meta& meta = l.meta;
    const std::string_view key = b.raw(l); // time and tags
    const std::uint64_t hash = l.keyHash;
    Pending* p = nullptr;
    // The points of one request come one after the other: try the last one first.
    if (m_last && key == m_lastKey) {
        p = m_last;
    } else {
        if (auto it = m_open.find(hash); it != m_open.end() && it->second->key == key) {
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
        Tags scratch;
        const Tags* tags = nullptr;
        if (auto e = tagsOf(l, b, scratch, tags); !e.empty()) {
            return e;
        }
        const Tags& t = *tags;
        m_fifo.emplace_back();
        p = &m_fifo.back();
        p->key = key;
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
        m_lastKey = key;
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

std::string Reader::customPoint(const ParsedLine& l, const LineBatch& b, const Custom& c)
{
    Tags scratch;
    const Tags* tags = nullptr;
    if (auto e = tagsOf(l, b, scratch, tags); !e.empty()) {
        return e;
    }
    const Tags& t = *tags;
    const std::string_view metric = b.metric(l);
    const double value = *l.value;
    const Meta& meta = l.meta;
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
