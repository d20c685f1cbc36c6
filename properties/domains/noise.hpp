// properties/domains/noise.hpp — how a sample is read as an App. H instance (appendix_H_aistats.tex): K ≥ 2
// strategies, a floor δ⋆ ∈ (0, 1/K), a point of the trimmed simplex Δ_δ⋆, the centred linear score φ = w −
// ⟨p,w⟩ (App. H's example of a centred Lipschitz score, S1–S3) with its exact constants M_φ and L_φ, the
// entropy weight ε and the noise scale γ; and the bridges from such an instance to the Monte-Carlo engines of
// lib/ (array-form drifts, exact K = 2 laws). Shared by the claim files H_*.cpp and M_noise_predictions.cpp.
//
// Fields read: "w" (vector), "q" (simplex: the point is trim(q, δ)), "delta" (real in (0, 1/K)), "eps",
// "gamma".
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/stats.hpp"
#include "properties/domains/srct.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::noise_domain {

using boost::multiprecision::abs;
using boost::multiprecision::exp;
using boost::multiprecision::log;
using boost::multiprecision::sqrt;
using std::abs;
using std::exp;
using std::log;
using std::sqrt;

/// The floor range of App. H: δ⋆ ∈ [10⁻⁸, 1/K) (log-uniform; the upper end approached to 10⁻⁹ relative).
inline auto noise_floor_range() {
  return srct_domain::floor_range(1e-8);
}

/// Λ(δ) = 1 + log(1/δ) and C_log(K, δ) = (2 + √K)Λ(δ) (App. H §Global Lipschitz moduli).
template <class T> T Lambda(const T& delta) {
  return T(1) - log(delta);
}
template <class T> T C_log(int K, const T& delta) {
  return (T(2) + sqrt(T(K))) * Lambda(delta);
}

/// The centred linear score φ(p) = w − ⟨p,w⟩1 (S1 holds on Δ), its drift F = p ⊙ (φ − ε(log p − ⟨log p⟩)).
template <class T> Vec<T> linear_score(const Vec<T>& w, const Vec<T>& p) {
  return (w.array() - p.dot(w)).matrix();
}
template <class T> Vec<T> linear_drift(const Vec<T>& w, const T& eps, const Vec<T>& p, const Vec<T>& log_p) {
  const Vec<T> phi = linear_score(w, p);
  const T ml = p.dot(log_p);
  Vec<T> F(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i)
    F(i) = p(i) * (phi(i) - eps * (log_p(i) - ml));
  return F;
}
/// M_φ = sup_{Δ_δ} ‖φ‖_∞: |w_i − ⟨p,w⟩| is convex in p, so the sup is at a vertex δ1 + (1 − Kδ)e_j of Δ_δ
/// (δ = 0: the whole simplex, M_φ = max w − min w).
template <class T> T score_sup(const Vec<T>& w, const T& delta) {
  const int K = static_cast<int>(w.size());
  T best(0);
  for (int j = 0; j < K; ++j) {
    const Vec<T> v = trimmed_vertex<T>(K, j, delta);
    const T m = v.dot(w);
    for (int i = 0; i < K; ++i)
      best = std::max<T>(best, abs(T(w(i) - m)));
  }
  return best;
}
/// L_φ = √K ‖Π_T w‖₂: φ(p) − φ(q) = −⟨p − q, w⟩1 = −⟨p − q, Π_T w⟩1 (the Euclidean Lipschitz constant,
/// attained).
template <class T> T score_lipschitz(const Vec<T>& w) {
  return sqrt(T(w.size())) * center(w).norm();
}

/// The App. H instance of a sample: K, δ, p = trim(q, δ) ∈ Δ_δ, w, ε (and γ when the domain has it).
template <class T> struct Instance {
  int K = 2;
  T delta, eps{0}, gamma{0};
  Vec<T> w, p, log_p;
};
template <class T> Instance<T> instance(const Args<T>& a, bool with_gamma = false) {
  Instance<T> m;
  m.K = a.S();
  // δ ∈ (0, 1/K]: a double sample of the range's end 1/K may round above 1/K, outside the hypotheses
  m.delta = std::min<T>(a.real("delta"), T(1) / T(m.K));
  m.eps = a.real("eps");
  if (with_gamma)
    m.gamma = a.real("gamma");
  m.w = a.vec("w");
  m.p = trim<T>(a.simplex("q"), m.delta);
  m.log_p = log_of(m.p);
  return m;
}
/// Adds the instance fields (w ∈ [−2, 2]^K, q, δ ∈ (10⁻⁸, 1/K), ε ∈ [0, eps_hi], optionally γ).
inline Domain with_instance(Domain d, double eps_hi = 3.0, bool with_gamma = false) {
  d.vector("w", 2.0).simplex("q").real("delta", noise_floor_range(), true).real("eps", 0, eps_hi);
  if (with_gamma)
    d.real("gamma", 1e-4, 1e2, true);
  return d;
}

/// (WF) diffusion matrix Q(p) = γ(diag p − ppᵀ) and the noise matrix σ(p) = √γ(diag √p − p √pᵀ).
template <class T> Mat<T> wf_covariance(const Vec<T>& p, const T& gamma) {
  Mat<T> Q = -gamma * p * p.transpose();
  Q.diagonal() += gamma * p;
  return Q;
}
template <class T> Mat<T> wf_sigma(const Vec<T>& p, const T& gamma) {
  Vec<T> s(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s(i) = sqrt(p(i));
  Mat<T> sig = -p * s.transpose();
  sig.diagonal() += s;
  return sqrt(gamma) * sig;
}

/// The array-form drift of the linear score (Monte-Carlo engines) from double values.
inline LinearDrift linear_array_drift(const std::vector<double>& w, double eps) {
  LinearDrift d;
  d.eps = eps;
  for (std::size_t i = 0; i < w.size(); ++i)
    d.w[i] = w[i];
  return d;
}

/// Exact K = 2 objects of the linear-score Wright–Fisher diffusion in y = p₁ (Δw = w₁ − w₂), in T:
/// P_y0(hit lo before hi) by the scale function, and the invariant law of the process reflected on [δ, 1 −
/// δ].
template <class T>
T wf2_hit_lower_first(const T& dw, const T& eps, const T& gamma, const T& lo, const T& y0, const T& hi) {
  return stats::hit_lower_first<T>(
      [&](const T& y) { return stats::wf2_log_scale_potential<T>(y, dw, eps, gamma); }, lo, y0, hi);
}
template <class T>
stats::Law1D<T> wf2_reflected_law(const T& dw, const T& eps, const T& gamma, const T& delta) {
  return stats::Law1D<T>(
      [dw, eps, gamma](const T& y) { return stats::wf2_log_speed_density<T>(y, dw, eps, gamma); }, delta,
      T(1) - delta);
}

} // namespace dcrv::noise_domain
