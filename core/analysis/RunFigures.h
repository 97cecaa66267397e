// The front ends' name for loaded/RunFigures.h: the loaded run and its figures
// live in core/loaded, below the diagnosis that reads them (docs/architecture.md).
#pragma once

#include "loaded/RunFigures.h"
