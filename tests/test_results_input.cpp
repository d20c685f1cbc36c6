// Specifications of untrusted input (issue 24): a results file from anyone never crashes dcrv, hangs it, or
// loses a result. The reader validates every field it reads (exit 2 with the JSON pointer and what was
// expected); replay checks the witness against the claim's domain and compares the recomputed values with
// the stored ones; flags mean what they say; the results file is checked before a run, locked, written at
// once and marked incomplete until the run ends.
#include <catch2/catch.hpp>
#include <cmath>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "checks/runner.hpp"
#include "reports/results.hpp"
#include "tests/cli_support.hpp"

namespace fs = std::filesystem;
using dcrv::test::CliRun;
using dcrv::test::dcrv_cli;
using dcrv::test::quoted;
using nlohmann::json;

namespace {
fs::path scratch(const std::string& name) {
  const fs::path d = dcrv::test::process_scratch("input");
  fs::create_directories(d);
  return d / name;
}

/// A small valid results file: one verified and one falsified claim with a sample witness.
json valid_results() {
  const json evidence = {
      {"trials", 10}, {"digits", 50}, {"backend", "cpu"}, {"seconds", 0.1}, {"method", "m"}};
  json verified = {{"id", "B.loewner-upper"},
                   {"status", "verified"},
                   {"kind", "bound"},
                   {"where", "App. B"},
                   {"evidence", evidence},
                   {"tightness", 1.0},
                   {"witness", nullptr},
                   {"constants", json::array({{{"name", "c"},
                                               {"value", 0.5},
                                               {"paper_value", 0.5},
                                               {"role", "upper"},
                                               {"overridden", false},
                                               {"meaning", ""}}})}};
  json falsified = {{"id", "B.x"},
                    {"status", "falsified"},
                    {"kind", "sharpness"},
                    {"where", "App. B"},
                    {"evidence", evidence},
                    {"tightness", nullptr},
                    {"witness",
                     {{"sample", {{"S", 3}, {"x", {1, 2, 3}}, {"idx", {0}}}},
                      {"lhs", "1"},
                      {"rhs", "0"},
                      {"score", 1.0},
                      {"digits", 50}}}};
  return {{"schema", "dcrv-results/1"},
          {"complete", true},
          {"run",
           {{"budget", "smoke"},
            {"seed", 1},
            {"digits", 50},
            {"jobs", 1},
            {"filter", "*"},
            {"overrides", json::array()},
            {"build", "b"},
            {"backend", "cpu"},
            {"seconds", 1.0},
            {"started", "t"}}},
          {"claims", {verified, falsified}}};
}

/// The reader's verdict on `j` with `path` set to `v` (or removed when v is discarded): "" when accepted,
/// else the message.
std::string refusal(json j) {
  try {
    dcrv::results_from_json(j, "F");
    return "";
  } catch (const dcrv::SchemaError& e) {
    return e.what();
  }
}
std::string refusal_with(const std::string& pointer, const json& v) {
  json j = valid_results();
  j[json::json_pointer(pointer)] = v;
  return refusal(j);
}
} // namespace

TEST_CASE("the reader accepts a valid file and the committed baselines", "[input]") {
  CHECK(refusal(valid_results()).empty());
  for (const char* b : {"smoke.json", "standard.json"}) {
    const fs::path p = fs::path(DCRV_SOURCE_DIR) / "reports/baseline" / b;
    if (fs::exists(p))
      CHECK_NOTHROW(dcrv::read_results(p.string()));
  }
  // A file without `complete` is complete; one with complete: false is read as incomplete.
  json j = valid_results();
  j.erase("complete");
  CHECK(dcrv::results_from_json(j).complete);
  j["complete"] = false;
  CHECK_FALSE(dcrv::results_from_json(j).complete);
}

