// Appendix B — the soft-max map and its Jacobian (appendix_B_aistats.tex §B.1–B.3).
//
// Notation as in the paper: p = p_θ = softmax(θ), J_θ = diag(p) − ppᵀ (eq. softmax-J), Θ = {⟨1,θ⟩ = 0},
// T = 1^⊥, C = Π_T, G(p) = C log p, c⋆ = 1/(3√3) (lem:B-percoord), a± = ½ ± 1/(2√3).
#include <algorithm>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/numdiff.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/domains/softmax_constants.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {

using boost::multiprecision::abs, boost::multiprecision::log, boost::multiprecision::pow,
    boost::multiprecision::sqrt;
using std::abs, std::log, std::pow, std::sqrt;

// ---------------------------------------------------------------------------------------------------------
// Numerical helpers (generic in the scalar; used by several claims below).
// ---------------------------------------------------------------------------------------------------------

/// c⋆ = 1/(3√3), the per-coordinate constant of lem:B-percoord.
template <class T> T percoord_constant() {
  return T(1) / (T(3) * sqrt(T(3)));
}

/// t⋆ = atanh(1/√3) = ½ log((√3+1)/(√3−1)): softmax(t⋆, −t⋆) = (a₊, a₋) with a± = ½ ± 1/(2√3), the maximiser
/// of 2a(1−a)|1−2a| in the proof of lem:B-percoord.
template <class T> T extremal_logit() {
  const T r = sqrt(T(3));
  return log((r + 1) / (r - 1)) / 2;
}

/// The logits ½ log(a/(1−a))·(1, −1) whose soft-max is (a, 1−a) (S = 2).
template <class T> Vec<T> logits_of_pair(const T& a) {
  const T t = log(a / (T(1) - a)) / 2;
  Vec<T> theta(2);
  theta << t, -t;
  return theta;
}

/// θ(t; M) = (t, −t, −M, …, −M) ∈ ℝ^S: the path of rem:B-lower for M = 0; for M → ∞ the remaining masses
/// vanish.
template <class T> Vec<T> two_coordinate_point(int S, const T& t, const T& M) {
  Vec<T> theta = Vec<T>::Constant(S, T(-M));
  theta(0) = t;
  theta(1) = -t;
  return theta;
}

/// The direction θ̇ = e₁ − e₂ of the path (t, −t, 0, …).
template <class T> Vec<T> two_coordinate_direction(int S) {
  Vec<T> u = Vec<T>::Zero(S);
  u(0) = T(1);
  u(1) = T(-1);
  return u;
}

/// J_θ = diag(p) − ppᵀ (eq. softmax-J), assembled with J_ii = p_i Σ_{j≠i} p_j: near a vertex 1 − p_i is then
/// a sum of small masses instead of a cancellation, so every entry is relatively accurate in double and MPFR.
template <class T> Mat<T> jacobian_accurate(const Vec<T>& p) {
  const Eigen::Index S = p.size();
  Mat<T> j = -p * p.transpose();
  for (Eigen::Index i = 0; i < S; ++i) {
    T rest(0);
    for (Eigen::Index k = 0; k < S; ++k)
      if (k != i)
        rest += p(k);
    j(i, i) = p(i) * rest;
  }
  return j;
}

/// DJ_θ[u] = d/dε J_{θ+εu}|_{ε=0} = diag(ṗ) − ṗpᵀ − pṗᵀ with ṗ = J_θ u; for u = e_k this is ∂_{θ_k}J_θ
/// (lem:B-percoord), for u = θ̇ it is dJ_{θ(t)}/dt (rem:B-lower).
template <class T> Mat<T> jacobian_directional(const Vec<T>& p, const Vec<T>& u) {
  const Vec<T> pdot = jacobian_accurate(p) * u;
  Mat<T> m = -pdot * p.transpose() - p * pdot.transpose();
  m.diagonal() += pdot;
  return m;
}

/// The Jacobian of softmax by a 6th-order central difference (a computation independent of the closed form):
/// f'(x) ≈ [−f(x−3h) + 9f(x−2h) − 45f(x−h) + 45f(x+h) − 9f(x+2h) + f(x+3h)]/(60h), truncation O(h⁶), rounding
/// O(ε/h); h = ε^{1/7} balances them (h ≈ 7e-3 in double, ≈ 7e-8 at 50 digits).
template <class T> Mat<T> softmax_jacobian_fd(const Vec<T>& theta) {
  const T h = central_difference_step<T>();
  return central_difference_jacobian<T>([](const Vec<T>& t) { return softmax(t); }, theta,
                                        [&](Eigen::Index) { return h; });
}

/// The root in [lo, hi] of the secular function g(λ) = Σ_i p_i/(p_i − λ) (increasing on each gap between
/// consecutive masses), by bisection — geometric while the bracket spans orders of magnitude, so that tiny
/// eigenvalues (p_min ≈ 1e-80) come out with full relative accuracy.
template <class T> T secular_root(const Vec<T>& p, T lo, T hi) {
  const T tol = pow(T(10), T(-scalar_digits<T>() - 2));
  for (int it = 0; it < 4000 && hi - lo > tol * hi; ++it) {
    const T mid = (lo > 0 && hi > 4 * lo) ? T(sqrt(lo * hi)) : T((lo + hi) / 2);
    if (!(mid > lo && mid < hi))
      break;
    T g(0);
    for (Eigen::Index i = 0; i < p.size(); ++i)
      g += p(i) / (p(i) - mid);
    if (g < 0)
      lo = mid;
    else
      hi = mid;
  }
  return (lo + hi) / 2;
}

/// (λ_min, λ_max) of J_θ|_T for J = diag(p) − ppᵀ, relatively accurate for every p of the open simplex.
/// Since ⟨1,p⟩ = 1, det(J − λI) = −λ·det(diag(p) − λI)·Σ_i p_i/(p_i − λ): the eigenvalues on T are the roots
/// of g, one in each gap [p_(k), p_(k+1)] of the sorted masses (interlacing); a repeated mass is itself a
/// root.
template <class T> std::pair<T, T> tangent_extremes(const Vec<T>& p) {
  std::vector<T> q(p.data(), p.data() + p.size());
  std::sort(q.begin(), q.end());
  const std::size_t S = q.size();
  const T lmin = q[1] > q[0] ? secular_root(p, q[0], q[1]) : q[0];
  const T lmax = q[S - 1] > q[S - 2] ? secular_root(p, q[S - 2], q[S - 1]) : q[S - 1];
  return {lmin, lmax};
}

