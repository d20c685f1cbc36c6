// tests/test_cuda.cpp — the cuda backend of the ensemble engine against the host (issue 23, the GPU check
// kit: scripts/gpu-check.sh runs these on a machine with a device; without one the device tests print
// DCRV-SKIPPED with the reason and count as skipped):
//   * Random123's Philox4x64-10 known-answer values (Random123's kat_vectors) on the host (always) and on the
//     device, and dcrv's streams (raw words, uniforms, normals, binomial and multinomial draws) drawn on the
//     device against the host;
//   * cuda vs cpu: the same batch counts (every step of every path) and event times on ≥ 99 % of paths; on
//     the paths with identical counts the final coordinates within a relative 1e-9; the fast-path kernel
//     gives the recorded kernel's summaries bit for bit; the event-time laws agree (two-sample KS);
//   * cuda vs MPFR: 24 paths run on the device with their counts and states recorded, replayed by the MPFR
//     reference (dcrv/ensemble/reference.hpp) from the device's counts: every coordinate within a relative
//     1e-9 over 5000 steps, the same event times.
// The comparison code runs here too, with the host in the device's place ([cuda-selfcheck]): it finds the
// host identical to itself, and it sees a planted difference. Each comparison writes its figures as a line
// "DCRV-FIGURE key=value …" (a Catch WARN, and appended to the file named by the environment variable
// DCRV_FIGURES when it is set: scripts/gpu-check.sh collects them).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "dcrv/ensemble/ensemble.hpp"
#include "dcrv/ensemble/reference.hpp"
#include "dcrv/real.hpp"
#include "dcrv/stats.hpp"
#include "ensemble_configs.hpp"
#include "lib/cuda/checks.hpp"

using namespace dcrv;
using namespace dcrv::ensemble;

