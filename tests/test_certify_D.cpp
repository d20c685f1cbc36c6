// Specification of the certificates of App. D
// (properties/certificates/D_{score,jacobian,flow}_certificates.cpp): each score is the claim's own quantity
// (dcrv's star_score, star_correct_mass, … at sample points of the chart, to 1e-40), and each identity piece
// vanishes at exact points where the library's two sides agree. Point evaluations only:
// tests/test_certify.cpp runs every proof.
#include <catch2/catch.hpp>

#include <array>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/certificates/star_aggregate.hpp"
#include "tests/certify_aggregates.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv;
using namespace dcrv::certify;
using namespace dcrv::test;

namespace {
bool near(const mpfr& a, const mpfr& b) {
  return abs(a - b) <= mpfr(1e-40) * (1 + abs(b));
}

/// The point of Δ^{K−1} of the chart (ρ, a): p_c = ρ a_c for the first M indices, a by stick-breaking of
/// u (M − 1 raw values), the incorrect mass 1 − ρ spread equally over the other K − M indices.
Vec<mpfr> chart_point(int K, double rho, const std::vector<double>& u) {
  const int M = static_cast<int>(u.size()) + 1;
  Vec<mpfr> p(K);
  mpfr rest = 1;
  for (int c = 0; c + 1 < M; ++c) {
    p(c) = rho * rest * u[static_cast<std::size_t>(c)];
    rest *= 1 - mpfr(u[static_cast<std::size_t>(c)]);
  }
  p(M - 1) = rho * rest;
  for (int i = M; i < K; ++i)
    p(i) = (1 - mpfr(rho)) / (K - M);
  return p;
}
std::vector<double> cat(double x, const std::vector<double>& u) {
  std::vector<double> r{x};
  r.insert(r.end(), u.begin(), u.end());
  return r;
}
/// Sample raw points (ρ, u) of the chart for M = 3.
const std::vector<std::pair<double, std::vector<double>>>& samples3() {
  static const std::vector<std::pair<double, std::vector<double>>> s{
      {0.3, {0.25, 0.5}}, {0.9, {0.7, 0.1}}, {0.05, {0.0, 1.0}}, {1.0, {0.4, 0.6}}, {0.5, {1.0, 0.3}}};
  return s;
}
} // namespace

TEST_CASE("D.trimmed-rho-lb: the score is K (M delta - rho(delta 1 + (1 - K delta) q))", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.trimmed-rho-lb");
  REQUIRE(c.pieces.size() == 9 + 1); // K = 2, 3, 4 and every M, and the aggregate piece (every K, M)
  for (double u : {0.0, 0.3, 1.0})
    for (const std::vector<double>& x : {std::vector<double>{0.2, 0.5}, {1.0, 0.25}, {0.0, 0.0}}) {
      const mpfr delta = mpfr(u) / 3;
      Vec<mpfr> q(3);
      q << x[0], (1 - mpfr(x[0])) * x[1], (1 - mpfr(x[0])) * (1 - mpfr(x[1]));
      const Vec<mpfr> p = trim<mpfr>(q, delta);
      for (int M = 1; M <= 3; ++M) {
        const StarPartition part = StarPartition::window(3, M);
        const mpfr expected = 3 * (M * delta - star_correct_mass(p, part));
        CHECK(near(score_at(piece_labelled(c, "S = 3, M = " + std::to_string(M)), {u, x[0], x[1]}, {}),
                   expected));
      }
    }
}

