// tests/claims_J_theory_tracks.cpp — claim-specific specifications of properties/J_theory_tracks.cpp: what a
// status alone does not show (two readings side by side, evidence details, refused settings). The expected
// status of every claim of the file and its override tests are data: tests/expectations/J_theory_tracks.txt.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "reports/claim_figures.hpp"
#include "tests/support.hpp"

TEST_CASE(
    "App. J: the Study A figure of STaR is drawn from the ensembles' checkpoint moments, and the report "
    "writes its .dat columns",
    "[J][report]") {
  const dcrv::ClaimResult r = dcrv::test::run_claim("J.star-immediate-collapse");
  const nlohmann::json& s = r.outcome.series;
  REQUIRE(s.contains("figures"));
  REQUIRE(s["figures"].size() == 1); // one figure: the B = 16, eps = 0 experiment hosts it
  const nlohmann::json& fig = s["figures"][0];
  CHECK(dcrv::figure_spec_problem(s, fig).empty());
  REQUIRE(fig["panels"].size() == 4); // entropy, Fix, cluster Gini, log10 incorrect mass
  // checkpoints every 25 steps of T = 5000: 201 rows of step, mean, mean - sd, mean + sd, for B = 16 and 64
  REQUIRE(s["sa16_t"].size() == 201);
  CHECK(s["sa16_t"][200].get<double>() == 5000);
  for (const char* c : {"sa16_H", "sa16_H_lo", "sa16_H_hi", "sa64_Fix", "sa64_Gini_hi", "sa64_lgMinc"})
    CHECK(s[c].size() == 201);
  // uniform start: every seed has H = log 12 at t = 0 (no spread); STaR has collapsed by T (H -> 0, Fix -> 1)
  CHECK(s["sa16_H"][0].get<double>() == Approx(std::log(12.0)));
  CHECK(s["sa16_H_hi"][0].get<double>() == Approx(std::log(12.0)));
  CHECK(s["sa16_H"][200].get<double>() < 0.1);
  CHECK(s["sa16_Fix"][200].get<double>() > 0.9);
  for (std::size_t i = 0; i < 201; ++i)
    CHECK(s["sa64_H_lo"][i].get<double>() <= s["sa64_H_hi"][i].get<double>());
  // the paper's value beside dcrv's: one row per experiment (B in {16, 64} x eps in {0, 3e-4})
  int rows = 0;
  for (auto it = s.begin(); it != s.end(); ++it)
    if (it.key().rfind("paper_beside/", 0) == 0) {
      ++rows;
      CHECK(it.value()["paper"].get<std::string>().find("200") != std::string::npos);
    }
  CHECK(rows == 4);

  // the report: one .dat per panel (x, the two lines, their ribbon edges) and the ribbons' polygons
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("dcrv-J-figure-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  dcrv::Results res;
  res.claims.push_back(r);
  std::ostringstream tex;
  std::vector<std::string> files;
  dcrv::write_claim_figures(tex, res, dir.string(), files);
  const fs::path dat = dir / "fig-Jxstarximmediatexcollapse-1-1.dat";
  REQUIRE(fs::exists(dat));
  std::ifstream in(dat);
  std::string comment, header, line;
  std::getline(in, comment);
  std::getline(in, header);
  CHECK(header == "c0 c1 c2 c3 c4 c5 c6");
  int n = 0;
  while (std::getline(in, line))
    ++n;
  CHECK(n == 201);
  CHECK(fs::exists(dir / "fig-Jxstarximmediatexcollapse-1-1-ribbon.dat"));
  CHECK(tex.str().find("Empirical claims: the paper's value beside dcrv's") != std::string::npos);
  CHECK(tex.str().find("-- cycle") != std::string::npos);
  fs::remove_all(dir);
}