TEST_CASE("the reader refuses wrong types, ranges and invariants with the JSON pointer", "[input]") {
  struct Case {
    std::string pointer;
    json value;
    std::string where; // expected in the message
  };
  const std::vector<Case> cases = {
      {"/run/digits", 0, "/run/digits"},
      {"/run/digits", -1, "/run/digits"},
      {"/run/digits", 3.7, "/run/digits"},
      {"/run/digits", 4294967295LL, "/run/digits"},
      {"/run/seed", -1, "/run/seed"},
      {"/run/seed", 0.5, "/run/seed"},
      {"/run/seed", 1e23, "/run/seed"},
      {"/run/budget", "nonsense", "/run/budget"},
      {"/run/overrides", "B.loewner-upper.c=1", "/run/overrides"},
      {"/run/jobs", 0, "/run/jobs"},
      {"/run/shard", "5/3", "/run/shard"},
      {"/run/shard", "0/3", "/run/shard"},
      {"/run/shard", "4294967298/3", "/run/shard"},
      {"/run/shard", " 1/3", "/run/shard"},
      {"/complete", "yes", "/complete"},
      {"/claims/0/from_inventory", "true", "/claims/0/from_inventory"},
      {"/claims/0/evidence/trials", -5, "/claims/0/evidence/trials"},
      {"/claims/0/evidence/truncated", "no", "/claims/0/evidence/truncated"},
      {"/claims/0/constants/0/role", "sideways", "/claims/0/constants/0/role"},
      {"/claims/0/constants/0/overridden", 1, "/claims/0/constants/0/overridden"},
      {"/claims/1/witness", nullptr, "/claims/1/witness"},
      {"/claims/1/witness/sample/S", 1e9, "/claims/1/witness/sample/S"},
      {"/claims/1/witness/sample/S", -1, "/claims/1/witness/sample/S"},
      {"/claims/1/witness/sample/idx/0", -1, "/claims/1/witness/sample/idx/0"},
      {"/claims/1/witness/sample/idx/0", 99999999, "/claims/1/witness/sample/idx/0"},
      {"/claims/1/witness/sample/x/0", "1", "/claims/1/witness/sample/x/0"},
      {"/claims/1/witness/digits", -1, "/claims/1/witness/digits"},
      {"/claims/1/witness/digits", 1e12, "/claims/1/witness/digits"},
      {"/claims/1/witness/digits", 4294967295LL, "/claims/1/witness/digits"},
      {"/claims/1/witness/part", -1, "/claims/1/witness/part"},
      {"/claims/0/status", "certified", "/claims/0/certificate/status"},
      {"/claims/0/status", "underspecified", "/claims/0/setups"},
      {"/claims/0/id", "B.x", "/claims/1/id"},
      {"/claims/0/evidence/labels", json::array({{{"kind", "other"}, {"why", "w"}}}),
       "/claims/0/evidence/labels/0/kind"},
  };
  for (const auto& c : cases) {
    INFO(c.pointer << " = " << c.value.dump());
    const std::string why = refusal_with(c.pointer, c.value);
    CHECK(why.find(c.where) != std::string::npos);
    CHECK(why.find("expected") != std::string::npos);
  }
  // Duplicated claim IDs: the second names the first.
  json j = valid_results();
  j["claims"].push_back(j["claims"][0]);
  CHECK(refusal(j).find("/claims/2/id") != std::string::npos);
  // A certified claim needs a proved certificate of its whole domain.
  j = valid_results();
  j["claims"][0]["status"] = "certified";
  j["claims"][0]["certificate"] = {{"status", "violation"}, {"domain", "d"}};
  CHECK(refusal(j).find("/claims/0/certificate/status") != std::string::npos);
  j["claims"][0]["certificate"] = {{"status", "proved"},
                                   {"domain", "d"},
                                   {"scope",
                                    {{"dims", {{{"name", "S"}, {"lo", 2}, {"hi", 3}}}},
                                     {"params", json::array()},
                                     {"exclusions", json::array()},
                                     {"reductions", json::array()},
                                     {"whole", false},
                                     {"summary", "S <= 3"},
                                     {"gap", "S > 3"}}}};
  CHECK(refusal(j).find("/claims/0/certificate/scope/whole") != std::string::npos);
  j["claims"][0]["certificate"]["scope"]["whole"] = true;
  CHECK(refusal(j).empty());
  j["claims"][0]["certificate"]["scope"]["dims"][0]["lo"] = 5;
  CHECK(refusal(j).find("/claims/0/certificate/scope/dims/0") != std::string::npos);
  // An underspecified claim with its setups table is accepted.
  j = valid_results();
  j["claims"][0]["status"] = "underspecified";
  j["claims"][0]["setups"] = {{"choices", json::array()}, {"rows", json::array()}};
  CHECK(refusal(j).empty());
}