TEST_CASE("D.S2-lower: the score is (M^2/rho^2)(rho^2/M - S2) in the chart M a_c = 1 + y_c", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.S2-lower");
  REQUIRE(c.pieces.size() == 4 + 1); // M = 1..4 and the aggregate piece (every M)
  const StarPartition part = StarPartition::window(5, 3);
  for (const auto& y : {std::array<double, 2>{0.0, 0.0}, {0.5, -0.25}, {-1.0, 2.0}, {1.5, -0.75}})
    for (double rho : {0.25, 0.75}) {
      Vec<mpfr> p(5);
      p << rho * (1 + mpfr(y[0])) / 3, rho * (1 + mpfr(y[1])) / 3, rho * (1 - mpfr(y[0]) - y[1]) / 3,
          (1 - mpfr(rho)) / 2, (1 - mpfr(rho)) / 2;
      const mpfr r = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part);
      INFO("y = (" << y[0] << ", " << y[1] << ") rho = " << rho);
      CHECK(near(score_at(piece_labelled(c, "M = 3"), {y[0], y[1]}, {}) * r * r / 9, r * r / 3 - s2));
    }
  CHECK(score_at(piece_labelled(c, "M = 1"), {0.5}, {}) == 0); // S2 = rho^2 for M = 1
}

TEST_CASE("D.S2-upper, D.phi-c-lower/upper, D.phi-i-lower/upper: the scores are the claims' quantities of "
          "dcrv's star_score in the chart (rho, a)",
          "[certify]") {
  set_working_digits(50);
  const Certificate &up = certificate_of("D.S2-upper"), &cl = certificate_of("D.phi-c-lower"),
                    &cu = certificate_of("D.phi-c-upper"), &il = certificate_of("D.phi-i-lower"),
                    &iu = certificate_of("D.phi-i-upper");
  const int K = 6, M = 3;
  const StarPartition part = StarPartition::window(K, M);
  for (const auto& [rho, u] : samples3()) {
    const Vec<mpfr> p = chart_point(K, rho, u);
    const Vec<mpfr> phi = star_score(p, part);
    const mpfr r = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part);
    const std::vector<double> x = cat(rho, u);
    INFO("rho = " << rho << " u = (" << u[0] << ", " << u[1] << ")");
    CHECK(near(score_at(piece_labelled(up, "M = 3, S2"), x, {}), s2 - r * r));
    for (int j = 0; j < M; ++j) {
      const std::string cj = "c = " + std::to_string(j + 1);
      CHECK(near(score_at(piece_labelled(up, "M = 3, p_j, j = " + std::to_string(j + 1)), x, {}), p(j) - r));
      CHECK(near(score_at(piece_labelled(cl, "M = 3, " + cj), x, {}), -phi(j) - r));
      CHECK(near(score_at(piece_labelled(cu, "M = 3, " + cj), x, {}), M * (phi(j) - (1 - r / M))));
    }
    if (rho < 1) {
      CHECK(near(score_at(piece_labelled(il, "M = 3"), x, {}), -phi(4) - r));
      CHECK(near(score_at(piece_labelled(iu, "M = 3"), x, {}), phi(5)));
    }
  }
}

TEST_CASE("D.quadratic-le-Km1: the score is (1 - 2 rho + K rho^2 - (K - 1))/K at kappa = 1/K", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.quadratic-le-Km1");
  for (double K : {2.0, 4.0, 16.0, 1048576.0}) // 1/K exact
    for (double rho : {0.0, 0.3, 1.0})
      CHECK(near(score_at(c.pieces[0], {1 / K, rho}, {}),
                 (1 - 2 * mpfr(rho) + K * mpfr(rho) * rho - (K - 1)) / K));
  CHECK(c.scope.whole); // every K >= 2 through kappa = 1/K in [0, 1/2]
}

TEST_CASE("D.phi-l2-sqrtKm1: the score is ||phi||^2 - c^2 (K - 1) with K = M + L", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.phi-l2-sqrtKm1");
  const Constants k = paper_constants(c);
  for (int L : {1, 2, 5})
    for (const auto& [rho, u] : samples3()) {
      if (rho == 1)
        continue;
      const int K = 3 + L;
      const Vec<mpfr> phi = star_score(chart_point(K, rho, u), StarPartition::window(K, 3));
      std::vector<double> x{rho, double(L)};
      x.insert(x.end(), u.begin(), u.end());
      CHECK(near(score_at(piece_labelled(c, "M = 3"), x, k), phi.squaredNorm() - (K - 1)));
    }
  // M = 1, K = 2: phi = (1 - rho, -rho)
  for (double rho : {0.0, 0.4, 1.0})
    CHECK(near(score_at(piece_labelled(c, "M = 1"), {rho, 1.0}, k),
               (1 - mpfr(rho)) * (1 - mpfr(rho)) + mpfr(rho) * rho - 1));
}

