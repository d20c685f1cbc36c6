// Appendix G, part a — the static calculus of lumps (appendix_G_aistats.tex §Simplex, solution concept, and
// entropy map; §Trim and feasibility; §Lumps (aggregation operator); §Technical facts used repeatedly;
// §Entropy deviation envelopes; the definitions of L_S / L_K and the feasible band; Remarks (i), (iii) and
// the closing paragraph).
//
// Conventions (properties/domains/lumps.hpp): S ≥ 2 traces; partitions from the vector field "lumps" (⌊x_π⌋,
// every lump-size pattern for S ≤ 8 among the points); labels s_π = ±1 from "labels"; the centred score field
// φ of one of the families STaR / GRPO / DPO / linear fitness from "family" and its parameters; Δ_δ with δ =
// u/S, u ∈ (0, 1] (u = 1: δ = 1/S exactly) and p = δ1 + (1 − u)q, q over the closed simplex. Lump objects (A,
// q, m, E°, H(w), …) are dcrv/lumps.hpp.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/lumps.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/domains/lumps.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {

using boost::multiprecision::abs;
using boost::multiprecision::log;
using boost::multiprecision::log1p;
using boost::multiprecision::sqrt;
using std::abs;
using std::log;
using std::log1p;
using std::sqrt;

using lumps_domain::cross;
using lumps_domain::partition_points;
using lumps_domain::positive;
using lumps_domain::score_field_of;
using lumps_domain::ScoreField;

/// Points with a whole lump at zero mass: the block partitions of S with the first lump emptied (closed
/// simplex field "p"), composed with every family.
std::vector<Assign> empty_lump_points(int S) {
  std::vector<Assign> out;
  for (const auto& sizes : lumps_domain::patterns_for(S)) {
    if (sizes.size() < 2)
      continue;
    std::vector<double> p(static_cast<std::size_t>(S), 1.0);
    for (int i = 0; i < sizes[0]; ++i)
      p[static_cast<std::size_t>(i)] = 0.0;
    out.push_back({{"lumps", lumps_domain::encode_blocks(sizes)}, {"p", p}});
  }
  return cross(out, lumps_domain::family_points(S));
}

/// The domain of pointwise lump claims: a partition, a score field, p over the closed simplex, ε ∈ [0, 10].
Domain lump_field_domain() {
  return lumps_domain::with_score_fields(lumps_domain::with_partition(Domain().dims(2)))
      .simplex("p", true)
      .real("eps", 1e-6, 10.0, true)
      .points([](int S) {
        std::vector<Assign> pts = empty_lump_points(S);
        for (auto& a : cross(partition_points(S), lumps_domain::family_points(S)))
          pts.push_back(a);
        return pts;
      });
}

/// Modulus of continuity of x ↦ x log x on [0, 1]: sup_{|x−y|≤h} |x log x − y log y| = max(h log(1/h), h).
template <class T> T xlogx_modulus(const T& h) {
  if (!(h > 0))
    return T(0);
  const T a = -h * log(h);
  return a > h ? a : h;
}

// ============================================================================================================
// §Simplex, solution concept, and entropy map; §Trim and feasibility
// ============================================================================================================

// App. G §Simplex: if p_π = 0 then (p⊙φ)_π = 0 and E°_π(p) = 0 (faces are viable).
DCRV_CLAIM(claim_faces_viable) {
  return forall("G.faces-viable", Kind::structural)
      .where("App. G §Simplex, solution concept, and entropy map")
      .statement(
          R"(For every centred field of the families STaR ($\rho>0$), GRPO ($G\le32$), DPO, linear fitness ($\phi=c-\langle p,c\rangle\mathbf 1$), every $p$ on the closed simplex (zero masses, whole lumps at zero), $\varepsilon\in[0,10]$: at every $\pi$ with $p_\pi=0$ the SRCT drift $F_\pi=(p\odot\phi)_\pi-\varepsilon E^\circ_\pi(p)$ vanishes, with $(p\odot\phi)_\pi=0$ and $E^\circ_\pi(p)=0$ ($0\log0=0$), and $\sum_\pi F_\pi(p)=0$; so the vector field is tangent to every face and to the simplex (faces are viable; uniqueness of the flow from a face holds since $x\mapsto x\log x$ satisfies Osgood's condition, $\int_0 dx/(x\log(1/x))=\infty$))")
      .over(lump_field_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        const ScoreField<T> f = score_field_of(a);
        if (!f.defined_at(p))
          return skip<T>();
        const T eps = a.real("eps");
        const Vec<T> phi = f.phi(p), E = entropy_drift_closed(p);
        Ineq<T> w = skip<T>();
        T scale(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          scale += p(i) * abs(phi(i)) + eps * abs(E(i));
          if (p(i) == 0)
            w = worst(w, worst(eq<T>(T(p(i) * phi(i)), T(0), T(1)), eq<T>(E(i), T(0), T(1))));
        }
        const Vec<T> F = p.cwiseProduct(phi) - eps * E;
        // Σ F cancels terms of the size of the (centred) scores, whose raw values are O(1) in every family:
        // at a vertex p ⊙ φ is itself a rounding of φ_j = c_j − c_j, so the scale includes ‖φ‖∞ +
        // cancel_scale.
        return worst(w, eq<T>(F.sum(), T(0), T(scale + norm_inf<T>(phi) + cancel_scale<T>())));
      });
}

