// properties/findings/D_star_jacobian.cpp — findings about the claims of properties/D_star_jacobian.cpp (App.
// D, paragraph "Continuity caveat (stiffness near faces)").
#include "properties/engine/finding.hpp"

namespace dcrv {

// "Continuity caveat": φ^STaR is not globally Lipschitz on int Δ (stiff near faces where ρ → 0). For M = 1, ρ
// = p_c and J ≡ −1e_cᵀ (cor:M1): φ is affine, Lipschitz with constant √(K−1); for M = K, ρ ≡ 1 and φ_k = p_k
// − ‖p‖² is a polynomial, Lipschitz on Δ. The caveat holds for 2 ≤ M ≤ K − 1 (‖J|_T‖ ≥ 1/ρ along ρ → 0).
DCRV_FINDING(finding_lipschitz_edge_partitions) {
  return corrected_finding(
      "D.lipschitz-edge-partitions", R"(\(\phi^{\rm STaR}\) is globally Lipschitz for \(M=1\) and \(M=K\))",
      R"(App.~D, paragraph ``Continuity caveat (stiffness near faces)'': \(\phi^{\rm STaR}\) is said not to be globally Lipschitz on \(\operatorname{int}\Delta\) (the Jacobian grows like \(1/\rho\) as \(\rho\to0\)). For \(M=1\), \(\rho=p_c\) and the Jacobian is the constant \(-\mathbf 1e_c^\top\) (Corollary cor:M1): \(\phi\) is affine with Lipschitz constant \(\sqrt{K-1}\) (witness: \(K=8\), \(M=1\), \(\rho=2\cdot10^{-30}\), \(\|J|_T\|_2=\sqrt7\)); for \(M=K\), \(\rho\equiv1\) and \(\phi_k=p_k-\|p\|_2^2\) is a polynomial. The growth \(\|J|_T\|_2\ge1/\rho\) holds for \(2\le M\le K-1\).)",
      {{"D.phi-not-global-lipschitz", "D.phi-not-global-lipschitz~two-le-M-lt-K"}},
      R"(Restrict the caveat to \(2\le M\le K-1\) (for \(M=1\) \(\phi\) is affine, for \(M=K\) a polynomial):)");
}

} // namespace dcrv