TEST_CASE("D.zab-ratio-lt1: the scores are (p_a - p_b)/rho - c and (p_a - p_b) - (rho - min(p_a, p_b))",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.zab-ratio-lt1");
  const Constants k = paper_constants(c);
  for (const auto& [rho, u] : samples3()) {
    const Vec<mpfr> p = chart_point(5, rho, u);
    const mpfr r = star_correct_mass(p, StarPartition::window(5, 3));
    const std::vector<double> x = cat(rho, u);
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) {
        if (a == b)
          continue;
        const std::string pair =
            "M = 3, (a, b) = (" + std::to_string(a + 1) + ", " + std::to_string(b + 1) + ")";
        CHECK(near(score_at(piece_labelled(c, pair + ", ratio"), x, k), (p(a) - p(b)) / r - 1));
        CHECK(near(score_at(piece_labelled(c, pair + ", strict"), x, k),
                   (p(a) - p(b)) - (r - (p(a) < p(b) ? p(a) : p(b)))));
      }
  }
}

TEST_CASE("D.asym-bracket: the scores are the two differences of the bracket", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.asym-bracket");
  for (double M : {1.0, 2.0, 8.0}) // mu = 1/M exact
    for (double t : {0.0, 0.3, 1.0})
      for (double eps : {1e-2, 0.5, 100.0})
        for (double pinf : {1e-12, 0.5, 1.0}) {
          const mpfr g = 1 / mpfr(M) + t * (1 - 1 / mpfr(M)), mid = pinf * exp(-g / eps);
          INFO("M = " << M << " t = " << t << " eps = " << eps << " pinf = " << pinf);
          CHECK(near(score_at(piece_labelled(c, "lower"), {1 / M, t, eps, pinf}, {}),
                     pinf * exp(-1 / mpfr(eps)) - mid));
          CHECK(near(score_at(piece_labelled(c, "upper"), {1 / M, t, eps, pinf}, {}),
                     mid - pinf * exp(-1 / (M * mpfr(eps)))));
        }
}

TEST_CASE("the identity certificates of D_star_score.cpp vanish at exact points where dcrv's star_score "
          "satisfies the identities",
          "[certify]") {
  set_working_digits(50);
  // K = 4, C = {2, 4} (1-based), p = (1/7, 2/9, 1/5, 1 - ...)
  const std::vector<Rational> x{Rational(1, 7), Rational(2, 9), Rational(1, 5)};
  Vec<mpfr> p(4);
  Rational last(1);
  for (int i = 0; i < 3; ++i) {
    p(i) = to_mpfr(x[static_cast<std::size_t>(i)]);
    last -= x[static_cast<std::size_t>(i)];
  }
  p(3) = to_mpfr(last);
  StarPartition part;
  part.correct = {false, true, false, true};
  const Vec<mpfr> phi = star_score(p, part);
  const mpfr rho = star_correct_mass(p, part);
  CHECK(abs(p.dot(phi)) < mpfr(1e-45));
  CHECK(abs(phi(0) - phi(2)) < mpfr(1e-45));
  CHECK(abs(phi(1) - phi(3) - (p(1) - p(3)) / rho) < mpfr(1e-45));
  CHECK(abs(phi(1) - phi(0) - p(1) / rho) < mpfr(1e-45));
  for (const std::string id : {"D.centering", "D.scorediff-II", "D.scorediff-CC", "D.scorediff-CI"}) {
    INFO(id);
    CHECK(identity_residual(identity_labelled(certificate_of(id), "K = 4, C = {2, 4}"), x, {}) == 0);
  }
  // M = K: phi_k = p_k - sum p^2
  const StarPartition all = StarPartition::window(4, 4);
  const Vec<mpfr> phi_all = star_score(p, all);
  for (int k = 0; k < 4; ++k)
    CHECK(abs(phi_all(k) - (p(k) - p.squaredNorm())) < mpfr(1e-45));
  CHECK(identity_residual(identity_labelled(certificate_of("D.edge-MK"), "K = 4, M = K"), x, {}) == 0);
  // piece counts: every subset C of {1..K} with the claim's condition, and the aggregate identity
  CHECK(certificate_of("D.centering").identities.size() == 3 + 7 + 15 + 31 + 63 + 1);
  CHECK(certificate_of("D.scorediff-CC").identities.size() == 1 + 4 + 11 + 26 + 1);
}

