// checks/theory.hpp — the runner's side of theory changes (DESIGN.md "Theory changes"): where the paper and
// the pins are, the stale flags of a run, `dcrv what-if` (a changed number of a stale claim run as the
// `--set` override of the declared constant it matches) and `dcrv slack` (the flip point of each declared
// constant, by bisection with the same runner and overrides).
//
// Header-only (inline): included by the CLI (checks/main.cpp) and the tests.
#pragma once
#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <map>
#include <mutex>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "checks/runner.hpp"
#include "checks/worker_threads.hpp"
#include "reports/fingerprint.hpp"
#include "reports/theory.hpp"

namespace dcrv {

/// The project directory: the source tree this binary was built from (checks/main.cpp's parent), else the
/// nearest directory above the working directory holding checks/inventory.tsv; empty when neither exists.
inline std::filesystem::path project_root(const std::filesystem::path& built_from) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!built_from.empty() && fs::exists(built_from / "checks" / "inventory.tsv", ec))
    return built_from;
  for (fs::path p = fs::current_path(ec); !p.empty(); p = p.parent_path()) {
    if (fs::exists(p / "checks" / "inventory.tsv", ec))
      return p;
    if (p == p.root_path())
      break;
  }
  return {};
}

/// Where the paper and the pins are, and whether the user named them.
struct SourcePaths {
  std::string paper, pins;
  bool paper_given = false, pins_given = false;
  bool disabled = false; // --no-stale
};

/// Defaults: the paper beside the project (../shared/paper), the committed pins (reports/baseline/pins.json).
inline SourcePaths default_source_paths(const std::filesystem::path& root, const std::string& paper,
                                        const std::string& pins) {
  SourcePaths s;
  s.paper_given = !paper.empty();
  s.pins_given = !pins.empty();
  s.paper = s.paper_given  ? paper
            : root.empty() ? ""
                           : (root / ".." / "shared" / "paper").lexically_normal().string();
  s.pins = s.pins_given ? pins : root.empty() ? "" : (root / "reports" / "baseline" / "pins.json").string();
  return s;
}

/// The stale flags of the selected claims: fingerprints the paper and compares with the pins. A paper or
/// pins file the user named must exist (UsageError); missing defaults only leave `note` saying why nothing
/// was compared. Fills o.sources, o.paper, o.pins, o.sources_note.
inline void attach_sources(const std::vector<const Claim*>& claims, const SourcePaths& sp, RunOptions& o) {
  namespace fs = std::filesystem;
  if (sp.disabled)
    return;
  const bool have_paper = !sp.paper.empty() && fs::is_regular_file(fs::path(sp.paper) / "main.tex");
  if (!have_paper) {
    if (sp.paper_given)
      throw UsageError("--paper " + sp.paper + ": no main.tex there");
    o.sources_note = "paper not found (" + (sp.paper.empty() ? std::string("no default") : sp.paper) +
                     "): stale claims not detected; give --paper DIR";
    return;
  }
  if (sp.pins.empty() || !fs::is_regular_file(sp.pins)) {
    if (sp.pins_given)
      throw UsageError("--pins " + sp.pins + ": no such file (write it with `dcrv pin`)");
    o.sources_note = "no pins file (" + sp.pins + "): stale claims not detected; run `dcrv pin`";
    return;
  }
  const nlohmann::json pins = read_pins(sp.pins);
  const nlohmann::json fp = fingerprint_paper(sp.paper, Registry::instance().claims(), true);
  auto all = compare_with_pins(pins, fp);
  for (const Claim* c : claims)
    if (auto it = all.find(c->id); it != all.end())
      o.sources[c->id] = it->second;
  o.paper = sp.paper;
  o.pins = sp.pins;
}

// ---------------------------------------------------------------------------------------------------------
// What-if.

