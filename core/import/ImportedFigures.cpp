#include "import/ImportedFigures.h"

#include <cmath>

namespace pb::import {

std::string figureKey(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        out.push_back(c == ' ' || c == '\t' || c == '\n' ? '_' : c);
    }
    return out;
}

std::string addImportedFigure(ImportSink& sink, std::string_view metric, std::string_view stat, double value,
                              std::optional<TimeUnit> unit, std::string_view text)
{
    const std::string name = "imported." + figureKey(metric) + "." + figureKey(stat);
    if (unit) {
        if (!durationToNanos(value, *unit)) {
            return "expected " + durationExpected(*unit) + ", found " + numberText(value);
        }
        double scale = 1;
        switch (*unit) {
        case TimeUnit::Nanoseconds:
            scale = 1e-6;
            break;
        case TimeUnit::Microseconds:
            scale = 1e-3;
            break;
        case TimeUnit::Milliseconds:
            scale = 1;
            break;
        case TimeUnit::Seconds:
            scale = 1e3;
            break;
        }
        sink.addFigure(name, value * scale, "ms");
        return {};
    }
    if (!std::isfinite(value)) {
        return "expected a finite number, found " + numberText(value);
    }
    sink.addFigure(name, value, std::string(text));
    return {};
}

} // namespace pb::import
