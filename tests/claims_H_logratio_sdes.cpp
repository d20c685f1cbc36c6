// tests/claims_H_logratio_sdes.cpp — App. H log-ratio SDEs (properties/H_logratio_sdes.cpp): one override
// test per constant.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("H.star-envelope", "c", 0.3);
DCRV_OVERRIDE_TEST("H.dpo-contraction", "q", 0.2);
