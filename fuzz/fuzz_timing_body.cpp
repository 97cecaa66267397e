// A response body or stream event through the timing profiles' one-pass
// reader, and a timing-profile file through its parser. Oracles: stored
// timings are never negative; on text that nlohmann reads as JSON, with no
// escapes (a key written with escapes matches no path in the one-pass reader),
// no NUL byte and valid UTF-8, the one-pass reader gives what the document
// reader gives.
#include "FuzzCommon.h"

#include "servertiming/TimingProfile.h"
#include "util/Utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    const std::string_view text = fuzz::asText(data, size);
    const auto doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    // nlohmann stops at a NUL byte (its end of input); the one-pass reader
    // refuses what follows it as not JSON.
    const bool comparable = !doc.is_discarded() && text.find('\\') == std::string_view::npos &&
                            text.find('\0') == std::string_view::npos && utf8::isValid(text);
    for (const auto& profile : servertiming::builtinProfiles()) {
        RequestRecord fast;
        const auto a = servertiming::readBodyText(profile, text, fast, "body");
        for (const auto* v :
             {&fast.reportedQueue, &fast.reportedPrefill, &fast.reportedDecode, &fast.reportedItl,
              &fast.reportedTotal, &fast.reportedFirstReasoning, &fast.reportedFirstContent}) {
            fuzz::check(!*v || **v >= 0, "a stored timing is not negative");
        }
        fuzz::check(a.fields == 0 || fast.timingProfile == profile.name, "what read a field is named");
        if (comparable) {
            RequestRecord slow;
            const auto b = servertiming::readBody(profile, doc, slow, "body");
            fuzz::check(a.fields == b.fields && a.malformed == b.malformed, "the two readers count alike");
            fuzz::check(fast == slow, "the two readers store the same timings");
        }
        (void)servertiming::mayCarryTimings(profile, text);
    }
    try {
        const auto profiles = servertiming::parseProfiles(text, "fuzz.json");
        for (const auto& p : profiles) {
            fuzz::check(!p.name.empty() && !p.fields.empty(), "a parsed profile has a name and fields");
            const auto back = servertiming::parseProfile(servertiming::toJson(p), "again");
            fuzz::check(back.name == p.name && back.fields.size() == p.fields.size(),
                        "a profile round-trips");
        }
    } catch (const servertiming::ProfileError& e) {
        fuzz::checkText(e.what(), "a profile error is valid UTF-8 text");
    }
    return 0;
}
