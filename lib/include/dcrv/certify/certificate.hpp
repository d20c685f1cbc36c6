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
#include <limits>
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

/// The unbounded end of a scope range ("for every S >= 2": {"S", 2, kUnbounded}).
inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

/// One range of a certificate's scope: a dimension (S, K, G, M, |C_k|: integers) or a parameter (β, ε, ℓ₀, z)
/// proved for lo ≤ value ≤ hi (±∞ where the scope is unbounded on that side).
struct ScopeRange {
  std::string name;
  double lo = 0, hi = 0;
  nlohmann::json to_json() const;
};

/// A parameter read from a raw coordinate of a piece's root boxes: its range is the hull of that coordinate
/// over the roots, mapped by `to_param` (monotone; the identity by default, e.g. a compactified
/// coordinate t ∈ [0, 1] ↦ Λ = 1/t ∈ [1, ∞]).
struct ParamCoord {
  std::string name;
  std::size_t coord = 0;
  std::function<double(double)> to_param = {};
};

/// One piece of a certified domain: the score over the union of `roots`.
struct Piece {
  std::string label; // e.g. "S = 3, k = 1"
  Score score;
  std::vector<Box> roots;
  std::vector<std::vector<double>> attained; // exact raw points where the bound is attained (second order)
  bool strict = false;
  /// What the piece covers, as data (the scope is derived from these): the fixed dimensions of its score
  /// ({"S", 3, 3}: the template size the score computes with) and the parameters read from its roots.
  std::vector<ScopeRange> dims;
  std::vector<ParamCoord> params;
};

/// `piece` with the fixed dimension name = value added to its scope data (Piece::dims).
inline Piece with_dim(Piece piece, const std::string& name, double value) {
  piece.dims.push_back({name, value, value});
  return piece;
}

/// `piece` with the parameter `name` read from raw coordinate `coord` of its roots (Piece::params).
inline Piece with_param(Piece piece, const std::string& name, std::size_t coord,
                        std::function<double(double)> to_param = {}) {
  piece.params.push_back({name, coord, std::move(to_param)});
  return piece;
}

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

/// A rearrangement of a certificate (DESIGN.md "Certificates", issue 20 point 5): the step from the paper's
/// inequality to the score a piece proves, as an exact identity lhs − rhs ≡ 0 in free Exact variables (the
/// quantities the step treats as symbols: δ, u = log(1/((S−1)δ)), log1p(−δ), …; a transcendental rule used
/// on the way, log ab = log a + log b, is stated in `label`). Typed (exact_identity): it cannot branch on its
/// variables. It does not count for the scope (IdentityPiece::rearrangement).
template <class F>
IdentityPiece rearrangement_identity(std::string label, std::size_t variables, int degree, F f) {
  IdentityPiece p = exact_identity(std::move(label), variables, degree, std::move(f));
  p.rearrangement = true;
  return p;
}

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

/// A reduction a certificate uses (symmetry, linearity, compactification, composition): `text` says what it
/// is; `extends` names the ranges of the paper's domain it carries from the pieces' ranges to the whole range
/// (e.g. "affine in eps, proved at eps = 0 and for the eps coefficient" extends "eps" to [0, ∞)). A reduction
/// that extends nothing is recorded, not counted.
struct Reduction {
  std::string text;
  std::vector<std::string> extends = {};
};

struct Certificate {
  /// What it proves (structured). derive_scope fills dims, params, whole, summary and gap from the pieces,
  /// the paper's domain below and the reductions; a certificate sets only exclusions (and may add to gap).
  Scope scope;
  /// The claim's domain as the paper states it (dims and parameters, ±∞ for "for all"); empty: not stated as
  /// data, so the certificate cannot be whole.
  std::vector<ScopeRange> paper;
  std::vector<Reduction> reductions;
  std::string claim;  // the claim's ID
  std::string domain; // the certified domain in words (LaTeX text mode; S values, boxes, exclusions)
  std::string method; // how the score reads the claim (the parametrisation, an equivalent form used)
  std::vector<CertConstant> constants;
  std::vector<Piece> pieces;             // bounds: interval branch and bound
  std::vector<IdentityPiece> identities; // identities: exact rational evaluation (certify/exact_identity.hpp)
};

