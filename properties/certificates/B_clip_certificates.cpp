// Certificates of App. B §B.4–B.5 (clip–renormalise and the logit lift; properties/B_clip_lift.cpp): exact
// identities (certify/exact_identity.hpp) in the substitutions of B_jacobian_certificates.cpp's header.
//
// Notation as in the claim file: p = softmax(θ), p′ = max(p, δ⋆), 𝒞_{δ⋆}(p) = p′/‖p′‖₁, P(θ) = C log p′,
// DP(θ) = C diag(1_A/p) J_θ with the active set A = {i : p_i > δ⋆}, B(θ) = J_{P(θ)} DP(θ).
// The lift's identities hold for every positive vector p′, so with p′ as free positive variables they cover
// every θ ∈ ℝ^S and every δ⋆ ∈ (0,1). The chain rule B = D_θ softmax(P(θ)) holds off the kink set, where the
// active set A is locally constant: per A it is a rational identity in (E, δ⋆) (the mask fixed), proved as a
// formal identity (so also at grid points whose p does not realise A).
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace softmax_exact;

/// C v = v − mean(v) 1.
RVec centred(RVec v) {
  Rational mean(0);
  for (const auto& x : v)
    mean += x;
  mean /= Rational(static_cast<long>(v.size()));
  for (auto& x : v)
    x -= mean;
  return v;
}

// ---------------------------------------------------------------------------------------------------------
// B.lift-normalization-cancel: C log p′ = C log(p′/‖p′‖₁).
// ---------------------------------------------------------------------------------------------------------

IdentityPiece normalization_cancel_piece(std::size_t S) {
  return identity_piece(s_label(S), S + 1, 1, [S](const RVec& x, const RationalConstants&) {
    const RVec log_pp(x.begin(), x.begin() + static_cast<long>(S)); // L_i = log p′_i
    RVec log_q(log_pp);                                             // log(p′_i/‖p′‖₁) = L_i − Λ
    for (auto& l : log_q)
      l -= x[S];
    const RVec a = centred(log_pp), b = centred(log_q);
    Rational r(0);
    for (std::size_t i = 0; i < S; ++i)
      widen(r, a[i] - b[i]);
    return r;
  });
}

