// Interval certificates of App. H (properties/H_boundary_bd.cpp, properties/H_noise_moments.cpp).
//
// H.LK-positive: L_K(δ) = (1−δ) log((1−δ)/((K−1)δ)) > 0 on δ ∈ (0, 1/K); the certificate covers the compact
// part δ = u/K, u ∈ [10⁻³⁰⁰, 1 − 2⁻⁵³] for every real K ∈ [2, 10¹²] (L_K → 0⁺ as δ → 1/K: the open end is
// not compact, so a stated margin 2⁻⁵³ in u is left out).
//
// H.noise-variance-bound (Lemma lem:noise): (1 − ‖p‖²)/B ≤ c (K−1)/(BK) < 1/B for p in the closed simplex,
// B ≥ 1. Both sides are multiplied by B > 0 (B cancels, so every real B > 0 is covered), and p is read in the
// chart p_i = (1 + a_i)/K (i < K), p_K = (1 − Σa)/K, a ∈ [−1, K−1]^{K−1}: a box containing the closed simplex
// (p_i ≥ 0 ⇔ a_i ≥ −1, Σa ≤ 1) inside the plane Σp = 1, where the bound holds as well. In the chart
// 1 − ‖p‖² = (K−1)/K − ‖p − 1/K‖² exactly (Σp = 1), with ‖p − 1/K‖² = (Σ a_i² + (Σa)²)/K²: the uniform
// point, where the bound is attained, is a = 0, where the enclosure is exact.
//
// H.ellipticity-upper (eq. (eq:elliptic), Popoviciu): vᵀQ(p)v ≤ cγ‖v‖², Q = γ(diag p − ppᵀ), p ∈ Δ_δ, v ∈ T.
// γ > 0 cancels; the certificate proves vᵀ(diag p − ppᵀ)v − c‖v‖² ≤ 0 on the closed simplex (⊇ Δ_δ for every
// δ), p by stick-breaking. The form is homogeneous of degree 2 in v, so it suffices to take one v per
// direction of T up to sign: v = w for S = 2 (w = (1, −1)); for S = 3, v = a w₁ + b w₂ (w₁ = (1, −1, 0), w₂ =
// (1, 1, −2)) with (a, b) on the half boundary of the square, (1, t) or (s, 1), t, s ∈ [−1, 1]. The bound ½
// is attained at p = (½, ½) (S = 2) and at the edge mid-points with v = e_i − e_j (S = 3): dyadic raw points,
// closed by the second-order test.
#include <array>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregate_identities.hpp"
#include "properties/certificates/face_gap_piece.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/rearrangements.hpp"

