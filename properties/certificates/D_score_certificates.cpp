// Certificates of App. D §Setting, §Componentwise and norm bounds, §Log-ratio dynamics, §Within C,
// §Asymptotics and §Edge cases (the STaR score; properties/D_star_score.cpp).
//
// Chart of the bounds. For M ≥ 1 correct indices, p ∈ Δ^{K−1} enters φ^STaR (def:star-score) only through
// the correct mass ρ = Σ_{c∈C} p_c and the conditional masses a = p_C/ρ ∈ Δ^{M−1}:
//   φ_c = (p_c − S⁽²⁾)/ρ = a_c − ρs,   φ_i = −S⁽²⁾/ρ = −ρs,   S⁽²⁾ = ρ²s,   s = Σ_c a_c²,
// with the division by ρ done exactly (as in D_star_certificates.cpp). Every p of the open simplex has ρ ∈
// (0, 1] (ρ = 1 iff M = K) and a in the open simplex, and the incorrect components are all equal, so a
// certificate over the closed box ρ ∈ [0, 1], a ∈ Δ^{M−1} (stick-breaking) covers every K ≥ M and every
// partition with M correct indices. Scores are the claim's quantity written in this chart, multiplied by a
// positive factor where stated (a power of ρ, or M), with the claim's constants.
//
// Identities: exact rational evaluation on a product grid (certify/exact_identity.hpp) in the chart p = (x₁,
// …, x_{K−1}, 1 − Σx) of the open simplex, φ evaluated as dcrv::star_score does (φ_c = (p_c Σ_{k≠c} p_k −
// Σ_{c'∈C∖{c}} p_{c'}²)/ρ, φ_i = −S⁽²⁾/ρ), for every subset C of {1, …, K}. Several components are combined
// into one residual as a sum of squares (zero iff each component is); its degree bound is stated per claim.
#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"
#include "properties/certificates/star_aggregate.hpp"
#include "properties/certificates/star_chart.hpp"
#include "properties/certificates/star_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace star_chart;
using namespace star_exact;

// ---------------------------------------------------------------------------------------------------------
// The chart (ρ, a) of the bounds.
// ---------------------------------------------------------------------------------------------------------

/// add(std::integral_constant<std::size_t, M>{}) for M = Mmin, …, 6: the partitions of the bounds.
template <std::size_t Mmin = 1, class F> void for_each_m(F add) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (add(std::integral_constant<std::size_t, Mmin + I>{}), ...);
  }
  (std::make_index_sequence<7 - Mmin>{});
}
/// One rho_share_piece per correct index c = 1..M, labelled "M = …, c = …", with score score_of(c − 1).
template <std::size_t M, class F> void add_per_correct_index(Certificate& cert, F score_of) {
  for (std::size_t j = 0; j < M; ++j)
    cert.pieces.push_back(rho_share_piece<M>(m_label(M) + ", c = " + std::to_string(j + 1), score_of(j)));
}

/// φ_c and φ_i through the aggregates (star_aggregate::phi, Σp = 1) at p_c = ρa, S⁽²⁾ = ρ²s.
Exact phi_c_at(const Exact& rho, const Exact& a, const Exact& s) {
  return star_aggregate::phi(true, rho * a, Exact(1), rho, rho * rho * s);
}
Exact phi_i_at(const Exact& rho, const Exact& s) {
  return star_aggregate::phi(false, Exact(0), Exact(1), rho, rho * rho * s);
}
/// An exact step (ρ, a, s, μ = 1/M free) from the claim's quantity to an aggregate piece's score.
template <class F> IdentityPiece aggregate_step(const std::string& label, F f) {
  return rearrangement_identity("every M: " + label, 4, 3,
                                [f](const std::vector<Exact>& x, const RationalConstants&) {
                                  return Exact(f(x[0], x[1], x[2], x[3]));
                                });
}

// ---------------------------------------------------------------------------------------------------------
// §Setting, trimmed simplex: ρ(p) ≥ Mδ on Δ_δ.
// ---------------------------------------------------------------------------------------------------------

/// S (Mδ − ρ(p)) with p = δ1 + (1 − Sδ)q, raw x = (u, q by stick-breaking), δ = u/S: S p_c = u + S(1 − u)q_c,
/// so S(Mδ − ρ) = Mu − Σ_{c<M}(u + S(1 − u)q_c) = −S(1 − u)Σ_{c<M} q_c (the u-terms cancel exactly; evaluated
/// in this form, since the literal one has the interval dependency Mu − Σu on the whole face q_C = 0 where
/// the bound is attained).
template <std::size_t S> Piece trimmed_piece(std::size_t M) {
  Piece piece = make_piece<S>("S = " + std::to_string(S) + ", " + m_label(M), {unit_box(S)},
                              [M](const auto& x, const Constants&) {
                                using X = std::decay_t<decltype(x[0])>;
                                const auto q = stick_breaking<S>(x, 1);
                                X qc(0);
                                for (std::size_t c = 0; c < M; ++c)
                                  qc += q[c];
                                return X(-(X(int(S)) * (X(1) - x[0]) * qc));
                              });
  return with_dim(with_dim(with_param(piece, "u", 0), "K", double(S)), "M", double(M));
}

