// Specification of the exact identity certificates (certify/exact_identity.hpp): a true polynomial identity
// is proved on its product grid; a false one is refused with an exact witness, also when it vanishes on part
// of the grid or, with a degree bound stated too low, on the whole grid (the guard points); a residual that
// throws is an error, never a proof; an identity constant overridden by 1 % is refused; a residual cannot
// branch on its variables (x − |x| does not compile: every residual is typed, Exact); and the example
// certificate of App. B reads the soft-max as dcrv::softmax does.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "dcrv/softmax.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv;
using namespace dcrv::certify;
using namespace dcrv::test;

namespace {
IdentityPiece piece_of(std::size_t n, int degree,
                       std::function<Exact(const std::vector<Exact>&, const RationalConstants&)> r) {
  return exact_identity("test", n, degree, std::move(r));
}
} // namespace

TEST_CASE("a true polynomial identity is proved on its (d+1)^n grid, exactly", "[certify][exact]") {
  // (x + y)² = x² + 2xy + y²: degree 2 in each variable, 3² grid points + 16 guard points
  const auto r = prove_identity(piece_of(2, 2,
                                         [](const auto& x, const auto&) {
                                           return (x[0] + x[1]) * (x[0] + x[1]) -
                                                  (x[0] * x[0] + 2 * x[0] * x[1] + x[1] * x[1]);
                                         }),
                                {});
  CHECK(r.status == "proved");
  CHECK(r.points == 9 + 16 + 4); // and one guard point in each of the 2² sign cells
}

TEST_CASE("a false identity that vanishes on part of the grid is refused with an exact witness",
          "[certify][exact]") {
  const Rational root = default_grid_value(1, 3, 0);
  const auto r =
      prove_identity(piece_of(1, 3, [root](const auto& x, const auto&) { return x[0] - root; }), {});
  REQUIRE(r.status == "violation");
  REQUIRE(r.witness.size() == 1);
  CHECK(r.witness[0] != root);
  CHECK(r.residual == r.witness[0] - root);
}

TEST_CASE("a degree bound stated too low does not certify a false identity: the guard points refuse it",
          "[certify][exact]") {
  // Π_k (x − g_k) vanishes on the whole stated grid (degree 2 stated, true degree 3)
  const int d = 2;
  const auto r = prove_identity(piece_of(1, d,
                                         [](const auto& x, const auto&) {
                                           Exact prod(1);
                                           for (int k = 0; k <= 2; ++k)
                                             prod *= x[0] - default_grid_value(1, 2, k);
                                           return prod;
                                         }),
                                {});
  CHECK(r.status == "violation");
  CHECK(r.points > 3); // it passed the grid and failed at a guard point
}

TEST_CASE("a residual that throws, a grid too large or repeated grid values prove nothing",
          "[certify][exact]") {
  auto throws = piece_of(1, 1, [](const auto&, const auto&) -> Exact { throw std::domain_error("outside"); });
  CHECK(prove_identity(throws, {}).status == "error");
  CHECK(prove_identity(piece_of(30, 2, [](const auto&, const auto&) { return Exact(0); }), {}).status ==
        "error");
  auto repeated = piece_of(1, 2, [](const auto&, const auto&) { return Exact(0); });
  repeated.grid = [](std::size_t, int) { return Rational(1, 3); };
  CHECK(prove_identity(repeated, {}).status == "error");
}

TEST_CASE("an identity with a constant proves at its exact value and is refused when the constant is 1 % off",
          "[certify][exact]") {
  // d/dx x² = 2x as a difference quotient identity: ((x+h)² − x²)/h − c x − h = 0 with c = 2
  Certificate c;
  c.claim = "test.identity";
  c.constants = {{"c", [] { return Interval(2); }, [] { return Rational(2); }}};
  c.identities = {piece_of(2, 2, [](const auto& x, const auto& k) {
    return ((x[0] + x[1]) * (x[0] + x[1]) - x[0] * x[0]) / x[1] - k("c") * x[0] - x[1];
  })};
  CHECK(run_certificate(c, {}, {}).status == "proved");
  const auto off = run_certificate(c, {{"c", 2.02}}, {});
  CHECK(off.status == "violation");
  CHECK(off.points > 0);
  // an identity constant without an exact value is an error, not a proof
  c.constants[0].exact = {};
  CHECK(run_certificate(c, {}, {}).status == "error");
}

