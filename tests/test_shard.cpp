// Specifications of sharded runs (DESIGN.md "Budgets and speed"): `dcrv run --shard I/N` runs a stable 1/N of
// the selected claims, `dcrv merge` joins the shards, and the merged results equal a single run apart from
// the timing fields; results of different runs are refused.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "checks/runner.hpp"
#include "reports/results.hpp"
#include "tests/cli_support.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

using dcrv::test::CliRun;
using dcrv::test::dcrv_cli;

namespace {
std::string tmp(const std::string& name) {
  const fs::path d = dcrv::test::process_scratch("shard");
  fs::create_directories(d);
  return dcrv::test::quoted(d / name);
}
json load(const std::string& quoted) {
  std::ifstream in(quoted.substr(1, quoted.size() - 2));
  return json::parse(in);
}
} // namespace

TEST_CASE("shards partition the claims by ID hash, independently of the other claims", "[shard]") {
  const auto& reg = dcrv::Registry::instance();
  std::vector<const dcrv::Claim*> all;
  for (const auto& c : reg.claims())
    all.push_back(&c);
  std::set<std::string> seen;
  std::size_t total = 0;
  for (unsigned i = 1; i <= 4; ++i) {
    const auto part = dcrv::select_shard(all, {i, 4});
    total += part.size();
    for (const auto* c : part)
      CHECK(seen.insert(c->id).second);
    CHECK(part.size() > all.size() / 8); // roughly balanced
  }
  CHECK(total == all.size());
  // Stable: a claim's shard depends on its ID only.
  CHECK(dcrv::shard_of("B.loewner-upper", 4) == dcrv::shard_of("B.loewner-upper", 4));
  const auto sub =
      dcrv::select_shard({reg.find("B.loewner-upper")}, {dcrv::shard_of("B.loewner-upper", 4), 4});
  CHECK(sub.size() == 1);
  CHECK_THROWS_AS(dcrv::parse_shard("0/4"), dcrv::UsageError);
  CHECK_THROWS_AS(dcrv::parse_shard("5/4"), dcrv::UsageError);
  CHECK_THROWS_AS(dcrv::parse_shard("x"), dcrv::UsageError);
  CHECK(dcrv::parse_shard("3/8").text() == "3/8");
}

TEST_CASE("merged shards equal a single run apart from timing fields — other runs are refused",
          "[shard][cli]") {
  const std::string common = "run --filter 'B.loewner-*' --filter 'B.percoord-*' --budget smoke --quiet ";
  const std::string one = tmp("one.json"), s1 = tmp("s1.json"), s2 = tmp("s2.json"), s3 = tmp("s3.json"),
                    merged = tmp("merged.json"), seed2 = tmp("seed2.json");
  REQUIRE(dcrv_cli(common + "--jobs 2 --json " + one).code == 0);
  REQUIRE(dcrv_cli(common + "--shard 1/3 --json " + s1).code == 0);
  REQUIRE(dcrv_cli(common + "--shard 2/3 --json " + s2).code == 0);
  REQUIRE(dcrv_cli(common + "--shard 3/3 --json " + s3).code == 0);
  CHECK(load(s1)["run"]["shard"] == "1/3");
  // Shards in any order.
  CliRun r = dcrv_cli("merge " + s3 + " " + s1 + " " + s2 + " --json " + merged);
  REQUIRE(r.code == 0);
  const json a = dcrv::strip_timing(load(one)), b = dcrv::strip_timing(load(merged));
  CHECK(a["claims"].size() == b["claims"].size());
  CHECK(a == b);

  SECTION("a shard of another seed is refused") {
    REQUIRE(dcrv_cli(common + "--seed 2 --shard 2/3 --json " + seed2).code == 0);
    r = dcrv_cli("merge " + s1 + " " + seed2 + " --json " + merged);
    CHECK(r.code == 2);
    CHECK(r.out.find("seed") != std::string::npos);
  }
  SECTION("a shard given twice, or a whole run among shards, is refused") {
    r = dcrv_cli("merge " + s1 + " " + s1 + " --json " + merged);
    CHECK(r.code == 2);
    CHECK(r.out.find("given twice") != std::string::npos);
    r = dcrv_cli("merge " + s1 + " " + one + " --json " + merged);
    CHECK(r.code == 2);
  }
  SECTION("diff and report --baseline compare only the claims a filtered run selected") {
    const std::string narrow = tmp("narrow.json"), rep = tmp("rep");
    REQUIRE(dcrv_cli("run --filter 'B.loewner-*' --budget smoke --quiet --json " + narrow).code == 0);
    r = dcrv_cli("diff " + one + " " + narrow);
    CHECK(r.code == 0);
    CHECK(r.out.find("missing") == std::string::npos);
    r = dcrv_cli("report " + narrow + " --baseline " + one + " --out " + rep);
    REQUIRE(r.code == 0);
    std::ifstream in(rep.substr(1, rep.size() - 2) + "/dcrv-report.tex");
    std::stringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str().find("Against the baseline (0 regressions)") != std::string::npos);
  }
  SECTION("missing shards are recorded") {
    r = dcrv_cli("merge " + s1 + " " + s3 + " --json " + merged);
    CHECK(r.code == 0);
    CHECK(load(merged)["run"]["shard"] == "1,3/3");
  }
}

TEST_CASE("merge_results refuses different budgets and builds", "[shard]") {
  dcrv::Results x, y;
  x.run.shard = "1/2";
  y.run.shard = "2/2";
  y.run.budget = "smoke";
  CHECK_THROWS_WITH(dcrv::merge_results({x, y}, {"x.json", "y.json"}, {}), Catch::Contains("budget"));
  y.run.budget = x.run.budget;
  y.run.build = "clang 16, debug";
  CHECK_THROWS_WITH(dcrv::merge_results({x, y}, {"x.json", "y.json"}, {}), Catch::Contains("build"));
}
