// properties/findings/H_stationary_laws.cpp — findings about the claims of properties/H_stationary_laws.cpp
// (App. H §Gradient-field drifts and stationary laws).
#include "properties/engine/finding.hpp"

namespace dcrv {

// cor:gradient, last sentence: substituting U = 2γ⁻¹(Ψ − εH) into F = ½ div_T Q − ½ Q∇_T U is said to turn
// the right-hand side into −2F. With ∇(−H) = log p + 1, ½ Q∇U = F_sel + εE, so the right-hand side is ½ div_T
// Q − F_sel − εE, which is not a multiple of F = F_sel − εE (the entropy term has the other sign, and ½ div_T
// Q remains). The corrected statement is the reading H.gibbs-minus-2F~corrected.
DCRV_FINDING(finding_gibbs_rhs) {
  return corrected_finding(
      "H.gibbs-rhs", "the Gibbs substitution does not give \\(-2F\\)",
      "App.~H, Corollary on gradient-field drifts (last sentence): substituting "
      "\\(U=2\\gamma^{-1}(\\Psi-\\varepsilon H)\\) into \\(\\tfrac12\\mathrm{div}_TQ-\\tfrac12Q\\nabla_TU\\) "
      "is "
      "said to give \\(-2F\\). Since \\(\\nabla(-H)=\\log p+\\mathbf 1\\), "
      "\\(\\tfrac12Q\\nabla_TU=F_{\\rm sel}+\\varepsilon E\\) with \\(F_{\\rm sel}=S(p)(w-\\langle "
      "p,w\\rangle"
      "\\mathbf 1)\\), \\(E=S(p)(\\log p-\\langle p,\\log p\\rangle\\mathbf 1)\\): the right-hand side keeps "
      "\\(\\tfrac12\\mathrm{div}_TQ\\) and the entropy term enters with the sign opposite to "
      "\\(F=F_{\\rm sel}-\\varepsilon E\\), so no constant \\(c\\) makes it \\(cF\\).",
      {{"H.gibbs-minus-2F", "H.gibbs-minus-2F~corrected"}},
      "Replace \\(-2F\\) by \\(\\tfrac12\\mathrm{div}_TQ-F_{\\rm sel}-\\varepsilon E\\):");
}

// cor:gradient, first sentence: π∞ of the reflected (WF) "is the unique Neumann solution" of the stationary
// Fokker–Planck equation. thm:ref-erg reflects orthogonally; for K ≥ 3 the covariance Q n at a face is not
// along the normal n, so the invariant law of the orthogonal reflection satisfies the adjoint boundary
// condition of that reflection, not zero normal flux (the two coincide for K = 2 and when the faces are
// rarely reached). The reading ~adjoint-bc states what holds.
DCRV_FINDING(finding_neumann_bc) {
  return corrected_finding(
      "H.neumann-bc", "zero normal flux is not the boundary condition of the orthogonal reflection",
      R"(App.~H \S Gradient-field drifts (cor:gradient), first sentence: \(\pi_\infty\) of the reflected (WF) of thm:ref-erg is characterised as the Neumann (zero normal flux) solution of the stationary Fokker--Planck equation. Theorem thm:ref-erg reflects orthogonally; for \(K\ge3\) the covariance \(Q(p)n\) at a face has a tangential part, so orthogonal and conormal reflection differ and the invariant law of the orthogonal one satisfies that reflection's adjoint boundary condition, not zero normal flux. Witness (\(K=3\), \(w=(1,0,-1)\), \(\varepsilon=0.1\), \(\gamma=0.5\), \(\delta_\star=0.05\)): \(\mathbb E\,p_1=0.646\) under the zero-flux solution, \(0.694\) (interval \([0.662,0.727]\)) under the orthogonally reflected law; a control where the faces are rarely reached agrees.)",
      {{"H.gradient-fp-neumann", "H.gradient-fp-neumann~adjoint-bc"}},
      R"(Characterise \(\pi_\infty\) by the boundary condition of the orthogonal reflection (its adjoint condition), not by zero normal flux:)");
}

// lem:Lyap and thm:concentration. The lemma's inequality holds for the pointwise operator
// L^δ = F^δ·∇ + ½tr(Q∇²) (H.lyap-generator-inequality), but the theorem's proof uses E_π∞[L^δ U] = 0 for the
// invariant law of the reflected process, whose Itô formula for U = e^{λm} carries the local-time term
// λU δ·ν dℓ on each face; on the face of an unfit coordinate δ·ν < 0 (the reflection lowers m), so the term
// has the wrong sign and the bound is not proved. It fails at large bias: E[V] grows like ‖δ‖∞² (the law is
// held at the face) while the bound grows like ‖δ‖∞. What holds is the small-bias case of the subsection's
// title, ‖δ‖∞ ≤ 1, where E[V] ≤ ‖δ‖∞² ≤ ‖δ‖∞ x e^{1/x} (readings ~small-bias).
DCRV_FINDING(finding_reflection_local_time) {
  return corrected_finding(
      "H.reflection-local-time",
      "the Lyapunov bound for the reflected law misses the local time of the reflection",
      R"(App.~H \S Small centred bias: Lemma lem:Lyap holds for the operator \(\mathcal L^\delta=F^\delta\cdot\nabla+\tfrac12\mathrm{tr}(Q\nabla^2)\), but Theorem thm:concentration applies it to the invariant law of the \emph{reflected} diffusion as if \(\mathbb E_{\pi_\infty}[\mathcal L^\delta U]=0\). For the reflected process Itô's formula for \(U=e^{\lambda m}\) has the boundary term \(\lambda U\,\delta\cdot\nu\,d\ell_t\), and on the face of an unfit coordinate \(\delta\cdot\nu<0\): the reflection lowers \(m\), the term has the wrong sign, and the lemma fails for the reflected generator. The bound then fails at large bias: with bias \((\beta,-\beta)\), \(K=2\), \(\mathbb E_{\pi_\infty}[V]\) grows like \(\beta^2\) (the law is held at the face) while \(\|\delta\|_\infty x\,e^{1/x}\) grows like \(\beta\); at \(\beta=10\) the exact law exceeds the first display by a factor \(3.7\) and the band estimate by \(3.6\) (the \(K=3\) Monte Carlo, bias \((10,-5,-5)\): \(52.7\) against \(27.2\)).)",
      {{"H.lyap-generator-inequality~reflected-generator", "H.lyap-generator-inequality"},
       {"H.stationary-concentration", "H.stationary-concentration~small-bias"},
       {"H.band-estimate-stationary", "H.band-estimate-stationary~small-bias"}},
      R"(State the Lyapunov inequality for the operator \(\mathcal L^\delta\) without the boundary term, and the two displays of thm:concentration for a small bias \(\|\delta\|_\infty\le1\) (then \(\mathbb E[V]\le\|\delta\|_\infty^2\le\|\delta\|_\infty x\,e^{1/x}\)):)");
}

} // namespace dcrv
