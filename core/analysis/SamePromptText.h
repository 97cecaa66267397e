// Why a request could not be paired with the same prompt's request of a
// baseline run (analysis::samePromptInBaseline), in words: the CLI's error
// and the Waterfall page's message say the same thing. Translated in the
// context "pb::analysis::SamePrompt".
#pragma once

#include "analysis/RequestComparison.h"

#include <QCoreApplication>
#include <QString>

namespace pb::analysis {

inline QString samePromptRefusalText(const SamePromptMatch& m)
{
    const auto text = [](const std::string& s) {
        return QString::fromStdString(s);
    };
    const auto seed = [](const std::optional<std::int64_t>& s) {
        return s ? QString::number(*s) : QCoreApplication::translate("pb::analysis::SamePrompt", "none");
    };
    switch (m.refusal) {
    case SamePromptRefusal::None:
        return {};
    case SamePromptRefusal::SameRun:
        return QCoreApplication::translate(
                   "pb::analysis::SamePrompt",
                   "run %1 is the request's own run; choose another run as the baseline")
            .arg(m.baselineRun);
    case SamePromptRefusal::NoPromptRef:
        return QCoreApplication::translate(
                   "pb::analysis::SamePrompt",
                   "request %1 of run %2 records no prompt reference (an imported run or a "
                   "dropped iteration), so it cannot be paired by prompt")
            .arg(m.b.seq)
            .arg(m.b.runId);
    case SamePromptRefusal::NoDigest:
        return QCoreApplication::translate(
                   "pb::analysis::SamePrompt",
                   "run %1 records no scenario digest, so its prompt references cannot be "
                   "matched with another run's")
            .arg(m.digestA.empty() ? m.baselineRun : m.b.runId);
    case SamePromptRefusal::DigestsDiffer:
        return QCoreApplication::translate(
                   "pb::analysis::SamePrompt",
                   "runs %1 and %2 were made from different scenarios (%3, %4): their "
                   "prompt references name different prompts")
            .arg(m.baselineRun)
            .arg(m.b.runId)
            .arg(text(m.digestA), text(m.digestB));
    case SamePromptRefusal::SeedsDiffer:
        return QCoreApplication::translate(
                   "pb::analysis::SamePrompt",
                   "runs %1 and %2 sampled or generated their prompts with different seeds "
                   "(%3, %4): the same reference may be a different prompt")
            .arg(m.baselineRun)
            .arg(m.b.runId)
            .arg(seed(m.seedA), seed(m.seedB));
    case SamePromptRefusal::NotInBaseline:
        return QCoreApplication::translate("pb::analysis::SamePrompt", "no request of run %1 sent prompt %2")
            .arg(m.baselineRun)
            .arg(text(m.promptRef));
    case SamePromptRefusal::NoneCompleted:
        return QCoreApplication::translate("pb::analysis::SamePrompt",
                                           "run %1 sent prompt %2 %3 time(s), and none completed")
            .arg(m.baselineRun)
            .arg(text(m.promptRef))
            .arg(static_cast<qulonglong>(m.candidates));
    }
    return {};
}

} // namespace pb::analysis
