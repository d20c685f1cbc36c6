// Specification of dcrv/stats.hpp: intervals, tests, regression slopes and the reference stationary laws.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "dcrv/random.hpp"
#include "dcrv/stats.hpp"

using namespace dcrv::stats;
using dcrv::mpfr;

TEST_CASE("binomial intervals: Clopper-Pearson closed forms at k = 0 and k = n — Wilson inside [0,1]",
          "[stats]") {
  const Interval a = clopper_pearson(0, 10, 0.05);
  CHECK(a.lo == 0);
  CHECK(a.hi == Approx(1 - std::pow(0.025, 0.1)).epsilon(1e-10));
  const Interval b = clopper_pearson(10, 10, 0.05);
  CHECK(b.hi == 1);
  CHECK(b.lo == Approx(std::pow(0.025, 0.1)).epsilon(1e-10));
  const Interval w = wilson(3, 10, 1e-6);
  CHECK((w.lo >= 0 && w.hi <= 1 && w.lo < 0.3 && w.hi > 0.3));
  // Clopper-Pearson is wider than Wilson (conservative)
  const Interval c = clopper_pearson(3, 10, 1e-6);
  CHECK((c.lo <= w.lo && c.hi >= w.hi));
  CHECK_THROWS_AS(wilson(3, 0, 0.05), std::invalid_argument);
}

TEST_CASE("mean intervals: Student t for independent values — batch means cover the mean of an AR(1) series",
          "[stats]") {
  const Interval m = mean_interval({1, 2, 3, 4, 5}, 0.05);
  CHECK(m.estimate == 3);
  CHECK(m.hi - 3 == Approx(2.776445105 * std::sqrt(2.5 / 5)).epsilon(1e-8));
  // AR(1) with φ = 0.9 and mean 2: the naive interval is too narrow, batch means are not
  dcrv::rng::Stream s(3, 0, 0);
  std::vector<double> x;
  double v = 2;
  for (int i = 0; i < 200000; ++i) {
    v = 2 + 0.9 * (v - 2) + s.normal();
    x.push_back(v);
  }
  const Interval bm = batch_means(x, 40, 1e-4);
  CHECK((bm.lo < 2 && bm.hi > 2));
  CHECK(bm.halfwidth() > 2 * mean_interval(x, 1e-4).halfwidth());
}

TEST_CASE("Kolmogorov-Smirnov: the limiting tail, and both tests accept equal laws and reject different ones",
          "[stats]") {
  CHECK(kolmogorov_tail(1.3581) == Approx(0.05).epsilon(1e-3));
  CHECK(kolmogorov_tail(1.6276) == Approx(0.01).epsilon(1e-3));
  std::vector<double> a, b, c;
  for (int i = 0; i < 20000; ++i) {
    dcrv::rng::Stream s(11, static_cast<std::uint64_t>(i), 0);
    a.push_back(s.normal()), b.push_back(s.normal()), c.push_back(s.normal() + 0.1);
  }
  CHECK(ks_two_sample(a, b).p_value > 1e-4);
  CHECK(ks_two_sample(a, c).p_value < 1e-6);
  const auto Phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
  const KsResult one = ks_one_sample(a, Phi);
  CHECK(one.p_value > 1e-4);
  CHECK(one.D < dkw_halfwidth(20000, 1e-6));
  CHECK(ks_one_sample(c, Phi).p_value < 1e-6);
  CHECK(dkw_halfwidth(1000, 0.05) == Approx(std::sqrt(std::log(40.0) / 2000)));
}

TEST_CASE("regression slopes: exact lines, and intervals that cover the slope of noisy data", "[stats]") {
  const Fit f = linear_fit({0, 1, 2, 3}, {1, 3, 5, 7}, 0.05);
  CHECK(f.slope == Approx(2));
  CHECK(f.intercept == Approx(1));
  std::vector<double> x, y, se;
  dcrv::rng::Stream s(4, 0, 0);
  for (int i = 0; i < 12; ++i) {
    x.push_back(i);
    se.push_back(0.1 + 0.05 * i);
    y.push_back(0.5 * i - 1 + se.back() * s.normal());
  }
  const Fit w = weighted_fit(x, y, se, 1e-6);
  CHECK((w.lo < 0.5 && w.hi > 0.5));
  const Fit l = linear_fit(x, y, 1e-6);
  CHECK((l.lo < 0.5 && l.hi > 0.5));
  CHECK(paths_to_decide(100, 0.2, 0.1) >= 400);
  CHECK(paths_to_decide(100, 0.2, 0) == 0);
}

