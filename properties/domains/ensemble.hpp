// properties/domains/ensemble.hpp — how an App. J experiment is read as a run of the ensemble engine
// (dcrv/ensemble/), shared by the claim files J_*.cpp:
//   * the configurations of the studies (Study A theory track, Study A⁺ procedural track with its
//     calibration, Study C DCR cells and ablations), encoded in McParams so that a stored witness replays
//     them;
//   * a process-wide cache of ensembles: every claim that reads a configuration reads the same paths (the
//     streams are keyed by (run seed, configuration), not by the claim), computed once per process even when
//     claims run in parallel (--jobs): results are pure functions of the key;
//   * statistics of ensembles: event times with censoring at T (T + 1 = "no event by T"), quantile intervals
//     from order statistics (exact binomial ranks), proportions (Clopper–Pearson), the paper's five seeds
//     beside the N-seed statistic;
//   * figures (the report's pgfplots, reports/claim_figures.hpp): columns of the ensembles' per-checkpoint
//     means ± 1 sd, cluster-simplex trajectories, histograms; the paper's five seeds beside dcrv's statistic.
#pragma once

#include <boost/math/distributions/binomial.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <future>
#include <iomanip>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "dcrv/ensemble/ensemble.hpp"
#include "dcrv/random.hpp"
#include "dcrv/stats.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv::j_ensemble {

using namespace dcrv::ensemble;

/// Paths per budget unit of the App. J experiments: × Context::sizes().paths = 128 (smoke), 1024 (standard),
/// 16384 (deep) seeds per configuration.
inline constexpr double kPathsPerUnit = 16;
/// Checkpoint spacing of the App. J runs (steps): every ensemble carries the per-checkpoint mean and sd of
/// its metrics over all its paths (the report's ribbons) and the trajectories of its first kStoredPaths paths
/// (the cluster-simplex figures). Observation only: the paths themselves do not depend on it.
inline constexpr int kLogEvery = 25;
inline constexpr long kStoredPaths = 4;
/// A strict inequality between two measured means ("lower", "larger") is decided against this resolution:
/// a difference whose interval lies within [−10⁻¹², 10⁻¹²] (e.g. two arms that coincide exactly) does not
/// count as a difference.
inline constexpr double kStrict = 1e-12;

// ---------------------------------------------------------------------------------------------------------
// Configurations <-> McParams
// ---------------------------------------------------------------------------------------------------------

/// Every field of a configuration that the studies vary, as named doubles (the witness stores them).
inline McParams encode(const Config& c, std::uint64_t run_seed) {
  McParams q;
  q.set("run_seed", static_cast<double>(run_seed));
  q.set("method", static_cast<double>(static_cast<int>(c.fit.method)));
  q.set("B", c.B);
  q.set("eta", c.eta);
  q.set("eps", c.eps);
  q.set("lambda", c.metrics.lambda);
  q.set("alpha", c.metrics.alpha);
  q.set("beta", c.metrics.beta);
  q.set("two_lambda_beta", c.fit.two_lambda_beta);
  q.set("gini", static_cast<double>(static_cast<int>(c.metrics.gini)));
  q.set("T", c.T);
  q.set("start", static_cast<double>(static_cast<int>(c.start)));
  q.set("sampler", static_cast<double>(static_cast<int>(c.sampler)));
  q.set("L", c.L);
  q.set("m", c.m);
  q.set("pairs", c.pairs);
  q.set("nu", c.nu);
  q.set("eta_proc", c.eta_proc);
  q.set("match_norm", c.match_norm ? 1 : 0);
  q.set("alignment", c.alignment ? 1 : 0);
  q.set("log_every", c.log_every);
  q.set("floor_policy", c.floor_policy ? 1 : 0);
  q.set("window", c.events.window);
  q.set("floor", c.events.floor);
  q.set("fix_trace", c.events.fix_trace);
  q.set("fix_cluster", c.events.fix_cluster);
  q.set("homog_gini", c.events.homog_gini);
  q.set("homog_mass", c.events.homog_mass);
  // kernels as labels of the 12 traces (fit = the arm's dynamics, eff = K_eff of the metrics, arm)
  for (int i = 0; i < c.u.S; ++i) {
    q.set("kfit" + std::to_string(i), c.fit.kernel.label[i]);
    q.set("karm" + std::to_string(i), c.metrics.arm.label[i]);
  }
  q.set("kfit_n", c.fit.kernel.n_labels);
  q.set("karm_n", c.metrics.arm.n_labels);
  return q;
}
inline Config decode(const McParams& q) {
  Config c;
  c.metrics.eff = make_kernel(c.u, KernelKind::gated);
  c.fit.method = static_cast<Method>(q.integer("method"));
  c.B = q.integer("B");
  c.eta = q("eta");
  c.eps = q("eps");
  c.metrics.lambda = q("lambda");
  c.metrics.alpha = q("alpha");
  c.metrics.beta = q("beta");
  c.fit.two_lambda_beta = q("two_lambda_beta");
  c.metrics.gini = static_cast<GiniKind>(q.integer("gini"));
  c.T = q.integer("T");
  c.start = static_cast<Start>(q.integer("start"));
  c.sampler = static_cast<Sampler>(q.integer("sampler"));
  c.L = q.integer("L");
  c.m = q.integer("m");
  c.pairs = q.integer("pairs");
  c.nu = q("nu");
  c.eta_proc = q("eta_proc");
  c.match_norm = q.integer("match_norm") != 0;
  c.alignment = q.integer("alignment") != 0;
  c.log_every = q.integer("log_every");
  c.floor_policy = q.integer("floor_policy") != 0;
  c.events.window = q.integer("window");
  c.events.floor = q.integer("floor");
  c.events.fix_trace = q("fix_trace");
  c.events.fix_cluster = q("fix_cluster");
  c.events.homog_gini = q("homog_gini");
  c.events.homog_mass = q("homog_mass");
  for (int i = 0; i < c.u.S; ++i) {
    c.fit.kernel.label[i] = q.integer("kfit" + std::to_string(i));
    c.metrics.arm.label[i] = q.integer("karm" + std::to_string(i));
  }
  c.fit.kernel.n_labels = q.integer("kfit_n");
  c.metrics.arm.n_labels = q.integer("karm_n");
  return c;
}
/// Parameters that are not part of the ensemble: the run's backend and the statistic's own parameters
/// (prefix "s_", e.g. a threshold read from a claim constant). They change neither the paths nor the cache.
inline bool is_statistic_param(const std::string& n) {
  return n == "backend_cuda" || n.rfind("s_", 0) == 0;
}
/// Parameters that change what is measured along a path but not the path itself (the event detector, the
/// logging): the stream seed ignores them, so an override of the event floor re-reads the same paths.
inline bool is_observation_param(const std::string& n) {
  return n == "log_every" || n == "alignment" || n == "window" || n == "floor" || n == "fix_trace" ||
         n == "fix_cluster" || n == "homog_gini" || n == "homog_mass" || n == "gini";
}
/// The cache key of (configuration, run seed, path range): every encoded value of the ensemble, exactly.
inline std::string key_of(const McParams& q, long first, long count) {
  std::ostringstream s;
  s << std::setprecision(17);
  for (const auto& [n, v] : q.values())
    if (!is_statistic_param(n))
      s << n << '=' << v << ';';
  s << "first=" << first << ";count=" << count;
  return s.str();
}
/// The stream seed of a configuration: (run seed, dynamics of the configuration) — shared by every claim
/// reading it, whatever it observes.
inline std::uint64_t stream_seed(const McParams& q) {
  std::ostringstream s;
  s << std::setprecision(17);
  for (const auto& [n, v] : q.values())
    if (n != "run_seed" && !is_statistic_param(n) && !is_observation_param(n))
      s << n << '=' << v << ';';
  return rng::derive_seed(static_cast<std::uint64_t>(q("run_seed")), ("J/" + s.str()).c_str());
}

