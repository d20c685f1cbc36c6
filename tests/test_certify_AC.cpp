// Specification of the certificates of properties/certificates/A_floor_certificates.cpp and
// C_srct_certificates.cpp, by point evaluation only (the generic tests of test_certify.cpp run every proof):
// each branch-and-bound score is the claim's own quantity (checked against dcrv's library functions at sample
// points, in MPFR through point boxes), and each exact residual vanishes at rational points off the grid,
// where the same identity evaluated with the library in MPFR vanishes too.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/srct.hpp"
#include "properties/certificates/aggregates.hpp"
#include "tests/certify_aggregates.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv;
using namespace dcrv::certify;
using namespace dcrv::test;

namespace {
/// Stick-breaking in MPFR (the map the scores use).
Vec<mpfr> stick(const std::vector<double>& u) {
  Vec<mpfr> p(static_cast<Eigen::Index>(u.size() + 1));
  mpfr rest = 1;
  for (std::size_t k = 0; k < u.size(); ++k) {
    p(static_cast<Eigen::Index>(k)) = rest * u[k];
    rest *= 1 - mpfr(u[k]);
  }
  p(static_cast<Eigen::Index>(u.size())) = rest;
  return p;
}
/// Every exact piece of a certificate vanishes at a few rational points off its grid.
void residuals_vanish_off_grid(const Certificate& c) {
  const RationalConstants q = exact_constants(c);
  for (const auto& piece : c.identities)
    for (int trial = 0; trial < 3; ++trial) {
      std::vector<Rational> x(piece.variables);
      for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = Rational(long(1 + (7 * i + 3 * trial) % 11), long(13 * (x.size() + 1)));
      INFO(c.claim << " / " << piece.label << " trial " << trial);
      CHECK(identity_residual(piece, x, q) == 0);
    }
}
} // namespace

// ---------------------------------------------------------------------------------------------------------
// App. A floors
// ---------------------------------------------------------------------------------------------------------

TEST_CASE("the A.eff-floor-interval scores are Sum_j max{p_j, d} - 1 - c(S-1)d and 1 - c Sum_j max{p_j, d}",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("A.eff-floor-interval");
  const Constants k = paper_constants(c);
  for (const std::vector<double>& u : {std::vector<double>{0.3, 0.5}, {1.0, 0.25}, {0.0, 0.0}, {0.9, 0.7}})
    for (double ds : {0.0, 0.05, 0.2, 1.0 / 3, 0.7, 1.0}) {
      const Vec<mpfr> p = stick(u);
      const mpfr d = ds;
      mpfr mass = 0;
      for (int i = 0; i < 3; ++i)
        mass += p(i) > d ? p(i) : d;
      INFO("u = (" << u[0] << ", " << u[1] << ") delta* = " << ds);
      std::vector<double> raw = u;
      raw.push_back(ds);
      CHECK(abs(piece_labelled(c, "S = 3, lower end").score.value(point(raw), k).mid() - (mass - 1 - 2 * d)) <
            mpfr(1e-40));
      CHECK(abs(piece_labelled(c, "S = 3, upper end").score.value(point(raw), k).mid() - (1 - mass)) <
            mpfr(1e-40));
      if (ds > 0) { // the claim's δ_eff against its two ends (signs agree with the scores)
        const mpfr eff = effective_floor(p, d);
        CHECK((eff >= d / (1 + 2 * d) - mpfr(1e-45)));
        CHECK((eff <= d + mpfr(1e-45)));
      }
    }
}

