// Interval certificates of App. E (the GRPO characteristic; properties/E_grpo_characteristic.cpp).
//
// E.hG-upper (Lemma lem:hG-basic): h_G(ρ) ≤ c √(G−1) on ρ ∈ [0, 1], G = 2, …, 256. h_G is the polynomial of
// dcrv/scores/grpo.hpp (Characteristic::h): with m = G − 1, n = G − 2, σ = 1 − ρ,
//   h_G(ρ) = Σ_{s=0}^{n} C(n, s) ρ^s σ^{n−s} b_s,  b_s = m/√((1+s)(m−s)).
// Divided by √m > 0 the claim reads Σ_s C(n, s) ρ^s σ^{n−s} √(m/((1+s)(m−s))) ≤ c. The bound is attained at
// ρ = 0 and ρ = 1 (b₀ = b_n = √m), where in this form every factor is exact (C(n, 0) = C(n, n) = 1 computed
// without division, √(m/m) = 1), so the monotonicity test closes the end boxes; G = 2, 3 (h_G ≡ √(G−1)) close
// by the mean-value form (the derivative enclosure is 0).
#include <array>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {
namespace {

/// C(n, s), s = 0..n, as enclosures; C(n, s) = C(n, n − s) is built by the recursion from s = 0 on the
/// smaller side, so C(n, 0) = C(n, n) = 1 exactly.
std::vector<Interval> binomials(int n) {
  std::vector<Interval> half(static_cast<std::size_t>(n / 2 + 1));
  half[0] = Interval(1);
  for (int s = 0; s < n / 2; ++s)
    half[static_cast<std::size_t>(s + 1)] =
        half[static_cast<std::size_t>(s)] * Interval(n - s) / Interval(s + 1);
  std::vector<Interval> all(static_cast<std::size_t>(n + 1));
  for (int s = 0; s <= n; ++s)
    all[static_cast<std::size_t>(s)] = half[static_cast<std::size_t>(std::min(s, n - s))];
  return all;
}

Piece hG_upper_piece(int G) {
  const int m = G - 1, n = G - 2;
  std::vector<Interval> weight(static_cast<std::size_t>(n + 1));
  const std::vector<Interval> binom = binomials(n);
  for (int s = 0; s <= n; ++s)
    weight[static_cast<std::size_t>(s)] =
        binom[static_cast<std::size_t>(s)] * sqrt(Interval(m) / Interval((1 + s) * (m - s)));
  Piece piece;
  piece.label = "G = " + std::to_string(G);
  piece.score = make_score<1>([weight, n](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const X& rho = x[0];
    const X sigma = 1 - rho;
    // ρ^s and σ^{n−s} by running products (exact at ρ = 0 and ρ = 1 as well)
    std::vector<X> sigma_pow(static_cast<std::size_t>(n + 1), X(1));
    for (int s = n - 1; s >= 0; --s)
      sigma_pow[static_cast<std::size_t>(s)] = sigma_pow[static_cast<std::size_t>(s + 1)] * sigma;
    X h(0), rho_pow(1);
    for (int s = 0; s <= n; ++s) {
      h += X(weight[static_cast<std::size_t>(s)]) * rho_pow * sigma_pow[static_cast<std::size_t>(s)];
      rho_pow = rho_pow * rho;
    }
    return h - X(k("c"));
  });
  piece.roots = {unit_box(1)};
  return piece;
}

DCRV_CERTIFICATE(hG_upper) {
  Certificate c;
  c.claim = "E.hG-upper";
  c.domain = "every G = 2, ..., 256 and rho in [0, 1] (the claim's whole domain); no exclusion";
  c.method =
      "h_G(rho)/sqrt(G-1) - c <= 0 with h_G in Bernstein form (the claim's polynomial, divided by "
      "sqrt(G-1) > 0 coefficientwise: sqrt((G-1)/((1+s)(G-1-s)))), exact at rho = 0, 1 where the bound "
      "is attained: monotonicity test";
  c.constants = {{"c", [] { return Interval(1); }}};
  for (int G = 2; G <= 256; ++G)
    c.pieces.push_back(hG_upper_piece(G));
  return c;
}

} // namespace
} // namespace dcrv::certify
