// reports/latex.hpp — results.json → LaTeX (fragment to \input, standalone document, optional PDF).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "reports/diff.hpp"
#include "reports/results.hpp"

namespace dcrv {

struct ReportOptions {
  std::string out_dir = "reports/out";
  bool pdf = false; // also run latexmk/pdflatex on the standalone document
  // Optional: the changes against a baseline run (`dcrv report --baseline BASE.json`); the first page then
  // lists the regressions (claims whose status got worse) before everything else.
  std::optional<DiffResult> baseline_diff;
  std::string baseline_name;
};

struct ReportFiles {
  std::string fragment;          // dcrv-report.tex (\input-able: no preamble)
  std::string standalone;        // dcrv-report-standalone.tex
  std::string pdf;               // empty when not built
  std::vector<std::string> data; // .dat tables for pgfplots
  std::string pdf_message;       // why the PDF was not built (missing tools, LaTeX error)
};

/// Writes the report files; throws std::runtime_error on I/O failure. A missing LaTeX toolchain is not an
/// error: the .tex files are still written and `pdf_message` says why there is no PDF.
ReportFiles write_report(const Results& r, const ReportOptions& o);
/// Escapes text for LaTeX (not for statements, which are LaTeX already).
std::string latex_escape(const std::string& s);

} // namespace dcrv
