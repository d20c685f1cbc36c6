// properties/certificates/softmax_exact.hpp — exact (rational) soft-max helpers shared by the identity
// certificates of App. B (B_jacobian_, B_clip_ and B_hessian_certificates.cpp): the soft-max in the
// exponentials E = exp(θ), its exact θ-derivatives by jets over the rationals, J = diag(p) − ppᵀ, tangent
// vectors from free coordinates, and the residual convention (largest |component|). See the header comment
// of B_jacobian_certificates.cpp for why each substitution is exact.
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

/// A vector of T = 1^⊥ from S − 1 free coordinates: v_S = −Σ_{i<S} v_i.
inline RVec tangent_from(const RVec& x, std::size_t offset, std::size_t S) {
  RVec v(S);
  Rational last(0);
  for (std::size_t i = 0; i + 1 < S; ++i) {
    v[i] = x[offset + i];
    last -= v[i];
  }
  v[S - 1] = last;
  return v;
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
  RVec p(S);
  Rational rest(1);
  for (std::size_t i = 0; i + 1 < S; ++i) {
    p[i] = x[offset + i];
    rest -= p[i];
  }
  p[S - 1] = rest;
  return p;
}
/// ⟨a, b⟩, exact.
inline Rational dot(const RVec& a, const RVec& b) {
  Rational s(0);
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}
inline std::string s_label(std::size_t S) {
  return "S = " + std::to_string(S);
}

} // namespace dcrv::certify::softmax_exact
