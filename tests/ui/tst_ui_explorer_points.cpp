// The explorer's scatter at scale (issue 27), deterministically: the sample
// the plot draws has one point in every occupied cell of its grid and the
// legend the true N; the point index finds exactly the rows of a rectangle;
// a click through the index picks the row a scan of every row would pick;
// a zoom samples the new view.
#include "ExplorerAnalysis.h"
#include "ExplorerPlot.h"
#include "analysis/ExplorerPoints.h"

#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

using namespace pb;
using pb::ui::ExplorerPlot;
using pb::ui::ExplorerResults;
using pb::ui::PlotRange;
using pb::ui::PointIndex;
using pb::ui::SampleGrid;

namespace {

// The plot's graph of an outcome's points (named after the outcome), or null
// when the outcome has no plotted point.
QCPGraph* graphOf(const ExplorerPlot& plot, Outcome outcome)
{
    const auto found =
        plot.findChildren<QCPGraph*>(QStringLiteral("outcome_") + QString::fromUtf8(nameOf(outcome).data()));
    if (found.size() > 1) {
        qFatal("more than one graph of outcome %s", nameOf(outcome).data());
    }
    return found.isEmpty() ? nullptr : found.front();
}

// `rows` requests: x in [0, 100) (with `integerX`, a few repeated values, as
// token counts), y log-normal around 800 ms, some y <= 0 and some NaN;
// 95 % completed, the rest provider errors. Plotted as computeExplorer does.
std::shared_ptr<ExplorerResults> synthetic(std::size_t rows, bool integerX, std::uint64_t seed)
{
    auto r = std::make_shared<ExplorerResults>();
    r->rows = rows;
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    std::lognormal_distribution<double> ms(std::log(800.0), 0.6);
    for (std::size_t i = 0; i < rows; ++i) {
        const double x = integerX ? double(int(u(rng) * 8) * 100) : u(rng) * 100;
        double y = ms(rng);
        const double k = u(rng);
        if (k < 0.01) {
            y = std::nan("");
        } else if (k < 0.02) {
            y = 0;
        } else if (k < 0.025) {
            y = -5;
        }
        r->x.push_back(float(x));
        r->y.push_back(float(y));
        r->outcome.push_back(std::uint8_t(u(rng) < 0.95 ? Outcome::Completed : Outcome::ProviderError));
    }
    for (std::size_t i = 0; i < rows; ++i) {
        ++r->outcomeCounts[r->outcome[i]];
        if (!std::isnan(r->x[i]) && !std::isnan(r->y[i])) {
            r->plotted[r->outcome[i]].push_back(std::uint32_t(i));
        }
    }
    for (auto& p : r->plotted) {
        std::sort(p.begin(), p.end(), [&r](std::uint32_t a, std::uint32_t b) {
            return r->x[a] < r->x[b] || (r->x[a] == r->x[b] && a < b);
        });
    }
    return r;
}

constexpr int kColumns = 64;
constexpr int kRows = 32;

// The old click: every plotted row of every visible outcome, in order.
qint64 scanRowAt(const ExplorerPlot& plot, const ExplorerResults& r, const QPointF& pixel)
{
    if (!plot.axisRect()->rect().contains(pixel.toPoint())) {
        return -1;
    }
    qint64 best = -1;
    double bestDistance = ExplorerPlot::kPickRadiusPx * ExplorerPlot::kPickRadiusPx;
    for (int o = 0; o < kOutcomeCount; ++o) {
        const QCPGraph* g = graphOf(plot, Outcome(o));
        if (!g || !g->visible()) {
            continue;
        }
        for (const auto row : r.plotted[std::size_t(o)]) {
            if (plot.logY() && r.y[row] <= 0) {
                continue;
            }
            const double dx = plot.xAxis->coordToPixel(double(r.x[row])) - pixel.x();
            const double dy = plot.yAxis->coordToPixel(double(r.y[row])) - pixel.y();
            const double d = dx * dx + dy * dy;
            if (d < bestDistance) {
                bestDistance = d;
                best = row;
            }
        }
    }
    return best;
}

std::size_t graphSize(const ExplorerPlot& plot, Outcome o)
{
    const QCPGraph* g = graphOf(plot, o);
    return g ? std::size_t(g->data()->size()) : 0;
}

} // namespace

class TestUiExplorerPoints : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sampleHasEveryCellOnce();
    void plotDrawsTheSampleWithTrueN();
    void indexFindsARectanglesRows_data();
    void indexFindsARectanglesRows();
    void clickPicksTheScannedRow_data();
    void clickPicksTheScannedRow();
    void zoomSamplesTheView();
};

