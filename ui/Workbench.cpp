#include "Workbench.h"

#include "store/RunStore.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace pb::ui {

Workbench::Workbench() = default;
Workbench::~Workbench() = default;

bool Workbench::open(const QString& path, bool create)
{
    const QFileInfo info(path);
    const QString absolute = info.absoluteFilePath();
    if (create && info.exists()) {
        m_error = tr("%1 already exists; Phasebench does not replace workbench files. Open it, or choose "
                     "another name.")
                      .arg(QDir::toNativeSeparators(absolute));
        return false;
    }
    if (!create && !info.exists()) {
        m_error = tr("%1 does not exist.").arg(QDir::toNativeSeparators(absolute));
        return false;
    }
    if (create && !QDir().mkpath(info.absolutePath())) {
        m_error = tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(info.absolutePath()));
        return false;
    }
    try {
        // Read-write even to view: opening migrates an older file and marks
        // runs abandoned by a crashed writer. A file this user cannot write
        // opens read-only (the window says so and offers no writes).
        auto store = std::make_unique<RunStore>(absolute.toStdString(), RunStore::Mode::ReadWrite);
        m_store = std::move(store);
        m_path = absolute;
        m_error.clear();
        return true;
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
        return false;
    }
}

bool Workbench::isReadOnly() const
{
    return m_store && m_store->isReadOnly();
}

void Workbench::close()
{
    m_store.reset();
    m_path.clear();
}

std::vector<RunInfo> Workbench::runs()
{
    if (!m_store) {
        return {};
    }
    try {
        return m_store->catalogue().runs();
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
        return {};
    }
}

QString Workbench::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("default.phasebench"));
}

} // namespace pb::ui
