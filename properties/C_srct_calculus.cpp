// Appendix C — the SRCT calculus, pointwise part (appendix_C_aistats.tex §C.2–C.5, §C.7, §C.9–C.10):
// the variational derivative and the boxed SRCT ODE, the operator facts for S(p) and E(p), the Lipschitz
// bound of the drift, mass balance, the log-ratio identity, the entropy face gap and face inequality, the
// coarse BD condition, the degenerate floor, the single-site Lyapunov identity and strong concavity, and
// safe denominators. The dynamic / equilibrium / structural claims of App. C are in C_srct_confinement.cpp.
//
// Notation as in App. C: K (the paper's name for the dimension) is S here; Δ_δ⋆ is the trimmed simplex;
// φ_A = U − 2λβKp + β_KL log p_base; A = ε + λα + β_KL; S(p) = diag(p) − ppᵀ; E(p) = p ⊙ (log p − ⟨log p⟩);
// F = S(p)φ_A − A E(p); Λ = 1 + log(1/δ⋆); L_K(δ) = (1−δ) log((1−δ)/((K−1)δ)).
//
// Conventions of this file.
//  * Derivatives that a claim states in closed form are recomputed from the definition by forward-mode
//    automatic differentiation (dcrv/autodiff.hpp), so an identity compares two independent computations.
//  * SRCT instances and random PSD kernels are read from the sample as in properties/domains/srct.hpp and
//    kernels.hpp (K = k1 k1ᵀ + k2 k2ᵀ + diag(kd ⊙ kd): full-rank, rank-deficient and K = 0 all occur).
//  * Points of Δ_δ are trim(q, δ) = δ + (1 − Kδ) q with q in the (closed) simplex; differences p − q are
//    formed as (1 − Kδ)(x − y) so that they keep their digits.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/autodiff.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/srct.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/srct.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {
using namespace srct_domain;

// ------------------------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------------------------

/// max_i |a_i − b_i| / s_i as a residual that must vanish (componentwise scales: entries near a face are
/// compared with their own magnitude, not with the largest entry).
template <class T> Ineq<T> eq_scaled(const Vec<T>& a, const Vec<T>& b, const Vec<T>& s) {
  T worst(0);
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const T m = std::max<T>(s(i), std::max<T>(abs(a(i)), abs(b(i))));
    if (m > 0)
      worst = std::max<T>(worst, T(abs(T(a(i) - b(i))) / m));
  }
  return eq<T>(worst, T(0), T(1));
}

/// A nontrivial instance, then the same with coefficient patterns set to exact zeros (the edges of (A6)).
std::vector<Assign> zero_coefficient_points(int S) {
  return with_zero_sets(srct_base_point(S), {{"eps"},
                                             {"beta_kl"},
                                             {"alpha"},
                                             {"beta"},
                                             {"eps", "beta_kl", "alpha"},
                                             {"alpha", "beta", "lambda", "beta_kl", "eps"}});
}
/// The points above with extra fields (e.g. p) added to each.
std::vector<Assign> zero_coefficient_points_with(int S, const Assign& extra) {
  return with_extra(zero_coefficient_points(S), extra);
}

