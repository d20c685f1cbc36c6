// Appendix H §"Log-ratio SDEs (algorithm-specific)" (appendix_H_aistats.tex, eq. logratio): Itô's formula for
// z_ij = log(p_i/p_j) under (WF), its GRPO / STaR / DPO specialisations, the STaR envelope and the DPO
// contraction.
//
// The identities are checked exactly in MPFR: the drift of z_ij is computed by the generator, Lz = F·∇z +
// ½tr(Q∇²z) with ∇z = e_i/p_i − e_j/p_j, ∇²z = −e_ie_iᵀ/p_i² + e_je_jᵀ/p_j², and the noise as the row σᵀ∇z of
// the (WF) noise matrix σ = √γ(diag √p − p√pᵀ); both are compared with the displayed formulas. A pathwise
// check with shared Brownian increments measures that the displayed SDE, discretised alongside the
// p-coordinate Euler–Maruyama scheme of (WF), tracks log(p_i/p_j) with an error that vanishes as the step
// does.
#include <algorithm>
#include <cmath>
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/random.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
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

/// Itô drift and noise row of z_ij = log p_i − log p_j under dp = F dt + σ dW (the generator, computed
/// directly).
template <class T>
std::pair<T, Vec<T>> ito_of_logratio(const Vec<T>& p, const Vec<T>& F, const T& gamma, int i, int j) {
  const Mat<T> Q = wf_covariance(p, gamma), sig = wf_sigma(p, gamma);
  const T drift = F(i) / p(i) - F(j) / p(j) + T(0.5) * (-Q(i, i) / (p(i) * p(i)) + Q(j, j) / (p(j) * p(j)));
  const Vec<T> row = Vec<T>(sig.row(i).transpose() / p(i) - sig.row(j).transpose() / p(j));
  return {drift, row};
}
/// The displayed formula's Itô term and noise row: −(γ/2)((1−p_i)/p_i − (1−p_j)/p_j), √γ(e_i/√p_i −
/// e_j/√p_j).
template <class T> T ito_term(const Vec<T>& p, const T& gamma, int i, int j) {
  return -gamma / T(2) * ((T(1) - p(i)) / p(i) - (T(1) - p(j)) / p(j));
}
template <class T> Vec<T> displayed_noise(const Vec<T>& p, const T& gamma, int i, int j) {
  Vec<T> r = Vec<T>::Zero(p.size());
  r(i) += sqrt(gamma) / sqrt(p(i));
  r(j) -= sqrt(gamma) / sqrt(p(j));
  return r;
}
/// Two distinct indices of a sample: i from the index field, j = the next one (mod K).
inline std::pair<int, int> pair_of_indices(int i, int K) {
  return {i, (i + 1) % K};
}
/// The drift F = p ⊙ (φ − ε(log p − ⟨log p⟩)) of a centred score vector φ.
template <class T> Vec<T> drift_of(const Vec<T>& phi, const T& eps, const Vec<T>& p, const Vec<T>& lp) {
  const T ml = p.dot(lp);
  return Vec<T>((p.array() * (phi.array() - eps * (lp.array() - ml))).matrix());
}
inline Domain logratio_domain(int lo = 2, int hi = 0) {
  return Domain()
      .dims(lo, hi)
      .simplex("p")
      .vector("w", 2.0)
      .real("eps", 0, 3)
      .real("gamma", 1e-4, 1e2, true)
      .index("i");
}
template <class T>
Ineq<T> compare_ito(const Vec<T>& p, const Vec<T>& F, const T& gamma, int i, int j, const T& phi_diff,
                    const T& eps, const T& z, const T& phi_scale) {
  const auto [drift, row] = ito_of_logratio(p, F, gamma, i, j);
  const T displayed = phi_diff - eps * z + ito_term(p, gamma, i, j);
  // the magnitude of the cancelling terms: F_i/p_i and F_j/p_j carry |φ| and ε|log p − ⟨log p⟩| each
  T ml(0);
  for (Eigen::Index k = 0; k < p.size(); ++k)
    ml += p(k) * log(p(k));
  ml = abs(ml);
  const T scale =
      phi_scale + eps * (abs(log(p(i))) + abs(log(p(j))) + ml) + gamma * (T(1) / p(i) + T(1) / p(j));
  return worst(eq<T>(drift, displayed, scale),
               eq<T>(row, displayed_noise(p, gamma, i, j), sqrt(gamma / p(i) + gamma / p(j))));
}
} // namespace

