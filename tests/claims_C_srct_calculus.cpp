// tests/claims_C_srct_calculus.cpp — App. C pointwise claims (properties/C_srct_calculus.cpp). Every constant is set about 1 % to the
// wrong side (for loose bounds: just beyond the sharp value the check measures) and must come out falsified
// with a replayable witness.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

// §C.2–C.3
DCRV_OVERRIDE_TEST("C.variational-derivative", "c", 2.02);
DCRV_OVERRIDE_TEST("C.S-norm-half", "c", 0.495);
// loose bound: the measured sup of ||S(p)-S(q)|| / ||p-q|| is sqrt(2) (S = 2, p -> vertex)
DCRV_OVERRIDE_TEST("C.S-lipschitz-3", "c", 1.40);
// loose bound: measured sup of ||E(p)-E(q)|| / ((2+sqrt K)(1+log(1/delta))||p-q||) is about 0.22
DCRV_OVERRIDE_TEST("C.E-lipschitz", "two", -0.7);
DCRV_OVERRIDE_TEST("C.E-lipschitz", "lambda_add", -0.5);
// §C.4 (loose: measured sup of the ratio about 0.29)
DCRV_OVERRIDE_TEST("C.F-lipschitz", "half", -1.0);
DCRV_OVERRIDE_TEST("C.F-lipschitz", "three", 1.40);
DCRV_OVERRIDE_TEST("C.F-lipschitz", "two", -1.0);
DCRV_OVERRIDE_TEST("C.F-lipschitz", "lambda_add", -0.8);
// §C.7, §C.9, §C.10
DCRV_OVERRIDE_TEST("C.BD-coarse-sufficient", "c", 1.98);
DCRV_OVERRIDE_TEST("C.single-site-strong-concavity", "m", 1.01);
DCRV_OVERRIDE_TEST("C.safe-denominators", "c", 1.01);

TEST_CASE("App. C pointwise claims that hold as stated", "[C]") {
  for (const char* id :
       {"C.variational-derivative", "C.srct-ode-form", "C.S-kernel-variance", "C.S-norm-half", "C.S-lipschitz-3",
        "C.JE-formula", "C.E-lipschitz", "C.F-lipschitz", "C.mass-balance", "C.logratio-identity",
        "C.face-gap-positive", "C.face-inequality", "C.BD-coarse-sufficient", "C.degenerate-floor",
        "C.single-site-lyapunov", "C.single-site-strong-concavity", "C.safe-denominators"}) {
    INFO(id);
    CHECK(holds(run_claim(id)));
  }
}
