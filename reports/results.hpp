// reports/results.hpp — the results model and its JSON form (schema "dcrv-results/1", see reports/SCHEMA.md).
#pragma once
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "properties/engine/claim.hpp"

namespace dcrv {

inline constexpr const char* kResultsSchema = "dcrv-results/1";

struct ConstantResult {
  std::string name;
  double value = 0;        // the value used (override or default)
  double paper_value = 0;  // the paper's default
  std::string role;
  bool overridden = false;
  std::string meaning;
};

struct ClaimResult {
  std::string id, kind, where, statement, reading;
  bool from_inventory = true;
  std::vector<ConstantResult> constants;
  Outcome outcome;
};

struct RunInfo {
  std::string budget = "standard";
  std::uint64_t seed = 1;
  unsigned digits = 50;
  int jobs = 1;
  std::string filter = "*";
  std::vector<std::string> overrides;  // as given: ID.NAME=VALUE
  std::string build;                   // compiler, build type
  std::string backend = "cpu";         // where ensembles ran (cpu / cuda)
  double seconds = 0;                  // wall time (a timing field)
  std::string started;                 // ISO time (a timing field)
};

struct Results {
  RunInfo run;
  std::vector<ClaimResult> claims;
  const ClaimResult* find(const std::string& id) const;
};

/// A malformed or schema-mismatched results file: `where` is a JSON pointer or "byte N".
class SchemaError : public std::runtime_error {
public:
  SchemaError(const std::string& file, const std::string& where, const std::string& what)
      : std::runtime_error(file + ": " + where + ": " + what) {}
};

nlohmann::json to_json(const Results& r);
nlohmann::json to_json(const ClaimResult& c);
Results results_from_json(const nlohmann::json& j, const std::string& file = "<json>");
/// Reads and validates a results file; throws SchemaError with the position on any problem.
Results read_results(const std::string& path);
/// Writes atomically (temporary file + rename): a crash never leaves a truncated results file.
void write_results(const Results& r, const std::string& path);
void write_file_atomic(const std::string& path, const std::string& content);
/// Removes the timing fields (for determinism comparisons).
nlohmann::json strip_timing(nlohmann::json j);

} // namespace dcrv
