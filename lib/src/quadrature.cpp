#include "dcrv/quadrature.hpp"

#include <cmath>
#include <limits>

namespace dcrv {
using boost::multiprecision::abs, boost::multiprecision::atan, boost::multiprecision::cos;
using std::abs, std::atan, std::cos;

template <class T> std::pair<std::vector<T>, std::vector<T>> gauss_legendre(int n) {
  std::vector<T> x(n), w(n);
  const T pi = T(4) * atan(T(1));
  for (int i = 0; i < n; ++i) {
    T z = cos(pi * (T(i) + T(0.75)) / (T(n) + T(0.5)));
    T dp(1);
    for (int it = 0; it < 100; ++it) {
      T p0(1), p1 = z; // P_0, P_1 → P_n by the three-term recurrence
      for (int k = 2; k <= n; ++k) {
        const T p2 = ((T(2 * k - 1)) * z * p1 - T(k - 1) * p0) / T(k);
        p0 = p1, p1 = p2;
      }
      dp = T(n) * (z * p1 - p0) / (z * z - T(1));
      const T dz = p1 / dp;
      z -= dz;
      if (abs(dz) <= std::numeric_limits<T>::epsilon() * T(4))
        break;
    }
    x[i] = (T(1) - z) / T(2);
    w[i] = T(1) / ((T(1) - z * z) * dp * dp) * T(2) /
           T(2); // weight on [−1,1] is 2/((1−z²)P'²); halved for [0,1]
  }
  return {x, w};
}

template <class T>
Integral<T> integrate_adaptive(const std::function<T(const T&)>& f, const T& lo, const T& hi,
                               const T& rel_tol) {
  using boost::multiprecision::pow;
  using std::pow;
  Integral<T> out;
  if (!(hi > lo))
    return out;
  const auto [x, w] = gauss_legendre<T>(20);
  const auto rule = [&](const T& a, const T& b) {
    T s(0);
    for (std::size_t k = 0; k < x.size(); ++k)
      s += w[k] * f(T(a + (b - a) * x[k]));
    return T(s * (b - a));
  };
  const T tol = rel_tol > 0 ? rel_tol : T(pow(std::numeric_limits<T>::epsilon(), T(0.8)));
  const T whole = rule(lo, hi);
  T scale = abs(whole);
  std::function<T(const T&, const T&, const T&, int)> rec = [&](const T& a, const T& b, const T& all,
                                                                int depth) -> T {
    const T m = (a + b) / 2;
    const T left = rule(a, m), right = rule(m, b);
    const T both = left + right;
    if (abs(both) > scale)
      scale = abs(both);
    const T diff = abs(T(both - all));
    if (depth >= 60 || diff <= tol * scale) {
      out.error += diff;
      return both;
    }
    return T(rec(a, m, left, depth + 1) + rec(m, b, right, depth + 1));
  };
  out.value = rec(lo, hi, whole, 0);
  return out;
}

template Integral<double> integrate_adaptive(const std::function<double(const double&)>&, const double&,
                                             const double&, const double&);
template Integral<mpfr> integrate_adaptive(const std::function<mpfr(const mpfr&)>&, const mpfr&, const mpfr&,
                                           const mpfr&);
template std::pair<std::vector<double>, std::vector<double>> gauss_legendre(int);
template std::pair<std::vector<mpfr>, std::vector<mpfr>> gauss_legendre(int);
} // namespace dcrv
