// tests/claims_M_flows_predictions.cpp — claim-specific specifications of properties/M_flows_predictions.cpp:
// what a status alone does not show (two readings side by side, evidence details, refused settings). The
// expected status of every claim of the file and its override tests are data:
// tests/expectations/M_flows_predictions.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

// M.dpo-ratio-to-one follows the within-correct log-spread to the flow's limit (converged, max|p'| <= 1e-12)
// and requires it to vanish there (<= 1e-6), not only to have halved by t = 80.
TEST_CASE("M.dpo-ratio-to-one: the correct log-spread vanishes at the limit of every DPO trajectory",
          "[claims][M]") {
  const dcrv::ClaimResult r = dcrv::test::run_claim("M.dpo-ratio-to-one");
  INFO(dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
  CHECK(dcrv::test::holds(r));
}

// M.gc-convergence also covers the theorem's case lambda alpha + eps = beta_KL = 0 with K positive definite
// on T (a second part: the limit of the flow against p* from projected gradient ascent on the closed
// simplex).
TEST_CASE("M.gc-convergence: the zero-barrier case converges to the maximiser of J", "[claims][M]") {
  const dcrv::ClaimResult r = dcrv::test::run_claim("M.gc-convergence");
  INFO(dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
  CHECK(dcrv::test::holds(r));
  CHECK(r.outcome.evidence.details.count("part1.tightness") == 1); // the zero-barrier part was evaluated
  CHECK(r.outcome.evidence.skipped * 5 <= r.outcome.evidence.trials);
}
