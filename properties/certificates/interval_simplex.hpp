// properties/certificates/interval_simplex.hpp — interval pieces over the closed simplex shared by the
// branch-and-bound certificates of App. B, C, H and I (and G.s-norm-half): generic in the scalar X (Interval
// and the Jet<Interval, N, 1|2> of make_score), so one definition serves the natural extension, the
// mean-value form and the second-order test.
//
//  - raw boxes: p by stick-breaking over [0,1]^{S−1} followed by coordinates in [−1, 1] (a quantity
//    homogeneous of degree 2 in a vector needs one representative per ray: the boundary of a cube);
//  - vectors from raw coordinates: on a face v_f = 1 of the cube, or in T = 1^⊥ (v_S = −Σ_{i<S} v_i);
//  - the selection covariance S(p) = J = diag(p) − ppᵀ: its quadratic form, the S(p)-norm piece of
//    C.S-norm-half / I.S-opnorm / G.s-norm-half, the no-cancellation matrix of App. B §B.3, its
//    θ_k-derivative, and the closed-form eigenvalues on T for S = 2, 3 in an orthogonal integer basis.
#pragma once

#include <algorithm>

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::interval_simplex {

/// The raw box of a piece over Δ^{S−1} × [−1, 1]^cube: stick-breaking coordinates, then the cube.
inline Box simplex_cube_box(std::size_t S, std::size_t cube) {
  Box root = unit_box(S - 1);
  for (std::size_t i = 0; i < cube; ++i)
    root.push_back(Interval(-1.0, 1.0));
  return root;
}

/// v with v_face = 1 and the raw coordinates x[offset], x[offset + 1], … in the other S − 1 places (a point
/// of the face v_face = 1 of the cube [−1, 1]^S).
template <std::size_t S, class X, std::size_t N>
std::array<X, S> face_vector(const std::array<X, N>& x, std::size_t face, std::size_t offset) {
  std::array<X, S> v;
  for (std::size_t i = 0, at = offset; i < S; ++i)
    v[i] = i == face ? X(1) : x[at++];
  return v;
}

/// v ∈ T = 1^⊥ from S − 1 raw coordinates: v_i = x[offset + i] (i < S − 1), v_S = −Σ_{i<S} v_i.
template <std::size_t S, class X, std::size_t N>
std::array<X, S> tangent_vector(const std::array<X, N>& x, std::size_t offset) {
  std::array<X, S> v;
  X last(0);
  for (std::size_t i = 0; i + 1 < S; ++i) {
    v[i] = x[offset + i];
    last -= v[i];
  }
  v[S - 1] = last;
  return v;
}

/// make_score<N>(f) for a run-time N ∈ [1, Max] (a piece whose dimension is chosen per piece).
template <std::size_t Max, class F> Score make_score_of_dim(std::size_t n, F f) {
  if (n < 1 || n > Max)
    throw std::invalid_argument("make_score_of_dim: dimension " + std::to_string(n) + " not in [1, " +
                                std::to_string(Max) + "]");
  Score s;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((n == I + 1 ? (s = make_score<I + 1>(f), true) : false) || ...);
  }
  (std::make_index_sequence<Max>{});
  return s;
}

/// The simplex pieces below carry the dimension "S" = S in their scope data (Piece::dims; rename_dim for a
/// certificate that calls it K).

/// A piece over p ∈ Δ^{S−1} (stick-breaking) and w ∈ [−1, 1]^M (the raw coordinates after p):
/// score f(p, w, k) with p, w std::arrays of the scalar.
template <std::size_t S, std::size_t M, class F> Piece simplex_cube_piece(std::string label, F f) {
  return with_dim(make_piece<S - 1 + M>(std::move(label), {simplex_cube_box(S, M)},
                                        [f](const auto& x, const Constants& k) {
                                          using X = std::decay_t<decltype(x[0])>;
                                          const auto p = stick_breaking<S>(x);
                                          std::array<X, M> w;
                                          // M = 0: a piece over the simplex alone
                                          std::copy_n(x.begin() + (S - 1), M, w.begin());
                                          return f(p, w, k);
                                        }),
                  "S", S);
}

/// A piece over p ∈ Δ^{S−1} alone (the stick-breaking box [0,1]^{S−1}): score f(p, k).
template <std::size_t S, class F> Piece simplex_piece(std::string label, F f) {
  return simplex_cube_piece<S, 0>(std::move(label),
                                  [f](const auto& p, const auto&, const Constants& k) { return f(p, k); });
}

