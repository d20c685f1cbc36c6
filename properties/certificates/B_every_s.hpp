// The every-S identities of the App. B identity certificates (issue 20 point 8; the dimension-free argument
// of H.face-gap-formula): where coordinate i (entry (i, k), …) of a claim's S-dimensional expression involves
// the other coordinates only through a few aggregates (σ = ΣE, Σp = 1, ⟨p, v⟩, the rest R = ΣE − E_i − E_k
// constant in the differentiated θ's, S itself as a free real n), the identity in those few coordinates and
// the aggregates as free variables holds for every S. The certificates (B_jacobian_certificates.cpp,
// B_hessian_certificates.cpp, B_clip_certificates.cpp, B_softmax_identities.cpp) keep their per-S pieces
// (the full-coordinate form, checked term by term) and add these with a Reduction that says why the claim's
// expression depends on the other coordinates only through the aggregates.
//
// Each builder takes `off`: one term changed (a sign-flipped aggregate, a dropped term), for the test that
// such an identity is refused (tests/test_certify_B.cpp). every_s_families() lists them per claim.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify::b_every_s {

using softmax_exact::exp_jet;
using softmax_exact::XVec;

/// B.softmax-translation: component i in (E_i, C, σ = ΣE); the shifted sum Σ_j CE_j = Cσ (`off`: σ).
inline IdentityPiece translation(bool off = false) {
  return exact_identity("every S: component i in (E_i, C, sigma = sum E)", 3, 2,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &e = x[0], &c = x[1], &sigma = x[2];
                          const Exact shifted_sum = off ? sigma : Exact(c * sigma);
                          return c * e / shifted_sum - e / sigma;
                        });
}

/// B.softmax-jacobian-formula: p_i = E_i/σ, σ = E_i + E_k + R (R: the other E, constant in θ_i, θ_k), jets
/// in (θ_i, θ_k): ∂_k p_i = −p_i p_k (i ≠ k) and ∂_i p_i = p_i(1 − p_i) (the i = k case with the rest E_k +
/// R). `off`: the sign of p_k in the off-diagonal formula flipped.
inline IdentityPiece jacobian_formula(bool off = false) {
  return exact_identity("every S: (E_i, E_k, R = sum of the other E), i != k and i = k", 3, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          using J = Jet<Exact, 2, 1>;
                          const J ei = exp_jet<2, 1>(x[0], 0), ek = exp_jet<2, 1>(x[1], 1), rest(x[2]);
                          const J sigma = ei + ek + rest;
                          const J pi = ei / sigma, pk = ek / sigma;
                          XVec r;
                          r.push_back(pi.g[1] - pi.v * (Exact(0) - (off ? -pk.v : pk.v))); // i != k
                          r.push_back(pi.g[0] - pi.v * (Exact(1) - pi.v));                 // i = k
                          return r;
                        });
}

/// B.softmax-inverse (left): softmax(G(p))_i = p_i M/Σ_j p_j M = p_i M/(Mσ), σ = Σp = 1 on the simplex;
/// variables (p_i, M). `off`: σ = −1.
inline IdentityPiece inverse_left(bool off = false) {
  return exact_identity("every S, softmax(G(p)) = p: (p_i, M, sigma = sum p = 1)", 2, 2,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &p = x[0], &m = x[1], sigma(off ? -1 : 1);
                          return p * m / (m * sigma) - p;
                        });
}

/// G(softmax θ)_i = (θ_i − Λ) − mean_j(θ_j − Λ), mean_j(θ_j − Λ) = (A − nΛ)/n with A = Σθ, n = S; the
/// residual against θ_i − A/n (θ_i on Θ, where A = 0); variables (θ_i, Λ, A, n). Also C L − C(L − Λ1) with
/// L for θ (B.lift-normalization-cancel). `off`: the sign of Λ in the mean flipped.
inline IdentityPiece centred_log(const std::string& label, bool off = false) {
  return exact_identity(label, 4, 2, [off](const XVec& x, const RationalConstants&) {
    const Exact &theta = x[0], &lambda = x[1], &sum = x[2], &n = x[3];
    const Exact mean = (sum - (off ? -n : n) * lambda) / n;
    return ((theta - lambda) - mean) - (theta - sum / n);
  });
}
inline IdentityPiece inverse_right(bool off = false) {
  return centred_log("every S, G(softmax(theta)) = theta - mean(theta) (= theta on Theta): (theta_i, Lambda, "
                     "A = sum theta, n = S)",
                     off);
}
inline IdentityPiece gauge(bool off = false) {
  return centred_log(
      "every S: G(softmax(theta))_i + A/n - theta_i in (theta_i, Lambda, A = sum theta, n = S)", off);
}
inline IdentityPiece normalization_cancel(bool off = false) {
  return centred_log("every S: C L - C(L - Lambda 1) in (L_i, Lambda, A = sum L, n = S)", off);
}

