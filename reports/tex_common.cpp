// reports/tex_common.cpp — shared pieces of the report's writers (see tex_common.hpp).
//
// * Everything that is not a statement is escaped with latex_escape(): IDs, messages, `where` texts, constant
//   meanings and witness fields can hold any byte. Non-ASCII characters (θ, ‖, §, …) are mapped to LaTeX
//   commands, because pdflatex without \DeclareUnicodeCharacter stops on them.
// * Statements are LaTeX written by dcrv with math mode open at the start; they are wrapped in \( … \) after
//   a sanity check (balanced braces and dollars, no file/shell primitives). One that fails the check is shown
//   as escaped source instead of breaking the whole report.
#include "reports/tex_common.hpp"

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

namespace dcrv::tex {
namespace fs = std::filesystem;
using nlohmann::json;

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
std::string fmt_num(double v, int sig, bool keep_zeros) {
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

std::string fmt_opt(const std::optional<double>& v, int sig, bool keep_zeros) {
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

const Status kStatuses[7] = {Status::certified,      Status::verified,     Status::falsified,
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
std::string breakable(const std::string& escaped_plain, std::size_t every) {
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
// PDF.

bool on_path(const std::string& tool) {
  const std::string cmd = "command -v " + tool + " > /dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

std::string read_text(const std::string& p) {
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

std::string build_pdf(const std::string& dir_s, const std::string& name, std::string& message) {
  const fs::path dir(dir_s);
  if (!on_path("pdflatex")) {
    message = "pdflatex not found: the .tex files were written";
    return "";
  }
  const std::string tex = name + ".tex";
  const fs::path pdf = dir / (name + ".pdf");
  std::error_code ec;
  fs::remove(pdf, ec); // never report a stale PDF from an earlier run
  const std::string cd = "cd " + shell_quote(dir.string()) + " && ";
  const std::string quiet = " < /dev/null > " + shell_quote(name + "-build.log") + " 2>&1";
  int rc;
  if (on_path("latexmk")) {
    rc = std::system((cd + "latexmk -pdf -interaction=nonstopmode -halt-on-error " + tex + quiet).c_str());
  } else {
    // Two passes: longtable widths and figure references settle on the second.
    const std::string once = "pdflatex -interaction=nonstopmode -halt-on-error " + tex;
    rc = std::system((cd + "{ " + once + " && " + once + "; }" + quiet).c_str());
  }
  const bool ok = rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 0 && fs::exists(pdf);
  if (ok)
    return pdf.string();
  const fs::path log = dir / (name + ".log");
  std::string err = first_latex_error(read_text(log.string()));
  if (err.empty())
    err = "LaTeX exited with status " + std::to_string(WIFEXITED(rc) ? WEXITSTATUS(rc) : rc);
  message = "LaTeX failed: " + err + " (see " + log.string() + ")";
  return "";
}

std::string anchor_of(const std::string& key) {
  std::string out;
  for (char c : key)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ? c : '-';
  return out;
}

std::string round_numbers(const std::string& text, int sig) {
  // A decimal with more than `sig` significant digits (optionally signed, with an exponent).
  static const std::regex num(R"((^|[^0-9A-Za-z_.])(-?)([0-9]+\.[0-9]+(?:[eE][-+]?[0-9]+)?))");
  std::string out;
  auto begin = std::sregex_iterator(text.begin(), text.end(), num);
  std::size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    const std::string digits = m[3].str();
    std::size_t sigd = 0;
    bool lead = true;
    for (char c : digits.substr(0, digits.find_first_of("eE"))) {
      if (c == '.' || (lead && c == '0'))
        continue;
      lead = false;
      ++sigd;
    }
    out += text.substr(last, static_cast<std::size_t>(m.position(0)) - last) + m[1].str() + m[2].str();
    if (sigd > static_cast<std::size_t>(sig)) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.*g", sig, std::strtod(digits.c_str(), nullptr));
      out += buf;
    } else {
      out += digits;
    }
    last = static_cast<std::size_t>(m.position(0) + m.length(0));
  }
  return out + text.substr(last);
}

} // namespace dcrv::tex

namespace dcrv {
std::string latex_escape(const std::string& s) {
  return tex::convert(s, false, tex::escape_ascii);
}
} // namespace dcrv
