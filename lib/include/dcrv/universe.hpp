// dcrv/universe.hpp — the synthetic trace universe of App. J (S = 12: correct clusters A,B,C of sizes 3,3,2,
// then 4 incorrect traces) and its Study-B DCR model.
#pragma once
#include <vector>

#include "dcrv/srct.hpp"

namespace dcrv {

struct TraceUniverse {
  std::vector<int> cluster; // 0,1,2 for the correct clusters A,B,C; −1 for incorrect traces
  std::vector<bool> correct;
  int size() const { return static_cast<int>(cluster.size()); }
};
/// Clusters of the given sizes followed by `incorrect` incorrect traces (App. J: {3,3,2} and 4).
TraceUniverse make_universe(const std::vector<int>& cluster_sizes = {3, 3, 2}, int incorrect = 4);
/// K_sem(i,j) = 1 if i, j are correct and in the same cluster, else 0; gated: K_eff = R K_sem R (App. J).
Mat<double> cluster_kernel(const TraceUniverse& u);
/// Study B: U = r (1 on correct, `incorrect_reward` on incorrect), gated cluster kernel, barrier folded in:
/// ε = ε_barrier (+ λα through A = ε + λα).
SrctParams<double> study_b_model(const TraceUniverse& u, double lambda, double alpha, double beta,
                                 double eps_barrier = 1e-4, double incorrect_reward = 0.2);
/// Study B with its constants given as exact decimals ("0.05", "1e-4"), each rounded once into T, e.g.
/// study_b_model<mpfr>(u, "1", "0.05", "0.5"). The double model cast to MPFR carries the double roundings
/// (0.05 as a double is 0.05000000000000000277…, a relative perturbation of 6e-17), so an MPFR integration of
/// it is a reference only to ~17 digits; this one is the paper's model to the working precision.
template <class T>
SrctParams<T> study_b_model(const TraceUniverse& u, const char* lambda, const char* alpha, const char* beta,
                            const char* eps_barrier = "1e-4", const char* incorrect_reward = "0.2");

} // namespace dcrv
