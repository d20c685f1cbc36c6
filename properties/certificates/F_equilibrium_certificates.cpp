// Certificates of App. F claims that do not read g_β's values: exact identities of the DPO–SRCT drift (the
// algebra of φ, E and ṗ), of the two-level parametrisation and of the cap polynomial, and interval bounds
// on the floor/cap geometry (properties/F_dpo_score.cpp, F_dpo_thresholds.cpp, F_dpo_equilibrium.cpp).
//
// Drift identities (certify/exact_identity.hpp). The DPO–SRCT objects (dcrv/scores/dpo.hpp) are, at a point
// p with raw scores f_j = s_j g_β(log p_j) and logarithms L_j = log p_j,
//   φ_i = f_i − Σ_j p_j f_j,   E_i = p_i (L_i − Σ_j p_j L_j),   ṗ_i = p_i φ_i − ε E_i.
// Each identity below is a polynomial identity in p, f, L and ε once its denominators (p_i, where ṗ_i/p_i is
// formed) are cleared, and it holds with f and L as free variables: so it holds in particular for f_j = s_j
// g_β(log p_j) (every labelling, β, ℓ₀) and L_j = log p_j. Where the identity needs Σ p = 1 the chart is
// p_K = 1 − Σ_{j<K} p_j, otherwise p ranges over the positive orthant (⊇ the open simplex). Per variable the
// cleared residual has degree ≤ 2 in p (also where ṗ_i/p_i is formed, times p_i), 1 in f, L, ε: a 3-point
// grid per variable decides it. The formulas are symmetric under relabelling the coordinates, so pairs (i, k)
// are taken as (1, 2) and components as i = 1 where stated (every other pair/component is the image of these
// under a permutation of the coordinates, which maps the identity to itself).
#include <array>
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/dpo_exact.hpp"
#include "properties/certificates/drift_lump_aggregates.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using dpo_exact::face_gap_box_and;
using softmax_exact::dot;

using XVec = std::vector<Exact>;

constexpr double inf = kUnbounded;

/// `piece` tagged with its simplex size K (scope data: the identity is proved for this K).
IdentityPiece with_k(IdentityPiece piece, std::size_t K) {
  piece.dims = {{"K", static_cast<int>(K)}};
  return piece;
}

// ---------------------------------------------------------------------------------------------------------
// The DPO–SRCT drift in free variables (rationals).
// ---------------------------------------------------------------------------------------------------------

/// A point of the drift identities: p, f, L and ε read from the variable vector.
struct DriftPoint {
  XVec p, f, L;
  Exact eps;
  /// The aggregate reading (drift_aggregate_point): p, f, L hold only the coordinates the formula touches,
  /// and the other coordinates enter only through the free aggregates fbar = Σ_j p_j f_j, lbar = Σ_j p_j L_j.
  bool aggregate = false;
  Exact fbar, lbar;
  /// A test's refusal (aggregates::f_drift(…, true)): the claimed side drops one term (keep).
  bool off = false;

  /// Σ_j p_j f_j.
  Exact mean_f() const { return aggregate ? fbar : dot(p, f); }
  /// φ_i = f_i − Σ_j p_j f_j.
  Exact phi(std::size_t i) const { return f[i] - mean_f(); }
  /// ⟨L⟩ = Σ_j p_j L_j.
  Exact mean_log() const { return aggregate ? lbar : dot(p, L); }
  /// ṗ_i = p_i φ_i − ε p_i (L_i − ⟨L⟩) (DpoModel::drift: p ⊙ rate).
  Exact drift(std::size_t i) const { return p[i] * (phi(i) - eps * (L[i] - mean_log())); }
  /// A term of the claimed side: `t`, or 0 in a test's refusal.
  Exact keep(const Exact& t) const { return off ? Exact(0) : t; }
};

/// The variable groups of a drift identity besides the masses (the absent ones are 0): fewer variables, a
/// smaller grid.
enum DriftVars : unsigned { kF = 1, kL = 2, kEps = 4, kAll = 7 };

/// Variables: K − 1 masses (p_K = 1 − Σ, `simplex`) or K masses (orthant), then (per `vars`) K values f, K
/// values L, ε.
DriftPoint drift_point(const XVec& x, std::size_t K, bool simplex, unsigned vars) {
  DriftPoint d;
  std::size_t at = 0;
  Exact rest(1);
  for (std::size_t j = 0; j < K; ++j) {
    if (simplex && j + 1 == K) {
      d.p.push_back(rest);
    } else {
      d.p.push_back(x[at]);
      rest -= x[at++];
    }
  }
  for (std::size_t j = 0; j < K; ++j)
    d.f.push_back((vars & kF) ? x[at++] : Exact(0));
  for (std::size_t j = 0; j < K; ++j)
    d.L.push_back((vars & kL) ? x[at++] : Exact(0));
  d.eps = (vars & kEps) ? x[at] : Exact(0);
  return d;
}
std::size_t drift_variables(std::size_t K, bool simplex, unsigned vars) {
  return (simplex ? K - 1 : K) + ((vars & kF) ? K : 0) + ((vars & kL) ? K : 0) + ((vars & kEps) ? 1 : 0);
}

IdentityPiece drift_piece(std::string label, std::size_t K, bool simplex, int degree,
                          std::function<Exact(const DriftPoint&)> residual, unsigned vars = kAll) {
  return with_k(
      exact_identity(std::move(label), drift_variables(K, simplex, vars), degree,
                     [K, simplex, vars, residual](const XVec& x, const RationalConstants&) -> Exact {
                       return residual(drift_point(x, K, simplex, vars));
                     }),
      K);
}
std::string k_label(std::size_t K) {
  return "K = " + std::to_string(K);
}

// ---------------------------------------------------------------------------------------------------------
// The aggregate (dimension-free) reading: coordinate i of the drift is p_i(f_i − f̄ − ε(L_i − L̄)), so the
// other coordinates enter only through f̄ = Σ_j p_j f_j and L̄ = Σ_j p_j L_j; with these free an identity in
// the touched coordinates holds for every K (issue 20 point 8; H.face-gap-formula is the model).
// ---------------------------------------------------------------------------------------------------------

/// The drift at n touched coordinates: variables p (n, positive orthant), f (n), L (n), ε, then the free
/// aggregates f̄, L̄.
DriftPoint drift_aggregate_point(const XVec& x, std::size_t n, bool off) {
  DriftPoint d = drift_point(x, n, false, kAll);
  d.aggregate = true;
  d.fbar = x[3 * n + 1];
  d.lbar = x[3 * n + 2];
  d.off = off;
  return d;
}
const std::string kAggregate = "aggregate (every K): ";

/// `residual` in the aggregate reading at n touched coordinates (no dimension: it holds for every K).
IdentityPiece drift_aggregate_piece(const std::string& label, std::size_t n, int degree,
                                    std::function<Exact(const DriftPoint&)> residual, bool off) {
  return exact_identity(kAggregate + label, 3 * n + 3, degree,
                        [n, residual, off](const XVec& x, const RationalConstants&) -> Exact {
                          return residual(drift_aggregate_point(x, n, off));
                        });
}

