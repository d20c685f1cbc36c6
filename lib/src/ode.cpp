#include "dcrv/ode.hpp"

#include <Eigen/QR>
#include <algorithm>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "dcrv/budget.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"

namespace dcrv {
namespace odeint = boost::numeric::odeint;
using boost::multiprecision::abs;
using boost::multiprecision::exp;
using boost::multiprecision::log;
using std::abs;
using std::exp;
using std::log;

namespace {
// In-place elementary functions. With expression templates off, `y = exp(x)` in MPFR builds (allocates) a
// temporary and copies it; the integrator's hot loop writes into preallocated values instead. Compound
// assignments (+=, −=, *=, /=) of the MPFR number are already in place.
inline void exp_to(double& y, const double& x) {
  y = std::exp(x);
}
inline void log_to(double& y, const double& x) {
  y = std::log(x);
}
inline void exp_to(mpfr& y, const mpfr& x) {
  mpfr_exp(y.backend().data(), x.backend().data(), MPFR_RNDN);
}
inline void log_to(mpfr& y, const mpfr& x) {
  mpfr_log(y.backend().data(), x.backend().data(), MPFR_RNDN);
}

template <class T> double default_tol() {
  if constexpr (std::is_same_v<T, double>)
    return 1e-10;
  else
    return std::pow(10.0, -0.6 * static_cast<double>(working_digits())); // = identity_tolerance<mpfr>()
}

/// The flow in log-coordinates, ẏ = r(t, softmax(y), log softmax(y)), evaluated into preallocated buffers:
/// one exponential per coordinate and one logarithm per evaluation (p_i = e^{y_i − m}/s shares the
/// exponentials of log p_i = y_i − m − log s).
template <class T> class LogCoordinateField {
public:
  LogCoordinateField(const RateField<T>& rate, Eigen::Index n) : rate_(rate), p_(n), lp_(n) {}
  void operator()(const T& t, const Vec<T>& y, Vec<T>& dydt) {
    normalise(y);
    dydt = rate_(t, p_, lp_); // move-assigned: the field's result vector is taken over, not copied
  }
  /// p = softmax(y) and log p = y − logsumexp(y) into p(), log_p().
  void normalise(const Vec<T>& y) {
    m_ = y(0);
    for (Eigen::Index i = 1; i < y.size(); ++i)
      if (y(i) > m_)
        m_ = y(i);
    s_ = 0;
    for (Eigen::Index i = 0; i < y.size(); ++i) {
      lp_(i) = y(i);
      lp_(i) -= m_;
      exp_to(p_(i), lp_(i));
      s_ += p_(i);
    }
    log_to(log_s_, s_);
    for (Eigen::Index i = 0; i < y.size(); ++i) {
      lp_(i) -= log_s_;
      p_(i) /= s_;
    }
  }
  const Vec<T>& p() const { return p_; }
  const Vec<T>& log_p() const { return lp_; }
  const RateField<T>& rate() const { return rate_; }

private:
  const RateField<T>& rate_;
  Vec<T> p_, lp_;
  T m_, s_, log_s_;
};

/// Extrapolation (Gragg–Bulirsch–Stoer) integrator with the order and step-size control of Hairer, Nørsett &
/// Wanner's ODEX (Solving ODEs I, §II.9): explicit midpoint rule with Gragg's smoothing on the harmonic
/// sequence n_j = 2j, Aitken–Neville extrapolation in h², the column k chosen to minimise the work per unit
/// step. The highest column grows with the requested accuracy (3 + 0.6 digits of the tolerance; ODEX's
/// default of 9 and odeint's Bulirsch–Stoer, with a fixed highest column, force ever smaller steps at 1e-40:
/// 1331 steps for the App. J flow over [0, 50] with odeint, 37 here, bench/flow_bench.cpp). All arithmetic is
/// in place on preallocated vectors, so an MPFR step allocates nothing beyond what the rate field itself
/// allocates.
template <class T> class Extrapolation {
public:
  Extrapolation(LogCoordinateField<T>& f, Eigen::Index n, double abs_tol, double rel_tol)
      : f_(f), atol_(abs_tol), rtol_(rel_tol), uround_(std::pow(10.0, -scalar_digits<T>())) {
    km_ = std::clamp(static_cast<int>(std::ceil(-0.6 * std::log10(rel_tol))) + 3, 6, 30);
    k_ = std::clamp(static_cast<int>(-std::log10(rel_tol) * 0.6 + 1.5), 2, km_ - 1);
    nj_.resize(static_cast<std::size_t>(km_ + 1));
    a_.resize(nj_.size());
    hh_.assign(nj_.size(), 0.0);
    w_.assign(nj_.size(), 0.0);
    for (int j = 1; j <= km_; ++j) {
      nj_[static_cast<std::size_t>(j)] = 2 * j;
      a_[static_cast<std::size_t>(j)] = j == 1 ? 3.0 : a_[static_cast<std::size_t>(j - 1)] + 2.0 * j;
    }
    tab_.assign(nj_.size(), Vec<T>(n));
    yh1_ = yh2_ = dz_ = dy_ = Vec<T>(n);
  }

  /// One attempted step from (t, y) with step H (H = t1 − t when `last`). Accepted: y, t advanced and H set
  /// to the proposed next step; rejected: y, t unchanged and H reduced.
  bool try_step(Vec<T>& y, T& t, T& H, bool last) {
    if (!dz_valid_) {
      f_(t, y, dz_);
      dz_valid_ = true;
    }
    errold_ = 1e300;
    int kc = 0;
    bool accept = false;
    if (first_ || last) {
      for (int j = 1; j <= k_ && !accept; ++j) {
        kc = j;
        if (!midex(j, y, t, H))
          return diverged(H);
        accept = j > 1 && err_ <= 1;
      }
      if (!accept)
        accept = hope_in_next_line(kc, y, t, H);
    } else {
      kc = k_ - 1;
      for (int j = 1; j <= kc; ++j)
        if (!midex(j, y, t, H))
          return diverged(H);
      // Convergence monitor: accept in line k − 1, or give up early when line k + 1 cannot be expected to
      // converge.
      if (k_ > 2 && !reject_ && err_ <= 1) {
        accept = true;
      } else if (k_ > 2 && !reject_ && err_ > sq(nj(k_ + 1) * nj(k_) / 4.0)) {
        accept = false;
      } else {
        kc = k_;
        if (!midex(kc, y, t, H))
          return diverged(H);
        accept = err_ <= 1 || hope_in_next_line(kc, y, t, H);
      }
    }
    if (!accept) {
      k_ = std::min({k_, kc, km_ - 1});
      if (k_ > 2 && w(k_ - 1) < w(k_) * 0.9)
        --k_;
      H = T(hh(k_));
      reject_ = true;
      return false;
    }
    // Accepted: the most extrapolated value.
    t += H;
    for (Eigen::Index i = 0; i < y.size(); ++i)
      std::swap(y(i), tab_[1](i));
    dz_valid_ = false;
    first_ = false;
    int kopt;
    if (kc == 2) {
      kopt = reject_ ? 2 : std::min(3, km_ - 1);
    } else if (kc <= k_) {
      kopt = kc;
      if (w(kc - 1) < w(kc) * 0.9)
        kopt = kc - 1;
      if (w(kc) < w(kc - 1) * 0.9)
        kopt = std::min(kc + 1, km_ - 1);
    } else {
      kopt = kc - 1;
      if (kc > 3 && w(kc - 2) < w(kc - 1) * 0.9)
        kopt = kc - 2;
      if (w(kc) < w(kopt) * 0.9)
        kopt = std::min(kc, km_ - 1);
    }
    double h_next;
    if (reject_) { // no increase right after a rejection
      k_ = std::min(kopt, kc);
      h_next = std::min(to_double(H), hh(k_));
      reject_ = false;
    } else {
      if (kopt <= kc)
        h_next = hh(kopt);
      else if (kc < k_ && w(kc) < w(kc - 1) * 0.9)
        h_next = hh(kc) * a(kopt + 1) / a(kc);
      else
        h_next = hh(kc) * a(kopt) / a(kc);
      k_ = kopt;
    }
    H = T(h_next);
    return true;
  }

private:
  static double sq(double x) { return x * x; }
  int nj(int j) const { return nj_[static_cast<std::size_t>(j)]; }
  double a(int j) const { return a_[static_cast<std::size_t>(j)]; }
  double hh(int j) const { return hh_[static_cast<std::size_t>(j)]; }
  double w(int j) const { return w_[static_cast<std::size_t>(j)]; }

  bool hope_in_next_line(int& kc, const Vec<T>& y, const T& t, const T& H) {
    if (err_ > sq(nj(kc + 1) / 2.0) || kc + 1 > km_)
      return false;
    ++kc;
    return midex(kc, y, t, H) && err_ <= 1;
  }
  bool diverged(T& H) { // the midpoint rule left its stability region or the error grew: halve the step
    H /= 2;
    reject_ = true;
    return false;
  }

  /// Line j of the extrapolation tableau: n_j explicit midpoint steps over H with Gragg's smoothing, then the
  /// Aitken–Neville update of the tableau's diagonal; err_ = max_i |T_jj − T_j,j−1| / (atol + rtol |y_i|),
  /// and hh_[j], w_[j] the step proposed by column j and its work per unit step. False: diverging.
  bool midex(int j, const Vec<T>& y, const T& t, const T& H) {
    const Eigen::Index n = y.size();
    const int n_j = nj(j);
    hj_ = H;
    hj_ /= n_j;
    two_hj_ = hj_;
    two_hj_ *= 2;
    for (Eigen::Index i = 0; i < n; ++i) { // Euler start
      yh1_(i) = y(i);
      yh2_(i) = dz_(i);
      yh2_(i) *= hj_;
      yh2_(i) += y(i);
    }
    for (int mm = 1; mm < n_j; ++mm) {
      tt_ = hj_;
      tt_ *= mm;
      tt_ += t;
      f_(tt_, yh2_, dy_);
      if (mm == 1 && j <= 2) { // stability check of the midpoint rule (ODEX)
        double del1 = 0, del2 = 0;
        for (Eigen::Index i = 0; i < n; ++i) {
          const double sc = atol_ + rtol_ * std::abs(to_double(y(i)));
          tmp_ = dy_(i);
          tmp_ -= dz_(i);
          del1 += sq(to_double(dz_(i)) / sc);
          del2 += sq(to_double(tmp_) / sc);
        }
        if (!(del2 <= 4 * std::max(uround_, del1)))
          return false;
      }
      for (Eigen::Index i = 0; i < n; ++i) { // z_{m+1} = z_{m−1} + 2h f(z_m)
        std::swap(yh1_(i), yh2_(i));
        tmp_ = dy_(i);
        tmp_ *= two_hj_;
        yh2_(i) += tmp_;
      }
    }
    tt_ = t;
    tt_ += H;
    f_(tt_, yh2_, dy_);
    Vec<T>& row = tab_[static_cast<std::size_t>(j)];
    for (Eigen::Index i = 0; i < n; ++i) { // smoothing: (z_{n−1} + 2 z_n + z_{n+1})/4
      row(i) = dy_(i);
      row(i) *= hj_;
      row(i) += yh1_(i);
      row(i) += yh2_(i);
      row(i) /= 2;
    }
    if (j == 1)
      return true;
    for (int l = j; l >= 2; --l) { // T_{l−1} ← T_l + (T_l − T_{l−1}) n_{l−1}² / (n_j² − n_{l−1}²)
      const long nl = nj(l - 1), num = nl * nl, den = static_cast<long>(n_j) * n_j - num;
      Vec<T>& hi = tab_[static_cast<std::size_t>(l)];
      Vec<T>& lo = tab_[static_cast<std::size_t>(l - 1)];
      for (Eigen::Index i = 0; i < n; ++i) {
        tmp_ = hi(i);
        tmp_ -= lo(i);
        tmp_ *= num;
        tmp_ /= den;
        lo(i) = hi(i);
        lo(i) += tmp_;
      }
    }
    err_ = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      tmp_ = tab_[1](i);
      tmp_ -= tab_[2](i);
      const double sc = atol_ + rtol_ * std::max(std::abs(to_double(y(i))), std::abs(to_double(tab_[1](i))));
      err_ = std::max(err_, std::abs(to_double(tmp_)) / sc);
    }
    if (!std::isfinite(err_) || err_ * uround_ >= 1 || (j > 2 && err_ >= errold_))
      return false;
    errold_ = std::max(4 * err_, 1.0);
    const double expo = 1.0 / (2 * j - 1), facmin = std::pow(0.02, expo);
    const double fac = std::min(4.0 / facmin, std::max(facmin, std::pow(err_ / 0.65, expo) / 0.94));
    hh_[static_cast<std::size_t>(j)] = std::abs(to_double(H)) / fac;
    w_[static_cast<std::size_t>(j)] = a(j) / hh(j);
    return true;
  }