// App. G §Simplex: E° is continuous on the closed simplex.
DCRV_CLAIM(claim_ecirc_continuous) {
  return forall("G.ecirc-continuous", Kind::structural)
      .where("App. G §Simplex, solution concept, and entropy map")
      .statement(
          R"($E^\circ$ is continuous on $\Delta^{S-1}$ with the explicit modulus $\|E^\circ(p)-E^\circ(p')\|_1\le2\sum_\pi\omega(|p_\pi-p'_\pi|)+\|p-p'\|_1\log S$, $\omega(h)=\max(h\log\frac1h,h)$ (the modulus of $x\log x$ on $[0,1]$), which tends to $0$ with $\|p-p'\|$: checked for $p$ on the closed simplex (faces, vertices), $p'=(1-h)p+hu$, $u$ on the closed simplex, $h\in[10^{-30},10^{-1}]$, every $S$)")
      .over(Domain().dims(2).simplex("p", true).simplex("u", true).real("h", 1e-30, 0.1, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p"), u = a.simplex("u");
        const T h = a.real("h");
        const Vec<T> p2 = (T(1) - h) * p + h * u;
        const Vec<T> d = entropy_drift_closed(p) - entropy_drift_closed(p2);
        T modulus(0), dist(0), scale(0);
        for (Eigen::Index i = 0; i < p.size(); ++i) {
          const T di = abs(T(p(i) - p2(i)));
          modulus += T(2) * xlogx_modulus(di);
          dist += di;
          scale += abs(xlogx(p(i))) + abs(xlogx(p2(i)));
        }
        return le<T>(norm1<T>(d), modulus + dist * log(T(a.S())), scale);
      });
}

// App. G §Trim and feasibility: Δ_δ ≠ ∅ for δ ∈ (0, 1/S].
DCRV_CLAIM(claim_trim_nonempty) {
  return forall("G.trim-nonempty", Kind::structural)
      .where("App. G §Trim and feasibility")
      .statement(
          R"(For $\delta=u/S$, $u\in(0,1]$ ($\delta=1/S$ included): the uniform point and every $p=\delta\mathbf 1+(1-S\delta)q$, $q\in\Delta^{S-1}$, lie in $\Delta_\delta$ ($\min_\pi p_\pi\ge\delta$, $\sum_\pi p_\pi=1$), so $\Delta_\delta\ne\emptyset$; every $S$)")
      .over(lumps_domain::with_trimmed(Domain().dims(2)).points([](int S) {
        return lumps_domain::trimmed_points(S);
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T delta = lumps_domain::trim_of(a);
        const Vec<T> p = lumps_domain::trimmed_of(a);
        const T uniform = T(1) / T(a.S());
        return worst(worst(ge<T>(uniform, delta), ge<T>(p.minCoeff(), delta)), eq<T>(p.sum(), T(1)));
      });
}

// ============================================================================================================
// §Lumps: the aggregation operator
// ============================================================================================================

Domain partition_domain() {
  return lumps_domain::with_partition(Domain().dims(2)).points([](int S) { return partition_points(S); });
}

// App. G eq. (A-norms): ‖A‖_{1→1} = 1.
DCRV_CLAIM(claim_a_norm_1) {
  return forall("G.a-norm-1", Kind::identity)
      .where("App. G §Lumps, eq. (A-norms)")
      .statement(
          R"($\|A\|_{1\to1}=c$, $c=1$, for every partition of $\{1,\dots,S\}$ (every lump-size pattern for $S\le8$, random partitions up to the budget's $S$); the norm computed from $A$ as its largest column sum)")
      .constant("c", 1.0, Role::exact, "the claimed value of ||A||_{1->1}")
      .over(partition_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Lumps L = lumps_domain::lumps_of(a);
        return eq<T>(operator_norms<T>(L.aggregation<T>()).one, k("c"));
      });
}

// App. G eq. (A-norms): ‖A‖_{2→2} = √m⋆.
DCRV_CLAIM(claim_a_norm_2) {
  return forall("G.a-norm-2", Kind::identity)
      .where("App. G §Lumps, eq. (A-norms)")
      .statement(
          R"($\|A\|_{2\to2}=c\sqrt{m_\ast}$, $c=1$, $m_\ast=\max_k|C_k|$, for every partition (every lump-size pattern for $S\le8$, random partitions); the norm computed as $\sigma_{\max}(A)$ (eigenvalues of $AA^\top$))")
      .constant("c", 1.0, Role::exact, "coefficient of sqrt(m*)")
      .over(partition_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Lumps L = lumps_domain::lumps_of(a);
        return eq<T>(operator_norms<T>(L.aggregation<T>()).two, T(k("c") * sqrt(T(L.max_size()))));
      });
}

