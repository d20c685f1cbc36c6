// tests/test_domains.cpp — specifications of the shared readings of properties/domains/ (issue 8: every
// helper used by two claim files lives once, with a test): how a sample is read as a GRPO instance (App. E),
// the BD threshold series (App. E §Exact BD on facets), the report wrapper of a claim, the DPO pair / ε /
// log-ratio readings (App. F), the soft-max constants (App. B §B.4–§B.6), the trimmed simplex Δ_δ (App. A
// §A.4, App. B §δ-interior refinements), the folds over index pairs of App. D and App. I, and the log–log
// rate fits of App. H. Each helper is checked against an independent computation or a hand-worked value.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/numdiff.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/stats.hpp"
#include "properties/domains/bd_grpo_series.hpp"
#include "properties/domains/dpo_sample.hpp"
#include "properties/domains/grpo_instance.hpp"
#include "properties/domains/kernels.hpp"
#include "properties/domains/noise_fits.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/simplex_trimmed.hpp"
#include "properties/domains/softmax_constants.hpp"
#include "properties/domains/star.hpp"

using namespace dcrv;

namespace {

using boost::multiprecision::abs, boost::multiprecision::cosh, boost::multiprecision::exp,
    boost::multiprecision::log, boost::multiprecision::sqrt;
using std::abs, std::cosh, std::exp, std::log, std::sqrt;

/// The agreement asked of a closed form: 1e-15 in double, 1e-40 in MPFR at the tests' 50 digits.
template <class T> T exact_tol() {
  if constexpr (std::is_same_v<T, double>)
    return 1e-15;
  else
    return T("1e-40");
}
/// The agreement asked of a 6th-order central difference (step central_difference_step): 1e-8 / 1e-35.
template <class T> T fd_tol() {
  if constexpr (std::is_same_v<T, double>)
    return 1e-8;
  else
    return T("1e-35");
}
/// A decimal literal read at the scalar's precision (strtod in double, 50 digits in MPFR).
template <class T> T dec(const char* digits) {
  if constexpr (std::is_same_v<T, double>)
    return std::strtod(digits, nullptr);
  else
    return T(digits);
}
/// |a − b| ≤ tol · max(1, |a|, |b|).
template <class T> bool close(const T& a, const T& b, const T& tol) {
  T mag(1);
  if (abs(a) > mag)
    mag = abs(a);
  if (abs(b) > mag)
    mag = abs(b);
  return abs(T(a - b)) <= tol * mag;
}

/// One hand-made sample of a domain, kept alive with the domain so that Args<T> can read it.
struct Made {
  Domain d;
  Sample s;
  Made(Domain dom, int S, const Assign& a) : d(std::move(dom)), s(d.make(S, a)) {}
  template <class T> Args<T> args() const { return Args<T>(d, s); }
};

/// An `le` whose violation score grows with v (v < 100), so `worst` picks the largest v.
template <class T> Ineq<T> ranked(double v) {
  return le<T>(T(v), T(100));
}

} // namespace

// ---- properties/domains/grpo_instance.hpp (App. E §Setup) ----------------------------------------------

TEST_CASE("instance_of reads K, K_C = round(kc·(K − gaps)), K_I, G = round(G) and the leading partition",
          "[domains][grpo]") {
  // K = 5, kc = 0.5: K_C = lround(2.5) = 3 (the first three indices correct), K_I = 2; G = lround(8.4) = 8.
  const Made m(grpo_domain::instances(), 5, {{"G", {8.4}}, {"kc", {0.5}}});
  const Args<double> a = m.args<double>();
  const auto [K, KC, KI, G, part, ch] = grpo_domain::instance_of(a);
  CHECK(K == 5);
  CHECK(KC == 3);
  CHECK(KI == 2);
  CHECK(G == 8);
  CHECK(ch.G() == 8);
  REQUIRE(part.size() == 5);
  CHECK(part.num_correct() == 3);
  for (int k = 0; k < 5; ++k)
    CHECK(part.is_correct(k) == (k < 3));
  // K_C ∈ [lo, K − hi_gap] = [1, 4]: kc = 0 gives the lower end, kc = 1 the upper one.
  const Made lo(grpo_domain::instances(), 5, {{"G", {8.0}}, {"kc", {0.0}}});
  const Made hi(grpo_domain::instances(), 5, {{"G", {8.0}}, {"kc", {1.0}}});
  CHECK(grpo_domain::instance_of(lo.args<double>(), 1, 1).KC == 1);
  CHECK(grpo_domain::instance_of(hi.args<double>(), 1, 1).KC == 4);
  CHECK(grpo_domain::instance_of(hi.args<double>(), 1, 1).KI == 1);
}

TEMPLATE_TEST_CASE("instance_with takes K_C as given and clamps G to [2, max_group]", "[domains][grpo]",
                   double, mpfr) {
  const Made m(grpo_domain::instances(), 6, {{"G", {200.0}}, {"kc", {0.9}}});
  const Args<TestType> a = m.args<TestType>();
  const auto inst = grpo_domain::instance_with(a, 2, 16);
  CHECK(inst.K == 6);
  CHECK(inst.KC == 2);
  CHECK(inst.KI == 4);
  CHECK(inst.G == 16);
  CHECK(inst.part.num_correct() == 2);
  CHECK(inst.part.is_correct(1));
  CHECK_FALSE(inst.part.is_correct(2));
  // h_G(0) = √(G − 1) (lem:hG-basic): the characteristic is the one of the clamped G.
  CHECK(close<TestType>(inst.ch.h(TestType(0)), sqrt(TestType(15)), TestType(1e-12)));
  CHECK(grpo_domain::instance_with(a, 2).G == 200);
}

