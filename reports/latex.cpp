// reports/latex.cpp — results → LaTeX: an \input-able fragment, a standalone document, pgfplots .dat tables,
// and (optionally) the PDF.
//
// Design notes
// * The fragment needs only booktabs, longtable, xcolor, amsmath, amssymb, pgfplots — the packages a paper is
//   likely to have or can add without conflicts. No array/colortbl/hyperref-specific commands are used.
// * Everything that is not a statement is escaped with latex_escape(): IDs, messages, `where` texts, constant
//   meanings and witness fields can hold any byte. Non-ASCII characters (θ, ‖, §, …) are mapped to LaTeX
//   commands, because pdflatex without \DeclareUnicodeCharacter stops on them.
// * Statements are LaTeX written by dcrv with math mode open at the start; they are wrapped in \( … \) after
// a
//   sanity check (balanced braces and dollars, no file/shell primitives). One that fails the check is shown
//   as escaped source instead of breaking the whole report.
// * Output is a pure function of the results (no clock, no locale): the only run-dependent line is the
//   "generated" comment, taken from run.started.
#include "reports/latex.hpp"

#include "reports/claim_figures.hpp"
#include "reports/theory.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <sys/wait.h>

namespace dcrv {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// ---------------------------------------------------------------------------------------------------------
// Unicode → LaTeX. `any_mode`: the output must work both in text and in math mode (statements switch modes);
// otherwise it is for text mode only (escaped text). Math symbols are wrapped in \ensuremath in both cases.

struct UniMap {
  char32_t cp;
  const char* math; // math symbol (wrapped in \ensuremath) or nullptr
  const char* text; // text-mode replacement, or nullptr
};

// Characters seen in the claims inventory, the paper and typical messages. Anything else becomes [U+XXXX].
const UniMap kUnicode[] = {
    // Greek
    {U'α', "\\alpha", nullptr},
    {U'β', "\\beta", nullptr},
    {U'γ', "\\gamma", nullptr},
    {U'δ', "\\delta", nullptr},
    {U'ε', "\\varepsilon", nullptr},
    {U'ϵ', "\\epsilon", nullptr},
    {U'ζ', "\\zeta", nullptr},
    {U'η', "\\eta", nullptr},
    {U'θ', "\\theta", nullptr},
    {U'ϑ', "\\vartheta", nullptr},
    {U'ι', "\\iota", nullptr},
    {U'κ', "\\kappa", nullptr},
    {U'λ', "\\lambda", nullptr},
    {U'μ', "\\mu", nullptr},
    {U'ν', "\\nu", nullptr},
    {U'ξ', "\\xi", nullptr},
    {U'π', "\\pi", nullptr},
    {U'ρ', "\\rho", nullptr},
    {U'σ', "\\sigma", nullptr},
    {U'τ', "\\tau", nullptr},
    {U'υ', "\\upsilon", nullptr},
    {U'φ', "\\varphi", nullptr},
    {U'ϕ', "\\phi", nullptr},
    {U'χ', "\\chi", nullptr},
    {U'ψ', "\\psi", nullptr},
    {U'ω', "\\omega", nullptr},
    {U'Γ', "\\Gamma", nullptr},
    {U'Δ', "\\Delta", nullptr},
    {U'Θ', "\\Theta", nullptr},
    {U'Λ', "\\Lambda", nullptr},
    {U'Ξ', "\\Xi", nullptr},
    {U'Π', "\\Pi", nullptr},
    {U'Σ', "\\Sigma", nullptr},
    {U'Φ', "\\Phi", nullptr},
    {U'Ψ', "\\Psi", nullptr},
    {U'Ω', "\\Omega", nullptr},
    // letter-like and math alphanumerics
    {U'ℓ', "\\ell", nullptr},
    {U'ℝ', "\\mathbb{R}", nullptr},
    {U'ℕ', "\\mathbb{N}", nullptr},
    {U'ℤ', "\\mathbb{Z}", nullptr},
    {U'ℐ', "\\mathcal{I}", nullptr},
    {U'𝒞', "\\mathcal{C}", nullptr},
    {U'𝒟', "\\mathcal{D}", nullptr},
    {U'𝒥', "\\mathcal{J}", nullptr},
    {U'𝓛', "\\mathcal{L}", nullptr},
    {U'ℒ', "\\mathcal{L}", nullptr},
    {U'𝔼', "\\mathbb{E}", nullptr},
    {U'𝟏', "\\mathbf{1}", nullptr},
    {U'𝟙', "\\mathbf{1}", nullptr},
    {U'∂', "\\partial", nullptr},
    {U'∇', "\\nabla", nullptr},
    {U'∅', "\\emptyset", nullptr},
    {U'∞', "\\infty", nullptr},
    {U'♯', "\\sharp", nullptr},
    // precomposed accented math letters
    {U'ṗ', "\\dot{p}", nullptr},
    {U'ż', "\\dot{z}", nullptr},
    {U'ẏ', "\\dot{y}", nullptr},
    {U'Ẏ', "\\dot{Y}", nullptr},
    {U'Ṁ', "\\dot{M}", nullptr},
    {U'ḡ', "\\bar{g}", nullptr},
    {U'Ḡ', "\\bar{G}", nullptr},
    // relations and operators
    {U'≤', "\\le", nullptr},
    {U'≥', "\\ge", nullptr},
    {U'≠', "\\ne", nullptr},
    {U'≈', "\\approx", nullptr},
    {U'≡', "\\equiv", nullptr},
    {U'≍', "\\asymp", nullptr},
    {U'∼', "\\sim", nullptr},
    {U'∝', "\\propto", nullptr},
    {U'≪', "\\ll", nullptr},
    {U'≫', "\\gg", nullptr},
    {U'≼', "\\preccurlyeq", nullptr},
    {U'≽', "\\succcurlyeq", nullptr},
    {U'⪯', "\\preceq", nullptr},
    {U'⪰', "\\succeq", nullptr},
    {U'≻', "\\succ", nullptr},
    {U'≺', "\\prec", nullptr},
    {U'∈', "\\in", nullptr},
    {U'∉', "\\notin", nullptr},
    {U'⊂', "\\subset", nullptr},
    {U'⊆', "\\subseteq", nullptr},
    {U'∪', "\\cup", nullptr},
    {U'∩', "\\cap", nullptr},
    {U'∖', "\\setminus", nullptr},
    {U'∧', "\\wedge", nullptr},
    {U'∨', "\\vee", nullptr},
    {U'∀', "\\forall", nullptr},
    {U'∃', "\\exists", nullptr},
    {U'¬', "\\neg", nullptr},
    {U'→', "\\to", nullptr},
    {U'←', "\\leftarrow", nullptr},
    {U'↦', "\\mapsto", nullptr},
    {U'⇒', "\\Rightarrow", nullptr},
    {U'⇐', "\\Leftarrow", nullptr},
    {U'⇔', "\\Leftrightarrow", nullptr},
    {U'↑', "\\uparrow", nullptr},
    {U'↓', "\\downarrow", nullptr},
    {U'−', "-", nullptr},
    {U'±', "\\pm", nullptr},
    {U'∓', "\\mp", nullptr},
    {U'×', "\\times", nullptr},
    {U'·', "\\cdot", nullptr},
    {U'∘', "\\circ", nullptr},
    {U'⊙', "\\odot", nullptr},
    {U'⊥', "\\perp", nullptr},
    {U'√', "\\surd", nullptr},
    {U'∑', "\\sum", nullptr},
    {U'∫', "\\int", nullptr},
    {U'⋆', "\\star", nullptr},
    {U'′', "'", nullptr},
    {U'‖', "\\|", nullptr},
    {U'⟨', "\\langle", nullptr},
    {U'⟩', "\\rangle", nullptr},
    {U'⌊', "\\lfloor", nullptr},
    {U'⌋', "\\rfloor", nullptr},
    {U'⌈', "\\lceil", nullptr},
    {U'⌉', "\\rceil", nullptr},
    {U'°', "^{\\circ}", nullptr},
    {U'½', "\\tfrac12", nullptr},
    // superscripts and subscripts
    {U'⁰', "^{0}", nullptr},
    {U'¹', "^{1}", nullptr},
    {U'²', "^{2}", nullptr},
    {U'³', "^{3}", nullptr},
    {U'⁴', "^{4}", nullptr},
    {U'⁵', "^{5}", nullptr},
    {U'⁶', "^{6}", nullptr},
    {U'⁷', "^{7}", nullptr},
    {U'⁸', "^{8}", nullptr},
    {U'⁹', "^{9}", nullptr},
    {U'⁺', "^{+}", nullptr},
    {U'⁻', "^{-}", nullptr},
    {U'⁽', "^{(}", nullptr},
    {U'⁾', "^{)}", nullptr},
    {U'ᵀ', "^{\\top}", nullptr},
    {U'ᵗ', "^{t}", nullptr},
    {U'₀', "_{0}", nullptr},
    {U'₁', "_{1}", nullptr},
    {U'₂', "_{2}", nullptr},
    {U'₃', "_{3}", nullptr},
    {U'₄', "_{4}", nullptr},
    {U'₊', "_{+}", nullptr},
    {U'₋', "_{-}", nullptr},
    // text
    {U'§', nullptr, "\\S{}"},
    {U'¶', nullptr, "\\P{}"},
    {U'†', nullptr, "\\dag{}"},
    {U'‡', nullptr, "\\ddag{}"},
    {U'–', nullptr, "--"},
    {U'—', nullptr, "---"},
    {U'‐', nullptr, "-"},
    {U'‑', nullptr, "-"},
    {U'‘', nullptr, "`"},
    {U'’', nullptr, "'"},
    {U'“', nullptr, "``"},
    {U'”', nullptr, "''"},
    {U'…', nullptr, "\\ldots{}"},
    {U'é', nullptr, "\\'e"},
    {U'è', nullptr, "\\`e"},
    {U'ô', nullptr, "\\^o"},
    {U'ö', nullptr, "\\\"o"},
    {U'ü', nullptr, "\\\"u"},
    {U'ä', nullptr, "\\\"a"},
    {U'Ł', nullptr, "\\L{}"},
    {U'ł', nullptr, "\\l{}"},
    {U'\u00A0', nullptr, "~"},
};

// Combining marks: applied to the preceding unit (J + U+0303 → \tilde{J}).
const char* combining_accent(char32_t cp) {
  switch (cp) {
  case 0x0300:
    return "\\grave";
  case 0x0301:
    return "\\acute";
  case 0x0302:
    return "\\hat";
  case 0x0303:
    return "\\tilde";
  case 0x0304:
    return "\\bar";
  case 0x0307:
    return "\\dot";
  case 0x0308:
    return "\\ddot";
  case 0x0332:
    return "\\underline";
  default:
    return nullptr;
  }
}

/// Decodes one UTF-8 code point at s[i]; advances i. Invalid bytes decode as U+FFFD (one byte consumed).
char32_t next_code_point(const std::string& s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || i + len > s.size()) {
    ++i;
    return 0xFFFD;
  }
  char32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if ((c >> 6) != 0x2) {
      ++i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (c & 0x3F);
  }
  i += len;
  return cp;
}

