#include "reports/diff.hpp"

#include "reports/theory.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

namespace dcrv {

std::string inline_word_diff(const std::string& old_text, const std::string& new_text,
                             std::size_t max_chars) {
  const auto ops = word_diff(old_text, new_text);
  std::string out;
  const std::size_t ctx = 4; // words of context around each change
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const DiffOp& op = ops[k];
    if (op.op == '-')
      out += "[-" + op.text + "-] ";
    if (op.op == '+')
      out += "{+" + op.text + "+} ";
    if (op.op != '=')
      continue;
    const auto w = split_words(op.text);
    const bool before = k + 1 < ops.size(), after = k > 0; // a change follows / precedes
    std::string lead, tail;
    if (after)
      for (std::size_t i = 0; i < std::min(ctx, w.size()); ++i)
        lead += w[i] + " ";
    if (before)
      for (std::size_t i = w.size() > ctx ? w.size() - ctx : 0; i < w.size(); ++i)
        tail += w[i] + " ";
    if (after && before && w.size() <= 2 * ctx)
      out += op.text + " ";
    else
      out += lead + (w.size() > (after ? ctx : 0) + (before ? ctx : 0) ? "... " : "") + tail;
  }
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  if (out.size() > max_chars)
    out = out.substr(0, max_chars - 4) + " ...";
  return out;
}

DiffResult diff_results(const Results& base, const Results& now) {
  DiffResult d;
  std::map<std::string, const ClaimResult*> b, n;
  for (const auto& c : base.claims)
    b[c.id] = &c;
  for (const auto& c : now.claims)
    n[c.id] = &c;
  auto tight_changed = [](const std::optional<double>& x, const std::optional<double>& y) {
    if (x.has_value() != y.has_value())
      return true;
    if (!x)
      return false;
    return std::fabs(*x - *y) > 1e-6 * std::max({1.0, std::fabs(*x), std::fabs(*y)});
  };
  for (const auto& c : base.claims) {
    DiffEntry e;
    e.id = c.id;
    e.base_status = to_string(c.outcome.status);
    e.base_tightness = c.outcome.evidence.tightness;
    auto it = n.find(c.id);
    if (it == n.end()) {
      e.new_status = "absent";
      e.regression = true;
      e.note = "claim missing from the new results";
      ++d.regressions;
      d.changes.push_back(e);
      continue;
    }
    const ClaimResult& m = *it->second;
    e.new_status = to_string(m.outcome.status);
    e.new_tightness = m.outcome.evidence.tightness;
    const int rb = status_rank(c.outcome.status), rn = status_rank(m.outcome.status);
    if (rn < rb) {
      e.regression = true;
      ++d.regressions;
      e.note = m.outcome.message;
    } else if (rn > rb) {
      ++d.improvements;
    }
    // Text: the source hashes of both runs, or the stale flag of the new one.
    if (m.source) {
      e.stale = m.source->stale;
      const bool both = c.source && !c.source->current.empty() && !m.source->current.empty();
      e.text_changed = e.stale || (both && c.source->current != m.source->current);
      if (e.text_changed) {
        ++d.text_changes;
        if (e.stale && !m.source->old_text.empty())
          e.text_diff = inline_word_diff(m.source->old_text, m.source->new_text);
      }
    }
    if (rn != rb || tight_changed(e.base_tightness, e.new_tightness) || e.text_changed)
      d.changes.push_back(e);
    else
      ++d.unchanged;
  }
  for (const auto& c : now.claims)
    if (!b.count(c.id)) {
      DiffEntry e;
      e.id = c.id;
      e.base_status = "absent";
      e.new_status = to_string(c.outcome.status);
      e.new_tightness = c.outcome.evidence.tightness;
      e.note = "new claim";
      d.changes.push_back(e);
    }
  return d;
}

void print_diff(const DiffResult& d, std::ostream& os) {
  auto t = [](const std::optional<double>& x) {
    std::ostringstream s;
    if (x)
      s << std::setprecision(6) << *x;
    else
      s << "-";
    return s.str();
  };
  for (const auto& e : d.changes) {
    const bool status_same = e.base_status == e.new_status;
    os << (e.regression                    ? "REGRESSION "
           : status_same && e.text_changed ? "text       "
                                           : "changed    ")
       << std::left << std::setw(44) << e.id << " " << e.base_status << " -> " << e.new_status
       << "  tightness " << t(e.base_tightness) << " -> " << t(e.new_tightness);
    if (e.text_changed)
      os << "  [paper text changed" << (e.stale ? ": stale" : "") << "]";
    if (!e.note.empty())
      os << "  (" << e.note << ")";
    os << "\n";
    if (!e.text_diff.empty())
      os << "           " << e.text_diff << "\n";
  }
  os << d.regressions << " regression(s), " << d.improvements << " improvement(s), " << d.unchanged
     << " unchanged, " << d.text_changes << " with a changed paper text\n";
}

} // namespace dcrv
