// checks/runner.hpp — running claims: selection, overrides, isolation, parallelism, progress.
#pragma once
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks/registry.hpp"
#include "dcrv/certify/certificate.hpp"
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
/// Runs each selected claim's `validate` on its constants with the overrides applied; throws UsageError
/// naming the claim and the reason for the first invalid set.
void validate_overrides(const std::vector<const Claim*>& claims, const std::vector<Override>& overrides);
/// Claims matching any of the globs; a glob that matches nothing is an error (with suggestions).
std::vector<const Claim*> select_claims(const std::vector<std::string>& globs, const Registry& reg);

/// One shard of a run: `index` in 1..count.
struct Shard {
  unsigned index = 1, count = 1;
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};
/// Parses "I/N" (1 <= I <= N); throws UsageError.
Shard parse_shard(const std::string& text);
/// The shard a claim belongs to: FNV-1a 64 of its ID mod N, plus 1 — stable as claims are added or removed.
unsigned shard_of(const std::string& id, unsigned count);
/// The claims of one shard, in the given order.
std::vector<const Claim*> select_shard(const std::vector<const Claim*>& claims, const Shard& shard);

struct RunOptions {
  std::vector<std::string> filters{"*"};
  Budget budget = Budget::standard;
  std::uint64_t seed = 1;
  unsigned digits = 50;
  int jobs = 1;
  std::vector<Override> overrides;
  std::string json_path; // when set, partial results are written there atomically as claims finish
  bool progress = true;
  double time_budget_seconds = 0; // per claim; 0: the budget level's (BudgetSizes::seconds)
  std::string backend = "cpu";    // resolved backend for ensembles (see dcrv/backend.hpp)
  std::string shard;              // "I/N" when this run is one shard (recorded in results.json)
  // Stale detection (reports/theory.hpp): per claim, its source against the pins; recorded with each result.
  std::map<std::string, SourceInfo> sources;
  std::string paper, pins, sources_note;
  /// Interval certification (dcrv/certify/certificate.hpp): after its check, a `verified` claim with a
  /// registered certificate is upgraded to `certified` when the certificate closes with the run's overrides.
  bool certify = false;
};

Context make_context(const Claim& c, const RunOptions& o);
/// Runs one claim; an exception becomes an `inconclusive` outcome with its message, and so does a change of
/// the working precision while it ran (refuse_on_precision_drift).
ClaimResult run_one(const Claim& c, const Context& ctx);
/// How many drifts of the working precision this process has seen (and reset) so far.
unsigned long precision_drifts();
/// When the MPFR/MPFI default precisions no longer hold working_digits() (working_precision_drift, real.hpp),
/// or a drift was seen since `drifts_at_start` (precision_drifts() when the claim began: the drift may have
/// been noticed at the end of a claim in another thread), turns `r` inconclusive with what changed (its
/// certificate, if any, an error); a drift seen now is counted and the defaults are restored.
void refuse_on_precision_drift(ClaimResult& r, unsigned long drifts_at_start);
/// The certificate budget of a budget level: boxes and seconds per piece (smoke 50k boxes / 20 s, standard
/// 400k / 60 s, deep 4M / 600 s), depth 60.
certify::BnbOptions certify_budget(Budget b);
/// Certification of a checked claim (the `certify` stage of a run): when `r` is `verified` and a certificate
/// is registered for it, runs the certificate with ctx's overrides and records it in r.certificate; `proved`
/// makes the claim `certified`; an interval violation (which the sampling missed) makes it `inconclusive`
/// with the point; an exhausted budget leaves it `verified` with the proved share of the domain recorded.
/// Claims that are not `verified` are not certified (recorded as skipped when a certificate exists). A change
/// of the working precision while the certificate ran makes the claim inconclusive
/// (refuse_on_precision_drift).
void certify_result(ClaimResult& r, const Context& ctx);
/// Runs the claims. With o.json_path, the file is written at the start (no claims, `complete: false`: an
/// older file at the path no longer passes for this run's result), after the first claims and then every
/// half second or so, and at the end with `complete: true`. A write error in any thread stops the run: the
/// claims that are running finish, no new one starts, and OutputError is thrown (the file keeps what was
/// last written).
Results run_claims(const std::vector<const Claim*>& claims, const RunOptions& o, std::ostream& progress);

/// `dcrv replay`: the stored witness of claim `id` in results `r` (read from `file`), re-evaluated at
/// `digits` (0: the witness's, else the run's) with the stored overrides, which must agree with the claim's
/// constants in the file and be valid (SchemaError, UsageError otherwise). The recomputed lhs, rhs and score
/// are compared with the stored ones: `differences` says which differ. `reproduced`: falsified again, and no
/// difference.
struct ReplayReport {
  Outcome outcome;
  std::vector<std::string> differences;
  bool reproduced = false;
  std::string text() const; // the lines `dcrv replay` prints
};
ReplayReport replay_claim(const Results& r, const std::string& file, const std::string& id, unsigned digits,
                          const Registry& reg);
std::string build_description();

} // namespace dcrv
