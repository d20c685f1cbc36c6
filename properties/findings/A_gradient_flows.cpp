// properties/findings/A_gradient_flows.cpp — findings about the claims of properties/A_gradient_flows.cpp
// (App. A Proposition prop:integrability, Lemma lem:logratio).
#include "properties/engine/finding.hpp"

namespace dcrv {

// prop:integrability, condition (AC) "for some (hence any) anchor k, ∂_{p_j}(G_i−G_k) = ∂_{p_i}(G_j−G_k)".
// With ambient partial derivatives of the field's formula (extended to the positive orthant) the condition
// depends on the extension and on the anchor: the GRPO field (a gradient field) violates it for every anchor
// at some points, the STaR field satisfies it for one anchor and not another. The proof sketch works in the
// chart q (p_S eliminated), where ∂_{q_j} is the tangent derivative along e_j − e_k; with those derivatives
// both the equivalence and the anchor independence hold (the ~chart readings, checked by circulations and
// Stokes' theorem).
DCRV_FINDING(finding_ac_ambient_partials) {
  return corrected_finding(
      "A.ac-ambient-partials", R"(condition (AC) holds as stated only with chart (tangent) derivatives)",
      R"(App.~A, Proposition prop:integrability, condition (AC): \(\partial_{p_j}(G_i-G_k)=\partial_{p_i}(G_j-G_k)\) for \(i,j\ne k\), ``for some (hence any) anchor \(k\)''. Read with ambient partial derivatives of the field's formula, (AC) depends on how \(G\) is extended off the simplex and on the anchor: a replicator field with a potential (GRPO, \(S=4\)) violates it at some points for every anchor (residual \(18.4\)), and for the STaR field at the uniform point of \(S=3\) it holds for one anchor and fails for another (residual \(0.75\)). The proof sketch works in the chart \(q=(p_1,\dots,p_{S-1})\), where \(\partial_{q_j}\) is the tangent derivative along \(e_j-e_k\); with those derivatives (AC) is the closedness of \(\omega_T\), independent of the anchor and equivalent to integrability.)",
      {{"A.integrability-ac-iff", "A.integrability-ac-iff~chart"},
       {"A.integrability-ac-anchor-independent", "A.integrability-ac-anchor-independent~chart"}},
      R"(Take \(\partial_j\) in (AC) as the tangent derivative along \(e_j-e_k\) (the chart \(q\) of the proof), not the ambient partial \(\partial_{p_j}\):)");
}

// lem:logratio, "Hence |z_ij(t)| ≤ |z_ij(0)|e^{−At} + (B/A)(1−e^{−At}) ≤ M" and eq. (floor-cap). The lemma
// leaves M implicit; the envelope is ≤ M for all t ≥ 0 iff M ≥ max{max_ij |z_ij(0)|, B/A}. Reading M as B/A
// (the stationary level) fails at t = 0 for every start with max |z_ij(0)| > B/A (e.g. near a face), for the
// envelope and for the floor/cap derived from it; with M = max{max |z_ij(0)|, B/A} (the literal readings)
// both hold.
DCRV_FINDING(finding_logratio_M) {
  return corrected_finding(
      "A.logratio-M",
      R"(\(M=B/A\) does not bound the log-ratio envelope; \(M\) must also dominate \(\max_{ij}|z_{ij}(0)|\))",
      R"(App.~A, Lemma lem:logratio, ``Hence'' display and eq.~(eq:floor-cap): \(M\) is not defined in the lemma. The envelope \(|z_{ij}(0)|e^{-At}+\frac BA(1-e^{-At})\) equals \(|z_{ij}(0)|\) at \(t=0\), so it is bounded by \(M=B/A\) (its stationary level) only for starts with \(\max_{ij}|z_{ij}(0)|\le B/A\): from a start near a face (e.g.\ \(p_0=(5\cdot10^{-41},\tfrac12,\tfrac12)\), \(B\approx0\)) both the envelope bound and the floor/cap \(1/(Se^M)\le p_i(t)\le e^M/S\) fail at \(t=0\). With \(M=\max\{\max_{ij}|z_{ij}(0)|,B/A\}\) both hold for all \(t\ge0\).)",
      {{"A.logratio-envelope~M-is-B-over-A", "A.logratio-envelope"},
       {"A.floor-cap~M-is-B-over-A", "A.floor-cap"}},
      R"(Define \(M:=\max\{\max_{ij}|z_{ij}(0)|,\,B/A\}\) in Lemma lem:logratio (not \(M=B/A\)):)");
}

} // namespace dcrv
