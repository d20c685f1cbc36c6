#include "dcrv/lumps.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

#include "dcrv/linalg.hpp"

namespace dcrv {
using boost::multiprecision::log;
using boost::multiprecision::sqrt;
using std::log;
using std::sqrt;

// ---------------------------------------------------------------------------------------------------------------
// The partition
// ---------------------------------------------------------------------------------------------------------------

Lumps::Lumps(const std::vector<int>& labels) {
  if (labels.empty())
    throw std::invalid_argument("Lumps: a partition of an empty set");
  std::map<int, int> number; // label -> lump index, in order of first appearance
  lump_of_.reserve(labels.size());
  for (std::size_t pi = 0; pi < labels.size(); ++pi) {
    const auto [it, fresh] = number.emplace(labels[pi], static_cast<int>(members_.size()));
    if (fresh)
      members_.emplace_back();
    lump_of_.push_back(it->second);
    members_[static_cast<std::size_t>(it->second)].push_back(static_cast<int>(pi));
  }
}

Lumps Lumps::from_sizes(const std::vector<int>& sizes) {
  std::vector<int> labels;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    if (sizes[k] < 1)
      throw std::invalid_argument("Lumps::from_sizes: lump sizes must be >= 1");
    labels.insert(labels.end(), static_cast<std::size_t>(sizes[k]), static_cast<int>(k));
  }
  return Lumps(labels);
}

Lumps Lumps::singletons(int S) {
  std::vector<int> labels(static_cast<std::size_t>(S));
  for (int pi = 0; pi < S; ++pi)
    labels[static_cast<std::size_t>(pi)] = pi;
  return Lumps(labels);
}

Lumps Lumps::whole(int S) {
  return Lumps(std::vector<int>(static_cast<std::size_t>(S), 0));
}

int Lumps::max_size() const {
  int m = 0;
  for (const auto& c : members_)
    m = std::max(m, static_cast<int>(c.size()));
  return m;
}

std::vector<int> Lumps::sizes() const {
  std::vector<int> out;
  for (const auto& c : members_)
    out.push_back(static_cast<int>(c.size()));
  return out;
}

bool Lumps::sign_pure(const Labels& s) const {
  for (const auto& c : members_)
    for (int pi : c)
      if (s.at(static_cast<std::size_t>(pi)) != s.at(static_cast<std::size_t>(c.front())))
        return false;
  return true;
}

int Lumps::lump_label(const Labels& s, int k) const {
  return s.at(static_cast<std::size_t>(members(k).front()));
}

template <class T> Mat<T> Lumps::aggregation() const {
  Mat<T> a = Mat<T>::Zero(count(), traces());
  for (int pi = 0; pi < traces(); ++pi)
    a(lump_of(pi), pi) = T(1);
  return a;
}

template <class T> Vec<T> Lumps::aggregate(const Vec<T>& u) const {
  Vec<T> q = Vec<T>::Zero(count());
  for (int pi = 0; pi < traces(); ++pi)
    q(lump_of(pi)) += u(pi);
  return q;
}

// ---------------------------------------------------------------------------------------------------------------
// Norms, E°, lump quantities
// ---------------------------------------------------------------------------------------------------------------

template <class T> OperatorNorms<T> operator_norms(const Mat<T>& m) {
  return {norm_inf_to_inf<T>(Mat<T>(m.transpose())), spectral_norm<T>(m), norm_inf_to_inf<T>(m)};
}

template <class T> T xlogx(const T& x) {
  return x == 0 ? T(0) : T(x * log(x));
}

namespace {
template <class T> T sum_xlogx(const Vec<T>& p) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s += xlogx(p(i));
  return s;
}
template <class T> T nan_value() {
  return std::numeric_limits<T>::quiet_NaN();
}
} // namespace

template <class T> Vec<T> entropy_drift_closed(const Vec<T>& p) {
  const T mean = sum_xlogx(p);
  Vec<T> e(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i)
    e(i) = xlogx(p(i)) - p(i) * mean;
  return e;
}

template <class T> Vec<T> lump_masses(const Lumps& L, const Vec<T>& p) {
  return L.aggregate<T>(p);
}

template <class T> Vec<T> lump_plogp(const Lumps& L, const Vec<T>& p) {
  Vec<T> m = Vec<T>::Zero(L.count());
  for (int pi = 0; pi < L.traces(); ++pi)
    m(L.lump_of(pi)) += xlogx(p(pi));
  return m;
}

template <class T> T conditional_mean_log(const Lumps& L, const Vec<T>& p, int k) {
  T q(0), m(0);
  for (int pi : L.members(k)) {
    q += p(pi);
    m += xlogx(p(pi));
  }
  return q > 0 ? T(m / q) : nan_value<T>();
}

template <class T> T conditional_mean_log(const Lumps& L, const Vec<T>& p, const Vec<T>& log_p, int k) {
  T q(0), m(0);
  for (int pi : L.members(k))
    if (p(pi) > 0) {
      q += p(pi);
      m += p(pi) * log_p(pi);
    }
  return q > 0 ? T(m / q) : nan_value<T>();
}

template <class T> Vec<T> lump_entropy_term(const Lumps& L, const Vec<T>& p) {
  const Vec<T> q = lump_masses(L, p), m = lump_plogp(L, p);
  const T hbar = m.sum();
  return (m - hbar * q).eval();
}

