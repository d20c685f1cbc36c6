// Appendix G, part d — DPO: the two-level equilibrium's dependence on ε (OP2) and coarse-graining closure
// errors (OP3) (appendix_G_aistats.tex §Open problems).
//
// Notation (dcrv/scores/dpo.hpp): labels s_π = ±1 (𝒞: K_C traces, ℐ: K_I traces), g_β(ℓ) = 1 − σ(β(ℓ − ℓ₀)),
// L_ℐ(z) = 1/(K_I + K_C e^z), L_𝒞 = e^z L_ℐ, h(z) = g_β(log L_𝒞) + g_β(log L_ℐ), z⋆(ε) the root of h(z) = εz
// (DpoModel::two_level_root: bracket verified by signs, bisection to the working precision), p⋆(ε) the
// two-level point; (SC) ε > β/4 written ε = (β/4)(1 + η). Derivatives in ε are 6th-order central differences
// of z⋆ and p⋆ (steps 10⁻³ε in double, 10⁻⁷ε in MPFR, capped by η/10 so they stay in (SC)); compared with
// slack 10⁻⁶ (double), 10⁻²⁵ (MPFR) relative to the size of the formula's terms. OP3 is checked pointwise on
// Δ_δ and (the log-ratio identity) along DPO trajectories by central differences of log(A p(t))
// (properties/domains/lumps.hpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/lumps.hpp"
#include "dcrv/numdiff.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/dpo.hpp"
#include "properties/domains/dpo_sample.hpp"
#include "properties/domains/lumps.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {

using boost::multiprecision::abs;
using boost::multiprecision::exp;
using boost::multiprecision::log;
using boost::multiprecision::log1p;
using boost::multiprecision::sqrt;
using std::abs;
using std::exp;
using std::log;
using std::log1p;
using std::sqrt;

using lumps_domain::cross;
using lumps_domain::positive;

// ---------------------------------------------------------------------------------------------------------------
// OP2 helpers
// ---------------------------------------------------------------------------------------------------------------

/// Class sizes K_C, K_I from the real fields "kc", "ki" (rounded, ≥ 1).
template <class T> std::pair<int, int> sizes_of(const Args<T>& a) {
  return {std::max(1, dpo_domain::integer_of(a, "kc")), std::max(1, dpo_domain::integer_of(a, "ki"))};
}
/// The DPO model of the fields "beta", "ell0" with ε = c·β·(1 + η) (c = the SC coefficient ¼).
template <class T> DpoModel<T> sc_model_of(const Args<T>& a, const T& c) {
  return dpo_domain::scalar_model(a, dpo_domain::sc_eps(a, c));
}
/// z⋆ at ε (NaN without a bracket).
template <class T> T zstar_at(DpoModel<T> m, const T& eps, int KC, int KI) {
  m.eps = eps;
  return m.two_level_root(T(KC), T(KI));
}
/// The step of the central differences in ε: 10⁻³ε (double), 10⁻⁷ε (MPFR), at most η/(10(1+η))·ε (so ε − 3h
/// stays in (SC)) and at most κ/|dz⋆/dε| (κ = 10⁻², 10⁻⁶: the two-level masses vary like e^{∓z⋆}, so their
/// 6th-order differences need |z⋆′|h small).
template <class T> T eps_step(const T& eps, const T& eta, const T& zprime = T(0)) {
  const T rel = std::is_same_v<T, double> ? T(1e-3) : T(1e-7);
  const T cap = eta / T(10) / (T(1) + eta); // keeps ε − 3h above β/4
  T h = eps * (rel < cap ? rel : cap);
  const T kappa = std::is_same_v<T, double> ? T(1e-2) : T(1e-6);
  if (abs(zprime) * h > kappa)
    h = kappa / abs(zprime);
  return h;
}
/// The rounding of a central difference of values of size `size` with step h: 64 ulps·size/h.
template <class T> T difference_noise(const T& size, const T& h) {
  return T(64) * std::numeric_limits<T>::epsilon() * size / h;
}
template <class T> T response_slack() {
  if constexpr (std::is_same_v<T, double>)
    return 1e-6;
  else
    return T(1e-25);
}
/// Labels: the first K_C traces correct, the rest incorrect.
inline Labels leading_labels(int KC, int KI) {
  Labels s(static_cast<std::size_t>(KC + KI), -1);
  for (int i = 0; i < KC; ++i)
    s[static_cast<std::size_t>(i)] = 1;
  return s;
}

/// The OP2 domain: K_C, K_I ∈ [1, 100] (rounded, log scale), β ∈ [10⁻², 10²], ℓ₀ ∈ [−20, 5], η ∈ [10⁻⁶, 10³]
/// (ε from just above β/4 to 250β).
Domain op2_domain(int dims_hi = 2) {
  return Domain()
      .dims(2, dims_hi)
      .real("kc", 1.0, 100.0, true)
      .real("ki", 1.0, 100.0, true)
      .real("beta", 1e-2, 1e2, true)
      .real("ell0", -20.0, 5.0)
      .real("eta", 1e-6, 1e3, true)
      .points([](int) {
        std::vector<Assign> pts;
        for (double kc : {1.0, 3.0, 100.0})
          for (double ki : {1.0, 100.0})
            for (double eta : {1e-6, 1.0, 1e3})
              pts.push_back({{"kc", {kc}},
                             {"ki", {ki}},
                             {"beta", {4.0}},
                             {"ell0", {-std::log(kc + ki)}},
                             {"eta", {eta}}});
        return pts;
      });
}

// ============================================================================================================
// OP2 — DPO sensitivity to ε
// ============================================================================================================

