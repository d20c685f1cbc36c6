// Certificates of App. B §B.6 (quadratic approximation and Hessian suprema;
// properties/B_hessian_suprema.cpp).
//
// B.hessian-formula: exact identity in the exponentials E = exp(θ) (substitutions of
// B_jacobian_certificates.cpp's header), the left side by second-order jets over the rationals.
// B.Xi-closed-form: the claim's bound Σx² ≤ Ξ_m(M; δ) at x = δ + (M − mδ)q, q ∈ Δ^{m−1}, is split into an
// exact identity Ξ_m − Σx² = e²(1 − Σq²) (e = M − mδ; polynomial) and the interval bound Σq² ≤ 1 on the
// closed simplex (branch and bound over the stick-breaking box); the attained point is a second exact
// identity.
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/B_every_s.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace softmax_exact;

// ---------------------------------------------------------------------------------------------------------
// B.hessian-formula (eq. B-Hessian-exact): ∂_{θ_ℓ}∂_{θ_k}p_i = p_i[(δ_iℓ − p_ℓ)(δ_ik − p_k) − p_k(δ_kℓ −
// p_ℓ)].
// ---------------------------------------------------------------------------------------------------------

template <std::size_t S> IdentityPiece hessian_formula_piece() {
  IdentityPiece piece =
      exact_identity(s_label(S) + ", every i, k, l", S, 4, [](const XVec& x, const RationalConstants&) {
        const auto pj = softmax_jets<S, 2>(x);
        XVec p;
        for (const auto& v : pj)
          p.push_back(v.v);
        auto delta = [](std::size_t a, std::size_t b) { return Exact(a == b ? 1 : 0); };
        XVec r;
        for (std::size_t i = 0; i < S; ++i)
          for (std::size_t k = 0; k < S; ++k)
            for (std::size_t l = 0; l < S; ++l) {
              const Exact closed =
                  p[i] * ((delta(i, l) - p[l]) * (delta(i, k) - p[k]) - p[k] * (delta(k, l) - p[l]));
              r.push_back(pj[i].hess(k, l) - closed);
            }
        return r;
      });
  piece.dims = {{"S", int(S)}};
  return piece;
}

