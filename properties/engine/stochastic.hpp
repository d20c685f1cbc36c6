// properties/engine/stochastic.hpp — statistical verdicts of stochastic claims (DESIGN.md "Verdicts of
// stochastic claims").
//
// A stochastic claim is decided by statistics with confidence intervals. Each Monte-Carlo *experiment* has
// named parameters, a measurement that is a pure function of (parameters, seed, path range, α) — Philox
// streams keyed by (seed, path, step), so any path replays alone and nothing depends on --jobs — and the
// claim's *side*, an interval [b_lo, b_hi] for the measured quantity computed from the claim's constants (in
// double and, for the decision, in MPFR at the working precision). An experiment is
//   verified      when its confidence interval lies inside the side,
//   falsified     when it lies wholly outside (a replayable stochastic witness is stored),
//   inconclusive  when it straddles a bound (then the number of paths that would decide it is estimated).
// The claim's false-falsification probability is α = 10⁻⁶ by default, split over its experiments
// (Bonferroni). Exact parts (Itô identities, moment identities, generator inequalities, laws with closed
// forms) are ∀-claims of the ordinary engine, checked in MPFR and combined with the experiments. A path that
// leaves the simplex or produces a NaN makes the claim inconclusive with the seed, path and step
// (dcrv/minibatch.hpp PathBreakdown).
//
//   return stochastic("H.band-confinement", Kind::stochastic)
//       .where("App. H, Theorem thm:band").statement(R"(...)")
//       .constant("c", 2.0, Role::lower, "factor 2 in the exponent")
//       .validate([](const Context& ctx) { /* throw std::invalid_argument(reason) */ })
//       .exact(forall("H.band-confinement", Kind::stochastic).over(...).holds(...))       // K = 2 in MPFR
//       .experiment("K=3, delta=0.05", [](const Context&) { return McParams{{"K", 3}, {"delta", 0.05}}; },
//                   200 /* paths per budget unit: × Context::sizes().paths */, measure,
//                   at_most([]<class T>(const McParams& q, const Consts<T>& k) { return bound_in_T; }));
// where measure(q, seed, first, count, alpha) -> McResult simulates paths [first, first + count).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/stats.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {

/// The named parameters of one experiment (stored in the witness; replay uses the stored values).
class McParams {
public:
  McParams() = default;
  McParams(std::initializer_list<std::pair<std::string, double>> v) : values_(v) {}
  McParams& set(const std::string& name, double v);
  double operator()(const std::string& name) const; // throws std::out_of_range for an unknown name
  int integer(const std::string& name) const { return static_cast<int>(std::lround((*this)(name))); }
  bool has(const std::string& name) const;
  const std::vector<std::pair<std::string, double>>& values() const { return values_; }
  nlohmann::json to_json() const;
  static McParams from_json(const nlohmann::json& j);

private:
  std::vector<std::pair<std::string, double>> values_;
};

/// What a measurement returns: the estimate of the deciding quantity with its interval at level 1 − α, and
/// optionally series columns for figures (merged into Outcome::series; a "figures" array is concatenated) and
/// further measured figures (Evidence::details).
struct McResult {
  std::string name;         // what is estimated, e.g. "P(p_i hits delta before y_max)"
  stats::Interval interval; // estimate, lo, hi, n (paths), method
  nlohmann::json series;    // optional
  std::map<std::string, std::string> details;
};

/// A measurement: deterministic in (parameters, seed, first path, number of paths, α).
using McMeasure =
    std::function<McResult(const McParams& q, std::uint64_t seed, long first, long count, double alpha)>;

