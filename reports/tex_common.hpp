// reports/tex_common.hpp — what every document writer of the report shares (the dossier, the appendix, the
// macros): escaping, statements as math, readable numbers, status colours, the paper's parts and the report
// order of the claims, and the PDF build.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "reports/results.hpp"

namespace dcrv {

/// Escapes text for LaTeX (not for statements, which are LaTeX already).
std::string latex_escape(const std::string& s);

namespace tex {

// --- text and statements
char32_t next_code_point(const std::string& s, std::size_t& i);
std::string escape_ascii(char c, char next);
/// A statement (LaTeX with math mode open at the start) wrapped for typesetting; unsafe ones as source.
std::string render_statement(const std::string& stmt);

// --- numbers (deterministic: printf in the "C" locale)
/// `v` with `sig` significant digits as inline math; scientific form as m\times10^{e}.
std::string fmt_num(double v, int sig, bool keep_zeros = false);
std::string fmt_opt(const std::optional<double>& v, int sig, bool keep_zeros = false);
std::string fmt_count(long n);
std::string fmt_seconds(double s);
/// A double as stored (10 significant digits), for witness coordinates.
std::string fmt_exact(double v);
/// Long decimal numbers in a plain text (a message, a witness line) shortened to `sig` significant digits:
/// "lhs=1.0666663916667192 rhs=0" → "lhs=1.067 rhs=0". Integers and short numbers stay as they are.
std::string round_numbers(const std::string& text, int sig = 4);

// --- statuses, parts, order
extern const Status kStatuses[7];
std::string status_color(Status s);
std::string status_tex(Status s);
bool has_override(const ClaimResult& c);
/// The paper part: the ID prefix before the first '.' (M = main text, A..J appendices).
std::string part_of(const std::string& id);
/// The claim an extra reading belongs to: "B.x~y" → "B.x".
std::string base_of(const std::string& id);
bool is_reading(const std::string& id);
std::string part_title(const std::string& part);
/// A part name usable as a pgfplots symbolic coordinate and as a .dat token.
std::string part_token(const std::string& part);
/// Parts in report order: M, A..Z, then any other prefixes in order of first appearance.
std::vector<std::string> parts_in_order(const Results& r);
std::vector<const ClaimResult*> claims_of_part(const Results& r, const std::string& part);
std::vector<const ClaimResult*> report_order(const Results& r);
/// An ID in typewriter type that may break after '.', '-', '~' and '_'.
std::string id_tex(const std::string& id);
/// Long unbreakable strings get break points every `every` characters.
std::string breakable(const std::string& escaped_plain, std::size_t every = 12);
std::string shell_quote(const std::string& s);
/// An ASCII name usable in a hyperref destination / \csname: the ID with anything odd replaced by '-'.
std::string anchor_of(const std::string& key);

// --- PDF
bool on_path(const std::string& tool);
std::string read_text(const std::string& path);
/// The first LaTeX error of a log ("! ..." plus the "l.N ..." context line), or "".
std::string first_latex_error(const std::string& log);
/// Builds `dir/<tex>.tex` into `dir/<tex>.pdf` (latexmk, else two pdflatex passes). Returns the PDF's path,
/// or "" with `message` saying why not (missing tools, the first LaTeX error).
std::string build_pdf(const std::string& dir, const std::string& tex, std::string& message);

} // namespace tex
} // namespace dcrv
