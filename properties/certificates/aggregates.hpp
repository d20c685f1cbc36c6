// properties/certificates/aggregates.hpp — dimension-free (aggregate) identities (issue 20 point 8, the
// argument of H.face-gap-formula): where a claim's S-dimensional expression is coordinatewise plus a few
// aggregates (⟨p, φ⟩, ⟨p, log p⟩, Σp, block sums, …), the identity in the few coordinates it touches with
// the aggregates as free variables holds for every S. Each factory builds that identity (typed, exact;
// labelled "every S: …"), with the aggregates that the paper sets (Σp = 1 on the simplex, Σv = 0 on T)
// substituted only there; the certificate adds it beside its per-S pieces and a Reduction{text, {"S"}}
// saying why the claim's expression depends on the other coordinates only through those aggregates. Each
// takes `off`: the same identity with one aggregate term changed (a sign flip or a dropped term), which the
// prover must refuse (tests/test_certify_AC.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify::aggregates {

using XV = std::vector<Exact>;
using D1 = Jet<Exact, 1, 1>; // value and one directional derivative, exact

/// log s as a jet: value L (free, standing for log s), derivative s'/s (exact).
inline D1 log_of_jet(const D1& s, const Exact& L) {
  return D1::chain(s, L, Exact(1) / s.v, Exact(-1) / (s.v * s.v));
}

/// The paper's Σp = 1 (the simplex) where a claim uses it; the aggregate P stands for Σ_k p_k.
inline const Exact kMass{1};

// ---------------------------------------------------------------------------------------------------------
// Replicator sums (App. A §A.5, App. I §Setting)
// ---------------------------------------------------------------------------------------------------------

/// Σ_i p_i(F_i − ⟨p, F⟩): each term p_iF_i − p_i⟨p, F⟩ is linear in (p_iF_i, p_i), so the sum is A − A·P with
/// A = ⟨p, F⟩ = Σ p_iF_i and P = Σp_i = 1. Variables (A). `off`: A + A·P.
inline IdentityPiece mass_sum(bool off = false) {
  return exact_identity("every S: sum_i p_i (F_i - <p,F>) = A - A P, A = <p,F>, P = sum p = 1", 1, 2,
                        [off](const XV& x, const RationalConstants&) -> Exact {
                          const Exact& A = x[0];
                          return off ? A + A * kMass : A - A * kMass;
                        });
}

/// Coordinate i of p ⊙ ((F + a1) − ⟨p, F + a1⟩) − p ⊙ (F − ⟨p, F⟩) with ⟨p, F + a1⟩ = A + aP (linearity),
/// P = 1; and the mass sum. Variables (p_i, F_i, a, A). `off`: ⟨p, F + a1⟩ = A − aP.
inline IdentityPiece gauge_coordinate(bool off = false) {
  return exact_identity("every S: p_i((F_i + a) - (A + a P)) - p_i(F_i - A) = 0 and sum_i p_i(F_i - A) = "
                        "A - A P, A = <p,F>, P = 1",
                        4, 2, [off](const XV& x, const RationalConstants&) -> XV {
                          const Exact &p = x[0], &F = x[1], &a = x[2], &A = x[3];
                          const Exact shifted_mean = off ? A - a * kMass : A + a * kMass;
                          return {p * ((F + a) - shifted_mean) - p * (F - A), A - A * kMass};
                        });
}

// ---------------------------------------------------------------------------------------------------------
// Log-ratio identities (main eq. (2), App. C §C.5, App. I §Log-ratio dynamics)
// ---------------------------------------------------------------------------------------------------------

/// ṗ_i/p_i − ṗ_j/p_j − (φ_i − φ_j − cε(L_i − L_j)) with ṗ_k = p_k(φ_k − Φ − ε(L_k − Λ)), Φ = ⟨p, φ⟩, Λ = ⟨p,
/// L⟩ free (every other coordinate enters only through them). Variables (p_i, p_j, φ_i, φ_j, L_i, L_j, ε, Φ,
/// Λ); c = the constant "c" when `with_c`, else 1. `off`: Λ with the wrong sign in ṗ_j.
inline IdentityPiece logratio_linear(bool with_c, bool off = false) {
  return exact_identity("every S: pdot_k = p_k(phi_k - Phi - eps(L_k - Lambda)) for k = i, j, Phi = <p,phi>, "
                        "Lambda = <p,L> free",
                        9, 2, [with_c, off](const XV& x, const RationalConstants& k) -> Exact {
                          const Exact &pi = x[0], &pj = x[1], &fi = x[2], &fj = x[3], &Li = x[4], &Lj = x[5],
                                      &eps = x[6], &Phi = x[7], &Lam = x[8];
                          const Exact c = with_c ? Exact(k("c")) : Exact(1);
                          const Exact di = pi * (fi - Phi - eps * (Li - Lam));
                          const Exact dj = pj * (fj - Phi - eps * (Lj - (off ? -Lam : Lam)));
                          return di / pi - dj / pj - (fi - fj - c * eps * (Li - Lj));
                        });
}

/// F_i/p_i − F_j/p_j − (d_ij − (ψ_i − ψ_j)) with F_k = p_k(φ_k − Φ) − p_k(ψ_k − Ψ) (F = S(p)φ − A E(p), ψ = A
/// log p), Φ = ⟨p, φ⟩, Ψ = ⟨p, ψ⟩ free. Variables (p_i, p_j, φ_i, φ_j, ψ_i, ψ_j, Φ, Ψ). `off`: Ψ dropped from
/// F_j.
inline IdentityPiece logratio_boxed(bool off = false) {
  return exact_identity(
      "every S: F_k = p_k(phi_k - Phi) - p_k(psi_k - Psi) for k = i, j, Phi = <p,phi>, Psi = <p,psi> free", 8,
      2, [off](const XV& x, const RationalConstants&) -> Exact {
        const Exact &pi = x[0], &pj = x[1], &fi = x[2], &fj = x[3], &si = x[4], &sj = x[5], &Phi = x[6],
                    &Psi = x[7];
        const Exact Fi = pi * (fi - Phi) - pi * (si - Psi);
        const Exact Fj = pj * (fj - Phi) - pj * (sj - (off ? Exact(0) : Psi));
        return Fi / pi - Fj / pj - ((fi - fj) - (si - sj));
      });
}

