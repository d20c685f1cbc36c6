// Specification of the exact identity certificates (certify/exact_identity.hpp): a true polynomial identity
// is proved on its product grid; a false one is refused with an exact witness, also when it vanishes on part
// of the grid or, with a degree bound stated too low, on the whole grid (the guard points); a residual that
// throws is an error, never a proof; an identity constant overridden by 1 % is refused; and the example
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
                       std::function<Rational(const std::vector<Rational>&, const RationalConstants&)> r) {
  IdentityPiece p;
  p.label = "test";
  p.variables = n;
  p.degree = degree;
  p.residual = std::move(r);
  return p;
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

TEST_CASE(
    "a residual that is not a polynomial, x - |x| declared of degree 1, is refused in its negative cell",
    "[certify][exact]") {
  // zero on the whole grid and at every positive guard point: only a point with x < 0 sees it
  const auto r = prove_identity(
      piece_of(1, 1, [](const auto& x, const auto&) { return x[0] - (x[0] < 0 ? Rational(-x[0]) : x[0]); }),
      {});
  REQUIRE(r.status == "violation");
  REQUIRE(r.witness.size() == 1);
  CHECK(r.witness[0] < 0);
  // two variables, the branch on the second one's sign only
  const auto r2 = prove_identity(piece_of(2, 1,
                                          [](const auto& x, const auto&) {
                                            return x[0] * (x[1] - (x[1] < 0 ? Rational(-x[1]) : x[1]));
                                          }),
                                 {});
  REQUIRE(r2.status == "violation");
  CHECK(r2.witness[1] < 0);
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
                                           Rational prod(1);
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
  auto throws =
      piece_of(1, 1, [](const auto&, const auto&) -> Rational { throw std::domain_error("outside"); });
  CHECK(prove_identity(throws, {}).status == "error");
  CHECK(prove_identity(piece_of(30, 2, [](const auto&, const auto&) { return Rational(0); }), {}).status ==
        "error");
  auto repeated = piece_of(1, 2, [](const auto&, const auto&) { return Rational(0); });
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
  CHECK(cert->identities.size() == 21); // S = 1..6, one piece per component
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
  const auto r = prove_identity(piece_of(1, 2,
                                         [](const auto& x, const auto&) {
                                           const Rational a = x[0] * x[0] + 1, b = 1 + x[0] * x[0];
                                           return a - b;
                                         }),
                                {});
  CHECK(r.status == "proved");
}
