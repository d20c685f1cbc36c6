// reports/fingerprint.cpp — a hash of each claim's LaTeX source, so `dcrv diff` can say which claims' text
// changed since a baseline.
//
// How a claim is located (from its `where` text, e.g. "App. B, Corollary cor:B-loewner, right inequality"):
//  1. label: a label named in `where` ("lem:B-translation", "eq. (softmax-J)" → eq:softmax-J, "(rem:S1)")
//  that
//     exists in the paper. Labels the claim only refers to ("cf. …", "cites …", "after …") are used last.
//     The hashed text is the environment around the label (lemma, theorem, figure…); for a display equation
//     the paragraph holding it; for a sectioning label the whole (sub)section.
//  2. section: otherwise the heading best matching a "§…" title or a quoted title in `where`
//     (§Soft-max map, "Boundary behavior"), else the numbered section ("§3.4", "§A.2").
//  3. unmatched: nothing found.
// The hash is FNV-1a 64 of the source with comments and whitespace removed, so re-wrapping lines does not
// count as a change.
#include "reports/fingerprint.hpp"
#include "reports/theory.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace dcrv {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string hex64(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

/// FNV-1a 64-bit.
std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

struct Heading {
  std::size_t begin = 0; // position of the backslash
  std::size_t after = 0; // position after the closing brace of the title
  int level = 0;         // 1 section, 2 subsection, 3 subsubsection, 4 paragraph; 0: a barrier (\appendix…)
  std::string title;     // LaTeX source of the title
  std::string number;    // "3.4", "A.2"; empty for starred headings and paragraphs
};

struct Env {
  std::string name;
  std::size_t begin = 0, end = 0; // [begin, end): from "\begin{…}" to after "\end{…}"
  std::string title;              // optional argument of a theorem-like environment
};

struct TexFile {
  std::string rel;    // path relative to the paper directory
  std::string part;   // "M" for main.tex, "A".."J" for appendix_X_*.tex, "" otherwise
  std::string text;   // source
  std::string masked; // source with comments blanked (same length, so positions agree)
  std::vector<Heading> headings;
  std::vector<Env> envs;
  std::map<std::string, std::size_t> labels; // label → position of "\label"
};

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    throw std::runtime_error("fingerprint: cannot read " + p.string());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Blanks comments ('%' not escaped by an odd number of backslashes, to the end of the line).
std::string mask_comments(const std::string& s) {
  std::string m = s;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i] != '%')
      continue;
    std::size_t bs = 0;
    for (std::size_t j = i; j > 0 && s[j - 1] == '\\'; --j)
      ++bs;
    if (bs % 2 == 1)
      continue;
    for (; i < m.size() && m[i] != '\n'; ++i)
      m[i] = ' ';
  }
  return m;
}

/// Position after the brace group starting at s[open] == '{' (balanced, escapes respected); npos if none.
std::size_t skip_group(const std::string& s, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
      continue;
    }
    if (s[i] == '{')
      ++depth;
    if (s[i] == '}' && --depth == 0)
      return i + 1;
  }
  return std::string::npos;
}

