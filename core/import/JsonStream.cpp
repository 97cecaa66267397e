#include "import/JsonStream.h"

#include "import/JsonFilterBuf.h"

#include <algorithm>
#include <memory>

namespace pb::import {
// Named, not anonymous: JsonRecordReader::Impl holds these types (see
// PHASEBENCH_UNITY in cmake/CompilerSettings.cmake).
namespace json_stream_detail {

using jsonstream::cleanMessage;
using jsonstream::FilterBuf;
using jsonstream::numberAfter;
using jsonstream::Where;
using nlohmann::json;

// Builds a DOM from SAX events; the first of two equal keys wins.
class DomBuilder
{
public:
    void reset()
    {
        m_root = json();
        m_stack.clear();
        m_key.clear();
        m_skipNext = false;
        m_skipDepth = 0;
    }
    json& root() { return m_root; }
    bool skipping() const { return m_skipDepth > 0; }

    void scalar(json&& v)
    {
        if (m_skipDepth > 0) {
            return;
        }
        if (m_skipNext) {
            m_skipNext = false;
            return;
        }
        place(std::move(v));
    }
    void start(bool array)
    {
        if (m_skipDepth > 0) {
            ++m_skipDepth;
            return;
        }
        if (m_skipNext) {
            m_skipNext = false;
            m_skipDepth = 1;
            return;
        }
        json* p = place(array ? json::array() : json::object());
        m_stack.push_back(p);
    }
    void end()
    {
        if (m_skipDepth > 0) {
            --m_skipDepth;
            return;
        }
        if (!m_stack.empty()) {
            m_stack.pop_back();
        }
    }
    void key(std::string& k)
    {
        if (m_skipDepth > 0) {
            return;
        }
        if (!m_stack.empty() && m_stack.back()->is_object() && m_stack.back()->contains(k)) {
            m_skipNext = true; // a repeated key: keep the first value
            return;
        }
        m_key = std::move(k);
    }

private:
    json* place(json&& v)
    {
        if (m_stack.empty()) {
            m_root = std::move(v);
            return &m_root;
        }
        json* parent = m_stack.back();
        if (parent->is_array()) {
            parent->push_back(std::move(v));
            return &parent->back();
        }
        auto& obj = parent->get_ref<json::object_t&>();
        auto [it, inserted] = obj.emplace(std::move(m_key), std::move(v));
        m_key.clear();
        return &it->second;
    }

    json m_root;
    std::vector<json*> m_stack;
    std::string m_key;
    bool m_skipNext = false;
    int m_skipDepth = 0;
};

} // namespace json_stream_detail

using namespace json_stream_detail;

struct JsonRecordReader::Impl
{
    struct Frame
    {
        bool array = false;
        std::int64_t index = -1;
        std::string key;
    };

    std::vector<std::vector<std::string>> paths;
    std::vector<std::string> dropKeys;
    JsonLimits limits;
    std::vector<Frame> frames;
    DomBuilder rest;
    DomBuilder rec;
    int recordDepth = -1; // frames.size() when the record value started
    int dropDepth = -1;
    Record current;
    std::uint64_t recordStart = 0; // FilterBuf::consumed() where the record began
    std::uint64_t recordDropped = 0;
    std::uint64_t restBytes = 0; // parser bytes kept outside the records
    std::uint64_t lastEvent = 0; // FilterBuf::consumed() at the last event outside a record
    std::uint64_t dropStart = 0;
    const Callback* onRecord = nullptr;
    const std::function<void(std::uint64_t)>* onProgress = nullptr;
    FilterBuf* buf = nullptr;
    std::string errorWhat;
    std::uint64_t errorPos = 0;
    std::uint64_t consumed = 0;
    bool pendingInvalid = false; // the string of the current event had invalid UTF-8
    bool pendingSurrogate = false;
    Where invalidAt;

    bool keyDropped() const
    {
        if (frames.empty() || frames.back().array || dropKeys.empty()) {
            return false;
        }
        return std::find(dropKeys.begin(), dropKeys.end(), frames.back().key) != dropKeys.end();
    }
    int matchPath() const
    {
        for (std::size_t p = 0; p < paths.size(); ++p) {
            const auto& steps = paths[p];
            if (steps.size() != frames.size()) {
                continue;
            }
            bool ok = true;
            for (std::size_t i = 0; i < steps.size() && ok; ++i) {
                ok = frames[i].array ? steps[i] == "*" : steps[i] == frames[i].key;
            }
            if (ok) {
                return static_cast<int>(p);
            }
        }
        return -1;
    }