TEST_CASE("a number out of double's range is refused with its line and column", "[input]") {
  const fs::path f = scratch("big.json");
  std::string text = valid_results().dump(1);
  text.replace(text.find("\"seconds\": 1.0"), 14, "\"seconds\": 1e400");
  dcrv::test::spit(f, text);
  try {
    dcrv::read_results(f.string());
    FAIL("accepted");
  } catch (const dcrv::SchemaError& e) {
    CHECK(std::string(e.what()).find("line ") != std::string::npos);
  }
}

TEST_CASE("merge refuses incomplete shards and claims in the wrong shard", "[input][shard]") {
  dcrv::Results a = dcrv::results_from_json(valid_results());
  a.claims.resize(1); // B.loewner-upper
  const unsigned n = 3, home = dcrv::claim_shard("B.loewner-upper", n);
  a.run.shard = std::to_string(home) + "/" + std::to_string(n);
  CHECK_NOTHROW(dcrv::merge_results({a}, {"a"}, {}));
  a.complete = false;
  CHECK_THROWS_WITH(dcrv::merge_results({a}, {"a"}, {}), Catch::Contains("--allow-partial"));
  CHECK_FALSE(dcrv::merge_results({a}, {"a"}, {}, true).complete);
  a.complete = true;
  a.run.shard = std::to_string(home % n + 1) + "/" + std::to_string(n);
  CHECK_THROWS_WITH(dcrv::merge_results({a}, {"a"}, {}), Catch::Contains("belongs to shard"));
}

TEST_CASE("flags mean what they say", "[input][cli]") {
  const std::string out = quoted(scratch("flags.json"));
  const std::string base = "run --filter B.loewner-upper --budget smoke --quiet --json " + out;
  for (const char* seed : {"-1", "18446744073709551616", "1e23", "''", "0.5"}) {
    INFO(seed);
    CHECK(dcrv_cli(base + " --seed " + seed).code == 2);
  }
  CliRun r = dcrv_cli(base + " --set B.loewner-upper.c=0.4 --set B.loewner-upper.c=0.6");
  CHECK(r.code == 2);
  CHECK(r.out.find("given twice") != std::string::npos);
  r = dcrv_cli(base + " --set B.loewner-upper.c=-1");
  CHECK(r.code == 2);
  CHECK(r.out.find("positive") != std::string::npos);
  for (const char* shard : {"''", "' 1/3'", "'+1/3'", "0/3", "4/3"}) {
    INFO(shard);
    CHECK(dcrv_cli(base + " --shard " + shard).code == 2);
  }
  CHECK(dcrv_cli("slack --filter B.loewner-upper --tolerance nan --json " + out).code == 2);
  CHECK(dcrv_cli("replay B.boundary-J-vanishes --digits 4294967295 --from " + out).code == 2);
  CHECK(dcrv_cli("replay B.boundary-J-vanishes --digits 1 --from " + out).code == 2);
}

