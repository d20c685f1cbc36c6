// properties/domains/dpo_sample.hpp — more readings of a sample as a DPO instance of App. F
// (appendix_F_aistats.tex; the basic ones are in properties/domains/dpo.hpp): a forced pair of labels, ε with
// ε = 0 hit, ε under the Slope Condition (§§ "Slope Condition (SC)", "Lyapunov structure"); and the
// log-ratios z_ij = log(p_i/p_j) of the class pairs a claim is about, pointwise (ż_ij from the drift, §§
// "Cross-class envelopes", "Intra-class contraction") and along trajectories (envelopes, contraction); shared
// by F_dpo_equilibrium.cpp and F_dpo_thresholds.cpp.
//
// Fields as in properties/domains/dpo.hpp ("s", "beta"), "eps" (a raw ε) and "eta" (the margin of ε over the
// SC threshold).
#pragma once

#include <vector>

#include "dcrv/numdiff.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/dpo.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::dpo_domain {

/// Labels from the field "s" with the first two forced to (s₀, s₁): a pair of the classes the claim is about
/// ((+1, −1): a cross-class pair, so M, N ≥ 1; (s, s): a pair within the class s).
template <class T> std::vector<int> labels_with_pair(const Args<T>& a, int s0, int s1) {
  std::vector<int> s = labels_of(a);
  s[0] = s0;
  s[1] = s1;
  return s;
}

/// ε = max(raw, 0) for a raw field "eps" on [−a, b]: ε = 0 is hit with positive probability.
template <class T> T eps_with_zero(const Args<T>& a) {
  const T e = a.real("eps");
  return e > 0 ? e : T(0);
}
/// ε = cβ(1 + η) > cβ: the Slope Condition ε > β/4 (c = ¼) with the margin η of the field "eta".
template <class T> T sc_eps(const Args<T>& a, const T& c = T(0.25)) {
  return c * a.real("beta") * (T(1) + a.real("eta"));
}

/// d/dt g_β(ℓ(t)) at t = 0 by a central difference of step h, of −(1 − g_β) instead of g_β where `upper`
/// (g_β > ½ along the path, ℓ < ℓ₀), so that values saturated at 1 keep their relative accuracy.
template <class T, class Path> T g_slope_fd(const DpoModel<T>& m, const Path& ell, bool upper, const T& h) {
  return central_difference<T>(
      [&](const T& t) {
        const T l = ell(t);
        return upper ? T(-m.one_minus_g(l)) : m.g(l);
      },
      h);
}

/// Selects the cross-class pairs (i, j), i ∈ 𝒞, j ∈ ℐ, of the labels s.
inline auto cross_class(const std::vector<int>& s) {
  return [&s](int i, int j) { return s[i] == 1 && s[j] == -1; };
}
/// Selects the pairs i < k within the class `sign` of the labels s.
inline auto within_class(const std::vector<int>& s, int sign) {
  return [&s, sign](int i, int k) { return i < k && s[i] == sign && s[k] == sign; };
}

/// Worst of cmp(z_ij(t), z_ij(0), |log p_i| + |log p_j|) over the pairs (i, j) with select(i, j), i and j
/// in increasing order: a property of the log-ratios z_ij = log(p_i/p_j) along a trajectory from p0 (the
/// third argument is the magnitude of the logarithms that z_ij(t) is the difference of).
template <class T, class Select, class Cmp>
Ineq<T> over_pairs(const Vec<T>& p0, const Vec<T>& p, const Select& select, const Cmp& cmp) {
  Ineq<T> w = skip<T>();
  for (int i = 0; i < static_cast<int>(p.size()); ++i)
    for (int j = 0; j < static_cast<int>(p.size()); ++j)
      if (select(i, j)) {
        const T li = log(p(i)), lj = log(p(j));
        w = worst(w, cmp(T(li - lj), T(log(p0(i) / p0(j))), T(abs(li) + abs(lj))));
      }
  return w;
}

/// Contraction of the selected log-ratios at the given rate: |z_ik(t)| ≤ |z_ik(0)|e^{−rate·t} up to
/// dpo_flow_slack (App. F, thm:intraclass; Edge cases).
template <class T, class Select>
Ineq<T> contraction(const Select& select, const Vec<T>& p0, const Vec<T>& p, const T& t, const T& rate) {
  return over_pairs<T>(p0, p, select, [&](const T& z, const T& z0, const T& scale) {
    return le_flow<T>(abs(z), T(abs(z0) * exp(T(-rate * t))), scale);
  });
}

/// The log-ratio z_ij = log p_i − log p_j at p and its rate ż_ij = ṗ_i/p_i − ṗ_j/p_j from the drift
/// ṗ = p ⊙ φ(p) − εE(p) written out (E the entropy drift), with the magnitude 2 + ε(|log p_i| + |log p_j| +
/// |⟨log p⟩|) of the terms that ż_ij cancels (|φ| ≤ 2).
template <class T> struct LogRatio { T z, zdot, scale; };
template <class T>
LogRatio<T> log_ratio_at(const DpoModel<T>& m, const Vec<T>& p, const Vec<T>& lp, int i, int j) {
  const Vec<T> drift = p.cwiseProduct(m.field(p, lp)) - m.eps * entropy_drift(p);
  return {T(lp(i) - lp(j)), T(drift(i) / p(i) - drift(j) / p(j)),
          T(T(2) + m.eps * (abs(lp(i)) + abs(lp(j)) + abs(T(p.dot(lp)))))};
}

} // namespace dcrv::dpo_domain
