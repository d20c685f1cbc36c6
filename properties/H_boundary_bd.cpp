// Appendix H §"Boundary behavior: entropy gap and BD conditions" and §"Unreflected vs. reflected diffusions"
// (appendix_H_aistats.tex): the face gap Γ and L_K, the facewise barrier–dominance condition BD♯ and its
// sufficient test, deterministic forward invariance of Δ_δ⋆, the bandwise confinement of the unreflected (WF)
// (thm:band) and its "ever touching" corollary, the reflected model's invariance and the floor on the unfit
// mass.
//
// The K = 2 Wright–Fisher diffusion with the centred linear score is one-dimensional, y = p₁:
//   dy = y(1−y)(Δw − ε logit y) dt + √(γy(1−y)) dW,
// and its hitting probabilities are exact through the scale function e^{−Φ}, Φ(y) = (2/γ)(Δw·y − ε ℓ(y)),
// ℓ(y) = y log y + (1−y) log(1−y) (dcrv/stats.hpp, adaptive Gauss–Legendre in MPFR). Those claims are checked
// exactly over their parameter ranges; K = 3 (where the coordinate p_i is not Markov) by Monte Carlo of the
// unreflected log-coordinate Euler–Maruyama scheme with a Brownian-bridge correction of the discrete
// monitoring.
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/sde.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/stats.hpp"
#include "properties/domains/noise.hpp"
#include "properties/domains/noise_fits.hpp"
#include "properties/domains/points.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv {
namespace {
using namespace noise_domain;

/// Γ(y) = (1 − y) log((1 − y)/((K − 1)y)) (App. H eq. Gamma).
template <class T> T Gamma(int K, const T& y) {
  return (T(1) - y) * log((T(1) - y) / (T(K - 1) * y));
}
/// Γ_band = inf_{y∈[δ, y_max]} Γ(y): Γ is convex (Γ″ = 1/(1−y) + 1/y + 1/y² > 0), so the infimum is at y_max
/// or at the zero of Γ′(y) = −log((1−y)/((K−1)y)) − 1/y, found by bisection in T.
template <class T> T gamma_band(int K, const T& delta, const T& ymax) {
  const auto dG = [K](const T& y) { return -log((T(1) - y) / (T(K - 1) * y)) - T(1) / y; };
  if (!(dG(ymax) > 0))
    return Gamma(K, ymax);
  T lo = delta, hi = ymax;
  if (dG(lo) > 0)
    return Gamma(K, lo);
  const int bits = static_cast<int>(3.4 * scalar_digits<T>()) + 8;
  for (int it = 0; it < bits; ++it) {
    const T mid = (lo + hi) / 2;
    (dG(mid) > 0 ? hi : lo) = mid;
  }
  return Gamma(K, T((lo + hi) / 2));
}
/// A linear rate field (the flow of the centred linear score) for integrate_flow / along_trajectory.
template <class T> RateField<T> linear_rate_field(const Vec<T>& w, const T& eps) {
  return [w, eps](const T&, const Vec<T>& p, const Vec<T>& lp) {
    const T mw = p.dot(w), ml = p.dot(lp);
    return Vec<T>((w.array() - mw - eps * (lp.array() - ml)).matrix());
  };
}
/// The instance fields of the trajectory claims: floors δ⋆ ∈ [10⁻³, 0.6/K] (so that L_K(δ⋆) ≥ 0.4 and ε =
/// M_φ/L_K stays moderate: the flows are not stiff), ε is set by the claim.
inline Domain with_viability_instance(Domain d) {
  return d.vector("w", 2.0)
      .simplex("q")
      .real(
          "delta",
          [](int K) {
            return std::pair{1e-3, 0.6 / K};
          },
          true)
      .real("eps", 0, 1);
}
/// The paper's tight case of BD: w = (−1, 1, …, 1) at the equal-split point of the facet p₁ = δ, where φ₁ =
/// −M_φ and the entropy gap is L_K(δ) simultaneously.
inline std::vector<Assign> bd_tight_points(int S) {
  std::vector<Assign> out;
  std::vector<double> w(S, 1.0), q(S, 1.0);
  w[0] = -1, q[0] = 0;
  for (double dl : {1e-4, 0.02, 0.5 / S})
    out.push_back({{"w", w}, {"q", q}, {"delta", {dl}}, {"i", {0.0}}});
  return out;
}

// ----- the band of thm:band, K = 2 exactly
// --------------------------------------------------------------------

/// The parameters of thm:band at a sample of the K = 2 domain: δ, η₀, y_max, Γ_band, M_φ (over Δ_δ), ε with
/// εΓ_band = M_φ(1 + v) (+ a floor so that M_φ = 0 still has ε > 0), γ, Y₀ = δ + uη₀.
template <class T> struct Band {
  T delta, eta0, ymax, gband, M, eps, gamma, y0, dw, mu, s2max;
  bool valid = false;
};
template <class T> Band<T> band_of(const Args<T>& a) {
  Band<T> b;
  b.delta = a.real("delta");
  b.eta0 = a.real("eta0") * (T(1) - T(2) * b.delta);
  b.ymax = b.delta + b.eta0;
  const Vec<T> w = a.vec("w");
  b.dw = w(0) - w(1);
  b.gband = gamma_band(2, b.delta, b.ymax);
  b.M = score_sup(w, b.delta);
  if (!(b.gband > 0))
    return b;
  b.eps = (b.M * (T(1) + a.real("v")) + T(1e-3)) / b.gband;
  b.gamma = a.real("gamma");
  b.y0 = b.delta + a.real("u") * b.eta0;
  b.mu = b.delta * (b.eps * b.gband - b.M);
  b.s2max = b.gamma * b.ymax * (T(1) - b.delta);
  b.valid = b.mu > 0 && b.eta0 > 0;
  return b;
}
inline Domain band_domain() {
  return Domain()
      .dims(2, 2)
      .vector("w", 2.0)
      .real("delta", 1e-3, 0.45, true)
      .real("eta0", 1e-3, 1)
      .real("v", 1e-3, 10, true)
      .real("gamma", 1e-3, 1, true)
      .real("u", 0, 1)
      .points([](int) {
        std::vector<Assign> out;
        for (double dl : {0.01, 0.05, 0.2, 0.4})
          for (double u : {1e-6, 0.02, 0.5})
            out.push_back({{"w", {0.5, -0.5}},
                           {"delta", {dl}},
                           {"eta0", {0.3}},
                           {"v", {0.5}},
                           {"gamma", {0.01}},
                           {"u", {u}}});
        // the tightest instance found by a scan of the domain: effective exponent factor 2.149 (> 2)
        out.push_back({{"w", {-0.687628, 0.0}},
                       {"delta", {0.293013}},
                       {"eta0", {0.020312}},
                       {"v", {7.17999}},
                       {"gamma", {0.0035048}},
                       {"u", {0.829394}}});
        return out;
      });
}
/// P_Y₀(p₁ hits δ before y_max) for K = 2, exactly (scale function).
template <class T> T band_hit(const Band<T>& b) {
  return wf2_hit_lower_first<T>(b.dw, b.eps, b.gamma, b.delta, b.y0, b.ymax);
}
template <class T> T band_bound(const Band<T>& b, const T& c) {
  return exp(-c * b.mu * (b.y0 - b.delta) / b.s2max);
}

// ----- Monte Carlo of the unreflected (WF), K = 3
// ---------------------------------------------------------------

/// Runs the unreflected log-EM (WF) from p₀ until p_i leaves (lo, hi), with the Brownian-bridge crossing
/// correction at both levels; returns +1 (hit lo first), 0 (hit hi first), −1 (neither within max_steps).
int first_exit(std::uint64_t seed, std::uint64_t path, const LinearDrift& d, double gamma, double h,
               const double* p0, int K, int i, double lo, double hi, long max_steps) {
  StepScratch w;
  double p[kMaxCategories], y[kMaxCategories];
  for (int k = 0; k < K; ++k)
    p[k] = p0[k], y[k] = std::log(p0[k]);
  for (long t = 0; t < max_steps; ++t) {
    const double x0 = p[i], var = gamma * x0 * (1 - x0);
    rng::Stream s(seed, path, static_cast<std::uint64_t>(t));
    int smallest = 0;
    for (int k = 1; k < K; ++k)
      if (p[k] < p[smallest])
        smallest = k;
    const PathStatus st = wf_em_log_step(s, d, gamma, h, y, p, K, w);
    if (st != PathStatus::ok) {
      // a coordinate collapsed to a face in double precision (the faces are exit boundaries; the Itô term
      // −γ/(2p) of the log-coordinates explodes there): the smallest coordinate before the step is the one
      // that reached its face. If it is the monitored one it crossed `lo`; otherwise the path was absorbed
      // elsewhere (K = 2: p_i = 1 for ever, never touching lo) — undecided for K > 2
      if (smallest == i)
        return 1;
      return K == 2 ? 0 : -1;
    }
    require_ok(st, "(WF) Euler-Maruyama (log), unreflected", seed, path, t + 1);
    const double x1 = p[i];
    rng::Stream u(seed, path, static_cast<std::uint64_t>(t), rng::tag_bridge);
    const double r1 = u.uniform(), r2 = u.uniform();
    if (x1 <= lo || r1 < bridge_crossing_probability(x0, x1, lo, var, h))
      return 1;
    if (x1 >= hi || r2 < bridge_crossing_probability(x0, x1, hi, var, h))
      return 0;
  }
  return -1;
}
} // namespace

