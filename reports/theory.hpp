// reports/theory.hpp — theory changes: pinned sources, stale claims, word-level diffs of LaTeX, and the
// reading of a changed number as a new value of a declared constant (DESIGN.md "Theory changes").
//
// * Pins (reports/baseline/pins.json, written by `dcrv pin`): per claim the fingerprint of the LaTeX it was
//   written against (fingerprint_paper's hash, file, lines) and, once per distinct hash, that source with
//   comments removed and whitespace collapsed, so that a stale claim can show what changed.
// * Stale: a claim whose current fingerprint differs from its pin. Stale is a flag beside the verdict, never
// a
//   verdict: the check still ran against dcrv's statement of the claim.
// * What-if: the changed words of a stale claim are located in numeric LaTeX expressions (1/(3\sqrt3),
//   \tfrac{1}{3\sqrt 3}, \frac{\sqrt S}{3\sqrt3} as the coefficient 1/(3√3), 10^{-4}, 0.25); an old number
//   equal to a declared constant's paper value proposes the new number as `--set` value. Everything else
//   needs review.
//
// Header-only (inline): used by the CLI, the report writer, `diff` and the tests.
#pragma once
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "reports/results.hpp"

namespace dcrv {

inline constexpr const char* kPinsSchema = "dcrv-pins/1";

/// Whitespace runs → one space, trimmed.
inline std::string collapse_space(const std::string& s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space)
      out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Pins.

/// New pins from a fingerprint taken with texts (fingerprint_paper(..., true)). `previous` (null or a pins
/// object): its entries for IDs not in `ids` are kept, so a build with some claim files only can re-pin
/// those. `ids` empty: every claim of the fingerprint.
inline nlohmann::json make_pins(const nlohmann::json& fp, const nlohmann::json& previous,
                                const std::vector<std::string>& ids, const std::string& paper) {
  using nlohmann::json;
  json claims = json::object(), sources = json::object();
  std::set<std::string> chosen(ids.begin(), ids.end());
  auto add = [&](const std::string& id, const json& c, const json& src_table) {
    json e = {{"hash", c.value("hash", json())},
              {"file", c.value("file", json())},
              {"lines", c.value("lines", json())},
              {"match", c.value("match", std::string("unmatched"))}};
    claims[id] = e;
    if (e["hash"].is_string()) {
      const std::string h = e["hash"];
      if (c.contains("text"))
        sources[h] = c["text"];
      else if (src_table.is_object() && src_table.contains(h))
        sources[h] = src_table[h];
    }
  };
  if (previous.is_object() && previous.contains("claims"))
    for (auto it = previous["claims"].begin(); it != previous["claims"].end(); ++it)
      if (!(chosen.empty() ? fp["claims"].contains(it.key()) : chosen.count(it.key()) != 0))
        add(it.key(), it.value(), previous.value("sources", json::object()));
  for (auto it = fp["claims"].begin(); it != fp["claims"].end(); ++it)
    if (chosen.empty() || chosen.count(it.key()))
      add(it.key(), it.value(), json());
  return {{"schema", kPinsSchema}, {"paper", paper}, {"claims", claims}, {"sources", sources}};
}

/// Reads a pins file; throws SchemaError with the position on any problem.
inline nlohmann::json read_pins(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw SchemaError(path, "", "cannot open file (write it with `dcrv pin`)");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw SchemaError(path, "byte " + std::to_string(e.byte), "malformed JSON");
  }
  if (!j.is_object() || j.value("schema", std::string()) != kPinsSchema)
    throw SchemaError(path, "/schema", std::string("expected ") + kPinsSchema);
  for (const char* key : {"claims", "sources"})
    if (!j.contains(key) || !j[key].is_object())
      throw SchemaError(path, std::string("/") + key, "expected an object");
  return j;
}

