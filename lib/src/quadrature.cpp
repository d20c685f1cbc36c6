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

template std::pair<std::vector<double>, std::vector<double>> gauss_legendre(int);
template std::pair<std::vector<mpfr>, std::vector<mpfr>> gauss_legendre(int);
} // namespace dcrv
