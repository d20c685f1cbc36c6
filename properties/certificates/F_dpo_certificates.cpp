// Interval certificates of App. F claims that read the single-site map g_β (properties/F_dpo_score.cpp,
// properties/F_dpo_thresholds.cpp, properties/F_dpo_equilibrium.cpp).
//
// Notation (dcrv/scores/dpo.hpp): g_β(ℓ) = σ(−β(ℓ − ℓ₀)), σ(x) = 1/(1 + e^{−x}); −g_β′(ℓ) = β s(x) with
// s(x) = σ(x)σ(−x) = ¼ sech²(x/2) (dcrv::logistic_slope), x = β(ℓ − ℓ₀). Every score divides the claim's
// inequality by β > 0 (and by v > 0 where G_i′(v) carries a 1/v), so β enters only through x.
//
// Equivalent forms (exact identities, each proved in rationals by an identity piece of the certificate that
// uses it, with the exact substitution E = eˣ, Y = e^{y/2}, T = e^{t/2}):
//   (S1) s(x) = ¼ − ¼ tanh²(x/2), tanh(x/2) = (eˣ − 1)/(eˣ + 1): the distance of s to its peak ¼ as a square,
//        so "s(x) ≤ ¼" is a sign-definite expression (no cancellation of two enclosures of ¼);
//   (S2) s(x) − s(y) = −sinh(y + t/2) sinh(t/2) / (4 cosh²(x/2) cosh²(y/2)) for x = −(y + t): the gap between
//        two values of s with |x| ≥ |y| (y, t ≥ 0), again sign-definite;
//   (S3) σ(a) − σ(b) = σ(−a) σ(b) expm1(a − b): a difference of sigmoids whose sign is that of a − b.
// An identity piece proves the rational form of each for every positive E (Y, T), i.e. for every real x.
//
// Where a bound is nearly attained on a small part of the domain, a piece lists that sub-box as its last
// root, after the whole box (the union of a piece's roots is its stated domain; branch_and_bound pops its
// boxes from the back, so the sub-box is searched first): a constant made 1 % stronger is then refused at
// once, where a depth-first search of the whole box could spend its budget.
#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/compact_chart.hpp"
#include "properties/certificates/dpo_exact.hpp"
#include "properties/certificates/fg_rearrangements.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

/// What stands between App. F's bounded parameter boxes and the paper's "for every beta > 0, ell0" (the
/// partial certificates' scope.gap, issue 20 point 8).
constexpr const char* kUnboundedDpoBoxes =
    "unbounded beta, ell0, w need the sigma / v/(1 + v) charts of compact_chart.hpp (as F.c-open-formula and "
    "F.c-max-le-copen have) with the score scaled to stay nonzero at the limits; not built";
constexpr const char* kUnboundedTwoLevelBoxes =
    "the two-level quantities are proved on bounded boxes of z, M, N, beta, ell0 (eta): every value needs a "
    "compact chart per parameter (v/(1 + v), sigma(z)) with the score scaled to stay nonzero at the limits; "
    "not built";

using namespace dpo_exact;

template <class X> using scalar_of = std::decay_t<X>;

constexpr double inf = kUnbounded;

/// `piece` with β read from raw coordinate `beta` and ℓ₀ from raw coordinate `ell0` (scope data). The
/// paper's domains below are for every β > 0 and ℓ₀ ∈ ℝ; the pieces prove boxes of them (partial: the derived
/// gaps name the parts of β, ℓ₀ left).
Piece beta_ell0(Piece piece, std::size_t beta, std::size_t ell0) {
  return with_param(with_param(std::move(piece), "beta", beta), "ell0", ell0);
}

// ---------------------------------------------------------------------------------------------------------
// Identity pieces of (S1)–(S3) (exact, rational).
// ---------------------------------------------------------------------------------------------------------

/// (S1) with E = eˣ > 0: E/(1 + E)² = (1 − ((E − 1)/(E + 1))²)/4; times (E + 1)²: degree 2 in E.
IdentityPiece slope_tanh_identity() {
  return exact_identity("(S1) s(x) = 1/4 - tanh^2(x/2)/4", 1, 3,
                        [](const std::vector<Exact>& v, const RationalConstants&) -> Exact {
                          const Exact& E = v[0];
                          const Exact sig = E / (1 + E), sig_neg = 1 / (1 + E), th = (E - 1) / (E + 1);
                          return sig * sig_neg - (1 - th * th) / 4;
                        });
}
/// (S2) with Y = e^{y/2}, T = e^{t/2} > 0 (cosh, sinh of y/2, (y+t)/2, y + t/2, t/2 rational in Y, T) and
/// s(x) = E/(1 + E)², E = eˣ: times the cleared denominators, degree ≤ 12 in Y and T.
IdentityPiece slope_gap_identity() {
  return exact_identity("(S2) s(-(y+t)) - s(y) = -sinh(y+t/2) sinh(t/2)/(4 cosh^2((y+t)/2) cosh^2(y/2))", 2,
                        12, [](const std::vector<Exact>& v, const RationalConstants&) -> Exact {
                          const Exact &Y = v[0], &T = v[1];
                          const auto s = [](const Exact& E) { return E / ((1 + E) * (1 + E)); };
                          const Exact ex = 1 / (Y * Y * T * T), ey = Y * Y; // e^x with x = −(y + t), e^y
                          const Exact ch_x = (Y * T + 1 / (Y * T)) / 2, ch_y = (Y + 1 / Y) / 2;
                          const Exact sh_a = (Y * Y * T - 1 / (Y * Y * T)) / 2, sh_b = (T - 1 / T) / 2;
                          return (s(ex) - s(ey)) + sh_a * sh_b / (4 * ch_x * ch_x * ch_y * ch_y);
                        });
}
/// (S3) with A = eᵃ, B = e^b > 0: A/(1+A) − B/(1+B) = (1/(1+A))(B/(1+B))(A/B − 1); degree ≤ 3.
IdentityPiece sigmoid_difference_identity() {
  return exact_identity("(S3) sigma(a) - sigma(b) = sigma(-a) sigma(b) expm1(a - b)", 2, 3,
                        [](const std::vector<Exact>& v, const RationalConstants&) -> Exact {
                          const Exact &A = v[0], &B = v[1];
                          return (A / (1 + A) - B / (1 + B)) - (1 / (1 + A)) * (B / (1 + B)) * (A / B - 1);
                        });
}