TEST_CASE("the A.eff-floor-is-floor score is (delta_eff - min clip_renormalize) times the clip mass",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("A.eff-floor-is-floor");
  for (const std::vector<double>& u :
       {std::vector<double>{0.3, 0.5, 0.5}, {1.0, 0.25, 0.5}, {0.05, 0.0, 0.9}})
    for (double ds : {0.01, 0.2, 0.5, 1.0}) {
      const Vec<mpfr> p = stick(u);
      const mpfr d = ds;
      mpfr mass = 0;
      for (int i = 0; i < 4; ++i)
        mass += p(i) > d ? p(i) : d;
      const mpfr expected = (effective_floor(p, d) - clip_renormalize(p, d).minCoeff()) * mass;
      std::vector<double> raw = u;
      raw.push_back(ds);
      INFO("delta* = " << ds);
      CHECK(abs(piece_labelled(c, "S = 4").score.value(point(raw), Constants()).mid() - expected) <
            mpfr(1e-40));
    }
}

// ---------------------------------------------------------------------------------------------------------
// App. A §A.5 replicator identities
// ---------------------------------------------------------------------------------------------------------

TEST_CASE("the replicator identities of App. A vanish off the grid, as the library's fields do in MPFR",
          "[certify]") {
  set_working_digits(50);
  for (const std::string id : {"A.mass-conservation", "A.gauge-invariance", "A.shah-gradient-replicator"})
    residuals_vanish_off_grid(certificate_of(id));
  // the same identities at a sample point in MPFR: Σ_i p_i(F_i − E_pF) = 0 and g_p(w, v) = ⟨F, v⟩
  Vec<mpfr> p(3), F(3), v(3);
  p << mpfr(1) / 7, mpfr(2) / 7, mpfr(4) / 7;
  F << mpfr("0.3"), mpfr("-1.7"), mpfr("2.5");
  v << 1, 2, -3;
  const mpfr mean = p.dot(F);
  mpfr sum = 0, g = 0;
  for (int i = 0; i < 3; ++i) {
    sum += p(i) * (F(i) - mean);
    g += p(i) * (F(i) - mean) * v(i) / p(i);
  }
  CHECK(abs(sum) < mpfr(1e-45));
  CHECK(abs(g - F.dot(v)) < mpfr(1e-45));
}

TEST_CASE("the A.shah-gradient-replicator bound score is -(g_p(v,v) - |v|^2) prod_j p_j", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("A.shah-gradient-replicator");
  const Piece& piece = piece_labelled(c, "S = 3, g_p(v,v) >= |v|^2");
  for (const std::vector<double>& u : {std::vector<double>{0.3, 0.5}, {0.9, 0.1}})
    for (double t : {-1.0, 0.25}) {
      const Vec<mpfr> p = stick(u);
      Vec<mpfr> v(3);
      v << mpfr(t), mpfr("0.5"), -mpfr(t) - mpfr("0.5");
      mpfr g = 0;
      for (int i = 0; i < 3; ++i)
        g += v(i) * v(i) / p(i);
      const mpfr expected = -(g - v.squaredNorm()) * p.prod();
      CHECK(abs(piece.score.value(point({u[0], u[1], t, 0.5}), Constants()).mid() - expected) < mpfr(1e-40));
    }
}

// ---------------------------------------------------------------------------------------------------------
// App. C
// ---------------------------------------------------------------------------------------------------------

TEST_CASE("the C.S-norm-half score is v^T S(p) v - c|v|^2 with dcrv's selection_covariance, and its maximum "
          "over the faces of the cube is |S(p)|_2 |v|^2-normalised",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("C.S-norm-half");
  const Constants k = paper_constants(c);
  for (const std::vector<double>& u : {std::vector<double>{0.5, 1.0}, {0.3, 0.6}, {0.0, 0.5}})
    for (const std::vector<double>& w : {std::vector<double>{-1.0, 0.0}, {0.5, -0.25}}) {
      const Vec<mpfr> p = stick(u);
      const Mat<mpfr> S = selection_covariance(p);
      Vec<mpfr> v(3);
      v << 1, w[0], w[1]; // face v_1 = 1
      const mpfr expected = v.dot(S * v) - v.squaredNorm() / 2;
      CHECK(abs(piece_labelled(c, "S = 3, v_1 = 1").score.value(point({u[0], u[1], w[0], w[1]}), k).mid() -
                expected) < mpfr(1e-40));
      // the Rayleigh quotient never exceeds the spectral norm, and reaches it along the top eigenvector
      CHECK((v.dot(S * v) <= spectral_norm<mpfr>(S) * v.squaredNorm() + mpfr(1e-40)));
    }
}