TEST_CASE("the results path is checked before the run: empty, devices, links", "[input][cli][output]") {
  const std::string base = "run --filter B.loewner-upper --budget smoke --quiet --json ";
  CliRun r = dcrv_cli(base + "''");
  CHECK(r.code == 2);
  CHECK(r.out.find("empty") != std::string::npos);
  if (fs::exists("/dev/full")) {
    r = dcrv_cli(base + "/dev/full");
    CHECK(r.code == 2);
    CHECK(fs::is_character_file("/dev/full")); // not replaced by a regular file
  }
  // A link to a device is refused; a link to a file is resolved: the target is written, the link stays.
  const fs::path link = scratch("link.json"), target = scratch("target.json");
  fs::remove(link);
  fs::create_symlink("/dev/null", link);
  CHECK(dcrv_cli(base + quoted(link)).code == 2);
  CHECK(fs::is_symlink(link));
  fs::remove(link);
  fs::remove(target);
  fs::create_symlink(target, link);
  REQUIRE(dcrv_cli(base + quoted(link)).code == 0);
  CHECK(fs::is_symlink(link));
  CHECK(dcrv::read_results(target.string()).complete);
  // A directory is refused.
  CHECK(dcrv_cli(base + quoted(scratch(""))).code == 2);
  // A second writer is refused up front, and the first one's file is untouched.
  const fs::path held = scratch("held.json");
  const int fd = ::open((held.string() + ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  REQUIRE(fd >= 0);
  REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
  r = dcrv_cli(base + quoted(held));
  CHECK(r.code == 2);
  CHECK(r.out.find("another dcrv process") != std::string::npos);
  CHECK_FALSE(fs::exists(held));
  ::close(fd);
  // No temporary file is left beside a written file.
  for (const auto& e : fs::directory_iterator(scratch("").parent_path() / scratch("").filename()))
    CHECK(e.path().filename().string().find(".tmp.") == std::string::npos);
}

TEST_CASE("a killed run leaves a file marked incomplete, which merge refuses by default",
          "[input][cli][output]") {
  const fs::path out = scratch("killed.json");
  fs::remove(out);
  // An older complete file at the path must not pass for the killed run's result.
  dcrv::test::spit(out, valid_results().dump());
  const fs::path pidfile = scratch("pid");
  const std::string cmd = std::string("'") + DCRV_BINARY +
                          "' run --filter 'B.*' --budget smoke --quiet --json " + quoted(out) +
                          " > /dev/null 2>&1 & echo $! > " + quoted(pidfile);
  REQUIRE(std::system(cmd.c_str()) == 0);
  pid_t pid = 0;
  for (int i = 0; i < 50 && pid == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const std::string t = dcrv::test::slurp(pidfile);
    if (!t.empty())
      pid = static_cast<pid_t>(std::stol(t));
  }
  REQUIRE(pid > 0);
  // Wait for the first claims to be written (at most 60 s), then kill it.
  bool some = false;
  for (int i = 0; i < 600 && !some; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    try {
      const auto r = dcrv::read_results(out.string());
      some = !r.complete && !r.claims.empty();
    } catch (const std::exception&) {
    }
  }
  ::kill(pid, SIGTERM);
  for (int i = 0; i < 100 && ::kill(pid, 0) == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  REQUIRE(some);
  const auto r = dcrv::read_results(out.string());
  CHECK_FALSE(r.complete);
  CHECK_FALSE(r.claims.empty());
  for (const auto& e : fs::directory_iterator(out.parent_path()))
    CHECK(e.path().filename().string().find("killed.json.tmp.") == std::string::npos);
  CliRun m = dcrv_cli("merge " + quoted(out) + " --json " + quoted(scratch("merged.json")));
  CHECK(m.code == 2);
  CHECK(m.out.find("incomplete") != std::string::npos);
  m = dcrv_cli("merge --allow-partial " + quoted(out) + " --json " + quoted(scratch("merged.json")));
  CHECK(m.code == 0);
  CHECK_FALSE(dcrv::read_results(scratch("merged.json").string()).complete);
  m = dcrv_cli("report " + quoted(out) + " --out " + quoted(scratch("rep")));
  CHECK(m.out.rfind("INCOMPLETE", 0) == 0);
  m = dcrv_cli("diff " + quoted(out) + " " + quoted(out));
  CHECK(m.out.rfind("INCOMPLETE", 0) == 0);
  CHECK(dcrv_cli("diff --filter 'Z.nothing*' " + quoted(out) + " " + quoted(out)).code == 2);
}

TEST_CASE("replay: every witness reproducer of issue 24 is refused with its place, or reproduced",
          "[input][cli][replay]") {
  const fs::path good = scratch("falsified.json");
  REQUIRE(
      dcrv_cli("run --filter B.boundary-J-vanishes --filter B.boundary-kappa-diverges --budget smoke --quiet "
               "--json " +
               quoted(good))
          .code == 0);
  const json base = json::parse(dcrv::test::slurp(good));
  auto index_of = [&](const std::string& id) {
    for (std::size_t i = 0; i < base["claims"].size(); ++i)
      if (base["claims"][i]["id"] == id)
        return i;
    FAIL("no claim " << id);
    return std::size_t{0};
  };
  const std::size_t jv = index_of("B.boundary-J-vanishes"), kd = index_of("B.boundary-kappa-diverges");
  REQUIRE(base["claims"][jv]["status"] == "falsified");
  REQUIRE(base["claims"][kd]["status"] == "falsified");
  CliRun r = dcrv_cli("replay B.boundary-J-vanishes --from " + quoted(good));
  CHECK(r.code == 0);
  r = dcrv_cli("replay B.boundary-kappa-diverges --from " + quoted(good));
  CHECK(r.code == 0);

  const fs::path bad = scratch("mutant.json");
  auto replay_with = [&](std::size_t claim, const std::function<void(json&)>& mutate) {
    json j = base;
    mutate(j["claims"][claim]["witness"]);
    dcrv::test::spit(bad, j.dump(1));
    return dcrv_cli("replay " + j["claims"][claim]["id"].get<std::string>() + " --from " + quoted(bad));
  };
  using Mut = std::function<void(json&)>;
  const std::vector<std::pair<std::string, Mut>> refused = {
      {"x = []", [](json& w) { w["sample"]["x"] = json::array(); }},
      {"S = 0", [](json& w) { w["sample"]["S"] = 0; }},
      {"S = 1e9", [](json& w) { w["sample"]["S"] = 1000000000; }},
      {"S + 1", [](json& w) { w["sample"]["S"] = w["sample"]["S"].get<int>() + 1; }},
      {"S - 1", [](json& w) { w["sample"]["S"] = w["sample"]["S"].get<int>() - 1; }},
      {"idx = [99999999]", [](json& w) { w["sample"]["idx"] = {99999999}; }},
      {"idx = [-1]", [](json& w) { w["sample"]["idx"] = {-1}; }},
      {"x one short", [](json& w) { w["sample"]["x"].erase(w["sample"]["x"].size() - 1); }},
      {"x[0] = null", [](json& w) { w["sample"]["x"][0] = nullptr; }},
      {"digits = -1", [](json& w) { w["digits"] = -1; }},
      {"digits = 1e12", [](json& w) { w["digits"] = 1e12; }},
      {"part = 7", [](json& w) { w["part"] = 7; }},
  };
  for (std::size_t claim : {jv, kd})
    for (const auto& [what, m] : refused) {
      INFO(base["claims"][claim]["id"] << ": " << what);
      r = replay_with(claim, m);
      CHECK(r.code == 2);
      CHECK(r.out.find("/claims/" + std::to_string(claim) + "/witness") != std::string::npos);
      CHECK(r.out.find("expected") != std::string::npos);
    }
  // Tampered stored values: recomputed, compared, and the difference named (exit 1).
  for (const char* key : {"lhs", "rhs", "score"}) {
    INFO(key);
    r = replay_with(jv, [&](json& w) { w[key] = w[key].is_string() ? json("0.123456") : json(0.123456); });
    CHECK(r.code == 1);
    CHECK(r.out.find(std::string(key) + ": stored") != std::string::npos);
  }
}

TEST_CASE("replay compares the stored overrides with the claim's constants", "[input][cli][replay]") {
  const fs::path f = scratch("override.json");
  REQUIRE(
      dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --set B.loewner-upper.c=0.495 --json " +
               quoted(f))
          .code == 0);
  json j = json::parse(dcrv::test::slurp(f));
  REQUIRE(j["claims"][0]["status"] == "falsified");
  CHECK(dcrv_cli("replay B.loewner-upper --from " + quoted(f)).code == 0);
  j["run"]["overrides"] = json::array();
  dcrv::test::spit(f, j.dump());
  const CliRun r = dcrv_cli("replay B.loewner-upper --from " + quoted(f));
  CHECK(r.code == 2);
  CHECK(r.out.find("/claims/0/constants/0/overridden") != std::string::npos);
}

TEST_CASE(
    "constants have stated valid ranges: --set outside one is refused with claim, constant, value, range",
    "[input][cli][constants]") {
  // an exact constant (a claimed value) keeps the sign of its paper value
  const std::string run = "run --filter B.loewner-upper-attained --budget smoke --quiet --json " +
                          quoted(scratch("range.json")) + " --set B.loewner-upper-attained.c=";
  const CliRun r = dcrv_cli(run + "-0.25");
  CHECK(r.code == 2);
  for (const char* part :
       {"B.loewner-upper-attained.c", "-0.25", "outside its valid range >= 0", "paper value 0.5"})
    CHECK(r.out.find(part) != std::string::npos);
  CHECK_FALSE(fs::exists(scratch("range.json")));
  CHECK(dcrv_cli(run + "0.45").code == 0); // inside: runs
  CHECK(dcrv::read_results(scratch("range.json").string()).run.overrides.at(0) ==
        "B.loewner-upper-attained.c=0.45");
  // every constant states its range, and its paper value lies in it
  const CliRun l = dcrv_cli("list --json");
  REQUIRE(l.code == 0);
  std::size_t constants = 0;
  for (const auto& c : json::parse(l.out))
    for (const auto& k : c["constants"]) {
      ++constants;
      INFO(c["id"].get<std::string>() << "." << k["name"].get<std::string>());
      const std::string range = k.value("range", "");
      const double v = k["value"].get<double>();
      CHECK((range == "any" || (range == ">= 0" && v >= 0) || (range == "> 0" && v > 0) ||
             (range == "<= 0" && v <= 0) || (range == "< 0" && v < 0) ||
             (range == "[0, 1]" && v >= 0 && v <= 1) || (range == "(0, 1)" && v > 0 && v < 1) ||
             (range == "integer >= 1" && v >= 1 && v == std::floor(v))));
    }
  CHECK(constants > 0);
  CHECK(dcrv_cli("list --filter B.loewner-upper").out.find("c=0.5(upper, any)") != std::string::npos);
  CHECK(dcrv_cli("list --filter B.loewner-upper-attained").out.find("c=0.5(exact, >= 0)") !=
        std::string::npos);
}

namespace {
/// The names in `dir` (none when it does not exist).
std::set<std::string> entries(const fs::path& dir) {
  std::set<std::string> out;
  std::error_code ec;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir, ec))
      out.insert(e.path().filename().string());
  return out;
}
/// A full disk without root or mounts: files are limited to 1 KiB and SIGXFSZ is ignored, so a write beyond
/// fails with EFBIG as a write to a full disk fails with ENOSPC.
const std::string kFullDisk = "trap '' XFSZ; ulimit -f 1; ";
} // namespace

