// properties/certificates/star_exact.hpp — the exact (rational) STaR pieces shared by the identity
// certificates of App. D (D_score_, D_flow_ and D_jacobian_certificates.cpp): the score φ^STaR of
// def:star-score in dcrv::star_score's cancellation-free form, the partitions (correct subsets C) that the
// identities run over, their labels, and the sum of squares that makes a family of identities one residual.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::star_exact {

/// ρ = Σ_C p, S⁽²⁾ = Σ_C p² and φ^STaR at p, in the scalar T (Rational, or Exact in a typed identity).
template <class T> struct BasicStarScore {
  T rho{0}, s2{0};
  std::vector<T> phi;
};
using StarScore = BasicStarScore<Rational>;
/// ρ, S⁽²⁾ and φ^STaR as dcrv::star_score evaluates them (its cancellation-free form, equal to def:star-score
/// on Δ): φ_c = (p_c Σ_{k≠c} p_k − Σ_{c'∈C∖{c}} p_{c'}²)/ρ, φ_i = −S⁽²⁾/ρ.
template <class T>
BasicStarScore<T> star_score_exact(const std::vector<T>& p, const std::vector<bool>& correct) {
  BasicStarScore<T> r;
  const std::size_t K = p.size();
  for (std::size_t k = 0; k < K; ++k)
    if (correct[k]) {
      r.rho += p[k];
      r.s2 += p[k] * p[k];
    }
  r.phi.resize(K);
  for (std::size_t k = 0; k < K; ++k) {
    if (!correct[k]) {
      r.phi[k] = -r.s2 / r.rho;
      continue;
    }
    T rest(0), others(0);
    for (std::size_t j = 0; j < K; ++j)
      if (j != k) {
        rest += p[j];
        if (correct[j])
          others += p[j] * p[j];
      }
    r.phi[k] = (p[k] * rest - others) / r.rho;
  }
  return r;
}

/// The subset C ⊆ {0..K−1} of the bits of `mask`.
inline std::vector<bool> subset(std::size_t K, unsigned mask) {
  std::vector<bool> c(K);
  for (std::size_t k = 0; k < K; ++k)
    c[k] = (mask >> k) & 1u;
  return c;
}
/// C = {0, …, M−1}, the leading partition.
inline std::vector<bool> leading(std::size_t K, std::size_t M) {
  std::vector<bool> c(K);
  for (std::size_t k = 0; k < M; ++k)
    c[k] = true;
  return c;
}
/// "K = …, C = {…}" (1-based indices).
inline std::string subset_label(std::size_t K, const std::vector<bool>& c) {
  std::string s = "K = " + std::to_string(K) + ", C = {";
  bool first = true;
  for (std::size_t k = 0; k < K; ++k)
    if (c[k]) {
      s += (first ? "" : ", ") + std::to_string(k + 1);
      first = false;
    }
  return s + "}";
}

/// f(K, C) for every K = 2..Kmax and every non-empty subset C ⊆ {0..K−1} with keep(|C|, K).
template <class Keep, class F> void for_each_subset(std::size_t Kmax, Keep keep, F f) {
  for (std::size_t K = 2; K <= Kmax; ++K)
    for (unsigned mask = 1; mask < (1u << K); ++mask) {
      const std::vector<bool> C = subset(K, mask);
      int M = 0;
      for (bool b : C)
        M += b ? 1 : 0;
      if (keep(M, int(K)))
        f(K, C);
    }
}

/// Σ_{k,j < K} f(k, j)², the residual of a matrix identity f = 0 or of a family of pair identities (f = 0
/// off the pairs concerned): zero iff every entry is; generic in the scalar (Rational, Exact).
template <class F> auto entrywise_squares(std::size_t K, F f) {
  using T = decltype(f(std::size_t(0), std::size_t(0))); // Rational, or Exact in a typed identity
  T sum(0);
  for (std::size_t k = 0; k < K; ++k)
    for (std::size_t j = 0; j < K; ++j) {
      const T r = f(k, j);
      sum += r * r;
    }
  return sum;
}