// ============================================================================================================
// Face gap and BD
// ============================================================================================================

// App. H §Boundary behavior, eq. (eq:Gamma).
DCRV_CLAIM(claim_face_gap_formula) {
  return forall("H.face-gap-formula", Kind::identity)
      .where("App. H §Boundary behavior: entropy gap and BD conditions, eq. (eq:Gamma)")
      .statement(
          R"(\inf_{p\in\Delta^{K-1},\,p_i=y}\big(\sum_jp_j\log p_j-\log p_i\big)=\Gamma(y)=(1-y)\log\frac{1-y}{(K-1)y}$: attained at the equal split $p_j=(1-y)/(K-1)$ (identity at that point) and a lower bound at every other point of the facet (random points $p=y\,e_i+(1-y)q$, $q$ in the closed simplex of the other coordinates); $y\in(10^{-12},1-10^{-9})$, every $K\ge2$)")
      .over(Domain().dims(2, 0).real("y", 1e-12, 1 - 1e-9, true).simplex("q", true).index("i"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = a.S(), i = a.index("i");
        const T y = a.real("y");
        // equal split
        T v_eq = y * log(y) - log(y);
        if (K > 1)
          v_eq += (T(1) - y) * log((T(1) - y) / T(K - 1));
        // a random point of the facet p_i = y
        Vec<T> q = a.simplex("q");
        q(i) = 0;
        const T qs = q.sum();
        T v(0);
        if (qs > 0) {
          Vec<T> p = (T(1) - y) * q / qs;
          p(i) = y;
          for (int j = 0; j < K; ++j)
            if (p(j) > 0)
              v += p(j) * log(p(j));
          v -= log(y);
        } else
          v = v_eq;
        const T G = Gamma(K, y);
        return worst(eq<T>(v_eq, G, abs(log(y)) + T(1)), ge<T>(v, G, abs(log(y)) * cancel_scale<T>()));
      });
}