void parse(TexFile& f) {
  f.masked = mask_comments(f.text);
  const std::string& m = f.masked;
  // Headings and barriers (the main text ends at \appendix / the bibliography).
  static const std::regex head_re(
      R"(\\(section|subsection|subsubsection|paragraph)(\*?)\s*(\[[^\]]*\])?\s*\{)");
  int sec = 0, sub = 0, subsub = 0;
  for (auto it = std::sregex_iterator(m.begin(), m.end(), head_re); it != std::sregex_iterator(); ++it) {
    Heading h;
    h.begin = static_cast<std::size_t>(it->position(0));
    const std::size_t open = h.begin + it->length(0) - 1;
    h.after = skip_group(m, open);
    if (h.after == std::string::npos)
      continue;
    h.title = f.text.substr(open + 1, h.after - open - 2);
    const std::string kind = (*it)[1];
    h.level = kind == "section" ? 1 : kind == "subsection" ? 2 : kind == "subsubsection" ? 3 : 4;
    const bool starred = (*it)[2].length() > 0;
    if (!starred && h.level <= 3) {
      if (h.level == 1)
        ++sec, sub = subsub = 0;
      if (h.level == 2)
        ++sub, subsub = 0;
      if (h.level == 3)
        ++subsub;
      // Appendix files hold one \section each: its number is the appendix letter.
      std::string n = f.part.size() == 1 && f.part != "M" ? f.part : std::to_string(sec);
      if (h.level >= 2)
        n += "." + std::to_string(sub);
      if (h.level >= 3)
        n += "." + std::to_string(subsub);
      h.number = n;
    }
    f.headings.push_back(h);
  }
  // Run-in heads at the start of a line, "\noindent\textbf{OP1 (…).}", act as \paragraph.
  static const std::regex runin_re(R"((^|\n)[ \t]*(\\noindent\s*)?\\textbf\s*\{)");
  for (auto it = std::sregex_iterator(m.begin(), m.end(), runin_re); it != std::sregex_iterator(); ++it) {
    Heading h;
    h.begin = static_cast<std::size_t>(it->position(0)) + (*it)[1].length();
    const std::size_t open = static_cast<std::size_t>(it->position(0) + it->length(0)) - 1;
    h.after = skip_group(m, open);
    if (h.after == std::string::npos)
      continue;
    h.title = f.text.substr(open + 1, h.after - open - 2);
    h.level = 4;
    f.headings.push_back(h);
  }
  static const std::regex barrier_re(
      R"(\\appendix\b|\\bibliographystyle\b|\\bibliography\b|\\end\{document\})");
  for (auto it = std::sregex_iterator(m.begin(), m.end(), barrier_re); it != std::sregex_iterator(); ++it) {
    Heading b;
    b.begin = b.after = static_cast<std::size_t>(it->position(0));
    b.level = 0;
    f.headings.push_back(b);
  }
  std::sort(f.headings.begin(), f.headings.end(),
            [](const Heading& a, const Heading& b) { return a.begin < b.begin; });

  // Environments: match \begin/\end with a stack (a stray \end closes up to its matching \begin).
  static const std::regex env_re(R"(\\(begin|end)\s*\{([^}]*)\}(\[[^\]\n]*\])?)");
  std::vector<Env> stack;
  for (auto it = std::sregex_iterator(m.begin(), m.end(), env_re); it != std::sregex_iterator(); ++it) {
    const std::size_t pos = static_cast<std::size_t>(it->position(0));
    const std::string name = (*it)[2];
    if ((*it)[1] == "begin") {
      // A titled environment, \begin{lemma}[Translation invariance]: its title can be matched.
      std::string title = (*it)[3].matched ? (*it)[3].str() : std::string();
      if (title.size() >= 2)
        title = title.substr(1, title.size() - 2);
      stack.push_back({name, pos, 0, title});
      continue;
    }
    for (std::size_t k = stack.size(); k-- > 0;)
      if (stack[k].name == name) {
        Env e = stack[k];
        e.end = pos + it->length(0);
        f.envs.push_back(e);
        stack.resize(k);
        break;
      }
  }
  static const std::regex label_re(R"(\\label\s*\{([^}]*)\})");
  for (auto it = std::sregex_iterator(m.begin(), m.end(), label_re); it != std::sregex_iterator(); ++it)
    f.labels.emplace((*it)[1], static_cast<std::size_t>(it->position(0)));
}

/// End of the heading's (sub)section: the next heading of the same or a higher level, or a barrier.
std::size_t section_end(const TexFile& f, std::size_t k) {
  for (std::size_t j = k + 1; j < f.headings.size(); ++j)
    if (f.headings[j].level <= f.headings[k].level)
      return f.headings[j].begin;
  return f.text.size();
}

bool is_blank_line_at(const std::string& m, std::size_t line_start) {
  for (std::size_t i = line_start; i < m.size() && m[i] != '\n'; ++i)
    if (!std::isspace(static_cast<unsigned char>(m[i])))
      return false;
  return true;
}

