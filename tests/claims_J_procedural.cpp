// tests/claims_J_procedural.cpp — claim-specific specifications of properties/J_procedural.cpp: what a status
// alone does not show (two readings side by side, evidence details, refused settings). The expected status of
// every claim of the file and its override tests are data: tests/expectations/J_procedural.txt.
#include <catch2/catch.hpp>
#include <string>

#include "tests/support.hpp"

TEST_CASE(
    "App. J: every experiment records the paper's value beside dcrv's, also two experiments reading one "
    "configuration with one statistic",
    "[J][report]") {
  // both experiments of this claim read procedural DPO at B = 64 and measure "cosine: other minus DPO"
  const dcrv::ClaimResult r = dcrv::test::run_claim("J.overlay-dpo-direction-largest-diff");
  int rows = 0, experiments = 0;
  for (auto it = r.outcome.series.begin(); it != r.outcome.series.end(); ++it)
    if (it.key().rfind("paper_beside/", 0) == 0) {
      ++rows;
      CHECK(it.value()["paper"] == "directions differ most for DPO");
    }
  for (const auto& [k, v] : r.outcome.evidence.details)
    if (k.rfind("experiment ", 0) == 0) {
      ++experiments;
      CHECK(v.find("paper beside dcrv = paper (5 seeds): directions differ most for DPO") !=
            std::string::npos);
    }
  CHECK(experiments == 2);
  CHECK(rows == experiments);
}
