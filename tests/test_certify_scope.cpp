// Specification of a certificate's scope as data (certify/certificate.hpp, derive_scope) and of the sharp
// regime inside the certified domains: the scope is derived from the pieces (their dimensions and the
// parameters read from their root boxes), `whole` only when every point of the paper's domain lies in a
// piece or a stated reduction carries it there, and a bound attained at a parameter limit or at an irrational
// point is proved there (a constant one part in 10⁹ or 10¹² stronger is refused); the second checker
// (certify/recheck.hpp) confirms an export box by box and refuses a corrupted record.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "checks/registry.hpp"
#include "dcrv/certify/certificate.hpp"
#include "dcrv/certify/recheck.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv;
using namespace dcrv::certify;
using namespace dcrv::test;

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();

/// A trivially true piece (score −1) of one raw coordinate over [lo, hi], with fixed dims.
Piece trivial_piece(double lo, double hi, std::vector<ScopeRange> dims = {}) {
  Piece p = make_piece<1>("trivial", {Box{Interval(lo, hi)}}, [](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    return X(-1) + X(0) * x[0];
  });
  p.dims = std::move(dims);
  return p;
}

const BnbOptions edge_budget = bnb_budget(400000, 120);

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}
} // namespace

TEST_CASE("a certificate's scope is derived from its pieces: S <= 3 of a claim for every S is partial",
          "[certify]") {
  Certificate c;
  c.claim = "X.synthetic";
  c.pieces = {trivial_piece(0, 1, {{"S", 2, 2}}), trivial_piece(0, 1, {{"S", 3, 3}})};
  c.paper = {{"S", 2, inf}};
  Scope s = derive_scope(c);
  REQUIRE(s.dims.size() == 1);
  CHECK(s.dims[0].name == "S");
  CHECK(s.dims[0].lo == 2);
  CHECK(s.dims[0].hi == 3);
  CHECK_FALSE(s.whole);
  CHECK(has(s.gap, "S >= 4 not covered"));
  CHECK(s.summary == "S in {2, 3}");

  SECTION("a reduction that extends S makes it whole") {
    c.reductions = {{"S-independent (synthetic)", {"S"}}};
    s = derive_scope(c);
    CHECK(s.whole);
    CHECK(s.gap.empty());
    CHECK(s.summary == "the whole domain");
  }
  SECTION("an exclusion keeps it partial") {
    c.reductions = {{"S-independent (synthetic)", {"S"}}};
    c.scope.exclusions = {"a box of half-width 1e-6"};
    s = derive_scope(c);
    CHECK_FALSE(s.whole);
    CHECK(has(s.gap, "excluded: a box of half-width 1e-6"));
  }
  SECTION("without the paper's domain as data it is never whole") {
    c.paper.clear();
    s = derive_scope(c);
    CHECK_FALSE(s.whole);
    CHECK(has(s.gap, "not stated as data"));
  }
  SECTION("a reduction that extends nothing is recorded, not counted") {
    c.reductions = {{"symmetry"}};
    s = derive_scope(c);
    CHECK_FALSE(s.whole);
    CHECK(s.reductions == std::vector<std::string>{"symmetry"});
  }
}

// (no brackets in test names: catch_discover_tests hands the names to CMake, where "[" opens a bracket
// argument and swallows every later test into one)
TEST_CASE("a gap names what is left: no K = inf after an unbounded dimension, 1 - 2^-53 not printed as 1",
          "[certify]") {
  Certificate c;
  c.claim = "X.synthetic";
  Piece k = trivial_piece(0, 1);
  k.dims = {{"K", 3, inf}};
  c.pieces = {k};
  c.paper = {{"K", 2, inf}};
  Scope s = derive_scope(c);
  CHECK(has(s.gap, "K = 2 not covered"));
  CHECK_FALSE(has(s.gap, "inf not covered"));

  Certificate u;
  u.claim = "X.synthetic";
  u.pieces = {with_param(trivial_piece(0, 1 - 0x1p-53), "u", 0)};
  u.paper = {{"u", 0, 1}};
  s = derive_scope(u);
  CHECK_FALSE(s.whole);
  CHECK(has(s.gap, "u in (0.99999999999999989, 1] not covered"));
}