/// `dcrv what-if`: for every selected stale claim, reads the change (analyse_change), runs the claims whose
/// changed numbers match declared constants with those values as overrides, and lists the rest as "needs
/// review". Returns a results file: the overridden runs as claims, and `what_if` (one entry per stale claim).
inline Results run_what_if(const std::vector<const Claim*>& selected, RunOptions o, std::ostream& progress) {
  std::vector<const Claim*> to_run;
  nlohmann::json entries = nlohmann::json::array();
  std::vector<Override> overrides;
  for (const Claim* c : selected) {
    auto it = o.sources.find(c->id);
    if (it == o.sources.end() || !it->second.stale)
      continue;
    const SourceInfo& s = it->second;
    nlohmann::json e = {{"id", c->id}, {"where", c->where}, {"file", s.file}, {"lines", s.lines}};
    nlohmann::json review = nlohmann::json::array(), changes = nlohmann::json::array(),
                   sets = nlohmann::json::array();
    if (s.old_text.empty()) {
      review.push_back("the pins hold no text for this claim: compare by hand");
    } else {
      std::vector<std::pair<std::string, double>> ks;
      for (const auto& k : c->constants)
        ks.push_back({k.name, k.value});
      const ChangeAnalysis a = analyse_change(s.old_text, s.new_text, ks);
      for (const auto& n : a.numbers)
        changes.push_back({{"old_tex", n.old_tex},
                           {"new_tex", n.new_tex},
                           {"old_value", n.old_value},
                           {"new_value", n.new_value}});
      for (const auto& r : a.review)
        review.push_back(r);
      if (a.only_format)
        e["format_only"] = true;
      std::vector<Override> mine;
      for (const auto& p : a.proposals)
        mine.push_back(
            {c->id, p.constant, c->id + "." + p.constant + "=" + exact_number(p.new_value), p.new_value});
      if (!mine.empty() && !c->check) {
        review.push_back("no check registered for this claim");
        mine.clear();
      }
      if (!mine.empty() && c->validate) {
        std::map<std::string, double> values;
        for (const auto& k : c->constants)
          values[k.name] = k.value;
        for (const auto& ov : mine)
          values[ov.name] = ov.value;
        if (const std::string why = c->validate(values); !why.empty()) {
          review.push_back("the new value is outside the claim's hypotheses: " + why);
          mine.clear();
        }
      }
      for (const auto& ov : mine)
        sets.push_back(ov.text), overrides.push_back(ov);
      if (!mine.empty())
        to_run.push_back(c);
    }
    e["changes"] = changes;
    e["overrides"] = sets;
    e["needs_review"] = review;
    entries.push_back(e);
  }
  RunOptions ro = o;
  ro.overrides = overrides;
  ro.filters.clear();
  for (const Claim* c : to_run)
    ro.filters.push_back(c->id);
  const std::string json_path = ro.json_path;
  ro.json_path.clear(); // the file is written once, with the what-if entries
  Results res = run_claims(to_run, ro, progress);
  for (auto& e : entries) {
    const ClaimResult* r = res.find(e["id"].get<std::string>());
    if (r) {
      e["status"] = to_string(r->outcome.status);
      e["message"] = r->outcome.message;
      e["witness"] = !r->outcome.witness.is_null();
    }
    // The verdict a reader acts on: the run's status, or why there is none.
    e["verdict"] = r ? to_string(r->outcome.status) + (e["needs_review"].empty() ? "" : " (+ needs review)")
                   : e.value("format_only", false) ? std::string("format only (re-pin)")
                                                   : std::string("needs review");
  }
  res.what_if = entries;
  if (!json_path.empty())
    write_results(res, json_path);
  return res;
}

// ---------------------------------------------------------------------------------------------------------
// Slack map.

struct SlackOptions {
  double rel_tol = 0.005; // bisection stops when the bracket's relative width is below this
  int max_probes = 24;    // per constant
  /// "ID.constant" pairs to search; empty: every constant of every claim (the report's findings need one
  /// each).
  std::set<std::string> only;
};

/// One probe: the claim with `name` = value (other constants at their paper values) at the run's budget and
/// seed.
inline Status slack_probe(const Claim& c, const std::string& name, double value, const RunOptions& o) {
  RunOptions p = o;
  p.overrides = {{c.id, name, c.id + "." + name + "=" + exact_number(value), value}};
  if (c.validate) {
    std::map<std::string, double> values;
    for (const auto& k : c.constants)
      values[k.name] = k.value;
    values[name] = value;
    if (!c.validate(values).empty())
      return Status::not_checkable; // outside the hypotheses: no verdict
  }
  return run_one(c, make_context(c, p)).outcome.status;
}

