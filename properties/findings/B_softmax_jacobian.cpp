// properties/findings/B_softmax_jacobian.cpp — findings about the claims of properties/B_softmax_jacobian.cpp
// (App. B Remark rem:B-lower, paragraph "Boundary behavior").
#include "properties/engine/finding.hpp"

namespace dcrv {

// rem:B-lower: along θ(t) = (t, −t, 0, …, 0), ‖dJ/dt‖_op reaches 2/(3√3) "at the extremal p". For S > 2 the
// other S − 2 coordinates keep mass 2/(e^t + e^{−t} + S − 2) > 0 on this path, so p never equals (a₊, a₋, 0,
// …) and the maximum over t stays below 2/(3√3) (S = 12: 0.11 instead of 0.385). The value is attained for S
// = 2 and approached for S > 2 along (t, −t, −M, …, −M) as M → ∞ (the ~limit reading, which includes S = 2).
DCRV_FINDING(finding_lipJ_path_S2) {
  return corrected_finding(
      "B.lipJ-path-S2", R"(the path \((t,-t,0,\dots,0)\) reaches the extremal \(p\) only for \(S=2\))",
      R"(App.~B, Remark rem:B-lower, first sentence: along \(\theta(t)=(t,-t,0,\dots,0)\), \(\|dJ_{\theta(t)}/dt\|_{op}=2/(3\sqrt3)\) ``at the extremal \(p\)''. For \(S>2\) the remaining \(S-2\) coordinates keep mass \((S-2)/(e^t+e^{-t}+S-2)>0\) on this path, so it never passes through \(p=(a_+,a_-,0,\dots,0)\) and \(\max_t\|dJ/dt\|_{op}<2/(3\sqrt3)\) (at \(S=12\) it is \(0.110\), against \(0.385\)). The value is attained on the path for \(S=2\) and approached for every \(S\) along \((t,-t,-M,\dots,-M)\) as \(M\to\infty\); the lower bound \(L_J^{(1)}\ge2/(3\sqrt3)\) is unaffected (a supremum).)",
      {{"B.lipJ-lower-path", "B.lipJ-lower-path~limit"}},
      R"(Use the path \(\theta(t;M)=(t,-t,-M,\dots,-M)\), \(M\to\infty\) (for \(S=2\), \(M\) plays no role): \(\|dJ/dt\|_{op}\le2/(3\sqrt3)\) along it and the value is approached at \(t_\star=\operatorname{atanh}(1/\sqrt3)\):)");
}

// "Boundary behavior": "As p_min ↓ 0 (e.g., p_θ → e_i), J_θ = S(p_θ) → 0 … so κ(J_θ|_T) ≤ (1/2)/p_min → ∞".
// p_min ↓ 0 conflates two approaches: towards a vertex J → 0 (‖J‖_op ≤ 2(1 − p_max)) but κ stays bounded (κ ≡
// 1 for S = 2, κ → 3 for S = 3 with equal small masses); towards the interior of a face κ → ∞ but ‖J‖_op
// stays near 1/2 (p → (½, ½, 0)). What holds: J → 0 at the vertices, and κ ≤ (1/2)/p_min, whose bound (not κ)
// diverges.
DCRV_FINDING(finding_boundary_vertex_face) {
  return corrected_finding(
      "B.boundary-vertex-or-face",
      R"(\(J\to0\) and \(\kappa\to\infty\) hold for different approaches to \(\partial\Delta\), not for \(p_{\min}\downarrow0\))",
      R"(App.~B, paragraph ``Boundary behavior'': ``As \(p_{\min}\downarrow0\) (e.g., \(p_\theta\to e_i\)), \(J_\theta\to0\) \dots\ so \(\kappa(J_\theta|_T)\le(1/2)/p_{\min}\to\infty\).'' \(p_{\min}\downarrow0\) includes approaches to the interior of a face, where \(J_\theta\) does not vanish (\(p\to(\tfrac12,\tfrac12,0)\) keeps \(\|J_\theta\|_{op}\to\tfrac12\); witness \(S=3\), \(p_{\min}\approx e^{-130}\), \(\|J\|_{op}=0.5\)), and approaches to a vertex, where \(J_\theta\to0\) but \(\kappa\) stays bounded (\(\kappa\equiv1\) for \(S=2\); \(\kappa\to3\) for \(S=3\) with equal small masses). The inequality \(\kappa\le(1/2)/p_{\min}\) holds; only its right side is unbounded.)",
      {{"B.boundary-J-vanishes", "B.boundary-J-vanishes~vertex"},
       {"B.boundary-kappa-diverges", "B.boundary-kappa-diverges~bound"}},
      R"(Say ``as \(p_\theta\to e_i\), \(J_\theta\to0\)'' (not as \(p_{\min}\downarrow0\)), and that \(\kappa(J_\theta|_T)\le(1/2)/p_{\min}\), a bound that diverges as \(p_{\min}\downarrow0\) (\(\kappa\) itself need not):)");
}

} // namespace dcrv
