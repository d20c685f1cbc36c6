// tests/claims_D_star_score.cpp — App. D: the STaR score field, its aggregates, bounds and their sharpness, score
// differences and edge cases (properties/D_star_score.cpp).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/support.hpp"

namespace {
const std::vector<std::string> kHolding = {
    "D.logp-range",        "D.trimmed-rho-lb",     "D.domain-smooth",       "D.centering",
    "D.S2-lower",          "D.S2-upper",           "D.phi-c-lower",         "D.phi-c-upper",
    "D.phi-i-lower",       "D.phi-i-upper",        "D.phi-sup-norm",        "D.phi-l2-quadratic",
    "D.quadratic-le-Km1",  "D.phi-l2-sqrtKm1",     "D.phi-quadratic-tight", "D.phi-norm-bounds-sharp",
    "D.scorediff-II",      "D.scorediff-CC",       "D.scorediff-CI",        "D.zab-ratio-lt1",
    "D.zic-ratio-range",   "D.asym-bracket",       "D.edge-M0",             "D.edge-MK"};
// "Sharp" componentwise bounds: not sharp for M = 1 (lower end of phi_c) and M = K (upper end), in every reading;
// at fixed rho not sharp for any M.
const std::vector<std::string> kFalse = {"D.phi-componentwise-sharp", "D.phi-componentwise-sharp~gap",
                                         "D.phi-componentwise-sharp~fixed-rho"};
} // namespace

TEST_CASE("App. D score-field claims hold as stated", "[D]") {
  for (const auto& id : kHolding) {
    const auto r = dcrv::test::run_claim(id);
    INFO(id << ": " << dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
    CHECK(dcrv::test::holds(r));
  }
}

TEST_CASE("App. D componentwise sharpness is falsified with replayable witnesses", "[D]") {
  for (const auto& id : kFalse) {
    INFO(id);
    dcrv::test::require_falsified(id, {});
  }
}

// Bounds attained (tightness 1 at the extremal points).
DCRV_OVERRIDE_TEST("D.phi-sup-norm", "c", 0.99);
DCRV_OVERRIDE_TEST("D.phi-l2-quadratic", "c0", 0.99);
DCRV_OVERRIDE_TEST("D.phi-l2-quadratic", "c1", -2.02);
DCRV_OVERRIDE_TEST("D.phi-l2-quadratic", "cK", 0.99);
DCRV_OVERRIDE_TEST("D.phi-l2-sqrtKm1", "c", 0.99);
// Family gap ~ (4K-2) eta at M = K: C = 3.5 is beaten for K >= 5.
DCRV_OVERRIDE_TEST("D.phi-quadratic-tight", "C", 3.5);
DCRV_OVERRIDE_TEST("D.phi-componentwise-sharp", "C", 3.96);
DCRV_OVERRIDE_TEST("D.phi-componentwise-sharp~gap", "C", 3.96);
DCRV_OVERRIDE_TEST("D.phi-componentwise-sharp~fixed-rho", "C", 3.96);
DCRV_OVERRIDE_TEST("D.phi-norm-bounds-sharp", "c_inf", 0.99);
DCRV_OVERRIDE_TEST("D.phi-norm-bounds-sharp", "c_inf", 1.01);
DCRV_OVERRIDE_TEST("D.phi-norm-bounds-sharp", "c_2", 0.99);
DCRV_OVERRIDE_TEST("D.phi-norm-bounds-sharp", "c_2", 1.01);
DCRV_OVERRIDE_TEST("D.zab-ratio-lt1", "c", 0.99);
DCRV_OVERRIDE_TEST("D.zic-ratio-range", "a", 1.01);
DCRV_OVERRIDE_TEST("D.zic-ratio-range", "b", 0.99);