/// Compares the current fingerprint (with texts) with the pins: one SourceInfo per claim of `fp`.
inline std::map<std::string, SourceInfo> compare_with_pins(const nlohmann::json& pins,
                                                           const nlohmann::json& fp) {
  std::map<std::string, SourceInfo> out;
  const auto& pc = pins["claims"];
  const auto& ps = pins["sources"];
  for (auto it = fp["claims"].begin(); it != fp["claims"].end(); ++it) {
    const auto& c = it.value();
    SourceInfo s;
    if (c["hash"].is_string())
      s.current = c["hash"].get<std::string>();
    if (c.contains("file") && c["file"].is_string())
      s.file = c["file"];
    if (c.contains("lines") && c["lines"].is_string())
      s.lines = c["lines"];
    // An extra reading (ID~reading) pinned by a build without its claim file falls back to its claim's pin:
    // it sits where its claim does unless its `where` says otherwise (then the hashes differ and it shows
    // stale).
    std::string key = it.key();
    if (!pc.contains(key) && key.find('~') != std::string::npos)
      key = key.substr(0, key.find('~'));
    if (pc.contains(key) && pc[key]["hash"].is_string())
      s.pinned = pc[key]["hash"].get<std::string>();
    s.stale = s.pinned && *s.pinned != s.current;
    if (s.stale) {
      if (ps.contains(*s.pinned))
        s.old_text = ps[*s.pinned].get<std::string>();
      if (c.contains("text"))
        s.new_text = c["text"].get<std::string>();
    }
    out[it.key()] = s;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Word-level diff (longest common subsequence of tokens, after the common prefix and suffix).

struct DiffOp {
  char op;          // '=' same, '-' only in the old text, '+' only in the new text
  std::string text; // the tokens joined by single spaces
};

inline std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> w;
  std::istringstream in(s);
  for (std::string x; in >> x;)
    w.push_back(x);
  return w;
}

/// One operation of an index-level diff: '=' (a[i] == b[j]), '-' (a[i] removed), '+' (b[j] inserted).
struct IndexOp {
  char op;
  std::size_t i, j; // i: the next token of a, j: the next token of b (the token itself for '='/'-' and '+')
};

/// Index-level LCS diff. Runs in O(n·m) on the part between the common prefix and suffix (a stale claim's
/// change is local); beyond 4·10⁶ cells the middle is one replacement.
inline std::vector<IndexOp> lcs_ops(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<IndexOp> ops;
  std::size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre])
    ++pre;
  std::size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf])
    ++suf;
  for (std::size_t i = 0; i < pre; ++i)
    ops.push_back({'=', i, i});
  const std::size_t n = a.size() - pre - suf, m = b.size() - pre - suf;
  if (n * m > 4'000'000) {
    for (std::size_t i = 0; i < n; ++i)
      ops.push_back({'-', pre + i, pre});
    for (std::size_t j = 0; j < m; ++j)
      ops.push_back({'+', pre + n, pre + j});
  } else {
    std::vector<std::vector<unsigned>> L(n + 1, std::vector<unsigned>(m + 1, 0));
    for (std::size_t i = n; i-- > 0;)
      for (std::size_t j = m; j-- > 0;)
        L[i][j] = a[pre + i] == b[pre + j] ? L[i + 1][j + 1] + 1 : std::max(L[i + 1][j], L[i][j + 1]);
    std::size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[pre + i] == b[pre + j]) {
        ops.push_back({'=', pre + i, pre + j});
        ++i, ++j;
      } else if (i < n && (j == m || L[i + 1][j] >= L[i][j + 1])) { // deletions first within a change
        ops.push_back({'-', pre + i, pre + j});
        ++i;
      } else {
        ops.push_back({'+', pre + i, pre + j});
        ++j;
      }
    }
  }
  for (std::size_t k = 0; k < suf; ++k)
    ops.push_back({'=', a.size() - suf + k, b.size() - suf + k});
  return ops;
}

