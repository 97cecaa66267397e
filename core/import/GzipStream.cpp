#include "import/GzipStream.h"

#include "import/Importer.h"

#include <zlib.h>

#include <cstring>

namespace pb::import {
namespace {
constexpr std::size_t kGzipChunk = GzipInputBuf::kReadChunk;
}

struct GzipInputBuf::State
{
    z_stream z{};
};

bool looksGzip(std::string_view head)
{
    return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f &&
           static_cast<unsigned char>(head[1]) == 0x8b;
}

GzipInputBuf::GzipInputBuf(std::istream& source, std::string sourceName, std::uint64_t maxInflated)
    : m_source(source)
    , m_name(std::move(sourceName))
    , m_state(std::make_unique<State>())
    , m_in(kGzipChunk)
    , m_out(kGzipChunk)
    , m_maxInflated(maxInflated)
{
    // 15 + 16: a gzip header and trailer, not raw zlib.
    if (inflateInit2(&m_state->z, 15 + 16) != Z_OK) {
        throw ImportError(m_name, 0, "cannot initialise the gzip decoder");
    }
    setg(m_out.data(), m_out.data(), m_out.data());
}

GzipInputBuf::~GzipInputBuf()
{
    inflateEnd(&m_state->z);
}

bool GzipInputBuf::refill()
{
    if (m_sourceDone) {
        return false;
    }
    auto& z = m_state->z;
    // Keep what is left unread at the front: a member boundary may fall on
    // the buffer's last byte, and the next member's magic bytes then span
    // two reads.
    if (z.avail_in > 0 && z.next_in != reinterpret_cast<Bytef*>(m_in.data())) {
        std::memmove(m_in.data(), z.next_in, z.avail_in);
    }
    const std::size_t kept = z.avail_in;
    m_source.read(m_in.data() + kept, static_cast<std::streamsize>(m_in.size() - kept));
    const auto n = static_cast<std::size_t>(m_source.gcount());
    if (n == 0) {
        m_sourceDone = true;
    }
    m_compressedRead += n;
    z.next_in = reinterpret_cast<Bytef*>(m_in.data());
    z.avail_in = static_cast<uInt>(kept + n);
    return n > 0;
}

GzipInputBuf::int_type GzipInputBuf::underflow()
{
    if (gptr() < egptr()) {
        return traits_type::to_int_type(*gptr());
    }
    auto& z = m_state->z;
    while (!m_finished) {
        if (m_memberEnded) {
            // After a member: another member (concatenated gzip, as gzip(1)
            // writes with `cat a.gz b.gz`), zero padding, or the end. Two
            // bytes decide, wherever the read buffer happens to end.
            while (z.avail_in < 2 && refill()) {
            }
            if (z.avail_in >= 2 && z.next_in[0] == 0x1f && z.next_in[1] == 0x8b) {
                inflateReset(&z);
                m_memberEnded = false;
                continue;
            }
            // Zeros (a tape or dd block's padding) are ignored, as gzip(1)
            // does; anything else would be data silently left unread.
            do {
                for (uInt i = 0; i < z.avail_in; ++i) {
                    if (z.next_in[i] != 0) {
                        throw ImportError(m_name, 0,
                                          "the gzip data is followed by bytes that are not gzip (at "
                                          "compressed byte " +
                                              std::to_string(m_compressedRead - (z.avail_in - i)) +
                                              "); they cannot be read");
                    }
                }
                z.avail_in = 0;
            } while (refill());
            m_finished = true;
            break;
        }
        if (z.avail_in == 0) {
            refill();
        }
        if (z.avail_in == 0 && m_sourceDone) {
            throw ImportError(m_name, 0,
                              "the gzip data is truncated (it ends inside a compressed member, after " +
                                  std::to_string(m_compressedRead) + " compressed bytes)");
        }
        z.next_out = reinterpret_cast<Bytef*>(m_out.data());
        z.avail_out = static_cast<uInt>(m_out.size());
        const int rc = inflate(&z, Z_NO_FLUSH);
        const std::size_t produced = m_out.size() - z.avail_out;
        if (rc == Z_STREAM_END) {
            m_memberEnded = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            throw ImportError(m_name, 0,
                              std::string("the gzip data is corrupt (") + (z.msg ? z.msg : "inflate failed") +
                                  ") after " + std::to_string(m_compressedRead) + " compressed bytes");
        }
        if (produced > 0) {
            m_inflated += produced;
            if (m_maxInflated > 0 && m_inflated > m_maxInflated) {
                throw ImportError(m_name, 0,
                                  "the gzip data inflates to more than " + formatBytes(m_maxInflated) +
                                      " (the decompressed-size limit, --max-decompressed-bytes)");
            }
            setg(m_out.data(), m_out.data(), m_out.data() + produced);
            return traits_type::to_int_type(*gptr());
        }
    }
    return traits_type::eof();
}

GzipIStream::GzipIStream(std::istream& source, std::string sourceName, std::uint64_t maxInflated)
    : std::istream(nullptr)
    , m_buf(source, std::move(sourceName), maxInflated)
{
    rdbuf(&m_buf);
    // Let the decoder's ImportError reach the importer instead of a silent badbit.
    exceptions(std::ios::badbit);
}

} // namespace pb::import
