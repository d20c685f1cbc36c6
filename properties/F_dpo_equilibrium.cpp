// Appendix F — DPO through the SRCT lens, part c: cross-class envelopes, the static cap and its compatibility
// with BD, the replicator/Lyapunov structure, eventual trimming, the two-level equilibrium (F_×(z), z⋆ and
// its bounds), global convergence and the edge cases (appendix_F_aistats.tex, §§ "Cross-class envelopes …" to
// "Choosing a compatible floor").
//
// Notation (dcrv/scores/dpo.hpp): K = S, labels s_i = ±1 (𝒞 / ℐ, sizes M, N), g_β(ℓ) = 1 − σ(β(ℓ−ℓ₀)),
// z_ij = log(p_i/p_j), cap(δ) = log((1−(K−1)δ)/δ), L_K(δ) the entropy face gap, G_i(s) = s_i g_β(log s) − ε
// log s, Ψ_i(s) = ∫_δ^s G_i, 𝓛 = Σ Ψ_i(p_i), L_ℐ(z) = 1/(N + Meᶻ), L_𝒞 = eᶻ L_ℐ, h(z) = g(log L_𝒞) + g(log
// L_ℐ), F_×(z) = h(z) − εz, z⋆ its root, SC: ε > β/4.
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/numdiff.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/dpo.hpp"
#include "properties/domains/dpo_sample.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {

using namespace dpo_domain;

// ---------------------------------------------------------------------------------------------------------
// Helpers.
// ---------------------------------------------------------------------------------------------------------

/// Labels with s₀ = +1 and s₁ = −1 forced (M, N ≥ 1: a cross-class pair exists), the rest from "s".
template <class T> std::vector<int> mixed_labels(const Args<T>& a) {
  return labels_with_pair(a, 1, -1);
}
/// The model of the SC claims with a cross-class pair: mixed labels, ε = (β/4)(1 + η).
template <class T> DpoModel<T> sc_mixed_model(const Args<T>& a) {
  DpoModel<T> m = model_of(a, sc_eps(a));
  m.labels = mixed_labels(a);
  return m;
}
/// 5-point Gauss–Legendre rule on [0, τ]: ∫₀^τ f ≈ (τ/2) Σ w_k f(τ(1+x_k)/2) (exact for degree ≤ 9).
template <class T, class F> T gauss_legendre5(const F& f, const T& tau) {
  const T r = sqrt(T(10) / T(7));
  const T x1 = sqrt(T(5) - T(2) * r) / T(3), x2 = sqrt(T(5) + T(2) * r) / T(3);
  const T w0 = T(128) / T(225), w1 = (T(322) + T(13) * sqrt(T(70))) / T(900),
          w2 = (T(322) - T(13) * sqrt(T(70))) / T(900);
  const T half = tau / T(2);
  return half * (w0 * f(half) + w1 * (f(T(half * (T(1) - x1))) + f(T(half * (T(1) + x1)))) +
                 w2 * (f(T(half * (T(1) - x2))) + f(T(half * (T(1) + x2)))));
}

// ---------------------------------------------------------------------------------------------------------
// § Cross-class envelopes, trimming sharpenings, and a static cap.
// ---------------------------------------------------------------------------------------------------------

// App. F, "Cross-class envelopes" (first display): ż_ij = g(log p_i) + g(log p_j) − ε z_ij for i ∈ 𝒞, j ∈ ℐ.
DCRV_CLAIM(zij_ode) {
  return forall("F.zij-ode", Kind::identity)
      .statement(
          R"(For $i\in\mathcal C$, $j\in\mathcal I$: $\dot z_{ij}=\dot p_i/p_i-\dot p_j/p_j$ (drift $p\odot\phi-\varepsilon E$) equals $g_\beta(\log p_i)+g_\beta(\log p_j)-\varepsilon z_{ij}$, for all $p\in\operatorname{ri}\Delta$, labels with $M,N\ge1$, $\beta$, $\ell_0$, $\varepsilon\in[0,10^3]$, every $K$)")
      .over(model_domain().simplex("p").real("eps", 0.0, 1e3).index("i").index("j"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int i = a.index("i"), j = a.index("j");
        if (i == j)
          return skip<T>();
        DpoModel<T> m = model_of(a, a.real("eps"));
        m.labels[i] = 1;
        m.labels[j] = -1;
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const LogRatio<T> r = log_ratio_at(m, p, lp, i, j);
        return eq<T>(r.zdot, T(m.g(lp(i)) + m.g(lp(j)) - m.eps * r.z), r.scale);
      });
}