// App. G eq. (A-norms): ‖A‖_{∞→∞} = m⋆.
DCRV_CLAIM(claim_a_norm_inf) {
  return forall("G.a-norm-inf", Kind::identity)
      .where("App. G §Lumps, eq. (A-norms)")
      .statement(
          R"($\|A\|_{\infty\to\infty}=c\,m_\ast$, $c=1$, for every partition (every lump-size pattern for $S\le8$, random partitions); the norm computed as the largest row sum of $A$)")
      .constant("c", 1.0, Role::exact, "coefficient of m*")
      .over(partition_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Lumps L = lumps_domain::lumps_of(a);
        return eq<T>(operator_norms<T>(L.aggregation<T>()).inf, T(k("c") * T(L.max_size())));
      });
}

// App. G after eq. (A-norms): aggregation is 1-Lipschitz in ℓ1.
DCRV_CLAIM(claim_a_l1_lip) {
  return forall("G.a-l1-lip", Kind::bound)
      .where("App. G §Lumps, after eq. (A-norms)")
      .statement(
          R"($\|Au-Av\|_1\le c\|u-v\|_1$, $c=1$, for all $u,v\in\mathbb R^S$ (entries of either sign) and every partition)")
      .constant("c", 1.0, Role::upper, "Lipschitz constant of A in l1")
      .over(
          lumps_domain::with_partition(Domain().dims(2)).vector("x", 1.0).vector("y", 1.0).points([](int S) {
            std::vector<double> e0(static_cast<std::size_t>(S), 0.0), ones(static_cast<std::size_t>(S), 1.0);
            e0[0] = 1.0;
            return cross(partition_points(S), {{{"x", e0}}, {{"x", ones}}});
          }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Vec<T> d = a.vec("x") - a.vec("y");
        return le<T>(norm1<T>(L.aggregate<T>(d)), k("c") * norm1<T>(d));
      });
}

// ============================================================================================================
// §Technical facts used repeatedly (on Δ_δ)
// ============================================================================================================

Domain trimmed_domain() {
  return lumps_domain::with_trimmed(Domain().dims(2)).points([](int S) {
    std::vector<Assign> pts = lumps_domain::trimmed_points(S);
    // the maximiser of ‖E‖₁ for large S: half the mass on one trace, δ = 1/(2(S−1)) (u = S/(2(S−1)))
    std::vector<double> vertex(static_cast<std::size_t>(S), 0.0);
    vertex[0] = 1.0;
    if (S >= 3)
      pts.push_back({{"u", {S / (2.0 * (S - 1))}}, {"q", vertex}});
    return pts;
  });
}

/// 1 − (S−1)δ = δ + (1 − u): the largest mass on Δ_δ, without cancellation.
template <class T> T top_mass(const Args<T>& a) {
  return lumps_domain::trim_of(a) + (T(1) - a.real("u"));
}

// App. G eq. (ML-bounds), left: ⟨log p⟩ ≥ −log S.
DCRV_CLAIM(claim_meanlog_lower) {
  return forall("G.meanlog-lower", Kind::bound)
      .where("App. G §Technical facts, eq. (ML-bounds), left inequality")
      .statement(
          R"($\langle\log p\rangle\ge-c\log S$, $c=1$, for $p\in\Delta_\delta$, $\delta\in(0,1/S]$, every $S$)")
      .constant("c", 1.0, Role::upper, "coefficient of log S")
      .over(trimmed_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return ge<T>(mean_log<T>(lumps_domain::trimmed_of(a)), -k("c") * log(T(a.S())));
      });
}

/// (1−(S−1)δ) log(1−(S−1)δ) + (S−1)δ log δ: ⟨log p⟩ at a trimmed vertex.
template <class T> T trimmed_vertex_mean_log(const Args<T>& a) {
  const T delta = lumps_domain::trim_of(a), top = top_mass(a);
  return xlogx(top) + T(a.S() - 1) * delta * log(delta);
}

// App. G eq. (ML-bounds), middle: ⟨log p⟩ ≤ (1−(S−1)δ) log(1−(S−1)δ) + (S−1)δ log δ.
DCRV_CLAIM(claim_meanlog_upper) {
  return forall("G.meanlog-upper", Kind::bound)
      .where("App. G §Technical facts, eq. (ML-bounds), middle inequality")
      .statement(
          R"($\langle\log p\rangle\le(1-(S-1)\delta)\log(1-(S-1)\delta)+(S-1)\delta\log\delta$ for $p\in\Delta_\delta$ (trimmed vertices included, where it is an equality), $\delta\in(0,1/S]$, every $S$)")
      .over(trimmed_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        return le<T>(mean_log<T>(lumps_domain::trimmed_of(a)), trimmed_vertex_mean_log(a));
      });
}

