// Specifications of lib/: the scalar layer, simplex utilities and soft-max, in double and MPFR.
#include <catch2/catch.hpp>
#include <rapidcheck/catch.h>

#include "dcrv/linalg.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/engine/domain.hpp"

using namespace dcrv;

TEMPLATE_TEST_CASE("softmax is a probability vector, invariant under shifts", "[lib]", double, mpfr) {
  Vec<TestType> theta(4);
  theta << TestType(1), TestType(-2), TestType(30), TestType(0.5);
  const Vec<TestType> p = softmax(theta);
  CHECK(to_double(TestType(p.sum() - 1)) == Approx(0).margin(1e-15));
  const Vec<TestType> q = softmax<TestType>((theta.array() + TestType(7)).matrix());
  CHECK(to_double((p - q).cwiseAbs().maxCoeff()) < 1e-14);
}

TEST_CASE("MPFR works through Eigen's symmetric eigensolver at the working precision", "[lib]") {
  Vec<mpfr> p(3);
  p << mpfr(1) / 3, mpfr(1) / 3, mpfr(1) / 3;
  const Vec<mpfr> ev = eigenvalues_on_tangent<mpfr>(covariance_matrix(p));
  // At the uniform point J|_T = (1/S) I (App. B, rem:tightness): both eigenvalues are 1/3 to ~50 digits.
  for (int i = 0; i < 2; ++i)
    CHECK(abs(ev(i) - mpfr(1) / 3) < mpfr("1e-45"));
}

TEST_CASE("face gap L_S(δ) equals its defining infimum at the equal split", "[lib]") {
  for (int S : {2, 3, 10})
    for (double d : {1e-6, 0.01, 0.9 / S}) {
      Vec<double> p = Vec<double>::Constant(S, (1 - d) / (S - 1));
      p(0) = d;
      CHECK(face_gap(S, d) == Approx(face_gap_objective(p, d)).epsilon(1e-12));
    }
}

TEST_CASE("clip-renormalize reaches its floor δ_min at a vertex", "[lib]") {
  Vec<double> e = Vec<double>::Zero(5);
  e(0) = 1;
  const double ds = 0.1;
  CHECK(clip_renormalize(e, ds).minCoeff() == Approx(clip_floor(5, ds)));
  CHECK(effective_floor(e, ds) == Approx(clip_floor(5, ds)));
}

TEST_CASE("tangent basis is orthonormal and orthogonal to 1", "[lib]") {
  const Mat<double> q = tangent_basis<double>(7);
  CHECK((q.transpose() * q - Mat<double>::Identity(6, 6)).cwiseAbs().maxCoeff() < 1e-14);
  CHECK((q.transpose() * Vec<double>::Ones(7)).cwiseAbs().maxCoeff() < 1e-14);
}

namespace {
Domain every_field() {
  return Domain()
      .dims(2, 12)
      .simplex("p")
      .simplex("q", true)
      .logits("theta")
      .tangent("v")
      .real("d", 1e-9, 0.5, true)
      .index("k");
}
} // namespace

TEST_CASE("generated samples lie in their domain", "[lib][generators]") {
  rc::prop("random and perturbed samples are valid", [](std::uint64_t seed) {
    const Domain d = every_field();
    std::mt19937_64 rng(seed);
    for (int S = 2; S <= 12; ++S) {
      Sample s = d.random(rng, S);
      for (int round = 0; round < 2; ++round) {
        const Args<double> a(d, s);
        const Vec<double> p = a.simplex("p"), q = a.simplex("q");
        RC_ASSERT(p.size() == S);
        RC_ASSERT(std::abs(p.sum() - 1) < 1e-12);
        RC_ASSERT(p.minCoeff() > 0);  // open simplex: strictly positive
        RC_ASSERT(q.minCoeff() >= 0); // closed simplex: zeros allowed
        RC_ASSERT(std::abs(a.logits("theta").sum()) < 1e-9 * (1 + a.logits("theta").cwiseAbs().maxCoeff()));
        RC_ASSERT(std::abs(a.tangent("v").sum()) < 1e-9 * (1 + a.tangent("v").cwiseAbs().maxCoeff()));
        RC_ASSERT(a.real("d") >= 1e-9 && a.real("d") <= 0.5);
        RC_ASSERT(a.index("k") >= 0 && a.index("k") < S);
        d.perturb(s, rng, 0.5);
      }
    }
  });
}

