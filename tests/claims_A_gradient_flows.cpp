// tests/claims_A_gradient_flows.cpp — claim-specific specifications of properties/A_gradient_flows.cpp: what
// a status alone does not show (two readings side by side, evidence details, refused settings). The expected
// status of every claim of the file and its override tests are data: tests/expectations/A_gradient_flows.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

TEST_CASE(
    "A.integrability-ac-iff: ambient cross-partials are not the integrability condition (chart ones are)",
    "[A]") {
  CHECK(run_claim("A.integrability-ac-iff").outcome.status == dcrv::Status::falsified);
  CHECK(holds(run_claim("A.integrability-ac-iff~chart")));
}

TEST_CASE("A.integrability-ac-anchor-independent: with ambient partials (AC) depends on the anchor", "[A]") {
  CHECK(run_claim("A.integrability-ac-anchor-independent").outcome.status == dcrv::Status::falsified);
  CHECK(holds(run_claim("A.integrability-ac-anchor-independent~chart")));
}

TEST_CASE("A.logratio-envelope / A.floor-cap: M must dominate max |z_ij(0)|, M = B/A fails at t = 0", "[A]") {
  CHECK(holds(run_claim("A.logratio-envelope")));
  CHECK(run_claim("A.logratio-envelope~M-is-B-over-A").outcome.status == dcrv::Status::falsified);
  CHECK(holds(run_claim("A.floor-cap")));
  CHECK(run_claim("A.floor-cap~M-is-B-over-A").outcome.status == dcrv::Status::falsified);
}