// App. G OP2: for ε > β/4 a unique two-level interior equilibrium.
DCRV_CLAIM(claim_op2_unique_eq) {
  return forall("G.op2-unique-eq", Kind::equilibrium)
      .where("App. G §Open problems, OP2")
      .statement(
          R"(For $\varepsilon=c\beta(1+\eta)>c\beta$, $c=\tfrac14$, the DPO SRCT flow has exactly one two-level interior equilibrium: two-level points are $p(z)$ ($L_{\mathcal C}(z)$ on $\mathcal C$, $L_{\mathcal I}(z)$ on $\mathcal I$), equilibria iff $F(z)=h(z)-\varepsilon z=0$; checked: $F(0)>0$, $F(2/\varepsilon+1)<0$ (existence), at the bisection root $z_\star$ all per-capita rates of the full flow vanish, and $(z-z_\star)F(z)<0$ at every sampled $z=\tau(2/\varepsilon+1)$, $\tau\in[0,1]$, and $z\in[-50,0)$ (so $F$ has no other zero); $K_C,K_I\in[1,100]$, $\beta\in[10^{-2},10^2]$, $\ell_0\in[-20,5]$, $\eta\in[10^{-6},10^3]$. Points include $K_C=K_I=1$, $\beta=0.1$, $\ell_0=-23.667$, $\eta=10^{-6}$, where $h'$ reaches $0.025=\beta/4$ at $F\approx0$ (three zeros once $c<\tfrac14$))")
      .constant("c", 0.25, Role::upper, "the SC coefficient: eps > c beta")
      .over(op2_domain().real("tau", 0.0, 1.0).real("zneg", 0.0, 1.0).points([](int) {
        std::vector<Assign> pts;
        for (double tau : {22.0 / 81.8, 25.4 / 81.8, 0.5, 1e-3})
          pts.push_back({{"kc", {1.0}},
                         {"ki", {1.0}},
                         {"beta", {0.1}},
                         {"ell0", {-23.6666546967022}},
                         {"eta", {1e-6}},
                         {"tau", {tau}},
                         {"zneg", {1.0}}});
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [KC, KI] = sizes_of(a);
        const DpoModel<T> m = sc_model_of(a, k("c"));
        const T M(KC), N(KI), top = T(2) / m.eps + T(1);
        const T zs = m.two_level_root(M, N);
        if (!is_finite(zs))
          return le<T>(nan_of<T>(), nan_of<T>());
        Ineq<T> r = worst(positive(m.two_level_F(T(0), M, N)), positive(T(-m.two_level_F(top, M, N))));
        DpoModel<T> full = m;
        full.labels = leading_labels(KC, KI);
        const auto [p, lp] = two_level_point<T>(full.labels, zs);
        r = worst(r, eq<T>(norm_inf<T>(full.rate(p, lp)), T(0), T(T(2) + m.eps * abs(zs))));
        // the sign of F away from z⋆: a second zero would show as a sample with (z − z⋆)F(z) ≥ 0
        const T z = a.real("tau") * top;
        const T F = m.two_level_F(z, M, N);
        const T mag = T(2) + m.eps * abs(z);
        if (abs(T(z - zs)) > T(1e-6) * (T(1) + abs(zs)) && abs(F) > T(1e3) * identity_tolerance<T>() * mag)
          r = worst(r, positive(T(-(z - zs) * F)));
        const T zn = -T(50) * a.real("zneg"); // no zero at z < 0: F > 0 there
        return worst(r, positive(m.two_level_F(zn, M, N)));
      });
}

// App. G OP2 (boxed fixed-point equation), checked on the equilibrium of the full flow.
DCRV_CLAIM(claim_op2_zstar_eq) {
  return forall("G.op2-zstar-eq", Kind::equilibrium)
      .where("App. G §Open problems, OP2 (boxed fixed-point equation)")
      .statement(
          R"(The interior equilibrium of the DPO SRCT flow, found from the uniform start by damped Newton on the full $K$-dimensional rate (find\_equilibrium, residual certificate), is two-level, and $z_\star=\log(p^\star_c/p^\star_i)\ge0$ satisfies $h(z_\star)=\varepsilon z_\star$ with $L_{\mathcal I}(z)=(K_I+K_Ce^z)^{-1}$, $L_{\mathcal C}=e^zL_{\mathcal I}$; $K=2,\dots,6$ with $K_C,K_I\ge1$, $\beta\in[10^{-2},10^2]$, $\ell_0\in[-20,5]$, $\varepsilon=\tfrac\beta4(1+\eta)$, $\eta\in[10^{-6},10^3]$)")
      .over(Domain()
                .dims(2, 6)
                .vector("labels")
                .real("beta", 1e-2, 1e2, true)
                .real("ell0", -20.0, 5.0)
                .real("eta", 1e-6, 1e3, true))
      .effort(0.3)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        Labels s = lumps_domain::labels_of(a);
        s[0] = 1, s[1] = -1;
        DpoModel<T> m;
        m.beta = a.real("beta"), m.ell0 = a.real("ell0"), m.labels = s;
        m.eps = dpo_domain::sc_eps(a); // β/4 · (1 + η): the Slope Condition with margin η
        const int K = a.S();
        const Equilibrium<T> e = find_equilibrium<T>(
            [&](const Vec<T>& p) { return m.rate(p, lumps_domain::ScoreField<T>::safe_log(p)); },
            Vec<T>::Constant(K, T(1) / T(K)));
        if (!e.converged)
          return le<T>(nan_of<T>(), nan_of<T>());
        const Vec<T> lp = lumps_domain::ScoreField<T>::safe_log(e.p);
        // two-level: equal within each class (relative to log-scale), then z = log p_c − log p_i
        Ineq<T> r = skip<T>();
        for (int i = 1; i < K; ++i) {
          const int ref = s[static_cast<std::size_t>(i)] > 0 ? 0 : 1;
          r = worst(r, eq<T>(lp(i), lp(ref), T(abs(lp(ref)) + T(1))));
        }
        const T z = lp(0) - lp(1);
        const int KC = static_cast<int>(std::count(s.begin(), s.end(), 1));
        const T h = m.two_level_h(z, T(KC), T(K - KC));
        r = worst(r, ge<T>(z, T(0), T(1)));
        return worst(r, eq<T>(h, T(m.eps * z), T(T(2) + m.eps * abs(z))));
      });
}

