// The expected outcome of every claim file, read from tests/expectations/*.txt (format:
// tests/expectations.hpp) and registered as test cases: per group, its claims hold as stated or are falsified
// with replayable witnesses; per override line, a slightly wrong constant is caught. A claim that this build
// does not compile (a partial build, DCRV_ONLY_CLAIMS) is skipped with its reason; in the full build it is an
// error (a typo in an ID must not pass silently). A malformed file becomes a failing test case that names the
// file and line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>

#include "checks/registry.hpp"
#include "tests/expectations.hpp"
#include "tests/support.hpp"

namespace dcrv::test {

Expectations parse_expectations(const std::string& text, const std::string& file) {
  Expectations e;
  e.file = file;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  auto fail = [&](const std::string& why) {
    throw std::runtime_error(file + ":" + std::to_string(n) + ": " + why);
  };
  while (std::getline(in, line)) {
    ++n;
    if (auto hash = line.find('#'); hash != std::string::npos)
      line.erase(hash);
    std::istringstream words(line);
    std::string key;
    if (!(words >> key))
      continue;
    if (key == "test") {
      std::string rest, w;
      std::getline(words, rest);
      rest.erase(0, rest.find_first_not_of(' '));
      ExpectationGroup g;
      // trailing [tag] words are the tags
      while (!rest.empty() && rest.back() == ']') {
        const auto open = rest.rfind('[');
        if (open == std::string::npos)
          fail("a tag without '['");
        g.tags = rest.substr(open) + g.tags;
        rest.erase(open);
        while (!rest.empty() && rest.back() == ' ')
          rest.pop_back();
      }
      if (rest.empty())
        fail("'test' needs a title");
      g.title = rest;
      e.groups.push_back(std::move(g));
    } else if (key == "holds" || key == "falsified") {
      if (e.groups.empty())
        fail("'" + key + "' before any 'test' line");
      auto& list = key == "holds" ? e.groups.back().holds : e.groups.back().falsified;
      std::string id;
      int count = 0;
      while (words >> id)
        list.push_back(id), ++count;
      if (count == 0)
        fail("'" + key + "' without a claim ID");
    } else if (key == "override") {
      OverrideExpectation o;
      std::string extra;
      if (!(words >> o.id >> o.constant >> o.value_text) || (words >> extra))
        fail("'override' needs exactly: <ID> <constant> <value>");
      char* end = nullptr;
      o.value = std::strtod(o.value_text.c_str(), &end);
      if (end == o.value_text.c_str() || *end != '\0')
        fail("not a number: '" + o.value_text + "'");
      o.where = file + ":" + std::to_string(n);
      e.overrides.push_back(std::move(o));
    } else {
      fail("unknown keyword '" + key + "' (test, holds, falsified, override)");
    }
  }
  return e;
}

} // namespace dcrv::test

