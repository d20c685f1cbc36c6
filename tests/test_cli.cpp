// Specifications of the dcrv command line: clear errors with exit code 2, regressions with exit code 1.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "reports/results.hpp"
#include "tests/cli_support.hpp"

namespace fs = std::filesystem;

using dcrv::test::dcrv_cli;
using Run = dcrv::test::CliRun;

namespace {
fs::path tmp(const std::string& name) {
  return dcrv::test::process_scratch_root() / name; // removed when the test process exits
}
void write(const fs::path& p, const std::string& s) {
  dcrv::test::spit(p, s);
}
} // namespace

TEST_CASE("dcrv --help describes the commands", "[cli]") {
  const Run r = dcrv_cli("--help");
  CHECK(r.code == 0);
  for (const char* sub : {"list", "run", "report", "replay", "diff", "fingerprint"})
    CHECK(r.out.find(sub) != std::string::npos);
}

TEST_CASE("dcrv list --json lists all 663 inventory IDs with constants and roles", "[cli]") {
  const Run r = dcrv_cli("list --json");
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  std::size_t inventory = 0;
  for (const auto& c : j) {
    inventory += c["from_inventory"].get<bool>();
    for (const auto& k : c["constants"])
      CHECK((k["role"] == "upper" || k["role"] == "lower" || k["role"] == "exact"));
  }
  CHECK(inventory == 663);
}

TEST_CASE("unknown IDs and constants exit 2 with suggestions", "[cli][errors]") {
  Run r = dcrv_cli("run --filter B.loewner-uper --budget smoke --json " + tmp("x.json").string());
  CHECK(r.code == 2);
  CHECK(r.out.find("did you mean") != std::string::npos);
  r = dcrv_cli("run --filter 'B.loewner-upper' --set B.loewner-upper.cc=1 --json " + tmp("x.json").string());
  CHECK(r.code == 2);
  CHECK(r.out.find("no constant 'cc'") != std::string::npos);
  r = dcrv_cli("run --budget huge");
  CHECK(r.code == 2);
}

TEST_CASE("malformed or wrong-schema JSON exits 2 with the position", "[cli][errors]") {
  write(tmp("bad.json"), "{\n  \"schema\": \"dcrv-results/1\",\n  \"run\": {,}\n}\n");
  Run r = dcrv_cli("report " + tmp("bad.json").string() + " --out " + tmp("rep-bad").string());
  CHECK(r.code == 2);
  CHECK(r.out.find("line 3") != std::string::npos);
  write(tmp("wrong.json"), R"({"schema": "other/2", "run": {}, "claims": []})");
  r = dcrv_cli("diff " + tmp("wrong.json").string() + " " + tmp("wrong.json").string());
  CHECK(r.code == 2);
  CHECK(r.out.find("/schema") != std::string::npos);
  write(
      tmp("nokey.json"),
      R"({"schema": "dcrv-results/1", "run": {"budget": "smoke", "seed": 1, "digits": 50}, "claims": [{"id": "B.x"}]})");
  r = dcrv_cli("report " + tmp("nokey.json").string() + " --out " + tmp("rep").string());
  CHECK(r.code == 2);
  CHECK(r.out.find("/claims/0/") != std::string::npos);
}

TEST_CASE("a wrong constant is falsified, replayed from results.json, and diff reports the regression",
          "[cli]") {
  const std::string base = tmp("base.json").string(), bad = tmp("bad-run.json").string();
  REQUIRE(dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json " + base).code == 0);
  REQUIRE(
      dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --set B.loewner-upper.c=0.495 --json " +
               bad)
          .code == 0);
  const auto res = dcrv::read_results(bad);
  REQUIRE(res.claims.at(0).outcome.status == dcrv::Status::falsified);
  Run r = dcrv_cli("replay B.loewner-upper --from " + bad);
  CHECK(r.code == 0);
  CHECK(r.out.find("falsified") != std::string::npos);
  r = dcrv_cli("diff " + base + " " + bad);
  CHECK(r.code == 1);
  CHECK(r.out.find("REGRESSION") != std::string::npos);
  CHECK(dcrv_cli("diff " + base + " " + base).code == 0);
  r = dcrv_cli("replay B.loewner-upper --from " + base);
  CHECK(r.code == 2); // verified: no witness to replay
}
