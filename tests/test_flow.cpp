// Specifications of the flow engine: log-coordinate integration in double and MPFR, per-step observers,
// the equilibrium solver.
#include <catch2/catch.hpp>

#include "dcrv/ode.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/universe.hpp"

using namespace dcrv;

namespace {
template <class T> RateField<T> dcr_field(const SrctParams<T>& m) {
  return [m](const T&, const Vec<T>& p, const Vec<T>& lp) { return srct_rate(m, p, lp); };
}
} // namespace

TEST_CASE("double and MPFR trajectories of the S = 12 DCR flow agree to the double tolerance", "[flow]") {
  const SrctParams<double> md = study_b_model(make_universe(), 1.0, 0.05, 0.5);
  Vec<double> p0(12);
  for (int i = 0; i < 12; ++i)
    p0(i) = (1.0 + i) / 78.0;
  const auto rd = integrate_flow_from<double>(dcr_field(md), p0, 0.0, 10.0);
  FlowOptions o;
  o.rel_tol = o.abs_tol = 1e-20; // a reference well below double's tolerance
  const auto rm =
      integrate_flow_from<mpfr>(dcr_field(md.cast<mpfr>()), p0.cast<mpfr>(), mpfr(0), mpfr(10), {}, o);
  REQUIRE(rd.completed);
  REQUIRE(rm.completed);
  // Stated tolerance: relative 1e-7 per coordinate (dopri5 at rel_tol 1e-10 over t = 10).
  for (int i = 0; i < 12; ++i)
    CHECK(std::abs(rd.p(i) / to_double(rm.p(i)) - 1) < 1e-7);
}

TEST_CASE("masses near a face keep their relative precision in log-coordinates", "[flow]") {
  // Pure entropy flow ṗ = −A E(p): log-ratios contract exactly as z(t) = z(0) e^{−At} (App. C eq. C-VoC, d =
  // 0).
  SrctParams<mpfr> m;
  m.U = Vec<mpfr>::Zero(3);
  m.K = Mat<mpfr>::Zero(3, 3);
  m.eps = mpfr(1);
  Vec<mpfr> lp0(3);
  lp0 << mpfr(-92), mpfr(0), mpfr(0); // p_1 ≈ 1e-40
  long observed = 0;
  const auto r =
      integrate_flow<mpfr>(dcr_field(m), lp0, mpfr(0), mpfr(1),
                           [&](const mpfr&, const Vec<mpfr>& p) { return ++observed, p.minCoeff() > 0; });
  REQUIRE(r.completed);
  CHECK(observed == r.steps + 1);
  const mpfr z = r.log_p(0) - r.log_p(1), expected = mpfr(-92) * exp(mpfr(-1));
  CHECK(abs(z - expected) < mpfr("1e-25"));
}

TEMPLATE_TEST_CASE("a flow leaving a vertex is not taken as converged there — one at its equilibrium is",
                   "[flow]", double, mpfr) {
  using T = TestType;
  // Replicator ṗ_i = p_i(φ_i − ⟨p, φ⟩), φ = (0, 1): from p = (1 − 10⁻¹³, 10⁻¹³) the velocity is ~10⁻¹³ ≤ tol
  // at once, but p_2 grows at relative rate ≈ 1 and reaches the vertex e_2 at t ≈ 30.
  const RateField<T> replicator = [](const T&, const Vec<T>& p, const Vec<T>&) {
    Vec<T> r(2);
    r << T(-p(1)), T(1) - p(1);
    return r;
  };
  FlowOptions o;
  o.converged_tol = 1e-12;
  Vec<T> near_e1(2);
  near_e1 << T(1) - T(1e-13), T(1e-13);
  const auto leaving = integrate_flow_from<T>(replicator, near_e1, T(0), T(1000), {}, o);
  REQUIRE(leaving.completed);
  CHECK(leaving.converged);
  CHECK(to_double(leaving.t_end) > 30);
  CHECK(to_double(leaving.p(1)) > 1 - 1e-9);
  // at the stable vertex e_2 itself (p_1 = 10⁻³⁰: r_1 = −1 < 0, nothing grows): converged after one step
  Vec<T> at_e2(2);
  at_e2 << T(1e-30), T(1) - T(1e-30);
  const auto resting = integrate_flow_from<T>(replicator, at_e2, T(0), T(1000), {}, o);
  REQUIRE(resting.completed);
  CHECK(resting.converged);
  CHECK(resting.steps <= 2);
}

TEST_CASE("the equilibrium solver finds the interior KKT point with a small residual",
          "[flow][equilibrium]") {
  const SrctParams<mpfr> m = study_b_model(make_universe(), 1.0, 0.05, 0.5).cast<mpfr>();
  const auto eq = find_equilibrium<mpfr>([&m](const Vec<mpfr>& p) { return srct_rate(m, p); },
                                         Vec<mpfr>::Constant(12, mpfr(1) / 12));
  REQUIRE(eq.converged);
  CHECK(eq.residual < mpfr("1e-40"));
  // Within a cluster the equilibrium is uniform (symmetry), and incorrect traces are suppressed.
  CHECK(abs(eq.p(0) - eq.p(1)) < mpfr("1e-40"));
  CHECK(eq.p(11) < eq.p(0));
}

#include "properties/engine/engine.hpp"

namespace {
// J̃(p_t) ≥ J̃(p_0) (the Lyapunov property, App. A lem:Lyapunov) — or its false reverse.
Claim lyapunov_claim(bool reverse) {
  auto model = []<class T>(const Args<T>& a) {
    SrctParams<T> m;
    const int S = a.S();
    m.U = a.vec("U");
    m.K = Mat<T>::Identity(S, S);
    m.lambda = T(1);
    m.alpha = a.real("alpha");
    m.beta = T(0.5);
    return m;
  };
  return forall(reverse ? "X.test-anti-lyapunov" : "X.test-lyapunov", Kind::dynamic)
      .over(Domain().dims(2, 5).simplex("p0").vector("U").real("alpha", 0.01, 1.0))
      .effort(0.05)
      .holds(along_trajectory(
          5.0,
          [model]<class T>(const Args<T>& a, const Consts<T>&) -> RateField<T> {
            const SrctParams<T> m = model(a);
            return [m](const T&, const Vec<T>& p, const Vec<T>& lp) { return srct_rate(m, p, lp); };
          },
          []<class T>(const Args<T>& a, const Consts<T>&) { return a.simplex("p0"); },
          [model, reverse]<class T>(const Args<T>& a, const Consts<T>&, const T&, const Vec<T>& p) {
            const SrctParams<T> m = model(a);
            const T j0 = srct_objective(m, a.simplex("p0")), j = srct_objective(m, p);
            const T scale = T(1e-12) * (abs(j0) + T(1)); // the flow starts at equality: allow rounding
            return reverse ? le<T>(j, j0, scale) : ge<T>(j, j0, scale);
          }))
      .build();
}
Outcome run_smoke(const Claim& c) {
  Context ctx;
  ctx.budget = Budget::smoke;
  ctx.digits = 50;
  ctx.claim = &c;
  return c.check(ctx);
}
} // namespace

TEST_CASE("invariants are checked at every step of the flow — a false one is falsified and confirmed in MPFR",
          "[flow][engine]") {
  const Outcome good = run_smoke(lyapunov_claim(false));
  CHECK(good.status == Status::verified);
  const Outcome bad = run_smoke(lyapunov_claim(true));
  REQUIRE(bad.status == Status::falsified);
  CHECK(bad.witness["digits"] == 50);
}
