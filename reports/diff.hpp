// reports/diff.hpp — regression check between two results files.
#pragma once
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "reports/results.hpp"

namespace dcrv {

struct DiffEntry {
  std::string id;
  std::string base_status, new_status;     // "absent" when the claim is missing on one side
  std::optional<double> base_tightness, new_tightness;
  bool regression = false;                 // status rank went down, or the claim disappeared
  std::string note;
};
struct DiffResult {
  std::vector<DiffEntry> changes;  // only claims whose status or tightness changed
  int regressions = 0;
  int improvements = 0;
  int unchanged = 0;
};

DiffResult diff_results(const Results& base, const Results& now);
void print_diff(const DiffResult& d, std::ostream& os);

} // namespace dcrv
