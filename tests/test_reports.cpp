// Specifications of the reports: results.json round trip and validation, diff, the LaTeX report (escaping,
// figures, compilation) and the paper fingerprints.
#include <algorithm>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <unistd.h>

#include "checks/registry.hpp"
#include "reports/claim_figures.hpp"
#include "reports/diff.hpp"
#include "reports/fingerprint.hpp"
#include "reports/latex.hpp"
#include "reports/results.hpp"
#include "tests/cli_support.hpp"

namespace fs = std::filesystem;
using namespace dcrv;
using dcrv::test::slurp;
using dcrv::test::spit;
using nlohmann::json;

namespace {

/// A fresh directory per test process and name (ctest runs test cases in parallel processes).
fs::path scratch(const std::string& name) {
  const fs::path p = dcrv::test::process_scratch("reports").string() + "-" + name;
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

bool on_path(const std::string& tool) {
  return std::system(("command -v " + tool + " > /dev/null 2>&1").c_str()) == 0;
}

ClaimResult claim(const std::string& id, Status s, const std::string& kind = "bound") {
  ClaimResult c;
  c.id = id;
  c.kind = kind;
  c.where = "App. B, Corollary cor:B-loewner, right inequality; reference table row \u2016J_\u03b8\u2016_op";
  c.statement = R"(v^\top J_\theta v \le c\,\|v\|_2^2$ for all $\theta\in\mathbb R^S$, $c=\tfrac12)";
  c.outcome.status = s;
  c.outcome.message = "verdict";
  if (s != Status::unchecked) {
    c.outcome.evidence.trials = 423;
    c.outcome.evidence.digits = 50;
    c.outcome.evidence.seconds = 0.25;
    c.outcome.evidence.method = "random+edge+local search";
    c.outcome.evidence.tightness = 0.75;
    c.outcome.evidence.worst_margin = 0.25;
  }
  return c;
}

/// A small but complete results set: every status, a reading, an override, a witness, an identity.
Results sample_results() {
  Results r;
  r.run.budget = "smoke";
  r.run.seed = 7;
  r.run.filter = "B.*";
  r.run.build = "gcc, release";
  r.run.started = "2026-01-01T00:00:00Z";
  r.run.seconds = 12.5;
  r.run.overrides = {"B.loewner-upper.c=0.49"};
  r.claims.push_back(claim("M.replicator-form", Status::certified, "identity"));
  r.claims.back().outcome.evidence.tightness = 2.5e-17;
  r.claims.back().outcome.evidence.details = {{"rate", "0.5"}};
  r.claims.back().certificate = {{"status", "proved"}, // certified: a proved certificate of the whole domain
                                 {"domain", "S = 2, 3"},
                                 {"scope", {{"whole", true}, {"summary", "whole domain"}}}};
  ClaimResult f = claim("B.loewner-upper", Status::falsified);
  f.constants.push_back({"c", 0.49, 0.5, "upper", true, "coefficient of ||v||^2"});
  f.outcome.evidence.tightness = 1.0204081632653061;
  f.outcome.evidence.worst_margin = -0.02;
  f.outcome.witness = {{"sample", {{"S", 2}, {"x", {0.0, 0.0, 1.0, -0.9}}, {"idx", json::array()}}},
                       {"lhs", "0.90249999999999997"},
                       {"rhs", "0.88444999999999996"},
                       {"score", 0.02},
                       {"digits", 50}};
  r.claims.push_back(f);
  ClaimResult reading = claim("B.loewner-upper~strict", Status::verified);
  reading.reading = "the inequality read as strict for S \u2265 3";
  reading.from_inventory = false;
  r.claims.push_back(reading);
  r.claims.push_back(claim("B.loewner-lower", Status::verified));
  ClaimResult inc = claim("B.lipJ-l2", Status::inconclusive);
  inc.outcome.message = "NaN at S=7 after 10^5 steps";
  inc.outcome.evidence.tightness.reset();
  r.claims.push_back(inc);
  ClaimResult nc = claim("A.single-site-nonuniform-possible", Status::not_checkable, "structural");
  nc.outcome.message = "qualitative; proxy: monotone entropy";
  r.claims.push_back(nc);
  r.claims.push_back(claim("J.star-always-fixates", Status::unchecked, "empirical"));
  r.claims.back().statement.clear();
  // A stochastic claim: its deciding statistic, and a figure with a confidence ribbon on log axes.
  ClaimResult st = claim("H.limits-diffusion", Status::verified, "stochastic");
  st.outcome.evidence.statistic = Statistic{"weak-error slope",
                                            1.02,
                                            0.95,
                                            1.09,
                                            1 - 1e-6,
                                            20000,
                                            "slope in [0.9, 1.1]",
                                            "least squares, CLT interval",
                                            0};
  st.outcome.series = {{"eta", {0.1, 0.05, 0.025}},
                       {"err", {0.02, 0.0101, 0.005}},
                       {"lo", {0.018, 0.009, nullptr}},
                       {"hi", {0.022, 0.011, 0.0055}},
                       {"figures",
                        {{{"title", "weak error against $\\eta$"},
                          {"x", "eta"},
                          {"y", {"err"}},
                          {"legend", {"$|\\mathbb E f(p_T)-\\mathbb E f(X_T)|$"}},
                          {"xlabel", "$\\eta$"},
                          {"ylabel", "weak error"},
                          {"logx", true},
                          {"logy", true},
                          {"band", {{"lo", "lo"}, {"hi", "hi"}}}}}}};
  r.claims.push_back(st);
  return r;
}

/// The same, plus an ID and a message made of every character LaTeX treats specially.
Results hostile_results() {
  Results r = sample_results();
  ClaimResult h = claim("a_b~c%&$#{}\\", Status::falsified);
  h.outcome.message = "msg: 100% & $x$ #1 {a} \\end{document} ~ ^ _ < > | \" ' ` -- \n\n\t\x01 "
                      "\u2016\u03b8\u2016 \U0001F642 \xff";
  h.where = "\u00a7B.2 \u201cquoted\u201d J\u0303 \u2264 \u00bd";
  h.reading = "reading with %, & and \\par";
  h.constants.push_back({"c_%&", 1.5, 2.0, "upper", true, "meaning with _ and ^ and %"});
  h.outcome.witness = {{"sample", {{"S", 3}, {"x", {1e-300, -2.5, 3.0}}, {"note", "}{"}}},
                       {"lhs", std::string(60, '9')},
                       {"rhs", "$%&"},
                       {"odd key_%", {{"nested", "\\x"}}}};
  r.claims.push_back(h);
  ClaimResult prose = claim("B.prose-first", Status::falsified);
  prose.statement =
      R"((i) The map $p\mapsto q$ is onto $\Delta_\delta$ for \texttt{face\_gap}; (ii) $\|x\|_2\le1)";
  r.claims.push_back(prose);
  ClaimResult badfig = claim("H.bad-figure", Status::verified, "stochastic");
  badfig.outcome.series = {{"x", {1, 2}}, {"y", {1}}, {"figures", {{{"x", "x"}, {"y", {"y", "missing"}}}}}};
  r.claims.push_back(badfig);
  ClaimResult bad = claim("B.bad-statement", Status::falsified);
  bad.statement = "x \\le {y$ unbalanced"; // shown as source, must not break the document
  r.claims.push_back(bad);
  return r;
}

} // namespace

// --- results.json -----------------------------------------------------------------------------------------

TEST_CASE("results JSON round trip: to_json -> results_from_json -> to_json is the identity", "[reports]") {
  const Results r = sample_results();
  const json j = to_json(r);
  const Results back = results_from_json(j, "mem");
  INFO("after the round trip: " << to_json(back).dump());
  INFO("before: " << j.dump());
  CHECK(to_json(back) == j);
  // Also through the file writer and reader (atomic write, parse, validation).
  const fs::path dir = scratch("roundtrip");
  write_results(r, (dir / "r.json").string());
  CHECK(to_json(read_results((dir / "r.json").string())) == j);
}

TEST_CASE("a statistic that could not be estimated (NaN, stored as null) reads back", "[reports]") {
  // A Welch interval of two zero-variance samples has no estimate: the writer stores NaN as null, and a
  // results file holding one must still load (replay, report and diff read the whole file).
  Results r = sample_results();
  ClaimResult st =
      claim("J.grpo-batch-dependent-drift~importance-weighted", Status::inconclusive, "empirical");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  st.outcome.evidence.statistic = Statistic{
      "mean drift difference", nan, nan, nan, 1 - 5e-7, 2048, ">= 1e-06", "Welch (difference of means)", 0};
  r.claims.push_back(st);
  const json j = json::parse(to_json(r).dump()); // as written to results.json
  CHECK(j["claims"].back()["evidence"]["statistic"]["estimate"].is_null());
  const Results back = results_from_json(j, "mem");
  const Statistic& s = *back.claims.back().outcome.evidence.statistic;
  CHECK(std::isnan(s.estimate));
  CHECK(std::isnan(s.lo));
  CHECK(std::isnan(s.hi));
  CHECK(s.paths == 2048);
}

TEST_CASE("malformed JSON gives a SchemaError with line and column", "[reports][errors]") {
  const fs::path p = scratch("malformed") / "bad.json";
  spit(p, "{\n  \"schema\": \"dcrv-results/1\",\n  \"run\": {,}\n}\n");
  try {
    read_results(p.string());
    FAIL("no SchemaError");
  } catch (const SchemaError& e) {
    const std::string what = e.what();
    CHECK(what.find("line 3") != std::string::npos);
    CHECK(what.find("column") != std::string::npos);
    CHECK(what.find(p.string()) != std::string::npos);
  }
}

TEST_CASE("a wrong schema or a missing key gives a SchemaError naming the JSON pointer",
          "[reports][errors]") {
  json j = to_json(sample_results());
  SECTION("wrong schema string") {
    j["schema"] = "dcrv-results/0";
    try {
      results_from_json(j, "f.json");
      FAIL("no SchemaError");
    } catch (const SchemaError& e) {
      CHECK(std::string(e.what()).find("/schema") != std::string::npos);
      CHECK(std::string(e.what()).find("f.json") != std::string::npos);
    }
  }
  SECTION("missing key") {
    j["claims"][1].erase("status");
    try {
      results_from_json(j, "f.json");
      FAIL("no SchemaError");
    } catch (const SchemaError& e) {
      CHECK(std::string(e.what()).find("/claims/1/status") != std::string::npos);
    }
  }
  SECTION("wrong type") {
    j["claims"][0]["evidence"]["trials"] = "many";
    CHECK_THROWS_WITH(results_from_json(j, "f.json"), Catch::Contains("/claims/0/evidence/trials"));
  }
  SECTION("unknown status") {
    j["claims"][0]["status"] = "proved";
    CHECK_THROWS_WITH(results_from_json(j, "f.json"), Catch::Contains("/claims/0/status"));
  }
}

// --- diff -------------------------------------------------------------------------------------------------

TEST_CASE("diff flags a status regression and reports improvements", "[reports]") {
  const Results base = sample_results();
  Results now = base;
  for (auto& c : now.claims) {
    if (c.id == "B.loewner-lower")
      c.outcome.status = Status::falsified; // verified -> falsified
    if (c.id == "B.lipJ-l2")
      c.outcome.status = Status::verified; // inconclusive -> verified
  }
  const DiffResult d = diff_results(base, now);
  CHECK(d.regressions == 1);
  CHECK(d.improvements == 1);
  bool flagged = false;
  for (const auto& e : d.changes)
    if (e.id == "B.loewner-lower")
      flagged = e.regression && e.base_status == "verified" && e.new_status == "falsified";
  CHECK(flagged);
  std::ostringstream os;
  print_diff(d, os);
  CHECK(os.str().find("REGRESSION") != std::string::npos);
  CHECK(os.str().find("1 regression(s), 1 improvement(s)") != std::string::npos);

  SECTION("a claim missing from the new results is a regression") {
    Results fewer = base;
    fewer.claims.pop_back();
    CHECK(diff_results(base, fewer).regressions == 1);
  }
  SECTION("identical results: no change") {
    const DiffResult same = diff_results(base, base);
    CHECK(same.regressions == 0);
    CHECK(same.changes.empty());
  }
}

// --- LaTeX ------------------------------------------------------------------------------------------------

TEST_CASE("a check's figures become .dat tables and pgfplots axes — malformed specs are reported, not drawn",
          "[reports][latex]") {
  const fs::path dir = scratch("claim-figures");
  ReportOptions o;
  o.out_dir = dir.string();
  const ReportFiles f = write_report(hostile_results(), o);
  const fs::path dat = dir / "fig-Hxlimitsxdiffusion-1.dat";
  REQUIRE(fs::exists(dat));
  CHECK(std::find(f.data.begin(), f.data.end(), dat.string()) != f.data.end());
  std::ifstream in(dat);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str().find("c0 c1 c2 c3") != std::string::npos);
  CHECK(ss.str().find("0.025 0.005 nan 0.0055") != std::string::npos); // null -> a gap
  std::ifstream tex(f.fragment);
  std::stringstream ts;
  ts << tex.rdbuf();
  CHECK(ts.str().find("Figures of the checks") != std::string::npos);
  CHECK(ts.str().find("densely dashed") != std::string::npos);     // the interval's edges
  CHECK(ts.str().find("figure 1 not drawn") != std::string::npos); // H.bad-figure
  CHECK(figure_spec_problem(json{{"a", {1, 2}}}, json{{"x", "a"}, {"y", {"a"}}}).empty());
  CHECK(figure_spec_problem(json{{"a", {1, 2}}, {"b", {1}}}, json{{"x", "a"}, {"y", {"b"}}}) ==
        "columns of one figure differ in length");
}

