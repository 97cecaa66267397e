#include "import/ImportFile.h"

#include "import/GzipStream.h"
#include "import/PipelinedSink.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

namespace pb::import {
namespace {

// Writes into the open transaction and commits it in bounded pieces: a
// load run, the OTLP receiver or another import writing the same file
// waits at most one piece (~250 ms) for the lock instead of the whole
// import. The run is 'importing' until the last piece, and an
// import that fails or is killed is removed (RunStore), so no half import
// ever looks like a run.
class StoreSink final : public ImportSink
{
public:
    StoreSink(RunStore& store, std::int64_t runId, std::vector<std::string>& written)
        : m_store(store)
        , m_runId(runId)
        , m_written(written)
    {}
    void addRequests(std::span<const RequestRecord> rows) override
    {
        m_store.insertRequests(m_runId, rows);
        wrote(rows.size());
    }
    void addSpans(std::span<const SpanRecord> spans) override
    {
        m_store.spanStore().insertSpans(m_runId, spans);
        wrote(spans.size());
    }
    void addFigure(const std::string& name, std::optional<double> value, const std::string& text) override
    {
        // By name: an importer names its figures after the file it reads
        // (open-ended), unlike the typed figures of a load run.
        m_store.catalogue().setFigure(m_runId, name, value, text);
        m_written.push_back(name);
    }

private:
    static constexpr std::size_t kPieceRows = 50000;
    static constexpr auto kPieceTime = std::chrono::milliseconds(250);
    // Long enough for a writer polling the lock (every 2 ms, store/Sqlite.h)
    // to take it between two pieces.
    static constexpr auto kYield = std::chrono::milliseconds(6);

    void wrote(std::size_t n)
    {
        m_rows += n;
        const auto now = std::chrono::steady_clock::now();
        if (m_rows < kPieceRows && now - m_since < kPieceTime) {
            return;
        }
        m_store.commit();
        std::this_thread::sleep_for(kYield);
        m_store.begin(RunStore::Checks::RunsChecked);
        m_rows = 0;
        m_since = std::chrono::steady_clock::now();
    }