// App. H §Boundary behavior ("L_K(δ) > 0 for δ ∈ (0, 1/K)").
DCRV_CLAIM(claim_LK_positive) {
  return forall("H.LK-positive", Kind::bound)
      .where("App. H §Boundary behavior (L_K(delta) > 0 for delta in (0, 1/K))")
      .statement(
          R"(L_K(\delta)=(1-\delta)\log\frac{1-\delta}{(K-1)\delta}>0$ for every $\delta\in(0,1/K)$ (including $\delta\to1/K$, where $L_K\to0^+$), every $K\ge2$)")
      .over(Domain().dims(2, 0).real("delta", noise_floor_range(), true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T L = face_gap<T>(a.S(), a.real("delta"));
        return L > 0 ? ge<T>(L, T(0)) : le<T>(T(1), T(0)); // strict: L = 0 is a violation
      });
}

// App. H §Boundary behavior ("if p_i = δ⋆ then ⟨log p⟩ − log p_i ≥ L_K(δ⋆)").
DCRV_CLAIM(claim_face_gap_at_floor) {
  return forall("H.face-gap-at-floor", Kind::bound)
      .where("App. H §Boundary behavior (if p_i = delta then <log p> - log p_i >= L_K(delta))")
      .statement(
          R"(\langle\log p\rangle-\log p_i\ge L_K(\delta_\star)$ for every $p\in\Delta^{K-1}$ with $p_i=\delta_\star$ (points of the facet, including its equal-split point where equality holds), $\delta_\star\in(10^{-8},1/K)$, every $K\ge2$)")
      .over(with_instance(Domain().dims(2, 0)).index("i").points(bd_tight_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto m = instance(a);
        const int i = a.index("i");
        const Vec<T> p = facet_point<T>(a.simplex("q"), i, m.delta);
        T ml(0);
        for (int j = 0; j < m.K; ++j)
          ml += p(j) * log(p(j));
        return ge<T>(ml - log(m.delta), face_gap<T>(m.K, m.delta), abs(log(m.delta)) * cancel_scale<T>());
      });
}

// App. H §Barrier–Dominance (facewise), eq. (eq:BD-suff).
DCRV_CLAIM(claim_BD_sufficient) {
  return forall("H.BD-sufficient", Kind::bound)
      .skips("instances with a zero field (M_phi = 0 or L = 0) are outside the lemma's hypotheses")
      .where("App. H §Barrier-Dominance (facewise), eq. (eq:BD-suff)")
      .statement(
          R"(\varepsilon L_K(\delta_\star)>c\,M_\phi\ (c=1)\implies\phi_i(p)+\varepsilon(\langle\log p\rangle-\log p_i)>0$ at every $p\in\Delta_{\delta_\star}$ with $p_i=\delta_\star$ (BD$^\sharp$); $\phi=w-\langle p,w\rangle\mathbf 1$ with its exact $M_\phi$, $\varepsilon=c\,M_\phi(1+v)/L_K(\delta_\star)$, $v\in[10^{-9},3]$; facet points including the tight case $w=(-1,1,\dots,1)$ at the equal split; every $K\ge2$)")
      .constant("c", 1.0, Role::upper, "threshold factor in eps L_K > c M_phi")
      .over(with_instance(Domain().dims(2, 0)).index("i").real("v", 1e-9, 3, true).points(bd_tight_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a);
        const int i = a.index("i");
        const T M = score_sup(m.w, m.delta), L = face_gap<T>(m.K, m.delta);
        if (!(M > 0) || !(L > 0))
          return skip<T>();
        const T eps = k("c") * M * (T(1) + a.real("v")) / L;
        const Vec<T> p = facet_point<T>(a.simplex("q"), i, m.delta);
        const Vec<T> phi = linear_score(m.w, p);
        T ml(0);
        for (int j = 0; j < m.K; ++j)
          ml += p(j) * log(p(j));
        const T val = phi(i) + eps * (ml - log(m.delta));
        return val > 0 ? ge<T>(val, T(0), M) : le<T>(M, T(0)); // strict: val ≤ 0 violates BD♯
      });
}

