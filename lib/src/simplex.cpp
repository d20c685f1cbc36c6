#include "dcrv/simplex.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace dcrv {
using boost::multiprecision::log;
using std::log;

template <class T> Vec<T> normalize_simplex(const Vec<T>& w) {
  return w / w.sum();
}

template <class T> Vec<T> log_of(const Vec<T>& p) {
  Vec<T> l(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i)
    l(i) = log(p(i));
  return l;
}
template <class T> Vec<T> exp_of(const Vec<T>& y) {
  using boost::multiprecision::exp;
  using std::exp;
  Vec<T> p(y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i)
    p(i) = exp(y(i));
  return p;
}

template <class T> T mean_log(const Vec<T>& p) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 0)
      s += p(i) * log(p(i));
  return s;
}
template <class T> T entropy(const Vec<T>& p) {
  return -mean_log(p);
}

template <class T> T kl_divergence(const Vec<T>& p, const Vec<T>& q) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 0)
      s += p(i) * log(p(i) / q(i));
  return s;
}

template <class T> Vec<T> center(const Vec<T>& v) {
  return (v.array() - v.sum() / T(static_cast<double>(v.size()))).matrix();
}

template <class T> Vec<T> centered_log(const Vec<T>& p) {
  Vec<T> l = p;
  for (Eigen::Index i = 0; i < p.size(); ++i)
    l(i) = log(p(i));
  return center(l);
}

template <class T> Vec<T> entropy_drift(const Vec<T>& p) {
  const T ml = mean_log(p);
  Vec<T> e = p;
  for (Eigen::Index i = 0; i < p.size(); ++i)
    e(i) = p(i) * (log(p(i)) - ml);
  return e;
}

template <class T> T face_gap(int S, const T& delta) {
  if (S < 2)
    throw std::invalid_argument("face_gap: needs S >= 2");
  // (1−δ)/((S−1)δ) = 1 + (1−Sδ)/((S−1)δ): log1p keeps full relative precision near δ = 1/S, where L_S → 0.
  using boost::multiprecision::log1p;
  using std::log1p;
  return (T(1) - delta) * log1p(trimmed_free_mass(S, delta) / (T(S - 1) * delta));
}

template <class T> T face_gap_objective(const Vec<T>& p, const T& delta) {
  return mean_log(p) - log(delta);
}

template <class T> Vec<T> clip_renormalize(const Vec<T>& p, const T& delta_star) {
  Vec<T> c = p;
  for (Eigen::Index i = 0; i < p.size(); ++i)
    c(i) = p(i) > delta_star ? p(i) : delta_star;
  return c / c.sum();
}

template <class T> T clip_floor(int S, const T& delta_star) {
  return delta_star / (T(1) + T(S - 1) * delta_star);
}

template <class T> T effective_floor(const Vec<T>& p, const T& delta_star) {
  T den(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    den += p(i) > delta_star ? p(i) : delta_star;
  return delta_star / den;
}

template <class T> Vec<T> trim(const Vec<T>& q, const T& delta) {
  const T free_mass = T(1) - T(static_cast<double>(q.size())) * delta;
  return (q * free_mass).array() + delta;
}

template <class T> T trimmed_free_mass(int S, const T& delta) {
  if constexpr (std::is_same_v<T, double>)
    return std::max(0.0, std::fma(-static_cast<double>(S), delta, 1.0));
  else
    return std::max<T>(T(0), T(1) - T(S) * delta);
}
template <class T> Vec<T> trimmed_vertex(int S, int j, const T& delta) {
  Vec<T> v = Vec<T>::Constant(S, delta);
  v(j) += trimmed_free_mass(S, delta);
  return v;
}
template <class T> Vec<T> facet_point(const Vec<T>& q, int i, const T& delta) {
  Vec<T> w = q;
  w(i) = T(0);
  if (!(w.sum() > 0)) {
    w.setOnes();
    w(i) = T(0);
  }
  return trim<T>(w / w.sum(), delta);
}
template <class T> Vec<T> project_simplex(const Vec<T>& y) {
  std::vector<T> u(y.data(), y.data() + y.size());
  std::sort(u.begin(), u.end(), [](const T& a, const T& b) { return a > b; });
  T cum(0), theta(0);
  for (std::size_t j = 0; j < u.size(); ++j) {
    cum += u[j];
    const T t = (cum - T(1)) / T(static_cast<int>(j) + 1);
    if (u[j] - t > 0)
      theta = t;
  }
  Vec<T> x(y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i)
    x(i) = y(i) > theta ? T(y(i) - theta) : T(0);
  return x;
}
template <class T> Vec<T> project_trimmed(const Vec<T>& x, const T& delta) {
  const T free_mass = trimmed_free_mass(static_cast<int>(x.size()), delta);
  const Vec<T> y = (x.array() - delta).matrix() / free_mass;
  return (free_mass * project_simplex(y)).array() + delta;
}

#define DCRV_INSTANTIATE_SIMPLEX(T)                                                                          \
  template Vec<T> normalize_simplex(const Vec<T>&);                                                          \
  template Vec<T> log_of(const Vec<T>&);                                                                     \
  template Vec<T> exp_of(const Vec<T>&);                                                                     \
  template T entropy(const Vec<T>&);                                                                         \
  template T mean_log(const Vec<T>&);                                                                        \
  template T kl_divergence(const Vec<T>&, const Vec<T>&);                                                    \
  template Vec<T> center(const Vec<T>&);                                                                     \
  template Vec<T> centered_log(const Vec<T>&);                                                               \
  template Vec<T> entropy_drift(const Vec<T>&);                                                              \
  template T face_gap(int, const T&);                                                                        \
  template T face_gap_objective(const Vec<T>&, const T&);                                                    \
  template Vec<T> clip_renormalize(const Vec<T>&, const T&);                                                 \
  template T clip_floor(int, const T&);                                                                      \
  template T effective_floor(const Vec<T>&, const T&);                                                       \
  template Vec<T> trim(const Vec<T>&, const T&);                                                             \
  template T trimmed_free_mass(int, const T&);                                                               \
  template Vec<T> trimmed_vertex(int, int, const T&);                                                        \
  template Vec<T> facet_point(const Vec<T>&, int, const T&);                                                 \
  template Vec<T> project_simplex(const Vec<T>&);                                                            \
  template Vec<T> project_trimmed(const Vec<T>&, const T&);
DCRV_INSTANTIATE_SIMPLEX(double)
DCRV_INSTANTIATE_SIMPLEX(mpfr)
} // namespace dcrv
