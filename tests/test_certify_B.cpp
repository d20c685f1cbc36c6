// Specification of the certificates of properties/certificates/B_{jacobian,clip,hessian}_certificates.cpp
// (App. B), by point evaluations only (the proofs themselves run in tests/test_certify.cpp): the exact jets
// over the rationals are dcrv's soft-max, Jacobian, Hessian and B(θ) at θ = log E; every identity piece
// vanishes at rational points and, where it carries an exact constant, not with the constant 1 % off; every
// bound score is the claim's quantity from the library at sample points.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/certificates/B_every_s.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/softmax_exact.hpp"
#include "properties/certificates/tangent_eigen_exact.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv;
using namespace dcrv::certify;
using namespace dcrv::test;

namespace {
/// θ = log E in MPFR.
Vec<mpfr> logits_of(const std::vector<Rational>& e) {
  Vec<mpfr> theta(static_cast<Eigen::Index>(e.size()));
  for (std::size_t i = 0; i < e.size(); ++i)
    theta(static_cast<Eigen::Index>(i)) = log(to_mpfr(e[i]));
  return theta;
}
const mpfr tol("1e-40");

using Family = std::function<std::vector<IdentityPiece>(bool)>;
/// The identities `family(false)` prove and are carried by the certificate of `id` under the same label and
/// flag (`rearrangement`: every one must be a flagged step to a score); `family(true)`, the same identities
/// with one term changed (a sign-flipped aggregate or eigenvalue, a dropped term), are refused.
void proved_carried_and_refused(const std::string& id, const Family& family, bool rearrangement) {
  const Certificate& c = certificate_of(id);
  const RationalConstants k = exact_constants(c);
  for (const auto& piece : family(false)) {
    INFO(id << ": " << piece.label);
    const auto run = prove_identity(piece, k);
    INFO(run.message);
    CHECK(run.status == "proved");
    if (rearrangement)
      CHECK(piece.rearrangement);
    std::size_t carried = 0;
    for (const auto& mine : c.identities)
      carried += mine.label == piece.label && mine.rearrangement == piece.rearrangement ? 1 : 0;
    CHECK(carried == 1);
  }
  for (const auto& piece : family(true)) {
    INFO(id << " with one term changed: " << piece.label);
    CHECK(prove_identity(piece, k).status != "proved");
  }
}

/// The every-S piece of `id` (its last piece, S up to infinity) alone proves at the paper's c and finds a
/// violation at c = `stronger`.
void every_s_piece_proves_and_refuses(const std::string& id, double stronger) {
  const Certificate& c = certificate_of(id);
  INFO(id);
  REQUIRE(!c.pieces.empty());
  REQUIRE(c.pieces.back().dims.size() == 1);
  CHECK(c.pieces.back().dims[0].hi == kUnbounded);
  Certificate one;
  one.claim = c.claim;
  one.constants = c.constants;
  one.pieces = {c.pieces.back()};
  CHECK(run_certificate(one, {}, bnb_budget(20000, 30)).proved());
  CHECK(run_certificate(one, {{"c", stronger}}, bnb_budget(20000, 30)).status == "violation");
}
} // namespace

TEST_CASE("the every-S identities of App. B prove, make their certificates whole, and are refused with one "
          "term changed",
          "[certify]") {
  const auto families = b_every_s::every_s_families();
  CHECK(families.size() == 17);
  for (const auto& [id, family] : families) {
    INFO(id);
    const Certificate& c = certificate_of(id);
    CHECK(c.scope.whole);
    CHECK(c.scope.gap.empty());
    CHECK(c.scope.summary == "the whole domain");
    for (const auto& range : c.paper) { // a reduction carries the every-S identity to the paper's range
      bool extended = false;
      for (const auto& r : c.reductions)
        for (const auto& name : r.extends)
          extended = extended || name == range.name;
      INFO(range.name);
      CHECK(extended);
    }
    proved_carried_and_refused(id, family, false);
  }
}