// App. G eq. (ML-bounds), right: the bound is ≤ 0.
DCRV_CLAIM(claim_meanlog_upper_nonpos) {
  return forall("G.meanlog-upper-nonpos", Kind::bound)
      .where("App. G §Technical facts, eq. (ML-bounds), right inequality")
      .statement(
          R"($(1-(S-1)\delta)\log(1-(S-1)\delta)+(S-1)\delta\log\delta\le c$, $c=0$, for $\delta=u/S$, $u\in[10^{-300},1]$ ($\delta=1/S$ included), every $S$ (the left side tends to $0$ as $\delta\to0$))")
      .constant("c", 0.0, Role::upper, "the upper bound 0")
      .over(Domain().dims(2).real("u", 1e-300, 1.0, true).points([](int) {
        return std::vector<Assign>{{{"u", {1.0}}}, {{"u", {1e-300}}}, {{"u", {1e-12}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T value = trimmed_vertex_mean_log(a);
        return le<T>(value, k("c"), T(abs(value) + T(1e-300)));
      });
}

// App. G eq. (E-size): ‖E(p)‖₁ ≤ 2 log(1/δ).
DCRV_CLAIM(claim_e_size_l1) {
  return forall("G.e-size-l1", Kind::bound)
      .where("App. G §Technical facts, eq. (E-size)")
      .statement(
          R"($\|E(p)\|_1\le c\log(1/\delta)$, $c=2$, $E(p)=p\odot(\log p-\langle\log p\rangle\mathbf 1)$, for $p\in\Delta_\delta$, $\delta\in(0,1/S]$, every $S$ (points include half the mass on one trace with $\delta=1/(2(S-1))$, where $\|E\|_1/\log(1/\delta)=\tfrac12\log(S-1)/\log(2(S-1))$))")
      .constant("c", 2.0, Role::upper, "coefficient of log(1/delta)")
      .over(trimmed_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = lumps_domain::trimmed_of(a);
        return le<T>(norm1<T>(entropy_drift_closed(p)), k("c") * T(-log(lumps_domain::trim_of(a))));
      });
}

// App. G eq. (S-bds), first: ‖diag(p) − ppᵀ‖_{2→2} ≤ ½.
DCRV_CLAIM(claim_s_norm_half) {
  return forall("G.s-norm-half", Kind::bound)
      .where("App. G §Technical facts, eq. (S-bds), first")
      .statement(
          R"($\|\mathrm{diag}(p)-pp^\top\|_{2\to2}\le c$, $c=\tfrac12$, for every $p$ on the closed simplex (so on every $\Delta_\delta$), every $S$ (symmetric eigenvalues))")
      .constant("c", 0.5, Role::upper, "bound on the operator norm")
      .over(Domain().dims(2).simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return le<T>(symmetric_opnorm<T>(covariance_matrix<T>(a.simplex("p"))), k("c"));
      });
}

// App. G eq. (S-bds), second: ‖S(p) − S(q)‖_{2→2} ≤ 3‖p − q‖₂.
DCRV_CLAIM(claim_s_lip_3) {
  return forall("G.s-lip-3", Kind::bound)
      .where("App. G §Technical facts, eq. (S-bds), second")
      .statement(
          R"($\|S(p)-S(q)\|_{2\to2}\le c\|p-q\|_2$, $c=3$, for $p,q$ on the closed simplex (near and far pairs), every $S$)")
      .constant("c", 3.0, Role::upper, "Lipschitz constant of S(p) in l2")
      .over(Domain().dims(2).simplex("p", true).simplex("r", true).real("h", 1e-12, 1.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p");
        const Vec<T> q = (T(1) - a.real("h")) * p + a.real("h") * a.simplex("r");
        const T dp = (p - q).norm();
        const Mat<T> d = covariance_matrix<T>(p) - covariance_matrix<T>(q);
        return le<T>(symmetric_opnorm<T>(d), k("c") * dp);
      });
}

// App. G after eq. (S-bds): centredness gives p⊙φ = S(p)φ.
DCRV_CLAIM(claim_centered_sphi) {
  return forall("G.centered-sphi", Kind::identity)
      .where("App. G §Technical facts, after eq. (S-bds)")
      .statement(
          R"(If $\sum_\pi p_\pi\phi_\pi=0$ then $p\odot\phi=S(p)\phi$: for $\phi=v-\langle p,v\rangle\mathbf 1$, $v\in\mathbb R^S$ arbitrary, and for the families STaR, GRPO, DPO, linear fitness; $p$ on the closed simplex, every $S$)")
      .over(lumps_domain::with_score_fields(Domain().dims(2))
                .simplex("p", true)
                .vector("v", 3.0)
                .real("generic", 0, 1)
                .points([](int S) { return lumps_domain::family_points(S); }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        Vec<T> phi;
        if (a.real("generic") < T(0.5)) {
          const Vec<T> v = a.vec("v");
          phi = (v.array() - p.dot(v)).matrix();
        } else {
          const ScoreField<T> f = score_field_of(a);
          if (!f.defined_at(p))
            return skip<T>();
          phi = f.phi(p);
        }
        // the rounding of pᵀφ (≈ 0 after cancellation) is relative to the size of φ, not of p ⊙ φ
        // (where φ ≡ 0 exactly, e.g. a single-label field, φ is itself the rounding of centring O(1) raw
        // scores)
        const T scale = norm_inf<T>(phi) + cancel_scale<T>();
        return eq<T>(Vec<T>(p.cwiseProduct(phi)), Vec<T>(covariance_matrix<T>(p) * phi), scale);
      });
}

/// |Σ_{π∈C_k} p_π φ_π| ≤ q_k M for every lump, M = ‖φ(p)‖ (∞- or 2-norm).
template <class T> Ineq<T> select_envelope(const Args<T>& a, bool two_norm) {
  const Vec<T> p = a.simplex("p");
  const ScoreField<T> f = score_field_of(a);
  if (!f.defined_at(p))
    return skip<T>();
  const Lumps L = lumps_domain::lumps_of(a);
  const Vec<T> phi = f.phi(p);
  const T M = two_norm ? T(phi.norm()) : norm_inf<T>(phi);
  const Vec<T> sel = lump_selection(L, p, phi), q = lump_masses(L, p);
  Ineq<T> w = skip<T>();
  for (int k = 0; k < L.count(); ++k)
    w = worst(w, le<T>(abs(sel(k)), q(k) * M));
  return w;
}

// App. G eq. (select-envelope), first.
DCRV_CLAIM(claim_select_envelope_inf) {
  return forall("G.select-envelope-inf", Kind::bound)
      .where("App. G §Technical facts, eq. (select-envelope), first")
      .statement(
          R"($|\sum_{\pi\in C_k}p_\pi\phi_\pi(p)|\le q_kM_{\phi,\infty}(\mathcal D)$ for every domain $\mathcal D\ni p$: checked with the smallest one, $\mathcal D=\{p\}$, $M=\|\phi(p)\|_\infty$ (any larger $\mathcal D$ has a larger $M$); every lump of every partition, the four families, $p$ on the closed simplex, every $S$)")
      .over(lump_field_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return select_envelope(a, false); });
}

// App. G eq. (select-envelope), second.
DCRV_CLAIM(claim_select_envelope_2) {
  return forall("G.select-envelope-2", Kind::bound)
      .where("App. G §Technical facts, eq. (select-envelope), second")
      .statement(
          R"($|\sum_{\pi\in C_k}p_\pi\phi_\pi(p)|\le q_kM_{\phi,2}(\mathcal D)$, checked with $\mathcal D=\{p\}$, $M=\|\phi(p)\|_2$; every lump of every partition, the four families, $p$ on the closed simplex, every $S$)")
      .over(lump_field_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return select_envelope(a, true); });
}

