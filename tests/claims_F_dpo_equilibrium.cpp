// tests/claims_F_dpo_equilibrium.cpp — claim-specific specifications of properties/F_dpo_equilibrium.cpp:
// what a status alone does not show (two readings side by side, evidence details, refused settings). The
// expected status of every claim of the file and its override tests are data:
// tests/expectations/F_dpo_equilibrium.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

// F.global-convergence follows every trajectory until it has converged (or is inconclusive at the cap): no
// run is skipped as "still moving".
TEST_CASE("F.global-convergence: every trajectory is followed to its limit, none skipped", "[F]") {
  const auto r = dcrv::test::run_claim("F.global-convergence");
  INFO(dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
  CHECK(dcrv::test::holds(r));
  CHECK(r.outcome.evidence.skipped == 0);
}