// --- the studies' configurations (App. J §"Experimental Implementation") ---

/// Defaults every study shares: the App. J universe, η = 0.15, T = 5000, the event detector's constants,
/// K_eff = gated cluster kernel.
inline Config base_config() {
  Config c;
  c.u = app_j_universe();
  c.eta = 0.15;
  c.T = 5000;
  c.log_every = kLogEvery;
  c.metrics.eff = c.metrics.arm = c.fit.kernel = make_kernel(c.u, KernelKind::gated);
  return c;
}
/// Study A's nonzero barrier ε = 3·10⁻⁴ (App. J: ε ∈ {0, 3·10⁻⁴}); the DCR runs' ε_barrier = 10⁻⁴.
inline double study_a_barrier() {
  return 3e-4;
}
inline double study_c_barrier() {
  return 1e-4;
}
/// Study A theory track: method, batch size B, barrier ε.
inline Config study_a(Method m, int B, double eps) {
  Config c = base_config();
  c.fit.method = m;
  c.B = B;
  c.eps = eps;
  return c;
}
/// Study C (the paper's "Study B" of the implementation section): DCR at (α, β), λ = 1, B = 128, η = 0.15,
/// ε = ε_barrier + λα, the arm's kernel (gated K_eff for DCR; β = 0 for Entropy-only).
inline Config study_c(double alpha, double beta, KernelKind kernel = KernelKind::gated,
                      double eps_barrier = study_c_barrier(), double lambda = 1, int B = 128) {
  Config c = base_config();
  c.fit.method = Method::dcr;
  c.B = B;
  c.eps = eps_barrier + lambda * alpha;
  c.metrics.lambda = lambda;
  c.metrics.alpha = alpha;
  c.metrics.beta = beta;
  c.fit.two_lambda_beta = 2 * lambda * beta;
  c.fit.kernel = c.metrics.arm = make_kernel(c.u, kernel);
  return c;
}
inline const std::vector<double>& alpha_grid() {
  static const std::vector<double> g = {0.02, 0.05, 0.10};
  return g;
}
inline const std::vector<double>& beta_grid() {
  static const std::vector<double> g = {0.10, 0.25, 0.50, 0.75};
  return g;
}

/// Study A⁺ procedural track at batch size B: L = B (STaR), m = B/2 (GRPO: m ∈ {8, 16, 32} for B ∈ {16, 32,
/// 64}), pairs = B/2 consecutive draws (DPO), the batch drawn trace by trace; the theory companion at ε = 0.
/// `per_step_norm`: DPO's "adaptive scaling" as a per-step match of ‖Δp‖₂ to the theory step (literal) or a
/// global calibrated η (reading).
inline Config procedural(Method m, int B, bool per_step_norm = true) {
  Config c = base_config();
  c.fit.method = m;
  c.B = B;
  c.eps = 0;
  c.sampler = Sampler::categorical;
  c.L = B;
  c.m = B / 2;
  c.pairs = B / 2;
  c.alignment = true;
  c.match_norm = m == Method::proc_dpo && per_step_norm;
  return c;
}
/// The theory track that a procedural configuration is overlaid with: same B, the batch drawn trace by trace
/// from the same streams (common random numbers).
inline Config theory_companion(const Config& proc) {
  Config c = proc;
  c.fit.method = theory_of(proc.fit.method);
  c.alignment = false;
  c.match_norm = false;
  return c;
}
/// The calibration stream of the procedural tracks: a fixed seed of its own, the same under every --seed
/// (DESIGN.md "Verdicts of stochastic claims": a calibrated quantity belongs to the experiment, not to the
/// run's seed).
inline constexpr std::uint64_t kCalibrationSeed = 0x43414c4942ULL; // "CALIB"
/// The anchor sets of the calibration (App. J: "a small set of anchor states", not given): the setup choice
/// "calibration anchors" of the claims whose verdict could depend on it.
enum class Anchors { uniform_and_dirichlet = 0, other_draws = 1, uniform_only = 2 };
inline std::vector<SetupValue> anchor_setups() {
  return {{"uniform + 7 Dirichlet(1) draws (calibration stream A)", 0},
          {"uniform + 7 Dirichlet(1) draws (calibration stream B)", 1},
          {"the uniform state only", 2}};
}
inline const char* kAnchorsWhy =
    "App. J calibrates eta_proc 'on a small set of anchor states' and names neither the states nor how many";