TEST_CASE(
    "a parameter's range is read from the root boxes, a bounded box of an unbounded parameter is partial",
    "[certify]") {
  Certificate c;
  c.claim = "X.synthetic";
  c.pieces = {with_param(trivial_piece(0, 10), "beta", 0)};
  c.paper = {{"beta", 0, inf}};
  Scope s = derive_scope(c);
  REQUIRE(s.params.size() == 1);
  CHECK(s.params[0].lo == 0);
  CHECK(s.params[0].hi == 10);
  CHECK_FALSE(s.whole);
  CHECK(has(s.gap, "beta > 10 not covered"));

  // a compactified coordinate t ∈ [0, 1] ↦ β = t/(1 − t) covers [0, ∞]
  c.pieces = {with_param(trivial_piece(0, 1), "beta", 0, [](double t) { return t / (1 - t); })};
  s = derive_scope(c);
  CHECK(s.whole);
  CHECK(std::isinf(s.params[0].hi));
  CHECK(s.to_json()["params"][0]["hi"].is_null());

  // two boxes that leave a hole between them are not whole; the product of two names is checked cell by cell
  c.pieces = {with_param(trivial_piece(0, 1), "beta", 0), with_param(trivial_piece(2, 3), "beta", 0)};
  c.paper = {{"beta", 0, 3}};
  s = derive_scope(c);
  CHECK_FALSE(s.whole);
  CHECK(has(s.gap, "beta in (1, 2) not covered"));

  c.pieces = {with_dim(with_param(trivial_piece(0, 10), "beta", 0), "S", 2),
              with_dim(with_param(trivial_piece(0, 1), "beta", 0), "S", 3)};
  c.paper = {{"S", 2, 3}, {"beta", 0, 10}};
  s = derive_scope(c);
  CHECK_FALSE(s.whole); // S = 3, beta = 5 is in no piece, though each name alone is covered
  c.pieces.push_back(with_dim(with_param(trivial_piece(1, 10), "beta", 0), "S", 3));
  CHECK(derive_scope(c).whole);
}

TEST_CASE(
    "an identity that holds for every parameter value does not cover what the interval pieces leave out",
    "[certify]") {
  Certificate c;
  c.claim = "X.synthetic";
  c.pieces = {with_param(trivial_piece(0, 10), "beta", 0)};
  c.identities = {exact_identity(
      "rearrangement", 1, 1, [](const std::vector<Exact>&, const RationalConstants&) { return Exact(0); })};
  c.paper = {{"beta", 0, inf}};
  const Scope s = derive_scope(c);
  CHECK_FALSE(s.whole);
  CHECK(has(s.gap, "beta > 10 not covered"));
}

TEST_CASE("with interval pieces and identities, the proved range of a dimension is where both parts cover",
          "[certify]") {
  // pieces for S = 2..6, identities for S = 2..5: S = 6 has no identity, so it is not proved
  Certificate c;
  c.claim = "X.synthetic";
  for (int S = 2; S <= 6; ++S)
    c.pieces.push_back(with_dim(trivial_piece(0, 1), "S", S));
  for (int S = 2; S <= 5; ++S) {
    IdentityPiece id = exact_identity(
        "identity", 1, 1, [](const std::vector<Exact>&, const RationalConstants&) { return Exact(0); });
    id.dims = {{"S", S}};
    c.identities.push_back(id);
  }
  c.paper = {{"S", 2, inf}};
  const Scope s = derive_scope(c);
  CHECK_FALSE(s.whole);
  CHECK(s.summary == "S = 2..5");
  REQUIRE(s.dims.size() == 1);
  CHECK(s.dims[0].hi == 5);
}

