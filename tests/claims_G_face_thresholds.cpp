// tests/claims_G_face_thresholds.cpp — claim-specific specifications of properties/G_face_thresholds.cpp:
// what a status alone does not show (two readings side by side, evidence details, refused settings). The
// expected status of every claim of the file and its override tests are data:
// tests/expectations/G_face_thresholds.txt.
#include <catch2/catch.hpp>

#include "reports/claim_figures.hpp"
#include "tests/support.hpp"

using dcrv::test::run_claim;

TEST_CASE("App. G: the thresholds table (formula next to brute force) is in the report's data",
          "[G][report]") {
  for (const char* id : {"G.op1-star-suf-uniform", "G.op1-grpo-exact"}) {
    const auto r = run_claim(id);
    INFO(id);
    const auto& details = r.outcome.evidence.details;
    CHECK(details.count("threshold_claimed_over_measured_max") == 1);
    CHECK(details.count("threshold_note") == 1);
    REQUIRE(r.outcome.series.contains("figures"));
    for (const auto& fig : r.outcome.series["figures"])
      CHECK(dcrv::figure_spec_problem(r.outcome.series, fig).empty());
    CHECK(r.outcome.series["delta"].size() >= 30);
  }
}