// ---------------------------------------------------------------------------------------------------------
// F.g-derivative (display for g_β′): g′ = −cβ sech²(x/2), −cβ ≤ g′ < 0.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(g_derivative) {
  Certificate c;
  c.claim = "F.g-derivative";
  c.domain =
      "formula: every real beta > 0, ell0 and ell (exact); bounds: x = beta(ell - ell0) in [-300, 300] "
      "(the claim's domain; beta, ell0 cancel); no exclusion";
  c.method =
      "exact: g(ell) = E/(1 + E), E = e^-x, as a jet in ell with dE/d ell = -beta E; its derivative minus "
      "-c beta sech^2(x/2) = -c beta 4E/(1 + E)^2 is zero (variables E, beta; degree <= 4); bounds "
      "divided by beta > 0: -c - (-c sech^2) = -c tanh^2(x/2) <= 0 (sech^2 = 1 - tanh^2, (S1)) and -c "
      "sech^2(x/2) < 0, strict";
  c.constants = {{"c", [] { return Interval(1) / 4; }, [] { return Rational(1, 4); }}};
  const IdentityPiece formula =
      exact_identity("g'(ell) = -c beta sech^2(beta(ell - ell0)/2)", 2, 4,
                     [](const std::vector<Exact>& v, const RationalConstants& k) -> Exact {
                       using J = Jet<Exact, 1, 1>;
                       const Exact &E0 = v[0], &beta = v[1];
                       J E(E0);
                       E.g[0] = -beta * E0; // d/dℓ e^{−β(ℓ−ℓ₀)}
                       const J g = E / (J(1) + E);
                       return g.g[0] - (-k("c") * beta * 4 * E0 / ((1 + E0) * (1 + E0)));
                     });
  Piece lower =
      make_piece<1>("-c beta <= g'", {{Interval(-300.0, 300.0)}},
                    [](const auto& x, const Constants& k) { return -k("c") * square(tanh_half(x[0])); });
  Piece negative =
      make_piece<1>("g' < 0", {{Interval(-300.0, 300.0)}},
                    [](const auto& x, const Constants& k) { return -k("c") / square(cosh_of(x[0] / 2)); });
  negative.strict = true;
  c.pieces = {with_param(lower, "x", 0), with_param(negative, "x", 0)};
  c.identities = {formula, slope_tanh_identity()};
  c.paper = {{"x", -inf, inf}}; // every ell (x = beta(ell - ell0), so every beta > 0 and ell0)
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  c.scope.gap = "|x| > 300: the tails need a compact chart (u = sigma(x)) in which the exponentially small "
                "terms of the score are scaled to stay away from 0; not built";
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.mgamma-sup (definition of M_{γ,∞}): g(log v) ≤ g(log δ) for v = δ^{1−w}, 0 < g(log δ) < 1.
// ---------------------------------------------------------------------------------------------------------

/// Raw (β, ℓ₀, λ, w) with λ = log(1/δ): the claim's δ = u/K ∈ (0, 1/2] enters only through log δ.
Box mgamma_box() {
  return {Interval(1e-3, 1e3), Interval(-40.0, 20.0), Interval(0.5, 100.0), Interval(0.0, 1.0)};
}

DCRV_CERTIFICATE(mgamma_sup) {
  Certificate c;
  c.claim = "F.mgamma-sup";
  c.domain =
      "beta in [10^-3, 10^3], ell0 in [-40, 20], delta in [e^-100, e^-1/2] (so every delta = u/K of the "
      "claim with u >= 10^-30, K <= 2.6 10^13), every labelling (g does not depend on it), v = "
      "delta^(1-w), w in [0, 1]; no exclusion";
  c.method =
      "raw lambda = log(1/delta): g(log v) = sigma(a), g(log delta) = sigma(b), a = beta((1-w)lambda + "
      "ell0), b = beta(lambda + ell0); g(log v) - g(log delta) = sigma(-a) sigma(b) expm1(-beta w "
      "lambda) <= 0 by (S3); 0 < g(log delta) = sigma(b) and 1 - g(log delta) = sigma(-b) > 0 strict";
  Piece sup = make_piece<4>("g(log v) <= g(log delta)", {mgamma_box()}, [](const auto& x, const Constants&) {
    const auto &beta = x[0], &ell0 = x[1], &lam = x[2], &w = x[3];
    return sigmoid_difference(beta * ((1 - w) * lam + ell0), beta * (lam + ell0), -(beta * w * lam));
  });
  Piece pos = make_piece<4>("0 < g(log delta)", {mgamma_box()},
                            [](const auto& x, const Constants&) { return -sigmoid(x[0] * (x[2] + x[1])); });
  pos.strict = true;
  Piece below = make_piece<4>("g(log delta) < 1", {mgamma_box()}, [](const auto& x, const Constants&) {
    return -sigmoid(-(x[0] * (x[2] + x[1])));
  });
  below.strict = true;
  c.pieces = {beta_ell0(sup, 0, 1), beta_ell0(pos, 0, 1), beta_ell0(below, 0, 1)};
  for (auto& piece : c.pieces)
    piece = with_param(piece, "lambda", 2); // lambda = log(1/delta)
  c.identities = {sigmoid_difference_identity()};
  c.paper = {{"beta", 0, inf}, {"ell0", -inf, inf}, {"lambda", std::log(2.0), inf}}; // delta in (0, 1/2]
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S3)"});
  c.scope.gap =
      "the strict pieces' margins tend to 0 as beta -> 0 or inf and |ell0| -> inf (the sup is approached, "
      "not attained): a compact chart of (beta, ell0) closes only with a scaling that makes the strict bound "
      "vacuous at the limits, so every beta, ell0 needs a limit argument; not built";
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.jphi-piece-diag (Lemma lem:Lphi, proof): max_i |f_i′(p_i)| ≤ L_f = cβ/δ on Δ_δ.
// ---------------------------------------------------------------------------------------------------------

/// The score of F.jphi-piece-diag times the positive factor e^{−wλ} = δ/v (bounded at every limit):
/// (|f_i′(v)| − cβ/δ)·δ/β = (¼ − c) + expm1(−wλ)/4 − e^{−wλ} tanh²(x/2)/4, in the compact chart (b, u, m, w)
/// ∈ [0, 1]⁴: β = b/(1 − b), ℓ₀ = log(u/(1 − u)), λ = ½ + m/(1 − m) (b = 1, u = 0, 1, m = 1 the limits). A
/// box reaching a limit is enclosed by the range of the last two terms, −(1 − e^{−wλ}(1 − tanh²))/4 ∈ [−¼, 0]
/// (jets throw there).
Piece jphi_chart_piece() {
  Piece piece = make_piece<4>(
      "|f'(v)| <= c beta/delta, times delta/beta: (b, u, m, w) in [0, 1]^4, beta = b/(1 - b), ell0 = "
      "logit(u), lambda = 1/2 + m/(1 - m)",
      {unit_box(4)}, [](const auto& x, const Constants& k) {
        using X = scalar_of<decltype(x[0])>;
        bool limit = false;
        if constexpr (std::is_same_v<X, Interval>)
          limit = x[0].upper() >= 1 || x[1].lower() <= 0 || x[1].upper() >= 1 || x[2].upper() >= 1;
        else if (x[0].v.upper() >= 1 || x[1].v.lower() <= 0 || x[1].v.upper() >= 1 || x[2].v.upper() >= 1)
          throw straddle_error("F.jphi-piece-diag: a limit of the chart, enclosed on intervals only");
        if (limit)
          return X(Interval(1) / 4 - k("c")) - X(Interval(0, 1)) / 4;
        const X beta = x[0] / (1 - x[0]), ell0 = log(x[1] / (1 - x[1])), lam = X(0.5) + x[2] / (1 - x[2]);
        const X& w = x[3];
        const X xx = beta * (-((1 - w) * lam) - ell0), wl = w * lam;
        return X(Interval(1) / 4 - k("c")) + expm1(-wl) / 4 - exp(-wl) * square(tanh_half(xx)) / 4;
      });
  return with_param(
      with_param(with_param(piece, "beta", 0, compact_chart::ratio_of), "ell0", 1, compact_chart::logit_of),
      "lambda", 2, [](double m) { return 0.5 + compact_chart::ratio_of(m); });
}