/// 1 − p_max computed as the sum of the other masses (no cancellation near a vertex).
template <class T> T distance_to_vertex(const Vec<T>& p) {
  Eigen::Index top = 0;
  p.maxCoeff(&top);
  T rest(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (i != top)
      rest += p(i);
  return rest;
}

/// The logit pair of a Lipschitz sample: θ₁ ∈ Θ and θ₂ = θ₁ + h·u/‖u‖₂ (u ∈ T), so that short and long
/// segments in every direction are drawn (h is log-uniform).
template <class T> std::pair<Vec<T>, Vec<T>> lipschitz_pair(const Args<T>& a) {
  const Vec<T> theta1 = a.logits("theta");
  const Vec<T> u = a.tangent("u");
  const T n = T(u.norm());
  if (!(n > 0))
    return {theta1, theta1};
  return {theta1, Vec<T>(theta1 + (a.real("h") / n) * u)};
}

/// ‖J_{θ₂} − J_{θ₁}‖_op / ‖θ₂ − θ₁‖_q (thm:B-global-Lip-J).
template <class T> T lipschitz_quotient(const Vec<T>& theta1, const Vec<T>& theta2, Norm q) {
  const Mat<T> dj = jacobian_accurate<T>(softmax(theta2)) - jacobian_accurate<T>(softmax(theta1));
  return symmetric_opnorm<T>(dj) / vector_norm<T>(Vec<T>(theta2 - theta1), q);
}

/// The paper's extremal configuration for Lipschitz samples, in double: a short symmetric pair around
/// θ⋆ = (t⋆, −t⋆, −40, …) along e₁ − e₂ (for S > 2 the remaining masses are e^{-40}-small).
std::vector<Assign> jacobian_lipschitz_points(int S) {
  const double ts = 0.65847894846240835, h = 1e-3; // t⋆ = atanh(1/√3)
  std::vector<Assign> out;
  for (double len : {h, 0.3}) {
    std::vector<double> theta(S, -40.0), u(S, 0.0);
    theta[0] = ts - len / 2;
    theta[1] = -ts + len / 2;
    u[0] = 1;
    u[1] = -1;
    out.push_back({{"theta", theta}, {"u", u}, {"h", {len * std::sqrt(2.0)}}});
  }
  return out;
}

/// Lipschitz pairs θ₁, θ₂ = θ₁ + h·u/‖u‖₂ (h log-uniform in [10⁻⁵, 60]) with the extremal points.
Domain lipschitz_domain() {
  return Domain().logits("theta").tangent("u").real("h", 1e-5, 60.0, true).points(jacobian_lipschitz_points);
}
/// thm:B-global-Lip-J: ‖J_{θ₂} − J_{θ₁}‖_op / ‖θ₂ − θ₁‖_q ≤ k(constant)·s_q with s_q = 1, √S, S for q = 1, 2,
/// ∞.
auto lipschitz_property(Norm q, const char* constant) {
  return [q, constant]<class T>(const Args<T>& a, const Consts<T>& k) {
    const auto [theta1, theta2] = lipschitz_pair(a);
    if (theta1 == theta2)
      return skip<T>();
    const T quotient = lipschitz_quotient<T>(theta1, theta2, q);
    if (q == Norm::l1)
      return le<T>(quotient, k(constant));
    return le<T>(quotient, k(constant) * (q == Norm::l2 ? T(sqrt(T(a.S()))) : T(a.S())));
  };
}

// ---------------------------------------------------------------------------------------------------------
// §B.1 notation and §B.2 soft-max map.
// ---------------------------------------------------------------------------------------------------------

// App. B notation, eq. (bridge) and boxed eq. (softmax-J): ∇_θ p_θ = diag(p_θ) − p_θ p_θᵀ = S(p_θ).
DCRV_CLAIM(softmax_jacobian_formula) {
  return forall("B.softmax-jacobian-formula", Kind::identity)
      .statement(
          R"(∂ p_\theta(i)/∂\theta_k=p_\theta(i)\,(\delta_{ik}-p_\theta(k))$ for all $\theta\in\mathbb R^S$, i.e.\ $\nabla_\theta p_\theta=\operatorname{diag}(p_\theta)-p_\theta p_\theta^\top=S(p_\theta)$; the left side is computed by a 6th-order central difference of softmax (step $\varepsilon^{1/7}$), compared row by row, after division by $p_\theta(i)$, with the closed form and with App.~C's covariance matrix $S(p)=\operatorname{diag}(p)-pp^\top)")
      .over(Domain().logits("theta", 3.0, false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> theta = a.logits("theta");
        const Vec<T> p = softmax(theta);
        const Mat<T> fd = softmax_jacobian_fd(theta);
        const Mat<T> cov = covariance_matrix(p);
        const Eigen::Index S = p.size();
        // Row i divided by p_i: ∂ log p_i/∂θ_k = δ_ik − p_k, entries of size O(1) even where p_i is tiny.
        Mat<T> fd_rows(S, S), formula_rows(S, S), cov_rows(S, S);
        for (Eigen::Index i = 0; i < S; ++i)
          for (Eigen::Index k = 0; k < S; ++k) {
            fd_rows(i, k) = fd(i, k) / p(i);
            formula_rows(i, k) = T(i == k ? 1 : 0) - p(k);
            cov_rows(i, k) = cov(i, k) / p(i);
          }
        return worst(eq<T>(fd_rows, formula_rows), eq<T>(fd_rows, cov_rows));
      });
}

// App. B, Lemma lem:B-translation: softmax(θ + c1) = softmax(θ).
DCRV_CLAIM(softmax_translation) {
  return forall("B.softmax-translation", Kind::identity)
      .statement(
          R"(\operatorname{softmax}(\theta+c\mathbf 1)=\operatorname{softmax}(\theta)$ for all $\theta\in\mathbb R^S$, $c\in[-10^3,10^3]$, $S\ge1$ (componentwise relative comparison, $\max_i|p_i(\theta+c\mathbf 1)-p_i(\theta)|/p_i(\theta)))")
      .over(Domain().dims(1).logits("theta", 3.0, false).real("c", -1e3, 1e3))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> theta = a.logits("theta");
        const Vec<T> shifted = (theta.array() + a.real("c")).matrix();
        return eq_rel<T>(softmax(shifted), softmax(theta));
      });
}

// App. B, Proposition prop:B-diffeo (inverse formula and proof): G = C log inverts softmax on Θ.
DCRV_CLAIM(softmax_inverse) {
  return forall("B.softmax-inverse", Kind::identity)
      .statement(
          R"(G(p):=C\log p=\log p-\tfrac1S\langle\mathbf 1,\log p\rangle\mathbf 1$ satisfies $\operatorname{softmax}(G(p))=p$ for every $p\in\operatorname{ri}\Delta^{S-1}$ (incl.\ masses down to $10^{-40}$; componentwise relative) and $G(\operatorname{softmax}(\theta))=\theta$ for every $\theta\in\Theta)")
      .over(Domain().simplex("p"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        return eq_rel<T>(softmax(centered_log(p)), p);
      })
      .and_holds("G(softmax(theta)) = theta on Theta", Domain().logits("theta"),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> theta = a.logits("theta");
                   // log p_i = θ_i − logsumexp(θ): terms of size 1 + max|θ| cancel.
                   return eq<T>(centered_log(softmax(theta)), theta, T(1) + norm_inf(theta));
                 });
}

// App. B, Proposition prop:B-diffeo: softmax|_Θ → ri Δ is a real-analytic diffeomorphism (structural;
// proxies).
DCRV_CLAIM(softmax_diffeo_analytic) {
  return forall("B.softmax-diffeo-analytic", Kind::structural)
      .statement(
          R"(\operatorname{softmax}:\Theta\to\operatorname{ri}\Delta^{S-1}$ is a diffeomorphism with inverse $G=C\log$. Numerical proxies: (i) $DG(p_\theta)\,J_\theta v=v$ for all $v\in T$ with $DG(p)=C\operatorname{diag}(1/p)$, i.e.\ $J_\theta|_T:T\to T$ is invertible with inverse $DG(p_\theta)|_T$ (inverse function theorem); (ii) $G(\operatorname{softmax}\theta)=\theta$ on $\Theta$ (injective); (iii) $\operatorname{softmax}(G(p))=p$ on $\operatorname{ri}\Delta^{S-1}$ (surjective). Real-analyticity (a composition of $\exp$, $\log$ and linear maps) is not checked numerically; it is structural: $\operatorname{softmax}=\exp/\langle\mathbf 1,\exp\rangle$, $G=C\log)")
      .over(Domain().logits("theta").tangent("v"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        // Re-centred: a decoded tangent vector that is a small difference of large raw coordinates keeps a
        // 1-component of relative size ε·|raw|/|v|, which DG·J (whose image is T) would report as a residual.
        const Vec<T> v = center(a.tangent("v"));
        const Vec<T> p = softmax(a.logits("theta"));
        const Vec<T> jv = covariance_matrix(p) * v;
        const Vec<T> back = center(Vec<T>(jv.cwiseQuotient(p))); // DG(p) J v = C diag(1/p) J v
        return eq<T>(back, v);
      })
      .and_holds("G(softmax(theta)) = theta on Theta", Domain().logits("theta"),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> theta = a.logits("theta");
                   return eq<T>(centered_log(softmax(theta)), theta, T(1) + norm_inf(theta));
                 })
      .and_holds("softmax(G(p)) = p on ri Delta", Domain().simplex("p"),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> p = a.simplex("p");
                   return eq_rel<T>(softmax(centered_log(p)), p);
                 });
}

