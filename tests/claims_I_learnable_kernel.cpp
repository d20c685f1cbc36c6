// tests/claims_I_learnable_kernel.cpp — claim-specific specifications of properties/I_learnable_kernel.cpp:
// what a status alone does not show (two readings side by side, evidence details, refused settings). The
// expected status of every claim of the file and its override tests are data:
// tests/expectations/I_learnable_kernel.txt.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

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
