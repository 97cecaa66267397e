#include "load/Scenario.h"
#include "load/ScenarioMetrics.h"
#include "load/TraceContext.h"
#include "util/Redact.h"

#include <nlohmann/json.hpp>

#include <QByteArrayView>
#include <QCryptographicHash>

#include <filesystem>

namespace pb::load {

using json = nlohmann::json;

std::string scenarioConfigJson(const Scenario& s, std::uint32_t instanceId, const std::string& generatorHost)
{
    const auto ms = [](Nanos n) {
        return double(n) / 1e6;
    };
    // Parameter values and fragments may be secrets: stored only when the
    // scenario names them in target.public_parameters (util/Redact.h).
    json target{{"base_url", redact::url(s.target.baseUrl, s.target.publicParameters)},
                {"api", nameOf(s.target.api)},
                {"path", redact::url(s.target.path, s.target.publicParameters)},
                {"model", s.target.model},
                {"tls_verify", s.target.tlsVerify},
                {"http_version", nameOf(s.target.httpVersion)},
                {"max_connections", s.target.maxConnections},
                {"stream_protocol",
                 s.target.streamProtocol == pb::stream::Protocol::Responses ? "responses" : "chat"}};
    // The variable's name is not a secret; its value never reaches this function.
    target["api_key_env"] = s.target.apiKeyEnv;
    target["api_key_header"] = s.target.apiKeyHeader;
    auto headerNames = json::array();
    for (const auto& [k, v] : s.target.headers) {
        headerNames.push_back(k); // values may be credentials: names only
    }
    target["header_names"] = headerNames;
    auto sets = json::array();
    const auto length = [](const std::optional<LengthSpec>& l) {
        return l ? json{{"mean", l->mean}, {"spread", l->spread}} : json();
    };
    for (const auto& p : s.request.promptSets) {
        // Sources by name and parameters only: no prompt text, no file content.
        json set{{"bucket", p.bucket},
                 {"weight", p.weight},
                 {"prompt_count", p.prompts.size()},
                 {"output_bucket", p.outputBucket},
                 {"source", p.source == PromptSource::List      ? "list"
                            : p.source == PromptSource::Dataset ? "dataset"
                            : p.source == PromptSource::Replay  ? "replay"
                                                                : "synthetic"},
                 {"output_tokens_source", p.outputSource},
                 {"buckets_from", p.measuredBuckets() ? "measured_tokens" : "label"}};
        if (p.source == PromptSource::Dataset) {
            set["dataset"] = p.datasetName;
            set["format"] = p.datasetFormat;
            set["dataset_entries"] = p.datasetEntries;
        }
        if (p.syntheticInput) {
            set["synthetic_input_tokens"] = length(p.syntheticInput);
        }
        if (p.outputSpec) {
            set["output_tokens"] = length(p.outputSpec);
        }
        sets.push_back(std::move(set));
    }
    json request{{"prompt_sets", sets},
                 {"stream", s.request.stream},
                 {"include_usage", s.request.includeUsage},
                 {"tools", !s.request.toolsJson.empty()}};
    request["max_tokens"] = s.request.maxTokens ? json(*s.request.maxTokens) : json();
    request["temperature"] = s.request.temperature ? json(*s.request.temperature) : json();
    request["token_buckets"] = {{"input", s.request.tokenBuckets.input},
                                {"output", s.request.tokenBuckets.output},
                                {"token_estimate", "ceil(utf8_bytes / 4)"}};
    json executor{{"type", nameOf(s.executor.kind)},
                  {"max_in_flight", s.executor.maxInFlight},
                  {"pre_allocated", s.executor.preAllocated},
                  {"planned_duration_ms", ms(s.executor.plannedDuration())}};
    if (s.executor.open()) {
        auto stages = json::array();
        for (const auto& st : s.executor.stages) {
            stages.push_back({{"name", st.name},
                              {"start_rate_per_s", st.startRate},
                              {"end_rate_per_s", st.endRate},
                              {"duration_ms", ms(st.duration)}});
        }
        executor["stages"] = stages;
        if (s.executor.kind == ExecutorKind::Replay) {
            // The trace by file name and shape only: its lines hold the run's prompt lengths.
            const auto& r = s.executor.replay;
            executor["replay"] = {{"file", std::filesystem::path(r.file).filename().string()},
                                  {"format", nameOf(r.format)},
                                  {"speedup", r.speedup},
                                  {"loop", r.loop},
                                  {"block_tokens", r.blockTokens},
                                  {"entries", r.entries.size()},
                                  {"pass_ms", ms(r.passLength)}};
        }
        executor["arrival"] =
            s.executor.kind == ExecutorKind::Replay ? std::string("trace") : std::string(nameOf(s.arrival));
        if (s.arrival == ArrivalKind::Gamma) {
            executor["burstiness"] = s.burstiness;
        }
    } else {
        executor["vus"] = s.executor.vus;
    }
    json retry{{"max_attempts", s.retry.maxAttempts},
               {"on_status", s.retry.onStatus},
               {"on_transport_error", s.retry.onTransportError},
               {"backoff_ms", ms(s.retry.backoff)},
               {"backoff_multiplier", s.retry.backoffMultiplier}};
    json out{{"scenario", s.name},
             {"target", target},
             {"request", request},
             {"executor", executor},
             {"warmup_ms", ms(s.warmup)},
             {"graceful_stop_ms", ms(s.gracefulStop)},
             {"timeout_ms", ms(s.timeout)},
             {"retry", retry},
             {"sample_interval_ms", ms(s.sampleInterval)},
             {"generator_instance_id", instanceIdHex(instanceId)}};
    out["cancel_after_ms"] = s.cancelAfter ? json(ms(*s.cancelAfter)) : json();
    // The seed actually used (drawn at random when the scenario had none): the run can be repeated.
    out["seed"] = s.seed;
    out["seed_source"] = s.seedDrawn ? "random" : "scenario";
    if (s.metrics) {
        out["metrics"] = detail::metricsConfigJson(*s.metrics);
    }
    out["sampling"] = json::parse(samplingToJson(s.sampling));
    // The requested profile (what auto settled on is the run figure
    // server_timing_profile) and the user's profiles in full: they are rules, not data.
    json timings{{"profile", s.serverTimings.profile},
                 {"include_usage", s.serverTimings.wantsUsageChunk()},
                 {"include_usage_source", s.serverTimings.includeUsage ? "scenario" : "profile"}};
    auto userProfiles = json::array();
    for (const auto& p : s.serverTimings.userProfiles) {
        userProfiles.push_back(servertiming::toJson(p));
    }
    timings["profiles"] = std::move(userProfiles);
    if (!s.serverTimings.profilesFile.empty()) {
        timings["profiles_file"] = std::filesystem::path(s.serverTimings.profilesFile).filename().string();
    }
    out["server_timings"] = std::move(timings);
    if (s.sessions) {
        const auto& ss = *s.sessions;
        out["sessions"] = {{"min_turns", ss.minTurns},
                           {"max_turns", ss.maxTurns},
                           {"min_think_ms", double(ss.minThink) / 1e6},
                           {"max_think_ms", double(ss.maxThink) / 1e6},
                           {"turns_from_dataset", ss.fromDataset}};
    }
    if (!s.digest.empty()) {
        out["scenario_digest"] = s.digest;
        out["scenario_digest_of"] = "scenario document";
    } else {
        // Built in code (the demo): what is stored of it, without this run's own instance.
        auto described = out;
        described.erase("generator_instance_id");
        const auto text = described.dump();
        const auto hash = QCryptographicHash::hash(QByteArrayView(text.data(), qsizetype(text.size())),
                                                   QCryptographicHash::Sha256);
        out["scenario_digest"] = "sha256:" + hash.toHex().toStdString();
        out["scenario_digest_of"] = "stored configuration";
    }
    if (!generatorHost.empty()) {
        out["generator_host"] = generatorHost;
    }
    return out.dump();
}

} // namespace pb::load
