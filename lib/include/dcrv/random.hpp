// dcrv/random.hpp — counter-based random streams and exact samplers (DESIGN.md "Numerics", stochastic
// claims).
//
// Every random number dcrv draws is a pure function of (seed, path, step, tag, draw index): the generator is
// Random123's Philox4x64-10 keyed by (seed, path), with the counter (step, block, tag, 0). A path can
// therefore be replayed alone, results do not depend on how paths are spread over threads (--jobs), and a
// CUDA kernel that calls the same functions draws the same numbers. Nothing here holds shared state,
// allocates, or uses std::*_distribution (whose output is implementation-defined).
//
//   rng::Stream s(seed, path, step);        // the draws of one path at one step (tag: which use, default 0)
//   double u = s.uniform();                 // U(0,1), open at both ends, 53 random bits
//   double z = s.normal();                  // N(0,1), Box–Muller (both values of a pair are used)
//   long k = rng::binomial(s, n, p, 1 - p); // Binomial(n, p), exact: inversion for n·min(p,q) < 10, BTRS
//   beyond rng::multinomial(s, B, p, K, N, tail);  // Multinomial(B, p) by conditional binomials (tail: K+1
//   doubles)
//
// Exactness: the samplers are exact algorithms for the stated laws (up to the floating-point evaluation of
// probabilities, as for any published sampler): inversion by sequential search (Kachitvichyanukul & Schmeiser
// 1988, BINV) when the smaller mean is below 10, and Hörmann's transformed rejection with squeeze (BTRS, W.
// Hörmann, "The generation of binomial random variates", J. Statist. Comput. Simul. 46 (1993)) otherwise;
// valid for every n up to 2^53 (tested up to 10^6).
//
// All functions are inline and marked DCRV_HD (__host__ __device__ under nvcc).
#pragma once

#include <Random123/philox.h>

#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
#define DCRV_HD __host__ __device__
#else
#define DCRV_HD
#endif

namespace dcrv::rng {

/// Tags separating independent uses of the numbers of one path at one step (e.g. the noise of a step and the
/// uniform of a Brownian-bridge crossing test never share a counter).
enum Tag : std::uint64_t { tag_noise = 0, tag_bridge = 1, tag_start = 2, tag_aux = 3 };

/// The random numbers of one path at one step: Philox4x64-10, key (seed, path), counter (step, block, tag,
/// 0); each block gives four 64-bit words, consumed in order.
class Stream {
public:
  DCRV_HD Stream(std::uint64_t seed, std::uint64_t path, std::uint64_t step, std::uint64_t tag = tag_noise)
      : key_{{seed, path}}, ctr_{{step, 0, tag, 0}} {}

  /// The next 64 random bits.
  DCRV_HD std::uint64_t bits() {
    if (used_ == 4) {
      out_ = r123::Philox4x64()(ctr_, key_);
      ++ctr_.v[1];
      used_ = 0;
    }
    ++draws_;
    return out_.v[used_++];
  }
  /// U(0,1) on the grid (k + ½)·2⁻⁵³, k = 0 … 2⁵³−1: never 0 or 1 (so log u and log(1−u) are finite).
  DCRV_HD double uniform() { return (static_cast<double>(bits() >> 11) + 0.5) * 0x1p-53; }
  /// N(0,1) by the Box–Muller transform; the second value of each pair is kept for the next call.
  DCRV_HD double normal() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    const double u1 = uniform(), u2 = uniform();
    const double r = ::sqrt(-2.0 * ::log(u1));
    const double a = 6.283185307179586476925 * u2;
    spare_ = r * ::sin(a);
    has_spare_ = true;
    return r * ::cos(a);
  }
  /// 64-bit words consumed so far (for tests of the draw accounting).
  DCRV_HD std::uint64_t draws() const { return draws_; }

private:
  r123::Philox4x64::key_type key_;
  r123::Philox4x64::ctr_type ctr_;
  r123::Philox4x64::ctr_type out_{};
  int used_ = 4;
  bool has_spare_ = false;
  double spare_ = 0;
  std::uint64_t draws_ = 0;
};

namespace detail {
/// log k! − [(k + ½) log(k + 1) − (k + 1) + ½ log 2π]: the Stirling tail used by BTRS (table for k ≤ 9).
DCRV_HD inline double stirling_tail(double k) {
  constexpr double table[10] = {
      0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
      0.0138761288230707, 0.0118967099458917, 0.0104112652619720, 0.00925546218271273, 0.00833056343336287};
  if (k <= 9)
    return table[static_cast<int>(k)];
  const double kp1sq = (k + 1) * (k + 1);
  return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1);
}

