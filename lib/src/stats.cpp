// lib/src/stats.cpp — intervals, tests, regression and reference laws (dcrv/stats.hpp).
#include "dcrv/stats.hpp"

#include "dcrv/quadrature.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/Sparse>
#include <Eigen/SparseLU>
#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace dcrv::stats {

namespace {
void require_alpha(double alpha) {
  if (!(alpha > 0 && alpha < 1))
    throw std::invalid_argument("stats: alpha must lie in (0, 1)");
}
} // namespace

double normal_quantile_two_sided(double alpha) {
  require_alpha(alpha);
  return boost::math::quantile(boost::math::complement(boost::math::normal(), alpha / 2));
}

double student_quantile_two_sided(double alpha, double dof) {
  require_alpha(alpha);
  if (!(dof > 0))
    throw std::invalid_argument("stats: Student t needs dof > 0");
  return boost::math::quantile(boost::math::complement(boost::math::students_t(dof), alpha / 2));
}

Interval wilson(long k, long n, double alpha) {
  if (n <= 0 || k < 0 || k > n)
    throw std::invalid_argument("stats::wilson: need 0 <= k <= n, n > 0");
  const double z = normal_quantile_two_sided(alpha), nn = double(n), ph = double(k) / nn;
  const double den = 1 + z * z / nn;
  const double centre = (ph + z * z / (2 * nn)) / den;
  const double half = z * std::sqrt(ph * (1 - ph) / nn + z * z / (4 * nn * nn)) / den;
  return {ph, std::max(0.0, centre - half), std::min(1.0, centre + half), n, "Wilson score"};
}

Interval clopper_pearson(long k, long n, double alpha) {
  if (n <= 0 || k < 0 || k > n)
    throw std::invalid_argument("stats::clopper_pearson: need 0 <= k <= n, n > 0");
  require_alpha(alpha);
  const double lo =
      k == 0
          ? 0.0
          : boost::math::quantile(boost::math::beta_distribution<>(double(k), double(n - k + 1)), alpha / 2);
  const double hi = k == n ? 1.0
                           : boost::math::quantile(boost::math::complement(
                                 boost::math::beta_distribution<>(double(k + 1), double(n - k)), alpha / 2));
  return {double(k) / double(n), lo, hi, n, "Clopper-Pearson"};
}

Interval mean_interval(const std::vector<double>& x, double alpha) {
  const long n = static_cast<long>(x.size());
  if (n < 2)
    throw std::invalid_argument("stats::mean_interval: need at least 2 values");
  double m = 0;
  for (double v : x)
    m += v;
  m /= double(n);
  double s2 = 0;
  for (double v : x)
    s2 += (v - m) * (v - m);
  s2 /= double(n - 1);
  const double t = student_quantile_two_sided(alpha, double(n - 1));
  const double half = t * std::sqrt(s2 / double(n));
  return {m, m - half, m + half, n, "CLT (Student t, " + std::to_string(n - 1) + " dof)"};
}

Interval batch_means(const std::vector<double>& x, int batches, double alpha) {
  const long n = static_cast<long>(x.size());
  if (batches < 2 || n < batches)
    throw std::invalid_argument("stats::batch_means: need n >= batches >= 2");
  const long len = n / batches;
  std::vector<double> means;
  for (int b = 0; b < batches; ++b) {
    double s = 0;
    for (long i = b * len; i < (b + 1) * len; ++i)
      s += x[static_cast<std::size_t>(i)];
    means.push_back(s / double(len));
  }
  Interval r = mean_interval(means, alpha);
  r.method =
      "batch means (" + std::to_string(batches) + " batches of " + std::to_string(len) + ", Student t)";
  return r;
}

