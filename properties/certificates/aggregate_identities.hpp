// properties/certificates/aggregate_identities.hpp — the dimension-free (aggregate) identities of the App. E
// and App. H certificates (issue 20, round 3: the model is H.face-gap-formula's summed facet identity).
//
// Each claim below is a statement about coordinates i, j (a component, an entry, a pair) of a K-dimensional
// formula whose other coordinates enter only through a few aggregates: Σ_C p = ρ, Σ_I p = σ, ⟨p, L⟩ = m_L,
// ⟨p, w⟩, ⟨p, M⟩, Σ_C p² = S₂, the number of classes n_C, n_I, or Σ_{l ≠ i, j} s_l² = R. The identity here
// has those aggregates as FREE variables beside the touched coordinates, so it holds for every value of the
// aggregates, hence for every K (every size of the index sets they sum over). Where the paper uses Σp = 1,
// the identity states lhs − rhs = (P − 1)·X with P = Σp formed from the aggregates (P = ρ + σ, or s_i² + s_j²
// + R) and X explicit: it holds for every P and vanishes on the plane Σp = 1. The term-by-term identities of
// each certificate (DimLoop over K) check that dcrv's K-dimensional formula equals this aggregate form at
// those K. Each family takes `off`: one term changed (a dropped or sign-flipped aggregate term), which must
// be refused (tests/test_certify_E.cpp, tests/test_certify_HIM.cpp). They are rearrangement identities: they
// add nothing to the scope by themselves; the certificate's Reduction{…, {"K"}} states the argument.
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::aggregate {

using XVec = std::vector<Exact>;

// ---------------------------------------------------------------------------------------------------------
// App. E: the GRPO–SRCT drift F_k = p_k r_k, r_k = γ̂_k − ε(L_k − m_L), γ̂ = σH on C, −ρH on I (closed form,
// grpo_exact::drift_exact), and γ̂ by its definition H1_C − ⟨p, H1_C⟩1 (mean ρH).
// ---------------------------------------------------------------------------------------------------------

/// The rate r_k of coordinate k (in C or not) from (L_k; ρ, σ, H, ε, m_L): the other coordinates enter only
/// through ρ, σ (the closed-form score) and m_L = ⟨p, L⟩.
inline Exact e_rate(bool correct, const Exact& Lk, const Exact& rho, const Exact& sigma, const Exact& H,
                    const Exact& eps, const Exact& mL) {
  return (correct ? Exact(sigma * H) : Exact(-rho * H)) - eps * (Lk - mL);
}

/// E.drift-mass: Σ_k F_k = Σ_C p_k σH + Σ_I p_k(−ρH) − ε(Σ_k p_k L_k − m_L Σ_k p_k) = ρσH − σρH − ε(m_L −
/// m_L(ρ + σ)) = (ρ + σ − 1)ε m_L. Variables (ρ, σ, H, ε, m_L).
inline IdentityPiece drift_mass_every_k(bool off = false) {
  return rearrangement_identity("sum_k F_k summed: rho = sum_C p, sigma = sum_I p, m_L = <p, L>", 5, 3,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &rho = x[0], &sigma = x[1], &H = x[2], &eps = x[3], &mL = x[4];
                                  const Exact sum = rho * sigma * H + sigma * (-rho * H) -
                                                    eps * (mL - mL * (rho + (off ? Exact(0) : sigma)));
                                  return sum - (rho + sigma - 1) * eps * mL;
                                });
}

/// E.logratio-ode (every pair class) and E.zci-ode (c ∈ C, i ∈ I): F_i/p_i − F_j/p_j − ((raw_i − ρH) −
/// (raw_j − ρH) − ε(L_i − L_j)) = (ρ + σ − 1)H([i ∈ C] − [j ∈ C]) (the closed form σH against H − ρH).
/// Variables (p_i, p_j, L_i, L_j, H, ε, ρ, σ, m_L); times p_i p_j every term has degree <= 1 in each (degree
/// 2 stated); `pairs`: the class pairs (i ∈ C, j ∈ C) checked.
inline IdentityPiece logratio_every_k(const std::string& label, std::vector<std::pair<bool, bool>> pairs,
                                      bool off = false) {
  return rearrangement_identity(label, 9, 2, [pairs, off](const XVec& x, const RationalConstants&) -> XVec {
    const Exact &pi = x[0], &pj = x[1], &Li = x[2], &Lj = x[3], &H = x[4], &eps = x[5], &rho = x[6],
                &sigma = x[7], &mL = x[8];
    XVec r;
    for (const auto& [ci, cj] : pairs) {
      const Exact Fi = pi * e_rate(ci, Li, rho, sigma, H, eps, mL),
                  Fj = pj * e_rate(cj, Lj, rho, sigma, H, eps, off ? Exact(-mL) : mL);
      const Exact rawi = ci ? H : Exact(0), rawj = cj ? H : Exact(0);
      const Exact shown = (rawi - rho * H) - (rawj - rho * H) - eps * (Li - Lj);
      r.push_back(Fi / pi - Fj / pj - shown - (rho + sigma - 1) * H * (Exact(ci ? 1 : 0) - (cj ? 1 : 0)));
    }
    return r;
  });
}

