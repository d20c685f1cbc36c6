// Specifications of the report's documents: the findings of a run (refused when they do not hold), the macros
// (each defined, each the value of results.json), the paper's numbering and its badges, the appendix
// (compiles standalone and inside the paper's own preamble, at most 15 pages).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "reports/documents.hpp"
#include "reports/findings.hpp"
#include "reports/latex.hpp"
#include "reports/numbering.hpp"
#include "reports/results.hpp"
#include "tests/cli_support.hpp"

namespace fs = std::filesystem;
using namespace dcrv;
using dcrv::test::slurp;
using nlohmann::json;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path p = dcrv::test::process_scratch("docs").string() + "-" + name;
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

bool on_path(const std::string& tool) {
  return std::system(("command -v " + tool + " > /dev/null 2>&1").c_str()) == 0;
}

fs::path paper_dir() {
  return fs::path(DCRV_SOURCE_DIR) / ".." / "shared" / "paper";
}

fs::path baseline() {
  return fs::path(DCRV_SOURCE_DIR) / "reports" / "baseline" / "standard.json";
}

ClaimResult claim(const std::string& id, Status s) {
  ClaimResult c;
  c.id = id;
  c.kind = "bound";
  c.where = "App. G";
  c.statement = R"(x\le1)";
  c.outcome.status = s;
  c.outcome.message = "violation confirmed in MPFR (50 digits): lhs=1.0666663916667192 rhs=0 at S=3";
  c.outcome.evidence.tightness = 1.0666663916667192;
  c.outcome.evidence.worst_margin = -0.0624999;
  c.outcome.evidence.trials = 1000;
  if (s == Status::falsified)
    c.outcome.witness = {{"fields", {{"rho", 0.123456789}, {"w", {0.1, 0.2, 0.7}}}},
                         {"lhs", "1.0666663916667192"}};
  return c;
}

Results run_of(std::vector<ClaimResult> claims) {
  Results r;
  r.run.budget = "smoke";
  r.run.seed = 3;
  r.claims = std::move(claims);
  return r;
}

bool has_error(const FindingsOfRun& f, const std::string& part) {
  for (const auto& e : f.errors)
    if (e.find(part) != std::string::npos)
      return true;
  return false;
}

} // namespace

// --- findings -------------------------------------------------------------------------------------------

TEST_CASE("a finding whose claim is not falsified is refused: an error of the run", "[reports][findings]") {
  const Results r = run_of({claim("G.a", Status::falsified), claim("G.b", Status::verified),
                            claim("G.a~fixed", Status::verified), claim("G.b~fixed", Status::verified)});
  const std::vector<Finding> fs_ = {
      corrected_finding("G.f", "t", "c", {{"G.a", "G.a~fixed"}, {"G.b", "G.b~fixed"}}, "fix:")};
  const FindingsOfRun f = evaluate_findings(r, fs_);
  CHECK(has_error(f, "its claim G.b is verified, not falsified"));
  CHECK_THROWS_AS(checked_findings(r, fs_), FindingError);
}