/// Word-level diff of two texts (whitespace-separated words); adjacent operations of one kind are merged and
/// within a change the deletions come before the insertions.
inline std::vector<DiffOp> word_diff(const std::string& old_text, const std::string& new_text) {
  const auto a = split_words(old_text), b = split_words(new_text);
  std::vector<DiffOp> out;
  auto push = [&](char op, const std::string& w) {
    if (!out.empty() && out.back().op == op) {
      out.back().text += " " + w;
      return;
    }
    // "- + - +" → "- +": keep each change as one deletion followed by one insertion
    if (op == '-' && out.size() >= 2 && out.back().op == '+' && out[out.size() - 2].op == '-') {
      out[out.size() - 2].text += " " + w;
      return;
    }
    out.push_back({op, w});
  };
  for (const IndexOp& o : lcs_ops(a, b))
    push(o.op, o.op == '+' ? b[o.j] : a[o.i]);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Numbers in LaTeX.

/// A numeric LaTeX expression found in a text: [begin, end) and its value.
struct TexNumber {
  std::size_t begin = 0, end = 0;
  double value = 0;
  std::string tex;
};

namespace theory_detail {

/// Recursive descent over LaTeX math: numbers, \frac/\tfrac/\dfrac, \sqrt (and \sqrt[n]), \pi, groups,
/// parentheses, ^, *, /, \cdot, \times, implicit products (3\sqrt3), and + − inside groups. Spacing commands
/// (\, \; \! \quad \left \right …) are skipped. Returns nullopt when the text at `p` is not numeric.
class NumParser {
public:
  explicit NumParser(const std::string& s) : s_(s) {}
  std::optional<double> at(std::size_t& p, bool top) const {
    std::size_t q = p;
    auto v = expr(q, top ? 0 : 1);
    if (v)
      p = q;
    return v;
  }

private:
  const std::string& s_;

  static bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
  static bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

  /// The control word at p ("\frac" → "frac"), or "" (also for control symbols like "\,").
  std::string word(std::size_t p) const {
    if (p >= s_.size() || s_[p] != '\\')
      return "";
    std::size_t e = p + 1;
    while (e < s_.size() && is_alpha(s_[e]))
      ++e;
    return s_.substr(p + 1, e - p - 1);
  }
  void skip(std::size_t& p) const {
    static const std::set<std::string> spacing = {"quad", "qquad", "left",         "right",
                                                  "big",  "Big",   "bigl",         "bigr",
                                                  "Bigl", "Bigr",  "displaystyle", "textstyle"};
    for (;;) {
      while (p < s_.size() && std::isspace(static_cast<unsigned char>(s_[p])))
        ++p;
      if (p + 1 < s_.size() && s_[p] == '\\' && std::string(",;:! ").find(s_[p + 1]) != std::string::npos) {
        p += 2;
        continue;
      }
      const std::string w = word(p);
      if (!w.empty() && spacing.count(w)) {
        p += 1 + w.size();
        continue;
      }
      return;
    }
  }
  bool eat(std::size_t& p, char c) const {
    std::size_t q = p;
    skip(q);
    if (q < s_.size() && s_[q] == c) {
      p = q + 1;
      return true;
    }
    return false;
  }
  /// A macro argument: {expr} or one character (a digit) as TeX reads \tfrac12, \sqrt3.
  std::optional<double> arg(std::size_t& p) const {
    std::size_t q = p;
    skip(q);
    if (q < s_.size() && s_[q] == '{') {
      ++q;
      auto v = expr(q, 1);
      if (!v || !eat(q, '}'))
        return std::nullopt;
      p = q;
      return v;
    }
    if (q < s_.size() && is_digit(s_[q])) {
      p = q + 1;
      return s_[q] - '0';
    }
    if (!word(q).empty()) { // \sqrt\pi, \frac\pi2
      std::size_t r = q;
      auto v = atom(r);
      if (v)
        p = r;
      return v;
    }
    return std::nullopt;
  }
  std::optional<double> number(std::size_t& p) const {
    std::size_t q = p;
    while (q < s_.size() && is_digit(s_[q]))
      ++q;
    if (q < s_.size() && s_[q] == '.' && q + 1 < s_.size() && is_digit(s_[q + 1])) {
      ++q;
      while (q < s_.size() && is_digit(s_[q]))
        ++q;
    }
    if (q == p)
      return std::nullopt;
    const double v = std::stod(s_.substr(p, q - p));
    p = q;
    return v;
  }
  std::optional<double> atom(std::size_t& p) const {
    std::size_t q = p;
    skip(q);
    if (q >= s_.size())
      return std::nullopt;
    const char c = s_[q];
    if (is_digit(c)) {
      auto v = number(q);
      // "2a", "3S", "1_": a coefficient of a symbol is still the number; "e_1", "x2" never start here.
      p = q;
      return v;
    }
    if (c == '(' || c == '{') {
      ++q;
      auto v = expr(q, 1);
      if (!v || !eat(q, c == '(' ? ')' : '}'))
        return std::nullopt;
      p = q;
      return v;
    }
    const std::string w = word(q);
    if (w == "frac" || w == "tfrac" || w == "dfrac") {
      q += 1 + w.size();
      auto n = arg(q);
      if (!n)
        return std::nullopt;
      auto d = arg(q);
      if (!d || *d == 0)
        return std::nullopt;
      p = q;
      return *n / *d;
    }
    if (w == "sqrt") {
      q += 1 + w.size();
      double index = 2;
      if (eat(q, '[')) {
        auto k = expr(q, 1);
        if (!k || !eat(q, ']'))
          return std::nullopt;
        index = *k;
      }
      auto x = arg(q);
      if (!x || *x < 0 || index == 0)
        return std::nullopt;
      p = q;
      return index == 2 ? std::sqrt(*x) : std::pow(*x, 1 / index);
    }
    if (w == "pi") {
      p = q + 3;
      return 3.14159265358979323846;
    }
    return std::nullopt;
  }
  std::optional<double> power(std::size_t& p) const {
    auto b = atom(p);
    if (!b)
      return std::nullopt;
    std::size_t q = p;
    if (eat(q, '^')) {
      std::size_t r = q;
      skip(r);
      std::optional<double> e;
      if (r < s_.size() && s_[r] == '{') {
        ++r;
        e = expr(r, 1);
        if (e && !eat(r, '}'))
          e.reset();
      } else if (r < s_.size() && is_digit(s_[r])) {
        e = s_[r] - '0';
        ++r;
      }
      if (!e)
        return b; // x^{T}: the exponent is not numeric; the base alone is not the expression either
      p = r;
      return std::pow(*b, *e);
    }
    return b;
  }
  std::optional<double> factor(std::size_t& p) const {
    std::size_t q = p;
    if (eat(q, '-')) {
      auto v = factor(q);
      if (!v)
        return std::nullopt;
      p = q;
      return -*v;
    }
    return power(p);
  }
  /// Does an implicit product continue at q (3\sqrt3, 2\pi, 4(…))? Not before a plain digit.
  bool implicit_follows(std::size_t q) const {
    skip(q);
    if (q >= s_.size())
      return false;
    if (s_[q] == '(' || s_[q] == '{')
      return true;
    const std::string w = word(q);
    return w == "sqrt" || w == "frac" || w == "tfrac" || w == "dfrac" || w == "pi";
  }
  std::optional<double> term(std::size_t& p) const {
    auto v = factor(p);
    if (!v)
      return std::nullopt;
    for (;;) {
      std::size_t q = p;
      skip(q);
      char op = 0;
      if (q < s_.size() && (s_[q] == '*' || s_[q] == '/')) {
        op = s_[q];
        ++q;
      } else if (word(q) == "cdot" || word(q) == "times") {
        op = '*';
        q += 1 + word(q).size();
      } else if (implicit_follows(q)) {
        op = '*';
      }
      if (!op)
        return v;
      auto w = factor(q);
      if (!w || (op == '/' && *w == 0))
        return v; // "2a/b": the product ends before the symbol
      *v = op == '*' ? *v * *w : *v / *w;
      p = q;
    }
  }
  /// depth 0: the top level of a text, where + and − separate expressions ("\tfrac12 - x", "1-2a").
  std::optional<double> expr(std::size_t& p, int depth) const {
    auto v = term(p);
    if (!v)
      return std::nullopt;
    if (depth == 0)
      return v;
    for (;;) {
      std::size_t q = p;
      skip(q);
      if (q >= s_.size() || (s_[q] != '+' && s_[q] != '-'))
        return v;
      const char op = s_[q++];
      auto w = term(q);
      if (!w)
        return std::nullopt; // inside a group a symbol makes the whole group non-numeric
      *v = op == '+' ? *v + *w : *v - *w;
      p = q;
    }
  }
};

/// The text with \label{…}, \ref-like arguments, environment names and sub/superscripts of symbols blanked
/// (same length): the numbers there are names, not values.
inline std::string mask_names(const std::string& s) {
  std::string m = s;
  static const std::set<std::string> named = {"label",   "ref",     "eqref", "cref",  "Cref",
                                              "cite",    "citep",   "citet", "begin", "end",
                                              "autoref", "pageref", "url",   "href"};
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i] != '\\')
      continue;
    std::size_t e = i + 1;
    while (e < m.size() && std::isalpha(static_cast<unsigned char>(m[e])))
      ++e;
    if (!named.count(s.substr(i + 1, e - i - 1)))
      continue;
    if (e < m.size() && m[e] == '{')
      for (std::size_t k = e; k < m.size() && m[k] != '}'; ++k)
        m[k] = ' ';
  }
  return m;
}

} // namespace theory_detail

