// tests/test_ensemble.cpp — the App. J ensemble engine (dcrv/ensemble/) cross-validated: the double fast path
// against the MPFR reference driven by the same batch counts, and thread-count independence of the cpu
// backend. The cuda backend against the cpu backend and the MPFR reference: tests/test_cuda.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "dcrv/ensemble/ensemble.hpp"
#include "dcrv/ensemble/reference.hpp"
#include "dcrv/real.hpp"
#include "ensemble_configs.hpp"

using namespace dcrv;
using namespace dcrv::ensemble;

namespace {
using test_configs::dcr;
using test_configs::theory;
bool same_summary(const PathSummary& a, const PathSummary& b) {
  return std::memcmp(a.p_final, b.p_final, sizeof a.p_final) == 0 &&
         std::memcmp(a.fix, b.fix, sizeof a.fix) == 0 && std::memcmp(a.homog, b.homog, sizeof a.homog) == 0 &&
         std::memcmp(a.min_safety, b.min_safety, sizeof a.min_safety) == 0 &&
         std::memcmp(a.late_mean, b.late_mean, sizeof a.late_mean) == 0 && a.status == b.status;
}
} // namespace

TEST_CASE("the double fast path follows the MPFR reference driven by the same batch counts for 5000 steps",
          "[ensemble][mpfr]") {
  // STaR, GRPO (as written), DPO at B = 16 and 64 with and without the barrier, DCR at two grid cells
  const std::vector<Config> configs = {theory(Method::star, 64, 0),
                                       theory(Method::grpo, 16, 3e-4),
                                       theory(Method::dpo, 16, 0),
                                       theory(Method::dpo, 64, 3e-4),
                                       dcr(0.05, 0.10),
                                       dcr(0.10, 0.75)};
  double worst = 0;
  for (std::size_t k = 0; k < configs.size(); ++k) {
    const Config& c = configs[k];
    const int S = c.u.S;
    std::vector<long> counts(static_cast<std::size_t>(c.T) * S);
    std::vector<double> states(static_cast<std::size_t>(c.T + 1) * S);
    PathSummary out;
    PathRecord rec;
    rec.counts = counts.data();
    rec.states = states.data();
    run_path(c, 1000 + k, 0, out, rec);
    REQUIRE(out.status == 0);
    std::vector<mpfr> p0(static_cast<std::size_t>(S));
    for (int i = 0; i < S; ++i)
      p0[static_cast<std::size_t>(i)] = mpfr(states[static_cast<std::size_t>(i)]);
    const ReferenceRun<mpfr> ref = replay_theory<mpfr>(c, p0, counts.data());
    REQUIRE(ref.ok);
    REQUIRE(ref.states.size() == static_cast<std::size_t>(c.T + 1));
    // every coordinate within a relative 1e-9 of the reference over the whole horizon (coordinates the double
    // path has taken below 1e-300 — subnormal or underflowed to 0 — within 1e-300 absolute)
    for (int t = 0; t <= c.T; ++t)
      for (int i = 0; i < S; ++i) {
        const double d = states[static_cast<std::size_t>(t) * S + i];
        const mpfr& m = ref.states[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)];
        if (d < 1e-300) { // underflowed to 0 or subnormal: the reference must be as small, the error absolute
          REQUIRE(m < mpfr(1e-290));
          REQUIRE(abs(mpfr(d) - m) < mpfr(1e-300));
          continue;
        }
        const double rel = to_double(abs(mpfr(d) - m) / m);
        worst = std::max(worst, rel);
        if (!(rel <= 1e-9))
          FAIL("config " << k << ", step " << t << ", trace " << i << ": double " << d << " vs MPFR "
                         << to_double(m) << " (relative " << rel << ")");
      }
    for (int r = 0; r < kEventReadings; ++r) {
      CHECK(out.fix[r] == ref.fix[r]);
      CHECK(out.homog[r] == ref.homog[r]);
    }
  }
  INFO("largest relative deviation of a coordinate over 6 paths x 5000 steps: " << worst);
  CHECK(worst <= 1e-9);
  WARN("double vs MPFR (" << working_digits() << " digits), 6 paths x 5000 steps: largest relative deviation "
                          << worst);
}

