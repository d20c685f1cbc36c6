// reports/claim_figures.hpp — figures that a check asks for in its `series` (pgfplots, data in .dat files),
// and the table of the empirical claims' paper values beside dcrv's.
//
// A check puts columns into Outcome::series and describes its figures under the key "figures":
//
//   series = {"eta": [...], "weak_error": [...], "ci_lo": [...], "ci_hi": [...],
//             "figures": [{"title": "weak error of the mini-batch chain against (WF)",
//                          "x": "eta", "y": ["weak_error"], "legend": ["|E f(p_T) - E f(X_T)|"],
//                          "xlabel": "$\\eta$", "ylabel": "weak error", "logx": true, "logy": true,
//                          "style": "line",                        // line | marks | bars | histogram
//                          "band": {"lo": "ci_lo", "hi": "ci_hi"}  // optional: interval edges, dashed
//                         }]}
//
// Further keys of an axis (all optional):
//   "bands": [{"lo": col, "hi": col} or null, ...]  filled ribbons of y[j] (e.g. mean ± 1 sd), in y[j]'s
//   colour;
//                                                     on a log axis, edges ≤ 0 are drawn at the smallest
//                                                     positive value of the axis' y columns
//   "err": [col or null, ...]                        symmetric error bars of y[j] (e.g. ± 1 sd)
//   "xticklabels": ["...", ...]                      categories at x = 0, 1, … (bars of several arms)
//   "vlines": [{"at": value, "label": "..."}]        reference values, vertical dashed lines
//   "title": "..."                                   the axis' title (a panel's; a figure's title is its
//   caption) "kind": "xy" (default) | "ternary" | "heatmap"
//     ternary: "a", "b", "c": [col, ...] — the masses of three clusters along trajectories (one trajectory
//     per
//              entry), drawn on the 2-simplex: normalised to sum 1 and projected to x = b + c/2, y = (√3/2)
//              c, the triangle drawn with its corners labelled "corners": [3 labels]; "mark_rows": [row, ...]
//              marks those rows of every trajectory (legend "mark_legend")
//     heatmap: "x", "y", "z" — one row per cell of a full grid (every x value with every y value once); cells
//              coloured by z (log10 z with "logz"), the value printed in the cell, "zlabel" on the colour bar
// A figure may hold several axes side by side: "panels": [axis, ...] (each inherits the figure's keys),
// "columns": panels per row (default 2). Every column an axis names must be an array of numbers (null = a
// gap) of one common length. Labels are LaTeX (math mode allowed). The report writes one .dat per axis (named
// fig-<ID>-<k>.dat, or fig-<ID>-<k>-<panel>.dat for panels; ribbons add a -ribbon.dat) and the pgfplots code
// in the section "Figures of the checks".
//
// An empirical claim may also record, per experiment, the paper's value beside its own under a key
// "paper_beside/<anything unique>": {"statistic", "paper", "five", "dcrv", "line"} — the paper's (five-seed)
// value, dcrv's value on the paper's seeds, dcrv's estimate with its interval over all its seeds, and the
// text that the experiment's evidence line contains (to find the experiment's label and verdict). The report
// lists them in the section "Empirical claims: the paper's value beside dcrv's".
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "reports/results.hpp"

namespace dcrv {

/// Writes the .dat tables into `dir` (their paths are appended to `data_files`) and the figures' LaTeX to
/// `t`, preceded by the table of paper values beside dcrv's. A malformed figure spec is reported in the text
/// (never a LaTeX error, never an exception).
void write_claim_figures(std::ostream& t, const Results& r, const std::string& dir,
                         std::vector<std::string>& data_files);

/// The problems of one figure spec against its series ("" when it is well formed): used by the writer and
/// by tests of the checks that produce figures.
std::string figure_spec_problem(const nlohmann::json& series, const nlohmann::json& figure);

} // namespace dcrv
