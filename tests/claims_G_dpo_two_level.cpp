// tests/claims_G_dpo_two_level.cpp — claim-specific specifications of properties/G_dpo_two_level.cpp: what a
// status alone does not show (two readings side by side, evidence details, refused settings). The expected
// status of every claim of the file and its override tests are data: tests/expectations/G_dpo_two_level.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::run_claim;

TEST_CASE("App. G OP2: the remainder of the expansion of z* is measured with a fitted slope", "[G]") {
  const auto r = run_claim("G.op2-asymptotic");
  const auto& d = r.outcome.evidence.details;
  CHECK(d.count("measured_slope_config1") == 1);
  CHECK(d.count("claimed_slope") == 1);
  REQUIRE(r.outcome.series.contains("eps"));
  CHECK(r.outcome.series["eps"].size() == 29);
}
