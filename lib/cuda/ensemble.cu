// lib/cuda/ensemble.cu — the cuda backend: one thread per path (lib/cuda/ensemble.hpp).
#include "lib/cuda/ensemble.hpp"

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace dcrv::ensemble::cuda {

namespace {
void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("cuda backend: ") + what + ": " + cudaGetErrorString(e));
}

/// One path per thread; the summary is accumulated in registers / local memory and written once.
__global__ void paths_kernel(Config c, std::uint64_t seed, long first, long count, PathSummary* out,
                             double* series, int cp) {
  const long k = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= count)
    return;
  PathRecord rec;
  if (series)
    rec.series = series + static_cast<std::size_t>(k) * cp * kMetrics;
  PathSummary local;
  run_path(c, seed, static_cast<std::uint64_t>(first + k), local, rec);
  out[k] = local;
}
} // namespace

int device_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError(); // clear the sticky error of a machine without a driver
    return 0;
  }
  return n;
}

bool device_available(std::string* why) {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    cudaGetLastError();
    if (why)
      *why = std::string("no CUDA device: ") + cudaGetErrorString(e);
    return false;
  }
  if (n == 0) {
    if (why)
      *why = "no CUDA device: the runtime reports 0 devices";
    return false;
  }
  if (why)
    *why = "";
  return true;
}

int run_paths(const Config& c, std::uint64_t seed, long first, long count, PathSummary* out, double* series) {
  if (count <= 0)
    return 0;
  const int cp = checkpoints(c);
  PathSummary* d_out = nullptr;
  double* d_series = nullptr;
  check(cudaMalloc(&d_out, sizeof(PathSummary) * static_cast<std::size_t>(count)), "cudaMalloc(summaries)");
  const std::size_t series_n = series ? static_cast<std::size_t>(count) * cp * kMetrics : 0;
  if (series_n > 0) {
    const cudaError_t e = cudaMalloc(&d_series, sizeof(double) * series_n);
    if (e != cudaSuccess) {
      cudaFree(d_out);
      check(e, "cudaMalloc(series)");
    }
  }
  constexpr int threads = 128;
  const long blocks = (count + threads - 1) / threads;
  paths_kernel<<<static_cast<unsigned>(blocks), threads>>>(c, seed, first, count, d_out, d_series, cp);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess)
    e = cudaDeviceSynchronize();
  if (e == cudaSuccess)
    e = cudaMemcpy(out, d_out, sizeof(PathSummary) * static_cast<std::size_t>(count), cudaMemcpyDeviceToHost);
  if (e == cudaSuccess && series_n > 0)
    e = cudaMemcpy(series, d_series, sizeof(double) * series_n, cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  if (d_series)
    cudaFree(d_series);
  check(e, "paths kernel");
  return threads;
}

} // namespace dcrv::ensemble::cuda
