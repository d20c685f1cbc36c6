// reports/findings.hpp — the findings of a run: the registered findings (properties/engine/finding.hpp)
// checked against a results file, and the falsified claims no finding covers yet.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "properties/engine/finding.hpp"
#include "reports/results.hpp"

namespace dcrv {

/// A run whose findings do not hold (a finding's claim not falsified, a claim in two findings, a correction
/// not verified, a measured constant missing): an error of the run, not a line of the report.
class FindingError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// One experiment's statistic as the stochastic engine writes it into evidence.details["experiment <label>"]
/// ("EST in [LO, HI] (METHOD, N paths, level 1-ALPHA); claim SIDE: STATUS; ...").
struct ExperimentValue {
  std::string experiment; // the experiment's label, e.g. "B=64 fixation time"
  std::string name;       // the statistic's name where the results give it, e.g. "mean ... [B=64 cosine]"
  double estimate = 0, lo = 0, hi = 0;
  long paths = 0;
  double alpha = 0; // the level is 1 - alpha
  std::string method, side, status;
};
/// Parses such a line; nullopt when it is not one.
std::optional<ExperimentValue> parse_experiment_line(const std::string& label, const std::string& line);

/// A measured value (RepairKind::value): an experiment of the claim that fails, its statistic under the
/// claim's headline setup, and the range of its estimates over the setups the results hold it for.
struct MeasuredValue {
  ExperimentValue value;
  int setups = 0;           // setups with this experiment's statistic in the results (0: no setups)
  double low = 0, high = 0; // the smallest and largest estimate over those setups
};

struct FindingRepairView {
  std::string claim;                         // the claim repaired
  std::string reading;                       // corrected: the reading's ID
  const ClaimResult* checked = nullptr;      // corrected: the reading's result
  double best = 0, paper = 0;                // measured: the flip point and the paper's value
  std::string role;                          // measured: upper / lower / exact
  std::vector<MeasuredValue> values;         // value: the experiments that fail, with the run's statistics
  std::optional<ExperimentValue> population; // value: the population value where the paper's protocol
                                             // decides (the statistic is then a probability)
};

struct FindingView {
  const Finding* finding = nullptr;
  std::vector<const ClaimResult*> claims; // those of the run (a filtered run may hold only some)
  std::vector<FindingRepairView> repairs; // one per claim of the run
  const ClaimResult* smallest = nullptr;  // the claim whose witness is the smallest (fewest coordinates)
};

struct FindingsOfRun {
  std::vector<FindingView> findings;         // the findings with at least one claim in the run
  std::vector<const ClaimResult*> uncovered; // falsified claims in no finding yet
  std::vector<std::string> errors;           // why the run's findings do not hold (empty: they do)
  int measured = 0, corrected = 0;           // repairs: measured constants, checked corrections
  int values = 0;                            // repairs: measured values of experiments
};

/// Checks `findings` against the results. Never throws; problems are listed in `errors`.
FindingsOfRun evaluate_findings(const Results& r, const std::vector<Finding>& findings);
/// As evaluate_findings, but throws FindingError listing every problem.
FindingsOfRun checked_findings(const Results& r, const std::vector<Finding>& findings);

/// "verified", "certified", or "verified (certified for <scope>)" for a claim whose certificate proved part
/// of its domain only; never "certified" unless the certificate covers the whole domain.
std::string status_with_scope(const ClaimResult& c);

} // namespace dcrv