TEST_CASE("a finding whose correction is not verified is refused, a verified one counts",
          "[reports][findings]") {
  std::vector<Finding> fs_ = {corrected_finding("G.f", "t", "c", {{"G.a", "G.a~fixed"}}, "fix:")};
  SECTION("the correction is falsified") {
    const Results r = run_of({claim("G.a", Status::falsified), claim("G.a~fixed", Status::falsified)});
    const FindingsOfRun f = evaluate_findings(r, fs_);
    CHECK(has_error(f, "G.a~fixed is falsified, not verified"));
    CHECK_THROWS_AS(checked_findings(r, fs_), FindingError);
  }
  SECTION("the correction was not run (a filtered run): shown as not checked, not counted, no error") {
    const Results r = run_of({claim("G.a", Status::falsified)});
    const FindingsOfRun f = checked_findings(r, fs_);
    REQUIRE(f.findings.size() == 1);
    REQUIRE(f.findings[0].repairs.size() == 1);
    CHECK(f.findings[0].repairs[0].checked == nullptr);
    CHECK(f.corrected == 0);
  }
  SECTION("the correction is verified: one checked correction, no uncovered claim") {
    const Results r = run_of({claim("G.a", Status::falsified), claim("G.a~fixed", Status::verified),
                              claim("G.z", Status::falsified)});
    const FindingsOfRun f = checked_findings(r, fs_);
    CHECK(f.corrected == 1);
    CHECK(f.findings.size() == 1);
    REQUIRE(f.uncovered.size() == 1); // G.z is falsified with no finding: listed, not hidden
    CHECK(f.uncovered[0]->id == "G.z");
  }
  SECTION("a claim in two findings") {
    fs_.push_back(corrected_finding("G.g", "t", "c", {{"G.a", "G.a~fixed"}}, "fix:"));
    const Results r = run_of({claim("G.a", Status::falsified), claim("G.a~fixed", Status::verified)});
    CHECK(has_error(evaluate_findings(r, fs_), "is in two findings"));
  }
  SECTION("a finding whose claims are not in a (filtered) run does not apply") {
    const Results r = run_of({claim("B.x", Status::verified)});
    const FindingsOfRun f = checked_findings(r, fs_);
    CHECK(f.findings.empty());
  }
}

TEST_CASE("a measured finding needs the slack search's flip point", "[reports][findings]") {
  const std::vector<Finding> fs_ = {measured_finding("H.f", "t", "c", {"H.a"}, "c")};
  Results r = run_of({claim("H.a", Status::falsified)});
  CHECK(has_error(evaluate_findings(r, fs_), "no measured value of H.a.c"));
  r.slack = json::array({{{"id", "H.a"},
                          {"constant", "c"},
                          {"best", 1.4744},
                          {"paper_value", 1.0},
                          {"role", "upper"},
                          {"status_at_paper", "falsified"}}});
  const FindingsOfRun f = checked_findings(r, fs_);
  CHECK(f.measured == 1);
  REQUIRE(f.findings[0].repairs.size() == 1);
  CHECK(f.findings[0].repairs[0].best == 1.4744);
}

namespace {
/// An App. J experiment claim as the stochastic engine writes it: two experiments (one fails), two setups.
ClaimResult experiment_claim(const std::string& id, Status s) {
  ClaimResult c = claim(id, s);
  c.kind = "empirical";
  auto& d = c.outcome.evidence.details;
  d["experiment grid"] = "0.496878 in [0.496722, 0.496973] (order statistics, ranks 138..279 of 12288 (exact "
                         "binomial), 12288 paths, level 1-1e-06); claim in [0.247, 0.287]: " +
                         std::string(s == Status::falsified ? "falsified" : "verified") +
                         "; paper beside dcrv = paper (5 seeds): about 0.267";
  d["experiment cosine"] = "0.12808 in [0.120232, 0.135928] (CLT (Student t, 1023 dof), 1024 paths, level "
                           "1-1e-06); claim <= 0.5: verified";
  d["failed paths, experiment grid"] = "none";
  const json stat = {{"name", "1/60-quantile [grid]"}, {"estimate", 0.40556795683160074},
                     {"lo", 0.37707538884062175},      {"hi", 0.4327048815855088},
                     {"confidence", 0.999999},         {"paths", 12288},
                     {"claim", "in [0.247, 0.287]"},   {"method", "order statistics"}};
  c.outcome.setups = {{"choices", json::array()},
                      {"rows", json::array({{{"setup", {{"initial policy", "uniform"}}},
                                             {"status", to_string(s)},
                                             {"details", {{"experiment grid", d["experiment grid"]}}}},
                                            {{"setup", {{"initial policy", "Dirichlet(1)"}}},
                                             {"status", to_string(s)},
                                             {"statistic", stat}}})},
                      {"deciding", json::array()}};
  return c;
}
} // namespace