/// dz⋆/dε by central differences and by the formula −z⋆/(ε − h′(z⋆)), with the difference quotient's measured
/// error |fd_h − fd_{h/2}| (Richardson; near the fold ε → β/4 the quotient's truncation dominates).
/// dz⋆/dε at m.eps by the central difference of the bisection root z⋆(ε) with step h.
template <class T> T dz_difference(const DpoModel<T>& m, int KC, int KI, const T& h) {
  return central_difference_at<T>([&](const T& e) { return zstar_at(m, e, KC, KI); }, m.eps, h);
}
template <class T> std::tuple<T, T, T> dz_pair(const Args<T>& a) {
  const auto [KC, KI] = sizes_of(a);
  const DpoModel<T> m = sc_model_of(a, T(0.25));
  const T zs = m.two_level_root(T(KC), T(KI));
  const T h = eps_step(m.eps, a.real("eta"));
  const T fd = dz_difference(m, KC, KI, h), fd_half = dz_difference(m, KC, KI, T(h / 2));
  const T formula = -zs / (m.eps - m.two_level_h_prime(zs, T(KC), T(KI)));
  return {fd, formula, T(abs(T(fd - fd_half)))};
}

// App. G OP2 (boxed): dz⋆/dε = −z⋆/(ε − h′(z⋆)).
DCRV_CLAIM(claim_op2_dz_formula) {
  return forall("G.op2-dz-formula", Kind::identity)
      .where("App. G §Open problems, OP2 (boxed, first formula)")
      .statement(
          R"($\frac{d}{d\varepsilon}z_\star(\varepsilon)=-z_\star/(\varepsilon-h'(z_\star))$ under (SC), $\varepsilon=\tfrac\beta4(1+\eta)$, $\eta\in[10^{-6},10^3]$ (close to $\beta/4$ and large); the left side by 6th-order central differences of the bisection root $z_\star(\varepsilon)$; $K_C,K_I\in[1,100]$, $\beta\in[10^{-2},10^2]$, $\ell_0\in[-20,5]$)")
      .over(op2_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [fd, formula, fd_error] = dz_pair(a);
        const T scale = abs(formula);
        return le<T>(abs(T(fd - formula)), T(response_slack<T>() * scale + T(10) * fd_error), scale);
      });
}

// App. G OP2 (boxed, "< 0").
DCRV_CLAIM(claim_op2_dz_negative) {
  return forall("G.op2-dz-negative", Kind::bound)
      .where("App. G §Open problems, OP2 (boxed, \"< 0\")")
      .statement(
          R"($\frac{d}{d\varepsilon}z_\star<0$ under (SC): $z_\star>0$ and $\varepsilon-h'(z_\star)>0$ (strict, in the working precision), and the central difference of $z_\star(\varepsilon)$ is negative; same domain as G.op2-dz-formula)")
      .over(op2_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = sizes_of(a);
        const DpoModel<T> m = sc_model_of(a, T(0.25));
        const T zs = m.two_level_root(T(KC), T(KI));
        const T fd = dz_difference(m, KC, KI, eps_step(m.eps, a.real("eta")));
        return worst(worst(positive(zs), positive(T(m.eps - m.two_level_h_prime(zs, T(KC), T(KI))))),
                     positive(T(-fd)));
      });
}

// ---------------------------------------------------------------------------------------------------------------
// G.op2-asymptotic: a measured claim (fitted slope of the remainder)
// ---------------------------------------------------------------------------------------------------------------

struct AsymConfig {
  int KC, KI;
  double beta, ell0;
};
const std::vector<AsymConfig> kAsymConfigs = {
    {1, 1, 1.0, 0.0}, {3, 1, 2.0, -1.0}, {1, 5, 0.5, -3.0}, {10, 2, 5.0, 0.5}, {2, 7, 8.0, -2.0}};

/// R(ε)ε³ with R = z⋆(ε) − c₁h(0)/ε − c₂h′(0)h(0)/ε², in MPFR, for ε = 10^{1 + j/4}, j = 0 … 28.
struct AsymCurve {
  std::vector<double> eps, r3;
  double h0 = 0, h1 = 0, c3 = 0;
};
AsymCurve asym_curve(const AsymConfig& cfg, const mpfr& c1, const mpfr& c2) {
  AsymCurve out;
  DpoModel<mpfr> m;
  m.beta = mpfr(cfg.beta), m.ell0 = mpfr(cfg.ell0);
  const mpfr M(cfg.KC), N(cfg.KI);
  const mpfr h0 = m.two_level_h(mpfr(0), M, N), h1 = m.two_level_h_prime(mpfr(0), M, N);
  // h″(0) by a central difference of h′ (for the predicted limit of Rε³ only)
  const mpfr dz = mpfr("1e-12");
  const mpfr h2 = (m.two_level_h_prime(dz, M, N) - m.two_level_h_prime(mpfr(-dz), M, N)) / (2 * dz);
  out.h0 = h0.convert_to<double>(), out.h1 = h1.convert_to<double>();
  out.c3 = (h0 * h1 * h1 + h2 * h0 * h0 / 2).convert_to<double>();
  for (int j = 0; j <= 28; ++j) {
    const mpfr eps = boost::multiprecision::pow(mpfr(10), mpfr(1) + mpfr(j) / 4);
    m.eps = eps;
    const mpfr zs = m.two_level_root(M, N);
    const mpfr R = zs - c1 * h0 / eps - c2 * h1 * h0 / (eps * eps);
    out.eps.push_back(eps.convert_to<double>());
    out.r3.push_back((R * eps * eps * eps).convert_to<double>());
  }
  return out;
}