  LogCoordinateField<T>& f_;
  double atol_, rtol_, uround_;
  int km_, k_;
  std::vector<int> nj_;
  std::vector<double> a_, hh_, w_;
  std::vector<Vec<T>> tab_;
  Vec<T> yh1_, yh2_, dz_, dy_;
  T hj_, two_hj_, tt_, tmp_;
  double err_ = 0, errold_ = 1e300;
  bool dz_valid_ = false, first_ = true, reject_ = false;
};

/// Dormand–Prince 5(4) of Boost.Odeint (double) behind the same try_step interface.
class DoPri {
public:
  DoPri(LogCoordinateField<double>& f, Eigen::Index n, double abs_tol, double rel_tol)
      : f_(f), stepper_(odeint::make_controlled(abs_tol, rel_tol,
                                                odeint::runge_kutta_dopri5<std::vector<double>>())),
        x_(static_cast<std::size_t>(n)), y_(n), dy_(n) {}
  bool try_step(Vec<double>& y, double& t, double& dt, bool) {
    for (std::size_t i = 0; i < x_.size(); ++i)
      x_[i] = y(static_cast<Eigen::Index>(i));
    auto system = [this](const std::vector<double>& x, std::vector<double>& dxdt, double tt) {
      for (std::size_t i = 0; i < x.size(); ++i)
        y_(static_cast<Eigen::Index>(i)) = x[i];
      f_(tt, y_, dy_);
      for (std::size_t i = 0; i < x.size(); ++i)
        dxdt[i] = dy_(static_cast<Eigen::Index>(i));
    };
    if (stepper_.try_step(system, x_, t, dt) == odeint::fail)
      return false;
    for (std::size_t i = 0; i < x_.size(); ++i)
      y(static_cast<Eigen::Index>(i)) = x_[i];
    return true;
  }

private:
  LogCoordinateField<double>& f_;
  decltype(odeint::make_controlled(1.0, 1.0, odeint::runge_kutta_dopri5<std::vector<double>>())) stepper_;
  std::vector<double> x_;
  Vec<double> y_, dy_;
};

template <class T, class Stepper>
FlowResult<T> drive(Stepper& stepper, LogCoordinateField<T>& field, Vec<T> y, const T& t0, const T& t1,
                    const StepObserver<T>& observe, const FlowOptions& opt) {
  FlowResult<T> res;
  T t = t0;
  T dt = T(opt.initial_dt);
  if (observe && !observe(t, softmax(y))) {
    res.message = "stopped by observer at t0";
  } else {
    while (t < t1) {
      check_time_budget(); // a stiff or slow flow cannot stall the run
      if (res.steps >= opt.max_steps) {
        res.message = "max_steps reached";
        break;
      }
      const bool last = !(t + dt < t1);
      if (last)
        dt = t1 - t;
      if (!stepper.try_step(y, t, dt, last)) {
        ++res.rejected;
        if (!(dt > 0) || res.rejected > 100 * (res.steps + 100)) {
          res.message = "step size underflow";
          break;
        }
        continue;
      }
      if (last)
        t = t1; // t + (t1 − t) may round below t1
      ++res.steps;
      bool finite = true;
      for (Eigen::Index i = 0; i < y.size(); ++i)
        finite = finite && is_finite(y(i));
      if (!finite) {
        res.message = "non-finite state";
        break;
      }
      if (observe && !observe(t, softmax(y))) {
        res.message = "stopped by observer";
        break;
      }
      if (opt.converged_tol > 0) {
        field.normalise(y);
        const Vec<T>& p = field.p();
        const Vec<T> r = field.rate()(t, p, field.log_p());
        // Converged: the velocity is small AND no coordinate grows at a relative rate above √tol. The
        // velocity alone is small at every start near a vertex or face (ṗ_i = p_i r_i with p_i ≈ 0), also
        // where the flow is about to leave it (r_i = O(1) > 0): "for all t" claims started there stopped at t
        // ≈ 0.
        T speed(0), growth(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          speed = std::max<T>(speed, T(abs(T(p(i) * r(i)))));
          growth = std::max<T>(growth, r(i));
        }
        if (speed <= T(opt.converged_tol) && growth <= T(std::sqrt(opt.converged_tol))) {
          res.converged = true;
          break;
        }
      }
    }
    if ((!(t < t1) || res.converged) && res.message.empty())
      res.completed = true;
  }
  res.t_end = t;
  field.normalise(y);
  res.log_p = field.log_p();
  res.p = softmax(y);
  return res;
}
} // namespace