/// E.degenerate-flow: K_C = 0 (ρ = 0, an empty sum) or K_C = K (σ = 0): γ̂_k = 0 and F_k = −εp_k(L_k − m_L).
/// Variables (p_k, L_k, H, ε, m_L, the other class mass).
inline IdentityPiece degenerate_flow_every_k(bool off = false) {
  return rearrangement_identity(
      "K_C in {0, K}, coordinate k summed: the empty class mass is 0", 6, 2,
      [off](const XVec& x, const RationalConstants&) -> XVec {
        const Exact &pk = x[0], &Lk = x[1], &H = x[2], &eps = x[3], &mL = x[4], &mass = x[5];
        XVec r;
        for (bool all_correct : {false, true}) {
          // K_C = 0: ρ = 0, σ = mass, k ∈ I; K_C = K: σ = 0, ρ = mass, k ∈ C
          const Exact rho = all_correct ? mass : Exact(off ? 1 : 0), sigma = all_correct ? Exact(0) : mass;
          const Exact g = all_correct ? Exact(sigma * H) : Exact(-rho * H);
          r.push_back(g);
          r.push_back(pk * e_rate(all_correct, Lk, rho, sigma, H, eps, mL) + eps * pk * (Lk - mL));
        }
        return r;
      });
}

/// E.bd-facet-drift: at p_k = δ, log p_k = L_δ: F_k − δ(γ̂_k + ε(m_L − L_δ)) = 0, k ∈ C or I. Variables (δ,
/// L_δ, H, ε, ρ, σ, m_L).
inline IdentityPiece bd_facet_every_k(bool off = false) {
  return rearrangement_identity("facet coordinate k summed: rho, sigma, m_L = <p, L>", 7, 2,
                                [off](const XVec& x, const RationalConstants&) -> XVec {
                                  const Exact &delta = x[0], &Ld = x[1], &H = x[2], &eps = x[3], &rho = x[4],
                                              &sigma = x[5], &mL = x[6];
                                  XVec r;
                                  for (bool correct : {false, true}) {
                                    const Exact Fk = delta * e_rate(correct, Ld, rho, sigma, H, eps, mL);
                                    const Exact g = correct ? Exact(sigma * H) : Exact(-rho * H);
                                    r.push_back(Fk - delta * (g + eps * ((off ? Exact(-mL) : mL) - Ld)));
                                  }
                                  return r;
                                });
}

/// E.single-incorrect-rho: ρ_C = Σ_{j<K}(δ + (1 − Kδ)w_j/W) = mδ + (1 − (m + 1)δ)(Σ_j w_j)/W with m = K − 1
/// the number of correct classes and Σ_j w_j = W: = 1 − δ for every real m. Variables (δ, m, W).
inline IdentityPiece single_incorrect_rho_every_k(bool off = false) {
  return rearrangement_identity("rho_C summed: m = K - 1, W = sum w", 3, 2,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &delta = x[0], &m = x[1], &W = x[2];
                                  const Exact rho = m * delta + (1 - (m + (off ? 0 : 1)) * delta) * W / W;
                                  return rho - (1 - delta);
                                });
}

/// E.gamma-centering: Σ_k p_k γ̂_k (definition, mean ρH) = ρ(H − ρH) + σ(0 − ρH) = −(ρ + σ − 1)ρH.
/// Variables (ρ, σ, H).
inline IdentityPiece gamma_centering_every_k(bool off = false) {
  return rearrangement_identity("sum_k p_k gamma_k summed: rho, sigma", 3, 3,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &rho = x[0], &sigma = x[1], &H = x[2];
                                  const Exact mean = rho * H;
                                  const Exact sum = rho * (H - mean) + sigma * (0 - (off ? Exact(0) : mean));
                                  return sum + (rho + sigma - 1) * rho * H;
                                });
}

/// E.gamma-degenerate: K_C = 0: raw = 0, mean 0, γ̂_k = 0; K_C = K: raw = H, mean = P H (P = Σp), γ̂_k = H −
/// PH = −(P − 1)H. Variables (H, P).
inline IdentityPiece gamma_degenerate_every_k(bool off = false) {
  return rearrangement_identity("K_C in {0, K}, gamma_k summed: P = sum p", 2, 2,
                                [off](const XVec& x, const RationalConstants&) -> XVec {
                                  const Exact &H = x[0], &P = x[1];
                                  const Exact none = Exact(0) - Exact(0) * P;
                                  const Exact all = H - P * H + (off ? Exact(0) : Exact((P - 1) * H));
                                  return {none, all};
                                });
}

/// E.gamma-centered-form: γ̂_k = raw_k − ρH against (1 − ρ)H on C, −ρH on I. Variables (ρ, H).
inline IdentityPiece gamma_centered_form_every_k(bool off = false) {
  return rearrangement_identity(
      "gamma_k summed: rho = sum_C p", 2, 2, [off](const XVec& x, const RationalConstants&) -> XVec {
        const Exact &rho = x[0], &H = x[1];
        const Exact mean = rho * H;
        return {(H - mean) - (1 - rho) * H, (0 - mean) - (off ? rho * H : -rho * H)};
      });
}

/// E.gamma-l2-formula: |γ̂|² = Σ_C (H − ρH)² + Σ_I (0 − ρH)² = n_C(H − ρH)² + n_I(ρH)² against H²(n_C(1 − ρ)²
/// + n_I ρ²), n_C = K_C and n_I = K_I free reals. Variables (ρ, H, n_C, n_I).
inline IdentityPiece gamma_l2_every_k(bool off = false) {
  return rearrangement_identity("|gamma|^2 summed: rho, n_C = K_C, n_I = K_I", 4, 3,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &rho = x[0], &H = x[1], &nC = x[2], &nI = x[3];
                                  const Exact mean = rho * H;
                                  const Exact norm2 = nC * (H - mean) * (H - mean) +
                                                      (off ? nC : nI) * (0 - mean) * (0 - mean);
                                  return norm2 - H * H * (nC * (1 - rho) * (1 - rho) + nI * rho * rho);
                                });
}

