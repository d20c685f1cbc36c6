#include "dcrv/srct.hpp"

#include "dcrv/simplex.hpp"

namespace dcrv {
using std::log;
using boost::multiprecision::log;

template <class T> Vec<T> log_of(const Vec<T>& v) {
  Vec<T> l = v;
  for (Eigen::Index i = 0; i < v.size(); ++i) l(i) = log(v(i));
  return l;
}

template <class T> T srct_objective(const SrctParams<T>& m, const Vec<T>& p) {
  T j = m.U.dot(p) + m.lambda * (m.alpha * entropy(p) - m.beta * p.dot(m.K * p)) + m.eps * entropy(p);
  if (m.beta_kl != 0) j -= m.beta_kl * kl_divergence(p, m.p_base);
  return j;
}

template <class T> Vec<T> srct_score(const SrctParams<T>& m, const Vec<T>& p) {
  Vec<T> phi = m.U - T(2) * m.lambda * m.beta * (m.K * p);
  if (m.beta_kl != 0) phi += m.beta_kl * log_of(m.p_base);
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
  // r_i = (φ_i − φ̄) − A (log p_i − ⟨log p⟩), written in place: in MPFR every temporary allocates.
  const Eigen::Index S = p.size();
  Vec<T> r = m.U;
  const T c = T(2) * m.lambda * m.beta;
  if (c != 0)
    for (Eigen::Index i = 0; i < S; ++i)
      for (Eigen::Index j = 0; j < S; ++j)
        if (m.K(i, j) != 0) r(i) -= c * m.K(i, j) * p(j);
  if (m.beta_kl != 0)
    for (Eigen::Index i = 0; i < S; ++i) r(i) += m.beta_kl * log(m.p_base(i));
  const T a = m.barrier();
  if (a != 0)
    for (Eigen::Index i = 0; i < S; ++i) r(i) -= a * lp(i);
  const T mean = p.dot(r);
  for (Eigen::Index i = 0; i < S; ++i) r(i) -= mean;
  return r;
}
template <class T> Vec<T> srct_rate(const SrctParams<T>& m, const Vec<T>& p) { return srct_rate(m, p, log_of(p)); }

template <class T> Vec<T> srct_drift(const SrctParams<T>& m, const Vec<T>& p) {
  return p.cwiseProduct(srct_rate(m, p));
}

template <class T> T srct_dissipation(const SrctParams<T>& m, const Vec<T>& p) {
  const Vec<T> d = srct_variational_derivative(m, p);
  const Vec<T> c = (d.array() - p.dot(d)).matrix();
  return p.dot(c.cwiseProduct(c));
}

#define DCRV_INSTANTIATE_SRCT(T)                                                                             \
  template T srct_objective(const SrctParams<T>&, const Vec<T>&);                                           \
  template Vec<T> srct_variational_derivative(const SrctParams<T>&, const Vec<T>&);                         \
  template Vec<T> srct_score(const SrctParams<T>&, const Vec<T>&);                                          \
  template Vec<T> srct_drift(const SrctParams<T>&, const Vec<T>&);                                          \
  template Vec<T> srct_rate(const SrctParams<T>&, const Vec<T>&);                                           \
  template Vec<T> srct_rate(const SrctParams<T>&, const Vec<T>&, const Vec<T>&);                            \
  template Vec<T> replicator_rate(const Vec<T>&, const Vec<T>&);                                            \
  template T srct_dissipation(const SrctParams<T>&, const Vec<T>&);
DCRV_INSTANTIATE_SRCT(double)
DCRV_INSTANTIATE_SRCT(mpfr)
} // namespace dcrv
