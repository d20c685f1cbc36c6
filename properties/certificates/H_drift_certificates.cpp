// Certificates of App. H (properties/H_drift_envelopes.cpp, properties/H_boundary_bd.cpp,
// properties/H_logratio_sdes.cpp): the drift's identities, the size envelopes, the (WF) noise factorisation,
// the lower ellipticity bound, the choice of λ, the entropy gap on a facet and the STaR / GRPO log-ratio
// SDEs; and the main text's restatements of the (WF) noise and of the score differences
// (M.sde-noise-covariance, M.star-score-diff, M.grpo-score-diff-zero; properties/M_objective_equilibria.cpp),
// which share the exact formulas here.
//
// Identities (certify/exact_identity.hpp) use these exact substitutions, each stated in its `method`:
//   • log p_i = L_i as free variables (the identities hold with L free), p in the chart p_K = 1 − Σ_{i<K} p_i
//     of the plane Σp = 1 (so Σp = 1 holds exactly at every grid point);
//   • √p by the stereographic chart of the unit sphere: s(t) = (2t, 1 − |t|²)/(1 + |t|²), t ∈ ℝ^{K−1}, so
//     Σ s_i² = 1 and p = s ⊙ s is a point of the plane Σp = 1 with s = √p wherever s ≥ 0; every point of the
//     closed simplex has s = √p ≥ 0 on the sphere's closed positive orthant, which avoids the pole −e_K, so
//     it is s(t) for some t. Every entry is a rational function of t with denominator a power of 1 + |t|²
//     (≠ 0), and √γ = g a free positive variable (γ = g²).
// A residual collects the components of a vector or matrix identity as max |component|: zero at a grid point
// ⇔ every component is zero there, so each component (a polynomial of the stated degree after the
// denominator) vanishes on the grid, hence identically.
//
// Bounds (certify/branch_and_bound.hpp) use exact rearrangements on the domain, stated in `method`:
//   • H.neg-entropy-floor: −⟨p, log p⟩ + log δ = −Σ p_i log(p_i/δ) (Σp = 1), and p_i/δ = 1 + (1 − v)K q_i/v ≥
//   1
//     for p = trim(q, δ), δ = v/K: every term is ≤ 0;
//   • H.ellipticity-lower: p = δ1 + t q (t = 1 − Kδ, q ∈ Δ), v ∈ T: vᵀ(diag p − ppᵀ)v = δ‖v‖² + t[½Σ_{ij}
//     q_i q_j (v_i − v_j)² + (1 − t)(Σ q_i v_i)²] (Σq = 1, Σv = 0), a sum of non-negative terms beyond δ‖v‖²;
//   • H.face-gap-at-floor / H.face-gap-formula: at p with p_i = y and q_j = p_j/(1 − y) (j ≠ i, Σq = 1),
//     Σ_j p_j log p_j − log y − Γ(y) = (1 − y) Σ_{j≠i} f(q_j), f(x) = x log((K−1)x) − x + 1/(K−1) (the terms
//     − x + 1/(K−1) sum to 0), and (K−1) f(x) = g(s), g(s) = (1 + s) log1p(s) − s, s = (K−1)x − 1 ≥ −1: the
//     one-variable bound g ≥ 0 (attained at s = 0 only) gives the claim for every K at once.
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregate_identities.hpp"
#include "properties/certificates/compact_chart.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace softmax_exact; // XVec, plane_chart, slice, dot, …
using interval_simplex::for_sizes;
using interval_simplex::tangent_vector;

/// The stereographic point s(t) of the unit sphere in ℝ^K (header), t = x[offset .. offset + K − 2].
XVec sphere_point(const XVec& x, std::size_t K, std::size_t offset = 0) {
  Exact n2(0);
  for (std::size_t i = 0; i + 1 < K; ++i)
    n2 += x[offset + i] * x[offset + i];
  const Exact d = 1 + n2;
  XVec s(K);
  for (std::size_t i = 0; i + 1 < K; ++i)
    s[i] = 2 * x[offset + i] / d;
  s[K - 1] = (1 - n2) / d;
  return s;
}

/// The variables (p₁..p_{K−1}, w₁..w_K, ε, L₁..L_K) of the drift identities.
struct DriftVars {
  XVec p, w, L;
  Exact eps;
};
DriftVars drift_vars(const XVec& x, std::size_t K) {
  DriftVars v;
  v.p = plane_chart(x, K);
  v.w = slice(x, K - 1, K);
  v.eps = x[2 * K - 1];
  v.L = slice(x, 2 * K, K);
  return v;
}

std::string k_label(std::size_t K) {
  return "K = " + std::to_string(K);
}

// ---------------------------------------------------------------------------------------------------------
// App. H §Domain: Σ_i F_i(p) = 0.
// ---------------------------------------------------------------------------------------------------------

IdentityPiece drift_tangent_piece(std::size_t K) {
  return exact_identity(k_label(K), 3 * K, 2, [K](const XVec& x, const RationalConstants&) -> Exact {
    const DriftVars v = drift_vars(x, K);
    return sum_of(linear_drift(v.w, v.eps, v.p, v.L));
  });
}

