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
  std::string base_status, new_status; // "absent" when the claim is missing on one side
  std::optional<double> base_tightness, new_tightness;
  bool regression = false; // status rank went down, or the claim disappeared
  std::string note;
  // The claim's LaTeX source (when both runs compared the paper with pins, or the new run found it stale).
  bool text_changed = false; // the source hash differs between the runs, or it is stale in `now`
  bool stale = false;        // stale in the new results
  std::string text_diff;     // word-level: [-old-]{+new+} with a little context ("" if unknown)
};
struct DiffResult {
  std::vector<DiffEntry> changes; // only claims whose status or tightness changed
  int regressions = 0;
  int improvements = 0;
  int unchanged = 0;
  int text_changes = 0; // claims whose source changed (see DiffEntry::text_changed)
};

/// A one-line word-level diff, "... context [-old-]{+new+} context ...", at most `max_chars` long.
std::string inline_word_diff(const std::string& old_text, const std::string& new_text,
                             std::size_t max_chars = 240);

DiffResult diff_results(const Results& base, const Results& now);
void print_diff(const DiffResult& d, std::ostream& os);

} // namespace dcrv
