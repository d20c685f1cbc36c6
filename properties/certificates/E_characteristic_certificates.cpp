// Certificates of App. E claims about the GRPO characteristic h_G and the centred score γ̂
// (properties/E_grpo_characteristic.cpp; E.rhoh-le-sqrtG, E.const-Ltan and E.const-Fx of
// properties/E_grpo_thresholds.cpp, which are statements about h_G as well).
//
// Two mechanisms (certify/certificate.hpp):
//  * bounds, by interval branch and bound: h_G/√(G−1) is the Bernstein polynomial
//      H_G(ρ) = Σ_{s=0}^{n} C(n, s) ρ^s σ^{n−s} √(m/((1+s)(m−s))),   m = G−1, n = G−2, σ = 1−ρ
//    (dcrv/scores/grpo.hpp: h_G = Σ C(n,s)ρ^sσ^{n−s} b_s, b_s = m/√((1+s)(m−s)), divided by √m > 0
//    coefficientwise); its end weights are exactly 1 (C(n, 0) = C(n, n) = 1, √(m/m) = 1), so the bounds
//    attained at ρ = 0 or ρ = 1 close by the monotonicity test. The centred score depends on p only through
//    ρ = ρ_C(p) (γ̂_C = (1−ρ)h_G, γ̂_I = −ρh_G; E.gamma-centered-form), and ρ_C maps Δ^{K−1} onto [0, 1] for
//    1 ≤ K_C ≤ K−1: a bound on a function of ρ over [0, 1] is the bound for every K.
//  * identities, by exact rational evaluation (certify/exact_identity.hpp): for G = 2, 3 every weight of H_G
//    is rational (G = 2: 1; G = 3: √(2/2) = 1), and so are the weights √((m−j)/((1+j)m)) of c₁/√m; at ρ ∈
//    {0, 1} only the end terms of a Bernstein sum survive (the others carry an exact factor 0) and their
//    weights are rational for every G, so the end-point values are exact rationals for every G = 2..256. The
//    identities of the centred score hold with h_G(ρ) replaced by an independent variable H (they use h_G
//    only as the common raw score of the correct class), so they hold for every G.
// A piece whose residual is a vector returns its components (typed, exact_identity): it vanishes on the grid
// iff every component does, and each component satisfies the stated degree bound, so each is identically
// zero.
#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregate_identities.hpp"
#include "properties/certificates/grpo_exact.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace grpo_exact;

// Largest G of the interval branch-and-bound certificates (each G is one piece; see the domain texts).
constexpr int kMaxBnbGroup = 64;

CertConstant exact_one(const std::string& name) {
  return {name, [] { return Interval(1); }, [] { return Rational(1); }};
}
CertConstant upper_one(const std::string& name) {
  return {name, [] { return Interval(1); }};
}

// ---------------------------------------------------------------------------------------------------------
// Bounds on h_G over ρ ∈ [0, 1]
// ---------------------------------------------------------------------------------------------------------

constexpr double inf = kUnbounded;

/// A piece of one group size G over ρ ∈ [0, 1] (raw coordinate 0) with its scope data.
Piece rho_piece(int G, Piece piece) {
  return with_param(with_dim(std::move(piece), "G", G), "rho", 0);
}

/// The paper's domain of a bound on a function of ρ: every G >= 2 and ρ ∈ [0, 1].
const std::vector<ScopeRange> kGroupsAndRho = {{"G", 2, inf}, {"rho", 0, 1}};

/// The reduction of a bound on the centred score to one on a function of ρ = ρ_C(p): (K, K_C, p) enter only
/// through ρ, which takes every value of [0, 1].
Reduction through_rho() {
  return {"the score depends on (K, K_C, p) only through rho = rho_C(p), which takes every value of [0, 1]",
          {"K"}};
}

/// Score f(ρ)H_G(ρ) − c with f = 1 − ρ (`which` = 0: γ̂_C/√(G−1) = c₁/√(G−1)), ρ (1: −γ̂_I/√(G−1)), 1 (2:
/// h_G/√(G−1)), −1 (3: −h_G/√(G−1)) or −(1 − ρ) (4: −γ̂_C/√(G−1)); c is the constant `name`.
Piece class_score_piece(int G, int which, const std::string& name = "c") {
  const char* names[] = {"(1-rho)h_G", "rho h_G", "h_G", "-h_G", "-(1-rho)h_G"};
  return rho_piece(G,
                   make_piece<1>(std::string(names[which]) + ", G = " + std::to_string(G), {unit_box(1)},
                                 [w = h_scaled_weights(G), which, name](const auto& x, const Constants& k) {
                                   using X = std::decay_t<decltype(x[0])>;
                                   const X& rho = x[0];
                                   const X factor = which == 0   ? X(1 - rho)
                                                    : which == 1 ? rho
                                                    : which == 4 ? X(rho - 1)
                                                                 : X(which == 2 ? 1 : -1);
                                   return factor * bernstein(w, rho) - X(k(name));
                                 }));
}

/// class_score_piece(G, w, name) for every G = 2, …, kMaxBnbGroup and each w of `which` in turn.
void add_class_score_pieces(Certificate& c, std::initializer_list<int> which, const std::string& name = "c") {
  for (int G = 2; G <= kMaxBnbGroup; ++G)
    for (int w : which)
      c.pieces.push_back(class_score_piece(G, w, name));
}

/// The G-free piece `label` with score f(ρ)·1 − c (H_G replaced by its bound 1, aggregate::add_every_group).
template <class F> Piece envelope(const std::string& label, F f, const std::string& name = "c") {
  return aggregate::every_group_piece(label, [f, name](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    return f(x[0]) - X(k(name));
  });
}

// App. E §Pointwise envelopes: ‖γ̂(p)‖_∞ ≤ c√(G−1).
DCRV_CERTIFICATE(gamma_sup_norm) {
  Certificate c;
  c.claim = "E.gamma-sup-norm";
  c.domain = groups_up_to(kMaxBnbGroup,
                          "; every K >= 2, every 0 <= K_C <= K and every p in the closed simplex (the score "
                          "depends on p only through rho_C(p), which takes every value of [0, 1])");
  c.method = "|gamma_C| = (1-rho)h_G, |gamma_I| = rho h_G (closed form, E.gamma-centered-form; h_G >= 0: "
             "positive Bernstein weights), so the claim is (1-rho)h_G(rho) <= c sqrt(G-1) and rho h_G(rho) "
             "<= c sqrt(G-1) on [0, 1] (an empty class gives gamma = 0); divided by sqrt(G-1), h_G in "
             "Bernstein form with exact end weights; equality at rho = 0 and rho = 1: monotonicity test";
  c.constants = {upper_one("c")};
  add_class_score_pieces(c, {0, 1});
  aggregate::add_every_group(
      c,
      {envelope("(1-rho) - c", [](const auto& rho) { return 1 - rho; }),
       envelope("rho - c", [](const auto& rho) { return rho; })},
      "the scores (1-rho)H_G - c and rho H_G - c have the coefficients 1 - rho, rho >= 0");
  c.paper = {{"G", 2, inf}, {"K", 2, inf}, {"rho", 0, 1}};
  c.reductions = {through_rho()};
  return c;
}