template <class T> Vec<T> lump_selection(const Lumps& L, const Vec<T>& p, const Vec<T>& phi) {
  Vec<T> s = Vec<T>::Zero(L.count());
  for (int pi = 0; pi < L.traces(); ++pi)
    if (p(pi) != 0) // p_π φ_π = 0 at a zero mass whatever φ_π is there (App. G, faces are viable)
      s(L.lump_of(pi)) += p(pi) * phi(pi);
  return s;
}

template <class T> Vec<T> lump_drift(const Lumps& L, const Vec<T>& p, const Vec<T>& phi, const T& eps) {
  return (lump_selection(L, p, phi) - eps * lump_entropy_term(L, p)).eval();
}

template <class T> Vec<T> lump_weights(const Lumps& L, const Vec<T>& p, int k) {
  const std::vector<int>& c = L.members(k);
  T q(0);
  for (int pi : c)
    q += p(pi);
  Vec<T> w(static_cast<Eigen::Index>(c.size()));
  for (std::size_t j = 0; j < c.size(); ++j)
    w(static_cast<Eigen::Index>(j)) = q > 0 ? T(p(c[j]) / q) : nan_value<T>();
  return w;
}

template <class T> T lump_entropy(const Lumps& L, const Vec<T>& p, int k) {
  return -sum_xlogx(lump_weights(L, p, k));
}

template <class T> T lump_log_spread(const Lumps& L, const Vec<T>& p, const Vec<T>& log_p, int k) {
  const T mean = conditional_mean_log(L, p, log_p, k);
  T q(0), v(0);
  for (int pi : L.members(k))
    if (p(pi) > 0) {
      q += p(pi);
      const T d = log_p(pi) - mean;
      v += p(pi) * d * d;
    }
  return q > 0 ? T(sqrt(T(v / q))) : nan_value<T>();
}

template <class T> T correct_mass(const Labels& s, const Vec<T>& p) {
  T r(0);
  for (Eigen::Index pi = 0; pi < p.size(); ++pi)
    if (s.at(static_cast<std::size_t>(pi)) > 0)
      r += p(pi);
  return r;
}

template <class T> T correct_square_sum(const Labels& s, const Vec<T>& p) {
  T r(0);
  for (Eigen::Index pi = 0; pi < p.size(); ++pi)
    if (s.at(static_cast<std::size_t>(pi)) > 0)
      r += p(pi) * p(pi);
  return r;
}

template <class T> T lump_correct_mass(const Lumps& L, const Labels& s, const Vec<T>& p, int k) {
  T r(0);
  for (int pi : L.members(k))
    if (s.at(static_cast<std::size_t>(pi)) > 0)
      r += p(pi);
  return r;
}

template <class T> T lump_correct_square_sum(const Lumps& L, const Labels& s, const Vec<T>& p, int k) {
  T r(0);
  for (int pi : L.members(k))
    if (s.at(static_cast<std::size_t>(pi)) > 0)
      r += p(pi) * p(pi);
  return r;
}

template <class T> T lump_correctness(const Lumps& L, const Labels& s, const Vec<T>& p, int k) {
  T q(0);
  for (int pi : L.members(k))
    q += p(pi);
  return q > 0 ? T(lump_correct_mass(L, s, p, k) / q) : nan_value<T>();
}

#define DCRV_INSTANTIATE_LUMPS(T)                                                                            \
  template Mat<T> Lumps::aggregation<T>() const;                                                             \
  template Vec<T> Lumps::aggregate<T>(const Vec<T>&) const;                                                  \
  template OperatorNorms<T> operator_norms(const Mat<T>&);                                                   \
  template T xlogx(const T&);                                                                                \
  template Vec<T> entropy_drift_closed(const Vec<T>&);                                                       \
  template Vec<T> lump_masses(const Lumps&, const Vec<T>&);                                                  \
  template Vec<T> lump_plogp(const Lumps&, const Vec<T>&);                                                   \
  template T conditional_mean_log(const Lumps&, const Vec<T>&, int);                                         \
  template T conditional_mean_log(const Lumps&, const Vec<T>&, const Vec<T>&, int);                          \
  template Vec<T> lump_entropy_term(const Lumps&, const Vec<T>&);                                            \
  template Vec<T> lump_selection(const Lumps&, const Vec<T>&, const Vec<T>&);                                \
  template Vec<T> lump_drift(const Lumps&, const Vec<T>&, const Vec<T>&, const T&);                          \
  template Vec<T> lump_weights(const Lumps&, const Vec<T>&, int);                                            \
  template T lump_entropy(const Lumps&, const Vec<T>&, int);                                                 \
  template T lump_log_spread(const Lumps&, const Vec<T>&, const Vec<T>&, int);                               \
  template T correct_mass(const Labels&, const Vec<T>&);                                                     \
  template T correct_square_sum(const Labels&, const Vec<T>&);                                               \
  template T lump_correct_mass(const Lumps&, const Labels&, const Vec<T>&, int);                             \
  template T lump_correct_square_sum(const Lumps&, const Labels&, const Vec<T>&, int);                       \
  template T lump_correctness(const Lumps&, const Labels&, const Vec<T>&, int);
DCRV_INSTANTIATE_LUMPS(double)
DCRV_INSTANTIATE_LUMPS(mpfr)

} // namespace dcrv
