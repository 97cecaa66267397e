// The open workbench file as the GUI thread sees it: its path and a
// connection for the quick reads of the run list. Long work opens its own
// connection on its own thread.
#pragma once

#include "model/Run.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::ui {

class Workbench
{
    Q_DECLARE_TR_FUNCTIONS(pb::ui::Workbench)
public:
    Workbench();
    ~Workbench();
    Workbench(const Workbench&) = delete;
    Workbench& operator=(const Workbench&) = delete;

    // Opens an existing workbench file, or creates a new one when `create`
    // is set (refusing to replace an existing file). On failure the previous
    // file stays open and errorString() says why.
    bool open(const QString& path, bool create);
    void close();
    bool isOpen() const { return m_store != nullptr; }
    // Absolute path of the open file, or empty.
    QString path() const { return m_path; }
    QString errorString() const { return m_error; }
    // The file (or its folder) cannot be written: it is open for viewing only.
    bool isReadOnly() const;

    // Empty (with errorString()) when the file cannot be read.
    std::vector<RunInfo> runs();

    // Where files dropped with no workbench open are imported.
    static QString defaultPath();

private:
    QString m_path;
    QString m_error;
    std::unique_ptr<RunStore> m_store;
};

} // namespace pb::ui
