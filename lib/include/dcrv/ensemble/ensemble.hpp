// dcrv/ensemble/ensemble.hpp — the ensemble fast path of App. J (DESIGN.md "CUDA fast path"): many paths of
// one configuration, on a backend:
//   "cpu"   a thread pool over paths (lib/src/ensemble_cpu.cpp); paths are independent Philox streams keyed
//   by
//           (seed, path, step) and write to their own slots, so results do not depend on the thread count;
//   "cuda"  one GPU thread per path (lib/cuda/ensemble.cu), the same step functions compiled for the device;
//           built when CMake finds nvcc (DCRV_HAVE_CUDA), usable when a device is present.
// Host side only (std::vector, std::string).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dcrv/ensemble/path.hpp"

namespace dcrv::ensemble {

struct EnsembleResult {
  std::uint64_t seed = 0;
  long first = 0;                 // paths [first, first + count)
  std::vector<PathSummary> paths; // in path order
  // When c.log_every > 0 (checkpoints t = 0, k, 2k, …, see checkpoints(c)):
  //   the stored trajectories: the checkpoint series of the first `series_paths` paths
  //   (series_paths × checkpoints(c) × kMetrics; all paths unless run_ensemble was asked to keep fewer);
  //   over every path, the per-checkpoint mean and standard deviation (n − 1) of each metric and of its log10
  //   (log10 max(v, 10⁻³⁰⁰): for the positive metrics, e.g. incorrect mass), checkpoints(c) × kMetrics each,
  //   accumulated on line (Welford, in path order: the same for every thread count and block size).
  std::vector<double> series;
  long series_paths = 0;
  std::vector<double> series_mean, series_sd, series_log_mean, series_log_sd;
  std::string backend; // "cpu" or "cuda"
  int threads = 1;     // cpu: worker threads; cuda: threads per block
  double seconds = 0;  // wall time of the run
  long steps() const { return static_cast<long>(paths.size()); }
};

/// "" when the configuration can run, else the reason (B ≤ 0, η ≤ 0, S too large, a procedural batch drawn by
/// the multinomial sampler, a window above kMaxWindow, …).
std::string validate(const Config& c);

/// Worker threads of the cpu backend: the environment variable DCRV_THREADS if set, else the hardware
/// concurrency (at least 1).
int default_threads();

/// Runs paths [first, first + count) of c under `seed` on `backend` ("cpu" or "cuda"; threads ≤ 0: default).
/// With c.log_every > 0 the paths run in blocks whose series are reduced to the per-checkpoint moments;
/// `keep_series` paths' series are stored (< 0: all). Throws std::invalid_argument for an invalid
/// configuration or an unknown backend, std::runtime_error when the cuda backend is not built or has no
/// device.
EnsembleResult run_ensemble(const Config& c, std::uint64_t seed, long first, long count,
                            const std::string& backend = "cpu", int threads = 0, long keep_series = -1);

/// True when this build has the cuda backend (DCRV_HAVE_CUDA) and a device is present.
bool cuda_backend_available(std::string* why = nullptr);

/// The paper's protocol seeds {101, 202, 303, 404, 505} (J.protocol-horizon-seeds): path 0 of each seed.
inline const std::vector<std::uint64_t>& paper_seeds() {
  static const std::vector<std::uint64_t> s = {101, 202, 303, 404, 505};
  return s;
}
/// One path (path 0) per seed, in order.
std::vector<PathSummary> run_seeds(const Config& c, const std::vector<std::uint64_t>& seeds,
                                   std::vector<double>* series = nullptr);

// ---------------------------------------------------------------------------------------------------------
// Calibration of the procedural tracks (J.proc-calibration)
// ---------------------------------------------------------------------------------------------------------

/// One candidate of the calibration grid and what it gave on the anchor states.
struct CalibrationRow {
  double eta = 0, nu = 1;
  int pairs = 0;
  double mean_cos = 0;   // mean cosine of the one-step Δp (procedural vs theory), both nonzero
  double mean_ratio = 0; // mean ‖Δp_proc‖₂ / ‖Δp_theory‖₂ over the same steps
  long steps = 0;
};
struct Calibration {
  CalibrationRow chosen;
  std::vector<CalibrationRow> table;
  int anchors = 0, batches = 0;
  double ratio_tolerance = 1.25; // feasible: 1/tol ≤ mean ratio ≤ tol
};
/// Calibrates η_proc (and, for DPO with norm matching, ν and the pairs per step) of configuration c
/// (procedural method, its B, L, m, theory η and ε) on `anchors` anchor states — the uniform policy and
/// anchors − 1 Dirichlet(1) draws — with `batches` batches each, shared by both tracks: the candidate with
/// the largest mean cosine among those whose mean norm ratio lies in [1/tol, tol]; when none does, the one
/// with the ratio closest to 1. Deterministic in (c, seed).
Calibration calibrate(const Config& c, std::uint64_t seed, int anchors = 8, int batches = 32);
/// c with the calibrated parameters applied.
Config calibrated(Config c, const Calibration& cal);

} // namespace dcrv::ensemble
