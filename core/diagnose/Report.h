// Machine-readable forms of a check and a diagnosis: JSON (stable keys,
// "not available" is null) and JUnit XML for CI systems (one test case per
// budget and gate; a failure per broken budget, a skip per undecided one).
#pragma once

#include "diagnose/Check.h"
#include "diagnose/Finding.h"

#include <nlohmann/json.hpp>

#include <string>

namespace pb::diagnose {

using Json = nlohmann::ordered_json;

Json toJson(const Evidence& e);
Json toJson(const Finding& f);
Json toJson(const Diagnosis& d);
Json toJson(const BreachAttribution& a);
Json toJson(const CheckItem& i);
Json toJson(const CheckResult& r);

// A JUnit XML document: <testsuites><testsuite name=suite …><testcase …/>…
std::string toJUnit(const CheckResult& r, const std::string& suite);

} // namespace pb::diagnose
