// properties/findings/G_lump_dynamics.cpp — findings about the claims of properties/G_lump_dynamics.cpp
// (App. G §Small-ε perturbation, Theorem thm:trace-perturb, §Forward-invariance templates).
#include "properties/engine/finding.hpp"

namespace dcrv {

// thm:trace-perturb: τ^∧ = inf{t > 0 : min p^ε = δ or min p^0 = δ} is the first return to the level δ, not
// the first exit from Δ_δ: from a start on ∂Δ_δ where p^0 leaves at once (and p^ε enters), min p = δ never
// recurs for t > 0, so τ^∧ = ∞ while p^0 runs outside Δ_δ, where (phi-regular) assumes nothing.
DCRV_FINDING(finding_trace_exit_time) {
  return corrected_finding(
      "G.trace-exit-time", R"x(\(\tau^\wedge\) as defined is not the exit time from \(\Delta_\delta\))x",
      R"x(App.~G, Theorem thm:trace-perturb sets \(\tau^\wedge:=\inf\{t>0:\min_\pi p^\varepsilon_\pi(t)=\delta_\star\text{ or }\min_\pi p^0_\pi(t)=\delta_\star\}\) and bounds \(\|p^\varepsilon-p^0\|_1\) on \([0,\tau^\wedge)\), using (phi-regular), which holds on \(\Delta_{\delta_\star}\) only. From a start on \(\partial\Delta_{\delta_\star}\) where \(p^0\) leaves at once (and \(p^\varepsilon\) enters), \(\min_\pi p_\pi=\delta_\star\) never recurs for \(t>0\): \(\tau^\wedge=\infty\), while \(p^0\) runs where \(\phi\) may grow without bound (a field equal to the linear fitness on \(\Delta_{\delta_\star}\) and \(10^6\) times steeper outside breaks the bound by a factor above \(300\)).)x",
      {{"G.trace-perturb", "G.trace-perturb~first-exit"}},
      R"x(Take \(\tau\) the first exit time of \(p^\varepsilon\) or \(p^0\) from \(\Delta^{S-1}_{\delta_\star}\) (\(\tau=0\) when one leaves at once):)x");
}

// After (BD): "the bound in Theorem thm:trace-perturb holds for all t ≥ 0". (BD) keeps p^ε in Δ_δ, but p^0
// solves the flow without the entropy term and can leave Δ_δ, where (phi-regular) assumes nothing; the bound
// then fails. With (phi-regular) on the whole simplex it holds (~global-regularity).
DCRV_FINDING(finding_bd_trace_regularity) {
  return corrected_finding(
      "G.bd-trace-needs-global-regularity",
      R"x((BD) does not keep \(p^0\) in \(\Delta_\delta\), so the trace bound needs (phi-regular) outside it)x",
      R"x(App.~G, Forward-invariance templates, after eq.~(BD): under (BD) ``the bound in Theorem thm:trace-perturb holds for all \(t\ge0\)''. (BD) makes \(\Delta_{\delta_\star}\) invariant for \(p^\varepsilon\), but \(p^0\) solves \(\dot p=F_0(p)\), with no entropy term, and leaves \(\Delta_{\delta_\star}\) whenever selection pushes a trace below \(\delta_\star\); outside, (phi-regular) assumes nothing of \(\phi\), and a field that is the linear fitness on \(\Delta_{\delta_\star}\) and much steeper outside breaks the bound (\(S=4\), \(\varepsilon\) at the (BD) threshold, \(t\le0.05\)).)x",
      {{"G.bd-trace-all-t", "G.bd-trace-all-t~global-regularity"}},
      R"x(Assume (phi-regular) on the whole simplex \(\Delta^{S-1}\), with \(M_{\phi,2}\), \(L_\phi\) taken there:)x");
}

// (BD) ⇒ forward invariance "for every centred φ": the template only gives inwardness of the field on ∂Δ_δ,
// which yields invariance when solutions are unique. A continuous, non-Lipschitz φ that vanishes on Δ_δ meets
// (BD) at ε = 0 yet has a Carathéodory solution from the boundary that leaves Δ_δ.
DCRV_FINDING(finding_bd_nonunique) {
  return corrected_finding(
      "G.bd-invariance-needs-uniqueness", R"x((BD) gives forward invariance only when solutions are unique)x",
      R"x(App.~G, Forward-invariance templates, eq.~(BD): if \(\varepsilon L_S(\delta_\star)\ge2M_{\phi,\infty}\) (or \(2M_{\phi,2}\)) then \(\Delta_{\delta_\star}\) is forward invariant, for any centred \(\phi\). The template makes the field point inward (or tangent) on \(\partial\Delta_{\delta_\star}\), which gives invariance for unique solutions only: on \(\Delta^1\), \(\phi=((1-x)a,-xa)\) with \(a(x)=-\kappa\sqrt{(\delta_\star-x)_+}\) is continuous, centred and \(0\) on \(\Delta_{\delta_\star}\), so (BD) holds at \(\varepsilon=0\), yet \(\dot x=-\kappa x(1-x)\sqrt{\delta_\star-x}\) has, besides \(x\equiv\delta_\star\), a solution from \(x(0)=\delta_\star\) that leaves \(\Delta_{\delta_\star}\) in finite time.)x",
      {{"G.bd-forward-invariance", "G.bd-forward-invariance~lipschitz-phi"}},
      R"x(Assume \(\phi\) locally Lipschitz (as the paper's STaR, GRPO, DPO and linear-fitness fields are), so that solutions are unique:)x");
}

} // namespace dcrv
