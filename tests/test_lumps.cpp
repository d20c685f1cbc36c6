// Specifications of lib/lumps (dcrv/lumps.hpp: partitions into lumps, the aggregation A, q, m, E°, the lump
// ODE's right side, corr) and of the partition generator of properties/domains/lumps.hpp, in double and MPFR.
#include <catch2/catch.hpp>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "dcrv/linalg.hpp"
#include "dcrv/lumps.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/lumps.hpp"

using namespace dcrv;

TEST_CASE("a partition is read from lump labels, numbered by first appearance", "[lib][lumps]") {
  const Lumps L({7, 3, 7, -1, 3});
  CHECK(L.traces() == 5);
  CHECK(L.count() == 3);
  CHECK(L.members(0) == std::vector<int>{0, 2});
  CHECK(L.members(1) == std::vector<int>{1, 4});
  CHECK(L.members(2) == std::vector<int>{3});
  CHECK(L.lump_of(4) == 1);
  CHECK(L.max_size() == 2);
  CHECK(L.sizes() == std::vector<int>{2, 2, 1});
  CHECK(Lumps::from_sizes({2, 1, 2}) == Lumps({0, 0, 1, 2, 2}));
  CHECK(Lumps::singletons(4).count() == 4);
  CHECK(Lumps::whole(4).count() == 1);
  CHECK_THROWS(Lumps(std::vector<int>{}));
  CHECK_THROWS(Lumps::from_sizes({2, 0}));
}

TEST_CASE("sign purity and the label of a lump", "[lib][lumps]") {
  const Lumps L = Lumps::from_sizes({2, 3});
  CHECK(L.sign_pure({1, 1, -1, -1, -1}));
  CHECK_FALSE(L.sign_pure({1, -1, -1, -1, -1}));
  CHECK(L.lump_label({1, 1, -1, -1, -1}, 1) == -1);
}

TEMPLATE_TEST_CASE("A is the lump indicator matrix: q = Ap, norms 1, √m⋆, m⋆", "[lib][lumps]", double, mpfr) {
  using T = TestType;
  const Lumps L = Lumps::from_sizes({3, 1, 2});
  const Mat<T> A = L.aggregation<T>();
  CHECK(A.rows() == 3);
  CHECK(A.cols() == 6);
  Vec<T> p(6);
  p << T(1) / 10, T(2) / 10, T(1) / 10, T(3) / 10, T(1) / 5, T(1) / 10;
  CHECK(to_double(norm_inf<T>(Vec<T>(A * p - lump_masses(L, p)))) == 0);
  const OperatorNorms<T> n = operator_norms<T>(A);
  CHECK(to_double(n.one) == 1);
  CHECK(to_double(n.inf) == 3);
  CHECK(std::abs(to_double(T(n.two * n.two)) - 3) < 1e-13);
}

TEMPLATE_TEST_CASE("E° is E on the open simplex and vanishes on zero masses", "[lib][lumps]", double, mpfr) {
  using T = TestType;
  Vec<T> p(4);
  p << T(1) / 2, T(1) / 4, T(1) / 8, T(1) / 8;
  CHECK(to_double(norm_inf<T>(Vec<T>(entropy_drift_closed(p) - entropy_drift<T>(p)))) < 1e-14);
  Vec<T> f(4);
  f << T(1) / 2, T(0), T(1) / 2, T(0);
  const Vec<T> e = entropy_drift_closed(f);
  CHECK(to_double(e(1)) == 0);
  CHECK(to_double(e(3)) == 0);
  CHECK(to_double(T(e.sum())) == Approx(0).margin(1e-15)); // Σ E° = h̄ − h̄
  CHECK(to_double(xlogx(T(0))) == 0);
}