TEST_CASE("a rearrangement off by a sign-evident term is refused by its exact identity piece", "[certify]") {
  if (!certificate_in_build("F.clog-le"))
    return;
  // F.clog-le's chain: C_log - (c + r) Lambda = (2 - c) Lambda - 1 (r = sqrt K, Lambda free). Dropping the
  // sign-evident -1 gives a score (2 - c) Lambda that is <= 0 all the same at c = 2, so a proof of it would
  // "prove" the claim: the identity piece of the rearrangement refuses it with an exact witness.
  const RationalConstants k = exact_constants(certificate_of("F.clog-le"));
  for (const bool off : {false, true}) {
    const IdentityPiece piece = exact_identity(
        "rearrangement", 2, 1, [off](const std::vector<Exact>& x, const RationalConstants& kc) {
          const Exact &lambda = x[0], &r = x[1];
          const Exact c_log = (2 * lambda - 1) + r * lambda;
          const Exact proved = (2 - kc("c")) * lambda - (off ? 0 : 1);
          return (c_log - (kc("c") + r) * lambda) - proved;
        });
    const IdentityResult res = prove_identity(piece, k);
    CHECK(res.status == (off ? "violation" : "proved"));
  }
  // and the certificate's own rearrangement pieces prove
  const Certificate& c = certificate_of("F.clog-le");
  REQUIRE(c.identities.size() == 2);
  for (const auto& id : c.identities)
    CHECK(prove_identity(id, k).status == "proved");
}

TEST_CASE(
    "every registered certificate has its scope as data: a summary, whole or a gap, and the JSON fields",
    "[certify]") {
  long whole = 0, partial = 0;
  for (const auto& c : certificates()) {
    INFO(c.claim);
    CHECK_FALSE(c.scope.summary.empty());
    if (c.scope.whole) {
      ++whole;
      CHECK(c.scope.gap.empty());
      CHECK(c.scope.exclusions.empty());
      CHECK_FALSE(c.paper.empty());
    } else {
      ++partial;
      CHECK_FALSE(c.scope.gap.empty());
    }
    const auto j = c.scope.to_json();
    for (const char* key : {"dims", "params", "exclusions", "reductions", "whole", "summary", "gap"})
      CHECK(j.contains(key));
  }
  CHECK(whole + partial == long(certificates().size()));
}

// ---------------------------------------------------------------------------------------------------------
// The sharp regime
// ---------------------------------------------------------------------------------------------------------

TEST_CASE(
    "D.flow-Y-inequality proves the eps coefficient: b = 0.9999 is refused for every eps, not only at a "
    "face",
    "[certify]") {
  if (!certificate_in_build("D.flow-Y-inequality"))
    return;
  set_working_digits(50);
  const Certificate& c = certificate_of("D.flow-Y-inequality");
  CHECK(run_certificate(c, {}, edge_budget).proved());
  for (double b : {0.9999, 1 - 1e-9}) {
    INFO("b = " << b);
    const auto run = run_certificate(c, {{"b", b}}, edge_budget);
    CHECK(run.status == "violation");
  }
  CHECK(c.scope.params.size() == 1);
  CHECK(has(c.scope.reductions.at(0), "affine in eps"));
  CHECK(c.scope.whole); // every K: the aggregate face pieces and the Gibbs pieces of the eps coefficient
}

TEST_CASE(
    "F.clog-le covers every Lambda: c = 1.999 and c one part in 1e9 below 2 are refused (at Lambda = inf, "
    "t = 0)",
    "[certify]") {
  if (!certificate_in_build("F.clog-le"))
    return;
  set_working_digits(50);
  const Certificate& c = certificate_of("F.clog-le");
  CHECK(run_certificate(c, {}, edge_budget).proved());
  for (double v : {1.999, 2 * (1 - 1e-9)}) {
    INFO("c = " << v);
    CHECK(run_certificate(c, {{"c", v}}, edge_budget).status == "violation");
  }
  CHECK(c.scope.whole);
}

