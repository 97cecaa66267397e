// Precompiled for the test suites that link phasebench_ui: tests.h and the
// widgets they drive.
#pragma once

#include "tests.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QWidget>

#include "charts/QCustomPlotInclude.h" // most ui suites reach it through a plot