TEST_CASE(
    "the every-S piece of B.clip-floor is (c delta_min - q_i) sum max(p, delta*) with dcrv's "
    "clip_renormalize at S = 5, and it and B.loewner-lower's prove at c = 1 and are refused at c = 1.01",
    "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("B.clip-floor");
  const Piece& piece = c.pieces.back();
  REQUIRE(piece.dims.size() == 1);
  CHECK(piece.dims[0].hi == kUnbounded);
  const Vec<mpfr> p = mpfr_vec({0.375, 0.25, 0.1875, 0.125, 0.0625}); // dyadic: sum p = 1 exactly
  const int S = 5;
  for (double cc : {1.0, 1.01}) {
    Constants k;
    k.set("c", Interval(cc));
    for (double dd : {0.0, 0.01, 0.12, 0.3, 0.9}) {
      const mpfr ds = dd;
      const Vec<mpfr> q = clip_renormalize(p, ds);
      mpfr sum_min = 0, sum_max = 0;
      for (int j = 0; j < S; ++j) {
        sum_min += p(j) < ds ? p(j) : ds;
        sum_max += p(j) > ds ? p(j) : ds;
      }
      const mpfr F = sum_min - ds, tau = 1 / (1 + (S - 1) * ds);
      for (int i = 0; i < S; ++i) {
        const mpfr r = p(i) > ds ? mpfr(p(i) - ds) : mpfr(0);
        INFO("c = " << cc << " delta* = " << dd << " i = " << i);
        CHECK(abs(score_at(piece, std::vector<mpfr>{ds, tau, F, r}, k) -
                  (cc * clip_floor(S, ds) - q(i)) * sum_max) < tol);
      }
    }
  }
  every_s_piece_proves_and_refuses("B.clip-floor", 1.01);
  every_s_piece_proves_and_refuses("B.loewner-lower", 1.01); // c 1 % larger fails at the uniform p
}

TEST_CASE("the closed forms on T, the percoord t chart and face step and the S = 2 rank-one norms are exact "
          "rearrangements, refused with a sign flipped",
          "[certify][rearrangement]") {
  namespace te = tangent_eigen_exact;
  proved_carried_and_refused("B.loewner-upper", te::jacobian_eigen_identities, true);
  proved_carried_and_refused("B.jacobian-opnorm", te::jacobian_eigen_identities, true);
  proved_carried_and_refused("B.percoord-dJ-bound", te::percoord_eigen_identities, true);
  proved_carried_and_refused(
      "B.percoord-dJ-bound",
      [](bool off) {
        return std::vector{te::percoord_t_chart_identity(off), te::percoord_face_identity(off)};
      },
      true);
  proved_carried_and_refused(
      "B.DP-opnorm", [](bool off) { return std::vector{te::lift_rank_one_identity(false, off)}; }, true);
  proved_carried_and_refused(
      "B.DsmP-opnorm", [](bool off) { return std::vector{te::lift_rank_one_identity(true, off)}; }, true);
  // the rearrangements do not count for the scope: these stay partial, and say why
  for (const char* id :
       {"B.loewner-upper", "B.jacobian-opnorm", "B.percoord-dJ-bound", "B.DP-opnorm", "B.DsmP-opnorm"}) {
    INFO(id);
    CHECK_FALSE(certificate_of(id).scope.whole);
  }
}