TEST_CASE("degenerate_count is K_C = 0 for kc < 1/2 and K_C = K otherwise (App. E §Edge cases)",
          "[domains][grpo]") {
  for (double kc : {0.0, 0.2, 0.4999})
    CHECK(grpo_domain::degenerate_count(Made(grpo_domain::instances(), 4, {{"kc", {kc}}}).args<double>()) ==
          0);
  for (double kc : {0.5, 0.7, 1.0})
    CHECK(grpo_domain::degenerate_count(Made(grpo_domain::instances(), 4, {{"kc", {kc}}}).args<mpfr>()) == 4);
}

TEMPLATE_TEST_CASE(
    "interval_rho sweeps [K_C δ, 1 − K_I δ], the range of ρ_C on Δ_δ (App. E §Setup, BD_exact)",
    "[domains][grpo]", double, mpfr) {
  using T = TestType;
  const T delta = T(1) / T(10); // K_C = 2, K_I = 3: the interval [0.2, 0.7]
  CHECK(close<T>(grpo_domain::interval_rho(2, 3, delta, T(0)), T(1) / T(5), exact_tol<T>()));
  CHECK(close<T>(grpo_domain::interval_rho(2, 3, delta, T(1)), T(7) / T(10), exact_tol<T>()));
  // u = 1/4: 0.2 + 0.25·(1 − 0.3 − 0.2) = 0.325 = 13/40, by hand.
  CHECK(close<T>(grpo_domain::interval_rho(2, 3, delta, T(1) / T(4)), T(13) / T(40), exact_tol<T>()));
  // K_C = 0: ρ_C = u(1 − K_I δ) starts at 0.
  CHECK(close<T>(grpo_domain::interval_rho(0, 4, delta, T(1) / T(2)), T(3) / T(10), exact_tol<T>()));
}

TEMPLATE_TEST_CASE(
    "band_limits are Ψ(K_C δ) and Ψ(1 − K_I δ), the feasibility band of z (App. E §Feasibility "
    "band)",
    "[domains][grpo]", double, mpfr) {
  using T = TestType;
  // K_C = 2, K_I = 3, δ = 0.1: Ψ(ρ) = log((3/2)·ρ/(1 − ρ)), so Ψ(0.2) = log(3/8) and Ψ(0.7) = log(7/2).
  const auto [lo, hi] = grpo_domain::band_limits(2, 3, T(T(1) / T(10)));
  CHECK(close<T>(lo, log(T(3) / T(8)), exact_tol<T>()));
  CHECK(close<T>(hi, log(T(7) / T(2)), exact_tol<T>()));
  // ρ(z) = K_C e^z/(K_I + K_C e^z) maps the ends back onto K_C δ and 1 − K_I δ.
  CHECK(close<T>(grpo::rho_of_z(2, 3, lo).first, T(1) / T(5), T(1e3) * exact_tol<T>()));
  CHECK(close<T>(grpo::rho_of_z(2, 3, hi).first, T(7) / T(10), T(1e3) * exact_tol<T>()));
}

TEST_CASE("band_limits keeps the upper end finite at tiny δ: 1 − ρ is taken as K_I δ, not as 1 − (1 − K_I δ)",
          "[domains][grpo]") {
  // δ = 1e-30, K_C = 2, K_I = 3: Ψ(1 − 3δ) = log((1 − 3δ)/(2δ)) ≈ −log(2δ); 1 − (1 − 3δ) is 0 in double.
  const double delta = 1e-30;
  const auto [lo, hi] = grpo_domain::band_limits(2, 3, delta);
  CHECK(std::isfinite(hi));
  CHECK(hi == Approx(-std::log(2 * delta)).epsilon(1e-14));
  CHECK(lo == Approx(std::log(1.5 * 2 * delta)).epsilon(1e-14)); // Ψ(2δ) = log(3δ/(1 − 2δ))
}

// ---- properties/domains/bd_grpo_series.hpp (App. E §Exact BD on facets) --------------------------------

namespace {
/// E_min^(I)(ρ) written out from App. E §Entropy face gap (indicators K_C ≥ 1, K_I ≥ 2).
double emin_I(int KC, int KI, double d, double rho) {
  double e = (d - 1) * std::log(d);
  if (KC >= 1)
    e += rho * std::log(rho / KC);
  if (KI >= 2 && 1 - d - rho > 0)
    e += (1 - d - rho) * std::log((1 - d - rho) / (KI - 1));
  return e;
}
/// sup over a uniform grid of [K_C δ, 1 − K_I δ] of ρ h_G(ρ)/E_min^(I)(ρ), h_G(ρ) = c₁(ρ)/(1 − ρ) by its
/// definition (App. E (BD_exact): the facet is inward iff ε ≥ this sup).
double bd_grid_sup(int KC, int KI, int G, double d, int n = 4000) {
  const grpo::Characteristic<double> ch(G);
  const double lo = KC * d, hi = 1 - KI * d;
  double best = 0;
  for (int k = 0; k <= n; ++k) {
    const double rho = lo + (hi - lo) * k / n;
    best = std::max(best, rho * ch.c1(rho) / (1 - rho) / emin_I(KC, KI, d, rho));
  }
  return best;
}
} // namespace

