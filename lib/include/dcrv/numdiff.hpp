// dcrv/numdiff.hpp — derivatives by central differences: an evaluation independent of the closed forms the
// claims compare them with (App. B, D, E, F); and the ℓ_q norms in which differences are measured (the
// Lipschitz and Hessian claims of App. B). Header-only, generic in the scalar (double and mpfr).
//
// The 6th-order central difference
//     f′(x) ≈ [45(f(x+h) − f(x−h)) − 9(f(x+2h) − f(x−2h)) + (f(x+3h) − f(x−3h))]/(60h)
// has truncation O(h⁶) and rounding O(ε/h); the step h = ε^{1/7} = 10^{−digits/7} balances them (≈ 7e-3 in
// double, ≈ 7e-8 at 50 digits), so a derivative comes out with about 6/7 of the working digits.
#pragma once

#include <cmath>

#include "dcrv/linalg.hpp"
#include "dcrv/real.hpp"

namespace dcrv {

/// The step ε^{1/7} = 10^{−digits/7} of 6th-order central differences in scalar T.
template <class T> T central_difference_step() {
  using boost::multiprecision::pow;
  using std::pow;
  return pow(T(10), T(-scalar_digits<T>()) / T(7));
}

/// g′(0) by the 6th-order central difference with step h, for g(s) scalar- or vector-valued (g must return
/// an evaluated type, e.g. Vec<T>, not an Eigen expression): the function is read at the offsets ±h, ±2h,
/// ±3h from the point of interest.
template <class T, class G> auto central_difference(const G& g, const T& h) {
  using R = decltype(g(h));
  const R acc =
      T(45) * (g(h) - g(T(-h))) - T(9) * (g(T(2 * h)) - g(T(-2 * h))) + (g(T(3 * h)) - g(T(-3 * h)));
  return R(acc / (T(60) * h));
}

/// f′(x) by the 6th-order central difference with step h (f read at x ± h, x ± 2h, x ± 3h).
template <class T, class F> auto central_difference_at(const F& f, const T& x, const T& h) {
  return central_difference<T>([&](const T& s) { return f(T(x + s)); }, h);
}

/// The Jacobian [∂f_i/∂x_j] of f : ℝⁿ → ℝᵐ at x, column j by the 6th-order central difference along e_j with
/// step `step(j)` (f returns Vec<T>).
template <class T, class F, class Step>
Mat<T> central_difference_jacobian(const F& f, const Vec<T>& x, const Step& step) {
  const Eigen::Index n = x.size();
  Mat<T> jac;
  for (Eigen::Index j = 0; j < n; ++j) {
    const Vec<T> col = central_difference<T>(
        [&](const T& s) {
          Vec<T> y = x;
          y(j) += s;
          return Vec<T>(f(y));
        },
        T(step(j)));
    if (j == 0)
      jac.resize(col.size(), n);
    jac.col(j) = col;
  }
  return jac;
}

/// The vector norms ‖·‖_1, ‖·‖_2, ‖·‖_∞.
enum class Norm { l1, l2, linf };
/// ‖v‖_q for q = 1, 2, ∞.
template <class T> T vector_norm(const Vec<T>& v, Norm q) {
  switch (q) {
  case Norm::l1:
    return norm1(v);
  case Norm::l2:
    return T(v.norm());
  default:
    return norm_inf(v);
  }
}

} // namespace dcrv