/// Binomial(n, p) by inversion (sequential search from 0), p ≤ q = 1 − p given separately, n·p < 10.
DCRV_HD inline long binomial_inversion(Stream& s, long n, double p, double q) {
  const double ratio = p / q, a = (static_cast<double>(n) + 1) * ratio;
  const double log_q = p < 0.25 ? ::log1p(-p) : ::log(q);
  const double r0 = ::exp(static_cast<double>(n) * log_q);
  for (;;) {
    double u = s.uniform(), r = r0;
    long x = 0;
    while (u > r) {
      u -= r;
      ++x;
      if (x > n)
        break; // rounding left u unexhausted: draw again (the law is unchanged)
      r *= a / static_cast<double>(x) - ratio;
    }
    if (x <= n)
      return x;
  }
}

/// Binomial(n, p) by BTRS (Hörmann 1993), p ≤ ½, n·p ≥ 10.
DCRV_HD inline long binomial_btrs(Stream& s, long n, double p, double q) {
  const double nd = static_cast<double>(n);
  const double spq = ::sqrt(nd * p * q);
  const double b = 1.15 + 2.53 * spq;
  const double a = -0.0873 + 0.0248 * b + 0.01 * p;
  const double c = nd * p + 0.5;
  const double v_r = 0.92 - 4.2 / b;
  const double r = p / q;
  const double alpha = (2.83 + 5.1 / b) * spq;
  const double m = ::floor((nd + 1) * p);
  for (;;) {
    const double u = s.uniform() - 0.5;
    double v = s.uniform();
    const double us = 0.5 - ::fabs(u);
    const double k = ::floor((2 * a / us + b) * u + c);
    if (k < 0 || k > nd)
      continue;
    if (us >= 0.07 && v <= v_r)
      return static_cast<long>(k);
    v = ::log(v * alpha / (a / (us * us) + b));
    const double bound = (m + 0.5) * ::log((m + 1) / (r * (nd - m + 1))) +
                         (nd + 1) * ::log((nd - m + 1) / (nd - k + 1)) +
                         (k + 0.5) * ::log(r * (nd - k + 1) / (k + 1)) + stirling_tail(m) +
                         stirling_tail(nd - m) - stirling_tail(k) - stirling_tail(nd - k);
    if (v <= bound)
      return static_cast<long>(k);
  }
}
} // namespace detail

/// Binomial(n, p), exact. q = 1 − p is passed separately so that it keeps its relative precision (e.g. as a
/// sum of the other categories' masses). Requires n ≥ 0, p, q ≥ 0, p + q ≈ 1.
DCRV_HD inline long binomial(Stream& s, long n, double p, double q) {
  if (n <= 0 || !(p > 0))
    return 0;
  if (!(q > 0))
    return n;
  if (p > q)
    return n - binomial(s, n, q, p);
  if (static_cast<double>(n) * p < 10)
    return detail::binomial_inversion(s, n, p, q);
  return detail::binomial_btrs(s, n, p, q);
}

/// N ~ Multinomial(n, p) over K categories by conditional binomials: N_i ~ Binomial(n − Σ_{j<i} N_j,
/// p_i / Σ_{j≥i} p_j). p need not sum to exactly 1 (it is used relative to its sum); p_i ≥ 0. `tail` is
/// caller scratch of K + 1 doubles (it receives the suffix sums, so each conditional probability and its
/// complement are ratios of sums of non-negative terms, free of cancellation).
DCRV_HD inline void multinomial(Stream& s, long n, const double* p, int K, long* out, double* tail) {
  tail[K] = 0;
  for (int i = K - 1; i >= 0; --i)
    tail[i] = tail[i + 1] + p[i];
  long rest = n;
  for (int i = 0; i + 1 < K; ++i) {
    if (rest == 0 || !(tail[i] > 0)) {
      out[i] = 0;
      continue;
    }
    const long k = binomial(s, rest, p[i] / tail[i], tail[i + 1] / tail[i]);
    out[i] = k;
    rest -= k;
  }
  out[K - 1] = rest;
}

/// A categorical draw: the index i with probability p_i / Σp (inversion; K small).
DCRV_HD inline int categorical(Stream& s, const double* p, int K) {
  double total = 0;
  for (int i = 0; i < K; ++i)
    total += p[i];
  double u = s.uniform() * total;
  for (int i = 0; i + 1 < K; ++i) {
    if (u < p[i])
      return i;
    u -= p[i];
  }
  return K - 1;
}

/// A 64-bit seed for one use of one claim: FNV-1a of the text mixed with the run seed (SplitMix64 finaliser),
/// so that claims and their experiments draw from unrelated streams whatever the run order.
inline std::uint64_t derive_seed(std::uint64_t seed, const char* text) {
  std::uint64_t h = 1469598103934665603ull;
  for (const char* c = text; *c; ++c)
    h = (h ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
  std::uint64_t z = h ^ (seed + 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

} // namespace dcrv::rng
