// properties/domains/bd_report.hpp — reports added to a claim's outcome after its check: the
// Barrier–Dominance threshold tables of App. E and F (claimed next to observed thresholds) and the other
// measured-vs-claimed series of E_grpo_characteristic.cpp, E_grpo_thresholds.cpp, E_grpo_envelopes.cpp and
// F_dpo_thresholds.cpp.
#pragma once

#include <utility>

#include "properties/engine/engine.hpp"

namespace dcrv {

/// The claim with report(ctx, outcome) run after its check (series, details, or a status that a sweep beyond
/// the ∀-property decides); replay is left as it is.
template <class Report> Claim with_report(Claim c, Report report) {
  c.check = [inner = std::move(c.check), report](const Context& ctx) {
    Outcome out = inner(ctx);
    report(ctx, out);
    return out;
  };
  return c;
}

} // namespace dcrv
