// dcrv/quadrature.hpp — Gauss–Legendre quadrature in the working precision of the scalar (double, mpfr), for
// the line and surface integrals of the claims (circulations, potentials along segments, Taylor remainders).
#pragma once
#include <utility>
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv {

/// The n-point Gauss–Legendre rule on [0, 1]: nodes x_i (ascending) and weights w_i, Σ_i w_i f(x_i) ≈ ∫₀¹ f,
/// exact for polynomials of degree ≤ 2n − 1. The nodes are the zeros of P_n (Newton from Chebyshev-like
/// starts, to the working precision of T), mapped from [−1, 1].
template <class T> std::pair<std::vector<T>, std::vector<T>> gauss_legendre(int n);

} // namespace dcrv
