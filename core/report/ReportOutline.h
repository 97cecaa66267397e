// The report as an ordered outline of headings, paragraphs, tables and chart
// slots, formatted from report::ReportData (no figure is computed here). The
// PDF, HTML and Markdown writers all walk the same outline, so every format
// holds the same content in the same order.
#pragma once

#include "report/ReportData.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace pb::report {

// A cell's decision, which each writer shows by colour and symbol.
enum class CellState { Plain, Pass, Fail, Undecided, NotMeasurable };

struct OutlineTable
{
    QStringList header;
    QList<QStringList> rows;
    // Per row, per cell (empty, or shorter than a row: Plain).
    QList<QList<CellState>> states;
    // Per header cell: a marked column (the knee, the highest stage met).
    QList<bool> markedColumns;

    CellState state(int row, int column) const
    {
        return row < states.size() && column < states[row].size() ? states[row][column] : CellState::Plain;
    }
    bool marked(int column) const { return column < markedColumns.size() && markedColumns[column]; }
};

// The CSS class of a cell state ("pass", "fail", "undecided", "not-measurable"; empty: plain).
QString cellClass(CellState s);
// The symbol that says a cell state without colour: ✓ ✗ ? –.
QString cellSymbol(CellState s);
// A decision's cell state, and its symbol (the window's verdict table and
// banner show the same symbols as the report's matrix).
CellState stateOfVerdict(diagnose::Verdict v);
QString verdictSymbol(diagnose::Verdict v);
// A capacity search's answer in one sentence: the highest rate that met every
// budget, the next step, and what broke there with its owner (the report,
// the Overview's verdict and the Run Launcher's state).
QString capacitySentence(const analysis::CapacityAnswer& answer);

struct OutlineItem
{
    enum class Kind { Title, Heading, Subheading, Paragraph, Emphasis, Bullets, Table, Chart, PageBreak };
    Kind kind = Kind::Paragraph;
    QString text;        // plain text (escaped by each writer)
    QStringList bullets; // Kind::Bullets
    OutlineTable table;  // Kind::Table
    int chart = -1;      // Kind::Chart: index into the chart list
    // Kind::Chart: may sit beside the chart before it, each under its caption
    // (a Subheading before each), where the page is wide enough.
    bool beside = false;
};

// Chart slots the outline refers to, in the order ReportCharts builds them.
// Empty slots: a report without charts (no chart items, no Charts section).
struct ChartSlots
{
    std::vector<int> composition;       // per stage (-1: none)
    std::vector<int> serverComposition; // per stage (-1: none)
    std::vector<int> timeline;          // load, in flight, latency, errors
    int knee = -1;
    std::vector<int> distributions; // per group, total and TTFT: histogram, CDF
    // Per entry of `distributions`: its model/scenario group; empty: the run has one.
    std::vector<std::string> distributionGroups;
    std::vector<int> waterfalls; // per slow request (-1: none)
    // The timeline slots are filled (-1 or a chart) only by a writer that
    // draws charts; a text-only report leaves them empty and says nothing
    // of charts.
    bool drawn() const { return !timeline.empty(); }
};

// The verdict sentence of the summary: SLO/budgets, the phase that broke its
// budget first and its likely owner.
QString verdictSentence(const ReportData& data);

// Whether items [at, at + 4) are two captioned charts that sit side by side:
// Subheading, Chart, Subheading, Chart marked `beside`.
bool chartPairAt(const std::vector<OutlineItem>& items, std::size_t at);

std::vector<OutlineItem> buildOutline(const ReportData& data, const ChartSlots& charts);

// A duration or other figure as the report prints it (C locale, fixed decimals).
QString figure(const std::optional<double>& v, int decimals = 1);

} // namespace pb::report