/// B.log-ratio: (E_i/σ)/(E_j/σ) = E_i/E_j, σ = ΣE. `off`: σ of p_j sign-flipped.
inline IdentityPiece log_ratio(bool off = false) {
  return exact_identity("every S: (E_i, E_j, sigma = sum E)", 3, 2,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &ei = x[0], &ej = x[1], &sigma = x[2];
                          return (ei / sigma) / (ej / (off ? -sigma : sigma)) - ei / ej;
                        });
}

/// B.lift-softmax-equals-clip: softmax(P)_i = p′_i M/Σ_j p′_j M = p′_i M/(Mσ), σ = Σp′. `off`: −σ in the
/// clip's normalisation.
inline IdentityPiece softmax_equals_clip(bool off = false) {
  return exact_identity("every S: (p'_i, M, sigma = sum p')", 3, 2,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &pp = x[0], &m = x[1], &sigma = x[2];
                          return pp * m / (m * sigma) - pp / (off ? -sigma : sigma);
                        });
}

/// B.jacobian-kernel-rank: (J1)_i = p_i − p_iσ with σ = Σp = 1, and (C diag(1/p) J v)_i = (v_i − μ) − (V −
/// nμ)/n with μ = ⟨p, v⟩, V = Σv = 0 on T, n = S: variables (p_i, v_i, μ, n). `off`: the sign of μ in the
/// mean flipped.
inline IdentityPiece kernel_rank(bool off = false) {
  return exact_identity("every S: (p_i, v_i, mu = <p, v>, n = S), sigma = sum p = 1, V = sum v = 0", 4, 2,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &p = x[0], &v = x[1], &mu = x[2], &n = x[3], sigma(1), V(0);
                          const Exact back = (p * v - p * mu) / p; // (diag(1/p) J v)_i
                          const Exact mean = (V - (off ? -n : n) * mu) / n;
                          XVec r;
                          r.push_back(p - p * sigma); // (J1)_i
                          r.push_back(back - mean - v);
                          return r;
                        });
}

/// B.jacobian-variance-form: the four forms in the moments σ = Σp (= 1), μ = Σp_iv_i, m₂ = Σp_iv_i²: vᵀJv =
/// m₂ − μ², c ΣΣp_ip_j(v_i − v_j)² = c(2σm₂ − 2μ²), Var = m₂ − 2μ² + σμ²; variables (μ, m₂). `off`: +μ² in
/// vᵀJv.
inline IdentityPiece variance_form(bool off = false) {
  return exact_identity("every S: in the moments (mu = <p, v>, m2 = <p, v^2>), sigma = sum p = 1", 2, 3,
                        [off](const XVec& x, const RationalConstants& k) {
                          const Exact &mu = x[0], &m2 = x[1], sigma(1);
                          const Exact quadratic = off ? Exact(m2 + mu * mu) : Exact(m2 - mu * mu);
                          const Exact moments = m2 - mu * mu;
                          const Exact pairwise = k("half") * (2 * sigma * m2 - 2 * mu * mu);
                          const Exact variance = m2 - 2 * mu * mu + sigma * mu * mu;
                          XVec r;
                          r.push_back(quadratic - moments);
                          r.push_back(moments - pairwise);
                          r.push_back(pairwise - variance);
                          return r;
                        });
}

/// Entry (i, l) of the claim's N(a, b) (Lemma B.3; index 0 the differentiated coordinate θ₁, a = p₁, 1 − a
/// the mass of the others): (1 − a)(1 − 2a), −(1 − 2a)p_l, −(1 − 2a)p_i, or two·p_ip_l − [i = l]p_i. Shared
/// by the per-S pieces and the every-S identity, so both check the same formula.
template <class P>
Exact dJ_block_entry(std::size_t i, std::size_t l, const P& p, const Exact& a, const Exact& one_minus_a,
                     const Exact& two) {
  const Exact one_minus_2a = one_minus_a - a;
  if (i == 0 && l == 0)
    return one_minus_a * one_minus_2a;
  if (i == 0)
    return -one_minus_2a * p[l];
  if (l == 0)
    return -one_minus_2a * p[i];
  return two * p[i] * p[l] - (i == l ? p[i] : Exact(0));
}

