// The front ends' name for loaded/Presets.h: the presets live in core/loaded,
// where the run summary that reads them is (docs/architecture.md).
#pragma once

#include "loaded/Presets.h"