void TestUiExplorerPoints::sampleHasEveryCellOnce()
{
    auto r = synthetic(100'000, false, 1);
    ui::preparePlot(*r, kColumns, kRows);
    for (const bool logY : {false, true}) {
        const SampleGrid grid{logY ? r->plot.logExtent : r->plot.extent, logY, kColumns, kRows};
        QVERIFY(grid.range.valid());
        for (int o = 0; o < kOutcomeCount; ++o) {
            const auto& plotted = r->plotted[std::size_t(o)];
            const auto& sample = (logY ? r->plot.logSample : r->plot.sample)[std::size_t(o)];
            std::set<std::int64_t> occupied;
            std::size_t positive = 0;
            for (const auto row : plotted) {
                positive += r->y[row] > 0 ? 1 : 0;
                const auto cell = analysis::cellOf(grid, r->x[row], r->y[row]);
                if (!logY) {
                    QVERIFY(cell >= 0); // the extent holds every plotted row
                }
                if (cell >= 0) {
                    occupied.insert(cell);
                }
            }
            if (logY) {
                QCOMPARE(r->plot.logCount[std::size_t(o)], positive);
            }
            // One sampled row per occupied cell, each a plotted row, ordered by x.
            std::set<std::int64_t> cells;
            for (std::size_t k = 0; k < sample.size(); ++k) {
                QVERIFY(std::binary_search(plotted.begin(), plotted.end(), sample[k],
                                           [&r](std::uint32_t a, std::uint32_t b) {
                                               return r->x[a] < r->x[b] || (r->x[a] == r->x[b] && a < b);
                                           }));
                QVERIFY(cells.insert(analysis::cellOf(grid, r->x[sample[k]], r->y[sample[k]])).second);
                if (k > 0) {
                    QVERIFY(r->x[sample[k - 1]] <= r->x[sample[k]]);
                }
            }
            QCOMPARE(cells, occupied);
            QVERIFY(sample.size() <= std::size_t(kColumns * kRows));
        }
    }
    // Far fewer points than rows: the completed rows fill at most the grid.
    QVERIFY(r->plot.sample[std::size_t(Outcome::Completed)].size() < 3000);
    QVERIFY(r->plotted[std::size_t(Outcome::Completed)].size() > 90'000);
}

void TestUiExplorerPoints::plotDrawsTheSampleWithTrueN()
{
    auto r = synthetic(100'000, false, 2);
    ui::preparePlot(*r, kColumns, kRows);
    ExplorerPlot plot;
    plot.resize(900, 600);
    plot.setResults(r);
    for (const bool logY : {false, true}) {
        plot.setLogY(logY);
        for (const auto o : {Outcome::Completed, Outcome::ProviderError}) {
            const auto i = std::size_t(o);
            const auto& sample = logY ? r->plot.logSample[i] : r->plot.sample[i];
            QCOMPARE(graphSize(plot, o), sample.size());
            const std::size_t n = logY ? r->plot.logCount[i] : r->plotted[i].size();
            QVERIFY(n > sample.size());
            // The legend counts every plotted request, not the drawn sample.
            QCOMPARE(graphOf(plot, o)->name(),
                     QStringLiteral("%1 (%L2)").arg(QString::fromUtf8(nameOf(o).data())).arg(qint64(n)));
        }
    }
}

void TestUiExplorerPoints::indexFindsARectanglesRows_data()
{
    QTest::addColumn<bool>("integerX");
    QTest::newRow("continuous x") << false;
    QTest::newRow("repeated x (token counts)") << true;
}

void TestUiExplorerPoints::indexFindsARectanglesRows()
{
    QFETCH(bool, integerX);
    auto r = synthetic(20'000, integerX, 3);
    const auto& plotted = r->plotted[std::size_t(Outcome::Completed)];
    const PointIndex index(plotted, r->x, r->y);
    QCOMPARE(index.size(), plotted.size());
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> ux(-5, 105);
    std::uniform_real_distribution<double> uy(-10, 3000);
    for (int k = 0; k < 300; ++k) {
        PlotRange q{ux(rng), ux(rng), uy(rng), uy(rng)};
        if (q.x0 > q.x1) {
            std::swap(q.x0, q.x1);
        }
        if (q.y0 > q.y1) {
            std::swap(q.y0, q.y1);
        }
        if (k % 3 == 0) { // a thin column through repeated x values
            q.x0 = q.x1 = integerX ? 300 : q.x0;
        }
        std::vector<std::uint32_t> found;
        index.forEachIn(q, [&found](std::uint32_t p) { found.push_back(p); });
        std::sort(found.begin(), found.end());
        std::vector<std::uint32_t> expected;
        for (std::uint32_t p = 0; p < plotted.size(); ++p) {
            const double x = r->x[plotted[p]];
            const double y = r->y[plotted[p]];
            if (x >= q.x0 && x <= q.x1 && y >= q.y0 && y <= q.y1) {
                expected.push_back(p);
            }
        }
        QCOMPARE(found, expected);
    }
}

void TestUiExplorerPoints::clickPicksTheScannedRow_data()
{
    QTest::addColumn<bool>("integerX");
    QTest::addColumn<bool>("logY");
    QTest::addColumn<bool>("hideErrors");
    QTest::newRow("linear") << false << false << false;
    QTest::newRow("log y") << false << true << false;
    QTest::newRow("repeated x, errors hidden") << true << false << true;
}

void TestUiExplorerPoints::clickPicksTheScannedRow()
{
    QFETCH(bool, integerX);
    QFETCH(bool, logY);
    QFETCH(bool, hideErrors);
    auto r = synthetic(8'000, integerX, 5);
    ui::preparePlot(*r);
    ExplorerPlot plot;
    plot.resize(800, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setResults(r);
    plot.setLogY(logY);
    if (hideErrors) {
        graphOf(plot, Outcome::ProviderError)->setVisible(false);
    }
    plot.replot();
    const QRect area = plot.axisRect()->rect();
    int hits = 0;
    // A grid of clicks over the plot (and its margins), and clicks beside points.
    std::vector<QPointF> clicks;
    for (int i = -1; i <= 30; ++i) {
        for (int j = -1; j <= 20; ++j) {
            clicks.emplace_back(area.left() + area.width() * i / 29.0, area.top() + area.height() * j / 19.0);
        }
    }
    for (std::size_t row = 0; row < r->rows; row += 37) {
        // Beside the row's point, where it is drawn (NaN is not drawn, nor y <= 0 on a log axis).
        const float x = r->x[row];
        const float y = r->y[row];
        if (!std::isnan(x) && !std::isnan(y) && (!logY || y > 0)) {
            clicks.emplace_back(plot.xAxis->coordToPixel(double(x)) + 1.5,
                                plot.yAxis->coordToPixel(double(y)) - 2.5);
        }
    }
    for (const auto& at : clicks) {
        const qint64 expected = scanRowAt(plot, *r, at);
        QCOMPARE(plot.rowAt(at), expected);
        hits += expected >= 0 ? 1 : 0;
    }
    QVERIFY(hits > 150); // the clicks did land near points
}

void TestUiExplorerPoints::zoomSamplesTheView()
{
    auto r = synthetic(100'000, false, 6);
    ui::preparePlot(*r, kColumns, kRows);
    ExplorerPlot plot;
    plot.resize(900, 600);
    plot.setResults(r);
    const auto completed = std::size_t(Outcome::Completed);
    QCOMPARE(graphSize(plot, Outcome::Completed), r->plot.sample[completed].size());
    // Zoom into a tenth of x and a fifth of y: the view is sampled again, in a job.
    QSignalSpy resampled(&plot, &ExplorerPlot::resampled);
    plot.xAxis->setRange(40, 50);
    plot.yAxis->setRange(600, 1000);
    QVERIFY(resampled.wait(10000));
    // The graphs hold the view with a view's size of margin on each side,
    // sampled on the default grid three views wide: as fine per view as the
    // whole extent's.
    const PlotRange s{30, 60, 200, 1400};
    SampleGrid grid;
    grid.range = s;
    grid.columns *= 3;
    grid.rows *= 3;
    const auto expected = analysis::samplePoints(r->plotted[completed], r->x, r->y, grid);
    QCOMPARE(graphSize(plot, Outcome::Completed), expected.size());
    const QCPGraph* g = graphOf(plot, Outcome::Completed);
    // Exactly that sample's points.
    std::vector<std::pair<double, double>> want;
    for (const auto row : expected) {
        want.emplace_back(double(r->x[row]), double(r->y[row]));
    }
    std::vector<std::pair<double, double>> drawn;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        drawn.emplace_back(it->key, it->value);
    }
    std::sort(want.begin(), want.end());
    std::sort(drawn.begin(), drawn.end());
    QVERIFY(drawn == want);
    bool leftMargin = false;
    bool rightMargin = false;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        QVERIFY(it->key >= s.x0 && it->key <= s.x1 && it->value >= s.y0 && it->value <= s.y1);
        leftMargin = leftMargin || it->key < 40;
        rightMargin = rightMargin || it->key > 50;
    }
    QVERIFY(leftMargin && rightMargin); // the margins are sampled too
    // More detail than the whole extent's sample holds in that view.
    std::size_t before = 0;
    for (const auto row : r->plot.sample[completed]) {
        before += r->x[row] >= 40 && r->x[row] <= 50 && r->y[row] >= 600 && r->y[row] <= 1000 ? 1 : 0;
    }
    std::size_t after = 0;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        after += it->key >= 40 && it->key <= 50 && it->value >= 600 && it->value <= 1000 ? 1 : 0;
    }
    QVERIFY(after > before);
}

QTEST_MAIN(TestUiExplorerPoints)
#include "tst_ui_explorer_points.moc"