/// The paragraph around [lo, hi): whole lines out to the nearest blank lines, clamped to [min_lo, max_hi).
std::pair<std::size_t, std::size_t> paragraph_around(const std::string& m, std::size_t lo, std::size_t hi,
                                                     std::size_t min_lo, std::size_t max_hi) {
  auto line_start = [&](std::size_t p) { // start of the line holding p
    const std::size_t nl = p == 0 ? std::string::npos : m.rfind('\n', p - 1);
    return nl == std::string::npos ? 0 : nl + 1;
  };
  std::size_t a = line_start(lo);
  while (a > min_lo && a >= 1) {
    const std::size_t prev = line_start(a - 1);
    if (is_blank_line_at(m, prev))
      break;
    a = prev;
  }
  std::size_t b = m.find('\n', hi);
  b = b == std::string::npos ? m.size() : b;
  while (b < max_hi && b + 1 < m.size()) {
    if (is_blank_line_at(m, b + 1))
      break;
    const std::size_t next = m.find('\n', b + 1);
    b = next == std::string::npos ? m.size() : next;
  }
  return {std::max(a, min_lo), std::min(b, max_hi)};
}

bool is_display_math(const std::string& env) {
  static const std::set<std::string> names = {
      "equation", "equation*", "align",       "align*",  "gather",   "gather*", "multline", "multline*",
      "eqnarray", "eqnarray*", "displaymath", "flalign", "flalign*", "alignat", "alignat*"};
  return names.count(env) != 0;
}

/// Environments a label never "belongs" to: math sub-structures and the document itself.
bool is_transparent(const std::string& env) {
  static const std::set<std::string> names = {"document", "aligned", "split",     "gathered",    "cases",
                                              "array",    "matrix",  "bmatrix",   "pmatrix",     "vmatrix",
                                              "Bmatrix",  "Vmatrix", "alignedat", "subequations"};
  return names.count(env) != 0;
}

struct Span {
  std::size_t begin = 0, end = 0;
  std::string env; // enclosing environment, "section", or "paragraph"
};

/// The source span a label stands for.
Span label_span(const TexFile& f, std::size_t pos) {
  // The innermost environment holding the label, then the innermost one holding that.
  const Env* inner = nullptr;
  const Env* parent = nullptr;
  for (const Env& e : f.envs)
    if (e.begin <= pos && pos < e.end && !is_transparent(e.name) && (!inner || e.begin > inner->begin))
      inner = &e;
  if (inner) {
    for (const Env& e : f.envs)
      if (&e != inner && !is_transparent(e.name) && e.begin <= inner->begin && inner->end <= e.end &&
          (!parent || e.begin > parent->begin))
        parent = &e;
  }
  if (inner && is_display_math(inner->name)) {
    const std::size_t lo = parent ? parent->begin : 0, hi = parent ? parent->end : f.text.size();
    auto [a, b] = paragraph_around(f.masked, inner->begin, inner->end, lo, hi);
    return {a, b, inner->name + " (paragraph)"};
  }
  if (inner)
    return {inner->begin, inner->end, inner->name};
  // A sectioning label: \section{…}\label{…} with only spaces between.
  for (std::size_t k = f.headings.size(); k-- > 0;) {
    const Heading& h = f.headings[k];
    if (h.begin > pos)
      continue;
    if (h.level == 0)
      break;
    bool adjacent = true;
    for (std::size_t i = h.after; i < pos; ++i)
      if (!std::isspace(static_cast<unsigned char>(f.masked[i])))
        adjacent = false;
    if (adjacent)
      return {h.begin, section_end(f, k), "section"};
    break;
  }
  auto [a, b] = paragraph_around(f.masked, pos, pos, 0, f.text.size());
  return {a, b, "paragraph"};
}

/// The span's source without comments and without any whitespace: re-wrapping lines, re-indenting or
/// adding comments is not a change of the claim's text.
std::string normalized_source(const TexFile& f, const Span& s) {
  std::string out;
  for (std::size_t i = s.begin; i < s.end && i < f.masked.size(); ++i)
    if (!std::isspace(static_cast<unsigned char>(f.masked[i])))
      out += f.masked[i];
  return out;
}

std::string line_range(const TexFile& f, const Span& s) {
  const auto line_of = [&](std::size_t p) {
    return 1 +
           std::count(f.text.begin(), f.text.begin() + static_cast<long>(std::min(p, f.text.size())), '\n');
  };
  return std::to_string(line_of(s.begin)) + "-" +
         std::to_string(line_of(s.end > s.begin ? s.end - 1 : s.end));
}

// --- parsing `where` ------------------------------------------------------------------------------------

