// properties/findings/G_lump_calculus.cpp — findings about the claims of properties/G_lump_calculus.cpp
// (App. G §Forward-invariance templates, definition of L_S).
#include "properties/engine/finding.hpp"

namespace dcrv {

// L_S(δ) = (1 − δ) log((1 − δ)/((S − 1)δ)) is positive only for δ < 1/S: at the maximal trim δ = 1/S, which
// the appendix allows elsewhere (δ⋆ ∈ (0, 1/S]), L_S = 0 and Δ_δ is the single uniform point.
DCRV_FINDING(finding_ls_maximal_trim) {
  return corrected_finding(
      "G.ls-maximal-trim", R"x(\(L_S(\delta)>0\) fails at the maximal trim \(\delta=1/S\))x",
      R"x(App.~G, Forward-invariance templates: ``let \(L_S(\delta):=(1-\delta)\log\frac{1-\delta}{(S-1)\delta}>0\)''. The ratio \(\frac{1-\delta}{(S-1)\delta}\) exceeds \(1\) iff \(\delta<1/S\); at the maximal trim \(\delta_\star=1/S\), which the trims of the appendix include, \(L_S(1/S)=(1-\tfrac1S)\log1=0\) (and \(\Delta_{1/S}\) is the single uniform point), so (BD) can hold only with \(M_\phi=0\).)x",
      {{"G.ls-positive", "G.ls-positive~open"}},
      R"x(State \(L_S(\delta)>0\) for \(\delta\in(0,1/S)\) (it vanishes at \(\delta=1/S\)):)x");
}

} // namespace dcrv
