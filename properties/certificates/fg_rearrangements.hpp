// properties/certificates/fg_rearrangements.hpp — the rearrangements of App. F and G certificates whose step
// was prose (issue 20 point 5; REARRANGEMENTS.md rows F.h-range, F.f0-value, G.a-l1-lip,
// G.trace-perturb-lump, G.emin-*-formula~nonempty), as typed exact identities in free variables
// (rearrangement_identity: flagged, not counted for the scope). Each factory takes `off`: the same identity
// with a sign-evident term dropped, which the prover must refuse (tests/test_certify_F.cpp, _G.cpp).
#pragma once

#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::fg_rearrangements {

/// σ(x) and σ(−x) with E = e^x free (E > 0): E/(1 + E) and 1/(1 + E).
inline Exact sigma_pos(const Exact& E) {
  return E / (1 + E);
}
inline Exact sigma_neg(const Exact& E) {
  return 1 / (1 + E);
}

/// F.h-range: c − h = (c − 2) + σ(β(log L_𝒞 − ℓ₀)) + σ(β(log L_ℐ − ℓ₀)) with h = g(log L_𝒞) + g(log L_ℐ),
/// g(ℓ) = σ(−β(ℓ − ℓ₀)) (the rule 1 − σ(−x) = σ(x) with E_𝒞, E_ℐ = e^{β(log L − ℓ₀)} free), and the
/// logarithms of two_level_logs for z ≥ 0: exp(−log M − log1p(N e^{−z}/M)) = L_𝒞 = E/(N + ME) and
/// exp(log L_𝒞 − z) = L_ℐ = 1/(N + ME) with E = e^z free. Variables (c, E_𝒞, E_ℐ, M, N, E). `off`: the
/// score's side without its (c − 2).
inline IdentityPiece h_range_rearrangement(bool off = false) {
  return rearrangement_identity(
      "c - h = (c - 2) + sigma(x_C) + sigma(x_I) (1 - sigma(-x) = sigma(x), E = e^x free); two_level_logs: "
      "L_C = 1/(M(1 + N/(E M))) = E/(N + M E), L_I = L_C/E (E = e^z free)",
      6, 2, [off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact &c = x[0], &EC = x[1], &EI = x[2], &M = x[3], &N = x[4], &E = x[5];
        const Exact h = sigma_neg(EC) + sigma_neg(EI);
        const Exact score_side = (off ? Exact(0) : Exact(c - 2)) + sigma_pos(EC) + sigma_pos(EI);
        const Exact LC = 1 / (M * (1 + N / (E * M)));
        return std::vector<Exact>{(c - h) - score_side, LC - E / (N + M * E), LC / E - 1 / (N + M * E)};
      });
}

/// F.f0-value: F(z) − (2 − εz) = h(z) − 2 = −σ(x_𝒞) − σ(x_ℐ), F = h − εz, h = σ(−x_𝒞) + σ(−x_ℐ) (E = e^x
/// free); F(0) = 2 g(log 1/K) = 2σ(β(log K + ℓ₀)) is the same argument (no rule). Variables (E_𝒞, E_ℐ, ε,
/// z). `off`: the score without σ(x_ℐ).
inline IdentityPiece f0_value_rearrangement(bool off = false) {
  return rearrangement_identity(
      "F(z) - (2 - eps z) = -sigma(x_C) - sigma(x_I), F = h - eps z, 1 - sigma(-x) = sigma(x) (E = e^x free)",
      4, 2, [off](const std::vector<Exact>& x, const RationalConstants&) -> Exact {
        const Exact &EC = x[0], &EI = x[1], &eps = x[2], &z = x[3];
        const Exact F = sigma_neg(EC) + sigma_neg(EI) - eps * z;
        return (F - (2 - eps * z)) - (-sigma_pos(EC) - (off ? Exact(0) : sigma_pos(EI)));
      });
}