TEST_CASE(
    "the identity certificates of D_star_jacobian.cpp vanish at exact points where dcrv's star_jacobian "
    "has the entries of lem:J-structure",
    "[certify]") {
  set_working_digits(50);
  const std::vector<Rational> x{Rational(1, 7), Rational(2, 9), Rational(3, 5), Rational(1, 4)};
  Vec<mpfr> p(4);
  for (int i = 0; i < 4; ++i)
    p(i) = to_mpfr(x[static_cast<std::size_t>(i)]);
  StarPartition part;
  part.correct = {true, false, true, true};
  const Mat<mpfr> J = star_jacobian(p, part);
  const mpfr rho = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part);
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < 4; ++j) {
      const mpfr f =
          !part.is_correct(j) ? mpfr(0)
          : part.is_correct(k)
              ? mpfr((k == j ? 1 / rho : mpfr(0)) - p(k) / (rho * rho) - 2 * p(j) / rho + s2 / (rho * rho))
              : mpfr(-2 * p(j) / rho + s2 / (rho * rho));
      CHECK(abs(J(k, j) - f) < mpfr(1e-45));
    }
  for (const std::string id : {"D.jac-zero-columns", "D.jac-partials", "D.jac-entries", "D.ambient-Jv"}) {
    INFO(id);
    CHECK(identity_residual(identity_labelled(certificate_of(id), "K = 4, C = {1, 3, 4}"), x, {}) == 0);
  }
  CHECK(identity_residual(identity_labelled(certificate_of("D.m1-jacobian"), "K = 4, C = {3}"), x, {}) == 0);
  CHECK(certificate_of("D.jac-entries").identities.size() == 3 + 7 + 15 + 1); // and the aggregate identity
}

TEST_CASE(
    "D.logp-range: the scores are <log p> and -log K - <log p> (0 log 0 = 0) as dcrv::mean_log computes "
    "them, in each chart",
    "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.logp-range");
  REQUIRE(c.pieces.size() == 5 + 3); // and the every-K pieces: p log p, -g on [0, 1] and x >= 1
  for (const auto& u : {std::array<double, 2>{0.0, 0.0}, {0.25, 0.5}, {1.0, 0.3}, {0.7, 1.0}}) {
    Vec<mpfr> p(3);
    p << u[0], (1 - mpfr(u[0])) * u[1], (1 - mpfr(u[0])) * (1 - mpfr(u[1]));
    INFO("u = (" << u[0] << ", " << u[1] << ")");
    CHECK(near(score_at(piece_labelled(c, "K = 3, upper"), {u[0], u[1]}, {}), mean_log(p)));
    CHECK(near(score_at(piece_labelled(c, "K = 3, lower, away from the centroid"), {u[0], u[1]}, {}),
               -log(mpfr(3)) - mean_log(p)));
  }
  for (double y : {-1.0, -0.5, 0.0, 0.25, 1.0}) {
    Vec<mpfr> p(2);
    p << (1 + mpfr(y)) / 2, (1 - mpfr(y)) / 2;
    CHECK(near(score_at(piece_labelled(c, "K = 2, lower, centred chart"), {y}, {}),
               2 * (-log(mpfr(2)) - mean_log(p))));
  }
  for (const auto& y : {std::array<double, 2>{0.0, 0.0}, {0.25, -0.125}, {-0.25, -0.25}}) {
    Vec<mpfr> p(3);
    p << (1 + mpfr(y[0])) / 3, (1 + mpfr(y[1])) / 3, (1 - mpfr(y[0]) - y[1]) / 3;
    CHECK(near(score_at(piece_labelled(c, "K = 3, lower, centred chart"), {y[0], y[1]}, {}),
               3 * (-log(mpfr(3)) - mean_log(p))));
  }
}