DCRV_CERTIFICATE(trimmed_rho_lb) {
  Certificate c;
  c.claim = "D.trimmed-rho-lb";
  c.domain = "K = 2, 3, 4, every M = 1..K (C = the first M indices; every other partition by permuting q), "
             "every delta in [0, 1/K] and q in the closed simplex; no exclusion";
  c.method =
      "K (M delta - rho(delta 1 + (1 - K delta) q)) = -K (1 - K delta) sum_{c in C} q_c (rho is linear in "
      "p: the delta terms cancel exactly), with u = K delta in [0, 1] and q by stick-breaking";
  for (std::size_t M = 1; M <= 2; ++M)
    c.pieces.push_back(trimmed_piece<2>(M));
  for (std::size_t M = 1; M <= 3; ++M)
    c.pieces.push_back(trimmed_piece<3>(M));
  for (std::size_t M = 1; M <= 4; ++M)
    c.pieces.push_back(trimmed_piece<4>(M));
  // the rearrangement of the method, exact: K (M delta - rho(p)) = -K (1 - u) sum_{c < M} q_c with p = delta
  // 1 + (1 - K delta) q, delta = u/K, q on the plane sum q = 1; variables (u, q_1..q_{K-1}), degree <= 2
  for (std::size_t K = 2; K <= 4; ++K)
    for (std::size_t M = 1; M <= K; ++M)
      c.identities.push_back(
          rearrangement_identity("K = " + std::to_string(K) + ", M = " + std::to_string(M) +
                                     ": K (M delta - rho) = -K (1 - u) sum q_C",
                                 K, 2, [K, M](const std::vector<Exact>& x, const RationalConstants&) {
                                   const Exact& u = x[0];
                                   const Exact delta = u / Exact(long(K));
                                   std::vector<Exact> q(K);
                                   Exact last(1);
                                   for (std::size_t j = 0; j + 1 < K; ++j) {
                                     q[j] = x[1 + j];
                                     last -= q[j];
                                   }
                                   q[K - 1] = last;
                                   Exact rho(0), qc(0);
                                   for (std::size_t j = 0; j < M; ++j) {
                                     rho += delta + (1 - Exact(long(K)) * delta) * q[j];
                                     qc += q[j];
                                   }
                                   const Exact k = Exact(long(K));
                                   return k * (Exact(long(M)) * delta - rho) + k * (1 - u) * qc;
                                 }));
  // every K >= 2, 1 <= M <= K, delta = u/K in [0, 1/K]
  c.paper = {{"K", 2, kUnbounded}, {"M", 1, kUnbounded}, {"u", 0, 1}};
  // every K and M: M delta - rho = -(1 - u) Q with Q = sum_C q in [0, 1] (rho = M delta + (1 - K delta) Q)
  Piece every = make_piece<2>("every K, M (aggregate Q = sum_C q): M delta - rho", {unit_box(2)},
                              [](const auto& x, const Constants&) { return -((1 - x[0]) * x[1]); });
  every.dims = {{"K", 2, kUnbounded}, {"M", 1, kUnbounded}};
  c.pieces.push_back(with_param(every, "u", 0));
  c.identities.push_back(rearrangement_identity(
      "every K, M: M delta - rho = -(1 - u) Q at rho = M delta + (1 - K delta) Q, delta = u/K", 4, 2,
      [](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact &u = x[0], &Q = x[1], &M = x[2], &K = x[3], delta = u / K;
        return M * delta - (M * delta + (1 - K * delta) * Q) + (1 - u) * Q;
      }));
  c.reductions.push_back(
      {"rho = sum_C (delta + (1 - K delta) q_c) = M delta + (1 - K delta) Q depends on q only "
       "through Q = sum_C q in [0, 1], for every K and M (checked with K, M, Q free): the "
       "piece over (u, Q) in [0, 1]^2 covers every K and M"});
  c.domain = "every K >= 2 and M (aggregate piece; K = 2, 3, 4 term by term): " + c.domain;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Componentwise and norm bounds: S⁽²⁾ ≥ ρ²/M (Cauchy–Schwarz), S⁽²⁾ ≤ ρ², p_j ≤ ρ.
// ---------------------------------------------------------------------------------------------------------

/// M²/ρ² · (ρ²/M − S⁽²⁾) = M − Σ_c (M a_c)² in the centred integer chart M a_c = 1 + y_c (c < M), y_M = −Σ y,
/// y ∈ [−1, M − 1]^{M−1}: the box contains the simplex, and the identity Σ a = 1 holds on all of it (so the
/// score stays the claim's quantity there); the bound is attained at the centroid y = 0, an exact point,
/// where the second-order test closes (the Hessian −2(I + 11ᵀ) is negative definite).
template <std::size_t M> Piece s2_lower_piece() {
  constexpr std::size_t N = M == 1 ? 1 : M - 1;
  const Box root = M == 1 ? unit_box(1) : Box(N, Interval(-1.0, double(M - 1))); // M = 1: a dummy coordinate
  Piece piece = make_piece<N>(m_label(M), {root}, [](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    if constexpr (M == 1) {
      return X(X(1) - square(X(1))); // S⁽²⁾ = ρ², a = (1): the dummy coordinate is unused
    } else {
      X last(1), sum(0);
      for (std::size_t c = 0; c + 1 < M; ++c) {
        sum += square(X(1) + x[c]);
        last -= x[c];
      }
      return X(X(int(M)) - sum - square(last));
    }
  });
  if constexpr (M > 1)
    piece.attained = {std::vector<double>(N, 0.0)};
  return with_dim(piece, "M", double(M));
}

DCRV_CERTIFICATE(s2_lower) {
  Certificate c;
  c.claim = "D.S2-lower";
  c.domain =
      "every partition with M = 1, 2, 3, 4 correct indices, every K >= M, every p in the closed simplex "
      "(rho = 0 included: there both sides are 0); no exclusion";
  c.method =
      "rho^2/M - S2 = (rho^2/M^2) (M - sum_c (M a_c)^2) with a = p_C/rho (rho > 0); the second factor in "
      "the chart M a_c = 1 + y_c, y_M = -sum y (y in [-1, M-1]^(M-1), a box containing the simplex, on "
      "which sum a = 1 holds); equality at the centroid y = 0: second-order test";
  // (M ≥ 5: the Hessian −2(I + 11ᵀ) is no longer diagonally dominant, the second-order test does not close)
  c.pieces = {s2_lower_piece<1>(), s2_lower_piece<2>(), s2_lower_piece<3>(), s2_lower_piece<4>()};
  paper_every_m_and_k(c, 1);
  add_chart_rearrangements(c, 1, 4);
  add_aggregate_piece<2>(c, "rho^2/M - S2 = -rho^2 v, v = s - 1/M", unit_box(2), 1,
                         [](const auto& x, const Constants&) { return -(square(x[0]) * x[1]); });
  every_m(c,
          {aggregate_step("rho^2/M - S2 = -rho^2 v at S2 = rho^2 s, s = v + 1/M",
                          [](const Exact& rho, const Exact&, const Exact& v, const Exact& mu) {
                            return rho * rho * mu - rho * rho * (v + mu) + rho * rho * v;
                          })},
          "rho^2/M - S2 = -rho^2 v with v = s - 1/M in [0, 1]");
  return c;
}

template <std::size_t M> void add_s2_upper_pieces(Certificate& cert) {
  // S⁽²⁾ − ρ² = ρ²(s − 1) = −ρ² · 2Σ_{c<c'} a_c a_c'
  cert.pieces.push_back(
      rho_share_piece<M>(m_label(M) + ", S2", [](const auto& rho, const auto& a, const auto&,
                                                 const Constants&) { return -(square(rho) * pair_sum(a)); }));
  // p_j − ρ = ρ(a_j − 1), every j ∈ C
  for (std::size_t j = 0; j < M; ++j)
    cert.pieces.push_back(rho_share_piece<M>(
        m_label(M) + ", p_j, j = " + std::to_string(j + 1),
        [j](const auto& rho, const auto& a, const auto&, const Constants&) { return rho * (a[j] - 1); }));
}

DCRV_CERTIFICATE(s2_upper) {
  Certificate c;
  c.claim = "D.S2-upper";
  c.domain =
      "every partition with M = 1, ..., 6 correct indices, every K >= M, every p in the closed simplex "
      "(the box rho in [0, 1], a in the closed simplex contains its image); no exclusion";
  c.method =
      "S2 - rho^2 = rho^2 (sum a^2 - 1) = -rho^2 2 sum_{c<c'} a_c a_c' (sum a = 1) and p_j - rho = rho (a_j "
      "- 1) in the chart (rho, a = p_C/rho), a by stick-breaking";
  for_each_m([&c]<std::size_t M>(std::integral_constant<std::size_t, M>) { add_s2_upper_pieces<M>(c); });
  paper_every_m_and_k(c, 1);
  add_chart_rearrangements(c, 1, 6);
  add_aggregate_piece<2>(c, "S2 - rho^2 = rho^2 (s - 1)", unit_box(2), 1,
                         [](const auto& x, const Constants&) { return square(x[0]) * (x[1] - 1); });
  add_aggregate_piece<2>(c, "p_j - rho = rho (a_j - 1)", unit_box(2), 1,
                         [](const auto& x, const Constants&) { return x[0] * (x[1] - 1); });
  every_m(
      c,
      {aggregate_step("S2 - rho^2 = rho^2 (s - 1), p_j - rho = rho (a_j - 1) at S2 = rho^2 s, p_j = rho a_j",
                      [](const Exact& rho, const Exact& a, const Exact& s2, const Exact&) {
                        const Exact r1 = rho * rho * s2 - rho * rho - rho * rho * (s2 - 1);
                        const Exact r2 = rho * a - rho - rho * (a - 1);
                        return r1 * r1 + r2 * r2;
                      })},
      "S2 - rho^2 = rho^2 (s - 1) and p_j - rho = rho (a_j - 1)");
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Componentwise and norm bounds (boxed): −ρ ≤ φ_c ≤ 1 − ρ/M, −ρ ≤ φ_i ≤ 0.
// ---------------------------------------------------------------------------------------------------------

constexpr const char* kComponentDomain =
    "every partition with M = 1, ..., 6 correct indices, every K >= M (phi depends on p only through rho "
    "and "
    "a = p_C/rho), every correct index c; every p in int Delta^(K-1) (the certified box rho in [0, 1], a in "
    "the closed simplex contains its image); no exclusion";

DCRV_CERTIFICATE(phi_c_lower) {
  Certificate c;
  c.claim = "D.phi-c-lower";
  c.domain = kComponentDomain;
  c.method =
      "-phi_c - rho = rho (sum a^2 - 1) - a_c = -rho 2 sum_{c<c'} a_c a_c' - a_c (phi_c = a_c - rho sum "
      "a^2, sum a = 1), a by stick-breaking; equality on the edges a = e_j (j != c)";
  auto add = [&c]<std::size_t M>(std::integral_constant<std::size_t, M>) {
    add_per_correct_index<M>(c, [](std::size_t j) {
      return [j](const auto& rho, const auto& a, const auto&, const Constants&) {
        return -(rho * pair_sum(a)) - a[j];
      };
    });
  };
  for_each_m(add);
  paper_every_m_and_k(c, 1);
  add_chart_rearrangements(c, 1, 6);
  add_aggregate_piece<3>(c, "-phi_c - rho = rho (s - 1) - a_c", unit_box(3), 1,
                         [](const auto& x, const Constants&) { return x[0] * (x[2] - 1) - x[1]; });
  every_m(c,
          {aggregate_step("-phi_c - rho = rho (s - 1) - a_c",
                          [](const Exact& rho, const Exact& a, const Exact& s2, const Exact&) {
                            return -phi_c_at(rho, a, s2) - rho - (rho * (s2 - 1) - a);
                          })},
          "-phi_c - rho = rho (s - 1) - a_c (phi_c = a_c - rho s)");
  return c;
}

DCRV_CERTIFICATE(phi_c_upper) {
  Certificate c;
  c.claim = "D.phi-c-upper";
  c.domain = kComponentDomain;
  c.method =
      "M (phi_c - (1 - rho/M)) = M (a_c - 1) + rho (1 - M sum a^2), a by stick-breaking (for M = 1 it is "
      "0: phi_c = 1 - rho); equality at rho = 0, a = e_c: monotonicity test";
  auto add = [&c]<std::size_t M>(std::integral_constant<std::size_t, M>) {
    add_per_correct_index<M>(c, [](std::size_t j) {
      return [j](const auto& rho, const auto& a, const auto& s, const Constants&) {
        return int(M) * (a[j] - 1) + rho * (1 - int(M) * s);
      };
    });
  };
  for_each_m(add);
  paper_every_m_and_k(c, 1);
  add_chart_rearrangements(c, 1, 6);
  add_aggregate_piece<3>(c, "phi_c - (1 - rho/M) = a_c - 1 - rho v, v = s - 1/M", unit_box(3), 1,
                         [](const auto& x, const Constants&) { return x[1] - 1 - x[0] * x[2]; });
  every_m(c,
          {aggregate_step("phi_c - (1 - rho/M) = a_c - 1 - rho v at s = v + 1/M",
                          [](const Exact& rho, const Exact& a, const Exact& v, const Exact& mu) {
                            return phi_c_at(rho, a, v + mu) - (1 - rho * mu) - (a - 1 - rho * v);
                          })},
          "phi_c - (1 - rho/M) = a_c - 1 - rho v with v = s - 1/M in [0, 1]");
  return c;
}

constexpr const char* kIncorrectDomain =
    "every partition with M = 1, ..., 6 correct indices and K > M (phi_i = -rho sum a^2 is the same for "
    "every "
    "incorrect index and every K); every p in int Delta^(K-1) (the box rho in [0, 1], a in the closed "
    "simplex contains its image); no exclusion";

DCRV_CERTIFICATE(phi_i_lower) {
  Certificate c;
  c.claim = "D.phi-i-lower";
  c.domain = kIncorrectDomain;
  c.method =
      "-phi_i - rho = rho (sum a^2 - 1) = -rho 2 sum_{c<c'} a_c a_c' (phi_i = -S2/rho = -rho sum a^2, sum a "
      "= 1), a by stick-breaking";
  auto add = [&c]<std::size_t M>(std::integral_constant<std::size_t, M>) {
    c.pieces.push_back(rho_share_piece<M>(m_label(M), [](const auto& rho, const auto& a, const auto&,
                                                         const Constants&) { return -(rho * pair_sum(a)); }));
  };
  for_each_m(add);
  paper_every_m_and_k(c, 1);
  add_chart_rearrangements(c, 1, 6);
  add_aggregate_piece<2>(c, "-phi_i - rho = rho (s - 1)", unit_box(2), 1,
                         [](const auto& x, const Constants&) { return x[0] * (x[1] - 1); });
  every_m(c,
          {aggregate_step("-phi_i - rho = rho (s - 1)",
                          [](const Exact& rho, const Exact&, const Exact& s2, const Exact&) {
                            return -phi_i_at(rho, s2) - rho - rho * (s2 - 1);
                          })},
          "-phi_i - rho = rho (s - 1) (phi_i = -rho s)");
  return c;
}

DCRV_CERTIFICATE(phi_i_upper) {
  Certificate c;
  c.claim = "D.phi-i-upper";
  c.domain = kIncorrectDomain;
  c.method = "phi_i = -rho sum a^2 (def:star-score in the chart (rho, a = p_C/rho)), a by stick-breaking";
  auto add = [&c]<std::size_t M>(std::integral_constant<std::size_t, M>) {
    c.pieces.push_back(rho_share_piece<M>(m_label(M), [](const auto& rho, const auto&, const auto& s,
                                                         const Constants&) { return -(rho * s); }));
  };
  for_each_m(add);
  paper_every_m_and_k(c, 1);
  add_chart_rearrangements(c, 1, 6);
  add_aggregate_piece<2>(c, "phi_i = -rho s", unit_box(2), 1,
                         [](const auto& x, const Constants&) { return -(x[0] * x[1]); });
  every_m(c,
          {aggregate_step("phi_i = -rho s", [](const Exact& rho, const Exact&, const Exact& s2,
                                               const Exact&) { return phi_i_at(rho, s2) + rho * s2; })},
          "phi_i = -rho s");
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Componentwise and norm bounds (second box): 1 − 2ρ + Kρ² ≤ K − 1, ‖φ‖₂ ≤ c√(K−1).
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(quadratic_le_km1) {
  Certificate c;
  c.claim = "D.quadratic-le-Km1";
  c.domain =
      "every real K >= 2 (kappa = 1/K in [0, 1/2], kappa = 0 the limit K -> infinity) and rho in [0, 1]; "
      "no exclusion";
  c.method =
      "the claim's expression 1 - 2 rho + K rho^2 - (K - 1) times kappa = 1/K > 0 is (1 - rho)(2 kappa - "
      "1 - rho) (exact rearrangement, checked), a product of a factor >= 0 and a factor <= 0 on the box "
      "(kappa, rho) in [0, 1/2] x [0, 1]; equality on rho = 1 and at (K, rho) = (2, 0)";
  Piece piece =
      make_piece<2>("kappa = 1/K in [0, 1/2], rho in [0, 1]", {{Interval(0.0, 0.5), Interval(0.0, 1.0)}},
                    [](const auto& x, const Constants&) {
                      const auto &kappa = x[0], &rho = x[1];
                      return (1 - rho) * (2 * kappa - 1 - rho);
                    });
  c.pieces = {with_param(
      with_param(piece, "K", 0, [](double kappa) { return kappa > 0 ? 1 / kappa : kUnbounded; }), "rho", 1)};
  c.identities = {rearrangement_identity("(1/K)(1 - 2 rho + K rho^2 - (K - 1)) = (1 - rho)(2/K - 1 - rho)", 2,
                                         2, [](const std::vector<Exact>& x, const RationalConstants&) {
                                           const Exact &K = x[0], &rho = x[1];
                                           return (1 - 2 * rho + K * rho * rho - (K - 1)) / K -
                                                  (1 - rho) * (2 / K - 1 - rho);
                                         })};
  c.paper = {{"K", 2, kUnbounded}, {"rho", 0, 1}};
  return c;
}

template <std::size_t M> Piece l2_piece() {
  Box b = unit_box(M + 1);
  b[1] = Interval(M == 1 ? 1.0 : 0.0, 1e12); // K = M + L ≥ 2
  Piece piece = make_piece<M + 1>(m_label(M), {b}, [](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const X &rho = x[0], &L = x[1];
    const std::array<X, M> a = shares<M>(x, 2);
    const X s = square_sum(a), c2 = square(X(k("c")));
    X sum(0);
    for (const auto& ac : a)
      sum += square(ac - rho * s);
    return X(sum - c2 * int(M - 1) + L * (square(rho * s) - c2));
  });
  return with_param(with_dim(piece, "M", double(M)), "L", 1);
}

DCRV_CERTIFICATE(phi_l2_sqrtkm1) {
  Certificate c;
  c.claim = "D.phi-l2-sqrtKm1";
  c.domain = "every partition with M = 1, ..., 6 correct indices and L = K - M incorrect ones, L real in [1, "
             "1e12] for M = 1 and in [0, 1e12] for M >= 2 (every K >= 2 up to 10^12); every p in int "
             "Delta^(K-1) (the box rho in [0, 1], a in the closed simplex contains its image); no exclusion";
  c.method =
      "||phi||^2 - c^2 (K - 1) = sum_c (a_c - rho s)^2 + L rho^2 s^2 - c^2 (M - 1 + L), s = sum a^2 "
      "(def:star-score in the chart (rho, a = p_C/rho); checked exactly with L free), with L a real box "
      "coordinate; equality at rho = "
      "1, a a vertex (and rho = 0 for K = 2): monotonicity test and the mean-value form";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  for_each_m(
      [&c]<std::size_t M>(std::integral_constant<std::size_t, M>) { c.pieces.push_back(l2_piece<M>()); });
  for (std::size_t M = 1; M <= 6; ++M) // the rearrangement (issue 20 point 5)
    c.identities.push_back(rearrangements::phi_l2_rearrangement(M));
  // every M >= 1 and L = K - M >= 0 incorrect indices (L >= 1 when M = 1: K >= 2)
  c.paper = {{"M", 1, kUnbounded}, {"L", 0, kUnbounded}};
  // every M and L: ||phi||^2 - c^2 (K - 1) = s - 2 rho s + K rho^2 s^2 - c^2 (K - 1) depends on (M, L) only
  // through K = M + L; times kappa = 1/K in [0, 1/2] over (kappa, rho, s) in [0, 1/2] x [0, 1]^2
  Piece every = make_piece<3>(
      "every M, L (aggregate box): kappa (||phi||^2 - c^2 (K - 1)), kappa = 1/K",
      {{Interval(0.0, 0.5), Interval(0.0, 1.0), Interval(0.0, 1.0)}}, [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        const X &kappa = x[0], &rho = x[1], &s = x[2], c2 = square(X(k("c")));
        return X(kappa * s - 2 * kappa * rho * s + square(rho * s) - c2 * (1 - kappa));
      });
  every.dims.push_back({"M", 1, kUnbounded});
  c.pieces.push_back(
      with_param(every, "K", 0, [](double kappa) { return kappa > 0 ? 1 / kappa : kUnbounded; }));
  c.identities.push_back(rearrangement_identity(
      "every M, L: sum_C (a_c - rho s)^2 = s - 2 rho s + M rho^2 s^2 (its monomials summed, sum a = 1), and "
      "kappa (||phi||^2 - c^2 (K - 1)) at K = M + L",
      5, 3, [](const std::vector<Exact>& x, const RationalConstants& k) {
        const Exact &a = x[0], &rho = x[1], &s2 = x[2], &M = x[3], &L = x[4],
                    c2 = Exact(k("c")) * Exact(k("c"));
        const Exact kappa = 1 / (M + L),
                    norm2 = s2 - 2 * rho * s2 + M * rho * rho * s2 * s2 + L * rho * rho * s2 * s2;
        return std::vector<Exact>{
            (a - rho * s2) * (a - rho * s2) - (a * a - 2 * rho * s2 * a + rho * rho * s2 * s2),
            kappa * (norm2 - c2 * (M + L - 1)) -
                (kappa * s2 - 2 * kappa * rho * s2 + rho * rho * s2 * s2 - c2 * (1 - kappa))};
      }));
  c.reductions.push_back(
      {"||phi||^2 = sum_C (a_c - rho s)^2 + L rho^2 s^2 = s - 2 rho s + (M + L) rho^2 s^2 (the monomials "
       "a_c^2, a_c "
       "summed over C: s and 1; checked with M, L free) depends on (M, L) only through K = M + L, and the "
       "box "
       "kappa = 1/K in [0, 1/2], rho in [0, 1], s = sum a^2 in [0, 1] contains the image for every M, L (s "
       "<= 1: 1 "
       "- s = 2 sum_{c<c'} a_c a_c' >= 0): the aggregate piece covers every M >= 1 and L >= 0 with K >= 2",
       {"L"}});
  c.domain =
      "every M >= 1 and L >= 0 with K >= 2 (aggregate box in kappa = 1/K; the per-M charts below term by "
      "term): " +
      c.domain;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Within C: |p_a − p_b|/ρ ≤ c and |p_a − p_b| ≤ ρ − min(p_a, p_b).
// ---------------------------------------------------------------------------------------------------------

template <std::size_t M> void add_zab_pieces(Certificate& cert) {
  for (std::size_t i = 0; i < M; ++i)
    for (std::size_t j = 0; j < M; ++j) {
      if (i == j)
        continue;
      const std::string pair = ", (a, b) = (" + std::to_string(i + 1) + ", " + std::to_string(j + 1) + ")";
      // (p_a − p_b)/ρ − c = a_i − a_j − c (both orders: |·|)
      cert.pieces.push_back(rho_share_piece<M>(m_label(M) + pair + ", ratio",
                                               [i, j](const auto&, const auto& a, const auto&,
                                                      const Constants& k) { return a[i] - a[j] - k("c"); }));
      // (p_a − p_b) − (ρ − min(p_a, p_b)) = ρ (a_i − a_j + min(a_i, a_j) − 1) = ρ (min(2a_i − a_j, a_i) − 1)
      cert.pieces.push_back(
          rho_share_piece<M>(m_label(M) + pair + ", strict",
                             [i, j](const auto& rho, const auto& a, const auto&, const Constants&) {
                               return rho * (min(2 * a[i] - a[j], a[i]) - 1);
                             }));
    }
}

DCRV_CERTIFICATE(zab_ratio_lt1) {
  Certificate c;
  c.claim = "D.zab-ratio-lt1";
  c.domain =
      "every partition with M = 2, ..., 6 correct indices, every K >= M, every ordered pair a != b in C; "
      "every p in int Delta^(K-1) (the box rho in [0, 1], p_C/rho in the closed simplex contains its "
      "image); no exclusion";
  c.method =
      "both parts of the claim in the chart (rho, a = p_C/rho): (p_a - p_b)/rho - c = a_a - a_b - c and "
      "(p_a - p_b) - rho + min(p_a, p_b) = rho (min(2 a_a - a_b, a_a) - 1) (x + min(y, z) = min(x + y, x + "
      "z)), "
      "each ordered pair (so |p_a - p_b| is covered by the two orders); equality at the vertex a = e_a";
  c.constants = {{"c", [] { return Interval(1); }}};
  for_each_m<2>([&c]<std::size_t M>(std::integral_constant<std::size_t, M>) { add_zab_pieces<M>(c); });
  paper_every_m_and_k(c, 2);
  add_chart_rearrangements(c, 2, 6);
  add_aggregate_piece<2>(c, "(p_a - p_b)/rho - c = a_a - a_b - c", unit_box(2), 2,
                         [](const auto& x, const Constants& k) { return x[0] - x[1] - k("c"); });
  add_aggregate_piece<3>(
      c, "(p_a - p_b) - rho + min(p_a, p_b) = rho (min(2 a_a - a_b, a_a) - 1)", unit_box(3), 2,
      [](const auto& x, const Constants&) { return x[0] * (min(2 * x[1] - x[2], x[1]) - 1); });
  every_m(
      c,
      {rearrangement_identity(
          "every M: (p_a - p_b)/rho = a_a - a_b, and per case of the min (p_a <= p_b: min = p_a, else p_b) "
          "(p_a - p_b) - rho + min = rho (2 a_a - a_b - 1) resp. rho (a_a - 1) at p = rho a",
          3, 2,
          [](const std::vector<Exact>& x, const RationalConstants&) {
            const Exact &rho = x[0], &a = x[1], &b = x[2], pa = rho * a, pb = rho * b;
            return std::vector<Exact>{(pa - pb) / rho - (a - b), (pa - pb) - rho + pa - rho * (2 * a - b - 1),
                                      (pa - pb) - rho + pb - rho * (a - 1)};
          })},
      "(p_a - p_b)/rho - c = a_a - a_b - c and (p_a - p_b) - rho + min(p_a, p_b) = rho (min(2 a_a - a_b, "
      "a_a) - 1) in the two shares a_a, a_b in [0, 1] of the pair");
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Asymptotics (boxed bracket): p e^{−1/ε} ≤ p e^{−g/ε} ≤ p e^{−1/(Mε)} for g ∈ [1/M, 1].
// ---------------------------------------------------------------------------------------------------------

/// Raw x = (M, t, ε, p^∞) with g = 1/M + t(1 − 1/M); e^A − e^B = e^B expm1(A − B) with A − B of a decided
/// sign: lower: p(e^{−1/ε} − e^{−g/ε}) = p e^{−g/ε} expm1(−(1 − t)(1 − 1/M)/ε); upper: p(e^{−g/ε} −
/// e^{−1/(Mε)}) = p e^{−1/(Mε)} expm1(−t(1 − 1/M)/ε).
Piece asym_piece(bool lower) {
  return make_piece<4>(lower ? "lower" : "upper",
                       {{Interval(0.0, 1.0), Interval(0.0, 1.0), Interval(1e-2, 1e2), Interval(0.0, 1.0)}},
                       [lower](const auto& x, const Constants&) {
                         using X = std::decay_t<decltype(x[0])>;
                         const X &mu = x[0], &t = x[1], &eps = x[2], &pinf = x[3]; // mu = 1/M
                         const X span = 1 - mu, g = mu + t * span;
                         if (lower)
                           return X(pinf * exp(-g / eps) * expm1(-((1 - t) * span) / eps));
                         return X(pinf * exp(-mu / eps) * expm1(-(t * span) / eps));
                       });
}

DCRV_CERTIFICATE(asym_bracket) {
  Certificate c;
  c.claim = "D.asym-bracket";
  c.domain = "every real M >= 1 (mu = 1/M in [0, 1], mu = 0 the limit M -> infinity), g in [1/M, 1], eps in "
             "[1e-2, 1e2], p_inf in [0, 1] (the claim's box; p_inf = 0 included); no exclusion";
  c.method =
      "each side's difference p(e^A - e^B) written as p e^B expm1(A - B), with mu = 1/M and g = mu + t (1 - "
      "mu), t in [0, 1], so that A - B = -(1 - t)(1 - mu)/eps resp. -t (1 - mu)/eps is <= 0 as an enclosure "
      "(the literal difference has the interval dependency e^B - e^B on the faces where it vanishes); the "
      "rearrangement checked exactly with e^B and e^(A - B) free";
  c.pieces = {asym_piece(true), asym_piece(false)};
  c.identities = {rearrangements::asym_bracket_rearrangement(true),
                  rearrangements::asym_bracket_rearrangement(false)}; // issue 20 point 5
  for (auto& piece : c.pieces)
    piece =
        with_param(with_param(with_param(with_param(piece, "M", 0,
                                                    [](double mu) { return mu > 0 ? 1 / mu : kUnbounded; }),
                                         "t", 1),
                              "eps", 2),
                   "p_inf", 3);
  // the registered statement: every M >= 1 (g = 1/M + t (1 - 1/M), t in [0, 1]), eps in [1e-2, 1e2],
  // p_inf in (0, 1]
  c.paper = {{"M", 1, kUnbounded}, {"t", 0, 1}, {"eps", 1e-2, 1e2}, {"p_inf", 0, 1}};
  return c;
}

/// One typed identity piece per K = 2..Kmax and subset C ⊆ {1..K} with keep(M, K): the components
/// residual(p, C, φ, ρ) (std::vector<Exact>, each must vanish) in the chart p = (x, 1 − Σx), φ as
/// dcrv::star_score evaluates it (star_phi: cancellation-free form). Typed: no branch on the variables.
template <class R, class Keep>
void add_identity_pieces(Certificate& cert, std::size_t Kmax, int degree, Keep keep, R residual) {
  for_each_subset(Kmax, keep, [&](std::size_t K, const std::vector<bool>& C) {
    cert.identities.push_back(
        exact_identity(subset_label(K, C), K - 1, degree,
                       [K, C, residual](const std::vector<Exact>& x, const RationalConstants&) {
                         const std::vector<Exact> p = softmax_exact::plane_chart(x, K);
                         Exact rho(0);
                         for (std::size_t k = 0; k < K; ++k)
                           if (C[k])
                             rho += p[k];
                         return std::vector<Exact>(residual(p, C, star_phi(p, C), rho));
                       }));
    cert.identities.back().dims = {{"K", int(K)}}; // every subset C of {1..K}: every M for this K
  });
  cert.paper = {{"K", 2, kUnbounded}};
}

/// Every K (issue 20 point 8): the aggregate identity `id` (star_aggregate.hpp) and the reduction saying why
/// the claim's expression depends on the other coordinates only through the aggregates.
void add_every_k(Certificate& cert, IdentityPiece id, const std::string& why, const std::string& checked) {
  cert.identities.push_back(std::move(id));
  cert.reductions.push_back({why +
                                 "; the identity holds for every value of the free aggregates, hence for "
                                 "every K and partition (dcrv's star_score checked term by term at " +
                                 checked + ")",
                             {"K"}});
  cert.method += "; every K: the identity in the coordinates it names and the aggregates as free variables "
                 "(star_aggregate.hpp), exact on its grid";
  cert.domain = "every K >= 2 (aggregate identity; " + checked + " term by term): " + cert.domain;
}

constexpr const char* kPhiByAggregates =
    "phi_c = (p_c (T - p_c) - (S2 - p_c^2))/rho (dcrv::star_score's rest = T - p_c and others = S2 - p_c^2), "
    "phi_i = -S2/rho: a component depends on the other coordinates only through T = sum p, rho and S2";

using Comps = std::vector<Exact>;

DCRV_CERTIFICATE(centering) {
  Certificate c;
  c.claim = "D.centering";
  c.domain = "K = 2, ..., 6, every partition with M >= 1 (every non-empty subset C); every p in int "
             "Delta^(K-1); no exclusion";
  c.method =
      "exact rational evaluation in the chart p = (x, 1 - sum x) (typed residual): rho times sum_k p_k "
      "phi_k (phi as dcrv::star_score evaluates it) is a polynomial of degree <= 3 in each x_j, zero on "
      "the 4^(K-1) grid, hence identically zero";
  add_identity_pieces(
      c, 6, 3, [](int M, int) { return M >= 1; },
      [](const Comps& p, const std::vector<bool>&, const Comps& phi, const Exact&) {
        Exact sum(0);
        for (std::size_t k = 0; k < p.size(); ++k)
          sum += p[k] * phi[k];
        return Comps{sum};
      });
  add_every_k(
      c, star_aggregate::centering(),
      std::string(kPhiByAggregates) +
          "; the terms p_c phi_c = (T p_c^2 - S2 p_c)/rho and p_i phi_i = -S2 p_i/rho (checked) sum over "
          "the classes to (T S2 - S2 rho)/rho and -S2 (T - rho)/rho",
      "K = 2..6, every subset C");
  return c;
}

constexpr const char* kPairMethod =
    "exact rational evaluation in the chart p = (x, 1 - sum x), phi as "
    "dcrv::star_score evaluates it (typed residual): every pair's residual, "
    "times rho, is a polynomial of degree <= 4 in each x_j (a bound), zero on "
    "the 5^(K-1) grid, hence identically zero";

DCRV_CERTIFICATE(scorediff_ii) {
  Certificate c;
  c.claim = "D.scorediff-II";
  c.domain =
      "K = 3, 4, 5, every partition with M >= 1 and at least two incorrect indices, every pair i != j in "
      "I; every p in int Delta^(K-1); no exclusion";
  c.method = kPairMethod;
  add_identity_pieces(
      c, 5, 4, [](int M, int K) { return M >= 1 && K - M >= 2; },
      [](const Comps&, const std::vector<bool>& C, const Comps& phi, const Exact&) {
        Comps r;
        for (std::size_t i = 0; i < C.size(); ++i)
          for (std::size_t j = 0; j < C.size(); ++j)
            if (!C[i] && !C[j] && i != j)
              r.push_back(phi[i] - phi[j]);
        return r;
      });
  c.paper = {{"K", 3, kUnbounded}}; // two incorrect indices and M >= 1
  add_every_k(c, star_aggregate::score_difference("II"), std::string(kPhiByAggregates) + " (sum p = 1)",
              "K = 3..5, every subset C");
  return c;
}

DCRV_CERTIFICATE(scorediff_cc) {
  Certificate c;
  c.claim = "D.scorediff-CC";
  c.domain = "K = 2, ..., 5, every partition with M >= 2, every pair a != b in C; every p in int "
             "Delta^(K-1); no exclusion";
  c.method = kPairMethod;
  add_identity_pieces(
      c, 5, 4, [](int M, int) { return M >= 2; },
      [](const Comps& p, const std::vector<bool>& C, const Comps& phi, const Exact& rho) {
        Comps r;
        for (std::size_t a = 0; a < C.size(); ++a)
          for (std::size_t b = 0; b < C.size(); ++b)
            if (C[a] && C[b] && a != b)
              r.push_back(phi[a] - phi[b] - (p[a] - p[b]) / rho);
        return r;
      });
  add_every_k(c, star_aggregate::score_difference("CC"), std::string(kPhiByAggregates) + " (sum p = 1)",
              "K = 2..5, every subset C");
  return c;
}

DCRV_CERTIFICATE(scorediff_ci) {
  Certificate c;
  c.claim = "D.scorediff-CI";
  c.domain = "K = 2, ..., 5, every partition with 1 <= M < K, every c in C and i in I; every p in int "
             "Delta^(K-1); no exclusion";
  c.method = kPairMethod;
  add_identity_pieces(
      c, 5, 4, [](int M, int K) { return M >= 1 && M < K; },
      [](const Comps& p, const std::vector<bool>& C, const Comps& phi, const Exact& rho) {
        Comps r;
        for (std::size_t a = 0; a < C.size(); ++a)
          for (std::size_t i = 0; i < C.size(); ++i)
            if (C[a] && !C[i])
              r.push_back(phi[a] - phi[i] - p[a] / rho);
        return r;
      });
  add_every_k(c, star_aggregate::score_difference("CI"), std::string(kPhiByAggregates) + " (sum p = 1)",
              "K = 2..5, every subset C");
  return c;
}

DCRV_CERTIFICATE(edge_mk) {
  Certificate c;
  c.claim = "D.edge-MK";
  c.domain = "K = 2, ..., 6 with M = K (C = every index); every p in int Delta^(K-1); no exclusion (K = 1, "
             "where p = (1), rho = 1 and phi = 0, is not run)";
  c.method =
      "exact rational evaluation in the chart p = (x, 1 - sum x), phi as dcrv::star_score evaluates it "
      "(typed "
      "residual): rho - 1 and phi_k - (p_k - sum_j p_j^2) for every k, each a polynomial of degree <= 4 in "
      "each x_j (a bound), zero on the 5^(K-1) grid, hence identically zero";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 6; ++K) {
    const IdentityPiece piece = exact_identity(
        "K = " + std::to_string(K) + ", M = K", K - 1, 4,
        [K = static_cast<std::size_t>(K)](const std::vector<Exact>& x, const RationalConstants&) {
          const std::vector<Exact> p = softmax_exact::plane_chart(x, K);
          const std::vector<Exact> phi = star_phi(p, std::vector<bool>(K, true));
          Exact sq(0), rho(0);
          for (const auto& v : p) {
            sq += v * v;
            rho += v;
          }
          Comps r{rho - 1};
          for (std::size_t k = 0; k < K; ++k)
            r.push_back(phi[k] - (p[k] - sq));
          return r;
        });
    c.identities.push_back(piece);
  }
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  add_every_k(c, star_aggregate::edge_mk(),
              std::string(kPhiByAggregates) +
                  "; with C = every index rho = T = sum p = 1 and S2 = sum_k p_k^2",
              "K = 2..6");
  return c;
}

} // namespace
} // namespace dcrv::certify
