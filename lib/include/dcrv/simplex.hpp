// dcrv/simplex.hpp — the probability simplex Δ^{S-1}, its trimmed versions and the functionals of App. A.
// Declarations only; definitions in lib/src/simplex.cpp, explicitly instantiated for double and mpfr.
#pragma once
#include "dcrv/real.hpp"

namespace dcrv {

/// w / Σw: the point of Δ^{S-1} represented by positive weights (how dcrv stores simplex inputs).
template <class T> Vec<T> normalize_simplex(const Vec<T>& w);
/// Componentwise log p_i (no 0 log 0 convention: p must be positive where its log is used).
template <class T> Vec<T> log_of(const Vec<T>& p);
/// Componentwise exp y_i (e.g. back from log-coordinates, unnormalised).
template <class T> Vec<T> exp_of(const Vec<T>& y);
/// Shannon entropy H[p] = −Σ p_i log p_i with 0 log 0 := 0 (App. A table).
template <class T> T entropy(const Vec<T>& p);
/// ⟨log p⟩ = Σ p_i log p_i (App. A, Lemma lem:canonical-ineq); −H[p].
template <class T> T mean_log(const Vec<T>& p);
/// KL(p‖q) = Σ p_i log(p_i/q_i), 0 log 0 := 0.
template <class T> T kl_divergence(const Vec<T>& p, const Vec<T>& q);
/// C v = v − (1/S)⟨1,v⟩1, the projector Π_T onto T = 1^⊥.
template <class T> Vec<T> center(const Vec<T>& v);
/// G(p) = C log p: the inverse of softmax on Θ (App. B, prop:B-diffeo).
template <class T> Vec<T> centered_log(const Vec<T>& p);
/// E(p) = p ⊙ (log p − ⟨log p⟩): the entropy part of the SRCT drift (App. A eq. cent-entropy-lip, App. C).
template <class T> Vec<T> entropy_drift(const Vec<T>& p);
/// Entropy face gap L_S(δ) = (1−δ) log((1−δ)/((S−1)δ)) (App. A, Lemma lem:LS-closed).
template <class T> T face_gap(int S, const T& delta);
/// The defining infimum of L_S(δ) evaluated at a point: ⟨log p⟩ − log δ (App. A, def:LS).
template <class T> T face_gap_objective(const Vec<T>& p, const T& delta);
/// Clip–renormalize 𝒞_{δ⋆}(p) = max(p,δ⋆)/‖max(p,δ⋆)‖₁ (App. B §Clip–Renormalize).
template <class T> Vec<T> clip_renormalize(const Vec<T>& p, const T& delta_star);
/// δ_min = δ⋆/(1+(S−1)δ⋆), the floor guaranteed by clip–renormalize (App. B).
template <class T> T clip_floor(int S, const T& delta_star);
/// δ_eff(p) = δ⋆ / Σ_j max(p_j, δ⋆) (App. A §Floors: policy vs. effective).
template <class T> T effective_floor(const Vec<T>& p, const T& delta_star);
/// δ + (1 − Sδ) q: maps q ∈ Δ^{S-1} onto the trimmed simplex Δ_δ (needs δ ≤ 1/S).
template <class T> Vec<T> trim(const Vec<T>& q, const T& delta);
/// 1 − Sδ, the free mass of Δ_δ, clamped at 0 (one rounding in double: fma), so δ = 1/S gives exactly 0.
template <class T> T trimmed_free_mass(int S, const T& delta);
/// The vertex δ1 + (1 − Sδ)e_j of Δ_δ.
template <class T> Vec<T> trimmed_vertex(int S, int j, const T& delta);
/// A point of the facet {p ∈ Δ_δ : p_i = δ}: q with q_i := 0, renormalised (the equal split of the other
/// coordinates when q = e_i), mapped by `trim`.
template <class T> Vec<T> facet_point(const Vec<T>& q, int i, const T& delta);
/// Euclidean projection of y ∈ R^S onto Δ^{S-1} (sort-and-threshold).
template <class T> Vec<T> project_simplex(const Vec<T>& y);
/// Euclidean projection onto Δ_δ = δ1 + (1 − Sδ)Δ (nonexpansive; App. C §C.8's extension F∘π).
template <class T> Vec<T> project_trimmed(const Vec<T>& x, const T& delta);

} // namespace dcrv