TEST_CASE("cpu backend results do not depend on the number of threads", "[ensemble][threads]") {
  for (const Config& c : {theory(Method::star, 64, 0), theory(Method::grpo_iw, 16, 0), dcr(0.05, 0.5)}) {
    Config s = c;
    s.T = 1500;
    const EnsembleResult one = run_ensemble(s, 42, 3, 24, "cpu", 1);
    const EnsembleResult two = run_ensemble(s, 42, 3, 24, "cpu", 2);
    REQUIRE(one.paths.size() == two.paths.size());
    for (std::size_t k = 0; k < one.paths.size(); ++k)
      CHECK(same_summary(one.paths[k], two.paths[k]));
    // a path replays alone: path 3 + 5 of the ensemble equals a run of that path by itself
    const EnsembleResult alone = run_ensemble(s, 42, 8, 1, "cpu", 1);
    CHECK(same_summary(alone.paths[0], one.paths[5]));
  }
}

TEST_CASE("the ensemble refuses invalid configurations and unknown backends with the reason", "[ensemble]") {
  Config c = theory(Method::star, 0, 0);
  CHECK_THROWS_AS(run_ensemble(c, 1, 0, 1, "cpu", 1), std::invalid_argument);
  c = theory(Method::star, 64, 0);
  CHECK_THROWS_AS(run_ensemble(c, 1, 0, 1, "gpu", 1), std::invalid_argument);
  c.fit.method = Method::proc_star; // procedural updates need the draws
  CHECK_FALSE(validate(c).empty());
  if (!cuda_backend_available())
    CHECK_THROWS_AS(run_ensemble(theory(Method::star, 64, 0), 1, 0, 1, "cuda", 1), std::runtime_error);
}

TEST_CASE("the checkpoint moments are the mean and sd over all paths, the same for every thread count and "
          "whether or not the trajectories are kept — logging does not change the paths",
          "[ensemble][moments]") {
  Config c = dcr(0.05, 0.25);
  c.T = 600;
  c.log_every = 50;
  const int cp = checkpoints(c);
  REQUIRE(cp == 13);
  // 300 paths: more than one block of the cpu backend (256), so the reduction crosses a block boundary
  const EnsembleResult all = run_ensemble(c, 9, 0, 300, "cpu", 2);    // every trajectory kept
  const EnsembleResult few = run_ensemble(c, 9, 0, 300, "cpu", 1, 3); // three kept
  REQUIRE(all.series_paths == 300);
  REQUIRE(all.series.size() == 300u * cp * kMetrics);
  REQUIRE(few.series_paths == 3);
  REQUIRE(few.series.size() == 3u * cp * kMetrics);
  CHECK(std::equal(few.series.begin(), few.series.end(), all.series.begin()));
  CHECK(few.series_mean == all.series_mean); // bit for bit: Welford in path order
  CHECK(few.series_sd == all.series_sd);
  CHECK(few.series_log_mean == all.series_log_mean);
  for (int j = 0; j < cp; ++j)
    for (int m : {int(metric_entropy), int(metric_incorrect), int(metric_safety)}) {
      // reference: two passes in long double (the naive double sum of 300 values is off by ~1e-13)
      long double s = 0, s2 = 0, l = 0;
      for (int k = 0; k < 300; ++k) {
        const double v = all.series[(static_cast<std::size_t>(k) * cp + j) * kMetrics + m];
        s += v, l += std::log10(std::max(v, 1e-300));
      }
      const long double mean = s / 300;
      for (int k = 0; k < 300; ++k) {
        const double v = all.series[(static_cast<std::size_t>(k) * cp + j) * kMetrics + m];
        s2 += (v - mean) * (v - mean);
      }
      const double sd = static_cast<double>(std::sqrt(s2 / 299));
      const std::size_t at = static_cast<std::size_t>(j) * kMetrics + m;
      INFO("checkpoint " << j << ", metric " << m << ": sd " << all.series_sd[at] << " vs " << sd);
      CHECK(all.series_mean[at] == Approx(static_cast<double>(mean)).margin(1e-14));
      CHECK(all.series_sd[at] == Approx(sd).margin(1e-14));
      CHECK(all.series_log_mean[at] == Approx(static_cast<double>(l / 300)).margin(1e-12));
    }
  // the checkpoint at t = T is the final state
  for (int k = 0; k < 3; ++k)
    CHECK(few.series[(static_cast<std::size_t>(k) * cp + cp - 1) * kMetrics + metric_entropy] ==
          few.paths[k].final_metric[metric_entropy]);
  // observation only: the same paths without logging
  Config quiet = c;
  quiet.log_every = 0;
  const EnsembleResult plain = run_ensemble(quiet, 9, 0, 300, "cpu", 2);
  CHECK(plain.series.empty());
  CHECK(plain.series_mean.empty());
  for (std::size_t k = 0; k < plain.paths.size(); ++k)
    CHECK(same_summary(plain.paths[k], all.paths[k]));
}
