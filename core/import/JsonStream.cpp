#include "import/JsonStream.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <streambuf>

namespace pb {
namespace {

using nlohmann::json;

// A read buffer over another streambuf that knows its byte offset and, on
// request, the line of the next character to be read.
class TrackingBuf final : public std::streambuf
{
public:
    explicit TrackingBuf(std::streambuf* src)
        : m_src(src)
        , m_buf(256 * 1024)
    {
        setg(m_buf.data(), m_buf.data(), m_buf.data());
        m_scan = m_buf.data();
    }
    std::uint64_t position() const { return m_base + static_cast<std::uint64_t>(gptr() - eback()); }
    bool atEof() const { return m_eof; }
    // Line (1-based) of the character just consumed.
    std::int64_t line()
    {
        // The character just read is gptr() - 1; count newlines before it.
        const char* upto = gptr() > eback() ? gptr() - 1 : gptr();
        if (upto > m_scan) {
            m_lines += std::count(m_scan, upto, '\n');
            m_scan = upto;
        }
        return m_lines + 1;
    }

protected:
    int_type underflow() override
    {
        if (gptr() < egptr()) {
            return traits_type::to_int_type(*gptr());
        }
        // Finish counting the old chunk.
        if (egptr() > m_scan) {
            m_lines += std::count(const_cast<const char*>(m_scan), const_cast<const char*>(egptr()), '\n');
        }
        m_base += static_cast<std::uint64_t>(egptr() - eback());
        const auto n = m_src ? m_src->sgetn(m_buf.data(), static_cast<std::streamsize>(m_buf.size())) : 0;
        setg(m_buf.data(), m_buf.data(), m_buf.data() + std::max<std::streamsize>(n, 0));
        m_scan = m_buf.data();
        if (n <= 0) {
            m_eof = true;
            return traits_type::eof();
        }
        return traits_type::to_int_type(*gptr());
    }

private:
    std::streambuf* m_src;
    std::vector<char> m_buf;
    std::uint64_t m_base = 0;
    std::int64_t m_lines = 0;
    const char* m_scan = nullptr;
    bool m_eof = false;
};

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

std::int64_t numberAfter(const std::string& s, const char* tag)
{
    const auto p = s.find(tag);
    if (p == std::string::npos) {
        return 0;
    }
    return std::strtoll(s.c_str() + p + std::strlen(tag), nullptr, 10);
}

// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax
// error while parsing object - unexpected end of input; expected '}'" ->
// "syntax error while parsing object - unexpected end of input; expected '}'".
std::string cleanMessage(const std::string& what)
{
    auto p = what.find(": ", what.find("parse error"));
    std::string m = p == std::string::npos ? what : what.substr(p + 2);
    if (m.find("unexpected end of input") != std::string::npos) {
        m += " (the file is truncated or incomplete)";
    }
    return m;
}

} // namespace

JsonSyntaxError::JsonSyntaxError(std::int64_t line, std::int64_t column, std::uint64_t offset,
                                 const std::string& message)
    : std::runtime_error(message)
    , m_line(line)
    , m_column(column)
    , m_offset(offset)
{}

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
    std::vector<Frame> frames;
    DomBuilder rest;
    DomBuilder rec;
    int recordDepth = -1; // frames.size() when the record value started
    int dropDepth = -1;
    Record current;
    const Callback* onRecord = nullptr;
    const std::function<void(std::uint64_t)>* onProgress = nullptr;
    TrackingBuf* buf = nullptr;
    std::string errorWhat;
    std::uint64_t errorPos = 0;
    std::uint64_t consumed = 0;

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
                current.line = buf ? buf->line() : 0;
                current.offset = buf ? buf->position() : 0;
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
        switch (beginValue(false)) {
        case 1:
            rest.scalar(std::move(v));
            break;
        case 2:
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
            rest.start(array);
        } else if (where == 2) {
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
            }
            return;
        }
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
            return;
        }
        frames.back().key = k;
        if (keyDropped()) {
            return;
        }
        if (recordDepth >= 0) {
            rec.key(k);
        } else {
            rest.key(k);
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
                                   std::vector<std::string> dropKeys)
    : d(std::make_unique<Impl>())
{
    d->paths = std::move(paths);
    d->dropKeys = std::move(dropKeys);
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
    TrackingBuf tracking(in.rdbuf());
    std::istream tin(&tracking);
    d->buf = &tracking;
    d->onRecord = &onRecord;
    d->onProgress = &onProgress;
    d->frames.clear();
    d->rest.reset();
    d->recordDepth = -1;
    d->dropDepth = -1;
    Sax sax{*d};
    const bool ok = json::sax_parse(tin, &sax, json::input_format_t::json, true, false);
    d->consumed = tracking.position();
    d->buf = nullptr;
    if (!ok) {
        throwSyntax(d->errorWhat, d->errorPos, tracking.atEof() && d->errorPos + 1 >= d->consumed);
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

std::string stringMember(const nlohmann::json& obj, const char* key, const std::string& fallback)
{
    if (!obj.is_object()) {
        return fallback;
    }
    const auto it = obj.find(key);
    return it != obj.end() && it->is_string() ? it->get<std::string>() : fallback;
}

} // namespace pb