TEST_CASE("D.flow-Y-inequality: the score is -phi_k - eps <log p> - a - eps b log K with dcrv's star_score",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.flow-Y-inequality");
  const Constants k = paper_constants(c);
  // K = 3, M = 2: raw (eps, rho, u), p = (rho u, rho (1 - u), 1 - rho); M = 1: raw (eps, rho, v), p = (rho,
  // (1 - rho) v, (1 - rho)(1 - v))
  for (double eps : {0.0, 0.5, 1e3})
    for (double rho : {0.0, 0.3, 1.0})
      for (double u : {0.0, 0.4, 1.0}) {
        Vec<mpfr> p2(3), p1(3);
        p2 << rho * mpfr(u), rho * (1 - mpfr(u)), 1 - mpfr(rho);
        p1 << rho, (1 - mpfr(rho)) * u, (1 - mpfr(rho)) * (1 - mpfr(u));
        INFO("eps = " << eps << " rho = " << rho << " u = " << u);
        for (int comp = 0; comp < 3; ++comp) {
          // the pieces are the face eps = 0 of the box; the score is read at every eps all the same
          const std::string label = ", component " + std::to_string(comp + 1) + ", eps = 0";
          if (rho > 0) { // phi needs rho > 0
            const Vec<mpfr> phi = star_score(p2, StarPartition::window(3, 2));
            CHECK(near(score_at(piece_labelled(c, "K = 3, M = 2" + label), {eps, rho, u}, k),
                       -phi(comp) - eps * mean_log(p2) - 1 - eps * log(mpfr(3))));
            const Vec<mpfr> phi1 = star_score(p1, StarPartition::window(3, 1));
            CHECK(near(score_at(piece_labelled(c, "K = 3, M = 1" + label), {eps, rho, u}, k),
                       -phi1(comp) - eps * mean_log(p1) - 1 - eps * log(mpfr(3))));
          }
        }
      }
}

TEST_CASE("the identity certificates of D_star_flow.cpp vanish at exact points where dcrv's drift satisfies "
          "the identities",
          "[certify]") {
  set_working_digits(50);
  // K = 3, M = 2 (C = {1, 2}), p = (1/7, 2/9, 1 - 1/7 - 2/9), eps = 3/5, L = log p
  const std::vector<Rational> x{Rational(1, 7), Rational(2, 9)};
  Vec<mpfr> p(3);
  p << to_mpfr(x[0]), to_mpfr(x[1]), to_mpfr(1 - x[0] - x[1]);
  const mpfr eps = mpfr(3) / 5;
  const StarPartition part = StarPartition::window(3, 2);
  const Vec<mpfr> phi = star_score(p, part), f = star_drift<mpfr>(p, part, eps);
  const Vec<mpfr> fs = covariance_matrix<mpfr>(p) * phi - eps * entropy_drift<mpfr>(p);
  const mpfr ml = mean_log(p), rho = star_correct_mass(p, part);
  CHECK(abs(f.sum()) < mpfr(1e-45));
  for (int k = 0; k < 3; ++k) {
    CHECK(abs(fs(k) - f(k)) < mpfr(1e-45));
    CHECK(abs(f(k) - p(k) * (phi(k) + eps * (ml - log(p(k))))) < mpfr(1e-45));
    for (int j = 0; j < 3; ++j)
      CHECK(abs(fs(k) / p(k) - fs(j) / p(j) - (phi(k) - phi(j) - eps * (log(p(k)) - log(p(j))))) <
            mpfr(1e-45));
  }
  CHECK(abs(fs(2) / p(2) - fs(0) / p(0) - (-p(0) / rho - eps * (log(p(2)) - log(p(0))))) < mpfr(1e-45));
  // the certificates' residuals at (x, eps, L) for free rational L
  std::vector<Rational> y = x;
  for (const Rational& v : {Rational(3, 5), Rational(-2), Rational(1, 3), Rational(5, 4)})
    y.push_back(v);
  for (const std::string id :
       {"D.flow-mass", "D.bd-facet-drift", "D.logratio-ode", "D.zic-ode", "D.drift-S-form"})
    for (const auto& piece : certificate_of(id).identities)
      if (piece.label.rfind("K = 3, M = 2", 0) == 0 && piece.variables == 6) {
        INFO(id << " " << piece.label);
        CHECK(identity_residual(piece, y, {}) == 0);
      }
}

