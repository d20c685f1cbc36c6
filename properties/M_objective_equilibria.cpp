// Main text (main.tex §3–§6) — the static, identity, structural and equilibrium claims: the policy simplex,
// concavity of the diversity functional D, the barrier, the Shahshahani gradient and the fitness formula, the
// soft-max gauge, the SRCT flow (eq. srct_flow_maintext_concise) and its log-ratio ODE, the STaR/GRPO/DPO
// score differences of §4.2, the Wright–Fisher noise of §4.3, the gated kernel and the equilibrium balance of
// §5.3, the limits of entropy (§6.1) and kernel sculpting (§6.2). Dynamic claims and the predictions of §7
// are in properties/M_flows_predictions.cpp.
//
// Conventions. Random PSD kernels K = k1 k1ᵀ + k2 k2ᵀ + diag(kd ⊙ kd) (properties/domains/kernels.hpp;
// rank-deficient when kd = 0), so that MPFR replays see the same K. A correct/incorrect split is C = {0, …,
// M−1} (WLOG by permutation symmetry) with M drawn from a real field "mc" ∈ [0, 1). DCR equilibria are
// computed by damped Newton in log-coordinates (maximiser of J̃), in the scalar of the evaluation (so MPFR
// replays are exact).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/equilibria.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "dcrv/srct.hpp"
#include "properties/domains/kernels.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/srct.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {
using namespace srct_domain;

// ------------------------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------------------------

/// J̃(p) = b·p − γ pᵀKp + A H(p) (b = U + β_KL log p_base absorbs the KL term up to a constant).
template <class T>
T barrier_objective(const Vec<T>& b, const Mat<T>& K, const T& gamma, const T& A, const Vec<T>& p) {
  return b.dot(p) - gamma * p.dot(K * p) + A * entropy(p);
}

/// A gated Gaussian semantic kernel: k_sem(i,j) = exp(−‖x_i − x_j‖²/(2ℓ²)) on 2-d embeddings (x1_i, x2_i),
/// then K_eff = R k_sem R with R = 1_C (main §5.2/§6.3).
Domain with_gated_kernel(Domain d) {
  d.vector("x1", 1.0).vector("x2", 1.0).real("ell", 0.2, 3.0, true).real("mc", 0.0, 1.0);
  return d;
}
template <class T> Mat<T> gated_gaussian_kernel(const Args<T>& a, int M) {
  const Vec<T> x1 = a.vec("x1"), x2 = a.vec("x2");
  const T ell = a.real("ell");
  const int S = a.S();
  Mat<T> K = Mat<T>::Zero(S, S);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < M; ++j) {
      const T d2 = (x1(i) - x1(j)) * (x1(i) - x1(j)) + (x2(i) - x2(j)) * (x2(i) - x2(j));
      K(i, j) = exp(-d2 / (T(2) * ell * ell));
    }
  return K;
}
/// The DCR equilibrium of §5.3: U = 1_C, gated Gaussian kernel, A = ε_total = λα + ε (β_KL = 0).
template <class T> struct GatedEquilibrium {
  int M = -1;
  Mat<T> K;
  T lambda, beta, A;
  Vec<T> y; // log p*
};
Domain equilibrium_domain() {
  return with_gated_kernel(Domain().dims(3, 8))
      .real("lambda", 0.1, 2.0)
      .real("alpha", 0.0, 1.0)
      .real("beta", 0.0, 3.0)
      .real("eps", 0.0, 0.5);
}
template <class T> GatedEquilibrium<T> gated_equilibrium(const Args<T>& a, const T& alpha) {
  GatedEquilibrium<T> e;
  e.M = correct_count(a, 1, true);
  if (e.M < 1)
    return e;
  e.K = gated_gaussian_kernel(a, e.M);
  e.lambda = a.real("lambda"), e.beta = a.real("beta");
  e.A = e.lambda * alpha + a.real("eps");
  if (!(e.A > T(1e-2))) {
    e.M = -1;
    return e;
  }
  e.y = barrier_maximizer_log<T>(correct_utility<T>(a.S(), e.M), e.K, T(e.lambda * e.beta), e.A);
  return e;
}

// ============================================================================================================
// §3.1 The policy simplex
// ============================================================================================================

// main §3.1 (subsec:policy_space_concise): Δ^{S−1} is a compact convex polytope.
DCRV_CLAIM(claim_simplex_compact_convex) {
  return forall("M.simplex-compact-convex", Kind::structural)
      .where("main §3.1 (subsec:policy_space_concise), display of the simplex")
      .statement(
          R"(\Delta^{S-1}=\{p\in[0,1]^S:\sum_ip_i=1\}$ is convex and bounded (hence, being closed, compact), checked on its defining inequalities: for $x,y$ in the closed simplex (vertices and faces included) and $t\in[0,1]$, $z=(1-t)x+ty$ has $\min_iz_i\ge0$, $\max_iz_i\le1$ and $\sum_iz_i=1$; a polytope: every $x$ is the convex combination $\sum_ix_ie_i$ of the $S$ vertices; every $S\ge1$)")
      .over(Domain().dims(1).simplex("x", true).simplex("y", true).real("t", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> x = a.simplex("x"), y = a.simplex("y");
        const T t = a.real("t");
        const Vec<T> z = (T(1) - t) * x + t * y;
        Vec<T> hull = Vec<T>::Zero(x.size());
        for (Eigen::Index i = 0; i < x.size(); ++i)
          hull += x(i) * Vec<T>(Vec<T>::Unit(x.size(), i));
        return worst(worst(ge<T>(z.minCoeff(), T(0)), le<T>(z.maxCoeff(), T(1))),
                     worst(eq<T>(z.sum(), T(1)), eq<T>(hull, x)));
      });
}

// ============================================================================================================
// §3.3 Concavity of D (prop:main_strict_concavity_D_concise) and the barrier
// ============================================================================================================

/// vᵀ∇²D(p)v = −α Σ v_i²/p_i − 2β vᵀKv (D = αH − β pᵀKp).
template <class T>
T hessian_D(const Vec<T>& p, const Vec<T>& v, const Mat<T>& K, const T& alpha, const T& beta) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s += v(i) * v(i) / p(i);
  return -alpha * s - T(2) * beta * v.dot(K * v);
}
template <class T> T weighted_sq(const Vec<T>& p, const Vec<T>& v) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s += v(i) * v(i) / p(i);
  return s;
}
Domain concavity_domain() {
  return with_kernel(Domain()
                         .dims(2)
                         .simplex("p")
                         .tangent("v")
                         .simplex("x", true)
                         .simplex("y", true)
                         .real("alpha", 0.0, 3.0)
                         .real("beta", 0.0, 3.0))
      .points([](int S) {
        return std::vector<Assign>{{{"kd", zeros(S)}, {"k2", zeros(S)}, {"alpha", {0.0}}},
                                   {{"k1", zeros(S)}, {"k2", zeros(S)}, {"kd", zeros(S)}, {"beta", {0.0}}}};
      });
}

// main §3.3, Proposition prop:main_strict_concavity_D_concise, first sentence: K PSD, α, β ≥ 0 ⇒ D concave.
DCRV_CLAIM(claim_D_concave) {
  return forall("M.D-concave", Kind::structural)
      .where("main §3.3, Proposition prop:main_strict_concavity_D_concise, first sentence")
      .statement(
          R"(For PSD $K$ (full rank and rank-deficient) and $\alpha,\beta\in[0,3]$, $\mathcal D=\alpha H-\beta p^\top Kp$ is concave on $\Delta$: $v^\top\nabla^2\mathcal D(p)v=-\alpha\sum_iv_i^2/p_i-2\beta v^\top Kv\le0$ for $p\in\mathrm{int}\,\Delta$, $v\in T$, and the midpoint inequality $\mathcal D(\tfrac{x+y}2)\ge\tfrac12(\mathcal D(x)+\mathcal D(y))$ for $x,y$ in the closed simplex ($0\log0=0$); every $S\ge2$)")
      .over(concavity_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Mat<T> K = kernel(a);
        const T alpha = a.real("alpha"), beta = a.real("beta");
        const Vec<T> p = a.simplex("p"), v = a.tangent("v");
        const T scale = alpha * weighted_sq(p, v) + T(2) * beta * abs(v.dot(K * v));
        auto D = [&](const Vec<T>& z) { return T(alpha * entropy(z) - beta * z.dot(K * z)); };
        const Vec<T> x = a.simplex("x"), y = a.simplex("y"), mid = (x + y) / T(2);
        const T mscale = abs(D(mid)) + abs(D(x)) + abs(D(y));
        return worst(le<T>(hessian_D(p, v, K, alpha, beta), T(0), scale),
                     ge<T>(D(mid), (D(x) + D(y)) / T(2), mscale));
      });
}

// main §3.3, Proposition prop:main_strict_concavity_D_concise, second sentence, case α > 0.
DCRV_CLAIM(claim_D_strict_concave_alpha) {
  return forall("M.D-strict-concave-alpha", Kind::structural)
      .where("main §3.3, Proposition prop:main_strict_concavity_D_concise, second sentence (alpha > 0)")
      .statement(
          R"(For $\alpha\in[10^{-3},3]$, $\beta\in[0,3]$, PSD $K$: $v^\top\nabla^2\mathcal D(p)v\le-m\,\alpha\sum_iv_i^2/p_i<0$ for all $p\in\mathrm{int}\,\Delta$ and $v\in T\setminus\{0\}$ (strict concavity on the affine simplex, quantitatively); $m=1$ (equality for $\beta=0$), every $S\ge2$)")
      .constant("m", 1.0, Role::lower, "coefficient of alpha sum v_i^2/p_i")
      .over(with_kernel(
          Domain().dims(2).simplex("p").tangent("v").real("alpha", 1e-3, 3.0, true).real("beta", 0.0, 3.0)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Mat<T> K = kernel(a);
        const T alpha = a.real("alpha"), beta = a.real("beta");
        const Vec<T> p = a.simplex("p"), v = a.tangent("v");
        if (v.norm() == 0)
          return skip<T>();
        const T w = weighted_sq(p, v);
        const T scale = alpha * w + T(2) * beta * abs(v.dot(K * v));
        return le<T>(hessian_D(p, v, K, alpha, beta), -k("m") * alpha * w, scale);
      });
}