    RunStore& m_store;
    std::int64_t m_runId;
    std::vector<std::string>& m_written;
    std::size_t m_rows = 0;
    std::chrono::steady_clock::time_point m_since = std::chrono::steady_clock::now();
};

// A file added to a run (--into) with a policy: the run's record says it
// from now on (a merged run has one server, so one policy).
void recordSampling(RunStore& store, std::int64_t runId, const SamplingPolicy& policy)
{
    const auto run = store.catalogue().run(runId);
    auto config = nlohmann::json::parse(run ? run->configJson : std::string(), nullptr, false);
    if (!config.is_object()) {
        config = nlohmann::json::object();
    }
    config["sampling"] = nlohmann::json::parse(samplingToJson(policy));
    store.catalogue().setRunConfig(runId,
                                   config.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace

ImportResult importFile(RunStore& store, const ImportRequest& request, const ImporterRegistry& registry,
                        const ProgressFn& progress)
{
    namespace fs = std::filesystem;
    const std::string fileName = fs::path(request.path).filename().string();
    std::error_code ec;
    if (fs::is_directory(request.path, ec)) {
        throw ImportError(request.path, 0, "is a directory; expected a file");
    }
    std::ifstream in(request.path, std::ios::binary);
    if (!in) {
        throw ImportError(request.path, 0, "cannot be opened for reading");
    }
    const auto size = fs::file_size(request.path, ec);

    // gzip is recognised by its magic bytes; detection and parsing then see
    // the decompressed content, and progress counts compressed bytes.
    char magic[2] = {0, 0};
    in.read(magic, 2);
    const bool gzip = in.gcount() == 2 && looksGzip(std::string_view(magic, 2));
    in.clear();
    in.seekg(0);
    std::unique_ptr<GzipIStream> gz;
    std::istream* src = &in;
    auto restart = [&] {
        if (gzip) {
            in.clear();
            in.seekg(0);
            gz = std::make_unique<GzipIStream>(in, request.path, request.limits.maxDecompressedBytes);
            src = gz.get();
        } else {
            in.clear();
            in.seekg(0);
        }
    };
    restart();
    std::string innerName = fileName;
    if (gzip && innerName.ends_with(".gz")) {
        innerName.resize(innerName.size() - 3);
    }

    const Importer* importer = nullptr;
    if (!request.format.empty()) {
        importer = registry.find(request.format);
        if (!importer) {
            std::string known;
            for (const auto* i : registry.all()) {
                known += (known.empty() ? "" : ", ") + std::string(i->name());
            }
            throw ImportError(request.path, 0,
                              "unknown format '" + request.format + "' (known: " + known + ")");
        }
    } else {
        std::string head;
        char buf[4096];
        while (head.size() < 64 * 1024) {
            try {
                src->read(buf, sizeof buf);
            } catch (const ImportError&) {
                if (head.empty()) {
                    throw;
                }
                break; // a damaged gzip tail: detect on what was readable
            }
            const auto n = static_cast<std::size_t>(src->gcount());
            if (n == 0) {
                break;
            }
            head.append(buf, n);
        }
        restart();
        if (head.empty()) {
            throw ImportError(request.path, 0, "the file is empty");
        }
        importer = registry.detect(head, innerName);
        if (!importer) {
            throw ImportError(request.path, 0, "unrecognised format; pass --format to choose one");
        }
    }

    ImportOptions options;
    options.sourceName = request.path;
    options.skipBadLines = request.skipBadLines;
    options.totalBytes = ec ? 0 : size;
    options.columnMapping = request.columnMapping;
    options.limits = request.limits;
    options.sampling = request.sampling.value_or(SamplingPolicy{});
    ProgressFn innerProgress = progress;
    if (gzip && progress) {
        innerProgress = [&](std::uint64_t, std::uint64_t) {
            return progress(gz ? gz->buffer().compressedBytesRead() : 0, ec ? 0 : size);
        };
    }

    ImportResult result;
    // Every import is written in pieces into a run of its own, 'importing'
    // (committed at once: other writers see who holds the file, and a killed
    // import is recognised and removed on next open). An import into an
    // existing run is staged so: its rows join that run in one short
    // transaction at the end, so a part of the file never appears in the
    // visible run, and no writer of the file (a running load run) waits more
    // than one piece or that last move.
    std::int64_t stagingRun = 0;
    {
        RunInfo info;
        if (request.intoRun) {
            if (!store.catalogue().run(*request.intoRun)) {
                throw ImportError(request.path, 0,
                                  "run " + std::to_string(*request.intoRun) + " does not exist");
            }
            info.name = fileName + " (being added to run " + std::to_string(*request.intoRun) + ")";
        } else {
            info.name = request.runName.empty() ? fileName : request.runName;
        }
        info.kind = RunKind::Import;
        info.source = fileName + " (" + std::string(importer->name()) + ")";
        info.status = RunStatus::Importing;
        stagingRun = store.catalogue().createRun(info);
        result.runId = request.intoRun.value_or(stagingRun);
    }
    FigureChanges figures;
    if (request.intoRun && request.beforeCommit) {
        for (const auto& f : store.catalogue().figures(*request.intoRun)) {
            figures.before[f.name] = f.value;
        }
    }
    store.begin(RunStore::Checks::RunsChecked);
    try {
        StoreSink storeSink(store, stagingRun, figures.written);
        {
            // On an error the pipeline is gone (its writer joined) before
            // the rollback below touches the store.
            PipelinedSink sink(storeSink);
            result.summary = importer->parse(*src, options, sink, innerProgress);
            result.summary.decompressedBytes = gz ? gz->buffer().bytesInflated() : 0;
            sink.finish();
        }
        std::int64_t firstSeq = 0;
        if (request.intoRun) {
            store.commit(); // the last piece of the staged rows
            store.begin();
            if (!store.catalogue().run(*request.intoRun)) {
                throw ImportError(request.path, 0,
                                  "run " + std::to_string(*request.intoRun) +
                                      " was deleted during the import; nothing was added");
            }
            firstSeq = store.catalogue().appendRunTo(stagingRun, *request.intoRun);
            if (request.sampling) {
                recordSampling(store, *request.intoRun, *request.sampling);
            }
        }
        if (request.beforeCommit) {
            request.beforeCommit(store, result.runId, firstSeq, result.summary, figures);
        }
        if (!request.intoRun) {
            if (!result.summary.configJson.empty()) {
                store.catalogue().setRunConfig(result.runId, result.summary.configJson);
            }
            store.catalogue().setRunStatus(result.runId, RunStatus::Complete);
        }
        store.commit();
        return result;
    } catch (...) {
        store.rollback();
        try {
            store.catalogue().deleteRun(stagingRun);
        } catch (const StoreError&) {
            // Left 'importing': the next open of the file removes it
            // once this process is gone.
        }
        throw;
    }
}

} // namespace pb::import
