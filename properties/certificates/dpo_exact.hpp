// properties/certificates/dpo_exact.hpp — the DPO pieces shared by the certificates of App. F and G
// (F_dpo_, F_face_gap_, F_equilibrium_ and G_threshold_certificates.cpp): the logistic σ and the
// sign-definite forms of its slope s = σ(x)σ(−x) and differences, generic in the scalar (Interval or a Jet
// over it), and the two-level model's log-masses (DpoModel::two_level_logs for z ≥ 0) with the raw box of its
// claims, and the face-gap box (K, u) with further coordinates. The equivalent forms (S1)–(S3) are proved by
// the identity pieces of F_dpo_certificates.cpp (see its header comment).
#pragma once

#include <array>
#include <initializer_list>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/face_gap_piece.hpp"

namespace dcrv::certify::dpo_exact {

/// σ(x) = 1/(1 + e^{−x}).
template <class X> X sigmoid(const X& x) {
  return 1 / (1 + exp(-x));
}
/// tanh(x/2) = (eˣ − 1)/(eˣ + 1).
template <class X> X tanh_half(const X& x) {
  return expm1(x) / (exp(x) + 1);
}
/// sinh(a) = (eᵃ − e^{−a})/2 and cosh(a) = (eᵃ + e^{−a})/2 (sign-exact for a ≥ 0: e^0 − e^0 = 0).
template <class X> X sinh_of(const X& a) {
  return (exp(a) - exp(-a)) / 2;
}
template <class X> X cosh_of(const X& a) {
  return (exp(a) + exp(-a)) / 2;
}
/// (S1): s(x) − c = (¼ − c) − ¼ tanh²(x/2).
template <class X> X slope_minus(const X& x, const Interval& c) {
  return X(Interval(1) / 4 - c) - square(tanh_half(x)) / 4;
}
/// (S2): s(−(y + t)) − s(y) for y, t ≥ 0.
template <class X> X slope_gap(const X& y, const X& t) {
  const X ch_x = cosh_of((y + t) / 2), ch_y = cosh_of(y / 2);
  return -(sinh_of(y + t / 2) * sinh_of(t / 2)) / (4 * square(ch_x) * square(ch_y));
}
/// (S3): σ(a) − σ(b) with d = a − b given in a sign-definite form.
template <class X> X sigmoid_difference(const X& a, const X& b, const X& d) {
  return sigmoid(-a) * sigmoid(b) * expm1(d);
}

/// (log L_𝒞(z), log L_ℐ(z)) at raw (z, M, N) as DpoModel::two_level_logs for z ≥ 0: log L_𝒞 = −log M −
/// log1p(Ne^{−z}/M), log L_ℐ = log L_𝒞 − z.
template <class X> std::array<X, 2> two_level_logs(const X& z, const X& M, const X& N) {
  const X lc = -(log(M) + log1p(N * exp(-z) / M));
  return {lc, lc - z};
}
/// The raw box (z, M, N, β, ℓ₀) of the two-level claims, z ∈ [0, z_hi].
inline Box two_level_box(double z_hi) {
  return {Interval(0.0, z_hi), Interval(1.0, 100.0), Interval(1.0, 100.0), Interval(1e-3, 1e3),
          Interval(-40.0, 20.0)};
}

/// log A = log((1 − δ)/((K − 1)δ)) at δ = u/K, as log1p(K(1 − u)/((K − 1)u)) (the claims' log1p((1 − Kδ)/((K
/// − 1)δ)) with Kδ = u substituted exactly; u and K each appear once in the argument).
template <class X> X face_gap_log(const X& K, const X& u) {
  return log1p(K * (1 - u) / ((K - 1) * u));
}
/// L_K(u/K) = (1 − u/K) log A (dcrv/simplex.hpp face_gap).
template <class X> X face_gap_of(const X& K, const X& u) {
  return (1 - u / K) * face_gap_log(K, u);
}

/// The face-gap box (K, u) of face_gap_piece.hpp (every real K ∈ [2, 10¹²], δ = u/K with u ∈ [10⁻³⁰⁰,
/// 1 − 2⁻⁵³]) followed by the coordinates `more`.
inline Box face_gap_box_and(std::initializer_list<Interval> more) {
  Box b = face_gap_box();
  b.insert(b.end(), more.begin(), more.end());
  return b;
}

} // namespace dcrv::certify::dpo_exact
