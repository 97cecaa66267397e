#include "import/GzipStream.h"

#include "import/Importer.h"

#include <zlib.h>

#include <cstring>

namespace pb::import {
namespace {
constexpr std::size_t kChunk = 256 * 1024;
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
    , m_in(kChunk)
    , m_out(kChunk)
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

GzipInputBuf::int_type GzipInputBuf::underflow()
{
    if (gptr() < egptr()) {
        return traits_type::to_int_type(*gptr());
    }
    auto& z = m_state->z;
    while (!m_finished) {
        if (z.avail_in == 0 && !m_sourceDone) {
            m_source.read(m_in.data(), static_cast<std::streamsize>(m_in.size()));
            const auto n = static_cast<std::size_t>(m_source.gcount());
            if (n == 0) {
                m_sourceDone = true;
            }
            m_compressedRead += n;
            z.next_in = reinterpret_cast<Bytef*>(m_in.data());
            z.avail_in = static_cast<uInt>(n);
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
            // Another member may follow (concatenated gzip); trailing bytes
            // that are not gzip are ignored, as gzip(1) does with zeros.
            if (z.avail_in == 0 && !m_sourceDone) {
                m_source.read(m_in.data(), static_cast<std::streamsize>(m_in.size()));
                const auto n = static_cast<std::size_t>(m_source.gcount());
                m_compressedRead += n;
                z.next_in = reinterpret_cast<Bytef*>(m_in.data());
                z.avail_in = static_cast<uInt>(n);
                if (n == 0) {
                    m_sourceDone = true;
                }
            }
            if (z.avail_in >= 2 && z.next_in[0] == 0x1f && z.next_in[1] == 0x8b) {
                inflateReset(&z);
            } else {
                m_finished = true;
            }
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