/// Entry (i, l) of the claim's DJ[e₁] = diag(ṗ) − ṗpᵀ − pṗᵀ with ṗ = J e₁.
template <class P> Exact dJ_directional_entry(std::size_t i, std::size_t l, const P& p, const P& pd) {
  return (i == l ? pd[i] : Exact(0)) - pd[i] * p[l] - p[i] * pd[l];
}

/// B.percoord-dJ-block-formula: entries (i, l) of ∂_{θ₁}J for i, l ∈ {1, a, b} (slots 0, 1, 2; every pattern
/// of (i, l) among them), with the other coordinates in R = ΣE − E₁ − E_a − E_b (constant in θ₁) and 1 − a =
/// (σ − E₁)/σ: a jet in θ₁, variables (E₁, E_a, E_b, R). `off`: 1 − a without R.
inline IdentityPiece block_formula(bool off = false) {
  return exact_identity("every S: (E_1, E_a, E_b, R = sum of the other E), every pattern of (i, l)", 4, 4,
                        [off](const XVec& x, const RationalConstants& k) {
                          using J = Jet<Exact, 1, 1>;
                          const std::array<J, 3> e{exp_jet<1, 1>(x[0], 0), J(x[1]), J(x[2])};
                          const J sigma = e[0] + e[1] + e[2] + J(x[3]);
                          std::array<J, 3> pj;
                          std::array<Exact, 3> p, pd;
                          for (std::size_t i = 0; i < 3; ++i) {
                            pj[i] = e[i] / sigma;
                            p[i] = pj[i].v;
                            pd[i] = p[i] * (Exact(i == 0 ? 1 : 0) - p[0]); // ṗ = J e₁
                          }
                          const Exact a = p[0];
                          const Exact one_minus_a = (sigma.v - e[0].v - (off ? x[3] : Exact(0))) / sigma.v;
                          XVec r;
                          for (std::size_t i = 0; i < 3; ++i)
                            for (std::size_t l = 0; l < 3; ++l) {
                              const Exact n = dJ_block_entry(i, l, p, a, one_minus_a, k("two"));
                              const Exact directional = dJ_directional_entry(i, l, p, pd);
                              const J entry = pj[i] * (J(Exact(i == l ? 1 : 0)) - pj[l]); // J_il
                              r.push_back(directional - a * n);
                              r.push_back(entry.g[0] - a * n);
                            }
                          return r;
                        });
}

/// B.hessian-formula: ∂_l∂_k p_i of p_i = E_i/σ with the other coordinates in R = σ − E₁ − E₂ − E₃ (constant
/// in the three slots' θ), second-order jets in three slots, every (i, k, l) ∈ {1, 2, 3}³ (every equality
/// pattern of three indices). `off`: the sign of the p_k(δ_kl − p_l) term flipped.
inline IdentityPiece hessian_formula(bool off = false) {
  return exact_identity("every S: (E_1, E_2, E_3, R = sum of the other E), every pattern of (i, k, l)", 4, 4,
                        [off](const XVec& x, const RationalConstants&) {
                          using J = Jet<Exact, 3, 2>;
                          std::array<J, 3> e;
                          for (std::size_t j = 0; j < 3; ++j)
                            e[j] = exp_jet<3, 2>(x[j], j);
                          const J sigma = e[0] + e[1] + e[2] + J(x[3]);
                          std::array<J, 3> pj;
                          std::array<Exact, 3> p;
                          for (std::size_t j = 0; j < 3; ++j) {
                            pj[j] = e[j] / sigma;
                            p[j] = pj[j].v;
                          }
                          auto delta = [](std::size_t a, std::size_t b) { return Exact(a == b ? 1 : 0); };
                          const Exact sign(off ? 1 : -1);
                          XVec r;
                          for (std::size_t i = 0; i < 3; ++i)
                            for (std::size_t k = 0; k < 3; ++k)
                              for (std::size_t l = 0; l < 3; ++l) {
                                const Exact closed = p[i] * ((delta(i, l) - p[l]) * (delta(i, k) - p[k]) +
                                                             sign * p[k] * (delta(k, l) - p[l]));
                                r.push_back(pj[i].hess(k, l) - closed);
                              }
                          return r;
                        });
}

