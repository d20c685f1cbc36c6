// properties/findings/D_star_flow.cpp — findings about the claims of properties/D_star_flow.cpp (App. D
// §Forward invariance, §Asymptotics).
#include "properties/engine/finding.hpp"

namespace dcrv {

// §Forward invariance, "the sharp sufficient condition εL_K(δ) ≥ 1". On every facet of Δ_δ, −φ_i ≤ 1 − δ and
// ⟨log p⟩ − log δ ≥ L_K(δ), so ε = (1−δ)/L_K(δ) already gives forward invariance: at a fixed (K, M, δ) the
// condition is not necessary. The constant 1 is sharp as the supremum over δ (approached for K = 2, δ → 0):
// the literal reading D.bd-sharp, verified.
DCRV_FINDING(finding_bd_necessary_per_delta) {
  return corrected_finding(
      "D.bd-sharp-uniform",
      R"(\(\varepsilon L_K(\delta)\ge1\) is sharp only as a supremum over \(\delta\), not necessary at fixed \(\delta\))",
      R"(App.~D \S Forward invariance calls \(\varepsilon L_K(\delta)\ge1\) ``the sharp sufficient condition''. Read as necessary for every \((K,M,\delta)\), it is false: on every facet \(\{p_i=\delta\}\) of \(\Delta_\delta\) one has \(-\phi_i\le1-\delta\) and \(\langle\log p\rangle-\log\delta\ge L_K(\delta)\), so \(\varepsilon=(1-\delta)/L_K(\delta)\) already makes \(\Delta_\delta\) forward invariant while \(\varepsilon L_K(\delta)=1-\delta<1\) (e.g.\ \(K=2\), \(M=1\), \(\delta\to\tfrac12\): the threshold is \(\approx\tfrac12\)). The constant \(1\) is the supremum of the exact thresholds over \(\delta\) (approached as \(\delta\to0\)).)",
      {{"D.bd-sharp~necessary", "D.bd-sharp"}},
      R"(State sharpness as: the constant \(1\) cannot be lowered uniformly over \((K,M,\delta)\) (at fixed \(\delta\) the exact threshold is at most \(1-\delta\)):)");
}

// §Asymptotics, last sentence: "Non-vanishing ρ alone does not imply extinction" (at ε = 0). Taking c =
// c*(t), the largest correct coordinate, gives p_{c*}/ρ ≥ 1/M at every time, so the paper's own criterion
// applies with g_min = 1/M: D⁺z_{ic*} ≤ −1/M and p_i(t) ≤ p_{c*}(t)e^{z_{ic*}(0) − t/M} → 0 on every
// trajectory. What is true is the remark about the argument: ρ ≥ ρ₀ does not give p_c/ρ ≥ g_min for a fixed c
// (~proof-logic).
DCRV_FINDING(finding_eps0_always_extinct) {
  return corrected_finding(
      "D.eps0-always-extinct", R"(at \(\varepsilon=0\) the incorrect mass vanishes on every trajectory)",
      R"(App.~D \S Asymptotics, last sentence: ``Non-vanishing \(\rho\) alone does \emph{not} imply extinction'' (at \(\varepsilon=0\)). But the criterion of the preceding sentence always applies with a moving index: for \(c^\star(t)=\arg\max_{c\in\mathcal C}p_c(t)\), \(p_{c^\star}/\rho\ge1/M\), so \(D^+z_{ic^\star}\le-1/M\) and \(p_i(t)\le p_{c^\star}(t)\,e^{z_{ic^\star}(0)-t/M}\to0\) for every \(i\in\mathcal I\) (\S Correct vs.\ incorrect at \(\varepsilon=0\)): every STaR trajectory at \(\varepsilon=0\) goes extinct, whatever \(\rho\) does. What is true is a remark about the argument: \(\inf_t\rho(t)>0\) does not give \(p_c/\rho\ge g_{\min}\) for a \emph{fixed} \(c\) (with \(M=2\), \(p_b/p_a\to0\) while \(\rho\) does not decrease).)",
      {{"D.asym-rho-not-sufficient", "D.asym-rho-not-sufficient~proof-logic"}},
      R"(Replace the sentence by: at \(\varepsilon=0\) the incorrect mass always vanishes (take \(c=\arg\max_{\mathcal C}p_c\), \(g_{\min}=1/M\)); a lower bound on \(\rho\) alone does not give the hypothesis for a fixed \(c\):)");
}

} // namespace dcrv
