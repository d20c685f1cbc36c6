// Certificates of App. A claims on floors and the replicator field (properties/A_functionals_floors.cpp):
// interval branch and bound for the floor bounds, exact rational evaluation for the replicator identities.
//
// Floors (§A.2). On the simplex Σ_j max{p_j, δ⋆} = Σ_j p_j + Σ_j max{0, δ⋆ − p_j} = 1 + max_A Σ_{j∈A}(δ⋆ −
// p_j), the maximum over all subsets A of {1..S} (a sum of positive parts is the largest partial sum; A = ∅
// gives 0, A = all gives Sδ⋆ − 1 since Σp = 1). Each partial sum is linear, so the claims become maxima of
// linear forms whose signs the interval enclosures decide on a single box (no bisection near the attained
// sets: the vertices and δ⋆ = 1).
//
// Replicator field (§A.5). The identities are polynomial in the chart p = (x₁, …, x_{S−1}, 1 − Σx) of the
// plane Σp = 1 (so they hold on the closed simplex) and linear in F (and in v): each is checked for F = e_k
// (and v = e_l − e_S, a basis of T), which suffices by linearity. Degrees are stated per piece.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {
namespace {

// ---------------------------------------------------------------------------------------------------------
// Small exact helpers (rationals)
// ---------------------------------------------------------------------------------------------------------

using RVec = std::vector<Rational>;

/// p = (x₁, …, x_{S−1}, 1 − Σx): the chart of the plane Σp = 1 (the closed simplex where x ≥ 0, Σx ≤ 1).
RVec plane_chart(const RVec& x, std::size_t S) {
  RVec p(S);
  Rational last(1);
  for (std::size_t i = 0; i + 1 < S; ++i) {
    p[i] = x[i];
    last -= x[i];
  }
  p[S - 1] = last;
  return p;
}
/// The replicator field p ⊙ (F − E_p[F]) (eq. replicator), as the claim's `replicator`.
RVec replicator_exact(const RVec& p, const RVec& F) {
  Rational mean(0);
  for (std::size_t i = 0; i < p.size(); ++i)
    mean += p[i] * F[i];
  RVec w(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    w[i] = p[i] * (F[i] - mean);
  return w;
}
RVec unit_rvec(std::size_t S, std::size_t k) {
  RVec e(S, Rational(0));
  e[k] = 1;
  return e;
}
/// max_i |r_i|: zero iff every component is (each component is a polynomial on the grid).
Rational largest_abs(const RVec& r) {
  Rational m(0);
  for (const auto& x : r) {
    const Rational a = x < 0 ? Rational(-x) : x;
    if (a > m)
      m = a;
  }
  return m;
}
IdentityPiece make_identity(std::string label, std::size_t variables, int degree,
                            std::function<Rational(const RVec&, const RationalConstants&)> residual) {
  IdentityPiece p;
  p.label = std::move(label);
  p.variables = variables;
  p.degree = degree;
  p.residual = std::move(residual);
  return p;
}
std::string S_is(std::size_t S) {
  return "S = " + std::to_string(S);
}

// ---------------------------------------------------------------------------------------------------------
// §A.2 Floors: policy vs. effective
// ---------------------------------------------------------------------------------------------------------

/// max_A [Σ_{j∈A}(δ⋆ − p_j) − bδ⋆] over every subset A of {1..S}, each term in the form (|A| − b)δ⋆ − Σ_A p_j
/// (δ⋆ collected once, so the enclosure has no dependency in δ⋆); A = ∅ gives −bδ⋆, the full set (S − b)δ⋆ −
/// 1 (Σp = 1 exactly). For b = 0 it is Σ_j max{0, δ⋆ − p_j} (a sum of positive parts is the largest partial
/// sum).
template <std::size_t S, class X>
X max_partial_sums(const std::array<X, S>& p, const X& ds, const Interval& b) {
  X best = X(-b) * ds;
  for (unsigned mask = 1; mask < (1u << S); ++mask) {
    X s(0);
    int n = 0;
    if (mask == (1u << S) - 1) {
      s = -1;
      n = int(S);
    } else
      for (std::size_t j = 0; j < S; ++j)
        if (mask & (1u << j)) {
          s -= p[j];
          ++n;
        }
    best = max(best, X(Interval(n) - b) * ds + s);
  }
  return best;
}

/// Lower end: δ⋆/(1 + c(S−1)δ⋆) ≤ δ_eff ⇔ Σ_j max{p_j, δ⋆} ≤ 1 + c(S−1)δ⋆ ⇔ max_A Σ_A(δ⋆ − p_j) − c(S−1)δ⋆ ≤
/// 0.
template <std::size_t S> Piece eff_floor_lower_piece() {
  Piece piece;
  piece.label = S_is(S) + ", lower end";
  piece.score = make_score<S>([](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    return max_partial_sums<S, X>(p, x[S - 1], k("c_den") * Interval(int(S - 1)));
  });
  piece.roots = {unit_box(S)};
  return piece;
}
/// Upper end: δ_eff ≤ c δ⋆ ⇔ 1 ≤ c Σ_j max{p_j, δ⋆} ⇔ 1 − c(1 + max_A Σ_A(δ⋆ − p_j)) ≤ 0 (A = ∅ included).
template <std::size_t S> Piece eff_floor_upper_piece() {
  Piece piece;
  piece.label = S_is(S) + ", upper end";
  piece.score = make_score<S>([](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    const X m = max_partial_sums<S, X>(p, x[S - 1], Interval(0));
    return 1 - X(k("c_up")) * (1 + m);
  });
  piece.roots = {unit_box(S)};
  return piece;
}

// App. A §A.2: δ⋆/(1 + c₁(S−1)δ⋆) ≤ δ_eff(p) ≤ c₂δ⋆.
DCRV_CERTIFICATE(eff_floor_interval) {
  Certificate c;
  c.claim = "A.eff-floor-interval";
  c.domain = "S = 2, ..., 6; every p in the closed simplex (stick-breaking, raw box [0,1]^(S-1)) and every "
             "delta* in [0, 1] (the claim's (0, 1] with delta* = 0 added); no exclusion";
  c.method =
      "both ends times the positive denominators: sum_j max{p_j, delta*} <= 1 + c_den (S-1) delta* and "
      "1 <= c_up sum_j max{p_j, delta*}; on the simplex sum_j max{p_j, delta*} = 1 + max_A sum_{j in A} "
      "(delta* - p_j) over the subsets A of {1..S} (sum of positive parts = largest partial sum; the "
      "full set is S delta* - 1 as sum p = 1); every partial sum is linear, so the enclosures decide";
  c.constants = {{"c_den", [] { return Interval(1); }}, {"c_up", [] { return Interval(1); }}};
  c.pieces = {eff_floor_lower_piece<2>(), eff_floor_lower_piece<3>(), eff_floor_lower_piece<4>(),
              eff_floor_lower_piece<5>(), eff_floor_lower_piece<6>(), eff_floor_upper_piece<2>(),
              eff_floor_upper_piece<3>(), eff_floor_upper_piece<4>(), eff_floor_upper_piece<5>(),
              eff_floor_upper_piece<6>()};
  return c;
}

/// min_i max{p_i, δ⋆}/Σ ≥ δ⋆/Σ ⇔ min_i max{p_i, δ⋆} ≥ δ⋆ ⇔ max_i (δ⋆ − max{p_i, δ⋆}) = max_i min{δ⋆ − p_i, 0}
/// ≤ 0.
template <std::size_t S> Piece eff_floor_is_floor_piece() {
  Piece piece;
  piece.label = S_is(S);
  piece.score = make_score<S>([](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    X worst = min(x[S - 1] - p[0], X(0));
    for (std::size_t i = 1; i < S; ++i)
      worst = max(worst, min(x[S - 1] - p[i], X(0)));
    return worst;
  });
  piece.roots = {unit_box(S)};
  return piece;
}

DCRV_CERTIFICATE(eff_floor_is_floor) {
  Certificate c;
  c.claim = "A.eff-floor-is-floor";
  c.domain = "S = 2, ..., 6; every p in the closed simplex and every delta* in [0, 1]; no exclusion";
  c.method = "both sides have the positive denominator sum_j max{p_j, delta*}: the claim is min_i max{p_i, "
             "delta*} >= delta*, i.e. max_i min{delta* - p_i, 0} <= 0 (delta* - max{p_i, delta*} = "
             "min{delta* - p_i, 0}); p by stick-breaking";
  c.pieces = {eff_floor_is_floor_piece<2>(), eff_floor_is_floor_piece<3>(), eff_floor_is_floor_piece<4>(),
              eff_floor_is_floor_piece<5>(), eff_floor_is_floor_piece<6>()};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §A.5 Shahshahani geometry: replicator identities
// ---------------------------------------------------------------------------------------------------------

/// Σ_i p_i(F_i − E_p[F]) for F = e_k; variables x (the chart), degree 2 (p_i p_k).
IdentityPiece mass_piece(std::size_t S, std::size_t k) {
  return make_identity(S_is(S) + ", F = e_" + std::to_string(k + 1), S - 1, 2,
                       [S, k](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec w = replicator_exact(plane_chart(x, S), unit_rvec(S, k));
                         Rational s(0);
                         for (const auto& wi : w)
                           s += wi;
                         return s;
                       });
}

DCRV_CERTIFICATE(mass_conservation) {
  Certificate c;
  c.claim = "A.mass-conservation";
  c.domain = "S = 2, ..., 8; every p of the plane sum p = 1 (so the closed simplex) and every F in R^S; no "
             "exclusion";
  c.method =
      "sum_i p_i (F_i - E_p[F]) is linear in F: checked for F = e_k, k = 1..S; in the chart p = (x, 1 - "
      "sum x) a polynomial of degree <= 2 in each x_i, zero on a 3^(S-1) grid of rationals";
  for (std::size_t S = 2; S <= 8; ++S)
    for (std::size_t k = 0; k < S; ++k)
      c.identities.push_back(mass_piece(S, k));
  return c;
}

/// p ⊙ ((F + a1) − E_p[F + a1]) − p ⊙ (F − E_p[F]) with F = e_k or F = 0 (k = S), a variable; degree 2.
IdentityPiece gauge_piece(std::size_t S, std::size_t k) {
  return make_identity(S_is(S) + (k < S ? ", F = e_" + std::to_string(k + 1) : ", F = 0"), S, 2,
                       [S, k](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec p = plane_chart(x, S);
                         const RVec F = k < S ? unit_rvec(S, k) : RVec(S, Rational(0));
                         RVec shifted = F;
                         for (auto& f : shifted)
                           f += x[S - 1];
                         const RVec a = replicator_exact(p, shifted), b = replicator_exact(p, F);
                         RVec d(S);
                         for (std::size_t i = 0; i < S; ++i)
                           d[i] = a[i] - b[i];
                         return largest_abs(d);
                       });
}

DCRV_CERTIFICATE(gauge_invariance) {
  Certificate c;
  c.claim = "A.gauge-invariance";
  c.domain =
      "S = 2, ..., 8; every p of the plane sum p = 1 (so the closed simplex), every F in R^S and every "
      "real a (the claim samples a in [-100, 100]); no exclusion";
  c.method =
      "the difference of the two fields is affine in F for fixed (p, a): checked for F = 0 and F = e_k; "
      "in the chart p = (x, 1 - sum x) each component is a polynomial of degree <= 2 in each x_i and in "
      "a, zero on a 3^S grid of rationals";
  for (std::size_t S = 2; S <= 8; ++S)
    for (std::size_t k = 0; k <= S; ++k)
      c.identities.push_back(gauge_piece(S, k));
  return c;
}

/// g_p(w, v) − ⟨F, v⟩ = Σ_i w_i v_i/p_i − ⟨F, v⟩, w = p ⊙ (F − E_pF), F = e_k, v = e_l − e_S ∈ T. Times Π_j
/// p_j (non-zero on the grid) a polynomial of degree ≤ 4 in each x_i (w_i has degree ≤ 2, Π_{j≠i} p_j ≤ 2).
IdentityPiece shah_metric_piece(std::size_t S, std::size_t k, std::size_t l) {
  return make_identity(S_is(S) + ", F = e_" + std::to_string(k + 1) + ", v = e_" + std::to_string(l + 1) +
                           " - e_" + std::to_string(S),
                       S - 1, 4, [S, k, l](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec p = plane_chart(x, S), F = unit_rvec(S, k);
                         RVec v = unit_rvec(S, l);
                         v[S - 1] -= 1;
                         const RVec w = replicator_exact(p, F);
                         Rational g(0), fv(0);
                         for (std::size_t i = 0; i < S; ++i) {
                           g += w[i] * v[i] / p[i];
                           fv += F[i] * v[i];
                         }
                         return g - fv;
                       });
}
/// Σ_i w_i for w = p ⊙ (F − E_pF), F = e_k (the same sum as A.mass-conservation).
IdentityPiece shah_tangent_piece(std::size_t S, std::size_t k) {
  IdentityPiece piece = mass_piece(S, k);
  piece.label += ", sum w = 0";
  return piece;
}
/// g_p(v, v) ≥ ‖v‖²: Σ_i v_i²/p_i − Σ_i v_i² = Σ_i v_i²(1 − p_i)/p_i ≥ 0; times Π_j p_j > 0 (int Δ) the score
/// −Σ_i v_i²(1 − p_i)Π_{j≠i}p_j ≤ 0, a sum of products of non-negative enclosures on the closed simplex. v ∈
/// T from S − 1 free coordinates in [−1, 1] (the form is homogeneous of degree 2 in v).
template <std::size_t S> Piece shah_metric_lower_piece() {
  Piece piece;
  piece.label = S_is(S) + ", g_p(v,v) >= |v|^2";
  piece.score = make_score<2 * S - 2>([](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    std::array<X, S> v;
    X last(0);
    for (std::size_t i = 0; i + 1 < S; ++i) {
      v[i] = x[S - 1 + i];
      last -= v[i];
    }
    v[S - 1] = last;
    X s(0);
    for (std::size_t i = 0; i < S; ++i) {
      X term = square(v[i]) * (1 - p[i]);
      for (std::size_t j = 0; j < S; ++j)
        if (j != i)
          term = term * p[j];
      s += term;
    }
    return -s;
  });
  Box root = unit_box(S - 1);
  for (std::size_t i = 0; i + 1 < S; ++i)
    root.push_back(Interval(-1.0, 1.0));
  piece.roots = {root};
  return piece;
}

DCRV_CERTIFICATE(shah_gradient_replicator) {
  Certificate c;
  c.claim = "A.shah-gradient-replicator";
  c.domain =
      "S = 2, ..., 6; the identities for every p of the plane sum p = 1 with p_i != 0 (so every p in "
      "int Delta), every F in R^S and v in T; g_p(v,v) >= |v|^2 for every p in int Delta and v in T; no "
      "exclusion";
  c.method =
      "sum w = 0 and g_p(w,v) = <F,v> are linear in F and in v: checked for F = e_k and v = e_l - e_S "
      "(a basis of T), exactly in the chart p = (x, 1 - sum x) (g_p(w,v) times prod p_j: degree <= 4 "
      "per x_i, 5^(S-1) grid); g_p(v,v) - |v|^2 = sum_i v_i^2 (1 - p_i)/p_i, times prod_j p_j > 0: "
      "-sum_i v_i^2 (1 - p_i) prod_{j != i} p_j <= 0 by interval enclosures (p by stick-breaking, v in T "
      "from S - 1 coordinates in [-1, 1], homogeneous of degree 2)";
  for (std::size_t S = 2; S <= 6; ++S)
    for (std::size_t k = 0; k < S; ++k) {
      c.identities.push_back(shah_tangent_piece(S, k));
      for (std::size_t l = 0; l + 1 < S; ++l)
        c.identities.push_back(shah_metric_piece(S, k, l));
    }
  c.pieces = {shah_metric_lower_piece<2>(), shah_metric_lower_piece<3>(), shah_metric_lower_piece<4>(),
              shah_metric_lower_piece<5>(), shah_metric_lower_piece<6>()};
  return c;
}

} // namespace
} // namespace dcrv::certify
