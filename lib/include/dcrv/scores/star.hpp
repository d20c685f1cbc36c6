// dcrv/scores/star.hpp — the STaR score field of App. D (appendix_D_aistats.tex, def:star-score), its exact
// Jacobian (lem:J-structure), the aggregates ρ and S⁽²⁾, and the STaR SRCT flow
//     ṗ_k = p_k φ_k(p) − ε p_k (log p_k − ⟨log p⟩)                                   (App. D §Dynamics).
// Header-only, generic in the scalar (double for search, mpfr for confirmation). The correct/incorrect
// partition is an input (StarPartition); nothing here assumes C = {0, …, M−1}.
#pragma once

#include <stdexcept>
#include <vector>

#include "dcrv/ode.hpp"
#include "dcrv/real.hpp"

namespace dcrv {

/// The split {1,…,K} = C ⊔ I of App. D §Setting: correct[k] is true iff k ∈ C. |C| = M, |I| = L = K − M.
struct StarPartition {
  std::vector<bool> correct;

  int size() const { return static_cast<int>(correct.size()); }
  bool is_correct(int k) const { return correct[static_cast<std::size_t>(k)]; }
  int num_correct() const {
    int m = 0;
    for (bool c : correct)
      m += c ? 1 : 0;
    return m;
  }
  int num_incorrect() const { return size() - num_correct(); }
  std::vector<int> correct_indices() const {
    std::vector<int> out;
    for (int k = 0; k < size(); ++k)
      if (is_correct(k))
        out.push_back(k);
    return out;
  }
  std::vector<int> incorrect_indices() const {
    std::vector<int> out;
    for (int k = 0; k < size(); ++k)
      if (!is_correct(k))
        out.push_back(k);
    return out;
  }
  /// The cyclic window C = {first, first+1, …, first+M−1} (mod K). Every partition is one of these up to a
  /// permutation of the coordinates, under which φ^STaR is equivariant.
  static StarPartition window(int K, int M, int first = 0) {
    if (K < 1 || M < 0 || M > K)
      throw std::invalid_argument("StarPartition::window: need 0 <= M <= K");
    StarPartition c;
    c.correct.assign(static_cast<std::size_t>(K), false);
    for (int j = 0; j < M; ++j)
      c.correct[static_cast<std::size_t>(((first % K) + K + j) % K)] = true;
    return c;
  }
};

/// ρ(p) = Σ_{c∈C} p_c, the correct mass (App. D §Setting).
template <class T> T star_correct_mass(const Vec<T>& p, const StarPartition& part) {
  T rho(0);
  for (Eigen::Index k = 0; k < p.size(); ++k)
    if (part.is_correct(static_cast<int>(k)))
      rho += p(k);
  return rho;
}

/// 1 − ρ(p) = Σ_{i∈I} p_i, summed directly (no cancellation when ρ → 1).
template <class T> T star_incorrect_mass(const Vec<T>& p, const StarPartition& part) {
  T r(0);
  for (Eigen::Index k = 0; k < p.size(); ++k)
    if (!part.is_correct(static_cast<int>(k)))
      r += p(k);
  return r;
}

/// c⋆ = argmax_{c∈C} p_c, the largest correct coordinate (App. D §"Correct vs. incorrect"; the first one on
/// ties). Needs M ≥ 1.
template <class T> int star_top_correct(const Vec<T>& p, const StarPartition& part) {
  const std::vector<int> C = part.correct_indices();
  int best = C[0];
  for (int c : C)
    if (p(c) > p(best))
      best = c;
  return best;
}

/// S⁽²⁾(p) = Σ_{c∈C} p_c² (App. D §Setting).
template <class T> T star_correct_square_sum(const Vec<T>& p, const StarPartition& part) {
  T s(0);
  for (Eigen::Index k = 0; k < p.size(); ++k)
    if (part.is_correct(static_cast<int>(k)))
      s += p(k) * p(k);
  return s;
}

/// φ^STaR(p) (def:star-score): φ_c = (p_c − S⁽²⁾)/ρ for c ∈ C, φ_i = −S⁽²⁾/ρ for i ∈ I, the centred form
/// g − ⟨p, g⟩ of g_k = 1{k∈C} p_k/ρ. Defined for ρ > 0; for M = 0 (ρ ≡ 0) every component is 0/0 = NaN, the
/// "undefined" of App. D §Edge cases.
/// Evaluated for p on the simplex: p_c − S⁽²⁾ is computed as p_c·r_c − Σ_{c'∈C, c'≠c} p_{c'}² with
/// r_c = Σ_{k≠c} p_k (= 1 − p_c on Δ), which avoids the cancellation 1 − (1 − O(ε)) near a correct vertex and
/// makes Σ_k p_k φ_k vanish identically even when ⟨1,p⟩ = 1 holds only to rounding. On Δ this is the formula
/// of def:star-score; off Δ it is its degree-1 homogeneous extension — use star_score_formula for the ambient
/// formula that lem:J-structure differentiates.
template <class T> Vec<T> star_score(const Vec<T>& p, const StarPartition& part) {
  const Eigen::Index K = p.size();
  const T rho = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part);
  // Prefix sums of p and of the correct squares, so that r_k and Σ_{c≠k} p_c² are sums without cancellation
  // in O(K) (the flow evaluates this at every stage of every step, in MPFR too).
  std::vector<T> head(static_cast<std::size_t>(K) + 1, T(0)), tail(static_cast<std::size_t>(K) + 1, T(0));
  std::vector<T> head_sq(static_cast<std::size_t>(K) + 1, T(0)),
      tail_sq(static_cast<std::size_t>(K) + 1, T(0));
  for (Eigen::Index k = 0; k < K; ++k) {
    const std::size_t u = static_cast<std::size_t>(k);
    head[u + 1] = head[u] + p(k);
    head_sq[u + 1] = head_sq[u] + (part.is_correct(static_cast<int>(k)) ? T(p(k) * p(k)) : T(0));
  }
  for (Eigen::Index k = K - 1; k >= 0; --k) {
    const std::size_t u = static_cast<std::size_t>(k);
    tail[u] = tail[u + 1] + p(k);
    tail_sq[u] = tail_sq[u + 1] + (part.is_correct(static_cast<int>(k)) ? T(p(k) * p(k)) : T(0));
  }
  const T mean = s2 / rho;
  Vec<T> phi(K);
  for (Eigen::Index k = 0; k < K; ++k) {
    const std::size_t u = static_cast<std::size_t>(k);
    if (!part.is_correct(static_cast<int>(k))) {
      phi(k) = -mean;
      continue;
    }
    const T rest = head[u] + tail[u + 1], others_sq = head_sq[u] + tail_sq[u + 1];
    phi(k) = (p(k) * rest - others_sq) / rho;
  }
  return phi;
}