// App. F, "Cross-class envelopes": g_β(0) ≤ g_β(log p_x) < 1 for p_x ∈ (0, 1].
DCRV_CLAIM(g_log_range) {
  return forall("F.g-log-range", Kind::bound)
      .statement(
          R"(g_\beta(0)\le g_\beta(\log v)<1$ for every $v=e^{-w}\in(0,1]$, $w\in\{0\}\cup[10^{-12},10^3]$; $\beta$, $\ell_0$ (the upper bound strict, via $1-g_\beta=\sigma(\beta(\ell-\ell_0))>0$))")
      .over(Domain()
                .dims(2, 2)
                .real("beta", 1e-3, 1e3, true)
                .real("ell0", -40.0, 20.0)
                .real("w", -1.0, 1e3)
                .points([](int) {
                  return std::vector<Assign>{{{"w", {0.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        DpoModel<T> m = scalar_model(a);
        const T w = a.real("w") > 0 ? a.real("w") : T(0);
        return worst(le<T>(m.g(T(0)), m.g(T(-w))), lt<T>(T(0), m.one_minus_g(T(-w))));
      });
}

/// Domain of the envelope claims: mixed labels, β, ℓ₀, ε > 0, p(0).
Domain envelope_domain() {
  return Domain()
      .dims(2)
      .vector("s")
      .real("beta", 1e-3, 20.0, true)
      .real("ell0", -20.0, 20.0)
      .simplex("p0")
      .real("eps", 1e-2, 5.0, true);
}
/// Domain of the trimmed envelopes: δ = ϑ min(p(0), 1/K); observation while p(t) ∈ Δ_δ.
Domain trimmed_envelope_domain() {
  return envelope_domain().real("vartheta", 1e-3, 1.0, true);
}
template <class T> T trajectory_floor(const Args<T>& a, const Vec<T>& p0) {
  const T m = p0.minCoeff(), cap = T(1) / T(a.S());
  return a.real("vartheta") * (m < cap ? m : cap) * T(1 - 1e-12);
}
/// The extremal start of an envelope claim: one correct label against the rest, uniform p(0), ε = 1 (and
/// ϑ = 10⁻³ for the trimmed envelopes).
auto envelope_points(double beta, double ell0, bool trimmed) {
  return [=](int S) {
    Assign x{{"s", one_against_rest(S, 1.0)},
             {"p0", std::vector<double>(S, 1.0)},
             {"beta", {beta}},
             {"ell0", {ell0}},
             {"eps", {1.0}}};
    if (trimmed)
      x["vartheta"] = {1e-3};
    return std::vector<Assign>{x};
  };
}
/// The envelope claims: at every step of the trajectory on [0, 4] from p(0) (labels with s₁ = +1, s₂ = −1),
/// every cross-class log-ratio z_ij(t) lies below (Upper) or above the envelope z_ij(0)e^{−εt} + L(1 −
/// e^{−εt}), L = level(a, k, m, δ). Trimmed: δ = trajectory_floor, observed while p(t) ∈ Δ_δ (otherwise δ =
/// 0, unused).
template <bool Upper, class Level> auto envelope_property(bool trimmed, Level level_of) {
  return [=]<class T>(const Args<T>& a, const Consts<T>& k) {
    DpoModel<T> m = model_of(a, a.real("eps"));
    m.labels = mixed_labels(a);
    const Vec<T> p0 = a.simplex("p0");
    const T delta = trimmed ? trajectory_floor(a, p0) : T(0);
    const T level = level_of(a, k, m, delta);
    return along_dpo_flow(
        m, log_of(p0), T(4),
        [&](const T& t, const Vec<T>& p) {
          const T decay = exp(T(-m.eps * t));
          return over_pairs<T>(p0, p, cross_class(m.labels), [&](const T& z, const T& z0, const T& scale) {
            const T envelope = z0 * decay + level * (T(1) - decay), mag = scale + abs(z0) + level;
            return Upper ? le_flow<T>(z, envelope, mag) : ge_flow<T>(z, envelope, mag);
          });
        },
        [&](const Vec<T>& p) { return trimmed && p.minCoeff() < delta; });
  };
}

// App. F, eq. (uncond-envelope), lower end.
DCRV_CLAIM(envelope_lower) {
  return forall("F.envelope-lower", Kind::dynamic)
      .statement(
          R"(For $\varepsilon>0$, every $i\in\mathcal C$, $j\in\mathcal I$: $z_{ij}(t)\ge z_0e^{-\varepsilon t}+\frac{c\,g_\beta(0)}{\varepsilon}(1-e^{-\varepsilon t})$, $c=2$, at every step of trajectories on $[0,4]$ from $p(0)\in\operatorname{int}\Delta$; labels with $s_1=+1$, $s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,20]$, $\varepsilon\in[10^{-2},5]$, every $K$)")
      .constant("c", 2.0, Role::lower, "coefficient of g(0)/eps")
      // β → 0: g ≈ ½ everywhere, h ≈ 2g(0) (the envelope is nearly exact)
      .over(envelope_domain().points(envelope_points(1e-3, 0.0, false)))
      .effort(0.1)
      .holds(envelope_property<false>(false,
                                      []<class T>(const Args<T>&, const Consts<T>& k, const DpoModel<T>& m,
                                                  const T&) { return T(k("c") * m.g(T(0)) / m.eps); }));
}

// App. F, eq. (uncond-envelope), upper end.
DCRV_CLAIM(envelope_upper) {
  return forall("F.envelope-upper", Kind::dynamic)
      .statement(
          R"(For $\varepsilon>0$, every $i\in\mathcal C$, $j\in\mathcal I$: $z_{ij}(t)\le z_0e^{-\varepsilon t}+\frac{c}{\varepsilon}(1-e^{-\varepsilon t})$, $c=2$, at every step of trajectories on $[0,4]$ from $p(0)\in\operatorname{int}\Delta$; labels with $s_1=+1$, $s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,20]$, $\varepsilon\in[10^{-2},5]$, every $K$)")
      .constant("c", 2.0, Role::upper, "bound on h = g + g")
      // ℓ₀ ≫ 0: g ≈ 1, h ≈ 2
      .over(envelope_domain().points(envelope_points(1.0, 20.0, false)))
      .effort(0.1)
      .holds(
          envelope_property<true>(false, []<class T>(const Args<T>&, const Consts<T>& k, const DpoModel<T>& m,
                                                     const T&) { return T(k("c") / m.eps); }));
}

// App. F, eq. (trim-sharp).
DCRV_CLAIM(envelope_trimmed_upper) {
  return forall("F.envelope-trimmed-upper", Kind::dynamic)
      .statement(
          R"(While $p(s)\in\Delta_\delta$ for $s\in[0,t]$: $z_{ij}(t)\le z_0e^{-\varepsilon t}+\frac{c\,g_\beta(\log\delta)}{\varepsilon}(1-e^{-\varepsilon t})$, $c=2$, for $i\in\mathcal C$, $j\in\mathcal I$; trajectories on $[0,4]$ observed until they leave $\Delta_\delta$, $\delta=\vartheta\min(\min p(0),1/K)$, $\vartheta\in[10^{-3},1]$; labels with $s_1=+1$, $s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,20]$, $\varepsilon\in[10^{-2},5]$, every $K$)")
      .constant("c", 2.0, Role::upper, "coefficient of g(log delta)/eps")
      .over(trimmed_envelope_domain().points(envelope_points(1.0, 20.0, true)))
      .effort(0.1)
      .holds(envelope_property<true>(
          true, []<class T>(const Args<T>&, const Consts<T>& k, const DpoModel<T>& m, const T& delta) {
            return T(k("c") * m.m_gamma(delta) / m.eps);
          }));
}

// App. F, eq. (static-cap): z_ij ≤ log((1 − (K−1)δ)/δ) on Δ_δ.
DCRV_CLAIM(static_cap) {
  return forall("F.static-cap", Kind::bound)
      .statement(
          R"(z_{ij}=\log(p_i/p_j)\le\log\frac{1-(K-1)\delta}{\delta}$ for every $p\in\Delta_\delta$ and every pair $i\ne j$ (in particular $i\in\mathcal C$, $j\in\mathcal I$), $\delta\in(0,1/K)$, every $K$; both sides evaluated as $\log(1+\cdot)$ of the exact differences so that they stay accurate as $\delta\to1/K$ (attained at the vertices of $\Delta_\delta$))")
      .over(Domain().dims(2).simplex("q", true).real("u", 1e-30, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T delta = floor_of(a), free = T(1) - T(a.S()) * delta;
        const Vec<T> q = a.simplex("q");
        const T cap = log1p(T(free / delta));
        Ineq<T> w = skip<T>();
        for (Eigen::Index i = 0; i < q.size(); ++i)
          for (Eigen::Index j = 0; j < q.size(); ++j)
            if (i != j) {
              // p_i/p_j = 1 + free (q_i − q_j)/(δ + free q_j)
              const T z = log1p(T(free * (q(i) - q(j)) / (delta + free * q(j))));
              w = worst(w, le<T>(z, cap));
            }
        return w;
      });
}

// App. F, Lemma lem:cap-vs-halfgap: ½ log((1−δ)/((K−1)δ)) < log((1−(K−1)δ)/δ).
DCRV_CLAIM(cap_vs_halfgap) {
  return forall("F.cap-vs-halfgap", Kind::bound)
      .statement(
          R"(c\log\frac{1-\delta}{(K-1)\delta}<\log\frac{1-(K-1)\delta}{\delta}$, $c=\tfrac12$ (strict), for every integer $K\in[2,1000]$ and $\delta=u/K$, $u\in[10^{-300},1-10^{-12}]$ (incl.\ $\delta\to0$ and $\delta\to1/K$; logarithms as $\log(1+\cdot)$ of exact differences))")
      .constant("c", 0.5, Role::upper, "coefficient of the half-gap")
      .over(Domain().dims(2, 2).real("k", 2.0, 1000.0, true).real("u", 1e-300, kUMax, true).points([](int) {
        return std::vector<Assign>{{{"k", {2.0}}, {"u", {1e-300}}}, {{"k", {2.0}}, {"u", {0.5}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int K = integer_of(a, "k");
        const T delta = a.real("u") / T(K), free = T(1) - T(K) * delta;
        const T log_a = log1p(T(free / (T(K - 1) * delta)));
        const T log_b = log1p(T(free / delta));
        return lt<T>(k("c") * log_a, log_b);
      });
}

// App. F, lem:cap-vs-halfgap (proof): P(δ) = (K−1)(1−(K−1)δ)² − δ(1−δ) > 0 on (0, 1/K), decreasing from K−1
// to 0.
DCRV_CLAIM(cap_poly) {
  return forall("F.cap-poly", Kind::bound)
      .statement(
          R"(P(\delta)=(K-1)(1-(K-1)\delta)^2-\delta(1-\delta)$ satisfies, for every integer $K\in[2,1000]$: $P(0)=K-1$, $P(1/K)=0$, and for $\delta=u/K\in(0,1/K)$: $P(\delta)>0$ (strict; cross-checked with the factorisation $P=v\,[((K-1)^3+1)v+2(K-1)^2+K-2]/K^2$, $v=1-K\delta$), $P'(\delta)=-2(K-1)^2(1-(K-1)\delta)-1+2\delta<0$ (checked against a central difference), and the equivalence $B^2-A=P/((K-1)\delta^2)$ with $A=\frac{1-\delta}{(K-1)\delta}$, $B=\frac{1-(K-1)\delta}{\delta}$ (so the lemma $\tfrac12\log A<\log B$ is $P>0$))")
      .over(Domain().dims(2, 2).real("k", 2.0, 1000.0, true).real("u", 1e-12, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = integer_of(a, "k");
        const T Km1 = T(K - 1);
        const auto P = [&](const T& d) { return Km1 * (T(1) - Km1 * d) * (T(1) - Km1 * d) - d * (T(1) - d); };
        const T delta = a.real("u") / T(K), v = T(1) - a.real("u");
        const T direct = P(delta);
        const T factored = v * ((Km1 * Km1 * Km1 + T(1)) * v + T(2) * Km1 * Km1 + T(K - 2)) / T(K * K);
        const T derivative = -T(2) * Km1 * Km1 * (T(1) - Km1 * delta) - T(1) + T(2) * delta;
        // P is a polynomial, defined on all of ℝ: the step is taken on the scale 1/K on which P varies, not
        // relative to δ (for δ ~ 1e-15 a step ~1e-20 drowned P'(δ) ~ 2(K−1)² in the quotient's rounding,
        // u·P/h ~ 1e10: 952 double candidates at standard, all rejected in MPFR).
        const T fd = central_difference<T>([&](const T& t) { return P(T(delta + t)); },
                                           T(central_difference_step<T>() / T(K)));
        const T A = (T(1) - delta) / (Km1 * delta), B = (T(1) - Km1 * delta) / delta;
        Ineq<T> r = eq<T>(P(T(0)), Km1);
        r = worst(r, eq<T>(P(T(1) / T(K)), T(0), Km1));
        r = worst(r, eq<T>(direct, factored, Km1 + T(1)));
        r = worst(r, lt<T>(T(0), factored));
        r = worst(r, eq<T>(fd, derivative, T(2) * Km1 * Km1 + T(2)));
        r = worst(r, lt<T>(derivative, T(0)));
        return worst(r, eq<T>(T(B * B - A), T(factored / (Km1 * delta * delta)), T(B * B + A)));
      });
}

// App. F, "Compatibility under BD" (chain): under ε L_K ≥ M_{φ,∞}, 2g(0)/ε ≤ 2/ε ≤ L_K(δ).
DCRV_CLAIM(compat_2eps_le_lk) {
  return forall("F.compat-2eps-le-lk", Kind::bound)
      .statement(
          R"(Under the $\ell_\infty$ BD test $\varepsilon L_K(\delta)\ge M_{\phi,\infty}$: $\frac{2g_\beta(0)}{\varepsilon}\le\frac{c}{\varepsilon}\le L_K(\delta)$, $c=2$. Checked at $\varepsilon=(1+\eta)\,2M_{\gamma,\infty}/L_K(\delta)$, $\eta\in[10^{-9},1]$, which satisfies the test because $M_{\phi,\infty}\le2M_{\gamma,\infty}$ (lem:size); $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 2.0, Role::upper, "numerator of c/eps")
      .over(scalar_floor_domain().real("eta", 1e-9, 1.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        const T delta = floor_of(a), gap = face_gap(a.S(), delta);
        const T eps = (T(1) + a.real("eta")) * T(2) * m.m_gamma(delta) / gap;
        return worst(le<T>(T(2) * m.g(T(0)) / eps, k("c") / eps), le<T>(k("c") / eps, gap));
      });
}

// Reading: the test in its bounded form ε L_K ≥ 2 (M_{φ,∞} replaced by its bound 2).
DCRV_CLAIM(compat_2eps_le_lk_bound_two) {
  return forall("F.compat-2eps-le-lk~bound-two", Kind::bound)
      .where("App. F, \"Compatibility under BD\" (chain of inequalities)")
      .reading("the BD test taken in its bounded form eps L_K >= 2 (M_phi,inf replaced by its upper bound 2)")
      .statement(
          R"(If $\varepsilon L_K(\delta)\ge c$, $c=2$, then $\frac{2g_\beta(0)}{\varepsilon}\le\frac{c}{\varepsilon}\le L_K(\delta)$; checked at $\varepsilon=(1+\eta)c/L_K$, $\eta\in[0,1]$; $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 2.0, Role::exact, "the constant of the bounded test (and of c/eps)")
      .over(scalar_floor_domain().real("eta", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        const T delta = floor_of(a), gap = face_gap(a.S(), delta);
        const T eps = (T(1) + a.real("eta")) * T(2) / gap;
        return worst(le<T>(T(2) * m.g(T(0)) / eps, k("c") / eps), le<T>(k("c") / eps, gap));
      });
}

// App. F, "Compatibility under BD" (chain): L_K(δ) ≤ log((1−δ)/((K−1)δ)).
DCRV_CLAIM(compat_lk_le_log) {
  return forall("F.compat-lk-le-log", Kind::bound)
      .statement(
          R"(L_K(\delta)\le\log\frac{1-\delta}{(K-1)\delta}$ for every $K$ and $\delta=u/K$, $u\in[10^{-300},1-10^{-12}]$)")
      .over(Domain().dims(2).real("u", 1e-300, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T delta = floor_of(a);
        const T log_a = log1p(T((T(1) - T(a.S()) * delta) / (T(a.S() - 1) * delta)));
        return le<T>(face_gap(a.S(), delta), log_a);
      });
}

// App. F, "Compatibility under BD" (conclusion): under ε L_K ≥ M_{φ,∞}, 2g(0)/ε < cap.
DCRV_CLAIM(compat_conclusion) {
  return forall("F.compat-conclusion", Kind::bound)
      .statement(
          R"(For labels with $M,N\ge1$ and $\varepsilon$ at the smallest value allowed by the test, $\varepsilon=M_{\phi,\infty}/L_K(\delta)$: $\frac{2g_\beta(0)}{\varepsilon}\le\log\frac{1-(K-1)\delta}{\delta}$. Checked with $\hat M\le M_{\phi,\infty}$, the largest $\|\phi\|_\infty$ over the vertices of $\Delta_\delta$, its barycentre and a sampled point $p\in\Delta_\delta$, i.e.\ at $\hat\varepsilon=\hat M/L_K\le\varepsilon$ (a stronger statement, since the left side decreases in $\varepsilon$); strictness is checked only to the working precision (for $\ell_0\gg0$, $K=2$ the two sides agree to $e^{-\beta\ell_0}$); labels with $s_1=+1$, $s_2=-1$, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .over(model_domain().simplex("q", true).real("u", 1e-30, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        DpoModel<T> m = model_of(a);
        m.labels = mixed_labels(a);
        const int K = a.S();
        const T delta = floor_of(a);
        T mhat = norm_inf<T>(m.field(Vec<T>(trim(a.simplex("q"), delta))));
        for (int v = 0; v <= K; ++v) {
          Vec<T> q = v < K ? Vec<T>(Vec<T>::Unit(K, v)) : Vec<T>(Vec<T>::Constant(K, T(1) / T(K)));
          const T n = norm_inf<T>(m.field(Vec<T>(trim(q, delta))));
          if (n > mhat)
            mhat = n;
        }
        const T gap = face_gap(K, delta);
        const T cap = log1p(T((T(1) - T(K) * delta) / delta));
        return le<T>(T(2) * m.g(T(0)) * gap / mhat, cap);
      });
}

// App. F, "Compatibility under BD" ("stronger trimmed constant"): the g⋆ lower envelope on Δ_δ.
DCRV_CLAIM(compat_gstar_envelope) {
  return forall("F.compat-gstar-envelope", Kind::dynamic)
      .statement(
          R"(While $p(s)\in\Delta_\delta$ for $s\in[0,t]$: $z_{ij}(t)\ge z_0e^{-\varepsilon t}+\frac{c\,g_\star}{\varepsilon}(1-e^{-\varepsilon t})$, $g_\star=g_\beta(\log(1-(K-1)\delta))$, $c=2$, for $i\in\mathcal C$, $j\in\mathcal I$; trajectories on $[0,4]$ observed until they leave $\Delta_\delta$, $\delta=\vartheta\min(\min p(0),1/K)$; labels with $s_1=+1$, $s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,20]$, $\varepsilon\in[10^{-2},5]$, every $K$)")
      .constant("c", 2.0, Role::lower, "coefficient of g_star/eps")
      .over(trimmed_envelope_domain().points(envelope_points(1e-3, 0.0, true)))
      .effort(0.1)
      .holds(envelope_property<false>(
          true, []<class T>(const Args<T>& a, const Consts<T>& k, const DpoModel<T>& m, const T& delta) {
            const T gstar = m.g(T(log1p(T(-T(a.S() - 1) * delta))));
            return T(k("c") * gstar / m.eps);
          }));
}

// App. F, "Compatibility under BD" (last display): ε ≥ 2g⋆/cap ⇒ 2g⋆/ε ≤ cap.
DCRV_CLAIM(compat_gstar_condition) {
  return forall("F.compat-gstar-condition", Kind::bound)
      .statement(
          R"(If $\varepsilon\ge c\,g_\star/\log\frac{1-(K-1)\delta}{\delta}$, $c=2$, then $2g_\star/\varepsilon\le\log\frac{1-(K-1)\delta}{\delta}$; checked at $\varepsilon=(1+\eta)c\,g_\star/\mathrm{cap}$, $\eta\in[0,1]$; $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 2.0, Role::upper, "coefficient of the sufficient condition")
      .over(scalar_floor_domain().real("eta", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        const T delta = floor_of(a);
        const T cap = log1p(T((T(1) - T(a.S()) * delta) / delta));
        const T gstar = m.g(T(log1p(T(-T(a.S() - 1) * delta))));
        const T eps = (T(1) + a.real("eta")) * k("c") * gstar / cap;
        return le<T>(T(2) * gstar / eps, cap);
      });
}

// ---------------------------------------------------------------------------------------------------------
// § Lyapunov structure and eventual trimming.
// ---------------------------------------------------------------------------------------------------------

/// G_i(p_i) = s_i g_β(log p_i) − ε log p_i for every i (App. F, "Lyapunov structure"), from log p.
template <class T> Vec<T> replicator_potentials(const DpoModel<T>& m, const Vec<T>& lp) {
  Vec<T> G(lp.size());
  for (Eigen::Index i = 0; i < lp.size(); ++i)
    G(i) = m.replicator_potential(static_cast<int>(i), lp(i));
  return G;
}
/// G_i(v(1 + t)), from log v + log1p(t): the potential along the relative step v ↦ v(1 + t).
template <class T> T potential_at_step(const DpoModel<T>& m, int i, const T& log_v, const T& t) {
  return m.replicator_potential(i, T(log_v + log1p(t)));
}
/// G_i′(v) by a central difference of G_i along the relative step v(1 + t) (step ε^{1/7}/(1 + β)),
/// independently of the closed form replicator_potential_derivative.
template <class T> T potential_slope_fd(const DpoModel<T>& m, int i, const T& log_v, const T& v) {
  return central_difference<T>([&](const T& t) { return potential_at_step(m, i, log_v, t); },
                               T(central_difference_step<T>() / (T(1) + m.beta))) /
         v;
}
/// Labels, β ∈ [10⁻³, 10²], ℓ₀ and p ∈ ri Δ: the points of the Lyapunov claims.
Domain lyapunov_domain() {
  return Domain().dims(2).vector("s").real("beta", 1e-3, 1e2, true).real("ell0", -40.0, 20.0).simplex("p");
}

// App. F, "Lyapunov structure": the ODE is ṗ_i = p_i (G_i(p_i) − Ḡ(p)).
DCRV_CLAIM(replicator_form) {
  return forall("F.replicator-form", Kind::identity)
      .statement(
          R"(p_i\big[\phi_i(p)-\varepsilon(\log p_i-\langle\log p\rangle)\big]=p_i\big(G_i(p_i)-\bar G(p)\big)$ with $G_i(s)=s_ig_\beta(\log s)-\varepsilon\log s$, $\bar G=\sum_jp_jG_j(p_j)$, for all $p\in\operatorname{ri}\Delta$ (masses down to $10^{-40}$), labels, $\beta$, $\ell_0$, $\varepsilon\in[0,10^3]$, every $K$ (componentwise, relative to $p_i(|G_i|+|\bar G|)$))")
      .over(model_domain().simplex("p").real("eps", 0.0, 1e3))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a, a.real("eps"));
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const Vec<T> drift = m.drift(p, lp);
        const Vec<T> G = replicator_potentials(m, lp);
        const T Gbar = p.dot(G);
        Ineq<T> w = skip<T>();
        for (Eigen::Index i = 0; i < p.size(); ++i)
          w = worst(w, eq<T>(drift(i), T(p(i) * (G(i) - Gbar)), T(p(i) * (abs(G(i)) + abs(Gbar) + T(2)))));
        return w;
      });
}

// App. F, eq. (lyap): d/dt 𝓛(p(t)) = Σ p_i (G_i − Ḡ)² ≥ 0.
DCRV_CLAIM(lyapunov_identity) {
  return forall("F.lyapunov-identity", Kind::identity)
      .statement(
          R"(\tfrac{d}{dt}\mathcal L(p(t))=\sum_ip_i(G_i(p_i)-\bar G(p))^2\ge0$ along solutions, $\mathcal L=\sum_i\Psi_i(p_i)$, $\Psi_i(s)=\int_\delta^sG_i$: at every $p\in\operatorname{ri}\Delta$ (the point of the solution through $p$) the left side is computed as a 6th-order central difference in $h$ of $\sum_i\int_{p_i}^{p_i+h\dot p_i}G_i(u)\,du$ (5-point Gauss--Legendre quadrature; independent of $\delta$, which cancels) and compared with the right side; labels, $\beta\in[10^{-3},10^2]$, $\ell_0$, $\varepsilon\in[0,10^2]$, every $K$)")
      .over(lyapunov_domain().real("eps", 0.0, 1e2))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a, a.real("eps"));
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const Vec<T> r = m.rate(p, lp); // ṗ_i = p_i r_i
        const Vec<T> G = replicator_potentials(m, lp);
        const T Gbar = p.dot(G);
        const T mean_log = p.dot(lp);
        const Vec<T> field = m.field(p, lp);
        T rhs(0), scale(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          rhs += p(i) * (G(i) - Gbar) * (G(i) - Gbar);
          // magnitude before cancellation: r_i = φ_i − ε(log p_i − ⟨log p⟩) cancels terms of size 2 + ε(|log
          // p_i| + |⟨log p⟩|)
          scale +=
              p(i) * abs(G(i)) * (abs(r(i)) + T(2) + abs(field(i)) + m.eps * (abs(lp(i)) + abs(mean_log)));
        }
        // Φ(h) = Σ_i ∫_{p_i}^{p_i(1 + h r_i)} G_i = Σ_i p_i ∫_0^{h r_i} G_i(p_i(1+σ)) dσ; the step keeps
        // every relative increment h r_i, and its effect β h r_i on g, below ε^{1/7}
        const T h = central_difference_step<T>() / ((T(1) + r.cwiseAbs().maxCoeff()) * (T(1) + m.beta));
        const auto phi = [&](const T& hh) {
          T sum(0);
          for (Eigen::Index i = 0; i < p.size(); ++i) {
            const int ii = static_cast<int>(i);
            sum += p(i) * gauss_legendre5<T>([&](const T& sg) { return potential_at_step(m, ii, lp(i), sg); },
                                             T(hh * r(i)));
          }
          return sum;
        };
        const T lhs = central_difference<T>(phi, h);
        return worst(eq<T>(lhs, rhs, scale), ge<T>(rhs, T(0)));
      });
}

// App. F, "Lyapunov structure": under SC, G_i′(s) = (s_i g′(log s) − ε)/s < 0.
DCRV_CLAIM(gprime_negative_sc) {
  return forall("F.gprime-negative-sc", Kind::bound)
      .statement(
          R"(For $\varepsilon=c\beta(1+\eta)>c\beta$, $c=\tfrac14$, $\eta\in[10^{-12},10]$: $G_i'(v)=(s_ig_\beta'(\log v)-\varepsilon)/v<0$ (strict) for both signs $s_i=\pm1$ and all $v=e^{-w}\in(0,1]$, $w\in[0,100]$ (incl.\ $\log v=\ell_0$); the formula for $G_i'$ is checked against a central difference of $G_i$; $\beta\in[10^{-3},10^2]$, $\ell_0\in[-40,0]$)")
      .constant("c", 0.25, Role::upper, "SC coefficient (eps > c beta)")
      .over(Domain()
                .dims(2, 2)
                .real("beta", 1e-3, 1e2, true)
                .real("ell0", -40.0, 0.0)
                .real("w", 0.0, 100.0)
                .real("eta", 1e-12, 10.0, true)
                .index("sign")
                .points([](int) {
                  return std::vector<Assign>{
                      {{"ell0", {-2.0}}, {"w", {2.0}}, {"eta", {1e-12}}, {"sign", {1.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        m.labels = {a.index("sign") == 0 ? 1 : -1, 1};
        m.eps = sc_eps(a, k("c"));
        const T log_v = -a.real("w"), v = exp(log_v);
        const T formula = m.replicator_potential_derivative(0, v, log_v);
        const T fd = potential_slope_fd(m, 0, log_v, v);
        return worst(eq<T>(fd, formula, T((T(1) + m.beta + m.eps) / v)), lt<T>(T(formula * v), T(0)));
      });
}

// App. F, "Lyapunov structure": under SC each Ψ_i and 𝓛 is strictly concave on the affine simplex.
DCRV_CLAIM(l_strict_concave) {
  return forall("F.l-strict-concave", Kind::structural)
      .statement(
          R"(Under SC ($\varepsilon=\tfrac\beta4(1+\eta)$), $\mathcal L$ is strictly concave on the affine simplex: for every $p\in\operatorname{ri}\Delta$ and tangent $v\ne0$, $\tfrac{d^2}{dh^2}\mathcal L(p+hv)|_{h=0}=\sum_i\Psi_i''(p_i)v_i^2$ with $\Psi_i''=G_i'$ taken by central differences of $G_i$ (fundamental theorem of calculus; $\mathcal L$ is separable) equals $\sum_iG_i'(p_i)v_i^2$ (closed form) and is $\le\max_iG_i'(p_i)\|v\|_2^2<0$ (each $\Psi_i''=G_i'<0$: $\Psi_i$ strictly concave); labels, $\beta\in[10^{-3},10^2]$, $\ell_0$, $\eta\in[10^{-9},10]$, every $K$)")
      .over(lyapunov_domain().tangent("v").real("eta", 1e-9, 10.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a, sc_eps(a));
        const Vec<T> p = a.simplex("p"), lp = log_of(p), v = a.tangent("v");
        // 𝓛 is separable, so vᵀ∇²𝓛 v = Σ v_i² Ψ_i″(p_i) with Ψ_i″ = G_i′ (fundamental theorem of calculus);
        // each G_i′ is taken by a central difference of G_i along the relative step p_i(1+t) and compared
        // with the closed form relative to the size (|g′| + ε)/p_i of its terms.
        T quad(0), fd_quad(0), gmax = -std::numeric_limits<double>::infinity(), scale(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          const int ii = static_cast<int>(i);
          const T gp = m.replicator_potential_derivative(ii, p(i), lp(i));
          const T fd = potential_slope_fd(m, ii, T(lp(i)), T(p(i)));
          quad += gp * v(i) * v(i);
          fd_quad += fd * v(i) * v(i);
          scale += (abs(T(m.g_prime(lp(i)))) + m.eps + T(1)) / p(i) * v(i) * v(i);
          if (gp > gmax)
            gmax = gp;
        }
        return worst(worst(eq<T>(fd_quad, quad, scale), le<T>(quad, T(gmax * v.squaredNorm()))),
                     lt<T>(gmax, T(0)));
      });
}

/// The explicit time after which the unconditional lower envelope keeps z_ij ≥ b g(0)/ε (b < 2): the largest
/// over cross pairs of (1/ε) log((2g(0)/ε − z₀)/((2 − b) g(0)/ε)) (0 when z₀ is already above the level).
template <class T> T band_entry_time(const DpoModel<T>& m, const Vec<T>& p0, const T& b) {
  const T g0 = m.g(T(0)), full = T(2) * g0 / m.eps, level = b * g0 / m.eps;
  const auto cross = cross_class(m.labels);
  T t(0);
  for (int i = 0; i < m.size(); ++i)
    for (int j = 0; j < m.size(); ++j)
      if (cross(i, j)) {
        const T z0 = log(p0(i) / p0(j));
        if (z0 >= level)
          continue;
        const T ti = log(T((full - z0) / (full - level))) / m.eps;
        if (ti > t)
          t = ti;
      }
  return t;
}
/// max over cross-class pairs of z_ij(0) = log(p0_i/p0_j).
template <class T> T max_cross_log_ratio(const DpoModel<T>& m, const Vec<T>& p0) {
  const auto cross = cross_class(m.labels);
  T zmax = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < m.size(); ++i)
    for (int j = 0; j < m.size(); ++j)
      if (cross(i, j))
        zmax = std::max(zmax, T(log(p0(i) / p0(j))));
  return zmax;
}
/// Domain of eventual-trimming claims: SC with ε = (β/4)(1+η), β ∈ [0.4, 20] (time scales ≤ 10).
Domain evtrim_domain() {
  return Domain()
      .dims(2)
      .vector("s")
      .real("beta", 0.4, 20.0, true)
      .real("ell0", -20.0, 20.0)
      .simplex("p0")
      .real("eta", 1e-3, 10.0, true);
}

// App. F, Proposition prop:evtrim: under SC, p(t) ∈ Δ_δ̲ for t ≥ T.
DCRV_CLAIM(evtrim_existence) {
  return forall("F.evtrim-existence", Kind::dynamic)
      .statement(
          R"(Under SC ($\varepsilon=\tfrac\beta4(1+\eta)$), from every $p(0)\in\operatorname{int}\Delta$ with $M,N\ge1$: with the explicit $\underline\delta=r/(u(N+Mr))$ of prop:evtrim ($u=e^{Z_U}$, $Z_U=\max\{2/\varepsilon,\max z_{ij}(0)\}$, $r=e^{g_\beta(0)/\varepsilon}$) and the explicit entry time $T=\max_{ij}\varepsilon^{-1}\log\frac{2g_\beta(0)/\varepsilon-z_{ij}(0)}{g_\beta(0)/\varepsilon}$ (from eq.~uncond-envelope), $\min_kp_k(t)\ge\underline\delta$ at every step of $[T,T+2]$ (samples with $T>30$ skipped); labels with $s_1=+1$, $s_2=-1$, $\beta\in[0.4,20]$, $\ell_0\in[-20,20]$, $\eta\in[10^{-3},10]$, masses of $p(0)$ down to $10^{-40}$, every $K$)")
      .over(evtrim_domain())
      .effort(0.05)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = sc_mixed_model(a);
        const Vec<T> p0 = a.simplex("p0");
        const T zmax = max_cross_log_ratio(m, p0);
        const T ZU = std::max(T(T(2) / m.eps), zmax), r = exp(T(m.g(T(0)) / m.eps));
        const T floor = eventual_floor(r, T(exp(ZU)), T(m.correct_count()), T(m.incorrect_count()));
        const T T0 = band_entry_time(m, p0, T(1));
        if (T0 > T(30))
          return skip<T>(); // explicit entry time too long to integrate affordably
        return along_dpo_flow(m, log_of(p0), T(T0 + 2), [&](const T& t, const Vec<T>& p) {
          if (t < T0)
            return skip<T>();
          return ge_flow<T>(p.minCoeff(), floor, floor);
        });
      });
}

// App. F, prop:evtrim (explicit choice): r ≤ p_i/p_j ≤ u for t ≥ T.
DCRV_CLAIM(evtrim_band) {
  return forall("F.evtrim-band", Kind::dynamic)
      .statement(
          R"(Under SC ($\varepsilon=\tfrac\beta4(1+\eta)$), with $Z_U=\max\{a/\varepsilon,\max_{ij}z_{ij}(0)\}$, $a=2$, and $Z_L=b\,g_\beta(0)/\varepsilon$, $b=1$: $Z_L\le z_{ij}(t)\le Z_U$ for all $i\in\mathcal C$, $j\in\mathcal I$ at every step of $[T,T+2]$, where $T=\max_{ij}\varepsilon^{-1}\log\frac{2g_\beta(0)/\varepsilon-z_{ij}(0)}{g_\beta(0)/\varepsilon}$ is the explicit entry time implied by eq.~uncond-envelope (the upper bound is checked on all of $[0,T+2]$; samples with $T>30$ skipped); labels with $s_1=+1$, $s_2=-1$, $\beta\in[0.4,20]$, $\ell_0\in[-20,20]$, $\eta\in[10^{-3},10]$, every $K$)")
      .constant("a", 2.0, Role::upper, "Z_U = max{a/eps, max z(0)}")
      .constant("b", 1.0, Role::lower, "Z_L = b g(0)/eps")
      .over(evtrim_domain().points([](int S) {
        std::vector<double> p0(S, 1.0);
        p0[0] = 0.5; // z(0) below 2/ε, rising towards z⋆ ≈ 2/ε (g ≈ 1 for ℓ₀ ≫ 0)
        return std::vector<Assign>{{{"s", one_against_rest(S, 1.0)},
                                    {"p0", p0},
                                    {"beta", {0.4}},
                                    {"ell0", {20.0}},
                                    {"eta", {1e-3}}}};
      }))
      .effort(0.05)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const DpoModel<T> m = sc_mixed_model(a);
        const Vec<T> p0 = a.simplex("p0");
        const T zmax = max_cross_log_ratio(m, p0);
        const T ZU = std::max(T(k("a") / m.eps), zmax), ZL = k("b") * m.g(T(0)) / m.eps;
        const T T0 = band_entry_time(m, p0, T(1));
        if (T0 > T(30))
          return skip<T>(); // explicit entry time too long to integrate affordably
        return along_dpo_flow(m, log_of(p0), T(T0 + 2), [&](const T& t, const Vec<T>& p) {
          return over_pairs<T>(p0, p, cross_class(m.labels), [&](const T& z, const T&, const T& scale) {
            const Ineq<T> upper = le_flow<T>(z, ZU, T(scale + abs(ZU)));
            return t < T0 ? upper : worst(upper, ge_flow<T>(z, ZL, T(scale + abs(ZL))));
          });
        });
      });
}

// App. F, prop:evtrim (boxed): r ≤ p_i/p_j ≤ u ⇒ min_k p_k ≥ r/(u(N + Mr)).
DCRV_CLAIM(evtrim_floor) {
  return forall("F.evtrim-floor", Kind::bound)
      .statement(
          R"(If $r\le p_i/p_j\le u$ for all $i\in\mathcal C$, $j\in\mathcal I$ ($M,N\ge1$, $r\ge1$, $u\ge r$), then $\min_kp_k\ge c\,\frac{r}{u(N+Mr)}$, $c=1$. Points satisfying the constraints are built as $x_j=\rho^{\theta_j}$ on $\mathcal I$ and $y_i=r\max x\,(\rho\min x/\max x)^{\psi_i}$ on $\mathcal C$, $\rho=u/r\in[1,10^3]$, $\theta,\psi\in[0,1]$, then normalised; $r\in[1,10^3]$, $M=1+(m\bmod(K-1))$, every $K$ (equality at $u=r$))")
      .constant("c", 1.0, Role::lower, "multiplier of the floor")
      .over(Domain()
                .dims(2)
                .simplex("w", true)
                .index("m")
                .real("r", 1.0, 1e3, true)
                .real("rho", 1.0, 1e3, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int K = a.S(), M = 1 + a.index("m") % (K - 1), N = K - M;
        const Vec<T> w = a.simplex("w");
        const T top = w.maxCoeff();
        const T r = a.real("r"), rho = a.real("rho"), u = r * rho;
        Vec<T> mass(K);
        T xmax(0), xmin(std::numeric_limits<double>::infinity());
        for (int j = M; j < K; ++j) {
          mass(j) = pow(rho, T(w(j) / top));
          if (mass(j) > xmax)
            xmax = mass(j);
          if (mass(j) < xmin)
            xmin = mass(j);
        }
        for (int i = 0; i < M; ++i)
          mass(i) = r * xmax * pow(T(rho * xmin / xmax), T(w(i) / top));
        const Vec<T> p = mass / mass.sum();
        return ge<T>(p.minCoeff(), k("c") * eventual_floor(r, u, T(M), T(N)));
      });
}

// ---------------------------------------------------------------------------------------------------------
// § Two-level equilibrium: existence, uniqueness, bounds on z⋆.
// ---------------------------------------------------------------------------------------------------------

/// Class sizes M, N from real fields (rounded), ≥ 1.
template <class T> std::pair<T, T> class_sizes(const Args<T>& a) {
  return {T(std::max(1, integer_of(a, "M"))), T(std::max(1, integer_of(a, "N")))};
}
/// The common two-level domain: M, N ∈ [1, 100] (rounded), β, ℓ₀.
Domain two_level_domain() {
  return Domain()
      .dims(2, 2)
      .real("M", 1.0, 100.0, true)
      .real("N", 1.0, 100.0, true)
      .real("beta", 1e-3, 1e3, true)
      .real("ell0", -40.0, 20.0);
}

// App. F, "Two-level equilibrium": M L_𝒞 + N L_ℐ = 1 and log(L_𝒞/L_ℐ) = z.
DCRV_CLAIM(two_level_param) {
  return forall("F.two-level-param", Kind::identity)
      .statement(
          R"(With $L_{\mathcal I}(z)=1/(N+Me^z)$, $L_{\mathcal C}(z)=e^z/(N+Me^z)$: $ML_{\mathcal C}+NL_{\mathcal I}=1$ and $\log(L_{\mathcal C}/L_{\mathcal I})=z$, for $M,N\in\{1,\dots,10^4\}$, $z\in[0,700]$ (direct evaluation of the formulas, compared with dcrv's overflow-free logarithms))")
      .over(Domain().dims(2, 2).real("M", 1.0, 1e4, true).real("N", 1.0, 1e4, true).real("z", 0.0, 700.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T M = T(std::max(1, integer_of(a, "M"))), N = T(std::max(1, integer_of(a, "N"))),
                z = a.real("z");
        const T LI = T(1) / (N + M * exp(z)), LC = exp(z) / (N + M * exp(z));
        const auto [lc, li] = DpoModel<T>::two_level_logs(z, M, N);
        Ineq<T> r = eq<T>(T(M * LC + N * LI), T(1));
        r = worst(r, eq<T>(T(log(LC / LI)), z, T(abs(T(log(LC))) + abs(T(log(LI))))));
        return worst(r, worst(eq<T>(T(exp(lc)), LC), eq<T>(T(exp(li)), LI)));
      });
}

// App. F, "Two-level equilibrium" (boxed): the two-level point is an equilibrium iff h(z) = εz.
DCRV_CLAIM(eq_condition) {
  return forall("F.eq-condition", Kind::equilibrium)
      .statement(
          R"(At the two-level point $p(z)$ ($L_{\mathcal C}(z)$ on $\mathcal C$, $L_{\mathcal I}(z)$ on $\mathcal I$) the per-capita rates of the ODE are constant on each class with $r_{\mathcal C}-r_{\mathcal I}=G_{\mathcal C}-G_{\mathcal I}=h(z)-\varepsilon z$ and $\sum_ip_ir_i=0$; hence $p(z)$ is an equilibrium iff $g_\beta(\log L_{\mathcal C})+g_\beta(\log L_{\mathcal I})=\varepsilon z$ (both directions). Checked as this identity for all $z\in[0,100]$, and at the root $z_\star$ of $F_\times$ (bisection to the working precision) as $\max_i|r_i(p(z_\star))|=0$; labels with $M,N\ge1$ (every $K$), $\beta$, $\ell_0$, $\varepsilon\in[10^{-3},50]$)")
      .over(model_domain().real("eps", 1e-3, 50.0, true).real("z", 0.0, 100.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        DpoModel<T> m = model_of(a, a.real("eps"));
        m.labels = mixed_labels(a);
        const T M = T(m.correct_count()), N = T(m.incorrect_count()), z = a.real("z");
        const auto [p, lp] = two_level_point<T>(m.labels, z);
        const Vec<T> r = m.rate(p, lp);
        const T F = m.two_level_F(z, M, N);
        const T scale = T(2) + m.eps * (abs(lp(0)) + abs(lp(1)));
        Ineq<T> w = eq<T>(T(r(0) - r(1)), F, scale);
        for (int i = 0; i < m.size(); ++i)
          w = worst(w, eq<T>(r(i), r(m.labels[i] == 1 ? 0 : 1), scale));
        return worst(w, eq<T>(T(p.dot(r)), T(0), scale));
      })
      .and_holds("the root z* of F_x is an equilibrium", model_domain().real("eps", 1e-3, 50.0, true),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   DpoModel<T> m = model_of(a, a.real("eps"));
                   m.labels = mixed_labels(a);
                   const T zs = m.two_level_root(T(m.correct_count()), T(m.incorrect_count()));
                   const auto [p, lp] = two_level_point<T>(m.labels, zs);
                   const T scale = T(2) + m.eps * (abs(lp(0)) + abs(lp(1)));
                   return eq<T>(norm_inf<T>(m.rate(p, lp)), T(0), scale);
                 });
}

// App. F, "Two-level equilibrium": h(z) ∈ (0, 2).
DCRV_CLAIM(h_range) {
  return forall("F.h-range", Kind::bound)
      .statement(
          R"(0<h(z)<c$, $c=2$, for all $z\in[0,700]$, $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$ (strict; $c-h$ evaluated as $(c-2)+(1-g)+(1-g)$ without cancellation))")
      .constant("c", 2.0, Role::upper, "upper end of the range of h")
      .over(two_level_domain().real("z", 0.0, 700.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [M, N] = class_sizes(a);
        const DpoModel<T> m = scalar_model(a, T(0));
        const auto [lc, li] = DpoModel<T>::two_level_logs(a.real("z"), M, N);
        const T h = m.g(lc) + m.g(li);
        const T room = (k("c") - T(2)) + m.one_minus_g(lc) + m.one_minus_g(li);
        return worst(lt<T>(T(0), h), lt<T>(T(0), room));
      });
}

/// h(0) = 2g_β(log(1/K)), K = M + N: at z = 0 both classes have the mass 1/K (the closed form of lem:zstar).
template <class T> T h_at_zero(const DpoModel<T>& m, const T& M, const T& N) {
  return T(2) * m.g(T(-log(T(M + N))));
}

// App. F, "Two-level equilibrium": F(0) = h(0) = 2g(log(1/K)) > 0 and F(z) → −∞.
DCRV_CLAIM(f0_value) {
  return forall("F.f0-value", Kind::identity)
      .statement(
          R"(F_\times(0)=h(0)=2g_\beta(\log\tfrac1K)>0$ ($K=M+N$) and $F_\times(z)\le2-\varepsilon z$ for all $z\ge0$ (so $F_\times(z)\to-\infty$), for $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$, $\varepsilon\in[10^{-3},50]$, $z\in[0,10^4]$)")
      .over(two_level_domain().real("eps", 1e-3, 50.0, true).real("z", 0.0, 1e4))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [M, N] = class_sizes(a);
        const DpoModel<T> m = scalar_model(a, a.real("eps"));
        const T f0 = m.two_level_F(T(0), M, N);
        const T expected = h_at_zero(m, M, N);
        const T z = a.real("z");
        return worst(worst(eq<T>(f0, expected), lt<T>(T(0), f0)),
                     le<T>(m.two_level_F(z, M, N), T(T(2) - m.eps * z), T(T(2) + m.eps * z)));
      });
}

/// h′(z) by central differences of each term g(log L(z)), differentiating 1 − g instead of g where g > ½ so
/// that saturated terms keep their relative accuracy.
template <class T> T h_prime_fd(const DpoModel<T>& m, const T& z, const T& M, const T& N) {
  const auto term = [&](bool correct) {
    const auto log_L = [&](const T& t) {
      const auto [lc, li] = DpoModel<T>::two_level_logs(T(z + t), M, N);
      return correct ? lc : li;
    };
    const auto [lc0, li0] = DpoModel<T>::two_level_logs(z, M, N);
    const bool upper = (correct ? lc0 : li0) < m.ell0;
    return g_slope_fd(m, log_L, upper, T(central_difference_step<T>() / (T(1) + m.beta)));
  };
  return term(true) + term(false);
}

// App. F, "Two-level equilibrium" (display for h′).
DCRV_CLAIM(hprime_formula) {
  return forall("F.hprime-formula", Kind::identity)
      .statement(
          R"(h'(z)=g_\beta'(\log L_{\mathcal C})\,NL_{\mathcal I}-g_\beta'(\log L_{\mathcal I})\,ML_{\mathcal C}$ for $z\in[0,12]$, $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$; the left side by central differences of each term of $h$ (of $1-g$ where $g>\tfrac12$), compared relative to the sum of the magnitudes of the two terms. For $z>12$ the factor $NL_{\mathcal I}\approx(N/M)e^{-z}$ makes the first term's derivative too small against its value for a difference quotient at 50 digits)")
      .over(two_level_domain().real("z", 0.0, 12.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [M, N] = class_sizes(a);
        const DpoModel<T> m = scalar_model(a, T(0));
        const T z = a.real("z");
        const auto [lc, li] = DpoModel<T>::two_level_logs(z, M, N);
        const T A = m.g_prime(lc) * N * exp(li), B = m.g_prime(li) * M * exp(lc);
        return eq<T>(h_prime_fd(m, z, M, N), T(A - B), T(abs(A) + abs(B)));
      });
}

/// Points where |h′| approaches β/4: L_ℐ(z) = e^{ℓ₀} deep in the tail (ℓ₀ = −10) with L_𝒞 ≈ 1/M.
std::vector<Assign> hprime_extremal_points(int) {
  return {{{"M", {1.0}},
           {"N", {1.0}},
           {"beta", {1.0}},
           {"ell0", {-10.0}},
           {"z", {std::log(std::exp(10.0) - 1.0)}}},
          {{"M", {1.0}},
           {"N", {1.0}},
           {"beta", {10.0}},
           {"ell0", {-12.0}},
           {"z", {std::log(std::exp(12.0) - 1.0)}}}};
}

// App. F, "Two-level equilibrium": |h′(z)| ≤ β/4.
DCRV_CLAIM(hprime_bound) {
  return forall("F.hprime-bound", Kind::bound)
      .statement(
          R"(|h'(z)|\le c\beta$, $c=\tfrac14$, for $z\in[0,200]$, $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$ (closed-form $h'$))")
      .constant("c", 0.25, Role::upper, "coefficient of beta")
      .over(two_level_domain().real("z", 0.0, 200.0).points(hprime_extremal_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [M, N] = class_sizes(a);
        const DpoModel<T> m = scalar_model(a, T(0));
        return le<T>(T(abs(m.two_level_h_prime(a.real("z"), M, N))), k("c") * m.beta);
      });
}

// App. F, "Two-level equilibrium": under SC, F′(z) ≤ β/4 − ε < 0.
DCRV_CLAIM(fprime_sc) {
  return forall("F.fprime-sc", Kind::bound)
      .statement(
          R"(For $\varepsilon=c\beta(1+\eta)>c\beta$, $c=\tfrac14$, $\eta\in[10^{-9},10]$: $F_\times'(z)=h'(z)-\varepsilon\le c\beta-\varepsilon<0$ for $z\in[0,200]$, $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$)")
      .constant("c", 0.25, Role::upper, "SC coefficient")
      .over(two_level_domain().real("z", 0.0, 200.0).real("eta", 1e-9, 10.0, true).points([](int S) {
        auto pts = hprime_extremal_points(S);
        for (auto& p : pts)
          p["eta"] = {1e-9};
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [M, N] = class_sizes(a);
        const T cb = k("c") * a.real("beta");
        const DpoModel<T> m = scalar_model(a, sc_eps(a, k("c")));
        const T fprime = m.two_level_h_prime(a.real("z"), M, N) - m.eps;
        return worst(le<T>(fprime, T(cb - m.eps), T(cb + m.eps)), lt<T>(fprime, T(0)));
      });
}

/// SC domain for z⋆: ε = (β/4)(1 + η).
Domain zstar_domain() {
  return two_level_domain().real("eta", 1e-6, 10.0, true);
}
template <class T> DpoModel<T> sc_model(const Args<T>& a) {
  return scalar_model(a, sc_eps(a));
}

// App. F, Lemma lem:zstar: under SC, F_×(z) = 0 has exactly one solution z⋆ > 0.
DCRV_CLAIM(zstar_unique) {
  return forall("F.zstar-unique", Kind::equilibrium)
      .statement(
          R"(Under SC ($\varepsilon=\tfrac\beta4(1+\eta)$, $\eta\in[10^{-6},10]$), $F_\times$ has exactly one zero $z_\star>0$: $F_\times(0)>0$, $F_\times(2/\varepsilon+1)<0$, the bisection root satisfies $F_\times(z_\star)=0$ to the working precision and $z_\star>0$, and $F_\times'(z)<0$ at every $z=\tau(2/\varepsilon+1)$, $\tau\in[0,1]$ (strictly decreasing on the bracket, and $F_\times<0$ beyond it as $h<2$); $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$)")
      .over(zstar_domain().real("tau", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [M, N] = class_sizes(a);
        const DpoModel<T> m = sc_model(a);
        const T hi = T(2) / m.eps + T(1);
        const T zs = m.two_level_root(M, N);
        Ineq<T> r = lt<T>(T(0), m.two_level_F(T(0), M, N));
        r = worst(r, lt<T>(m.two_level_F(hi, M, N), T(0)));
        r = worst(r, eq<T>(m.two_level_F(zs, M, N), T(0), T(T(2) + m.eps * zs)));
        r = worst(r, lt<T>(T(0), zs));
        const T z = a.real("tau") * hi;
        return worst(r, lt<T>(T(m.two_level_h_prime(z, M, N) - m.eps), T(0)));
      });
}

/// Points where z⋆ is close to its bounds: β → 0 (h ≈ 2g(0)), ℓ₀ ≫ 0 (h ≈ 2), and ε ≈ β/4.
std::vector<Assign> zstar_points(int) {
  return {{{"M", {1.0}}, {"N", {1.0}}, {"beta", {1e-3}}, {"ell0", {0.0}}, {"eta", {1.0}}},
          {{"M", {1.0}}, {"N", {1.0}}, {"beta", {1.0}}, {"ell0", {20.0}}, {"eta", {1.0}}},
          {{"M", {1.0}}, {"N", {1.0}}, {"beta", {8.0}}, {"ell0", {-0.7}}, {"eta", {1e-6}}},
          // ε ≈ β/4 and log L_𝒞(0) = log L_ℐ(0) = ℓ₀ with N ≫ M (h′ ≈ −β/4 near 0) or M ≫ N (h′ ≈ +β/4)
          {{"M", {1.0}}, {"N", {100.0}}, {"beta", {100.0}}, {"ell0", {-std::log(101.0)}}, {"eta", {1e-6}}},
          {{"M", {100.0}}, {"N", {1.0}}, {"beta", {100.0}}, {"ell0", {-std::log(101.0)}}, {"eta", {1e-6}}}};
}

/// A bound of lem:zstar on the two-level root z⋆ under SC, over zstar_domain with zstar_points: check(m, M,
/// N, k) for the SC model m and the class sizes M, N.
template <class F> ForAll zstar_bound(const char* id, const char* statement, F check) {
  return forall(id, Kind::bound)
      .statement(statement)
      .over(zstar_domain().points(zstar_points))
      .holds([check]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [M, N] = class_sizes(a);
        return check(sc_model(a), M, N, k);
      });
}

// App. F, lem:zstar: z⋆ ≥ 2g(0)/ε.
DCRV_CLAIM(zstar_lower_2g0) {
  return zstar_bound(
             "F.zstar-lower-2g0",
             R"(Under SC ($\varepsilon=\tfrac\beta4(1+\eta)$): $z_\star\ge c\,g_\beta(0)/\varepsilon$, $c=2$ ($z_\star$ by bisection in the working precision); $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$, $\eta\in[10^{-6},10]$)",
             []<class T>(const DpoModel<T>& m, const T& M, const T& N, const Consts<T>& k) {
               return ge<T>(m.two_level_root(M, N), k("c") * m.g(T(0)) / m.eps);
             })
      .constant("c", 2.0, Role::lower, "coefficient of g(0)/eps");
}

// App. F, lem:zstar: z⋆ ≤ 2/ε.
DCRV_CLAIM(zstar_upper_2eps) {
  return zstar_bound(
             "F.zstar-upper-2eps",
             R"(Under SC: $z_\star\le c/\varepsilon$, $c=2$; $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$, $\eta\in[10^{-6},10]$)",
             []<class T>(const DpoModel<T>& m, const T& M, const T& N, const Consts<T>& k) {
               return le<T>(m.two_level_root(M, N), k("c") / m.eps);
             })
      .constant("c", 2.0, Role::upper, "numerator of c/eps");
}

// App. F, lem:zstar: z⋆ ≥ h(0)/(ε + β/4).
DCRV_CLAIM(zstar_lower_h0) {
  return zstar_bound(
             "F.zstar-lower-h0",
             R"(Under SC: $z_\star\ge h(0)/(\varepsilon+c\beta)$, $c=\tfrac14$, $h(0)=2g_\beta(\log\tfrac1K)$; $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$, $\eta\in[10^{-6},10]$)",
             []<class T>(const DpoModel<T>& m, const T& M, const T& N, const Consts<T>& k) {
               const T h0 = h_at_zero(m, M, N);
               return ge<T>(m.two_level_root(M, N), h0 / (m.eps + k("c") * m.beta));
             })
      .constant("c", 0.25, Role::upper, "coefficient of beta in the denominator");
}

// App. F, lem:zstar: z⋆ ≤ h(0)/(ε − β/4).
DCRV_CLAIM(zstar_upper_h0) {
  return zstar_bound(
             "F.zstar-upper-h0",
             R"(Under SC: $z_\star\le h(0)/(\varepsilon-c\beta)$, $c=\tfrac14$; $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$, $\eta\in[10^{-6},10]$)",
             []<class T>(const DpoModel<T>& m, const T& M, const T& N, const Consts<T>& k) {
               const T h0 = h_at_zero(m, M, N);
               const T denominator = m.eps - k("c") * m.beta;
               if (!(denominator > 0))
                 return le<T>(T(1), T(0)); // the bound is not even finite
               return le<T>(m.two_level_root(M, N), h0 / denominator);
             })
      .constant("c", 0.25, Role::upper, "coefficient of beta in the denominator");
}

// ---------------------------------------------------------------------------------------------------------
// § Global convergence, edge cases, compatible floor.
// ---------------------------------------------------------------------------------------------------------

// App. F, Theorem thm:global: under SC, every trajectory from int Δ converges to the two-level p⋆.
DCRV_CLAIM(global_convergence) {
  return forall("F.global-convergence", Kind::dynamic)
      .statement(
          R"(Under SC ($\varepsilon=\tfrac\beta4(1+\eta)$, $\eta\in[10^{-2},10]$), trajectories from $p(0)\in\operatorname{int}\Delta$ (masses down to $10^{-40}$) converge to the two-level $p^\star$ ($z_\star$ by MPFR/double bisection). Each trajectory is followed until it has converged (every log-velocity $|r_k(p(t))|\le10^{-9}$), at most to $t_1=\min(2\cdot10^4,\,40+60/(\varepsilon-\beta/4))$ (a run still moving at $t_1$ is inconclusive, never skipped); its limit must be $p^\star$: $\|\log p-\log p^\star\|_\infty\le10^{-6}(1+\|\log p^\star\|_\infty)$ (a trajectory that stalls away from $p^\star$ is a violation: a second equilibrium or limit point); labels with $M,N\ge1$, $\beta\in[0.4,20]$, $\ell_0\in[-20,20]$, $K=2,\dots,6$)")
      .over(Domain()
                .dims(2, 6)
                .vector("s")
                .real("beta", 0.4, 20.0, true)
                .real("ell0", -20.0, 20.0)
                .simplex("p0")
                .real("eta", 1e-2, 10.0, true))
      .effort(0.05)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = sc_mixed_model(a);
        const T zs = m.two_level_root(T(m.correct_count()), T(m.incorrect_count()));
        const auto [pstar, lstar] = two_level_point<T>(m.labels, zs);
        const T margin = m.eps - m.beta / T(4);
        // Followed until it has converged (every log-velocity |r_k| ≤ 10⁻⁹: at the contraction rate ≥ margin
        // the remaining distance is ≤ 10⁻⁹/margin ≤ 10⁻⁶) or to t₁ = min(2·10⁴, 40 + 60/margin); a run still
        // moving at t₁ is inconclusive (NaN), never skipped.
        const T t1 = std::min(T(2e4), T(T(40) + T(60) / margin));
        Vec<T> final_p;
        bool converged = false;
        const Ineq<T> run = along_dpo_flow(
            m, log_of(a.simplex("p0")), t1, [](const T&, const Vec<T>&) { return skip<T>(); },
            [&](const Vec<T>& p) {
              converged = norm_inf<T>(m.rate(p, log_of(p))) <= T(1e-9);
              return converged;
            },
            &final_p);
        if (run.rel == Ineq<T>::Rel::le && !is_finite(run.lhs))
          return run; // integration failure
        if (!converged)
          return le<T>(nan_of<T>(), nan_of<T>());
        const Vec<T> lp = log_of(final_p);
        const T dist = norm_inf<T>(Vec<T>(lp - lstar)), tol = T(1e-6) * (T(1) + norm_inf(lstar));
        return le<T>(dist, tol);
      });
}

