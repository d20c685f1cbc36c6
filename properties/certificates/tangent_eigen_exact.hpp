// Exact checks of the closed-form eigenvalues on T = 1^⊥ that App. B's interval scores use
// (interval_simplex::tangent_eigen_scaled; B_softmax_certificates.cpp, B_jacobian_certificates.cpp): the
// step from "vᵀAv ≤ c‖v‖² on T" or "‖A‖_op ≤ c" to a score in λ± is a rearrangement (issue 20 point 5), and
// its algebraic part is checked here as exact identities (rearrangement_identity).
//
// The square root of the closed form is a free variable r with r² = disc substituted: RootExt is a + b·r in
// ℚ(r) (one root per evaluation), with +, −, × and sqrt(x) = r for a root-free x (its value becomes disc).
// The score's own code (tangent_eigen_scaled, jacobian, jacobian_derivative of interval_simplex.hpp) runs on
// it unchanged, so the identity checks the score's formula, not a copy of it; an identity in RootExt holds
// iff both parts (a and b) vanish.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/interval_simplex.hpp"

namespace dcrv::certify::tangent_eigen_exact {

/// a + b r with r² = *d (d null: no root yet, b is then 0). Typed like Exact: no comparison, no branch.
struct RootExt {
  Exact a = Exact(0), b = Exact(0);
  std::shared_ptr<const Exact> d;
  RootExt() = default;
  RootExt(const Exact& v) : a(v) {} // NOLINT: constants and rationals enter freely
  RootExt(int v) : a(v) {}          // NOLINT
  RootExt(long v) : a(v) {}         // NOLINT
  RootExt& operator+=(const RootExt& o) {
    a += o.a, b += o.b;
    if (!d)
      d = o.d;
    return *this;
  }
  RootExt& operator-=(const RootExt& o) {
    a -= o.a, b -= o.b;
    if (!d)
      d = o.d;
    return *this;
  }
  RootExt& operator*=(const RootExt& o) { return *this = *this * o; }
  friend RootExt operator+(RootExt x, const RootExt& y) { return x += y; }
  friend RootExt operator-(RootExt x, const RootExt& y) { return x -= y; }
  friend RootExt operator-(const RootExt& x) {
    RootExt r;
    r.a = -x.a, r.b = -x.b, r.d = x.d;
    return r;
  }
  friend RootExt operator*(const RootExt& x, const RootExt& y) {
    if (x.d && y.d && x.d != y.d)
      throw std::logic_error("RootExt: two different square roots in one expression");
    RootExt r;
    r.d = x.d ? x.d : y.d;
    r.a = x.a * y.a;
    if (x.d && y.d)
      r.a += x.b * y.b * *x.d; // r² = d substituted
    r.b = x.a * y.b + x.b * y.a;
    return r;
  }
  /// x / q for a root-free q (a rational scale).
  friend RootExt operator/(const RootExt& x, const Exact& q) {
    RootExt r;
    r.a = x.a / q, r.b = x.b / q, r.d = x.d;
    return r;
  }
  friend RootExt square(const RootExt& x) { return x * x; }
  /// The free root r with r² = x (x root-free).
  friend RootExt sqrt(const RootExt& x) {
    if (x.d)
      throw std::logic_error("RootExt: sqrt of an expression that already holds a root");
    RootExt r;
    r.b = Exact(1);
    r.d = std::make_shared<const Exact>(x.a);
    return r;
  }
};

/// The components (a and b parts) of a RootExt residual.
inline void push_parts(std::vector<Exact>& out, const RootExt& x) {
  out.push_back(x.a);
  out.push_back(x.b);
}

template <std::size_t S> using Matrix = std::array<std::array<RootExt, S>, S>;

/// The closed form on T of a symmetric S×S matrix A with A1 = 0 (S = 2, 3), checked against A exactly:
///  - A is symmetric and A1 = 0, so A maps T into T and R^S = T ⊕ span{1} splits it;
///  - S = 2: A w = (m/2) w, w = (1, −1), m = tangent_eigen_scaled(A) = wᵀAw: the single eigenvalue on T is
///    m/2 (the score's 2λ);
///  - S = 3: det(M − λN) = 12 (λ − λ₊)(λ − λ₋) for a free λ (the last variable), with M = (w_iᵀAw_j), N =
///    diag(2, 6) = (w_iᵀw_j) in the orthogonal basis w₁ = (1, −1, 0), w₂ = (1, 1, −2) of T (so det(M −
///    λN)/det N is the characteristic polynomial of A|_T), and 24λ± = tangent_eigen_scaled(A) computed with
///    its root r free, r² = (6m₁₁ − 2m₂₂)² + 48m₁₂² substituted.
/// `off` (the test's sign-evident change, refused): S = 2, −m/2 for m/2; S = 3, λ₋ replaced by λ₊.
/// `make_a(x)` builds A from the chart variables x (the first `chart` variables; S = 3 adds λ).
template <std::size_t S, class MakeA>
IdentityPiece tangent_eigen_identity(std::string label, std::size_t chart, int degree, MakeA make_a,
                                     bool off = false) {
  static_assert(S == 2 || S == 3, "closed-form tangent eigenvalues for S = 2, 3");
  return rearrangement_identity(std::move(label), S == 3 ? chart + 1 : chart, degree,
                                [make_a, chart, off](const std::vector<Exact>& x, const RationalConstants&) {
                                  const Matrix<S> a = make_a(x);
                                  std::vector<Exact> r;
                                  for (std::size_t i = 0; i < S; ++i) {
                                    RootExt row(0);
                                    for (std::size_t l = 0; l < S; ++l) {
                                      row += a[i][l];
                                      if (l > i)
                                        push_parts(r, a[i][l] - a[l][i]);
                                    }
                                    push_parts(r, row); // A1 = 0
                                  }
                                  const auto ev = interval_simplex::tangent_eigen_scaled<RootExt, S>(a);
                                  if constexpr (S == 2) {
                                    const std::array<int, 2> w{1, -1};
                                    for (std::size_t i = 0; i < 2; ++i) {
                                      RootExt aw(0);
                                      for (std::size_t l = 0; l < 2; ++l)
                                        aw += a[i][l] * RootExt(w[l]);
                                      push_parts(r, aw - ev[0] * RootExt(w[i]) / Exact(off ? -2 : 2));
                                    }
                                  } else {
                                    const std::array<int, 3> w1{1, -1, 0}, w2{1, 1, -2};
                                    const RootExt m11 = interval_simplex::integer_form<RootExt, 3>(a, w1, w1),
                                                  m22 = interval_simplex::integer_form<RootExt, 3>(a, w2, w2),
                                                  m12 = interval_simplex::integer_form<RootExt, 3>(a, w1, w2);
                                    const RootExt lambda(x[chart]);
                                    const RootExt det =
                                        (m11 - RootExt(2) * lambda) * (m22 - RootExt(6) * lambda) - m12 * m12;
                                    const RootExt plus = ev[0] / Exact(24),
                                                  minus = (off ? ev[0] : ev[1]) / Exact(24);
                                    push_parts(r, det - RootExt(12) * (lambda - plus) * (lambda - minus));
                                  }
                                  return r;
                                });
}

/// A as RootExt entries from an Exact matrix built by the score's code.
template <std::size_t S> Matrix<S> lift(const std::array<std::array<Exact, S>, S>& a) {
  Matrix<S> m;
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t l = 0; l < S; ++l)
      m[i][l] = RootExt(a[i][l]);
  return m;
}

