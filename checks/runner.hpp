// checks/runner.hpp — running claims: selection, overrides, isolation, parallelism, progress.
#pragma once
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks/registry.hpp"
#include "reports/results.hpp"

namespace dcrv {

/// Bad command-line input (unknown ID or constant, invalid value): exit code 2.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Override {
  std::string id, name, text;
  double value = 0;
};
/// Parses `ID.NAME=VALUE`; checks that the claim and the constant exist (with near-match suggestions).
Override parse_override(const std::string& text, const Registry& reg);
/// Runs each selected claim's `validate` on its constants with the overrides applied; throws UsageError naming
/// the claim and the reason for the first invalid set.
void validate_overrides(const std::vector<const Claim*>& claims, const std::vector<Override>& overrides);
/// Claims matching any of the globs; a glob that matches nothing is an error (with suggestions).
std::vector<const Claim*> select_claims(const std::vector<std::string>& globs, const Registry& reg);

struct RunOptions {
  std::vector<std::string> filters{"*"};
  Budget budget = Budget::standard;
  std::uint64_t seed = 1;
  unsigned digits = 50;
  int jobs = 1;
  std::vector<Override> overrides;
  std::string json_path;   // when set, partial results are written there atomically as claims finish
  bool progress = true;
  double time_budget_seconds = 0; // per claim; 0: the budget level's (BudgetSizes::seconds)
  std::string backend = "cpu";    // resolved backend for ensembles (see dcrv/backend.hpp)
};

Context make_context(const Claim& c, const RunOptions& o);
/// Runs one claim; an exception becomes an `inconclusive` outcome with its message.
ClaimResult run_one(const Claim& c, const Context& ctx);
Results run_claims(const std::vector<const Claim*>& claims, const RunOptions& o, std::ostream& progress);
std::string build_description();

} // namespace dcrv
