// properties/certificates/star_chart.hpp — the chart (ρ, a) of the interval certificates of App. D
// (D_score_ and D_star_certificates.cpp): φ^STaR depends on p only through ρ = Σ_C p and the conditional
// masses a = p_C/ρ ∈ Δ^{M−1} (def:star-score: φ_c = a_c − ρs, φ_i = −ρs, s = Σ_c a_c²), so a piece over the
// raw box x = (ρ, u₁, …, u_{M−1}) ∈ [0, 1]^M, a by stick-breaking of u, covers every K ≥ M and every
// partition with M correct indices.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::star_chart {

/// a ∈ Δ^{M−1} from the raw coordinates x[offset], …, x[offset + M − 2] (stick-breaking; a = (1) for M = 1).
template <std::size_t M, class X, std::size_t N>
std::array<X, M> shares(const std::array<X, N>& x, std::size_t offset) {
  if constexpr (M == 1)
    return {X(1)};
  else
    return stick_breaking<M>(x, offset);
}
template <class X, std::size_t M> X square_sum(const std::array<X, M>& a) {
  X s(0);
  for (const auto& v : a)
    s += square(v);
  return s;
}
/// 1 − Σ a_c² written as 2 Σ_{c<c'} a_c a_{c'} (equal on the simplex, where Σ a = 1): a sum of products of
/// non-negative enclosures, so its enclosure is ≥ 0 and tight near the vertices, where 1 − Σa² cancels.
template <class X, std::size_t M> X pair_sum(const std::array<X, M>& a) {
  X r(0);
  for (std::size_t c = 0; c < M; ++c)
    for (std::size_t d = c + 1; d < M; ++d)
      r += a[c] * a[d];
  return X(2 * r);
}
inline std::string m_label(std::size_t M) {
  return "M = " + std::to_string(M);
}

/// A piece over x = (ρ, u₁, …, u_{M−1}) ∈ [0, 1]^M with a = shares<M>(x, 1); f(ρ, a, s, k).
/// Its scope data: the dimension M (every K ≥ M is the same piece: the chart has no K).
template <std::size_t M, class F> Piece rho_share_piece(const std::string& label, F f) {
  return with_dim(make_piece<M>(label, {unit_box(M)},
                                [f](const auto& x, const Constants& k) {
                                  using X = std::decay_t<decltype(x[0])>;
                                  const std::array<X, M> a = shares<M>(x, 1);
                                  return X(f(x[0], a, square_sum(a), k));
                                }),
                  "M", double(M));
}
/// The claim's domain of a (ρ, a)-chart certificate: every M ≥ m0 correct indices and every K (the chart has
/// no K: the reduction below carries the pieces' M to every K ≥ M).
inline void paper_every_m_and_k(Certificate& c, double m0) {
  c.paper = {{"M", m0, kUnbounded}, {"K", 2, kUnbounded}};
  c.reductions.push_back({"phi depends on p only through rho = p(C) and a = p_C/rho: every K >= M and every "
                          "partition with |C| = M is the same piece",
                          {"K"}});
}

/// Every M (issue 20 point 8): the claim's quantity depends on p only through a few aggregates of the chart
/// (ρ, a_c = p_c/ρ, s = Σ_C a², v = s − 1/M, …), and the box of those aggregates below contains their image
/// for every M ≥ m0 and every K (ρ ∈ [0, 1], a_c ∈ [0, 1], s ∈ [1/M, 1]: 1 − s = 2Σ_{c<c'} a_c a_{c'} ≥ 0 and
/// s − 1/M = Σ_c (a_c − 1/M)² ≥ 0, sums of non-negative terms for every M): a piece over that box, score f(x,
/// k), covers every M ≥ m0. `steps` are the exact rearrangements from the claim's quantity to the score
/// (aggregates free).
inline constexpr const char* kAggregateBox = "the claim's quantity depends on p only through the aggregates "
                                             "rho = p(C), a_c = p_c/rho, s = sum_C a^2 (checked "
                                             "exactly with them free), and the aggregate box contains their "
                                             "image for every M and K: rho, a_c in [0, 1], "
                                             "s in [1/M, 1] (1 - s = 2 sum_{c<c'} a_c a_c' >= 0, s - 1/M = "
                                             "sum_c (a_c - 1/M)^2 >= 0: sums of non-negative "
                                             "terms for every M), so the aggregate piece covers every M";
template <std::size_t N, class F>
void add_aggregate_piece(Certificate& c, const std::string& label, Box box, double m0, F f) {
  Piece piece = make_piece<N>("every M (aggregate box): " + label, {std::move(box)}, std::move(f));
  piece.dims.push_back({"M", m0, kUnbounded});
  c.pieces.push_back(std::move(piece));
}
/// The reduction and the words of an aggregate-box certificate, with its exact steps.
inline void every_m(Certificate& c, std::vector<IdentityPiece> steps, const std::string& what) {
  for (auto& s : steps)
    c.identities.push_back(std::move(s));
  c.reductions.push_back({what + "; " + kAggregateBox});
  c.domain = "every M (aggregate box; the per-M charts below term by term): " + c.domain;
  c.method += "; every M: " + what + ", over a box of the aggregates containing their image for every M";
}

} // namespace dcrv::certify::star_chart