// App. H, Proposition prop:viability (first sentence).
DCRV_CLAIM(claim_viability) {
  return forall("H.viability", Kind::dynamic)
      .where("App. H, Proposition prop:viability (deterministic forward invariance)")
      .statement(
          R"(\text{BD}^\sharp\implies\Delta_{\delta_\star}$ is forward invariant for $\dot p=F(p)$: $\min_ip_i(t)\ge\delta_\star$ at every accepted step on $t\in[0,5]$, starting on a facet $p_i=\delta_\star$ (including the tight equal-split point) or at a vertex of the trim; BD$^\sharp$ through its sufficient test $\varepsilon=M_\phi(1+v)/L_K(\delta_\star)$, $v\in[10^{-6},1]$, $\phi=w-\langle p,w\rangle\mathbf 1$, $w\in[-2,2]^K$, $\delta_\star\in[10^{-3},0.6/K]$; $K=2,\dots,4$; log-coordinates, Dormand--Prince / Bulirsch--Stoer)")
      .over(with_viability_instance(Domain().dims(2, 4))
                .index("i")
                .real("v", 1e-6, 1, true)
                .points(bd_tight_points))
      .effort(0.05)
      .holds(along_trajectory(
          5.0,
          []<class T>(const Args<T>& a, const Consts<T>&) {
            const auto m = instance(a);
            const T M = score_sup(m.w, m.delta), L = face_gap<T>(m.K, m.delta);
            return linear_rate_field<T>(m.w, T((M * (T(1) + a.real("v")) + T(1e-6)) / L));
          },
          []<class T>(const Args<T>& a, const Consts<T>&) {
            return facet_point<T>(a.simplex("q"), a.index("i"), T(a.real("delta")));
          },
          []<class T>(const Args<T>& a, const Consts<T>&, const T&, const Vec<T>& p) {
            const T delta = a.real("delta");
            return ge<T>(p.minCoeff(), delta, delta * flow_slack<T>() / identity_tolerance<T>());
          }));
}

// App. H, Proposition prop:viability (second sentence): the conservative test εL_K ≥ 2M_φ.
DCRV_CLAIM(claim_viability_conservative_test) {
  return forall("H.viability-conservative-test", Kind::dynamic)
      .where("App. H, Proposition prop:viability (second sentence)")
      .statement(
          R"(\varepsilon L_K(\delta_\star)\ge c\,M_\phi\ (c=2)$ is sufficient for forward invariance of $\Delta_{\delta_\star}$: with $\varepsilon=c\,M_\phi/L_K$ exactly (the boundary case) and $M_\phi=0$ included ($w=0$, $\varepsilon=0$), $\min_ip_i(t)\ge\delta_\star$ at every accepted step on $t\in[0,5]$ from facet points (including the tight equal-split point) and trim vertices; $w\in[-2,2]^K$, $\delta_\star\in[10^{-3},0.6/K]$, $K=2,\dots,4$)")
      .constant("c", 2.0, Role::upper, "factor in the test eps L_K >= c M_phi")
      .over(with_viability_instance(Domain().dims(2, 4)).index("i").points([](int S) {
        auto out = bd_tight_points(S);
        out.push_back({{"w", points::zeros(S)}, {"q", std::vector<double>(S, 1.0)}, {"delta", {0.5 / S}}});
        return out;
      }))
      .effort(0.05)
      .holds(along_trajectory(
          5.0,
          []<class T>(const Args<T>& a, const Consts<T>& k) {
            const auto m = instance(a);
            const T M = score_sup(m.w, m.delta), L = face_gap<T>(m.K, m.delta);
            return linear_rate_field<T>(m.w, T(k("c") * M / L));
          },
          []<class T>(const Args<T>& a, const Consts<T>&) {
            return facet_point<T>(a.simplex("q"), a.index("i"), T(a.real("delta")));
          },
          []<class T>(const Args<T>& a, const Consts<T>&, const T&, const Vec<T>& p) {
            const T delta = a.real("delta");
            return ge<T>(p.minCoeff(), delta, delta * flow_slack<T>() / identity_tolerance<T>());
          }));
}

// ============================================================================================================
// Bandwise confinement of the unreflected (WF)
// ============================================================================================================

namespace {
/// The exact K = 2 part of thm:band: P_Y₀(hit δ before y_max) ≤ exp(−c μ_band(Y₀ − δ)/σ²_max).
/// Why band samples are skipped: the band needs a positive drift margin and width.
constexpr const char* kBandSkips =
    "instances without a band (drift margin mu_band <= 0 or eta_0 <= 0 for the sampled "
    "floor, bias and noise) are outside the theorem's hypotheses";

/// hit(b) ≤ exp(−c μ_band(Y₀ − δ)/σ²_max) on the band samples (`hit` the probability, generic in the scalar).
template <class Hit> ForAll band_exact_part(const char* id, Hit hit) {
  ForAll f = forall(id, Kind::stochastic);
  f.skips(kBandSkips)
      .over(band_domain())
      .effort(0.25)
      .holds([hit]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Band<T> b = band_of(a);
        if (!b.valid)
          return skip<T>();
        return le<T>(hit(b), band_bound(b, k("c")));
      });
  return f;
}
Claim band_exact(const char* id, const char* reading = nullptr) {
  ForAll f = band_exact_part(id, [](const auto& b) { return band_hit(b); });
  if (reading)
    f.reading(reading);
  return f.constant("c", 2.0, Role::lower, "factor 2 in the exponent").build();
}

