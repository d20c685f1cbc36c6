// properties/certificates/star_exact.hpp — the exact (rational) STaR pieces shared by the identity
// certificates of App. D (D_score_, D_flow_ and D_jacobian_certificates.cpp): the score φ^STaR of
// def:star-score in dcrv::star_score's cancellation-free form, the partitions (correct subsets C) that the
// identities run over, their labels, and the sum of squares that makes a family of identities one residual.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::star_exact {

/// ρ = Σ_C p, S⁽²⁾ = Σ_C p² and φ^STaR at p.
struct StarScore {
  Rational rho, s2;
  std::vector<Rational> phi;
};
/// ρ, S⁽²⁾ and φ^STaR as dcrv::star_score evaluates them (its cancellation-free form, equal to def:star-score
/// on Δ): φ_c = (p_c Σ_{k≠c} p_k − Σ_{c'∈C∖{c}} p_{c'}²)/ρ, φ_i = −S⁽²⁾/ρ.
inline StarScore star_score_exact(const std::vector<Rational>& p, const std::vector<bool>& correct) {
  StarScore r;
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
    Rational rest(0), others(0);
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
/// off the pairs concerned): zero iff every entry is.
template <class F> Rational entrywise_squares(std::size_t K, F f) {
  Rational sum(0);
  for (std::size_t k = 0; k < K; ++k)
    for (std::size_t j = 0; j < K; ++j) {
      const Rational r = f(k, j);
      sum += r * r;
    }
  return sum;
}

} // namespace dcrv::certify::star_exact
