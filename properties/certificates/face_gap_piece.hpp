// properties/certificates/face_gap_piece.hpp — the interval piece "L_K(δ) > 0 for δ ∈ (0, 1/K)", shared by
// the certificates of F.lk-positive and H.LK-positive (the same statement in App. F's BD test and App. H's
// boundary behaviour).
#pragma once

#include <cmath>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/compact_chart.hpp"

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

/// The compact chart of the face-gap statements (issue 20, compactification): σ = 1/K ∈ [0, ½] (σ = 0 the
/// limit K → ∞) and t = 1/(1 − log u) ∈ [0, 1] (t = 0 the limit u = Kδ → 0, t = 1 is u = 1), u = E(t) =
/// exp(1 − 1/t), δ = σu, (K − 1)δ = (1 − σ)u. Then L_K(δ) = (1 − σu)ℓ with ℓ = log((1 − δ)/((K − 1)δ)) =
/// log1p(x), x = (1 − u)/((1 − σ)u) ≥ 0, and both of
///   tℓ = 1 − t + t(log1p(−σu) − log1p(−σ))   (log u = 1 − 1/t; bounded as t → 0),
///   ℓ  = x g(x), g(x) = log1p(x)/x            (g(0) = 1; ℓ/(1 − u) = g(x)/((1 − σ)u) bounded as u → 1)
/// are finite on the closed chart. A face-gap piece is two pieces: t ∈ [0, ½] (u ≤ 1/e) with the scaled
/// log λ = tℓ, t ∈ [½, 1] with λ = ℓ/(1 − u) = g(x)/((1 − σ)u); `score(sigma, u, lambda, k)` returns the
/// bound's score times t (first) or over 1 − u (second), both positive on the paper's domain (δ ∈ (0, 1/K)).
template <class F> std::vector<Piece> face_gap_chart_pieces(const std::string& what, F score) {
  std::vector<Piece> pieces;
  for (const bool small_u : {true, false}) {
    const Interval t_range = small_u ? Interval(0.0, 0.5) : Interval(0.5, 1.0);
    Piece p =
        make_piece<2>(what + (small_u ? ", t = 1/(1 - log u) in [0, 1/2] (times t)"
                                      : ", t = 1/(1 - log u) in [1/2, 1] (over 1 - u)"),
                      {{Interval(0.0, 0.5), t_range}}, [small_u, score](const auto& y, const Constants& k) {
                        using X = std::decay_t<decltype(y[0])>;
                        const X &sigma = y[0], &t = y[1];
                        const X u = compact_chart::e_of_t(t);
                        if (small_u)
                          return score(sigma, u, X(1 - t + t * (log1p(-(sigma * u)) - log1p(-sigma))), k);
                        const X x = (1 - u) / ((1 - sigma) * u);
                        return score(sigma, u, X(compact_chart::log1p_ratio(x) / ((1 - sigma) * u)), k);
                      });
    pieces.push_back(with_param(with_param(p, "K", 0, [](double sg) { return sg > 0 ? 1 / sg : kUnbounded; }),
                                "u", 1, [](double t) { return t > 0 ? std::exp(1 - 1 / t) : 0.0; }));
  }
  return pieces;
}

/// The rearrangements of the chart, exact: at K = 1/σ, δ = σu, (K − 1)δ = (1 − σ)u and (1 − δ)/((K − 1)δ) =
/// 1 + x with x = (1 − u)/((1 − σ)u) (variables σ, u); and tℓ = t(log1p(−σu) − log1p(−σ) − log u) = 1 − t +
/// t(log1p(−σu) − log1p(−σ)) at log u = 1 − 1/t (variables t, a = log1p(−σu), b = log1p(−σ); the rule
/// log((1 − δ)/((K − 1)δ)) = log(1 − σu) − log(1 − σ) − log u is stated, not checked).
inline std::vector<IdentityPiece> face_gap_chart_identities() {
  return {rearrangement_identity("(K-1) delta = (1 - sigma) u, (1 - delta)/((K-1) delta) = 1 + (1 - u)/((1 - "
                                 "sigma) u) at K = 1/sigma, delta = sigma u",
                                 2, 3,
                                 [](const std::vector<Exact>& y, const RationalConstants&) {
                                   const Exact &sigma = y[0], &u = y[1], K = 1 / sigma, delta = sigma * u;
                                   return std::vector<Exact>{(K - 1) * delta - (1 - sigma) * u,
                                                             (1 - delta) / ((K - 1) * delta) -
                                                                 (1 + (1 - u) / ((1 - sigma) * u))};
                                 }),
          rearrangement_identity("t (a - b - log u) = 1 - t + t (a - b) at log u = 1 - 1/t", 3, 2,
                                 [](const std::vector<Exact>& y, const RationalConstants&) {
                                   const Exact &t = y[0], &a = y[1], &b = y[2], logu = 1 - 1 / t;
                                   return t * (a - b - logu) - (1 - t + t * (a - b));
                                 })};
}

/// L_K(δ) > 0 for δ ∈ (0, 1/K) and every K ≥ 2 (F.lk-positive, H.LK-positive, G.op-lk-positive,
/// G.ls-positive~open), whole in the compact chart: −(1 − σu)·tℓ < 0 for t ≤ ½ (−t L_K, t > 0 there) and
/// −(1 − σu)·g(x)/((1 − σ)u) < 0 for t ≥ ½ (−L_K/(1 − u), 1 − u > 0 on the open δ < 1/K), both strict on the
/// closed chart (their limits at t = 0, σ = 0 and u = 1 are ≤ −½ < 0). L_K = 0 at u = 1, so the factor 1 − u
/// is what lets the bound be proved up to the open end (the unscaled score is refused there: a test).
inline std::vector<Piece> face_gap_positive_pieces() {
  auto pieces = face_gap_chart_pieces(
      "L_K > 0", []<class X>(const X& sigma, const X& u, const X& lambda, const Constants&) {
        return -((1 - sigma * u) * lambda); // −(1 − δ)·λ: −t L_K or −L_K/(1 − u)
      });
  for (auto& p : pieces)
    p.strict = true;
  return pieces;
}

/// The scope words of the face-gap certificates in the chart of face_gap_chart_pieces.
inline const char* face_gap_chart_domain() {
  return "every real K >= 2 and delta = u/K with u in (0, 1), in the compact chart sigma = 1/K in [0, 1/2], "
         "t "
         "= 1/(1 - log u) in [0, 1] (sigma = 0: K -> infinity, t = 0: delta -> 0, t = 1: delta = 1/K); no "
         "exclusion";
}

/// The method words of the L_K > 0 certificates (face_gap_positive_pieces).
inline const char* face_gap_positive_method() {
  return "L_K(delta) = (1 - delta) l, l = log((1 - delta)/((K-1) delta)) = log1p(x), x = (1 - u)/((1 - "
         "sigma) "
         "u) at delta = sigma u (checked); strict, in two pieces: t <= 1/2: -(1 - sigma u) t l < 0 with t l "
         "= "
         "1 - t + t (log1p(-sigma u) - log1p(-sigma)) (log u = 1 - 1/t, checked), i.e. -t L_K < 0; t >= 1/2: "
         "-(1 - sigma u) g(x)/((1 - sigma) u) < 0 with g(x) = log1p(x)/x (g(0) = 1, decreasing: enclosed "
         "from "
         "its end values), i.e. -L_K/(1 - u) < 0, and 1 - u > 0 on the open delta < 1/K";
}

} // namespace dcrv::certify
