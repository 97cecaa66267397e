// The Prometheus text exposition parser on arbitrary bytes. Oracle: only
// ExpositionError escapes, naming a line of the input; every sample has a
// valid metric name and a line in range; a sample's label set written back
// by labelText() parses to the same labels.
#include "FuzzCommon.h"

#include "metrics/Exposition.h"

#include <algorithm>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb::metrics;
    const std::string_view text = pb::fuzz::asText(data, size);
    const auto lines = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
    ExpositionLimits limits;
    limits.maxSamples = 10000;
    try {
        const auto e = parseExposition(text, limits);
        for (const auto& s : e.samples) {
            pb::fuzz::check(!s.name.empty(), "a sample has a name");
            pb::fuzz::check(s.line >= 1 && s.line <= lines, "a sample's line is in the input");
            const auto again = parseExposition("m" + labelText(s.labels) + " 1\n");
            pb::fuzz::check(again.samples.size() == 1, "labelText parses back");
            auto a = again.samples[0].labels;
            auto b = s.labels;
            const auto byName = [](const Label& x, const Label& y) {
                return x.name < y.name;
            };
            std::sort(a.begin(), a.end(), byName);
            std::sort(b.begin(), b.end(), byName);
            pb::fuzz::check(a == b, "labelText keeps the labels");
            (void)e.isCumulative(s);
        }
    } catch (const ExpositionError& err) {
        pb::fuzz::check(err.line() >= 1 && err.line() <= lines, "an error names a line of the input");
    }
    return 0;
}
