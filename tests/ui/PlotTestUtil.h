// Reading back what a QCustomPlot graph shows, for the page tests.
#pragma once

#include <QList>
#include <qcustomplot.h>

namespace pb::test {

inline QList<double> keys(const QCPGraph* g)
{
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        out << it->key;
    }
    return out;
}

inline QList<double> values(const QCPGraph* g)
{
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        out << it->value;
    }
    return out;
}

} // namespace pb::test
