// Exact certificates of App. I identities (properties/I_ideal_kernel.cpp, properties/I_learnable_kernel.cpp),
// by exact rational evaluation on product grids (certify/exact_identity.hpp).
//
// I.gauge-invariance: p_i((F_i + c) − Σ_j p_j(F_j + c)) = p_i(F_i − F̄) and Σ_i p_i(F_i − F̄) = 0, F̄ = ⟨p, F⟩,
// on the plane Σp = 1 (chart p_S = 1 − Σ_{i<S} p_i), F ∈ ℝ^S and c real free: polynomial, degree ≤ 2 in
// each p_i.
//
// Block-constant kernels (§Block-constant kernels): K_ij = κ_CC (i, j < M), κ_II (i, j ≥ M), κ_CI otherwise,
// κ's free.
//   • I.block-rank: K = T B Tᵀ entrywise (degree ≤ 1 in each κ), and rank K ≤ 2 as the vanishing of every
//     3 × 3 minor of K (degree ≤ 3 in each κ). K is symmetric, so rank K is the number of its non-zero
//     eigenvalues: every 3 × 3 minor zero ⇔ rank ≤ 2 ⇔ the third largest |eigenvalue| (the claim's
//     quantity) is 0.
//   • I.block-gap-formula: at the two-level target p⋆ (p_c = (1 − Nδ)/M on C, δ on I, dcrv's
//     two_level_target), Kp⋆ is constant on C and on I and (Kp⋆)_c − (Kp⋆)_i = (κ_CC − κ_CI)(1 − Nδ) +
//     (κ_CI − κ_II)Nδ: polynomial, degree ≤ 1 in each of κ_CC, κ_II, κ_CI, δ (every real δ and κ's).
//
// I.S-opnorm (an interval branch and bound): see its section below.
//
// A residual collects the components as max |component|: zero ⇔ every component is zero, so each component
// vanishes on the grid, hence identically.
#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregates.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace softmax_exact; // XVec, plane_chart, slice, replicator, difference
using interval_simplex::add_selection_norm_pieces;
using XMat = std::vector<XVec>;

std::string sm_label(std::size_t S, std::size_t M) {
  return "S = " + std::to_string(S) + ", M = " + std::to_string(M);
}

// ---------------------------------------------------------------------------------------------------------
// App. I §Setting: adding a constant to F leaves p ⊙ (F − F̄) unchanged; Σ p_i(F_i − F̄) = 0.
// ---------------------------------------------------------------------------------------------------------

/// Variables (p₁..p_{S−1}, F₁..F_S, c).
IdentityPiece gauge_piece(std::size_t S) {
  return exact_identity("S = " + std::to_string(S), 2 * S, 2,
                        [S](const XVec& x, const RationalConstants&) -> XVec {
                          const XVec p = plane_chart(x, S);
                          const XVec F = slice(x, S - 1, S);
                          XVec shifted(F);
                          for (auto& f : shifted)
                            f += x[2 * S - 1]; // F + c
                          const XVec v = replicator(p, F);
                          XVec r = difference(replicator(p, shifted), v);
                          r.push_back(sum_of(v)); // Σ p_i(F_i − F̄) = 0
                          return r;
                        });
}

DCRV_CERTIFICATE(gauge_invariance) {
  Certificate c;
  c.claim = "I.gauge-invariance";
  c.domain =
      "every S >= 2 (the aggregate identity; term by term S = 2, 3, 4); every p of the plane sum p = 1 "
      "(so every p in the simplex), every F in R^S and every real c; no exclusion";
  c.method =
      "p_S = 1 - sum_{i<S} p_i, F and c free: each component of p (F + c - <p, F + c>) - p (F - <p, F>) "
      "and sum_i p_i (F_i - <p, F>) is a polynomial of degree <= 2 in each variable, zero on a 3^(2S) "
      "grid hence identically";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 4; ++S)
    c.identities.push_back(gauge_piece(S));
  aggregates::add_every_dimension(
      c, {aggregates::gauge_coordinate()},
      "coordinate i of p (F + c1 - <p, F + c1>) - p (F - <p, F>) involves the other coordinates only through "
      "<p, "
      "F + c1> = A + c P (linearity), A = <p, F>, P = sum p = 1, and sum_i p_i (F_i - A) = A - A P (each "
      "term "
      "linear in p_i F_i, p_i): free in the identity (checked; term by term for S = 2, 3, 4 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Block-constant kernels.
// ---------------------------------------------------------------------------------------------------------

/// The block-constant K of properties/I_learnable_kernel.cpp (C = the first M indices).
XMat block_kernel_exact(std::size_t S, std::size_t M, const Exact& kcc, const Exact& kii, const Exact& kci) {
  XMat K(S, XVec(S));
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t j = 0; j < S; ++j)
      K[i][j] = (i < M && j < M) ? kcc : (i >= M && j >= M) ? kii : kci;
  return K;
}

