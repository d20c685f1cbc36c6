#include "dcrv/backend.hpp"

#include <stdexcept>

#ifdef DCRV_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace dcrv {

std::string cuda_unavailable_reason() {
#ifdef DCRV_HAVE_CUDA
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess)
    return std::string("no usable CUDA device: ") + cudaGetErrorString(e);
  if (n == 0)
    return "no CUDA device on this machine";
  return "";
#else
  return "this build of dcrv has no CUDA backend (configured with DCRV_CUDA=OFF or no CUDA toolkit found)";
#endif
}

int cuda_device_count() {
#ifdef DCRV_HAVE_CUDA
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess)
    return 0;
  return n;
#else
  return 0;
#endif
}

std::string resolve_backend(const std::string& requested) {
  if (requested == "cpu")
    return "cpu";
  if (requested == "auto")
    return cuda_device_count() > 0 ? "cuda" : "cpu";
  if (requested == "cuda") {
    if (cuda_device_count() > 0)
      return "cuda";
    throw std::invalid_argument("--backend cuda: " + cuda_unavailable_reason());
  }
  throw std::invalid_argument("unknown backend '" + requested + "' (auto, cpu, cuda)");
}

} // namespace dcrv
