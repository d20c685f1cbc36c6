// Specification of dcrv/minibatch.hpp and dcrv/sde.hpp: the array-form drifts agree with lib/'s fields, the
// projection onto Δ_δ is simplex.hpp's, the mini-batch noise has the moments of App. H Lemma lem:noise, and
// the schemes for (WF) have their measured orders (slope of the error against the step, with a 1 − 10⁻⁶
// interval) against the driftless K = 2 Wright–Fisher diffusion, whose E p(t) = p₀ and E p(1−p)(t) =
// p₀(1−p₀)e^{−γt} are exact, and between coupled levels (one Brownian path, steps T/2^l).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/sde.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/srct.hpp"
#include "dcrv/srct_arrays.hpp"
#include "dcrv/stats.hpp"
#include "dcrv/universe.hpp"

using namespace dcrv;

namespace {
std::vector<double> random_simplex(rng::Stream& s, int K) {
  std::vector<double> p(static_cast<std::size_t>(K));
  double t = 0;
  for (auto& v : p)
    t += (v = -std::log(s.uniform()));
  for (auto& v : p)
    v /= t;
  return p;
}

/// Sums over coupled paths of a difference between consecutive levels l and l + 1 (step sizes T/2^l).
struct LevelSums {
  std::vector<double> sum, sum2;
  explicit LevelSums(int levels) : sum(levels, 0), sum2(levels, 0) {}
  void add(int l, double v) { sum[l] += v, sum2[l] += v * v; }
};

/// Per level l in [first, last): h_l = T/2^l, the mean D_l of the level difference and its standard error.
struct LevelMeans {
  std::vector<double> h, D, se;
};
LevelMeans level_means(const LevelSums& s, long n, double T, int first, int last) {
  LevelMeans m;
  for (int l = first; l < last; ++l) {
    m.h.push_back(T / (1 << l));
    m.D.push_back(s.sum[l] / n), m.se.push_back(std::sqrt((s.sum2[l] / n - m.D.back() * m.D.back()) / n));
  }
  return m;
}

/// Slope of log|D_l| against log h_l by weighted least squares (delta-method errors se/|D|).
stats::Fit order_fit(const LevelMeans& m) {
  std::vector<double> x, y, e;
  for (std::size_t i = 0; i < m.h.size(); ++i) {
    x.push_back(std::log(m.h[i]));
    y.push_back(std::log(std::abs(m.D[i])));
    e.push_back(m.se[i] / std::abs(m.D[i]));
  }
  return stats::weighted_fit(x, y, e, 1e-6);
}
} // namespace

TEST_CASE("array-form drifts agree with lib/'s fields (SRCT Study B, linear score, STaR via FieldDrift)",
          "[sde]") {
  const SrctParams<double> m = study_b_model(make_universe(), 1.0, 0.05, 0.5);
  const int K = m.size();
  const SrctArrays arrays(m);
  const SrctDrift d = arrays.drift();
  const StarPartition part = StarPartition::window(5, 3);
  FieldDrift star{star_rate_field<double>(part, 0.01)};
  rng::Stream s(1, 0, 0);
  for (int trial = 0; trial < 20; ++trial) {
    const auto p = random_simplex(s, K);
    Vec<double> pv(K);
    std::vector<double> lp(K), r(K);
    for (int i = 0; i < K; ++i)
      pv(i) = p[i], lp[i] = std::log(p[i]);
    d.rate(p.data(), lp.data(), K, r.data());
    const Vec<double> ref = srct_rate(m, pv);
    for (int i = 0; i < K; ++i)
      CHECK(r[i] == Approx(ref(i)).margin(1e-12));
    const auto q = random_simplex(s, 5);
    Vec<double> qv(5), lq(5);
    std::vector<double> lqa(5), r5(5);
    for (int i = 0; i < 5; ++i)
      qv(i) = q[i], lq(i) = lqa[i] = std::log(q[i]);
    star.rate(q.data(), lqa.data(), 5, r5.data());
    const Vec<double> sref = star_rate<double>(qv, lq, part, 0.01);
    for (int i = 0; i < 5; ++i)
      CHECK(r5[i] == Approx(sref(i)).margin(1e-12));
  }
}

