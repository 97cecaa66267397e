// One palette for every chart: each phase, milestone and server phase keeps
// its colour on every page. Mid-saturation colours read on light and dark
// backgrounds.
#pragma once

#include <QColor>

#include <string_view>

namespace pb::ui {

inline QColor phaseColor(std::string_view phase)
{
    struct Entry
    {
        std::string_view name;
        QRgb rgb;
    };
    static constexpr Entry kPalette[] = {
        // client phases
        {"blocked", 0x9e9e9e},
        {"dns", 0x8d6e63},
        {"connect", 0xff8f00},
        {"tls", 0xffb300},
        {"setup", 0xffa000},
        {"send", 0x26a69a},
        {"wait", 0x42a5f5},
        {"receive", 0x7e57c2},
        {"total", 0x455a64},
        // stream milestones and the streaming split
        {"headers", 0x5c6bc0},
        {"first_event", 0x29b6f6},
        {"first_content", 0x26c6da},
        {"first_text", 0x1e88e5},
        {"done", 0x3949ab},
        {"generation", 0x43a047},
        // server phases
        {"server_root", 0x546e7a},
        {"network_envelope", 0x78909c},
        {"gateway", 0xef6c00},
        {"gateway_auth", 0xffa726}, // the gateway's local fields: lighter gateway
        {"gateway_distribution", 0xffb74d},
        {"gateway_body_read", 0xffcc80},
        {"gpu_queue", 0xe53935},
        {"generation_server", 0x2e7d32},
        {"prefill", 0x66bb6a},
        {"decode", 0x1b5e20},
        {"response_write", 0x8e24aa},
        {"provider", 0x00838f}, // an external provider's total
        {"unattributed", 0xbdbdbd},
        {"other", 0xd7ccc8},
    };
    for (const auto& e : kPalette) {
        if (e.name == phase) {
            return QColor::fromRgb(e.rgb);
        }
    }
    return QColor::fromRgb(0x90a4ae);
}

} // namespace pb::ui
