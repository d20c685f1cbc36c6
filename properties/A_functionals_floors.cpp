// Appendix A — the identity / bound / sharpness claims (appendix_A_aistats.tex §A.1–A.8): effective floors,
// canonical inequalities, entropy/KL/kernel/diversity calculus, the Shahshahani gradient, the Lyapunov and
// log-ratio identities checked pointwise, the inequalities of the global-convergence proof, single-site
// scores, the entropy face gap L_S and the BD tightness remark.
//
// Conventions of this file.
//  * Variational derivatives δJ/δp_i are the ambient partial derivatives of the formula of J extended to the
//    positive orthant (App. A (A2)–(A3)); they are computed here by forward-mode automatic differentiation
//    (dcrv/autodiff.hpp, nested for second derivatives), independently of the closed forms the paper states.
//  * Instances and random PSD kernels are read from the sample as in properties/domains/srct.hpp and
//  kernels.hpp
//    (K = k1 k1ᵀ + k2 k2ᵀ + diag(kd ⊙ kd): full-rank, rank-deficient, K = 0 and K = c·11ᵀ all occur).
//  * Flows are checked at a point: the replicator field ṗ at p, and d/dt J̃(p_t) = DJ̃[p]·ṗ by AD.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <utility>
#include <vector>

#include <Eigen/Eigenvalues>

#include "dcrv/autodiff.hpp"
#include "dcrv/equilibria.hpp"
#include "dcrv/linalg.hpp"
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

/// H[p] = −Σ p_i log p_i (0 log 0 := 0), for any element type (T or Dual).
template <class Xs> elem_t<Xs> entropy_of(const Xs& p) {
  using X = elem_t<Xs>;
  X h(0);
  for (const auto& x : p)
    if (x > X(0))
      h -= x * log(x);
  return h;
}
/// KL(p‖q) = Σ p_i log(p_i/q_i), q_i > 0.
template <class Xs, class T> elem_t<Xs> kl_of(const Xs& p, const Vec<T>& q) {
  using X = elem_t<Xs>;
  X s(0);
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > X(0))
      s += p[i] * log(p[i] / X(q(static_cast<Eigen::Index>(i))));
  return s;
}
/// Q[p] = pᵀ K p.
template <class Xs, class T> elem_t<Xs> quad_of(const Xs& p, const Mat<T>& K) {
  using X = elem_t<Xs>;
  X s(0);
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < p.size(); ++j)
      s += X(K(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j))) * p[i] * p[j];
  return s;
}
template <class T> std::vector<T> to_std(const Vec<T>& v) {
  return std::vector<T>(v.data(), v.data() + v.size());
}

/// The replicator field p ⊙ (F − E_p[F]) of a score vector F (eq. replicator).
template <class T> Vec<T> replicator(const Vec<T>& p, const Vec<T>& score) {
  const T mean = p.dot(score);
  Vec<T> r(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i)
    r(i) = p(i) * (score(i) - mean);
  return r;
}
/// Componentwise equality a_i = b_i, each relative to its own scale_i (the worst component decides).
template <class T> Ineq<T> eq_each(const Vec<T>& a, const Vec<T>& b, const Vec<T>& scale) {
  Ineq<T> w = eq<T>(a(0), b(0), scale(0));
  for (Eigen::Index i = 1; i < a.size(); ++i)
    w = worst(w, eq<T>(a(i), b(i), scale(i)));
  return w;
}
/// Σ_i |v_i| (a magnitude used as the scale of cancelling sums).
template <class T> T abs_sum(const Vec<T>& v) {
  return v.cwiseAbs().sum();
}

/// (1+r) log(1+r) − r ≥ 0 for r > −1, by its Taylor series Σ_{k≥2} (−r)^k/(k(k−1)) when |r| < 0.1.
template <class T> T xlogx_excess(const T& r) {
  if (!(r > T(-1)))
    return T(1); // the limit r → −1 (a zero coordinate)
  if (abs(r) >= T(0.1))
    return (T(1) + r) * log1p(r) - r;
  const T eps = std::numeric_limits<T>::epsilon();
  T sum(0), power = r * r;
  for (int k = 2; k < 400; ++k, power *= -r) {
    const T term = power / T(k * (k - 1));
    sum += term;
    if (abs(term) <= eps * abs(sum))
      break;
  }
  return sum;
}

// ---- the DCR objective of §A.5–A.6 (an SRCT instance, properties/domains/srct.hpp)
// --------------------------- J = U·p + λ(αH − βpᵀKp) − β_KL KL(p‖p_base) (§A.6) and J̃ = J + εH; A = ε + λα +
// β_KL.

/// J of §A.6 (without εH), for any element type: J̃ of the instance with ε = 0.
template <class T, class Xs> elem_t<Xs> J_of(const SrctParams<T>& m, const Xs& p) {
  SrctParams<T> j = m;
  j.eps = T(0);
  return jtilde_of(j, p);
}
/// U − 2λβKp − c_H(1 + log p) − β_KL(1 + log(p/p_base)): the §A.5 "Instantiation" score F for c_H = λα+ε,
/// δJ/δp of the §A.6 J for c_H = λα.
template <class T>
Vec<T> instantiation_score(const SrctParams<T>& m, const Vec<T>& p, const T& entropy_coef) {
  const Vec<T> Kp = m.K * p;
  Vec<T> f(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i)
    f(i) = m.U(i) - T(2) * m.lambda * m.beta * Kp(i) - entropy_coef * (T(1) + log(p(i))) -
           m.beta_kl * (T(1) + log(p(i) / m.p_base(i)));
  return f;
}
template <class T> Vec<T> F_instantiation(const SrctParams<T>& m, const Vec<T>& p) {
  return instantiation_score(m, p, T(m.lambda * m.alpha + m.eps));
}
/// F − ε(1 + log p): the score of eq. (GF-Jtilde) built from a score F.
template <class T> Vec<T> minus_eps_entropy(const SrctParams<T>& m, const Vec<T>& p, Vec<T> F) {
  for (Eigen::Index i = 0; i < p.size(); ++i)
    F(i) -= m.eps * (T(1) + log(p(i)));
  return F;
}
/// F̃ = F − ε(1 + log p) with F = δJ/δp of the §A.6 J (eq. GF-Jtilde, reading "F of §A.6").
template <class T> Vec<T> F_tilde(const SrctParams<T>& m, const Vec<T>& p) {
  return minus_eps_entropy(m, p, instantiation_score(m, p, T(m.lambda * m.alpha)));
}
/// Magnitude of the terms of the scores (scale for cancellation).
template <class T> T score_scale(const SrctParams<T>& m, const Vec<T>& p) {
  const Vec<T> Kp = m.K * p;
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s = std::max<T>(s, abs(m.U(i)) + T(2) * m.lambda * m.beta * abs(Kp(i)) +
                           m.barrier() * (T(1) + abs(log(p(i)))) + m.beta_kl * abs(log(m.p_base(i))));
  return s;
}

Domain objective_domain(bool closed_p = false) {
  return with_srct(Domain().simplex("p", closed_p));
}
/// A nontrivial instance, then the same with each coefficient pattern set to exact zeros (the edges of (A6)).
std::vector<Assign> objective_points(int S) {
  Assign base = srct_base_point(S);
  base["p"] = geometric(S, 0.5);
  std::vector<Assign> out = with_zero_sets(base, {{"eps"},
                                                  {"beta_kl"},
                                                  {"alpha"},
                                                  {"beta"},
                                                  {"lambda"},
                                                  {"eps", "beta_kl"},
                                                  {"alpha", "beta_kl"},
                                                  {"eps", "alpha"},
                                                  {"eps", "beta_kl", "alpha"},
                                                  {"eps", "beta_kl", "lambda"},
                                                  {"alpha", "beta", "lambda", "beta_kl", "eps"}});
  Assign face = base; // near a face / near a vertex
  face["p"] = geometric(S, 1e-6);
  out.push_back(face);
  return out;
}

/// Maximiser of J̃ on Δ for A > 0 (dcrv/equilibria.hpp), started at the exact maximiser for λβ = 0.
template <class T> Vec<T> jtilde_maximizer_of(const SrctParams<T>& m) {
  return jtilde_maximizer<T>(m, Vec<T>(srct_linear_score(m) / m.barrier())).p;
}

constexpr double kPi = std::numbers::pi;

// ============================================================================================================
// §A.2 Floors: policy vs. effective
// ============================================================================================================

// App. A §A.2 "Floors: policy vs. effective": δ_eff(p) = δ⋆/Σ_j max{p_j, δ⋆} ∈ [δ⋆/(1+(S−1)δ⋆), δ⋆].
DCRV_CLAIM(eff_floor_interval) {
  return forall("A.eff-floor-interval", Kind::bound)
      .where(R"(App. A §A.2 "Floors: policy vs. effective")")
      .statement(
          R"(\frac{\delta_\star}{1+c_1(S-1)\delta_\star}\le\delta_{\rm eff}(p)=\frac{\delta_\star}{\sum_j\max\{p_j,\delta_\star\}}\le c_2\,\delta_\star$ for all $S\ge2$, $p\in\Delta^{S-1}$ (closed), $\delta_\star\in(0,1]$; $c_1=c_2=1)")
      .constant("c_den", 1.0, Role::upper, "coefficient of (S-1)δ⋆ in the denominator of the lower end")
      .constant("c_up", 1.0, Role::upper, "coefficient of δ⋆ at the upper end")
      .over(Domain().simplex("p", true).real("dstar", 1e-12, 1.0, true).points([](int S) {
        std::vector<Assign> pts;
        for (double ds : {1.0, 1.0 / S, 0.5, 0.01, 1e-4}) {
          pts.push_back({{"p", unit_vec(S, 0)}, {"dstar", {ds}}});
          pts.push_back({{"p", std::vector<double>(S, 1.0)}, {"dstar", {ds}}});
        }
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ds = a.real("dstar");
        const T eff = effective_floor(a.simplex("p"), ds);
        const T lower = ds / (T(1) + k("c_den") * T(a.S() - 1) * ds);
        return worst(ge<T>(eff, lower), le<T>(eff, k("c_up") * ds));
      });
}

/// Σ_j max{p_j, δ⋆}
template <class T> T clip_mass(const Vec<T>& p, const T& ds) {
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s += p(i) > ds ? p(i) : ds;
  return s;
}
/// The closed simplex and δ⋆ ∈ (0, 1], with the vertex at δ⋆ = 1 and the uniform point at δ⋆ = 1/S.
Domain clip_mass_domain() {
  return Domain().simplex("p", true).real("dstar", 1e-12, 1.0, true).points([](int S) {
    return std::vector<Assign>{{{"p", unit_vec(S, 0)}, {"dstar", {1.0}}},
                               {{"p", std::vector<double>(S, 1.0)}, {"dstar", {1.0 / S}}}};
  });
}
/// lower_end ≤ Σ_j max{p_j, δ⋆} ≤ lower_end + c_hi(S−1)δ⋆ at the sampled p.
constexpr auto clip_mass_in_range = []<class T>(const Args<T>& a, const Consts<T>& k) {
  const T ds = a.real("dstar"), den = clip_mass(a.simplex("p"), ds);
  return worst(ge<T>(den, k("lower_end")), le<T>(den, k("lower_end") + k("c_hi") * T(a.S() - 1) * ds));
};
/// The upper end is the value at the vertex e_1.
constexpr auto clip_mass_upper_end_at_vertex = []<class T>(const Args<T>& a, const Consts<T>& k) {
  const T ds = a.real("dstar");
  return eq<T>(clip_mass(Vec<T>(Vec<T>::Unit(a.S(), 0)), ds), k("lower_end") + k("c_hi") * T(a.S() - 1) * ds);
};

// App. A §A.2, sentence after the δ_eff display: "the denominator ranges from 1 to 1+(S−1)δ⋆ (max at a
// vertex)", i.e. {Σ_j max{p_j,δ⋆} : p ∈ Δ} = [1, 1+(S−1)δ⋆] for δ⋆ ∈ (0,1]. Since Σ_j max{p_j,δ⋆} ≥ Σ_j p_j =
// 1 and ≥ Sδ⋆, and the uniform point u attains max{1, Sδ⋆}, min_Δ = max{1, Sδ⋆} = value at u; the lower end 1
// is therefore attained iff δ⋆ ≤ 1/S, and the literal range statement is checked by "value at u = 1".
DCRV_CLAIM(eff_floor_denominator_range) {
  return forall("A.eff-floor-denominator-range", Kind::sharpness)
      .where(R"(App. A §A.2 "Floors: policy vs. effective", justification of the interval)")
      .statement(
          R"(\{\sum_j\max\{p_j,\delta_\star\}:p\in\Delta^{S-1}\}=[m,\,m+c(S-1)\delta_\star]$ for all $\delta_\star\in(0,1]$, $m=c=1$: bounded by both ends, upper end attained at a vertex, lower end attained; the minimum over $\Delta$ is the value at the uniform point, $\max\{1,S\delta_\star\})")
      .constant("lower_end", 1.0, Role::lower, "claimed minimum of the denominator")
      .constant("c_hi", 1.0, Role::upper, "coefficient of (S-1)δ⋆ at the upper end")
      .over(clip_mass_domain())
      .holds(clip_mass_in_range)
      .and_holds("upper end attained at the vertex e_1",
                 Domain().real("dstar", 1e-12, 1.0, true).points([](int) {
                   return std::vector<Assign>{{{"dstar", {1.0}}}, {{"dstar", {0.5}}}};
                 }),
                 clip_mass_upper_end_at_vertex)
      .and_holds("lower end attained: min over the simplex (value at the uniform point) equals the lower end",
                 Domain().real("dstar", 1e-12, 1.0, true).points([](int S) {
                   return std::vector<Assign>{{{"dstar", {1.0}}}, {{"dstar", {0.5}}}, {{"dstar", {2.0 / S}}}};
                 }),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const Vec<T> u = Vec<T>::Constant(a.S(), T(1) / T(a.S()));
                   return eq<T>(clip_mass(u, a.real("dstar")), k("lower_end"));
                 });
}

