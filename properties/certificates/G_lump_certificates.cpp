// Exact certificates of App. G's lump identities (properties/G_lump_calculus.cpp,
// properties/G_lump_dynamics.cpp), by exact rational evaluation on product grids
// (certify/exact_identity.hpp).
//
// Reading of the claims' quantities in exact arithmetic (stated per certificate in its `method`):
// - p on the simplex in the chart p_i = x_i (i < S), p_S = 1 − Σx (the default grid keeps Σx < 1, so p lies
// in
//   the open simplex); identities that do not use Σp = 1 take the masses as independent variables instead.
// - Transcendental parts are independent variables: L_π for log p_π (E°_π = p_π L_π − p_π h̄, h̄ = Σ p L, as
//   dcrv::entropy_drift_closed with 0 log 0 = 0: L_π only ever appears multiplied by p_π), Λ_k for log q_k,
//   γ_π for g_β(log p_π) (the DPO field φ_π = s_π γ_π − Σ_j p_j s_j γ_j, dcrv's ScoreField), H for h_G(ρ)
//   (the GRPO field φ_c = σH, φ_i = −ρH, σ = Σ_ℐ p, grpo::centered_score), φ_π for an arbitrary score field.
//   An identity that holds with these free holds in particular at their actual values (and for every family,
//   G, β, ℓ₀ at once).
// - Rational residuals: the residual times a denominator D (ρ, q_k; positive on the grid) is a polynomial of
//   the stated degree; or the residual itself equals such a polynomial wherever D ≠ 0 (a quotient like
//   q_k · (m_k/q_k) = m_k cancels exactly), and is proved zero there.
// - Relabelling: every formula is equivariant under a simultaneous permutation of the traces (of p, the
//   labels and the partition), so a lump C_k of a partition can be taken to be the first traces of its
//   classes, and a labelling to have its K_C correct traces first; where a certificate uses this it says so.
// - Trajectory claims ("along solutions of (SRCT)"): A is constant and linear, so d/dt(Ap) = A ṗ = A F(p) at
//   every point of a solution; the pointwise identity A F(p) = (lump formula)(p) proved here is then the
//   identity along every solution (and d/dt log q_k = q̇_k/q_k where q_k > 0).
#include <functional>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "dcrv/lumps.hpp"
#include "properties/certificates/drift_lump_aggregates.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

// The identities are typed (exact_identity): their scalars are Exact, which cannot branch on a variable.
using Q = Exact;
using Qs = std::vector<Exact>;
using softmax_exact::dot;
using softmax_exact::plane_chart; // the chart p = (x, 1 − Σx) of the plane Σp = 1

Qs slice(const Qs& x, std::size_t offset, std::size_t n) {
  return Qs(x.begin() + static_cast<long>(offset), x.begin() + static_cast<long>(offset + n));
}

/// Every set partition of {0, …, S−1}, as the lump label of each trace (restricted growth strings).
std::vector<std::vector<int>> set_partitions(int S) {
  std::vector<std::vector<int>> out;
  std::vector<int> a(static_cast<std::size_t>(S), 0);
  std::function<void(int, int)> rec = [&](int i, int used) {
    if (i == S) {
      out.push_back(a);
      return;
    }
    for (int v = 0; v <= used && v < S; ++v) {
      a[static_cast<std::size_t>(i)] = v;
      rec(i + 1, std::max(used, v + 1));
    }
  };
  rec(0, 0);
  return out;
}

/// Labels with the first K_C traces correct (+1), the others incorrect (−1).
Labels leading_labels(int S, int KC) {
  Labels s(static_cast<std::size_t>(S), -1);
  for (int i = 0; i < KC; ++i)
    s[static_cast<std::size_t>(i)] = 1;
  return s;
}

/// The lump of a + b traces: the first a correct and the first b incorrect ones (labels leading_labels).
std::vector<bool> leading_lump(int S, int KC, int a, int b) {
  std::vector<bool> in(static_cast<std::size_t>(S), false);
  for (int i = 0; i < a; ++i)
    in[static_cast<std::size_t>(i)] = true;
  for (int i = 0; i < b; ++i)
    in[static_cast<std::size_t>(KC + i)] = true;
  return in;
}

std::string lump_text(int S, int KC, int a, int b) {
  return "S = " + std::to_string(S) + ", K_C = " + std::to_string(KC) + ", lump with " + std::to_string(a) +
         " correct and " + std::to_string(b) + " incorrect traces";
}

// ============================================================================================================
// eq. (A-norms): ‖A‖_{1→1} = 1, ‖A‖_{2→2} = √m⋆, ‖A‖_{∞→∞} = m⋆, for every partition
// ============================================================================================================

enum class ANorm { one, two, inf };

/// The largest l1 norm of a column (`columns`) or of a row of the K × S matrix A, exact.
Rational largest_abs_sum(const std::vector<std::vector<Rational>>& A, bool columns) {
  const std::size_t K = A.size(), S = A.front().size();
  Rational best(0);
  for (std::size_t i = 0; i < (columns ? S : K); ++i) {
    Rational sum(0);
    for (std::size_t j = 0; j < (columns ? K : S); ++j)
      sum += abs(columns ? A[j][i] : A[i][j]);
    best = std::max(best, sum);
  }
  return best;
}

/// The residual of one norm of A = [1{π ∈ C_k}] (K_L × S) for one partition: ‖A‖_{1→1} − c (largest column
/// sum), λ_max(AAᵀ) − c|c| m⋆ (‖A‖_{2→2}² = λ_max(AAᵀ); AAᵀ is computed and must be diagonal, its eigenvalues
/// are then its diagonal entries; c|c| keeps the sign of c, so c < 0 is refused), ‖A‖_{∞→∞} − c m⋆ (largest
/// row sum).
Rational a_norm_residual(const std::vector<int>& lump_of, ANorm which, const Rational& c) {
  const Lumps L(lump_of);
  const int K = L.count(), S = L.traces();
  std::vector<std::vector<Rational>> A(static_cast<std::size_t>(K),
                                       std::vector<Rational>(static_cast<std::size_t>(S), Rational(0)));
  for (int pi = 0; pi < S; ++pi)
    A[static_cast<std::size_t>(L.lump_of(pi))][static_cast<std::size_t>(pi)] = 1;
  const Rational mstar(L.max_size());
  Rational best(0);
  switch (which) {
  case ANorm::one:
    return largest_abs_sum(A, true) - c;
  case ANorm::inf:
    return largest_abs_sum(A, false) - c * mstar;
  case ANorm::two:
  default:
    for (int k = 0; k < K; ++k)
      for (int l = 0; l < K; ++l) {
        const Rational g = dot(A[static_cast<std::size_t>(k)], A[static_cast<std::size_t>(l)]);
        if (k != l && g != 0)
          throw std::domain_error("A A^T is not diagonal");
        if (k == l)
          best = std::max(best, g);
      }
    return best - c * abs(c) * mstar;
  }
}

/// One piece per S: the residual at every set partition of {1..S}, one component each; no variable (one
/// dummy variable, degree 0: a single exact evaluation of constants, which may branch).
IdentityPiece a_norm_piece(int S, ANorm which) {
  return exact_identity("S = " + std::to_string(S) + ", every set partition", 1, 0,
                        [parts = set_partitions(S), which](const Qs&, const RationalConstants& k) {
                          Qs r;
                          for (const auto& lump_of : parts)
                            r.push_back(a_norm_residual(lump_of, which, k("c")));
                          return r;
                        });
}

Certificate a_norm_certificate(const char* id, ANorm which, const char* method) {
  Certificate c;
  c.claim = id;
  c.domain = "S = 2, ..., 8: every set partition of {1, ..., S} (4140 for S = 8; the claim samples every "
             "lump-size pattern for S <= 8 and random partitions for larger S); larger S not covered";
  c.method = method;
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  for (DimLoop<int> S(c, "S", 2); S <= 8; ++S)
    c.identities.push_back(a_norm_piece(S, which));
  c.paper = {{"S", 2, kUnbounded}}; // every partition of every S >= 2
  c.scope.gap = "a norm statement about the K x S matrix A over every set partition (a matrix statement, not "
                "coordinatewise plus aggregates): needs a symbolic-S argument";
  return c;
}

DCRV_CERTIFICATE(g_a_norm_1) {
  return a_norm_certificate(
      "G.a-norm-1", ANorm::one,
      "exact evaluation: A_{k pi} = 1{pi in C_k} in rationals, ||A||_{1->1} = the largest "
      "column l1 norm (as dcrv::operator_norms), equal to c at every partition");
}
DCRV_CERTIFICATE(g_a_norm_2) {
  return a_norm_certificate(
      "G.a-norm-2", ANorm::two,
      "exact evaluation: ||A||_{2->2}^2 = lambda_max(A A^T); A A^T is computed in rationals and is diagonal "
      "(rows of A have disjoint supports), so lambda_max is its largest diagonal entry max_k |C_k| = m*; the "
      "residual lambda_max - c|c| m* = 0 is ||A||_{2->2} = c sqrt(m*) (both sides >= 0)");
}
DCRV_CERTIFICATE(g_a_norm_inf) {
  return a_norm_certificate(
      "G.a-norm-inf", ANorm::inf,
      "exact evaluation: A_{k pi} = 1{pi in C_k} in rationals, ||A||_{inf->inf} = the "
      "largest row l1 norm (as dcrv::operator_norms), equal to c m* at every partition");
}

