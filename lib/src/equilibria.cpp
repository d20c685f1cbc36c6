#include "dcrv/equilibria.hpp"

#include <Eigen/LU>
#include <limits>

#include "dcrv/simplex.hpp"

namespace dcrv {
using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log,
    boost::multiprecision::sqrt;
using std::abs, std::exp, std::log, std::sqrt;

template <class T>
Vec<T> barrier_maximizer_log(const Vec<T>& b, const Mat<T>& K, const T& gamma, const T& A, const Vec<T>& y0) {
  const Eigen::Index S = b.size();
  const T eps = std::numeric_limits<T>::epsilon();
  auto normalize = [](Vec<T> v) {
    const T mx = v.maxCoeff();
    T s(0);
    for (Eigen::Index i = 0; i < v.size(); ++i)
      s += exp(v(i) - mx);
    return Vec<T>(v.array() - (mx + log(s)));
  };
  auto value = [&](const Vec<T>& y) {
    const Vec<T> p = exp_of(y);
    T v = b.dot(p) - gamma * p.dot(K * p);
    for (Eigen::Index i = 0; i < S; ++i)
      v -= A * p(i) * y(i);
    return v;
  };
  Vec<T> y = normalize(y0);
  T val = value(y);
  bool polished = false;
  for (int it = 0; it < 400; ++it) {
    const Vec<T> p = exp_of(y);
    const Vec<T> Kp = K * p;
    Mat<T> m = Mat<T>::Zero(S + 1, S + 1);
    Vec<T> r = Vec<T>::Zero(S + 1);
    for (Eigen::Index i = 0; i < S; ++i) {
      for (Eigen::Index j = 0; j < S; ++j)
        m(i, j) = T(2) * gamma * K(i, j) * p(j);
      m(i, i) += A;
      m(i, S) = T(1);
      m(S, i) = p(i);
      r(i) = b(i) - T(2) * gamma * Kp(i) - A * (T(1) + y(i));
    }
    const Vec<T> e = m.partialPivLu().solve(r).head(S);
    T step(1);
    bool moved = false;
    for (int k = 0; k < 80; ++k, step /= 2) {
      const Vec<T> yn = normalize(Vec<T>(y + step * e));
      const T vn = value(yn);
      if (vn >= val - T(4) * eps * (abs(val) + T(1))) {
        y = yn, val = vn, moved = true;
        break;
      }
    }
    if (!moved)
      break;
    if (e.cwiseAbs().maxCoeff() < sqrt(eps) * sqrt(sqrt(eps))) {
      if (polished)
        break;
      polished = true;
    }
  }
  return y;
}

template <class T>
Vec<T> barrier_maximizer_log(const Vec<T>& b, const Mat<T>& K, const T& gamma, const T& A) {
  return barrier_maximizer_log<T>(b, K, gamma, A, Vec<T>(Vec<T>::Constant(b.size(), -log(T(b.size())))));
}

template <class T> JtildeMaximizer<T> jtilde_maximizer(const SrctParams<T>& m, const Vec<T>& y0) {
  JtildeMaximizer<T> out;
  out.log_p = barrier_maximizer_log<T>(srct_linear_score(m), m.K, T(m.lambda * m.beta), m.barrier(), y0);
  out.p = exp_of(out.log_p);
  const Vec<T> g = srct_fitness(m, out.p, out.log_p);
  out.residual = (g.array() - out.p.dot(g)).abs().maxCoeff();
  return out;
}
template <class T> JtildeMaximizer<T> jtilde_maximizer(const SrctParams<T>& m) {
  return jtilde_maximizer<T>(m, Vec<T>(Vec<T>::Constant(m.size(), -log(T(m.size())))));
}

template <class T> Vec<T> two_level_target(int S, int M, const T& delta) {
  Vec<T> p = Vec<T>::Constant(S, delta);
  const T pc = (T(1) - T(S - M) * delta) / T(M);
  for (int c = 0; c < M; ++c)
    p(c) = pc;
  return p;
}

#define DCRV_INSTANTIATE_EQUILIBRIA(T)                                                                       \
  template Vec<T> barrier_maximizer_log(const Vec<T>&, const Mat<T>&, const T&, const T&, const Vec<T>&);    \
  template Vec<T> barrier_maximizer_log(const Vec<T>&, const Mat<T>&, const T&, const T&);                   \
  template JtildeMaximizer<T> jtilde_maximizer(const SrctParams<T>&, const Vec<T>&);                         \
  template JtildeMaximizer<T> jtilde_maximizer(const SrctParams<T>&);                                        \
  template Vec<T> two_level_target(int, int, const T&);
DCRV_INSTANTIATE_EQUILIBRIA(double)
DCRV_INSTANTIATE_EQUILIBRIA(mpfr)
} // namespace dcrv
