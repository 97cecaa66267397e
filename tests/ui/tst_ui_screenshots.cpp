// Renders every page of the main window at 1366×768 on a real demo run (two
// stages against the built-in gateway, spans joined) into PNG files, so that
// reviewers can look at them: $PHASEBENCH_SCREENSHOT_DIR, else
// screenshots/ in the test's build folder (test output, never committed).
// Then every page again in a dark palette. Each picture must be the window's
// size, show more than a blank page, differ from the others and pass the
// geometry checks of LayoutCheck.h. Last, a time range selected on the
// Timeline and the Explorer and the Requests page filtered to it.
#include "ExplorerPage.h"
#include "LayoutCheck.h"
#include "MainWindow.h"
#include "OverviewPage.h"
#include "PhasePercentilesPage.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "TimelinePage.h"
#include "WaterfallPage.h"
#include "session/MeasuredRun.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCryptographicHash>
#include <QDir>
#include <QImage>
#include <QPalette>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace pb;
using pb::ui::MainWindow;

namespace {

QString outputDir()
{
    QString dir = qEnvironmentVariable("PHASEBENCH_SCREENSHOT_DIR");
    if (dir.isEmpty()) {
        dir = QStringLiteral(PHASEBENCH_SCREENSHOT_OUT);
    }
    QDir().mkpath(dir);
    return dir;
}

QString slug(const QString& tabText)
{
    QString s = tabText.toLower();
    s.remove(QLatin1Char('&'));
    s.replace(QLatin1Char(' '), QLatin1Char('-'));
    return s;
}

// Distinct colours in a sparse grid: a blank or single-colour page has few.
int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            colours.insert(image.pixel(x, y));
        }
    }
    return int(colours.size());
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b2b2b));
    p.setColor(QPalette::WindowText, QColor(0xe0e0e0));
    p.setColor(QPalette::Base, QColor(0x1e1e1e));
    p.setColor(QPalette::AlternateBase, QColor(0x2a2a2a));
    p.setColor(QPalette::Text, QColor(0xe0e0e0));
    p.setColor(QPalette::Button, QColor(0x353535));
    p.setColor(QPalette::ButtonText, QColor(0xe0e0e0));
    p.setColor(QPalette::Highlight, QColor(0x2f65ca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    return p;
}

} // namespace

class TestUiScreenshots : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_screenshots"));
        QSettings().clear();
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    }
    void everyPage();
};