Interval difference_interval(const std::vector<double>& x, const std::vector<double>& y, double alpha) {
  const Interval a = mean_interval(x, 0.5), b = mean_interval(y, 0.5);
  auto var_of_mean = [](const std::vector<double>& v, double m) {
    double s2 = 0;
    for (double u : v)
      s2 += (u - m) * (u - m);
    return s2 / double(v.size() - 1) / double(v.size());
  };
  const double va = var_of_mean(x, a.estimate), vb = var_of_mean(y, b.estimate);
  const double se = std::sqrt(va + vb);
  // Welch–Satterthwaite degrees of freedom
  const double dof =
      (va + vb) * (va + vb) / (va * va / double(x.size() - 1) + vb * vb / double(y.size() - 1) + 1e-300);
  const double t = student_quantile_two_sided(alpha, std::max(1.0, dof));
  const double d = a.estimate - b.estimate;
  return {d, d - t * se, d + t * se, static_cast<long>(x.size() + y.size()), "Welch (difference of means)"};
}

double kolmogorov_tail(double lambda) {
  if (lambda <= 0)
    return 1;
  if (lambda < 0.2)
    return 1; // Q(0.2) = 1 − 1e-27
  double s = 0;
  for (int k = 1; k <= 200; ++k) {
    const double term = std::exp(-2.0 * k * k * lambda * lambda);
    s += (k % 2 ? 1 : -1) * term;
    if (term < 1e-18)
      break;
  }
  return std::clamp(2 * s, 0.0, 1.0);
}

KsResult ks_two_sample(std::vector<double> a, std::vector<double> b) {
  if (a.empty() || b.empty())
    throw std::invalid_argument("stats::ks_two_sample: empty sample");
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const double na = double(a.size()), nb = double(b.size());
  std::size_t i = 0, j = 0;
  double D = 0;
  while (i < a.size() && j < b.size()) {
    const double x = std::min(a[i], b[j]);
    while (i < a.size() && a[i] <= x)
      ++i;
    while (j < b.size() && b[j] <= x)
      ++j;
    D = std::max(D, std::abs(double(i) / na - double(j) / nb));
  }
  const double ne = na * nb / (na + nb), sq = std::sqrt(ne);
  return {D, kolmogorov_tail((sq + 0.12 + 0.11 / sq) * D), static_cast<long>(a.size()),
          static_cast<long>(b.size())};
}

KsResult ks_one_sample(std::vector<double> x, const std::function<double(double)>& cdf) {
  if (x.empty())
    throw std::invalid_argument("stats::ks_one_sample: empty sample");
  std::sort(x.begin(), x.end());
  const double n = double(x.size());
  double D = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double F = cdf(x[i]);
    D = std::max({D, double(i + 1) / n - F, F - double(i) / n});
  }
  const double sq = std::sqrt(n);
  return {D, kolmogorov_tail((sq + 0.12 + 0.11 / sq) * D), static_cast<long>(x.size()), 0};
}

double dkw_halfwidth(long n, double alpha) {
  require_alpha(alpha);
  if (n <= 0)
    throw std::invalid_argument("stats::dkw_halfwidth: n must be positive");
  return std::sqrt(std::log(2 / alpha) / (2 * double(n)));
}

Fit linear_fit(const std::vector<double>& x, const std::vector<double>& y, double alpha) {
  const std::size_t n = x.size();
  if (n < 3 || y.size() != n)
    throw std::invalid_argument("stats::linear_fit: need >= 3 points");
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < n; ++i)
    mx += x[i], my += y[i];
  mx /= double(n), my /= double(n);
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < n; ++i)
    sxx += (x[i] - mx) * (x[i] - mx), sxy += (x[i] - mx) * (y[i] - my);
  Fit f;
  f.slope = sxy / sxx;
  f.intercept = my - f.slope * mx;
  double rss = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double r = y[i] - f.intercept - f.slope * x[i];
    rss += r * r;
  }
  f.dof = static_cast<int>(n) - 2;
  f.slope_se = std::sqrt(rss / f.dof / sxx);
  const double t = student_quantile_two_sided(alpha, f.dof);
  f.lo = f.slope - t * f.slope_se;
  f.hi = f.slope + t * f.slope_se;
  f.method = "least squares, Student t (" + std::to_string(f.dof) + " dof)";
  return f;
}

