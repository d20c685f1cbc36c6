// tests/claims_J_theory_tracks.cpp — App. J Study A and simplex claims (properties/J_theory_tracks.cpp): one
// override test per constant (a stronger claim than the ensemble supports must come out falsified, with a
// replayable stochastic witness).
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("J.star-immediate-collapse", "close", 0);
DCRV_OVERRIDE_TEST("J.grpo-median-fix-b16", "median", 4747);
DCRV_OVERRIDE_TEST("J.grpo-median-fix-b16", "about", 0.099);
DCRV_OVERRIDE_TEST("J.grpo-median-fix-b16~importance-weighted", "median", 4747);
DCRV_OVERRIDE_TEST("J.grpo-median-fix-b16~importance-weighted", "about", 0.099);
DCRV_OVERRIDE_TEST("J.grpo-median-fix-b16~present-only", "median", 4747);
DCRV_OVERRIDE_TEST("J.grpo-median-fix-b16~present-only", "about", 0.099);
DCRV_OVERRIDE_TEST("J.grpo-batch-dependent-drift", "resolution", 10);
DCRV_OVERRIDE_TEST("J.grpo-batch-dependent-drift~importance-weighted", "resolution", 10);
DCRV_OVERRIDE_TEST("J.grpo-batch-dependent-drift~present-only", "resolution", 10);
DCRV_OVERRIDE_TEST("J.dpo-homogenizes-early", "close", 5);
DCRV_OVERRIDE_TEST("J.dpo-homogenizes-early~random-start", "close", 5);
DCRV_OVERRIDE_TEST("J.dpo-homogenizes-early~sampled-only", "close", 5);
DCRV_OVERRIDE_TEST("J.dpo-zero-incorrect", "tol", 1e-200);
DCRV_OVERRIDE_TEST("J.simplex-star-vertex", "tol", -1e-9);
DCRV_OVERRIDE_TEST("J.simplex-dpo-equalize", "gini", 0.05);