TEST_CASE("the C.safe-denominators score is c delta |w|_1 - w^T trim(q, delta)", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("C.safe-denominators");
  const Constants k = paper_constants(c);
  const Piece& piece = piece_labelled(c, "K = 3");
  for (const std::vector<double>& r : {std::vector<double>{0.3, 0.5, 0.2, 0.7, 0.5},
                                       {1.0, 0.0, 0.0, 1.0, 0.25},
                                       {0.0, 1.0, 0.0, 0.0, 1.0}}) {
    const Vec<mpfr> w = stick({r[0], r[1]}), q = stick({r[2], r[3]});
    const mpfr delta = mpfr(r[4]) / 3;
    const Vec<mpfr> p = trim(q, delta);
    const mpfr expected = delta * w.sum() - w.dot(p);
    CHECK(abs(piece.score.value(point(r), k).mid() - expected) < mpfr(1e-40));
  }
}

TEST_CASE("the C.BD-coarse-sufficient scores are |sigma_i - p.sigma| - c at the cube's vertices and the face "
          "term of M_eff",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("C.BD-coarse-sufficient");
  const Constants k = paper_constants(c);
  // at a vertex σ of the cube, |σ_i − pᵀσ| = 2Σ_{j∈B} p_j, B = {j : σ_j ≠ σ_i}: K = 3, i = 1, B = {2, 3} and
  // B = {2}, B's coordinates first in the stick-breaking
  for (const std::vector<double>& u : {std::vector<double>{0.3, 0.6}, {0.0, 1.0}, {1.0, 0.2}}) {
    Vec<mpfr> p(3), sigma(3);
    p(1) = u[0];
    p(2) = (1 - mpfr(u[0])) * u[1];
    p(0) = (1 - mpfr(u[0])) * (1 - mpfr(u[1]));
    sigma << 1, -1, -1;
    CHECK(abs(piece_labelled(c, "|B| = 2").score.value(point(u), k).mid() - (abs(1 - p.dot(sigma)) - 2)) <
          mpfr(1e-40));
    p(0) = (1 - mpfr(u[0])) * mpfr("0.3");
    p(2) = (1 - mpfr(u[0])) * mpfr("0.7");
    sigma << 1, -1, 1;
    CHECK(abs(piece_labelled(c, "|B| = 1").score.value(point({u[0]}), k).mid() -
              (abs(1 - p.dot(sigma)) - 2)) < mpfr(1e-40));
  }
  // the face term at δ⋆ = v/K: −(φ_i − (δ⋆Σφ + (1 − Kδ⋆)φ_j)) − c, as the claim's second part forms it
  for (double v : {0.0, 0.3, 1.0}) {
    Vec<mpfr> phi(3);
    phi << mpfr("0.5"), mpfr("-1"), mpfr("0.25");
    const mpfr delta = mpfr(v) / 3;
    const mpfr centred = phi(0) - (delta * phi.sum() + trimmed_free_mass(3, delta) * phi(2));
    CHECK(abs(piece_labelled(c, "K = 3, face i = 1, vertex j = 3")
                  .score.value(point({0.5, -1.0, 0.25, v}), k)
                  .mid() -
              (-centred - 2)) < mpfr(1e-40));
  }
}

