// reports/numbering.cpp — the paper's printed numbers (see numbering.hpp).
#include "reports/numbering.hpp"

#include "reports/fingerprint.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace dcrv {
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    throw std::runtime_error("numbering: cannot read " + p.string());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The source without comments (an unescaped % to the end of the line).
std::string strip_comments(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      out += s[i];
      out += s[++i];
      continue;
    }
    if (s[i] == '%') {
      while (i < s.size() && s[i] != '\n')
        ++i;
      out += '\n';
      continue;
    }
    out += s[i];
  }
  return out;
}

/// main.tex with every \input{…} / \include{…} replaced by the file's text (depth-limited).
std::string flatten(const fs::path& dir, const fs::path& file, int depth = 0) {
  std::string s = strip_comments(slurp(file));
  if (depth > 8)
    return s;
  static const std::regex input_re(R"(\\(?:input|include)\s*\{([^}]*)\})");
  std::string out;
  std::size_t last = 0;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), input_re); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    out += s.substr(last, static_cast<std::size_t>(m.position(0)) - last);
    fs::path p = dir / m[1].str();
    if (!fs::exists(p))
      p += ".tex";
    if (fs::is_regular_file(p))
      out += flatten(dir, p, depth + 1);
    last = static_cast<std::size_t>(m.position(0) + m.length(0));
  }
  return out + s.substr(last);
}

/// The argument in braces starting at `i` (after spaces); `i` moves past it. "" when there is none.
std::string brace_arg(const std::string& s, std::size_t& i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
    ++i;
  if (i >= s.size() || s[i] != '{')
    return "";
  int depth = 0;
  const std::size_t start = i + 1;
  for (; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
      continue;
    }
    if (s[i] == '{')
      ++depth;
    else if (s[i] == '}' && --depth == 0)
      return s.substr(start, i++ - start);
  }
  return s.substr(start);
}

std::string opt_arg(const std::string& s, std::size_t& i) {
  std::size_t j = i;
  while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j])))
    ++j;
  if (j >= s.size() || s[j] != '[')
    return "";
  const std::size_t close = s.find(']', j);
  if (close == std::string::npos)
    return "";
  i = close + 1;
  return s.substr(j + 1, close - j - 1);
}

struct TheoremType {
  std::string name;    // printed name ("Lemma")
  std::string counter; // the counter it uses (its own, or a shared one)
  std::string within;  // "section" or ""
};

std::string alph(int n) {
  std::string s;
  while (n > 0) {
    s.insert(s.begin(), static_cast<char>('A' + (n - 1) % 26));
    n = (n - 1) / 26;
  }
  return s;
}

/// The pseudo-label under which every numbered heading is recorded ("dcrv-section:A.2").
const std::string kSectionKey = "dcrv-section:";

struct Counter {
  int value = 0;
};

/// Walks the flattened source as the article class numbers it.
class Walker {
public:
  explicit Walker(const std::string& s) : s_(s) {}

  std::map<std::string, PaperLabel> run() {
    for (std::size_t i = 0; i < s_.size();) {
      if (s_[i] != '\\') {
        ++i;
        continue;
      }
      std::size_t j = i + 1;
      if (j < s_.size() && s_[j] == '\\') { // a line break
        line_break();
        i = j + 1;
        continue;
      }
      while (j < s_.size() && std::isalpha(static_cast<unsigned char>(s_[j])))
        ++j;
      const std::string cmd = s_.substr(i + 1, j - i - 1);
      if (cmd.empty()) {
        i = j + 1;
        continue;
      }
      i = j;
      command(cmd, i);
    }
    return labels_;
  }

private:
  struct Frame {
    std::string env;
    std::string current_kind, current_number; // \@currentlabel before the environment
    bool numbered_lines = false;              // align-like: one number per line
    bool line_numbered = true;
    std::string tag;
    std::vector<std::string> pending; // labels of the current equation line (their number comes at its end)
  };

  void set_current(const std::string& kind, const std::string& number) {
    kind_ = kind;
    number_ = number;
  }

  std::string section_number() const {
    if (section_ == 0)
      return "0";
    return appendix_ ? alph(section_) : std::to_string(section_);
  }

  void heading(int level, bool starred, std::size_t& i) {
    opt_arg(s_, i);
    brace_arg(s_, i);
    if (starred)
      return;
    if (level == 1) {
      ++section_;
      subsection_ = subsubsection_ = 0;
      for (auto& [name, c] : counters_)
        if (within_section_.count(name))
          c.value = 0;
      set_current("section", section_number());
    } else if (level == 2) {
      ++subsection_;
      subsubsection_ = 0;
      set_current("subsection", section_number() + "." + std::to_string(subsection_));
    } else {
      ++subsubsection_;
      set_current("subsubsection", section_number() + "." + std::to_string(subsection_) + "." +
                                       std::to_string(subsubsection_));
    }
    add(kSectionKey + number_, kind_, number_); // every numbered heading, for claims located by section
  }

