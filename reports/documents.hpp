// reports/documents.hpp — the writers of the report's documents, one per document, and what they share
// (internal to reports/; the entry point is write_report in latex.hpp).
#pragma once
#include <ostream>
#include <string>

#include "reports/findings.hpp"
#include "reports/latex.hpp"
#include "reports/numbering.hpp"

namespace dcrv {

struct ReportContext {
  const Results& r;
  const ReportOptions& o;
  Numbering numbering;
  FindingsOfRun findings;
};

/// dcrv-macros.tex: preamble-safe definitions (colours, \dcrvvalue, \dcrvraw, \dcrvrun, \dcrvstatus).
void write_macros(std::ostream& t, const ReportContext& c);
/// dcrv-appendix.tex (the body only).
void write_appendix(std::ostream& t, const ReportContext& c);
/// dcrv-report.tex, the dossier's body; .dat tables go to `dir` and are appended to `f.data`.
void write_dossier(std::ostream& t, const ReportContext& c, const std::string& dir, ReportFiles& f);

/// The label → claims map of the badges: every label some claim sits at, with its claims in report order.
std::map<std::string, std::vector<const ClaimResult*>> claims_by_label(const ReportContext& c);
/// The status a label's badge shows: the most urgent status of its claims (falsified first).
Status badge_status(const std::vector<const ClaimResult*>& claims);
/// The hyperref destination of a claim / a label in the dossier.
std::string claim_anchor(const std::string& id);
std::string label_anchor(const std::string& label);
/// "Lemma~B.3" (the paper's number) or the ID when the claim was not located, as LaTeX.
std::string claim_name_tex(const ReportContext& c, const std::string& id);

} // namespace dcrv