/// E.jac-rank-one, entrywise: ∂γ̂_k/∂p_j of γ̂ = h(ρ)1_C − (Σ_C p_i h(ρ))1 along e_j (dρ = [j ∈ C], dh = H'dρ,
/// d mean = dρ H + ρ H' dρ: Σ_{i∈C} p_i dh = ρH'dρ) against u_k v_j = [j ∈ C](α or β), α = (1 − ρ)H' − H, β
/// = −H − ρH'; the four class cases of (k, j). Variables (ρ, H, H').
inline IdentityPiece jac_rank_one_every_k(bool off = false) {
  return rearrangement_identity("entry (k, j) of D gamma summed: rho = sum_C p, H, H'", 3, 3,
                                [off](const XVec& x, const RationalConstants&) -> XVec {
                                  const Exact &rho = x[0], &H = x[1], &dH = x[2];
                                  const Exact alpha = (1 - rho) * dH - H, beta = -H - rho * dH;
                                  XVec r;
                                  for (bool k_correct : {false, true})
                                    for (bool j_correct : {false, true}) {
                                      const Exact drho = j_correct ? 1 : 0;
                                      const Exact dh = dH * drho;
                                      const Exact dmean = drho * H + (off ? Exact(0) : Exact(rho * dh));
                                      const Exact dg = (k_correct ? dh : Exact(0)) - dmean;
                                      r.push_back(dg - (j_correct ? (k_correct ? alpha : beta) : Exact(0)));
                                    }
                                  return r;
                                });
}

// ---------------------------------------------------------------------------------------------------------
// App. H and main §4: the linear drift p ⊙ (w − ⟨p, w⟩ − ε(L − ⟨p, L⟩)), the (WF) noise σ = √γ(diag √p −
// p√pᵀ) and the log-ratio SDE's drift and noise row, the STaR and GRPO score differences within C.
// ---------------------------------------------------------------------------------------------------------

/// H.drift-tangent: Σ_i p_i((w_i − m_w) − ε(L_i − m_L)) = (m_w − m_w P) − ε(m_L − m_L P) = −(P − 1)(m_w −
/// εm_L), m_w = ⟨p, w⟩, m_L = ⟨p, L⟩, P = Σp. Variables (m_w, m_L, ε, P).
inline IdentityPiece drift_tangent_every_k(bool off = false) {
  return rearrangement_identity("sum_i F_i summed: m_w = <p, w>, m_L = <p, L>, P = sum p", 4, 2,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &mw = x[0], &mL = x[1], &eps = x[2], &P = x[3];
                                  const Exact sum = (mw - mw * P) - eps * (mL - (off ? Exact(0) : mL * P));
                                  return sum + (P - 1) * (mw - eps * mL);
                                });
}

/// H.drift-decomposition, component i: F_i − [p_iφ_i − p_i⟨p, φ⟩ − εp_i(L_i − m_L)] with φ = w − m_w 1,
/// ⟨p, φ⟩ = m_w − m_w P: = (P − 1)·(−p_i m_w). Variables (p_i, w_i, L_i, m_w, m_L, ε, P).
inline IdentityPiece drift_decomposition_every_k(bool off = false) {
  return rearrangement_identity("component i summed: m_w, m_L, P = sum p", 7, 2,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &pi = x[0], &wi = x[1], &Li = x[2], &mw = x[3], &mL = x[4],
                                              &eps = x[5], &P = x[6];
                                  const Exact F = pi * ((wi - mw) - eps * (Li - mL));
                                  const Exact phii = wi - mw, pphi = mw - mw * P;
                                  const Exact rhs =
                                      pi * phii - pi * pphi - eps * pi * (Li - (off ? -mL : mL));
                                  return F - rhs + (P - 1) * pi * mw;
                                });
}

/// b^{−2e} for B = b² (exact when 2e is an integer; M.sde-noise-covariance), refused otherwise.
inline Exact prefactor(const Exact& b, const Rational& e) {
  const Rational twice = 2 * e; // a constant: branching on it is allowed
  if (boost::multiprecision::denominator(twice) != 1)
    throw std::domain_error("B^-e is not rational for 2e = " + twice.str() + " (not an integer)");
  const long n = boost::multiprecision::numerator(twice).convert_to<long>();
  Exact r(1);
  for (long i = 0; i < (n < 0 ? -n : n); ++i)
    r *= b;
  return n >= 0 ? Exact(1 / r) : r; // on the sign of the constant n
}

/// The (WF) noise σ = f(diag s − (s ⊙ s)sᵀ), s = √p, entrywise with the other coordinates through R =
/// Σ_{l ≠ i, j} s_l² (P = s_i² + s_j² + R = Σp): (σσᵀ)_ii − c(p_i − p_i²) = (P − 1)f²s_i⁴, (σσᵀ)_ij + c p_i
/// p_j = (P − 1)f²s_i²s_j² (i ≠ j), (1ᵀσ)_i = −(P − 1)f s_i, with c = f² (H.wf-covariance, f = √γ free) or,
/// `noise` (M.sde-noise-covariance), f = B^{−e} = b^{−2e} and c = 1/B = 1/b² (equal to f² only at e = ½).
/// Variables (s_i, s_j, f or b, R).
inline IdentityPiece wf_covariance_every_k(bool noise, bool off = false) {
  return rearrangement_identity(
      std::string(noise ? "N N^T" : "sigma sigma^T") + " entries summed: R = sum_{l != i, j} s_l^2", 4, 8,
      [noise, off](const XVec& x, const RationalConstants& k) -> XVec {
        const Exact &si = x[0], &sj = x[1], &g = x[2], &R = x[3];
        const Exact f = noise ? prefactor(g, k("e")) : g, c = noise ? Exact(1 / (g * g)) : Exact(g * g);
        const Exact pi = si * si, pj = sj * sj, P = pi + pj + R;
        // σ_il = f(δ_il s_i − p_i s_l): column i, column j, and the others (Σ_l s_l² = R)
        const Exact sii = f * (si - pi * si), sij = f * (-pi * sj), sji = f * (-pj * si),
                    sjj = f * (sj - pj * sj);
        const Exact diag = sii * sii + sij * sij + f * f * pi * pi * (off ? Exact(0) : R);
        const Exact cross = sii * sji + sij * sjj + f * f * pi * pj * R;
        const Exact column = sii + sji - f * si * R; // Σ_k σ_ki: rows i, j and the others (−p_k s_i each)
        return {diag - c * (pi - pi * pi) - (P - 1) * f * f * pi * pi,
                cross + c * pi * pj - (P - 1) * f * f * pi * pj, column + (P - 1) * f * si};
      });
}