/// The calibration of a procedural configuration (J.proc-calibration): 8 anchors (the uniform policy and 7
/// Dirichlet(1) draws) × 32 batches from the calibration stream, or the uniform anchor alone × 256 batches.
inline Calibration calibration_of(const Config& proc, Anchors a = Anchors::uniform_and_dirichlet) {
  switch (a) {
  case Anchors::other_draws:
    return calibrate(proc, rng::derive_seed(kCalibrationSeed, "J/calibration/B"), 8, 32);
  case Anchors::uniform_only:
    return calibrate(proc, rng::derive_seed(kCalibrationSeed, "J/calibration"), 1, 256);
  default:
    return calibrate(proc, rng::derive_seed(kCalibrationSeed, "J/calibration"), 8, 32);
  }
}

// --- setups of the J experiments (values App. J leaves open) ---

/// The initial policy (App. J never states p_0): uniform over the 12 traces, or a Dirichlet(1) draw per run.
inline std::vector<SetupValue> start_setups() {
  return {{"uniform", static_cast<double>(static_cast<int>(Start::uniform))},
          {"Dirichlet(1) per run", static_cast<double>(static_cast<int>(Start::dirichlet))}};
}
inline const char* kStartWhy = "App. J gives no initial policy for any study";
/// The setup's initial policy (uniform where the claim declares no such choice).
inline Start start_of(const Setup& s) {
  return s.has("initial policy") ? static_cast<Start>(std::lround(s("initial policy"))) : Start::uniform;
}

// ---------------------------------------------------------------------------------------------------------
// The ensemble cache
// ---------------------------------------------------------------------------------------------------------

/// The backend of the J experiments: "cuda" when the run resolved --backend to cuda (Context::backend,
/// carried in the parameters as backend_cuda), else "cpu".
inline std::string ensemble_backend(const McParams& q) {
  return q.has("backend_cuda") && q("backend_cuda") != 0 ? "cuda" : "cpu";
}
/// The experiment's parameters: the configuration, the run seed and the backend of the context.
inline McParams params_for(const Config& c, const Context& ctx) {
  McParams q = encode(c, ctx.seed);
  q.set("backend_cuda", ctx.backend == "cuda" ? 1 : 0);
  return q;
}
/// The parameters of configuration c (params_for) with the claim's constant `name` carried as the statistic
/// parameter "s_<name>": an override of the constant reaches the statistic, not the paths.
inline std::function<McParams(const Context&)> params_with_constant(Config c, std::string name) {
  return [c, name](const Context& ctx) {
    McParams q = params_for(c, ctx);
    q.set("s_" + name, ctx.constant(name));
    return q;
  };
}

/// The parameters of another configuration read in the same run as q (its run seed, backend and initial
/// policy: a setup's initial policy holds for every configuration its experiment reads).
inline McParams params_like(const McParams& q, const Config& c) {
  McParams r = encode(c, static_cast<std::uint64_t>(q("run_seed")));
  if (q.has("backend_cuda"))
    r.set("backend_cuda", q("backend_cuda"));
  if (q.has("start"))
    r.set("start", q("start"));
  return r;
}

/// The value computed under `key`, once per process: thread-safe; concurrent requests for the same key wait
/// for one computation; a failed computation is not remembered.
template <class T, class F> std::shared_ptr<const T> cached_value(const std::string& key, F compute) {
  using Ptr = std::shared_ptr<const T>;
  static std::mutex mu;
  static std::map<std::string, std::shared_future<Ptr>> cache;
  std::promise<Ptr> promise;
  std::shared_future<Ptr> fut;
  bool mine = false;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(key);
    if (it == cache.end()) {
      fut = promise.get_future().share();
      cache.emplace(key, fut);
      mine = true;
    } else {
      fut = it->second;
    }
  }
  if (mine) {
    try {
      promise.set_value(std::make_shared<const T>(compute()));
    } catch (...) {
      promise.set_exception(std::current_exception());
      std::lock_guard<std::mutex> lock(mu);
      cache.erase(key);
      throw;
    }
  }
  return fut.get();
}
/// Records the ensemble's paths, and the failed ones with the first's stream seed, path and step, for the
/// measurement running on this thread (stochastic.hpp note_paths): a statistic over them is inconclusive.
inline void note_failures(const EnsembleResult& r) {
  long failed = 0;
  std::string first;
  for (std::size_t k = 0; k < r.paths.size(); ++k)
    if (r.paths[k].status != 0) {
      if (failed++ == 0)
        first = "stream seed " + std::to_string(r.seed) + ", path " +
                std::to_string(r.first + static_cast<long>(k)) + ", step " +
                std::to_string(r.paths[k].bad_step);
    }
  note_paths(static_cast<long>(r.paths.size()), failed, first);
}
/// Paths [first, first + count) of the configuration encoded in q (streams: stream_seed(q)), computed once
/// per process (the per-checkpoint moments over all paths and the first kStoredPaths trajectories kept);
/// their failures are recorded for the running measurement (note_failures).
inline std::shared_ptr<const EnsembleResult> ensemble_of(const McParams& q, long first, long count) {
  auto r = cached_value<EnsembleResult>(key_of(q, first, count), [&] {
    return run_ensemble(decode(q), stream_seed(q), first, count, ensemble_backend(q), default_threads(),
                        kStoredPaths);
  });
  note_failures(*r);
  return r;
}
/// The paper's five seeds {101, …, 505} under dcrv's streams (path 0 of each seed): the "paper column",
/// computed once per process and configuration.
inline std::shared_ptr<const std::vector<PathSummary>> five_of(const McParams& q) {
  return cached_value<std::vector<PathSummary>>("five;" + key_of(q, 0, 0),
                                                [&] { return run_seeds(decode(q), paper_seeds()); });
}