TEST_CASE("the engine's experiment line is read back exactly", "[reports][findings]") {
  const auto v = parse_experiment_line(
      "B=16",
      "0.00163611 in [0, 0.00696101] (median of 5 from the empirical law of 2048 runs (Clopper-Pearson "
      "bounds of F(b) and F(a-)), 18 failed run(s) bracketed, 2048 paths, level 1-5e-07); claim >= "
      "0.01: falsified; 29 of 4096 paths failed (first: path 162, 3 paths, level 1-2)");
  REQUIRE(v);
  CHECK(v->estimate == 0.00163611);
  CHECK(v->lo == 0);
  CHECK(v->hi == 0.00696101);
  CHECK(v->paths == 2048);
  CHECK(v->alpha == 5e-07);
  CHECK(v->side == ">= 0.01");
  CHECK(v->status == "falsified");
  CHECK(v->method.find("18 failed run(s) bracketed") != std::string::npos);
  CHECK_FALSE(parse_experiment_line("x", "the mean is 0.3"));
}

TEST_CASE("a measured-value finding is refused when its claim is not falsified or has no statistic",
          "[reports][findings]") {
  const std::vector<Finding> fs_ = {value_finding("J.f", "t", "c", {"J.a"}, "about \\(0.267\\)")};
  SECTION("not falsified") {
    const Results r = run_of({experiment_claim("J.a", Status::verified)});
    const FindingsOfRun f = evaluate_findings(r, fs_);
    CHECK(has_error(f, "its claim J.a is verified, not falsified"));
    CHECK(has_error(f, "no measured value of J.a"));
    CHECK_THROWS_AS(checked_findings(r, fs_), FindingError);
  }
  SECTION("no experiment statistic in the results") {
    const Results r = run_of({claim("J.a", Status::falsified)});
    CHECK(has_error(evaluate_findings(r, fs_), "no measured value of J.a"));
    CHECK_THROWS_AS(checked_findings(r, fs_), FindingError);
  }
}

TEST_CASE("a measured-value finding's repair carries the run's statistics", "[reports][findings]") {
  const std::vector<Finding> fs_ = {
      value_finding("J.f", "t", "c", {"J.a"}, "a worst case of about \\(0.267\\)")};
  const Results r = run_of({experiment_claim("J.a", Status::falsified), claim("J.z", Status::falsified)});
  const FindingsOfRun f = checked_findings(r, fs_);
  CHECK(f.values == 1);
  CHECK(f.measured == 0);
  REQUIRE(f.findings.size() == 1);
  REQUIRE(f.findings[0].repairs.size() == 1);
  const auto& vals = f.findings[0].repairs[0].values;
  REQUIRE(vals.size() == 1); // the failing experiment only, not the verified cosine
  CHECK(vals[0].value.experiment == "grid");
  CHECK(vals[0].value.estimate == 0.496878);
  CHECK(vals[0].value.lo == 0.496722);
  CHECK(vals[0].value.hi == 0.496973);
  CHECK(vals[0].value.paths == 12288);
  CHECK(vals[0].setups == 2);
  CHECK(vals[0].low == 0.40556795683160074);
  CHECK(vals[0].high == 0.496878);
  // the appendix states them beside the paper's value
  ReportOptions o;
  const ReportContext ctx{r, o, Numbering{}, f};
  std::ostringstream t;
  write_appendix(t, ctx);
  const std::string app = t.str();
  INFO(app);
  CHECK(
      app.find(
          "the experiment gives 1/60-quantile [grid] \\(0.4969\\) [\\(0.4967\\), \\(0.497\\)] "
          "(12\\,288 paths, level "
          "\\(1-10^{-6}\\); from \\(0.4056\\) to \\(0.4969\\) over the 2 setups; claim in [0.247, 0.287])") !=
      std::string::npos);
  CHECK(app.find("The paper reports a worst case of about \\(0.267\\).") != std::string::npos);
  CHECK(app.find("repaired by 1 measured value of experiments;") != std::string::npos);
  CHECK(app.find("0 measured constants") == std::string::npos); // zero counts are left out
  CHECK(app.find("0 checked corrections") == std::string::npos);
  CHECK(app.find("Falsified, no finding yet (1)") != std::string::npos); // J.z: listed, never hidden
}

