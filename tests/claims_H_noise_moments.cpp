// tests/claims_H_noise_moments.cpp — App. H mini-batch noise (properties/H_noise_moments.cpp): one override
// test per constant.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("H.noise-variance-bound", "c", 0.99);