    // Memory is bounded by what the parser kept: a record, and the rest of
    // the document, each at most the record limit (whitespace runs count as
    // one byte: they are not kept).
    void checkSize()
    {
        if (!buf) {
            return;
        }
        const auto now = buf->consumed();
        if (recordDepth >= 0) {
            if (now - recordStart - recordDropped > limits.maxRecordBytes) {
                throw JsonLimitError(current.line, 0, current.offset,
                                     "the record starting at line " + std::to_string(current.line) +
                                         " is larger than " + formatBytes(limits.maxRecordBytes) +
                                         " (the record limit, --max-record-bytes)");
            }
            return;
        }
        if (dropDepth < 0) {
            restBytes += now - lastEvent;
            lastEvent = now;
            if (restBytes > limits.maxRecordBytes) {
                const Where w = buf->lastRead();
                throw JsonLimitError(
                    w.line, w.column, w.offset,
                    "the document holds more than " + formatBytes(limits.maxRecordBytes) +
                        " outside its records (the record limit, --max-record-bytes) at line " +
                        std::to_string(w.line));
            }
        }
    }

    // Invalid UTF-8 in the string just read: the record is marked (and then
    // refused by the importer); in a dropped value it does not matter; in the
    // rest of the document it is an error.
    void invalidString(int where)
    {
        if (!pendingInvalid) {
            return;
        }
        pendingInvalid = false;
        if (where == 2) {
            if (current.invalidUtf8Line == 0) {
                current.invalidUtf8Line = invalidAt.line;
                current.invalidUtf8Column = invalidAt.column;
                current.invalidUtf8Surrogate = pendingSurrogate;
            }
        } else if (where == 1) {
            throw JsonSyntaxError(
                invalidAt.line, invalidAt.column, invalidAt.offset,
                pendingSurrogate
                    ? "invalid UTF-8 (a lone surrogate escape) in a string; JSON text must be UTF-8"
                    : "invalid UTF-8 in a string; JSON text must be UTF-8");
        }
    }