/// The generator's drift of z_ij for a free score vector (H.star-logratio, H.grpo-logratio): F_k = p_k(φ_k −
/// (M_k − m_M)), Q_kk = γ(p_k − p_k²): F_i/p_i − F_j/p_j + ½(−Q_ii/p_i² + Q_jj/p_j²) against (φ_i − φ_j) −
/// (M_i − M_j) − (γ/2)((1 − p_i)/p_i − (1 − p_j)/p_j); the other coordinates only through m_M = ⟨p, M⟩.
/// Variables (p_i, p_j, φ_i, φ_j, M_i, M_j, m_M, γ).
inline IdentityPiece ito_drift_every_k(bool off = false) {
  return rearrangement_identity(
      "generator drift of z_ij summed: m_M = <p, M>", 8, 3,
      [off](const XVec& x, const RationalConstants&) -> Exact {
        const Exact &pi = x[0], &pj = x[1], &phii = x[2], &phij = x[3], &Mi = x[4], &Mj = x[5], &mM = x[6],
                    &gamma = x[7];
        const Exact Fi = pi * (phii - (Mi - mM)), Fj = pj * (phij - (Mj - (off ? Exact(0) : mM)));
        const Exact Qi = gamma * (pi - pi * pi), Qj = gamma * (pj - pj * pj);
        const Exact drift = Fi / pi - Fj / pj + Rational(1, 2) * (-Qi / (pi * pi) + Qj / (pj * pj));
        const Exact shown = (phii - phij) - (Mi - Mj) - gamma / 2 * ((1 - pi) / pi - (1 - pj) / pj);
        return drift - shown;
      });
}

/// The noise row of z_ij: σ_il/p_i − σ_jl/p_j with σ_al = g(δ_al s_a − s_a² s_l) against g(δ_il/s_i − δ_jl/
/// s_j), for l = i, l = j and l another coordinate (no aggregate at all). Variables (s_i, s_j, s_l, g).
inline IdentityPiece noise_row_every_k(bool off = false) {
  return rearrangement_identity(
      "noise row of z_ij, entry l in {i, j, other}", 4, 4,
      [off](const XVec& x, const RationalConstants&) -> XVec {
        const Exact &si = x[0], &sj = x[1], &sl = x[2], &g = x[3];
        const Exact pi = si * si, pj = sj * sj;
        auto sigma = [&](const Exact& sa, const Exact& pa, bool same, const Exact& s) {
          return g * ((same ? sa : Exact(0)) - pa * s);
        };
        return {sigma(si, pi, true, si) / pi - sigma(sj, pj, false, si) / pj - g / si,
                sigma(si, pi, false, sj) / pi - sigma(sj, pj, true, sj) / pj + g / sj,
                sigma(si, pi, false, sl) / pi - sigma(sj, pj, off, sl) / pj};
      });
}

/// The STaR score difference within C: φ_c = (p_c − S₂)/ρ, ρ = Σ_C p, S₂ = Σ_C p²: φ_i − φ_j − (p_i −
/// p_j)/ρ. Variables (p_i, p_j, ρ, S₂).
inline IdentityPiece star_difference_every_k(bool off = false) {
  return rearrangement_identity("score difference in C summed: rho = sum_C p, S2 = sum_C p^2", 4, 2,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &pi = x[0], &pj = x[1], &rho = x[2], &S2 = x[3];
                                  const Exact phii = (pi - S2) / rho,
                                              phij = (pj - (off ? Exact(0) : S2)) / rho;
                                  return phii - phij - (pi - pj) / rho;
                                });
}

/// The GRPO score differences within C: centred σH − σH (σ = Σ_I p), raw H − H. Variables (ρ, σ, H).
inline IdentityPiece grpo_difference_every_k(bool off = false) {
  return rearrangement_identity("score difference in C summed: rho, sigma", 3, 2,
                                [off](const XVec& x, const RationalConstants&) -> XVec {
                                  const Exact &rho = x[0], &sigma = x[1], &H = x[2];
                                  const Exact phij = off ? Exact(-rho * H) : Exact(sigma * H);
                                  return {sigma * H - phij, H - H};
                                });
}

// ---------------------------------------------------------------------------------------------------------
// App. E: 0 ≤ H_G(ρ) = h_G(ρ)/√(G−1) ≤ 1 on [0, 1] for every G (the bounds on h_G over every G).
// h_G = Σ_s C(n, s)ρ^sσ^{n−s} b_s, b_s = m/√((1+s)(m−s)) (dcrv/scores/grpo.hpp; m = G − 1, n = G − 2, σ = 1 −
// ρ); divided by √m coefficientwise H_G has the weights β_s = √(m/((1+s)(m−s))), and (1+s)(m−s) − m = s(m − 1
// − s) ≥ 0 for 0 ≤ s ≤ n = m − 1, so 0 < β_s ≤ 1; the Bernstein basis is ≥ 0 on [0, 1] and sums to (ρ + σ)^n
// = 1.
// ---------------------------------------------------------------------------------------------------------

