// Specifications of the shared helpers of the score-model claims (App. B, D, E, F): central differences and
// vector norms (dcrv/numdiff.hpp), the STaR c⋆ (dcrv/scores/star.hpp), and how a sample is read as a STaR,
// GRPO or DPO instance (properties/domains/star.hpp, grpo.hpp, dpo.hpp), in double and MPFR.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "dcrv/numdiff.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/softmax.hpp"
#include "properties/domains/dpo.hpp"
#include "properties/domains/grpo.hpp"
#include "properties/domains/star.hpp"

using namespace dcrv;

namespace {
/// A sample of `d` at dimension S with the given fields (the others at their neutral defaults).
struct At {
  Domain d;
  Sample s;
  At(Domain dom, int S, const Assign& fields) : d(std::move(dom)), s(d.make(S, fields)) {}
  template <class T> Args<T> args() const { return Args<T>(d, s); }
};
} // namespace

// ---- dcrv/numdiff.hpp
// --------------------------------------------------------------------------------------

TEMPLATE_TEST_CASE("the central-difference step is the 7th root of the working precision", "[numdiff]",
                   double, mpfr) {
  const double h = to_double(central_difference_step<TestType>());
  CHECK(h == Approx(std::pow(10.0, -scalar_digits<TestType>() / 7.0)).epsilon(1e-12));
}

TEMPLATE_TEST_CASE("6th-order central differences are exact on polynomials of degree <= 6", "[numdiff]",
                   double, mpfr) {
  using T = TestType;
  // f(x) = x^6 − 2x³ + x: f′(x) = 6x⁵ − 6x² + 1; the 7-point rule is exact up to degree 6.
  const auto f = [](const T& x) { return T(x * x * x * x * x * x - 2 * x * x * x + x); };
  const T x(0.75), h = central_difference_step<T>();
  const T exact = 6 * x * x * x * x * x - 6 * x * x + 1;
  const double tol = std::pow(10.0, -0.8 * scalar_digits<T>());
  CHECK(to_double(T(abs(central_difference_at<T>(f, x, h) - exact))) < tol);
  CHECK(to_double(T(abs(central_difference<T>([&](const T& s) { return f(T(x + s)); }, h) - exact))) < tol);
}

TEMPLATE_TEST_CASE("a vector-valued central difference is the Jacobian of softmax", "[numdiff]", double,
                   mpfr) {
  using T = TestType;
  Vec<T> theta(3);
  theta << T(0.3), T(-1.2), T(2);
  const T h = central_difference_step<T>();
  const Mat<T> fd = central_difference_jacobian<T>([](const Vec<T>& t) { return softmax(t); }, theta,
                                                   [&](Eigen::Index) { return h; });
  const Mat<T> exact = covariance_matrix(softmax(theta));
  CHECK(fd.rows() == 3);
  CHECK(fd.cols() == 3);
  CHECK(to_double(T((fd - exact).cwiseAbs().maxCoeff())) < std::pow(10.0, -0.7 * scalar_digits<T>()));
}

TEST_CASE("vector_norm gives the l1, l2 and l_inf norms", "[numdiff]") {
  Vec<double> v(3);
  v << 3, -4, 0;
  CHECK(vector_norm(v, Norm::l1) == 7);
  CHECK(vector_norm(v, Norm::l2) == 5);
  CHECK(vector_norm(v, Norm::linf) == 4);
}

// ---- dcrv/scores/star.hpp
// ----------------------------------------------------------------------------------

TEST_CASE("star_top_correct is the largest correct coordinate, the first one on ties", "[star]") {
  const StarPartition part = StarPartition::window(5, 3, 1); // C = {1, 2, 3}
  Vec<double> p(5);
  p << 0.5, 0.1, 0.2, 0.2, 0.0;
  CHECK(star_top_correct(p, part) == 2); // coordinate 0 (0.5) is incorrect; 2 and 3 tie
  p << 0.1, 0.1, 0.2, 0.6, 0.0;
  CHECK(star_top_correct(p, part) == 3);
}

// ---- properties/domains/star.hpp
// ---------------------------------------------------------------------------

