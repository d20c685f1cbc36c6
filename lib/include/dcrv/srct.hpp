// dcrv/srct.hpp — the SRCT/DCR objective J̃ and its Shahshahani gradient flow (App. A §A.5, App. C §C.2).
//
//   J̃[p] = ⟨U,p⟩ + λ(α H[p] − β pᵀKp) − β_KL KL(p‖p_base) + ε H[p],      A := ε + λα + β_KL,
//   δJ̃/δp_i = U_i − 2λβ(Kp)_i + β_KL log p_base,i − A(1 + log p_i),
//   ṗ = F(p) = S(p) φ_A(p) − A E(p),   φ_A = U − 2λβ Kp + β_KL log p_base,   E(p) = p ⊙ (log p − ⟨log p⟩).
#pragma once
#include <cstddef>

#include "dcrv/autodiff.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/real.hpp"

namespace dcrv {

template <class T> struct SrctParams {
  Vec<T> U;      // utility
  Mat<T> K;      // symmetric PSD kernel
  Vec<T> p_base; // base policy with full support (only used when beta_kl > 0)
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
/// The SRCT flow as the rate field of integrate_flow (log p from the log-coordinates, no logarithms taken).
template <class T> RateField<T> srct_field(const SrctParams<T>& m);

/// The p-independent part U + β_KL log p_base of the selective score φ_A (the linear coefficient b of
/// b·p − λβ pᵀKp + A H[p], which is J̃ up to a constant).
template <class T> Vec<T> srct_linear_score(const SrctParams<T>& m);
/// φ_A(p) − A log p given log p: δJ̃/δp up to the constant −A (the fitness whose centred square is the
/// dissipation, App. A eq. Lyapunov-squares).
template <class T> Vec<T> srct_fitness(const SrctParams<T>& m, const Vec<T>& p, const Vec<T>& log_p);
/// J̃(p) grouped as U·p − λβ pᵀKp + A H[p] + β_KL⟨p, log p_base⟩ (0 log 0 := 0, so p may lie on a face): the
/// form the flows' identities use; equal to srct_objective up to rounding.
template <class T> T jtilde(const SrctParams<T>& m, const Vec<T>& p);
/// J̃[p] from its definition U·p + λ(αH − βpᵀKp) − β_KL KL(p‖p_base) + εH for any element type (T, Dual<T>,
/// Dual<Dual<T>>), so that its derivatives can be taken by automatic differentiation (dcrv/autodiff.hpp);
/// 0 log 0 := 0.
template <class T, class Xs> elem_t<Xs> jtilde_of(const SrctParams<T>& m, const Xs& p) {
  using boost::multiprecision::log;
  using std::log;
  using X = elem_t<Xs>;
  X lin(0), H(0), Q(0), KL(0);
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto ii = static_cast<Eigen::Index>(i);
    lin += X(m.U(ii)) * p[i];
    if (p[i] > X(0)) {
      H -= p[i] * log(p[i]);
      KL += p[i] * log(p[i] / X(m.p_base(ii)));
    }
    for (std::size_t j = 0; j < p.size(); ++j)
      Q += X(m.K(ii, static_cast<Eigen::Index>(j))) * p[i] * p[j];
  }
  return lin + X(m.lambda) * (X(m.alpha) * H - X(m.beta) * Q) - X(m.beta_kl) * KL + X(m.eps) * H;
}

/// M_φ,q = sup_{Δ_δ} ‖φ_A‖_q for q = 2 (`euclidean`) or q = ∞: φ_A is affine in p, so the convex norm peaks
/// at a vertex δ1 + (1 − Sδ)e_j of Δ_δ (App. A prop:BD-det, App. C §C.4); δ = 0 gives the sup over Δ.
template <class T> T score_sup_trimmed(const SrctParams<T>& m, const T& delta, bool euclidean);

/// S(p) = diag(p) − ppᵀ, the selection covariance of App. C §C.2, for any vector p (the mass balance of §C.5
/// evaluates it off the simplex). On Δ, softmax.hpp's covariance_matrix is the same matrix, accurate near
/// vertices.
template <class T> Mat<T> selection_covariance(const Vec<T>& p);
/// S(p) − S(q) = diag(d) − p dᵀ − d qᵀ given d = p − q: the exact rearrangement, free of cancellation for p ≈
/// q.
template <class T> Mat<T> selection_covariance_difference(const Vec<T>& p, const Vec<T>& q, const Vec<T>& d);
/// F(p) = S(p)φ_A(p) − A E(p), the boxed SRCT drift of App. C §C.2 in its matrix form, for any positive
/// vector p (also off the simplex); srct_drift is the same field on Δ, computed as p ⊙ rate.
template <class T> Vec<T> srct_boxed_drift(const SrctParams<T>& m, const Vec<T>& p);
/// log(p/q) given d = p − q: log1p(d/q) when |d| ≤ q/2 (p close to q, no cancellation), log(p/q) otherwise.
template <class T> T log_ratio(const T& p, const T& q, const T& d);
/// E(p) − E(q) for E(r) = r ⊙ (log r − ⟨log r⟩) (simplex.hpp's entropy_drift), given d = p − q, rearranged
/// without cancellation (App. A eq. cent-entropy-lip, App. C §C.3): E_i(p) − E_i(q) = d_i(log p_i − ⟨log p⟩)
/// + q_i(ℓ_i − Σ_j(d_j log p_j + q_j ℓ_j)), ℓ = log(p/q) by log_ratio.
template <class T> Vec<T> entropy_drift_difference(const Vec<T>& p, const Vec<T>& q, const Vec<T>& d);
/// Δ_K = max_{k≠l} ‖K_k· − K_l·‖_∞, the tightest of the kernel-difference constants of App. I (§Log-ratio
/// dynamics): |(Kp)_k − (Kp)_l| ≤ Δ_K on Δ.
template <class T> T row_difference(const Mat<T>& K);

} // namespace dcrv