TEST_CASE("array-form STaR, GRPO and DPO drifts agree with scores/", "[sde]") {
  rng::Stream s(7, 0, 0);
  const int K = 5;
  const StarPartition part = StarPartition::window(K, 3);
  StarDrift st;
  st.eps = 0.02;
  GrpoDrift gr;
  gr.set_group(8);
  gr.eps = 0.03;
  DpoDrift dp;
  dp.beta = 1.5, dp.ell0 = -0.7, dp.eps = 0.04;
  DpoModel<double> dm;
  dm.beta = 1.5, dm.ell0 = -0.7, dm.eps = 0.04;
  for (int i = 0; i < K; ++i) {
    st.correct[i] = gr.correct[i] = i < 3;
    dp.label[i] = i < 3 ? 1 : -1;
    dm.labels.push_back(dp.label[i]);
  }
  const grpo::Partition gp = grpo::Partition::leading(K, 3);
  const grpo::Characteristic<double> ch(8);
  for (int trial = 0; trial < 20; ++trial) {
    const auto p = random_simplex(s, K);
    Vec<double> pv(K), lv(K);
    std::vector<double> lp(K), r(K);
    for (int i = 0; i < K; ++i)
      pv(i) = p[i], lv(i) = lp[i] = std::log(p[i]);
    st.rate(p.data(), lp.data(), K, r.data());
    const Vec<double> a = star_rate<double>(pv, lv, part, 0.02);
    for (int i = 0; i < K; ++i)
      CHECK(r[i] == Approx(a(i)).margin(1e-12));
    gr.rate(p.data(), lp.data(), K, r.data());
    const Vec<double> b = grpo::rate<double>(gp, ch, 0.03, pv, lv);
    for (int i = 0; i < K; ++i)
      CHECK(r[i] == Approx(b(i)).margin(1e-12));
    dp.rate(p.data(), lp.data(), K, r.data());
    const Vec<double> c = dm.rate(pv, lv);
    for (int i = 0; i < K; ++i)
      CHECK(r[i] == Approx(c(i)).margin(1e-12));
  }
}

TEST_CASE("project_trimmed_inplace is simplex.hpp's Euclidean projection onto the trimmed simplex", "[sde]") {
  rng::Stream s(2, 0, 0);
  for (int trial = 0; trial < 200; ++trial) {
    const int K = 2 + trial % 9;
    const double delta = 0.9 / K * s.uniform();
    std::vector<double> x(K), work(K);
    Vec<double> xv(K);
    double sum = 0;
    for (int i = 0; i < K; ++i)
      sum += (x[i] = 0.3 * s.normal() + 1.0 / K);
    for (int i = 0; i < K; ++i)
      xv(i) = (x[i] += (1 - sum) / K);
    project_trimmed_inplace(x.data(), K, delta, work.data());
    const Vec<double> ref = project_trimmed(xv, delta);
    for (int i = 0; i < K; ++i)
      CHECK(x[i] == Approx(ref(i)).margin(1e-13));
    CHECK(in_trimmed(x.data(), K, delta));
  }
}

TEST_CASE("mini-batch noise: E xi = 0, sum(xi) = 0 and E|xi|^2 = (1 - |p|^2)/B (App. H lem:noise)", "[sde]") {
  const std::vector<double> p = {0.5, 0.2, 0.2, 0.1};
  const int K = 4;
  for (long B : {1L, 7L, 64L}) {
    const long n = 200000;
    std::vector<double> sq;
    std::vector<double> m(K, 0.0);
    long counts[4];
    double tail[5];
    for (long j = 0; j < n; ++j) {
      rng::Stream s(3, static_cast<std::uint64_t>(j), 0);
      rng::multinomial(s, B, p.data(), K, counts, tail);
      double q = 0, total = 0;
      for (int i = 0; i < K; ++i) {
        const double xi = double(counts[i]) / double(B) - p[i];
        m[i] += xi, q += xi * xi, total += xi;
      }
      CHECK(std::abs(total) < 1e-15);
      sq.push_back(q);
    }
    double pp = 0;
    for (double v : p)
      pp += v * v;
    const stats::Interval e2 = stats::mean_interval(sq, 1e-6);
    INFO("B = " << B);
    CHECK((e2.lo < (1 - pp) / double(B) && e2.hi > (1 - pp) / double(B)));
    for (int i = 0; i < K; ++i)
      CHECK(std::abs(m[i] / n) < 5 * std::sqrt(p[i] * (1 - p[i]) / double(B) / n));
  }
}