// App. F, "Edge cases", N = 0.
DCRV_CLAIM(edge_n0) {
  Claim c =
      forall("F.edge-n0", Kind::dynamic)
          .statement(
              R"(All labels $+1$ ($N=0$), any $\varepsilon\ge0$ (incl.\ $\varepsilon=0$): (i) $G_i'(v)=(g_\beta'(\log v)-\varepsilon)/v\le-\varepsilon/v$ and $G_i'(v)<0$ for $v\in(0,1]$ (at $\varepsilon=0$ the middle term $-\varepsilon/v$ of the paper's chain is $0$, so the strict sign comes from $g_\beta'<0$, not from $-\varepsilon/v<0$), so $G$ is strictly decreasing and the only interior equilibrium ($G_i(p_i)$ constant) is uniform; (ii) the uniform point is an equilibrium (zero rate); (iii) global attraction with an explicit rate: every $|z_{ik}(t)|\le|z_{ik}(0)|e^{-(\varepsilon+m)t}$ along trajectories on $[0,4]$, $m=\min(-g_\beta'(\ell_{\min}),-g_\beta'(\ell_{\max}))>0$ over the range $[\ell_{\min},\ell_{\max}]$ of $\log p(0)$ (which the flow never leaves, since $\min p$ rises and $\max p$ falls), so $p(t)\to$ uniform; $\beta\in[10^{-3},20]$, $\ell_0\in[-20,5]$, $\varepsilon\in\{0\}\cup(0,3]$, every $K$)")
          .over(Domain()
                    .dims(2)
                    .real("beta", 1e-3, 20.0, true)
                    .real("ell0", -20.0, 5.0)
                    .simplex("p0")
                    .real("eps", -1.0, 3.0))
          .effort(0.1)
          .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
            DpoModel<T> m = scalar_model(a);
            m.eps = eps_with_zero(a);
            m.labels.assign(a.S(), 1);
            const Vec<T> p0 = a.simplex("p0"), lp0 = log_of(p0);
            const T rate = m.eps + m.slope_inf(lp0.minCoeff(), lp0.maxCoeff());
            const Vec<T> uniform = Vec<T>::Constant(a.S(), T(1) / T(a.S()));
            const Ineq<T> at_uniform =
                eq<T>(norm_inf<T>(m.rate(uniform, log_of(uniform))), T(0), T(1) + m.eps);
            return worst(at_uniform, along_dpo_flow(m, lp0, T(4), [&](const T& t, const Vec<T>& p) {
                           return contraction(within_class(m.labels, 1), p0, p, t, rate);
                         }));
          })
          .and_holds("G' <= -eps/v < 0",
                     Domain()
                         .dims(2, 2)
                         .real("beta", 1e-3, 1e3, true)
                         .real("ell0", -40.0, 20.0)
                         .real("w", 0.0, 100.0)
                         .real("eps", -1.0, 10.0),
                     []<class T>(const Args<T>& a, const Consts<T>&) {
                       DpoModel<T> m = scalar_model(a);
                       m.eps = eps_with_zero(a);
                       m.labels = {1, 1};
                       const T log_v = -a.real("w"), v = exp(log_v);
                       const T gp = m.replicator_potential_derivative(0, v, log_v);
                       return worst(le<T>(gp, T(-m.eps / v)), lt<T>(gp, T(0)));
                     })
          .build();
  return c;
}

