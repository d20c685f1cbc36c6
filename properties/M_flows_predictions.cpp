// Main text (main.tex §3.4, §4.2, §4.4, §7) — the dynamic claims and the predictions: the Shahshahani
// gradient flow of J̃ (well-posedness, monotonicity, convergence), the ε → 0 behaviour of the STaR / GRPO /
// DPO SRCT flows (suppression of incorrect traces, winner-takes-all, neutral ratios, homogenisation), the
// deterministic parts of the Diversity Decay Theorem, and the testable predictions of §7.1 on the App. J
// trace universe.
//
// Dynamic claims are properties along trajectories (properties/engine/trajectory.hpp along_trajectory_state:
// log-coordinates, dopri5 in double, Bulirsch–Stoer in MPFR; every accepted step checked), from the simplex
// field's edge starts (vertices, faces at 1e-12 and 1e-40) and random starts, S = 2 … budget max (10 smoke,
// 12 standard) unless a claim's inputs restrict S. Where a claim is an asymptotic statement ("→ ∞", "→ e_a",
// "→ 1"), the check is an explicit finite-horizon consequence, stated in the claim's statement. The
// stochastic parts of §4.3/§4.4 are other (stochastic) inventory IDs and are not checked here. Predictions
// (§7.1) use the deterministic flows on the App. J universe (lib/include/dcrv/universe.hpp) — the theory
// track, not training runs.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/equilibria.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/srct.hpp"
#include "dcrv/universe.hpp"
#include "properties/domains/kernels.hpp"
#include "properties/domains/srct.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/trajectory.hpp"