/// The division by √(G−1) coefficientwise: b_s/√m = β_s, i.e. (m/r)/q = β with r = √((1+s)(m−s)), q = √m, β =
/// √(m/((1+s)(m−s))) free positive square roots; all three are positive, so the identity is that of the
/// squares, m²/(r²q²) = β², with r² = (1+s)(m−s), q² = m, β² = m/((1+s)(m−s)) substituted (√a/√b = √(a/b)).
/// Variables (s, m) on a grid with m ∉ {s, 0}. `off`: β² with (1+s) dropped.
inline IdentityPiece weight_division_identity(bool off = false) {
  IdentityPiece p = rearrangement_identity(
      "b_s/sqrt(G-1) = sqrt(m/((1+s)(m-s))): (m/r)^2/q^2 = beta^2, r^2 = (1+s)(m-s), q^2 = m", 2, 4,
      [off](const XVec& x, const RationalConstants&) -> Exact {
        const Exact &s = x[0], &m = x[1];
        const Exact r2 = (1 + s) * (m - s), q2 = m, beta2 = m / ((off ? Exact(1) : Exact(1 + s)) * (m - s));
        return m * m / (r2 * q2) - beta2;
      });
  p.grid = [](std::size_t i, int k) { return i == 0 ? Rational(k) : Rational(50 + 7 * k); };
  return p;
}

/// β_s ≤ 1: (1+s)(m−s) − m = s(m − 1 − s) = t(1 − t)(m − 1)² with s = t(m − 1), t ∈ [0, 1] (every s = 0..n =
/// m − 1). Variables (t, m). `off`: the − m dropped.
inline IdentityPiece weight_le_one_identity(bool off = false) {
  return rearrangement_identity("(1+s)(m-s) - m = t(1-t)(m-1)^2 at s = t(m-1)", 2, 4,
                                [off](const XVec& x, const RationalConstants&) -> Exact {
                                  const Exact &t = x[0], &m = x[1];
                                  const Exact s = t * (m - 1);
                                  return (1 + s) * (m - s) - (off ? Exact(0) : m) -
                                         t * (1 - t) * (m - 1) * (m - 1);
                                });
}

/// t(1 − t) ≥ 0 on [0, 1] (so β_s ≤ 1 for every G): score −t(1 − t).
inline Piece weight_sign_piece() {
  Piece piece = make_piece<1>("every G: t(1-t) >= 0 (beta_s <= 1)", {unit_box(1)},
                              [](const auto& x, const Constants&) { return -(x[0] * (1 - x[0])); });
  piece.dims.push_back({"G", 2, kUnbounded});
  return piece;
}

/// A G-free piece over ρ ∈ [0, 1]: the claim's score with H_G = 1 (its upper bound for every G; the score is
/// nondecreasing in H_G ≥ 0), f(ρ, c) = score.
template <class F> Piece every_group_piece(const std::string& label, F f) {
  Piece piece = make_piece<1>("every G: " + label, {unit_box(1)}, std::move(f));
  piece.dims.push_back({"G", 2, kUnbounded});
  piece.params.push_back({"rho", 0});
  return piece;
}

/// The reduction that carries a bound on h_G from G = 2..G_max to every G (with weight_division_identity,
/// weight_le_one_identity, weight_sign_piece and the G-free pieces of every_group_piece): `monotone` says why
/// the claim's score is nondecreasing in H_G ≥ 0.
inline Reduction every_group_reduction(const std::string& monotone) {
  return {
      "H_G = h_G/sqrt(G-1) = sum_s C(n,s) rho^s sigma^(n-s) beta_s, beta_s = sqrt(m/((1+s)(m-s))) (the "
      "division by sqrt(G-1) coefficientwise, checked with the square roots free and their squares "
      "substituted); (1+s)(m-s) - m = s(m-1-s) = t(1-t)(m-1)^2 >= 0 for s = t(m-1), t in [0, 1] (identity "
      "checked, t(1-t) >= 0 proved), so 0 < beta_s <= 1, and the Bernstein basis is >= 0 with sum (rho + "
      "sigma)^n = 1: 0 <= H_G <= 1 on [0, 1] for every G >= 2; " +
          monotone +
          ", so the G-free piece with H_G = 1 bounds it for every G (the pieces G = 2..G_max prove it "
          "with the exact H_G as well)",
      {"G"}};
}

/// h_G(0)/√(G−1) = β₀ = √(m/(1·m)) = c for every G (the only Bernstein term at ρ = 0): β₀² − c² with β₀² =
/// m/((1
/// + 0)(m − 0)) substituted (both positive). Variable m.
inline IdentityPiece h_at_zero_every_group(bool off = false) {
  return rearrangement_identity("every G: h_G(0)/sqrt(G-1) = beta_0 = sqrt(m/(1 m))", 1, 2,
                                [off](const XVec& x, const RationalConstants& k) -> Exact {
                                  const Exact& m = x[0];
                                  return m / ((1 + Exact(0)) * (m - (off ? Exact(1) : Exact(0)))) -
                                         k("c") * k("c");
                                });
}

/// Adds the G-free argument to `c`: the two weight identities, the sign piece, the claim's G-free pieces
/// `pieces` (every_group_piece) and every_group_reduction(monotone).
inline void add_every_group(Certificate& c, std::vector<Piece> pieces, const std::string& monotone) {
  c.identities.push_back(weight_division_identity());
  c.identities.push_back(weight_le_one_identity());
  c.pieces.push_back(weight_sign_piece());
  for (auto& piece : pieces)
    c.pieces.push_back(std::move(piece));
  c.reductions.push_back(every_group_reduction(monotone));
}