// App. B, Corollary cor:B-logratio (first sentence): θ_i − θ_j = log(p_i/p_j).
DCRV_CLAIM(log_ratio) {
  return forall("B.log-ratio", Kind::identity)
      .statement(
          R"(\theta_i-\theta_j=\log(p_i/p_j)$ for $p=\operatorname{softmax}(\theta)$, all $\theta\in\Theta$ and $i\ne j)")
      .over(Domain().logits("theta").index("i").index("j"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int i = a.index("i"), j = a.index("j");
        if (i == j)
          return skip<T>();
        const Vec<T> theta = a.logits("theta");
        const Vec<T> p = softmax(theta);
        // log p_i and log p_j (magnitude ≲ 1 + |θ_i| + |θ_j| + log S) cancel in the ratio.
        return eq<T>(theta(i) - theta(j), T(log(p(i) / p(j))), T(1) + abs(theta(i)) + abs(theta(j)));
      });
}

// App. B, Corollary cor:B-logratio (second sentence): softmax(θ) = softmax(θ′) ⇒ θ − θ′ ∈ ℝ1; on Θ, θ = θ′.
DCRV_CLAIM(gauge_uniqueness) {
  return forall("B.gauge-uniqueness", Kind::identity)
      .statement(
          R"(\theta=G(\operatorname{softmax}\theta)+\bar\theta\,\mathbf 1$ with $\bar\theta=\tfrac1S\langle\mathbf 1,\theta\rangle$ for every $\theta\in\mathbb R^S$: every $\theta'$ with $\operatorname{softmax}\theta'=\operatorname{softmax}\theta=p$ equals $G(p)+\bar\theta'\mathbf 1$, hence $\theta-\theta'=(\bar\theta-\bar\theta')\mathbf 1$, and $\theta=\theta'=G(p)$ on $\Theta$. Checked for $\theta$ and its translates $\theta+c\mathbf 1$, $c\in[-50,50])")
      .over(Domain().logits("theta", 3.0, false).real("c", -50.0, 50.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> theta = (a.logits("theta").array() + a.real("c")).matrix();
        const T mean = theta.sum() / T(static_cast<int>(theta.size()));
        const Vec<T> rebuilt = (centered_log(softmax(theta)).array() + mean).matrix();
        return eq<T>(rebuilt, theta, T(1) + norm_inf(theta));
      });
}

// App. B, Remark rem:S1: for S = 1, Θ = {0}, Δ⁰ = {1}, softmax(0) = 1.
DCRV_CLAIM(edge_case_s1) {
  return forall("B.edge-case-s1", Kind::identity)
      .statement(
          R"(S=1$: $C\theta=0$ for every $\theta\in\mathbb R$ (so $\Theta=\{0\}$), every $w>0$ normalises to $1$ (so $\Delta^0=\{1\}$), and $\operatorname{softmax}(\theta)=1$ for every $\theta$, in particular $\operatorname{softmax}(0)=1)")
      .over(Domain().dims(1, 1).logits("theta", 3.0, false).simplex("p"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> theta = a.logits("theta");
        const Vec<T> one = Vec<T>::Ones(1), zero = Vec<T>::Zero(1);
        Ineq<T> r = eq<T>(center(theta), zero, T(1) + norm_inf(theta));
        r = worst(r, eq<T>(a.simplex("p"), one));
        r = worst(r, eq<T>(softmax(theta), one));
        return worst(r, eq<T>(softmax(zero), one));
      });
}

// ---------------------------------------------------------------------------------------------------------
// §B.3 Geometry and conditioning of the Jacobian.
// ---------------------------------------------------------------------------------------------------------

/// Logits θ ∈ ℝ^S (not centred) and a tangent direction v ∈ T: the domain of the quadratic-form claims.
Domain theta_tangent_domain() {
  return Domain().logits("theta", 3.0, false).tangent("v");
}
/// A sample of theta_tangent_domain: p_θ = softmax(θ) and v.
template <class T> struct TangentSample { Vec<T> p, v; };
template <class T> TangentSample<T> tangent_sample(const Args<T>& a) {
  return {softmax(a.logits("theta")), a.tangent("v")};
}

// App. B, Lemma lem:B-kernel-variance (first sentence): ker J_θ = span{1}, rank J_θ = S − 1.
DCRV_CLAIM(jacobian_kernel_rank) {
  return forall("B.jacobian-kernel-rank", Kind::identity)
      .statement(
          R"(J_\theta\mathbf 1=0$ and $C\operatorname{diag}(1/p_\theta)\,J_\theta v=v$ for all $v\in T$, $\theta\in\mathbb R^S$: $J_\theta|_T$ has an explicit left inverse, so $\ker J_\theta\cap T=\{0\}$, $\ker J_\theta=\operatorname{span}\{\mathbf 1\}$ and $\operatorname{rank}J_\theta=S-1)")
      .over(theta_tangent_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = softmax(a.logits("theta"));
        const Mat<T> j = covariance_matrix(p);
        const Vec<T> v = center(a.tangent("v")); // re-centred, see B.softmax-diffeo-analytic
        const Vec<T> kernel = j * Vec<T>::Ones(p.size());
        const Vec<T> back = center(Vec<T>((j * v).cwiseQuotient(p)));
        // J1 = p(1 − ⟨1,p⟩): terms of size p_max cancel.
        return worst(eq<T>(kernel, Vec<T>::Zero(p.size()), p.maxCoeff()), eq<T>(back, v));
      });
}

// App. B, Lemma lem:B-kernel-variance (displayed chain): vᵀJv = Σp v² − (Σpv)² = ½ΣΣ p_i p_j (v_i−v_j)² =
// Var_p(v).
DCRV_CLAIM(jacobian_variance_form) {
  return forall("B.jacobian-variance-form", Kind::identity)
      .statement(
          R"(v^\top J_\theta v=\sum_i p_iv_i^2-\big(\sum_i p_iv_i\big)^2=c\sum_{i,j}p_ip_j(v_i-v_j)^2=\operatorname{Var}_{i\sim p}(v_i)$ for all $\theta\in\mathbb R^S$, $v\in T$, with $c=\tfrac12)")
      .constant("half", 0.5, Role::exact, "coefficient of the pairwise form sum_{i,j} p_i p_j (v_i - v_j)^2")
      .over(theta_tangent_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [p, v] = tangent_sample(a);
        const Eigen::Index S = p.size();
        const T quadratic = v.dot(covariance_matrix(p) * v);
        const T mean = p.dot(v);
        const T second_moment = p.dot(Vec<T>(v.cwiseProduct(v)));
        const T moments = second_moment - mean * mean;
        T pairwise(0), variance(0);
        for (Eigen::Index i = 0; i < S; ++i) {
          variance += p(i) * (v(i) - mean) * (v(i) - mean);
          for (Eigen::Index j = 0; j < S; ++j)
            pairwise += p(i) * p(j) * (v(i) - v(j)) * (v(i) - v(j));
        }
        pairwise *= k("half");
        // Every term is bounded by Σ p_i v_i²: the magnitude before cancellation.
        return worst(worst(eq<T>(quadratic, moments, second_moment), eq<T>(moments, pairwise, second_moment)),
                     eq<T>(pairwise, variance, second_moment));
      });
}

// App. B, Lemma lem:B-kernel-variance (last clause): vᵀJv ≥ 0 on T, with equality iff v = 0.
DCRV_CLAIM(jacobian_pd_on_T) {
  return forall("B.jacobian-pd-on-T", Kind::bound)
      .statement(
          R"(v^\top J_\theta v\ge0$ for all $\theta\in\mathbb R^S$, $v\in T$, and $v^\top J_\theta v=0\Rightarrow v=0$; the strict part is checked in the quantitative form $v^\top J_\theta v\ge S\,p_{\min}^2\|v\|_2^2$, which follows from the pairwise form $\tfrac12\sum_{i,j}p_ip_j(v_i-v_j)^2\ge\tfrac12p_{\min}^2\sum_{i,j}(v_i-v_j)^2=S\,p_{\min}^2\|v\|_2^2$ on $T$ (evaluated where resolved at the working precision) and vanishes only at $v=0)")
      .over(theta_tangent_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [p, v] = tangent_sample(a);
        const T quadratic = v.dot(jacobian_accurate(p) * v);
        const T scale = p.dot(Vec<T>(v.cwiseProduct(v))); // size of the terms of vᵀJv before cancellation
        const T floor = T(static_cast<int>(p.size())) * p.minCoeff() * p.minCoeff() * v.squaredNorm();
        // The strict part is evaluated only where vᵀJv is resolved at the working precision.
        const T resolved = scale * pow(T(10), T(-scalar_digits<T>() + 3));
        return worst(ge<T>(quadratic, T(0), scale), floor > resolved ? ge<T>(quadratic, floor) : skip<T>());
      });
}

