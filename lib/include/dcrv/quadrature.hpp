// dcrv/quadrature.hpp — Gauss–Legendre quadrature in the working precision of the scalar (double, mpfr), for
// the line and surface integrals of the claims (circulations, potentials along segments, Taylor remainders).
#pragma once
#include <functional>
#include <utility>
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv {

/// The n-point Gauss–Legendre rule on [0, 1]: nodes x_i (ascending) and weights w_i, Σ_i w_i f(x_i) ≈ ∫₀¹ f,
/// exact for polynomials of degree ≤ 2n − 1. The nodes are the zeros of P_n (Newton from Chebyshev-like
/// starts, to the working precision of T), mapped from [−1, 1].
template <class T> std::pair<std::vector<T>, std::vector<T>> gauss_legendre(int n);

/// ∫_lo^hi f with its error estimate.
template <class T> struct Integral {
  T value{0};
  T error{0}; // Σ over the accepted panels of |(left + right) − whole|: an upper estimate of the error
};
/// Adaptive Gauss–Legendre quadrature (20 nodes, recursive bisection until the two halves agree with the
/// whole to `rel_tol` relative to the running magnitude of the integral; 0: ε^{0.8} of T, about 12 digits in
/// double and 40 at 50 digits): smooth integrands with nearby singularities (log p near a face, the
/// 1/(y(1−y)) of Wright–Fisher densities at small floors) are resolved by the grading of the bisection.
template <class T>
Integral<T> integrate_adaptive(const std::function<T(const T&)>& f, const T& lo, const T& hi,
                               const T& rel_tol = T(0));

} // namespace dcrv
