// Appendix H (appendix_H_aistats.tex) — the deterministic core of the stochastic analysis: the SRCT drift on
// the trimmed simplex (tangency, the decomposition F = Sφ − εE), the global Lipschitz moduli and size
// envelopes, the Wright–Fisher diffusion matrix and its uniform ellipticity on T, the exponential Lyapunov
// device (generator inequality, the choice of λ) and the variance-gap inequality of thm:concentration.
//
// Every claim is a ∀-claim of the ordinary engine (edge cases, random and targeted search over K = 2 … budget
// max, MPFR confirmation at --digits). The score is App. H's example of a centred Lipschitz score, φ = w −
// ⟨p,w⟩1 (properties/domains/noise.hpp), whose constants M_φ (the sup over the vertices of Δ_δ⋆) and L_φ =
// √K‖Π_T w‖ are exact, so a bound in M_φ, L_φ is tested against its true constants, not estimates.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "dcrv/simplex.hpp"
#include "dcrv/srct.hpp"
#include "properties/domains/noise.hpp"
#include "properties/domains/points.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {
using namespace noise_domain;

/// Near-coincident pairs: q = p + t(p₂ − p), t ∈ [10⁻¹², 1] log-uniform (p₂ = trim of the second simplex
/// field).
inline Domain with_pair(Domain d) {
  return d.simplex("q2").real("t", 1e-12, 1, true);
}
template <class T> std::pair<Vec<T>, Vec<T>> pair_of(const Args<T>& a, const Vec<T>& p, const T& delta) {
  const Vec<T> p2 = trim<T>(a.simplex("q2"), delta);
  const Vec<T> d = a.real("t") * (p2 - p); // q − p, computed without cancellation
  return {Vec<T>(p + d), d};
}
/// The trim's vertex and a floor pair: the extremal points of the ellipticity bounds.
inline std::vector<Assign> vertex_points(int S) {
  std::vector<Assign> out;
  for (double dl : {1e-6, 0.01, 0.9 / S}) {
    out.push_back({{"q", points::unit_vec(S, 0)}, {"delta", {dl}}});
    std::vector<double> two(S, 0.0);
    two[0] = two[std::min(1, S - 1)] = 0.5;
    out.push_back({{"q", two}, {"delta", {dl}}});
  }
  return out;
}
/// w = 0 (φ = 0) and ε = 3: the entropy term alone (where the C_log part of a bound is tested by itself), and
/// ε = 0 with w ≠ 0 (the score part alone).
inline std::vector<Assign> pure_entropy_points(int S) {
  std::vector<Assign> out;
  for (double dl : {1e-6, 0.01, 0.5 / S})
    for (double t : {1e-6, 0.3}) {
      std::vector<double> q(S, 1.0), q2(S, 1.0);
      q[0] = 20, q2[S - 1] = 20;
      out.push_back(
          {{"w", points::zeros(S)}, {"eps", {3.0}}, {"delta", {dl}}, {"q", q}, {"q2", q2}, {"t", {t}}});
      std::vector<double> w(S, 0.0);
      w[0] = 1;
      out.push_back({{"w", w}, {"eps", {0.0}}, {"delta", {dl}}, {"q", q}, {"q2", q2}, {"t", {t}}});
    }
  if (S ==
      3) // the entropy map's tightest pair found by the search (ratio 0.264 of C_log), with the score off
    out.push_back({{"w", points::zeros(S)},
                   {"eps", {3.0}},
                   {"delta", {1e-8}},
                   {"q", {2.277520383206846, 0.035359002919430116, 2.0330151292554543e-35}},
                   {"q2", {10.693702312293341, 1.0661237789982816e-07, 0.3807938668572413}},
                   {"t", {5.381584571386232e-11}}});
  return out;
}
} // namespace

// ============================================================================================================
// §Domain: the drift
// ============================================================================================================

