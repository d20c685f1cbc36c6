// checks/worker_threads.hpp — a pool of worker threads for the runner and the theory-change commands.
#pragma once

#include <mpfr.h>

#include <thread>
#include <vector>

namespace dcrv {

/// Runs `work` on `threads` threads and joins them. Each worker frees its thread-local MPFR caches (the
/// constants π, log 2, … MPFR keeps per thread) before it ends: MPFR frees only the main thread's at exit, so
/// without this every worker's caches leak (LeakSanitizer reports them in the sanitizer build).
///
/// MPFR's own default precision (mpfr_set_default_prec, used for the temporaries MPFI allocates inside its
/// functions) and exponent range are thread-local: a new thread starts at 53 bits. Each worker takes the
/// spawning thread's settings, so that an interval evaluated in a worker is as tight as in the main thread.
/// Boost's default precision is one unsynchronised global instead; the runner guards it after every claim
/// (refuse_on_precision_drift, checks/runner.hpp).
template <class F> void run_on_threads(int threads, F work) {
  const mpfr_prec_t precision = mpfr_get_default_prec();
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  for (int j = 0; j < threads; ++j)
    pool.emplace_back([&work, precision, emin, emax] {
      mpfr_set_default_prec(precision);
      mpfr_set_emin(emin);
      mpfr_set_emax(emax);
      work();
      mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    });
  for (auto& t : pool)
    t.join();
}

} // namespace dcrv