// App. H §Log-ratio SDEs, eq. (eq:logratio).
DCRV_CLAIM(claim_logratio_ito) {
  return stochastic("H.logratio-ito", Kind::identity)
      .where("App. H §Log-ratio SDEs, eq. (eq:logratio)")
      .statement(
          R"(dz_{ij}=(\phi_i-\phi_j)dt-\varepsilon z_{ij}dt-\tfrac\gamma2\big(\tfrac{1-p_i}{p_i}-\tfrac{1-p_j}{p_j}\big)dt+\sqrt\gamma\big(\tfrac{dW_i}{\sqrt{p_i}}-\tfrac{dW_j}{\sqrt{p_j}}\big)$ for (WF): exactly, the generator's drift $F\cdot\nabla z+\tfrac12\mathrm{tr}(Q\nabla^2z)$ and the noise row $\sigma^\top\nabla z$ equal the displayed terms (MPFR; centred $\phi=w-\langle p,w\rangle\mathbf 1$, $\varepsilon\in[0,3]$, $\gamma\in[10^{-4},10^2]$, $p$ in the open simplex down to $10^{-40}$, every $K\ge2$); and pathwise: the displayed SDE, stepped with the increments of a p-coordinate Euler--Maruyama path of (WF), tracks $\log(p_i/p_j)$ with an error whose slope against the step is positive ($K=3$, $h=2^{-4},\dots,2^{-8}$, $T=1$))")
      .exact(forall("H.logratio-ito", Kind::identity)
                 .over(logratio_domain())
                 .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> p = a.simplex("p"), lp = log_of(p), w = a.vec("w");
                   const T eps = a.real("eps"), gamma = a.real("gamma");
                   const auto [i, j] = pair_of_indices(a.index("i"), a.S());
                   const Vec<T> phi = linear_score(w, p);
                   return compare_ito(p, drift_of(phi, eps, p, lp), gamma, i, j, T(phi(i) - phi(j)), eps,
                                      T(lp(i) - lp(j)), T(abs(phi(i)) + abs(phi(j))));
                 })
                 .build())
      .experiment(
          "pathwise K=3",
          [](const Context&) {
            return McParams{{"K", 3}, {"gamma", 0.05}, {"eps", 1.0}};
          },
          80,
          [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
            const double gamma = q("gamma"), eps = q("eps");
            const std::vector<double> w = {0.4, 0.0, -0.4};
            const LinearDrift d = linear_array_drift(w, eps);
            const int L = 8, Lmin = 4, K = 3;
            LevelSeries err; // against h
            for (int l = Lmin; l <= L; ++l) {
              const long n = 1L << l;
              const double h = 1.0 / double(n);
              std::vector<double> e;
              for (long j = first; j < first + count; ++j) {
                double p[3] = {0.3, 0.3, 0.4}, r[3], lp[3], x[3], dW[3], z = std::log(p[0] / p[1]);
                for (long t = 0; t < n; ++t) {
                  // the Brownian path at the finest step 2^-L, summed to this level
                  dW[0] = dW[1] = dW[2] = 0;
                  for (long f = t << (L - l); f < (t + 1) << (L - l); ++f) {
                    rng::Stream s(seed, static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(f));
                    double dd[3];
                    brownian_increments(s, std::ldexp(1.0, -L), K, dd);
                    for (int k = 0; k < K; ++k)
                      dW[k] += dd[k];
                  }
                  for (int k = 0; k < K; ++k)
                    lp[k] = std::log(p[k]);
                  d.rate(p, lp, K, r);
                  // displayed z-SDE at the current p
                  z += (r[0] - r[1] - 0.5 * gamma * ((1 - p[0]) / p[0] - (1 - p[1]) / p[1])) * h +
                       std::sqrt(gamma) * (dW[0] / std::sqrt(p[0]) - dW[1] / std::sqrt(p[1]));
                  // p-coordinate Euler–Maruyama of (WF)
                  wf_noise(p, dW, K, x);
                  for (int k = 0; k < K; ++k)
                    p[k] += p[k] * r[k] * h + std::sqrt(gamma) * x[k];
                  for (int k = 0; k < K; ++k)
                    if (!(p[k] > 0))
                      throw PathBreakdown("(WF) p-coordinate Euler-Maruyama left the simplex", seed, j,
                                          t + 1);
                }
                e.push_back(std::abs(z - std::log(p[0] / p[1])));
              }
              err.add(h, stats::mean_interval(e, alpha), alpha, count);
            }
            McResult res{"slope of log E|z(T) - log(p_1/p_2)(T)| against log h",
                         err.slope(alpha, count * (L - Lmin + 1), "slope: "),
                         {},
                         {}};
            res.series = {
                {"logratio_h", err.x},
                {"logratio_err", err.y},
                {"logratio_lo", err.lo},
                {"logratio_hi", err.hi},
                {"figures",
                 {loglog_figure(R"(displayed $z$-SDE vs $\log(p_1/p_2)$ of (WF), shared increments)",
                                "logratio_h", "logratio_err", "logratio_lo", "logratio_hi", "$h$",
                                "mean absolute difference",
                                R"($\mathbb E|z_T-\log(p_1/p_2)_T|$ ($1-10^{-6}$ band))")}}};
            return res;
          },
          at_least([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .method("exact Ito identity in MPFR; pathwise: p-coordinate EM of (WF) with the displayed z-SDE on "
              "shared increments");
}

// App. H §Log-ratio SDEs, GRPO (within-class).
DCRV_CLAIM(claim_grpo_logratio) {
  return forall("H.grpo-logratio", Kind::identity)
      .where("App. H §Log-ratio SDEs, GRPO (within-class)")
      .statement(
          R"(\text{GRPO's centred score (App. E: }\hat\gamma_{\mathcal C}=(1-\rho)h_G(\rho)$ on $\mathcal C$, $-\rho h_G(\rho)$ on $\mathcal I$) has $\phi_i=\phi_j$ for $i,j\in\mathcal C$, and under (WF) $dz_{ij}=-\varepsilon z_{ij}dt-\tfrac\gamma2(\tfrac{1-p_i}{p_i}-\tfrac{1-p_j}{p_j})dt+\sqrt\gamma(\tfrac{dW_i}{\sqrt{p_i}}-\tfrac{dW_j}{\sqrt{p_j}})$ exactly (generator and noise row, MPFR); $|\mathcal C|=2,\dots,K$, $G=2,\dots,64$, $\varepsilon\in[0,3]$, $\gamma\in[10^{-4},10^2]$, every $K\ge2$)")
      .over(logratio_domain().real("G", 2, 64, true).real("kc", 0, 1))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = a.S();
        const int KC = std::clamp(2 + static_cast<int>(to_double(a.real("kc")) * (K - 1)), 2, K);
        const int G = static_cast<int>(std::clamp<long>(std::lround(to_double(a.real("G"))), 2, 64));
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const T eps = a.real("eps"), gamma = a.real("gamma");
        const grpo::Characteristic<T> ch(G);
        const Vec<T> phi = grpo::centered_score(grpo::Partition::leading(K, KC), ch, p);
        const int i = a.index("i") % KC, j = (i + 1) % KC;
        if (i == j)
          return skip<T>();
        const Ineq<T> same = eq<T>(phi(i), phi(j), abs(phi(i)) + T(1));
        return worst(same, compare_ito(p, drift_of(phi, eps, p, lp), gamma, i, j, T(0), eps, T(lp(i) - lp(j)),
                                       T(abs(phi(i)) + abs(phi(j)))));
      });
}

