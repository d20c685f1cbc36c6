// Interval certificates of App. D (the STaR score; properties/D_star_score.cpp).
//
// D.phi-sup-norm (§Componentwise and norm bounds, boxed): ‖φ^STaR(p)‖_∞ ≤ c = 1 on int Δ^{K−1}, every
// partition with M ≥ 1 correct indices. With ρ = Σ_{c∈C} p_c > 0 and the conditional masses a = p_C/ρ ∈
// Δ^{M−1} (def:star-score, dcrv/scores/star.hpp): φ_c = (p_c − S⁽²⁾)/ρ = a_c − ρ s and φ_i = −S⁽²⁾/ρ = −ρ s,
// s = Σ_c a_c² (the division by ρ done exactly). φ depends on p only through (ρ, a), not on K or on how the
// incorrect mass is spread, so a certificate for M covers every K ≥ M and every partition with M correct
// indices. The certificate runs over the closed box ρ ∈ [0, 1], a in the closed simplex Δ^{M−1}
// (stick-breaking), which contains the image of int Δ^{K−1}; the bound 1 is approached at its corners
// (ρ → 0 with a a vertex: φ_c → 1; ρ → 1 with a a vertex: φ_i, −φ_c → −1), where the monotonicity test closes
// the boxes.
#include <array>
#include <string>
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/star_aggregate.hpp"
#include "properties/certificates/star_chart.hpp"
#include "properties/certificates/star_exact.hpp"

namespace dcrv::certify {
namespace {

/// One side of one component, sign·φ_k − c ≤ 0: k = c < M a correct index, or c = M standing for every
/// incorrect index (φ_i = −ρs is the same for all of them).
template <std::size_t M> Piece sup_norm_piece(std::size_t c, int sign) {
  return star_chart::rho_share_piece<M>(
      star_chart::m_label(M) + (c < M ? ", correct c = " + std::to_string(c + 1) : ", incorrect") +
          (sign > 0 ? ", +phi" : ", -phi"),
      [c, sign](const auto& rho, const auto& a, const auto& s, const Constants& k) {
        using X = std::decay_t<decltype(rho)>;
        const X phi = c < M ? X(a[c] - rho * s) : X(-(rho * s));
        return X(sign) * phi - X(k("c"));
      });
}

template <std::size_t M> void add_sup_norm_pieces(Certificate& cert) {
  for (std::size_t c = 0; c <= M; ++c)
    for (int sign : {1, -1})
      cert.pieces.push_back(sup_norm_piece<M>(c, sign));
}

DCRV_CERTIFICATE(phi_sup_norm) {
  Certificate c;
  c.claim = "D.phi-sup-norm";
  c.domain =
      "every partition with M = 1, 2, 3, 4 correct indices and every K >= M (phi depends on p only "
      "through rho and a = p_C/rho); every p in int Delta^(K-1) (the certified box rho in [0, 1], a in "
      "the closed simplex contains its image); no exclusion";
  c.method =
      "phi_c = a_c - rho sum a^2, phi_i = -rho sum a^2 (def:star-score with the division by rho done "
      "exactly); +-phi_k - c <= 0 per component and sign, a by stick-breaking; the bound is approached "
      "at corners of the box: monotonicity test";
  c.constants = {{"c", [] { return Interval(1); }}};
  add_sup_norm_pieces<1>(c);
  add_sup_norm_pieces<2>(c);
  add_sup_norm_pieces<3>(c);
  add_sup_norm_pieces<4>(c);
  star_chart::paper_every_m_and_k(c, 1);
  star_exact::add_chart_rearrangements(c, 1, 4);
  // every M: phi_c = a_c - rho s, phi_i = -rho s over the aggregate box (rho, a_c, s) in [0, 1]^3
  for (int sign : {1, -1}) {
    star_chart::add_aggregate_piece<3>(c, std::string("correct, ") + (sign > 0 ? "+phi" : "-phi"),
                                       unit_box(3), 1, [sign](const auto& x, const Constants& k) {
                                         using X = std::decay_t<decltype(x[0])>;
                                         return X(X(sign) * (x[1] - x[0] * x[2]) - X(k("c")));
                                       });
    star_chart::add_aggregate_piece<2>(c, std::string("incorrect, ") + (sign > 0 ? "+phi" : "-phi"),
                                       unit_box(2), 1, [sign](const auto& x, const Constants& k) {
                                         using X = std::decay_t<decltype(x[0])>;
                                         return X(X(-sign) * (x[0] * x[1]) - X(k("c")));
                                       });
  }
  star_chart::every_m(c,
                      {rearrangement_identity(
                          "every M: phi_c = a_c - rho s, phi_i = -rho s at p_c = rho a_c, S2 = rho^2 s", 3, 3,
                          [](const std::vector<Exact>& x, const RationalConstants&) {
                            const Exact &rho = x[0], &a = x[1], &s = x[2];
                            return std::vector<Exact>{
                                star_aggregate::phi(true, rho * a, Exact(1), rho, rho * rho * s) -
                                    (a - rho * s),
                                star_aggregate::phi(false, Exact(0), Exact(1), rho, rho * rho * s) + rho * s};
                          })},
                      "phi_c = a_c - rho s and phi_i = -rho s");
  return c;
}

} // namespace
} // namespace dcrv::certify
