// dcrv/minibatch.hpp — the discrete mini-batch process of App. H (§"Discrete mini-batch updates"):
//
//   N_t ~ Multinomial(B, p_t),   ξ_{t+1} = N_t/B − p_t ∈ T,   p_{t+1} = p_t + η(F(p_t) + ξ_{t+1}),
//   optionally followed by the Euclidean projection onto Δ_δ (mass preserving),
//
// simulated exactly (the multinomial of dcrv/random.hpp) with the paper's drifts F = p ⊙ r(p), r the
// per-capita rate: the linear centred score of App. H (φ = w − ⟨p,w⟩, also the biased drift F^δ), the
// SRCT/DCR drift of srct.hpp, and, through FieldDrift, the STaR / GRPO / DPO fields of scores/ (any
// RateField<double>).
//
// Step functions are plain inline functions over caller-owned fixed-size state (no allocation), marked
// DCRV_HD, so that the App. J ensemble engine can run one path per GPU thread with the same code. The
// randomness of step t of path j is rng::Stream(seed, j, t): any path replays alone.
#pragma once

#include <cmath>
#include <cstdint>

#include "dcrv/random.hpp"

#if !defined(__CUDACC__)
#include <stdexcept>
#include <string>

#include "dcrv/ode.hpp"
#include "dcrv/real.hpp"
#endif