/// Maximal numeric expressions of a LaTeX text, left to right. A fraction whose numerator is symbolic and
/// whose denominator is numeric (\frac{\sqrt S}{3\sqrt3}) counts as its coefficient 1/denominator. Digits
/// right after a letter, '_' or '^' (x_2, OP1, p^2) are names or exponents of symbols, not numbers.
inline std::vector<TexNumber> tex_numbers(const std::string& text) {
  const std::string m = theory_detail::mask_names(text);
  const theory_detail::NumParser parse(m);
  std::vector<TexNumber> out;
  auto starts = [&](std::size_t i) {
    const char c = m[i];
    const char prev = i ? m[i - 1] : ' ';
    if (std::isdigit(static_cast<unsigned char>(c)))
      return !(std::isalpha(static_cast<unsigned char>(prev)) || prev == '_' || prev == '^' || prev == '.' ||
               std::isdigit(static_cast<unsigned char>(prev)));
    if (c == '(' || c == '{')
      return prev != '_' && prev != '^';
    if (c == '\\') {
      std::size_t e = i + 1;
      while (e < m.size() && std::isalpha(static_cast<unsigned char>(m[e])))
        ++e;
      const std::string w = m.substr(i + 1, e - i - 1);
      return w == "frac" || w == "tfrac" || w == "dfrac" || w == "sqrt";
    }
    return false;
  };
  for (std::size_t i = 0; i < m.size();) {
    if (!starts(i)) {
      ++i;
      continue;
    }
    std::size_t p = i;
    if (auto v = parse.at(p, true); v && std::isfinite(*v)) {
      out.push_back({i, p, *v, text.substr(i, p - i)});
      i = p;
      continue;
    }
    // \frac{symbolic}{numeric}: the coefficient 1/numeric.
    if (m[i] == '\\' &&
        m.compare(i + 1, 4, "frac") * m.compare(i + 1, 5, "tfrac") * m.compare(i + 1, 5, "dfrac") == 0) {
      std::size_t q = m.find('{', i);
      if (q != std::string::npos && q < i + 7) {
        int depth = 0;
        std::size_t k = q;
        for (; k < m.size(); ++k) {
          if (m[k] == '{')
            ++depth;
          if (m[k] == '}' && --depth == 0)
            break;
        }
        std::size_t d = k + 1;
        if (k < m.size()) {
          std::size_t r = d;
          while (r < m.size() && std::isspace(static_cast<unsigned char>(m[r])))
            ++r;
          if (r < m.size() && m[r] == '{') {
            std::size_t e = r;
            if (auto den = parse.at(e, true); den && *den != 0 && e > r && m[e - 1] == '}') {
              out.push_back({i, e, 1 / *den, text.substr(i, e - i)});
              i = e;
              continue;
            }
          }
        }
      }
    }
    ++i;
  }
  return out;
}

