// Progress reporting for long work: a callback that receives how far the work
// is and returns false to cancel it.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>

namespace pb {

// done/total in the work's own units (bytes for parsers); total 0 = unknown.
using ProgressFn = std::function<bool(std::uint64_t done, std::uint64_t total)>;

// Thrown by work whose progress callback asked it to stop.
class Cancelled : public std::runtime_error
{
public:
    Cancelled()
        : std::runtime_error("cancelled")
    {}
};

// For work without a measure of progress: ask whether to go on, stop if not.
inline void throwIfCancelled(const ProgressFn& progress)
{
    if (progress && !progress(0, 0)) {
        throw Cancelled();
    }
}

} // namespace pb