// ---------------------------------------------------------------------------------------------------------
// Selection covariance and entropic Jacobian (App. C §C.3)
// ---------------------------------------------------------------------------------------------------------

/// (S(p)1)_i = p_i − p_i P (row i of diag p − ppᵀ times 1), P = 1; vᵀS(p)v = Q − V² (Q = Σp_iv_i², V =
/// Σp_iv_i) and Σ_i p_i(v_i − V)² = Q − 2V·V + V²P (each term linear in p_iv_i², p_iv_i, p_i). Variables
/// (p_i, Q, V). `off`: the variance with +2V·V.
inline IdentityPiece selection_variance(bool off = false) {
  return exact_identity("every S: (S(p)1)_i = p_i - p_i P; v^T S v = Q - V^2 and Var = Q - 2 V V + V^2 P, "
                        "Q = sum p v^2, V = sum p v, P = 1",
                        3, 2, [off](const XV& x, const RationalConstants&) -> XV {
                          const Exact &p = x[0], &Q = x[1], &V = x[2];
                          const Exact var = Q - (off ? Exact(-2) : Exact(2)) * V * V + V * V * kMass;
                          return {p - p * kMass, (Q - V * V) - var};
                        });
}

/// J_E(p)v, coordinate i, by a jet along v: E_i = p_i(L_i − Λ), Λ = ⟨p, L⟩ a jet with value Λ and derivative
/// W = Σ_j d(p_jL_j) = Σ_j v_j(1 + L_j) (the term's derivative is checked as the second component); minus
/// the formula (1 + L_i − Λ)v_i − p_i⟨1 + L, v⟩. Variables (p_i, L_i, v_i, Λ, W, p_j, L_j, v_j). `off`: the
/// formula with +p_iW.
inline IdentityPiece entropic_jacobian(bool off = false) {
  return exact_identity("every S: d/dt p_i(L_i - Lambda) along v, Lambda' = W = sum_j v_j (1 + L_j) (per "
                        "term d(p_j L_j) = v_j(1 "
                        "+ L_j))",
                        8, 2, [off](const XV& x, const RationalConstants&) -> XV {
                          const Exact &pi = x[0], &Li = x[1], &vi = x[2], &Lam = x[3], &W = x[4], &pj = x[5],
                                      &Lj = x[6], &vj = x[7];
                          D1 p(pi), q(pj), lam(Lam);
                          p.g[0] = vi;
                          q.g[0] = vj;
                          lam.g[0] = W;
                          const D1 E = p * (log_of_jet(p, Li) - lam), term = q * log_of_jet(q, Lj);
                          const Exact formula = (1 + Li - Lam) * vi - (off ? -pi : pi) * W;
                          return {E.g[0] - formula, term.g[0] - vj * (1 + Lj)};
                        });
}

// ---------------------------------------------------------------------------------------------------------
// Quadratic (Lyapunov) identities (App. A §A.6–A.7, App. C §C.9)
// ---------------------------------------------------------------------------------------------------------

/// With ṗ_i = p_i(g_i − ḡ): the terms g_iṗ_i, ṗ_i²/p_i and p_i(g_i − ḡ)² are linear in (p_ig_i², p_ig_i, p_i)
/// with coefficients in ḡ, so Σ_i g_iṗ_i = Q − ḡG, Σ_i p_i(g_i − ḡ)² = Q − 2ḡG + ḡ²P (Q = Σp_ig_i², G =
/// Σp_ig_i = ḡ, P = 1), and ṗ_i²/p_i = p_i(g_i − ḡ)² termwise. Variables (p_i, g_i, ḡ, Q). `off`: the
/// variance's cross term with +2ḡG.
inline IdentityPiece replicator_quadratic(bool off = false) {
  return exact_identity("every S: sum g pdot = Q - gbar G, sum p (g - gbar)^2 = Q - 2 gbar G + gbar^2 P, "
                        "pdot_i^2/p_i = p_i (g_i - gbar)^2; G = gbar, P = 1",
                        4, 2, [off](const XV& x, const RationalConstants&) -> XV {
                          const Exact &p = x[0], &g = x[1], &gbar = x[2], &Q = x[3];
                          const Exact& G = gbar; // G = Σ p_i g_i is ḡ by definition
                          const Exact var = Q - (off ? Exact(-2) : Exact(2)) * gbar * G + gbar * gbar * kMass;
                          const Exact pdot = p * (g - gbar);
                          return {(Q - gbar * G) - var, pdot * pdot / p - p * (g - gbar) * (g - gbar)};
                        });
}

/// F_i = p_i(φ_i − Φ) − p_i(ψ_i − Ψ) = p_i(g_i − ḡ) with g = φ − ψ and ḡ = Φ − Ψ = ⟨p, φ − ψ⟩ (linearity):
/// the boxed SRCT drift is a replicator field of g, so replicator_quadratic applies. Variables (p_i, φ_i,
/// ψ_i, Φ, Ψ). `off`: ḡ = Φ + Ψ.
inline IdentityPiece boxed_is_replicator(bool off = false) {
  return exact_identity("every S: F_i = p_i(phi_i - Phi) - p_i(psi_i - Psi) = p_i(g_i - gbar), g = phi - "
                        "psi, gbar = Phi - Psi",
                        5, 2, [off](const XV& x, const RationalConstants&) -> Exact {
                          const Exact &p = x[0], &f = x[1], &s = x[2], &Phi = x[3], &Psi = x[4];
                          const Exact gbar = off ? Phi + Psi : Phi - Psi;
                          return (p * (f - Phi) - p * (s - Psi)) - p * ((f - s) - gbar);
                        });
}

