// lib/src/ensemble_cpu.cpp — the cpu backend of the ensemble engine (dcrv/ensemble/ensemble.hpp): a pool of
// worker threads over paths. Each path is a pure function of (configuration, seed, path) and writes only its
// own slots, so the result is the same for every thread count. Also: validation, the dispatch to the cuda
// backend, and the calibration of the procedural tracks.
#include "dcrv/ensemble/ensemble.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#if defined(DCRV_HAVE_CUDA)
#include "lib/cuda/ensemble.hpp"
#endif

namespace dcrv::ensemble {

std::string validate(const Config& c) {
  const int S = c.u.S;
  if (S < 2 || S > kMaxTraces)
    return "the universe needs 2 <= S <= " + std::to_string(kMaxTraces) +
           " traces (S = " + std::to_string(S) + ")";
  if (c.u.n_clusters < 1 || c.u.n_clusters > kMaxClusters)
    return "the universe needs 1 to " + std::to_string(kMaxClusters) + " correct clusters";
  if (c.B < 1)
    return "B = " + std::to_string(c.B) + ": a batch needs B >= 1";
  if (!(c.eta > 0) || !std::isfinite(c.eta))
    return "the learning rate eta must be positive and finite";
  if (!(c.eps >= 0) || !std::isfinite(c.eps))
    return "the barrier eps must be >= 0 and finite";
  if (c.T < 1)
    return "the horizon T must be >= 1";
  if (c.events.window < 1 || c.events.window > kMaxWindow)
    return "the moving-average window must lie in [1, " + std::to_string(kMaxWindow) + "]";
  if (c.events.floor < 0)
    return "the event floor must be >= 0";
  if (c.late_window < 1)
    return "the late-time window must be >= 1";
  if (c.log_every < 0)
    return "log_every must be >= 0";
  const Method m = c.fit.method;
  if (is_procedural(m) || c.sampler == Sampler::categorical) {
    if (c.sampler != Sampler::categorical)
      return "procedural updates need the draws: use the categorical sampler";
    if (c.B > kMaxBatch)
      return "a batch drawn trace by trace needs B <= " + std::to_string(kMaxBatch);
  }
  if (m == Method::proc_star && (c.L < 1 || c.L > c.B))
    return "procedural STaR needs 1 <= L <= B";
  if (m == Method::proc_grpo && (c.m < 2 || c.m > c.B))
    return "procedural GRPO needs 2 <= m <= B";
  if (m == Method::proc_dpo && (c.pairs < 1 || 2 * c.pairs > c.B || !(c.nu >= 0)))
    return "procedural DPO needs 1 <= pairs <= B/2 and nu >= 0";
  if (is_procedural(m) && (!(c.eta_proc > 0) || !std::isfinite(c.eta_proc)))
    return "the procedural learning rate must be positive and finite";
  return "";
}

int default_threads() {
  if (const char* e = std::getenv("DCRV_THREADS")) {
    const int n = std::atoi(e);
    if (n > 0)
      return n;
  }
  const unsigned h = std::thread::hardware_concurrency();
  return h > 0 ? static_cast<int>(h) : 1;
}

bool cuda_backend_available(std::string* why) {
#if defined(DCRV_HAVE_CUDA)
  std::string reason;
  const bool ok = cuda::device_available(&reason);
  if (why)
    *why = reason;
  return ok;
#else
  if (why)
    *why = "this build has no cuda backend (CMake did not find nvcc, or DCRV_CUDA=OFF)";
  return false;
#endif
}

namespace {
/// Paths [first, first + count) on the cpu: a pool of nt worker threads over chunks of 4 paths, each path
/// writing only its own summary and (when series is not null) its own checkpoint series.
void cpu_paths(const Config& c, std::uint64_t seed, long first, long count, int nt, PathSummary* out,
               double* series) {
  const int cp = checkpoints(c);
  std::atomic<long> next{0};
  constexpr long chunk = 4;
  auto work = [&] {
    for (;;) {
      const long a = next.fetch_add(chunk);
      if (a >= count)
        return;
      const long b = std::min(count, a + chunk);
      for (long k = a; k < b; ++k) {
        PathRecord rec;
        if (series && cp > 0)
          rec.series = series + static_cast<std::size_t>(k) * cp * kMetrics;
        run_path(c, seed, static_cast<std::uint64_t>(first + k), out[k], rec);
      }
    }
  };
  if (nt <= 1) {
    work();
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(nt));
  for (int i = 0; i < nt; ++i)
    pool.emplace_back(work);
  for (auto& t : pool)
    t.join();
}

/// Per-checkpoint mean and sum of squared deviations of every metric and of its log10, over paths added in
/// order (Welford: deterministic, no cancellation for metrics near 1 with a tiny spread).
struct SeriesMoments {
  long n = 0;
  std::vector<double> mean, m2, log_mean, log_m2;
  explicit SeriesMoments(std::size_t size)
      : mean(size, 0.0), m2(size, 0.0), log_mean(size, 0.0), log_m2(size, 0.0) {}
  void add(const double* x) {
    ++n;
    for (std::size_t i = 0; i < mean.size(); ++i) {
      const double v = x[i], lv = std::log10(std::max(v, 1e-300));
      const double d = v - mean[i], dl = lv - log_mean[i];
      mean[i] += d / static_cast<double>(n);
      log_mean[i] += dl / static_cast<double>(n);
      m2[i] += d * (v - mean[i]);
      log_m2[i] += dl * (lv - log_mean[i]);
    }
  }
  void into(EnsembleResult& r) const {
    auto sd = [this](const std::vector<double>& m) {
      std::vector<double> s(m.size(), 0.0);
      if (n > 1)
        for (std::size_t i = 0; i < m.size(); ++i)
          s[i] = std::sqrt(std::max(0.0, m[i] / static_cast<double>(n - 1)));
      return s;
    };
    r.series_mean = mean;
    r.series_log_mean = log_mean;
    r.series_sd = sd(m2);
    r.series_log_sd = sd(log_m2);
  }
};
} // namespace

EnsembleResult run_ensemble(const Config& c, std::uint64_t seed, long first, long count,
                            const std::string& backend, int threads, long keep_series) {
  const std::string bad = validate(c);
  if (!bad.empty())
    throw std::invalid_argument("ensemble: " + bad);
  if (count < 0 || first < 0)
    throw std::invalid_argument("ensemble: the path range must be non-negative");
  if (backend != "cpu" && backend != "cuda")
    throw std::invalid_argument("ensemble: unknown backend '" + backend + "' (cpu or cuda)");
  const auto t0 = std::chrono::steady_clock::now();
  EnsembleResult r;
  r.seed = seed;
  r.first = first;
  r.backend = backend;
  r.paths.resize(static_cast<std::size_t>(count));
  const int nt =
      static_cast<int>(std::max<long>(1, std::min<long>(threads > 0 ? threads : default_threads(), count)));
#if defined(DCRV_HAVE_CUDA)
  if (backend == "cuda") {
    std::string why;
    if (!cuda::device_available(&why))
      throw std::runtime_error("ensemble: --backend cuda: " + why);
  }
#else
  if (backend == "cuda")
    throw std::runtime_error(
        "ensemble: --backend cuda: this build has no cuda backend (CMake did not find nvcc, or "
        "DCRV_CUDA=OFF)");
#endif
  // paths [a, a + n) of the range: summaries into r.paths, series (n × cp × kMetrics) into `series`
  auto run_block = [&](long a, long n, double* series) {
    PathSummary* out = r.paths.data() + a;
    if (backend == "cpu") {
      cpu_paths(c, seed, first + a, n, nt, out, series);
      r.threads = nt;
      return;
    }
#if defined(DCRV_HAVE_CUDA)
    r.threads = cuda::run_paths(c, seed, first + a, n, out, series);
#endif
  };
  const int cp = checkpoints(c);
  if (cp == 0) {
    run_block(0, count, nullptr);
  } else {
    // blocks of paths: their series are stored for the first `keep` paths and reduced to moments, so memory
    // stays bounded by one block whatever the number of paths
    const std::size_t per_path = static_cast<std::size_t>(cp) * kMetrics;
    const long keep = keep_series < 0 ? count : std::min(keep_series, count);
    const long block = std::max<long>(1, backend == "cuda" ? 8192 : 256);
    r.series.assign(static_cast<std::size_t>(keep) * per_path, 0.0);
    r.series_paths = keep;
    SeriesMoments moments(per_path);
    std::vector<double> buffer;
    for (long a = 0; a < count; a += block) {
      const long n = std::min(block, count - a);
      buffer.assign(static_cast<std::size_t>(n) * per_path, 0.0);
      run_block(a, n, buffer.data());
      for (long k = 0; k < n; ++k) {
        const double* x = buffer.data() + static_cast<std::size_t>(k) * per_path;
        if (a + k < keep)
          std::copy(x, x + per_path, r.series.begin() + static_cast<std::ptrdiff_t>((a + k) * per_path));
        moments.add(x);
      }
    }
    moments.into(r);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::vector<PathSummary> run_seeds(const Config& c, const std::vector<std::uint64_t>& seeds,
                                   std::vector<double>* series) {
  const std::string bad = validate(c);
  if (!bad.empty())
    throw std::invalid_argument("ensemble: " + bad);
  std::vector<PathSummary> out(seeds.size());
  const int cp = checkpoints(c);
  if (series)
    series->assign(seeds.size() * static_cast<std::size_t>(cp) * kMetrics, 0.0);
  for (std::size_t k = 0; k < seeds.size(); ++k) {
    PathRecord rec;
    if (series && cp > 0)
      rec.series = series->data() + k * cp * kMetrics;
    run_path(c, seeds[k], 0, out[k], rec);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Calibration
// ---------------------------------------------------------------------------------------------------------

namespace {
/// Mean cosine and norm ratio of the one-step Δp of the procedural update (parameters of cc) against the
/// theory step, over the anchors and batches.
CalibrationRow evaluate_candidate(const Config& cc, const std::vector<std::vector<double>>& anchors,
                                  std::uint64_t seed, int batches) {
  CalibrationRow row;
  row.eta = cc.eta_proc;
  row.nu = cc.nu;
  row.pairs = cc.pairs;
  const int S = cc.u.S;
  FitnessParams theory_fit = cc.fit;
  theory_fit.method = theory_of(cc.fit.method);
  double sum_cos = 0, sum_ratio = 0;
  for (std::size_t a = 0; a < anchors.size(); ++a) {
    const double* p = anchors[a].data();
    double theta[kMaxTraces];
    for (int i = 0; i < S; ++i)
      theta[i] = std::log(std::max(p[i], kClip));
    for (int b = 0; b < batches; ++b) {
      rng::Stream s(seed, a, static_cast<std::uint64_t>(b) + 1);
      long n[kMaxTraces];
      int draws[kMaxBatch];
      double tail[kMaxTraces + 1], phi[kMaxTraces], scratch[kMaxLabels], pth[kMaxTraces], dtheta[kMaxTraces];
      detail::draw_batch(cc, s, p, n, draws, tail);
      theory_fitness(theory_fit, cc.u, n, cc.B, p, phi, scratch);
      std::copy(p, p + S, pth);
      replicator_step(pth, phi, cc.eta, cc.eps, S);
      if (cc.fit.method == Method::proc_star)
        proc_star_step(cc.u, draws, cc.L, p, cc.eta_proc, dtheta);
      else if (cc.fit.method == Method::proc_grpo)
        proc_grpo_step(cc.u, draws, cc.m, p, cc.eta_proc, dtheta);
      else
        proc_dpo_step(cc.u, draws, cc.pairs, theta, cc.nu, cc.eta_proc, dtheta);
      double dpt[kMaxTraces];
      for (int i = 0; i < S; ++i)
        dpt[i] = pth[i] - p[i];
      if (cc.match_norm) {
        double jv[kMaxTraces], x = 0, y = 0;
        softmax_jvp(p, dtheta, S, jv);
        for (int i = 0; i < S; ++i)
          x += jv[i] * jv[i], y += dpt[i] * dpt[i];
        const double scale = x > 0 ? std::sqrt(y / x) : 0.0;
        for (int i = 0; i < S; ++i)
          dtheta[i] *= scale;
      }
      double th2[kMaxTraces], pp[kMaxTraces];
      for (int i = 0; i < S; ++i)
        th2[i] = theta[i] + dtheta[i];
      softmax_of(th2, S, pp);
      double aa = 0, bb = 0, ab = 0;
      for (int i = 0; i < S; ++i) {
        const double x = pp[i] - p[i], y = dpt[i];
        aa += x * x, bb += y * y, ab += x * y;
      }
      if (!(aa > 0) || !(bb > 0))
        continue;
      sum_cos += ab / std::sqrt(aa * bb);
      sum_ratio += std::sqrt(aa / bb);
      ++row.steps;
    }
  }
  if (row.steps > 0) {
    row.mean_cos = sum_cos / row.steps;
    row.mean_ratio = sum_ratio / row.steps;
  }
  return row;
}
} // namespace

Calibration calibrate(const Config& c, std::uint64_t seed, int anchors, int batches) {
  if (!is_procedural(c.fit.method))
    throw std::invalid_argument("calibrate: the configuration is not procedural");
  const std::string bad = validate(c);
  if (!bad.empty())
    throw std::invalid_argument("calibrate: " + bad);
  Calibration cal;
  cal.anchors = anchors;
  cal.batches = batches;
  const int S = c.u.S;
  std::vector<std::vector<double>> pts;
  for (int a = 0; a < anchors; ++a) {
    std::vector<double> p(static_cast<std::size_t>(S));
    Config start = c;
    start.start = a == 0 ? Start::uniform : Start::dirichlet;
    detail::initial_policy(start, seed, static_cast<std::uint64_t>(a), p.data());
    pts.push_back(std::move(p));
  }
  std::vector<Config> candidates;
  if (c.fit.method == Method::proc_dpo && c.match_norm) {
    // the per-step norm matching fixes the scale: calibrate the tie parameter and the pairs per step
    for (double nu : {0.25, 0.5, 1.0, 2.0, 4.0})
      for (int pairs : {std::max(1, c.B / 8), std::max(1, c.B / 4), std::max(1, c.B / 2)}) {
        Config cc = c;
        cc.nu = nu;
        cc.pairs = pairs;
        candidates.push_back(cc);
      }
  } else {
    for (int k = 0; k <= 40; ++k) { // η on a geometric grid 10⁻² … 10², ratio 10^0.1
      Config cc = c;
      cc.eta_proc = std::pow(10.0, -2.0 + 0.1 * k);
      candidates.push_back(cc);
    }
  }
  for (const auto& cc : candidates)
    cal.table.push_back(evaluate_candidate(cc, pts, seed, batches));
  const double tol = cal.ratio_tolerance;
  const CalibrationRow* best = nullptr;
  for (const auto& row : cal.table)
    if (row.steps > 0 && row.mean_ratio >= 1 / tol && row.mean_ratio <= tol &&
        (!best || row.mean_cos > best->mean_cos))
      best = &row;
  if (!best)
    for (const auto& row : cal.table)
      if (row.steps > 0 &&
          (!best || std::abs(std::log(row.mean_ratio)) < std::abs(std::log(best->mean_ratio))))
        best = &row;
  if (!best)
    throw std::runtime_error("calibrate: no candidate produced a nonzero step on the anchors");
  cal.chosen = *best;
  return cal;
}

Config calibrated(Config c, const Calibration& cal) {
  c.eta_proc = cal.chosen.eta;
  c.nu = cal.chosen.nu;
  c.pairs = cal.chosen.pairs;
  return c;
}

} // namespace dcrv::ensemble