/// Ordinary least squares of y on x: slope and its standard error.
std::pair<double, double> ols_slope(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    mx += x[i] / n, my += y[i] / n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    sxx += (x[i] - mx) * (x[i] - mx), sxy += (x[i] - mx) * (y[i] - my);
  const double b = sxy / sxx;
  double rss = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double e = y[i] - my - b * (x[i] - mx);
    rss += e * e;
  }
  return {b, std::sqrt(rss / (n - 2) / sxx)};
}

std::string fmt_g(double x) {
  std::ostringstream os;
  os.precision(6);
  os << x;
  return os.str();
}

/// The check: for every configuration, the slope of log|Rε³| against log ε over ε ∈ [10⁴, 10⁸] with a 99.9 %
/// interval (t quantile 3.8 for 15 points): verified when every interval lies below 0.05 (Rε³ bounded: R =
/// O(ε⁻³)), falsified when one lies wholly above 0.05 (Rε³ grows like ε^slope: the expansion is wrong at
/// order ε⁻²).
Outcome asymptotic_check(const Context& ctx) {
  Outcome out;
  const mpfr c1 = ctx.constant_mp("c1"), c2 = ctx.constant_mp("c2");
  nlohmann::json series = nlohmann::json::object();
  double worst_hi = -1e300;
  bool any_up = false, all_bounded = true;
  nlohmann::json witness = nlohmann::json::array();
  for (std::size_t i = 0; i < kAsymConfigs.size(); ++i) {
    const AsymConfig& cfg = kAsymConfigs[i];
    const AsymCurve cur = asym_curve(cfg, c1, c2);
    std::vector<double> x, y;
    for (std::size_t j = 0; j < cur.eps.size(); ++j)
      if (cur.eps[j] >= 1e4 && cur.r3[j] != 0) {
        x.push_back(std::log(cur.eps[j]));
        y.push_back(std::log(std::abs(cur.r3[j])));
      }
    const auto [b, se] = ols_slope(x, y);
    const double lo = b - 3.8 * se, hi = b + 3.8 * se;
    worst_hi = std::max(worst_hi, hi);
    any_up = any_up || lo > 0.05;
    all_bounded = all_bounded && hi < 0.05;
    const std::string tag = "config" + std::to_string(i + 1);
    if (i == 0)
      series["eps"] = cur.eps;
    series["r3_" + tag] = cur.r3;
    std::ostringstream where;
    where << "K_C=" << cfg.KC << " K_I=" << cfg.KI << " beta=" << cfg.beta << " ell0=" << cfg.ell0;
    out.evidence.details["measured_slope_" + tag] =
        fmt_g(b) + " [" + fmt_g(lo) + ", " + fmt_g(hi) + "] (" + where.str() + ")";
    out.evidence.details["measured_r3_at_1e8_" + tag] =
        fmt_g(cur.r3.back()) + " (predicted limit h0 h1^2 + h2 h0^2/2 = " + fmt_g(cur.c3) + ")";
    witness.push_back(
        {{"config", where.str()}, {"slope", b}, {"lo", lo}, {"hi", hi}, {"r3_last", cur.r3.back()}});
  }
  out.evidence.details["claimed_slope"] = "<= 0 (R eps^3 bounded: R = O(eps^-3))";
  out.evidence.trials = static_cast<long>(kAsymConfigs.size() * 29);
  out.evidence.digits = static_cast<int>(ctx.digits);
  out.evidence.tightness = worst_hi;
  out.evidence.method =
      "z* by MPFR bisection at " + std::to_string(ctx.digits) +
      " digits for eps = 10^(1 + j/4), j = 0..28, five (K_C, K_I, beta, ell0); OLS slope of "
      "log|R eps^3| against log eps over eps in [1e4, 1e8] with a 99.9% t interval (t = 3.8)";
  series["figures"] = nlohmann::json::array(
      {{{"title", "DPO two-level equilibrium: the remainder $R$ of the expansion of $z_\\star$, times "
                  "$\\varepsilon^3$"},
        {"x", "eps"},
        {"y", {"r3_config1", "r3_config2", "r3_config3", "r3_config4", "r3_config5"}},
        {"legend", {"(1,1,1,0)", "(3,1,2,-1)", "(1,5,0.5,-3)", "(10,2,5,0.5)", "(2,7,8,-2)"}},
        {"xlabel", "$\\varepsilon$"},
        {"ylabel", "$\\varepsilon^3R(\\varepsilon)$"},
        {"logx", true},
        {"style", "line"}}});
  out.series = series;
  if (any_up) {
    out.status = Status::falsified;
    out.message =
        "R eps^3 grows: a fitted slope of log|R eps^3| against log eps lies wholly above 0 (the expansion "
        "is wrong at order eps^-2 or eps^-1)";
    out.witness = {
        {"digits", ctx.digits}, {"kind", "fitted slopes (replay recomputes them)"}, {"fits", witness}};
  } else if (all_bounded) {
    out.status = Status::verified;
    out.message = "R eps^3 bounded: every fitted slope's 99.9% interval lies below 0.05";
  } else {
    out.status = Status::inconclusive;
    out.message = "a slope interval straddles 0.05";
  }
  return out;
}