TEMPLATE_TEST_CASE("lump quantities: m_k, conditional mean-log, entropy term, weights, spread",
                   "[lib][lumps]", double, mpfr) {
  using T = TestType;
  using boost::multiprecision::log;
  using std::log;
  const Lumps L = Lumps::from_sizes({2, 2});
  Vec<T> p(4);
  p << T(1) / 10, T(3) / 10, T(0), T(6) / 10;
  const Vec<T> m = lump_plogp(L, p);
  CHECK(to_double(m(0)) == Approx(to_double(T(T(1) / 10 * log(T(1) / 10) + T(3) / 10 * log(T(3) / 10)))));
  CHECK(to_double(m(1)) == Approx(to_double(T(T(6) / 10 * log(T(6) / 10)))));
  CHECK(to_double(conditional_mean_log(L, p, 0)) == Approx(to_double(T(m(0) / (T(4) / 10)))));
  const Vec<T> term = lump_entropy_term(L, p);
  CHECK(to_double(T(term.sum())) == Approx(0).margin(1e-15)); // Σ_k (m_k − q_k h̄) = h̄ − h̄
  const Vec<T> w = lump_weights(L, p, 1);
  CHECK(to_double(w(0)) == 0);
  CHECK(to_double(w(1)) == 1);
  CHECK(to_double(lump_entropy(L, p, 1)) == 0);
  const Vec<T> lp = lumps_domain::ScoreField<T>::safe_log(p);
  CHECK(to_double(lump_log_spread(L, p, lp, 1)) == 0); // a single active trace
  CHECK(to_double(lump_log_spread(L, p, lp, 0)) > 0);
  Vec<T> z = Vec<T>::Zero(4);
  z(0) = T(1);
  CHECK(std::isnan(to_double(conditional_mean_log(L, z, 1))));
  CHECK(std::isnan(to_double(lump_correctness(L, Labels{1, 1, -1, 1}, z, 1))));
}

TEMPLATE_TEST_CASE("the lump drift is A of the full drift p ⊙ φ − εE°", "[lib][lumps]", double, mpfr) {
  using T = TestType;
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 1);
  for (int trial = 0; trial < 20; ++trial) {
    const int S = 2 + trial % 6;
    std::vector<int> lab(S);
    Vec<T> p(S), c(S);
    for (int i = 0; i < S; ++i) {
      lab[i] = static_cast<int>(u(rng) * 3);
      p(i) = u(rng) < 0.2 ? T(0) : T(u(rng));
      c(i) = T(u(rng) - 0.5);
    }
    p(0) += T(1);
    p /= p.sum();
    const Lumps L(lab);
    const Vec<T> phi = (c.array() - p.dot(c)).matrix();
    const T eps(0.7);
    const Vec<T> full = p.cwiseProduct(phi) - eps * entropy_drift_closed(p);
    const Vec<T> diff = lump_drift(L, p, phi, eps) - L.aggregate<T>(full);
    CHECK(to_double(norm_inf<T>(diff)) < 1e-14);
  }
}

TEMPLATE_TEST_CASE("class aggregates: ρ, S⁽²⁾, q_{k,C}, S⁽²⁾_{k,C}, corr", "[lib][lumps]", double, mpfr) {
  using T = TestType;
  const Lumps L = Lumps::from_sizes({2, 2});
  const Labels s = {1, -1, 1, 1};
  Vec<T> p(4);
  p << T(1) / 10, T(2) / 10, T(3) / 10, T(4) / 10;
  CHECK(to_double(correct_mass(s, p)) == Approx(0.8));
  CHECK(to_double(correct_square_sum(s, p)) == Approx(0.01 + 0.09 + 0.16));
  CHECK(to_double(lump_correct_mass(L, s, p, 0)) == Approx(0.1));
  CHECK(to_double(lump_correct_square_sum(L, s, p, 1)) == Approx(0.25));
  CHECK(to_double(lump_correctness(L, s, p, 0)) == Approx(1.0 / 3));
  CHECK(to_double(lump_correctness(L, s, p, 1)) == Approx(1.0));
}

TEST_CASE("size patterns are the integer partitions of S", "[lumps][generators]") {
  // p(1..8) = 1, 2, 3, 5, 7, 11, 15, 22
  const std::vector<std::size_t> count = {1, 2, 3, 5, 7, 11, 15, 22};
  for (int S = 1; S <= 8; ++S) {
    const auto pats = lumps_domain::size_patterns(S);
    CHECK(pats.size() == count[S - 1]);
    std::set<std::vector<int>> distinct(pats.begin(), pats.end());
    CHECK(distinct.size() == pats.size());
    for (const auto& p : pats) {
      int sum = 0;
      for (int n : p)
        sum += n;
      CHECK(sum == S);
      CHECK(std::is_sorted(p.rbegin(), p.rend()));
    }
  }
}

