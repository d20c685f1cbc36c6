// dcrv/ensemble/steps.hpp — the per-step updates of App. J as plain functions over fixed-size arrays
// (DCRV_HD: the same code runs one path per CPU task and one path per GPU thread).
//
// Theory track (App. J, "Theoretical (replicator) update used in Studies A and A⁺"):
//   p̃_i = p_i exp(η[φ_i − ε log p_i]),   p ← p̃ / ‖p̃‖₁,          η = 0.15, ε ∈ {0, 3·10⁻⁴},
// with p_i ← max(p_i, 10⁻¹²) before the log, and the fitness φ from the batch frequencies p̂ = n/B:
//   STaR  φ_i = p̂_i/ρ̂ on 𝒞 (ρ̂ = Σ_𝒞 p̂), 0 on ℐ;   GRPO  φ_i = 1{i ∈ 𝒞};   DPO  φ_i = −log max(p̂_i, 10⁻¹²) on
//   𝒞,
// 0 on ℐ;   DCR (Study B)  φ_i = r(i) − 2λβ (K p̂)_i with ε = ε_barrier + λα.
// The GRPO fitness as written uses no batch statistic (the update is deterministic); the readings that
// inject batch noise are kept beside it (see Method). The theory functions are templates in the scalar T
// (double on host and device; MPFR on the host for the reference runs driven by recorded counts).
//
// Procedural (algorithm-faithful) track on logits θ, p = softmax(θ) (App. J, "Algorithm-faithful updates"):
//   STaR  draw up to L traces; at the first correct c: θ ← θ + η_star(e_c − p); none correct: no-op;
//   GRPO  a group of m draws, advantages a_j = r_j − r̄: θ ← θ + (η_grpo/m) Σ_j a_j (e_{i_j} − p);
//   DPO   pairs (i, j) of the batch, Davidson log-likelihood with ties (tie parameter ν, strengths e^θ),
//         θ ← θ + η_dpo ∇_θ ℓ, optionally rescaled so that the linearised ‖Δp‖₂ equals the theory step's.
#pragma once

#include "dcrv/ensemble/universe.hpp"