/// The stick-breaking point of the first S − 1 variables, exact (the chart of the interval scores).
template <std::size_t S> std::array<Exact, S> stick_point(const std::vector<Exact>& x) {
  std::array<Exact, S - 1> u;
  for (std::size_t i = 0; i + 1 < S; ++i)
    u[i] = x[i];
  return stick_breaking<S>(u);
}

/// Why B.loewner-upper and B.jacobian-opnorm stop at S = 3 (their scope.gap).
inline constexpr const char* kLambdaMaxGap =
    "an extreme eigenvalue of the S x S matrix J|_T, whose maximiser depends on every coordinate; the closed "
    "forms on T exist for S = 2, 3 only: S >= 4 needs a symbolic-S argument";

/// The closed forms of J|_T (interval_simplex::jacobian at the stick-breaking point, the score of
/// jacobian_lambda_max_piece: B.loewner-upper and B.jacobian-opnorm) for S = 2 and 3.
inline std::vector<IdentityPiece> jacobian_eigen_identities(bool off = false) {
  return {
      tangent_eigen_identity<2>(
          "S = 2: J w = (m/2) w, m = w^T J w (the single eigenvalue on T), J symmetric, J 1 = 0", 1, 3,
          [](const std::vector<Exact>& x) { return lift<2>(interval_simplex::jacobian(stick_point<2>(x))); },
          off),
      tangent_eigen_identity<3>(
          "S = 3: det(M - lambda N) = 12 (lambda - lambda+)(lambda - lambda-), 24 "
          "lambda+- = 6 m11 + 2 m22 +- r, r^2 = (6 m11 - 2 m22)^2 + 48 m12^2",
          2, 5,
          [](const std::vector<Exact>& x) { return lift<3>(interval_simplex::jacobian(stick_point<3>(x))); },
          off)};
}

