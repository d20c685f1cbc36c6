// properties/findings/G_face_thresholds.cpp — findings about the claims of properties/G_face_thresholds.cpp
// (App. G §Open problems: face-wise entropy minima, OP1).
#include "properties/engine/finding.hpp"

namespace dcrv {

// The face-wise entropy minima and the GRPO face test are stated for every ρ of the band [K_Cδ, 1 − K_Iδ],
// but a lower face's slice {p ∈ Δ_δ : p_k = δ, Σ_𝒞 p = ρ} is empty for most of the band when K_I = 1 (only
// ρ = 1 − δ) or K_C ≤ 1 (only ρ = δ, or ρ = 0): there the minimum is over an empty set. Restricted to the ρ
// of nonempty slices (the readings ~nonempty), each statement holds.
DCRV_FINDING(finding_band_empty_slice) {
  return corrected_finding(
      "G.band-empty-slice", "the band includes values of \\(\\rho\\) where the face slice is empty",
      "App.~G (Open problems, face-wise entropy minima and OP1) states the entropy minima "
      "\\(E^{(\\mathcal I)}_{\\min}(\\rho)\\), \\(E^{(\\mathcal C)}_{\\min}(\\rho)\\) and the GRPO face test "
      "for "
      "every \\(\\rho\\) of the band \\([K_C\\delta,1-K_I\\delta]\\). When \\(K_I=1\\) the incorrect face "
      "\\(\\{p\\in\\Delta_\\delta: p_k=\\delta\\}\\) meets the slice \\(\\sum_{\\mathcal C}p=\\rho\\) only "
      "at "
      "\\(\\rho=1-\\delta\\), and when \\(K_C\\le1\\) the correct face only at \\(\\rho=\\delta\\) (or "
      "\\(\\rho=0\\)): elsewhere the minimum is taken over an empty set and the formulas give finite values "
      "that no policy attains. The thresholds taken as maxima over the band inherit this: "
      "\\(\\varepsilon^{(\\mathcal I)}_{\\rm suf}\\) with \\(K_C=K_I=1\\) exceeds the exact threshold once "
      "\\(\\delta>1/e\\) (\\(\\rho/E\\) decreases on the band, whose only attained point is "
      "\\(\\rho=1-\\delta\\)), and \\(\\varepsilon^{\\rm GRPO}_{\\rm crit}\\) with \\(K_C=0\\) is positive "
      "while every incorrect face has \\(\\rho=0\\) and the exact threshold is \\(0\\).",
      {{"G.emin-i-formula", "G.emin-i-formula~nonempty"},
       {"G.emin-c-formula", "G.emin-c-formula~nonempty"},
       {"G.emin-ge-lk", "G.emin-ge-lk~nonempty"},
       {"G.op1-grpo-equiv", "G.op1-grpo-equiv~nonempty"},
       {"G.op1-star-exact-i-kc1", "G.op1-star-exact-i-kc1~nonempty"},
       {"G.op1-grpo-exact", "G.op1-grpo-exact~nonempty"}},
      "Take \\(\\rho\\) over the values at which the face slice is nonempty (not the whole band):");
}

} // namespace dcrv
