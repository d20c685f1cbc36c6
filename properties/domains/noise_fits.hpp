// properties/domains/noise_fits.hpp — how the App. H Monte-Carlo claims read a sequence of measured levels
// (a step size, a noise scale, a learning rate) as a rate: per level a Student interval of the mean, fitted
// as a power law by weighted least squares on log–log axes (dcrv/stats.hpp's weighted_fit, the standard error
// of log y being se/|y|), the slope's interval deciding; and the report figure of such a series. Shared by
// H_boundary_bd.cpp, H_diffusion_limits.cpp, H_logratio_sdes.cpp, H_stationary_laws.cpp and
// M_noise_predictions.cpp.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dcrv/stats.hpp"

namespace dcrv::noise_domain {

/// The standard error behind a Student interval of the mean of `count` paths: its half-width over
/// t_{count−1}.
inline double student_se(const stats::Interval& iv, double alpha, long count) {
  return iv.halfwidth() / stats::student_quantile_two_sided(alpha, double(count - 1));
}

/// Measured levels: the level's abscissa x, the mean y with its standard error and its interval [lo, hi].
struct LevelSeries {
  std::vector<double> x, y, se, lo, hi;

  /// Appends the level at abscissa `at` measured by the Student interval `iv` of `count` paths.
  void add(double at, const stats::Interval& iv, double alpha, long count) {
    x.push_back(at), y.push_back(iv.estimate), lo.push_back(iv.lo), hi.push_back(iv.hi);
    se.push_back(student_se(iv, alpha, count));
  }
  /// The weighted fit of log|y| against log x (or against x itself when `log_x` is false).
  stats::Fit fit(double alpha, bool log_x = true) const {
    std::vector<double> lx, ly, le;
    for (std::size_t i = 0; i < x.size(); ++i) {
      lx.push_back(log_x ? std::log(x[i]) : x[i]);
      ly.push_back(std::log(std::abs(y[i])));
      le.push_back(se[i] / std::abs(y[i]));
    }
    return stats::weighted_fit(lx, ly, le, alpha);
  }
  /// The fitted slope as an interval over `paths` paths, its method prefixed by `prefix`.
  stats::Interval slope(double alpha, long paths,
                        const std::string& prefix = "slope of log-log fit: ", bool log_x = true) const {
    const stats::Fit f = fit(alpha, log_x);
    return {f.slope, f.lo, f.hi, paths, prefix + f.method};
  }
};

/// A report figure of one measured series on log–log axes with its interval as a band (`style`: "line" or
/// "marks").
inline nlohmann::json loglog_figure(const std::string& title, const std::string& x, const std::string& y,
                                    const std::string& lo, const std::string& hi, const std::string& xlabel,
                                    const std::string& ylabel, const std::string& legend,
                                    const std::string& style = "line") {
  return {{"title", title},   {"x", x},
          {"y", {y}},         {"legend", {legend}},
          {"xlabel", xlabel}, {"ylabel", ylabel},
          {"logx", true},     {"logy", true},
          {"style", style},   {"band", {{"lo", lo}, {"hi", hi}}}};
}

} // namespace dcrv::noise_domain