/// Greek letters (UTF-8) to the words LaTeX sources use, so "δ-interior" meets "$\delta$-interior".
const std::pair<const char*, const char*> kGreekWords[] = {
    {"α", "alpha"}, {"β", "beta"},   {"γ", "gamma"}, {"δ", "delta"}, {"ε", "epsilon"}, {"θ", "theta"},
    {"κ", "kappa"}, {"λ", "lambda"}, {"μ", "mu"},    {"π", "pi"},    {"ρ", "rho"},     {"σ", "sigma"},
    {"τ", "tau"},   {"φ", "phi"},    {"ψ", "psi"},   {"ω", "omega"}, {"Δ", "delta"},   {"Γ", "gamma"},
    {"Φ", "phi"},   {"Σ", "sigma"},  {"ℓ", "ell"}};

/// Lower-case ASCII words of a title (LaTeX or plain); "\varepsilon" → "epsilon"; other bytes separate words.
std::vector<std::string> words_of(std::string s) {
  for (const auto& [g, w] : kGreekWords) {
    for (std::size_t p; (p = s.find(g)) != std::string::npos;)
      s.replace(p, std::string(g).size(), std::string(" ") + w + " ");
  }
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (cur.empty())
      return;
    if (cur.rfind("var", 0) == 0 && cur.size() > 4)
      cur = cur.substr(3);                                            // varepsilon, varphi, vartheta
    if (cur.size() > 4 && cur.compare(cur.size() - 3, 3, "our") == 0) // behaviour → behavior
      cur.erase(cur.size() - 2, 1);
    static const std::set<std::string> skip = {
        "and",  "the",    "of",      "an",    "for", "vs", "in", "on", "with", "to", "texorpdfstring",
        "emph", "textbf", "mathcal", "mathrm"};
    if (!skip.count(cur))
      out.push_back(cur);
    cur.clear();
  };
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 0x80) {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      continue;
    }
    flush();
    // Relations tell "Regime $A>0$" from "Regime $A=0$".
    if (c == '=' || c == '<' || c == '>')
      out.push_back(c == '=' ? "eq" : c == '<' ? "lt" : "gt");
  }
  flush();
  return out;
}

/// Fraction of the query's words found in the title.
double title_score(const std::vector<std::string>& query, const std::vector<std::string>& title) {
  if (query.empty())
    return 0;
  std::size_t hit = 0;
  for (const auto& w : query)
    if (std::find(title.begin(), title.end(), w) != title.end())
      ++hit;
  return static_cast<double>(hit) / static_cast<double>(query.size());
}

struct LabelRef {
  std::string name;
  bool cited; // the claim refers to it ("cf.", "cites", "after") rather than sits in it
};

/// Label names mentioned in `where`, in order, with the variants to try (X, eq:X).
std::vector<std::pair<LabelRef, std::vector<std::string>>> label_refs(const std::string& where) {
  std::vector<std::pair<LabelRef, std::vector<std::string>>> out;
  auto cited_before = [&](std::size_t pos) {
    std::size_t from = where.find_last_of("(,;", pos == 0 ? 0 : pos - 1);
    from = from == std::string::npos ? 0 : from;
    std::string seg = where.substr(from, pos - from);
    std::transform(seg.begin(), seg.end(), seg.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const char* w : {"cf", "cite", "after", "before", "see ", "restated", "applied to"})
      if (seg.find(w) != std::string::npos)
        return true;
    return false;
  };
  auto add = [&](const std::string& name, std::size_t pos, std::vector<std::string> variants) {
    std::string n = name;
    while (!n.empty() && (n.back() == '.' || n.back() == ':' || n.back() == '-'))
      n.pop_back();
    if (n.empty())
      return;
    for (auto& v : variants) {
      while (!v.empty() && (v.back() == '.' || v.back() == ':' || v.back() == '-'))
        v.pop_back();
    }
    out.push_back({{n, cited_before(pos)}, variants});
  };
  // prefix:name  (lem:B-translation, eq:replicator, app:exp-impl, fig:studyA)
  static const std::regex pref_re(R"(([A-Za-z]+:[A-Za-z0-9_.:+\-]+))");
  for (auto it = std::sregex_iterator(where.begin(), where.end(), pref_re); it != std::sregex_iterator();
       ++it)
    add((*it)[1], static_cast<std::size_t>(it->position(0)), {(*it)[1]});
  // eq. (name), eqs. name, boxed eq. (name)
  static const std::regex eq_re(R"(\beqs?\.\s*\(?\s*([A-Za-z0-9_\-]+(?::[A-Za-z0-9_\-]+)?)\s*\)?)");
  for (auto it = std::sregex_iterator(where.begin(), where.end(), eq_re); it != std::sregex_iterator();
       ++it) {
    const std::string n = (*it)[1];
    add(n, static_cast<std::size_t>(it->position(0)), {n, "eq:" + n});
  }
  // (name) without spaces, e.g. "(rem:S1)" (already found) or "(A2)"
  static const std::regex paren_re(R"(\(([A-Za-z0-9_:\-]+)\))");
  for (auto it = std::sregex_iterator(where.begin(), where.end(), paren_re); it != std::sregex_iterator();
       ++it) {
    const std::string n = (*it)[1];
    add(n, static_cast<std::size_t>(it->position(0)), {n, "eq:" + n});
  }
  return out;
}

