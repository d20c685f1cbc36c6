// Specification of the certificates of properties/certificates/{A_face_gap,D_star,E_grpo,F_face_gap,H_noise}
// _certificates.cpp,
// independent of which claim files a build compiles: each score is the claim's own quantity (checked against
// the library's formulas at sample points), each certificate proves at the paper's constants, and a constant
// 1 % stronger gives an interval proof of a violation.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv;
using namespace dcrv::certify;
using namespace dcrv::test;

namespace {
/// The branch-and-bound budget of these tests: 400000 boxes, 120 s.
const BnbOptions budget = dcrv::test::bnb_budget(400000, 120);
/// The certificates of this file, with the 1 %-stronger value of each constant (all are upper bounds).
const std::map<std::string, std::map<std::string, double>>& new_certificates() {
  static const std::map<std::string, std::map<std::string, double>> m{
      {"A.LS-upper-bound", {{"c", 0.99}}},
      {"A.LS-lower-bound", {{"c", 0.99}}},
      {"D.phi-sup-norm", {{"c", 0.99}}},
      {"E.hG-upper", {{"c", 0.99}}},
      {"F.lk-positive", {}},
      {"F.h-range", {{"c", 2.0 * 0.99}}},
      {"H.LK-positive", {}},
      {"H.noise-variance-bound", {{"c", 0.99}}},
      {"H.ellipticity-upper", {{"c", 0.5 * 0.99}}},
  };
  return m;
}
} // namespace

TEST_CASE("the L_S certificates of App. A read L_S and u = log(1/((S-1)delta)) as dcrv::face_gap does",
          "[certify]") {
  set_working_digits(50);
  const Certificate &up = certificate_of("A.LS-upper-bound"), &lo = certificate_of("A.LS-lower-bound");
  const Constants k = paper_constants(up);
  for (int S : {2, 3, 10, 1000})
    for (double v : {1e-30, 1e-6, 0.3, 1.0}) {
      const mpfr delta = mpfr(v) / S, L = face_gap<mpfr>(S, delta);
      INFO("S = " << S << " v = " << v);
      // L_S as dcrv::face_gap evaluates it, the formula the expectations below use
      CHECK(abs(L - (1 - delta) * log((1 - delta) / ((S - 1) * delta))) < mpfr(1e-40) * (1 + abs(L)));
      // upper: t (L − u) at raw (sigma, t) = (1/S, 1/(1 − log v)), v = exp(1 − 1/t) and S = 1/sigma exactly
      const double sigma = 1.0 / S, t = 1 / (1 - std::log(v));
      const mpfr Sx = 1 / mpfr(sigma), vx = exp(1 - 1 / mpfr(t)), dx = vx / Sx;
      const mpfr Lx = (1 - dx) * log((1 - dx) / ((Sx - 1) * dx)), ux = log(1 / ((Sx - 1) * dx));
      CHECK(abs(up.pieces[0].score.value(point({sigma, t}), k).mid() - t * (Lx - ux)) < mpfr(1e-40) * ux);
      // lower: t (u − (1 + u)δ − L) at the same raw point (δ ≥ 1e-30/S: the margin ~δ²/2 is far above 1e-80)
      CHECK(abs(lo.pieces[0].score.value(point({sigma, t}), k).mid() - t * (ux - (1 + ux) * dx - Lx)) <
            mpfr(1e-40) * ux);
    }
}

TEST_CASE("the D.phi-sup-norm scores are the components of phi^STaR in the chart (rho, p_C/rho)",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("D.phi-sup-norm");
  const Constants k = paper_constants(c);
  StarPartition part;
  part.correct = {false, true, false, true, true, false}; // K = 6, M = 3, C = {2, 4, 5} (1-based)
  const std::vector<double> w{0.05, 0.3, 0.1, 0.2, 0.15, 0.2};
  Vec<mpfr> p(6);
  for (int i = 0; i < 6; ++i)
    p(i) = w[static_cast<std::size_t>(i)];
  const Vec<mpfr> phi = star_score(p, part);
  const mpfr rho = 0.65;
  const double a1 = 0.3 / 0.65, a2 = 0.2 / 0.65;
  const Box x = point({0.65, a1, a2 / (1 - a1)}); // stick-breaking of a = (0.3, 0.2, 0.15)/0.65
  const std::vector<int> C{1, 3, 4};
  for (std::size_t j = 0; j < 3; ++j) {
    const Piece& pc = piece_labelled(c, "M = 3, correct c = " + std::to_string(j + 1) + ", +phi");
    CHECK(abs(pc.score.value(x, k).mid() + 1 - phi(C[j])) < mpfr(1e-14)); // the raw point is a double
  }
  const Piece& pi = piece_labelled(c, "M = 3, incorrect, -phi");
  CHECK(abs(pi.score.value(x, k).mid() + 1 + phi(0)) < mpfr(1e-14));
}

