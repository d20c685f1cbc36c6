// Interval certificates of App. B §B.3 (the soft-max Jacobian; properties/B_softmax_jacobian.cpp).
//
// Every claim here is "for all θ ∈ ℝ^S"; through p = softmax(θ) it is a statement on the open simplex, and
// the scores extend continuously to the closed simplex, which is compact: the certificates run over the
// closed simplex, parametrised by stick-breaking (exact for S = 2: p = (x, 1 − x)), so a certificate for S ∈
// {2, 3} covers every θ ∈ ℝ^S. Notation as in the claim file: J = diag(p) − ppᵀ, ∂_kJ = diag(ṗ) − ṗpᵀ − pṗᵀ
// with ṗ = J e_k, T = 1^⊥, c⋆ = 1/(3√3), a± = ½ ± 1/(2√3).
//
// Symmetric S×S forms A with A1 = 0 are read on T in the orthogonal integer basis w₁ = (1, −1, 0),
// w₂ = (1, 1, −2) (S = 3; w = (1, −1) for S = 2), with m_ij = w_iᵀAw_j: the eigenvalues of A|_T are those of
// the pencil (M, N), N = diag(2, 6), and 24 λ± = 6m₁₁ + 2m₂₂ ± √((6m₁₁ − 2m₂₂)² + 48 m₁₂²) — integer
// coefficients only, so that at a dyadic point (p = (½, ½, 0)) the enclosure is exact and the second-order
// test of the branch and bound can close a bound attained there.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {
namespace {

/// 1/(3√3) as an enclosure.
Interval percoord_constant() {
  return Interval(1) / (Interval(3) * sqrt(Interval(3)));
}

/// J = diag(p) − ppᵀ with J_ii = p_i Σ_{k≠i} p_k (no cancellation; tight enclosures near vertices).
template <class X, std::size_t S> std::array<std::array<X, S>, S> jacobian(const std::array<X, S>& p) {
  std::array<std::array<X, S>, S> j;
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t k = 0; k < S; ++k) {
      if (i != k) {
        j[i][k] = -(p[i] * p[k]);
        continue;
      }
      X rest(0);
      for (std::size_t l = 0; l < S; ++l)
        if (l != i)
          rest += p[l];
      j[i][i] = p[i] * rest;
    }
  return j;
}

/// ∂_{θ_k}J = diag(ṗ) − ṗpᵀ − pṗᵀ, ṗ = J e_k (lem:B-percoord).
template <class X, std::size_t S>
std::array<std::array<X, S>, S> jacobian_derivative(const std::array<X, S>& p, std::size_t k) {
  const auto j = jacobian(p);
  std::array<X, S> pd;
  for (std::size_t i = 0; i < S; ++i)
    pd[i] = j[i][k];
  std::array<std::array<X, S>, S> a;
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t l = 0; l < S; ++l)
      a[i][l] = -(pd[i] * p[l]) - p[i] * pd[l] + (i == l ? pd[i] : X(0));
  return a;
}

/// uᵀAv for integer vectors u, v.
template <class X, std::size_t S>
X form(const std::array<std::array<X, S>, S>& a, const std::array<int, S>& u, const std::array<int, S>& v) {
  X r(0);
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t l = 0; l < S; ++l)
      if (u[i] != 0 && v[l] != 0)
        r += X(u[i] * v[l]) * a[i][l];
  return r;
}

/// For a symmetric A with A1 = 0 (S = 2 or 3): (24·(λ_max of A|_T), 24·(λ_min of A|_T)) scaled as in the
/// header for S = 3; for S = 2, (2λ, 2λ) with λ = wᵀAw/2 the single eigenvalue on T.
template <class X, std::size_t S>
std::array<X, 2> tangent_eigen_scaled(const std::array<std::array<X, S>, S>& a) {
  if constexpr (S == 2) {
    const X m = form<X, 2>(a, {1, -1}, {1, -1});
    return {m, m};
  } else {
    static_assert(S == 3, "closed-form tangent eigenvalues for S = 2, 3");
    const std::array<int, 3> w1{1, -1, 0}, w2{1, 1, -2};
    const X m11 = form<X, 3>(a, w1, w1), m22 = form<X, 3>(a, w2, w2), m12 = form<X, 3>(a, w1, w2);
    const X mean = X(6) * m11 + X(2) * m22;
    const X root = sqrt(square(X(6) * m11 - X(2) * m22) + X(48) * square(m12));
    return {mean + root, mean - root};
  }
}
/// The scale of tangent_eigen_scaled: 24 for S = 3, 2 for S = 2.
template <std::size_t S> int eigen_scale() {
  return S == 2 ? 2 : 24;
}

