#include "import/PipelinedSink.h"

#include <utility>

namespace pb::import {

PipelinedSink::PipelinedSink(ImportSink& target, std::size_t maxQueued)
    : m_target(target)
    , m_maxQueued(maxQueued == 0 ? 1 : maxQueued)
    , m_thread([this] { run(); })
{}

PipelinedSink::~PipelinedSink()
{
    {
        std::lock_guard lock(m_mutex);
        m_queue.clear();
        m_closing = true;
    }
    m_changed.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void PipelinedSink::addRequests(std::span<const RequestRecord> rows)
{
    takeRequests(std::vector<RequestRecord>(rows.begin(), rows.end()));
}

void PipelinedSink::addSpans(std::span<const SpanRecord> spans)
{
    takeSpans(std::vector<SpanRecord>(spans.begin(), spans.end()));
}

void PipelinedSink::takeRequests(std::vector<RequestRecord>&& rows)
{
    push([this, batch = std::move(rows)]() mutable { m_target.takeRequests(std::move(batch)); });
}

void PipelinedSink::takeSpans(std::vector<SpanRecord>&& spans)
{
    push([this, batch = std::move(spans)]() mutable { m_target.takeSpans(std::move(batch)); });
}

void PipelinedSink::addFigure(const std::string& name, std::optional<double> value, const std::string& text)
{
    push([this, name, value, text] { m_target.addFigure(name, value, text); });
}

void PipelinedSink::push(std::function<void()> task)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_queue.size() < m_maxQueued || m_error; });
    rethrowIfFailed();
    m_queue.push_back(std::move(task));
    m_changed.notify_all();
}

void PipelinedSink::finish()
{
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return (m_queue.empty() && !m_busy) || m_error; });
        m_closing = true;
    }
    m_changed.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
    std::lock_guard lock(m_mutex);
    rethrowIfFailed();
}

void PipelinedSink::rethrowIfFailed()
{
    if (m_error) {
        std::rethrow_exception(m_error);
    }
}

void PipelinedSink::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [&] { return !m_queue.empty() || m_closing; });
        if (m_queue.empty()) {
            return;
        }
        auto task = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        m_changed.notify_all(); // a slot is free
        lock.unlock();
        std::exception_ptr error;
        try {
            task();
        } catch (...) {
            error = std::current_exception();
        }
        task = nullptr; // the batch is freed outside the lock
        lock.lock();
        m_busy = false;
        if (error) {
            m_error = error;
            m_queue.clear();
            m_changed.notify_all();
            return;
        }
        m_changed.notify_all();
    }
}

} // namespace pb::import
