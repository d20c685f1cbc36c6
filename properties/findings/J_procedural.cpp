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
// matching) or 0.78 (one calibrated η_dpo) at B = 64, not "near-perfect" (dcrv's "high": ≥ 0.9).
DCRV_FINDING(finding_dpo_sign_agreement) {
  return measured_finding(
      "J.dpo-sign-agreement", "the DPO sign agreement is moderate, not near-perfect",
      R"(App.~J Study~B (fig:studyAplus and its caption) reports for DPO ``high sign agreement'' / ``near-perfect signs'' of the log-ratio slopes between the procedural and theory tracks. Over the trace pairs with a decisive (non-tie) comparison, dcrv measures a mean per-step sign agreement of about 0.63 at \(B=64\) with the per-step norm matching and about 0.78 with one calibrated \(\eta_{\rm dpo}\) (both readings of the adaptive scaling), while the cosine is indeed modest (\(\le0.5\)). The threshold \(h\) of ``high'' is measured: the claim holds from the value shown on.)",
      {"J.align-dpo-sign-cosine", "J.align-dpo-sign-cosine~global-eta"}, "high");
}

} // namespace dcrv
