// dcrv/autodiff.hpp — forward-mode automatic differentiation of the paper's formulas, generic in the scalar.
//
// A claim that states a derivative in closed form (δJ̃/δp, ∇²H, J_E(p)v, …) is checked against the derivative
// of the formula itself, so the identity compares two independent computations. The formula is written once
// as a generic lambda over a std::vector of numbers; it is evaluated on Dual<T> (first derivatives) or
// Dual<Dual<T>> (mixed second derivatives). Exact to rounding: no step size, no truncation error.
#pragma once
#include <cstddef>
#include <type_traits>
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv {

/// Dual number v + d·η with η² = 0: the value and the directional derivative of a formula. Nested
/// (Dual<Dual<T>>) it carries mixed second derivatives. Only what the formulas of the paper use is defined:
/// + − × ÷, log, and the comparison with 0 that guards 0 log 0 (on the value).
template <class T> struct Dual {
  T v{0}, d{0};
  Dual() = default;
  /// Constants (implicit, so that mixed arithmetic such as X(alpha) * p[i] reads naturally).
  template <class S>
  requires std::is_constructible_v<T, const S&> Dual(const S& x) : v(x), d(0) {}
  Dual(const T& value, const T& derivative) : v(value), d(derivative) {}

  friend Dual operator+(const Dual& a, const Dual& b) { return Dual(a.v + b.v, a.d + b.d); }
  friend Dual operator-(const Dual& a, const Dual& b) { return Dual(a.v - b.v, a.d - b.d); }
  friend Dual operator-(const Dual& a) { return Dual(-a.v, -a.d); }
  friend Dual operator*(const Dual& a, const Dual& b) { return Dual(a.v * b.v, a.v * b.d + a.d * b.v); }
  friend Dual operator/(const Dual& a, const Dual& b) {
    return Dual(a.v / b.v, (a.d * b.v - a.v * b.d) / (b.v * b.v));
  }
  Dual& operator+=(const Dual& b) { return *this = *this + b; }
  Dual& operator-=(const Dual& b) { return *this = *this - b; }
  friend bool operator>(const Dual& a, const Dual& b) { return a.v > b.v; }
  friend Dual log(const Dual& a) {
    using boost::multiprecision::log;
    using std::log;
    return Dual(log(a.v), a.d / a.v);
  }
};

/// The element type of a sequence (T, Dual<T>, …): formulas written for any of them name it elem_t<Xs>.
template <class Xs> using elem_t = typename std::decay_t<Xs>::value_type;

/// d/dt f(p + t v) at t = 0, for a scalar formula f over a std::vector of numbers.
template <class T, class F> T ad_directional(const F& f, const Vec<T>& p, const Vec<T>& v) {
  std::vector<Dual<T>> x(static_cast<std::size_t>(p.size()));
  for (Eigen::Index i = 0; i < p.size(); ++i)
    x[static_cast<std::size_t>(i)] = Dual<T>(p(i), v(i));
  return f(x).d;
}
/// ∇f(p): the ambient partial derivatives of the formula, one directional derivative per coordinate.
template <class T, class F> Vec<T> ad_gradient(const F& f, const Vec<T>& p) {
  Vec<T> g(p.size());
  for (Eigen::Index k = 0; k < p.size(); ++k)
    g(k) = ad_directional<T>(f, p, Vec<T>(Vec<T>::Unit(p.size(), k)));
  return g;
}
/// d/dt f(p + t v) at t = 0 for a vector-valued formula f (returning a std::vector): the Jacobian-vector
/// product.
template <class T, class F> Vec<T> ad_jvp(const F& f, const Vec<T>& p, const Vec<T>& v) {
  std::vector<Dual<T>> x(static_cast<std::size_t>(p.size()));
  for (Eigen::Index i = 0; i < p.size(); ++i)
    x[static_cast<std::size_t>(i)] = Dual<T>(p(i), v(i));
  const auto y = f(x);
  Vec<T> out(static_cast<Eigen::Index>(y.size()));
  for (std::size_t i = 0; i < y.size(); ++i)
    out(static_cast<Eigen::Index>(i)) = y[i].d;
  return out;
}
/// uᵀ∇²f(p)w (nested duals: the outer variable moves along u, the inner one along w).
template <class T, class F> T ad_second(const F& f, const Vec<T>& p, const Vec<T>& u, const Vec<T>& w) {
  using D = Dual<T>;
  std::vector<Dual<D>> x(static_cast<std::size_t>(p.size()));
  for (Eigen::Index i = 0; i < p.size(); ++i)
    x[static_cast<std::size_t>(i)] = Dual<D>(D(p(i), w(i)), D(u(i), T(0)));
  return f(x).d.d;
}
/// ∇²f(p), entry by entry (symmetric by construction).
template <class T, class F> Mat<T> ad_hessian(const F& f, const Vec<T>& p) {
  const Eigen::Index S = p.size();
  Mat<T> h(S, S);
  for (Eigen::Index i = 0; i < S; ++i)
    for (Eigen::Index j = i; j < S; ++j)
      h(i, j) = h(j, i) = ad_second<T>(f, p, Vec<T>(Vec<T>::Unit(S, i)), Vec<T>(Vec<T>::Unit(S, j)));
  return h;
}

} // namespace dcrv