TEST_CASE("the E.hG-upper score is h_G(rho)/sqrt(G-1) - c with dcrv's h_G", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("E.hG-upper");
  REQUIRE(c.pieces.size() == 255 + 2); // G = 2..256, then the two G-free pieces (0 <= H_G <= 1)
  const Constants k = paper_constants(c);
  for (int G : {2, 3, 4, 17, 256})
    for (double rho : {0.0, 0.125, 0.5, 0.9, 1.0}) {
      const grpo::Characteristic<mpfr> ch(G);
      INFO("G = " << G << " rho = " << rho);
      const mpfr expected = ch.h(mpfr(rho)) / ch.sqrt_m() - 1;
      CHECK(abs(c.pieces[static_cast<std::size_t>(G - 2)].score.value(point({rho}), k).mid() - expected) <
            mpfr(1e-40));
    }
}

TEST_CASE("the H.ellipticity-upper score is v^T(diag p - pp^T)v - c|v|^2", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("H.ellipticity-upper");
  REQUIRE(c.pieces.size() == 3);
  const Constants k = paper_constants(c);
  for (double u1 : {0.0, 0.3, 0.5})
    for (double u2 : {0.25, 1.0})
      for (double t : {-1.0, 0.0, 0.6}) {
        const std::array<mpfr, 3> p{mpfr(u1), (1 - mpfr(u1)) * u2, (1 - mpfr(u1)) * (1 - mpfr(u2))};
        for (int chart : {0, 1}) {
          const mpfr a = chart == 0 ? mpfr(1) : mpfr(t), b = chart == 0 ? mpfr(t) : mpfr(1);
          const std::array<mpfr, 3> v{a + b, b - a, -2 * b};
          mpfr quad = 0, pv = 0, n2 = 0;
          for (int i = 0; i < 3; ++i)
            quad += p[i] * v[i] * v[i], pv += p[i] * v[i], n2 += v[i] * v[i];
          INFO("chart " << chart << " u = (" << u1 << ", " << u2 << ") t = " << t);
          CHECK(abs(c.pieces[static_cast<std::size_t>(1 + chart)].score.value(point({u1, u2, t}), k).mid() -
                    (quad - pv * pv - n2 / 2)) < mpfr(1e-40));
        }
      }
}

TEST_CASE("the face-gap certificates read t L_K(delta) and L_K(delta)/(1 - u) in the compact chart as "
          "dcrv::face_gap does",
          "[certify]") {
  set_working_digits(50);
  for (const std::string id : {"F.lk-positive", "H.LK-positive", "G.op-lk-positive", "G.ls-positive~open"}) {
    if (!find_certificate(id))
      continue; // a partial build
    const Certificate& c = certificate_of(id);
    REQUIRE(c.pieces.size() == 2);
    CHECK(c.scope.whole);
    for (int K : {2, 4, 8, 1024, 1 << 20}) // sigma = 1/K exact
      for (double t : {0.05, 0.2, 0.5, 0.75, 0.99, 1 - 0x1p-20}) {
        INFO(id << " K = " << K << " t = " << t);
        const mpfr u = exp(1 - 1 / mpfr(t)), L = face_gap<mpfr>(K, u / K);
        // t <= 1/2: -t L_K; t >= 1/2: -L_K/(1 - u)
        for (std::size_t i : {std::size_t(0), std::size_t(1)}) {
          if ((i == 0 && t > 0.5) || (i == 1 && t < 0.5))
            continue;
          const mpfr expected = i == 0 ? -t * L : -L / (1 - u);
          const Interval g = c.pieces[i].score.value(point({1.0 / K, t}), Constants());
          CHECK(abs(g.mid() - expected) <= abs(expected) * mpfr(1e-30));
          CHECK(g.upper() < 0);
        }
      }
  }
}