/// The closed forms of ∂_kJ|_T (interval_simplex::jacobian_derivative, the score of B.percoord-dJ-bound) for
/// S = 2 (k = 1, 2) and S = 3 (k = 1, 2, 3).
inline std::vector<IdentityPiece> percoord_eigen_identities(bool off = false) {
  std::vector<IdentityPiece> out;
  for (std::size_t k = 0; k < 2; ++k)
    out.push_back(tangent_eigen_identity<2>(
        "S = 2, k = " + std::to_string(k + 1) + ": d_k J w = (m/2) w, d_k J symmetric, d_k J 1 = 0", 1, 4,
        [k](const std::vector<Exact>& x) {
          return lift<2>(interval_simplex::jacobian_derivative(stick_point<2>(x), k));
        },
        off));
  for (std::size_t k = 0; k < 3; ++k)
    out.push_back(tangent_eigen_identity<3>(
        "S = 3, k = " + std::to_string(k + 1) +
            ": det(M - lambda N) = 12 (lambda - lambda+)(lambda - lambda-)",
        2, 7,
        [k](const std::vector<Exact>& x) {
          return lift<3>(interval_simplex::jacobian_derivative(stick_point<3>(x), k));
        },
        off));
  return out;
}

/// B.percoord-dJ-bound's S = 2 chart around the maximisers (percoord_s2_peak): with r = √3 free (r² = 3),
/// p₁ = 1/2 − t/(2r) = 1/2 − tr/6 (1/(2r) = r/6 is a component), m_k = wᵀ∂_kJw satisfies 3r·m_k = η_k(3t −
/// t³) with η = (+1, −1), so 6√3‖∂_kJ‖_op = 3r|m_k| = |3t − t³|; and c★ = 1/(3√3) = r/9 with 6r·c★ = 2, so
/// 6√3(‖∂_kJ‖_op − c) = ±(3t − t³) − 2c/c★ (the sign of 3t − t³ = t(3 − t²) is that of t on the pieces'
/// cells around t = ±1). `off`: η₁ = −1.
inline IdentityPiece percoord_t_chart_identity(bool off = false) {
  return rearrangement_identity("S = 2, t chart: p1 = 1/2 - t/(2 sqrt 3), 3 sqrt 3 w^T d_k J w = +-(3t - "
                                "t^3), 6 sqrt 3 c* = 2 (r = sqrt 3 "
                                "free, r^2 = 3)",
                                1, 4, [off](const std::vector<Exact>& x, const RationalConstants&) {
                                  const RootExt r = sqrt(RootExt(3)), t(x[0]);
                                  const RootExt p1 = RootExt(Exact(Rational(1, 2))) - t * r / Exact(6);
                                  const std::array<RootExt, 2> p{p1, RootExt(1) - p1};
                                  std::vector<Exact> out;
                                  push_parts(out,
                                             r / Exact(6) * (RootExt(2) * r) - RootExt(1)); // 1/(2r) = r/6
                                  const RootExt cubic = RootExt(3) * t - t * t * t;
                                  for (std::size_t k = 0; k < 2; ++k) {
                                    const auto m = interval_simplex::tangent_eigen_scaled<RootExt, 2>(
                                        interval_simplex::jacobian_derivative(p, k))[0];
                                    const int eta = (k == 0) != off ? 1 : -1;
                                    push_parts(out, RootExt(3) * r * m - RootExt(eta) * cubic);
                                  }
                                  const RootExt cstar = r / Exact(9); // 1/(3√3)
                                  push_parts(out, RootExt(3) * r * cstar - RootExt(1));
                                  push_parts(out, RootExt(6) * r * cstar - RootExt(2));
                                  return out;
                                });
}

/// B.percoord-dJ-bound's face step, exact: on each face of the S = 3 stick-breaking square (x₂ = 1: p₃ = 0;
/// x₂ = 0: p₂ = 0; x₁ = 0: p₁ = 0), for the two k of the face, ∂_kJ is the S = 2 matrix ∂_{k'}J of the face's
/// masses (p_a, p_b) = (y, 1 − y) — the S = 2 pieces' chart — bordered by zeros (k' the position of k among a
/// < b); so its norm there is the S = 2 norm. Variable y (the free raw coordinate on the face). `off`: the
/// S = 2 matrix of the other k' (its sign flipped).
inline IdentityPiece percoord_face_identity(bool off = false) {
  return rearrangement_identity(
      "S = 3 on each face: d_k J = (the S = 2 d_k J of the face's masses (y, 1 - y)) bordered by zeros", 1, 4,
      [off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact& y = x[0];
        struct Face {
          std::array<Exact, 2> raw;
          std::array<std::size_t, 2> masses;
        };
        const std::array<Face, 3> faces{Face{{y, Exact(1)}, {0, 1}}, Face{{y, Exact(0)}, {0, 2}},
                                        Face{{Exact(0), y}, {1, 2}}};
        std::vector<Exact> out;
        for (const auto& f : faces) {
          const auto p = stick_breaking<3>(f.raw);
          const std::array<Exact, 2> q{p[f.masses[0]], p[f.masses[1]]};
          out.push_back(q[0] - y); // the S = 2 chart (u, 1 − u) at u = y
          out.push_back(q[1] - (Exact(1) - y));
          for (std::size_t kk = 0; kk < 2; ++kk) {
            const auto a3 = interval_simplex::jacobian_derivative(p, f.masses[kk]);
            const auto a2 = interval_simplex::jacobian_derivative(q, off ? 1 - kk : kk);
            for (std::size_t i = 0; i < 3; ++i)
              for (std::size_t l = 0; l < 3; ++l) {
                Exact border(0);
                for (std::size_t ii = 0; ii < 2; ++ii)
                  for (std::size_t ll = 0; ll < 2; ++ll)
                    if (f.masses[ii] == i && f.masses[ll] == l)
                      border = a2[ii][ll];
                out.push_back(a3[i][l] - border);
              }
          }
        }
        return out;
      });
}