/// Shahshahani gradient, coordinate i: w_iv_i/p_i − F_iv_i = −Ev_i with w_i = p_i(F_i − E), E = ⟨p, F⟩;
/// summed, g_p(w, v) − ⟨F, v⟩ = −E·V₀ with V₀ = Σv_i = 0 on T. Variables (p_i, F_i, v_i, E). `off`: the term
/// without its −E v_i.
inline IdentityPiece shahshahani_coordinate(bool off = false) {
  return exact_identity(
      "every S: w_i v_i/p_i - F_i v_i = -E v_i (w = p(F - E)); summed -E V0, V0 = sum v = 0 "
      "on T",
      4, 2, [off](const XV& x, const RationalConstants&) -> XV {
        const Exact &p = x[0], &F = x[1], &v = x[2], &E = x[3];
        const Exact V0(0); // v ∈ T
        const Exact w = p * (F - E);
        return {w * v / p - F * v - (off ? Exact(0) : Exact(-E * v)), E * V0};
      });
}

// ---------------------------------------------------------------------------------------------------------
// The SRCT objective (App. A §A.5–A.6, App. C §C.2)
// ---------------------------------------------------------------------------------------------------------

/// Which formula the coordinate gradient is compared with.
enum class SrctGradient {
  C,   // C.variational-derivative: U_i − cλβ(Kp)_i + β_KL log p_base,i − A(1 + log p_i) (c a constant)
  C2,  // the same with c = 2 (C.srct-ode-form)
  A,   // A.instantiation: U_i − 2λβ(Kp)_i − (λα+ε)(1+log p_i) − β_KL(1 + log(p_i/p_base,i))
  flow // A.jtilde-flow-score: ∂J/∂p_i − ε(1 + log p_i) (J without εH) against ∂J̃/∂p_i
};

/// ∂J̃/∂p_i by a jet in p_i with every other coordinate fixed: J̃ = Σ_k [U_kp_k − (λα + ε)p_kL_k − β_KL p_k(L_k
/// − Lb_k)] − λβ pᵀKp, and as a function of p_i, pᵀKp = K_ii p_i² + 2p_i m_i + (terms without p_i), m_i =
/// Σ_{k≠i} K_ik p_k (K symmetric), so (Kp)_i = K_ii p_i + m_i; the other coordinates' terms are constant in
/// p_i. Variables (p_i, L_i, Lb_i, U_i, K_ii, m_i, λα, λβ, β_KL, ε). `off`: (Kp)_i without m_i.
inline IdentityPiece srct_gradient(SrctGradient which, bool off = false) {
  return exact_identity(
      "every S: dJ~/dp_i by a jet in p_i, (Kp)_i = K_ii p_i + m_i, m_i = sum_{k != i} K_ik p_k free", 10, 2,
      [which, off](const XV& x, const RationalConstants& k) -> Exact {
        const Exact &pv = x[0], &L = x[1], &Lb = x[2], &U = x[3], &Kii = x[4], &m = x[5], &alpha = x[6],
                    &beta = x[7], &bkl = x[8], &eps = x[9];
        const D1 p = D1::variable(pv, 0), lg = log_of_jet(p, L);
        const D1 quad = Kii * p * p + Exact(2) * m * p;                              // the p_i-part of pᵀKp
        const D1 J = U * p - alpha * p * lg - beta * quad - bkl * p * (lg - D1(Lb)); // J, without εH
        const D1 Jt = J - eps * p * lg;
        const Exact Kp = off ? Exact(Kii * pv) : Exact(Kii * pv + m), A = alpha + eps + bkl;
        switch (which) {
        case SrctGradient::C:
        case SrctGradient::C2: {
          const Exact c = which == SrctGradient::C ? Exact(k("c")) : Exact(2);
          return Jt.g[0] - (U - c * beta * Kp + bkl * Lb - A * (1 + L));
        }
        case SrctGradient::A:
          return Jt.g[0] - (U - 2 * beta * Kp - (alpha + eps) * (1 + L) - bkl * (1 + L - Lb));
        case SrctGradient::flow:
          return (J.g[0] - eps * (1 + L)) - Jt.g[0] + (off ? Exact(m) : Exact(0));
        }
        return Exact(0);
      });
}

/// The log-ratio of ṗ = p ⊙ (g − ḡ): ṗ_i/p_i − ṗ_j/p_j = g_i − g_j, ḡ = ⟨p, g⟩ free. Variables (p_i, p_j,
/// g_i, g_j, ḡ). `off`: ṗ_j = p_j(g_j + ḡ).
inline IdentityPiece replicator_logratio(bool off = false) {
  return exact_identity("every S: pdot_i/p_i - pdot_j/p_j = g_i - g_j, pdot = p(g - gbar), gbar free", 5, 2,
                        [off](const XV& x, const RationalConstants&) -> Exact {
                          const Exact &pi = x[0], &pj = x[1], &gi = x[2], &gj = x[3], &gbar = x[4];
                          const Exact di = pi * (gi - gbar), dj = pj * (gj - (off ? -gbar : gbar));
                          return di / pi - dj / pj - (gi - gj);
                        });
}

