// Interval certificates of App. E (the GRPO characteristic; properties/E_grpo_characteristic.cpp).
//
// E.hG-upper (Lemma lem:hG-basic): h_G(ρ) ≤ c √(G−1) on ρ ∈ [0, 1], G = 2, …, 256. h_G is the polynomial of
// dcrv/scores/grpo.hpp (Characteristic::h): with m = G − 1, n = G − 2, σ = 1 − ρ,
//   h_G(ρ) = Σ_{s=0}^{n} C(n, s) ρ^s σ^{n−s} b_s,  b_s = m/√((1+s)(m−s)).
// Divided by √m > 0 the claim reads Σ_s C(n, s) ρ^s σ^{n−s} √(m/((1+s)(m−s))) ≤ c. The bound is attained at
// ρ = 0 and ρ = 1 (b₀ = b_n = √m), where in this form every factor is exact (C(n, 0) = C(n, n) = 1 computed
// without division, √(m/m) = 1), so the monotonicity test closes the end boxes; G = 2, 3 (h_G ≡ √(G−1)) close
// by the mean-value form (the derivative enclosure is 0).
#include <string>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregate_identities.hpp"
#include "properties/certificates/grpo_exact.hpp"

namespace dcrv::certify {
namespace {

using grpo_exact::bernstein;
using grpo_exact::h_scaled_weights;

Piece hG_upper_piece(int G) {
  return make_piece<1>("G = " + std::to_string(G), {unit_box(1)},
                       [w = h_scaled_weights(G)](const auto& x, const Constants& k) {
                         using X = std::decay_t<decltype(x[0])>;
                         return bernstein(w, x[0]) - X(k("c"));
                       });
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
  for (DimLoop<int> G(c, "G", 2); G <= 256; ++G)
    c.pieces.push_back(with_param(hG_upper_piece(G), "rho", 0));
  aggregate::add_every_group(c,
                             {aggregate::every_group_piece("1 - c",
                                                           [](const auto& x, const Constants& k) {
                                                             using X = std::decay_t<decltype(x[0])>;
                                                             return X(1) + 0 * x[0] - X(k("c"));
                                                           })},
                             "the score H_G - c is nondecreasing in H_G");
  c.paper = {{"G", 2, kUnbounded}, {"rho", 0, 1}}; // the lemma is for every group size G >= 2
  return c;
}

} // namespace
} // namespace dcrv::certify