// App. E §Convenient sufficient relaxations: ρh_G(ρ) ≤ c√(G−1).
DCRV_CERTIFICATE(rhoh_le_sqrtG) {
  Certificate c;
  c.claim = "E.rhoh-le-sqrtG";
  c.domain = groups_up_to(kMaxBnbGroup, " and rho in [0, 1]");
  c.method = "rho h_G(rho)/sqrt(G-1) - c <= 0, h_G in Bernstein form divided by sqrt(G-1) coefficientwise "
             "(exact end weights); equality at rho = 1: monotonicity test";
  c.constants = {upper_one("c")};
  add_class_score_pieces(c, {1});
  aggregate::add_every_group(c, {envelope("rho - c", [](const auto& rho) { return rho; })},
                             "the score rho H_G - c has the coefficient rho >= 0");
  c.paper = kGroupsAndRho;
  return c;
}

// App. E §Setup: ρ_C(p) ≥ K_Cδ and 1 − ρ_C(p) ≥ K_Iδ on Δ_δ.
DCRV_CERTIFICATE(trimmed_rho_range) {
  Certificate c;
  c.claim = "E.trimmed-rho-range";
  c.domain = "every K >= 2, every 0 <= K_C <= K - 1, every delta in [0, 1/K] and every p in Delta_delta "
             "(q in the closed simplex); no exclusion";
  c.method = "p = delta + (1 - K delta)q gives rho_C = K_C delta + (1 - K delta) sum_C q and 1 - rho_C = "
             "K_I delta + (1 - K delta) sum_I q exactly, so K_C delta - rho_C = -(1 - u)t with u = K delta, "
             "t = sum_C q (resp. sum_I q), (u, t) in [0, 1]^2 for every K and K_C";
  c.pieces = {free_mass_piece("K_C delta - rho_C = -(1 - K delta) sum_C q"),
              free_mass_piece("K_I delta - (1 - rho_C) = -(1 - K delta) sum_I q")};
  add_class_band_identities(c); // the rearrangement, checked at K = 2..4
  c.paper = {{"K", 2, kUnbounded}, {"u", 0, 1}, {"t", 0, 1}};
  c.reductions = {
      {"every K >= 2, 0 <= K_C <= K - 1, delta in [0, 1/K] and q in the closed simplex give (u, t) = "
       "(K delta, sum_C q) (resp. sum_I q) in [0, 1]^2, and the score is -(1 - u) t there",
       {"K"}}};
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"the class band as the scores"});
  return c;
}

// App. E §Pointwise envelopes: 1 − ρ ≥ K_Iδ and h_G(ρ) ≤ c H_G = c√(G−1)/(K_Iδ).
DCRV_CERTIFICATE(hG_le_HG) {
  Certificate c;
  c.claim = "E.hG-le-HG";
  c.domain = groups_up_to(
      kMaxBnbGroup,
      "; every K >= 2, every 0 <= K_C <= K - 1, every delta in (0, 1/K], every p in Delta_delta");
  c.method = "first part as E.trimmed-rho-range (K_I delta - (1 - rho) = -(1 - K delta) sum_I q); second "
             "part times K_I delta/sqrt(G-1) > 0: K_I delta h_G(rho)/sqrt(G-1) <= c, and since K_I delta <= "
             "1 - rho (first part) and h_G >= 0 it suffices that (1 - rho)h_G(rho)/sqrt(G-1) <= c on [0, 1] "
             "(equality at rho = 0, reached by K_C = 0, delta = 1/K); Bernstein form, monotonicity test";
  c.constants = {upper_one("c")};
  c.pieces.push_back(free_mass_piece("K_I delta - (1 - rho_C) = -(1 - K delta) sum_I q"));
  add_class_score_pieces(c, {0});
  aggregate::add_every_group(c, {envelope("(1-rho) - c", [](const auto& rho) { return 1 - rho; })},
                             "the score (1-rho)H_G - c has the coefficient 1 - rho >= 0");
  // (the first part's rearrangement is checked by E.trimmed-rho-range's identities: the same statement)
  // both parts: (u, t) = (K delta, sum_I q) in [0, 1]^2 and every G, rho; the second part's pieces read rho
  c.paper = {{"G", 2, inf}, {"K", 2, inf}, {"rho", 0, 1}};
  c.reductions = {through_rho()};
  return c;
}

/// ‖γ̂‖₂² ≤ c²(G−1)max{K_C, K_I} reads H_G(ρ)²(a(1−ρ)² + bρ²) − c² ≤ 0 with (a, b) = (K_C, K_I)/max{K_C, K_I}:
/// one of a, b is 1, the other t ∈ [0, 1], and the score is nondecreasing in t (its coefficient H_G²ρ² or
/// H_G²(1−ρ)² is ≥ 0), so its sup over every (K_C, K_I) is the score at a = b = 1.
Piece l2_bound_piece(int G) {
  return rho_piece(G, make_piece<1>("G = " + std::to_string(G), {unit_box(1)},
                                    [w = h_scaled_weights(G)](const auto& x, const Constants& k) {
                                      using X = std::decay_t<decltype(x[0])>;
                                      const X& rho = x[0];
                                      const X sigma = 1 - rho;
                                      return square(bernstein(w, rho)) * (square(sigma) + square(rho)) -
                                             X(square(k("c")));
                                    }));
}

