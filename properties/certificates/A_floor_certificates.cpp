// Interval certificates of the App. A floor claims (properties/A_functionals_floors.cpp). The exact
// certificates of App. A's replicator and single-site identities are in C_srct_certificates.cpp (they share
// its exact helpers: chart of the plane Σp = 1, replicator, S(p), E(p), jets of log).
//
// Floors (§A.2). On the simplex Σ_j max{p_j, δ⋆} = Σ_j p_j + Σ_j max{0, δ⋆ − p_j} = 1 + max_A Σ_{j∈A}(δ⋆ −
// p_j), the maximum over all subsets A of {1..S} (a sum of positive parts is the largest partial sum; A = ∅
// gives 0, A = all gives Sδ⋆ − 1 since Σp = 1). Each partial sum is linear, so the claims become maxima of
// linear forms whose signs the interval enclosures decide on a single box (no bisection near the attained
// sets: the vertices and δ⋆ = 1).
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregates.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using interval_simplex::simplex_unit_piece;
using softmax_exact::s_label;

// ---------------------------------------------------------------------------------------------------------
// §A.2 Floors: policy vs. effective
// ---------------------------------------------------------------------------------------------------------

/// max_A [Σ_{j∈A}(δ⋆ − p_j) − bδ⋆] over every subset A of {1..S}, each term in the form (|A| − b)δ⋆ − Σ_A p_j
/// (δ⋆ collected once, so the enclosure has no dependency in δ⋆); A = ∅ gives −bδ⋆, the full set (S − b)δ⋆ −
/// 1 (Σp = 1 exactly). For b = 0 it is Σ_j max{0, δ⋆ − p_j} (a sum of positive parts is the largest partial
/// sum).
template <std::size_t S, class X>
X max_partial_sums(const std::array<X, S>& p, const X& ds, const Interval& b) {
  X best = X(-b) * ds;
  for (unsigned mask = 1; mask < (1u << S); ++mask) {
    X s(0);
    int n = 0;
    if (mask == (1u << S) - 1) {
      s = -1;
      n = int(S);
    } else
      for (std::size_t j = 0; j < S; ++j)
        if (mask & (1u << j)) {
          s -= p[j];
          ++n;
        }
    best = max(best, X(Interval(n) - b) * ds + s);
  }
  return best;
}

/// Lower end: δ⋆/(1 + c(S−1)δ⋆) ≤ δ_eff ⇔ Σ_j max{p_j, δ⋆} ≤ 1 + c(S−1)δ⋆ ⇔ max_A Σ_A(δ⋆ − p_j) − c(S−1)δ⋆ ≤
/// 0.
template <std::size_t S> Piece eff_floor_lower_piece() {
  return simplex_unit_piece<S>(s_label(S) + ", lower end",
                               [](const auto& p, const auto& ds, const Constants& k) {
                                 using X = std::decay_t<decltype(ds)>;
                                 return max_partial_sums<S, X>(p, ds, k("c_den") * Interval(int(S - 1)));
                               });
}
/// Upper end: δ_eff ≤ c δ⋆ ⇔ 1 ≤ c Σ_j max{p_j, δ⋆} ⇔ 1 − c(1 + max_A Σ_A(δ⋆ − p_j)) ≤ 0 (A = ∅ included).
template <std::size_t S> Piece eff_floor_upper_piece() {
  return simplex_unit_piece<S>(s_label(S) + ", upper end",
                               [](const auto& p, const auto& ds, const Constants& k) {
                                 using X = std::decay_t<decltype(ds)>;
                                 const X m = max_partial_sums<S, X>(p, ds, Interval(0));
                                 return 1 - X(k("c_up")) * (1 + m);
                               });
}

/// Scope data of the simplex_unit_piece pieces: δ⋆ is the last raw coordinate (after the S − 1 of p).
void tag_floor_param(Certificate& c) {
  for (auto& piece : c.pieces)
    piece = with_param(piece, "delta*", piece.score.dim - 1);
}