TEST_CASE(
    "bd_threshold_series: one row per (K_C, K_I) × G × δ in that nesting, the caller's columns once per "
    "row",
    "[domains][grpo][bd]") {
  const std::vector<std::pair<int, int>> parts = {{1, 1}, {2, 3}};
  const std::vector<int> groups = {2, 8};
  const std::vector<double> fracs = {0.5, 0.9};
  std::vector<std::vector<double>> calls;
  const nlohmann::json s =
      grpo_domain::bd_threshold_series(parts, groups, fracs, [&](int KC, int KI, int G, double d) {
        calls.push_back({double(KC), double(KI), double(G), d});
        return std::vector<grpo_domain::SeriesColumn>{{"row", double(calls.size() - 1)}};
      });
  REQUIRE(s.size() == 7); // the six columns and "row"
  for (const char* col : {"K_C", "K_I", "G", "delta", "eps_bd_interval", "eps_facet_exact", "row"})
    REQUIRE(s.at(col).size() == 8);
  REQUIRE(calls.size() == 8);
  int r = 0;
  for (const auto& [KC, KI] : parts)
    for (int G : groups)
      for (double frac : fracs) {
        CHECK(s["K_C"][r].get<int>() == KC);
        CHECK(s["K_I"][r].get<int>() == KI);
        CHECK(s["G"][r].get<int>() == G);
        CHECK(s["delta"][r].get<double>() == frac / (KC + KI));
        CHECK(s["row"][r].get<double>() == r);
        CHECK(calls[r] == std::vector<double>{double(KC), double(KI), double(G), frac / (KC + KI)});
        ++r;
      }
}

TEST_CASE("bd_threshold_series: the thresholds are sup ρh_G(ρ)/E_min^(I)(ρ) (BD_exact) — by hand, on a grid "
          "and below the uniform relaxation",
          "[domains][grpo][bd]") {
  const std::vector<std::pair<int, int>> parts = {{1, 1}, {2, 3}, {1, 4}};
  const std::vector<int> groups = {2, 8};
  const std::vector<double> fracs = {0.5, 0.9};
  const nlohmann::json s = grpo_domain::bd_threshold_series(
      parts, groups, fracs, [](int, int, int, double) { return std::vector<grpo_domain::SeriesColumn>{}; });
  REQUIRE(s["K_C"].size() == 12);
  // By hand: K_C = K_I = 1, G = 2 (h_2 ≡ 1), δ = 1/4. The only incorrect facet has ρ = 1 − δ = 3/4 and
  // E_min^(I)(3/4) = (3/4) log 4 + (3/4) log(3/4) = (3/4) log 3, so the facet threshold is 1/log 3; on the
  // interval [1/4, 3/4] the ratio ρ/((3/4) log 4 + ρ log ρ) increases (its derivative has the sign of
  // (3/4) log 4 − ρ > 0), so the interval threshold is 1/log 3 as well.
  CHECK(s["eps_facet_exact"][0].get<double>() == Approx(1 / std::log(3.0)).epsilon(1e-12));
  CHECK(s["eps_bd_interval"][0].get<double>() == Approx(1 / std::log(3.0)).epsilon(1e-12));
  for (std::size_t r = 0; r < s["K_C"].size(); ++r) {
    const int KC = s["K_C"][r], KI = s["K_I"][r], G = s["G"][r];
    const double d = s["delta"][r], interval = s["eps_bd_interval"][r], facet = s["eps_facet_exact"][r];
    INFO("K_C = " << KC << ", K_I = " << KI << ", G = " << G << ", delta = " << d);
    // an independent maximisation on a uniform grid: the maximiser's value is the sup, so at least the grid's
    const double grid = bd_grid_sup(KC, KI, G, d);
    CHECK(interval >= grid * (1 - 1e-12));
    CHECK(interval <= grid * (1 + 1e-5));
    // the facet threshold is the interval's when K_I ≥ 2 (every ρ of the interval occurs on a facet p_k = δ)
    if (KI >= 2)
      CHECK(facet == interval);
    // the uniform sufficient relaxation ε L_K(δ) ≥ √(G − 1) implies BD_exact (App. E §Convenient sufficient
    // relaxations), so its threshold √(G − 1)/L_K(δ) is at least the exact one
    const int K = KC + KI;
    const double LK = (1 - d) * std::log((1 - d) / ((K - 1) * d));
    CHECK(interval <= std::sqrt(G - 1.0) / LK * (1 + 1e-12));
  }
}

// ---- with_report (properties/engine/engine.hpp)
// ------------------------------------------------------------------------

TEST_CASE(
    "with_report runs the report once after the inner check, on its outcome, and leaves replay as it is",
    "[domains][report]") {
  Claim c;
  c.id = "X.with-report";
  int inner_calls = 0, report_calls = 0;
  c.check = [&](const Context&) {
    ++inner_calls;
    Outcome o;
    o.status = Status::verified;
    o.message = "inner";
    return o;
  };
  c.replay = [](const Context&, const nlohmann::json&) {
    Outcome o;
    o.status = Status::falsified;
    o.message = "replayed";
    return o;
  };
  std::string seen;
  const Claim w = with_report(c, [&](const Context& ctx, Outcome& out) {
    ++report_calls;
    seen = out.message + " seed " + std::to_string(ctx.seed);
    out.series = {{"x", {1, 2}}};
    out.status = Status::inconclusive; // a report may decide the status (a sweep beyond the ∀-property)
  });
  CHECK(w.id == c.id);
  Context ctx;
  ctx.seed = 7;
  const Outcome out = w.check(ctx);
  CHECK(inner_calls == 1);
  CHECK(report_calls == 1);
  CHECK(seen == "inner seed 7");
  CHECK(out.message == "inner");
  CHECK(out.status == Status::inconclusive);
  CHECK(out.series["x"].size() == 2);
  const Outcome rep = w.replay(ctx, nlohmann::json::object());
  CHECK(rep.message == "replayed");
  CHECK(report_calls == 1);
}