TEST_CASE(
    "the face-gap score times t is refused where it reaches u = 1 (L_K -> 0: the factor 1 - u is needed)",
    "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("F.lk-positive");
  BnbOptions o = budget;
  o.strict = true;
  o.max_boxes = 2000;
  // the first piece's score -t L_K over t in [1/2, 1] (the second piece's range): 0 at t = 1
  const auto r =
      branch_and_bound(c.pieces[0].score, {{Interval(0.1, 0.5), Interval(0.5, 1.0)}}, Constants(), o);
  CHECK(r.status != BnbResult::Status::proved);
}

TEST_CASE("the F.h-range score is h(z) and c - h(z) of DpoModel", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("F.h-range");
  REQUIRE(c.pieces.size() == 2);
  const Constants k = paper_constants(c);
  for (double z : {0.0, 1e-3, 1.0, 30.0, 700.0})
    for (double M : {1.0, 7.0, 100.0})
      for (double beta : {1e-3, 1.0, 1e3})
        for (double ell0 : {-40.0, -1.0, 0.0, 20.0}) {
          const double N = 101 - M;
          DpoModel<mpfr> m;
          m.beta = beta;
          m.ell0 = ell0;
          const mpfr h = m.two_level_h(mpfr(z), mpfr(M), mpfr(N));
          const auto [lc, li] = DpoModel<mpfr>::two_level_logs(mpfr(z), mpfr(M), mpfr(N));
          const mpfr room = m.one_minus_g(lc) + m.one_minus_g(li);
          const Box x = point({z, M, N, beta, ell0});
          INFO("z = " << z << " M = " << M << " beta = " << beta << " ell0 = " << ell0);
          const Interval g0 = c.pieces[0].score.value(x, k), g1 = c.pieces[1].score.value(x, k);
          CHECK(abs(g0.mid() + h) <= h * mpfr(1e-30));
          CHECK(abs(g1.mid() + room) <= room * mpfr(1e-30));
        }
}

TEST_CASE("the H.noise-variance-bound score is 1 - |p|^2 - c(K-1)/K at the chart's point p", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("H.noise-variance-bound");
  const Constants k = paper_constants(c);
  // the pieces K = 2, ..., 8 of the first inequality come first
  for (std::size_t K = 2; K <= 8; ++K) {
    const Piece& piece = c.pieces[K - 2];
    REQUIRE(piece.score.dim == K - 1);
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<double> a(K - 1);
      for (std::size_t i = 0; i + 1 < K; ++i)
        a[i] = -1 + 0.37 * double((trial * 3 + i) % 5); // includes a_i = -1 (p_i = 0)
      mpfr norm2 = 0, total = 0; // in MPFR from the raw doubles (as the score reads them)
      for (double ai : a) {
        const mpfr pi = (1 + mpfr(ai)) / K;
        norm2 += pi * pi;
        total += mpfr(ai);
      }
      const mpfr last = (1 - total) / K;
      norm2 += last * last;
      const mpfr expected = 1 - norm2 - mpfr(K - 1) / K;
      INFO("K = " << K << " trial " << trial);
      const Interval g = piece.score.value(point(a), k);
      CHECK(abs(g.mid() - expected) < mpfr(1e-40));
      CHECK(g.width() < mpfr(1e-40));
    }
  }
}

TEST_CASE(
    "the certificates of A, D, E, F and H prove at the paper's constants and find a violation 1 % beyond",
    "[certify]") {
  set_working_digits(50);
  for (const auto& [id, stronger] : new_certificates()) {
#ifdef DCRV_SANITIZE_BUILD
    // E.hG-upper's 62 831 boxes take 34 s in Release and ~4.5 min under ASan + UBSan (CI time); the Release
    // test suite runs it, the sanitizer build checks the machinery on the other certificates.
    if (id == "E.hG-upper")
      continue;
#endif
    const Certificate& c = certificate_of(id);
    const auto run = run_certificate(c, {}, budget);
    INFO(id << ": " << run.message << " " << run.pieces.dump());
    CHECK(run.proved());
    for (const auto& [name, value] : stronger) {
      INFO(name << " = " << value);
      const auto bad = run_certificate(c, {{name, value}}, budget);
      CHECK(bad.status == "violation");
    }
  }
}
