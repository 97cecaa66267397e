// Finding a page's widgets, plots and plot items the way the window holds
// them: by object name, through the public QObject tree, instead of through
// accessors that production code would carry only for tests.
#pragma once

#include <QAbstractItemModel>
#include <QLabel>
#include <QObject>
#include <QString>
#include <QTabWidget>

#include <vector>

namespace pb::test {

// The one descendant of `parent` of type W named `name`. A test that asks for
// a widget the page does not have (or has twice) stops here with a message
// that names it, not with a null dereference later.
template<class W> W* child(const QObject* parent, const char* name)
{
    const auto found = parent->findChildren<W*>(QString::fromLatin1(name));
    if (found.size() != 1) {
        qFatal("pb::test::child: expected one %s named \"%s\" under %s, found %lld",
               W::staticMetaObject.className(), name, parent->metaObject()->className(),
               static_cast<long long>(found.size()));
    }
    return found.front();
}

// The text of the label named `name` under `parent`.
inline QString labelText(const QObject* parent, const char* name)
{
    return child<QLabel>(parent, name)->text();
}

// The first row whose `column` shows exactly `text` (under `role`), or -1.
inline int rowWhere(const QAbstractItemModel* model, int column, const QVariant& value,
                    int role = Qt::DisplayRole)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, column).data(role) == value) {
            return row;
        }
    }
    return -1;
}

// The tabs of `tabs` that are a W, in tab order (e.g. the window's run pages).
template<class W> std::vector<W*> tabsOf(const QTabWidget* tabs)
{
    std::vector<W*> out;
    for (int i = 0; i < tabs->count(); ++i) {
        if (auto* page = qobject_cast<W*>(tabs->widget(i))) {
            out.push_back(page);
        }
    }
    return out;
}

} // namespace pb::test