DCRV_CERTIFICATE(lift_normalization_cancel) {
  Certificate c;
  c.claim = "B.lift-normalization-cancel";
  c.domain = "S = 2, ..., 6; every theta in R^S and every delta* in (0,1) (the identity holds for every "
             "positive p' = max(p_theta, delta*)); no exclusion";
  c.method = "log(p'_i/||p'||_1) = L_i - Lambda with L_i = log p'_i and Lambda = log ||p'||_1 as free "
             "variables: C L - C(L - Lambda 1) is linear (degree 1), zero on the grid hence identically";
  for (std::size_t S = 2; S <= 6; ++S)
    c.identities.push_back(normalization_cancel_piece(S));
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.lift-softmax-equals-clip (eq. smP-equals-clip): softmax(P(θ)) = 𝒞_{δ⋆}(p_θ).
// ---------------------------------------------------------------------------------------------------------

IdentityPiece softmax_equals_clip_piece(std::size_t S) {
  return identity_piece(s_label(S), S + 1, 3, [S](const RVec& x, const RationalConstants&) {
    const RVec pp(x.begin(), x.begin() + static_cast<long>(S)); // p′ > 0
    RVec e; // exp(P_i) = p′_i·M, M = e^{−mean log p′}
    for (const auto& v : pp)
      e.push_back(v * x[S]);
    const RVec lhs = normalise(e), rhs = normalise(pp); // softmax(P(θ)) and p′/‖p′‖₁
    Rational r(0);
    for (std::size_t i = 0; i < S; ++i)
      widen(r, lhs[i] - rhs[i]);
    return r;
  });
}

DCRV_CERTIFICATE(lift_softmax_equals_clip) {
  Certificate c;
  c.claim = "B.lift-softmax-equals-clip";
  c.domain = "S = 2, ..., 6; every theta in R^S and every delta* in (0,1) (the identity holds for every "
             "positive p' = max(p_theta, delta*)); no exclusion";
  c.method = "exp(P(theta)_i) = p'_i M with M = exp(-<1, log p'>/S) (times the max-shift of softmax) a free "
             "positive variable: softmax(P)_i - p'_i/sum p' = p'_i M/(M sum p') - p'_i/sum p', times "
             "M (sum p')^2 a polynomial of degree <= 2 in each variable (grid of degree 3); zero on the grid "
             "hence identically";
  for (std::size_t S = 2; S <= 6; ++S)
    c.identities.push_back(softmax_equals_clip_piece(S));
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.chain-B-factorization: J_{P(θ)} DP(θ) = D_θ softmax(P(θ)) off the kink set, per active set A.
// ---------------------------------------------------------------------------------------------------------

std::string mask_label(std::size_t S, unsigned mask) {
  std::string a;
  for (std::size_t i = 0; i < S; ++i)
    if (mask & (1u << i))
      a += (a.empty() ? "" : ",") + std::to_string(i + 1);
  return s_label(S) + ", A = {" + a + "}";
}

template <std::size_t S> IdentityPiece chain_piece(unsigned mask) {
  return identity_piece(mask_label(S, mask), S + 1, 3, [mask](const RVec& x, const RationalConstants&) {
    using J1 = Jet<Rational, S, 1>;
    const auto pj = softmax_jets<S, 1>(x); // p(θ) at θ = log E, with its θ-gradient
    const Rational ds = x[S];
    auto active = [mask](std::size_t i) { return (mask & (1u << i)) != 0; };
    RVec p;
    for (const auto& v : pj)
      p.push_back(v.v);
    // m = max(p, δ⋆) with the mask fixed: m_i = p_i (i ∈ A), δ⋆ (i ∉ A); q = m/Σm = softmax(P(θ))
    std::vector<J1> m;
    for (std::size_t i = 0; i < S; ++i)
      m.push_back(active(i) ? pj[i] : J1(ds));
    const auto qj = normalise(m);
    RVec q;
    for (const auto& v : qj)
      q.push_back(v.v);
    Rational total(0);
    for (const auto& v : m)
      total += v.v;
    // DP = C diag(1_A/p) J_θ (logit_lift_jacobian), J_{P(θ)} = diag(q) − qqᵀ
    const auto jt = jacobian_of(p), jp = jacobian_of(q);
    std::vector<RVec> dp(S, RVec(S));
    for (std::size_t k = 0; k < S; ++k) {
      RVec col(S);
      for (std::size_t i = 0; i < S; ++i)
        col[i] = active(i) ? Rational(jt[i][k] / p[i]) : Rational(0);
      col = centred(col);
      for (std::size_t i = 0; i < S; ++i)
        dp[i][k] = col[i];
    }
    Rational r(0);
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t k = 0; k < S; ++k) {
        Rational product(0), quotient(0);
        for (std::size_t l = 0; l < S; ++l) {
          product += jp[i][l] * dp[l][k];
          if (active(l)) // (I − q1ᵀ) diag(1_A) J_θ / Σm
            quotient += (Rational(i == l ? 1 : 0) - q[i]) * jt[l][k];
        }
        quotient /= total;
        const Rational derivative = qj[i].g[k]; // D_θ softmax(P(θ)), exact
        widen(r, product - derivative);
        widen(r, quotient - derivative);
      }
    return r;
  });
}

template <std::size_t S> void add_chain_pieces(Certificate& c) {
  for (unsigned mask = 0; mask < (1u << S); ++mask)
    c.identities.push_back(chain_piece<S>(mask));
}

DCRV_CERTIFICATE(chain_B_factorization) {
  Certificate c;
  c.claim = "B.chain-B-factorization";
  c.domain = "S = 2, 3, 4, every active set A; every theta in R^S off the kink set and every delta* in (0,1)";
  c.method =
      "off the kink set the active set A is locally constant, so D_theta softmax(P(theta)) is the "
      "derivative of q = m/sum m with m_i = p_i (i in A), delta* (i not in A), and softmax(P(theta)) = q "
      "(B.lift-softmax-equals-clip, certified); with E = exp(theta) the derivative is exact by jets over "
      "the rationals. J_q DP (DP = C diag(1_A/p) J_theta) and the quotient rule (I - q 1^T) diag(1_A) "
      "J_theta/sum m are compared with it entrywise; with sigma = sum m sum E each difference times "
      "sigma^2 sum E is a polynomial of degree <= 3 in each E_j and <= 2 in delta* (grid of degree 3), "
      "zero on the grid (a formal identity per mask) hence identically";
  add_chain_pieces<2>(c);
  add_chain_pieces<3>(c);
  add_chain_pieces<4>(c);
  return c;
}

} // namespace
} // namespace dcrv::certify
