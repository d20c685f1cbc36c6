// Specifications of the SRCT/DCR objects of lib/ (srct.hpp, equilibria.hpp, autodiff.hpp, quadrature.hpp) and
// of the sample decoders of properties/domains/ (kernels.hpp, points.hpp, srct.hpp), in double and MPFR.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "dcrv/autodiff.hpp"
#include "dcrv/equilibria.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/quadrature.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "dcrv/srct.hpp"
#include "properties/domains/kernels.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/srct.hpp"

using namespace dcrv;

namespace {
template <class T> double dbl(const T& x) {
  return to_double(x);
}
/// max_i |a_i − b_i| in double.
template <class T> double max_diff(const Vec<T>& a, const Vec<T>& b) {
  return dbl(T((a - b).cwiseAbs().maxCoeff()));
}
template <class T> double tol() {
  return std::is_same_v<T, double> ? 1e-12 : 1e-40;
}

/// A fixed instance: S = 4, a full-rank K, every coefficient positive.
template <class T> SrctParams<T> instance() {
  SrctParams<T> m;
  const int S = 4;
  m.U = Vec<T>(S);
  m.U << T(1), T(-0.5), T(0.3), T(0);
  Vec<T> b(S);
  b << T(1), T(0.5), T(-0.2), T(0.3);
  m.K = b * b.transpose() + Mat<T>(Mat<T>::Identity(S, S)) * T(0.2);
  m.p_base = Vec<T>(S);
  m.p_base << T(0.4), T(0.3), T(0.2), T(0.1);
  m.lambda = T(1.1), m.alpha = T(0.7), m.beta = T(0.9), m.beta_kl = T(0.4), m.eps = T(0.2);
  return m;
}
/// A point of int Δ (normalised in T, so that Σp = 1 to the working precision).
template <class T> Vec<T> point() {
  Vec<T> p(4);
  p << T(1), T(2), T(3), T(4);
  return p / p.sum();
}
} // namespace

// ---- dcrv/autodiff.hpp
// ---------------------------------------------------------------------------------------

TEMPLATE_TEST_CASE("dual numbers differentiate formulas exactly: gradient, JVP, second derivatives",
                   "[srct-models]", double, mpfr) {
  using T = TestType;
  const Vec<T> p = point<T>();
  // f(x) = Σ x_i log x_i + x_0 x_1: ∂_i f = 1 + log x_i (+ the product terms)
  auto f = [](const auto& x) {
    using X = elem_t<decltype(x)>;
    X s(0);
    for (const auto& xi : x)
      s += xi * log(xi);
    return s + x[0] * x[1];
  };
  const Vec<T> g = ad_gradient<T>(f, p);
  Vec<T> want = (log_of(p).array() + T(1)).matrix();
  want(0) += p(1), want(1) += p(0);
  CHECK(max_diff(g, want) < tol<T>());
  const Vec<T> v = Vec<T>::Ones(4);
  CHECK(std::abs(dbl(T(ad_directional<T>(f, p, v) - g.sum()))) < tol<T>());
  // ∇²f = diag(1/x) + (e_0 e_1ᵀ + e_1 e_0ᵀ)
  Mat<T> h = Mat<T>::Zero(4, 4);
  for (int i = 0; i < 4; ++i)
    h(i, i) = T(1) / p(i);
  h(0, 1) = h(1, 0) = T(1);
  CHECK(dbl(T((ad_hessian<T>(f, p) - h).cwiseAbs().maxCoeff())) < tol<T>());
  CHECK(std::abs(dbl(T(ad_second<T>(f, p, v, v) - h.sum()))) < tol<T>());
  // JVP of the vector formula x ↦ x ⊙ x is 2 x ⊙ v
  auto sq = [](const auto& x) {
    auto y = x;
    for (auto& yi : y)
      yi = yi * yi;
    return y;
  };
  CHECK(max_diff(ad_jvp<T>(sq, p, v), Vec<T>(T(2) * p)) < tol<T>());
}