Fit weighted_fit(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& se,
                 double alpha) {
  const std::size_t n = x.size();
  if (n < 2 || y.size() != n || se.size() != n)
    throw std::invalid_argument("stats::weighted_fit: bad sizes");
  double S = 0, Sx = 0, Sy = 0, Sxx = 0, Sxy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!(se[i] > 0))
      throw std::invalid_argument("stats::weighted_fit: standard errors must be positive");
    const double w = 1 / (se[i] * se[i]);
    S += w, Sx += w * x[i], Sy += w * y[i], Sxx += w * x[i] * x[i], Sxy += w * x[i] * y[i];
  }
  const double det = S * Sxx - Sx * Sx;
  Fit f;
  f.slope = (S * Sxy - Sx * Sy) / det;
  f.intercept = (Sxx * Sy - Sx * Sxy) / det;
  f.slope_se = std::sqrt(S / det);
  f.dof = static_cast<int>(n) - 2;
  for (std::size_t i = 0; i < n; ++i) {
    const double r = (y[i] - f.intercept - f.slope * x[i]) / se[i];
    f.chi2 += r * r;
  }
  if (f.dof > 0 && f.chi2 > f.dof)
    f.slope_se *= std::sqrt(f.chi2 / f.dof);
  const double z = normal_quantile_two_sided(alpha);
  f.lo = f.slope - z * f.slope_se;
  f.hi = f.slope + z * f.slope_se;
  f.method = "weighted least squares (known errors, inflated by sqrt(chi2/dof) when > 1), normal quantile";
  return f;
}

long paths_to_decide(long n, double halfwidth, double gap) {
  if (!(gap > 0) || !(halfwidth > 0))
    return 0;
  const double f = halfwidth / gap;
  const double need = double(n) * f * f * 1.1;
  return need > 9e18 ? std::numeric_limits<long>::max() : static_cast<long>(std::ceil(need));
}

// ---------------------------------------------------------------------------------------------------------
// Law1D and the 1D diffusion formulas
// ---------------------------------------------------------------------------------------------------------

namespace {
/// Adaptive Gauss–Legendre (dcrv/quadrature.hpp) at its default tolerance ε^{0.8}.
template <class T> T integrate(const std::function<T(const T&)>& f, const T& lo, const T& hi) {
  return integrate_adaptive<T>(f, lo, hi).value;
}
template <class T> T max_on_grid(const std::function<T(const T&)>& g, const T& a, const T& b) {
  T m = g(a);
  for (int k = 1; k <= 256; ++k) {
    const T v = g(a + (b - a) * T(k) / T(256));
    if (v > m)
      m = v;
  }
  return m;
}
template <class T> T exp_of(const T& x) {
  using boost::multiprecision::exp;
  using std::exp;
  return exp(x);
}
template <class T> T xlogx(const T& x) {
  using boost::multiprecision::log;
  using std::log;
  return x > 0 ? T(x * log(x)) : T(0);
}
} // namespace

template <class T>
Law1D<T>::Law1D(std::function<T(const T&)> log_density, T a, T b)
    : logd_(std::move(log_density)), a_(a), b_(b) {
  if (!(b_ > a_))
    throw std::invalid_argument("Law1D: empty interval [" + std::to_string(to_double(a_)) + ", " +
                                std::to_string(to_double(b_)) + "]");
  shift_ = max_on_grid(logd_, a_, b_);
  Z_ = integral([](const T&) { return T(1); }, a_, b_);
  if (!(Z_ > 0) || !is_finite(Z_))
    throw std::runtime_error("Law1D: the density does not integrate");
}
template <class T> T Law1D<T>::integral(const std::function<T(const T&)>& f, const T& lo, const T& hi) const {
  return integrate<T>([&](const T& y) { return f(y) * exp_of<T>(logd_(y) - shift_); }, lo, hi);
}
template <class T> T Law1D<T>::expect(const std::function<T(const T&)>& f) const {
  return integral(f, a_, b_) / Z_;
}
template <class T> T Law1D<T>::cdf(const T& x) const {
  if (!(x > a_))
    return T(0);
  if (!(x < b_))
    return T(1);
  return integral([](const T&) { return T(1); }, a_, x) / Z_;
}
template <class T> T Law1D<T>::mass(const T& x0, const T& x1) const {
  const T lo = x0 < a_ ? a_ : x0, hi = x1 > b_ ? b_ : x1;
  if (!(hi > lo))
    return T(0);
  return integral([](const T&) { return T(1); }, lo, hi) / Z_;
}
template <class T> T Law1D<T>::density(const T& y) const {
  if (y < a_ || y > b_)
    return T(0);
  return exp_of<T>(logd_(y) - shift_) / Z_;
}
template class Law1D<double>;
template class Law1D<mpfr>;

