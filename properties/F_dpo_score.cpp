// Appendix F — DPO through the SRCT lens, part a: the single-site map g_β, the centred field φ, its size and
// Lipschitz bounds, the entropy map and the drift (appendix_F_aistats.tex, §§ "Setting and single-site map"
// to "DPO–SRCT ODE, mass conservation, and positivity", and the "Numerical note").
//
// Notation as in the paper (dcrv/scores/dpo.hpp): labels s_i = ±1, g_β(ℓ) = 1 − σ(β(ℓ−ℓ₀)), f_i(s) = s_i
// g_β(log s), φ_i(p) = f_i(p_i) − Σ_j p_j f_j(p_j), M_γ = g_β(log δ), L_f = β/(4δ), L_φ = K M_γ + (√K+1) L_f,
// Λ = 1 + log(1/δ), C_log = (2Λ−1) + √K Λ, E(p) = p ⊙ (log p − ⟨log p⟩), F(p) = p ⊙ φ(p) − ε E(p). K = S (the
// dimension).
//
// Inputs used throughout: labels from a vector field "s" (s_i = +1 where the entry is ≥ 0), β ∈ [10⁻³, 10³]
// (log-uniform), ℓ₀ ∈ [−40, 20], floor δ = u/K with u ∈ [10⁻³⁰, 1) (log-uniform, so δ covers (0, 1/K)),
// points of the trimmed simplex Δ_δ as δ + (1 − Kδ) q for q in the closed simplex (so vertices and faces of
// Δ_δ are edges).
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/numdiff.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/dpo.hpp"
#include "properties/domains/dpo_sample.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {

using namespace dpo_domain;

// ---------------------------------------------------------------------------------------------------------
// Helpers: decoding the model and the trimmed simplex from a sample; derivatives by finite differences.
// ---------------------------------------------------------------------------------------------------------

/// A point δ + (1 − Kδ) q of the trimmed simplex Δ_δ, with its logarithms.
template <class T> std::pair<Vec<T>, Vec<T>> trimmed(const Args<T>& a, const char* q, const T& delta) {
  const Vec<T> p = trim(a.simplex(q), delta);
  return {p, log_of(p)};
}
/// The model of a sample at its point p = δ + (1 − Kδ)q of Δ_δ (δ = u/K, q the weights "q"), with log p:
/// `const auto [m, delta, p, lp] = trimmed_sample(a);`.
template <class T> struct TrimmedSample {
  DpoModel<T> m;
  T delta;
  Vec<T> p, lp;
};
template <class T> TrimmedSample<T> trimmed_sample(const Args<T>& a) {
  const T delta = floor_of(a);
  auto [p, lp] = trimmed(a, "q", delta);
  return {model_of(a), delta, std::move(p), std::move(lp)};
}

/// The model on Δ_δ plus a second point q2 and a mixing weight t (pairs p, (1−t)p + t p₂: near pairs for
/// small t).
Domain pair_model_domain() {
  return trimmed_model_domain().simplex("q2", true).real("t", 1e-9, 1.0, true);
}

/// A pair p, p′ = (1−t)p + t p₂ of Δ_δ for the Lipschitz claims, with the difference p − p′ = t(1 − Kδ)(q −
/// q₂) computed from the simplex weights (no cancellation). `resolved` is false where ‖p − p′‖ is so small
/// that the difference of function values would be dominated by rounding (then the sample is skipped).
template <class T> struct SamplePair {
  Vec<T> p, p2, diff;
  bool resolved;
};
template <class T> SamplePair<T> sample_pair(const Args<T>& a, const T& delta) {
  const T t = a.real("t");
  const Vec<T> q = a.simplex("q"), q2 = a.simplex("q2");
  const T free = T(1) - T(a.S()) * delta;
  const Vec<T> p = trim(q, delta);
  const Vec<T> p2 = (T(1) - t) * p + t * trim(q2, delta);
  const Vec<T> diff = (t * free) * (q - q2);
  const T resolution = T(1e6) * pow(T(10), T(-scalar_digits<T>()));
  return {p, p2, diff, bool(norm_inf(diff) > resolution)};
}

/// A Lipschitz check over the pair of a sample: skips pairs below the resolution, else check(pair, ‖p −
/// p′‖₂).
template <class T, class Check> Ineq<T> with_resolved_pair(const Args<T>& a, const T& delta, Check check) {
  const SamplePair<T> pr = sample_pair(a, delta);
  if (!pr.resolved)
    return skip<T>();
  return check(pr, scaled_norm2(pr.diff));
}

/// The configuration that makes the size bounds of lem:size nearly tight: g ≈ 1 everywhere (ℓ₀ ≫ 0), one
/// coordinate of one class holding almost all mass, the others of the other class at the floor.
std::vector<Assign> size_extremal_points(int S) {
  std::vector<Assign> out;
  for (double first : {-1.0, 1.0})
    for (double u : {1e-6, 1e-12})
      out.push_back({{"s", one_against_rest(S, first)},
                     {"q", vertex(S, 0)},
                     {"u", {u}},
                     {"beta", {1.0}},
                     {"ell0", {20.0}}});
  return out;
}

