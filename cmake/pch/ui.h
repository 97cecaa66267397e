// Precompiled for phasebench_ui: Qt Widgets and QCustomPlot are most of a ui
// translation unit's compile time (parsing, not code generation). Only
// headers from outside the project: a change to a project header must not
// rebuild every ui file.
#pragma once

#include <QAbstractTableModel>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMetaType>
#include <QSettings>
#include <QSplitter>
#include <QString>
#include <QTableView>
#include <QVBoxLayout>
#include <QWidget>

#include "QCustomPlotInclude.h" // ui/charts

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>