TEST_CASE("latex_escape escapes every special character", "[reports][latex]") {
  CHECK(latex_escape("a_b~c%&$#{}\\") == "a\\_b\\textasciitilde{}c\\%\\&\\$\\#\\{\\}\\textbackslash{}");
  CHECK(latex_escape("x^2 <y> |z|") ==
        "x\\textasciicircum{}2 \\textless{}y\\textgreater{} \\textbar{}z\\textbar{}");
  CHECK(latex_escape("--from") == "-{}-from"); // no en-dash ligature
  CHECK(latex_escape("a\n\nb") == "a  b");     // no paragraph break inside a cell
  CHECK(latex_escape("\x01") == "");           // control characters dropped
  CHECK(latex_escape("\u2016\u03b8\u2016") == "\\ensuremath{\\|}\\ensuremath{\\theta}\\ensuremath{\\|}");
  CHECK(latex_escape("\u00a72") == "\\S{}2");
  CHECK(latex_escape("J\u0303") == "\\ensuremath{\\tilde{J}}"); // combining tilde
  CHECK(latex_escape("\U0001F642") == "[U+1F642]");             // unknown: named, not passed to pdflatex
  CHECK(latex_escape("\xff") == "[U+FFFD]");                    // invalid UTF-8
}

TEST_CASE("write_report writes the fragment, the standalone document and the .dat tables",
          "[reports][latex]") {
  const fs::path dir = scratch("report");
  ReportOptions o;
  o.out_dir = (dir / "out").string();
  const Results r = sample_results();
  const ReportFiles f = write_report(r, o);
  REQUIRE(fs::exists(f.fragment));
  REQUIRE(fs::exists(f.standalone));
  CHECK(f.pdf.empty());
  const std::string frag = slurp(f.fragment), standalone = slurp(f.standalone);

  // The fragment has no preamble; the standalone loads the packages and \inputs it.
  CHECK(frag.find("\\documentclass") == std::string::npos);
  CHECK(frag.find("\\begin{document}") == std::string::npos);
  CHECK(standalone.find("\\input{dcrv-report.tex}") != std::string::npos);
  for (const char* pkg : {"booktabs", "longtable", "xcolor", "amsmath", "amssymb", "pgfplots"})
    CHECK(standalone.find(pkg) != std::string::npos);

  // Summary, one section per part, falsified details with replay, inconclusive/not-checkable messages.
  CHECK(frag.find("Main text") != std::string::npos);
  CHECK(frag.find("Appendix B") != std::string::npos);
  CHECK(frag.find("\\begin{longtable}") != std::string::npos);
  CHECK(frag.find("Falsified claims") != std::string::npos);
  CHECK(frag.find("dcrv replay B.loewner-upper -{}-from results.json") != std::string::npos);
  CHECK(frag.find("(override)") != std::string::npos);
  CHECK(frag.find("0.9024999999") != std::string::npos); // long MPFR digits get break points
  CHECK(frag.find("NaN at S=7") != std::string::npos);
  CHECK(frag.find("qualitative; proxy") != std::string::npos);
  CHECK(frag.find("How to read this report") != std::string::npos);
  CHECK(frag.find("\\(v^\\top J_\\theta v") != std::string::npos); // statement typeset as math
  // Tightness with four significant digits; the reading right below its claim.
  CHECK(frag.find("1.020") != std::string::npos);
  CHECK(frag.find("1.02041") == std::string::npos);
  const auto row = frag.find("\\texttt{B.\\allowbreak{}loewner-\\allowbreak{}upper}");
  const auto reading_row = frag.find("loewner-\\allowbreak{}upper\\textasciitilde{}\\allowbreak{}strict");
  const auto reading_text = frag.find("Reading: the inequality");
  const auto next_claim = frag.find("\\texttt{B.\\allowbreak{}loewner-\\allowbreak{}lower}");
  REQUIRE(row != std::string::npos);
  REQUIRE(reading_text != std::string::npos);
  CHECK(row < reading_row);
  CHECK(reading_row < reading_text);
  CHECK(reading_text < next_claim);

  // tightness.dat: a header and one row per claim with a finite tightness; the figure reads it via \dcrvdir.
  const fs::path dat = fs::path(o.out_dir) / "tightness.dat";
  REQUIRE(fs::exists(dat));
  CHECK(std::find(f.data.begin(), f.data.end(), dat.string()) != f.data.end());
  std::istringstream in(slurp(dat));
  std::string line;
  int rows = 0;
  bool header = false;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    if (line.rfind("index tightness part", 0) == 0) {
      header = true;
      continue;
    }
    ++rows;
  }
  CHECK(header);
  int finite = 0;
  for (const auto& c : r.claims)
    finite += c.outcome.evidence.tightness.has_value();
  CHECK(rows == finite);
  CHECK(frag.find("{\\dcrvdir tightness.dat}") != std::string::npos);
  CHECK(frag.find("\\providecommand{\\dcrvdir}{}") != std::string::npos);

  SECTION("deterministic: the same results give the same files") {
    ReportOptions o2 = o;
    o2.out_dir = (dir / "again").string();
    const ReportFiles g = write_report(r, o2);
    CHECK(slurp(g.fragment) == frag);
    CHECK(slurp(g.standalone) == standalone);
    CHECK(slurp(fs::path(o2.out_dir) / "tightness.dat") == slurp(dat));
  }
}