// Reading: "ranges from 1 to 1+(S−1)δ⋆" as containment, with the upper end attained and the lower end
// attained exactly when Δ_{δ⋆} ≠ ∅ (δ⋆ ≤ 1/S).
DCRV_CLAIM(eff_floor_denominator_range_containment) {
  return forall("A.eff-floor-denominator-range~containment", Kind::sharpness)
      .where(R"(App. A §A.2 "Floors: policy vs. effective", justification of the interval)")
      .reading(
          "the denominator lies in [1, 1+(S-1)δ⋆] for δ⋆ ∈ (0,1], the upper end is attained at a vertex, "
          "the lower end 1 is attained for δ⋆ ≤ 1/S (only then)")
      .statement(
          R"(m\le\sum_j\max\{p_j,\delta_\star\}\le m+c(S-1)\delta_\star$ on $\Delta^{S-1}\times(0,1]$, with equality on the right at a vertex and, for $\delta_\star\le1/S$, on the left at the uniform point; $m=c=1)")
      .constant("lower_end", 1.0, Role::lower, "lower end of the range")
      .constant("c_hi", 1.0, Role::upper, "coefficient of (S-1)δ⋆ at the upper end")
      .over(clip_mass_domain())
      .holds(clip_mass_in_range)
      .and_holds("upper end attained at the vertex e_1", Domain().real("dstar", 1e-12, 1.0, true),
                 clip_mass_upper_end_at_vertex)
      .and_holds("lower end attained at the uniform point for δ⋆ ≤ 1/S",
                 Domain().real("dstar", floor_range(1e-12), true),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const Vec<T> u = Vec<T>::Constant(a.S(), T(1) / T(a.S()));
                   const T ds = std::min<T>(a.real("dstar"), T(1) / T(a.S()));
                   return eq<T>(clip_mass(u, ds), k("lower_end"));
                 });
}

// App. A §A.2: δ_eff is a floor of clip–renormalize: min_i 𝒞_{δ⋆}(p)_i ≥ δ_eff(p).
DCRV_CLAIM(eff_floor_is_floor) {
  return forall("A.eff-floor-is-floor", Kind::bound)
      .where(R"(App. A §A.2 "Floors: policy vs. effective", definition of $\delta_{\rm eff}$)")
      .statement(
          R"(\min_i\frac{\max\{p_i,\delta_\star\}}{\sum_j\max\{p_j,\delta_\star\}}\ge\delta_{\rm eff}(p)$ for all $p\in\Delta^{S-1}$ (closed), $\delta_\star\in(0,1])")
      .over(Domain().simplex("p", true).real("dstar", 1e-12, 1.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        const T ds = a.real("dstar");
        return ge<T>(clip_renormalize(p, ds).minCoeff(), effective_floor(p, ds));
      });
}

// ============================================================================================================
// §A.2 Canonical inequalities, Lemma lem:canonical-ineq
// ============================================================================================================

// App. A, Lemma lem:canonical-ineq (1): −log S ≤ ⟨log p⟩ ≤ 0 on Δ^{S−1}.
DCRV_CLAIM(meanlog_bounds) {
  return forall("A.meanlog-bounds", Kind::bound)
      .where("App. A, Lemma lem:canonical-ineq (1)")
      .statement(
          R"(-c\log S\le\langle\log p\rangle\le z$ for all $p\in\Delta^{S-1}$ (closed, $0\log0:=0$), $c=1$, $z=0)")
      .constant("c_logS", 1.0, Role::upper, "coefficient of log S in the lower bound")
      .constant("upper", 0.0, Role::upper, "upper bound on <log p>")
      .over(Domain().simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ml = mean_log(a.simplex("p"));
        // written as −⟨log p⟩ ≤ c log S and −⟨log p⟩ ≥ −z (positive sides, so the tightness is a ratio ≤ 1)
        return worst(le<T>(-ml, k("c_logS") * log(T(a.S()))), ge<T>(-ml, -k("upper")));
      });
}

/// δ ∈ (0, 1/S] and the two points trim(x, δ), trim(y, δ) of Δ_δ (δ is capped at 1/S in T), with the ∇²H
/// extremal pairs: two coordinates at (or next to) the floor, exchanged between p and q.
Domain floor_exchange_pairs_domain() {
  return Domain().real("delta", floor_range(), true).simplex("x", true).simplex("y", true).points([](int S) {
    // both coordinates 0 and 1 at (or next to) the floor, exchanged between p and q: the ∇²H extremal
    std::vector<Assign> pts;
    for (double d : {1e-30, 1e-8, 1e-3, 0.05 / S, 0.5 / S, 0.9 / S, 1.0 / S})
      for (double h : {1e-6, 1e-3}) {
        std::vector<double> x(S, 1.0), y(S, 1.0);
        x[0] = 0;
        x[1] = h;
        y[0] = h;
        y[1] = 0;
        if (S == 2)
          x = {h, 1 - h}, y = {1 - h, h};
        pts.push_back({{"delta", {d}}, {"x", x}, {"y", y}});
        std::vector<double> v(S, 0.0), w(S, 0.0); // near a vertex of Δ_δ
        v[0] = 1;
        w[0] = 1 - h;
        w[1] = h;
        pts.push_back({{"delta", {d}}, {"x", v}, {"y", w}});
      }
    return pts;
  });
}
/// trim(x,δ) − trim(y,δ) = (1−Sδ)(x − y), with the coordinate of largest mass set to minus the sum of the
/// others: near a vertex x_k, y_k ≈ 1 carry only absolute rounding, the small coordinates are relatively
/// exact, and the difference stays in T (Σ = 0) as it is exactly.
template <class T> Vec<T> trimmed_difference(const Vec<T>& x, const Vec<T>& y, const T& delta) {
  Eigen::Index k = 0;
  for (Eigen::Index i = 1; i < x.size(); ++i)
    if (std::max<T>(x(i), y(i)) > std::max<T>(x(k), y(k)))
      k = i;
  Vec<T> d = trimmed_free_mass(static_cast<int>(x.size()), delta) * (x - y);
  d(k) = T(0);
  d(k) = -d.sum();
  return d;
}

// App. A, Lemma lem:canonical-ineq (2), eq. (eq:gradH-lip): ‖∇H(p)−∇H(q)‖₂ ≤ (1/δ)‖p−q‖₂ on Δ_δ.
DCRV_CLAIM(gradH_lipschitz) {
  return forall("A.gradH-lipschitz", Kind::bound)
      .where("App. A, Lemma lem:canonical-ineq (2), eq. (eq:gradH-lip)")
      .statement(
          R"(\|\nabla H(p)-\nabla H(q)\|_2\le\frac{c}{\delta}\|p-q\|_2$, $\nabla H(r)=-(\mathbf 1+\log r)$, for all $S\ge2$, $\delta\in(0,1/S]$, $p,q\in\Delta^{S-1}_\delta$; $c=1)")
      .constant("c", 1.0, Role::upper, "coefficient of 1/δ")
      .over(floor_exchange_pairs_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a);
        const Vec<T> x = a.simplex("x"), y = a.simplex("y");
        const Vec<T> p = trim(x, delta), q = trim(y, delta);
        // p − q = (1−Sδ)(x − y); ∇H(p)_i − ∇H(q)_i = log q_i − log p_i, via log_ratio (no cancellation for p
        // ≈ q)
        const Vec<T> pq = trimmed_difference(x, y, delta);
        Vec<T> diff(a.S());
        for (int i = 0; i < a.S(); ++i)
          diff(i) = -log_ratio(p(i), q(i), pq(i));
        return le<T>(diff.norm(), k("c") / delta * pq.norm());
      });
}

/// Pairs around the maximiser of ‖DE(r)|_T‖: r = trim((s, 1−s, 0, …), δ) (one large coordinate, one at s, the
/// rest on the floor), s on a log grid, and p − q along the top singular vector of DE(r)|_T; plus S = 2 next
/// to δ = 1/2 (where the additive constant of Λ(δ) matters most). The quotient grows towards its supremum (≈
/// 0.31, S = 3) only as δ → 0, where pairs at distance ≪ δ are no longer representable in double.
std::vector<Assign> entropy_drift_points(int S) {
  std::vector<Assign> pts;
  const Eigen::MatrixXd B = tangent_basis<double>(S);
  for (double delta : {1e-12, 1e-9, 1e-6}) {
    double best = -1;
    Eigen::VectorXd best_w, best_h;
    for (double ls = -20; ls <= -0.3; ls += 0.05) {
      Eigen::VectorXd w = Eigen::VectorXd::Zero(S);
      w(0) = ls <= -19.99 ? 0.0 : std::pow(10.0, ls);
      w(1) = 1 - w(0);
      const Eigen::VectorXd r = (w * (1 - S * delta)).array() + delta;
      const Eigen::VectorXd l = r.array().log();
      const double m = r.dot(l);
      Eigen::MatrixXd D = (Eigen::VectorXd((1 + l.array() - m).matrix())).asDiagonal();
      D -= r * Eigen::VectorXd((1 + l.array()).matrix()).transpose();
      Eigen::JacobiSVD<Eigen::MatrixXd> svd(D * B, Eigen::ComputeThinV);
      if (svd.singularValues()(0) > best) {
        best = svd.singularValues()(0);
        best_w = w;
        best_h = B * svd.matrixV().col(0);
      }
    }
    const double eta = 1e-3 * delta; // ≪ δ (the floor coordinates stay at the floor), ≫ 1e-16 (representable)
    Eigen::VectorXd base = (best_w.array() + 3 * eta).matrix();
    const Eigen::VectorXd x = base + eta * best_h, y = base - eta * best_h;
    pts.push_back({{"delta", {delta}},
                   {"x", std::vector<double>(x.data(), x.data() + S)},
                   {"y", std::vector<double>(y.data(), y.data() + S)}});
  }
  if (S == 2)
    for (double f : {0.99, 0.999})
      pts.push_back({{"delta", {f / S}}, {"x", {0.4, 0.6}}, {"y", {0.6, 0.4}}});
  return pts;
}

