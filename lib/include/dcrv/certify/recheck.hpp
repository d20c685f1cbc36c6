// dcrv/certify/recheck.hpp — a second checker of the interval certificates.
//
// `export_certificate` runs a certificate (as run_certificate) and records every box its branch and bound
// closed, with the test that closed it (natural extension, mean-value form at the centre, second-order test
// at an attained point) and every monotonicity step (the coordinates fixed to a face by the sign of a partial
// derivative), the box endpoints written exactly (hexadecimal floating point). `recheck_certificate`
// re-verifies each record by a separate, small code path: no search, only the recorded test, at a higher
// working precision (the scores and constants re-evaluated there), and names every record it cannot confirm.
// It also checks that the confirmed records cover every root box of every piece (the search's bookkeeping:
// a closed box contains each part, a monotone step's face is covered in turn; a missing box is refused).
// What it does not recheck: the exact identity pieces (exact rational evaluation has no precision to raise;
// `identities` counts them, and `dcrv recheck` prints that they are not rechecked).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {

/// The certificate's run with every closed box recorded: {claim, digits, overrides, status, pieces: [{index,
/// label, strict, status, boxes: [[test, attained, [faces], lo₀, hi₀, lo₁, hi₁, …], …]}]}.
nlohmann::json export_certificate(const Certificate& c, const std::map<std::string, double>& overrides,
                                  const BnbOptions& opts);

struct RecheckResult {
  std::string claim;
  long records = 0;       // box records read
  long confirmed = 0;     // records whose test held again at the higher precision
  long roots = 0;         // root boxes of the pieces
  long roots_covered = 0; // root boxes that the confirmed records cover
  long identities = 0;    // identity pieces of the certificate: not rechecked (see the header)
  unsigned digits = 0;
  std::vector<std::string> refused; // "piece 2 (S = 3), box 17 (natural): sup g = 1.2e-30 > 0"
  bool ok() const { return refused.empty() && records == confirmed; }
  nlohmann::json to_json() const;
};

/// Re-verifies every record of `exported` (export_certificate of `c`) at `digits` decimal digits (the working
/// precision is raised for the recheck and restored after it).
RecheckResult recheck_certificate(const Certificate& c, const nlohmann::json& exported, unsigned digits);

} // namespace dcrv::certify