// main §3.3, Proposition prop:main_strict_concavity_D_concise, second sentence, case β > 0 and K ≻ 0 on T.
DCRV_CLAIM(claim_D_strict_concave_kernel) {
  return forall("M.D-strict-concave-kernel", Kind::structural)
      .where("main §3.3, Proposition prop:main_strict_concavity_D_concise, second sentence (beta > 0, K PD "
             "on T)")
      .statement(
          R"(For $\beta\in[10^{-3},3]$, $\alpha\in\{0\}\cup[0,3]$ and PSD $K=K_0+\mu\Pi_T$ ($K_0$ random PSD, $\mu\in[10^{-3},1]$, so $\kappa_T=\lambda_{\min}(\Pi_TK\Pi_T|_T)>0$): $v^\top\nabla^2\mathcal D(p)v\le-m\,2\beta\kappa_T\|v\|_2^2<0$ for all $p\in\mathrm{int}\,\Delta$, $v\in T\setminus\{0\}$ (also for $\alpha=0$); $m=1$ (equality for $\alpha=0$, $K=\mu\Pi_T$), every $S\ge2$)")
      .constant("m", 1.0, Role::lower, "coefficient of 2 beta kappa_T ||v||^2")
      .over(with_kernel(Domain()
                            .dims(2)
                            .simplex("p")
                            .tangent("v")
                            .real("alpha", 0.0, 3.0)
                            .real("beta", 1e-3, 3.0, true)
                            .real("mu", 1e-3, 1.0, true))
                .points([](int S) {
                  return std::vector<Assign>{
                      {{"k1", zeros(S)}, {"k2", zeros(S)}, {"kd", zeros(S)}, {"alpha", {0.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Mat<T> K = kernel_with_tangent_part(a, "mu");
        const T alpha = a.real("alpha"), beta = a.real("beta");
        const Vec<T> p = a.simplex("p"), v = a.tangent("v");
        if (v.norm() == 0)
          return skip<T>();
        const T kappa = eigenvalues_on_tangent<T>(K).minCoeff();
        const T scale = alpha * weighted_sq(p, v) + T(2) * beta * abs(v.dot(K * v));
        return le<T>(hessian_D(p, v, K, alpha, beta), -k("m") * T(2) * beta * kappa * v.squaredNorm(), scale);
      });
}

// main §3.3, paragraph after the proposition (cites prop:barriers): a barrier εH, ε ∈ (0, 10⁻⁴], gives strict
// concavity and a unique interior maximiser.
DCRV_CLAIM(claim_eps_barrier_unique_interior) {
  return forall("M.eps-barrier-unique-interior", Kind::equilibrium)
      .where("main §3.3, paragraph after prop:main_strict_concavity_D_concise (cites prop:barriers)")
      .statement(
          R"(For $\varepsilon=\varepsilon_{\max}u$, $u\in[10^{-8},1]$ (log-uniform), $\varepsilon_{\max}=10^{-4}$, random $U\in[-1,1]^S$, PSD $K$, $\lambda\in[0,2]$, $\alpha=\beta_{\mathrm{KL}}=0$ (the concave $J$ without its own barrier), $\beta\in[0,2]$: the maximiser $p^\star$ of $\widetilde J=J+\varepsilon H$ (damped Newton in log-coordinates; stationarity residual certified) has $\log p^\star_i$ finite (interior), and it is unique and strict: $\widetilde J(p^\star)-\widetilde J(q)\ge\varepsilon\|q-p^\star\|_2^2$ for every $q$ in the closed simplex (vertices and faces included); $S=2,\dots,8$. The flow part (positivity along the gradient flow) is M.gc-wellposed-interior)")
      .constant("eps_max", 1e-4, Role::upper, "upper end of the barrier range (0, eps_max]")
      .over(with_kernel(Domain()
                            .dims(2, 8)
                            .vector("U", 1.0)
                            .real("u", 1e-8, 1.0, true)
                            .real("lambda", 0.0, 2.0)
                            .real("beta", 0.0, 2.0)
                            .simplex("q", true)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T eps = k("eps_max") * a.real("u");
        const Mat<T> K = kernel(a);
        const T gamma = a.real("lambda") * a.real("beta");
        const Vec<T> U = a.vec("U");
        const Vec<T> y = barrier_maximizer_log<T>(U, K, gamma, eps);
        const Vec<T> ps = exp_of(y);
        // stationarity residual of U − 2γKp − ε log p (constant on the support)
        const Vec<T> g = U - T(2) * gamma * (K * ps) - eps * y;
        const T gbar = ps.dot(g);
        T res(0);
        for (Eigen::Index i = 0; i < g.size(); ++i)
          res = std::max<T>(res, T(abs(g(i) - gbar)));
        const Vec<T> q = a.simplex("q");
        const T top = barrier_objective<T>(U, K, gamma, eps, ps);
        const T gap = top - barrier_objective<T>(U, K, gamma, eps, q);
        const T gmag =
            U.cwiseAbs().maxCoeff() + T(2) * gamma * K.cwiseAbs().maxCoeff() + eps * abs(y.minCoeff()) + T(1);
        // a tiny eps makes the gap a difference of O(1) values: rounding relative to |J̃| + 1
        const T scale = abs(top) + T(1);
        return worst(ge<T>(gap, eps * (q - ps).squaredNorm(), scale), eq<T>(res, T(0), gmag));
      });
}

// ============================================================================================================
// §3.4 The Shahshahani gradient and the fitness formula
// ============================================================================================================

/// d/ds f(p + s v) at s = 0 by an 8th-order central difference, step ε^{1/9}·p_min/(4‖v‖_∞) (stays in the
/// orthant), with an error bound: truncation 10⁴ε^{8/9}·(|d| + 1) plus rounding 400ε·max|f|/h.
template <class T> struct FdValue { T value, error; };
/// `magnitude` bounds the size of the terms of f before cancellation (rounding of f is ~ε·magnitude).
template <class T, class F>
FdValue<T> directional_derivative_fd(const F& f, const Vec<T>& p, const Vec<T>& v, const T& magnitude) {
  const T c[4] = {T(4) / T(5), T(-1) / T(5), T(4) / T(105), T(-1) / T(280)}; // exact weights in T
  // the unit roundoff of the working precision (dcrv's digits; numeric_limits may report the MPFR guard bits)
  const T eps = std::max<T>(std::numeric_limits<T>::epsilon(), T(pow(T(10), T(-scalar_digits<T>()))));
  const T h = pow(eps, T(1) / T(9)) * p.minCoeff() / (T(4) * v.cwiseAbs().maxCoeff());
  T d(0), fmax(0);
  for (int s = 1; s <= 4; ++s) {
    const T fp = f(Vec<T>(p + T(s) * h * v)), fm = f(Vec<T>(p - T(s) * h * v));
    fmax = std::max<T>(fmax, T(std::max<T>(abs(fp), abs(fm))));
    d += c[s - 1] * (fp - fm);
  }
  d /= h;
  return {d, T(T(1e4) * pow(eps, T(8) / T(9)) * (abs(d) + T(1)) + T(400) * eps * (fmax + magnitude) / h)};
}
/// The evaluation point of the finite-difference identities: p = δ + (1 − Sδ)x ∈ Δ_δ, δ ∈ [10⁻⁶, 0.5/S]
/// (log-uniform), so that the difference steps stay accurate (rounding error ~ ε/p_min).
Domain with_fd_point(Domain d) {
  d.simplex("x", true).real("delta", floor_range(1e-6, 0.5), true);
  return d;
}
template <class T> Vec<T> fd_point(const Args<T>& a) {
  const T delta = std::min<T>(a.real("delta"), T(0.5) / T(a.S()));
  return trim(a.simplex("x"), delta);
}

/// The DCR objective J = U·p + λ(αH − β pᵀKp) − β_KL KL(p‖p_base) as a formula on the positive orthant.
template <class T> struct DcrObjective {
  Vec<T> U, pb;
  Mat<T> K;
  T lambda, alpha, beta, beta_kl;
  T operator()(const Vec<T>& p) const {
    T v = U.dot(p) - lambda * beta * p.dot(K * p);
    for (Eigen::Index i = 0; i < p.size(); ++i)
      v += -lambda * alpha * p(i) * log(p(i)) - beta_kl * p(i) * log(p(i) / pb(i));
    return v;
  }
  /// Σ of the absolute values of the terms of J(p) (its size before cancellation).
  T magnitude(const Vec<T>& p) const {
    T v = U.cwiseAbs().dot(p.cwiseAbs()) + lambda * beta * p.cwiseAbs().dot(K.cwiseAbs() * p.cwiseAbs());
    for (Eigen::Index i = 0; i < p.size(); ++i)
      v += (lambda * alpha + beta_kl) * abs(p(i) * log(p(i))) + beta_kl * abs(p(i) * log(pb(i)));
    return v;
  }
};
Domain dcr_domain() {
  return with_fd_point(with_kernel(Domain()
                                       .dims(2)
                                       .vector("U", 1.0)
                                       .simplex("pb")
                                       .real("lambda", 0.0, 2.0)
                                       .real("alpha", 0.0, 2.0)
                                       .real("beta", 0.0, 2.0)
                                       .real("beta_kl", 0.0, 2.0)));
}
template <class T> DcrObjective<T> dcr_objective(const Args<T>& a) {
  return {a.vec("U"),      a.simplex("pb"), kernel(a),        a.real("lambda"),
          a.real("alpha"), a.real("beta"),  a.real("beta_kl")};
}
// main §3.4, display of ṗ_t(π) (cf. App. A eq:replicator): the Shahshahani gradient has components
// p_π(δJ/δp_π − Σ_σ p_σ δJ/δp_σ).
DCRV_CLAIM(claim_replicator_form) {
  return forall("M.replicator-form", Kind::identity)
      .where("main §3.4, display of the replicator ODE (cf. App. A eq:replicator)")
      .statement(
          R"(For the DCR objective $J$ (random $U$, PSD $K$, $p_{\mathrm{base}}$, $\lambda,\alpha,\beta,\beta_{\mathrm{KL}}\in[0,2]$) and $p\in\Delta_\delta$, $\delta\in[10^{-6},\tfrac1{2S}]$ (so the difference quotients are accurate; tolerance = the quotient's truncation + rounding bound), the vector $g_\pi=p_\pi(F_\pi-\sum_\sigma p_\sigma F_\sigma)$, $F=\delta J/\delta p$, is the Shahshahani gradient: $g\in T$ and $g_p(g,v)=\sum_\pi g_\pi v_\pi/p_\pi$ equals the directional derivative $DJ(p)[v]$ for $v\in T$, the latter computed by an 8th-order central difference of $J$ (independent of the formula for $F$); every $S\ge2$)")
      .over(dcr_domain().tangent("v"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DcrObjective<T> J = dcr_objective(a);
        const Vec<T> p = fd_point(a), v = a.tangent("v");
        if (v.norm() == 0)
          return skip<T>();
        Vec<T> F = J.U - T(2) * J.lambda * J.beta * (J.K * p);
        for (Eigen::Index i = 0; i < p.size(); ++i)
          F(i) += J.lambda * J.alpha * (T(-1) - log(p(i))) - J.beta_kl * (T(1) + log(p(i) / J.pb(i)));
        const Vec<T> g = p.cwiseProduct((F.array() - p.dot(F)).matrix());
        T metric(0);
        for (Eigen::Index i = 0; i < p.size(); ++i)
          metric += g(i) * v(i) / p(i);
        const FdValue<T> dJ = directional_derivative_fd<T>(J, p, v, J.magnitude(p));
        T gmag(0);
        for (Eigen::Index i = 0; i < p.size(); ++i)
          gmag += p(i) * (abs(F(i)) + abs(p.dot(F)));
        return worst(eq<T>(g.sum(), T(0), gmag), le<T>(T(abs(metric - dJ.value)), dJ.error));
      });
}

// main §3.4, display of F_t(π): δJ/δp(π) = U(π) + λ(α(−1 − log p(π)) − 2β(Kp)_π) − β_KL(1 +
// log(p(π)/p_base(π))).
DCRV_CLAIM(claim_fitness_formula) {
  return forall("M.fitness-formula", Kind::identity)
      .where("main §3.4, display of F_t(pi)")
      .statement(
          R"(For symmetric PSD $K$ and the DCR objective on the positive orthant, $\partial J/\partial p_\pi=U_\pi+\lambda(\alpha(-1-\log p_\pi)-c\,\beta(Kp)_\pi)-\beta_{\mathrm{KL}}(1+\log(p_\pi/p_{\mathrm{base},\pi}))$, $c=2$, the left side by an 8th-order central difference of $J$ along $e_\pi$ (tolerance = its truncation + rounding bound); $p\in\Delta_\delta$, $\delta\in[10^{-6},\tfrac1{2S}]$, random $U$, $p_{\mathrm{base}}$, coefficients in $[0,2]$, every $S\ge1$)")
      .constant("c", 2.0, Role::exact, "coefficient of beta (Kp)_pi")
      .over(dcr_domain().index("pi"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const DcrObjective<T> J = dcr_objective(a);
        const Vec<T> p = fd_point(a);
        const int i = a.index("pi");
        const T F = J.U(i) + J.lambda * (J.alpha * (T(-1) - log(p(i))) - k("c") * J.beta * (J.K * p)(i)) -
                    J.beta_kl * (T(1) + log(p(i) / J.pb(i)));
        const FdValue<T> fd =
            directional_derivative_fd<T>(J, p, Vec<T>(Vec<T>::Unit(p.size(), i)), J.magnitude(p));
        return le<T>(T(abs(fd.value - F)), fd.error);
      });
}

// ============================================================================================================
// §3.5 Parametric realisation: the soft-max gauge
// ============================================================================================================

// main §3.5 (cf. App. B prop:B-diffeo): every p* ∈ int Δ has exactly one gauge-fixed θ* with softmax(θ*) =
// p*.
DCRV_CLAIM(claim_softmax_gauge_bijection) {
  return forall("M.softmax-gauge-bijection", Kind::identity)
      .where("main §3.5 (Parametric Realization), cf. App. B prop:B-diffeo")
      .statement(
          R"(Existence: for $p^\star\in\mathrm{int}\,\Delta$ (masses down to $10^{-40}$), $\theta^\star=\log p^\star-\tfrac1S\langle\mathbf 1,\log p^\star\rangle\mathbf 1$ has $\sum_\pi\theta^\star_\pi=0$ and $\operatorname{softmax}(\theta^\star)=p^\star$ (componentwise relative); uniqueness: every gauge-fixed $\theta$ ($\sum\theta=0$) is recovered from its image, $\theta=C\log\operatorname{softmax}(\theta)$, so two gauge-fixed logits with the same image coincide; every $S\ge2$)")
      .over(Domain().dims(2).simplex("p").logits("theta", 5.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        const Vec<T> ts = centered_log(p);
        const Vec<T> theta = a.logits("theta");
        const Vec<T> back = centered_log(Vec<T>(softmax(theta)));
        return worst(worst(eq_rel<T>(softmax(ts), p), eq<T>(ts.sum(), T(0), T(log_of(p).cwiseAbs().sum()))),
                     eq<T>(back, theta, T(1)));
      });
}

// ============================================================================================================
// §4.1 The SRCT flow and its log-ratio ODE
// ============================================================================================================

// main §4.1, eq. (srct_flow_maintext_concise): −εp(log p − ⟨log p⟩) = ε ∇_Sh H, ε = ε_base + λα.
DCRV_CLAIM(claim_srct_entropy_term) {
  return forall("M.srct-entropy-term", Kind::identity)
      .where("main §4.1, eq. (eq:srct_flow_maintext_concise)")
      .statement(
          R"(For $p\in\Delta_\delta$, $\delta\in[10^{-6},\tfrac1{2S}]$: $-p_\pi(\log p_\pi-\langle\log p\rangle)=(\nabla_{\mathrm{Sh}}H)_\pi=p_\pi(\partial_\pi H-\sum_\sigma p_\sigma\partial_\sigma H)$ with $\partial H$ by an 8th-order central difference of $H$; and the DCR flow with $\beta=\beta_{\mathrm{KL}}=0$, barrier $\varepsilon_{\mathrm{base}}$ and entropy weight $\lambda\alpha$ (library srct\_drift) equals eq.~(1) $p\odot(\phi-\bar\phi)-\varepsilon E(p)$ with $\phi=U$ and $\varepsilon=\varepsilon_{\mathrm{base}}+c\,\lambda\alpha$, $c=1$; every $S\ge2$)")
      .constant("c", 1.0, Role::exact, "coefficient of lambda alpha in eps = eps_base + c lambda alpha")
      .over(with_fd_point(Domain()
                              .dims(2)
                              .vector("U", 1.0)
                              .real("eps_base", 0.0, 1.0)
                              .real("lambda", 0.0, 2.0)
                              .real("alpha", 0.0, 2.0)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = fd_point(a);
        const int S = a.S();
        auto H = [](const Vec<T>& q) { return entropy(q); };
        Vec<T> dH(S);
        T err(0);
        for (int i = 0; i < S; ++i) {
          const FdValue<T> d = directional_derivative_fd<T>(H, p, Vec<T>(Vec<T>::Unit(S, i)), T(entropy(p)));
          dH(i) = d.value, err = std::max<T>(err, d.error);
        }
        const Vec<T> grad = p.cwiseProduct((dH.array() - p.dot(dH)).matrix());
        const Vec<T> E = entropy_drift(p);
        SrctParams<T> m;
        m.U = a.vec("U"), m.K = Mat<T>::Zero(S, S), m.p_base = Vec<T>::Constant(S, T(1) / T(S));
        m.lambda = a.real("lambda"), m.alpha = a.real("alpha"), m.eps = a.real("eps_base");
        const T eps = m.eps + k("c") * m.lambda * m.alpha;
        const Vec<T> eq1 = p.cwiseProduct((m.U.array() - p.dot(m.U)).matrix()) - eps * E;
        return worst(le<T>(T((grad + E).cwiseAbs().maxCoeff()), T(T(2) * err)),
                     eq<T>(srct_drift(m, p), eq1,
                           T(eps * (p.cwiseProduct(log_of(p)).cwiseAbs().sum() + abs(p.dot(log_of(p)))) +
                             p.cwiseProduct(m.U).cwiseAbs().sum() + abs(p.dot(m.U)))));
      });
}

/// A generic nonlinear score field φ(p) = U − Kp + w ⊙ log p (no structure assumed).
template <class T> Vec<T> generic_score(const Args<T>& a, const Vec<T>& p) {
  return a.vec("U") - kernel(a) * p + a.vec("w").cwiseProduct(log_of(p));
}

// main §4.1, eq. (log_ratio_ode_maintext_concise): ż_ij = (φ_i − φ_j) − ε z_ij along eq. (1).
DCRV_CLAIM(claim_logratio_ode) {
  return forall("M.logratio-ode", Kind::identity)
      .where("main §4.1, eq. (eq:log_ratio_ode_maintext_concise)")
      .statement(
          R"(Along eq.~(1) with any score field (here $\phi=U-Kp+w\odot\log p$) and $\varepsilon\in[0,3]$: $\dot z_{ij}=\dot p_i/p_i-\dot p_j/p_j$ with $\dot p=p\odot(\phi-\bar\phi)-\varepsilon\,p\odot(\log p-\langle\log p\rangle)$ equals $(\phi_i-\phi_j)-c\,\varepsilon z_{ij}$, $c=1$, for all $i\ne j$, $p\in\mathrm{int}\,\Delta$ (masses down to $10^{-40}$); every $S\ge2$)")
      .constant("c", 1.0, Role::exact, "coefficient of eps z_ij")
      .over(
          with_kernel(Domain().dims(2).simplex("p").vector("U", 1.0).vector("w", 1.0).real("eps", 0.0, 3.0)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const Vec<T> phi = generic_score(a, p);
        const T eps = a.real("eps");
        const Vec<T> pdot = p.cwiseProduct((phi.array() - p.dot(phi)).matrix()) - eps * entropy_drift(p);
        Ineq<T> w = skip<T>();
        for (int i = 0; i < a.S(); ++i)
          for (int j = 0; j < a.S(); ++j) {
            if (i == j)
              continue;
            const T lhs = pdot(i) / p(i) - pdot(j) / p(j);
            const T z = lp(i) - lp(j);
            const T scale =
                abs(phi(i)) + abs(phi(j)) + eps * (abs(lp(i)) + abs(lp(j)) + T(1)) + abs(p.dot(phi));
            w = worst(w, eq<T>(lhs, T(phi(i) - phi(j) - k("c") * eps * z), scale));
          }
        return w;
      });
}

// main §4.1, sentence after eq. (2): for ε > 0 the entropic part −ε z_ij of ż_ij always drives z_ij toward 0.
DCRV_CLAIM(claim_entropic_damping_sign) {
  return forall("M.entropic-damping-sign", Kind::structural)
      .where("main §4.1, sentence after eq. (eq:log_ratio_ode_maintext_concise)")
      .statement(
          R"(For $\varepsilon\in(0,3]$ and $p\in\mathrm{int}\,\Delta$, the entropic part of $\dot z_{ij}$, computed as the difference of the per-capita rates of eq.~(1) with and without the entropy term, $e_{ij}=-\varepsilon[(\log p_i-\langle\log p\rangle)-(\log p_j-\langle\log p\rangle)]$, satisfies $e_{ij}z_{ij}\le-c\,\varepsilon z_{ij}^2$ (so it has the sign opposite to $z_{ij}\ne0$ and pulls $z_{ij}$ to $0$), $c=1$ (equality); every $S\ge2$)")
      .constant("c", 1.0, Role::lower, "coefficient of eps z^2")
      .over(Domain().dims(2).simplex("p").real("eps", 1e-6, 3.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const T eps = a.real("eps");
        const Vec<T> E = entropy_drift(p);
        Ineq<T> w = skip<T>();
        for (int i = 0; i < a.S(); ++i)
          for (int j = 0; j < a.S(); ++j) {
            if (i == j)
              continue;
            const T e = -eps * (E(i) / p(i) - E(j) / p(j));
            const T z = lp(i) - lp(j);
            w = worst(w, le<T>(e * z, -k("c") * eps * z * z, T(eps * z * z)));
          }
        return w;
      });
}

// ============================================================================================================
// §4.2 Score differences among correct traces (STaR, GRPO, DPO)
// ============================================================================================================

// main §4.2, STaR bullet: φ_a − φ_b = (p_a − p_b)/ρ for a, b ∈ C; at ε = 0 this is d/dt log(p_a/p_b).
DCRV_CLAIM(claim_star_score_diff) {
  return forall("M.star-score-diff", Kind::identity)
      .where("main §4.2, STaR bullet")
      .statement(
          R"(For $p\in\mathrm{int}\,\Delta$ (masses down to $10^{-40}$), $|\mathcal C|=M\in[2,S]$ and $a,b\in\mathcal C$: $\phi^{\mathrm{STaR}}_a(p)-\phi^{\mathrm{STaR}}_b(p)=(p_a-p_b)/\rho(p)$ (def:star-score, library star\_score), and the STaR SRCT per-capita rates at $\varepsilon=0$ satisfy $r_a-r_b=(p_a-p_b)/\rho$; every $S\ge2$)")
      .over(Domain().dims(2).simplex("p").real("mc", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = correct_count(a, 2, false);
        if (M < 2)
          return skip<T>();
        const Vec<T> p = a.simplex("p");
        const StarPartition part{leading_correct(S, M)};
        const Vec<T> phi = star_score(p, part);
        const Vec<T> r = star_rate<T>(p, log_of(p), part, T(0));
        const T rho = star_correct_mass(p, part);
        Ineq<T> w = skip<T>();
        for (int i = 0; i < M; ++i)
          for (int j = 0; j < M; ++j) {
            if (i == j)
              continue;
            const T want = (p(i) - p(j)) / rho,
                    scale = (abs(p(i)) + abs(p(j))) / rho + abs(phi(i)) + abs(phi(j));
            w = worst(w, worst(eq<T>(T(phi(i) - phi(j)), want, scale), eq<T>(T(r(i) - r(j)), want, scale)));
          }
        return w;
      });
}

// main §4.2, GRPO bullet: φ_a − φ_b = 0 for a, b ∈ C.
DCRV_CLAIM(claim_grpo_score_diff_zero) {
  return forall("M.grpo-score-diff-zero", Kind::identity)
      .where("main §4.2, GRPO bullet")
      .statement(
          R"(For group sizes $G=2,\dots,64$, $p$ in the closed simplex, $|\mathcal C|\in[2,S]$ and $a,b\in\mathcal C$: the centred GRPO score (App. E, library grpo::centered\_score) has $\hat\gamma_a(p)-\hat\gamma_b(p)=0$, and so does the raw score $h_G(\rho)\mathbf 1_{\mathcal C}$ (exactly, relative to $|\hat\gamma|$); every $S\ge2$)")
      .over(Domain().dims(2).simplex("p", true).real("mc", 0.0, 1.0).real("G", 2.0, 64.99))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = correct_count(a, 2, false);
        if (M < 2)
          return skip<T>();
        const int G = group_size(a);
        const grpo::Partition part{leading_correct(S, M)};
        const grpo::Characteristic<T> ch(G);
        const Vec<T> p = a.simplex("p");
        const Vec<T> g = grpo::centered_score(part, ch, p), raw = grpo::raw_score(part, ch, p);
        Ineq<T> w = skip<T>();
        for (int i = 1; i < M; ++i)
          w = worst(w, worst(eq<T>(T(g(i) - g(0)), T(0), T(abs(g(i)) + abs(g(0)) + abs(raw(0)))),
                             eq<T>(T(raw(i) - raw(0)), T(0), T(abs(raw(0))))));
        return w;
      });
}

// main §4.2, DPO bullet: φ_a − φ_b = g_β(log p_a) − g_β(log p_b), g_β strictly decreasing.
DCRV_CLAIM(claim_dpo_score_diff) {
  return forall("M.dpo-score-diff", Kind::identity)
      .where("main §4.2, DPO bullet")
      .statement(
          R"(For $\beta\in[10^{-2},10]$, $\ell_0\in[-10,10]$, $p\in\mathrm{int}\,\Delta$, $|\mathcal C|\in[2,S]$ and $a,b\in\mathcal C$: the centred DPO field of App. F (library DpoModel::field) has $\phi_a-\phi_b=g_\beta(\log p_a)-g_\beta(\log p_b)$ with $g_\beta(\ell)=1-\sigma(\beta(\ell-\ell_0))$ evaluated here from its definition; and $g_\beta$ is strictly decreasing: its derivative by an 8th-order central difference is $\le-c\cdot\beta\sigma(x)\sigma(-x)<0$, $x=\beta(\ell-\ell_0)$, $c=1$ (equality), at $\ell=\log p_a$; every $S\ge2$)")
      .constant("c", 1.0, Role::lower, "coefficient of the slope bound -g' >= c beta sigma(x) sigma(-x)")
      .over(Domain()
                .dims(2)
                .simplex("p")
                .real("mc", 0.0, 1.0)
                .real("beta", 1e-2, 10.0, true)
                .real("ell0", -10.0, 10.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int M = correct_count(a, 2, false);
        if (M < 2)
          return skip<T>();
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const DpoModel<T> d = dpo_model(a, M, T(0));
        const Vec<T> phi = d.field(p, lp);
        const T beta = a.real("beta"), ell0 = a.real("ell0");
        auto g = [&](const T& l) {
          return T(T(1) / (T(1) + exp(T(beta * (l - ell0)))));
        }; // 1 − σ(x) = 1/(1 + eˣ)
        Ineq<T> w = skip<T>();
        for (int i = 1; i < M; ++i)
          w = worst(
              w, eq<T>(T(phi(i) - phi(0)), T(g(lp(i)) - g(lp(0))), T(abs(phi(i)) + abs(phi(0)) + T(1e-300))));
        // slope: 8th-order central difference of g at ℓ = log p_0
        auto gv = [&](const Vec<T>& l) { return g(l(0)); };
        Vec<T> l0(1);
        l0(0) = lp(0);
        const Vec<T> one = Vec<T>::Ones(1);
        const T c8[4] = {T(4) / T(5), T(-1) / T(5), T(4) / T(105), T(-1) / T(280)};
        const T h = pow(std::max<T>(std::numeric_limits<T>::epsilon(), T(pow(T(10), T(-scalar_digits<T>())))),
                        T(1) / T(9)) /
                    (T(1) + beta);
        T der(0);
        for (int s = 1; s <= 4; ++s)
          der += c8[s - 1] * (gv(Vec<T>(l0 + T(s) * h * one)) - gv(Vec<T>(l0 - T(s) * h * one)));
        der /= h;
        const T x = beta * (lp(0) - ell0);
        const T slope = beta * logistic_slope(x);
        const T eps = std::max<T>(std::numeric_limits<T>::epsilon(), T(pow(T(10), T(-scalar_digits<T>()))));
        const T err = T(100) * (pow(eps, T(8) / T(9)) * (abs(der) + T(1)) + T(4) * eps / h);
        return worst(w, le<T>(T(der + k("c") * slope), err));
      });
}

// main §4.2, DPO bullet: d/dt log(p_a/p_b) has the sign opposite to log(p_a/p_b) (vanishing iff p_a = p_b).
DCRV_CLAIM(claim_dpo_sign_opposite) {
  return forall("M.dpo-sign-opposite", Kind::bound)
      .where("main §4.2, DPO bullet")
      .statement(
          R"(For the DPO SRCT flow (App. F), $\beta\in[10^{-2},10]$, $\ell_0\in[-10,10]$, $\varepsilon\in\{0\}\cup[10^{-4},1]$, $p\in\mathrm{int}\,\Delta$ (masses down to $10^{-40}$), $a,b\in\mathcal C$, $z=\log(p_a/p_b)$: $\dot z\,z\le-(c_1\,m_{ab}+c_2\,\varepsilon)z^2$ with $m_{ab}=\min_{\ell\in[\log p_b,\log p_a]}(-g_\beta'(\ell))>0$ (mean value theorem), so $\dot z$ has the sign opposite to $z$ and vanishes iff $p_a=p_b$; $\dot z=r_a-r_b$ from the library per-capita rates; $c_1=c_2=1$; every $S\ge2$)")
      .constant("c1", 1.0, Role::lower, "coefficient of the slope term m_ab z^2")
      .constant("c2", 1.0, Role::lower, "coefficient of the entropy term eps z^2")
      .over(Domain()
                .dims(2)
                .simplex("p")
                .real("mc", 0.0, 1.0)
                .real("beta", 1e-2, 10.0, true)
                .real("ell0", -10.0, 10.0)
                .real("eps", 1e-4, 1.0, true)
                .real("eps_on", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int M = correct_count(a, 2, false);
        if (M < 2)
          return skip<T>();
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const T eps = a.real("eps_on") < T(0.2) ? T(0) : a.real("eps");
        const DpoModel<T> d = dpo_model(a, M, eps);
        const Vec<T> r = d.rate(p, lp);
        Ineq<T> w = skip<T>();
        for (int i = 0; i < M; ++i)
          for (int j = 0; j < M; ++j) {
            if (i == j)
              continue;
            const T z = lp(i) - lp(j);
            if (z == 0)
              continue;
            const T zdot = r(i) - r(j);
            const T lo = lp(i) < lp(j) ? lp(i) : lp(j), hi = lp(i) < lp(j) ? lp(j) : lp(i);
            const T m = d.slope_inf(lo, hi);
            const T scale = (abs(r(i)) + abs(r(j))) * abs(z);
            w = worst(w, le<T>(zdot * z, -(k("c1") * m + k("c2") * eps) * z * z, scale));
          }
        return w;
      });
}

// main §4.2, DPO bullet, last sentence: homogenisation pushes mass toward longer traces.
DCRV_CLAIM(claim_dpo_longer_traces) {
  Claim c;
  c.id = "M.dpo-longer-traces";
  c.where = "main §4.2, DPO bullet, last sentence";
  c.kind = Kind::structural;
  c.statement =
      R"(DPO's homogenisation pushes probability mass toward longer traces. Not checkable in the paper's model: the SRCT state is a point of the simplex over trace \emph{identities} and neither the DPO score field $\gamma_i(u)=s_ig_\beta(\log u)$ nor any quantity of App. F depends on trace length; the only proxy probed, whether the DPO flow moves mass toward any index-defined subset independently of the masses, is excluded by the permutation equivariance of the field (the homogenisation of M.dpo-ratio-to-one is symmetric in the correct traces).)";
  c.check = [](const Context&) {
    Outcome o;
    o.status = Status::not_checkable;
    o.message = "trace length is not a variable of the finite-simplex SRCT model (App. F): the DPO field is "
                "permutation-equivariant "
                "within the correct class, so no length-dependent prediction can be derived or measured";
    o.evidence.method = "none: no numerical proxy (probed: dependence of the DPO field on any trace "
                        "attribute other than its mass and label)";
    return o;
  };
  return c;
}

// ============================================================================================================
// §4 opening: STaR / GRPO / DPO as special cases of the DCR gradient flow
// ============================================================================================================

enum class ScalarAlgo { star, grpo, dpo };

/// Ambient Jacobian of the (raw or centred) score of the algorithm at p (formulas on the positive orthant;
/// analytic: star_jacobian, h_G'(ρ)1_C1_Cᵀ, diag(s_i g_β'(log p_i)/p_i)). Gauge terms a(p)1 do not matter
/// below.
template <class T> Mat<T> score_jacobian_of(ScalarAlgo algo, const Args<T>& a, int M, const Vec<T>& p) {
  const int S = a.S();
  switch (algo) {
  case ScalarAlgo::star:
    return star_jacobian(p, StarPartition{leading_correct(S, M)});
  case ScalarAlgo::grpo: {
    const int G = group_size(a);
    const grpo::Characteristic<T> ch(G);
    T rho(0), sigma(0);
    for (int i = 0; i < S; ++i)
      (i < M ? rho : sigma) += p(i);
    const Vec<T> one_c = correct_utility<T>(S, M);
    return ch.dh(rho, sigma) * one_c * one_c.transpose();
  }
  default: {
    const DpoModel<T> d = dpo_model(a, M, T(0));
    return Mat<T>(d.raw_score_derivatives(p, log_of(p)).asDiagonal());
  }
  }
}
Domain special_case_domain() {
  return Domain()
      .dims(3)
      .simplex("p")
      .simplex("q")
      .real("mc", 0.0, 1.0)
      .real("G", 2.0, 8.99)
      .real("beta", 0.1, 5.0, true)
      .real("ell0", -3.0, 3.0);
}

/// Reading (a): φ = δJ/δp + a(p)1 for a J of the DCR form U·p + λ(αH − βpᵀKp) − β_KL KL. Then the tangent
/// Jacobian Π_T Dφ Π_T = −2λβ Π_T K Π_T − A Π_T diag(1/p) Π_T, so for any two points p, q:
/// Π_T(Dφ(p) − Dφ(q))Π_T = −A Π_T(diag(1/p) − diag(1/q))Π_T for one scalar A. The residual after the best A.
template <class T> Ineq<T> dcr_form_check(ScalarAlgo algo, const Args<T>& a) {
  const int S = a.S(), M = correct_count(a, 1, true);
  if (M < 1)
    return skip<T>();
  const Vec<T> p = a.simplex("p"), q = a.simplex("q");
  const Mat<T> P = tangent_projector<T>(S);
  const Mat<T> dM = P * (score_jacobian_of(algo, a, M, p) - score_jacobian_of(algo, a, M, q)) * P;
  Vec<T> dw(S);
  for (int i = 0; i < S; ++i)
    dw(i) = T(1) / p(i) - T(1) / q(i);
  const Mat<T> dW = P * Mat<T>(dw.asDiagonal()) * P;
  const T ww = (dW.array() * dW.array()).sum();
  const T A = ww > 0 ? T(-(dM.array() * dW.array()).sum() / ww) : T(0);
  const Mat<T> resid = dM + A * dW;
  const T scale = dM.cwiseAbs().maxCoeff() + abs(A) * dW.cwiseAbs().maxCoeff();
  return eq<T>(resid, Mat<T>(Mat<T>::Zero(S, S)), scale);
}
/// Reading (b): the flow is a Shahshahani gradient flow of some potential iff the anchored chart curl
/// C_k(i,j) = D_ij − D_ji − D_ik + D_ki − D_kj + D_jk of the score's Jacobian vanishes (App. A
/// prop:integrability; invariant under the gauge a(p)1).
template <class T> Ineq<T> potential_check(ScalarAlgo algo, const Args<T>& a) {
  const int S = a.S(), M = correct_count(a, 1, true);
  if (M < 1)
    return skip<T>();
  const Vec<T> p = a.simplex("p");
  const Mat<T> D = score_jacobian_of(algo, a, M, p);
  T worst_curl(0);
  for (int k = 0; k < S; ++k)
    for (int i = 0; i < S; ++i)
      for (int j = 0; j < S; ++j) {
        const T c = D(i, j) - D(j, i) - D(i, k) + D(k, i) - D(k, j) + D(j, k);
        worst_curl = std::max<T>(worst_curl, T(abs(c)));
      }
  return eq<T>(worst_curl, T(0), T(D.cwiseAbs().maxCoeff()));
}
const char* kDcrFormStatement =
    R"( is the DCR flow with $\lambda\approx0$ or $\beta=0$, read as: its score equals, up to a gauge $a(p)\mathbf 1$, $\delta J/\delta p$ for some $J=U\cdot p+\lambda(\alpha H-\beta p^\top Kp)-\beta_{\mathrm{KL}}\mathrm{KL}(p\|p_{\mathrm{base}})$ (any $U$, PSD $K$, coefficients). Necessary condition checked: the tangent Jacobians at two points $p,q\in\mathrm{int}\,\Delta$ differ by $-A\,\Pi_T(\operatorname{diag}(1/p)-\operatorname{diag}(1/q))\Pi_T$ for one scalar $A$ (the $K$ part is constant, the gauge is annihilated by $\Pi_T$); residual after the least-squares $A$ must vanish; $|\mathcal C|\in[1,S-1]$, $S\ge3$)";
const char* kPotentialStatement =
    R"( is a Shahshahani gradient flow of some potential (App. A prop:integrability): the anchored chart cross-partials $C_k(i,j)=D_{ij}-D_{ji}-D_{ik}+D_{ki}-D_{kj}+D_{jk}$ of the score Jacobian $D$ vanish for all $i,j,k$ at every $p\in\mathrm{int}\,\Delta$; $|\mathcal C|\in[1,S-1]$, $S\ge3$)";

/// The two readings of "X is a special case of the DCR gradient flow" for algorithm `algo`, whose flow
/// `flow` (LaTeX) is named in the statement: (a) the DCR form (dcr_form_check), (b) `~potential`, some
/// potential (potential_check).
ForAll special_case_claim(const char* id, ScalarAlgo algo, const std::string& flow, bool potential) {
  ForAll f(id, Kind::structural);
  if (potential) {
    f.where("main §4 opening paragraph and §4.1, reading (b): integrability");
    f.reading("the " +
              std::string(algo == ScalarAlgo::star   ? "STaR"
                          : algo == ScalarAlgo::grpo ? "GRPO"
                                                     : "DPO") +
              " flow is a Shahshahani gradient flow of some potential (integrable score field), not "
              "necessarily of the DCR form");
  } else {
    f.where(algo == ScalarAlgo::star
                ? "main §4 opening paragraph and §4.1 (description of phi below eq. (1)); abstract / §1"
                : "main §4 opening paragraph and §4.1; abstract / §1");
  }
  f.statement(flow + (potential ? kPotentialStatement : kDcrFormStatement)).over(special_case_domain());
  if (potential)
    f.holds([algo]<class T>(const Args<T>& a, const Consts<T>&) { return potential_check(algo, a); });
  else
    f.holds([algo]<class T>(const Args<T>& a, const Consts<T>&) { return dcr_form_check(algo, a); });
  return f;
}
const char* kStarFlow = R"(The STaR SRCT flow (def:star-score)";
const char* kGrpoFlow = R"(The GRPO SRCT flow (raw score $h_G(\rho)\mathbf 1_{\mathcal C}$, $G=2,\dots,8$)";
const char* kDpoFlow = R"(The DPO SRCT flow (single-site score $s_ig_\beta(\log p_i)$)";

// main §4 opening paragraph and §4.1: STaR is a special case of the DCR gradient flow.
DCRV_CLAIM(claim_srct_special_case_star) {
  return special_case_claim("M.srct-special-case-star", ScalarAlgo::star,
                            std::string(kStarFlow) + ", analytic Jacobian of App. D lem:J-structure)", false);
}
DCRV_CLAIM(claim_srct_special_case_star_potential) {
  return special_case_claim("M.srct-special-case-star~potential", ScalarAlgo::star,
                            std::string(kStarFlow) + ")", true);
}
// Corrected reading of M.srct-special-case-star and ~potential (finding M.star-not-gradient): the case split
// that holds. Derivation (def:star-score): φ = ψ − (S⁽²⁾/ρ)1 with ψ_c = p_c/ρ (c ∈ C), ψ_i = 0 (i ∉ C); the
// gauge row 1∇(S⁽²⁾/ρ)ᵀ drops out of the chart curl C_k(i,j) = D_ij − D_ji − D_ik + D_ki − D_kj + D_jk, and
// Dψ_ab = δ_ab/ρ − p_a/ρ² on C × C, 0 elsewhere. Hence for a, b ∈ C, k ∉ C: C_k(a,b) = (p_b − p_a)/ρ² ≠ 0
// when p_a ≠ p_b (no potential, App. A prop:integrability, so no DCR functional) as soon as |C| ≥ 2. For
// |C| = 1, ψ = 1_C and φ = 1_C − p_c 1 is δ(U·p)/δp up to the gauge: the DCR flow with U = 1_C, λ = 0.
DCRV_CLAIM(claim_srct_special_case_star_corrected) {
  return forall("M.srct-special-case-star~corrected", Kind::structural)
      .reading("corrected (finding M.star-not-gradient): STaR is the DCR flow (U = 1_C, lambda = 0) when "
               "|C| = 1; for |C| >= 2 its score has the chart curl (p_b - p_a)/rho^2, so it is no gradient "
               "flow")
      .where("main §4 opening paragraph and §4.1 (description of phi below eq. (1)); App. D def:star-score")
      .statement(
          R"(The STaR SRCT flow (def:star-score) is the DCR flow with $U=\mathbf 1_{\mathcal C}$, $\lambda=0$ when $|\mathcal C|=1$ (the DCR-form residual of M.srct-special-case-star vanishes); when $2\le|\mathcal C|\le S-1$ its score Jacobian has the chart curl $C_k(a,b)=c\,(p_b-p_a)/\rho^2$, $c=1$, for $a,b\in\mathcal C$, $k\notin\mathcal C$, which is nonzero for $p_a\ne p_b$: then the STaR flow is not a Shahshahani gradient flow of any potential (App. A prop:integrability), a fortiori not of a DCR functional; $S\ge3$, $p,q\in\mathrm{int}\,\Delta$)")
      .constant("c", 1.0, Role::exact, "coefficient of the curl (p_b - p_a)/rho^2")
      .over(special_case_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int M = correct_count(a, 1, true);
        if (M < 1)
          return skip<T>();
        if (M == 1)
          return dcr_form_check(ScalarAlgo::star, a);
        const Vec<T> p = a.simplex("p");
        const Mat<T> D = score_jacobian_of(ScalarAlgo::star, a, M, p);
        T rho(0);
        for (int c = 0; c < M; ++c)
          rho += p(c);
        const int i = 0, j = 1, kk = M; // a = 0, b = 1 ∈ C, k = M ∉ C (M ≤ S − 1)
        const T curl = D(i, j) - D(j, i) - D(i, kk) + D(kk, i) - D(kk, j) + D(j, kk);
        return eq<T>(curl, k("c") * (p(j) - p(i)) / (rho * rho), T(D.cwiseAbs().maxCoeff()));
      });
}
DCRV_CLAIM(claim_srct_special_case_grpo) {
  return special_case_claim("M.srct-special-case-grpo", ScalarAlgo::grpo,
                            std::string(kGrpoFlow) + ", App. E)", false);
}
DCRV_CLAIM(claim_srct_special_case_grpo_potential) {
  return special_case_claim("M.srct-special-case-grpo~potential", ScalarAlgo::grpo,
                            std::string(kGrpoFlow) + ")", true);
}
DCRV_CLAIM(claim_srct_special_case_dpo) {
  return special_case_claim("M.srct-special-case-dpo", ScalarAlgo::dpo,
                            std::string(kDpoFlow) + R"(, $\beta\in[0.1,5]$, $\ell_0\in[-3,3]$, App. F))",
                            false);
}
DCRV_CLAIM(claim_srct_special_case_dpo_potential) {
  return special_case_claim("M.srct-special-case-dpo~potential", ScalarAlgo::dpo, std::string(kDpoFlow) + ")",
                            true);
}

// ============================================================================================================
// §4.3 The Wright–Fisher noise
// ============================================================================================================

// main §4.3, displayed SDE: the noise (1/√B)(√p_i dW_i − p_i Σ_k √p_k dW_k) has covariance (diag(p) − ppᵀ)/B.
DCRV_CLAIM(claim_sde_noise_covariance) {
  return forall("M.sde-noise-covariance", Kind::identity)
      .where("main §4.3, displayed SDE")
      .statement(
          R"(With the noise matrix $N=B^{-e}(\operatorname{diag}(\sqrt p)-p\sqrt p^{\,\top})$ (so the noise is $N\,dW$), $e=\tfrac12$: $NN^\top=\tfrac1B(\operatorname{diag}(p)-pp^\top)$ and $\mathbf 1^\top N=0$ for $p\in\Delta$ (closed simplex), $B\in[1,4096]$; every $S\ge2$)")
      .constant("e", 0.5, Role::exact, "exponent of the noise prefactor B^{-e} = 1/sqrt(B)")
      .over(Domain().dims(2).simplex("p", true).real("B", 1.0, 4096.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p");
        const T B = a.real("B");
        Vec<T> sp(p.size());
        for (Eigen::Index i = 0; i < p.size(); ++i)
          sp(i) = sqrt(p(i));
        const Mat<T> N = pow(B, -k("e")) * (Mat<T>(sp.asDiagonal()) - p * sp.transpose());
        Mat<T> cov = -p * p.transpose();
        cov.diagonal() += p;
        const Vec<T> colsum = N.colwise().sum().transpose();
        return worst(eq<T>(Mat<T>(N * N.transpose()), Mat<T>(cov / B), T(T(1) / B)),
                     eq<T>(colsum, Vec<T>(Vec<T>::Zero(p.size())), T(N.cwiseAbs().maxCoeff())));
      });
}

// ============================================================================================================
// §5.2 / §6.3 The gated kernel and §5.3 the equilibrium balance
// ============================================================================================================

// main §5.2 and §6.3: k_eff = R R k_sem; Q_eff = Σ_{c,c'∈C} p_c p_c' k_sem(c,c'), (K_eff p)_i = 0 for i ∈ I.
DCRV_CLAIM(claim_keff_gating) {
  return forall("M.keff-gating", Kind::identity)
      .where("main §5.2 and §6.3 (subsec:effective_semantic_kernel)")
      .statement(
          R"(For random PSD $k_{\mathrm{sem}}$, $\mathcal C=\{0,\dots,M-1\}$, $M\in[0,S]$, $R=\mathbf 1_{\mathcal C}$ and $K_{\mathrm{eff}}=\operatorname{diag}(R)K_{\mathrm{sem}}\operatorname{diag}(R)$ (the matrix of $k_{\mathrm{eff}}(\pi,\pi')=R(\pi)R(\pi')k_{\mathrm{sem}}(\pi,\pi')$): $p^\top K_{\mathrm{eff}}p=\sum_{c,c'\in\mathcal C}p_cp_{c'}k_{\mathrm{sem}}(c,c')$ and $(K_{\mathrm{eff}}p)_i=0$ for every $i\notin\mathcal C$, for $p$ in the closed simplex; every $S\ge1$)")
      .over(with_kernel(Domain().dims(1).simplex("p", true).real("mc", 0.0, 1.0)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S();
        const int M = std::min(S, static_cast<int>(std::floor(to_double(a.real("mc")) * (S + 1))));
        const Mat<T> Ks = kernel(a);
        const Vec<T> R = correct_utility<T>(S, M);
        const Mat<T> Ke = R.asDiagonal() * Ks * R.asDiagonal();
        const Vec<T> p = a.simplex("p");
        T q(0);
        for (int c = 0; c < M; ++c)
          for (int d = 0; d < M; ++d)
            q += p(c) * p(d) * Ks(c, d);
        const Vec<T> Kp = Ke * p;
        Vec<T> inc = Vec<T>::Zero(S);
        for (int i = M; i < S; ++i)
          inc(i) = Kp(i);
        const T mag = Ks.cwiseAbs().maxCoeff();
        return worst(eq<T>(T(p.dot(Ke * p)), q, mag), eq<T>(inc, Vec<T>(Vec<T>::Zero(S)), mag));
      });
}

// main §5.3, first display: at the equilibrium (β_KL = 0) U − 2λβK_eff p* − ε_total log p* is constant.
DCRV_CLAIM(claim_eq_foc) {
  return forall("M.eq-foc", Kind::equilibrium)
      .where("main §5.3 (subsec:equilibrium_balance_concise), first display")
      .statement(
          R"(For $U=\mathbf 1_{\mathcal C}$, gated Gaussian semantic kernels ($k_{\mathrm{sem}}(i,j)=e^{-\|x_i-x_j\|^2/2\ell^2}$ on random 2-d embeddings, $\ell\in[0.2,3]$), $\lambda\in[0.1,2]$, $\alpha\in[0,1]$, $\beta\in[0,3]$, $\varepsilon\in[0,0.5]$ with $\varepsilon_{\mathrm{total}}=\lambda\alpha+\varepsilon\ge10^{-2}$, $\beta_{\mathrm{KL}}=0$: the maximiser $p^\star$ of $\widetilde J$ (damped Newton in log-coordinates; global optimality checked against $q$ in the closed simplex) satisfies $\max_\pi v_\pi-\min_\pi v_\pi=0$ for $v_\pi=U_\pi-c\,\lambda\beta(K_{\mathrm{eff}}p^\star)_\pi-\varepsilon_{\mathrm{total}}\log p^\star_\pi$, $c=2$; $S=3,\dots,8$)")
      .constant("c", 2.0, Role::exact, "factor in c lambda beta (K_eff p*)")
      .over(equilibrium_domain().simplex("q", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const GatedEquilibrium<T> e = gated_equilibrium(a, a.real("alpha"));
        if (e.M < 1)
          return skip<T>();
        const int S = a.S();
        const Vec<T> ps = exp_of(e.y), U = correct_utility<T>(S, e.M);
        const Vec<T> v = U - k("c") * e.lambda * e.beta * (e.K * ps) - e.A * e.y;
        const T spread = v.maxCoeff() - v.minCoeff();
        const T scale =
            T(1) + T(2) * e.lambda * e.beta * e.K.cwiseAbs().maxCoeff() + e.A * e.y.cwiseAbs().maxCoeff();
        const T gl = e.lambda * e.beta;
        const T top = barrier_objective<T>(U, e.K, gl, e.A, ps);
        return worst(
            eq<T>(spread, T(0), scale),
            ge<T>(top, barrier_objective<T>(U, e.K, gl, e.A, Vec<T>(a.simplex("q"))), T(abs(top) + T(1))));
      });
}

/// The displayed ratio check: log(p*_i/p*_c) = −(u − c·λβ(K_eff p*)_c)/ε_total for every i ∈ I, c ∈ C.
template <class T>
Ineq<T> ratio_check(const Vec<T>& y, int M, const Mat<T>& K, const T& lb, const T& eps_total, const T& u,
                    const T& c) {
  const Vec<T> Kp = K * exp_of(y);
  Ineq<T> w = skip<T>();
  for (int i = M; i < y.size(); ++i)
    for (int cc = 0; cc < M; ++cc) {
      const T x = c * lb * Kp(cc);
      w = worst(w, eq<T>(T(y(i) - y(cc)), T(-(u - x) / eps_total),
                         T((u + abs(x)) / eps_total + abs(y(i)) + abs(y(cc)))));
    }
  return w;
}

// main §5.3, displayed equilibrium ratio p*_i/p*_c = exp(−(1 − 2λβ(K_eff p*)_c)/ε_total).
DCRV_CLAIM(claim_eq_ratio) {
  return forall("M.eq-ratio", Kind::equilibrium)
      .where("main §5.3, displayed equilibrium ratio")
      .statement(
          R"(In the setting of M.eq-foc ($\beta_{\mathrm{KL}}=0$, the KL terms ignored as the paper says), for every $i\in\mathcal I$, $c\in\mathcal C$: $\log(p^\star_i/p^\star_c)=-(u-c\,\lambda\beta(K_{\mathrm{eff}}p^\star)_c)/\varepsilon_{\mathrm{total}}$ exactly, $u=1$ (unit utility gap), $c=2$; $S=3,\dots,8$)")
      .constant("u", 1.0, Role::exact, "numerator 1 (unit utility gap)")
      .constant("c", 2.0, Role::exact, "factor in 2 lambda beta")
      .over(equilibrium_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const GatedEquilibrium<T> e = gated_equilibrium(a, a.real("alpha"));
        if (e.M < 1)
          return skip<T>();
        return ratio_check<T>(e.y, e.M, e.K, T(e.lambda * e.beta), e.A, k("u"), k("c"));
      });
}

// Reading: the displayed ratio with the KL term present (β_KL > 0, p_base random), ε_total = λα + ε as
// displayed.
DCRV_CLAIM(claim_eq_ratio_with_kl) {
  return forall("M.eq-ratio~with-kl", Kind::equilibrium)
      .where("main §5.3, displayed equilibrium ratio, reading: KL term present")
      .reading("the ratio is called exact; read literally for the full DCR objective with beta_KL > 0 (KL "
               "terms not removed), eps_total = lambda alpha + eps as displayed")
      .statement(
          R"(As M.eq-ratio but for the maximiser of $\widetilde J$ with a KL term $-\beta_{\mathrm{KL}}\mathrm{KL}(p\|p_{\mathrm{base}})$, $\beta_{\mathrm{KL}}\in[0.05,1]$, random $p_{\mathrm{base}}$: $\log(p^\star_i/p^\star_c)=-(u-c\,\lambda\beta(K_{\mathrm{eff}}p^\star)_c)/\varepsilon_{\mathrm{total}}$ with $\varepsilon_{\mathrm{total}}=\lambda\alpha+\varepsilon$, $u=1$, $c=2$)")
      .constant("u", 1.0, Role::exact, "numerator 1 (unit utility gap)")
      .constant("c", 2.0, Role::exact, "factor in 2 lambda beta")
      .over(equilibrium_domain().real("beta_kl", 0.05, 1.0).simplex("pb"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int S = a.S(), M = correct_count(a, 1, true);
        if (M < 1)
          return skip<T>();
        const Mat<T> K = gated_gaussian_kernel(a, M);
        const T lb = a.real("lambda") * a.real("beta"),
                eps_total = a.real("lambda") * a.real("alpha") + a.real("eps");
        const T bkl = a.real("beta_kl");
        if (!(eps_total > T(1e-2)))
          return skip<T>();
        const Vec<T> b = correct_utility<T>(S, M) + bkl * log_of(Vec<T>(a.simplex("pb")));
        const Vec<T> y = barrier_maximizer_log<T>(b, K, lb, T(eps_total + bkl));
        return ratio_check<T>(y, M, K, lb, eps_total, k("u"), k("c"));
      });
}

// main §5.3, paragraph after the ratio: p*_i < p*_c iff 2λβ(K_eff p*)_c < 1.
DCRV_CLAIM(claim_eq_suppression_condition) {
  return forall("M.eq-suppression-condition", Kind::bound)
      .where("main §5.3, paragraph after the equilibrium ratio")
      .statement(
          R"(In the setting of M.eq-foc, for every $i\in\mathcal I$, $c\in\mathcal C$ with $x_c=2\lambda\beta(K_{\mathrm{eff}}p^\star)_c$: $p^\star_i<p^\star_c\iff x_c<u$, checked as $\log(p^\star_i/p^\star_c)\cdot(u-x_c)\le-(u-x_c)^2/(m\,\varepsilon_{\mathrm{total}})$ (the product is negative unless $x_c=u$, where both sides vanish), $u=1$ (unit utility gain), $m=1$; $\beta$ up to $3$ so that $x_c$ crosses $1$; $S=3,\dots,8$)")
      .constant("u", 1.0, Role::exact, "unit utility gain in the condition 2 lambda beta (K_eff p*)_c < u")
      .constant("m", 1.0, Role::upper, "dcrv's coefficient: the product is <= -(u - x)^2 / (m eps_total)")
      .over(equilibrium_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const GatedEquilibrium<T> e = gated_equilibrium(a, a.real("alpha"));
        if (e.M < 1)
          return skip<T>();
        const Vec<T> Kp = e.K * exp_of(e.y);
        Ineq<T> w = skip<T>();
        for (int i = e.M; i < a.S(); ++i)
          for (int c = 0; c < e.M; ++c) {
            const T d = k("u") - T(2) * e.lambda * e.beta * Kp(c);
            const T lr = e.y(i) - e.y(c);
            w = worst(w, le<T>(lr * d, -d * d / (k("m") * e.A), T((abs(lr) + T(1)) * (abs(d) + T(1)))));
          }
        return w;
      });
}

