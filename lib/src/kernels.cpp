#include "dcrv/kernels.hpp"

#include <cmath>

namespace dcrv {

Mat<double> random_psd_kernel(int S, int rank, std::mt19937_64& rng) {
  std::normal_distribution<double> n01;
  Mat<double> b(S, rank);
  for (int i = 0; i < S; ++i)
    for (int j = 0; j < rank; ++j)
      b(i, j) = n01(rng);
  return b * b.transpose() / static_cast<double>(rank);
}

Mat<double> block_constant_kernel(const std::vector<int>& block_of, double within, double across) {
  const int S = static_cast<int>(block_of.size());
  Mat<double> k(S, S);
  for (int i = 0; i < S; ++i)
    for (int j = 0; j < S; ++j)
      k(i, j) = block_of[i] == block_of[j] ? within : across;
  return k;
}

Mat<double> gated_kernel(const Mat<double>& k_sem, const std::vector<bool>& correct) {
  Mat<double> k = k_sem;
  for (int i = 0; i < k.rows(); ++i)
    for (int j = 0; j < k.cols(); ++j)
      if (!correct[i] || !correct[j])
        k(i, j) = 0;
  return k;
}

} // namespace dcrv