// App. B, Cor. cor:B-loewner (right inequality): J_θ|_T ≼ ½ I.
DCRV_CLAIM(loewner_upper) {
  return forall("B.loewner-upper", Kind::bound)
      .statement(
          R"(v^\top J_\theta v \le c\,\|v\|_2^2$ for all $\theta\in\mathbb R^S$, $v\in T$, $c=\tfrac12)")
      .constant("c", 0.5, Role::upper, "coefficient of ||v||^2")
      .validate([](const std::map<std::string, double>& k) {
        return k.at("c") > 0 ? std::string() : std::string("c must be positive (J_theta is PSD on T)");
      })
      .over(theta_tangent_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [p, v] = tangent_sample(a);
        return le<T>(v.dot(jacobian_accurate(p) * v), k("c") * v.squaredNorm());
      });
}

// App. B, Cor. cor:B-loewner (left inequality): p_min I ≼ J_θ|_T.
DCRV_CLAIM(loewner_lower) {
  return forall("B.loewner-lower", Kind::bound)
      .statement(R"(v^\top J_\theta v \ge c\,p_{\min}\|v\|_2^2$ for all $v\in T$, $c=1)")
      .constant("c", 1.0, Role::lower, "coefficient of p_min ||v||^2")
      .over(theta_tangent_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [p, v] = tangent_sample(a);
        // J assembled without the cancellation p_i − p_i² (see jacobian_accurate): near a vertex the lib's
        // covariance_matrix loses the O(p_min) quadratic form to rounding in double.
        return ge<T>(v.dot(jacobian_accurate(p) * v), k("c") * p.minCoeff() * v.squaredNorm());
      });
}

// App. B, Cor. cor:B-loewner (global operator norm) and its proof: ‖J_θ‖_op ≤ ½ and ‖J_θ‖_op = sup of the
// Rayleigh quotient on T.
DCRV_CLAIM(jacobian_opnorm) {
  return forall("B.jacobian-opnorm", Kind::bound)
      .statement(
          R"(\|J_\theta\|_{op}\le c$ for all $\theta\in\mathbb R^S$, $c=\tfrac12$, and $\|J_\theta\|_{op}=\lambda_{\max}(Q^\top J_\theta Q)=\sup_{v\in T\setminus0}v^\top J_\theta v/\|v\|_2^2$ with $Q$ an orthonormal basis of $T)")
      .constant("c", 0.5, Role::upper, "bound on the operator norm")
      .over(Domain().logits("theta", 3.0, false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Mat<T> j = jacobian_accurate<T>(softmax(a.logits("theta")));
        return le<T>(spectral_norm(j), k("c"));
      })
      .and_holds("operator norm = sup of the Rayleigh quotient on T", Domain().logits("theta", 3.0, false),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Mat<T> j = jacobian_accurate<T>(softmax(a.logits("theta")));
                   const Vec<T> on_tangent = eigenvalues_on_tangent(j);
                   return eq<T>(spectral_norm(j), on_tangent(on_tangent.size() - 1));
                 });
}

// App. B, Remark rem:tightness (first clause): ‖J_θ‖_op = ½ at S = 2, p = (½, ½).
DCRV_CLAIM(loewner_upper_attained) {
  return forall("B.loewner-upper-attained", Kind::sharpness)
      .statement(
          R"(\|J_\theta\|_{op}=c$ at $S=2$, $\theta=0$ ($p=(\tfrac12,\tfrac12)$), $c=\tfrac12$, and $\|J_\theta\|_{op}\le c$ for every $\theta\in\mathbb R^2$, so $c=\max_\theta\|J_\theta\|_{op})")
      .constant("c", 0.5, Role::exact, "the attained value of ||J||_op")
      .over(Domain().dims(2, 2).only_points().points([](int) { return std::vector<Assign>{Assign{}}; }))
      .holds([]<class T>(const Args<T>&, const Consts<T>& k) {
        return eq<T>(spectral_norm(covariance_matrix<T>(softmax<T>(Vec<T>::Zero(2)))), k("c"));
      })
      .and_holds("bounded by c for S = 2", Domain().dims(2, 2).logits("theta", 3.0, false),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   return le<T>(spectral_norm(jacobian_accurate<T>(softmax(a.logits("theta")))), k("c"));
                 });
}

// App. B, Remark rem:tightness (second clause): at p = 1/S, J_θ|_T = (1/S) I = p_min I.
DCRV_CLAIM(loewner_lower_attained) {
  return forall("B.loewner-lower-attained", Kind::sharpness)
      .statement(
          R"(Q^\top J_\theta Q=p_{\min}I_{S-1}=\tfrac1S I_{S-1}$ at $\theta=0$ ($p=\tfrac1S\mathbf 1$) for every $S\ge2$ ($Q$ an orthonormal basis of $T$): $v^\top J_\theta v=p_{\min}\|v\|_2^2$ for all $v\in T)")
      .over(Domain().dims(2).only_points().points([](int) { return std::vector<Assign>{Assign{}}; }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S();
        const Vec<T> p = softmax<T>(Vec<T>::Zero(S));
        const Mat<T> q = tangent_basis<T>(S);
        const Mat<T> restricted = q.transpose() * covariance_matrix(p) * q;
        const Mat<T> target = p.minCoeff() * Mat<T>::Identity(S - 1, S - 1);
        return worst(eq<T>(restricted, target), eq<T>(p.minCoeff(), T(1) / T(S)));
      });
}

