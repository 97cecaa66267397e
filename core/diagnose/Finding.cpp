#include "diagnose/Finding.h"

#include <QtGlobal>

namespace pb::diagnose {

std::string_view ownerName(Owner o)
{
    switch (o) {
    case Owner::ClientNetwork:
        return "client_network";
    case Owner::Gateway:
        return "gateway";
    case Owner::InferencePool:
        return "inference_pool";
    case Owner::ModelGeneration:
        return "model_generation";
    case Owner::ResponseTransfer:
        return "response_transfer";
    case Owner::Telemetry:
        return "telemetry";
    case Owner::ExternalProvider:
        return "external_provider";
    }
    return {};
}

std::string_view ownerLabel(Owner o)
{
    switch (o) {
    case Owner::ClientNetwork:
        return QT_TRANSLATE_NOOP("pb::diagnose", "client/network");
    case Owner::Gateway:
        return QT_TRANSLATE_NOOP("pb::diagnose", "gateway");
    case Owner::InferencePool:
        return QT_TRANSLATE_NOOP("pb::diagnose", "inference pool/queue");
    case Owner::ModelGeneration:
        return QT_TRANSLATE_NOOP("pb::diagnose", "model generation");
    case Owner::ResponseTransfer:
        return QT_TRANSLATE_NOOP("pb::diagnose", "response transfer");
    case Owner::Telemetry:
        return QT_TRANSLATE_NOOP("pb::diagnose", "telemetry/measurement");
    case Owner::ExternalProvider:
        return QT_TRANSLATE_NOOP("pb::diagnose", "external provider");
    }
    return {};
}

std::string_view confidenceName(Confidence c)
{
    switch (c) {
    case Confidence::Low:
        return "low";
    case Confidence::Medium:
        return "medium";
    case Confidence::High:
        return "high";
    }
    return {};
}

} // namespace pb::diagnose
