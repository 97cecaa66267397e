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

struct OutlineTable
{
    QStringList header;
    QList<QStringList> rows;
};

struct OutlineItem
{
    enum class Kind { Title, Heading, Subheading, Paragraph, Emphasis, Bullets, Table, Chart, PageBreak };
    Kind kind = Kind::Paragraph;
    QString text;        // plain text (escaped by each writer)
    QStringList bullets; // Kind::Bullets
    OutlineTable table;  // Kind::Table
    int chart = -1;      // Kind::Chart: index into the chart list
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
};

// The verdict sentence of the summary: SLO/budgets, the phase that broke its
// budget first and its likely owner.
QString verdictSentence(const ReportData& data);

std::vector<OutlineItem> buildOutline(const ReportData& data, const ChartSlots& charts);

// A duration or other figure as the report prints it (C locale, fixed decimals).
QString figure(const std::optional<double>& v, int decimals = 1);

} // namespace pb::report