// App. B, Lemma lem:B-percoord (boxed inequality): ‖∂_{θ_k}J_θ‖_op ≤ 1/(3√3).
DCRV_CLAIM(percoord_dJ_bound) {
  return forall("B.percoord-dJ-bound", Kind::bound)
      .statement(
          R"(\|∂_{\theta_k}J_\theta\|_{op}\le c$ for all $\theta\in\mathbb R^S$, $k\in\{1,\dots,S\}$, every $S\ge2$, $c=\tfrac1{3\sqrt3})")
      .constant("c", Role::upper, "bound on ||d J / d theta_k||_op",
                [](auto one) { return percoord_constant<decltype(one)>(); })
      .over(Domain().logits("theta", 3.0, false).index("k").points([](int S) {
        std::vector<Assign> out;
        for (double k : {0.0, 1.0}) { // the extremal masses (a₊, a₋) on coordinates 1, 2, the rest e^{-40}
          std::vector<double> theta(S, -40.0);
          theta[0] = 0.65847894846240835;
          theta[1] = -theta[0];
          out.push_back({{"theta", theta}, {"k", {k}}});
        }
        return out;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = softmax(a.logits("theta"));
        const Vec<T> ek = Vec<T>::Unit(p.size(), a.index("k"));
        return le<T>(symmetric_opnorm<T>(jacobian_directional(p, ek)), k("c"));
      });
}

// Shared by the "approached for S > 2" parts: the relative gap to the S = 2 extremum along θ(t⋆; M), measured
// against the mass η = 1 − p₁ − p₂ that the remaining coordinates carry.
template <class T> T remaining_mass(const Vec<T>& p) {
  T rest(0);
  for (Eigen::Index i = 2; i < p.size(); ++i)
    rest += p(i);
  return rest;
}

// App. B, Lemma lem:B-percoord ("optimal, already for S = 2") and its proof sketch.
DCRV_CLAIM(percoord_dJ_optimal) {
  using Pts = std::vector<Assign>;
  return forall("B.percoord-dJ-optimal", Kind::sharpness)
      .statement(
          R"(S=2,\ a=p_1$: $\|∂_{\theta_1}J_\theta\|_{op}=2a(1-a)|1-2a|$ for all $\theta\in\mathbb R^2$; $2a(1-a)|1-2a|\le c$ on $[0,1]$ with equality at $a=a_\pm$; $\|∂_{\theta_1}J_\theta\|_{op}=c$ at $p=(a_\pm,1-a_\pm)$; $c=\tfrac1{3\sqrt3}$, $a_\pm=\tfrac12\pm\tfrac1{2\sqrt3}$. For $S>2$ the value $c$ is approached: $\|∂_{\theta_1}J_\theta\|_{op}\ge c\,(1-K\eta)$ at $\theta=(t_\star,-t_\star,-M,\dots,-M)$, $M\in[0,150]$, with $\eta=1-p_1-p_2\to0$ as $M\to\infty$ and dcrv's rate $K=3)")
      .constant("c", Role::exact, "the optimal per-coordinate constant",
                [](auto one) { return percoord_constant<decltype(one)>(); })
      .constant("a_plus", Role::exact, "maximiser a_+ = 1/2 + 1/(2 sqrt 3)", softmax_constants::kAPlus)
      .constant("a_minus", Role::exact, "maximiser a_- = 1/2 - 1/(2 sqrt 3)", softmax_constants::kAMinus)
      .constant("two", 2.0, Role::exact, "coefficient of a(1-a)|1-2a|")
      .constant("K", 3.0, Role::upper,
                "dcrv's approach rate for S > 2 (not a paper constant; measured ~2.68)")
      .over(Domain().dims(2, 2).logits("theta", 3.0, false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = softmax(a.logits("theta"));
        // a = p₁, 1 − a = p₂, 1 − 2a = p₂ − p₁ (exact for S = 2, no cancellation near the vertices)
        const T formula = k("two") * p(0) * p(1) * abs(p(1) - p(0));
        // scale 2a(1 − a): the size of the terms before the cancellation in 1 − 2a near a = ½
        return eq<T>(symmetric_opnorm<T>(jacobian_directional<T>(p, Vec<T>::Unit(2, 0))), formula,
                     T(2 * p(0) * p(1)));
      })
      .and_holds("2a(1-a)|1-2a| <= c on [0,1]", Domain().dims(2, 2).real("a", 0.0, 1.0),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const T x = a.real("a");
                   return le<T>(k("two") * x * (1 - x) * abs(1 - 2 * x), k("c"));
                 })
      .and_holds("attained at a_+ and a_-",
                 Domain().dims(2, 2).only_points().points([](int) { return Pts{Assign{}}; }),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   (void)a;
                   Ineq<T> r = skip<T>();
                   for (const char* name : {"a_plus", "a_minus"}) {
                     const T x = k(name);
                     r = worst(r, eq<T>(k("two") * x * (1 - x) * abs(1 - 2 * x), k("c")));
                     const Vec<T> p = softmax(logits_of_pair(x));
                     r = worst(r, eq<T>(symmetric_opnorm<T>(jacobian_directional<T>(p, Vec<T>::Unit(2, 0))),
                                        k("c")));
                   }
                   return r;
                 })
      .and_holds("approached for S > 2", Domain().dims(3).real("M", 0.0, 150.0),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const Vec<T> p = softmax(two_coordinate_point<T>(a.S(), extremal_logit<T>(), a.real("M")));
                   const T value = symmetric_opnorm<T>(jacobian_directional<T>(p, Vec<T>::Unit(a.S(), 0)));
                   return ge<T>(value, k("c") * (1 - k("K") * remaining_mass(p)));
                 });
}

// App. B, proof sketch of Lemma lem:B-percoord: ∂_{θ₁}J_θ = a N(a, b).
DCRV_CLAIM(percoord_dJ_block_formula) {
  return forall("B.percoord-dJ-block-formula", Kind::identity)
      .statement(
          R"(∂_{\theta_1}J_\theta=a\,N(a,b)$ with $a=p_1$, $b=(p_2,\dots,p_S)$, $N=\begin{bmatrix}(1-a)(1-2a)&-(1-2a)b^\top\\-(1-2a)b&c\,bb^\top-\operatorname{diag}(b)\end{bmatrix}$, $c=2$, for all $\theta\in\mathbb R^S)")
      .constant("two", 2.0, Role::exact, "coefficient of b b^T in the lower-right block")
      .over(Domain().logits("theta", 3.0, false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = softmax(a.logits("theta"));
        const Eigen::Index S = p.size();
        const T x = p(0);
        const Vec<T> b = p.tail(S - 1);
        const T one_minus_a = b.sum(); // Σb = 1 − a (no cancellation near e₁)
        const T one_minus_2a = one_minus_a - x;
        Mat<T> n(S, S);
        n(0, 0) = one_minus_a * one_minus_2a;
        n.block(0, 1, 1, S - 1) = -one_minus_2a * b.transpose();
        n.block(1, 0, S - 1, 1) = -one_minus_2a * b;
        Mat<T> lower = k("two") * b * b.transpose();
        lower.diagonal() -= b;
        n.block(1, 1, S - 1, S - 1) = lower;
        // Near a = ½ (S = 2) every entry carries the factor 1 − 2a: compare relative to a(1 − a), the size of
        // the terms before that cancellation.
        return eq<T>(jacobian_directional<T>(p, Vec<T>::Unit(S, 0)), Mat<T>(x * n), T(x * one_minus_a));
      });
}

// ---------------------------------------------------------------------------------------------------------
// Theorem thm:B-global-Lip-J and Remark rem:B-lower.
// ---------------------------------------------------------------------------------------------------------

// App. B, Theorem thm:B-global-Lip-J (first inequality): ‖J_{θ₂} − J_{θ₁}‖_op ≤ (1/(3√3))‖θ₂ − θ₁‖₁.
DCRV_CLAIM(lipJ_l1) {
  return forall("B.lipJ-l1", Kind::bound)
      .statement(
          R"(\|J_{\theta_2}-J_{\theta_1}\|_{op}\le L_1\|\theta_2-\theta_1\|_1$ for all $\theta_1,\theta_2\in\Theta$, every $S\ge2$, $L_1=\tfrac1{3\sqrt3}$; pairs $\theta_2=\theta_1+h\,u/\|u\|_2$, $u\in T$, $h\in[10^{-5},60]$ log-uniform, so that short and long segments occur: $\|\theta_2-\theta_1\|_2=h)")
      .constant("L1", Role::upper, "l1-domain Lipschitz constant",
                [](auto one) { return percoord_constant<decltype(one)>(); })
      .over(lipschitz_domain())
      .holds(lipschitz_property(Norm::l1, "L1"));
}

// App. B, Theorem thm:B-global-Lip-J (second inequality): ‖J_{θ₂} − J_{θ₁}‖_op ≤ (√S/(3√3))‖θ₂ − θ₁‖₂.
DCRV_CLAIM(lipJ_l2) {
  return forall("B.lipJ-l2", Kind::bound)
      .statement(
          R"(\|J_{\theta_2}-J_{\theta_1}\|_{op}\le c\sqrt S\,\|\theta_2-\theta_1\|_2$ for all $\theta_1,\theta_2\in\Theta$, every $S\ge2$, $c=\tfrac1{3\sqrt3}$ ($L_2=\sqrt S/(3\sqrt3)$); pairs $\theta_2=\theta_1+h\,u/\|u\|_2$, $u\in T$, $h\in[10^{-5},60])")
      .constant("c", Role::upper, "L2 / sqrt(S)", [](auto one) { return percoord_constant<decltype(one)>(); })
      .over(lipschitz_domain())
      .holds(lipschitz_property(Norm::l2, "c"));
}

