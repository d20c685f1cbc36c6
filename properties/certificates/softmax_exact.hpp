// properties/certificates/softmax_exact.hpp — exact (rational) helpers shared by the identity certificates:
// the soft-max in the exponentials E = exp(θ) and its exact θ-derivatives by jets over the rationals (App.
// B), J = diag(p) − ppᵀ, the charts of the plane Σp = 1 and of T = 1^⊥ from free coordinates, the centring C,
// the replicator field and the linear drift p ⊙ (φ − ⟨p,φ⟩ − ε(L − ⟨p,L⟩)) with L = log p free (App. A, C,
// H, I, main §4), variable blocks and unit vectors, and the residual convention (largest |component|). See
// the header comment of B_jacobian_certificates.cpp for why each substitution is exact. Interval (branch-
// and-bound) pieces over the simplex are in interval_simplex.hpp.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::softmax_exact {

using RVec = std::vector<Rational>;

/// max(r, |x|), the running residual of a piece.
inline void widen(Rational& r, const Rational& x) {
  const Rational a = x < 0 ? Rational(-x) : x;
  if (a > r)
    r = a;
}

/// Σ_i v_i, exact (1ᵀv: zero iff v ∈ T).
inline Rational sum_of(const RVec& v) {
  Rational s(0);
  for (const auto& x : v)
    s += x;
  return s;
}
/// max_i |r_i|: zero iff every component is (the residual of a vector identity, each component a
/// polynomial on the grid).
inline Rational largest_abs(const RVec& r) {
  Rational m(0);
  for (const auto& x : r)
    widen(m, x);
  return m;
}
/// max_i |a_i − b_i| (the residual of the vector identity a = b).
inline Rational largest_difference(const RVec& a, const RVec& b) {
  Rational m(0);
  for (std::size_t i = 0; i < a.size(); ++i)
    widen(m, a[i] - b[i]);
  return m;
}
/// C v = v − mean(v) 1 (the centring of App. B; G = C log is the inverse of the soft-max on Θ = T).
inline RVec centred(RVec v) {
  Rational mean(0);
  for (const auto& x : v)
    mean += x;
  mean /= Rational(static_cast<long>(v.size()));
  for (auto& x : v)
    x -= mean;
  return v;
}
/// (x_from, …, x_{from+n−1}): a block of the variables of an identity.
inline RVec slice(const RVec& x, std::size_t from, std::size_t n) {
  return RVec(x.begin() + static_cast<long>(from), x.begin() + static_cast<long>(from + n));
}
/// e_k ∈ ℚ^S.
inline RVec unit_rvec(std::size_t S, std::size_t k) {
  RVec e(S, Rational(0));
  e[k] = 1;
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
template <std::size_t S, int Order> Jet<Rational, S, Order> exp_jet(const Rational& e, std::size_t j) {
  using J = Jet<Rational, S, Order>;
  return J::chain(J::variable(Rational(0), j), e, e, e);
}

/// softmax(θ) as jets in θ at θ = log E, from the first S raw variables E.
template <std::size_t S, int Order> std::vector<Jet<Rational, S, Order>> softmax_jets(const RVec& x) {
  std::vector<Jet<Rational, S, Order>> e;
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
inline RVec affine_chart(const RVec& x, std::size_t offset, std::size_t S, const Rational& total) {
  RVec v(S);
  Rational rest(total);
  for (std::size_t i = 0; i + 1 < S; ++i) {
    v[i] = x[offset + i];
    rest -= v[i];
  }
  v[S - 1] = rest;
  return v;
}

/// A vector of T = 1^⊥ from S − 1 free coordinates: v_S = −Σ_{i<S} v_i.
inline RVec tangent_from(const RVec& x, std::size_t offset, std::size_t S) {
  return affine_chart(x, offset, S, Rational(0));
}

inline IdentityPiece identity_piece(std::string label, std::size_t variables, int degree,
                                    std::function<Rational(const RVec&, const RationalConstants&)> residual) {
  IdentityPiece p;
  p.label = std::move(label);
  p.variables = variables;
  p.degree = degree;
  p.residual = std::move(residual);
  return p;
}
/// p = (x_o, …, x_{o+S−2}, 1 − Σx): the chart of the plane Σp = 1 (the closed simplex where x ≥ 0, Σx ≤ 1);
/// polynomial in x, so identities in p become polynomial identities in the chart.
inline RVec plane_chart(const RVec& x, std::size_t S, std::size_t offset = 0) {
  return affine_chart(x, offset, S, Rational(1));
}
/// ⟨a, b⟩, exact.
inline Rational dot(const RVec& a, const RVec& b) {
  Rational s(0);
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}
/// The replicator field p ⊙ (F − ⟨p, F⟩) (App. A eq. replicator; also A·E(p) = p ⊙ (ψ − ⟨p, ψ⟩) with ψ = A
/// log p, App. C §C.3).
inline RVec replicator(const RVec& p, const RVec& F) {
  const Rational mean = dot(p, F);
  RVec w(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    w[i] = p[i] * (F[i] - mean);
  return w;
}
/// The drift F_i = p_i[φ_i − ε(L_i − ⟨p, L⟩)] of the centred score φ = w − ⟨p, w⟩1 with L_i = log p_i free
/// (properties/domains/noise.hpp linear_drift; ṗ of main eq. (2)).
inline RVec linear_drift(const RVec& w, const Rational& eps, const RVec& p, const RVec& L) {
  const Rational mw = dot(p, w), ml = dot(p, L);
  RVec F(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    F[i] = p[i] * ((w[i] - mw) - eps * (L[i] - ml));
  return F;
}
inline std::string s_label(std::size_t S) {
  return "S = " + std::to_string(S);
}

} // namespace dcrv::certify::softmax_exact
