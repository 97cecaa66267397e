// The tabs of the main window, in the GammaRay manner: one entry per page
// (id, tab title, order, shortcut, factory). The window builds its tabs from
// pageRegistry() and talks to the run pages through RunPage only; a new page
// is one entry here.
#pragma once

#include <QKeySequence>
#include <QString>

#include <functional>
#include <vector>

class QWidget;

namespace pb::ui {

enum class PageId {
    Overview,
    PhasePercentiles,
    Timeline,
    Explorer,
    Requests,
    Waterfall,
    Distributions,
    Diagnosis,
    Launcher,
};

struct PageFactory
{
    PageId id;
    // Untranslated; title() translates it (context pb::ui::MainWindow).
    const char* titleSource;
    int order;             // tabs ascend by order
    QKeySequence shortcut; // empty: none
    std::function<QWidget*()> create;

    QString title() const;
};

// Every page, sorted by order.
const std::vector<PageFactory>& pageRegistry();

} // namespace pb::ui
