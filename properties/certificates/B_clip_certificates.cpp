// Certificates of App. B §B.4–B.5 (clip–renormalise and the logit lift; properties/B_clip_lift.cpp): exact
// identities (certify/exact_identity.hpp) in the substitutions of B_jacobian_certificates.cpp's header.
//
// Notation as in the claim file: p = softmax(θ), p′ = max(p, δ⋆), 𝒞_{δ⋆}(p) = p′/‖p′‖₁, P(θ) = C log p′,
// DP(θ) = C diag(1_A/p) J_θ with the active set A = {i : p_i > δ⋆}, B(θ) = J_{P(θ)} DP(θ).
// The lift's identities hold for every positive vector p′, so with p′ as free positive variables they cover
// every θ ∈ ℝ^S and every δ⋆ ∈ (0,1). The chain rule B = D_θ softmax(P(θ)) holds off the kink set, where the
// active set A is locally constant: per A it is a rational identity in (E, δ⋆) (the mask fixed), proved as a
// formal identity (so also at grid points whose p does not realise A).
#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/B_every_s.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"
#include "properties/certificates/tangent_eigen_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace softmax_exact;

// ---------------------------------------------------------------------------------------------------------
// B.lift-normalization-cancel: C log p′ = C log(p′/‖p′‖₁).
// ---------------------------------------------------------------------------------------------------------

IdentityPiece normalization_cancel_piece(std::size_t S) {
  return exact_identity(s_label(S), S + 1, 1, [S](const XVec& x, const RationalConstants&) {
    const XVec log_pp = slice(x, 0, S); // L_i = log p′_i
    XVec log_q(log_pp);                 // log(p′_i/‖p′‖₁) = L_i − Λ
    for (auto& l : log_q)
      l -= x[S];
    return difference(centred(log_pp), centred(log_q));
  });
}