std::string hex_code_point(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

/// LaTeX for one non-ASCII code point. `any_mode`: must work in text and in math mode.
std::string unicode_latex(char32_t cp, bool any_mode) {
  for (const auto& m : kUnicode)
    if (m.cp == cp) {
      if (m.math)
        return std::string("\\ensuremath{") + m.math + "}";
      // Text symbols inside a statement may land in math mode: \text (amsmath) works in both.
      return any_mode ? std::string("\\text{") + m.text + "}" : std::string(m.text);
    }
  const std::string unknown = "[" + hex_code_point(cp) + "]";
  return any_mode ? "\\text{" + unknown + "}" : unknown;
}

/// Shared walker: ASCII is passed through `ascii` (which escapes or not), non-ASCII is mapped, combining
/// marks wrap the previous unit.
template <class AsciiFn> std::string convert(const std::string& s, bool any_mode, AsciiFn ascii) {
  std::vector<std::string> units;
  for (std::size_t i = 0; i < s.size();) {
    const char32_t cp = next_code_point(s, i);
    if (cp < 0x80) {
      // Look ahead one byte for ligature breaking ("--" must not become an en dash in IDs and options).
      const char next = i < s.size() ? s[i] : '\0';
      units.push_back(ascii(static_cast<char>(cp), next));
    } else if (const char* acc = combining_accent(cp)) {
      const std::string base = units.empty() ? std::string("{}") : units.back();
      if (!units.empty())
        units.pop_back();
      units.push_back(std::string("\\ensuremath{") + acc + "{" + base + "}}");
    } else {
      units.push_back(unicode_latex(cp, any_mode));
    }
  }
  std::string out;
  for (const auto& u : units)
    out += u;
  return out;
}

std::string escape_ascii(char c, char next) {
  switch (c) {
  case '\\':
    return "\\textbackslash{}";
  case '&':
  case '%':
  case '$':
  case '#':
  case '_':
  case '{':
  case '}':
    return std::string("\\") + c;
  case '~':
    return "\\textasciitilde{}";
  case '^':
    return "\\textasciicircum{}";
  case '<':
    return "\\textless{}"; // OT1 would print ¡ and ¿ for < and >
  case '>':
    return "\\textgreater{}";
  case '|':
    return "\\textbar{}";
  case '"':
    return "\\string\""; // \textquotedbl does not exist in OT1; \string defeats babel shorthands
  case '-':
    return next == '-' ? "-{}" : "-"; // no --/--- ligatures: "--from" stays two hyphens
  case '\n':
  case '\r':
  case '\t':
    return " "; // a blank line would be \par: fatal inside a table cell
  default:
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
      return ""; // other control characters
    return std::string(1, c);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Statements: LaTeX with math mode open at the start.

/// Braces balance (ignoring \{ and \}); `dollars` receives the number of unescaped '$'.
bool braces_balanced(const std::string& s, int& dollars) {
  int depth = 0;
  dollars = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i; // skip the escaped character (\{, \}, \$, \\)
      continue;
    }
    if (s[i] == '{')
      ++depth;
    if (s[i] == '}' && --depth < 0)
      return false;
    if (s[i] == '$')
      ++dollars;
  }
  return depth == 0;
}

/// Primitives a results file must not smuggle into the report: file and shell access, catcode games,
/// definitions, document structure, math delimiters of our own. A statement using them is shown as source.
/// Control words are compared whole: \partial and \left are fine, \par and \let are not.
bool latex_suspicious(const std::string& s) {
  static const std::set<std::string> bad_words = {
      "input",       "include",    "includeonly",  "write",          "immediate",
      "openin",      "openout",    "read",         "readline",       "catcode",
      "def",         "edef",       "gdef",         "xdef",           "let",
      "futurelet",   "csname",     "expandafter",  "documentclass",  "usepackage",
      "special",     "newcommand", "renewcommand", "providecommand", "DeclareRobustCommand",
      "par",         "section",    "subsection",   "verb",           "makeatletter",
      "makeatother", "output",     "shipout",      "everypar",       "jobname",
      "endinput",    "bye",        "dump",         "directlua",      "pdfprimitive",
      "ShellEscape"};
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 >= s.size())
      continue;
    const char next = s[i + 1];
    if (next == '(' || next == ')' || next == '[' || next == ']')
      return true;
    std::size_t j = i + 1;
    while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j])))
      ++j;
    const std::string word = s.substr(i + 1, j - i - 1);
    if (bad_words.count(word))
      return true;
    if (word == "begin" || word == "end") { // only inner math environments (cases, matrices, aligned)
      static const std::set<std::string> math_envs = {
          "cases",       "pmatrix", "bmatrix",  "Bmatrix", "vmatrix", "Vmatrix", "matrix",
          "smallmatrix", "aligned", "gathered", "split",   "array",   "dcases"};
      const std::size_t open = s.find_first_not_of(' ', j);
      const std::size_t close = open == std::string::npos ? open : s.find('}', open);
      if (open == std::string::npos || s[open] != '{' || close == std::string::npos ||
          !math_envs.count(s.substr(open + 1, close - open - 1)))
        return true;
    }
    if (next == '\\')
      ++i; // "\\" is a line break, not the start of a control word
  }
  return false;
}

/// The pieces of a statement between unescaped '$' signs.
std::vector<std::string> dollar_segments(const std::string& s) {
  std::vector<std::string> seg(1);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      seg.back() += s.substr(i, 2);
      ++i;
    } else if (s[i] == '$') {
      seg.emplace_back();
    } else {
      seg.back() += s[i];
    }
  }
  return seg;
}

/// Material that stops pdflatex in text mode: sub/superscripts and math-only commands.
bool needs_math(const std::string& seg) {
  static const std::set<std::string> math_words = {"frac",
                                                   "tfrac",
                                                   "dfrac",
                                                   "le",
                                                   "leq",
                                                   "ge",
                                                   "geq",
                                                   "ne",
                                                   "neq",
                                                   "sum",
                                                   "prod",
                                                   "int",
                                                   "in",
                                                   "notin",
                                                   "mathbb",
                                                   "mathcal",
                                                   "mathbf",
                                                   "mathrm",
                                                   "mathsf",
                                                   "mathit",
                                                   "operatorname",
                                                   "top",
                                                   "infty",
                                                   "cdot",
                                                   "cdots",
                                                   "sqrt",
                                                   "log",
                                                   "exp",
                                                   "min",
                                                   "max",
                                                   "sup",
                                                   "inf",
                                                   "lim",
                                                   "liminf",
                                                   "limsup",
                                                   "to",
                                                   "mapsto",
                                                   "partial",
                                                   "nabla",
                                                   "left",
                                                   "right",
                                                   "langle",
                                                   "rangle",
                                                   "lVert",
                                                   "rVert",
                                                   "lvert",
                                                   "rvert",
                                                   "tilde",
                                                   "hat",
                                                   "bar",
                                                   "dot",
                                                   "ddot",
                                                   "widetilde",
                                                   "widehat",
                                                   "overline",
                                                   "approx",
                                                   "sim",
                                                   "subset",
                                                   "subseteq",
                                                   "cup",
                                                   "cap",
                                                   "times",
                                                   "pm",
                                                   "mp",
                                                   "ell",
                                                   "preceq",
                                                   "succeq",
                                                   "preccurlyeq",
                                                   "succcurlyeq",
                                                   "boxed",
                                                   "alpha",
                                                   "beta",
                                                   "gamma",
                                                   "delta",
                                                   "epsilon",
                                                   "varepsilon",
                                                   "zeta",
                                                   "eta",
                                                   "theta",
                                                   "vartheta",
                                                   "iota",
                                                   "kappa",
                                                   "lambda",
                                                   "mu",
                                                   "nu",
                                                   "xi",
                                                   "pi",
                                                   "rho",
                                                   "sigma",
                                                   "tau",
                                                   "upsilon",
                                                   "phi",
                                                   "varphi",
                                                   "chi",
                                                   "psi",
                                                   "omega",
                                                   "Gamma",
                                                   "Delta",
                                                   "Theta",
                                                   "Lambda",
                                                   "Xi",
                                                   "Pi",
                                                   "Sigma",
                                                   "Phi",
                                                   "Psi",
                                                   "Omega",
                                                   "forall",
                                                   "exists",
                                                   "iff",
                                                   "implies",
                                                   "Rightarrow",
                                                   "Leftarrow",
                                                   "Leftrightarrow",
                                                   "rightarrow",
                                                   "leftarrow",
                                                   "uparrow",
                                                   "downarrow",
                                                   "downarrow",
                                                   "equiv",
                                                   "propto",
                                                   "perp",
                                                   "circ",
                                                   "star",
                                                   "ast",
                                                   "setminus",
                                                   "emptyset",
                                                   "det",
                                                   "tr",
                                                   "diag",
                                                   "Var",
                                                   "lfloor",
                                                   "rfloor",
                                                   "lceil",
                                                   "rceil",
                                                   "mid",
                                                   "vee",
                                                   "wedge",
                                                   "neg",
                                                   "binom",
                                                   "underbrace",
                                                   "overbrace",
                                                   "lesssim",
                                                   "gtrsim",
                                                   "ll",
                                                   "gg",
                                                   "asymp",
                                                   "odot",
                                                   "otimes",
                                                   "oplus"};
  for (std::size_t i = 0; i < seg.size(); ++i) {
    if (seg[i] == '^' || seg[i] == '_')
      return true;
    if (seg[i] != '\\' || i + 1 >= seg.size())
      continue;
    if (seg[i + 1] == '|')
      return true;
    if (!std::isalpha(static_cast<unsigned char>(seg[i + 1]))) { // \_, \%, \{ … are text too
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < seg.size() && std::isalpha(static_cast<unsigned char>(seg[j])))
      ++j;
    if (math_words.count(seg.substr(i + 1, j - i - 1)))
      return true;
    i = j - 1;
  }
  return false;
}

/// Prose: two words of three or more letters in a row ("The test vector"), outside control words.
bool looks_like_prose(const std::string& seg) {
  static const std::regex prose(R"((^|[^\\A-Za-z])[A-Za-z]{3,}\s+[A-Za-z]{3,}\b)");
  return std::regex_search(seg, prose);
}

/// The statement typeset inline, or escaped source when it is not safe to typeset.
/// By convention math mode is open at the start (the statement is meant to be wrapped as $…$); some
/// statements start with prose instead ("(i) The map … $…$"). The start mode is the one under which no
/// text-mode piece holds math-only material; when both fit, prose at the start means text mode.
std::string render_statement(const std::string& stmt) {
  if (stmt.empty())
    return "\\emph{(no statement recorded)}";
  std::string s;
  for (std::size_t i = 0; i < stmt.size(); ++i) {
    const char c = stmt[i];
    if (c == '\n' || c == '\r' || c == '\t') {
      s += ' '; // a blank line would end the paragraph inside math
    } else if (c == '%' && (i == 0 || stmt[i - 1] != '\\')) {
      s += "\\%"; // a comment would swallow the closing \)
    } else {
      s += c;
    }
  }
  const std::string as_source = "\\texttt{\\small " + latex_escape(stmt) +
                                "} \\emph{(statement shown as source: not well-formed LaTeX)}";
  int dollars = 0;
  if (!braces_balanced(s, dollars) || latex_suspicious(s))
    return as_source;
  const auto seg = dollar_segments(s);
  auto fits = [&](bool math_start) { // no text-mode piece needs math
    for (std::size_t k = 0; k < seg.size(); ++k)
      if ((k % 2 == 0) != math_start && needs_math(seg[k]))
        return false;
    return true;
  };
  const bool math_ok = fits(true), text_ok = fits(false);
  if (!math_ok && !text_ok)
    return as_source;
  const bool math_start = math_ok && !(text_ok && looks_like_prose(seg[0]));
  // Non-ASCII characters become commands that work in math and in text mode.
  const std::string body = convert(s, true, [](char c, char) { return std::string(1, c); });
  // Each '$' toggles the mode: close math if the statement ends in it.
  const bool ends_in_math = (dollars % 2 == 0) == math_start;
  return (math_start ? "\\(" : "") + body + (ends_in_math ? "\\)" : "");
}

