#include "store/FileUpgrade.h"

#include "store/Schema.h"
#include "store/Sqlite.h"

#include <chrono>
#include <filesystem>
#include <unistd.h>

namespace pb::store {

bool writableFile(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        return true;
    }
    if (::access(path.c_str(), W_OK) != 0) {
        return false;
    }
    const auto dir = fs::absolute(path, ec).parent_path();
    if (::access(dir.c_str(), W_OK) == 0) {
        return true;
    }
    const std::string shm = path + "-shm";
    return ::access(shm.c_str(), W_OK) == 0;
}

bool needsUpgrade(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) || !writableFile(path)) {
        return false;
    }
    try {
        Connection db(path, true, false);
        auto id = db.prepare("PRAGMA application_id");
        if (!id.step() || id.int64(0) != schema::kApplicationId) {
            return false;
        }
        const int have = schema::version(db);
        return have > 0 && have < schema::currentVersion();
    } catch (const StoreError&) {
        return false;
    }
}

void upgrade(const std::string& path, const ProgressFn& progress)
{
    Connection db(path, false, false);
    // A writer of the file (a run in another process) holds its lock for one
    // batch at a time.
    db.setBusyTimeout(std::chrono::milliseconds(10000));
    schema::migrate(db, 0, progress);
}

} // namespace pb::store
