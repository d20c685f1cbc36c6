#include "tests/support.hpp"

#include <catch2/catch.hpp>

namespace dcrv::test {

ClaimResult run_claim(const std::string& id, const std::map<std::string, double>& overrides, Budget budget) {
  const Claim* c = Registry::instance().find(id);
  REQUIRE(c != nullptr);
  RunOptions o;
  o.budget = budget;
  o.seed = 1;
  o.digits = 50;
  for (const auto& [k, v] : overrides)
    o.overrides.push_back({id, k, id + "." + k, v});
  set_working_digits(o.digits);
  return run_one(*c, make_context(*c, o));
}

bool holds(const ClaimResult& r) {
  return r.outcome.status == Status::verified || r.outcome.status == Status::certified;
}

static std::map<std::string, int>& tested() {
  static std::map<std::string, int> t;
  return t;
}
int note_override_tested(const std::string& id, const std::string& constant) {
  return ++tested()[id + "." + constant];
}
const std::map<std::string, int>& override_tested() {
  return tested();
}

void require_falsified(const std::string& id, const std::map<std::string, double>& overrides) {
  if (const Claim* c = Registry::instance().find(id))
    for (const auto& [k, v] : overrides)
      if (const ConstantSpec* spec = c->find_constant(k)) {
        // an override test uses a slightly wrong value that `dcrv run --set` accepts
        INFO(id << "." << k << " = " << v << " is outside its valid range " << to_string(spec->range()));
        REQUIRE(in_range(spec->range(), v));
      }
  const ClaimResult r = run_claim(id, overrides);
  INFO(id << ": " << to_string(r.outcome.status) << " — " << r.outcome.message);
  REQUIRE(r.outcome.status == Status::falsified);
  REQUIRE(r.outcome.witness.is_object());
  REQUIRE(r.outcome.witness.value("digits", 0) >= 32);
  const Claim* c = Registry::instance().find(id);
  REQUIRE(c->replay);
  RunOptions o;
  o.digits = 50;
  for (const auto& [k, v] : overrides)
    o.overrides.push_back({id, k, id + "." + k, v});
  const Outcome again = c->replay(make_context(*c, o), r.outcome.witness);
  INFO("replay: " << again.message);
  REQUIRE(again.status == Status::falsified);
}

} // namespace dcrv::test
