// tests/claims_J_procedural.cpp — App. J procedural tracks and alignment (properties/J_procedural.cpp): one
// override test per constant (the claim is falsified as stated; a stronger constant must stay falsified, with
// a replayable stochastic witness).
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("J.align-star-cosine-gap", "gap", 1);