// ---- dcrv/srct.hpp
// -------------------------------------------------------------------------------------------

TEMPLATE_TEST_CASE(
    "the forms of J̃ agree: jtilde, jtilde_of, srct_objective — its AD gradient is the variational "
    "derivative",
    "[srct-models]", double, mpfr) {
  using T = TestType;
  const SrctParams<T> m = instance<T>();
  const Vec<T> p = point<T>();
  const std::vector<T> x(p.data(), p.data() + p.size());
  CHECK(std::abs(dbl(T(jtilde(m, p) - srct_objective(m, p)))) < tol<T>());
  CHECK(std::abs(dbl(T(jtilde_of(m, x) - srct_objective(m, p)))) < tol<T>());
  const Vec<T> g = ad_gradient<T>([&m](const auto& y) { return jtilde_of(m, y); }, p);
  CHECK(max_diff(g, srct_variational_derivative(m, p)) < tol<T>());
  // on a face (0 log 0 = 0) both forms stay finite and agree
  Vec<T> face = p;
  face(3) = T(0), face /= face.sum();
  const std::vector<T> xf(face.data(), face.data() + face.size());
  CHECK(std::abs(dbl(T(jtilde(m, face) - jtilde_of(m, xf)))) < tol<T>());
}

TEMPLATE_TEST_CASE("fitness, linear score and the rate field are the pieces of the SRCT flow",
                   "[srct-models]", double, mpfr) {
  using T = TestType;
  const SrctParams<T> m = instance<T>();
  const Vec<T> p = point<T>(), lp = log_of(p);
  // φ_A(p) − A log p = δJ̃/δp + A
  CHECK(max_diff(srct_fitness(m, p, lp),
                 Vec<T>((srct_variational_derivative(m, p).array() + m.barrier()).matrix())) < tol<T>());
  // U + β_KL log p_base = φ_A at K = 0
  SrctParams<T> flat = m;
  flat.K.setZero();
  CHECK(max_diff(srct_linear_score(m), srct_score(flat, p)) < tol<T>());
  // the rate field is srct_rate, and p ⊙ rate = the boxed drift S(p)φ_A − A E(p)
  const Vec<T> r = srct_field(m)(T(0), p, lp);
  CHECK(max_diff(r, srct_rate(m, p)) < tol<T>());
  CHECK(max_diff(Vec<T>(p.cwiseProduct(r)), srct_boxed_drift(m, p)) < tol<T>());
}

TEMPLATE_TEST_CASE(
    "selection covariance S(p) and its difference — E(p) − E(q) and log(p/q) without cancellation",
    "[srct-models]", double, mpfr) {
  using T = TestType;
  const Vec<T> p = point<T>();
  const Vec<T> q = Vec<T>::Constant(4, T(1) / T(4));
  const Vec<T> d = p - q;
  CHECK(dbl(T((selection_covariance(p) - covariance_matrix(p)).cwiseAbs().maxCoeff())) < tol<T>());
  // off the simplex: S(r) 1 = r (1 − Σr)
  const Vec<T> r = T(3) * p;
  CHECK(max_diff(Vec<T>(selection_covariance(r) * Vec<T>::Ones(4)), Vec<T>(r * (T(1) - r.sum()))) < tol<T>());
  const Mat<T> dS = selection_covariance(p) - selection_covariance(q);
  CHECK(dbl(T((selection_covariance_difference(p, q, d) - dS).cwiseAbs().maxCoeff())) < tol<T>());
  CHECK(max_diff(entropy_drift_difference(p, q, d), Vec<T>(entropy_drift(p) - entropy_drift(q))) < tol<T>());
  // log_ratio: both branches are log(p/q)
  for (const auto& [a, b] : {std::pair{T(0.3), T(0.29)}, std::pair{T(0.9), T(0.1)}}) {
    using boost::multiprecision::log;
    using std::log;
    CHECK(std::abs(dbl(T(log_ratio(a, b, T(a - b)) - log(a / b)))) < tol<T>());
  }
}

