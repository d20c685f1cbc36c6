// lib/cuda/ensemble.hpp — the cuda backend of the ensemble engine (dcrv/ensemble/ensemble.hpp): one GPU
// thread per path, running the same DCRV_HD step functions as the cpu backend (dcrv/ensemble/path.hpp). Built
// only when CMake finds nvcc (DCRV_HAVE_CUDA); the device code is compiled without FMA contraction
// (--fmad=false) so that its arithmetic is the host's, operation for operation (the remaining differences are
// the device libm's exp/log, within a few ulps).
#pragma once

#include <cstdint>
#include <string>

#include "dcrv/ensemble/path.hpp"

namespace dcrv::ensemble::cuda {

/// True when the CUDA runtime reports at least one device; otherwise false with the reason.
bool device_available(std::string* why);
/// Number of devices the runtime reports (0 without a driver).
int device_count();
/// Runs paths [first, first + count) of c under seed on device 0, writing `out` (count summaries) and, when
/// `series` is not null, count × checkpoints(c) × kMetrics values. Returns the threads per block used. Throws
/// std::runtime_error with the CUDA error text on failure.
int run_paths(const Config& c, std::uint64_t seed, long first, long count, PathSummary* out, double* series);

} // namespace dcrv::ensemble::cuda
