// reports/latex.hpp — results.json → the report's documents (DESIGN.md "The user's three jobs", 2):
//   dcrv-appendix.tex   the appendix to \input in the paper (≤ 15 pages): summary per part with a figure,
//                       the findings with their repairs, the falsified claims without a finding yet, the
//                       underspecified experiments with the choice that decides each, the scope of the
//                       certificates, how to reproduce the run (reports/appendix.cpp);
//   dcrv-macros.tex     \dcrvvalue{ID}{field}, \dcrvrun, \dcrvstatus{label} (reports/macros.cpp);
//   dcrv-report.tex     the dossier's body: all evidence per claim, figures and tables (reports/dossier.cpp),
//   dcrv-dossier.tex    its standalone document (→ dcrv-dossier.pdf);
//   dcrv-appendix-standalone.tex  the appendix alone (→ dcrv-appendix-standalone.pdf), for a look at it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "properties/engine/finding.hpp"
#include "reports/diff.hpp"
#include "reports/results.hpp"
#include "reports/tex_common.hpp"

namespace dcrv {

struct ReportOptions {
  std::string out_dir = "reports/out";
  bool pdf = false; // also run latexmk/pdflatex on the standalone documents
  // Optional: the changes against a baseline run (`dcrv report --baseline BASE.json`); the first page then
  // lists the regressions (claims whose status got worse) before everything else.
  std::optional<DiffResult> baseline_diff;
  std::string baseline_name;
  /// The paper's LaTeX (main.tex, appendices_short/): the statements' printed numbers. "" : none.
  std::string paper_dir;
  /// The findings to apply; nullptr: the ones registered in this binary (properties/findings/).
  const std::vector<Finding>* findings = nullptr;
};

struct ReportFiles {
  std::string fragment;            // dcrv-report.tex: the dossier's body (\input-able: no preamble)
  std::string standalone;          // dcrv-dossier.tex
  std::string pdf;                 // dcrv-dossier.pdf; empty when not built
  std::string appendix;            // dcrv-appendix.tex (\input-able)
  std::string appendix_standalone; // dcrv-appendix-standalone.tex
  std::string appendix_pdf;        // empty when not built
  std::string macros;              // dcrv-macros.tex
  std::vector<std::string> data;   // .dat tables for pgfplots
  std::string pdf_message;         // why a PDF was not built (missing tools, LaTeX error)
  int appendix_pages = 0;          // pages of the standalone appendix, when built
};

/// Writes the report files into a staging directory on the output's file system and moves them into place at
/// the end: on any error (OutputError on I/O failure: a full disk, an unwritable path) the output directory
/// is left as it was and the staging directory removed. Throws FindingError (reports/findings.hpp) when the
/// run's findings do not hold. A missing LaTeX toolchain is not an error: the .tex files are still written
/// and `pdf_message` says why there is no PDF.
ReportFiles write_report(const Results& r, const ReportOptions& o);

} // namespace dcrv