/// φ^STaR as star_score_exact evaluates it, generic in the scalar (Rational, or Exact in a typed identity):
/// φ_c = (p_c Σ_{k≠c} p_k − Σ_{c'∈C∖{c}} p_{c'}²)/ρ, φ_i = −S⁽²⁾/ρ. Branches only on the partition.
template <class X> std::vector<X> star_phi(const std::vector<X>& p, const std::vector<bool>& correct) {
  const std::size_t K = p.size();
  X rho(0), s2(0);
  for (std::size_t k = 0; k < K; ++k)
    if (correct[k]) {
      rho += p[k];
      s2 += p[k] * p[k];
    }
  std::vector<X> phi(K);
  for (std::size_t k = 0; k < K; ++k) {
    if (!correct[k]) {
      phi[k] = X(0) - s2 / rho;
      continue;
    }
    X rest(0), others(0);
    for (std::size_t j = 0; j < K; ++j)
      if (j != k) {
        rest += p[j];
        if (correct[j])
          others += p[j] * p[j];
      }
    phi[k] = (p[k] * rest - others) / rho;
  }
  return phi;
}

/// The chart (ρ, a) of the bounds (star_chart.hpp, rho_share_piece) checked exactly: the rearrangement that
/// every piece in it rests on. With p_C = ρa, p_I = (1 − ρ)b (a and b on their planes Σ = 1; ρ = 1 when L =
/// 0), the components φ_c − (a_c − ρs), φ_i + ρs, S⁽²⁾ − ρ²s with s = Σa², and (1 − s) − 2Σ_{c<c'} a_c a_c'
/// (pair_sum) vanish. φ depends on p_I only through Σ_I p = 1 − ρ, so L = 1 stands for every L ≥ 1.
/// Variables (ρ, a₁..a_{M−1}) for L = 1, (a₁..a_{M−1}) for L = 0 (a dummy one when M = 1); degree ≤ 3 in each
/// after clearing ρ.
inline IdentityPiece chart_rearrangement(std::size_t M, std::size_t L) {
  const std::size_t n = std::max<std::size_t>(1, (L ? 1 : 0) + M - 1);
  return rearrangement_identity("(rho, a) chart: M = " + std::to_string(M) + (L ? ", L >= 1" : ", L = 0"), n,
                                3, [M, L](const std::vector<Exact>& x, const RationalConstants&) {
                                  const std::size_t off = L ? 1 : 0;
                                  const Exact rho = L ? x[0] : Exact(1);
                                  std::vector<Exact> a(M);
                                  Exact last(1);
                                  for (std::size_t c = 0; c + 1 < M; ++c) {
                                    a[c] = x[off + c];
                                    last -= a[c];
                                  }
                                  a[M - 1] = last;
                                  std::vector<Exact> p;
                                  for (const auto& ac : a)
                                    p.push_back(rho * ac);
                                  if (L)
                                    p.push_back(1 - rho);
                                  const std::vector<Exact> phi = star_phi(p, leading(p.size(), M));
                                  Exact s(0), pair(0), s2(0);
                                  for (std::size_t c = 0; c < M; ++c) {
                                    s += a[c] * a[c];
                                    s2 += p[c] * p[c];
                                    for (std::size_t d = c + 1; d < M; ++d)
                                      pair += a[c] * a[d];
                                  }
                                  std::vector<Exact> r;
                                  for (std::size_t c = 0; c < M; ++c)
                                    r.push_back(phi[c] - (a[c] - rho * s));
                                  if (L)
                                    r.push_back(phi[M] + rho * s);
                                  r.push_back(s2 - rho * rho * s);
                                  r.push_back((1 - s) - 2 * pair);
                                  return r;
                                });
}

/// The chart rearrangements for M = Mmin..Mmax (every L), added to a certificate of (ρ, a) pieces.
inline void add_chart_rearrangements(Certificate& c, std::size_t Mmin, std::size_t Mmax) {
  for (std::size_t M = Mmin; M <= Mmax; ++M)
    for (std::size_t L : {0, 1})
      c.identities.push_back(chart_rearrangement(M, L));
}

} // namespace dcrv::certify::star_exact
