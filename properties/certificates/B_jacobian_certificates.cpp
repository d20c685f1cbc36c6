// Certificates of App. B §B.1–B.3 (the soft-max map and its Jacobian; properties/B_softmax_jacobian.cpp):
// exact identities (certify/exact_identity.hpp) and interval bounds (certify/branch_and_bound.hpp).
//
// Exact substitutions used by the identity pieces (certify/exact_identity.hpp, header comment):
//  - Eᵢ = exp(θᵢ) > 0: p = softmax(θ) = E/ΣE is rational in E, and every E in the positive orthant is exp(θ)
//    for some θ ∈ ℝ^S, so an identity in E covers every θ ∈ ℝ^S.
//  - θ-derivatives: ∂_{θ_k}Eⱼ = δ_{jk}Eⱼ, so forward-mode jets over the rationals (certify/interval.hpp's
//    Jet<Exact, S, Order>, seeded with value Eⱼ, gradient Eⱼeⱼ and Hessian Eⱼeⱼeⱼᵀ) give the exact first
//    and second θ-derivatives of any rational expression in E at θ = log E.
//  - log pᵢ = θᵢ − Λ with Λ = log ΣE (the logarithm of a quotient); exp(log pᵢ − m) = pᵢ·M with M = e^{−m} >
//  0:
//    the identities below hold with Λ and M as independent variables, hence for their actual values.
// A piece's residual is typed (exact_identity: Exact scalars, no branch on a variable) and returns the
// components of lhs − rhs: the identity holds iff every component vanishes, and each component times the
// stated denominator is a polynomial of the stated degree, so the lemma of exact_identity.hpp applies to
// each. Degree bounds are stated per piece (with one degree of margin where noted; a polynomial of degree ≤ d
// is also of degree ≤ d + 1).
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/B_every_s.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/softmax_exact.hpp"
#include "properties/certificates/tangent_eigen_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace softmax_exact;
using interval_simplex::integer_form;
using interval_simplex::jacobian;
using interval_simplex::jacobian_lambda_max_piece;
using interval_simplex::simplex_piece;

// ---------------------------------------------------------------------------------------------------------
// B.softmax-jacobian-formula (eq. softmax-J): ∂p_i/∂θ_k = p_i(δ_ik − p_k) = S(p)_ik.
// ---------------------------------------------------------------------------------------------------------

/// `piece` with the dimension S in its scope data (IdentityPiece::dims).
IdentityPiece with_s(IdentityPiece piece, int S) {
  piece.dims = {{"S", S}};
  return piece;
}

template <std::size_t S> IdentityPiece jacobian_formula_piece() {
  return exact_identity(s_label(S), S, 3, [](const XVec& x, const RationalConstants&) {
    const auto pj = softmax_jets<S, 1>(x);
    std::vector<Exact> p;
    for (const auto& q : pj)
      p.push_back(q.v);
    const auto cov = jacobian_of(p);
    XVec r;
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t k = 0; k < S; ++k) {
        const Exact formula = p[i] * (Exact(i == k ? 1 : 0) - p[k]);
        r.push_back(pj[i].g[k] - formula);
        r.push_back(pj[i].g[k] - cov[i][k]);
      }
    return r;
  });
}

