// Benchmark (not a timed test): the stochastic engines of App. H in double, single thread.
//   1. the mini-batch chain p ← p + η(F(p) + N/B − p), N ~ Multinomial(B, p), K = 12, B = 64, η = 0.01, with
//   the
//      App. J Study B DCR drift (gated cluster kernel, λ = 1, α = 0.05, β = 0.5) in array form (SrctDrift),
//      and with the App. H linear score (LinearDrift);
//   2. the reflected (WF) Euler–Maruyama scheme on Δ_δ (δ = 0.01, γ = 0.01, h = 0.01), same drifts, K = 12;
//   3. the unreflected (WF) Euler–Maruyama scheme in log-coordinates, K = 12.
// Prints path-steps per second (Philox streams, exact multinomial; one Stream per path and step).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/sde.hpp"
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
  std::vector<double> U(K), kernel(K * K);
  for (int i = 0; i < K; ++i) {
    U[i] = m.U(i);
    for (int j = 0; j < K; ++j)
      kernel[i * K + j] = m.K(i, j);
  }
  SrctDrift dcr;
  dcr.U = U.data(), dcr.kernel = kernel.data();
  dcr.two_lambda_beta = 2 * m.lambda * m.beta, dcr.barrier = m.barrier();
  LinearDrift lin;
  lin.eps = 0.05;
  for (int i = 0; i < K; ++i)
    lin.w[i] = m.U(i);

  MinibatchParams mb;
  mb.eta = 0.01, mb.B = 64;
  auto chain = [&](const auto& drift) {
    return [&, drift](std::uint64_t path, long n) {
      double p[kMaxCategories];
      for (int i = 0; i < K; ++i)
        p[i] = double(1 + i) / 78.0;
      StepScratch w;
      for (long t = 0; t < n; ++t) {
        rng::Stream s(1, path, static_cast<std::uint64_t>(t));
        if (minibatch_step(s, drift, mb, p, K, w) != PathStatus::ok)
          return -1.0;
      }
      return p[0];
    };
  };
  auto reflected = [&](const auto& drift) {
    return [&, drift](std::uint64_t path, long n) {
      double p[kMaxCategories];
      for (int i = 0; i < K; ++i)
        p[i] = double(1 + i) / 78.0;
      StepScratch w;
      for (long t = 0; t < n; ++t) {
        rng::Stream s(2, path, static_cast<std::uint64_t>(t));
        if (wf_reflected_step(s, drift, 0.01, 0.01, 0.01, p, K, w) != PathStatus::ok)
          return -1.0;
      }
      return p[0];
    };
  };
  auto logem = [&](const auto& drift) {
    return [&, drift](std::uint64_t path, long n) {
      double p[kMaxCategories], y[kMaxCategories];
      for (int i = 0; i < K; ++i)
        p[i] = double(1 + i) / 78.0, y[i] = std::log(p[i]);
      StepScratch w;
      for (long t = 0; t < n; ++t) {
        rng::Stream s(3, path, static_cast<std::uint64_t>(t));
        if (wf_em_log_step(s, drift, 0.01, 0.01, y, p, K, w) != PathStatus::ok)
          return -1.0;
      }
      return p[0];
    };
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
