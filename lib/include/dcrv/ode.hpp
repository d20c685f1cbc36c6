// dcrv/ode.hpp — integration of simplex flows ṗ = p ⊙ r(t,p) in log-coordinates (DESIGN.md "ODEs").
//
// The state is y = log p (unnormalised), ẏ = r(t, softmax(y)); positivity is exact and masses down to 1e-40
// keep their relative precision. double: controlled Dormand–Prince 5(4) (Boost.Odeint); MPFR:
// Gragg–Bulirsch–Stoer extrapolation with ODEX's order and step-size control (lib/src/ode.cpp), in place on
// preallocated MPFR vectors, its highest order growing with the requested accuracy. The observer sees every
// accepted step, so invariants are checked along the whole trajectory.
#pragma once
#include <functional>
#include <string>

#include "dcrv/real.hpp"

namespace dcrv {

/// Per-capita growth rate r(t, p): the flow is ṗ_i = p_i r_i(t, p). The integrator also passes log p (exact
/// from the log-coordinates), so fields need not take logarithms (they dominate the cost in MPFR).
template <class T> using RateField = std::function<Vec<T>(const T& t, const Vec<T>& p, const Vec<T>& log_p)>;
/// Called at t0 and after every accepted step with the normalised p; return false to stop the integration.
template <class T> using StepObserver = std::function<bool(const T& t, const Vec<T>& p)>;

struct FlowOptions {
  double rel_tol = 0; // 0: 1e-10 in double, 10^-(0.6·digits) in MPFR (1e-30 at 50 digits)
  double abs_tol = 0; // 0: same as rel_tol
  long max_steps = 1000000;
  double initial_dt = 1e-3;
  /// > 0: stop early, as completed and `converged`, once the velocity is that small after an accepted step,
  /// max_i |ṗ_i| = max_i p_i |r_i(p)| ≤ converged_tol, and no coordinate grows, max_i r_i(p) ≤ √converged_tol
  /// (near a vertex the velocity is small even where the flow leaves it) ("for all t" claims are followed
  /// until convergence).
  double converged_tol = 0;
};

template <class T> struct FlowResult {
  Vec<T> p;     // p(t_end)
  Vec<T> log_p; // y(t_end) − logsumexp(y): log p with full relative precision near faces
  T t_end{0};
  long steps = 0; // accepted steps
  long rejected = 0;
  bool completed =
      false; // reached t1 or converged (false: stopped by the observer, max_steps, non-finite state)
  bool converged = false; // stopped early because max_i |ṗ_i| ≤ converged_tol
  std::string message;
};

template <class T>
FlowResult<T> integrate_flow(const RateField<T>& rate, const Vec<T>& log_p0, const T& t0, const T& t1,
                             const StepObserver<T>& observe = {}, FlowOptions opt = {});

/// Convenience: start from p0 (strictly positive).
template <class T>
FlowResult<T> integrate_flow_from(const RateField<T>& rate, const Vec<T>& p0, const T& t0, const T& t1,
                                  const StepObserver<T>& observe = {}, FlowOptions opt = {});

/// Interior equilibrium of a flow: r(p*) = 0, by damped Newton on the log-coordinates (Jacobian by central
/// differences at the working precision). `residual` = max_i |r_i(p*)| is the certificate.
template <class T> struct Equilibrium {
  Vec<T> p;
  T residual{0};
  int iterations = 0;
  bool converged = false;
};
template <class T>
Equilibrium<T> find_equilibrium(const std::function<Vec<T>(const Vec<T>&)>& rate, const Vec<T>& p_start,
                                int max_iterations = 200);

} // namespace dcrv
