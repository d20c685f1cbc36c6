// Specification of dcrv/random.hpp: counter-based Philox streams and the exact binomial / multinomial
// samplers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/special_functions/binomial.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

#include "dcrv/random.hpp"

namespace {
using dcrv::rng::Stream;

/// P(χ²_df ≥ x).
double chi2_tail(double x, int df) {
  return boost::math::cdf(boost::math::complement(boost::math::chi_squared(df), x));
}

/// Pearson χ² of observed counts against expected probabilities, with cells pooled from both ends until each
/// expects at least 5 draws; returns the p-value.
double chi2_pvalue(const std::vector<double>& observed, const std::vector<double>& prob, long draws) {
  std::vector<double> o, e;
  double co = 0, ce = 0;
  for (std::size_t i = 0; i < prob.size(); ++i) {
    co += observed[i];
    ce += prob[i] * static_cast<double>(draws);
    if (ce >= 5) {
      o.push_back(co), e.push_back(ce);
      co = ce = 0;
    }
  }
  if (ce > 0) {
    if (e.empty())
      return 1;
    o.back() += co, e.back() += ce;
  }
  double x = 0;
  for (std::size_t i = 0; i < o.size(); ++i)
    x += (o[i] - e[i]) * (o[i] - e[i]) / e[i];
  return chi2_tail(x, static_cast<int>(o.size()) - 1);
}

double binomial_pmf(long n, long k, double p) {
  return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) +
                  (n - k) * std::log1p(-p));
}
} // namespace

TEST_CASE("Philox streams: uniforms lie in (0,1) and are a pure function of (seed, path, step, tag, index)",
          "[random]") {
  Stream a(7, 3, 11), b(7, 3, 11), c(7, 4, 11), d(7, 3, 12), e(7, 3, 11, dcrv::rng::tag_bridge);
  double mean = 0;
  for (int i = 0; i < 4000; ++i) {
    const double u = a.uniform();
    CHECK((u > 0 && u < 1));
    CHECK(u == b.uniform());
    mean += u;
    if (i < 8) {
      CHECK(u != c.uniform()); // another path
      CHECK(u != d.uniform()); // another step
      CHECK(u != e.uniform()); // another use
    }
  }
  CHECK(std::abs(mean / 4000 - 0.5) < 5 * std::sqrt(1.0 / 12 / 4000));
  CHECK(a.draws() == 4000);
}

TEST_CASE("normals: mean 0, variance 1, kurtosis 3 over 10^6 draws", "[random]") {
  double s1 = 0, s2 = 0, s4 = 0;
  const int n = 1000000;
  for (int path = 0; path < 1000; ++path) {
    Stream s(1, static_cast<std::uint64_t>(path), 0);
    for (int i = 0; i < n / 1000; ++i) {
      const double z = s.normal();
      s1 += z, s2 += z * z, s4 += z * z * z * z;
    }
  }
  CHECK(std::abs(s1 / n) < 5 / std::sqrt(double(n)));
  CHECK(std::abs(s2 / n - 1) < 5 * std::sqrt(2.0 / n));
  CHECK(std::abs(s4 / n - 3) < 5 * std::sqrt(96.0 / n));
}

TEST_CASE("binomial sampler: chi-square goodness of fit against the exact pmf (inversion and BTRS regimes)",
          "[random]") {
  struct Case {
    long n;
    double p;
  };
  // n·min(p,q) < 10: inversion; ≥ 10: BTRS; p > ½ by symmetry
  const Case cases[] = {{1, 0.3},   {5, 0.5},     {20, 0.1},   {20, 0.7},  {64, 0.2},      {100, 0.3},
                        {250, 0.9}, {1000, 0.02}, {1000, 0.4}, {40, 0.26}, {100000, 3e-4}, {1000000, 0.37}};
  const long draws = 200000;
  for (const auto& c : cases) {
    std::vector<double> counts(static_cast<std::size_t>(c.n) + 1, 0.0), prob(counts.size());
    for (long k = 0; k <= c.n; ++k)
      prob[static_cast<std::size_t>(k)] = binomial_pmf(c.n, k, c.p);
    double s1 = 0;
    for (long i = 0; i < draws; ++i) {
      Stream s(2024, static_cast<std::uint64_t>(i), 0);
      const long k = dcrv::rng::binomial(s, c.n, c.p, 1 - c.p);
      REQUIRE((k >= 0 && k <= c.n));
      counts[static_cast<std::size_t>(k)] += 1;
      s1 += static_cast<double>(k);
    }
    INFO("n = " << c.n << ", p = " << c.p);
    CHECK(chi2_pvalue(counts, prob, draws) > 1e-6);
    const double mean = c.n * c.p, sd = std::sqrt(c.n * c.p * (1 - c.p) / draws);
    CHECK(std::abs(s1 / draws - mean) < 5 * sd + 1e-12);
  }
}