/// A double written with enough digits to round-trip.
inline std::string exact_number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// ---------------------------------------------------------------------------------------------------------
// What-if: a changed number as a new value of a declared constant.

struct NumberChange {
  std::string old_tex, new_tex;
  double old_value = 0, new_value = 0;
};
struct Proposal {
  std::string constant;
  double paper_value = 0, new_value = 0;
  std::string old_tex, new_tex;
};
struct ChangeAnalysis {
  std::vector<NumberChange> numbers; // numeric changes (value changed)
  std::vector<Proposal> proposals;   // one per constant to set
  std::vector<std::string> review;   // changes that map to no declared constant: "needs review"
  bool only_format = false;          // text changed, but no number's value and no word outside numbers
};

/// Values equal as paper constants (relative 1e-9).
inline bool same_value(double a, double b) {
  return a == b || std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

namespace theory_detail {
struct Token {
  std::string text;
  std::size_t begin;
};
/// Fine tokens for locating changes: control words, digit runs, letter runs, single other characters.
inline std::vector<Token> fine_tokens(const std::string& s) {
  std::vector<Token> t;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    std::size_t e = i + 1;
    if (c == '\\') {
      while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e])))
        ++e;
      if (e == i + 1 && e < s.size())
        ++e;
    } else if (std::isdigit(c)) {
      while (e < s.size() && (std::isdigit(static_cast<unsigned char>(s[e])) || s[e] == '.'))
        ++e;
    } else if (std::isalpha(c)) {
      while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e])))
        ++e;
    }
    t.push_back({s.substr(i, e - i), i});
    i = e;
  }
  return t;
}
} // namespace theory_detail