/// Two equilibria at α₁ < α₂ = α₁ + dα (ε_total grows through λα), with the suppression hypothesis
/// 2λβ(K_eff p*)_c < 1 at both (else the sample is skipped).
template <class T> std::pair<GatedEquilibrium<T>, GatedEquilibrium<T>> alpha_pair(const Args<T>& a) {
  const T a1 = a.real("alpha"), a2 = a1 + a.real("dalpha");
  auto e1 = gated_equilibrium(a, a1), e2 = gated_equilibrium(a, a2);
  for (auto* e : {&e1, &e2}) {
    if (e->M < 1)
      continue;
    const Vec<T> Kp = e->K * exp_of(e->y);
    for (int c = 0; c < e->M; ++c)
      if (!(T(2) * e->lambda * e->beta * Kp(c) < T(1)))
        e->M = -1;
  }
  return {e1, e2};
}
template <class T> T incorrect_odds_log(const Vec<T>& y, int M) {
  T rho(0), sig(0);
  for (int i = 0; i < y.size(); ++i)
    (i < M ? rho : sig) += exp(y(i));
  return log(sig / rho);
}
Domain alpha_sweep_domain() {
  return equilibrium_domain().real("dalpha", 1e-3, 1.0, true);
}

// main §5.3, last paragraph: a larger ε_total (through λα) weakens the suppression of incorrect traces.
DCRV_CLAIM(claim_eq_eps_weakens_suppression) {
  return forall("M.eq-eps-weakens-suppression", Kind::equilibrium)
      .skips("samples where the sweep's equilibria fail the setting of M.eq-foc (2 lambda beta (K_eff p*)_c "
             ">= 1 somewhere, or no correct trace) are outside the hypotheses")
      .where("main §5.3, last paragraph")
      .statement(
          R"(In the setting of M.eq-foc with $2\lambda\beta(K_{\mathrm{eff}}p^\star)_c<1$ for all $c$ at both values: for $\alpha_1<\alpha_2=\alpha_1+d\alpha$ ($d\alpha\in[10^{-3},1]$), the equilibrium ratio of incorrect to correct mass $(1-\rho^\star)/\rho^\star$ is larger at $\alpha_2$ (checked on logs); $S=3,\dots,8$)")
      .over(alpha_sweep_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [e1, e2] = alpha_pair(a);
        if (e1.M < 1 || e2.M < 1)
          return skip<T>();
        const T r1 = incorrect_odds_log(e1.y, e1.M), r2 = incorrect_odds_log(e2.y, e2.M);
        return ge<T>(r2, r1, T(abs(r1) + abs(r2)));
      });
}
DCRV_CLAIM(claim_eq_eps_weakens_suppression_pairwise) {
  return forall("M.eq-eps-weakens-suppression~pairwise", Kind::equilibrium)
      .skips("samples where the sweep's equilibria fail the setting of M.eq-foc (2 lambda beta (K_eff p*)_c "
             ">= 1 somewhere, or no correct trace) are outside the hypotheses")
      .where("main §5.3, last paragraph, reading: every pair (i, c)")
      .reading("the ratio p*_i/p*_c of the displayed formula increases for every incorrect i and correct c "
               "(not only the class totals)")
      .statement(
          R"(As M.eq-eps-weakens-suppression, but for every pair: $\log(p^\star_i/p^\star_c)$ is larger at $\alpha_2$ than at $\alpha_1$ for every $i\in\mathcal I$, $c\in\mathcal C$)")
      .over(alpha_sweep_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [e1, e2] = alpha_pair(a);
        if (e1.M < 1 || e2.M < 1)
          return skip<T>();
        Ineq<T> w = skip<T>();
        for (int i = e1.M; i < a.S(); ++i)
          for (int c = 0; c < e1.M; ++c) {
            const T r1 = e1.y(i) - e1.y(c), r2 = e2.y(i) - e2.y(c);
            w = worst(w, ge<T>(r2, r1, T(abs(r1) + abs(r2))));
          }
        return w;
      });
}