// App. F, "Edge cases", M = 0 (all labels −1), ε > β/4.
DCRV_CLAIM(edge_m0) {
  return forall("F.edge-m0", Kind::dynamic)
      .statement(
          R"(All labels $-1$ ($M=0$) and $\varepsilon=c\beta(1+\eta)>c\beta$, $c=\tfrac14$, $\eta\in[10^{-3},10]$: (i) $G_i'<0$ at every $v\in(0,1]$ (so the uniform point is the only interior equilibrium) and the uniform point has zero rate; (ii) global attraction with the SC margin as explicit rate: every $|z_{ik}(t)|\le|z_{ik}(0)|e^{-(\varepsilon-c\beta)t}$ along trajectories on $[0,4]$ from $p(0)\in\operatorname{int}\Delta$; $\beta\in[10^{-3},20]$, $\ell_0\in[-20,5]$, every $K$)")
      .constant("c", 0.25, Role::upper, "SC coefficient (eps > c beta)")
      .over(Domain()
                .dims(2)
                .real("beta", 1e-3, 20.0, true)
                .real("ell0", -20.0, 5.0)
                .simplex("p0")
                .real("eta", 1e-3, 10.0, true)
                .real("w", 0.0, 60.0)
                .points([](int S) {
                  // ℓ₀ = log(1/K): the uniform point sits where −g′ = β/4
                  std::vector<double> p0(S, 1.0);
                  p0[0] = 1.05;
                  return std::vector<Assign>{{{"p0", p0},
                                              {"beta", {8.0}},
                                              {"ell0", {-std::log(double(S))}},
                                              {"eta", {1e-3}},
                                              {"w", {std::log(double(S))}}}};
                }))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        m.labels.assign(a.S(), -1);
        m.eps = sc_eps(a, k("c"));
        const T log_v = -a.real("w"), v = exp(log_v);
        Ineq<T> r = lt<T>(m.replicator_potential_derivative(0, v, log_v), T(0));
        const Vec<T> uniform = Vec<T>::Constant(a.S(), T(1) / T(a.S()));
        r = worst(r, eq<T>(norm_inf<T>(m.rate(uniform, log_of(uniform))), T(0), T(1) + m.eps));
        const Vec<T> p0 = a.simplex("p0");
        const T rate = m.eps - k("c") * m.beta;
        return worst(r, along_dpo_flow(m, log_of(p0), T(4), [&](const T& t, const Vec<T>& p) {
                       return contraction(within_class(m.labels, -1), p0, p, t, rate);
                     }));
      });
}

