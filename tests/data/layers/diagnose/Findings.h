// Fixture for tests/layers: a diagnose header that a lower folder includes by mistake.
#pragma once

namespace pb::diagnose {
inline int findingCount()
{
    return 0;
}
} // namespace pb::diagnose
