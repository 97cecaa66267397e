// The distributions page's figures are computed in core
// (analysis/Distributions.h); this header adds what only the window needs:
// the Job result type and an overload that loads the runs through the
// window's RunCache first.
#pragma once

#include "analysis/Distributions.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QString>

#include <memory>

namespace pb::ui {

using analysis::computeDistributions;
using analysis::DistributionSide;
using analysis::DistributionSideResults;
using analysis::DistributionsRequest;
using analysis::DistributionsResults;

DistributionsResults computeDistributions(const QString& path, const DistributionsRequest& request,
                                          const ProgressFn& progress = {});

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::DistributionsResults>)
