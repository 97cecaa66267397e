// Runs the real phasebench-cli binary of the build (PHASEBENCH_CLI) and
// returns its exit code and output, for suites that test a command end to end.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace pb::test {

struct CliRun
{
    int code = -1; // -1: did not finish in time
    QByteArray out;
    QByteArray err;
};

inline CliRun runCli(const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace pb::test