// ---------------------------------------------------------------------------------------------------------
// H.xlogx-envelope's rearrangements (issue 20 point 5): x = e^{−y} with E = e^{−y} free and log x = −y.
// ---------------------------------------------------------------------------------------------------------

/// The steps from x|log x| ≤ c to the pieces' scores, exact in free variables (y, E = e^{−y}, e₁ = e, r =
/// 1/y): (a) x|log x| = y e^{−y}: x = E, log x = −y, |log x| = −log x (x ≤ 1 ⇔ y ≥ 0); (b) the log form
/// exp(log y − y) = Y E with Y = e^{log y} = y (e^{a+b} = e^a e^b); (c) relative to c_paper = 1/e: x|log
/// x|/c_paper = y e^{1−y} = y e₁ E; (d) the tail chart r = 1/y: y e^{−y} = e^{−1/r}/r = E/r. `off`: |log x| =
/// log x in (a).
inline std::vector<IdentityPiece> xlogx_rearrangements(bool off = false) {
  return {rearrangement_identity("x = e^-y: x|log x| = y e^-y (E = e^-y, log x = -y)", 2, 2,
                                 [off](const XVec& v, const RationalConstants&) -> Exact {
                                   const Exact &y = v[0], &E = v[1];
                                   const Exact x = E, logx = -y, abslog = off ? logx : Exact(-logx);
                                   return x * abslog - y * E;
                                 }),
          rearrangement_identity("x = e^-y: exp(log y - y) = y e^-y (Y = e^(log y) = y)", 2, 2,
                                 [](const XVec& v, const RationalConstants&) -> Exact {
                                   const Exact &y = v[0], &E = v[1];
                                   const Exact Y = y; // e^{log y} = y for y > 0
                                   return Y * E - y * E;
                                 }),
          rearrangement_identity("x = e^-y: x|log x|/c_paper = y e^(1-y) (c_paper = 1/e, e^(1-y) = e E)", 3,
                                 2,
                                 [](const XVec& v, const RationalConstants&) -> Exact {
                                   const Exact &y = v[0], &E = v[1], &e1 = v[2];
                                   const Exact c_paper = 1 / e1;
                                   return (E * y) / c_paper - y * (e1 * E);
                                 }),
          rearrangement_identity("x = e^-y: y e^-y = e^(-1/r)/r at r = 1/y", 2, 2,
                                 [](const XVec& v, const RationalConstants&) -> Exact {
                                   const Exact &r = v[0], &E = v[1];
                                   const Exact y = 1 / r;
                                   return y * E - E / r;
                                 })};
}

// ---------------------------------------------------------------------------------------------------------
// H.noise-variance-bound for every K: 1 − ‖p‖² = (K − 1)/K − ‖p − 1/K‖² through N₂ = ‖p‖² and P = Σp.
// ---------------------------------------------------------------------------------------------------------

/// ‖p − 1/K‖² = Σ_i (p_i² − 2p_i/K + 1/K²) = N₂ − 2P/K + K/K² (each term coordinatewise: the other
/// coordinates only through N₂ and P), and (1 − N₂) − ((K − 1)/K − ‖p − 1/K‖²) = −2(P − 1)/K, 0 on Σp = 1;
/// the second bound's step (K − 1)/K − 1 = −1/K. Variables (N₂, P, K) for every real K ≠ 0. `off`: K/K²
/// dropped.
inline IdentityPiece noise_variance_every_k(bool off = false) {
  return rearrangement_identity(
      "every K: 1 - N2 = (K-1)/K - D, D = N2 - 2P/K + 1/K, through N2 = sum p^2, P = sum p, K free", 3, 3,
      [off](const XVec& x, const RationalConstants&) -> XVec {
        const Exact &N2 = x[0], &P = x[1], &K = x[2];
        const Exact D = N2 - 2 * P / K + (off ? Exact(0) : Exact(K / (K * K)));
        return {(1 - N2) - ((K - 1) / K - D) + 2 * (P - 1) / K, (K - 1) / K - 1 + 1 / K};
      });
}

// ---------------------------------------------------------------------------------------------------------
// H.ellipticity-lower for every K: the rearrangement through the aggregates of q and v.
// ---------------------------------------------------------------------------------------------------------

/// p = δ1 + tq, v ∈ T (Σv = 0): vᵀ diag(p) v = δN + tA₂ and p·v = tA₁ (N = ‖v‖², A₂ = Σ q_i v_i², A₁ = Σ q_i
/// v_i), and row i of Σ_{i<j} q_i q_j (v_i − v_j)² = ½ Σ_i Σ_j … is q_i(v_i² P − 2v_i A₁ + A₂) (P = Σq), so
/// the pair sum is V = P A₂ − A₁²: cγδN − γ(vᵀ diag(p) v − (p·v)²) − γ[(c − 1)δN − t(V + (1 − t)A₁²)] = (P −
/// 1)γ t A₂, 0 on Σq = 1. Variables (δ, t, N, A₂, A₁, P, c, γ). `off`: (1 − t)A₁² dropped.
inline IdentityPiece ellipticity_lower_every_k(bool off = false) {
  return rearrangement_identity(
      "every K: c gamma delta N - gamma(v^T diag(p) v - (p.v)^2) through N = |v|^2, A2 = sum q v^2, A1 = "
      "q.v, P = sum q",
      8, 3, [off](const XVec& x, const RationalConstants&) -> Exact {
        const Exact &delta = x[0], &t = x[1], &N = x[2], &A2 = x[3], &A1 = x[4], &P = x[5], &c = x[6],
                    &g = x[7];
        const Exact diag = delta * N + t * A2, pv = t * A1;                  // δΣv = 0 (v ∈ T)
        const Exact rows = Rational(1, 2) * (A2 * P - 2 * A1 * A1 + P * A2); // Σ_i q_i(v_i²P − 2v_iA₁ + A₂)/2
        const Exact score = (c - 1) * delta * N - t * (rows + (off ? Exact(0) : Exact((1 - t) * A1 * A1)));
        return c * g * delta * N - g * (diag - pv * pv) - g * score - (P - 1) * g * t * A2;
      });
}

