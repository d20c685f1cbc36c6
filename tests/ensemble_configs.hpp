// tests/ensemble_configs.hpp — the App. J ensemble configurations the ensemble and CUDA tests share: the
// theory track of Study A (K = 12, gated kernel, η = 0.15, 5000 steps) and the DCR track at a cell (α, β).
#pragma once

#include "dcrv/ensemble/ensemble.hpp"

namespace dcrv::ensemble::test_configs {

inline Config theory(Method m, int B, double eps) {
  Config c;
  c.u = app_j_universe();
  c.fit.method = m;
  c.B = B;
  c.eps = eps;
  c.eta = 0.15;
  c.T = 5000;
  c.metrics.eff = c.metrics.arm = c.fit.kernel = make_kernel(c.u, KernelKind::gated);
  return c;
}

inline Config dcr(double alpha, double beta) {
  Config c = theory(Method::dcr, 128, 1e-4 + alpha);
  c.metrics.alpha = alpha;
  c.metrics.beta = beta;
  c.fit.two_lambda_beta = 2 * beta;
  return c;
}

} // namespace dcrv::ensemble::test_configs
