// reports/findings.cpp — the findings of a run (see findings.hpp).
#include "reports/findings.hpp"

#include <algorithm>
#include <map>
#include <regex>
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

bool to_double(const std::string& s, double& x) {
  try {
    std::size_t n = 0;
    x = std::stod(s, &n);
    return n == s.size();
  } catch (const std::exception&) {
    return false;
  }
}

/// The measured values of claim `c` (RepairKind::value): every experiment that fails under the headline
/// setup or under some setup, from evidence.details (all experiments, headline setup) and setups.rows (each
/// row's details where the run wrote them, else its deciding statistic).
std::vector<MeasuredValue> measured_values(const ClaimResult& c) {
  const std::string prefix = "experiment ";
  std::vector<MeasuredValue> out;
  std::map<std::string, std::size_t> at; // label → index in out
  std::map<std::string, bool> fails;
  for (const auto& [key, line] : c.outcome.evidence.details) {
    if (key.rfind(prefix, 0) != 0)
      continue;
    const std::string label = key.substr(prefix.size());
    if (auto v = parse_experiment_line(label, line)) {
      at[label] = out.size();
      fails[label] = v->status == "falsified";
      out.push_back({*v, 0, v->estimate, v->estimate});
    }
  }
  // the statistic's name, "<what> [<label>]", where the results hold it (the deciding statistic)
  const auto name_it = [&](const std::string& name) {
    const auto open = name.rfind(" [");
    if (open == std::string::npos || name.empty() || name.back() != ']')
      return;
    if (auto it = at.find(name.substr(open + 2, name.size() - open - 3)); it != at.end())
      out[it->second].value.name = name;
  };
  if (c.outcome.evidence.statistic)
    name_it(c.outcome.evidence.statistic->name);
  const auto& s = c.outcome.setups;
  if (s.is_object() && s.contains("rows") && s["rows"].is_array())
    for (const auto& row : s["rows"])
      if (row.contains("statistic") && row["statistic"].is_object())
        name_it(row["statistic"].value("name", std::string()));
  if (s.is_object() && s.contains("rows") && s["rows"].is_array()) {
    for (auto& m : out)
      m.setups = 0;
    for (const auto& row : s["rows"]) {
      std::vector<ExperimentValue> vs;
      if (row.contains("details") && row["details"].is_object()) {
        for (const auto& [key, line] : row["details"].items())
          if (key.rfind(prefix, 0) == 0 && line.is_string())
            if (auto v = parse_experiment_line(key.substr(prefix.size()), line.get<std::string>()))
              vs.push_back(*v);
      } else if (row.contains("statistic") && row["statistic"].is_object()) {
        // the row's deciding statistic, named "<what> [<label>]"
        const auto& st = row["statistic"];
        const std::string name = st.value("name", std::string());
        const auto open = name.rfind(" [");
        if (open != std::string::npos && !name.empty() && name.back() == ']') {
          ExperimentValue v;
          v.experiment = name.substr(open + 2, name.size() - open - 3);
          v.estimate = st.value("estimate", 0.0);
          v.lo = st.value("lo", 0.0);
          v.hi = st.value("hi", 0.0);
          v.paths = st.value("paths", 0L);
          v.alpha = 1 - st.value("confidence", 1.0);
          v.method = st.value("method", std::string());
          v.side = st.value("claim", std::string());
          v.status = row.value("status", std::string());
          vs.push_back(v);
        }
      }
      for (const auto& v : vs) {
        auto it = at.find(v.experiment);
        if (it == at.end())
          continue; // the headline setup holds every experiment
        MeasuredValue& m = out[it->second];
        m.low = m.setups ? std::min(m.low, v.estimate) : v.estimate;
        m.high = m.setups ? std::max(m.high, v.estimate) : v.estimate;
        ++m.setups;
        fails[v.experiment] = fails[v.experiment] || v.status == "falsified";
      }
    }
  }
  std::vector<MeasuredValue> failing;
  for (auto& m : out)
    if (fails[m.value.experiment])
      failing.push_back(std::move(m));
  return failing;
}

/// Where the paper's protocol decides, the statistic is the probability that the protocol reports a value
/// in the stated range; the population value is given beside it.
std::optional<ExperimentValue> population_value(const ClaimResult& c) {
  const auto& p = c.outcome.protocol;
  if (!p.is_object() || !p.value("decides", false) || !p.contains("population") ||
      !p["population"].is_object())
    return std::nullopt;
  const auto& q = p["population"];
  ExperimentValue v;
  v.experiment = q.value("statistic", std::string());
  v.estimate = q.value("estimate", 0.0);
  v.lo = q.value("lo", 0.0);
  v.hi = q.value("hi", 0.0);
  v.paths = q.value("runs", 0L);
  v.method = q.value("method", std::string());
  if (const auto* st = c.outcome.evidence.statistic ? &*c.outcome.evidence.statistic : nullptr)
    v.alpha = 1 - st->confidence;
  return v;
}

} // namespace

std::optional<ExperimentValue> parse_experiment_line(const std::string& label, const std::string& line) {
  // the format of the stochastic engine's run_experiment (properties/engine/stochastic.cpp)
  static const std::regex re(
      R"(^(\S+) in \[(\S+), (\S+)\] \((.*?), (\d+) paths, level 1-([^)\s]+)\); claim (.*?): ([a-z-]+)(?=;|$))");
  std::smatch m;
  if (!std::regex_search(line, m, re))
    return std::nullopt;
  ExperimentValue v;
  v.experiment = label;
  if (!to_double(m[1], v.estimate) || !to_double(m[2], v.lo) || !to_double(m[3], v.hi) ||
      !to_double(m[6], v.alpha))
    return std::nullopt;
  v.method = m[4];
  v.paths = std::stol(m[5]);
  v.side = m[7];
  v.status = m[8];
  return v;
}

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
      } else if (f.repair.kind == RepairKind::value) {
        rep.values = measured_values(*c);
        rep.population = population_value(*c);
        if (rep.values.empty()) {
          out.errors.push_back("finding " + f.id + ": no measured value of " + c->id +
                               " (no failing experiment's statistic in the results)");
          continue;
        }
        ++out.values;
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
