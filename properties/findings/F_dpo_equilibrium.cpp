// properties/findings/F_dpo_equilibrium.cpp — findings about the claims of properties/F_dpo_equilibrium.cpp
// (App. F, "Compatibility under BD").
#include "properties/engine/finding.hpp"

namespace dcrv {

// "Compatibility under BD": the chain 2g_β(0)/ε ≤ 2/ε ≤ L_K needs ε L_K ≥ 2, but the sharp ℓ∞ test only gives
// ε L_K ≥ M_{φ,∞}, and M_{φ,∞} ≤ 2 is an upper bound (M_{φ,∞} ≪ 2 when the margins are saturated), so the
// test allows ε far below 2/L_K. With the test in its bounded form ε L_K ≥ 2 (~bound-two) the chain holds.
DCRV_FINDING(finding_compat_needs_bound_two) {
  return corrected_finding(
      "F.compat-needs-bound-two",
      R"x(the sharp \(\ell_\infty\) BD test does not give \(2/\varepsilon\le L_K(\delta_\star)\))x",
      R"x(App.~F, Compatibility under BD: ``under the sharp \(\ell_\infty\) BD test \(\varepsilon L_K(\delta_\star)\ge M_{\phi,\infty}\le2\)'', \(\frac{2g_\beta(0)}{\varepsilon}\le\frac2\varepsilon\le L_K(\delta_\star)\). The second step needs \(\varepsilon L_K\ge2\), while the test only gives \(\varepsilon L_K\ge M_{\phi,\infty}\), and \(M_{\phi,\infty}\le2\) bounds it from above: when \(M_{\phi,\infty}\) is small (e.g.\ \(\beta=20\), \(\ell_0=-20\), where the logistic margins are saturated) the test admits \(\varepsilon\) with \(2/\varepsilon\) many orders of magnitude above \(L_K\).)x",
      {{"F.compat-2eps-le-lk", "F.compat-2eps-le-lk~bound-two"}},
      R"x(Take the BD test in its bounded form \(\varepsilon L_K(\delta_\star)\ge2\) (which implies the sharp one, as \(M_{\phi,\infty}\le2\)):)x");
}

} // namespace dcrv
