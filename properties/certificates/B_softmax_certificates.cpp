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
#include <limits>
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
  c.paper = {{"S", 2, kUnbounded}};
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

/// S = 2 around the maximisers, in the coordinate t with p₁ = ½ − t/(2√3) (t = ±1 at p₁ = a∓): 1 − 2p₁ = t/√3
/// and p₁p₂ = (3 − t²)/12, so ‖∂_kJ‖_op = 2p₁p₂|1 − 2p₁| = (3 − t²)|t|/(6√3) for both k, and c★ = 2/(6√3):
/// times 6√3, ‖∂_kJ‖_op − c = ±(3t − t³) − 2 c/c★ (the sign cell of t fixed per piece). At the paper's c the
/// ratio c/c★ is exactly 1 and the score (t − 1)²(t + 2)·(−1) is 0 at t = 1 (an exact point: local concavity,
/// −6t < 0, closes the box by the second-order test); any c < c★ makes it positive there (a violation).
Piece percoord_s2_peak(double centre) {
  constexpr double w = 1e-5; // covers the excluded raw box of half-width 1e-6: |dp₁/dt| = 1/(2√3) > 1/10
  const double sign = centre > 0 ? 1.0 : -1.0;
  Piece piece =
      make_piece<1>(std::string("S = 2, every k, around p1 = ") + (centre > 0 ? "a-" : "a+"),
                    {Box{Interval(centre - w, centre + w)}}, [sign](const auto& x, const Constants& k) {
                      using X = std::decay_t<decltype(x[0])>;
                      const X& t = x[0];
                      return X(sign * (X(3) * t - t * t * t) - X(2) * k("c/paper"));
                    });
  piece.attained = {{centre}};
  return with_dim(piece, "S", 2);
}

DCRV_CERTIFICATE(percoord_dJ_bound) {
  Certificate c;
  c.claim = "B.percoord-dJ-bound";
  c.domain =
      "S = 2, 3, every k; every theta in R^S (p over the closed simplex) except, for S = 3, the "
      "stick-breaking boxes of half-width 1e-6 around the face maximisers (a+-, a-+, 0), (a+-, 0, a-+), "
      "(0, a+-, a-+), where the bound 1/(3 sqrt 3) is approached (S = 2: no exclusion, the maximisers "
      "p = (a+-, a-+) proved by local concavity and the exact critical value)";
  c.method =
      "||d_k J||_op = max(lambda_max, -lambda_min) of d_k J on T in closed form on the stick-breaking box; S "
      "= 2 around the maximisers in the coordinate t, p1 = 1/2 - t/(2 sqrt 3): 6 sqrt 3 (||d_k J||_op - c) "
      "= +-(3t - t^3) - 2 c/c*, 0 at t = +-1 exactly for c = c* (second-order test)";
  c.constants = {{"c", percoord_constant}};
  interval_simplex::for_sizes<2, 3>(c, "S", [&]<std::size_t S>() {
    for (std::size_t k = 0; k < S; ++k)
      c.pieces.push_back(percoord_piece<S>(k));
  });
  c.pieces.push_back(percoord_s2_peak(1.0));
  c.pieces.push_back(percoord_s2_peak(-1.0));
  c.paper = {{"S", 2, std::numeric_limits<double>::infinity()}};
  c.scope.exclusions = {"S = 3: six stick-breaking boxes of half-width 1e-6 around the face maximisers"};
  c.reductions = {
      {"theta in R^S through p = softmax(theta): the closed simplex (compact) covers every theta"}};
  return c;
}

} // namespace
} // namespace dcrv::certify
