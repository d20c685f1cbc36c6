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
//
// Setups (DESIGN.md "Readings, setups, findings"): a value the paper leaves open (an initial policy, an
// unnamed batch size, the cell of a sweep, a calibration anchor) is declared as a choice with the values a
// careful reader could take and why the paper leaves it open:
//       .setup("initial policy", {{"uniform", 0}, {"Dirichlet(1)", 1}}, "App. J never states p_0")
//       .experiment("grid", [](const Context& ctx, const Setup& s) { ... s("initial policy") ... }, ...)
// The claim runs under every combination of the choices' values (the measurements share cached ensembles
// where the parameters coincide) and is verified when it holds under every setup, falsified when it fails
// under every setup (the witness of the first), underspecified when it holds under some and fails under
// others; Outcome::setups holds the table (choices, rows, the choices whose value flips the outcome).
//
// Every path is accounted for: a measurement reports the paths it read and the failed ones (note_paths, or
// McResult::failed); a statistic that would include failed paths makes the experiment inconclusive with the
// count and the first failure, unless the measurement defines the statistic under that failure
// (McResult::censoring says how). A non-finite interval is reported as non-finite, never as "too weak".
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
  /// Paths read and paths that failed (a state that stopped being a finite probability vector …), added to
  /// what note_paths recorded during the measurement; `first_failure` names the first ("seed s, path j,
  /// step t").
  long paths_read = 0, failed = 0;
  std::string first_failure{};
  /// Non-empty when the statistic is defined under the failures (censoring) and how; empty: a statistic
  /// with failed paths is inconclusive.
  std::string censoring{};
  /// The paper's protocol (a statistic over its five seeds), when the measurement judges on it: copied to
  /// Outcome::protocol (claim.hpp).
  nlohmann::json protocol{};
};

/// Records, for the measurement running on this thread, that it read `paths` paths of which `failed`
/// failed, the first being `first_failure` (thread-local; the engine resets it around each measurement).
void note_paths(long paths, long failed, const std::string& first_failure = "");

/// One value of a setup choice: its label (shown in the table) and its code (read by the parameters).
struct SetupValue {
  std::string label;
  double value = 0;
};
/// A choice the paper leaves open, with the values a careful reader could take and why it is open.
struct SetupChoice {
  std::string name;
  std::vector<SetupValue> values;
  std::string why;
};
/// One setup: a value for every declared choice.
class Setup {
public:
  Setup() = default;
  Setup& set(const std::string& name, SetupValue v);
  double operator()(const std::string& name) const; // the value's code; throws std::out_of_range
  const std::string& label(const std::string& name) const;
  bool has(const std::string& name) const;
  bool empty() const { return values_.empty(); }
  std::string text() const;       // "initial policy = uniform, batch size = 16"
  nlohmann::json to_json() const; // {name: label}
  const std::vector<std::pair<std::string, SetupValue>>& values() const { return values_; }

private:
  std::vector<std::pair<std::string, SetupValue>> values_;
};
/// Every combination of the choices' values (the first choice varies slowest); one empty setup when there
/// are no choices.
std::vector<Setup> setups_of(const std::vector<SetupChoice>& choices);
/// Combines the outcomes of a claim under its setups (one per setup, same order): verified when every setup
/// verifies it, falsified when every setup falsifies it (the first falsifying setup's outcome and witness),
/// underspecified when some verify and others falsify, inconclusive otherwise; writes Outcome::setups.
Outcome combine_setups(const std::vector<SetupChoice>& choices, const std::vector<Setup>& setups,
                       const std::vector<Outcome>& rows);

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
  /// An experiment whose parameters depend on the setup (the values of the declared choices).
  Stochastic& experiment(std::string label, std::function<McParams(const Context&, const Setup&)> params,
                         double paths_per_unit, McMeasure measure, McSide side, long min_paths = 1);
  /// A choice the paper leaves open (see the file comment): the claim runs under every value.
  Stochastic& setup(std::string name, std::vector<SetupValue> values, std::string why);
  /// An evidence label (conformance / vacuous, claim.hpp EvidenceLabel) attached to every outcome.
  Stochastic& label(std::string kind, std::string why);
  /// The claim's false-falsification probability (default 10⁻⁶), split equally over its experiments.
  Stochastic& confidence(double alpha);
  /// How the claim is checked (Evidence::method prefix), e.g. "reflected Euler–Maruyama, h = 10⁻³".
  Stochastic& method(std::string m);
  operator Claim() const { return build(); }
  Claim build() const;

private:
  struct Experiment {
    std::string label;
    std::function<McParams(const Context&, const Setup&)> params;
    double paths_per_unit = 1;
    long min_paths = 1;
    McMeasure measure;
    McSide side;
  };
  std::vector<Claim> exact_;
  std::vector<std::shared_ptr<Experiment>> experiments_;
  std::vector<SetupChoice> choices_;
  std::vector<EvidenceLabel> labels_;
  std::function<void(const Context&)> validate_;
  double alpha_ = 1e-6;
  std::string method_;
};

inline Stochastic stochastic(std::string id, Kind kind) {
  return Stochastic(std::move(id), kind);
}

/// The claim with an evidence label (conformance / vacuous, claim.hpp EvidenceLabel) on every outcome of its
/// check: for claims built by the ordinary engine (Stochastic::label for stochastic ones).
Claim labelled(Claim c, std::string kind, std::string why);
/// An existential claim ("can", "in some setting") checked in a setting dcrv chose: a setting where it does
/// not happen does not refute it, so a `falsified` outcome becomes `inconclusive` (the measured statistic and
/// its interval stay, the witness goes; `why` says which setting was searched). It is verified when the
/// searched setting shows it; a constant set against the measurement can only make it not verified.
Claim existential(Claim c, std::string why);

/// A claim that is not checkable, with the reason and the proxy probed (if any).
Claim not_checkable(std::string id, Kind kind, std::string where, std::string statement, std::string reason,
                    std::string proxy, std::string reading = "");

} // namespace dcrv