// App. A, Lemma lem:canonical-ineq (2), eq. (eq:cent-entropy-lip):
// ‖E(p)−E(q)‖₂ ≤ Λ(δ)(2+√S)‖p−q‖₂, Λ(δ) = 1+log(1/δ), E(r) = r ⊙ (log r − ⟨log r⟩).
DCRV_CLAIM(centered_entropy_lipschitz) {
  return forall("A.centered-entropy-lipschitz", Kind::bound)
      .where("App. A, Lemma lem:canonical-ineq (2), eq. (eq:cent-entropy-lip)")
      .statement(
          R"(\|E(p)-E(q)\|_2\le\Lambda(\delta)\,(a+\sqrt S)\,\|p-q\|_2$, $\Lambda(\delta)=\ell+\log(1/\delta)$, $E(r)=r\odot(\log r-\langle\log r\rangle)$, for all $S\ge2$, $\delta\in(0,1/S]$, $p,q\in\Delta^{S-1}_\delta$; $a=2$, $\ell=1)")
      .constant("two", 2.0, Role::upper, "additive constant a in (a + √S)")
      .constant("lambda_add", 1.0, Role::upper, "additive constant ℓ in Λ(δ) = ℓ + log(1/δ)")
      .over(floor_exchange_pairs_domain().points(entropy_drift_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a);
        const Vec<T> x = a.simplex("x"), y = a.simplex("y");
        const Vec<T> p = trim(x, delta), q = trim(y, delta);
        const Vec<T> d = trimmed_difference(x, y, delta); // p − q
        const T Lambda = k("lambda_add") + log(T(1) / delta);
        return le<T>(entropy_drift_difference(p, q, d).norm(),
                     Lambda * (k("two") + sqrt(T(a.S()))) * d.norm());
      })
      .and_holds("E(p) − E(q) rearranged = difference of entropy_drift values", floor_exchange_pairs_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const T delta = capped_delta(a);
                   const Vec<T> x = a.simplex("x"), y = a.simplex("y");
                   const Vec<T> p = trim(x, delta), q = trim(y, delta);
                   const Vec<T> d = trimmed_difference(x, y, delta);
                   // scale 1: coordinates of p, q are O(1) and carry absolute rounding (p_i ≈ 1 − tiny)
                   return eq<T>(entropy_drift_difference(p, q, d),
                                Vec<T>(entropy_drift(p) - entropy_drift(q)), T(1));
                 });
}

// ============================================================================================================
// §A.3 Functionals
// ============================================================================================================

// App. A §A.3 "Entropy and KL calculus": δH/δp_i = −(1+log p_i), ∇²H = −diag(1/p); δKL(p‖q)/δp_i =
// 1+log(p_i/q_i), ∇²KL = diag(1/p); H and KL extend continuously to the closed simplex (0 log 0 := 0).
DCRV_CLAIM(entropy_kl_calculus) {
  return forall("A.entropy-kl-calculus", Kind::identity)
      .where(R"(App. A §A.3 "Entropy and KL calculus")")
      .statement(
          R"(\partial_iH=-(1+\log p_i)$, $\partial_i\partial_jH=-\delta_{ij}/p_i$, $\partial_i\mathrm{KL}(p\|q)=1+\log(p_i/q_i)$, $\partial_i\partial_j\mathrm{KL}=\delta_{ij}/p_i$ on $\mathrm{int}\,\Delta$ ($q\in\mathrm{int}\,\Delta$; derivatives by automatic differentiation of the formulas); continuity on the closed simplex checked through the modulus $|H(p')-H(p)|\le\sum_i\eta(|p'_i-p_i|)$, $|\mathrm{KL}(p'\|q)-\mathrm{KL}(p\|q)|\le\sum_i\eta(|p'_i-p_i|)+\sum_i|p'_i-p_i||\log q_i|$, $\eta(t)=-t\log t$, for $p$ in the closed simplex and $p'=(1-s)p+sr$, $r\in\mathrm{int}\,\Delta$, $s\in(0,\tfrac12])")
      .over(Domain().simplex("p").simplex("q"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p"), q = a.simplex("q");
        const int S = a.S();
        auto H = [](const auto& x) { return entropy_of(x); };
        auto KL = [&q](const auto& x) { return kl_of(x, q); };
        Vec<T> gH_formula(S), gK_formula(S), gH_scale(S), gK_scale(S);
        Mat<T> hH_formula = Mat<T>::Zero(S, S), hK_formula = Mat<T>::Zero(S, S);
        for (int i = 0; i < S; ++i) {
          gH_formula(i) = -(T(1) + log(p(i)));
          gK_formula(i) = T(1) + log(p(i) / q(i));
          gH_scale(i) = T(1) + abs(log(p(i))); // magnitude of the terms of ∂_i (before 1 + log p_i cancels)
          gK_scale(i) = T(1) + abs(log(p(i))) + abs(log(q(i)));
          hH_formula(i, i) = -T(1) / p(i);
          hK_formula(i, i) = T(1) / p(i);
        }
        const Mat<T> hH = ad_hessian<T>(H, p), hK = ad_hessian<T>(KL, p);
        auto flat = [](const Mat<T>& m) { return Vec<T>(Eigen::Map<const Vec<T>>(m.data(), m.size())); };
        return worst(worst(eq_each<T>(ad_gradient<T>(H, p), gH_formula, gH_scale),
                           eq_each<T>(ad_gradient<T>(KL, p), gK_formula, gK_scale)),
                     worst(eq_rel<T>(flat(hH), flat(hH_formula)), eq_rel<T>(flat(hK), flat(hK_formula))));
      })
      .and_holds("continuity on the closed simplex (modulus of continuity)",
                 Domain().simplex("p", true).simplex("r").simplex("q").real("s", 1e-8, 0.5, true),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> p = a.simplex("p"), r = a.simplex("r"), q = a.simplex("q");
                   const T s = a.real("s");
                   const Vec<T> p2 = (T(1) - s) * p + s * r;
                   T modulus(0), linear(0);
                   for (int i = 0; i < a.S(); ++i) {
                     const T t = abs(p2(i) - p(i));
                     if (t > 0)
                       modulus -= t * log(t);
                     linear += t * abs(log(q(i)));
                   }
                   const T dH = abs(entropy(p2) - entropy(p));
                   const T dK = abs(kl_divergence(p2, q) - kl_divergence(p, q));
                   const T scale = T(1e-6) * (entropy(p) + abs(kl_divergence(p, q)) + T(1));
                   return worst(le<T>(dH, modulus, scale), le<T>(dK, modulus + linear, scale));
                 });
}

