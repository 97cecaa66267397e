#include "util/DataDir.h"

#include <QDir>
#include <QFileInfo>

namespace pb {

QString dataDirectory(const QString& programDir)
{
    const QDir bin(programDir);
    // Installed: PREFIX/bin/phasebench -> PREFIX/share/phasebench.
    const QString installed = QDir::cleanPath(bin.filePath(QStringLiteral("../share/phasebench")));
    if (QFileInfo(installed).isDir()) {
        return installed;
    }
#ifdef PHASEBENCH_SOURCE_RESOURCES
    // Run from a build folder.
    const QString source = QStringLiteral(PHASEBENCH_SOURCE_RESOURCES);
    if (QFileInfo(source).isDir()) {
        return source;
    }
#endif
    return {};
}

QString dataSubdirectory(const QString& programDir, const QString& name)
{
    const QString base = dataDirectory(programDir);
    if (base.isEmpty()) {
        return {};
    }
    const QString sub = QDir(base).filePath(name);
    return QFileInfo(sub).isDir() ? sub : QString();
}

} // namespace pb
