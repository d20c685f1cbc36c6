#include "dcrv/simplex.hpp"

#include <stdexcept>

namespace dcrv {
using std::log;
using boost::multiprecision::log;

template <class T> Vec<T> normalize_simplex(const Vec<T>& w) { return w / w.sum(); }

template <class T> Vec<T> log_of(const Vec<T>& p) {
  Vec<T> l(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i) l(i) = log(p(i));
  return l;
}
template <class T> Vec<T> exp_of(const Vec<T>& y) {
  using std::exp;
  using boost::multiprecision::exp;
  Vec<T> p(y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i) p(i) = exp(y(i));
  return p;
}

template <class T> T mean_log(const Vec<T>& p) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 0) s += p(i) * log(p(i));
  return s;
}
template <class T> T entropy(const Vec<T>& p) { return -mean_log(p); }

template <class T> T kl_divergence(const Vec<T>& p, const Vec<T>& q) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 0) s += p(i) * log(p(i) / q(i));
  return s;
}

template <class T> Vec<T> center(const Vec<T>& v) {
  return (v.array() - v.sum() / T(static_cast<double>(v.size()))).matrix();
}

template <class T> Vec<T> centered_log(const Vec<T>& p) {
  Vec<T> l = p;
  for (Eigen::Index i = 0; i < p.size(); ++i) l(i) = log(p(i));
  return center(l);
}

template <class T> Vec<T> entropy_drift(const Vec<T>& p) {
  const T ml = mean_log(p);
  Vec<T> e = p;
  for (Eigen::Index i = 0; i < p.size(); ++i) e(i) = p(i) * (log(p(i)) - ml);
  return e;
}

template <class T> T face_gap(int S, const T& delta) {
  if (S < 2) throw std::invalid_argument("face_gap: needs S >= 2");
  // (1−δ)/((S−1)δ) = 1 + (1−Sδ)/((S−1)δ): log1p keeps full relative precision near δ = 1/S, where L_S → 0.
  using std::log1p;
  using boost::multiprecision::log1p;
  return (T(1) - delta) * log1p((T(1) - T(S) * delta) / (T(S - 1) * delta));
}

template <class T> T face_gap_objective(const Vec<T>& p, const T& delta) { return mean_log(p) - log(delta); }

template <class T> Vec<T> clip_renormalize(const Vec<T>& p, const T& delta_star) {
  Vec<T> c = p;
  for (Eigen::Index i = 0; i < p.size(); ++i) c(i) = p(i) > delta_star ? p(i) : delta_star;
  return c / c.sum();
}

template <class T> T clip_floor(int S, const T& delta_star) {
  return delta_star / (T(1) + T(S - 1) * delta_star);
}

template <class T> T effective_floor(const Vec<T>& p, const T& delta_star) {
  T den(0);
  for (Eigen::Index i = 0; i < p.size(); ++i) den += p(i) > delta_star ? p(i) : delta_star;
  return delta_star / den;
}

template <class T> Vec<T> trim(const Vec<T>& q, const T& delta) {
  const T free_mass = T(1) - T(static_cast<double>(q.size())) * delta;
  return (q * free_mass).array() + delta;
}

#define DCRV_INSTANTIATE_SIMPLEX(T)                                                                          \
  template Vec<T> normalize_simplex(const Vec<T>&);                                                         \
  template Vec<T> log_of(const Vec<T>&);                                                                    \
  template Vec<T> exp_of(const Vec<T>&);                                                                    \
  template T entropy(const Vec<T>&);                                                                        \
  template T mean_log(const Vec<T>&);                                                                       \
  template T kl_divergence(const Vec<T>&, const Vec<T>&);                                                   \
  template Vec<T> center(const Vec<T>&);                                                                    \
  template Vec<T> centered_log(const Vec<T>&);                                                              \
  template Vec<T> entropy_drift(const Vec<T>&);                                                             \
  template T face_gap(int, const T&);                                                                       \
  template T face_gap_objective(const Vec<T>&, const T&);                                                   \
  template Vec<T> clip_renormalize(const Vec<T>&, const T&);                                                \
  template T clip_floor(int, const T&);                                                                     \
  template T effective_floor(const Vec<T>&, const T&);                                                      \
  template Vec<T> trim(const Vec<T>&, const T&);
DCRV_INSTANTIATE_SIMPLEX(double)
DCRV_INSTANTIATE_SIMPLEX(mpfr)
} // namespace dcrv