TEST_CASE("edge cases include vertices, deep faces and the a_± point", "[lib][generators]") {
  const Domain d = Domain().simplex("p");
  bool vertex = false, deep_face = false, apm = false;
  for (const Sample& s : d.edges(3)) {
    const Vec<double> p = Args<double>(d, s).simplex("p");
    vertex |= p.maxCoeff() >= 1 - 1e-15;
    deep_face |= p.minCoeff() < 1e-39;
    apm |= std::abs(p(0) - (0.5 + 0.5 / std::sqrt(3.0))) < 1e-12;
  }
  CHECK(vertex);
  CHECK(deep_face);
  CHECK(apm);
}

TEST_CASE("a sample's JSON round trip is exact (witnesses replay bit for bit)", "[lib]") {
  rc::prop("round trip", [](std::uint64_t seed) {
    const Domain d = every_field();
    std::mt19937_64 rng(seed);
    const Sample s = d.random(rng, 5);
    const Sample t = Sample::from_json(nlohmann::json::parse(s.to_json().dump()));
    RC_ASSERT(s.x == t.x);
    RC_ASSERT(s.idx == t.idx);
  });
}

TEMPLATE_TEST_CASE("the trimmed simplex: free mass, vertices, facet points and the projection onto Δ_δ",
                   "[lib]", double, mpfr) {
  using T = TestType;
  const int S = 4;
  const T delta = T(1) / T(10);
  CHECK(trimmed_free_mass(S, T(1) / T(S)) == T(0)); // δ = 1/S: exactly no free mass
  const Vec<T> v = trimmed_vertex(S, 2, delta);
  CHECK(to_double(T(v(2) - (T(1) - T(3) * delta))) == Approx(0).margin(1e-15));
  CHECK(to_double(T(v.sum() - 1)) == Approx(0).margin(1e-15));
  Vec<T> q(S);
  q << T(0.4), T(0.3), T(0.2), T(0.1);
  const Vec<T> f = facet_point(q, 1, delta);
  CHECK(f(1) == delta);
  CHECK(to_double(T(f.sum() - 1)) == Approx(0).margin(1e-15));
  CHECK(to_double(f.minCoeff()) >= to_double(delta));
  // q = e_i: the equal split of the other coordinates
  const Vec<T> g = facet_point<T>(Vec<T>::Unit(S, 0), 0, delta);
  CHECK(to_double(T(g(1) - g(3))) == Approx(0).margin(1e-15));
  // projection: points of Δ_δ are fixed, others land on Δ_δ and the map is nonexpansive
  CHECK(to_double((project_trimmed(f, delta) - f).cwiseAbs().maxCoeff()) < 1e-14);
  Vec<T> x(S), y(S);
  x << T(2), T(-1), T(0.5), T(0);
  y << T(0.1), T(0.1), T(3), T(-2);
  const Vec<T> px = project_trimmed(x, delta), py = project_trimmed(y, delta);
  CHECK(to_double(T(px.sum() - 1)) == Approx(0).margin(1e-14));
  CHECK(to_double(px.minCoeff()) >= to_double(delta) - 1e-15);
  CHECK(to_double(T((px - py).norm())) <= to_double(T((x - y).norm())) + 1e-14);
}

TEMPLATE_TEST_CASE("log_of and exp_of are inverse componentwise — symmetric_opnorm is max |λ|", "[lib]",
                   double, mpfr) {
  using T = TestType;
  Vec<T> p(3);
  p << T(1e-40), T(0.5), T(2);
  CHECK(to_double((exp_of<T>(log_of(p)) - p).cwiseQuotient(p).cwiseAbs().maxCoeff()) < 1e-14);
  Mat<T> a(2, 2);
  a << T(1), T(2), T(2), T(-3); // eigenvalues −1 ± 2√2
  CHECK(to_double(symmetric_opnorm(a)) == Approx(1 + 2 * std::sqrt(2.0)).epsilon(1e-14));
  CHECK(to_double(symmetric_opnorm(a)) == Approx(to_double(spectral_norm(a))).epsilon(1e-12));
}
