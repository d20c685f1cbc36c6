// dcrv/linalg.hpp — the few spectral quantities the paper uses, in double and MPFR (Eigen).
#pragma once
#include "dcrv/real.hpp"

namespace dcrv {

/// Eigenvalues of a symmetric matrix, ascending.
template <class T> Vec<T> symmetric_eigenvalues(const Mat<T>& a);
/// ‖A‖_op of a symmetric A: max |λ| (no SVD needed).
template <class T> T symmetric_opnorm(const Mat<T>& a);
/// ‖A‖_op = σ_max(A) (spectral norm), for any square or rectangular A.
template <class T> T spectral_norm(const Mat<T>& a);
/// An orthonormal basis of T = 1^⊥ as the columns of an S×(S−1) matrix (Helmert basis).
template <class T> Mat<T> tangent_basis(int S);
/// Eigenvalues (ascending) of the symmetric A restricted to T = 1^⊥, i.e. of QᵀAQ.
template <class T> Vec<T> eigenvalues_on_tangent(const Mat<T>& a);
/// ‖A‖_{∞→∞} = max_i Σ_j |A_ij|.
template <class T> T norm_inf_to_inf(const Mat<T>& a);
template <class T> T norm1(const Vec<T>& v);
template <class T> T norm_inf(const Vec<T>& v);

} // namespace dcrv