/// The end values of H_G and of c₁/√(G−1) for every G (E.hG-endpoints, E.c1-expansion-at-1): at ρ = 0 only
/// the Bernstein term s = 0 survives, at ρ = 1 only s = n, and a Bernstein sum of degree m has derivative
/// m(w_m − w_{m−1}) at ρ = 1. The surviving weights are positive square roots of rationals in m: β₀² =
/// m/(1·m), β_n² = m/((1+n)(m−n)) with n = m − 1, w_j² = (m−j)/((1+j)m) (c₁/√m, j = 0, m − 1, m; w_m = 0), so
/// each end value is checked through its square with m free: H_G(0) = H_G(1) = c, c₁(0)/√m = c (`at_zero`),
/// c₁(1)/√m = w_m = 0 and c₁'(1)/√m = m(0 − w_{m−1}) = −c (m w_{m−1} = c, both positive). Variable m. `off`:
/// n = m.
inline IdentityPiece end_values_every_group(bool at_zero, bool off = false) {
  return rearrangement_identity(
      std::string("every G: end values through beta_s^2, w_j^2 with m = G - 1 free") +
          (at_zero ? "" : ", rho = 1"),
      1, 3, [at_zero, off](const XVec& x, const RationalConstants& k) -> XVec {
        const Exact& m = x[0];
        const Exact n = off ? m : Exact(m - 1), c2 = k("c") * k("c");
        auto w2 = [&](const Exact& j) { return (m - j) / ((1 + j) * m); };
        XVec r{w2(m), (off ? m : Exact(m * m)) * w2(m - 1) - c2}; // c₁(1) = w_m = 0; (m w_{m−1})² = c²
        if (at_zero) {
          r.push_back(m / ((1 + Exact(0)) * (m - 0)) - c2); // β₀²
          r.push_back(m / ((1 + n) * (m - n)) - c2);        // β_n²
          r.push_back(w2(Exact(0)) - c2);                   // w₀²
        }
        return r;
      });
}

/// The reduction of end_values_every_group.
inline Reduction end_values_reduction() {
  return {
      "at rho = 0 every Bernstein term but s = 0 carries rho^s = 0, at rho = 1 every term but s = n carries "
      "(1 - rho)^(n-s) = 0, and a Bernstein sum of degree m has derivative m(w_m - w_(m-1)) at rho = 1, for "
      "every degree; the surviving weights are positive square roots of rationals in m = G - 1, so their "
      "squares with m free (checked) give the end values for every G (the exact values checked for G = "
      "2..256 as well)",
      {"G"}};
}

/// Lemma lem:binom-shift for every G: the coefficient P_s of 1/R_s (R_s = √((1+s)(m−s)), m = G − 1, n = m −
/// 1) with the binomials through free factorials F = (m−1)!, S = s!, T = (m−1−s)! (C(n, s) = F/(ST), C(m, s)
/// = mF/ (S(m−s)T), C(m, s+1) = mF/((s+1)ST): k! = k(k−1)!) and the monomials through A = ρ^s, B = σ^{n−s}
/// (σ^{m−s} = σB, ρ^{s+1}σ^{m−s−1} = ρAB): which = 1: m σ C(n,s) A B − (m−s)C(m,s) A σB; which = 2: m ρ
/// C(n,s) A B − (s+1)C(m,s+1) ρ A B; and the radical splits √((m−s)/(1+s)) = (m−s)/R_s, √((s+1)/(m−s)) =
/// (s+1)/R_s through their squares (R_s² = (1+s)(m−s); all positive for 0 ≤ s ≤ n). Variables (ρ, A, B, m, s,
/// F, S, T). `off`: (m − s) read as m in the first weight.
inline IdentityPiece binom_shift_every_group(int which, bool off = false) {
  IdentityPiece p = rearrangement_identity(
      "every G: P_s = 0 through free factorials (m-1)!, s!, (m-1-s)! and monomials rho^s, sigma^(n-s)", 8, 3,
      [which, off](const XVec& x, const RationalConstants&) -> XVec {
        const Exact &rho = x[0], &A = x[1], &B = x[2], &m = x[3], &s = x[4], &F = x[5], &S = x[6], &T = x[7];
        const Exact sigma = 1 - rho, R2 = (1 + s) * (m - s);
        const Exact Cns = F / (S * T), Cms = m * F / (S * (m - s) * T), Cms1 = m * F / ((s + 1) * S * T);
        const Exact P =
            which == 1 ? Exact(m * sigma * Cns * A * B - (off ? m : Exact(m - s)) * Cms * A * (sigma * B))
                       : Exact(m * rho * Cns * A * B - (off ? s : Exact(s + 1)) * Cms1 * (rho * A) * B);
        return {P, (m - s) / (1 + s) - (m - s) * (m - s) / R2, (s + 1) / (m - s) - (s + 1) * (s + 1) / R2};
      });
  p.grid = [](std::size_t i, int k) {
    return Rational(static_cast<long>(10 * i) + k + 1, static_cast<long>(i) + 2);
  };
  return p;
}

