// properties/findings/M_flows_predictions.cpp — findings about the claims of
// properties/M_flows_predictions.cpp (main §4–§7: the dynamic claims and the predictions).
#include "properties/engine/finding.hpp"

namespace dcrv {

// main §4.2, STaR bullet: "any initial advantage p_a(0) > p_b(0) ... causing p_a/p_b → ∞". The feedback
// d/dt log(p_a/p_b) = (p_a − p_b)/ρ vanishes when both traces lose their mass to the leader: for two
// non-leading correct traces the ratio converges to a finite limit. It diverges when a is the leader
// (reading ~leader).
DCRV_FINDING(finding_star_ratio_non_leaders) {
  return corrected_finding(
      "M.star-ratio-non-leaders", "the ratio of two non-leading correct traces does not diverge under STaR",
      R"(Main text \S4.2, STaR bullet: any initial advantage \(p_a(0)>p_b(0)\) of a correct trace is said to give \(p_a/p_b\to\infty\). The feedback \(\tfrac{d}{dt}\log(p_a/p_b)=(p_a-p_b)/\rho\) is integrable in time when both \(p_a\) and \(p_b\) decay because a third correct trace wins: their ratio then converges to a finite limit. Witness (\(S=12\)): the log-ratio of such a pair grows by \(1.7\cdot10^{-4}\) up to \(t=60\), not by the level \(3\). The divergence holds for the leading correct trace against every other.)",
      {{"M.star-ratio-diverges", "M.star-ratio-diverges~leader"}},
      R"(State the divergence for \(a\) the correct trace of largest initial mass (the eventual winner), not for every pair with \(p_a(0)>p_b(0)\):)");
}

} // namespace dcrv