/// Reads the change from `old_text` to `new_text` against a claim's declared constants (name → paper value).
inline ChangeAnalysis analyse_change(const std::string& old_text, const std::string& new_text,
                                     const std::vector<std::pair<std::string, double>>& constants) {
  using theory_detail::fine_tokens;
  ChangeAnalysis a;
  const auto ta = fine_tokens(old_text), tb = fine_tokens(new_text);
  std::vector<std::string> wa, wb;
  for (const auto& t : ta)
    wa.push_back(t.text);
  for (const auto& t : tb)
    wb.push_back(t.text);
  const auto ops = lcs_ops(wa, wb);
  const auto na = tex_numbers(old_text), nb = tex_numbers(new_text);
  // Hunks: maximal runs of non-'=' operations, as character ranges [oa, ob) of the old and [na, nb) of the
  // new text; an empty range sits where the other text's change is (between the neighbouring tokens).
  struct Hunk {
    std::size_t oa, ob, na, nb;
    std::string removed, added;
  };
  auto start_of = [](const std::vector<theory_detail::Token>& t, std::size_t k, std::size_t size) {
    return k < t.size() ? t[k].begin : size;
  };
  std::vector<Hunk> hunks;
  for (std::size_t k = 0; k < ops.size();) {
    if (ops[k].op == '=') {
      ++k;
      continue;
    }
    // Anchors: the end of the previous token (or 0), so an insertion inside 3\sqrt3 lands inside the number.
    const std::size_t i0 = ops[k].i, j0 = ops[k].j;
    const std::size_t anchor_a = i0 ? ta[i0 - 1].begin + ta[i0 - 1].text.size() : 0;
    const std::size_t anchor_b = j0 ? tb[j0 - 1].begin + tb[j0 - 1].text.size() : 0;
    Hunk h{anchor_a, anchor_a, anchor_b, anchor_b, "", ""};
    bool del = false, ins = false;
    // A deleted (inserted) token widens the old (new) side's range [lo, hi) and joins its text.
    auto extend = [](const theory_detail::Token& tok, std::size_t& lo, std::size_t& hi, std::string& text,
                     bool& seen) {
      if (!seen)
        lo = tok.begin;
      hi = tok.begin + tok.text.size();
      text += (seen ? " " : "") + tok.text;
      seen = true;
    };
    for (; k < ops.size() && ops[k].op != '='; ++k) {
      if (ops[k].op == '-')
        extend(ta[ops[k].i], h.oa, h.ob, h.removed, del);
      else
        extend(tb[ops[k].j], h.na, h.nb, h.added, ins);
    }
    // A pure insertion or deletion: the empty side is the gap up to the next token.
    if (!del)
      h.ob = std::max(h.oa, start_of(ta, k < ops.size() ? ops[k].i : ta.size(), old_text.size()));
    if (!ins)
      h.nb = std::max(h.na, start_of(tb, k < ops.size() ? ops[k].j : tb.size(), new_text.size()));
    hunks.push_back(h);
  }
  // The numbers a hunk touches: those overlapping its range; an empty range (between two tokens) touches a
  // number that holds or borders the gap ("\\tfrac{" deleted before "1}{3\\sqrt3}").
  auto touching = [](const std::vector<TexNumber>& ns, std::size_t lo, std::size_t hi) {
    std::set<std::size_t> out;
    for (std::size_t i = 0; i < ns.size(); ++i) {
      const bool overlap =
          lo < hi ? ns[i].begin < hi && lo < ns[i].end : ns[i].begin <= lo && lo <= ns[i].end;
      if (overlap)
        out.insert(i);
    }
    return out;
  };
  // Hunks that touch a common number form one change (union-find over hunks).
  std::vector<std::set<std::size_t>> ho(hunks.size()), hn(hunks.size());
  std::vector<std::size_t> group(hunks.size());
  for (std::size_t h = 0; h < hunks.size(); ++h) {
    ho[h] = touching(na, hunks[h].oa, hunks[h].ob);
    hn[h] = touching(nb, hunks[h].na, hunks[h].nb);
    group[h] = h;
  }
  auto root = [&](std::size_t h) {
    while (group[h] != h)
      h = group[h] = group[group[h]];
    return h;
  };
  auto shares = [](const std::set<std::size_t>& x, const std::set<std::size_t>& y) {
    return std::any_of(x.begin(), x.end(), [&](std::size_t i) { return y.count(i) != 0; });
  };
  for (std::size_t h = 0; h < hunks.size(); ++h)
    for (std::size_t g = 0; g < h; ++g)
      if (shares(ho[h], ho[g]) || shares(hn[h], hn[g]))
        group[root(h)] = root(g);
  for (std::size_t h = 0; h < hunks.size(); ++h) {
    if (root(h) != h)
      continue;
    std::set<std::size_t> os, ns;
    std::string removed, added;
    for (std::size_t g = 0; g < hunks.size(); ++g)
      if (root(g) == h) {
        os.insert(ho[g].begin(), ho[g].end());
        ns.insert(hn[g].begin(), hn[g].end());
        removed += (removed.empty() || hunks[g].removed.empty() ? "" : " ") + hunks[g].removed;
        added += (added.empty() || hunks[g].added.empty() ? "" : " ") + hunks[g].added;
      }
    if (os.empty() && ns.empty()) {
      a.review.push_back("text changed: '" + removed + "' -> '" + added + "'");
      continue;
    }
    if (os.size() != ns.size()) {
      std::string o, n;
      for (auto i : os)
        o += (o.empty() ? "" : ", ") + na[i].tex;
      for (auto i : ns)
        n += (n.empty() ? "" : ", ") + nb[i].tex;
      a.review.push_back("numbers changed: '" + o + "' -> '" + n + "'");
      continue;
    }
    for (auto io = os.begin(), in = ns.begin(); io != os.end(); ++io, ++in) {
      const TexNumber &x = na[*io], &y = nb[*in];
      if (same_value(x.value, y.value))
        continue; // re-written, same value (1/(3\\sqrt3) -> \\tfrac1{3\\sqrt3})
      a.numbers.push_back({x.tex, y.tex, x.value, y.value});
    }
  }
  // Changes confined to numbers whose values stay are only a format change.
  a.only_format = !hunks.empty() && a.review.empty() && a.numbers.empty();
  for (const NumberChange& c : a.numbers) {
    bool mapped = false;
    for (const auto& [name, value] : constants) {
      if (!same_value(value, c.old_value))
        continue;
      mapped = true;
      auto it = std::find_if(a.proposals.begin(), a.proposals.end(),
                             [&](const Proposal& p) { return p.constant == name; });
      if (it == a.proposals.end()) {
        a.proposals.push_back({name, value, c.new_value, c.old_tex, c.new_tex});
      } else if (!same_value(it->new_value, c.new_value)) {
        a.review.push_back("constant " + name + ": the text changes it both to " + it->new_tex + " and to " +
                           c.new_tex);
      }
    }
    if (!mapped) {
      std::ostringstream m;
      m << std::setprecision(6) << "number " << c.old_tex << " = " << c.old_value << " -> " << c.new_tex
        << " = " << c.new_value << " matches no declared constant";
      a.review.push_back(m.str());
    }
  }
  return a;
}

} // namespace dcrv
