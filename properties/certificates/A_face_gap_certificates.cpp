// Interval certificates of App. A, Lemma lem:LS-bounds (properties/A_functionals_floors.cpp).
//
// L_S(δ) = (1−δ) log((1−δ)/((S−1)δ)) and u = log(1/((S−1)δ)) for δ ∈ (0, 1/S]. With δ = v/S, v ∈ (0, 1],
// u = log1p(1/(S−1)) − log v > 0 (S/((S−1)v) = (1 + 1/(S−1))/v; each of S and v appears once) and
// L_S = (1−δ)(u + log1p(−δ)), so, exactly,
//   L_S − c u         = (1−c) u − δu + (1−δ) log1p(−δ)                      (upper bound: ≤ 0),
//   L_S − u + c(1+u)δ = (c−1) uδ + cδ + (1−δ) log1p(−δ)                      (lower bound: ≥ 0),
// the forms the scores use (at c = 1 the first is a sum of negative terms; the second is δ + (1−δ)log(1−δ) ≈
// δ²/2: see LS_lower_piece). In the upper bound S is a real interval, so the certificate covers every integer
// S in its range.
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {
namespace {

/// (δ, u) at raw (S, v): δ = v/S, u = log(1/((S−1)δ)) = log1p(1/(S−1)) − log v.
template <class X> std::array<X, 2> floor_and_log(const X& S, const X& v) {
  return {v / S, log1p(1 / (S - 1)) - log(v)};
}

// Lemma lem:LS-bounds (upper): L_S(δ) ≤ c log(1/((S−1)δ)).
DCRV_CERTIFICATE(LS_upper_bound) {
  Certificate c;
  c.claim = "A.LS-upper-bound";
  c.domain = "every real S in [2, 10^12] (every integer S >= 2 up to 10^12) and delta = v/S with v in "
             "[10^-300, 1] (delta in [10^-300/S, 1/S]); the open end delta -> 0 is not covered";
  c.method = "L_S - c u = (1 - c) u - delta u + (1 - delta) log1p(-delta) <= 0 (exact rearrangement), u = "
             "log1p(1/(S-1)) - log v, delta = v/S";
  c.constants = {{"c", [] { return Interval(1); }}};
  c.pieces = {make_piece<2>("S in [2, 1e12], v in [1e-300, 1]",
                            {{Interval(2.0, 1e12), Interval(1e-300, 1.0)}},
                            [](const auto& x, const Constants& k) {
                              using X = std::decay_t<decltype(x[0])>;
                              const auto [delta, u] = floor_and_log(x[0], x[1]);
                              return X(1 - k("c")) * u - delta * u + (1 - delta) * log1p(-delta);
                            })};
  return c;
}

// Lemma lem:LS-bounds (lower): u − c(1+u)δ ≤ L_S(δ). The margin at c = 1 is f(δ) = δ + (1−δ)log1p(−δ) ≈ δ²/2,
// increasing in δ with f′ = −log1p(−δ) ≈ δ: the derivative enclosure of the jets separates from 0 only when
// ∂δ/∂(raw) is (nearly) a point and the δ box has relative width < 1. So one piece per integer S (δ =
// v·(1/S), 1/S an enclosure of width ~10⁻⁵⁰), v on a linear scale, and v ≥ 2⁻⁵⁰ (bisection depth ≤ 60).
template <int S> Piece LS_lower_piece() {
  return make_piece<1>("S = " + std::to_string(S) + ", v in [2^-50, 1]", {{Interval(0x1p-50, 1.0)}},
                       [](const auto& x, const Constants& k) {
                         using X = std::decay_t<decltype(x[0])>;
                         const X& v = x[0];
                         const X delta = v * X(Interval(1) / Interval(S));
                         const X u = X(log1p(Interval(1) / Interval(S - 1))) - log(v);
                         const X cc(k("c"));
                         return -((cc - 1) * u * delta + cc * delta + (1 - delta) * log1p(-delta));
                       });
}
template <int... S> void add_LS_lower_pieces(Certificate& c, std::integer_sequence<int, S...>) {
  (c.pieces.push_back(LS_lower_piece<S + 2>()), ...);
}

DCRV_CERTIFICATE(LS_lower_bound) {
  Certificate c;
  c.claim = "A.LS-lower-bound";
  c.domain = "S = 2, ..., 16 and delta = v/S with v in [2^-50, 1] (delta in [2^-50/S, 1/S]); delta below "
             "2^-50/S and S > 16 are not covered (the margin is ~delta^2/2; see the method)";
  c.method =
      "u - c(1+u)delta - L_S = -((c - 1) u delta + c delta + (1 - delta) log1p(-delta)) <= 0 (exact "
      "rearrangement), delta = v (1/S), u = log1p(1/(S-1)) - log v; one piece per S (a real S interval "
      "or a log scale in v makes the jets' derivative of delta + (1-delta) log1p(-delta) ~ delta^2 "
      "lose its sign)";
  c.constants = {{"c", [] { return Interval(1); }}};
  add_LS_lower_pieces(c, std::make_integer_sequence<int, 15>());
  return c;
}

} // namespace
} // namespace dcrv::certify