TEMPLATE_TEST_CASE("row difference Δ_K bounds (Kp)_k − (Kp)_l on Δ — M_φ,q is attained at a vertex of Δ_δ",
                   "[srct-models]", double, mpfr) {
  using T = TestType;
  const SrctParams<T> m = instance<T>();
  const T dK = row_difference(m.K);
  const Vec<T> Kp = m.K * point<T>();
  CHECK(dbl(T(Kp.maxCoeff() - Kp.minCoeff())) <= dbl(dK) * (1 + 1e-12));
  Mat<T> A(2, 2);
  A << T(1), T(2), T(-1), T(5);
  CHECK(dbl(row_difference(A)) == Approx(3));
  const T delta = T(0.05);
  for (bool l2 : {true, false}) {
    T at_vertices(0);
    for (int j = 0; j < 4; ++j) {
      const Vec<T> phi = srct_score(m, trimmed_vertex(4, j, delta));
      at_vertices = std::max<T>(at_vertices, l2 ? T(phi.norm()) : norm_inf<T>(phi));
    }
    CHECK(dbl(score_sup_trimmed(m, delta, l2)) == Approx(dbl(at_vertices)));
    // the sup bounds the norm at an interior point of Δ_δ
    const Vec<T> phi = srct_score(m, trim(point<T>(), delta));
    CHECK(dbl(l2 ? T(phi.norm()) : norm_inf<T>(phi)) <= dbl(score_sup_trimmed(m, delta, l2)));
  }
}

// ---- dcrv/equilibria.hpp
// -------------------------------------------------------------------------------------

TEMPLATE_TEST_CASE("the maximiser of J̃ is stationary, interior, and beats other points", "[srct-models]",
                   double, mpfr) {
  using T = TestType;
  const SrctParams<T> m = instance<T>();
  const JtildeMaximizer<T> a = jtilde_maximizer(m), b = jtilde_maximizer(m, log_of(point<T>()));
  CHECK(dbl(a.residual) < (std::is_same_v<T, double> ? 1e-12 : 1e-35));
  CHECK(max_diff(a.p, exp_of(a.log_p)) < tol<T>());
  CHECK(std::abs(dbl(T(a.p.sum() - 1))) < tol<T>());
  CHECK(max_diff(a.log_p, b.log_p) < (std::is_same_v<T, double> ? 1e-10 : 1e-35));
  CHECK(dbl(jtilde(m, a.p)) > dbl(jtilde(m, point<T>())));
  // barrier_maximizer_log on b = U + β_KL log p_base, γ = λβ, A = barrier is the same point
  const Vec<T> y = barrier_maximizer_log<T>(srct_linear_score(m), m.K, T(m.lambda * m.beta), m.barrier());
  CHECK(max_diff(y, a.log_p) < (std::is_same_v<T, double> ? 1e-10 : 1e-35));
  // λβ = 0: the maximiser is softmax(b/A) in closed form
  SrctParams<T> flat = m;
  flat.beta = T(0);
  CHECK(max_diff(jtilde_maximizer(flat).p, softmax<T>(Vec<T>(srct_linear_score(flat) / flat.barrier()))) <
        tol<T>());
}

TEMPLATE_TEST_CASE("two-level target: δ on the incorrect traces, the rest shared equally by the correct ones",
                   "[srct-models]", double, mpfr) {
  using T = TestType;
  const Vec<T> p = two_level_target<T>(5, 2, T(0.1));
  CHECK(dbl(p(0)) == Approx(0.35));
  CHECK(dbl(p(1)) == Approx(0.35));
  CHECK(dbl(p(4)) == Approx(0.1));
  CHECK(std::abs(dbl(T(p.sum() - 1))) < tol<T>());
}