// App. H §Log-ratio SDEs, STaR (within-class).
DCRV_CLAIM(claim_star_logratio) {
  return forall("H.star-logratio", Kind::identity)
      .where("App. H §Log-ratio SDEs, STaR (within-class)")
      .statement(
          R"(\text{STaR's score (App. D, def:star-score) has }\phi_i-\phi_j=(p_i-p_j)/\rho$ for $i,j\in\mathcal C$, $\rho=\sum_{c\in\mathcal C}p_c$, and under (WF) $dz_{ij}=(\tfrac{p_i-p_j}\rho-\varepsilon z_{ij})dt-\tfrac\gamma2(\tfrac{1-p_i}{p_i}-\tfrac{1-p_j}{p_j})dt+\sqrt\gamma(\tfrac{dW_i}{\sqrt{p_i}}-\tfrac{dW_j}{\sqrt{p_j}})$ exactly (generator and noise row, MPFR); $|\mathcal C|=2,\dots,K$, $\varepsilon\in[0,3]$, $\gamma\in[10^{-4},10^2]$, every $K\ge2$)")
      .over(logratio_domain().real("kc", 0, 1))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = a.S();
        const int KC = std::clamp(2 + static_cast<int>(to_double(a.real("kc")) * (K - 1)), 2, K);
        const StarPartition part = StarPartition::window(K, KC);
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const T eps = a.real("eps"), gamma = a.real("gamma");
        const Vec<T> phi = star_score<T>(p, part);
        const int i = a.index("i") % KC, j = (i + 1) % KC;
        if (i == j)
          return skip<T>();
        const T rho = star_correct_mass<T>(p, part);
        const T claimed = (p(i) - p(j)) / rho;
        const Ineq<T> diff =
            eq<T>(T(phi(i) - phi(j)), claimed, T(abs(phi(i)) + abs(phi(j)) + (p(i) + p(j)) / rho));
        return worst(diff, compare_ito(p, drift_of(phi, eps, p, lp), gamma, i, j, claimed, eps,
                                       T(lp(i) - lp(j)), T(abs(phi(i)) + abs(phi(j)))));
      });
}

