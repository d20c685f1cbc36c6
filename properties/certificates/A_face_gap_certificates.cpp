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
#include <cmath>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/compact_chart.hpp"

namespace dcrv::certify {
namespace {

/// (δ, u) at raw (S, v): δ = v/S, u = log(1/((S−1)δ)) = log1p(1/(S−1)) − log v.
template <class X> std::array<X, 2> floor_and_log(const X& S, const X& v) {
  return {v / S, log1p(1 / (S - 1)) - log(v)};
}

/// The rearrangement of the header, exact in the free variables (δ, u, l = log1p(−δ)) and the constant c:
/// L_S = (1 − δ)(u + l) (log((1 − δ)/((S − 1)δ)) = log(1/((S − 1)δ)) + log(1 − δ)), then
///   upper: L_S − c u − ((1 − c)u − δu + (1 − δ)l) = 0,
///   lower: (u − c(1 + u)δ − L_S) − (−((c − 1)uδ + cδ + (1 − δ)l)) = 0 (the score is the left side),
/// each of degree ≤ 2 in each variable (δu), checked on a 3³ grid.
IdentityPiece ls_rearrangement(bool lower) {
  return rearrangement_identity(
      lower ? "u - c(1+u) delta - L_S = -((c-1) u delta + c delta + (1-delta) log1p(-delta))"
            : "L_S - c u = (1-c) u - delta u + (1-delta) log1p(-delta)",
      3, 2, [lower](const std::vector<Exact>& x, const RationalConstants& k) {
        const Exact &delta = x[0], &u = x[1], &l = x[2], c = k("c");
        const Exact ls = (1 - delta) * (u + l);
        if (lower)
          return (u - c * (1 + u) * delta - ls) + ((c - 1) * u * delta + c * delta + (1 - delta) * l);
        return (ls - c * u) - ((1 - c) * u - delta * u + (1 - delta) * l);
      });
}

using compact_chart::e_of_t; // E(t) = exp(1 − 1/t), the v of the chart t = 1/(1 − log v)

// Lemma lem:LS-bounds (upper): L_S(δ) ≤ c log(1/((S−1)δ)). Every S ≥ 2 and δ ∈ (0, 1/S] in the compact chart
// σ = 1/S ∈ [0, ½], t = 1/(1 − log v) ∈ [0, 1] (v = Sδ = E(t)): δ = σE(t), u = −log1p(−σ) + 1/t − 1, and the
// score times t > 0, t(L_S − cu) = (1 − c)·tu − δ·tu + t(1 − δ)log1p(−δ) with tu = 1 − t − t log1p(−σ)
// (bounded: t → 0 is v → 0, σ → 0 is S → ∞).
/// The piece of both L_S bounds in the chart sigma = 1/S in [0, 1/2], t = 1/(1 - log v) in [0, 1] (sigma = 0:
/// S -> infinity, t = 0: v -> 0), with S and v read from its roots: score(tu, t, delta, k) with
/// t u = 1 - t - t log1p(-sigma) and delta = sigma exp(1 - 1/t).
template <class F> Piece ls_chart_piece(F score) {
  Piece p =
      make_piece<2>("sigma = 1/S in [0, 1/2], t = 1/(1 - log v) in [0, 1]",
                    {{Interval(0.0, 0.5), Interval(0.0, 1.0)}}, [score](const auto& x, const Constants& k) {
                      using X = std::decay_t<decltype(x[0])>;
                      const X &sigma = x[0], &t = x[1];
                      const X tu = 1 - t - t * log1p(-sigma), delta = sigma * e_of_t(t);
                      return score(tu, t, delta, k);
                    });
  return with_param(with_param(p, "S", 0, [](double sg) { return sg > 0 ? 1 / sg : kUnbounded; }), "v", 1,
                    [](double t) { return t > 0 ? std::exp(1 - 1 / t) : 0.0; });
}

DCRV_CERTIFICATE(LS_upper_bound) {
  Certificate c;
  c.claim = "A.LS-upper-bound";
  c.domain =
      "every real S >= 2 and delta = v/S with v in (0, 1], in the compact chart sigma = 1/S in [0, 1/2], "
      "t = 1/(1 - log v) in [0, 1] (sigma = 0: S -> infinity, t = 0: delta -> 0); no exclusion";
  c.method =
      "L_S - c u = (1 - c) u - delta u + (1 - delta) log1p(-delta) (exact rearrangement, checked), u = "
      "log1p(1/(S-1)) - log v = -log1p(-sigma) + 1/t - 1, delta = sigma exp(1 - 1/t); times t > 0: "
      "(1 - c) t u - delta t u + t (1 - delta) log1p(-delta) <= 0 with t u = 1 - t - t log1p(-sigma) "
      "(checked), each term <= 0 at c = 1";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  c.pieces = {ls_chart_piece([]<class X>(const X& tu, const X& t, const X& delta, const Constants& k) {
    return X(1 - k("c")) * tu - delta * tu + t * (1 - delta) * log1p(-delta);
  })};
  c.identities = {ls_rearrangement(false),
                  // t u = 1 - t - t l (l = log1p(-sigma)) for u = -l - L, L = log v = 1 - 1/t
                  rearrangement_identity("t u = 1 - t - t log1p(-sigma) at log v = 1 - 1/t", 2, 2,
                                         [](const std::vector<Exact>& x, const RationalConstants&) {
                                           const Exact &t = x[0], &l = x[1];
                                           const Exact u = -l - (1 - 1 / t);
                                           return t * u - (1 - t - t * l);
                                         })};
  // every integer S >= 2 and delta = v/S in (0, 1/S]
  c.paper = {{"S", 2, kUnbounded}, {"v", 0, 1}};
  return c;
}

/// f(δ) = δ + (1 − δ)log1p(−δ) = Σ_{k≥2} δᵏ/(k(k − 1)) ≥ δ²/2, increasing on [0, 1): on an Interval [lo²/2,
/// f(hi)] (outward rounded; the literal form cancels to ~δ² and its enclosure would straddle 0), on jets by
/// the chain rule (f' = −log1p(−δ), f'' = 1/(1 − δ)).
template <class X> X ls_margin(const X& d) {
  if constexpr (std::is_same_v<X, Interval>) {
    const Interval lo(d.lower()), hi(d.upper());
    // the lower end: the literal f(lo) where it is tight, the series' δ²/2 where it cancels below that
    const mpfr literal = (lo + (1 - lo) * log1p(-lo)).lower(), series = (square(lo) / 2).lower();
    return Interval(literal > series ? literal : series, (hi + (1 - hi) * log1p(-hi)).upper());
  } else {
    return X::chain(d, ls_margin(d.v), -log1p(-d.v), 1 / (1 - d.v));
  }
}

// Lemma lem:LS-bounds (lower): u − c(1+u)δ ≤ L_S(δ), in the chart of the upper bound: the score times t,
// −((c − 1)(tu + t)δ + t f(δ)) with f(δ) = δ + (1 − δ)log1p(−δ) ≥ δ²/2 (the margin at c = 1, enclosed from
// its series so that δ → 0 closes too).
DCRV_CERTIFICATE(LS_lower_bound) {
  Certificate c;
  c.claim = "A.LS-lower-bound";
  c.domain =
      "every real S >= 2 and delta = v/S with v in (0, 1], in the compact chart sigma = 1/S in [0, 1/2], "
      "t = 1/(1 - log v) in [0, 1] (as A.LS-upper-bound); no exclusion";
  c.method =
      "u - c(1+u)delta - L_S = -((c - 1)(u + 1) delta + f(delta)), f(delta) = delta + (1 - delta) "
      "log1p(-delta) (exact rearrangement, checked); times t > 0 with t u = 1 - t - t log1p(-sigma), "
      "delta = sigma exp(1 - 1/t): -((c - 1)(t u + t) delta + t f(delta)) <= 0; f >= delta^2/2 from its "
      "series (sum_k delta^k/(k(k-1)), every term >= 0) encloses the margin ~delta^2/2 at every delta";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  c.pieces = {ls_chart_piece([]<class X>(const X& tu, const X& t, const X& delta, const Constants& k) {
    return -(X(k("c") - 1) * (tu + t) * delta + t * ls_margin(delta));
  })};
  c.identities = {
      ls_rearrangement(true),
      // the margin: -((c-1)u delta + c delta + (1-delta) l) = -((c-1)(u+1) delta + (delta + (1-delta) l))
      rearrangement_identity("(c-1) u delta + c delta + (1-delta) l = (c-1)(u+1) delta + f", 3, 2,
                             [](const std::vector<Exact>& x, const RationalConstants& k) {
                               const Exact &d = x[0], &u = x[1], &l = x[2], c1 = k("c") - 1;
                               return (c1 * u * d + (c1 + 1) * d + (1 - d) * l) -
                                      (c1 * (u + 1) * d + (d + (1 - d) * l));
                             })};
  c.paper = {{"S", 2, kUnbounded}, {"v", 0, 1}};
  return c;
}

} // namespace
} // namespace dcrv::certify
