// Precompiled for the test suites (one carrier per library a suite links,
// see tests/CMakeLists.txt): Qt Core and nlohmann/json are parsed once
// instead of in each of ~80 suites. Only headers from outside the project.
// The suites link QtTest without its per-folder macros
// (phasebench_link_qttest), so one header fits every folder.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>