TEST_CASE("mini-batch chain: a path replays alone — a step that leaves the simplex is reported, not repaired",
          "[sde]") {
  LinearDrift d;
  d.eps = 0.1;
  for (int i = 0; i < 3; ++i)
    d.w[i] = i;
  MinibatchParams mp;
  mp.eta = 0.05, mp.B = 16;
  auto final_state = [&](std::uint64_t path) {
    double p[3] = {0.3, 0.3, 0.4};
    run_minibatch_path(9, path, d, mp, p, 3, 200, [](long, const double*) { return true; });
    return std::vector<double>(p, p + 3);
  };
  std::vector<std::vector<double>> all;
  for (std::uint64_t j = 0; j < 10; ++j)
    all.push_back(final_state(j));
  CHECK(final_state(6) == all[6]);
  // η = 3 with a strong drift: the first step leaves the simplex
  MinibatchParams bad = mp;
  bad.eta = 3;
  double p[3] = {0.05, 0.05, 0.9};
  CHECK_THROWS_AS(run_minibatch_path(9, 0, d, bad, p, 3, 5, [](long, const double*) { return true; }),
                  PathBreakdown);
  CHECK_THROWS_AS(validate(MinibatchParams{0.1, 0, false, 0}, 3), std::invalid_argument);
  CHECK_THROWS_AS(validate(MinibatchParams{-0.1, 4, false, 0}, 3), std::invalid_argument);
  CHECK_THROWS_AS(validate(MinibatchParams{0.1, 4, true, 0.5}, 3), std::invalid_argument);
}

