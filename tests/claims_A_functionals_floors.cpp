// tests/claims_A_functionals_floors.cpp — claim-specific specifications of
// properties/A_functionals_floors.cpp: what a status alone does not show (two readings side by side, evidence
// details, refused settings). The expected status of every claim of the file and its override tests are data:
// tests/expectations/A_functionals_floors.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

TEST_CASE("A.eff-floor-denominator-range: the lower end 1 is not attained for δ⋆ > 1/S", "[A]") {
  const auto r = run_claim("A.eff-floor-denominator-range");
  CHECK(r.outcome.status == dcrv::Status::falsified);
  CHECK(holds(run_claim("A.eff-floor-denominator-range~containment")));
}

TEST_CASE("A.jtilde-flow-score: F of §A.6 is consistent, F of §A.5 counts ε twice", "[A]") {
  CHECK(holds(run_claim("A.jtilde-flow-score")));
  CHECK(run_claim("A.jtilde-flow-score~instantiation-F").outcome.status == dcrv::Status::falsified);
}

TEST_CASE("A.BD-factor2-tight: sharp only uniformly in δ (per δ the least factor is 2(1−δ))", "[A]") {
  CHECK(run_claim("A.BD-factor2-tight").outcome.status == dcrv::Status::falsified);
  CHECK(holds(run_claim("A.BD-factor2-tight~uniform-in-delta")));
}
