#include "import/Importer.h"

#include "import/AiperfImporter.h"
#include "import/GenaiPerfImporter.h"
#include "import/GenericCsvImporter.h"
#include "import/HarImporter.h"
#include "import/JaegerImporter.h"
#include "import/K6JsonImporter.h"
#include "import/K6SummaryImporter.h"
#include "import/LlmperfImporter.h"
#include "import/NativeCsvImporter.h"
#include "import/OtlpJsonImporter.h"
#include "import/VllmBenchImporter.h"
#include "util/Utf8.h"

namespace pb::import {

namespace {
// "file:line: message" (built step by step: GCC 12 warns falsely about the
// operator+ chain with -Wrestrict at -O2).
std::string located(const std::string& file, std::int64_t line, const std::string& message)
{
    std::string out;
    out.reserve(file.size() + message.size() + 24);
    out.append(file);
    if (line > 0) {
        out.push_back(':');
        out.append(std::to_string(line));
    }
    out.append(": ");
    out.append(message);
    return out;
}

// A message echoes bytes of the input: it is kept valid UTF-8 (an invalid
// byte becomes U+FFFD) so that no output path meets bytes it cannot encode.
std::string repaired(std::string s)
{
    utf8::repair(s);
    return s;
}
} // namespace

ImportError::ImportError(std::string file, std::int64_t line, std::string message)
    : std::runtime_error(located(file, line, repaired(message)))
    , m_file(std::move(file))
    , m_line(line)
    , m_message(repaired(std::move(message)))
{}

std::string formatBytes(std::uint64_t bytes)
{
    if (bytes >= (std::uint64_t(1) << 30) && bytes % (std::uint64_t(1) << 30) == 0) {
        return std::to_string(bytes >> 30) + " GiB";
    }
    if (bytes >= (std::uint64_t(1) << 20) && bytes % (std::uint64_t(1) << 20) == 0) {
        return std::to_string(bytes >> 20) + " MiB";
    }
    if (bytes >= 1024 && bytes % 1024 == 0) {
        return std::to_string(bytes >> 10) + " KiB";
    }
    return std::to_string(bytes) + " bytes";
}

void ImporterRegistry::add(std::unique_ptr<Importer> importer)
{
    m_importers.push_back(std::move(importer));
}

const Importer* ImporterRegistry::find(std::string_view name) const
{
    for (const auto& i : m_importers) {
        if (i->name() == name) {
            return i.get();
        }
    }
    return nullptr;
}

const Importer* ImporterRegistry::detect(std::string_view head, std::string_view fileName) const
{
    const Importer* best = nullptr;
    int bestScore = 0;
    for (const auto& i : m_importers) {
        const int score = i->detect(head, fileName);
        if (score > bestScore) {
            best = i.get();
            bestScore = score;
        }
    }
    return best;
}

std::vector<const Importer*> ImporterRegistry::all() const
{
    std::vector<const Importer*> out;
    for (const auto& i : m_importers) {
        out.push_back(i.get());
    }
    return out;
}

ImporterRegistry ImporterRegistry::withBuiltins()
{
    ImporterRegistry r;
    // Detection takes the highest confidence; on a tie the earlier one wins.
    r.add(std::make_unique<NativeCsvImporter>());
    r.add(std::make_unique<NativeJsonlImporter>());
    r.add(std::make_unique<K6JsonImporter>());
    r.add(std::make_unique<K6SummaryImporter>());
    r.add(std::make_unique<OtlpJsonImporter>());
    r.add(std::make_unique<JaegerImporter>());
    r.add(std::make_unique<HarImporter>());
    r.add(std::make_unique<AiperfImporter>());
    r.add(std::make_unique<AiperfAggregateImporter>());
    r.add(std::make_unique<GenaiPerfImporter>());
    r.add(std::make_unique<VllmBenchImporter>());
    r.add(std::make_unique<LlmperfImporter>());
    r.add(std::make_unique<LlmperfSummaryImporter>());
    r.add(std::make_unique<GenericCsvImporter>());
    return r;
}

} // namespace pb::import