namespace dcrv {
namespace {
using namespace srct_domain;

// ------------------------------------------------------------------------------------------------------------
// The DCR / J̃ instance of §3.4 (random U, PSD K, p_base, α, β, λ, β_KL, ε ∈ [0, 2];
// properties/domains/srct.hpp)
// ------------------------------------------------------------------------------------------------------------

Domain flow_instance_domain() {
  return with_srct(Domain().dims(2), 2.0, 1.0).simplex("p0").points([](int S) {
    std::vector<double> vtx(S, 1e-200), near(S, 1e-6), zero(S, 0.0);
    vtx[0] = 1, near[0] = 1;
    return std::vector<Assign>{{{"p0", vtx}, {"alpha", {0.0}}, {"beta_kl", {0.0}}, {"eps", {1e-3}}},
                               {{"p0", near}, {"k1", zero}, {"k2", zero}, {"kd", zero}},
                               {{"p0", vtx},
                                {"beta", {2.0}},
                                {"lambda", {2.0}},
                                {"eps", {0.01}},
                                {"alpha", {0.0}},
                                {"beta_kl", {0.0}}}};
  });
}
/// B ≥ max_{i,j} sup_p |φ_i(p) − φ_j(p)|: max|U_i − U_j| + 2λβ max_{i,j,k}|K_ik − K_jk| + β_KL
/// log(p_base,max/p_base,min).
template <class T> T score_spread_bound(const SrctParams<T>& m) {
  return (m.U.maxCoeff() - m.U.minCoeff()) + T(2) * m.lambda * m.beta * row_difference(m.K) +
         m.beta_kl * log(m.p_base.maxCoeff() / m.p_base.minCoeff());
}
/// The start "p0" where J̃ is strictly concave through its entropy terms (λα + ε > 10⁻³), else empty.
template <class T> Vec<T> start_if_entropy_barrier(const Args<T>& a) {
  const SrctParams<T> m = srct_model(a);
  if (!(m.eps + m.lambda * m.alpha > T(1e-3)))
    return Vec<T>();
  return a.simplex("p0");
}
/// `invariant` (with state) at every accepted step of the instance's flow on t ∈ [0, 6] from "p0", for the
/// instances where J̃ is strictly concave through its entropy terms (else skipped).
template <class Invariant> auto along_concave_instance_flow(Invariant invariant) {
  return along_trajectory_state(
      6.0, instance_flow,
      []<class T>(const Args<T>& a, const Consts<T>&) { return start_if_entropy_barrier(a); }, invariant);
}

// ============================================================================================================
// §3.4 The DCR gradient flow (thm:main_gradflow_convergence_concise)
// ============================================================================================================

// main §3.4 (subsec:gradient_flow_concise): the Shahshahani flow conserves Σp and stays on the simplex.
DCRV_CLAIM(claim_shah_flow_stays_on_simplex) {
  return forall("M.shah-flow-stays-on-simplex", Kind::dynamic)
      .where("main §3.4 (subsec:gradient_flow_concise)")
      .statement(
          R"(Along the DCR flow $\dot p=p\odot(F-\mathbb E_pF)$ (random instances, $\lambda,\alpha,\beta,\beta_{\mathrm{KL}},\varepsilon\in[0,2]$; starts at vertices, at $10^{-200}$ and $10^{-6}$ from faces and random; $t\in[0,4]$): the vector field is tangent to the simplex at every accepted step, $\sum_\pi\dot p_\pi=\sum_\pi p_\pi r_\pi=0$ (relative to $\sum_\pi p_\pi|r_\pi|$), so $\sum_\pi p_\pi\equiv1$, and the integration (in log-coordinates, where positivity is structural) completes, so $p_t\in\mathrm{int}\,\Delta$ for interior starts; every $S\ge2$)")
      .over(flow_instance_domain())
      .effort(0.05)
      .holds(along_trajectory_state(
          4.0, instance_flow,
          []<class T>(const Args<T>& a, const Consts<T>&) { return Vec<T>(a.simplex("p0")); },
          []<class T>(const Args<T>& a, const Consts<T>&, const T&, const Vec<T>& p, std::vector<T>&) {
            const Vec<T> r = srct_rate(srct_model(a), p, log_of(p));
            const SrctParams<T> m = srct_model(a);
            const Vec<T> lp = log_of(p), F = srct_fitness(m, p, lp);
            T s(0), mag(0);
            // magnitude before cancellation: Σ p_i (|r_i| + |F_i| + |F̄|)
            for (Eigen::Index i = 0; i < p.size(); ++i)
              s += p(i) * r(i), mag += p(i) * (abs(r(i)) + abs(F(i)) + abs(p.dot(F)));
            return worst(eq<T>(s, T(0), mag), ge<T>(p.minCoeff(), T(0)));
          }));
}

// main §3.4, Theorem thm:main_gradflow_convergence_concise: unique global solution, in int Δ for all t.
DCRV_CLAIM(claim_gc_wellposed_interior) {
  return forall("M.gc-wellposed-interior", Kind::dynamic)
      .where("main §3.4, Theorem thm:main_gradflow_convergence_concise (cf. App. A thm:global-convergence)")
      .statement(
          R"(For $\lambda\alpha+\varepsilon>10^{-3}$ (so $\widetilde J$ strictly concave, $A=\varepsilon+\lambda\alpha+\beta_{\mathrm{KL}}$), random instances and starts at vertices / $10^{-200}$ / $10^{-6}$ from faces / random: the solution exists on $[0,6]$ (the high-precision integration completes) and stays in $\mathrm{int}\,\Delta$ with an explicit floor: every log-ratio obeys $|z_{ij}(t)|\le\max\{\max_{kl}|z_{kl}(0)|,B/A\}$ at every accepted step, with $B=\max_{ij}|U_i-U_j|+2\lambda\beta\max_{ijk}|K_{ik}-K_{jk}|+\beta_{\mathrm{KL}}\log(p_{\mathrm{base,max}}/p_{\mathrm{base,min}})\ge|\phi_i-\phi_j|$ (from $\dot z_{ij}=\phi_i-\phi_j-Az_{ij}$), hence $\min_ip_i(t)\ge e^{-\max\{\cdot\}}/S>0$; every $S\ge2$)")
      .over(flow_instance_domain())
      .effort(0.05)
      .holds(along_concave_instance_flow(
          []<class T>(const Args<T>& a, const Consts<T>&, const T&, const Vec<T>& p, std::vector<T>& st) {
            if (st.empty()) {
              const SrctParams<T> m = srct_model(a);
              const Vec<T> l0 = log_of(Vec<T>(a.simplex("p0")));
              const T z0 = l0.maxCoeff() - l0.minCoeff();
              st = {std::max<T>(z0, T(score_spread_bound(m) / m.barrier()))};
            }
            const Vec<T> l = log_of(p);
            const T z = l.maxCoeff() - l.minCoeff();
            return le<T>(z, st[0], T(flow_slack<T>() * (st[0] + T(1))));
          }));
}

// main §3.4, Theorem thm:main_gradflow_convergence_concise: J̃(p_t) strictly increasing unless p_t = p*.
DCRV_CLAIM(claim_gc_monotone) {
  return forall("M.gc-monotone", Kind::dynamic)
      .where("main §3.4, Theorem thm:main_gradflow_convergence_concise")
      .statement(
          R"(Along the $\widetilde J$-flow ($\lambda\alpha+\varepsilon>10^{-3}$, random instances and starts as in M.gc-wellposed-interior, $t\in[0,6]$): $\widetilde J(p_t)$ is non-decreasing between consecutive accepted steps, and its derivative is the dissipation $\frac{d}{dt}\widetilde J=\sum_\pi\widetilde F_\pi\dot p_\pi=\sum_\pi p_\pi(\widetilde F_\pi-\mathbb E_p\widetilde F)^2\ge0$ (checked as an identity with $\dot p$ from the library SRCT rate), which vanishes only where $\widetilde F$ is constant, i.e. at the stationary point $p^\star$; every $S\ge2$)")
      .over(flow_instance_domain())
      .effort(0.05)
      .holds(along_concave_instance_flow(
          []<class T>(const Args<T>& a, const Consts<T>&, const T&, const Vec<T>& p, std::vector<T>& st) {
            const SrctParams<T> m = srct_model(a);
            const Vec<T> lp = log_of(p);
            const Vec<T> F = srct_fitness(m, p, lp), r = srct_rate(m, p, lp);
            const T Fbar = p.dot(F);
            T diss(0), power(0), mag(0);
            for (Eigen::Index i = 0; i < p.size(); ++i) {
              diss += p(i) * (F(i) - Fbar) * (F(i) - Fbar);
              power += F(i) * p(i) * r(i);
              mag += p(i) * (abs(F(i)) + abs(Fbar)) * (abs(F(i)) + abs(Fbar));
            }
            const T J = jtilde(m, p);
            Ineq<T> w = eq<T>(power, diss, mag);
            if (!st.empty())
              w = worst(w, ge<T>(J, st[0], T(abs(J) + T(1))));
            st = {J};
            return w;
          }));
}

/// The zero-barrier case of the theorem (λα + ε = β_KL = 0): J̃(p) = U·p − λβ pᵀKp, strictly concave on Δ when
/// λβ > 0 and K is positive definite on T = 1^⊥ (its maximiser may lie on the boundary). The sample's
/// instance with α = ε = β_KL = 0 and the ridge K + (0.05 + 0.1‖K‖₂)I, so that K is positive definite on T
/// (every sample meets the case); an empty model (U of size 0) when λβ < 10⁻² (too flat to converge on the
/// horizon).
template <class T> SrctParams<T> zero_barrier_model(const Args<T>& a) {
  SrctParams<T> m = srct_model(a);
  m.alpha = m.eps = m.beta_kl = T(0);
  const int S = a.S();
  m.K += (T(0.05) + T(0.1) * spectral_norm<T>(m.K)) * Mat<T>::Identity(S, S);
  if (!(m.lambda * m.beta >= T(1e-2)))
    m.U.resize(0);
  return m;
}
/// The maximiser of U·p − λβ pᵀKp over the closed simplex by projected gradient ascent (independent of the
/// flow): step 1/(2λβ‖K‖₂), linear convergence at rate ≥ λ_min(K|_T)/‖K‖₂; stopped when a step moves p by
/// less than 10^(−0.65·digits) (10⁻¹³ in double) times that rate, or after 10⁶ steps.
template <class T> Vec<T> zero_barrier_maximizer(const SrctParams<T>& m) {
  const int S = m.size();
  const T L = T(2) * m.lambda * m.beta * spectral_norm<T>(m.K);
  const T target = T(std::pow(10.0, -std::max(0.65 * scalar_digits<T>(), 13.0))) * T(1e-3);
  Vec<T> p = Vec<T>::Constant(S, T(1) / T(S));
  for (long it = 0; it < 1000000; ++it) {
    const Vec<T> next = project_simplex<T>(Vec<T>(p + (m.U - T(2) * m.lambda * m.beta * (m.K * p)) / L));
    const T moved = (next - p).cwiseAbs().maxCoeff();
    p = next;
    if (moved <= std::max<T>(target, T(T(16) * std::numeric_limits<T>::epsilon())))
      break;
  }
  return p;
}

// main §3.4, Theorem thm:main_gradflow_convergence_concise; §7: p_t → p*, the unique maximiser of J̃.
DCRV_CLAIM(claim_gc_convergence) {
  return forall("M.gc-convergence", Kind::dynamic)
      .skips("the entropy-barrier part needs lambda alpha + eps > 1e-3, the zero-barrier part lambda beta >= "
             "1e-2: other samples are outside each part's case")
      .where("main §3.4, Theorem thm:main_gradflow_convergence_concise; §7 (Concluding Insights)")
      .statement(
          R"(Along the $\widetilde J$-flow ($\lambda\alpha+\varepsilon>10^{-3}$, random instances, starts at vertices / near faces / random, $t\in[0,6]$), with $p^\star$ the maximiser of $\widetilde J$ (damped Newton in log-coordinates) and $\mathrm{gap}(t)=\widetilde J(p^\star)-\widetilde J(p_t)$, at every accepted step: (i) the Łojasiewicz/PL inequality $-\frac{d}{dt}\mathrm{gap}=\sum_\pi p_\pi(\widetilde F_\pi-\mathbb E_p\widetilde F)^2\ge c\,A\,p_{\min}(t)\,\mathrm{gap}(t)$, so $\mathrm{gap}(t)\le\mathrm{gap}(0)e^{-cA\int_0^tp_{\min}}\to0$ (as $p_{\min}$ stays bounded below, M.gc-wellposed-interior); (ii) $\|p_t-p^\star\|_2^2\le\mathrm{gap}(t)/(m\,A)$ (strong concavity on $T$), so $p_t\to p^\star$; $c=2$, $m=1$; every $S\ge2$. The theorem's other strictly concave case, $\lambda\alpha+\varepsilon=\beta_{\mathrm{KL}}=0$ with $\lambda\beta\ge10^{-2}$ and $K$ positive definite on $T$ (the random PSD kernel plus the ridge $(0.05+0.1\|K\|_2)I$), where $p^\star$ may lie on the boundary: $p^\star$ by projected gradient ascent on the closed simplex (independent of the flow), $\widetilde J(p_t)$ non-decreasing at every accepted step, the flow followed until it has converged ($\max_\pi|\dot p_\pi|\le10^{-10}$, cap $t=2\cdot10^4$, a run not converged by then inconclusive) and its limit $=p^\star$ to $10^{-4}$ ($\|\cdot\|_\infty$), starts mixed with $10^{-6}$ of the uniform point (the vertices are equilibria of this flow))")
      .constant("c", 2.0, Role::lower, "coefficient of A p_min gap in the dissipation inequality")
      .constant("m", 1.0, Role::lower, "strong-concavity coefficient: gap >= m A ||p - p*||^2")
      .over(flow_instance_domain())
      .effort(0.05)
      .holds(along_concave_instance_flow(
          []<class T>(const Args<T>& a, const Consts<T>& k, const T&, const Vec<T>& p, std::vector<T>& st) {
            const SrctParams<T> m = srct_model(a);
            const int S = a.S();
            if (st.empty()) {
              const Vec<T> ps = jtilde_maximizer(m).p;
              st.assign(ps.data(), ps.data() + S);
              st.push_back(jtilde(m, ps));
            }
            const Vec<T> ps = Eigen::Map<const Vec<T>>(st.data(), S);
            const T top = st[S], A = m.barrier();
            const T gap = top - jtilde(m, p);
            const Vec<T> F = srct_fitness(m, p, log_of(p));
            const T Fbar = p.dot(F);
            T diss(0);
            for (Eigen::Index i = 0; i < p.size(); ++i)
              diss += p(i) * (F(i) - Fbar) * (F(i) - Fbar);
            const T round = abs(top) + T(1);
            return worst(ge<T>(diss, k("c") * A * p.minCoeff() * gap, T(k("c") * A * round)),
                         le<T>(T((p - ps).squaredNorm()), gap / (k("m") * A), T(round / A)));
          }))
      .and_holds(
          "zero barrier (lambda alpha + eps = beta_KL = 0, K positive definite on T)", flow_instance_domain(),
          along_trajectory_state(
              until_converged(2e4, 1e-10),
              []<class T>(const Args<T>& a, const Consts<T>&) {
                const SrctParams<T> m = zero_barrier_model(a);
                return m.size() == 0 ? srct_field(srct_model(a)) : srct_field(m);
              },
              []<class T>(const Args<T>& a, const Consts<T>&) {
                // starts at least 10⁻⁶ from the faces (from a vertex at 10⁻²⁰⁰ the zero-barrier flow, for
                // which the vertices are equilibria, needs t ~ 460/gap to leave)
                const Vec<T> p0 = (Vec<T>(a.simplex("p0")).array() + T(1e-6)) / (T(1) + T(a.S()) * T(1e-6));
                return zero_barrier_model(a).size() == 0 ? Vec<T>() : Vec<T>(p0);
              },
              []<class T>(const Args<T>& a, const Consts<T>&, const T& t, const Vec<T>& p,
                          std::vector<T>& st) {
                const SrctParams<T> m = zero_barrier_model(a);
                const int S = a.S();
                if (st.empty()) {
                  const Vec<T> ps = zero_barrier_maximizer(m);
                  st.assign(ps.data(), ps.data() + S);
                  st.push_back(jtilde(m, p));
                }
                const Vec<T> ps = Eigen::Map<const Vec<T>>(st.data(), S);
                // J̃ non-decreasing between accepted steps; where the flow has converged (max|ṗ| ≤ 10⁻¹⁰,
                // where the integration stops) its limit is p* to 10⁻⁴; not converged by t = 2·10⁴: no
                // evidence (NaN)
                const T J = jtilde(m, p);
                Ineq<T> w = untight(ge<T>(J, st[S], T(abs(J) + T(1))));
                st[S] = J;
                const T speed = p.cwiseProduct(srct_rate(m, p, log_of(p))).cwiseAbs().maxCoeff();
                if (speed <= T(1e-10))
                  w = worst(w, le<T>(T((p - ps).cwiseAbs().maxCoeff()), T(1e-4)));
                else if (t >= T(2e4) * T(1 - 1e-12))
                  w = worst(w, le<T>(nan_of<T>(), nan_of<T>()));
                return w;
              }));
}

// ============================================================================================================
// §4.2 The ε → 0 behaviour of STaR, GRPO and DPO
// ============================================================================================================

Domain scalar_domain(int min_dim = 2) {
  return Domain()
      .dims(min_dim)
      .simplex("p0")
      .real("mc", 0.0, 1.0)
      .real("G", 2.0, 8.99)
      .real("beta", 0.1, 5.0, true)
      .real("ell0", -3.0, 3.0);
}
template <class T> RateField<T> star_flow(int S, int M, const T& eps) {
  return star_rate_field<T>(StarPartition{leading_correct(S, M)}, eps);
}
template <class T> RateField<T> grpo_flow(int S, int M, int G, const T& eps) {
  return grpo::rate_field<T>(grpo::Partition{leading_correct(S, M)}, G, eps);
}
template <class T> RateField<T> dpo_flow(const DpoModel<T>& d) {
  return [d](const T&, const Vec<T>& p, const Vec<T>& lp) { return d.rate(p, lp); };
}
/// ε from the field "eps", or 0 where the field "eps_on" is below `off_below` (off_below = 0: always "eps").
template <class T> T switched_eps(const Args<T>& a, double off_below) {
  return off_below > 0 && a.real("eps_on") < T(off_below) ? T(0) : T(a.real("eps"));
}
/// log((1 − ρ)/ρ) with both masses summed directly.
template <class T> T incorrect_log_odds(const Vec<T>& p, int M) {
  T rho(0), sig(0);
  for (int i = 0; i < p.size(); ++i)
    (i < M ? rho : sig) += p(i);
  return log(sig / rho);
}

// main §4.2, first paragraph: at ε = 0 every incorrect trace's probability tends to 0 (STaR, GRPO, DPO).
DCRV_CLAIM(claim_incorrect_suppressed_eps0) {
  const double t_end = 8.0;
  auto start = []<class T>(const Args<T>& a, const Consts<T>&) {
    return correct_count(a, 1, true) < 1 ? Vec<T>() : Vec<T>(a.simplex("p0"));
  };
  return forall("M.incorrect-suppressed-eps0", Kind::dynamic)
      .where("main §4.2 (subsec:deterministic_collapse_concise), first paragraph")
      .statement(
          R"(At $\varepsilon=0$, from every interior start (vertices, faces at $10^{-12}$, $10^{-40}$, random), $1\le|\mathcal C|\le S-1$, the incorrect mass vanishes at an explicit exponential rate, checked at every accepted step of $[0,8]$: STaR: $\log\frac{1-\rho_t}{\rho_t}\le\log\frac{1-\rho_0}{\rho_0}-r\,t/|\mathcal C|$ (since $\frac{d}{dt}\log\frac{1-\rho}{\rho}=-S^{(2)}/\rho^2\le-1/|\mathcal C|$); GRPO ($G=2,\dots,8$): the same with rate $r\min_{[0,1]}h_G$ (since $\frac{d}{dt}\log\frac{\rho}{1-\rho}=h_G(\rho)$); DPO ($\beta\in[0.1,5]$, $\ell_0\in[-3,3]$): $\log\frac{p_i}{p_c}(t)\le\log\frac{p_i}{p_c}(0)-r\,2g_\beta(0)\,t$ for all $i\in\mathcal I$, $c\in\mathcal C$ (since $g_\beta$ is decreasing and $\log p\le0$), so $p_i(t)\to0$; $r=1$ (equality for STaR with $|\mathcal C|=1$); every $S\ge2$)")
      .constant("r", 1.0, Role::lower, "coefficient of the suppression rates")
      .over(scalar_domain())
      .effort(0.05)
      .holds(along_trajectory_state(
          t_end,
          []<class T>(const Args<T>& a, const Consts<T>&) {
            return star_flow<T>(a.S(), std::max(1, correct_count(a, 1, true)), T(0));
          },
          start,
          []<class T>(const Args<T>& a, const Consts<T>& k, const T& t, const Vec<T>& p, std::vector<T>& st) {
            const int M = correct_count(a, 1, true);
            const T lo = incorrect_log_odds(p, M);
            if (st.empty())
              st = {lo};
            return le<T>(lo, T(st[0] - k("r") * t / T(M)), T(flow_slack<T>() * (abs(st[0]) + t + T(1))));
          }))
      .and_holds(
          "GRPO", scalar_domain(),
          along_trajectory_state(
              t_end,
              []<class T>(const Args<T>& a, const Consts<T>&) {
                return grpo_flow<T>(a.S(), std::max(1, correct_count(a, 1, true)), group_size(a), T(0));
              },
              start,
              []<class T>(const Args<T>& a, const Consts<T>& k, const T& t, const Vec<T>& p,
                          std::vector<T>& st) {
                const int M = correct_count(a, 1, true);
                const T lo = incorrect_log_odds(p, M);
                if (st.empty()) {
                  const grpo::Characteristic<T> ch(group_size(a));
                  const T hmin =
                      -grpo::maximize<T>([&](const T& r) { return T(-ch.h(r)); }, T(0), T(1), 64).value;
                  st = {lo, hmin};
                }
                return le<T>(lo, T(st[0] - k("r") * st[1] * t), T(flow_slack<T>() * (abs(st[0]) + t + T(1))));
              }))
      .and_holds("DPO", scalar_domain(),
                 along_trajectory_state(
                     t_end,
                     []<class T>(const Args<T>& a, const Consts<T>&) {
                       return dpo_flow<T>(dpo_model<T>(a, std::max(1, correct_count(a, 1, true)), T(0)));
                     },
                     start,
                     []<class T>(const Args<T>& a, const Consts<T>& k, const T& t, const Vec<T>& p,
                                 std::vector<T>& st) {
                       const int M = correct_count(a, 1, true), S = a.S();
                       const Vec<T> lp = log_of(p);
                       if (st.empty())
                         st.assign(lp.data(), lp.data() + S);
                       const T rate = T(2) * dpo_model<T>(a, M, T(0)).g(T(0));
                       Ineq<T> w = skip<T>();
                       for (int i = M; i < S; ++i)
                         for (int c = 0; c < M; ++c) {
                           const T z0 = st[i] - st[c];
                           w = worst(w, le<T>(T(lp(i) - lp(c)), T(z0 - k("r") * rate * t),
                                              T(flow_slack<T>() * (abs(z0) + t + T(1)))));
                         }
                       return w;
                     }));
}

/// Genericity of a STaR start (dcrv's restriction for finite-horizon proxies of asymptotic claims): correct
/// mass ρ₀ ≥ 0.05 and the two largest correct masses differ by a factor ≥ 1.05.
template <class T> bool generic_star_start(const Vec<T>& p0, int M) {
  std::vector<T> c(p0.data(), p0.data() + M);
  std::sort(c.begin(), c.end(), [](const T& x, const T& y) { return x > y; });
  T rho(0);
  for (const T& x : c)
    rho += x;
  return rho >= T(0.05) && (M < 2 || c[0] >= T(1.05) * c[1]);
}

/// The STaR flow with |C| = M ∈ [2, S] from "mc" at ε = 0, and its generic starts (empty otherwise).
constexpr auto star_flow_eps0 = []<class T>(const Args<T>& a, const Consts<T>&) {
  return star_flow<T>(a.S(), std::max(2, correct_count(a, 2, false)), T(0));
};
constexpr auto generic_star_start_of = []<class T>(const Args<T>& a, const Consts<T>&) {
  const int M = correct_count(a, 2, false);
  const Vec<T> p0 = a.simplex("p0");
  return (M < 2 || !generic_star_start(p0, M)) ? Vec<T>() : p0;
};

/// The STaR ratio claim: for each ordered pair a, b ∈ C with p_a(0) ≥ 1.05 p_b(0) (and p_b(0) ≥ 10⁻³), the
/// log-ratio gains at least L by t_end. `leader_only`: a is the largest correct trace at t = 0.
Claim star_ratio_claim(const char* id, bool leader_only) {
  const double t_end = 60.0;
  ForAll f(id, Kind::dynamic);
  f.skips(
      "starts that are not generic (rho_0 < 0.05, or the two largest correct masses within a factor 1.05) "
      "and starts without a pair p_a(0) >= 1.05 p_b(0), p_b(0) >= 1e-3 are outside the statement");
  f.where("main §4.2, STaR bullet, second paragraph")
      .statement(
          std::string(
              R"(STaR at $\varepsilon=0$, $|\mathcal C|=M\in[2,S]$, generic interior starts ($\rho_0\ge0.05$, the two largest correct masses differ by a factor $\ge1.05$): for every pair $a,b\in\mathcal C$ with $p_a(0)\ge1.05\,p_b(0)$, $p_b(0)\ge10^{-3})") +
          (leader_only ? R"( and $a$ the largest correct trace at $t=0$)" : "") +
          R"(, $p_a/p_b\to\infty$ is checked as the finite-horizon consequence $z_{ab}(60)-z_{ab}(0)\ge L$, $L=3$ (dcrv's level; $z_{ab}=\log(p_a/p_b)$, whose derivative $(p_a-p_b)/\rho$ is the positive feedback of the claim); every $S\ge3$)")
      .over(scalar_domain(3))
      .effort(0.1)
      .holds(
          along_trajectory_state(t_end, star_flow_eps0, generic_star_start_of,
                                 [leader_only, t_end]<class T>(const Args<T>& a, const Consts<T>&, const T& t,
                                                               const Vec<T>& p, std::vector<T>& st) {
                                   const int M = correct_count(a, 2, false);
                                   const Vec<T> lp = log_of(p);
                                   if (st.empty())
                                     st.assign(lp.data(), lp.data() + M);
                                   if (t < T(t_end) * T(1 - 1e-12))
                                     return skip<T>();
                                   Eigen::Index lead = 0;
                                   Eigen::Map<const Vec<T>>(st.data(), M).maxCoeff(&lead);
                                   Ineq<T> w = skip<T>();
                                   for (int i = 0; i < M; ++i)
                                     for (int j = 0; j < M; ++j) {
                                       if (i == j || (leader_only && i != lead))
                                         continue;
                                       if (!(st[i] >= st[j] + log(T(1.05))) || !(st[j] >= log(T(1e-3))))
                                         continue;
                                       w = worst(w, ge<T>(T((lp(i) - lp(j)) - (st[i] - st[j])), T(3)));
                                     }
                                   return w;
                                 }));
  return f;
}
// main §4.2, STaR bullet: for a, b ∈ C with p_a(0) > p_b(0), p_a/p_b → ∞.
DCRV_CLAIM(claim_star_ratio_diverges) {
  return star_ratio_claim("M.star-ratio-diverges", false);
}
// Reading: a is the leading correct trace (the positive-feedback statement as it applies to the eventual
// winner).
DCRV_CLAIM(claim_star_ratio_diverges_leader) {
  Claim c = star_ratio_claim("M.star-ratio-diverges~leader", true);
  c.reading =
      "a is the correct trace with the largest initial mass (the eventual winner); b any other correct trace";
  c.where = "main §4.2, STaR bullet, second paragraph, reading: a is the leader";
  return c;
}

// main §4.2, STaR bullet: at ε = 0 a generic start converges to the vertex of the largest correct trace.
DCRV_CLAIM(claim_star_collapse_single) {
  const double t_end = 150.0;
  return forall("M.star-collapse-single", Kind::dynamic)
      .skips("starts that are not generic (correct mass rho_0 < 0.05, or the two largest correct masses too "
             "close to tell a leader) are outside the prediction's 'generic start' hypothesis")
      .where("main §4.2, STaR bullet, second paragraph")
      .statement(
          R"(STaR at $\varepsilon=0$, $|\mathcal C|=M\in[2,S]$, generic interior starts ($\rho_0\ge0.05$, two largest correct masses differ by a factor $\ge1.05$): with $a^\ast$ the largest correct trace at $t=0$, $p_{a^\ast}(t)$ is non-decreasing at every accepted step and $1-p_{a^\ast}(150)\le\eta$, $\eta=10^{-3}$ (dcrv's finite-horizon proxy of $p(t)\to e_{a^\ast}$); every $S\ge3$)")
      .over(scalar_domain(3))
      .effort(0.1)
      .holds(along_trajectory_state(t_end, star_flow_eps0, generic_star_start_of,
                                    [t_end]<class T>(const Args<T>& a, const Consts<T>&, const T& t,
                                                     const Vec<T>& p, std::vector<T>& st) {
                                      const int M = correct_count(a, 2, false);
                                      if (st.empty())
                                        st.assign(p.data(), p.data() + M);
                                      Eigen::Index lead = 0;
                                      Eigen::Map<const Vec<T>>(st.data(), M).maxCoeff(&lead);
                                      Ineq<T> w = skip<T>();
                                      if (st.size() > static_cast<std::size_t>(M))
                                        w = ge<T>(p(lead), st[M], T(flow_slack<T>()));
                                      if (st.size() == static_cast<std::size_t>(M))
                                        st.push_back(p(lead));
                                      else
                                        st[M] = p(lead);
                                      if (t >= T(t_end) * T(1 - 1e-12)) {
                                        T rest(0);
                                        for (Eigen::Index i = 0; i < p.size(); ++i)
                                          if (i != lead)
                                            rest += p(i);
                                        w = worst(w, le<T>(rest, T(1e-3)));
                                      }
                                      return w;
                                    }));
}

/// GRPO neutrality along the flow: z_ab(t) = z_ab(0) e^{−εt} for all a, b ∈ C.
template <class T>
Ineq<T> grpo_neutral(const Vec<T>& p, int M, const T& eps, const T& t, std::vector<T>& st) {
  const Vec<T> lp = log_of(p);
  if (st.empty())
    st.assign(lp.data(), lp.data() + M);
  Ineq<T> w = skip<T>();
  for (int i = 1; i < M; ++i) {
    const T z0 = st[i] - st[0], z = lp(i) - lp(0);
    w = worst(w, le<T>(T(abs(z - z0 * exp(-eps * t))),
                       T(flow_slack<T>() * (abs(z0) + abs(lp(i)) + abs(lp(0)) + T(1)))));
  }
  return w;
}

/// The GRPO flow (|C| ∈ [2, S−1] from "mc", ε = switched_eps(off_below)) is neutral along [0, 8]
/// (grpo_neutral).
auto grpo_neutrality(double off_below) {
  return along_trajectory_state(
      8.0,
      [off_below]<class T>(const Args<T>& a, const Consts<T>&) {
        return grpo_flow<T>(a.S(), std::max(2, correct_count(a, 2, true)), group_size(a),
                            switched_eps(a, off_below));
      },
      []<class T>(const Args<T>& a, const Consts<T>&) {
        return correct_count(a, 2, true) < 2 ? Vec<T>() : Vec<T>(a.simplex("p0"));
      },
      [off_below]<class T>(const Args<T>& a, const Consts<T>&, const T& t, const Vec<T>& p,
                           std::vector<T>& st) {
        return grpo_neutral<T>(p, correct_count(a, 2, true), switched_eps(a, off_below), t, st);
      });
}

// main §4.2, GRPO bullet: d/dt log(p_a/p_b) = 0 for a, b ∈ C (ε → 0): correct proportions are preserved.
DCRV_CLAIM(claim_grpo_ratio_preserved) {
  return forall("M.grpo-ratio-preserved", Kind::dynamic)
      .where("main §4.2, GRPO bullet")
      .statement(
          R"(Along the GRPO SRCT flow ($G=2,\dots,8$, $|\mathcal C|\in[2,S-1]$, starts at vertices, faces, random; $t\in[0,8]$): at $\varepsilon=0$, $z_{ab}(t)=z_{ab}(0)$ for all $a,b\in\mathcal C$ at every accepted step (the correct proportions are preserved, a manifold of equilibria of the correct-class proportions); for small $\varepsilon\in[10^{-4},10^{-2}]$ exactly $z_{ab}(t)=z_{ab}(0)e^{-\varepsilon t}$ (only the entropy moves them); every $S\ge3$)")
      .over(scalar_domain(3).real("eps", 1e-4, 1e-2, true).real("eps_on", 0.0, 1.0))
      .effort(0.05)
      .holds(grpo_neutrality(0.4));
}

/// DPO homogenisation along the flow: every |z_ab|, a, b ∈ C, is non-increasing between accepted steps, and
/// at t_end max|z_ab| ≤ ½ max|z_ab(0)|.
template <class T>
Ineq<T> dpo_homogenizes(const Vec<T>& p, int M, const T& t, double t_end, std::vector<T>& st) {
  const Vec<T> lp = log_of(p);
  const T spread = lp.head(M).maxCoeff() - lp.head(M).minCoeff();
  Ineq<T> w = skip<T>();
  if (st.empty())
    st = {spread, spread};
  else
    w = le<T>(spread, st[1], T(flow_slack<T>() * (st[0] + T(1))));
  st[1] = spread;
  if (t >= T(t_end) * T(1 - 1e-12) && st[0] > T(1e-6))
    w = worst(w, le<T>(spread, T(st[0] / 2)));
  return w;
}
Domain dpo_domain(double eps_lo, double eps_hi) {
  return Domain()
      .dims(3)
      .simplex("p0")
      .real("mc", 0.0, 1.0)
      .real("beta", 0.5, 2.0)
      .real("ell0", -2.0, 0.0)
      .real("eps", eps_lo, eps_hi, true)
      .real("eps_on", 0.0, 1.0);
}
template <class T> Vec<T> dpo_start(const Args<T>& a) {
  const Vec<T> p0 = a.simplex("p0");
  if (correct_count(a, 2, false) < 2 || !(p0.minCoeff() >= T(1e-3)))
    return Vec<T>();
  return p0;
}

/// The DPO flow (|C| ∈ [2, S] from "mc", ε = switched_eps(off_below)) homogenises the correct traces on [0,
/// t_end] (dpo_homogenizes), from starts with p_min(0) ≥ 10⁻³.
auto dpo_homogenization(double t_end, double off_below) {
  return along_trajectory_state(
      t_end,
      [off_below]<class T>(const Args<T>& a, const Consts<T>&) {
        return dpo_flow<T>(
            dpo_model<T>(a, std::max(2, correct_count(a, 2, false)), switched_eps(a, off_below)));
      },
      []<class T>(const Args<T>& a, const Consts<T>&) { return dpo_start(a); },
      [t_end]<class T>(const Args<T>& a, const Consts<T>&, const T& t, const Vec<T>& p, std::vector<T>& st) {
        return dpo_homogenizes<T>(p, correct_count(a, 2, false), t, t_end, st);
      });
}

/// The within-correct log-spread max_{a,b∈C}|log(p_a/p_b)| followed to the flow's limit: non-increasing at
/// every accepted step, and once the flow has converged (max|ṗ| ≤ 10⁻¹², at most t = 2·10⁴) the spread is ≤
/// 10⁻⁶, i.e. p_a/p_b = 1 at the limit to that accuracy; a run not converged by the cap is no evidence (NaN).
template <class T> Ineq<T> dpo_ratio_limit(const Args<T>& a, double off_below) {
  const Vec<T> p0 = dpo_start(a);
  if (p0.size() == 0)
    return skip<T>();
  const int M = correct_count(a, 2, false);
  const RateField<T> flow = dpo_flow<T>(dpo_model<T>(a, std::max(2, M), switched_eps(a, off_below)));
  auto spread = [M](const Vec<T>& lp) { return T(lp.head(M).maxCoeff() - lp.head(M).minCoeff()); };
  const T s0 = spread(log_of(p0));
  T prev = s0;
  Ineq<T> w = skip<T>();
  FlowOptions o;
  o.converged_tol = 1e-12;
  const FlowResult<T> r = integrate_flow_from<T>(
      flow, p0, T(0), T(2e4),
      [&](const T&, const Vec<T>& p) {
        const T s = spread(log_of(p));
        w = worst(w, untight(le<T>(s, prev, T(flow_slack<T>() * (s0 + T(1))))));
        prev = s;
        return !w.violated();
      },
      o);
  if (w.violated())
    return w;
  if (!r.converged)
    return le<T>(nan_of<T>(), nan_of<T>());
  return worst(w, le<T>(spread(r.log_p), T(1e-6)));
}

// main §4.2, DPO bullet: p_a/p_b → 1 for a, b ∈ C.
DCRV_CLAIM(claim_dpo_ratio_to_one) {
  return forall("M.dpo-ratio-to-one", Kind::dynamic)
      .skips("starts with a mass below 1e-3 (dpo_start) or fewer than two correct traces are outside the "
             "statement's starts")
      .where("main §4.2, DPO bullet")
      .statement(
          R"(Along the DPO SRCT flow ($\beta\in[0.5,2]$, $\ell_0\in[-2,0]$, $\varepsilon\in\{0\}\cup[10^{-3},10^{-1}]$, $|\mathcal C|\in[2,S]$, starts with $p_{\min}(0)\ge10^{-3}$; followed to the limit): the within-correct spread $\max_{a,b\in\mathcal C}|\log(p_a/p_b)|$ is non-increasing at every accepted step, and once the flow has converged ($\max_k|\dot p_k|\le10^{-12}$, cap $t=2\cdot10^4$; a run not converged by the cap is inconclusive) the spread is $\le10^{-6}$, i.e.\ $p_a/p_b=1$ at the limit; every $S\ge3$)")
      .over(dpo_domain(1e-3, 1e-1))
      .effort(0.02)
      .mpfr_effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return dpo_ratio_limit<T>(a, 0.4); });
}