TEST_CASE("Law1D: normalisation, CDF and expectations by adaptive quadrature, in double and in MPFR",
          "[stats]") {
  const Law1D<double> u([](const double&) { return 0.0; }, 0.0, 2.0);
  CHECK(u.cdf(0.5) == Approx(0.25).epsilon(1e-12));
  CHECK(u.expect([](const double& y) { return y * y; }) == Approx(4.0 / 3).epsilon(1e-12));
  dcrv::set_working_digits(50);
  // density ∝ e^{−y} on [0, 1]: E y = 1/(e − 1)·(e − 2) … closed form 1 − 1/(e − 1)
  const Law1D<mpfr> e([](const mpfr& y) { return mpfr(-y); }, mpfr(0), mpfr(1));
  const mpfr E = boost::multiprecision::exp(mpfr(1));
  const mpfr exact = mpfr(1) - mpfr(1) / (E - 1);
  CHECK(boost::multiprecision::abs(e.expect([](const mpfr& y) { return y; }) - exact) < mpfr(1e-35));
  // large exponents (γ = 10⁻³) do not overflow: the log-density is shifted by its maximum
  const Law1D<double> sharp([](const double& y) { return -2000.0 * (y - 0.3) * (y - 0.3); }, 0.0, 1.0);
  CHECK(sharp.expect([](const double& y) { return y; }) == Approx(0.3).epsilon(1e-9));
}

TEST_CASE("hitting probabilities by the scale function: Brownian motion with drift, neutral Wright-Fisher",
          "[stats]") {
  // dY = μ dt + σ dW: Φ(y) = 2μy/σ², P_x(hit a before b) = (e^{−cx} − e^{−cb})/(e^{−ca} − e^{−cb}), c = 2μ/σ²
  const double mu = 0.3, s2 = 0.2, c = 2 * mu / s2, a = 0, b = 1, x = 0.25;
  const double exact = (std::exp(-c * x) - std::exp(-c * b)) / (std::exp(-c * a) - std::exp(-c * b));
  CHECK(hit_lower_first<double>([&](const double& y) { return c * y; }, a, x, b) ==
        Approx(exact).epsilon(1e-10));
  // neutral K = 2 Wright–Fisher (Δw = ε = 0): the scale function is linear
  const auto Phi0 = [](const double& y) { return wf2_log_scale_potential<double>(y, 0.0, 0.0, 0.1); };
  CHECK(hit_lower_first<double>(Phi0, 0.1, 0.4, 0.9) == Approx(0.625).epsilon(1e-12));
}

TEST_CASE("K = 3 zero-flux lattice law: Wright-Fisher with mutation has the Dirichlet law, first order in h",
          "[stats]") {
  // F_i = (γ/2)(α_i − A p_i), A = Σα: reversible, stationary Dirichlet(α) (zero flux everywhere)
  const double gamma = 0.5, alpha[3] = {2, 3, 4}, A = 9;
  const LatticeLaw3::Drift F = [&](const std::array<double, 3>& p) {
    return std::array<double, 3>{gamma / 2 * (alpha[0] - A * p[0]), gamma / 2 * (alpha[1] - A * p[1]),
                                 gamma / 2 * (alpha[2] - A * p[2])};
  };
  const auto m1 = [](const std::array<double, 3>& p) { return p[0]; };
  const auto m2 = [](const std::array<double, 3>& p) { return p[0] * p[1]; };
  double prev = 1;
  for (int n : {20, 40, 80}) {
    const LatticeLaw3 law(F, gamma, 0.0, n);
    double total = 0;
    for (double m : law.masses()) {
      CHECK(m >= 0);
      total += m;
    }
    CHECK(total == Approx(1).epsilon(1e-10));
    const double err = std::abs(law.expect(m1) - 2.0 / 9) + std::abs(law.expect(m2) - 6.0 / 90);
    CHECK(err < 0.6 * prev); // first order: halving h roughly halves the error
    prev = err;
  }
  CHECK(prev < 5e-3);
}

TEST_CASE("reflected_gap_1d: the Jacobi (Wright-Fisher with mutation) diffusion has gap (γ/2)A", "[stats]") {
  const double gamma = 0.4, a1 = 2, a2 = 3;
  const auto logm = [&](double y) {
    return (a1 - 1) * std::log(y) + (a2 - 1) * std::log(1 - y) - std::log(gamma);
  };
  const auto var = [&](double y) { return gamma * y * (1 - y); };
  const double gap = reflected_gap_1d(logm, var, 0.0, 1.0, 400);
  CHECK(gap == Approx(gamma / 2 * (a1 + a2)).epsilon(1e-3));
}