// App. E §Pointwise envelopes (boxed): ‖γ̂(p)‖₂ ≤ c√(G−1)√max{K_C, K_I}.
DCRV_CERTIFICATE(gamma_l2_bound) {
  Certificate c;
  c.claim = "E.gamma-l2-bound";
  c.domain = groups_up_to(
      kMaxBnbGroup, "; every K >= 2, every 0 <= K_C <= K, every p in the closed simplex (K_C, K_I enter only "
                    "through (K_C, K_I)/max{K_C, K_I}, rho_C(p) takes every value of [0, 1])");
  c.method = "|gamma|_2 = h_G(rho) sqrt(K_C(1-rho)^2 + K_I rho^2) (E.gamma-l2-formula); both sides >= 0, "
             "squared and divided by (G-1) max{K_C, K_I}: H(rho)^2 (a(1-rho)^2 + b rho^2) - c^2 <= 0, H = "
             "h_G/sqrt(G-1), (a, b) = (K_C, K_I)/max; nondecreasing in a and b (coefficients >= 0), so the "
             "sup over all (K_C, K_I) is at a = b = 1 (K_C = K_I): H(rho)^2((1-rho)^2 + rho^2) - c^2 <= 0 "
             "on [0, 1], Bernstein form; equality at rho = 0 and 1: monotonicity test";
  c.constants = {upper_one("c")};
  for (int G = 2; G <= kMaxBnbGroup; ++G)
    c.pieces.push_back(l2_bound_piece(G));
  aggregate::add_every_group(c,
                             {aggregate::every_group_piece("((1-rho)^2 + rho^2) - c^2",
                                                           [](const auto& x, const Constants& k) {
                                                             using X = std::decay_t<decltype(x[0])>;
                                                             const X& rho = x[0];
                                                             return square(X(1 - rho)) + square(rho) -
                                                                    X(square(k("c")));
                                                           })},
                             "the score H_G^2((1-rho)^2 + rho^2) - c^2 is nondecreasing in H_G >= 0");
  c.paper = {{"G", 2, inf}, {"K", 2, inf}, {"rho", 0, 1}};
  c.reductions = {
      {"(K_C, K_I) enter only through (K_C, K_I)/max{K_C, K_I}, the score is nondecreasing in "
       "both (sup at K_C = K_I), and (K, p) enter otherwise only through rho = rho_C(p) in [0, 1]",
       {"K"}}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Slopes α = c₁' = d/dρ[(1−ρ)h_G], β = −h_G − ρh_G' (App. E §Rank-one Jacobian)
// ---------------------------------------------------------------------------------------------------------

/// The four scores ±α/√m − c(1 + L), ±β/√m − c(1 + L) with L = |h_G'(0)|/√m = −dw₀ (0 for G ≤ 3), grouped
/// so that the attained ends are exact: −α/√m − c(1+L) = (H − c) + dw₀(c − σ^n) − Σ_{s≥1} dw_s ρ^sσ^{n−s}
/// (0 at ρ = 0, c = 1), −β/√m − c(1+L) = (H − c) + dw_{n−1}(ρ^n − c) + Σ_{s<n−1} dw_s ρ^{s+1}σ^{n−1−s} (0 at
/// ρ = 1, c = 1; dw_{n−1} = −dw₀ = L).
enum class Slope { alpha_plus, alpha_minus, beta_plus, beta_minus };
template <class X>
X slope_score(const std::vector<Interval>& w, const std::vector<Interval>& dw, const X& rho,
              const Interval& c, Slope which) {
  const int n = static_cast<int>(w.size()) - 1;
  const X sigma = 1 - rho;
  std::vector<X> rp(static_cast<std::size_t>(n + 2), X(1)), sp(rp);
  for (int s = 1; s <= n + 1; ++s) {
    rp[static_cast<std::size_t>(s)] = rp[static_cast<std::size_t>(s - 1)] * rho;
    sp[static_cast<std::size_t>(s)] = sp[static_cast<std::size_t>(s - 1)] * sigma;
  }
  auto at = [](const std::vector<X>& v, int i) { return v[static_cast<std::size_t>(i)]; };
  X H(0);
  for (int s = 0; s <= n; ++s)
    H += X(w[static_cast<std::size_t>(s)]) * at(rp, s) * at(sp, n - s);
  const X C(c);
  if (n == 0) // G = 2: h_G ≡ 1·√m, h_G' ≡ 0, L = 0
    return which == Slope::alpha_minus || which == Slope::beta_minus ? X(H - C) : X(-H - C);
  auto d = [&](int s) { return X(dw[static_cast<std::size_t>(s)]); };
  switch (which) {
  case Slope::alpha_minus: {
    X r = (H - C) + d(0) * (C - at(sp, n));
    for (int s = 1; s < n; ++s)
      r -= d(s) * at(rp, s) * at(sp, n - s);
    return r;
  }
  case Slope::beta_minus: {
    X r = (H - C) + d(n - 1) * (at(rp, n) - C);
    for (int s = 0; s < n - 1; ++s)
      r += d(s) * at(rp, s + 1) * at(sp, n - 1 - s);
    return r;
  }
  case Slope::alpha_plus: { // −H + σH' − c + c·dw₀
    X r = -H - C + C * d(0);
    for (int s = 0; s < n; ++s)
      r += d(s) * at(rp, s) * at(sp, n - s);
    return r;
  }
  case Slope::beta_plus: { // −H − ρH' − c + c·dw₀
    X r = -H - C + C * d(0);
    for (int s = 0; s < n; ++s)
      r -= d(s) * at(rp, s + 1) * at(sp, n - 1 - s);
    return r;
  }
  }
  return H;
}

Piece slope_piece(int G, Slope which) {
  const char* names[] = {"alpha", "-alpha", "beta", "-beta"};
  return rho_piece(
      G, make_piece<1>(
             std::string(names[static_cast<int>(which)]) + ", G = " + std::to_string(G), {unit_box(1)},
             [w = h_scaled_weights(G), dw = dh_scaled_weights(G), which](const auto& x, const Constants& k) {
               return slope_score(w, dw, x[0], k("c"), which);
             }));
}

constexpr int kMaxSlopeGroup = 48;

void add_slope_pieces(Certificate& c) {
  for (int G = 2; G <= kMaxSlopeGroup; ++G)
    for (Slope s : {Slope::alpha_plus, Slope::alpha_minus, Slope::beta_plus, Slope::beta_minus})
      c.pieces.push_back(slope_piece(G, s));
}

// App. E §Rank-one Jacobian: |α(ρ)|, |β(ρ)| ≤ c(H⋆ + D_G).
DCRV_CERTIFICATE(alpha_beta_bound) {
  Certificate c;
  c.claim = "E.alpha-beta-bound";
  c.domain = groups_up_to(kMaxSlopeGroup, " and rho in [0, 1]");
  c.method =
      "proves the stronger |alpha|, |beta| <= c(sqrt(G-1) + |h_G'(0)|) (|h_G'(0)| <= D_G = sup|h_G'|, "
      "whatever the maximisation returns): divided by sqrt(G-1), alpha = -H + (1-rho)H', beta = -H - "
      "rho H' with H = h_G/sqrt(G-1) and H' in Bernstein form (H'(1) = -H'(0) from one enclosure), "
      "grouped so that -alpha at rho = 0 and -beta at rho = 1 (where the bound is attained) are exact: "
      "monotonicity test";
  c.constants = {upper_one("c")};
  add_slope_pieces(c);
  c.identities.push_back(aggregate::weight_division_identity()); // the division by sqrt(G-1), checked
  c.paper = kGroupsAndRho;
  c.scope.gap =
      "the slopes involve H_G', whose Bernstein weights n(beta_(s+1) - beta_s) change sign: every G needs a "
      "bound on those differences (the argument 0 < beta_s <= 1 for H_G does not bound them), not built "
      "here";
  return c;
}

// App. E §Rank-one Jacobian: L_γ^tan ≤ c√(K_CK_I)(H⋆ + D_G).
DCRV_CERTIFICATE(Ltan_bound) {
  Certificate c;
  c.claim = "E.Ltan-bound";
  c.domain = groups_up_to(kMaxSlopeGroup, ", every K >= 2 and 0 <= K_C <= K");
  c.method = "L_tan = sqrt(K_C K_I/K) sup_rho (K_C alpha^2 + K_I beta^2)^(1/2) <= sqrt(K_C K_I) sup_rho "
             "max(|alpha|, |beta|) (K_C alpha^2 + K_I beta^2 <= K max(alpha^2, beta^2)), so it suffices that "
             "|alpha|, |beta| <= c(sqrt(G-1) + |h_G'(0)|) <= c(H* + D_G) on [0, 1]: the pieces of "
             "E.alpha-beta-bound (equality for G = 2, 3, where alpha = beta = -sqrt(G-1))";
  c.constants = {upper_one("c")};
  add_slope_pieces(c);
  c.identities.push_back(aggregate::weight_division_identity()); // the division by sqrt(G-1), checked
  c.paper = {{"G", 2, inf}, {"K", 2, inf}, {"rho", 0, 1}};
  c.scope.gap = "the pieces of E.alpha-beta-bound stop at G = 48: every G needs a bound on H_G' (its weights "
                "n(beta_(s+1) - beta_s) change sign), not built here";
  c.reductions = {{"L_tan <= sqrt(K_C K_I) sup_rho max(|alpha|, |beta|) for every K, K_C (the method): the "
                   "bound on [0, 1] in rho is the bound for every K",
                   {"K"}}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Exact identities of h_G and c₁
// ---------------------------------------------------------------------------------------------------------

/// One exact piece per G = first, …, last, labelled "G = G", of `variables` and `degree` with the residual
/// residual(G, x, k).
template <class R>
void add_group_identities(Certificate& c, int first, int last, std::size_t variables, int degree,
                          R residual) {
  for (DimLoop<int> G(c, "G", first); G <= last; ++G)
    c.identities.push_back(exact_identity(
        "G = " + std::to_string(G), variables, degree,
        [G = static_cast<int>(G), residual](const std::vector<Exact>& x, const RationalConstants& k) {
          return residual(G, x, k);
        }));
}

// App. E, Lemma lem:hG-basic and §Edge cases: h_G ≡ c√(G−1) for G ∈ {2, 3}.
DCRV_CERTIFICATE(hG_const_G23) {
  Certificate c;
  c.claim = "E.hG-const-G23";
  c.domain = "G = 2, 3 and every real rho (in particular rho in [0, 1]); no exclusion";
  c.method = "h_G(rho)/sqrt(G-1) - c: the Bernstein polynomial of degree G - 2 <= 1 with weights "
             "sqrt((G-1)/((1+s)(G-1-s))) = 1 (rational), zero on a 2-point grid, hence identically zero";
  c.constants = {exact_one("c")};
  add_group_identities(c, 2, 3, 1, 1,
                       [](int G, const std::vector<Exact>& x, const RationalConstants& k) -> Exact {
                         return h_scaled_exact(G, x[0]) - k("c");
                       });
  c.paper = {{"G", 2, 3}}; // the claim is for G in {2, 3}; the identity holds for every real rho
  return c;
}

// Lemma lem:binom-shift: (1−ρ)h_G(ρ) = E√((G−1−S)/(1+S)) and ρh_G(ρ) = E√(S/(G−S)), S ~ Binom(G−1, ρ). With
// R_s = √((1+s)(m−s)) (m = G−1, s = 0..G−2): b_s = m/R_s, √((m−s)/(1+s)) = (m−s)/R_s and √((s+1)/(m−s)) =
// (s+1)/R_s, and the remaining terms (j = G−1 in the first sum, j = 0 in the second) are 0; so LHS − RHS =
// Σ_s P_s(ρ)/R_s with rational polynomials P_s, and P_s ≡ 0 for every s proves the identity.
constexpr int kMaxShiftGroup = 32;

/// P_s of the first identity: m(1−ρ)C(n,s)ρ^sσ^{n−s} − (m−s)C(m,s)ρ^sσ^{m−s}; of the second:
/// mρC(n,s)ρ^sσ^{n−s} − (s+1)C(m,s+1)ρ^{s+1}σ^{m−s−1}.
Exact binom_shift_coefficient(int G, int s, int which, const Exact& rho) {
  const int m = G - 1, n = G - 2;
  const Exact sigma = 1 - rho;
  const Exact lhs = Exact(m) * (which == 1 ? sigma : rho) * binomial_exact(n, s) * rational_power(rho, s) *
                    rational_power(sigma, n - s);
  const Exact rhs =
      which == 1
          ? Exact(Exact(m - s) * binomial_exact(m, s) * rational_power(rho, s) * rational_power(sigma, m - s))
          : Exact(Exact(s + 1) * binomial_exact(m, s + 1) * rational_power(rho, s + 1) *
                  rational_power(sigma, m - s - 1));
  return lhs - rhs;
}

Certificate binom_shift_certificate(int which) {
  Certificate c;
  c.claim = which == 1 ? "E.binom-shift-1" : "E.binom-shift-2";
  c.domain = groups_up_to(kMaxShiftGroup, " and every real rho");
  c.method =
      std::string("both sides split over the radicals R_s = sqrt((1+s)(G-1-s)): ") +
      (which == 1 ? "(1-rho)h_G = sum_s m(1-rho)C(n,s)rho^s(1-rho)^(n-s)/R_s, E sqrt((G-1-S)/(1+S)) = "
                    "sum_s (m-s)C(m,s)rho^s(1-rho)^(m-s)/R_s (+ 0 for S = G-1)"
                  : "rho h_G = sum_s m rho C(n,s)rho^s(1-rho)^(n-s)/R_s, E sqrt(S/(G-S)) = sum_s "
                    "(s+1)C(m,s+1)rho^(s+1)(1-rho)^(m-s-1)/R_s (+ 0 for S = 0)") +
      " (m = G-1, n = G-2); the coefficient P_s of each 1/R_s is a rational polynomial of degree <= G-1 "
      "in rho, zero on G grid points, so P_s = 0 for every s and the identity holds";
  for (DimLoop<int> G(c, "G", 2); G <= kMaxShiftGroup; ++G)
    for (int s = 0; s <= G - 2; ++s)
      c.identities.push_back(exact_identity(
          "G = " + std::to_string(G) + ", s = " + std::to_string(s), 1, G - 1,
          [G = static_cast<int>(G), s, which](const std::vector<Exact>& x, const RationalConstants&)
              -> Exact { return binom_shift_coefficient(G, s, which, x[0]); }));
  c.paper = {{"G", 2, inf}}; // the lemma is for every group size G >= 2 and every rho
  c.identities.push_back(aggregate::binom_shift_every_group(which));
  c.reductions.push_back(
      {"both sides are sums over s = 0..n of a rational polynomial P_s in rho times 1/R_s (the radical "
       "split, checked through the squares) plus a term that is 0 (sqrt(0)); P_s has, for every G and s, the "
       "form of the summed identity with the binomials through free factorials ((m-1)!, s!, (m-1-s)!, k! = "
       "k(k-1)!) and the monomials rho^s, (1-rho)^(n-s) free, which is 0 for every value of them (checked): "
       "so the identity holds for every G (term by term for G = 2..32)",
       {"G"}});
  return c;
}

DCRV_CERTIFICATE(binom_shift_1) {
  return binom_shift_certificate(1);
}
DCRV_CERTIFICATE(binom_shift_2) {
  return binom_shift_certificate(2);
}

/// The coefficient of 1/R_t (R_t = √((1+t)(G−1−t))) in the two identities of E.jac-alpha-beta, from the
/// binomial derivative formulas of dcrv::grpo: c₁' = (G−1)Σ_s C(n,s)ρ^sσ^{n−s}(f_{s+1} − f_s) with f_s =
/// √((m−s)/(1+s)) = (m−s)/R_s (f_m = 0), and h_G' = n Σ_s C(n−1,s)ρ^sσ^{n−1−s}(b_{s+1} − b_s), b_s = m/R_s;
/// against the derivatives of (1−ρ)h_G = Σ_t mσC(n,t)ρ^tσ^{n−t}/R_t and of −ρh_G.
Exact jac_alpha_beta_coefficient(int G, int t, int which, const Exact& rho) {
  const int m = G - 1, n = G - 2;
  const Exact sigma = 1 - rho;
  auto mono = [&](int a, int b) { // ρ^a σ^b, 0 for a negative exponent (an absent term)
    return a < 0 || b < 0 ? Exact(0) : Exact(rational_power(rho, a) * rational_power(sigma, b));
  };
  if (which == 1) { // α: c₁' (binomial formula) − d/dρ[(1−ρ)h_G]
    Exact lib(0);
    if (t >= 1)
      lib += Exact(m) * binomial_exact(n, t - 1) * mono(t - 1, n - t + 1) * Exact(m - t);
    lib -= Exact(m) * binomial_exact(n, t) * mono(t, n - t) * Exact(m - t);
    const Exact lhs =
        Exact(m) * binomial_exact(n, t) * (Exact(t) * mono(t - 1, m - t) - Exact(m - t) * mono(t, m - t - 1));
    return lhs - lib;
  }
  // β: −h_G − ρh_G' (h_G' by the binomial formula) − d/dρ[−ρh_G]
  Exact dh(0);
  if (n >= 1) {
    if (t >= 1)
      dh += Exact(n) * binomial_exact(n - 1, t - 1) * mono(t - 1, n - t) * Exact(m);
    if (t <= n - 1)
      dh -= Exact(n) * binomial_exact(n - 1, t) * mono(t, n - 1 - t) * Exact(m);
  }
  const Exact h = Exact(m) * binomial_exact(n, t) * mono(t, n - t);
  const Exact lhs = -Exact(m) * binomial_exact(n, t) *
                    (Exact(t + 1) * mono(t, n - t) - Exact(n - t) * mono(t + 1, n - t - 1));
  return lhs - (-h - rho * dh);
}

// App. E §Rank-one Jacobian: α = d/dρ[(1−ρ)h_G] = c₁', β = d/dρ[−ρh_G] = −h_G − ρh_G'.
DCRV_CERTIFICATE(jac_alpha_beta) {
  Certificate c;
  c.claim = "E.jac-alpha-beta";
  c.domain = groups_up_to(kMaxShiftGroup, " and every real rho");
  c.method =
      "the left sides are the exact derivatives of the polynomials (1-rho)h_G and -rho h_G, the right "
      "sides dcrv's binomial derivative formulas; every term is a rational polynomial times 1/R_t, R_t = "
      "sqrt((1+t)(G-1-t)) (f_s = (m-s)/R_s, b_s = m/R_s, m = G-1), and the coefficient of each 1/R_t, of "
      "degree <= G-1 in rho, is zero on G grid points: so both identities hold";
  for (DimLoop<int> G(c, "G", 2); G <= kMaxShiftGroup; ++G)
    for (int t = 0; t <= G - 2; ++t)
      for (int which : {1, 2})
        c.identities.push_back(exact_identity(
            std::string(which == 1 ? "alpha" : "beta") + ", G = " + std::to_string(G) +
                ", t = " + std::to_string(t),
            1, G - 1,
            [G = static_cast<int>(G), t, which](const std::vector<Exact>& x, const RationalConstants&)
                -> Exact { return jac_alpha_beta_coefficient(G, t, which, x[0]); }));
  c.paper = {{"G", 2, inf}}; // every group size G >= 2 and every rho
  c.identities.push_back(aggregate::jac_alpha_beta_every_group());
  c.reductions.push_back(
      {"both sides are sums over t = 0..n of a rational polynomial in rho times 1/R_t; for every G and t the "
       "coefficient has the form of the summed identity (the binomials through free factorials, k! = "
       "k(k-1)!, the monomials rho^(t-1), (1-rho)^(n-t-1) free; the ends t = 0 and t = n as their own "
       "components), which is 0 for every value of them (checked): so both identities hold for every G >= 3 "
       "(n >= 1), and G = 2 is the term-by-term identity (checked with G = 3..32)",
       {"G"}});
  return c;
}

/// The end values of c₁ (ρ = 1): c₁(1)/√m = 0 and c₁'(1)/√m = −c.
std::vector<Exact> c1_at_one(int G, const Rational& c) {
  return {c1_scaled_exact(G, Rational(1)), dc1_scaled_exact(G, Rational(1)) + c};
}

// App. E, proof sketch of Lemma lem:hG-basic: c₁(1) = 0, c₁'(1) = −c√(G−1).
DCRV_CERTIFICATE(c1_expansion_at_1) {
  Certificate c;
  c.claim = "E.c1-expansion-at-1";
  c.domain = "every G = 2, ..., 256 (the claim's whole domain); no exclusion";
  c.method = "c_1 = sum_j C(G-1, j) rho^j (1-rho)^(G-1-j) f_G(1+j) (its definition) and c_1' by the "
             "derivative of the Bernstein basis, divided by sqrt(G-1): at rho = 1 only the terms j = G-1 "
             "(weight 0) and j = G-2 (weight sqrt(1/(G-1)^2) = 1/(G-1)) carry a non-zero factor, so "
             "c_1(1)/sqrt(G-1) and c_1'(1)/sqrt(G-1) + c are exact rationals, evaluated: 0 (one point per G; "
             "the identity has no free variable)";
  c.constants = {exact_one("c")};
  add_group_identities(c, 2, 256, 1, 0, [](int G, const std::vector<Exact>&, const RationalConstants& k) {
    return c1_at_one(G, k("c")); // constants only: exact values, no variable
  });
  c.paper = {{"G", 2, kUnbounded}}; // the lemma is for every group size G >= 2
  c.identities.push_back(aggregate::end_values_every_group(false));
  c.reductions.push_back(aggregate::end_values_reduction());
  return c;
}

// App. E, Lemma lem:hG-basic: lim_{ρ↓0} c₁/(1−ρ) = lim_{ρ↑1} c₁/(1−ρ) = c√(G−1), c₁(0) = P_G(1) = c√(G−1).
DCRV_CERTIFICATE(hG_endpoints) {
  Certificate c;
  c.claim = "E.hG-endpoints";
  c.domain = "every G = 2, ..., 256 (the claim's whole domain); no exclusion";
  c.method =
      "exact end values, divided by sqrt(G-1): h_G(0) = h_G(1) = c_1(0) = c sqrt(G-1) (only the end "
      "term of each Bernstein sum survives, weight exactly 1), c_1(1) = 0 and c_1'(1) = -c sqrt(G-1) "
      "(as E.c1-expansion-at-1); the limits follow: c_1 is a polynomial, so c_1(rho)/(1-rho) -> c_1(0) "
      "as rho -> 0 and c_1(rho)/(1-rho) = (c_1(rho) - c_1(1))/(1-rho) -> -c_1'(1) as rho -> 1";
  c.constants = {exact_one("c")};
  add_group_identities(c, 2, 256, 1, 0, [](int G, const std::vector<Exact>&, const RationalConstants& k) {
    std::vector<Exact> r = c1_at_one(G, k("c"));
    r.push_back(h_scaled_exact(G, Rational(0)) - k("c"));
    r.push_back(h_scaled_exact(G, Rational(1)) - k("c"));
    r.push_back(c1_scaled_exact(G, Rational(0)) - k("c"));
    return r;
  });
  c.paper = {{"G", 2, kUnbounded}}; // the lemma is for every group size G >= 2
  c.identities.push_back(aggregate::end_values_every_group(true));
  c.reductions.push_back(aggregate::end_values_reduction());
  return c;
}

// App. E §Rank-one Jacobian: G ∈ {2,3} ⇒ L_γ^tan = c√(G−1)√(K_CK_I).
DCRV_CERTIFICATE(const_Ltan) {
  Certificate c;
  c.claim = "E.const-Ltan";
  c.domain = "G = 2, 3; every K_C, K_I >= 0 with K_C + K_I >= 1 (real, so every K >= 2 and 0 <= K_C <= K); "
             "no exclusion";
  c.method = "L_tan^2/(G-1) = (K_C K_I/K)(K_C alpha^2 + K_I beta^2)/(G-1) with alpha = c_1', beta = -h_G - "
             "rho h_G' (Bernstein derivatives, rational weights for G <= 3), minus c^2 K_C K_I: times K = "
             "K_C + K_I a polynomial of degree <= 2 in rho, K_C, K_I, zero on a 3^3 grid, so the function "
             "under the sup over rho is the constant c^2 (G-1) K_C K_I and L_tan = c sqrt(G-1) sqrt(K_C K_I) "
             "(both >= 0)";
  c.constants = {exact_one("c")};
  add_group_identities(c, 2, 3, 3, 2,
                       [](int G, const std::vector<Exact>& x, const RationalConstants& k) -> Exact {
                         const Exact &rho = x[0], &KC = x[1], &KI = x[2];
                         const Exact alpha = dc1_scaled_exact(G, rho);
                         const Exact beta = -h_scaled_exact(G, rho) - rho * dh_scaled_exact(G, rho);
                         const Exact L2 = KC * KI / (KC + KI) * (KC * alpha * alpha + KI * beta * beta);
                         return L2 - k("c") * k("c") * KC * KI;
                       });
  c.paper = {{"G", 2, 3}}; // the claim is for G in {2, 3}; the identity holds for every rho, K_C, K_I
  return c;
}

// App. E §Scalar reduction, constant cases: G ∈ {2,3} ⇒ F_×(z) = c√(G−1) − εz.
DCRV_CERTIFICATE(const_Fx) {
  Certificate c;
  c.claim = "E.const-Fx";
  c.domain = "G = 2, 3; every real z, every eps, every real K_C, K_I > 0 (so every 1 <= K_C, 1 <= K_I and "
             "z in [-60, 60]); no exclusion";
  c.method =
      "exact substitution E = exp(z) > 0: rho(z) = K_C E/(K_I + K_C E); F_x(z) - (c sqrt(G-1) - eps "
      "z) = h_G(rho(z)) - c sqrt(G-1) (the eps z terms are the same), divided by sqrt(G-1): H(rho) - c "
      "with H the Bernstein form (rational weights); times K_I + K_C E a polynomial of degree <= 2 "
      "in (E, K_C, K_I), zero on a 3^3 grid";
  c.constants = {exact_one("c")};
  add_group_identities(c, 2, 3, 3, 2,
                       [](int G, const std::vector<Exact>& x, const RationalConstants& k) -> Exact {
                         const Exact &E = x[0], &KC = x[1], &KI = x[2];
                         return h_scaled_exact(G, KC * E / (KI + KC * E)) - k("c");
                       });
  c.paper = {{"G", 2, 3}}; // the claim is for G in {2, 3}; the identity holds for every z, eps, K_C, K_I
  return c;
}

// App. E §Rank-one Jacobian: H⋆ = sup_{[0,1]}|h_G| = c√(G−1).
DCRV_CERTIFICATE(Hstar) {
  Certificate c;
  c.claim = "E.Hstar";
  c.domain = groups_up_to(kMaxBnbGroup, " and rho in [0, 1]");
  c.method =
      "sup |h_G| = c sqrt(G-1) iff |h_G| <= c sqrt(G-1) on [0, 1] and |h_G(0)| = c sqrt(G-1): the bounds "
      "+-h_G(rho)/sqrt(G-1) - c <= 0 by branch and bound (Bernstein form, exact end weights, equality at "
      "rho = 0, 1: monotonicity test), and h_G(0)/sqrt(G-1) - c = 0 by exact evaluation (only the "
      "weight sqrt((G-1)/(G-1)) = 1 survives)";
  c.constants = {exact_one("c")};
  add_class_score_pieces(c, {2, 3});
  for (DimLoop<int> G(c, "G", 2); G <= kMaxBnbGroup; ++G)
    c.identities.push_back(
        exact_identity("h_G(0), G = " + std::to_string(G), 1, 0,
                       [G = static_cast<int>(G)](const std::vector<Exact>&, const auto& k) -> Exact {
                         return h_scaled_exact(G, Rational(0)) - k("c");
                       }));
  aggregate::add_every_group(
      c,
      {envelope("1 - c", [](const auto& rho) { return 1 + 0 * rho; }),
       envelope("0 - c", [](const auto& rho) { return 0 * rho; })},
      "the score H_G - c is nondecreasing in H_G, and -H_G - c <= 0 - c since H_G >= 0");
  c.identities.push_back(aggregate::h_at_zero_every_group());
  c.paper = kGroupsAndRho;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §Well-posedness: the y-inequality
// ---------------------------------------------------------------------------------------------------------

/// x log x on an enclosure that may reach 0 (0 log 0 = 0): for x ∈ [0, u], x log x ∈ [−1/e, max(0, u log u)]
/// (and [u log u, 0] when u ≤ 1/e, where x log x decreases); a jet needs x > 0 (else straddle_error: the box
/// is bisected).
Interval xlogx(const Interval& x) {
  if (x.lower() > 0)
    return x * log(x);
  if (x.lower() < 0)
    throw straddle_error("x log x of an enclosure reaching below 0");
  const Interval u(x.upper());
  const Interval ulogu = x.upper() > 0 ? Interval(u * log(u)) : Interval(0);
  if (x.upper() <= mpfr("0.36"))
    return hull(ulogu, Interval(0));
  return hull(Interval(-0.3679), max(ulogu, Interval(0)));
}
template <class X> X xlogx(const X& x) {
  if (!(x.v.lower() > 0))
    throw straddle_error("x log x: the derivative is unbounded at 0");
  return x * log(x);
}

/// H(p) − c log K for p = y/K on the simplex, as −(1/K)Σ y_i log y_i + (1 − c) log K (Σ y = K); chart K = 2:
/// y = (1 + t, 1 − t), t ∈ [−1, 1]; K = 3: y = (1 + 2a, (1 − a)(1 + s), (1 − a)(1 − s)), (a, s) ∈ [−½, 1] ×
/// [−1, 1]: onto the simplex, uniform at the dyadic point 0 where y = 1 exactly and the gradient is exactly
/// 0.
template <int K> Piece entropy_piece() {
  const Box root = K == 2 ? Box{Interval(-1.0, 1.0)} : Box{Interval(-0.5, 1.0), Interval(-1.0, 1.0)};
  Piece piece =
      make_piece<K - 1>("entropy, K = " + std::to_string(K), {root}, [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        X sum(0);
        if constexpr (K == 2) {
          sum = xlogx(X(1 + x[0])) + xlogx(X(1 - x[0]));
        } else {
          const X rest = 1 - x[0];
          sum = xlogx(X(1 + 2 * x[0])) + xlogx(X(rest * (1 + x[1]))) + xlogx(X(rest * (1 - x[1])));
        }
        return -sum / X(K) + X((1 - k("c_log")) * log(Interval(K)));
      });
  piece.attained = {std::vector<double>(K - 1, 0.0)};
  return piece;
}

// App. E §Well-posedness: ẏ_i = −γ̂_i − εy_i − ε⟨log p⟩ ≤ c₁√(G−1) − εy_i + c₂ε log K.
DCRV_CERTIFICATE(y_inequality) {
  Certificate c;
  c.claim = "E.y-inequality";
  c.domain = "K = 2, 3, G = 2, ..., " + std::to_string(kMaxBnbGroup) +
             ", every 0 <= K_C <= K, every i, every eps >= 0, every p in the open simplex (the bound on the "
             "closed simplex with 0 log 0 = 0); K > 3 and G > " +
             std::to_string(kMaxBnbGroup) + " not covered";
  c.method =
      "the equality ydot_i = -r_i = -gamma_i - eps y_i - eps<log p> exactly (log p_j = L_j, h_G = H, eps "
      "free: degree <= 2, 3^(2K+1) grid); then ydot_i - (c1 sqrt(G-1) - eps y_i + c2 eps log K) = "
      "(-gamma_i - c1 sqrt(G-1)) + eps(H(p) - c2 log K), H(p) = -<log p> the entropy, so for every eps >= "
      "0 it suffices that -gamma_i <= c1 sqrt(G-1) (rho h_G/sqrt(G-1) <= c1 for i in I, -(1-rho)h_G <= "
      "0 for i in C, rho in [0, 1]: Bernstein form) and H(p) <= c2 log K (chart y = Kp with the uniform "
      "point at the origin, exact there: second-order test)";
  c.constants = {{"c_sqrt", [] { return Interval(1); }}, {"c_log", [] { return Interval(1); }}};
  add_class_score_pieces(c, {1, 4}, "c_sqrt");
  c.pieces.push_back(with_dim(entropy_piece<2>(), "K", 2));
  c.pieces.push_back(with_dim(entropy_piece<3>(), "K", 3));
  for (DimLoop<int> K(c, "K", 2); K <= 3; ++K)
    for (int KC = 0; KC <= K; ++KC) {
      IdentityPiece piece =
          class_split_identity<DriftPoint>(K, KC, 2, [](int kc, const DriftPoint& d) -> std::vector<Exact> {
            const std::vector<Exact> rate = rate_exact(kc, d.p, d.H, d.eps, d.L),
                                     g = centered_score_closed_exact(kc, d.p, d.H);
            const Exact mean_log = dot(d.p, d.L);
            std::vector<Exact> r;
            for (std::size_t i = 0; i < d.p.size(); ++i)
              r.push_back(-rate[i] - (-g[i] - d.eps * (-d.L[i]) - d.eps * mean_log));
            return r;
          });
      piece.label = "ydot, " + piece.label;
      c.identities.push_back(piece);
    }
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  c.scope.gap =
      "the entropy bound H(p) <= c_log log K is proved in charts for K = 2, 3 only: every K needs Jensen's "
      "inequality (log concave) as a symbolic-K argument, not built here";
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"ydot"});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Exact identities of the centred score (H = h_G(ρ) free: every G)
// ---------------------------------------------------------------------------------------------------------

constexpr int kMaxIdentityK = 6;

const char* kFreeH = "h_G(rho) enters only as the raw score H of the correct class: the identity is proved "
                     "with H an independent variable (so for every G), p = (x, 1 - sum x) on the plane sum p "
                     "= 1 (containing the simplex)";

// App. E §Scores and centering: Σ_k p_k γ̂_k(p) = 0.
DCRV_CERTIFICATE(gamma_centering) {
  Certificate c;
  c.claim = "E.gamma-centering";
  c.domain = covered_up_to("K", kMaxIdentityK,
                           ", every 0 <= K_C <= K, every G (h_G free), every p of the plane sum p = 1");
  c.method = std::string(kFreeH) + "; sum_k p_k (raw_k - <p, raw>) has degree <= 2 in each variable: zero "
                                   "on the 3^K grid";
  add_class_split_identities<ScorePoint>(c, kMaxIdentityK, Splits::every, 2,
                                         [](int kc, const ScorePoint& d) -> Exact {
                                           const auto& [p, H] = d;
                                           const auto g = centered_score_by_definition_exact(kc, p, H);
                                           Exact s(0);
                                           for (std::size_t k = 0; k < p.size(); ++k)
                                             s += p[k] * g[k];
                                           return s;
                                         });
  c.paper = {{"K", 2, inf}}; // every K >= 2 (and every K_C, G, p)
  c.identities.push_back(aggregate::gamma_centering_every_k());
  c.reductions.push_back(
      {"p_k gamma_k = p_k(raw_k - rho H) depends on the other coordinates only through rho = sum_C p (the "
       "mean <p, raw> = rho H): summed over C and I, rho(H - rho H) + sigma(-rho H) = -(rho + sigma - 1) rho "
       "H for every real rho, sigma = sum_I p (checked), 0 on sum p = 1, for every K (term by term for K = "
       "2..6)",
       {"K"}});
  return c;
}

// App. E §Scores and centering: K_C ∈ {0, K} ⇒ γ̂ ≡ 0.
DCRV_CERTIFICATE(gamma_degenerate) {
  Certificate c;
  c.claim = "E.gamma-degenerate";
  c.domain = covered_up_to("K", kMaxIdentityK,
                           ", K_C in {0, K}, every G (h_G free), every p of the plane sum p = 1");
  c.method = std::string(kFreeH) + "; each component of gamma (definition) has degree <= 2 in each "
                                   "variable: zero on the 3^K grid";
  add_class_split_identities<ScorePoint>(c, kMaxIdentityK, Splits::degenerate, 2,
                                         [](int kc, const ScorePoint& d) -> std::vector<Exact> {
                                           const auto& [p, H] = d;
                                           return centered_score_by_definition_exact(kc, p, H);
                                         });
  c.paper = {{"K", 2, inf}}; // every K >= 2 (and every K_C, G, p)
  c.identities.push_back(aggregate::gamma_degenerate_every_k());
  c.reductions.push_back(
      {"gamma_k = raw_k - <p, raw> with raw = 0 (K_C = 0) or raw = H 1 (K_C = K, <p, raw> = P H, P = sum p): "
       "the other coordinates enter only through P, and H - P H = -(P - 1)H for every real P (checked), 0 on "
       "sum p = 1, for every K (term by term for K = 2..6)",
       {"K"}});
  return c;
}

// App. E §Scores and centering: γ̂ (definition) = (1−ρ)h_G on C, −ρh_G on I.
DCRV_CERTIFICATE(gamma_centered_form) {
  Certificate c;
  c.claim = "E.gamma-centered-form";
  c.domain = covered_up_to("K", kMaxIdentityK,
                           ", every 0 <= K_C <= K, every G (h_G free), every p of the plane sum p = 1");
  c.method = std::string(kFreeH) + "; gamma_k (definition) - ((1 - rho)H or -rho H), 1 - rho formed "
                                   "literally, degree <= 2 in each variable: zero on the 3^K grid";
  add_class_split_identities<ScorePoint>(
      c, kMaxIdentityK, Splits::every, 2, [](int kc, const ScorePoint& d) -> std::vector<Exact> {
        const auto& [p, H] = d;
        const auto g = centered_score_by_definition_exact(kc, p, H);
        const Exact rho = correct_mass(kc, p);
        std::vector<Exact> r(p.size());
        for (std::size_t k = 0; k < p.size(); ++k)
          r[k] = g[k] - (static_cast<int>(k) < kc ? Exact((1 - rho) * H) : Exact(-rho * H));
        return r;
      });
  c.paper = {{"K", 2, inf}}; // every K >= 2 (and every K_C, G, p)
  c.identities.push_back(aggregate::gamma_centered_form_every_k());
  c.reductions.push_back(
      {"gamma_k = raw_k - <p, raw> depends on the other coordinates only through <p, raw> = rho H, rho = "
       "sum_C p: with rho and H free, H - rho H = (1 - rho)H on C and -rho H on I (checked), for every K "
       "(term by term for K = 2..6)",
       {"K"}});
  return c;
}

/// A number with one exact directional derivative (forward mode over the rationals).
struct RationalDual {
  Exact v, d;
};
RationalDual operator+(const RationalDual& a, const RationalDual& b) {
  return {a.v + b.v, a.d + b.d};
}
RationalDual operator-(const RationalDual& a, const RationalDual& b) {
  return {a.v - b.v, a.d - b.d};
}
RationalDual operator*(const RationalDual& a, const RationalDual& b) {
  return {a.v * b.v, a.v * b.d + a.d * b.v};
}

/// The variables (p₁, …, p_K, H, H') of the ambient Jacobian identity: p ∈ ℝ^K, h_G(ρ) = H, h_G'(ρ) = H'.
struct AmbientPoint {
  std::vector<Exact> p;
  Exact H, dH;
  static std::size_t variables(int K) { return static_cast<std::size_t>(K + 2); }
  AmbientPoint(const std::vector<Exact>& v, int K)
      : p(v.begin(), v.begin() + K), H(v[static_cast<std::size_t>(K)]),
        dH(v[static_cast<std::size_t>(K + 1)]) {}
};

// App. E §Rank-one Jacobian: Dγ̂(p) = u vᵀ, u = (α1_C, β1_I), v = 1_C, α = c₁' = ((1−ρ)h_G)', β = −h_G −
// ρh_G'.
DCRV_CERTIFICATE(jac_rank_one) {
  Certificate c;
  c.claim = "E.jac-rank-one";
  c.domain = covered_up_to("K", kMaxIdentityK - 1,
                           ", every 0 <= K_C <= K, every G (h_G and h_G' free), every p in R^K (the ambient "
                           "Jacobian; so every p in the simplex)");
  c.method =
      "column j of the ambient Jacobian of the definition gamma = raw - <p, raw>1, raw = h_G(rho)1_C, rho "
      "= sum_C p, by exact forward-mode differentiation along e_j with h_G(rho) = H, h_G'(rho) = H' free "
      "(chain rule: d h_G(rho) = H' d rho), minus u_k v_j with alpha = (1-rho)H' - H = ((1-rho)h_G)' = "
      "c_1' (c_1 = (1-rho)h_G) and beta = -H - rho H'; variables (p, H, H'), degree <= 2 in each: "
      "zero on the 3^(K+2) grid";
  add_class_split_identities<AmbientPoint>(
      c, kMaxIdentityK - 1, Splits::every, 2, [](int KC, const AmbientPoint& d) -> std::vector<Exact> {
        const std::size_t Ks = d.p.size();
        const Exact &H = d.H, &dH = d.dH;
        const Exact rho = correct_mass(KC, d.p);
        const Exact alpha = (1 - rho) * dH - H, beta = -H - rho * dH;
        std::vector<Exact> r;
        for (std::size_t j = 0; j < Ks; ++j) {
          std::vector<RationalDual> p(Ks);
          for (std::size_t i = 0; i < Ks; ++i)
            p[i] = {d.p[i], Exact(i == j ? 1 : 0)};
          RationalDual rh{0, 0};
          for (int k = 0; k < KC; ++k)
            rh = rh + p[static_cast<std::size_t>(k)];
          const RationalDual h{H, dH * rh.d};
          RationalDual mean{0, 0};
          for (std::size_t i = 0; i < Ks; ++i)
            if (static_cast<int>(i) < KC)
              mean = mean + p[i] * h;
          for (std::size_t k = 0; k < Ks; ++k) {
            const bool correct = static_cast<int>(k) < KC;
            const RationalDual g = (correct ? h : RationalDual{0, 0}) - mean;
            const Exact uv = static_cast<int>(j) < KC ? (correct ? alpha : beta) : Exact(0);
            r.push_back(g.d - uv);
          }
        }
        return r;
      });
  c.paper = {{"K", 2, inf}}; // every K >= 2 (and every K_C, G, p)
  c.identities.push_back(aggregate::jac_rank_one_every_k());
  c.reductions.push_back({"the claim is entrywise (D gamma = u v^T as matrices): entry (k, j) of the ambient "
                          "Jacobian of gamma = h(rho)1_C - (sum_C p_i h(rho))1 depends only on the classes "
                          "of k and j and on rho = sum_C p, H, H' (d rho = [j in C], d sum_C p_i h = [j in "
                          "C]H + rho H'[j in C]): the four class cases with rho, H, H' free hold for every K "
                          "(checked; term by term for K = 2..5)",
                          {"K"}});
  return c;
}

// App. E §Pointwise envelopes (boxed): ‖γ̂(p)‖₂ = h_G(ρ)√(K_C(1−ρ)² + K_Iρ²).
DCRV_CERTIFICATE(gamma_l2_formula) {
  Certificate c;
  c.claim = "E.gamma-l2-formula";
  c.domain = covered_up_to("K", kMaxIdentityK,
                           ", every 0 <= K_C <= K, every G, every p of the plane sum p = 1 (the squared "
                           "identity for every real H; the claim for H = h_G(rho) >= 0)");
  c.method = std::string(kFreeH) + "; both sides are >= 0 (h_G has positive Bernstein weights), so the "
                                   "claim is the identity of squares |gamma|^2 - H^2 (K_C(1-rho)^2 + "
                                   "K_I rho^2) = 0, of degree <= 2 in each variable: zero on the 3^K grid";
  add_class_split_identities<ScorePoint>(
      c, kMaxIdentityK, Splits::every, 2, [](int kc, const ScorePoint& d) -> Exact {
        const auto& [p, H] = d;
        const auto g = centered_score_by_definition_exact(kc, p, H);
        Exact norm2(0), rho(0);
        for (std::size_t k = 0; k < p.size(); ++k) {
          norm2 += g[k] * g[k];
          if (static_cast<int>(k) < kc)
            rho += p[k];
        }
        const int ki = static_cast<int>(p.size()) - kc;
        return norm2 - H * H * (Exact(kc) * (1 - rho) * (1 - rho) + Exact(ki) * rho * rho);
      });
  c.paper = {{"K", 2, inf}}; // every K >= 2 (and every K_C, G, p)
  c.identities.push_back(aggregate::gamma_l2_every_k());
  c.reductions.push_back(
      {"|gamma|^2 = sum_C (H - rho H)^2 + sum_I (rho H)^2: every term of a class is the same function of rho "
       "and H, so the sum depends on K only through n_C = K_C and n_I = K_I, and n_C(H - rho H)^2 + n_I(rho "
       "H)^2 = H^2(n_C(1 - rho)^2 + n_I rho^2) for every real n_C, n_I, rho, H (checked; term by term for K "
       "= 2..6)",
       {"K"}});
  return c;
}

} // namespace
} // namespace dcrv::certify
