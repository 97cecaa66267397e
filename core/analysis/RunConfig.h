// The front ends' name for loaded/RunConfig.h: the loaded run and its figures
// live in core/loaded, below the diagnosis that reads them (docs/architecture.md).
#pragma once

#include "loaded/RunConfig.h"
