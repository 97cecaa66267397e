// Transparent gzip input: a std::istream that inflates another stream
// (k6 writes `--out json=file.gz`). Recognised by its magic bytes, not by the
// file name. Concatenated gzip members are read as one stream, every one of
// them; zero padding after the last is ignored, any other trailing bytes are
// an error (data that would otherwise be silently left unread).
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace pb::import {

// True when `head` starts with the gzip magic bytes 1f 8b.
bool looksGzip(std::string_view head);

class GzipInputBuf final : public std::streambuf
{
public:
    static constexpr std::size_t kReadChunk = 256 * 1024; // compressed bytes per read

    // `sourceName` is used in error messages. Corrupt or truncated data throws
    // ImportError from the read that meets it, and so does inflating more than
    // `maxInflated` bytes (0 = unlimited; the bytes are counted either way).
    GzipInputBuf(std::istream& source, std::string sourceName, std::uint64_t maxInflated = 0);
    ~GzipInputBuf() override;
    GzipInputBuf(const GzipInputBuf&) = delete;
    GzipInputBuf& operator=(const GzipInputBuf&) = delete;

    std::uint64_t compressedBytesRead() const { return m_compressedRead; }
    std::uint64_t bytesInflated() const { return m_inflated; }

protected:
    int_type underflow() override;

private:
    bool refill(); // false once the source is exhausted
    struct State;
    std::istream& m_source;
    std::string m_name;
    std::unique_ptr<State> m_state;
    std::vector<char> m_in;
    std::vector<char> m_out;
    std::uint64_t m_compressedRead = 0;
    std::uint64_t m_inflated = 0;
    std::uint64_t m_maxInflated = 0;
    bool m_sourceDone = false;
    bool m_finished = false;
    bool m_memberEnded = false; // a member's trailer was read; what follows is undecided
};

// An istream over GzipInputBuf whose read errors propagate as exceptions.
class GzipIStream final : public std::istream
{
public:
    GzipIStream(std::istream& source, std::string sourceName, std::uint64_t maxInflated = 0);
    const GzipInputBuf& buffer() const { return m_buf; }

private:
    GzipInputBuf m_buf;
};

} // namespace pb::import
