// properties/findings/E_grpo_thresholds.cpp — findings about the claims of properties/E_grpo_thresholds.cpp
// (App. E §Exact BD on facets, §Convenient sufficient relaxations, §Entropy face gap).
#include "properties/engine/finding.hpp"

namespace dcrv {

// (BD_exact) and the bounds on E^(ℐ)_min quantify ρ over the band [K_Cδ, 1 − K_Iδ], but on an incorrect facet
// p_k = δ the correct mass ρ only takes the values of the facet: ρ = 1 − δ when K_I = 1, ρ = 0 when K_C = 0.
// Elsewhere the slice is empty and E^(ℐ)_min is a formula with no policy behind it (the same cause as
// G.band-empty-slice in App. G). Over the facet's values of ρ (~facet-range) each statement holds.
DCRV_FINDING(finding_band_facet_range) {
  return corrected_finding(
      "E.band-facet-range",
      R"x(the band \([K_C\delta,1-K_I\delta]\) includes values of \(\rho\) that no incorrect facet point has)x",
      R"x(App.~E, Exact BD on facets (boxed BD\(_{\rm exact}\)), Convenient sufficient relaxations (\(E^{(\mathcal I)}_{\min}(\rho)\ge L_K(\delta_\star)\)) and Entropy face gap (\(\min_\rho E^{(\mathcal I)}_{\min}=L_K\)) quantify \(\rho\) over the band \([K_C\delta_\star,1-K_I\delta_\star]\). On the incorrect facet \(p_k=\delta_\star\) the correct mass \(\rho\) takes only the value \(1-\delta_\star\) when \(K_I=1\) and \(0\) when \(K_C=0\); for the other \(\rho\) of the band the slice is empty and \(E^{(\mathcal I)}_{\min}(\rho)\) is a formula no facet point attains. There the two sides of BD\(_{\rm exact}\) part (smallest witness \(K=2\), \(G=3\), \(\delta_\star=10^{-22}\)) and \(E^{(\mathcal I)}_{\min}(\rho)<L_K(\delta_\star)\) (\(K=2\), \(\delta_\star\approx\tfrac12\)).)x",
      {{"E.bd-exact-iff", "E.bd-exact-iff~facet-range"},
       {"E.Emin-ge-LK", "E.Emin-ge-LK~facet-range"},
       {"E.Emin-min-LK~bd-interval", "E.Emin-min-LK"}},
      R"x(Take \(\rho\) over the values that occur on the incorrect facet (\([K_C\delta_\star,1-K_I\delta_\star]\) when \(K_C\ge1\), \(K_I\ge2\); \(1-\delta_\star\) when \(K_I=1\); \(0\) when \(K_C=0\)), not the whole band:)x");
}

} // namespace dcrv
