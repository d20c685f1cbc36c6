// checks/worker_threads.hpp — a pool of worker threads for the runner and the theory-change commands.
#pragma once

#include <mpfr.h>

#include <thread>
#include <vector>

namespace dcrv {

/// Runs `work` on `threads` threads and joins them. Each worker frees its thread-local MPFR caches (the
/// constants π, log 2, … MPFR keeps per thread) before it ends: MPFR frees only the main thread's at exit, so
/// without this every worker's caches leak (LeakSanitizer reports them in the sanitizer build).
template <class F> void run_on_threads(int threads, F work) {
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  for (int j = 0; j < threads; ++j)
    pool.emplace_back([&work] {
      work();
      mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    });
  for (auto& t : pool)
    t.join();
}

} // namespace dcrv
