// dcrv/srct_arrays.hpp — an SRCT/DCR model (srct.hpp) in the array form of the Monte-Carlo steps
// (minibatch.hpp's SrctDrift, which holds pointers to the caller's arrays).
#pragma once
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/srct.hpp"

namespace dcrv {

/// Owns U (K) and the kernel (K×K, row-major) of a model; drift() points into them, so the SrctArrays must
/// outlive every SrctDrift it hands out (it is not copyable for that reason).
class SrctArrays {
public:
  explicit SrctArrays(const SrctParams<double>& m)
      : U_(m.U.data(), m.U.data() + m.size()), kernel_(std::size_t(m.size()) * m.size()),
        two_lambda_beta_(2 * m.lambda * m.beta), barrier_(m.barrier()) {
    const int K = m.size();
    for (int i = 0; i < K; ++i)
      for (int j = 0; j < K; ++j)
        kernel_[std::size_t(i) * K + j] = m.K(i, j);
  }
  SrctArrays(const SrctArrays&) = delete;
  SrctArrays& operator=(const SrctArrays&) = delete;

  /// φ = U − 2λβ K p, barrier A = ε + λα + β_KL (no base-policy term: β_KL log p_base is not carried).
  SrctDrift drift() const {
    SrctDrift d;
    d.U = U_.data(), d.kernel = kernel_.data(), d.two_lambda_beta = two_lambda_beta_, d.barrier = barrier_;
    return d;
  }

private:
  std::vector<double> U_, kernel_;
  double two_lambda_beta_, barrier_;
};

} // namespace dcrv
