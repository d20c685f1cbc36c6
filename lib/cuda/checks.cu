// lib/cuda/checks.cu — the check kit's device kernels (lib/cuda/checks.hpp): Philox4x64-10 cases and dcrv
// stream probes evaluated one per thread with the host's code (the recorded paths share the fast path's
// kernel, in lib/cuda/ensemble.cu).
#include "lib/cuda/checks.hpp"

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace dcrv::ensemble::cuda {

namespace {
__global__ void philox_kernel(PhiloxCase* cases, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n)
    philox_eval(cases[k]);
}

__global__ void probe_kernel(StreamProbe* probes, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n)
    probe_stream(probes[k]);
}

/// Copies `n` items to the device, runs `launch(device pointer)`, copies them back.
template <class T, class Launch> void on_device(T* items, int n, const char* what, Launch launch) {
  if (n <= 0)
    return;
  T* d = nullptr;
  const std::size_t bytes = sizeof(T) * static_cast<std::size_t>(n);
  cudaError_t e = cudaMalloc(&d, bytes);
  if (e == cudaSuccess)
    e = cudaMemcpy(d, items, bytes, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) {
    launch(d);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess)
    e = cudaDeviceSynchronize();
  if (e == cudaSuccess)
    e = cudaMemcpy(items, d, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d);
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("cuda checks: ") + what + ": " + cudaGetErrorString(e));
}
} // namespace

void philox_on_device(PhiloxCase* cases, int n) {
  on_device(cases, n, "philox kernel", [n](PhiloxCase* d) { philox_kernel<<<(n + 63) / 64, 64>>>(d, n); });
}

void probe_on_device(StreamProbe* probes, int n) {
  on_device(probes, n, "stream probe kernel",
            [n](StreamProbe* d) { probe_kernel<<<(n + 63) / 64, 64>>>(d, n); });
}

} // namespace dcrv::ensemble::cuda
