// Specifications of properties/engine/search.hpp: the random-walk maximiser of the facet thresholds (App. D,
// App. G) and the strict inequality as an evaluation, with its three policies.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "properties/engine/search.hpp"

using namespace dcrv;

TEST_CASE("maximise_by_log_walk climbs to the maximum of a smooth function of positive weights", "[search]") {
  // value(w) = w₁ w₂ / (w₁ + w₂)² · 4 ≤ 1, attained where w₁ = w₂ (any scale); the starts are far from it.
  const auto value = [](const Vec<double>& w) { return 4 * w(0) * w(1) / ((w(0) + w(1)) * (w(0) + w(1))); };
  std::vector<Vec<double>> starts;
  for (double r : {1e-3, 50.0, 1e4}) {
    Vec<double> w(2);
    w << 1.0, r;
    starts.push_back(w);
  }
  std::mt19937_64 rng(7);
  const double best = maximise_by_log_walk(starts, value, 400, rng);
  CHECK(best > 1 - 1e-6);
  CHECK(best <= 1);
  // a fixed seed gives a fixed result (the facet thresholds are reproducible)
  std::mt19937_64 again(7);
  CHECK(maximise_by_log_walk(starts, value, 400, again) == best);
  // every value ≤ 0: the maximiser reports 0
  std::mt19937_64 r3(1);
  CHECK(maximise_by_log_walk(
            starts, [](const Vec<double>&) { return -1.0; }, 10, r3) == 0);
}

TEMPLATE_TEST_CASE("strictly_less decides a < b by its policy", "[search]", double, mpfr) {
  using T = TestType;
  const T one(1), two(2);
  for (Strict how : {Strict::flag, Strict::rounding, Strict::tolerance}) {
    INFO("policy " << static_cast<int>(how));
    CHECK_FALSE(strictly_less<T>(one, two, how).violated()); // holds with a margin
    CHECK(strictly_less<T>(two, one, how).violated());       // fails by a clear amount
  }
  // equality: a violation for flag and tolerance; undecidable (skipped) for rounding
  CHECK(strictly_less<T>(one, one, Strict::flag).violated());
  CHECK(strictly_less<T>(one, one, Strict::tolerance).violated());
  CHECK(strictly_less<T>(one, one, Strict::rounding).rel == Ineq<T>::Rel::skip);
  // a gap below the identity tolerance is not "strictly less" under the tolerance policy
  const T hair = one - T(0.01) * identity_tolerance<T>();
  CHECK(strictly_less<T>(hair, one, Strict::tolerance).violated());
  CHECK_FALSE(strictly_less<T>(hair, one, Strict::flag).violated());
}
