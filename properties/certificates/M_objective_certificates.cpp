// Exact certificates of main-text identities (properties/M_objective_equilibria.cpp), by exact rational
// evaluation on product grids (certify/exact_identity.hpp).
//
// M.logratio-ode (eq. log_ratio_ode_maintext_concise): ṗ_i/p_i − ṗ_j/p_j = (φ_i − φ_j) − cε z_ij along eq.
// (1), ṗ = p ⊙ (φ − ⟨p, φ⟩) − ε p ⊙ (log p − ⟨p, log p⟩). The identity holds for every positive p (the
// averages ⟨p, ·⟩ cancel in the difference), every score vector φ and with L_i = log p_i as free variables
// (z_ij = L_i − L_j), so the certificate covers every score field (the claim's φ = U − Kp + w ⊙ log p in
// particular). Times p_i p_j the residual is a polynomial of degree ≤ 2 in each variable.
//
// M.sde-noise-covariance: N = B^{−e}(diag √p − p√pᵀ), NNᵀ = (diag p − ppᵀ)/B, 1ᵀN = 0 on the closed
// simplex. √p by the stereographic chart of the unit sphere, s(t) = (2t, 1 − |t|²)/(1 + |t|²) (p = s ⊙ s,
// Σp = 1; onto the closed positive orthant, which avoids the pole −e_S), B = b² with b > 0 free, so B^{−e} =
// b^{−2e} is rational when 2e is an integer (the paper's e = ½: 1/b); any other exponent is refused (an
// irrational factor cannot be evaluated exactly, and the identity is false for it). Times (1 + |t|²)⁶ b^{2e}
// each residual is a polynomial of degree ≤ 12 in each t_k.
//
// M.keff-gating: with K_eff = diag(R) K_sem diag(R), R = 1_{first M}: pᵀK_eff p = Σ_{c,c'<M} p_c p_c'
// K_sem(c,c') and (K_eff p)_i = 0 for i ≥ M: polynomial (degree ≤ 2 in each p_k, ≤ 1 in each kernel entry) in
// free p and a free symmetric K_sem (the identity needs neither Σp = 1 nor K_sem ⪰ 0).
//
// A residual collects the components as max |component|: zero ⇔ every component is zero, so each component
// vanishes on the grid, hence identically.
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {
namespace {

using RVec = std::vector<Rational>;

/// max(r, |x|): the running residual of a piece whose components must all vanish.
void keep_largest(Rational& r, const Rational& x) {
  const Rational a = x < 0 ? Rational(-x) : x;
  if (a > r)
    r = a;
}

IdentityPiece identity_of(std::string label, std::size_t variables, int degree,
                          std::function<Rational(const RVec&, const RationalConstants&)> residual) {
  IdentityPiece p;
  p.label = std::move(label);
  p.variables = variables;
  p.degree = degree;
  p.residual = std::move(residual);
  return p;
}

Rational dot(const RVec& a, const RVec& b) {
  Rational r(0);
  for (std::size_t i = 0; i < a.size(); ++i)
    r += a[i] * b[i];
  return r;
}

RVec slice(const RVec& x, std::size_t from, std::size_t n) {
  return RVec(x.begin() + static_cast<long>(from), x.begin() + static_cast<long>(from + n));
}

// ---------------------------------------------------------------------------------------------------------
// main §4.1, eq. (2): ż_ij = (φ_i − φ_j) − cε z_ij.
// ---------------------------------------------------------------------------------------------------------

/// Variables (p₁..p_S, φ₁..φ_S, L₁..L_S, ε); every ordered pair i ≠ j.
IdentityPiece logratio_piece(std::size_t S) {
  return identity_of("S = " + std::to_string(S), 3 * S + 1, 2,
                     [S](const RVec& x, const RationalConstants& k) -> Rational {
                       const RVec p = slice(x, 0, S), phi = slice(x, S, S), L = slice(x, 2 * S, S);
                       const Rational& eps = x[3 * S];
                       const Rational mphi = dot(p, phi), ml = dot(p, L);
                       RVec pdot(S);
                       for (std::size_t i = 0; i < S; ++i)
                         pdot[i] = p[i] * (phi[i] - mphi) - eps * p[i] * (L[i] - ml);
                       Rational r(0);
                       for (std::size_t i = 0; i < S; ++i)
                         for (std::size_t j = 0; j < S; ++j)
                           if (i != j)
                             keep_largest(r, pdot[i] / p[i] - pdot[j] / p[j] -
                                                 (phi[i] - phi[j] - k("c") * eps * (L[i] - L[j])));
                       return r;
                     });
}

DCRV_CERTIFICATE(logratio_ode) {
  Certificate c;
  c.claim = "M.logratio-ode";
  c.domain =
      "S = 2, 3; every p with positive entries (so every p in int Delta), every score vector phi in R^S "
      "(so every score field), every real eps; every pair i != j; no exclusion";
  c.method =
      "log p_i = L_i as free variables (z_ij = L_i - L_j), phi free: pdot_i/p_i - pdot_j/p_j - (phi_i - "
      "phi_j - c eps z_ij) times p_i p_j is a polynomial of degree <= 2 in each variable, zero on a "
      "3^(3S+1) grid hence identically (largest residual over the pairs)";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  for (std::size_t S = 2; S <= 3; ++S)
    c.identities.push_back(logratio_piece(S));
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// main §4.3: NNᵀ = (diag p − ppᵀ)/B, 1ᵀN = 0.
// ---------------------------------------------------------------------------------------------------------

/// The stereographic point s(t) of the unit sphere in ℝ^S, t = x[0 .. S − 2].
RVec sphere_point(const RVec& x, std::size_t S) {
  Rational n2(0);
  for (std::size_t i = 0; i + 1 < S; ++i)
    n2 += x[i] * x[i];
  const Rational d = 1 + n2;
  RVec s(S);
  for (std::size_t i = 0; i + 1 < S; ++i)
    s[i] = 2 * x[i] / d;
  s[S - 1] = (1 - n2) / d;
  return s;
}

/// b^{−2e} for B = b² (exact when 2e is an integer).
Rational prefactor(const Rational& b, const Rational& e) {
  const Rational twice = 2 * e;
  if (boost::multiprecision::denominator(twice) != 1)
    throw std::domain_error("B^-e is not rational for 2e = " + twice.str() + " (not an integer)");
  const long n = boost::multiprecision::numerator(twice).convert_to<long>();
  Rational r(1);
  for (long i = 0; i < (n < 0 ? -n : n); ++i)
    r *= b;
  return n >= 0 ? Rational(1 / r) : r;
}

IdentityPiece noise_covariance_piece(std::size_t S) {
  return identity_of("S = " + std::to_string(S), S, 12,
                     [S](const RVec& x, const RationalConstants& k) -> Rational {
                       const RVec s = sphere_point(x, S);
                       const Rational& b = x[S - 1];
                       const Rational f = prefactor(b, k("e")), B = b * b;
                       RVec p(S);
                       for (std::size_t i = 0; i < S; ++i)
                         p[i] = s[i] * s[i];
                       std::vector<RVec> N(S, RVec(S));
                       for (std::size_t i = 0; i < S; ++i)
                         for (std::size_t j = 0; j < S; ++j)
                           N[i][j] = f * ((i == j ? s[i] : Rational(0)) - p[i] * s[j]);
                       Rational r(0);
                       for (std::size_t i = 0; i < S; ++i) {
                         Rational col(0);
                         for (std::size_t j = 0; j < S; ++j) {
                           Rational nn(0);
                           for (std::size_t l = 0; l < S; ++l)
                             nn += N[i][l] * N[j][l];
                           keep_largest(r, nn - ((i == j ? p[i] : Rational(0)) - p[i] * p[j]) / B);
                           col += N[j][i];
                         }
                         keep_largest(r, col);
                       }
                       return r;
                     });
}

DCRV_CERTIFICATE(sde_noise_covariance) {
  Certificate c;
  c.claim = "M.sde-noise-covariance";
  c.domain = "S = 2, 3; every p in the closed simplex and every B > 0; no exclusion";
  c.method =
      "sqrt p = s(t) by the stereographic chart of the unit sphere (onto its closed positive orthant, "
      "p = s*s, sum p = 1), B = b^2 with b > 0 free and B^-e = b^-2e (rational for 2e an integer, "
      "refused otherwise): each entry of N N^T - (diag p - p p^T)/B and of 1^T N times (1 + |t|^2)^6 b^2 "
      "is a polynomial of degree <= 12 in each variable, zero on a 13^S grid hence identically";
  c.constants = {{"e", [] { return Interval(1) / Interval(2); }, [] { return Rational(1, 2); }}};
  for (std::size_t S = 2; S <= 3; ++S)
    c.identities.push_back(noise_covariance_piece(S));
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// main §5.2 / §6.3: the gated kernel.
// ---------------------------------------------------------------------------------------------------------

/// Variables (p₁..p_S, the upper triangle of K_sem row by row); C = {0, …, M−1}.
IdentityPiece keff_piece(std::size_t S, std::size_t M) {
  return identity_of("S = " + std::to_string(S) + ", M = " + std::to_string(M), S + S * (S + 1) / 2, 2,
                     [S, M](const RVec& x, const RationalConstants&) -> Rational {
                       const RVec p = slice(x, 0, S);
                       std::vector<RVec> Ks(S, RVec(S));
                       std::size_t at = S;
                       for (std::size_t i = 0; i < S; ++i)
                         for (std::size_t j = i; j < S; ++j)
                           Ks[i][j] = Ks[j][i] = x[at++];
                       RVec R(S, Rational(0));
                       for (std::size_t i = 0; i < M; ++i)
                         R[i] = 1;
                       RVec Kp(S, Rational(0));
                       for (std::size_t i = 0; i < S; ++i)
                         for (std::size_t j = 0; j < S; ++j)
                           Kp[i] += R[i] * Ks[i][j] * R[j] * p[j]; // (diag(R) K_sem diag(R) p)_i
                       Rational q(0);
                       for (std::size_t c = 0; c < M; ++c)
                         for (std::size_t d = 0; d < M; ++d)
                           q += p[c] * p[d] * Ks[c][d];
                       Rational r(0);
                       keep_largest(r, dot(p, Kp) - q);
                       for (std::size_t i = M; i < S; ++i)
                         keep_largest(r, Kp[i]);
                       return r;
                     });
}

DCRV_CERTIFICATE(keff_gating) {
  Certificate c;
  c.claim = "M.keff-gating";
  c.domain = "S = 1, 2, 3 and every M in [0, S]; every p in R^S (so the closed simplex) and every symmetric "
             "K_sem (PSD or not); no exclusion";
  c.method =
      "K_eff = diag(R) K_sem diag(R), R = 1 on the first M coordinates: p^T K_eff p - sum_{c,c' < M} p_c "
      "p_c' K_sem(c,c') and (K_eff p)_i (i >= M) are polynomials of degree <= 2 in each variable (p "
      "and the upper triangle of K_sem free), zero on a 3^(S + S(S+1)/2) grid hence identically";
  for (std::size_t S = 1; S <= 3; ++S)
    for (std::size_t M = 0; M <= S; ++M)
      c.identities.push_back(keff_piece(S, M));
  return c;
}

} // namespace
} // namespace dcrv::certify
