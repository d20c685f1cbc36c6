// tests/claims_C_srct_confinement.cpp — claim-specific specifications of properties/C_srct_confinement.cpp:
// what a status alone does not show (two readings side by side, evidence details, refused settings). The
// expected status of every claim of the file and its override tests are data:
// tests/expectations/C_srct_confinement.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

TEST_CASE("C.waterfilling-unique: a spurious singleton pair (S*, c*) = ({argmin f_i(1)}, min f_i(1)) exists",
          "[C]") {
  const auto r = run_claim("C.waterfilling-unique");
  CHECK(r.outcome.status == dcrv::Status::falsified);
  CHECK(holds(run_claim("C.waterfilling-unique~kkt")));
}

// Issue "Stronger evidence", specific defects: C.caratheodory-local checks the Caratheodory conditions (a
// second part: Lipschitz in p uniformly in t, with the constant of App. C §C.4); C.positivity-lower-bound
// compares log p_i(t) with the integrated right-hand side along the trajectory;
// C.single-site-interior-convergence follows the flow to convergence with the pointwise PL chain and the
// distance to p-dagger.
TEST_CASE(
    "C.caratheodory-local, C.positivity-lower-bound, C.single-site-interior-convergence: the stronger checks "
    "hold and use their samples",
    "[C]") {
  const auto cara = run_claim("C.caratheodory-local");
  INFO(cara.outcome.message);
  CHECK(holds(cara));
  CHECK(cara.outcome.evidence.details.count("part1.tightness") == 1); // the Caratheodory part was evaluated
  for (const char* id : {"C.positivity-lower-bound", "C.single-site-interior-convergence"}) {
    const auto r = run_claim(id);
    INFO(id << ": " << r.outcome.message);
    CHECK(holds(r));
    CHECK(r.outcome.evidence.skipped * 5 <= r.outcome.evidence.trials);
  }
}