/// A.logratio-ode-contraction from the coordinate gradients: g_i − g_j with g_k = U_k − 2λβ k_k − (λα + ε)(1
/// + L_k) − β_KL(1 + L_k − Lb_k) ((Kp)_k = k_k free) equals −c_A A(L_i − L_j) + c_ij, A = λα + ε + β_KL, c_ij
/// = (U_i − U_j) − 2λβ(k_i − k_j) + β_KL(Lb_i − Lb_j). Variables (U_i, U_j, k_i, k_j, L_i, L_j, Lb_i, Lb_j,
/// λα, λβ, β_KL, ε). `off`: c_ij without its β_KL term.
inline IdentityPiece srct_gradient_difference(bool off = false) {
  return exact_identity(
      "every S: g_i - g_j = -c_A A (L_i - L_j) + c_ij from the coordinate gradients", 12, 1,
      [off](const XV& x, const RationalConstants& k) -> Exact {
        const Exact &Ui = x[0], &Uj = x[1], &ki = x[2], &kj = x[3], &Li = x[4], &Lj = x[5], &Bi = x[6],
                    &Bj = x[7], &alpha = x[8], &beta = x[9], &bkl = x[10], &eps = x[11];
        const auto g = [&](const Exact& U, const Exact& kk, const Exact& L, const Exact& B) {
          return U - 2 * beta * kk - (alpha + eps) * (1 + L) - bkl * (1 + L - B);
        };
        const Exact A = alpha + eps + bkl;
        const Exact cij = (Ui - Uj) - 2 * beta * (ki - kj) + (off ? Exact(0) : bkl * (Bi - Bj));
        return g(Ui, ki, Li, Bi) - g(Uj, kj, Lj, Bj) - (-k("c_A") * A * (Li - Lj) + cij);
      });
}

/// C.srct-ode-form: with g_i = φ_i − A(1 + L_i) (the coordinate gradient, c = 2), ḡ = ⟨p, g⟩ = Φ − A(P + Λ)
/// (linearity), F_i = p_i(φ_i − Φ) − Ap_i(L_i − Λ): (g_i − ḡ) − F_i/p_i = 0, and ΣF = Φ − ΦP − A(Λ − ΛP) = 0,
/// P = 1. Variables (p_i, φ_i, L_i, Φ, Λ, A). `off`: ḡ without its −AP.
inline IdentityPiece srct_ode_form(bool off = false) {
  return exact_identity(
      "every S: (g_i - gbar) - F_i/p_i with gbar = Phi - A(P + Lambda), sum F = Phi - Phi P "
      "- A(Lambda - Lambda P), P = 1",
      6, 2, [off](const XV& x, const RationalConstants&) -> XV {
        const Exact &p = x[0], &f = x[1], &L = x[2], &Phi = x[3], &Lam = x[4], &A = x[5];
        const Exact g = f - A * (1 + L);
        const Exact gbar = Phi - A * ((off ? Exact(0) : kMass) + Lam);
        const Exact F = p * (f - Phi) - A * p * (L - Lam);
        return {(g - gbar) - F / p, Phi - Phi * kMass - A * (Lam - Lam * kMass)};
      });
}

/// C.mass-balance at a positive r: each F_i = r_i(φ_i − Φ) − Ar_i(L_i − Λ) (Φ = ⟨r, φ⟩, Λ = ⟨r, L⟩, no
/// normalisation) is linear in (r_iφ_i, r_i, r_iL_i), so ΣF = Φ − ΦR − A(Λ − ΛR) with R = Σr free; minus (Φ −
/// AΛ)(1 − R). Variables (Φ, Λ, R, A). `off`: ΣF without −ΦR.
inline IdentityPiece srct_mass_balance(bool off = false) {
  return exact_identity("every S: sum F(r) = Phi - Phi R - A(Lambda - Lambda R), R = sum r free", 4, 1,
                        [off](const XV& x, const RationalConstants&) -> Exact {
                          const Exact &Phi = x[0], &Lam = x[1], &R = x[2], &A = x[3];
                          const Exact sum = Phi - (off ? Exact(0) : Phi * R) - A * (Lam - Lam * R);
                          return sum - (Phi - A * Lam) * (1 - R);
                        });
}

// ---------------------------------------------------------------------------------------------------------
// Block sums (main §5.2, App. I §Block-constant kernels)
// ---------------------------------------------------------------------------------------------------------

/// M.keff-gating: with R = 1 on C and 0 on I, (K_eff p)_i = R_i a_i (a_i = Σ_j K_ij R_j p_j free) is 0 for i
/// ∈ I, and pᵀK_eff p = Σ_{i,j} R_iR_j p_ip_jK_ij splits into the block sums Q_CC, Q_CI, Q_IC, Q_II (free)
/// with weights R_C², R_CR_I, R_IR_C, R_I². Variables (a_i, Q_CC, Q_CI, Q_IC, Q_II). `off`: the weight of
/// Q_CI is 1.
inline IdentityPiece gated_blocks(bool off = false) {
  return exact_identity("every S: (K_eff p)_i = R_I a_i = 0 on I; p^T K_eff p = sum of the block sums times "
                        "R_a R_b, R_C = 1, R_I = 0",
                        5, 1, [off](const XV& x, const RationalConstants&) -> XV {
                          const Exact &a = x[0], &Qcc = x[1], &Qci = x[2], &Qic = x[3], &Qii = x[4];
                          const Exact RC(1), RI(0);
                          const Exact wci = off ? Exact(1) : Exact(RC * RI);
                          return {RI * a, RC * RC * Qcc + wci * Qci + RI * RC * Qic + RI * RI * Qii - Qcc};
                        });
}