// App. G eq. (L1-Lip): ‖F₀(p) − F₀(q)‖₁ ≤ √S(L_φ/2 + 3M_{φ,2})‖p − q‖₁.
DCRV_CLAIM(claim_l1_lip_f0) {
  return forall("G.l1-lip-f0", Kind::bound)
      .skips("coincident pairs (p = q) have no difference quotient")
      .where("App. G §Small-epsilon perturbation, eq. (L1-Lip)")
      .statement(
          R"($\|F_0(p)-F_0(q)\|_1\le\sqrt S\,(a\,L_\phi+b\,M_{\phi,2})\|p-q\|_1$, $a=\tfrac12$, $b=3$, $F_0=p\odot\phi$, for $p,q\in\Delta_\delta$, $\delta\in(0,1/S]$, the four families, every $S$. Checked in the stronger pairwise form with $L_\phi=\|\phi(p)-\phi(q)\|_2/\|p-q\|_2$ and $M_{\phi,2}=\max(\|\phi(p)\|_2,\|\phi(q)\|_2)$, which are at most the best constants of (phi-regular) on $\Delta_\delta$)")
      .constant("a", 0.5, Role::upper, "coefficient of L_phi")
      .constant("b", 3.0, Role::upper, "coefficient of M_{phi,2}")
      .over(lumps_domain::with_score_fields(Domain().dims(2))
                .simplex("q", true)
                .simplex("r", true)
                .real("u", 1e-12, 1.0, true)
                .real("h", 1e-9, 1.0, true)
                .points([](int S) { return lumps_domain::family_points(S); }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = lumps_domain::trim_of(a), free = T(1) - a.real("u"), h = a.real("h");
        const Vec<T> p = (a.simplex("q") * free).array() + delta;
        const Vec<T> q = (((T(1) - h) * a.simplex("q") + h * a.simplex("r")) * free).array() + delta;
        const ScoreField<T> f = score_field_of(a);
        const Vec<T> fp = f.phi(p), fq = f.phi(q);
        const T d1 = norm1<T>(Vec<T>(p - q)), d2 = (p - q).norm();
        if (!(d2 > 0))
          return skip<T>();
        const T L = (fp - fq).norm() / d2, M = std::max<T>(fp.norm(), fq.norm());
        const Vec<T> dF = p.cwiseProduct(fp) - q.cwiseProduct(fq);
        return le<T>(norm1<T>(dF), sqrt(T(a.S())) * (k("a") * L + k("b") * M) * d1);
      });
}

// ============================================================================================================
// §Entropy deviation envelopes for the lump term
// ============================================================================================================

Domain lump_point_domain() {
  return lumps_domain::with_partition(Domain().dims(2)).simplex("p", true).points([](int S) {
    std::vector<Assign> pts;
    std::vector<double> geo(static_cast<std::size_t>(S)), uni(static_cast<std::size_t>(S), 1.0);
    for (int i = 0; i < S; ++i)
      geo[static_cast<std::size_t>(i)] = std::ldexp(1.0, -3 * i);
    for (const auto& a : partition_points(S)) {
      for (const auto& p : {geo, uni}) {
        Assign x = a;
        x["p"] = p;
        pts.push_back(x);
      }
    }
    return pts;
  });
}

