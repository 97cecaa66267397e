// The most recently opened workbench files, remembered in QSettings and
// listed in a menu.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace pb::ui {

class RecentFiles : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    // Fills `menu` (owned by the caller) and keeps it current.
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

    QStringList files() const;
    // Moves `path` to the top.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

Q_SIGNALS:
    void fileTriggered(const QString& path);

private:
    void store(const QStringList& files);
    void rebuildMenu();

    QMenu* m_menu;
};

} // namespace pb::ui