// ============================================================================================================
// After eq. (S-bds): Σ p φ = 0 ⇒ p ⊙ φ = S(p)φ
// ============================================================================================================

/// Component i of p ⊙ φ − S(p)φ, S(p)φ = p ⊙ φ − p (pᵀφ) (covariance_matrix(p) φ), φ = v − ⟨p, v⟩1; variables
/// (x₁..x_{S−1}, v₁..v_S).
IdentityPiece centered_sphi_piece(std::size_t S, std::size_t i) {
  // degree 3: p_i p_j (v_j − Σ p_l v_l), at most one factor linear in each x per p
  return exact_identity("S = " + std::to_string(S) + ", component " + std::to_string(i + 1), 2 * S - 1, 3,
                        [S, i](const Qs& x, const RationalConstants&) -> Q {
                          const Qs p = plane_chart(x, S), v = slice(x, S - 1, S);
                          const Q mean = dot(p, v);
                          Qs phi(S);
                          for (std::size_t j = 0; j < S; ++j)
                            phi[j] = v[j] - mean;
                          const Q pphi = dot(p, phi);
                          const Q sphi = p[i] * phi[i] - p[i] * pphi; // (diag(p) − ppᵀ)φ, component i
                          return p[i] * phi[i] - sphi;
                        });
}

DCRV_CERTIFICATE(g_centered_sphi) {
  Certificate c;
  c.claim = "G.centered-sphi";
  c.domain = "every S >= 2 (term by term S = 2, 3, 4); every p in the simplex (the polynomial identity "
             "extends to the closed simplex), "
             "every v in R^S, hence every centred phi (phi = v - <p,v>1 with v = phi), the four families "
             "included; every S by the aggregate identity";
  c.method = "component i of p.phi - (diag p - pp^T)phi with phi = v - <p,v>1, p_S = 1 - sum x: a polynomial "
             "of degree <= 3 in each of the 2S - 1 variables (x, v), zero on a 4^(2S-1) grid";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 4; ++S)
    for (std::size_t i = 0; i < S; ++i)
      c.identities.push_back(centered_sphi_piece(S, i));
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"component i of p.phi - S(p)phi involves the other traces only through <p, v> and sum p: the summand "
       "p_j phi_j = p_j v_j - <p, v> p_j is affine in (p_j v_j, p_j), so sum_j p_j phi_j = <p, v> - <p, v> "
       "sum p = 0 at sum p = 1 (checked with <p, v> free, so for every S; term by term for S = 2, 3, 4)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ============================================================================================================
// The score fields in rationals
// ============================================================================================================

