// Budget JSON: malformed input may only end in BudgetError. Oracle: the
// canonical JSON of a parsed set reads back to the same canonical JSON.
#include "FuzzCommon.h"

#include "budget/Budget.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    const std::string_view text = fuzz::asText(data, size);
    std::string canonical;
    try {
        canonical = budget::budgetsToJson(budget::parseBudgets(text, "fuzz.json"));
    } catch (const budget::BudgetError& e) {
        fuzz::check(e.what()[0] != '\0', "a budget error says what is wrong");
        return 0;
    }
    fuzz::checkJsonObject(canonical, "canonical budgets are a JSON object");
    try {
        const auto again = budget::budgetsToJson(budget::parseBudgets(canonical, "canonical.json"));
        fuzz::check(again == canonical, "canonical budgets read back to themselves");
    } catch (const budget::BudgetError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        fuzz::check(false, "canonical budgets parse");
    }
    return 0;
}