namespace dcrv::certify {
namespace {

using interval_simplex::for_sizes;
using interval_simplex::selection_norm_excess;

// App. H §Boundary behavior: L_K(δ) > 0 for δ ∈ (0, 1/K): score −L_K(u/K) < 0 (strict).
DCRV_CERTIFICATE(h_lk_positive) {
  Certificate c;
  c.claim = "H.LK-positive";
  c.domain = face_gap_chart_domain();
  c.method = face_gap_positive_method();
  c.pieces = face_gap_positive_pieces();
  c.identities = face_gap_chart_identities();
  c.paper = face_gap_paper();
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Lemma lem:noise: (1 − ‖p‖²)/B ≤ c (K−1)/(BK) < 1/B.
// ---------------------------------------------------------------------------------------------------------

/// ‖p − 1/K‖² = (Σ_{i<K} a_i² + (Σ_{i<K} a_i)²)/K² in the chart of the header.
template <std::size_t K, class X> X distance_to_uniform_sq(const std::array<X, K - 1>& a) {
  X sum(0), sq(0);
  for (const auto& ai : a) {
    sum += ai;
    sq += square(ai);
  }
  return (sq + square(sum)) / X(int(K * K));
}

template <std::size_t K> Box uniform_chart_box() {
  return Box(K - 1, Interval(-1.0, double(K - 1)));
}

/// (1 − ‖p‖²) ≤ c (K−1)/K, i.e. (1 − c)(K−1)/K − ‖p − 1/K‖² ≤ 0 (times B > 0); attained at a = 0.
template <std::size_t K> Piece noise_variance_piece() {
  Piece piece = make_piece<K - 1>("K = " + std::to_string(K) + ", (1 - |p|^2)/B <= c(K-1)/(BK)",
                                  {uniform_chart_box<K>()}, [](const auto& a, const Constants& k) {
                                    using X = std::decay_t<decltype(a[0])>;
                                    const Interval km1_over_k = Interval(int(K - 1)) / Interval(int(K));
                                    return X((1 - k("c")) * km1_over_k) - distance_to_uniform_sq<K>(a);
                                  });
  piece.attained = {std::vector<double>(K - 1, 0.0)};
  return piece;
}

/// (K−1)/(BK) < 1/B, i.e. (K−1)/K − 1 < 0 (times B > 0); no variable: a one-point check per K.
template <std::size_t K> Piece noise_mid_piece() {
  Piece piece = make_piece<1>("K = " + std::to_string(K) + ", (K-1)/(BK) < 1/B", {{Interval(0.0)}},
                              [](const auto& x, const Constants&) {
                                using X = std::decay_t<decltype(x[0])>;
                                return (X(int(K)) - 1) / X(int(K)) - 1 + 0 * x[0];
                              });
  piece.strict = true;
  return piece;
}

/// The first bound for every K: (1 − c)m − D ≤ 0 on (m, D) ∈ [½, 1] × [0, 1] (m = (K−1)/K, D = ‖p − 1/K‖²);
/// 0 along D = 0 for the paper's c = 1 (decreasing in D: the monotonicity test).
Piece noise_variance_every_k_piece() {
  Piece piece =
      make_piece<2>("every K: (1 - c) m - D <= 0, m = (K-1)/K, D = |p - 1/K|^2",
                    {{Interval(0.5, 1.0), Interval(0.0, 1.0)}}, [](const auto& x, const Constants& k) {
                      using X = std::decay_t<decltype(x[0])>;
                      return X(1 - k("c")) * x[0] - x[1];
                    });
  piece.dims.push_back({"K", 2, kUnbounded});
  return piece;
}

DCRV_CERTIFICATE(noise_variance_bound) {
  Certificate c;
  c.claim = "H.noise-variance-bound";
  c.domain = "K = 2, ..., 8; every p in the closed simplex (indeed every p of the plane sum p = 1 with "
             "p_i in [0, 1] for i < K: the chart box a in [-1, K-1]^(K-1)); every real B > 0 (B cancels); no "
             "exclusion";
  c.method = "both sides times B > 0; 1 - |p|^2 = (K-1)/K - |p - 1/K|^2 on sum p = 1 (exact identity), "
             "p_i = (1 + a_i)/K, p_K = (1 - sum a)/K; the first bound is attained at the uniform point a = 0 "
             "(exact enclosure there), the second is strict";
  c.constants = {{"c", [] { return Interval(1); }}};
  for_sizes<2, 8>(c, "K", [&]<std::size_t K>() { c.pieces.push_back(noise_variance_piece<K>()); });
  for_sizes<2, 8>(c, "K", [&]<std::size_t K>() { c.pieces.push_back(noise_mid_piece<K>()); });
  for (std::size_t K = 2; K <= 8; ++K) // the first bound's rearrangement (issue 20 point 5)
    c.identities.push_back(rearrangements::noise_variance_rearrangement(K));
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  // every K: the score (1 - c)(K-1)/K - |p - 1/K|^2 through m = (K-1)/K and D = |p - 1/K|^2
  c.pieces.push_back(noise_variance_every_k_piece());
  c.identities.push_back(aggregate::noise_variance_every_k());
  c.reductions.push_back(
      {"1 - |p|^2 = (K-1)/K - |p - 1/K|^2 on sum p = 1, each term of |p - 1/K|^2 = sum_i (p_i^2 - 2p_i/K + "
       "1/K^2) coordinatewise, so the other coordinates enter only through N2 = |p|^2 and P = sum p (the "
       "identity checked for every real K, N2, P): the score (1 - c)(K-1)/K - |p - 1/K|^2 depends on (K, p) "
       "only through m = (K-1)/K in [1/2, 1) and D = |p - 1/K|^2 = |p|^2 - 1/K in [0, 1), and the K-free "
       "piece over (m, D) in [1/2, 1] x [0, 1] bounds it for every K; the second bound is (K-1)/K - 1 = -1/K "
       "< 0 (identity checked) for every finite K (the pieces K = 2..8 prove both as well)",
       {"K"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// eq. (eq:elliptic), upper bound: vᵀ(diag p − ppᵀ)v ≤ c‖v‖² on T (γ > 0 cancels).
// ---------------------------------------------------------------------------------------------------------

/// Scores vᵀ(diag p − ppᵀ)v − c‖v‖² (the claim's quadratic form): interval_simplex::selection_norm_excess.
Piece ellipticity_upper_piece_2() {
  Piece piece =
      interval_simplex::simplex_piece<2>("S = 2, v = (1, -1)", [](const auto& p, const Constants& k) {
        using X = std::decay_t<decltype(p[0])>;
        return selection_norm_excess<X, 2>(p, {X(1), X(-1)}, k("c"));
      });
  piece.attained = {{0.5}};
  return piece;
}

/// S = 3, raw (u₁, u₂, t): v = w₁ + t w₂ (chart 0) or v = t w₁ + w₂ (chart 1), t ∈ [−1, 1].
Piece ellipticity_upper_piece_3(int chart) {
  Piece piece = interval_simplex::simplex_cube_piece<3, 1>(
      chart == 0 ? "S = 3, v = w1 + t w2" : "S = 3, v = s w1 + w2",
      [chart](const auto& p, const auto& w, const Constants& k) {
        using X = std::decay_t<decltype(p[0])>;
        const X a = chart == 0 ? X(1) : w[0], b = chart == 0 ? w[0] : X(1);
        return selection_norm_excess<X, 3>(p, {a + b, b - a, -2 * b}, k("c"));
      });
  // p = (½, ½, 0) (u = (½, 1)) with v ∥ w₁; p = (½, 0, ½) (u = (½, 0)) with v ∥ (1, 0, −1) = (w₁ + w₂)/2;
  // p = (0, ½, ½) (u = (0, ½)) with v ∥ (0, 1, −1) = (w₂ − w₁)/2
  if (chart == 0)
    piece.attained = {{0.5, 1.0, 0.0}, {0.5, 0.0, 1.0}, {0.0, 0.5, -1.0}};
  else
    piece.attained = {{0.5, 0.0, 1.0}, {0.0, 0.5, -1.0}};
  return piece;
}

DCRV_CERTIFICATE(ellipticity_upper) {
  Certificate c;
  c.claim = "H.ellipticity-upper";
  c.domain =
      "K = 2, 3; every p in the closed simplex (so in Delta_delta for every delta), every v in T, every "
      "gamma > 0 (gamma cancels); no exclusion";
  c.method =
      "v^T (diag p - p p^T) v - c |v|^2 <= 0, p by stick-breaking, v one representative per direction "
      "of T up to sign (K = 3: v = a w1 + b w2, (a, b) = (1, t) or (s, 1), t, s in [-1, 1]); the bound is "
      "attained at p = (1/2, 1/2[, 0]) and the edge mid-points: second-order test";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  c.pieces = {with_dim(ellipticity_upper_piece_2(), "K", 2), with_dim(ellipticity_upper_piece_3(0), "K", 3),
              with_dim(ellipticity_upper_piece_3(1), "K", 3)};
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2
  c.scope.gap =
      "Popoviciu's bound Var_p(v) <= (max v - min v)^2/4 <= |v|^2/2 is a statement about the extreme "
      "coordinates of v: every K needs that argument (or a reduction to two-point laws) as a symbolic-K "
      "proof, not built here";
  return c;
}

} // namespace
} // namespace dcrv::certify