// ============================================================================================================
// §4.4 Diversity Decay Theorem (deterministic parts)
// ============================================================================================================

Domain small_eps_star_domain() {
  return Domain().dims(3, 8).simplex("p0").real("mc", 0.0, 1.0).real("eps", 1e-3, 1e-2, true);
}
/// STaR with 0 < ε ≪ 1: at t_end the leading correct trace holds ≥ 1 − η of the correct mass.
auto star_small_eps_property(double t_end) {
  return along_trajectory_state(
      t_end,
      []<class T>(const Args<T>& a, const Consts<T>&) {
        return star_flow<T>(a.S(), std::max(2, correct_count(a, 2, false)), T(a.real("eps")));
      },
      generic_star_start_of,
      [t_end]<class T>(const Args<T>& a, const Consts<T>&, const T& t, const Vec<T>& p, std::vector<T>&) {
        if (t < T(t_end) * T(1 - 1e-12))
          return skip<T>();
        const int M = correct_count(a, 2, false);
        T rho(0);
        for (int i = 0; i < M; ++i)
          rho += p(i);
        return ge<T>(T(p.head(M).maxCoeff() / rho), T(0.99));
      });
}

// main §4.4, Theorem thm:diversity_decay (i): STaR collapses onto a single dominant correct trace for 0 < ε
// ≪ 1.
DCRV_CLAIM(claim_ddt_star) {
  return forall("M.ddt-star", Kind::dynamic)
      .skips("starts that are not generic (correct mass rho_0 < 0.05, or the two largest correct masses too "
             "close to tell a leader) are outside the prediction's 'generic start' hypothesis")
      .where("main §4.4, Theorem thm:diversity_decay (i)")
      .statement(
          R"(STaR with $\varepsilon\in[10^{-3},10^{-2}]$ ($\lambda\approx0$), $|\mathcal C|\in[2,S]$, $S=3,\dots,8$, generic interior starts ($\rho_0\ge0.05$, two largest correct masses differ by a factor $\ge1.05$): at $t=150$ a single correct trace holds at least $99\%$ of the correct mass, $\max_{c}p_c/\rho\ge0.99$ (winner-takes-all, dcrv's finite-horizon level))")
      .over(small_eps_star_domain())
      .effort(0.1)
      .holds(star_small_eps_property(150.0));
}

