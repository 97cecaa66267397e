#include "demo/PrefixCache.h"

#include "load/TokenEstimate.h"

#include <algorithm>

namespace pb::demo {

std::vector<std::uint64_t> prefixBlockHashes(std::string_view text, int blockTokens)
{
    std::vector<std::uint64_t> out;
    if (blockTokens < 1) {
        return out;
    }
    const auto blockBytes = static_cast<std::size_t>(blockTokens * pb::load::kBytesPerToken);
    // FNV-1a, continued from the previous block's hash: a block's name says
    // its whole prefix, so equal blocks after different prefixes differ.
    std::uint64_t h = 14695981039346656037ull;
    for (std::size_t at = 0; at + blockBytes <= text.size(); at += blockBytes) {
        for (std::size_t i = at; i < at + blockBytes; ++i) {
            h ^= static_cast<unsigned char>(text[i]);
            h *= 1099511628211ull;
        }
        out.push_back(h);
    }
    return out;
}

PrefixCache::PrefixCache(int blockTokens, std::size_t maxBlocks)
    : m_blockTokens(std::max(1, blockTokens))
    , m_maxBlocks(std::max<std::size_t>(1, maxBlocks))
{}

void PrefixCache::touch(std::uint64_t hash)
{
    const auto it = m_index.find(hash);
    if (it != m_index.end()) {
        m_lru.splice(m_lru.begin(), m_lru, it->second);
        return;
    }
    m_lru.push_front(hash);
    m_index.emplace(hash, m_lru.begin());
    if (m_lru.size() > m_maxBlocks) {
        m_index.erase(m_lru.back());
        m_lru.pop_back();
    }
}

int PrefixCache::lookup(const std::vector<std::uint64_t>& hashes, int inputTokens)
{
    std::lock_guard lock(m_mutex);
    std::int64_t blocks = 0;
    for (const auto h : hashes) {
        if (!m_index.contains(h)) {
            break;
        }
        ++blocks;
    }
    for (std::int64_t i = 0; i < blocks; ++i) {
        touch(hashes[static_cast<std::size_t>(i)]);
    }
    const auto cached =
        static_cast<int>(std::min<std::int64_t>(blocks * m_blockTokens, std::max(0, inputTokens)));
    m_counters.queries += std::max(0, inputTokens);
    m_counters.hits += cached;
    return cached;
}

void PrefixCache::insert(const std::vector<std::uint64_t>& hashes)
{
    std::lock_guard lock(m_mutex);
    for (const auto h : hashes) {
        touch(h);
    }
}

PrefixCacheCounters PrefixCache::counters() const
{
    std::lock_guard lock(m_mutex);
    return m_counters;
}

std::size_t PrefixCache::size() const
{
    std::lock_guard lock(m_mutex);
    return m_lru.size();
}

} // namespace pb::demo