// ---- properties/domains/dpo_sample.hpp (App. F) ---------------------------------------------------------

TEST_CASE("labels_with_pair forces (s₀, s₁) and keeps the signs of the field s elsewhere", "[domains][dpo]") {
  const Made m(dpo_domain::model_domain(), 4, {{"s", {-1.0, 1.0, 0.0, -2.0}}});
  const Args<double> a = m.args<double>();
  CHECK(dpo_domain::labels_of(a) == std::vector<int>{-1, 1, 1, -1});
  CHECK(dpo_domain::labels_with_pair(a, 1, -1) == std::vector<int>{1, -1, 1, -1});
  CHECK(dpo_domain::labels_with_pair(a, -1, -1) == std::vector<int>{-1, -1, 1, -1});
}

TEMPLATE_TEST_CASE(
    "eps_with_zero is max(eps, 0) and sc_eps is cβ(1 + η), above the Slope Condition's cβ (App. F "
    "§Slope Condition)",
    "[domains][dpo]", double, mpfr) {
  using T = TestType;
  const Domain d =
      Domain().dims(2).real("eps", -1.0, 1.0).real("beta", 1e-3, 1e3, true).real("eta", 0.0, 1.0);
  for (const auto& [raw, want] :
       std::vector<std::pair<double, double>>{{-0.3, 0.0}, {0.0, 0.0}, {0.4, 0.4}}) {
    const Sample s = d.make(2, {{"eps", {raw}}});
    CHECK(dpo_domain::eps_with_zero(Args<T>(d, s)) == T(want));
  }
  const Sample s = d.make(3, {{"beta", {2.0}}, {"eta", {0.5}}});
  const Args<T> a(d, s);
  CHECK(close<T>(dpo_domain::sc_eps(a), T(3) / T(4), exact_tol<T>())); // ¼·2·1.5
  CHECK(close<T>(dpo_domain::sc_eps(a, T(1) / T(2)), T(3) / T(2), exact_tol<T>()));
  CHECK(dpo_domain::sc_eps(a) > a.real("beta") / 4);
}

TEMPLATE_TEST_CASE("g_slope_fd is d/dt g_β(ℓ(t)) at 0 = ℓ'(0) g_β'(ℓ(0)), g_β' = −(β/4) sech²(β(ℓ − ℓ₀)/2)",
                   "[domains][dpo]", double, mpfr) {
  using T = TestType;
  DpoModel<T> m;
  m.beta = T(3);
  m.ell0 = T(-1);
  const T l0 = T(-1) / T(2);
  const auto path = [&](const T& t) { return T(l0 + T(2) * t); }; // ℓ'(t) = 2
  const T c = T(1) / T(cosh(T(m.beta * (l0 - m.ell0) / T(2))));
  const T analytic = T(2) * T(-m.beta / T(4) * c * c);
  const T h = central_difference_step<T>();
  const T tol = fd_tol<T>();
  CHECK(close<T>(dpo_domain::g_slope_fd(m, path, false, h), analytic, tol));
  CHECK(close<T>(dpo_domain::g_slope_fd(m, path, true, h), analytic, tol));
}

TEST_CASE("g_slope_fd with `upper` keeps its relative accuracy where g_β saturates at 1 in double",
          "[domains][dpo]") {
  // β = 1, ℓ₀ = 0, ℓ(t) = −40 + t: g = 1 − σ(−40) is 1 in double, g' = −σ(40)σ(−40) ≈ −4.2e-18.
  DpoModel<double> m;
  m.beta = 1;
  m.ell0 = 0;
  const auto path = [](double t) { return -40.0 + t; };
  const double analytic = -1.0 / (4 * std::cosh(20.0) * std::cosh(20.0));
  const double h = central_difference_step<double>();
  CHECK(dpo_domain::g_slope_fd(m, path, true, h) == Approx(analytic).epsilon(1e-8));
  // the plain difference of g values has lost every digit (the reason for `upper`)
  CHECK(std::abs(dpo_domain::g_slope_fd(m, path, false, h) - analytic) > 0.5 * std::abs(analytic));
}