TEST_CASE("a partial certificate shows as verified (certified for its scope), never certified",
          "[reports][findings]") {
  ClaimResult c = claim("B.x", Status::verified);
  c.certificate = {{"status", "proved"}, {"scope", {{"whole", false}, {"summary", "S <= 3"}}}};
  CHECK(status_with_scope(c) == "verified (certified for S <= 3)");
  c.outcome.status = Status::certified;
  CHECK(status_with_scope(c) == "verified (certified for S <= 3)");
  c.certificate["scope"]["whole"] = true;
  CHECK(status_with_scope(c) == "certified");
}

TEST_CASE("the registered findings hold on the committed standard baseline's claims", "[reports][findings]") {
  if (!fs::exists(baseline())) {
    WARN("no baseline: skipped");
    return;
  }
  const Results r = read_results(baseline().string());
  const FindingsOfRun f = evaluate_findings(r, registered_findings());
  INFO([&] {
    std::string s;
    for (const auto& e : f.errors)
      s += e + "\n";
    return s;
  }());
  // Measured findings get their flip points from the report's slack search, and a correction added after
  // the baseline was written is not in it yet; anything else (a claim not falsified, a correction that
  // fails, a claim in two findings) is a wrong finding.
  for (const auto& e : f.errors)
    CHECK((e.find("no measured value") != std::string::npos ||
           e.find("was not checked in this run") != std::string::npos));
}

// --- readable numbers -----------------------------------------------------------------------------------

TEST_CASE("round_numbers shortens long decimals to 4 significant digits", "[reports][latex]") {
  CHECK(tex::round_numbers("lhs=1.0666663916667192 rhs=0 at S=3") == "lhs=1.067 rhs=0 at S=3");
  CHECK(tex::round_numbers("x=0.000123456789e-5, n=12345, y=1.5") == "x=1.235e-09, n=12345, y=1.5");
  CHECK(tex::round_numbers("B.lip-B.2 and 3.14") == "B.lip-B.2 and 3.14");
}

// --- macros ---------------------------------------------------------------------------------------------

namespace {
struct MacroDef {
  std::string id, field, shown, raw;
};
std::vector<MacroDef> macro_defs(const std::string& text) {
  static const std::regex re(R"(\\dcrv@def\{([^}]*)\}\{([^}]*)\}\{(.*)\}\{([^{}]*)\}\n)");
  std::vector<MacroDef> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back({(*it)[1], (*it)[2], (*it)[3], (*it)[4]});
  return out;
}
} // namespace