/// A sum over every coordinate i of a summand t(p_i, f_i, L_i) whose coefficients involve only f̄, L̄, ε: the
/// coefficients are read off t itself (c₀ = t(1, 0, 0), c_f = t(1, 1, 0) − c₀, c_L = t(1, 0, 1) − c₀), and
/// the two components are (1) t ≡ c_f p f + c_L p L + c₀ p (the summand is affine in the monomials p_i f_i,
/// p_i L_i, p_i) and (2) the sum c_f Σp f + c_L Σp L + c₀ Σp = c_f f̄ + c_L L̄ + c₀ at Σp = 1 (the paper's
/// simplex) vanishes. Variables p, f, L (one coordinate), ε, f̄, L̄. `off`: the sums Σp f, Σp L in (2) read as
/// −f̄, −L̄ (a sign flip of the aggregates).
IdentityPiece drift_sum_aggregate(const std::string& label, std::function<Exact(const DriftPoint&)> summand,
                                  bool off) {
  return exact_identity(
      kAggregate + label, 6, 2, [summand, off](const XVec& x, const RationalConstants&) -> XVec {
        const DriftPoint d = drift_aggregate_point(x, 1, false);
        auto at = [&](int p, int f, int L) {
          DriftPoint e = d;
          e.p = {Exact(p)};
          e.f = {Exact(f)};
          e.L = {Exact(L)};
          return summand(e);
        };
        const Exact c0 = at(1, 0, 0), cf = at(1, 1, 0) - c0, cL = at(1, 0, 1) - c0;
        const Exact &p = d.p[0], &f = d.f[0], &L = d.L[0];
        const Exact sum_pf = off ? Exact(-d.fbar) : d.fbar, sum_pL = off ? Exact(-d.lbar) : d.lbar;
        return {summand(d) - (cf * p * f + cL * p * L + c0 * p), cf * sum_pf + cL * sum_pL + c0};
      });
}

/// The reduction of the drift certificates to their aggregate identities.
Reduction drift_reduction(const std::string& what) {
  return {"coordinate i of the drift (App. F: pdot_i = p_i(phi_i - eps(log p_i - <log p>)), phi_i = f_i - "
          "<p, f>) involves the other coordinates only through the aggregates <p, f> and <p, log p>; " +
              what + " (checked with these free, so for every K; term by term for the K listed as well)",
          {"K"}};
}

// App. F, definition of φ: Σ_i p_i φ_i = 0 on the simplex.
DCRV_CERTIFICATE(phi_centered) {
  Certificate c;
  c.claim = "F.phi-centered";
  c.domain = "every K >= 2 (aggregate identity; term by term K = 2, ..., 5); every p in the open simplex, "
             "every labelling, beta, ell0 (the raw scores f_j = s_j g(log p_j) as free variables); no "
             "exclusion";
  c.method = "exact: sum_i p_i (f_i - sum_j p_j f_j) = 0 with p_K = 1 - sum_{j<K} p_j and f free (L, eps "
             "unused): degree <= 2 in each variable, a 3-point grid per variable; for every K: the summand "
             "p_i(f_i - fbar) is affine in (p_i f_i, p_i) with coefficients in fbar, so the sum is fbar - "
             "fbar sum p = 0 at sum p = 1";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 5; ++K)
    c.identities.push_back(drift_piece(
        k_label(K), K, true, 2,
        [K = static_cast<std::size_t>(K)](const DriftPoint& d) -> Exact {
          Exact s(0);
          for (std::size_t i = 0; i < K; ++i)
            s += d.p[i] * d.phi(i);
          return s;
        },
        kF));
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(drift_reduction("the summand p_i phi_i is affine in (p_i f_i, p_i) with "
                                         "coefficients in <p, f>, so the sum is <p, f> - <p, f> sum p"));
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  return c;
}

// App. F, "mass conservation": Σ ṗ_i = 0, Σ p_i φ_i = 0, Σ p_i (L_i − ⟨L⟩) = 0.
DCRV_CERTIFICATE(mass_conservation) {
  Certificate c;
  c.claim = "F.mass-conservation";
  c.domain =
      "every K >= 2 (the three sums as aggregate identities; term by term K = 2, 3 all three sums, K = 4, 5 "
      "the two separate sums); every p in the open simplex, every labelling, beta, ell0, every real eps "
      "(f_j, log p_j free); no exclusion";
  c.method = "exact: with p_K = 1 - sum_{j<K} p_j, f and L = log p free: sum_i pdot_i, sum_i p_i phi_i and "
             "sum_i p_i (L_i - <L>) are polynomials of degree <= 2 in each variable, zero on a 3-point grid";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 5; ++K) {
    if (K <= 3)
      c.identities.push_back(drift_piece(k_label(K) + ", sum pdot", K, true, 2,
                                         [K = static_cast<std::size_t>(K)](const DriftPoint& d) -> Exact {
                                           Exact s(0);
                                           for (std::size_t i = 0; i < K; ++i)
                                             s += d.drift(i);
                                           return s;
                                         }));
    IdentityPiece phi = drift_piece(
        k_label(K) + ", sum p phi", K, true, 2,
        [K = static_cast<std::size_t>(K)](const DriftPoint& d) -> Exact {
          Exact s(0);
          for (std::size_t i = 0; i < K; ++i)
            s += d.p[i] * d.phi(i);
          return s;
        },
        kF);
    IdentityPiece ent = drift_piece(
        k_label(K) + ", sum p (L - <L>)", K, true, 2,
        [K = static_cast<std::size_t>(K)](const DriftPoint& d) -> Exact {
          Exact s(0);
          const Exact m = d.mean_log();
          for (std::size_t i = 0; i < K; ++i)
            s += d.p[i] * (d.L[i] - m);
          return s;
        },
        kL);
    c.identities.push_back(phi);
    c.identities.push_back(ent);
  }
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      drift_reduction("each summand (pdot_i, p_i phi_i, p_i(L_i - <L>)) is affine in (p_i f_i, p_i L_i, "
                      "p_i) with coefficients in the aggregates and eps, so each sum is <p, f> c_f + <p, L> "
                      "c_L + c_0 sum p, zero at sum p = 1"));
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  return c;
}

/// ṗ_i − δ(φ_i + ε(⟨L⟩ − log δ)) at p_i = δ (component i = 1).
Exact face_drift_residual(const DriftPoint& d) {
  const Exact& delta = d.p[0];
  const Exact& log_delta = d.L[0]; // log p_1 = log δ
  return d.drift(0) - delta * (d.phi(0) + d.keep(d.eps * (d.mean_log() - log_delta)));
}
/// face_drift_residual at K (orthant).
IdentityPiece face_drift_piece(std::size_t K) {
  return drift_piece(k_label(K) + ", face p_1 = delta", K, false, 2, face_drift_residual);
}

// App. F, BD (first display): ṗ_i = δ(φ_i + ε(⟨log p⟩ − log δ)) on the face p_i = δ.
DCRV_CERTIFICATE(face_drift) {
  Certificate c;
  c.claim = "F.face-drift";
  c.domain = "every K >= 2 (aggregate identity; term by term K = 2, 3); every point with p_i = delta of the "
             "positive orthant (so every point of every lower face of Delta_delta, every delta), every "
             "labelling, beta, ell0, every real eps; no exclusion";
  c.method = "exact: pdot_1 - delta(phi_1 + eps(<L> - L_1)) with p_1 = delta, L_1 = log delta, f and L free: "
             "degree <= 2 per variable, a 3-point grid; other faces i by relabelling";
  c.identities = {face_drift_piece(2), face_drift_piece(3)};
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      drift_reduction("pdot_i - delta B_i at p_i = delta is a formula in (delta, f_i, eps) "
                      "and the two aggregates"));
  c.paper = {{"K", 2, inf}}; // every K >= 2 (every labelling, beta, ell0, eps)
  return c;
}

