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
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/tangent_eigen_exact.hpp"

namespace dcrv::certify {
namespace {

using interval_simplex::eigen_scale;
using interval_simplex::jacobian_derivative;
using interval_simplex::jacobian_lambda_max_piece;
using interval_simplex::simplex_piece;
using interval_simplex::tangent_eigen_scaled;
using tangent_eigen_exact::kLambdaMaxGap;

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
  c.method =
      "lambda_max(J|_T) <= c (equivalent to the quadratic-form bound on T), in closed form on the "
      "stick-breaking box; bound attained at p = (1/2, 1/2[, 0]): closed by the second-order test. The "
      "closed form is checked exactly: S = 2, J w = (m/2) w (w = (1, -1), m = w^T J w); S = 3, "
      "det(M - lambda N) = 12 (lambda - lambda+)(lambda - lambda-) for a free lambda (M = (w_i^T J w_j), "
      "N = diag(2, 6) in the basis w1 = (1, -1, 0), w2 = (1, 1, -2) of T) with the score's 24 lambda+- "
      "= 6 m11 + 2 m22 +- r, r free with r^2 = (6 m11 - 2 m22)^2 + 48 m12^2 substituted; J symmetric "
      "with J 1 = 0";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  c.pieces = {jacobian_lambda_max_piece<2>(), jacobian_lambda_max_piece<3>()}; // as B.jacobian-opnorm
  // the closed forms of lambda_max(J|_T), exact (issue 20 point 5)
  c.identities = tangent_eigen_exact::jacobian_eigen_identities();
  c.paper = {{"S", 2, kUnbounded}};
  c.reductions = {{"the Rayleigh quotient: v^T J v <= c |v|^2 on T iff lambda_max(J|_T) <= c (J symmetric, "
                   "J 1 = 0: J maps T into T, checked)"}};
  c.scope.gap = kLambdaMaxGap;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// lem:B-percoord: ‖∂_{θ_k}J_θ‖_op ≤ c⋆ = 1/(3√3), attained (S = 2) at p₁ = a± — irrational points, where an
// interval enclosure cannot decide the equality. S = 2 closes them in the coordinate t (percoord_s2_peak). S
// = 3 attains c⋆ only on the faces, at the S = 2 maximisers (a±, a∓) of a face and for the two k of that
// face: on a box around each such point the score is proved monotone towards the face
// (percoord_s3_towards_face), and on the face ∂_kJ is the S = 2 matrix bordered by zeros (p_m = 0 and ṗ_m =
// −p_m p_k = 0 for the index m off the face), so its norm there is the S = 2 norm of the face's two masses, ≤
// c by the S = 2 pieces.
// ---------------------------------------------------------------------------------------------------------

/// ‖∂_kJ‖_op − c, scaled (eigen_scale), at p: max(λ_max, −λ_min) of ∂_kJ on T (A1 = 0).
template <std::size_t S, class X>
X percoord_score(const std::array<X, S>& p, std::size_t k, const Constants& kc) {
  const auto ev = tangent_eigen_scaled<X, S>(jacobian_derivative(p, k));
  return max(ev[0], -ev[1]) - X(eigen_scale<S>()) * kc("c");
}

/// S = 3: the face maximisers in raw (stick-breaking) coordinates, p = (x₁, (1 − x₁)x₂, (1 − x₁)(1 − x₂)):
/// the face p₃ = 0 is x₂ = 1, p₂ = 0 is x₂ = 0, p₁ = 0 is x₁ = 0. Each with the raw coordinate normal to its
/// face, the sign of that coordinate's step towards the face (+1: the face is at its upper end), and the
/// index m off the face (∂_mJ = 0 on the face: that k is far below c⋆ there and stays in the plain pieces).
struct PercoordFacePeak {
  std::vector<double> centre;
  std::size_t normal;
  double towards;
  std::size_t off;
};
std::vector<PercoordFacePeak> percoord_face_peaks() {
  const double ap = 0.5 + 0.5 / std::sqrt(3.0), am = 0.5 - 0.5 / std::sqrt(3.0);
  return {{{ap, 1.0}, 1, 1.0, 2},  {{am, 1.0}, 1, 1.0, 2},  {{ap, 0.0}, 1, -1.0, 1},
          {{am, 0.0}, 1, -1.0, 1}, {{0.0, ap}, 0, -1.0, 0}, {{0.0, am}, 0, -1.0, 0}};
}

/// Half-width of the raw boxes around the S = 3 face maximisers (2⁻¹⁰, about 10⁻³) closed by the monotonicity
/// pieces: the normal derivative of ‖∂_kJ‖_op is ≥ 0.07 in size at the maximisers and its variation over the
/// box is O(10⁻³).
constexpr double kPercoordFaceBox = 0x1p-10;
/// Half-width of the raw boxes around the S = 2 maximisers a± closed by percoord_s2_peak.
constexpr double kPercoordS2Hole = 1e-6;

template <std::size_t S> Piece percoord_piece(std::size_t k) {
  Piece piece =
      simplex_piece<S>("S = " + std::to_string(S) + ", k = " + std::to_string(k + 1),
                       [k](const auto& p, const Constants& kc) { return percoord_score<S>(p, k, kc); });
  std::vector<Box> roots = piece.roots;
  if constexpr (S == 2) {
    const double ap = 0.5 + 0.5 / std::sqrt(3.0), am = 0.5 - 0.5 / std::sqrt(3.0);
    for (const double h : {ap, am}) // closed by percoord_s2_peak
      roots = subtract(roots, box_around({h}, kPercoordS2Hole));
  } else {
    for (const auto& f : percoord_face_peaks())
      if (f.off != k) // closed by percoord_s3_towards_face
        roots = subtract(roots, box_around(f.centre, kPercoordFaceBox));
  }
  piece.roots = roots;
  return piece;
}

/// S = 3, k on the face of `f`, the raw box of half-width kPercoordFaceBox around its maximiser (inside the
/// stick-breaking square): the score −towards·∂g/∂x_normal ≤ 0, g the percoord score, i.e. ‖∂_kJ‖_op does not
/// decrease along the normal segment from a point of the box to the face (the box is convex and the segment
/// stays in it). Evaluated from a first-order jet of g over the box (on intervals only: its own jets throw,
/// so the branch and bound bisects until the enclosure decides).
Piece percoord_s3_towards_face(const PercoordFacePeak& f, std::size_t k) {
  Box box = box_around(f.centre, kPercoordFaceBox);
  for (auto& side : box) // clip to the stick-breaking square [0, 1]²
    side = Interval(side.lower() < 0 ? mpfr(0) : side.lower(), side.upper() > 1 ? mpfr(1) : side.upper());
  Piece piece = make_piece<2>(
      "S = 3, k = " + std::to_string(k + 1) + ", towards the face around raw (" +
          std::to_string(f.centre[0]).substr(0, 6) + ", " + std::to_string(f.centre[1]).substr(0, 6) + ")",
      {box}, [f, k](const auto& x, const Constants& kc) {
        using X = std::decay_t<decltype(x[0])>;
        if constexpr (!std::is_same_v<X, Interval>) {
          throw straddle_error("percoord_s3_towards_face: a derivative score, enclosed on intervals only");
          return X(0);
        } else {
          using J1 = Jet<Interval, 2, 1>;
          const std::array<J1, 2> xj{J1::variable(x[0], 0), J1::variable(x[1], 1)};
          const J1 g = percoord_score<3>(stick_breaking<3>(xj), k, kc);
          return X(-(Interval(f.towards) * g.g[f.normal]));
        }
      });
  return with_dim(piece, "S", 3);
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
      "S = 2, 3, every k; every theta in R^S (p over the closed simplex); no exclusion (S = 2: the "
      "maximisers p = (a+-, a-+) by local concavity and the exact critical value; S = 3: the face "
      "maximisers (a+-, a-+, 0), (a+-, 0, a-+), (0, a+-, a-+) by monotonicity towards the face and the "
      "S = 2 bound on the face)";
  c.method =
      "||d_k J||_op = max(lambda_max, -lambda_min) of d_k J on T in closed form on the stick-breaking box; S "
      "= 2 around the maximisers in the coordinate t, p1 = 1/2 - t/(2 sqrt 3): 6 sqrt 3 (||d_k J||_op - c) "
      "= +-(3t - t^3) - 2 c/c*, 0 at t = +-1 exactly for c = c* (second-order test); S = 3 in raw boxes of "
      "half-width 2^-10 around the face maximisers, for the two k of the face: the raw derivative of the "
      "score normal to the face has the sign that makes ||d_k J||_op increase towards the face (enclosed "
      "from a first-order jet), and on the face d_k J is the S = 2 matrix of the face's masses bordered by "
      "zeros (p_m = 0, dp_m = -p_m p_k = 0), whose norm the S = 2 pieces bound. Exact: the closed forms "
      "(d_k J symmetric, d_k J 1 = 0; S = 2: d_k J w = (m/2) w; S = 3: det(M - lambda N) = 12 (lambda - "
      "lambda+)(lambda - lambda-) with the root free, r^2 substituted), the t chart (r = sqrt 3 free: 3 r "
      "w^T d_k J w = +-(3t - t^3), 6 r c* = 2) and the face step (d_k J on each face = the S = 2 matrix of "
      "the face's masses bordered by zeros) are identities";
  c.constants = {{"c", percoord_constant}};
  interval_simplex::for_sizes<2, 3>(c, "S", [&]<std::size_t S>() {
    for (std::size_t k = 0; k < S; ++k)
      c.pieces.push_back(percoord_piece<S>(k));
  });
  c.pieces.push_back(percoord_s2_peak(1.0));
  c.pieces.push_back(percoord_s2_peak(-1.0));
  for (const auto& f : percoord_face_peaks())
    for (std::size_t k = 0; k < 3; ++k)
      if (k != f.off)
        c.pieces.push_back(percoord_s3_towards_face(f, k));
  // the closed forms, the S = 2 t chart and the face step, exact (issue 20 point 5)
  c.identities = tangent_eigen_exact::percoord_eigen_identities();
  c.identities.push_back(tangent_eigen_exact::percoord_t_chart_identity());
  c.identities.push_back(tangent_eigen_exact::percoord_face_identity());
  c.scope.gap =
      "an operator norm of an S x S matrix whose maximiser depends on every coordinate; the closed "
      "forms on T exist for S = 2, 3 only: S >= 4 needs a symbolic-S argument (e.g. a reduction of the "
      "maximiser to a face)";
  c.paper = {{"S", 2, std::numeric_limits<double>::infinity()}};
  c.reductions = {
      {"theta in R^S through p = softmax(theta): the closed simplex (compact) covers every theta"},
      {"S = 3 near a face maximiser: ||d_k J||_op is monotone towards the face (proved) and equals the S = 2 "
       "norm of the face's masses on the face (d_k J bordered by zeros, an exact identity), which the S = 2 "
       "pieces bound"},
      {"||d_k J||_op = max(lambda_max, -lambda_min) of d_k J|_T: d_k J is symmetric with d_k J 1 = 0 "
       "(checked), "
       "so R^S = T + span{1} splits it and its spectrum off T is {0}"}};
  return c;
}

} // namespace
} // namespace dcrv::certify