// App. G OP2 (boxed expansion).
DCRV_CLAIM(claim_op2_asymptotic) {
  Claim c;
  c.id = "G.op2-asymptotic";
  c.where = "App. G §Open problems, OP2 (boxed expansion)";
  c.kind = Kind::identity;
  c.statement =
      R"(As $\varepsilon\to\infty$: $z_\star(\varepsilon)=c_1h(0)/\varepsilon+c_2h'(0)h(0)/\varepsilon^2+O(\varepsilon^{-3})$, $c_1=c_2=1$. Measured: $R(\varepsilon)\varepsilon^3$, $R=z_\star-c_1h(0)/\varepsilon-c_2h'(0)h(0)/\varepsilon^2$, for $\varepsilon=10^1\dots10^8$ ($z_\star$ by bisection at the working precision) and five $(K_C,K_I,\beta,\ell_0)$; the slope of $\log|R\varepsilon^3|$ against $\log\varepsilon$ on $[10^4,10^8]$ with its 99.9\,\% interval must lie below $0.05$ (bounded), and $R\varepsilon^3$ approaches $h(0)h'(0)^2+\tfrac12h''(0)h(0)^2$)";
  c.constants.push_back({"c1", 1.0, Role::exact, "coefficient of h(0)/eps", {}});
  c.constants.push_back({"c2", 1.0, Role::exact, "coefficient of h'(0)h(0)/eps^2", {}});
  c.check = asymptotic_check;
  c.replay = [](const Context& ctx, const nlohmann::json&) { return asymptotic_check(ctx); };
  return c;
}

/// The two-level p⋆(ε) of the labels (first K_C correct) and its logarithms.
template <class T> Vec<T> pstar_at(const DpoModel<T>& m, const T& eps, int KC, int KI) {
  const T zs = zstar_at(m, eps, KC, KI);
  return two_level_point<T>(leading_labels(KC, KI), zs).first;
}
/// The formula of OP2 for dp⋆/dε: −p⋆_π(ℓ_π − a)/d_π, d_π = ε − s_π g′(ℓ_π), a = ⟨p⋆, D⁻¹ℓ⟩/⟨p⋆, D⁻¹1⟩, with
/// ℓ_π − a = Σ_j w_j(ℓ_π − ℓ_j)/Σ_j w_j (w = p⋆/d) and ℓ_c − ℓ_i = z⋆ exactly (no cancellation when z⋆ is
/// below the working precision); also d and the size of the terms p⋆_π(|ℓ_π| + |a|)/d_π.
template <class T> struct Response {
  Vec<T> dp, d, scale;
  T zprime{0}; // dz⋆/dε = −z⋆/(ε − h′(z⋆)), for the step of the differences
};
template <class T> Response<T> dp_formula(const DpoModel<T>& m, int KC, int KI) {
  const Labels s = leading_labels(KC, KI);
  const T zs = m.two_level_root(T(KC), T(KI));
  const auto [p, l] = two_level_point<T>(s, zs);
  const int K = KC + KI;
  Response<T> r{Vec<T>(K), Vec<T>(K), Vec<T>(K)};
  T wsum(0), abar(0);
  for (int i = 0; i < K; ++i) {
    r.d(i) = m.eps - T(s[static_cast<std::size_t>(i)]) * m.g_prime(l(i));
    wsum += p(i) / r.d(i);
    abar += p(i) * l(i) / r.d(i);
  }
  abar /= wsum;
  r.zprime = -zs / (m.eps - m.two_level_h_prime(zs, T(KC), T(KI)));
  for (int i = 0; i < K; ++i) {
    T diff(0); // ℓ_i − a
    for (int j = 0; j < K; ++j)
      diff +=
          p(j) / r.d(j) * T(T(s[static_cast<std::size_t>(i)] - s[static_cast<std::size_t>(j)]) / T(2)) * zs;
    diff /= wsum;
    r.dp(i) = -p(i) * diff / r.d(i);
    r.scale(i) = p(i) * (abs(l(i)) + abs(abar)) / r.d(i);
  }
  return r;
}
/// The domain of the linear response: K = 2 … 8 traces, K_C from "kc" ∈ [0, 1] mapped onto [1, K − 1].
Domain response_domain() {
  return Domain()
      .dims(2, 8)
      .real("kc", 0.0, 1.0)
      .real("beta", 1e-2, 1e2, true)
      .real("ell0", -20.0, 5.0)
      .real("eta", 1e-6, 1e3, true)
      .points([](int K) {
        std::vector<Assign> pts;
        for (double kc : {0.0, 1.0})
          for (double eta : {1e-6, 1.0, 1e3})
            pts.push_back({{"kc", {kc}},
                           {"beta", {4.0}},
                           {"ell0", {-std::log(static_cast<double>(K))}},
                           {"eta", {eta}}});
        return pts;
      });
}
template <class T> std::pair<int, int> response_split(const Args<T>& a) {
  const int K = a.S();
  const int KC = 1 + static_cast<int>(std::lround(std::clamp(to_double(a.real("kc")), 0.0, 1.0) * (K - 2)));
  return {KC, K - KC};
}