// main §4.4, Theorem thm:diversity_decay (iii): DPO homogenises the correct traces.
DCRV_CLAIM(claim_ddt_dpo) {
  return forall("M.ddt-dpo", Kind::dynamic)
      .skips("starts with a mass below 1e-3 (dpo_start) or fewer than two correct traces are outside the "
             "statement's starts")
      .where("main §4.4, Theorem thm:diversity_decay (iii)")
      .statement(
          R"(DPO with minimal entropy $\varepsilon\in[10^{-3},10^{-2}]$ (and $\varepsilon=0$), $\beta\in[0.5,2]$, $\ell_0\in[-2,0]$, $|\mathcal C|\in[2,S]$, starts with $p_{\min}(0)\ge10^{-3}$: the correct traces are equalised whatever their (semantic) identity — the within-correct log-spread is non-increasing at every accepted step and has at least halved by $t=80$ (the field is permutation-equivariant within $\mathcal C$, so no structure other than equal masses is selected); every $S\ge3$)")
      .over(dpo_domain(1e-3, 1e-2))
      .effort(0.015)
      .holds(dpo_homogenization(80.0, 0.2));
}

// main §4.4, Theorem thm:diversity_decay, closing sentence: minimal entropy does not prevent (i)–(iii).
DCRV_CLAIM(claim_ddt_small_eps_no_prevent) {
  return forall("M.ddt-small-eps-no-prevent", Kind::dynamic)
      .skips("starts that are not generic (correct mass rho_0 < 0.05, or the two largest correct masses too "
             "close to tell a leader) are outside the prediction's 'generic start' hypothesis")
      .where("main §4.4, Theorem thm:diversity_decay, closing sentence")
      .statement(
          R"(With minimal entropy $\varepsilon\in[10^{-3},10^{-2}]$ the deterministic outcomes persist: (i) STaR: as M.ddt-star ($\max_cp_c/\rho\ge0.99$ at $t=150$); (ii) GRPO ($G=2,\dots,8$): the correct proportions are not actively equalised, $z_{ab}(t)=z_{ab}(0)e^{-\varepsilon t}$ exactly on $[0,8]$ (so $|z_{ab}(8)|\ge0.92|z_{ab}(0)|$: the neutral manifold persists on times $\ll1/\varepsilon$); (iii) DPO: as M.ddt-dpo; the mini-batch versions are stochastic claims, not checked here)")
      .over(small_eps_star_domain())
      .effort(0.015)
      .holds(star_small_eps_property(150.0))
      .and_holds("GRPO", scalar_domain(3).dims(3, 8).real("eps", 1e-3, 1e-2, true), grpo_neutrality(0))
      .and_holds("DPO", dpo_domain(1e-3, 1e-2), dpo_homogenization(80.0, 0));
}