void TestUiScreenshots::everyPage()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("screens.phasebench"));
    auto options = session::demoOptions(db.toStdString());
    options.runName = "screenshots";
    auto scenario = demo::demoScenario(options.demoLoad, "http://127.0.0.1:1/v1");
    scenario.warmup = 0;
    scenario.executor.kind = load::ExecutorKind::RampingArrivalRate;
    scenario.executor.stages = {{"rate-6", 6, 6, 2'500'000'000}, {"rate-12", 12, 12, 2'500'000'000}};
    options.scenario = scenario;
    const auto result = session::MeasuredRun(options).run();
    QVERIFY(result.join.matched > 20);

    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy overviewDone(w.overviewPage(), &ui::OverviewPage::updated);
    QVERIFY(w.openWorkbench(db));
    QVERIFY(w.selectRun(result.load.runId));
    QVERIFY(overviewDone.wait(30000) || !overviewDone.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!w.phasePercentilesPage()->isComputing(), 30000);

    // The waterfall shows the slowest-looking first request.
    QSignalSpy traceDone(w.waterfallPage(), &ui::WaterfallPage::updated);
    QTableView* requests = w.requestsPage()->view();
    QTRY_VERIFY_WITH_TIMEOUT(requests->model()->rowCount() > 0, 10000);
    requests->setCurrentIndex(requests->model()->index(0, 0));
    QVERIFY(traceDone.wait(20000));

    const QString out = outputDir();
    QStringList problems;
    QTabWidget* tabs = w.pages();
    // Every page, light and then dark: each picture the window's size, not
    // blank, unlike the other pages, and free of layout defects by geometry.
    const auto everyTab = [&](const QString& suffix) {
        QSet<QByteArray> hashes;
        int waited = 0;
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            // Pages compute off the GUI thread: wait for the page's result
            // (or its error), then let the views take their new layout.
            if (auto* page = qobject_cast<ui::RunPage*>(tabs->widget(i))) {
                QTRY_VERIFY_WITH_TIMEOUT(!page->isComputing() &&
                                             (page->shownVersion() > 0 || !page->errorString().isEmpty()),
                                         30000);
                QVERIFY2(page->errorString().isEmpty(), qPrintable(page->errorString()));
                ++waited;
            }
            QCoreApplication::sendPostedEvents();
            const QImage image = w.grab().toImage();
            const QString name = slug(tabs->tabText(i)) + suffix;
            const QString path = QDir(out).filePath(name + QStringLiteral(".png"));
            QVERIFY2(image.save(path), qPrintable(path));
            QCOMPARE(image.size() / image.devicePixelRatio(), QSize(1366, 768));
            QCOMPARE(image.devicePixelRatio(), w.devicePixelRatioF()); // full resolution on HiDPI
            QVERIFY2(distinctColours(image) > 12, qPrintable(name));
            const QByteArray hash = QCryptographicHash::hash(
                QByteArray(reinterpret_cast<const char*>(image.constBits()), image.sizeInBytes()),
                QCryptographicHash::Sha1);
            QVERIFY2(!hashes.contains(hash), qPrintable(name + QStringLiteral(" looks like another page")));
            hashes.insert(hash);
            // The raw request table is the one that scrolls sideways.
            for (const auto& problem : pb::test::layoutProblems(&w, {QStringLiteral("requestsView")})) {
                problems << name + QStringLiteral(": ") + problem;
            }
        }
        QVERIFY2(waited >= 7, "every run page's result was waited for"); // all but Runs and Launcher
    };
    everyTab(QString());
    if (QTest::currentTestFailed()) {
        return;
    }
    // The composition's value axis starts at zero.
    auto* composition = w.findChild<QChartView*>(QStringLiteral("compositionChart"));
    QVERIFY(composition != nullptr);
    const auto axes = composition->chart()->axes(Qt::Vertical);
    QVERIFY(!axes.isEmpty());
    QCOMPARE(qobject_cast<QValueAxis*>(axes.front())->min(), 0.0);
    QVERIFY(tabs->count() >= 7);

    // The dark palette: the same pages, the same checks, and text stays
    // readable (light on dark).
    const QPalette light = QApplication::palette();
    QApplication::setPalette(darkPalette());
    everyTab(QStringLiteral("-dark"));
    tabs->setCurrentWidget(w.overviewPage());
    QCoreApplication::sendPostedEvents();
    const QImage dark = w.grab().toImage();
    QApplication::setPalette(light);
    QVERIFY(qGray(dark.pixel(dark.width() / 2, dark.height() - 40)) < 128);
    for (const auto& problem : problems) {
        qWarning("%s", qPrintable(problem));
    }
    QVERIFY2(problems.isEmpty(), "layout defects, listed above");

    // Issue 32: 1.5 s to 3.5 s selected on the Timeline, then shown in the
    // Explorer and on the Requests page, filtered.
    ui::TimelinePage* timeline = w.timelinePage();
    tabs->setCurrentWidget(timeline);
    QSignalSpy listed(w.explorerPage(), &ui::ExplorerPage::listed);
    QSignalSpy filtered(w.requestsPage()->model(), &ui::RequestTableModel::filterFinished);
    timeline->setTimeRange({1500, 3500});
    QTRY_VERIFY_WITH_TIMEOUT(timeline->rangeCount() > 0, 10000);
    QVERIFY(!listed.isEmpty() || listed.wait(10000));
    QVERIFY(!filtered.isEmpty() || filtered.wait(10000));
    const auto shoot = [&](const QString& name) {
        QCoreApplication::sendPostedEvents();
        const QImage image = w.grab().toImage();
        const QString path = QDir(out).filePath(name + QStringLiteral(".png"));
        QVERIFY2(image.save(path), qPrintable(path));
        for (const auto& problem : pb::test::layoutProblems(&w, {QStringLiteral("requestsView")})) {
            problems << name + QStringLiteral(": ") + problem;
        }
    };
    shoot(QStringLiteral("timeline-range"));
    timeline->findChild<QPushButton*>(QStringLiteral("timelineShowExplorer"))->click();
    QCOMPARE(tabs->currentWidget(), w.explorerPage());
    shoot(QStringLiteral("explorer-range"));
    timeline->findChild<QPushButton*>(QStringLiteral("timelineShowRequests"))->click();
    QCOMPARE(tabs->currentWidget(), w.requestsPage());
    shoot(QStringLiteral("requests-range"));
    QVERIFY(w.requestsPage()->model()->rowCount() < w.requestsPage()->model()->totalRows());
    for (const auto& problem : problems) {
        qWarning("%s", qPrintable(problem));
    }
    QVERIFY2(problems.isEmpty(), "layout defects with a time range, listed above");
    qInfo("screenshots in %s", qPrintable(out));
}

QTEST_MAIN(TestUiScreenshots)
#include "tst_ui_screenshots.moc"
