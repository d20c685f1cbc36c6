// Certificates of App. D §Dynamics, §Global ℓ2 Lipschitz bound, §Forward invariance, §Log-ratio
// dynamics and §Correct vs. incorrect (the STaR SRCT flow; properties/D_star_flow.cpp), by exact rational
// evaluation (certify/exact_identity.hpp).
//
// The drift F_k = p_kφ_k − εp_k(log p_k − ⟨log p⟩), ⟨log p⟩ = Σ_j p_j log p_j, and its second form
// F = S(p)φ − εE(p), S = diag(p) − ppᵀ, E = p ⊙ (log p − ⟨log p⟩), enter the identities below linearly in ε
// and in the logarithms; each identity holds with Lₖ = log pₖ replaced by independent variables (exact
// substitution, certify/exact_identity.hpp), so it is proved for every (p, ε, L) and in particular for L =
// log p. Variables: the chart p = (x₁, …, x_{K−1}, 1 − Σx) of the open simplex, ε, and L₁, …, L_K (2K
// variables). φ is evaluated as dcrv::star_score does (φ_c = (p_c Σ_{k≠c} p_k − Σ_{c'∈C∖{c}} p_{c'}²)/ρ, φ_i
// = −S⁽²⁾/ρ). Partitions: C = {1, …, M} for M = 1, …, K; φ, S, E and F are equivariant under permutations of
// the coordinates (which map the simplex onto itself), so these cover every partition. Each residual times ρ
// (and the stated factors) is a polynomial of degree ≤ d in each variable; d is stated per claim.
#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/compact_chart.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"
#include "properties/certificates/star_aggregate.hpp"
#include "properties/certificates/star_chart.hpp"
#include "properties/certificates/star_exact.hpp"

