// properties/findings/E_grpo_envelopes.cpp — findings about the claims of properties/E_grpo_envelopes.cpp
// (App. E §Cross-class envelopes, Theorem thm:fixation, §Edge cases).
#include "properties/engine/finding.hpp"

namespace dcrv {

// §Cross-class envelopes: H_G = √(G−1)/(K_Iδ) ≥ √(G−1)·K/K_I > √(G−1) since K_Iδ ≤ K_I/K < 1, so the H_G
// envelope is never the sharper one; it holds (E.cross-envelope-HG) but is weaker than the boxed one.
DCRV_FINDING(finding_hg_envelope_weaker) {
  return corrected_finding(
      "E.hg-envelope-weaker", R"x(the \(H_G\) envelope is weaker, not sharper, than the \(\sqrt{G-1}\) one)x",
      R"x(App.~E, Cross-class envelopes: ``if (BD) holds with \(K_I\ge1\), then \(h_G(\rho_C(s))\le H_G\) along the trajectory and the upper envelope sharpens to'' \(z_{ci}(0)e^{-\varepsilon t}+\frac{H_G}{\varepsilon}(1-e^{-\varepsilon t})\). With \(H_G=\sqrt{G-1}/(K_I\delta_\star)\) and \(K_I\delta_\star\le K_I/K<1\), \(H_G>\sqrt{G-1}\) for every admissible \(\delta_\star\): the \(H_G\) envelope lies above the boxed \(\sqrt{G-1}\) envelope (which holds without BD, since \(h_G\le\sqrt{G-1}\) by lem:hG-basic). It is valid but never a sharpening.)x",
      {{"E.cross-envelope-HG-sharpens", "E.cross-envelope-HG"}},
      R"x(State the \(H_G\) envelope as valid under (BD) (it is weaker than the boxed \(\sqrt{G-1}\) envelope, as \(H_G>\sqrt{G-1}\)), not as a sharpening:)x");
}

// Theorem thm:fixation, last sentence: the appendix's flow is unconstrained, so for ε > D_G/4 its limit is
// the interior class-uniform p⋆ of the open simplex, whatever z⋆; when z⋆ > Ψ(1 − K_Iδ) that p⋆ has p⋆_i < δ
// and is not on the face of Δ_δ. For the flow projected onto Δ_δ the sentence holds (~projected).
DCRV_FINDING(finding_fixation_unconstrained_limit) {
  return corrected_finding(
      "E.fixation-unconstrained-limit",
      R"x(the limit of the unconstrained flow is not truncated onto a face of \(\Delta_\delta\))x",
      R"x(App.~E, Theorem thm:fixation (last sentence): if \(z^\star\notin[\Psi(K_C\delta_\star),\Psi(1-K_I\delta_\star)]\) the limit is said to lie on the corresponding face of \(\Delta^{K-1}_{\delta_\star}\). The flow of the appendix, \(\dot p=p\odot(\widehat\gamma-\varepsilon(\log p-\langle\log p\rangle))\), is not constrained to \(\Delta_{\delta_\star}\): for \(\varepsilon>D_G/4\) the fixation envelope drives it to the class-uniform \(p^\star\) with \(\log(p^\star_c/p^\star_i)=z^\star\), an interior point of the open simplex, and when \(z^\star>\Psi(1-K_I\delta_\star)\) this \(p^\star\) has \(p^\star_i<\delta_\star\), off the face (e.g.\ \(K=3\), \(G=3\), \(\delta_\star=0.3\)). The truncation holds for the flow projected onto \(\Delta_{\delta_\star}\).)x",
      {{"E.fixation-face-truncation", "E.fixation-face-truncation~projected"}},
      R"x(State the truncation for the flow projected onto \(\Delta^{K-1}_{\delta_\star}\) (\(\dot p=\Pi_{T(p)}F(p)\)); the unconstrained flow converges to the interior \(p^\star\):)x");
}

// §Edge cases (maximal trim): at u = 1/K·1 the entropy term vanishes but the selection term does not when 1 ≤
// K_C ≤ K − 1 (γ̂ separates the classes), so F(u) ≠ 0: u is not stationary and Δ_{1/K} = {u} is not invariant.
DCRV_FINDING(finding_maximal_trim_not_stationary) {
  return corrected_finding(
      "E.maximal-trim-not-stationary", R"x(at the maximal trim the uniform point is not stationary)x",
      R"x(App.~E, Edge cases: ``\(\delta_\star=1/K\): the dynamics are trivial''. \(\Delta^{K-1}_{1/K}\) is the single point \(u=\tfrac1K\mathbf 1\), but the flow does not stop there: the entropy term vanishes at \(u\) while the selection term \(u\odot(\widehat\gamma(u)-\langle u,\widehat\gamma(u)\rangle\mathbf 1)\) does not when \(1\le K_C\le K-1\) (the correct traces gain mass), so \(F(u)\neq0\) and \(\{u\}\) is not invariant. What is trivial is the trimmed set: nothing to analyse inside it, and (BD\(_{\rm exact}\)) fails there for every \(\varepsilon\) since \(L_K(1/K)=0\).)x",
      {{"E.maximal-trim-trivial", "E.maximal-trim-trivial~vacuous"}},
      R"x(Say that \(\Delta_{1/K}=\{u\}\) and that no \(\varepsilon\) meets (BD\(_{\rm exact}\)) there (the flow leaves \(u\) when \(1\le K_C\le K-1\)):)x");
}

// §Edge cases (two classes): for K = 2 the band and the scalar ODE are exact, but the envelopes are not
// equalities: ż = h_G(ρ(t)) − εz with h_G(ρ) strictly between 1 − 1/G and √(G−1) in general.
DCRV_FINDING(finding_two_class_envelopes) {
  return corrected_finding(
      "E.two-class-envelopes-not-equalities", R"x(for \(K=2\) the cross-class envelopes are not equalities)x",
      R"x(App.~E, Edge cases (two classes): for \(K=2\) ``the envelopes become equalities''. What becomes exact is the feasibility band (\(\delta_{\rm intra}=0\), so \(z=\Psi(p_c)\)) and the scalar ODE \(\dot z=h_G(\rho)-\varepsilon z\). The cross-class envelopes replace \(h_G(\rho(t))\) by its bounds \(1-1/G\) and \(\sqrt{G-1}\), which \(h_G\) attains only in limits, so along a trajectory \(z(t)\) lies strictly between them (e.g.\ \(\varepsilon=0.1\), \(p(0)=(\tfrac12,\tfrac12)\)).)x",
      {{"E.two-class-equalities~cross-class-envelopes", "E.two-class-equalities"}},
      R"x(State that for \(K=2\) the band and the scalar reduction are exact (\(z=\Psi(p_c)\), \(\dot z=h_G(\rho)-\varepsilon z\)), not the envelopes:)x");
}

} // namespace dcrv