namespace {
using test_configs::dcr;
using test_configs::theory;
struct Named {
  std::string name;
  Config c;
};
/// The Study A theory track (STaR, GRPO, DPO) and a DCR cell, as in tests/test_ensemble.cpp.
std::vector<Named> study_configs() {
  return {{"star_B64", theory(Method::star, 64, 0)},
          {"grpo_B16_eps3e-4", theory(Method::grpo, 16, 3e-4)},
          {"dpo_B16_eps3e-4", theory(Method::dpo, 16, 3e-4)},
          {"dpo_B64", theory(Method::dpo, 64, 0)},
          {"dcr_a0.05_b0.5", dcr(0.05, 0.5)}};
}

/// A figure line: shown as a warning, and appended to $DCRV_FIGURES (one line each) for the check kit.
void figure(const std::string& line) {
  WARN("DCRV-FIGURE " << line);
  if (const char* f = std::getenv("DCRV_FIGURES"))
    if (std::FILE* out = std::fopen(f, "a")) {
      std::fprintf(out, "DCRV-FIGURE %s\n", line.c_str());
      std::fclose(out);
    }
}

/// "DCRV-SKIPPED: <reason>" when this build or machine has no cuda device (the test is then not a pass of the
/// device comparison: it says so).
bool skip_without_device() {
  std::string why;
  if (cuda_backend_available(&why))
    return false;
  WARN("DCRV-SKIPPED: cuda backend unavailable: " << why);
  return true;
}

/// The same summary, field by field (not memcmp of the whole struct: its padding is not part of the value).
bool same_summary(const PathSummary& a, const PathSummary& b) {
  auto same = [](const auto& x, const auto& y) { return std::memcmp(x, y, sizeof x) == 0; };
  return a.status == b.status && a.bad_step == b.bad_step && same(a.fix, b.fix) && same(a.homog, b.homog) &&
         same(a.p_final, b.p_final) && same(a.p_floor, b.p_floor) && same(a.final_metric, b.final_metric) &&
         same(a.min_safety, b.min_safety) && same(a.late_mean, b.late_mean) && same(a.late_sd, b.late_sd) &&
         a.max_incorrect_after_floor == b.max_incorrect_after_floor &&
         a.step_l1_after_floor == b.step_l1_after_floor;
}

/// Relative difference |a − b| / |a| (0 when both are 0).
double rel(double a, double b) {
  if (a == b)
    return 0;
  return std::abs(a - b) / std::max(std::abs(a), std::abs(b));
}

/// Paths [first, first + count) on the host with their counts recorded (count × T × S), on `threads` threads.
void host_recorded(const Config& c, std::uint64_t seed, long first, long count, PathSummary* out,
                   long* counts) {
  const int nt = std::max(1, std::min<int>(default_threads(), static_cast<int>(count)));
  const std::size_t per = static_cast<std::size_t>(c.T) * c.u.S;
  std::vector<std::thread> pool;
  for (int w = 0; w < nt; ++w)
    pool.emplace_back([&, w] {
      for (long k = w; k < count; k += nt) {
        PathRecord rec;
        rec.counts = counts + static_cast<std::size_t>(k) * per;
        run_path(c, seed, static_cast<std::uint64_t>(first + k), out[k], rec);
      }
    });
  for (auto& t : pool)
    t.join();
}

// Random123's known-answer values for Philox4x64-10 (kat_vectors of the Random123 distribution): counter,
// key, expected output.
const cuda::PhiloxCase kPhiloxKat[3] = {
    {{0, 0, 0, 0},
     {0, 0},
     {0x16554d9eca36314cull, 0xdb20fe9d672d0fdcull, 0xd7e772cee186176bull, 0x7e68b68aec7ba23bull}},
    {{~0ull, ~0ull, ~0ull, ~0ull},
     {~0ull, ~0ull},
     {0x87b092c3013fe90bull, 0x438c3c67be8d0224ull, 0x9cc7d7c69cd777b6ull, 0xa09caebf594f0ba0ull}},
    {{0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull, 0x082efa98ec4e6c89ull},
     {0x452821e638d01377ull, 0xbe5466cf34e90c6cull},
     {0xa528f45403e61d95ull, 0x38c72dbd566e9788ull, 0xa5a1610e72fd18b5ull, 0x57bd43b5e52b7fe6ull}}};

/// Stream probes over both binomial regimes (inversion n·p < 10, BTRS beyond) and the tags.
std::vector<cuda::StreamProbe> stream_probes() {
  std::vector<cuda::StreamProbe> out;
  const long ns[] = {1, 16, 64, 128, 1000, 1000000};
  const double ps[] = {1e-6, 0.01, 0.1, 0.3, 0.5, 0.9};
  std::uint64_t k = 0;
  for (long n : ns)
    for (double p : ps) {
      cuda::StreamProbe q;
      q.seed = 101 + 101 * (k % 5);
      q.path = k * 7919;
      q.step = 1 + (k * 104729) % 5000;
      q.tag = k % 4;
      q.n = n;
      q.p = p;
      out.push_back(q);
      ++k;
    }
  return out;
}
/// Evaluates Philox cases and stream probes somewhere (the device, or the host for the self-check).
using PhiloxRunner = std::function<void(cuda::PhiloxCase*, int)>;
using ProbeRunner = std::function<void(cuda::StreamProbe*, int)>;
/// Runs paths [first, first + n) with counts (n × T × S) and, when not null, states (n × (T + 1) × S).
using RecordedRunner =
    std::function<void(const Config&, std::uint64_t, long, long, PathSummary*, long*, double*)>;

void host_philox(cuda::PhiloxCase* k, int n) {
  for (int i = 0; i < n; ++i)
    cuda::philox_eval(k[i]);
}
void host_probe(cuda::StreamProbe* q, int n) {
  for (int i = 0; i < n; ++i)
    cuda::probe_stream(q[i]);
}
void host_recorded_states(const Config& c, std::uint64_t seed, long first, long count, PathSummary* out,
                          long* counts, double* states) {
  if (!states)
    return host_recorded(c, seed, first, count, out, counts);
  for (long k = 0; k < count; ++k) {
    PathRecord rec;
    rec.counts = counts + static_cast<std::size_t>(k) * c.T * c.u.S;
    rec.states = states + static_cast<std::size_t>(k) * (c.T + 1) * c.u.S;
    run_path(c, seed, static_cast<std::uint64_t>(first + k), out[k], rec);
  }
}

/// The known-answer values and the stream probes through `philox` / `probe` against the host's code.
void compare_streams(const PhiloxRunner& philox, const ProbeRunner& probe, const std::string& where) {
  std::vector<cuda::PhiloxCase> cases(std::begin(kPhiloxKat), std::end(kPhiloxKat));
  for (auto& k : cases)
    std::fill(k.out, k.out + 4, 0);
  philox(cases.data(), static_cast<int>(cases.size()));
  int kat_ok = 0;
  for (std::size_t j = 0; j < cases.size(); ++j) {
    bool ok = true;
    for (int i = 0; i < 4; ++i)
      ok = ok && cases[j].out[i] == kPhiloxKat[j].out[i];
    CHECK(ok);
    kat_ok += ok;
  }
  std::vector<cuda::StreamProbe> dev = stream_probes(), host = dev;
  probe(dev.data(), static_cast<int>(dev.size()));
  long bits_diff = 0, uniform_diff = 0, binomial_diff = 0, multinomial_diff = 0;
  double normal_worst = 0;
  for (std::size_t j = 0; j < host.size(); ++j) {
    cuda::probe_stream(host[j]);
    for (int i = 0; i < cuda::kProbeDraws; ++i) {
      bits_diff += dev[j].bits[i] != host[j].bits[i];
      uniform_diff += dev[j].uniform[i] != host[j].uniform[i];
      binomial_diff += dev[j].binomial[i] != host[j].binomial[i];
      normal_worst = std::max(normal_worst, rel(host[j].normal[i], dev[j].normal[i]));
    }
    for (int i = 0; i < kMaxTraces; ++i)
      multinomial_diff += dev[j].multinomial[i] != host[j].multinomial[i];
  }
  std::ostringstream f;
  f << "stage=kat where=" << where << " philox_kat_ok=" << kat_ok << " philox_kat_cases=" << cases.size()
    << " probes=" << host.size() << " bits_diff=" << bits_diff << " uniform_diff=" << uniform_diff
    << " binomial_diff=" << binomial_diff << " multinomial_diff=" << multinomial_diff
    << " normal_worst_rel=" << normal_worst;
  figure(f.str());
  // the raw words and uniforms are integer arithmetic: bit for bit; the normals go through the device's log,
  // sqrt, sin and cos (a few ulps); the samplers compare uniforms with probabilities computed through exp and
  // log, so a draw may flip at a boundary — none is expected among these probes
  CHECK(kat_ok == 3);
  CHECK(bits_diff == 0);
  CHECK(uniform_diff == 0);
  CHECK(normal_worst <= 1e-14);
  CHECK(binomial_diff == 0);
  CHECK(multinomial_diff == 0);
}

/// The comparison of one configuration's paths run elsewhere (`other`) with the host's run_path.
struct PathComparison {
  std::string config;
  int T = 0;
  long paths = 0, same_counts = 0, same_events = 0, same_both = 0, fast_same = 0, bad = 0;
  long earliest_divergence = -1; // first step whose batch counts differ on some path (−1: none)
  double worst = 0;              // largest relative difference of a final coordinate, identical-count paths
  double fraction() const { return paths > 0 ? static_cast<double>(same_both) / paths : 0; }
};

/// `paths` paths of each configuration through `other` (in chunks) and through run_ensemble on `backend`
/// (the fast path), against the host's run_path with the counts recorded.
std::vector<PathComparison> compare_paths(const RecordedRunner& other, const std::string& backend,
                                          const std::vector<Named>& configs, long paths, long chunk) {
  constexpr std::uint64_t seed = 7;
  std::vector<PathComparison> out;
  for (const Named& nc : configs) {
    const Config& c = nc.c;
    const int S = c.u.S;
    const std::size_t per = static_cast<std::size_t>(c.T) * S;
    PathComparison r;
    r.config = nc.name;
    r.T = c.T;
    r.paths = paths;
    const EnsembleResult fast = run_ensemble(c, seed, 0, paths, backend);
    for (long a = 0; a < paths; a += chunk) {
      const long n = std::min(chunk, paths - a);
      std::vector<PathSummary> g(static_cast<std::size_t>(n)), h(static_cast<std::size_t>(n));
      std::vector<long> gc(per * n), hc(per * n);
      other(c, seed, a, n, g.data(), gc.data(), nullptr);
      host_recorded(c, seed, a, n, h.data(), hc.data());
      for (long k = 0; k < n; ++k) {
        r.fast_same += same_summary(fast.paths[static_cast<std::size_t>(a + k)], g[k]);
        r.bad += g[k].status != 0 || h[k].status != 0;
        const long* x = gc.data() + per * k;
        const long* y = hc.data() + per * k;
        const auto m = std::mismatch(x, x + per, y);
        const bool counts_equal = m.first == x + per;
        if (!counts_equal) {
          const long step = (m.first - x) / S + 1;
          r.earliest_divergence = r.earliest_divergence < 0 ? step : std::min(r.earliest_divergence, step);
        }
        const bool events_equal = std::equal(g[k].fix, g[k].fix + kEventReadings, h[k].fix) &&
                                  std::equal(g[k].homog, g[k].homog + kEventReadings, h[k].homog);
        r.same_counts += counts_equal;
        r.same_events += events_equal;
        r.same_both += counts_equal && events_equal;
        if (counts_equal)
          for (int i = 0; i < S; ++i)
            if (std::abs(h[k].p_final[i]) > 1e-250)
              r.worst = std::max(r.worst, rel(h[k].p_final[i], g[k].p_final[i]));
      }
    }
    out.push_back(r);
  }
  return out;
}

/// The figures of the comparisons, and the criteria: identical batch counts and event times on ≥ 99 % of
/// paths, final coordinates within a relative 1e-9 on the paths with identical counts, the fast path's
/// summaries equal to the recorded run's, no path left the simplex.
void check_comparisons(const std::vector<PathComparison>& rs, const std::string& where) {
  for (const PathComparison& r : rs) {
    std::ostringstream f;
    f << "stage=cuda_vs_cpu where=" << where << " config=" << r.config << " paths=" << r.paths << " T=" << r.T
      << " identical_counts=" << r.same_counts << " identical_events=" << r.same_events
      << " identical_both=" << r.same_both << " fraction=" << r.fraction() << " final_worst_rel=" << r.worst
      << " earliest_divergent_step=" << r.earliest_divergence << " fast_kernel_equal=" << r.fast_same
      << " bad_paths=" << r.bad;
    figure(f.str());
    CHECK(r.bad == 0);
    CHECK(r.fast_same == r.paths);
    CHECK(r.fraction() >= 0.99);
    CHECK(r.worst <= 1e-9);
  }
}

/// `per_config` paths of each configuration of the double-vs-MPFR test of tests/test_ensemble.cpp run
/// through `other` with counts and states recorded, replayed by the MPFR reference from their own counts:
/// every coordinate within a relative 1e-9 over 5000 steps, the same event times.
void compare_with_mpfr(const RecordedRunner& other, long per_config, const std::string& where) {
  const std::vector<Named> configs = {
      {"star_B64", theory(Method::star, 64, 0)}, {"grpo_B16_eps3e-4", theory(Method::grpo, 16, 3e-4)},
      {"dpo_B16", theory(Method::dpo, 16, 0)},   {"dpo_B64_eps3e-4", theory(Method::dpo, 64, 3e-4)},
      {"dcr_a0.05_b0.1", dcr(0.05, 0.10)},       {"dcr_a0.1_b0.75", dcr(0.10, 0.75)}};
  double worst = 0;
  long events_equal = 0, n_paths = 0;
  for (std::size_t j = 0; j < configs.size(); ++j) {
    const Config& c = configs[j].c;
    const int S = c.u.S;
    std::vector<PathSummary> g(static_cast<std::size_t>(per_config));
    std::vector<long> counts(static_cast<std::size_t>(per_config) * c.T * S);
    std::vector<double> states(static_cast<std::size_t>(per_config) * (c.T + 1) * S);
    other(c, 2000 + j, 0, per_config, g.data(), counts.data(), states.data());
    for (long k = 0; k < per_config; ++k) {
      ++n_paths;
      REQUIRE(g[k].status == 0);
      const double* st = states.data() + static_cast<std::size_t>(k) * (c.T + 1) * S;
      std::vector<mpfr> p0(static_cast<std::size_t>(S));
      for (int i = 0; i < S; ++i)
        p0[static_cast<std::size_t>(i)] = mpfr(st[i]);
      const ReferenceRun<mpfr> ref =
          replay_theory<mpfr>(c, p0, counts.data() + static_cast<std::size_t>(k) * c.T * S);
      REQUIRE(ref.ok);
      REQUIRE(ref.states.size() == static_cast<std::size_t>(c.T + 1));
      double path_worst = 0;
      for (int t = 0; t <= c.T; ++t)
        for (int i = 0; i < S; ++i) {
          const double d = st[static_cast<std::size_t>(t) * S + i];
          const mpfr& m = ref.states[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)];
          if (d < 1e-300) { // underflowed to 0 or subnormal: the reference must be as small
            CHECK(m < mpfr(1e-290));
            continue;
          }
          path_worst = std::max(path_worst, to_double(abs(mpfr(d) - m) / m));
        }
      INFO(configs[j].name << " path " << k << ": largest relative deviation " << path_worst);
      CHECK(path_worst <= 1e-9);
      worst = std::max(worst, path_worst);
      bool same = true;
      for (int r = 0; r < kEventReadings; ++r)
        same = same && g[k].fix[r] == ref.fix[r] && g[k].homog[r] == ref.homog[r];
      CHECK(same);
      events_equal += same;
    }
  }
  std::ostringstream f;
  f << "stage=cuda_vs_mpfr where=" << where << " paths=" << n_paths << " T=5000 digits=" << working_digits()
    << " worst_rel=" << worst << " identical_events=" << events_equal;
  figure(f.str());
}
} // namespace