TEMPLATE_TEST_CASE(
    "over_pairs with within_class visits each unordered pair of a class once, with cross_class "
    "each (c, i) ∈ 𝒞 × ℐ, and passes z_ij(t), z_ij(0) and |log p_i| + |log p_j|",
    "[domains][dpo]", double, mpfr) {
  using T = TestType;
  const std::vector<int> s = {1, -1, 1, -1, 1}; // 𝒞 = {0, 2, 4}, ℐ = {1, 3}
  Vec<T> p0(5), p(5);
  p0 << T(1) / 5, T(1) / 5, T(1) / 5, T(1) / 5, T(1) / 5;
  p << T(1) / 10, T(2) / 10, T(3) / 10, T(1) / 20, T(7) / 20;
  const auto visits = [&](auto select) {
    std::vector<std::pair<int, int>> pairs;
    std::vector<std::vector<T>> args;
    const auto recording = [&](int i, int j) {
      const bool b = select(i, j);
      if (b)
        pairs.push_back({i, j});
      return b;
    };
    const Ineq<T> w = dpo_domain::over_pairs<T>(p0, p, recording, [&](const T& z, const T& z0, const T& sc) {
      args.push_back({z, z0, sc});
      return le<T>(z, T(100));
    });
    return std::make_tuple(pairs, args, w);
  };
  using Pairs = std::vector<std::pair<int, int>>;
  CHECK(std::get<0>(visits(dpo_domain::within_class(s, 1))) == Pairs{{0, 2}, {0, 4}, {2, 4}});
  CHECK(std::get<0>(visits(dpo_domain::within_class(s, -1))) == Pairs{{1, 3}});
  const auto [cross, args, w] = visits(dpo_domain::cross_class(s));
  CHECK(cross == Pairs{{0, 1}, {0, 3}, {2, 1}, {2, 3}, {4, 1}, {4, 3}});
  REQUIRE(args.size() == cross.size());
  for (std::size_t k = 0; k < cross.size(); ++k) {
    const auto [i, j] = cross[k];
    CHECK(close<T>(args[k][0], T(log(T(p(i) / p(j)))), T(10) * exact_tol<T>()));
    CHECK(close<T>(args[k][1], T(0), exact_tol<T>())); // uniform start: z_ij(0) = 0
    CHECK(close<T>(args[k][2], T(abs(log(p(i))) + abs(log(p(j)))), T(10) * exact_tol<T>()));
  }
  // the worst over the pairs: the largest z_ij, (4, 3): log(0.35/0.05) = log 7
  CHECK(close<T>(w.lhs, log(T(7)), T(10) * exact_tol<T>()));
  // no pair selected (one incorrect index): skip
  const std::vector<int> one_incorrect = {1, 1, -1, 1, 1};
  CHECK(dpo_domain::over_pairs<T>(p0, p, dpo_domain::within_class(one_incorrect, -1),
                                  [](const T&, const T&, const T&) { return le<T>(T(1), T(0)); })
            .rel == Ineq<T>::Rel::skip);
}

TEMPLATE_TEST_CASE(
    "contraction is |z_ik(t)| ≤ |z_ik(0)| e^{−rate·t} up to dpo_flow_slack (thm:intraclass): a "
    "3-point example by hand",
    "[domains][dpo]", double, mpfr) {
  using T = TestType;
  // 𝒞 = {0, 1}, ℐ = {2}; p0 = (1/2, 1/4, 1/4), p(t = 1) = (0.4, 0.3, 0.3): z_01 goes from log 2 to log(4/3).
  // log(4/3) ≤ log 2 · e^{−r} iff r ≤ log(log 2/log(4/3)) ≈ 0.8794: rate 0.8 holds, rate 1 does not.
  const std::vector<int> s = {1, 1, -1};
  Vec<T> p0(3), p(3);
  p0 << T(1) / 2, T(1) / 4, T(1) / 4;
  p << T(4) / 10, T(3) / 10, T(3) / 10;
  const T scale = T(abs(log(p(0))) + abs(log(p(1))));
  const Ineq<T> holds = dpo_domain::contraction(dpo_domain::within_class(s, 1), p0, p, T(1), T(8) / T(10));
  CHECK(close<T>(holds.lhs, log(T(4) / T(3)), T(10) * exact_tol<T>()));
  CHECK(close<T>(holds.rhs, T(log(T(2)) * exp(T(-8) / T(10)) + dpo_domain::dpo_flow_slack<T>() * scale),
                 T(10) * exact_tol<T>()));
  CHECK_FALSE(holds.violated());
  const Ineq<T> fails = dpo_domain::contraction(dpo_domain::within_class(s, 1), p0, p, T(1), T(1));
  CHECK(fails.violated());
  // across the classes: (0, 2) goes from log 2 to log(4/3) (margin 7.6 % of its sides) while (1, 2) stays at
  // z = 0, where only the slack separates 0 from 0 (margin dpo_flow_slack relative to its scale): that is the
  // worst pair
  const Ineq<T> cross = dpo_domain::contraction(dpo_domain::cross_class(s), p0, p, T(1), T(8) / T(10));
  CHECK(cross.lhs == T(0));
  CHECK(cross.score() == Approx(-to_double(dpo_domain::dpo_flow_slack<T>())).epsilon(1e-9));
  CHECK_FALSE(cross.violated());
}

TEMPLATE_TEST_CASE("log_ratio_at: z_ij = log p_i − log p_j and ż_ij = s_i g(ℓ_i) − s_j g(ℓ_j) − ε(ℓ_i − ℓ_j) "
                   "(App. F §Cross-class envelopes, §Intra-class contraction)",
                   "[domains][dpo]", double, mpfr) {
  using T = TestType;
  DpoModel<T> m;
  m.beta = T(2);
  m.ell0 = T(-1);
  m.eps = T(3) / T(10);
  m.labels = {1, -1, 1};
  Vec<T> p(3);
  p << T(1) / 2, T(3) / 10, T(1) / 5;
  const Vec<T> lp = log_of(p);
  // by hand: φ_i − φ_j = s_i g(ℓ_i) − s_j g(ℓ_j) (the mean score cancels), the entropy part gives −ε(ℓ_i −
  // ℓ_j)
  const auto g = [&](const T& l) { return T(T(1) / (T(1) + exp(T(m.beta * (l - m.ell0))))); };
  for (const auto& [i, j] : std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {2, 1}}) {
    const auto r = dpo_domain::log_ratio_at(m, p, lp, i, j);
    const T li = log(p(i)), lj = log(p(j));
    CHECK(close<T>(r.z, T(li - lj), T(10) * exact_tol<T>()));
    const T zdot = T(m.labels[i]) * g(li) - T(m.labels[j]) * g(lj) - m.eps * (li - lj);
    CHECK(close<T>(r.zdot, zdot, T(100) * exact_tol<T>()));
    const T mean_log = p(0) * log(p(0)) + p(1) * log(p(1)) + p(2) * log(p(2));
    CHECK(close<T>(r.scale, T(T(2) + m.eps * (abs(li) + abs(lj) + abs(mean_log))), T(10) * exact_tol<T>()));
  }
}