TEST_CASE("hostile IDs, messages and witnesses are escaped in the report", "[reports][latex]") {
  const fs::path dir = scratch("hostile");
  ReportOptions o;
  o.out_dir = dir.string();
  const ReportFiles f = write_report(hostile_results(), o);
  const std::string frag = slurp(f.fragment);
  // The raw text never reaches LaTeX; its escaped form does.
  CHECK(frag.find("a_b~c%&$#{}\\") == std::string::npos);
  CHECK(frag.find("\\end{document}") == std::string::npos);
  CHECK(frag.find("\\textbackslash{}end\\{document\\}") != std::string::npos);
  CHECK(frag.find("100\\% \\& \\$x\\$") != std::string::npos);
  CHECK(frag.find("\U0001F642") == std::string::npos);
  CHECK(frag.find("(statement shown as source") != std::string::npos);
  // The replay command quotes the ID for the shell.
  CHECK(frag.find("dcrv replay '") != std::string::npos);
  // No byte outside printable ASCII + newline: pdflatex would stop on it.
  const auto bad = std::find_if(frag.begin(), frag.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return !((u >= 0x20 && u < 0x7F) || c == '\n');
  });
  INFO("first byte outside printable ASCII at offset " << (bad - frag.begin()));
  CHECK(bad == frag.end());
}