TEST_CASE("a + b r with r^2 substituted is the score's closed form: tangent_eigen_scaled on RootExt is its "
          "interval enclosure's value at a rational point",
          "[certify]") {
  set_working_digits(50);
  namespace te = tangent_eigen_exact;
  const std::vector<Rational> u{Rational(1, 3), Rational(1, 4)};
  const auto p = stick_breaking<3>(std::array<Exact, 2>{u[0], u[1]});
  const auto pi =
      stick_breaking<3>(std::array<Interval, 2>{Interval(to_mpfr(u[0])), Interval(to_mpfr(u[1]))});
  for (std::size_t k = 0; k < 4; ++k) { // k = 3: J itself; else d_k J
    std::array<std::array<te::RootExt, 3>, 3> a;
    std::array<std::array<Interval, 3>, 3> ai;
    if (k == 3) {
      a = te::lift<3>(interval_simplex::jacobian(p));
      ai = interval_simplex::jacobian(pi);
    } else {
      a = te::lift<3>(interval_simplex::jacobian_derivative(p, k));
      ai = interval_simplex::jacobian_derivative(pi, k);
    }
    const auto ev = interval_simplex::tangent_eigen_scaled<te::RootExt, 3>(a);
    const auto evi = interval_simplex::tangent_eigen_scaled<Interval, 3>(ai);
    for (std::size_t s = 0; s < 2; ++s) {
      const auto& e = ev[s];
      REQUIRE(e.d);
      const mpfr value = to_mpfr(ExactAccess::value(e.a)) +
                         to_mpfr(ExactAccess::value(e.b)) * sqrt(to_mpfr(ExactAccess::value(*e.d)));
      INFO("k = " << k << " eigenvalue " << s);
      CHECK(abs(value - evi[s].mid()) < tol);
    }
  }
}

TEST_CASE("the exact soft-max jets are dcrv's softmax, covariance_matrix and hessian_column at theta = log E",
          "[certify]") {
  set_working_digits(50);
  const std::vector<Rational> e{Rational(1, 3), Rational(1, 2), Rational(2)};
  const auto pj = softmax_exact::softmax_jets<3, 2>(e);
  const Vec<mpfr> p = softmax(logits_of(e));
  const Mat<mpfr> j = covariance_matrix(p);
  for (int i = 0; i < 3; ++i) {
    CHECK(abs(to_mpfr(pj[i].v) - p(i)) < tol);
    for (int k = 0; k < 3; ++k) {
      CHECK(abs(to_mpfr(pj[i].g[k]) - j(i, k)) < tol);
      for (int l = 0; l < 3; ++l)
        CHECK(abs(to_mpfr(pj[i].hess(k, l)) - hessian_column(p, k, l)(i)) < tol);
    }
  }
  // ∂_{θ₁}J by jets is dcrv's jacobian_derivative(p, 0)
  const auto jj = softmax_exact::jacobian_of(softmax_exact::softmax_jets<3, 1>(e));
  const Mat<mpfr> dj = jacobian_derivative(p, 0);
  for (int i = 0; i < 3; ++i)
    for (int l = 0; l < 3; ++l)
      CHECK(abs(to_mpfr(jj[i][l].g[0]) - dj(i, l)) < tol);
}

