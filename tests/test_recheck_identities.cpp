// Specification of the second checker's identity records (certify/recheck.hpp): `dcrv certify --export`
// writes every identity piece as a record (label, variable count, declared degree, constants, the
// certifier's status, a digest of its grid values) and `dcrv recheck` re-verifies each by Schwartz–Zippel —
// the registered residual at random exact points, independent of the declared degree — refusing a record
// that does not match the registry, a corrupted one, and a false identity that the declared degree hid.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "checks/recheck.hpp"
#include "dcrv/certify/certificate.hpp"
#include "dcrv/certify/recheck.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv;
using namespace dcrv::certify;
using namespace dcrv::test;

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string refusals(const RecheckResult& r) {
  std::string t;
  for (const auto& w : r.refused)
    t += w + "\n";
  return t;
}

/// A test certificate of two true identities, one with a constant: (x0 + x1)² − x0² − 2 x0 x1 − x1² = 0
/// (degree 2 in each of 2 variables) and c x0 − x0 c = 0 (degree 1).
Certificate true_identities() {
  Certificate c;
  c.claim = "test.identities";
  c.constants = {{"c", [] { return Interval(3) / Interval(7); }, [] { return Rational(3) / Rational(7); }}};
  c.identities = {
      exact_identity("square of a sum", 2, 2,
                     [](const std::vector<Exact>& x, const RationalConstants&) {
                       return (x[0] + x[1]) * (x[0] + x[1]) - x[0] * x[0] - Exact(2) * x[0] * x[1] -
                              x[1] * x[1];
                     }),
      exact_identity("c x = x c", 1, 1, [](const std::vector<Exact>& x, const RationalConstants& k) {
        return Exact(k("c")) * x[0] - x[0] * Exact(k("c"));
      })};
  return c;
}

} // namespace

TEST_CASE("dcrv recheck confirms every exported identity of a certificate at random exact points",
          "[certify]") {
  set_working_digits(50);
  int seen = 0;
  for (const char* id : {"B.softmax-translation", "M.logratio-ode", "F.zik-ode", "F.jphi-formula",
                         "F.clog-le", "D.flow-Y-inequality"}) {
    const Certificate* c = certificate_in_build(id);
    if (!c || c->identities.empty())
      continue;
    INFO(id);
    ++seen;
    const nlohmann::json e = export_certificate(*c, {}, bnb_budget(400000, 120));
    REQUIRE(e["status"] == "proved");
    REQUIRE(e["identities"].size() == c->identities.size());
    for (const auto& rec : e["identities"]) {
      CHECK(rec["status"] == "proved");
      CHECK(rec["digest"].get<std::string>().size() == 16);
    }
    const RecheckResult r = recheck_certificate(*c, e, 80);
    INFO(refusals(r));
    CHECK(r.ok());
    CHECK(r.identities == static_cast<long>(c->identities.size()));
    CHECK(r.identities_confirmed == r.identities);
    CHECK(r.identity_points == kIdentityPoints * r.identities); // no denominator vanished
    CHECK(r.identity_bound_log2 < -200);                        // (n d / 2^62)^4 for the declared degrees
    // reproducible: the points are drawn from the record
    CHECK(recheck_certificate(*c, e, 80).to_json() == r.to_json());
  }
  if (seen == 0)
    std::printf("DCRV-SKIPPED: none of the sampled certificates with identities is in this build\n");
}

TEST_CASE("dcrv recheck refuses a false identity that a wrong declared degree hid from the zero lemma",
          "[certify]") {
  // exported from a true residual; then the registry holds a false one of the same label, variables and
  // degree
  Certificate c;
  c.claim = "test.degree-lie";
  c.identities = {
      exact_identity("x0 x1 - x1 x0", 2, 1, [](const std::vector<Exact>& x, const RationalConstants&) {
        return x[0] * x[1] - x[1] * x[0];
      })};
  const nlohmann::json e = export_certificate(c, {}, bnb_budget(1000, 10));
  REQUIRE(e["status"] == "proved");
  CHECK(recheck_certificate(c, e, 80).ok());
  // (x0 − 1/9)(x0 − 2/9) x1 declared of degree 1: zero on the whole default grid {1/9, 2/9}², so the zero
  // lemma's grid and the record's digest cannot tell it from 0; it is not 0
  Certificate lie = c;
  lie.identities[0].components = [](const std::vector<Exact>& x, const RationalConstants&) {
    return std::vector<Exact>{(x[0] - Exact(Rational(1, 9))) * (x[0] - Exact(Rational(2, 9))) * x[1]};
  };
  const RecheckResult r = recheck_certificate(lie, e, 80);
  INFO(refusals(r));
  CHECK_FALSE(r.ok());
  CHECK(r.identities_confirmed == 0);
  REQUIRE(r.refused.size() == 1);
  CHECK(has(r.refused[0], "identity 0 (x0 x1 - x1 x0)"));
  CHECK(has(r.refused[0], "the identity is false"));
  CHECK(has(r.refused[0], "at random point 0")); // the first random point already shows it
  SECTION("a false residual that differs on the grid is refused by the digest already") {
    lie.identities[0].components = [](const std::vector<Exact>& x, const RationalConstants&) {
      return std::vector<Exact>{x[0] * x[1] - x[1]};
    };
    const RecheckResult d = recheck_certificate(lie, e, 80);
    CHECK_FALSE(d.ok());
    CHECK(has(refusals(d), "digest"));
  }
}

