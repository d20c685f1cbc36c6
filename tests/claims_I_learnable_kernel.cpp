// tests/claims_I_learnable_kernel.cpp — App. I block-constant and §sec:practical claims
// (properties/I_learnable_kernel.cpp).
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("I.block-norm-op", "c", 0.99);
DCRV_OVERRIDE_TEST("I.gated-suppression-identity", "c1", 1.01);
DCRV_OVERRIDE_TEST("I.gated-suppression-identity", "c2", 2.02);
DCRV_OVERRIDE_TEST("I.gated-equalization-identity", "c", 2.02);
DCRV_OVERRIDE_TEST("I.S-opnorm", "c", 0.495);
DCRV_OVERRIDE_TEST("I.S-lipschitz", "c", 1.40);
DCRV_OVERRIDE_TEST("I.phi-lipschitz", "c", 1.98);
DCRV_OVERRIDE_TEST("I.phi-size", "c", 0.99);
DCRV_OVERRIDE_TEST("I.E-lipschitz", "c", 0.2);
DCRV_OVERRIDE_TEST("I.E-lipschitz", "c2", -1.2);
DCRV_OVERRIDE_TEST("I.drift-lipschitz-boxed", "half", -5.0);
DCRV_OVERRIDE_TEST("I.drift-lipschitz-boxed", "three", 0.3);
DCRV_OVERRIDE_TEST("I.drift-lipschitz-boxed", "two", -1.4);

// Issue "Stronger evidence", specific defect: PSD decisions are compared as booleans (a zero eigenvalue is
// PSD, it does not agree with both signs).
TEST_CASE("I.block-psd-iff~N0 is falsified: with N = 0, K = kappa_CC 11^T is PSD while B is indefinite",
          "[claims][I]") {
  // falsified with an MPFR-confirmed (>= 32 digits) witness that replays
  dcrv::test::require_falsified("I.block-psd-iff~N0", {});
}
TEST_CASE("I.block-psd-iff (M, N >= 1) holds with both directions tested for S >= 3", "[claims][I]") {
  const dcrv::ClaimResult r = dcrv::test::run_claim("I.block-psd-iff");
  INFO(r.outcome.message);
  CHECK(dcrv::test::holds(r));
}