/// The within-correct log-spread max_{c,c'}|log(p*_c/p*_c')| is not larger at the second equilibrium (a skip
/// where either has fewer than two correct traces, or failed: M < 0).
template <class T>
Ineq<T> equalization_monotone(const GatedEquilibrium<T>& e1, const GatedEquilibrium<T>& e2) {
  if (e1.M < 2 || e2.M < 2)
    return skip<T>();
  auto spread = [](const Vec<T>& y, int M) { return T(y.head(M).maxCoeff() - y.head(M).minCoeff()); };
  const T s1 = spread(e1.y, e1.M), s2 = spread(e2.y, e2.M);
  return le<T>(s2, s1, T(abs(s1) + T(1)));
}

// main §5.3, last paragraph: a larger ε_total (through λα) makes the correct traces more equal.
DCRV_CLAIM(claim_eq_eps_aids_equalization) {
  return forall("M.eq-eps-aids-equalization", Kind::equilibrium)
      .skips("samples with fewer than two correct traces at either equilibrium have no ratio p*_c/p*_c' to "
             "compare")
      .where("main §5.3, last paragraph")
      .statement(
          R"(For the gated equilibrium of M.eq-foc (random gated kernels, $|\mathcal C|\ge2$; no condition on $2\lambda\beta(K_{\mathrm{eff}}p^\star)_c$: the sentence does not assume it) and $\alpha_1<\alpha_2=\alpha_1+d\alpha$ ($d\alpha\in[10^{-3},1]$): $\max_{c,c'\in\mathcal C}|\log(p^\star_c/p^\star_{c'})|$ is not larger at $\alpha_2$ than at $\alpha_1$; $S=3,\dots,8$)")
      .over(alpha_sweep_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T a1 = a.real("alpha");
        return equalization_monotone(gated_equilibrium(a, a1),
                                     gated_equilibrium(a, T(a1 + a.real("dalpha"))));
      });
}
// Reading: restricted to the suppression setting 2λβ(K_eff p*)_c < 1 of M.eq-eps-weakens-suppression (the
// inventory's inputs "as M.eq-eps-weakens-suppression").
DCRV_CLAIM(claim_eq_eps_aids_equalization_foc) {
  return forall("M.eq-eps-aids-equalization~suppression-setting", Kind::equilibrium)
      .skips(
          "samples where the sweep's equilibria fail 2 lambda beta (K_eff p*)_c < 1 somewhere, or have fewer "
          "than two correct traces, are outside the reading's setting")
      .where("main §5.3, last paragraph, reading: in the setting of M.eq-eps-weakens-suppression")
      .reading("restricted to equilibria with 2 lambda beta (K_eff p*)_c < 1 at both values of alpha")
      .statement(
          R"(As M.eq-eps-aids-equalization, restricted to the samples where $2\lambda\beta(K_{\mathrm{eff}}p^\star)_c<1$ for all $c$ at both values of $\alpha$)")
      .over(alpha_sweep_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [e1, e2] = alpha_pair(a);
        return equalization_monotone(e1, e2);
      });
}

