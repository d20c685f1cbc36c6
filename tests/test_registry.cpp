// Specifications of the claim registry: the inventory is covered honestly and completely.
#include <catch2/catch.hpp>
#include <set>

#include "checks/registry.hpp"
#include "tests/support.hpp"

using namespace dcrv;

TEST_CASE("every inventory ID is registered exactly once, in inventory order", "[registry]") {
  const auto& inv = inventory();
  CHECK(inv.size() == 663);
  const auto& reg = Registry::instance();
  std::set<std::string> seen;
  for (const auto& c : reg.claims())
    CHECK(seen.insert(c.id).second);
  for (std::size_t i = 0; i < inv.size(); ++i) {
    REQUIRE(reg.claims()[i].id == inv[i].id);
    CHECK(to_string(reg.claims()[i].kind) == inv[i].kind);
  }
}

TEST_CASE("extra readings name an inventory claim that is marked ambiguous or that they split",
          "[registry]") {
  const auto& reg = Registry::instance();
  for (const auto& c : reg.claims()) {
    if (c.from_inventory)
      continue;
    const auto tilde = c.id.find('~');
    if (tilde == std::string::npos)
      continue;
    const std::string base = c.id.substr(0, tilde);
    INFO(c.id);
    CHECK(reg.find(base) != nullptr);
    CHECK_FALSE(c.reading.empty());
  }
}

TEST_CASE("implemented claims are described: statement, place, distinct constant names", "[registry]") {
  for (const auto& c : Registry::instance().claims()) {
    if (!c.check)
      continue;
    INFO(c.id);
    CHECK_FALSE(c.statement.empty());
    CHECK_FALSE(c.where.empty());
    std::set<std::string> names;
    for (const auto& k : c.constants)
      CHECK(names.insert(k.name).second);
  }
}

#ifdef DCRV_ALL_CLAIMS
namespace {
bool in_scope_of_skeleton(const Claim& c) { // issue 2: all of B, and A's identity/bound/sharpness claims
  if (c.id.rfind("B.", 0) == 0)
    return true;
  return c.id.rfind("A.", 0) == 0 &&
         (c.kind == Kind::identity || c.kind == Kind::bound || c.kind == Kind::sharpness);
}
} // namespace

TEST_CASE("no claim of Appendix B, and no static claim of Appendix A, is unchecked", "[registry][coverage]") {
  for (const auto& c : Registry::instance().claims())
    if (in_scope_of_skeleton(c)) {
      INFO(c.id);
      CHECK(static_cast<bool>(c.check));
    }
}

TEST_CASE("every constant of every checked claim has an override test", "[registry][coverage]") {
  const auto& tested = test::override_tested();
  for (const auto& c : Registry::instance().claims()) {
    if (!c.check)
      continue;
    for (const auto& k : c.constants) {
      INFO(c.id << "." << k.name);
      CHECK(tested.count(c.id + "." + k.name) == 1);
    }
  }
}
#endif