/// A.eff-floor-interval for every S (aggregates::eff_floor_interval_every_s): with T = Σ_j max{0, δ⋆ − p_j},
/// n = S − 1: lower end, if some p_k ≥ δ⋆, score (1 − c)nδ⋆ − Σ_{j≠k} min{δ⋆, p_j}: one term −min{δ⋆, p_j} ≤
/// 0 and (1 − c)δ⋆ ≤ 0 (n > 0); if every p_j < δ⋆, the score over n is (1 − c)δ⋆ + r(δ⋆ − 1), r = 1/n ∈ (0,
/// 1]; upper end, times 1 − τ > 0 (τ = T/(1 + T) ∈ [0, 1)), (1 − τ) − c ≤ 0.
void add_eff_floor_every_s(Certificate& c) {
  const Box unit2{Interval(0.0, 1.0), Interval(0.0, 1.0)};
  c.pieces.push_back(
      with_param(make_piece<2>("every S, lower end: one term -min{delta*, p_j} <= 0", {unit2},
                               [](const auto& x, const Constants&) { return -min(x[1], x[0]); }),
                 "delta*", 1));
  c.pieces.push_back(
      with_param(make_piece<1>("every S, lower end: (1 - c) delta* <= 0", {{Interval(0.0, 1.0)}},
                               [](const auto& x, const Constants& k) {
                                 using X = std::decay_t<decltype(x[0])>;
                                 return X(1 - k("c_den")) * x[0];
                               }),
                 "delta*", 0));
  c.pieces.push_back(with_param(make_piece<2>("every S, lower end, every p_j < delta*: (1 - c) delta* + r "
                                              "(delta* - 1) <= 0, r = 1/(S - 1)",
                                              {unit2},
                                              [](const auto& x, const Constants& k) {
                                                using X = std::decay_t<decltype(x[0])>;
                                                return X(1 - k("c_den")) * x[1] + x[0] * (x[1] - 1);
                                              }),
                                "delta*", 1));
  c.pieces.push_back(make_piece<1>("every S, upper end: (1 - tau) - c <= 0, tau = T/(1 + T)",
                                   {{Interval(0.0, 1.0)}}, [](const auto& x, const Constants& k) {
                                     using X = std::decay_t<decltype(x[0])>;
                                     return (1 - x[0]) - X(k("c_up"));
                                   }));
  c.identities.push_back(aggregates::eff_floor_interval_every_s());
  c.reductions.push_back(
      {"on the simplex sum_j max{p_j, delta*} = 1 + T with T = sum_j max{0, delta* - p_j}, a sum of terms of "
       "one "
       "coordinate each: lower end, either some p_k >= delta* (its term is 0, every other term is delta* - "
       "min{delta*, p_j}: the score is (1 - c)(S - 1) delta* minus a sum of terms min{delta*, p_j} >= 0) or "
       "every "
       "p_j < delta* (T = S delta* - 1, the score over S - 1 is (1 - c) delta* + r (delta* - 1), r = 1/(S - "
       "1) in "
       "(0, 1]); upper end, 1 - c(1 + T) times 1 - tau > 0 is (1 - tau) - c with tau = T/(1 + T) in [0, 1); "
       "the steps checked exactly with S - 1 free, each piece on its box, for every S (the per-S pieces S = "
       "2..6 as well)",
       {"S"}});
}