// ---- properties/domains/softmax_constants.hpp (App. B §B.4–§B.6) ----------------------------------------

TEMPLATE_TEST_CASE(
    "the soft-max constants equal their closed forms: 1/√54, 1/(3√3), 1/(12√3), a± = ½ ± 1/(2√3)",
    "[domains][softmax]", double, mpfr) {
  using T = TestType;
  namespace sc = softmax_constants;
  const T one(1), tol = exact_tol<T>();
  // decimal expansions to 60 digits (Python's decimal module)
  CHECK(close<T>(sc::kInvRoot54(one),
                 dec<T>("0.136082763487954338788738004150327299553663748925370562690705"), tol));
  CHECK(close<T>(sc::kInvThreeRootThree(one),
                 dec<T>("0.192450089729875254836382926833985818549200583756708958672867"), tol));
  CHECK(close<T>(sc::kInvTwelveRootThree(one),
                 dec<T>("0.0481125224324688137090957317084964546373001459391772396682168"), tol));
  CHECK(close<T>(sc::kAPlus(one), dec<T>("0.788675134594812882254574390250978727823800875635063438009301"),
                 tol));
  CHECK(close<T>(sc::kAMinus(one), dec<T>("0.211324865405187117745425609749021272176199124364936561990699"),
                 tol));
  // algebraic identities: 54c² = 1, 27b² = 1, 432c₁₂² = 1, a₊ + a₋ = 1, a₊a₋ = 1/6
  CHECK(close<T>(T(54) * sc::kInvRoot54(one) * sc::kInvRoot54(one), one, T(4) * tol));
  CHECK(close<T>(T(27) * sc::kInvThreeRootThree(one) * sc::kInvThreeRootThree(one), one, T(4) * tol));
  CHECK(close<T>(T(432) * sc::kInvTwelveRootThree(one) * sc::kInvTwelveRootThree(one), one, T(4) * tol));
  CHECK(close<T>(sc::kAPlus(one) + sc::kAMinus(one), one, T(4) * tol));
  CHECK(close<T>(sc::kAPlus(one) * sc::kAMinus(one), one / 6, T(4) * tol));
}

TEMPLATE_TEST_CASE(
    "a± are the maximisers of |a(1 − a)(1 − 2a)|, and S = 2 attains ‖H_00‖₂ = 1/√54, ‖H_00‖₁ = "
    "1/(3√3) there (thm:B-Hessian-suprema)",
    "[domains][softmax]", double, mpfr) {
  using T = TestType;
  namespace sc = softmax_constants;
  const T one(1), tol = exact_tol<T>();
  for (const T& a : {sc::kAPlus(one), sc::kAMinus(one)}) {
    // d/da a(1 − a)(1 − 2a) = 1 − 6a + 6a² vanishes at a±
    CHECK(close<T>(T(1 - 6 * a + 6 * a * a), T(0), T(8) * tol));
    // S = 2, p = (a, 1 − a): ∂²p_0/∂θ_0² = a(1 − a)(1 − 2a) = −∂²p_1/∂θ_0², so ‖H_00‖₂ = √2|·|, ‖H_00‖₁ =
    // 2|·|
    const T h = abs(T(a * (1 - a) * (1 - 2 * a)));
    CHECK(close<T>(T(sqrt(T(2)) * h), sc::kInvRoot54(one), T(8) * tol));
    CHECK(close<T>(T(2 * h), sc::kInvThreeRootThree(one), T(8) * tol));
  }
  // δ_crit = a₋ (eq. B-delta-crit); c₁₂ = b/4
  CHECK(close<T>(sc::kInvTwelveRootThree(one) * 4, sc::kInvThreeRootThree(one), T(4) * tol));
}

// ---- properties/domains/simplex_trimmed.hpp (App. A §A.4, App. B §δ-interior refinements) ---------------

TEST_CASE("floor_range is [lo, hi/S]: the floors δ < 1/S for which Δ_δ is not empty", "[domains][simplex]") {
  CHECK(simplex_domain::floor_range(1e-12)(4) == std::pair<double, double>{1e-12, 0.25});
  CHECK(simplex_domain::floor_range(1e-3, 0.5)(5) == std::pair<double, double>{1e-3, 0.1});
  CHECK(star_domain::floor_range(8) == std::pair<double, double>{1e-12, 0.125});
}

TEST_CASE("with_trimmed adds a closed-simplex field q and a log-scale floor lo ≤ δ < 1/S",
          "[domains][simplex]") {
  const Domain d = simplex_domain::with_trimmed(Domain().dims(2, 6), 1e-9);
  REQUIRE(d.fields().size() == 2);
  const Field& q = d.fields()[0];
  const Field& delta = d.fields()[1];
  CHECK(q.name == "q");
  CHECK(q.kind == FieldKind::simplex);
  CHECK(q.closed);
  CHECK(delta.name == "delta");
  CHECK(delta.kind == FieldKind::real);
  CHECK(delta.log_scale);
  for (int S = 2; S <= 6; ++S)
    CHECK(delta.range(S) == std::pair<double, double>{1e-9, 1.0 / S});
}

