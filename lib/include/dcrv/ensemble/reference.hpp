// dcrv/ensemble/reference.hpp — the reference of the theory track in any scalar T (MPFR on the host), driven
// by recorded batch counts: the same fitness and replicator step as the fast path (steps.hpp), evaluated at
// the working precision, so that a double path can be compared coordinate by coordinate over its whole
// horizon and its event times checked (DESIGN.md "CUDA fast path": double vs MPFR reference on a subset of
// paths). Host only.
#pragma once

#include <vector>

#include "dcrv/ensemble/events.hpp"
#include "dcrv/ensemble/path.hpp"

namespace dcrv::ensemble {

template <class T> struct ReferenceRun {
  std::vector<std::vector<T>> states; // t = 0 … T
  int fix[kEventReadings], homog[kEventReadings];
  bool ok = true;
};

/// Replays the theory track of c (not procedural) in scalar T from p0 with the batch counts `counts`
/// (T × S, row t − 1 for step t).
template <class T>
ReferenceRun<T> replay_theory(const Config& c, const std::vector<T>& p0, const long* counts) {
  const int S = c.u.S;
  ReferenceRun<T> out;
  std::vector<T> p = p0;
  T phi[kMaxTraces], scratch[kMaxLabels], phat[kMaxTraces];
  EventDetector ev;
  ev.reset(c.events, c.u.n_clusters, S);
  Metrics<T> mt;
  const T eta(c.eta), eps(c.eps);
  auto observe = [&](int t) {
    compute_metrics(c.u, c.metrics, p.data(), phat, mt);
    ev.push(t, p.data(), mt.mass, mt.value[metric_gini]);
    out.states.push_back(p);
  };
  for (int i = 0; i < S; ++i)
    phat[i] = p[i];
  observe(0);
  for (int t = 1; t <= c.T; ++t) {
    const long* n = counts + static_cast<long>(t - 1) * S;
    for (int i = 0; i < S; ++i)
      phat[i] = T(static_cast<double>(n[i])) / T(static_cast<double>(c.B));
    theory_fitness(c.fit, c.u, n, c.B, p.data(), phi, scratch);
    if (!replicator_step(p.data(), phi, eta, eps, S)) {
      out.ok = false;
      break;
    }
    observe(t);
  }
  for (int r = 0; r < kEventReadings; ++r) {
    out.fix[r] = ev.fix[r];
    out.homog[r] = ev.homog[r];
  }
  return out;
}

} // namespace dcrv::ensemble