// App. G OP2 (boxed linear response).
DCRV_CLAIM(claim_op2_dp_formula) {
  return forall("G.op2-dp-formula", Kind::identity)
      .where("App. G §Open problems, OP2 (boxed linear response)")
      .statement(
          R"(With $\ell_\pi=\log p^\star_\pi(\varepsilon)$, $d_\pi=\varepsilon-s_\pi g_\beta'(\ell_\pi)>0$, $a=\langle p^\star,D^{-1}\ell\rangle/\langle p^\star,D^{-1}\mathbf 1\rangle$: $\frac{d}{d\varepsilon}p^\star_\pi=-p^\star_\pi(\ell_\pi-a)/d_\pi$ for every $\pi$; the left side by central differences of the two-level $p^\star(\varepsilon)$; $K=2,\dots,8$, $K_C,K_I\ge1$, $\beta\in[10^{-2},10^2]$, $\ell_0\in[-20,5]$, $\varepsilon=\tfrac\beta4(1+\eta)$, $\eta\in[10^{-6},10^3]$; $d_\pi>0$ checked too)")
      .over(response_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = response_split(a);
        const DpoModel<T> m = sc_model_of(a, T(0.25));
        const Response<T> f = dp_formula(m, KC, KI);
        const T h = eps_step(m.eps, a.real("eta"), f.zprime);
        const Vec<T> fd =
            central_difference_at<T>([&](const T& e) { return pstar_at(m, e, KC, KI); }, m.eps, h);
        Ineq<T> r = positive(f.d.minCoeff());
        for (int i = 0; i < KC + KI; ++i) {
          const T allowed = response_slack<T>() * f.scale(i) + difference_noise(T(1), h);
          r = worst(r, le<T>(abs(T(fd(i) - f.dp(i))), allowed, f.scale(i)));
        }
        return r;
      });
}

// App. G OP2 (last formula): any lump.
DCRV_CLAIM(claim_op2_dq_formula) {
  return forall("G.op2-dq-formula", Kind::identity)
      .where("App. G §Open problems, OP2 (last formula)")
      .statement(
          R"(For any subset $C_k$: $\frac{d}{d\varepsilon}q^\star_k=-\sum_{\pi\in C_k}p^\star_\pi(\ell_\pi-a)/d_\pi$, $q^\star=Ap^\star$; central differences of $Ap^\star(\varepsilon)$ against the sum, for every lump of every partition (every lump-size pattern for $K\le8$, random partitions); domain as G.op2-dp-formula)")
      .over(lumps_domain::with_partition(response_domain()).points([](int K) {
        return cross(lumps_domain::partition_points(K),
                     {{{"kc", {0.5}}, {"beta", {4.0}}, {"ell0", {-1.0}}, {"eta", {0.1}}}});
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = response_split(a);
        const Lumps L = lumps_domain::lumps_of(a);
        const DpoModel<T> m = sc_model_of(a, T(0.25));
        const Response<T> f = dp_formula(m, KC, KI);
        const Vec<T> dq = L.aggregate<T>(f.dp), mag = L.aggregate<T>(f.scale);
        const T h = eps_step(m.eps, a.real("eta"), f.zprime);
        const Vec<T> fd = central_difference_at<T>(
            [&](const T& e) { return L.aggregate<T>(pstar_at(m, e, KC, KI)); }, m.eps, h);
        Ineq<T> r = skip<T>();
        for (int k = 0; k < L.count(); ++k) {
          const T allowed = response_slack<T>() * mag(k) + difference_noise(T(1), h);
          r = worst(r, le<T>(abs(T(fd(k) - dq(k))), allowed, mag(k)));
        }
        return r;
      });
}

// ============================================================================================================
// OP3 — DPO coarse-graining: closure errors
// ============================================================================================================

/// The DPO link of the fields "beta", "ell0" (ε = 0).
template <class T> DpoModel<T> link_of(const Args<T>& a) {
  return dpo_domain::scalar_model<T>(a);
}
/// G_k = Σ_{C_k} w_π g_β(log p_π).
template <class T>
T lump_link_mean(const DpoModel<T>& m, const Lumps& L, const Vec<T>& p, const Vec<T>& lp, int k) {
  T q(0), s(0);
  for (int pi : L.members(k)) {
    q += p(pi);
    s += p(pi) * m.g(lp(pi));
  }
  return s / q;
}

/// The OP3 domain: a partition with sign-pure labels, p ∈ Δ_δ (δ = u/S), β ∈ [10⁻³, 10], ℓ₀ ∈ [−12, 1], ε ∈
/// [0, 10]. Points: every lump-size pattern at the uniform p (u = 1) with β = 10⁻³ and ℓ₀ = log(2/S) (the
/// static bound's sharp case: a lump of equal masses, g_β nearly linear), and at a trimmed vertex.
Domain op3_domain() {
  return lumps_domain::with_trimmed(lumps_domain::with_partition(Domain().dims(2)))
      .vector("labels")
      .real("beta", 1e-3, 10.0, true)
      .real("ell0", -12.0, 1.0)
      .real("eps", 1e-6, 10.0, true)
      .real("eps_zero", 0.0, 1.0)
      .points([](int S) {
        std::vector<Assign> pts;
        std::vector<double> uniform(static_cast<std::size_t>(S), 1.0),
            vertex(static_cast<std::size_t>(S), 0.0);
        vertex[0] = 1.0;
        for (const auto& a : lumps_domain::sign_pure_points(S)) {
          Assign b = a;
          b["u"] = {1.0};
          b["q"] = uniform;
          b["beta"] = {1e-3};
          b["ell0"] = {std::log(2.0 / S)};
          b["eps_zero"] = {0.0};
          pts.push_back(b);
          b["eps_zero"] = {1.0};
          b["eps"] = {3.0};
          pts.push_back(b);
          b["u"] = {0.01};
          b["q"] = vertex;
          b["beta"] = {5.0};
          pts.push_back(b);
        }
        return pts;
      });
}
template <class T> T op3_eps(const Args<T>& a) {
  return a.real("eps_zero") < T(0.2) ? T(0) : a.real("eps");
}

// App. G OP3 (boxed static closure error).
DCRV_CLAIM(claim_op3_static_closure) {
  return forall("G.op3-static-closure", Kind::bound)
      .where("App. G §Open problems, OP3 (boxed static closure error)")
      .statement(
          R"($|G_k-g_\beta(\log q_k)|\le c\,c_{\max}(\sigma_k+H(w_k))$, $c=1$, $c_{\max}=\sup_{\ell\in[\log\delta,0]}(-g_\beta'(\ell))$, $G_k=\sum_{\pi\in C_k}w_\pi g_\beta(\log p_\pi)$, $w_\pi=p_\pi/q_k$, $\sigma_k^2=\sum w_\pi(\log p_\pi-\bar\ell_k)^2$, for every lump of every partition (sizes $1\dots S$), $p\in\Delta_\delta$, $\delta\in(0,1/S]$, $\beta\in[10^{-3},10]$, $\ell_0\in[-12,1]$, every $S$ (sharp for a lump of equal masses with $\beta\to0$))")
      .constant("c", 1.0, Role::upper, "coefficient of c_max")
      .over(op3_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Vec<T> p = lumps_domain::trimmed_of(a), lp = lumps_domain::ScoreField<T>::safe_log(p);
        const DpoModel<T> m = link_of(a);
        const T cmax = m.c_max_lemma(lumps_domain::trim_of(a));
        const Vec<T> q = lump_masses(L, p);
        Ineq<T> r = skip<T>();
        for (int j = 0; j < L.count(); ++j) {
          // G_k − g_β(log q_k) = Σ w_π (g_β(log p_π) − g_β(log q_k)): exactly 0 for a singleton
          const T lq = log(q(j));
          T diff(0);
          for (int pi : L.members(j))
            diff += p(pi) / q(j) * (m.g(lp(pi)) - m.g(lq));
          const T bound = k("c") * cmax * (lump_log_spread(L, p, lp, j) + lump_entropy(L, p, j));
          r = worst(r, le<T>(abs(diff), bound));
        }
        return r;
      });
}