TEST_CASE("dcrv recheck refuses a corrupted identity record and names it", "[certify]") {
  const Certificate c = true_identities();
  nlohmann::json e = export_certificate(c, {}, bnb_budget(1000, 10));
  REQUIRE(e["status"] == "proved");
  REQUIRE(e["identities"].size() == 2);
  CHECK(e["identities"][1]["constants"]["c"] == "3/7");
  const RecheckResult good = recheck_certificate(c, e, 80);
  INFO(refusals(good));
  REQUIRE(good.ok());
  CHECK(good.identities_confirmed == 2);
  auto& rec = e["identities"][0];
  auto refused_with = [&](const std::string& part) {
    const RecheckResult r = recheck_certificate(c, e, 80);
    INFO(refusals(r));
    CHECK_FALSE(r.ok());
    CHECK(has(refusals(r), part));
  };
  SECTION("a changed label: the record matches no piece, and the piece has no record") {
    rec["label"] = "square of a difference";
    refused_with("identity 0 (square of a difference): not readable: no identity piece");
    refused_with("identity piece 0 (square of a sum): no record in the export");
  }
  SECTION("a changed variable count") {
    rec["variables"] = 3;
    refused_with("the variable count 3 is not the piece's 2");
  }
  SECTION("a changed declared degree") {
    rec["degree"] = 5;
    refused_with("the declared degree 5 is not the piece's 2");
  }
  SECTION("a changed digest") {
    rec["digest"] = "0123456789abcdef";
    refused_with("identity 0 (square of a sum): the digest of its grid values does not match");
  }
  SECTION("a changed constant") {
    e["identities"][1]["constants"]["c"] = "1/2";
    refused_with("identity 1 (c x = x c): the constants");
  }
  SECTION("an override the record's constants do not match") {
    e["overrides"] = {{"c", 0.5}};
    refused_with("the constants");
  }
  SECTION("a status other than proved") {
    rec["status"] = "violation";
    refused_with("the certifier did not prove it (status violation)");
  }
  SECTION("a record left out") {
    e["identities"].erase(0);
    refused_with("identity piece 0 (square of a sum): no record in the export");
  }
  SECTION("an export without identity records") {
    e.erase("identities");
    refused_with("no record in the export");
  }
  SECTION("a record twice") {
    e["identities"].push_back(e["identities"][0]);
    refused_with("a second record of the same identity piece");
  }
}

TEST_CASE("dcrv recheck redraws a point where a denominator vanishes and does not confirm a piece that "
          "needs too many",
          "[certify]") {
  Certificate c;
  c.claim = "test.redraw";
  // 1/(x0 − x0): undefined everywhere (the certifier errs on it; the record is forged as proved)
  c.identities = {
      exact_identity("undefined", 1, 1, [](const std::vector<Exact>& x, const RationalConstants&) {
        return Exact(1) / (x[0] - x[0]);
      })};
  nlohmann::json e = export_certificate(c, {}, bnb_budget(1000, 10));
  CHECK(e["status"] != "proved");
  REQUIRE(e["identities"].size() == 1);
  CHECK(e["identities"][0]["status"] == "error");
  e["identities"][0]["status"] = "proved";
  const RecheckResult r = recheck_certificate(c, e, 80);
  INFO(refusals(r));
  CHECK_FALSE(r.ok());
  CHECK(r.identity_redraws == kIdentityRedraws + 1);
  CHECK(r.identity_points == 0);
  CHECK(has(refusals(r), "a denominator vanished at 17 random points"));
}

TEST_CASE("dcrv recheck names every identity record it cannot confirm and exits 1", "[certify]") {
  const Certificate* c = certificate_in_build("B.softmax-translation");
  if (!c) {
    std::printf("DCRV-SKIPPED: B.softmax-translation is not in this build\n");
    return;
  }
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("dcrv-recheck-identities-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  nlohmann::json e = export_certificate(*c, {}, bnb_budget(1000, 10));
  REQUIRE(e["status"] == "proved");
  std::ofstream(dir / "B.softmax-translation.json") << e.dump() << "\n";
  std::ostringstream ok;
  CHECK(cmd_recheck(dir.string(), ok) == 0);
  CHECK(has(ok.str(), "confirmed B.softmax-translation"));
  CHECK(has(ok.str(), "Schwartz-Zippel"));
  CHECK(has(ok.str(), "<= 2^-88 for any T <= 2^40"));
  e["identities"][2]["degree"] = 1;
  const std::string label = e["identities"][2]["label"].get<std::string>();
  std::ofstream(dir / "B.softmax-translation.json") << e.dump() << "\n";
  std::ostringstream bad;
  CHECK(cmd_recheck(dir.string(), bad) == 1);
  INFO(bad.str());
  CHECK(has(bad.str(), "REFUSED   B.softmax-translation"));
  CHECK(has(bad.str(), "identity 2 (" + label + "): the declared degree 1"));
  const auto summary = nlohmann::json::parse(std::ifstream(dir / "recheck.json"));
  CHECK(summary["identities_confirmed"] == summary["identities"].get<long>() - 1);
  fs::remove_all(dir);
}