  static bool is_equation_env(const std::string& e) {
    return e == "equation" || e == "align" || e == "gather" || e == "multline" || e == "flalign" ||
           e == "eqnarray" || e == "alignat";
  }

  void begin_env(const std::string& env, std::size_t& i) {
    Frame f{env, kind_, number_, false, true, {}, {}};
    if (auto it = theorems_.find(env); it != theorems_.end()) {
      opt_arg(s_, i);
      Counter& c = counters_[it->second.counter];
      ++c.value;
      const bool in_section = within_section_.count(it->second.counter) > 0;
      set_current(env, (in_section ? section_number() + "." : std::string()) + std::to_string(c.value));
    } else if (is_equation_env(env)) {
      f.numbered_lines = env != "equation" && env != "multline";
      f.line_numbered = true;
      set_current("equation", std::to_string(equation_ + 1));
    } else if (env == "figure" || env == "figure*") {
      set_current("figure", std::to_string(++figure_));
    } else if (env == "table" || env == "table*") {
      set_current("table", std::to_string(++table_));
    }
    stack_.push_back(f);
  }

  void end_line(Frame& f) {
    // The line's number: its \tag, else the next equation number when it is numbered.
    std::string number;
    if (!f.tag.empty())
      number = f.tag;
    else if (f.line_numbered)
      number = std::to_string(++equation_);
    for (const auto& l : f.pending)
      if (!number.empty())
        add(l, "equation", number);
    f.pending.clear();
    f.tag.clear();
    f.line_numbered = true;
    if (!stack_.empty())
      set_current("equation", std::to_string(equation_ + 1));
  }

  void end_env(const std::string& env) {
    if (stack_.empty())
      return;
    Frame f = stack_.back();
    stack_.pop_back();
    if (is_equation_env(f.env) && f.env == env)
      end_line(f);
    set_current(f.current_kind, f.current_number);
  }

  void line_break() {
    if (!stack_.empty() && stack_.back().numbered_lines)
      end_line(stack_.back());
  }

  void add(const std::string& label, const std::string& kind, const std::string& number) {
    if (labels_.count(label))
      return;
    PaperLabel p;
    p.label = label;
    p.kind = kind;
    p.number = number;
    p.order = order_++;
    labels_[label] = p;
  }

  void command(const std::string& cmd, std::size_t& i) {
    if (cmd == "newtheorem") {
      const bool starred = i < s_.size() && s_[i] == '*';
      if (starred)
        ++i;
      const std::string env = brace_arg(s_, i);
      const std::string shared = opt_arg(s_, i);
      const std::string name = brace_arg(s_, i);
      const std::string within = opt_arg(s_, i);
      if (starred || env.empty())
        return;
      theorems_[env] = {name, shared.empty() ? env : shared, within};
      if (!within.empty() && shared.empty())
        within_section_.insert(env);
      counters_[shared.empty() ? env : shared];
    } else if (cmd == "appendix") {
      appendix_ = true;
      section_ = 0;
    } else if (cmd == "section" || cmd == "subsection" || cmd == "subsubsection") {
      const bool starred = i < s_.size() && s_[i] == '*';
      if (starred)
        ++i;
      heading(cmd == "section" ? 1 : cmd == "subsection" ? 2 : 3, starred, i);
    } else if (cmd == "begin") {
      begin_env(brace_arg(s_, i), i);
    } else if (cmd == "end") {
      end_env(brace_arg(s_, i));
    } else if (cmd == "nonumber" || cmd == "notag") {
      if (!stack_.empty())
        stack_.back().line_numbered = false;
    } else if (cmd == "tag") {
      const bool starred = i < s_.size() && s_[i] == '*';
      if (starred)
        ++i;
      const std::string t = brace_arg(s_, i);
      for (auto it = stack_.rbegin(); it != stack_.rend(); ++it)
        if (is_equation_env(it->env)) {
          it->tag = t;
          break;
        }
    } else if (cmd == "label") {
      const std::string l = brace_arg(s_, i);
      if (l.empty())
        return;
      for (auto it = stack_.rbegin(); it != stack_.rend(); ++it)
        if (is_equation_env(it->env) && kind_ == "equation") {
          it->pending.push_back(l); // numbered at the end of its line (a \tag may follow)
          return;
        }
      add(l, kind_.empty() ? "text" : kind_, number_);
    }
  }

  const std::string& s_;
  std::map<std::string, PaperLabel> labels_;
  std::map<std::string, TheoremType> theorems_;
  std::map<std::string, Counter> counters_;
  std::set<std::string> within_section_;
  std::vector<Frame> stack_;
  std::string kind_, number_;
  bool appendix_ = false;
  int section_ = 0, subsection_ = 0, subsubsection_ = 0, equation_ = 0, figure_ = 0, table_ = 0;
  std::size_t order_ = 0;

public:
  const std::map<std::string, TheoremType>& theorems() const { return theorems_; }
};