// ---------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------

/// Event time with censoring: the time, or T + 1 when no event happened by T.
inline double censored(int t, int T) {
  return t >= 0 ? static_cast<double>(t) : static_cast<double>(T + 1);
}
inline std::vector<double> event_times(const std::vector<PathSummary>& ps, bool fixation, int T,
                                       EventReading r = event_trailing) {
  std::vector<double> x;
  x.reserve(ps.size());
  for (const auto& p : ps)
    x.push_back(censored(fixation ? p.fix[r] : p.homog[r], T));
  return x;
}

/// The q-quantile of x with a distribution-free interval from order statistics: ranks from Binomial(n, q)
/// at level 1 − α (exact, conservative). Estimate: the order statistic of rank ⌈nq⌉.
inline stats::Interval quantile_interval(std::vector<double> x, double q, double alpha) {
  stats::Interval iv;
  const long n = static_cast<long>(x.size());
  iv.n = n;
  if (n == 0) {
    iv.estimate = iv.lo = iv.hi = std::nan("");
    iv.method = "order statistics (no data)";
    return iv;
  }
  std::sort(x.begin(), x.end());
  const long k = std::clamp<long>(static_cast<long>(std::ceil(n * q)), 1, n);
  iv.estimate = x[static_cast<std::size_t>(k - 1)];
  boost::math::binomial_distribution<double> bin(static_cast<double>(n), q);
  // lower rank l: P(Bin < l) ≤ α/2; upper rank u: P(Bin ≥ u) ≤ α/2
  long l = static_cast<long>(boost::math::quantile(bin, alpha / 2));
  long u = static_cast<long>(boost::math::quantile(boost::math::complement(bin, alpha / 2))) + 1;
  l = std::clamp<long>(l, 1, n);
  u = std::clamp<long>(u, 1, n);
  iv.lo = x[static_cast<std::size_t>(l - 1)];
  iv.hi = x[static_cast<std::size_t>(u - 1)];
  std::ostringstream m;
  m << "order statistics, ranks " << l << ".." << u << " of " << n << " (exact binomial)";
  iv.method = m.str();
  return iv;
}
inline stats::Interval median_interval(std::vector<double> x, double alpha) {
  return quantile_interval(std::move(x), 0.5, alpha);
}
/// P(event) from k of n runs (Clopper–Pearson).
inline stats::Interval proportion(long k, long n, double alpha) {
  return stats::clopper_pearson(k, n, alpha);
}
/// Runs whose state stopped being a finite probability vector (PathSummary::status ≠ 0).
inline long failed_runs(const std::vector<PathSummary>& ps) {
  long f = 0;
  for (const auto& p : ps)
    f += p.status != 0;
  return f;
}
/// How a statistic treats failed runs when it brackets them (the McResult::censoring text).
inline std::string bracketing_text(long failed, const std::string& how) {
  return std::to_string(failed) + " failed run(s) " + how +
         ": the interval is the union of the two, so it covers whatever those runs would have given";
}
/// P(pred) over the runs (Clopper–Pearson). Failed runs are bracketed: counted as not holding for the lower
/// bound and as holding for the upper bound (the union of the two intervals).
template <class F>
stats::Interval proportion_where(const std::vector<PathSummary>& ps, double alpha, F pred) {
  long k = 0, f = 0;
  for (const auto& p : ps) {
    if (p.status != 0)
      ++f;
    else
      k += pred(p) ? 1 : 0;
  }
  const long n = static_cast<long>(ps.size());
  if (f == 0)
    return proportion(k, n, alpha);
  stats::Interval lo = proportion(k, n, alpha), hi = proportion(k + f, n, alpha);
  lo.hi = hi.hi;
  lo.estimate = (static_cast<double>(k) + 0.5 * static_cast<double>(f)) / static_cast<double>(n);
  lo.method += ", " + std::to_string(f) + " failed run(s) counted both ways";
  return lo;
}
/// Indices (path numbers) of runs where pred holds: the replayable runs of a universal claim's violations.
template <class F> std::string runs_where(const EnsembleResult& r, F pred, int max_listed = 8) {
  std::ostringstream s;
  int listed = 0;
  long total = 0;
  for (std::size_t k = 0; k < r.paths.size(); ++k)
    if (pred(r.paths[k])) {
      ++total;
      if (listed < max_listed) {
        s << (listed ? ", " : "") << (r.first + static_cast<long>(k));
        ++listed;
      }
    }
  if (total == 0)
    return "none";
  std::ostringstream out;
  out << total << " run(s), paths " << s.str() << (total > listed ? ", ..." : "") << " (stream seed "
      << r.seed << ")";
  return out.str();
}
template <class F> std::vector<double> values_of(const std::vector<PathSummary>& ps, F f) {
  std::vector<double> x;
  x.reserve(ps.size());
  for (const auto& p : ps)
    x.push_back(f(p));
  return x;
}
inline double mean_of(const std::vector<double>& x) {
  double s = 0;
  for (double v : x)
    s += v;
  return x.empty() ? std::nan("") : s / static_cast<double>(x.size());
}
inline std::string num(double x, int digits = 4) {
  std::ostringstream s;
  s << std::setprecision(digits) << x;
  return s.str();
}
inline std::string interval_text(const stats::Interval& iv) {
  return num(iv.estimate) + " [" + num(iv.lo) + ", " + num(iv.hi) + "] (" + iv.method + ", " +
         std::to_string(iv.n) + " seeds)";
}
/// The paper's five seeds as text: "v1 v2 v3 v4 v5".
inline std::string five_text(const std::vector<double>& five) {
  std::string s;
  for (double v : five) {
    if (!s.empty())
      s += ' ';
    s += num(v);
  }
  return s;
}
/// Records the paper's value beside dcrv's for a measurement m: the detail "paper beside dcrv" of the
/// experiment's evidence line and a row of the report's table "the paper's value beside dcrv's" (series key
/// "paper_beside/…", reports/claim_figures.hpp): the paper's (five-seed) value, dcrv's value on the seeds
/// 101..505 (`five`, as text) and dcrv's estimate over all the seeds with its interval. `experiment`: the
/// seed the engine gives the experiment (one per claim and experiment label), which keys the row.
inline void note_paper(McResult& m, std::uint64_t experiment, const std::string& paper,
                       const std::string& five) {
  const std::string text = "paper (5 seeds): " + paper + "; dcrv with seeds 101..505: " + five +
                           "; dcrv over " + std::to_string(m.interval.n) +
                           " seeds: " + interval_text(m.interval);
  m.details["paper beside dcrv"] = text;
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  m.series["paper_beside/" + std::to_string(experiment)] = {
      {"statistic", m.name},
      {"paper", paper},
      {"five", five},
      {"dcrv", num(m.interval.estimate) + " [" + num(m.interval.lo) + ", " + num(m.interval.hi) + "], " +
                   std::to_string(m.interval.n) + " seeds"},
      {"line", text}};
}
/// dcrv's side of a difference of the mean of f between configurations a and b read in the same run (the
/// `five` of note_paper): each one's mean over the paper's five seeds, labelled la and lb, then the means xa,
/// xb over all the seeds.
template <class F>
std::string difference_five(const std::string& la, const McParams& qa, const std::string& lb,
                            const McParams& qb, F f, const std::vector<double>& xa,
                            const std::vector<double>& xb) {
  return la + " " + num(mean_of(values_of(*five_of(qa), f))) + ", " + lb + " " +
         num(mean_of(values_of(*five_of(qb), f))) + " (means; over all seeds " + num(mean_of(xa)) + " vs " +
         num(mean_of(xb)) + ")";
}