TEST_CASE("the chart (rho, a) pieces for M = 5 read phi as dcrv's star_score does", "[certify]") {
  set_working_digits(50);
  const Certificate &cl = certificate_of("D.phi-c-lower"), &l2 = certificate_of("D.phi-l2-sqrtKm1");
  const int K = 7, M = 5;
  const std::vector<double> u{0.3, 0.5, 0.25, 0.75};
  for (double rho : {0.2, 0.9}) {
    const Vec<mpfr> p = chart_point(K, rho, u);
    const Vec<mpfr> phi = star_score(p, StarPartition::window(K, M));
    for (int j = 0; j < M; ++j)
      CHECK(near(score_at(piece_labelled(cl, "M = 5, c = " + std::to_string(j + 1)), cat(rho, u), {}),
                 -phi(j) - star_correct_mass(p, StarPartition::window(K, M))));
    std::vector<double> x{rho, double(K - M)};
    x.insert(x.end(), u.begin(), u.end());
    CHECK(near(score_at(piece_labelled(l2, "M = 5"), x, paper_constants(l2)), phi.squaredNorm() - (K - 1)));
  }
}

TEST_CASE("the aggregate identities of App. D prove every K, are refused with one term changed, and make "
          "their certificates whole",
          "[certify]") {
  namespace ag = dcrv::certify::star_aggregate;
  aggregate_identities_make_whole("D.flow-mass", [](bool off) { return ag::drift_coordinates(off); });
  aggregate_identities_make_whole("D.flow-mass", [](bool off) { return ag::flow_mass(off); });
  aggregate_identities_make_whole("D.drift-S-form", [](bool off) { return ag::drift_s_form(off); });
  aggregate_identities_make_whole("D.bd-facet-drift", [](bool off) { return ag::bd_facet_drift(off); });
  aggregate_identities_make_whole("D.logratio-ode", [](bool off) { return ag::logratio_ode(off); });
  aggregate_identities_make_whole("D.zic-ode", [](bool off) { return ag::logratio_ode(off); });
  aggregate_identities_make_whole("D.zic-ode", [](bool off) { return ag::score_difference("CI", off); });
  aggregate_identities_make_whole("D.centering", [](bool off) { return ag::centering(off); });
  aggregate_identities_make_whole("D.scorediff-II", [](bool off) { return ag::score_difference("II", off); });
  aggregate_identities_make_whole("D.scorediff-CC", [](bool off) { return ag::score_difference("CC", off); });
  aggregate_identities_make_whole("D.scorediff-CI", [](bool off) { return ag::score_difference("CI", off); });
  aggregate_identities_make_whole("D.edge-MK", [](bool off) { return ag::edge_mk(off); });
  aggregate_identities_make_whole("D.jac-zero-columns",
                                  [](bool off) { return ag::jacobian_entries(true, off); });
  aggregate_identities_make_whole("D.jac-entries", [](bool off) { return ag::jacobian_entries(false, off); });
  aggregate_identities_make_whole("D.jac-partials", [](bool off) { return ag::jacobian_partials(off); });
  aggregate_identities_make_whole("D.ambient-Jv", [](bool off) { return ag::ambient_jv(off); });
  aggregate_identities_make_whole("D.m1-jacobian", [](bool off) { return ag::m1_identity("jacobian", off); });
  aggregate_identities_make_whole("D.m1-norm", [](bool off) { return ag::m1_identity("norm", off); });
  aggregate_identities_make_whole("D.m1-tangent-norm",
                                  [](bool off) { return ag::m1_identity("tangent-norm", off); });
  aggregate_identities_make_whole("D.m1-tangent-compression",
                                  [](bool off) { return ag::m1_identity("compression", off); });
}