// ============================================================================================================
// §7.1 Testable predictions, on the App. J universe (deterministic flows: the theory track)
// ============================================================================================================

/// Random interior starts on the universe (log-masses N(0, 1.5²)), deterministic from the context.
std::vector<Vec<double>> universe_starts(const Context& ctx, int S, int n) {
  std::mt19937_64 rng = ctx.rng(7);
  std::normal_distribution<double> nd(0.0, 1.5);
  std::vector<Vec<double>> out;
  for (int k = 0; k < n; ++k) {
    Vec<double> y(S);
    for (int i = 0; i < S; ++i)
      y(i) = nd(rng);
    Vec<double> p = exp_of(y);
    out.push_back(p / p.sum());
  }
  return out;
}
nlohmann::json vec_json(const Vec<double>& v) {
  return std::vector<double>(v.data(), v.data() + v.size());
}

/// A prediction check: runs `trial(start) -> (ok, measured figure)` over the starts and reports.
template <class Trial>
Outcome prediction_outcome(const Context& ctx, const std::string& method, int n, const Trial& trial) {
  Outcome o;
  const TraceUniverse u = make_universe();
  double worst_fig = -std::numeric_limits<double>::infinity();
  long trials = 0;
  for (const Vec<double>& p0 : universe_starts(ctx, u.size(), n)) {
    const auto [ok, fig] = trial(u, p0);
    ++trials;
    worst_fig = std::max(worst_fig, fig);
    if (!ok) {
      o.status = Status::falsified;
      o.witness = {{"start", vec_json(p0)}, {"figure", fig}};
      o.message = "prediction fails from the witness start";
      break;
    }
  }
  if (o.status != Status::falsified)
    o.status = Status::verified;
  o.evidence.trials = trials;
  o.evidence.tightness = worst_fig;
  o.evidence.method = method;
  o.evidence.digits = 15;
  return o;
}
Claim prediction_claim(const char* id, const char* where, const char* statement, CheckFn fn) {
  Claim c;
  c.id = id;
  c.where = where;
  c.kind = Kind::empirical;
  c.statement = statement;
  c.check = std::move(fn);
  return c;
}
/// A prediction about the deterministic flows: `trial(universe, start) -> (ok, figure)` from
/// ctx.sizes().paths random interior starts (universe_starts), reported by prediction_outcome with `method`.
template <class Trial>
Claim flow_prediction(const char* id, const char* where, const char* statement, const char* method,
                      Trial trial) {
  return prediction_claim(id, where, statement, [method, trial](const Context& ctx) {
    return prediction_outcome(ctx, method, ctx.sizes().paths, trial);
  });
}