/// The worst of check(k, q_k, m_k, h̄) over the lumps k of p (only those with q_k > 0 when `occupied`):
/// q_k = Σ_{π∈C_k} p_π, m_k = Σ_{π∈C_k} p_π log p_π and h̄ = Σ_k m_k (eq. Elump-bds).
template <class T, class F> Ineq<T> over_lumps(const Lumps& L, const Vec<T>& p, bool occupied, F check) {
  const Vec<T> q = lump_masses(L, p), m = lump_plogp(L, p);
  const T hbar = m.sum();
  Ineq<T> w = skip<T>();
  for (int k = 0; k < L.count(); ++k)
    if (!occupied || q(k) > 0)
      w = worst(w, check(k, q(k), m(k), hbar));
  return w;
}

// App. G eq. (Elump-bds), identity: m_k = q_k log q_k + q_k Σ w log w.
DCRV_CLAIM(claim_mk_decomp) {
  return forall("G.mk-decomp", Kind::identity)
      .where("App. G §Entropy deviation envelopes, eq. (Elump-bds)")
      .statement(
          R"($m_k=q_k\log q_k+q_k\sum_{\pi\in C_k}w_\pi\log w_\pi$, $w_\pi=p_\pi/q_k$, for every lump with $q_k>0$ of every partition, $p$ on the closed simplex (masses down to $10^{-40}$ and $0$), every $S$)")
      .over(lump_point_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Vec<T> p = a.simplex("p");
        return over_lumps(L, p, true, [&](int k, const T& q, const T& m, const T&) {
          const T H = lump_entropy(L, p, k);
          return eq<T>(m, T(xlogx(q) - q * H), T(abs(xlogx(q)) + q * H));
        });
      });
}

// App. G eq. (Elump-bds), range: q_k log(q_k/|C_k|) ≤ m_k ≤ q_k log q_k.
DCRV_CLAIM(claim_mk_range) {
  return forall("G.mk-range", Kind::bound)
      .where("App. G §Entropy deviation envelopes, eq. (Elump-bds)")
      .statement(
          R"($q_k\log(q_k/|C_k|)\le m_k\le q_k\log q_k$ for every lump of every partition, $p$ on the closed simplex, every $S$ (equality at a lump uniform on $C_k$, resp. concentrated on one trace))")
      .over(lump_point_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        return over_lumps(L, a.simplex("p"), false, [&](int k, const T& q, const T& m, const T&) {
          const T lower = xlogx(q) - q * log(T(L.lump_size(k)));
          return worst(le<T>(lower, m), le<T>(m, xlogx(q)));
        });
      });
}

// App. G eq. (Elump-diff).
DCRV_CLAIM(claim_mk_diff) {
  return forall("G.mk-diff", Kind::bound)
      .where("App. G §Entropy deviation envelopes, eq. (Elump-diff)")
      .statement(
          R"($|m_k-q_k\bar h|\le q_k\max\{|\log q_k-\bar h|,|\log(q_k/|C_k|)-\bar h|\}$ for every lump with $q_k>0$ of every partition, $p$ on the closed simplex, every $S$)")
      .over(lump_point_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        return over_lumps(L, a.simplex("p"), true, [&](int k, const T& q, const T& m, const T& hbar) {
          const T lq = log(q);
          const T bound = q * std::max<T>(abs(T(lq - hbar)), abs(T(lq - log(T(L.lump_size(k))) - hbar)));
          return le<T>(abs(T(m - q * hbar)), bound, T(abs(m) + q * abs(hbar)));
        });
      });
}