DCRV_CERTIFICATE(drift_tangent) {
  Certificate c;
  c.claim = "H.drift-tangent";
  c.domain =
      "K = 2, 3; every p of the plane sum p = 1 (so every p in Delta_delta, every delta), every real eps "
      "and w in R^K; no exclusion";
  c.method =
      "log p_i = L_i as free variables (the identity holds with L free), p_K = 1 - sum_{i<K} p_i: "
      "sum_i p_i[(w_i - <p,w>) - eps(L_i - <p,L>)] is a polynomial of degree <= 2 in each variable, zero "
      "on a 3^(3K) grid hence identically";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 3; ++K)
    c.identities.push_back(drift_tangent_piece(K));
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  c.identities.push_back(aggregate::drift_tangent_every_k());
  c.reductions.push_back({"sum_i F_i is a sum of p_i((w_i - <p, w>) - eps(L_i - <p, L>)): the other "
                          "coordinates enter each term only through m_w = <p, w> and m_L = <p, L>, and the "
                          "sum is (m_w - m_w P) - eps(m_L - m_L P) = -(P - 1)(m_w - eps m_L) with P = sum p, "
                          "for every real m_w, m_L, P (checked), 0 on sum p = 1, for every K (term by term "
                          "for K = 2, 3)",
                          {"K"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// App. H §Domain: F = S(p)φ − εE(p).
// ---------------------------------------------------------------------------------------------------------

IdentityPiece drift_decomposition_piece(std::size_t K) {
  return exact_identity(k_label(K), 3 * K, 3, [K](const XVec& x, const RationalConstants&) -> XVec {
    const DriftVars v = drift_vars(x, K);
    const XVec F = linear_drift(v.w, v.eps, v.p, v.L);
    const Exact mw = dot(v.p, v.w), ml = dot(v.p, v.L);
    XVec phi(K);
    for (std::size_t i = 0; i < K; ++i)
      phi[i] = v.w[i] - mw;
    const Exact pphi = dot(v.p, phi);
    XVec r;
    for (std::size_t i = 0; i < K; ++i) {
      // (diag p − ppᵀ)φ − ε p ⊙ (L − ⟨p, L⟩)
      const Exact rhs = v.p[i] * phi[i] - v.p[i] * pphi - v.eps * v.p[i] * (v.L[i] - ml);
      r.push_back(F[i] - rhs);
    }
    return r;
  });
}

DCRV_CERTIFICATE(drift_decomposition) {
  Certificate c;
  c.claim = "H.drift-decomposition";
  c.domain =
      "K = 2, 3; every p of the plane sum p = 1 (so every p in Delta_delta, every delta), every real eps "
      "and w in R^K; no exclusion";
  c.method =
      "log p_i = L_i as free variables (the identity holds with L free), p_K = 1 - sum_{i<K} p_i: each "
      "component of F - [(diag p - p p^T)phi - eps p (L - <p,L>)] is a polynomial of degree <= 3 in each "
      "variable (p_i p_k <p,w> in the p chart), zero on a 4^(3K) grid hence identically";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 3; ++K)
    c.identities.push_back(drift_decomposition_piece(K));
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  c.identities.push_back(aggregate::drift_decomposition_every_k());
  c.reductions.push_back(
      {"component i of F = p (w - <p, w> - eps(L - <p, L>)) and of (diag p - p p^T)phi - eps p(L - <p, L>) "
       "depends on the other coordinates only through m_w = <p, w>, m_L = <p, L> and P = sum p (<p, phi> = "
       "m_w - m_w P): their difference is -(P - 1)p_i m_w for every real p_i, w_i, L_i, m_w, m_L, P "
       "(checked), 0 on sum p = 1, for every K (term by term for K = 2, 3)",
       {"K"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// App. H §Size envelope: x|log x| ≤ 1/e.
// ---------------------------------------------------------------------------------------------------------

/// x = e^{−y}: x|log x| = y e^{−y} (y ≥ 0); the maximum 1/e is at y = 1. Away from y = 0 the score is read
/// as exp(log y − y) − c, whose derivative exp(log y − y)(1/y − 1) has a sign decided on every box on one
/// side of y = 1 (y e^{−y} differentiates to e^{−y} − y e^{−y}, whose enclosure loses the sign near y = 1).
Piece xlogx_piece(std::string label, double lo, double hi, bool log_form) {
  return make_piece<1>(std::move(label), {{Interval(lo, hi)}}, [log_form](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const X& y = x[0];
    return (log_form ? exp(log(y) - y) : y * exp(-y)) - X(k("c"));
  });
}

/// Around the maximiser y = 1, relative to the paper's c = 1/e: x|log x|/c − c/c_paper = y e^{1 − y} −
/// c/c_paper, exactly 0 at y = 1 for the paper's c (e⁰ = 1; the ratio is exactly 1), with derivative (1 −
/// y)e^{1 − y} = 0 and second derivative (y − 2)e^{1 − y} < 0 there: the second-order test closes it; any c <
/// 1/e is refused at y = 1.
Piece xlogx_peak_piece() {
  constexpr double w = 0x1p-20;
  Piece piece = make_piece<1>("y in [1 - 2^-20, 1 + 2^-20], relative to c = 1/e",
                              {{Interval(1.0 - w, 1.0 + w)}}, [](const auto& x, const Constants& k) {
                                using X = std::decay_t<decltype(x[0])>;
                                const X& y = x[0];
                                return y * exp(X(1) - y) - X(k("c/paper"));
                              });
  piece.attained = {{1.0}};
  return piece;
}

/// y e^{−y} − c for every y ≥ 1024 in the compact chart r = 1/y ∈ [0, 2⁻¹⁰] (r = 0 the limit y → ∞): f(r) =
/// e^{−1/r}/r (f(0) = 0) is increasing for r < 1, so on an Interval [f(lo), f(hi)] (outward rounded); its
/// jets throw (f' is unbounded-free but 0/0 at r = 0), and the natural extension decides: f ≤ 1024 e^{−1024}
/// ≪ c.
Piece xlogx_tail_piece() {
  Piece piece = make_piece<1>(
      "r = 1/y in [0, 2^-10]", {{Interval(0.0, 0x1p-10)}}, [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        if constexpr (!std::is_same_v<X, Interval>) {
          throw straddle_error("xlogx_tail_piece: enclosed on intervals only");
          return X(0);
        } else {
          return compact_chart::monotone_hull(x[0], true,
                                              [](const mpfr& r) {
                                                return r <= 0 ? Interval(0.0)
                                                              : exp(-1 / Interval(r)) / Interval(r);
                                              }) -
                 k("c");
        }
      });
  return with_param(piece, "y", 0, [](double r) { return r > 0 ? 1 / r : kUnbounded; });
}

DCRV_CERTIFICATE(xlogx_envelope) {
  Certificate c;
  c.claim = "H.xlogx-envelope";
  c.domain =
      "x = exp(-y) with y in [0, inf): every x in (0, 1] (y >= 1024 in the compact chart r = 1/y in [0, "
      "2^-10], r = 0 the limit x -> 0); no exclusion (the maximiser x = 1/e, y = 1, is proved relative "
      "to c = 1/e by the second-order test)";
  c.method =
      "x = exp(-y), y = log(1/x) >= 0: x |log x| = y exp(-y) = exp(log y - y) (exact); the score minus c "
      "is increasing on y < 1 and decreasing on y > 1 (monotonicity test), so each piece reduces to its "
      "end next to y = 1; around y = 1 the score relative to c, y e^(1 - y) - c/c_paper, is 0 at y = 1 "
      "exactly with derivative 0 and second derivative < 0 (second-order test); y >= 1024: y e^(-y) = "
      "e^(-1/r)/r with r = 1/y in [0, 2^-10], increasing in r, enclosed from its end values (0 at r = 0)";
  c.constants = {{"c", [] { return exp(Interval(-1)); }}};
  c.pieces = {xlogx_piece("y in [0, 1/2]", 0.0, 0.5, false),
              xlogx_piece("y in [1/2, 1 - 2^-40]", 0.5, 1.0 - 0x1p-40, true),
              xlogx_piece("y in [1 + 2^-40, 1024]", 1.0 + 0x1p-40, 1024.0, true), xlogx_peak_piece()};
  for (auto& piece : c.pieces)
    piece = with_param(piece, "y", 0);
  c.pieces.push_back(xlogx_tail_piece());            // y >= 1024: raw r = 1/y
  for (auto& id : aggregate::xlogx_rearrangements()) // the steps to the scores, checked (issue 20 point 5)
    c.identities.push_back(id);
  c.paper = {{"y", 0, kUnbounded}}; // every x in (0, 1]: y = log(1/x) >= 0
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// App. H §Size envelope: −⟨log p⟩ ≤ log(1/δ⋆) on Δ_δ⋆.
// ---------------------------------------------------------------------------------------------------------

/// −Σ p_i log(p_i/δ) ≤ 0 at p = δ1 + (1 − Kδ)q, δ = v/K, raw (q by stick-breaking, v).
template <std::size_t K> Piece neg_entropy_piece() {
  Box root = unit_box(K - 1);
  root.push_back(Interval(1e-300, 1.0));
  return make_piece<K>(k_label(K), {root}, [](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    const auto q = stick_breaking<K>(x);
    const X& v = x[K - 1];
    X s(0);
    for (std::size_t i = 0; i < K; ++i) {
      const X p = v / X(int(K)) + (1 - v) * q[i];
      s += p * log1p((1 - v) * X(int(K)) * q[i] / v); // log(p_i/δ)
    }
    return -s;
  });
}

/// The chain from the claim to neg_entropy_piece, exact, at size K (three identities, degree <= 1 in each
/// variable after clearing v): (A) on the plane Σp = 1 (p_K = 1 − Σ_{i<K} p_i) with L_i = log p_i and L_δ =
/// log δ free, −⟨p, L⟩ − (−L_δ) = −Σ p_i (L_i − L_δ); (B) p_i/δ = 1 + (1 − v)K q_i/v for p_i = δ + (1 −
/// v)q_i, δ = v/K (the argument of the piece's log1p, so L_i − L_δ = log1p((1 − v)K q_i/v)); (C) that p is on
/// the plane: Σ_i (δ + (1 − v)q_i) = 1 with q_K = 1 − Σ_{i<K} q_i.
std::vector<IdentityPiece> neg_entropy_chain(std::size_t K) {
  const Exact Kq(static_cast<long>(K));
  IdentityPiece a =
      exact_identity(k_label(K) + ", (A) -<p, L> + L_delta = -sum p_i (L_i - L_delta) on sum p = 1", 2 * K, 1,
                     [K](const XVec& x, const RationalConstants&) -> Exact {
                       const Exact& Ld = x[2 * K - 1];
                       Exact rest = 1, lhs = Ld, rhs = 0;
                       for (std::size_t i = 0; i < K; ++i) {
                         const Exact p = i + 1 < K ? x[i] : rest;
                         rest -= p;
                         const Exact& L = x[K - 1 + i];
                         lhs -= p * L;
                         rhs -= p * (L - Ld);
                       }
                       return lhs - rhs;
                     });
  IdentityPiece b = exact_identity(k_label(K) + ", (B) p_i/delta = 1 + (1 - v) K q_i/v", 2, 1,
                                   [Kq](const XVec& x, const RationalConstants&) -> Exact {
                                     const Exact &v = x[0], &q = x[1];
                                     const Exact delta = v / Kq, p = delta + (1 - v) * q;
                                     return v * (p / delta - (1 + (1 - v) * Kq * q / v));
                                   });
  IdentityPiece c = exact_identity(k_label(K) + ", (C) sum_i (delta + (1 - v) q_i) = 1", K, 1,
                                   [K, Kq](const XVec& x, const RationalConstants&) -> Exact {
                                     const Exact& v = x[0];
                                     Exact rest = 1, sum = 0;
                                     for (std::size_t i = 0; i < K; ++i) {
                                       const Exact q = i + 1 < K ? x[1 + i] : rest;
                                       rest -= q;
                                       sum += v / Kq + (1 - v) * q;
                                     }
                                     return sum - 1;
                                   });
  return {a, b, c};
}

/// One term of −Σ_i p_i log(p_i/δ) for every K: −p l ≤ 0 with l = τ/(1 − τ) ≥ 0, times 1 − τ > 0: −pτ on (p,
/// τ) ∈ [0, 1]² (τ = 1 the limit l → ∞).
Piece neg_entropy_term_piece() {
  Piece piece = make_piece<2>("every K: one term -p log(p/delta) = -p l, times (1 - tau), l = tau/(1 - tau)",
                              {unit_box(2)}, [](const auto& x, const Constants&) { return -(x[0] * x[1]); });
  piece.dims.push_back({"K", 2, kUnbounded});
  return piece;
}

DCRV_CERTIFICATE(neg_entropy_floor) {
  Certificate c;
  c.claim = "H.neg-entropy-floor";
  c.domain =
      "K = 2, ..., 8; delta = v/K with v in [10^-300, 1] (delta in [10^-300/K, 1/K], the end delta = "
      "1/K included) and every p = delta 1 + (1 - K delta) q of Delta_delta (q in the closed simplex); "
      "no exclusion";
  c.method =
      "on sum p = 1, -<p, log p> - log(1/delta) = -sum_i p_i log(p_i/delta) (exact), with p_i/delta = 1 "
      "+ (1 - v) K q_i/v >= 1 (log1p of a non-negative number): every term is <= 0; q by "
      "stick-breaking";
  for_sizes<2, 8>(c, "K", [&]<std::size_t K>() {
    c.pieces.push_back(neg_entropy_piece<K>());
    for (auto& id : neg_entropy_chain(K)) // the rearrangement, checked
      c.identities.push_back(id);
  });
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(A) ", "(B) ", "(C) "});
  c.pieces.push_back(neg_entropy_term_piece());
  c.identities.push_back(aggregate::neg_entropy_every_k());
  c.reductions.push_back(
      {"on sum p = 1, -<p, log p> - log(1/delta) = -sum_i p_i log(p_i/delta) (the summed (A): the other "
       "coordinates enter only through <p, log p> and sum p, checked for every value of them), a sum of K "
       "terms -p_i l_i with p_i >= 0 and l_i = log(p_i/delta) >= 0 (p_i/delta = 1 + (1 - v)K q_i/v >= 1, "
       "(B)): the one-term piece -p l <= 0 over p in [0, 1], l in [0, inf] (chart l = tau/(1 - tau), times 1 "
       "- tau > 0, tau = 1 the limit l -> inf) bounds every term, so the sum for every K (the pieces K = "
       "2..8 prove the sum as well)",
       {"K"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// eq. (eq:elliptic), lower bound: vᵀQ(p)v ≥ cγδ‖v‖² on T (γ > 0 cancels).
// ---------------------------------------------------------------------------------------------------------

/// Raw (u₁..u_{K−1}, t, v₁..v_{K−1}): q = stick-breaking(u), δ = (1 − t)/K, v_K = −Σ v_i.
/// Score cδ‖v‖² − vᵀ(diag p − ppᵀ)v in the form of the header.
template <std::size_t K> Piece ellipticity_lower_piece() {
  Box root = unit_box(K - 1);
  root.push_back(Interval(0.0, 1.0));
  for (std::size_t i = 0; i + 1 < K; ++i)
    root.push_back(Interval(-1.0, 1.0));
  return make_piece<2 * K - 1>(k_label(K), {root}, [](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const auto q = stick_breaking<K>(x);
    const X& t = x[K - 1];
    const auto v = tangent_vector<K>(x, K);
    const X delta = (1 - t) / X(int(K));
    X norm2(0), qv(0), pairs(0);
    for (std::size_t i = 0; i < K; ++i) {
      norm2 += square(v[i]);
      qv += q[i] * v[i];
      for (std::size_t j = i + 1; j < K; ++j)
        pairs += q[i] * q[j] * square(v[i] - v[j]); // ½Σ_{i,j} = Σ_{i<j}
    }
    return X(k("c") - 1) * delta * norm2 - t * (pairs + (1 - t) * square(qv));
  });
}

/// The score for every K through its aggregates (the reduction of ellipticity_lower): (c − 1)δN − t(V + (1 −
/// t)W) on (δ, N, t, V, W) ∈ [0, ½] × [0, 1] × [0, 1] × [0, 2] × [0, 1].
Piece ellipticity_lower_every_k_piece() {
  Piece piece = make_piece<5>(
      "every K: (c - 1) delta N - t(V + (1 - t)W)",
      {{Interval(0.0, 0.5), Interval(0.0, 1.0), Interval(0.0, 1.0), Interval(0.0, 2.0), Interval(0.0, 1.0)}},
      [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        const X &delta = x[0], &N = x[1], &t = x[2], &V = x[3], &W = x[4];
        return X(k("c") - 1) * delta * N - t * (V + (1 - t) * W);
      });
  piece.dims.push_back({"K", 2, kUnbounded});
  return piece;
}

DCRV_CERTIFICATE(ellipticity_lower) {
  Certificate c;
  c.claim = "H.ellipticity-lower";
  c.domain =
      "K = 2, 3, 4; every delta in [0, 1/K] (t = 1 - K delta in [0, 1]), every p in Delta_delta (q in "
      "the closed simplex), every v in T (v = (v_1, ..., v_{K-1}, -sum v_i) with v_i in [-1, 1]: every "
      "direction of T, the form is homogeneous of degree 2), every gamma > 0 (gamma cancels); no "
      "exclusion";
  c.method =
      "p = delta 1 + t q: v^T(diag p - p p^T)v = delta |v|^2 + t[sum_{i<j} q_i q_j (v_i - v_j)^2 + (1 - "
      "t)(q.v)^2] (exact on sum q = 1, sum v = 0; checked, gamma and c free), so the score c delta |v|^2 - "
      "v^T(diag p - p p^T)v is (c - 1) delta |v|^2 minus non-negative terms; equality for v = e_j - e_k on "
      "two floor coordinates (q_j = q_k = 0)";
  c.constants = {{"c", [] { return Interval(1); }}};
  c.pieces = {with_dim(ellipticity_lower_piece<2>(), "K", 2), with_dim(ellipticity_lower_piece<3>(), "K", 3),
              with_dim(ellipticity_lower_piece<4>(), "K", 4)};
  for (std::size_t K = 2; K <= 4; ++K) // the rearrangement (issue 20 point 5)
    c.identities.push_back(rearrangements::ellipticity_lower_rearrangement(K));
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2 (every delta, p, v, gamma)
  c.pieces.push_back(ellipticity_lower_every_k_piece());
  c.identities.push_back(aggregate::ellipticity_lower_every_k());
  c.reductions.push_back(
      {"the score (c - 1) delta |v|^2 - t(sum_{i<j} q_i q_j (v_i - v_j)^2 + (1 - t)(q.v)^2) depends on (K, "
       "q, v) only through delta = (1 - t)/K in [0, 1/2], t, N = |v|^2, V = sum_{i<j} q_i q_j (v_i - v_j)^2 "
       ">= 0 (a sum of non-negative terms for every K) and W = (q.v)^2 >= 0; it is homogeneous of degree 2 "
       "in v, so N <= 1, and then V <= 2 sum_i q_i v_i^2 <= 2 and W <= N <= 1 (Cauchy-Schwarz): the K-free "
       "piece over (delta, N, t, V, W) in [0, 1/2] x [0, 1] x [0, 1] x [0, 2] x [0, 1] bounds it for every "
       "K, and the rearrangement holds for every K in the aggregates N, A2 = sum q v^2, A1 = q.v, P = sum q "
       "(the pair sum row by row is q_i(v_i^2 P - 2 v_i A1 + A2); checked; term by term for K = 2..4)",
       {"K"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// eq. (eq:WF) and §Uniform ellipticity: σσᵀ = γ(diag p − ppᵀ), 1ᵀσ = 0.
// ---------------------------------------------------------------------------------------------------------

/// σ = g(diag s − p sᵀ) with s = √p (the stereographic point), g = √γ; properties/domains/noise.hpp wf_sigma.
std::vector<XVec> wf_sigma_exact(const XVec& s, const Exact& g) {
  const std::size_t K = s.size();
  std::vector<XVec> sig(K, XVec(K));
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = 0; j < K; ++j)
      sig[i][j] = g * ((i == j ? s[i] : Exact(0)) - s[i] * s[i] * s[j]);
  return sig;
}

/// σσᵀ (exact).
std::vector<XVec> gram(const std::vector<XVec>& a) {
  const std::size_t K = a.size();
  std::vector<XVec> g(K, XVec(K, Exact(0)));
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = 0; j < K; ++j)
      for (std::size_t l = 0; l < K; ++l)
        g[i][j] += a[i][l] * a[j][l];
  return g;
}

/// The components of σσᵀ = c(diag p − ppᵀ) and 1ᵀσ = 0 with p = s ⊙ s: every entry of both.
XVec covariance_residual(const std::vector<XVec>& sig, const XVec& s, const Exact& c) {
  const std::size_t K = s.size();
  const auto ss = gram(sig);
  XVec r;
  for (std::size_t i = 0; i < K; ++i) {
    const Exact pi = s[i] * s[i];
    Exact col(0);
    for (std::size_t j = 0; j < K; ++j) {
      const Exact pj = s[j] * s[j];
      r.push_back(ss[i][j] - c * ((i == j ? pi : Exact(0)) - pi * pj)); // c(diag p − ppᵀ)
      col += sig[j][i];                                                 // (1ᵀσ)_i
    }
    r.push_back(col);
  }
  return r;
}

IdentityPiece wf_covariance_piece(std::size_t K) {
  return exact_identity(k_label(K), K, 12, [K](const XVec& x, const RationalConstants&) -> XVec {
    const XVec s = sphere_point(x, K);
    const Exact& g = x[K - 1];
    return covariance_residual(wf_sigma_exact(s, g), s, g * g); // γ = g²
  });
}

/// The (WF) covariance identity for every K (aggregate::wf_covariance_every_k) with its reduction:
/// H.wf-covariance and H.face-variance read the same entries.
void add_wf_covariance_every_k(Certificate& c) {
  c.identities.push_back(aggregate::wf_covariance_every_k(false));
  c.reductions.push_back(
      {"entry (i, j) of sigma sigma^T (and column i of 1^T sigma), sigma_il = sqrt(gamma)(delta_il s_i - p_i "
       "s_l), s = sqrt p, is a sum over l whose terms l != i, j are p_i p_j s_l^2 (resp. -p_l s_i): the "
       "other coordinates enter only through R = sum_{l != i, j} s_l^2, and with s_i, s_j, sqrt(gamma), R "
       "free the differences to gamma(diag p - p p^T) are (P - 1) times explicit terms, P = s_i^2 + s_j^2 + "
       "R = sum p (checked), 0 on the simplex, for every K (term by term for K = 2, 3)",
       {"K"}});
}

DCRV_CERTIFICATE(wf_covariance) {
  Certificate c;
  c.claim = "H.wf-covariance";
  c.domain = "K = 2, 3; every p in the closed simplex and every gamma > 0; no exclusion";
  c.method =
      "sqrt p = s(t) by the stereographic chart of the unit sphere (onto its closed positive orthant; "
      "p = s*s has sum p = 1), sqrt gamma = g free: each entry of sigma sigma^T - g^2(diag p - p p^T) "
      "and of 1^T sigma times (1 + |t|^2)^6 is a polynomial of degree <= 12 in each t_k (and <= 2 in g), "
      "zero on a 13^K grid hence identically";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 3; ++K)
    c.identities.push_back(wf_covariance_piece(K));
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  add_wf_covariance_every_k(c);
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Unreflected vs. reflected diffusions: (σσᵀ)_ii = γδ(1−δ) ≥ 0 at p_i = δ.
// ---------------------------------------------------------------------------------------------------------

IdentityPiece face_variance_piece(std::size_t K) {
  return exact_identity(k_label(K), K, 12, [K](const XVec& x, const RationalConstants&) -> XVec {
    const XVec s = sphere_point(x, K);
    const Exact& g = x[K - 1];
    const auto ss = gram(wf_sigma_exact(s, g));
    XVec r;
    for (std::size_t i = 0; i < K; ++i) {
      const Exact pi = s[i] * s[i];
      r.push_back(ss[i][i] - g * g * pi * (1 - pi));
    }
    return r;
  });
}

/// γδ(1 − δ) ≥ 0: score −γδ(1 − δ) ≤ 0 on δ ∈ [0, 1/2] (⊇ (0, 1/K)), γ ∈ [10⁻⁴, 10²].
Piece face_variance_sign_piece() {
  return make_piece<2>("gamma delta (1 - delta) >= 0", {{Interval(0.0, 0.5), Interval(1e-4, 1e2)}},
                       [](const auto& x, const Constants&) { return -(x[1] * x[0] * (1 - x[0])); });
}

DCRV_CERTIFICATE(face_variance) {
  Certificate c;
  c.claim = "H.face-variance";
  c.domain = "K = 2, 3 (the identity: every p in the closed simplex, every gamma > 0, so every facet point "
             "p_i = delta); the sign: every delta in [0, 1/2] and gamma in [10^-4, 10^2]; no exclusion";
  c.method =
      "(sigma sigma^T)_ii = gamma p_i (1 - p_i) for every p of the simplex (so = gamma delta(1 - delta) "
      "at p_i = delta): sqrt p = s(t) stereographic, sqrt gamma = g, each difference times (1 + "
      "|t|^2)^6 a polynomial of degree <= 12 in each variable, zero on a 13^K grid hence identically; "
      "0 <= gamma delta (1 - delta) by interval evaluation";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 3; ++K)
    c.identities.push_back(face_variance_piece(K));
  c.pieces = {with_param(with_param(face_variance_sign_piece(), "delta", 0), "gamma", 1)};
  c.pieces[0].dims.push_back({"K", 2, kUnbounded}); // the sign -gamma delta (1 - delta) does not depend on K
  c.paper = {{"K", 2, kUnbounded}, {"delta", 0, 0.5}, {"gamma", 0, kUnbounded}}; // every K >= 2, gamma > 0
  add_wf_covariance_every_k(c);
  c.reductions.push_back(
      {"the sign score -gamma delta(1 - delta) is gamma times -delta(1 - delta): positively homogeneous of "
       "degree 1 in gamma, so its sign at gamma = 1 (inside the proved box [10^-4, 10^2]) is its sign at "
       "every gamma > 0",
       {"gamma"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Lemma lem:Lyap (second display): λ = (2‖δ‖∞ x)⁻¹ ⇒ λ‖δ‖∞ x = c = ½.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(lyap_lambda_choice) {
  Certificate c;
  c.claim = "H.lyap-lambda-choice";
  c.domain = "every |delta|_inf = n > 0 and x = M_phi + eps C_log > 0 (so every K, w, eps, delta*, bias that "
             "the claim does not skip); no exclusion";
  c.method = "lambda n x - c with lambda = 1/(2 n x), n and x free positive variables: times 2 n x a "
             "polynomial of degree <= 1 in each, zero on a 2^2 grid hence identically";
  c.constants = {{"c", [] { return Interval(1) / Interval(2); }, [] { return Rational(1, 2); }}};
  c.identities.push_back(
      exact_identity("n, x > 0", 2, 1, [](const XVec& x, const RationalConstants& k) -> Exact {
        const Exact lambda = 1 / (2 * x[0] * x[1]);
        return lambda * x[0] * x[1] - k("c");
      }));
  c.paper = {{"n", 0, kUnbounded}, {"x", 0, kUnbounded}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Entropy gap on a facet: Σ p_j log p_j − log y ≥ Γ(y) = L_K(y), via g(s) = (1 + s) log1p(s) − s ≥ 0.
// ---------------------------------------------------------------------------------------------------------

/// x log x on an enclosure that may reach x = 0 (0 log 0 = 0): for x ∈ [0, u], x log x ∈ [−1/e, max(0, u log
/// u)] ([u log u, 0] when u ≤ 0.36 < 1/e, where it decreases); a jet needs x > 0.
Interval xlogx_from_zero(const Interval& x) {
  if (x.lower() > 0)
    return x * log(x);
  if (x.lower() < 0)
    throw straddle_error("x log x of an enclosure reaching below 0");
  const Interval u(x.upper());
  const Interval ulogu = x.upper() > 0 ? Interval(u * log(u)) : Interval(0);
  if (x.upper() <= mpfr("0.36"))
    return hull(ulogu, Interval(0));
  return hull(-exp(Interval(-1)), max(ulogu, Interval(0)));
}
template <class X> X xlogx_from_zero(const X& x) {
  if (!(x.v.lower() > 0))
    throw straddle_error("x log x: the derivative is unbounded at 0");
  return x * log(x);
}

/// g(s) = (1 + s) log1p(s) − s ≥ 0 for every s ≥ 0 (attained at s = 0), compactified: with L = log1p(s),
/// w = e^{−L} = 1/(1 + s) and τ = 1/(1 + L) ∈ (0, 1] (τ → 0 is s → ∞, τ = 1 is s = 0), g·wτ = (L − 1 + w)τ =
/// 1 − 2τ + τE(τ), E(τ) = exp(1 − 1/τ) = w (compact_chart; E(0) = 0, the limit), so score −(1 − 2τ + τE(τ))
/// over τ ∈ [0, 1] (the positive factor wτ dropped; → −1 as τ → 0), attained at τ = 1 (value and slope 0,
/// second derivative −1: the second-order test).
Piece facet_gap_right_piece() {
  Piece piece = make_piece<1>("tau = 1/(1 + log1p(s)) in [0, 1]", {{Interval(0.0, 1.0)}},
                              [](const auto& x, const Constants&) {
                                const auto& tau = x[0];
                                return -(1 - 2 * tau + tau * compact_chart::e_of_t(tau));
                              });
  piece.attained = {{1.0}};
  return piece;
}
/// The right piece's rearrangement, exact: g(s) = (1 + s)L − s with 1 + s = 1/w, at L = 1/τ − 1: g·w·τ = 1 −
/// 2τ + τw (variables τ, w; the rule w = e^{−L} = E(τ) is stated).
IdentityPiece facet_gap_right_chart() {
  return rearrangement_identity("g(s) w tau = 1 - 2 tau + tau w at 1 + s = 1/w, log1p(s) = 1/tau - 1", 2, 2,
                                [](const std::vector<Exact>& y, const RationalConstants&) {
                                  const Exact &tau = y[0], &w = y[1], L = 1 / tau - 1, s = 1 / w - 1;
                                  return ((1 + s) * L - s) * w * tau - (1 - 2 * tau + tau * w);
                                });
}
/// g ≥ 0 for s = x − 1, x = (K−1)q_j ∈ [0, 1] (0 log 0 = 0; attained at x = 1): score −(x log x − x + 1).
Piece facet_gap_left_piece() {
  Piece piece =
      make_piece<1>("x = 1 + s in [0, 1]", {{Interval(0.0, 1.0)}}, [](const auto& x, const Constants&) {
        const auto& u = x[0];
        return -(xlogx_from_zero(u) - u + 1);
      });
  piece.attained = {{1.0}};
  return piece;
}
/// The facet rearrangement, exact, at size K (the facet i = 1, the other K − 1 masses (1 − δ)q_j with q on
/// the plane Σq = 1): with log q_j = Λ_j, L_δ = log δ, L₁ = log(1 − δ), L_m = log(K − 1) free, Σ_j p_j log
/// p_j − log δ − L_K(δ) (L_K = (1 − δ)(L₁ − L_m − L_δ)) equals (1 − δ)/(K − 1) Σ_{j≠i} g(x_j − 1) with x_j =
/// (K − 1)q_j and g(x − 1) = x(L_m + Λ_j) − x + 1 (variables δ, q₁..q_{K−2}, Λ₁..Λ_{K−1}, L_δ, L₁, L_m;
/// multilinear: degree <= 1 in each).
IdentityPiece facet_gap_sum_chain(int K) {
  const std::size_t n = static_cast<std::size_t>(K - 1); // the other masses
  return exact_identity(k_label(static_cast<std::size_t>(K)) +
                            ": <p, log p> - log delta - L_K = (1-delta)/(K-1) sum g",
                        2 * n + 3, 1, [K, n](const XVec& x, const RationalConstants&) -> Exact {
                          const Exact& delta = x[0];
                          const Exact &Ld = x[2 * n], &L1 = x[2 * n + 1], &Lm = x[2 * n + 2];
                          const Exact km1(K - 1);
                          Exact rest = 1, lhs = delta * Ld - Ld - (1 - delta) * (L1 - Lm - Ld), sum = 0;
                          for (std::size_t j = 0; j < n; ++j) {
                            const Exact q = j + 1 < n ? x[1 + j] : rest;
                            rest -= q;
                            const Exact& Lq = x[n + j];
                            lhs += (1 - delta) * q * (L1 + Lq);
                            const Exact xj = km1 * q;
                            sum += xj * (Lm + Lq) - xj + 1;
                          }
                          return lhs - (1 - delta) / km1 * sum;
                        });
}

/// The facet sum for every K: the residual of facet_gap_sum_chain is a sum over the K − 1 other masses of
/// terms affine in (q_j, q_jΛ_j, 1), so it depends on them only through Σ_j q_j = 1, A = Σ_j q_jΛ_j and Σ_j 1
/// = m = K − 1: with these, <p, log p> − log δ − L_K = δL_δ + (1 − δ)(L₁ + A) − L_δ − (1 − δ)(L₁ − L_m − L_δ)
/// and (1 − δ)/m Σ_j g(x_j − 1) = (1 − δ)/m (m L_m + m A − m + m) (Σ_j x_j = m, Σ_j x_jΛ_j = mA), equal for
/// every real m > 0 (variables δ, m, A, L_δ, L₁, L_m).
IdentityPiece facet_gap_sum_every_k() {
  return rearrangement_identity(
      "<p, log p> - log delta - L_K = (1-delta)/(K-1) sum g, summed: m = K - 1, A = sum q_j Lambda_j", 6, 2,
      [](const std::vector<Exact>& y, const RationalConstants&) {
        const Exact &delta = y[0], &m = y[1], &A = y[2], &Ld = y[3], &L1 = y[4], &Lm = y[5];
        const Exact lhs = delta * Ld + (1 - delta) * (L1 + A) - Ld - (1 - delta) * (L1 - Lm - Ld);
        return lhs - (1 - delta) / m * (m * Lm + m * A - m + m);
      });
}

/// The two facet-gap pieces with their parameter x = (K−1)q_j (left: raw x; right: raw τ = 1/(1 + log x),
/// x = exp(1/τ − 1)) for every K (the pieces do not depend on K), the facet sum's rearrangement for every K
/// (summed) and, term by term, for K = 2..6.
void add_facet_gap(Certificate& c) {
  for (Piece piece : {with_param(facet_gap_left_piece(), "x", 0),
                      with_param(facet_gap_right_piece(), "x", 0,
                                 [](double tau) { return tau > 0 ? std::exp(1 / tau - 1) : kUnbounded; })}) {
    piece.dims.push_back({"K", 2, kUnbounded});
    c.pieces.push_back(piece);
  }
  for (DimLoop<int> K(c, "K", 2); K <= 6; ++K)
    c.identities.push_back(facet_gap_sum_chain(K));
  c.identities.push_back(facet_gap_sum_every_k());
  c.identities.push_back(facet_gap_right_chart());
  c.paper = {{"K", 2, kUnbounded}, {"x", 0, kUnbounded}};
  c.reductions.push_back(
      {"the facet sum's residual is affine in each other mass's (q_j, q_j log q_j): summed over j it depends "
       "on K only through m = K - 1, Sum q_j = 1 and A = Sum q_j log q_j, and the summed identity holds for "
       "every real m > 0 (checked; the term-by-term identity checked for K = 2..6 as well)",
       {"K"}});
}

DCRV_CERTIFICATE(face_gap_at_floor) {
  Certificate c;
  c.claim = "H.face-gap-at-floor";
  c.domain = "every K >= 2, every delta in (0, 1/K) and every facet point p_i = delta, through the terms x = "
             "(K-1) p_j/(1 - delta) in [0, inf) (0 log 0 = 0; x >= 1 in the compact chart tau = 1/(1 + log "
             "x) in [0, 1], tau = 0 the limit x -> inf); no exclusion";
  c.method =
      "<log p> - log p_i - L_K(delta) = (1 - delta)/(K-1) sum_{j != i} g((K-1) q_j - 1), q_j = p_j/(1 - "
      "delta), g(s) = (1 + s) log1p(s) - s (exact identity, logs free: summed over j for every K, term by "
      "term for K = 2..6); g >= 0 on [-1, inf) in two pieces: x = 1 + s in [0, 1]: x log x - x + 1 with 0 "
      "log 0 = 0; x >= 1: g w tau = 1 - 2 tau + tau exp(1 - 1/tau) >= 0 with w = 1/x, tau = 1/(1 + log x) "
      "(checked); both closed at x = 1 by the second-order test";
  add_facet_gap(c);
  return c;
}

DCRV_CERTIFICATE(face_gap_formula) {
  Certificate c;
  c.claim = "H.face-gap-formula";
  c.domain =
      "every K >= 2 and y in (0, 1): the equal split (identity) everywhere; the lower bound at every "
      "facet point p = y e_i + (1 - y) q through its terms x = (K-1) q_j in [0, inf) (0 log 0 = 0; x >= 1 "
      "in the compact chart of H.face-gap-at-floor), the facet sum checked exactly for every K (summed) and "
      "term by term for K = 2, ..., 6; no exclusion";
  c.method =
      "equal split: y L_y - L_y + (1-y)(L_1 - L_m) = (1-y)(L_1 - L_m - L_y) with L_y = log y, L_1 = "
      "log(1-y), L_m = log(K-1) free (degree <= 1 in each of y, L_y, L_1, L_m: a 2^4 grid); facet "
      "points: sum_j p_j log p_j - log y - Gamma(y) = (1-y)/(K-1) sum_{j != i} g((K-1) q_j - 1), g(s) = "
      "(1 + s) log1p(s) - s >= 0 as in H.face-gap-at-floor (the same pieces and identities)";
  c.identities.push_back(
      exact_identity("equal split", 4, 1, [](const XVec& x, const RationalConstants&) -> Exact {
        const Exact &y = x[0], &Ly = x[1], &L1 = x[2], &Lm = x[3];
        const Exact v_eq = y * Ly - Ly + (1 - y) * (L1 - Lm);
        return v_eq - (1 - y) * (L1 - Lm - Ly); // Γ(y) = (1−y) log((1−y)/((K−1)y))
      }));
  add_facet_gap(c);
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Log-ratio SDEs (eq. logratio) for the STaR and GRPO scores: the generator's drift and noise row of
// z_ij = log p_i − log p_j equal the displayed terms (properties/H_logratio_sdes.cpp).
// ---------------------------------------------------------------------------------------------------------

/// The Itô drift identity for a free score vector φ: F_i/p_i − F_j/p_j + ½(−Q_ii/p_i² + Q_jj/p_j²) =
/// (φ_i − φ_j) − εz_ij − (γ/2)((1 − p_i)/p_i − (1 − p_j)/p_j), F = p ⊙ (φ − ε(L − ⟨p, L⟩)), Q = γ(diag p −
/// ppᵀ). ε and L enter only as εL_k =: M_k (the drift and εz_ij = M_i − M_j). Variables (p₁..p_K free
/// positive, φ₁..φ_K, γ, M₁..M_K); every pair i ≠ j.
IdentityPiece ito_drift_piece(std::size_t K) {
  return exact_identity(
      k_label(K) + ", generator drift", 3 * K + 1, 2, [K](const XVec& x, const RationalConstants&) -> XVec {
        const XVec p = slice(x, 0, K), phi = slice(x, K, K), M = slice(x, 2 * K + 1, K);
        const Exact& gamma = x[2 * K];
        const Exact mm = dot(p, M);
        XVec F(K);
        for (std::size_t k = 0; k < K; ++k)
          F[k] = p[k] * (phi[k] - (M[k] - mm));
        auto Q = [&](std::size_t a) { return gamma * (p[a] - p[a] * p[a]); }; // diag of Q
        XVec r;
        for (std::size_t i = 0; i < K; ++i)
          for (std::size_t j = 0; j < K; ++j) {
            if (i == j)
              continue;
            const Exact drift =
                F[i] / p[i] - F[j] / p[j] + Rational(1, 2) * (-Q(i) / (p[i] * p[i]) + Q(j) / (p[j] * p[j]));
            const Exact shown =
                (phi[i] - phi[j]) - (M[i] - M[j]) - gamma / 2 * ((1 - p[i]) / p[i] - (1 - p[j]) / p[j]);
            r.push_back(drift - shown);
          }
        return r;
      });
}

/// The noise row: (σᵀ∇z)ᵀ = σ_i·/p_i − σ_j·/p_j = √γ(e_i/√p_i − e_j/√p_j), σ = √γ(diag √p − p√pᵀ); √p = s(t)
/// stereographic, √γ = g. Variables (t₁..t_{K−1}, g).
IdentityPiece noise_row_piece(std::size_t K) {
  return exact_identity(k_label(K) + ", noise row", K, 8,
                        [K](const XVec& x, const RationalConstants&) -> XVec {
                          const XVec s = sphere_point(x, K);
                          const Exact& g = x[K - 1];
                          const auto sig = wf_sigma_exact(s, g);
                          XVec r;
                          for (std::size_t i = 0; i < K; ++i)
                            for (std::size_t j = 0; j < K; ++j) {
                              if (i == j)
                                continue;
                              const Exact pi = s[i] * s[i], pj = s[j] * s[j];
                              for (std::size_t l = 0; l < K; ++l) {
                                const Exact row = sig[i][l] / pi - sig[j][l] / pj;
                                const Exact shown = (l == i ? Exact(g / s[i]) : Exact(0)) -
                                                    (l == j ? Exact(g / s[j]) : Exact(0));
                                r.push_back(row - shown);
                              }
                            }
                          return r;
                        });
}

/// φ^STaR of def:star-score (dcrv::star_score_formula): φ_c = (p_c − S⁽²⁾)/ρ (c ∈ C), −S⁽²⁾/ρ (i ∈ I),
/// C = the first KC coordinates (StarPartition::window(K, KC)).
XVec star_score_exact(const XVec& p, std::size_t KC) {
  Exact rho(0), s2(0);
  for (std::size_t c = 0; c < KC; ++c) {
    rho += p[c];
    s2 += p[c] * p[c];
  }
  XVec phi(p.size());
  for (std::size_t k = 0; k < p.size(); ++k)
    phi[k] = ((k < KC ? p[k] : Exact(0)) - s2) / rho;
  return phi;
}

/// φ_i − φ_j = (p_i − p_j)/ρ for i, j ∈ C; variables p₁..p_K free positive.
IdentityPiece star_difference_piece(std::size_t K, std::size_t KC) {
  return exact_identity(k_label(K) + ", |C| = " + std::to_string(KC) + ", score difference", K, 3,
                        [K, KC](const XVec& p, const RationalConstants&) -> XVec {
                          const XVec phi = star_score_exact(p, KC);
                          Exact rho(0);
                          for (std::size_t c = 0; c < KC; ++c)
                            rho += p[c];
                          XVec r;
                          for (std::size_t i = 0; i < KC; ++i)
                            for (std::size_t j = 0; j < KC; ++j)
                              r.push_back(phi[i] - phi[j] - (p[i] - p[j]) / rho);
                          return r;
                        });
}

/// The three identities of H.star-logratio / H.grpo-logratio per K = 2, 3: the score difference within C
/// (`difference`, per |C|), the generator's drift of z_ij for a free score vector, and the noise row.
void add_logratio_pieces(Certificate& c, IdentityPiece (*difference)(std::size_t K, std::size_t KC)) {
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 3; ++K) {
    for (std::size_t KC = 2; KC <= K; ++KC)
      c.identities.push_back(difference(K, KC));
    c.identities.push_back(ito_drift_piece(K));
    c.identities.push_back(noise_row_piece(K));
  }
}

DCRV_CERTIFICATE(star_logratio) {
  Certificate c;
  c.claim = "H.star-logratio";
  c.domain =
      "K = 2, 3, every |C| in [2, K]; every p in the open simplex (the drift and score identities for "
      "every positive p, the noise row on the closed simplex), every eps, every gamma > 0; no exclusion";
  c.method =
      "three exact identities whose conjunction is the claim: (1) phi^STaR_i - phi^STaR_j = (p_i - "
      "p_j)/rho (def:star-score, times rho: degree <= 3); (2) the generator's drift of z_ij for a FREE "
      "score vector phi (so for phi^STaR(p)), eps L_k =: M_k free (eps and log p enter only so), times "
      "p_i p_j degree <= 2 in each variable; (3) the noise row with sqrt p = s(t) stereographic, sqrt "
      "gamma = g, times s_i s_j (1 + |t|^2)^4 degree <= 8; each zero on its product grid hence "
      "identically";
  add_logratio_pieces(c, star_difference_piece);
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2
  c.identities.push_back(aggregate::star_difference_every_k());
  c.identities.push_back(aggregate::ito_drift_every_k());
  c.identities.push_back(aggregate::noise_row_every_k());
  c.reductions.push_back(
      {"the claim is about the pair (i, j): the score difference phi_i - phi_j ((p_c - S2)/rho: the others "
       "only through rho = sum_C p, S2 = sum_C p^2)), the generator's drift of z_ij (F_k/p_k = phi_k - (M_k "
       "- <p, M>), Q_kk/p_k^2 = gamma(1 - p_k)/p_k: the others only through <p, M>) and the noise row "
       "(sigma_il/p_i - sigma_jl/p_j: entry l in {i, j, other}, no aggregate) depend on the other "
       "coordinates only through the aggregates named, free in the three summed identities (checked), so "
       "they hold for every K (term by term for K = 2, 3)",
       {"K"}});
  return c;
}

/// GRPO's centred score γ̂_C = σH, γ̂_I = −ρH (grpo::centered_score, σ = Σ_I p, H = h_G(ρ) free): γ̂_i = γ̂_j
/// for i, j ∈ C. Variables (p₁..p_K, H).
IdentityPiece grpo_difference_piece(std::size_t K, std::size_t KC) {
  return exact_identity(k_label(K) + ", |C| = " + std::to_string(KC) + ", score difference", K + 1, 2,
                        [K, KC](const XVec& x, const RationalConstants&) -> XVec {
                          Exact rho(0), sigma(0);
                          for (std::size_t k = 0; k < K; ++k)
                            (k < KC ? rho : sigma) += x[k];
                          const Exact& H = x[K];
                          XVec phi(K);
                          for (std::size_t k = 0; k < K; ++k)
                            phi[k] = k < KC ? Exact(sigma * H) : Exact(-rho * H);
                          XVec r;
                          for (std::size_t i = 0; i < KC; ++i)
                            for (std::size_t j = 0; j < KC; ++j)
                              r.push_back(phi[i] - phi[j]);
                          return r;
                        });
}

DCRV_CERTIFICATE(grpo_logratio) {
  Certificate c;
  c.claim = "H.grpo-logratio";
  c.domain =
      "K = 2, 3, every |C| in [2, K], every group size G (h_G(rho) is a free variable); every p in the "
      "open simplex, every eps, every gamma > 0; no exclusion";
  c.method =
      "three exact identities whose conjunction is the claim: (1) the centred GRPO score (1-rho)h, "
      "-rho h with h = h_G(rho) free has phi_i = phi_j on C (degree <= 2); (2) the generator's drift of "
      "z_ij for a FREE score vector phi (so for GRPO's, with phi_i - phi_j = 0), eps L_k =: M_k free, "
      "times p_i p_j degree <= 2; (3) the noise row with sqrt p = s(t) stereographic, sqrt gamma = g, "
      "degree <= 8; each zero on its product grid hence identically";
  add_logratio_pieces(c, grpo_difference_piece);
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2
  c.identities.push_back(aggregate::grpo_difference_every_k());
  c.identities.push_back(aggregate::ito_drift_every_k());
  c.identities.push_back(aggregate::noise_row_every_k());
  c.reductions.push_back(
      {"the claim is about the pair (i, j): the score difference phi_i - phi_j (sigma H on C: the others "
       "only through rho, sigma = sum_I p), the generator's drift of z_ij (F_k/p_k = phi_k - (M_k - <p, M>), "
       "Q_kk/p_k^2 = gamma(1 - p_k)/p_k: the others only through <p, M>) and the noise row (sigma_il/p_i - "
       "sigma_jl/p_j: entry l in {i, j, other}, no aggregate) depend on the other coordinates only through "
       "the aggregates named, free in the three summed identities (checked), so they hold for every K (term "
       "by term for K = 2, 3)",
       {"K"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// main §4.3 (the (WF) noise with γ = 1/B): N = B^{−e}(diag √p − p√pᵀ), NNᵀ = (diag p − ppᵀ)/B, 1ᵀN = 0.
// B = b² with b > 0 free, B^{−e} = b^{−2e}: rational when 2e is an integer (the paper's e = ½: 1/b); any
// other exponent is refused (an irrational factor cannot be evaluated exactly, and the identity is false).
// ---------------------------------------------------------------------------------------------------------

IdentityPiece noise_covariance_piece(std::size_t S) {
  return exact_identity("S = " + std::to_string(S), S, 12,
                        [S](const XVec& x, const RationalConstants& k) -> XVec {
                          const XVec s = sphere_point(x, S);
                          const Exact& b = x[S - 1];
                          const Exact f = aggregate::prefactor(b, k("e")), B = b * b;
                          // N = B^{−e}(diag √p − p√pᵀ): the (WF) σ of H.wf-covariance with √γ = B^{−e}
                          return covariance_residual(wf_sigma_exact(s, f), s, 1 / B);
                        });
}

DCRV_CERTIFICATE(sde_noise_covariance) {
  Certificate c;
  c.claim = "M.sde-noise-covariance";
  c.domain = "S = 2, 3; every p in the closed simplex and every B > 0; no exclusion";
  c.method =
      "sqrt p = s(t) by the stereographic chart of the unit sphere (onto its closed positive orthant, "
      "p = s*s, sum p = 1), B = b^2 with b > 0 free and B^-e = b^-2e (rational for 2e an integer, "
      "refused otherwise): each entry of N N^T - (diag p - p p^T)/B and of 1^T N times (1 + |t|^2)^6 b^2 "
      "is a polynomial of degree <= 12 in each variable, zero on a 13^S grid hence identically";
  c.constants = {{"e", [] { return Interval(1) / Interval(2); }, [] { return Rational(1, 2); }}};
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 3; ++S)
    c.identities.push_back(noise_covariance_piece(S));
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.identities.push_back(aggregate::wf_covariance_every_k(true));
  c.reductions.push_back(
      {"entry (i, j) of N N^T (and column i of 1^T N), N_il = B^-e(delta_il s_i - p_i s_l), s = sqrt p, "
       "depends on the other coordinates only through R = sum_{l != i, j} s_l^2: with s_i, s_j, b = sqrt B, "
       "R free the differences to (diag p - p p^T)/B are (P - 1) times explicit terms, P = s_i^2 + s_j^2 + R "
       "= sum p (checked at the paper's e = 1/2), 0 on the simplex, for every S (term by term for S = 2, 3)",
       {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// main §4.2, STaR and GRPO bullets: the score differences within C.
// ---------------------------------------------------------------------------------------------------------

/// φ^STaR_a − φ^STaR_b = (p_a − p_b)/ρ and, at ε = 0, the per-capita rates r = φ − 0·(log p − ⟨log p⟩) = φ;
/// C = the first M coordinates (leading_correct); variables p₁..p_S free positive.
DCRV_CERTIFICATE(main_star_score_diff) {
  Certificate c;
  c.claim = "M.star-score-diff";
  c.domain =
      "S = 2, ..., 6 and every M in [2, S]; every p with positive entries (so every p in int Delta); no "
      "exclusion";
  c.method =
      "phi^STaR of def:star-score, phi_c = (p_c - S2)/rho, -S2/rho on I: phi_a - phi_b - (p_a - p_b)/rho "
      "times rho has degree <= 3 in each p_k, zero on a 4^S grid hence identically; the rates at eps = 0 "
      "are r = phi exactly";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    for (std::size_t M = 2; M <= S; ++M)
      c.identities.push_back(star_difference_piece(S, M));
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.identities.push_back(aggregate::star_difference_every_k());
  c.reductions.push_back({"phi_a - phi_b = (p_a - S2)/rho - (p_b - S2)/rho (def:star-score) depends on the "
                          "other coordinates only through rho = sum_C p and S2 = sum_C p^2: with p_a, p_b, "
                          "rho, S2 free it is (p_a - p_b)/rho (checked), for every S and M (term by term for "
                          "S = 2..6)",
                          {"S"}});
  return c;
}

/// The centred GRPO score and the raw score h_G(ρ)1_C are constant on C (H = h_G(ρ) free).
IdentityPiece grpo_raw_difference_piece(std::size_t S, std::size_t M) {
  return exact_identity("S = " + std::to_string(S) + ", M = " + std::to_string(M) + ", raw score", S + 1, 1,
                        [S, M](const XVec& x, const RationalConstants&) -> XVec {
                          XVec raw(S);
                          for (std::size_t k = 0; k < S; ++k)
                            raw[k] = k < M ? x[S] : Exact(0);
                          XVec r;
                          for (std::size_t i = 1; i < M; ++i)
                            r.push_back(raw[i] - raw[0]);
                          return r;
                        });
}

DCRV_CERTIFICATE(main_grpo_score_diff_zero) {
  Certificate c;
  c.claim = "M.grpo-score-diff-zero";
  c.domain = "S = 2, ..., 6 and every M in [2, S]; every group size G (h_G(rho) a free variable); every p in "
             "R^S (so the closed simplex); no exclusion";
  c.method = "centred score (grpo::centered_score) sigma h on C, -rho h on I and raw score h 1_C with h = "
             "h_G(rho) free: the differences on C are polynomials of degree <= 2 in each variable, zero on "
             "the grid hence identically";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    for (std::size_t M = 2; M <= S; ++M) {
      c.identities.push_back(grpo_difference_piece(S, M));
      c.identities.push_back(grpo_raw_difference_piece(S, M));
    }
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  c.identities.push_back(aggregate::grpo_difference_every_k());
  c.reductions.push_back({"on C the centred score is sigma H (sigma = sum_I p) and the raw score H, the same "
                          "for every a in C: the difference depends on the other coordinates only through "
                          "sigma (and rho), free in the summed identity (checked), so it is 0 for every S "
                          "and M (term by term for S = 2..6)",
                          {"S"}});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Theorem thm:concentration: V(p) ≥ γ_δ² L(p)(1 − L(p)), V = Var_p(b), S = argmax b, I = Sᶜ ≠ ∅, γ_δ = max b
// − max_I b, L = Σ_I p_i. V, γ_δ and L are invariant under a common permutation of (p, b) and under b ↦ b +
// c1 (exact), so every b with I ≠ ∅ reduces to b sorted decreasingly with its second-largest distinct value
// 0: K = 2: b = (γ, 0); K = 3: b = (γ, 0, −η) (η > 0, S = {1}), (γ, 0, 0) (S = {1}, a tie in I), (γ, γ, 0) (S
// = {1, 2}), with γ > 0, η > 0 free. In each case V − γ²L(1 − L) is proved exactly equal to a polynomial: 0
// in the three tie-free-of-I cases, and p₃η²(1 − p₃) + 2p₁p₃γη for b = (γ, 0, −η), which is ≥ 0 on the closed
// simplex by interval evaluation (a sum of non-negative terms).
// ---------------------------------------------------------------------------------------------------------

/// V − γ²L(1 − L) − rest for b = (b₁, …, b_K) with p in the chart of Σp = 1 (variables p₁..p_{K−1}, γ, η).
IdentityPiece variance_gap_piece(std::string label, std::size_t K,
                                 std::function<XVec(const Exact&, const Exact&)> b_of,
                                 std::vector<std::size_t> incorrect,
                                 std::function<Exact(const XVec&, const Exact&, const Exact&)> rest) {
  return exact_identity(std::move(label), K + 1, 4,
                        [K, b_of, incorrect, rest](const XVec& x, const RationalConstants&) -> Exact {
                          const XVec p = plane_chart(x, K);
                          const Exact &gamma = x[K - 1], &eta = x[K];
                          const XVec b = b_of(gamma, eta);
                          const Exact m = dot(p, b);
                          Exact V(0), L(0);
                          for (std::size_t j = 0; j < K; ++j)
                            V += p[j] * (b[j] - m) * (b[j] - m);
                          for (std::size_t i : incorrect)
                            L += p[i];
                          return V - gamma * gamma * L * (1 - L) - rest(p, gamma, eta);
                        });
}

Exact zero_rest(const XVec&, const Exact&, const Exact&) {
  return 0;
}

/// −(p₃η²(1 − p₃) + 2p₁p₃γη) ≤ 0 on the closed simplex (stick-breaking), γ, η ∈ [0, 10].
Piece variance_gap_sign_piece() {
  return make_piece<4>("K = 3, b = (gamma, 0, -eta): the remainder is >= 0",
                       {{Interval(0.0, 1.0), Interval(0.0, 1.0), Interval(0.0, 10.0), Interval(0.0, 10.0)}},
                       [](const auto& x, const Constants&) {
                         const auto p = stick_breaking<3>(x);
                         const auto &gamma = x[2], &eta = x[3];
                         return -(p[2] * square(eta) * (1 - p[2]) + 2 * p[0] * p[2] * gamma * eta);
                       });
}

DCRV_CERTIFICATE(variance_gap_bound) {
  Certificate c;
  c.claim = "H.variance-gap-bound";
  c.domain = "K = 2, 3; every p in the closed simplex and every b in R^K with I nonempty (b in [-5, 5]^K in "
             "particular: the gaps gamma, eta are then <= 10), ties included; no exclusion";
  c.method =
      "V, gamma_delta and L are invariant under a common permutation of (p, b) and under b -> b + c 1, so "
      "b reduces to (gamma, 0) (K = 2) or (gamma, 0, -eta), (gamma, 0, 0), (gamma, gamma, 0) (K = 3); "
      "V - gamma^2 L(1-L) equals 0 in the last three and p_3 eta^2 (1 - p_3) + 2 p_1 p_3 gamma eta in "
      "the first: exact identities (p_K = 1 - sum p_i, degree <= 4 in each variable, zero on a 5^(K+1) "
      "grid hence identically), and the remainder >= 0 by interval evaluation";
  const auto two = [](const Exact& g, const Exact&) { return XVec{g, 0}; };
  c.identities.push_back(variance_gap_piece("K = 2, b = (gamma, 0)", 2, two, {1}, zero_rest));
  c.identities.push_back(variance_gap_piece(
      "K = 3, b = (gamma, 0, -eta)", 3,
      [](const Exact& g, const Exact& e) {
        return XVec{g, 0, -e};
      },
      {1, 2},
      [](const XVec& p, const Exact& g, const Exact& e) -> Exact {
        return p[2] * e * e * (1 - p[2]) + 2 * p[0] * p[2] * g * e;
      }));
  c.identities.push_back(variance_gap_piece(
      "K = 3, b = (gamma, 0, 0)", 3,
      [](const Exact& g, const Exact&) {
        return XVec{g, 0, 0};
      },
      {1, 2}, zero_rest));
  c.identities.push_back(variance_gap_piece(
      "K = 3, b = (gamma, gamma, 0)", 3,
      [](const Exact& g, const Exact&) {
        return XVec{g, g, 0};
      },
      {2}, zero_rest));
  c.pieces = {variance_gap_sign_piece()};
  c.pieces[0] = with_dim(c.pieces[0], "K", 3); // the remainder's sign at K = 3
  for (std::size_t i = 0; i < c.identities.size(); ++i)
    c.identities[i].dims = {{"K", i == 0 ? 2 : 3}}; // b = (gamma, 0); then three cases of K = 3
  c.paper = {{"K", 2, kUnbounded}};                 // every K >= 2
  c.scope.gap =
      "the reduction of b to sorted cases is per K (K = 2, 3): every K needs the remainder V - "
      "gamma^2 L(1-L) >= 0 as a sum over the incorrect classes (a symbolic-K argument on the variance "
      "decomposition), not built here";
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"b = ("});
  return c;
}

} // namespace
} // namespace dcrv::certify
