#include "load/ScenarioMetrics.h"

#include "load/ScenarioReader.h"
#include "util/Redact.h"

#include <string>

namespace pb::load::detail {
namespace {

bool isMetricName(const std::string& s)
{
    if (s.empty()) {
        return false;
    }
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        const bool start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
        if (!start && !(i > 0 && c >= '0' && c <= '9')) {
            return false;
        }
    }
    return true;
}

} // namespace

std::vector<std::string> parsePublicParameters(const Node& node)
{
    std::vector<std::string> out;
    if (!node.has("public_parameters")) {
        return out;
    }
    const auto& arr = node.raw().at("public_parameters");
    if (!arr.is_array()) {
        node.fail("public_parameters", "expected an array of parameter names, e.g. [\"api-version\"]");
    }
    for (std::size_t i = 0; i < arr.size(); ++i) {
        if (!arr[i].is_string() || arr[i].get<std::string>().empty() ||
            arr[i].get<std::string>().find_first_of("=&;?#/ \t\r\n") != std::string::npos) {
            node.fail("public_parameters[" + std::to_string(i) + "]", "expected a parameter name");
        }
        out.push_back(arr[i].get<std::string>());
    }
    return out;
}

MetricsSource parseMetricsSource(const Node& m)
{
    m.allowOnly({"url", "interval", "timeout", "series", "public_parameters"});
    MetricsSource out;
    out.url = m.str("url", {}, true);
    if (!(out.url.starts_with("http://") || out.url.starts_with("https://")) ||
        out.url.find_first_of(" \t\r\n") != std::string::npos) {
        m.fail("url", "expected an http:// or https:// URL, e.g. http://host:8000/metrics");
    }
    const auto rest = out.url.substr(out.url.find("://") + 3);
    if (rest.empty() || rest.front() == '/') {
        m.fail("url", "expected a host after the scheme");
    }
    if (rest.substr(0, rest.find('/')).find('@') != std::string::npos) {
        m.fail("url", "credentials in the URL are not allowed (the URL is stored with the run)");
    }
    if (out.url.find_first_of("?#") != std::string::npos) {
        m.fail("url", "a query string or fragment is not allowed (it may carry credentials, and the URL "
                      "is stored with the run)");
    }
    out.publicParameters = parsePublicParameters(m);
    out.interval = m.duration("interval").value_or(out.interval);
    if (out.interval < 100'000'000) {
        m.fail("interval", "expected at least 100ms");
    }
    if (m.has("timeout")) {
        out.timeout = *m.duration("timeout");
    }
    if (m.has("series")) {
        const auto& arr = m.raw().at("series");
        if (!arr.is_array() || arr.empty()) {
            m.fail("series", "expected a non-empty array of metric names");
        }
        out.defaultSeries = false;
        for (std::size_t i = 0; i < arr.size(); ++i) {
            if (!arr[i].is_string() || !isMetricName(arr[i].get<std::string>())) {
                m.fail("series[" + std::to_string(i) + "]",
                       "expected a Prometheus metric name, e.g. \"vllm:num_requests_waiting\"");
            }
            out.series.push_back(arr[i].get<std::string>());
        }
    } else {
        for (const auto name : metrics::defaultSeries()) {
            out.series.emplace_back(name);
        }
    }
    return out;
}

nlohmann::json metricsConfigJson(const MetricsSource& source)
{
    return nlohmann::json{{"url", redact::url(source.url, source.publicParameters)},
                          {"interval_ms", double(source.interval) / 1e6},
                          {"timeout_ms", double(source.scrapeTimeout()) / 1e6},
                          {"default_series", source.defaultSeries},
                          {"series", source.series}};
}

} // namespace pb::load::detail
