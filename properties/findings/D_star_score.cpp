// properties/findings/D_star_score.cpp — findings about the claims of properties/D_star_score.cpp (App. D,
// paragraph "Componentwise and norm bounds (sharp)").
#include "properties/engine/finding.hpp"

namespace dcrv {

// "Componentwise and norm bounds (sharp)": φ_c ∈ [−ρ, 1 − ρ/M], φ_i ∈ [−ρ, 0], from 0 ≤ p_c ≤ ρ and S^{(2)} ≥
// ρ²/M. For M = 1, p_c = ρ and S^{(2)} = ρ², so φ_c = 1 − ρ and φ_i = −ρ identically: φ_c never comes near −ρ
// (inf 0 over int Δ, not −1) and at fixed ρ neither component varies. For M = K, ρ ≡ 1 and max φ_c =
// (K−1)/(4K) < 1 − 1/K. In every reading (global, gap, fixed ρ) the bounds are sharp for 2 ≤ M ≤ K − 1
// (~corrected).
DCRV_FINDING(finding_componentwise_edge_partitions) {
  return corrected_finding(
      "D.componentwise-edge-partitions",
      R"(the componentwise score bounds are not sharp for \(M=1\) and \(M=K\))",
      R"(App.~D, paragraph ``Componentwise and norm bounds (sharp)'': \(\phi_c\in[-\rho,1-\rho/M]\), \(\phi_i\in[-\rho,0]\), from \(0\le p_c\le\rho\) and \(S^{(2)}\ge\rho^2/M\). For \(M=1\) both inequalities are equalities (\(p_c=\rho\), \(S^{(2)}=\rho^2\)), so \(\phi_c=1-\rho\) and \(\phi_i=-\rho\) identically: the lower end of \(\phi_c\) is never approached (\(\phi_c+\rho\equiv1\); \(\inf\phi_c=0\), not \(-1\); witness \(K=3\), \(M=1\), \(\rho\to1\)). For \(M=K\), \(\rho\equiv1\) and \(\max\phi_c=\frac{K-1}{4K}<1-\frac1K\) (at \(p_c=\frac{K+1}{2K}\)). Read at a fixed \(\rho\), the bounds are not sharp for any \(M\): \(1-\rho/M\) needs \(p_c=\rho\) and \(S^{(2)}=\rho^2/M\) at once, which exclude each other for \(M\ge2\), and \(S^{(2)}\ge\rho^2/M\) keeps \(\phi_i\le-\rho/M<0\). With \(\rho\) free and \(2\le M\le K-1\) all four endpoints are approached.)",
      {{"D.phi-componentwise-sharp", "D.phi-componentwise-sharp~corrected"},
       {"D.phi-componentwise-sharp~gap", "D.phi-componentwise-sharp~corrected"},
       {"D.phi-componentwise-sharp~fixed-rho", "D.phi-componentwise-sharp~corrected"}},
      R"(Claim sharpness over \(\operatorname{int}\Delta\) (not at fixed \(\rho\)) for \(2\le M\le K-1\); for \(M=1\), \(\phi_c=1-\rho\) and \(\phi_i=-\rho\) exactly; for \(M=K\), \(\sup\phi_c=\frac{K-1}{4K}\):)");
}

} // namespace dcrv
