// tests/claims_I_ideal_kernel.cpp — App. I §sec:ideal claims (properties/I_ideal_kernel.cpp): a slightly wrong constant is caught.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("I.variational-derivative", "c", 2.02);
DCRV_OVERRIDE_TEST("I.hessian-identity", "c", 2.02);
DCRV_OVERRIDE_TEST("I.hessian-curvature-bound", "cA", 2.02);
DCRV_OVERRIDE_TEST("I.hessian-curvature-bound", "ckappa", 1.01);
DCRV_OVERRIDE_TEST("I.deltaK-sqrt2-op", "c", 1.40);
DCRV_OVERRIDE_TEST("I.deltaK-2inf", "c", 0.99);
DCRV_OVERRIDE_TEST("I.deltaK-2max", "c", 1.98);
DCRV_OVERRIDE_TEST("I.dynamic-floor", "cdelta", 1.01);
DCRV_OVERRIDE_TEST("I.dynamic-floor", "ccap", 0.99);
DCRV_OVERRIDE_TEST("I.euclid-pl", "c", 0.24);
DCRV_OVERRIDE_TEST("I.euclid-rate-J", "c", 10.0);
DCRV_OVERRIDE_TEST("I.euclid-rate-p", "c0", 0.95);
DCRV_OVERRIDE_TEST("I.euclid-rate-p", "c1", 50.0);
DCRV_OVERRIDE_TEST("I.shahshahani-hessian-bound", "c", 1.01);
DCRV_OVERRIDE_TEST("I.shahshahani-hessian-bound~geodesic", "c", 1.01);
DCRV_OVERRIDE_TEST("I.riemannian-pl", "c", 0.495);
DCRV_OVERRIDE_TEST("I.metric-pl-rate", "c", 2.02);
DCRV_OVERRIDE_TEST("I.stationary-same-utility-ratio", "c", 2.02);
DCRV_OVERRIDE_TEST("I.stationary-cross-ratio", "c1", 1.01);
DCRV_OVERRIDE_TEST("I.stationary-cross-ratio", "c2", 2.02);
DCRV_OVERRIDE_TEST("I.suppression-sufficient", "t", 1.01);
DCRV_OVERRIDE_TEST("I.n0-validity", "cdelta", 1.01);
DCRV_OVERRIDE_TEST("I.n0-validity", "ccap", 0.99);
DCRV_OVERRIDE_TEST("I.n0-validity", "cA", 2.02);
DCRV_OVERRIDE_TEST("I.n0-validity", "crate", 2.02);