/// I.block-gap-formula: row c ∈ C of a block-constant K times p⋆ is κ_CC Σ_C p⋆ + κ_CI Σ_I p⋆ (every row of a
/// class is the same, so Kp⋆ is constant on C and on I), row i ∈ I is κ_CI Σ_C p⋆ + κ_II Σ_I p⋆, with Σ_C p⋆
/// = M·(1 − Nδ)/M and Σ_I p⋆ = Nδ, M, N free reals. Variables (κ_CC, κ_II, κ_CI, δ, M, N). `off`: κ_II and
/// κ_CI swapped in row i.
inline IdentityPiece block_gap(bool off = false) {
  return exact_identity("every S: (K p*)_c - (K p*)_i from the class sums M (1 - N delta)/M and N delta", 6,
                        2, [off](const XV& x, const RationalConstants&) -> Exact {
                          const Exact &kcc = x[0], &kii = x[1], &kci = x[2], &d = x[3], &M = x[4], &N = x[5];
                          const Exact sC = M * ((1 - N * d) / M), sI = N * d;
                          const Exact rowC = kcc * sC + kci * sI;
                          const Exact rowI = off ? Exact(kii * sC + kci * sI) : Exact(kci * sC + kii * sI);
                          return rowC - rowI - ((kcc - kci) * (1 - N * d) + (kci - kii) * N * d);
                        });
}

// ---------------------------------------------------------------------------------------------------------
// Termwise signs: a sum of terms each of one sign has that sign for every S
// ---------------------------------------------------------------------------------------------------------

/// p (g − ḡ)² ≥ 0 for one term: p ∈ [0, 1] (a coordinate of the closed simplex), d = g − ḡ ∈ [−1, 1] (the
/// term is homogeneous of degree 2 in d, so the cube covers every real d). Score −p d².
inline Piece variance_term_piece() {
  return make_piece<2>("every S: one term p_i (g_i - gbar)^2 >= 0",
                       {{Interval(0.0, 1.0), Interval(-1.0, 1.0)}},
                       [](const auto& x, const Constants&) { return -(x[0] * square(x[1])); });
}

/// One term of the metric comparison, times its positive denominator: lower, p(‖w‖² − g_p(w, w)) termwise =
/// w²(p − 1) ≤ 0; upper, p·m(w²/p − w²/m) = w²(m − p) ≤ 0 with 0 < m = min p ≤ p, read as m = t p, t ∈ [0, 1]
/// (homogeneous of degree 2 in w: w ∈ [−1, 1]). Raw (p, w) or (p, w, t).
inline Piece metric_term_piece(bool upper) {
  if (!upper)
    return make_piece<2>("every S: one term w_i^2 (p_i - 1) <= 0",
                         {{Interval(0.0, 1.0), Interval(-1.0, 1.0)}},
                         [](const auto& x, const Constants&) { return square(x[1]) * (x[0] - 1); });
  return make_piece<3>("every S: one term w_i^2 (min p - p_i) <= 0, min p = t p_i",
                       {{Interval(0.0, 1.0), Interval(-1.0, 1.0), Interval(0.0, 1.0)}},
                       [](const auto& x, const Constants&) { return square(x[1]) * (x[0] * (x[2] - 1)); });
}

/// The cleared form of metric_term_piece, exact (a rearrangement): lower, p(w² − w²/p) = w²(p − 1); upper,
/// p·m(w²/p − w²/m) = w²(m − p) at m = t p. Variables (p, w[, t]). `off`: the score without its −1 (lower) or
/// −p (upper).
inline IdentityPiece metric_term_rearrangement(bool upper, bool off = false) {
  if (!upper)
    return rearrangement_identity("every S: p_i (w_i^2 - w_i^2/p_i) = w_i^2 (p_i - 1)", 2, 3,
                                  [off](const XV& x, const RationalConstants&) -> Exact {
                                    const Exact &p = x[0], &w = x[1];
                                    return p * (w * w - w * w / p) - w * w * (off ? p : p - 1);
                                  });
  return rearrangement_identity("every S: p_i m (w_i^2/p_i - w_i^2/m) = w_i^2 (m - p_i), m = t p_i", 3, 3,
                                [off](const XV& x, const RationalConstants&) -> Exact {
                                  const Exact &p = x[0], &w = x[1], &t = x[2], m = t * p;
                                  return p * m * (w * w / p - w * w / m) - w * w * (off ? m : m - p);
                                });
}

/// A.single-site-equality's bounds through aggregates (a rearrangement): with D_i = d_i², Var = Σp_iD_i, the
/// argmax k (D = D_k) and R = Σ_{i≠k} p_iD_i: Σ_i p_i(D_i − D_k) = Var − D_k·P (P = 1), and m·D_k − Var = (m
/// − p_k)D_k − R with Var = p_kD_k + R. The terms p_i(D_i − D_k) ≤ 0 are p_i·(t − 1)D_k (D_i = tD_k, t ∈ [0,
/// 1]), the form of metric_term_piece's upper term; (m − p_k)D_k ≤ 0 likewise and −p_iD_i ≤ 0 is
/// variance_term_piece. Variables (Var, D_k, p_k, m, R). `off`: the lower form without −R.
inline IdentityPiece variance_bound_forms(bool off = false) {
  return rearrangement_identity(
      "every S: sum_i p_i (D_i - D_k) = Var - D_k P; m D_k - Var = (m - p_k) D_k - R, "
      "Var = p_k D_k + R",
      5, 2, [off](const XV& x, const RationalConstants&) -> XV {
        const Exact &var = x[0], &D = x[1], &pk = x[2], &m = x[3], &R = x[4];
        const Exact v = pk * D + R; // Var split at the argmax k
        return {(var - D * kMass) - (var - D), (m * D - v) - ((m - pk) * D - (off ? Exact(0) : R))};
      });
}

