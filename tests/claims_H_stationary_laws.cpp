// tests/claims_H_stationary_laws.cpp — App. H reflected diffusion and stationary laws
// (properties/H_stationary_laws.cpp): one override test per constant, and the refusal of invalid settings.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("H.gibbs-minus-2F", "c", -2.02);
DCRV_OVERRIDE_TEST("H.stationary-concentration", "c", 1.01);
DCRV_OVERRIDE_TEST("H.stationary-concentration", "delta", 0.25);
DCRV_OVERRIDE_TEST("H.stationary-concentration", "gamma", 2.0);
DCRV_OVERRIDE_TEST("H.band-estimate-stationary", "c", 1.01);
DCRV_OVERRIDE_TEST("H.stationary-concentration~small-bias", "c", 0.36); // tightness 0.367 (about 1/e)

TEST_CASE("H.stationary-concentration refuses a floor outside (0, 1/K) and a negative gamma",
          "[stochastic]") {
  for (const auto& [name, value, reason] :
       {std::tuple<std::string, double, std::string>{"delta", 0.0, "floor delta"},
        {"delta", 0.4, "floor delta"},
        {"gamma", -1.0, "noise scale gamma"}}) {
    try {
      const dcrv::ClaimResult r = dcrv::test::run_claim("H.stationary-concentration", {{name, value}});
      INFO(r.outcome.message);
      CHECK(r.outcome.status == dcrv::Status::inconclusive);
      CHECK(r.outcome.message.find(reason) != std::string::npos);
    } catch (const std::exception& e) {
      CHECK(std::string(e.what()).find(reason) != std::string::npos);
    }
  }
}
