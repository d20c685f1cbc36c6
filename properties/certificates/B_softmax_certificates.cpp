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
#include "properties/certificates/interval_simplex.hpp"

namespace dcrv::certify {
namespace {

using interval_simplex::eigen_scale;
using interval_simplex::jacobian_derivative;
using interval_simplex::jacobian_lambda_max_piece;
using interval_simplex::simplex_piece;
using interval_simplex::tangent_eigen_scaled;

/// 1/(3√3) as an enclosure.
Interval percoord_constant() {
  return Interval(1) / (Interval(3) * sqrt(Interval(3)));
}

// ---------------------------------------------------------------------------------------------------------
// cor:B-loewner (right inequality): vᵀJv ≤ c‖v‖² on T ⇔ λ_max(J|_T) ≤ c.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(loewner_upper) {
  Certificate c;
  c.claim = "B.loewner-upper";
  c.domain = "S = 2, 3; every theta in R^S (p over the closed simplex); no exclusion";
  c.method = "lambda_max(J|_T) <= c (equivalent to the quadratic-form bound on T), in closed form on the "
             "stick-breaking box; bound attained at p = (1/2, 1/2[, 0]): closed by the second-order test";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  c.pieces = {jacobian_lambda_max_piece<2>(), jacobian_lambda_max_piece<3>()}; // as B.jacobian-opnorm
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// lem:B-percoord: ‖∂_{θ_k}J_θ‖_op ≤ c⋆ = 1/(3√3), attained (S = 2) at p₁ = a± — irrational points, where an
// interval enclosure cannot decide the equality; the certificate excludes stated neighbourhoods of them.
// ---------------------------------------------------------------------------------------------------------

constexpr double kPercoordHole = 1e-6; // half-width of the excluded raw boxes around the maximisers

template <std::size_t S> Piece percoord_piece(std::size_t k) {
  Piece piece = simplex_piece<S>("S = " + std::to_string(S) + ", k = " + std::to_string(k + 1),
                                 [k](const auto& p, const Constants& kc) {
                                   using X = std::decay_t<decltype(p[0])>;
                                   const auto ev = tangent_eigen_scaled<X, S>(jacobian_derivative(p, k));
                                   // ‖A‖_op = max(λ_max, −λ_min) on T (A1 = 0): the larger of the two
                                   // scaled scores
                                   return max(ev[0], -ev[1]) - X(eigen_scale<S>()) * kc("c");
                                 });
  const double ap = 0.5 + 0.5 / std::sqrt(3.0), am = 0.5 - 0.5 / std::sqrt(3.0);
  std::vector<Box> roots = piece.roots;
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
  interval_simplex::for_sizes<2, 3>([&]<std::size_t S>() {
    for (std::size_t k = 0; k < S; ++k)
      c.pieces.push_back(percoord_piece<S>(k));
  });
  return c;
}

} // namespace
} // namespace dcrv::certify