namespace dcrv::certify {
namespace {

/// The exact drift at (p, ε, L) for C = {0, …, M−1}: φ (as dcrv::star_score), ⟨L⟩ = Σ p_j L_j, the direct
/// drift F (star_drift) and the second form F^S = Sφ − εE (drift_s_form), and Sφ.
struct ExactDrift {
  std::vector<Exact> p, L, phi, direct, s_form, s_phi;
  Exact eps, rho, mean_log;
};

ExactDrift exact_drift(const std::vector<Exact>& x, std::size_t K, std::size_t M) {
  ExactDrift d;
  d.p = softmax_exact::plane_chart(x, K);
  d.eps = x[K - 1];
  d.L.assign(x.begin() + static_cast<long>(K), x.begin() + static_cast<long>(2 * K));
  const auto& p = d.p;
  auto score = star_exact::star_score_exact(p, star_exact::leading(K, M));
  d.rho = score.rho;
  d.phi = std::move(score.phi);
  d.mean_log = softmax_exact::dot(p, d.L);
  const auto S = softmax_exact::jacobian_of(p);
  d.direct.resize(K);
  d.s_form.resize(K);
  d.s_phi.resize(K);
  for (std::size_t k = 0; k < K; ++k) {
    const Exact e = p[k] * (d.L[k] - d.mean_log); // E_k
    d.direct[k] = p[k] * d.phi[k] - d.eps * e;
    Exact sphi(0); // (Sφ)_k = Σ_j S_kj φ_j, S = diag(p) − ppᵀ
    for (std::size_t j = 0; j < K; ++j)
      sphi += S[k][j] * d.phi[j];
    d.s_phi[k] = sphi;
    d.s_form[k] = sphi - d.eps * e;
  }
  return d;
}

/// One identity piece per K = 2..Kmax, M = 1..K with keep(M, K), and per index pair from `pairs`(K, M):
/// residual(d, pair) over (x, ε, L).
/// With `logs` false the residual does not involve ε and L: the piece has the K − 1 chart variables only (ε
/// and L set to 0).
template <class Pairs, class R>
void add_pieces(Certificate& cert, std::size_t Kmin, std::size_t Kmax, int degree, bool needs_incorrect,
                Pairs pairs, R residual, bool logs = true) {
  for (DimLoop<std::size_t> K(cert, "K", Kmin); K <= Kmax; ++K)
    for (std::size_t M = 1; M <= K; ++M) {
      if (needs_incorrect && M == K)
        continue;
      for (const auto& [a, b] : pairs(K, M)) {
        const IdentityPiece piece = exact_identity(
            "K = " + std::to_string(K) + ", M = " + std::to_string(M) +
                (a < K ? ", (" + std::to_string(a + 1) + (b < K ? ", " + std::to_string(b + 1) : "") + ")"
                       : ""),
            logs ? 2 * K : K - 1, degree,
            [K = static_cast<std::size_t>(K), M, a = a, b = b, residual](const std::vector<Exact>& x,
                                                                         const RationalConstants&) {
              std::vector<Exact> full = x;
              full.resize(2 * K, Exact(0));
              return Exact(residual(exact_drift(full, K, M), a, b));
            });
        cert.identities.push_back(piece);
      }
    }
  cert.paper = {{"K", 2, kUnbounded}}; // every K >= 2 (and every partition, every real eps: free variables)
}
using Pair = std::pair<std::size_t, std::size_t>;
/// No index: one piece per (K, M) (a = b = K).
std::vector<Pair> whole(std::size_t K, std::size_t) {
  return {{K, K}};
}
/// Every index k (b = K).
std::vector<Pair> each(std::size_t K, std::size_t) {
  std::vector<Pair> r;
  for (std::size_t k = 0; k < K; ++k)
    r.push_back({k, K});
  return r;
}

/// Every K (issue 20 point 8): the aggregate identities `ids` (star_aggregate.hpp) and the reduction saying
/// why the claim's K-dimensional expression depends on the other coordinates only through their aggregates.
void add_every_k(Certificate& cert, std::vector<IdentityPiece> ids, const std::string& why) {
  for (auto& id : ids)
    cert.identities.push_back(std::move(id));
  cert.reductions.push_back(
      {why + "; the identity holds for every value of the free aggregates, hence for every K and partition "
             "(dcrv's K-dimensional drift checked term by term at K = 2, 3)",
       {"K"}});
  cert.method += "; every K: the identity in the coordinates it names and the aggregates as free variables "
                 "(star_aggregate.hpp), exact on its grid";
}

DCRV_CERTIFICATE(flow_mass) {
  Certificate c;
  c.claim = "D.flow-mass";
  c.domain = "every K >= 2 and every partition (aggregate identity; K = 2, 3, M = 1..K term by term); every "
             "p in int "
             "Delta^(K-1) and every real eps (the claim's eps in {0} u [1e-6, 1e2] included); no exclusion";
  c.method =
      "exact substitution L_k = log p_k (the identity is linear in L, so it holds with L free); rho sum_k "
      "F_k is a polynomial of degree <= 3 in each of x, eps, L, zero on the 4^(2K) grid, hence "
      "identically zero";
  add_pieces(c, 2, 3, 3, false, whole, [](const ExactDrift& d, std::size_t, std::size_t) -> Exact {
    Exact sum(0);
    for (const auto& f : d.direct)
      sum += f;
    return sum;
  });
  namespace ag = star_aggregate;
  add_every_k(
      c, {ag::drift_coordinates(), ag::flow_mass()},
      "coordinate k of the drift (eq. of App. D Dynamics) is p_k phi_k - eps p_k (L_k - <p, L>), with "
      "phi_c = (p_c (T - p_c) - (S2 - p_c^2))/rho, phi_i = -S2/rho: a sum of the monomials p_k, p_k^2, "
      "p_k L_k with coefficients in the aggregates rho, S2, A = <p, L> (checked), so sum_k F_k is "
      "these coefficients times the class sums rho, S2, A_C = sum_C p L, 1 - rho, A - A_C (sum p = 1)");
  return c;
}

DCRV_CERTIFICATE(drift_s_form) {
  Certificate c;
  c.claim = "D.drift-S-form";
  c.domain =
      "every K >= 2, every partition and every component k (aggregate identity; K = 2, 3, M = 1..K "
      "term by term); every p in int Delta^(K-1) and every real eps (the claim's [1e-6, 1e2] included); "
      "no exclusion";
  c.method =
      "exact substitution L_k = log p_k; per component two residuals, p_k phi_k - (S phi)_k and F^S_k - "
      "F_k (the second form S phi - eps E against the drift p_k phi_k - eps p_k (L_k - <L>)); each times "
      "rho is a polynomial of degree <= 4 in each of its variables (x for the first, x, eps, L for the "
      "second), zero on the 5^(K-1) resp. 5^(2K) grid, hence identically zero";
  add_pieces(
      c, 2, 3, 4, false, each,
      [](const ExactDrift& d, std::size_t k, std::size_t) -> Exact { return d.p[k] * d.phi[k] - d.s_phi[k]; },
      false);
  for (auto& piece : c.identities)
    piece.label += ", p phi = S phi";
  const std::size_t first = c.identities.size();
  add_pieces(c, 2, 3, 4, false, each, [](const ExactDrift& d, std::size_t k, std::size_t) -> Exact {
    return d.s_form[k] - d.direct[k];
  });
  for (std::size_t i = first; i < c.identities.size(); ++i)
    c.identities[i].label += ", F by S = F";
  namespace ag = star_aggregate;
  add_every_k(
      c, {ag::drift_s_form()},
      "coordinate k of S phi (S = diag p - p p^T) is p_k phi_k - p_k <p, phi>, and of E is p_k (L_k - "
      "<p, L>): the other coordinates enter through <p, phi> (by classes: (T S2 - S2 rho)/rho - S2 (T - "
      "rho)/rho, the monomials p_c phi_c = (T p_c^2 - S2 p_c)/rho and p_i phi_i = -S2 p_i/rho summed) "
      "and A = <p, L> only, with phi_k through (p_k, rho, S2) as dcrv::star_score evaluates it");
  return c;
}

DCRV_CERTIFICATE(bd_facet_drift) {
  Certificate c;
  c.claim = "D.bd-facet-drift";
  c.domain = "every K >= 2, every partition, every facet index i and every delta = p_i in (0, 1) (aggregate "
             "identity; K = 2, 3, M = 1..K term by term; the claim's facets p_i = delta of Delta_delta "
             "included); every real eps; no exclusion";
  c.method =
      "on the facet p_i = delta, log delta = L_i: the residual F_i - p_i (phi_i + eps (<L> - L_i)) with "
      "the exact substitution L_k = log p_k; times rho a polynomial of degree <= 3 in each of x, eps, L, "
      "zero on the 4^(2K) grid, hence identically zero (so for every p, in particular on every facet)";
  add_pieces(c, 2, 3, 3, false, each, [](const ExactDrift& d, std::size_t i, std::size_t) -> Exact {
    return d.direct[i] - d.p[i] * (d.phi[i] + d.eps * (d.mean_log - d.L[i]));
  });
  namespace ag = star_aggregate;
  add_every_k(
      c, {ag::bd_facet_drift()},
      "coordinate i of the drift is p_i phi_i - eps p_i (L_i - <p, L>), phi_i through (p_i, rho, S2): "
      "the other coordinates enter only through rho, S2 and A = <p, L>");
  return c;
}

DCRV_CERTIFICATE(logratio_ode) {
  Certificate c;
  c.claim = "D.logratio-ode";
  c.domain =
      "every K >= 2, every partition and every ordered pair k != j (aggregate identity; K = 2, 3, M = 1..K "
      "term by term); every p in int Delta^(K-1) and every real eps (the claim's [1e-6, 1e2] included); no "
      "exclusion";
  c.method =
      "exact substitution L_k = log p_k; the residual F^S_k/p_k - F^S_j/p_j - (phi_k - phi_j) + eps (L_k "
      "- L_j) with F^S = S phi - eps E (the paper's second form, as the claim); (S phi)_k/p_k = phi_k - "
      "<p, phi> and E_k/p_k = L_k - <L> as rational functions, so the residual times rho is a "
      "polynomial of degree <= 3 in each of x, eps, L, zero on the 4^(2K) grid, hence identically zero";
  add_pieces(
      c, 2, 3, 3, false,
      [](std::size_t K, std::size_t) {
        std::vector<Pair> r;
        for (std::size_t k = 0; k < K; ++k)
          for (std::size_t j = 0; j < K; ++j)
            if (k != j)
              r.push_back({k, j});
        return r;
      },
      [](const ExactDrift& d, std::size_t k, std::size_t j) -> Exact {
        return d.s_form[k] / d.p[k] - d.s_form[j] / d.p[j] - (d.phi[k] - d.phi[j]) +
               d.eps * (d.L[k] - d.L[j]);
      });
  namespace ag = star_aggregate;
  add_every_k(c, {ag::logratio_ode()},
              "coordinate k of S phi - eps E is p_k (phi_k - <p, phi> - eps (L_k - <p, L>)): the other "
              "coordinates enter only through <p, phi> and <p, L>, which cancel in F_k/p_k - F_j/p_j (the "
              "identity holds with phi_k, phi_j free: for every score vector)");
  return c;
}

DCRV_CERTIFICATE(zic_ode) {
  Certificate c;
  c.claim = "D.zic-ode";
  c.domain =
      "every K >= 2, every partition with 1 <= M < K, every i in I and every c in C (so c = c* whichever "
      "correct index is largest; aggregate identity, K = 2, 3 term by term); every p in int Delta^(K-1) "
      "and every real eps; no exclusion";
  c.method =
      "exact substitution L_k = log p_k; the residual F^S_i/p_i - F^S_c/p_c + p_c/rho + eps (L_i - L_c) "
      "with F^S = S phi - eps E (as the claim); times rho a polynomial of degree <= 3 in each of x, eps, "
      "L, zero on the 4^(2K) grid, hence identically zero";
  add_pieces(
      c, 2, 3, 3, true,
      [](std::size_t K, std::size_t M) {
        std::vector<Pair> r;
        for (std::size_t i = M; i < K; ++i)
          for (std::size_t cc = 0; cc < M; ++cc)
            r.push_back({i, cc});
        return r;
      },
      [](const ExactDrift& d, std::size_t i, std::size_t cc) -> Exact {
        return d.s_form[i] / d.p[i] - d.s_form[cc] / d.p[cc] + d.p[cc] / d.rho + d.eps * (d.L[i] - d.L[cc]);
      });
  namespace ag = star_aggregate;
  add_every_k(
      c, {ag::logratio_ode(), ag::score_difference("CI")},
      "coordinate k of S phi - eps E is p_k (phi_k - <p, phi> - eps (L_k - <p, L>)): z_ic' = phi_i - "
      "phi_c - eps z_ic for every score vector (the first identity, as D.logratio-ode), and phi_c - phi_i "
      "= p_c/rho with phi_c = (p_c (1 - p_c) - (S2 - p_c^2))/rho, phi_i = -S2/rho through rho and S2 "
      "only (the second, sum p = 1)");
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Bounds with ⟨log p⟩ = Σ_k p_k log p_k (0 log 0 := 0): App. D §Setting and §No finite-time boundary hitting.
// ---------------------------------------------------------------------------------------------------------

/// x log x with 0 log 0 = 0. On an Interval the exact range over the enclosure, outward rounded (decreasing
/// on [0, 1/e], increasing after: the hull of the end values, and −1/e when 1/e may lie inside), so boxes
/// that reach a face p_k = 0 are enclosed too; on jets x·log x (a box reaching 0 throws there: the jets prove
/// nothing on it and the natural extension decides).
template <class X> X xlogx(const X& x) {
  if constexpr (std::is_same_v<X, Interval>) {
    auto at = [](const mpfr& v) {
      if (v == 0)
        return Interval(0);
      const Interval iv(v);
      return iv * log(iv);
    };
    Interval r = hull(at(x.lower()), at(x.upper()));
    const Interval inv_e = exp(Interval(-1));
    if (x.lower() <= inv_e.upper() && x.upper() >= inv_e.lower())
      r = hull(r, -inv_e);
    return r;
  } else {
    return x * log(x);
  }
}

/// Σ_k xlogx(p_k) = ⟨log p⟩.
template <class X, std::size_t K> X mean_log_of(const std::array<X, K>& p) {
  X s(0);
  for (const auto& v : p)
    s += xlogx(v);
  return s;
}

// Every K (issue 20 point 8): ⟨log p⟩ = Σ_k p_k log p_k is a sum of one-variable terms. Upper: p log p ≤ 0 on
// [0, 1]. Lower (Gibbs): with x_k = K p_k, K(⟨log p⟩ + log K) = Σ_k g(x_k), g(x) = x log x − x + 1 ≥ 0 on [0,
// ∞) (Σ p = 1; log(K p) = log K + log p): g on x ∈ [0, 1] literally (0 log 0 = 0), and for x ≥ 1 in the chart
// t = 1/(1 + log x) ∈ [0, 1] (t = 0 the limit x → ∞), where g(x)·t/x = 1 − 2t + t E(t), E(t) = exp(1 − 1/t)
// = 1/x (compact_chart::e_of_t). Both equal 0 only at x = 1 (t = 1): second-order test. The pieces do not
// depend on K.

/// A one-variable piece of every K (its scope data: K ∈ [2, ∞)).
template <class F> Piece every_k_piece(const std::string& label, F f, bool at_one) {
  Piece piece = make_piece<1>("every K: " + label, {{Interval(0.0, 1.0)}}, std::move(f));
  if (at_one)
    piece.attained = {{1.0}};
  piece.dims.push_back({"K", 2, kUnbounded});
  return piece;
}
/// The two pieces of g ≥ 0 (scores −g ≤ 0), the exact steps (the sum over k, the chart of x ≥ 1), and the
/// reduction that carries them to every K.
void add_gibbs_every_k(Certificate& c) {
  c.pieces.push_back(every_k_piece(
      "-g(x), x = K p_k in [0, 1]",
      [](const auto& x, const Constants&) {
        using X = std::decay_t<decltype(x[0])>;
        return X(-(xlogx(x[0]) - x[0] + 1));
      },
      true));
  c.pieces.push_back(every_k_piece(
      "-(1 - 2t + t E(t)) = -g(x) t/x, x = K p_k >= 1, t = 1/(1 + log x)",
      [](const auto& x, const Constants&) {
        using X = std::decay_t<decltype(x[0])>;
        const X& t = x[0];
        return X(-(1 - 2 * t + t * compact_chart::e_of_t(t)));
      },
      true));
  c.identities.push_back(rearrangement_identity(
      "every K: K (<log p> + log K) = sum_k g(K p_k): sum_k x log x = K A + K l (x = K p, log x = l + L), "
      "sum_k x = K (sum p = 1)",
      3, 2, [](const std::vector<Exact>& y, const RationalConstants&) {
        const Exact &A = y[0], &l = y[1], &K = y[2];
        return K * (A + l) - ((K * A + K * l) - K + K);
      }));
  c.identities.push_back(rearrangement_identity("g(x) t/x = 1 - 2t + t w at log x = 1/t - 1, w = 1/x", 2, 2,
                                                [](const std::vector<Exact>& y, const RationalConstants&) {
                                                  const Exact &t = y[0], &w = y[1], logx = 1 / t - 1;
                                                  return t * (logx - 1 + w) - (1 - 2 * t + t * w);
                                                }));
  c.reductions.push_back(
      {"<log p> = sum_k p_k log p_k is a sum of one-variable terms, and K(<log p> + log K) = sum_k g(K p_k) "
       "with "
       "g(x) = x log x - x + 1 (sum p = 1; checked with A = <log p>, log K, K free): g >= 0 on [0, inf) (the "
       "two "
       "one-variable pieces, x = K p_k in [0, K] for every K) gives <log p> >= -log K for every K",
       {"K"}});
}

// D.logp-range: −log K ≤ ⟨log p⟩ ≤ 0 on the closed simplex.

template <std::size_t K> Piece logp_upper_piece() {
  return interval_simplex::simplex_piece<K>("K = " + std::to_string(K) + ", upper",
                                            [](const auto& p, const Constants&) { return mean_log_of(p); });
}

/// K(−log K − ⟨log p⟩) = −Σ_k (1 + y_k) log(1 + y_k) in the centred chart K p_k = 1 + y_k, y_K = −Σ y (Σ p =
/// 1 makes the log K terms cancel exactly): the bound is attained at the centroid y = 0, an exact point,
/// where the second-order test closes (Hessian −diag(1/(1 + y)) on the hyperplane, negative definite).
template <std::size_t K> Piece logp_lower_centre_piece(const Box& root) {
  Piece piece = make_piece<K - 1>("K = " + std::to_string(K) + ", lower, centred chart", {root},
                                  [](const auto& x, const Constants&) {
                                    using X = std::decay_t<decltype(x[0])>;
                                    X last(1), s(0);
                                    for (std::size_t k = 0; k + 1 < K; ++k) {
                                      s += xlogx(X(1 + x[k]));
                                      last -= x[k];
                                    }
                                    return X(-(s + xlogx(last)));
                                  });
  piece.attained = {std::vector<double>(K - 1, 0.0)};
  return with_dim(piece, "K", K);
}

/// −log K − ⟨log p⟩ on the stick-breaking box minus `hole` (whose image lies in the centred piece's).
template <std::size_t K> Piece logp_lower_rest_piece(const Box& hole) {
  Piece piece = interval_simplex::simplex_piece<K>(
      "K = " + std::to_string(K) + ", lower, away from the centroid", [](const auto& p, const Constants&) {
        using X = std::decay_t<decltype(p[0])>;
        return X(-log(X(int(K))) - mean_log_of(p));
      });
  piece.roots = subtract(piece.roots, hole);
  return piece;
}

DCRV_CERTIFICATE(logp_range) {
  Certificate c;
  c.claim = "D.logp-range";
  c.domain = "K = 2, 3; every p in the closed simplex (0 log 0 = 0); no exclusion";
  c.method =
      "upper: sum_k p_k log p_k over the stick-breaking box, x log x enclosed by its exact range on each "
      "interval (0 log 0 = 0). lower: K = 2 in the chart p = ((1 + y)/2, (1 - y)/2), y in [-1, 1], and "
      "K = 3 in the chart 3 p_k = 1 + y_k, y in [-1/4, 1/4]^2 around the centroid, where K(-log K - "
      "<log p>) = -sum_k (1 + y_k) log(1 + y_k) exactly (sum p = 1; checked with the logs free): equality at "
      "y = 0, second-order "
      "test; the rest of the K = 3 simplex (stick-breaking box minus [0.28, 0.38] x [0.42, 0.56], whose "
      "image lies in the centred chart's) with the literal -log 3 - <log p>";
  c.pieces = {logp_upper_piece<2>(), logp_upper_piece<3>()};
  c.pieces.push_back(logp_lower_centre_piece<2>({Interval(-1.0, 1.0)}));
  c.pieces.push_back(logp_lower_centre_piece<3>({Interval(-0.25, 0.25), Interval(-0.25, 0.25)}));
  c.pieces.push_back(logp_lower_rest_piece<3>({Interval(0.28, 0.38), Interval(0.42, 0.56)}));
  rename_dim(c.pieces, "S", "K");      // the simplex pieces say S (the centred charts say K already)
  for (std::size_t K = 2; K <= 3; ++K) // the centred chart's rearrangement (issue 20 point 5)
    c.identities.push_back(rearrangements::logp_lower_rearrangement(K));
  c.paper = {{"K", 2, kUnbounded}};
  // every K: p log p <= 0 per term (upper), g >= 0 per term (lower)
  c.pieces.push_back(every_k_piece(
      "p log p, p in [0, 1]", [](const auto& x, const Constants&) { return xlogx(x[0]); }, false));
  add_gibbs_every_k(c);
  c.domain = "every K >= 2 (one-variable terms; K = 2, 3 in the charts below as well): " + c.domain;
  c.method +=
      "; every K: <log p> = sum_k p_k log p_k with p log p <= 0 on [0, 1], and K(<log p> + log K) = "
      "sum_k g(K p_k), g(x) = x log x - x + 1 >= 0 on [0, 1] and, for x >= 1, in the chart t = 1/(1 + log "
      "x): g t/x = 1 - 2t + t exp(1 - 1/t) >= 0 (checked); equality at x = 1: second-order test";
  return c;
}

// D.flow-Y-inequality: −φ_k − ε⟨log p⟩ ≤ a + εb log K for every component k.

/// Chart of the full p for a partition with M correct and L = K − M incorrect indices: raw x = (ε, ρ, u_C
/// (M − 1), u_I (L − 1)), p_C = ρ·a, p_I = (1 − ρ)·b with a, b by stick-breaking (ρ ≡ 1 when L = 0, no ρ
/// coordinate then). −φ_c = ρs − a_c, −φ_i = ρs with s = Σa² = 1 − 2Σ_{c<c'} a_c a_c'. The score is affine in
/// ε for fixed p: this piece is its face ε = 0 (the ε coefficient is y_coef_*_piece below).
template <std::size_t M, std::size_t L> Piece y_ineq_piece(std::size_t k) {
  constexpr std::size_t K = M + L;
  constexpr std::size_t N = 1 + (L > 0 ? 1 : 0) + (M - 1) + (L > 0 ? L - 1 : 0);
  Box at0 = unit_box(N);
  at0[0] = Interval(0.0);
  Piece piece = make_piece<N>("K = " + std::to_string(K) + ", M = " + std::to_string(M) + ", component " +
                                  std::to_string(k + 1) + ", eps = 0",
                              {at0}, [k](const auto& x, const Constants& kc) {
                                using X = std::decay_t<decltype(x[0])>;
                                const X& eps = x[0];
                                const X rho = L > 0 ? x[1] : X(1);
                                constexpr std::size_t ao = L > 0 ? 2 : 1;
                                const std::array<X, M> a = star_chart::shares<M>(x, ao);
                                std::array<X, K> p;
                                for (std::size_t c = 0; c < M; ++c)
                                  p[c] = rho * a[c];
                                if constexpr (L == 1)
                                  p[M] = X(1) - rho;
                                else if constexpr (L > 1) {
                                  const auto b = stick_breaking<L>(x, ao + M - 1);
                                  for (std::size_t i = 0; i < L; ++i)
                                    p[M + i] = (X(1) - rho) * b[i];
                                }
                                X pairs(0);
                                for (std::size_t c = 0; c < M; ++c)
                                  for (std::size_t d = c + 1; d < M; ++d)
                                    pairs += a[c] * a[d];
                                // −φ_k − a = (1 − a) − (1 − ρ) − 2ρΣ_{c<c'} a_c a_c' (− a_k for a correct k)
                                X first = X(1 - kc("a")) - (X(1) - rho) - X(2) * rho * pairs;
                                if (k < M)
                                  first -= a[k];
                                return X(first + eps * (-mean_log_of(p) - kc("b") * log(X(int(K)))));
                              });
  return with_param(with_dim(with_dim(piece, "K", K), "M", M), "eps", 0);
}

/// The ε coefficient −⟨log p⟩ − b log K ≤ 0 (entropy ≤ b log K) in the centred chart K p_k = 1 + y_k:
/// K(−⟨log p⟩ − b log K) = −Σ_k (1 + y_k) log(1 + y_k) + K(1 − b) log K exactly (Σ p = 1). At the centroid
/// y = 0 the value is K(1 − b) log K: 0 for the paper's b = 1 (an exact point, closed by the second-order
/// test), > 0 for every b < 1, a violation the branch and bound finds at y = 0.
template <std::size_t K> Piece y_coef_centre_piece(const Box& root) {
  Piece piece = make_piece<K - 1>("K = " + std::to_string(K) + ", eps coefficient, centred chart", {root},
                                  [](const auto& x, const Constants& kc) {
                                    using X = std::decay_t<decltype(x[0])>;
                                    X last(1), s(0);
                                    for (std::size_t k = 0; k + 1 < K; ++k) {
                                      s += xlogx(X(1 + x[k]));
                                      last -= x[k];
                                    }
                                    const X kk = X(static_cast<int>(K));
                                    return X(-(s + xlogx(last)) + kk * (X(1) - kc("b")) * log(kk));
                                  });
  piece.attained = {std::vector<double>(K - 1, 0.0)};
  return with_dim(piece, "K", K);
}

/// −⟨log p⟩ − b log K on the stick-breaking box minus `hole` (whose image lies in the centred piece's).
template <std::size_t K> Piece y_coef_rest_piece(const Box& hole) {
  Piece piece = interval_simplex::simplex_piece<K>("K = " + std::to_string(K) +
                                                       ", eps coefficient, away from the centroid",
                                                   [](const auto& p, const Constants& kc) {
                                                     using X = std::decay_t<decltype(p[0])>;
                                                     return X(-mean_log_of(p) - kc("b") * log(X(int(K))));
                                                   });
  piece.roots = subtract(piece.roots, hole);
  std::vector<Piece> one = {piece};
  rename_dim(one, "S", "K");
  return one[0];
}

template <std::size_t M, std::size_t L> void add_y_ineq(Certificate& c) {
  for (std::size_t k = 0; k < M + L; ++k)
    c.pieces.push_back(y_ineq_piece<M, L>(k));
}

DCRV_CERTIFICATE(flow_y_inequality) {
  Certificate c;
  c.claim = "D.flow-Y-inequality";
  c.domain =
      "K = 2, 3, every partition (M = 1..K), every component; every p in the closed simplex (0 log 0 = "
      "0) and every eps >= 0; no exclusion";
  c.method =
      "-phi_k - eps <log p> - a - eps b log K in the chart p_C = rho a, p_I = (1 - rho) b (a, b by "
      "stick-breaking), with -phi_i = rho sum a^2, -phi_c = rho sum a^2 - a_c and 1 - sum a^2 = 2 "
      "sum_{c<c'} a_c a_c' (sum a = 1); x log x enclosed by its exact range on each interval. The score is "
      "affine in eps for fixed p: it is <= 0 for every eps >= 0 iff it is at eps = 0 (proved per component; "
      "equality at p = e_c) and its eps coefficient -<log p> - b log K <= 0 (entropy <= b log K, proved in "
      "the centred chart K p_k = 1 + y_k with equality at the centroid, second-order test, and on the rest "
      "of "
      "the K = 3 simplex as in D.logp-range)";
  c.constants = {{"a", [] { return Interval(1); }}, {"b", [] { return Interval(1); }}};
  c.paper = {{"K", 2, std::numeric_limits<double>::infinity()},
             {"eps", 0, std::numeric_limits<double>::infinity()}};
  c.reductions = {
      {"affine in eps for fixed p: the face eps = 0 and the eps coefficient <= 0 cover every eps >= 0",
       {"eps"}},
      {"permutation equivariance: the partitions C = {1..M} cover every partition"}};
  add_y_ineq<1, 1>(c);
  add_y_ineq<2, 0>(c);
  add_y_ineq<1, 2>(c);
  add_y_ineq<2, 1>(c);
  add_y_ineq<3, 0>(c);
  c.pieces.push_back(y_coef_centre_piece<2>({Interval(-1.0, 1.0)}));
  c.pieces.push_back(y_coef_centre_piece<3>({Interval(-0.25, 0.25), Interval(-0.25, 0.25)}));
  c.pieces.push_back(y_coef_rest_piece<3>({Interval(0.28, 0.38), Interval(0.42, 0.56)}));
  // the chart and centred-chart rearrangements (issue 20 point 5)
  for (std::size_t M = 1; M <= 3; ++M)
    for (std::size_t L : {0, 1})
      if (M + L >= 2)
        c.identities.push_back(rearrangements::flow_y_face_rearrangement(M, L));
  for (std::size_t K = 2; K <= 3; ++K)
    c.identities.push_back(rearrangements::flow_y_coef_rearrangement(K));
  // every K and M: the face eps = 0 in the aggregates (rho, a_c, s): -phi_c - a = rho s - a_c - a, -phi_i - a
  // = rho s - a over boxes containing their image for every M (star_chart::kAggregateBox); the eps
  // coefficient
  // -<log p> - b log K = -(<log p> + log K) + (1 - b) log K: the first term <= 0 by the Gibbs pieces (every
  // K), the second <= 0 iff b >= 1 (log K > 0)
  star_chart::add_aggregate_piece<3>(
      c, "correct, eps = 0: -phi_c - a = rho s - a_c - a", unit_box(3), 1,
      [](const auto& x, const Constants& k) { return x[0] * x[2] - x[1] - k("a"); });
  star_chart::add_aggregate_piece<2>(c, "incorrect, eps = 0: -phi_i - a = rho s - a", unit_box(2), 1,
                                     [](const auto& x, const Constants& k) { return x[0] * x[1] - k("a"); });
  for (std::size_t i = c.pieces.size() - 2; i < c.pieces.size(); ++i)
    c.pieces[i].dims.push_back({"K", 2, kUnbounded});
  add_gibbs_every_k(c);
  c.pieces.push_back(every_k_piece(
      "eps coefficient, (1 - b) (times log K > 0)",
      [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        return X(X(1) - X(k("b")));
      },
      false));
  c.identities.push_back(rearrangement_identity(
      "every K: -phi_c = rho s - a_c, -phi_i = rho s (p_c = rho a_c, S2 = rho^2 s), and -A - b l = -(A + l) "
      "+ (1 - "
      "b) l",
      6, 3, [](const std::vector<Exact>& y, const RationalConstants&) {
        const Exact &rho = y[0], &a = y[1], &s2 = y[2], &A = y[3], &l = y[4], &b = y[5];
        return std::vector<Exact>{
            -star_aggregate::phi(true, rho * a, Exact(1), rho, rho * rho * s2) - (rho * s2 - a),
            -star_aggregate::phi(false, Exact(0), Exact(1), rho, rho * rho * s2) - rho * s2,
            -A - b * l - (-(A + l) + (1 - b) * l)};
      }));
  c.reductions.push_back(
      {std::string(
           "every K and M: at eps = 0 the score depends on p only through the aggregates (rho, a_c, s) (") +
           star_chart::kAggregateBox +
           "); the eps coefficient is -(<log p> + log K) + (1 - b) log K, the first term <= 0 by the Gibbs "
           "pieces "
           "(D.logp-range's, every K), the second <= 0 for b >= 1",
       {"K"}});
  c.domain =
      "every K >= 2 and every partition (aggregate pieces; K = 2, 3, M = 1..3 term by term): " + c.domain;
  return c;
}

} // namespace
} // namespace dcrv::certify
