// tests/claims_H_stationary_laws.cpp — claim-specific specifications of properties/H_stationary_laws.cpp:
// what a status alone does not show (two readings side by side, evidence details, refused settings). The
// expected status of every claim of the file and its override tests are data:
// tests/expectations/H_stationary_laws.txt.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "tests/support.hpp"

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