namespace {

using dcrv::test::Expectations;

/// Strings that Catch2's registration refers to must outlive it.
std::deque<std::string>& storage() {
  static std::deque<std::string> s;
  return s;
}
const char* keep(std::string s) {
  return storage().emplace_back(std::move(s)).c_str();
}

struct Invoker final : Catch::ITestInvoker {
  explicit Invoker(std::function<void()> f) : run(std::move(f)) {}
  void invoke() const override { run(); }
  std::function<void()> run;
};

void add_test(const std::string& name, const std::string& tags, const std::string& file,
              std::function<void()> f) {
  Catch::AutoReg(new Invoker(std::move(f)), Catch::SourceLineInfo(keep(file), 1), Catch::StringRef(),
                 Catch::NameAndTags{Catch::StringRef(keep(name)), Catch::StringRef(keep(tags))});
}

/// True when the claim is in this build; otherwise skips (partial build) or fails (full build).
bool in_build(const std::string& id) {
  if (dcrv::Registry::instance().find(id))
    return true;
#ifdef DCRV_ALL_CLAIMS
  FAIL("no claim " << id << " is registered (a typo in tests/expectations?)");
#endif
  return false;
}

void register_file(const Expectations& e) {
  for (const auto& g : e.groups)
    add_test(g.title, g.tags, e.file, [g] {
      int ran = 0;
      for (const auto& id : g.holds) {
        if (!in_build(id))
          continue;
        ++ran;
        const auto r = dcrv::test::run_claim(id);
        INFO(id << ": " << dcrv::to_string(r.outcome.status) << " — " << r.outcome.message);
        CHECK(dcrv::test::holds(r));
      }
      for (const auto& id : g.falsified) {
        if (!in_build(id))
          continue;
        ++ran;
        INFO(id);
        dcrv::test::require_falsified(id, {});
      }
      if (ran == 0)
        std::puts("DCRV-SKIPPED: the claims of this group are not in this build");
    });
  for (const auto& o : e.overrides) {
    dcrv::test::note_override_tested(o.id, o.constant);
    add_test(o.id + ": " + o.constant + " = " + o.value_text + " is falsified", "[override]", o.where, [o] {
      if (!in_build(o.id)) {
        std::puts("DCRV-SKIPPED: the claim is not in this build");
        return;
      }
      dcrv::test::require_falsified(o.id, {{o.constant, o.value}});
    });
  }
}

/// Whether this build compiles the claim file properties/<subject>.cpp (all of them unless DCRV_ONLY_CLAIMS).
bool in_this_build(const std::string& subject) {
#ifdef DCRV_EXPECTATION_SUBJECTS
  const std::string list = std::string(",") + DCRV_EXPECTATION_SUBJECTS + ",";
  return list.find("," + subject + ",") != std::string::npos;
#else
  (void)subject;
  return true;
#endif
}

const int registered = [] {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(DCRV_SOURCE_DIR) / "tests" / "expectations";
  std::vector<fs::path> files;
  if (fs::is_directory(dir))
    for (const auto& f : fs::directory_iterator(dir))
      if (f.path().extension() == ".txt" && in_this_build(f.path().stem().string()))
        files.push_back(f.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    const std::string name = "tests/expectations/" + f.filename().string();
    try {
      register_file(dcrv::test::parse_expectations(text.str(), name));
    } catch (const std::exception& ex) {
      const std::string why = ex.what();
      add_test(name + " is well-formed", "[expectations]", name, [why] { FAIL(why); });
    }
  }
  return static_cast<int>(files.size());
}();

} // namespace

TEST_CASE("an expectations file is parsed into groups and overrides, and malformed lines name file and line",
          "[expectations]") {
  using dcrv::test::parse_expectations;
  const auto e = parse_expectations("# header\n"
                                    "test App. X claims hold [X] [slow]\n"
                                    "holds X.a X.b  # why\n"
                                    "holds X.c\n"
                                    "test App. X false readings are falsified [X]\n"
                                    "falsified X.d~reading\n"
                                    "override X.a c 0.99   # 1 % below the sharp value\n"
                                    "override X.b c -2.02\n",
                                    "x.txt");
  REQUIRE(e.groups.size() == 2);
  CHECK(e.groups[0].title == "App. X claims hold");
  CHECK(e.groups[0].tags == "[X][slow]");
  CHECK(e.groups[0].holds == std::vector<std::string>{"X.a", "X.b", "X.c"});
  CHECK(e.groups[1].falsified == std::vector<std::string>{"X.d~reading"});
  REQUIRE(e.overrides.size() == 2);
  CHECK(e.overrides[0].value == 0.99);
  CHECK(e.overrides[1].value_text == "-2.02");
  CHECK(e.overrides[1].where == "x.txt:8");
  CHECK_THROWS_WITH(parse_expectations("holds X.a\n", "y.txt"), Catch::Contains("y.txt:1"));
  CHECK_THROWS_WITH(parse_expectations("test t\noverride X.a c\n", "y.txt"), Catch::Contains("y.txt:2"));
  CHECK_THROWS_WITH(parse_expectations("override X.a c 0.9x\n", "y.txt"), Catch::Contains("not a number"));
  CHECK_THROWS_WITH(parse_expectations("hold X.a\n", "y.txt"), Catch::Contains("unknown keyword"));
  CHECK_THROWS_WITH(parse_expectations("test t\nholds\n", "y.txt"), Catch::Contains("without a claim ID"));
}
