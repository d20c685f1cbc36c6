// lib/cuda/checks.hpp — what the GPU check kit (scripts/gpu-check.sh, tests/test_cuda.cpp) runs on the
// device beside the ensemble fast path: Random123's Philox4x64-10 and dcrv's streams evaluated in a kernel
// (known-answer values, host against device), and paths run with their batch counts and states recorded (the
// cuda-vs-cpu and cuda-vs-MPFR comparisons). The evaluation functions are DCRV_HD: the host computes the
// same values with the same code. The device entry points exist only in a build with the cuda backend
// (DCRV_HAVE_CUDA); each throws std::runtime_error with the CUDA error text on failure.
#pragma once

#include <cstdint>

#include "dcrv/ensemble/path.hpp"
#include "dcrv/random.hpp"

namespace dcrv::ensemble::cuda {

/// One Philox4x64-10 evaluation: counter (4 words) and key (2 words) in, 4 words out.
struct PhiloxCase {
  std::uint64_t ctr[4], key[2], out[4];
};
DCRV_HD inline void philox_eval(PhiloxCase& k) {
  const r123::Philox4x64::ctr_type c = {{k.ctr[0], k.ctr[1], k.ctr[2], k.ctr[3]}};
  const r123::Philox4x64::key_type key = {{k.key[0], k.key[1]}};
  const r123::Philox4x64::ctr_type r = r123::Philox4x64()(c, key);
  for (int i = 0; i < 4; ++i)
    k.out[i] = r.v[i];
}

/// What one probe of rng::Stream(seed, path, step, tag) draws, each kind from a fresh stream: the first raw
/// words, uniforms, normals, Binomial(n, p) variates and one Multinomial(n, q) vector over kMaxTraces
/// categories with q_i ∝ 2^−i.
inline constexpr int kProbeDraws = 8;
struct StreamProbe {
  std::uint64_t seed = 0, path = 0, step = 0, tag = 0;
  long n = 0;
  double p = 0;
  std::uint64_t bits[kProbeDraws] = {};
  double uniform[kProbeDraws] = {}, normal[kProbeDraws] = {};
  long binomial[kProbeDraws] = {};
  long multinomial[kMaxTraces] = {};
};
DCRV_HD inline void probe_stream(StreamProbe& q) {
  {
    rng::Stream s(q.seed, q.path, q.step, q.tag);
    for (int i = 0; i < kProbeDraws; ++i)
      q.bits[i] = s.bits();
  }
  {
    rng::Stream s(q.seed, q.path, q.step, q.tag);
    for (int i = 0; i < kProbeDraws; ++i)
      q.uniform[i] = s.uniform();
  }
  {
    rng::Stream s(q.seed, q.path, q.step, q.tag);
    for (int i = 0; i < kProbeDraws; ++i)
      q.normal[i] = s.normal();
  }
  {
    rng::Stream s(q.seed, q.path, q.step, q.tag);
    for (int i = 0; i < kProbeDraws; ++i)
      q.binomial[i] = rng::binomial(s, q.n, q.p, 1 - q.p);
  }
  {
    rng::Stream s(q.seed, q.path, q.step, q.tag);
    double w[kMaxTraces], tail[kMaxTraces + 1];
    double x = 1;
    for (int i = 0; i < kMaxTraces; ++i, x *= 0.5)
      w[i] = x;
    rng::multinomial(s, q.n, w, kMaxTraces, q.multinomial, tail);
  }
}

/// Evaluates the cases on device 0, in place (out).
void philox_on_device(PhiloxCase* cases, int n);
/// Draws the probes on device 0, in place.
void probe_on_device(StreamProbe* probes, int n);
/// Runs paths [first, first + count) of c under seed on device 0 with the kernel of run_paths, recording
/// every path's batch counts (count × T × S, row t − 1 for step t) and, when `states` is not null, its
/// states (count × (T + 1) × S).
void run_paths_recorded(const Config& c, std::uint64_t seed, long first, long count, PathSummary* out,
                        long* counts, double* states);

} // namespace dcrv::ensemble::cuda