/// E.jac-alpha-beta for every G: the coefficient of 1/R_t in α − c₁' and β − (−h_G − ρh_G')
/// (E_characteristic's jac_alpha_beta_coefficient) with the binomials through free factorials F = (n−1)!, T =
/// (t−1)!, U = (n−t−1)! (C(n, t) = nF/(tT(n−t)U), C(n, t−1) = nF/(T(n−t+1)(n−t)U), C(n−1, t−1) = F/(T(n−t)U),
/// C(n−1, t) = F/(tTU): k! = k(k−1)!) and the monomials through P = ρ^{t−1}, Q = σ^{n−t−1} (ρ^t = ρP, σ^{n−t}
/// = σQ, …), for 1 ≤ t ≤ n − 1; the ends t = 0 (Z = σ^{n−1}, σ^n = σZ) and t = n (W = ρ^{n−1}, ρ^n = ρW), n ≥
/// 1, are components of their own. Variables (ρ, m, t, F, T, U, P, Q) (Z, W reuse P, Q's slots). `off`: (m −
/// t) dropped from c₁'.
inline IdentityPiece jac_alpha_beta_every_group(bool off = false) {
  IdentityPiece p = rearrangement_identity(
      "every G: the 1/R_t coefficients through free factorials (n-1)!, (t-1)!, (n-t-1)! and monomials", 8, 4,
      [off](const XVec& x, const RationalConstants&) -> XVec {
        const Exact &rho = x[0], &m = x[1], &t = x[2], &F = x[3], &T = x[4], &U = x[5], &P = x[6], &Q = x[7];
        const Exact n = m - 1, sigma = 1 - rho, mt = off ? Exact(1) : Exact(m - t);
        const Exact Cnt = n * F / (t * T * (n - t) * U), Cnt1 = n * F / (T * (n - t + 1) * (n - t) * U),
                    Cn1t1 = F / (T * (n - t) * U), Cn1t = F / (t * T * U);
        // α, 1 ≤ t ≤ n − 1: mono(t−1, n−t+1) = Pσ²Q, mono(t, n−t) = ρPσQ (m − t = n − t + 1)
        const Exact lib = m * Cnt1 * (P * sigma * sigma * Q) * mt - m * Cnt * (rho * P * sigma * Q) * mt;
        const Exact lhs_a = m * Cnt * (t * (P * sigma * sigma * Q) - (m - t) * (rho * P * sigma * Q));
        // β: h_G' by its binomial formula, mono(t−1, n−t) = PσQ, mono(t, n−1−t) = ρPQ
        const Exact dh = n * Cn1t1 * (P * sigma * Q) * m - n * Cn1t * (rho * P * Q) * m;
        const Exact h = m * Cnt * (rho * P * sigma * Q);
        const Exact lhs_b = -m * Cnt * ((t + 1) * (rho * P * sigma * Q) - (n - t) * (rho * rho * P * Q));
        // t = 0 (Z = σ^{n−1} in P's slot) and t = n (W = ρ^{n−1} in Q's slot), C(n, 0) = C(n, n) = C(n−1, 0)
        // = C(n−1, n−1) = 1, C(n, n−1) = n
        const Exact &Z = P, &W = Q;
        const Exact a0 = m * (0 - m * (sigma * Z)) - (-m * (sigma * Z) * (off ? Exact(1) : m));
        const Exact b0 = -m * (sigma * Z - n * rho * Z) - (-m * (sigma * Z) - rho * (-n * Z * m));
        const Exact an = m * (n * (W * sigma) - rho * W) - (m * n * (W * sigma) * 1 - m * (rho * W) * 1);
        const Exact bn = -m * ((n + 1) * (rho * W)) - (-m * (rho * W) - rho * (n * W * m));
        return {lhs_a - lib, lhs_b - (-h - rho * dh), a0, b0, an, bn};
      });
  p.grid = [](std::size_t i, int k) {
    return Rational(static_cast<long>(10 * i) + k + 1, static_cast<long>(i) + 2);
  };
  return p;
}

// ---------------------------------------------------------------------------------------------------------
// H.neg-entropy-floor for every K: −⟨p, log p⟩ + log δ = −Σ_i p_i ℓ_i, ℓ_i = log(p_i/δ) ≥ 0, term by term.
// ---------------------------------------------------------------------------------------------------------

/// (A) summed: −⟨p, L⟩ + L_δ − (−Σ_i p_i(L_i − L_δ)) = (1 − P)L_δ with m_L = ⟨p, L⟩ and P = Σp (each term
/// coordinatewise), 0 on Σp = 1; and the one-term chart ℓ = τ/(1 − τ): −pℓ(1 − τ) = −pτ. Variables (m_L, L_δ,
/// P, p, τ). `off`: P dropped.
inline IdentityPiece neg_entropy_every_k(bool off = false) {
  return rearrangement_identity(
      "every K: -<p, L> + L_delta = -sum p_i (L_i - L_delta) summed (m_L, P = sum p); l = tau/(1 - tau)", 5,
      2, [off](const XVec& x, const RationalConstants&) -> XVec {
        const Exact &mL = x[0], &Ld = x[1], &P = x[2], &p = x[3], &tau = x[4];
        const Exact rhs = -(mL - (off ? Exact(1) : P) * Ld); // −Σ_i p_i L_i + L_δ Σ_i p_i
        const Exact l = tau / (1 - tau);
        return {(-mL + Ld) - rhs - (1 - P) * Ld, -p * l * (1 - tau) - (-p * tau)};
      });
}

} // namespace dcrv::certify::aggregate