// App. H §Domain ("F(p) ∈ T by (S1)").
DCRV_CLAIM(claim_drift_tangent) {
  return forall("H.drift-tangent", Kind::identity)
      .where("App. H §Domain, notation and standing hypotheses: definition of the SRCT drift")
      .statement(
          R"(\sum_iF_i(p)=0$ for $F_i=p_i[\phi_i(p)-\varepsilon(\log p_i-\langle\log p\rangle)]$ with the centred score $\phi=w-\langle p,w\rangle\mathbf 1$ (S1), all $p\in\Delta_{\delta_\star}$, $\delta_\star\in(10^{-8},1/K)$, $\varepsilon\in[0,3]$, $w\in[-2,2]^K$, every $K\ge2$)")
      .over(with_instance(Domain().dims(2, 0)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto m = instance(a);
        const Vec<T> F = linear_drift(m.w, m.eps, m.p, m.log_p);
        const T ml = m.p.dot(m.log_p), mw = m.p.dot(m.w);
        T scale(0);
        for (int i = 0; i < m.K; ++i)
          scale += m.p(i) * (abs(m.w(i)) + abs(mw) + m.eps * (abs(m.log_p(i)) + abs(ml)));
        return eq<T>(F.sum(), T(0), scale);
      });
}

// App. H §Domain ("then F(p) = S(p)φ(p) − εE(p)").
DCRV_CLAIM(claim_drift_decomposition) {
  return forall("H.drift-decomposition", Kind::identity)
      .where("App. H §Domain, notation and standing hypotheses (F = S(p)phi(p) - eps E(p))")
      .statement(
          R"(F(p)=S(p)\phi(p)-\varepsilon E(p)$ with $S(p)=\mathrm{diag}(p)-pp^\top$, $E(p)=p\odot(\log p-\langle\log p\rangle\mathbf 1)$, for $F_i=p_i[\phi_i-\varepsilon(\log p_i-\langle\log p\rangle)]$ and the centred $\phi=w-\langle p,w\rangle\mathbf 1$; all $p\in\Delta_{\delta_\star}$, $\varepsilon\in[0,3]$, every $K\ge2$)")
      .over(with_instance(Domain().dims(2, 0)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto m = instance(a);
        const Vec<T> F = linear_drift(m.w, m.eps, m.p, m.log_p);
        const Vec<T> phi = linear_score(m.w, m.p);
        const Vec<T> rhs = selection_covariance(m.p) * phi - m.eps * entropy_drift(m.p);
        T scale(0);
        for (int i = 0; i < m.K; ++i)
          scale = std::max<T>(scale, m.p(i) * (abs(phi(i)) + m.eps * (abs(m.log_p(i)) + 1)));
        return eq<T>(F, rhs, scale);
      });
}

// ============================================================================================================
// §Global Lipschitz moduli and envelopes
// ============================================================================================================

// App. H, Lemma lem:EntLipschitz.
DCRV_CLAIM(claim_entropy_map_lipschitz) {
  return forall("H.entropy-map-lipschitz", Kind::bound)
      .where("App. H §Global Lipschitz moduli, Lemma lem:EntLipschitz")
      .statement(
          R"(\|E(p)-E(q)\|_2\le c\,C_{\log}(K,\delta_\star)\|p-q\|_2$, $C_{\log}=(2+\sqrt K)(1+\log\tfrac1{\delta_\star})$, $c=1$, for all $p,q\in\Delta_{\delta_\star}$ (near-coincident pairs $q=p+t(p_2-p)$, $t\in[10^{-12},1]$, vertices of the trim, near-floor points), $\delta_\star\in(10^{-8},1/K)$, every $K\ge2$)")
      .constant("c", 1.0, Role::upper, "coefficient of C_log = (2+sqrt K)(1+log(1/delta))")
      .over(with_pair(with_instance(Domain().dims(2, 0))).points(vertex_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a);
        const auto [q, d] = pair_of(a, m.p, m.delta);
        if (!(d.norm() > 0))
          return skip<T>();
        const Vec<T> dE = entropy_drift_difference<T>(q, m.p, d);
        return le<T>(dE.norm(), k("c") * C_log(m.K, m.delta) * d.norm());
      });
}