TEST_CASE("the exact App. C identities vanish off the grid — the library's S(p), E(p) and F(p) satisfy them "
          "in MPFR",
          "[certify]") {
  set_working_digits(50);
  for (const std::string id : {"C.S-kernel-variance", "C.JE-formula", "C.logratio-identity",
                               "C.single-site-lyapunov", "A.single-site-lyapunov"})
    residuals_vanish_off_grid(certificate_of(id));
  Vec<mpfr> p(3), v(3);
  p << mpfr(1) / 6, mpfr(1) / 3, mpfr(1) / 2;
  v << mpfr("0.7"), -2, mpfr("1.1");
  // C.S-kernel-variance: vᵀS(p)v = Var_p(V)
  const Mat<mpfr> S = selection_covariance(p);
  const mpfr vbar = p.dot(v);
  mpfr var = 0;
  for (int i = 0; i < 3; ++i)
    var += p(i) * (v(i) - vbar) * (v(i) - vbar);
  CHECK(abs(v.dot(S * v) - var) < mpfr(1e-45));
  // C.logratio-identity with the library's boxed drift: F_i/p_i − F_j/p_j = d_ij − A log(p_i/p_j)
  SrctParams<mpfr> m;
  m.U = v;
  m.K = Mat<mpfr>::Identity(3, 3) * mpfr("0.4");
  m.p_base = p.reverse();
  m.lambda = mpfr("0.8"), m.alpha = mpfr("0.3"), m.beta = mpfr("1.2"), m.beta_kl = mpfr("0.5"),
  m.eps = mpfr("0.1");
  const Vec<mpfr> F = srct_boxed_drift(m, p), phi = srct_score(m, p), Kp = m.K * p;
  const mpfr d01 = (m.U(0) - m.U(1)) - 2 * m.lambda * m.beta * (Kp(0) - Kp(1)) +
                   m.beta_kl * log(m.p_base(0) / m.p_base(1));
  CHECK(abs(d01 - (phi(0) - phi(1))) < mpfr(1e-45)); // d_ij = φ_A,i − φ_A,j (the certificate's reduction)
  CHECK(abs(F(0) / p(0) - F(1) / p(1) - (d01 - m.barrier() * log(p(0) / p(1)))) < mpfr(1e-40));
  // C.JE-formula's right side against a difference quotient of the library's entropy_drift
  const mpfr h("1e-20");
  const Vec<mpfr> jv = (entropy_drift(Vec<mpfr>(p + h * v)) - entropy_drift(Vec<mpfr>(p - h * v))) / (2 * h);
  const mpfr ml = mean_log(p);
  mpfr inner = 0;
  for (int i = 0; i < 3; ++i)
    inner += (1 + log(p(i))) * v(i);
  for (int i = 0; i < 3; ++i)
    CHECK(abs(jv(i) - ((1 + log(p(i)) - ml) * v(i) - p(i) * inner)) < mpfr(1e-30));
}