std::string printed_of(const PaperLabel& p, const std::map<std::string, TheoremType>& theorems) {
  if (p.kind == "equation")
    return "eq.~(" + p.number + ")";
  if (p.kind == "section")
    return p.number.size() == 1 && std::isalpha(static_cast<unsigned char>(p.number[0])) ? "App.~" + p.number
                                                                                         : "\\S{}" + p.number;
  if (p.kind == "subsection" || p.kind == "subsubsection")
    return "\\S{}" + p.number;
  if (p.kind == "figure")
    return "Figure~" + p.number;
  if (p.kind == "table")
    return "Table~" + p.number;
  if (auto it = theorems.find(p.kind); it != theorems.end())
    return it->second.name + "~" + p.number;
  return p.number.empty() ? "" : p.number;
}

/// \newlabel{lbl}{{number}{page}…} of an .aux file: the numbers LaTeX printed.
std::map<std::string, std::string> aux_numbers(const fs::path& aux) {
  std::map<std::string, std::string> out;
  const std::string s = slurp(aux);
  static const std::regex re(R"(\\newlabel\{([^}]*)\}\{\{([^{}]*)\})");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it)
    out.emplace((*it)[1].str(), (*it)[2].str());
  return out;
}

} // namespace

std::map<std::string, PaperLabel> paper_labels(const std::string& paper_dir) {
  const fs::path dir(paper_dir), main = fs::path(paper_dir) / "main.tex";
  if (!fs::is_regular_file(main))
    throw std::runtime_error("numbering: " + paper_dir + " has no main.tex");
  const std::string flat = flatten(dir, main);
  Walker w(flat);
  auto labels = w.run();
  if (fs::is_regular_file(dir / "main.aux"))
    for (const auto& [l, num] : aux_numbers(dir / "main.aux"))
      if (auto it = labels.find(l); it != labels.end() && !num.empty())
        it->second.number = num;
  for (auto& [l, p] : labels)
    p.printed = printed_of(p, w.theorems());
  return labels;
}

ClaimPlace Numbering::of(const std::string& id) const {
  auto it = claims.find(id);
  if (it == claims.end())
    it = claims.find(id.substr(0, id.find('~')));
  return it == claims.end() ? ClaimPlace{} : it->second;
}

std::vector<std::string> Numbering::claim_labels() const {
  std::vector<std::pair<std::size_t, std::string>> v;
  std::set<std::string> seen;
  for (const auto& [id, place] : claims)
    if (!place.label.empty() && place.label.rfind(kSectionKey, 0) != 0 && seen.insert(place.label).second)
      v.emplace_back(place.order, place.label);
  std::sort(v.begin(), v.end());
  std::vector<std::string> out;
  for (auto& [o, l] : v)
    out.push_back(l);
  return out;
}

Numbering number_claims(const Results& r, const std::string& paper_dir) {
  Numbering n;
  if (paper_dir.empty() || !fs::is_regular_file(fs::path(paper_dir) / "main.tex")) {
    n.source = paper_dir.empty() ? "no paper given" : "no main.tex in " + paper_dir;
    return n;
  }
  n.labels = paper_labels(paper_dir);
  n.source =
      fs::is_regular_file(fs::path(paper_dir) / "main.aux") ? "main.aux" : "counted from the LaTeX source";
  // Sections by number, for claims located by their section only.
  std::vector<Claim> claims;
  for (const auto& c : r.claims) {
    Claim k;
    k.id = c.id;
    k.where = c.where;
    claims.push_back(std::move(k));
  }
  const nlohmann::json fp = fingerprint_paper(paper_dir, claims);
  for (const auto& c : r.claims) {
    const auto& j = fp["claims"].value(c.id, nlohmann::json::object());
    ClaimPlace place;
    if (j.contains("label") && j["label"].is_string()) {
      const std::string l = j["label"].get<std::string>();
      if (auto it = n.labels.find(l); it != n.labels.end()) {
        place.label = l;
        place.printed = it->second.printed;
        place.order = it->second.order;
      }
    } else if (j.contains("section") && j["section"].is_string()) {
      const std::string sec = j["section"].get<std::string>();
      const std::string number = sec.substr(0, sec.find(' '));
      if (!number.empty() && (std::isdigit(static_cast<unsigned char>(number[0])) ||
                              std::isupper(static_cast<unsigned char>(number[0])))) {
        place.printed =
            (number.find('.') == std::string::npos && std::isalpha(static_cast<unsigned char>(number[0])))
                ? "App.~" + number
                : "\\S{}" + number;
        if (auto it = n.labels.find(kSectionKey + number); it != n.labels.end())
          place.order = it->second.order;
      }
    }
    n.claims[c.id] = place;
  }
  return n;
}

} // namespace dcrv
