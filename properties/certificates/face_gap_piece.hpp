// properties/certificates/face_gap_piece.hpp — the interval piece "L_K(δ) > 0 for δ ∈ (0, 1/K)", shared by
// the certificates of F.lk-positive and H.LK-positive (the same statement in App. F's BD test and App. H's
// boundary behaviour).
#pragma once

#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {

/// The raw box (K, u) of the face-gap certificates: K ∈ [2, 10¹²], u ∈ [10⁻³⁰⁰, 1 − 2⁻⁵³] (the largest
/// double below 1: it contains the claims' u ≤ 1 − 10⁻¹²).
inline Box face_gap_box() {
  return {Interval(2.0, 1e12), Interval(1e-300, 1.0 - 0x1p-53)};
}

/// `piece` whose raw coordinates 0 and 1 are the (K, u) of face_gap_box, with their scope data (K real, u =
/// Kδ).
inline Piece face_gap_scope(Piece piece) {
  return with_param(with_param(std::move(piece), "K", 0), "u", 1);
}

/// The paper's (K, u) of the face-gap statements: every K >= 2 and every δ = u/K in (0, 1/K) (closed here:
/// the ends u = 0 and u = 1 are then reported as not covered, never claimed).
inline std::vector<ScopeRange> face_gap_paper() {
  return {{"K", 2, kUnbounded}, {"u", 0, 1}};
}

/// Score −L_K(u/K) < 0 (strict) with L_K(u/K) = (1 − u/K) log1p(K(1 − u)/((K − 1)u)): log((1 − δ)/((K − 1)δ))
/// = log1p((1 − Kδ)/((K − 1)δ)) with Kδ = u substituted exactly, K a real interval.
inline Piece face_gap_positive_piece() {
  Piece piece = make_piece<2>("K in [2, 1e12], u in [1e-300, 1 - 2^-53]", {face_gap_box()},
                              [](const auto& x, const Constants&) {
                                const auto& K = x[0];
                                const auto& u = x[1];
                                return -((1 - u / K) * log1p(K * (1 - u) / ((K - 1) * u)));
                              });
  piece.strict = true;
  return face_gap_scope(piece);
}

} // namespace dcrv::certify