DCRV_CERTIFICATE(hessian_formula) {
  Certificate c;
  c.claim = "B.hessian-formula";
  c.domain = "every S >= 2 (the every-S identity; term by term S = 2, ..., 5); every theta in R^S (E = "
             "exp(theta) over the positive orthant); every i, k, l";
  c.method =
      "exact second derivatives instead of the claim's Richardson difference quotient: with E_j = "
      "exp(theta_j), second-order jets over the rationals (value E_j, gradient E_j e_j, Hessian "
      "E_j e_j e_j^T) give d_l d_k p_i of p_i = E_i/sum E exactly; compared with the closed form "
      "(dcrv's hessian_column); each difference times (sum E)^3 is a polynomial of degree <= 3 in each "
      "E_j (grid of degree 4), zero on the grid hence identically";
  c.identities = {hessian_formula_piece<2>(), hessian_formula_piece<3>(), hessian_formula_piece<4>(),
                  hessian_formula_piece<5>(), b_every_s::hessian_formula()};
  c.paper = {{"S", 2, kUnbounded}};
  c.reductions.push_back(
      {"p_i = E_i/sigma with sigma = sum E and d_theta_k E_j = delta_jk E_j: d_l d_k p_i involves the other "
       "coordinates only through R = sigma - (the E of the distinct indices among i, k, l), constant in "
       "theta_k and theta_l, a free variable of the every-S identity (every equality pattern of (i, k, l); "
       "a rational identity, so it holds with an unused slot's E and R = 0 as well, S = 2); the "
       "full-coordinate identity is checked for S = 2..5 as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.Xi-closed-form (eq. B-Xi): Ξ_m(M; δ) = max{Σx_j² : Σx = M, x ≥ δ} = (M − (m−1)δ)² + (m−1)δ².
// ---------------------------------------------------------------------------------------------------------

/// (M − (m−1)δ)² + (m−1)δ² (the claim's xi_closed).
Exact xi_closed(std::size_t m, const Exact& M, const Exact& delta) {
  const Exact a = M - Exact(static_cast<long>(m) - 1) * delta;
  return a * a + Exact(static_cast<long>(m) - 1) * delta * delta;
}

/// Variables (q₁..q_{m−1}, δ, e): q_m = 1 − Σq, M = mδ + e, x = δ + eq. Residual of
/// Σx² − Ξ_m = −e²(1 − Σq²) and of the attained value Σx⋆² = Ξ_m at x⋆ = (M − (m−1)δ, δ, …, δ).
IdentityPiece xi_identity_piece(std::size_t m) {
  return exact_identity("m = " + std::to_string(m), m + 1, 3, [m](const XVec& v, const RationalConstants&) {
    const XVec q = plane_chart(v, m);
    const Exact delta = v[m - 1], e = v[m];
    const Exact M = Exact(static_cast<long>(m)) * delta + e;
    Exact sum_x2(0), sum_q2(0);
    for (const auto& qj : q) {
      const Exact xj = delta + e * qj;
      sum_x2 += xj * xj;
      sum_q2 += qj * qj;
    }
    const Exact closed = xi_closed(m, M, delta);
    XVec r;
    r.push_back(sum_x2 - closed + e * e * (Exact(1) - sum_q2));
    Exact attained = (M - Exact(static_cast<long>(m) - 1) * delta);
    attained *= attained;
    attained += Exact(static_cast<long>(m) - 1) * delta * delta; // Σx⋆², the m − 1 entries δ
    r.push_back(attained - closed);
    r.push_back((M - Exact(static_cast<long>(m) - 1) * delta) - delta - e); // x⋆₁ − δ = e ≥ 0: feasible
    return r;
  });
}

/// Σq_j² − 1 ≤ 0 on the closed simplex Δ^{m−1} (stick-breaking box).
template <std::size_t m> Piece xi_simplex_piece() {
  return interval_simplex::simplex_piece<m>("m = " + std::to_string(m) + ": sum q^2 <= 1",
                                            [](const auto& q, const Constants&) {
                                              using X = std::decay_t<decltype(q[0])>;
                                              X s(0);
                                              for (const auto& qj : q)
                                                s += square(qj);
                                              return s - X(1);
                                            });
}

DCRV_CERTIFICATE(xi_closed_form) {
  Certificate c;
  c.claim = "B.Xi-closed-form";
  c.domain = "every m >= 1 (the every-m identity and piece; term by term m = 1, ..., 5); every delta > 0 and "
             "every M >= m delta (every feasible x = delta + (M - m delta) q, q in the closed simplex)";
  c.method =
      "x = delta + e q with e = M - m delta >= 0 and q in the simplex: sum x^2 - Xi_m(M; delta) = "
      "-e^2 (1 - sum q^2) is a polynomial identity (degree <= 2 in each variable, grid of degree 3; "
      "exact), and sum q^2 <= 1 on the closed simplex is proved by interval branch and bound over the "
      "stick-breaking box; the attained value at x* = (M - (m-1) delta, delta, ...) and its feasibility "
      "x*_1 - delta = e >= 0 are exact identities of the same piece";
  for (DimLoop<std::size_t> m(c, "m", 1); m <= 5; ++m)
    c.identities.push_back(xi_identity_piece(m));
  c.pieces = {xi_simplex_piece<2>(), xi_simplex_piece<3>(), xi_simplex_piece<4>(), xi_simplex_piece<5>()};
  rename_dim(c.pieces, "S", "m"); // the simplex of q has m vertices
  // every m: the identity in (delta, e, m, sum q^2) and the termwise bound q_j^2 <= q_j on [0, 1]
  c.identities.push_back(b_every_s::xi_closed_form());
  c.pieces.push_back(make_piece<1>("every m: q_j (q_j - 1) <= 0 for q_j in [0, 1]", {unit_box(1)},
                                   [](const auto& x, const Constants&) {
                                     using X = std::decay_t<decltype(x[0])>;
                                     return x[0] * (x[0] - X(1));
                                   }));
  c.pieces.back().dims.push_back({"m", 1, kUnbounded});
  c.paper = {{"m", 1, kUnbounded}};
  c.reductions.push_back(
      {"with x = delta + e q, sum q = 1, sum x^2 - Xi_m = -e^2 (1 - sum q^2) depends on q only through sum "
       "q^2 "
       "and on m as a free real (every-m identity, also the attained point x* = (delta + e, delta, ..., "
       "delta)); sum q^2 <= 1 for every m because q_j^2 - q_j = q_j (q_j - 1) <= 0 on [0, 1] termwise "
       "(every-m "
       "piece) and sum q = 1; the full-coordinate identity is checked for m = 1..5 and the bound for m = "
       "2..5 as well",
       {"m"}});
  return c;
}

} // namespace
} // namespace dcrv::certify