    // Called when a value (scalar or container) begins. Returns where its
    // events go: 0 dropped, 1 rest, 2 record.
    int beginValue(bool container)
    {
        if (!frames.empty() && frames.back().array) {
            ++frames.back().index;
        }
        if (dropDepth >= 0) {
            return 0;
        }
        if (keyDropped()) {
            if (container) {
                dropDepth = static_cast<int>(frames.size());
            } else if (buf) {
                // A dropped scalar: read already, not kept.
                const auto now = buf->consumed();
                if (recordDepth >= 0) {
                    recordDropped += now - dropStart;
                } else {
                    lastEvent = now;
                }
            }
            return 0;
        }
        if (recordDepth >= 0) {
            return 2;
        }
        if (!paths.empty()) {
            const int p = matchPath();
            if (p >= 0) {
                current.path = p;
                current.indices.clear();
                for (const auto& f : frames) {
                    if (f.array) {
                        current.indices.push_back(f.index);
                    }
                }
                current.line = buf ? buf->lastRead().line : 0;
                current.offset = buf ? buf->position() : 0;
                current.invalidUtf8Line = 0;
                current.invalidUtf8Column = 0;
                current.invalidUtf8Surrogate = false;
                recordStart = buf ? buf->consumed() : 0;
                recordDropped = 0;
                rec.reset();
                recordDepth = static_cast<int>(frames.size());
                return 2;
            }
        }
        return 1;
    }
    void deliver()
    {
        recordDepth = -1;
        if (buf) {
            lastEvent = buf->consumed();
        }
        if (onRecord && *onRecord) {
            (*onRecord)(current, rec.root());
        }
        rec.reset();
        if (buf) {
            consumed = buf->position();
        }
        if (onProgress && *onProgress) {
            (*onProgress)(consumed);
        }
    }
    void scalar(json&& v)
    {
        const int where = beginValue(false);
        invalidString(where);
        switch (where) {
        case 1:
            checkSize();
            rest.scalar(std::move(v));
            break;
        case 2:
            checkSize();
            rec.scalar(std::move(v));
            if (recordDepth == static_cast<int>(frames.size())) {
                deliver();
            }
            break;
        default:
            break;
        }
    }
    void start(bool array)
    {
        const int where = beginValue(true);
        if (where == 1) {
            checkSize();
            rest.start(array);
        } else if (where == 2) {
            checkSize();
            rec.start(array);
        }
        frames.push_back({array, -1, {}});
    }
    void end()
    {
        frames.pop_back();
        const int depth = static_cast<int>(frames.size());
        if (dropDepth >= 0) {
            if (dropDepth == depth) {
                dropDepth = -1;
                if (buf) {
                    const auto now = buf->consumed();
                    if (recordDepth >= 0) {
                        recordDropped += now - dropStart;
                    } else {
                        lastEvent = now;
                    }
                }
            }
            return;
        }
        checkSize();
        if (recordDepth >= 0) {
            rec.end();
            if (recordDepth == depth) {
                deliver();
            }
            return;
        }
        rest.end();
    }
    void key(std::string& k)
    {
        if (dropDepth >= 0) {
            pendingInvalid = false;
            return;
        }
        invalidString(recordDepth >= 0 ? 2 : 1);
        checkSize();
        frames.back().key = k;
        if (keyDropped()) {
            if (buf) {
                dropStart = buf->consumed();
            }
            return;
        }
        if (recordDepth >= 0) {
            rec.key(k);
        } else {
            rest.key(k);
        }
    }
    void stringRead()
    {
        if (buf && buf->takeInvalidUtf8(invalidAt, pendingSurrogate)) {
            pendingInvalid = true;
        }
    }
};

namespace {

struct Sax
{
    JsonRecordReader::Impl& d;
    bool null()
    {
        d.scalar(json(nullptr));
        return true;
    }
    bool boolean(bool v)
    {
        d.scalar(json(v));
        return true;
    }
    bool number_integer(json::number_integer_t v)
    {
        d.scalar(json(v));
        return true;
    }
    bool number_unsigned(json::number_unsigned_t v)
    {
        d.scalar(json(v));
        return true;
    }
    bool number_float(json::number_float_t v, const json::string_t&)
    {
        d.scalar(json(v));
        return true;
    }
    bool string(json::string_t& v)
    {
        d.stringRead();
        d.scalar(json(std::move(v)));
        return true;
    }
    bool binary(json::binary_t&)
    {
        d.scalar(json());
        return true;
    }
    bool start_object(std::size_t)
    {
        d.start(false);
        return true;
    }
    bool key(json::string_t& k)
    {
        d.stringRead();
        d.key(k);
        return true;
    }
    bool end_object()
    {
        d.end();
        return true;
    }
    bool start_array(std::size_t)
    {
        d.start(true);
        return true;
    }
    bool end_array()
    {
        d.end();
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex)
    {
        d.errorPos = position;
        d.errorWhat = ex.what();
        return false;
    }
};

[[noreturn]] void throwSyntax(const std::string& what, std::uint64_t pos, bool atEnd = false)
{
    std::string message = cleanMessage(what);
    if (atEnd && message.find("truncated") == std::string::npos) {
        message += " (the input ends here: the file is truncated or incomplete)";
    }
    throw JsonSyntaxError(numberAfter(what, "at line "), numberAfter(what, ", column "), pos, message);
}

} // namespace

JsonRecordReader::JsonRecordReader(std::vector<std::vector<std::string>> paths,
                                   std::vector<std::string> dropKeys, JsonLimits limits)
    : d(std::make_unique<Impl>())
{
    d->paths = std::move(paths);
    d->dropKeys = std::move(dropKeys);
    d->limits = limits;
}

JsonRecordReader::~JsonRecordReader() = default;

nlohmann::json& JsonRecordReader::rest()
{
    return d->rest.root();
}

std::uint64_t JsonRecordReader::bytesConsumed() const
{
    return d->consumed;
}

void JsonRecordReader::parse(std::istream& in, const Callback& onRecord,
                             const std::function<void(std::uint64_t)>& onProgress)
{
    FilterBuf filter(in.rdbuf(), d->limits);
    std::istream fin(&filter);
    d->buf = &filter;
    d->onRecord = &onRecord;
    d->onProgress = &onProgress;
    d->frames.clear();
    d->rest.reset();
    d->recordDepth = -1;
    d->dropDepth = -1;
    d->restBytes = 0;
    d->lastEvent = 0;
    d->pendingInvalid = false;
    Sax sax{*d};
    bool ok = false;
    try {
        ok = json::sax_parse(fin, &sax, json::input_format_t::json, true, false);
    } catch (...) {
        d->buf = nullptr;
        throw;
    }
    d->consumed = filter.position();
    d->buf = nullptr;
    if (!ok) {
        // The position comes from the filter: the parser's own line and
        // column count the bytes it was handed, not the file's.
        const Where w = filter.lastRead();
        std::string message = cleanMessage(d->errorWhat);
        if (filter.atEof() && w.offset + 1 >= filter.position() &&
            message.find("truncated") == std::string::npos) {
            message += " (the input ends here: the file is truncated or incomplete)";
        }
        throw JsonSyntaxError(w.line, w.column, w.offset, message);
    }
}

nlohmann::json parseJsonFirstWins(std::string_view text)
{
    JsonRecordReader::Impl impl;
    Sax sax{impl};
    const bool ok = json::sax_parse(text.begin(), text.end(), &sax, json::input_format_t::json, true, false);
    if (!ok) {
        throwSyntax(impl.errorWhat, impl.errorPos, impl.errorPos + 1 >= text.size());
    }
    return std::move(impl.rest.root());
}

} // namespace pb::import
