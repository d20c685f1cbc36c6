// tests/claims_I_learnable_kernel.cpp — App. I block-constant and §sec:practical claims (properties/I_learnable_kernel.cpp).
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("I.block-norm-op", "c", 0.99);
DCRV_OVERRIDE_TEST("I.gated-suppression-identity", "c1", 1.01);
DCRV_OVERRIDE_TEST("I.gated-suppression-identity", "c2", 2.02);
DCRV_OVERRIDE_TEST("I.gated-equalization-identity", "c", 2.02);
DCRV_OVERRIDE_TEST("I.S-opnorm", "c", 0.495);
DCRV_OVERRIDE_TEST("I.S-lipschitz", "c", 1.40);
DCRV_OVERRIDE_TEST("I.phi-lipschitz", "c", 1.98);
DCRV_OVERRIDE_TEST("I.phi-size", "c", 0.99);
DCRV_OVERRIDE_TEST("I.E-lipschitz", "c", 0.2);
DCRV_OVERRIDE_TEST("I.E-lipschitz", "c2", -1.2);
DCRV_OVERRIDE_TEST("I.drift-lipschitz-boxed", "half", -5.0);
DCRV_OVERRIDE_TEST("I.drift-lipschitz-boxed", "three", 0.3);
DCRV_OVERRIDE_TEST("I.drift-lipschitz-boxed", "two", -1.4);
