// dcrv/backend.hpp — where ensembles run (DESIGN.md "CUDA fast path"): `cpu` (a thread pool over paths) or
// `cuda` (one GPU thread per path), chosen by `dcrv run --backend auto|cpu|cuda`.
#pragma once
#include <string>

namespace dcrv {

/// Number of CUDA devices usable by this build: 0 when dcrv was built without CUDA (DCRV_CUDA=OFF) or when
/// the machine has no device or driver (cudaGetDeviceCount fails).
int cuda_device_count();
/// Why there is no usable device ("" when there is one): for `--backend cuda` errors and skipped tests.
std::string cuda_unavailable_reason();
/// Resolves a requested backend ("auto", "cpu", "cuda") to the one that runs: auto = cuda when a device is
/// present, else cpu. Throws std::invalid_argument for an unknown name or for "cuda" without a device
/// (with the reason).
std::string resolve_backend(const std::string& requested);

} // namespace dcrv
