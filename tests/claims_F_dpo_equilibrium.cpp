// tests/claims_F_dpo_equilibrium.cpp — App. F part c: cross-class envelopes, static cap, compatibility, Lyapunov structure,
// eventual trimming, two-level equilibrium and z⋆, global convergence, edge cases (properties/F_dpo_equilibrium.cpp).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/support.hpp"

namespace {
const std::vector<std::string> kHolding = {"F.zij-ode",
                                           "F.g-log-range",
                                           "F.envelope-lower",
                                           "F.envelope-upper",
                                           "F.envelope-trimmed-upper",
                                           "F.static-cap",
                                           "F.cap-vs-halfgap",
                                           "F.cap-poly",
                                           "F.compat-lk-le-log",
                                           "F.compat-conclusion",
                                           "F.compat-gstar-envelope",
                                           "F.compat-gstar-condition",
                                           "F.replicator-form",
                                           "F.lyapunov-identity",
                                           "F.gprime-negative-sc",
                                           "F.l-strict-concave",
                                           "F.evtrim-existence",
                                           "F.evtrim-band",
                                           "F.evtrim-floor",
                                           "F.two-level-param",
                                           "F.eq-condition",
                                           "F.h-range",
                                           "F.f0-value",
                                           "F.hprime-formula",
                                           "F.hprime-bound",
                                           "F.fprime-sc",
                                           "F.zstar-unique",
                                           "F.zstar-lower-2g0",
                                           "F.zstar-upper-2eps",
                                           "F.zstar-lower-h0",
                                           "F.zstar-upper-h0",
                                           "F.global-convergence",
                                           "F.edge-n0",
                                           "F.edge-m0",
                                           "F.floor-compatible",
                                           "F.compat-2eps-le-lk~bound-two"};
// "2/ε ≤ L_K" does not follow from the ℓ∞ test εL_K ≥ M_{φ,∞} (it needs εL_K ≥ 2 > M_{φ,∞}).
const std::vector<std::string> kFalse = {"F.compat-2eps-le-lk"};
} // namespace

TEST_CASE("App. F envelope, Lyapunov and two-level claims hold as stated", "[F]") {
  for (const auto& id : kHolding) {
    const auto r = dcrv::test::run_claim(id);
    INFO(id << ": " << dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
    CHECK(dcrv::test::holds(r));
  }
}

TEST_CASE("App. F part c: false claims are falsified with replayable witnesses", "[F]") {
  for (const auto& id : kFalse) {
    INFO(id);
    dcrv::test::require_falsified(id, {});
  }
}

// eq. (uncond-envelope), (trim-sharp) and the g⋆ version: nearly exact for β → 0 (lower) and g ≈ 1 (upper).
DCRV_OVERRIDE_TEST("F.envelope-lower", "c", 2.02);
DCRV_OVERRIDE_TEST("F.envelope-upper", "c", 1.98);
DCRV_OVERRIDE_TEST("F.envelope-trimmed-upper", "c", 1.98);
DCRV_OVERRIDE_TEST("F.compat-gstar-envelope", "c", 2.02);
// lem:cap-vs-halfgap: measured tightness ½ (K = 2, where the two logarithms coincide).
DCRV_OVERRIDE_TEST("F.cap-vs-halfgap", "c", 1.01);
DCRV_OVERRIDE_TEST("F.compat-2eps-le-lk", "c", 1.98);
DCRV_OVERRIDE_TEST("F.compat-2eps-le-lk~bound-two", "c", 2.02);
DCRV_OVERRIDE_TEST("F.compat-gstar-condition", "c", 1.98);
// Slope condition in the Lyapunov structure and the edge case M = 0.
DCRV_OVERRIDE_TEST("F.gprime-negative-sc", "c", 0.2475);
DCRV_OVERRIDE_TEST("F.edge-m0", "c", 0.2475);
// prop:evtrim.
DCRV_OVERRIDE_TEST("F.evtrim-band", "a", 1.98);
DCRV_OVERRIDE_TEST("F.evtrim-band", "b", 1.9);
DCRV_OVERRIDE_TEST("F.evtrim-floor", "c", 1.01);
// Two-level scalar reduction and lem:zstar.
DCRV_OVERRIDE_TEST("F.h-range", "c", 1.98);
DCRV_OVERRIDE_TEST("F.hprime-bound", "c", 0.2475);
DCRV_OVERRIDE_TEST("F.fprime-sc", "c", 0.2475);
DCRV_OVERRIDE_TEST("F.zstar-lower-2g0", "c", 2.02);
DCRV_OVERRIDE_TEST("F.zstar-upper-2eps", "c", 1.98);
DCRV_OVERRIDE_TEST("F.zstar-lower-h0", "c",
                   0.15); // measured tightness 0.92: h′ stays near −β/4 only on part of [0, z⋆]
DCRV_OVERRIDE_TEST("F.zstar-upper-h0", "c", 0.2475);

// F.global-convergence follows every trajectory until it has converged (or is inconclusive at the cap): no
// run is skipped as "still moving".
TEST_CASE("F.global-convergence: every trajectory is followed to its limit, none skipped", "[F]") {
  const auto r = dcrv::test::run_claim("F.global-convergence");
  INFO(dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
  CHECK(dcrv::test::holds(r));
  CHECK(r.outcome.evidence.skipped == 0);
}
