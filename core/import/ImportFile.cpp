#include "import/ImportFile.h"

#include "import/GzipStream.h"
#include "import/PipelinedSink.h"
#include "store/RunStore.h"

#include <filesystem>
#include <fstream>
#include <memory>

namespace pb {
namespace {

class StoreSink final : public ImportSink
{
public:
    StoreSink(RunStore& store, std::int64_t runId)
        : m_store(store)
        , m_runId(runId)
    {}
    void addRequests(std::span<const RequestRecord> rows) override { m_store.insertRequests(m_runId, rows); }
    void addSpans(std::span<const SpanRecord> spans) override { m_store.insertSpans(m_runId, spans); }
    void addFigure(const std::string& name, std::optional<double> value, const std::string& text) override
    {
        m_store.setFigure(m_runId, name, value, text);
    }

private:
    RunStore& m_store;
    std::int64_t m_runId;
};

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
    ProgressFn innerProgress = progress;
    if (gzip && progress) {
        innerProgress = [&](std::uint64_t, std::uint64_t) {
            return progress(gz ? gz->buffer().compressedBytesRead() : 0, ec ? 0 : size);
        };
    }

    // The run is created here or checked below, before any row refers to it.
    store.begin(RunStore::Checks::RunsChecked);
    try {
        ImportResult result;
        if (request.intoRun) {
            if (!store.run(*request.intoRun)) {
                throw ImportError(request.path, 0,
                                  "run " + std::to_string(*request.intoRun) + " does not exist");
            }
            result.runId = *request.intoRun;
        } else {
            RunInfo info;
            info.name = request.runName.empty() ? fileName : request.runName;
            info.kind = RunKind::Import;
            info.source = fileName + " (" + std::string(importer->name()) + ")";
            info.status = RunStatus::Running;
            result.runId = store.createRun(info);
        }
        StoreSink storeSink(store, result.runId);
        {
            // On an error the pipeline is gone (its writer joined) before
            // the rollback below touches the store.
            PipelinedSink sink(storeSink);
            result.summary = importer->parse(*src, options, sink, innerProgress);
            result.summary.decompressedBytes = gz ? gz->buffer().bytesInflated() : 0;
            sink.finish();
        }
        if (!request.intoRun) {
            if (!result.summary.configJson.empty()) {
                store.setRunConfig(result.runId, result.summary.configJson);
            }
            store.setRunStatus(result.runId, RunStatus::Complete);
        }
        store.commit();
        return result;
    } catch (...) {
        store.rollback();
        throw;
    }
}

} // namespace pb
