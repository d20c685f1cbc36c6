// reports/findings.cpp — the findings of a run (see findings.hpp).
#include "reports/findings.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace dcrv {

namespace {

bool finding_status(Status s) {
  return s == Status::falsified || s == Status::underspecified;
}

std::size_t witness_size(const ClaimResult& c) {
  const auto& w = c.outcome.witness;
  return w.is_null() ? static_cast<std::size_t>(-1) : w.dump().size();
}

} // namespace

std::string status_with_scope(const ClaimResult& c) {
  const Status s = c.outcome.status;
  const auto& cert = c.certificate;
  if ((s == Status::verified || s == Status::certified) && cert.is_object() && cert.contains("scope") &&
      cert["scope"].is_object()) {
    const auto& sc = cert["scope"];
    const bool whole = sc.value("whole", false);
    std::string summary = sc.value("summary", std::string());
    if (summary.empty())
      summary = "part of the domain";
    if (s == Status::certified)
      return whole ? "certified" : "verified (certified for " + summary + ")";
    if (cert.value("status", std::string()) == "proved" && !whole)
      return "verified (certified for " + summary + ")";
  }
  return to_string(s);
}

FindingsOfRun evaluate_findings(const Results& r, const std::vector<Finding>& findings) {
  FindingsOfRun out;
  std::map<std::string, std::string> owner; // claim → the finding holding it
  std::set<std::string> ids;
  for (const Finding& f : findings) {
    if (!ids.insert(f.id).second)
      out.errors.push_back("finding " + f.id + " is declared twice");
    FindingView v;
    v.finding = &f;
    for (const auto& id : f.claims) {
      if (auto [it, fresh] = owner.emplace(id, f.id); !fresh)
        out.errors.push_back("claim " + id + " is in two findings: " + it->second + " and " + f.id);
      const ClaimResult* c = r.find(id);
      if (!c)
        continue; // not in this run (a filtered run)
      v.claims.push_back(c);
      if (!finding_status(c->outcome.status))
        out.errors.push_back("finding " + f.id + ": its claim " + id + " is " + to_string(c->outcome.status) +
                             ", not falsified");
      if (!v.smallest || witness_size(*c) < witness_size(*v.smallest))
        v.smallest = c;
    }
    if (v.claims.empty())
      continue;
    for (const ClaimResult* c : v.claims) {
      FindingRepairView rep;
      rep.claim = c->id;
      if (f.repair.kind == RepairKind::corrected) {
        auto it = f.repair.readings.find(c->id);
        if (it == f.repair.readings.end() || it->second.empty()) {
          out.errors.push_back("finding " + f.id + ": no corrected reading declared for " + c->id);
          continue;
        }
        rep.reading = it->second;
        rep.checked = r.find(it->second);
        // a filtered run (dcrv run --filter, dcrv slack) may leave the reading out: the repair is then shown
        // as not checked in this run, not counted; a run of every claim always checks it
        if (rep.checked && rep.checked->outcome.status != Status::verified &&
            rep.checked->outcome.status != Status::certified)
          out.errors.push_back("finding " + f.id + ": the corrected reading " + it->second + " is " +
                               to_string(rep.checked->outcome.status) + ", not verified or certified");
        else if (rep.checked)
          ++out.corrected;
      } else {
        bool found = false;
        if (r.slack.is_array())
          for (const auto& e : r.slack)
            if (e.value("id", std::string()) == c->id &&
                e.value("constant", std::string()) == f.repair.constant && e.contains("best") &&
                e["best"].is_number()) {
              rep.best = e["best"].get<double>();
              rep.paper = e.value("paper_value", 0.0);
              rep.role = e.value("role", std::string());
              found = true;
              break;
            }
        if (!found) {
          out.errors.push_back("finding " + f.id + ": no measured value of " + c->id + "." +
                               f.repair.constant + " (the slack search did not run or found no flip point)");
          continue;
        }
        ++out.measured;
      }
      v.repairs.push_back(rep);
    }
    out.findings.push_back(std::move(v));
  }
  for (const auto& c : r.claims)
    if (c.outcome.status == Status::falsified && !owner.count(c.id))
      out.uncovered.push_back(&c);
  return out;
}

FindingsOfRun checked_findings(const Results& r, const std::vector<Finding>& findings) {
  FindingsOfRun f = evaluate_findings(r, findings);
  if (!f.errors.empty()) {
    std::string msg = "the findings of this run do not hold:";
    for (const auto& e : f.errors)
      msg += "\n  " + e;
    throw FindingError(msg);
  }
  return f;
}

} // namespace dcrv
