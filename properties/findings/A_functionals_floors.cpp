// properties/findings/A_functionals_floors.cpp — findings about the claims of
// properties/A_functionals_floors.cpp (App. A §A.2 floors, §A.6 the J̃-flow, Remark (Tightness and scaling)).
#include "properties/engine/finding.hpp"

namespace dcrv {

// §A.2, after the δ_eff display: "the denominator ranges from 1 to 1+(S−1)δ⋆". Σ_j max{p_j,δ⋆} ≥ max{1, Sδ⋆}
// with equality at the uniform point, so its minimum over Δ is 1 only for δ⋆ ≤ 1/S (for δ⋆ > 1/S it is Sδ⋆).
// The containment reading (bounds, upper end attained, lower end attained iff δ⋆ ≤ 1/S) holds.
DCRV_FINDING(finding_denominator_lower_end) {
  return corrected_finding(
      "A.denominator-lower-end",
      R"(the lower end \(1\) of the \(\delta_{\rm eff}\) denominator is not attained for \(\delta_\star>1/S\))",
      R"(App.~A \S A.2 (Floors: policy vs.\ effective), sentence after the \(\delta_{\rm eff}\) display: the denominator \(\sum_j\max\{p_j,\delta_\star\}\) is said to range from \(1\) to \(1+(S-1)\delta_\star\) for \(\delta_\star\in(0,1]\). It is \(\ge\sum_jp_j=1\) and \(\ge S\delta_\star\), with equality in both at the uniform point, so its minimum over \(\Delta^{S-1}\) is \(\max\{1,S\delta_\star\}\): for \(\delta_\star>1/S\) the value \(1\) is never taken (e.g.\ \(S=12\), \(\delta_\star=1\): the denominator is identically \(12\)). The interval \([1,1+(S-1)\delta_\star]\) is a valid enclosure, and the lower end is attained exactly when \(\Delta_{\delta_\star}\ne\emptyset\).)",
      {{"A.eff-floor-denominator-range", "A.eff-floor-denominator-range~containment"}},
      R"(Read the range as an enclosure: \(1\le\sum_j\max\{p_j,\delta_\star\}\le1+(S-1)\delta_\star\), the upper end attained at a vertex and the lower end attained (at the uniform point) only for \(\delta_\star\le1/S\):)");
}

// Remark (Tightness and scaling): the factor 2 of εL_S(δ) ≥ 2M_∞ is said to be sharp. At a fixed δ every face
// point of Δ_δ has (φ̄ − φ_0)L_S(δ)/(‖φ‖_∞(⟨log p⟩ − log δ)) ≤ 2(1−δ), so the least admissible factor is
// c⋆(S,δ) = 2(1−δ) < 2; 2 is the supremum over δ (approached as δ → 0), not a per-δ value.
DCRV_FINDING(finding_bd_factor_per_delta) {
  return corrected_finding(
      "A.BD-factor-per-delta",
      R"(the factor \(2\) of the \(\ell_\infty\) boundary condition is sharp only uniformly in \(\delta\))",
      R"(App.~A, Remark (Tightness and scaling), first sentence: no factor below \(2\) in \(\varepsilon L_S(\delta)\ge2M_\infty\) is said to guarantee forward invariance of \(\Delta_\delta\). At a face point \(p_0=\delta\) the outward pressure satisfies \(\bar\phi-\phi_0\le2(1-\delta)\|\phi\|_\infty\) and \(\langle\log p\rangle-\log\delta\ge L_S(\delta)\), so for each fixed \(\delta\) the factor \(2(1-\delta)\) already suffices and the least admissible factor is \(c^\star(S,\delta)=2(1-\delta)<2\) (attained at \(\phi=(-1,1,\dots,1)\), \(p=(\delta,\frac{1-\delta}{S-1},\dots)\); e.g.\ \(S=2\), \(\delta\to\tfrac12\): \(c^\star\to1\)). The factor \(2\) is \(\sup_\delta c^\star(S,\delta)\), approached as \(\delta\to0\).)",
      {{"A.BD-factor2-tight", "A.BD-factor2-tight~uniform-in-delta"}},
      R"(State sharpness uniformly in \(\delta\): the least admissible factor is \(2(1-\delta)\), whose supremum over \(\delta\in(0,1/S)\) is \(2\):)");
}

// §A.6, eq. (eq:GF-Jtilde): F̃ = F − ε(1+log p). With F = δJ/δp for the J of §A.6 (without εH) this is δJ̃/δp
// (the literal reading, verified); the F of the §A.5 "Instantiation" paragraph already contains −ε(1+log p)
// (it is δ(J+εH)/δp), and subtracting it again counts the entropy term twice.
DCRV_FINDING(finding_jtilde_entropy_twice) {
  return corrected_finding(
      "A.jtilde-entropy-twice",
      R"(with the \(F\) of \S A.5 the entropy term of \(\widetilde F\) is counted twice)",
      R"(App.~A \S A.6, eq.~(eq:GF-Jtilde), \(\widetilde F=F-\varepsilon(\mathbf 1+\log p)\). The \(F_i\) defined in the \S A.5 Instantiation paragraph is \(\delta J/\delta p_i\) for \(J=U\cdot p+\lambda\mathcal D-\beta_{\rm KL}\mathrm{KL}+\varepsilon H\) and already contains \(-\varepsilon(1+\log p_i)\); with that \(F\), \(\widetilde F=\nabla\widetilde J-\varepsilon(\mathbf 1+\log p)\), whose replicator field differs from the \(\widetilde J\)-flow by \(-\varepsilon\,p\odot(\log p-\langle p,\log p\rangle\mathbf 1)\). With \(F=\delta J/\delta p\) for the \(J\) of \S A.6 (without \(\varepsilon H\)) the display is exact.)",
      {{"A.jtilde-flow-score~instantiation-F", "A.jtilde-flow-score"}},
      R"(State that \(F=\delta J/\delta p\) for the \(J\) of \S A.6 (without \(\varepsilon H\)), not the \(F\) of the \S A.5 Instantiation paragraph:)");
}

} // namespace dcrv
