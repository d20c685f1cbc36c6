// properties/findings/B_clip_lift.cpp — findings about the claims of properties/B_clip_lift.cpp (App. B
// §B.4–B.5: clip–renormalize, the logit lift, composite smoothness and step-size guidance).
#include "properties/engine/finding.hpp"

namespace dcrv {

// lem:B-lip-B, thm:B-composite and the step-size guidance are stated for all θ, but the hard clip
// max(p, δ⋆) makes DP(θ) (hence B(θ) = J_{P(θ)}DP(θ) and ∇_θΦ) jump where a coordinate p_θ(i) crosses δ⋆:
// pairs θ₁, θ₂ a distance 10⁻⁶ apart across such a kink give ‖B(θ₂) − B(θ₁)‖ ≈ 0.28 (S = 2), and a gradient
// step with η ≤ 1/L_θ across a V-shaped kink can make Φ worse. On every segment with a constant active set
// {i : p_θ(i) > δ⋆} the bounds hold (the ~kink-free readings; also with a smooth surrogate, ~smooth).
DCRV_FINDING(finding_hard_clip_kinks) {
  return corrected_finding(
      "B.hard-clip-kinks",
      R"(the Lipschitz and step-size statements for the hard clip fail across clipping kinks)",
      R"(App.~B, Lemma lem:B-lip-B, Theorem thm:B-composite (and the reference-table row \(L_\theta\)) and the paragraph ``Step-size guidance'' state Lipschitz bounds for \(B(\theta)=J_{P(\theta)}DP(\theta)\) and \(\nabla_\theta\Phi\), and monotone improvement for \(\eta\le1/L_\theta\), for all \(\theta\). With the hard clip \(\max(p_\theta,\delta_\star)\) the derivative \(DP\) is discontinuous where a coordinate \(p_\theta(i)\) crosses \(\delta_\star\): at \(S=2\), \(p_\theta\approx(\tfrac14,\tfrac34)\), \(\delta_\star\approx\tfrac14\), two logit vectors \(10^{-6}\) apart on either side of the kink give \(\|B(\theta_2)-B(\theta_1)\|_{op}\approx0.28\) against a bound of \(4\cdot10^{-6}\); a gradient step across a V-shaped kink increases the loss although \(\eta\le1/L_\theta\). The proofs bound derivatives and so hold only where \(P\) is differentiable along the segment.)",
      {{"B.lip-B", "B.lip-B~kink-free"},
       {"B.composite-lip", "B.composite-lip~kink-free"},
       {"B.stepsize-guidance", "B.stepsize-guidance~kink-free-steps"}},
      R"(Restrict the bounds to pairs \(\theta_1,\theta_2\) joined by a segment with a constant active set \(\{i:p_\theta(i)>\delta_\star\}\), and the step-size guarantee to such steps (or use a smooth surrogate \(P_\tau\)):)");
}

// "this lower bound is sharp whenever clipping occurs": min_i C(p)_i = δ⋆/Σ_j max{p_j,δ⋆} and
// Σ_j max{p_j,δ⋆} = 1 + Σ_{p_j<δ⋆}(δ⋆ − p_j) reaches 1+(S−1)δ⋆ only when S−1 coordinates are 0 (a vertex), so
// the floor δ_min is attained at the vertices (the literal reading: best possible bound), not at every
// clipped p.
DCRV_FINDING(finding_clip_floor_vertices) {
  return corrected_finding(
      "B.clip-floor-at-vertices",
      R"(the clip floor \(\delta_{\min}\) is attained only at the vertices, not whenever clipping occurs)",
      R"(App.~B \S Clip--Renormalize: the bound \(q_i\ge\delta_{\min}=\delta_\star/(1+(S-1)\delta_\star)\) is ``sharp whenever clipping occurs''. Since \(\min_iq_i=\delta_\star/\sum_j\max\{p_j,\delta_\star\}\) and \(\sum_j\max\{p_j,\delta_\star\}=1+\sum_{p_j<\delta_\star}(\delta_\star-p_j)\), the minimum equals \(\delta_{\min}\) only when \(S-1\) coordinates are \(0\), i.e.\ at a vertex; at a point with slightly clipped coordinates (e.g.\ \(S=11\), \(\delta_\star=0.09\), \(p_j\in\{0.086,0.095\}\)) it is strictly larger. The bound is best possible (attained at the clipped vertices).)",
      {{"B.clip-floor-sharp~every-clipped-p", "B.clip-floor-sharp"}},
      R"(State that the bound is best possible, attained at the vertices \(p=e_j\) (where \(S-1\) coordinates are clipped), not at every clipped \(p\):)");
}

} // namespace dcrv
