// dcrv — machine-checks the claims of the paper and writes a LaTeX report.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "checks/registry.hpp"
#include "checks/runner.hpp"
#include "dcrv/backend.hpp"
#include "reports/diff.hpp"
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
        ks.push_back({{"name", k.name}, {"value", k.value}, {"role", to_string(k.role)}, {"meaning", k.meaning}});
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
    for (const auto& k : c->constants) std::cout << "  " << k.name << "=" << k.value << "(" << to_string(k.role) << ")";
    std::cout << "\n";
  }
  std::cout << claims.size() << " claims, " << implemented << " with a check\n";
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"dcrv — machine-checks every claim of the paper and writes a LaTeX verification report.\n"
               "Statuses: certified (interval/exact proof), verified (no violation in the evidence), falsified\n"
               "(MPFR-confirmed counterexample, replayable), inconclusive, unchecked, not-checkable."};
  app.require_subcommand(1);

  auto* list = app.add_subcommand("list", "List registered claims (every inventory ID, plus extra readings)");
  bool list_json = false;
  std::vector<std::string> list_filters{"*"};
  list->add_flag("--json", list_json, "JSON output: id, kind, where, constants with value and role");
  list->add_option("--filter", list_filters, "Glob over claim IDs (repeatable), e.g. 'B.*'");

  auto* run = app.add_subcommand("run", "Run the checks and write results.json");
  RunOptions ro;
  std::vector<std::string> sets;
  std::string budget = "standard", json_path = "results.json";
  bool quiet = false;
  run->add_option("--filter", ro.filters, "Glob over claim IDs (repeatable); default '*'");
  run->add_option("--budget", budget, "smoke | standard | deep")->check(CLI::IsMember({"smoke", "standard", "deep"}));
  run->add_option("--seed", ro.seed, "Seed (same seed + budget + build => same results)");
  run->add_option("--digits", ro.digits, "MPFR digits for confirmation (>= 32)")->check(CLI::Range(32u, 2000u));
  run->add_option("--jobs", ro.jobs, "Claims run in parallel")->check(CLI::Range(1, 256));
  run->add_option("--json", json_path, "Results file (written atomically, also while running)");
  run->add_option("--set", sets, "Override a paper constant: ID.NAME=VALUE (repeatable)");
  run->add_flag("--quiet", quiet, "No progress on stderr");
  std::string backend = "auto";
  run->add_option("--backend", backend, "Where ensembles run: auto (cuda when a device is present) | cpu | cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));

  auto* report = app.add_subcommand("report", "Turn results.json into LaTeX (fragment, standalone, PDF)");
  std::string report_in = "results.json";
  ReportOptions rep;
  report->add_option("results", report_in, "Results file")->required();
  report->add_option("--out", rep.out_dir, "Output directory");
  report->add_flag("--pdf", rep.pdf, "Also build the PDF with latexmk/pdflatex");

  auto* replay = app.add_subcommand("replay", "Re-evaluate the stored witness of a claim (MPFR)");
  std::string replay_id, replay_from = "results.json";
  unsigned replay_digits = 0;
  replay->add_option("id", replay_id, "Claim ID")->required();
  replay->add_option("--from", replay_from, "Results file holding the witness");
  replay->add_option("--digits", replay_digits, "MPFR digits (default: those of the run)");

  auto* diff = app.add_subcommand("diff", "Regression check: exit 1 if any claim got worse");
  std::string diff_base, diff_new;
  diff->add_option("base", diff_base, "Baseline results")->required();
  diff->add_option("new", diff_new, "New results")->required();

  auto* fp = app.add_subcommand("fingerprint", "Hash each claim's LaTeX source in the paper");
  std::string fp_paper, fp_out;
  fp->add_option("--paper", fp_paper, "Paper directory (main.tex + appendices)")->required();
  fp->add_option("--json", fp_out, "Write the fingerprints here (default: stdout)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  try {
    if (*list) return cmd_list(list_json, list_filters);
    if (*run) {
      const auto& reg = Registry::instance();
      ro.budget = budget_from_string(budget);
      for (const auto& s : sets) ro.overrides.push_back(parse_override(s, reg));
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
      const auto res = run_claims(claims, ro, std::cerr);
      std::map<std::string, int> counts;
      for (const auto& c : res.claims) ++counts[to_string(c.outcome.status)];
      std::cerr << "done in " << std::fixed << std::setprecision(1) << res.run.seconds << "s:";
      for (const auto& [k, v] : counts) std::cerr << " " << k << "=" << v;
      std::cerr << "\nresults: " << json_path << "\n";
      return 0;
    }
    if (*report) {
      const Results r = read_results(report_in);
      const ReportFiles f = write_report(r, rep);
      std::cout << "wrote " << f.fragment << "\n";
      if (!f.standalone.empty()) std::cout << "wrote " << f.standalone << "\n";
      for (const auto& d : f.data) std::cout << "wrote " << d << "\n";
      if (!f.pdf.empty()) std::cout << "wrote " << f.pdf << "\n";
      if (rep.pdf && f.pdf.empty()) {
        std::cerr << "no PDF: " << f.pdf_message << "\n";
        return 3;
      }
      return 0;
    }
    if (*replay) {
      const Results r = read_results(replay_from);
      const ClaimResult* cr = r.find(replay_id);
      const auto& reg = Registry::instance();
      const Claim* c = reg.find(replay_id);
      if (!c) throw UsageError("unknown claim '" + replay_id + "'");
      if (!cr) throw UsageError("claim " + replay_id + " is not in " + replay_from);
      if (cr->outcome.witness.is_null() || !cr->outcome.witness.contains("sample"))
        throw UsageError("claim " + replay_id + " has no stored witness in " + replay_from + " (status " +
                         to_string(cr->outcome.status) + ")");
      RunOptions o;
      o.digits = replay_digits ? replay_digits : (cr->outcome.witness.value("digits", r.run.digits));
      for (const auto& k : cr->constants)
        if (k.overridden) o.overrides.push_back({c->id, k.name, c->id + "." + k.name, k.value});
      set_working_digits(o.digits);
      Context ctx = make_context(*c, o);
      if (!c->replay) throw UsageError("claim " + replay_id + " has no replay");
      const Outcome out = c->replay(ctx, cr->outcome.witness);
      std::cout << replay_id << ": " << to_string(out.status) << " — " << out.message << "\n";
      return out.status == Status::falsified ? 0 : 1;
    }
    if (*diff) {
      const Results b = read_results(diff_base), n = read_results(diff_new);
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
  } catch (const std::exception& e) {
    std::cerr << "dcrv: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