TEST_CASE("Random123 Philox4x64-10 gives its known-answer values on the host, and dcrv's streams are Philox "
          "keyed by (seed, path) with counter (step, block, tag, 0)",
          "[random][kat]") {
  for (const auto& kat : kPhiloxKat) {
    cuda::PhiloxCase k = kat;
    std::fill(k.out, k.out + 4, 0);
    cuda::philox_eval(k);
    for (int i = 0; i < 4; ++i)
      CHECK(k.out[i] == kat.out[i]);
  }
  cuda::PhiloxCase k{{11, 0, rng::tag_bridge, 0}, {7, 3}, {}};
  cuda::philox_eval(k);
  rng::Stream s(7, 3, 11, rng::tag_bridge);
  for (int i = 0; i < 4; ++i)
    CHECK(s.bits() == k.out[i]);
  k.ctr[1] = 1; // the second block of the same stream
  cuda::philox_eval(k);
  for (int i = 0; i < 4; ++i)
    CHECK(s.bits() == k.out[i]);
}

TEST_CASE(
    "the device comparisons, run with the host in the device's place, find the host identical to itself "
    "(a self-check of the comparison code)",
    "[cuda-selfcheck]") {
  compare_streams(host_philox, host_probe, "host");
  check_comparisons(compare_paths(host_recorded_states, "cpu", study_configs(), 48, 32), "host");
  compare_with_mpfr(host_recorded_states, 1, "host");
  // and the comparison sees a difference: path 3 with one batch count changed at the last step, path 5 with a
  // final coordinate off by a relative 1e-6
  const RecordedRunner perturbed = [](const Config& c, std::uint64_t seed, long first, long n,
                                      PathSummary* out, long* counts, double* states) {
    host_recorded_states(c, seed, first, n, out, counts, states);
    for (long k = 0; k < n; ++k) {
      if (first + k == 3)
        ++counts[(static_cast<std::size_t>(k) * c.T + c.T - 1) * c.u.S];
      if (first + k == 5)
        out[k].p_final[0] *= 1 + 1e-6;
    }
  };
  Config c = theory(Method::star, 64, 0);
  c.T = 400;
  const PathComparison r = compare_paths(perturbed, "cpu", {{"star_T400", c}}, 8, 8).at(0);
  CHECK(r.same_counts == 7);
  CHECK(r.same_both == 7);
  CHECK(r.earliest_divergence == 400);
  CHECK(r.fast_same == 7);
  CHECK(r.worst == Approx(1e-6).epsilon(1e-3));
  CHECK(r.fraction() < 0.99);
}