TEST_CASE("the shared exact simplex helpers: charts, centring, replicator, drift and residuals",
          "[certify]") {
  using softmax_exact::RVec;
  const RVec x{Rational(1, 3), Rational(1, 4), Rational(5), Rational(-2)};
  // the plane chart (Σp = 1) and the tangent chart (Σv = 0) of the same free coordinates
  const RVec p = softmax_exact::plane_chart(x, 3), v = softmax_exact::tangent_from(x, 0, 3);
  CHECK(p == RVec{Rational(1, 3), Rational(1, 4), Rational(5, 12)});
  CHECK(v == RVec{Rational(1, 3), Rational(1, 4), Rational(-7, 12)});
  CHECK(softmax_exact::sum_of(p) == 1);
  CHECK(softmax_exact::sum_of(v) == 0);
  CHECK(softmax_exact::slice(x, 1, 2) == RVec{Rational(1, 4), Rational(5)});
  CHECK(softmax_exact::unit_rvec(3, 1) == RVec{0, 1, 0});
  // C v = v − mean(v) 1
  CHECK(softmax_exact::centred(RVec{1, 2, 6}) == RVec{-2, -1, 3});
  // the components a − b of a vector identity, and the same helpers over Exact (a typed identity's scalars)
  CHECK(softmax_exact::difference(RVec{1, 2, 3}, RVec{1, 5, Rational(5, 2)}) == RVec{0, -3, Rational(1, 2)});
  const auto xp = softmax_exact::plane_chart(softmax_exact::exact_vec(x), 3);
  static_assert(std::is_same_v<decltype(xp), const softmax_exact::XVec>);
  CHECK(xp.size() == 3);
  // the replicator p ⊙ (F − ⟨p, F⟩) is tangent and is the linear drift at ε = 0
  const RVec F{2, -1, Rational(1, 2)}, L{Rational(-1), Rational(-2), Rational(1, 3)};
  const RVec w = softmax_exact::replicator(p, F);
  CHECK(softmax_exact::sum_of(w) == 0);
  CHECK(softmax_exact::linear_drift(F, Rational(0), p, L) == w);
  // ε ≠ 0: p_i[(F_i − ⟨p,F⟩) − ε(L_i − ⟨p,L⟩)] = replicator(F) − ε replicator(L)
  const RVec drift = softmax_exact::linear_drift(F, Rational(3), p, L), wl = softmax_exact::replicator(p, L);
  for (std::size_t i = 0; i < 3; ++i)
    CHECK(drift[i] == w[i] - 3 * wl[i]);
}

TEST_CASE("the shared interval simplex pieces: boxes, vectors, S(p)-forms and J's eigenvalues on T",
          "[certify]") {
  set_working_digits(50);
  namespace is = interval_simplex;
  // the box of Δ^{S−1} × [−1, 1]^m: stick-breaking coordinates first
  const Box b = is::simplex_cube_box(3, 2);
  REQUIRE(b.size() == 4);
  CHECK(b[1].lower() == 0);
  CHECK(b[1].upper() == 1);
  CHECK(b[2].lower() == -1);
  CHECK(b[3].upper() == 1);
  // a face vector and a tangent vector from raw coordinates
  const std::array<Interval, 4> x{Interval(0.5), Interval(0.25), Interval(-0.5), Interval(0.75)};
  const auto f = is::face_vector<3>(x, 1, 2);
  CHECK((f[0].mid() == -0.5 && f[1].mid() == 1 && f[2].mid() == 0.75));
  const auto t = is::tangent_vector<3>(x, 2);
  CHECK((t[0].mid() == -0.5 && t[1].mid() == 0.75 && t[2].mid() == -0.25));
  // vᵀ(diag p − ppᵀ)v − c‖v‖² against dcrv's covariance_matrix, both signs
  const std::array<Interval, 3> p{Interval(0.5), Interval(0.25), Interval(0.25)};
  const std::array<Interval, 3> v{Interval(1), Interval(-0.5), Interval(0.25)};
  Vec<mpfr> pm(3), vm(3);
  for (int i = 0; i < 3; ++i) {
    pm(i) = p[i].mid();
    vm(i) = v[i].mid();
  }
  const mpfr form = vm.dot(covariance_matrix(pm) * vm), n2 = vm.squaredNorm();
  CHECK(abs(is::selection_norm_excess(p, v, Interval(0.5)).mid() - (form - n2 / 2)) < tol);
  CHECK(abs(is::selection_norm_excess(p, v, Interval(0.5), true).mid() - (-form - n2 / 2)) < tol);
  // the S(p)-norm pieces: one chart per face, 0 at their maximisers p = (e_a + e_b)/2, v = e_a − e_b
  std::vector<Piece> pieces;
  is::add_selection_norm_pieces<3>(pieces);
  REQUIRE(pieces.size() == 3);
  Constants k;
  k.set("c", Interval(0.5));
  for (const auto& piece : pieces) {
    CHECK(piece.roots.front().size() == 4);
    for (const auto& at : piece.attained)
      CHECK(piece.score.value(point(at), k).mid() == 0);
  }
  CHECK(pieces[2].label == "S = 3, v_3 = 1");
  // J = diag p − ppᵀ without cancellation, and 24λ± of J|_T at p = (½, ½, 0): λ = ½ and 0
  const auto j = is::jacobian(std::array<Interval, 3>{Interval(0.5), Interval(0.5), Interval(0)});
  const auto ev = is::tangent_eigen_scaled<Interval, 3>(j);
  CHECK((ev[0].lower() == 12 && ev[0].upper() == 12));
  CHECK((ev[1].lower() == 0 && ev[1].upper() == 0));
  CHECK(is::eigen_scale<3>() == 24);
  // a score of run-time dimension, and sizes visited in order
  CHECK(is::make_score_of_dim<7>(5, [](const auto& y, const Constants&) { return y[0]; }).dim == 5);
  CHECK_THROWS(is::make_score_of_dim<7>(8, [](const auto& y, const Constants&) { return y[0]; }));
  std::vector<std::size_t> sizes;
  is::for_sizes<2, 5>([&]<std::size_t S>() { sizes.push_back(S); });
  CHECK(sizes == std::vector<std::size_t>{2, 3, 4, 5});
}

