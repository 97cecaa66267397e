#include "import/RecordedStream.h"

namespace pb::import {

RecordedStream::RecordedStream(pb::stream::Protocol protocol)
    : m_reader(protocol)
{}

void RecordedStream::piece(std::string_view bytes, std::optional<Nanos> offset)
{
    bool event = false, content = false, text = false;
    m_parser.feed(bytes, [&](const pb::stream::Event& ev) {
        const auto s = m_reader.onEvent(ev);
        ++m_events;
        event = event || s.event || s.content || s.text;
        content = content || s.content;
        text = text || s.text;
    });
    if (!offset) {
        return;
    }
    m_chunks.push_back(*offset);
    m_last = *offset;
    if (event && !m_firstEvent) {
        m_firstEvent = offset;
    }
    if (content && !m_firstContent) {
        m_firstContent = offset;
    }
    if (text && !m_firstText) {
        m_firstText = offset;
    }
}

void RecordedStream::plainOutput(bool nonEmpty, Nanos offset)
{
    m_chunks.push_back(offset);
    m_last = offset;
    ++m_events;
    if (!m_firstEvent) {
        m_firstEvent = offset;
    }
    if (nonEmpty && !m_firstContent) {
        m_firstContent = offset;
        m_firstText = offset;
    }
}

void RecordedStream::fill(RequestRecord& r) const
{
    r.firstEvent = m_firstEvent;
    r.firstContent = m_firstContent;
    r.firstText = m_firstText;
    if (m_last) {
        r.done = m_last;
        r.chunkCount = static_cast<std::int64_t>(m_chunks.size());
        r.chunkOffsets = m_chunks;
    }
    const auto& u = m_reader.usage();
    if (u.any()) {
        r.inputTokens = u.inputTokens;
        r.outputTokens = u.outputTokens;
        r.cachedInputTokens = u.cachedInputTokens;
        r.reasoningTokens = u.reasoningTokens;
        r.usageSource = UsageSource::Provider;
    }
    if (!m_reader.resolvedModel().empty()) {
        r.resolvedModel = m_reader.resolvedModel();
    }
    if (m_reader.sawError()) {
        r.errorClass = m_reader.errorClass().empty() ? "stream_error" : m_reader.errorClass();
    }
}

} // namespace pb::import