// App. F, BD, "Exact face test": ṗ_i = δ B_i, so sign(ṗ_i) = sign(B_i) (δ > 0).
DCRV_CERTIFICATE(face_test_iff) {
  Certificate c;
  c.claim = "F.face-test-iff";
  c.domain = "every K >= 2 (aggregate identity; term by term K = 2, 3); every point of every lower face p_i "
             "= delta of Delta_delta (the orthant), every labelling, beta, ell0, every real eps; no "
             "exclusion";
  c.method = "exact: pdot_i = delta B_i(p, eps) with B_i = phi_i + eps(<log p> - log delta) (the identity of "
             "F.face-drift, degree <= 2 per variable); since delta > 0 the signs of pdot_i and B_i agree, in "
             "both directions";
  c.identities = {face_drift_piece(2), face_drift_piece(3)};
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      drift_reduction("pdot_i - delta B_i at p_i = delta is a formula in (delta, f_i, eps) "
                      "and the two aggregates"));
  c.paper = {{"K", 2, inf}}; // every K >= 2 (every labelling, beta, ell0, eps)
  return c;
}

/// Form 1: ż_12 = ṗ_1/p_1 − ṗ_2/p_2 equals φ_1 − φ_2 − εz_12 (f free: every labelling, s_1 = s_2 included).
Exact zik_zdot_residual(const DriftPoint& d) {
  const Exact z = d.L[0] - d.L[1];
  return d.drift(0) / d.p[0] - d.drift(1) / d.p[1] - (d.phi(0) - d.phi(1) - d.keep(d.eps * z));
}
IdentityPiece zik_zdot_piece(std::size_t K) {
  return drift_piece(k_label(K) + ", zdot = phi_i - phi_k - eps z", K, false, 2, zik_zdot_residual);
}
/// Form 2: φ_1 − φ_2 = s(g_1 − g_2) with f_1 = s g_1, f_2 = s g_2 (g_1, g_2 the variables f_1, f_2); the
/// term −εz_12 common to both sides of form 1 = form 2 cancels identically, so only p and f are variables.
std::function<Exact(const DriftPoint&)> zik_form_residual(int s) {
  return [s](const DriftPoint& d0) -> Exact {
    DriftPoint d = d0;
    const Exact g1 = d.f[0], g2 = d.f[1];
    d.f[0] = s * g1;
    d.f[1] = s * g2;
    return d.phi(0) - d.phi(1) - s * (g1 - d.keep(g2));
  };
}
IdentityPiece zik_form_piece(std::size_t K, int s) {
  return drift_piece(k_label(K) + ", s = " + std::to_string(s) + ", phi_i - phi_k = s(g_i - g_k)", K, false,
                     2, zik_form_residual(s), kF);
}

// App. F, "Intra-class contraction": ż_ik = φ_i − φ_k − εz_ik = s(g(log p_i) − g(log p_k)) − εz_ik.
DCRV_CERTIFICATE(zik_ode) {
  Certificate c;
  c.claim = "F.zik-ode";
  c.domain = "every K >= 2 (aggregate identity; term by term K = 2, 3); every p of the positive orthant (so "
             "the open simplex), both signs s, every labelling of the other coordinates, beta, ell0, every "
             "real eps; no exclusion";
  c.method =
      "exact, pair (i, k) = (1, 2) (the others by relabelling): pdot_1/p_1 - pdot_2/p_2 - (phi_1 - phi_2 - "
      "eps z) with f, L, eps free (times p_1 p_2: degree <= 2 per variable, a 3-point grid), and (phi_1 - "
      "phi_2) - s(g_1 - g_2) with f_1 = s g_1, f_2 = s g_2 for s = +1, -1 (variables p, g, f; the -eps z "
      "common to both forms cancels)";
  for (std::size_t K : {std::size_t(2), std::size_t(3)}) {
    c.identities.push_back(zik_zdot_piece(K));
    c.identities.push_back(zik_form_piece(K, 1));
    c.identities.push_back(zik_form_piece(K, -1));
  }
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      drift_reduction("zdot_ik = pdot_i/p_i - pdot_k/p_k and phi_i - phi_k are formulas in "
                      "the coordinates i, k and the two aggregates"));
  c.paper = {{"K", 2, inf}}; // every K >= 2 (every labelling, beta, ell0, eps)
  return c;
}

// App. F, "Cross-class envelopes": ż_ij = g(log p_i) + g(log p_j) − εz_ij for i ∈ 𝒞, j ∈ ℐ.
Exact zij_residual(const DriftPoint& d0) {
  DriftPoint d = d0;
  const Exact gi = d.f[0], gj = d.f[1];
  d.f[0] = gi;  // s_i = +1
  d.f[1] = -gj; // s_j = −1
  const Exact z = d.L[0] - d.L[1];
  return d.drift(0) / d.p[0] - d.drift(1) / d.p[1] - (gi + d.keep(gj) - d.eps * z);
}
IdentityPiece zij_piece(std::size_t K) {
  return drift_piece(k_label(K) + ", i = 1 correct, j = 2 incorrect", K, false, 2, zij_residual);
}
DCRV_CERTIFICATE(zij_ode) {
  Certificate c;
  c.claim = "F.zij-ode";
  c.domain =
      "every K >= 2 (aggregate identity; term by term K = 2, 3); every p of the positive orthant (so the "
      "open simplex), every labelling with s_i = +1, s_j = -1, beta, ell0, every real eps; no exclusion";
  c.method =
      "exact, pair (i, j) = (1, 2) (the others by relabelling): pdot_1/p_1 - pdot_2/p_2 - (g_1 + g_2 - "
      "eps z) with f_1 = g_1, f_2 = -g_2, z = L_1 - L_2, g, f, L free; times p_1 p_2 of degree <= 2 per "
      "variable, a 3-point grid";
  c.identities = {zij_piece(2), zij_piece(3)};
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(drift_reduction("zdot_ij = pdot_i/p_i - pdot_j/p_j is a formula in the coordinates "
                                         "i, j and the two aggregates"));
  c.paper = {{"K", 2, inf}}; // every K >= 2 (every labelling, beta, ell0, eps)
  return c;
}