/// Mean pairwise Jensen–Shannon divergence over disjoint pairs (2k, 2k+1) of final policies, with its
/// interval (the pairs are independent).
inline stats::Interval between_seed_jsd(const std::vector<PathSummary>& ps, double alpha) {
  std::vector<double> d;
  for (std::size_t k = 0; k + 1 < ps.size(); k += 2)
    d.push_back(js_divergence(ps[k].p_final, ps[k + 1].p_final, app_j_universe().S));
  return stats::mean_interval(d, alpha);
}
/// Number of clusters retained at the end (mass ≥ threshold).
inline int coverage_of(const PathSummary& p, double threshold) {
  int k = 0;
  for (int c = 0; c < 3; ++c)
    k += p.final_metric[metric_mass_a + c] >= threshold ? 1 : 0;
  return k;
}

// ---------------------------------------------------------------------------------------------------------
// Measurements of the J experiments: the ensemble of the experiment's configuration (cached), the paper's
// five seeds beside it, one statistic with its interval.
// ---------------------------------------------------------------------------------------------------------

/// What a J statistic reads: the N-seed ensemble, the paper's five seeds (path 0 of seeds 101..505), the
/// decoded configuration, the parameters (statistic parameters "s_*" included), the level and the engine's
/// seed of the experiment (which names its records, not its paths).
struct JData {
  const EnsembleResult& r;
  const std::vector<PathSummary>& five;
  const Config& c;
  const McParams& q;
  double alpha;
  std::uint64_t experiment;
};
using JStat = std::function<McResult(const JData&)>;
/// A McMeasure from a statistic of the configuration's ensemble (the seed argument of the engine does not
/// seed the paths: the streams are keyed by the run seed stored in the parameters and by the configuration,
/// so every claim reading a configuration reads the same paths, and a stored witness replays them; it only
/// keys the experiment's records, JData::experiment).
inline McMeasure ensemble_measure(JStat f) {
  return [f](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
    const auto r = ensemble_of(q, first, count);
    const Config c = decode(q);
    const auto five = five_of(q);
    return f(JData{*r, *five, c, q, alpha, experiment});
  };
}
/// The fraction of runs where pred holds (Clopper–Pearson), the paper's five seeds beside it, and the runs
/// where it holds (replayable: path numbers under the stream seed).
template <class F>
McResult fraction_stat(const JData& d, std::string name, const std::string& paper, F pred) {
  McResult m;
  m.name = std::move(name);
  m.interval = proportion_where(d.r.paths, d.alpha, pred);
  if (const long f = failed_runs(d.r.paths); f > 0)
    m.censoring = bracketing_text(f, "counted as not holding (lower bound) and as holding (upper bound)");
  note_paper(m, d.experiment, paper,
             five_text(values_of(d.five, [&](const PathSummary& p) { return pred(p) ? 1.0 : 0.0; })));
  m.details["runs where it holds"] = runs_where(d.r, pred);
  return m;
}
/// The values of f over the runs, a failed run's value replaced by `failed_value` (±∞: bracketing).
template <class F>
std::vector<double> values_bracketed(const std::vector<PathSummary>& ps, F f, double failed_value) {
  std::vector<double> x;
  x.reserve(ps.size());
  for (const auto& p : ps)
    x.push_back(p.status != 0 ? failed_value : f(p));
  return x;
}
/// The q-quantile interval of f over the runs, failed runs bracketed (−∞ for the lower bound, +∞ for the
/// upper bound).
template <class F>
stats::Interval quantile_bracketed(const std::vector<PathSummary>& ps, F f, double qtl, double alpha) {
  const double inf = std::numeric_limits<double>::infinity();
  if (failed_runs(ps) == 0)
    return quantile_interval(values_of(ps, f), qtl, alpha);
  stats::Interval lo = quantile_interval(values_bracketed(ps, f, -inf), qtl, alpha),
                  hi = quantile_interval(values_bracketed(ps, f, inf), qtl, alpha);
  lo.hi = hi.hi;
  if (!std::isfinite(lo.estimate))
    lo.estimate = hi.estimate;
  lo.method += ", " + std::to_string(failed_runs(ps)) + " failed run(s) at -inf and +inf";
  return lo;
}
/// The q-quantile of a per-run value (order statistics), the paper's five seeds beside it; failed runs
/// bracketed (quantile_bracketed).
template <class F>
McResult quantile_stat(const JData& d, std::string name, const std::string& paper, double qtl, F value) {
  McResult m;
  m.name = std::move(name);
  m.interval = quantile_bracketed(d.r.paths, value, qtl, d.alpha);
  if (const long f = failed_runs(d.r.paths); f > 0)
    m.censoring = bracketing_text(f, "placed at -inf (lower bound) and +inf (upper bound)");
  note_paper(m, d.experiment, paper, five_text(values_of(d.five, value)));
  return m;
}
/// The mean of a per-run value (Student t), the paper's five seeds beside it.
template <class F> McResult mean_stat(const JData& d, std::string name, const std::string& paper, F value) {
  McResult m;
  m.name = std::move(name);
  m.interval = stats::mean_interval(values_of(d.r.paths, value), d.alpha);
  note_paper(m, d.experiment, paper, five_text(values_of(d.five, value)));
  return m;
}
// ---------------------------------------------------------------------------------------------------------
// The paper's protocol: a number reported over the five seeds {101, …, 505} (DESIGN.md "Readings, setups,
// findings"). The claim is judged on the sampling law of that five-seed statistic, estimated from the
// ensemble: P = P(the protocol reports a value in the stated range), with a confidence interval.
// ---------------------------------------------------------------------------------------------------------

