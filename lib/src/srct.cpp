#include "dcrv/srct.hpp"

#include <algorithm>

#include "dcrv/linalg.hpp"
#include "dcrv/simplex.hpp"

namespace dcrv {
using boost::multiprecision::abs, boost::multiprecision::log, boost::multiprecision::log1p;
using std::abs, std::log, std::log1p;

template <class T> T srct_objective(const SrctParams<T>& m, const Vec<T>& p) {
  T j = m.U.dot(p) + m.lambda * (m.alpha * entropy(p) - m.beta * p.dot(m.K * p)) + m.eps * entropy(p);
  if (m.beta_kl != 0)
    j -= m.beta_kl * kl_divergence(p, m.p_base);
  return j;
}

template <class T> Vec<T> srct_score(const SrctParams<T>& m, const Vec<T>& p) {
  Vec<T> phi = m.U - T(2) * m.lambda * m.beta * (m.K * p);
  if (m.beta_kl != 0)
    phi += m.beta_kl * log_of(m.p_base);
  return phi;
}

template <class T> Vec<T> srct_variational_derivative(const SrctParams<T>& m, const Vec<T>& p) {
  const T a = m.barrier();
  return (srct_score(m, p).array() - a * (log_of(p).array() + T(1))).matrix();
}

template <class T> Vec<T> replicator_rate(const Vec<T>& p, const Vec<T>& g) {
  return (g.array() - p.dot(g)).matrix();
}

template <class T> Vec<T> srct_rate(const SrctParams<T>& m, const Vec<T>& p, const Vec<T>& lp) {
  // r_i = (φ_i − φ̄) − A (log p_i − ⟨log p⟩). The integrator's hot loop: written with compound assignments
  // on two scratch values, because in MPFR (expression templates off) every binary operator allocates a
  // temporary; the result vector is the only allocation.
  const Eigen::Index S = p.size();
  Vec<T> r = m.U;
  T c = m.lambda, s, kp;
  c *= m.beta;
  c *= 2;
  if (c != 0)
    for (Eigen::Index i = 0; i < S; ++i) {
      kp = 0; // (Kp)_i over the nonzero entries (the cluster kernels are sparse)
      for (Eigen::Index j = 0; j < S; ++j)
        if (m.K(i, j) != 0) {
          s = m.K(i, j);
          s *= p(j);
          kp += s;
        }
      kp *= c;
      r(i) -= kp;
    }
  if (m.beta_kl != 0)
    for (Eigen::Index i = 0; i < S; ++i)
      r(i) += m.beta_kl * log(m.p_base(i));
  const T a = m.barrier();
  if (a != 0)
    for (Eigen::Index i = 0; i < S; ++i) {
      s = lp(i);
      s *= a;
      r(i) -= s;
    }
  T mean(0); // ⟨p, r⟩
  for (Eigen::Index i = 0; i < S; ++i) {
    s = p(i);
    s *= r(i);
    mean += s;
  }
  for (Eigen::Index i = 0; i < S; ++i)
    r(i) -= mean;
  return r;
}
template <class T> Vec<T> srct_rate(const SrctParams<T>& m, const Vec<T>& p) {
  return srct_rate(m, p, log_of(p));
}

template <class T> Vec<T> srct_drift(const SrctParams<T>& m, const Vec<T>& p) {
  return p.cwiseProduct(srct_rate(m, p));
}

template <class T> T srct_dissipation(const SrctParams<T>& m, const Vec<T>& p) {
  const Vec<T> d = srct_variational_derivative(m, p);
  const Vec<T> c = (d.array() - p.dot(d)).matrix();
  return p.dot(c.cwiseProduct(c));
}

template <class T> RateField<T> srct_field(const SrctParams<T>& m) {
  return [m](const T&, const Vec<T>& p, const Vec<T>& lp) { return srct_rate(m, p, lp); };
}

template <class T> Vec<T> srct_linear_score(const SrctParams<T>& m) {
  Vec<T> b = m.U;
  for (Eigen::Index i = 0; i < b.size(); ++i)
    b(i) += m.beta_kl * log(m.p_base(i));
  return b;
}

template <class T> Vec<T> srct_fitness(const SrctParams<T>& m, const Vec<T>& p, const Vec<T>& log_p) {
  return (srct_score(m, p).array() - m.barrier() * log_p.array()).matrix();
}

template <class T> T jtilde(const SrctParams<T>& m, const Vec<T>& p) {
  T v = m.U.dot(p) - m.lambda * m.beta * p.dot(m.K * p);
  const T a = m.barrier();
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 0)
      v += -a * p(i) * log(p(i)) + m.beta_kl * p(i) * log(m.p_base(i));
  return v;
}

