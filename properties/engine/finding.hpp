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
//     that already exists, e.g. `ID~nonempty`) and checked like any claim;
//   * value — for a number an experiment reports (App. J): the value the run measures, taken from the
//     results (each falsified experiment's estimate, interval, level and paths; the range over the setups
//     where the claim has setups), beside what the paper reports: "the experiment gives 0.4969 [0.4967,
//     0.497] (12 288 paths, level 1 − 10⁻⁶); the paper reports about 0.267". Prefer a derived corrected
//     reading where one exists (true for a mathematical reason, not fitted).
// The report refuses a run in which a finding's claim is not falsified (or underspecified), a falsified claim
// is in two findings, a correction is not verified or certified, or a measured constant or value is missing
// (reports/findings.hpp).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace dcrv {

enum class RepairKind { measured, corrected, value };

struct Repair {
  RepairKind kind = RepairKind::corrected;
  /// measured: the constant (a ConstantSpec name of each claim of the finding) whose flip point is the
  /// repair.
  std::string constant;
  /// corrected: per claim of the finding, the reading that states it correctly ("H.x" → "H.x~corrected").
  std::map<std::string, std::string> readings;
  /// corrected: the correction in the paper's terms (LaTeX, math mode open), e.g. "replace $-2F$ by ...".
  /// value: what the paper reports (LaTeX, text mode), e.g. "a worst case of about \(0.267\)"; the
  /// report puts the run's measured values beside it.
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
/// A finding whose repair is the value the experiment measures (RepairKind::value); `reported`: what the
/// paper reports, in its words.
Finding value_finding(std::string id, std::string title, std::string cause, std::vector<std::string> claims,
                      std::string reported);

} // namespace dcrv

/// Defines a finding factory `fn` and registers it:
///   DCRV_FINDING(finding_band) { return corrected_finding("G.band-empty-slice", ...); }
#define DCRV_FINDING(fn)                                                                                     \
  static ::dcrv::Finding fn();                                                                               \
  [[maybe_unused]] static const int fn##_registered = ::dcrv::register_finding_factory(&fn, __FILE__);       \
  static ::dcrv::Finding fn()