TEST_CASE("the exact SRCT-objective identities vanish off the grid — the library's J~, its variational "
          "derivative and F(p) satisfy them in MPFR",
          "[certify]") {
  set_working_digits(50);
  for (const std::string id :
       {"C.variational-derivative", "A.instantiation-variational-derivative", "A.jtilde-flow-score",
        "A.logratio-ode-contraction", "C.srct-ode-form", "C.mass-balance"}) {
    const Certificate& c = certificate_of(id);
    long per_s = 0; // S = 2, 3, 4: (θ basis) × (L = 0, e_k); beside them the aggregate identities (every S)
    for (const auto& piece : c.identities)
      per_s += piece.label.rfind("S = ", 0) == 0;
    CHECK(per_s == 195);
    residuals_vanish_off_grid(c);
  }
  SrctParams<mpfr> m;
  Vec<mpfr> p(3);
  p << mpfr(1) / 6, mpfr(1) / 3, mpfr(1) / 2;
  m.U = Vec<mpfr>(3);
  m.U << mpfr("0.7"), -2, mpfr("1.1");
  m.K = Mat<mpfr>(3, 3);
  m.K << 2, mpfr("0.5"), 0, mpfr("0.5"), 1, mpfr("-0.3"), 0, mpfr("-0.3"), mpfr("0.8");
  m.p_base = p.reverse();
  m.lambda = mpfr("0.8"), m.alpha = mpfr("0.3"), m.beta = mpfr("1.2"), m.beta_kl = mpfr("0.5"),
  m.eps = mpfr("0.1");
  // ambient partial derivatives of J~ (central differences) = U − 2λβKp + β_KL log p_base − A(1 + log p)
  const Vec<mpfr> g = srct_variational_derivative(m, p), Kp = m.K * p;
  const mpfr h("1e-20");
  for (int i = 0; i < 3; ++i) {
    Vec<mpfr> up = p, dn = p;
    up(i) += h;
    dn(i) -= h;
    const mpfr fd = (srct_objective(m, up) - srct_objective(m, dn)) / (2 * h);
    const mpfr formula =
        m.U(i) - 2 * m.lambda * m.beta * Kp(i) + m.beta_kl * log(m.p_base(i)) - m.barrier() * (1 + log(p(i)));
    CHECK(abs(fd - formula) < mpfr(1e-30));
    CHECK(abs(g(i) - formula) < mpfr(1e-40));
  }
  // boxed drift = p ⊙ (g − ⟨p, g⟩), Σ F = 0, and the mass balance off the simplex (r = 2p)
  const Vec<mpfr> F = srct_boxed_drift(m, p);
  const mpfr gbar = p.dot(g);
  for (int i = 0; i < 3; ++i)
    CHECK(abs(F(i) - p(i) * (g(i) - gbar)) < mpfr(1e-40));
  CHECK(abs(F.sum()) < mpfr(1e-40));
  const Vec<mpfr> r = 2 * p, Fr = srct_boxed_drift(m, r), phi = srct_score(m, r);
  mpfr mlr = 0;
  for (int i = 0; i < 3; ++i)
    mlr += r(i) * log(r(i));
  CHECK(abs(Fr.sum() - (r.dot(phi) - m.barrier() * mlr) * (1 - r.sum())) < mpfr(1e-40));
}

TEST_CASE("the Lyapunov, strong-concavity and degenerate-floor certificates read the claims' quantities",
          "[certify]") {
  set_working_digits(50);
  for (const std::string id : {"A.lyapunov-identity", "A.lyapunov-equality-iff", "C.degenerate-floor"})
    residuals_vanish_off_grid(certificate_of(id));
  // A.lyapunov-equality-iff: (|w|^2 − g_p(w,w)) Π p and (g_p(w,w) − |w|^2/min p) min p Π p
  const Certificate& eq = certificate_of("A.lyapunov-equality-iff");
  for (const std::vector<double>& u : {std::vector<double>{0.3, 0.5}, {0.9, 0.1}, {0.2, 0.8}}) {
    const Vec<mpfr> p = stick(u);
    Vec<mpfr> w(3);
    w << mpfr("0.25"), mpfr("-1"), mpfr("0.5");
    mpfr g = 0;
    for (int i = 0; i < 3; ++i)
      g += w(i) * w(i) / p(i);
    const mpfr m = p.minCoeff();
    const Box x = point({u[0], u[1], 0.25, -1.0, 0.5});
    CHECK(abs(piece_labelled(eq, "S = 3, |w|^2 <= g_p(w,w)").score.value(x, Constants()).mid() -
              (w.squaredNorm() - g) * p.prod()) < mpfr(1e-40));
    CHECK(abs(piece_labelled(eq, "S = 3, g_p(w,w) <= |w|^2/min p").score.value(x, Constants()).mid() -
              (g - w.squaredNorm() / m) * m * p.prod()) < mpfr(1e-40));
  }
  // C.single-site-strong-concavity: s (g'(s) + mA) with g(s) = a − b s − c s³ − A log s (central difference)
  const Certificate& sc = certificate_of("C.single-site-strong-concavity");
  const Constants k = paper_constants(sc);
  for (double s : {1e-3, 0.4, 1.0})
    for (double A : {0.0, 0.7, 2.0}) {
      const mpfr b(0.3), cc(1.5), h("1e-20");
      auto g = [&](const mpfr& t) { return 1 - b * t - cc * t * t * t - A * log(t); };
      const mpfr dg = (g(s + h) - g(s - h)) / (2 * h);
      CHECK(abs(sc.pieces[0].score.value(point({s, 0.3, 1.5, A}), k).mid() - s * (dg + A)) < mpfr(1e-25));
    }
  // C.degenerate-floor: (max p − 1/K) − (K − 1)(1/K − min p)
  const Certificate& df = certificate_of("C.degenerate-floor");
  for (const std::vector<double>& u :
       {std::vector<double>{0.3, 0.5, 0.5}, {0.25, 1.0 / 3, 0.5}, {1.0, 0.0, 0.0}}) {
    const Vec<mpfr> p = stick(u);
    const mpfr expected = (p.maxCoeff() - mpfr(1) / 4) - 3 * (mpfr(1) / 4 - p.minCoeff());
    CHECK(abs(piece_labelled(df, "K = 4").score.value(point(u), Constants()).mid() - expected) < mpfr(1e-40));
  }
}