TEST_CASE("statements are typeset in the right mode, and unsafe ones are shown as source",
          "[reports][latex]") {
  Results r;
  auto add = [&](const std::string& id, const std::string& statement) {
    ClaimResult c = claim(id, Status::falsified);
    c.statement = statement;
    r.claims.push_back(c);
  };
  add("B.math-open", R"(\partial_x f\le\left(1\right)$ for all $x)"); // the convention: math first
  add("B.prose-first", R"((i) The map is onto $\Delta$, see \texttt{face\_gap})"); // starts with prose
  add("B.ends-in-text", R"(x\le1$ for every \S-section)");                         // odd number of $
  add("B.shell", R"(x\input{/etc/passwd})");                                       // file access
  add("B.unbalanced", R"(x^{2)");
  const fs::path dir = scratch("statements");
  ReportOptions o;
  o.out_dir = dir.string();
  const std::string frag = slurp(write_report(r, o).fragment);
  CHECK(frag.find(R"(\textbf{Statement.} \(\partial_x f\le\left(1\right)$ for all $x\))") !=
        std::string::npos);
  CHECK(frag.find(R"(\textbf{Statement.} (i) The map is onto $\Delta$, see \texttt{face\_gap})"
                  "\n") != std::string::npos);
  CHECK(frag.find(R"(\textbf{Statement.} \(x\le1$ for every \S-section)"
                  "\n") != std::string::npos);
  CHECK(frag.find("\\input{/etc/passwd}") == std::string::npos);
  CHECK(frag.find("x^{2)") == std::string::npos);
}