struct SectionRefs {
  std::vector<std::string> titles;   // strong: "§Title", "quoted", (parenthesised phrase), env titles
  std::vector<std::string> numbers;  // "3.4", "A.2"
  std::vector<std::string> segments; // weak: the comma-separated pieces of `where` ("OP1 (GRPO)")
};

/// What `where` says about the place besides labels.
SectionRefs section_refs(const std::string& where) {
  SectionRefs r;
  const std::string sect = "\xC2\xA7"; // §
  static const std::regex num_re(R"(^(?:\d+(?:\.\d+)*|[A-J](?:\.\d+)+)(?![A-Za-z0-9]))");
  for (std::size_t p = where.find(sect); p != std::string::npos; p = where.find(sect, p + 1)) {
    std::size_t b = p + sect.size();
    while (b < where.size() && where[b] == ' ')
      ++b;
    const std::size_t e = where.find_first_of(",;()\"", b);
    std::string ref = where.substr(b, e == std::string::npos ? std::string::npos : e - b);
    std::smatch sm;
    if (std::regex_search(ref, sm, num_re))
      r.numbers.push_back(sm[0]);
    else if (!ref.empty())
      r.titles.push_back(ref);
  }
  // "quoted" and “quoted” phrases, and parenthesised phrases of several words: often a title.
  // A single parenthesised word counts when it looks like a title: "(Applicability)", not "(A2)" or "(2)".
  static const std::regex quote_re(
      "\"([^\"]+)\"|\xE2\x80\x9C([^\xE2]+)\xE2\x80\x9D|\\(([^()]* [^()]*|[A-Za-z][a-z]{3,})\\)");
  for (auto it = std::sregex_iterator(where.begin(), where.end(), quote_re); it != std::sregex_iterator();
       ++it)
    for (int g = 1; g <= 3; ++g)
      if ((*it)[g].matched)
        r.titles.push_back((*it)[g]);
  // Comma-separated segments, after the part designator ("App. G, OP1 (GRPO), boxed …").
  std::stringstream ss(where);
  std::string seg;
  static const std::regex paren_re(R"(\([^()]*\))");
  static const std::regex generic_re(
      R"(\b(first|second|third|fourth|last|sentence|paragraph|boxed|display|displayed|proof|statement|sketch|)"
      R"(definition|definitions|remark|lemma|theorem|proposition|corollary|eq|inequality|line|bullet|item|clause|)"
      R"(part|reference|table|row|option|options)\b)",
      std::regex::icase);
  for (bool first = true; std::getline(ss, seg, ','); first = false) {
    if (first)
      continue;
    // The place is named outside parentheses; generic words ("boxed", "first sentence") name nothing.
    for (std::string prev; prev != seg;)
      prev = seg, seg = std::regex_replace(seg, paren_re, " "); // nested
    seg = std::regex_replace(seg, generic_re, " ");
    r.segments.push_back(seg);
  }
  return r;
}

/// A place a title query can land on: a heading (its section) or a titled environment.
struct Target {
  const TexFile* file;
  Span span;
  int level; // 1..4 headings, 5 titled environments: deeper is more specific
  std::string title, number;
};

std::vector<Target> targets_of(const TexFile& f) {
  std::vector<Target> t;
  for (std::size_t k = 0; k < f.headings.size(); ++k) {
    const Heading& h = f.headings[k];
    if (h.level == 0)
      continue;
    t.push_back({&f, {h.begin, section_end(f, k), "section"}, h.level, h.title, h.number});
  }
  for (const Env& e : f.envs)
    if (!e.title.empty())
      t.push_back({&f, {e.begin, e.end, e.name}, 5, e.title, ""});
  return t;
}

