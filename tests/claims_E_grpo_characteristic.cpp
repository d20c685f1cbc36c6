// tests/claims_E_grpo_characteristic.cpp — App. E, the GRPO characteristic h_G and the GRPO score (properties/E_grpo_characteristic.cpp).
// Every constant is set about 1 % to the wrong side (for loose bounds: just beyond the sharp value the check
// measures) and must come out falsified with a replayable witness.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/support.hpp"

using dcrv::test::holds;
using dcrv::test::run_claim;

// Lemma lem:hG-basic
DCRV_OVERRIDE_TEST("E.hG-endpoints", "c", 1.01);
DCRV_OVERRIDE_TEST("E.c1-expansion-at-1", "c", 1.01);
DCRV_OVERRIDE_TEST("E.DG-finite", "c", 0.99);
// loose by a factor 2: h_G ≥ 2(G−1)/G (Bernstein coefficients), equality h_2 ≡ 1 = 2(1 − 1/2)
DCRV_OVERRIDE_TEST("E.hG-lower", "c", 2.02);
DCRV_OVERRIDE_TEST("E.hG-upper", "c", 0.99);
DCRV_OVERRIDE_TEST("E.hG-const-G23", "c", 1.01);
// loose by a factor 2: √u ≥ 2u/(1+u), u = (G−t)/t, equality at t = G/2
DCRV_OVERRIDE_TEST("E.fG-linear-lower", "c", 2.02);

// §Pointwise envelopes
DCRV_OVERRIDE_TEST("E.gamma-sup-norm", "c", 0.99);
DCRV_OVERRIDE_TEST("E.gamma-l2-bound", "c", 0.99);
// sharp at K_C = 0, δ = 1/K (ρ = 0, h_G(0) = √(G−1), K_I δ = 1)
DCRV_OVERRIDE_TEST("E.hG-le-HG", "c", 0.99);
// loose: sup ‖γ̂‖₂K_Iδ/(√(G−1)√max{K_C,K_I}) = 2/(3√3) ≈ 0.385 (G = 2, K = 3, K_C = 1, δ = 1/3, uniform point)
DCRV_OVERRIDE_TEST("E.gamma-l2-HG", "c", 0.38);

// §Rank-one Jacobian
DCRV_OVERRIDE_TEST("E.Hstar", "c", 1.01);
// sharp at ρ = 0: α(0) = −√(G−1) − D_G
DCRV_OVERRIDE_TEST("E.alpha-beta-bound", "c", 0.99);
// sharp for G ∈ {2,3} (D_G = 0, L_γ^tan = √(G−1)√(K_C K_I))
DCRV_OVERRIDE_TEST("E.Ltan-bound", "c", 0.99);

namespace {
const std::vector<std::string> kHolding = {"E.trimmed-rho-range",
                                           "E.hG-C1",
                                           "E.hG-endpoints",
                                           "E.c1-expansion-at-1",
                                           "E.DG-finite",
                                           "E.hG-lower",
                                           "E.hG-upper",
                                           "E.hG-const-G23",
                                           "E.fG-linear-lower",
                                           "E.binom-shift-1",
                                           "E.binom-shift-2",
                                           "E.gamma-centered-form",
                                           "E.gamma-centering",
                                           "E.gamma-degenerate",
                                           "E.gamma-sup-norm",
                                           "E.gamma-l2-formula",
                                           "E.gamma-l2-bound",
                                           "E.hG-le-HG",
                                           "E.gamma-l2-HG",
                                           "E.jac-rank-one",
                                           "E.jac-alpha-beta",
                                           "E.jac-norm-22",
                                           "E.jac-norm-T",
                                           "E.Ltan-sharp",
                                           "E.Hstar",
                                           "E.alpha-beta-bound",
                                           "E.Ltan-bound"};
} // namespace

TEST_CASE("App. E h_G / GRPO score claims hold as stated", "[E]") {
  for (const auto& id : kHolding) {
    const auto r = run_claim(id);
    INFO(id << ": " << dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
    CHECK(holds(r));
  }
}
