// tests/claims_D_star_flow.cpp — claim-specific specifications of properties/D_star_flow.cpp: what a status
// alone does not show (two readings side by side, evidence details, refused settings). The expected status of
// every claim of the file and its override tests are data: tests/expectations/D_star_flow.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

TEST_CASE("App. D BD claims report the observed exact thresholds next to the claimed ones", "[D]") {
  for (const char* id : {"D.bd-sufficient-invariance", "D.bd-conservative-invariance", "D.bd-sharp"}) {
    const auto r = dcrv::test::run_claim(id);
    INFO(id);
    CHECK(r.outcome.evidence.details.count("threshold_claimed") == 1);
    CHECK(r.outcome.evidence.details.count("threshold_observed") == 1);
    REQUIRE(r.outcome.series.is_object());
    const auto& observed = r.outcome.series.at("kappa_observed");
    REQUIRE(observed.size() > 10);
    for (const auto& k : observed)
      CHECK(k.get<double>() <= 1.0); // kappa* <= 1 - delta < 1
  }
}