// ---- dcrv/quadrature.hpp
// -------------------------------------------------------------------------------------

TEMPLATE_TEST_CASE("Gauss–Legendre on [0,1] integrates polynomials of degree 2n − 1 exactly", "[srct-models]",
                   double, mpfr) {
  using T = TestType;
  for (int n : {1, 6, 12}) {
    const auto [x, w] = gauss_legendre<T>(n);
    REQUIRE(x.size() == static_cast<std::size_t>(n));
    T sum(0), moment(0);
    for (int i = 0; i < n; ++i) {
      sum += w[i];
      T xp(1);
      for (int k = 0; k < 2 * n - 1; ++k)
        xp *= x[i];
      moment += w[i] * xp;
      CHECK(dbl(x[i]) > 0);
      CHECK(dbl(x[i]) < 1);
    }
    CHECK(std::abs(dbl(T(sum - 1))) < tol<T>());
    CHECK(std::abs(dbl(T(moment - T(1) / T(2 * n)))) < tol<T>());
  }
}

// ---- properties/domains/
// -------------------------------------------------------------------------------------

TEST_CASE("raw points: unit vectors, zeros, geometric and alternating sequences, extra fields",
          "[srct-models]") {
  using namespace points;
  CHECK(unit_vec(3, 1, 2.0) == std::vector<double>{0, 2, 0});
  CHECK(zeros(2) == std::vector<double>{0, 0});
  CHECK(geometric(3, 0.5) == std::vector<double>{1, 0.5, 0.25});
  const auto alt = alternating(3, 1.0);
  CHECK(alt[0] == 1.0);
  CHECK(alt[1] == Approx(-1.1));
  CHECK(alt[2] == Approx(1.2));
  const auto pts = with_extra({{{"a", {1.0}}}, {{"b", {2.0}}}}, {{"a", {3.0}}});
  CHECK(pts[0].at("a") == std::vector<double>{3.0});
  CHECK(pts[1].at("a") == std::vector<double>{3.0});
  CHECK(pts[1].at("b") == std::vector<double>{2.0});
}

TEMPLATE_TEST_CASE("decoded kernels are PSD and symmetric — general and symmetric matrices from rows",
                   "[srct-models]", double, mpfr) {
  using T = TestType;
  using namespace kernel_domain;
  const Domain d = with_matrix(with_kernel(Domain().real("mu", 0.0, 1.0)));
  const int S = 3;
  const Sample s = d.make(S, {{"k1", {1, -2, 0.5}},
                              {"k2", {0.3, 0.1, -1}},
                              {"kd", {0, 0.2, 0}},
                              {"mu", {0.5}},
                              {"r0", {1, 2, 3}},
                              {"r1", {4, 5, 6}},
                              {"r2", {7, 8, 9}}});
  const Args<T> a(d, s);
  const Mat<T> K = kernel(a);
  CHECK(dbl(T((K - Mat<T>(K.transpose())).cwiseAbs().maxCoeff())) == 0);
  CHECK(dbl(symmetric_eigenvalues<T>(K)(0)) > -1e-12);
  CHECK(dbl(K(1, 1)) == Approx(4 + 0.01 + 0.04));
  const Mat<T> P = tangent_projector<T>(S);
  CHECK(dbl(T((P * Vec<T>::Ones(S)).cwiseAbs().maxCoeff())) < 1e-15);
  CHECK(dbl(T((kernel_with_tangent_part(a, "mu") - K - T(0.5) * P).cwiseAbs().maxCoeff())) < 1e-15);
  const Mat<T> X = general_matrix(a);
  CHECK(dbl(X(1, 2)) == 6);
  CHECK(dbl(symmetric_matrix(a)(1, 2)) == Approx(7));
}

