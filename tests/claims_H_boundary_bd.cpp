// tests/claims_H_boundary_bd.cpp — App. H boundary behaviour, BD, band confinement
// (properties/H_boundary_bd.cpp): one override test per constant. The band bound's exponent factor 2 is
// loose: the tightest K = 2 instance found has an effective factor 2.149 (the claim's points include it),
// so 2.2 must fail.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("H.BD-sufficient", "c", 0.99);
DCRV_OVERRIDE_TEST("H.viability-conservative-test", "c", 0.9);
DCRV_OVERRIDE_TEST("H.band-confinement", "c", 2.2);
DCRV_OVERRIDE_TEST("H.band-confinement~K2", "c", 2.2);
DCRV_OVERRIDE_TEST("H.band-ever-touch", "c", 2.02);
DCRV_OVERRIDE_TEST("H.band-ever-touch~excursion", "c", 2.2);
