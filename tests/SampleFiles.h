// Real files published by other tools live in ../shared/samples, beside the
// source tree, not in it: a clone has only the project's own fixtures
// (tests/data). A test that reads the samples skips without them, unless
// PHASEBENCH_REQUIRE_SAMPLES is set (.ci/run sets it wherever ../shared is
// present): then a missing sample folder is a failure, not a green skip.
#pragma once

#include <QTest>
#include <QtGlobal>

#define PB_SKIP_WITHOUT_SAMPLES(message)                                                                     \
    do {                                                                                                     \
        if (qEnvironmentVariableIsSet("PHASEBENCH_REQUIRE_SAMPLES")) {                                       \
            QFAIL(message " (PHASEBENCH_REQUIRE_SAMPLES is set)");                                           \
        }                                                                                                    \
        QSKIP(message);                                                                                      \
    } while (false)
