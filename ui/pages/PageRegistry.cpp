#include "PageRegistry.h"

#include "DiagnosisPage.h"
#include "OverviewPage.h"
#include "PhasePercentilesPage.h"
#include "RequestsPage.h"
#include "WaterfallPage.h"
#include "distributions/DistributionsPage.h"
#include "explorer/ExplorerPage.h"
#include "launcher/LauncherPage.h"
#include "timeline/TimelinePage.h"

#include <QCoreApplication>

#include <algorithm>

namespace pb::ui {
namespace {

// The titles keep the context they were translated in (the window's).
constexpr const char* kTitleContext = "pb::ui::MainWindow";

template<typename Page> std::function<QWidget*()> make()
{
    return [] {
        return new Page;
    };
}

std::vector<PageFactory> build()
{
    std::vector<PageFactory> pages{
        {PageId::Overview, QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Overview"), 10, {}, make<OverviewPage>()},
        {PageId::PhasePercentiles,
         QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Phase Percentiles"),
         20,
         {},
         make<PhasePercentilesPage>()},
        {PageId::Timeline, QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Timeline"), 30, {}, make<TimelinePage>()},
        {PageId::Explorer, QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Explorer"), 40, {}, make<ExplorerPage>()},
        {PageId::Requests, QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Requests"), 50, {}, make<RequestsPage>()},
        {PageId::Waterfall,
         QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Waterfall"),
         60,
         {},
         make<WaterfallPage>()},
        {PageId::Distributions,
         QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Distributions"),
         70,
         {},
         make<DistributionsPage>()},
        {PageId::Diagnosis,
         QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Diagnosis"),
         80,
         {},
         make<DiagnosisPage>()},
        // Not a run page: the window gives it the run session and wires its launches.
        {PageId::Launcher,
         QT_TRANSLATE_NOOP("pb::ui::MainWindow", "Run Launcher"),
         90,
         {},
         [] {
             auto* page = new LauncherPage;
             page->setObjectName(QStringLiteral("launcherPage"));
             return page;
         }},
    };
    std::stable_sort(pages.begin(), pages.end(),
                     [](const PageFactory& a, const PageFactory& b) { return a.order < b.order; });
    return pages;
}

} // namespace

QString PageFactory::title() const
{
    return QCoreApplication::translate(kTitleContext, titleSource);
}

const std::vector<PageFactory>& pageRegistry()
{
    static const std::vector<PageFactory> pages = build();
    return pages;
}

} // namespace pb::ui
