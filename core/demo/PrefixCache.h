// The demo inference pool's prefix cache (opt-in, Timing::prefixCache), as
// vLLM's automatic prefix caching works: a prompt is cut into blocks of
// `blockTokens` estimated tokens, each full block is named by a hash chained
// over every block before it, and a request's cached prefix is its leading
// blocks already computed for an earlier request. Bounded by an LRU over
// blocks, so a long run forgets old prefixes as a real KV cache does.
#pragma once

#include <cstdint>
#include <list>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pb::demo {

// The chained block hashes of a prompt's text: one per full block of
// `blockTokens` tokens (TokenEstimate.h's bytes per token). A partial last
// block is never cached, as in vLLM.
std::vector<std::uint64_t> prefixBlockHashes(std::string_view text, int blockTokens);

struct PrefixCacheCounters
{
    std::int64_t queries = 0; // prompt tokens looked up (vLLM counts tokens)
    std::int64_t hits = 0;    // of them, found in the cache
};

class PrefixCache
{
public:
    PrefixCache(int blockTokens, std::size_t maxBlocks);

    // Cached tokens of a prompt of `inputTokens` with these block hashes: its
    // leading blocks already in the cache (at most inputTokens). Counts the
    // query and marks the hit blocks as recently used.
    int lookup(const std::vector<std::uint64_t>& hashes, int inputTokens);
    // Remembers the prompt's blocks once its prefill is done.
    void insert(const std::vector<std::uint64_t>& hashes);
    PrefixCacheCounters counters() const;
    int blockTokens() const { return m_blockTokens; }
    std::size_t size() const;

private:
    void touch(std::uint64_t hash);

    mutable std::mutex m_mutex;
    int m_blockTokens;
    std::size_t m_maxBlocks;
    std::list<std::uint64_t> m_lru; // most recent first
    std::unordered_map<std::uint64_t, std::list<std::uint64_t>::iterator> m_index;
    PrefixCacheCounters m_counters;
};

} // namespace pb::demo