TEST_CASE("partition points decode to every lump-size pattern, singletons and one lump",
          "[lumps][generators]") {
  for (int S : {2, 5, 8, 11}) {
    const Domain d = lumps_domain::with_partition(Domain().dims(2, 12));
    std::set<std::vector<int>> seen;
    for (const Assign& a : lumps_domain::partition_points(S)) {
      const Sample s = d.make(S, a);
      const Lumps L = lumps_domain::lumps_of(Args<double>(d, s));
      std::vector<int> sizes = L.sizes();
      std::sort(sizes.rbegin(), sizes.rend());
      seen.insert(sizes);
    }
    CHECK(seen.count(std::vector<int>(S, 1)) == 1);
    CHECK(seen.count(std::vector<int>{S}) == 1);
    if (S <= lumps_domain::kEnumeratedUpTo)
      CHECK(seen.size() == lumps_domain::size_patterns(S).size());
  }
}

TEST_CASE("random partition samples are partitions of S — sign-pure labels are sign-pure",
          "[lumps][generators]") {
  rc::prop("decoded partitions cover every trace once; sign_pure_labels are pure", [](std::uint64_t seed) {
    const Domain d = lumps_domain::with_partition(Domain().dims(2, 12)).vector("labels");
    std::mt19937_64 rng(seed);
    const int S = 2 + static_cast<int>(seed % 11);
    Sample s = d.random(rng, S);
    d.perturb(s, rng, 0.5);
    const Args<double> a(d, s);
    const Lumps L = lumps_domain::lumps_of(a);
    int total = 0;
    for (int k = 0; k < L.count(); ++k) {
      RC_ASSERT(L.lump_size(k) >= 1);
      total += L.lump_size(k);
      for (int pi : L.members(k))
        RC_ASSERT(L.lump_of(pi) == k);
    }
    RC_ASSERT(total == S);
    RC_ASSERT(L.sign_pure(lumps_domain::sign_pure_labels(a, L)));
  });
}

TEST_CASE("random partitions reach several lump counts", "[lumps][generators]") {
  const Domain d = lumps_domain::with_partition(Domain().dims(6, 6));
  std::mt19937_64 rng(11);
  std::set<int> counts;
  for (int i = 0; i < 200; ++i)
    counts.insert(lumps_domain::lumps_of(Args<double>(d, d.random(rng, 6))).count());
  CHECK(counts.size() >= 4);
}

TEST_CASE("sign-pure labellings of a pattern", "[lumps][generators]") {
  const std::vector<int> sizes = {2, 1, 3};
  const Lumps L = Lumps::from_sizes(sizes);
  for (const auto& raw : lumps_domain::sign_pure_labellings(sizes)) {
    Labels s;
    for (double x : raw)
      s.push_back(x >= 0 ? 1 : -1);
    CHECK(L.sign_pure(s));
  }
  CHECK(lumps_domain::sign_pure_points(4).size() == 4 * lumps_domain::size_patterns(4).size());
}

TEST_CASE("cross merges assigns of different fields", "[lumps][generators]") {
  const auto c =
      lumps_domain::cross({{{"a", {1.0}}}, {{"a", {2.0}}}}, {{{"b", {3.0}}}, {{"b", {4.0}}}, {{"b", {5.0}}}});
  CHECK(c.size() == 6);
  CHECK(c[5].at("a") == std::vector<double>{2.0});
  CHECK(c[5].at("b") == std::vector<double>{5.0});
}

