// tests/claims_M_flows_predictions.cpp — main-text dynamic claims (properties/M_flows_predictions.cpp): one override test per constant.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("M.gc-convergence", "c", 4.5);
DCRV_OVERRIDE_TEST("M.gc-convergence", "m", 1.01);
DCRV_OVERRIDE_TEST("M.incorrect-suppressed-eps0", "r", 1.01);
