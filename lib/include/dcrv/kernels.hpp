// dcrv/kernels.hpp — PSD kernels used by the DCR objective (App. A (A4), App. I, App. J).
#pragma once
#include <random>
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv {

/// A random PSD kernel B Bᵀ/rank with B an S×rank matrix of standard normals (rank < S gives a kernel
/// with a nontrivial null space, as (A4) allows).
Mat<double> random_psd_kernel(int S, int rank, std::mt19937_64& rng);
/// Block-constant kernel: `within` on the diagonal blocks given by `block_of[i]`, `across` elsewhere
/// (App. I, block-constant construction). PSD when within ≥ across ≥ 0.
Mat<double> block_constant_kernel(const std::vector<int>& block_of, double within, double across);
/// The gated effective kernel K_eff = Diag(R) K_sem Diag(R) with R = 1{i ∈ C} (main §5, App. I eq. K_eff).
Mat<double> gated_kernel(const Mat<double>& k_sem, const std::vector<bool>& correct);

} // namespace dcrv