/// A K = 2 reading of thm:band checked exactly (band_exact, labelled `exact_reading`) with the theorem's
/// constant c = 2.
Stochastic exact_band_reading(const char* id, const char* exact_reading, const char* reading,
                              const char* where, const char* statement) {
  return stochastic(id, Kind::stochastic)
      .reading(reading)
      .where(where)
      .statement(statement)
      .constant("c", 2.0, Role::lower, "factor 2 in the exponent")
      .exact(band_exact(id, exact_reading))
      .method("exact (scale function, adaptive Gauss-Legendre in MPFR)");
}
/// The K = 3 experiment of thm:band (φ extended to the whole simplex, M_φ its sup there).
McParams band3_params(double delta, double eta0, double u, double gamma, double v) {
  return McParams{{"K", 3}, {"delta", delta}, {"eta0", eta0}, {"u", u}, {"gamma", gamma}, {"v", v}};
}
const std::vector<double> kBandW = {-0.5, 0.5, 0.0};
struct Band3 {
  double delta, ymax, gband, M, eps, y0, mu, s2max;
};
Band3 band3_of(const McParams& q) {
  Band3 b;
  b.delta = q("delta");
  b.ymax = b.delta + q("eta0");
  b.gband = gamma_band<double>(3, b.delta, b.ymax);
  b.M = *std::max_element(kBandW.begin(), kBandW.end()) - *std::min_element(kBandW.begin(), kBandW.end());
  b.eps = b.M * (1 + q("v")) / b.gband;
  b.y0 = b.delta + q("u") * q("eta0");
  b.mu = b.delta * (b.eps * b.gband - b.M);
  b.s2max = q("gamma") * b.ymax * (1 - b.delta);
  return b;
}
McResult band3_measure(const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
  const Band3 b = band3_of(q);
  const LinearDrift d = linear_array_drift(kBandW, b.eps);
  const double p0[3] = {b.y0, (1 - b.y0) / 2, (1 - b.y0) / 2};
  long hits = 0, undecided = 0;
  for (long j = first; j < first + count; ++j) {
    const int r = first_exit(seed, static_cast<std::uint64_t>(j), d, q("gamma"), 1e-3, p0, 3, 0, b.delta,
                             b.ymax, 200000);
    hits += r == 1;
    undecided += r == -1;
  }
  if (undecided)
    hits += undecided; // conservative: an undecided path counts as a hit
  McResult res{"P(p_1 hits delta before y_max), K = 3", stats::clopper_pearson(hits, count, alpha), {}, {}};
  res.details["undecided_paths"] = std::to_string(undecided);
  return res;
}
McSide band3_side() {
  return at_most([]<class T>(const McParams& q, const Consts<T>& k) {
    const Band3 b = band3_of(q);
    return T(exp(-k("c") * T(b.mu) * T(b.y0 - b.delta) / T(b.s2max)));
  });
}
/// The figure of thm:band: the exact K = 2 probability P_Y₀(hit δ before y_max) across the band against the
/// bound (δ = 0.05, η₀ = 0.1, γ = 0.01, w = (0.5, −0.5), εΓ_band = 1.5 M_φ), and its deciding statistic: the
/// largest ratio P/bound over the grid (exact, no Monte Carlo: a zero-width interval).
McResult band2_curve(const McParams& q, std::uint64_t, long, long, double) {
  const double dl = 0.05, eta0 = 0.1, ymax = dl + eta0, gamma = 0.01, dw = 1.0;
  const double gb = gamma_band<double>(2, dl, ymax), M = std::abs(dw) * (1 - dl), eps = 1.5 * M / gb;
  const double mu = dl * (eps * gb - M), s2 = gamma * ymax * (1 - dl);
  std::vector<double> y0s, P, bound;
  double worst = 0;
  for (int k = 1; k <= 24; ++k) {
    const double y0 = dl + eta0 * k / 25.0;
    const double p = wf2_hit_lower_first<double>(dw, eps, gamma, dl, y0, ymax);
    const double b = std::exp(-q("c") * mu * (y0 - dl) / s2);
    y0s.push_back(y0), P.push_back(std::max(p, 1e-300)), bound.push_back(b);
    worst = std::max(worst, p / b);
  }
  McResult r{"max over the band of P_Y0(hit delta first)/bound, K = 2 exact",
             {worst, worst, worst, 0, "exact (scale function, 24 starts)"},
             {},
             {}};
  r.series = {
      {"band_y0", y0s},
      {"band_P", P},
      {"band_bound", bound},
      {"figures",
       {{{"title", R"($K=2$, $P(\text{hit }\delta_\star\text{ before }y_{\max})$ (exact) against the bound)"},
         {"x", "band_y0"},
         {"y", {"band_P", "band_bound"}},
         {"legend",
          {"$P_{Y_0}$ (scale function)",
           "$\\exp(-2\\mu_{\\rm band}(Y_0-\\delta_\\star)/\\sigma^2_{\\max})$"}},
         {"xlabel", "$Y_0$"},
         {"ylabel", "probability"},
         {"logy", true},
         {"style", "line"}}}}};
  return r;
}
} // namespace

