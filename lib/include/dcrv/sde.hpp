// dcrv/sde.hpp — the Wright–Fisher-type SDE of App. H (eq. WF) and its numerical schemes:
//
//   dp_i = F_i(p) dt + √γ (√p_i dW_i − p_i Σ_k √p_k dW_k),   F = p ⊙ r(p),   σσᵀ = γ(diag p − ppᵀ).
//
// Schemes (step functions over caller-owned state, DCRV_HD, increments given or drawn from a Philox stream):
//   * wf_em_log_step — Euler–Maruyama in log-coordinates y = log p with the Itô correction,
//       y_i ← y_i + [r_i(p) − (γ/2)(1 − p_i)/p_i] h + √γ(ΔW_i/√p_i − Σ_k √p_k ΔW_k),   p = softmax(y),
//     i.e. Euler–Maruyama for the exact log-ratio SDE (App. H eq. logratio): positivity is structural, the
//     unreflected process can approach the faces as closely as doubles allow (p_i down to e^{−700}).
//     Weak order 1; the noise is non-commutative for K > 2, so strong order ½ (measured in
//     tests/test_sde.cpp).
//   * Talay–Tubaro extrapolation (weak order 2): the per-path value 2 f(X^{h/2}) − f(X^h) of coupled EM paths
//     (the h-path uses the sums of the h/2-path's increments), see wf_tt_value.
//   * wf_reflected_step — the reflected diffusion on Δ_δ (App. H, reflected model / thm:ref-erg):
//   Euler–Maruyama
//     in p followed by the Euclidean projection onto Δ_δ (orthogonal within H = {Σp = 1}, mass preserving).
//   * bridge_crossing_probability — the Brownian-bridge probability that a discretely monitored coordinate
//     crossed a level between two steps (used to make hitting-time estimates free of monitoring bias).
#pragma once

#include <cmath>
#include <cstdint>

#include "dcrv/minibatch.hpp"
#include "dcrv/random.hpp"

