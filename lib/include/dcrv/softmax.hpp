// dcrv/softmax.hpp — the soft-max map and its derivatives, App. B.
#pragma once
#include "dcrv/real.hpp"

namespace dcrv {

/// p_θ = softmax(θ) = e^θ/⟨1,e^θ⟩ (computed with the max shift, so large logits do not overflow).
template <class T> Vec<T> softmax(const Vec<T>& theta);
/// S(p) = diag(p) − ppᵀ; equals J_θ = ∇_θ p_θ at p = p_θ (App. B eq. bridge / softmax-J).
template <class T> Mat<T> covariance_matrix(const Vec<T>& p);
/// ∂_{θ_k} J_θ = diag(d) − d pᵀ − p dᵀ with d = ∂_{θ_k} p_θ = p ⊙ (e_k − p_k 1) (App. B, lem:B-percoord).
template <class T> Mat<T> jacobian_derivative(const Vec<T>& p, int k);
/// H_{kℓ}(θ) ∈ ℝ^S, the components ∂_{θ_ℓ}∂_{θ_k} p_θ(i), by the closed form (App. B eq. B-Hessian-exact).
template <class T> Vec<T> hessian_column(const Vec<T>& p, int k, int l);
/// H(θ)[u,v] = Σ_{k,ℓ} u_k v_ℓ H_{kℓ}(θ).
template <class T> Vec<T> hessian_bilinear(const Vec<T>& p, const Vec<T>& u, const Vec<T>& v);
/// The logit lift P(θ) = C log max(p_θ, δ⋆) (App. B §Logit lift).
template <class T> Vec<T> logit_lift(const Vec<T>& theta, const T& delta_star);
/// DP(θ) = C diag(1{p_i>δ⋆}/p_i) J_θ, valid off the kink set {p_θ(i) = δ⋆} (App. B eq. DP-DsmP).
template <class T> Mat<T> logit_lift_jacobian(const Vec<T>& theta, const T& delta_star);
/// B(θ) = J_{P(θ)} DP(θ) = D_θ softmax(P(θ)) (App. B §Composite smoothness).
template <class T> Mat<T> clipped_softmax_jacobian(const Vec<T>& theta, const T& delta_star);

} // namespace dcrv
