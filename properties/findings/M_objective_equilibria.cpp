// properties/findings/M_objective_equilibria.cpp — findings about the claims of
// properties/M_objective_equilibria.cpp (main §3–§6: the static, structural and equilibrium claims).
#include "properties/engine/finding.hpp"

namespace dcrv {

// main §4 opening / §4.1: STaR, GRPO and DPO "correspond to DCR with λ ≈ 0 or β = 0". STaR's score is not
// even integrable once |C| ≥ 2: its chart curl is C_k(a,b) = (p_b − p_a)/ρ² (a, b ∈ C, k ∉ C), so it is no
// Shahshahani gradient flow of any potential; for |C| = 1 it is the DCR flow with U = 1_C, λ = 0. The
// corrected reading M.srct-special-case-star~corrected states this case split (derived in
// properties/M_objective_equilibria.cpp).
DCRV_FINDING(finding_star_not_gradient) {
  return corrected_finding(
      "M.star-not-gradient", "the STaR flow is not a gradient flow once two traces are correct",
      R"(Main text \S4 (opening) and \S4.1: STaR is presented as the DCR gradient flow with \(\lambda\approx0\) or \(\beta=0\). With the score of App.~D def:star-score, \(\phi=\psi-(S^{(2)}/\rho)\mathbf 1\), \(\psi_c=p_c/\rho\) on \(\mathcal C\); the gauge drops out of the chart curl and \(C_k(a,b)=(p_b-p_a)/\rho^2\) for \(a,b\in\mathcal C\), \(k\notin\mathcal C\). So for \(|\mathcal C|\ge2\) the STaR field is not integrable (App.~A prop:integrability): not a Shahshahani gradient flow of any potential, a fortiori not of a DCR functional. Only for \(|\mathcal C|=1\) is its score \(\mathbf 1_{\mathcal C}-p_c\mathbf 1\), the DCR flow of \(J=U\cdot p\).)",
      {{"M.srct-special-case-star", "M.srct-special-case-star~corrected"},
       {"M.srct-special-case-star~potential", "M.srct-special-case-star~corrected"}},
      R"(Say that STaR is the DCR flow (\(U=\mathbf 1_{\mathcal C}\), \(\lambda=0\)) only when \(|\mathcal C|=1\), and not a gradient flow otherwise:)");
}

// main §4 opening / §4.1, for GRPO and DPO: their fields are integrable (readings ~potential hold), but not
// of the DCR form: a DCR score has tangent Jacobian −2λβΠKΠ − AΠdiag(1/p)Π (a constant plus a multiple of
// diag(1/p)), while GRPO's is h_G'(ρ)1_C1_Cᵀ (varying with ρ) and DPO's diag(s_i g_β'(log p_i)/p_i).
DCRV_FINDING(finding_srct_not_dcr_form) {
  return corrected_finding(
      "M.srct-not-dcr-form", "the GRPO and DPO flows are gradient flows, but not of a DCR functional",
      R"(Main text \S4 (opening) and \S4.1: the scalar objectives are said to correspond to DCR with \(\lambda\approx0\) or \(\beta=0\). A DCR score \(\delta J/\delta p\) with \(J=U\cdot p+\lambda(\alpha H-\beta p^\top Kp)-\beta_{\rm KL}\mathrm{KL}(p\|p_{\rm base})\) has tangent Jacobian \(-2\lambda\beta\,\Pi_TK\Pi_T-A\,\Pi_T\operatorname{diag}(1/p)\Pi_T\): a constant plus one multiple of \(\operatorname{diag}(1/p)\). GRPO's raw score \(h_G(\rho)\mathbf 1_{\mathcal C}\) has Jacobian \(h_G'(\rho)\mathbf 1_{\mathcal C}\mathbf 1_{\mathcal C}^\top\), which varies with \(\rho\), and DPO's single-site score has \(\operatorname{diag}(s_ig_\beta'(\log p_i)/p_i)\): neither is of that form (witnesses at \(S=6\) and \(S=5\)). Both fields are integrable, so both flows are Shahshahani gradient flows of some potential.)",
      {{"M.srct-special-case-grpo", "M.srct-special-case-grpo~potential"},
       {"M.srct-special-case-dpo", "M.srct-special-case-dpo~potential"}},
      R"(Say that GRPO and DPO are Shahshahani gradient flows of some potential (App.~A prop:integrability), not special cases of the DCR objective:)");
}

// main §5.3: the ratio p*_i/p*_c ≈ exp(−(1 − 2λβ(K_eff p*)_c)/ε_total) is called exact, with the first-order
// condition written "ignoring KL terms". With β_KL > 0 the KL term adds β_KL log(p_base,i/p_base,c) to the
// numerator and β_KL to ε_total, so the displayed ratio is off (reading ~with-kl). The literal statement, for
// the objective without the KL term, holds.
DCRV_FINDING(finding_eq_ratio_kl) {
  return corrected_finding(
      "M.eq-ratio-kl", "the equilibrium ratio is exact only without the KL term",
      R"(Main text \S5.3: the equilibrium ratio \(p^\star_i/p^\star_c=\exp(-(1-2\lambda\beta(K_{\rm eff}p^\star)_c)/\varepsilon_{\rm total})\) is called exact, after a first-order condition that ignores the KL terms. For the full DCR objective with \(\beta_{\rm KL}>0\) the KL term contributes \(\beta_{\rm KL}\log(p_{{\rm base},i}/p_{{\rm base},c})\) to the exponent's numerator and \(\beta_{\rm KL}\) to its denominator, so the displayed ratio is not the equilibrium's (witness at \(S=3\)).)",
      {{"M.eq-ratio~with-kl", "M.eq-ratio"}},
      R"(State the ratio for the objective without the KL term (\(\beta_{\rm KL}=0\)), as the first-order condition is written:)");
}

// main §5.3, last paragraph: a larger ε_total "weakens the suppression of incorrect traces". It does for the
// class totals, (1 − ρ*)/ρ* increases with α (M.eq-eps-weakens-suppression), but not for every pair: with the
// kernel term, raising α can lower p*_i/p*_c for some incorrect i and correct c (witness at S = 7).
DCRV_FINDING(finding_eq_pairwise_suppression) {
  return corrected_finding(
      "M.eq-pairwise-suppression", "a larger entropy weight does not raise every incorrect-to-correct ratio",
      R"(Main text \S5.3, last paragraph: a larger \(\varepsilon_{\rm total}\) (larger \(\lambda\alpha\)) is said to weaken the suppression of incorrect traces. Read pairwise (reading \textasciitilde pairwise: \(p^\star_i/p^\star_c\) increases for every \(i\in\mathcal I\), \(c\in\mathcal C\)) it fails: the kernel term \(2\lambda\beta(K_{\rm eff}p^\star)_c\) moves with \(p^\star\), and raising \(\alpha\) can lower the ratio of some pairs (\(S=7\): \(\log(p^\star_i/p^\star_c)\) goes from \(-0.2016\) to \(-0.2082\)). The class ratio \((1-\rho^\star)/\rho^\star\) does increase.)",
      {{"M.eq-eps-weakens-suppression~pairwise", "M.eq-eps-weakens-suppression"}},
      R"(State the weakening for the total incorrect mass, \((1-\rho^\star)/\rho^\star\) (the literal reading), not for every pair:)");
}

} // namespace dcrv
