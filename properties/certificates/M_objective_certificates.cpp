// Exact certificates of main-text identities (properties/M_objective_equilibria.cpp), by exact rational
// evaluation on product grids (certify/exact_identity.hpp).
//
// M.logratio-ode (eq. log_ratio_ode_maintext_concise): ṗ_i/p_i − ṗ_j/p_j = (φ_i − φ_j) − cε z_ij along eq.
// (1), ṗ = p ⊙ (φ − ⟨p, φ⟩) − ε p ⊙ (log p − ⟨p, log p⟩). The identity holds for every positive p (the
// averages ⟨p, ·⟩ cancel in the difference), every score vector φ and with L_i = log p_i as free variables
// (z_ij = L_i − L_j), so the certificate covers every score field (the claim's φ = U − Kp + w ⊙ log p in
// particular). Times p_i p_j the residual is a polynomial of degree ≤ 2 in each variable.
//
// M.sde-noise-covariance, M.star-score-diff and M.grpo-score-diff-zero (the main text restating App. H's (WF)
// noise and the STaR / GRPO score differences) are certified in H_drift_certificates.cpp, beside the App. H
// certificates whose exact formulas they share.
//
// I.logratio-ode (App. I §Log-ratio dynamics) is the same identity for φ = U − 2λβKp and ε = A.
//
// M.keff-gating: with K_eff = diag(R) K_sem diag(R), R = 1_{first M}: pᵀK_eff p = Σ_{c,c'<M} p_c p_c'
// K_sem(c,c') and (K_eff p)_i = 0 for i ≥ M: polynomial (degree ≤ 2 in each p_k, ≤ 1 in each kernel entry) in
// free p and a free symmetric K_sem (the identity needs neither Σp = 1 nor K_sem ⪰ 0).
//
// A residual collects the components as max |component|: zero ⇔ every component is zero, so each component
// vanishes on the grid, hence identically.
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregates.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace softmax_exact; // XVec, slice, plane_chart, …

// ---------------------------------------------------------------------------------------------------------
// main §4.1, eq. (2): ż_ij = (φ_i − φ_j) − cε z_ij.
// ---------------------------------------------------------------------------------------------------------

/// Why the log-ratio identity holds for every S (aggregates::logratio_linear).
const char* kLogratioReason = "coordinate k of pdot = p (phi - <p, phi>) - eps p (L - <p, L>) is p_k (phi_k "
                              "- Phi - eps (L_k - Lambda)): "
                              "the other coordinates enter pdot_i/p_i - pdot_j/p_j only through Phi = <p, "
                              "phi> and Lambda = <p, L>, free "
                              "in the identity (checked; term by term for S = 2, 3 as well)";

/// Variables (p₁..p_S, φ₁..φ_S, L₁..L_S, ε); every ordered pair i ≠ j.
/// `with_c`: the coefficient of εz_ij is the claim's constant "c" (M.logratio-ode), else 1 (I.logratio-ode).
IdentityPiece logratio_piece(std::size_t S, bool with_c = true) {
  return exact_identity("S = " + std::to_string(S), 3 * S + 1, 2,
                        [S, with_c](const XVec& x, const RationalConstants& k) -> XVec {
                          const Exact c = with_c ? k("c") : Exact(1);
                          const XVec p = slice(x, 0, S), phi = slice(x, S, S), L = slice(x, 2 * S, S);
                          const Exact& eps = x[3 * S];
                          const XVec pdot = linear_drift(phi, eps, p, L); // p ⊙ (φ − ⟨p,φ⟩ − ε(L − ⟨p,L⟩))
                          XVec r;
                          for (std::size_t i = 0; i < S; ++i)
                            for (std::size_t j = 0; j < S; ++j)
                              if (i != j)
                                r.push_back(pdot[i] / p[i] - pdot[j] / p[j] -
                                            (phi[i] - phi[j] - c * eps * (L[i] - L[j])));
                          return r;
                        });
}