// App. B, Theorem thm:B-global-Lip-J (third inequality): ‖J_{θ₂} − J_{θ₁}‖_op ≤ (S/(3√3))‖θ₂ − θ₁‖_∞.
DCRV_CLAIM(lipJ_linf) {
  return forall("B.lipJ-linf", Kind::bound)
      .statement(
          R"(\|J_{\theta_2}-J_{\theta_1}\|_{op}\le c\,S\,\|\theta_2-\theta_1\|_\infty$ for all $\theta_1,\theta_2\in\Theta$, every $S\ge2$, $c=\tfrac1{3\sqrt3}$ ($L_\infty=S/(3\sqrt3)$); pairs $\theta_2=\theta_1+h\,u/\|u\|_2$, $u\in T$, $h\in[10^{-5},60])")
      .constant("c", Role::upper, "L_inf / S", [](auto one) { return percoord_constant<decltype(one)>(); })
      .over(lipschitz_domain())
      .holds(lipschitz_property(Norm::linf, "c"));
}

/// ‖dJ_{θ(t)}/dt‖_op along θ(t; M) = (t, −t, −M, …) (θ̇ = e₁ − e₂).
template <class T> T path_speed_norm(int S, const T& t, const T& M) {
  const Vec<T> p = softmax(two_coordinate_point<T>(S, t, M));
  return symmetric_opnorm<T>(jacobian_directional<T>(p, two_coordinate_direction<T>(S)));
}

/// max_t ‖dJ_{θ(t)}/dt‖_op on the exact path (t, −t, 0, …, 0): the function is even in t (swap of the first
/// two coordinates) and tends to 0 as |t| → ∞, so a grid of step 10⁻² on [0, 40] (in double) followed by a
/// golden- section refinement in T locates the maximum; returns (t_max, value).
template <class T> std::pair<T, T> path_maximum(int S) {
  double best_t = 0, best = -1;
  for (int i = 0; i <= 4000; ++i) {
    const double t = 0.01 * i;
    const double f = path_speed_norm<double>(S, t, 0.0);
    if (f > best)
      best = f, best_t = t;
  }
  T lo = T(std::max(0.0, best_t - 0.01)), hi = T(best_t + 0.01);
  const T ratio = (sqrt(T(5)) - 1) / 2;
  T x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo);
  T f1 = path_speed_norm<T>(S, x1, T(0)), f2 = path_speed_norm<T>(S, x2, T(0));
  for (int it = 0; it < 200 && hi - lo > pow(T(10), T(-scalar_digits<T>() / 2)); ++it) {
    if (f1 < f2) {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + ratio * (hi - lo);
      f2 = path_speed_norm<T>(S, x2, T(0));
    } else {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - ratio * (hi - lo);
      f1 = path_speed_norm<T>(S, x1, T(0));
    }
  }
  T edge = path_speed_norm<T>(S, T(0), T(0)); // t = 0 may be the maximum (S = 5)
  const T tm = (lo + hi) / 2, fm = path_speed_norm<T>(S, tm, T(0));
  return fm >= edge ? std::pair<T, T>{tm, fm} : std::pair<T, T>{T(0), edge};
}

// App. B, Remark rem:B-lower (first sentence), literal reading: on the exact path (t, −t, 0, …, 0),
// ‖dJ/dt‖_op reaches 2/(3√3) (at p-values a± on the moving coordinates), for every S ≥ 2.
DCRV_CLAIM(lipJ_lower_path) {
  return forall("B.lipJ-lower-path", Kind::sharpness)
      .statement(
          R"(\theta(t)=(t,-t,0,\dots,0)$ (the exact path), $\|\dot\theta\|_1=2$, for every $S\ge2$: $\|dJ_{\theta(t)}/dt\|_{op}\le c$ for all $t$ and $\max_t\|dJ_{\theta(t)}/dt\|_{op}=c$, $c=\tfrac2{3\sqrt3}$. The maximum over $t$ is located by a grid of step $10^{-2}$ on $[0,40]$ (the function is even in $t$ and vanishes as $|t|\to\infty$) and a golden-section refinement in MPFR around the grid maximiser $t_{\rm grid})")
      .constant("c", Role::exact, "max_t ||dJ/dt||_op on the path",
                [](auto one) { return 2 * percoord_constant<decltype(one)>(); })
      .over(Domain().dims(2).real("t", -40.0, 40.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return le<T>(path_speed_norm<T>(a.S(), a.real("t"), T(0)), k("c"));
      })
      .and_holds("the value c is reached on the path",
                 Domain().dims(2).only_points().points([](int) { return std::vector<Assign>{Assign{}}; }),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   return ge<T>(path_maximum<T>(a.S()).second, k("c"));
                 });
}

// Reading: S = 2 only, where the path is all of Θ and the extremal p is on it.
DCRV_CLAIM(lipJ_lower_path_s2) {
  return forall("B.lipJ-lower-path~s2", Kind::sharpness)
      .where(R"(App. B, Remark rem:B-lower (first sentence), reading for S = 2)")
      .reading("the remark's path computation is meant for S = 2 (the two-coordinate subspace), where (a+, "
               "a-) lies on the path")
      .statement(
          R"(S=2$: $\|dJ_{\theta(t)}/dt\|_{op}\le c$ for all $t\in\mathbb R$ and $=c$ at $t_\star=\operatorname{atanh}(1/\sqrt3)$, where $p=(a_+,a_-)$; $\|\dot\theta\|_1=2$, $c=\tfrac2{3\sqrt3})")
      .constant("c", Role::exact, "max_t ||dJ/dt||_op on the path",
                [](auto one) { return 2 * percoord_constant<decltype(one)>(); })
      .over(Domain().dims(2, 2).real("t", -40.0, 40.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return le<T>(path_speed_norm<T>(2, a.real("t"), T(0)), k("c"));
      })
      .and_holds("attained at t*",
                 Domain().dims(2, 2).only_points().points([](int) { return std::vector<Assign>{Assign{}}; }),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   (void)a;
                   return eq<T>(path_speed_norm<T>(2, extremal_logit<T>(), T(0)), k("c"));
                 });
}

// Reading: for S > 2 the extremal p is reached only in the limit of the remaining logits → −∞.
DCRV_CLAIM(lipJ_lower_path_limit) {
  return forall("B.lipJ-lower-path~limit", Kind::sharpness)
      .where(R"(App. B, Remark rem:B-lower (first sentence), limit reading for S > 2)")
      .reading(
          "for S > 2 the extremal p (a+, a-, 0, ...) is reached along (t, -t, -M, ..., -M) as M -> infinity")
      .statement(
          R"(\|dJ_{\theta(t)}/dt\|_{op}\le c$ along $\theta(t;M)=(t,-t,-M,\dots,-M)$ for all $t,M$, and at $t=t_\star$: $\|dJ/dt\|_{op}\ge c\,(1-K\eta)$ with $\eta=1-p_1-p_2\to0$ as $M\to\infty$ (exact equality for $S=2$), every $S\ge2$, $M\in[0,150]$, $c=\tfrac2{3\sqrt3}$, dcrv's rate $K=3)")
      .constant("c", Role::exact, "limit value of ||dJ/dt||_op",
                [](auto one) { return 2 * percoord_constant<decltype(one)>(); })
      .constant("K", 3.0, Role::upper, "dcrv's approach rate (not a paper constant; measured ~2.25)")
      .over(Domain().dims(2).real("t", -40.0, 40.0).real("M", 0.0, 150.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return le<T>(path_speed_norm<T>(a.S(), a.real("t"), a.real("M")), k("c"));
      })
      .and_holds("approached at t* as M grows", Domain().dims(2).real("M", 0.0, 150.0),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const T M = a.real("M");
                   const Vec<T> p = softmax(two_coordinate_point<T>(a.S(), extremal_logit<T>(), M));
                   return ge<T>(path_speed_norm<T>(a.S(), extremal_logit<T>(), M),
                                k("c") * (1 - k("K") * remaining_mass(p)));
                 });
}

