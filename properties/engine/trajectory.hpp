// properties/engine/trajectory.hpp — dynamic claims through the falsification engine: a flow, a start and an
// invariant become a property whose value is the worst invariant over every accepted step of the integration
// (DESIGN.md "ODEs": log-coordinates; dopri5 in double, Bulirsch–Stoer in MPFR).
#pragma once

#include <algorithm>
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

/// How far a trajectory is followed, and which part of it measures the tightness.
///   t_end          the horizon; with `converged_tol`, the cap of a flow followed to convergence
///   t_tight        the tightness is measured over t > t_tight (< 0: 10 % of t_end). Envelopes, floors and
///   rate
///                  bounds hold with equality at t = 0 whatever their constant, so t = 0 says nothing.
///   converged_tol  > 0: "for all t": stop once the flow has converged, max_i |ṗ_i| ≤ converged_tol
///   decay_rate     > 0: the claimed rate ρ at this sample; a trajectory followed to ρ·t ≥ 1 (a claimed decay
///                  factor below 1/e) is counted, so the report says how many samples tested the rate at all
struct Horizon {
  double t_end = 1;
  double t_tight = -1;
  double converged_tol = 0;
  double decay_rate = 0;
};
/// A fixed horizon [0, t]; tightness over t > 10 % of it.
inline Horizon until(double t) {
  return Horizon{t};
}
/// Follow the flow until it has converged (max|ṗ| ≤ tol), at most to t_cap.
inline Horizon until_converged(double t_cap, double tol = 1e-12) {
  return Horizon{t_cap, -1, tol};
}
/// Follow a rate claim e^{-ρt} until the claimed factor is e^{-factor} (default 5): ρ·t ≥ factor.
inline Horizon until_decayed(double rate, double factor = 5, double t_cap = 1e6) {
  Horizon h;
  h.t_end = rate > 0 ? std::min(t_cap, factor / rate) : t_cap;
  h.decay_rate = rate;
  return h;
}

namespace detail {
template <class H, class T> Horizon horizon_of(const H& h, const Args<T>& a, const Consts<T>& k) {
  if constexpr (std::is_arithmetic_v<H>)
    return Horizon{static_cast<double>(h)};
  else if constexpr (std::is_same_v<H, Horizon>)
    return h;
  else
    return h(a, k); // a callable []<class T>(const Args<T>&, const Consts<T>&) -> Horizon
}
/// Integrates from p0 over the horizon and folds the invariant over every accepted step (t = 0 included):
/// violations at every step, tightness over t > t_tight; a confirmed-size violation ends the integration.
template <class T, class Observe>
Ineq<T> fold_trajectory(const Horizon& h, const RateField<T>& rate, const Vec<T>& p0, Observe observe) {
  const double t_tight = h.t_tight >= 0 ? h.t_tight : 0.1 * h.t_end;
  Ineq<T> w = skip<T>();
  FlowOptions opt;
  opt.converged_tol = h.converged_tol;
  const FlowResult<T> r = integrate_flow_from<T>(
      rate, p0, T(0), T(h.t_end),
      [&](const T& t, const Vec<T>& p) {
        const Ineq<T> here = observe(t, p);
        w = worst(w, to_double(t) > t_tight ? here : untight(here));
        return !w.violated();
      },
      opt);
  if (!r.completed && !w.violated())
    return le<T>(nan_of<T>(), nan_of<T>());
  if (h.decay_rate > 0 && h.decay_rate * to_double(r.t_end) >= 1)
    w.decayed = true;
  return w;
}
} // namespace detail

/// A property evaluated along a trajectory: integrates the flow ṗ = p ⊙ rate(t,p) from `start` over the
/// horizon (log-coordinates; dopri5 in double, Bulirsch–Stoer in MPFR) and returns the worst value of
/// `invariant` over every accepted step (and t = 0). A trajectory that fails to reach its horizon is a
/// non-finite evaluation (inconclusive unless MPFR gets through). Use with ForAll::holds and a small
/// ForAll::effort.
///   horizon:   a number t_end, a Horizon (until, until_converged, until_decayed), or a callable
///              []<class T>(const Args<T>&, const Consts<T>&) -> Horizon (horizons that depend on the sample)
///   flow:      []<class T>(const Args<T>&, const Consts<T>&) -> RateField<T>
///   start:     []<class T>(const Args<T>&, const Consts<T>&) -> Vec<T>           (strictly positive)
///   invariant: []<class T>(const Args<T>&, const Consts<T>&, const T& t, const Vec<T>& p) -> Ineq<T>
template <class H, class Flow, class Start, class Invariant>
auto along_trajectory(H horizon, Flow flow, Start start, Invariant invariant) {
  return [=]<class T>(const Args<T>& a, const Consts<T>& k) -> Ineq<T> {
    return detail::fold_trajectory<T>(detail::horizon_of(horizon, a, k), flow(a, k), start(a, k),
                                      [&](const T& t, const Vec<T>& p) { return invariant(a, k, t, p); });
  };
}

/// Like along_trajectory, but the invariant also receives a per-trajectory state (quantities computed once
/// per trajectory, e.g. z(0) or a sup over the simplex), and `start` may return an empty vector to skip the
/// sample (outside the claim's hypotheses).
///   invariant: []<class T>(const Args<T>&, const Consts<T>&, const T& t, const Vec<T>& p, std::vector<T>&
///   state)
template <class H, class Flow, class Start, class Invariant>
auto along_trajectory_state(H horizon, Flow flow, Start start, Invariant invariant) {
  return [=]<class T>(const Args<T>& a, const Consts<T>& k) -> Ineq<T> {
    const Vec<T> p0 = start(a, k);
    if (p0.size() == 0)
      return skip<T>();
    std::vector<T> state;
    return detail::fold_trajectory<T>(
        detail::horizon_of(horizon, a, k), flow(a, k), p0,
        [&](const T& t, const Vec<T>& p) { return invariant(a, k, t, p, state); });
  };
}

} // namespace dcrv
