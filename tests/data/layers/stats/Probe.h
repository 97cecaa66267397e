// Fixture for tests/layers: a stats header that is allowed everything it includes.
#pragma once

#include "model/Run.h"

int probe();
