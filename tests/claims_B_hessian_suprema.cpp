// Tests of the App. B §B.6 claims (properties/B_hessian_suprema.cpp): the paper's verdicts as dcrv measures
// them, and one override test per constant (a value just on the wrong side must be caught).
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

TEST_CASE("App. B §B.6 claims that hold are verified at smoke budget", "[B]") {
  for (const char* id :
       {"B.hessian-formula", "B.hessian-sup-l2", "B.hessian-sup-l1", "B.hessian-sup-attained-s2",
        "B.hessian-sup-l2-strict", "B.taylor-integral-remainder", "B.remainder-l1", "B.remainder-l2",
        "B.remainder-linf", "B.remainder-l2-sparse", "B.Xi-closed-form", "B.delta-hess-diag-bound",
        "B.delta-hess-off-bound", "B.delta-hess-l2-by-c2", "B.delta-hess-l1-by-c1", "B.delta-hess-l1-by-c1~table",
        "B.hessian-maximizers-apm", "B.delta-crit-strict-l2", "B.delta-crit-strict-l1", "B.delta-remainder-l1",
        "B.delta-remainder-l2", "B.delta-remainder-linf", "B.delta-remainder-l2-sparse"}) {
    const auto r = run_claim(id);
    INFO(id << ": " << dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
    CHECK(holds(r));
  }
}

// The ℓ1 supremum 1/(3√3) is attained in the open simplex for every S (k = ℓ, p_k = a_±): not strict.
TEST_CASE("B.hessian-sup-l1-strict is falsified (attained at p_k = a_+- for S > 2)", "[B]") {
  dcrv::test::require_falsified("B.hessian-sup-l1-strict", {});
}
// c₂(δ,2) = 1/√54 and c₁(δ,S) = 1/(3√3) whenever a_± is admissible (δ ≤ δ_crit).
TEST_CASE("B.c2-below-global is falsified (S = 2, delta <= delta_crit)", "[B]") {
  dcrv::test::require_falsified("B.c2-below-global", {});
}
TEST_CASE("B.c1-below-global is falsified (delta <= delta_crit)", "[B]") {
  dcrv::test::require_falsified("B.c1-below-global", {});
}
// With c₂ in the sparse ℓ2 line the bound fails by √2 at S = 2 (g = e_1 − e_2, p = (a_±, a_∓)).
TEST_CASE("B.delta-remainder-l2-sparse~c2 is falsified", "[B]") {
  dcrv::test::require_falsified("B.delta-remainder-l2-sparse~c2", {});
}

DCRV_OVERRIDE_TEST("B.hessian-sup-l2", "c", 0.1347);
DCRV_OVERRIDE_TEST("B.hessian-sup-l1", "c", 0.1905);
DCRV_OVERRIDE_TEST("B.hessian-sup-attained-s2", "a_plus", 0.7808);
DCRV_OVERRIDE_TEST("B.hessian-sup-attained-s2", "sup_l2", 0.1347);
DCRV_OVERRIDE_TEST("B.hessian-sup-attained-s2", "sup_l1", 0.1905);
DCRV_OVERRIDE_TEST("B.hessian-sup-l2-strict", "c", 0.1347);
DCRV_OVERRIDE_TEST("B.hessian-sup-l1-strict", "c", 0.1905);
DCRV_OVERRIDE_TEST("B.remainder-l1", "c", 0.0953);
DCRV_OVERRIDE_TEST("B.remainder-l2", "c", 0.0674);
DCRV_OVERRIDE_TEST("B.remainder-linf", "c", 0.0477);
DCRV_OVERRIDE_TEST("B.remainder-l2-sparse", "c", 0.0953);
DCRV_OVERRIDE_TEST("B.delta-hess-l2-by-c2", "f", 0.99);
DCRV_OVERRIDE_TEST("B.delta-hess-l1-by-c1", "f", 0.99);
DCRV_OVERRIDE_TEST("B.delta-hess-l1-by-c1~table", "f", 1.01);
DCRV_OVERRIDE_TEST("B.c2-below-global", "c", 0.1347);
DCRV_OVERRIDE_TEST("B.c1-below-global", "c", 0.1905);
DCRV_OVERRIDE_TEST("B.hessian-maximizers-apm", "a_plus", 0.7808);
DCRV_OVERRIDE_TEST("B.hessian-maximizers-apm", "sup_l2", 0.1347);
DCRV_OVERRIDE_TEST("B.hessian-maximizers-apm", "sup_l1", 0.1905);
DCRV_OVERRIDE_TEST("B.hessian-maximizers-apm", "kappa_l2", 0.58);
DCRV_OVERRIDE_TEST("B.hessian-maximizers-apm", "kappa_l1", 0.82);
DCRV_OVERRIDE_TEST("B.delta-crit-strict-l2", "delta_crit", 0.2092);
DCRV_OVERRIDE_TEST("B.delta-crit-strict-l2", "c", 0.1347);
DCRV_OVERRIDE_TEST("B.delta-crit-strict-l1", "delta_crit", 0.2092);
DCRV_OVERRIDE_TEST("B.delta-crit-strict-l1", "c", 0.1905);
DCRV_OVERRIDE_TEST("B.delta-remainder-l1", "f", 0.495);
DCRV_OVERRIDE_TEST("B.delta-remainder-l2", "f", 0.495);
DCRV_OVERRIDE_TEST("B.delta-remainder-linf", "f", 0.2475);
DCRV_OVERRIDE_TEST("B.delta-remainder-l2-sparse", "f", 0.495);
DCRV_OVERRIDE_TEST("B.delta-remainder-l2-sparse~c2", "f", 0.495);
