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

} // namespace dcrv::certify::star_chart