TEST_CASE("a STaR sample is read as the cyclic window of M correct coordinates", "[star][domains]") {
  using namespace star_domain;
  const At at(with_trimmed(partitioned()), 4,
              {{"M", {1.0}}, {"first", {3.0}}, {"q", {1, 0, 0, 0}}, {"delta", {0.1}}});
  const Args<double> a = at.args<double>();
  const StarPartition part = partition_of(a); // M = 2 from first = 3: C = {3, 0}
  CHECK(part.correct_indices() == std::vector<int>{0, 3});
  CHECK(floor_range(4).second == 0.25);
  const Vec<double> p = trimmed_point(a); // δ1 + (1 − 4δ)e_0
  CHECK(p(0) == Approx(0.7));
  CHECK(p(1) == Approx(0.1));
  CHECK(p.sum() == Approx(1));
}

// ---- properties/domains/grpo.hpp
// ---------------------------------------------------------------------------

TEST_CASE("a GRPO sample is read as group size, partition and floor", "[grpo][domains]") {
  using namespace grpo_domain;
  const At at(trimmed_instances(), 4, {{"G", {7.4}}, {"kc", {0.5}}, {"delta", {0.9}}, {"q", {1, 1, 1, 1}}});
  const Args<double> a = at.args<double>();
  CHECK(group(a) == 7);
  CHECK(group(a, 5) == 5); // clamped to the largest group size of the trajectory claims
  CHECK(correct_count(a) == 2);
  CHECK(correct_count(a, 1, 1) == 2);
  CHECK(correct_count(a, 3, 1) == 3); // an empty range keeps the lower end
  CHECK(partition_of(a).num_correct() == 2);
  CHECK(floor_delta(a) == 0.25); // capped at 1/K
  CHECK(floor_range(4).first == 1e-30);
}

TEST_CASE("the GRPO domains carry the paper's group sizes and the instance fields", "[grpo][domains]") {
  using namespace grpo_domain;
  const Domain g = group_sizes();
  CHECK(g.edges(2).size() >= kGroups.size());
  for (const char* name : {"G", "kc", "delta", "q"}) {
    INFO(name);
    CHECK_NOTHROW(trimmed_instances().field_index(name, std::string(name) == "q" ? FieldKind::simplex
                                                                                 : FieldKind::real));
  }
  CHECK_NOTHROW(instances(5, 16).field_index("kc", FieldKind::real));
}

TEST_CASE("intra_spreads are the log-ratio spans within each class", "[grpo][domains]") {
  using namespace grpo_domain;
  const Partition part = grpo::Partition::leading(5, 2);
  Vec<double> lp(5);
  lp << -1, -3, -2, -0.5, -4;
  const auto [dC, dI] = intra_spreads(part, lp);
  CHECK(dC == 2);
  CHECK(dI == 3.5);
  const auto [sC, sI] = intra_spreads(grpo::Partition::leading(2, 1), Vec<double>(lp.head(2)));
  CHECK(sC == 0);
  CHECK(sI == 0);
}

TEST_CASE("rounding allowances and threshold texts", "[grpo][domains]") {
  using namespace grpo_domain;
  CHECK(rounding(2.0) == Approx(128 * std::pow(10.0, -scalar_digits<double>())));
  CHECK(to_double(rounding(mpfr(1))) < 1e-45);
  CHECK(threshold_text(2.718281828459045) == "2.718281828"); // 10 significant digits
}

// ---- properties/domains/dpo.hpp
// ----------------------------------------------------------------------------

TEST_CASE("a DPO sample is read as labels, beta, l0 and the floor", "[dpo][domains]") {
  using namespace dpo_domain;
  const At at(trimmed_model_domain(), 3,
              {{"s", {0.5, -1, 0}}, {"beta", {2.0}}, {"ell0", {-1.0}}, {"q", {0, 0, 1}}, {"u", {0.3}}});
  const Args<double> a = at.args<double>();
  CHECK(labels_of(a) == std::vector<int>{1, -1, 1}); // s_i = +1 where the entry is >= 0
  const DpoModel<double> m = model_of(a, 0.25);
  CHECK(m.beta == 2.0);
  CHECK(m.ell0 == -1.0);
  CHECK(m.eps == 0.25);
  CHECK(m.labels == std::vector<int>{1, -1, 1});
  const DpoModel<double> scalar = scalar_model(a);
  CHECK(scalar.labels.empty());
  CHECK(scalar.eps == 0);
  CHECK(floor_of(a) == Approx(0.1));
  CHECK(kUMax < 1.0);
  const At k(Domain().dims(2, 2).real("k", 2, 100, true), 2, {{"k", {6.6}}});
  CHECK(integer_of(k.args<double>(), "k") == 7);
}

