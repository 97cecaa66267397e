// One line for a capacity search's answer (analysis/Capacity.h), as the Run
// Launcher's state and the Overview's verdict show it: the highest rate that
// met every budget, the next step, and what broke there with its owner.
#pragma once

#include "analysis/Capacity.h"

#include <QString>

namespace pb::ui {

QString capacityAnswerText(const analysis::CapacityAnswer& answer);

} // namespace pb::ui