TEMPLATE_TEST_CASE("every score family is centred on the closed simplex", "[lumps][fields]", double, mpfr) {
  using T = TestType;
  const Domain d = lumps_domain::with_score_fields(Domain().dims(2, 8)).simplex("p", true);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200; ++i) {
    const Sample s = d.random(rng, 2 + i % 7);
    const Args<T> a(d, s);
    const lumps_domain::ScoreField<T> f = lumps_domain::score_field_of(a);
    const Vec<T> p = a.simplex("p");
    if (!f.defined_at(p))
      continue;
    const Vec<T> phi = f.phi(p);
    T scale(0);
    for (Eigen::Index k = 0; k < p.size(); ++k)
      scale += p(k) * (phi(k) < 0 ? T(-phi(k)) : phi(k));
    CHECK(std::abs(to_double(T(p.dot(phi)))) <= 1e-13 * (1 + to_double(scale)));
  }
}

namespace {
/// The linear score field phi(p) = c with c = (1, -1, 1/2, 0) on S = 4 categories, all labelled 1: the
/// fixture of the lump-flow specifications below.
template <class T> lumps_domain::ScoreField<T> linear_field_on_four() {
  lumps_domain::ScoreField<T> f;
  f.family = lumps_domain::Family::linear;
  f.labels = Labels(4, 1);
  f.c = Vec<T>(4);
  f.c << T(1), T(-1), T(0.5), T(0);
  return f;
}
} // namespace

TEMPLATE_TEST_CASE("the time derivative of A p(t) equals the lump drift, also from a face", "[lumps][flows]",
                   double, mpfr) {
  using T = TestType;
  const int S = 4;
  const Lumps L = Lumps::from_sizes({2, 2});
  const lumps_domain::ScoreField<T> f = linear_field_on_four<T>();
  const T eps(0.3);
  for (bool face : {false, true}) {
    Vec<T> p(S);
    p << T(1) / 4, T(1) / 4, T(1) / 4, T(1) / 4;
    if (face)
      p << T(1) / 2, T(1) / 2, T(0), T(0); // q_2 = 0: the lump stays empty
    const std::vector<int> J = lumps_domain::support_of(p);
    const RateField<T> rate = lumps_domain::support_rate(f, eps, J, S);
    const Vec<T> x = lumps_domain::restrict_to(J, p);
    const Vec<T> lx = lumps_domain::ScoreField<T>::safe_log(x);
    const T h = lumps_domain::derivative_step_at(rate, x, lx);
    const Vec<T> fd = lumps_domain::time_derivative<T>(
        rate, lx, h, [&](const Vec<T>& y) { return L.aggregate<T>(lumps_domain::embed(J, S, y)); });
    REQUIRE(fd.size() == 2);
    const Vec<T> exact = lump_drift(L, p, f.phi(p), eps);
    const double tol = std::is_same_v<T, double> ? 1e-8 : 1e-18;
    CHECK(to_double(norm_inf<T>(Vec<T>(fd - exact))) < tol);
    if (face)
      CHECK(to_double(fd(1)) == 0);
  }
}

// The comparison's allowance (slack·scale + 10·(Richardson error + rounding of the difference quotient)) must
// stay far below what a wrong formula is off by: the exact lump drift passes, one off by 1e-12 of its term
// scale is refused in MPFR — also on lumps whose masses are 1e-29 (where the rounding term matters).
TEST_CASE("along_lump_flow accepts the lump drift and refuses a formula off by 1e-12 of its terms",
          "[lumps][flows]") {
  using T = mpfr;
  const int S = 4;
  const Lumps L = Lumps::from_sizes({2, 2});
  const lumps_domain::ScoreField<T> f = linear_field_on_four<T>();
  const T eps(0);
  for (const T& tiny : {T(1) / 4, T("1e-29")}) {
    Vec<T> p0(S);
    p0 << T(1) / 2 - tiny, T(1) / 2 - tiny, tiny, tiny;
    for (const double off : {0.0, 1e-12}) {
      const Ineq<T> w = lumps_domain::along_lump_flow(
          f, eps, p0, L, lumps_domain::Observable::masses, [&](const Vec<T>& p) {
            const Vec<T> scale = lumps_domain::lump_term_scale(L, p, f, eps);
            Vec<T> e = lump_drift(L, p, f.phi(p), eps);
            e(1) += T(off) * scale(1);
            return std::make_pair(e, scale);
          });
      INFO("tiny mass " << to_double(tiny) << ", formula off by " << off << " of its scale");
      CHECK(w.violated() == (off > 0));
    }
  }
}