// App. A §A.3 "Kernel quadratic form": ∇(−Q) = −2Kp, ∇²(−Q) = −2K ≼ 0, −Q has a 2‖K‖_{2→2}-Lipschitz
// gradient.
DCRV_CLAIM(negQ_gradient_lipschitz) {
  return forall("A.negQ-gradient-lipschitz", Kind::bound)
      .where(R"(App. A §A.3 "Kernel quadratic form")")
      .statement(
          R"(\nabla(-Q)(x)=-g\,Kx$, $w^\top\nabla^2(-Q)\,w=-g\,w^\top Kw\le0$ and $\|\nabla(-Q)(x)-\nabla(-Q)(y)\|_2\le c\,\|K\|_{2\to2}\|x-y\|_2$ for all PSD $K$, $x,y,w\in\mathbb R^S$ (derivatives by automatic differentiation); $g=c=2)")
      .constant("g", 2.0, Role::exact, "coefficient in the gradient -gKx and Hessian -gK")
      .constant("c", 2.0, Role::upper, "Lipschitz coefficient of ||K||_2")
      .over(with_kernel(Domain().vector("x", 3.0).vector("y", 3.0).vector("w", 1.0)).points([](int S) {
        std::vector<Assign> pts;
        const auto k = geometric(S, 0.6);
        pts.push_back({{"k1", k}, {"x", k}, {"y", std::vector<double>(S, 0.0)}, {"w", k}});
        pts.push_back({{"kd", unit_vec(S, 0)}, {"x", unit_vec(S, 0)}, {"y", unit_vec(S, 1)}});
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Mat<T> K = kernel(a);
        const Vec<T> x = a.vec("x"), y = a.vec("y"), w = a.vec("w");
        auto negQ = [&K](const auto& z) { return -quad_of(z, K); };
        const Vec<T> gx = ad_gradient<T>(negQ, x), gy = ad_gradient<T>(negQ, y);
        const T ww = ad_second<T>(negQ, x, w, w);
        const T wKw = w.dot(K * w);
        const Ineq<T> identities = worst(eq<T>(gx, Vec<T>(-k("g") * (K * x))), eq<T>(ww, -k("g") * wKw));
        const Ineq<T> concave = le<T>(ww, T(0), abs(wKw));
        const Ineq<T> lipschitz = le<T>((gx - gy).norm(), k("c") * spectral_norm(K) * (x - y).norm());
        return worst(worst(identities, concave), lipschitz);
      });
}

/// Points for the diversity claims: α = 0 with v the κ_T-eigenvector (the κ_T part is attained), and β = 0
/// with p → (½,½,0,…), v = e_1 − e_2 (where Σ v_i²/p_i = 2‖v‖², the sharp α-coefficient).
std::vector<Assign> diversity_points(int S) {
  std::vector<Assign> pts;
  const auto k1 = geometric(S, 0.7), k2 = alternating(S, 0.4);
  std::vector<double> kd(S, 0.2);
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(S, S);
  Eigen::VectorXd b1 = Eigen::Map<const Eigen::VectorXd>(k1.data(), S);
  Eigen::VectorXd b2 = Eigen::Map<const Eigen::VectorXd>(k2.data(), S);
  K = b1 * b1.transpose() + b2 * b2.transpose();
  for (int i = 0; i < S; ++i)
    K(i, i) += kd[i] * kd[i];
  const Eigen::MatrixXd Q = tangent_basis<double>(S);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(Q.transpose() * K * Q);
  const Eigen::VectorXd vmin = Q * es.eigenvectors().col(0);
  const std::vector<double> v(vmin.data(), vmin.data() + S);
  pts.push_back({{"k1", k1}, {"k2", k2}, {"kd", kd}, {"v", v}, {"alpha", {0.0}}, {"beta", {1.0}}});
  std::vector<double> half(S, 1e-30), e12(S, 0.0);
  half[0] = half[1] = 0.5;
  e12[0] = 1;
  e12[1] = -1;
  pts.push_back({{"p", half}, {"v", e12}, {"alpha", {1.0}}, {"beta", {0.0}}});
  return pts;
}

// App. A §A.3 "Diversity functional": ⟨∇²D[p]v, v⟩ = α⟨∇²H v, v⟩ − 2βvᵀKv ≤ −(α + 2βκ_T)‖v‖₂², κ_T ≥ 0.
DCRV_CLAIM(D_hessian_bound) {
  return forall("A.D-hessian-bound", Kind::bound)
      .where(R"(App. A §A.3 "Diversity functional")")
      .statement(
          R"(\langle\nabla^2\mathcal D[p]v,v\rangle=\alpha\langle\nabla^2H[p]v,v\rangle-g\beta\,v^\top Kv\le-(c_\alpha\alpha+c_\kappa\beta\kappa_T)\|v\|_2^2$ and $\kappa_T=\lambda_{\min}((\Pi_TK\Pi_T)|_T)\ge0$ for all $p\in\mathrm{int}\,\Delta$, $v\in T$, PSD $K$, $\alpha,\beta\ge0$ (left side by automatic differentiation of $\mathcal D$); $g=c_\kappa=2$, $c_\alpha=1)")
      .constant("g", 2.0, Role::exact, "coefficient of β vᵀKv in the Hessian")
      .constant("c_alpha", 1.0, Role::lower, "coefficient of α in the curvature bound")
      .constant("c_kappa", 2.0, Role::lower, "coefficient of βκ_T in the curvature bound")
      .over(with_kernel(Domain().simplex("p").tangent("v"))
                .real("alpha", 0, kCoefHi)
                .real("beta", 0, kCoefHi)
                .points(diversity_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p"), v = a.tangent("v");
        const Mat<T> K = kernel(a);
        const T alpha = a.real("alpha"), beta = a.real("beta");
        auto D = [&](const auto& x) {
          using X = elem_t<decltype(x)>;
          return X(alpha) * entropy_of(x) - X(beta) * quad_of(x, K);
        };
        const T d2 = ad_second<T>(D, p, v, v);
        T hv(0);
        for (int i = 0; i < a.S(); ++i)
          hv += v(i) * v(i) / p(i);
        const T vKv = v.dot(K * v);
        const T kappa = eigenvalues_on_tangent(K)(0);
        const T scale = alpha * hv + T(2) * beta * abs(vKv);
        const Ineq<T> identity = eq<T>(d2, -alpha * hv - k("g") * beta * vKv, scale);
        const Ineq<T> bound =
            ge<T>(-d2, (k("c_alpha") * alpha + k("c_kappa") * beta * kappa) * v.squaredNorm());
        const Ineq<T> kappa_nonneg = ge<T>(kappa, T(0), K.trace());
        return worst(worst(identity, bound), kappa_nonneg);
      });
}

/// D(m) − θD(p) − (1−θ)D(q), m = θp + (1−θ)q, for D = αH − βpᵀKp, in the cancellation-free form
/// α[θ KL(p‖m) + (1−θ) KL(q‖m)] + βθ(1−θ)(p−q)ᵀK(p−q), KL as sums of the nonnegative terms m_i[(1+r)log(1+r)
/// − r].
template <class T>
T jensen_gap_D(const Vec<T>& p, const Vec<T>& q, const T& th, const T& alpha, const T& beta,
               const Mat<T>& K) {
  const Vec<T> m = th * p + (T(1) - th) * q, d = p - q;
  auto kl_to_m = [&m](const Vec<T>& x) {
    T s(0);
    for (Eigen::Index i = 0; i < x.size(); ++i)
      if (m(i) > 0)
        s += m(i) * xlogx_excess(T((x(i) - m(i)) / m(i)));
    return s;
  };
  T h(0);
  if (th > 0)
    h += th * kl_to_m(p);
  if (th < 1)
    h += (T(1) - th) * kl_to_m(q);
  return alpha * h + beta * th * (T(1) - th) * d.dot(K * d);
}

// App. A §A.3 "Diversity functional", last sentence: α > 0 ⇒ D is α-strongly concave on the affine simplex,
// checked by the definition: D(θp+(1−θ)q) ≥ θD(p)+(1−θ)D(q) + (α/2)θ(1−θ)‖p−q‖₂².
DCRV_CLAIM(D_strong_concavity_alpha) {
  return forall("A.D-strong-concavity-alpha", Kind::bound)
      .where(R"(App. A §A.3 "Diversity functional", last sentence)")
      .statement(
          R"(\mathcal D(\theta p+(1-\theta)q)-\theta\mathcal D(p)-(1-\theta)\mathcal D(q)\ge\frac{c\,\alpha}{2}\theta(1-\theta)\|p-q\|_2^2$ for all $p,q\in\Delta^{S-1}$ (closed), $\theta\in[0,1]$, $\alpha>0$, $\beta\ge0$, PSD $K$; modulus $c\alpha$, $c=1)")
      .constant("c", 1.0, Role::lower, "strong-concavity modulus in units of α")
      .over(with_kernel(Domain().simplex("p", true).simplex("q", true).real("theta", 0, 1))
                .real("alpha", 1e-9, kCoefHi, true)
                .real("beta", 0, kCoefHi)
                .points([](int S) {
                  std::vector<Assign> pts;
                  for (double h : {1e-2, 1e-3}) {
                    std::vector<double> p(S, 0.0), q(S, 0.0);
                    p[0] = q[1] = 0.5 + h;
                    p[1] = q[0] = 0.5 - h;
                    pts.push_back({{"p", p}, {"q", q}, {"theta", {0.5}}, {"alpha", {1.0}}, {"beta", {0.0}}});
                  }
                  return pts;
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p"), q = a.simplex("q");
        const T alpha = a.real("alpha"), th = a.real("theta");
        return ge<T>(jensen_gap_D(p, q, th, alpha, a.real("beta"), kernel(a)),
                     k("c") * alpha / T(2) * th * (T(1) - th) * (p - q).squaredNorm());
      })
      .and_holds("Jensen gap: cancellation-free form = difference of D values",
                 with_kernel(Domain().simplex("p", true).simplex("q", true).real("theta", 0, 1))
                     .real("alpha", 1e-9, kCoefHi, true)
                     .real("beta", 0, kCoefHi),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> p = a.simplex("p"), q = a.simplex("q");
                   const Mat<T> K = kernel(a);
                   const T alpha = a.real("alpha"), beta = a.real("beta"), th = a.real("theta");
                   auto D = [&](const Vec<T>& x) { return alpha * entropy(x) - beta * x.dot(K * x); };
                   const Vec<T> m = th * p + (T(1) - th) * q;
                   const T dm = D(m), dp = D(p), dq = D(q);
                   return eq<T>(dm - th * dp - (T(1) - th) * dq, jensen_gap_D(p, q, th, alpha, beta, K),
                                abs(dm) + abs(dp) + abs(dq));
                 });
}

// ============================================================================================================
// §A.4 Bounded fitness, Remark (Applicability)
// ============================================================================================================

// App. A, Remark (Applicability) after lem:bounded-fitness: |(Kp)_i| ≤ ‖K‖_{∞→∞} on Δ, hence
// |G_i(p)| = |U_i − 2λβ(Kp)_i| ≤ U_max + 2λβ‖K‖_{∞→∞} uniformly.
DCRV_CLAIM(bounded_fitness_applicability) {
  return forall("A.bounded-fitness-applicability", Kind::bound)
      .where("App. A, Remark (Applicability) after Lemma lem:bounded-fitness")
      .statement(
          R"(\max_i|(Kp)_i|\le c\,\|K\|_{\infty\to\infty}$ and $\max_i|U_i-2\lambda\beta(Kp)_i|\le U_{\max}+2\lambda\beta\,c\,\|K\|_{\infty\to\infty}$ for all $p\in\Delta^{S-1}$ (closed), PSD $K$, $|U_i|\le U_{\max}$, $\lambda,\beta\ge0$; $c=1)")
      .constant("c", 1.0, Role::upper, "coefficient of ||K||_inf->inf")
      .over(with_kernel(Domain().simplex("p", true).vector("u", 2.0))
                .real("Umax", 0, 5)
                .real("lambda", 0, kCoefHi)
                .real("beta", 0, kCoefHi)
                .points([](int S) {
                  return std::vector<Assign>{{{"kd", unit_vec(S, 0)}, {"p", unit_vec(S, 0)}},
                                             {{"kd", unit_vec(S, 0)},
                                              {"p", unit_vec(S, 0)},
                                              {"u", unit_vec(S, 0, -5)},
                                              {"Umax", {1.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Mat<T> K = kernel(a);
        const Vec<T> p = a.simplex("p"), u = a.vec("u"), Kp = K * p;
        const T Umax = a.real("Umax"), lb = a.real("lambda") * a.real("beta"), norm = norm_inf_to_inf(K);
        T g(0);
        for (int i = 0; i < a.S(); ++i) {
          const T Ui = Umax * std::clamp<T>(u(i), T(-1), T(1));
          g = std::max<T>(g, abs(Ui - T(2) * lb * Kp(i)));
        }
        return worst(le<T>(norm_inf(Kp), k("c") * norm), le<T>(g, Umax + T(2) * lb * k("c") * norm));
      });
}

// ============================================================================================================
// §A.5 Shahshahani geometry
// ============================================================================================================

// App. A §A.5, eq. (eq:replicator): the Shahshahani gradient (unique w ∈ T with g_p(w,v) = DJ[p]·v ∀v ∈ T)
// is w = p ⊙ (δJ/δp − E_p[δJ/δp]).
DCRV_CLAIM(shah_gradient_replicator) {
  return forall("A.shah-gradient-replicator", Kind::identity)
      .where("App. A §A.5, eq. (eq:replicator)")
      .statement(
          R"(w=p\odot(F-\mathbb E_p[F])$ satisfies $\langle\mathbf 1,w\rangle=0$ and $g_p(w,v)=\sum_iw_iv_i/p_i=\langle F,v\rangle$ for all $v\in T$, and $g_p(v,v)\ge\|v\|_2^2$ on $T$ (so $g_p$ is positive definite and $w$ is unique), for all $p\in\mathrm{int}\,\Delta$, $F=\nabla J(p)\in\mathbb R^S)")
      .over(Domain().simplex("p").vector("F", 3.0).tangent("v"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p"), F = a.vec("F"), v = a.tangent("v");
        const Vec<T> w = replicator(p, F);
        T gwv(0), gvv(0), mag(0);
        const T mean = p.dot(F);
        for (int i = 0; i < a.S(); ++i) {
          gwv += w(i) * v(i) / p(i);
          gvv += v(i) * v(i) / p(i);
          mag += (abs(F(i)) + abs(mean)) * abs(v(i));
        }
        T wmag(0);
        for (int i = 0; i < a.S(); ++i)
          wmag += p(i) * (abs(F(i)) + abs(mean));
        return worst(worst(eq<T>(w.sum(), T(0), wmag), eq<T>(gwv, F.dot(v), mag)),
                     ge<T>(gvv, v.squaredNorm()));
      });
}

// App. A §A.5, after eq. (eq:replicator): Σ_i ṗ_i = 0 along the replicator field.
DCRV_CLAIM(mass_conservation) {
  return forall("A.mass-conservation", Kind::identity)
      .where("App. A §A.5, after eq. (eq:replicator)")
      .statement(R"(\sum_i p_i(F_i-\mathbb E_p[F])=0$ for all $p\in\Delta^{S-1}$ (closed), $F\in\mathbb R^S)")
      .over(Domain().simplex("p", true).vector("F", 10.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p"), F = a.vec("F");
        const Vec<T> pdot = replicator(p, F);
        return eq<T>(pdot.sum(), T(0), abs_sum(Vec<T>(p.cwiseProduct(F))) + abs(p.dot(F)));
      });
}

// App. A §A.5, after eq. (eq:replicator): gauge invariance of the replicator field under F ↦ F + a(p)1.
DCRV_CLAIM(gauge_invariance) {
  return forall("A.gauge-invariance", Kind::identity)
      .where("App. A §A.5, after eq. (eq:replicator)")
      .statement(
          R"(p\odot\big((F+a\mathbf 1)-\mathbb E_p[F+a\mathbf 1]\big)=p\odot(F-\mathbb E_p[F])$ for all $p\in\Delta^{S-1}$ (closed), $F\in\mathbb R^S$, and every value of a scalar field at $p$, $a=a(p)\in[-100,100])")
      .over(Domain().simplex("p", true).vector("F", 3.0).real("a", -100, 100))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p"), F = a.vec("F");
        const T shift = a.real("a");
        const Vec<T> shifted = (F.array() + shift).matrix();
        return eq<T>(replicator(p, shifted), replicator(p, F), (abs(shift) + norm_inf(F)) * p.maxCoeff());
      });
}

// App. A §A.5 "Instantiation": δJ/δp_i = U_i − 2λβ(Kp)_i − (λα+ε)(1+log p_i) − β_KL(1+log(p_i/p_base,i)) for
// J = U·p + λD − β_KL KL(·‖p_base) + εH.
DCRV_CLAIM(instantiation_variational_derivative) {
  return forall("A.instantiation-variational-derivative", Kind::identity)
      .where(R"(App. A §A.5 "Instantiation")")
      .statement(
          R"(\nabla\big(U\cdot p+\lambda\mathcal D-\beta_{\rm KL}\mathrm{KL}(\cdot\|p_{\rm base})+\varepsilon H\big)_i=U_i-2\lambda\beta(Kp)_i-(\lambda\alpha+\varepsilon)(1+\log p_i)-\beta_{\rm KL}(1+\log\tfrac{p_i}{p_{{\rm base},i}})$ for all $p,p_{\rm base}\in\mathrm{int}\,\Delta$, PSD $K$, $U\in\mathbb R^S$ (left side by automatic differentiation), coefficients $\alpha,\beta,\lambda,\beta_{\rm KL},\varepsilon\ge0)")
      .over(objective_domain().points(objective_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> ob = srct_model(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> g = ad_gradient<T>([&ob](const auto& x) { return jtilde_of(ob, x); }, p);
        return eq<T>(g, F_instantiation(ob, p), score_scale(ob, p));
      });
}

// ============================================================================================================
// §A.6 Gradient-flow dynamics, checked at a point
// ============================================================================================================

/// δJ̃/δp by automatic differentiation.
template <class T> Vec<T> jtilde_gradient(const SrctParams<T>& ob, const Vec<T>& p) {
  return ad_gradient<T>([&ob](const auto& x) { return jtilde_of(ob, x); }, p);
}

// App. A §A.6, eq. (eq:GF-Jtilde): F̃ = F − ε(1+log p) = δJ̃/δp and Σ ṗ_i = 0, reading F as δJ/δp of the
// §A.6 J (without εH).
DCRV_CLAIM(jtilde_flow_score) {
  return forall("A.jtilde-flow-score", Kind::identity)
      .where("App. A §A.6, eq. (eq:GF-Jtilde)")
      .statement(
          R"(\widetilde F=F-\varepsilon(\mathbf 1+\log p)=\nabla\widetilde J(p)$ with $F=\nabla J$, $J=U\cdot p+\lambda\mathcal D-\beta_{\rm KL}\mathrm{KL}$ (the $J$ of §A.6), and $\sum_i p_i(\widetilde F_i-\mathbb E_p[\widetilde F])=0$, for all instances (gradients by automatic differentiation) and $p\in\mathrm{int}\,\Delta)")
      .reading("F_i = δJ/δp_i for the J of §A.6 (without the εH term)")
      .over(objective_domain().points(objective_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> ob = srct_model(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> Ft =
            minus_eps_entropy(ob, p, ad_gradient<T>([&ob](const auto& x) { return J_of(ob, x); }, p));
        const Vec<T> pdot = replicator(p, Ft);
        return worst(eq<T>(Ft, jtilde_gradient(ob, p), score_scale(ob, p)),
                     eq<T>(pdot.sum(), T(0), abs_sum(Vec<T>(p.cwiseProduct(Ft))) + abs(p.dot(Ft))));
      });
}

// Reading: F is the F of the §A.5 "Instantiation" paragraph (which already contains −ε(1+log p)).
DCRV_CLAIM(jtilde_flow_score_instantiation) {
  return forall("A.jtilde-flow-score~instantiation-F", Kind::identity)
      .where("App. A §A.6, eq. (eq:GF-Jtilde), with F from §A.5 Instantiation")
      .statement(
          R"(\widetilde F=F^{\rm inst}-\varepsilon(\mathbf 1+\log p)=\nabla\widetilde J(p)$ and the flows agree, $p\odot(\widetilde F-\mathbb E_p\widetilde F)=p\odot(\nabla\widetilde J-\mathbb E_p\nabla\widetilde J)$, with $F^{\rm inst}_i=U_i-2\lambda\beta(Kp)_i-(\lambda\alpha+\varepsilon)(1+\log p_i)-\beta_{\rm KL}(1+\log\frac{p_i}{p_{{\rm base},i}})$, for all instances and $p\in\mathrm{int}\,\Delta)")
      .reading("F_i is the F_i(p) := δJ/δp_i defined in the §A.5 Instantiation paragraph (J including +εH)")
      .over(objective_domain().points(objective_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> ob = srct_model(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> Ft = minus_eps_entropy(ob, p, F_instantiation(ob, p));
        const Vec<T> g = jtilde_gradient(ob, p);
        const T scale = score_scale(ob, p);
        return worst(eq<T>(Ft, g, scale), eq<T>(replicator(p, Ft), replicator(p, g), scale * p.maxCoeff()));
      });
}

/// The state of the J̃-flow at p: ṗ from eq. (eq:GF-Jtilde), dJ̃/dt = DJ̃[p]·ṗ by automatic differentiation.
template <class T> struct FlowAtPoint {
  Vec<T> p, grad, pdot;
  T dJdt, scale;
};
template <class T> FlowAtPoint<T> flow_at(const SrctParams<T>& ob, const Vec<T>& p) {
  FlowAtPoint<T> f;
  f.p = p;
  f.grad = jtilde_gradient(ob, p);
  f.pdot = replicator(p, F_tilde(ob, p));
  f.dJdt = ad_directional<T>([&ob](const auto& x) { return jtilde_of(ob, x); }, p, f.pdot);
  // products of the un-cancelled magnitudes: Σ_i p_i(|∂_iJ̃| + |E_p∂J̃|)(|F̃_i| + |E_pF̃|)
  const Vec<T> Ft = F_tilde(ob, p);
  const T mg = abs(p.dot(f.grad)), mf = abs(p.dot(Ft));
  f.scale = T(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    f.scale += p(i) * (abs(f.grad(i)) + mg) * (abs(Ft(i)) + mf);
  return f;
}

// App. A, Lemma lem:Lyapunov, eq. (eq:Lyapunov-squares): d/dt J̃(p_t) = g_p(∇_Sh J̃, ∇_Sh J̃)
// = Σ_i p_i(δJ̃/δp_i − E_p[δJ̃/δp])² ≥ 0, checked at every interior point.
DCRV_CLAIM(lyapunov_identity) {
  return forall("A.lyapunov-identity", Kind::identity)
      .where("App. A, Lemma lem:Lyapunov, eq. (eq:Lyapunov-squares)")
      .statement(
          R"(D\widetilde J[p]\cdot\dot p=\sum_i\dot p_i^2/p_i=\sum_ip_i\big(\partial_i\widetilde J-\mathbb E_p[\nabla\widetilde J]\big)^2\ge0$ with $\dot p$ the field of eq. (GF-Jtilde), for all instances ($D\widetilde J$, $\nabla\widetilde J$ by automatic differentiation) and $p\in\mathrm{int}\,\Delta)")
      .over(objective_domain().points(objective_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> ob = srct_model(a);
        const FlowAtPoint<T> f = flow_at(ob, a.simplex("p"));
        const Vec<T> g = f.grad;
        const T mean = f.p.dot(g);
        T squares(0), metric(0);
        for (int i = 0; i < a.S(); ++i) {
          squares += f.p(i) * (g(i) - mean) * (g(i) - mean);
          metric += f.pdot(i) * f.pdot(i) / f.p(i);
        }
        return worst(worst(eq<T>(f.dJdt, squares, f.scale), eq<T>(metric, squares, f.scale)),
                     ge<T>(squares, T(0)));
      });
}

// App. A, Lemma lem:Lyapunov: d/dt J̃(p_t) = 0 iff ∇_Sh J̃(p_t) = 0. Both directions through two-sided
// quantitative bounds (proxies for the statement about zero sets): dJ̃/dt = g_p(w,w) with
// ‖w‖₂² ≤ g_p(w,w) ≤ ‖w‖₂²/min_i p_i, w = ∇_Sh J̃ = ṗ; the left bound gives "dJ̃/dt = 0 ⇒ w = 0", the right one
// "w = 0 ⇒ dJ̃/dt = 0".
DCRV_CLAIM(lyapunov_equality_iff) {
  return forall("A.lyapunov-equality-iff", Kind::identity)
      .where("App. A, Lemma lem:Lyapunov")
      .statement(
          R"(D\widetilde J[p]\cdot\dot p=g_p(w,w)$ and $\|w\|_2^2\le g_p(w,w)\le\|w\|_2^2/\min_ip_i$, $w=\nabla_{Sh}\widetilde J(p)=\dot p$, for all $p\in\mathrm{int}\,\Delta$ and instances, ($D\widetilde J$ by automatic differentiation), which gives $\frac{d}{dt}\widetilde J=0\iff\nabla_{Sh}\widetilde J=0)")
      .over(objective_domain().points(objective_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SrctParams<T> ob = srct_model(a);
        const FlowAtPoint<T> f = flow_at(ob, a.simplex("p"));
        const T w2 = f.pdot.squaredNorm();
        T g(0);
        for (int i = 0; i < a.S(); ++i)
          g += f.pdot(i) * f.pdot(i) / f.p(i);
        return worst(eq<T>(f.dJdt, g, f.scale), worst(ge<T>(g, w2), le<T>(g, w2 / f.p.minCoeff())));
      });
}

// App. A, Lemma lem:logratio, eq. (eq:zij-ode): ż_ij = −A z_ij + c_ij(p), z_ij = log(p_i/p_j),
// c_ij = (U_i−U_j) − 2λβ((Kp)_i−(Kp)_j) + β_KL log(p_base,i/p_base,j), A = ε+λα+β_KL.
DCRV_CLAIM(logratio_ode_contraction) {
  return forall("A.logratio-ode-contraction", Kind::identity)
      .where("App. A, Lemma lem:logratio, eq. (eq:zij-ode)")
      .statement(
          R"(\frac{\dot p_i}{p_i}-\frac{\dot p_j}{p_j}=-cA\log\frac{p_i}{p_j}+c_{ij}(p)$ for all $i,j$, with $\dot p=p\odot(\nabla\widetilde J-\mathbb E_p\nabla\widetilde J)$ ($\nabla\widetilde J$ by automatic differentiation), $A=\varepsilon+\lambda\alpha+\beta_{\rm KL}$, $c_{ij}=(U_i-U_j)-2\lambda\beta((Kp)_i-(Kp)_j)+\beta_{\rm KL}\log\frac{p_{{\rm base},i}}{p_{{\rm base},j}}$, all $p\in\mathrm{int}\,\Delta$ and instances; $c=1)")
      .constant("c_A", 1.0, Role::exact, "coefficient of A z_ij")
      .over(objective_domain().points(objective_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const SrctParams<T> ob = srct_model(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> pdot = replicator(p, jtilde_gradient(ob, p));
        const Vec<T> Kp = ob.K * p;
        const T A = ob.barrier(), lb = ob.lambda * ob.beta;
        const int S = a.S();
        Vec<T> lhs(S * S), rhs(S * S);
        T scale(0);
        for (int i = 0; i < S; ++i)
          for (int j = 0; j < S; ++j) {
            const T z = log(p(i) / p(j));
            const T cij = (ob.U(i) - ob.U(j)) - T(2) * lb * (Kp(i) - Kp(j)) +
                          ob.beta_kl * log(ob.p_base(i) / ob.p_base(j));
            lhs(i * S + j) = pdot(i) / p(i) - pdot(j) / p(j);
            rhs(i * S + j) = -k("c_A") * A * z + cij;
            scale = std::max<T>(scale, abs(A * z) + abs(cij) + score_scale(ob, p));
          }
        return eq<T>(lhs, rhs, scale);
      });
}

// App. A, Lemma lem:logratio, definition of B: |c_ij(p)| ≤ 2U_max + 4λβ‖K‖_{∞→∞} + β_KL
// log(p_base,max/p_base,min).
DCRV_CLAIM(logratio_c_bound) {
  return forall("A.logratio-c-bound", Kind::bound)
      .where("App. A, Lemma lem:logratio, eq. (eq:zij-ode) and the definition of B")
      .statement(
          R"(\max_{i,j}|c_{ij}(p)|\le c_UU_{\max}+c_K\lambda\beta\|K\|_{\infty\to\infty}+c_{\rm KL}\beta_{\rm KL}\log\frac{p_{{\rm base},\max}}{p_{{\rm base},\min}}$ for all $p\in\Delta^{S-1}$ (closed), $|U_i|\le U_{\max}$, PSD $K$, $p_{\rm base}\in\mathrm{int}\,\Delta$, $\lambda,\beta,\beta_{\rm KL}\ge0$; $c_U=2$, $c_K=4$, $c_{\rm KL}=1)")
      .constant("c_U", 2.0, Role::upper, "coefficient of U_max")
      .constant("c_K", 4.0, Role::upper, "coefficient of λβ||K||_inf->inf")
      .constant("c_KL", 1.0, Role::upper, "coefficient of β_KL log(p_base,max/p_base,min)")
      .over(with_kernel(Domain().simplex("p", true).vector("u", 2.0).simplex("pb"))
                .real("Umax", 0, 5)
                .real("lambda", 0, kCoefHi)
                .real("beta", 0, kCoefHi)
                .real("beta_kl", 0, kCoefHi)
                .points([](int S) {
                  std::vector<double> u(S, 0.0), pb(S, 1.0), k1(S, 0.0);
                  u[0] = 5;
                  u[1] = -5;
                  pb[1] = 1e-3;
                  k1[0] = 1;
                  k1[1] = -1;
                  return std::vector<Assign>{
                      {{"u", u}, {"Umax", {1.0}}, {"lambda", {0.0}}, {"beta_kl", {0.0}}},
                      {{"k1", k1},
                       {"p", unit_vec(S, 0)},
                       {"lambda", {1.0}},
                       {"beta", {1.0}},
                       {"beta_kl", {0.0}},
                       {"Umax", {0.0}}},
                      {{"pb", pb}, {"lambda", {0.0}}, {"beta_kl", {1.0}}, {"Umax", {0.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Mat<T> K = kernel(a);
        const Vec<T> p = a.simplex("p"), u = a.vec("u"), pb = a.simplex("pb"), Kp = K * p;
        const T Umax = a.real("Umax"), lb = a.real("lambda") * a.real("beta"), bkl = a.real("beta_kl");
        Vec<T> c(a.S());
        for (int i = 0; i < a.S(); ++i)
          c(i) = Umax * std::clamp<T>(u(i), T(-1), T(1)) - T(2) * lb * Kp(i) + bkl * log(pb(i));
        const T lhs = c.maxCoeff() - c.minCoeff(); // max_{i,j} |c_ij| (c_ij = c_i − c_j)
        const T B = k("c_U") * Umax + k("c_K") * lb * norm_inf_to_inf(K) +
                    k("c_KL") * bkl * log(pb.maxCoeff() / pb.minCoeff());
        return le<T>(lhs, B);
      });
}

// ============================================================================================================
// §A.6 Global convergence: the inequalities of the proof
// ============================================================================================================

/// The PL tight configuration: λβ = 0, A = 1, utility concentrated on two coordinates (p* ≈ (½,½,0,…)),
/// p on the segment towards the face.
std::vector<Assign> pl_points(int S) {
  std::vector<Assign> pts = objective_points(S);
  for (double big : {8.0, 20.0}) {
    std::vector<double> U(S, 0.0), p(S, 1e-9);
    U[0] = U[1] = big;
    p[0] = 0.6;
    p[1] = 0.4;
    pts.push_back({{"U", U},
                   {"p", p},
                   {"pb", std::vector<double>(S, 1.0)},
                   {"alpha", {0.0}},
                   {"beta", {0.0}},
                   {"lambda", {0.0}},
                   {"beta_kl", {0.0}},
                   {"eps", {1.0}}});
  }
  return pts;
}

/// J̃(p*) − J̃(p) at the stationary point p* (F̃(p*) = ν1): substituting U + β_KL log p_base = ν1 + 2λβKp* +
/// A(1 + log p*) gives the cancellation-free form λβ(p−p*)ᵀK(p−p*) + A·KL(p‖p*), KL written as the sum of
/// the nonnegative terms p*_i[(1+r_i)log(1+r_i) − r_i], r_i = p_i/p*_i − 1 (falls back to the difference of
/// values if a coordinate of p* underflowed). The part "direct difference = cancellation-free form" checks
/// the substitution at the computed p*.
template <class T> T suboptimality(const SrctParams<T>& ob, const Vec<T>& p, const Vec<T>& pstar) {
  if (!(pstar.minCoeff() > 0))
    return jtilde_of(ob, to_std(pstar)) - jtilde_of(ob, to_std(p));
  const Vec<T> d = p - pstar;
  T kl(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    kl += pstar(i) * xlogx_excess(T(d(i) / pstar(i)));
  return ob.lambda * ob.beta * d.dot(ob.K * d) + ob.barrier() * kl;
}

// App. A, Theorem thm:global-convergence (Hessian display): ∇²J̃ = −A diag(1/p) − 2λβK ≼ −A I on T.
DCRV_CLAIM(gc_hessian) {
  return forall("A.gc-hessian", Kind::bound)
      .where("App. A, Theorem thm:global-convergence, Hessian display")
      .statement(
          R"(u^\top\nabla^2\widetilde J(p)\,v=-A\sum_iu_iv_i/p_i-g\lambda\beta\,u^\top Kv$ for all $u,v\in\mathbb R^S$ ($\nabla^2\widetilde J$ by automatic differentiation), and $v^\top\nabla^2\widetilde J(p)v\le-cA\|v\|_2^2$ for $v\in T$, all $p\in\mathrm{int}\,\Delta$ and instances; $g=2$, $c=1)")
      .constant("g", 2.0, Role::exact, "coefficient of λβK in the Hessian")
      .constant("c", 1.0, Role::lower, "strong-concavity modulus in units of A")
      .over(objective_domain().vector("u", 1.0).tangent("v").points([](int S) {
        std::vector<Assign> pts = objective_points(S);
        std::vector<double> half(S, 1e-30), e12(S, 0.0);
        half[0] = half[1] = 0.5;
        e12[0] = 1;
        e12[1] = -1;
        pts.push_back({{"p", half}, {"v", e12}, {"u", e12}, {"beta", {0.0}}, {"eps", {1.0}}});
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const SrctParams<T> ob = srct_model(a);
        const Vec<T> p = a.simplex("p"), u = a.vec("u"), v = a.tangent("v");
        auto Jt = [&ob](const auto& x) { return jtilde_of(ob, x); };
        const T A = ob.barrier(), lb = ob.lambda * ob.beta;
        T uv(0), vv(0), mag(0);
        for (int i = 0; i < a.S(); ++i) {
          uv += u(i) * v(i) / p(i);
          vv += v(i) * v(i) / p(i);
          mag += abs(u(i) * v(i)) / p(i);
        }
        const T uKv = u.dot(ob.K * v), vKv = v.dot(ob.K * v);
        const T huv = ad_second<T>(Jt, p, u, v), hvv = ad_second<T>(Jt, p, v, v);
        const Ineq<T> identity = eq<T>(huv, -A * uv - k("g") * lb * uKv, A * mag + T(2) * lb * abs(uKv));
        const Ineq<T> identity_vv = eq<T>(hvv, -A * vv - k("g") * lb * vKv, A * vv + T(2) * lb * abs(vKv));
        return worst(worst(identity, identity_vv), ge<T>(-hvv, k("c") * A * v.squaredNorm()));
      });
}

// App. A, Theorem thm:global-convergence, proof sketch: Polyak–Łojasiewicz
// ‖Π_T∇J̃(p)‖₂² ≥ 2A(J̃(p*) − J̃(p)) on int Δ (A > 0), p* the maximiser of J̃ on Δ (computed by Newton).
DCRV_CLAIM(gc_pl_inequality) {
  return forall("A.gc-pl-inequality", Kind::bound)
      .where("App. A, Theorem thm:global-convergence, proof sketch")
      .statement(
          R"(\|\Pi_T\nabla\widetilde J(p)\|_2^2\ge cA\big(\widetilde J(p^\star)-\widetilde J(p)\big)$ for all $p\in\mathrm{int}\,\Delta$ and instances with $A>0$, $p^\star=\arg\max_\Delta\widetilde J$ (damped Newton in log-coordinates, in the working precision; gap in the form $\lambda\beta(p-p^\star)^\top K(p-p^\star)+A\,\mathrm{KL}(p\|p^\star)$, checked against the direct difference); $c=2)")
      .constant("c", 2.0, Role::lower, "PL coefficient in units of A")
      .over(objective_domain().points(pl_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const SrctParams<T> ob = srct_model(a);
        const T A = ob.barrier();
        if (!(A > 0))
          return skip<T>();
        const Vec<T> p = a.simplex("p");
        const Vec<T> g = center(jtilde_gradient(ob, p));
        const Vec<T> pstar = jtilde_maximizer_of(ob);
        const T gap = suboptimality(ob, p, pstar);
        const T magnitude = abs(jtilde_of(ob, to_std(p))) + abs(jtilde_of(ob, to_std(pstar)));
        // p numerically at the maximiser: both sides vanish at the working precision (0 ≥ 0)
        if (!(gap > T(1024) * std::numeric_limits<T>::epsilon() * magnitude))
          return ge<T>(T(0), T(0));
        return ge<T>(g.squaredNorm(), k("c") * A * gap, k("c") * A * magnitude);
      })
      .and_holds("the suboptimality gap: direct difference = cancellation-free form",
                 objective_domain().points(pl_points), []<class T>(const Args<T>& a, const Consts<T>&) {
                   const SrctParams<T> ob = srct_model(a);
                   if (!(ob.barrier() > 0))
                     return skip<T>();
                   const Vec<T> p = a.simplex("p"), pstar = jtilde_maximizer_of(ob);
                   const T jp = jtilde_of(ob, to_std(p)), js = jtilde_of(ob, to_std(pstar));
                   return eq<T>(js - jp, suboptimality(ob, p, pstar), abs(jp) + abs(js));
                 });
}

/// p ∈ Δ_δ with F centred on the heavy coordinate: Σ_i p_i(F_i − E_pF)² = δ‖Π_T F‖² (S ≥ 3), and S = 2 at δ =
/// ½.
std::vector<Assign> dissipation_points(int S) {
  std::vector<Assign> pts;
  std::vector<double> F(S, 0.0);
  if (S >= 3)
    F[1] = 1, F[2] = -1;
  else
    F[0] = 1, F[1] = -1;
  for (double d : {1e-6, 0.1 / S, 0.5 / S, 1.0 / S})
    pts.push_back({{"delta", {d}}, {"x", unit_vec(S, 0)}, {"F", F}});
  return pts;
}
Domain dissipation_domain() {
  return Domain()
      .real("delta", floor_range(), true)
      .simplex("x", true)
      .vector("F", 3.0)
      .points(dissipation_points);
}

// App. A, Theorem thm:global-convergence, proof sketch (metric comparison), inventory reading:
// on Δ_δ, Σ_i p_i(F_i − E_p F)² ≥ δ‖Π_T F‖₂² with F = ∇J̃ (checked for every F ∈ ℝ^S).
DCRV_CLAIM(gc_dissipation_lower) {
  return forall("A.gc-dissipation-lower", Kind::bound)
      .where("App. A, Theorem thm:global-convergence, proof sketch, metric comparison")
      .statement(
          R"(\sum_ip_i(F_i-\mathbb E_p[F])^2\ge c\,\delta\,\|\Pi_TF\|_2^2$ for all $S\ge2$, $\delta\in(0,1/S]$, $p\in\Delta^{S-1}_\delta$, $F\in\mathbb R^S$ (in particular $F=\nabla\widetilde J(p)$); $c=1)")
      .reading("compares the Shahshahani squared norm of ∇_Sh J̃ with the Euclidean norm of the projected "
               "gradient Π_T ∇J̃ (as used in the argument)")
      .constant("c", 1.0, Role::lower, "coefficient of δ")
      .over(dissipation_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a);
        const Vec<T> p = trim(a.simplex("x"), delta), F = a.vec("F");
        const T mean = p.dot(F);
        T g(0);
        for (int i = 0; i < a.S(); ++i)
          g += p(i) * (F(i) - mean) * (F(i) - mean);
        return ge<T>(g, k("c") * delta * center(F).squaredNorm());
      });
}

// Reading of the proof sketch as written: g_p(w,w) ≥ δ‖Π_T w‖₂² on Δ_δ with w = ∇_Sh J̃ = p ⊙ (F − E_pF).
DCRV_CLAIM(gc_dissipation_lower_shah) {
  return forall("A.gc-dissipation-lower~shah-gradient", Kind::bound)
      .where("App. A, Theorem thm:global-convergence, proof sketch, metric comparison (as written)")
      .statement(
          R"(g_p(w,w)=\sum_iw_i^2/p_i\ge c\,\delta\,\|\Pi_Tw\|_2^2$ with $w=p\odot(F-\mathbb E_pF)$ for all $S\ge2$, $\delta\in(0,1/S]$, $p\in\Delta^{S-1}_\delta$, $F\in\mathbb R^S$; $c=1)")
      .reading("the sketch's literal g_p(w,w) ≥ δ‖Π_T w‖² with w = ∇_Sh J̃ (both sides in the Shahshahani "
               "gradient)")
      .constant("c", 1.0, Role::lower, "coefficient of δ")
      .over(dissipation_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a);
        const Vec<T> p = trim(a.simplex("x"), delta);
        const Vec<T> w = replicator(p, Vec<T>(a.vec("F")));
        T g(0);
        for (int i = 0; i < a.S(); ++i)
          g += w(i) * w(i) / p(i);
        return ge<T>(g, k("c") * delta * center(w).squaredNorm());
      });
}

// App. A, Remarks after thm:global-convergence, (iii): |(Kp)_i − (Kp)_j| ≤ 2‖K‖_{2→2} on Δ.
DCRV_CLAIM(remark_Kp_diff_spectral) {
  return forall("A.remark-Kp-diff-spectral", Kind::bound)
      .where("App. A, Remarks after Theorem thm:global-convergence, (iii)")
      .statement(
          R"(\max_{i,j}|(Kp)_i-(Kp)_j|\le c\,\|K\|_{2\to2}$ for all $p\in\Delta^{S-1}$ (closed) and PSD $K$; $c=2)")
      .constant("c", 2.0, Role::upper, "coefficient of ||K||_2")
      .over(with_kernel(Domain().simplex("p", true)).points([](int S) {
        // K = uuᵀ, u = (cos π/8, −sin π/8, 0, …), p = e_1: the difference is (1+√2)/2 ‖K‖₂ (the supremum)
        std::vector<double> u(S, 0.0);
        u[0] = std::cos(kPi / 8);
        u[1] = -std::sin(kPi / 8);
        return std::vector<Assign>{{{"k1", u}, {"p", unit_vec(S, 0)}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Mat<T> K = kernel(a);
        const Vec<T> Kp = K * a.simplex("p");
        return le<T>(Kp.maxCoeff() - Kp.minCoeff(), k("c") * spectral_norm(K));
      });
}

// ============================================================================================================
// §A.7 Single-site scores
// ============================================================================================================

/// G_i(s) = a_i − b_i s − A log s and its potential Ψ_i(s) = a_i s − b_i s²/2 − A(s log s − s) (Ψ_i' = G_i).
/// Σ_i p_i(|G_i| + |E_pG|)²: the magnitude of Σ_i G_i ṗ_i before the cancellations of centring.
template <class T> T uncancelled_square(const Vec<T>& p, const Vec<T>& G) {
  const T m = abs(p.dot(G));
  T s(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    s += p(i) * (abs(G(i)) + m) * (abs(G(i)) + m);
  return s;
}

template <class T> struct SingleSite {
  Vec<T> a, b;
  T A;
  template <class X> X G(int i, const X& s) const { return X(a(i)) - X(b(i)) * s - X(A) * log(s); }
  template <class X> X Psi(int i, const X& s) const {
    X v = X(a(i)) * s - X(b(i)) * s * s / X(2);
    if (s > X(0))
      v -= X(A) * (s * log(s) - s);
    return v;
  }
  template <class Xs> elem_t<Xs> L(const Xs& p) const {
    elem_t<Xs> v(0);
    for (std::size_t i = 0; i < p.size(); ++i)
      v += Psi(static_cast<int>(i), p[i]);
    return v;
  }
  Vec<T> scores(const Vec<T>& p) const {
    Vec<T> g(p.size());
    for (Eigen::Index i = 0; i < p.size(); ++i)
      g(i) = p(i) > 0 ? G(static_cast<int>(i), p(i)) : a(i); // A = 0 on faces
    return g;
  }
};
Domain single_site_domain(bool closed, bool with_A) {
  Domain d;
  d.simplex("p", closed).vector("a", 2.0).vector("b", 2.0);
  if (with_A)
    d.real("A", 0, kCoefHi);
  return d;
}

// App. A §A.7, Proposition (Lyapunov structure): d/dt L(p(t)) = Σ_i p_i(G_i(p_i) − E_p[G])² ≥ 0.
DCRV_CLAIM(single_site_lyapunov) {
  return forall("A.single-site-lyapunov", Kind::identity)
      .where(R"(App. A §A.7, Proposition (Lyapunov structure))")
      .statement(
          R"(D\mathcal L[p]\cdot\dot p=\sum_ip_i(G_i(p_i)-\mathbb E_p[G])^2\ge0$ and $\Psi_i'=G_i$, with $\dot p_i=p_i(G_i(p_i)-\mathbb E_p[G])$, $G_i(s)=a_i-b_is-A\log s$, $\mathcal L=\sum_i\Psi_i(p_i)$, for all $p\in\mathrm{int}\,\Delta$, (derivatives by automatic differentiation), $a,b\in\mathbb R^S$, $A\ge0)")
      .over(single_site_domain(false, true).points([](int S) {
        return std::vector<Assign>{
            {{"p", geometric(S, 0.5)}, {"a", alternating(S, 1)}, {"b", geometric(S, 0.9)}, {"A", {0.0}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const SingleSite<T> ss{a.vec("a"), a.vec("b"), a.real("A")};
        const Vec<T> p = a.simplex("p"), G = ss.scores(p), pdot = replicator(p, G);
        const T mean = p.dot(G);
        T var(0);
        for (int i = 0; i < a.S(); ++i)
          var += p(i) * (G(i) - mean) * (G(i) - mean);
        auto L = [&ss](const auto& x) { return ss.L(x); };
        const T dL = ad_directional<T>(L, p, pdot);
        const Vec<T> dPsi = ad_gradient<T>(L, p); // ∂_i L = Ψ_i'(p_i)
        T gmag(0);
        for (int i = 0; i < a.S(); ++i)
          gmag = std::max<T>(gmag, abs(ss.a(i)) + abs(ss.b(i)) * p(i) + ss.A * (T(1) + abs(log(p(i)))));
        return worst(worst(eq<T>(dL, var, uncancelled_square(p, G)), eq<T>(dPsi, G, gmag)), ge<T>(var, T(0)));
      });
}

// App. A §A.7, Proposition (Lyapunov structure): dL/dt = 0 iff G_i(p_i) is constant over supp p. Checked by
// (a) dL/dt = Var_p[G] with min_{supp} p_i · max_{supp}(G_i − E_pG)² ≤ Var_p[G] ≤ max_{supp}(G_i − E_pG)²
// (both directions, interior points and A ≥ 0, and boundary points with A = 0 where G_i(0) = a_i is finite),
// and (b) at points where G is made constant on the support (a_i := s + b_i p_i + A log p_i there, a_i free
// off it), dL/dt = 0 exactly.
DCRV_CLAIM(single_site_equality) {
  auto bounds = []<class T>(const Args<T>& a, const Consts<T>&) {
    const T A = a.real("A");
    const SingleSite<T> ss{a.vec("a"), a.vec("b"), A};
    const Vec<T> p = a.simplex("p"), G = ss.scores(p), pdot = replicator(p, G);
    const T mean = p.dot(G);
    T dev(0), pmin(1), var(0);
    for (int i = 0; i < a.S(); ++i)
      if (p(i) > 0) {
        dev = std::max<T>(dev, (G(i) - mean) * (G(i) - mean));
        pmin = std::min<T>(pmin, p(i));
        var += p(i) * (G(i) - mean) * (G(i) - mean);
      }
    const T dL = ad_directional<T>([&ss](const auto& x) { return ss.L(x); }, p, pdot);
    return worst(eq<T>(dL, var, uncancelled_square(p, G)), worst(ge<T>(var, pmin * dev), le<T>(var, dev)));
  };
  return forall("A.single-site-equality", Kind::identity)
      .where(R"(App. A §A.7, Proposition (Lyapunov structure))")
      .statement(
          R"(\frac{d}{dt}\mathcal L=\mathrm{Var}_p[G]$ and $\min_{\rm supp}p_i\cdot\max_{i\in{\rm supp}\,p}(G_i-\mathbb E_pG)^2\le\mathrm{Var}_p[G]\le\max_{i\in{\rm supp}\,p}(G_i-\mathbb E_pG)^2$ (interior $p$ with $A\ge0$; closed simplex with $A=0$), and $\frac d{dt}\mathcal L=0$ at every $p$ where $G$ is constant on ${\rm supp}\,p$ — together: $\frac d{dt}\mathcal L=0\iff G$ is constant on the support, for $G_i(s)=a_i-b_is-A\log s)")
      .over(single_site_domain(false, true))
      .holds(bounds)
      .and_holds("boundary points, A = 0", single_site_domain(true, false).real("A", 0, 0), bounds)
      .and_holds("dL/dt = 0 where G is constant on the support",
                 single_site_domain(true, true).real("s", -3, 3),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> p = a.simplex("p"), b = a.vec("b");
                   Vec<T> av = a.vec("a");
                   const T s = a.real("s");
                   bool boundary = false;
                   for (int i = 0; i < a.S(); ++i)
                     boundary |= !(p(i) > 0);
                   const T A = boundary ? T(0) : a.real("A"); // G_i(0) finite only for A = 0
                   for (int i = 0; i < a.S(); ++i)
                     if (p(i) > 0)
                       av(i) = s + b(i) * p(i) + A * log(p(i));
                   const SingleSite<T> ss{av, b, A};
                   const Vec<T> G = ss.scores(p), pdot = replicator(p, G);
                   const T dL = ad_directional<T>([&ss](const auto& x) { return ss.L(x); }, p, pdot);
                   return eq<T>(dL, T(0), uncancelled_square(p, G));
                 });
}

// ============================================================================================================
// §A.8 Entropy face gap L_S(δ)
// ============================================================================================================

Domain face_gap_domain(double lo = 1e-250) {
  return Domain().real("delta", floor_range(lo), true).points([](int S) {
    std::vector<Assign> pts;
    for (double d : {1e-300, 1e-8, 1e-3, 0.04, 0.5 / S, 0.9 / S, 1.0 / S})
      pts.push_back({{"delta", {std::min(d, 1.0 / S)}}});
    return pts;
  });
}

// App. A, Lemma lem:LS-closed with Definition def:LS: L_S(δ) := inf{⟨log p⟩ − log δ : p ∈ Δ, ∃i p_i = δ}
// = (1−δ) log((1−δ)/((S−1)δ)). Lower bound at every face point (coordinate 0 on the floor, by symmetry),
// attainment at p = (δ, (1−δ)/(S−1), …).
DCRV_CLAIM(LS_closed_form) {
  return forall("A.LS-closed-form", Kind::identity)
      .where("App. A, Lemma lem:LS-closed with Definition def:LS")
      .statement(
          R"(\inf\{\langle\log p\rangle-\log\delta:p\in\Delta^{S-1},\,p_i=\delta\}=(1-\delta)\log\frac{1-\delta}{(S-1)\delta}$ for all $S\ge2$, $\delta\in(0,1/S]$: $\ge$ at every point of the face $\{p_0=\delta\}$ (closed simplex) and $=$ at $(\delta,\frac{1-\delta}{S-1},\dots))")
      .over(face_gap_domain().simplex("w", true).points([](int S) {
        std::vector<double> w(S, 0.0);
        w[1] = 1;
        return std::vector<Assign>{{{"delta", {1e-3}}, {"w", w}}, {{"delta", {0.5 / S}}, {"w", w}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S();
        const T delta = capped_delta(a);
        const Vec<T> w = a.simplex("w");
        const T rest = w.tail(S - 1).sum();
        if (!(rest > 0))
          return skip<T>();
        Vec<T> p(S);
        p(0) = delta;
        for (int i = 1; i < S; ++i)
          p(i) = (T(1) - delta) * w(i) / rest;
        return ge<T>(face_gap_objective(p, delta), face_gap(S, delta), abs(log(delta)));
      })
      .and_holds("attained at the equal split", face_gap_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const int S = a.S();
                   const T delta = capped_delta(a);
                   Vec<T> p = Vec<T>::Constant(S, (T(1) - delta) / T(S - 1));
                   p(0) = delta;
                   return eq<T>(face_gap_objective(p, delta), face_gap(S, delta), abs(log(delta)));
                 });
}

// App. A, Lemma lem:LS-closed: L_S(δ) ≥ 0 with equality iff δ = 1/S. "Only if" through the quantitative
// L_S(δ) ≥ 1 − Sδ (> 0 for δ < 1/S; from log x ≥ 1 − 1/x), "if" by L_S(1/S) = 0 computed at δ = 1/S.
DCRV_CLAIM(LS_nonneg) {
  return forall("A.LS-nonneg", Kind::bound)
      .where("App. A, Lemma lem:LS-closed")
      .statement(
          R"(L_S(\delta)\ge\max\{0,1-S\delta\}$ for all $S\ge2$, $\delta\in(0,1/S]$ (so $L_S>0$ for $\delta<1/S$), and $L_S(1/S)=0)")
      .over(face_gap_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T delta = capped_delta(a), L = face_gap(a.S(), delta);
        return worst(ge<T>(L, T(0)), ge<T>(L, trimmed_free_mass(a.S(), delta)));
      })
      .and_holds("equality at δ = 1/S",
                 Domain().only_points().points([](int) { return std::vector<Assign>{{}}; }),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   return eq<T>(face_gap(a.S(), T(1) / T(a.S())), T(0), T(1));
                 });
}

// App. A, Lemma lem:LS-bounds (lower): log(1/((S−1)δ)) − (1 + log(1/((S−1)δ)))δ ≤ L_S(δ).
DCRV_CLAIM(LS_lower_bound) {
  return forall("A.LS-lower-bound", Kind::bound)
      .where("App. A, Lemma lem:LS-bounds (lower)")
      .statement(
          R"(u-c\,(1+u)\,\delta\le L_S(\delta)$, $u=\log\frac1{(S-1)\delta}$, for all $S\ge2$, $\delta\in(0,1/S]$; $c=1)")
      .constant("c", 1.0, Role::upper, "coefficient of (1+u)δ")
      .over(face_gap_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a), u = log(T(1) / (T(a.S() - 1) * delta));
        return le<T>(u - k("c") * (T(1) + u) * delta, face_gap(a.S(), delta), u);
      });
}

// App. A, Lemma lem:LS-bounds (upper): L_S(δ) ≤ log(1/((S−1)δ)).
DCRV_CLAIM(LS_upper_bound) {
  return forall("A.LS-upper-bound", Kind::bound)
      .where("App. A, Lemma lem:LS-bounds (upper)")
      .statement(R"(L_S(\delta)\le c\log\frac1{(S-1)\delta}$ for all $S\ge2$, $\delta\in(0,1/S]$; $c=1)")
      .constant("c", 1.0, Role::upper, "coefficient of log(1/((S-1)δ))")
      .over(face_gap_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = capped_delta(a);
        return le<T>(face_gap(a.S(), delta), k("c") * log(T(1) / (T(a.S() - 1) * delta)));
      });
}

// App. A, Remark (Tightness and scaling): L_S(δ) ≍ log(1/((S−1)δ)) as δ → 0; at δ = 1/S, L_S = 0 and Δ_δ is
// the uniform point. Checked as: 0 ≤ 1 − L_S/u ≤ δ(1+u)/u (so L_S/u → 1 as δ → 0); L_S(1/S) = 0; and
// ‖p − u_S‖₁ = 2Σ_i(1/S − p_i)_+ on Δ (so min_i p_i ≥ 1/S forces p = uniform).
DCRV_CLAIM(LS_small_delta_asymptotic) {
  return forall("A.LS-small-delta-asymptotic", Kind::sharpness)
      .where("App. A, Remark (Tightness and scaling)")
      .statement(
          R"(0\le1-\frac{L_S(\delta)}{u}\le\frac{(1+u)\delta}{u}$ with $u=\log\frac1{(S-1)\delta}$ for $\delta\in(0,1/S)$ (hence $L_S(\delta)/u\to1$ as $\delta\to0$); $L_S(1/S)=0$; $\|p-\tfrac1S\mathbf 1\|_1=2\sum_i(\tfrac1S-p_i)_+$ on $\Delta^{S-1}$ (hence $\Delta^{S-1}_{1/S}=\{\tfrac1S\mathbf 1\})")
      .over(Domain().real("delta", floor_range(1e-250), true).points([](int S) {
        return std::vector<Assign>{{{"delta", {1e-300}}}, {{"delta", {1e-6}}}, {{"delta", {0.9 / S}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T delta = a.real("delta");
        if (!(delta < T(1) / T(a.S())))
          return skip<T>();
        // 1 − L_S/u with u − L_S = δu − (1−δ)log(1−δ) (the closed form rearranged, free of cancellation)
        const T u = log(T(1) / (T(a.S() - 1) * delta)),
                ratio_gap = (delta * u - (T(1) - delta) * log1p(-delta)) / u;
        return worst(ge<T>(ratio_gap, T(0), T(1)), le<T>(ratio_gap, (T(1) + u) * delta / u, T(1)));
      })
      .and_holds("L_S(1/S) = 0", Domain().only_points().points([](int) { return std::vector<Assign>{{}}; }),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   return eq<T>(face_gap(a.S(), T(1) / T(a.S())), T(0), T(1));
                 })
      .and_holds("the trimmed simplex at δ = 1/S is the uniform point", Domain().simplex("p", true),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> p = a.simplex("p");
                   const T inv = T(1) / T(a.S());
                   T l1(0), deficit(0);
                   for (int i = 0; i < a.S(); ++i) {
                     l1 += abs(p(i) - inv);
                     if (p(i) < inv)
                       deficit += inv - p(i);
                   }
                   return eq<T>(l1, T(2) * deficit, T(1));
                 });
}

// ============================================================================================================
// §A.8 BD tightness remark
// ============================================================================================================

/// On the face {p_0 = δ} of Δ_δ and for a constant score field φ (‖φ‖_∞ = M), the factor the BD argument
/// needs, R = (φ̄ − φ_0) L_S(δ) / (M (⟨log p⟩ − log δ)): the ℓ∞ condition ε L_S(δ) ≥ c M is enough at this
/// face point iff c ≥ R, so c⋆(S,δ) = sup R is the least factor that guarantees forward invariance. The face
/// point is p = (δ, δ + (1−Sδ)x_1, …, δ + (1−Sδ)x_{S−1}) with Σ_{i≥1} x_i = 1 (x_0 unused); ⟨log p⟩ − log δ =
/// Σ_{i≥1} p_i log1p((1−Sδ)x_i/δ) (nonnegative terms, no cancellation near δ = 1/S).
template <class T> T bd_required_factor(const Vec<T>& x, const Vec<T>& phi, const T& delta) {
  const int S = static_cast<int>(x.size());
  const T oms = trimmed_free_mass(S, delta);
  T mean = delta * phi(0), excess(0);
  for (int i = 1; i < S; ++i) {
    const T pi = delta + oms * x(i);
    mean += pi * phi(i);
    excess += pi * log1p(oms * x(i) / delta);
  }
  return (mean - phi(0)) * face_gap(S, delta) / (norm_inf(phi) * excess);
}
/// The extremal pair (computed in T): φ⋆ = (−1, 1, …, 1), p⋆ = (δ, (1−δ)/(S−1), …); R(φ⋆, p⋆) = 2(1−δ).
template <class T> T bd_extremal_factor(int S, const T& delta) {
  Vec<T> phi = Vec<T>::Ones(S), x = Vec<T>::Constant(S, T(1) / T(S - 1));
  phi(0) = T(-1);
  x(0) = T(0);
  return bd_required_factor(x, phi, delta);
}
Domain bd_face_domain() {
  return Domain().real("delta", floor_range(), true).vector("phi", 2.0).simplex("q", true).points([](int S) {
    std::vector<Assign> pts;
    std::vector<double> phi(S, 1.0);
    phi[0] = -1;
    for (double d : {1e-12, 1e-3, 0.1 / S, 0.5 / S})
      pts.push_back({{"delta", {d}}, {"phi", phi}});
    return pts;
  });
}
/// The sampled face point p = (δ, δ + (1−Sδ)q_{1:}) of Δ_δ and field φ = clamp(phi, −1, 1): returns (R, δ),
/// or nothing where the sample is outside the hypotheses (δ = 1/S, φ = 0, no mass off coordinate 0).
template <class T> std::optional<std::pair<T, T>> bd_sample(const Args<T>& a) {
  const int S = a.S();
  const T delta = a.real("delta");
  const Vec<T> q = a.simplex("q"), raw = a.vec("phi");
  const T rest = q.tail(S - 1).sum();
  if (!(delta < T(1) / T(S)) || !(rest > 0))
    return std::nullopt;
  Vec<T> x = q / rest, phi(S);
  x(0) = T(0);
  for (int i = 0; i < S; ++i)
    phi(i) = std::clamp<T>(raw(i), T(-1), T(1));
  if (!(norm_inf(phi) > 0))
    return std::nullopt;
  return std::pair{bd_required_factor(x, phi, delta), delta};
}

// App. A, Remark (Tightness and scaling), first sentence, per-δ reading: for every S and δ ∈ (0,1/S) the
// factor 2 of the (ℓ∞) condition cannot be lowered, i.e. c⋆(S,δ) = sup_{φ, face points} R = 2. Part 1 bounds
// R ≤ 2(1−δ) at every face point of Δ_δ and every constant field (φ̄ − φ_0 ≤ 2(1−δ)M, ⟨log p⟩ − log δ ≥ L_S),
// so c⋆ is the value at the extremal pair; part 2 compares that value with the paper's factor.
DCRV_CLAIM(BD_factor2_tight) {
  return forall("A.BD-factor2-tight", Kind::sharpness)
      .skips("face samples the decoder cannot place on a face of Delta_delta (bd_sample: a zero field or "
             "delta at "
             "the range's closed end 1/S), and delta = 1/S in the second part, are outside delta in (0, 1/S)")
      .where("App. A, Remark (Tightness and scaling), first sentence")
      .reading("for each fixed S and δ ∈ (0,1/S): no factor c < 2 in ε L_S(δ) ≥ c M_∞ guarantees forward "
               "invariance of Δ_δ")
      .statement(
          R"(c^\star(S,\delta):=\sup\Big\{\frac{(\bar\phi-\phi_0)L_S(\delta)}{\|\phi\|_\infty(\langle\log p\rangle-\log\delta)}:\phi\in\mathbb R^S,\ p\in\Delta^{S-1}_\delta,\ p_0=\delta\Big\}\ge c$ for every $S\ge2$, $\delta\in(0,1/S)$; $c=2$. Checked: the quotient is $\le2(1-\delta)$ at every sampled face point, and $c^\star$ (its value at $\phi=(-1,1,\dots,1)$, $p=(\delta,\frac{1-\delta}{S-1},\dots)$) is compared with $c)")
      .constant("factor", 2.0, Role::exact, "the factor of the (ℓ∞) condition claimed to be sharp")
      .over(bd_face_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto sample = bd_sample(a);
        if (!sample)
          return skip<T>();
        const auto [R, delta] = *sample;
        return le<T>(R, T(2) * (T(1) - delta), T(2));
      })
      .and_holds("c⋆(S,δ) equals the factor for every δ", Domain().real("delta", floor_range(), true),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const T delta = a.real("delta");
                   if (!(delta < T(1) / T(a.S())))
                     return skip<T>();
                   return ge<T>(bd_extremal_factor(a.S(), delta), k("factor"));
                 });
}

// Reading: the factor 2 is sharp only uniformly in δ: R ≤ 2 everywhere and c⋆(S,δ) → 2 as δ → 0.
DCRV_CLAIM(BD_factor2_tight_uniform) {
  return forall("A.BD-factor2-tight~uniform-in-delta", Kind::sharpness)
      .where("App. A, Remark (Tightness and scaling), first sentence")
      .reading("sharp uniformly over δ ∈ (0,1/S]: sup over δ of the least admissible factor is 2")
      .statement(
          R"(\frac{(\bar\phi-\phi_0)L_S(\delta)}{\|\phi\|_\infty(\langle\log p\rangle-\log\delta)}\le c$ at every face point $p_0=\delta$ of $\Delta^{S-1}_\delta$, every $\phi$ and $\delta\in(0,1/S)$, and $c^\star(S,\delta)\ge c(1-\delta)$ (value at $\phi=(-1,1,\dots)$, $p=(\delta,\frac{1-\delta}{S-1},\dots)$), so $\sup_\delta c^\star=c$; $c=2)")
      .constant("factor", 2.0, Role::exact, "the sharp factor (uniformly in δ)")
      .over(bd_face_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto sample = bd_sample(a);
        if (!sample)
          return skip<T>();
        return le<T>(sample->first, k("factor"), T(2));
      })
      .and_holds("c⋆(S,δ) ≥ factor·(1−δ) → factor as δ → 0", Domain().real("delta", floor_range(), true),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const T delta = a.real("delta");
                   if (!(delta < T(1) / T(a.S())))
                     return skip<T>();
                   return ge<T>(bd_extremal_factor(a.S(), delta), k("factor") * (T(1) - delta));
                 });
}

} // namespace
} // namespace dcrv