/// B.chain-B-factorization, entry (i, k) on one case (i ∈ A?, k ∈ A?, i = k?): with m = max(p, δ⋆) on the
/// mask and σ_m = Σm, the entry involves the other coordinates only through P = Σ_{l ∈ A∖{i,k}} p_l, the
/// clipped mass N = δ⋆·#{l ∉ A ∪ {i, k}} and the column mean μ of DP's column k (the C of DP = C diag(1_A/p)
/// J_θ, cancelled by J_q 1 = 0): variables (p_i unless i = k, p_k, P, δ⋆, N, μ). The θ_k-derivatives are
/// B.softmax-jacobian-formula's: ∂_k p_l = p_l(δ_lk − p_k), so ∂_k P = −p_k P (first-order jets in θ_k). The
/// derivative of q_i = m_i/σ_m is compared with (J_q DP)_ik and with the quotient rule's entry. Each residual
/// times σ_m² is a polynomial of degree ≤ 3 in each variable (grid of degree 4). `off`: μ's sign flipped in
/// Σ_l q_l DP_lk (then it does not cancel).
inline IdentityPiece chain(bool i_active, bool k_active, bool same, bool off = false) {
  const std::string label = std::string("every S: i ") + (i_active ? "in" : "not in") + " A, k " +
                            (k_active ? "in" : "not in") + " A" + (same ? ", i = k" : ", i != k");
  return exact_identity(
      label, same ? 5 : 6, 4, [i_active, k_active, same, off](const XVec& x, const RationalConstants&) {
        using J1 = Jet<Exact, 1, 1>;
        const std::size_t o = same ? 0 : 1; // the offset of p_k
        const Exact pk = x[o], P = x[o + 1], ds = x[o + 2], N = x[o + 3], mu = x[o + 4];
        const Exact pi = same ? pk : x[0];
        auto jet = [](const Exact& v, const Exact& d) {
          J1 j(v);
          j.g[0] = d;
          return j;
        };
        const J1 jk = jet(pk, pk * (1 - pk)), jp = jet(P, -(P * pk)), ji = same ? jk : jet(pi, -(pi * pk));
        const J1 mk = k_active ? jk : J1(ds), mi = same ? mk : (i_active ? ji : J1(ds));
        const J1 sigma = same ? J1(jp + J1(N) + mk) : J1(jp + J1(N) + mk + mi);
        const J1 qi = mi / sigma;
        const Exact s = sigma.v, q_i = qi.v, q_k = mk.v / s;
        // P_A = Σ_{l∈A} p_l and Σ_l q_l = Σ_l m_l/σ_m
        const Exact pa = P + (k_active ? pk : Exact(0)) + (!same && i_active ? pi : Exact(0));
        const Exact sum_q = (same ? Exact(P + N + mk.v) : Exact(P + N + mk.v + mi.v)) / s;
        // DP_lk = 1_A(l)(δ_lk − p_k) − μ; J_θ[l][k] = p_l(δ_lk − p_k)
        const Exact dp_ik = (i_active ? Exact((same ? 1 : 0) - pk) : Exact(0)) - mu;
        const Exact sum_qdp =
            (k_active ? q_k : Exact(0)) - pk * pa / s - (off ? -mu : mu) * sum_q; // Σ_l q_l DP_lk
        const Exact product = q_i * dp_ik - q_i * sum_qdp;                        // (J_q DP)_ik
        const Exact j_ik = same ? Exact(pk * (1 - pk)) : Exact(-(pi * pk));
        const Exact sum_j = (k_active ? pk : Exact(0)) - pk * pa; // Σ_{l∈A} J_θ[l][k]
        const Exact quotient = ((i_active ? j_ik : Exact(0)) - q_i * sum_j) / s;
        XVec r;
        r.push_back(product - qi.g[0]);
        r.push_back(quotient - qi.g[0]);
        return r;
      });
}
/// The six cases of chain (i ≠ k: four; i = k: two).
inline std::vector<IdentityPiece> chain_cases(bool off = false) {
  std::vector<IdentityPiece> out;
  for (const bool ia : {false, true})
    for (const bool ka : {false, true})
      out.push_back(chain(ia, ka, false, off));
  for (const bool a : {false, true})
    out.push_back(chain(a, a, true, off));
  return out;
}

