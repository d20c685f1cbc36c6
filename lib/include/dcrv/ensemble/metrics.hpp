// dcrv/ensemble/metrics.hpp — the logged metrics of App. J (§"Common metrics and event detection"), generic
// in the scalar (double on host/device, MPFR for the reference), over fixed-size arrays:
//   entropy H[p] = −Σ p_i log p_i (log of max(p_i, 10⁻¹²); 0·log 0 = 0),   Fix = Σ p_i²,
//   cluster masses m_A, m_B, m_C,   Gini(m_A, m_B, m_C),   M_inc = Σ_ℐ p_i,
//   objective proxy J_p = Σ_𝒞 p_i + λα H[p] − λβ pᵀK_eff p,   kernel energy pᵀK_eff p,
//   safety margin (App. J uses it without a formula; main text §"Balancing Correctness…": the numerator
//   1 − 2λβ (K_eff p)_c of the incorrect-suppression exponent; readings in SafetyReading).
#pragma once

#include "dcrv/ensemble/steps.hpp"

namespace dcrv::ensemble {

/// Gini normalisation (App. J does not give it): standard mean-absolute-difference Gini
/// Σ_{k,l}|m_k − m_l| / (2 n² m̄), or the n/(n−1)-corrected one (maximum 1 for n clusters).
enum class GiniKind { standard, corrected };

template <class T> DCRV_HD inline T abs_of(const T& x) {
  return x < T(0) ? -x : x;
}

/// H[p] = −Σ p_i log max(p_i, 10⁻¹²).
template <class T> DCRV_HD T entropy_of(const T* p, int S) {
  T h(0);
  for (int i = 0; i < S; ++i)
    if (p[i] > T(0))
      h -= p[i] * clipped_log(p[i]);
  return h;
}
/// Fix = Σ p_i².
template <class T> DCRV_HD T fixation_index(const T* p, int S) {
  T f(0);
  for (int i = 0; i < S; ++i)
    f += p[i] * p[i];
  return f;
}
/// m_k = Σ_{i ∈ cluster k} p_i (k < n_clusters).
template <class T> DCRV_HD void cluster_masses(const Universe& u, const T* p, T* m) {
  for (int k = 0; k < u.n_clusters; ++k)
    m[k] = T(0);
  for (int i = 0; i < u.S; ++i)
    if (u.correct(i))
      m[u.cluster[i]] += p[i];
}
/// M_inc = Σ_{i ∈ ℐ} p_i.
template <class T> DCRV_HD T incorrect_mass(const Universe& u, const T* p) {
  T s(0);
  for (int i = 0; i < u.S; ++i)
    if (!u.correct(i))
      s += p[i];
  return s;
}
/// Gini of n masses (0 when all vanish).
template <class T> DCRV_HD T gini_of(const T* m, int n, GiniKind kind) {
  T total(0), diff(0);
  for (int k = 0; k < n; ++k) {
    total += m[k];
    for (int l = 0; l < n; ++l)
      diff += abs_of(m[k] - m[l]);
  }
  if (!(total > T(0)))
    return T(0);
  // Σ|m_k − m_l| / (2 n² m̄) = Σ|m_k − m_l| / (2 n Σm)
  T g = diff / (T(2 * n) * total);
  if (kind == GiniKind::corrected)
    g = g * T(n) / T(n - 1);
  return g;
}
template <class T> DCRV_HD T max_of_array(const T* x, int n) {
  T m = x[0];
  for (int i = 1; i < n; ++i)
    m = x[i] > m ? x[i] : m;
  return m;
}

/// Readings of the safety margin (J.safety-margin-def).
enum SafetyReading : int {
  safety_worst = 0, // literal: min_{c ∈ 𝒞} [1 − 2λβ (K_eff p)_c]  (worst correct trace, p, K_eff, unit gap)
  safety_mass_weighted = 1, // 1 − 2λβ Σ_𝒞 p_c (K_eff p)_c / ρ
  safety_batch = 2,         // the literal with p̂ (the batch of the step) instead of p
  safety_arm_kernel = 3,    // the literal with the arm's own kernel (Ungated: its K on 𝒞 rows)
  safety_gap08 = 4,         // utility gap of the Study-B rewards: [0.8 − 2λβ (K_eff p)_c] / 0.8, worst c
  kSafetyReadings = 5
};

/// The safety margins of every reading at state p (batch frequencies phat for safety_batch; pass p when
/// there is no batch). two_lambda_beta = 2λβ; gap = r_correct − r_incorrect (0.8 in Study B).
template <class T>
DCRV_HD void safety_margins(const Universe& u, const LabelKernel& eff, const LabelKernel& arm,
                            double two_lambda_beta, double gap, const T* p, const T* phat, T* out,
                            T* scratch) {
  const T c(two_lambda_beta);
  T kp[kMaxTraces];
  eff.apply(p, u.S, kp, scratch);
  T worst(0), weighted(0), rho(0);
  bool any = false;
  for (int i = 0; i < u.S; ++i)
    if (u.correct(i)) {
      worst = !any || kp[i] > worst ? kp[i] : worst;
      any = true;
      weighted += p[i] * kp[i];
      rho += p[i];
    }
  out[safety_worst] = T(1) - c * worst;
  out[safety_mass_weighted] = rho > T(0) ? T(1) - c * weighted / rho : T(1);
  out[safety_gap08] = (T(gap) - c * worst) / T(gap);
  eff.apply(phat, u.S, kp, scratch);
  T wb(0);
  any = false;
  for (int i = 0; i < u.S; ++i)
    if (u.correct(i)) {
      wb = !any || kp[i] > wb ? kp[i] : wb;
      any = true;
    }
  out[safety_batch] = T(1) - c * wb;
  arm.apply(p, u.S, kp, scratch);
  T wa(0);
  any = false;
  for (int i = 0; i < u.S; ++i)
    if (u.correct(i)) {
      wa = !any || kp[i] > wa ? kp[i] : wa;
      any = true;
    }
  out[safety_arm_kernel] = T(1) - c * wa;
}

/// The metrics of one state (what a path logs; indices of Metrics::value).
enum MetricIndex : int {
  metric_entropy = 0,
  metric_fix,
  metric_gini,
  metric_incorrect,
  metric_mass_a,
  metric_mass_b,
  metric_mass_c,
  metric_max_p,
  metric_objective,
  metric_safety,
  metric_energy,
  kMetrics
};

/// Parameters of the metrics: the DCR weights (J_p, safety) and the kernels.
struct MetricParams {
  double lambda = 1, alpha = 0, beta = 0;
  double gap = 0.8; // r_correct − r_incorrect (Study B)
  GiniKind gini = GiniKind::standard;
  LabelKernel eff; // K_eff (gated): J_p, energy, safety
  LabelKernel arm; // the arm's kernel (safety_arm_kernel)
};

template <class T> struct Metrics {
  T value[kMetrics];
  T mass[kMaxClusters];
  T safety[kSafetyReadings];
};

/// Every metric of state p (phat: the step's batch frequencies, for safety_batch).
template <class T>
DCRV_HD void compute_metrics(const Universe& u, const MetricParams& mp, const T* p, const T* phat,
                             Metrics<T>& out) {
  T scratch[kMaxLabels];
  const int S = u.S;
  out.value[metric_entropy] = entropy_of(p, S);
  out.value[metric_fix] = fixation_index(p, S);
  cluster_masses(u, p, out.mass);
  out.value[metric_gini] = gini_of(out.mass, u.n_clusters, mp.gini);
  out.value[metric_incorrect] = incorrect_mass(u, p);
  for (int k = 0; k < 3; ++k)
    out.value[metric_mass_a + k] = k < u.n_clusters ? out.mass[k] : T(0);
  out.value[metric_max_p] = max_of_array(p, S);
  const T energy = mp.eff.energy(p, S, scratch);
  out.value[metric_energy] = energy;
  T correct(0);
  for (int i = 0; i < S; ++i)
    if (u.correct(i))
      correct += p[i];
  out.value[metric_objective] =
      correct + T(mp.lambda * mp.alpha) * out.value[metric_entropy] - T(mp.lambda * mp.beta) * energy;
  safety_margins(u, mp.eff, mp.arm, 2 * mp.lambda * mp.beta, mp.gap, p, phat, out.safety, scratch);
  out.value[metric_safety] = out.safety[safety_worst];
}

/// Jensen–Shannon divergence (natural log) of two distributions on S points.
template <class T> DCRV_HD T js_divergence(const T* p, const T* q, int S) {
  T d(0);
  for (int i = 0; i < S; ++i) {
    const T m = (p[i] + q[i]) / T(2);
    if (p[i] > T(0))
      d += p[i] * (detail::log_of(p[i]) - detail::log_of(m));
    if (q[i] > T(0))
      d += q[i] * (detail::log_of(q[i]) - detail::log_of(m));
  }
  return d / T(2);
}

} // namespace dcrv::ensemble
