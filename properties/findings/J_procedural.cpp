// properties/findings/J_procedural.cpp — findings about the claims of properties/J_procedural.cpp (App. J
// Study B: procedural tracks, overlays and alignment).
#include "properties/engine/finding.hpp"

namespace dcrv {

// App. J says procedural DPO uses "batched pairs and adaptive scaling to match one-step norms to the theory
// track". Read as a per-step rescaling of the procedural step to the theory step's norm, the homogenization
// events of the two tracks differ by about 360 steps at B = 64 (claim: at most one 50-step window); with one
// calibrated η_dpo (the ~global-eta reading) they agree within the window and the entropy is higher, as
// stated.
DCRV_FINDING(finding_dpo_adaptive_scaling) {
  return corrected_finding(
      "J.dpo-adaptive-scaling", "per-step norm matching of procedural DPO desynchronises its events",
      R"(App.~J (Algorithm-faithful updates, DPO) uses ``batched pairs and adaptive scaling to match one-step norms to the theory track'' and Study~B says DPO ``matches event timing but sustains higher entropy''. With the step rescaled at every step to the theory step's norm, the mean homogenization time of the procedural runs is later than the theory runs' by about 360 steps at \(B=64\) (99.99995\,\% interval about \([167,555]\)), not within the 50-step smoothing window. With one calibrated \(\eta_{\rm dpo}\) for the whole run (no per-step norm matching) the events agree within the window and the procedural entropy is higher, as stated.)",
      {{"J.overlay-dpo-events-entropy", "J.overlay-dpo-events-entropy~global-eta"}},
      R"(State that the ``adaptive scaling'' is one calibrated \(\eta_{\rm dpo}\) (the reading under which the event timing matches), not a per-step rescaling to the theory step's norm)");
}

// The sign agreement of the log-ratio slopes of procedural and theory DPO is about 0.63 (per-step norm
// matching) or 0.78 (one calibrated η_dpo) at B = 64, not "near-perfect" (dcrv's "high": ≥ 0.9). The repair
// is the value the run measures.
DCRV_FINDING(finding_dpo_sign_agreement) {
  return value_finding(
      "J.dpo-sign-agreement", "the DPO sign agreement is moderate, not near-perfect",
      R"(App.~J Study~B (fig:studyAplus and its caption) reports for DPO ``high sign agreement'' / ``near-perfect signs'' of the log-ratio slopes between the procedural and theory tracks. Over the trace pairs with a decisive (non-tie) comparison, the mean per-step sign agreement at \(B=64\) is well below 0.9 (dcrv's ``high'') under both readings of the adaptive scaling (per-step norm matching; one calibrated \(\eta_{\rm dpo}\)), while the cosine is indeed modest (\(\le0.5\)).)",
      {"J.align-dpo-sign-cosine", "J.align-dpo-sign-cosine~global-eta"},
      R"(``high sign agreement'' / ``near-perfect signs'' for DPO)");
}

// Procedural STaR (the first correct of L = 64 draws reinforced, θ ← θ + η_star(e_c − p), η_star calibrated
// on the anchor states) against the theory STaR (φ_i = p̂_i/ρ̂ on every correct trace, η = 0.15), B = 64:
// the theory runs fixate at about step 224 (just past the 200-step floor), the procedural runs about 3200
// steps later (4700 with the uniform anchor only), the per-step cosine of Δp is about 0.35, and the late
// entropy of the procedural runs is about 0.75 nats where the theory runs have collapsed. One cause for both
// claims: the calibrated procedural step does not move like the theory step. No derived statement gives
// "coincide"; the repair is what the run measures.
DCRV_FINDING(finding_star_procedural_slower) {
  return value_finding(
      "J.star-procedural-slower",
      "calibrated procedural STaR fixates thousands of steps after the theory track, at a low cosine",
      R"(App.~J Study~B says ``STaR nearly coincides'' (fig:overlays) and, for the per-step alignment (fig:studyAplus and its caption), ``high STaR cosine with zero event-gap''. The theory STaR step raises every correct trace of the batch by \(\eta\hat p_i/\hat\rho\) (\(\eta=0.15\)) and collapses at once: its runs fixate at about step 224, just past the 200-step floor. The procedural STaR reinforces one trace per step, the first correct of \(L=64\) draws, \(\theta\leftarrow\theta+\eta_{\rm star}(\mathbf e_c-p)\), with \(\eta_{\rm star}\) calibrated as App.~J prescribes (the largest mean one-step cosine on the anchor states with the norm ratio close to 1; dcrv: within \([0.8,1.25]\)). That one-trace step points elsewhere than the theory step (mean per-step cosine about 0.35) and drives the policy to a vertex much more slowly: the procedural runs fixate thousands of steps later and keep a late entropy of about 0.75 nats where the theory runs have none. This holds under all three anchor sets dcrv reads (App.~J names neither the anchor states nor their number).)",
      {"J.overlay-star-coincide", "J.align-star-cosine-gap"},
      R"(that procedural STaR ``nearly coincides'' with the theory track, with a high cosine and a zero event-time gap)");
}

} // namespace dcrv