/// B.clip-floor (and B.clip-floor-design at c = 1), coordinate i for every S: with Σn = Σ_j min(p_j, δ⋆), F =
/// Σn − δ⋆ and Σm = Σ_j max(p_j, δ⋆) = 1 + Sδ⋆ − Σn (max + min = p_j + δ⋆ termwise, Σp = 1) = 1 + s − F, s =
/// (S − 1)δ⋆, and m_i = δ⋆ + r_i (r_i = max(p_i − δ⋆, 0)): D(cδ_min − q_i) = (1 + s)[(c − 1)δ⋆ − cδ⋆Fτ − r_i]
/// with D = (1 + s)Σm > 0 and τ = 1/(1 + s) (the score of clip_floor_every_s_piece). Variables (δ⋆, Σn, n =
/// S, r_i[, c]). A step to a score (flagged, as the per-S active-pattern identities). `off`: the F term
/// dropped.
inline IdentityPiece clip_floor(bool fixed_c, bool off = false) {
  return rearrangement_identity(
      std::string(
          "every S: D (c delta_min - q_i) = (1 + s)[(c - 1) delta* - c delta* F tau - r_i] in (delta*, "
          "sum min(p, delta*), n = S, r_i") +
          (fixed_c ? "), c = 1" : ", c)"),
      fixed_c ? 4 : 5, 3, [fixed_c, off](const XVec& x, const RationalConstants&) {
        const Exact &ds = x[0], &sum_n = x[1], &n = x[2], &r = x[3];
        const Exact c = fixed_c ? Exact(1) : x[4];
        const Exact s = (n - 1) * ds, F = sum_n - ds, sum_m = 1 + n * ds - sum_n, tau = 1 / (1 + s);
        const Exact claim = c * ds / (1 + s) - (ds + r) / sum_m; // c δ_min − q_i
        const Exact score = (c - 1) * ds - (off ? Exact(0) : Exact(c * ds * F * tau)) - r;
        return (1 + s) * sum_m * claim - (1 + s) * score;
      });
}
inline IdentityPiece clip_floor_free_c(bool off = false) {
  return clip_floor(false, off);
}
inline IdentityPiece clip_floor_c1(bool off = false) {
  return clip_floor(true, off);
}

/// B.clip-floor-design for every S: δ⋆ = aδ̲/(1 − (n − 1)δ̲) gives δ_min(δ⋆) = δ̲ and 1 − δ⋆ = (1 − nδ̲)/(1 −
/// (n − 1)δ̲) with n = S a free real; variables (δ̲, n). `off`: (n − 1) → n in δ_min.
inline IdentityPiece clip_floor_design(bool off = false) {
  return exact_identity("every S: delta_min(delta*) = delta_low and 1 - delta* in (delta_low, n = S)", 2, 3,
                        [off](const XVec& x, const RationalConstants& k) {
                          const Exact &low = x[0], &n = x[1], s1 = n - 1;
                          const Exact ds = k("a") * low / (1 - s1 * low);
                          XVec r;
                          r.push_back(ds / (1 + (off ? n : s1) * ds) - low);
                          r.push_back((1 - ds) - (1 - n * low) / (1 - s1 * low));
                          return r;
                        });
}

/// B.Xi-closed-form for every m: x = δ + eq with Σq = 1 gives Σx² = mδ² + 2δeΣq + e²Q₂ (Q₂ = Σq²), so Σx² −
/// Ξ_m(M; δ) = −e²(1 − Q₂) with M = mδ + e; the attained point x⋆ = (M − (m − 1)δ, δ, …, δ) has Σx⋆² = Ξ_m
/// and x⋆₁ − δ = e. Variables (δ, e, m, Q₂). `off`: the cross term 2δeΣq dropped.
inline IdentityPiece xi_closed_form(bool off = false) {
  return exact_identity("every m: (delta, e, m, Q2 = sum q^2), sum q = 1", 4, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &delta = x[0], &e = x[1], &m = x[2], &q2 = x[3], sum_q(1);
                          const Exact big_m = m * delta + e;
                          const Exact first = big_m - (m - 1) * delta; // x⋆₁
                          const Exact closed = first * first + (m - 1) * delta * delta;
                          const Exact sum_x2 = m * delta * delta +
                                               (off ? Exact(0) : Exact(2 * delta * e * sum_q)) + e * e * q2;
                          XVec r;
                          r.push_back(sum_x2 - closed + e * e * (1 - q2));
                          r.push_back((first * first + (m - 1) * delta * delta) - closed); // Σx⋆²
                          r.push_back(first - delta - e);
                          return r;
                        });
}

