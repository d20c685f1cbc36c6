// dcrv/stats.hpp — confidence intervals, tests and reference laws for stochastic claims
// (DESIGN.md "Verdicts of stochastic claims").
//
// Intervals are two-sided at level 1 − α (α = the false-falsification probability of one decision; dcrv's
// default is 10⁻⁶ per claim):
//   wilson, clopper_pearson          a probability from k successes in n independent trials
//   mean_interval                    a mean from independent values (CLT with Student-t quantile)
//   batch_means                      a mean from one correlated series (b batch means, t with b − 1 dof)
//   ks_two_sample, ks_one_sample     Kolmogorov–Smirnov statistics with asymptotic p-values;
//   dkw_halfwidth                    the Dvoretzky–Kiefer–Wolfowitz band (Massart's constant): exact, any n
//   linear_fit, weighted_fit         regression slopes with intervals (rates, orders of convergence)
// Reference laws (no Monte Carlo):
//   Law1D<T>                         a law on [a, b] with an unnormalised log-density, by adaptive
//   Gauss–Legendre quadrature
//                                    (double or MPFR): the K = 2 reflected Wright–Fisher diffusion's
//                                    invariant density (speed measure) and its scale function (hitting
//                                    probabilities)
//   LatticeLaw3                      K = 3: the stationary Fokker–Planck equation of (WF) on Δ_δ with zero
//                                    flux through the faces, as a conservative finite-volume (Markov-chain
//                                    approximation) scheme on the triangular lattice of Δ_δ
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv::stats {

/// z with P(|N(0,1)| > z) = α.
double normal_quantile_two_sided(double alpha);
/// t with P(|t_dof| > t) = α.
double student_quantile_two_sided(double alpha, double dof);

struct Interval {
  double estimate = 0, lo = 0, hi = 0;
  long n = 0;         // observations (paths, batches, levels) behind it
  std::string method; // e.g. "Clopper-Pearson", "CLT (Student t, 999 dof)"
  double halfwidth() const { return 0.5 * (hi - lo); }
};

/// Wilson score interval for a binomial proportion k/n.
Interval wilson(long k, long n, double alpha);
/// Clopper–Pearson (exact, conservative) interval for a binomial proportion k/n.
Interval clopper_pearson(long k, long n, double alpha);
/// Mean of independent values with the Student-t interval (CLT): mean ± t_{n−1} s/√n.
Interval mean_interval(const std::vector<double>& x, double alpha);
/// Mean of a stationary correlated series by batch means: `batches` equal consecutive batches, t-interval on
/// their means (batches − 1 dof). The caller discards the burn-in.
Interval batch_means(const std::vector<double>& x, int batches, double alpha);
/// Difference of two independent means, Welch interval.
Interval difference_interval(const std::vector<double>& x, const std::vector<double>& y, double alpha);

/// Kolmogorov's limiting tail Q(λ) = 2 Σ_{k≥1} (−1)^{k−1} e^{−2k²λ²} = P(√n D_n > λ) as n → ∞.
double kolmogorov_tail(double lambda);
struct KsResult {
  double D = 0;       // sup |F̂₁ − F̂₂| (or sup |F̂ − F|)
  double p_value = 1; // asymptotic, with Stephens' small-sample correction
  long n1 = 0, n2 = 0;
};
/// Two-sample Kolmogorov–Smirnov test.
KsResult ks_two_sample(std::vector<double> a, std::vector<double> b);
/// One-sample Kolmogorov–Smirnov test against a continuous CDF.
KsResult ks_one_sample(std::vector<double> x, const std::function<double(double)>& cdf);
/// ε with P(sup|F̂_n − F| > ε) ≤ α for every continuous F and every n (DKW with Massart's constant):
/// ε = √(log(2/α)/(2n)).
double dkw_halfwidth(long n, double alpha);

struct Fit {
  double intercept = 0, slope = 0;
  double slope_se = 0;
  double lo = 0, hi = 0; // interval of the slope
  int dof = 0;
  double chi2 = 0; // weighted fits: Σ ((y − ŷ)/se)²
  std::string method;
};
/// Ordinary least squares y = a + b x; slope interval with the Student-t quantile (n − 2 dof).
Fit linear_fit(const std::vector<double>& x, const std::vector<double>& y, double alpha);
/// Weighted least squares with known standard errors of the y's; the slope's standard error is inflated by
/// √(χ²/dof) when the fit is worse than the errors say (so model error widens the interval), normal quantile.
Fit weighted_fit(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& se,
                 double alpha);

/// Paths that would shrink an interval of half-width `halfwidth` measured with n paths until it excludes the
/// claim's threshold at distance `gap` from the estimate (width ∝ 1/√n); 0 when gap = 0 (never decided).
long paths_to_decide(long n, double halfwidth, double gap);

// ---------------------------------------------------------------------------------------------------------
// Reference laws
// ---------------------------------------------------------------------------------------------------------

/// A law on [a, b] with density ∝ exp(log_density(y)), integrated by adaptive Gauss–Legendre quadrature in T
/// (double or MPFR at the working precision). log_density is evaluated in T; it may be large (e.g. (2/γ)Φ
/// with γ = 10⁻³): it is shifted by its maximum on a grid before exponentiation.
template <class T> class Law1D {
public:
  Law1D(std::function<T(const T&)> log_density, T a, T b);
  /// ∫_a^b f(y) π(dy).
  T expect(const std::function<T(const T&)>& f) const;
  /// π([a, x]).
  T cdf(const T& x) const;
  /// π([x0, x1]).
  T mass(const T& x0, const T& x1) const;
  /// The normalised density at y.
  T density(const T& y) const;
  T lower() const { return a_; }
  T upper() const { return b_; }

private:
  T integral(const std::function<T(const T&)>& f, const T& lo, const T& hi) const;
  std::function<T(const T&)> logd_;
  T a_, b_, shift_, Z_;
};
extern template class Law1D<double>;
extern template class Law1D<mpfr>;

/// One-dimensional diffusions dY = b(Y)dt + √(a(Y)) dW on an interval, through the log scale density
/// Φ(y) = ∫^y 2b/a (given by the caller, closed form or quadrature):
/// P_x(hit lo before hi) = ∫_x^hi e^{−Φ} / ∫_lo^hi e^{−Φ} (the scale function), computed by adaptive
/// Gauss–Legendre in T.
template <class T>
T hit_lower_first(const std::function<T(const T&)>& log_scale_potential, const T& lo, const T& x,
                  const T& hi);
extern template double hit_lower_first<double>(const std::function<double(const double&)>&, const double&,
                                               const double&, const double&);
extern template mpfr hit_lower_first<mpfr>(const std::function<mpfr(const mpfr&)>&, const mpfr&, const mpfr&,
                                           const mpfr&);

/// K = 2 Wright–Fisher diffusion with the linear centred score φ = w − ⟨p,w⟩ and entropy weight ε, in the
/// coordinate y = p₁: dy = y(1−y)(Δw − ε logit y) dt + √(γ y(1−y)) dW, Δw = w₁ − w₂. Closed forms:
///   Φ(y) = ∫ 2b/a = (2/γ)(Δw·y − ε ℓ(y)),  ℓ(y) = y log y + (1−y) log(1−y),
///   invariant density of the process reflected on [δ, 1−δ] (speed measure): ∝ exp(Φ(y)) / (γ y(1−y)).
template <class T> T wf2_log_scale_potential(const T& y, const T& dw, const T& eps, const T& gamma);
template <class T> T wf2_log_speed_density(const T& y, const T& dw, const T& eps, const T& gamma);
extern template double wf2_log_scale_potential<double>(const double&, const double&, const double&,
                                                       const double&);
extern template mpfr wf2_log_scale_potential<mpfr>(const mpfr&, const mpfr&, const mpfr&, const mpfr&);
extern template double wf2_log_speed_density<double>(const double&, const double&, const double&,
                                                     const double&);
extern template mpfr wf2_log_speed_density<mpfr>(const mpfr&, const mpfr&, const mpfr&, const mpfr&);

/// K = 3: the stationary law of (WF) dp = F dt + √γ σ(p) dW on Δ_δ with zero probability flux through the
/// faces (Neumann / conormal reflection), discretised on the triangular lattice p = δ1 + h(i, j, n−i−j),
/// h = (1 − 3δ)/n, as a continuous-time Markov chain (Kushner's approximation, a conservative finite-volume
/// scheme): the covariance γ(diag p − ppᵀ) = γ Σ_{i<j} p_i p_j (e_i − e_j)(e_i − e_j)ᵀ gives jumps ±h(e_i −
/// e_j) at rate γp_ip_j/(2h²) along the three lattice directions, the drift F = F₁(e₁−e₃) + F₂(e₂−e₃) central
/// differences where they keep the rates positive and upwind otherwise; jumps out of Δ_δ are suppressed (zero
/// flux). π solves πᵀG = 0, Σπ = 1 (sparse LU). First order in h.
class LatticeLaw3 {
public:
  using Drift = std::function<std::array<double, 3>(const std::array<double, 3>&)>;
  LatticeLaw3(const Drift& F, double gamma, double delta, int n);
  int n() const { return n_; }
  double h() const { return h_; }
  /// The lattice points and their stationary masses.
  const std::vector<std::array<double, 3>>& points() const { return pts_; }
  const std::vector<double>& masses() const { return pi_; }
  /// E_π f.
  double expect(const std::function<double(const std::array<double, 3>&)>& f) const;

private:
  int n_;
  double h_;
  std::vector<std::array<double, 3>> pts_;
  std::vector<double> pi_;
};

/// Spectral gap of the K = 2 reflected diffusion dY = b dt + √a dW on [lo, hi] (Neumann): the smallest
/// non-zero eigenvalue of −L, from the symmetric finite-volume discretisation of the Sturm–Liouville form L f
/// = (1/m)(a m f′/2)′ on n cells (m = speed density ∝ e^Φ/a), by dense symmetric eigensolve.
double reflected_gap_1d(const std::function<double(double)>& log_speed_density,
                        const std::function<double(double)>& variance, double lo, double hi, int n);

} // namespace dcrv::stats