TEST_CASE("the A.LS-nonneg score is -(L_S(delta) - (1 - S delta))/(1 - delta) with dcrv's face_gap",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("A.LS-nonneg");
  residuals_vanish_off_grid(c);
  for (int S : {2, 3, 10, 1000})
    for (double y : {-14.0, -3.0, 0.0, 2.5, 40.0}) {
      const mpfr x = exp(mpfr(y)), delta = 1 / (S + (S - 1) * x);
      const mpfr expected = -(face_gap<mpfr>(S, delta) - (1 - S * delta)) / (1 - delta);
      INFO("S = " << S << " y = " << y);
      CHECK(abs(c.pieces[0].score.value(point({y}), Constants()).mid() - expected) <
            mpfr(1e-30) * (abs(expected) + mpfr(1e-40)));
    }
}

TEST_CASE("the A.single-site-equality bound scores are Var - max d^2 and min p max d^2 - Var", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("A.single-site-equality");
  residuals_vanish_off_grid(c);
  for (const std::vector<double>& u : {std::vector<double>{0.3, 0.5}, {0.9, 0.1}, {0.2, 0.8}}) {
    const Vec<mpfr> p = stick(u);
    Vec<mpfr> G(3);
    G << 0.25, -1, 0.5;
    const mpfr gbar = p.dot(G);
    mpfr var = 0, dmax = 0;
    for (int i = 0; i < 3; ++i) {
      const mpfr d2 = (G(i) - gbar) * (G(i) - gbar);
      var += p(i) * d2;
      if (d2 > dmax)
        dmax = d2;
    }
    const Box x = point({u[0], u[1], 0.25, -1.0, 0.5});
    CHECK(abs(piece_labelled(c, "S = 3, Var <= max d^2").score.value(x, Constants()).mid() - (var - dmax)) <
          mpfr(1e-40));
    CHECK(abs(piece_labelled(c, "S = 3, min p max d^2 <= Var").score.value(x, Constants()).mid() -
              (p.minCoeff() * dmax - var)) < mpfr(1e-40));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Dimension-free (aggregate) identities: whole for every S (issue 20 point 8)
// ---------------------------------------------------------------------------------------------------------

TEST_CASE(
    "the aggregate identities of the App. A, C, I and main-text identity certificates prove, refuse one "
    "aggregate term changed, and make their certificates whole",
    "[certify][exact]") {
  using namespace dcrv::certify::aggregates;
  using G = SrctGradient;
  aggregate_identities_make_whole("A.mass-conservation", [](bool off) { return mass_sum(off); });
  aggregate_identities_make_whole("A.gauge-invariance", [](bool off) { return gauge_coordinate(off); });
  aggregate_identities_make_whole("I.gauge-invariance", [](bool off) { return gauge_coordinate(off); });
  aggregate_identities_make_whole("A.shah-gradient-replicator",
                                  [](bool off) { return shahshahani_coordinate(off); });
  aggregate_identities_make_whole("A.shah-gradient-replicator", [](bool off) { return mass_sum(off); });
  aggregate_identities_make_whole("M.logratio-ode", [](bool off) { return logratio_linear(true, off); });
  aggregate_identities_make_whole("I.logratio-ode", [](bool off) { return logratio_linear(false, off); });
  aggregate_identities_make_whole("C.logratio-identity", [](bool off) { return logratio_boxed(off); });
  aggregate_identities_make_whole("C.S-kernel-variance", [](bool off) { return selection_variance(off); });
  aggregate_identities_make_whole("C.JE-formula", [](bool off) { return entropic_jacobian(off); });
  for (const char* id : {"A.single-site-lyapunov", "C.single-site-lyapunov", "A.lyapunov-identity",
                         "A.lyapunov-equality-iff", "A.single-site-equality"})
    aggregate_identities_make_whole(id, [](bool off) { return replicator_quadratic(off); });
  aggregate_identities_make_whole("C.single-site-lyapunov",
                                  [](bool off) { return boxed_is_replicator(off); });
  aggregate_identities_make_whole("C.variational-derivative",
                                  [](bool off) { return srct_gradient(G::C, off); });
  for (const char* id : {"A.instantiation-variational-derivative", "A.logratio-ode-contraction",
                         "A.lyapunov-identity", "A.lyapunov-equality-iff"})
    aggregate_identities_make_whole(id, [](bool off) { return srct_gradient(G::A, off); });
  aggregate_identities_make_whole("A.jtilde-flow-score",
                                  [](bool off) { return srct_gradient(G::flow, off); });
  aggregate_identities_make_whole("A.jtilde-flow-score", [](bool off) { return mass_sum(off); });
  aggregate_identities_make_whole("A.logratio-ode-contraction",
                                  [](bool off) { return replicator_logratio(off); });
  aggregate_identities_make_whole("A.logratio-ode-contraction",
                                  [](bool off) { return srct_gradient_difference(off); });
  aggregate_identities_make_whole("C.srct-ode-form", [](bool off) { return srct_gradient(G::C2, off); });
  aggregate_identities_make_whole("C.srct-ode-form", [](bool off) { return srct_ode_form(off); });
  aggregate_identities_make_whole("C.mass-balance", [](bool off) { return srct_mass_balance(off); });
  aggregate_identities_make_whole("M.keff-gating", [](bool off) { return gated_blocks(off); });
  aggregate_identities_make_whole("I.block-gap-formula", [](bool off) { return block_gap(off); });
}

TEST_CASE(
    "the termwise sign pieces are one term of the claims' sums, and their cleared forms refuse a dropped "
    "term",
    "[certify]") {
  using namespace dcrv::certify::aggregates;
  set_working_digits(50);
  for (double p : {0.0, 0.3, 1.0})
    for (double d : {-1.0, 0.25}) {
      CHECK(abs(score_at(variance_term_piece(), {p, d}, Constants()) + mpfr(p) * d * d) < mpfr(1e-40));
      CHECK(abs(score_at(metric_term_piece(false), {p, d}, Constants()) - mpfr(d) * d * (mpfr(p) - 1)) <
            mpfr(1e-40));
      for (double t : {0.0, 0.5, 1.0}) // min p = t p
        CHECK(abs(score_at(metric_term_piece(true), {p, d, t}, Constants()) -
                  mpfr(d) * d * (mpfr(t) * p - p)) < mpfr(1e-40));
    }
  for (bool upper : {false, true}) {
    CHECK(prove_identity(metric_term_rearrangement(upper), {}).status == "proved");
    CHECK(prove_identity(metric_term_rearrangement(upper, true), {}).status != "proved");
  }
  CHECK(prove_identity(variance_bound_forms(), {}).status == "proved");
  CHECK(prove_identity(variance_bound_forms(true), {}).status != "proved");
}

TEST_CASE("the matrix-statement certificates stay partial and say what stands between them and every S",
          "[certify]") {
  for (const char* id : {"I.block-rank", "I.S-opnorm", "C.S-norm-half"}) {
    const Certificate* c = certificate_in_build(id);
    if (!c)
      continue;
    INFO(id << ": " << c->scope.gap);
    CHECK_FALSE(c->scope.whole);
    CHECK(c->scope.gap.find("symbolic-") != std::string::npos);
  }
}

TEST_CASE(
    "the termwise arguments of the floor and coarse-BD certificates prove, refuse a dropped term and make "
    "them whole",
    "[certify][exact]") {
  using namespace dcrv::certify::aggregates;
  aggregate_identities_make_whole("C.degenerate-floor",
                                  [](bool off) { return degenerate_floor_every_k(off); });
  const auto refused_off = [](const IdentityPiece& good, const IdentityPiece& off) {
    INFO(good.label);
    CHECK(good.rearrangement);
    CHECK(prove_identity(good, {}).status == "proved");
    CHECK(prove_identity(off, {}).status != "proved");
  };
  refused_off(floor_term_form(), floor_term_form(true));
  refused_off(eff_floor_interval_every_s(), eff_floor_interval_every_s(true));
  refused_off(face_mean_rearrangement(), face_mean_rearrangement(true));
  RationalConstants one;
  one.set("c", Rational(1));
  CHECK(prove_identity(safe_denominator_every_k(), one).status == "proved");
  CHECK(prove_identity(safe_denominator_every_k(true), one).status != "proved");
  for (const char* id : {"A.eff-floor-interval", "A.eff-floor-is-floor", "C.safe-denominators",
                         "C.degenerate-floor", "C.BD-coarse-sufficient"}) {
    const Certificate* c = certificate_in_build(id);
    if (!c)
      continue;
    INFO(id << ": " << c->scope.gap);
    CHECK(c->scope.whole);
  }
}

TEST_CASE(
    "the cleared forms of the metric, variance and coarse-BD bounds (issue 20 point 5) refuse a dropped "
    "term",
    "[certify][rearrangement]") {
  using namespace dcrv::certify::aggregates;
  const auto refused_off = [](const IdentityPiece& good, const IdentityPiece& off) {
    INFO(good.label);
    CHECK(good.rearrangement);
    CHECK(prove_identity(good, {}).status == "proved");
    CHECK(prove_identity(off, {}).status != "proved");
  };
  for (bool upper : {false, true})
    refused_off(metric_comparison_rearrangement(3, upper), metric_comparison_rearrangement(3, upper, true));
  refused_off(variance_bounds_rearrangement(4), variance_bounds_rearrangement(4, true));
  refused_off(bd_vertex_rearrangement(4), bd_vertex_rearrangement(4, true));
  refused_off(bd_vertex_every_k(), bd_vertex_every_k(true));
  refused_off(bd_stick_rearrangement(3), bd_stick_rearrangement(3, true));
  // the certificates carry them, flagged
  const auto carries = [](const std::string& id, const std::string& text, std::size_t n) {
    const Certificate* c = certificate_in_build(id);
    if (!c)
      return;
    std::size_t found = 0;
    for (const auto& piece : c->identities)
      found += piece.rearrangement && piece.label.find(text) != std::string::npos;
    INFO(id << " / " << text);
    CHECK(found == n);
  };
  carries("A.lyapunov-equality-iff", "prod p", 6);             // S = 2, 3, 4, both bounds
  carries("A.single-site-equality", "per case", 5);            // S = 2..6
  carries("C.BD-coarse-sufficient", "sigma_1 - p^T sigma", 8); // K = 2..8 and every K
  carries("C.BD-coarse-sufficient", "stick-breaking", 7);
}
