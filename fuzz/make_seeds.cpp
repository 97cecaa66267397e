// Writes OTLP protobuf seeds for fuzz-otlp-protobuf with the project's own
// encoder: every OTLP/JSON file of the test data re-encoded, and a few spans
// with attributes of each value type. Usage: fuzz-make-seeds OUT_DIR DATA_DIR
#include "telemetry/OtlpDecode.h"
#include "telemetry/OtlpEncode.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::cerr << "usage: fuzz-make-seeds OUT_DIR DATA_DIR\n";
        return 2;
    }
    const fs::path out = argv[1];
    fs::create_directories(out);

    for (const auto& entry : fs::directory_iterator(argv[2])) {
        const auto name = entry.path().filename().string();
        if (!name.starts_with("otlp_")) {
            continue;
        }
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        const auto decoded = pb::telemetry::decodeJsonDocuments(text.str(), {.captureContent = true});
        if (!decoded.ok || decoded.spans.empty()) {
            std::cerr << name << ": no spans (" << decoded.error << ")\n";
            return 1;
        }
        write(out / (name + ".pb"), pb::telemetry::encodeProtobuf(decoded.spans));
    }

    pb::SpanRecord s;
    s.traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    s.spanId = "00f067aa0ba902b7";
    s.parentSpanId = "b7ad6b7169203331";
    s.name = "chat gpt-4o";
    s.kind = 2;
    s.startNs = 1'700'000'000'000'000'000;
    s.endNs = s.startNs + 250'000'000;
    s.statusCode = 2;
    s.statusMessage = "upstream timeout";
    s.serviceName = "llm-gateway";
    s.attributesJson = R"({"gen_ai.system":"openai","gen_ai.usage.input_tokens":42,)"
                       R"("gen_ai.request.temperature":0.5,"stream":true,"tags":["a","b",[1,2]],)"
                       R"("gen_ai.prompt":"hello","http.response.status_code":200})";
    std::vector<pb::SpanRecord> spans{s};
    write(out / "one_span.pb", pb::telemetry::encodeProtobuf(spans));
    pb::SpanRecord child = s;
    child.spanId = "1000000000000001";
    child.parentSpanId = s.spanId;
    child.name = "queue";
    child.serviceName = "inference";
    child.attributesJson = "{}";
    spans.push_back(child);
    write(out / "two_services.pb", pb::telemetry::encodeProtobuf(spans));
    write(out / "empty_request.pb", pb::telemetry::encodeProtobuf({}));
    return 0;
}