template <class T> T score_sup_trimmed(const SrctParams<T>& m, const T& delta, bool euclidean) {
  T best(0);
  for (int j = 0; j < m.size(); ++j) {
    const Vec<T> phi = srct_score(m, trimmed_vertex(m.size(), j, delta));
    best = std::max<T>(best, euclidean ? T(phi.norm()) : norm_inf<T>(phi));
  }
  return best;
}

template <class T> Mat<T> selection_covariance(const Vec<T>& p) {
  Mat<T> s = -p * p.transpose();
  s.diagonal() += p;
  return s;
}

template <class T> Mat<T> selection_covariance_difference(const Vec<T>& p, const Vec<T>& q, const Vec<T>& d) {
  Mat<T> m = -p * d.transpose() - d * q.transpose();
  m.diagonal() += d;
  return m;
}

template <class T> Vec<T> srct_boxed_drift(const SrctParams<T>& m, const Vec<T>& p) {
  return selection_covariance(p) * srct_score(m, p) - m.barrier() * entropy_drift(p);
}

template <class T> T log_ratio(const T& p, const T& q, const T& d) {
  return abs(d) <= q / T(2) ? T(log1p(d / q)) : T(log(p / q));
}

template <class T> Vec<T> entropy_drift_difference(const Vec<T>& p, const Vec<T>& q, const Vec<T>& d) {
  const Eigen::Index S = p.size();
  Vec<T> ell(S);
  T dmean(0);
  for (Eigen::Index j = 0; j < S; ++j) {
    ell(j) = log_ratio(p(j), q(j), d(j));
    dmean += d(j) * log(p(j)) + q(j) * ell(j);
  }
  const T mp = mean_log(p);
  Vec<T> out(S);
  for (Eigen::Index i = 0; i < S; ++i)
    out(i) = d(i) * (log(p(i)) - mp) + q(i) * (ell(i) - dmean);
  return out;
}

template <class T> T row_difference(const Mat<T>& K) {
  T d(0);
  for (Eigen::Index k = 0; k < K.rows(); ++k)
    for (Eigen::Index l = 0; l < K.rows(); ++l)
      if (k != l)
        for (Eigen::Index j = 0; j < K.cols(); ++j)
          d = std::max<T>(d, T(abs(K(k, j) - K(l, j))));
  return d;
}

#define DCRV_INSTANTIATE_SRCT(T)                                                                             \
  template T srct_objective(const SrctParams<T>&, const Vec<T>&);                                            \
  template Vec<T> srct_variational_derivative(const SrctParams<T>&, const Vec<T>&);                          \
  template Vec<T> srct_score(const SrctParams<T>&, const Vec<T>&);                                           \
  template Vec<T> srct_drift(const SrctParams<T>&, const Vec<T>&);                                           \
  template Vec<T> srct_rate(const SrctParams<T>&, const Vec<T>&);                                            \
  template Vec<T> srct_rate(const SrctParams<T>&, const Vec<T>&, const Vec<T>&);                             \
  template Vec<T> replicator_rate(const Vec<T>&, const Vec<T>&);                                             \
  template T srct_dissipation(const SrctParams<T>&, const Vec<T>&);                                          \
  template RateField<T> srct_field(const SrctParams<T>&);                                                    \
  template Vec<T> srct_linear_score(const SrctParams<T>&);                                                   \
  template Vec<T> srct_fitness(const SrctParams<T>&, const Vec<T>&, const Vec<T>&);                          \
  template T jtilde(const SrctParams<T>&, const Vec<T>&);                                                    \
  template Mat<T> selection_covariance(const Vec<T>&);                                                       \
  template Mat<T> selection_covariance_difference(const Vec<T>&, const Vec<T>&, const Vec<T>&);              \
  template Vec<T> srct_boxed_drift(const SrctParams<T>&, const Vec<T>&);                                     \
  template T log_ratio(const T&, const T&, const T&);                                                        \
  template Vec<T> entropy_drift_difference(const Vec<T>&, const Vec<T>&, const Vec<T>&);                     \
  template T row_difference(const Mat<T>&);                                                                  \
  template T score_sup_trimmed(const SrctParams<T>&, const T&, bool);
DCRV_INSTANTIATE_SRCT(double)
DCRV_INSTANTIATE_SRCT(mpfr)
} // namespace dcrv