// App. H, Theorem thm:band (displayed bound); reading of the ambiguity: φ extended to the whole simplex with
// M_φ its sup there (so K = 3 is covered); K = 2 exactly, K = 3 by Monte Carlo.
DCRV_CLAIM(claim_band_confinement) {
  return stochastic("H.band-confinement", Kind::stochastic)
      .where("App. H, Theorem thm:band (bandwise high-probability confinement, unreflected)")
      .statement(
          R"(P_{Y_0}(p_i\text{ hits }\delta_\star\text{ before }y_{\max})\le\exp(-c\,\mu_{\rm band}(Y_0-\delta_\star)/\sigma^2_{\max})$, $c=2$, $y_{\max}=\delta_\star+\eta_0$, $\mu_{\rm band}=\delta_\star(\varepsilon\Gamma_{\rm band}-M_\phi)>0$, $\sigma^2_{\max}=\gamma y_{\max}(1-\delta_\star)$, for the unreflected (WF) with $\phi=w-\langle p,w\rangle\mathbf 1$ ($M_\phi$: its sup over the whole simplex when $K\ge3$, where the process may leave $\Delta_{\delta_\star}$ in other coordinates). $K=2$ exactly (scale function, MPFR quadrature): $\delta_\star\in[10^{-3},0.45]$, $\eta_0\in(0,1-2\delta_\star]$, $\varepsilon\Gamma_{\rm band}=M_\phi(1+v)+10^{-3}$, $v\in[10^{-3},10]$, $\gamma\in[10^{-3},1]$, $Y_0$ across the band; $K=3$ by Monte Carlo (log-Euler--Maruyama, $h=10^{-3}$, Brownian-bridge corrected monitoring, Clopper--Pearson), $w=(-\tfrac12,\tfrac12,0)$, $\delta_\star=0.05$)")
      .constant("c", 2.0, Role::lower, "factor 2 in the exponent")
      .exact(band_exact("H.band-confinement"))
      .experiment(
          "K=3 delta=0.05 eta0=0.1 gamma=0.01 Y0 mid-band",
          [](const Context&) { return band3_params(0.05, 0.1, 0.5, 0.01, 0.5); }, 60, band3_measure,
          band3_side())
      .experiment(
          "K=3 delta=0.05 eta0=0.1 gamma=0.05 Y0 near floor",
          [](const Context&) { return band3_params(0.05, 0.1, 0.1, 0.05, 0.5); }, 60, band3_measure,
          band3_side())
      .experiment(
          "K=2 exact curve",
          [](const Context& ctx) {
            return McParams{{"K", 2}, {"c", ctx.constant("c")}};
          },
          0, band2_curve, at_most([]<class T>(const McParams&, const Consts<T>&) { return T(1); }))
      .method(
          "K = 2 exact (scale function); K = 3 Monte Carlo of the unreflected log-EM with bridge correction");
}

// Reading ~K2 of H.band-confinement: the statement restricted to K = 2 (where p_i is a one-dimensional
// diffusion that stays in Δ_δ⋆ while in the band).
DCRV_CLAIM(claim_band_confinement_k2) {
  return exact_band_reading(
      "H.band-confinement~K2", "the theorem restricted to K = 2",
      "the theorem restricted to K = 2, where the band keeps the whole state in Delta_delta",
      "App. H, Theorem thm:band (bandwise high-probability confinement, unreflected)",
      R"(K=2$: $P_{Y_0}(p_1\text{ hits }\delta_\star\text{ before }y_{\max})\le\exp(-c\,\mu_{\rm band}(Y_0-\delta_\star)/\sigma^2_{\max})$, $c=2$, checked exactly by the scale function in MPFR over $\delta_\star\in[10^{-3},0.45]$, $\eta_0\in(0,1-2\delta_\star]$, $v\in[10^{-3},10]$, $\gamma\in[10^{-3},1]$, $Y_0$ across the band)");
}

// App. H, Theorem thm:band, last sentence; literal reading (a): over the infinite horizon.
DCRV_CLAIM(claim_band_ever_touch) {
  return stochastic("H.band-ever-touch", Kind::stochastic)
      .where("App. H, Theorem thm:band, last sentence (strong Markov property)")
      .statement(
          R"(\text{Literal reading (infinite horizon): }P_{Y_0}(p_1\text{ ever touches }\delta_\star)\le\exp(-c\,\mu_{\rm band}(Y_0-\delta_\star)/\sigma^2_{\max})$, $c=2$ (the theorem's exponentially small quantity), $K=2$, from interior starts $Y_0$ in the band. Exact: the unreflected (WF) is absorbed at a face in finite time (both faces are exit boundaries: $\Phi$ is bounded, $\int_0e^{-\Phi}<\infty$), so $P(\text{ever touch }\delta_\star)=P(\text{hit }\delta_\star\text{ before }1)=\int_{Y_0}^1e^{-\Phi}/\int_{\delta_\star}^1e^{-\Phi}$ (scale function, MPFR); parameters as H.band-confinement)")
      .constant("c", 2.0, Role::lower, "factor 2 in the exponent")
      .exact(band_exact_part("H.band-ever-touch",
                             []<class T>(const Band<T>& b) {
                               return wf2_hit_lower_first<T>(b.dw, b.eps, b.gamma, b.delta, b.y0, T(1));
                             })
                 .build())
      .method("exact (scale function to the absorbing face, adaptive Gauss-Legendre in MPFR)");
}

