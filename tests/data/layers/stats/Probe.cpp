// A stats file that reaches up into the diagnosis: the layer check must
// refuse it (tests/layers).
#include "stats/Probe.h"

#include "diagnose/Findings.h"
#include "model/Run.h"

#include <vector>

int probe()
{
    return pb::diagnose::findingCount();
}