TEMPLATE_TEST_CASE("decoded SRCT instances and splits", "[srct-models]", double, mpfr) {
  using T = TestType;
  using namespace srct_domain;
  const int S = 4;
  const Domain d =
      with_srct(Domain().simplex("p0").real("mc", 0.0, 1.0).real("G", 2.0, 64.99).real("delta", 1e-3, 1.0))
          .real("ell0", -1.0, 1.0);
  Assign base = srct_base_point(S);
  base["p0"] = {1, 1, 1, 1};
  base["mc"] = {0.6};
  base["G"] = {8.7};
  base["delta"] = {0.9};
  base["ell0"] = {0};
  const Sample s = d.make(S, base);
  const Args<T> a(d, s);
  const SrctParams<T> m = srct_model(a);
  CHECK(dbl(m.barrier()) == Approx(0.2 + 1.1 * 0.7 + 0.4));
  CHECK(dbl(m.U(1)) == Approx(-1.1));
  CHECK(dbl(m.p_base.sum()) == Approx(1));
  // the flow and start of the trajectory claims
  CHECK(start_if_barrier(a).size() == S);
  const Consts<T> k;
  CHECK(max_diff(instance_flow(a, k)(T(0), point<T>(), log_of(point<T>())), srct_rate(m, point<T>())) <
        tol<T>());
  CHECK(barrier_start(a, k).size() == S);
  Assign none = base;
  for (const char* z : {"alpha", "beta_kl", "eps"})
    none[z] = {0.0};
  const Sample s0 = d.make(S, none);
  CHECK(start_if_barrier(Args<T>(d, s0)).size() == 0);
  // the floor is capped at 1/S, the split and group size are read from their fields
  CHECK(dbl(capped_delta(a)) == Approx(0.25));
  CHECK(correct_count(a, 1, true) == 1 + 1);  // u = 0.6 over [1, 3]
  CHECK(correct_count(a, 2, false) == 2 + 1); // u = 0.6 over [2, 4]
  CHECK(group_size(a) == 8);
  CHECK(leading_correct(3, 2) == std::vector<bool>{true, true, false});
  CHECK(max_diff(correct_utility<T>(3, 2), Vec<T>((Vec<T>(3) << T(1), T(1), T(0)).finished())) == 0);
  const DpoModel<T> dpo = dpo_model(a, 2, T(0.1));
  CHECK(dpo.labels == std::vector<int>{1, 1, -1, -1});
  CHECK(dbl(dpo.beta) == Approx(0.9));
  CHECK(class_size(5, 7, Classes::any) == 1 + 7 % 5);
  CHECK(class_size(5, 7, Classes::both) == 1 + 7 % 4);
  CHECK(class_size(5, 7, Classes::all_correct) == 5);
}

TEST_CASE("SRCT sample points: the base instance, zero patterns and the envelope points", "[srct-models]") {
  using namespace srct_domain;
  const int S = 3;
  const Assign base = srct_base_point(S);
  CHECK(base.at("eps") == std::vector<double>{0.2});
  const auto pts = with_zero_sets(base, {{"eps"}, {"alpha", "beta"}});
  REQUIRE(pts.size() == 3);
  CHECK(pts[0] == base);
  CHECK(pts[1].at("eps") == std::vector<double>{0.0});
  CHECK(pts[2].at("alpha") == std::vector<double>{0.0});
  CHECK(pts[2].at("beta") == std::vector<double>{0.0});
  const auto flow = srct_flow_points(S);
  REQUIRE(flow.size() == 5);
  CHECK(flow[1].at("k1") == points::zeros(S));
  CHECK(flow[1].at("beta_kl") == std::vector<double>{0.0});
  CHECK(flow[2].at("U") == points::zeros(S));
  CHECK(flow[2].at("beta_kl") == std::vector<double>{1.5});
  CHECK(flow[3].at("eps") == std::vector<double>{0.0});
  CHECK(flow[4].at("alpha") == std::vector<double>{0.0});
}