DCRV_CERTIFICATE(softmax_jacobian_formula) {
  Certificate c;
  c.claim = "B.softmax-jacobian-formula";
  c.domain = "every S >= 1 (the every-S identity; term by term S = 1, ..., 6); every theta in R^S (the whole "
             "positive orthant of E = exp(theta)); every i, k";
  c.method = "exact derivative instead of the claim's difference quotient: with E_j = exp(theta_j), "
             "d_theta_k E_j = delta_jk E_j, forward-mode jets over the rationals give d p_i/d theta_k of "
             "p_i = E_i/sum E exactly; compared with p_i(delta_ik - p_k) and with S(p)_ik = "
             "(diag(p) - p p^T)_ik; each entry times (sum E)^2 is a polynomial of degree <= 2 in each E_j "
             "(grid of degree 3), zero on the grid hence identically";
  c.identities = {with_s(jacobian_formula_piece<1>(), 1), with_s(jacobian_formula_piece<2>(), 2),
                  with_s(jacobian_formula_piece<3>(), 3), with_s(jacobian_formula_piece<4>(), 4),
                  with_s(jacobian_formula_piece<5>(), 5), with_s(jacobian_formula_piece<6>(), 6),
                  b_every_s::jacobian_formula()};
  c.paper = {{"S", 1, kUnbounded}};
  c.reductions.push_back(
      {"p_i = E_i/sigma with sigma = sum_j E_j and d_theta_k E_j = delta_jk E_j: d p_i/d theta_k involves "
       "the other coordinates only through R = sigma - E_i - E_k, constant in theta_i and theta_k and a "
       "free variable of the every-S identity (jets in (theta_i, theta_k); a rational identity, so it holds "
       "with E_k = R = 0 as well, S = 1); the full-coordinate identity is checked for S = 1..6 as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.softmax-inverse (prop:B-diffeo): softmax(G(p)) = p on ri Δ and G(softmax θ) = θ on Θ, G = C log.
// ---------------------------------------------------------------------------------------------------------

/// softmax(G(p))_i − p_i with exp(G(p)_i) = p_i·M, M = exp(−⟨1, log p⟩/S) > 0 free; p = (x₁..x_{S−1}, 1 −
/// Σx).
IdentityPiece inverse_left_piece(std::size_t S) {
  return exact_identity(s_label(S) + ", softmax(G(p)) = p", S, 2,
                        [S](const XVec& x, const RationalConstants&) {
                          const XVec q = plane_chart(x, S);
                          const Exact M = x[S - 1];
                          XVec e;
                          for (const auto& qi : q)
                            e.push_back(qi * M);
                          return difference(normalise(e), q);
                        });
}
/// G(softmax θ) − θ on Θ: θ = (x₁..x_{S−1}, −Σx), log p_i = θ_i − Λ with Λ = log ΣE free.
IdentityPiece inverse_right_piece(std::size_t S) {
  return exact_identity(s_label(S) + ", G(softmax(theta)) = theta", S, 1,
                        [S](const XVec& x, const RationalConstants&) {
                          const XVec theta = tangent_from(x, 0, S);
                          XVec log_p(theta); // log p_i = θ_i − Λ
                          for (auto& l : log_p)
                            l -= x[S - 1];
                          return difference(centred(log_p), theta); // G = C log
                        });
}

DCRV_CERTIFICATE(softmax_inverse) {
  Certificate c;
  c.claim = "B.softmax-inverse";
  c.domain =
      "every S >= 2 (the every-S identities; term by term S = 2, ..., 6); every p in ri "
      "Delta^{S-1} (chart p = (x, 1 - sum x), the identity holds as a rational identity in x) and every "
      "theta in Theta; no exclusion";
  c.method = "exact substitution: exp(G(p)_i) = p_i M with M = exp(-<1, log p>/S) > 0 taken as a free "
             "variable, so softmax(G(p))_i - p_i = p_i M/(M sum p) - p_i (times M sum p: degree <= 2 in each "
             "variable); on Theta, log p_i = theta_i - Lambda with Lambda = log sum exp(theta) free, so "
             "G(softmax theta)_i - theta_i is linear (degree 1); both zero on their grids, hence identically";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S) {
    c.identities.push_back(inverse_left_piece(S));
    c.identities.push_back(inverse_right_piece(S));
  }
  c.identities.push_back(b_every_s::inverse_left());
  c.identities.push_back(b_every_s::inverse_right());
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.reductions.push_back(
      {"coordinate i of softmax(G(p)) is p_i M/sum_j p_j M = p_i M/(M sigma) with sigma = sum p = 1 on the "
       "simplex, and coordinate i of G(softmax theta) is (theta_i - Lambda) - (A - S Lambda)/S with A = sum "
       "theta (= 0 on Theta): the other coordinates enter only through sigma and A, and S as a free real n, "
       "in the every-S identities; the full-coordinate identities are checked for S = 2..6 as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.log-ratio (cor:B-logratio): θ_i − θ_j = log(p_i/p_j).
// ---------------------------------------------------------------------------------------------------------

IdentityPiece log_ratio_piece(std::size_t S) {
  return exact_identity(s_label(S) + ", every i != j", S, 3, [S](const XVec& x, const RationalConstants&) {
    const XVec e = slice(x, 0, S);
    const XVec p = normalise(e);
    XVec r;
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t j = 0; j < S; ++j)
        if (i != j)
          r.push_back(p[i] / p[j] - e[i] / e[j]);
    return r;
  });
}

DCRV_CERTIFICATE(log_ratio) {
  Certificate c;
  c.claim = "B.log-ratio";
  c.domain = "every S >= 2 (the every-S identity; term by term S = 2, ..., 6); every theta in R^S (so in "
             "particular Theta) and every i != j; no exclusion";
  c.method = "exact substitution E = exp(theta): p_i/p_j = E_i/E_j = exp(theta_i - theta_j) as the rational "
             "identity (E_i/sum E)/(E_j/sum E) - E_i/E_j = 0 (times E_j sum E: degree <= 2 in each E_k, grid "
             "of degree 3), then log(exp(theta_i - theta_j)) = theta_i - theta_j";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    c.identities.push_back(log_ratio_piece(S));
  c.identities.push_back(b_every_s::log_ratio());
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.reductions.push_back(
      {"p_i/p_j = (E_i/sigma)/(E_j/sigma): the other coordinates enter only through sigma = "
       "sum E, a free variable of the every-S identity; the full-coordinate identity is "
       "checked for S = 2..6 as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.gauge-uniqueness (cor:B-logratio): θ = G(softmax θ) + θ̄1 for every θ ∈ ℝ^S.
// ---------------------------------------------------------------------------------------------------------

IdentityPiece gauge_piece(std::size_t S) {
  return exact_identity(s_label(S), S + 1, 1, [S](const XVec& x, const RationalConstants&) {
    const XVec theta = slice(x, 0, S);
    XVec log_p(theta); // log p_i = θ_i − Λ
    for (auto& l : log_p)
      l -= x[S];
    return difference(centred(log_p), centred(theta)); // G(softmax θ) − (θ − θ̄1)
  });
}

DCRV_CERTIFICATE(gauge_uniqueness) {
  Certificate c;
  c.claim = "B.gauge-uniqueness";
  c.domain = "every S >= 1 (the every-S identity; term by term S = 1, ..., 6); every theta in R^S (so every "
             "translate theta + c 1 the claim samples); no exclusion";
  c.method =
      "log p_i = theta_i - Lambda with Lambda = log sum exp(theta) as a free variable: "
      "G(softmax theta)_i + mean(theta) - theta_i is linear in (theta, Lambda) (degree 1), zero on the "
      "grid hence identically";
  for (DimLoop<std::size_t> S(c, "S", 1); S <= 6; ++S)
    c.identities.push_back(gauge_piece(S));
  c.identities.push_back(b_every_s::gauge());
  c.paper = {{"S", 1, kUnbounded}}; // the claim holds for every S >= 1
  c.reductions.push_back(
      {"coordinate i of G(softmax theta) + mean(theta) 1 is (theta_i - Lambda) - (A - S Lambda)/S + A/S "
       "with A = sum theta: the other coordinates enter only through A, and S as a free real n, in the "
       "every-S identity; the full-coordinate identity is checked for S = 1..6 as well",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.edge-case-s1 (rem:S1): S = 1.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(edge_case_s1) {
  Certificate c;
  c.claim = "B.edge-case-s1";
  c.domain = "S = 1; every theta in R, every w > 0";
  c.method =
      "variables (theta, E = exp(theta), w): C theta = theta - theta, the normalisation w/w, "
      "softmax(theta) = E/E and softmax(0) = 1/1 are rational; each residual (C theta, w/w - 1, E/E - 1, "
      "1/1 - 1) times its denominator has degree <= 1 in each variable; zero on the grid";
  c.identities.push_back(exact_identity("S = 1", 3, 1, [](const XVec& x, const RationalConstants&) {
    XVec r;
    r.push_back(x[0] - x[0]);             // C θ = θ − mean(θ)
    r.push_back(x[2] / x[2] - Exact(1));  // w/‖w‖₁
    r.push_back(x[1] / x[1] - Exact(1));  // softmax(θ) = E/E
    r.push_back(Exact(1) / Exact(1) - 1); // softmax(0) = e⁰/e⁰
    return r;
  }));
  c.identities.back().dims = {{"S", 1}};
  c.paper = {{"S", 1, 1}}; // the remark is about S = 1 only
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.jacobian-kernel-rank (lem:B-kernel-variance): J1 = 0 and C diag(1/p) J v = v on T.
// ---------------------------------------------------------------------------------------------------------

IdentityPiece kernel_rank_piece(std::size_t S) {
  return exact_identity(s_label(S), 2 * S - 1, 2, [S](const XVec& x, const RationalConstants&) {
    const XVec p = normalise(slice(x, 0, S));
    const XVec v = tangent_from(x, S, S);
    const auto j = jacobian_of(p);
    XVec r;
    XVec back(S);
    Exact mean(0);
    for (std::size_t i = 0; i < S; ++i) {
      Exact kernel(0), jv(0);
      for (std::size_t k = 0; k < S; ++k) {
        kernel += j[i][k];
        jv += j[i][k] * v[k];
      }
      r.push_back(kernel);
      back[i] = jv / p[i];
      mean += back[i];
    }
    mean /= Exact(static_cast<long>(S));
    for (std::size_t i = 0; i < S; ++i)
      r.push_back(back[i] - mean - v[i]);
    return r;
  });
}

DCRV_CERTIFICATE(jacobian_kernel_rank) {
  Certificate c;
  c.claim = "B.jacobian-kernel-rank";
  c.domain = "every S >= 2 (the every-S identity; term by term S = 2, ..., 5); every theta in R^S (E = "
             "exp(theta) over the positive orthant) and every v in T";
  c.method =
      "exact substitution E = exp(theta), v = (x, -sum x) in T: (J 1)_i and (C diag(1/p) J v - v)_i "
      "are rational; (J 1)_i times (sum E)^2 has degree <= 2 in each E_j, the second residual reduces to "
      "v_i - <p, v> - mean - v_i with denominator sum E (degree <= 1 in each variable); grid of degree 2";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 5; ++S)
    c.identities.push_back(kernel_rank_piece(S));
  c.identities.push_back(b_every_s::kernel_rank());
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.reductions.push_back(
      {"(J 1)_i = p_i (1 - sum p) and (C diag(1/p) J v)_i = (v_i - <p, v>) - (sum v - S <p, v>)/S: the "
       "other coordinates enter only through sum p = 1, mu = <p, v>, sum v = 0 on T and S as a free real n, "
       "in the every-S identity (the full-coordinate identity checked for S = 2..5 as well); the rank "
       "statement follows for every S from these two identities: a left inverse on T makes J|_T injective, "
       "with J 1 = 0 rank J = S - 1 and ker J = span{1}",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.jacobian-variance-form: vᵀJv = Σpv² − (Σpv)² = c ΣΣ p_ip_j(v_i − v_j)² = Var_p(v), c = ½.
// ---------------------------------------------------------------------------------------------------------

IdentityPiece variance_form_piece(std::size_t S) {
  return exact_identity(s_label(S), 2 * S - 1, 3, [S](const XVec& x, const RationalConstants& k) {
    const XVec p = normalise(slice(x, 0, S));
    const XVec v = tangent_from(x, S, S);
    const auto j = jacobian_of(p);
    Exact quadratic(0), mean(0), second(0), pairwise(0), variance(0);
    for (std::size_t i = 0; i < S; ++i) {
      for (std::size_t l = 0; l < S; ++l)
        quadratic += v[i] * j[i][l] * v[l];
      mean += p[i] * v[i];
      second += p[i] * v[i] * v[i];
    }
    for (std::size_t i = 0; i < S; ++i) {
      variance += p[i] * (v[i] - mean) * (v[i] - mean);
      for (std::size_t l = 0; l < S; ++l)
        pairwise += p[i] * p[l] * (v[i] - v[l]) * (v[i] - v[l]);
    }
    pairwise *= k("half");
    const Exact moments = second - mean * mean, sigma = sum_of(p);
    XVec r;
    r.push_back(quadratic - moments);
    r.push_back(moments - pairwise);
    r.push_back(pairwise - variance);
    // each form against its expansion in the moments (sigma, mean, second) of b_every_s::variance_form
    r.push_back(pairwise - k("half") * (2 * sigma * second - 2 * mean * mean));
    r.push_back(variance - (second - 2 * mean * mean + sigma * mean * mean));
    return r;
  });
}

DCRV_CERTIFICATE(jacobian_variance_form) {
  Certificate c;
  c.claim = "B.jacobian-variance-form";
  c.domain = "every S >= 2 (the every-S identity in the moments; term by term S = 2, 3, 4); every theta in "
             "R^S (E = exp(theta) over the positive orthant) and every v in T";
  c.method =
      "exact substitution E = exp(theta), v = (x, -sum x): the four expressions are polynomials in "
      "(p, v) with p = E/sum E; each difference times (sum E)^3 has degree <= 3 in each E_j and <= 2 in "
      "each x_i (grid of degree 3); zero on the grid hence identically (with the exact constant c = 1/2)";
  c.constants = {{"half", [] { return Interval(0.5); }, [] { return Rational(1, 2); }}};
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 4; ++S)
    c.identities.push_back(variance_form_piece(S));
  c.identities.push_back(b_every_s::variance_form());
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.reductions.push_back(
      {"each of the four forms is a polynomial in the moments sigma = sum p = 1, mu = sum p_i v_i and m2 = "
       "sum p_i v_i^2 (v^T J v = m2 - mu^2 by J = diag p - p p^T; the double sum and the variance expanded "
       "by distributivity, the sums over i and j separating), so the every-S identity in (mu, m2) covers "
       "every S; the full-coordinate forms are checked against these expansions for S = 2..4",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// B.percoord-dJ-block-formula (proof of lem:B-percoord): ∂_{θ₁}J = a N(a, b).
// ---------------------------------------------------------------------------------------------------------

template <std::size_t S> IdentityPiece block_formula_piece() {
  return exact_identity(s_label(S), S, 4, [](const XVec& x, const RationalConstants& k) {
    const auto pj = softmax_jets<S, 1>(x);
    XVec p;
    for (const auto& q : pj)
      p.push_back(q.v);
    const auto jac = jacobian_of(p);
    // the claim's DJ[e₁] = diag(ṗ) − ṗpᵀ − pṗᵀ with ṗ = J e₁ (jacobian_directional)
    XVec pd(S);
    for (std::size_t i = 0; i < S; ++i)
      pd[i] = jac[i][0];
    // the exact θ₁-derivative of J's entries (jets)
    const auto jj = jacobian_of(pj);
    // a N(a, b): a = p₁, b = (p₂..p_S), 1 − a = Σb
    const Exact a = p[0];
    Exact one_minus_a(0);
    for (std::size_t i = 1; i < S; ++i)
      one_minus_a += p[i];
    XVec r;
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t l = 0; l < S; ++l) {
        const Exact n = b_every_s::dJ_block_entry(i, l, p, a, one_minus_a, k("two"));
        const Exact directional = b_every_s::dJ_directional_entry(i, l, p, pd);
        r.push_back(directional - a * n);
        r.push_back(jj[i][l].g[0] - a * n);
      }
    return r;
  });
}

DCRV_CERTIFICATE(percoord_dJ_block_formula) {
  Certificate c;
  c.claim = "B.percoord-dJ-block-formula";
  c.domain = "every S >= 2 (the every-S identity; term by term S = 2, ..., 5); every theta in R^S (E = "
             "exp(theta) over the positive orthant)";
  c.method =
      "exact substitution E = exp(theta): both the claim's d_1 J = diag(pdot) - pdot p^T - p pdot^T "
      "(pdot = J e_1) and the exact theta_1-derivative of J (jets over the rationals) are compared with "
      "a N(a, b) entrywise; each difference times (sum E)^3 is a polynomial of degree <= 3 in each E_j "
      "(grid of degree 4); zero on the grid hence identically (with the exact constant 2)";
  c.constants = {{"two", [] { return Interval(2); }, [] { return Rational(2); }}};
  c.identities = {with_s(block_formula_piece<2>(), 2), with_s(block_formula_piece<3>(), 3),
                  with_s(block_formula_piece<4>(), 4), with_s(block_formula_piece<5>(), 5),
                  b_every_s::block_formula()};
  c.paper = {{"S", 2, kUnbounded}};
  c.reductions.push_back(
      {"entry (i, l) of d_theta_1 J = d_theta_1 [p_i (delta_il - p_l)] and of a N(a, b) depends only on "
       "whether i, l are 1 or equal, on p_1, p_i, p_l and on 1 - a = sum_{j >= 2} p_j: with E = exp(theta), "
       "the other coordinates enter only through R = sum E - E_1 - E_i - E_l, constant in theta_1, a free "
       "variable of the every-S identity (every pattern of (i, l) among 1, a, b; a rational identity, so it "
       "holds with an unused slot's E and R = 0 as well, S = 2); the full-coordinate identity is checked "
       "for S = 2..5 as well",
       {"S"}});
  return c;
}

// =========================================================================================================
// Interval bounds (branch and bound over the stick-breaking box of the closed simplex; for S = 2 it is exact:
// p = (u, 1 − u)). Every claim below is "for all θ ∈ ℝ^S"; through p = softmax(θ) it is a statement on the
// open simplex, and the scores extend continuously to the closed simplex, which is compact. J (without
// cancellation) and its closed-form eigenvalues on T are interval_simplex.hpp's, shared with
// B_softmax_certificates.cpp.
// =========================================================================================================

// ---------------------------------------------------------------------------------------------------------
// B.jacobian-opnorm (cor:B-loewner): ‖J_θ‖_op ≤ ½.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(jacobian_opnorm) {
  Certificate c;
  c.claim = "B.jacobian-opnorm";
  c.domain = "S = 2, 3; every theta in R^S (p over the closed simplex); no exclusion";
  c.method =
      "J is symmetric positive semi-definite with J 1 = 0, so R^S = T + span{1} splits it and ||J||_op = "
      "max(lambda_max(J|_T), 0) = lambda_max(J|_T) (the claim's second part); lambda_max(J|_T) in closed "
      "form in an orthogonal integer basis of T on the stick-breaking box; the bound is attained at p = "
      "(1/2, 1/2[, 0]) and closed there by the second-order test; the closed form is checked exactly as "
      "for B.loewner-upper (S = 2: J w = (m/2) w; S = 3: the characteristic polynomial of J|_T in the basis "
      "w1, w2 with the root free, r^2 substituted)";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  c.pieces = {jacobian_lambda_max_piece<2>(), jacobian_lambda_max_piece<3>()}; // as B.loewner-upper
  // the closed forms of lambda_max(J|_T), exact (issue 20 point 5), as B.loewner-upper
  c.identities = tangent_eigen_exact::jacobian_eigen_identities();
  c.paper = {{"S", 2, kUnbounded}};
  c.reductions = {{"J symmetric PSD with J 1 = 0 (checked): R^S = T + span{1} splits it, so ||J||_op = "
                   "lambda_max(J|_T)"}};
  c.scope.gap = tangent_eigen_exact::kLambdaMaxGap;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// S = 2: T = span{w}, w = (1, −1), wᵀJw = 4p₁p₂, ‖w‖² = 2; every quadratic-form claim on T is homogeneous of
// degree 2 in v, so it reads at v = w.
// ---------------------------------------------------------------------------------------------------------

template <class X> X form_on_w(const std::array<X, 2>& p) {
  return integer_form<X, 2>(jacobian(p), {1, -1}, {1, -1});
}

// ---------------------------------------------------------------------------------------------------------
// B.loewner-lower and B.jacobian-pd-on-T for S = 2, 3, 4, in a chart of the minimum coordinate.
//
// Both claims are invariant under a common permutation of p and v (T is), so p_min = p_S may be assumed:
// p = t1 + s with t = x₀/S = p_min, s = (1 − x₀)q ≥ 0, q in the face {q_S = 0} of the simplex (stick-breaking
// for S ≥ 3), x₀ ∈ [0, 1]: onto {p ∈ Δ : p_S = min p}. Both claims are homogeneous of degree 2 in v ∈ T, so v
// = Σ_k b_k w_k in the orthogonal integer (Helmert) basis w_k = (1, …, 1, −k, 0, …) of T with b on the faces
// b_j = 1 of the cube [−1, 1]^{S−1} (every b ≠ 0 is ± a positive multiple of such a point). With μ = ⟨p, v⟩:
//   c t‖v‖² − vᵀJv = −[Σ_i s_i(v_i − μ)² + tSμ²] + (c − 1)t‖v‖²        (Var_p(v) with p_i = t + s_i, Σv = 0),
//   S t²‖v‖² − vᵀJv = −Σ_{i<j}(t(s_i + s_j) + s_is_j)(v_i − v_j)²      (vᵀJv = ½ΣΣp_ip_j(v_i − v_j)²),
// polynomial identities proved exactly (variables x₀, the face chart, b, c); the right sides are ≤ 0 term by
// term (c = 1), which the branch and bound reads from their enclosures.
// ---------------------------------------------------------------------------------------------------------

/// Helmert w_k(i): 1 for i < k, −k for i = k, 0 for i > k (0-based i, k = 1..S−1).
int helmert_entry(std::size_t k, std::size_t i) {
  return i < k ? 1 : (i == k ? -static_cast<int>(k) : 0);
}

/// The chart of the header over raw x = (x₀, face stick-breaking (S − 2), b without b_face (S − 2)).
template <std::size_t S, class X, std::size_t N> struct MinChart {
  std::array<X, S> p, s, v;
  X t;
  MinChart(const std::array<X, N>& x, std::size_t face) {
    t = x[0] / X(static_cast<int>(S));
    const X free = X(1) - x[0];
    std::array<X, S> q;
    q.fill(X(0));
    if constexpr (S == 2)
      q[0] = X(1);
    else {
      const auto qq = stick_breaking<S - 1>(x, 1);
      for (std::size_t i = 0; i + 1 < S; ++i)
        q[i] = qq[i];
    }
    for (std::size_t i = 0; i < S; ++i) {
      s[i] = free * q[i];
      p[i] = t + s[i];
    }
    std::array<X, S - 1> b;
    std::size_t r = S - 1;
    for (std::size_t k = 0; k + 1 < S; ++k)
      b[k] = k == face ? X(1) : x[r++];
    for (std::size_t i = 0; i < S; ++i) {
      v[i] = X(0);
      for (std::size_t k = 1; k < S; ++k)
        if (const int w = helmert_entry(k, i); w != 0)
          v[i] += X(w) * b[k - 1];
    }
  }
};

/// −[Σ s_i(v_i − μ)² + tSμ²] + (c − 1)t‖v‖² (B.loewner-lower) or −Σ_{i<j}(t(s_i+s_j) + s_is_j)(v_i − v_j)²
/// (B.jacobian-pd-on-T), generic in the scalar.
template <class X, std::size_t S>
X min_chart_score(const std::array<X, S>& s, const X& t, const std::array<X, S>& p, const std::array<X, S>& v,
                  bool pd, const X& c_minus_1) {
  X out(0);
  if (pd) {
    for (std::size_t i = 0; i < S; ++i)
      for (std::size_t j = i + 1; j < S; ++j)
        out -= (t * (s[i] + s[j]) + s[i] * s[j]) * square(v[i] - v[j]);
    return out;
  }
  X mu(0), norm2(0);
  for (std::size_t i = 0; i < S; ++i) {
    mu += p[i] * v[i];
    norm2 += square(v[i]);
  }
  for (std::size_t i = 0; i < S; ++i)
    out -= s[i] * square(v[i] - mu);
  out -= t * X(static_cast<int>(S)) * square(mu);
  return out + c_minus_1 * t * norm2;
}

template <std::size_t S> Piece min_chart_piece(std::size_t face, bool pd) {
  constexpr std::size_t N = 2 * S - 3;
  Box root = unit_box(S - 1); // x₀ and the face chart
  for (std::size_t k = 0; k + 2 < S; ++k)
    root.push_back(Interval(-1.0, 1.0)); // b without b_face
  return make_piece<N>(s_label(S) + ", b_" + std::to_string(face + 1) + " = 1", {root},
                       [face, pd](const auto& x, const Constants& k) {
                         using X = std::decay_t<decltype(x[0])>;
                         const MinChart<S, X, N> m(x, face);
                         return min_chart_score<X, S>(m.s, m.t, m.p, m.v, pd, pd ? X(0) : X(k("c") - X(1)));
                       });
}

/// The identities of the header: variables (x₀, y₁..y_{S−2} with q = (y, 1 − Σy, 0), b₁..b_{S−1}, c).
IdentityPiece min_chart_identity(std::size_t S, bool pd) {
  return exact_identity(s_label(S), 2 * S - 1, 3, [S, pd](const XVec& x, const RationalConstants&) {
    const Exact x0 = x[0], t = x0 / Exact(static_cast<long>(S)), c = x[2 * S - 2];
    XVec q = plane_chart(x, S - 1, 1); // q = (y, 1 − Σy, 0)
    q.push_back(Exact(0));
    XVec s(S), p(S), v(S, Exact(0));
    for (std::size_t i = 0; i < S; ++i) {
      s[i] = (Exact(1) - x0) * q[i];
      p[i] = t + s[i];
    }
    for (std::size_t k = 1; k < S; ++k)
      for (std::size_t i = 0; i < S; ++i)
        v[i] += Exact(helmert_entry(k, i)) * x[S - 2 + k];
    const auto j = jacobian_of(p);
    Exact quad(0), norm2(0);
    for (std::size_t i = 0; i < S; ++i) {
      norm2 += v[i] * v[i];
      for (std::size_t l = 0; l < S; ++l)
        quad += v[i] * j[i][l] * v[l];
    }
    Exact structural(0), claim;
    if (pd) {
      claim = Exact(static_cast<long>(S)) * t * t * norm2 - quad;
      for (std::size_t i = 0; i < S; ++i)
        for (std::size_t l = i + 1; l < S; ++l)
          structural -= (t * (s[i] + s[l]) + s[i] * s[l]) * (v[i] - v[l]) * (v[i] - v[l]);
    } else {
      claim = c * t * norm2 - quad;
      Exact mu(0);
      for (std::size_t i = 0; i < S; ++i)
        mu += p[i] * v[i];
      for (std::size_t i = 0; i < S; ++i)
        structural -= s[i] * (v[i] - mu) * (v[i] - mu);
      structural -= t * Exact(static_cast<long>(S)) * mu * mu;
      structural += (c - 1) * t * norm2;
    }
    XVec r;
    r.push_back(claim - structural);
    r.push_back(sum_of(v)); // v ∈ T
    return r;
  });
}

/// The pieces of one S (scope data: S) and the identity that rearranges the claim into their score (the
/// chain from v^T J v against the bound to the structural form: a rearrangement, checked exactly).
template <std::size_t S> void add_min_chart(Certificate& c, bool pd) {
  for (std::size_t face = 0; face + 1 < S; ++face)
    c.pieces.push_back(with_dim(min_chart_piece<S>(face, pd), "S", S));
  c.identities.push_back(min_chart_identity(S, pd));
  c.identities.back().rearrangement = true;
  c.paper = {{"S", 2, kUnbounded}};
}

// B.loewner-lower (cor:B-loewner, left): vᵀJv ≥ c p_min ‖v‖² on T.
DCRV_CERTIFICATE(loewner_lower) {
  Certificate c;
  c.claim = "B.loewner-lower";
  c.domain = "every S >= 2 (the every-S identity and piece; term by term S = 2, 3, 4); every theta in R^S (p "
             "over the "
             "closed simplex) and every v in T; no exclusion";
  c.method =
      "by permutation symmetry p_min = p_S: p = t 1 + (1 - x0) q (t = x0/S = p_min, q in the face q_S = "
      "0), v in a Helmert basis of T on the faces b_j = 1 (homogeneity); c t |v|^2 - v^T J v = -[sum s_i "
      "(v_i - mu)^2 + t S mu^2] + (c - 1) t |v|^2 (mu = <p, v>, s = p - t 1): exact polynomial identity "
      "(degree <= 3 per variable); the right side <= 0 by interval branch and bound (term by term at c = "
      "1; c 1 % larger fails at the uniform p)";
  c.constants = {{"c", [] { return Interval(1); }}};
  add_min_chart<2>(c, false);
  add_min_chart<3>(c, false);
  add_min_chart<4>(c, false);
  c.identities.push_back(b_every_s::min_chart_lower());
  c.pieces.push_back(make_piece<3>("every S: (c - 1) t - A - W, (t, A, W) in [0, 1]^3", {unit_box(3)},
                                   [](const auto& x, const Constants& k) {
                                     using X = std::decay_t<decltype(x[0])>;
                                     return (X(k("c")) - X(1)) * x[0] - x[1] - x[2];
                                   }));
  c.pieces.back().dims.push_back({"S", 2, kUnbounded});
  c.reductions.push_back(
      {"for every S, c t |v|^2 - v^T J v = (c - 1) t |v|^2 - t S mu^2 - W with t = p_min, s_i = p_i - t >= "
       "0, "
       "W = sum s_i (v_i - mu)^2 (every-S identity in the aggregates |v|^2, sum s_i v_i^2, mu = <p, v>, S as "
       "a "
       "free real); by homogeneity |v| = 1, and A = t S mu^2 >= 0, W >= 0 (termwise) enter with a minus "
       "sign, "
       "so the supremum over them is at A = W = 0, inside the every-S piece over (t, A, W) in [0, 1]^3 (t <= "
       "1/S); the per-S pieces and identities check the full-coordinate form for S = 2, 3, 4",
       {"S"}});
  return c;
}

// B.jacobian-pd-on-T (lem:B-kernel-variance): vᵀJv ≥ 0 and vᵀJv ≥ S p_min² ‖v‖² on T.
DCRV_CERTIFICATE(jacobian_pd_on_T) {
  Certificate c;
  c.claim = "B.jacobian-pd-on-T";
  c.domain = "every S >= 2 (the every-S identity; term by term S = 2, 3, 4); every theta in R^S (p over the "
             "closed simplex) and every v in T; no exclusion";
  c.method =
      "by permutation symmetry p_min = p_S: p = t 1 + s (t = p_min, s = (1 - x0) q >= 0), v in a Helmert "
      "basis of T on the faces b_j = 1 (homogeneity); S t^2 |v|^2 - v^T J v = -sum_{i<j} (t(s_i + s_j) + "
      "s_i s_j)(v_i - v_j)^2: exact polynomial identity (degree <= 3 per variable); the right side <= 0 "
      "term by term (interval branch and bound); S p_min^2 |v|^2 >= 0 gives the first part, and > 0 for "
      "v != 0 in the open simplex the strict part";
  add_min_chart<2>(c, true);
  add_min_chart<3>(c, true);
  add_min_chart<4>(c, true);
  c.identities.push_back(b_every_s::min_chart_pd());
  c.reductions.push_back(
      {"for every S, S t^2 |v|^2 - v^T J v = -sum_{i<j} (t (s_i + s_j) + s_i s_j)(v_i - v_j)^2 with t = "
       "p_min "
       "and s_i = p_i - t >= 0 (every-S identity in the aggregates |v|^2, sum s_i v_i^2, mu = <p, v>, S as a "
       "free real, the pair sum expanded), and the pair sum is >= 0 term by term (t, s_i >= 0, squares), as "
       "the per-S pieces prove it for S = 2, 3, 4; S p_min^2 |v|^2 >= 0, > 0 for v != 0 in the open simplex",
       {"S"}});
  return c;
}

// B.boundary-kappa-bound ("Boundary behavior"): κ(J|_T) = λ_max/λ_min ≤ c/p_min.
// S = 3 in the minimum-coordinate chart (p₃ = t = p_min, p = t1 + s): with λ₁ ≤ λ₂ the eigenvalues of J|_T,
// m_ij = w_iᵀJw_j (w₁ = (1, −1, 0), w₂ = (1, 1, −2)), mean = 6m₁₁ + 2m₂₂ = 12(λ₁ + λ₂) = 12(1 − Σp²) and
// Δ = m₁₁m₂₂ − m₁₂² = 12λ₁λ₂ = 36p₁p₂p₃ (the pseudo-determinant of J is S Πp):
//   4tc·mean² − 48(t + c)²Δ = 576(tλ₂ − cλ₁)(cλ₂ − tλ₁) = 576·t·G,   G = c(1 − Σp²)² − 3(t + c)²p₁p₂,
// where cλ₂ − tλ₁ > 0 (c ≥ ⅓ ≥ t); so κ ≤ c/t ⇔ tλ₂ ≤ cλ₁ ⇔ G ≤ 0 for t > 0. The identity is proved exactly
// (m_ij from J; variables x₀, the face coordinate, c), G ≤ 0 by branch and bound with 1 − Σp² =
// 2Σ_{i<j}p_ip_j.

/// The S = 3 identity of the comment above: variables (x₀, y, c), p = x₀/3 + (1 − x₀)(y, 1 − y, 0).
IdentityPiece kappa_identity_piece() {
  return exact_identity("S = 3, p_3 = p_min", 3, 6, [](const XVec& x, const RationalConstants&) {
    const Exact t = x[0] / 3, c = x[2];
    const XVec p{t + (1 - x[0]) * x[1], t + (1 - x[0]) * (1 - x[1]), t};
    const auto j = jacobian_of(p);
    auto form = [&j](const std::array<int, 3>& u, const std::array<int, 3>& v) {
      Exact r(0);
      for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t l = 0; l < 3; ++l)
          r += Exact(u[i] * v[l]) * j[i][l];
      return r;
    };
    const std::array<int, 3> w1{1, -1, 0}, w2{1, 1, -2};
    const Exact m11 = form(w1, w1), m22 = form(w2, w2), m12 = form(w1, w2);
    const Exact mean = 6 * m11 + 2 * m22, delta = m11 * m22 - m12 * m12;
    const Exact spread = 2 * (p[0] * p[1] + p[0] * p[2] + p[1] * p[2]); // 1 − Σp²
    const Exact g = c * spread * spread - 3 * (t + c) * (t + c) * p[0] * p[1];
    XVec r;
    r.push_back(4 * t * c * mean * mean - 48 * (t + c) * (t + c) * delta - 576 * t * g);
    r.push_back(mean - 12 * spread);
    r.push_back(delta - 36 * p[0] * p[1] * p[2]);
    return r;
  });
}

DCRV_CERTIFICATE(boundary_kappa_bound) {
  Certificate c;
  c.claim = "B.boundary-kappa-bound";
  c.domain = "S = 2, 3; every theta in R^S (p over the open simplex, scores extended to the closed one); no "
             "exclusion";
  c.method =
      "S = 2: J|_T has the single eigenvalue lambda = w^T J w/||w||^2 = 2 p1 p2 (w = (1, -1)), so kappa = "
      "1; times lambda_min p_min > 0 the claim reads lambda_max p_min - c lambda_min <= 0, i.e. lambda "
      "(min(p1, p2) - c) <= 0 over p = (u, 1 - u), u in [0, 1]; equality at u = 1/2. S = 3 (c >= 1/3): by "
      "permutation symmetry p_3 = t = p_min, p = t 1 + (1 - 3t)(u, 1 - u, 0); 4tc mean^2 - 48 (t + c)^2 "
      "Delta = 576 (t lambda_max - c lambda_min)(c lambda_max - t lambda_min) = 576 t G with G = c (1 - "
      "|p|^2)^2 - 3 (t + c)^2 p1 p2 (exact polynomial identity, mean and Delta from J in an integer basis "
      "of T), so kappa <= c/t iff "
      "G <= 0; G <= 0 by branch and bound on (x0, u) in [0, 1]^2";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  c.pieces = {simplex_piece<2>("S = 2", [](const auto& p, const Constants& k) { // p = (u, 1 − u)
    using X = std::decay_t<decltype(p[0])>;
    const X lambda = form_on_w(p) / X(2);
    return lambda * (min(p[0], p[1]) - k("c"));
  })};
  c.pieces.push_back(
      make_piece<2>("S = 3, p_3 = p_min", {unit_box(2)}, [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        const X t = x[0] / X(3), free = X(1) - x[0];
        const std::array<X, 3> p{t + free * x[1], t + free * (X(1) - x[1]), t};
        const X spread = X(2) * (p[0] * p[1] + p[0] * p[2] + p[1] * p[2]);
        return k("c") * square(spread) - X(3) * square(t + k("c")) * p[0] * p[1];
      }));
  c.pieces.back() = with_dim(c.pieces.back(), "S", 3);
  c.identities = {kappa_identity_piece()};
  c.identities.back().rearrangement = true; // kappa <= c/t iff G <= 0: the chain to the S = 3 score
  c.scope.gap =
      "a ratio of the extreme eigenvalues of the S x S matrix J|_T, in closed form (the p_min chart) "
      "for S = 2, 3 only: S >= 4 needs a symbolic-S argument";
  c.paper = {{"S", 2, kUnbounded}};
  return c;
}

} // namespace
} // namespace dcrv::certify
