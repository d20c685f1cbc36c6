// tests/claims_H_drift_envelopes.cpp — App. H drift, envelopes, ellipticity, Lyapunov device
// (properties/H_drift_envelopes.cpp): one override test per constant, each just beyond the tightness its
// check measured (standard budget): entropy map 0.264, C_log envelope 0.063, the score part of lem:Lyap 1/2,
// the entropy part of lem:Lyap 0.032 at the aligned point, |F_i| against M_phi 1/4 (K = 2, eps = 0) and
// against the entropy envelope (needs c_e < -1.28 at delta = 0.225, K = 2); the attained bounds (1/e, 1/2,
// delta, lambda) 1 % off; the Lipschitz coefficients cL, cM, whose bound is loose, only by removing the term
// (negative values), and its C_log part (0.264-tight by itself) at 0.1, where the smoke search confirms a
// violation in MPFR.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

DCRV_OVERRIDE_TEST("H.entropy-map-lipschitz", "c", 0.26);
DCRV_OVERRIDE_TEST("H.drift-lipschitz", "cL", -1.0);
DCRV_OVERRIDE_TEST("H.drift-lipschitz", "cM", -1.0);
DCRV_OVERRIDE_TEST("H.drift-lipschitz", "c_log", 0.1);
DCRV_OVERRIDE_TEST("H.xlogx-envelope", "c", 0.364);
DCRV_OVERRIDE_TEST("H.F-size-envelope", "cM", 0.2);
DCRV_OVERRIDE_TEST("H.F-size-envelope", "c_e", -1.5);
DCRV_OVERRIDE_TEST("H.ellipticity-upper", "c", 0.495);
DCRV_OVERRIDE_TEST("H.ellipticity-lower", "c", 1.01);
DCRV_OVERRIDE_TEST("H.lyap-log-envelope", "c", 0.06);
DCRV_OVERRIDE_TEST("H.lyap-generator-inequality", "c", 0.45);
DCRV_OVERRIDE_TEST("H.lyap-generator-inequality", "c_log", 0.025);
DCRV_OVERRIDE_TEST("H.lyap-lambda-choice", "c", 0.505);
