// Counter-based random numbers for the load engine: every draw is a pure
// function of (seed, stream, index, draw), so arrival k of a stage or prompt
// i of a set is the same whatever else the run did before it (completions,
// drops, the order of calls). SplitMix64's finaliser mixes the counter.
#pragma once

#include <cstdint>

namespace pb::load {

class CounterRng
{
public:
    CounterRng(std::uint64_t seed, std::uint64_t stream)
        : m_key(mix(seed ^ mix(stream + 0x9e3779b97f4a7c15ULL)))
    {}

    // 64 random bits for (index, draw).
    std::uint64_t bits(std::uint64_t index, std::uint64_t draw = 0) const
    {
        return mix(m_key ^ mix(index * 0xd1b54a32d192ed03ULL + draw + 1));
    }
    // Uniform in the open interval (0, 1): never 0, so log() is finite.
    double uniform(std::uint64_t index, std::uint64_t draw = 0) const
    {
        return (double(bits(index, draw) >> 11) + 0.5) * 0x1.0p-53;
    }

    static std::uint64_t mix(std::uint64_t z)
    {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t m_key;
};

// A seed from the kernel's random source, for a scenario without "seed".
std::uint64_t randomSeed();

} // namespace pb::load