TEST_CASE("the standalone report compiles to a PDF", "[reports][latex][pdf]") {
  if (!on_path("pdflatex")) {
    WARN("pdflatex is not on PATH: the PDF test is skipped");
    return;
  }
  const fs::path dir = scratch("pdf");
  ReportOptions o;
  o.out_dir = dir.string();
  o.pdf = true;
  const ReportFiles f = write_report(hostile_results(), o);
  INFO(f.pdf_message);
  REQUIRE_FALSE(f.pdf.empty());
  CHECK(fs::file_size(f.pdf) > 10000);
  CHECK(f.pdf_message.empty());

  SECTION("a LaTeX error is reported with the log's first error line") {
    Results r = sample_results();
    REQUIRE(r.claims[1].outcome.status == Status::falsified); // statements are typeset for falsified claims
    r.claims[1].statement = "x \\undefinedcontrolsequencefordcrv y";
    const fs::path bad = scratch("pdf-error");
    ReportOptions ob = o;
    ob.out_dir = bad.string();
    const ReportFiles g = write_report(r, ob);
    CHECK(g.pdf.empty());
    CHECK(g.pdf_message.find("Undefined control sequence") != std::string::npos);
    CHECK(fs::exists(g.fragment)); // the .tex files are still there
  }
}

TEST_CASE("without LaTeX tools the .tex files are still written", "[reports][latex]") {
  const fs::path dir = scratch("notools");
  struct PathGuard { // restores PATH even when an assertion aborts the test
    std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
    ~PathGuard() { ::setenv("PATH", saved.c_str(), 1); }
  } guard;
  ::setenv("PATH", (dir / "empty-bin").string().c_str(), 1);
  ReportOptions o;
  o.out_dir = (dir / "out").string();
  o.pdf = true;
  ReportFiles f;
  REQUIRE_NOTHROW(f = write_report(sample_results(), o));
  CHECK(f.pdf.empty());
  CHECK(f.pdf_message == "pdflatex not found: the .tex files were written");
  CHECK(fs::exists(f.fragment));
  CHECK(fs::exists(f.standalone));
}

