// Internal to the store's readers: codes the labels of a text column.
#pragma once

#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::store {

// Codes labels in order of first appearance (the RequestTable convention), as
// an open-addressing table of codes into `labels`: an id column with a
// distinct value on each of 1M rows costs a probe and a string per row, not a
// hash-map node to allocate and free (that was ~25% of a load). Each slot
// keeps 32 bits of the hash, so a probe touches a label only when it very
// likely matches, and codeAll() prefetches the slots ahead: on 1M distinct
// ids the cost is memory latency, one miss per row.
class LabelCoder
{
public:
    explicit LabelCoder(std::vector<std::string>& labels)
        : m_labels(&labels)
    {
        rehash(64);
    }
    void reserve(std::size_t n)
    {
        m_labels->reserve(n);
        if (n * 2 > m_slots.size()) {
            rehash(std::bit_ceil(n * 2));
        }
    }
    std::int32_t code(std::string_view s) { return code(s, hash(s)); }
    // out[i] = code(in[i]).
    void codeAll(const std::vector<std::string_view>& in, std::vector<std::int32_t>& out)
    {
        constexpr std::size_t kAhead = 8;
        m_hashes.resize(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            m_hashes[i] = hash(in[i]);
        }
        out.resize(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            if (i + kAhead < in.size()) {
                __builtin_prefetch(&m_slots[m_hashes[i + kAhead] & m_mask]);
            }
            out[i] = code(in[i], m_hashes[i]);
        }
    }

private:
    struct Slot
    {
        std::uint32_t tag = 0;
        std::int32_t code = -1; // -1: empty
    };
    static std::size_t hash(std::string_view s) { return std::hash<std::string_view>{}(s); }
    static std::uint32_t tagOf(std::size_t h) { return static_cast<std::uint32_t>(h >> 32); }
    std::int32_t code(std::string_view s, std::size_t h)
    {
        if ((m_labels->size() + 1) * 2 > m_slots.size()) {
            rehash(m_slots.size() * 2);
        }
        const auto tag = tagOf(h);
        for (std::size_t pos = h & m_mask;; pos = (pos + 1) & m_mask) {
            auto& slot = m_slots[pos];
            if (slot.code < 0) {
                slot = {tag, static_cast<std::int32_t>(m_labels->size())};
                m_labels->emplace_back(s);
                return slot.code;
            }
            if (slot.tag == tag && (*m_labels)[static_cast<std::size_t>(slot.code)] == s) {
                return slot.code;
            }
        }
    }
    void rehash(std::size_t capacity)
    {
        m_slots.assign(capacity, Slot{});
        m_mask = capacity - 1;
        for (std::size_t k = 0; k < m_labels->size(); ++k) {
            const auto h = hash((*m_labels)[k]);
            auto pos = h & m_mask;
            while (m_slots[pos].code >= 0) {
                pos = (pos + 1) & m_mask;
            }
            m_slots[pos] = {tagOf(h), static_cast<std::int32_t>(k)};
        }
    }

    std::vector<std::string>* m_labels;
    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::vector<std::size_t> m_hashes;
};

} // namespace pb::store
