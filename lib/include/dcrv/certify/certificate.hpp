// dcrv/certify/certificate.hpp — interval certificates of claims, and their registry.
//
// A certificate proves one registered claim on a stated compact domain (DESIGN.md "Certificates"): per piece
// (an S value, a region) a violation score over a box of raw coordinates, proved ≤ 0 by branch and bound
// (certify/branch_and_bound.hpp), and per identity piece an exact residual proved ≡ 0 by evaluation in
// rationals on a product grid (certify/exact_identity.hpp). Its constants carry the claim's constant names:
// the paper's value is an enclosure of the exact value (1/(3√3) as an interval), a `--set` override is used
// as given, so a strengthened constant is what the branch and bound then tries to prove. Certificates live in
// properties/certificates/<L>_*_certificates.cpp and register themselves with DCRV_CERTIFICATE; the runner
// (checks/) upgrades a `verified` claim to `certified` when its certificate closes.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/branch_and_bound.hpp"
#include "dcrv/certify/exact_identity.hpp"

namespace dcrv::certify {

/// A constant of a certificate: the claim's constant name and an enclosure of its exact paper value; for the
/// identity pieces (exact rationals) also the exact value itself, when it is rational.
struct CertConstant {
  std::string name;
  std::function<Interval()> paper;
  std::function<Rational()> exact = {};
};

/// One piece of a certified domain: the score over the union of `roots`.
struct Piece {
  std::string label; // e.g. "S = 3, k = 1"
  Score score;
  std::vector<Box> roots;
  std::vector<std::vector<double>> attained; // exact raw points where the bound is attained (second order)
  bool strict = false;
};

/// The piece `label` over the union of `roots`, with the score f(x, k) of N raw variables (make_score<N>: f
/// is evaluated on intervals and on jets). Set `strict` or `attained` on the result where the bound needs
/// them.
template <std::size_t N, class F> Piece make_piece(std::string label, std::vector<Box> roots, F f) {
  Piece piece;
  piece.label = std::move(label);
  piece.score = make_score<N>(std::move(f));
  piece.roots = std::move(roots);
  return piece;
}

/// One range of a certificate's scope: a dimension (S, K, G, M, |C_k|: integers) or a parameter (β, ε, ℓ₀, z)
/// proved for lo ≤ value ≤ hi (±∞ where the scope is unbounded on that side).
struct ScopeRange {
  std::string name;
  double lo = 0, hi = 0;
  nlohmann::json to_json() const;
};

/// What a certificate proves, as data (DESIGN.md "Certificates"): the runner makes a claim `certified` only
/// when `whole` (the certificate covers the claim's domain as the paper states it); a partial proof leaves
/// the claim `verified` and is shown with `summary` ("S ≤ 3", "K ∈ {2, 3}, ε ∈ [0, 10³]").
struct Scope {
  std::vector<ScopeRange> dims;        // dimension ranges, from the pieces' root boxes
  std::vector<ScopeRange> params;      // parameter boxes, from the pieces' root boxes
  std::vector<std::string> exclusions; // excluded neighbourhoods with their size ("|x − x★| ≤ 10⁻⁶")
  std::vector<std::string> reductions; // symmetry, linearity, composition ("composed from B.jacobian-opnorm")
  bool whole = false;                  // covers the claim's domain as the paper states it
  std::string summary;                 // short, for tables: "S ≤ 3" (partial) or "whole domain"
  std::string gap; // partial only: what stands between the certificate and the whole domain
  nlohmann::json to_json() const;
};

struct Certificate {
  Scope scope;        // what it proves (structured); `domain` below is the same in words
  std::string claim;  // the claim's ID
  std::string domain; // the certified domain in words (LaTeX text mode; S values, boxes, exclusions)
  std::string method; // how the score reads the claim (the parametrisation, an equivalent form used)
  std::vector<CertConstant> constants;
  std::vector<Piece> pieces;             // bounds: interval branch and bound
  std::vector<IdentityPiece> identities; // identities: exact rational evaluation (certify/exact_identity.hpp)
};

using CertificateFactory = Certificate (*)();
/// Called by DCRV_CERTIFICATE at static-initialisation time.
int register_certificate(CertificateFactory f, const char* file);
/// Every registered certificate (built once, on first use; thread-safe).
const std::vector<Certificate>& certificates();
/// The certificate of a claim, or nullptr.
const Certificate* find_certificate(const std::string& claim);

/// The outcome of a certificate: `proved` only when every piece proved.
struct CertificateRun {
  std::string status = "exhausted"; // proved | violation | exhausted | error
  std::string claim, domain, method, message;
  long boxes = 0;
  long points = 0; // exact evaluations of the identity pieces
  int depth = 0;
  unsigned digits = 0;
  double seconds = 0;
  double proved_fraction = 0;              // volume share of the domain proved (mean over pieces)
  std::map<std::string, double> constants; // the values used (overrides applied), as doubles
  nlohmann::json pieces = nlohmann::json::array();
  nlohmann::json scope; // Scope::to_json of the certificate
  bool proved() const { return status == "proved"; }
  nlohmann::json to_json() const;
};

/// Runs every piece of `c` with the overrides (constant name → value) applied; `opts` is the budget of each
/// piece (its `attained` and `strict` are taken from the piece). Never throws for a failing evaluation: an
/// exception becomes status "error" with its message.
CertificateRun run_certificate(const Certificate& c, const std::map<std::string, double>& overrides,
                               const BnbOptions& opts);

} // namespace dcrv::certify

/// Defines a certificate factory `fn` and registers it (one per claim):
///   DCRV_CERTIFICATE(percoord_dJ_bound) { Certificate c; c.claim = "B.percoord-dJ-bound"; ...; return c; }
#define DCRV_CERTIFICATE(fn)                                                                                 \
  static ::dcrv::certify::Certificate fn();                                                                  \
  [[maybe_unused]] static const int fn##_certificate_registered =                                            \
      ::dcrv::certify::register_certificate(&fn, __FILE__);                                                  \
  static ::dcrv::certify::Certificate fn()
