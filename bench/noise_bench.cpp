// Benchmark (not a timed test): the stochastic engines of App. H in double, single thread.
//   1. the mini-batch chain p ← p + η(F(p) + N/B − p), N ~ Multinomial(B, p), K = 12, B = 64, η = 0.01, with
//   the
//      App. J Study B DCR drift (gated cluster kernel, λ = 1, α = 0.05, β = 0.5) in array form (SrctDrift),
//      and with the App. H linear score (LinearDrift);
//   2. the reflected (WF) Euler–Maruyama scheme on Δ_δ (δ = 0.01, γ = 0.01, h = 0.01), same drifts, K = 12;
//   3. the unreflected (WF) Euler–Maruyama scheme in log-coordinates, K = 12.
// Prints path-steps per second (Philox streams, exact multinomial; one Stream per path and step).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/sde.hpp"
#include "dcrv/srct_arrays.hpp"
#include "dcrv/universe.hpp"

using namespace dcrv;

namespace {
template <class F> double rate_of(const char* label, long paths, long steps, F run_path) {
  const auto t0 = std::chrono::steady_clock::now();
  double acc = 0;
  for (long j = 0; j < paths; ++j)
    acc += run_path(static_cast<std::uint64_t>(j), steps);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double r = double(paths) * double(steps) / s;
  std::printf("%-58s %8.3g path-steps/s  (%ld paths x %ld steps, %.2f s; checksum %.6f)\n", label, r, paths,
              steps, s, acc / double(paths));
  return r;
}
} // namespace

int main(int argc, char** argv) {
  const long paths = argc > 1 ? std::atol(argv[1]) : 4000;
  const long steps = argc > 2 ? std::atol(argv[2]) : 1000;
  const int K = 12;
  const SrctParams<double> m = study_b_model(make_universe(), 1.0, 0.05, 0.5);
  const SrctArrays arrays(m);
  const SrctDrift dcr = arrays.drift();
  LinearDrift lin;
  lin.eps = 0.05;
  for (int i = 0; i < K; ++i)
    lin.w[i] = m.U(i);

  MinibatchParams mb;
  mb.eta = 0.01, mb.B = 64;
  // One path from p = (1, 2, …, K)/78 through n steps of `step` on Philox stream `stream` (one Stream per
  // path and step); returns p_1 at the end, or −1 when a step breaks down.
  auto paths_of = [K](std::uint64_t stream, auto step) {
    return [K, stream, step](std::uint64_t path, long n) {
      double p[kMaxCategories], y[kMaxCategories];
      for (int i = 0; i < K; ++i)
        p[i] = double(1 + i) / 78.0, y[i] = std::log(p[i]);
      StepScratch w;
      for (long t = 0; t < n; ++t) {
        rng::Stream s(stream, path, static_cast<std::uint64_t>(t));
        if (step(s, p, y, w) != PathStatus::ok)
          return -1.0;
      }
      return p[0];
    };
  };
  auto chain = [&](const auto& drift) {
    return paths_of(1, [&mb, drift, K](rng::Stream& s, double* p, double*, StepScratch& w) {
      return minibatch_step(s, drift, mb, p, K, w);
    });
  };
  auto reflected = [&](const auto& drift) {
    return paths_of(2, [drift, K](rng::Stream& s, double* p, double*, StepScratch& w) {
      return wf_reflected_step(s, drift, 0.01, 0.01, 0.01, p, K, w);
    });
  };
  auto logem = [&](const auto& drift) {
    return paths_of(3, [drift, K](rng::Stream& s, double* p, double* y, StepScratch& w) {
      return wf_em_log_step(s, drift, 0.01, 0.01, y, p, K, w);
    });
  };
  std::printf("single thread, double; K = %d\n", K);
  rate_of("mini-batch chain, B = 64, eta = 0.01, DCR drift (Study B)", paths, steps, chain(dcr));
  rate_of("mini-batch chain, B = 64, eta = 0.01, linear score", paths, steps, chain(lin));
  rate_of("reflected (WF) EM on Delta_0.01, gamma = h = 0.01, DCR drift", paths, steps, reflected(dcr));
  rate_of("reflected (WF) EM on Delta_0.01, gamma = h = 0.01, linear", paths, steps, reflected(lin));
  LinearDrift barrier = lin;
  barrier.eps = 1; // an entropy barrier that keeps the unreflected paths off the faces (no breakdowns)
  rate_of("(WF) EM in log-coordinates, gamma = h = 0.01, linear, eps = 1", paths, steps, logem(barrier));
  return 0;
}