// B.DP-opnorm and B.DsmP-opnorm for S = 2 (B_clip_certificates.cpp): the matrices and the rank-one step.

/// DP (or B = J_q DP when `composite`) for S = 2, active set `mask`, at p, δ⋆.
template <class X>
std::array<std::array<X, 2>, 2> lift_matrix(const std::array<X, 2>& p, const X& ds, unsigned mask,
                                            bool composite) {
  std::array<std::array<X, 2>, 2> d;
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t k = 0; k < 2; ++k)
      d[i][k] = (mask & (1u << i)) ? X(X(i == k ? 1 : 0) - p[k]) : X(0);
  for (std::size_t k = 0; k < 2; ++k) { // C: subtract the column means
    const X mean = (d[0][k] + d[1][k]) / X(2);
    d[0][k] -= mean;
    d[1][k] -= mean;
  }
  if (composite) { // B = J_q DP, q = m/Σm, m = max(p, δ⋆) with the mask
    std::array<X, 2> m;
    for (std::size_t i = 0; i < 2; ++i)
      m[i] = (mask & (1u << i)) ? p[i] : ds;
    const X total = m[0] + m[1];
    const std::array<X, 2> q{m[0] / total, m[1] / total};
    const X j = q[0] * q[1]; // J_q = q₁q₂ [[1, −1], [−1, 1]]
    std::array<std::array<X, 2>, 2> b;
    for (std::size_t k = 0; k < 2; ++k) {
      b[0][k] = j * (d[0][k] - d[1][k]);
      b[1][k] = j * (d[1][k] - d[0][k]);
    }
    d = b;
  }
  return d;
}

/// λ = wᵀDw/2 (w = (1, −1)) of D = lift_matrix: D = λ wwᵀ/2 (lift_rank_one_identity), so ‖D‖_op = |λ|.
template <class X> X lift_lambda(const std::array<X, 2>& p, const X& ds, unsigned mask, bool composite) {
  const auto d = lift_matrix(p, ds, mask, composite);
  return (d[0][0] - d[0][1] - d[1][0] + d[1][1]) / X(2);
}

/// The step ‖D‖_op = |wᵀDw|/2 of B_clip_certificates.cpp's lift_norm_piece scores, exact: D = λ wwᵀ/2
/// entrywise with λ = lift_lambda (D maps into T = span{w} and kills 1, so it is rank one; ‖wwᵀ/2‖_op =
/// ‖w‖²/2 = 1), every active set, variables (p₁, δ⋆), p₂ = 1 − p₁. `off` flips the sign of λ (refused).
inline IdentityPiece lift_rank_one_identity(bool composite, bool off = false) {
  return rearrangement_identity(
      std::string("S = 2, every A: ") + (composite ? "B" : "DP") + " = lambda w w^T/2, lambda = w^T " +
          (composite ? "B" : "DP") + " w/2, so ||.||_op = |lambda|",
      2, 4, [composite, off](const std::vector<Exact>& x, const RationalConstants&) {
        const std::array<Exact, 2> p{x[0], Exact(1) - x[0]};
        const std::array<int, 2> w{1, -1};
        std::vector<Exact> r;
        for (unsigned mask = 0; mask < 4; ++mask) {
          const auto d = lift_matrix<Exact>(p, x[1], mask, composite);
          const Exact lambda = lift_lambda<Exact>(p, x[1], mask, composite) * Exact(off ? -1 : 1);
          for (std::size_t i = 0; i < 2; ++i)
            for (std::size_t k = 0; k < 2; ++k)
              r.push_back(d[i][k] - lambda * Exact(w[i] * w[k]) / Exact(2));
        }
        return r;
      });
}

} // namespace dcrv::certify::tangent_eigen_exact