Exact det3(const XMat& K, std::size_t a, std::size_t b, std::size_t c, std::size_t x, std::size_t y,
           std::size_t z) {
  return K[a][x] * (K[b][y] * K[c][z] - K[b][z] * K[c][y]) -
         K[a][y] * (K[b][x] * K[c][z] - K[b][z] * K[c][x]) +
         K[a][z] * (K[b][x] * K[c][y] - K[b][y] * K[c][x]);
}

/// Variables (κ_CC, κ_II, κ_CI): K = T B Tᵀ and every 3 × 3 minor of K is 0.
IdentityPiece block_rank_piece(std::size_t S, std::size_t M) {
  return exact_identity(sm_label(S, M), 3, 3, [S, M](const XVec& x, const RationalConstants&) -> XVec {
    const XMat K = block_kernel_exact(S, M, x[0], x[1], x[2]);
    const XMat B{{x[0], x[2]}, {x[2], x[1]}};
    XVec r;
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t j = 0; j < S; ++j) {
        // (T B Tᵀ)_ij = B_{class(i), class(j)}, T = [1_C 1_I]
        Exact tbt(0);
        for (std::size_t a = 0; a < 2; ++a)
          for (std::size_t b = 0; b < 2; ++b) {
            const Exact ti = (a == 0) == (i < M) ? 1 : 0, tj = (b == 0) == (j < M) ? 1 : 0;
            tbt += ti * B[a][b] * tj;
          }
        r.push_back(K[i][j] - tbt);
      }
    for (std::size_t a = 0; a < S; ++a)
      for (std::size_t b = a + 1; b < S; ++b)
        for (std::size_t c = b + 1; c < S; ++c)
          for (std::size_t u = 0; u < S; ++u)
            for (std::size_t v = u + 1; v < S; ++v)
              for (std::size_t w = v + 1; w < S; ++w)
                r.push_back(det3(K, a, b, c, u, v, w));
    return r;
  });
}

DCRV_CERTIFICATE(block_rank) {
  Certificate c;
  c.claim = "I.block-rank";
  c.domain = "S = 2, ..., 6 and every M in [1, S]; every real kappa_CC, kappa_II, kappa_CI; no exclusion";
  c.method =
      "K = T B T^T entrywise (degree <= 1) and every 3 x 3 minor of K zero (degree <= 3 in each kappa): "
      "zero on a 4^3 grid hence identically; K symmetric, so all 3 x 3 minors zero <=> rank K <= 2 <=> "
      "its third largest |eigenvalue| is 0";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    for (std::size_t M = 1; M <= S; ++M)
      c.identities.push_back(block_rank_piece(S, M));
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.scope.gap = "a rank statement about an S x S matrix: K = T B T^T holds entrywise for every S (each entry "
                "depends only on the classes of its row and column), but rank(T B T^T) <= 2 for every S is a "
                "matrix fact with no identity piece (needs a symbolic-S argument)";
  return c;
}

/// Variables (κ_CC, κ_II, κ_CI, δ): K p⋆ constant on C and on I, and the displayed gap.
IdentityPiece block_gap_piece(std::size_t S, std::size_t M) {
  return exact_identity(sm_label(S, M), 4, 1, [S, M](const XVec& x, const RationalConstants&) -> XVec {
    const Exact &kcc = x[0], &kii = x[1], &kci = x[2], &delta = x[3];
    const Exact N(static_cast<long>(S - M));
    const XMat K = block_kernel_exact(S, M, kcc, kii, kci);
    XVec p(S, delta); // two_level_target(S, M, δ)
    for (std::size_t c = 0; c < M; ++c)
      p[c] = (1 - N * delta) / Exact(static_cast<long>(M));
    XVec Kp(S, Exact(0));
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t j = 0; j < S; ++j)
        Kp[i] += K[i][j] * p[j];
    const Exact formula = (kcc - kci) * (1 - N * delta) + (kci - kii) * N * delta;
    XVec r;
    for (std::size_t c = 0; c < M; ++c)
      for (std::size_t i = M; i < S; ++i)
        r.push_back(Kp[c] - Kp[i] - formula);
    for (std::size_t c = 1; c < M; ++c)
      r.push_back(Kp[c] - Kp[0]);
    for (std::size_t i = M + 1; i < S; ++i)
      r.push_back(Kp[i] - Kp[M]);
    return r;
  });
}