/// The lower bounds of rem:B-lower: L_J^{(q)} ≥ L for q = 1, 2, ∞. Three parts:
///  (i) at θ⋆(M) = (t⋆, −t⋆, −M, …) the directional derivative along u = e₁ − e₂ — the limit of the
///  difference
///      quotients of the pairs θ⋆ ± (h/2)u — satisfies ‖DJ[u]‖_op/‖u‖_q ≥ L(1 − Kη), η = 1 − p₁ − p₂ (η = 0
///      and exact equality for S = 2; η → 0 as M → ∞);
/// (ii) the pairs themselves: ‖J_{θ⋆+hu/2} − J_{θ⋆−hu/2}‖_op/(h‖u‖_q) ≥ L(1 − Kη − K₂h²), h ∈ [10⁻⁶, 10⁻¹];
/// so sup over pairs ≥ L in every dimension.
template <class F>
Claim lipschitz_lower_claim(const char* id, const char* statement, Norm q, F value, const char* meaning) {
  return forall(id, Kind::sharpness)
      .statement(statement)
      .constant("L", Role::lower, meaning, value)
      .constant("K", 3.0, Role::upper,
                "dcrv's approach rate in eta = 1 - p1 - p2 (not a paper constant; measured ~2.25)")
      .constant("K2", 0.25, Role::upper,
                "dcrv's h^2 coefficient for finite pairs (not a paper constant; measured ~1/6)")
      .over(Domain().dims(2).real("M", 0.0, 150.0))
      .holds([q]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int S = a.S();
        const Vec<T> u = two_coordinate_direction<T>(S);
        const Vec<T> p = softmax(two_coordinate_point<T>(S, extremal_logit<T>(), a.real("M")));
        const T quotient = symmetric_opnorm<T>(jacobian_directional<T>(p, u)) / vector_norm<T>(u, q);
        return ge<T>(quotient, k("L") * (1 - k("K") * remaining_mass(p)));
      })
      .and_holds(
          "pairs around the extremal point",
          Domain().dims(2).real("M", 0.0, 150.0).real("h", 1e-4, 1e-1, true).points([](int) {
            return std::vector<Assign>{{{"M", {150.0}}, {"h", {0.1}}}, {{"M", {150.0}}, {"h", {0.03}}}};
          }),
          [q]<class T>(const Args<T>& a, const Consts<T>& k) {
            const int S = a.S();
            const T h = a.real("h");
            const Vec<T> u = two_coordinate_direction<T>(S);
            const Vec<T> centre = two_coordinate_point<T>(S, extremal_logit<T>(), a.real("M"));
            const Vec<T> theta1 = centre - (h / 2) * u, theta2 = centre + (h / 2) * u;
            const T eta = remaining_mass(Vec<T>(softmax(centre)));
            return ge<T>(lipschitz_quotient<T>(theta1, theta2, q),
                         k("L") * (1 - k("K") * eta - k("K2") * h * h));
          });
}

// App. B, Remark rem:B-lower ("optimality in the ℓ1 domain norm"): sup ratio ≥ 1/(3√3) for every S.
DCRV_CLAIM(lipJ_l1_lower) {
  return lipschitz_lower_claim(
      "B.lipJ-l1-lower",
      R"(\sup_{\theta_1\ne\theta_2\in\Theta}\|J_{\theta_2}-J_{\theta_1}\|_{op}/\|\theta_2-\theta_1\|_1\ge L=\tfrac1{3\sqrt3}$ for every $S\ge2$: with $u=e_1-e_2$, $\theta_\star(M)=(t_\star,-t_\star,-M,\dots,-M)$ and $\eta=1-p_1-p_2$ there, $\|DJ_{\theta_\star}[u]\|_{op}/\|u\|_1\ge L(1-K\eta)$ (equality for $S=2$) and the pairs $\theta_\star\pm\tfrac h2u$ have quotient $\ge L(1-K\eta-K_2h^2)$, $M\in[0,150]$, $h\in[10^{-4},10^{-1}]$; dcrv's rates $K=3$, $K_2=\tfrac14)",
      Norm::l1, [](auto one) { return percoord_constant<decltype(one)>(); },
      "lower bound on the best l1-domain Lipschitz constant");
}

// App. B, Remark rem:B-lower: L_J^{(2)} ≥ √2/(3√3) for every S.
DCRV_CLAIM(lipJ_l2_lower) {
  return lipschitz_lower_claim(
      "B.lipJ-l2-lower",
      R"(L_J^{(2)}=\sup_{\theta_1\ne\theta_2\in\Theta}\|J_{\theta_2}-J_{\theta_1}\|_{op}/\|\theta_2-\theta_1\|_2\ge L=\tfrac{\sqrt2}{3\sqrt3}$ for every $S\ge2$: with $u=e_1-e_2$, $\theta_\star(M)=(t_\star,-t_\star,-M,\dots,-M)$ and $\eta=1-p_1-p_2$ there, $\|DJ_{\theta_\star}[u]\|_{op}/\|u\|_2\ge L(1-K\eta)$ (equality for $S=2$) and the pairs $\theta_\star\pm\tfrac h2u$ have quotient $\ge L(1-K\eta-K_2h^2)$; dcrv's rates $K=3$, $K_2=\tfrac14)",
      Norm::l2, [](auto one) { return sqrt(2 * one) * percoord_constant<decltype(one)>(); },
      "lower bound on the best l2-domain Lipschitz constant");
}

// App. B, Remark rem:B-lower: L_J^{(∞)} ≥ 2/(3√3) for every S.
DCRV_CLAIM(lipJ_linf_lower) {
  return lipschitz_lower_claim(
      "B.lipJ-linf-lower",
      R"(L_J^{(\infty)}=\sup_{\theta_1\ne\theta_2\in\Theta}\|J_{\theta_2}-J_{\theta_1}\|_{op}/\|\theta_2-\theta_1\|_\infty\ge L=\tfrac2{3\sqrt3}$ for every $S\ge2$: with $u=e_1-e_2$, $\theta_\star(M)=(t_\star,-t_\star,-M,\dots,-M)$ and $\eta=1-p_1-p_2$ there, $\|DJ_{\theta_\star}[u]\|_{op}/\|u\|_\infty\ge L(1-K\eta)$ (equality for $S=2$) and the pairs $\theta_\star\pm\tfrac h2u$ have quotient $\ge L(1-K\eta-K_2h^2)$; dcrv's rates $K=3$, $K_2=\tfrac14)",
      Norm::linf, [](auto one) { return 2 * percoord_constant<decltype(one)>(); },
      "lower bound on the best l_inf-domain Lipschitz constant");
}

// ---------------------------------------------------------------------------------------------------------
// Paragraph "Boundary behavior" (after rem:B-lower).
// ---------------------------------------------------------------------------------------------------------

/// Logits that reach faces and vertices: θ ∈ ℝ^S with coordinate j lowered by `depth` ∈ [0, 200]
/// (p_j down to ~e^{-200}); random logits with one dominant coordinate reach the vertices.
Domain boundary_domain(int min_dim = 2) {
  return Domain()
      .dims(min_dim)
      .logits("theta", 3.0, false)
      .index("j")
      .real("depth", 0.0, 200.0)
      .points([](int S) {
        std::vector<Assign> out;
        for (double d : {30.0, 100.0}) {
          std::vector<double> face(S, 0.0), vertex(S, -d);
          face[S - 1] = -d; // p → (1/(S−1), …, 1/(S−1), 0): interior of a facet
          vertex[0] = 0;    // p → e₁ symmetrically
          out.push_back({{"theta", face}, {"depth", {0.0}}});
          out.push_back({{"theta", vertex}, {"depth", {0.0}}});
        }
        return out;
      });
}
template <class T> Vec<T> boundary_logits(const Args<T>& a) {
  Vec<T> theta = a.logits("theta");
  theta(a.index("j")) -= a.real("depth");
  return theta;
}

// App. B, "Boundary behavior", first sentence, literal reading: J_θ → 0 as p_min ↓ 0.
DCRV_CLAIM(boundary_J_vanishes) {
  return forall("B.boundary-J-vanishes", Kind::sharpness)
      .statement(
          R"(J_\theta\to0$ as $p_{\min}\downarrow0$ (any approach to $∂\Delta$). This would give, for $\varepsilon=\tfrac14$, some $\eta>0$ with $\|J_\theta\|_{op}\le\varepsilon$ whenever $p_{\min}\le\eta$; dcrv tests $\eta=10^{-12}$ over $\theta\in\mathbb R^S$ with one coordinate lowered by up to $200$. (Approaching the interior of a facet, e.g.\ $p\to(\tfrac12,\tfrac12,0)$, keeps $\|J_\theta\|_{op}\to\tfrac12$ for every $\eta>0))")
      .over(boundary_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = softmax(boundary_logits(a));
        if (p.minCoeff() > T(1e-12))
          return skip<T>();
        return le<T>(spectral_norm(jacobian_accurate(p)), T(1) / T(4));
      });
}

