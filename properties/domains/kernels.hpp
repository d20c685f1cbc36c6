// properties/domains/kernels.hpp — how a sample is read as a kernel or a general matrix (App. A (A4), App. C,
// App. I, main §3): shared by the claim files of App. A, C, I and the main text.
//
// Random PSD kernels: K = k1 k1ᵀ + k2 k2ᵀ + diag(kd ⊙ kd) from three `vector` fields — rank ≤ 2 plus a
// diagonal part, so full-rank, rank-deficient, K = 0 and K = c·11ᵀ all occur, and MPFR replays see the same
// K. General matrices: rows from the `vector` fields r0 … r11 (S ≤ 12).
#pragma once

#include <string>

#include "properties/engine/engine.hpp"

namespace dcrv::kernel_domain {

/// Adds the kernel fields k1, k2, kd (entries in [−1, 1]).
inline Domain with_kernel(Domain d) {
  d.vector("k1", 1.0).vector("k2", 1.0).vector("kd", 1.0);
  return d;
}
/// K = k1 k1ᵀ + k2 k2ᵀ + diag(kd ⊙ kd): symmetric PSD by construction.
template <class T> Mat<T> kernel(const Args<T>& a) {
  const Vec<T> b1 = a.vec("k1"), b2 = a.vec("k2"), c = a.vec("kd");
  Mat<T> K = b1 * b1.transpose() + b2 * b2.transpose();
  for (Eigen::Index i = 0; i < K.rows(); ++i)
    K(i, i) += c(i) * c(i);
  return K;
}
/// Π_T = I − 11ᵀ/S, the orthogonal projector onto T = 1^⊥.
template <class T> Mat<T> tangent_projector(int S) {
  return Mat<T>::Identity(S, S) - Mat<T>::Ones(S, S) / T(S);
}
/// K + μΠ_T with μ from the real field `mu`: PSD and positive definite on T when μ > 0 (κ_T ≥ μ).
template <class T> Mat<T> kernel_with_tangent_part(const Args<T>& a, const char* mu) {
  return kernel(a) + a.real(mu) * tangent_projector<T>(a.S());
}

/// Adds the row fields r0 … r11 of a general square matrix (entries in [−1, 1]; S ≤ 12).
inline Domain with_matrix(Domain d) {
  for (int r = 0; r < 12; ++r)
    d.vector("r" + std::to_string(r), 1.0);
  return d;
}
/// The S×S matrix whose row r is the field "r<r>".
template <class T> Mat<T> general_matrix(const Args<T>& a) {
  const int S = a.S();
  Mat<T> X(S, S);
  for (int r = 0; r < S; ++r)
    X.row(r) = a.vec("r" + std::to_string(r)).transpose();
  return X;
}
/// (X + Xᵀ)/2 for the general matrix X: a symmetric matrix, PSD or indefinite.
template <class T> Mat<T> symmetric_matrix(const Args<T>& a) {
  const Mat<T> X = general_matrix(a);
  return ((X + X.transpose()) / T(2)).eval();
}

/// The worst of check(c, i) over the pairs of a correct trace c and an incorrect trace i, for the split of
/// App. I and main §5.3 (𝒞 = the first M of S indices, ℐ the rest), c outer; skip when either class is empty.
template <class T, class F> Ineq<T> worst_over_classes(int M, int S, F check) {
  Ineq<T> w = skip<T>();
  for (int c = 0; c < M; ++c)
    for (int i = M; i < S; ++i)
      w = worst(w, check(c, i));
  return w;
}

} // namespace dcrv::kernel_domain