DCRV_CERTIFICATE(logratio_ode) {
  Certificate c;
  c.claim = "M.logratio-ode";
  c.domain =
      "every S >= 2 (the aggregate identity; term by term S = 2, 3); every p with positive entries (so every "
      "p in int Delta), every score vector phi in R^S (so every score field), every real eps; every pair i "
      "!= j; no exclusion";
  c.method =
      "log p_i = L_i as free variables (z_ij = L_i - L_j), phi free: pdot_i/p_i - pdot_j/p_j - (phi_i - "
      "phi_j - c eps z_ij) times p_i p_j is a polynomial of degree <= 2 in each variable, zero on a "
      "3^(3S+1) grid hence identically (one component per pair)";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 3; ++S)
    c.identities.push_back(logratio_piece(S));
  aggregates::add_every_dimension(c, {aggregates::logratio_linear(true)}, kLogratioReason);
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// App. I §Log-ratio dynamics (first display): along the SRCT flow ṗ/p = srct_rate = φ_A − ⟨p, φ_A⟩ − A(log p
// − ⟨p, log p⟩), φ_A = U − 2λβKp (β_KL = 0), so ż_ij = (U_i − U_j) − 2λβ((Kp)_i − (Kp)_j) − Az_ij is the
// log-ratio identity above for the score vector φ = φ_A (φ_i − φ_j = (U_i − U_j) − 2λβ((Kp)_i − (Kp)_j) by
// definition) with ε = A and coefficient 1.
DCRV_CERTIFICATE(ideal_logratio_ode) {
  Certificate c;
  c.claim = "I.logratio-ode";
  c.domain =
      "every S >= 2 (the aggregate identity; term by term S = 2, 3); every p with positive entries (so every "
      "p in int Delta), every U, K, lambda beta (the score vector phi_A = U - 2 lambda beta K p is free), "
      "every A; every pair i != j; no exclusion";
  c.method =
      "the rate of dcrv::srct_rate is phi_A - <p, phi_A> - A(L - <p, L>) with L_i = log p_i free and "
      "phi_A free: rate_i - rate_j - (phi_i - phi_j - A z_ij) times p_i p_j is a polynomial of degree <= "
      "2 in each variable, zero on a 3^(3S+1) grid hence identically (the pieces of M.logratio-ode with "
      "eps = A and coefficient 1)";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 3; ++S)
    c.identities.push_back(logratio_piece(S, false));
  aggregates::add_every_dimension(c, {aggregates::logratio_linear(false)}, kLogratioReason);
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// main §5.2 / §6.3: the gated kernel.
// ---------------------------------------------------------------------------------------------------------

/// Variables (p₁..p_S, the upper triangle of K_sem row by row); C = {0, …, M−1}.
IdentityPiece keff_piece(std::size_t S, std::size_t M) {
  return exact_identity("S = " + std::to_string(S) + ", M = " + std::to_string(M), S + S * (S + 1) / 2, 2,
                        [S, M](const XVec& x, const RationalConstants&) -> XVec {
                          const XVec p = slice(x, 0, S);
                          std::vector<XVec> Ks(S, XVec(S));
                          std::size_t at = S;
                          for (std::size_t i = 0; i < S; ++i)
                            for (std::size_t j = i; j < S; ++j)
                              Ks[i][j] = Ks[j][i] = x[at++];
                          XVec R(S, Exact(0));
                          for (std::size_t i = 0; i < M; ++i)
                            R[i] = 1;
                          XVec Kp(S, Exact(0));
                          for (std::size_t i = 0; i < S; ++i)
                            for (std::size_t j = 0; j < S; ++j)
                              Kp[i] += R[i] * Ks[i][j] * R[j] * p[j]; // (diag(R) K_sem diag(R) p)_i
                          Exact q(0);
                          for (std::size_t c = 0; c < M; ++c)
                            for (std::size_t d = 0; d < M; ++d)
                              q += p[c] * p[d] * Ks[c][d];
                          XVec r;
                          Exact pKp(0);
                          for (std::size_t i = 0; i < S; ++i)
                            pKp += p[i] * Kp[i];
                          r.push_back(pKp - q);
                          for (std::size_t i = M; i < S; ++i)
                            r.push_back(Kp[i]);
                          return r;
                        });
}

DCRV_CERTIFICATE(keff_gating) {
  Certificate c;
  c.claim = "M.keff-gating";
  c.domain =
      "every S >= 1 and M in [0, S] (the aggregate identity; term by term S = 1, 2, 3); every p in R^S "
      "(so the closed simplex) and every symmetric K_sem (PSD or not); no exclusion";
  c.method =
      "K_eff = diag(R) K_sem diag(R), R = 1 on the first M coordinates: p^T K_eff p - sum_{c,c' < M} p_c "
      "p_c' K_sem(c,c') and (K_eff p)_i (i >= M) are polynomials of degree <= 2 in each variable (p "
      "and the upper triangle of K_sem free), zero on a 3^(S + S(S+1)/2) grid hence identically";
  for (DimLoop<std::size_t> S(c, "S", 1); S <= 3; ++S)
    for (std::size_t M = 0; M <= S; ++M)
      c.identities.push_back(keff_piece(S, M));
  aggregates::add_every_dimension(
      c, {aggregates::gated_blocks()},
      "R is constant on C (1) and on I (0): (K_eff p)_i = R_i sum_j K_ij R_j p_j = R_I a_i = 0 for i in I, "
      "and "
      "p^T K_eff p = sum_{i,j} R_i R_j p_i p_j K_ij splits into the four block sums Q_CC, Q_CI, Q_IC, Q_II "
      "with weights R_a R_b: only Q_CC survives, for every S and M (block sums free in the identity; "
      "checked; "
      "term by term for S = 1, 2, 3 as well)");
  c.paper = {{"S", 1, kUnbounded}}; // the claim holds for every S >= 1
  return c;
}

} // namespace
} // namespace dcrv::certify
