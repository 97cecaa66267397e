// Where Phasebench's own data (example scenarios, budgets, samples) is:
// relative to the running program, so an installed tree can move (the
// program in PREFIX/bin, its data in PREFIX/share/phasebench), else the
// source tree's resources/ for a program run from its build folder.
#pragma once

#include <QString>

namespace pb {

// The data folder, or an empty string when neither exists. `programDir` is
// the running program's folder (QCoreApplication::applicationDirPath()).
QString dataDirectory(const QString& programDir);
// A subfolder of it ("scenarios", "budgets", "samples"), or empty.
QString dataSubdirectory(const QString& programDir, const QString& name);

} // namespace pb
