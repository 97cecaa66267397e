#include "stream/SseParser.h"

#include <algorithm>
#include <charconv>

namespace pb::stream {
namespace {

// Position of the first CR or LF (npos if none). string_view::find_first_of
// calls memchr on the needle for every byte; this is one pass.
std::size_t lineEnd(std::string_view s)
{
    const char* p = s.data();
    const char* end = p + s.size();
    for (; p != end; ++p) {
        if (*p == '\n' || *p == '\r') {
            return static_cast<std::size_t>(p - s.data());
        }
    }
    return std::string_view::npos;
}

} // namespace

Parser::Parser(std::size_t maxEventBytes)
    : m_max(maxEventBytes)
{}

void Parser::reset()
{
    m_line.clear();
    m_data.clear();
    m_type.clear();
    m_id.clear();
    m_hasData = false;
    m_pendingField = false;
    m_skipLf = false;
    m_atStart = true;
    m_failed = false;
    m_comments = 0;
    m_events = 0;
    m_retryMs = 0;
}

bool Parser::feed(std::string_view bytes, const EventFn& onEvent)
{
    if (m_failed) {
        return false;
    }
    if (m_atStart && !bytes.empty()) {
        // The BOM may itself arrive split; only strip it when whole.
        static constexpr std::string_view kBom = "\xEF\xBB\xBF";
        if (m_line.size() + bytes.size() < kBom.size() &&
            kBom.starts_with(std::string(m_line) + std::string(bytes))) {
            m_line.append(bytes);
            return true;
        }
        std::string head = m_line;
        head.append(bytes.substr(0, std::min(bytes.size(), kBom.size())));
        m_atStart = false;
        if (head.starts_with(kBom)) {
            const std::size_t fromBytes = kBom.size() - m_line.size();
            m_line.clear();
            bytes.remove_prefix(fromBytes);
        }
    }
    if (m_skipLf && !bytes.empty()) {
        if (bytes.front() == '\n') {
            bytes.remove_prefix(1);
        }
        m_skipLf = false;
    }
    while (!bytes.empty()) {
        const auto end = lineEnd(bytes);
        if (end == std::string_view::npos) {
            if (m_line.size() + bytes.size() > m_max) {
                m_failed = true;
                return false;
            }
            m_line.append(bytes);
            return true;
        }
        const bool cr = bytes[end] == '\r';
        if (m_line.size() + end > m_max) {
            m_failed = true;
            return false;
        }
        if (m_line.empty()) {
            processLine(bytes.substr(0, end), onEvent);
        } else {
            m_line.append(bytes.substr(0, end));
            processLine(m_line, onEvent);
            m_line.clear();
        }
        if (m_failed) {
            return false;
        }
        bytes.remove_prefix(end + 1);
        if (cr) {
            if (bytes.empty()) {
                m_skipLf = true; // a CRLF split across two reads
            } else if (bytes.front() == '\n') {
                bytes.remove_prefix(1);
            }
        }
    }
    return true;
}

void Parser::processLine(std::string_view line, const EventFn& onEvent)
{
    if (line.empty()) {
        dispatch(onEvent);
        return;
    }
    if (line.front() == ':') {
        ++m_comments;
        return;
    }
    std::string_view field = line;
    std::string_view value;
    if (const auto colon = line.find(':'); colon != std::string_view::npos) {
        field = line.substr(0, colon);
        value = line.substr(colon + 1);
        if (!value.empty() && value.front() == ' ') {
            value.remove_prefix(1);
        }
    }
    m_pendingField = true;
    if (field == "data") {
        if (m_data.size() + value.size() + 1 > m_max) {
            m_failed = true;
            return;
        }
        if (m_hasData) {
            m_data.push_back('\n');
        }
        m_data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_type.assign(value);
    } else if (field == "id") {
        if (value.find('\0') == std::string_view::npos) {
            m_id.assign(value);
        }
    } else if (field == "retry") {
        std::size_t ms = 0;
        const auto* last = value.data() + value.size();
        if (!value.empty() && std::from_chars(value.data(), last, ms).ptr == last) {
            m_retryMs = ms;
        }
    }
    // Unknown fields are ignored, as the specification requires.
}

void Parser::dispatch(const EventFn& onEvent)
{
    // No data field: nothing to dispatch (an `event:`-only block is dropped).
    if (m_hasData) {
        ++m_events;
        const Event ev{m_type.empty() ? std::string_view("message") : std::string_view(m_type), m_data, m_id};
        if (onEvent) {
            onEvent(ev);
        }
    }
    m_data.clear();
    m_type.clear();
    m_hasData = false;
    m_pendingField = false;
}

bool Parser::finish()
{
    const bool truncated = m_hasData || m_pendingField || !m_line.empty();
    m_line.clear();
    m_data.clear();
    m_type.clear();
    m_hasData = false;
    m_pendingField = false;
    m_skipLf = false;
    return truncated;
}

} // namespace pb::stream