// App. H §Log-ratio SDEs, STaR, last sentence: the envelope on Δ_δ⋆.
DCRV_CLAIM(claim_star_envelope) {
  return forall("H.star-envelope", Kind::bound)
      .where("App. H §Log-ratio SDEs, STaR (last sentence)")
      .statement(
          R"(|p_i-p_j|/\rho\le c\,\frac{1-(K-1)\delta_\star}{|\mathcal C|\delta_\star}|z_{ij}|$, $c=1$, for $i,j\in\mathcal C$, $\rho=\sum_{c\in\mathcal C}p_c$, all $p\in\Delta_{\delta_\star}$ (trim vertices and faces included), $|\mathcal C|=2,\dots,K$, $\delta_\star\in(10^{-8},1/K)$, every $K\ge2$)")
      .constant("c", 1.0, Role::upper, "coefficient of (1-(K-1)delta)/(|C| delta)")
      .over(with_instance(Domain().dims(2, 0)).real("kc", 0, 1).index("i").points([](int S) {
        std::vector<Assign> out;
        std::vector<double> q(S, 0.0);
        q[0] = 1;
        for (double dl : {1e-6, 0.01, 0.9 / S})
          out.push_back({{"q", q}, {"delta", {dl}}, {"kc", {0.0}}, {"i", {0.0}}});
        return out;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto m = instance(a);
        const int KC = std::clamp(2 + static_cast<int>(to_double(a.real("kc")) * (m.K - 1)), 2, m.K);
        const int i = a.index("i") % KC, j = (i + 1) % KC;
        if (i == j)
          return skip<T>();
        T rho(0);
        for (int c = 0; c < KC; ++c)
          rho += m.p(c);
        const T z = m.log_p(i) - m.log_p(j);
        const T coef = (T(1) - T(m.K - 1) * m.delta) / (T(KC) * m.delta);
        return le<T>(abs(T(m.p(i) - m.p(j))) / rho, k("c") * coef * abs(z));
      });
}

// App. H §Log-ratio SDEs, DPO (same-sign pair).
DCRV_CLAIM(claim_dpo_contraction) {
  return forall("H.dpo-contraction", Kind::dynamic)
      .skips("pairs i = j and pairs with z_ij = 0 (equal masses) have no log-ratio to contract")
      .where("App. H §Log-ratio SDEs, DPO (same-sign pair)")
      .statement(
          R"(\text{DPO field }\phi_i=s_ig_\beta(\log p_i)-\sum_kp_ks_kg_\beta(\log p_k)$, $g_\beta(\ell)=1-\sigma(\beta(\ell-\ell_0))$, $g_\beta'\in[-\beta/4,0)$: for $s_i=s_k=s$ the deterministic part of $dz_{ik}$ is $(\phi_i-\phi_k)-\varepsilon z_{ik}=(s\,g_\beta'(\xi)-\varepsilon)z_{ik}$ with $\xi$ between $\log p_i$ and $\log p_k$ (the difference quotient lies in the range of $s\,g_\beta'$ there), and it has the sign opposite to $z_{ik}$ (contraction) whenever $\varepsilon>q\beta$, $q=\tfrac14$: $\varepsilon=q\beta(1+v)$, $v\in[10^{-9},3]$, $\beta\in[10^{-2},10^2]$, $\ell_0\in[-8,0]$, $s\in\{\pm1\}$, $p$ in the open simplex (log-probabilities down to $-40$), every $K\ge2$)")
      .constant("q", 0.25, Role::upper, "eps > q beta suffices (sup(-g') = beta/4)")
      .over(Domain()
                .dims(2, 0)
                .simplex("p")
                .real("beta", 1e-2, 1e2, true)
                .real("ell0", -8, 0)
                .real("v", 1e-9, 3, true)
                .real("s", -1, 1)
                .index("i")
                .points([](int S) {
                  // the tight pair: both log-probabilities near ℓ₀ (where −g′ = β/4), s = −1
                  std::vector<double> p(S, 1.0);
                  p[0] = 1.02;
                  return std::vector<Assign>{{{"p", p},
                                              {"beta", {1.0}},
                                              {"ell0", {std::log(1.0 / S)}},
                                              {"v", {1e-9}},
                                              {"s", {-1.0}},
                                              {"i", {0.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int K = a.S();
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const int i = a.index("i"), j = (i + 1) % K;
        if (i == j)
          return skip<T>();
        const int s = to_double(a.real("s")) >= 0 ? 1 : -1;
        DpoModel<T> d;
        d.beta = a.real("beta");
        d.ell0 = a.real("ell0");
        d.eps = k("q") * d.beta * (T(1) + a.real("v"));
        d.labels.assign(static_cast<std::size_t>(K), -s);
        d.labels[static_cast<std::size_t>(i)] = d.labels[static_cast<std::size_t>(j)] = s;
        const Vec<T> phi = d.field(p, lp);
        const T z = lp(i) - lp(j);
        if (!(abs(z) > 0))
          return skip<T>();
        const T quotient = (phi(i) - phi(j)) / z;
        const T lo = lp(i) < lp(j) ? lp(i) : lp(j), hi = lp(i) < lp(j) ? lp(j) : lp(i);
        // range of s·g′ on [lo, hi]: g′ ∈ [−slope_sup, −slope_inf]
        const T gmin = -d.slope_sup(lo, hi), gmax = -d.slope_inf(lo, hi);
        const T smin = s > 0 ? gmin : T(-gmax), smax = s > 0 ? gmax : T(-gmin);
        const T tol =
            (abs(phi(i)) + abs(phi(j))) / abs(z); // the magnitude before the cancellation in the quotient
        const Ineq<T> mvt = worst(le<T>(smin, quotient, tol), le<T>(quotient, smax, tol));
        const T drift = (phi(i) - phi(j)) - d.eps * z;
        const T scale = (abs(T(phi(i) - phi(j))) + d.eps * abs(z)) * abs(z);
        return worst(mvt, le<T>(T(drift * z), T(0), scale));
      });
}

} // namespace dcrv
