// tests/expectations.hpp — the expected outcome of every claim, as data:
// tests/expectations/<L>_<subject>.txt, one file per claim file (properties/<L>_<subject>.cpp), read by
// tests/test_claim_expectations.cpp.
//
// A file is a list of lines; '#' starts a comment (the reason a value was chosen, the paper reference):
//   test <title> [tag]...        opens a group: one test case named <title> with the given tags
//   holds <ID> <ID> ...          every ID of the group holds as stated (verified or certified)
//   falsified <ID> <ID> ...      every ID is falsified with an MPFR-confirmed, replayable witness
//   override <ID> <constant> <value>
//                                one test case "<ID>: <constant> = <value> is falsified": setting the claim's
//                                constant to this slightly wrong value must be caught (the bar for a check)
// `holds` and `falsified` need an open group. Anything else is a parse error with the file and line.
#pragma once

#include <string>
#include <vector>

namespace dcrv::test {

struct ExpectationGroup {
  std::string title, tags;
  std::vector<std::string> holds, falsified;
};

struct OverrideExpectation {
  std::string id, constant, value_text;
  double value = 0;
  std::string where; // file:line
};

struct Expectations {
  std::string file;
  std::vector<ExpectationGroup> groups;
  std::vector<OverrideExpectation> overrides;
};

/// Parses one expectations file's text; throws std::runtime_error("<file>:<line>: <reason>") when malformed.
Expectations parse_expectations(const std::string& text, const std::string& file);

} // namespace dcrv::test
