// tests/claims_J_dcr_study.cpp — App. J Study C claims (properties/J_dcr_study.cpp): one override test per
// constant.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("J.phase-band", "broad", 13);
DCRV_OVERRIDE_TEST("J.ablation-coverage-3", "coverage", 4);
DCRV_OVERRIDE_TEST("J.ablation-dcr-safety-positive", "large", 0.95);
DCRV_OVERRIDE_TEST("J.traj-dcr-safety-093", "safety", 0.96);
DCRV_OVERRIDE_TEST("J.traj-dcr-safety-093", "about", -0.01);
DCRV_OVERRIDE_TEST("J.traj-entropy-only-safety-1", "one", 0.99);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048", "safety", 0.49);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048", "about", 0.0202);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048~incorrect-cluster", "safety", 0.49);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048~incorrect-cluster", "about", 0.0202);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048~self-similar", "safety", 0.49);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048~self-similar", "about", 0.0202);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048~all-ones", "safety", 0.49);
DCRV_OVERRIDE_TEST("J.traj-ungated-safety-048~all-ones", "about", 0.0202);
DCRV_OVERRIDE_TEST("J.safety-min-positive", "floor", 0.5);
DCRV_OVERRIDE_TEST("J.safety-min-0267", "worst", 0.27);
DCRV_OVERRIDE_TEST("J.safety-min-0267", "about", 0.0202);
DCRV_OVERRIDE_TEST("J.safety-min-0267~batch", "worst", 0.27);
DCRV_OVERRIDE_TEST("J.safety-min-0267~batch", "about", 0.0202);
DCRV_OVERRIDE_TEST("J.safety-min-0267~gap-0.8", "worst", 0.27);
DCRV_OVERRIDE_TEST("J.safety-min-0267~gap-0.8", "about", 0.0202);
DCRV_OVERRIDE_TEST("J.safety-min-0267~mass-weighted", "worst", 0.27);
DCRV_OVERRIDE_TEST("J.safety-min-0267~mass-weighted", "about", 0.0202);
