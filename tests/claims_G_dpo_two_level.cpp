// tests/claims_G_dpo_two_level.cpp — App. G, OP2 (DPO two-level equilibrium in ε) and OP3 (closure errors)
// (properties/G_dpo_two_level.cpp).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

// (SC) is sharp: at K_C = K_I = 1, β = 0.1, ℓ₀ = −23.667, η = 10⁻⁶ the fixed-point equation has three roots
// once ε = 0.2475β(1 + η)
DCRV_OVERRIDE_TEST("G.op2-unique-eq", "c", 0.2475);
// a wrong first- or second-order coefficient makes R ε³ grow like ε² or ε (h′(0) ≠ 0 when K_C ≠ K_I)
DCRV_OVERRIDE_TEST("G.op2-asymptotic", "c1", 1.01);
DCRV_OVERRIDE_TEST("G.op2-asymptotic", "c2", 1.01);
// sharp for a lump of equal masses as β → 0 (g_β linear on the lump's log range)
DCRV_OVERRIDE_TEST("G.op3-static-closure", "c", 0.99);
DCRV_OVERRIDE_TEST("G.op3-closure-error", "c", 0.99);
// sharp with c_max → 0 (β → 0), ε > 0, a singleton against a lump of equal masses
DCRV_OVERRIDE_TEST("G.op3-closure-error", "c_eps", 0.99);
DCRV_OVERRIDE_TEST("G.op3-closure-error~keeps-entropy-term", "c", 0.99);
// with the entropy term kept, the ε-term of the bound is not needed (measured: any c_eps ≥ 0 holds); a
// negative one fails
DCRV_OVERRIDE_TEST("G.op3-closure-error~keeps-entropy-term", "c_eps", -0.01);

namespace {
const std::vector<std::string> kHolding = {"G.op2-unique-eq",
                                           "G.op2-zstar-eq",
                                           "G.op2-dz-formula",
                                           "G.op2-dz-negative",
                                           "G.op2-asymptotic",
                                           "G.op2-dp-formula",
                                           "G.op2-dq-formula",
                                           "G.op3-static-closure",
                                           "G.op3-logratio-identity",
                                           "G.op3-closure-error",
                                           "G.op3-closure-error~keeps-entropy-term"};
} // namespace

TEST_CASE("App. G OP2/OP3: the claims hold", "[G]") {
  for (const auto& id : kHolding) {
    const auto r = run_claim(id);
    INFO(id << ": " << dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
    CHECK(holds(r));
  }
}

TEST_CASE("App. G OP2: the remainder of the expansion of z* is measured with a fitted slope", "[G]") {
  const auto r = run_claim("G.op2-asymptotic");
  const auto& d = r.outcome.evidence.details;
  CHECK(d.count("measured_slope_config1") == 1);
  CHECK(d.count("claimed_slope") == 1);
  REQUIRE(r.outcome.series.contains("eps"));
  CHECK(r.outcome.series["eps"].size() == 29);
}