TEST_CASE("every number is a macro: each defined and expanding to the value in results.json",
          "[reports][macros]") {
  REQUIRE(fs::exists(baseline()));
  const Results r = read_results(baseline().string());
  const fs::path dir = scratch("macros");
  ReportOptions o;
  o.out_dir = dir.string();
  o.paper_dir = fs::exists(paper_dir() / "main.tex") ? paper_dir().string() : "";
  const std::vector<Finding> none;
  o.findings = &none;
  const ReportFiles f = write_report(r, o);
  const std::string text = slurp(f.macros);
  const auto defs = macro_defs(text);
  std::map<std::pair<std::string, std::string>, std::string> raw;
  for (const auto& d : defs)
    raw[{d.id, d.field}] = d.raw;
  // Every claim: its status, tightness and worst margin as stored.
  auto exact = [](double v) {
    char b[64];
    std::snprintf(b, sizeof b, "%.17g", v);
    return std::string(b);
  };
  for (const auto& c : r.claims) {
    INFO(c.id);
    CHECK(raw[{c.id, "status"}] == to_string(c.outcome.status));
    if (c.outcome.evidence.tightness)
      CHECK(raw[{c.id, "tightness"}] == exact(*c.outcome.evidence.tightness));
    if (c.outcome.evidence.worst_margin)
      CHECK(raw[{c.id, "margin"}] == exact(*c.outcome.evidence.worst_margin));
    CHECK(raw[{c.id, "trials"}] == std::to_string(c.outcome.evidence.trials));
  }
  CHECK(raw[{"run", "seed"}] == std::to_string(r.run.seed));
  CHECK(raw[{"run", "budget"}] == r.run.budget);
  CHECK(text.find("\\def\\dcrvrun{") != std::string::npos);

  SECTION("LaTeX expands each macro to that value") {
    if (!on_path("pdflatex")) {
      WARN("pdflatex is not on PATH: the expansion test is skipped");
      return;
    }
    std::ofstream t(dir / "expand.tex");
    t << "\\documentclass{article}\n\\input{dcrv-macros.tex}\n\\begin{document}\n";
    for (const auto& d : defs)
      t << "\\typeout{DCRV|\\detokenize{" << d.id << "}|" << d.field << "|\\dcrvraw{" << d.id << "}{"
        << d.field << "}|}\n";
    t << "\\dcrvrun\\ \\dcrvvalue{" << r.claims[0].id << "}{tightness}\n\\end{document}\n";
    t.close();
    const std::string cmd =
        "cd " + dir.string() +
        " && pdflatex -interaction=nonstopmode -halt-on-error expand.tex > /dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    const std::string log = slurp(dir / "expand.log");
    // \typeout wraps long lines at 79 characters: join them first.
    std::string joined;
    std::istringstream in(log);
    std::string line;
    while (std::getline(in, line))
      joined += line.size() == 79 ? line : line + "\n";
    static const std::regex re(R"(DCRV\|([^|]*)\|([^|]*)\|([^|]*)\|)");
    std::map<std::pair<std::string, std::string>, std::string> expanded;
    for (auto it = std::sregex_iterator(joined.begin(), joined.end(), re); it != std::sregex_iterator(); ++it)
      expanded[{(*it)[1], (*it)[2]}] = (*it)[3];
    std::size_t checked = 0;
    for (const auto& c : r.claims) {
      INFO(c.id);
      CHECK(expanded[{c.id, "status"}] == to_string(c.outcome.status));
      if (c.outcome.evidence.tightness) {
        const std::string e = expanded[{c.id, "tightness"}];
        REQUIRE_FALSE(e.empty());
        CHECK(std::strtod(e.c_str(), nullptr) == *c.outcome.evidence.tightness);
        ++checked;
      }
    }
    CHECK(checked > 100);
  }
}

// --- numbering and badges -------------------------------------------------------------------------------

TEST_CASE("the paper's numbering: lemmas by appendix, equations in order, sections", "[reports][numbering]") {
  if (!fs::exists(paper_dir() / "main.tex")) {
    WARN("the paper is not at " << paper_dir().string() << ": skipped");
    return;
  }
  const auto labels = paper_labels(paper_dir().string());
  REQUIRE(labels.size() > 50);
  std::size_t lemmas_b = 0, equations = 0;
  for (const auto& [l, p] : labels) {
    if (p.printed.rfind("Lemma~B.", 0) == 0)
      ++lemmas_b;
    if (p.kind == "equation") {
      ++equations;
      CHECK(p.printed.rfind("eq.~(", 0) == 0);
    }
  }
  CHECK(lemmas_b > 0);
  CHECK(equations > 0);
  // A claim located by its label gets the paper's number.
  Results r = run_of({claim("B.lip-B", Status::falsified)});
  r.claims[0].where = "App. B §Composite smoothness, Lemma \"Lipschitz of B(θ)\" (lem:B-lip-B)";
  const Numbering n = number_claims(r, paper_dir().string());
  CHECK(n.of("B.lip-B").label == "lem:B-lip-B");
  CHECK(n.printed("B.lip-B").rfind("Lemma~B.", 0) == 0);
}

TEST_CASE("a badge exists for every claim label, and the dossier holds its destination",
          "[reports][numbering][macros]") {
  if (!fs::exists(paper_dir() / "main.tex") || !fs::exists(baseline())) {
    WARN("the paper or the baseline is missing: skipped");
    return;
  }
  const Results r = read_results(baseline().string());
  const fs::path dir = scratch("badges");
  ReportOptions o;
  o.out_dir = dir.string();
  o.paper_dir = paper_dir().string();
  const std::vector<Finding> none;
  o.findings = &none;
  const ReportFiles f = write_report(r, o);
  const std::string macros = slurp(f.macros), dossier = slurp(f.fragment);
  const Numbering n = number_claims(r, paper_dir().string());
  const auto labels = n.claim_labels();
  CHECK(labels.size() > 100);
  for (const auto& l : labels) {
    INFO(l);
    CHECK(macros.find("\\dcrv@defbadge{" + l + "}") != std::string::npos);
    CHECK(dossier.find("\\hypertarget{dcrv:label:" + tex::anchor_of(l) + "}") != std::string::npos);
  }
}