TEST_CASE("the chain-B jets differentiate softmax(P(theta)) to dcrv's clipped_softmax_jacobian",
          "[certify]") {
  set_working_digits(50);
  using J1 = Jet<Rational, 3, 1>;
  const std::vector<Rational> e{Rational(1, 3), Rational(1, 2), Rational(2)};
  const Rational ds(3, 20); // p ≈ (0.118, 0.176, 0.706): A = {2, 3}, coordinate 1 clipped
  const auto pj = softmax_exact::softmax_jets<3, 1>(e);
  std::vector<J1> m;
  for (std::size_t i = 0; i < 3; ++i)
    m.push_back(pj[i].v > ds ? pj[i] : J1(ds));
  const auto qj = softmax_exact::normalise(m);
  const Vec<mpfr> theta = logits_of(e);
  const Mat<mpfr> b = clipped_softmax_jacobian(theta, to_mpfr(ds));
  const Vec<mpfr> q = softmax(logit_lift(theta, to_mpfr(ds)));
  for (int i = 0; i < 3; ++i) {
    CHECK(abs(to_mpfr(qj[i].v) - q(i)) < tol);
    for (int k = 0; k < 3; ++k)
      CHECK(abs(to_mpfr(qj[i].g[k]) - b(i, k)) < tol);
  }
}

TEST_CASE("the App. B identity pieces vanish at rational points, and not with an exact constant 1 % off",
          "[certify]") {
  const std::vector<std::string> ids{"B.softmax-jacobian-formula",
                                     "B.softmax-inverse",
                                     "B.log-ratio",
                                     "B.gauge-uniqueness",
                                     "B.edge-case-s1",
                                     "B.jacobian-kernel-rank",
                                     "B.jacobian-variance-form",
                                     "B.percoord-dJ-block-formula",
                                     "B.lift-normalization-cancel",
                                     "B.lift-softmax-equals-clip",
                                     "B.chain-B-factorization",
                                     "B.hessian-formula",
                                     "B.Xi-closed-form",
                                     "B.clip-floor",
                                     "B.clip-floor-design"};
  for (const auto& id : ids) {
    const Certificate& c = certificate_of(id);
    REQUIRE(!c.identities.empty());
    const RationalConstants k = exact_constants(c);
    std::map<std::string, int> sensitive; // exact constant → pieces whose residual it moves
    for (const auto& piece : c.identities) {
      INFO(id << ": " << piece.label);
      std::vector<Rational> x;
      for (std::size_t i = 0; i < piece.variables; ++i)
        x.push_back(Rational(static_cast<long>(2 * i + 3), static_cast<long>(7 * (piece.variables + 2))));
      CHECK(identity_residual(piece, x, k) == 0);
      for (const auto& kc : c.constants) {
        if (!kc.exact)
          continue;
        RationalConstants off = k;
        off.set(kc.name, kc.exact() * Rational(101, 100));
        sensitive[kc.name] += identity_residual(piece, x, off) != 0 ? 1 : 0;
      }
    }
    for (const auto& [name, count] : sensitive) {
      INFO(id << "." << name << " 1 % off");
      CHECK(count > 0);
    }
  }
}

