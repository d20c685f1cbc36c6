// tests/claims_F_dpo_thresholds.cpp — claim-specific specifications of properties/F_dpo_thresholds.cpp: what
// a status alone does not show (two readings side by side, evidence details, refused settings). The expected
// status of every claim of the file and its override tests are data: tests/expectations/F_dpo_thresholds.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

TEST_CASE("App. F BD claims report claimed and observed thresholds", "[F]") {
  for (const char* id :
       {"F.bd-template-linf", "F.bd-template-l2", "F.bd-conservative-4sqrtk", "F.bd-strict"}) {
    const auto r = dcrv::test::run_claim(id);
    INFO(id);
    CHECK(r.outcome.evidence.details.count("threshold_claimed") == 1);
    CHECK(r.outcome.evidence.details.count("threshold_observed") == 1);
    const double claimed = std::stod(r.outcome.evidence.details.at("threshold_claimed"));
    const double observed = std::stod(r.outcome.evidence.details.at("threshold_observed"));
    CHECK(observed <= claimed * (1 + 1e-6)); // every sufficient threshold lies above the exact one
  }
}