/// The exact per-lump log-rates d/dt log q_k = (A(p ⊙ r))_k/q_k of the DPO SRCT flow at p (r the full
/// per-capita rate), the lump signs and the link means.
template <class T>
Vec<T> lump_log_rates(const DpoModel<T>& m, const Lumps& L, const Vec<T>& p, const Vec<T>& lp) {
  const Vec<T> r = m.rate(p, lp);
  const Vec<T> q = lump_masses(L, p), qdot = L.aggregate<T>(Vec<T>(p.cwiseProduct(r)));
  return qdot.cwiseQuotient(q);
}

// App. G OP3 (log-ratio identity), along DPO SRCT trajectories.
DCRV_CLAIM(claim_op3_logratio_identity) {
  return forall("G.op3-logratio-identity", Kind::identity)
      .skips("partitions with a single lump (or a single sign-pure lump pair missing) have no pair of lumps "
             "to compare")
      .where("App. G §Open problems, OP3 (log-ratio identity)")
      .statement(
          R"(For the DPO SRCT flow ($\varepsilon\in\{0\}\cup[10^{-6},10]$) and sign-pure lumps: $\frac{d}{dt}\log\frac{q_i}{q_j}=s_iG_i-s_jG_j-\varepsilon\log\frac{q_i}{q_j}+\varepsilon(H(w_i)-H(w_j))$. Checked along DPO trajectories ($S=2,\dots,5$, $t\in[0,1]$, starts on the open simplex and on $\partial\Delta_\delta$, every lump-size pattern with sign-pure labellings): $\frac{d}{dt}\log q_k$ by central differences of $\log(Ap(t))$ against $s_kG_k-\varepsilon\log q_k+\varepsilon H(w_k)+C(p)$ with the common term $C=-\bar\gamma+\varepsilon\bar h$ (which cancels in every pair), and pointwise (every $S$) against the lump rates of the full drift)")
      .over(lumps_domain::with_score_fields(lumps_domain::with_partition(Domain().dims(2, 5)))
                .simplex("p0")
                .real("eps", 1e-6, 10.0, true)
                .real("eps_zero", 0.0, 1.0)
                .points([](int S) {
                  return cross(lumps_domain::sign_pure_points(S), {{{"eps_zero", {1.0}}, {"eps", {2.0}}}});
                }))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Labels s = lumps_domain::sign_pure_labels(a, L);
        const auto f = lumps_domain::score_field_of(a, &s, static_cast<int>(lumps_domain::Family::dpo));
        const T eps = op3_eps(a);
        DpoModel<T> m;
        m.beta = f.beta, m.ell0 = f.ell0, m.eps = eps, m.labels = s;
        return lumps_domain::along_lump_flow(
            f, eps, a.simplex("p0"), L, lumps_domain::Observable::log_masses, [&](const Vec<T>& p) {
              const Vec<T> lp = lumps_domain::ScoreField<T>::safe_log(p);
              const Vec<T> q = lump_masses(L, p);
              const T common = -m.mean_score(p, lp) + eps * mean_log<T>(p);
              Vec<T> e(L.count()), sc(L.count());
              for (int k = 0; k < L.count(); ++k) {
                const T H = lump_entropy(L, p, k);
                e(k) = T(L.lump_label(s, k)) * lump_link_mean(m, L, p, lp, k) - eps * log(q(k)) + eps * H +
                       common;
                sc(k) = T(2) + eps * (abs(T(log(q(k)))) + H + abs(mean_log<T>(p)));
              }
              return std::make_pair(e, sc);
            });
      })
      .and_holds("pointwise", op3_domain(), []<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Labels s = lumps_domain::sign_pure_labels(a, L);
        DpoModel<T> m = link_of(a);
        m.eps = op3_eps(a), m.labels = s;
        const Vec<T> p = lumps_domain::trimmed_of(a), lp = lumps_domain::ScoreField<T>::safe_log(p);
        const Vec<T> rates = lump_log_rates(m, L, p, lp), q = lump_masses(L, p);
        Ineq<T> r = skip<T>();
        for (int i = 0; i < L.count(); ++i)
          for (int j = i + 1; j < L.count(); ++j) {
            const T Hi = lump_entropy(L, p, i), Hj = lump_entropy(L, p, j), lr = log(q(i)) - log(q(j));
            const T id = T(L.lump_label(s, i)) * lump_link_mean(m, L, p, lp, i) -
                         T(L.lump_label(s, j)) * lump_link_mean(m, L, p, lp, j) - m.eps * lr +
                         m.eps * (Hi - Hj);
            const T scale = T(2) + m.eps * (abs(lr) + Hi + Hj) + abs(rates(i)) + abs(rates(j));
            r = worst(r, eq<T>(T(rates(i) - rates(j)), id, scale));
          }
        return r;
      });
}