// main §7.1, prediction 1 (STaR): winner-takes-all fixation on a single successful strategy.
DCRV_CLAIM(claim_pred_star_wta) {
  return flow_prediction(
      "M.pred-star-wta", "main §7.1 (Testable Predictions) 1, STaR",
      R"(On the App. J universe ($S=12$: correct clusters of sizes $3,3,2$, $4$ incorrect traces), the deterministic STaR SRCT flow with $\varepsilon=10^{-3}$ from random interior starts (log-masses $\mathcal N(0,1.5^2)$; 8 at smoke, 64 at standard budget) fixates on a single correct trace: at $t=300$, $\max_cp_c\ge0.99$ (mass of the winning trace) — checked in the deterministic theory track only; the mini-batch version is a stochastic claim)",
      "STaR SRCT flow (dopri5, double) on the App. J universe; figure = 1 - max_c p_c(300)",
      [](const TraceUniverse& u, const Vec<double>& p0) {
        const auto r = integrate_flow_from<double>(star_rate_field<double>(StarPartition{u.correct}, 1e-3),
                                                   p0, 0.0, 300.0);
        double best = 0;
        for (int i = 0; i < u.size(); ++i)
          if (u.correct[i])
            best = std::max(best, r.p(i));
        return std::pair{r.completed && best >= 0.99, 1.0 - best};
      });
}