TEST_CASE(
    "cuda: Random123's known-answer values and dcrv's streams on the device equal the host's (device only)",
    "[cuda][kat]") {
  if (skip_without_device())
    return;
#if defined(DCRV_HAVE_CUDA)
  compare_streams(cuda::philox_on_device, cuda::probe_on_device, "device");
#endif
}

TEST_CASE("cuda vs cpu: identical batch counts and event times on at least 99 % of paths, final coordinates "
          "within 1e-9 on those, and the fast-path kernel equals the recorded one (device only)",
          "[cuda][cpu]") {
  if (skip_without_device())
    return;
#if defined(DCRV_HAVE_CUDA)
  check_comparisons(compare_paths(cuda::run_paths_recorded, "cuda", study_configs(), 1024, 512), "device");
#endif
}

TEST_CASE("cuda backend: event-time laws agree with the cpu backend (two-sample KS, device only)",
          "[cuda][ks]") {
  if (skip_without_device())
    return;
  const Config c = theory(Method::grpo_iw, 16, 0);
  const EnsembleResult cpu = run_ensemble(c, 11, 0, 2000, "cpu");
  const EnsembleResult gpu = run_ensemble(c, 12, 0, 2000, "cuda");
  std::vector<double> a, b;
  for (const auto& p : cpu.paths)
    a.push_back(p.fix[event_trailing] < 0 ? c.T + 1 : p.fix[event_trailing]);
  for (const auto& p : gpu.paths)
    b.push_back(p.fix[event_trailing] < 0 ? c.T + 1 : p.fix[event_trailing]);
  const stats::KsResult ks = stats::ks_two_sample(a, b);
  std::ostringstream f;
  f << "stage=ks config=grpo_iw_B16 paths=2000+2000 D=" << ks.D << " p=" << ks.p_value;
  figure(f.str());
  CHECK(ks.p_value > 1e-6);
}

TEST_CASE("cuda vs MPFR: paths run on the device follow the MPFR reference driven by their own batch counts "
          "for 5000 steps, with the same event times (device only)",
          "[cuda][mpfr]") {
  if (skip_without_device())
    return;
#if defined(DCRV_HAVE_CUDA)
  compare_with_mpfr(cuda::run_paths_recorded, 4, "device");
#endif
}