/// The closure error of OP3 for every pair of lumps: |exact log-ratio rate − closed rate| against c·c_max(σ_i
/// + σ_j
/// + H_i + H_j) + c_ε·ε(H_i + H_j); the closed rate drops ε(H_i − H_j) (literal) or keeps it.
template <class T> Ineq<T> closure_error(const Args<T>& a, const Consts<T>& k, bool keeps_entropy_term) {
  const Lumps L = lumps_domain::lumps_of(a);
  const Labels s = lumps_domain::sign_pure_labels(a, L);
  DpoModel<T> m = link_of(a);
  m.eps = op3_eps(a), m.labels = s;
  const Vec<T> p = lumps_domain::trimmed_of(a), lp = lumps_domain::ScoreField<T>::safe_log(p);
  const T cmax = m.c_max_lemma(lumps_domain::trim_of(a));
  const Vec<T> rates = lump_log_rates(m, L, p, lp), q = lump_masses(L, p);
  Ineq<T> r = skip<T>();
  for (int i = 0; i < L.count(); ++i)
    for (int j = 0; j < L.count(); ++j) {
      if (i == j)
        continue;
      const T Hi = lump_entropy(L, p, i), Hj = lump_entropy(L, p, j);
      const T si = T(L.lump_label(s, i)), sj = T(L.lump_label(s, j)), lr = log(q(i)) - log(q(j));
      T closed = si * m.g(T(log(q(i)))) - sj * m.g(T(log(q(j)))) - m.eps * lr;
      if (keeps_entropy_term)
        closed += m.eps * (Hi - Hj);
      const T err = abs(T(rates(i) - rates(j) - closed));
      const T bound =
          k("c") * cmax * (lump_log_spread(L, p, lp, i) + lump_log_spread(L, p, lp, j) + Hi + Hj) +
          k("c_eps") * m.eps * (Hi + Hj);
      // err cancels the lump rates against the closed rate: rounding relative to the size of those terms
      // (where every lump is a single trace the bound is 0 and err is that rounding)
      const T terms = abs(rates(i)) + abs(rates(j)) + abs(m.g(T(log(q(i))))) + abs(m.g(T(log(q(j))))) +
                      m.eps * (abs(lr) + Hi + Hj);
      r = worst(r, le<T>(err, bound, T(cancel_scale<T>() * terms)));
    }
  return r;
}

// App. G OP3 (closure error).
DCRV_CLAIM(claim_op3_closure_error) {
  return forall("G.op3-closure-error", Kind::bound)
      .skips("partitions with a single lump have no pair of lumps to compare")
      .where("App. G §Open problems, OP3 (closure error)")
      .statement(
          R"(Replacing $G_k$ by $g_\beta(\log q_k)$ in the log-ratio rate, i.e.\ using $s_ig_\beta(\log q_i)-s_jg_\beta(\log q_j)-\varepsilon\log(q_i/q_j)$ (the term $\varepsilon(H(w_i)-H(w_j))$ dropped), errs from the exact $\frac{d}{dt}\log(q_i/q_j)$ (from the full drift) by at most $c\,c_{\max}(\sigma_i+\sigma_j+H(w_i)+H(w_j))+c_\varepsilon\varepsilon(H(w_i)+H(w_j))$, $c=c_\varepsilon=1$; every ordered pair of sign-pure lumps, $p\in\Delta_\delta$, $\beta\in[10^{-3},10]$, $\ell_0\in[-12,1]$, $\varepsilon\in\{0\}\cup[10^{-6},10]$, every $S$)")
      .constant("c", 1.0, Role::upper, "coefficient of c_max")
      .constant("c_eps", 1.0, Role::upper, "coefficient of eps (H_i + H_j)")
      .over(op3_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return closure_error(a, k, false); });
}
DCRV_CLAIM(claim_op3_closure_error_keeps) {
  return forall("G.op3-closure-error~keeps-entropy-term", Kind::bound)
      .skips("partitions with a single lump have no pair of lumps to compare")
      .where("App. G §Open problems, OP3 (closure error)")
      .reading("the closed rate keeps eps (H(w_i) - H(w_j))")
      .statement(
          R"(As G.op3-closure-error with the closed rate $s_ig_\beta(\log q_i)-s_jg_\beta(\log q_j)-\varepsilon\log(q_i/q_j)+\varepsilon(H(w_i)-H(w_j))$: the error is at most $c\,c_{\max}(\sigma_i+\sigma_j+H(w_i)+H(w_j))+c_\varepsilon\varepsilon(H(w_i)+H(w_j))$, $c=c_\varepsilon=1$)")
      .constant("c", 1.0, Role::upper, "coefficient of c_max")
      .constant("c_eps", 1.0, Role::upper, "coefficient of eps (H_i + H_j)")
      .over(op3_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return closure_error(a, k, true); });
}

} // namespace
} // namespace dcrv