TEST_CASE("(WF) noise: sigma sigma^T = gamma (diag p - p p^T) and the increments sum to zero", "[sde]") {
  const double p[3] = {0.2, 0.3, 0.5};
  // columns of σ: σ e_k
  double cov[3][3] = {};
  for (int k = 0; k < 3; ++k) {
    double dW[3] = {0, 0, 0}, x[3];
    dW[k] = 1;
    wf_noise(p, dW, 3, x);
    CHECK(std::abs(x[0] + x[1] + x[2]) < 1e-16);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        cov[i][j] += x[i] * x[j];
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      CHECK(cov[i][j] == Approx((i == j ? p[i] : 0.0) - p[i] * p[j]).margin(1e-15));
}

TEST_CASE("Euler-Maruyama in log-coordinates: weak order 1 and strong order 1/2 (measured), exact moments of "
          "the driftless K = 2 Wright-Fisher diffusion",
          "[sde][order]") {
  LinearDrift d; // φ = 0, ε = 0: dp = √γ(…) dW
  const double gamma = 0.05, T = 1, p0[2] = {0.4, 0.6};
  const int L = 6, K = 2;
  const long n = 60000;
  LevelSums weak_sums(L), strong_sums(L);
  std::vector<double> fin, mean_p;
  std::vector<double> out((L + 1) * K);
  for (long j = 0; j < n; ++j) {
    wf_coupled_levels(11, static_cast<std::uint64_t>(j), d, gamma, T, L, false, 0.0, p0, K, out.data());
    for (int l = 0; l < L; ++l) {
      const double a = out[l * K] * out[l * K + 1], b = out[(l + 1) * K] * out[(l + 1) * K + 1];
      weak_sums.add(l, a - b);
      strong_sums.add(l, std::abs(out[l * K] - out[(l + 1) * K]));
    }
    fin.push_back(out[L * K] * out[L * K + 1]);
    mean_p.push_back(out[L * K]);
  }
  // h = T/2 … T/32 (h = T is outside the asymptotic range)
  const LevelMeans weak_levels = level_means(weak_sums, n, T, 1, L);
  const stats::Fit weak = order_fit(weak_levels), strong = order_fit(level_means(strong_sums, n, T, 1, L));
  std::printf(
      "[test_sde] EM (log), driftless K=2 WF, gamma=0.05: weak order %.3f [%.3f, %.3f], strong order %.3f "
      "[%.3f, %.3f] (%ld coupled paths, h = 1/2..1/32)\n",
      weak.slope, weak.lo, weak.hi, strong.slope, strong.lo, strong.hi, n);
  CHECK((weak.lo < 1 && weak.hi > 1));
  CHECK((weak.lo > 0.5 && weak.hi < 1.6));
  CHECK((strong.lo > 0.35 &&
         strong.hi < 0.65)); // order ½ (pre-asymptotic range: the measured slope is reported)
  // the finest level reproduces the exact moments
  const stats::Interval m1 = stats::mean_interval(mean_p, 1e-6), m2 = stats::mean_interval(fin, 1e-6);
  const double exact = 0.4 * 0.6 * std::exp(-gamma * T);
  const double bias =
      std::abs(weak_levels.D.back()) * 2; // the remaining O(h) weak error at h = T/64, from the fit's data
  CHECK((m1.lo - bias < 0.4 && m1.hi + bias > 0.4));
  CHECK((m2.lo - bias < exact && m2.hi + bias > exact));
}

TEST_CASE("Talay-Tubaro extrapolation of log-EM: weak order 2 (measured on coupled levels)", "[sde][order]") {
  // K = 3, a strong nonlinear drift (entropy weight ε = 1, linear score) and small noise γ = 0.002: the weak
  // error of EM is dominated by its drift discretisation and is resolved far above the Monte-Carlo noise
  LinearDrift d;
  d.eps = 1;
  for (int i = 0; i < 3; ++i)
    d.w[i] = 0.6 * i;
  const double gamma = 0.002, T = 1, p0[3] = {0.7, 0.2, 0.1};
  const int L = 5, K = 3;
  const long n = 20000;
  const auto f = [](const double* p) { return p[0] * (1 - p[0]) + p[2] * p[2]; };
  LevelSums em(L), tt(L - 1);
  std::vector<double> out((L + 1) * K);
  for (long j = 0; j < n; ++j) {
    wf_coupled_levels(12, static_cast<std::uint64_t>(j), d, gamma, T, L, false, 0.0, p0, K, out.data());
    double fv[8];
    for (int l = 0; l <= L; ++l)
      fv[l] = f(&out[l * K]);
    for (int l = 0; l < L; ++l)
      em.add(l, fv[l] - fv[l + 1]);
    for (int l = 0; l + 1 < L; ++l)
      tt.add(l, (2 * fv[l + 1] - fv[l]) - (2 * fv[l + 2] - fv[l + 1]));
  }
  // h = 1/2 … 1/16 (one step of size T is outside the asymptotic range)
  const stats::Fit weak = order_fit(level_means(em, n, T, 1, L)),
                   weak2 = order_fit(level_means(tt, n, T, 1, L - 1));
  std::printf(
      "[test_sde] K=3, eps=1, gamma=0.002: EM (log) weak order %.3f [%.3f, %.3f]; Talay-Tubaro weak order "
      "%.3f [%.3f, %.3f] (h = 1/2..1/16, %ld coupled paths)\n",
      weak.slope, weak.lo, weak.hi, weak2.slope, weak2.lo, weak2.hi, n);
  CHECK((weak.lo < 1 && weak.hi > 1));
  CHECK(weak2.lo > 1.5); // at least second order (the measured slope is pre-asymptotically above 2)
}

TEST_CASE("reflected scheme on the trimmed simplex: stays in it — measured weak and strong orders",
          "[sde][order]") {
  LinearDrift d;
  d.eps = 1;
  for (int i = 0; i < 3; ++i)
    d.w[i] = 0.3 * i;
  const double gamma = 0.3, T = 1, delta = 0.05, p0[3] = {1.0 / 6, 2.0 / 6, 3.0 / 6};
  const int L = 6, K = 3;
  const long n = 30000;
  const auto f = [](const double* p) { return p[0] * (1 - p[0]) + p[2] * p[2]; };
  std::vector<double> out((L + 1) * K);
  LevelSums w(L), s(L);
  for (long j = 0; j < n; ++j) {
    wf_coupled_levels(13, static_cast<std::uint64_t>(j), d, gamma, T, L, true, delta, p0, K, out.data());
    for (int l = 0; l <= L; ++l)
      REQUIRE(in_trimmed(&out[l * K], K, delta));
    for (int l = 0; l < L; ++l) {
      w.add(l, f(&out[l * K]) - f(&out[(l + 1) * K]));
      double e = 0;
      for (int i = 0; i < K; ++i)
        e += std::abs(out[l * K + i] - out[(l + 1) * K + i]);
      s.add(l, e);
    }
  }
  const LevelMeans weak_levels = level_means(w, n, T, 2, L);
  const stats::Fit strong = order_fit(level_means(s, n, T, 2, L));
  std::printf("[test_sde] reflected EM on Delta_0.05, K=3: strong order %.3f [%.3f, %.3f]; weak differences:",
              strong.slope, strong.lo, strong.hi);
  for (std::size_t i = 0; i < weak_levels.D.size(); ++i)
    std::printf(" h=%g: %.2e (se %.1e)", weak_levels.h[i], weak_levels.D[i], weak_levels.se[i]);
  std::printf("\n");
  CHECK((strong.lo > 0.3 && strong.hi < 1.0));
}