TEST_CASE("the B.softmax-translation certificate reads the soft-max as dcrv::softmax does",
          "[certify][exact]") {
  const Certificate* cert = find_certificate("B.softmax-translation");
  REQUIRE(cert);
  CHECK(cert->pieces.empty());
  CHECK(cert->identities.size() == 21 + 1); // S = 1..6, one piece per component; the every-S identity
  // E_i/ΣE at rational E equals dcrv::softmax(log E)_i (50 digits)
  set_working_digits(50);
  const std::vector<Rational> e{Rational(1, 7), Rational(3, 5), Rational(2, 9)};
  Vec<mpfr> theta(3);
  for (int i = 0; i < 3; ++i)
    theta(i) = log(to_mpfr(e[i]));
  const Vec<mpfr> p = softmax<mpfr>(theta);
  Rational sum = e[0] + e[1] + e[2];
  for (int i = 0; i < 3; ++i)
    CHECK(abs(p(i) - to_mpfr(e[i] / sum)) < mpfr("1e-45"));
  const auto run = run_certificate(*cert, {}, {});
  CHECK(run.status == "proved");
}

TEST_CASE("a residual may return an expression of its locals: Rational has no expression templates",
          "[certify][exact]") {
  // with expression templates, a - b below would be an expression referring to a and b after they are gone
  static_assert(std::is_same_v<decltype(Rational() - Rational()), Rational>);
  const auto r = prove_identity(exact_identity("test", 1, 2,
                                               [](const std::vector<Exact>& x, const RationalConstants&) {
                                                 const Exact a = x[0] * x[0] + 1, b = 1 + x[0] * x[0];
                                                 return a - b;
                                               }),
                                {});
  CHECK(r.status == "proved");
}

// ---------------------------------------------------------------------------------------------------------
// Typed residuals (Exact): they cannot branch on their variables
// ---------------------------------------------------------------------------------------------------------

namespace {
template <class T>
concept orderable = requires(T a, T b) {
  a < b;
};
template <class T>
concept equatable = requires(T a, T b) {
  a == b;
};
template <class T>
concept signed_against_zero = requires(T a) {
  a < 0;
};
template <class T>
concept has_abs = requires(T a) {
  abs(a);
};
template <class T>
concept has_min_max = requires(T a, T b) {
  min(a, b);
  max(a, b);
};
template <class T>
concept testable = requires(T a) {
  a ? 1 : 0;
};
template <class T>
concept readable_as_rational = std::is_convertible_v<T, Rational>;
} // namespace

template <class T>
concept has_x_minus_abs_x = requires(const std::vector<T>& x) {
  x[0] - abs(x[0]);
};
template <class T>
concept has_untyped_residual = requires(T p) {
  p.residual;
};

