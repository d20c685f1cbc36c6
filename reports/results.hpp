// reports/results.hpp — the results model and its JSON form (schema "dcrv-results/1", see reports/SCHEMA.md).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "properties/engine/claim.hpp"

namespace dcrv {

inline constexpr const char* kResultsSchema = "dcrv-results/1";
/// MPFR digits: the range `run`, `replay` and the reader accept (run.digits, a witness's digits, --digits).
inline constexpr long long kMinDigits = 32, kMaxDigits = 2000;
/// Bounds on what a stored witness may ask a replay to build: dimension S and Monte-Carlo paths.
inline constexpr long long kMaxWitnessDim = 10000, kMaxWitnessPaths = 10'000'000;
/// The largest shard count N of `--shard I/N`.
inline constexpr unsigned long kMaxShards = 1'000'000;

struct ConstantResult {
  std::string name;
  double value = 0;       // the value used (override or default)
  double paper_value = 0; // the paper's default
  std::string role;
  bool overridden = false;
  std::string meaning;
};

/// The claim's LaTeX source against its pin (reports/theory.hpp): present when the run compared the paper
/// with the pins. `stale`: the source differs from the one the check was written against — a flag beside the
/// verdict, not a verdict.
struct SourceInfo {
  bool stale = false;
  std::optional<std::string> pinned; // the pinned hash; nullopt: the claim has no pin
  std::string current;               // the current hash; "": not located in the paper
  std::string file, lines;           // where the current source is
  std::string old_text, new_text;    // stale claims only: pinned and current source (whitespace collapsed)
};

struct ClaimResult {
  std::string id, kind, where, statement, reading;
  bool from_inventory = true;
  std::vector<ConstantResult> constants;
  Outcome outcome;
  std::optional<SourceInfo> source;
  /// The interval certificate's record (dcrv/certify/certificate.hpp, CertificateRun::to_json): null when the
  /// run did not certify (no --certify, or no certificate registered for the claim).
  nlohmann::json certificate;
};

struct RunInfo {
  std::string budget = "standard";
  std::uint64_t seed = 1;
  unsigned digits = 50;
  int jobs = 1;
  std::string filter = "*";
  std::vector<std::string> overrides; // as given: ID.NAME=VALUE
  std::string build;                  // compiler, build type
  std::string backend = "cpu";        // where ensembles ran (cpu / cuda)
  double seconds = 0;                 // wall time (a timing field)
  std::string started;                // ISO time (a timing field)
  std::string shard;                  // "I/N" for one shard of a run (--shard), "" for a whole run
  std::string paper, pins;            // the paper and pins compared for stale claims ("" when not compared)
  std::string sources_note;           // why sources were not compared, or a summary of the comparison
  /// The git commit the binary was built from: 40 hex digits, "-dirty" appended when tracked files differed
  /// from it; "unknown" outside a git checkout; "" when the file does not record it (older files).
  std::string commit;
};

struct Results {
  RunInfo run;
  /// false while the run that writes the file is going on (and in the file a killed run leaves): the claims
  /// finished so far. Written as `complete` at the top level; a file without it is complete.
  bool complete = true;
  std::vector<ClaimResult> claims;
  nlohmann::json what_if; // optional (`dcrv what-if`): per stale claim, the proposed overrides and verdicts
  nlohmann::json slack;   // optional (`dcrv slack`): per claim and constant, the flip point
  const ClaimResult* find(const std::string& id) const;
};

/// A malformed or schema-mismatched results file: `where` is a JSON pointer or "byte N".
class SchemaError : public std::runtime_error {
public:
  SchemaError(const std::string& file, const std::string& where, const std::string& what)
      : std::runtime_error(file + ": " + where + ": " + what) {}
};

/// Results that cannot be merged (different seeds, budgets, builds, overlapping shards): exit code 2.
class MergeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};
/// Joins the results of the shards of one run (`dcrv merge`). Refuses files whose budget, seed, digits,
/// build, backend, filter or overrides differ, shards of different counts, a shard given twice and a claim
/// present in two files. `order`: claim IDs in registry order (the order of a single run); IDs not in it
/// follow, in input order. Timing fields: `seconds` the longest shard's, `jobs` the largest, `started` the
/// earliest.
/// Refuses an incomplete file (`complete: false`) unless `allow_partial` (then the merge is incomplete too),
/// a shard label that is not I/N, and a claim that does not belong to the shard its file is labelled.
Results merge_results(const std::vector<Results>& parts, const std::vector<std::string>& files,
                      const std::vector<std::string>& order, bool allow_partial = false);
/// The shard (1..count) a claim belongs to: FNV-1a 64 of its ID mod count, plus 1.
unsigned claim_shard(const std::string& id, unsigned count);

/// A value of run.commit: "unknown", or 40 lowercase hex digits optionally followed by "-dirty".
bool valid_commit(const std::string& text);

/// A seed as the command line and the reader accept it: decimal digits only, below 2^64.
bool parse_seed(const std::string& text, std::uint64_t& out);
/// "I/N" with 1 <= I <= N <= kMaxShards, digits only; or "I,J,.../N" (ascending) for an incomplete merge.
/// `index` is set to I for a single shard (0 for a list), `count` to N.
bool valid_shard_label(const std::string& text, unsigned* index = nullptr, unsigned* count = nullptr);

nlohmann::json to_json(const Results& r);
nlohmann::json to_json(const ClaimResult& c);
Results results_from_json(const nlohmann::json& j, const std::string& file = "<json>");
/// Reads and validates a results file; throws SchemaError with the position on any problem.
Results read_results(const std::string& path);
/// Writes atomically (temporary file beside it, fsync, rename): a crash never leaves a truncated results
/// file, and the temporary file is removed on every error (and by fatal signals: see
/// remove_temporary_files_on_signals). Throws OutputError when the file cannot be written.
void write_results(const Results& r, const std::string& path);
void write_file_atomic(const std::string& path, const std::string& content);

/// An output file that cannot be written (full disk, read-only file system, a device): exit code 2.
class OutputError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};
/// Checks, before a run starts, that `path` can take a results file: not empty, not a directory or a device
/// (only a regular file is replaced), in a writable directory. A symbolic link is resolved to its target
/// (which must pass the same checks). Returns the path to write (the link's target). Throws OutputError.
std::string check_output_path(const std::string& path);
/// An exclusive lock on `path` + ".lock" for the life of the object (flock: released when the process
/// ends, however it ends): a second writer of the same results file is refused up front (OutputError).
class OutputLock {
public:
  explicit OutputLock(const std::string& path);
  ~OutputLock();
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

private:
  std::string lock_path_;
  int fd_ = -1;
};
/// Installs (once) handlers of SIGINT, SIGTERM, SIGHUP that remove the temporary file being written, if
/// any, then die of the signal as before.
void remove_temporary_files_on_signals();
/// Removes the timing fields (for determinism comparisons).
nlohmann::json strip_timing(nlohmann::json j);

} // namespace dcrv
