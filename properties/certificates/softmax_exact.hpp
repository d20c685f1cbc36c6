// properties/certificates/softmax_exact.hpp — exact (rational) helpers shared by the identity certificates:
// the soft-max in the exponentials E = exp(θ) and its exact θ-derivatives by jets over the rationals (App.
// B), J = diag(p) − ppᵀ, the charts of the plane Σp = 1 and of T = 1^⊥ from free coordinates, the centring C,
// the replicator field and the linear drift p ⊙ (φ − ⟨p,φ⟩ − ε(L − ⟨p,L⟩)) with L = log p free (App. A, C,
// H, I, main §4), variable blocks and unit vectors, all generic in the scalar (Rational, or Exact in a typed
// identity). See the header comment of B_jacobian_certificates.cpp for why each substitution is exact.
// Interval (branch- and-bound) pieces over the simplex are in interval_simplex.hpp.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::softmax_exact {

using RVec = std::vector<Rational>;
/// The variables of a typed identity (exact_identity, certify/exact_identity.hpp): no branch on them.
using XVec = std::vector<Exact>;

/// A constant vector (a basis or polarization vector, data) as the scalars of a typed identity.
inline XVec exact_vec(const RVec& v) {
  return XVec(v.begin(), v.end());
}

/// Σ_i v_i, exact (1ᵀv: zero iff v ∈ T); generic in the scalar (Rational, Exact), as the helpers below.
template <class T> T sum_of(const std::vector<T>& v) {
  T s(0);
  for (const auto& x : v)
    s += x;
  return s;
}
/// a − b componentwise: the components of the vector identity a = b (each must vanish).
template <class T> std::vector<T> difference(const std::vector<T>& a, const std::vector<T>& b) {
  std::vector<T> r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    r[i] = a[i] - b[i];
  return r;
}
/// The components of several vector identities, one after another.
template <class T> void append(std::vector<T>& to, const std::vector<T>& more) {
  to.insert(to.end(), more.begin(), more.end());
}
/// C v = v − mean(v) 1 (the centring of App. B; G = C log is the inverse of the soft-max on Θ = T).
template <class T> std::vector<T> centred(std::vector<T> v) {
  T mean(0);
  for (const auto& x : v)
    mean += x;
  mean /= T(static_cast<long>(v.size()));
  for (auto& x : v)
    x -= mean;
  return v;
}
/// (x_from, …, x_{from+n−1}): a block of the variables of an identity.
template <class T> std::vector<T> slice(const std::vector<T>& x, std::size_t from, std::size_t n) {
  return std::vector<T>(x.begin() + static_cast<long>(from), x.begin() + static_cast<long>(from + n));
}
/// e_k ∈ ℚ^S (as scalars T).
template <class T = Rational> std::vector<T> unit_rvec(std::size_t S, std::size_t k) {
  std::vector<T> e(S, T(0));
  e[k] = T(1);
  return e;
}

/// p = E/ΣE (the soft-max in the exponentials), generic in the scalar (Rational or a Jet over it).
template <class X> std::vector<X> normalise(const std::vector<X>& e) {
  X s(0);
  for (const auto& x : e)
    s += x;
  std::vector<X> p;
  for (const auto& x : e)
    p.push_back(x / s);
  return p;
}

/// Eⱼ = exp(θⱼ) as a jet in θ at θ = log E: value Eⱼ, gradient Eⱼeⱼ, Hessian Eⱼeⱼeⱼᵀ (exact).
template <std::size_t S, int Order, class T> Jet<T, S, Order> exp_jet(const T& e, std::size_t j) {
  using J = Jet<T, S, Order>;
  return J::chain(J::variable(T(0), j), e, e, e);
}

/// softmax(θ) as jets in θ at θ = log E, from the first S raw variables E.
template <std::size_t S, int Order, class T>
std::vector<Jet<T, S, Order>> softmax_jets(const std::vector<T>& x) {
  std::vector<Jet<T, S, Order>> e;
  for (std::size_t j = 0; j < S; ++j)
    e.push_back(exp_jet<S, Order>(x[j], j));
  return normalise(e);
}

/// J = diag(p) − ppᵀ (eq. softmax-J, App. C's S(p)).
template <class X> std::vector<std::vector<X>> jacobian_of(const std::vector<X>& p) {
  const std::size_t S = p.size();
  std::vector<std::vector<X>> j(S, std::vector<X>(S));
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t k = 0; k < S; ++k)
      j[i][k] = (i == k ? p[i] : X(0)) - p[i] * p[k];
  return j;
}

/// (x_o, …, x_{o+S−2}, total − Σx): the point of the plane Σv = total with those S − 1 free coordinates.
template <class T>
std::vector<T> affine_chart(const std::vector<T>& x, std::size_t offset, std::size_t S,
                            const std::type_identity_t<T>& total) {
  std::vector<T> v(S);
  T rest(total);
  for (std::size_t i = 0; i + 1 < S; ++i) {
    v[i] = x[offset + i];
    rest -= v[i];
  }
  v[S - 1] = rest;
  return v;
}

/// A vector of T = 1^⊥ from S − 1 free coordinates: v_S = −Σ_{i<S} v_i.
template <class T> std::vector<T> tangent_from(const std::vector<T>& x, std::size_t offset, std::size_t S) {
  return affine_chart(x, offset, S, T(0));
}

/// p = (x_o, …, x_{o+S−2}, 1 − Σx): the chart of the plane Σp = 1 (the closed simplex where x ≥ 0, Σx ≤ 1);
/// polynomial in x, so identities in p become polynomial identities in the chart.
template <class T>
std::vector<T> plane_chart(const std::vector<T>& x, std::size_t S, std::size_t offset = 0) {
  return affine_chart(x, offset, S, T(1));
}
/// ⟨a, b⟩, exact.
template <class T> T dot(const std::vector<T>& a, const std::vector<T>& b) {
  T s(0);
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}
/// The replicator field p ⊙ (F − ⟨p, F⟩) (App. A eq. replicator; also A·E(p) = p ⊙ (ψ − ⟨p, ψ⟩) with ψ = A
/// log p, App. C §C.3).
template <class T> std::vector<T> replicator(const std::vector<T>& p, const std::vector<T>& F) {
  const T mean = dot(p, F);
  std::vector<T> w(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    w[i] = p[i] * (F[i] - mean);
  return w;
}
/// The drift F_i = p_i[φ_i − ε(L_i − ⟨p, L⟩)] of the centred score φ = w − ⟨p, w⟩1 with L_i = log p_i free
/// (properties/domains/noise.hpp linear_drift; ṗ of main eq. (2)).
template <class T>
std::vector<T> linear_drift(const std::vector<T>& w, const std::type_identity_t<T>& eps,
                            const std::vector<T>& p, const std::vector<T>& L) {
  const T mw = dot(p, w), ml = dot(p, L);
  std::vector<T> F(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    F[i] = p[i] * ((w[i] - mw) - eps * (L[i] - ml));
  return F;
}
inline std::string s_label(std::size_t S) {
  return "S = " + std::to_string(S);
}

} // namespace dcrv::certify::softmax_exact