// ---------------------------------------------------------------------------------------------------------
// Cleared forms per S (issue 20 point 5; REARRANGEMENTS.md): the step from the paper's bound to a piece's
// score
// ---------------------------------------------------------------------------------------------------------

using softmax_exact::dot;
using softmax_exact::plane_chart;
using softmax_exact::slice;

/// The cleared form of metric_comparison_piece, exact (issue 20 point 5): Πp(‖w‖² − g_p(w, w)) = Σ_i w_i²(p_i
/// − 1)Π_{j≠i}p_j, and, per case m = p_k (the argmin k), m Πp(g_p(w, w) − ‖w‖²/m) = Σ_i w_i²(m −
/// p_i)Π_{j≠i}p_j; the score's m − p_i = min(0, min_{j≠i}(p_j − p_i)) is p_k − p_i in that case (0 for i =
/// k). Both sides are linear in each w_i², so W_i = w_i² are the variables: (p_1..p_S free positive,
/// W_1..W_S); a polynomial of degree ≤ 2 in each. `off`: the score without the −1 (lower) / with m − p_i → m.
inline IdentityPiece metric_comparison_rearrangement(std::size_t S, bool upper, bool off = false) {
  return rearrangement_identity(
      softmax_exact::s_label(S) +
          (upper ? ": m prod p (g_p(w,w) - |w|^2/m) = sum w_i^2 (m - p_i) prod_{j != "
                   "i} p_j per argmin m = p_k"
                 : ": prod p (|w|^2 - g_p(w,w)) = sum w_i^2 (p_i - 1) prod_{j != i} p_j"),
      2 * S, 2, [S, upper, off](const XV& x, const RationalConstants&) -> XV {
        const XV p = slice(x, 0, S), W = slice(x, S, S); // W_i = w_i^2
        Exact prod(1), g(0), n2(0);
        for (std::size_t i = 0; i < S; ++i) {
          prod *= p[i];
          g += W[i] / p[i];
          n2 += W[i];
        }
        const auto others = [&](std::size_t i) {
          Exact t(1);
          for (std::size_t j = 0; j < S; ++j)
            if (j != i)
              t *= p[j];
          return t;
        };
        XV r;
        if (!upper) {
          Exact score(0);
          for (std::size_t i = 0; i < S; ++i)
            score += W[i] * (off ? p[i] : p[i] - 1) * others(i);
          r.push_back(prod * (n2 - g) - score);
          return r;
        }
        for (std::size_t k = 0; k < S; ++k) { // the case min p = p_k
          const Exact& m = p[k];
          Exact score(0);
          for (std::size_t i = 0; i < S; ++i)
            score += W[i] * (off ? m : m - p[i]) * others(i);
          r.push_back(m * prod * (g - n2 / m) - score);
        }
        return r;
      });
}

/// The forms of variance_bounds_piece, exact (issue 20 point 5), with D_i = d_i² free (both sides are linear
/// in each d_i²) and p on the plane Σp = 1: per case max_j d_j² = D_k, the score's Σ_i p_i(D_i − D_k) equals
/// Var − max d²; per case (max d² = D_k, min p = p_l), the score's term j = k, D_k(p_l − p_k) − Σ_{i≠k}
/// p_iD_i, equals min p·max d² − Var (the score is the max over j, so it is ≥ that term). Variables
/// (x_1..x_{S−1}, D_1..D_S); degree ≤ 1 in each. `off`: the upper form without −D_k.
inline IdentityPiece variance_bounds_rearrangement(std::size_t S, bool off = false) {
  return rearrangement_identity(softmax_exact::s_label(S) +
                                    ": sum p_i (D_i - D_k) = Var - max d^2 and D_k (min p - p_k) - sum_{i != "
                                    "k} p_i D_i = min p max d^2 - "
                                    "Var per case (argmax k, argmin l)",
                                2 * S - 1, 1, [S, off](const XV& x, const RationalConstants&) -> XV {
                                  const XV p = plane_chart(x, S), D = slice(x, S - 1, S);
                                  const Exact var = dot(p, D);
                                  XV r;
                                  for (std::size_t k = 0; k < S; ++k) {
                                    Exact upper(0);
                                    for (std::size_t i = 0; i < S; ++i)
                                      upper += p[i] * (D[i] - (off ? Exact(0) : D[k]));
                                    r.push_back(upper - (var - D[k]));
                                    for (std::size_t l = 0; l < S; ++l) {
                                      Exact lower = D[k] * (p[l] - p[k]);
                                      for (std::size_t i = 0; i < S; ++i)
                                        if (i != k)
                                          lower -= p[i] * D[i];
                                      r.push_back(lower - (p[l] * D[k] - var));
                                    }
                                  }
                                  return r;
                                });
}

/// C.BD-coarse-sufficient's vertex step, at size K (i = 1, σ_1 = 1; σ_1 = −1 is its negation): for every set
/// B ∌ 1 with σ_j = −1 on B and +1 elsewhere, σ_1 − pᵀσ = 2Σ_{j∈B} p_j on the plane Σp = 1 (one component per
/// B). Variables (x_1..x_{K−1}); degree 1. `off`: 2Σ_B p_j replaced by Σ_B p_j.
inline IdentityPiece bd_vertex_rearrangement(std::size_t K, bool off = false) {
  return rearrangement_identity(
      "K = " + std::to_string(K) +
          ": sigma_1 - p^T sigma = 2 sum_{j in B} p_j for every vertex sigma, B = {j : "
          "sigma_j != sigma_1}",
      K - 1, 1, [K, off](const XV& x, const RationalConstants&) -> XV {
        const XV p = plane_chart(x, K);
        XV r;
        for (unsigned mask = 0; mask < (1u << (K - 1)); ++mask) { // B ⊆ {2..K}
          Exact dot_sigma(0), sB(0);
          for (std::size_t j = 0; j < K; ++j) {
            const bool in_b = j > 0 && (mask & (1u << (j - 1)));
            dot_sigma += in_b ? Exact(-p[j]) : p[j];
            if (in_b)
              sB += p[j];
          }
          r.push_back((1 - dot_sigma) - (off ? sB : 2 * sB));
        }
        return r;
      });
}

