// properties/engine/claim.hpp — the claim model: what a registered claim is, what a check returns.
//
// A claim is registered once (DESIGN.md "Claims in code"): its inventory ID, where it is in the paper, its
// kind, dcrv's own LaTeX statement, its named paper constants (overridable with --set) and a check
// function taking a Context and returning an Outcome (status + evidence + witness).
//
// This is the floor of the layering (DESIGN.md "Layout"): lib/ ← properties/engine/ (this model, domains, the
// engine) ← properties/<L>_<subject>.cpp (the claims) ← checks/ (registry, runner, CLI); reports/ reads the
// model. Claims register themselves here with DCRV_CLAIM; checks/registry.cpp collects them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv {

enum class Kind { identity, bound, sharpness, dynamic, equilibrium, stochastic, structural, empirical };
/// `underspecified`: an experiment or stochastic claim whose outcome depends on a choice the paper does not
/// make (a setup, DESIGN.md "Readings, setups, findings"): it holds under some declared setups and fails
/// under others; Outcome::setups holds the table.
enum class Status { certified, verified, falsified, inconclusive, unchecked, not_checkable, underspecified };
/// Which direction of a constant makes the claim stronger: `upper` — the constant bounds something from
/// above (lowering it strengthens the claim); `lower` — bounds from below; `exact` — a claimed value.
enum class Role { upper, lower, exact };
enum class Budget { smoke, standard, deep };

std::string to_string(Kind);
std::string to_string(Status);
std::string to_string(Role);
std::string to_string(Budget);
Kind kind_from_string(const std::string&);
Status status_from_string(const std::string&);
Budget budget_from_string(const std::string&);
/// Order used by `diff`: a move to a lower rank is a regression.
int status_rank(Status);

/// The values a constant can take by its meaning; `--set` outside them is refused (exit 2): a probability
/// lies in [0, 1], a count is an integer >= 1, a step size is positive ... A claim declares it where its
/// meaning fixes it (ClaimHeader::range). Otherwise (default_range) an `exact` constant — a claimed value or
/// a setting — keeps the sign of its paper value (>= 0 for a positive value, <= 0 for a negative one, any for
/// 0), and an `upper` / `lower` constant is any real: it is a coefficient or a term of a bound, whose sign
/// the bound does not fix (the additive 2 of 2 + √S may turn negative while the bound stays meaningful;
/// measured: most such coefficients are loose down to 0, so only a negative value is caught).
enum class Range { any, non_negative, positive, non_positive, negative, unit_closed, unit_open, count };
std::string to_string(Range); // "any", ">= 0", "> 0", "<= 0", "< 0", "[0, 1]", "(0, 1)", "integer >= 1"
bool in_range(Range, double);
Range default_range(double paper_value, Role role);

/// A named paper constant. The default is held both as a double and, for exactness in MPFR (e.g. 1/(3√3)),
/// as a function evaluated at the working precision.
struct ConstantSpec {
  std::string name;
  double value = 0;
  Role role = Role::exact;
  std::string meaning;                // one line: where the constant enters the claim
  std::function<mpfr()> exact_value;  // optional; used when not overridden
  std::optional<Range> declared = {}; // the claim's own range; none: default_range(value, role)

  Range range() const { return declared ? *declared : default_range(value, role); }
};

/// Sizes of the search at a budget. The same claim code runs at every budget.
struct BudgetSizes {
  int random_trials; // random samples (spread over dimensions)
  int local_starts;  // best samples refined by local maximisation of the violation score
  int local_steps;   // hill-climbing steps per start
  int max_dim;       // largest S for claims "for every S"
  int confirmations; // clusters of violation candidates examined in MPFR at most (beyond: inconclusive)
  int paths;         // trajectories / Monte-Carlo paths for dynamic and stochastic checks
  int mpfr_audit;    // stratified sample of the double evidence re-evaluated directly in MPFR
  double seconds;    // wall-time budget of one claim: a safety net (the evidence stops there and says so;
                     // results are deterministic under a seed as long as no claim reaches it)
};
BudgetSizes sizes_for(Budget);

struct Claim;

/// Everything a check may read. Checks are pure functions of their Context: same Context, same Outcome
/// (apart from timing).
struct Context {
  Budget budget = Budget::standard;
  std::uint64_t seed = 1;
  unsigned digits = 50;                    // MPFR confirmation precision (decimal digits)
  std::map<std::string, double> overrides; // constant name -> value, for this claim
  const Claim* claim = nullptr;
  double time_budget = 0;      // wall-time budget of the check in seconds (0: the budget's)
  std::string backend = "cpu"; // where ensembles run: "cpu" or "cuda" (resolved from --backend)

  BudgetSizes sizes() const { return sizes_for(budget); }
  double seconds() const { return time_budget > 0 ? time_budget : sizes().seconds; }
  /// The constant's value: the override if given, else the paper default. Throws on an unknown name.
  double constant(const std::string& name) const;
  mpfr constant_mp(const std::string& name) const;
  bool overridden(const std::string& name) const { return overrides.count(name) != 0; }
  /// A generator seeded from (seed, claim ID, stream): independent of scheduling (--jobs).
  std::mt19937_64 rng(std::uint64_t stream = 0) const;
};