// Reading: the example of the sentence, p_θ → e_i (a vertex).
DCRV_CLAIM(boundary_J_vanishes_vertex) {
  return forall("B.boundary-J-vanishes~vertex", Kind::sharpness)
      .where(R"(App. B, paragraph "Boundary behavior" (after rem:B-lower), first sentence, vertex reading)")
      .reading("J -> 0 as p_theta approaches a vertex e_i (the example given in the sentence)")
      .statement(
          R"(J_\theta\to0$ as $p_\theta\to e_i$, checked as the explicit rate $\|J_\theta\|_{op}\le K(1-p_{\max})$ for all $\theta\in\mathbb R^S$ (dcrv's rate $K=2$, from $\|J_\theta\|_{op}\le\operatorname{tr}J_\theta=1-\|p\|_2^2\le2(1-p_{\max})$; sharp as $p\to e_i$ for $S=2))")
      .constant("K", 2.0, Role::upper, "dcrv's rate: ||J||_op <= K (1 - p_max)")
      .over(boundary_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = softmax(boundary_logits(a));
        return le<T>(spectral_norm(jacobian_accurate(p)), k("K") * distance_to_vertex(p));
      });
}

// App. B, "Boundary behavior", second sentence: λ_min(J|_T) ↓ 0 as p_min ↓ 0 while λ_max(J|_T) ≤ ½.
DCRV_CLAIM(boundary_lambda_min_vanishes) {
  return forall("B.boundary-lambda-min-vanishes", Kind::sharpness)
      .statement(
          R"(\lambda_{\max}(J_\theta|_T)\le c$, $c=\tfrac12$, and $\lambda_{\min}(J_\theta|_T)\to0$ as $p_{\min}\downarrow0$, checked as the explicit rate $\lambda_{\min}(J_\theta|_T)\le K\,\tfrac{S}{S-1}\,p_{\min}$ (test vector $e_{i_{\min}}-\tfrac1S\mathbf 1$; dcrv's $K=1$, sharp for $S=2$ at the vertices), for all $\theta\in\mathbb R^S$; eigenvalues on $T$ from the secular equation $\sum_ip_i/(p_i-\lambda)=0$ (relatively accurate down to $p_{\min}\approx e^{-200}))")
      .constant("c", 0.5, Role::upper, "bound on lambda_max(J|_T)")
      .constant("K", 1.0, Role::upper, "dcrv's rate: lambda_min <= K S/(S-1) p_min")
      .over(boundary_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = softmax(boundary_logits(a));
        const auto [lmin, lmax] = tangent_extremes(p);
        const T S = T(static_cast<int>(p.size()));
        return worst(le<T>(lmax, k("c")), le<T>(lmin, k("K") * S / (S - 1) * p.minCoeff()));
      });
}

/// κ(J_θ|_T) = λ_max/λ_min ≤ c/p_min at p = softmax(θ) of a boundary sample.
template <class T> Ineq<T> kappa_bound(const Args<T>& a, const Consts<T>& k) {
  const Vec<T> p = softmax(boundary_logits(a));
  const auto [lmin, lmax] = tangent_extremes(p);
  return le<T>(lmax / lmin, k("c") / p.minCoeff());
}

// App. B, "Boundary behavior", last formula: κ(J_θ|_T) ≤ (1/2)/p_min.
DCRV_CLAIM(boundary_kappa_bound) {
  return forall("B.boundary-kappa-bound", Kind::bound)
      .statement(
          R"(\kappa(J_\theta|_T)=\lambda_{\max}(J_\theta|_T)/\lambda_{\min}(J_\theta|_T)\le c/p_{\min}$ for all $\theta\in\mathbb R^S$, $c=\tfrac12$ (eigenvalues on $T$ from the secular equation relatively accurate near faces: roots of $\sum_ip_i/(p_i-\lambda)=0))")
      .constant("c", 0.5, Role::upper, "numerator of the bound c / p_min")
      .over(boundary_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return kappa_bound(a, k); });
}

// App. B, "Boundary behavior", last formula, literal reading: κ(J_θ|_T) → ∞ as p_min ↓ 0 (e.g. p_θ → e_i).
DCRV_CLAIM(boundary_kappa_diverges) {
  return forall("B.boundary-kappa-diverges", Kind::sharpness)
      .statement(
          R"(\kappa(J_\theta|_T)\to\infty$ as $p_{\min}\downarrow0$ (any approach, e.g.\ $p_\theta\to e_i$). This would give, for $M_0=10$, some $\eta>0$ with $\kappa\ge M_0$ whenever $p_{\min}\le\eta$; dcrv tests $\eta=10^{-12}$ over $\theta\in\mathbb R^S$, $S\ge2$, with one coordinate lowered by up to $200$. ($\kappa\equiv1$ for $S=2$; and for $S=3$, $\kappa\to3$ along $p\to e_1$ with equal small masses $p_2=p_3\downarrow0))")
      .over(boundary_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = softmax(boundary_logits(a));
        if (p.minCoeff() > T(1e-12))
          return skip<T>();
        const auto [lmin, lmax] = tangent_extremes(p);
        return ge<T>(lmax / lmin, T(10));
      });
}

// Reading: the arrow belongs to the bound (1/2)/p_min only; what is claimed about κ is the inequality.
DCRV_CLAIM(boundary_kappa_diverges_bound) {
  return forall("B.boundary-kappa-diverges~bound", Kind::sharpness)
      .where(
          R"(App. B, paragraph "Boundary behavior", last formula, reading: the arrow belongs to the bound)")
      .reading(
          "'-> infinity' refers to the upper bound (1/2)/p_min only; the claim about kappa is the inequality")
      .statement(
          R"(\kappa(J_\theta|_T)\le c/p_{\min}$ for all $\theta\in\mathbb R^S$, $c=\tfrac12$, whose right side $\to\infty$ as $p_{\min}\downarrow0$ (same check as B.boundary-kappa-bound), $c=\tfrac12)")
      .constant("c", 0.5, Role::upper, "numerator of the bound c / p_min")
      .over(boundary_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return kappa_bound(a, k); });
}

// Reading: κ diverges along approaches to the relative interior of a face (S ≥ 3), p bounded away from
// vertices.
DCRV_CLAIM(boundary_kappa_diverges_face) {
  return forall("B.boundary-kappa-diverges~face", Kind::sharpness)
      .where(
          R"(App. B, paragraph "Boundary behavior", last formula, reading: divergence along face approaches)")
      .reading("kappa diverges as p_min -> 0 while p stays away from the vertices (approach to the interior "
               "of a face)")
      .statement(
          R"(\kappa(J_\theta|_T)\ge K\,(1-\|p\|_2^2)/(S\,p_{\min})$ for all $\theta\in\mathbb R^S$ (from $\lambda_{\max}\ge\operatorname{tr}J_\theta/(S-1)$ and $\lambda_{\min}\le\tfrac{S}{S-1}p_{\min}$; dcrv's $K=1$): $\kappa\to\infty$ whenever $p_{\min}\downarrow0$ with $1-\|p\|_2^2$ bounded below, i.e.\ away from the vertices $e_i)")
      .constant("K", 1.0, Role::lower, "dcrv's coefficient of (1 - ||p||^2)/(S p_min)")
      .over(boundary_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = softmax(boundary_logits(a));
        const auto [lmin, lmax] = tangent_extremes(p);
        T spread(0); // 1 − ‖p‖² = Σ p_i (1 − p_i), with 1 − p_i as a sum of the other masses
        const Mat<T> j = jacobian_accurate(p);
        for (Eigen::Index i = 0; i < p.size(); ++i)
          spread += j(i, i);
        const T S = T(static_cast<int>(p.size()));
        return ge<T>(lmax / lmin, k("K") * spread / (S * p.minCoeff()));
      });
}

} // namespace
} // namespace dcrv
