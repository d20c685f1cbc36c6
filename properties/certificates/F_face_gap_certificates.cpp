// Interval certificates of App. F, BD (boxed) (properties/F_dpo_thresholds.cpp).
//
// F.lk-positive: L_K(δ) = (1−δ) log((1−δ)/((K−1)δ)) > 0, checked by the claim at δ = u/K for integer
// K ∈ [2, 10⁶] and u ∈ [10⁻³⁰⁰, 1 − 10⁻¹²], evaluated as (1−δ) log1p((1−Kδ)/((K−1)δ)) (dcrv/simplex.hpp
// face_gap). With δ = u/K the argument of log1p is K(1−u)/((K−1)u) exactly; the score reads it in that form
// (u and K each appear once in it, so the enclosure over a box has no dependency blow-up) and treats K as a
// real in [2, 10¹²], which covers every integer K of the claim and more.
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
#include "properties/certificates/rearrangements.hpp"

namespace dcrv::certify {
namespace {

// App. F, BD (boxed): L_K(δ) > 0 for δ ∈ (0, 1/K): score −L_K(u/K) < 0 (strict).
DCRV_CERTIFICATE(lk_positive) {
  Certificate c;
  c.claim = "F.lk-positive";
  c.domain = "every real K in [2, 10^12] (so every integer K in [2, 10^6] of the claim) and delta = u/K with "
             "u in [10^-300, 1 - 2^-53] (contains the claim's u in [10^-300, 1 - 10^-12]); no exclusion";
  c.method = "-L_K(delta) < 0 with L_K(u/K) = (1 - u/K) log1p(K(1-u)/((K-1)u)) (the claim's log1p form with "
             "K delta = u substituted exactly), K a real interval; strict";
  c.pieces = {face_gap_positive_piece()};
  c.identities = {rearrangements::face_gap_log1p_rearrangement()}; // issue 20 point 5
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
  c.method =
      "two strict pieces: -h < 0 and -((c - 2) + sigma(beta(log L_C - ell0)) + sigma(beta(log L_I - "
      "ell0))) < 0 (the claim's cancellation-free form of c - h), logs as in two_level_logs for z >= 0";
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
  for (auto& piece : c.pieces) // raw (z, M, N, beta, ell0)
    for (const auto& [name, coord] :
         {std::pair<const char*, std::size_t>{"z", 0}, {"M", 1}, {"N", 2}, {"beta", 3}, {"ell0", 4}})
      piece = with_param(piece, name, coord);
  constexpr double inf = kUnbounded;
  c.paper = {{"z", 0, inf}, {"M", 1, inf}, {"N", 1, inf}, {"beta", 0, inf}, {"ell0", -inf, inf}};
  return c;
}

} // namespace
} // namespace dcrv::certify
