// reports/claim_figures.hpp — figures that a check asks for in its `series` (pgfplots, data in .dat files).
//
// A check puts columns into Outcome::series and describes its figures under the key "figures":
//
//   series = {"eta": [...], "weak_error": [...], "ci_lo": [...], "ci_hi": [...],
//             "figures": [{"title": "weak error of the mini-batch chain against (WF)",
//                          "x": "eta", "y": ["weak_error"], "legend": ["|E f(p_T) - E f(X_T)|"],
//                          "xlabel": "$\\eta$", "ylabel": "weak error", "logx": true, "logy": true,
//                          "style": "line",                        // line | marks | bars
//                          "band": {"lo": "ci_lo", "hi": "ci_hi"}  // optional: interval edges, dashed
//                         }]}
//
// Every column a figure names must be an array of numbers (null = a gap) of one common length. Labels are
// LaTeX (math mode allowed). The report writes one .dat per figure and a pgfplots axis in the section
// "Figures of the checks".
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "reports/results.hpp"

namespace dcrv {

/// Writes the .dat tables into `dir` (their paths are appended to `data_files`) and the figures' LaTeX to
/// `t`. A malformed figure spec is reported in the text (never a LaTeX error, never an exception).
void write_claim_figures(std::ostream& t, const Results& r, const std::string& dir,
                         std::vector<std::string>& data_files);

/// The problems of one figure spec against its series ("" when it is well formed): used by the writer and
/// by tests of the checks that produce figures.
std::string figure_spec_problem(const nlohmann::json& series, const nlohmann::json& figure);

} // namespace dcrv