TEST_CASE("the B.jacobian-opnorm score is 2 or 24 times (||J||_op - c) with dcrv's spectral_norm",
          "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("B.jacobian-opnorm");
  REQUIRE(c.pieces.size() == 2);
  const Constants k = paper_constants(c);
  for (double u : {0.0, 0.2, 0.5, 0.9}) {
    Vec<mpfr> p(2);
    p << mpfr(u), 1 - mpfr(u);
    CHECK(abs(c.pieces[0].score.value(point({u}), k).mid() / 2 -
              (spectral_norm(covariance_matrix(p)) - 0.5)) < tol);
  }
  for (double u1 : {0.1, 0.5, 0.7})
    for (double u2 : {0.0, 0.3, 1.0}) {
      Vec<mpfr> p(3);
      p << mpfr(u1), (1 - mpfr(u1)) * u2, (1 - mpfr(u1)) * (1 - mpfr(u2));
      INFO("u = (" << u1 << ", " << u2 << ")");
      CHECK(abs(c.pieces[1].score.value(point({u1, u2}), k).mid() / 24 -
                (spectral_norm(covariance_matrix(p)) - 0.5)) < tol);
    }
}

TEST_CASE("the B.loewner-lower and B.jacobian-pd-on-T scores are c p_min |v|^2 - v^T J v and "
          "S p_min^2 |v|^2 - v^T J v with dcrv's covariance_matrix, in the minimum-coordinate chart",
          "[certify]") {
  set_working_digits(50);
  const Certificate &lower = certificate_of("B.loewner-lower"), &pd = certificate_of("B.jacobian-pd-on-T");
  REQUIRE(lower.pieces.size() == 1 + 2 + 3 + 1); // S = 2, 3, 4 per face; the every-S piece
  REQUIRE(pd.pieces.size() == 1 + 2 + 3);
  for (double cc : {1.0, 1.01}) {
    Constants k;
    k.set("c", Interval(cc));
    // S = 3, face b_2 = 1 (piece 1 + 1): raw (x0, u, b1), p = x0/3 + (1 - x0)(u, 1 - u, 0), v = b1 w1 + w2
    for (double x0 : {0.0, 0.3, 1.0})
      for (double u : {0.0, 0.4, 1.0})
        for (double b1 : {-1.0, 0.25, 1.0}) {
          Vec<mpfr> p(3), v(3);
          const mpfr t = mpfr(x0) / 3;
          p << t + (1 - mpfr(x0)) * u, t + (1 - mpfr(x0)) * (1 - mpfr(u)), t;
          v << mpfr(b1) + 1, -mpfr(b1) + 1, -2;
          const mpfr quad = v.dot(covariance_matrix(p) * v);
          INFO("c = " << cc << " x0 = " << x0 << " u = " << u << " b1 = " << b1);
          CHECK(abs(p.minCoeff() - t) < tol);
          CHECK(abs(lower.pieces[2].score.value(point({x0, u, b1}), k).mid() -
                    (cc * p.minCoeff() * v.squaredNorm() - quad)) < tol);
          if (cc == 1.0)
            CHECK(abs(pd.pieces[2].score.value(point({x0, u, b1}), Constants()).mid() -
                      (3 * p.minCoeff() * p.minCoeff() * v.squaredNorm() - quad)) < tol);
        }
  }
}