TEMPLATE_TEST_CASE("trimmed_point is δ1 + (1 − Sδ)q: by hand at a vertex, and in Δ_δ at every edge case and "
                   "random sample",
                   "[domains][simplex]", double, mpfr) {
  using T = TestType;
  const Domain d = simplex_domain::with_trimmed(Domain().dims(2, 6));
  // S = 3, q = e_0, δ = 0.1: p = (1 − 2δ, δ, δ)
  const Sample v = d.make(3, {{"q", {1.0, 0.0, 0.0}}, {"delta", {0.1}}});
  const Vec<T> pv = simplex_domain::trimmed_point(Args<T>(d, v));
  const T dv = T(0.1);
  CHECK(close<T>(pv(0), T(1 - 2 * dv), exact_tol<T>()));
  CHECK(pv(1) == dv);
  CHECK(pv(2) == dv);
  std::mt19937_64 rng(11);
  for (int S = 2; S <= 6; ++S) {
    std::vector<Sample> samples = d.edges(S);
    for (int k = 0; k < 40; ++k)
      samples.push_back(d.random(rng, S));
    for (const Sample& s : samples) {
      const Args<T> a(d, s);
      const Vec<T> p = simplex_domain::trimmed_point(a);
      const T delta = a.real("delta");
      INFO("S = " << S << ", delta = " << to_double(delta));
      REQUIRE(p.size() == S);
      CHECK(close<T>(p.sum(), T(1), T(10) * exact_tol<T>()));
      CHECK(p.minCoeff() >= delta); // δ + (nonnegative) never rounds below δ
      CHECK(delta < T(1) / T(S));
    }
  }
}

// ---- properties/domains/points.hpp -----------------------------------------------------------------------

TEST_CASE("pair_direction is e_0 − e_1: a tangent direction (sum 0) supported on {0, 1}, e_0 when S = 1",
          "[domains][points]") {
  CHECK(points::pair_direction(1) == std::vector<double>{1.0});
  CHECK(points::pair_direction(2) == std::vector<double>{1.0, -1.0});
  for (int S = 2; S <= 7; ++S) {
    const std::vector<double> v = points::pair_direction(S);
    REQUIRE(static_cast<int>(v.size()) == S);
    double sum = 0, l1 = 0;
    for (int i = 0; i < S; ++i) {
      sum += v[i], l1 += std::abs(v[i]);
      if (i >= 2)
        CHECK(v[i] == 0.0);
    }
    CHECK(v[0] == 1.0);
    CHECK(v[1] == -1.0);
    CHECK(sum == 0.0);
    CHECK(l1 == 2.0); // ‖e_0 − e_1‖₁ = 2, ‖·‖₂ = √2: not a unit vector
  }
}

// ---- properties/domains/star.hpp (App. D) and kernels.hpp (App. I, main §5.3): folds over index pairs ----

TEMPLATE_TEST_CASE(
    "worst_over_pairs visits the ordered pairs i ≠ j of a class once each and returns the worst",
    "[domains][star]", double, mpfr) {
  using T = TestType;
  const std::vector<int> idx = {4, 1, 6};
  // a value per ordered pair; the worst (largest) is at the middle pair (1, 4), not the last visited
  const std::map<std::pair<int, int>, double> value = {{{4, 1}, 10}, {{4, 6}, 20}, {{1, 4}, 90},
                                                       {{1, 6}, 30}, {{6, 4}, 40}, {{6, 1}, 50}};
  std::vector<std::pair<int, int>> seen;
  const Ineq<T> w = star_domain::worst_over_pairs<T>(idx, [&](int i, int j) {
    seen.push_back({i, j});
    return ranked<T>(value.at({i, j}));
  });
  CHECK(seen.size() == 6);
  CHECK(std::set<std::pair<int, int>>(seen.begin(), seen.end()).size() == 6);
  CHECK(w.lhs == T(90));
  CHECK(star_domain::worst_over_pairs<T>({3}, [](int, int) { return ranked<T>(1); }).rel ==
        Ineq<T>::Rel::skip);
  CHECK(star_domain::worst_over_pairs<T>({}, [](int, int) { return ranked<T>(1); }).rel ==
        Ineq<T>::Rel::skip);
}

TEMPLATE_TEST_CASE(
    "worst_over_cross and worst_over_classes visit 𝒞 × ℐ once each, c outer, and return the worst",
    "[domains][star][kernels]", double, mpfr) {
  using T = TestType;
  std::vector<std::pair<int, int>> seen;
  const Ineq<T> w = star_domain::worst_over_cross<T>({0, 3}, {1, 2, 4}, [&](int c, int i) {
    seen.push_back({c, i});
    return ranked<T>(c == 0 && i == 2 ? 70.0 : 10.0 * c + i);
  });
  CHECK(seen == std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 4}, {3, 1}, {3, 2}, {3, 4}});
  CHECK(w.lhs == T(70));
  CHECK(star_domain::worst_over_cross<T>({}, {1}, [](int, int) { return ranked<T>(1); }).rel ==
        Ineq<T>::Rel::skip);
  CHECK(star_domain::worst_over_cross<T>({0}, {}, [](int, int) { return ranked<T>(1); }).rel ==
        Ineq<T>::Rel::skip);
  // App. I's split: 𝒞 = the first M of S indices
  seen.clear();
  const Ineq<T> k = kernel_domain::worst_over_classes<T>(2, 5, [&](int c, int i) {
    seen.push_back({c, i});
    return ranked<T>(c == 1 && i == 3 ? 80.0 : 1.0);
  });
  CHECK(seen == std::vector<std::pair<int, int>>{{0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}});
  CHECK(k.lhs == T(80));
  for (int M : {0, 4})
    CHECK(kernel_domain::worst_over_classes<T>(M, 4, [](int, int) { return ranked<T>(1); }).rel ==
          Ineq<T>::Rel::skip);
}