DCRV_CERTIFICATE(jphi_piece_diag) {
  Certificate c;
  c.claim = "F.jphi-piece-diag";
  c.domain =
      "every mass v in [delta, 1] (so every p_i of Delta_delta, every K, every labelling: |f_i'| does not "
      "depend on s_i), every delta in (0, e^-1/2], beta > 0 and ell0, in the compact chart beta = b/(1 - b), "
      "ell0 = logit(u), lambda = log(1/delta) = 1/2 + m/(1 - m), (b, u, m) in [0, 1]^3 (1 and 0 the "
      "limits); no exclusion";
  c.method =
      "|f_i'(v)| = beta s(x)/v, x = beta(log v - ell0), v = delta e^(w lambda), lambda = log(1/delta), w in "
      "[0, 1]; times v/beta > 0: s(x) - c v/delta = (1/4 - c) e^(w lambda) - expm1(w lambda)/4 - "
      "tanh^2(x/2)/4 by (S1), and times e^(-w lambda) > 0 (so (|f_i'| - c beta/delta) delta/beta, bounded at "
      "every limit): (1/4 - c) + expm1(-w lambda)/4 - e^(-w lambda) tanh^2(x/2)/4 <= 0 (checked "
      "rearrangement); a box reaching a limit of the chart is enclosed by the last two terms' range [-1/4, "
      "0]";
  c.constants = {{"c", [] { return Interval(1) / 4; }}};
  c.pieces = {jphi_chart_piece()};
  c.identities = {
      slope_tanh_identity(),
      rearrangement_identity("((1/4 - c) E - (E - 1)/4 - T/4)/E = (1/4 - c) + (1/E - 1)/4 - T/(4E) at E = "
                             "e^(w lambda), T = tanh^2(x/2), C = 1/4 - c",
                             3, 1, [](const std::vector<Exact>& y, const RationalConstants&) {
                               const Exact &E = y[0], &T = y[1], &C = y[2];
                               return (C * E - (E - 1) / 4 - T / 4) / E - (C + (1 / E - 1) / 4 - T / (4 * E));
                             })};
  c.paper = {{"beta", 0, inf}, {"ell0", -inf, inf}, {"lambda", std::log(2.0), inf}}; // delta in (0, 1/2]
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.lf-strict (Lemma lem:Lf): c_max = sup_{[log δ, 0]}(−g′) < cβ when ℓ₀ ∉ [log δ, 0].
// ---------------------------------------------------------------------------------------------------------

/// Side 0: ℓ₀ = d > 0, the sup is at ℓ = 0, x = −βd; side 1: ℓ₀ = log δ − d, at ℓ = log δ, x = βd. Either
/// way s(x) − c = (¼ − c) − tanh²(y/2)/4 with y = βd > 0, here times the positive factor 1/tanh²(y/2) (so
/// that the strict bound, 0 at y → 0, stays bounded away from 0): (¼ − c)/T − ¼, T = tanh²(y/2), in the
/// compact chart β = b/(1 − b), d = e/(1 − e), (b, e) ∈ [0, 1]² (b, e = 0, 1 the limits). A box reaching a
/// limit is enclosed as −¼ when ¼ − c = 0 and split otherwise (jets throw there); the two sides have the same
/// score.
Piece lf_strict_piece(int side) {
  Piece piece = make_piece<2>(
      side == 0
          ? "ell0 = d > 0 (sup at ell = 0), times 1/tanh^2(beta d/2): beta = b/(1 - b), d = e/(1 - e)"
          : "ell0 = log delta - d (sup at ell = log delta), times 1/tanh^2(beta d/2): beta = b/(1 - b), d "
            "= e/(1 - e)",
      {unit_box(2)}, [](const auto& x, const Constants& k) {
        using X = scalar_of<decltype(x[0])>;
        const Interval C = Interval(1) / 4 - k("c");
        if constexpr (std::is_same_v<X, Interval>) {
          if (x[0].lower() <= 0 || x[0].upper() >= 1 || x[1].lower() <= 0 || x[1].upper() >= 1) {
            // C/T with 1/T in [1, inf): 0 at C = 0 (the paper's c); otherwise unbounded, not enclosed here
            // (an Interval is finite): the box is split and its interior decides
            if (C.lower() != 0 || C.upper() != 0)
              throw straddle_error("F.lf-strict: (1/4 - c)/T at a limit of the chart, c != 1/4");
            return Interval(-1) / 4;
          }
        } else if (x[0].v.lower() <= 0 || x[0].v.upper() >= 1 || x[1].v.lower() <= 0 || x[1].v.upper() >= 1) {
          throw straddle_error("F.lf-strict: a limit of the chart, enclosed on intervals only");
        }
        const X y = x[0] / (1 - x[0]) * (x[1] / (1 - x[1]));
        return X(C) / square(tanh_half(y)) - X(Interval(1) / 4);
      });
  piece.strict = true;
  return with_param(with_param(piece, "beta", 0, compact_chart::ratio_of), "d", 1, compact_chart::ratio_of);
}

DCRV_CERTIFICATE(lf_strict) {
  Certificate c;
  c.claim = "F.lf-strict";
  c.domain =
      "every beta > 0 and d > 0, both sides (ell0 = d and ell0 = log delta - d), every delta in (0, 1) "
      "(delta cancels), in the compact chart beta = b/(1 - b), d = e/(1 - e), (b, e) in [0, 1]^2 (0 "
      "and 1 the limits); no exclusion";
  c.method =
      "c_max = -g'(at) with at the point of [log delta, 0] closest to ell0 (DpoModel::slope_sup): at = 0, "
      "x = -beta d (side 0) or at = log delta, x = beta d (side 1); c_max/beta - c = s(x) - c = (1/4 - c) - "
      "tanh^2(x/2)/4 (S1) (divided by beta > 0), times 1/tanh^2(beta d/2) > 0 (checked rearrangement): (1/4 "
      "- c)/T - 1/4 < 0, bounded away from 0 at every limit (the unscaled score tends to 0 as beta d -> 0); "
      "a box reaching a limit is enclosed as -1/4 at c = 1/4 (C = 0) and split otherwise; strict";
  c.constants = {{"c", [] { return Interval(1) / 4; }}};
  c.pieces = {lf_strict_piece(0), lf_strict_piece(1)};
  c.identities = {
      slope_tanh_identity(),
      rearrangement_identity("((1/4 - c) - T/4)/T = (1/4 - c)/T - 1/4 at T = tanh^2(beta d/2), C = 1/4 - c",
                             2, 1, [](const std::vector<Exact>& y, const RationalConstants&) {
                               const Exact &T = y[0], &C = y[1];
                               return (C - T / 4) / T - (C / T - Exact(1) / 4);
                             })};
  c.paper = {{"beta", 0, inf}, {"d", 0, inf}}; // every beta > 0 and distance d > 0 of ell0 from the interval
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.c-open-formula (Definition "Sharp thresholds"): c_open = C(β, ℓ₀), (i) bound and (ii) attained.
// ---------------------------------------------------------------------------------------------------------

/// The bound −g′(ℓ) ≤ c_open(β, ℓ₀) for every β > 0, ℓ₀ and ℓ = −w ≤ 0, divided by β, in the compact chart z
/// = v/(1 + v) ∈ [0, 1] of β, |ℓ₀| and w (F.c-open-formula (i)): c = the constant "c" (F.c-open-formula), or
/// exactly 1/4 (`fixed_quarter`: F.c-max-le-copen, which has no constant).
std::vector<Piece> c_open_chart_pieces(bool fixed_quarter) {
  const std::string prefix = fixed_quarter ? "" : "(i) ";
  auto cval = [fixed_quarter](const Constants& k) { return fixed_quarter ? Interval(1) / 4 : k("c"); };
  // the compact chart z = v/(1 + v) in [0, 1] of beta, |ell0|, w (z = 1: the limit v -> inf); a box that
  // reaches a limit is enclosed by the ranges s in [0, 1/4], sech^2 in [0, 1] and, by (S2), s(-(y + t)) -
  // s(y) in [-1/4, 0] (jets throw there: the interval enclosure decides)
  auto chart = [](const auto& z) { return z / (1 - z); };
  auto at_limit = [](const auto& x) {
    using X = scalar_of<decltype(x[0])>;
    bool limit = false;
    for (std::size_t i = 0; i < 3; ++i) {
      if constexpr (std::is_same_v<X, Interval>)
        limit = limit || x[i].upper() >= 1;
      else
        limit = limit || x[i].v.upper() >= 1;
    }
    if constexpr (!std::is_same_v<X, Interval>)
      if (limit)
        throw straddle_error("c_open_chart_pieces: a limit of the chart, enclosed on intervals only");
    return limit;
  };
  Piece neg =
      make_piece<3>(prefix + "ell0 <= 0: z = (b, a, o) in [0, 1]^3, beta = b/(1 - b), ell0 = -a/(1 - a), w = "
                             "o/(1 - o)",
                    {unit_box(3)}, [chart, at_limit, cval](const auto& x, const Constants& k) {
                      using X = scalar_of<decltype(x[0])>;
                      if (at_limit(x)) // tanh^2 in [0, 1]
                        return X(Interval(1) / 4 - cval(k)) - X(Interval(0, 1)) / 4;
                      const X beta = chart(x[0]), ell0 = -chart(x[1]), w = chart(x[2]);
                      return slope_minus(X(beta * (-w - ell0)), cval(k));
                    });
  Piece pos =
      make_piece<3>(prefix + "ell0 >= 0: z = (b, a, o) in [0, 1]^3, beta = b/(1 - b), ell0 = a/(1 - a), w = "
                             "o/(1 - o)",
                    {unit_box(3)}, [chart, at_limit, cval](const auto& x, const Constants& k) {
                      using X = scalar_of<decltype(x[0])>;
                      if (at_limit(x)) // sech^2 in [0, 1], the (S2) bracket in [-1/4, 0]
                        return X(Interval(1) / 4 - cval(k)) * X(Interval(0, 1)) - X(Interval(0, 1)) / 4;
                      const X beta = chart(x[0]), ell0 = chart(x[1]), w = chart(x[2]);
                      const X y = beta * ell0, t = beta * w;
                      const X ch = cosh_of(y / 2);
                      return X(Interval(1) / 4 - cval(k)) / square(ch) + slope_gap(y, t);
                    });
  auto scoped = [](Piece p, double sign) {
    using compact_chart::ratio_of;
    return with_param(with_param(with_param(std::move(p), "beta", 0, ratio_of), "ell0", 1,
                                 [sign](double a) { return sign * ratio_of(a); }),
                      "w", 2, ratio_of);
  };
  return {scoped(neg, -1), scoped(pos, 1)};
}

DCRV_CERTIFICATE(c_open_formula) {
  Certificate c;
  c.claim = "F.c-open-formula";
  c.domain =
      "(i) every beta > 0, ell0 and ell = -w <= 0, in the compact chart z = v/(1 + v) in [0, 1] of beta, "
      "|ell0| and w (z = 1 the limit v -> inf); (ii) for every real beta > 0 and ell0 (exact identities); no "
      "exclusion";
  c.method =
      "(i) divided by beta > 0: ell0 <= 0: s(x) - c = (1/4 - c) - tanh^2(x/2)/4 <= 0, x = -beta(w + ell0) "
      "(S1); ell0 >= 0: s(x) - c sech^2(y/2) = (1/4 - c) sech^2(y/2) + [s(-(y+t)) - s(y)], y = beta "
      "ell0, t = beta w, the bracket <= 0 by (S2); (ii) exact: s(0) = sigma(0)^2 = c (ell0 <= 0) and "
      "s(-y) = c sech^2(y/2) with E = e^y rational (ell0 > 0); (i) read in the chart beta = b/(1 - b), "
      "|ell0| = a/(1 - a), w = o/(1 - o), no scaling needed (the scores are bounded); a box reaching a limit "
      "(b, a or o = 1) is enclosed by tanh^2 in [0, 1], sech^2 in [0, 1] and the (S2) bracket in [-1/4, 0]";
  c.constants = {{"c", [] { return Interval(1) / 4; }, [] { return Rational(1, 4); }}};
  c.pieces = c_open_chart_pieces(false);
  const IdentityPiece at_neg =
      exact_identity("(ii) ell0 <= 0: -g'(ell0)/beta = sigma(0) sigma(-0) = c", 1, 1,
                     [](const std::vector<Exact>&, const RationalConstants& k) -> Exact {
                       const Exact sig0 = Exact(1) / (1 + Exact(1)); // σ(0) = 1/(1 + e⁰)
                       return sig0 * sig0 - k("c");
                     });
  const IdentityPiece at_pos =
      exact_identity("(ii) ell0 > 0: -g'(0)/beta = s(-y) = c sech^2(y/2), E = e^y", 1, 3,
                     [](const std::vector<Exact>& v, const RationalConstants& k) -> Exact {
                       const Exact& E = v[0];                         // e^{y}, y = βℓ₀
                       const Exact s = (1 / (1 + E)) * (E / (1 + E)); // σ(−y)σ(y)
                       const Exact Y = E; // sech²(y/2) = 4/(e^{y/2} + e^{−y/2})² = 4E/(E + 1)²
                       return s - k("c") * 4 * Y / ((E + 1) * (E + 1));
                     });
  c.identities = {slope_tanh_identity(), slope_gap_identity(), at_neg, at_pos};
  c.paper = {{"beta", 0, inf}, {"ell0", -inf, inf}, {"w", 0, inf}}; // every ell = -w <= 0
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)", "(S2)"});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.c-max-le-copen: −g′(ℓ) ≤ c_open for ℓ ∈ [log δ, log(1 − (K−1)δ)].
// ---------------------------------------------------------------------------------------------------------

/// −ℓ ≥ 0 for ℓ = (1 − w) log δ + w log(1 − (K−1)δ), δ = u/K, in a sign-definite form: (1 − w)(log K − log u)
/// − w log1p(−(1 − 1/K)u).
template <class X> X minus_ell(const X& u, const X& K, const X& w) {
  return (1 - w) * (log(K) - log(u)) - w * log1p(-((1 - 1 / K) * u));
}
/// Raw (β, ℓ₀, u, K, w).
Box c_max_box(double ell0_lo, double ell0_hi) {
  return {Interval(1e-3, 1e3), Interval(ell0_lo, ell0_hi), Interval(1e-300, 1.0 - 0x1p-53),
          Interval(2.0, 1e12), Interval(0.0, 1.0)};
}

DCRV_CERTIFICATE(c_max_le_copen) {
  Certificate c;
  c.claim = "F.c-max-le-copen";
  c.domain =
      "every beta > 0, ell0, K >= 2 and delta in (0, 1/K): every ell of [log delta, log(1 - (K-1) delta)] "
      "is <= 0, and the bound is proved for every ell = -w <= 0 in the compact chart of F.c-open-formula "
      "(z = v/(1 + v) in [0, 1] of beta, |ell0|, w); also on the literal interval for beta in [10^-3, "
      "10^3], ell0 in [-40, 20], real K in [2, 10^12], delta = u/K, u in [10^-300, 1 - 2^-53]; no "
      "exclusion";
  c.method =
      "divided by beta > 0, x = beta(ell - ell0): ell0 <= 0: c_open/beta = s(0) = 1/4 and s(x) - 1/4 = "
      "-tanh^2(x/2)/4 (S1); ell0 >= 0: c_open/beta = s(-beta ell0) and s(x) - s(y) <= 0 by (S2) with y = "
      "beta ell0, t = -beta ell >= 0; c_max (closed form) is -g' at a point of the same interval, so the "
      "pointwise bound covers it; for every beta, ell0 and ell <= 0 the same two scores in the compact chart "
      "of F.c-open-formula with c = 1/4 exactly (a box reaching a limit enclosed by tanh^2, sech^2 in [0, "
      "1] and the (S2) bracket in [-1/4, 0])";
  Piece neg = make_piece<5>("ell0 in [-40, 0]", {c_max_box(-40.0, 0.0)}, [](const auto& x, const Constants&) {
    return slope_minus(x[0] * (-minus_ell(x[2], x[3], x[4]) - x[1]), Interval(1) / 4);
  });
  Piece pos = make_piece<5>("ell0 in [0, 20]", {c_max_box(0.0, 20.0)}, [](const auto& x, const Constants&) {
    return slope_gap(x[0] * x[1], x[0] * minus_ell(x[2], x[3], x[4]));
  });
  c.pieces = {beta_ell0(neg, 0, 1), beta_ell0(pos, 0, 1)};
  for (auto& piece : c.pieces)
    piece = with_param(with_param(piece, "u", 2), "K", 3);
  for (const Piece& piece : c_open_chart_pieces(true)) // every beta, ell0 and ell = -w <= 0
    c.pieces.push_back(piece);
  c.reductions.push_back(
      {"K and delta = u/K enter only through ell in [log delta, log(1 - (K-1) delta)], and every such ell is "
       "< 0 (delta < 1 and 0 < 1 - (K-1) delta < 1 for K >= 2, delta in (0, 1/K)): the chart pieces prove "
       "the "
       "bound for every beta > 0, ell0 and ell = -w <= 0",
       {"u", "K"}});
  c.identities = {slope_tanh_identity(), slope_gap_identity()};
  c.paper = {{"beta", 0, inf}, {"ell0", -inf, inf}, {"u", 0, 1}, {"K", 2, inf}}; // delta = u/K in (0, 1/K)
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)", "(S2)"});
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.sc-implies-copen: ε = cβ(1 + η) > c_open.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(sc_implies_copen) {
  Certificate c;
  c.claim = "F.sc-implies-copen";
  c.domain =
      "beta in [10^-3, 10^3], ell0 in [-40, 20] (every beta ell0 in [0, 2 10^4] for ell0 >= 0), eta in "
      "[10^-12, 10] (the claim's domain); no exclusion";
  c.method = "divided by beta > 0: c_open/beta - c(1 + eta) < 0; ell0 <= 0: c_open/beta = s(0) = sigma(0)^2 "
             "(exact 1/4); ell0 >= 0: c_open/beta = s(y), y = beta ell0 in [0, 2 10^4] (the image of the "
             "(beta, ell0) box), written (1/4 - c(1 + eta)) - tanh^2(y/2)/4 by (S1); strict";
  c.constants = {{"c", [] { return Interval(1) / 4; }}};
  Piece neg = make_piece<1>("ell0 in [-40, 0] (raw eta)", {{Interval(1e-12, 10.0)}},
                            [](const auto& x, const Constants& k) {
                              using X = scalar_of<decltype(x[0])>;
                              const X s0 = square(sigmoid(X(0)));
                              return s0 - k("c") * (1 + x[0]);
                            });
  neg.strict = true;
  Piece pos = make_piece<2>(
      "ell0 in [0, 20] (raw y = beta ell0, eta)",
      {{Interval(0.0, 2e4), Interval(1e-12, 10.0)}, {Interval(0.0, 1e-3), Interval(1e-12, 1e-3)}},
      [](const auto& x, const Constants& k) {
        using X = scalar_of<decltype(x[0])>;
        return X(Interval(1) / 4) - k("c") * (1 + x[1]) - square(tanh_half(x[0])) / 4;
      });
  pos.strict = true;
  c.pieces = {with_param(neg, "eta", 0), with_param(pos, "eta", 1)};
  c.identities = {slope_tanh_identity()};
  c.paper = {{"eta", 0, inf}}; // every eta > 0 (beta, ell0 enter through y = beta ell0: see the gap)
  c.scope.gap = "beta, ell0 enter through y = beta ell0 in [0, 2 10^4] (ell0 >= 0), i.e. beta ell0 > 2 10^4 "
                "is not covered";
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  c.scope.gap += std::string("; ") +
                 "eta -> 0, eta -> inf and beta ell0 -> inf need compact charts (eta/(1 + eta), v/(1 + v) of "
                 "compact_chart.hpp) with the score scaled to stay nonzero at the limits; not built";
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.g-log-range ("Cross-class envelopes"): g(0) ≤ g(log v) < 1, v = e^{−w}.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(g_log_range) {
  Certificate c;
  c.claim = "F.g-log-range";
  c.domain = "beta in [10^-3, 10^3], ell0 in [-40, 20], w in [0, 10^3] (the claim's domain); no exclusion";
  c.method =
      "g(0) = sigma(beta ell0), g(-w) = sigma(beta(ell0 + w)): g(0) - g(-w) = sigma(-beta ell0) "
      "sigma(beta(ell0 + w)) expm1(-beta w) <= 0 by (S3); 1 - g(-w) = sigma(-beta(w + ell0)) > 0 strict";
  const Box box{Interval(1e-3, 1e3), Interval(-40.0, 20.0), Interval(0.0, 1e3)};
  Piece lower = make_piece<3>("g(0) <= g(log v)", {box}, [](const auto& x, const Constants&) {
    const auto &beta = x[0], &ell0 = x[1], &w = x[2];
    return sigmoid_difference(beta * ell0, beta * (ell0 + w), -(beta * w));
  });
  Piece upper = make_piece<3>("g(log v) < 1", {box}, [](const auto& x, const Constants&) {
    return -sigmoid(-(x[0] * (x[2] + x[1])));
  });
  upper.strict = true;
  c.pieces = {with_param(beta_ell0(lower, 0, 1), "w", 2), with_param(beta_ell0(upper, 0, 1), "w", 2)};
  c.identities = {sigmoid_difference_identity()};
  c.paper = {{"beta", 0, inf}, {"ell0", -inf, inf}, {"w", 0, inf}}; // every v = e^-w in (0, 1]
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S3)"});
  c.scope.gap = kUnboundedDpoBoxes;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.gprime-negative-sc ("Lyapunov structure"): G_i′(v) = (s_i g′(log v) − ε)/v < 0 under SC.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(gprime_negative_sc) {
  Certificate c;
  c.claim = "F.gprime-negative-sc";
  c.domain =
      "beta in [10^-3, 10^2], ell0 in [-40, 0], v = e^-w with w in [0, 100], eta in [10^-12, 10], both "
      "signs s_i (the claim's domain); the formula for G_i' for every v > 0, beta, ell0, eps (exact)";
  c.method =
      "times v/beta > 0, with eps = c beta (1 + eta) and g'(log v) = -beta s(x), x = beta(log v - ell0): "
      "s_i = +1: -s(x) - c(1 + eta) < 0 (s = sigma(x) sigma(-x) >= 0); s_i = -1: s(x) - c(1 + eta) = "
      "(1/4 - c(1 + eta)) - tanh^2(x/2)/4 < 0 by (S1); strict; the formula: G_i(v) = s g(log v) - eps log v "
      "as "
      "a jet over the rationals in v (log v of derivative 1/v, g = E/(1 + E), E = e^-x of derivative "
      "-beta E/v) has derivative (s g'(log v) - eps)/v with g' = -beta E/(1 + E)^2 (degree <= 4)";
  c.constants = {{"c", [] { return Interval(1) / 4; }}};
  const Box box{Interval(1e-3, 1e2), Interval(-40.0, 0.0), Interval(0.0, 100.0), Interval(1e-12, 10.0)};
  Piece plus = make_piece<4>("s_i = +1", {box}, [](const auto& x, const Constants& k) {
    const auto xx = x[0] * (-x[2] - x[1]);
    return -(sigmoid(xx) * sigmoid(-xx)) - k("c") * (1 + x[3]);
  });
  plus.strict = true;
  Piece minus = make_piece<4>(
      "s_i = -1",
      {box, {Interval(1e-3, 2e-3), Interval(-1.0, 0.0), Interval(0.0, 1.0), Interval(1e-12, 1e-3)}},
      [](const auto& x, const Constants& k) {
        using X = scalar_of<decltype(x[0])>;
        const X xx = x[0] * (-x[2] - x[1]);
        return X(Interval(1) / 4) - k("c") * (1 + x[3]) - square(tanh_half(xx)) / 4;
      });
  minus.strict = true;
  // G_i(v) = s g(log v) − ε log v as a jet in v: log v of derivative 1/v, g(log v) = E/(1 + E) with E =
  // e^{−β(log v − ℓ₀)} of derivative −βE/v; variables (v, E, β, ε), both signs
  auto derivative = [](int sign) {
    return exact_identity(sign > 0 ? "G_i' formula, s_i = +1" : "G_i' formula, s_i = -1", 4, 4,
                          [sign](const std::vector<Exact>& x, const RationalConstants&) -> Exact {
                            using J = Jet<Exact, 1, 1>;
                            const Exact &v = x[0], &E0 = x[1], &beta = x[2], &eps = x[3];
                            J logv(Exact(0)), E(E0);
                            logv.g[0] = 1 / v;
                            E.g[0] = -beta * E0 / v;
                            const J G = J(sign) * (E / (J(1) + E)) - J(eps) * logv;
                            const Exact g_prime =
                                -beta * E0 / ((1 + E0) * (1 + E0)); // −β σ(x)σ(−x), e^{−x} = E
                            return G.g[0] - (sign * g_prime - eps) / v;
                          });
  };
  c.pieces = {with_param(with_param(beta_ell0(plus, 0, 1), "w", 2), "eta", 3),
              with_param(with_param(beta_ell0(minus, 0, 1), "w", 2), "eta", 3)};
  c.identities = {slope_tanh_identity(), derivative(1), derivative(-1)};
  c.paper = {{"beta", 0, inf}, {"ell0", -inf, inf}, {"w", 0, inf}, {"eta", 0, inf}};
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  c.scope.gap = kUnboundedDpoBoxes;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.hprime-bound and F.fprime-sc ("Two-level equilibrium"): |h′(z)| ≤ cβ, and F′ = h′ − ε < 0 under SC.
// ---------------------------------------------------------------------------------------------------------

/// The pieces of h′/β at raw (z, M, N, β, ℓ₀): with r = N e^{−z}/M, N L_ℐ = r/(1 + r), M L_𝒞 = 1/(1 + r),
/// log L_𝒞 = −log M − log1p(r), log L_ℐ = log L_𝒞 − z (DpoModel::two_level_logs for z ≥ 0), x_𝒞, x_ℐ the
/// arguments β(log L − ℓ₀) of s.
template <class X> struct TwoLevelSlopes { X nli, mlc, xc, xi; };
template <class X> TwoLevelSlopes<X> two_level_slopes(const std::array<X, 5>& x) {
  const X &z = x[0], &M = x[1], &N = x[2], &beta = x[3], &ell0 = x[4];
  const X r = N * exp(-z) / M;
  const X lc = -(log(M) + log1p(r));
  return {r / (1 + r), 1 / (1 + r), beta * (lc - ell0), beta * (lc - z - ell0)};
}
/// h′/β − c = −s(x_𝒞) N L_ℐ + s(x_ℐ) M L_𝒞 − c, with s(x_ℐ) = ¼ − ¼τ_ℐ (S1) and M L_𝒞 = 1 − N L_ℐ:
/// (¼ − c) − N L_ℐ/4 − τ_ℐ M L_𝒞/4 − s(x_𝒞) N L_ℐ (τ = tanh²(x/2)); `c` may carry the SC term c(1 + η).
template <class X> X hprime_upper(const TwoLevelSlopes<X>& t, const X& c) {
  return (X(Interval(1) / 4) - c) - t.nli / 4 - square(tanh_half(t.xi)) * t.mlc / 4 -
         sigmoid(t.xc) * sigmoid(-t.xc) * t.nli;
}
/// −h′/β − c = (¼ − c) − M L_𝒞/4 − τ_𝒞 N L_ℐ/4 − s(x_ℐ) M L_𝒞 (the mirror image).
template <class X> X hprime_lower(const TwoLevelSlopes<X>& t, const X& c) {
  return (X(Interval(1) / 4) - c) - t.mlc / 4 - square(tanh_half(t.xc)) * t.nli / 4 -
         sigmoid(t.xi) * sigmoid(-t.xi) * t.mlc;
}
/// A sub-box of the domain (ℓ₀ = −z − log M within 1/β) where the bound is nearly attained: the pieces list
/// it last (searched first), so that a constant 1 % too strong is refused quickly.
/// The scope data of a two-level piece at raw (z, M, N, β, ℓ₀, …).
Piece two_level_scope(Piece piece) {
  return beta_ell0(with_param(with_param(with_param(std::move(piece), "z", 0), "M", 1), "N", 2), 3, 4);
}
/// The paper's domain of the two-level claims: every z >= 0, integer M, N >= 1, beta > 0, ell0.
const std::vector<ScopeRange> kTwoLevelPaper = {
    {"z", 0, inf}, {"M", 1, inf}, {"N", 1, inf}, {"beta", 0, inf}, {"ell0", -inf, inf}};

Box two_level_extremal_box() {
  return {Interval(38.0, 42.0), Interval(1.0, 1.5), Interval(1.0, 100.0), Interval(1e-3, 1e-1),
          Interval(-40.0, -38.0)};
}

DCRV_CERTIFICATE(hprime_bound) {
  Certificate c;
  c.claim = "F.hprime-bound";
  c.domain = "z in [0, 200], real M, N in [1, 100] (every integer M, N of the claim), beta in [10^-3, 10^3], "
             "ell0 in [-40, 20] (the claim's domain); no exclusion";
  c.method =
      "divided by beta > 0, h'/beta = -s(x_C) N L_I + s(x_I) M L_C (closed form of "
      "DpoModel::two_level_h_prime), logs as two_level_logs for z >= 0; with N L_I + M L_C = 1 and (S1): "
      "h'/beta - c = (1/4 - c) - N L_I/4 - tanh^2(x_I/2) M L_C/4 - s(x_C) N L_I and the mirror form for "
      "-h'/beta - c; score max of the two (|h'|/beta - c); the sub-box z in [38, 42], M in [1, 1.5], beta "
      "<= 0.1, ell0 in [-40, -38] (near-attainment) is searched before the whole box";
  c.constants = {{"c", [] { return Interval(1) / 4; }}};
  Piece piece = make_piece<5>("|h'(z)| <= c beta", {two_level_box(200.0), two_level_extremal_box()},
                              [](const auto& x, const Constants& k) {
                                using X = scalar_of<decltype(x[0])>;
                                const auto t = two_level_slopes(x);
                                return max(hprime_upper(t, X(k("c"))), hprime_lower(t, X(k("c"))));
                              });
  c.pieces = {two_level_scope(piece)};
  c.identities = {slope_tanh_identity()};
  c.paper = kTwoLevelPaper;
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  c.scope.gap = kUnboundedTwoLevelBoxes;
  return c;
}

DCRV_CERTIFICATE(fprime_sc) {
  Certificate c;
  c.claim = "F.fprime-sc";
  c.domain =
      "z in [0, 200], real M, N in [1, 100] (every integer M, N), beta in [10^-3, 10^3], ell0 in [-40, "
      "20], eta in [10^-9, 10] (the claim's domain); no exclusion";
  c.method =
      "eps = c beta (1 + eta), divided by beta > 0: F'/beta - (c - c(1 + eta)) = h'/beta - c <= 0 (the "
      "form of F.hprime-bound) and F'/beta = h'/beta - c(1 + eta) = (1/4 - c(1 + eta)) - N L_I/4 - "
      "tanh^2(x_I/2) M L_C/4 - s(x_C) N L_I < 0 (S1), strict";
  c.constants = {{"c", [] { return Interval(1) / 4; }}};
  // raw (z, M, N, β, ℓ₀, η)
  auto box = [](Box b) {
    b.push_back(Interval(1e-9, 10.0));
    return b;
  };
  Piece le = make_piece<6>(
      "F' <= c beta - eps", {box(two_level_box(200.0)), box(two_level_extremal_box())},
      [](const auto& x, const Constants& k) {
        using X = scalar_of<decltype(x[0])>;
        return hprime_upper(two_level_slopes<X>({x[0], x[1], x[2], x[3], x[4]}), X(k("c"))) + 0 * x[5];
      });
  Piece neg = make_piece<6>(
      "F' < 0", {box(two_level_box(200.0)), box(two_level_extremal_box())},
      [](const auto& x, const Constants& k) {
        using X = scalar_of<decltype(x[0])>;
        return hprime_upper(two_level_slopes<X>({x[0], x[1], x[2], x[3], x[4]}), X(k("c") * (1 + x[5])));
      });
  neg.strict = true;
  c.pieces = {with_param(two_level_scope(le), "eta", 5), with_param(two_level_scope(neg), "eta", 5)};
  c.identities = {slope_tanh_identity()};
  c.paper = kTwoLevelPaper;
  c.paper.push_back({"eta", 0, inf});
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  c.scope.gap = kUnboundedTwoLevelBoxes;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.f0-value, F.zstar-lower-2g0, F.zstar-upper-2eps ("Two-level equilibrium", lem:zstar).
// ---------------------------------------------------------------------------------------------------------

/// h(z) − 2 = −σ(β(log L_𝒞 − ℓ₀)) − σ(β(log L_ℐ − ℓ₀)) (1 − g = σ(β(ℓ − ℓ₀)), the claims' cancellation-free
/// form).
template <class X> X h_minus_two(const X& z, const X& M, const X& N, const X& beta, const X& ell0) {
  const auto l = two_level_logs(z, M, N);
  return -(sigmoid(beta * (l[0] - ell0)) + sigmoid(beta * (l[1] - ell0)));
}
/// g(0) − g(ℓ) = σ(βℓ₀) − σ(β(ℓ₀ − ℓ)) = σ(−βℓ₀)σ(β(ℓ₀ − ℓ)) expm1(βℓ) (S3), ≤ 0 for ℓ ≤ 0.
template <class X> X g0_minus_g(const X& ell, const X& beta, const X& ell0) {
  return sigmoid_difference(beta * ell0, beta * (ell0 - ell), beta * ell);
}
/// The raw box (M, N, β, ℓ₀, η) of lem:zstar's claims (zstar_domain).
Box zstar_box() {
  return {Interval(1.0, 100.0), Interval(1.0, 100.0), Interval(1e-3, 1e3), Interval(-40.0, 20.0),
          Interval(1e-6, 10.0)};
}
/// A sub-box (β ≥ 10, ℓ₀ ≥ 19: g ≈ 1 at every mass, where both bounds of z⋆ are nearly attained), searched
/// first (the last root).
Box zstar_extremal_box() {
  return {Interval(1.0, 2.0), Interval(1.0, 2.0), Interval(10.0, 20.0), Interval(19.0, 20.0),
          Interval(1e-6, 1.0)};
}
/// The scope data of a piece at the raw box (M, N, β, ℓ₀, η) of zstar_box.
Piece zstar_scope(Piece piece) {
  return with_param(beta_ell0(with_param(with_param(std::move(piece), "M", 0), "N", 1), 2, 3), "eta", 4);
}
/// The paper's domain of lem:zstar: every integer M, N >= 1, beta > 0, ell0 and eta > 0 (eps = beta(1 +
/// eta)/4 > beta/4).
const std::vector<ScopeRange> kZstarPaper = {
    {"M", 1, inf}, {"N", 1, inf}, {"beta", 0, inf}, {"ell0", -inf, inf}, {"eta", 0, inf}};

/// Uniqueness of the root: F′(z)/β = h′/β − (1 + η)/4 < 0 on z ∈ [0, 8001] ⊇ [0, 2/ε] (ε ≥ β/4 ≥ 2.5·10⁻⁴),
/// raw (z, M, N, β, ℓ₀, η); SC's ¼ is exact (not a constant of these claims).
Piece zstar_unique_piece() {
  Box b{Interval(0.0, 8001.0)};
  for (const auto& v : zstar_box())
    b.push_back(v);
  Piece piece = make_piece<
      6>("F'(z) < 0 on [0, 8001] (unique root)", {b}, [](const auto& x, const Constants&) {
    using X = scalar_of<decltype(x[0])>;
    return hprime_upper(two_level_slopes<X>({x[0], x[1], x[2], x[3], x[4]}), X(Interval(1) / 4 * (1 + x[5])));
  });
  piece.strict = true;
  return piece;
}
#define DCRV_ZSTAR_ROOT                                                                                      \
  "z_star is the unique root of F(z) = h(z) - eps z under SC: F(0) = h(0) > 0, F' < 0 on [0, 8001] (a "      \
  "piece: the sign-definite form of F.fprime-sc with 1/4 exact) and F(z) < 2 - eps z <= 0 beyond 2/eps <= "  \
  "8000 (h < 2: g < 1); so z_star >= a iff F(a) >= 0 and z_star <= a iff F(a) <= 0"

DCRV_CERTIFICATE(f0_value) {
  Certificate c;
  c.claim = "F.f0-value";
  c.domain =
      "real M, N in [1, 100] (every integer M, N), beta in [10^-3, 10^3], ell0 in [-40, 20], every eps > "
      "0 (it cancels), z in [0, 10^4]; the identity for every real M, N > 0";
  c.method =
      "exact: exp(log L_C(0)) = 1/(M(1 + N/M)) = 1/(M + N) (two_level_logs at z = 0; exp is injective, so "
      "log L_C(0) = log L_I(0) = -log K and h(0) = 2 g(log 1/K)); intervals: 0 < h(0) = 2 sigma(beta(log K "
      "+ ell0)) strict; F(z) - (2 - eps z) = h(z) - 2 = -sigma(beta(log L_C - ell0)) - sigma(beta(log L_I - "
      "ell0)) <= 0 (1 - sigma(-x) = sigma(x): checked exactly with E = e^x free)";
  const IdentityPiece at0 =
      exact_identity("exp(log L_C(0)) (M + N) = 1", 2, 2,
                     [](const std::vector<Exact>& v, const RationalConstants&) -> Exact {
                       const Exact &M = v[0], &N = v[1];
                       return (1 / (M * (1 + N / M))) * (M + N) - 1;
                     });
  Piece pos = make_piece<4>(
      "0 < F(0) = 2 g(log 1/K)",
      {{Interval(1.0, 100.0), Interval(1.0, 100.0), Interval(1e-3, 1e3), Interval(-40.0, 20.0)}},
      [](const auto& x, const Constants&) { return -2 * sigmoid(x[2] * (log(x[0] + x[1]) + x[3])); });
  pos.strict = true;
  Piece le = make_piece<5>(
      "F(z) <= 2 - eps z",
      {{Interval(0.0, 1e4), Interval(1.0, 100.0), Interval(1.0, 100.0), Interval(1e-3, 1e3),
        Interval(-40.0, 20.0)}},
      [](const auto& x, const Constants&) { return h_minus_two(x[0], x[1], x[2], x[3], x[4]); });
  c.pieces = {beta_ell0(with_param(with_param(pos, "M", 0), "N", 1), 2, 3), two_level_scope(le)};
  c.identities = {at0, fg_rearrangements::f0_value_rearrangement()};
  c.paper = kTwoLevelPaper;
  c.scope.gap = kUnboundedTwoLevelBoxes;
  return c;
}

DCRV_CERTIFICATE(zstar_lower_2g0) {
  Certificate c;
  c.claim = "F.zstar-lower-2g0";
  c.domain = "real M, N in [1, 100] (every integer M, N), beta in [10^-3, 10^3], ell0 in [-40, 20], eps = "
             "beta(1 + eta)/4 with eta in [10^-6, 10] (the claim's domain); no exclusion";
  c.method = DCRV_ZSTAR_ROOT
      "; at a = c g(0)/eps: -F(a) = c g(0) - h(a) = (c - 2) g(0) + [g(0) - g(log L_C(a))] + [g(0) - g(log "
      "L_I(a))], each bracket <= 0 by (S3) (log L <= 0)";
  c.constants = {{"c", [] { return Interval(2); }}};
  Piece piece = make_piece<5>(
      "F(c g(0)/eps) >= 0", {zstar_box(), zstar_extremal_box()}, [](const auto& x, const Constants& k) {
        using X = scalar_of<decltype(x[0])>;
        const X &M = x[0], &N = x[1], &beta = x[2], &ell0 = x[3], &eta = x[4];
        const X g0 = sigmoid(beta * ell0), eps = beta * (1 + eta) / 4;
        const X a = k("c") * g0 / eps;
        const auto l = two_level_logs(a, M, N);
        return X(k("c") - 2) * g0 + g0_minus_g(l[0], beta, ell0) + g0_minus_g(l[1], beta, ell0);
      });
  c.pieces = {zstar_scope(piece), zstar_unique_piece()};
  c.identities = {sigmoid_difference_identity(), slope_tanh_identity()};
  c.paper = kZstarPaper;
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)", "(S3)"});
  c.scope.gap = kUnboundedTwoLevelBoxes;
  return c;
}

DCRV_CERTIFICATE(zstar_upper_2eps) {
  Certificate c;
  c.claim = "F.zstar-upper-2eps";
  c.domain = "real M, N in [1, 100] (every integer M, N), beta in [10^-3, 10^3], ell0 in [-40, 20], eps = "
             "beta(1 + eta)/4 with eta in [10^-6, 10] (the claim's domain); no exclusion";
  c.method = DCRV_ZSTAR_ROOT
      "; at a = c/eps: F(a) = h(a) - c = (2 - c) - sigma(beta(log L_C(a) - ell0)) - sigma(beta(log L_I(a) "
      "- ell0)) <= 0";
  c.constants = {{"c", [] { return Interval(2); }}};
  Piece piece = make_piece<5>("F(c/eps) <= 0", {zstar_box(), zstar_extremal_box()},
                              [](const auto& x, const Constants& k) {
                                using X = scalar_of<decltype(x[0])>;
                                const X &M = x[0], &N = x[1], &beta = x[2], &ell0 = x[3], &eta = x[4];
                                const X a = k("c") / (beta * (1 + eta) / 4);
                                return X(2 - k("c")) + h_minus_two(a, M, N, beta, ell0);
                              });
  c.pieces = {zstar_scope(piece), zstar_unique_piece()};
  c.identities = {slope_tanh_identity()};
  c.paper = kZstarPaper;
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"(S1)"});
  c.scope.gap = kUnboundedTwoLevelBoxes;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// F.compat-2eps-le-lk~bound-two: ε L_K ≥ c ⇒ 2g(0)/ε ≤ c/ε ≤ L_K, at ε = (1 + η)c/L_K.
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(compat_2eps_le_lk_bound_two) {
  Certificate c;
  c.claim = "F.compat-2eps-le-lk~bound-two";
  c.domain = "beta in [10^-3, 10^3], ell0 in [-40, 20]; every real K in [2, 10^12], delta = u/K with u in "
             "[10^-300, 1 - 2^-53], eta in [0, 1]; no exclusion";
  c.method =
      "first inequality times eps > 0: 2 g(0) - c = (2 - c) - 2 sigma(-beta ell0) <= 0 (g(0) = "
      "sigma(beta ell0)); second at eps = 2(1 + eta)/L_K (the claim's eps), times eps/L_K > 0: c/eps - L_K "
      "= L_K (c - 2(1 + eta))/(2(1 + eta)) <= 0, L_K = (1 - u/K) log1p(K(1-u)/((K-1)u)) >= 0";
  c.constants = {{"c", [] { return Interval(2); }, [] { return Rational(2); }}};
  Piece g0 = make_piece<2>("2 g(0)/eps <= c/eps", {{Interval(1e-3, 1e3), Interval(-40.0, 20.0)}},
                           [](const auto& x, const Constants& k) {
                             using X = scalar_of<decltype(x[0])>;
                             return X(2 - k("c")) - 2 * sigmoid(-(x[0] * x[1]));
                           });
  Piece gap = make_piece<3>("c/eps <= L_K", {face_gap_box_and({Interval(0.0, 1.0)})},
                            [](const auto& x, const Constants& k) {
                              const auto &K = x[0], &u = x[1], &eta = x[2];
                              const auto lk = face_gap_of(K, u);
                              return lk * (k("c") - 2 * (1 + eta)) / (2 * (1 + eta));
                            });
  c.pieces = {beta_ell0(g0, 0, 1), with_param(with_param(with_param(gap, "K", 0), "u", 1), "eta", 2)};
  // the rearrangements, exact: (2 g(0) - c) = (2 - c) - 2 sigma(-beta ell0) with E = e^(beta ell0) > 0
  // (sigma(x) + sigma(-x) = 1; degree <= 1 after clearing 1 + E), and c/eps - L_K at eps = 2(1 + eta)/L_K
  // equals L_K (c - 2(1 + eta))/(2(1 + eta)) (variables L_K, eta; degree <= 2)
  c.identities = {exact_identity("2 g(0) - c = (2 - c) - 2 sigma(-beta ell0)", 1, 1,
                                 [](const std::vector<Exact>& x, const RationalConstants& k) -> Exact {
                                   const Exact& E = x[0];
                                   return (2 * E / (1 + E) - k("c")) - ((2 - k("c")) - 2 / (1 + E));
                                 }),
                  exact_identity("c/eps - L_K = L_K (c - 2(1 + eta))/(2(1 + eta)) at eps = 2(1 + eta)/L_K", 2,
                                 2, [](const std::vector<Exact>& x, const RationalConstants& k) -> Exact {
                                   const Exact &L = x[0], &eta = x[1];
                                   const Exact eps = 2 * (1 + eta) / L;
                                   return (k("c") / eps - L) - L * (k("c") - 2 * (1 + eta)) / (2 * (1 + eta));
                                 })};
  c.paper = {{"beta", 0, inf}, {"ell0", -inf, inf}, {"K", 2, inf}, {"u", 0, 1}, {"eta", 0, 1}};
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"2 g(0) - c", "c/eps - L_K"});
  c.scope.gap = "unbounded beta, ell0 need the compact charts of F.c-open-formula, and K -> inf with u -> 0 "
                "or 1 a blow-up chart in (1/K, u) in which the score stays nonzero; not built";
  return c;
}

} // namespace
} // namespace dcrv::certify
