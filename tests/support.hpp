// tests/support.hpp — helpers for claim tests that read as specifications.
#pragma once
#include <map>
#include <string>

#include "checks/runner.hpp"

namespace dcrv::test {

/// Runs one registered claim (smoke budget, seed 1, 50 digits) with constant overrides.
ClaimResult run_claim(const std::string& id, const std::map<std::string, double>& overrides = {},
                      Budget budget = Budget::smoke);
/// The claim holds as the paper states it (verified or certified).
bool holds(const ClaimResult& r);
/// Records that the (claim, constant) pair has an override test (for the coverage test); the `override`
/// lines of tests/expectations/*.txt are recorded by tests/test_claim_expectations.cpp.
int note_override_tested(const std::string& id, const std::string& constant);
const std::map<std::string, int>& override_tested();
/// Requires `falsified` with an MPFR-confirmed (≥ 32 digits) witness, and that `replay` reproduces it.
void require_falsified(const std::string& id, const std::map<std::string, double>& overrides);

} // namespace dcrv::test
