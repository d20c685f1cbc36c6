// dcrv/srct.hpp — the SRCT/DCR objective J̃ and its Shahshahani gradient flow (App. A §A.5, App. C §C.2).
//
//   J̃[p] = ⟨U,p⟩ + λ(α H[p] − β pᵀKp) − β_KL KL(p‖p_base) + ε H[p],      A := ε + λα + β_KL,
//   δJ̃/δp_i = U_i − 2λβ(Kp)_i + β_KL log p_base,i − A(1 + log p_i),
//   ṗ = F(p) = S(p) φ_A(p) − A E(p),   φ_A = U − 2λβ Kp + β_KL log p_base,   E(p) = p ⊙ (log p − ⟨log p⟩).
#pragma once
#include "dcrv/real.hpp"

namespace dcrv {

template <class T> struct SrctParams {
  Vec<T> U;        // utility
  Mat<T> K;        // symmetric PSD kernel
  Vec<T> p_base;   // base policy with full support (only used when beta_kl > 0)
  T lambda{1}, alpha{0}, beta{0}, beta_kl{0}, eps{0};
  /// Aggregate barrier strength A = ε + λα + β_KL (App. A eq. for A; App. C canonical constants).
  T barrier() const { return eps + lambda * alpha + beta_kl; }
  int size() const { return static_cast<int>(U.size()); }
  template <class R> SrctParams<R> cast() const {
    SrctParams<R> q;
    q.U = U.template cast<R>();
    q.K = K.template cast<R>();
    q.p_base = p_base.template cast<R>();
    q.lambda = R(lambda), q.alpha = R(alpha), q.beta = R(beta), q.beta_kl = R(beta_kl), q.eps = R(eps);
    return q;
  }
};

/// J̃[p] (App. C §C.2 display; App. A eq. GF-Jtilde's objective).
template <class T> T srct_objective(const SrctParams<T>& m, const Vec<T>& p);
/// δJ̃/δp_i (App. C §C.2; App. A "Instantiation" with ε added).
template <class T> Vec<T> srct_variational_derivative(const SrctParams<T>& m, const Vec<T>& p);
/// The selective score φ_A(p) = U − 2λβ Kp + β_KL log p_base.
template <class T> Vec<T> srct_score(const SrctParams<T>& m, const Vec<T>& p);
/// The SRCT drift F(p) = S(p)φ_A(p) − A E(p) (App. C boxed ODE).
template <class T> Vec<T> srct_drift(const SrctParams<T>& m, const Vec<T>& p);
/// The per-capita rate r(p) = F(p)/p = (φ − φ̄) − A(log p − ⟨log p⟩): the flow in log-coordinates.
template <class T> Vec<T> srct_rate(const SrctParams<T>& m, const Vec<T>& p);
/// Same, given log p (from log-coordinates: no logarithms taken).
template <class T> Vec<T> srct_rate(const SrctParams<T>& m, const Vec<T>& p, const Vec<T>& log_p);
/// The replicator per-capita rate of any score vector g: g − ⟨p,g⟩.
template <class T> Vec<T> replicator_rate(const Vec<T>& p, const Vec<T>& g);
/// Shahshahani squared norm of the gradient: Σ p_i (δJ̃/δp_i − E_p[δJ̃/δp])² (App. A eq. Lyapunov-squares).
template <class T> T srct_dissipation(const SrctParams<T>& m, const Vec<T>& p);

} // namespace dcrv