// App. H, Lemma lem:F-Lipschitz.
DCRV_CLAIM(claim_drift_lipschitz) {
  return forall("H.drift-lipschitz", Kind::bound)
      .where("App. H §Global Lipschitz moduli, Lemma lem:F-Lipschitz")
      .statement(
          R"(\|F(p)-F(q)\|_2\le(c_LL_\phi+c_MM_\phi+\varepsilon\,c_{\log}C_{\log}(K,\delta_\star))\|p-q\|_2$, $c_L=c_M=c_{\log}=1$, for the centred $\phi=w-\langle p,w\rangle\mathbf 1$ with its exact $M_\phi=\max_{\text{vertices of }\Delta_{\delta_\star}}\|\phi\|_\infty$ and $L_\phi=\sqrt K\|\Pi_Tw\|_2$; all $p,q\in\Delta_{\delta_\star}$ (near-coincident pairs, vertices), $\varepsilon\in[0,3]$, every $K\ge2$)")
      .constant("cL", 1.0, Role::upper, "coefficient of L_phi")
      .constant("cM", 1.0, Role::upper, "coefficient of M_phi")
      .constant("c_log", 1.0, Role::upper, "coefficient of C_log(K, delta)")
      .over(with_pair(with_instance(Domain().dims(2, 0))).points(vertex_points).points(pure_entropy_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a);
        const auto [q, d] = pair_of(a, m.p, m.delta);
        if (!(d.norm() > 0))
          return skip<T>();
        // F(q) − F(p) = [q⊙φ(q) − p⊙φ(p)] − ε(E(q) − E(p)), φ(q) − φ(p) = −⟨d, w⟩1: no cancellation
        const Vec<T> phi_p = linear_score(m.w, m.p);
        const Vec<T> sel = (d.cwiseProduct(phi_p).array() - q.array() * d.dot(m.w)).matrix();
        const Vec<T> dF = sel - m.eps * entropy_drift_difference<T>(q, m.p, d);
        const T bound = k("cL") * score_lipschitz(m.w) + k("cM") * score_sup(m.w, m.delta) +
                        m.eps * k("c_log") * C_log(m.K, m.delta);
        return le<T>(dF.norm(), bound * d.norm());
      });
}

// App. H §Size envelope ("x|log x| ≤ 1/e").
DCRV_CLAIM(claim_xlogx_envelope) {
  return forall("H.xlogx-envelope", Kind::bound)
      .where("App. H §Size envelope (x|log x| <= 1/e)")
      .statement(
          R"(x|\log x|\le c$ for $x\in[\delta_\star,1]$, $c=1/e$ (attained at $x=1/e$, computed in the working precision); $x\in[10^{-300},1]$)")
      .constant("c", Role::upper, "the envelope 1/e",
                [](auto one) {
                  using std::exp;
                  using boost::multiprecision::exp;
                  return exp(-one);
                })
      .over(Domain().dims(2, 2).real("x", 1e-300, 1, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T x = a.real("x");
        return le<T>(x * abs(log(x)), k("c"));
      })
      .and_holds("attained at x = 1/e",
                 Domain().dims(2, 2).real("x", 1e-300, 1, true).only_points().points([](int) {
                   return std::vector<Assign>{{{"x", {0.36787944117144233}}}};
                 }),
                 []<class T>(const Args<T>&, const Consts<T>& k) {
                   const T x = exp(T(-1));
                   return le<T>(x * abs(log(x)), k("c"));
                 });
}

