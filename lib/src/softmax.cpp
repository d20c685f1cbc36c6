#include "dcrv/softmax.hpp"

#include "dcrv/simplex.hpp"

namespace dcrv {
using boost::multiprecision::exp;
using boost::multiprecision::log;
using std::exp;
using std::log;

template <class T> Vec<T> softmax(const Vec<T>& theta) {
  const T m = theta.maxCoeff();
  Vec<T> e = theta;
  for (Eigen::Index i = 0; i < e.size(); ++i)
    e(i) = exp(theta(i) - m);
  return e / e.sum();
}

template <class T> Mat<T> covariance_matrix(const Vec<T>& p) {
  // S_ii = p_i Σ_{j≠i} p_j rather than p_i − p_i²: near a vertex 1 − p_i is then a sum of small masses, not a
  // cancellation, so every entry is relatively accurate (in double as in MPFR).
  Mat<T> s = -p * p.transpose();
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    T rest(0);
    for (Eigen::Index j = 0; j < p.size(); ++j)
      if (j != i)
        rest += p(j);
    s(i, i) = p(i) * rest;
  }
  return s;
}

template <class T> Mat<T> jacobian_derivative(const Vec<T>& p, int k) {
  Vec<T> d = -p * p(k); // d = ∂_{θ_k} p_θ = p ⊙ (e_k − p_k 1)
  d(k) += p(k);
  Mat<T> m = -d * p.transpose() - p * d.transpose();
  m.diagonal() += d;
  return m;
}

template <class T> Vec<T> hessian_column(const Vec<T>& p, int k, int l) {
  const auto S = p.size();
  Vec<T> h(S);
  for (Eigen::Index i = 0; i < S; ++i) {
    const T dil = T(i == l ? 1 : 0) - p(l);
    const T dik = T(i == k ? 1 : 0) - p(k);
    const T dkl = T(k == l ? 1 : 0) - p(l);
    h(i) = p(i) * (dil * dik - p(k) * dkl);
  }
  return h;
}

template <class T> Vec<T> hessian_bilinear(const Vec<T>& p, const Vec<T>& u, const Vec<T>& v) {
  Vec<T> out = Vec<T>::Zero(p.size());
  for (int k = 0; k < p.size(); ++k)
    for (int l = 0; l < p.size(); ++l)
      out += (u(k) * v(l)) * hessian_column(p, k, l);
  return out;
}

template <class T> Vec<T> logit_lift(const Vec<T>& theta, const T& delta_star) {
  Vec<T> p = softmax(theta);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    p(i) = log(p(i) > delta_star ? p(i) : delta_star);
  return center(p);
}

template <class T> Mat<T> logit_lift_jacobian(const Vec<T>& theta, const T& delta_star) {
  const Vec<T> p = softmax(theta);
  Mat<T> d = covariance_matrix(p);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    d.row(i) *= (p(i) > delta_star ? T(1) / p(i) : T(0));
  // C · (·): subtract column means
  for (Eigen::Index j = 0; j < d.cols(); ++j)
    d.col(j) = center<T>(d.col(j));
  return d;
}

template <class T> Mat<T> clipped_softmax_jacobian(const Vec<T>& theta, const T& delta_star) {
  return covariance_matrix(softmax(logit_lift(theta, delta_star))) * logit_lift_jacobian(theta, delta_star);
}

#define DCRV_INSTANTIATE_SOFTMAX(T)                                                                          \
  template Vec<T> softmax(const Vec<T>&);                                                                    \
  template Mat<T> covariance_matrix(const Vec<T>&);                                                          \
  template Mat<T> jacobian_derivative(const Vec<T>&, int);                                                   \
  template Vec<T> hessian_column(const Vec<T>&, int, int);                                                   \
  template Vec<T> hessian_bilinear(const Vec<T>&, const Vec<T>&, const Vec<T>&);                             \
  template Vec<T> logit_lift(const Vec<T>&, const T&);                                                       \
  template Mat<T> logit_lift_jacobian(const Vec<T>&, const T&);                                              \
  template Mat<T> clipped_softmax_jacobian(const Vec<T>&, const T&);
DCRV_INSTANTIATE_SOFTMAX(double)
DCRV_INSTANTIATE_SOFTMAX(mpfr)
} // namespace dcrv