// --- fingerprints -----------------------------------------------------------------------------------------

namespace {
fs::path paper_dir() {
  return fs::path(DCRV_SOURCE_DIR) / ".." / "shared" / "paper";
}
} // namespace

TEST_CASE("fingerprint_paper locates claims in the paper and hashes their source", "[reports][fingerprint]") {
  if (!fs::exists(paper_dir() / "main.tex")) {
    WARN("the paper is not at " << paper_dir().string() << ": fingerprint test skipped");
    return;
  }
  const auto& reg = Registry::instance();
  const json fp = fingerprint_paper(paper_dir().string(), reg.claims());
  CHECK(fp["schema"] == "dcrv-fingerprint/1");
  REQUIRE(fp["claims"].size() == reg.claims().size());

  const json& t = fp["claims"]["B.softmax-translation"];
  CHECK(t["match"] == "label");
  CHECK(t["label"] == "lem:B-translation");
  CHECK(t["file"] == "appendices_short/appendix_B_aistats.tex");
  CHECK(t["hash"].get<std::string>().size() == 16);
  // "eq. (smP-equals-clip)" names the label eq:smP-equals-clip.
  CHECK(fp["claims"]["B.lift-softmax-equals-clip"]["label"] == "eq:smP-equals-clip");
  // A claim without a label is found by its section title.
  CHECK(fp["claims"]["B.stepsize-guidance"]["match"] == "section");
  // Most claims are located.
  CHECK(fp["summary"]["unmatched"].get<int>() * 10 < static_cast<int>(reg.claims().size()));
  CHECK(fingerprint_paper(paper_dir().string(), reg.claims()) == fp); // deterministic

  SECTION("editing one lemma changes that claim's hash only") {
    const fs::path copy = scratch("paper");
    fs::copy(paper_dir(), copy, fs::copy_options::recursive);
    const fs::path app = copy / "appendices_short" / "appendix_B_aistats.tex";
    std::string tex = slurp(app);
    const auto pos = tex.find("\\label{lem:B-translation}");
    REQUIRE(pos != std::string::npos);
    tex.insert(tex.find("\\end{lemma}", pos), " (edited)");
    spit(app, tex);
    const json changed = fingerprint_paper(copy.string(), reg.claims());
    CHECK(changed["claims"]["B.softmax-translation"]["hash"] != t["hash"]);
    CHECK(changed["claims"]["B.loewner-upper"]["hash"] == fp["claims"]["B.loewner-upper"]["hash"]);
    // Re-wrapping lines and comments are not changes.
    std::string rewrapped = slurp(app);
    const auto at = rewrapped.find("\\label{cor:B-loewner}");
    rewrapped.insert(at, "% a comment\n  ");
    spit(app, rewrapped);
    CHECK(fingerprint_paper(copy.string(), reg.claims())["claims"]["B.loewner-upper"]["hash"] ==
          fp["claims"]["B.loewner-upper"]["hash"]);
  }
}

