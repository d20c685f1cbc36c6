// dcrv/lumps.hpp — lumps: a partition of the traces {0, …, S−1} into disjoint nonempty lumps C_1, …, C_{K_L}
// (App. G, appendix_G_aistats.tex §Lumps), with the objects App. G builds on it:
//   q_k = Σ_{π∈C_k} p_π,   m_k = Σ_{π∈C_k} p_π log p_π,   h̄ = Σ_π p_π log p_π = Σ_k m_k,
//   E_{p|C_k}[log p] = m_k/q_k (q_k > 0),   A ∈ {0,1}^{K_L×S}, A_{kπ} = 1{π∈C_k} (q = Ap),
//   E°_π(p) = p_π log p_π − p_π⟨log p⟩ on the closed simplex (0 log 0 := 0),
//   the lump ODE right side Σ_{π∈C_k} p_π φ_π − ε(m_k − q_k h̄) (lem:lump_exact),
//   w_π = p_π/q_k, H(w_k), ℓ̄_k, σ_k (§Entropy deviation envelopes, OP3), and for labelled traces
//   (s_π = +1 correct, −1 incorrect): ρ, S⁽²⁾, q_{k,𝒞}, S⁽²⁾_{k,𝒞}, corr(C_k; p) = q_{k,𝒞}/q_k (STaR, GRPO).
// Declarations only; definitions in lib/src/lumps.cpp, explicitly instantiated for double and mpfr. Every sum
// is a sum of nonnegative terms where the paper's quantity is one (no cancellation near faces), and zero
// masses are allowed everywhere (the closed simplex), with 0 log 0 := 0.
#pragma once
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv {

/// Labels of the traces: s_π = +1 (correct, 𝒞) or −1 (incorrect, ℐ) — the convention of App. F/G.
using Labels = std::vector<int>;

/// A partition of {0, …, S−1} into lumps, numbered 0 … K_L−1 in the order of their first member.
class Lumps {
public:
  Lumps() = default;
  /// From the lump label of every trace (any integers; equal labels = same lump). Throws on an empty list.
  explicit Lumps(const std::vector<int>& labels);
  /// Consecutive blocks of the given sizes (all ≥ 1): {0,…,n₁−1}, {n₁,…,n₁+n₂−1}, …
  static Lumps from_sizes(const std::vector<int>& sizes);
  /// S singleton lumps {π}.
  static Lumps singletons(int S);
  /// One lump holding every trace.
  static Lumps whole(int S);

  int traces() const { return static_cast<int>(lump_of_.size()); } // S
  int count() const { return static_cast<int>(members_.size()); }  // K_L
  int lump_of(int pi) const { return lump_of_[static_cast<std::size_t>(pi)]; }
  const std::vector<int>& members(int k) const { return members_[static_cast<std::size_t>(k)]; }
  int lump_size(int k) const { return static_cast<int>(members(k).size()); }
  /// m⋆ = max_k |C_k| (App. G eq. A-norms).
  int max_size() const;
  /// |C_1|, …, |C_{K_L}|.
  std::vector<int> sizes() const;
  /// Every lump carries a single label (App. G §DPO, "sign-pure").
  bool sign_pure(const Labels& s) const;
  /// The label of lump k: that of its first member (the lump's sign s_k when the lump is sign-pure).
  int lump_label(const Labels& s, int k) const;
  bool operator==(const Lumps& o) const { return lump_of_ == o.lump_of_; }

  /// The indicator matrix A (K_L × S), A_{kπ} = 1{π ∈ C_k}.
  template <class T> Mat<T> aggregation() const;
  /// A u: the lump sums of u ∈ ℝ^S.
  template <class T> Vec<T> aggregate(const Vec<T>& u) const;

private:
  std::vector<int> lump_of_;
  std::vector<std::vector<int>> members_;
};

/// The operator norms of a matrix that App. G eq. (A-norms) states for A, computed from the matrix itself:
/// ‖M‖_{1→1} = max column ℓ1 norm, ‖M‖_{2→2} = σ_max(M) (SVD), ‖M‖_{∞→∞} = max row ℓ1 norm.
template <class T> struct OperatorNorms { T one, two, inf; };
template <class T> OperatorNorms<T> operator_norms(const Mat<T>& m);

/// x log x with 0 log 0 := 0.
template <class T> T xlogx(const T& x);
/// E°(p): E°_π = p_π log p_π − p_π⟨log p⟩, ⟨log p⟩ = Σ_π p_π log p_π, on the closed simplex (0 log 0 := 0)
/// (App. G §Simplex, solution concept, and entropy map). Equals entropy_drift(p) on the open simplex.
template <class T> Vec<T> entropy_drift_closed(const Vec<T>& p);

/// q = Ap, the lump masses.
template <class T> Vec<T> lump_masses(const Lumps& L, const Vec<T>& p);
/// m_k = Σ_{π∈C_k} p_π log p_π (0 log 0 := 0).
template <class T> Vec<T> lump_plogp(const Lumps& L, const Vec<T>& p);
/// E_{p|C_k}[log p] = m_k/q_k for q_k > 0; NaN when q_k = 0 (undefined).
template <class T> T conditional_mean_log(const Lumps& L, const Vec<T>& p, int k);
/// The same from log p (exact logarithms from log-coordinates; log p_π may be −∞ where p_π = 0).
template <class T> T conditional_mean_log(const Lumps& L, const Vec<T>& p, const Vec<T>& log_p, int k);
/// The lump entropy term m_k − q_k h̄, h̄ = Σ_π p_π log p_π (App. G lem:lump_exact).
template <class T> Vec<T> lump_entropy_term(const Lumps& L, const Vec<T>& p);
/// A(p ⊙ φ): the lump selection terms Σ_{π∈C_k} p_π φ_π.
template <class T> Vec<T> lump_selection(const Lumps& L, const Vec<T>& p, const Vec<T>& phi);
/// The right side of the lump ODE (eq. lump-exact): Σ_{π∈C_k} p_π φ_π − ε(m_k − q_k h̄).
template <class T> Vec<T> lump_drift(const Lumps& L, const Vec<T>& p, const Vec<T>& phi, const T& eps);

/// w_π = p_π/q_k for π ∈ C_k (in the order of members(k)); needs q_k > 0.
template <class T> Vec<T> lump_weights(const Lumps& L, const Vec<T>& p, int k);
/// H(w_k) = −Σ_{π∈C_k} w_π log w_π (0 log 0 := 0); needs q_k > 0.
template <class T> T lump_entropy(const Lumps& L, const Vec<T>& p, int k);
/// σ_k = (Σ_{π∈C_k} w_π (log p_π − ℓ̄_k)²)^{1/2}, ℓ̄_k = Σ w_π log p_π (OP3), from log p; needs q_k > 0.
template <class T> T lump_log_spread(const Lumps& L, const Vec<T>& p, const Vec<T>& log_p, int k);

/// ρ = Σ_{s_π=+1} p_π, the correct mass.
template <class T> T correct_mass(const Labels& s, const Vec<T>& p);
/// S⁽²⁾ = Σ_{s_π=+1} p_π².
template <class T> T correct_square_sum(const Labels& s, const Vec<T>& p);
/// q_{k,𝒞} = Σ_{π∈C_k∩𝒞} p_π.
template <class T> T lump_correct_mass(const Lumps& L, const Labels& s, const Vec<T>& p, int k);
/// S⁽²⁾_{k,𝒞} = Σ_{π∈C_k∩𝒞} p_π².
template <class T> T lump_correct_square_sum(const Lumps& L, const Labels& s, const Vec<T>& p, int k);
/// corr(C_k; p) = q_{k,𝒞}/q_k (App. G §GRPO); NaN when q_k = 0.
template <class T> T lump_correctness(const Lumps& L, const Labels& s, const Vec<T>& p, int k);

} // namespace dcrv