TEST_CASE(
    "B.percoord-dJ-bound proves S = 2 at the maximisers and S = 3 without exclusions: c one part in 1e12 "
    "below 1/(3 sqrt 3) is refused",
    "[certify]") {
  set_working_digits(50);
  const Certificate& c = certificate_of("B.percoord-dJ-bound");
  CHECK(run_certificate(c, {}, edge_budget).proved());
  const double cstar = 1 / (3 * std::sqrt(3.0));
  const double lower = cstar * (1 - 1e-12);
  REQUIRE(lower < cstar);
  const auto run = run_certificate(c, {{"c", lower}}, edge_budget);
  INFO(run.message << " " << run.pieces.dump());
  CHECK(run.status == "violation");
  CHECK(c.scope.exclusions.empty()); // S = 3: the face maximisers by monotonicity towards the face
  CHECK_FALSE(c.scope.whole);        // S >= 4 is not covered
  CHECK(has(c.scope.gap, "S >= 4 not covered"));
}

// ---------------------------------------------------------------------------------------------------------
// The second checker
// ---------------------------------------------------------------------------------------------------------

TEST_CASE("dcrv recheck confirms every exported box of a certificate at a higher precision", "[certify]") {
  set_working_digits(50);
  for (const char* id : {"B.loewner-upper", "F.clog-le", "D.flow-Y-inequality"}) {
    INFO(id);
    if (!find_certificate(id))
      continue; // a partial build (B.loewner-upper is in every build that has certificates)
    const Certificate& c = certificate_of(id);
    const nlohmann::json e = export_certificate(c, {}, bnb_budget(400000, 120));
    REQUIRE(e["status"] == "proved");
    long boxes = 0;
    for (const auto& p : e["pieces"])
      boxes += static_cast<long>(p["boxes"].size());
    CHECK(boxes > 0);
    const RecheckResult r = recheck_certificate(c, e, 80);
    INFO(r.to_json().dump());
    CHECK(r.ok());
    CHECK(r.records == boxes);
    CHECK(r.confirmed == boxes);
    CHECK(working_digits() == 50); // restored
  }
}

TEST_CASE("dcrv recheck refuses a corrupted box record and names it", "[certify]") {
  if (!certificate_in_build("F.clog-le"))
    return;
  set_working_digits(50);
  const Certificate& c = certificate_of("F.clog-le");
  nlohmann::json e = export_certificate(c, {}, bnb_budget(400000, 120));
  REQUIRE(e["status"] == "proved");
  REQUIRE(!e["pieces"][0]["boxes"].empty());
  auto& rec = e["pieces"][0]["boxes"][0];
  REQUIRE(rec[0] == "natural");
  SECTION("a box moved outside the domain, where the score is positive") {
    rec[3] = "-0x1p+0"; // t from -1: (2 - c) - t = 1 > 0 there
    const RecheckResult r = recheck_certificate(c, e, 80);
    CHECK_FALSE(r.ok());
    REQUIRE(!r.refused.empty());
    CHECK(has(r.refused[0], "box 0 (natural)"));
    CHECK(has(r.refused[0], "not <= 0"));
    // and the part of the root it stood for is now covered by no confirmed box
    CHECK(r.roots_covered < r.roots);
  }
  SECTION("a test that did not close it") {
    rec[0] = "second-order";
    CHECK_FALSE(recheck_certificate(c, e, 80).ok());
  }
  SECTION("an endpoint that is not a number") {
    rec[4] = "one";
    const RecheckResult r = recheck_certificate(c, e, 80);
    CHECK_FALSE(r.ok());
    CHECK(has(r.refused.at(0), "not evaluable"));
  }
  SECTION("a stronger constant than the export's") {
    e["overrides"] = {{"c", 1.999}};
    CHECK_FALSE(recheck_certificate(c, e, 80).ok());
  }
}

TEST_CASE("H.xlogx-envelope proves the maximiser x = 1/e: c one part in 1e12 below 1/e is refused there",
          "[certify]") {
  if (!certificate_in_build("H.xlogx-envelope"))
    return;
  set_working_digits(50);
  const Certificate& c = certificate_of("H.xlogx-envelope");
  CHECK(run_certificate(c, {}, edge_budget).proved());
  const double lower = std::exp(-1.0) * (1 - 1e-12);
  const auto run = run_certificate(c, {{"c", lower}}, edge_budget);
  INFO(run.message);
  CHECK(run.status == "violation");
  CHECK(c.scope.exclusions.empty());
}