TEMPLATE_TEST_CASE("scaled_residual is max_k |a_k − b_k|/scale_k, each entry against its own size, and "
                   "eq_scaled the identity that it vanishes (App. D Jacobian and drift identities)",
                   "[domains][star]", double, mpfr) {
  using T = TestType;
  // entries of sizes 1 and 100: residuals 1e-3 and 0.5, relative 1e-3 and 5e-3; the worst is the large
  // entry's
  Vec<T> a(2), b(2), scale(2);
  a << T(1), T(100);
  b << T(1) + T(1) / T(1000), T(100) + T(1) / T(2);
  scale << T(1), T(100);
  CHECK(close<T>(star_domain::scaled_residual<T>(a, b, scale), T(5) / T(1000), T(100) * exact_tol<T>()));
  const Ineq<T> id = star_domain::eq_scaled<T>(a, b, scale);
  CHECK(id.rel == Ineq<T>::Rel::eq);
  CHECK(id.score() == Approx(5e-3).epsilon(1e-12));
  CHECK(id.violated());
  // matrices entrywise; equal arguments leave no residual
  Mat<T> m(2, 2), ms(2, 2);
  m << T(1), T(2), T(3), T(4);
  ms << T(1), T(1), T(1), T(1);
  CHECK(star_domain::scaled_residual<T>(m, m, ms) == T(0));
  CHECK_FALSE(star_domain::eq_scaled<T>(m, m, ms).violated());
  Mat<T> m2 = m;
  m2(1, 0) += T(3) / T(10); // entry (1, 0) against scale 1
  CHECK(close<T>(star_domain::scaled_residual<T>(m, m2, ms), T(3) / T(10), T(100) * exact_tol<T>()));
}

// ---- properties/domains/noise_fits.hpp (App. H) ----------------------------------------------------------

TEST_CASE("student_se inverts the Student interval: the half-width over t_{n−1} is s/√n",
          "[domains][noise]") {
  const std::vector<double> x = {1.0, 2.5, 0.5, 3.0, 2.0, 1.5};
  const double alpha = 0.05;
  const stats::Interval iv = stats::mean_interval(x, alpha);
  double m = 0, s2 = 0;
  for (double v : x)
    m += v / x.size();
  for (double v : x)
    s2 += (v - m) * (v - m) / (x.size() - 1);
  CHECK(noise_domain::student_se(iv, alpha, static_cast<long>(x.size())) ==
        Approx(std::sqrt(s2 / x.size())).epsilon(1e-12));
}

TEST_CASE(
    "LevelSeries fits log|y| = a + b log x by weighted least squares: an exact power law gives its exponent",
    "[domains][noise]") {
  const double alpha = 0.01;
  const long count = 1000;
  const double t = stats::student_quantile_two_sided(alpha, double(count - 1));
  noise_domain::LevelSeries power, exponential;
  for (double h : {0.1, 0.2, 0.4, 0.8, 1.6}) {
    const double y = -3 * std::pow(h, 1.5); // |y| = 3h^{1.5}; the sign is ignored
    power.add(h, {y, y - 0.02 * t * std::abs(y), y + 0.02 * t * std::abs(y), count, "test"}, alpha, count);
    const double e = 2 * std::exp(-0.7 * h);
    exponential.add(h, {e, e * (1 - 0.01 * t), e * (1 + 0.01 * t), count, "test"}, alpha, count);
  }
  REQUIRE(power.x.size() == 5);
  CHECK(power.se[2] == Approx(0.02 * 3 * std::pow(0.4, 1.5)).epsilon(1e-12));
  CHECK(power.lo[0] < power.y[0]);
  CHECK(power.hi[0] > power.y[0]);
  const stats::Fit f = power.fit(alpha);
  CHECK(f.slope == Approx(1.5).epsilon(1e-12));
  CHECK(f.intercept == Approx(std::log(3.0)).epsilon(1e-12));
  const stats::Interval s = power.slope(alpha, 5000);
  CHECK(s.estimate == Approx(1.5).epsilon(1e-12));
  CHECK(s.lo <= 1.5);
  CHECK(s.hi >= 1.5);
  CHECK(s.n == 5000);
  CHECK(s.method.rfind("slope of log-log fit: ", 0) == 0);
  CHECK(power.slope(alpha, 1, "rate: ").method.rfind("rate: ", 0) == 0);
  // against x itself: log y = log 2 − 0.7x
  CHECK(exponential.fit(alpha, false).slope == Approx(-0.7).epsilon(1e-12));
}

TEST_CASE("loglog_figure names its columns, the band and log–log axes", "[domains][noise]") {
  const nlohmann::json fig =
      noise_domain::loglog_figure("T", "h", "err", "err_lo", "err_hi", "step", "error", "mean");
  CHECK(fig["title"] == "T");
  CHECK(fig["x"] == "h");
  CHECK(fig["y"] == nlohmann::json::array({"err"}));
  CHECK(fig["legend"] == nlohmann::json::array({"mean"}));
  CHECK(fig["xlabel"] == "step");
  CHECK(fig["ylabel"] == "error");
  CHECK(fig["logx"] == true);
  CHECK(fig["logy"] == true);
  CHECK(fig["style"] == "line");
  CHECK(fig["band"]["lo"] == "err_lo");
  CHECK(fig["band"]["hi"] == "err_hi");
}
