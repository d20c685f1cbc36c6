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
  for (int i = 0; i < 12; ++i) p0(i) = (1.0 + i) / 78.0;
  const auto rd = integrate_flow_from<double>(dcr_field(md), p0, 0.0, 10.0);
  FlowOptions o;
  o.rel_tol = o.abs_tol = 1e-20; // a reference well below double's tolerance
  const auto rm = integrate_flow_from<mpfr>(dcr_field(md.cast<mpfr>()), p0.cast<mpfr>(), mpfr(0), mpfr(10), {}, o);
  REQUIRE(rd.completed);
  REQUIRE(rm.completed);
  // Stated tolerance: relative 1e-7 per coordinate (dopri5 at rel_tol 1e-10 over t = 10).
  for (int i = 0; i < 12; ++i) CHECK(std::abs(rd.p(i) / to_double(rm.p(i)) - 1) < 1e-7);
}

TEST_CASE("masses near a face keep their relative precision in log-coordinates", "[flow]") {
  // Pure entropy flow ṗ = −A E(p): log-ratios contract exactly as z(t) = z(0) e^{−At} (App. C eq. C-VoC, d = 0).
  SrctParams<mpfr> m;
  m.U = Vec<mpfr>::Zero(3);
  m.K = Mat<mpfr>::Zero(3, 3);
  m.eps = mpfr(1);
  Vec<mpfr> lp0(3);
  lp0 << mpfr(-92), mpfr(0), mpfr(0); // p_1 ≈ 1e-40
  long observed = 0;
  const auto r = integrate_flow<mpfr>(dcr_field(m), lp0, mpfr(0), mpfr(1),
                                      [&](const mpfr&, const Vec<mpfr>& p) { return ++observed, p.minCoeff() > 0; });
  REQUIRE(r.completed);
  CHECK(observed == r.steps + 1);
  const mpfr z = r.log_p(0) - r.log_p(1), expected = mpfr(-92) * exp(mpfr(-1));
  CHECK(abs(z - expected) < mpfr("1e-25"));
}

TEST_CASE("the equilibrium solver finds the interior KKT point with a small residual", "[flow][equilibrium]") {
  const SrctParams<mpfr> m = study_b_model(make_universe(), 1.0, 0.05, 0.5).cast<mpfr>();
  const auto eq = find_equilibrium<mpfr>([&m](const Vec<mpfr>& p) { return srct_rate(m, p); },
                                         Vec<mpfr>::Constant(12, mpfr(1) / 12));
  REQUIRE(eq.converged);
  CHECK(eq.residual < mpfr("1e-40"));
  // Within a cluster the equilibrium is uniform (symmetry), and incorrect traces are suppressed.
  CHECK(abs(eq.p(0) - eq.p(1)) < mpfr("1e-40"));
  CHECK(eq.p(11) < eq.p(0));
}