// ---------------------------------------------------------------------------------------------------------
// Numbers (deterministic: printf in the "C" locale, which a library never changes).

/// `v` with `sig` significant digits as inline math; scientific form as m\times10^{e}.
/// `keep_zeros`: 1.00000 rather than 1 (tightness reports six significant digits).
std::string fmt_num(double v, int sig, bool keep_zeros = false) {
  if (std::isnan(v))
    return "NaN";
  if (std::isinf(v))
    return v > 0 ? "\\(\\infty\\)" : "\\(-\\infty\\)";
  if (v == 0)
    v = 0; // no "-0"
  char buf[64];
  std::snprintf(buf, sizeof buf, keep_zeros ? "%#.*g" : "%.*g", sig, v);
  std::string s = buf;
  const auto e = s.find('e');
  if (e == std::string::npos)
    return "\\(" + s + "\\)";
  std::string mant = s.substr(0, e);
  const int ex = std::stoi(s.substr(e + 1));
  return "\\(" + mant + "\\times10^{" + std::to_string(ex) + "}\\)";
}

std::string fmt_opt(const std::optional<double>& v, int sig, bool keep_zeros = false) {
  return v ? fmt_num(*v, sig, keep_zeros) : "--";
}

/// Integers with thin-space thousands separators: 1\,000\,000.
std::string fmt_count(long n) {
  std::string d = std::to_string(n < 0 ? -n : n), out;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i > 0 && (d.size() - i) % 3 == 0)
      out += "\\,";
    out += d[i];
  }
  return (n < 0 ? "\\(-\\)" : "") + out;
}

std::string fmt_seconds(double s) {
  if (!(s > 0) || !std::isfinite(s))
    return "--";
  char buf[64];
  if (s < 1e-3)
    std::snprintf(buf, sizeof buf, "\\(<\\)1\\,ms");
  else if (s < 1)
    std::snprintf(buf, sizeof buf, "%.0f\\,ms", s * 1e3);
  else if (s < 60)
    std::snprintf(buf, sizeof buf, "%.1f\\,s", s);
  else
    std::snprintf(buf, sizeof buf, "%.0f\\,min\\,%02.0f\\,s", std::floor(s / 60), std::fmod(s, 60.0));
  return buf;
}