// --- the appendix ---------------------------------------------------------------------------------------

TEST_CASE("the appendix compiles standalone in at most 15 pages and inside the paper's own preamble",
          "[reports][latex][pdf]") {
  if (!on_path("pdflatex") || !fs::exists(baseline())) {
    WARN("pdflatex or the baseline is missing: skipped");
    return;
  }
  const Results r = read_results(baseline().string());
  const fs::path dir = scratch("appendix");
  ReportOptions o;
  o.out_dir = dir.string();
  o.pdf = true;
  o.paper_dir = fs::exists(paper_dir() / "main.tex") ? paper_dir().string() : "";
  // The registered findings that hold on the baseline (one whose correction is newer than the baseline would
  // refuse the whole report).
  std::vector<Finding> holding;
  for (const Finding& fd : registered_findings())
    if (evaluate_findings(r, {fd}).errors.empty())
      holding.push_back(fd);
  o.findings = &holding;
  const ReportFiles f = write_report(r, o);
  INFO(f.pdf_message);
  REQUIRE_FALSE(f.appendix_pdf.empty());
  CHECK(f.appendix_pages >= 2);
  CHECK(f.appendix_pages <= 15);
  CHECK_FALSE(f.pdf.empty()); // the dossier compiles too
  const std::string app = slurp(f.appendix);
  CHECK(app.find("\\documentclass") == std::string::npos);
  // falsified claims without a finding are listed, never hidden (the baseline may have none left)
  CHECK((app.find("Falsified, no finding yet") != std::string::npos) ==
        !evaluate_findings(r, holding).uncovered.empty());
  CHECK(app.find("1.0666663916667192") == std::string::npos); // no raw 17-digit numbers

  if (!fs::exists(paper_dir() / "main.tex"))
    return;
  // The paper's preamble: main.tex up to \begin{document}, packages not installed here left out.
  std::ifstream in(paper_dir() / "main.tex");
  std::ostringstream wrapper;
  std::string line;
  static const std::regex pkg(R"(^\s*\\usepackage(\[[^\]]*\])?\{([^}]*)\})");
  while (std::getline(in, line) && line.find("\\begin{document}") == std::string::npos) {
    std::smatch m;
    // pifont needs the Zapf Dingbats metrics (pzdr.tfm), which a minimal TeX installation lacks.
    if (std::regex_search(line, m, pkg))
      wrapper << "\\IfFileExists{" << m[2] << ".sty}{"
              << (m[2] == "pifont" ? "\\IfFileExists{pzdr.tfm}{" + line + "}{}" : line) << "}{}\n";
    else
      wrapper << line << "\n";
  }
  wrapper << "\\begin{document}\nText.\n\\appendix\n\\input{dcrv-appendix.tex}\n\\end{document}\n";
  std::ofstream(dir / "paper-wrapper.tex") << wrapper.str();
  const std::string cmd =
      "cd " + dir.string() +
      " && pdflatex -interaction=nonstopmode -halt-on-error paper-wrapper.tex > /dev/null 2>&1"
      " && pdflatex -interaction=nonstopmode -halt-on-error paper-wrapper.tex > /dev/null 2>&1";
  INFO(slurp(dir / "paper-wrapper.log").substr(0, 0));
  const int rc = std::system(cmd.c_str());
  if (rc != 0) {
    const std::string log = slurp(dir / "paper-wrapper.log");
    const auto e = log.find("\n!");
    FAIL("the appendix does not compile in the paper's preamble: "
         << (e == std::string::npos ? log.substr(log.size() > 2000 ? log.size() - 2000 : 0)
                                    : log.substr(e, 600)));
  }
}
