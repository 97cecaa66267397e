// Scenario JSON (with an inline budget object): malformed input may only end
// in ScenarioError; a scenario that parses has a stored form that is JSON.
// Prompt and budget files are looked up in a folder that does not exist.
#include "FuzzCommon.h"

#include "load/Scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    const std::string_view text = fuzz::asText(data, size);
    try {
        const auto s = load::parseScenario(text, "fuzz.json", "/nonexistent/phasebench-fuzz");
        const auto stored = load::scenarioConfigJson(s, 1);
        fuzz::checkJsonObject(stored, "the stored scenario is a JSON object");
        fuzz::check(s.timeout > 0, "a scenario has a positive timeout");
        // What the run and the window compute first: the planned length.
        fuzz::check(s.warmup + s.executor.plannedDuration() + s.gracefulStop >= 0,
                    "the planned run length is not negative");
    } catch (const load::ScenarioError& e) {
        fuzz::check(e.what()[0] != '\0', "a scenario error says what is wrong");
    }
    if (const auto d = load::parseDuration(text)) {
        fuzz::check(*d >= 0, "a duration is not negative");
    }
    return 0;
}
