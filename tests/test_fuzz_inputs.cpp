// A seeded fuzz corpus of results files and witnesses (issue 24) through every reading command: report,
// diff, merge and replay, in process (the sanitizer build runs it: a memory error or undefined behaviour
// there fails the suite), and a sample of the mutants through the dcrv binary, whose exit code must be
// 0, 1 or 2 — never a signal. Mutants: semantic (a value of another type or out of range at a random place,
// a key removed, a claim duplicated), witness-targeted (the same, below a witness) and byte-level (a byte
// flipped, inserted or removed, the text truncated).
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <sstream>

#include "checks/runner.hpp"
#include "reports/diff.hpp"
#include "reports/latex.hpp"
#include "reports/results.hpp"
#include "tests/cli_support.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {
fs::path scratch(const std::string& name) {
  const fs::path d = dcrv::test::process_scratch("fuzz");
  fs::create_directories(d);
  return d / name;
}

/// Every JSON pointer below `j` (objects and arrays, leaves included).
void pointers(const json& j, const std::string& at, std::vector<std::string>& out) {
  out.push_back(at);
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it)
      pointers(it.value(), at + "/" + it.key(), out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i)
      pointers(j[i], at + "/" + std::to_string(i), out);
}

json odd_value(std::mt19937_64& rng, const json& was) {
  static const std::vector<json> values = {nullptr,
                                           -1,
                                           0,
                                           1,
                                           2,
                                           3.7,
                                           -0.5,
                                           1e9,
                                           1e12,
                                           99999999,
                                           -99999999,
                                           4294967295LL,
                                           1.7e308,
                                           "",
                                           "nonsense",
                                           "-1",
                                           json::array(),
                                           json::object(),
                                           true,
                                           false,
                                           json::array({-1}),
                                           json::array({1e300, -1e300})};
  std::uniform_int_distribution<std::size_t> pick(0, values.size() + 2);
  const std::size_t k = pick(rng);
  if (k < values.size())
    return values[k];
  if (was.is_number_integer()) // off by one
    return was.get<long long>() + (k == values.size() ? 1 : -1);
  if (was.is_array() && !was.empty()) { // one entry short
    json v = was;
    v.erase(v.size() - 1);
    return v;
  }
  return nullptr;
}

/// One mutant of `base` as text.
std::string mutate(const json& base, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> kind(0, 9);
  const int k = kind(rng);
  if (k <= 6) { // semantic; 0-3: below a witness or the run
    json j = base;
    std::vector<std::string> all, some;
    pointers(j, "", all);
    for (const auto& p : all)
      if (p.find("/witness") != std::string::npos || p.rfind("/run", 0) == 0)
        some.push_back(p);
    const auto& from = (k <= 3 && !some.empty()) ? some : all;
    std::uniform_int_distribution<std::size_t> at(1, from.size() - 1);
    const std::string p = from[at(rng)];
    const json::json_pointer ptr(p);
    if (k == 6) { // remove the key or entry
      const json::json_pointer parent = ptr.parent_pointer();
      const std::string last = p.substr(p.rfind('/') + 1);
      if (j[parent].is_object())
        j[parent].erase(last);
      else if (j[parent].is_array())
        j[parent].erase(static_cast<std::size_t>(std::stoul(last)));
    } else if (k == 5 && j["claims"].is_array() && !j["claims"].empty()) { // a duplicated claim
      j["claims"].push_back(j["claims"][0]);
    } else {
      j[ptr] = odd_value(rng, j[ptr]);
    }
    return j.dump(1);
  }
  std::string t = base.dump(1); // byte-level
  std::uniform_int_distribution<std::size_t> pos(0, t.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255);
  const std::size_t i = pos(rng);
  if (k == 7)
    t[i] = static_cast<char>(byte(rng));
  else if (k == 8)
    t.insert(i, 1, "{}[]\",:0-e9"[byte(rng) % 11]);
  else
    t = t.substr(0, i);
  return t;
}

/// What main() does with a results file, in process: every exception it maps to exit 2 is fine here.
void read_everything(const std::string& file, const dcrv::Results& base, const fs::path& out) {
  dcrv::Results r;
  try {
    r = dcrv::read_results(file);
  } catch (const dcrv::SchemaError&) {
    return; // refused with its place: exit 2
  }
  std::ostringstream sink;
  dcrv::print_diff(dcrv::diff_results(base, r), sink);
  dcrv::print_diff(dcrv::diff_results(r, base), sink);
  try {
    dcrv::merge_results({r}, {file}, {}, true);
  } catch (const dcrv::MergeError&) {
  }
  dcrv::ReportOptions ro;
  ro.out_dir = out.string();
  try {
    dcrv::write_report(r, ro);
  } catch (const std::exception&) { // an I/O error would be exit 2
  }
  for (const auto& c : r.claims) {
    if (c.outcome.witness.is_null())
      continue;
    try {
      const auto rep = dcrv::replay_claim(r, file, c.id, 0, dcrv::Registry::instance());
      (void)rep.text();
    } catch (const dcrv::UsageError&) {
    } catch (const dcrv::SchemaError&) {
    } catch (const std::exception&) { // main: "dcrv: error: ..." and exit 2
    }
  }
}
} // namespace

TEST_CASE("fuzz: mutated results files and witnesses through report, diff, merge and replay",
          "[input][fuzz]") {
  // The corpus' seed: two falsified claims with sample witnesses (one per dimension layout) and a verified
  // one.
  const fs::path good = scratch("base.json");
  const auto run = dcrv::test::dcrv_cli(
      "run --filter B.boundary-J-vanishes --filter B.boundary-kappa-diverges --filter B.loewner-upper "
      "--budget smoke --quiet --json " +
      dcrv::test::quoted(good));
  REQUIRE(run.code == 0);
  const dcrv::Results base = dcrv::read_results(good.string());
  const json base_json = json::parse(dcrv::test::slurp(good));
  std::mt19937_64 rng(20261127);
  const fs::path mutant = scratch("mutant.json"), out = scratch("report");
  int refused = 0, accepted = 0;
  const int count = 400;
  std::vector<std::string> sample; // mutants also run through the binary
  for (int i = 0; i < count; ++i) {
    const std::string text = mutate(base_json, rng);
    dcrv::test::spit(mutant, text);
    try {
      dcrv::read_results(mutant.string());
      ++accepted;
    } catch (const dcrv::SchemaError&) {
      ++refused;
    }
    read_everything(mutant.string(), base, out);
    if (i % 20 == 0)
      sample.push_back(text);
  }
  CHECK(refused > count / 4); // the corpus does reach the validation
  CHECK(accepted > 0);
  const std::string q = dcrv::test::quoted(mutant);
  for (const auto& text : sample) {
    dcrv::test::spit(mutant, text);
    for (const std::string& cmd :
         {"report " + q + " --out " + dcrv::test::quoted(out), "diff " + dcrv::test::quoted(good) + " " + q,
          "merge --allow-partial " + q + " --json " + dcrv::test::quoted(scratch("merged.json")),
          "replay B.boundary-J-vanishes --from " + q, "replay B.boundary-kappa-diverges --from " + q}) {
      const auto r = dcrv::test::dcrv_cli(cmd);
      INFO(cmd << "\n" << r.out);
      CHECK((r.code == 0 || r.code == 1 || r.code == 2));
      CHECK(r.out.find("Sanitizer") == std::string::npos);
      CHECK(r.out.find("runtime error") == std::string::npos);
    }
  }
}