TEST_CASE("DPO extremal points: one coordinate against the rest, vertices", "[dpo][domains]") {
  using namespace dpo_domain;
  CHECK(one_against_rest(3, -1.0) == std::vector<double>{-1, 1, 1});
  CHECK(vertex(3, 1) == std::vector<double>{0, 1, 0});
  CHECK(model_domain().min_dim() == 2);
  for (const char* name : {"beta", "ell0", "u"}) {
    INFO(name);
    CHECK_NOTHROW(scalar_floor_domain().field_index(name, FieldKind::real));
  }
  CHECK_THROWS(scalar_floor_domain().field_index("s", FieldKind::vector)); // no labels
}

TEMPLATE_TEST_CASE("lt is a strict inequality that skips ties within rounding", "[dpo][domains]", double,
                   mpfr) {
  using namespace dpo_domain;
  using T = TestType;
  CHECK(lt<T>(T(1), T(2)).rel == Ineq<T>::Rel::le);
  CHECK_FALSE(lt<T>(T(1), T(2)).violated());
  CHECK(lt<T>(T(1), T(1)).rel == Ineq<T>::Rel::skip); // undecidable at this precision
  CHECK(lt<T>(T(2), T(1)).violated());
}

TEMPLATE_TEST_CASE("scaled_norm2 does not underflow", "[dpo][domains]", double, mpfr) {
  using namespace dpo_domain;
  using T = TestType;
  Vec<T> v(2);
  v << T(3e-200), T(-4e-200);
  CHECK(to_double(T(scaled_norm2(v) / T(5e-200))) == Approx(1));
  CHECK(to_double(scaled_norm2(Vec<T>(Vec<T>::Zero(3)))) == 0);
}

TEMPLATE_TEST_CASE("the DPO flow slack is 1e4 times the integration tolerance", "[dpo][domains]", double,
                   mpfr) {
  using namespace dpo_domain;
  using T = TestType;
  CHECK(to_double(dpo_flow_slack<T>()) == Approx(1e4 * dpo_flow_tolerance<T>()));
  const T slack = dpo_flow_slack<T>();
  CHECK_FALSE(le_flow<T>(T(1) + slack / 2, T(1), T(1)).violated());
  CHECK(le_flow<T>(T(1) + 2 * slack + T(1e-3), T(1), T(1)).violated());
  CHECK_FALSE(ge_flow<T>(T(1) - slack / 2, T(1), T(1)).violated());
  CHECK(ge_flow<T>(T(1) - 2 * slack - T(1e-3), T(1), T(1)).violated());
}

TEST_CASE("along_dpo_flow observes every step, stops on request and reports the last state",
          "[dpo][domains]") {
  using namespace dpo_domain;
  DpoModel<double> m;
  m.beta = 1, m.ell0 = 0, m.eps = 0.5, m.labels = {1, -1, -1};
  const Vec<double> p0 = Vec<double>::Constant(3, 1.0 / 3);
  int steps = 0;
  Vec<double> last;
  // mass conservation at every observed step
  const Ineq<double> w = along_dpo_flow(
      m, log_of(p0), 2.0,
      [&](const double&, const Vec<double>& p) {
        ++steps;
        return le<double>(std::abs(p.sum() - 1), 1e-12);
      },
      Unbounded{}, &last);
  CHECK(steps > 2);
  CHECK_FALSE(w.violated());
  CHECK(last.size() == 3);
  CHECK(last(0) > 1.0 / 3); // the correct coordinate grows
  // stopping at the first step: not a failure (the hypothesis "while p in Δ_δ" ended)
  const Ineq<double> stopped = along_dpo_flow(
      m, log_of(p0), 2.0, [](const double&, const Vec<double>&) { return le<double>(0.0, 1.0); },
      [](const Vec<double>&) { return true; });
  CHECK(stopped.rel == Ineq<double>::Rel::skip);
}