namespace dcrv::ensemble {

/// Which update a path runs.
enum class Method {
  star,         // theory STaR
  grpo,         // theory GRPO as written: φ = 1{𝒞} (no batch statistic)
  grpo_iw,      // reading: importance-weighted φ_i = U_i p̂_i / p_i (unbiased for U_i)
  grpo_present, // reading: only correct traces present in the batch are reinforced, φ_i = U_i 1{n_i > 0}
  dpo,          // theory DPO
  dpo_sampled, // reading: only traces present in the batch enter, φ_i = −log p̂_i if n_i > 0 (𝒞), else 0
  dpo_population, // reading: the population p instead of p̂, φ_i = −log max(p_i, 10⁻¹²) on 𝒞 (no noise)
  dcr,            // Study B replicator with the kernel of the configuration
  proc_star,      // procedural STaR
  proc_grpo,      // procedural GRPO
  proc_dpo,       // procedural DPO (Davidson ties)
};
DCRV_HD inline bool is_procedural(Method m) {
  return m == Method::proc_star || m == Method::proc_grpo || m == Method::proc_dpo;
}
/// The theory method that a procedural method is compared with.
DCRV_HD inline Method theory_of(Method m) {
  switch (m) {
  case Method::proc_star:
    return Method::star;
  case Method::proc_grpo:
    return Method::grpo;
  case Method::proc_dpo:
    return Method::dpo;
  default:
    return m;
  }
}

namespace detail {
DCRV_HD inline double exp_of(double x) {
  return ::exp(x);
}
DCRV_HD inline double log_of(double x) {
  return ::log(x);
}
DCRV_HD inline double sqrt_of(double x) {
  return ::sqrt(x);
}
// Other scalars (MPFR, host only) through argument-dependent lookup.
template <class T> inline T exp_of(const T& x) {
  return exp(x);
}
template <class T> inline T log_of(const T& x) {
  return log(x);
}
template <class T> inline T sqrt_of(const T& x) {
  return sqrt(x);
}
template <class T> DCRV_HD inline T max_of(const T& a, const T& b) {
  return a < b ? b : a;
}
} // namespace detail

/// log max(p, 10⁻¹²): App. J's clipping before a log.
template <class T> DCRV_HD inline T clipped_log(const T& p) {
  return detail::log_of(detail::max_of(p, T(kClip)));
}

/// The parameters of the theory fitness.
struct FitnessParams {
  Method method = Method::star;
  LabelKernel kernel;         // DCR: the kernel of the arm (gated K_eff, or an ungated reading)
  double two_lambda_beta = 0; // DCR: 2λβ
};

/// φ of the theory track from the batch counts n (Σ n = B) and, for the GRPO importance-weighted reading,
/// the current p. `scratch` holds kMaxLabels scalars.
template <class T>
DCRV_HD void theory_fitness(const FitnessParams& f, const Universe& u, const long* n, long B, const T* p,
                            T* phi, T* scratch) {
  const int S = u.S;
  const T Bt = T(static_cast<double>(B));
  switch (f.method) {
  case Method::star: {
    long nc = 0;
    for (int i = 0; i < S; ++i)
      if (u.correct(i))
        nc += n[i];
    // φ_i = p̂_i/ρ̂ = n_i/n_𝒞. No correct trace in the batch (ρ̂ = 0): the paper leaves it open; STaR has
    // nothing to reinforce, so φ = 0 (a uniform φ is a no-op of the normalised step anyway).
    for (int i = 0; i < S; ++i)
      phi[i] = u.correct(i) && nc > 0 ? T(static_cast<double>(n[i])) / T(static_cast<double>(nc)) : T(0);
    break;
  }
  case Method::grpo:
    for (int i = 0; i < S; ++i)
      phi[i] = T(u.verifier(i));
    break;
  case Method::grpo_iw:
    for (int i = 0; i < S; ++i)
      phi[i] = u.correct(i) && n[i] > 0 ? T(static_cast<double>(n[i])) / (Bt * p[i]) : T(0);
    break;
  case Method::grpo_present:
    for (int i = 0; i < S; ++i)
      phi[i] = u.correct(i) && n[i] > 0 ? T(1) : T(0);
    break;
  case Method::dpo:
    for (int i = 0; i < S; ++i)
      phi[i] = u.correct(i) ? -clipped_log(T(static_cast<double>(n[i])) / Bt) : T(0);
    break;
  case Method::dpo_sampled:
    for (int i = 0; i < S; ++i)
      phi[i] = u.correct(i) && n[i] > 0 ? -clipped_log(T(static_cast<double>(n[i])) / Bt) : T(0);
    break;
  case Method::dpo_population:
    for (int i = 0; i < S; ++i)
      phi[i] = u.correct(i) ? -clipped_log(p[i]) : T(0);
    break;
  case Method::dcr: {
    // φ_i = r(i) − 2λβ (K p̂)_i
    T phat[kMaxTraces], kp[kMaxTraces];
    for (int i = 0; i < S; ++i)
      phat[i] = T(static_cast<double>(n[i])) / Bt;
    f.kernel.apply(phat, S, kp, scratch);
    const T c = T(f.two_lambda_beta);
    for (int i = 0; i < S; ++i)
      phi[i] = T(u.reward[i]) - c * kp[i];
    break;
  }
  default:
    for (int i = 0; i < S; ++i)
      phi[i] = T(0);
  }
}

/// The replicator (exponentiated-gradient) step p̃_i = p_i exp(η[φ_i − ε log max(p_i, 10⁻¹²)]), p ← p̃/‖p̃‖₁, in
/// place. A coordinate at exactly 0 stays 0. Returns false if the result is not a finite probability vector.
template <class T> DCRV_HD bool replicator_step(T* p, const T* phi, const T& eta, const T& eps, int S) {
  T sum(0);
  for (int i = 0; i < S; ++i) {
    if (p[i] > T(0))
      p[i] = p[i] * detail::exp_of(eta * (phi[i] - eps * clipped_log(p[i])));
    sum += p[i];
  }
  if (!(sum > T(0)) || !(sum < T(1e300)))
    return false;
  for (int i = 0; i < S; ++i)
    p[i] = p[i] / sum;
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Procedural track (double; logits θ)
// ---------------------------------------------------------------------------------------------------------

/// p = softmax(θ) (shifted by max θ).
DCRV_HD inline void softmax_of(const double* theta, int S, double* p) {
  double m = theta[0];
  for (int i = 1; i < S; ++i)
    m = theta[i] > m ? theta[i] : m;
  double s = 0;
  for (int i = 0; i < S; ++i) {
    p[i] = ::exp(theta[i] - m);
    s += p[i];
  }
  for (int i = 0; i < S; ++i)
    p[i] /= s;
}

/// The linearised image of a logit step in p: J(p) Δθ = p ⊙ (Δθ − ⟨p, Δθ⟩).
DCRV_HD inline void softmax_jvp(const double* p, const double* dtheta, int S, double* dp) {
  double m = 0;
  for (int i = 0; i < S; ++i)
    m += p[i] * dtheta[i];
  for (int i = 0; i < S; ++i)
    dp[i] = p[i] * (dtheta[i] - m);
}

/// Procedural STaR: the logit step Δθ for the draws (in order); returns false (no-op) when none of the first
/// L draws is correct. Δθ = η (e_c − p) at the first correct draw c.
DCRV_HD inline bool proc_star_step(const Universe& u, const int* draws, int L, const double* p, double eta,
                                   double* dtheta) {
  for (int k = 0; k < L; ++k)
    if (u.correct(draws[k])) {
      const int c = draws[k];
      for (int i = 0; i < u.S; ++i)
        dtheta[i] = eta * ((i == c ? 1.0 : 0.0) - p[i]);
      return true;
    }
  for (int i = 0; i < u.S; ++i)
    dtheta[i] = 0;
  return false;
}

/// Procedural GRPO: group = the first m draws, rewards r_j = U(i_j), a_j = r_j − r̄,
/// Δθ = (η/m) Σ_j a_j (e_{i_j} − p).
DCRV_HD inline void proc_grpo_step(const Universe& u, const int* draws, int m, const double* p, double eta,
                                   double* dtheta) {
  double rbar = 0;
  for (int j = 0; j < m; ++j)
    rbar += u.verifier(draws[j]);
  rbar /= m;
  double sum_a = 0;
  for (int i = 0; i < u.S; ++i)
    dtheta[i] = 0;
  for (int j = 0; j < m; ++j) {
    const double a = u.verifier(draws[j]) - rbar;
    dtheta[draws[j]] += a;
    sum_a += a;
  }
  for (int i = 0; i < u.S; ++i)
    dtheta[i] = eta / m * (dtheta[i] - sum_a * p[i]);
}

/// ∇_θ of the Davidson (ties) log-likelihood of one pair (i, j) with strengths π = e^θ and tie parameter ν:
///   P(i ≻ j) = π_i/Z, P(tie) = ν√(π_iπ_j)/Z, Z = π_i + π_j + ν√(π_iπ_j).
/// The outcome is decided by the verifier: U_i > U_j: i ≻ j; U_i < U_j: j ≻ i; equal: a tie. Adds the
/// gradient to g (only coordinates i, j change).
DCRV_HD inline void davidson_pair_gradient(const Universe& u, int i, int j, const double* theta, double nu,
                                           double* g) {
  if (i == j) // a pair of identical traces carries no information (its gradient is 0 for a tie)
    return;
  // with d = θ_i − θ_j: ∂ log Z/∂θ_i = (1 + ν e^{−d/2}/2) / (1 + e^{−d} + ν e^{−d/2}) — evaluated stably
  const double d = theta[i] - theta[j];
  const double h = 0.5 * d;
  // π_i/Z, π_j/Z, tie/Z with a common scale e^{−max(θ_i, θ_j)}
  double a, b, c;
  if (h >= 0) {
    const double e = ::exp(-h);
    a = 1, b = e * e, c = nu * e;
  } else {
    const double e = ::exp(h);
    a = e * e, b = 1, c = nu * e;
  }
  const double Z = a + b + c;
  const double gi = (a + 0.5 * c) / Z, gj = (b + 0.5 * c) / Z;
  const double ui = u.verifier(i), uj = u.verifier(j);
  if (ui > uj) {
    g[i] += 1 - gi;
    g[j] += -gj;
  } else if (ui < uj) {
    g[j] += 1 - gj;
    g[i] += -gi;
  } else {
    g[i] += 0.5 - gi;
    g[j] += 0.5 - gj;
  }
}

/// Procedural DPO: pairs (draws[2k], draws[2k+1]), k < pairs; Δθ = η (1/pairs) Σ_pairs ∇ℓ.
DCRV_HD inline void proc_dpo_step(const Universe& u, const int* draws, int pairs, const double* theta,
                                  double nu, double eta, double* dtheta) {
  for (int i = 0; i < u.S; ++i)
    dtheta[i] = 0;
  for (int k = 0; k < pairs; ++k)
    davidson_pair_gradient(u, draws[2 * k], draws[2 * k + 1], theta, nu, dtheta);
  for (int i = 0; i < u.S; ++i)
    dtheta[i] *= eta / pairs;
}

} // namespace dcrv::ensemble
