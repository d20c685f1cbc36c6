// properties/findings/I_learnable_kernel.cpp — findings about the claims of properties/I_learnable_kernel.cpp
// (App. I §Block-constant kernels).
#include "properties/engine/finding.hpp"

namespace dcrv {

// "A low-norm constructive choice sets κ_CI = 0 … minimizing ‖K‖_{∞→∞} under PSD": minimal among the κ_CI = 0
// kernels (I.block-lownorm-family), not among all PSD block kernels — with Nδ⋆ small and X < 0 the choice has
// κ_II = −X/(Nδ⋆) huge, while a PSD kernel with κ_CI ≠ 0 realises the gap with entries of order |X|.
DCRV_FINDING(finding_lownorm_family_only) {
  return corrected_finding(
      "I.lownorm-within-kci-zero",
      R"x(the \(\kappa_{CI}=0\) choice minimises \(\|K\|_{\infty\to\infty}\) only among \(\kappa_{CI}=0\) kernels)x",
      R"x(App.~I, Block-constant kernels: the choice \(\kappa_{CI}=0\), \(\kappa_{II}^{\min}=\max\{0,-X/(N\delta_\star)\}\), \(\kappa_{CC}=(X+N\delta_\star\kappa_{II}^{\min})/(1-N\delta_\star)\) is said to minimise \(\|K\|_{\infty\to\infty}\) under PSD. Among all PSD block-constant kernels with the gap value \(X\) it does not: for \(X<0\) and small \(N\delta_\star\) it has \(\kappa_{II}=-X/(N\delta_\star)\), while a PSD kernel with \(\kappa_{CI}\neq0\) realises the same gap with entries of order \(|X|\) (\(N\delta_\star=10^{-3}\), \(X=-1\): \(\kappa_{CI}=2\), \(\kappa_{II}=5\), \(\kappa_{CC}\approx1\), so \(\|K\|_{\infty\to\infty}\le2M+5N\), against \(\kappa_{II}^{\min}=1000\) and \(\|K\|_{\infty\to\infty}=1000N\)).)x",
      {{"I.block-lownorm-global", "I.block-lownorm-family"}},
      R"x(State the minimality among the PSD kernels with \(\kappa_{CI}=0\) (not among all PSD block-constant kernels):)x");
}

// "K ⪰ 0 ⟺ B ⪰ 0" with N = 0: K = κ_CC 11ᵀ involves only κ_CC, while B ⪰ 0 also constrains κ_II, κ_CI, which
// do not occur in K; the equivalence needs M, N ≥ 1.
DCRV_FINDING(finding_block_psd_n0) {
  return corrected_finding(
      "I.block-psd-needs-both-classes", R"x(\(K\succeq0\iff B\succeq0\) needs \(M,N\ge1\))x",
      R"x(App.~I, Block-constant kernels: \(K\succeq0\iff B\succeq0\), i.e.\ \(\kappa_{CC}\ge0\), \(\kappa_{II}\ge0\), \(\kappa_{CC}\kappa_{II}\ge\kappa_{CI}^2\). With \(N=0\) (all traces correct) \(K=\kappa_{CC}\mathbf 1\mathbf 1^\top\) does not contain \(\kappa_{CI}\), \(\kappa_{II}\), so \(K\succeq0\) for every \(\kappa_{CC}\ge0\) while \(B\) may be indefinite (\(\kappa_{CC}=2\), \(\kappa_{CI}=\kappa_{II}=-3\)).)x",
      {{"I.block-psd-iff~N0", "I.block-psd-iff"}},
      R"x(State the equivalence for \(M,N\ge1\) (for \(N=0\), \(K\succeq0\iff\kappa_{CC}\ge0\)):)x");
}

} // namespace dcrv