inline constexpr int kPaperSeedCount = 5;
/// The decision rule of a protocol claim: the claim's side is P ≥ level (the constant "protocol_level",
/// default 1 %): falsified when the upper confidence bound of P is below the level (the paper's protocol
/// would report a value in its range less than once in a hundred repetitions), verified when the lower bound
/// is above it, inconclusive otherwise.
inline constexpr double kProtocolLevel = 0.01;
inline std::string protocol_rule(double level) {
  return "falsified when the upper confidence bound of P(the five-seed protocol reports a value in the "
         "stated range) is below " +
         num(level) + ", verified when its lower bound is above " + num(level) + ", inconclusive otherwise";
}
/// P(median of 5 i.i.d. draws ∈ [a, b]) under the law of x, with an interval at level 1 − α: the median of
/// five is ≤ v iff at least 3 draws are, so P = h(F(b)) − h(F(a⁻)), h(u) = Σ_{k≥3} C(5,k) u^k (1−u)^{5−k}
/// increasing; F(b) and F(a⁻) get Clopper–Pearson intervals at α/2 each (exact, conservative).
inline stats::Interval protocol_median_probability(const std::vector<double>& x, double a, double b,
                                                   double alpha, const std::vector<bool>& failed = {}) {
  const long n = static_cast<long>(x.size());
  if (a > b) { // an empty range: the protocol never reports a value in it
    stats::Interval none;
    none.n = n;
    none.method = "empty range";
    return none;
  }
  // failed runs (failed[i]) are bracketed: counted below a and b for one bound, above them for the other
  long kb = 0, ka = 0, f = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (i < failed.size() && failed[i]) {
      ++f;
      continue;
    }
    kb += x[i] <= b;
    ka += x[i] < a;
  }
  auto h = [](double u) {
    const double w = 1 - u;
    return 10 * u * u * u * w * w + 5 * u * u * u * u * w + u * u * u * u * u;
  };
  const stats::Interval fb = stats::clopper_pearson(kb, n, alpha / 2),
                        fa = stats::clopper_pearson(ka, n, alpha / 2),
                        fb_f = stats::clopper_pearson(kb + f, n, alpha / 2),
                        fa_f = stats::clopper_pearson(ka + f, n, alpha / 2);
  stats::Interval iv;
  iv.n = n;
  iv.estimate = std::max(0.0, h(fb.estimate) - h(fa.estimate));
  iv.lo = std::max(0.0, h(fb.lo) - h(fa_f.hi));
  iv.hi = std::clamp(h(fb_f.hi) - h(fa.lo), 0.0, 1.0);
  iv.method = "median of 5 from the empirical law of " + std::to_string(n) +
              " runs (Clopper-Pearson bounds of F(b) and F(a-))" +
              (f > 0 ? ", " + std::to_string(f) + " failed run(s) bracketed" : std::string());
  return iv;
}
/// P(stat of 5 runs ∈ [a, b]) from ⌊n/5⌋ disjoint groups of five consecutive runs (Clopper–Pearson).
template <class Stat>
stats::Interval protocol_group_probability(const std::vector<double>& x, Stat stat5, double a, double b,
                                           double alpha) {
  if (a > b) {
    stats::Interval none;
    none.n = static_cast<long>(x.size()) / kPaperSeedCount;
    none.method = "empty range";
    return none;
  }
  long k = 0, g = 0;
  for (std::size_t i = 0; i + kPaperSeedCount <= x.size(); i += kPaperSeedCount, ++g) {
    const std::vector<double> five(x.begin() + static_cast<long>(i),
                                   x.begin() + static_cast<long>(i + kPaperSeedCount));
    const double v = stat5(five);
    k += v >= a && v <= b;
  }
  stats::Interval iv = stats::clopper_pearson(k, g, alpha);
  iv.method = "Clopper-Pearson over " + std::to_string(g) + " disjoint groups of five runs";
  return iv;
}
inline double median_of_five(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
/// The McResult of a claim about a number the paper reports over its five seeds: the record
/// Outcome::protocol (claim.hpp) — the probability that the protocol reports a value in [a, b] with its
/// interval, the decision rule, the population value with its interval and the paper's own seeds 101..505 —
/// and the deciding statistic: the probability when `decides` (the protocol's law is bounded tightly enough
/// at the claim's level, as for the median of five), else the population value, the protocol beside it.
/// `population_name`: what the population interval estimates.
inline McResult protocol_result(std::uint64_t experiment, double alpha, const std::string& statistic,
                                const std::string& range, double a, double b,
                                const stats::Interval& probability, const std::string& population_name,
                                const stats::Interval& population, const std::vector<double>& five,
                                double five_value, double level, const std::string& paper, bool decides) {
  McResult m;
  const std::string pname = "P(the five-seed " + statistic + " lies in " + range + ")";
  m.name = decides ? pname : population_name;
  m.interval = decides ? probability : population;
  const bool five_in = five_value >= a && five_value <= b;
  m.details[decides ? "population value" : "paper's protocol"] =
      decides ? population_name + " " + interval_text(population)
              : pname + " = " + num(probability.estimate) + " [" + num(probability.lo) + ", " +
                    num(probability.hi) + "] (" + probability.method + ")";
  m.details["paper's seeds 101..505"] =
      five_text(five) + " -> " + num(five_value) + (five_in ? " (in the range)" : " (outside the range)");
  // Why the population value decides otherwise: with G disjoint groups the Clopper–Pearson upper bound of
  // P at the claim's confidence is at least its value at zero groups in the range, 1 − (α/2)^{1/G}; when
  // that floor exceeds the level, no outcome of these runs can apply the protocol's rule (falsified below
  // the level), so the protocol cannot decide and is recorded beside the population value.
  const double floor_hi = stats::clopper_pearson(0, std::max<long>(probability.n, 1), alpha).hi;
  const std::string rule =
      decides
          ? protocol_rule(level)
          : "the population value decides (its interval against the stated range): the protocol's law "
            "is estimated from " +
                std::to_string(probability.n) +
                " disjoint groups, and with that many groups the upper confidence bound of P at level 1 - " +
                num(alpha) + " is at least " + num(floor_hi) +
                " even when no group reports a value in the range, " +
                (floor_hi > level ? "above" : "not above (at this budget only)") + " the protocol's level " +
                num(level) + " (deciding by the protocol would need about " +
                num(std::ceil(std::log(2 / alpha) / level)) +
                " groups), so its law is recorded beside the population value";
  m.details["decision rule"] = rule;
  note_paper(m, experiment, paper, five_text(five) + " -> " + num(five_value));
  m.protocol = {
      {"statistic", statistic + " over " + std::to_string(kPaperSeedCount) + " seeds"},
      {"range", {a, b < 1e300 ? b : a}},
      {"seeds", kPaperSeedCount},
      {"probability",
       {{"estimate", probability.estimate},
        {"lo", probability.lo},
        {"hi", probability.hi},
        {"confidence", 1 - alpha},
        {"method", probability.method}}},
      {"decides", decides},
      {"rule", rule},
      {"population",
       {{"statistic", population_name},
        {"estimate", population.estimate},
        {"lo", population.lo},
        {"hi", population.hi},
        {"runs", population.n},
        {"method", population.method}}},
      {"paper_seeds",
       {{"seeds", paper_seeds()}, {"values", five}, {"statistic", five_value}, {"in_range", five_in}}}};
  if (b >= 1e300)
    m.protocol["range"] = {a, nullptr};
  return m;
}

/// Cluster masses of the final policy and their minimum / maximum.
inline double final_min_cluster(const PathSummary& p) {
  return std::min(
      {p.final_metric[metric_mass_a], p.final_metric[metric_mass_b], p.final_metric[metric_mass_c]});
}
inline double final_max_cluster(const PathSummary& p) {
  return std::max(
      {p.final_metric[metric_mass_a], p.final_metric[metric_mass_b], p.final_metric[metric_mass_c]});
}
/// ‖q_T − q_floor‖₁ of the distribution within the correct set, q = p|_𝒞 / ρ: the drift among correct traces
/// after the event floor.
inline double correct_drift(const PathSummary& p) {
  const Universe u = app_j_universe();
  double a = 0, b = 0, d = 0;
  for (int i = 0; i < u.S; ++i)
    if (u.correct(i))
      a += p.p_final[i], b += p.p_floor[i];
  if (!(a > 0) || !(b > 0))
    return 0;
  for (int i = 0; i < u.S; ++i)
    if (u.correct(i))
      d += std::abs(p.p_final[i] / a - p.p_floor[i] / b);
  return d;
}

// ---------------------------------------------------------------------------------------------------------
// Figures (reports/claim_figures.hpp)
// ---------------------------------------------------------------------------------------------------------

/// Columns of an ensemble's checkpoint moments (EnsembleResult::series_mean / series_sd, over all its paths):
/// "<prefix>t" (steps) and, for `metric`, "<prefix><name>" (mean), "<prefix><name>_lo" and
/// "<prefix><name>_hi" (mean ∓ 1 sd); log10: the moments of log10 of the metric. False (nothing added) when
/// the ensemble has no moments.
inline bool add_moment_columns(nlohmann::json& series, const EnsembleResult& r, const Config& c,
                               const std::string& prefix, int metric, const std::string& name,
                               bool log10 = false) {
  const int cp = checkpoints(c);
  const auto& mean = log10 ? r.series_log_mean : r.series_mean;
  const auto& sd = log10 ? r.series_log_sd : r.series_sd;
  if (cp == 0 || mean.size() != static_cast<std::size_t>(cp) * kMetrics || sd.size() != mean.size())
    return false;
  nlohmann::json t = nlohmann::json::array(), mu = nlohmann::json::array(), lo = nlohmann::json::array(),
                 hi = nlohmann::json::array();
  for (int j = 0; j < cp; ++j) {
    const double m = mean[static_cast<std::size_t>(j) * kMetrics + metric],
                 s = sd[static_cast<std::size_t>(j) * kMetrics + metric];
    t.push_back(j * c.log_every);
    mu.push_back(m), lo.push_back(m - s), hi.push_back(m + s);
  }
  series[prefix + "t"] = t;
  series[prefix + name] = mu;
  series[prefix + name + "_lo"] = lo;
  series[prefix + name + "_hi"] = hi;
  return true;
}
/// One axis of lines y[j] against x with their ±1 sd ribbons (columns y_lo, y_hi as add_moment_columns
/// writes).
inline nlohmann::json ribbon_axis(const std::string& title, const std::string& x,
                                  const std::vector<std::string>& ys, const std::vector<std::string>& legend,
                                  const std::string& xlabel, const std::string& ylabel) {
  nlohmann::json bands = nlohmann::json::array();
  for (const auto& y : ys)
    bands.push_back({{"lo", y + "_lo"}, {"hi", y + "_hi"}});
  return {{"title", title},   {"x", x},           {"y", ys},         {"legend", legend},
          {"xlabel", xlabel}, {"ylabel", ylabel}, {"style", "line"}, {"bands", bands}};
}
/// Columns of the cluster-mass trajectories for a ternary (cluster-simplex) axis: the ensemble's mean masses
/// ("<prefix>mean_a/b/c") and its stored paths ("<prefix>a<k>", …, k < kStoredPaths), at the checkpoints.
/// Returns the legend entries (empty when the ensemble has no series).
inline std::vector<std::string> add_simplex_columns(nlohmann::json& series, const EnsembleResult& r,
                                                    const Config& c, const std::string& prefix) {
  const int cp = checkpoints(c);
  const std::size_t per_path = static_cast<std::size_t>(cp) * kMetrics;
  std::vector<std::string> legend;
  if (cp == 0 || r.series_mean.size() != per_path)
    return legend;
  const char* abc[3] = {"a", "b", "c"};
  auto column = [&](const double* x, int k) {
    nlohmann::json col = nlohmann::json::array();
    for (int j = 0; j < cp; ++j)
      col.push_back(x[static_cast<std::size_t>(j) * kMetrics + metric_mass_a + k]);
    return col;
  };
  for (int k = 0; k < 3; ++k)
    series[prefix + "mean_" + abc[k]] = column(r.series_mean.data(), k);
  legend.push_back("mean masses (" + std::to_string(r.paths.size()) + " seeds)");
  const long stored =
      std::min<long>(r.series_paths, static_cast<long>(r.series.size() / std::max<std::size_t>(1, per_path)));
  for (long p = 0; p < stored; ++p) {
    for (int k = 0; k < 3; ++k)
      series[prefix + abc[k] + std::to_string(p)] = column(r.series.data() + p * per_path, k);
    legend.push_back("path " + std::to_string(r.first + p));
  }
  return legend;
}
/// The ternary axis over the columns add_simplex_columns wrote (n = its legend's size), the event floor and
/// the horizon marked.
inline nlohmann::json simplex_axis(const std::string& title, const std::string& prefix,
                                   const std::vector<std::string>& legend, const Config& c) {
  nlohmann::json a = nlohmann::json::array(), b = nlohmann::json::array(), cc = nlohmann::json::array();
  a.push_back(prefix + "mean_a"), b.push_back(prefix + "mean_b"), cc.push_back(prefix + "mean_c");
  for (std::size_t p = 0; p + 1 < legend.size(); ++p) {
    a.push_back(prefix + "a" + std::to_string(p));
    b.push_back(prefix + "b" + std::to_string(p));
    cc.push_back(prefix + "c" + std::to_string(p));
  }
  const int last = checkpoints(c) - 1;
  return {{"kind", "ternary"},
          {"title", title},
          {"a", a},
          {"b", b},
          {"c", cc},
          {"legend", legend},
          {"corners", {"$A$", "$B$", "$C$"}},
          {"mark_rows", {c.events.floor / c.log_every, last}},
          {"mark_legend",
           {"step " + std::to_string(c.events.floor), "step " + std::to_string(last * c.log_every)}}};
}
/// The cluster-simplex figure of an ensemble (fig:strategy-simplex): its mean masses and stored paths.
inline void add_simplex_figure(McResult& m, const EnsembleResult& r, const Config& c,
                               const std::string& prefix, const std::string& title) {
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  const auto legend = add_simplex_columns(m.series, r, c, prefix);
  if (!legend.empty())
    m.series["figures"].push_back(simplex_axis(title, prefix, legend, c));
}
/// Equal-width histogram of x over [lo, hi]: columns "<prefix>x" (bin centres) and "<prefix>n" (counts).
inline void add_histogram_columns(nlohmann::json& series, const std::vector<double>& x, double lo, double hi,
                                  int bins, const std::string& prefix) {
  std::vector<double> n(static_cast<std::size_t>(bins), 0.0);
  nlohmann::json centre = nlohmann::json::array();
  const double w = (hi - lo) / bins;
  for (double v : x)
    if (std::isfinite(v))
      n[static_cast<std::size_t>(std::clamp(static_cast<int>((v - lo) / w), 0, bins - 1))] += 1;
  for (int b = 0; b < bins; ++b)
    centre.push_back(lo + (b + 0.5) * w);
  series[prefix + "x"] = centre;
  series[prefix + "n"] = n;
}
} // namespace dcrv::j_ensemble