/// A piece over p ∈ Δ^{S−1} (stick-breaking) and one more coordinate t ∈ [0, 1] after it (a floor δ⋆ ∈ [0, 1]
/// of App. A §A.2 and App. B §B.4): the raw box [0,1]^S, score f(p, t, k).
template <std::size_t S, class F> Piece simplex_unit_piece(std::string label, F f) {
  return with_dim(
      make_piece<S>(std::move(label), {unit_box(S)},
                    [f](const auto& x, const Constants& k) { return f(stick_breaking<S>(x), x[S - 1], k); }),
      "S", S);
}

/// ±vᵀS(p)v − c‖v‖² with vᵀS(p)v = vᵀ(diag p − ppᵀ)v = Σ p_i v_i² − (pᵀv)² (the claims' quadratic form).
template <class X, std::size_t S>
X selection_norm_excess(const std::array<X, S>& p, const std::array<X, S>& v, const Interval& c,
                        bool negative = false) {
  X quad(0), pv(0), norm2(0);
  for (std::size_t i = 0; i < S; ++i) {
    quad += p[i] * square(v[i]);
    pv += p[i] * v[i];
    norm2 += square(v[i]);
  }
  const X form = quad - square(pv);
  return (negative ? -form : form) - X(c) * norm2;
}

/// ‖S(p)‖₂ ≤ c (constant "c"): S(p) is symmetric, so ‖S(p)‖₂ = max over directions v of |vᵀS(p)v|/‖v‖²,
/// and every direction up to sign is a point of a face v_face = 1 of the cube [−1, 1]^S (the form is even
/// in v). Score vᵀS(p)v − c‖v‖² (or −vᵀS(p)v − c‖v‖², `negative`; S(p) is PSD, so that side is only needed
/// where the claim's norm is not read through the PSD property). Raw (u ∈ [0,1]^{S−1}, the S − 1
/// coordinates of v other than v_face). Label "S = S, v_{face+1} = 1".
template <std::size_t S> Piece selection_norm_piece(std::size_t face, bool negative = false) {
  return simplex_cube_piece<S, S - 1>("S = " + std::to_string(S) + ", v_" + std::to_string(face + 1) + " = 1",
                                      [face, negative](const auto& p, const auto& w, const Constants& k) {
                                        return selection_norm_excess(p, face_vector<S>(w, face, 0), k("c"),
                                                                     negative);
                                      });
}

/// The raw points of selection_norm_piece<S>(face) where ‖S(p)‖₂ = ½ is attained (dyadic, for the
/// second-order test): p = (e_a + e_b)/2 with v = e_a − e_b. S = 3: p = (½,½,0) ↔ u = (½,1), (½,0,½) ↔
/// (½,0), (0,½,½) ↔ (0,½), then the two free coordinates of v.
template <std::size_t S> std::vector<std::vector<double>> selection_norm_maximisers(std::size_t face) {
  static_assert(S == 2 || S == 3, "the maximisers are listed for S = 2, 3");
  if constexpr (S == 2)
    return {{0.5, -1.0}};
  else if (face == 0) // v = (1, w1, w2): (1, −1, 0) at p = (½, ½, 0); (1, 0, −1) at p = (½, 0, ½)
    return {{0.5, 1.0, -1.0, 0.0}, {0.5, 0.0, 0.0, -1.0}};
  else if (face == 1) // v = (w1, 1, w2): (−1, 1, 0) at (½, ½, 0); (0, 1, −1) at (0, ½, ½)
    return {{0.5, 1.0, -1.0, 0.0}, {0.0, 0.5, 0.0, -1.0}};
  else // v = (w1, w2, 1): (−1, 0, 1) at (½, 0, ½); (0, −1, 1) at (0, ½, ½)
    return {{0.5, 0.0, -1.0, 0.0}, {0.0, 0.5, 0.0, -1.0}};
}