template <class T>
T hit_lower_first(const std::function<T(const T&)>& log_scale_potential, const T& lo, const T& x,
                  const T& hi) {
  if (!(x > lo))
    return T(1);
  if (!(x < hi))
    return T(0);
  // s′ = e^{−Φ}; shift by max(−Φ) so that nothing overflows in double
  const std::function<T(const T&)> neg = [&](const T& y) { return T(-log_scale_potential(y)); };
  const T shift = max_on_grid(neg, lo, hi);
  const std::function<T(const T&)> s = [&](const T& y) { return exp_of<T>(neg(y) - shift); };
  const T upper = integrate<T>(s, x, hi), lower = integrate<T>(s, lo, x);
  return upper / (upper + lower);
}
template double hit_lower_first<double>(const std::function<double(const double&)>&, const double&,
                                        const double&, const double&);
template mpfr hit_lower_first<mpfr>(const std::function<mpfr(const mpfr&)>&, const mpfr&, const mpfr&,
                                    const mpfr&);

template <class T> T wf2_log_scale_potential(const T& y, const T& dw, const T& eps, const T& gamma) {
  const T ell = xlogx<T>(y) + xlogx<T>(T(1) - y);
  return T(2) / gamma * (dw * y - eps * ell);
}
template <class T> T wf2_log_speed_density(const T& y, const T& dw, const T& eps, const T& gamma) {
  using boost::multiprecision::log;
  using std::log;
  return wf2_log_scale_potential(y, dw, eps, gamma) - log(gamma * y * (T(1) - y));
}
template double wf2_log_scale_potential<double>(const double&, const double&, const double&, const double&);
template mpfr wf2_log_scale_potential<mpfr>(const mpfr&, const mpfr&, const mpfr&, const mpfr&);
template double wf2_log_speed_density<double>(const double&, const double&, const double&, const double&);
template mpfr wf2_log_speed_density<mpfr>(const mpfr&, const mpfr&, const mpfr&, const mpfr&);

// ---------------------------------------------------------------------------------------------------------
// LatticeLaw3
// ---------------------------------------------------------------------------------------------------------

