// tests/claims_G_lump_calculus.cpp — claim-specific specifications of properties/G_lump_calculus.cpp: what a
// status alone does not show (two readings side by side, evidence details, refused settings). The expected
// status of every claim of the file and its override tests are data: tests/expectations/G_lump_calculus.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::run_claim;

TEST_CASE("App. G closing paragraph is a summary: not checkable, with its reason", "[G]") {
  const auto r = run_claim("G.closed-simplex-validity");
  CHECK(r.outcome.status == dcrv::Status::not_checkable);
  CHECK_FALSE(r.outcome.message.empty());
}
