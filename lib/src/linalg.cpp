#include "dcrv/linalg.hpp"

#include <Eigen/Eigenvalues>

namespace dcrv {
using boost::multiprecision::abs;
using boost::multiprecision::sqrt;
using std::abs;
using std::sqrt;

template <class T> Vec<T> symmetric_eigenvalues(const Mat<T>& a) {
  const Mat<T> sym = (a + a.transpose()) / T(2);
  Eigen::SelfAdjointEigenSolver<Mat<T>> es(sym, Eigen::EigenvaluesOnly);
  return es.eigenvalues();
}

template <class T> T symmetric_opnorm(const Mat<T>& a) {
  using boost::multiprecision::abs;
  using std::abs;
  const Vec<T> ev = symmetric_eigenvalues<T>(a);
  return std::max<T>(T(abs(ev(0))), T(abs(ev(ev.size() - 1))));
}
template <class T> T spectral_norm(const Mat<T>& a) {
  if (a.size() == 0)
    return T(0);
  const Mat<T> g = a.rows() >= a.cols() ? Mat<T>(a.transpose() * a) : Mat<T>(a * a.transpose());
  const Vec<T> ev = symmetric_eigenvalues(g);
  const T top = ev(ev.size() - 1);
  return top > 0 ? sqrt(top) : T(0);
}

template <class T> Mat<T> tangent_basis(int S) {
  Mat<T> q = Mat<T>::Zero(S, S - 1);
  for (int j = 1; j < S; ++j) { // Helmert: column j−1 = (1,…,1,−j,0,…)/√(j(j+1))
    const T norm = sqrt(T(j) * T(j + 1));
    for (int i = 0; i < j; ++i)
      q(i, j - 1) = T(1) / norm;
    q(j, j - 1) = -T(j) / norm;
  }
  return q;
}

template <class T> Vec<T> eigenvalues_on_tangent(const Mat<T>& a) {
  const Mat<T> q = tangent_basis<T>(static_cast<int>(a.rows()));
  return symmetric_eigenvalues<T>(q.transpose() * a * q);
}

template <class T> T norm_inf_to_inf(const Mat<T>& a) {
  T best(0);
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    T s(0);
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      s += abs(a(i, j));
    if (s > best)
      best = s;
  }
  return best;
}
template <class T> T norm1(const Vec<T>& v) {
  T s(0);
  for (Eigen::Index i = 0; i < v.size(); ++i)
    s += abs(v(i));
  return s;
}
template <class T> T norm_inf(const Vec<T>& v) {
  T s(0);
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (abs(v(i)) > s)
      s = abs(v(i));
  return s;
}

#define DCRV_INSTANTIATE_LINALG(T)                                                                           \
  template Vec<T> symmetric_eigenvalues(const Mat<T>&);                                                      \
  template T spectral_norm(const Mat<T>&);                                                                   \
  template T symmetric_opnorm(const Mat<T>&);                                                                \
  template Mat<T> tangent_basis(int);                                                                        \
  template Vec<T> eigenvalues_on_tangent(const Mat<T>&);                                                     \
  template T norm_inf_to_inf(const Mat<T>&);                                                                 \
  template T norm1(const Vec<T>&);                                                                           \
  template T norm_inf(const Vec<T>&);
DCRV_INSTANTIATE_LINALG(double)
DCRV_INSTANTIATE_LINALG(mpfr)
} // namespace dcrv
