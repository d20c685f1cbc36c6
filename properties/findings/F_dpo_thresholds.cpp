// properties/findings/F_dpo_thresholds.cpp — findings about the claims of properties/F_dpo_thresholds.cpp
// (App. F, BD templates and Theorem thm:intraclass).
#include "properties/engine/finding.hpp"

namespace dcrv {

// "The first is a sharp ℓ∞ test": sharp as a supremum over instances (F.bd-linf-sharp), not instance by
// instance — for a fixed instance the exact face threshold is a sup over face points only, below M_{φ,∞}/L_K
// whenever ‖φ‖∞ is attained off the faces or with the wrong sign.
DCRV_FINDING(finding_linf_sharp_sup) {
  return corrected_finding(
      "F.linf-sharp-over-instances",
      R"x(the \(\ell_\infty\) test is sharp over instances, not for every instance)x",
      R"x(App.~F, BD: ``the first is a sharp \(\ell_\infty\) test''. Read instance by instance, \(\varepsilon_{\rm crit}=M_{\phi,\infty}/L_K(\delta_\star)\) is false: \(\varepsilon_{\rm crit}\) is a supremum of \(-\phi_i\) over lower-face points, while \(M_{\phi,\infty}\) is the supremum of \(|\phi_i|\) over all of \(\Delta_{\delta_\star}\) (for \(K=2\) the faces are the two points \((\delta_\star,1-\delta_\star)\), \((1-\delta_\star,\delta_\star)\), and \(\|\phi\|_\infty\) is larger elsewhere, e.g.\ \(\beta=0.002\), \(\ell_0=20\)). What holds is that the ratio \(\varepsilon_{\rm crit}L_K/M_{\phi,\infty}\) is at most \(1\) and approaches \(1\) along instances.)x",
      {{"F.bd-linf-sharp~every-instance", "F.bd-linf-sharp"}},
      R"x(State sharpness as \(\sup\varepsilon_{\rm crit}L_K(\delta_\star)/M_{\phi,\infty}=1\) over instances (not an equality for each instance):)x");
}

// "the second yields the tight threshold ε L_K ≥ 2√K": M_{φ,2} ≤ 2√(K−1)M_{γ,∞} < 2√K (convexity, see the
// check), so 2√K is not approached; and the constant test ε L_K ≥ 2 already suffices (−φ_i ≤ M_{φ,∞} ≤ 2,
// face gap ≥ L_K) and is the tight one (ε_crit L_K → 2). The corrected statement is F.bd-l2-tight~corrected.
DCRV_FINDING(finding_l2_not_tight) {
  return corrected_finding(
      "F.l2-not-tight",
      R"x(the \(\ell_2\) threshold \(\varepsilon L_K\ge2\sqrt K\) is sufficient but not tight)x",
      R"x(App.~F, BD: ``the second yields the tight threshold \(\varepsilon L_K(\delta_\star)\ge2\sqrt K\)''. Neither reading of ``tight'' holds: \(\|\phi(p)\|_2\le2\sqrt{K-1}\,M_{\gamma,\infty}<2\sqrt K\) for every instance and \(p\) (\(\|\phi\|_2^2\) is convex in the margins and at most \(4M_\gamma^2(K-1)\) at the vertices of \([-M_\gamma,M_\gamma]^K\)), so \(M_{\phi,2}\le2\sqrt K\) is never approached; and \(\varepsilon L_K\ge2<2\sqrt K\) already makes every lower face inward for every instance, since \(-\phi_i\le M_{\phi,\infty}\le2\) and \(\langle\log p\rangle-\log\delta_\star\ge L_K(\delta_\star)\) on a lower face.)x",
      {{"F.bd-l2-tight", "F.bd-l2-tight~corrected"},
       {"F.bd-l2-tight~sufficiency", "F.bd-l2-tight~corrected"}},
      R"x(The \(\ell_2\) test gives the sufficient threshold \(\varepsilon L_K\ge2\sqrt K\); the tight constant threshold is \(\varepsilon L_K(\delta_\star)\ge2\):)x");
}

// thm:intraclass (ii) and its last sentence: "iff ε > c_open" (resp. c_max). Grönwall gives sufficiency; the
// proof's necessity ("choosing data with −g_β'(ξ₀) ↑ c") does not follow: the inequality |z(t)| ≤ |z(0)|
// e^{−(ε−c)t} holds for every ε ≥ 0 (for ε ≤ c the right side does not decay), and whether all data contract
// depends on the instance's worst slope D⋆ ≤ c, which can be far below c (K = 2, β = 4, ℓ₀ = −5: c_open = 1,
// D⋆ = 0.166, so ε = 1/2 contracts every pair).
DCRV_FINDING(finding_intra_necessity) {
  return corrected_finding(
      "F.intra-necessity", R"x(the ``only if'' of the intra-incorrect contraction does not hold)x",
      R"x(App.~F, Theorem thm:intraclass (ii): intra-incorrect log-ratios contract, \(|z_{ik}(t)|\le|z_{ik}(0)|e^{-(\varepsilon-c_{\rm open})t}\), ``iff \(\varepsilon>c_{\rm open}\)'', and under confinement to \(\Delta_{\delta_\star}\) the same with \(c_{\max}\); the proof says ``necessity follows by choosing data with \(-g'_\beta(\xi_0)\uparrow c\)''. Read literally, the inequality holds for every \(\varepsilon\ge0\) (Grönwall with \(\frac{d}{dt}|z|\le(c-\varepsilon)|z|\)), so it cannot single out \(\varepsilon>c\). Read as ``all data contract to \(0\)'', the threshold is a supremum over \(\beta\), \(\ell_0\) and \(p\): for a fixed instance the pair's worst slope \(D_\star\) can be far below it (\(K=2\), \(s=(-,-)\), \(\beta=4\), \(\ell_0=-5\): \(c_{\rm open}=c_{\max}=1\), \(D_\star\approx0.166\)), and every \(\varepsilon>D_\star\), e.g.\ \(\varepsilon=\tfrac12\), contracts all data.)x",
      {{"F.intra-incorrect-necessity", "F.intra-incorrect-suff"},
       {"F.intra-incorrect-necessity~contraction", "F.intra-incorrect-suff"},
       {"F.intra-trimmed-necessity", "F.intra-trimmed-suff"},
       {"F.intra-trimmed-necessity~contraction", "F.intra-trimmed-suff"}},
      R"x(State the sufficiency only (\(\varepsilon>c_{\rm open}\), resp.\ \(c_{\max}\) under confinement, implies the contraction; \(c\) is the worst case over all data, not a necessary threshold for a given instance):)x");
}

} // namespace dcrv
