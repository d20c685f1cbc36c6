// Interval certificates of App. F, BD (boxed) (properties/F_dpo_thresholds.cpp).
//
// F.lk-positive: L_K(δ) = (1−δ) log((1−δ)/((K−1)δ)) > 0 for every K ≥ 2 and δ ∈ (0, 1/K), in the compact
// chart σ = 1/K, t = 1/(1 − log(Kδ)) of face_gap_piece.hpp (the claim samples integer K ∈ [2, 10⁶] and u = Kδ
// ∈ [10⁻³⁰⁰, 1 − 10⁻¹²]; the certificate covers the paper's whole domain, the limits K → ∞, δ → 0 and δ →
// 1/K included through the scaled scores −t L_K and −L_K/(1 − u)).
//
// F.h-range ("Two-level equilibrium"): 0 < h(z) < c = 2 with h = g_β(log L_𝒞) + g_β(log L_ℐ), g_β(ℓ) =
// σ(−β(ℓ − ℓ₀)), L_ℐ = 1/(N + Me^z), L_𝒞 = e^z L_ℐ (dcrv/scores/dpo.hpp). As in the claim, c − h is read as
// (c − 2) + (1 − g(log L_𝒞)) + (1 − g(log L_ℐ)) with 1 − g_β(ℓ) = σ(β(ℓ − ℓ₀)), and the logarithms as in
// DpoModel::two_level_logs for z ≥ 0: log L_𝒞 = −log M − log1p(Ne^{−z}/M), log L_ℐ = log L_𝒞 − z. M and N are
// reals in [1, 100] (the claim rounds them to integers).
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/dpo_exact.hpp"
#include "properties/certificates/face_gap_piece.hpp"
#include "properties/certificates/fg_rearrangements.hpp"
#include "properties/certificates/rearrangements.hpp"

namespace dcrv::certify {
namespace {

// App. F, BD (boxed): L_K(δ) > 0 for δ ∈ (0, 1/K): score −L_K(u/K) < 0 (strict).
DCRV_CERTIFICATE(lk_positive) {
  Certificate c;
  c.claim = "F.lk-positive";
  c.domain = face_gap_chart_domain();
  c.method = face_gap_positive_method();
  c.pieces = face_gap_positive_pieces();
  c.identities = face_gap_chart_identities();
  c.paper = face_gap_paper();
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// App. F, "Two-level equilibrium": 0 < h(z) < c on z ∈ [0, 700].
// ---------------------------------------------------------------------------------------------------------

using namespace dpo_exact;

DCRV_CERTIFICATE(h_range) {
  Certificate c;
  c.claim = "F.h-range";
  c.domain = "z in [0, 700], real M, N in [1, 100] (every integer M, N of the claim), beta in [10^-3, 10^3], "
             "ell0 in [-40, 20]: the claim's whole domain; no exclusion";
  c.method = "two strict pieces: -h < 0 and -((c - 2) + sigma(beta(log L_C - ell0)) + sigma(beta(log L_I - "
             "ell0))) < 0 (the claim's cancellation-free form of c - h, by 1 - sigma(-x) = sigma(x): checked "
             "exactly with E = e^x free), logs as in two_level_logs for z >= 0 (checked exactly with E = e^z "
             "free)";
  c.constants = {{"c", [] { return Interval(2); }}};
  Piece positive = make_piece<5>("0 < h(z)", {two_level_box(700.0)}, [](const auto& x, const Constants&) {
    const auto& beta = x[3];
    const auto& ell0 = x[4];
    const auto l = two_level_logs(x[0], x[1], x[2]);
    return -(sigmoid(-(beta * (l[0] - ell0))) + sigmoid(-(beta * (l[1] - ell0))));
  });
  positive.strict = true;
  Piece below = make_piece<5>("h(z) < c", {two_level_box(700.0)}, [](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const auto& beta = x[3];
    const auto& ell0 = x[4];
    const auto l = two_level_logs(x[0], x[1], x[2]);
    return -(X(k("c") - 2) + sigmoid(beta * (l[0] - ell0)) + sigmoid(beta * (l[1] - ell0)));
  });
  below.strict = true;
  c.pieces = {positive, below};
  c.identities = {fg_rearrangements::h_range_rearrangement()};
  for (auto& piece : c.pieces) // raw (z, M, N, beta, ell0)
    for (const auto& [name, coord] :
         {std::pair<const char*, std::size_t>{"z", 0}, {"M", 1}, {"N", 2}, {"beta", 3}, {"ell0", 4}})
      piece = with_param(piece, name, coord);
  constexpr double inf = kUnbounded;
  c.paper = {{"z", 0, inf}, {"M", 1, inf}, {"N", 1, inf}, {"beta", 0, inf}, {"ell0", -inf, inf}};
  c.scope.gap =
      "the two-level h is proved on bounded boxes of z, M, N, beta, ell0: every value needs a compact chart "
      "per parameter (v/(1 + v), sigma(z)) with the score scaled to stay nonzero at the limits; not built";
  return c;
}

} // namespace
} // namespace dcrv::certify