TEST_CASE("fingerprint_paper refuses a directory without main.tex", "[reports][fingerprint][errors]") {
  const fs::path empty = scratch("nopaper");
  CHECK_THROWS_WITH(fingerprint_paper(empty.string(), Registry::instance().claims()),
                    Catch::Contains("main.tex"));
}

TEST_CASE("figure panels: ribbons, error bars, histograms, ternary and heatmap axes become .dat tables and "
          "pgfplots code — paper-beside rows become a table — the report compiles",
          "[reports][latex][figures]") {
  Results r = sample_results();
  ClaimResult c = claim("J.fig-kinds", Status::falsified, "empirical");
  json s = {{"t", {0, 25, 50}},           {"m", {1.0, 0.5, 0.25}},
            {"m_lo", {0.9, 0.3, -0.1}}, // an edge <= 0: drawn at the smallest positive y on a log axis
            {"m_hi", {1.1, 0.7, 0.6}},    {"arm", {0, 1}},
            {"bar", {2.0, 3.0}},          {"bar_sd", {0.5, 0.25}},
            {"hx", {0.1, 0.3, 0.5}},      {"hn", {3, 7, 1}},
            {"ma", {1.0, 0.5, 0.2}},      {"mb", {0.0, 0.3, 0.4}},
            {"mc", {0.0, 0.2, 0.4}},      {"al", {0.02, 0.02, 0.05, 0.05}},
            {"be", {0.1, 0.5, 0.1, 0.5}}, {"z", {1e-8, 1e-6, 1e-9, 1e-7}}};
  s["figures"] = json::array(
      {{{"title", "panels of every kind"},
        {"columns", 3},
        {"panels",
         {{{"x", "t"},
           {"y", {"m"}},
           {"legend", {"mean"}},
           {"bands", {{{"lo", "m_lo"}, {"hi", "m_hi"}}}},
           {"logy", true},
           {"title", "ribbon"}},
          {{"x", "arm"},
           {"y", {"bar"}},
           {"err", {"bar_sd"}},
           {"style", "bars"},
           {"xticklabels", {"DCR", "Ungated"}}},
          {{"x", "hx"},
           {"y", {"hn"}},
           {"style", "histogram"},
           {"vlines", {{{"at", 0.267}, {"label", "paper"}}}}},
          {{"kind", "ternary"},
           {"a", {"ma"}},
           {"b", {"mb"}},
           {"c", {"mc"}},
           {"legend", {"path 0"}},
           {"corners", {"$A$", "$B$", "$C$"}},
           {"mark_rows", {1, 2}},
           {"mark_legend", {"step 200", "step 5000"}}},
          {{"kind", "heatmap"}, {"x", "be"}, {"y", "al"}, {"z", "z"}, {"logz", true}, {"zlabel", "$M$"}}}}}});
  s["paper_beside/x"] = {{"statistic", "median fixation time"},
                         {"paper", "about 4700"},
                         {"five", "5001 5001"},
                         {"dcrv", "5001 [5001, 5001]"},
                         {"line", "paper (5 seeds): about 4700; tail"}};
  c.outcome.series = s;
  c.outcome.evidence.details["experiment B=16, eps=0"] =
      "5001 in [5001, 5001] (order statistics, 128 paths, level 1-1e-06); claim in [4230, 5000]: falsified; "
      "paper beside dcrv = paper (5 seeds): about 4700; tail";
  REQUIRE(figure_spec_problem(s, s["figures"][0]).empty());
  r.claims.push_back(c);

  const fs::path dir = scratch("figure-kinds");
  ReportOptions o;
  o.out_dir = dir.string();
  o.pdf = on_path("pdflatex");
  const ReportFiles f = write_report(r, o);
  const std::string frag = slurp(f.fragment);
  // one .dat per panel
  for (int p = 1; p <= 5; ++p)
    CHECK(fs::exists(dir / ("fig-Jxfigxkinds-1-" + std::to_string(p) + ".dat")));
  // the ribbon: x forward with the upper edge, back with the lower; -0.1 drawn at 0.25 (log axis)
  const std::string ribbon = slurp(dir / "fig-Jxfigxkinds-1-1-ribbon.dat");
  CHECK(ribbon.find("c0 c1\n0 1.1\n25 0.7\n50 0.6\n50 0.25\n25 0.3\n0 0.9\n") != std::string::npos);
  CHECK(frag.find("-- cycle") != std::string::npos);
  CHECK(frag.find("y error=c2") != std::string::npos); // the bars' sd
  CHECK(frag.find("xticklabels={{DCR},{Ungated}}") != std::string::npos);
  CHECK(frag.find("bar width=0.18") != std::string::npos);  // histogram: 0.9 of the bin spacing
  CHECK(frag.find("rel axis cs:0,1") != std::string::npos); // the vline
  // ternary: (1, 0, 0) is corner A at the origin, (0.2, 0.4, 0.4) at x = 0.6, y = 0.4 * sqrt(3)/2
  const std::string tern = slurp(dir / "fig-Jxfigxkinds-1-4.dat");
  CHECK(tern.find("c0 c1\n0 0\n") != std::string::npos);
  CHECK(tern.find("0.6 0.346410161514") != std::string::npos);
  CHECK(frag.find("axis equal image") != std::string::npos);
  // heatmap: rows in grid order (x varies fastest), column and row indices, log10 z
  const std::string heat = slurp(dir / "fig-Jxfigxkinds-1-5.dat");
  CHECK(heat.find("0.1 0.02 1e-08 0 0 -8\n0.5 0.02 1e-06 1 0 -6\n0.1 0.05 1e-09 0 1 -9\n") !=
        std::string::npos);
  CHECK(frag.find("rectangle (axis cs:1.5,1.5)") != std::string::npos); // the last cell
  CHECK(frag.find("colorbar, point meta min=-9, point meta max=-6") != std::string::npos);
  // the paper beside dcrv, with the experiment's label and verdict
  CHECK(frag.find("Empirical claims: the paper's value beside dcrv's") != std::string::npos);
  CHECK(frag.find("about 4700") != std::string::npos);
  CHECK(frag.find("\\textcolor{dcrvfalsified}{falsified}") != std::string::npos);
  CHECK(frag.find("B=16, eps=0") != std::string::npos);
  // malformed specs are named, not drawn
  CHECK(figure_spec_problem(s, json{{"kind", "heatmap"}, {"x", "be"}, {"y", "al"}, {"z", "hn"}}) ==
        "columns of one figure differ in length");
  CHECK(figure_spec_problem(s, json{{"kind", "heatmap"}, {"x", "al"}, {"y", "al"}, {"z", "z"}}) ==
        "heatmap cells must fill a grid, each cell once");
  CHECK(figure_spec_problem(s, json{{"kind", "ternary"}, {"a", {"ma"}}, {"b", {"mb"}}, {"c", json::array()}})
            .find("as many of each") != std::string::npos);
  CHECK(figure_spec_problem(s, json{{"panels", {{{"x", "t"}, {"y", {"nope"}}}}}}) ==
        "panel 1: column 'nope' is not an array of the series");
  if (o.pdf) {
    INFO(f.pdf_message);
    CHECK_FALSE(f.pdf.empty());
  }
}