DCRV_CERTIFICATE(block_gap_formula) {
  Certificate c;
  c.claim = "I.block-gap-formula";
  c.domain = "every S >= 2 and M in [1, S - 1] (the aggregate identity; term by term S = 2, ..., 8); every "
             "real delta (so delta = theta/N, theta in (0,1)) and every real kappa's; no exclusion";
  c.method = "p* = two-level target (p_c = (1 - N delta)/M, p_i = delta): each of (Kp*)_c - (Kp*)_i - "
             "formula, (Kp*)_c - (Kp*)_1, (Kp*)_i - (Kp*)_{M+1} is a polynomial of degree <= 1 in each of "
             "kappa_CC, kappa_II, kappa_CI, delta, zero on a 2^4 grid hence identically";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 8; ++S)
    for (std::size_t M = 1; M < S; ++M)
      c.identities.push_back(block_gap_piece(S, M));
  aggregates::add_every_dimension(
      c, {aggregates::block_gap()},
      "row k of a block-constant K is kappa_{class(k), C} on C and kappa_{class(k), I} on I, so (K p*)_k = "
      "kappa_{class(k),C} sum_C p* + kappa_{class(k),I} sum_I p* depends on k only through its class (K p* "
      "is "
      "constant on C and on I) and on S, M only through sum_C p* = M (1 - N delta)/M and sum_I p* = N delta, "
      "M, N free reals in the identity (checked; term by term for S = 2..8 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Global Lipschitz modulus: ‖diag p − ppᵀ‖_{2→2} ≤ c = ½ on the closed simplex (interval branch and bound).
// S(p) = diag p − ppᵀ is symmetric PSD (vᵀS(p)v = Var_p(v) ≥ 0), so its operator norm is max_{v≠0}
// vᵀS(p)v/‖v‖²: the claim ⇔ vᵀS(p)v − c‖v‖² ≤ 0 for every v ∈ ℝ^S. The form is homogeneous of degree 2, so
// one v per direction up to sign suffices: v on the boundary of the cube with v_k = 1 for some k (chart k),
// the other coordinates in [−1, 1]. The bound is attained at p = (e_a + e_b)/2 with v = e_a − e_b: dyadic raw
// points (p by stick-breaking), closed by the second-order test.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(S_opnorm) {
  Certificate c;
  c.claim = "I.S-opnorm";
  c.domain = "S = 2, 3; every p in the closed simplex; no exclusion";
  c.method =
      "S(p) = diag p - p p^T is PSD, so ||S(p)||_2 = max_v v^T S(p) v/|v|^2 and the claim is v^T S(p) v - "
      "c|v|^2 <= 0 for every v; p by stick-breaking, v one representative per direction up to sign (v_k "
      "= 1, the other coordinates in [-1, 1], one chart per k); attained at p = (e_a + e_b)/2, v = e_a - "
      "e_b: second-order test";
  c.constants = {{"c", [] { return Interval(1) / Interval(2); }}};
  // raw (u, the coordinates of v other than v_k = 1), one chart per k (interval_simplex.hpp)
  add_selection_norm_pieces<2>(c.pieces);
  const std::size_t two = c.pieces.size();
  add_selection_norm_pieces<3>(c.pieces);
  for (std::size_t i = 0; i < c.pieces.size(); ++i)
    c.pieces[i] = with_dim(c.pieces[i], "S", i < two ? 2 : 3);
  c.paper = {{"S", 2, kUnbounded}}; // every S >= 2
  c.scope.gap = "an operator-norm bound on an S x S matrix whose maximising v depends on every coordinate: "
                "needs a symbolic-S argument (e.g. Var_p(v) <= (max v - min v)^2/4 <= |v|^2/2), not checked";
  return c;
}

} // namespace
} // namespace dcrv::certify
