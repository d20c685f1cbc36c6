// tests/claims_C_srct_confinement.cpp — App. C dynamic / equilibrium / structural claims (properties/C_srct_confinement.cpp).
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

DCRV_OVERRIDE_TEST("C.logratio-envelope", "c", 0.99);
DCRV_OVERRIDE_TEST("C.face-invariance-zero", "c", 1.98);
// loose: the KKT gap is at least A ||q - p||^2 on T (modulus 2A), the claim's A/2 form measures about 0.5
DCRV_OVERRIDE_TEST("C.single-site-kkt-unique", "m", 2.05);
// loose: the rate 2 A delta is pessimistic (measured decay several times faster)
DCRV_OVERRIDE_TEST("C.single-site-interior-convergence", "c", 8.5);

TEST_CASE("C.waterfilling-unique: a spurious singleton pair (S*, c*) = ({argmin f_i(1)}, min f_i(1)) exists", "[C]") {
  const auto r = run_claim("C.waterfilling-unique");
  CHECK(r.outcome.status == dcrv::Status::falsified);
  CHECK(holds(run_claim("C.waterfilling-unique~kkt")));
}

TEST_CASE("App. C dynamic, equilibrium and structural claims that hold", "[C]") {
  for (const char* id :
       {"C.caratheodory-local", "C.logratio-envelope", "C.positivity-lower-bound", "C.face-invariance-zero",
        "C.BD-forward-invariance", "C.BD-strict-no-hit", "C.global-existence-kirszbraun",
        "C.single-site-kkt-unique", "C.single-site-interior-convergence", "C.waterfilling-convergence"}) {
    INFO(id);
    CHECK(holds(run_claim(id)));
  }
}

// Issue "Stronger evidence", specific defects: C.caratheodory-local checks the Caratheodory conditions (a second
// part: Lipschitz in p uniformly in t, with the constant of App. C §C.4); C.positivity-lower-bound compares
// log p_i(t) with the integrated right-hand side along the trajectory; C.single-site-interior-convergence
// follows the flow to convergence with the pointwise PL chain and the distance to p-dagger.
TEST_CASE("C.caratheodory-local, C.positivity-lower-bound, C.single-site-interior-convergence: the stronger checks "
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
