// properties/findings/M_noise_predictions.cpp — findings about the claims of
// properties/M_noise_predictions.cpp (main §4.3: the Wright–Fisher SDE and the noise-induced collapse).
#include "properties/engine/finding.hpp"

namespace dcrv {

// main §4.3, displayed SDE: the noise coefficient 1/√B has no step size. The mini-batch chain's squared
// step is η²(‖F‖² + (1 − ‖p‖²)/B) (Lemma lem:noise), so per unit time the quadratic variation is η/B: the
// diffusion limit of App. H thm:limits has γ = η/B, and 1/√B is its value at η = 1 (time counted in updates,
// reading ~eta-one).
DCRV_FINDING(finding_sde_noise_scale) {
  return corrected_finding(
      "M.sde-noise-scale", "the noise coefficient \\(1/\\sqrt B\\) of the main-text SDE omits the step size",
      R"(Main text \S4.3, displayed SDE (cites App.~H thm:limits): the mini-batch updates are said to converge to an SDE with noise coefficient \(1/\sqrt B\). The chain's quadratic variation per unit time is \(\eta(\|F\|^2+(1-\|p\|^2)/B)\) (Lemma lem:noise), so the diffusion limit has covariance \(\tfrac{\eta}{B}S(p)\) (App.~H's \(\gamma=\eta/B\)) and vanishes as \(\eta\to0\) at fixed \(B\); at \(B=8\), \(\eta=0.01\) the measured \(\hat c^2\) is \(0.019\), not \(1\). The coefficient \(1/\sqrt B\) is that of time counted in updates (\(\eta=1\)).)",
      {{"M.sde-diffusion-limit-scale", "M.sde-diffusion-limit-scale~eta-one"}},
      R"(Write the noise coefficient as \(\sqrt{\eta/B}\) (App.~H's \(\gamma=\eta/B\)), or say that time is counted in updates (\(\eta=1\)):)");
}

// main §4.3, paragraph after the bullets: "a small ε ensures the policy remains in the interior
// (min p_i(t) > δ⋆ > 0)" and "the SDE admits a unique invariant measure π∞ (thm:ref-erg)". For the displayed
// (unreflected) SDE both fail: its faces are exit boundaries (P(p_1 reaches 0) = 1/2 at the witness), and
// every vertex is a fixed point of drift and noise, so each δ_{e_k} is invariant. Both hold for the SDE
// reflected on the trimmed simplex, the model of App. H that thm:ref-erg is about (readings ~reflected).
DCRV_FINDING(finding_sde_unreflected) {
  return corrected_finding(
      "M.sde-unreflected", "the interior floor and the unique invariant law need the reflected SDE",
      R"(Main text \S4.3, paragraph after the three bullets: a small \(\varepsilon\) is said to keep the policy in the interior (\(\min_ip_i(t)>\delta_\star>0\)) and the SDE to have a unique invariant measure (citing App.~H thm:ref-erg). For the displayed, unreflected SDE neither holds: in the \(K=2\) reduction both faces are exit boundaries (\(\Phi\) is bounded), so \(p_1\) reaches \(0\) with probability \(\tfrac12\) from \(y_0=\tfrac12\) at \(\Delta w=0\); and at every vertex \(e_k\) drift and noise vanish, so every \(\delta_{e_k}\) is invariant (\(K\ge2\) invariant laws). Theorem thm:ref-erg is about the SDE with orthogonal reflection on the trimmed simplex \(\Delta_{\delta_\star}\), for which both statements hold.)",
      {{"M.sde-interior-floor", "M.sde-interior-floor~reflected"},
       {"M.sde-unique-invariant", "M.sde-unique-invariant~reflected"}},
      R"(State both for the SDE reflected on the trimmed simplex \(\Delta_{\delta_\star}\) (App.~H, thm:ref-erg), not for the displayed unreflected SDE:)");
}

// main §4.3, STaR bullet: "noise results only in minor perturbations around the deterministic collapse
// trajectory". The collapse survives the noise (M.sde-star-robust), but the trace it collapses onto need not
// be the deterministic winner when the initial lead is small: at B = 8 the chain picks the deterministic
// winner in 75% of paths (interval [0.64, 0.84]).
DCRV_FINDING(finding_star_noise_winner) {
  return corrected_finding(
      "M.star-noise-winner", "under batch noise STaR collapses, but not always onto the deterministic winner",
      R"(Main text \S4.3, STaR bullet: noise is said to cause only minor perturbations around the deterministic collapse trajectory. Read as ``the noisy chain collapses onto the same trace as the flow'' (reading \textasciitilde same-trace) it fails when the initial lead is small: \(K=4\), \(p_0=(0.30,0.25,0.20,0.25)\), \(\eta=0.05\), \(B=8\): the chain ends on the deterministic winner in \(75\%\) of paths (interval \([0.64,0.84]\)), while it collapses onto some correct trace in all of them (every \(B\)).)",
      {{"M.sde-star-robust~same-trace", "M.sde-star-robust"}},
      R"(State that the noisy chain still collapses onto a single correct trace (the literal reading), not that it follows the deterministic trajectory to the same trace:)");
}

} // namespace dcrv