/// B.loewner-lower and B.jacobian-pd-on-T for every S, in the minimum-coordinate chart p_i = t + s_i (t =
/// p_min, s_i ≥ 0, Σs = 1 − nt, n = S) with v ∈ T (Σv = 0): vᵀJv = Σp_iv_i² − μ² (B.jacobian-variance-form)
/// = tN₂ + B₂ − μ² with N₂ = ‖v‖², B₂ = Σs_iv_i², μ = ⟨p, v⟩ = Σs_iv_i. Then
///   c t N₂ − vᵀJv = (c − 1)tN₂ − tnμ² − W,  W = Σs_i(v_i − μ)² = B₂ − 2μ² + μ²(1 − nt)   (`pd` false),
///   n t² N₂ − vᵀJv = −P,  P = Σ_{i<j}(t(s_i + s_j) + s_is_j)(v_i − v_j)² = t(nB₂ + (1 − nt)N₂) + (1 − nt)B₂
///   − μ²
/// (`pd`; the pair sum expanded: Σ_jΣ_i s_i(v_i − v_j)² = nB₂ + Σs·N₂, Σ_{i<j}s_is_j(v_i − v_j)² = ΣsB₂ −
/// μ²). Steps to the scores (flagged, as the per-S min-chart identities). Variables (t, N₂, B₂, μ, n[, c]).
/// `off`: −tnμ² (resp. −μ² in P) dropped.
inline IdentityPiece min_chart(bool pd, bool off = false) {
  return rearrangement_identity(
      pd ? "every S: n t^2 |v|^2 - v^T J v = -sum_{i<j} (t (s_i + s_j) + s_i s_j)(v_i - v_j)^2 in (t, |v|^2, "
           "sum s v^2, mu, n)"
         : "every S: c t |v|^2 - v^T J v = (c - 1) t |v|^2 - t n mu^2 - sum s_i (v_i - mu)^2 in (t, |v|^2, "
           "sum "
           "s v^2, mu, n, c)",
      pd ? 5 : 6, 3, [pd, off](const XVec& x, const RationalConstants&) {
        const Exact &t = x[0], &n2 = x[1], &b2 = x[2], &mu = x[3], &n = x[4];
        const Exact quad = t * n2 + b2 - mu * mu, sum_s = 1 - n * t;
        if (pd) {
          const Exact pairs = t * (n * b2 + sum_s * n2) + sum_s * b2 - (off ? Exact(0) : Exact(mu * mu));
          return (n * t * t * n2 - quad) + pairs;
        }
        const Exact& c = x[5];
        const Exact w = b2 - 2 * mu * mu + mu * mu * sum_s;
        const Exact structural = (c - 1) * t * n2 - (off ? Exact(0) : Exact(t * n * mu * mu)) - w;
        return (c * t * n2 - quad) - structural;
      });
}
inline IdentityPiece min_chart_lower(bool off = false) {
  return min_chart(false, off);
}
inline IdentityPiece min_chart_pd(bool off = false) {
  return min_chart(true, off);
}

/// Every claim's every-S identities, as builders of `off` (the certificates add the builders' off = false
/// pieces; the tests check that off = true is refused).
inline std::vector<std::pair<std::string, std::function<std::vector<IdentityPiece>(bool)>>>
every_s_families() {
  auto one = [](IdentityPiece (*f)(bool)) {
    return std::function<std::vector<IdentityPiece>(bool)>([f](bool off) { return std::vector{f(off)}; });
  };
  return {{"B.softmax-translation", one(translation)},
          {"B.softmax-jacobian-formula", one(jacobian_formula)},
          {"B.softmax-inverse",
           [](bool off) {
             return std::vector{inverse_left(off), inverse_right(off)};
           }},
          {"B.log-ratio", one(log_ratio)},
          {"B.gauge-uniqueness", one(gauge)},
          {"B.lift-normalization-cancel", one(normalization_cancel)},
          {"B.lift-softmax-equals-clip", one(softmax_equals_clip)},
          {"B.jacobian-kernel-rank", one(kernel_rank)},
          {"B.jacobian-variance-form", one(variance_form)},
          {"B.percoord-dJ-block-formula", one(block_formula)},
          {"B.hessian-formula", one(hessian_formula)},
          {"B.chain-B-factorization", chain_cases},
          {"B.clip-floor", one(clip_floor_free_c)},
          {"B.Xi-closed-form", one(xi_closed_form)},
          {"B.loewner-lower", one(min_chart_lower)},
          {"B.jacobian-pd-on-T", one(min_chart_pd)},
          {"B.clip-floor-design", [](bool off) {
             return std::vector{clip_floor_design(off), clip_floor_c1(off)};
           }}};
}

} // namespace dcrv::certify::b_every_s