// main §3.3, §5.2 items 1–2, §6.1: entropy is permutation invariant, so with β = 0 the correct traces get
// equal mass regardless of their semantic grouping.
DCRV_CLAIM(claim_entropy_alone_unstructured) {
  return forall("M.entropy-alone-unstructured", Kind::equilibrium)
      .where("main §3.3 (before prop:main_strict_concavity_D_concise), §5.2 items 1-2, §6.1")
      .statement(
          R"($H(p_\sigma)=H(p)$ for every permutation $\sigma$ (checked for the reversal and a rotation), and for $\beta=0$, $U=\mathbf 1_{\mathcal C}$, any (lump-structured or random) kernel, $\lambda\in[0.1,2]$, $\alpha\in[0,1]$, $\varepsilon\ge0$ with $\varepsilon_{\mathrm{total}}\ge10^{-2}$: the equilibrium gives equal mass to all correct traces, $\log p^\star_c=\log p^\star_{c'}$, so each semantic group receives mass proportional to its size whatever the kernel; $S=3,\dots,8$)")
      .over(equilibrium_domain().simplex("p"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        const int S = a.S();
        const Vec<T> rev = p.reverse();
        Vec<T> rot(S);
        for (int i = 0; i < S; ++i)
          rot(i) = p((i + 1) % S);
        const int M = correct_count(a, 1, true);
        if (M < 1)
          return skip<T>();
        const T A = a.real("lambda") * a.real("alpha") + a.real("eps");
        if (!(A > T(1e-2)))
          return skip<T>();
        const Mat<T> K = gated_gaussian_kernel(a, M); // irrelevant at beta = 0, passed with weight 0
        const Vec<T> y = barrier_maximizer_log<T>(correct_utility<T>(S, M), K, T(0), A);
        const T h = entropy(p);
        return worst(
            worst(eq<T>(entropy(rev), h), eq<T>(entropy(rot), h)),
            eq<T>(T(y.head(M).maxCoeff() - y.head(M).minCoeff()), T(0), T(y.cwiseAbs().maxCoeff() + T(1))));
      });
}