/// φ^STaR_π of one trace by dcrv::star_score_formula: φ_c = p_c/ρ − S⁽²⁾/ρ, φ_i = −S⁽²⁾/ρ (the other traces
/// enter only through the aggregates ρ = Σ_𝒞 p and S⁽²⁾ = Σ_𝒞 p²).
Q star_phi_at(const Q& p, bool correct, const Q& rho, const Q& s2) {
  return correct ? Q(p / rho - s2 / rho) : Q(-(s2 / rho));
}
Qs star_phi(const Qs& p, const Labels& s) {
  Q rho(0), s2(0);
  for (std::size_t i = 0; i < p.size(); ++i)
    if (s[i] > 0)
      rho += p[i], s2 += p[i] * p[i];
  Qs phi(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    phi[i] = star_phi_at(p[i], s[i] > 0, rho, s2);
  return phi;
}
/// φ^GRPO_π by grpo::centered_score with h_G(ρ) = H: φ_c = σH, φ_i = −ρH, ρ = Σ_𝒞 p, σ = Σ_ℐ p.
Q grpo_phi_at(bool correct, const Q& rho, const Q& sigma, const Q& H) {
  return correct ? Q(sigma * H) : Q(-(rho * H));
}
Qs grpo_phi(const Qs& p, const Labels& s, const Q& H) {
  Q rho(0), sigma(0);
  for (std::size_t i = 0; i < p.size(); ++i)
    (s[i] > 0 ? rho : sigma) += p[i];
  Qs phi(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    phi[i] = grpo_phi_at(s[i] > 0, rho, sigma, H);
  return phi;
}
/// φ^DPO_π as dcrv's ScoreField with γ_π = g_β(log p_π): s_π γ_π − ḡ, ḡ = Σ_j p_j s_j γ_j.
Q dpo_phi_at(int s, const Q& gamma, const Q& gbar) {
  return Q(s) * gamma - gbar;
}
Qs dpo_phi(const Qs& p, const Labels& s, const Qs& gamma) {
  Q gbar(0);
  for (std::size_t i = 0; i < p.size(); ++i)
    gbar += p[i] * (Q(s[i]) * gamma[i]);
  Qs phi(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    phi[i] = dpo_phi_at(s[i], gamma[i], gbar);
  return phi;
}

// ============================================================================================================
// §STaR, §GRPO: the centred fields
// ============================================================================================================

DCRV_CERTIFICATE(g_star_centered) {
  Certificate c;
  c.claim = "G.star-centered";
  c.domain = "every S >= 2 (term by term S = 2, ..., 6); every labelling with K_C >= 1 (correct traces "
             "first, by relabelling); every p of "
             "the closed simplex with rho > 0; every S by the aggregate identity";
  c.method = "sum_pi p_pi phi_pi with the literal phi_c = (p_c - S2)/rho, phi_i = -S2/rho, p_S = 1 - sum x: "
             "times rho (> 0 on the grid) a polynomial of degree <= 3 in each x, zero on a 4^(S-1) grid, so "
             "the sum is 0 wherever rho != 0";
  for (DimLoop<int> S(c, "S", 2); S <= 6; ++S)
    for (int KC = 1; KC <= S; ++KC) {
      c.identities.push_back(exact_identity(
          "S = " + std::to_string(S) + ", K_C = " + std::to_string(KC), static_cast<std::size_t>(S - 1), 3,
          [S = static_cast<int>(S), s = leading_labels(S, KC)](const Qs& x, const RationalConstants&) -> Q {
            const Qs p = plane_chart(x, static_cast<std::size_t>(S));
            return dot(p, star_phi(p, s));
          }));
    }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back({"phi^STaR_pi involves the other traces only through rho = sum_C p and S2 = sum_C "
                          "p^2 (star_score_formula), and p_pi phi_pi is c_1 p + c_2 p^2 per class: the sum "
                          "is the class sums in (rho, S2, sigma = 1 - rho, sum_I p^2), checked with these "
                          "free, so for every S (term by term S = 2, ..., 6)",
                          {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

DCRV_CERTIFICATE(g_grpo_centered) {
  Certificate c;
  c.claim = "G.grpo-centered";
  c.domain = "every S >= 2 (term by term S = 2, ..., 6); every labelling, 0 <= K_C <= S (correct traces "
             "first, by relabelling); every p of "
             "the closed simplex; every G (h_G(rho) a free variable); every S by the aggregate identity";
  c.method =
      "sum_pi p_pi phi_pi with phi_c = sigma H, phi_i = -rho H (grpo::centered_score, H = h_G(rho) free), "
      "p_S = 1 - sum x: a polynomial of degree <= 2 in each x and 1 in H, zero on a 3^S grid";
  for (DimLoop<int> S(c, "S", 2); S <= 6; ++S)
    for (int KC = 0; KC <= S; ++KC) {
      c.identities.push_back(exact_identity(
          "S = " + std::to_string(S) + ", K_C = " + std::to_string(KC), static_cast<std::size_t>(S), 2,
          [S = static_cast<int>(S), s = leading_labels(S, KC)](const Qs& x, const RationalConstants&) -> Q {
            const Qs p = plane_chart(x, static_cast<std::size_t>(S));
            return dot(p, grpo_phi(p, s, x[static_cast<std::size_t>(S - 1)]));
          }));
    }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"phi^GRPO_pi = sigma H or -rho H involves the other traces only through rho, sigma "
       "(grpo::centered_score), and p_pi phi_pi is linear in p_pi per class: the sum is c rho + d sigma, "
       "checked with rho, sigma, H free, so for every S (term by term S = 2, ..., 6)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ============================================================================================================
// §DPO: ḡ = γ̄ for sign-pure lumps
// ============================================================================================================

/// Every sign-pure labelling of a partition: one sign per lump.
std::vector<Labels> sign_pure_labellings(const Lumps& L) {
  std::vector<Labels> out;
  for (int mask = 0; mask < (1 << L.count()); ++mask) {
    Labels s(static_cast<std::size_t>(L.traces()));
    for (int pi = 0; pi < L.traces(); ++pi)
      s[static_cast<std::size_t>(pi)] = (mask >> L.lump_of(pi)) & 1 ? 1 : -1;
    out.push_back(s);
  }
  return out;
}

/// q_k G_k = Σ_{π∈C_k} p_π γ_π per lump.
Qs lump_qG(const Lumps& L, const Qs& p, const Qs& gamma) {
  Qs qG(static_cast<std::size_t>(L.count()), Q(0));
  for (int pi = 0; pi < L.traces(); ++pi)
    qG[static_cast<std::size_t>(L.lump_of(pi))] +=
        p[static_cast<std::size_t>(pi)] * gamma[static_cast<std::size_t>(pi)];
  return qG;
}
/// ḡ = Σ_k s_k q_k G_k (s_k = the label of the lump's first member).
Q lump_gbar(const Lumps& L, const Labels& s, const Qs& qG) {
  Q g(0);
  for (int k = 0; k < L.count(); ++k)
    g += Q(L.lump_label(s, k)) * qG[static_cast<std::size_t>(k)];
  return g;
}

DCRV_CERTIFICATE(g_dpo_gbar) {
  Certificate c;
  c.claim = "G.dpo-gbar";
  c.domain = "every S >= 2 (term by term S = 2, 3, 4); every set partition with every sign-pure labelling; "
             "every p of the closed simplex; "
             "every beta, ell_0 (g_beta(log p_pi) free); every S by the aggregate identity";
  c.method =
      "gamma_pi = g_beta(log p_pi) as free variables (gamma = 1 at p_pi = 0 included): sum_k s_k q_k G_k "
      "- sum_pi s_pi p_pi gamma_pi with q_k G_k = sum_{C_k} p gamma, p_S = 1 - sum x: degree <= 1 in each "
      "of the 2S - 1 variables, zero on a 2^(2S-1) grid";
  for (DimLoop<int> S(c, "S", 2); S <= 4; ++S)
    for (const auto& lump_of : set_partitions(S)) {
      const Lumps L(lump_of);
      for (const auto& s : sign_pure_labellings(L)) {
        const IdentityPiece piece = exact_identity(
            "S = " + std::to_string(S) + ", lumps " + std::to_string(L.count()) + ", partition/labels",
            static_cast<std::size_t>(2 * S - 1), 1,
            [S = static_cast<int>(S), L, s](const Qs& x, const RationalConstants&) -> Q {
              const std::size_t n = static_cast<std::size_t>(S);
              const Qs p = plane_chart(x, n), gamma = slice(x, n - 1, n);
              Q gamma_bar(0);
              for (std::size_t pi = 0; pi < n; ++pi)
                gamma_bar += Q(s[pi]) * p[pi] * gamma[pi];
              return lump_gbar(L, s, lump_qG(L, p, gamma)) - gamma_bar;
            });
        c.identities.push_back(piece);
      }
    }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"gbar = sum_pi s_pi p_pi gamma_pi is a sum over the lumps of the class sums of s p gamma; in a "
       "sign-pure lump of sign s_k the summand is s_k p gamma, so the class sum is s_k q_k G_k (checked with "
       "q_k G_k free for both signs, so for every S and every sign-pure partition; term by term S = 2, 3, 4)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ============================================================================================================
// eq. (Elump-bds): m_k = q_k log q_k + q_k Σ w log w
// ============================================================================================================

DCRV_CERTIFICATE(g_mk_decomp) {
  Certificate c;
  c.claim = "G.mk-decomp";
  c.domain =
      "every lump (term by term |C_k| = 1, ..., 6) with q_k > 0 of every partition, every S (the identity "
      "involves only the lump's masses; masses 0 inside the lump included); every lump size by "
      "the aggregate identity";
  c.method = "variables the lump's masses p_pi > 0 (independent: Sum p = 1 is not used), L_pi = log p_pi and "
             "Lambda = log q_k free, log w_pi = L_pi - Lambda (log of a quotient): m_k - q_k Lambda - q_k "
             "sum w_pi (L_pi - Lambda), w = p/q_k; q_k w_pi = p_pi cancels exactly, so the residual equals a "
             "polynomial of degree <= 1 in each variable where q_k != 0, zero on a 2^(2|C_k|+1) grid";
  for (DimLoop<int> m(c, "|C_k|", 1); m <= 6; ++m) {
    const IdentityPiece piece =
        exact_identity("|C_k| = " + std::to_string(m), static_cast<std::size_t>(2 * m + 1), 1,
                       [m = static_cast<int>(m)](const Qs& x, const RationalConstants&) -> Q {
                         const std::size_t n = static_cast<std::size_t>(m);
                         const Qs p = slice(x, 0, n), Lg = slice(x, n, n);
                         const Q Lambda = x[2 * n];
                         Q q(0);
                         for (const auto& v : p)
                           q += v;
                         const Q mk = dot(p, Lg);
                         Q wlogw(0);
                         for (std::size_t i = 0; i < n; ++i)
                           wlogw += (p[i] / q) * (Lg[i] - Lambda);
                         return mk - (q * Lambda + q * wlogw);
                       });
    c.identities.push_back(piece);
  }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back({"m_k and sum_{C_k} w log w = sum (p/q_k)(L - Lambda) are class sums of summands "
                          "affine in (p L, p): a formula in (m_k, q_k, Lambda), checked with these free, so "
                          "for every lump size (term by term |C_k| = 1, ..., 6)",
                          {"|C_k|"}});
  c.paper = {{"|C_k|", 1, kUnbounded}}; // every lump size of every partition
  return c;
}

// ============================================================================================================
// Lemma lem:lump_exact and the pure-score lump ODEs
// ============================================================================================================

/// Variables of the lump-ODE pieces: x (S − 1: p_S = 1 − Σx), φ_π for the lump's m members, L (S), ε.
struct LumpOdeVars {
  Qs p, phi, L;
  Q eps;
};
LumpOdeVars lump_ode_vars(const Qs& x, std::size_t S, std::size_t m) {
  LumpOdeVars v;
  v.p = plane_chart(x, S);
  v.phi = slice(x, S - 1, m);
  v.L = slice(x, S - 1 + m, S);
  v.eps = x[2 * S - 1 + m];
  return v;
}

/// (A(p ⊙ φ − εE°))_k for the lump C_k = {0, …, m−1}, E°_π = p_π L_π − p_π h̄, h̄ = Σ p L
/// (entropy_drift_closed).
/// Coordinate π of p ⊙ φ − εE°: p φ − ε(p L − p h̄) (the other traces enter only through h̄).
Q drift_term(const Q& p, const Q& phi, const Q& L, const Q& eps, const Q& hbar) {
  return p * phi - eps * (p * L - p * hbar);
}
Q aggregated_drift(const LumpOdeVars& v, std::size_t m) {
  const Q hbar = dot(v.p, v.L);
  Q r(0);
  for (std::size_t pi = 0; pi < m; ++pi)
    r += drift_term(v.p[pi], v.phi[pi], v.L[pi], v.eps, hbar);
  return r;
}

using LumpFormula = std::function<Q(const LumpOdeVars&, std::size_t m)>;

/// The residual of a lump-ODE identity at the variables x of lump_ode_vars: `formula` (the claim's right side
/// for the lump {0, …, m−1}) minus the aggregated drift.
Q lump_ode_residual(const Qs& x, std::size_t S, std::size_t m, const LumpFormula& formula) {
  const LumpOdeVars v = lump_ode_vars(x, S, m);
  return formula(v, m) - aggregated_drift(v, m);
}
std::string lump_ode_label(std::size_t S, std::size_t m) {
  return "S = " + std::to_string(S) + ", |C_k| = " + std::to_string(m);
}

/// A lump-ODE identity piece: `formula` is the claim's right side for the lump {0, …, m−1}.
IdentityPiece lump_ode_piece(std::size_t S, std::size_t m, int degree, LumpFormula formula) {
  return exact_identity(lump_ode_label(S, m), 2 * S + m, degree,
                        [S, m, formula](const Qs& x, const RationalConstants&) -> Q {
                          return lump_ode_residual(x, S, m, formula);
                        });
}

/// The residual R(x, φ, L, ε) of a lump-ODE identity is affine in ε, R = R₀(x, φ) + ε R₁(x, L) (ε multiplies
/// only the entropy terms, which involve L and not φ; the selection terms involve φ and not L), so R ≡ 0 iff
/// R₀ ≡ 0 and R₁ ≡ 0: two smaller grids, "selection part" R(x, φ, 0, 0) in (x, φ) and "entropy part"
/// R(x, 0, L, 1) − R(x, 0, L, 0) in (x, L), each of degree ≤ `degree` in each of its variables.
std::vector<IdentityPiece> lump_ode_split_pieces(std::size_t S, std::size_t m, int degree,
                                                 LumpFormula formula) {
  auto layout = [S](const Qs& x, const Qs& phi, const Qs& L, const Q& eps) {
    Qs all = slice(x, 0, S - 1);
    all.insert(all.end(), phi.begin(), phi.end());
    all.insert(all.end(), L.begin(), L.end());
    all.push_back(eps);
    return all;
  };
  const IdentityPiece sel = exact_identity(
      lump_ode_label(S, m) + ", selection part (eps = 0)", S - 1 + m, degree,
      [formula, layout, S, m](const Qs& x, const RationalConstants&) -> Q {
        return lump_ode_residual(layout(x, slice(x, S - 1, m), Qs(S, Q(0)), Q(0)), S, m, formula);
      });
  const IdentityPiece ent =
      exact_identity(lump_ode_label(S, m) + ", entropy part (coefficient of eps)", 2 * S - 1, degree,
                     [formula, layout, S, m](const Qs& x, const RationalConstants&) -> Q {
                       const Qs L = slice(x, S - 1, S), zero(m, Q(0));
                       return lump_ode_residual(layout(x, zero, L, Q(1)), S, m, formula) -
                              lump_ode_residual(layout(x, zero, L, Q(0)), S, m, formula);
                     });
  return {sel, ent};
}

/// Σ_{C_k} p φ, m_k = Σ_{C_k} p L and q_k = Σ_{C_k} p of the lump C_k = the first m traces.
struct LumpSums {
  Q sel, mk, q;
};
LumpSums lump_sums(const LumpOdeVars& v, std::size_t m) {
  LumpSums r{Q(0), Q(0), Q(0)};
  for (std::size_t pi = 0; pi < m; ++pi) {
    r.sel += v.p[pi] * v.phi[pi];
    r.mk += v.p[pi] * v.L[pi];
    r.q += v.p[pi];
  }
  return r;
}
/// Σ_{C_k} p φ − ε(m_k − q_k h̄) (lump_drift), from the class sums.
Q lump_drift_rhs(const LumpSums& l, const Q& hbar, const Q& eps) {
  return l.sel - eps * (l.mk - l.q * hbar);
}
/// Σ_{C_k} p φ − ε q_k(E_{p|C_k}[log p] − h̄), E_{p|C_k}[log p] = m_k/q_k.
Q lump_conditional_rhs(const LumpSums& l, const Q& hbar, const Q& eps) {
  return l.sel - eps * l.q * (l.mk / l.q - hbar);
}
Q lump_drift_formula(const LumpOdeVars& v, std::size_t m) {
  return lump_drift_rhs(lump_sums(v, m), dot(v.p, v.L), v.eps);
}
Q lump_conditional_formula(const LumpOdeVars& v, std::size_t m) {
  return lump_conditional_rhs(lump_sums(v, m), dot(v.p, v.L), v.eps);
}

/// The pieces of a lump-ODE identity `formula` = A ṗ: whole for S = 2, 3, split into the ε-free part and
/// the ε coefficient for S = 4 (S = 5 closes as well, 1.3 s more each: left out for time); every |C_k| = m.
template <class Formula> void add_lump_ode_pieces(Certificate& c, Formula formula) {
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 3; ++S)
    for (std::size_t m = 1; m <= S; ++m)
      c.identities.push_back(lump_ode_piece(S, m, 2, formula));
  for (std::size_t m = 1; m <= 4; ++m)
    for (auto& piece : lump_ode_split_pieces(4, m, 2, formula))
      c.identities.push_back(piece);
}

const char* kLumpRelabel = "a lump of size m of any partition is the first m traces after relabelling (every "
                           "formula is permutation equivariant, and component k involves only C_k and h-bar)";

DCRV_CERTIFICATE(g_lump_ode) {
  Certificate c;
  c.claim = "G.lump-ode";
  c.domain = "every S >= 2 (term by term S = 2, 3, 4); every lump of every partition; every p of the closed "
             "simplex (faces q_k = 0 "
             "included), every score field phi in R^S (so the four families), every real eps; along every "
             "solution of (SRCT) by linearity of A; every S by the aggregate identity";
  c.method =
      std::string("pointwise (A(p.phi - eps E))_k = sum_{C_k} p phi - eps(m_k - q_k hbar) with phi_pi, "
                  "L_pi = log p_pi, eps free (E_pi = p_pi L_pi - p_pi hbar, hbar = sum p L, m_k = sum_{C_k} "
                  "p L), p_S = 1 - sum x: degree <= 2 in each of the 2S + m variables, zero on a 3^(2S+m) "
                  "grid (S = 2, 3); for S = 4 the residual, affine in eps, is split into its eps-free part "
                  "in (x, phi) and its eps coefficient in (x, L), each zero on its own 3^n grid; d/dt(Ap) = "
                  "A pdot on solutions; ") +
      kLumpRelabel;
  add_lump_ode_pieces(c, lump_drift_formula);
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"row k of A(p.phi - eps E) sums the summands p phi - eps(p L - p hbar) of C_k (the other traces enter "
       "only through hbar), affine in (p phi, p L, p): a formula in (sum_{C_k} p phi, m_k, q_k, hbar, eps), "
       "checked with these free, so for every S and every lump (term by term S = 2, 3, 4)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

DCRV_CERTIFICATE(g_lump_ode_conditional) {
  Certificate c;
  c.claim = "G.lump-ode-conditional";
  c.domain = "every S >= 2 (term by term S = 2, 3, 4); every lump with q_k > 0 of every partition; every p "
             "of the closed simplex, every "
             "phi in R^S, every real eps; along every solution of (SRCT) by linearity of A; every S by the "
             "aggregate identity";
  c.method =
      std::string("pointwise (A(p.phi - eps E))_k = sum_{C_k} p phi - eps q_k (m_k/q_k - hbar) with phi, "
                  "L = log p, eps free, p_S = 1 - sum x; q_k (m_k/q_k) = m_k cancels exactly, so the "
                  "residual equals a polynomial of degree <= 2 in each variable where q_k != 0, zero on "
                  "a 3^(2S+m) grid (S = 2, 3); for S = 4 split into the eps-free part in (x, phi) and "
                  "the eps coefficient in (x, L), each zero on its own 3^n grid; ") +
      kLumpRelabel;
  add_lump_ode_pieces(c, lump_conditional_formula);
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"row k of A(p.phi - eps E) sums the summands p phi - eps(p L - p hbar) of C_k, affine in (p phi, p L, "
       "p): a formula in (sum_{C_k} p phi, m_k, q_k, hbar, eps), checked with these free, so for every S and "
       "every lump with q_k > 0 (term by term S = 2, 3, 4)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

DCRV_CERTIFICATE(g_eps0_lump) {
  Certificate c;
  c.claim = "G.eps0-lump";
  c.domain = "every S >= 2 (term by term S = 2, ..., 6); every lump of every partition; every p of the "
             "closed simplex; every score field "
             "phi in R^S (the four families); along every solution of the pure-score flow by linearity of A; "
             "every S by the aggregate identity";
  c.method =
      std::string("pointwise (A(p.phi))_k = sum_{C_k} p phi, A = [1{pi in C_k}] applied to the whole "
                  "vector p.phi, phi free, eps = 0: variables x (p_S = 1 - sum x) and phi (S), degree <= 1 "
                  "in each, zero on a 2^(2S-1) grid; d/dt(Ap) = A pdot on solutions; ") +
      kLumpRelabel;
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    for (std::size_t m = 1; m <= S; ++m) {
      const IdentityPiece piece =
          exact_identity("S = " + std::to_string(S) + ", |C_k| = " + std::to_string(m), 2 * S - 1, 1,
                         [S = static_cast<std::size_t>(S), m](const Qs& x, const RationalConstants&) -> Q {
                           const Qs p = plane_chart(x, S), phi = slice(x, S - 1, S);
                           Q aggregated(0), sel(0);
                           for (std::size_t pi = 0; pi < S; ++pi) // row k of A times p ⊙ φ
                             aggregated += Q(pi < m ? 1 : 0) * (p[pi] * phi[pi]);
                           for (std::size_t pi = 0; pi < m; ++pi) // Σ_{π∈C_k} p_π φ_π
                             sel += p[pi] * phi[pi];
                           return sel - aggregated;
                         });
      c.identities.push_back(piece);
    }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"row k of A(p.phi) is a sum of summands 1{pi in C_k} p_pi phi_pi, linear in p_pi phi_pi with "
       "coefficient 1 inside C_k and 0 outside: a formula in the class sums X = sum_{C_k} p phi and Y = sum "
       "of the rest, checked with these free, so for every S and every lump (term by term S = 2, ..., 6)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

/// Pieces over (S, K_C, lump = a correct + b incorrect traces), correct traces first.
template <class Make> void for_each_leading_lump(int Smin, int Smax, int KCmin, bool all_correct, Make make) {
  for (int S = Smin; S <= Smax; ++S)
    for (int KC = KCmin; KC <= S; ++KC)
      for (int a = 0; a <= KC; ++a)
        for (int b = 0; b <= (all_correct ? 0 : S - KC); ++b)
          if (a + b >= 1)
            make(S, KC, a, b);
}
/// for_each_leading_lump adding identities to `c`, each tagged with its S (scope data).
template <class Make>
void add_leading_lump_identities(Certificate& c, int Smin, int Smax, int KCmin, bool all_correct, Make make) {
  for_each_leading_lump(Smin, Smax, KCmin, all_correct, [&](int S, int KC, int a, int b) {
    c.identities.push_back(make(S, KC, a, b));
    c.identities.back().dims = {{"S", S}};
  });
}

/// Σ_{π∈lump} p_π φ_π.
Q lump_sum(const std::vector<bool>& in, const Qs& p, const Qs& phi) {
  Q r(0);
  for (std::size_t i = 0; i < p.size(); ++i)
    if (in[i])
      r += p[i] * phi[i];
  return r;
}

/// q_k, q_{k,𝒞}, S⁽²⁾_{k,𝒞}, ρ, S⁽²⁾ of a lump.
struct LumpMasses {
  Q q, qC, s2k, rho, s2;
};
LumpMasses lump_masses_of(const std::vector<bool>& in, const Labels& s, const Qs& p) {
  LumpMasses r;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (s[i] > 0)
      r.rho += p[i], r.s2 += p[i] * p[i];
    if (in[i]) {
      r.q += p[i];
      if (s[i] > 0)
        r.qC += p[i], r.s2k += p[i] * p[i];
    }
  }
  return r;
}

/// The identity piece of the lump (the first a correct and first b incorrect traces) of the labelling with
/// K_C correct traces first, over the chart x of Δ^{S−1} followed by `extra` free variables: residual r(x, p,
/// labels, lump, masses).
template <class R>
IdentityPiece leading_lump_piece(int S, int KC, int a, int b, std::size_t extra, int degree, R r) {
  const Labels s = leading_labels(S, KC);
  const auto in = leading_lump(S, KC, a, b);
  return exact_identity(lump_text(S, KC, a, b), static_cast<std::size_t>(S - 1) + extra, degree,
                        [S, s, in, r](const Qs& x, const RationalConstants&) -> Q {
                          const Qs p = plane_chart(x, static_cast<std::size_t>(S));
                          return r(x, p, s, in, lump_masses_of(in, s, p));
                        });
}

DCRV_CERTIFICATE(g_star_lump_ode) {
  Certificate c;
  c.claim = "G.star-lump-ode";
  c.domain =
      "every S >= 2 (term by term S = 2, ..., 5); every labelling with K_C >= 1 and every lump (mixed lumps "
      "included; correct "
      "traces first and the lump = its first correct and first incorrect traces, by relabelling); every "
      "p of the closed simplex with rho > 0; along every STaR solution (eps = 0) by linearity of A; "
      "every S by the aggregate identity";
  c.method =
      "pointwise sum_{C_k} p phi^STaR = (S2_{k,C} - q_k S2)/rho with the literal phi_c = (p_c - S2)/rho, "
      "phi_i = -S2/rho, p_S = 1 - sum x: times rho (> 0 on the grid) a polynomial of degree <= 3 in each "
      "x, zero on a 4^(S-1) grid; d/dt(Ap) = A(p.phi) on solutions";
  add_leading_lump_identities(c, 2, 5, 1, false, [&](int S, int KC, int a, int b) {
    return leading_lump_piece(
        S, KC, a, b, 0, 3,
        [](const Qs&, const Qs& p, const Labels& s, const std::vector<bool>& in, const LumpMasses& m) -> Q {
          return (m.s2k - m.q * m.s2) / m.rho - lump_sum(in, p, star_phi(p, s));
        });
  });
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back({"sum_{C_k} p phi^STaR is the class sums of the lump's correct and incorrect traces "
                          "(p phi = c_1 p + c_2 p^2 per class, coefficients in rho, S2): a formula in (rho, "
                          "S2, q_{k,C}, S2_{k,C}, q_{k,I}, sum_{C_k cap I} p^2), checked with these free, so "
                          "for every S and every lump (term by term S = 2, ..., 5)",
                          {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

DCRV_CERTIFICATE(g_star_logratio) {
  Certificate c;
  c.claim = "G.star-logratio";
  c.domain =
      "every S >= 2 (term by term S = 2, ..., 6); every labelling with K_C >= 1 and every all-correct lump "
      "(by relabelling: the first "
      "a correct traces), q_k > 0, rho > 0, p in the closed simplex; along every STaR solution (eps = 0), "
      "for every pair of all-correct lumps (the difference of two such rates); every S by the aggregate "
      "identity";
  c.method =
      "pointwise d/dt log q_k = (sum_{C_k} p phi^STaR)/q_k (q_k > 0, d/dt(Ap) = A(p.phi)) against "
      "S2_{k,C}/(rho q_k) - S2/rho (the claim's per-lump form; the common -S2/rho cancels in every pair): "
      "times rho q_k (> 0 on the grid) a polynomial of degree <= 3 in each x, zero on a 4^(S-1) grid";
  add_leading_lump_identities(c, 2, 6, 1, true, [&](int S, int KC, int a, int b) {
    return leading_lump_piece(
        S, KC, a, b, 0, 3,
        [](const Qs&, const Qs& p, const Labels& s, const std::vector<bool>& in, const LumpMasses& m) -> Q {
          return (m.s2k / (m.rho * m.q) - m.s2 / m.rho) - lump_sum(in, p, star_phi(p, s)) / m.q;
        });
  });
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"(sum_{C_k} p phi^STaR)/q_k for an all-correct lump is the class sum of p phi = c_1 p + c_2 p^2 "
       "(coefficients in rho, S2): a formula in (rho, S2, q_k, S2_{k,C}), checked with these free, so for "
       "every S and every such lump (term by term S = 2, ..., 6)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

IdentityPiece grpo_lump_piece(int S, int KC, int a, int b, bool log_rate) {
  return leading_lump_piece( // x (S − 1), H
      S, KC, a, b, 1, 2,
      [S, log_rate](const Qs& x, const Qs& p, const Labels& s, const std::vector<bool>& in,
                    const LumpMasses& m) -> Q {
        const Q H = x[static_cast<std::size_t>(S - 1)];
        const Q sel = lump_sum(in, p, grpo_phi(p, s, H));
        const Q corr = m.qC / m.q;
        return log_rate ? Q(H * (corr - m.rho) - sel / m.q) : Q(H * m.q * (corr - m.rho) - sel);
      });
}

DCRV_CERTIFICATE(g_grpo_lump_ode) {
  Certificate c;
  c.claim = "G.grpo-lump-ode";
  c.domain =
      "every S >= 2 (term by term S = 2, ..., 5); every labelling (0 <= K_C <= S) and every lump with q_k > "
      "0 (by relabelling: correct "
      "traces first, the lump = its first correct and first incorrect traces); every p of the closed "
      "simplex; every G (h_G(rho) free); along every GRPO solution (eps = 0) by linearity of A; every S by "
      "the aggregate identity";
  c.method =
      "pointwise sum_{C_k} p phi^GRPO = H q_k (corr - rho), corr = q_{k,C}/q_k, phi_c = sigma H, phi_i = "
      "-rho H (H = h_G(rho) free), p_S = 1 - sum x: q_k corr = q_{k,C} cancels exactly, so the residual "
      "equals a polynomial of degree <= 2 in each x and 1 in H where q_k != 0, zero on a 3^S grid";
  add_leading_lump_identities(
      c, 2, 5, 0, false, [&](int S, int KC, int a, int b) { return grpo_lump_piece(S, KC, a, b, false); });
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"sum_{C_k} p phi^GRPO is linear in the lump's masses per class (phi_c = sigma H, phi_i = -rho H): a "
       "formula in (rho, sigma = 1 - rho, H, q_{k,C}, q_{k,I}), checked with these free, so for every S and "
       "every lump (term by term S = 2, ..., 5)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

DCRV_CERTIFICATE(g_grpo_logratio) {
  Certificate c;
  c.claim = "G.grpo-logratio";
  c.domain = "every S >= 2 (term by term S = 2, ..., 5); every labelling and every lump with q_k > 0 (by "
             "relabelling as G.grpo-lump-ode); "
             "every p of the closed simplex, every G; along every GRPO solution (eps = 0), for every pair of "
             "lumps (the difference of two rates); every S by the aggregate identity";
  c.method = "pointwise d/dt log q_k = (sum_{C_k} p phi^GRPO)/q_k against H (corr - rho) (the common -H rho "
             "cancels in every pair), H = h_G(rho) free, p_S = 1 - sum x: times q_k (> 0 on the grid) a "
             "polynomial of degree <= 2 in each x and 1 in H, zero on a 3^S grid";
  add_leading_lump_identities(
      c, 2, 5, 0, false, [&](int S, int KC, int a, int b) { return grpo_lump_piece(S, KC, a, b, true); });
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back({"(sum_{C_k} p phi^GRPO)/q_k is linear in the lump's masses per class: a formula in "
                          "(rho, sigma = 1 - rho, H, q_{k,C}, q_{k,I}), checked with these free, so for "
                          "every S and every lump (term by term S = 2, ..., 5)",
                          {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

/// The DPO lump-ODE residual of lump k of the sign-pure labelled partition (L, s); variables (x, γ).
IdentityPiece dpo_lump_piece(int S, const Lumps& L, const Labels& s, int k) {
  return exact_identity(
      "S = " + std::to_string(S) + ", " + std::to_string(L.count()) + " lumps, lump " + std::to_string(k + 1),
      static_cast<std::size_t>(2 * S - 1), 2, [S, L, s, k](const Qs& x, const RationalConstants&) -> Q {
        const std::size_t n = static_cast<std::size_t>(S);
        const Qs p = plane_chart(x, n), gamma = slice(x, n - 1, n);
        const Qs qG = lump_qG(L, p, gamma), phi = dpo_phi(p, s, gamma);
        std::vector<bool> in(n);
        Q q(0);
        for (std::size_t pi = 0; pi < n; ++pi) {
          in[pi] = L.lump_of(static_cast<int>(pi)) == k;
          if (in[pi])
            q += p[pi];
        }
        const Q rhs = Q(L.lump_label(s, k)) * qG[static_cast<std::size_t>(k)] - q * lump_gbar(L, s, qG);
        return rhs - lump_sum(in, p, phi);
      });
}

DCRV_CERTIFICATE(g_dpo_lump_ode) {
  Certificate c;
  c.claim = "G.dpo-lump-ode";
  c.domain = "every S >= 2 (term by term S = 2, 3, 4); every set partition with every sign-pure labelling, "
             "every lump (empty lumps give 0: "
             "q_k G_k is the sum; S = 4 by relabelling: the lump = the first m traces, with every sign-pure "
             "labelled partition of the other traces); every p of the closed simplex; every beta, ell_0 "
             "(g_beta(log p) free); along every DPO solution (eps = 0) by linearity of A; every S by the "
             "aggregate identity";
  c.method =
      "pointwise sum_{C_k} p phi^DPO = s_k q_k G_k - q_k gbar with gamma_pi = g_beta(log p_pi) free, "
      "phi_pi = s_pi gamma_pi - sum_j p_j s_j gamma_j (dcrv's DPO field), q_k G_k = sum_{C_k} p gamma, "
      "gbar = sum_j s_j q_j G_j, p_S = 1 - sum x: degree <= 2 in each of the 2S - 1 variables, zero on a "
      "3^(2S-1) grid";
  for (DimLoop<int> S(c, "S", 2); S <= 3; ++S)
    for (const auto& lump_of : set_partitions(S)) {
      const Lumps L(lump_of);
      for (const auto& s : sign_pure_labellings(L))
        for (int k = 0; k < L.count(); ++k)
          c.identities.push_back(dpo_lump_piece(S, L, s, k));
    }
  // S = 4: lump 0 = {0, …, m−1}, the other traces partitioned in every way, every sign-pure labelling
  const int S = 4;
  for (int m = 1; m <= S; ++m) {
    const auto rest = m < S ? set_partitions(S - m) : std::vector<std::vector<int>>{{}};
    for (const auto& r : rest) {
      std::vector<int> lump_of(static_cast<std::size_t>(m), 0);
      for (int v : r)
        lump_of.push_back(v + 1);
      const Lumps L(lump_of);
      for (const auto& s : sign_pure_labellings(L))
        c.identities.push_back(dpo_lump_piece(S, L, s, 0));
    }
  }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back({"sum_{C_k} p phi^DPO with phi_pi = s_pi gamma_pi - gbar (the other traces enter "
                          "only through gbar) is, in a sign-pure lump, the class sum of c_gamma p gamma + "
                          "c_0 p: a formula in (gbar, q_k G_k, q_k), checked with these free for both signs, "
                          "so for every S and every lump (term by term S = 2, 3, 4)",
                          {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

DCRV_CERTIFICATE(g_dpo_zik_ode) {
  Certificate c;
  c.claim = "G.dpo-zik-ode";
  c.domain = "every S >= 2 (term by term S = 2, ..., 6); every labelling and every same-sign pair (by "
             "relabelling: correct traces first, the "
             "pair = the first two correct or the first two incorrect traces); every p of the open simplex; "
             "every beta, ell_0 (g_beta(log p) free); along every DPO solution (eps = 0); every S by the "
             "aggregate identity";
  c.method =
      "on a solution of pdot = p.phi (eps = 0) d/dt log p_pi = phi_pi, so zdot_ik = phi_i - phi_k; the "
      "residual (phi_i - phi_k) - s(gamma_i - gamma_k) with dcrv's DPO field phi_pi = s_pi gamma_pi - "
      "sum_j p_j s_j gamma_j, gamma_pi = g_beta(log p_pi) free, p_S = 1 - sum x: degree <= 1 in each of "
      "the 2S - 1 variables, zero on a 2^(2S-1) grid";
  for (DimLoop<int> S(c, "S", 2); S <= 6; ++S)
    for (int KC = 0; KC <= S; ++KC)
      for (int sign : {1, -1}) {
        const int first = sign > 0 ? 0 : KC, size = sign > 0 ? KC : S - KC;
        if (size < 2)
          continue;
        // degree 1: the mean Σ p s γ cancels; each term is of degree <= 1 in each variable
        c.identities.push_back(exact_identity("S = " + std::to_string(S) + ", K_C = " + std::to_string(KC) +
                                                  (sign > 0 ? ", correct pair" : ", incorrect pair"),
                                              static_cast<std::size_t>(2 * S - 1), 1,
                                              [S = static_cast<int>(S), s = leading_labels(S, KC), first,
                                               sign](const Qs& x, const RationalConstants&) -> Q {
                                                const std::size_t n = static_cast<std::size_t>(S),
                                                                  i = static_cast<std::size_t>(first),
                                                                  k = i + 1;
                                                const Qs p = plane_chart(x, n), gamma = slice(x, n - 1, n);
                                                const Qs phi = dpo_phi(p, s, gamma);
                                                return (phi[i] - phi[k]) - Q(sign) * (gamma[i] - gamma[k]);
                                              }));
      }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"phi_i - phi_k with phi_pi = s_pi gamma_pi - gbar involves the other traces only through gbar: "
       "checked with gamma_i, gamma_k, gbar free for both signs, so for every S (term by term S = 2, ..., 6)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ============================================================================================================
// OP3 (log-ratio identity): d/dt log q_k = s_k G_k − ε log q_k + ε H(w_k) + C(p), C = −γ̄ + ε h̄
// ============================================================================================================

/// The residual of one lump (the first m traces, sign s_k; the other S − m traces: `plus` correct, then
/// incorrect) in the variables (x: S − 1, γ: S, L: S, Λ = log q_k, ε): (A(p ⊙ r))_k/q_k − (s_k G_k − εΛ +
/// εH(w_k) − γ̄ + εh̄), with dcrv's DPO rate r_π = s_π γ_π − γ̄ − ε(L_π − h̄) (DpoModel::rate), γ̄ = Σ p s γ, h̄ =
/// Σ p L, G_k = Σ_{C_k} w γ (lump_link_mean), H(w_k) = −Σ_{C_k} w (L − Λ) (lump_entropy, log w = L − Λ).
/// dcrv's DPO rate of one trace, s γ − ḡ − ε(L − h̄) (DpoModel::rate): the other traces enter only through ḡ
/// and h̄.
Q dpo_rate_at(int s, const Q& gamma, const Q& L, const Q& gbar, const Q& eps, const Q& hbar) {
  return Q(s) * gamma - gbar - eps * (L - hbar);
}
Q op3_residual(const Qs& x, std::size_t S, std::size_t m, const Labels& s) {
  const Qs p = plane_chart(x, S), gamma = slice(x, S - 1, S), L = slice(x, 2 * S - 1, S);
  const Q Lambda = x[3 * S - 1], eps = x[3 * S];
  Q gbar(0), hbar(0);
  for (std::size_t i = 0; i < S; ++i) {
    gbar += p[i] * Q(s[i]) * gamma[i];
    hbar += p[i] * L[i];
  }
  Q q(0), flux(0), qG(0), qH(0);
  for (std::size_t i = 0; i < m; ++i) {
    q += p[i];
    flux += p[i] * dpo_rate_at(s[i], gamma[i], L[i], gbar, eps, hbar);
    qG += p[i] * gamma[i];
    qH -= p[i] * (L[i] - Lambda);
  }
  const Q rate = flux / q, G = qG / q, H = qH / q;
  return rate - (Q(s[0]) * G - eps * Lambda + eps * H - gbar + eps * hbar);
}

DCRV_CERTIFICATE(g_op3_logratio_identity) {
  Certificate c;
  c.claim = "G.op3-logratio-identity";
  c.domain =
      "every S >= 2 (term by term S = 2, 3, 4); every sign-pure labelled partition and every lump with q_k > "
      "0 (by relabelling: the lump "
      "first, the other traces correct first; their partition does not enter); every p of the simplex, "
      "every beta, ell_0 (g_beta(log p) free), every real eps; the pair form by difference (the common "
      "term cancels); along every DPO SRCT solution; every S by the aggregate identity";
  c.method =
      "pointwise per lump: d/dt log q_k = (A(p.r))_k/q_k with dcrv's DPO rate r = s gamma - gbar - eps(L - "
      "hbar) against s_k G_k - eps Lambda + eps H(w_k) - gbar + eps hbar, gamma_pi = g_beta(log p_pi), "
      "L_pi = log p_pi, Lambda = log q_k free (log w = L - Lambda), p_S = 1 - sum x; times q_k (> 0 on the "
      "grid) a polynomial of degree <= 2 in each variable; affine in eps, so split into its eps-free part "
      "in (x, gamma) (zero on a 3^(2S-1) grid) and its eps coefficient in (x, L, Lambda) (zero on a 3^(2S) "
      "grid)";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 4; ++S)
    for (std::size_t m = 1; m <= S; ++m)
      for (int sk : {1, -1})
        for (std::size_t plus = 0; plus <= S - m; ++plus) {
          Labels s(S, -1);
          for (std::size_t i = 0; i < m; ++i)
            s[i] = sk;
          for (std::size_t i = m; i < m + plus; ++i)
            s[i] = 1;
          const std::string label = "S = " + std::to_string(S) + ", |C_k| = " + std::to_string(m) +
                                    ", s_k = " + std::to_string(sk) + ", " + std::to_string(plus) +
                                    " other correct traces";
          auto full = [S = static_cast<std::size_t>(S)](const Qs& x, const Qs& gamma, const Qs& L,
                                                        const Q& Lambda, const Q& eps) {
            Qs all = slice(x, 0, S - 1);
            all.insert(all.end(), gamma.begin(), gamma.end());
            all.insert(all.end(), L.begin(), L.end());
            all.push_back(Lambda);
            all.push_back(eps);
            return all;
          };
          c.identities.push_back(exact_identity(
              label + ", eps-free part", 2 * S - 1, 2,
              [S = static_cast<std::size_t>(S), m, s, full](const Qs& x, const RationalConstants&) -> Q {
                return op3_residual(full(x, slice(x, S - 1, S), Qs(S, Q(0)), Q(0), Q(0)), S, m, s);
              }));
          c.identities.push_back(exact_identity(
              label + ", coefficient of eps", 2 * S, 2,
              [S = static_cast<std::size_t>(S), m, s, full](const Qs& x, const RationalConstants&) -> Q {
                const Qs zero(S, Q(0)), L = slice(x, S - 1, S);
                const Q Lambda = x[2 * S - 1];
                return op3_residual(full(x, zero, L, Lambda, Q(1)), S, m, s) -
                       op3_residual(full(x, zero, L, Lambda, Q(0)), S, m, s);
              }));
        }
  for (auto& piece : aggregates::g_lump(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"the lump's rate (sum_{C_k} p r)/q_k, G_k = sum w gamma and H(w_k) = -sum w (L - Lambda) are class "
       "sums of summands affine in (p gamma, p L, p) with coefficients in (gbar, hbar, eps, Lambda, q_k): a "
       "formula in (gbar, hbar, eps, Lambda, q_k G_k, m_k, q_k), checked with these free for both signs, so "
       "for every S and every sign-pure lump (term by term S = 2, 3, 4)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ============================================================================================================
// The aggregate (dimension-free) identities (issue 20 point 8): every lump identity is a sum over a class
// C_k (or over 𝒞, ℐ) of a summand in one trace's coordinates whose coefficients involve only aggregates
// (ρ, σ, S⁽²⁾, h̄, ḡ, …); the summand is checked affine in its monomials (p, p², pφ, pL, pγ) with the
// coefficients read off the summand itself, and the class sums of those monomials (q_k, S⁽²⁾_{k,𝒞}, m_k,
// Σ_{C_k} pφ, Γ_k = Σ_{C_k} pγ, …) are free variables: the identity then holds for every S and every lump.
// ============================================================================================================

const std::string kAggregate = "aggregate (every S): ";

/// The coefficients (c₁, c₂) of a summand t(p) = c₁ p + c₂ p² with no constant term: c₁ = (t(1) − t(−1))/2,
/// c₂ = (t(1) + t(−1))/2; the component t(p) − (c₁ p + c₂ p²) checks the form.
struct Quadratic {
  Q c1, c2, check;
};
template <class T> Quadratic quadratic_in_p(T t, const Q& p) {
  const Q a = t(Q(1)), b = t(Q(-1));
  Quadratic r{(a - b) / 2, (a + b) / 2, Q(0)};
  r.check = t(p) - (r.c1 * p + r.c2 * p * p);
  return r;
}

/// G.centered-sphi, component i: variables (p, v, V = ⟨p, v⟩); p_j φ_j = p_j v_j − V p_j summed over j is
/// c_v V + c₀ Σp at Σp = 1.
IdentityPiece centered_sphi_aggregate(bool off) {
  return exact_identity(kAggregate + "component i", 3, 2, [off](const Qs& x, const RationalConstants&) -> Qs {
    const Q &p = x[0], &v = x[1], &V = x[2];
    auto t = [&](const Q& pj, const Q& vj) -> Q { return pj * (vj - V); }; // p_j φ_j
    const Q c0 = t(Q(1), Q(0)), cv = t(Q(1), Q(1)) - c0;
    const Q pphi = cv * (off ? Q(-V) : V) + c0; // Σ_j p_j φ_j, Σp = 1
    const Q phi_i = v - V, sphi = p * phi_i - p * pphi;
    return {t(p, v) - (cv * p * v + c0 * p), p * phi_i - sphi};
  });
}

/// The class sums of the STaR summand p φ^STaR over the correct and incorrect traces of a set: c₁q + c₂Σp²
/// per class (quadratic_in_p at p); q_C, Σ_C p², q_I, Σ_I p² of the set are the given aggregates.
struct StarClassSums {
  Q checks_c, checks_i, sum;
};
StarClassSums star_class_sums(const Q& p, const Q& rho, const Q& s2, const Q& qC, const Q& s2C, const Q& qI,
                              const Q& s2I) {
  const Quadratic c =
      quadratic_in_p([&](const Q& pj) -> Q { return pj * star_phi_at(pj, true, rho, s2); }, p);
  const Quadratic i =
      quadratic_in_p([&](const Q& pj) -> Q { return pj * star_phi_at(pj, false, rho, s2); }, p);
  return {c.check, i.check, c.c1 * qC + c.c2 * s2C + i.c1 * qI + i.c2 * s2I};
}

/// G.star-centered: variables (p, ρ, S⁽²⁾, Σ_ℐ p²); the sum over all traces is the class sums with q_𝒞 = ρ,
/// Σ_𝒞 p² = S⁽²⁾, q_ℐ = σ = 1 − ρ (Σp = 1).
IdentityPiece star_centered_aggregate(bool off) {
  return exact_identity(
      kAggregate + "sum_pi p_pi phi_pi", 4, 3, [off](const Qs& x, const RationalConstants&) {
        const Q &p = x[0], &rho = x[1], &s2 = x[2], &t2 = x[3];
        const StarClassSums r = star_class_sums(p, rho, s2, rho, off ? Q(-s2) : s2, 1 - rho, t2);
        return Qs{r.checks_c, r.checks_i, r.sum};
      });
}

/// G.star-lump-ode / G.star-logratio: variables (p, ρ, S⁽²⁾, q_{k,𝒞}, S⁽²⁾_{k,𝒞}, q_{k,ℐ}, Σ_{C_k∩ℐ} p²);
/// Σ_{C_k} p φ = the class sums of the lump's correct and incorrect traces, against (S⁽²⁾_{k,𝒞} − q_k
/// S⁽²⁾)/ρ (lump ODE) or, divided by q_k for an all-correct lump (q_{k,ℐ} = Σ_{C_k∩ℐ} p² = 0), against
/// S⁽²⁾_{k,𝒞}/(ρ q_k) − S⁽²⁾/ρ (log-ratio rate).
IdentityPiece star_lump_aggregate(bool log_rate, bool off) {
  return exact_identity(kAggregate + (log_rate ? "all-correct lump, d/dt log q_k" : "lump C_k"), 7, 2,
                        [log_rate, off](const Qs& x, const RationalConstants&) {
                          const Q &p = x[0], &rho = x[1], &s2 = x[2], &qC = x[3], &s2k = x[4];
                          const Q qI = log_rate ? Q(0) : x[5], t2 = log_rate ? Q(0) : x[6];
                          const StarClassSums r = star_class_sums(p, rho, s2, qC, s2k, qI, t2);
                          const Q q = qC + qI, s2k_claim = off ? Q(-s2k) : s2k;
                          const Q res = log_rate ? Q(r.sum / q - (s2k_claim / (rho * q) - s2 / rho))
                                                 : Q(r.sum - (s2k_claim - q * s2) / rho);
                          return Qs{r.checks_c, r.checks_i, res};
                        });
}

/// The class sums of the GRPO summand p φ^GRPO (linear in p): c q_C + d q_I.
/// (components: the quadratic forms and c₂ = 0 for both classes, so that the class sums need only q_C, q_I).
struct GrpoClassSums {
  Qs checks;
  Q sum;
};
GrpoClassSums grpo_class_sums(const Q& p, const Q& rho, const Q& sigma, const Q& H, const Q& qC,
                              const Q& qI) {
  const Quadratic c =
      quadratic_in_p([&](const Q& pj) -> Q { return pj * grpo_phi_at(true, rho, sigma, H); }, p);
  const Quadratic i =
      quadratic_in_p([&](const Q& pj) -> Q { return pj * grpo_phi_at(false, rho, sigma, H); }, p);
  return {{c.check, c.c2, i.check, i.c2}, c.c1 * qC + i.c1 * qI};
}

/// G.grpo-centered: variables (p, ρ, σ, H); Σ_π p φ = c ρ + d σ (Σp = 1 not used).
IdentityPiece grpo_centered_aggregate(bool off) {
  return exact_identity(kAggregate + "sum_pi p_pi phi_pi", 4, 2,
                        [off](const Qs& x, const RationalConstants&) {
                          const Q &p = x[0], &rho = x[1], &sigma = x[2], &H = x[3];
                          GrpoClassSums r = grpo_class_sums(p, rho, sigma, H, rho, off ? Q(-sigma) : sigma);
                          r.checks.push_back(r.sum);
                          return r.checks;
                        });
}

/// G.grpo-lump-ode / G.grpo-logratio: variables (p, ρ, H, q_{k,𝒞}, q_{k,ℐ}), σ = 1 − ρ (Σp = 1); Σ_{C_k} p φ
/// = H q_k (corr − ρ), corr = q_{k,𝒞}/q_k (or divided by q_k: H (corr − ρ)).
IdentityPiece grpo_lump_aggregate(bool log_rate, bool off) {
  return exact_identity(kAggregate + (log_rate ? "d/dt log q_k" : "lump C_k"), 5, 2,
                        [log_rate, off](const Qs& x, const RationalConstants&) {
                          const Q &p = x[0], &rho = x[1], &H = x[2], &qC = x[3], &qI = x[4];
                          GrpoClassSums r = grpo_class_sums(p, rho, 1 - rho, H, qC, qI);
                          const Q q = qC + qI, corr = qC / q, rho_claim = off ? Q(-rho) : rho;
                          r.checks.push_back(log_rate ? Q(r.sum / q - H * (corr - rho_claim))
                                                      : Q(r.sum - H * q * (corr - rho_claim)));
                          return r.checks;
                        });
}

/// G.eps0-lump: row k of A times p ⊙ φ: the summand 1{π ∈ C_k} p_π φ_π is a pφ inside and b pφ outside
/// C_k; variables (p, φ, X = Σ_{C_k} pφ, Y = Σ_{∉C_k} pφ): a X + b Y − X.
IdentityPiece eps0_lump_aggregate(bool off) {
  return exact_identity(kAggregate + "row k of A(p.phi)", 4, 2, [off](const Qs& x, const RationalConstants&) {
    const Q &p = x[0], &phi = x[1], &X = x[2], &Y = x[3];
    auto t = [](bool in, const Q& pj, const Q& phij) -> Q { return Q(in ? 1 : 0) * (pj * phij); }; // A_kπ p φ
    const Q a = t(true, Q(1), Q(1)), b = t(false, Q(1), Q(1));
    return Qs{t(true, p, phi) - a * p * phi, t(false, p, phi) - b * p * phi,
              a * X + b * Y - (off ? Q(-X) : X)};
  });
}

/// G.lump-ode / G.lump-ode-conditional: the summand drift_term(p, φ, L; ε, h̄) of the traces of C_k is
/// c_φ pφ + c_L pL + c₀ p (coefficients read off), those outside C_k have row entry 0; variables (p, φ, L,
/// ε, h̄, X = Σ_{C_k} pφ, m_k, q_k).
IdentityPiece lump_ode_aggregate(bool conditional, bool off) {
  return exact_identity(
      kAggregate + "row k of A(p.phi - eps E)", 8, 1,
      [conditional, off](const Qs& x, const RationalConstants&) {
        const Q &p = x[0], &phi = x[1], &L = x[2], &eps = x[3], &hbar = x[4], &X = x[5], &mk = x[6],
                &q = x[7];
        auto t = [&](const Q& pj, const Q& phij, const Q& Lj) { return drift_term(pj, phij, Lj, eps, hbar); };
        const Q c0 = t(Q(1), Q(0), Q(0)), cphi = t(Q(1), Q(1), Q(0)) - c0, cL = t(Q(1), Q(0), Q(1)) - c0;
        const Q row = cphi * X + cL * mk + c0 * q; // Σ_{C_k}; the entries of A outside C_k are 0
        const LumpSums l{X, off ? Q(-mk) : mk, q};
        const Q rhs = conditional ? lump_conditional_rhs(l, hbar, eps) : lump_drift_rhs(l, hbar, eps);
        return Qs{t(p, phi, L) - (cphi * p * phi + cL * p * L + c0 * p), row - rhs};
      });
}

/// G.dpo-gbar: for a sign-pure lump of sign s, Σ_{C_k} s_π p_π γ_π = s Γ_k (Γ_k = q_k G_k = Σ_{C_k} pγ), so
/// summed over the lumps ḡ = Σ_k s_k q_k G_k; variables (p, γ, Γ), both signs.
IdentityPiece dpo_gbar_aggregate(bool off) {
  return exact_identity(
      kAggregate + "one sign-pure lump", 3, 2, [off](const Qs& x, const RationalConstants&) {
        const Q &p = x[0], &gamma = x[1], &Gamma = x[2];
        Qs r;
        for (int s : {1, -1}) {
          auto t = [s](const Q& pj, const Q& gj) -> Q { return pj * (Q(s) * gj); }; // the summand of ḡ
          const Q c = t(Q(1), Q(1));
          r.push_back(t(p, gamma) - c * p * gamma);
          r.push_back(c * Gamma - Q(off && s < 0 ? 1 : s) * Gamma);
        }
        return r;
      });
}

/// G.dpo-lump-ode: the summand p φ^DPO = p(s γ − ḡ) of a sign-pure lump of sign s is c_γ pγ + c₀ p;
/// variables (p, γ, ḡ, Γ_k, q_k): c_γ Γ_k + c₀ q_k − (s Γ_k − q_k ḡ), both signs.
IdentityPiece dpo_lump_aggregate(bool off) {
  return exact_identity(
      kAggregate + "sign-pure lump C_k", 5, 2, [off](const Qs& x, const RationalConstants&) {
        const Q &p = x[0], &gamma = x[1], &gbar = x[2], &Gamma = x[3], &q = x[4];
        Qs r;
        for (int s : {1, -1}) {
          auto t = [&](const Q& pj, const Q& gj) -> Q { return pj * dpo_phi_at(s, gj, gbar); };
          const Q c0 = t(Q(1), Q(0)), cg = t(Q(1), Q(1)) - c0;
          r.push_back(t(p, gamma) - (cg * p * gamma + c0 * p));
          r.push_back(cg * Gamma + c0 * q - (Q(s) * Gamma - q * (off ? Q(-gbar) : gbar)));
        }
        return r;
      });
}

/// G.dpo-zik-ode: φ_i − φ_k − s(γ_i − γ_k) with φ_π = s γ_π − ḡ; variables (γ_i, γ_k, ḡ), both signs.
IdentityPiece dpo_zik_aggregate(bool off) {
  return exact_identity(kAggregate + "same-sign pair", 3, 1, [off](const Qs& x, const RationalConstants&) {
    const Q &gi = x[0], &gk = x[1], &gbar = x[2];
    Qs r;
    for (int s : {1, -1})
      r.push_back(dpo_phi_at(s, gi, gbar) - dpo_phi_at(s, gk, off ? Q(-gbar) : gbar) - Q(s) * (gi - gk));
    return r;
  });
}

/// G.op3-logratio-identity: the summands p r_π (dcrv's rate), w γ and −w(L − Λ) (w = p/q_k) of a sign-pure
/// lump of sign s are affine in (pγ, pL, p) with coefficients read off; variables (p, γ, L, ε, ḡ, h̄, Λ,
/// Γ_k = Σ_{C_k} pγ, m_k = Σ_{C_k} pL, q_k): (Σ p r)/q_k − (s G_k − εΛ + εH(w_k) − ḡ + εh̄), both signs.
IdentityPiece op3_aggregate(bool off) {
  return exact_identity(
      kAggregate + "sign-pure lump C_k, d/dt log q_k", 10, 1, [off](const Qs& x, const RationalConstants&) {
        const Q &p = x[0], &gamma = x[1], &L = x[2], &eps = x[3], &gbar = x[4], &hbar = x[5], &Lambda = x[6],
                &Gamma = x[7], &mk = x[8], &q = x[9];
        Qs r;
        for (int s : {1, -1}) {
          auto flux = [&](const Q& pj, const Q& gj, const Q& Lj) -> Q {
            return pj * dpo_rate_at(s, gj, Lj, gbar, eps, hbar);
          };
          auto wg = [&](const Q& pj, const Q& gj) -> Q { return (pj / q) * gj; };
          auto wlog = [&](const Q& pj, const Q& Lj) -> Q { return -((pj / q) * (Lj - Lambda)); };
          const Q f0 = flux(Q(1), Q(0), Q(0)), fg = flux(Q(1), Q(1), Q(0)) - f0,
                  fL = flux(Q(1), Q(0), Q(1)) - f0;
          const Q gw = wg(Q(1), Q(1));
          const Q h0 = wlog(Q(1), Q(0)), hL = wlog(Q(1), Q(1)) - h0;
          r.push_back(flux(p, gamma, L) - (fg * p * gamma + fL * p * L + f0 * p));
          r.push_back(wg(p, gamma) - gw * p * gamma);
          r.push_back(wlog(p, L) - (hL * p * L + h0 * p));
          const Q rate = (fg * Gamma + fL * mk + f0 * q) / q, G = gw * Gamma, H = hL * mk + h0 * q;
          r.push_back(rate - (Q(s) * G - eps * Lambda + eps * H - gbar + (off ? Q(0) : Q(eps * hbar))));
        }
        return r;
      });
}

/// G.mk-decomp: the summand w(L − Λ) = (p/q_k)(L − Λ) is c_L pL + c₀ p; variables (p, L, Λ, q_k, m_k): m_k −
/// (q_k Λ + q_k (c_L m_k + c₀ q_k)).
IdentityPiece mk_decomp_aggregate(bool off) {
  return exact_identity(
      "aggregate (every |C_k|): lump C_k", 5, 2, [off](const Qs& x, const RationalConstants&) {
        const Q &p = x[0], &L = x[1], &Lambda = x[2], &q = x[3], &mk = x[4];
        auto t = [&](const Q& pj, const Q& Lj) -> Q { return (pj / q) * (Lj - Lambda); };
        const Q c0 = t(Q(1), Q(0)), cL = t(Q(1), Q(1)) - c0;
        const Q wlogw = cL * mk + c0 * q; // Σ_{C_k} w log w, log w = L − Λ
        return Qs{t(p, L) - (cL * p * L + c0 * p), mk - (q * (off ? Q(-Lambda) : Lambda) + q * wlogw)};
      });
}

} // namespace

namespace aggregates {

std::vector<IdentityPiece> g_lump(const std::string& claim, bool off) {
  if (claim == "G.centered-sphi")
    return {centered_sphi_aggregate(off)};
  if (claim == "G.star-centered")
    return {star_centered_aggregate(off)};
  if (claim == "G.grpo-centered")
    return {grpo_centered_aggregate(off)};
  if (claim == "G.star-lump-ode")
    return {star_lump_aggregate(false, off)};
  if (claim == "G.star-logratio")
    return {star_lump_aggregate(true, off)};
  if (claim == "G.grpo-lump-ode")
    return {grpo_lump_aggregate(false, off)};
  if (claim == "G.grpo-logratio")
    return {grpo_lump_aggregate(true, off)};
  if (claim == "G.eps0-lump")
    return {eps0_lump_aggregate(off)};
  if (claim == "G.lump-ode")
    return {lump_ode_aggregate(false, off)};
  if (claim == "G.lump-ode-conditional")
    return {lump_ode_aggregate(true, off)};
  if (claim == "G.dpo-gbar")
    return {dpo_gbar_aggregate(off)};
  if (claim == "G.dpo-lump-ode")
    return {dpo_lump_aggregate(off)};
  if (claim == "G.dpo-zik-ode")
    return {dpo_zik_aggregate(off)};
  if (claim == "G.op3-logratio-identity")
    return {op3_aggregate(off)};
  if (claim == "G.mk-decomp")
    return {mk_decomp_aggregate(off)};
  return {};
}

} // namespace aggregates
} // namespace dcrv::certify