namespace dcrv {

/// x ← σ(p) dW / √γ for the (WF) noise: x_i = √p_i dW_i − p_i Σ_k √p_k dW_k (Σ_i x_i = 0 when Σp = 1).
DCRV_HD inline void wf_noise(const double* p, const double* dW, int K, double* x) {
  double common = 0;
  for (int k = 0; k < K; ++k)
    common += ::sqrt(p[k]) * dW[k];
  for (int i = 0; i < K; ++i)
    x[i] = ::sqrt(p[i]) * dW[i] - p[i] * common;
}

/// K independent N(0, h) increments from the stream.
DCRV_HD inline void brownian_increments(rng::Stream& s, double h, int K, double* dW) {
  const double sh = ::sqrt(h);
  for (int k = 0; k < K; ++k)
    dW[k] = sh * s.normal();
}

/// One Euler–Maruyama step of (WF) in log-coordinates with given increments dW (variance h each). On entry y
/// = log p (normalised) and p = exp(y); on exit both are updated (y renormalised: y ← y − logsumexp(y)).
template <class Drift>
DCRV_HD PathStatus wf_em_log_step_dw(const Drift& drift, double gamma, double h, const double* dW, double* y,
                                     double* p, int K, StepScratch& w) {
  drift.rate(p, y, K, w.rate);
  const double sg = ::sqrt(gamma);
  double common = 0;
  for (int k = 0; k < K; ++k)
    common += ::sqrt(p[k]) * dW[k];
  double ymax = -1e308;
  for (int i = 0; i < K; ++i) {
    y[i] += (w.rate[i] - 0.5 * gamma * (1 - p[i]) / p[i]) * h + sg * (dW[i] / ::sqrt(p[i]) - common);
    if (y[i] > ymax)
      ymax = y[i];
  }
  double z = 0;
  for (int i = 0; i < K; ++i)
    z += ::exp(y[i] - ymax);
  const double lse = ymax + ::log(z);
  for (int i = 0; i < K; ++i) {
    y[i] -= lse;
    p[i] = ::exp(y[i]);
    if (!(y[i] == y[i]) || y[i] > 1e300 || y[i] < -1e300)
      return PathStatus::non_finite;
    if (!(p[i] > 0))
      return PathStatus::left_simplex; // underflow: the path reached a face in double precision
  }
  return PathStatus::ok;
}

/// Same, drawing the increments from the stream.
template <class Drift>
DCRV_HD PathStatus wf_em_log_step(rng::Stream& s, const Drift& drift, double gamma, double h, double* y,
                                  double* p, int K, StepScratch& w) {
  double dW[kMaxCategories];
  brownian_increments(s, h, K, dW);
  return wf_em_log_step_dw(drift, gamma, h, dW, y, p, K, w);
}

/// One step of the reflected scheme on Δ_δ with given increments: p ← Π_{Δ_δ}(p + F(p)h + √γ σ(p)dW).
template <class Drift>
DCRV_HD PathStatus wf_reflected_step_dw(const Drift& drift, double gamma, double h, double delta,
                                        const double* dW, double* p, int K, StepScratch& w) {
  for (int i = 0; i < K; ++i)
    w.log_p[i] = ::log(p[i]);
  drift.rate(p, w.log_p, K, w.rate);
  double x[kMaxCategories];
  wf_noise(p, dW, K, x);
  const double sg = ::sqrt(gamma);
  for (int i = 0; i < K; ++i)
    p[i] += p[i] * w.rate[i] * h + sg * x[i];
  // the increments sum to zero analytically; remove the rounding so that the projection sees Σp = 1
  double s = 0;
  for (int i = 0; i < K; ++i)
    s += p[i];
  for (int i = 0; i < K; ++i)
    p[i] -= (s - 1) / K;
  project_trimmed_inplace(p, K, delta, w.work);
  for (int i = 0; i < K; ++i) {
    if (!(p[i] == p[i]))
      return PathStatus::non_finite;
    if (!(p[i] > 0))
      return PathStatus::left_simplex;
  }
  return PathStatus::ok;
}

/// Same, drawing the increments from the stream.
template <class Drift>
DCRV_HD PathStatus wf_reflected_step(rng::Stream& s, const Drift& drift, double gamma, double h, double delta,
                                     double* p, int K, StepScratch& w) {
  double dW[kMaxCategories];
  brownian_increments(s, h, K, dW);
  return wf_reflected_step_dw(drift, gamma, h, delta, dW, p, K, w);
}

/// P(a Brownian bridge with variance rate `var` from x0 to x1 over time h crossed `level`), x0, x1 on the
/// same side: exp(−2(x0 − level)(x1 − level)/(var·h)); 1 when an endpoint is on the other side.
DCRV_HD inline double bridge_crossing_probability(double x0, double x1, double level, double var, double h) {
  const double a = x0 - level, b = x1 - level;
  if (a * b <= 0)
    return 1;
  if (!(var > 0))
    return 0;
  return ::exp(-2 * a * b / (var * h));
}

#if !defined(__CUDACC__)
/// Rejects invalid SDE parameters with the reason (std::invalid_argument): γ ≥ 0 finite, h > 0 finite, and
/// for the reflected scheme δ ∈ (0, 1/K).
inline void validate_wf(double gamma, double h, int K) {
  if (K < 2 || K > kMaxCategories)
    throw std::invalid_argument("(WF): K must lie in 2.." + std::to_string(kMaxCategories));
  if (!(gamma >= 0) || !std::isfinite(gamma))
    throw std::invalid_argument("(WF): the noise scale gamma must be >= 0 and finite");
  if (!(h > 0) || !std::isfinite(h))
    throw std::invalid_argument("(WF): the time step must be positive and finite");
}
inline void validate_floor(double delta, int K) {
  if (!(delta > 0 && delta * K < 1) || !std::isfinite(delta))
    throw std::invalid_argument("the floor delta must lie in (0, 1/K) = (0, " + std::to_string(1.0 / K) +
                                ")");
}

/// Runs path `path` of the log-coordinate EM scheme for `steps` steps of size h from p0 (overwritten with the
/// final state), calling observe(step, p) at step 0 and after every step (return false to stop). The
/// increments of step t come from rng::Stream(seed, path, t). Throws PathBreakdown on failure.
template <class Drift, class Observe>
void run_wf_log_path(std::uint64_t seed, std::uint64_t path, const Drift& drift, double gamma, double h,
                     double* p, int K, long steps, Observe observe) {
  StepScratch w;
  double y[kMaxCategories];
  for (int i = 0; i < K; ++i)
    y[i] = std::log(p[i]);
  if (!observe(0L, static_cast<const double*>(p)))
    return;
  for (long t = 0; t < steps; ++t) {
    rng::Stream s(seed, path, static_cast<std::uint64_t>(t));
    require_ok(wf_em_log_step(s, drift, gamma, h, y, p, K, w), "(WF) Euler-Maruyama (log)", seed, path,
               t + 1);
    if (!observe(t + 1, static_cast<const double*>(p)))
      return;
  }
}

/// Runs path `path` of the reflected scheme on Δ_δ (see run_wf_log_path).
template <class Drift, class Observe>
void run_wf_reflected_path(std::uint64_t seed, std::uint64_t path, const Drift& drift, double gamma, double h,
                           double delta, double* p, int K, long steps, Observe observe) {
  StepScratch w;
  if (!observe(0L, static_cast<const double*>(p)))
    return;
  for (long t = 0; t < steps; ++t) {
    rng::Stream s(seed, path, static_cast<std::uint64_t>(t));
    require_ok(wf_reflected_step(s, drift, gamma, h, delta, p, K, w), "(WF) reflected Euler-Maruyama", seed,
               path, t + 1);
    if (!observe(t + 1, static_cast<const double*>(p)))
      return;
  }
}

/// Coupled log-EM paths with steps h (coarse) and h/2 (fine) over n coarse steps from p0: the fine path's
/// increments come from rng::Stream(seed, path, fine step), the coarse path uses their pairwise sums. Returns
/// the final states through pc (coarse) and pf (fine). Throws PathBreakdown on failure.
template <class Drift>
void wf_em_log_coupled(std::uint64_t seed, std::uint64_t path, const Drift& drift, double gamma, double h,
                       long n, const double* p0, int K, double* pc, double* pf) {
  StepScratch w;
  double yc[kMaxCategories], yf[kMaxCategories], d1[kMaxCategories], d2[kMaxCategories], dc[kMaxCategories];
  for (int i = 0; i < K; ++i)
    pc[i] = pf[i] = p0[i], yc[i] = yf[i] = std::log(p0[i]);
  for (long t = 0; t < n; ++t) {
    rng::Stream s1(seed, path, static_cast<std::uint64_t>(2 * t)),
        s2(seed, path, static_cast<std::uint64_t>(2 * t + 1));
    brownian_increments(s1, h / 2, K, d1);
    brownian_increments(s2, h / 2, K, d2);
    require_ok(wf_em_log_step_dw(drift, gamma, h / 2, d1, yf, pf, K, w), "(WF) EM (log), fine", seed, path,
               2 * t + 1);
    require_ok(wf_em_log_step_dw(drift, gamma, h / 2, d2, yf, pf, K, w), "(WF) EM (log), fine", seed, path,
               2 * t + 2);
    for (int k = 0; k < K; ++k)
      dc[k] = d1[k] + d2[k];
    require_ok(wf_em_log_step_dw(drift, gamma, h, dc, yc, pc, K, w), "(WF) EM (log), coarse", seed, path,
               t + 1);
  }
}

/// One path's value of the weak-order-2 Talay–Tubaro estimator of E f(p(T)), T = n h: 2 f(X^{h/2}_T) −
/// f(X^h_T) on coupled log-EM paths (its mean over paths is the extrapolated expectation; coupling keeps its
/// variance that of f).
template <class Drift, class F>
double wf_tt_value(std::uint64_t seed, std::uint64_t path, const Drift& drift, double gamma, double h, long n,
                   const double* p0, int K, F f) {
  double pc[kMaxCategories], pf[kMaxCategories];
  wf_em_log_coupled(seed, path, drift, gamma, h, n, p0, K, pc, pf);
  return 2 * f(static_cast<const double*>(pf)) - f(static_cast<const double*>(pc));
}
/// Coupled paths of a scheme at the steps T/2^l, l = 0 … L, driven by one Brownian path sampled at the finest
/// step T/2^L (the increment of fine step j from rng::Stream(seed, path, j)); level l uses sums of 2^{L−l}
/// consecutive fine increments. `scheme` is "log" (wf_em_log_step_dw) or "reflected" (wf_reflected_step_dw,
/// floor delta). out[l·K + i] receives p_i(T) of level l. Measures strong and weak orders without Monte-Carlo
/// noise in the differences between levels. Throws PathBreakdown on failure.
template <class Drift>
void wf_coupled_levels(std::uint64_t seed, std::uint64_t path, const Drift& drift, double gamma, double T,
                       int L, bool reflected, double delta, const double* p0, int K, double* out) {
  StepScratch w;
  const long fine = 1L << L;
  const double hf = T / static_cast<double>(fine);
  for (int l = 0; l <= L; ++l) {
    const long per = 1L << (L - l), steps = 1L << l;
    const double h = hf * static_cast<double>(per);
    double p[kMaxCategories], y[kMaxCategories], dW[kMaxCategories], d[kMaxCategories];
    for (int i = 0; i < K; ++i)
      p[i] = p0[i], y[i] = std::log(p0[i]);
    for (long t = 0; t < steps; ++t) {
      for (int k = 0; k < K; ++k)
        dW[k] = 0;
      for (long j = t * per; j < (t + 1) * per; ++j) {
        rng::Stream s(seed, path, static_cast<std::uint64_t>(j));
        brownian_increments(s, hf, K, d);
        for (int k = 0; k < K; ++k)
          dW[k] += d[k];
      }
      const PathStatus st = reflected ? wf_reflected_step_dw(drift, gamma, h, delta, dW, p, K, w)
                                      : wf_em_log_step_dw(drift, gamma, h, dW, y, p, K, w);
      require_ok(st, reflected ? "(WF) reflected EM, coupled levels" : "(WF) EM (log), coupled levels", seed,
                 path, (t + 1) * per);
    }
    for (int i = 0; i < K; ++i)
      out[l * K + i] = p[i];
  }
}
#endif

} // namespace dcrv
