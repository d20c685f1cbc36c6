// properties/findings/F_dpo_score.cpp — findings about the claims of properties/F_dpo_score.cpp (App. F,
// Lemma lem:Lf and the Definition "Sharp thresholds").
#include "properties/engine/finding.hpp"

namespace dcrv {

// lem:Lf bounds |f_i'(v)| on v ∈ [δ, 1] with c_max = sup over ℓ ∈ [log δ, 0]; the Definition's c_max takes
// the sup over the trimmed range [log δ, log(1 − (K−1)δ)] only, and with that smaller constant the bound
// fails for v ∈ (1 − (K−1)δ, 1], where −g_β' can be much larger.
DCRV_FINDING(finding_cmax_two_ranges) {
  return corrected_finding(
      "F.cmax-two-ranges", R"x(\(c_{\max}\) has two definitions; lem:Lf needs the untrimmed one)x",
      R"x(App.~F, Lemma lem:Lf bounds \(|f_i'(v)|=|g_\beta'(\log v)|/v\le c_{\max}/\delta_\star\) for \(v\in[\delta_\star,1]\), with \(c_{\max}=\sup_{\ell\in[\log\delta_\star,0]}(-g'_\beta(\ell))\); the Definition ``Sharp thresholds'' takes the same symbol as the sup over the trimmed range \([\log\delta_\star,\log(1-(K-1)\delta_\star)]\). With the Definition's constant the bound fails for \(v\in(1-(K-1)\delta_\star,1]\), where \(-g'_\beta(\log v)\) exceeds the trimmed sup (e.g.\ \(\beta=40\), \(\ell_0=6\), \(\delta_\star=0.8/K\), \(v=1\)).)x",
      {{"F.lf-bound~definition-cmax", "F.lf-bound"}},
      R"x(In lem:Lf use \(c_{\max}=\sup_{\ell\in[\log\delta_\star,0]}(-g'_\beta(\ell))\) (or restrict \(v\) to \([\delta_\star,1-(K-1)\delta_\star]\)), and give the Definition's trimmed constant its own name:)x");
}

} // namespace dcrv
