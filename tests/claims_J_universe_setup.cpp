// tests/claims_J_universe_setup.cpp — App. J set-up (properties/J_universe_setup.cpp): one override test per
// constant; each slightly wrong value must come out falsified with an MPFR witness that replays.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("J.trace-universe", "S", 13);
DCRV_OVERRIDE_TEST("J.trace-universe", "correct", 9);
DCRV_OVERRIDE_TEST("J.trace-universe", "clip", 1.01e-12);
DCRV_OVERRIDE_TEST("J.verifier-rewards", "r_correct", 1.01);
DCRV_OVERRIDE_TEST("J.verifier-rewards", "r_incorrect", 0.202);
DCRV_OVERRIDE_TEST("J.protocol-horizon-seeds", "T", 5001);
DCRV_OVERRIDE_TEST("J.protocol-horizon-seeds", "seed_first", 102);
DCRV_OVERRIDE_TEST("J.protocol-horizon-seeds", "seed_step", 100);
DCRV_OVERRIDE_TEST("J.replicator-step", "eta", 0.1515);
DCRV_OVERRIDE_TEST("J.replicator-step", "eps", 3.03e-4);
DCRV_OVERRIDE_TEST("J.fitness-dpo", "clip", 1.01e-12);
DCRV_OVERRIDE_TEST("J.dcr-entropy-fold", "eps_barrier", 1.01e-4);
DCRV_OVERRIDE_TEST("J.dcr-fitness", "two", 2.02);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "alpha1", 0.0202);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "alpha2", 0.0505);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "alpha3", 0.101);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "beta1", 0.101);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "beta2", 0.2525);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "beta3", 0.505);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "beta4", 0.7575);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "lambda", 1.01);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "B", 129);
DCRV_OVERRIDE_TEST("J.dcr-sweep-grid", "eta", 0.1515);
DCRV_OVERRIDE_TEST("J.dcr-ablations", "beta_entropy_only", 0.01);
DCRV_OVERRIDE_TEST("J.safety-margin-def", "unit", 1.01);
DCRV_OVERRIDE_TEST("J.safety-margin-def", "two", 2.02);
DCRV_OVERRIDE_TEST("J.phase-metrics-def", "coverage_max", 2);

// The event detector and its readings: a window, floor or threshold that differs from the paper's changes
// some event time of the recorded runs (the uniform start has cluster Gini 1/12 and smallest mass 1/6).
DCRV_OVERRIDE_TEST("J.event-detection", "w", 51);
DCRV_OVERRIDE_TEST("J.event-detection", "floor", 201);
DCRV_OVERRIDE_TEST("J.event-detection", "fix_trace", 1.01);
DCRV_OVERRIDE_TEST("J.event-detection", "fix_cluster", 0.91);
DCRV_OVERRIDE_TEST("J.event-detection", "homog_gini", 0.08);
DCRV_OVERRIDE_TEST("J.event-detection", "homog_mass", 0.26);
DCRV_OVERRIDE_TEST("J.event-detection~centred", "w", 64);
DCRV_OVERRIDE_TEST("J.event-detection~centred", "floor", 201);
DCRV_OVERRIDE_TEST("J.event-detection~centred", "fix_trace", 1.01);
DCRV_OVERRIDE_TEST("J.event-detection~centred", "fix_cluster", 0.91);
DCRV_OVERRIDE_TEST("J.event-detection~centred", "homog_gini", 0.08);
DCRV_OVERRIDE_TEST("J.event-detection~centred", "homog_mass", 0.26);
DCRV_OVERRIDE_TEST("J.event-detection~max-after-smoothing", "w", 51);
DCRV_OVERRIDE_TEST("J.event-detection~max-after-smoothing", "floor", 201);
DCRV_OVERRIDE_TEST("J.event-detection~max-after-smoothing", "fix_trace", 1.01);
DCRV_OVERRIDE_TEST("J.event-detection~max-after-smoothing", "fix_cluster", 0.91);
DCRV_OVERRIDE_TEST("J.event-detection~max-after-smoothing", "homog_gini", 0.08);
DCRV_OVERRIDE_TEST("J.event-detection~max-after-smoothing", "homog_mass", 0.26);
DCRV_OVERRIDE_TEST("J.event-detection~clamped", "w", 51);
DCRV_OVERRIDE_TEST("J.event-detection~clamped", "floor", 201);
DCRV_OVERRIDE_TEST("J.event-detection~clamped", "fix_trace", 1.01);
DCRV_OVERRIDE_TEST("J.event-detection~clamped", "fix_cluster", 0.91);
DCRV_OVERRIDE_TEST("J.event-detection~clamped", "homog_gini", 0.08);
DCRV_OVERRIDE_TEST("J.event-detection~clamped", "homog_mass", 0.26);
