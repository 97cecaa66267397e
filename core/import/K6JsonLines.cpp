#include "import/K6JsonLines.h"

#include "import/ImportSupport.h"
#include "import/LineReader.h"
#include "import/TimeParse.h"
#include "import/ValueParse.h"

#include <algorithm>
#include <functional>

namespace pb::import::k6json {

namespace {

constexpr std::size_t kBatchLines = 2048;
constexpr std::size_t kBatchBytes = 1u << 20;
constexpr std::size_t kBatches = 4; // in flight between the stages: bounded memory
constexpr std::size_t kPadding = LineReader::kPadding;

} // namespace

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

std::string readTags(od::parser& parser, std::string_view raw, std::size_t capacity, Tags& t)
{
    od::document doc;
    if (parser.iterate(simdjson::padded_string_view(raw.data(), raw.size(), capacity)).get(doc)) {
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

LinePipe::LinePipe(std::istream& in, const ImportOptions& options, std::vector<std::string> tagged)
    : m_tagged(std::move(tagged))
    , m_maxFieldBytes(options.limits.maxFieldBytes)
{
    for (std::size_t i = 0; i < kBatches; ++i) {
        m_batches.push_back(std::make_unique<LineBatch>());
        m_free.push_back(m_batches.back().get());
    }
    m_thread = std::thread([this, &in, &options] { run(in, options); });
}

LinePipe::~LinePipe()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

LineBatch* LinePipe::next()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_full.empty() || m_done; });
    if (m_full.empty()) {
        return nullptr;
    }
    auto* b = m_full.front();
    m_full.pop_front();
    return b;
}

void LinePipe::recycle(LineBatch* batch)
{
    {
        std::lock_guard lock(m_mutex);
        m_free.push_back(batch);
    }
    m_changed.notify_all();
}

LineBatch* LinePipe::freeBatch()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_free.empty() || m_stop; });
    if (m_stop) {
        return nullptr;
    }
    auto* b = m_free.back();
    m_free.pop_back();
    // Cleared here, on this thread, keeping the capacity: no page is faulted in twice.
    b->text.clear();
    b->lines.clear();
    b->tags.clear();
    b->error = nullptr;
    return b;
}

void LinePipe::run(std::istream& in, const ImportOptions& options)
{
    LineBatch* batch = freeBatch();
    if (!batch) {
        return;
    }
    const auto hand = [this](LineBatch* b, bool done) {
        {
            std::lock_guard lock(m_mutex);
            m_full.push_back(b);
            m_done = done;
        }
        m_changed.notify_all();
    };
    try {
        LineReader lines(in, options.sourceName, options.limits.maxRecordBytes);
        std::string_view text;
        while (lines.next(text)) {
            parseLine(text, lines.paddedCapacity(text), lines.lineNumber(), *batch);
            batch->lines.back().consumed = lines.bytesConsumed();
            if (batch->lines.size() >= kBatchLines || batch->text.size() >= kBatchBytes) {
                hand(batch, false);
                batch = freeBatch();
                if (!batch) {
                    return;
                }
            }
        }
    } catch (...) {
        batch->error = std::current_exception();
    }
    hand(batch, true);
}

void LinePipe::parseLine(std::string_view text, std::size_t capacity, std::int64_t lineNo, LineBatch& out)
{
    auto& l = out.lines.emplace_back();
    l.lineNo = lineNo;
    if (trim(text).empty()) {
        return;
    }
    if (auto e = lineFieldsError(m_maxFieldBytes, text); !e.empty()) {
        l.kind = LineKind::Fatal;
        l.error = std::move(e);
        return;
    }
    if (auto e = parseEnvelope(text, capacity, out, l); !e.empty()) {
        l.kind = LineKind::Bad;
        l.error = std::move(e);
    }
}

std::string LinePipe::readPointData(od::object& obj, ParsedLine& l, std::string_view& tagsRaw)
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
            l.time = parseDateTimeNs(s);
            if (!l.time) {
                return "data.time: expected an RFC 3339 time such as 2023-09-08T21:03:10.549+02:00, "
                       "found " +
                       excerpt(s);
            }
        } else if (key == "value") {
            double v = 0;
            if (field.value().get_double().get(v)) {
                return "data.value must be a number";
            }
            l.value = v;
        } else if (key == "tags") {
            auto val = field.value();
            bool isNull = false;
            if (val.is_null().get(isNull)) {
                return "invalid data.tags";
            }
            if (!isNull) {
                od::object t;
                if (val.get_object().get(t) || t.raw_json().get(tagsRaw)) {
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
                    std::string* dst = mk == "trace_id"             ? &l.meta.traceId
                                       : mk == "span_id"            ? &l.meta.spanId
                                       : mk == "logical_request_id" ? &l.meta.requestId
                                       : mk == "request_id"         ? &l.meta.requestId
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

// Returns an error message for a bad line, empty when it was read.
std::string LinePipe::parseEnvelope(std::string_view text, std::size_t capacity, LineBatch& out,
                                    ParsedLine& l)
{
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
    // Views into the line; only what the second stage needs is copied.
    std::string_view type, metric, dataRaw, tagsRaw;
    bool haveData = false;
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
                if (auto e = readPointData(data, l, tagsRaw); !e.empty()) {
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
    const auto copyMetric = [&] {
        l.metric = out.text.size();
        l.metricSize = metric.size();
        out.text.append(metric);
    };
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
            if (auto e = readPointData(data, l, tagsRaw); !e.empty()) {
                return e;
            }
        }
        l.kind = LineKind::Point;
        l.phase = phaseOf(metric);
        l.tagsNull = tagsRaw.empty();
        copyMetric();
        // The key of a request's points: time and tags, as written.
        const Nanos time = l.time.value_or(0);
        l.raw = out.text.size();
        l.rawSize = sizeof time + tagsRaw.size();
        out.text.append(reinterpret_cast<const char*>(&time), sizeof time);
        out.text.append(tagsRaw);
        out.text.append(kPadding, ' ');
        const std::string_view key = out.raw(l);
        bool readNow = false;
        if (l.phase >= 0) {
            l.keyHash = std::hash<std::string_view>{}(key);
            // The first point of a request (its points come one after the other).
            readNow = key != m_lastKey;
            if (readNow) {
                m_lastKey.assign(key);
            }
        } else {
            readNow =
                metric == "checks" || std::find(m_tagged.begin(), m_tagged.end(), metric) != m_tagged.end();
        }
        if (readNow && !l.tagsNull) {
            // Read here, on this stage's core; an error is left for the second
            // stage, which reads them again when it needs them.
            Tags t;
            if (readTags(m_tagParser, key.substr(sizeof time), l.rawSize - sizeof time + kPadding, t)
                    .empty()) {
                l.tags = static_cast<std::int32_t>(out.tags.size());
                out.tags.push_back(std::move(t));
            }
        }
        return {};
    }
    if (type == "Metric") {
        l.kind = LineKind::Metric;
        copyMetric();
        l.raw = out.text.size();
        l.rawSize = dataRaw.size();
        out.text.append(dataRaw);
        out.text.append(kPadding, ' ');
        return {};
    }
    return "unknown line type " + excerpt(type) + "; expected \"Metric\" or \"Point\"";
}

} // namespace pb::import::k6json