/// The pieces of ‖S(p)‖₂ ≤ c for one S (every face, with its maximisers; the side vᵀS(p)v − c‖v‖² ≤ 0, enough
/// since S(p) is PSD), appended to `pieces`.
template <std::size_t S> void add_selection_norm_pieces(std::vector<Piece>& pieces) {
  for (std::size_t face = 0; face < S; ++face) {
    Piece piece = selection_norm_piece<S>(face);
    piece.attained = selection_norm_maximisers<S>(face);
    pieces.push_back(std::move(piece));
  }
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

/// uᵀAv for integer vectors u, v (zero entries skipped).
template <class X, std::size_t S>
X integer_form(const std::array<std::array<X, S>, S>& a, const std::array<int, S>& u,
               const std::array<int, S>& v) {
  X r(0);
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t l = 0; l < S; ++l)
      if (u[i] != 0 && v[l] != 0)
        r += X(u[i] * v[l]) * a[i][l];
  return r;
}

/// For a symmetric A with A1 = 0, S = 3: (24·λ_max, 24·λ_min) of A|_T. In the orthogonal integer basis
/// w₁ = (1, −1, 0), w₂ = (1, 1, −2) of T with m_ij = w_iᵀAw_j the eigenvalues are those of the pencil (M, N),
/// N = diag(2, 6): 24λ± = 6m₁₁ + 2m₂₂ ± √((6m₁₁ − 2m₂₂)² + 48m₁₂²) — integer coefficients only, so the
/// enclosure is exact at a dyadic p. S = 2: (2λ, 2λ) with 2λ = wᵀAw, w = (1, −1), the single eigenvalue.
template <class X, std::size_t S>
std::array<X, 2> tangent_eigen_scaled(const std::array<std::array<X, S>, S>& a) {
  if constexpr (S == 2) {
    const X m = integer_form<X, 2>(a, {1, -1}, {1, -1});
    return {m, m};
  } else {
    static_assert(S == 3, "closed-form tangent eigenvalues for S = 2, 3");
    const std::array<int, 3> w1{1, -1, 0}, w2{1, 1, -2};
    const X m11 = integer_form<X, 3>(a, w1, w1), m22 = integer_form<X, 3>(a, w2, w2),
            m12 = integer_form<X, 3>(a, w1, w2);
    const X mean = X(6) * m11 + X(2) * m22;
    const X root = sqrt(square(X(6) * m11 - X(2) * m22) + X(48) * square(m12));
    return {mean + root, mean - root};
  }
}
/// The scale of tangent_eigen_scaled: 2 for S = 2, 24 for S = 3.
template <std::size_t S> int eigen_scale() {
  return S == 2 ? 2 : 24;
}

/// λ_max(J|_T) ≤ c (constant "c") over the closed simplex, S = 2, 3, label "S = S": the score
/// 24λ_max − 24c (2λ − 2c for S = 2) in closed form; the bound ½ is attained at p = (½, ½) (S = 2) and at
/// (½, ½, 0), (½, 0, ½), (0, ½, ½) (S = 3), dyadic raw points for the second-order test. (B.loewner-upper;
/// B.jacobian-opnorm, where ‖J‖_op = λ_max(J|_T) since J is PSD with J1 = 0.)
template <std::size_t S> Piece jacobian_lambda_max_piece() {
  Piece piece = simplex_piece<S>("S = " + std::to_string(S), [](const auto& p, const Constants& k) {
    using X = std::decay_t<decltype(p[0])>;
    return tangent_eigen_scaled<X, S>(jacobian(p))[0] - X(eigen_scale<S>()) * k("c");
  });
  if constexpr (S == 2)
    piece.attained = {{0.5}};
  else
    piece.attained = {{0.5, 1.0}, {0.5, 0.0}, {0.0, 0.5}};
  return piece;
}

/// f.template operator()<S>() for S = From, …, To in this order (pieces instantiated per simplex size).
template <std::size_t From, std::size_t To, class F> void for_sizes(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<From + I>(), ...);
  }
  (std::make_index_sequence<To - From + 1>{});
}

/// for_sizes that tags what each size adds to `c` with the dimension name = S (its scope data, DimLoop).
template <std::size_t From, std::size_t To, class F>
void for_sizes(Certificate& c, const std::string& name, F&& f) {
  std::size_t pieces = c.pieces.size(), identities = c.identities.size();
  for_sizes<From, To>([&]<std::size_t S>() {
    f.template operator()<S>();
    tag_new_parts(c, pieces, identities, name, static_cast<double>(S));
  });
}

} // namespace dcrv::certify::interval_simplex
