// properties/engine/search.hpp — small search and evaluation helpers shared by several claim files: the
// multiplicative random-walk maximiser of the facet thresholds (App. D, App. G) and the strict inequality as
// an evaluation (its policies of App. B, the DPO domain and the lump domain). Not part of the precompiled
// engine headers: include it where it is used.
#pragma once

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "properties/engine/engine.hpp"

namespace dcrv {

/// Maximises `value` over positive weight vectors w (the caller maps w to its point, e.g. a facet of Δ_δ):
/// the starts are ordered by value (best first), and the best `refined` of them are improved by a
/// multiplicative random walk w_k ← w_k e^{σ N(0,1)} of `steps` proposals (σ = ½ at the start, ×1.3 after an
/// accepted step up to 2, ×0.9 after a rejected one down to 10⁻⁴). Returns the largest value found (0 when
/// every value is ≤ 0). The normal draws come from `rng` in proposal order (one distribution object for the
/// whole call), so a fixed seed gives a fixed result.
template <class F>
double maximise_by_log_walk(std::vector<Vec<double>> starts, const F& value, int steps, std::mt19937_64& rng,
                            std::size_t refined = 4) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::sort(starts.begin(), starts.end(),
            [&](const Vec<double>& a, const Vec<double>& b) { return value(a) > value(b); });
  double best = 0;
  for (std::size_t s = 0; s < std::min(starts.size(), refined); ++s) {
    Vec<double> w = starts[s];
    double v = value(w), sigma = 0.5;
    for (int step = 0; step < steps; ++step) {
      Vec<double> cand = w;
      for (Eigen::Index k = 0; k < cand.size(); ++k)
        cand(k) *= std::exp(sigma * normal(rng));
      const double c = value(cand);
      if (c > v)
        w = cand, v = c, sigma = std::min(2.0, sigma * 1.3);
      else
        sigma = std::max(1e-4, sigma * 0.9);
    }
    best = std::max(best, v);
  }
  return best;
}

/// How a strict inequality a < b is decided at the working precision of T.
enum class Strict {
  /// a ≥ b (exactly, in T) fails with a violation of size 1 (lhs = 1 > rhs = 0): a yes/no verdict, for
  /// quantities that are exactly positive whenever the claim holds (lumps_domain::positive).
  flag,
  /// a ≥ b only within 10³ ulps of max(|a|, |b|) is not decidable at this precision and the sample is
  /// skipped (both sides equal after a positive quantity underflowed in double; dpo_domain::lt); a larger
  /// excess is a violation.
  rounding,
  /// The gap b − a must exceed the identity tolerance times b (10^{−0.6d}·b at d digits): a gap below it,
  /// i.e. a = b to working precision, is a violation, scored tol·b/gap (App. B's "sup < c strictly", where
  /// only exact extremal points can be confirmed in MPFR).
  tolerance,
};

/// The strict inequality a < b as an evaluation, decided by `how` (a margin when it holds).
template <class T> Ineq<T> strictly_less(const T& a, const T& b, Strict how) {
  using boost::multiprecision::abs, boost::multiprecision::pow, std::abs, std::pow;
  switch (how) {
  case Strict::flag:
    return a < b ? le<T>(a, b) : le<T>(T(1), T(0));
  case Strict::rounding: {
    if (a < b)
      return le<T>(a, b);
    const T mag = abs(a) > abs(b) ? T(abs(a)) : T(abs(b));
    if (T(a - b) <= T(1e3) * pow(T(10), T(-scalar_digits<T>())) * mag)
      return skip<T>();
    return le<T>(a, b);
  }
  case Strict::tolerance:
    break;
  }
  return le<T>(identity_tolerance<T>() * b, T(b - a));
}

} // namespace dcrv
