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

} // namespace dcrv
