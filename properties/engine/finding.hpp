// properties/engine/finding.hpp — findings: the falsified (or underspecified) claims of one cause, with a
// repair (DESIGN.md "Readings, setups, findings").
//
// A finding is declared beside the claims it groups: the findings of the claims of properties/<file>.cpp live
// in properties/findings/<file>.cpp and are built whenever that claim file is. Each one says in plain words
// what fails and where, and carries a repair dcrv checks:
//   * measured — the constant whose flip point the slack search measures (`dcrv slack`; the report runs it
//   for
//     the finding's claims), e.g. "holds with c = 1.47 (paper 1)";
//   * corrected — a corrected statement registered as a reading of each claim (`ID~corrected`, or a reading
//     that already exists, e.g. `ID~nonempty`) and checked like any claim.
// The report refuses a run in which a finding's claim is not falsified (or underspecified), a falsified claim
// is in two findings, or a correction is not verified or certified (reports/findings.hpp).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace dcrv {

enum class RepairKind { measured, corrected };

struct Repair {
  RepairKind kind = RepairKind::corrected;
  /// measured: the constant (a ConstantSpec name of each claim of the finding) whose flip point is the
  /// repair.
  std::string constant;
  /// corrected: per claim of the finding, the reading that states it correctly ("H.x" → "H.x~corrected").
  std::map<std::string, std::string> readings;
  /// corrected: the correction in the paper's terms (LaTeX, math mode open), e.g. "replace $-2F$ by ...".
  std::string statement;
};

struct Finding {
  std::string id;                  // e.g. "G.band-empty-slice"
  std::string title;               // a line: what is wrong
  std::string cause;               // plain words: what fails, where (the paper's statement), why
  std::vector<std::string> claims; // the claim IDs of this cause
  Repair repair;
};

/// A finding's factory, as DCRV_FINDING defines it.
using FindingFactory = Finding (*)();
int register_finding_factory(FindingFactory f, const char* file);
/// Every finding registered in this binary, in registration order (built once).
const std::vector<Finding>& registered_findings();

/// Builder helpers for declarations.
Finding measured_finding(std::string id, std::string title, std::string cause,
                         std::vector<std::string> claims, std::string constant);
Finding corrected_finding(std::string id, std::string title, std::string cause,
                          std::map<std::string, std::string> readings, std::string statement);

} // namespace dcrv

/// Defines a finding factory `fn` and registers it:
///   DCRV_FINDING(finding_band) { return corrected_finding("G.band-empty-slice", ...); }
#define DCRV_FINDING(fn)                                                                                     \
  static ::dcrv::Finding fn();                                                                               \
  [[maybe_unused]] static const int fn##_registered = ::dcrv::register_finding_factory(&fn, __FILE__);       \
  static ::dcrv::Finding fn()