// main §7.1, prediction 1 (GRPO): neutral drift among correct traces.
DCRV_CLAIM(claim_pred_grpo_drift) {
  return flow_prediction(
      "M.pred-grpo-drift", "main §7.1, 1, GRPO",
      R"(On the App. J universe, the deterministic GRPO SRCT flow ($G=8$, $\varepsilon=0$) from random interior starts is neutral among correct traces: every correct log-ratio is unchanged at $t=50$ (to $10^{-6}$) while the incorrect mass falls below $10^{-6}$ — the neutral manifold on which mini-batch noise drifts; the stochastic erosion itself is a stochastic claim (M.sde-grpo-drift-fixation), not checked here)",
      "GRPO SRCT flow (dopri5, double), G = 8, eps = 0; figure = max_{a,b in C} |z_ab(50) - z_ab(0)|",
      [](const TraceUniverse& u, const Vec<double>& p0) {
        const auto r = integrate_flow_from<double>(
            grpo::rate_field<double>(grpo::Partition{u.correct}, 8, 0.0), p0, 0.0, 50.0);
        double drift = 0, inc = 0;
        for (int i = 0; i < u.size(); ++i) {
          if (!u.correct[i]) {
            inc += r.p(i);
            continue;
          }
          for (int j = 0; j < u.size(); ++j)
            if (u.correct[j])
              drift = std::max(drift, std::abs((r.log_p(i) - r.log_p(j)) - std::log(p0(i) / p0(j))));
        }
        return std::pair{r.completed && drift <= 1e-6 && inc <= 1e-6, drift};
      });
}