/// The claim's side for an experiment: the measured quantity θ must satisfy b_lo ≤ θ ≤ b_hi (±∞ allowed).
/// `point`: an equality claim θ = b (b_lo = b_hi = b): verified when the interval contains b (the data are
/// consistent with it at the stated level; the interval's width says how closely), falsified when it excludes
/// b.
struct McSide {
  std::function<std::pair<double, double>(const McParams&, const Consts<double>&)> in_double;
  std::function<std::pair<mpfr, mpfr>(const McParams&, const Consts<mpfr>&)> in_mpfr;
  bool point = false;
};
/// θ ≤ f(q, k).
template <class F> McSide at_most(F f) {
  return {[f](const McParams& q, const Consts<double>& k) {
            return std::pair<double, double>{-std::numeric_limits<double>::infinity(),
                                             f.template operator()<double>(q, k)};
          },
          [f](const McParams& q, const Consts<mpfr>& k) {
            return std::pair<mpfr, mpfr>{-std::numeric_limits<mpfr>::infinity(),
                                         f.template operator()<mpfr>(q, k)};
          }};
}
/// θ ≥ f(q, k).
template <class F> McSide at_least(F f) {
  return {[f](const McParams& q, const Consts<double>& k) {
            return std::pair<double, double>{f.template operator()<double>(q, k),
                                             std::numeric_limits<double>::infinity()};
          },
          [f](const McParams& q, const Consts<mpfr>& k) {
            return std::pair<mpfr, mpfr>{f.template operator()<mpfr>(q, k),
                                         std::numeric_limits<mpfr>::infinity()};
          }};
}
/// lo(q, k) ≤ θ ≤ hi(q, k).
template <class F, class G> McSide between(F lo, G hi) {
  return {
      [lo, hi](const McParams& q, const Consts<double>& k) {
        return std::pair<double, double>{lo.template operator()<double>(q, k),
                                         hi.template operator()<double>(q, k)};
      },
      [lo, hi](const McParams& q, const Consts<mpfr>& k) {
        return std::pair<mpfr, mpfr>{lo.template operator()<mpfr>(q, k), hi.template operator()<mpfr>(q, k)};
      }};
}

/// θ = f(q, k) (an equality claim: see McSide::point).
template <class F> McSide equals(F f) {
  return {[f](const McParams& q, const Consts<double>& k) {
            const double b = f.template operator()<double>(q, k);
            return std::pair<double, double>{b, b};
          },
          [f](const McParams& q, const Consts<mpfr>& k) {
            const mpfr b = f.template operator()<mpfr>(q, k);
            return std::pair<mpfr, mpfr>{b, b};
          },
          true};
}

/// The verdict of one interval against a side (exact comparison in MPFR): verified, falsified or
/// inconclusive.
Status decide(const stats::Interval& iv, const std::pair<mpfr, mpfr>& side, bool point = false);

/// Builder of stochastic claims: a few declarative lines per claim (see the file comment).
class Stochastic : public ClaimHeader<Stochastic> {
public:
  Stochastic(std::string id, Kind kind) : ClaimHeader(std::move(id), kind) {}
  /// Checks the constants (overrides included) before anything runs; throws std::invalid_argument with the
  /// reason (B = 0, η ≤ 0, δ outside (0, 1/K), γ < 0, …). Non-finite constants are always refused.
  Stochastic& validate(std::function<void(const Context&)> v);
  /// An exact part: a ∀-claim of the ordinary engine (same ID), checked in MPFR; combined with the
  /// experiments.
  Stochastic& exact(Claim part);
  /// A Monte-Carlo experiment. `params` may depend on the constants; paths = max(min_paths,
  /// paths_per_unit × Context::sizes().paths) (8 smoke, 64 standard, 1024 deep).
  Stochastic& experiment(std::string label, std::function<McParams(const Context&)> params,
                         double paths_per_unit, McMeasure measure, McSide side, long min_paths = 1);
  /// The claim's false-falsification probability (default 10⁻⁶), split equally over its experiments.
  Stochastic& confidence(double alpha);
  /// How the claim is checked (Evidence::method prefix), e.g. "reflected Euler–Maruyama, h = 10⁻³".
  Stochastic& method(std::string m);
  operator Claim() const { return build(); }
  Claim build() const;

private:
  struct Experiment {
    std::string label;
    std::function<McParams(const Context&)> params;
    double paths_per_unit = 1;
    long min_paths = 1;
    McMeasure measure;
    McSide side;
  };
  std::vector<Claim> exact_;
  std::vector<std::shared_ptr<Experiment>> experiments_;
  std::function<void(const Context&)> validate_;
  double alpha_ = 1e-6;
  std::string method_;
};

inline Stochastic stochastic(std::string id, Kind kind) {
  return Stochastic(std::move(id), kind);
}

/// A claim that is not checkable, with the reason and the proxy probed (if any).
Claim not_checkable(std::string id, Kind kind, std::string where, std::string statement, std::string reason,
                    std::string proxy, std::string reading = "");

} // namespace dcrv
