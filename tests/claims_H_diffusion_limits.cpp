// tests/claims_H_diffusion_limits.cpp — App. H continuous-time limits (properties/H_diffusion_limits.cpp):
// one override test per constant (the exact weak-error bound of the neutral chain is attained to 0.863 of its
// coefficient).
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("H.limits-diffusion~fixed-gamma", "c", 0.85);
