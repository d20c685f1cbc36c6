// dcrv/real.hpp — the scalar layer.
//
// dcrv is generic in the scalar type: `double` for search and fast paths, `mpfr` (runtime precision, the
// --digits option) for confirmation and reference, `mpfi` intervals for certification. This header is the one
// place where Boost.Multiprecision is adapted to Eigen 3.4 and Boost.Odeint (DESIGN.md, "Known pitfalls"):
// boost/multiprecision/eigen.hpp does not compile with Eigen 3.4, so dcrv provides its own NumTraits.
#pragma once

#include <Eigen/Core>
#include <boost/multiprecision/mpfi.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <cmath>
#include <limits>
#include <string>

namespace dcrv {

using mpfr = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<0>,
                                           boost::multiprecision::et_off>;
using mpfi = boost::multiprecision::number<boost::multiprecision::mpfi_float_backend<0>,
                                           boost::multiprecision::et_off>;

template <class T> using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;
template <class T> using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

/// Sets the process-wide MPFR/MPFI working precision in decimal digits. Boost 1.74 keeps the default
/// precision in a plain static (not thread-local), so dcrv sets it once per process, before any worker
/// thread starts; every thread then confirms at the same precision.
void set_working_digits(unsigned digits10);
unsigned working_digits();
/// "" while the Boost MPFR/MPFI defaults and MPFR's own (thread-local) default still hold the working
/// precision; otherwise what changed. Boost 1.74 sets its (global, unsynchronised) default precision to an
/// operand's precision for the duration of every operation on numbers of a precision other than the
/// default (detail::scoped_default_precision), and restores it afterwards: with two threads doing that at
/// once, the restore of one can leave the other's temporary value behind. A single number created before
/// set_working_digits (at Boost's initial 20 digits) was enough to leave every later interval of a
/// `certify --jobs 2` run at 20 digits. The runner checks this after every claim (checks/runner.cpp).
std::string working_precision_drift();

/// Scalar-generic helpers, so that claim code reads the same for double and mpfr.
template <class T> inline T cst(double v) {
  return T(v);
}
template <class T> inline T cst_ratio(long num, long den) {
  return T(num) / T(den);
}
inline double to_double(double x) {
  return x;
}
inline double to_double(const mpfr& x) {
  return x.convert_to<double>();
}
template <class T> inline bool is_finite(const T& x) {
  using boost::multiprecision::isfinite;
  using std::isfinite;
  return isfinite(x);
}
/// Decimal digits of the scalar: 15 for double, the working precision for mpfr.
template <class T> inline int scalar_digits() {
  return std::numeric_limits<double>::digits10;
}
template <> inline int scalar_digits<mpfr>() {
  return static_cast<int>(working_digits());
}
/// The relative tolerance at which an identity is considered exact in scalar T: a genuine identity
/// leaves a residual of a few ulps, a false one leaves an O(1) residual that does not shrink with precision.
template <class T> inline T identity_tolerance() {
  return T(std::pow(10.0, -0.6 * scalar_digits<T>()));
}
std::string to_string_exact(const mpfr& x, int digits = 0);
/// A quiet NaN of the scalar: what a check returns when its evaluation broke down (never a pass).
template <class T> inline T nan_of() {
  return std::numeric_limits<T>::quiet_NaN();
}
/// e^x − 1 and log(1 + x) without cancellation for small |x|, for double and mpfr alike.
template <class T> inline T expm1_of(const T& x) {
  using boost::multiprecision::expm1;
  using std::expm1;
  return expm1(x);
}
template <class T> inline T log1p_of(const T& x) {
  using boost::multiprecision::log1p;
  using std::log1p;
  return log1p(x);
}

} // namespace dcrv

namespace Eigen {
// Eigen 3.4 adaptation of the runtime-precision MPFR type (replaces boost/multiprecision/eigen.hpp).
template <> struct NumTraits<dcrv::mpfr> : GenericNumTraits<dcrv::mpfr> {
  using Real = dcrv::mpfr;
  using NonInteger = dcrv::mpfr;
  using Literal = dcrv::mpfr;
  using Nested = dcrv::mpfr;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 4,
    AddCost = 8,
    MulCost = 16
  };
  static inline Real epsilon() { return std::numeric_limits<Real>::epsilon(); }
  static inline Real dummy_precision() {
    return Real(10) * epsilon(); // relative to the current working precision
  }
  static inline Real highest() { return (std::numeric_limits<Real>::max)(); }
  static inline Real lowest() { return (std::numeric_limits<Real>::lowest)(); }
  static inline Real infinity() { return std::numeric_limits<Real>::infinity(); }
  static inline Real quiet_NaN() { return std::numeric_limits<Real>::quiet_NaN(); }
  static inline int digits10() { return static_cast<int>(dcrv::working_digits()); }
};
} // namespace Eigen