TEST_CASE(
    "the B.boundary-kappa-bound score is lambda_max p_min - c lambda_min (S = 2) with dcrv's eigenvalues",
    "[certify]") {
  set_working_digits(50);
  const Certificate& kappa = certificate_of("B.boundary-kappa-bound");
  const Constants kk = paper_constants(kappa);
  for (double u : {0.0, 0.1, 0.25, 0.5, 0.75, 1.0}) {
    Vec<mpfr> p(2);
    p << mpfr(u), 1 - mpfr(u);
    // κ ≤ c/p_min times λ_min p_min: λ_max p_min − c λ_min, eigenvalues on T from dcrv
    const Vec<mpfr> ev = eigenvalues_on_tangent(covariance_matrix(p));
    INFO("u = " << u);
    CHECK(abs(kappa.pieces[0].score.value(point({u}), kk).mid() -
              (ev(0) * p.minCoeff() - mpfr(0.5) * ev(0))) < tol);
  }
}

TEST_CASE("the B.Xi-closed-form bound piece is (sum x^2 - Xi_m)/e^2 at x = delta + e q", "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("B.Xi-closed-form");
  REQUIRE(c.pieces.size() == 4 + 1); // m = 2..5 and the every-m termwise piece
  CHECK(score_at(c.pieces.back(), {0.25}, Constants()) == mpfr(-0.1875)); // q (q - 1) at q = 1/4
  const mpfr delta("0.01"), e("2.5");
  for (double u1 : {0.0, 0.3, 1.0})
    for (double u2 : {0.2, 1.0}) {
      const std::array<mpfr, 3> q{mpfr(u1), (1 - mpfr(u1)) * u2, (1 - mpfr(u1)) * (1 - mpfr(u2))};
      const mpfr M = 3 * delta + e;
      mpfr sum_x2 = 0;
      for (const auto& qj : q)
        sum_x2 += (delta + e * qj) * (delta + e * qj);
      const mpfr xi = (M - 2 * delta) * (M - 2 * delta) + 2 * delta * delta; // the claim's xi_closed(3, M, δ)
      INFO("u = (" << u1 << ", " << u2 << ")");
      CHECK(abs(c.pieces[1].score.value(point({u1, u2}), Constants()).mid() - (sum_x2 - xi) / (e * e)) < tol);
    }
}

TEST_CASE("the B.clip-floor scores are (1 + (S-1) delta*) sum max(p, delta*) (c delta_min - q_i) with dcrv's "
          "clip_renormalize and clip_floor",
          "[certify]") {
  set_working_digits(50);
  const Certificate &c = certificate_of("B.clip-floor"), &design = certificate_of("B.clip-floor-design");
  REQUIRE(c.pieces.size() == 9 + 1); // S = 2, 3, 4 per coordinate; the every-S piece
  REQUIRE(design.pieces.size() == 9 + 1);
  for (double cc : {1.0, 1.01}) {
    Constants k;
    k.set("c", Interval(cc));
    for (double u1 : {0.0, 0.05, 0.3, 0.6, 1.0})
      for (double u2 : {0.0, 0.25, 0.9, 1.0})
        for (double ds : {0.0, 0.01, 0.2, 0.5, 0.95, 1.0}) {
          Vec<mpfr> p(3);
          p << mpfr(u1), (1 - mpfr(u1)) * u2, (1 - mpfr(u1)) * (1 - mpfr(u2));
          const Vec<mpfr> q = clip_renormalize(p, mpfr(ds));
          mpfr sum_m = 0;
          for (int j = 0; j < 3; ++j)
            sum_m += p(j) > ds ? p(j) : mpfr(ds);
          for (int i = 0; i < 3; ++i) {
            const mpfr expected = (1 + 2 * mpfr(ds)) * sum_m * (cc * clip_floor(3, mpfr(ds)) - q(i));
            INFO("c = " << cc << " u = (" << u1 << ", " << u2 << ") delta* = " << ds << " i = " << i);
            const Piece& piece =
                c.pieces[static_cast<std::size_t>(2 + i)]; // S = 3 pieces follow the S = 2 ones
            CHECK(abs(piece.score.value(point({u1, u2, ds}), k).mid() - expected) < tol);
            if (cc == 1.0)
              CHECK(abs(design.pieces[static_cast<std::size_t>(2 + i)]
                            .score.value(point({u1, u2, ds}), k)
                            .mid() -
                        expected) < tol);
          }
        }
  }
}