// App. H §Size envelope ("−⟨log p⟩ ≤ log(1/δ⋆)").
DCRV_CLAIM(claim_neg_entropy_floor) {
  return forall("H.neg-entropy-floor", Kind::bound)
      .where("App. H §Size envelope (-<log p> <= log(1/delta))")
      .statement(
          R"(-\sum_ip_i\log p_i\le\log(1/\delta_\star)$ for all $p\in\Delta_{\delta_\star}$, $\delta_\star\in(10^{-8},1/K)$ (including $\delta_\star\to1/K$, where both sides tend to $\log K$), every $K\ge2$)")
      .over(with_instance(Domain().dims(2, 0)).points([](int S) {
        return std::vector<Assign>{{{"q", std::vector<double>(S, 1.0)}, {"delta", {0.999999 / S}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto m = instance(a);
        return le<T>(-m.p.dot(m.log_p), -log(m.delta));
      });
}

// App. H §Size envelope, eq. (eq:F-size).
DCRV_CLAIM(claim_F_size_envelope) {
  return forall("H.F-size-envelope", Kind::bound)
      .where("App. H §Size envelope, eq. (eq:F-size)")
      .statement(
          R"(|F_i(p)|\le c_MM_\phi+\varepsilon(c_e+\log\tfrac1{\delta_\star})$ for all $i$ and $p\in\Delta_{\delta_\star}$, $c_M=1$, $c_e=1/e$, with the exact $M_\phi$ of the centred $\phi=w-\langle p,w\rangle\mathbf 1$; $\varepsilon\in[0,3]$, every $K\ge2$)")
      .constant("cM", 1.0, Role::upper, "coefficient of M_phi")
      .constant("c_e", Role::upper, "the constant 1/e",
                [](auto one) {
                  using std::exp;
                  using boost::multiprecision::exp;
                  return exp(-one);
                })
      .over(with_instance(Domain().dims(2, 0)).points(vertex_points).points([](int S) {
        std::vector<Assign> out;
        std::vector<double> w(S, 0.0), q(S, 1.0);
        w[0] = 1, q[0] = 1.5;
        for (double dl : {1e-6, 0.45 / S}) {
          out.push_back({{"w", points::zeros(S)}, {"eps", {1.0}}, {"delta", {dl}}, {"q", q}});
          out.push_back({{"w", w}, {"eps", {0.0}}, {"delta", {dl}}, {"q", q}});
        }
        return out;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a);
        const Vec<T> F = linear_drift(m.w, m.eps, m.p, m.log_p);
        return le<T>(F.cwiseAbs().maxCoeff(),
                     k("cM") * score_sup(m.w, m.delta) + m.eps * (k("c_e") - log(m.delta)));
      });
}

// ============================================================================================================
// (WF): diffusion matrix and ellipticity
// ============================================================================================================

// App. H, eq. (eq:WF) and §Uniform ellipticity (Q(p) = γS(p)).
DCRV_CLAIM(claim_wf_covariance) {
  return forall("H.wf-covariance", Kind::identity)
      .where("App. H, eq. (eq:WF) and §Uniform ellipticity (Q(p) = gamma S(p))")
      .statement(
          R"(\sigma\sigma^\top=\gamma(\mathrm{diag}\,p-pp^\top)=Q(p)$ for $\sigma=\sqrt\gamma(\mathrm{diag}\sqrt p-p\sqrt p^\top)$, and $\mathbf 1^\top\sigma=0$ on $\sum_ip_i=1$ (the noise increments sum to zero: $\sum_ip_i(t)$ is conserved); all $p$ in the open simplex, $\gamma\in[10^{-4},10^2]$, every $K\ge2$)")
      .over(Domain().dims(2, 0).simplex("p").real("gamma", 1e-4, 1e2, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        const T g = a.real("gamma");
        const Mat<T> sig = wf_sigma(p, g);
        const Mat<T> Q = wf_covariance(p, g);
        return worst(
            eq<T>(Mat<T>(sig * sig.transpose()), Q, g),
            eq<T>(Vec<T>(sig.transpose() * Vec<T>::Ones(p.size())), Vec<T>::Zero(p.size()), sqrt(g)));
      });
}

// App. H §Unreflected vs. reflected diffusions (unreflected model): the marginal variance at a face.
DCRV_CLAIM(claim_face_variance) {
  return forall("H.face-variance", Kind::identity)
      .where("App. H §Unreflected vs. reflected diffusions (unreflected model)")
      .statement(
          R"(\text{for (WF), }\frac{d}{dt}\langle p_i\rangle_t=Q_{ii}(p)=\gamma\,\delta_\star(1-\delta_\star)>0$ at every $p$ with $p_i=\delta_\star$ (points of the facet of $\Delta_{\delta_\star}$), $\gamma\in[10^{-4},10^2]$, every $K\ge2$)")
      .over(with_instance(Domain().dims(2, 0), 3.0, true).index("i"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto m = instance(a, true);
        const int i = a.index("i");
        const Vec<T> p = facet_point<T>(a.simplex("q"), i, m.delta);
        const Mat<T> sig = wf_sigma(p, m.gamma);
        const T var = (sig * sig.transpose())(i, i);
        return worst(eq<T>(var, m.gamma * m.delta * (T(1) - m.delta)), le<T>(T(0), var));
      });
}

// App. H §Uniform ellipticity, eq. (eq:elliptic), upper bound (Popoviciu).
DCRV_CLAIM(claim_ellipticity_upper) {
  return forall("H.ellipticity-upper", Kind::bound)
      .where("App. H §Uniform ellipticity on the tangent bundle, eq. (eq:elliptic), upper bound")
      .statement(
          R"(v^\top Q(p)v\le c\,\gamma\|v\|_2^2$, $c=\tfrac12$, for $Q=\gamma(\mathrm{diag}\,p-pp^\top)$, all $p\in\Delta_{\delta_\star}$ (uniform, two-point, vertices of the trim), $v\in T$, $\gamma\in[10^{-4},10^2]$, every $K\ge2$)")
      .constant("c", 0.5, Role::upper, "coefficient of gamma |v|^2")
      .over(with_instance(Domain().dims(2, 0), 3.0, true).tangent("v").points(vertex_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a, true);
        const Vec<T> v = center(a.tangent("v"));
        if (!(v.norm() > 0))
          return skip<T>();
        return le<T>(v.dot(wf_covariance(m.p, m.gamma) * v), k("c") * m.gamma * v.squaredNorm());
      });
}

// App. H §Uniform ellipticity, eq. (eq:elliptic), lower bound.
DCRV_CLAIM(claim_ellipticity_lower) {
  return forall("H.ellipticity-lower", Kind::bound)
      .where("App. H §Uniform ellipticity on the tangent bundle, eq. (eq:elliptic), lower bound")
      .statement(
          R"(v^\top Q(p)v\ge c\,\gamma\delta_\star\|v\|_2^2$, $c=1$, for all $p\in\Delta_{\delta_\star}$ (one or several coordinates at the floor), $v\in T$ (including $v=e_j-e_k$ on two floor coordinates, where equality holds), $\gamma\in[10^{-4},10^2]$, every $K\ge2$)")
      .constant("c", 1.0, Role::lower, "coefficient of gamma delta |v|^2")
      .over(with_instance(Domain().dims(2, 0), 3.0, true).tangent("v").points([](int S) {
        std::vector<Assign> out;
        if (S < 3)
          return out;
        std::vector<double> v(S, 0.0);
        v[1] = 1, v[2] = -1;
        for (double dl : {1e-6, 0.05 / S, 0.5 / S})
          out.push_back({{"q", points::unit_vec(S, 0)}, {"delta", {dl}}, {"v", v}});
        return out;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a, true);
        const Vec<T> v = center(a.tangent("v"));
        if (!(v.norm() > 0))
          return skip<T>();
        return ge<T>(v.dot(wf_covariance(m.p, m.gamma) * v), k("c") * m.gamma * m.delta * v.squaredNorm());
      });
}

// ============================================================================================================
// §Small centred bias: the exponential Lyapunov device
// ============================================================================================================

namespace {
/// The centred bias b (Σb = 0) of a sample: the vector field "b" re-centred.
template <class T> Vec<T> bias_of(const Args<T>& a) {
  return center(a.vec("b"));
}
template <class T> T sup_norm(const Vec<T>& v) {
  return v.cwiseAbs().maxCoeff();
}
/// V(p) = Σ p_j (b_j − m)², m = ⟨p, b⟩.
template <class T> T variance_of(const Vec<T>& b, const Vec<T>& p) {
  const T m = p.dot(b);
  T v(0);
  for (Eigen::Index j = 0; j < p.size(); ++j)
    v += p(j) * (b(j) - m) * (b(j) - m);
  return v;
}
} // namespace

// App. H, proof of Lemma lem:Lyap: the envelope Σ_j p_j|log p_j − ⟨log p⟩| ≤ C_log.
DCRV_CLAIM(claim_lyap_log_envelope) {
  return forall("H.lyap-log-envelope", Kind::bound)
      .where("App. H, proof of Lemma lem:Lyap (envelope sum_j p_j|log p_j - <log p>| <= C_log)")
      .statement(
          R"(\sum_jp_j|\log p_j-\langle\log p\rangle|\le c\,C_{\log}(K,\delta_\star)$, $c=1$, $C_{\log}=(2+\sqrt K)(1+\log\tfrac1{\delta_\star})$, all $p\in\Delta_{\delta_\star}$, $\delta_\star\in(10^{-8},1/K)$, every $K\ge2$)")
      .constant("c", 1.0, Role::upper, "coefficient of C_log")
      .over(with_instance(Domain().dims(2, 0)).points(vertex_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a);
        const T ml = m.p.dot(m.log_p);
        T s(0);
        for (int j = 0; j < m.K; ++j)
          s += m.p(j) * abs(T(m.log_p(j) - ml));
        return le<T>(s, k("c") * C_log(m.K, m.delta));
      });
}

// App. H, Lemma lem:Lyap, first display: the pointwise generator inequality.
DCRV_CLAIM(claim_lyap_generator_inequality) {
  return forall("H.lyap-generator-inequality", Kind::bound)
      .where("App. H §Small centred bias, Lemma lem:Lyap (first display)")
      .statement(
          R"(\mathcal L^\delta U\ge U\big(\lambda V-c\,\lambda\|\delta\|_\infty(M_\phi+\varepsilon\,c_{\log}C_{\log})\big)$, $c=c_{\log}=1$, for $U=e^{\lambda m}$, $m=\delta\cdot p$, $V=\sum_jp_j(\delta_j-m)^2$, $\mathcal L^\delta=F^\delta\cdot\nabla+\tfrac12\mathrm{tr}(Q\nabla^2)$ applied pointwise ($\nabla U=\lambda U\delta$, $\nabla^2U=\lambda^2U\delta\delta^\top$), $F^\delta_i=p_i[\phi_i+\delta_i-\langle p,\delta\rangle-\varepsilon(\log p_i-\langle\log p\rangle)]$, the centred $\phi=w-\langle p,w\rangle\mathbf 1$ with its exact $M_\phi$; all $p\in\Delta_{\delta_\star}$, centred bias $\delta\in[-5,5]^K$, $\lambda\in[10^{-3},10^3]$, $\varepsilon\in[0,3]$, $\gamma\in[10^{-4},10^2]$ and $\gamma=0$, every $K\ge2$ (the reading "generator of the reflected process including its boundary term" is not the pointwise operator))")
      .constant("c", 1.0, Role::upper, "coefficient of lambda |delta|_inf (M_phi + eps C_log)")
      .constant("c_log", 1.0, Role::upper, "coefficient of C_log")
      .over(with_instance(Domain().dims(2, 0), 3.0, true)
                .vector("b", 5.0)
                .real("lambda", 1e-3, 1e3, true)
                .points([](int S) {
                  std::vector<Assign> out;
                  for (double g : {0.0, 1.0})
                    out.push_back({{"gamma", {g}}, {"w", points::zeros(S)}, {"eps", {0.0}}});
                  if (S == 2) {
                    // the score part tight: φ = (Δw(1−y), −Δw y), bias against it; the entropy part tight:
                    // bias along log p − ⟨log p⟩
                    out.push_back({{"gamma", {0.0}},
                                   {"w", {1.0, 0.0}},
                                   {"eps", {0.0}},
                                   {"b", {-1.0, 1.0}},
                                   {"q", {1.0, 1.0}},
                                   {"delta", {1e-3}},
                                   {"lambda", {1e-3}}});
                    out.push_back({{"gamma", {0.0}},
                                   {"w", {0.0, 0.0}},
                                   {"eps", {1.0}},
                                   {"b", {5.0, -5.0}},
                                   {"q", {0.9, 0.1}},
                                   {"delta", {0.05}},
                                   {"lambda", {1e-3}}});
                  }
                  return out;
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a, true);
        const Vec<T> b = bias_of(a);
        const T lam = a.real("lambda");
        const Vec<T> phi = linear_score(m.w, m.p);
        const T mb = m.p.dot(b), ml = m.p.dot(m.log_p);
        // L^δU / U = λ F^δ·b + ½λ² bᵀQb
        T Fb(0);
        for (int i = 0; i < m.K; ++i)
          Fb += m.p(i) * (phi(i) + b(i) - mb - m.eps * (m.log_p(i) - ml)) * b(i);
        const T lhs = lam * Fb + T(0.5) * lam * lam * b.dot(wf_covariance(m.p, m.gamma) * b);
        const T rhs =
            lam * variance_of(b, m.p) -
            k("c") * lam * sup_norm(b) * (score_sup(m.w, m.delta) + m.eps * k("c_log") * C_log(m.K, m.delta));
        const T scale =
            lam * sup_norm(b) * (score_sup(m.w, m.delta) + sup_norm(b) + m.eps * C_log(m.K, m.delta));
        return ge<T>(lhs, rhs, scale);
      });
}

// Reading ~reflected-generator of H.lyap-generator-inequality: the generator of the reflected process, whose
// domain carries the reflection's boundary condition. For the inequality to pass to the reflected diffusion,
// U must not lose mass through the faces: ∇U·ν ≥ 0 on every face (ν the inward normal within H); otherwise
// the local-time term λU δ·ν dℓ of Itô's formula is negative and no generator inequality holds for the
// reflected process.
DCRV_CLAIM(claim_lyap_generator_reflected) {
  return forall("H.lyap-generator-inequality~reflected-generator", Kind::bound)
      .reading(
          "the generator of the reflected process including its boundary behaviour: U = exp(lambda m) must "
          "satisfy the reflection's boundary condition grad U . nu >= 0 on the faces (no negative local-time "
          "term)")
      .where("App. H §Small centred bias, Lemma lem:Lyap (first display)")
      .statement(
          R"(\text{For the reflected diffusion on }\Delta_{\delta_\star}$, Itô's formula for $U=e^{\lambda m}$ carries the boundary term $\nabla U\cdot\nu\,d\ell_t=\lambda U\,\delta\cdot\nu\,d\ell_t$ on each face ($\nu_i=e_i-\tfrac1K\mathbf 1$, the inward normal within $\{\sum p=1\}$ of the face $p_i=\delta_\star$, $\ell$ its local time); the lemma's inequality holds for the reflected generator only if $\nabla U\cdot\nu_i\ge0$ on every face: checked at facet points, centred bias $\delta\in[-5,5]^K$, $\lambda\in[10^{-3},10^3]$, every $K\ge2$)")
      .over(with_instance(Domain().dims(2, 0)).vector("b", 5.0).real("lambda", 1e-3, 1e3, true).index("i"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto m = instance(a);
        const Vec<T> b = bias_of(a);
        const int i = a.index("i");
        const Vec<T> p = facet_point<T>(a.simplex("q"), i, m.delta);
        const T lam = a.real("lambda");
        const T U = exp(lam * p.dot(b));
        Vec<T> nu = Vec<T>::Constant(m.K, T(-1) / T(m.K));
        nu(i) += 1;
        const T flux = lam * U * b.dot(nu);
        return ge<T>(flux, T(0), lam * U * sup_norm(b));
      });
}

// App. H, Lemma lem:Lyap, second display: the choice of λ.
DCRV_CLAIM(claim_lyap_lambda_choice) {
  return forall("H.lyap-lambda-choice", Kind::identity)
      .skips("a zero bias (sup |b| = 0) or x <= 0 leaves lambda undefined; samples where no face condition "
             "applies are skipped")
      .where("App. H §Small centred bias, Lemma lem:Lyap (second display)")
      .statement(
          R"(\lambda:=(2\|\delta\|_\infty(M_\phi+\varepsilon C_{\log}))^{-1}\implies\lambda\|\delta\|_\infty(M_\phi+\varepsilon C_{\log})=c$, $c=\tfrac12$, so the lemma's bound reads $\mathcal L^\delta U\ge U(\lambda V-\tfrac12)$; centred $\delta\in[-5,5]^K$, the exact $M_\phi$ of $\phi=w-\langle p,w\rangle\mathbf 1$, $\varepsilon\in[0,3]$ (skipped when $M_\phi+\varepsilon C_{\log}=0$), every $K\ge2$)")
      .constant("c", 0.5, Role::exact, "the value of lambda |delta|_inf (M_phi + eps C_log)")
      .over(with_instance(Domain().dims(2, 0)).vector("b", 5.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a);
        const Vec<T> b = bias_of(a);
        const T x = score_sup(m.w, m.delta) + m.eps * C_log(m.K, m.delta);
        if (!(x > 0) || !(sup_norm(b) > 0))
          return skip<T>();
        const T lam = T(1) / (T(2) * sup_norm(b) * x);
        return eq<T>(lam * sup_norm(b) * x, k("c"));
      });
}

// App. H, Theorem thm:concentration ("Since V(p) ≥ γ_δ² L(p)(1−L(p))").
DCRV_CLAIM(claim_variance_gap_bound) {
  return forall("H.variance-gap-bound", Kind::bound)
      .where("App. H, Theorem thm:concentration (V(p) >= gamma_delta^2 L(p)(1 - L(p)))")
      .statement(
          R"(V(p)\ge\gamma_\delta^2L(p)(1-L(p))$ with $V=\sum_jp_j(\delta_j-\langle p,\delta\rangle)^2$, $S=\arg\max\delta$, $I=S^c\neq\emptyset$, $\gamma_\delta=\delta_{\max}-\max_{i\in I}\delta_i$, $L=\sum_{i\in I}p_i$; all $p$ in the closed simplex, $\delta\in[-5,5]^K$ with and without ties at the maximum (edge points), every $K\ge2$)")
      .over(Domain().dims(2, 0).simplex("p", true).vector("b", 5.0).points([](int S) {
        std::vector<Assign> out;
        std::vector<double> tie(S, -1.0);
        tie[0] = 2;
        if (S > 2)
          tie[1] = 2;
        out.push_back({{"b", tie}});
        std::vector<double> two(S, 0.0);
        two[0] = 1;
        out.push_back({{"b", two}, {"p", std::vector<double>(S, 1.0)}});
        return out;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        const Vec<T> b = a.vec("b");
        const T bmax = b.maxCoeff();
        T second = -std::numeric_limits<double>::infinity(), L(0);
        bool any = false;
        for (Eigen::Index i = 0; i < b.size(); ++i)
          if (b(i) < bmax) {
            any = true;
            second = std::max<T>(second, b(i));
            L += p(i);
          }
        if (!any)
          return skip<T>();
        const T gap = bmax - second;
        return ge<T>(variance_of(b, p), gap * gap * L * (T(1) - L));
      });
}

} // namespace dcrv