/// The best target for the queries. Per query: the highest share of its words found in the title
/// (≥ `threshold`); ties go to a title that starts with the query, then to the title with the fewest other
/// words, then to the earlier place. Across queries the first one wins unless a later one scores higher or
/// names a place inside it (§Clip–Renormalize, "Local no-clip criterion": the paragraph within the section).
/// `best` is the match so far (may be null); `refine_only`: a query may only narrow it down.
/// `lead`: accept also a query whose first word carries a digit and opens the title ("OP1 …").
const Target* best_target(const std::vector<Target>& targets, const std::vector<std::string>& queries,
                          double threshold, bool lead, const Target* best = nullptr,
                          bool refine_only = false) {
  double best_score = best ? threshold : 0;
  const double eps = 1e-12;
  auto has_digit = [](const std::string& w) {
    return std::any_of(w.begin(), w.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  };
  for (const auto& q : queries) {
    const auto qw = words_of(q);
    // A query of numbers and single letters ("< 0", "(2)") names no title.
    if (std::none_of(qw.begin(), qw.end(), [](const std::string& w) {
          return std::count_if(w.begin(), w.end(),
                               [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }) >= 2;
        }))
      continue;
    const Target* qbest = nullptr;
    double qs = 0, qprefix = 0, qcover = 0;
    for (const Target& t : targets) {
      const auto tw = words_of(t.title);
      if (tw.empty())
        continue;
      double s = title_score(qw, tw);
      if (lead && s < threshold && qw[0] == tw[0] && has_digit(qw[0]))
        s = threshold;
      if (s < threshold)
        continue;
      const double prefix = tw.size() >= qw.size() && std::equal(qw.begin(), qw.end(), tw.begin()) ? 1 : 0;
      const double cover = title_score(tw, qw); // share of the title's words named by the query
      const bool better =
          !qbest || s > qs + eps ||
          (s > qs - eps &&
           (prefix > qprefix ||
            (prefix == qprefix &&
             (cover > qcover + eps || (cover > qcover - eps && t.span.begin < qbest->span.begin)))));
      if (better)
        qbest = &t, qs = s, qprefix = prefix, qcover = cover;
    }
    if (!qbest)
      continue;
    const bool inside = best && qbest != best && best->file == qbest->file &&
                        best->span.begin <= qbest->span.begin && qbest->span.end <= best->span.end;
    if (!best || inside || (!refine_only && qs > best_score + eps))
      best = qbest, best_score = qs;
  }
  return best;
}

/// The part whose file holds the claim: from the ID prefix, else from the `where` text.
std::string claim_part(const Claim& c, const std::string& where) {
  const std::string p = c.id.substr(0, c.id.find('.'));
  if (p == "M" || (p.size() == 1 && p[0] >= 'A' && p[0] <= 'J'))
    return p;
  static const std::regex app_re(R"(App(?:\.|endix)\s+([A-J])\b)");
  std::smatch sm;
  if (std::regex_search(where, sm, app_re))
    return sm[1];
  if (where.rfind("main", 0) == 0)
    return "M";
  return "";
}

/// The span's source without comments, whitespace runs collapsed to one space (the text the pins store).
std::string collapsed_source(const TexFile& f, const Span& s) {
  const std::size_t end = std::min(s.end, f.masked.size());
  return collapse_space(s.begin < end ? f.masked.substr(s.begin, end - s.begin) : std::string());
}

json match_json(const TexFile& f, const Span& s, const std::string& match,
                const std::optional<std::string>& label, bool with_text) {
  json j;
  j["hash"] = hex64(fnv1a(normalized_source(f, s)));
  if (with_text)
    j["text"] = collapsed_source(f, s);
  j["match"] = match;
  j["label"] = label ? json(*label) : json(nullptr);
  j["file"] = f.rel;
  j["lines"] = line_range(f, s);
  j["scope"] = s.env;
  return j;
}

} // namespace