DCRV_CERTIFICATE(lift_normalization_cancel) {
  Certificate c;
  c.claim = "B.lift-normalization-cancel";
  c.domain =
      "every S >= 2 (the every-S identity; term by term S = 2, ..., 6); every theta in R^S and every "
      "delta* in (0,1) (the identity holds for every positive p' = max(p_theta, delta*)); no exclusion";
  c.method = "log(p'_i/||p'||_1) = L_i - Lambda with L_i = log p'_i and Lambda = log ||p'||_1 as free "
             "variables: C L - C(L - Lambda 1) is linear (degree 1), zero on the grid hence identically";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    c.identities.push_back(normalization_cancel_piece(S));
  c.identities.push_back(b_every_s::normalization_cancel());
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.reductions.push_back(
      {"coordinate i of C L - C(L - Lambda 1) is (L_i - A/S) - ((L_i - Lambda) - (A - S Lambda)/S) with A = "
       "sum L: the other coordinates enter only through A, and S as a free real n, in the every-S identity; "
       "the full-coordinate identity is checked for S = 2..6 as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.lift-softmax-equals-clip (eq. smP-equals-clip): softmax(P(θ)) = 𝒞_{δ⋆}(p_θ).
// ---------------------------------------------------------------------------------------------------------

IdentityPiece softmax_equals_clip_piece(std::size_t S) {
  return exact_identity(s_label(S), S + 1, 3, [S](const XVec& x, const RationalConstants&) {
    const XVec pp = slice(x, 0, S); // p′ > 0
    XVec e;                         // exp(P_i) = p′_i·M, M = e^{−mean log p′}
    for (const auto& v : pp)
      e.push_back(v * x[S]);
    return difference(normalise(e), normalise(pp)); // softmax(P(θ)) and p′/‖p′‖₁
  });
}

DCRV_CERTIFICATE(lift_softmax_equals_clip) {
  Certificate c;
  c.claim = "B.lift-softmax-equals-clip";
  c.domain =
      "every S >= 2 (the every-S identity; term by term S = 2, ..., 6); every theta in R^S and every "
      "delta* in (0,1) (the identity holds for every positive p' = max(p_theta, delta*)); no exclusion";
  c.method = "exp(P(theta)_i) = p'_i M with M = exp(-<1, log p'>/S) (times the max-shift of softmax) a free "
             "positive variable: softmax(P)_i - p'_i/sum p' = p'_i M/(M sum p') - p'_i/sum p', times "
             "M (sum p')^2 a polynomial of degree <= 2 in each variable (grid of degree 3); zero on the grid "
             "hence identically";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    c.identities.push_back(softmax_equals_clip_piece(S));
  c.identities.push_back(b_every_s::softmax_equals_clip());
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.reductions.push_back(
      {"coordinate i of softmax(P(theta)) is p'_i M/sum_j p'_j M = p'_i M/(M sigma) with sigma = sum p': the "
       "other coordinates enter only through sigma, a free variable of the every-S identity; the "
       "full-coordinate identity is checked for S = 2..6 as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.chain-B-factorization: J_{P(θ)} DP(θ) = D_θ softmax(P(θ)) off the kink set, per active set A.
// ---------------------------------------------------------------------------------------------------------

std::string mask_label(std::size_t S, unsigned mask) {
  std::string a;
  for (std::size_t i = 0; i < S; ++i)
    if (mask & (1u << i))
      a += (a.empty() ? "" : ",") + std::to_string(i + 1);
  return s_label(S) + ", A = {" + a + "}";
}

template <std::size_t S> IdentityPiece chain_piece(unsigned mask) {
  return exact_identity(mask_label(S, mask), S + 1, 3, [mask](const XVec& x, const RationalConstants&) {
    using J1 = Jet<Exact, S, 1>;
    const auto pj = softmax_jets<S, 1>(x); // p(θ) at θ = log E, with its θ-gradient
    const Exact ds = x[S];
    auto active = [mask](std::size_t i) { return (mask & (1u << i)) != 0; };
    XVec p;
    for (const auto& v : pj)
      p.push_back(v.v);
    // m = max(p, δ⋆) with the mask fixed: m_i = p_i (i ∈ A), δ⋆ (i ∉ A); q = m/Σm = softmax(P(θ))
    std::vector<J1> m;
    for (std::size_t i = 0; i < S; ++i)
      m.push_back(active(i) ? pj[i] : J1(ds));
    const auto qj = normalise(m);
    XVec q;
    for (const auto& v : qj)
      q.push_back(v.v);
    Exact total(0);
    for (const auto& v : m)
      total += v.v;
    // DP = C diag(1_A/p) J_θ (logit_lift_jacobian), J_{P(θ)} = diag(q) − qqᵀ
    const auto jt = jacobian_of(p), jp = jacobian_of(q);
    std::vector<XVec> dp(S, XVec(S));
    for (std::size_t k = 0; k < S; ++k) {
      XVec col(S);
      for (std::size_t i = 0; i < S; ++i)
        col[i] = active(i) ? Exact(jt[i][k] / p[i]) : Exact(0);
      col = centred(col);
      for (std::size_t i = 0; i < S; ++i)
        dp[i][k] = col[i];
    }
    XVec r;
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t k = 0; k < S; ++k) {
        Exact product(0), quotient(0);
        for (std::size_t l = 0; l < S; ++l) {
          product += jp[i][l] * dp[l][k];
          if (active(l)) // (I − q1ᵀ) diag(1_A) J_θ / Σm
            quotient += (Exact(i == l ? 1 : 0) - q[i]) * jt[l][k];
        }
        quotient /= total;
        const Exact derivative = qj[i].g[k]; // D_θ softmax(P(θ)), exact
        r.push_back(product - derivative);
        r.push_back(quotient - derivative);
      }
    return r;
  });
}

template <std::size_t S> void add_chain_pieces(Certificate& c) {
  for (unsigned mask = 0; mask < (1u << S); ++mask)
    c.identities.push_back(chain_piece<S>(mask));
}

DCRV_CERTIFICATE(chain_B_factorization) {
  Certificate c;
  c.claim = "B.chain-B-factorization";
  c.domain = "every S >= 2 and every active set A (the every-S identities; term by term S = 2, 3, 4); every "
             "theta in R^S off the kink set and every delta* in (0,1)";
  c.method =
      "off the kink set the active set A is locally constant, so D_theta softmax(P(theta)) is the "
      "derivative of q = m/sum m with m_i = p_i (i in A), delta* (i not in A), and softmax(P(theta)) = q "
      "(B.lift-softmax-equals-clip, certified); with E = exp(theta) the derivative is exact by jets over "
      "the rationals. J_q DP (DP = C diag(1_A/p) J_theta) and the quotient rule (I - q 1^T) diag(1_A) "
      "J_theta/sum m are compared with it entrywise; with sigma = sum m sum E each difference times "
      "sigma^2 sum E is a polynomial of degree <= 3 in each E_j and <= 2 in delta* (grid of degree 3), "
      "zero on the grid (a formal identity per mask) hence identically";
  std::size_t pieces = 0, identities = 0;
  add_chain_pieces<2>(c);
  tag_new_parts(c, pieces, identities, "S", 2);
  add_chain_pieces<3>(c);
  tag_new_parts(c, pieces, identities, "S", 3);
  add_chain_pieces<4>(c);
  tag_new_parts(c, pieces, identities, "S", 4);
  for (auto& piece : b_every_s::chain_cases())
    c.identities.push_back(std::move(piece));
  c.paper = {{"S", 2, kUnbounded}}; // every S >= 2 (theta, delta*: free variables of the identities)
  c.reductions.push_back(
      {"entry (i, k) of J_q DP, of the quotient rule and of D_theta softmax(P(theta)) = D_theta q (q = "
       "m/sum m) depends on A only through whether i, k are in A and i = k, and on the other coordinates "
       "only through P = sum of p over A minus {i, k}, the clipped mass N = delta* #(clipped coordinates "
       "other than i, k) and the column mean mu of DP (cancelled by J_q 1 = 0); with d_k p_l = p_l "
       "(delta_lk - p_k) (B.softmax-jacobian-formula, whole) d_k P = -p_k P, so the six every-S identities "
       "in (p_i, p_k, P, delta*, N, mu) cover every S and A; the full-coordinate identity (exact "
       "theta-derivatives) is checked for S = 2, 3, 4 and every A as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.clip-floor (§B.4 "Definition and effective floor"): min_i 𝒞_{δ⋆}(p)_i ≥ c δ_min, δ_min = δ⋆/(1+(S−1)δ⋆).
//
// Per coordinate i, with m = max(p, δ⋆), n = min(p, δ⋆), r = max(p − δ⋆, 0) (so m = δ⋆ + r, n = p − r) and
// D = (1 + (S−1)δ⋆)Σm > 0:
//   D·(c δ_min − q_i) = cδ⋆Σm − m_i(1 + (S−1)δ⋆) = −δ⋆F − r_i(1 + (S−1)δ⋆) + (c − 1)δ⋆Σm,   F = Σ_j n_j − δ⋆,
// an identity of polynomials on each active pattern (Σp = 1 used), proved by exact pieces. F ≥ 0 (one n_j is
// δ⋆ unless every p_j < δ⋆, and then Σn = 1), and F has the equivalent forms
//   F = Σ_{j≠k} n_j − max(δ⋆ − p_k, 0)  (every k)   and   F = 1 − δ⋆ − Σ_j r_j,
//   F = min(Σ_{j≠k} p_j, 1 − δ⋆) − Σ_{j≠k} r_j  (every k; 1 − max(p_k, δ⋆) = min(1 − p_k, 1 − δ⋆)),
// of which the score uses one whose interval enclosure is structurally ≥ 0 on the box (the first with
// p_k > δ⋆ decided, else the second with p_k ≥ δ⋆ possible, else the last): the choice only selects among
// equal expressions, so it is sound for every point of the box. At c = 1 the score is then ≤ 0 term by term;
// c > 1 makes it positive near the vertices.
// ---------------------------------------------------------------------------------------------------------

/// a > b when the enclosures decide it, false otherwise (never throws): selects among equal expressions only.
template <class X> bool decided_greater(const X& a, const X& b) {
  try {
    return a > b;
  } catch (const straddle_error&) {
    return false;
  }
}

/// D·(c δ_min − q_i) in the form of the header, over raw (u ∈ [0,1]^{S−1} stick-breaking, δ⋆); `fixed_c`: c =
/// 1 (B.clip-floor-design, whose constant is a).
template <std::size_t S> Piece clip_floor_piece(std::size_t i, bool fixed_c) {
  return interval_simplex::simplex_unit_piece<S>(
      s_label(S) + ", i = " + std::to_string(i + 1),
      [i, fixed_c](const auto& p, const auto& ds, const Constants& k) {
        using X = std::decay_t<decltype(ds)>;
        std::array<X, S> n, r;
        X sum_m(0), sum_r(0);
        for (std::size_t j = 0; j < S; ++j) {
          n[j] = min(p[j], ds);
          r[j] = max(p[j] - ds, X(0));
          sum_m += max(p[j], ds);
          sum_r += r[j];
        }
        // F ≥ 0 in a form whose enclosure is ≥ 0 on the box: p_k > δ⋆ decided ⇒ Σ_{j≠k} n_j − max(δ⋆ − p_k,
        // 0); else p_k near δ⋆ ⇒ min(Σ_{j≠k} p_j, 1 − δ⋆) − Σ_{j≠k} r_j; else (every p_j < δ⋆) 1 − δ⋆ − Σr
        // = 1 − δ⋆
        X F = X(1) - ds - sum_r;
        std::size_t active = S, near = S;
        for (std::size_t kk = 0; kk < S; ++kk) {
          if (active == S && decided_greater(p[kk], ds))
            active = kk;
          if (near == S && !decided_greater(ds, p[kk]))
            near = kk;
        }
        if (active < S || near < S) {
          const std::size_t kk = active < S ? active : near;
          X n_rest(0), p_rest(0), r_rest(0);
          for (std::size_t j = 0; j < S; ++j)
            if (j != kk)
              n_rest += n[j], p_rest += p[j], r_rest += r[j];
          F = active < S ? X(n_rest - max(ds - p[kk], X(0))) : X(min(p_rest, X(1) - ds) - r_rest);
        }
        X score = -(ds * F) - r[i] * (X(1) + X(static_cast<int>(S) - 1) * ds);
        if (!fixed_c)
          score += (k("c") - X(1)) * ds * sum_m;
        return score;
      });
}

/// The exact identity of the header on one active pattern: variables (p₁..p_{S−1}, δ⋆, c), p_S = 1 − Σ.
IdentityPiece clip_floor_identity_piece(std::size_t S, unsigned mask, bool fixed_c) {
  return exact_identity(mask_label(S, mask), fixed_c ? S : S + 1, 3,
                        [S, mask, fixed_c](const XVec& x, const RationalConstants&) {
                          XVec p(S);
                          Exact last(1);
                          for (std::size_t j = 0; j + 1 < S; ++j) {
                            p[j] = x[j];
                            last -= x[j];
                          }
                          p[S - 1] = last;
                          const Exact ds = x[S - 1], c = fixed_c ? Exact(1) : x[S];
                          XVec m(S), n(S), r(S);
                          Exact sum_m(0), sum_n(0), sum_r(0);
                          for (std::size_t j = 0; j < S; ++j) {
                            const bool active = (mask & (1u << j)) != 0; // p_j ≥ δ⋆ on this pattern
                            m[j] = active ? p[j] : ds;
                            n[j] = active ? ds : p[j];
                            r[j] = active ? Exact(p[j] - ds) : Exact(0);
                            sum_m += m[j], sum_n += n[j], sum_r += r[j];
                          }
                          const Exact spread = Exact(1) + Exact(static_cast<long>(S) - 1) * ds;
                          const Exact F = sum_n - ds;
                          XVec res;
                          res.push_back(F - (Exact(1) - ds - sum_r)); // the form 1 − δ⋆ − Σr
                          for (std::size_t k = 0; k < S; ++k) {
                            const bool active = (mask & (1u << k)) != 0;
                            // Σ_{j≠k} n_j − max(δ⋆ − p_k, 0)
                            res.push_back(F - (sum_n - n[k] - (active ? Exact(0) : Exact(ds - p[k]))));
                            // min(Σ_{j≠k} p_j, 1 − δ⋆) − Σ_{j≠k} r_j, with Σ_{j≠k} p_j = 1 − p_k
                            const Exact p_rest = Exact(1) - p[k];
                            res.push_back(F - ((active ? p_rest : Exact(Exact(1) - ds)) - (sum_r - r[k])));
                          }
                          for (std::size_t i = 0; i < S; ++i) {
                            const Exact claim = c * ds / spread - m[i] / sum_m; // c δ_min − q_i
                            const Exact structural = -(ds * F) - r[i] * spread + (c - 1) * ds * sum_m;
                            res.push_back(spread * sum_m * claim - structural);
                          }
                          return res;
                        });
}

/// The every-S piece of B.clip-floor (`design`: c = 1): the score (c − 1)δ⋆ − cδ⋆Fτ − r_i of
/// b_every_s::clip_floor over (δ⋆, τ, F, r_i) ∈ [0, 1]^4, which holds every value these take for every S
/// (the reduction in add_clip_floor).
Piece clip_floor_every_s_piece(bool design) {
  Piece piece =
      make_piece<4>("every S: (c - 1) delta* - c delta* F tau - r_i, (delta*, tau, F, r_i) in [0, 1]^4",
                    {unit_box(4)}, [design](const auto& x, const Constants& k) {
                      using X = std::decay_t<decltype(x[0])>;
                      const X c = design ? X(1) : X(k("c"));
                      return (c - X(1)) * x[0] - c * x[0] * x[2] * x[1] - x[3];
                    });
  piece.dims.push_back({"S", 2, kUnbounded});
  return piece;
}

/// The pieces of B.clip-floor (`design`: with c fixed to 1, for B.clip-floor-design): the branch and bound
/// per coordinate i and S = 2, 3, 4, and the exact identities per active pattern.
void add_clip_floor(Certificate& c, bool design) {
  interval_simplex::for_sizes<2, 4>(c, "S", [&]<std::size_t S>() {
    for (std::size_t i = 0; i < S; ++i)
      c.pieces.push_back(clip_floor_piece<S>(i, design));
  });
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 4; ++S)
    for (unsigned mask = 0; mask < (1u << S); ++mask)
      c.identities.push_back(clip_floor_identity_piece(S, mask, design));
  c.pieces.push_back(clip_floor_every_s_piece(design));
  c.identities.push_back(design ? b_every_s::clip_floor_c1() : b_every_s::clip_floor_free_c());
  c.reductions.push_back(
      {"coordinate i's score is, for every S, D (c delta_min - q_i) = (1 + s)[(c - 1) delta* - c delta* F "
       "tau - r_i] (every-S identity) with s = (S - 1) delta*, tau = 1/(1 + s) in (0, 1], r_i = max(p_i - "
       "delta*, 0) in [0, 1] and F = sum_j min(p_j, delta*) - delta*, through which alone the other "
       "coordinates enter (sum max(p, delta*) = 1 + s - F: max + min = p_j + delta* termwise, sum p = 1); F "
       "is in [0, 1] for every S (F <= sum p - delta* <= 1; F >= 0: if some p_k >= delta*, F = sum_{j != k} "
       "min(p_j, delta*) >= 0 termwise, else F = sum p - delta* = 1 - delta* >= 0), so the every-S piece "
       "over (delta*, tau, F, r_i) in [0, 1]^4 covers every S; the per-S pieces and the active-pattern "
       "identities check the full-coordinate form for S = 2, 3, 4",
       {"S"}});
}

DCRV_CERTIFICATE(clip_floor) {
  Certificate c;
  c.claim = "B.clip-floor";
  c.domain = "every S >= 2 (the every-S piece; term by term S = 2, 3, 4), every coordinate i; every p in the "
             "closed simplex and every delta* in [0, 1]; the "
             "second part (softmax(P(theta)) = C(p_theta), "
             "B.lift-softmax-equals-clip) with the same S and delta*";
  c.method =
      "D (c delta_min - q_i) = -delta* F - r_i (1 + (S-1) delta*) + (c - 1) delta* sum m with D = (1 + "
      "(S-1) delta*) sum m > 0, r = max(p - delta*, 0), F = sum min(p, delta*) - delta* >= 0: exact "
      "identity per active pattern (degree <= 2 per variable, grid of degree 3), with the equivalent forms "
      "of F; the right side <= 0 by interval branch and bound over (stick-breaking p, delta*), each box "
      "evaluated with a form of F whose enclosure is >= 0 there; q <= 1 trivially. Every S: the same "
      "identity in aggregates (delta*, sum min(p, delta*), S as a free real, r_i, c) reads D (c delta_min - "
      "q_i) = (1 + s)[(c - 1) delta* - c delta* F tau - r_i], s = (S - 1) delta*, tau = 1/(1 + s), and the "
      "bracket <= 0 by branch and bound over (delta*, tau, F, r_i) in [0, 1]^4 (F >= 0 for every S: the "
      "reduction)";
  c.constants = {{"c", [] { return Interval(1); }}};
  add_clip_floor(c, false);
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {", A = {"});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.clip-floor-design (§B.4, boxed): δ̲ ∈ (0, 1/S), δ⋆ = aδ̲/(1 − (S−1)δ̲) ⇒ δ⋆ ∈ (0,1), δ_min(δ⋆) = δ̲ and
// min_i 𝒞_{δ⋆}(p)_i ≥ δ̲. With a = 1 the map δ̲ ↦ δ⋆ is a bijection (0, 1/S) → (0, 1) with δ_min(δ⋆) = δ̲, so
// the floor is B.clip-floor at c = 1 over δ⋆ ∈ (0,1) (its pieces, c fixed to 1).
// ---------------------------------------------------------------------------------------------------------

/// Variables (δ̲, a): δ_min(δ⋆) − δ̲ and (1 − δ⋆) − (1 − Sδ̲)/(1 − (S−1)δ̲) (so δ⋆ < 1 ⇔ δ̲ < 1/S; δ⋆ > 0 is
/// the sign of a positive quotient).
IdentityPiece design_identity_piece(std::size_t S) {
  return exact_identity(
      s_label(S) + ", delta_min(delta*) = delta_low", 1, 3, [S](const XVec& x, const RationalConstants& k) {
        const Exact low = x[0], s1 = Exact(static_cast<long>(S) - 1);
        const Exact ds = k("a") * low / (Exact(1) - s1 * low);
        XVec r;
        r.push_back(ds / (Exact(1) + s1 * ds) - low); // clip_floor(S, δ⋆) − δ̲
        r.push_back((Exact(1) - ds) - (Exact(1) - Exact(static_cast<long>(S)) * low) / (Exact(1) - s1 * low));
        return r;
      });
}

DCRV_CERTIFICATE(clip_floor_design) {
  Certificate c;
  c.claim = "B.clip-floor-design";
  c.domain =
      "every S >= 2 (the every-S identity and piece; term by term S = 2, 3, 4); every delta_low in (0, "
      "1/S) and every p in the closed simplex";
  c.method =
      "with a = 1: delta_min(delta*) - delta_low = 0 and 1 - delta* = (1 - S delta_low)/(1 - (S-1) "
      "delta_low) are rational identities in delta_low (exact, grid of degree 3), so delta* ranges over "
      "(0, 1) and the floor min C(p) >= delta_low = delta_min(delta*) is B.clip-floor at c = 1, proved by "
      "its branch and bound over (stick-breaking p, delta* in [0, 1]) and its exact identities; every S: the "
      "design identities with S as a free real n, and B.clip-floor's every-S identity and piece at c = 1";
  c.constants = {{"a", [] { return Interval(1); }, [] { return Rational(1); }}};
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 4; ++S)
    c.identities.push_back(design_identity_piece(S));
  add_clip_floor(c, true);
  c.identities.push_back(b_every_s::clip_floor_design());
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {", A = {"});
  c.reductions.push_back({"delta_min(delta*) and delta* depend on S only as the free real n of the every-S "
                          "design identity (checked for S = 2, 3, 4 as well)",
                          {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.DP-opnorm and B.DsmP-opnorm (eq. DP-DsmP) for S = 2: ‖DP(θ)‖_op ≤ c/δ⋆ and ‖B(θ)‖_op ≤ c/δ⋆ off the kink
// set. For S = 2, DP = C diag(1_A/p)J_θ and B = J_q DP (q = softmax(P(θ)) = 𝒞_{δ⋆}(p), certified above) map
// into T = span{w}, w = (1, −1), and kill 1, so each is λ·wwᵀ/2 with λ = wᵀ(·)w/2 and its operator norm is
// |λ|. Rows of diag(1_A/p)J_θ are e_i − p for active i (J_θ's row i is p_i(e_i − p): the division by p_i done
// exactly). Per active set A the region {p_i > δ⋆ ⇔ i ∈ A} is parametrised with s ∈ [0, 1] (its closure):
//   A = {1,2}: δ⋆ = s·p₁ on u ∈ [0, ½] (p₁ = min p; u ↦ 1 − u swaps the coordinates, A and the norm are
//   invariant); A = {1}: δ⋆ = p₂ + s(p₁ − p₂), u ∈ [½, 1]; A = {2}: δ⋆ = p₁ + s(p₂ − p₁), u ∈ [0, ½];
//   A = ∅: δ⋆ = max p + s(1 − max p), u ∈ [0, 1] (DP = B = 0).
// Score δ⋆|λ| − c ≤ 0 (the claim times δ⋆ > 0).
// ---------------------------------------------------------------------------------------------------------

/// Why B.DP-opnorm and B.DsmP-opnorm stop at S = 2 (their scope.gap).
constexpr const char* kLiftNormGap =
    "an operator norm of an S x S matrix whose maximiser depends on every coordinate and on the active set: "
    "for S >= 3 it is no longer rank one (|w^T D w|/2), and needs its own closed form or a symbolic-S "
    "argument";

Piece lift_norm_piece(unsigned mask, bool composite) {
  const Interval unit(0.0, 1.0), left(0.0, 0.5), right(0.5, 1.0);
  Piece piece =
      make_piece<2>(mask_label(2, mask), {{mask == 1 ? right : (mask == 0 ? unit : left), unit}},
                    [mask, composite](const auto& x, const Constants& k) {
                      using X = std::decay_t<decltype(x[0])>;
                      const auto p = stick_breaking<2>(x);
                      const X& s = x[1];
                      X ds;
                      if (mask == 3)
                        ds = s * p[0];
                      else if (mask == 1)
                        ds = p[1] + s * (p[0] - p[1]);
                      else if (mask == 2)
                        ds = p[0] + s * (p[1] - p[0]);
                      else
                        ds = max(p[0], p[1]) + s * (X(1) - max(p[0], p[1]));
                      return ds * abs(tangent_eigen_exact::lift_lambda<X>(p, ds, mask, composite)) - k("c");
                    });
  return with_dim(piece, "S", 2); // the (u, s) charts of the active-set regions exist for S = 2 only
}

DCRV_CERTIFICATE(DP_opnorm) {
  Certificate c;
  c.claim = "B.DP-opnorm";
  c.domain =
      "S = 2 only; every theta in Theta off the kink set and every delta* in (0, 1) (closures of the four "
      "active-set regions); S >= 3 not covered";
  c.method =
      "for S = 2, DP maps into T = span{(1, -1)} and kills 1, so ||DP||_op = |w^T DP w|/2; rows of "
      "diag(1_A/p) J are e_i - p (i active); per active set A the region is parametrised by (u, s) in a "
      "box (delta* = s p_1 on u <= 1/2 for A = {1, 2} by the symmetry u <-> 1 - u, ...); score delta* "
      "||DP|| - c <= 0 by branch and bound; sup 1/2 approached at p = (1/2, 1/2), delta* -> 1/2; the step "
      "||DP||_op = |w^T DP w|/2 is the exact identity DP = lambda w w^T/2 (lambda = w^T DP w/2) for every A, "
      "in (p1, delta*)";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  for (unsigned mask = 0; mask < 4; ++mask)
    c.pieces.push_back(lift_norm_piece(mask, false));
  c.identities.push_back(tangent_eigen_exact::lift_rank_one_identity(false));
  c.scope.gap = kLiftNormGap;
  c.paper = {{"S", 2, kUnbounded}};
  return c;
}

DCRV_CERTIFICATE(DsmP_opnorm) {
  Certificate c;
  c.claim = "B.DsmP-opnorm";
  c.domain =
      "S = 2 only; every theta in Theta off the kink set and every delta* in (0, 1) (closures of the four "
      "active-set regions); S >= 3 not covered";
  c.method = "for S = 2, B = J_q DP (q = softmax(P(theta)) = C(p), B.lift-softmax-equals-clip) maps into T = "
             "span{(1, -1)} and kills 1, so ||B||_op = |w^T B w|/2; per active set A the region is "
             "parametrised by (u, s) in a box as for B.DP-opnorm; score delta* ||B|| - c <= 0 by branch and "
             "bound; sup 1/4 approached at p = (1/2, 1/2), delta* -> 1/2; the step ||B||_op = |w^T B w|/2 is "
             "the exact identity B = lambda w w^T/2 (lambda = w^T B w/2) for every A, in (p1, delta*)";
  c.constants = {{"c", [] { return Interval(0.25); }}};
  for (unsigned mask = 0; mask < 4; ++mask)
    c.pieces.push_back(lift_norm_piece(mask, true));
  c.identities.push_back(tangent_eigen_exact::lift_rank_one_identity(true));
  c.scope.gap = kLiftNormGap;
  c.paper = {{"S", 2, kUnbounded}};
  return c;
}

} // namespace
} // namespace dcrv::certify