TEST_CASE("a write error during report (a full disk) exits 2 and leaves the output directory as it was",
          "[input][cli][output]") {
  const fs::path res = scratch("for-report.json"), bad = scratch("for-report-bad.json");
  REQUIRE(dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json " + quoted(res)).code == 0);
  REQUIRE(
      dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --set B.loewner-upper.c=0.495 --json " +
               quoted(bad))
          .code == 0);
  const fs::path parent = scratch("reports"), out = parent / "rep", fresh = parent / "fresh";
  fs::create_directories(parent);
  REQUIRE(dcrv_cli("report " + quoted(res) + " --out " + quoted(out)).code == 0);
  const std::set<std::string> before = entries(out), parent_before = entries(parent);
  REQUIRE(before.count("dcrv-dossier.tex") == 1);
  const std::string dossier = dcrv::test::slurp(out / "dcrv-dossier.tex"),
                    fragment = dcrv::test::slurp(out / "dcrv-report.tex");
  // an existing report directory: nothing replaced, nothing added
  CliRun r = dcrv_cli("report " + quoted(bad) + " --out " + quoted(out), kFullDisk);
  CHECK(r.code == 2);
  CHECK(r.out.find("cannot write") != std::string::npos);
  CHECK(entries(out) == before);
  CHECK(dcrv::test::slurp(out / "dcrv-dossier.tex") == dossier);
  CHECK(dcrv::test::slurp(out / "dcrv-report.tex") == fragment);
  // a new one: not created, and no staging directory left beside it
  r = dcrv_cli("report " + quoted(bad) + " --out " + quoted(fresh), kFullDisk);
  CHECK(r.code == 2);
  CHECK_FALSE(fs::exists(fresh));
  CHECK(entries(parent) == parent_before);
  // without the limit the same report replaces the old one in place
  REQUIRE(dcrv_cli("report " + quoted(bad) + " --out " + quoted(out)).code == 0);
  CHECK(entries(out) == before);
  CHECK(dcrv::test::slurp(out / "dcrv-report.tex") != fragment);
}

