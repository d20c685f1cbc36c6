#include "dcrv/ode.hpp"

#include <Eigen/QR>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <vector>

#include "dcrv/budget.hpp"
#include "dcrv/odeint_mpfr.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"

namespace dcrv {
namespace odeint = boost::numeric::odeint;
using std::abs;
using std::exp;
using std::log;
using boost::multiprecision::abs;
using boost::multiprecision::exp;
using boost::multiprecision::log;

namespace {
template <class T> using State = std::vector<T>;

template <class T> Vec<T> to_vec(const State<T>& y) {
  Vec<T> v(static_cast<Eigen::Index>(y.size()));
  for (std::size_t i = 0; i < y.size(); ++i) v(static_cast<Eigen::Index>(i)) = y[i];
  return v;
}
template <class T> Vec<T> normalised_log(const State<T>& y) {
  Vec<T> v = to_vec(y);
  const T m = v.maxCoeff();
  T s(0);
  for (Eigen::Index i = 0; i < v.size(); ++i) s += exp(v(i) - m);
  return (v.array() - (m + log(s))).matrix();
}

template <class T> double default_tol() {
  if constexpr (std::is_same_v<T, double>)
    return 1e-10;
  else
    return std::pow(10.0, -0.6 * static_cast<double>(working_digits())); // = identity_tolerance<mpfr>()
}

template <class T, class Stepper>
FlowResult<T> drive(Stepper& stepper, const RateField<T>& rate, const Vec<T>& log_p0, const T& t0, const T& t1,
                    const StepObserver<T>& observe, const FlowOptions& opt) {
  FlowResult<T> res;
  State<T> y(static_cast<std::size_t>(log_p0.size()));
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = log_p0(static_cast<Eigen::Index>(i));
  auto system = [&rate](const State<T>& x, State<T>& dxdt, const T& t) {
    const Vec<T> lp = normalised_log(x);
    Vec<T> p = lp;
    for (Eigen::Index i = 0; i < p.size(); ++i) p(i) = exp(lp(i));
    const Vec<T> r = rate(t, p, lp);
    for (std::size_t i = 0; i < x.size(); ++i) dxdt[i] = r(static_cast<Eigen::Index>(i));
  };
  T t = t0;
  T dt = T(opt.initial_dt);
  if (observe && !observe(t, softmax(to_vec(y)))) {
    res.message = "stopped by observer at t0";
  } else {
    while (t < t1) {
      check_time_budget(); // a stiff or slow flow cannot stall the run
      if (res.steps >= opt.max_steps) {
        res.message = "max_steps reached";
        break;
      }
      if (t + dt > t1) dt = t1 - t;
      const odeint::controlled_step_result r = stepper.try_step(system, y, t, dt);
      if (r == odeint::fail) {
        ++res.rejected;
        if (!(dt > 0) || res.rejected > 100 * (res.steps + 100)) {
          res.message = "step size underflow";
          break;
        }
        continue;
      }
      ++res.steps;
      bool finite = true;
      for (const auto& v : y) finite = finite && is_finite(v);
      if (!finite) {
        res.message = "non-finite state";
        break;
      }
      if (observe && !observe(t, softmax(to_vec(y)))) {
        res.message = "stopped by observer";
        break;
      }
      if (opt.converged_tol > 0) {
        const Vec<T> lp = normalised_log(y);
        Vec<T> p = lp;
        for (Eigen::Index i = 0; i < p.size(); ++i) p(i) = exp(lp(i));
        const Vec<T> r = rate(t, p, lp);
        T speed(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) speed = std::max<T>(speed, T(abs(T(p(i) * r(i)))));
        if (speed <= T(opt.converged_tol)) {
          res.converged = true;
          break;
        }
      }
    }
    if ((!(t < t1) || res.converged) && res.message.empty()) res.completed = true;
  }
  res.t_end = t;
  res.log_p = normalised_log(y);
  res.p = softmax(to_vec(y));
  return res;
}
} // namespace

template <class T>
FlowResult<T> integrate_flow(const RateField<T>& rate, const Vec<T>& log_p0, const T& t0, const T& t1,
                             const StepObserver<T>& observe, FlowOptions opt) {
  const double rel = opt.rel_tol > 0 ? opt.rel_tol : default_tol<T>();
  const double abs_ = opt.abs_tol > 0 ? opt.abs_tol : rel;
  if constexpr (std::is_same_v<T, double>) {
    auto stepper = odeint::make_controlled(abs_, rel, odeint::runge_kutta_dopri5<State<double>>());
    return drive<double>(stepper, rate, log_p0, t0, t1, observe, opt);
  } else {
    odeint::bulirsch_stoer<State<mpfr>, mpfr> stepper{mpfr(abs_), mpfr(rel)};
    return drive<mpfr>(stepper, rate, log_p0, t0, t1, observe, opt);
  }
}

template <class T>
FlowResult<T> integrate_flow_from(const RateField<T>& rate, const Vec<T>& p0, const T& t0, const T& t1,
                                  const StepObserver<T>& observe, FlowOptions opt) {
  Vec<T> y = p0;
  for (Eigen::Index i = 0; i < y.size(); ++i) y(i) = log(p0(i));
  return integrate_flow(rate, y, t0, t1, observe, opt);
}

template <class T>
Equilibrium<T> find_equilibrium(const std::function<Vec<T>(const Vec<T>&)>& rate, const Vec<T>& p_start,
                                int max_iterations) {
  const Eigen::Index S = p_start.size();
  Vec<T> y = p_start;
  for (Eigen::Index i = 0; i < S; ++i) y(i) = log(p_start(i));
  y.array() -= y.sum() / T(static_cast<double>(S));
  // r = g − ⟨p,g⟩ vanishes iff g is constant iff C g = C r = 0. Newton on C r (whose range stays in 1^⊥, so
  // the linearised system with the gauge row Σy = 0 is consistent); the certificate is max_i |r_i|.
  auto residual_of = [&](const Vec<T>& yy) {
    Vec<T> r = rate(softmax(yy));
    r.array() -= r.sum() / T(static_cast<double>(r.size()));
    return r;
  };
  auto norm_inf = [](const Vec<T>& v) {
    T m(0);
    for (Eigen::Index i = 0; i < v.size(); ++i) m = std::max(m, T(abs(v(i))));
    return m;
  };
  Equilibrium<T> eq;
  Vec<T> r = residual_of(y);
  const T eps = std::numeric_limits<T>::epsilon();
  const T target = T(100) * eps;
  using std::sqrt;
  using boost::multiprecision::sqrt;
  const T h = pow(eps, T(1) / T(3));
  for (int it = 0; it < max_iterations; ++it) {
    check_time_budget();
    eq.iterations = it;
    if (norm_inf(r) <= target) break;
    Mat<T> jac(S + 1, S);
    for (Eigen::Index j = 0; j < S; ++j) {
      Vec<T> yp = y, ym = y;
      yp(j) += h;
      ym(j) -= h;
      jac.block(0, j, S, 1) = (residual_of(yp) - residual_of(ym)) / (T(2) * h);
      jac(S, j) = T(1); // gauge: Σ y = 0
    }
    Vec<T> rhs(S + 1);
    rhs.head(S) = -r;
    rhs(S) = T(0);
    const Vec<T> step = jac.colPivHouseholderQr().solve(rhs);
    // Damped step: halve until the residual decreases.
    T scale(1);
    const T before = norm_inf(r);
    bool improved = false;
    for (int k = 0; k < 40; ++k) {
      const Vec<T> cand = y + scale * step;
      const Vec<T> rc = residual_of(cand);
      if (norm_inf(rc) < before) {
        y = cand;
        r = rc;
        improved = true;
        break;
      }
      scale /= 2;
    }
    if (!improved) break;
  }
  eq.p = softmax(y);
  eq.residual = norm_inf(rate(eq.p));
  eq.converged = eq.residual <= T(1e4) * target;
  return eq;
}

#define DCRV_INSTANTIATE_ODE(T)                                                                              \
  template FlowResult<T> integrate_flow(const RateField<T>&, const Vec<T>&, const T&, const T&,             \
                                        const StepObserver<T>&, FlowOptions);                               \
  template FlowResult<T> integrate_flow_from(const RateField<T>&, const Vec<T>&, const T&, const T&,        \
                                             const StepObserver<T>&, FlowOptions);                          \
  template Equilibrium<T> find_equilibrium(const std::function<Vec<T>(const Vec<T>&)>&, const Vec<T>&, int);
DCRV_INSTANTIATE_ODE(double)
DCRV_INSTANTIATE_ODE(mpfr)
} // namespace dcrv
