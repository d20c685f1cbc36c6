// properties/findings/H_boundary_bd.cpp — findings about the claims of properties/H_boundary_bd.cpp (App. H
// §Boundary behaviour: BD♯, the band theorem, reflected invariance).
#include "properties/engine/finding.hpp"

namespace dcrv {

// thm:band, last sentence: "by the strong Markov property this yields an exponentially small probability of
// ever touching the floor from any interior start". Over the infinite horizon the unreflected (WF) is
// absorbed at a face in finite time (both faces are exit boundaries), so the probability of ever touching δ⋆
// is the scale-function ratio, of order one (1 at the smallest witness, where the bound is 10⁻²⁰¹). What the
// strong Markov property gives is the displayed bound per excursion (hit δ⋆ before y_max): the reading
// ~excursion.
DCRV_FINDING(finding_ever_touch_horizon) {
  return corrected_finding(
      "H.ever-touch-horizon",
      "``ever touching the floor'' is not exponentially small over an infinite horizon",
      R"(App.~H, Theorem thm:band (bandwise confinement, unreflected), last sentence: the strong Markov property is said to make the probability of \emph{ever} touching the floor \(\delta_\star\) exponentially small. The unreflected (WF) is absorbed at a face in finite time (both faces of the \(K=2\) reduction are exit boundaries, \(\Phi\) is bounded), so \(P(\text{ever touch }\delta_\star)=P(\text{hit }\delta_\star\text{ before }1)\) is a ratio of scale-function integrals of order one: at the smallest witness it equals \(1\) while \(\exp(-2\mu_{\rm band}(Y_0-\delta_\star)/\sigma^2_{\max})\approx10^{-201}\). The displayed bound controls one excursion from the band (hit \(\delta_\star\) before \(y_{\max}\)), and that is what holds.)",
      {{"H.band-ever-touch", "H.band-ever-touch~excursion"}},
      R"(State the bound per excursion (hit \(\delta_\star\) before \(y_{\max}\)), not for ever touching the floor:)");
}

} // namespace dcrv
