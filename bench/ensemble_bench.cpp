// bench/ensemble_bench.cpp — speed of the App. J ensemble fast path (issue 10): Study A theory track (STaR,
// GRPO readings, DPO), K = 12, B = 64, T = 5000 steps, double, on the cpu backend (and the cuda backend when
// this build has it and a device is present). Prints path-steps per second, and one machine-readable line
// "DCRV-BENCH key=value …" that scripts/gpu-check.sh collects. Not a timed test.
//
//   dcrv_ensemble_bench [paths=512] [threads=0 (all)] [method=star|grpo|grpo_iw|dpo|dcr] [backend=cpu|cuda]
//
// Exit status: 0 measured; 2 bad argument; 3 the cuda backend is unavailable (the reason is printed).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "dcrv/ensemble/ensemble.hpp"

using namespace dcrv::ensemble;

int main(int argc, char** argv) {
  const long paths = argc > 1 ? std::atol(argv[1]) : 512;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 0;
  const std::string method = argc > 3 ? argv[3] : "star";
  const std::string backend = argc > 4 ? argv[4] : "cpu";
  Config c;
  c.B = 64;
  c.T = 5000;
  c.eta = 0.15;
  c.eps = 0;
  c.metrics.eff = c.metrics.arm = c.fit.kernel = make_kernel(c.u, KernelKind::gated);
  if (method == "star")
    c.fit.method = Method::star;
  else if (method == "grpo")
    c.fit.method = Method::grpo;
  else if (method == "grpo_iw")
    c.fit.method = Method::grpo_iw;
  else if (method == "dpo")
    c.fit.method = Method::dpo;
  else if (method == "dcr") {
    c.fit.method = Method::dcr;
    c.B = 128;
    c.metrics.alpha = 0.05;
    c.metrics.beta = 0.5;
    c.fit.two_lambda_beta = 1.0;
    c.eps = 1e-4 + 0.05;
  } else {
    std::fprintf(stderr, "unknown method %s\n", method.c_str());
    return 2;
  }
  if (backend == "cuda" && !cuda_backend_available()) {
    std::string why;
    cuda_backend_available(&why);
    std::printf("cuda backend skipped: %s\n", why.c_str());
    std::printf("DCRV-SKIPPED: cuda backend unavailable: %s\n", why.c_str());
    return 3;
  }
  // warm-up, then the timed run
  run_ensemble(c, 1, 0, std::min<long>(paths, 16), backend, threads);
  const EnsembleResult r = run_ensemble(c, 2, 0, paths, backend, threads);
  const double path_steps = static_cast<double>(paths) * c.T;
  long fixed = 0;
  for (const auto& p : r.paths)
    fixed += p.fix[event_trailing] >= 0;
  std::printf(
      "ensemble %s: method %s, K = %d, B = %d, T = %d, %ld paths, %d threads: %.3f s, %.3g path-steps/s "
      "(%ld of %ld paths fixate)\n",
      r.backend.c_str(), method.c_str(), c.u.S, c.B, c.T, paths, r.threads, r.seconds, path_steps / r.seconds,
      fixed, paths);
  int bad = 0;
  for (const auto& p : r.paths)
    bad += p.status != 0;
  std::printf("DCRV-BENCH backend=%s method=%s K=%d B=%d T=%d paths=%ld threads=%d seconds=%.6g "
              "path_steps_per_s=%.6g fixated=%ld bad_paths=%d\n",
              r.backend.c_str(), method.c_str(), c.u.S, c.B, c.T, paths, r.threads, r.seconds,
              path_steps / r.seconds, fixed, bad);
  return 0;
}
