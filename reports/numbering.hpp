// reports/numbering.hpp — the paper's own numbering: every \label of the paper with the number the paper
// prints for it (Lemma B.3, Proposition 4.2, eq. (17), §A.2), and per claim the statement it checks.
//
// The numbers come from the paper's main.aux when it is there (what LaTeX printed), else from counting the
// LaTeX source the way the article class does: sections (arabic, letters after \appendix), the theorem-like
// environments of \newtheorem (numbered within their section, or sharing a counter), equations (equation,
// align lines without \nonumber/\notag; \tag wins), figures and tables. The claim's statement is located as
// `dcrv fingerprint` locates it (reports/fingerprint.hpp): a label named in its `where` text, else the
// section it names.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "reports/results.hpp"

namespace dcrv {

struct PaperLabel {
  std::string label;     // "lem:B-lip-B"
  std::string kind;      // "lemma", "equation", "section", "figure", … (the environment or counter)
  std::string number;    // "B.3", "17", "A.2"
  std::string printed;   // "Lemma B.3", "eq. (17)", "§A.2", "Figure 4"
  std::size_t order = 0; // position in the paper (document order)
};

/// Every label of the paper in `paper_dir` (main.tex and what it \input s). Throws std::runtime_error when
/// main.tex is missing.
std::map<std::string, PaperLabel> paper_labels(const std::string& paper_dir);

struct ClaimPlace {
  std::string label;   // the statement's label ("" when the claim was located by its section only)
  std::string printed; // "Lemma B.3", "§A.2" or "" (not located)
  std::size_t order = static_cast<std::size_t>(-1); // document order (unlocated claims last)
};

struct Numbering {
  std::map<std::string, ClaimPlace> claims; // claim ID → its statement
  std::map<std::string, PaperLabel> labels; // every label of the paper
  std::string source;                       // "main.aux", "counted from the LaTeX source", or why none
  /// The claim's place, or an empty one.
  ClaimPlace of(const std::string& id) const;
  /// "Lemma B.3" or, when the claim was not located, "".
  std::string printed(const std::string& id) const { return of(id).printed; }
  /// The labels that some claim of `r` sits at, in paper order.
  std::vector<std::string> claim_labels() const;
};

/// Numbers the claims of `r` against the paper in `paper_dir`; an empty or missing directory gives an empty
/// numbering whose `source` says why (the report then names claims by their IDs only).
Numbering number_claims(const Results& r, const std::string& paper_dir);

} // namespace dcrv