/// The same for every K through aggregates: pᵀσ = σ_1(P − s_B) − σ_1 s_B with s_B = Σ_B p_j and P = Σp = 1,
/// so σ_1 − pᵀσ = 2σ_1 s_B. Variables (σ_1, s_B). `off`: pᵀσ = σ_1(P − s_B) + σ_1 s_B.
inline IdentityPiece bd_vertex_every_k(bool off = false) {
  return rearrangement_identity(
      "every K: sigma_1 - p^T sigma = 2 sigma_1 s_B, p^T sigma = sigma_1 (P - s_B) - "
      "sigma_1 s_B, P = 1",
      2, 2, [off](const XV& x, const RationalConstants&) -> Exact {
        const Exact &sigma = x[0], &sB = x[1];
        const Exact dot_sigma = sigma * (kMass - sB) + (off ? sigma * sB : -sigma * sB);
        return (sigma - dot_sigma) - 2 * sigma * sB;
      });
}

/// The face term through the mean, exact: δ⋆Σφ + (1 − Kδ⋆)φ_j = vφ̄ + (1 − v)φ_j with δ⋆ = v/K and φ̄ = Σφ/K
/// (Σφ = Kφ̄). Variables (v, φ̄, φ_j, K); degree ≤ 2. `off`: (1 − Kδ⋆) read as (1 − δ⋆).
inline IdentityPiece face_mean_rearrangement(bool off = false) {
  return rearrangement_identity("every K: delta* sum phi + (1 - K delta*) phi_j = v phibar + (1 - v) phi_j, "
                                "delta* = v/K, sum phi = K phibar",
                                4, 2, [off](const XV& x, const RationalConstants&) -> Exact {
                                  const Exact &v = x[0], &mean = x[1], &fj = x[2], &K = x[3];
                                  const Exact delta = v / K, sum = K * mean;
                                  return (delta * sum + (1 - (off ? delta : K * delta)) * fj) -
                                         (v * mean + (1 - v) * fj);
                                });
}

/// The stick-breaking step of C.BD-coarse-sufficient's vertex piece: with B's m coordinates first, p_j = u_j
/// Π_{k<j}(1 − u_k), so Σ_{j<m} p_j = 1 − Π_{k<m}(1 − u_k) (telescoping). Variables (u_0..u_{m−1}); degree 1.
/// `off`: the sum without its last term.
inline IdentityPiece bd_stick_rearrangement(std::size_t m, bool off = false) {
  return rearrangement_identity(
      "|B| = " + std::to_string(m) +
          ": sum_{j in B} p_j = 1 - prod_{k < m} (1 - u_k) (stick-breaking, B first)",
      m, 1, [m, off](const XV& u, const RationalConstants&) -> Exact {
        Exact rest(1), sum(0);
        for (std::size_t j = 0; j < m; ++j) {
          if (!(off && j + 1 == m))
            sum += rest * u[j];
          rest *= 1 - u[j];
        }
        return sum - (1 - rest);
      });
}

/// One term of a minimum or a sum over the coordinates whose sign needs only the coordinate itself and the
/// floor/minimum: `kind` "floor": min{δ⋆ − p_i, 0} ≤ 0 (A.eff-floor-is-floor: max{p_i, δ⋆} ≥ δ⋆), raw (p_i,
/// δ⋆) ∈ [0, 1]² (δ⋆ read as the parameter delta*); "gap": min p − p_j = (t − 1)p_j ≤ 0 with min p = t p_j,
/// raw (p_j, t) ∈ [0, 1]²; "trim": −w_i(p_i − δ⋆) ≤ 0 with p_i − δ⋆ = s ≥ 0 (the trimmed simplex), raw (w_i,
/// s) ∈ [0, 1]² (homogeneous of degree 1 in w_i and in s); "slack": (c − 1)δ⋆ ≤ 0, raw δ⋆ ∈ [0, 1] (the
/// constant c).
inline Piece coordinate_term_piece(const std::string& kind) {
  const Box unit2{Interval(0.0, 1.0), Interval(0.0, 1.0)};
  if (kind == "floor")
    return with_param(make_piece<2>("every S: one term min{delta* - p_i, 0} <= 0", {unit2},
                                    [](const auto& x, const Constants&) {
                                      using X = std::decay_t<decltype(x[0])>;
                                      return min(x[1] - x[0], X(0));
                                    }),
                      "delta*", 1);
  if (kind == "gap")
    return make_piece<2>("every K: one term min p - p_j = (t - 1) p_j <= 0", {unit2},
                         [](const auto& x, const Constants&) { return (x[1] - 1) * x[0]; });
  if (kind == "trim")
    return make_piece<2>("every K: one term -w_i (p_i - delta*) <= 0, p_i - delta* = s >= 0", {unit2},
                         [](const auto& x, const Constants&) { return -(x[0] * x[1]); });
  return make_piece<1>("every K: (c - 1) delta* <= 0", {{Interval(0.0, 1.0)}},
                       [](const auto& x, const Constants& k) {
                         using X = std::decay_t<decltype(x[0])>;
                         return X(k("c") - 1) * x[0];
                       });
}