/// A double as it is stored (round-trippable), for witness coordinates: 17 significant digits, trimmed.
std::string fmt_exact(double v) {
  if (!std::isfinite(v))
    return std::isnan(v) ? "NaN" : (v > 0 ? "inf" : "-inf");
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// ---------------------------------------------------------------------------------------------------------
// Claims, parts and statuses.

const Status kStatuses[] = {Status::certified,      Status::verified,     Status::falsified,
                            Status::underspecified, Status::inconclusive, Status::unchecked,
                            Status::not_checkable};

std::string status_color(Status s) {
  switch (s) {
  case Status::certified:
    return "dcrvcertified";
  case Status::verified:
    return "dcrvverified";
  case Status::falsified:
    return "dcrvfalsified";
  case Status::inconclusive:
    return "dcrvinconclusive";
  case Status::unchecked:
    return "dcrvunchecked";
  case Status::not_checkable:
    return "dcrvnotcheckable";
  case Status::underspecified:
    return "dcrvunderspecified";
  }
  return "black";
}

std::string status_tex(Status s) {
  const std::string name = to_string(s);
  if (s == Status::falsified)
    return "\\textcolor{" + status_color(s) + "}{\\textbf{" + name + "}}";
  return "\\textcolor{" + status_color(s) + "}{" + name + "}";
}

bool has_override(const ClaimResult& c) {
  return std::any_of(c.constants.begin(), c.constants.end(),
                     [](const ConstantResult& k) { return k.overridden; });
}

/// The paper part: the ID prefix before the first '.' (M = main text, A..J appendices).
std::string part_of(const std::string& id) {
  const auto dot = id.find('.');
  std::string p = dot == std::string::npos ? id.substr(0, id.find('~')) : id.substr(0, dot);
  return p.empty() ? "?" : p;
}

/// The claim an extra reading belongs to: "B.x~y" → "B.x".
std::string base_of(const std::string& id) {
  return id.substr(0, id.find('~'));
}

bool is_reading(const std::string& id) {
  return id.find('~') != std::string::npos;
}

std::string part_title(const std::string& part) {
  if (part == "M")
    return "Main text";
  if (part.size() == 1 && part[0] >= 'A' && part[0] <= 'Z')
    return "Appendix " + part;
  return "Part " + latex_escape(part);
}

/// A part name usable as a pgfplots symbolic coordinate and as a .dat token (no spaces, no specials).
std::string part_token(const std::string& part) {
  if (part.empty() || part.size() > 8)
    return "other";
  for (char c : part)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      return "other";
  return part;
}

/// Parts in report order: M, A..Z, then any other prefixes in order of first appearance.
std::vector<std::string> parts_in_order(const Results& r) {
  std::vector<std::string> seen;
  for (const auto& c : r.claims) {
    const std::string p = part_of(c.id);
    if (std::find(seen.begin(), seen.end(), p) == seen.end())
      seen.push_back(p);
  }
  auto rank = [](const std::string& p) {
    if (p == "M")
      return 0;
    if (p.size() == 1 && p[0] >= 'A' && p[0] <= 'Z')
      return 1 + (p[0] - 'A');
    return 100;
  };
  std::stable_sort(seen.begin(), seen.end(), [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
  return seen;
}

/// Claims of one part in table order: each base claim followed by its extra readings; readings whose base is
/// absent come at the end, in their own order.
std::vector<const ClaimResult*> claims_of_part(const Results& r, const std::string& part) {
  std::vector<const ClaimResult*> bases, readings, out;
  for (const auto& c : r.claims)
    if (part_of(c.id) == part)
      (is_reading(c.id) ? readings : bases).push_back(&c);
  std::set<const ClaimResult*> placed;
  for (const ClaimResult* b : bases) {
    out.push_back(b);
    for (const ClaimResult* x : readings)
      if (base_of(x->id) == b->id && placed.insert(x).second)
        out.push_back(x);
  }
  for (const ClaimResult* x : readings)
    if (!placed.count(x))
      out.push_back(x);
  return out;
}

/// All claims in report order: parts in order, readings below their claim.
std::vector<const ClaimResult*> report_order(const Results& r) {
  std::vector<const ClaimResult*> out;
  for (const auto& p : parts_in_order(r))
    for (const ClaimResult* c : claims_of_part(r, p))
      out.push_back(c);
  return out;
}

/// An ID in typewriter type that may break after '.', '-', '~' and '_' (IDs are long, columns narrow).
std::string id_tex(const std::string& id) {
  std::string out;
  for (std::size_t i = 0; i < id.size(); ++i) {
    // Escape per byte for ASCII; hand multi-byte sequences to latex_escape whole.
    if (static_cast<unsigned char>(id[i]) >= 0x80) {
      std::size_t j = i;
      next_code_point(id, j);
      out += latex_escape(id.substr(i, j - i));
      i = j - 1;
      continue;
    }
    out += escape_ascii(id[i], i + 1 < id.size() ? id[i + 1] : '\0');
    if (id[i] == '.' || id[i] == '-' || id[i] == '~' || id[i] == '_')
      out += "\\allowbreak{}";
  }
  return "\\texttt{" + out + "}";
}

/// Long unbreakable strings (50-digit MPFR numbers, JSON) get break points every `every` characters.
std::string breakable(const std::string& escaped_plain, std::size_t every = 12) {
  std::string out;
  std::size_t run = 0;
  int depth = 0;
  for (std::size_t i = 0; i < escaped_plain.size(); ++i) {
    const char c = escaped_plain[i];
    out += c;
    if (c == '{')
      ++depth;
    if (c == '}')
      --depth;
    if (c == '\\') { // copy a control word whole
      while (i + 1 < escaped_plain.size() && std::isalpha(static_cast<unsigned char>(escaped_plain[i + 1])))
        out += escaped_plain[++i];
      continue;
    }
    if (depth == 0 && ++run >= every) {
      out += "\\allowbreak{}";
      run = 0;
    }
  }
  return out;
}

std::string shell_quote(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' || c == '/'))
      plain = false;
  if (plain)
    return s;
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// ---------------------------------------------------------------------------------------------------------
// Fragment pieces.

void write_preamble_comment(std::ostream& t, const Results& r) {
  t << "% dcrv-report.tex -- the dcrv verification report: a fragment to \\input into a LaTeX document.\n"
       "%\n"
       "% Needs these packages in the including document's preamble (nothing else):\n"
       "%   \\usepackage{booktabs,longtable,xcolor,amsmath,amssymb,pgfplots}\n"
       "%   \\pgfplotsset{compat=1.16}   % or newer\n"
       "% Optional settings, defined BEFORE the \\input:\n"
       "%   \\newcommand{\\dcrvdir}{path/to/report/}  where the .dat tables are, relative to the directory\n"
       "%                                           LaTeX runs in, with a trailing slash (default: empty)\n"
       "%   \\newcommand{\\dcrvsection}{\\subsection}   to demote the report's sections (default "
       "\\section);\n"
       "%   \\newcommand{\\dcrvsubsection}{\\subsubsection} likewise for its subsections.\n"
       "% In a two-column document the report switches to one column (longtable requires it) and back.\n"
       "% Generated by dcrv from a results file (schema "
    << kResultsSchema << "); do not edit by hand.\n";
  // The only line that changes between identical runs.
  t << "% generated: " << (r.run.started.empty() ? std::string("(unknown)") : r.run.started) << "\n";
  t << "\\providecommand{\\dcrvdir}{}\n"
       "\\providecommand{\\dcrvsection}{\\section}\n"
       "\\providecommand{\\dcrvsubsection}{\\subsection}\n"
       "\\providecommand{\\texorpdfstring}[2]{#1}\n"
       "\\definecolor{dcrvcertified}{RGB}{0,100,0}\n"
       "\\definecolor{dcrvverified}{RGB}{40,160,40}\n"
       "\\definecolor{dcrvfalsified}{RGB}{200,0,0}\n"
       "\\definecolor{dcrvinconclusive}{RGB}{230,120,0}\n"
       "\\definecolor{dcrvunchecked}{RGB}{128,128,128}\n"
       "\\definecolor{dcrvnotcheckable}{RGB}{30,80,200}\n"
       "\\definecolor{dcrvunderspecified}{RGB}{200,120,0}\n"
       "\\makeatletter\n"
       "\\if@"
       "twocolumn\\onecolumn\\let\\dcrvrestorecolumns\\twocolumn\\else\\let\\dcrvrestorecolumns\\relax\\fi\n"
       "\\makeatother\n\n";
}

void write_run_info(std::ostream& t, const Results& r) {
  const RunInfo& ri = r.run;
  t << "\\noindent Run: budget \\texttt{" << latex_escape(ri.budget) << "}, seed " << ri.seed
    << ", MPFR confirmation at " << ri.digits << " digits, filter \\texttt{" << latex_escape(ri.filter)
    << "}";
  if (!ri.build.empty())
    t << ", build " << latex_escape(ri.build);
  if (!ri.started.empty())
    t << ", started " << latex_escape(ri.started);
  t << "; " << r.claims.size() << " claims.\n";
  if (!ri.overrides.empty()) {
    t << "\n\\medskip\\noindent\\textcolor{dcrvfalsified}{\\textbf{Paper constants overridden in this run}} "
         "(\\texttt{-{}-set}): ";
    for (std::size_t i = 0; i < ri.overrides.size(); ++i)
      t << (i ? ", " : "") << "\\texttt{" << latex_escape(ri.overrides[i]) << "}";
    t << ". Claims using an overridden constant are marked \\(^\\dagger\\); their status is about the "
         "modified constant, not about the paper.\n";
  }
  t << "\n";
}

void write_summary(std::ostream& t, const Results& r, const std::vector<std::string>& parts) {
  t << "\\begin{center}\n{\\small\\setlength{\\tabcolsep}{4pt}\n\\begin{tabular}{l";
  for (std::size_t i = 0; i < std::size(kStatuses); ++i)
    t << "r";
  t << "r}\n\\toprule\nPart";
  for (Status s : kStatuses)
    t << " & " << status_tex(s);
  t << " & total\\\\\n\\midrule\n";
  std::map<Status, int> total;
  for (const auto& p : parts) {
    std::map<Status, int> n;
    int all = 0;
    for (const auto& c : r.claims)
      if (part_of(c.id) == p)
        ++n[c.outcome.status], ++total[c.outcome.status], ++all;
    t << part_title(p);
    for (Status s : kStatuses)
      t << " & " << (n[s] ? std::to_string(n[s]) : std::string("\\textcolor{dcrvunchecked}{0}"));
    t << " & " << all << "\\\\\n";
  }
  t << "\\midrule\nTotal";
  for (Status s : kStatuses)
    t << " & \\textbf{" << total[s] << "}";
  t << " & \\textbf{" << r.claims.size() << "}\\\\\n\\bottomrule\n\\end{tabular}}\n\\end{center}\n\n";
}

void write_how_to_read(std::ostream& t) {
  t << "\\paragraph{How to read this report.}\n"
       "Each claim of the paper has an inventory ID (the part before the first dot: M = main text, A--J = "
       "appendices) and one status. "
    << status_tex(Status::certified)
    << ": proved on the stated domain by interval arithmetic or exact algebra. "
    << status_tex(Status::verified)
    << ": no violation in the recorded evidence (random, edge-case and targeted "
       "trials, trajectories, or a statistical test). "
    << status_tex(Status::falsified)
    << ": a counterexample found in double precision and confirmed in MPFR at "
       "the stated digits; its witness is listed below and \\texttt{dcrv replay} reproduces it. "
    << status_tex(Status::inconclusive)
    << ": numerical trouble, budget exhausted or statistics too weak (the "
       "reason is listed). "
    << status_tex(Status::unchecked) << ": no check yet. " << status_tex(Status::not_checkable)
    << ": a qualitative statement (the reason is listed).\n"
       "\\emph{Tightness} is \\(\\sup \\mathrm{LHS}/\\mathrm{RHS}\\) over the evidence for bounds (1 = the "
       "bound "
       "is attained, 0.5 = twice as loose as needed wherever the search went, \\(>1\\) = violated) and the "
       "largest "
       "relative residual for identities. The \\emph{worst margin} is the smallest relative margin "
       "\\((\\mathrm{RHS}-\\mathrm{LHS})/\\max(|\\mathrm{LHS}|,|\\mathrm{RHS}|,\\text{scale})\\) seen; "
       "negative "
       "means a violation. \\emph{Used/skipped} counts the double-precision evaluations inside the claim's "
       "hypotheses "
       "and those outside them; \\emph{MPFR} counts the evaluations at the run's MPFR precision (violation "
       "candidates, a direct audit of identities, of the paper's points and of a stratified sample, the "
       "worst "
       "point), \\emph{time} is the wall time of the check. A line under a row gives the deciding statistic "
       "of "
       "a stochastic claim (estimate, confidence interval, level, paths) and notes on the evidence. Extra "
       "readings of an ambiguous "
       "claim (IDs with \\texttt{\\textasciitilde}) follow their claim. A \\(^\\dagger\\) marks a claim "
       "checked "
       "with an overridden paper constant.\n\n";
}

// Column widths as fractions of \linewidth (with \tabcolsep = 3pt the table fills about 0.99\linewidth).
// The Source column says `stale` when the paper's text of the claim changed since its check was written.
const char* kClaimTableSpec =
    "@{}p{0.25\\linewidth}p{0.085\\linewidth}p{0.105\\linewidth}p{0.045\\linewidth}p{0.11\\linewidth}"
    "p{0.105\\linewidth}p{0.065\\linewidth}p{0.045\\linewidth}p{0.07\\linewidth}@{}";

bool is_stale(const ClaimResult& c) {
  return c.source && c.source->stale;
}

std::string source_cell(const ClaimResult& c) {
  if (!c.source)
    return "";
  if (c.source->stale)
    return "\\textcolor{dcrvinconclusive}{\\textbf{stale}}";
  if (!c.source->pinned)
    return "\\textcolor{dcrvunchecked}{unpinned}";
  return "";
}

/// The line under a claim's row: the statistic of a stochastic verdict, why samples were skipped (when more
/// than 20 % were), a truncation by the time budget, unexamined candidates, a stated MPFR tolerance.
std::string evidence_notes(const Evidence& e) {
  std::vector<std::string> n;
  if (e.statistic) {
    const Statistic& st = *e.statistic;
    std::ostringstream s;
    s << latex_escape(st.name) << " \\(=\\) " << fmt_num(st.estimate, 4) << ", interval ["
      << fmt_num(st.lo, 4) << ", " << fmt_num(st.hi, 4) << "] at confidence " << fmt_num(st.confidence, 8)
      << " from " << fmt_count(st.paths) << " paths (" << latex_escape(st.method)
      << "); claim: " << latex_escape(st.claim);
    if (st.paths_to_decide > 0)
      s << "; about " << fmt_count(st.paths_to_decide) << " paths would decide it";
    n.push_back(s.str());
  }
  if (e.trials > 0 && e.skipped * 5 > e.trials) {
    auto it = e.details.find("skip_reason");
    n.push_back(fmt_num(100.0 * static_cast<double>(e.skipped) / static_cast<double>(e.trials), 3) +
                "\\,\\% of the samples skipped" +
                (it != e.details.end() ? ": " + latex_escape(it->second) : std::string()));
  }
  if (e.unexamined > 0)
    n.push_back(fmt_count(e.unexamined) + " violation candidate(s) not examined in MPFR");
  if (e.truncated)
    n.push_back("evidence truncated by the claim's time budget");
  if (auto it = e.details.find("mpfr_tolerance"); it != e.details.end())
    n.push_back("MPFR tolerance " + latex_escape(it->second));
  std::string out;
  for (const auto& x : n)
    out += (out.empty() ? "" : "; ") + x;
  return out;
}

void write_part_table(std::ostream& t, const Results& r, const std::string& part) {
  const auto rows = claims_of_part(r, part);
  t << "\\dcrvsection{" << part_title(part) << "}\n";
  std::map<Status, int> n;
  for (const ClaimResult* c : rows)
    ++n[c->outcome.status];
  t << "\\noindent " << rows.size() << " claims:";
  bool first = true;
  for (Status s : kStatuses) {
    if (!n[s])
      continue;
    t << (first ? " " : ", ") << n[s] << " " << status_tex(s);
    first = false;
  }
  t << ".\n\n";
  const std::string head =
      "ID & Kind & Status & Source & Tightness & Worst margin & Used/skipped & MPFR & Time\\\\\n";
  t << "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{" << kClaimTableSpec << "}\n"
    << "\\toprule\n"
    << head << "\\midrule\n\\endfirsthead\n"
    << "\\multicolumn{9}{@{}l}{\\emph{" << part_title(part) << " (continued)}}\\\\\n\\toprule\n"
    << head << "\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n";
  for (const ClaimResult* c : rows) {
    const Outcome& o = c->outcome;
    const Evidence& e = o.evidence;
    const bool unchecked = o.status == Status::unchecked;
    const bool reading = is_reading(c->id);
    t << (reading ? "\\hspace*{1em}" : "") << id_tex(c->id) << " & " << latex_escape(c->kind) << " & "
      << status_tex(o.status) << (has_override(*c) ? "\\(^\\dagger\\)" : "") << " & " << source_cell(*c)
      << " & \\hfill " << fmt_opt(e.tightness, 6, true) << " & \\hfill " << fmt_opt(e.worst_margin, 4)
      << " & \\hfill "
      << (unchecked ? std::string("--") : fmt_count(e.trials - e.skipped) + "/" + fmt_count(e.skipped))
      << " & \\hfill " << (unchecked ? std::string("--") : fmt_count(e.confirmations)) << " & \\hfill "
      << fmt_seconds(e.seconds) << "\\\\\n";
    const std::string notes = evidence_notes(e);
    if (!notes.empty())
      t << "\\multicolumn{9}{@{\\hspace{2em}}p{0.9\\linewidth}@{}}{\\scriptsize " << notes << "}\\\\[2pt]\n";
    if (reading && !c->reading.empty())
      t << "\\multicolumn{9}{@{\\hspace{2em}}p{0.85\\linewidth}@{}}{\\scriptsize\\itshape Reading: "
        << latex_escape(c->reading) << "}\\\\[2pt]\n";
  }
  t << "\\end{longtable}}\n\n";
}

std::string witness_value(const json& v) {
  if (v.is_string())
    return "\\texttt{" + breakable(latex_escape(v.get<std::string>())) + "}";
  if (v.is_number_integer())
    return std::to_string(v.get<long long>());
  if (v.is_number())
    return "\\texttt{" + latex_escape(fmt_exact(v.get<double>())) + "}";
  if (v.is_boolean())
    return v.get<bool>() ? "true" : "false";
  if (v.is_null())
    return "null";
  std::string d = v.dump();
  if (d.size() > 1500)
    d = d.substr(0, 1500) + " ...";
  return "\\texttt{" + breakable(latex_escape(d)) + "}";
}

void write_witness(std::ostream& t, const json& w) {
  if (!w.is_object()) {
    t << "\\par\\noindent\\textbf{Witness.} \\emph{none stored} (the claim cannot be replayed).\n";
    return;
  }
  t << "\\par\\noindent\\textbf{Witness.}\n\\begin{itemize}\\setlength{\\itemsep}{0pt}\n";
  std::set<std::string> shown;
  // The point in the domain's own terms (the names the claim's domain gives its fields), first.
  if (w.contains("fields") && w["fields"].is_object() && !w["fields"].empty()) {
    shown.insert("fields");
    t << "\\item Point: ";
    bool first = true;
    for (auto it = w["fields"].begin(); it != w["fields"].end(); ++it) {
      t << (first ? "" : ", ") << "\\texttt{" << latex_escape(it.key()) << "} \\(=\\) ";
      first = false;
      const json& v = it.value();
      if (v.is_array()) {
        t << "\\texttt{(";
        for (std::size_t i = 0; i < v.size(); ++i)
          t << (i ? ",\\allowbreak{} " : "")
            << (v[i].is_number() ? latex_escape(fmt_exact(v[i].get<double>())) : latex_escape(v[i].dump()));
        t << ")}";
      } else {
        t << witness_value(v);
      }
    }
    t << "\n";
  }
  if (w.contains("sample") && w["sample"].is_object()) {
    const json& s = w["sample"];
    shown.insert("sample");
    if (s.contains("S"))
      t << "\\item Dimension "
        << (s["S"].is_number_integer() ? "\\(S = " + std::to_string(s["S"].get<long long>()) + "\\)"
                                       : "\\(S\\): " + witness_value(s["S"]))
        << "\n";
    if (s.contains("x") && s["x"].is_array()) {
      t << "\\item " << (shown.count("fields") ? "Replay coordinates" : "Coordinates") << " (\\("
        << s["x"].size() << "\\) values, in the order of the claim's domain): "
        << "\\texttt{(";
      for (std::size_t i = 0; i < s["x"].size(); ++i) {
        const json& v = s["x"][i];
        t << (i ? ",\\allowbreak{} " : "")
          << (v.is_number() ? latex_escape(fmt_exact(v.get<double>())) : latex_escape(v.dump()));
      }
      t << ")}\n";
    }
    if (s.contains("idx") && s["idx"].is_array() && !s["idx"].empty())
      t << "\\item Indices: " << witness_value(s["idx"]) << "\n";
    for (auto it = s.begin(); it != s.end(); ++it)
      if (it.key() != "S" && it.key() != "x" && it.key() != "idx")
        t << "\\item \\texttt{sample." << latex_escape(it.key()) << "}: " << witness_value(it.value())
          << "\n";
  }
  const std::pair<const char*, const char*> known[] = {{"lhs", "LHS"},
                                                       {"rhs", "RHS"},
                                                       {"score", "Violation score (MPFR)"},
                                                       {"digits", "Digits of the confirmation"}};
  for (const auto& [key, name] : known)
    if (w.contains(key)) {
      shown.insert(key);
      t << "\\item " << name << ": " << witness_value(w[key]) << "\n";
    }
  for (auto it = w.begin(); it != w.end(); ++it)
    if (!shown.count(it.key()))
      t << "\\item \\texttt{" << latex_escape(it.key()) << "}: " << witness_value(it.value()) << "\n";
  t << "\\end{itemize}\n";
}

void write_constants(std::ostream& t, const ClaimResult& c) {
  if (c.constants.empty())
    return;
  t << "\\par\\noindent\\textbf{Constants.}\\\\[2pt]\n{\\small\\begin{tabular}{@{}lllll@{}}\n\\toprule\n"
       "Name & Value used & Paper value & Role & Meaning\\\\\n\\midrule\n";
  for (const auto& k : c.constants) {
    const std::string used = fmt_num(k.value, 10);
    t << "\\texttt{" << latex_escape(k.name) << "} & "
      << (k.overridden ? "\\textcolor{dcrvfalsified}{\\textbf{" + used + "} (override)}" : used) << " & "
      << fmt_num(k.paper_value, 10) << " & " << latex_escape(k.role) << " & "
      << "\\parbox[t]{0.4\\linewidth}{\\raggedright " << latex_escape(k.meaning) << "}\\\\\n";
  }
  t << "\\bottomrule\n\\end{tabular}}\n\n";
}

void write_falsified(std::ostream& t, const Results& r) {
  t << "\\dcrvsection{Falsified claims}\n";
  bool any = false;
  for (const ClaimResult* cp : report_order(r)) {
    const ClaimResult& c = *cp;
    if (c.outcome.status != Status::falsified)
      continue;
    any = true;
    const Outcome& o = c.outcome;
    // The PDF-string branch keeps bookmarks (hyperref) free of typesetting commands.
    std::string plain_id;
    for (char ch : c.id)
      plain_id += std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' ? ch : ' ';
    t << "\\dcrvsubsection{\\texorpdfstring{" << id_tex(c.id) << "}{" << plain_id << "}}\n";
    t << "\\noindent\\textbf{Statement.} " << render_statement(c.statement) << "\n\n";
    if (!c.reading.empty())
      t << "\\noindent\\textbf{Reading.} " << latex_escape(c.reading) << "\n\n";
    t << "\\noindent\\textbf{In the paper.} " << latex_escape(c.where) << " (kind: " << latex_escape(c.kind)
      << ").\n\n";
    if (!o.message.empty())
      t << "\\noindent\\textbf{Verdict.} " << latex_escape(o.message) << "\n\n";
    if (!o.evidence.method.empty())
      t << "\\noindent\\textbf{Method.} " << latex_escape(o.evidence.method) << "; "
        << fmt_count(o.evidence.trials) << " trials, " << fmt_count(o.evidence.confirmations)
        << " MPFR confirmations.\n\n";
    write_constants(t, c);
    if (has_override(c))
      t << "\\smallskip\\noindent\\textcolor{dcrvfalsified}{This counterexample uses an overridden constant: "
           "it "
           "falsifies the modified claim, not the paper's.}\n\n";
    write_witness(t, o.witness);
    t << "\\par\\noindent\\textbf{Replay.} \\texttt{dcrv replay "
      << breakable(latex_escape(shell_quote(c.id)), 40) << " -{}-from results.json}\n\n";
  }
  if (!any)
    t << "No claim was falsified.\n\n";
}

/// The interval certificates (dcrv certify / run --certify): per certified claim the certified domain, the
/// boxes, the deepest subdivision, the precision and the time; then the certificates that did not close, with
/// the share of the domain's volume they proved. Nothing is written when the run did not certify.
void write_certificates(std::ostream& t, const Results& r) {
  std::vector<const ClaimResult*> ran;
  for (const ClaimResult* c : report_order(r))
    if (c->certificate.is_object())
      ran.push_back(c);
  if (ran.empty())
    return;
  std::map<std::string, int> per_part;
  for (const ClaimResult* c : ran)
    if (c->outcome.status == Status::certified)
      ++per_part[part_of(c->id)];
  t << "\\dcrvsection{Interval certificates}\n"
       "A claim is \\emph{certified} when interval branch and bound (MPFI, outward rounding) proves its "
       "inequality on every box of the stated domain, or, for an identity, when exact rational evaluation on "
       "a "
       "product grid of (degree + 1) points per variable proves its cleared residual the zero polynomial; "
       "outside the stated domain it rests on the sampling evidence. "
       "Certified per part:";
  bool first = true;
  for (const auto& [part, n] : per_part)
    t << (first ? " " : ", ") << latex_escape(part) << ": " << n, first = false;
  if (per_part.empty())
    t << " none";
  t << ".\n\\begin{description}\n";
  for (const ClaimResult* c : ran) {
    const auto& j = c->certificate;
    const std::string st = j.value("status", std::string());
    t << "\\item[" << id_tex(c->id) << "] ";
    if (c->outcome.status == Status::certified) {
      t << status_tex(Status::certified) << " on " << latex_escape(j.value("domain", std::string())) << "; ";
      if (j.value("boxes", 0L) > 0)
        t << fmt_count(j.value("boxes", 0L)) << " boxes, depth " << j.value("depth", 0) << ", "
          << j.value("digits", 0) << " digits, ";
      if (j.value("points", 0L) > 0)
        t << fmt_count(j.value("points", 0L)) << " exact rational evaluations, ";
      t << fmt_num(j.value("seconds", 0.0), 3) << " s.";
    } else {
      t << "certificate " << latex_escape(st);
      if (st != "skipped")
        t << " (" << fmt_num(100 * j.value("proved_fraction", 0.0), 4)
          << "\\,\\% of the domain's volume proved, " << fmt_count(j.value("boxes", 0L)) << " boxes)";
      t << ": " << latex_escape(j.value("message", std::string()))
        << ". Domain: " << latex_escape(j.value("domain", std::string())) << ".";
    }
    if (j.contains("method") && !j["method"].get<std::string>().empty())
      t << " \\emph{Method:} " << latex_escape(j["method"].get<std::string>()) << ".";
    t << "\n";
  }
  t << "\\end{description}\n\n";
}

/// A section listing claims of one status with their messages (inconclusive: the reason; not-checkable: the
/// reason and the proxy probed).
void write_message_section(std::ostream& t, const Results& r, Status s, const std::string& title,
                           const std::string& none) {
  t << "\\dcrvsection{" << title << "}\n";
  bool any = false;
  for (const ClaimResult* cp : report_order(r)) {
    const ClaimResult& c = *cp;
    if (c.outcome.status != s)
      continue;
    if (!any)
      t << "\\begin{description}\\setlength{\\itemsep}{2pt}\n";
    any = true;
    t << "\\item[" << id_tex(c.id) << "] "
      << (c.outcome.message.empty() ? std::string("\\emph{(no message)}") : latex_escape(c.outcome.message));
    if (!c.outcome.evidence.method.empty())
      t << "\\quad\\emph{Method:} " << latex_escape(c.outcome.evidence.method) << ".";
    t << "\n";
  }
  if (any)
    t << "\\end{description}\n\n";
  else
    t << none << "\n\n";
}

/// The first sentence of a message, at most `max` characters (the one-line reason of the action list).
std::string one_line(const std::string& msg, std::size_t max = 150) {
  std::string m = collapse_space(msg);
  for (std::size_t i = 0; i + 1 < m.size(); ++i)
    if ((m[i] == '.' || m[i] == ';') && m[i + 1] == ' ' && i > 20) {
      m = m.substr(0, i + 1);
      break;
    }
  if (m.size() > max) {
    std::size_t cut = max - 3;
    while (cut > 0 && (static_cast<unsigned char>(m[cut]) & 0xC0) == 0x80)
      --cut; // not inside a UTF-8 character
    m = m.substr(0, cut) + "...";
  }
  return m;
}

/// dcrv's measured correct constant for a falsified claim (from the slack map), or "".
std::string measured_constant(const Results& r, const std::string& id) {
  std::string out;
  if (!r.slack.is_array())
    return out;
  for (const auto& e : r.slack)
    if (e.value("id", std::string()) == id && e.value("status_at_paper", std::string()) == "falsified" &&
        e.contains("best") && e["best"].is_number())
      out += (out.empty() ? "" : "; ") + std::string("holds with \\texttt{") +
             latex_escape(e.value("constant", std::string())) + "} \\(=\\) " +
             fmt_num(e["best"].get<double>(), 6) + " (paper " + fmt_num(e.value("paper_value", 0.0), 6) + ")";
  return out;
}

/// The first page: what the authors must act on — falsified claims (ID, place, one-line reason, the measured
/// correct constant when the slack map found one), then stale and inconclusive claims; the rest follows.
void write_action_items(std::ostream& t, const Results& r, const ReportOptions& o) {
  std::vector<const ClaimResult*> falsified, stale, inconclusive;
  for (const ClaimResult* c : report_order(r)) {
    if (c->outcome.status == Status::falsified)
      falsified.push_back(c);
    if (is_stale(*c))
      stale.push_back(c);
    if (c->outcome.status == Status::inconclusive)
      inconclusive.push_back(c);
  }
  t << "\\dcrvsection{What needs the authors' attention}\n\\label{sec:dcrv-actions}\n\\noindent "
    << falsified.size() << " falsified, " << stale.size()
    << " stale (the paper's text changed since the check "
    << "was written), " << inconclusive.size() << " inconclusive of " << r.claims.size() << " claims";
  if (!r.run.overrides.empty())
    t << " (with overridden constants, see below)";
  t << ". Details follow the per-part tables.\n\n";
  const std::string spec = "@{}p{0.24\\linewidth}p{0.3\\linewidth}p{0.42\\linewidth}@{}";
  // Regressions against the baseline, first: what this change of the theory or of dcrv broke.
  if (o.baseline_diff) {
    const DiffResult& d = *o.baseline_diff;
    t << "\\dcrvsubsection{Against the baseline (" << d.regressions << " regression"
      << (d.regressions == 1 ? "" : "s") << ")}\n\\noindent Baseline \\texttt{"
      << breakable(latex_escape(o.baseline_name), 16) << "}: " << d.regressions << " claim(s) got worse, "
      << d.improvements << " improved, " << d.text_changes << " with a changed paper text, " << d.unchanged
      << " unchanged.\n\n";
    bool any = false;
    for (const auto& e : d.changes) {
      if (!e.regression && e.base_status == e.new_status)
        continue;
      if (!any)
        t << "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{" << spec
          << "}\n\\toprule\nID & Status: baseline \\(\\to\\) now & "
             "Note\\\\\n\\midrule\n\\endhead\n\\bottomrule\n"
             "\\endfoot\n";
      any = true;
      t << id_tex(e.id) << " & " << (e.regression ? "\\textcolor{dcrvfalsified}{\\textbf{regression}} " : "")
        << latex_escape(e.base_status) << " \\(\\to\\) " << latex_escape(e.new_status) << " & \\raggedright "
        << latex_escape(one_line(e.note)) << (e.stale ? " (stale)" : "") << "\\tabularnewline\n";
    }
    if (any)
      t << "\\end{longtable}}\n\n";
  }
  auto table = [&](const std::vector<const ClaimResult*>& rows, const std::string& title,
                   const std::string& third, auto&& reason) {
    if (rows.empty())
      return;
    t << "\\dcrvsubsection{" << title << " (" << rows.size()
      << ")}\n{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n"
      << "\\begin{longtable}{" << spec << "}\n\\toprule\nID & In the paper & " << third
      << "\\\\\n\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n";
    for (const ClaimResult* c : rows)
      t << id_tex(c->id) << (has_override(*c) ? "\\(^\\dagger\\)" : "") << " & \\raggedright "
        << latex_escape(c->where) << " & \\raggedright " << reason(*c) << "\\tabularnewline\n";
    t << "\\end{longtable}}\n\n";
  };
  table(falsified, "Falsified claims", "Reason (one line; witness in the details)",
        [&](const ClaimResult& c) {
          std::string x = latex_escape(one_line(c.outcome.message));
          const std::string m = measured_constant(r, c.id);
          if (!m.empty())
            x += "\\newline\\emph{Measured:} " + m;
          if (is_stale(c))
            x += "\\newline\\textcolor{dcrvinconclusive}{stale: the text changed}";
          return x;
        });
  table(stale, "Stale claims", "Status against dcrv's statement; what changed", [&](const ClaimResult& c) {
    std::string x = status_tex(c.outcome.status) + "; \\texttt{" + latex_escape(c.source->file) +
                    "}, lines " + latex_escape(c.source->lines);
    return x + " (word diff in \\S\\,``Stale claims'')";
  });
  table(inconclusive, "Inconclusive claims", "Reason (one line)",
        [&](const ClaimResult& c) { return latex_escape(one_line(c.outcome.message)); });
  if (falsified.empty() && stale.empty() && inconclusive.empty())
    t << "Nothing: no claim is falsified, stale or inconclusive.\n\n";
  if (!r.run.sources_note.empty())
    t << "\\noindent\\emph{Stale detection:} " << latex_escape(r.run.sources_note) << "\n\n";
}

/// A word-level diff in typewriter type: deletions red in [- -], insertions green in {+ +}; long unchanged
/// stretches are cut to `ctx` words of context.
std::string tex_word_diff(const std::string& old_text, const std::string& new_text, std::size_t ctx = 12) {
  const auto ops = word_diff(old_text, new_text);
  std::string out;
  auto code = [](const std::string& s) { return breakable(latex_escape(s), 8); };
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const DiffOp& op = ops[k];
    if (op.op == '-') {
      out += "\\textcolor{dcrvfalsified}{\\textbf{[-}" + code(op.text) + "\\textbf{-]}} ";
      continue;
    }
    if (op.op == '+') {
      out += "\\textcolor{dcrvverified}{\\textbf{\\{+}" + code(op.text) + "\\textbf{+\\}}} ";
      continue;
    }
    const auto w = split_words(op.text);
    const bool change_after = k + 1 < ops.size(), change_before = k > 0;
    if (w.size() <= (change_before ? ctx : 0) + (change_after ? ctx : 0)) {
      out += code(op.text) + " ";
      continue;
    }
    std::string lead, tail;
    if (change_before)
      for (std::size_t i = 0; i < ctx; ++i)
        lead += w[i] + " ";
    if (change_after)
      for (std::size_t i = w.size() - ctx; i < w.size(); ++i)
        tail += (i > w.size() - ctx ? " " : "") + w[i];
    out += code(lead) + "\\ldots{} " + code(tail) + " ";
  }
  return out;
}

/// Each stale claim: where its text is, and the word-level diff of the pinned and the current LaTeX.
void write_stale(std::ostream& t, const Results& r) {
  std::vector<const ClaimResult*> stale;
  for (const ClaimResult* c : report_order(r))
    if (is_stale(*c))
      stale.push_back(c);
  if (stale.empty())
    return;
  t << "\\dcrvsection{Stale claims}\n\\label{sec:dcrv-stale}\nThe paper's LaTeX of these claims differs from "
       "the "
       "source their checks were written against (pins \\texttt{"
    << breakable(latex_escape(r.run.pins), 16) << "}, paper \\texttt{"
    << breakable(latex_escape(r.run.paper), 16)
    << "}). Their status is about dcrv's statement of the claim: review the change, "
       "run \\texttt{dcrv what-if} for changed constants, update the check if needed, then \\texttt{dcrv "
       "pin}.\n"
       "\\begin{description}\\setlength{\\itemsep}{6pt}\n";
  // What-if verdicts, when this results file is a what-if run.
  std::map<std::string, const json*> wi;
  if (r.what_if.is_array())
    for (const auto& e : r.what_if)
      wi[e.value("id", std::string())] = &e;
  for (const ClaimResult* c : stale) {
    const SourceInfo& s = *c->source;
    t << "\\item[" << id_tex(c->id) << "] " << status_tex(c->outcome.status) << "; " << latex_escape(c->where)
      << "; \\texttt{" << latex_escape(s.file) << "}, lines " << latex_escape(s.lines) << ".\\\\\n";
    if (s.old_text.empty())
      t << "\\emph{The pins hold no text for this claim.}\n";
    else
      t << "{\\ttfamily\\footnotesize\\raggedright " << tex_word_diff(s.old_text, s.new_text) << "\\par}\n";
  }
  t << "\\end{description}\n\n";
}

/// `dcrv what-if` results: per stale claim, the overrides run and their verdicts, or why it needs review.
void write_what_if(std::ostream& t, const Results& r) {
  if (!r.what_if.is_array())
    return;
  t << "\\dcrvsection{What-if: the changed constants run as overrides}\n\\label{sec:dcrv-what-if}\n";
  if (r.what_if.empty()) {
    t << "No selected claim is stale.\n\n";
    return;
  }
  t << "Each stale claim whose change is a number equal to one of its declared constants was run with the "
       "new "
       "value (\\texttt{-{}-set}); a falsified verdict has its witness in \\S\\,``Falsified claims''. "
       "Changes "
       "that map to no declared constant need review.\n"
       "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{@{}p{0.24\\linewidth}p{0."
       "16\\linewidth}"
       "p{0.56\\linewidth}@{}}\n\\toprule\nID & Verdict & "
       "Change\\\\\n\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n";
  for (const auto& e : r.what_if) {
    std::string change;
    for (const auto& n : e.value("changes", json::array()))
      change += (change.empty() ? "" : "; ") + std::string("\\texttt{") +
                breakable(latex_escape(n.value("old_tex", std::string())), 10) + "} \\(\\to\\) \\texttt{" +
                breakable(latex_escape(n.value("new_tex", std::string())), 10) + "}";
    for (const auto& o : e.value("overrides", json::array()))
      change += "\\newline\\texttt{-{}-set " + breakable(latex_escape(o.get<std::string>()), 16) + "}";
    for (const auto& rv : e.value("needs_review", json::array()))
      change += "\\newline\\emph{needs review:} " + latex_escape(rv.get<std::string>());
    const std::string verdict = e.value("verdict", std::string());
    std::string vt = latex_escape(verdict);
    if (verdict.rfind("falsified", 0) == 0)
      vt = "\\textcolor{dcrvfalsified}{\\textbf{" + vt + "}}";
    t << id_tex(e.value("id", std::string())) << " & \\raggedright " << vt << " & \\raggedright " << change
      << "\\tabularnewline\n";
  }
  t << "\\end{longtable}}\n\n";
}

/// `dcrv slack` results: per declared constant, the paper value, the best value found and their ratio.
std::string scatter_classes(const std::vector<std::string>& tokens);
std::string legend_of(const std::vector<std::string>& tokens);

void write_slack(std::ostream& t, const Results& r) {
  if (!r.slack.is_array() || r.slack.empty())
    return;
  t << "\\dcrvsection{Slack map: how much room each constant has}\n\\label{sec:dcrv-slack}\n"
       "For each declared constant, the claim was re-run with the constant moved in the direction that "
       "strengthens it (upper bounds down, lower bounds up), and the flip point was bisected between the "
       "last "
       "value that held and the first value falsified with an MPFR-confirmed witness. \\emph{Ratio} = best "
       "value that held / paper value: 1 = sharp (the paper's constant cannot be improved in dcrv's "
       "evidence); "
       "below 1 for an upper bound (above 1 for a lower bound) = room to tighten. For a claim falsified at "
       "the "
       "paper value, the search went the other way: the best value is the first that held (dcrv's measured "
       "correct constant).\n"
       "{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{@{}p{0.28\\linewidth}p{0."
       "07\\linewidth}"
       "p{0.06\\linewidth}rrrp{0.25\\linewidth}@{}}\n\\toprule\nID & Constant & Role & Paper value & Best "
       "value & "
       "Ratio & Note\\\\\n\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n";
  for (const auto& e : r.slack) {
    auto num = [&](const char* k) {
      return e.contains(k) && e[k].is_number() ? fmt_num(e[k].get<double>(), 6) : std::string("--");
    };
    t << id_tex(e.value("id", std::string())) << " & \\texttt{"
      << latex_escape(e.value("constant", std::string())) << "} & "
      << latex_escape(e.value("role", std::string())) << " & " << num("paper_value") << " & " << num("best")
      << " & " << num("ratio") << " & \\raggedright\\scriptsize "
      << latex_escape(e.value("note", std::string())) << "\\tabularnewline\n";
  }
  t << "\\end{longtable}}\n\n";
  // The ratio per constant, log scale (data: slack.dat): 1 = sharp; the parts as marker classes.
  std::vector<std::string> parts;
  for (const auto& e : r.slack)
    if (e.contains("ratio") && e["ratio"].is_number() && e["ratio"].get<double>() > 0) {
      const std::string p = part_token(part_of(e.value("id", std::string())));
      if (std::find(parts.begin(), parts.end(), p) == parts.end())
        parts.push_back(p);
    }
  if (parts.empty())
    return;
  const std::string xmax = std::to_string(r.slack.size() + 1);
  t << "\\begin{figure}[!htbp]\n\\centering\n\\begin{tikzpicture}\n\\begin{axis}[ymode=log, "
       "width=0.82\\linewidth, height=5.5cm, xmin=0, xmax="
    << xmax << ", xlabel={constant (row of the slack table)}, ylabel={best / paper value}, "
    << scatter_classes(parts)
    << ", legend style={font=\\scriptsize, at={(1.01,1)}, anchor=north west}, "
       "tick label style={font=\\footnotesize}, label style={font=\\footnotesize}]\n"
       "\\addplot[scatter, only marks, mark size=1.8pt, scatter src=explicit symbolic] "
       "table[x=index, y=ratio, meta=part] {\\dcrvdir slack.dat};\n"
    << "\\legend{" << legend_of(parts) << "}\n"
    << "\\draw[dashed, dcrvfalsified] (axis cs:0,1) -- (axis cs:" << xmax << ",1);\n"
    << "\\end{axis}\n\\end{tikzpicture}\n\\caption{Slack map: the best value of each declared constant over "
       "its paper value (1 = sharp; below 1 for an upper bound, above 1 for a lower bound = room to tighten; "
       "for a claim falsified at the paper value, the value from which it holds).}\n"
       "\\label{fig:dcrv-slack}\n\\end{figure}\n\n";
}

/// slack.dat: one row per constant with a ratio (index = the row of the slack table).
std::string slack_dat(const Results& r) {
  std::ostringstream d;
  d << "# dcrv: slack map, best value / paper value per declared constant\nindex ratio part\n";
  for (std::size_t i = 0; i < r.slack.size(); ++i) {
    const auto& e = r.slack[i];
    if (!e.contains("ratio") || !e["ratio"].is_number() || !(e["ratio"].get<double>() > 0))
      continue;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", e["ratio"].get<double>());
    d << i + 1 << " " << buf << " " << part_token(part_of(e.value("id", std::string()))) << "\n";
  }
  return d.str();
}

/// Measured figures that the checks record beside their status: thresholds (claimed vs observed), rates
/// (claimed vs measured) and tables (`series`, e.g. D_G for G = 2…256).
void write_measured(std::ostream& t, const Results& r) {
  auto interesting = [](const std::string& key) {
    for (const char* w : {"threshold", "rate", "measured", "observed", "claimed"})
      if (key.find(w) != std::string::npos)
        return true;
    return false;
  };
  std::ostringstream body;
  for (const ClaimResult* cp : report_order(r)) {
    const ClaimResult& c = *cp;
    std::vector<std::pair<std::string, std::string>> figures;
    for (const auto& [k, v] : c.outcome.evidence.details)
      if (interesting(k))
        figures.emplace_back(k, v);
    // A table of the series' columns: arrays of numbers (or strings, or nulls). Arrays of objects — the
    // figure specifications and the paper-beside rows of the empirical claims — have their own sections.
    const json& series = c.outcome.series;
    auto tabular_column = [](const json& v) {
      if (!v.is_array() || v.empty())
        return false;
      for (const json& x : v)
        if (!x.is_number() && !x.is_string() && !x.is_null())
          return false;
      return true;
    };
    std::vector<std::string> cols;
    std::size_t rows = 0;
    if (series.is_object())
      for (auto it = series.begin(); it != series.end(); ++it)
        if (tabular_column(it.value())) {
          cols.push_back(it.key());
          rows = std::max(rows, it.value().size());
        }
    const bool has_table = !cols.empty() && cols.size() <= 8;
    if (figures.empty() && !has_table)
      continue;
    body << "\\item[" << id_tex(c.id) << "]\\mbox{}"; // \mbox{}: a line to end even with no figures
    for (const auto& [k, v] : figures)
      body << " \\texttt{" << latex_escape(k) << "} = " << latex_escape(v) << ";";
    body << "\\\\\n";
    if (!has_table)
      continue;
    const std::size_t shown = std::min<std::size_t>(rows, 40);
    body << "{\\footnotesize\\begin{tabular}{" << std::string(cols.size(), 'r') << "}\\toprule\n";
    for (std::size_t j = 0; j < cols.size(); ++j)
      body << (j ? " & " : "") << "\\texttt{" << latex_escape(cols[j]) << "}";
    body << "\\\\\\midrule\n";
    for (std::size_t i = 0; i < shown; ++i) {
      for (std::size_t j = 0; j < cols.size(); ++j) {
        const json& col = series[cols[j]];
        body << (j ? " & " : "");
        if (i < col.size())
          body << (col[i].is_number() ? fmt_num(col[i].get<double>(), 6) : latex_escape(col[i].dump()));
      }
      body << "\\\\\n";
    }
    body << "\\bottomrule\\end{tabular}}";
    if (shown < rows)
      body << " \\emph{(first " << shown << " of " << rows << " rows; all in results.json)}";
    body << "\n";
  }
  if (body.str().empty())
    return;
  t << "\\dcrvsection{Measured thresholds, rates and tables}\n"
       "Figures recorded by the checks beside their status: for Barrier--Dominance thresholds the claimed "
       "value "
       "next to the one at which invariance was observed, for rates the claimed and the measured rate.\n"
       "\\begin{description}\\setlength{\\itemsep}{4pt}\n"
    << body.str() << "\\end{description}\n\n";
}

// ---------------------------------------------------------------------------------------------------------
// pgfplots: data tables and figures.

struct TightRow {
  std::size_t index; // position of the claim in the results (registry order), 1-based
  double tightness;
  std::string part, kind;
  bool residual; // identities: tightness is the largest relative residual
  std::string id;
  double shown = 0; // bounds: the tightness clipped to the figure's range
  int clip = 2;     // bounds: 0 in range, 1 above (clipped to the top), -1 below; 2 not in the bounds figure
};

/// The log-scale range of the bounds figure: from 10⁻⁴ … 10⁻¹ up to 10 … 100, so that the line "attained" (1)
/// and the violated side are always visible and one outlier (10²⁵) cannot flatten every other point.
struct TightRange {
  double lo = 0.1, hi = 10;
};

TightRange tight_range(const std::vector<TightRow>& rows) {
  double mn = 1, mx = 1;
  for (const auto& r : rows)
    if (!r.residual && r.tightness > 0)
      mn = std::min(mn, r.tightness), mx = std::max(mx, r.tightness);
  TightRange t;
  t.lo = std::pow(10.0, std::clamp(std::floor(std::log10(mn)), -4.0, -1.0));
  t.hi = std::pow(10.0, std::clamp(std::ceil(std::log10(mx)), 1.0, 2.0));
  return t;
}

std::vector<TightRow> tightness_rows(const Results& r) {
  std::vector<TightRow> rows;
  for (std::size_t i = 0; i < r.claims.size(); ++i) {
    const auto& c = r.claims[i];
    const auto& t = c.outcome.evidence.tightness;
    if (!t || !std::isfinite(*t))
      continue;
    std::string kind = part_token(c.kind); // kinds are plain words; anything odd becomes "other"
    rows.push_back({i + 1, *t, part_token(part_of(c.id)), kind, c.kind == "identity", c.id});
  }
  const TightRange range = tight_range(rows);
  for (auto& row : rows) {
    if (row.residual || !(row.tightness > 0))
      continue;
    row.clip = row.tightness > range.hi ? 1 : row.tightness < range.lo ? -1 : 0;
    row.shown = std::clamp(row.tightness, range.lo, range.hi);
  }
  return rows;
}

std::string dat_number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string tightness_dat(const std::vector<TightRow>& rows) {
  std::ostringstream d;
  d << "# dcrv: tightness per claim (sup LHS/RHS for bounds; max relative residual for identities)\n"
       "# index = position of the claim in results.json; residual = 1 for identities;\n"
       "# shown = the tightness clipped to the bounds figure's log range; clip = 0 in range, 1 above, -1 "
       "below,\n"
       "# 2 not in the bounds figure (identities, tightness <= 0)\n"
       "index tightness part kind residual shown clip\n";
  for (const auto& row : rows)
    d << row.index << " " << dat_number(row.tightness) << " " << row.part << " " << row.kind << " "
      << (row.residual ? 1 : 0) << " " << dat_number(row.clip == 2 ? 0 : row.shown) << " " << row.clip
      << "\n";
  return d.str();
}

std::string status_counts_dat(const Results& r, const std::vector<std::string>& parts,
                              std::vector<std::string>& tokens) {
  std::map<std::string, std::map<Status, int>> counts;
  for (const auto& c : r.claims)
    ++counts[part_token(part_of(c.id))][c.outcome.status];
  std::ostringstream d;
  d << "# dcrv: number of claims per paper part and status\npart certified verified falsified underspecified "
       "inconclusive unchecked notcheckable\n";
  for (const auto& p : parts) {
    const std::string tok = part_token(p);
    if (std::find(tokens.begin(), tokens.end(), tok) != tokens.end())
      continue; // "other" merged once
    tokens.push_back(tok);
    d << tok;
    for (Status s : kStatuses)
      d << " " << counts[tok][s];
    d << "\n";
  }
  return d.str();
}

// Marks for the part classes of the scatter plot (colours from a fixed cycle: deterministic).
const char* kPartColors[] = {"black",   "red!80!black", "blue!80!black", "green!50!black",
                             "orange",  "violet",       "cyan!70!black", "brown",
                             "magenta", "teal",         "olive",         "gray"};
const char* kPartMarks[] = {"*",      "square*",  "triangle*", "diamond*", "pentagon*", "o",
                            "square", "triangle", "diamond",   "pentagon", "x",         "+"};

std::string scatter_classes(const std::vector<std::string>& tokens) {
  std::string s = "scatter/classes={";
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::size_t k = i % std::size(kPartColors);
    s += (i ? "," : "") + tokens[i] + "={mark=" + kPartMarks[k] + "," + kPartColors[k] + "}";
  }
  return s + "}";
}

std::string legend_of(const std::vector<std::string>& tokens) {
  std::string s;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    s += (i ? "," : "") + tokens[i];
  return s;
}

void write_figures(std::ostream& t, const Results& r, const std::vector<TightRow>& rows,
                   const std::vector<std::string>& count_tokens) {
  // Status counts per part: a stacked bar chart (always present when there are claims).
  if (!r.claims.empty()) {
    t << "\\begin{figure}[!htbp]\n\\centering\n\\begin{tikzpicture}\n\\begin{axis}[ybar stacked, "
         "width=0.95\\linewidth, height=5.5cm, bar width=9pt, ymin=0, symbolic x coords={"
      << legend_of(count_tokens)
      << "}, xtick=data, ylabel={claims}, enlarge x limits=0.06, legend style={font=\\scriptsize, "
         "at={(0.5,1.02)}, anchor=south, legend columns=6, /tikz/every even column/.append style={column "
         "sep=4pt}}, tick label style={font=\\footnotesize}, label style={font=\\footnotesize}]\n";
    const char* cols[] = {"certified",    "verified",  "falsified",   "underspecified",
                          "inconclusive", "unchecked", "notcheckable"}; // one per kStatuses
    static_assert(std::size(cols) == std::size(kStatuses));
    for (std::size_t i = 0; i < std::size(kStatuses); ++i)
      t << "\\addplot+[draw=black, line width=0.2pt, fill=" << status_color(kStatuses[i])
        << "] table[x=part, y=" << cols[i] << "] {\\dcrvdir status-counts.dat};\n";
    t << "\\legend{certified,verified,falsified,underspecified,inconclusive,unchecked,not-checkable}\n"
         "\\end{axis}\n\\end{tikzpicture}\n"
         "\\caption{Claims per paper part and status (M = main text, A--J = appendices).}\n"
         "\\label{fig:dcrv-status}\n\\end{figure}\n\n";
  }
  std::vector<std::string> bound_parts, resid_parts;
  std::size_t zero_residuals = 0, nonpos_bounds = 0;
  for (const auto& row : rows) {
    auto& v = row.residual ? resid_parts : bound_parts;
    if (row.residual && !(row.tightness > 0)) {
      ++zero_residuals;
      continue;
    }
    if (!row.residual && !(row.tightness > 0))
      ++nonpos_bounds;
    if (std::find(v.begin(), v.end(), row.part) == v.end())
      v.push_back(row.part);
  }
  auto ordered = [&](std::vector<std::string> v) { // legend in report order
    std::vector<std::string> out;
    for (const auto& p : count_tokens)
      if (std::find(v.begin(), v.end(), p) != v.end())
        out.push_back(p);
    return out;
  };
  bound_parts = ordered(bound_parts);
  resid_parts = ordered(resid_parts);
  const std::string legend_style = "legend style={font=\\scriptsize, at={(1.01,1)}, anchor=north west}, tick "
                                   "label style={font=\\footnotesize}, "
                                   "label style={font=\\footnotesize}";
  const std::string xmax = std::to_string(std::max<std::size_t>(r.claims.size(), 1) + 1);
  if (!bound_parts.empty()) {
    const TightRange range = tight_range(rows);
    // Clipped points: drawn on the border as triangles, numbered in the plot and named in the caption (the
    // most extreme first, at most 12 labels per side).
    std::vector<const TightRow*> above, below;
    for (const auto& row : rows)
      if (row.clip == 1)
        above.push_back(&row);
      else if (row.clip == -1)
        below.push_back(&row);
    std::stable_sort(above.begin(), above.end(),
                     [](auto* a, auto* b) { return a->tightness > b->tightness; });
    std::stable_sort(below.begin(), below.end(),
                     [](auto* a, auto* b) { return a->tightness < b->tightness; });
    const std::size_t max_labels = 12;
    t << "\\begin{figure}[!htbp]\n\\centering\n\\begin{tikzpicture}\n\\begin{axis}[ymode=log, "
         "width=0.82\\linewidth, "
         "height=6.5cm, xmin=0, xmax="
      << xmax << ", ymin=" << dat_number(range.lo) << ", ymax=" << dat_number(range.hi)
      << ", xlabel={claim (position in the results)}, ylabel={tightness \\(\\sup "
         "\\mathrm{LHS}/\\mathrm{RHS}\\)}, "
      << "clip=false, " << scatter_classes(bound_parts) << ", " << legend_style << "]\n"
      << "\\addplot[scatter, only marks, mark size=1.8pt, scatter src=explicit symbolic, "
         "restrict expr to domain={\\thisrow{clip}}{0:0}] table[x=index, y=shown, meta=part] "
         "{\\dcrvdir tightness.dat};\n"
      << "\\legend{" << legend_of(bound_parts) << "}\n";
    if (!above.empty())
      t << "\\addplot[only marks, mark=triangle*, mark size=2.6pt, dcrvfalsified, forget plot, "
           "restrict expr to domain={\\thisrow{clip}}{1:1}] table[x=index, y=shown] {\\dcrvdir "
           "tightness.dat};\n";
    if (!below.empty())
      t << "\\addplot[only marks, mark=triangle*, mark options={rotate=180}, mark size=2.6pt, dcrvunchecked, "
           "forget plot, restrict expr to domain={\\thisrow{clip}}{-1:-1}] table[x=index, y=shown] "
           "{\\dcrvdir tightness.dat};\n";
    t << "\\draw[dashed, dcrvfalsified] (axis cs:0,1) -- (axis cs:" << xmax << ",1);\n";
    std::string key;
    std::size_t n = 0;
    for (const auto* side : {&above, &below})
      for (std::size_t i = 0; i < side->size() && i < max_labels; ++i) {
        const TightRow& row = *(*side)[i];
        ++n;
        const bool top = row.clip == 1;
        t << "\\node[font=\\tiny, inner sep=1pt, anchor=" << (top ? "south" : "north")
          << ", yshift=" << (top ? "" : "-") << (2 + 6 * (i % 3)) << "pt] at (axis cs:" << row.index << ","
          << dat_number(row.shown) << ") {" << n << "};\n";
        key += (key.empty() ? "" : "; ") + std::to_string(n) + ": " + id_tex(row.id) + " (" +
               fmt_num(row.tightness, 3) + ")";
      }
    t << "\\end{axis}\n\\end{tikzpicture}\n\\caption{Tightness of the bounds per claim, log scale (data: "
         "\\texttt{tightness.dat}). On the dashed line the bound is attained by the evidence; above it, "
         "violated.";
    if (!above.empty() || !below.empty())
      t << " Points outside [" << fmt_num(range.lo, 3) << ", " << fmt_num(range.hi, 3)
        << "] are clipped to the border (triangles"
        << (above.size() > max_labels || below.size() > max_labels ? "; the most extreme are numbered"
                                                                   : ", numbered")
        << "): " << key << ".";
    if (above.size() > max_labels)
      t << " " << above.size() - max_labels << " more above.";
    if (below.size() > max_labels)
      t << " " << below.size() - max_labels << " more below.";
    if (nonpos_bounds)
      t << " " << nonpos_bounds << " claim(s) have tightness \\(\\le 0\\) (not shown).";
    t << "}\n\\label{fig:dcrv-tightness}\n\\end{figure}\n\n";
  }
  if (!resid_parts.empty()) {
    t << "\\begin{figure}[!htbp]\n\\centering\n\\begin{tikzpicture}\n\\begin{semilogyaxis}[width=0."
         "82\\linewidth, "
         "height=5.5cm, xmin=0, xmax="
      << xmax
      << ", xlabel={claim (position in the results)}, "
         "ylabel={max.\\ relative residual}, "
      << scatter_classes(resid_parts) << ", " << legend_style << "]\n"
      << "\\addplot[scatter, only marks, mark size=1.8pt, scatter src=explicit symbolic, "
         "restrict expr to domain={\\thisrow{residual}}{1:1}, unbounded coords=discard] "
         "table[x=index, y=tightness, meta=part] {\\dcrvdir tightness.dat};\n"
      << "\\legend{" << legend_of(resid_parts) << "}\n"
      << "\\end{semilogyaxis}\n\\end{tikzpicture}\n\\caption{Largest relative residual of the identities "
         "(double "
         "search; identities are confirmed in MPFR).";
    if (zero_residuals)
      t << " " << zero_residuals << " identit" << (zero_residuals == 1 ? "y has" : "ies have")
        << " residual exactly 0 (not shown).";
    t << "}\n\\label{fig:dcrv-residuals}\n\\end{figure}\n\n";
  }
  if (rows.empty())
    t << "\\noindent No claim has a finite tightness yet, so there is no tightness figure.\n\n";
}

// ---------------------------------------------------------------------------------------------------------
// PDF.

bool on_path(const std::string& tool) {
  const std::string cmd = "command -v " + tool + " > /dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The first LaTeX error of a log ("! ..." plus the "l.N ..." context line), or "".
std::string first_latex_error(const std::string& log) {
  std::istringstream in(log);
  std::string line, err;
  while (std::getline(in, line)) {
    if (err.empty()) {
      if (line.rfind("! ", 0) == 0)
        err = line;
      continue;
    }
    if (line.rfind("l.", 0) == 0)
      return err + " [" + line + "]";
  }
  return err;
}

void build_pdf(const fs::path& dir, ReportFiles& f) {
  if (!on_path("pdflatex")) {
    f.pdf_message = "pdflatex not found: the .tex files were written";
    return;
  }
  const std::string tex = "dcrv-report-standalone.tex";
  const fs::path pdf = dir / "dcrv-report-standalone.pdf";
  std::error_code ec;
  fs::remove(pdf, ec); // never report a stale PDF from an earlier run
  const std::string cd = "cd " + shell_quote(dir.string()) + " && ";
  const std::string quiet = " < /dev/null > dcrv-report-build.log 2>&1";
  int rc;
  if (on_path("latexmk")) {
    rc = std::system((cd + "latexmk -pdf -interaction=nonstopmode -halt-on-error " + tex + quiet).c_str());
  } else {
    // Two passes: longtable widths and figure references settle on the second.
    const std::string once = "pdflatex -interaction=nonstopmode -halt-on-error " + tex;
    rc = std::system((cd + "{ " + once + " && " + once + "; }" + quiet).c_str());
  }
  const bool ok = rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 0 && fs::exists(pdf);
  if (ok) {
    f.pdf = pdf.string();
    return;
  }
  std::string err = first_latex_error(read_text(dir / "dcrv-report-standalone.log"));
  if (err.empty())
    err = "LaTeX exited with status " + std::to_string(WIFEXITED(rc) ? WEXITSTATUS(rc) : rc);
  f.pdf_message = "LaTeX failed: " + err + " (see " + (dir / "dcrv-report-standalone.log").string() + ")";
}

} // namespace

std::string latex_escape(const std::string& s) {
  return convert(s, false, escape_ascii);
}

ReportFiles write_report(const Results& r, const ReportOptions& o) {
  const fs::path dir(o.out_dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw std::runtime_error("cannot create the report directory " + o.out_dir +
                             (ec ? ": " + ec.message() : ""));
  ReportFiles f;
  f.fragment = (dir / "dcrv-report.tex").string();
  f.standalone = (dir / "dcrv-report-standalone.tex").string();

  const auto parts = parts_in_order(r);
  const auto rows = tightness_rows(r);
  std::vector<std::string> count_tokens;
  const std::string counts = status_counts_dat(r, parts, count_tokens);

  // Data for the figures first: the fragment refers to them.
  const fs::path tight_dat = dir / "tightness.dat", counts_dat = dir / "status-counts.dat";
  write_file_atomic(tight_dat.string(), tightness_dat(rows));
  write_file_atomic(counts_dat.string(), counts);
  f.data = {tight_dat.string(), counts_dat.string()};
  if (r.slack.is_array() && !r.slack.empty()) {
    const fs::path slack_path = dir / "slack.dat";
    write_file_atomic(slack_path.string(), slack_dat(r));
    f.data.push_back(slack_path.string());
  }

  std::ostringstream t;
  write_preamble_comment(t, r);
  write_action_items(t, r, o);
  t << "\\clearpage\n";
  t << "\\dcrvsection{Machine-checked claims: summary}\n\\label{sec:dcrv-summary}\n";
  write_run_info(t, r);
  write_summary(t, r, parts);
  write_how_to_read(t);
  write_figures(t, r, rows, count_tokens);
  // Flush the figures here: otherwise LaTeX defers them past the long tables, to the end of the report.
  t << "\\clearpage\n";
  for (const auto& p : parts)
    write_part_table(t, r, p);
  write_falsified(t, r);
  write_certificates(t, r);
  write_stale(t, r);
  write_what_if(t, r);
  write_slack(t, r);
  write_measured(t, r);
  write_claim_figures(t, r, dir.string(), f.data);
  write_message_section(t, r, Status::inconclusive, "Inconclusive claims", "No claim is inconclusive.");
  write_message_section(t, r, Status::not_checkable, "Claims that are not checkable",
                        "Every claim is checkable.");
  t << "\\dcrvrestorecolumns\n";
  write_file_atomic(f.fragment, t.str());

  std::ostringstream s;
  s << "% dcrv-report-standalone.tex -- compile in this directory: latexmk -pdf dcrv-report-standalone.tex\n"
       "\\documentclass[10pt,a4paper]{article}\n"
       "\\IfFileExists{lmodern.sty}{\\usepackage[T1]{fontenc}\\usepackage{lmodern}}{}\n"
       "\\usepackage[margin=2cm]{geometry}\n"
       "\\usepackage{booktabs,longtable,xcolor,amsmath,amssymb,pgfplots}\n"
       "\\pgfplotsset{compat=1.16}\n"
       "\\title{dcrv verification report}\n"
       "\\author{generated by \\texttt{dcrv report}}\n"
       "\\date{"
    << (r.run.started.empty() ? std::string("") : latex_escape(r.run.started)) << "}\n"
    << "\\begin{document}\n\\maketitle\n\\input{dcrv-report.tex}\n\\end{document}\n";
  write_file_atomic(f.standalone, s.str());

  if (o.pdf)
    build_pdf(dir, f);
  return f;
}

} // namespace dcrv