TEST_CASE("a typed residual cannot branch on its variables: Exact has no comparison, abs, min, max or bool",
          "[certify][exact]") {
  // x − |x| declared of degree 1 (polynomial on each sign cell only) cannot be written at all: every
  // residual is typed, and an untyped (Rational) residual is no member of IdentityPiece
  static_assert(has_x_minus_abs_x<Rational>);
  static_assert(!has_x_minus_abs_x<Exact>);
  static_assert(!has_untyped_residual<IdentityPiece> && has_untyped_residual<IdentityResult>);
  // the concepts can hold (the test would be vacuous otherwise): Rational has all of them
  static_assert(orderable<Rational> && equatable<Rational> && signed_against_zero<Rational> &&
                has_abs<Rational>);
  // x − |x|, x < 0 ? … : …, min/max of variables: none of them compiles with Exact
  static_assert(!orderable<Exact>);
  static_assert(!equatable<Exact>);
  static_assert(!signed_against_zero<Exact>);
  static_assert(!has_abs<Exact>);
  static_assert(!has_min_max<Exact>);
  static_assert(!testable<Exact>);
  static_assert(!readable_as_rational<Exact>);
  // the field operations and the constants do
  static_assert(std::is_same_v<decltype(Exact(1) + Exact(2) * Exact(3) / Exact(4) - 5), Exact>);
  static_assert(std::is_same_v<decltype(Rational(1, 3) * Exact(2)), Exact>);
}

TEST_CASE("a typed identity is proved on its grid, and a component that does not vanish is refused",
          "[certify][exact]") {
  const IdentityPiece ok =
      exact_identity("(x + y)^2", 2, 2, [](const std::vector<Exact>& x, const RationalConstants&) {
        return std::vector<Exact>{(x[0] + x[1]) * (x[0] + x[1]) -
                                      (x[0] * x[0] + 2 * x[0] * x[1] + x[1] * x[1]),
                                  x[0] / x[1] * x[1] - x[0]};
      });
  const auto r = prove_identity(ok, {});
  CHECK(r.status == "proved");
  CHECK(r.to_json("t")["typed"] == true);
  CHECK(r.message.find("typed residual") != std::string::npos);
  CHECK(identity_residual(ok, {Rational(-3), Rational(5, 7)}, {}) == 0);
  // the second component off by x (the first still vanishes): refused with an exact witness
  const IdentityPiece off =
      exact_identity("off", 2, 2, [](const std::vector<Exact>& x, const RationalConstants&) {
        return std::vector<Exact>{Exact(0), x[0] / x[1] * x[1]};
      });
  const auto v = prove_identity(off, {});
  REQUIRE(v.status == "violation");
  CHECK(v.residual == v.witness[0]);
  // a piece without a residual proves nothing
  IdentityPiece empty;
  empty.variables = 1;
  CHECK(prove_identity(empty, {}).status == "error");
}

TEST_CASE("a rearrangement off by a sign-evident term is refused", "[certify][exact]") {
  // C.single-site-strong-concavity's chain: s (g'(s) + mA) = -b s - 3c s^3 + A(m s - 1), g' = -b - 3c s^2 -
  // A/s
  auto chain = [](bool drop_bs) {
    return rearrangement_identity(
        "chain", 4, 4, [drop_bs](const std::vector<Exact>& x, const RationalConstants& k) {
          const Exact &s = x[0], &b = x[1], &cc = x[2], &A = x[3], m = k("m");
          const Exact score = (drop_bs ? Exact(0) : -(b * s)) - 3 * cc * s * s * s + A * (m * s - 1);
          return s * (-b - 3 * cc * s * s - A / s + m * A) - score;
        });
  };
  RationalConstants k;
  k.set("m", Rational(1));
  CHECK(prove_identity(chain(false), k).status == "proved");
  // the score without its term -b s (<= 0 on the domain, so the rest would still prove): not the claim
  const auto r = prove_identity(chain(true), k);
  CHECK(r.status == "violation");
  // and in a certificate, the run fails although the interval pieces prove
  Certificate c;
  c.claim = "test.rearrangement";
  c.constants = {{"m", [] { return Interval(1); }, [] { return Rational(1); }}};
  c.pieces = {make_piece<1>("trivial", {Box{Interval(0.0, 1.0)}}, [](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    return X(-1) + X(0) * x[0];
  })};
  c.identities = {chain(true)};
  CHECK(run_certificate(c, {}, {}).status == "violation");
  c.identities = {chain(false)};
  CHECK(run_certificate(c, {}, {}).status == "proved");
}