namespace dcrv {

/// The largest K of the array-form step functions (their scratch is sized by it).
inline constexpr int kMaxCategories = 64;

/// What a step left behind: `ok`, or the reason the path cannot go on (never silently repaired).
enum class PathStatus { ok, left_simplex, non_finite };

/// Caller-owned scratch of the step functions (fixed size: no allocation).
struct StepScratch {
  double log_p[kMaxCategories];
  double rate[kMaxCategories];
  double tail[kMaxCategories + 1];
  double work[kMaxCategories];
  long counts[kMaxCategories];
};

// ---------------------------------------------------------------------------------------------------------
// Drifts in array form: rate(p, log_p, K, r) writes the per-capita rate r (F = p ⊙ r); p on the open simplex.
// ---------------------------------------------------------------------------------------------------------

/// The App. H example score φ = w − ⟨p,w⟩ (centred, S1) with the entropy term:
///   r_i = w_i − ⟨p,w⟩ − ε(log p_i − ⟨log p⟩).
/// With w = u + δ it is also the biased drift F^δ of App. H §"Small centred bias" (φ = u − ⟨p,u⟩).
struct LinearDrift {
  double w[kMaxCategories] = {};
  double eps = 0;
  DCRV_HD void rate(const double* p, const double* log_p, int K, double* r) const {
    double mw = 0, ml = 0;
    for (int i = 0; i < K; ++i)
      mw += p[i] * w[i], ml += p[i] * log_p[i];
    for (int i = 0; i < K; ++i)
      r[i] = w[i] - mw - eps * (log_p[i] - ml);
  }
};

/// The SRCT/DCR drift of srct.hpp in array form (srct_rate): φ = U − 2λβ Kp + β_KL log p_base,
///   r = φ − ⟨p,φ⟩ − A(log p − ⟨log p⟩),  A = ε + λα + β_KL.
/// Holds pointers to the caller's arrays (U: K, kernel: K×K row-major, log_p_base: K or null).
struct SrctDrift {
  const double* U = nullptr;
  const double* kernel = nullptr;
  const double* log_p_base = nullptr;
  double two_lambda_beta = 0, beta_kl = 0, barrier = 0;
  DCRV_HD void rate(const double* p, const double* log_p, int K, double* r) const {
    double mphi = 0, ml = 0;
    for (int i = 0; i < K; ++i) {
      double phi = U[i];
      if (two_lambda_beta != 0 && kernel)
        for (int j = 0; j < K; ++j)
          phi -= two_lambda_beta * kernel[i * K + j] * p[j];
      if (beta_kl != 0 && log_p_base)
        phi += beta_kl * log_p_base[i];
      r[i] = phi;
      mphi += p[i] * phi, ml += p[i] * log_p[i];
    }
    for (int i = 0; i < K; ++i)
      r[i] = r[i] - mphi - barrier * (log_p[i] - ml);
  }
};

/// The STaR score of scores/star.hpp in array form (def:star-score): with ρ = Σ_{c∈C} p_c and S⁽²⁾ = Σ_{c∈C}
/// p_c², φ_c = (p_c − S⁽²⁾)/ρ (c ∈ C), φ_i = −S⁽²⁾/ρ (i ∉ C) — centred; r = φ − ε(log p − ⟨log p⟩).
struct StarDrift {
  bool correct[kMaxCategories] = {};
  double eps = 0;
  DCRV_HD void rate(const double* p, const double* log_p, int K, double* r) const {
    double rho = 0, s2 = 0, ml = 0;
    for (int i = 0; i < K; ++i) {
      ml += p[i] * log_p[i];
      if (correct[i])
        rho += p[i], s2 += p[i] * p[i];
    }
    for (int i = 0; i < K; ++i)
      r[i] = (correct[i] ? (p[i] - s2) / rho : -s2 / rho) - eps * (log_p[i] - ml);
  }
};

/// The GRPO centred score of scores/grpo.hpp in array form: γ̂_C = (1−ρ)h_G(ρ), γ̂_I = −ρh_G(ρ), h_G(ρ) = E
/// b_T, T ~ Binom(G−2, ρ), b_s = (G−1)/√((1+s)(G−1−s)) (the Bernstein form, G ≤ kMaxCategories + 1); r = γ̂ −
/// ε(log p − ⟨log p⟩).
struct GrpoDrift {
  bool correct[kMaxCategories] = {};
  double b[kMaxCategories] = {}; // b_0 … b_{G−2}
  int G = 2;
  double eps = 0;
  DCRV_HD void set_group(int g) {
    G = g;
    for (int s = 0; s <= G - 2; ++s)
      b[s] = (G - 1.0) / ::sqrt((1.0 + s) * (G - 1.0 - s));
  }
  DCRV_HD double h(double rho, double sigma) const {
    const int n = G - 2;
    // Σ_s C(n,s) ρ^s σ^{n−s} b_s by the de Casteljau recurrence (stable, no cancellation)
    double c[kMaxCategories];
    for (int s = 0; s <= n; ++s)
      c[s] = b[s];
    for (int k = n; k > 0; --k)
      for (int s = 0; s < k; ++s)
        c[s] = sigma * c[s] + rho * c[s + 1];
    return c[0];
  }
  DCRV_HD void rate(const double* p, const double* log_p, int K, double* r) const {
    double rho = 0, sigma = 0, ml = 0;
    for (int i = 0; i < K; ++i) {
      ml += p[i] * log_p[i];
      (correct[i] ? rho : sigma) += p[i];
    }
    const double hg = h(rho, sigma);
    for (int i = 0; i < K; ++i)
      r[i] = (correct[i] ? sigma * hg : -rho * hg) - eps * (log_p[i] - ml);
  }
};

/// The DPO field of scores/dpo.hpp in array form: a_i = s_i g_β(log p_i), g_β(ℓ) = 1 − σ(β(ℓ − ℓ₀)),
/// φ = a − ⟨p,a⟩, r = φ − ε(log p − ⟨log p⟩).
struct DpoDrift {
  int label[kMaxCategories] = {}; // s_i ∈ {+1, −1}
  double beta = 1, ell0 = 0, eps = 0;
  DCRV_HD void rate(const double* p, const double* log_p, int K, double* r) const {
    double ma = 0, ml = 0;
    for (int i = 0; i < K; ++i) {
      const double x = beta * (log_p[i] - ell0);
      // g = σ(−x) = 1/(1 + e^{x}), evaluated without overflow
      const double g = x > 0 ? ::exp(-x) / (1 + ::exp(-x)) : 1 / (1 + ::exp(x));
      r[i] = label[i] * g;
      ma += p[i] * r[i], ml += p[i] * log_p[i];
    }
    for (int i = 0; i < K; ++i)
      r[i] = r[i] - ma - eps * (log_p[i] - ml);
  }
};

#if !defined(__CUDACC__)
/// Any rate field of lib/ (RateField<double>: STaR, GRPO, DPO, SRCT through srct_field) as an array-form
/// drift (host only; allocates through Eigen).
struct FieldDrift {
  RateField<double> field;
  void rate(const double* p, const double* log_p, int K, double* r) const {
    Vec<double> pv(K), lv(K);
    for (int i = 0; i < K; ++i)
      pv(i) = p[i], lv(i) = log_p[i];
    const Vec<double> out = field(0.0, pv, lv);
    for (int i = 0; i < K; ++i)
      r[i] = out(i);
  }
};
#endif

// ---------------------------------------------------------------------------------------------------------
// Projection onto the trimmed simplex (array form of simplex.hpp's project_trimmed)
// ---------------------------------------------------------------------------------------------------------

/// x ← the Euclidean projection of x (Σx = 1 up to rounding, any signs) onto Δ_δ = {p : Σp = 1, p_i ≥ δ}
/// (sort-and-threshold on y = x − δ onto {y ≥ 0, Σy = 1 − Kδ}); `work` holds K doubles. Orthogonal within
/// H = {Σp = 1} and mass preserving: the reflection of the reflected schemes.
DCRV_HD inline void project_trimmed_inplace(double* x, int K, double delta, double* work) {
  const double mass = 1 - K * delta;
  for (int i = 0; i < K; ++i)
    work[i] = x[i] - delta;
  // insertion sort, descending (K is small)
  for (int i = 1; i < K; ++i) {
    const double v = work[i];
    int j = i - 1;
    while (j >= 0 && work[j] < v) {
      work[j + 1] = work[j];
      --j;
    }
    work[j + 1] = v;
  }
  double cum = 0, tau = 0;
  for (int k = 0; k < K; ++k) {
    cum += work[k];
    const double t = (cum - mass) / (k + 1);
    if (k + 1 == K || work[k + 1] <= t) {
      tau = t;
      break;
    }
  }
  for (int i = 0; i < K; ++i) {
    const double y = x[i] - delta - tau;
    x[i] = delta + (y > 0 ? y : 0.0);
  }
}

/// min_i p_i ≥ δ (to rounding) and Σp = 1 (to rounding): p lies in Δ_δ.
DCRV_HD inline bool in_trimmed(const double* p, int K, double delta, double tol = 1e-12) {
  double s = 0;
  for (int i = 0; i < K; ++i) {
    if (!(p[i] >= delta - tol))
      return false;
    s += p[i];
  }
  return ::fabs(s - 1) <= 1e-9;
}

// ---------------------------------------------------------------------------------------------------------
// The chain
// ---------------------------------------------------------------------------------------------------------

struct MinibatchParams {
  double eta = 0.01; // step size η > 0
  long B = 1;        // batch size B ∈ ℕ
  bool project = false;
  double delta = 0; // floor of the projection (when `project`)
};

/// One step of the mini-batch process from p (in place), the noise from `s`:
///   p ← p + η(F(p) + N/B − p),  N ~ Multinomial(B, p)  [then Π_{Δ_δ} when m.project].
/// Without projection a coordinate ≤ 0 (the chain left the open simplex: η too large for the drift) or a
/// non-finite value ends the path (`left_simplex` / `non_finite`); nothing is clipped silently.
template <class Drift>
DCRV_HD PathStatus minibatch_step(rng::Stream& s, const Drift& drift, const MinibatchParams& m, double* p,
                                  int K, StepScratch& w) {
  for (int i = 0; i < K; ++i)
    w.log_p[i] = ::log(p[i]);
  drift.rate(p, w.log_p, K, w.rate);
  rng::multinomial(s, m.B, p, K, w.counts, w.tail);
  const double inv_b = 1.0 / static_cast<double>(m.B);
  for (int i = 0; i < K; ++i)
    p[i] += m.eta * (p[i] * w.rate[i] + static_cast<double>(w.counts[i]) * inv_b - p[i]);
  if (m.project)
    project_trimmed_inplace(p, K, m.delta, w.work);
  for (int i = 0; i < K; ++i) {
    if (!(p[i] == p[i]) || p[i] > 1e300 || p[i] < -1e300)
      return PathStatus::non_finite;
    if (!(p[i] > 0))
      return PathStatus::left_simplex;
  }
  return PathStatus::ok;
}

#if !defined(__CUDACC__)
/// A path that could not go on: it left the simplex or produced a non-finite value. Claims turn it into
/// `inconclusive` with the seed, path and step (never a pass).
class PathBreakdown : public std::runtime_error {
public:
  PathBreakdown(const std::string& what, std::uint64_t seed, std::uint64_t path, long step)
      : std::runtime_error(what + " (seed " + std::to_string(seed) + ", path " + std::to_string(path) +
                           ", step " + std::to_string(step) + ")"),
        seed_(seed), path_(path), step_(step) {}
  std::uint64_t seed() const { return seed_; }
  std::uint64_t path() const { return path_; }
  long step() const { return step_; }

private:
  std::uint64_t seed_, path_;
  long step_;
};

/// Throws PathBreakdown unless `st` is ok.
inline void require_ok(PathStatus st, const char* scheme, std::uint64_t seed, std::uint64_t path, long step) {
  if (st == PathStatus::ok)
    return;
  throw PathBreakdown(std::string(scheme) + (st == PathStatus::left_simplex ? ": the path left the simplex"
                                                                            : ": non-finite state"),
                      seed, path, step);
}

/// Runs path `path` of the chain for `steps` steps from p0 (K values; overwritten with the final state),
/// calling observe(step, p) at step 0 and after every step; observe may return false to stop early. Throws
/// PathBreakdown when the path leaves the simplex.
template <class Drift, class Observe>
void run_minibatch_path(std::uint64_t seed, std::uint64_t path, const Drift& drift, const MinibatchParams& m,
                        double* p, int K, long steps, Observe observe) {
  StepScratch w;
  if (!observe(0L, static_cast<const double*>(p)))
    return;
  for (long t = 0; t < steps; ++t) {
    rng::Stream s(seed, path, static_cast<std::uint64_t>(t));
    require_ok(minibatch_step(s, drift, m, p, K, w), "mini-batch chain", seed, path, t + 1);
    if (!observe(t + 1, static_cast<const double*>(p)))
      return;
  }
}

/// Rejects invalid chain parameters with the reason (std::invalid_argument): B ≥ 1, η > 0 finite, and when
/// projecting, δ ∈ [0, 1/K).
inline void validate(const MinibatchParams& m, int K) {
  if (K < 2 || K > kMaxCategories)
    throw std::invalid_argument("mini-batch chain: K must lie in 2.." + std::to_string(kMaxCategories));
  if (m.B < 1)
    throw std::invalid_argument("mini-batch chain: the batch size B must be a positive integer (got " +
                                std::to_string(m.B) + ")");
  if (!(m.eta > 0) || !std::isfinite(m.eta))
    throw std::invalid_argument("mini-batch chain: the step size eta must be positive and finite");
  if (m.project && !(m.delta >= 0 && m.delta * K < 1))
    throw std::invalid_argument("mini-batch chain: the floor delta must lie in [0, 1/K)");
}
#endif

} // namespace dcrv