// App. F, "Choosing a compatible floor".
DCRV_CLAIM(floor_compatible) {
  return forall("F.floor-compatible", Kind::bound)
      .statement(
          R"((i) Under SC, for every $\delta=\theta L_{\mathcal I}(z_\star)$, $\theta\in(0,1]$: $\delta<1/K$ and $\min_ip^\star_i\ge\delta$, i.e.\ $p^\star\in\Delta_\delta$; $M,N\in\{1,\dots,100\}$, $\beta$, $\ell_0$, $\eta\in[10^{-6},10]$. (ii) $L_K(\delta)\to\infty$ as $\delta\downarrow0$, checked as the explicit bound $L_K(\delta)\ge\tfrac12\log\tfrac1\delta-\log(K-1)-\tfrac12$ for $\delta<\min(1/K,\tfrac12)$, $K\in[2,10^4]$, $\delta$ down to $10^{-300}$)")
      .over(zstar_domain().real("theta", 1e-9, 1.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [M, N] = class_sizes(a);
        const DpoModel<T> m = sc_model(a);
        const T zs = m.two_level_root(M, N);
        const auto [lc, li] = DpoModel<T>::two_level_logs(zs, M, N);
        const T delta = a.real("theta") * exp(li);
        const T pmin = exp(lc) < exp(li) ? T(exp(lc)) : T(exp(li));
        return worst(lt<T>(delta, T(T(1) / (M + N))), ge<T>(pmin, delta));
      })
      .and_holds("L_K(delta) -> infinity",
                 Domain().dims(2, 2).real("k", 2.0, 1e4, true).real("u", 1e-300, kUMax, true),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const int K = integer_of(a, "k");
                   const T delta = a.real("u") / T(std::max(K, 2));
                   const T bound = T(-log(delta)) / T(2) - log(T(K - 1)) - T(0.5);
                   return ge<T>(face_gap(K, delta), bound, T(abs(bound) + T(1)));
                 });
}

} // namespace
} // namespace dcrv