TEST_CASE("multinomial sampler: chi-square goodness of fit against the exact pmf for small (B, K)",
          "[random]") {
  struct Case {
    long B;
    std::vector<double> p;
  };
  const Case cases[] = {
      {5, {0.2, 0.3, 0.5}}, {4, {0.1, 0.1, 0.1, 0.7}}, {12, {0.5, 0.25, 0.25}}, {3, {0.999, 0.001}}};
  const long draws = 200000;
  for (const auto& c : cases) {
    const int K = static_cast<int>(c.p.size());
    // enumerate the outcomes (compositions of B into K parts) with their exact probabilities
    std::vector<std::vector<long>> outcomes;
    std::vector<long> cur(static_cast<std::size_t>(K), 0);
    std::function<void(int, long)> rec = [&](int i, long left) {
      if (i == K - 1) {
        cur[static_cast<std::size_t>(i)] = left;
        outcomes.push_back(cur);
        return;
      }
      for (long k = 0; k <= left; ++k) {
        cur[static_cast<std::size_t>(i)] = k;
        rec(i + 1, left - k);
      }
    };
    rec(0, c.B);
    std::vector<double> prob;
    for (const auto& o : outcomes) {
      double lp = std::lgamma(c.B + 1.0);
      for (int i = 0; i < K; ++i)
        lp += o[i] * std::log(c.p[i]) - std::lgamma(o[i] + 1.0);
      prob.push_back(std::exp(lp));
    }
    std::vector<double> counts(outcomes.size(), 0.0);
    std::vector<long> N(static_cast<std::size_t>(K));
    std::vector<double> tail(static_cast<std::size_t>(K) + 1);
    for (long i = 0; i < draws; ++i) {
      Stream s(99, static_cast<std::uint64_t>(i), 5);
      dcrv::rng::multinomial(s, c.B, c.p.data(), K, N.data(), tail.data());
      long total = 0;
      for (long v : N)
        total += v;
      REQUIRE(total == c.B);
      for (std::size_t j = 0; j < outcomes.size(); ++j)
        if (outcomes[j] == N) {
          counts[j] += 1;
          break;
        }
    }
    // sort cells by probability so that pooling merges the rarest outcomes
    std::vector<std::size_t> order(prob.size());
    for (std::size_t j = 0; j < order.size(); ++j)
      order[j] = j;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return prob[a] < prob[b]; });
    std::vector<double> o2, p2;
    for (auto j : order)
      o2.push_back(counts[j]), p2.push_back(prob[j]);
    INFO("B = " << c.B << ", K = " << K);
    CHECK(chi2_pvalue(o2, p2, draws) > 1e-6);
  }
}

TEST_CASE("multinomial sampler: first two moments for large B (up to 10^6), tiny and large probabilities",
          "[random]") {
  const std::vector<double> p = {0.5, 0.3, 0.2 - 2e-5, 1e-5, 1e-5};
  const int K = static_cast<int>(p.size());
  for (long B : {1000L, 1000000L}) {
    const int draws = 20000;
    std::vector<double> m1(static_cast<std::size_t>(K), 0.0), m2(static_cast<std::size_t>(K), 0.0);
    std::vector<long> N(static_cast<std::size_t>(K));
    std::vector<double> tail(static_cast<std::size_t>(K) + 1);
    for (int i = 0; i < draws; ++i) {
      Stream s(5, static_cast<std::uint64_t>(i), 0);
      dcrv::rng::multinomial(s, B, p.data(), K, N.data(), tail.data());
      for (int j = 0; j < K; ++j)
        m1[j] += double(N[j]), m2[j] += double(N[j]) * double(N[j]);
    }
    for (int j = 0; j < K; ++j) {
      const double mean = B * p[j], var = B * p[j] * (1 - p[j]);
      const double em = m1[j] / draws, ev = m2[j] / draws - em * em;
      INFO("B = " << B << ", j = " << j);
      CHECK(std::abs(em - mean) < 5 * std::sqrt(var / draws) + 1e-9);
      // Var of the sample variance ≈ 2σ⁴/n for near-normal counts (+ the excess kurtosis term for small
      // means)
      CHECK(std::abs(ev / var - 1) < 5 * std::sqrt((2.0 + 1.0 / var) / draws));
    }
  }
}

namespace {
/// A toy "path": 50 steps, each drawing a multinomial and a normal, folded into one number.
double toy_path(std::uint64_t seed, std::uint64_t path) {
  const double p[3] = {0.2, 0.5, 0.3};
  long N[3];
  double tail[4];
  double acc = 0;
  for (std::uint64_t step = 0; step < 50; ++step) {
    Stream s(seed, path, step);
    dcrv::rng::multinomial(s, 64, p, 3, N, tail);
    acc = acc * 0.9 + double(N[0]) + s.normal();
  }
  return acc;
}
} // namespace

TEST_CASE("a single path replays alone, bit-identically", "[random]") {
  std::vector<double> all;
  for (std::uint64_t path = 0; path < 100; ++path)
    all.push_back(toy_path(31, path));
  CHECK(toy_path(31, 57) == all[57]);
  CHECK(toy_path(31, 0) == all[0]);
  CHECK(toy_path(32, 57) != all[57]);
}

TEST_CASE("results do not depend on the number of threads", "[random]") {
  const int n = 400;
  std::vector<double> one(n), two(n);
  for (int i = 0; i < n; ++i)
    one[i] = toy_path(8, static_cast<std::uint64_t>(i));
  std::thread t1([&] {
    for (int i = 0; i < n; i += 2)
      two[i] = toy_path(8, static_cast<std::uint64_t>(i));
  });
  std::thread t2([&] {
    for (int i = 1; i < n; i += 2)
      two[i] = toy_path(8, static_cast<std::uint64_t>(i));
  });
  t1.join(), t2.join();
  CHECK(one == two);
}

TEST_CASE("derived seeds separate claims and experiments", "[random]") {
  CHECK(dcrv::rng::derive_seed(1, "H.band-confinement") != dcrv::rng::derive_seed(1, "H.band-ever-touch"));
  CHECK(dcrv::rng::derive_seed(1, "x") != dcrv::rng::derive_seed(2, "x"));
  CHECK(dcrv::rng::derive_seed(1, "x") == dcrv::rng::derive_seed(1, "x"));
}