/// Raw stick-breaking box of the closed simplex Δ^{S−1}.
template <std::size_t S> std::vector<Box> simplex_roots() {
  return {unit_box(S - 1)};
}

// ---------------------------------------------------------------------------------------------------------
// cor:B-loewner (right inequality): vᵀJv ≤ c‖v‖² on T ⇔ λ_max(J|_T) ≤ c.
// ---------------------------------------------------------------------------------------------------------

template <std::size_t S> Piece loewner_upper_piece() {
  Piece piece;
  piece.label = "S = " + std::to_string(S);
  piece.score = make_score<S - 1>([](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    return tangent_eigen_scaled<X, S>(jacobian(p))[0] - X(eigen_scale<S>()) * k("c");
  });
  piece.roots = simplex_roots<S>();
  // attained (sup = ½) at p = (½, ½) for S = 2; at (½, ½, 0), (½, 0, ½), (0, ½, ½) for S = 3
  if constexpr (S == 2)
    piece.attained = {{0.5}};
  else
    piece.attained = {{0.5, 1.0}, {0.5, 0.0}, {0.0, 0.5}};
  return piece;
}

DCRV_CERTIFICATE(loewner_upper) {
  Certificate c;
  c.claim = "B.loewner-upper";
  c.domain = "S = 2, 3; every theta in R^S (p over the closed simplex); no exclusion";
  c.method = "lambda_max(J|_T) <= c (equivalent to the quadratic-form bound on T), in closed form on the "
             "stick-breaking box; bound attained at p = (1/2, 1/2[, 0]): closed by the second-order test";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  c.pieces = {loewner_upper_piece<2>(), loewner_upper_piece<3>()};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// lem:B-percoord: ‖∂_{θ_k}J_θ‖_op ≤ c⋆ = 1/(3√3), attained (S = 2) at p₁ = a± — irrational points, where an
// interval enclosure cannot decide the equality; the certificate excludes stated neighbourhoods of them.
// ---------------------------------------------------------------------------------------------------------

constexpr double kPercoordHole = 1e-6; // half-width of the excluded raw boxes around the maximisers

template <std::size_t S> Piece percoord_piece(std::size_t k) {
  Piece piece;
  piece.label = "S = " + std::to_string(S) + ", k = " + std::to_string(k + 1);
  piece.score = make_score<S - 1>([k](const auto& x, const Constants& kc) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    const auto ev = tangent_eigen_scaled<X, S>(jacobian_derivative(p, k));
    // ‖A‖_op = max(λ_max, −λ_min) on T (A1 = 0): the larger of the two scaled scores
    return max(ev[0], -ev[1]) - X(eigen_scale<S>()) * kc("c");
  });
  const double ap = 0.5 + 0.5 / std::sqrt(3.0), am = 0.5 - 0.5 / std::sqrt(3.0);
  std::vector<Box> roots = simplex_roots<S>();
  std::vector<std::vector<double>> holes;
  if constexpr (S == 2) {
    holes = {{ap}, {am}};
  } else {
    // the maximisers on the faces: (a±, a∓, 0), (a±, 0, a∓), (0, a±, a∓) in raw coordinates
    holes = {{ap, 1.0}, {am, 1.0}, {ap, 0.0}, {am, 0.0}, {0.0, ap}, {0.0, am}};
  }
  for (const auto& h : holes)
    roots = subtract(roots, box_around(h, kPercoordHole));
  piece.roots = roots;
  return piece;
}

DCRV_CERTIFICATE(percoord_dJ_bound) {
  Certificate c;
  c.claim = "B.percoord-dJ-bound";
  c.domain = "S = 2, 3, every k; every theta in R^S (p over the closed simplex) except the stick-breaking "
             "boxes of half-width 1e-6 around the maximisers p = (a+-, a-+) (S = 2) and (a+-, a-+, 0), "
             "(a+-, 0, a-+), (0, a+-, a-+) (S = 3), where the bound 1/(3 sqrt 3) is attained (S = 2) or "
             "approached";
  c.method =
      "||d_k J||_op = max(lambda_max, -lambda_min) of d_k J on T in closed form on the stick-breaking box";
  c.constants = {{"c", percoord_constant}};
  for (std::size_t k = 0; k < 2; ++k)
    c.pieces.push_back(percoord_piece<2>(k));
  for (std::size_t k = 0; k < 3; ++k)
    c.pieces.push_back(percoord_piece<3>(k));
  return c;
}

} // namespace
} // namespace dcrv::certify
