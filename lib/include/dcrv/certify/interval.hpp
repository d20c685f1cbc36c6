// dcrv/certify/interval.hpp — the interval scalar of certificates, and forward-mode jets over it.
//
// `Interval` wraps Boost.Multiprecision's MPFI number (outward-rounded enclosures at the working precision,
// dcrv/real.hpp) with one change that matters for proofs: a comparison whose answer is not decided by the
// enclosures throws `straddle_error` (so an interval evaluation can never take one branch silently). Boost's
// own mpfi comparison is unusable for this: it throws from a noexcept function (std::terminate) and calls
// [0, 2] == [0, 2] "equal". Every elementary function checks its domain on the whole enclosure (sqrt of an
// interval reaching below 0, log of one reaching 0: straddle_error or domain_error, never a NaN bound).
//
// `Jet<X, N, Order>` carries the value, the gradient (Order ≥ 1) and the Hessian (Order 2) of a formula in N
// variables, each entry an Interval: evaluated on a box it encloses the derivatives over the whole box (the
// mean-value and second-order forms of certify/branch_and_bound.hpp). Formulas are written once as generic
// lambdas over the scalar, so the same code runs on Interval, Jet<Interval, N, 1> and Jet<Interval, N, 2>.
#pragma once

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "dcrv/real.hpp"

namespace dcrv::certify {

/// A comparison (or a domain condition) that the enclosures do not decide: the interval straddles the
/// decision. An interval evaluation that throws it proves nothing about the box; branch and bound bisects.
class straddle_error : public std::domain_error {
public:
  using std::domain_error::domain_error;
};

/// A closed interval [lower, upper] with outward rounding (MPFI at the working precision).
class Interval {
public:
  Interval() : x_(0) {}
  Interval(int v) : x_(v) {}    // NOLINT: exact constants read naturally in formulas (2 * x)
  Interval(long v) : x_(v) {}   // NOLINT
  Interval(double v) : x_(v) {} // NOLINT: exact (a double is a dyadic rational)
  Interval(const mpfr& v) { mpfi_set_fr(x_.backend().data(), v.backend().data()); } // NOLINT
  /// [lo, hi] (throws std::invalid_argument when lo > hi or a bound is not finite).
  Interval(const mpfr& lo, const mpfr& hi);
  Interval(double lo, double hi) : Interval(mpfr(lo), mpfr(hi)) {}
  explicit Interval(const mpfi& x) : x_(x) {}

  mpfr lower() const;
  mpfr upper() const;
  mpfr mid() const;
  mpfr width() const;
  bool is_point() const { return lower() == upper(); }
  /// Both bounds finite (no NaN, no infinity).
  bool bounded() const;
  /// Every point of `o` lies in this interval.
  bool contains(const Interval& o) const { return lower() <= o.lower() && o.upper() <= upper(); }
  bool contains(const mpfr& v) const { return lower() <= v && v <= upper(); }
  bool contains_zero() const { return lower() <= 0 && upper() >= 0; }
  const mpfi& raw() const { return x_; }
  mpfi& raw() { return x_; }
  std::string str(int digits = 17) const;

  Interval& operator+=(const Interval& o) {
    x_ += o.x_;
    return *this;
  }
  Interval& operator-=(const Interval& o) {
    x_ -= o.x_;
    return *this;
  }
  Interval& operator*=(const Interval& o);
  Interval& operator/=(const Interval& o);
  friend Interval operator+(Interval a, const Interval& b) { return a += b; }
  friend Interval operator-(Interval a, const Interval& b) { return a -= b; }
  friend Interval operator*(Interval a, const Interval& b) { return a *= b; }
  friend Interval operator/(Interval a, const Interval& b) { return a /= b; }
  friend Interval operator-(const Interval& a) { return Interval(mpfi(-a.x_)); }

