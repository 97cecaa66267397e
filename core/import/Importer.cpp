#include "import/Importer.h"

#include "import/NativeCsvImporter.h"

namespace pb {

ImportError::ImportError(std::string file, std::int64_t line, std::string message)
    : std::runtime_error(file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message)
    , m_file(std::move(file))
    , m_line(line)
    , m_message(std::move(message))
{}

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
    r.add(std::make_unique<NativeCsvImporter>());
    return r;
}

} // namespace pb
