// Helpers for the importer suites: an in-memory sink, parsing a file or a
// string with one importer, and quantiles computed independently of the
// statistics engine.
#pragma once

#include "import/GzipStream.h"
#include "import/Importer.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace pb::test {

struct Figure
{
    std::optional<double> value;
    std::string text;
};

class MemorySink final : public pb::import::ImportSink
{
public:
    void addRequests(std::span<const RequestRecord> r) override
    {
        rows.insert(rows.end(), r.begin(), r.end());
    }
    void addSpans(std::span<const SpanRecord> s) override { spans.insert(spans.end(), s.begin(), s.end()); }
    void addFigure(const std::string& name, std::optional<double> value, const std::string& text) override
    {
        figures[name] = {value, text};
    }
    std::optional<double> value(const std::string& name) const
    {
        auto it = figures.find(name);
        return it == figures.end() ? std::nullopt : it->second.value;
    }
    std::string text(const std::string& name) const
    {
        auto it = figures.find(name);
        return it == figures.end() ? std::string("<absent>") : it->second.text;
    }
    std::vector<RequestRecord> rows;
    std::vector<SpanRecord> spans;
    std::map<std::string, Figure> figures;
};

struct Parsed
{
    pb::import::ImportSummary summary;
    MemorySink sink;
};

inline const pb::import::ImporterRegistry& registry()
{
    static const pb::import::ImporterRegistry r = pb::import::ImporterRegistry::withBuiltins();
    return r;
}

inline const pb::import::Importer& importer(std::string_view name)
{
    const auto* i = registry().find(name);
    if (!i) {
        qFatal("no importer %s", std::string(name).c_str());
    }
    return *i;
}

inline std::string fixture(const char* name)
{
    return std::string(PHASEBENCH_TEST_DATA) + "/importers/" + name;
}

inline std::string samplesDir()
{
    return std::string(PHASEBENCH_SOURCE_DIR) + "/../shared/samples";
}

inline std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Parses a file with one importer (inflating gzip as importFile does).
inline Parsed parseFile(std::string_view name, const std::string& path,
                        pb::import::ImportOptions options = {})
{
    Parsed p;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        qFatal("cannot open %s", path.c_str());
    }
    char magic[2] = {0, 0};
    in.read(magic, 2);
    in.clear();
    in.seekg(0);
    options.sourceName = path;
    options.totalBytes = std::filesystem::file_size(path);
    if (pb::import::looksGzip(std::string_view(magic, 2))) {
        pb::import::GzipIStream gz(in, path);
        p.summary = importer(name).parse(gz, options, p.sink, {});
    } else {
        p.summary = importer(name).parse(in, options, p.sink, {});
    }
    return p;
}

inline Parsed parseText(std::string_view name, const std::string& text,
                        pb::import::ImportOptions options = {})
{
    Parsed p;
    std::istringstream in(text);
    if (options.sourceName.empty()) {
        options.sourceName = "input";
    }
    p.summary = importer(name).parse(in, options, p.sink, {});
    return p;
}

// Hyndman-Fan type 7 (numpy, pandas, k6): computed here, not by the engine.
inline double linearQuantile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const double i = p * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(i));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (i - static_cast<double>(lo));
}

inline double mean(const std::vector<double>& v)
{
    double s = 0;
    for (double x : v) {
        s += x;
    }
    return s / static_cast<double>(v.size());
}

inline bool near(double a, double b, double rel = 1e-9, double abs = 1e-9)
{
    return std::fabs(a - b) <= std::max(abs, rel * std::max(std::fabs(a), std::fabs(b)));
}

} // namespace pb::test

#define PB_COMPARE_NEAR(actual, expected, rel)                                                               \
    do {                                                                                                     \
        const double a_ = (actual);                                                                          \
        const double e_ = (expected);                                                                        \
        if (!pb::test::near(a_, e_, rel)) {                                                                  \
            QFAIL(qPrintable(QStringLiteral("%1 = %2, expected %3")                                          \
                                 .arg(QString::fromLatin1(#actual))                                          \
                                 .arg(a_, 0, 'g', 17)                                                        \
                                 .arg(e_, 0, 'g', 17)));                                                     \
        }                                                                                                    \
    } while (false)