/// The literal formula of def:star-score, φ_c = p_c/ρ − S⁽²⁾/ρ, φ_i = −S⁽²⁾/ρ, for any p on the open orthant
/// with ρ ≠ 0 (no use of ⟨1,p⟩ = 1): the function whose ambient partial derivatives lem:J-structure states.
template <class T> Vec<T> star_score_formula(const Vec<T>& p, const StarPartition& part) {
  const T rho = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part);
  const T mean = s2 / rho; // S⁽²⁾/ρ
  Vec<T> phi(p.size());
  for (Eigen::Index k = 0; k < p.size(); ++k)
    phi(k) = part.is_correct(static_cast<int>(k)) ? T(p(k) / rho - mean) : T(-mean);
  return phi;
}

/// J(p) = [∂φ_k/∂p_j] (lem:J-structure), the ambient derivative of the formula of def:star-score on the open
/// positive orthant: for j ∈ C, J_kj = δ_kj/ρ − p_k/ρ² − 2p_j/ρ + S⁽²⁾/ρ² (k ∈ C), −2p_j/ρ + S⁽²⁾/ρ² (k ∈ I);
/// J_kj = 0 for j ∈ I. The diagonal δ_jj/ρ − p_j/ρ² is evaluated as Σ_{c∈C∖{j}} p_c/ρ² (exact for M = 1).
template <class T> Mat<T> star_jacobian(const Vec<T>& p, const StarPartition& part) {
  const Eigen::Index K = p.size();
  const T rho = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part);
  const T rho2 = rho * rho;
  Mat<T> jac = Mat<T>::Zero(K, K);
  for (Eigen::Index j = 0; j < K; ++j) {
    if (!part.is_correct(static_cast<int>(j)))
      continue;
    const T common = s2 / rho2 - T(2) * p(j) / rho; // −∂(S⁽²⁾/ρ)/∂p_j
    for (Eigen::Index k = 0; k < K; ++k) {
      if (k == j) { // δ_jj/ρ − p_j/ρ² = (ρ − p_j)/ρ², with ρ − p_j summed over C∖{j} (no cancellation)
        T others(0);
        for (Eigen::Index c = 0; c < K; ++c)
          if (c != j && part.is_correct(static_cast<int>(c)))
            others += p(c);
        jac(k, j) = others / rho2 + common;
      } else if (part.is_correct(static_cast<int>(k)))
        jac(k, j) = -p(k) / rho2 + common;
      else
        jac(k, j) = common;
    }
  }
  return jac;
}

/// The per-capita rate of the STaR SRCT flow, r_k = φ_k(p) − ε (log p_k − ⟨log p⟩), ⟨log p⟩ = Σ_j p_j log
/// p_j, given log p (from the log-coordinates of the integrator: no logarithms taken).
template <class T>
Vec<T> star_rate(const Vec<T>& p, const Vec<T>& log_p, const StarPartition& part, const T& eps) {
  const T mean_log = p.dot(log_p);
  Vec<T> r = star_score(p, part);
  for (Eigen::Index k = 0; k < p.size(); ++k)
    r(k) -= eps * (log_p(k) - mean_log);
  return r;
}

/// The STaR SRCT drift F(p) = p ⊙ φ(p) − ε E(p), E(p) = p ⊙ (log p − ⟨log p⟩) (App. D §Dynamics).
template <class T> Vec<T> star_drift(const Vec<T>& p, const StarPartition& part, const T& eps) {
  using boost::multiprecision::log;
  using std::log;
  Vec<T> log_p(p.size());
  for (Eigen::Index k = 0; k < p.size(); ++k)
    log_p(k) = log(p(k));
  return p.cwiseProduct(star_rate<T>(p, log_p, part, eps));
}

/// The STaR SRCT flow as a rate field for integrate_flow / along_trajectory (ṗ = p ⊙ r).
template <class T> RateField<T> star_rate_field(const StarPartition& part, const T& eps) {
  return [part, eps](const T&, const Vec<T>& p, const Vec<T>& log_p) {
    return star_rate<T>(p, log_p, part, eps);
  };
}

} // namespace dcrv