/// Magnitude of the terms of δJ̃/δp_i (the scale of cancelling sums).
template <class T> Vec<T> score_magnitudes(const SrctParams<T>& m, const Vec<T>& p) {
  const Vec<T> Kp = m.K * p;
  Vec<T> s(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s(i) = abs(m.U(i)) + T(2) * m.lambda * m.beta * abs(Kp(i)) + m.beta_kl * abs(log(m.p_base(i))) +
           m.barrier() * (T(1) + abs(log(p(i))));
  return s;
}

/// Pairs (x, y) of the closed simplex and δ ∈ (0, 1/S): p = trim(x, δ), q = trim(y, δ) ∈ Δ_δ, with points
/// next to a vertex of Δ_δ and next to (½, ½, 0, …).
Domain vertex_and_midpoint_pairs_domain() {
  return Domain()
      .dims(2)
      .real("delta", floor_range(), true)
      .simplex("x", true)
      .simplex("y", true)
      .points([](int S) {
        std::vector<Assign> pts;
        for (double d : {1e-30, 1e-8, 1e-3, 0.05 / S, 0.5 / S, 0.9 / S})
          for (double h : {1e-6, 1e-3}) {
            std::vector<double> x(S, 0.0), y(S, 0.0); // near a vertex of Δ_δ
            x[0] = 1;
            y[0] = 1 - h;
            y[1] = h;
            pts.push_back({{"delta", {d}}, {"x", x}, {"y", y}});
            std::vector<double> u(S, 0.0), w(S, 0.0); // near (½, ½, 0, …)
            u[0] = 0.5 + h, u[1] = 0.5 - h, w[0] = 0.5 - h, w[1] = 0.5 + h;
            pts.push_back({{"delta", {d}}, {"x", u}, {"y", w}});
          }
        return pts;
      });
}

// ============================================================================================================
// §C.2 SRCT objective, variational derivative, canonical drift
// ============================================================================================================

// App. C §C.2 (appC:srct-gradient), "direct calculation":
// δJ̃/δp_i = U_i − 2λβ(Kp)_i + β_KL log p_base,i − A(1 + log p_i), A = ε + λα + β_KL.
DCRV_CLAIM(claim_variational_derivative) {
  return forall("C.variational-derivative", Kind::identity)
      .where("App. C §C.2 (appC:srct-gradient), display after the definition of J̃")
      .statement(
          R"(\partial\widetilde J/\partial p_i=U_i-c\,\lambda\beta(Kp)_i+\beta_{\mathrm{KL}}\log p_{\mathrm{base},i}-A(1+\log p_i)$, $A=\varepsilon+\lambda\alpha+\beta_{\mathrm{KL}}$, $c=2$, for $\widetilde J=U\cdot p+\lambda(\alpha H-\beta p^\top Kp)-\beta_{\mathrm{KL}}\mathrm{KL}(p\|p_{\mathrm{base}})+\varepsilon H$ on $\mathrm{int}\,\Delta$ (ambient partial derivatives of the formula, by automatic differentiation), random PSD $K$, $p_{\mathrm{base}}\in\mathrm{int}\,\Delta$, coefficients in $[0,3]$, $K\ge2$ up to the budget maximum)")
      .constant("c", 2.0, Role::exact, "coefficient of λβ(Kp)_i")
      .over(with_srct(Domain().dims(2).simplex("p")).points([](int S) {
        return zero_coefficient_points_with(S, {{"p", geometric(S, 1e-3)}});
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const SrctParams<T> m = srct_model(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> grad = ad_gradient<T>([&m](const auto& x) { return jtilde_of(m, x); }, p);
        const Vec<T> Kp = m.K * p;
        Vec<T> formula(p.size());
        for (Eigen::Index i = 0; i < p.size(); ++i)
          formula(i) = m.U(i) - k("c") * m.lambda * m.beta * Kp(i) + m.beta_kl * log(m.p_base(i)) -
                       m.barrier() * (T(1) + log(p(i)));
        return eq_scaled<T>(grad, formula, score_magnitudes(m, p));
      });
}

// App. C §C.2, boxed SRCT ODE: ∇_Sh J̃ = p ⊙ (δJ̃/δp − E_p[δJ̃/δp]) = S(p)φ_A(p) − A E(p), and Σ_i F_i = 0.
DCRV_CLAIM(claim_srct_ode_form) {
  return forall("C.srct-ode-form", Kind::identity)
      .where("App. C §C.2, boxed SRCT ODE")
      .statement(
          R"(p\odot\bigl(g-\langle p,g\rangle\mathbf 1\bigr)=S(p)\phi_A(p)-A\,E(p)=:F(p)$ with $g=\nabla\widetilde J(p)$ (the Shahshahani gradient, $g$ by automatic differentiation of $\widetilde J$), $S(p)=\operatorname{diag}(p)-pp^\top$, $\phi_A=U-2\lambda\beta Kp+\beta_{\mathrm{KL}}\log p_{\mathrm{base}}$, $E(p)=p\odot(\log p-\langle\log p\rangle)$, and $\sum_iF_i(p)=0$, on $\mathrm{int}\,\Delta$ (compared coordinatewise after division by $p_i$))")
      .over(with_srct(Domain().dims(2).simplex("p")).points([](int S) {
        return zero_coefficient_points_with(S, {{"p", geometric(S, 1e-4)}});
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> m = srct_model(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> g = ad_gradient<T>([&m](const auto& x) { return jtilde_of(m, x); }, p);
        const T gbar = p.dot(g);
        const Vec<T> F = srct_boxed_drift(m, p);
        const Vec<T> mag = score_magnitudes(m, p);
        Vec<T> lhs(p.size()), rhs(p.size()), scale(p.size());
        T total(0), total_scale(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          lhs(i) = g(i) - gbar;
          rhs(i) = F(i) / p(i);
          scale(i) = mag(i) + mag.maxCoeff() + m.barrier() * abs(mean_log(p));
          total += F(i);
          total_scale += p(i) * scale(i);
        }
        return worst(eq_scaled<T>(lhs, rhs, scale), eq<T>(total, T(0), total_scale));
      });
}

// ============================================================================================================
// §C.3 Operator facts for S and E
// ============================================================================================================

// App. C §C.3 "Selection covariance S(p)": S(p)1 = 0 and vᵀS(p)v = Var_p(V).
DCRV_CLAIM(claim_S_kernel_variance) {
  return forall("C.S-kernel-variance", Kind::identity)
      .where(R"w(App. C §C.3 "Selection covariance S(p)")w")
      .statement(
          R"(S(p)\mathbf 1=0$ and $v^\top S(p)v=\operatorname{Var}_p(V)=\sum_ip_i(v_i-\bar v)^2$, $\bar v=\sum_ip_iv_i$, for all $p$ in the closed simplex and $v\in\mathbb R^K$)")
      .over(Domain().dims(2).simplex("p", true).vector("v", 3.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p"), v = a.vec("v");
        const Mat<T> s = selection_covariance(p);
        const T vbar = p.dot(v);
        T var(0), mag(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          var += p(i) * (v(i) - vbar) * (v(i) - vbar);
          mag += p(i) * v(i) * v(i);
        }
        const Vec<T> s1 = s * Vec<T>::Ones(p.size());
        return worst(eq<T>(s1, Vec<T>::Zero(p.size()), p.maxCoeff()), eq<T>(T(v.dot(s * v)), var, mag));
      });
}

// App. C §C.3, boxed: ‖S(p)‖_{2→2} ≤ 1/2.
DCRV_CLAIM(claim_S_norm_half) {
  return forall("C.S-norm-half", Kind::bound)
      .where("App. C §C.3, boxed (left)")
      .statement(
          R"(\|S(p)\|_{2\to2}\le c$ for all $p$ in the closed simplex, $c=\tfrac12$ (attained at $p=(\tfrac12,\tfrac12,0,\dots,0)$))")
      .constant("c", 0.5, Role::upper, "bound on the spectral norm of S(p)")
      .over(Domain().dims(2).simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return le<T>(spectral_norm<T>(selection_covariance<T>(a.simplex("p"))), k("c"));
      });
}

// App. C §C.3, boxed: ‖S(p) − S(q)‖_{2→2} ≤ 3‖p − q‖₂.
DCRV_CLAIM(claim_S_lipschitz_3) {
  return forall("C.S-lipschitz-3", Kind::bound)
      .where("App. C §C.3, boxed (right)")
      .statement(
          R"(\|S(p)-S(q)\|_{2\to2}\le c\,\|p-q\|_2$ for all $p,q$ in the closed simplex, $c=3$ ($S(p)-S(q)=\operatorname{diag}(d)-pd^\top-dq^\top$, $d=p-q$))")
      .constant("c", 3.0, Role::upper, "Lipschitz constant of S")
      .over(Domain().dims(2).simplex("p", true).simplex("q", true).points([](int S) {
        std::vector<Assign> pts;
        for (double h : {1e-6, 1e-2, 0.2}) {
          std::vector<double> x(S, 0.0), y(S, 0.0);
          x[0] = 1, y[0] = 1 - h, y[1] = h;
          pts.push_back({{"p", x}, {"q", y}});
        }
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p"), q = a.simplex("q");
        const Vec<T> d = p - q;
        return le<T>(spectral_norm<T>(selection_covariance_difference<T>(p, q, d)), k("c") * d.norm());
      });
}

// App. C §C.3 "Entropic vector E(p)", boxed Jacobian: J_E(p)v = diag(1 + log p − ⟨log p⟩)v − p⟨1 + log p, v⟩.
DCRV_CLAIM(claim_JE_formula) {
  return forall("C.JE-formula", Kind::identity)
      .where(R"w(App. C §C.3 "Entropic vector E(p)", boxed Jacobian)w")
      .statement(
          R"(J_E(p)v=\operatorname{diag}(\mathbf 1+\log p-\langle\log p\rangle)v-p\,\langle\mathbf 1+\log p,v\rangle$ for $p\in\Delta^{K-1}_{\delta_\star}$ (every interior $p$, down to $10^{-40}$ from a face) and $v\in\mathbb R^K$, $J_E$ the ambient Jacobian of $E(p)=p\odot(\log p-\sum_jp_j\log p_j)$ by automatic differentiation; compared coordinatewise)")
      .over(Domain().dims(2).simplex("p").vector("v", 2.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p"), v = a.vec("v");
        auto E = [](const auto& x) {
          using X = elem_t<decltype(x)>;
          X m(0);
          for (const auto& xi : x)
            m += xi * log(xi);
          std::vector<X> e(x.size());
          for (std::size_t i = 0; i < x.size(); ++i)
            e[i] = x[i] * (log(x[i]) - m);
          return e;
        };
        const Vec<T> jv = ad_jvp<T>(E, p, v);
        const T ml = mean_log(p);
        T inner(0), inner_mag(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          inner += (T(1) + log(p(i))) * v(i);
          inner_mag += (T(1) + abs(log(p(i)))) * abs(v(i));
        }
        Vec<T> formula(p.size()), scale(p.size());
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          formula(i) = (T(1) + log(p(i)) - ml) * v(i) - p(i) * inner;
          scale(i) = (T(1) + abs(log(p(i))) + abs(ml)) * abs(v(i)) + p(i) * inner_mag;
        }
        return eq_scaled<T>(jv, formula, scale);
      });
}

// App. C §C.3, boxed: ‖E(p) − E(q)‖₂ ≤ (2 + √K)Λ‖p − q‖₂ on Δ_δ⋆, Λ = 1 + log(1/δ⋆).
DCRV_CLAIM(claim_E_lipschitz) {
  return forall("C.E-lipschitz", Kind::bound)
      .where("App. C §C.3, boxed (entropic vector)")
      .statement(
          R"(\|E(p)-E(q)\|_2\le(a+\sqrt K)\,\Lambda\,\|p-q\|_2$, $\Lambda=\ell+\log(1/\delta_\star)$, for all $K\ge2$, $\delta_\star\in(0,1/K)$ (from $10^{-30}$), $p,q\in\Delta^{K-1}_{\delta_\star}$; $a=2$, $\ell=1$ ($E(p)-E(q)$ formed without cancellation))")
      .constant("two", 2.0, Role::upper, "additive constant a in (a + √K)")
      .constant("lambda_add", 1.0, Role::upper, "additive constant ℓ in Λ = ℓ + log(1/δ⋆)")
      .over(vertex_and_midpoint_pairs_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a);
        const Vec<T> x = a.simplex("x"), y = a.simplex("y");
        const Vec<T> p = trim(x, delta), q = trim(y, delta);
        const Vec<T> d = trimmed_free_mass(a.S(), delta) * (x - y);
        const T Lambda = k("lambda_add") + log(T(1) / delta);
        return le<T>(entropy_drift_difference(p, q, d).norm(),
                     (k("two") + sqrt(T(a.S()))) * Lambda * d.norm());
      });
}

// ============================================================================================================
// §C.4 Lipschitz bound of the drift
// ============================================================================================================

// App. C §C.4 (appC:lipschitz-F), boxed: ‖F(p) − F(q)‖₂ ≤ (½L_φ + 3M_φ,2 + C_A)‖p − q‖₂ on Δ_δ⋆.
DCRV_CLAIM(claim_F_lipschitz) {
  return forall("C.F-lipschitz", Kind::bound)
      .where("App. C §C.4 (appC:lipschitz-F), boxed")
      .statement(
          R"(\|F(p)-F(q)\|_2\le\bigl(h\,L_\phi+t\,M_{\phi,2}+C_A\bigr)\|p-q\|_2$ on $\Delta^{K-1}_{\delta_\star}$ with $L_\phi=2\lambda\beta\|K\|_{2\to2}$, $M_{\phi,2}=\sup_{\Delta_{\delta_\star}}\|\phi_A\|_2$ (exact: max over the vertices of $\Delta_{\delta_\star}$), $C_A=A(a+\sqrt K)(\ell+\log\tfrac1{\delta_\star})$; $h=\tfrac12$, $t=3$, $a=2$, $\ell=1$; random instances (PSD $K$, coefficients in $[0,3]$), $\delta_\star\in(0,1/K)$, every $K\ge2$)")
      .constant("half", 0.5, Role::upper, "coefficient of L_phi")
      .constant("three", 3.0, Role::upper, "coefficient of M_phi,2")
      .constant("two", 2.0, Role::upper, "additive constant a in C_A = A (a + sqrt K) Lambda")
      .constant("lambda_add", 1.0, Role::upper, "additive constant in Lambda = l + log(1/delta)")
      .over(with_srct(vertex_and_midpoint_pairs_domain()).points([](int S) {
        std::vector<Assign> pts = zero_coefficient_points(S);
        for (auto& p : pts) {
          std::vector<double> x(S, 0.0), y(S, 0.0);
          x[0] = 0.5 + 1e-3, x[1] = 0.5 - 1e-3, y[0] = 0.5 - 1e-3, y[1] = 0.5 + 1e-3;
          p["x"] = x, p["y"] = y, p["delta"] = {1e-6};
        }
        // F = S(p)U next to a vertex (A = λβ = 0): ‖(S(p)−S(q))U‖ = √2 M_φ,2 ‖p−q‖ in the limit, U = (1, −1,
        // 0, …)
        Assign vertex = zero_coefficient_points(S).back(); // every coefficient zero
        std::vector<double> x(S, 0.0), y(S, 0.0), u(S, 0.0);
        x[0] = 1, y[0] = 1 - 1e-6, y[1] = 1e-6, u[0] = 1, u[1] = -1;
        vertex["x"] = x, vertex["y"] = y, vertex["U"] = u, vertex["delta"] = {1e-30};
        pts.push_back(vertex);
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const SrctParams<T> m = srct_model(a);
        const T delta = capped_delta(a);
        const int S = a.S();
        const Vec<T> x = a.simplex("x"), y = a.simplex("y");
        const Vec<T> p = trim(x, delta), q = trim(y, delta);
        const Vec<T> d = trimmed_free_mass(S, delta) * (x - y);
        // F(p) − F(q) = (S(p) − S(q))φ(p) + S(q)(φ(p) − φ(q)) − A(E(p) − E(q)), φ(p) − φ(q) = −2λβKd.
        const Vec<T> dphi = -T(2) * m.lambda * m.beta * (m.K * d);
        const Vec<T> dF = selection_covariance_difference(p, q, d) * srct_score(m, p) +
                          selection_covariance(q) * dphi - m.barrier() * entropy_drift_difference(p, q, d);
        const T L_phi = T(2) * m.lambda * m.beta * spectral_norm<T>(m.K);
        const T C_A = m.barrier() * (k("two") + sqrt(T(S))) * (k("lambda_add") + log(T(1) / delta));
        const T bound = k("half") * L_phi + k("three") * score_sup_trimmed(m, delta, true) + C_A;
        return le<T>(T(dF.norm()), bound * d.norm());
      });
}

// ============================================================================================================
// §C.5 Mass balance and the log-ratio identity (pointwise)
// ============================================================================================================

// App. C §C.5 (sec:C.3), boxed: Ṁ = (φ̄_A − A⟨log p⟩)(1 − M) for M = Σ p_i not assumed 1; M(0) = 1 ⇒ M ≡ 1.
DCRV_CLAIM(claim_mass_balance) {
  return forall("C.mass-balance", Kind::identity)
      .where("App. C §C.5 (sec:C.3), boxed")
      .statement(
          R"(\sum_iF_i(r)=\bigl(\sum_ir_i\phi_{A,i}(r)-A\langle\log r\rangle\bigr)(1-M)$, $M=\sum_ir_i$, for every positive vector $r$ ($r=Mq$, $q\in\mathrm{int}\,\Delta$, $M\in[10^{-2},10^2]$), with $F(r)=S(r)\phi_A(r)-AE(r)$, $S(r)=\operatorname{diag}(r)-rr^\top$, $E(r)=r\odot(\log r-\langle\log r\rangle)$, $\langle\log r\rangle=\sum_ir_i\log r_i$; the right side vanishes at $M=1$, so $M(0)=1$ gives $\dot M\equiv0$ (uniqueness for the scalar linear ODE))")
      .over(with_srct(Domain().dims(2).simplex("q").real("M", 1e-2, 1e2, true)).points([](int S) {
        auto pts = zero_coefficient_points_with(S, {{"M", {1.0}}});
        auto more = zero_coefficient_points_with(S, {{"M", {3.0}}, {"q", geometric(S, 1e-3)}});
        pts.insert(pts.end(), more.begin(), more.end());
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> m = srct_model(a);
        const T M = a.real("M");
        const Vec<T> r = M * a.simplex("q");
        const Vec<T> phi = srct_score(m, r);
        const Vec<T> F = srct_boxed_drift(m, r);
        const T lhs = F.sum();
        const T rhs = (r.dot(phi) - m.barrier() * mean_log(r)) * (T(1) - r.sum());
        T scale(0);
        for (Eigen::Index i = 0; i < r.size(); ++i)
          scale += r(i) * (abs(phi(i)) + m.barrier() * (abs(log(r(i))) + abs(mean_log(r)))) * (T(1) + M);
        return eq<T>(lhs, rhs, scale);
      });
}

// App. C §C.5, boxed (eq:C-VoC), first part: ż = d_ij − A z for z = log(p_i/p_j) along ṗ = F(p).
DCRV_CLAIM(claim_logratio_identity) {
  return forall("C.logratio-identity", Kind::identity)
      .where("App. C §C.5, boxed (eq:C-VoC)")
      .statement(
          R"(\frac{d}{dt}\log\frac{p_i}{p_j}=\frac{F_i(p)}{p_i}-\frac{F_j(p)}{p_j}=d_{ij}(p)-A\,z_{ij}$ with $d_{ij}=(U_i-U_j)-2\lambda\beta((Kp)_i-(Kp)_j)+\beta_{\mathrm{KL}}\log\frac{p_{\mathrm{base},i}}{p_{\mathrm{base},j}}$, for all pairs $i\ne j$ at every $p\in\mathrm{int}\,\Delta$ ($F=S(p)\phi_A-AE(p)$ from its matrix form); and the variation-of-constants formula $z(t)=z(0)e^{-At}+\int_0^te^{-A(t-s)}d_{ij}(s)\,ds$ along trajectories of the SRCT flow with $K=0$ (then $d_{ij}$ is constant and the integral is $d_{ij}(1-e^{-At})/A$, or $d_{ij}t$ for $A=0$), at every accepted step of $[0,3]$, starts down to $10^{-40}$ from a face, every $K\ge2$)")
      .over(with_srct(Domain().dims(2).simplex("p")).points([](int S) {
        return zero_coefficient_points_with(S, {{"p", geometric(S, 1e-5)}});
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> m = srct_model(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> F = srct_boxed_drift(m, p);
        const Vec<T> Kp = m.K * p;
        const Vec<T> mag = score_magnitudes(m, p);
        T worst_res(0);
        for (Eigen::Index i = 0; i < p.size(); ++i)
          for (Eigen::Index j = 0; j < p.size(); ++j) {
            if (i == j)
              continue;
            const T dij = (m.U(i) - m.U(j)) - T(2) * m.lambda * m.beta * (Kp(i) - Kp(j)) +
                          m.beta_kl * log(m.p_base(i) / m.p_base(j));
            const T lhs = F(i) / p(i) - F(j) / p(j);
            const T rhs = dij - m.barrier() * log(p(i) / p(j));
            const T scale = mag(i) + mag(j) + T(2) * mag.maxCoeff();
            worst_res = std::max<T>(worst_res, T(abs(T(lhs - rhs)) / scale));
          }
        return eq<T>(worst_res, T(0), T(1));
      })
      .and_holds("variation of constants along trajectories (K = 0)",
                 Domain()
                     .dims(2)
                     .simplex("p0")
                     .vector("U", 2.0)
                     .simplex("pb")
                     .real("A0", 0.0, 3.0)
                     .real("beta_kl", 0.0, 3.0),
                 along_trajectory(
                     3.0,
                     []<class T>(const Args<T>& a, const Consts<T>&) -> RateField<T> {
                       SrctParams<T> m;
                       m.U = a.vec("U");
                       m.K = Mat<T>::Zero(a.S(), a.S());
                       m.p_base = a.simplex("pb");
                       m.beta_kl = a.real("beta_kl");
                       m.eps = a.real("A0"); // A = ε + β_KL
                       return srct_field(m);
                     },
                     []<class T>(const Args<T>& a, const Consts<T>&) { return a.simplex("p0"); },
                     []<class T>(const Args<T>& a, const Consts<T>&, const T& t, const Vec<T>& p) {
                       const Vec<T> U = a.vec("U"), pb = a.simplex("pb"), p0 = a.simplex("p0");
                       const T bkl = a.real("beta_kl"), A = a.real("A0") + bkl;
                       const T decay = exp(-A * t);
                       const T integral_factor = A > 0 ? T((T(1) - decay) / A) : t; // ∫₀ᵗ e^{−A(t−s)} ds
                       T worst_res(0);
                       const Eigen::Index S = p.size();
                       for (Eigen::Index i = 0; i < S; ++i) {
                         const Eigen::Index j = (i + 1) % S;
                         const T d = (U(i) - U(j)) + bkl * log(pb(i) / pb(j));
                         const T z0 = log(p0(i) / p0(j));
                         const T z = log(p(i) / p(j));
                         const T voc = z0 * decay + d * integral_factor;
                         const T scale = abs(z0) + abs(d) * integral_factor + T(1);
                         worst_res = std::max<T>(worst_res, T(abs(T(z - voc)) / scale));
                       }
                       return eq<T>(worst_res, T(0), T(1));
                     }))
      .effort(0.1);
}

// ============================================================================================================
// §C.7 Entropy face gap, face inequality, coarse BD, degenerate floor
// ============================================================================================================

/// ⟨log p⟩ − log δ = Σ_j p_j log(p_j/δ) (Σ p = 1): the face gap objective without cancellation.
template <class T> T face_gap_at(const Vec<T>& p, const T& delta) {
  T s(0);
  for (Eigen::Index j = 0; j < p.size(); ++j)
    s += p(j) * log(p(j) / delta);
  return s;
}
Domain facet_point_domain() {
  return Domain().dims(2).real("delta", floor_range(), true).simplex("q", true).index("i").points([](int S) {
    std::vector<Assign> pts;
    for (double d : {1e-30, 1e-6, 0.5 / S, 0.99 / S}) {
      pts.push_back({{"delta", {d}}, {"q", std::vector<double>(S, 1.0)}}); // the equal split
      std::vector<double> v(S, 0.0);
      v[S - 1] = 1;
      pts.push_back({{"delta", {d}}, {"q", v}}); // a vertex of the face
    }
    return pts;
  });
}

// App. C §C.7 (sec:C.2), boxed: on the face {p_i = δ⋆} of Δ_δ⋆, ⟨log p⟩ − log δ⋆ ≥ L_K(δ⋆) > 0 (δ⋆ < 1/K).
DCRV_CLAIM(claim_face_gap_positive) {
  return forall("C.face-gap-positive", Kind::identity)
      .where("App. C §C.7 (sec:C.2), boxed entropy face gap")
      .statement(
          R"(\langle\log p\rangle-\log\delta_\star\ge L_K(\delta_\star)=(1-\delta_\star)\log\frac{1-\delta_\star}{(K-1)\delta_\star}$ for every $p\in\Delta^{K-1}_{\delta_\star}$ with $p_i=\delta_\star$, with equality at the equal split $p_j=\frac{1-\delta_\star}{K-1}$ ($j\ne i$); and $L_K(\delta_\star)\ge1-K\delta_\star>0$ for $\delta_\star<1/K$ (from $\log(1+x)\ge x/(1+x)$); $\delta_\star\in(10^{-30},1/K)$, every $K\ge2$)")
      .over(facet_point_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T delta = capped_delta(a);
        const Vec<T> p = facet_point(a.simplex("q"), a.index("i"), delta);
        return ge<T>(face_gap_at(p, delta), face_gap(a.S(), delta));
      })
      .and_holds("equality at the equal split", facet_point_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const T delta = capped_delta(a);
                   const Vec<T> p = facet_point(Vec<T>(Vec<T>::Ones(a.S())), a.index("i"), delta);
                   const T L = face_gap(a.S(), delta);
                   return eq<T>(face_gap_at(p, delta), L, T(L + delta * abs(log(delta))));
                 })
      .and_holds("positivity: L_K >= 1 - K delta", facet_point_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const T delta = capped_delta(a);
                   return ge<T>(face_gap(a.S(), delta), trimmed_free_mass(a.S(), delta));
                 });
}

// App. C §C.7, boxed (eq:C-face-gap): at p ∈ Δ_δ⋆ with p_i = δ⋆, F_i(p) ≥ δ⋆(A L_K(δ⋆) − (φ_A,i − φ̄_A)⁻).
DCRV_CLAIM(claim_face_inequality) {
  return forall("C.face-inequality", Kind::bound)
      .where("App. C §C.7, boxed (eq:C-face-gap)")
      .statement(
          R"(F_i(p)\ge\delta_\star\bigl(A\,L_K(\delta_\star)-(\phi_{A,i}(p)-\overline{\phi_A}(p))^-\bigr)$ at every $p\in\Delta^{K-1}_{\delta_\star}$ with $p_i=\delta_\star$, $x^-=\max(-x,0)$, $F=S(p)\phi_A-AE(p)$; random instances (PSD $K$, coefficients in $[0,3]$), $\delta_\star\in(10^{-30},1/K)$, every $K\ge2$)")
      .over(with_srct(facet_point_domain()).points([](int S) {
        return zero_coefficient_points_with(S, {{"q", std::vector<double>(S, 1.0)}, {"delta", {1e-3 / S}}});
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> m = srct_model(a);
        const T delta = capped_delta(a);
        const int i = a.index("i");
        const Vec<T> p = facet_point(a.simplex("q"), i, delta);
        const Vec<T> phi = srct_score(m, p);
        const Vec<T> F = srct_boxed_drift(m, p);
        const T centred = phi(i) - p.dot(phi);
        const T neg = centred < 0 ? T(-centred) : T(0);
        const T rhs = delta * (m.barrier() * face_gap(a.S(), delta) - neg);
        const T scale = delta * (abs(centred) + m.barrier() * (face_gap_at(p, delta) + abs(log(delta))));
        return ge<T>(F(i), rhs, T(1e-12) * scale);
      });
}

// App. C §C.7 "Coarse sufficient BD": |φ_A,i − φ̄_A| ≤ 2‖φ_A‖_∞, hence A L_K ≥ 2 sup‖φ_A‖_∞ implies (eq:C-BD).
DCRV_CLAIM(claim_BD_coarse_sufficient) {
  return forall("C.BD-coarse-sufficient", Kind::bound)
      .where(R"w(App. C §C.7 "Coarse sufficient BD")w")
      .statement(
          R"(|\phi_i-\bar\phi(p)|\le c\,\|\phi\|_\infty$ for every $\phi\in\mathbb R^K$ and $p$ in the closed simplex, $c=2$ (equality at a vertex $p=e_j$ with $\phi_i=-\phi_j$); hence, for constant scores ($K_{\mathrm{ker}}=0$), $M^{\mathrm{face}}_{\mathrm{eff}}$ (exact: the max over the vertices of the faces of $\Delta_{\delta_\star}$) $\le c\sup_{\Delta_{\delta_\star}}\|\phi_A\|_\infty$, so $A L_K\ge c\sup\|\phi_A\|_\infty$ implies (eq:C-BD))")
      .constant("c", 2.0, Role::upper, "coefficient of ||phi||_inf")
      .over(Domain().dims(2).simplex("p", true).vector("phi", 2.0).index("i").points([](int S) {
        std::vector<double> v(S, 0.0), phi(S, 1.0);
        v[0] = 1;
        phi[S - 1] = -1;
        return std::vector<Assign>{{{"p", v}, {"phi", phi}, {"i", {static_cast<double>(S - 1)}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p"), phi = a.vec("phi");
        return le<T>(T(abs(T(phi(a.index("i")) - p.dot(phi)))), k("c") * norm_inf(phi));
      })
      .and_holds("M_eff^face <= c sup ||phi||_inf for constant scores",
                 Domain().dims(2).vector("phi", 2.0).real("delta", floor_range(), true),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const Vec<T> phi = a.vec("phi");
                   const int S = a.S();
                   const T delta = capped_delta(a);
                   // φ̄ at the face vertex v = δ1 + (1 − Kδ)e_j: δΣφ + (1 − Kδ)φ_j; the face of i contains v
                   // for j ≠ i.
                   T meff(0);
                   for (int i = 0; i < S; ++i)
                     for (int j = 0; j < S; ++j) {
                       if (j == i)
                         continue;
                       const T centred = phi(i) - (delta * phi.sum() + trimmed_free_mass(S, delta) * phi(j));
                       meff = std::max<T>(meff, T(-centred));
                     }
                   return le<T>(meff, k("c") * norm_inf(phi));
                 });
}

// App. C §C.7 "Degenerate floor": δ⋆ = 1/K gives L_K(δ⋆) = 0 and Δ_δ⋆ = {(1/K, …, 1/K)}.
DCRV_CLAIM(claim_degenerate_floor) {
  return forall("C.degenerate-floor", Kind::identity)
      .where(R"w(App. C §C.7 "Degenerate floor")w")
      .statement(
          R"(L_K(1/K)=(1-\tfrac1K)\log\frac{1-1/K}{(K-1)/K}=0$ (the paper's closed form evaluated at $\delta_\star=1/K$ exactly), and $\Delta^{K-1}_{1/K}=\{\tfrac1K\mathbf 1\}$: for every $p$ in the closed simplex $\max_ip_i-\tfrac1K\le(K-1)(\tfrac1K-\min_ip_i)$, so $\min_ip_i\ge\tfrac1K$ forces $p=\tfrac1K\mathbf 1$; every $K\ge2$)")
      .over(Domain().dims(2).simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S();
        const T delta = T(1) / T(S);
        const T L = (T(1) - delta) * log((T(1) - delta) / (T(S - 1) * delta));
        const Vec<T> p = a.simplex("p");
        const T u = T(1) / T(S);
        return worst(eq<T>(L, T(0), T(1)), le<T>(T(p.maxCoeff() - u), T(S - 1) * (u - p.minCoeff()), u));
      });
}

// ============================================================================================================
// §C.9 Single-site score fields (pointwise)
// ============================================================================================================

/// The separable scores of §C.9: f_i(s) = a_i − b_i s − c_i s³ (b_i, c_i ≥ 0: decreasing), g_i = f_i − A log
/// s.
template <class T> struct SingleSite {
  Vec<T> a, b, c;
  T A{0};
  template <class X> X f(int i, const X& s) const { return X(a(i)) - X(b(i)) * s - X(c(i)) * s * s * s; }
  template <class X> X g(int i, const X& s) const { return f(i, s) - X(A) * log(s); }
  /// Ψ_i(s) = ∫ g_i = a s − b s²/2 − c s⁴/4 − A(s log s − s) (s₀ = 0).
  template <class X> X Psi(int i, const X& s) const {
    return X(a(i)) * s - X(b(i)) * s * s / X(2) - X(c(i)) * s * s * s * s / X(4) - X(A) * (s * log(s) - s);
  }
};
Domain with_single_site(Domain d) {
  d.vector("a", 1.0).vector("b", 2.0).vector("cc", 1.0).real("A", 0.0, 2.0);
  return d;
}
template <class T> SingleSite<T> single_site(const Args<T>& a) {
  return {a.vec("a"), a.vec("b").cwiseAbs(), a.vec("cc").cwiseAbs(), a.real("A")};
}

// App. C §C.9 (sec:C.single-site), boxed: d/dt L_ψ(p(t)) = Σ_i p_i (g_i(p_i) − ḡ(p))² ≥ 0.
DCRV_CLAIM(claim_single_site_lyapunov) {
  return forall("C.single-site-lyapunov", Kind::identity)
      .where("App. C §C.9 (sec:C.single-site), boxed")
      .statement(
          R"(DL_\psi(p)[F(p)]=\sum_ip_i\bigl(g_i(p_i)-\bar g(p)\bigr)^2\ge0$ for the SRCT drift $F=S(p)\phi-AE(p)$ with separable scores $\phi_i=f_i(p_i)$, $f_i(s)=a_i-b_is-c_is^3$ ($b_i,c_i\ge0$), $g_i=f_i-A\log s$, $L_\psi=\sum_i\Psi_i(p_i)$, $\Psi_i'=g_i$ (closed form); the left side by automatic differentiation of $L_\psi$ along $F$; $A\in[0,2]$, every $p\in\mathrm{int}\,\Delta$, every $K\ge2$)")
      .over(with_single_site(Domain().dims(2).simplex("p")))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SingleSite<T> m = single_site(a);
        const Vec<T> p = a.simplex("p");
        const int S = a.S();
        Vec<T> phi(S);
        for (int i = 0; i < S; ++i)
          phi(i) = m.f(i, p(i));
        const Vec<T> F = selection_covariance(p) * phi - m.A * entropy_drift(p);
        auto L = [&m](const auto& x) {
          using X = elem_t<decltype(x)>;
          X s(0);
          for (std::size_t i = 0; i < x.size(); ++i)
            s += m.Psi(static_cast<int>(i), x[i]);
          return s;
        };
        const T dL = ad_directional<T>(L, p, F);
        Vec<T> g(S);
        for (int i = 0; i < S; ++i)
          g(i) = m.g(i, p(i));
        const T gbar = p.dot(g);
        T squares(0), scale(0);
        for (int i = 0; i < S; ++i) {
          squares += p(i) * (g(i) - gbar) * (g(i) - gbar);
          scale += p(i) * (abs(g(i)) + abs(gbar)) * (abs(g(i)) + abs(gbar));
        }
        return worst(eq<T>(dL, squares, scale), ge<T>(squares, T(0)));
      });
}

// App. C §C.9, regime A > 0: f_i' ≤ 0 on [δ⋆, 1] ⇒ g_i'(s) ≤ −A, so D²L_ψ ≼ −A I (A-strong concavity).
DCRV_CLAIM(claim_single_site_strong_concavity) {
  return forall("C.single-site-strong-concavity", Kind::bound)
      .where("App. C §C.9, paragraph \"Regime A > 0\"")
      .statement(
          R"(g_i'(s)=f_i'(s)-A/s\le-m\,A$ for $s\in[\delta_\star,1]$, and $v^\top D^2\mathcal L_\psi(p)v=\sum_ig_i'(p_i)v_i^2\le-m\,A\|v\|_2^2$ for $p\in\Delta_{\delta_\star}$, $v\in T$; decreasing $f_i(s)=a_i-b_is-c_is^3$ ($b_i,c_i\ge0$, $f_i'\le0$; $b=c=0$ included), $A\in[0,2]$, derivatives by automatic differentiation; $m=1$ (sharp at $s=1$, $f'(1)=0$))")
      .constant("m", 1.0, Role::lower, "strong-concavity modulus in units of A")
      .over(with_single_site(Domain().dims(2).real("s", 1e-30, 1.0, true).index("i")).points([](int S) {
        return std::vector<Assign>{{{"s", {1.0}}, {"A", {1.0}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const SingleSite<T> m = single_site(a);
        const int i = a.index("i");
        const Vec<T> s = Vec<T>::Constant(1, a.real("s"));
        const T gp = ad_directional<T>([&m, i](const auto& x) { return m.g(i, x[0]); }, s, Vec<T>::Ones(1));
        return le<T>(gp, -k("m") * m.A);
      })
      .and_holds("Hessian on T",
                 with_single_site(
                     Domain().dims(2).simplex("q", true).tangent("v").real("delta", floor_range(), true)),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const SingleSite<T> m = single_site(a);
                   const T delta = capped_delta(a);
                   const Vec<T> p = trim(a.simplex("q"), delta), v = a.tangent("v");
                   T quad(0);
                   for (int i = 0; i < a.S(); ++i) {
                     const Vec<T> s = Vec<T>::Constant(1, p(i));
                     quad += ad_directional<T>([&m, i](const auto& x) { return m.g(i, x[0]); }, s,
                                               Vec<T>::Ones(1)) *
                             v(i) * v(i);
                   }
                   return le<T>(quad, -k("m") * m.A * v.squaredNorm());
                 });
}

// ============================================================================================================
// §C.10 Safe denominators
// ============================================================================================================

// App. C §C.10 (appC:safe-denominators), boxed: aᵀp ≥ δ⋆‖a‖₁ for a ∈ ℝ₊^K∖{0}, p ∈ Δ_δ⋆.
DCRV_CLAIM(claim_safe_denominators) {
  return forall("C.safe-denominators", Kind::bound)
      .where("App. C §C.10 (appC:safe-denominators), boxed")
      .statement(
          R"(a^\top p\ge c\,\delta_\star\|a\|_1$ for every $a\in\mathbb R^K_+\setminus\{0\}$ (sparse included) and $p\in\Delta^{K-1}_{\delta_\star}$, $\delta_\star\in(10^{-30},1/K]$, every $K\ge2$; $c=1$ (equality at $a=e_i$, $p_i=\delta_\star$))")
      .constant("c", 1.0, Role::lower, "coefficient of delta ||a||_1")
      .over(Domain()
                .dims(2)
                .simplex("w", true)
                .simplex("q", true)
                .real("delta", floor_range(), true)
                .points([](int S) {
                  std::vector<double> e(S, 0.0), v(S, 0.0);
                  e[0] = 1, v[S - 1] = 1;
                  return std::vector<Assign>{{{"w", e}, {"q", v}, {"delta", {0.1 / S}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a);
        const Vec<T> w = a.simplex("w"), p = trim(a.simplex("q"), delta); // a = w (scale-free: ‖w‖₁ = 1)
        return ge<T>(w.dot(p), k("c") * delta * norm1(w));
      });
}

} // namespace
} // namespace dcrv