TEST_CASE("dcrv recheck checks that the confirmed boxes cover every root box: a missing box is refused",
          "[certify]") {
  set_working_digits(50);
  // x (1 - x) - 0.3 <= 0 on [0, 1] (max -0.05 at 1/2): the root box needs bisection
  Certificate c;
  c.claim = "test.cover";
  c.pieces = {make_piece<1>("x in [0, 1]", {Box{Interval(0.0, 1.0)}}, [](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    return x[0] * (X(1) - x[0]) - X(Interval(3) / Interval(10));
  })};
  c.identities = {exact_identity(
      "x = x", 1, 1, [](const std::vector<Exact>& x, const RationalConstants&) { return x[0] - x[0]; })};
  nlohmann::json e = export_certificate(c, {}, bnb_budget(100000, 60));
  REQUIRE(e["status"] == "proved");
  auto& boxes = e["pieces"][0]["boxes"];
  REQUIRE(boxes.size() > 2);
  const RecheckResult whole = recheck_certificate(c, e, 80);
  INFO(whole.to_json().dump());
  CHECK(whole.ok());
  CHECK(whole.roots == 1);
  CHECK(whole.roots_covered == 1);
  CHECK(whole.identities == 1); // its record, rechecked at random points (test_recheck_identities.cpp)
  CHECK(whole.to_json()["identities_confirmed"] == 1);
  SECTION("a closed box left out of the export") {
    std::size_t drop = 0;
    while (boxes[drop][0] == "monotone")
      ++drop;
    boxes.erase(drop);
    const RecheckResult r = recheck_certificate(c, e, 80);
    CHECK(r.confirmed == r.records); // every remaining record holds ...
    CHECK_FALSE(r.ok());             // ... but they leave part of the root uncovered
    CHECK(r.roots_covered == 0);
    REQUIRE(r.refused.size() == 1);
    CHECK(has(r.refused[0], "not covered"));
  }
  SECTION("a piece with no boxes") {
    e["pieces"].erase(0);
    const RecheckResult r = recheck_certificate(c, e, 80);
    CHECK_FALSE(r.ok());
    CHECK(has(r.refused.at(0), "no boxes in the export"));
  }
}

TEST_CASE("every certificate of Parts A-D states its paper domain and its dimensions or parameters as data",
          "[certify]") {
  int seen = 0;
  for (const auto& c : certificates()) {
    if (c.claim.empty() || c.claim[0] < 'A' || c.claim[0] > 'D')
      continue;
    ++seen;
    INFO(c.claim << ": " << c.scope.gap);
    CHECK_FALSE(c.paper.empty());
    CHECK_FALSE((c.scope.dims.empty() && c.scope.params.empty()));
    CHECK_FALSE(has(c.scope.gap, "not stated as data"));
    CHECK((c.scope.whole || !c.scope.gap.empty())); // a partial certificate says what is missing
  }
  if (seen == 0)
    std::printf("DCRV-SKIPPED: no certificate of Parts A-D in this build\n");
  if (const Certificate* ls = find_certificate("A.LS-nonneg")) {
    // every x >= 0 in three charts (x near 0 by the second-order test, x -> infinity compactified)
    CHECK(ls->scope.whole);
    CHECK(run_certificate(*ls, {}, edge_budget).proved());
  }
  if (const Certificate* sc = find_certificate("C.single-site-strong-concavity")) {
    // s in (0, 1] compactified by s > 0, (b, c, A) >= 0 by homogeneity
    CHECK(sc->scope.whole);
    CHECK(run_certificate(*sc, {}, edge_budget).proved());
    CHECK_FALSE(run_certificate(*sc, {{"m", 1 + 1e-9}}, edge_budget).proved());
  }
}
