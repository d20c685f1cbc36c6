// dcrv/ensemble/path.hpp — one App. J run (a "path": one seed of one configuration), with on-line
// accumulators: the path keeps its state, the moving windows of the event detector and a fixed-size summary;
// it stores its trajectory only when asked (a checkpoint series every `log_every` steps, or the recorded
// batch counts and states for the MPFR cross-check).
//
// Randomness: step t (t = 1 … T) of path j under seed s draws from rng::Stream(s, j, t); the initial policy
// (when random) from rng::Stream(s, j, 0, tag_start). A path is a pure function of (configuration, s, j):
// the CPU thread pool and the CUDA kernel (one thread per path) compute the same numbers.
#pragma once

#include "dcrv/ensemble/events.hpp"

namespace dcrv::ensemble {

inline constexpr int kMaxBatch = 256; // largest batch when the batch is drawn trace by trace

/// The initial policy (App. J does not give it): uniform over the S traces (literal reading), or a
/// Dirichlet(1, …, 1) draw per path.
enum class Start { uniform, dirichlet };
/// How the batch is drawn: Multinomial(B, p) by conditional binomials, or B i.i.d. categorical draws in
/// order (the same law; the procedural updates need the draws themselves, and a theory track drawn this way
/// shares its uniforms with a procedural track of the same seed — common random numbers).
enum class Sampler { multinomial, categorical };

/// One configuration of an App. J experiment.
struct Config {
  Universe u = app_j_universe();
  FitnessParams fit; // fit.method: the update
  int B = 64;        // batch size
  double eta = 0.15; // theory learning rate η
  double eps = 0;    // barrier ε (DCR: ε_barrier + λα)
  MetricParams metrics;
  EventParams events;
  int T = 5000;
  Start start = Start::uniform;
  Sampler sampler = Sampler::multinomial;
  // procedural track
  int L = 64;              // STaR: draws per step (≤ B)
  int m = 32;              // GRPO: group size (≤ B)
  int pairs = 32;          // DPO: pairs per step (2·pairs ≤ B)
  double nu = 1;           // DPO: Davidson tie parameter
  double eta_proc = 1;     // η_star / η_grpo / η_dpo
  bool match_norm = false; // DPO: rescale Δθ so that ‖J Δθ‖₂ = ‖Δp_theory‖₂ at every step
  bool alignment = false;  // procedural: compare with the theory step at the same state and batch
  int log_every = 0;       // > 0: write the metrics every log_every steps (t = 0, k, 2k, …, T)
  int late_window = 1000;  // late-time averages over the last late_window steps
  bool floor_policy =
      false; // reading of J.trace-universe: p_i ← max(p_i, 10⁻¹²) after every step, renormalised
};

/// p_i ← max(p_i, 10⁻¹²), then p ← p/‖p‖₁ (the "floored policy" reading of App. J's clipping rule).
template <class T> DCRV_HD void floor_policy(T* p, int S) {
  T s(0);
  for (int i = 0; i < S; ++i) {
    p[i] = detail::max_of(p[i], T(kClip));
    s += p[i];
  }
  for (int i = 0; i < S; ++i)
    p[i] = p[i] / s;
}

/// Number of checkpoints of the series (t = 0, k, …, ≤ T).
DCRV_HD inline int checkpoints(const Config& c) {
  return c.log_every > 0 ? c.T / c.log_every + 1 : 0;
}

/// What a path leaves behind.
struct PathSummary {
  int status = 0; // 0: ok; 1: the state stopped being a finite probability vector (step in bad_step)
  int bad_step = -1;
  int fix[kEventReadings], homog[kEventReadings]; // event times (−1: none by T)
  double p_final[kMaxTraces];
  double p_floor[kMaxTraces]; // the policy at the event floor (step 200)
  double final_metric[kMetrics];
  double initial_metric[kMetrics];
  double final_safety[kSafetyReadings];
  double min_safety[kSafetyReadings]; // minimum over t = 0 … T
  double late_mean[kMetrics];         // mean over the last late_window steps
  double late_sd[kMetrics];           // standard deviation over the same steps
  double max_incorrect_after_floor;   // sup_{t ≥ floor} M_inc
  // procedural runs: one-step alignment with the theory step at the same state and batch
  long align_steps = 0;  // steps where both one-step Δp are nonzero
  long noop_steps = 0;   // steps where the procedural update is exactly zero
  long sign_steps = 0;   // aligned steps with at least one pair entering the sign agreement
  double cos_euclid = 0; // Σ cos(Δp_proc, Δp_theory)
  double cos_shah = 0;   // Σ Shahshahani cosine (inner product Σ a_i b_i / p_i)
  double sign_agree = 0; // Σ fraction of pairs (i, j) whose log-ratio slopes agree in sign (DPO: only
                         // pairs with a trace in a decisive, non-tie comparison of the batch)
  double norm_ratio = 0; // Σ ‖Δp_proc‖₂ / ‖Δp_theory‖₂
  double js_next = 0;    // Σ JS(p_proc', p_theory')
  double step_l1_after_floor = 0; // Σ_{t > floor} ‖Δp‖₁ of the path's own steps
};

namespace detail {
/// The batch of one step: counts n (and, for the categorical sampler, the draws in order).
DCRV_HD inline void draw_batch(const Config& c, rng::Stream& s, const double* p, long* n, int* draws,
                               double* tail) {
  const int S = c.u.S;
  if (c.sampler == Sampler::multinomial) {
    rng::multinomial(s, c.B, p, S, n, tail);
    return;
  }
  // inversion of the cumulative sums: B draws in order
  tail[0] = 0;
  for (int i = 0; i < S; ++i)
    tail[i + 1] = tail[i] + p[i];
  for (int i = 0; i < S; ++i)
    n[i] = 0;
  for (int k = 0; k < c.B; ++k) {
    const double x = s.uniform() * tail[S];
    int i = 0;
    while (i + 1 < S && !(x < tail[i + 1]))
      ++i;
    while (i > 0 && !(p[i] > 0)) // never land on a trace of probability 0
      --i;
    draws[k] = i;
    ++n[i];
  }
}

/// Initial policy.
DCRV_HD inline void initial_policy(const Config& c, std::uint64_t seed, std::uint64_t path, double* p) {
  const int S = c.u.S;
  if (c.start == Start::uniform) {
    for (int i = 0; i < S; ++i)
      p[i] = 1.0 / S;
    return;
  }
  rng::Stream s(seed, path, 0, rng::tag_start);
  double sum = 0;
  for (int i = 0; i < S; ++i) {
    p[i] = -::log(s.uniform()); // Exp(1): normalised, a Dirichlet(1, …, 1) draw
    sum += p[i];
  }
  for (int i = 0; i < S; ++i)
    p[i] /= sum;
}

/// The alignment statistics of one step (procedural Δp = a, theory Δp = b at state p, next states pa, pb).
/// `decisive` (optional): traces that took part in a decisive (win/loss) comparison of the step; a trace
/// pair (i, j) where neither did has a procedural slope made of tie updates alone (Davidson tie gradients
/// sum to zero) and is left out of the sign agreement.
DCRV_HD inline void accumulate_alignment(PathSummary& out, int S, const double* p, const double* a,
                                         const double* b, const double* dlr_a, const double* dlr_b,
                                         const double* pa, const double* pb, const bool* decisive = nullptr) {
  double aa = 0, bb = 0, ab = 0, aas = 0, bbs = 0, abs_ = 0;
  for (int i = 0; i < S; ++i) {
    aa += a[i] * a[i], bb += b[i] * b[i], ab += a[i] * b[i];
    if (p[i] > 0) {
      aas += a[i] * a[i] / p[i], bbs += b[i] * b[i] / p[i], abs_ += a[i] * b[i] / p[i];
    }
  }
  if (!(aa > 0)) {
    ++out.noop_steps;
    return;
  }
  if (!(bb > 0))
    return;
  ++out.align_steps;
  out.cos_euclid += ab / ::sqrt(aa * bb);
  out.cos_shah += aas > 0 && bbs > 0 ? abs_ / ::sqrt(aas * bbs) : 0.0;
  out.norm_ratio += ::sqrt(aa / bb);
  // sign agreement of the log-ratio slopes Δ log(p_i/p_j) over pairs where both are nonzero
  int agree = 0, pairs = 0;
  for (int i = 0; i < S; ++i)
    for (int j = i + 1; j < S; ++j) {
      const double x = dlr_a[i] - dlr_a[j], y = dlr_b[i] - dlr_b[j];
      if (x == 0 || y == 0 || (decisive && !decisive[i] && !decisive[j]))
        continue;
      ++pairs;
      agree += (x > 0) == (y > 0);
    }
  if (pairs > 0) { // a step without an eligible pair says nothing about signs
    out.sign_agree += static_cast<double>(agree) / pairs;
    ++out.sign_steps;
  }
  out.js_next += js_divergence(pa, pb, S);
}
} // namespace detail

/// Optional per-path outputs (null pointers: not written).
struct PathRecord {
  double* series = nullptr; // checkpoints(c) × kMetrics
  long* counts = nullptr;   // T × S batch counts (step t = 1 … T at row t − 1)
  double* states = nullptr; // (T + 1) × S policies
};

/// Runs path `path` of configuration c under `seed`.
DCRV_HD inline void run_path(const Config& c, std::uint64_t seed, std::uint64_t path, PathSummary& out,
                             PathRecord rec = PathRecord{}) {
  const int S = c.u.S;
  double p[kMaxTraces], theta[kMaxTraces], phi[kMaxTraces], phat[kMaxTraces], tail[kMaxTraces + 1];
  double scratch[kMaxLabels];
  long n[kMaxTraces];
  int draws[kMaxBatch];
  const Method method = c.fit.method;
  const bool proc = is_procedural(method);
  FitnessParams theory_fit = c.fit;
  theory_fit.method = theory_of(method);

  detail::initial_policy(c, seed, path, p);
  for (int i = 0; i < S; ++i)
    theta[i] = ::log(p[i] > 0 ? p[i] : kClip);

  EventDetector ev;
  ev.reset(c.events, c.u.n_clusters, S);
  out = PathSummary{};
  for (int r = 0; r < kSafetyReadings; ++r)
    out.min_safety[r] = 1e300;
  out.max_incorrect_after_floor = 0;
  for (int k = 0; k < kMetrics; ++k)
    out.late_mean[k] = out.late_sd[k] = 0;
  const int late_from = c.T - c.late_window + 1;

  Metrics<double> mt;
  const bool kernel_terms = c.metrics.beta != 0;
  auto observe = [&](int t, const double* phat_now) {
    // every step: what the detector, the safety minimum and sup M_inc need; the rest (entropy, J_p, …)
    // only where it is logged (t = 0, checkpoints, the late window, t = T)
    const bool full = t == 0 || t == c.T || t >= late_from || (c.log_every > 0 && t % c.log_every == 0);
    if (full) {
      compute_metrics(c.u, c.metrics, p, phat_now, mt);
    } else {
      cluster_masses(c.u, p, mt.mass);
      mt.value[metric_gini] = gini_of(mt.mass, c.u.n_clusters, c.metrics.gini);
      mt.value[metric_incorrect] = incorrect_mass(c.u, p);
      if (kernel_terms) {
        safety_margins(c.u, c.metrics.eff, c.metrics.arm, 2 * c.metrics.lambda * c.metrics.beta,
                       c.metrics.gap, p, phat_now, mt.safety, scratch);
      } else {
        for (int r = 0; r < kSafetyReadings; ++r)
          mt.safety[r] = 1; // no kernel term: 1 − 0 (and (gap − 0)/gap) exactly
      }
    }
    ev.push(t, p, mt.mass, mt.value[metric_gini]);
    for (int r = 0; r < kSafetyReadings; ++r)
      out.min_safety[r] = mt.safety[r] < out.min_safety[r] ? mt.safety[r] : out.min_safety[r];
    if (t == 0)
      for (int k = 0; k < kMetrics; ++k)
        out.initial_metric[k] = mt.value[k];
    if (t >= c.events.floor && mt.value[metric_incorrect] > out.max_incorrect_after_floor)
      out.max_incorrect_after_floor = mt.value[metric_incorrect];
    if (t == c.events.floor)
      for (int i = 0; i < S; ++i)
        out.p_floor[i] = p[i];
    if (t >= late_from)
      for (int k = 0; k < kMetrics; ++k) {
        out.late_mean[k] += mt.value[k];
        out.late_sd[k] += mt.value[k] * mt.value[k];
      }
    if (rec.series && c.log_every > 0 && t % c.log_every == 0)
      for (int k = 0; k < kMetrics; ++k)
        rec.series[(t / c.log_every) * kMetrics + k] = mt.value[k];
    if (rec.states)
      for (int i = 0; i < S; ++i)
        rec.states[static_cast<long>(t) * S + i] = p[i];
  };
  observe(0, p);

  for (int t = 1; t <= c.T; ++t) {
    rng::Stream s(seed, path, static_cast<std::uint64_t>(t));
    detail::draw_batch(c, s, p, n, draws, tail);
    for (int i = 0; i < S; ++i)
      phat[i] = static_cast<double>(n[i]) / c.B;
    if (rec.counts)
      for (int i = 0; i < S; ++i)
        rec.counts[static_cast<long>(t - 1) * S + i] = n[i];
    double before[kMaxTraces];
    for (int i = 0; i < S; ++i)
      before[i] = p[i];

    if (!proc) {
      theory_fitness(c.fit, c.u, n, c.B, p, phi, scratch);
      if (!replicator_step(p, phi, c.eta, c.eps, S)) {
        out.status = 1;
        out.bad_step = t;
        break;
      }
      if (c.floor_policy) // reading of J.trace-universe: the policy itself floored at 10⁻¹², renormalised
        floor_policy(p, S);
    } else {
      double dtheta[kMaxTraces], pth[kMaxTraces], dp_th[kMaxTraces], dlr_th[kMaxTraces];
      const bool need_theory = c.alignment || c.match_norm;
      if (need_theory) {
        theory_fitness(theory_fit, c.u, n, c.B, p, phi, scratch);
        for (int i = 0; i < S; ++i)
          pth[i] = p[i];
        replicator_step(pth, phi, c.eta, c.eps, S);
        for (int i = 0; i < S; ++i) {
          dp_th[i] = pth[i] - p[i];
          dlr_th[i] = c.eta * (phi[i] - c.eps * clipped_log(p[i])); // Δ log p_i up to a common constant
        }
      }
      if (method == Method::proc_star)
        proc_star_step(c.u, draws, c.L, p, c.eta_proc, dtheta);
      else if (method == Method::proc_grpo)
        proc_grpo_step(c.u, draws, c.m, p, c.eta_proc, dtheta);
      else
        proc_dpo_step(c.u, draws, c.pairs, theta, c.nu, c.eta_proc, dtheta);
      if (c.match_norm) {
        double jv[kMaxTraces];
        softmax_jvp(p, dtheta, S, jv);
        double a = 0, b = 0;
        for (int i = 0; i < S; ++i)
          a += jv[i] * jv[i], b += dp_th[i] * dp_th[i];
        const double scale = a > 0 ? ::sqrt(b / a) : 0.0;
        for (int i = 0; i < S; ++i)
          dtheta[i] *= scale;
      }
      for (int i = 0; i < S; ++i)
        theta[i] += dtheta[i];
      softmax_of(theta, S, p);
      bool finite = true;
      for (int i = 0; i < S; ++i)
        finite = finite && p[i] >= 0 && p[i] <= 1;
      if (!finite) {
        out.status = 1;
        out.bad_step = t;
        break;
      }
      if (c.alignment) {
        double dp[kMaxTraces];
        for (int i = 0; i < S; ++i)
          dp[i] = p[i] - before[i];
        bool decisive[kMaxTraces];
        const bool dpo = method == Method::proc_dpo;
        if (dpo) {
          for (int i = 0; i < S; ++i)
            decisive[i] = false;
          for (int k = 0; k < c.pairs; ++k) {
            const int i = draws[2 * k], j = draws[2 * k + 1];
            if (c.u.verifier(i) != c.u.verifier(j))
              decisive[i] = decisive[j] = true;
          }
        }
        detail::accumulate_alignment(out, S, before, dp, dp_th, dtheta, dlr_th, p, pth,
                                     dpo ? decisive : nullptr);
      }
    }
    if (t > c.events.floor)
      for (int i = 0; i < S; ++i)
        out.step_l1_after_floor += p[i] > before[i] ? p[i] - before[i] : before[i] - p[i];
    observe(t, phat);
  }

  for (int r = 0; r < kEventReadings; ++r) {
    out.fix[r] = ev.fix[r];
    out.homog[r] = ev.homog[r];
  }
  for (int i = 0; i < S; ++i)
    out.p_final[i] = p[i];
  for (int k = 0; k < kMetrics; ++k)
    out.final_metric[k] = mt.value[k];
  for (int r = 0; r < kSafetyReadings; ++r)
    out.final_safety[r] = mt.safety[r];
  const int nl = c.late_window < c.T + 1 ? c.late_window : c.T + 1;
  for (int k = 0; k < kMetrics; ++k) {
    const double mean = out.late_mean[k] / nl;
    const double var = out.late_sd[k] / nl - mean * mean;
    out.late_mean[k] = mean;
    out.late_sd[k] = var > 0 ? ::sqrt(var) : 0.0;
  }
}

} // namespace dcrv::ensemble