TEST_CASE("the staging directory a killed report left is removed by the next report into the same place",
          "[input][cli][output]") {
  const fs::path res = scratch("for-staging.json"), out = scratch("staging-rep");
  REQUIRE(dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json " + quoted(res)).code == 0);
  REQUIRE(dcrv_cli("report " + quoted(res) + " --out " + quoted(out)).code == 0);
  // a process that no longer exists (pid 999999999 is above Linux's pid_max) and a live one (this test's)
  const fs::path dead = out / ".dcrv-report.tmp.999999999",
                 live = out / (".dcrv-report.tmp." + std::to_string(::getpid()));
  fs::create_directories(dead / "sub");
  fs::create_directories(live);
  REQUIRE(dcrv_cli("report " + quoted(res) + " --out " + quoted(out)).code == 0);
  CHECK_FALSE(fs::exists(dead));
  CHECK(fs::exists(live)); // never another running report's
  fs::remove_all(live);
}

TEST_CASE("a write error during run --json (a full disk) exits 2 and leaves a whole file marked incomplete",
          "[input][cli][output]") {
  const fs::path dir = scratch("full-disk"), out = dir / "results.json";
  fs::create_directories(dir);
  REQUIRE(dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json " + quoted(out)).code == 0);
  const std::string older = dcrv::test::slurp(out);
  for (const char* jobs : {"1", "2"}) {
    INFO("--jobs " << jobs);
    const CliRun r = dcrv_cli("run --filter 'B.loewner-*' --budget smoke --quiet --jobs " +
                                  std::string(jobs) + " --json " + quoted(out),
                              kFullDisk);
    CHECK(r.code == 2);
    CHECK(r.out.find("cannot write") != std::string::npos);
    // the file is this run's, marked incomplete (an older file would pass for the result), and whole
    const dcrv::Results now = dcrv::read_results(out.string());
    CHECK_FALSE(now.complete);
    CHECK(dcrv::test::slurp(out) != older);
    CHECK(entries(dir) == std::set<std::string>{"results.json"}); // no temporary, no lock file
  }
}

TEST_CASE("/proc as the results path or the report directory exits 2 before anything is written",
          "[input][cli][output]") {
  if (!fs::is_directory("/proc/self")) {
    std::puts("DCRV-SKIPPED: no /proc");
    return;
  }
  CliRun r =
      dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json /proc/self/dcrv-results.json");
  CHECK(r.code == 2);
  r = dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json /proc/self/status");
  CHECK(r.code == 2);
  const fs::path res = scratch("for-proc.json");
  REQUIRE(dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json " + quoted(res)).code == 0);
  r = dcrv_cli("report " + quoted(res) + " --out /proc/self/dcrv-report");
  CHECK(r.code == 2);
  r = dcrv_cli("report " + quoted(res) + " --out /proc/dcrv-report");
  CHECK(r.code == 2);
  CHECK_FALSE(fs::exists("/proc/dcrv-report"));
}

TEST_CASE("run.commit records the commit the binary was built from, read and shown by the dcrvrun macro",
          "[input][cli][commit]") {
  const fs::path f = scratch("commit.json");
  REQUIRE(dcrv_cli("run --filter B.loewner-upper --budget smoke --quiet --json " + quoted(f)).code == 0);
  const dcrv::Results res = dcrv::read_results(f.string());
  CHECK(dcrv::valid_commit(res.run.commit));
  if (fs::exists(fs::path(DCRV_SOURCE_DIR) / ".git"))
    CHECK(res.run.commit != "unknown"); // built in a git checkout (CI builds a clean clone)
  const fs::path rep = scratch("commit-report");
  REQUIRE(dcrv_cli("report " + quoted(f) + " --out " + quoted(rep)).code == 0);
  const std::string macros = dcrv::test::slurp(rep / "dcrv-macros.tex");
  CHECK(macros.find("\\def\\dcrvrun{commit " + res.run.commit.substr(0, 12)) != std::string::npos);
  for (const char* bad :
       {"xyz", "0D56C523384156D46568B1DF2E082A8CEA409BFD", "0d56c52", "", "unknown-dirty"}) {
    INFO(bad);
    json j = json::parse(dcrv::test::slurp(f));
    j["run"]["commit"] = bad;
    dcrv::test::spit(scratch("commit-bad.json"), j.dump());
    const CliRun r = dcrv_cli("report " + quoted(scratch("commit-bad.json")) + " --out " + quoted(rep));
    CHECK(r.code == 2);
    CHECK(r.out.find("/run/commit") != std::string::npos);
  }
  json j = json::parse(dcrv::test::slurp(f));
  j["run"].erase("commit"); // an older file: the report says so
  dcrv::test::spit(scratch("commit-none.json"), j.dump());
  REQUIRE(dcrv_cli("report " + quoted(scratch("commit-none.json")) + " --out " + quoted(rep)).code == 0);
  CHECK(dcrv::test::slurp(rep / "dcrv-macros.tex").find("\\def\\dcrvrun{commit not recorded") !=
        std::string::npos);
}