// App. G eq. (Elump-dim).
DCRV_CLAIM(claim_mk_dim) {
  return forall("G.mk-dim", Kind::bound)
      .where("App. G §Entropy deviation envelopes, eq. (Elump-dim)")
      .statement(
          R"($|m_k-q_k\bar h|\le q_k\log\frac{1-(S-1)\delta}{\delta}$ for every lump of every partition, $p\in\Delta_\delta$ (trimmed vertices included), $\delta\in(0,1/S]$, every $S$)")
      .over(lumps_domain::with_trimmed(lumps_domain::with_partition(Domain().dims(2))).points([](int S) {
        return cross(partition_points(S), lumps_domain::trimmed_points(S));
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Vec<T> p = lumps_domain::trimmed_of(a);
        const T delta = lumps_domain::trim_of(a);
        // log((1 − (S−1)δ)/δ) = log1p((1 − Sδ)/δ) = log1p((1 − u)/δ)
        const T cap = log1p(T((T(1) - a.real("u")) / delta));
        return over_lumps(L, p, false, [&](int, const T& q, const T& m, const T& hbar) {
          return le<T>(abs(T(m - q * hbar)), q * cap, T(abs(m) + q * abs(hbar)));
        });
      });
}

// ============================================================================================================
// Face gaps L_S, L_K and the feasible band
// ============================================================================================================

/// L_S(δ) at δ = u/S: (1 − δ) log((1−δ)/((S−1)δ)) = (1 − u/S) log1p(S(1−u)/((S−1)u)), exactly 0 at u = 1.
template <class T> T face_gap_at(int S, const T& u) {
  return (T(1) - u / T(S)) * log1p(T(T(S) * (T(1) - u) / (T(S - 1) * u)));
}
/// δ = u/S in the open range (0, 1/S): u ∈ [10⁻¹², 1 − 10⁻¹²] (log-uniform), both ends as points.
Domain open_floor_domain() {
  return Domain().dims(2).real("u", 1e-12, 1.0 - 1e-12, true).points([](int) {
    return std::vector<Assign>{{{"u", {1.0 - 1e-12}}}, {{"u", {1e-12}}}};
  });
}

// App. G §Forward-invariance templates: L_S(δ) > 0 for the trims δ ∈ (0, 1/S] of the appendix (literal).
DCRV_CLAIM(claim_ls_positive) {
  return forall("G.ls-positive", Kind::bound)
      .where("App. G §Forward-invariance templates (definition of L_S)")
      .statement(
          R"($L_S(\delta)=(1-\delta)\log\frac{1-\delta}{(S-1)\delta}>0$ for every trim of the appendix, $\delta\in(0,1/S]$ ($\delta=u/S$, $u\in[10^{-12},1]$, $u=1$ included). False at $\delta=1/S$: $L_S(1/S)=(1-\tfrac1S)\log1=0$ (then $\Delta_\delta$ is the single uniform point))")
      .over(Domain().dims(2).real("u", 1e-12, 1.0, true).points([](int) {
        return std::vector<Assign>{{{"u", {1.0}}}, {{"u", {0.5}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        return positive(face_gap_at(a.S(), a.real("u")));
      });
}

DCRV_CLAIM(claim_ls_positive_open) {
  return forall("G.ls-positive~open", Kind::bound)
      .where("App. G §Forward-invariance templates (definition of L_S)")
      .reading("delta in the open range (0, 1/S)")
      .statement(
          R"($L_S(\delta)>0$ for $\delta\in(0,1/S)$ ($\delta=u/S$, $u\in[10^{-12},1-10^{-12}]$): $(1-\delta)/((S-1)\delta)>1$ iff $\delta<1/S$)")
      .over(open_floor_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        return positive(face_gap_at(a.S(), a.real("u")));
      });
}

// App. G §Open problems: ρ ∈ [K_Cδ, 1 − K_Iδ] on Δ_δ.
DCRV_CLAIM(claim_rho_band) {
  return forall("G.rho-band", Kind::bound)
      .where("App. G §Open problems (feasible band)")
      .statement(
          R"($K_C\delta\le\rho\le1-K_I\delta$ for $p\in\Delta_\delta$, $\delta\in(0,1/K]$, every labelling ($0\le K_C\le K$), every $K$ ($1-\rho$ summed over $\mathcal I$; equality at trimmed vertices))")
      .over(lumps_domain::with_trimmed(Domain().dims(2)).vector("labels").points([](int S) {
        std::vector<double> first(static_cast<std::size_t>(S), -1.0), all(static_cast<std::size_t>(S), 1.0);
        first[0] = 1.0;
        return cross(lumps_domain::trimmed_points(S), {{{"labels", first}}, {{"labels", all}}});
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Labels s = lumps_domain::labels_of(a);
        const Vec<T> p = lumps_domain::trimmed_of(a);
        const T delta = lumps_domain::trim_of(a);
        const int KC = static_cast<int>(std::count(s.begin(), s.end(), 1)), KI = a.S() - KC;
        T rho(0), rest(0);
        for (int i = 0; i < a.S(); ++i)
          (s[static_cast<std::size_t>(i)] > 0 ? rho : rest) += p(i);
        return worst(le<T>(T(KC) * delta, rho), le<T>(T(KI) * delta, rest));
      });
}

// App. G §Open problems: L_K(δ) > 0 for δ ∈ (0, 1/K).
DCRV_CLAIM(claim_op_lk_positive) {
  return forall("G.op-lk-positive", Kind::bound)
      .where("App. G §Open problems (uniform face gap)")
      .statement(
          R"($L_K(\delta)=(1-\delta)\log\frac{1-\delta}{(K-1)\delta}>0$ for $\delta\in(0,1/K)$ ($\delta=u/K$, $u\in[10^{-12},1-10^{-12}]$), every $K\ge2$)")
      .over(open_floor_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        return positive(face_gap_at(a.S(), a.real("u")));
      });
}

// ============================================================================================================
// Remarks and the closing paragraph
// ============================================================================================================

// App. G Remarks (i): STaR needs K_C ≥ 1.
DCRV_CLAIM(claim_remark_star_kc) {
  return forall("G.remark-star-kc", Kind::structural)
      .where("App. G §Remarks (i)")
      .statement(
          R"(With $K_C=0$, $\rho\equiv0$ on $\Delta^{K-1}$ and every component of $\phi^{\rm STaR}$ is $0/0$ (undefined: dcrv's evaluation is NaN); with $K_C\ge1$, $\rho>0$ and $\phi^{\rm STaR}$ is finite on the open simplex. Checked for every labelling and $p$ in the open simplex (masses down to $10^{-40}$), every $K$)")
      .over(Domain().dims(2).vector("labels").simplex("p").points([](int S) {
        return std::vector<Assign>{{{"labels", std::vector<double>(static_cast<std::size_t>(S), -1.0)}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Labels s = lumps_domain::labels_of(a);
        StarPartition part;
        for (int x : s)
          part.correct.push_back(x > 0);
        const Vec<T> p = a.simplex("p");
        const Vec<T> phi = star_score(p, part);
        int finite = 0;
        for (Eigen::Index i = 0; i < phi.size(); ++i)
          finite += is_finite(phi(i)) ? 1 : 0;
        const T rho = correct_mass(s, p);
        if (part.num_correct() == 0) // ρ ≡ 0 and no component defined
          return worst(le<T>(rho, T(0)), le<T>(T(finite), T(0)));
        return worst(positive(rho), ge<T>(T(finite), T(a.S())));
      });
}

/// Pairs p, p' with A p = A p' (p' re-spreads the mass of the first lump with |C| ≥ 2 onto its first trace).
template <class T> std::pair<Vec<T>, Vec<T>> equal_lump_pair(const Lumps& L, const Vec<T>& p) {
  Vec<T> p2 = p;
  for (int k = 0; k < L.count(); ++k)
    if (L.lump_size(k) >= 2) {
      T q(0);
      for (int pi : L.members(k)) {
        q += p(pi);
        p2(pi) = T(0);
      }
      p2(L.members(k).front()) = q;
      break;
    }
  return {p, p2};
}

// App. G Remarks (iii): the lump entropy term is not a function of q alone.
DCRV_CLAIM(claim_remark_lump_entropy) {
  return forall("G.remark-lump-entropy", Kind::structural)
      .where("App. G §Remarks (iii)")
      .statement(
          R"(The lump term $m_k-q_k\bar h$ is not a function of $q=Ap$ (hence not the gradient of a lump entropy $\Phi(q)$): at points $p$ with a lump $|C_k|\ge2$ of unequal masses, $p'$ moves the whole mass of that lump onto one trace; then $Ap'=Ap$ exactly while $m_k-q_k\bar h$ differs (by $q_kH(w_k)$ in $m_k$). Exhibited on every lump-size pattern with at least one lump of size $\ge2$, $S\le8$, at the uniform and a geometric $p$; the bounds (Elump-diff)–(Elump-dim) are G.mk-diff, G.mk-dim)")
      .over(lumps_domain::with_partition(Domain().dims(2, 8)).simplex("p").only_points().points([](int S) {
        std::vector<Assign> pts;
        std::vector<double> geo(static_cast<std::size_t>(S)), uni(static_cast<std::size_t>(S), 1.0);
        for (int i = 0; i < S; ++i)
          geo[static_cast<std::size_t>(i)] = std::ldexp(1.0, -i);
        for (const auto& sizes : lumps_domain::patterns_for(S))
          if (sizes.front() >= 2 && sizes.size() >= 2)
            for (const auto& p : {geo, uni})
              pts.push_back({{"lumps", lumps_domain::encode_blocks(sizes)}, {"p", p}});
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        if (L.max_size() < 2 || L.count() < 2) // one lump: q ≡ 1 and the term m − h̄ ≡ 0
          return skip<T>();
        const auto [p, p2] = equal_lump_pair(L, a.simplex("p"));
        const Vec<T> t1 = lump_entropy_term(L, p), t2 = lump_entropy_term(L, p2);
        return worst(eq<T>(lump_masses(L, p), lump_masses(L, p2)),
                     positive(T((t1 - t2).cwiseAbs().maxCoeff())));
      });
}

// App. G closing paragraph: a summary statement.
DCRV_CLAIM(claim_closed_simplex_validity) {
  Claim c;
  c.id = "G.closed-simplex-validity";
  c.where = "App. G, final paragraph";
  c.kind = Kind::structural;
  c.statement =
      R"(All statements of App. G are consistent with (SRCT), hold on the closed simplex via $E^\circ$, and are uniform on $\Delta_\delta$ under (phi-regular). A summary of the appendix, not a statement with a truth value of its own: its parts are the other G.* claims (closed simplex: G.faces-viable, G.ecirc-continuous, G.lump-ode-zero, the lump identities with zero masses; uniformity on $\Delta_\delta$: G.l1-lip-f0, G.trace-perturb, G.bd-*), several of which dcrv reports falsified.)";
  c.check = [](const Context&) {
    Outcome o;
    o.status = Status::not_checkable;
    o.message =
        "a summary of the appendix with no content beyond the other G.* claims; see G.faces-viable, "
        "G.ecirc-continuous, G.lump-ode-zero (closed simplex) and G.l1-lip-f0, G.trace-perturb, G.bd-* "
        "(uniformity on Delta_delta)";
    o.evidence.method = "none: the proxy is the set of G.* claims it summarises";
    return o;
  };
  return c;
}

} // namespace
} // namespace dcrv