// main §6.2 (subsec:kernel_role_desiderata, cf. App. I prop:kkt-gap): a suitably engineered PSD kernel makes
// a target p* ∈ int Δ the DCR equilibrium.
DCRV_CLAIM(claim_ideal_kernel_sculpt) {
  return forall("M.ideal-kernel-sculpt", Kind::equilibrium)
      .skips("targets with a mass below 1e-6 are outside the statement's range (interior targets, masses "
             "down to 1e-6)")
      .where("main §6.2 (subsec:kernel_role_desiderata), cf. App. I sec:ideal / prop:kkt-gap")
      .statement(
          R"(For a target $p^\star\in\mathrm{int}\,\Delta$ (masses down to $10^{-6}$), random $U$, $\lambda,\beta\in[0.1,2]$, barrier $A\in[10^{-3},1]$: the rank-one kernel $K=ww^\top/(w^\top p^\star)$ with $w=(U-A\log p^\star-\nu\mathbf 1)/(2\lambda\beta)$, $\nu=U\cdot p^\star+AH(p^\star)-1$ (so $w^\top p^\star=1/(2\lambda\beta)>0$ and $K$ is PSD, $Kp^\star=w$) makes $p^\star$ the maximiser of $U\cdot p-\lambda\beta p^\top Kp+AH(p)$: the maximiser computed independently (damped Newton from the uniform point) equals $p^\star$ (componentwise relative, on logs) and $\widetilde J(p^\star)\ge\widetilde J(q)$ for $q$ in the closed simplex; dcrv's construction; $S=2,\dots,8$)")
      .over(Domain()
                .dims(2, 8)
                .simplex("ps")
                .vector("U", 1.0)
                .real("lambda", 0.1, 2.0)
                .real("beta", 0.1, 2.0)
                .real("A", 1e-3, 1.0, true)
                .simplex("q", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> ps = a.simplex("ps");
        if (!(ps.minCoeff() > T(1e-6)))
          return skip<T>();
        const Vec<T> U = a.vec("U"), lp = log_of(ps);
        const T lb = a.real("lambda") * a.real("beta"), A = a.real("A");
        const T nu = U.dot(ps) + A * entropy(ps) - T(1);
        const Vec<T> w = (U - A * lp - nu * Vec<T>::Ones(a.S())) / (T(2) * lb);
        const Mat<T> K = w * w.transpose() / w.dot(ps);
        const Vec<T> y = barrier_maximizer_log<T>(U, K, lb, A);
        const T top = barrier_objective<T>(U, K, lb, A, ps);
        const T lmin = symmetric_eigenvalues<T>(K)(0);
        return worst(
            worst(eq<T>(y, lp, T(lp.cwiseAbs().maxCoeff() + T(1))),
                  ge<T>(top, barrier_objective<T>(U, K, lb, A, Vec<T>(a.simplex("q"))), T(abs(top) + T(1)))),
            ge<T>(lmin, T(0), T(K.cwiseAbs().maxCoeff())));
      });
}

} // namespace
} // namespace dcrv