// App. F, "Lyapunov structure": ṗ_i = p_i(G_i(p_i) − Ḡ), G_i = s_i g(log p_i) − ε log p_i.
/// ṗ_1 − p_1(G_1 − Ḡ), G_j = f_j − εL_j, Ḡ = Σ_j p_j G_j (in the aggregate reading Ḡ = f̄ − εL̄: Σ_j p_j G_j
/// is linear in the G_j).
Exact replicator_residual(const DriftPoint& d) {
  XVec G(d.p.size());
  for (std::size_t j = 0; j < d.p.size(); ++j)
    G[j] = d.f[j] - d.eps * d.L[j];
  const Exact gbar = d.aggregate ? Exact(d.fbar - d.eps * d.lbar) : dot(d.p, G);
  return d.drift(0) - d.p[0] * (G[0] - d.keep(gbar));
}
DCRV_CERTIFICATE(replicator_form) {
  Certificate c;
  c.claim = "F.replicator-form";
  c.domain = "every K >= 2 (aggregate identity; term by term K = 2, 3); every p of the positive orthant (so "
             "the open simplex), every labelling, beta, ell0, every real eps; no exclusion";
  c.method =
      "exact, component i = 1 (the others by relabelling): pdot_1 - p_1(G_1 - sum_j p_j G_j) with G_j = "
      "f_j - eps L_j, f and L free: degree <= 2 per variable, a 3-point grid; for every K with the "
      "aggregates <p, f>, <p, L> free (sum_j p_j G_j = <p, f> - eps <p, L> by linearity)";
  for (std::size_t K : {std::size_t(2), std::size_t(3)})
    c.identities.push_back(drift_piece(k_label(K), K, false, 2, replicator_residual));
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(drift_reduction("pdot_i - p_i(G_i - Gbar) is a formula in coordinate i and the "
                                         "aggregates, Gbar = <p, f> - eps <p, L> by linearity"));
  c.paper = {{"K", 2, inf}}; // every K >= 2 (every labelling, beta, ell0, eps)
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Jacobian and derivative formulas, by jets over the rationals (exact forward-mode differentiation).
// ---------------------------------------------------------------------------------------------------------

/// J_φ(i, k) − [δ_ik f′_k − (f_k + p_k f′_k)] with φ = f − 1 pᵀf as jets in p: variables p (K), f (K), f′
/// (K); f_j(p_j) is the jet with value f_j and gradient f′_j e_j (the chain rule for f_j = s_j g(log p_j) of
/// p_j only, whatever its values).
IdentityPiece jphi_piece(std::size_t K, std::size_t i, std::size_t k) {
  return with_k(
      exact_identity(k_label(K) + ", entry (" + std::to_string(i + 1) + ", " + std::to_string(k + 1) + ")",
                     3 * K, 2,
                     [K, i, k](const XVec& x, const RationalConstants&) -> Exact {
                       using J = Jet<Exact, 3, 1>; // K ≤ 3
                       std::vector<J> p(K), f(K);
                       for (std::size_t j = 0; j < K; ++j) {
                         p[j] = J::variable(x[j], j);
                         f[j] = J(x[K + j]);
                         f[j].g[j] = x[2 * K + j];
                       }
                       J mean(0);
                       for (std::size_t j = 0; j < K; ++j)
                         mean += p[j] * f[j];
                       const J phi_i = f[i] - mean;
                       const Exact &fk = x[K + k], &fpk = x[2 * K + k];
                       const Exact claimed = (i == k ? fpk : Exact(0)) - (fk + x[k] * fpk);
                       return phi_i.g[k] - claimed;
                     }),
      K);
}

DCRV_CERTIFICATE(jphi_formula) {
  Certificate c;
  c.claim = "F.jphi-formula";
  c.domain = "every K >= 2 (aggregate identity; term by term K = 2, 3); every p of the positive orthant (so "
             "p = lambda p_hat, every lambda > 0), every labelling, beta, ell0 (f and f' free); no "
             "exclusion";
  c.method =
      "exact forward-mode differentiation over the rationals: phi = f - 1 p^T f with p_j the variables and "
      "f_j(p_j) a jet of value f_j and derivative f'_j in p_j; entries (1, 1) and (1, 2) of J_phi equal "
      "delta_ik f'_k - (f_k + p_k f'_k) (the other entries by relabelling): degree <= 2 per variable, a "
      "3-point grid";
  for (std::size_t K : {std::size_t(2), std::size_t(3)})
    for (std::size_t k : {std::size_t(0), std::size_t(1)})
      c.identities.push_back(jphi_piece(K, 0, k));
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"phi_i = f_i - p_i f_i - p_k f_k - R with R = sum_{j not in {i, k}} p_j f_j: f_j depends on p_j only, "
       "so R is constant in p_i and p_k and entry (i, k) of J_phi is a formula in coordinates i, k and R "
       "(checked with R free for i = k and i != k, so for every K; term by term for K = 2, 3)",
       {"K"}});
  c.paper = {{"K", 2, inf}}; // every K >= 2 (every labelling, beta, ell0, eps)
  return c;
}

/// J_E(i, k) − [δ_ik(1 + L_i − ⟨L⟩) − p_i(1 + L_k)] with E = p ⊙ (L − ⟨L⟩) as jets in p, L_j = log p_j the
/// jet of value L_j and derivative 1/p_j in p_j; variables p (K), L (K).
IdentityPiece ejac_piece(std::size_t K, std::size_t i, std::size_t k) {
  return with_k(
      exact_identity(
          k_label(K) + ", entry (" + std::to_string(i + 1) + ", " + std::to_string(k + 1) + ")", 2 * K, 3,
          [K, i, k](const XVec& x, const RationalConstants&) -> Exact {
            using J = Jet<Exact, 3, 1>;
            std::vector<J> p(K), L(K);
            for (std::size_t j = 0; j < K; ++j) {
              p[j] = J::variable(x[j], j);
              L[j] = J(x[K + j]);
              L[j].g[j] = 1 / x[j];
            }
            J mean(0);
            for (std::size_t j = 0; j < K; ++j)
              mean += p[j] * L[j];
            const J E_i = p[i] * (L[i] - mean);
            Exact mean_v(0);
            for (std::size_t j = 0; j < K; ++j)
              mean_v += x[j] * x[K + j];
            const Exact claimed = (i == k ? Exact(1 + x[K + i] - mean_v) : Exact(0)) - x[i] * (1 + x[K + k]);
            return E_i.g[k] - claimed;
          }),
      K);
}
/// The displayed action: (diag(1 + L − ⟨L⟩) − p(1 + L)ᵀ) v = diag(1 + L − ⟨L⟩) v − p ⟨1 + L, v⟩, component 1;
/// variables p, L, v (K each).
IdentityPiece ejac_action_piece(std::size_t K) {
  return with_k(exact_identity(k_label(K) + ", J_E v as displayed", 3 * K, 2,
                               [K](const XVec& x, const RationalConstants&) -> Exact {
                                 Exact mean(0), dot(0), matrix(0);
                                 for (std::size_t j = 0; j < K; ++j) {
                                   mean += x[j] * x[K + j];
                                   dot += (1 + x[K + j]) * x[2 * K + j];
                                 }
                                 for (std::size_t k = 0; k < K; ++k) // row 1 of entropy_map_jacobian times v
                                   matrix += ((k == 0 ? Exact(1 + x[K] - mean) : Exact(0)) -
                                              x[0] * (1 + x[K + k])) *
                                             x[2 * K + k];
                                 return matrix - ((1 + x[K] - mean) * x[2 * K] - x[0] * dot);
                               }),
                K);
}

DCRV_CERTIFICATE(e_jacobian) {
  Certificate c;
  c.claim = "F.e-jacobian";
  c.domain = "every K >= 2 (aggregate identities; term by term K = 2, 3); every p of the positive orthant "
             "(every lambda > 0), every v in R^K; no exclusion";
  c.method =
      "exact forward-mode differentiation over the rationals: E = p (L - <L>) with L_j = log p_j the jet of "
      "derivative 1/p_j; entries (1, 1), (1, 2) of J_E equal delta_ik(1 + L_i - <L>) - p_i(1 + L_k) "
      "(entropy_map_jacobian; other entries by relabelling), cleared by p_1 p_2 of degree <= 3 per "
      "variable, a 4-point grid; and row 1 of that matrix times v is the displayed action (degree <= 2)";
  for (std::size_t K : {std::size_t(2), std::size_t(3)}) {
    c.identities.push_back(ejac_piece(K, 0, 0));
    c.identities.push_back(ejac_piece(K, 0, 1));
    c.identities.push_back(ejac_action_piece(K));
  }
  for (auto& piece : aggregates::f_drift(c.claim))
    c.identities.push_back(piece);
  c.reductions.push_back(
      {"E_i = p_i(L_i - p_i L_i - p_k L_k - R) with R = sum_{j not in {i, k}} p_j L_j constant in p_i, p_k, "
       "so entry (i, k) of J_E is a formula in coordinates i, k, R (and <L> = p_i L_i + p_k L_k + R); row i "
       "times v is the diagonal term plus a sum over k != i of summands affine in (v_k, L_k v_k), so it "
       "depends on the other coordinates only through V = sum_{k != i} v_k and W = sum_{k != i} L_k v_k "
       "(checked with R, <L>, V, W free, so for every K; term by term for K = 2, 3)",
       {"K"}});
  c.paper = {{"K", 2, inf}}; // every K >= 2 (every labelling, beta, ell0, eps)
  return c;
}