TEST_CASE("the aggregate form of phi and of the drift equals dcrv's star_score and star_drift at a K = 5 "
          "point",
          "[certify]") {
  set_working_digits(50);
  namespace ag = dcrv::certify::star_aggregate;
  // K = 5, C = {1, 3, 4}: p rational, the aggregates of p
  const std::vector<Rational> q{Rational(1, 7), Rational(2, 9), Rational(1, 5), Rational(1, 11)};
  std::vector<Rational> pr = q;
  pr.push_back(1 - q[0] - q[1] - q[2] - q[3]);
  StarPartition part;
  part.correct = {true, false, true, true, false};
  Vec<mpfr> p(5);
  Rational rho(0), s2(0);
  for (int k = 0; k < 5; ++k) {
    p(k) = to_mpfr(pr[static_cast<std::size_t>(k)]);
    if (part.is_correct(k)) {
      rho += pr[static_cast<std::size_t>(k)];
      s2 += pr[static_cast<std::size_t>(k)] * pr[static_cast<std::size_t>(k)];
    }
  }
  const Vec<mpfr> phi = star_score(p, part);
  const mpfr eps = mpfr(3) / 5;
  const Vec<mpfr> f = star_drift<mpfr>(p, part, eps);
  const mpfr A = mean_log(p);
  for (int k = 0; k < 5; ++k) {
    const std::vector<Rational> x{pr[static_cast<std::size_t>(k)], Rational(1), rho, s2};
    // phi_k through (p_k, T = 1, rho, S2): the residual phi_k(aggregates) - 0 read at an exact point
    const auto at = [&](const IdentityPiece& piece, const std::vector<Rational>& y) {
      return identity_residual(piece, y, {});
    };
    const IdentityPiece phi_piece =
        exact_identity("phi", 4, 1, [&](const ag::XVec& y, const RationalConstants&) {
          return ag::phi(part.is_correct(k), y[0], y[1], y[2], y[3]);
        });
    CHECK(abs(to_mpfr(at(phi_piece, x)) - phi(k)) < mpfr(1e-45));
    // the drift coordinate with L_k = log p_k: its entropy part is not rational, so compare the two parts
    const Exact pk(pr[static_cast<std::size_t>(k)]);
    const IdentityPiece drift0 =
        exact_identity("drift", 1, 1, [&](const ag::XVec&, const RationalConstants&) {
          return ag::drift(part.is_correct(k), pk, Exact(0), Exact(rho), Exact(s2), Exact(0), Exact(0));
        });
    CHECK(abs(to_mpfr(at(drift0, {Rational(0)})) - eps * p(k) * (log(p(k)) - A) - f(k)) < mpfr(1e-45));
  }
}