template <class T>
FlowResult<T> integrate_flow(const RateField<T>& rate, const Vec<T>& log_p0, const T& t0, const T& t1,
                             const StepObserver<T>& observe, FlowOptions opt) {
  const double rel = opt.rel_tol > 0 ? opt.rel_tol : default_tol<T>();
  const double abs_ = opt.abs_tol > 0 ? opt.abs_tol : rel;
  LogCoordinateField<T> field(rate, log_p0.size());
  if constexpr (std::is_same_v<T, double>) {
    DoPri stepper(field, log_p0.size(), abs_, rel);
    return drive<double>(stepper, field, log_p0, t0, t1, observe, opt);
  } else {
    Extrapolation<T> stepper(field, log_p0.size(), abs_, rel);
    return drive<T>(stepper, field, log_p0, t0, t1, observe, opt);
  }
}
template <class T>
FlowResult<T> integrate_flow_from(const RateField<T>& rate, const Vec<T>& p0, const T& t0, const T& t1,
                                  const StepObserver<T>& observe, FlowOptions opt) {
  Vec<T> y = p0;
  for (Eigen::Index i = 0; i < y.size(); ++i)
    y(i) = log(p0(i));
  return integrate_flow(rate, y, t0, t1, observe, opt);
}

template <class T>
Equilibrium<T> find_equilibrium(const std::function<Vec<T>(const Vec<T>&)>& rate, const Vec<T>& p_start,
                                int max_iterations) {
  const Eigen::Index S = p_start.size();
  Vec<T> y = p_start;
  for (Eigen::Index i = 0; i < S; ++i)
    y(i) = log(p_start(i));
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
    for (Eigen::Index i = 0; i < v.size(); ++i)
      m = std::max(m, T(abs(v(i))));
    return m;
  };
  Equilibrium<T> eq;
  Vec<T> r = residual_of(y);
  const T eps = std::numeric_limits<T>::epsilon();
  const T target = T(100) * eps;
  using boost::multiprecision::sqrt;
  using std::sqrt;
  const T h = pow(eps, T(1) / T(3));
  for (int it = 0; it < max_iterations; ++it) {
    check_time_budget();
    eq.iterations = it;
    if (norm_inf(r) <= target)
      break;
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
    if (!improved)
      break;
  }
  eq.p = softmax(y);
  eq.residual = norm_inf(rate(eq.p));
  eq.converged = eq.residual <= T(1e4) * target;
  return eq;
}

#define DCRV_INSTANTIATE_ODE(T)                                                                              \
  template FlowResult<T> integrate_flow(const RateField<T>&, const Vec<T>&, const T&, const T&,              \
                                        const StepObserver<T>&, FlowOptions);                                \
  template FlowResult<T> integrate_flow_from(const RateField<T>&, const Vec<T>&, const T&, const T&,         \
                                             const StepObserver<T>&, FlowOptions);                           \
  template Equilibrium<T> find_equilibrium(const std::function<Vec<T>(const Vec<T>&)>&, const Vec<T>&, int);
DCRV_INSTANTIATE_ODE(double)
DCRV_INSTANTIATE_ODE(mpfr)
} // namespace dcrv