// main §7.1, prediction 1 (DPO): entropy equaliser across preferred traces.
DCRV_CLAIM(claim_pred_dpo_equalizer) {
  return flow_prediction(
      "M.pred-dpo-equalizer", "main §7.1, 1, DPO",
      R"(On the App. J universe, the deterministic DPO SRCT flow ($\beta=1$, $\ell_0=-1$, $\varepsilon=10^{-3}$) from random interior starts equalises the correct traces: at $t=300$ the entropy of the within-correct distribution $p_{\mathcal C}/\rho$ is within $10^{-3}$ of its maximum $\log|\mathcal C|=\log8$, across the three semantic clusters alike)",
      "DPO SRCT flow (dopri5, double); figure = log 8 - H(p_C / rho) at t = 300",
      [](const TraceUniverse& u, const Vec<double>& p0) {
        DpoModel<double> d;
        d.beta = 1, d.ell0 = -1, d.eps = 1e-3;
        for (bool c : u.correct)
          d.labels.push_back(c ? 1 : -1);
        const auto r = integrate_flow_from<double>(dpo_flow<double>(d), p0, 0.0, 300.0);
        std::vector<double> pc;
        double rho = 0;
        for (int i = 0; i < u.size(); ++i)
          if (u.correct[i])
            pc.push_back(r.p(i)), rho += r.p(i);
        double h = 0;
        for (double x : pc)
          h -= (x / rho) * std::log(x / rho);
        const double deficit = std::log(static_cast<double>(pc.size())) - h;
        return std::pair{r.completed && deficit <= 1e-3, deficit};
      });
}

/// The Study-B equilibrium on the App. J universe (U = 1_C, gated cluster kernel), by damped Newton.
Vec<double> universe_equilibrium(const TraceUniverse& u, double lambda, double alpha, double beta) {
  const SrctParams<double> m = study_b_model(u, lambda, alpha, beta, 1e-4, 0.0);
  return exp_of(barrier_maximizer_log<double>(m.U, m.K, m.lambda * m.beta, m.barrier()));
}

// main §7.1, prediction 2, first bullet (also §5.2 item 1): entropy-only regularisation keeps breadth at the
// cost of correctness.
DCRV_CLAIM(claim_pred_entropy_only) {
  return prediction_claim(
      "M.pred-entropy-only", "main §7.1, 2, first bullet; also §5.2 item 1",
      R"(On the App. J universe with $U=\mathbf 1_{\mathcal C}$, $\beta=0$, $\lambda=1$, barrier $10^{-4}$, $\alpha\in\{0.02,0.05,0.1,0.2,0.5,1,2\}$: the DCR equilibrium's incorrect mass $1-\rho^\star$ is strictly increasing in $\alpha$ (breadth at the cost of correctness) and the correct traces are equalised ($\max_{c,c'}|\log(p^\star_c/p^\star_{c'})|\le10^{-9}$) at every $\alpha$)",
      [](const Context&) {
        Outcome o;
        const TraceUniverse u = make_universe();
        double prev = -1, worst_spread = 0;
        std::string series;
        o.status = Status::verified;
        for (double alpha : {0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0}) {
          const Vec<double> p = universe_equilibrium(u, 1.0, alpha, 0.0);
          double inc = 0, lo = 1e300, hi = -1e300;
          for (int i = 0; i < u.size(); ++i) {
            if (!u.correct[i])
              inc += p(i);
            else
              lo = std::min(lo, std::log(p(i))), hi = std::max(hi, std::log(p(i)));
          }
          worst_spread = std::max(worst_spread, hi - lo);
          series += std::to_string(alpha) + ":" + std::to_string(inc) + " ";
          if (!(inc > prev) || hi - lo > 1e-9) {
            o.status = Status::falsified;
            o.witness = {{"alpha", alpha},
                         {"incorrect_mass", inc},
                         {"previous", prev},
                         {"correct_log_spread", hi - lo}};
            break;
          }
          prev = inc;
        }
        o.evidence.trials = 7;
        o.evidence.tightness = worst_spread;
        o.evidence.method = "Study-B equilibria (damped Newton, double) on the App. J universe";
        o.evidence.details["incorrect_mass_by_alpha"] = series;
        return o;
      });
}

// main §7.1, prediction 2, second bullet (also §5.2 item 2): a gated kernel increases semantic diversity.
DCRV_CLAIM(claim_pred_kernel_inclusive) {
  return prediction_claim(
      "M.pred-kernel-inclusive", "main §7.1, 2, second bullet; also §5.2 item 2",
      R"(On the App. J universe with $U=\mathbf 1_{\mathcal C}$, the gated cluster kernel, $\lambda=1$, $\alpha=0.05$, barrier $10^{-4}$: the lump-level entropy among correct solutions, $H(m_A,m_B,m_C)$ with $m_X$ the share of cluster $X$ in $\rho^\star$, is strictly larger for every $\beta\in\{0.25,0.5,1,2,4\}$ than for $\beta=0$, and increases with $\beta$; no collapse: every correct trace keeps at least $1\%$ of the correct mass)",
      [](const Context&) {
        Outcome o;
        const TraceUniverse u = make_universe();
        auto lump_entropy = [&](const Vec<double>& p, double* min_share) {
          double m[3] = {0, 0, 0}, rho = 0;
          for (int i = 0; i < u.size(); ++i)
            if (u.correct[i])
              m[u.cluster[i]] += p(i), rho += p(i);
          double h = 0;
          *min_share = 1;
          for (int i = 0; i < u.size(); ++i)
            if (u.correct[i])
              *min_share = std::min(*min_share, p(i) / rho);
          for (double x : m)
            h -= (x / rho) * std::log(x / rho);
          return h;
        };
        double share0 = 0;
        double prev = lump_entropy(universe_equilibrium(u, 1.0, 0.05, 0.0), &share0);
        const double h0 = prev;
        std::string series = "0:" + std::to_string(h0) + " ";
        o.status = Status::verified;
        double gain = 0;
        for (double beta : {0.25, 0.5, 1.0, 2.0, 4.0}) {
          double share = 0;
          const double h = lump_entropy(universe_equilibrium(u, 1.0, 0.05, beta), &share);
          series += std::to_string(beta) + ":" + std::to_string(h) + " ";
          if (!(h > prev) || share < 0.01) {
            o.status = Status::falsified;
            o.witness = {
                {"beta", beta}, {"lump_entropy", h}, {"previous", prev}, {"min_correct_share", share}};
            break;
          }
          gain = h - h0;
          prev = h;
        }
        o.evidence.trials = 6;
        o.evidence.tightness = gain;
        o.evidence.method = "Study-B equilibria (damped Newton, double) on the App. J universe; tightness = "
                            "lump-entropy gain at the largest beta";
        o.evidence.details["lump_entropy_by_beta"] = series;
        return o;
      });
}

} // namespace
} // namespace dcrv
