#include "WaterfallLanes.h"

#include "PhaseColors.h"
#include "analysis/Waterfall.h"

#include <QCoreApplication>

#include <algorithm>

namespace pb::ui {

// The texts keep the Waterfall plot's translation context: one for both plots.
DrawnLanes drawWaterfallLanes(QCustomPlot* plot, QCPAxis* x, QCPAxis* y, const analysis::TraceResults& trace)
{
    using analysis::WaterfallLane;
    DrawnLanes out;
    QCPAxisRect* rect = y->axisRect();
    const auto place = [&](QCPItemPosition* p, double px, double py) {
        p->setAxes(x, y);
        p->setCoords(px, py);
    };
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int lane = 0;
    for (const auto& l : trace.lanes) {
        QString label = QString::fromStdString(l.name);
        if (l.kind == WaterfallLane::Kind::ServerSpan) {
            label = QString(l.depth * 2, QLatin1Char(' ')) + label;
        }
        ticker->addTick(lane, label);
        const QColor color = phaseColor(l.phase.empty() ? std::string_view("unattributed") : l.phase);
        if (l.kind == WaterfallLane::Kind::Milestone) {
            auto* mark = new QCPItemLine(plot);
            mark->setClipAxisRect(rect);
            place(mark->start, l.startMs, lane - 0.4);
            place(mark->end, l.startMs, lane + 0.4);
            mark->setPen(QPen(color, 3));
        } else {
            auto* box = new QCPItemRect(plot);
            box->setClipAxisRect(rect);
            place(box->topLeft, l.startMs, lane - 0.35);
            place(box->bottomRight, std::max(l.endMs, l.startMs), lane + 0.35);
            box->setBrush(color);
            box->setPen(QPen(color.darker(130)));
            auto* text = new QCPItemText(plot);
            text->setClipAxisRect(rect);
            place(text->position, std::max(l.endMs, l.startMs), lane);
            text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            text->setText(QCoreApplication::translate("pb::ui::WaterfallPlot", " %L1 ms")
                              .arg(l.endMs - l.startMs, 0, 'f', 1));
        }
        QString tip =
            l.kind == WaterfallLane::Kind::Milestone
                ? QCoreApplication::translate("pb::ui::WaterfallPlot", "%1 at %L2 ms")
                      .arg(QString::fromStdString(l.name))
                      .arg(l.startMs, 0, 'f', 2)
                : QCoreApplication::translate("pb::ui::WaterfallPlot", "%1: %L2 ms, from %L3 to %L4 ms")
                      .arg(QString::fromStdString(l.name))
                      .arg(l.endMs - l.startMs, 0, 'f', 2)
                      .arg(l.startMs, 0, 'f', 2)
                      .arg(l.endMs, 0, 'f', 2);
        if (l.kind == WaterfallLane::Kind::ServerSpan) {
            tip += QLatin1Char('\n') +
                   QCoreApplication::translate("pb::ui::WaterfallPlot", "phase: %1")
                       .arg(l.phase.empty() ? QCoreApplication::translate("pb::ui::WaterfallPlot", "none")
                                            : QString::fromStdString(l.phase));
            if (!l.detail.empty() && l.detail != "{}") {
                tip += QLatin1Char('\n') + QString::fromStdString(l.detail);
            }
        }
        out.toolTips << tip;
        out.maxX = std::max(out.maxX, l.endMs);
        ++lane;
    }
    if (!trace.chunkMs.empty()) {
        ticker->addTick(lane, QCoreApplication::translate("pb::ui::WaterfallPlot", "chunks"));
        QVector<double> xs;
        QVector<double> ys;
        for (double c : trace.chunkMs) {
            xs << c;
            ys << lane;
            out.maxX = std::max(out.maxX, c);
        }
        QCPGraph* g = plot->addGraph(x, y);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus, phaseColor("first_text"), 6));
        g->setData(xs, ys, true);
        out.toolTips
            << QCoreApplication::translate("pb::ui::WaterfallPlot", "%L1 stream chunks").arg(xs.size());
        ++lane;
    }
    out.lanes = lane;
    y->setTicker(ticker);
    y->setRange(-0.7, std::max(lane, 1) - 0.3);
    return out;
}

} // namespace pb::ui