// App. A §A.2: δ⋆/(1 + c₁(S−1)δ⋆) ≤ δ_eff(p) ≤ c₂δ⋆.
DCRV_CERTIFICATE(eff_floor_interval) {
  Certificate c;
  c.claim = "A.eff-floor-interval";
  c.domain = "every S >= 2 (through T = sum_j max{0, delta* - p_j}; the per-S pieces S = 2, ..., 6); every p "
             "in the closed simplex (stick-breaking, raw box [0,1]^(S-1)) and every "
             "delta* in [0, 1] (the claim's (0, 1] with delta* = 0 added); no exclusion";
  c.method =
      "both ends times the positive denominators: sum_j max{p_j, delta*} <= 1 + c_den (S-1) delta* and "
      "1 <= c_up sum_j max{p_j, delta*}; on the simplex sum_j max{p_j, delta*} = 1 + max_A sum_{j in A} "
      "(delta* - p_j) over the subsets A of {1..S} (sum of positive parts = largest partial sum; the "
      "full set is S delta* - 1 as sum p = 1); every partial sum is linear, so the enclosures decide; the "
      "rearrangement checked exactly per active set A (the paper's margin times its denominator = the "
      "score's term of A)";
  c.constants = {{"c_den", [] { return Interval(1); }}, {"c_up", [] { return Interval(1); }}};
  c.pieces = {eff_floor_lower_piece<2>(), eff_floor_lower_piece<3>(), eff_floor_lower_piece<4>(),
              eff_floor_lower_piece<5>(), eff_floor_lower_piece<6>(), eff_floor_upper_piece<2>(),
              eff_floor_upper_piece<3>(), eff_floor_upper_piece<4>(), eff_floor_upper_piece<5>(),
              eff_floor_upper_piece<6>()};
  tag_floor_param(c);
  for (std::size_t S = 2; S <= 6; ++S) // the rearrangement, per active set (issue 20 point 5)
    for (bool lower : {true, false})
      c.identities.push_back(rearrangements::eff_floor_interval_rearrangement(S, lower));
  c.paper = {{"S", 2, kUnbounded}, {"delta*", 0, 1}}; // every S >= 2, delta* in (0, 1]
  add_eff_floor_every_s(c);
  return c;
}

/// min_i max{p_i, δ⋆}/Σ ≥ δ⋆/Σ ⇔ min_i max{p_i, δ⋆} ≥ δ⋆ ⇔ max_i (δ⋆ − max{p_i, δ⋆}) = max_i min{δ⋆ − p_i, 0}
/// ≤ 0.
template <std::size_t S> Piece eff_floor_is_floor_piece() {
  return simplex_unit_piece<S>(s_label(S), [](const auto& p, const auto& ds, const Constants&) {
    using X = std::decay_t<decltype(ds)>;
    X worst = min(ds - p[0], X(0));
    for (std::size_t i = 1; i < S; ++i)
      worst = max(worst, min(ds - p[i], X(0)));
    return worst;
  });
}

DCRV_CERTIFICATE(eff_floor_is_floor) {
  Certificate c;
  c.claim = "A.eff-floor-is-floor";
  c.domain = "every S >= 2 (one coordinate's term; the per-S pieces S = 2, ..., 6); every p in the closed "
             "simplex and every delta* in [0, 1]; no exclusion";
  c.method = "both sides have the positive denominator sum_j max{p_j, delta*}: the claim is min_i max{p_i, "
             "delta*} >= delta*, i.e. max_i min{delta* - p_i, 0} <= 0 (delta* - max{p_i, delta*} = "
             "min{delta* - p_i, 0}, checked exactly in both cases of each i); p by stick-breaking";
  c.pieces = {eff_floor_is_floor_piece<2>(), eff_floor_is_floor_piece<3>(), eff_floor_is_floor_piece<4>(),
              eff_floor_is_floor_piece<5>(), eff_floor_is_floor_piece<6>()};
  tag_floor_param(c);
  for (std::size_t S = 2; S <= 6; ++S) // the rearrangement, per coordinate and case (issue 20 point 5)
    c.identities.push_back(rearrangements::eff_floor_is_floor_rearrangement(S));
  c.pieces.push_back(aggregates::coordinate_term_piece("floor"));
  c.identities.push_back(aggregates::floor_term_form());
  c.reductions.push_back(
      {"both sides have the positive denominator D = sum_j max{p_j, delta*} (free): times D the claim is "
       "min_i "
       "(max{p_i, delta*} - delta*) >= 0, a minimum over the coordinates of terms that each depend on (p_i, "
       "delta*) only; one term min{delta* - p_i, 0} <= 0 checked on [0, 1]^2 and its form exactly in both "
       "cases, for every S (the per-S pieces S = 2..6 as well)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}, {"delta*", 0, 1}};
  return c;
}

} // namespace
} // namespace dcrv::certify
