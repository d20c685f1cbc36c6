// properties/findings/C_srct_confinement.cpp — findings about the claims of properties/C_srct_confinement.cpp
// (App. C §C.9, regime A = 0: water-filling and support selection).
#include "properties/engine/finding.hpp"

namespace dcrv {

// §C.9, regime A = 0: "There exists a unique pair (S*, c*) with Σ_{S*} f_i⁻¹(c*) = 1, … S* = {i : f_i(1) ≤ c*
// < f_i(0)}". The support condition excludes an index i both when f_i(0) ≤ c* (complementary slackness) and
// when c* < f_i(1); the second exclusion admits spurious pairs, e.g. a singleton S' = {j} at level f_j(1)
// while another coordinate has f_i(1) > f_j(1). The KKT pair (f_i(0) ≤ c* off S*) is unique (the ~kkt
// reading).
DCRV_FINDING(finding_waterfilling_slackness) {
  return corrected_finding(
      "C.waterfilling-slackness", R"(the support condition of the water-filling pair admits spurious pairs)",
      R"(App.~C \S C.9, regime \(A=0\): there is said to be a unique pair \((S^\star,c^\star)\) with \(\sum_{i\in S^\star}f_i^{-1}(c^\star)=1\) and \(S^\star=\{i:f_i(1)\le c^\star<f_i(0)\}\). This condition also excludes from \(S^\star\) every \(i\) with \(c^\star<f_i(1)\), a coordinate whose marginal value stays above the level on all of \([0,1]\) and which the maximiser of \(\mathcal L_\psi\) would never leave at \(0\). Such pairs satisfy the stated conditions: for \(f_i(s)=a_i-b_is\) with \(K=3\) two pairs with levels \(3.4\) apart exist (a singleton \(S'=\{j\}\), \(c'=f_j(1)\), beside the true support). The KKT conditions of \(\max_\Delta\mathcal L_\psi\) require \(f_i(0)\le c^\star\) for every \(i\notin S^\star\); with that, the pair is unique.)",
      {{"C.waterfilling-unique", "C.waterfilling-unique~kkt"}},
      R"(Characterise the pair by the KKT conditions: \(S^\star=\{i:c^\star<f_i(0)\}\), i.e.\ \(f_i(0)\le c^\star\) for \(i\notin S^\star\) (then \(f_i(1)\le c^\star\) on \(S^\star\) follows from \(f_i^{-1}(c^\star)\le1\)):)");
}

} // namespace dcrv