/// The scope of `c` from its pieces (Piece::dims, Piece::params over the roots, IdentityPiece::dims), its
/// paper domain and reductions: `whole` when every range of the paper's domain is contained in the pieces'
/// range of that name or extended by a reduction, and nothing is excluded; otherwise `gap` names what is left
/// (the uncovered ranges, the exclusions). Keeps c.scope.exclusions and any gap text already set (appended).
Scope derive_scope(const Certificate& c);

/// Tags the pieces and identities that `c` gained since (pieces, identities) with the dimension name = value
/// (their scope data), and moves the marks to the current ends.
inline void tag_new_parts(Certificate& c, std::size_t& pieces, std::size_t& identities,
                          const std::string& name, double value) {
  for (std::size_t i = pieces; i < c.pieces.size(); ++i)
    c.pieces[i].dims.push_back({name, value, value});
  for (std::size_t i = identities; i < c.identities.size(); ++i)
    c.identities[i].dims.emplace_back(name, static_cast<int>(value));
  pieces = c.pieces.size();
  identities = c.identities.size();
}

/// The variable of a loop over a dimension whose body adds pieces to a certificate: every piece and identity
/// added while the variable is s gets the dimension name = s in its scope data (the value its score was built
/// with), so the scope's dimension ranges come from the pieces:
///   for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S) c.identities.push_back(piece(S));
/// A copy (a lambda's capture) is a plain value and tags nothing.
template <class T> class DimLoop {
public:
  DimLoop(Certificate& c, std::string name, T first)
      : c_(&c), name_(std::move(name)), v_(first), pieces_(c.pieces.size()),
        identities_(c.identities.size()) {}
  DimLoop(const DimLoop& o) : name_(o.name_), v_(o.v_) {}
  DimLoop& operator=(const DimLoop&) = delete;
  ~DimLoop() { tag(); }
  operator T() const { return v_; } // NOLINT: the loop variable reads as its value
  DimLoop& operator++() {
    tag();
    ++v_;
    return *this;
  }

private:
  void tag() {
    if (c_)
      tag_new_parts(*c_, pieces_, identities_, name_, static_cast<double>(v_));
  }
  Certificate* c_ = nullptr;
  std::string name_;
  T v_;
  std::size_t pieces_ = 0, identities_ = 0;
};

/// Renames the dimension `from` to `to` in the scope data of every piece (a simplex piece says "S"; a
/// certificate whose claim calls the size K renames it).
inline void rename_dim(std::vector<Piece>& pieces, const std::string& from, const std::string& to) {
  for (auto& piece : pieces)
    for (auto& d : piece.dims)
      if (d.name == from)
        d.name = to;
}

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
/// `record(piece index, box)` is called for every closed box of the branch and bound (certify --export).
using PieceRecorder = std::function<void(std::size_t, const ClosedBox&)>;
CertificateRun run_certificate(const Certificate& c, const std::map<std::string, double>& overrides,
                               const BnbOptions& opts, const PieceRecorder& record = {});

} // namespace dcrv::certify

/// Defines a certificate factory `fn` and registers it (one per claim):
///   DCRV_CERTIFICATE(percoord_dJ_bound) { Certificate c; c.claim = "B.percoord-dJ-bound"; ...; return c; }
#define DCRV_CERTIFICATE(fn)                                                                                 \
  static ::dcrv::certify::Certificate fn();                                                                  \
  [[maybe_unused]] static const int fn##_certificate_registered =                                            \
      ::dcrv::certify::register_certificate(&fn, __FILE__);                                                  \
  static ::dcrv::certify::Certificate fn()