/// The flip point of one constant. Holding at the paper value: moves the constant in the direction that
/// strengthens the claim (upper: down, lower: up) until a probe is falsified, then bisects (in log scale)
/// between the last holding and the first falsified value; `best` is the strongest value that held. Falsified
/// at the paper value: moves the other way until a probe holds; `best` is the first value that held — dcrv's
/// measured correct constant. Exact constants and paper value 0 have no direction and are not searched.
inline nlohmann::json slack_of(const Claim& c, const ConstantSpec& k, Status at_paper, const RunOptions& o,
                               const SlackOptions& so) {
  nlohmann::json e = {{"id", c.id},
                      {"constant", k.name},
                      {"role", to_string(k.role)},
                      {"paper_value", k.value},
                      {"status_at_paper", to_string(at_paper)},
                      {"best", nullptr},
                      {"flip", nullptr},
                      {"ratio", nullptr},
                      {"probes", 0}};
  const bool holds = at_paper == Status::verified || at_paper == Status::certified;
  if (k.role == Role::exact)
    return e["note"] = "exact value: no direction strengthens it", e;
  if (k.value == 0 || !std::isfinite(k.value))
    return e["note"] = "paper value 0: no relative search", e;
  if (!holds && at_paper != Status::falsified)
    return e["note"] = "status at the paper value is " + to_string(at_paper) + ": not searched", e;
  // s > 0 moves the value by the factor exp(±s): `stronger` for a holding claim, weaker for a falsified one.
  const double down = k.role == Role::upper ? -1.0 : 1.0; // direction (in value) that strengthens
  const double dir = (holds ? down : -down) * (k.value > 0 ? 1.0 : -1.0);
  auto value_at = [&](double s) { return k.value * std::exp(dir * s); };
  auto flipped = [&](Status st) {
    return holds ? st == Status::falsified : (st == Status::verified || st == Status::certified);
  };
  int probes = 0;
  double lo = 0, hi = -1; // lo: on the paper's side (not flipped); hi: flipped
  for (double s = 1.0 / 128; s <= 8.0 && probes < so.max_probes; s *= 2) {
    const Status st = slack_probe(c, k.name, value_at(s), o);
    ++probes;
    if (st == Status::not_checkable)
      break; // left the claim's hypotheses
    if (flipped(st)) {
      hi = s;
      break;
    }
    lo = s;
  }
  if (hi < 0) {
    e["probes"] = probes;
    e["note"] = holds ? "no flip up to the factor e^" + std::to_string(static_cast<int>(std::round(lo))) +
                            ": the constant has at least that much room"
                      : "no holding value found within the searched range";
    if (holds && lo > 0)
      e["best"] = value_at(lo), e["ratio"] = value_at(lo) / k.value;
    return e;
  }
  while (std::expm1(hi - lo) > so.rel_tol && probes < so.max_probes) {
    const double mid = 0.5 * (lo + hi);
    const Status st = slack_probe(c, k.name, value_at(mid), o);
    ++probes;
    (flipped(st) ? hi : lo) = mid;
  }
  // holding claim: best = strongest value that held (lo side); falsified claim: best = first value that held.
  const double best = holds ? value_at(lo) : value_at(hi), flip = holds ? value_at(hi) : value_at(lo);
  e["best"] = best;
  e["flip"] = flip;
  e["ratio"] = best / k.value;
  e["probes"] = probes;
  e["note"] = holds ? (lo == 0 ? "sharp: the claim flips within " +
                                     std::to_string(so.rel_tol * 100).substr(0, 4) + " % of the paper value"
                               : "room: the claim still holds at the best value")
                    : "falsified at the paper value; holds (in dcrv's evidence) from the best value on";
  return e;
}

/// `dcrv slack`: the claims at their paper values, then every declared constant's flip point; `jobs`
/// constants are searched in parallel. Returns the paper-value run with `slack` filled in.
inline Results run_slack(const std::vector<const Claim*>& claims, RunOptions o, const SlackOptions& so,
                         std::ostream& progress) {
  const std::string json_path = o.json_path;
  o.json_path.clear();
  o.overrides.clear();
  Results res = run_claims(claims, o, progress);
  struct Task {
    const Claim* c;
    const ConstantSpec* k;
    Status at_paper;
  };
  std::vector<Task> tasks;
  for (const Claim* c : claims) {
    const ClaimResult* r = res.find(c->id);
    if (!c->check || !r)
      continue;
    for (const auto& k : c->constants)
      if (so.only.empty() || so.only.count(c->id + "." + k.name))
        tasks.push_back({c, &k, r->outcome.status});
  }
  std::vector<nlohmann::json> out(tasks.size());
  std::atomic<std::size_t> next{0};
  std::mutex mu;
  std::size_t done = 0;
  RunOptions quiet = o;
  quiet.progress = false;
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < tasks.size();) {
      out[i] = slack_of(*tasks[i].c, *tasks[i].k, tasks[i].at_paper, quiet, so);
      std::lock_guard<std::mutex> lock(mu);
      ++done;
      if (o.progress) {
        progress << "[slack " << done << "/" << tasks.size() << "] " << tasks[i].c->id << "."
                 << tasks[i].k->name;
        if (!out[i]["ratio"].is_null())
          progress << "  ratio " << std::setprecision(4) << out[i]["ratio"].get<double>();
        progress << "  (" << out[i].value("note", std::string()) << ")\n" << std::flush;
      }
    }
  };
  run_on_threads(std::max(1, o.jobs), worker);
  res.slack = nlohmann::json::array();
  for (auto& e : out)
    res.slack.push_back(std::move(e));
  if (!json_path.empty())
    write_results(res, json_path);
  return res;
}

} // namespace dcrv
