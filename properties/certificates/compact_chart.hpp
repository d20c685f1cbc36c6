// properties/certificates/compact_chart.hpp — functions of the compactified charts of the certificates whose
// paper domain reaches a limit (δ → 0, K → ∞): intervals need finite end points, so a coordinate v ∈ (0, 1]
// with log v unbounded is read as t = 1/(1 − log v) ∈ [0, 1] (t = 0 is the limit v → 0), and the scores are
// scaled so that they stay bounded up to t = 0 (issue 20, compactification). Used by A.LS-* and the face-gap
// pieces (face_gap_piece.hpp).
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "dcrv/certify/interval.hpp"

namespace dcrv::certify::compact_chart {

/// The hull of a monotone f over x from its end values: `f_at(point)` encloses f at one point (and returns
/// the limit where the formula has none, e.g. E(0) = 0), outward rounded as that enclosure is.
template <class F> Interval monotone_hull(const Interval& x, bool increasing, F f_at) {
  const Interval lo = f_at(x.lower()), hi = f_at(x.upper());
  return increasing ? Interval(lo.lower(), hi.upper()) : Interval(hi.lower(), lo.upper());
}

/// E(t) = exp(1 − 1/t) for t ∈ [0, 1] (E(0) = 0, the limit): v of the compactified chart t = 1/(1 − log v).
/// Increasing, so on an Interval the hull of its end values (outward rounded; at t = 0 exactly 0, at t = 1
/// exactly 1, and ≤ 1 below it); on jets by the chain rule (E' = E/t², E'' = E(1 − 2t)/t⁴: a box reaching t =
/// 0 throws there, and the natural extension decides it).
template <class X> X e_of_t(const X& t) {
  if constexpr (std::is_same_v<X, Interval>) {
    return monotone_hull(t, true,
                         [](const mpfr& x) { return x <= 0 ? Interval(0.0) : exp(1 - 1 / Interval(x)); });
  } else {
    const Interval e = e_of_t(t.v), t2 = square(t.v);
    return X::chain(t, e, e / t2, e * (1 - 2 * t.v) / square(t2));
  }
}

/// g(x) = log1p(x)/x for x ≥ 0 (g(0) = 1, the limit) = ∫₀¹ ds/(1 + sx): positive, decreasing and convex, so
/// on an Interval [g(hi), g(lo)] (outward rounded; the literal quotient would be 0/0 at x = 0), on jets by
/// the chain rule with g' ∈ [−½, 0] and g'' ∈ [0, ⅔] on x ≥ 0 (g'(0) = −½ ≤ g' < 0, 0 < g'' ≤ g''(0) = ⅔).
/// A box with x < 0 throws straddle_error (the charts that use it have x ≥ 0).
template <class X> X log1p_ratio(const X& x) {
  if constexpr (std::is_same_v<X, Interval>) {
    if (x.lower() < 0)
      throw straddle_error("log1p_ratio: x < 0");
    return monotone_hull(
        x, false, [](const mpfr& p) { return p == 0 ? Interval(1.0) : log1p(Interval(p)) / Interval(p); });
  } else {
    return X::chain(x, log1p_ratio(x.v), Interval(-0.5, 0.0), Interval(0.0, 1.0) * Interval(2) / Interval(3));
  }
}

/// m = logit(u) = log(u/(1 − u)) for the scope of a chart u = σ(m) ∈ [0, 1] (u = 0, 1: m = ∓∞, the limits).
inline double logit_of(double u) {
  if (u <= 0)
    return -std::numeric_limits<double>::infinity();
  if (u >= 1)
    return std::numeric_limits<double>::infinity();
  return std::log(u / (1 - u));
}

/// v = z/(1 − z) for the scope of a chart z = v/(1 + v) ∈ [0, 1] of a parameter v ∈ [0, ∞) (z = 1: v = ∞).
inline double ratio_of(double z) {
  return z >= 1 ? std::numeric_limits<double>::infinity() : z / (1 - z);
}

} // namespace dcrv::certify::compact_chart