TEST_CASE("the S = 2 scores of B.DP-opnorm and B.DsmP-opnorm are delta* ||DP|| - c and delta* ||B|| - c with "
          "dcrv's logit_lift_jacobian and clipped_softmax_jacobian",
          "[certify]") {
  set_working_digits(50);
  const Certificate &dp = certificate_of("B.DP-opnorm"), &b = certificate_of("B.DsmP-opnorm");
  REQUIRE(dp.pieces.size() == 4);
  REQUIRE(b.pieces.size() == 4);
  const Constants kdp = paper_constants(dp), kb = paper_constants(b);
  for (unsigned mask = 0; mask < 4; ++mask)
    for (double u : {0.1, 0.3, 0.45, 0.55, 0.8, 0.95})
      for (double sd : {0.1, 0.5, 0.9}) {
        const mpfr s = sd;
        if ((mask == 1 && u < 0.5) || ((mask == 2 || mask == 3) && u > 0.5))
          continue; // outside the piece's root box
        const mpfr p1 = u, p2 = 1 - mpfr(u), top = p1 > p2 ? p1 : p2;
        const mpfr ds = mask == 3   ? s * p1
                        : mask == 1 ? p2 + s * (p1 - p2)
                        : mask == 2 ? p1 + s * (p2 - p1)
                                    : top + s * (1 - top);
        Vec<mpfr> theta(2);
        theta << log(p1 / p2) / 2, -log(p1 / p2) / 2;
        INFO("mask " << mask << " u = " << u << " s = " << sd);
        // the active set of the sample is the piece's
        CHECK((p1 > ds) == bool(mask & 1u));
        CHECK((p2 > ds) == bool(mask & 2u));
        const mpfr ndp = spectral_norm(logit_lift_jacobian(theta, ds));
        const mpfr nb = spectral_norm(clipped_softmax_jacobian(theta, ds));
        CHECK(abs(dp.pieces[mask].score.value(point({u, sd}), kdp).mid() - (ds * ndp - 0.5)) < tol);
        CHECK(abs(b.pieces[mask].score.value(point({u, sd}), kb).mid() - (ds * nb - 0.25)) < tol);
      }
}

TEST_CASE("the S = 3 B.boundary-kappa-bound score G has t G = (t lambda_max - c lambda_min)(c lambda_max - t "
          "lambda_min) with dcrv's eigenvalues on T",
          "[certify]") {
  set_working_digits(50);
  const Certificate& kappa = certificate_of("B.boundary-kappa-bound");
  REQUIRE(kappa.pieces.size() == 2);
  const Constants kk = paper_constants(kappa);
  for (double x0 : {0.01, 0.3, 0.9, 1.0})
    for (double u : {0.0, 0.3, 0.5, 1.0}) {
      const mpfr t = mpfr(x0) / 3, c = 0.5;
      Vec<mpfr> p(3);
      p << t + (1 - mpfr(x0)) * u, t + (1 - mpfr(x0)) * (1 - mpfr(u)), t;
      const Vec<mpfr> ev = eigenvalues_on_tangent(covariance_matrix(p)); // ascending
      INFO("x0 = " << x0 << " u = " << u);
      CHECK(abs(t * kappa.pieces[1].score.value(point({x0, u}), kk).mid() -
                (t * ev(1) - c * ev(0)) * (c * ev(1) - t * ev(0))) < tol);
    }
}