nlohmann::json fingerprint_paper(const std::string& paper_dir, const std::vector<Claim>& registered,
                                 bool with_text) {
  const fs::path dir(paper_dir);
  if (!fs::is_regular_file(dir / "main.tex"))
    throw std::runtime_error("fingerprint: " + paper_dir +
                             " has no main.tex (expected the paper's main.tex and appendices_short/*.tex)");
  // The paper's files in a fixed order: main.tex, then the appendices, then any other .tex beside main.tex.
  std::vector<TexFile> files;
  auto add_file = [&](const fs::path& p) {
    TexFile f;
    f.rel = fs::relative(p, dir).generic_string();
    f.text = read_file(p);
    static const std::regex app_re(R"(appendix_([A-Z])_)");
    std::smatch sm;
    const std::string name = p.filename().string();
    if (name == "main.tex")
      f.part = "M";
    else if (std::regex_search(name, sm, app_re))
      f.part = sm[1];
    parse(f);
    files.push_back(std::move(f));
  };
  add_file(dir / "main.tex");
  std::vector<fs::path> more;
  for (const fs::path& sub : {dir / "appendices_short", dir})
    if (fs::is_directory(sub))
      for (const auto& e : fs::directory_iterator(sub))
        if (e.is_regular_file() && e.path().extension() == ".tex" && e.path().filename() != "main.tex")
          more.push_back(e.path());
  std::sort(more.begin(), more.end());
  for (const auto& p : more)
    add_file(p);

  json claims = json::object();
  std::map<std::string, int> counts;
  auto find = [&](const std::string& id) -> const Claim* {
    for (const Claim& c : registered)
      if (c.id == id)
        return &c;
    return nullptr;
  };
  for (const Claim& c : registered) {
    // Extra readings without a place of their own share their claim's.
    std::string where = c.where;
    if (where.empty())
      if (const Claim* base = find(c.id.substr(0, c.id.find('~'))))
        where = base->where;
    const std::string part = claim_part(c, where);
    // Files in search order: the claim's own file first.
    std::vector<const TexFile*> order;
    for (const auto& f : files)
      if (f.part == part && !part.empty())
        order.push_back(&f);
    for (const auto& f : files)
      if (f.part != part || part.empty())
        order.push_back(&f);

    json result;
    // 1. labels the claim sits in, then (after sections) labels it only cites.
    std::optional<json> cited_match;
    for (const auto& [ref, variants] : label_refs(where)) {
      for (const TexFile* f : order) {
        std::optional<std::string> found;
        for (const auto& v : variants)
          if (f->labels.count(v)) {
            found = v;
            break;
          }
        if (!found)
          continue;
        json j = match_json(*f, label_span(*f, f->labels.at(*found)), "label", *found, with_text);
        if (ref.cited) {
          if (!cited_match) {
            j["note"] = "cited label (the claim refers to it)";
            cited_match = j;
          }
        } else if (result.is_null()) {
          result = j;
        }
        break;
      }
      if (!result.is_null())
        break;
    }
    // 2. sections: a strong title match, then a section number, then a weak match on the pieces of `where`.
    //    Only the claim's own file is searched: titles repeat across appendices.
    if (result.is_null()) {
      const SectionRefs refs = section_refs(where);
      std::vector<Target> targets;
      for (const TexFile* f : order)
        if (part.empty() || f->part == part)
          for (auto& t : targets_of(*f))
            targets.push_back(t);
      const Target* t = best_target(targets, refs.titles, 0.6, false);
      for (std::size_t n = 0; !t && n < refs.numbers.size(); ++n)
        for (const Target& cand : targets)
          if (cand.number == refs.numbers[n]) {
            t = &cand;
            break;
          }
      t = best_target(targets, refs.segments, 0.75, true, t, true);
      if (t) {
        result = match_json(*t->file, t->span, "section", std::nullopt, with_text);
        result["section"] = (t->number.empty() ? std::string() : t->number + " ") + t->title;
      }
    }
    if (result.is_null() && cited_match)
      result = *cited_match;
    if (result.is_null())
      result = {{"hash", nullptr}, {"match", "unmatched"}, {"label", nullptr}, {"file", nullptr}};
    ++counts[result["match"].get<std::string>()];
    result["where"] = where;
    claims[c.id] = result;
  }
  return {{"schema", "dcrv-fingerprint/1"},
          {"paper", paper_dir},
          {"summary",
           {{"label", counts["label"]}, {"section", counts["section"]}, {"unmatched", counts["unmatched"]}}},
          {"claims", claims}};
}

} // namespace dcrv
