// properties/engine/trajectory.hpp — dynamic claims through the falsification engine: a flow, a start and an
// invariant become a property whose value is the worst invariant over every accepted step of the integration
// (DESIGN.md "ODEs": log-coordinates; dopri5 in double, Bulirsch–Stoer in MPFR).
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "dcrv/ode.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {

/// Relative slack for quantities produced by the integrator: its local tolerance is 1e-10 in double and
/// 10^(−0.6·digits) in MPFR (1e-30 at 50 digits), and errors accumulate over the accepted steps; an equality
/// that holds along the exact flow is not reported as a violation because of integration error, while genuine
/// violations are many orders larger.
template <class T> T flow_slack() {
  if constexpr (std::is_same_v<T, double>)
    return 1e-7;
  else
    return T(std::pow(10.0, -0.5 * scalar_digits<T>()));
}
/// Scale (relative to the magnitude of the cancelling terms) below which a difference of O(1) quantities is
/// rounding: 10³ ulps divided by the confirmation threshold of the scalar (1e-9 in double, 1e-30 in MPFR at 50
/// digits), so rounding never scores as a violation (about 2e-4 in double, 1e-17 in MPFR).
template <class T> T cancel_scale() { return T(1e3) * std::numeric_limits<T>::epsilon() / identity_tolerance<T>(); }

/// A property evaluated along a trajectory: integrates the flow ṗ = p ⊙ rate(t,p) from `start` to `t_end`
/// (log-coordinates; dopri5 in double, Bulirsch–Stoer in MPFR) and returns the worst value of `invariant`
/// over every accepted step (and t = 0). A trajectory that fails to reach t_end is a non-finite evaluation
/// (inconclusive unless MPFR gets through). Use with ForAll::holds and a small ForAll::effort.
///   flow:      []<class T>(const Args<T>&, const Consts<T>&) -> RateField<T>
///   start:     []<class T>(const Args<T>&, const Consts<T>&) -> Vec<T>           (strictly positive)
///   invariant: []<class T>(const Args<T>&, const Consts<T>&, const T& t, const Vec<T>& p) -> Ineq<T>
template <class Flow, class Start, class Invariant>
auto along_trajectory(double t_end, Flow flow, Start start, Invariant invariant) {
  return [=]<class T>(const Args<T>& a, const Consts<T>& k) -> Ineq<T> {
    const RateField<T> rate = flow(a, k);
    const Vec<T> p0 = start(a, k);
    Ineq<T> w = skip<T>();
    const FlowResult<T> r = integrate_flow_from<T>(rate, p0, T(0), T(t_end), [&](const T& t, const Vec<T>& p) {
      w = worst(w, invariant(a, k, t, p));
      return true;
    });
    if (!r.completed) {
      const T nan = std::numeric_limits<T>::quiet_NaN();
      return le<T>(nan, nan);
    }
    return w;
  };
}


/// Like along_trajectory, but the invariant also receives a per-trajectory state (quantities computed once per
/// trajectory, e.g. z(0) or a sup over the simplex), and `start` may return an empty vector to skip the sample
/// (outside the claim's hypotheses). A violation of confirmed size ends the integration early, so falsified
/// claims and override runs stay cheap.
///   invariant: []<class T>(const Args<T>&, const Consts<T>&, const T& t, const Vec<T>& p, std::vector<T>& state)
template <class Flow, class Start, class Invariant>
auto along_trajectory_state(double t_end, Flow flow, Start start, Invariant invariant) {
  return [=]<class T>(const Args<T>& a, const Consts<T>& k) -> Ineq<T> {
    const Vec<T> p0 = start(a, k);
    if (p0.size() == 0) return skip<T>();
    const RateField<T> rate = flow(a, k);
    std::vector<T> state;
    Ineq<T> w = skip<T>();
    const FlowResult<T> r = integrate_flow_from<T>(rate, p0, T(0), T(t_end), [&](const T& t, const Vec<T>& p) {
      w = worst(w, invariant(a, k, t, p, state));
      return !w.violated();
    });
    if (!r.completed && !w.violated()) return le<T>(nan_of<T>(), nan_of<T>());
    return w;
  };
}

} // namespace dcrv
