#include "reports/diff.hpp"

#include <cmath>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>
#include <algorithm>

namespace dcrv {

DiffResult diff_results(const Results& base, const Results& now) {
  DiffResult d;
  std::map<std::string, const ClaimResult*> b, n;
  for (const auto& c : base.claims) b[c.id] = &c;
  for (const auto& c : now.claims) n[c.id] = &c;
  auto tight_changed = [](const std::optional<double>& x, const std::optional<double>& y) {
    if (x.has_value() != y.has_value()) return true;
    if (!x) return false;
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
    if (rn != rb || tight_changed(e.base_tightness, e.new_tightness))
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
    os << (e.regression ? "REGRESSION " : "changed    ") << std::left << std::setw(44) << e.id << " "
       << e.base_status << " -> " << e.new_status << "  tightness " << t(e.base_tightness) << " -> "
       << t(e.new_tightness);
    if (!e.note.empty()) os << "  (" << e.note << ")";
    os << "\n";
  }
  os << d.regressions << " regression(s), " << d.improvements << " improvement(s), " << d.unchanged
     << " unchanged\n";
}

} // namespace dcrv