LatticeLaw3::LatticeLaw3(const Drift& F, double gamma, double delta, int n) : n_(n) {
  if (n < 2)
    throw std::invalid_argument("LatticeLaw3: need n >= 2");
  if (!(delta >= 0 && 3 * delta < 1))
    throw std::invalid_argument("LatticeLaw3: delta must lie in [0, 1/3)");
  if (!(gamma > 0))
    throw std::invalid_argument("LatticeLaw3: gamma must be positive");
  h_ = (1 - 3 * delta) / n;
  std::vector<std::vector<int>> idx(static_cast<std::size_t>(n) + 1,
                                    std::vector<int>(static_cast<std::size_t>(n) + 1, -1));
  for (int i = 0; i <= n; ++i)
    for (int j = 0; i + j <= n; ++j) {
      idx[i][j] = static_cast<int>(pts_.size());
      pts_.push_back({delta + i * h_, delta + j * h_, delta + (n - i - j) * h_});
    }
  const int N = static_cast<int>(pts_.size());
  std::vector<Eigen::Triplet<double>> trip; // the transposed generator Gᵀ (row = target)
  const double h2 = h_ * h_;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; i + j <= n; ++j) {
      const int s = idx[i][j];
      const auto& p = pts_[static_cast<std::size_t>(s)];
      const auto f = F(p);
      // directions e1−e3 (di=+1,dj=0), e2−e3 (0,+1), e1−e2 (+1,−1): diffusion c, drift component b
      const int di[3] = {1, 0, 1}, dj[3] = {0, 1, -1};
      const double c[3] = {gamma * p[0] * p[2], gamma * p[1] * p[2], gamma * p[0] * p[1]};
      const double b[3] = {f[0], f[1], 0.0};
      double out = 0;
      for (int d = 0; d < 3; ++d) {
        double up = c[d] / (2 * h2) + b[d] / (2 * h_), down = c[d] / (2 * h2) - b[d] / (2 * h_);
        if (up < 0 || down < 0) { // upwind
          up = c[d] / (2 * h2) + std::max(b[d], 0.0) / h_;
          down = c[d] / (2 * h2) + std::max(-b[d], 0.0) / h_;
        }
        for (int sgn : {1, -1}) {
          const int ii = i + sgn * di[d], jj = j + sgn * dj[d];
          if (ii < 0 || jj < 0 || ii + jj > n)
            continue; // zero flux through the faces
          const double rate = sgn > 0 ? up : down;
          if (rate <= 0)
            continue;
          trip.emplace_back(idx[ii][jj], s, rate);
          out += rate;
        }
      }
      trip.emplace_back(s, s, -out);
    }
  // πᵀG = 0 is Gᵀπ = 0 (the triplets above are Gᵀ); its last equation is replaced by the normalisation Σπ = 1
  std::vector<Eigen::Triplet<double>> t2;
  for (const auto& t : trip)
    if (t.row() != N - 1)
      t2.push_back(t);
  for (int k = 0; k < N; ++k)
    t2.emplace_back(N - 1, k, 1.0);
  Eigen::SparseMatrix<double> M(N, N);
  M.setFromTriplets(t2.begin(), t2.end());
  M.makeCompressed();
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  lu.compute(M);
  if (lu.info() != Eigen::Success)
    throw std::runtime_error("LatticeLaw3: sparse LU failed");
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(N);
  rhs(N - 1) = 1;
  const Eigen::VectorXd x = lu.solve(rhs);
  pi_.assign(x.data(), x.data() + N);
  for (double& v : pi_)
    if (v < 0 && v > -1e-12)
      v = 0;
}

double LatticeLaw3::expect(const std::function<double(const std::array<double, 3>&)>& f) const {
  double s = 0;
  for (std::size_t k = 0; k < pts_.size(); ++k)
    s += pi_[k] * f(pts_[k]);
  return s;
}

double reflected_gap_1d(const std::function<double(double)>& log_speed_density,
                        const std::function<double(double)>& variance, double lo, double hi, int n) {
  if (n < 4 || !(hi > lo))
    throw std::invalid_argument("reflected_gap_1d: need n >= 4 and lo < hi");
  const double h = (hi - lo) / n;
  std::vector<double> lm(static_cast<std::size_t>(n)), lc(static_cast<std::size_t>(n) - 1);
  double shift = -std::numeric_limits<double>::infinity();
  for (int k = 0; k < n; ++k) {
    lm[k] = log_speed_density(lo + (k + 0.5) * h);
    shift = std::max(shift, lm[k]);
  }
  for (int k = 0; k + 1 < n; ++k) {
    const double y = lo + (k + 1) * h;
    lc[k] = std::log(0.5 * variance(y) / h) + log_speed_density(y);
  }
  // −L = D⁻¹A with D = diag(m_k h), A the weighted path Laplacian; symmetric form D^{-1/2} A D^{-1/2}
  Eigen::MatrixXd S = Eigen::MatrixXd::Zero(n, n);
  for (int k = 0; k + 1 < n; ++k) {
    const double w = std::exp(lc[k] - shift);
    const double dk = std::exp(lm[k] - shift) * h, dl = std::exp(lm[k + 1] - shift) * h;
    S(k, k) += w / dk;
    S(k + 1, k + 1) += w / dl;
    S(k, k + 1) -= w / std::sqrt(dk * dl);
    S(k + 1, k) -= w / std::sqrt(dk * dl);
  }
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(S, Eigen::EigenvaluesOnly);
  return es.eigenvalues()(1);
}

} // namespace dcrv::stats