/// The statistic that decides a stochastic claim (DESIGN.md "Verdicts of stochastic claims"): an estimate
/// with a confidence interval [lo, hi] at level `confidence` from `paths` Monte-Carlo paths. `verified` when
/// the interval lies on the claim's side (`claim`, e.g. "<= 0.05"), `falsified` only when it lies wholly on
/// the other side, `inconclusive` when it straddles (then `paths_to_decide` estimates the paths that would
/// decide it).
struct Statistic {
  std::string name; // what is estimated, e.g. "P(min_i p_i(T) < delta)"
  double estimate = 0;
  double lo = 0, hi = 0; // the confidence interval
  double confidence = 0; // e.g. 1 - 1e-6
  long paths = 0;
  std::string claim;        // the claim's side, e.g. "<= 0.05" or "slope in [0.9, 1.1]"
  std::string method;       // e.g. "Clopper-Pearson", "batch means (20 batches)", "two-sample KS"
  long paths_to_decide = 0; // when inconclusive: paths estimated to decide it (0: not estimated)
};

/// An evidence note about the check itself, not a finding about the paper (DESIGN.md "Statuses"):
/// `conformance` — the check confirms dcrv's own encoding of the paper's setup; `vacuous` — it cannot fail
/// under the paper's setup. `why` says which part and why.
struct EvidenceLabel {
  std::string kind; // "conformance" | "vacuous"
  std::string why;
};

struct Evidence {
  long trials = 0;              // evaluations of the claim (double)
  long confirmations = 0;       // MPFR re-evaluations
  long rejected_candidates = 0; // double-precision violations that MPFR did not confirm (rounding)
  long skipped = 0;             // samples outside the claim's hypotheses
  long audited = 0;             // samples evaluated directly in MPFR (identities, the paper's points, a
                                // stratified sample of the rest), whatever their double-precision score
  long unexamined = 0;          // double-precision violation candidates that no MPFR evaluation examined
  bool truncated = false;       // the claim's wall-time budget ended the search (details say where)
  std::optional<double> worst_margin; // smallest relative margin (rhs−lhs)/scale seen; < 0 is a violation
  std::optional<double> tightness;    // sup lhs/rhs over samples with rhs > 0 (bounds), max residual (ids)
  int digits = 0;                     // precision of the confirmation / reference evaluation
  std::string backend = "cpu";
  double seconds = 0;
  std::string method;                         // how the claim was checked, domain included
  std::map<std::string, std::string> details; // further measured figures (e.g. "rate_measured")
  std::optional<Statistic> statistic;         // stochastic claims: the deciding statistic and its interval
  std::vector<EvidenceLabel> labels;          // conformance / vacuous notes (empty: none)
};

struct Outcome {
  Status status = Status::unchecked;
  Evidence evidence;
  nlohmann::json witness; // null, or a replayable counterexample / worst point
  std::string message;    // reason for inconclusive / not-checkable, or a short verdict
  nlohmann::json series;  // optional: columns for figures
  /// Claims with setups (values the paper leaves open): null, or {"choices": [{"name", "values": [...],
  /// "why"}], "rows": [{"setup": {name: value}, "status", "message", "statistic"?}], "deciding": [names]}
  /// — the outcome under every declared setup (reports/SCHEMA.md).
  nlohmann::json setups;
  /// Claims judged under the paper's protocol (a statistic over its five seeds): null, or {"statistic",
  /// "seeds", "probability": {estimate, lo, hi, confidence}, "rule", "population": {...}, "paper_seeds":
  /// {...}}.
  nlohmann::json protocol;
};

using CheckFn = std::function<Outcome(const Context&)>;
using ReplayFn = std::function<Outcome(const Context&, const nlohmann::json& witness)>;

struct Claim {
  std::string id;
  std::string where;
  Kind kind = Kind::bound;
  std::string statement; // LaTeX, dcrv's words
  std::vector<ConstantSpec> constants;
  std::string reading;        // for `ID~reading` entries: which reading of an ambiguous claim this is
  CheckFn check;              // empty: unchecked
  ReplayFn replay;            // empty: replay re-runs the check
  bool from_inventory = true; // false for extra readings / claims dcrv added
  /// Optional: checks the constants (paper values with the --set overrides applied, by name) before the claim
  /// runs; returns "" or why the values are invalid (e.g. "B = 0: a batch needs B >= 1"). `dcrv run` refuses
  /// invalid overrides with exit code 2 instead of running the check.
  std::function<std::string(const std::map<std::string, double>&)> validate;

  const ConstantSpec* find_constant(const std::string& name) const;
};

/// A claim's factory, as DCRV_CLAIM defines it, and the source file that defines it.
using ClaimFactory = Claim (*)();
struct ClaimSource {
  ClaimFactory make;
  const char* file;
};
/// Called by DCRV_CLAIM at static-initialisation time (claim translation units are linked as objects).
int register_claim_factory(ClaimFactory f, const char* file);
/// Every factory registered so far, in registration order (the registry builds the claims from them).
const std::vector<ClaimSource>& claim_factories();

} // namespace dcrv

/// Defines a claim factory `fn` and registers it. Use once per claim, next to its paper reference:
///   DCRV_CLAIM(claim_loewner_upper) { return forall("B.loewner-upper", Kind::bound)....; }
#define DCRV_CLAIM(fn)                                                                                       \
  static ::dcrv::Claim fn();                                                                                 \
  [[maybe_unused]] static const int fn##_registered = ::dcrv::register_claim_factory(&fn, __FILE__);         \
  static ::dcrv::Claim fn()
