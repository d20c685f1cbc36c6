// lib/cuda/ensemble.cu — the cuda backend: one thread per path (lib/cuda/ensemble.hpp); the same kernel
// also runs the recorded paths of the check kit (lib/cuda/checks.hpp).
#include "lib/cuda/checks.hpp"
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

/// One path per thread; the summary is accumulated in registers / local memory and written once. `counts`
/// and `states` (the check kit's recorded paths) are null in the fast path.
__global__ void paths_kernel(Config c, std::uint64_t seed, long first, long count, PathSummary* out,
                             double* series, int cp, long* counts, double* states) {
  const long k = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= count)
    return;
  PathRecord rec;
  if (series)
    rec.series = series + static_cast<std::size_t>(k) * cp * kMetrics;
  if (counts)
    rec.counts = counts + static_cast<std::size_t>(k) * c.T * c.u.S;
  if (states)
    rec.states = states + static_cast<std::size_t>(k) * (c.T + 1) * c.u.S;
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
  paths_kernel<<<static_cast<unsigned>(blocks), threads>>>(c, seed, first, count, d_out, d_series, cp,
                                                           nullptr, nullptr);
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

void run_paths_recorded(const Config& c, std::uint64_t seed, long first, long count, PathSummary* out,
                        long* counts, double* states) {
  if (count <= 0)
    return;
  const std::size_t n_counts = static_cast<std::size_t>(count) * c.T * c.u.S;
  const std::size_t n_states = states ? static_cast<std::size_t>(count) * (c.T + 1) * c.u.S : 0;
  PathSummary* d_out = nullptr;
  long* d_counts = nullptr;
  double* d_states = nullptr;
  cudaError_t e = cudaMalloc(&d_out, sizeof(PathSummary) * static_cast<std::size_t>(count));
  if (e == cudaSuccess)
    e = cudaMalloc(&d_counts, sizeof(long) * n_counts);
  if (e == cudaSuccess && n_states > 0)
    e = cudaMalloc(&d_states, sizeof(double) * n_states);
  if (e == cudaSuccess) {
    constexpr int threads = 128;
    const long blocks = (count + threads - 1) / threads;
    paths_kernel<<<static_cast<unsigned>(blocks), threads>>>(c, seed, first, count, d_out, nullptr, 0,
                                                             d_counts, d_states);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess)
    e = cudaDeviceSynchronize();
  if (e == cudaSuccess)
    e = cudaMemcpy(out, d_out, sizeof(PathSummary) * static_cast<std::size_t>(count), cudaMemcpyDeviceToHost);
  if (e == cudaSuccess)
    e = cudaMemcpy(counts, d_counts, sizeof(long) * n_counts, cudaMemcpyDeviceToHost);
  if (e == cudaSuccess && n_states > 0)
    e = cudaMemcpy(states, d_states, sizeof(double) * n_states, cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  cudaFree(d_counts);
  cudaFree(d_states);
  check(e, "recorded paths kernel");
}

} // namespace dcrv::ensemble::cuda
