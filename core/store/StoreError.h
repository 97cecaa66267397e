// The store's one error type, apart from the SQLite wrapper so that callers
// catching it need not see SQLite.
#pragma once

#include <stdexcept>
#include <string>

namespace pb::store {

class StoreError : public std::runtime_error
{
public:
    // Why a write could not happen; callers that can retry later (the OTLP
    // receiver, a load run's writer) tell Busy and DiskFull from the rest.
    enum class Kind { Other, Busy, DiskFull, ReadOnly };
    explicit StoreError(const std::string& what, Kind kind = Kind::Other)
        : std::runtime_error(what)
        , m_kind(kind)
    {}
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

} // namespace pb::store

namespace pb {
using store::StoreError;
} // namespace pb