// Reading ~excursion of H.band-ever-touch: a single excursion (hit δ⋆ before y_max) — the displayed bound.
DCRV_CLAIM(claim_band_ever_touch_excursion) {
  return exact_band_reading(
      "H.band-ever-touch~excursion", "a single excursion from the band",
      "'ever touching' during a single excursion from the band: hit delta before y_max "
      "(the displayed bound)",
      "App. H, Theorem thm:band, last sentence (strong Markov property)",
      R"(K=2$: $P_{Y_0}(\text{hit }\delta_\star\text{ before }y_{\max})\le\exp(-c\,\mu_{\rm band}(Y_0-\delta_\star)/\sigma^2_{\max})$, $c=2$ — exponentially small in $\eta_0$ and $\gamma^{-1}$ for starts $Y_0-\delta_\star$ of the order of $\eta_0$; exact, scale function in MPFR)");
}

namespace {
/// The exponent rate (per unit 1/γ) that thm:band guarantees for one excursion of the ~finite-horizon setup
/// (K = 2, w = 0, ε = 0.3, δ⋆ = 0.05): max over the band's top y_max ∈ (δ⋆, 1/2) of c μ_band (y_max − δ⋆) /
/// (y_max (1 − δ⋆)), μ_band = δ⋆ ε Γ_band (M_φ = 0 at w = 0), σ²_max = γ y_max (1 − δ⋆); a grid of 200 tops.
template <class T> T band_rate(const T& c) {
  const T delta(0.05), eps(0.3);
  T best(0);
  for (int k = 1; k < 200; ++k) {
    const T ymax = delta + (T(0.5) - delta) * T(k) / T(200);
    const T r = c * delta * eps * gamma_band(2, delta, ymax) * (ymax - delta) / (ymax * (T(1) - delta));
    if (r > best)
      best = r;
  }
  return best;
}
} // namespace

// Reading ~finite-horizon of H.band-ever-touch: P(touch δ⋆ within [0, T]) from the drift equilibrium decays
// exponentially in 1/γ, at least at the theorem's per-excursion rate (the constant c can fail: the measured
// slope is about −0.30, the theorem's rate 0.032 at c = 2; c = 100 contradicts the measurement even at the
// smoke budget).
DCRV_CLAIM(claim_band_ever_touch_finite) {
  return stochastic("H.band-ever-touch~finite-horizon", Kind::stochastic)
      .reading("'ever touching' on a fixed finite horizon T = 5, from the drift equilibrium: exponentially "
               "small in 1/gamma")
      .where("App. H, Theorem thm:band, last sentence (strong Markov property)")
      .statement(
          R"(K=2$, $w=0$, $\varepsilon=0.3$, $\delta_\star=0.05$, start at the equilibrium of the drift $y^\star=\tfrac12$: $P(\min_{t\le5}p_1(t)\le\delta_\star)$ for $\gamma=0.2,0.15,0.1$ (Monte Carlo, log-Euler--Maruyama $h=10^{-3}$, bridge-corrected); claim: the slope of $\log P$ against $1/\gamma$ is at most $-r_{\rm band}$, the exponent the theorem guarantees per excursion, $r_{\rm band}=\max_{y_{\max}\in(\delta_\star,1/2)}c\,\mu_{\rm band}(y_{\max}-\delta_\star)/(y_{\max}(1-\delta_\star))$ with $\mu_{\rm band}=\delta_\star\varepsilon\Gamma_{\rm band}$, $c=2$ ($r_{\rm band}\approx0.032$; the start is above every band, so each excursion into a band starts at its top; the number of excursions by $T$ adds a prefactor polynomial in $1/\gamma$, not counted))")
      .constant("c", 2.0, Role::lower, "factor 2 in the theorem's exponent")
      .experiment(
          "gamma=0.2,0.15,0.1, T=5",
          [](const Context&) {
            return McParams{{"K", 2}, {"T", 5}};
          },
          25,
          [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
            const LinearDrift d = linear_array_drift({0.0, 0.0}, 0.3);
            const double ystar = 0.5, delta = 0.05, h = 1e-3;
            const long steps = std::lround(q("T") / h);
            LevelSeries touch; // P(touch) against 1/γ: Wilson interval, binomial standard error
            for (double gamma : {0.2, 0.15, 0.1}) {
              long hits = 0;
              for (long j = first; j < first + count; ++j) {
                const double p0[2] = {ystar, 1 - ystar};
                const int r =
                    first_exit(seed + static_cast<std::uint64_t>(1000 * gamma), static_cast<std::uint64_t>(j),
                               d, gamma, h, p0, 2, 0, delta, 2.0, steps);
                hits += r == 1;
              }
              const stats::Interval iv = stats::wilson(hits, count, alpha);
              const double ph = std::max(double(hits), 0.5) / double(count);
              touch.x.push_back(1 / gamma), touch.y.push_back(ph), touch.lo.push_back(iv.lo),
                  touch.hi.push_back(iv.hi);
              touch.se.push_back(std::sqrt(ph * (1 - ph) / double(count)));
            }
            McResult r{"slope of log P(touch delta by T) against 1/gamma",
                       touch.slope(alpha, 3 * count, "slope: ", false),
                       {},
                       {}};
            r.series = {{"touch_inv_gamma", touch.x},
                        {"touch_p", touch.y},
                        {"touch_lo", touch.lo},
                        {"touch_hi", touch.hi},
                        {"figures",
                         {{{"title", "H.band-ever-touch~finite-horizon: P(touch delta by T = 5)"},
                           {"x", "touch_inv_gamma"},
                           {"y", {"touch_p"}},
                           {"legend", {"Monte Carlo (Wilson 1-1e-6 band)"}},
                           {"xlabel", "$1/\\gamma$"},
                           {"ylabel", "$P(\\min_{t\\le5}p_1\\le\\delta_\\star)$"},
                           {"logy", true},
                           {"style", "marks"},
                           {"band", {{"lo", "touch_lo"}, {"hi", "touch_hi"}}}}}}};
            return r;
          },
          at_most([]<class T>(const McParams&, const Consts<T>& k) { return -band_rate<T>(k("c")); }))
      .method("Monte Carlo of the unreflected log-EM with bridge-corrected monitoring");
}

