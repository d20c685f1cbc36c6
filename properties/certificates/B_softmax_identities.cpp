// Exact certificates of App. B identities (properties/B_softmax_jacobian.cpp), by exact rational evaluation
// (certify/exact_identity.hpp).
//
// B.softmax-translation (Lemma lem:B-translation): softmax(θ + c1) = softmax(θ). With the exact substitution
// Eᵢ = exp(θᵢ) > 0 and C = exp(c) > 0 the soft-max is the rational map pᵢ(E) = Eᵢ/ΣE, and the shift
// multiplies every Eᵢ by C, so component i of the identity is the rational identity
//   rᵢ(E, C) = CEᵢ/(CΣE) − Eᵢ/ΣE = 0   in the S + 1 positive variables (E, C).
// Times D = C(ΣE)² (positive on the positive grid), rᵢD = CEᵢΣE − CEᵢΣE has degree ≤ 2 in each Eⱼ and ≤ 1 in
// C: a (2 + 1)^(S+1) grid decides it. Every (E, C) in the positive orthant is some (exp θ, exp c), so the
// certificate covers every θ ∈ ℝ^S and every real c (the claim's check samples c ∈ [−10³, 10³]).
// Every S (issue 20 point 8): component i involves the other coordinates only through σ = ΣE, and the shifted
// sum is Σ_j CE_j = Cσ, so rᵢ = CEᵢ/(Cσ) − Eᵢ/σ with σ a free variable: one identity for every S (the
// per-S pieces check the full-coordinate form for S = 1..6).
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/B_every_s.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using softmax_exact::normalise; // pᵢ(E) = Eᵢ/ΣE: the soft-max in the exponentials Eᵢ = exp(θᵢ)
using softmax_exact::slice;
using softmax_exact::XVec;

/// Component i of softmax(θ + c1) − softmax(θ) for S components; variables (E₁..E_S, C).
IdentityPiece translation_piece(std::size_t S, std::size_t i) {
  return exact_identity("S = " + std::to_string(S) + ", component " + std::to_string(i + 1), S + 1, 2,
                        [S, i](const XVec& x, const RationalConstants&) {
                          const XVec e = slice(x, 0, S);
                          XVec shifted = e;
                          for (auto& v : shifted)
                            v *= x[S]; // exp(θ_j + c) = E_j C
                          return normalise(shifted)[i] - normalise(e)[i];
                        });
}

DCRV_CERTIFICATE(softmax_translation) {
  Certificate c;
  c.claim = "B.softmax-translation";
  c.domain = "every S >= 1 (the every-S identity; term by term S = 1, ..., 6); every theta in R^S and every "
             "real c (the whole positive orthant of (exp theta, "
             "exp c)); no exclusion";
  c.method = "exact substitution E_i = exp(theta_i), C = exp(c): component i is the rational identity "
             "C E_i/(C sum E) - E_i/sum E = 0; times C (sum E)^2 a polynomial of degree <= 2 in each E_j and "
             "<= 1 in C, zero on a 3^(S+1) product grid of positive rationals, hence identically zero";
  for (DimLoop<std::size_t> S(c, "S", 1); S <= 6; ++S)
    for (std::size_t i = 0; i < S; ++i)
      c.identities.push_back(translation_piece(S, i));
  c.identities.push_back(b_every_s::translation());
  c.paper = {{"S", 1, kUnbounded}}; // the claim holds for every S >= 1
  c.reductions.push_back(
      {"component i of softmax(theta + c 1) - softmax(theta) is C E_i/sum_j (C E_j) - E_i/sum_j E_j: the "
       "other coordinates enter only through sigma = sum E (and sum C E = C sigma), a free variable of the "
       "every-S identity; the full-coordinate identity is checked for S = 1..6 as well",
       {"S"}});
  return c;
}

} // namespace
} // namespace dcrv::certify