/// A.eff-floor-is-floor through one coordinate (a rearrangement): with D = Σ_j max{p_j, δ⋆} > 0 free, per
/// case of coordinate i (p_i ≥ δ⋆, p_i ≤ δ⋆), D(δ⋆/D − max{p_i, δ⋆}/D) = min{δ⋆ − p_i, 0}. Variables (p_i,
/// δ⋆, D). `off`: the active case's term with +p_i.
inline IdentityPiece floor_term_form(bool off = false) {
  return rearrangement_identity(
      "every S: D (delta*/D - m_i/D) = min{delta* - p_i, 0} in both cases of m_i = max(p_i, delta*)", 3, 2,
      [off](const XV& x, const RationalConstants&) -> XV {
        const Exact &p = x[0], &ds = x[1], &D = x[2];
        return {D * (ds / D - p / D) - (off ? ds + p : ds - p), D * (ds / D - ds / D)};
      });
}

/// C.degenerate-floor for every K: L_K(1/K) = (1 − 1/K) log R with R = (1 − δ)/((K − 1)δ) = 1 at δ = 1/K for
/// every real K (log 1 = 0); and, with the argmax k, m = min p and Σ_{j≠k} p_j = P − p_k (P = 1), (p_k − 1/K)
/// − (K − 1)(1/K − m) = −Σ_{j≠k}(p_j − m) = −((P − p_k) − (K − 1)m). Variables (K, p_k, m). `off`: the sum
/// without −(K − 1)m.
inline IdentityPiece degenerate_floor_every_k(bool off = false) {
  return exact_identity(
      "every K: R(1/K) = 1; max p - 1/K - (K - 1)(1/K - min p) = -sum_{j != k} (p_j - min p)", 3, 2,
      [off](const XV& x, const RationalConstants&) -> XV {
        const Exact &K = x[0], &pk = x[1], &m = x[2];
        const Exact d = 1 / K;
        const Exact terms = (kMass - pk) - (off ? Exact(0) : Exact((K - 1) * m));
        return {(1 - d) / ((K - 1) * d) - 1, (pk - d) - (K - 1) * (d - m) + terms};
      });
}

/// C.safe-denominators for every K (a rearrangement): c δ⋆ W − Σ_i w_i p_i = (c − 1)δ⋆W − Σ_i w_i(p_i − δ⋆),
/// each term linear in (w_ip_i, w_i): through WP = Σ w_ip_i and W = Σ w_i = 1 (‖w‖₁ = 1 by homogeneity).
/// Variables (δ⋆, WP, c). `off`: the right side without −δ⋆W inside the sum.
inline IdentityPiece safe_denominator_every_k(bool off = false) {
  return rearrangement_identity(
      "every K: c delta* W - w^T p = (c - 1) delta* W - sum_i w_i (p_i - delta*), W = 1", 3, 1,
      [off](const XV& x, const RationalConstants&) -> Exact {
        const Exact &ds = x[0], &WP = x[1], &c = x[2];
        const Exact sum = WP - (off ? Exact(0) : Exact(ds * kMass));
        return (c * ds * kMass - WP) - ((c - 1) * ds * kMass - sum);
      });
}

/// A.eff-floor-interval for every S, with T = Σ_j max{0, δ⋆ − p_j} (so Σ_j max{p_j, δ⋆} = P + T, P = 1), n =
/// S − 1 and the constants c (c_den or c_up) free — the steps of its dimension-free pieces (rearrangements),
/// one component each: (1) per case of one coordinate, δ⋆ − max{0, δ⋆ − p} = min{δ⋆, p}; (2) lower end, some
/// p_k ≥ δ⋆ (its term 0, U = the other terms): (P + T) − 1 − cnδ⋆ = (1 − c)nδ⋆ − Σ_{j≠k} min{δ⋆, p_j}, with
/// Σ_{j≠k} min{δ⋆, p_j} = nδ⋆ − U; (3) lower end, every p_j < δ⋆: T = (n + 1)δ⋆ − P and ((P + T) − 1 −
/// cnδ⋆)/n = (1 − c)δ⋆ + r(δ⋆ − 1), r = 1/n; (4) upper end, (1 − c(P + T))(1 − τ) = (1 − τ) − c at T = τ/(1 −
/// τ). Variables (p, δ⋆, U, n, c, τ). `off`: (2) without its −Σ min term's nδ⋆.
inline IdentityPiece eff_floor_interval_every_s(bool off = false) {
  return rearrangement_identity(
      "every S: the lower end per case (some p_k >= delta*, every p_j < delta*) and the upper end through T "
      "= "
      "sum_j max{0, delta* - p_j}, n = S - 1, tau = T/(1 + T)",
      6, 3, [off](const XV& x, const RationalConstants&) -> XV {
        const Exact &p = x[0], &ds = x[1], &U = x[2], &n = x[3], &c = x[4], &tau = x[5];
        const Exact mins = (off ? Exact(0) : Exact(n * ds)) - U; // Σ_{j≠k} min{δ⋆, p_j}
        const Exact all_below = (n + 1) * ds - kMass, T = tau / (1 - tau);
        return {(ds - (ds - p)) - p, (ds - Exact(0)) - ds,
                ((kMass + U) - 1 - c * n * ds) - ((1 - c) * n * ds - mins),
                ((kMass + all_below) - 1 - c * n * ds) / n - ((1 - c) * ds + (1 / n) * (ds - 1)),
                (1 - c * (kMass + T)) * (1 - tau) - ((1 - tau) - c)};
      });
}

/// Adds the aggregate identities `pieces` and the reduction that carries the certificate's per-S pieces to
/// every `dim` (the paper's range of that name is then covered by the argument in `why`).
inline void add_every_dimension(Certificate& c, const std::vector<IdentityPiece>& pieces, std::string why,
                                const std::string& dim = "S") {
  for (const auto& p : pieces)
    c.identities.push_back(p);
  c.reductions.push_back({std::move(why), {dim}});
}

} // namespace dcrv::certify::aggregates