// App. F, "Two-level equilibrium" (display for h′): the chain rule d/dz g(log L) = g′(log L) L′/L with
// L_𝒞′/L_𝒞 = N L_ℐ and L_ℐ′/L_ℐ = −M L_𝒞 (jets in z, E = eᶻ with E′ = E).
DCRV_CERTIFICATE(hprime_formula) {
  Certificate c;
  c.claim = "F.hprime-formula";
  c.domain = "every real z, M, N > 0 and every beta, ell0 (the chain rule is pointwise); no exclusion";
  c.method =
      "h = g(log L_C) + g(log L_I), so h' = g'(log L_C) L_C'/L_C + g'(log L_I) L_I'/L_I (chain rule); "
      "exact, jets over the rationals in z with E = e^z (E' = E): L_C'/L_C - N L_I = 0 and L_I'/L_I + M "
      "L_C = 0, variables (M, N, E), degree <= 3 per variable, a 4-point grid";
  auto piece = [](std::string label, bool correct) {
    return exact_identity(std::move(label), 3, 3,
                          [correct](const XVec& x, const RationalConstants&) -> Exact {
                            using J = Jet<Exact, 1, 1>;
                            const Exact &M = x[0], &N = x[1];
                            J E(x[2]);
                            E.g[0] = x[2]; // dE/dz = E
                            const J LI = J(1) / (J(N) + J(M) * E), LC = E / (J(N) + J(M) * E);
                            if (correct)
                              return LC.g[0] / LC.v - N * LI.v;
                            return LI.g[0] / LI.v + M * LC.v;
                          });
  };
  c.identities = {piece("L_C'/L_C = N L_I", true), piece("L_I'/L_I = -M L_C", false)};
  c.paper = {{"z", -kUnbounded, kUnbounded}, {"M", 1, kUnbounded}, {"N", 1, kUnbounded}};
  c.reductions = {{"E = e^z by exact substitution (E' = E): the identities hold for every real M, N, E"}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.numerics-scaling: δ L_f = β/4 and C_log = (2 + √K) log(1/δ) + (1 + √K).
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(numerics_scaling) {
  Certificate c;
  c.claim = "F.numerics-scaling";
  c.domain = "every K >= 2, beta > 0, delta in (0, 1) (every real value; no exclusion)";
  c.method =
      "exact: delta * beta/(4 delta) - beta/4 in (beta, delta); ((2 Lambda - 1) + r Lambda) - ((2 + r)(-L) "
      "+ (1 + r)) with Lambda = 1 - L, L = log delta and r = sqrt K as free variables: degree 1 per "
      "variable, a 3-point grid";
  const IdentityPiece lf =
      exact_identity("delta L_f = beta/4", 2, 2, [](const XVec& x, const RationalConstants&) -> Exact {
        const Exact &beta = x[0], &delta = x[1];
        return delta * (beta / (4 * delta)) - beta / 4;
      });
  const IdentityPiece clog =
      exact_identity("C_log = (2 + sqrt K) log(1/delta) + (1 + sqrt K)", 2, 2,
                     [](const XVec& x, const RationalConstants&) -> Exact {
                       const Exact &L = x[0], &r = x[1];
                       const Exact lambda = 1 - L; // entropy_lambda: 1 − log δ
                       return ((2 * lambda - 1) + r * lambda) - ((2 + r) * (-L) + (1 + r));
                     });
  c.identities = {lf, clog};
  c.paper = {{"K", 2, kUnbounded}, {"beta", 0, kUnbounded}, {"delta", 0, 1}};
  c.reductions = {{"L = log delta and r = sqrt K as free variables: the identities hold for every value"}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.two-level-param: M L_𝒞 + N L_ℐ = 1, L_𝒞/L_ℐ = eᶻ, and the overflow-free logarithms.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(two_level_param) {
  Certificate c;
  c.claim = "F.two-level-param";
  c.domain =
      "every real M, N > 0 and every real z (E = e^z > 0), so every M, N in {1, ..., 10^4} and z in [0, "
      "700] of the claim; no exclusion";
  c.method =
      "exact substitution E = e^z: L_I = 1/(N + M E), L_C = E/(N + M E); M L_C + N L_I - 1 = 0; L_C/L_I "
      "- E = 0 (log is injective, so log(L_C/L_I) = z); two_level_logs for z >= 0 (lse = z + log M + "
      "log1p(N e^-z/M)): exp(-lse) = 1/(E M (1 + N/(E M))) = L_I and exp(z - lse) = E exp(-lse) = L_C; "
      "variables (M, N, E), degree <= 2 per variable, a 4-point grid";
  auto piece = [](std::string label, std::function<Exact(const Exact&, const Exact&, const Exact&)> r) {
    return exact_identity(std::move(label), 3, 3, [r](const XVec& x, const RationalConstants&) -> Exact {
      return r(x[0], x[1], x[2]);
    });
  };
  const auto LI = [](const Exact& M, const Exact& N, const Exact& E) -> Exact { return 1 / (N + M * E); };
  const auto LC = [](const Exact& M, const Exact& N, const Exact& E) -> Exact { return E / (N + M * E); };
  c.identities = {
      piece("M L_C + N L_I = 1", [=](const Exact& M, const Exact& N,
                                     const Exact& E) { return M * LC(M, N, E) + N * LI(M, N, E) - 1; }),
      piece("L_C/L_I = e^z",
            [=](const Exact& M, const Exact& N, const Exact& E) { return LC(M, N, E) / LI(M, N, E) - E; }),
      piece("exp(log L_I) = L_I (two_level_logs)",
            [=](const Exact& M, const Exact& N, const Exact& E) -> Exact {
              return 1 / (E * M * (1 + N / (E * M))) - LI(M, N, E);
            }),
      piece("exp(log L_C) = L_C (two_level_logs)",
            [=](const Exact& M, const Exact& N, const Exact& E) -> Exact {
              return E / (E * M * (1 + N / (E * M))) - LC(M, N, E);
            })};
  c.paper = {{"M", 1, kUnbounded}, {"N", 1, kUnbounded}, {"z", 0, kUnbounded}};
  c.reductions = {
      {"E = e^z by exact substitution (log injective): the identities hold for every real M, N, E"}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.cap-poly (Lemma lem:cap-vs-halfgap, proof): the polynomial P(δ) = (K−1)(1 − (K−1)δ)² − δ(1 − δ).
// ---------------------------------------------------------------------------------------------------------

/// P(δ) generic in the scalar (Exact or a jet over it).
template <class X> X cap_polynomial(const X& K, const X& d) {
  const X km1 = K - X(1);
  const X a = X(1) - km1 * d;
  return km1 * a * a - d * (X(1) - d);
}
/// The claim's factorisation v[((K−1)³ + 1)v + 2(K−1)² + K − 2]/K², v = 1 − Kδ.
Exact cap_factored(const Exact& K, const Exact& d) {
  const Exact km1 = K - 1, v = 1 - K * d;
  return v * ((km1 * km1 * km1 + 1) * v + 2 * km1 * km1 + K - 2) / (K * K);
}

DCRV_CERTIFICATE(cap_poly) {
  Certificate c;
  c.claim = "F.cap-poly";
  c.domain =
      "identities: every real K and delta (denominators K, K - 1, delta non-zero); P > 0 and P' < 0: "
      "every real K in [2, 1000] (every integer K of the claim) and delta = u/K with u in [0, 1 - 2^-53] "
      "(contains the claim's u in [10^-12, 1 - 10^-12]); no exclusion";
  c.method =
      "exact in (K, delta): P(0) = K - 1, P(1/K) = 0, P = factored form, P'(delta) (the claim's closed "
      "form) = dP/d delta (a jet over the rationals), B^2 - A = P/((K-1) delta^2): cleared, degree <= 6 "
      "per variable, a 7-point grid; intervals over (K, u): P = v[((K-1)^3+1)v + 2(K-1)^2 + K - 2]/K^2 > "
      "0 with v = 1 - u (the claim's factored form, strict) and P' = -2(K-1)^2((1-u) + u/K) - 1 + 2u/K < "
      "0 (1 - (K-1) delta = (1 - u) + u/K, strict)";
  auto piece = [](std::string label, std::function<Exact(const Exact&, const Exact&)> r) {
    return exact_identity(std::move(label), 2, 6,
                          [r](const XVec& x, const RationalConstants&) -> Exact { return r(x[0], x[1]); });
  };
  c.identities = {
      piece("P(0) = K - 1",
            [](const Exact& K, const Exact&) -> Exact { return cap_polynomial(K, Exact(0)) - (K - 1); }),
      piece("P(1/K) = 0",
            [](const Exact& K, const Exact&) -> Exact { return cap_polynomial(K, Exact(1) / K); }),
      piece(
          "P = factored",
          [](const Exact& K, const Exact& d) -> Exact { return cap_polynomial(K, d) - cap_factored(K, d); }),
      piece("P' = dP/d delta",
            [](const Exact& K, const Exact& d) -> Exact {
              using J = Jet<Exact, 1, 1>;
              const J P = cap_polynomial(J(K), J::variable(d, 0));
              const Exact km1 = K - 1;
              const Exact claimed = -2 * km1 * km1 * (1 - km1 * d) - 1 + 2 * d;
              return P.g[0] - claimed;
            }),
      piece("B^2 - A = P/((K-1) delta^2)", [](const Exact& K, const Exact& d) -> Exact {
        const Exact km1 = K - 1;
        const Exact A = (1 - d) / (km1 * d), B = (1 - km1 * d) / d;
        return B * B - A - cap_factored(K, d) / (km1 * d * d);
      })};
  const Box box{Interval(2.0, 1000.0), Interval(0.0, 1.0 - 0x1p-53)};
  Piece positive = make_piece<2>("P(delta) > 0", {box}, [](const auto& x, const Constants&) {
    const auto &K = x[0], &u = x[1];
    const auto km1 = K - 1, v = 1 - u;
    return -(v * ((km1 * km1 * km1 + 1) * v + 2 * km1 * km1 + K - 2) / (K * K));
  });
  positive.strict = true;
  Piece decreasing = make_piece<2>("P'(delta) < 0", {box}, [](const auto& x, const Constants&) {
    const auto &K = x[0], &u = x[1];
    const auto km1 = K - 1;
    return -2 * km1 * km1 * ((1 - u) + u / K) - 1 + 2 * u / K;
  });
  decreasing.strict = true;
  c.pieces = {with_param(with_param(positive, "K", 0), "u", 1),
              with_param(with_param(decreasing, "K", 0), "u", 1)};
  c.paper = {{"K", 2, inf}, {"u", 0, 1}}; // every K >= 2, delta = u/K in (0, 1/K)
  c.scope.gap = "K -> inf with delta -> 1/K (u -> 1) needs a blow-up chart (1/K, u) in which the score stays "
                "nonzero; not built";
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Floor and cap bounds (intervals).
// ---------------------------------------------------------------------------------------------------------

// App. F, lem:EntropyLip: C_log = (2Λ − 1) + √K Λ ≤ (c + √K)Λ.
DCRV_CERTIFICATE(clog_le) {
  Certificate c;
  c.claim = "F.clog-le";
  c.domain = "every K >= 2 and delta in (0, 1/K], i.e. every Lambda = 1 + log(1/delta) >= 1 (t = 1/Lambda in "
             "[0, 1], t = 0 the limit delta -> 0); no exclusion";
  c.method =
      "C_log - (c + sqrt K) Lambda = (2 - c) Lambda - 1 exactly (the sqrt K Lambda terms cancel); times t "
      "= 1/Lambda > 0: (2 - c) - t <= 0 for t in [0, 1], the sign of the coefficient (2 - c) at t = 0 "
      "(every Lambda, however large) and the constant -1 at once";
  c.constants = {{"c", [] { return Interval(2); }, [] { return Rational(2); }}};
  Piece piece = make_piece<1>("t = 1/Lambda in [0, 1]", {Box{Interval(0.0, 1.0)}},
                              [](const auto& x, const Constants& k) {
                                using X = std::decay_t<decltype(x[0])>;
                                return X(2 - k("c")) - x[0];
                              });
  c.pieces = {with_param(piece, "Lambda", 0, [](double t) { return 1 / t; })};
  // the chain from the paper's inequality to the proved score, exact (rearrangements checked): C_log − (c +
  // √K)Λ = (2 − c)Λ − 1 with r = √K and Λ free (degree 1 in each), and t((2 − c)/t − 1) = (2 − c) − t, the
  // score times t = 1/Λ > 0 (degree 1 in t after clearing t)
  c.identities = {exact_identity("C_log - (c + sqrt K) Lambda = (2 - c) Lambda - 1", 2, 1,
                                 [](const XVec& x, const RationalConstants& k) -> Exact {
                                   const Exact &lambda = x[0], &r = x[1];
                                   const Exact c_log = (2 * lambda - 1) + r * lambda;
                                   return (c_log - (k("c") + r) * lambda) - ((2 - k("c")) * lambda - 1);
                                 }),
                  exact_identity("t ((2 - c) Lambda - 1) = (2 - c) - t at Lambda = 1/t", 1, 1,
                                 [](const XVec& x, const RationalConstants& k) -> Exact {
                                   const Exact& t = x[0];
                                   return t * ((2 - k("c")) * (1 / t) - 1) - ((2 - k("c")) - t);
                                 })};
  c.paper = {{"K", 2, inf}, {"delta", 0, 0.5}, {"Lambda", 1, inf}};
  c.reductions = {{"the score depends on (K, delta) only through Lambda = 1 + log(1/delta) >= 1 + log K >= 1 "
                   "(delta <= 1/K <= 1/2)",
                   {"K", "delta"}}};
  rearrangements::flag_rearrangements(
      c, {"C_log - (c + sqrt K) Lambda", "t ((2 - c) Lambda - 1)"}); // issue 20 point 5
  return c;
}

// App. F, "Compatibility under BD": L_K(δ) ≤ log((1 − δ)/((K − 1)δ)).
DCRV_CERTIFICATE(compat_lk_le_log) {
  Certificate c;
  c.claim = "F.compat-lk-le-log";
  c.domain = face_gap_chart_domain();
  c.method =
      "L_K - log A = (1 - delta) log A - log A = -delta log A with log A = log((1 - delta)/((K-1) "
      "delta)) = log1p(x) >= 0 (checked), in the compact chart of the face-gap pieces (delta = sigma u, "
      "x = (1 - u)/((1 - sigma) u), checked): -sigma u (t log A) <= 0 for t <= 1/2 (t log A = 1 - t + "
      "t (log1p(-sigma u) - log1p(-sigma)), checked) and -sigma u log A/(1 - u) = -sigma u g(x)/((1 - "
      "sigma) u) <= 0 for t >= 1/2 (g(x) = log1p(x)/x); each is the score times t > 0 or over 1 - u > 0";
  c.pieces =
      face_gap_chart_pieces("L_K <= log A", []<class X>(const X& sigma, const X& u, const X& lambda,
                                                        const Constants&) { return -(sigma * u * lambda); });
  // the rearrangement, exact: with log A a free variable, L_K - log A = (1 - delta) log A - log A = -delta
  // log A (degree 1), and the claim's A = (1 - delta)/((K-1) delta) is the piece's 1 + K(1 - u)/((K-1)u) at
  // delta = u/K (variables K, u; times (K-1)u K: degree <= 2)
  c.identities = {exact_identity("L_K - log A = -delta log A", 2, 1,
                                 [](const XVec& x, const RationalConstants&) -> Exact {
                                   const Exact &delta = x[0], &logA = x[1];
                                   return ((1 - delta) * logA - logA) - (-delta * logA);
                                 }),
                  exact_identity("(1 - delta)/((K-1) delta) = 1 + K(1 - u)/((K-1)u) at delta = u/K", 2, 2,
                                 [](const XVec& x, const RationalConstants&) -> Exact {
                                   const Exact &K = x[0], &u = x[1], delta = u / K;
                                   return (1 - delta) / ((K - 1) * delta) - (1 + K * (1 - u) / ((K - 1) * u));
                                 })};
  c.paper = face_gap_paper();
  for (auto& id : face_gap_chart_identities()) // the chart's rearrangements
    c.identities.push_back(id);
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"L_K - log A", "at delta = u/K"});
  return c;
}

// App. F, "Compatibility under BD" (last display): at ε = (1 + η)c g⋆/cap, 2g⋆/ε ≤ cap.
DCRV_CERTIFICATE(compat_gstar_condition) {
  Certificate c;
  c.claim = "F.compat-gstar-condition";
  c.domain = "every real K in [2, 10^12], delta = u/K with u in [10^-300, 1 - 2^-53], eta in [0, 1], every "
             "beta, ell0 (g_star > 0 cancels); no exclusion";
  c.method =
      "with eps = (1 + eta) c g_star/cap: 2 g_star/eps - cap = cap (2/((1 + eta) c) - 1) exactly, cap = "
      "log1p(K(1 - u)/u) (static_cap of delta = u/K) >= 0";
  c.constants = {{"c", [] { return Interval(2); }, [] { return Rational(2); }}};
  Piece piece = make_piece<3>("K, u, eta", {face_gap_box_and({Interval(0.0, 1.0)})},
                              [](const auto& x, const Constants& k) {
                                const auto &K = x[0], &u = x[1], &eta = x[2];
                                const auto cap = log1p(K * (1 - u) / u);
                                return cap * (2 / ((1 + eta) * k("c")) - 1);
                              });
  c.pieces = {with_param(face_gap_scope(piece), "eta", 2)};
  // the rearrangement, exact (variables g_star, cap, eta; degree <= 2): 2 g_star/eps - cap at eps = (1 + eta)
  // c g_star/cap equals cap (2/((1 + eta) c) - 1)
  c.identities = {exact_identity("2 g/eps - cap = cap (2/((1 + eta) c) - 1) at eps = (1 + eta) c g/cap", 3, 2,
                                 [](const XVec& x, const RationalConstants& k) -> Exact {
                                   const Exact &g = x[0], &cap = x[1], &eta = x[2];
                                   const Exact eps = (1 + eta) * k("c") * g / cap;
                                   return (2 * g / eps - cap) - cap * (2 / ((1 + eta) * k("c")) - 1);
                                 })};
  c.paper = face_gap_paper();
  c.paper.push_back({"eta", 0, 1});
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"2 g/eps - cap"});
  c.scope.gap = "the cap is unbounded as K -> inf (u -> 0 or 1): every K needs a blow-up chart in (1/K, u) "
                "with the score scaled to stay nonzero; not built";
  return c;
}

// App. F, eq. (static-cap): z_ij = log(p_i/p_j) ≤ log((1 − (K−1)δ)/δ) on Δ_δ.
DCRV_CERTIFICATE(static_cap) {
  Certificate c;
  c.claim = "F.static-cap";
  c.domain = "every real K >= 2 (s = 1/K in [0, 1/2], s = 0 the limit K -> inf), delta = u/K with u in [0, "
             "1] (both ends included), every point delta + (1 - K delta) q of Delta_delta and every pair i "
             "!= j (only q_i, q_j enter); no exclusion";
  c.method =
      "log1p is increasing: z_ij <= cap iff F(q_i - q_j)/(delta + F q_j) <= F/delta (F = 1 - K delta = "
      "1 - u), i.e. (times delta(delta + F q_j)/F > 0) delta(q_i - q_j - 1) - F q_j <= 0; q_i = a, q_j = "
      "(1 - a) b with (a, b) in [0, 1]^2 (every pair of masses of the simplex): -delta(1 - a)(1 + b) - "
      "F (1 - a) b <= 0, with delta = u s, s = 1/K (a polynomial: every K up to the limit s = 0)";
  Piece piece =
      make_piece<4>("s = 1/K, u, a = q_i, b = q_j/(1 - q_i)",
                    {{Interval(0.0, 0.5), Interval(0.0, 1.0), Interval(0.0, 1.0), Interval(0.0, 1.0)}},
                    [](const auto& x, const Constants&) {
                      const auto &s = x[0], &u = x[1], &a = x[2], &b = x[3];
                      const auto delta = u * s, free = 1 - u;
                      return -(delta * (1 - a) * (1 + b)) - free * (1 - a) * b;
                    });
  c.pieces = {with_param(
      with_param(with_param(with_param(piece, "K", 0, [](double s) { return 1 / s; }), "u", 1), "a", 2), "b",
      3)};
  // the rearrangement, exact (variables K, delta, a, b; degree <= 3 in each): with F = 1 - K delta, p_i =
  // delta + F a, p_j = delta + F (1 - a) b and the cap's ratio (1 - (K-1) delta)/delta = (delta + F)/delta,
  // delta p_i - (1 - (K-1) delta) p_j = F times the proved score (at u = K delta); so z_ij <= cap (log
  // increasing, times delta p_j > 0) iff the score <= 0 (F > 0)
  c.identities = {exact_identity("delta p_i - (1 - (K-1) delta) p_j = (1 - K delta) score", 4, 3,
                                 [](const XVec& x, const RationalConstants&) -> Exact {
                                   const Exact &K = x[0], &delta = x[1], &a = x[2], &b = x[3];
                                   const Exact F = 1 - K * delta, pi = delta + F * a,
                                               pj = delta + F * (1 - a) * b;
                                   const Exact score = -(delta * (1 - a) * (1 + b)) - F * (1 - a) * b;
                                   return (delta * pi - (1 - (K - 1) * delta) * pj) - F * score;
                                 })};
  c.paper = face_gap_paper();
  c.paper.push_back({"a", 0, 1});
  c.paper.push_back({"b", 0, 1});
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(1 - K delta) score"});
  return c;
}

/// Entry (i, k) of J_φ in the aggregate reading: φ_i = f_i − (p_i f_i + p_k f_k + R), R = Σ_{j∉{i,k}} p_j f_j
/// free and constant in p_i, p_k; variables (p_i, f_i, f′_i, R) for i = k, (p_i, p_k, f_i, f_k, f′_i, f′_k,
/// R) for i ≠ k. `off`: the claimed entry drops p_k f′_k.
IdentityPiece jphi_aggregate(bool diagonal, bool off) {
  return exact_identity(kAggregate + (diagonal ? "entry (i, i)" : "entry (i, k), i != k"), diagonal ? 4 : 7,
                        2, [diagonal, off](const XVec& x, const RationalConstants&) -> Exact {
                          using J = Jet<Exact, 2, 1>;
                          const std::size_t n = diagonal ? 1 : 2; // touched coordinates: i (, k)
                          std::vector<J> p(n), f(n);
                          for (std::size_t j = 0; j < n; ++j) {
                            p[j] = J::variable(x[j], j);
                            f[j] = J(x[n + j]);
                            f[j].g[j] = x[2 * n + j];
                          }
                          J mean(x[3 * n]); // R
                          for (std::size_t j = 0; j < n; ++j)
                            mean += p[j] * f[j];
                          const J phi_i = f[0] - mean;
                          const std::size_t k = n - 1;
                          const Exact &fk = x[n + k], &fpk = x[2 * n + k];
                          const Exact claimed =
                              (diagonal ? fpk : Exact(0)) - (fk + (off ? Exact(0) : Exact(x[k] * fpk)));
                          return phi_i.g[k] - claimed;
                        });
}

/// Entry (i, k) of J_E in the aggregate reading: ⟨L⟩ = p_i L_i + p_k L_k + R, R free and constant in p_i,
/// p_k, L_j the jet of derivative 1/p_j; variables (p_i, L_i, R) or (p_i, p_k, L_i, L_k, R). `off`: the
/// claimed entry drops the 1 of p_i(1 + L_k).
IdentityPiece ejac_aggregate(bool diagonal, bool off) {
  return exact_identity(kAggregate + (diagonal ? "entry (i, i)" : "entry (i, k), i != k"), diagonal ? 3 : 5,
                        3, [diagonal, off](const XVec& x, const RationalConstants&) -> Exact {
                          using J = Jet<Exact, 2, 1>;
                          const std::size_t n = diagonal ? 1 : 2;
                          std::vector<J> p(n), L(n);
                          for (std::size_t j = 0; j < n; ++j) {
                            p[j] = J::variable(x[j], j);
                            L[j] = J(x[n + j]);
                            L[j].g[j] = 1 / x[j];
                          }
                          J mean(x[2 * n]); // R
                          for (std::size_t j = 0; j < n; ++j)
                            mean += p[j] * L[j];
                          const J E_i = p[0] * (L[0] - mean);
                          const std::size_t k = n - 1;
                          const Exact& Li = x[n];
                          const Exact one = off ? Exact(0) : Exact(1);
                          const Exact claimed =
                              (diagonal ? Exact(1 + Li - mean.v) : Exact(0)) - x[0] * (one + x[n + k]);
                          return E_i.g[k] - claimed;
                        });
}

/// Row i of J_E times v in the aggregate reading: variables (p_i, L_i, v_i, ⟨L⟩, V, W, L_k, v_k) with V =
/// Σ_{k≠i} v_k, W = Σ_{k≠i} L_k v_k; components (1) the summand u_k = −p_i(1 + L_k) v_k (entry (i, k ≠ i)
/// times v_k) ≡ c_v v_k + c_w L_k v_k (coefficients read off u) and (2) the diagonal term + c_v V + c_w W −
/// [(1 + L_i − ⟨L⟩) v_i − p_i ⟨1 + L, v⟩], ⟨1 + L, v⟩ = (1 + L_i) v_i + V + W. `off`: W dropped from ⟨1 + L,
/// v⟩.
IdentityPiece ejac_action_aggregate(bool off) {
  return exact_identity(kAggregate + "J_E v as displayed, row i", 8, 2,
                        [off](const XVec& x, const RationalConstants&) -> XVec {
                          const Exact &pi = x[0], &Li = x[1], &vi = x[2], &mean = x[3], &V = x[4], &W = x[5];
                          auto u = [&](const Exact& Lk, const Exact& vk) -> Exact {
                            return (Exact(0) - pi * (1 + Lk)) * vk; // entry (i, k ≠ i) of J_E times v_k
                          };
                          const Exact cv = u(Exact(0), Exact(1)), cw = u(Exact(1), Exact(1)) - cv;
                          const Exact diag = ((1 + Li - mean) - pi * (1 + Li)) * vi;
                          const Exact dot = (1 + Li) * vi + V + (off ? Exact(0) : W);
                          return {u(x[6], x[7]) - (cv * x[7] + cw * x[6] * x[7]),
                                  diag + cv * V + cw * W - ((1 + Li - mean) * vi - pi * dot)};
                        });
}

} // namespace

namespace aggregates {

std::vector<IdentityPiece> f_drift(const std::string& claim, bool off) {
  if (claim == "F.phi-centered")
    return {drift_sum_aggregate(
        "sum_i p_i phi_i", [](const DriftPoint& d) -> Exact { return d.p[0] * d.phi(0); }, off)};
  if (claim == "F.mass-conservation")
    return {drift_sum_aggregate(
                "sum_i pdot_i", [](const DriftPoint& d) -> Exact { return d.drift(0); }, off),
            drift_sum_aggregate(
                "sum_i p_i phi_i", [](const DriftPoint& d) -> Exact { return d.p[0] * d.phi(0); }, off),
            drift_sum_aggregate(
                "sum_i p_i (L_i - <L>)",
                [](const DriftPoint& d) -> Exact { return d.p[0] * (d.L[0] - d.mean_log()); }, off)};
  if (claim == "F.face-drift" || claim == "F.face-test-iff")
    return {drift_aggregate_piece("face p_i = delta", 1, 2, face_drift_residual, off)};
  if (claim == "F.zik-ode")
    return {drift_aggregate_piece("zdot = phi_i - phi_k - eps z", 2, 2, zik_zdot_residual, off),
            drift_aggregate_piece("s = 1, phi_i - phi_k = s(g_i - g_k)", 2, 2, zik_form_residual(1), off),
            drift_aggregate_piece("s = -1, phi_i - phi_k = s(g_i - g_k)", 2, 2, zik_form_residual(-1), off)};
  if (claim == "F.zij-ode")
    return {drift_aggregate_piece("i correct, j incorrect", 2, 2, zij_residual, off)};
  if (claim == "F.replicator-form")
    return {drift_aggregate_piece("component i", 1, 2, replicator_residual, off)};
  if (claim == "F.jphi-formula")
    return {jphi_aggregate(true, off), jphi_aggregate(false, off)};
  if (claim == "F.e-jacobian")
    return {ejac_aggregate(true, off), ejac_aggregate(false, off), ejac_action_aggregate(off)};
  return {};
}

} // namespace aggregates
} // namespace dcrv::certify
