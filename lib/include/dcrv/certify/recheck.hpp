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
//
// The exact identity pieces (certify/exact_identity.hpp) are exported as records (label, variable count,
// declared degree, rearrangement flag, the exact constants, the certifier's status, and a digest of the
// residual at a fixed sample of the certifier's grid points) and rechecked by an argument that does not use
// the declared degree: Schwartz–Zippel. The residual registered in this binary (matched by claim and label;
// a record whose variable count, degree, flag, constants, status or digest disagree is refused) is evaluated
// exactly at kIdentityPoints points x_i = a_i/(2^62 (n + 1)), a_i uniform in {1, …, 2^62} (inside the
// open-simplex chart of the default grid), drawn by the recheck's own generator (SplitMix64) seeded from
// the record; every component must be exactly 0. A non-zero residual N/D whose numerator N has total degree
// ≤ T vanishes at a uniform point of that product set with probability ≤ T/2^62, so it passes all k points
// with probability ≤ (T/2^62)^k: with T = variables × degree ≤ 2^40 (any degree below, whatever was declared)
// that is ≤ 2^-88 per piece. A point where a denominator vanishes (Exact's or GMP's division by zero) is
// drawn again and counted; the bound is then conditional on D ≠ 0, a factor ≤ 1/(1 − deg D/2^62). A piece
// with more than kIdentityRedraws redraws is not confirmed.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {

inline constexpr int kIdentityPoints = 4;        // random points per identity record (Schwartz–Zippel)
inline constexpr int kIdentityBits = 62;         // the numerators a_i are uniform in {1, …, 2^62}
inline constexpr int kIdentityRedraws = 16;      // redraws (a vanishing denominator) allowed per record
inline constexpr int kIdentityDigestPoints = 16; // grid points in the digest of a record

/// The certificate's run with every closed box recorded: {claim, digits, overrides, status, pieces: [{index,
/// label, strict, status, boxes: [[test, attained, [faces], lo₀, hi₀, lo₁, hi₁, …], …]}], identities:
/// [{index, label, variables, degree, rearrangement, constants: {name: "p/q"}, status, digest}]}.
nlohmann::json export_certificate(const Certificate& c, const std::map<std::string, double>& overrides,
                                  const BnbOptions& opts);

struct RecheckResult {
  std::string claim;
  long records = 0;              // box records read
  long confirmed = 0;            // records whose test held again at the higher precision
  long roots = 0;                // root boxes of the pieces
  long roots_covered = 0;        // root boxes that the confirmed records cover
  long identities = 0;           // identity records read
  long identities_confirmed = 0; // records whose residual vanished at every random point (Schwartz–Zippel)
  long identity_points = 0;      // random points evaluated
  long identity_redraws = 0;     // random points drawn again (a denominator vanished there)
  double identity_bound_log2 = -1e9; // the largest log2 (variables × degree / 2^62)^k of a confirmed record
  unsigned digits = 0;
  std::vector<std::string> refused; // "piece 2 (S = 3), box 17 (natural): sup g = 1.2e-30 > 0"
  bool ok() const { return refused.empty() && records == confirmed && identities == identities_confirmed; }
  nlohmann::json to_json() const;
};

/// Re-verifies every record of `exported` (export_certificate of `c`) at `digits` decimal digits (the working
/// precision is raised for the recheck and restored after it).
RecheckResult recheck_certificate(const Certificate& c, const nlohmann::json& exported, unsigned digits);

} // namespace dcrv::certify
