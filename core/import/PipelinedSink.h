// Hands an importer's batches to a writer thread, so that parsing the next
// part of a file overlaps storing the last: on two cores an import then takes
// about the longer of the two instead of their sum (bench/RESULTS.md, import).
#pragma once

#include "import/Importer.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace pb::import {

class PipelinedSink final : public ImportSink
{
public:
    // `target` is only called from the writer thread, in the order the
    // batches came; at most `maxQueued` batches wait, so memory stays bounded.
    explicit PipelinedSink(ImportSink& target, std::size_t maxQueued = 4);
    // Drops what is still queued and joins: the path of a failed import.
    ~PipelinedSink() override;
    PipelinedSink(const PipelinedSink&) = delete;
    PipelinedSink& operator=(const PipelinedSink&) = delete;

    void addRequests(std::span<const RequestRecord> rows) override;
    void addSpans(std::span<const SpanRecord> spans) override;
    void takeRequests(std::vector<RequestRecord>&& rows) override;
    void takeSpans(std::vector<SpanRecord>&& spans) override;
    void addFigure(const std::string& name, std::optional<double> value, const std::string& text) override;

    // Waits until every batch is stored and stops the thread. Rethrows the
    // target's error; so does any add after the target failed.
    void finish();

private:
    void push(std::function<void()> task);
    void run();
    void rethrowIfFailed(); // caller holds m_mutex

    ImportSink& m_target;
    std::size_t m_maxQueued;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::function<void()>> m_queue;
    bool m_busy = false;
    bool m_closing = false;
    std::exception_ptr m_error;
    std::thread m_thread;
};

} // namespace pb::import