  // Guarded comparisons: true/false only when every pair of points of the two enclosures gives the same
  // answer; otherwise straddle_error.
  friend bool operator<(const Interval& a, const Interval& b);
  friend bool operator<=(const Interval& a, const Interval& b);
  friend bool operator>(const Interval& a, const Interval& b) { return b < a; }
  friend bool operator>=(const Interval& a, const Interval& b) { return b <= a; }
  friend bool operator==(const Interval& a, const Interval& b);
  friend bool operator!=(const Interval& a, const Interval& b) { return !(a == b); }

private:
  mpfi x_;
};

/// `x` carried at the working precision (working_digits(), real.hpp), whatever precision it was built at: an
/// interval built before set_working_digits has Boost's initial 20 digits, too coarse for the certificates
/// and a source of default-precision drift under threads (working_precision_drift). Widening is exact.
Interval at_working_precision(const Interval& x);
/// The enclosure [min(a), max(b)] of two intervals' union.
Interval hull(const Interval& a, const Interval& b);
/// x², with the dependency of the two factors respected ([−1, 2]² = [0, 4], not [−2, 4]).
Interval square(const Interval& x);
Interval pow(const Interval& x, int n);
Interval sqrt(const Interval& x);
Interval exp(const Interval& x);
Interval expm1(const Interval& x);
Interval log(const Interval& x);
Interval log1p(const Interval& x);
Interval abs(const Interval& x);
/// min and max are branch-free on intervals (the enclosure of the pointwise min / max).
Interval min(const Interval& a, const Interval& b);
Interval max(const Interval& a, const Interval& b);

// ---------------------------------------------------------------------------------------------------------
// Jets: value, gradient and (Order 2) Hessian of a formula in N variables.
// ---------------------------------------------------------------------------------------------------------

template <class X, std::size_t N, int Order> struct Jet {
  static_assert(Order == 1 || Order == 2, "jets carry first or second derivatives");
  X v{0};
  std::array<X, N> g{};
  std::array<X, (Order == 2 ? N * N : 0)> h{};

  Jet() { fill_zero(); }
  /// A constant (zero derivatives).
  template <class S>
  requires std::is_constructible_v<X, const S&> Jet(const S& c) : v(c) { // NOLINT
    fill_zero();
  }
  /// The i-th variable with value x.
  static Jet variable(const X& x, std::size_t i) {
    Jet j(x);
    j.g[i] = X(1);
    return j;
  }
  X& hess(std::size_t i, std::size_t k) { return h[i * N + k]; }
  const X& hess(std::size_t i, std::size_t k) const { return h[i * N + k]; }

  /// f(a) by the chain rule from f(a.v), f'(a.v) and f''(a.v).
  static Jet chain(const Jet& a, const X& f0, const X& f1, const X& f2) {
    Jet r(f0);
    for (std::size_t i = 0; i < N; ++i)
      r.g[i] = f1 * a.g[i];
    if constexpr (Order == 2)
      for (std::size_t i = 0; i < N; ++i)
        for (std::size_t k = 0; k < N; ++k)
          r.hess(i, k) = f1 * a.hess(i, k) + f2 * a.g[i] * a.g[k];
    return r;
  }

  Jet& operator+=(const Jet& b) {
    v += b.v;
    for (std::size_t i = 0; i < N; ++i)
      g[i] += b.g[i];
    for (std::size_t i = 0; i < h.size(); ++i)
      h[i] += b.h[i];
    return *this;
  }
  Jet& operator-=(const Jet& b) {
    v -= b.v;
    for (std::size_t i = 0; i < N; ++i)
      g[i] -= b.g[i];
    for (std::size_t i = 0; i < h.size(); ++i)
      h[i] -= b.h[i];
    return *this;
  }
  Jet& operator*=(const Jet& b) { return *this = *this * b; }
  Jet& operator/=(const Jet& b) { return *this = *this / b; }
  friend Jet operator+(Jet a, const Jet& b) { return a += b; }
  friend Jet operator-(Jet a, const Jet& b) { return a -= b; }
  friend Jet operator-(const Jet& a) { return Jet() - a; }
  friend Jet operator*(const Jet& a, const Jet& b) {
    Jet r(a.v * b.v);
    for (std::size_t i = 0; i < N; ++i)
      r.g[i] = a.v * b.g[i] + b.v * a.g[i];
    if constexpr (Order == 2)
      for (std::size_t i = 0; i < N; ++i)
        for (std::size_t k = 0; k < N; ++k)
          r.hess(i, k) = a.v * b.hess(i, k) + b.v * a.hess(i, k) + a.g[i] * b.g[k] + b.g[i] * a.g[k];
    return r;
  }
  friend Jet operator/(const Jet& a, const Jet& b) {
    const X inv = X(1) / b.v;
    return a * chain(b, inv, -inv * inv, X(2) * inv * inv * inv);
  }
  // Comparisons compare the values (guarded: an undecided one throws straddle_error).
  friend bool operator<(const Jet& a, const Jet& b) { return a.v < b.v; }
  friend bool operator<=(const Jet& a, const Jet& b) { return a.v <= b.v; }
  friend bool operator>(const Jet& a, const Jet& b) { return a.v > b.v; }
  friend bool operator>=(const Jet& a, const Jet& b) { return a.v >= b.v; }

  friend Jet square(const Jet& a) { return chain(a, square(a.v), X(2) * a.v, X(2)); }
  friend Jet pow(const Jet& a, int n) {
    if (n == 0)
      return Jet(X(1));
    if (n == 1)
      return a;
    return chain(a, pow(a.v, n), X(n) * pow(a.v, n - 1), X(n) * X(n - 1) * pow(a.v, n - 2));
  }
  friend Jet sqrt(const Jet& a) {
    const X s = sqrt(a.v);
    return chain(a, s, X(1) / (X(2) * s), -X(1) / (X(4) * s * a.v));
  }
  friend Jet exp(const Jet& a) {
    const X e = exp(a.v);
    return chain(a, e, e, e);
  }
  friend Jet expm1(const Jet& a) {
    const X e = exp(a.v);
    return chain(a, expm1(a.v), e, e);
  }
  friend Jet log(const Jet& a) {
    const X inv = X(1) / a.v;
    return chain(a, log(a.v), inv, -inv * inv);
  }
  friend Jet log1p(const Jet& a) {
    const X inv = X(1) / (X(1) + a.v);
    return chain(a, log1p(a.v), inv, -inv * inv);
  }
  /// |a| is smooth only where the sign of a is decided (else straddle_error).
  friend Jet abs(const Jet& a) { return a.v >= X(0) ? a : -a; }
  friend Jet min(const Jet& a, const Jet& b) { return a <= b ? a : b; }
  friend Jet max(const Jet& a, const Jet& b) { return a >= b ? a : b; }

private:
  void fill_zero() {
    for (auto& x : g)
      x = X(0);
    for (auto& x : h)
      x = X(0);
  }
};

// Mixed arithmetic with constants (an Interval or an int on either side).
#define DCRV_JET_MIXED(op)                                                                                   \
  template <class X, std::size_t N, int O, class S>                                                          \
  requires std::is_constructible_v<X, const S&> Jet<X, N, O>                                                 \
  operator op(const Jet<X, N, O>& a, const S& b) {                                                           \
    return a op Jet<X, N, O>(b);                                                                             \
  }                                                                                                          \
  template <class X, std::size_t N, int O, class S>                                                          \
  requires std::is_constructible_v<X, const S&> Jet<X, N, O>                                                 \
  operator op(const S& a, const Jet<X, N, O>& b) {                                                           \
    return Jet<X, N, O>(a) op b;                                                                             \
  }
DCRV_JET_MIXED(+)
DCRV_JET_MIXED(-)
DCRV_JET_MIXED(*)
DCRV_JET_MIXED(/)
#undef DCRV_JET_MIXED

} // namespace dcrv::certify
