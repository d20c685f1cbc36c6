// dcrv — machine-checks the claims of the paper and writes a LaTeX report.
#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <set>
#include <thread>

#include "checks/recheck.hpp"
#include "checks/registry.hpp"
#include "checks/runner.hpp"
#include "checks/theory.hpp"
#include "dcrv/backend.hpp"
#include "reports/diff.hpp"
#include "reports/findings.hpp"
#include "reports/fingerprint.hpp"
#include "reports/latex.hpp"

using namespace dcrv;

namespace {

int cmd_list(bool as_json, const std::vector<std::string>& filters) {
  const auto& reg = Registry::instance();
  const auto claims = select_claims(filters, reg);
  if (as_json) {
    nlohmann::json out = nlohmann::json::array();
    for (const Claim* c : claims) {
      nlohmann::json ks = nlohmann::json::array();
      for (const auto& k : c->constants)
        ks.push_back({{"name", k.name},
                      {"value", k.value},
                      {"role", to_string(k.role)},
                      {"range", to_string(k.range())},
                      {"meaning", k.meaning}});
      out.push_back({{"id", c->id},
                     {"kind", to_string(c->kind)},
                     {"where", c->where},
                     {"implemented", static_cast<bool>(c->check)},
                     {"from_inventory", c->from_inventory},
                     {"reading", c->reading},
                     {"constants", ks}});
    }
    std::cout << out.dump(1) << "\n";
    return 0;
  }
  std::size_t implemented = 0;
  for (const Claim* c : claims) {
    implemented += static_cast<bool>(c->check);
    std::cout << std::left << std::setw(48) << c->id << " " << std::setw(12) << to_string(c->kind) << " "
              << (c->check ? "checked  " : "unchecked");
    for (const auto& k : c->constants)
      std::cout << "  " << k.name << "=" << k.value << "(" << to_string(k.role) << ", "
                << to_string(k.range()) << ")";
    std::cout << "\n";
  }
  std::cout << claims.size() << " claims, " << implemented << " with a check\n";
  return 0;
}

/// The baseline restricted to the claims the new run selected (its run.filter, comma-separated globs): a
/// claim a filtered run did not select is not "missing".
void restrict_to_selection(Results& base, const Results& now) {
  std::vector<std::string> globs;
  std::string cur;
  for (char ch : now.run.filter + ",") {
    if (ch != ',') {
      cur += ch;
      continue;
    }
    if (!cur.empty())
      globs.push_back(cur);
    cur.clear();
  }
  if (globs.empty())
    return;
  std::erase_if(base.claims, [&](const ClaimResult& c) {
    return std::none_of(globs.begin(), globs.end(),
                        [&](const std::string& g) { return glob_match(g, c.id); });
  });
}

/// The source tree this binary was built from (CMake compiles with absolute paths).
std::filesystem::path built_from() {
  const std::filesystem::path here(__FILE__);
  return here.is_absolute() ? here.parent_path().parent_path() : std::filesystem::path();
}

/// The measured constants of the findings (properties/findings/): the slack search, at the smoke budget, for
/// the claims of a measured finding that `r` holds and whose flip point it lacks.
void attach_finding_slack(Results& r, std::ostream& progress) {
  std::vector<const Claim*> claims;
  std::set<std::string> only; // the finding's constant of each claim, not every constant
  std::string names;          // what runs, for stderr
  int reused = 0;
  for (const Finding& f : registered_findings())
    if (f.repair.kind == RepairKind::measured)
      for (const auto& id : f.claims) {
        bool have = false;
        for (const auto& e : r.slack.is_array() ? r.slack : nlohmann::json::array())
          have = have || (e.value("id", std::string()) == id &&
                          e.value("constant", std::string()) == f.repair.constant);
        reused += have;
        if (const Claim* c = Registry::instance().find(id); c && r.find(id) && !have)
          claims.push_back(c), only.insert(id + "." + f.repair.constant),
              names += (names.empty() ? "" : ", ") + id + "." + f.repair.constant;
      }
  if (reused)
    progress << "measured constants of the findings: " << reused
             << " taken from the results' slack entries\n";
  if (claims.empty())
    return;
  progress << "slack search (smoke budget) for " << names << "\n";
  RunOptions ro;
  ro.budget = Budget::smoke;
  ro.seed = r.run.seed;
  ro.progress = false;
  ro.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const auto t0 = std::chrono::steady_clock::now();
  SlackOptions so;
  so.only = only;
  const Results s = run_slack(claims, ro, so, progress);
  progress << "slack search for " << claims.size() << " claim(s) of the findings: " << std::fixed
           << std::setprecision(1)
           << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << "s\n";
  if (!r.slack.is_array())
    r.slack = nlohmann::json::array();
  for (const auto& e : s.slack)
    r.slack.push_back(e);
}

void print_done(const Results& res, const std::string& json_path) {
  std::map<std::string, int> counts;
  int stale = 0;
  for (const auto& c : res.claims)
    ++counts[to_string(c.outcome.status)], stale += c.source && c.source->stale;
  std::cerr << "done in " << std::fixed << std::setprecision(1) << res.run.seconds << "s:";
  for (const auto& [k, v] : counts)
    std::cerr << " " << k << "=" << v;
  if (!res.run.pins.empty())
    std::cerr << "; stale=" << stale;
  std::cerr << "\n";
  if (!res.run.sources_note.empty())
    std::cerr << "sources: " << res.run.sources_note << "\n";
  std::cerr << "results: " << json_path << "\n";
}

/// --seed: a non-negative integer below 2^64, in digits ('-1', '2^64', '1e23' and '' are refused).
const CLI::Validator kSeed(
    [](std::string& v) {
      std::uint64_t x = 0;
      return parse_seed(v, x)
                 ? std::string()
                 : "--seed '" + v + "': expected a non-negative integer below 2^64 (digits only)";
    },
    "SEED");
/// --shard: I/N in digits, 1 <= I <= N ('' and ' 1/3', '+1/3' are refused).
const CLI::Validator kShardLabel(
    [](std::string& v) {
      unsigned i = 0;
      return valid_shard_label(v, &i) && i > 0
                 ? std::string()
                 : "--shard '" + v + "': expected I/N with 1 <= I <= N (digits)";
    },
    "I/N");
/// A finite number (CLI::Range lets NaN through).
const CLI::Validator kFinite(
    [](std::string& v) {
      try {
        std::size_t used = 0;
        const double x = std::stod(v, &used);
        if (used == v.size() && std::isfinite(x))
          return std::string();
      } catch (const std::exception&) {
      }
      return "'" + v + "': expected a finite number";
    },
    "NUMBER");

} // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "dcrv — machine-checks every claim of the paper and writes a LaTeX verification report.\n"
      "Statuses: certified (interval/exact proof), verified (no violation in the evidence), falsified\n"
      "(MPFR-confirmed counterexample, replayable), inconclusive, unchecked, not-checkable."};
  app.require_subcommand(1);

  auto* list = app.add_subcommand("list", "List registered claims (every inventory ID, plus extra readings)");
  bool list_json = false;
  std::vector<std::string> list_filters{"*"};
  list->add_flag("--json", list_json,
                 "JSON output: id, kind, where, constants with value, role and valid range");
  list->add_option("--filter", list_filters, "Glob over claim IDs (repeatable), e.g. 'B.*'");

  auto* run = app.add_subcommand("run", "Run the checks and write results.json");
  auto* certify = app.add_subcommand(
      "certify", "Run the claims that have an interval certificate (or --filter), with certification: a "
                 "verified claim whose certificate closes becomes certified");
  RunOptions ro;
  std::vector<std::string> sets;
  std::string budget = "standard", json_path = "results.json";
  bool quiet = false;
  std::string backend = "auto";
  std::string paper, pins, shard;
  bool no_stale = false;
  auto add_source_options = [&](CLI::App* sub) {
    sub->add_option("--paper", paper,
                    "Paper directory for stale detection (default: ../shared/paper beside the project)");
    sub->add_option("--pins", pins, "Pinned sources (default: reports/baseline/pins.json of the project)");
  };
  for (auto* sub : {run, certify}) {
    sub->add_option("--filter", ro.filters, "Glob over claim IDs (repeatable); default '*'");
    sub->add_option("--budget", budget, "smoke | standard | deep")
        ->check(CLI::IsMember({"smoke", "standard", "deep"}));
    sub->add_option("--seed", ro.seed, "Seed (same seed + budget + build => same results)")->check(kSeed);
    sub->add_option("--digits", ro.digits, "MPFR digits for confirmation (>= 32)")
        ->check(CLI::Range(32u, 2000u));
    sub->add_option("--jobs", ro.jobs, "Claims run in parallel")->check(CLI::Range(1, 256));
    sub->add_option("--json", json_path, "Results file (written atomically, also while running)");
    sub->add_option(
        "--set", sets,
        "Override a paper constant: ID.NAME=VALUE (repeatable), inside the constant's valid range "
        "(dcrv list: >= 0 for a positive paper value, <= 0 for a negative one, unless the claim "
        "states another)");
    sub->add_flag("--quiet", quiet, "No progress on stderr");
    sub->add_option("--backend", backend,
                    "Where ensembles run: auto (cuda when a device is present) | cpu | cuda")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    add_source_options(sub);
    sub->add_flag("--no-stale", no_stale, "Do not compare the paper with the pins");
    sub->add_option("--shard", shard,
                    "Run shard I of N (claims by ID hash, stable as claims are added), e.g. 2/8")
        ->check(kShardLabel);
  }
  std::string export_dir; // dcrv certify --export DIR, dcrv recheck DIR (checks/recheck.hpp)
  certify->add_option("--export", export_dir,
                      "Write every proved certificate's closed boxes and identity records to DIR");
  auto* recheck =
      app.add_subcommand("recheck", "Re-verify the boxes and identities of dcrv certify --export DIR");
  std::string recheck_dir;
  recheck->add_option("dir", recheck_dir, "Directory of the export")->required();
  run->add_flag(
      "--certify", ro.certify,
      "Certification stage: upgrade verified claims whose interval certificate closes to certified");

  auto* pin =
      app.add_subcommand("pin", "Pin the claims' LaTeX sources (what the checks were written against)");
  std::vector<std::string> pin_filters;
  add_source_options(pin);
  pin->add_option("--filter", pin_filters,
                  "Re-pin only these claims (glob, repeatable); the other pins are kept");

  auto* whatif = app.add_subcommand(
      "what-if",
      "Run the stale claims whose change is a declared constant with the new value; list the rest");
  std::vector<std::string> wi_filters{"*"};
  std::string wi_budget = "standard", wi_json = "what-if.json";
  add_source_options(whatif);
  whatif->add_option("--filter", wi_filters, "Glob over claim IDs (repeatable); default '*'");
  whatif->add_option("--budget", wi_budget, "smoke | standard | deep")
      ->check(CLI::IsMember({"smoke", "standard", "deep"}));
  whatif->add_option("--json", wi_json, "Results of the what-if runs, with the what_if entries");

  auto* slack = app.add_subcommand("slack", "Flip point of every declared constant (bisection with --set)");
  std::vector<std::string> sl_filters{"*"};
  std::string sl_budget = "smoke", sl_json = "slack.json";
  SlackOptions slack_opts;
  slack->add_option("--filter", sl_filters, "Glob over claim IDs (repeatable); default '*'");
  slack->add_option("--budget", sl_budget, "Budget of every probe (default smoke)")
      ->check(CLI::IsMember({"smoke", "standard", "deep"}));
  slack->add_option("--json", sl_json, "Results at the paper values, with the slack entries");
  slack->add_option("--tolerance", slack_opts.rel_tol, "Relative width at which the bisection stops")
      ->check(kFinite & CLI::Range(1e-6, 0.5));
  for (auto* sub : {whatif, slack}) {
    sub->add_option("--seed", ro.seed, "Seed")->check(kSeed);
    sub->add_option("--digits", ro.digits, "MPFR digits")->check(CLI::Range(32u, 2000u));
    sub->add_option("--jobs", ro.jobs, "Claims (constants) in parallel")->check(CLI::Range(1, 256));
    sub->add_flag("--quiet", quiet, "No progress on stderr");
  }

  auto* merge = app.add_subcommand("merge", "Join the results of the shards of one run");
  std::vector<std::string> merge_in;
  std::string merge_out = "results.json";
  merge->add_option("files", merge_in, "Shard results (dcrv run --shard I/N)")->required();
  merge->add_option("--json", merge_out, "Merged results file");
  bool allow_partial = false;
  merge->add_flag(
      "--allow-partial", allow_partial,
      "Merge incomplete files (complete: false, from an interrupted run); the merge is incomplete");

  auto* report =
      app.add_subcommand("report", "Turn results.json into the appendix, the macros and the dossier");
  std::string report_in = "results.json";
  ReportOptions rep;
  report->add_option("results", report_in, "Results file")->required();
  report->add_option("--out", rep.out_dir, "Output directory");
  report->add_flag("--pdf", rep.pdf, "Also build the PDF with latexmk/pdflatex");
  std::string report_baseline, report_slack;
  report->add_option(
      "--slack", report_slack,
      "Slack results (dcrv slack): the slack map and the measured constants of falsified claims");
  report->add_option("--baseline", report_baseline,
                     "Baseline results: the first page lists the regressions against it (as dcrv diff)");
  report->add_option("--paper", rep.paper_dir,
                     "The paper's LaTeX, for its statement numbers (default: the run's)");

  auto* replay = app.add_subcommand("replay", "Re-evaluate the stored witness of a claim (MPFR)");
  std::string replay_id, replay_from = "results.json";
  unsigned replay_digits = 0;
  replay->add_option("id", replay_id, "Claim ID")->required();
  replay->add_option("--from", replay_from, "Results file holding the witness");
  replay->add_option("--digits", replay_digits, "MPFR digits (default: those of the run)")
      ->check(CLI::Range(static_cast<unsigned>(kMinDigits), static_cast<unsigned>(kMaxDigits)));

  auto* diff = app.add_subcommand("diff", "Regression check: exit 1 if any claim got worse");
  std::string diff_base, diff_new;
  diff->add_option("base", diff_base, "Baseline results")->required();
  diff->add_option("new", diff_new, "New results")->required();
  std::vector<std::string> diff_filters;
  diff->add_option("--filter", diff_filters,
                   "Compare only these claims (glob, repeatable), e.g. for a filtered run");

  auto* fp = app.add_subcommand("fingerprint", "Hash each claim's LaTeX source in the paper");
  std::string fp_paper, fp_out;
  fp->add_option("--paper", fp_paper, "Paper directory (main.tex + appendices)")->required();
  fp->add_option("--json", fp_out, "Write the fingerprints here (default: stdout)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  remove_temporary_files_on_signals();
  std::optional<OutputLock> output_lock; // held while this process writes its results file
  try {
    if (*list)
      return cmd_list(list_json, list_filters);
    if (*recheck) {
      set_working_digits(ro.digits);
      return cmd_recheck(recheck_dir, std::cout);
    }
    if (*run || *certify) {
      // Before anything builds a number: certificates (built on first use, below) and every other interval or
      // MPFR value then carry the working precision. One built at Boost's initial 20 digits makes the
      // defaults drift under --jobs > 1 (see working_precision_drift in dcrv/real.hpp).
      set_working_digits(ro.digits);
      json_path = check_output_path(json_path); // before the run: not empty, not a device, links resolved
      output_lock.emplace(json_path);
      const auto& reg = Registry::instance();
      ro.budget = budget_from_string(budget);
      if (*certify) {
        ro.certify = true;
        if (ro.filters == std::vector<std::string>{"*"}) { // default: the claims with a certificate
          ro.filters.clear();
          for (const auto& cert : certify::certificates())
            if (reg.find(cert.claim))
              ro.filters.push_back(cert.claim);
          if (ro.filters.empty())
            throw UsageError("certify: no registered claim of this build has a certificate");
        }
      }
      for (const auto& s : sets)
        ro.overrides.push_back(parse_override(s, reg));
      const auto claims = select_claims(ro.filters, reg);
      for (const auto& ov : ro.overrides)
        if (std::find(claims.begin(), claims.end(), reg.find(ov.id)) == claims.end())
          throw UsageError("--set " + ov.text + ": claim " + ov.id + " is not selected by --filter");
      validate_overrides(claims, ro.overrides);
      try {
        ro.backend = resolve_backend(backend);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
      ro.json_path = json_path;
      ro.progress = !quiet;
      auto selected = claims;
      if (!shard.empty()) {
        const Shard sh = parse_shard(shard);
        selected = select_shard(claims, sh);
        ro.shard = sh.text();
      }
      SourcePaths sp = default_source_paths(project_root(built_from()), paper, pins);
      sp.disabled = no_stale;
      attach_sources(selected, sp, ro);
      const auto res = run_claims(selected, ro, std::cerr);
      print_done(res, json_path);
      if (!export_dir.empty())
        export_certificates(export_dir, res, ro, std::cerr);
      return 0;
    }
    if (*pin) {
      const auto& reg = Registry::instance();
      const SourcePaths sp = default_source_paths(project_root(built_from()), paper, pins);
      if (sp.paper.empty() || !std::filesystem::is_regular_file(std::filesystem::path(sp.paper) / "main.tex"))
        throw UsageError("pin: no paper at '" + sp.paper + "' (give --paper DIR)");
      if (sp.pins.empty())
        throw UsageError("pin: no project directory found (give --pins FILE)");
      nlohmann::json previous;
      if (std::filesystem::is_regular_file(sp.pins))
        previous = read_pins(sp.pins);
      std::vector<std::string> ids;
      if (!pin_filters.empty())
        for (const Claim* c : select_claims(pin_filters, reg))
          ids.push_back(c->id);
      const auto fp = fingerprint_paper(sp.paper, reg.claims(), true);
      // The paper as the pins name it: relative to the project when it is the default.
      const std::string paper_name = sp.paper_given ? sp.paper : "../shared/paper";
      const auto pinned = make_pins(fp, previous, ids, paper_name);
      int changed = 0, added = 0;
      for (auto it = pinned["claims"].begin(); it != pinned["claims"].end(); ++it) {
        if (!previous.is_object() || !previous["claims"].contains(it.key()))
          ++added;
        else if (previous["claims"][it.key()]["hash"] != it.value()["hash"])
          ++changed;
      }
      write_file_atomic(sp.pins, pinned.dump(1) + "\n");
      std::cout << "pinned " << (ids.empty() ? pinned["claims"].size() : ids.size()) << " claim(s) in "
                << sp.pins << " (" << added << " new, " << changed << " re-pinned with a changed source)\n";
      return 0;
    }
    if (*whatif || *slack) {
      const auto& reg = Registry::instance();
      ro.budget = budget_from_string(*whatif ? wi_budget : sl_budget);
      ro.filters = *whatif ? wi_filters : sl_filters;
      ro.progress = !quiet;
      ro.backend = resolve_backend("auto");
      const auto claims = select_claims(ro.filters, reg);
      std::string& out_path = *whatif ? wi_json : sl_json;
      out_path = check_output_path(out_path);
      output_lock.emplace(out_path);
      if (*whatif) {
        const SourcePaths sp = default_source_paths(project_root(built_from()), paper, pins);
        attach_sources(claims, sp, ro);
        if (ro.pins.empty())
          throw UsageError("what-if needs the paper and the pins: " + ro.sources_note);
        ro.json_path = wi_json;
        const Results res = run_what_if(claims, ro, std::cerr);
        std::size_t stale = 0;
        for (const auto& e : res.what_if) {
          ++stale;
          std::cout << std::left << std::setw(40) << e["id"].get<std::string>() << " " << std::setw(26)
                    << e["verdict"].get<std::string>();
          for (const auto& o : e["overrides"])
            std::cout << " --set " << o.get<std::string>();
          for (const auto& r : e["needs_review"])
            std::cout << "\n    needs review: " << r.get<std::string>();
          std::cout << "\n";
        }
        std::cout << stale << " stale claim(s) of " << claims.size() << " selected; results: " << wi_json
                  << "\n";
        return 0;
      }
      ro.json_path = sl_json;
      const Results res = run_slack(claims, ro, slack_opts, std::cerr);
      for (const auto& e : res.slack) {
        std::cout << std::left << std::setw(44)
                  << (e["id"].get<std::string>() + "." + e["constant"].get<std::string>()) << " "
                  << std::setw(6) << e["role"].get<std::string>() << " paper " << std::setw(12)
                  << e["paper_value"].get<double>() << " best "
                  << (e["best"].is_null() ? std::string("-") : exact_number(e["best"].get<double>()))
                  << (e["ratio"].is_null() ? std::string()
                                           : "  ratio " + exact_number(e["ratio"].get<double>()).substr(0, 8))
                  << "  " << e.value("note", std::string()) << "\n";
      }
      std::cout << res.slack.size() << " constant(s); results: " << sl_json << "\n";
      return 0;
    }
    if (*merge) {
      merge_out = check_output_path(merge_out);
      output_lock.emplace(merge_out);
      std::vector<Results> parts;
      for (const auto& f : merge_in)
        parts.push_back(read_results(f));
      std::vector<std::string> order;
      for (const auto& c : Registry::instance().claims())
        order.push_back(c.id);
      const Results m = merge_results(parts, merge_in, order, allow_partial);
      write_results(m, merge_out);
      std::cerr << "merged " << parts.size() << " file(s), " << m.claims.size() << " claims"
                << (m.run.shard.empty() ? std::string() : " (incomplete: shards " + m.run.shard + ")")
                << (m.complete ? std::string() : " (incomplete: an interrupted shard, --allow-partial)")
                << " into " << merge_out << "\n";
      return 0;
    }
    if (*report) {
      Results r = read_results(report_in);
      if (!r.complete)
        std::cout << "INCOMPLETE: " << report_in << " is from an interrupted run (complete: false), "
                  << r.claims.size() << " claims finished\n";
      if (!report_slack.empty())
        r.slack = read_results(report_slack).slack;
      if (!report_baseline.empty()) {
        Results base = read_results(report_baseline);
        restrict_to_selection(base, r);
        rep.baseline_diff = diff_results(base, r);
        rep.baseline_name = report_baseline;
      }
      if (rep.paper_dir.empty())
        rep.paper_dir = !r.run.paper.empty() && std::filesystem::exists(r.run.paper)
                            ? r.run.paper
                            : default_source_paths(project_root(built_from()), "", "").paper;
      attach_finding_slack(r, std::cerr); // the measured constants of the findings (slack search)
      const ReportFiles f = write_report(r, rep);
      for (const auto* p : {&f.appendix, &f.macros, &f.fragment, &f.standalone, &f.appendix_standalone})
        std::cout << "wrote " << *p << "\n";
      if (!f.appendix_pdf.empty())
        std::cout << "wrote " << f.appendix_pdf << " (" << f.appendix_pages << " pages)\n";
      for (const auto& d : f.data)
        std::cout << "wrote " << d << "\n";
      if (!f.pdf.empty())
        std::cout << "wrote " << f.pdf << "\n";
      if (rep.pdf && f.pdf.empty()) {
        std::cerr << "no PDF: " << f.pdf_message << "\n";
        return 3;
      }
      return 0;
    }
    if (*replay) {
      const Results r = read_results(replay_from);
      const ReplayReport rep = replay_claim(r, replay_from, replay_id, replay_digits, Registry::instance());
      std::cout << replay_id << ": " << rep.text() << "\n";
      return rep.reproduced ? 0 : 1;
    }
    if (*diff) {
      Results b = read_results(diff_base), n = read_results(diff_new);
      for (const auto& [r, name] : {std::pair{&b, &diff_base}, std::pair{&n, &diff_new}})
        if (!r->complete)
          std::cout << "INCOMPLETE: " << *name << " is from an interrupted run (complete: false), "
                    << r->claims.size() << " claims finished: claims it lacks count as missing\n";
      restrict_to_selection(b, n);
      if (!diff_filters.empty()) {
        for (Results* r : {&b, &n})
          std::erase_if(r->claims, [&](const ClaimResult& c) {
            return std::none_of(diff_filters.begin(), diff_filters.end(),
                                [&](const std::string& g) { return glob_match(g, c.id); });
          });
        if (b.claims.empty() && n.claims.empty())
          throw UsageError("diff --filter matches no claim of " + diff_base + " or " + diff_new);
      }
      const DiffResult d = diff_results(b, n);
      print_diff(d, std::cout);
      return d.regressions > 0 ? 1 : 0;
    }
    if (*fp) {
      const auto j = fingerprint_paper(fp_paper, Registry::instance().claims());
      if (fp_out.empty())
        std::cout << j.dump(1) << "\n";
      else
        write_file_atomic(fp_out, j.dump(1) + "\n");
      return 0;
    }
  } catch (const UsageError& e) {
    std::cerr << "dcrv: " << e.what() << "\n";
    return 2;
  } catch (const SchemaError& e) {
    std::cerr << "dcrv: " << e.what() << "\n";
    return 2;
  } catch (const MergeError& e) {
    std::cerr << "dcrv: " << e.what() << "\n";
    return 2;
  } catch (const FindingError& e) {
    std::cerr << "dcrv: " << e.what() << "\n";
    return 1;
  } catch (const OutputError& e) {
    std::cerr << "dcrv: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "dcrv: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