/// G.a-l1-lip / G.trace-perturb-lump, one lump: with W_k, N_k the masses of the positive and negative
/// entries of d on C_k (Σ_{C_k} d = W_k − N_k, Σ_{C_k} |d| = W_k + N_k > 0) and W = W_k/(W_k + N_k) (the
/// homogeneity scaling to Σ|d| = 1): c Σ|d| − |Σd| = (W_k + N_k)(c − |2W − 1|) in both cases of the absolute
/// value (one component each), so the lump's bound is the score's |2W − 1| ≤ c times a positive factor;
/// summing the lumps' bounds (‖Ad‖₁ = Σ_k |Σ_{C_k} d|, ‖d‖₁ = Σ_k Σ_{C_k}|d|) is an inequality step.
/// Variables (c, W_k, N_k). `off`: Σ_{C_k}|d| read as W_k − N_k.
inline IdentityPiece a_l1_lump_rearrangement(bool off = false) {
  return rearrangement_identity(
      "one lump: c sum|d| - |sum d| = (W_k + N_k)(c - |2W - 1|), W = W_k/(W_k + N_k), both signs of sum d", 3,
      2, [off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact &c = x[0], &Wk = x[1], &Nk = x[2];
        const Exact sum_abs = off ? Exact(Wk - Nk) : Exact(Wk + Nk), sum = Wk - Nk, W = Wk / (Wk + Nk);
        std::vector<Exact> r;
        for (int s : {1, -1}) // |Σd| = s Σd and |2W − 1| = s(2W − 1) (the same sign: W_k + N_k > 0)
          r.push_back((c * sum_abs - Exact(s) * sum) - (Wk + Nk) * (c - Exact(s) * (2 * W - 1)));
        return r;
      });
}

/// G.emin-i/c-formula~nonempty, the slice decomposition: on the slice p_k = δ with class masses M₁, M₂ (the
/// two classes besides k, n₁, n₂ traces), p = M w and log p = log M + log w, so Σ_class p log p = M Σ w log w
/// + M log M (Σ w = 1); then ⟨log p⟩ − log δ − E_min = M₁(Σ w log w + log n₁) + M₂(Σ w log w + log n₂) with
/// E_min = (δ − 1) log δ + M₁ log(M₁/n₁) + M₂ log(M₂/n₂) (as emin_uniform_residual). Variables (δ, L_δ, M₁,
/// L₁ = log M₁, ℓ₁ = log n₁, H₁ = Σ w log w, M₂, L₂, ℓ₂, H₂, w, λ = log w): component 1 the summand p log p =
/// M w (L + λ) affine in (w, wλ) (coefficients M L, M read off), component 2 the decomposition, for every n₁,
/// n₂. `off`: M₂ log n₂ dropped.
inline IdentityPiece emin_slice_rearrangement(bool off = false) {
  return rearrangement_identity(
      "slice decomposition: <log p> - log delta - E_min = sum_classes M (sum w log w + log n), p = M w", 12,
      1, [off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact &delta = x[0], &Ld = x[1], &M1 = x[2], &L1 = x[3], &l1 = x[4], &H1 = x[5], &M2 = x[6],
                    &L2 = x[7], &l2 = x[8], &H2 = x[9], &w = x[10], &lam = x[11];
        auto summand = [](const Exact& M, const Exact& L, const Exact& wj, const Exact& lj) -> Exact {
          return (M * wj) * (L + lj); // p log p, p = M w, log p = log M + log w
        };
        auto class_sum = [&](const Exact& M, const Exact& L, const Exact& H) -> Exact {
          const Exact c1 = summand(M, L, Exact(1), Exact(0)), cl = summand(M, L, Exact(1), Exact(1)) - c1;
          return c1 * 1 + cl * H; // Σ w = 1, Σ w log w = H
        };
        const Exact c1 = summand(M1, L1, Exact(1), Exact(0)), cl = summand(M1, L1, Exact(1), Exact(1)) - c1;
        const Exact mean_log = delta * Ld + class_sum(M1, L1, H1) + class_sum(M2, L2, H2);
        const Exact E = (delta - 1) * Ld + M1 * L1 - M1 * l1 + M2 * L2 - M2 * l2;
        const Exact decomposed = M1 * (H1 + l1) + M2 * (H2 + (off ? Exact(0) : l2));
        return std::vector<Exact>{summand(M1, L1, w, lam) - (c1 * w + cl * w * lam),
                                  mean_log - Ld - E - decomposed};
      });
}

} // namespace dcrv::certify::fg_rearrangements