TEST_CASE(
    "the aggregate-box pieces of App. D read the claims' quantities of dcrv's star_score at the aggregates "
    "of a K = 7, M = 4 point, and make their certificates whole",
    "[certify]") {
  set_working_digits(50);
  const int K = 7, M = 4;
  const std::vector<double> u{0.3, 0.5, 0.25};
  const double rho = 0.6;
  const Vec<mpfr> p = chart_point(K, rho, u);
  const StarPartition part = StarPartition::window(K, M);
  const Vec<mpfr> phi = star_score(p, part);
  const mpfr r = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part), s = s2 / (r * r),
             v = s - mpfr(1) / M, a1 = p(0) / r, a2 = p(1) / r;
  const std::string every = "every M (aggregate box): ";
  const auto at = [&](const char* id, const std::string& label, const std::vector<mpfr>& x) {
    const Certificate& c = certificate_of(id);
    CHECK(c.scope.whole);
    return score_at(piece_labelled(c, every + label), x, paper_constants(c));
  };
  CHECK(near(at("D.S2-lower", "rho^2/M - S2 = -rho^2 v, v = s - 1/M", {r, v}), r * r / M - s2));
  CHECK(near(at("D.S2-upper", "S2 - rho^2 = rho^2 (s - 1)", {r, s}), s2 - r * r));
  CHECK(near(at("D.S2-upper", "p_j - rho = rho (a_j - 1)", {r, a1}), p(0) - r));
  CHECK(near(at("D.phi-c-lower", "-phi_c - rho = rho (s - 1) - a_c", {r, a1, s}), -phi(0) - r));
  CHECK(near(at("D.phi-c-upper", "phi_c - (1 - rho/M) = a_c - 1 - rho v, v = s - 1/M", {r, a1, v}),
             phi(0) - (1 - r / M)));
  CHECK(near(at("D.phi-i-lower", "-phi_i - rho = rho (s - 1)", {r, s}), -phi(5) - r));
  CHECK(near(at("D.phi-i-upper", "phi_i = -rho s", {r, s}), phi(6)));
  CHECK(near(at("D.phi-sup-norm", "correct, -phi", {r, a1, s}), -phi(0) - 1));
  CHECK(near(at("D.phi-sup-norm", "incorrect, +phi", {r, s}), phi(4) - 1));
  CHECK(near(at("D.zab-ratio-lt1", "(p_a - p_b)/rho - c = a_a - a_b - c", {a1, a2}), (p(0) - p(1)) / r - 1));
  const Certificate& l2 = certificate_of("D.phi-l2-sqrtKm1");
  CHECK(l2.scope.whole);
  CHECK(near(
      score_at(piece_labelled(l2, "every M, L (aggregate box): kappa (||phi||^2 - c^2 (K - 1)), kappa = 1/K"),
               std::vector<mpfr>{mpfr(1) / K, r, s}, paper_constants(l2)),
      (phi.squaredNorm() - (K - 1)) / K));
  // D.trimmed-rho-lb: M delta - rho = -(1 - u) Q at p = delta 1 + (1 - K delta) q
  const Certificate& t = certificate_of("D.trimmed-rho-lb");
  CHECK(t.scope.whole);
  const mpfr delta = mpfr(1) / (2 * K), uu = K * delta;
  const Vec<mpfr> q = chart_point(K, 0.4, u), pt = trim<mpfr>(q, delta);
  CHECK(near(score_at(piece_labelled(t, "every K, M (aggregate Q = sum_C q): M delta - rho"),
                      std::vector<mpfr>{uu, star_correct_mass(q, part)}, {}),
             M * delta - star_correct_mass(pt, part)));
}

TEST_CASE(
    "D.logp-range and D.flow-Y-inequality for every K: the one-variable pieces read -g(x), g(x) = x log x - "
    "x + 1, and <log p> + log K is (1/K) sum_k g(K p_k) at a K = 5 point",
    "[certify]") {
  set_working_digits(50);
  const auto g = [](const mpfr& x) { return x == 0 ? mpfr(1) : mpfr(x * log(x) - x + 1); };
  for (const char* id : {"D.logp-range", "D.flow-Y-inequality"}) {
    INFO(id);
    const Certificate& c = certificate_of(id);
    CHECK(c.scope.whole);
    const Piece &left = piece_labelled(c, "every K: -g(x), x = K p_k in [0, 1]"),
                &right =
                    piece_labelled(c, "every K: -(1 - 2t + t E(t)) = -g(x) t/x, x = K p_k >= 1, t = 1/(1 + "
                                      "log x)");
    for (double x : {0.0, 0.25, 1.0})
      CHECK(near(score_at(left, {x}, {}), -g(mpfr(x))));
    for (double t : {0.25, 0.5, 1.0}) {
      const mpfr x = exp(1 / mpfr(t) - 1);
      CHECK(near(score_at(right, {t}, {}), -g(x) * t / x));
    }
  }
  Vec<mpfr> p(5);
  p << mpfr(1) / 7, mpfr(2) / 9, mpfr(1) / 5, mpfr(1) / 11, 0;
  p(4) = 1 - p.sum();
  mpfr sum = 0;
  for (int k = 0; k < 5; ++k)
    sum += g(5 * p(k));
  CHECK(near(mean_log(p) + log(mpfr(5)), sum / 5));
}