// ============================================================================================================
// The reflected model
// ============================================================================================================

namespace {
/// The reflected model's measure: the fraction of the states of the reflected Euler scheme (h = 10⁻², 500
/// steps from the uniform point, linear drift w_i = 0.3i, 0.1) that lie outside Δ_δ.
McResult reflected_states_outside(const McParams& q, std::uint64_t seed, long first, long count,
                                  double alpha) {
  const int K = q.integer("K");
  std::vector<double> w(K, 0.0);
  for (int i = 0; i < K; ++i)
    w[i] = 0.3 * i;
  const LinearDrift d = linear_array_drift(w, 0.1);
  long outside = 0, states = 0;
  for (long j = first; j < first + count; ++j) {
    double p[kMaxCategories];
    for (int i = 0; i < K; ++i)
      p[i] = 1.0 / K;
    run_wf_reflected_path(seed, static_cast<std::uint64_t>(j), d, q("gamma"), 1e-2, q("delta"), p, K, 500,
                          [&](long, const double* x) {
                            ++states;
                            outside += !in_trimmed(x, K, q("delta"));
                            return true;
                          });
  }
  return McResult{
      "fraction of states outside Delta_delta", stats::clopper_pearson(outside, states, alpha), {}, {}};
}
} // namespace

// App. H §Unreflected vs. reflected diffusions (reflected model).
DCRV_CLAIM(claim_reflected_invariance) {
  Stochastic c = stochastic("H.reflected-invariance", Kind::structural);
  c.where("App. H §Unreflected vs. reflected diffusions (reflected model)")
      .statement(
          R"(\text{With orthogonal, mass-preserving reflection on the faces of }\Delta_{\delta_\star}$ the solutions of (WF) stay in $\Delta_{\delta_\star}$: every state of every path of the reflected Euler scheme (Euler--Maruyama followed by the Euclidean projection onto $\Delta_{\delta_\star}$, orthogonal within $\{\sum p=1\}$) lies in $\Delta_{\delta_\star}$ ($\min_ip_i\ge\delta_\star$, $\sum_ip_i=1$ to $10^{-12}$); $K=3$ and $6$, $\delta_\star=0.05$, $\gamma=0.5$ (noise-dominated), $h=10^{-2}$, 500 steps; the fraction of states outside must be $0$)");
  for (const auto& [label, K, paths] : {std::tuple{"K=3", 3, 40}, std::tuple{"K=6", 6, 20}})
    c.experiment(
        label,
        [K = K](const Context&) {
          return McParams{{"K", K}, {"delta", 0.05}, {"gamma", 0.5}};
        },
        paths, reflected_states_outside,
        equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }));
  return c.method("reflected Euler-Maruyama (projection onto the trimmed simplex)");
}

// App. H, Remark "no fixation under a positive floor".
DCRV_CLAIM(claim_no_fixation_floor) {
  return forall("H.no-fixation-floor", Kind::structural)
      .where("App. H §Small centred bias, Remark (no fixation under a positive floor)")
      .statement(
          R"(\delta_\star>0\implies\sum_{i\in I}p_i\ge|I|\delta_\star$ for every $p\in\Delta_{\delta_\star}$ (hence along every path of the reflected process, which stays in $\Delta_{\delta_\star}$ by H.reflected-invariance) and every index set $I=\{0,\dots,m-1\}$ (WLOG by symmetry), $1\le m\le K-1$; equality on the face where $p_I=\delta_\star$: fixation on the fittest face needs $\delta_\star\downarrow0$)")
      .over(with_instance(Domain().dims(2, 0)).index("m").points([](int S) {
        return std::vector<Assign>{
            {{"q", points::unit_vec(S, S - 1)}, {"delta", {0.5 / S}}, {"m", {double(S - 1)}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto m = instance(a);
        const int size = std::max(1, a.index("m"));
        T s(0);
        for (int i = 0; i < size; ++i)
          s += m.p(i);
        return ge<T>(s, T(size) * m.delta, m.delta * cancel_scale<T>());
      });
}

} // namespace dcrv