/// The Jacobian of a map V(p, log p) on the positive orthant, by central differences along relative steps
/// p_k ↦ p_k(1 + t): column k of the result is p_k ∂V/∂p_k (columns scaled by p_k, so masses near 0 keep
/// their relative accuracy). `h` is the relative step.
template <class T, class Map>
Mat<T> scaled_fd_jacobian(const Map& v, const Vec<T>& p, const Vec<T>& log_p, const T& h) {
  const Eigen::Index K = p.size();
  Mat<T> jac(K, K);
  for (Eigen::Index k = 0; k < K; ++k) {
    const auto shifted = [&](const T& t) {
      Vec<T> q = p, lq = log_p;
      q(k) = p(k) * (T(1) + t);
      lq(k) = log_p(k) + log1p(t);
      return Vec<T>(v(q, lq));
    };
    jac.col(k) = central_difference<T>(shifted, h);
  }
  return jac;
}
/// Multiplies column k by p_k (the scaling of scaled_fd_jacobian).
template <class T> Mat<T> scale_columns(Mat<T> m, const Vec<T>& p) {
  for (Eigen::Index k = 0; k < p.size(); ++k)
    m.col(k) *= p(k);
  return m;
}

/// Pairs where the Lipschitz bounds are nearly attained: (i) β → 0 (g ≈ ½ constant, L_f ≈ 0) with balanced
/// labels s ∈ T and p − p′ ∥ s, where ‖φ(p) − φ(p′)‖₂ = √K |fᵀ(p − p′)| = K M_γ ‖p − p′‖₂ (lem:Lphi) and the
/// ‖·‖_∞/‖·‖₁ form of lem:mixed is attained; (ii) K = 2, β → 0, near a vertex of Δ_δ, where the product p ⊙
/// φ(p) has the largest slope relative to 2M_γ + L_φ.
std::vector<Assign> field_lipschitz_points(int S) {
  std::vector<double> s(S, 1.0), q(S, 0.0), q2(S, 0.0);
  for (int i = 0; i + 1 < S; i += 2) { // pairs (+, −); for odd S the last coordinate stays out of p − p′
    s[i + 1] = -1;
    q[i] = 1;
    q2[i + 1] = 1;
  }
  std::vector<Assign> out;
  // δ close to 1/K keeps L_f = β/(4δ) ≈ Kβ/4 negligible against K M_γ
  for (double t : {1.0, 1e-4})
    out.push_back(
        {{"s", s}, {"q", q}, {"q2", q2}, {"t", {t}}, {"u", {0.999}}, {"beta", {1e-3}}, {"ell0", {0.0}}});
  std::vector<double> s2 = one_against_rest(S, -1.0);
  out.push_back({{"s", s2},
                 {"q", vertex(S, 1)},
                 {"q2", vertex(S, 0)},
                 {"t", {1e-6}},
                 {"u", {1e-3}},
                 {"beta", {1e-6}},
                 {"ell0", {0.0}}});
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// § Setting and single-site map.
// ---------------------------------------------------------------------------------------------------------

// App. F, "Setting and single-site map": g_β ∈ C^∞(ℝ), 0 < g_β < 1, strictly decreasing.
DCRV_CLAIM(g_properties) {
  return forall("F.g-properties", Kind::structural)
      .statement(
          R"(g_\beta(\ell)=1-\sigma(\beta(\ell-\ell_0))$ satisfies $0<g_\beta(\ell)<1$ and is strictly decreasing, checked quantitatively: $g_\beta(\ell_1)-g_\beta(\ell_2)\ge(\ell_2-\ell_1)\min_{[\ell_1,\ell_2]}(-g_\beta')>0$ for $\ell_1<\ell_2$ (mean-value form; $g_\beta$ and $1-g_\beta$ evaluated without cancellation), over $\beta\in[10^{-3},10^3]$, $\ell_0\in[-40,20]$, $\ell_1\in[-80,40]$, $\ell_2-\ell_1\in[10^{-8},50]$. Smoothness ($g_\beta$ is a composition of $\exp$ and a rational function without poles) is not checked numerically)")
      .over(Domain()
                .dims(2, 2)
                .real("beta", 1e-3, 1e3, true)
                .real("ell0", -40.0, 20.0)
                .real("ell1", -80.0, 40.0)
                .real("gap", 1e-8, 50.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        DpoModel<T> m = scalar_model(a);
        const T l1 = a.real("ell1"), l2 = l1 + a.real("gap");
        const T g1 = m.g(l1), g2 = m.g(l2);
        Ineq<T> r = lt<T>(T(0), g2);                           // g > 0
        r = worst(r, lt<T>(T(0), m.one_minus_g(l1)));          // g < 1
        const T slope_floor = (l2 - l1) * m.slope_inf(l1, l2); // > 0: −g′ > 0 everywhere
        r = worst(r, lt<T>(T(0), slope_floor));
        return worst(r, ge<T>(T(g1 - g2), slope_floor, g1));
      });
}

// App. F, display for g_β′: g_β′(ℓ) = −(β/4) sech²(β(ℓ−ℓ₀)/2) ∈ [−β/4, 0).
DCRV_CLAIM(g_derivative) {
  return forall("F.g-derivative", Kind::identity)
      .statement(
          R"(g_\beta'(\ell)=-c\,\beta\,\operatorname{sech}^2\!\big(\beta(\ell-\ell_0)/2\big)$ with $c=\tfrac14$, and $-c\beta\le g_\beta'(\ell)<0$, for $\beta\in[10^{-3},10^3]$, $\ell_0\in[-40,20]$, $\ell=\ell_0+x/\beta$ with $x\in[-300,300]$ (incl.\ $\ell=\ell_0$). The left side is a 6th-order central difference of $g_\beta$ (of $1-g_\beta$ where $g_\beta>\tfrac12$), step $\varepsilon^{1/7}/\beta$)")
      .constant("c", 0.25, Role::exact, "coefficient of beta sech^2(beta(l - l0)/2)")
      .over(Domain()
                .dims(2, 2)
                .real("beta", 1e-3, 1e3, true)
                .real("ell0", -40.0, 20.0)
                .real("x", -300.0, 300.0)
                .points([](int) {
                  return std::vector<Assign>{{{"x", {0.0}}}, {{"x", {1e-6}}}, {{"x", {-2.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        const T ell = m.ell0 + a.real("x") / m.beta;
        const bool upper_half = a.real("x") < 0; // g > 1/2: differentiate 1 − g instead
        const T fd = g_slope_fd(
            m, [&](const T& t) { return T(ell + t); }, upper_half, T(central_difference_step<T>() / m.beta));
        const T c = cosh(T(m.beta * (ell - m.ell0) / 2));
        const T formula = -k("c") * m.beta / (c * c);
        return worst(worst(eq<T>(fd, formula), ge<T>(formula, T(-k("c") * m.beta))), lt<T>(formula, T(0)));
      });
}

// App. F, definition of φ ("By construction, Σ_i p_i φ_i(p) = 0").
DCRV_CLAIM(phi_centered) {
  return forall("F.phi-centered", Kind::identity)
      .statement(
          R"(\sum_ip_i\phi_i(p)=0$ for every $p\in\operatorname{ri}\Delta^{K-1}$ (masses down to $10^{-40}$), all labels $s\in\{\pm1\}^K$, $\beta\in[10^{-3},10^3]$, $\ell_0\in[-40,20]$, $K=2,\dots,K_{\max}$ (residual relative to $\sum_ip_i|\gamma_i(p_i)|$))")
      .over(model_domain().simplex("p"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a);
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const Vec<T> raw = m.raw_scores(lp);
        return eq<T>(p.dot(m.field(p, lp)), T(0), p.dot(Vec<T>(raw.cwiseAbs())));
      });
}

// App. F, definition of M_{γ,∞}: sup_{u∈[δ,1]} g_β(log u) = g_β(log δ) ∈ (0, 1).
DCRV_CLAIM(mgamma_sup) {
  return forall("F.mgamma-sup", Kind::identity)
      .statement(
          R"(\sup_{v\in[\delta,1]}g_\beta(\log v)=g_\beta(\log\delta)\in(0,1)$: the value at $v=\delta$ bounds $g_\beta(\log v)$ for every $v=\delta^{1-w}$, $w\in[0,1]$ (so the sup is attained at $v=\delta$), and $0<g_\beta(\log\delta)<1$; $\delta=u/K\in(0,1/K)$)")
      .over(model_domain().real("u", 1e-30, kUMax, true).real("w", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a);
        const T delta = floor_of(a), log_v = (T(1) - a.real("w")) * log(delta);
        const T mg = m.m_gamma(delta);
        return worst(le<T>(m.g(log_v), mg),
                     worst(lt<T>(T(0), mg), lt<T>(T(0), m.one_minus_g(T(log(delta))))));
      });
}

// ---------------------------------------------------------------------------------------------------------
// § Uniform size and Lipschitz bounds for the DPO score.
// ---------------------------------------------------------------------------------------------------------

// App. F, Lemma lem:size (first bound): ‖φ(p)‖_∞ ≤ 2 M_γ on Δ_δ.
DCRV_CLAIM(size_linf) {
  return forall("F.size-linf", Kind::bound)
      .statement(
          R"(\|\phi(p)\|_\infty\le c\,M_{\gamma,\infty}$, $M_{\gamma,\infty}=g_\beta(\log\delta)$, $c=2$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, all labels, $\beta$, $\ell_0$, every $K$)")
      .constant("c", 2.0, Role::upper, "coefficient of M_gamma")
      .over(trimmed_model_domain().points(size_extremal_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [m, delta, p, lp] = trimmed_sample(a);
        return le<T>(norm_inf<T>(m.field(p, lp)), k("c") * m.m_gamma(delta));
      });
}

// App. F, Lemma lem:size (second bound): ‖φ(p)‖₂ ≤ 2 M_γ √K on Δ_δ.
DCRV_CLAIM(size_l2) {
  return forall("F.size-l2", Kind::bound)
      .statement(
          R"(\|\phi(p)\|_2\le c\,M_{\gamma,\infty}K^{e}$ with $c=2$, $e=\tfrac12$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, all labels, $\beta$, $\ell_0$, every $K$)")
      .constant("c", 2.0, Role::upper, "coefficient of M_gamma sqrt(K)")
      .constant("e", 0.5, Role::upper, "exponent of K (sqrt K)")
      .over(trimmed_model_domain().points(size_extremal_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [m, delta, p, lp] = trimmed_sample(a);
        return le<T>(scaled_norm2<T>(m.field(p, lp)), k("c") * m.m_gamma(delta) * pow(T(a.S()), k("e")));
      });
}

// App. F, Lemma lem:Lf: |f_i′(s)| = |g′(log s)|/s ≤ c_max/δ ≤ β/(4δ) = L_f on [δ, 1], c_max = sup_{[log δ,
// 0]}(−g′).
DCRV_CLAIM(lf_bound) {
  return forall("F.lf-bound", Kind::bound)
      .statement(
          R"(|f_i'(v)|=|g_\beta'(\log v)|/v\le c_{\max}/\delta\le c\,\beta/\delta=L_f$ for $v\in[\delta,1]$, with the lemma's $c_{\max}=\sup_{\ell\in[\log\delta,0]}(-g_\beta'(\ell))$ and $c=\tfrac14$; $f_i'$ is compared with a central difference of $f_i(v)=s_ig_\beta(\log v)$ ($v=\delta^{1-w}$, $w\in[0,1]$; $\delta\in(0,\tfrac12)$))")
      .constant("c", 0.25, Role::upper, "L_f = c beta / delta")
      .over(Domain()
                .dims(2, 2)
                .real("beta", 1e-3, 1e3, true)
                .real("ell0", -40.0, 20.0)
                .real("u", 1e-30, kUMax, true)
                .real("w", 0.0, 1.0)
                .points([](int) {
                  // ℓ₀ = log δ: the sup −g′ = β/4 is attained at v = δ.
                  return std::vector<Assign>{
                      {{"u", {0.02}}, {"w", {0.0}}, {"ell0", {std::log(0.01)}}, {"beta", {3.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        const T delta = a.real("u") / T(2);
        const T log_v = (T(1) - a.real("w")) * log(delta), v = exp(log_v);
        const T derivative = -m.g_prime(log_v) / v;
        // independent evaluation: d/dv g(log v) along a relative step v(1+t)
        // where g > 1/2 differentiate −(1 − g), so that the difference is not lost against g ≈ 1
        const T fd = -g_slope_fd(
                         m, [&](const T& t) { return T(log_v + log1p(t)); }, log_v < m.ell0,
                         T(central_difference_step<T>() / (T(1) + m.beta))) /
                     v;
        const T cmax = m.c_max_lemma(delta);
        Ineq<T> r = eq<T>(fd, derivative);
        r = worst(r, le<T>(derivative, cmax / delta));
        return worst(r, le<T>(cmax / delta, k("c") * m.beta / delta));
      });
}

// Reading: c_max taken from the later Definition "Sharp thresholds", sup over [log δ, log(1 − (K−1)δ)].
DCRV_CLAIM(lf_bound_definition_cmax) {
  return forall("F.lf-bound~definition-cmax", Kind::bound)
      .where("App. F, Lemma lem:Lf (c_max read as in the Definition \"Sharp thresholds\")")
      .reading("c_max as in the Definition 'Sharp thresholds' (sup over [log delta, log(1-(K-1)delta)]), "
               "with v over [delta, 1] as in the lemma")
      .statement(
          R"(|g_\beta'(\log v)|/v\le c_{\max}/\delta$ for all $v\in[\delta,1]$, with $c_{\max}=\sup_{\ell\in[\log\delta,\log(1-(K-1)\delta)]}(-g_\beta'(\ell))$ (the Definition's trimmed version) and $\delta=u/K\in(0,1/K)$, $v=\delta^{1-w}$, every $K$)")
      .over(scalar_floor_domain().real("w", 0.0, 1.0).points([](int S) {
        // ℓ₀ = 0 just above log(1 − (K−1)δ): −g′ peaks at v = 1, outside [δ, 1 − (K−1)δ].
        (void)S;
        return std::vector<Assign>{{{"u", {0.24}}, {"w", {1.0}}, {"ell0", {0.0}}, {"beta", {50.0}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        DpoModel<T> m = scalar_model(a);
        m.labels.assign(a.S(), 1);
        const T delta = floor_of(a);
        const T log_v = (T(1) - a.real("w")) * log(delta), v = exp(log_v);
        return le<T>(T(-m.g_prime(log_v) / v), T(m.c_max_trimmed(delta) / delta));
      });
}

// App. F, Lemma lem:Lf (last sentence): ℓ₀ ∉ [log δ, 0] ⇒ c_max < β/4.
DCRV_CLAIM(lf_strict) {
  return forall("F.lf-strict", Kind::bound)
      .statement(
          R"(c_{\max}=\sup_{\ell\in[\log\delta,0]}(-g_\beta'(\ell))<c\,\beta$, $c=\tfrac14$, whenever $\ell_0\notin[\log\delta,0]$: $\ell_0=d$ or $\ell_0=\log\delta-d$ with $d\in[10^{-6},40]$, $\delta\in(0,\tfrac12)$, $\beta\in[10^{-3},10^3]$ (strict: a violation when $c_{\max}\ge c\beta$))")
      .constant("c", 0.25, Role::upper, "c_max < c beta")
      .over(Domain()
                .dims(2, 2)
                .real("beta", 1e-3, 1e3, true)
                .real("u", 1e-30, kUMax, true)
                .real("d", 1e-6, 40.0, true)
                .index("side"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m;
        m.beta = a.real("beta");
        const T delta = a.real("u") / T(2);
        m.ell0 = a.index("side") == 0 ? a.real("d") : T(log(delta) - a.real("d"));
        return lt<T>(m.c_max_lemma(delta), k("c") * m.beta);
      });
}

// App. F, Lemma lem:Lphi (proof): J_φ(p) = diag(f′(p)) − 1 (f(p) + p ⊙ f′(p))ᵀ on the positive orthant.
DCRV_CLAIM(jphi_formula) {
  return forall("F.jphi-formula", Kind::identity)
      .statement(
          R"(\partial\phi_i/\partial p_k=\delta_{ik}f_k'(p_k)-\big(f_k(p_k)+p_kf_k'(p_k)\big)$, i.e.\ $J_\phi(p)=\operatorname{diag}(f'(p))-\mathbf 1(f(p)+p\odot f'(p))^\top$, for $\phi(p)=f(p)-\mathbf 1\,p^\top f(p)$ on the positive orthant ($p=\lambda\hat p$, $\hat p\in\operatorname{ri}\Delta$, $\lambda\in[0.1,10]$); the left side is a 6th-order central difference along relative steps $p_k(1+t)$, compared column by column after multiplication by $p_k$)")
      .over(model_domain().simplex("p").real("scale", 0.1, 10.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a);
        const Vec<T> p = a.simplex("p") * a.real("scale");
        const Vec<T> lp = log_of(p);
        const auto phi = [&m](const Vec<T>& q, const Vec<T>& lq) { return m.field(q, lq); };
        const Mat<T> fd =
            scaled_fd_jacobian<T>(phi, p, lp, T(central_difference_step<T>() / (T(1) + m.beta)));
        const Mat<T> formula = scale_columns<T>(m.field_jacobian(p, lp), p);
        return eq<T>(fd, formula, T(1) + m.beta);
      });
}

// App. F, Lemma lem:Lphi (proof): ‖f(p)‖₂ ≤ √K M_γ on Δ_δ.
DCRV_CLAIM(jphi_piece_f) {
  return forall("F.jphi-piece-f", Kind::bound)
      .statement(
          R"(\|f(p)\|_2\le K^{e}M_{\gamma,\infty}$, $e=\tfrac12$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, all labels, $\beta$, $\ell_0$, every $K$)")
      .constant("e", 0.5, Role::upper, "exponent of K (sqrt K)")
      .over(trimmed_model_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [m, delta, p, lp] = trimmed_sample(a);
        return le<T>(scaled_norm2<T>(m.raw_scores(lp)), pow(T(a.S()), k("e")) * m.m_gamma(delta));
      });
}

// App. F, Lemma lem:Lphi (proof): ‖p ⊙ f′(p)‖₂ ≤ L_f on Δ_δ.
DCRV_CLAIM(jphi_piece_pfp) {
  return forall("F.jphi-piece-pfp", Kind::bound)
      .statement(
          R"(\|p\odot f'(p)\|_2\le L_f=c\,\beta/\delta$, $c=\tfrac14$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, all labels, $\beta$, $\ell_0$, every $K$)")
      .constant("c", 0.25, Role::upper, "L_f = c beta / delta")
      .over(trimmed_model_domain().points([](int S) {
        // uniform p at δ → 1/K with ℓ₀ = log(1/K): ‖g′‖₂ = √K β/4 while L_f → Kβ/4.
        return std::vector<Assign>{
            {{"q", std::vector<double>(S, 1.0)}, {"u", {kUMax}}, {"ell0", {-std::log(double(S))}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [m, delta, p, lp] = trimmed_sample(a);
        return le<T>(scaled_norm2<T>(Vec<T>(p.cwiseProduct(m.raw_score_derivatives(p, lp)))),
                     k("c") * m.beta / delta);
      });
}

// App. F, Lemma lem:Lphi (proof): ‖diag(f′(p))‖_{2→2} ≤ L_f on Δ_δ.
DCRV_CLAIM(jphi_piece_diag) {
  return forall("F.jphi-piece-diag", Kind::bound)
      .statement(
          R"(\|\operatorname{diag}(f'(p))\|_{2\to2}=\max_i|f_i'(p_i)|\le L_f=c\,\beta/\delta$, $c=\tfrac14$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, all labels, $\beta$, $\ell_0$, every $K$)")
      .constant("c", 0.25, Role::upper, "L_f = c beta / delta")
      .over(trimmed_model_domain().points([](int S) {
        // p_i = δ at ℓ₀ = log δ: |f′_i| = (β/4)/δ exactly.
        const double u = 0.01, delta = u / S;
        return std::vector<Assign>{{{"q", vertex(S, 0)}, {"u", {u}}, {"ell0", {std::log(delta)}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [m, delta, p, lp] = trimmed_sample(a);
        return le<T>(norm_inf<T>(m.raw_score_derivatives(p, lp)), k("c") * m.beta / delta);
      });
}

// App. F, Lemma lem:Lphi (proof): ‖J_φ(p)‖_{2→2} ≤ L_f + √K(‖f‖₂ + ‖p⊙f′‖₂) ≤ K M_γ + (√K+1) L_f = L_φ.
DCRV_CLAIM(jphi_opnorm) {
  return forall("F.jphi-opnorm", Kind::bound)
      .statement(
          R"(\|J_\phi(p)\|_{2\to2}\le L_f+\sqrt K\big(\|f(p)\|_2+\|p\odot f'(p)\|_2\big)\le c\,L_\phi$, $L_\phi=K M_{\gamma,\infty}+(\sqrt K+1)L_f$, $c=1$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, all labels, $\beta$, $\ell_0$, every $K$; $\|J_\phi\|_{2\to2}$ is the largest singular value of the closed-form Jacobian)")
      .constant("c", 1.0, Role::upper, "multiplier of L_phi")
      .over(trimmed_model_domain().points([](int S) {
        std::vector<Assign> out;
        for (double u : {kUMax, 0.5, 0.01}) {
          const double delta = u / S;
          out.push_back({{"q", vertex(S, 0)}, {"u", {u}}, {"ell0", {std::log(delta)}}, {"beta", {1e3}}});
          out.push_back({{"q", std::vector<double>(S, 1.0)},
                         {"u", {u}},
                         {"ell0", {std::log(1.0 / S)}},
                         {"beta", {1e3}}});
        }
        return out;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [m, delta, p, lp] = trimmed_sample(a);
        const T K = T(a.S());
        const T opnorm = spectral_norm<T>(m.field_jacobian(p, lp));
        const T middle = m.lipschitz_single_site(delta) +
                         sqrt(K) * (scaled_norm2<T>(m.raw_scores(lp)) +
                                    scaled_norm2<T>(Vec<T>(p.cwiseProduct(m.raw_score_derivatives(p, lp)))));
        return worst(le<T>(opnorm, middle), le<T>(middle, k("c") * m.lipschitz_field(delta)));
      });
}

// App. F, Lemma lem:Lphi: ‖φ(p) − φ(q)‖₂ ≤ L_φ ‖p − q‖₂ on Δ_δ.
DCRV_CLAIM(lphi_l2) {
  return forall("F.lphi-l2", Kind::bound)
      .skips("pairs p, p' closer than the resolution (1e6 ulps) give no difference quotient")
      .statement(
          R"(\|\phi(p)-\phi(p')\|_2\le c\,L_\phi\|p-p'\|_2$, $L_\phi=K M_{\gamma,\infty}+(\sqrt K+1)\beta/(4\delta)$, $c=1$, for all $p,p'\in\Delta^{K-1}_\delta$ (far and near pairs, $p'=(1-t)p+t\,p_2$, $t\in[10^{-9},1]$; pairs with $\|p-p'\|_\infty$ below $10^6$ units of the working precision are skipped), all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 1.0, Role::upper, "multiplier of L_phi")
      .over(pair_model_domain().points(field_lipschitz_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const DpoModel<T> m = model_of(a);
        const T delta = floor_of(a);
        return with_resolved_pair<T>(a, delta, [&](const SamplePair<T>& pr, const T& dist) {
          return le<T>(scaled_norm2<T>(Vec<T>(m.field(pr.p) - m.field(pr.p2))),
                       k("c") * m.lipschitz_field(delta) * dist);
        });
      });
}

// App. F, Lemma lem:mixed: ‖φ(p) − φ(q)‖_∞ ≤ L_f ‖p − q‖_∞ + (M_γ + L_f) ‖p − q‖₁ on Δ_δ.
DCRV_CLAIM(mixed_linf_l1) {
  return forall("F.mixed-linf-l1", Kind::bound)
      .skips("pairs p, p' closer than the resolution (1e6 ulps) give no difference quotient")
      .statement(
          R"(\|\phi(p)-\phi(p')\|_\infty\le a\,L_f\|p-p'\|_\infty+(b\,M_{\gamma,\infty}+a\,L_f)\|p-p'\|_1$ with $a=b=1$, $L_f=\beta/(4\delta)$, for all $p,p'\in\Delta^{K-1}_\delta$ (far and near pairs, $p'=(1-t)p+t\,p_2$, $t\in[10^{-9},1]$; pairs with $\|p-p'\|_\infty$ below $10^6$ units of the working precision are skipped, their value differences being rounding), all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("a", 1.0, Role::upper, "multiplier of L_f")
      .constant("b", 1.0, Role::upper, "multiplier of M_gamma")
      .over(pair_model_domain().points(field_lipschitz_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const DpoModel<T> m = model_of(a);
        const T delta = floor_of(a);
        return with_resolved_pair<T>(a, delta, [&](const SamplePair<T>& pr, const T&) {
          const T lf = k("a") * m.lipschitz_single_site(delta);
          return le<T>(norm_inf<T>(Vec<T>(m.field(pr.p) - m.field(pr.p2))),
                       lf * norm_inf(pr.diff) + (k("b") * m.m_gamma(delta) + lf) * norm1(pr.diff));
        });
      });
}

// ---------------------------------------------------------------------------------------------------------
// § Entropy map and drift Lipschitzness.
// ---------------------------------------------------------------------------------------------------------

// App. F, Lemma lem:EntropyLip (proof): J_E(p) v = diag(1 + log p − ⟨log p⟩) v − p ⟨1 + log p, v⟩.
DCRV_CLAIM(e_jacobian) {
  return forall("F.e-jacobian", Kind::identity)
      .statement(
          R"(J_E(p)v=\operatorname{diag}(1+\log p-\langle\log p\rangle)v-p\,\langle\mathbf 1+\log p,v\rangle$ for $E(p)=p\odot(\log p-\langle\log p\rangle\mathbf 1)$, $\langle\log p\rangle=\sum_jp_j\log p_j$, on the positive orthant ($p=\lambda\hat p$, $\hat p\in\operatorname{ri}\Delta$, $\lambda\in[0.1,10]$), every $v\in\mathbb R^K$; checked as the matrix identity against a 6th-order central difference of $E$ along relative steps (columns multiplied by $p_k$), and on $v$)")
      .over(Domain().dims(2).simplex("p").real("scale", 0.1, 10.0, true).vector("v"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p") * a.real("scale");
        const Vec<T> lp = log_of(p), v = a.vec("v");
        const auto emap = [](const Vec<T>& q, const Vec<T>& lq) {
          const T mean = q.dot(lq);
          return Vec<T>(q.cwiseProduct(Vec<T>((lq.array() - mean).matrix())));
        };
        const Mat<T> fd = scaled_fd_jacobian<T>(emap, p, lp, central_difference_step<T>());
        const Mat<T> formula = entropy_map_jacobian<T>(p, lp);
        const T mag = T(1) + norm_inf(lp);
        // the displayed action on v, as written (diag part minus rank-one part)
        const T mean = p.dot(lp);
        const Vec<T> action = Vec<T>((lp.array() + T(1) - mean).matrix()).cwiseProduct(v) -
                              p * Vec<T>((lp.array() + T(1)).matrix()).dot(v);
        return worst(eq<T>(fd, scale_columns<T>(formula, p), mag),
                     eq<T>(Vec<T>(formula * v), action, mag * norm1(v)));
      });
}

// App. F, lem:EntropyLip (proof): ‖diag(1 + log p − ⟨log p⟩)‖_{2→2} ≤ 2Λ − 1 on Δ_δ.
DCRV_CLAIM(e_diag_norm) {
  return forall("F.e-diag-norm", Kind::bound)
      .statement(
          R"(\max_i|1+\log p_i-\langle\log p\rangle|\le a\Lambda-b$, $\Lambda=1+\log(1/\delta)$, $a=2$, $b=1$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, every $K$)")
      .constant("a", 2.0, Role::upper, "coefficient of Lambda")
      .constant("b", 1.0, Role::lower, "subtracted constant")
      .over(Domain().dims(2).simplex("q", true).real("u", 1e-30, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = floor_of(a);
        const auto [p, lp] = trimmed(a, "q", delta);
        const T mean = p.dot(lp);
        return le<T>(norm_inf<T>(Vec<T>((lp.array() + T(1) - mean).matrix())),
                     k("a") * entropy_lambda(delta) - k("b"));
      });
}

// App. F, lem:EntropyLip (proof): ‖p ⟨1 + log p, ·⟩‖_{2→2} ≤ ‖p‖₂ ‖1 + log p‖₂ ≤ √K Λ on Δ_δ.
DCRV_CLAIM(e_rank1_norm) {
  return forall("F.e-rank1-norm", Kind::bound)
      .statement(
          R"(\|p\,(\mathbf 1+\log p)^\top\|_{2\to2}\le\|p\|_2\|\mathbf 1+\log p\|_2\le K^{e}\Lambda$, $e=\tfrac12$, $\Lambda=1+\log(1/\delta)$, for all $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, every $K$ (operator norm as the largest singular value of the rank-one matrix))")
      .constant("e", 0.5, Role::upper, "exponent of K (sqrt K)")
      .over(Domain().dims(2).simplex("q", true).real("u", 1e-30, kUMax, true).points([](int S) {
        return std::vector<Assign>{{{"q", vertex(S, 0)}, {"u", {1e-30}}}}; // vertex of Δ_δ, δ tiny
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = floor_of(a);
        const auto [p, lp] = trimmed(a, "q", delta);
        const Vec<T> w = (lp.array() + T(1)).matrix();
        const T product = scaled_norm2<T>(p) * scaled_norm2<T>(w);
        const T opnorm = spectral_norm<T>(Mat<T>(p * w.transpose()));
        return worst(le<T>(opnorm, product), le<T>(product, pow(T(a.S()), k("e")) * entropy_lambda(delta)));
      });
}

// App. F, Lemma lem:EntropyLip: ‖E(p) − E(q)‖₂ ≤ C_log ‖p − q‖₂ on Δ_δ.
DCRV_CLAIM(e_lip) {
  return forall("F.e-lip", Kind::bound)
      .statement(
          R"(\|E(p)-E(p')\|_2\le c\,C_{\log}\|p-p'\|_2$, $C_{\log}=(2\Lambda-1)+\sqrt K\Lambda$, $c=1$, for all $p,p'\in\Delta^{K-1}_\delta$ (far and near pairs, $p'=(1-t)p+t\,p_2$, $t\in[10^{-9},1]$; pairs with $\|p-p'\|_\infty$ below $10^6$ units of the working precision are skipped, their value differences being rounding), $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 1.0, Role::upper, "multiplier of C_log")
      .over(Domain()
                .dims(2)
                .simplex("q", true)
                .real("u", 1e-30, kUMax, true)
                .simplex("q2", true)
                .real("t", 1e-9, 1.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = floor_of(a);
        return with_resolved_pair<T>(a, delta, [&](const SamplePair<T>& pr, const T& dist) {
          return le<T>(scaled_norm2<T>(Vec<T>(entropy_drift(pr.p) - entropy_drift(pr.p2))),
                       k("c") * entropy_lipschitz(a.S(), delta) * dist);
        });
      });
}

// App. F, lem:EntropyLip (statement): C_log = (2Λ − 1) + √K Λ ≤ (2 + √K) Λ.
DCRV_CLAIM(clog_le) {
  return forall("F.clog-le", Kind::bound)
      .statement(
          R"(C_{\log}=(2\Lambda-1)+\sqrt K\,\Lambda\le(c+\sqrt K)\Lambda$, $c=2$, for every $K\ge2$ and $\delta=u/K$, $u\in[10^{-300},1)$ ($\Lambda$ up to $\approx 700$))")
      .constant("c", 2.0, Role::upper, "coefficient in (c + sqrt K) Lambda")
      .over(Domain().dims(2).real("u", 1e-300, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = floor_of(a), lam = entropy_lambda(delta);
        return le<T>(entropy_lipschitz(a.S(), delta), (k("c") + sqrt(T(a.S()))) * lam);
      });
}

// App. F, Proposition prop:DriftLip (proof): ‖p⊙φ(p) − q⊙φ(q)‖₂ ≤ (2M_γ + L_φ)‖p − q‖₂.
DCRV_CLAIM(drift_product_step) {
  return forall("F.drift-product-step", Kind::bound)
      .skips("pairs p, p' closer than the resolution (1e6 ulps) give no difference quotient")
      .statement(
          R"(\|p\odot\phi(p)-p'\odot\phi(p')\|_2\le c\,(2M_{\gamma,\infty}+L_\phi)\|p-p'\|_2$, $c=1$, for all $p,p'\in\Delta^{K-1}_\delta$ (far and near pairs, $p'=(1-t)p+t\,p_2$, $t\in[10^{-9},1]$; pairs with $\|p-p'\|_\infty$ below $10^6$ units of the working precision are skipped, their value differences being rounding), all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 1.0, Role::upper, "multiplier of 2 M_gamma + L_phi")
      .over(pair_model_domain().points(field_lipschitz_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const DpoModel<T> m = model_of(a);
        const T delta = floor_of(a);
        return with_resolved_pair<T>(a, delta, [&](const SamplePair<T>& pr, const T& dist) {
          const Vec<T> diff = pr.p.cwiseProduct(m.field(pr.p)) - pr.p2.cwiseProduct(m.field(pr.p2));
          return le<T>(scaled_norm2<T>(diff),
                       k("c") * (T(2) * m.m_gamma(delta) + m.lipschitz_field(delta)) * dist);
        });
      });
}

// App. F, Proposition prop:DriftLip: ‖F(p) − F(q)‖₂ ≤ (L_φ + 2M_γ + ε C_log)‖p − q‖₂.
DCRV_CLAIM(drift_lip) {
  return forall("F.drift-lip", Kind::bound)
      .skips("pairs p, p' closer than the resolution (1e6 ulps) give no difference quotient")
      .statement(
          R"(\|F(p)-F(p')\|_2\le c\,(L_\phi+2M_{\gamma,\infty}+\varepsilon C_{\log})\|p-p'\|_2$, $F(p)=p\odot\phi(p)-\varepsilon E(p)$, $c=1$, for all $p,p'\in\Delta^{K-1}_\delta$ (far and near pairs, $p'=(1-t)p+t\,p_2$, $t\in[10^{-9},1]$; pairs with $\|p-p'\|_\infty$ below $10^6$ units of the working precision are skipped, their value differences being rounding), $\varepsilon\in\{0\}\cup[10^{-4},10^{3}]$, all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 1.0, Role::upper, "multiplier of the Lipschitz constant")
      .over(pair_model_domain().real("eps", 1e-4, 1e3, true).index("eps_zero").points(field_lipschitz_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T eps = a.index("eps_zero") == 0 ? T(0) : a.real("eps");
        const DpoModel<T> m = model_of(a, eps);
        const T delta = floor_of(a);
        return with_resolved_pair<T>(a, delta, [&](const SamplePair<T>& pr, const T& dist) {
          const Vec<T> diff = m.drift(pr.p, log_of(pr.p)) - m.drift(pr.p2, log_of(pr.p2));
          const T lip =
              m.lipschitz_field(delta) + T(2) * m.m_gamma(delta) + eps * entropy_lipschitz(a.S(), delta);
          return le<T>(scaled_norm2<T>(diff), k("c") * lip * dist);
        });
      });
}

// ---------------------------------------------------------------------------------------------------------
// § DPO–SRCT ODE, mass conservation; Numerical note.
// ---------------------------------------------------------------------------------------------------------

// App. F, "DPO–SRCT ODE, mass conservation": Σ_i ṗ_i = 0 (Σ p_i φ_i = 0 and Σ p_i (log p_i − ⟨log p⟩) = 0).
DCRV_CLAIM(mass_conservation) {
  return forall("F.mass-conservation", Kind::identity)
      .statement(
          R"(\sum_i\dot p_i=\sum_ip_i\big[\phi_i(p)-\varepsilon(\log p_i-\langle\log p\rangle)\big]=0$, and separately $\sum_ip_i\phi_i(p)=0$, $\sum_ip_i(\log p_i-\langle\log p\rangle)=0$, for every $p\in\operatorname{ri}\Delta^{K-1}$ (masses down to $10^{-40}$), all labels, $\beta$, $\ell_0$, $\varepsilon\in[0,10^3]$, every $K$ (residuals relative to the sums of absolute terms))")
      .over(model_domain().simplex("p").real("eps", 0.0, 1e3))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a, a.real("eps"));
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const Vec<T> drift = m.drift(p, lp);
        const T mean_log = p.dot(lp);
        const Vec<T> centred_log = (lp.array() - mean_log).matrix();
        // magnitude of the terms of Σ p_i(log p_i − ⟨log p⟩) before cancellation
        const T entropy_scale = p.dot(Vec<T>(lp.cwiseAbs())) + abs(mean_log);
        const T field_scale = p.dot(Vec<T>(m.raw_scores(lp).cwiseAbs()));
        Ineq<T> r = eq<T>(drift.sum(), T(0), T(field_scale + m.eps * entropy_scale + norm1(drift)));
        r = worst(r, eq<T>(p.dot(m.field(p, lp)), T(0), field_scale));
        return worst(r, eq<T>(p.dot(centred_log), T(0), entropy_scale));
      });
}

// App. F, "Numerical note": L_f = Θ(1/δ), C_log = Θ(log(1/δ)) as δ ↓ 0.
DCRV_CLAIM(numerics_scaling) {
  return forall("F.numerics-scaling", Kind::identity)
      .statement(
          R"(\delta\,L_f=\beta/4$ exactly and $C_{\log}=(2+\sqrt K)\log(1/\delta)+(1+\sqrt K)$ exactly, for every $K$, $\beta$ and $\delta=u/K$, $u\in[10^{-300},1)$; hence $L_f=\Theta(1/\delta)$ and $C_{\log}/\log(1/\delta)\to2+\sqrt K$, i.e.\ $C_{\log}=\Theta(\log(1/\delta))$, as $\delta\downarrow0$ with $K$ fixed)")
      .over(Domain().dims(2).real("beta", 1e-3, 1e3, true).real("u", 1e-300, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        DpoModel<T> m;
        m.beta = a.real("beta");
        m.labels.assign(a.S(), 1);
        const T delta = floor_of(a), rootK = sqrt(T(a.S()));
        const T clog = entropy_lipschitz(a.S(), delta);
        const T closed = (T(2) + rootK) * T(-log(delta)) + (T(1) + rootK);
        return worst(eq<T>(delta * m.lipschitz_single_site(delta), m.beta / T(4)), eq<T>(clog, closed));
      });
}

} // namespace
} // namespace dcrv
