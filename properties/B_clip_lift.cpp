// Appendix B — clip–renormalize, the logit lift and composite smoothness
// (appendix_B_aistats.tex §B.4 "Clip–Renormalize and the Logit Lift" and §B.5 "Composite Smoothness").
//
// Notation of the paper: p_θ = softmax(θ), 𝒞_{δ⋆}(p) = max(p,δ⋆)/‖max(p,δ⋆)‖₁, the logit lift
// P(θ) = C log max(p_θ, δ⋆), its a.e. Jacobian DP(θ) = C diag(1{p>δ⋆}/p) J_θ, and
// B(θ) = D_θ softmax(P(θ)) = J_{P(θ)} DP(θ). The active set of θ is A(θ) = {i : p_θ(i) > δ⋆}; the kink set
// is {θ : p_θ(i) = δ⋆ for some i}.
#include <cmath>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/softmax_constants.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {
using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log,
    boost::multiprecision::sqrt;
using points::pair_direction, points::unit_vec, points::with_extra, points::zeros,
    softmax_constants::kInvThreeRootThree, softmax_constants::kInvTwelveRootThree;
using std::abs, std::exp, std::log, std::sqrt;

// δ⋆ ranges over all of (0,1) (App. B: "Fix δ⋆ ∈ (0,1)"), sampled uniformly with both ends refined by the
// engine's near-endpoint draws; the endpoints themselves stay outside.
constexpr double kDeltaLo = 1e-12;
constexpr double kDeltaHi = 1.0 - 1e-12;
// Lengths r = ‖θ₂ − θ₁‖₂ of the segments of the Lipschitz claims: from infinitesimal (derivative) to global.
constexpr double kStepLo = 1e-7;
constexpr double kStepHi = 20.0;

// ---------------------------------------------------------------------------------------------------------
// Numerical helpers (generic in the scalar T).
// ---------------------------------------------------------------------------------------------------------

template <class T> T norm_l2(const Vec<T>& v) {
  return sqrt(v.squaredNorm());
}

/// M with the column means subtracted: C·M, C = I − (1/S)11ᵀ.
template <class T> Mat<T> center_columns(Mat<T> m) {
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    m.col(j) = center<T>(m.col(j));
  return m;
}

/// The far end θ + r·u/‖u‖ of a segment of length r (u ∈ T, so the segment stays in Θ when θ ∈ Θ).
template <class T> Vec<T> step_along(const Vec<T>& theta, const Vec<T>& u, const T& r) {
  return theta + u * (r / norm_l2(u));
}

/// The segment [θ₁, θ₂] of a sample of logit_pair_domain: θ₁ = theta, θ₂ = θ₁ + r·u/‖u‖.
template <class T> struct LogitPair { Vec<T> t1, t2; };
template <class T> LogitPair<T> logit_pair(const Args<T>& a) {
  const Vec<T> t1 = a.logits("theta");
  return {t1, step_along(t1, a.tangent("u"), a.real("r"))};
}

/// The active (unclipped) set A(θ) = {i : p_θ(i) > δ⋆} as a bit pattern.
template <class T> std::vector<bool> active_set(const Vec<T>& theta, const T& delta_star) {
  const Vec<T> p = softmax(theta);
  std::vector<bool> a(static_cast<std::size_t>(p.size()));
  for (Eigen::Index i = 0; i < p.size(); ++i)
    a[static_cast<std::size_t>(i)] = p(i) > delta_star;
  return a;
}

/// True when the active set is the same at n+1 equispaced points of the segment [θ₁, θ₂]: the segment is
/// kink-free (the hypothesis of eq. LDP-hard), up to excursions shorter than the grid spacing.
template <class T> bool kink_free(const Vec<T>& t1, const Vec<T>& t2, const T& delta_star, int n = 64) {
  const auto a0 = active_set(t1, delta_star);
  for (int j = 1; j <= n; ++j) {
    const T s = T(j) / T(n);
    if (active_set(Vec<T>(t1 + (t2 - t1) * s), delta_star) != a0)
      return false;
  }
  return true;
}

/// θ lies on the kink set {p_θ(i) = δ⋆ for some i}, where DP and B are not defined (the claims are a.e.).
template <class T> bool on_kink(const Vec<T>& theta, const T& delta_star) {
  const Vec<T> p = softmax(theta);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) == delta_star)
      return true;
  return false;
}

/// The hard-clip claims on a pair: both ends off the kink set (where DP and B are defined), and the whole
/// segment kink-free when `require_kink_free`.
template <class T>
bool hard_pair_admissible(const Vec<T>& t1, const Vec<T>& t2, const T& ds, bool require_kink_free) {
  if (on_kink(t1, ds) || on_kink(t2, ds))
    return false;
  return !require_kink_free || kink_free(t1, t2, ds);
}

/// ‖D(θ₂) − D(θ₁)‖_op ≤ L‖θ₂ − θ₁‖₂ for the Jacobian map θ ↦ D(θ) = jacobian(θ).
template <class T, class Jacobian>
Ineq<T> jacobian_lipschitz(const Vec<T>& t1, const Vec<T>& t2, Jacobian jacobian, const T& L) {
  const T lhs = spectral_norm<T>(Mat<T>(jacobian(t2) - jacobian(t1)));
  return le<T>(lhs, L * norm_l2(Vec<T>(t2 - t1)));
}

/// A smooth surrogate χ_τ of the hard clip x ↦ max(x, δ⋆) (App. B, eq. LDP-smooth), with χ' ∈ [0,1] and the
/// exact c_τ = Lip(χ'_τ) = sup|χ''_τ|.
///   softplus:   χ = δ⋆ + τ·log(1+e^{(x−δ⋆)/τ})                 ≥ max(x,δ⋆),  c_τ = 1/(4τ)
///   hyperbolic: χ = (x + δ⋆ + √((x−δ⋆)² + τ²))/2                ≥ max(x,δ⋆),  c_τ = 1/(2τ)
///   symmetric:  χ = τ·log((e^{x/τ} + e^{δ⋆/τ})/2) (softplus − τ log 2), |χ − max| ≤ τ log 2, dips below δ⋆;
///               c_τ = 1/(4τ)
enum class Surrogate { softplus, hyperbolic, symmetric };

template <class T> struct SmoothClip {
  Surrogate kind;
  T delta_star, tau;

  /// log(1 + e^z), without overflow.
  static T softplus(const T& z) { return (z > 0 ? z : T(0)) + log(T(1) + exp(-abs(z))); }
  static T logistic(const T& z) { return z >= 0 ? T(1) / (T(1) + exp(-z)) : T(exp(z) / (T(1) + exp(z))); }
  T value(const T& x) const {
    switch (kind) {
    case Surrogate::softplus:
      return delta_star + tau * softplus((x - delta_star) / tau);
    case Surrogate::hyperbolic: {
      const T d = x - delta_star;
      return (x + delta_star + sqrt(d * d + tau * tau)) / T(2);
    }
    case Surrogate::symmetric:
      return delta_star + tau * (softplus((x - delta_star) / tau) - log(T(2)));
    }
    return x;
  }
  T slope(const T& x) const { // χ'_τ(x) ∈ [0,1]
    if (kind == Surrogate::hyperbolic) {
      const T d = x - delta_star;
      return (T(1) + d / sqrt(d * d + tau * tau)) / T(2);
    }
    return logistic((x - delta_star) / tau);
  }
  T c_tau() const { return kind == Surrogate::hyperbolic ? T(1) / (T(2) * tau) : T(1) / (T(4) * tau); }
};

/// The smoothed lift P_τ(θ) = C log χ_τ(p_θ), coordinatewise.
template <class T> Vec<T> smooth_lift(const Vec<T>& theta, const SmoothClip<T>& chi) {
  Vec<T> p = softmax(theta);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    p(i) = log(chi.value(p(i)));
  return center(p);
}
/// DP_τ(θ) = C diag(χ'_τ(p)/χ_τ(p)) J_θ.
template <class T> Mat<T> smooth_lift_jacobian(const Vec<T>& theta, const SmoothClip<T>& chi) {
  const Vec<T> p = softmax(theta);
  Mat<T> d = covariance_matrix(p);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    d.row(i) *= chi.slope(p(i)) / chi.value(p(i));
  return center_columns(d);
}
/// B_τ(θ) = J_{P_τ(θ)} DP_τ(θ) = D_θ softmax(P_τ(θ)).
template <class T> Mat<T> smooth_clipped_softmax_jacobian(const Vec<T>& theta, const SmoothClip<T>& chi) {
  return covariance_matrix(softmax(smooth_lift(theta, chi))) * smooth_lift_jacobian(theta, chi);
}

/// The hard-clip L_DP of eq. (LDP-hard): a/δ⋆² + b·√S/δ⋆ (paper: a = 1/4, b = 1/(3√3)).
template <class T> T ldp_hard(int S, const T& ds, const T& a, const T& b) {
  return a / (ds * ds) + b * sqrt(T(S)) / ds;
}
/// The smooth-clip L_DP of eq. (LDP-smooth): a(1+c_τ)/δ⋆² + b'·c_τ/δ⋆ + b·√S/δ⋆ (a = 1/4, b' = 1/2, b =
/// 1/(3√3)).
template <class T> T ldp_smooth(int S, const T& ds, const T& c_tau, const T& a, const T& b_half, const T& b) {
  return a * (T(1) + c_tau) / (ds * ds) + b_half * c_tau / ds + b * sqrt(T(S)) / ds;
}
/// The paper's own values of the L_DP coefficients (used where L_DP enters a later claim).
template <class T> T paper_ldp_hard(int S, const T& ds) {
  return ldp_hard<T>(S, ds, T(1) / T(4), T(1) / (T(3) * sqrt(T(3))));
}
template <class T> T paper_ldp_smooth(int S, const T& ds, const T& c_tau) {
  return ldp_smooth<T>(S, ds, c_tau, T(1) / T(4), T(1) / T(2), T(1) / (T(3) * sqrt(T(3))));
}

/// Test objectives 𝒥 for Assumption (A) on [δ_min,1]^S, with their exact constants:
///   linear    𝒥(q) = ⟨a,q⟩:          ∇𝒥 = a,    L_p = 0,      G_p = ‖a‖₂;
///   quadratic 𝒥(q) = −½ qᵀAq, A ≥ 0 entrywise and symmetric: ∇𝒥 = −Aq, L_p = ‖A‖_op,
///             G_p = sup_{q∈[δ_min,1]^S} ‖Aq‖₂ = ‖A1‖₂ (Aq ≥ 0 grows with every q_i, so the sup sits at q =
///             1).
template <class T> struct Objective {
  Vec<T> a;
  Mat<T> A;
  T Lp{0}, Gp{0};
  T value(const Vec<T>& q) const { return a.dot(q) - T(0.5) * q.dot(A * q); }
  Vec<T> gradient(const Vec<T>& q) const { return a - A * q; }
};
template <class T> Objective<T> linear_objective(const Vec<T>& a) {
  Objective<T> o;
  o.a = a;
  o.A = Mat<T>::Zero(a.size(), a.size());
  o.Lp = T(0);
  o.Gp = norm_l2(a);
  return o;
}
/// A = |u||v|ᵀ + |v||u|ᵀ + diag|w|: symmetric, entrywise ≥ 0, indefinite in general.
template <class T> Objective<T> quadratic_objective(const Vec<T>& u, const Vec<T>& v, const Vec<T>& w) {
  const auto S = u.size();
  Vec<T> au(S), av(S);
  Objective<T> o;
  o.a = Vec<T>::Zero(S);
  for (Eigen::Index i = 0; i < S; ++i)
    au(i) = abs(u(i)), av(i) = abs(v(i));
  o.A = au * av.transpose() + av * au.transpose();
  for (Eigen::Index i = 0; i < S; ++i)
    o.A(i, i) += abs(w(i));
  o.Lp = spectral_norm<T>(o.A);
  o.Gp = norm_l2(Vec<T>(o.A * Vec<T>::Ones(S)));
  return o;
}

/// ∇_θΦ(θ) = B(θ)ᵀ ∇𝒥(p(θ)) with p(θ) = softmax(P(θ)) (proof of thm:B-composite), hard clip.
template <class T> Vec<T> composite_gradient(const Vec<T>& theta, const T& ds, const Objective<T>& J) {
  const Vec<T> q = softmax(logit_lift(theta, ds));
  return clipped_softmax_jacobian(theta, ds).transpose() * J.gradient(q);
}
template <class T>
Vec<T> smooth_composite_gradient(const Vec<T>& theta, const SmoothClip<T>& chi, const Objective<T>& J) {
  const Vec<T> q = softmax(smooth_lift(theta, chi));
  return smooth_clipped_softmax_jacobian(theta, chi).transpose() * J.gradient(q);
}

/// L_θ of thm:B-composite: c16·L_p/δ⋆² + G_p(c12·√S/δ⋆² + c2·L_DP) (paper: c16 = 1/16, c12 = 1/(12√3), c2 =
/// 1/2).
template <class T>
T composite_constant(int S, const T& ds, const T& Lp, const T& Gp, const T& ldp, const T& c16, const T& c12,
                     const T& c2) {
  return c16 * Lp / (ds * ds) + Gp * (c12 * sqrt(T(S)) / (ds * ds) + c2 * ldp);
}

/// δ⋆ drawn from the sample, with the claim's hypothesis δ⋆ ∈ (0,1) enforced.
template <class T> bool in_unit_interval(const T& x) {
  return x > 0 && x < 1;
}

// ---------------------------------------------------------------------------------------------------------
// Domains and the paper's extremal points.
// ---------------------------------------------------------------------------------------------------------

/// Pairs θ₁ ∈ Θ, θ₂ = θ₁ + r·u/‖u‖ with δ⋆ ∈ (0,1).
Domain logit_pair_domain() {
  return Domain()
      .logits("theta", 3.0)
      .tangent("u")
      .real("r", kStepLo, kStepHi, true)
      .real("dstar", kDeltaLo, kDeltaHi);
}

/// The points where Prop. prop:B-lip-P and eq. DP-DsmP are tight: θ = 0 (uniform p, nothing clipped),
/// δ⋆ just below 1/S, an infinitesimal step along e₁ − e₂ (S = 2: ratio 2δ⋆ → 1).
std::vector<Assign> uniform_unclipped_points(int S) {
  return {{{"theta", zeros(S)}, {"u", pair_direction(S)}, {"r", {1e-6}}, {"dstar", {(1.0 - 1e-4) / S}}}};
}

/// A pair straddling a clipping kink: p₀ = δ⋆(1+1e-8) with δ⋆ = 1/(2S), the other masses equal, and a step
/// r = 1e-6 that lowers θ₀ so that coordinate 0 becomes clipped.
std::vector<Assign> kink_crossing_points(int S) {
  const double ds = 0.5 / S;
  const double p0 = ds * (1 + 1e-8), rest = (1 - p0) / (S - 1);
  std::vector<double> theta(S, std::log(rest));
  theta[0] = std::log(p0);
  return {{{"theta", theta}, {"u", unit_vec(S, 0, -1.0)}, {"r", {1e-6}}, {"dstar", {ds}}}};
}

/// The kink-crossing pair with test objectives whose gradients see the jump of B: a = e₀ (linear),
/// A = e₀1ᵀ + 1e₀ᵀ + I (quadratic).
std::vector<Assign> kink_crossing_objective_points(int S) {
  const std::vector<double> e0 = unit_vec(S, 0), ones(S, 1.0);
  return with_extra(kink_crossing_points(S), {{"a", e0}, {"u1", e0}, {"v1", ones}, {"w1", ones}});
}

// ---------------------------------------------------------------------------------------------------------
// §B.4 Definition and effective floor.
// ---------------------------------------------------------------------------------------------------------

// App. B §B.4 "Definition and effective floor": q = 𝒞_{δ⋆}(p) ⇒ q_i ≥ δ_min = δ⋆/(1+(S−1)δ⋆); with
// eq. (smP-equals-clip), softmax(P(θ)) ∈ [δ_min,1]^S (§B.5 "Domain and Assumption (A)").
DCRV_CLAIM(claim_clip_floor) {
  return forall("B.clip-floor", Kind::bound)
      .statement(
          R"(\min_i(\mathcal C_{\delta_\star}(p))_i \ge c\,\delta_{\min}$, $\delta_{\min}=\frac{\delta_\star}{1+(S-1)\delta_\star})"
          R"($ for all $\delta_\star\in(0,1)$, $p\in\Delta^{S-1}$ (closed), and $\mathrm{softmax}(P(\theta))\in[c\,\delta_{\min},1]^S)"
          R"($ for all $\theta\in\Theta$; $c=1)")
      .constant("c", 1.0, Role::lower, "coefficient of delta_min in the floor")
      .over(Domain().simplex("p", true).real("dstar", kDeltaLo, kDeltaHi))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ds = a.real("dstar");
        const Vec<T> q = clip_renormalize(a.simplex("p"), ds);
        return ge<T>(q.minCoeff(), k("c") * clip_floor(a.S(), ds));
      })
      .and_holds("softmax(P(theta)) in [delta_min,1]^S",
                 Domain().logits("theta", 3.0).real("dstar", kDeltaLo, kDeltaHi),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const T ds = a.real("dstar");
                   const Vec<T> q = softmax(logit_lift(a.logits("theta"), ds));
                   return worst(ge<T>(q.minCoeff(), k("c") * clip_floor(a.S(), ds)),
                                le<T>(q.maxCoeff(), T(1)));
                 });
}

// App. B §B.4, "this lower bound is sharp whenever clipping occurs" — reading (i) of the inventory: the
// floor is the best constant, attained by a clipped p (the vertex e_j: all S−1 other coordinates clipped).
DCRV_CLAIM(claim_clip_floor_sharp) {
  return forall("B.clip-floor-sharp", Kind::sharpness)
      .statement(
          R"(\inf_{p\in\Delta^{S-1}}\min_i(\mathcal C_{\delta_\star}(p))_i = c\,\delta_{\min})"
          R"($ for every $\delta_\star\in(0,1)$, $S\ge2$, attained at the clipped vertex $p=e_j$; $c=1)")
      .reading(
          "(i) the floor is best possible: min_i C(p)_i >= delta_min for all p, with equality at p = e_j, "
          "where the S-1 other coordinates are clipped")
      .constant("c", 1.0, Role::exact, "coefficient of delta_min (bound and attained value)")
      .over(Domain().simplex("p", true).real("dstar", kDeltaLo, kDeltaHi))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ds = a.real("dstar");
        return ge<T>(clip_renormalize(a.simplex("p"), ds).minCoeff(), k("c") * clip_floor(a.S(), ds));
      })
      .and_holds("attained at the vertex e_j (computed in T)",
                 Domain().index("j").real("dstar", kDeltaLo, kDeltaHi),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const T ds = a.real("dstar");
                   const Vec<T> vertex = Vec<T>::Unit(a.S(), a.index("j"));
                   const Vec<T> q = clip_renormalize(vertex, ds);
                   return eq<T>(q.minCoeff(), k("c") * clip_floor(a.S(), ds));
                 });
}

// App. B §B.4, reading (ii) of "sharp whenever clipping occurs": every p with a clipped coordinate attains
// the floor.
DCRV_CLAIM(claim_clip_floor_sharp_every) {
  return forall("B.clip-floor-sharp~every-clipped-p", Kind::sharpness)
      .statement(
          R"(\min_i(\mathcal C_{\delta_\star}(p))_i = c\,\delta_{\min}$ for every $p\in\Delta^{S-1}$ with )"
          R"(some $p_i<\delta_\star$; $c=1)")
      .reading("(ii) for every p with at least one clipped coordinate (p_i < delta_star) the minimum of C(p) "
               "equals delta_min")
      .constant("c", 1.0, Role::exact, "coefficient of delta_min")
      .over(Domain().simplex("p", true).real("dstar", kDeltaLo, kDeltaHi).points([](int S) {
        std::vector<double> p(S, 1.0); // p = (0.2·…): one coordinate just below δ⋆ = 0.3 when S = 2
        p[0] = 0.2;
        p[1] = 0.8;
        for (int i = 2; i < S; ++i)
          p[i] = 0.8;
        return std::vector<Assign>{{{"p", p}, {"dstar", {0.3}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ds = a.real("dstar");
        const Vec<T> p = a.simplex("p");
        if (!(p.minCoeff() < ds))
          return skip<T>();
        return eq<T>(clip_renormalize(p, ds).minCoeff(), k("c") * clip_floor(a.S(), ds));
      });
}

// App. B §B.4, boxed implication: δ̲ ∈ (0,1/S), δ⋆ = δ̲/(1−(S−1)δ̲) ⇒ δ⋆ ∈ (0,1) and min_i 𝒞_{δ⋆}(p)_i ≥ δ̲
// (equivalently δ_min(δ⋆) = δ̲).
DCRV_CLAIM(claim_clip_floor_design) {
  return forall("B.clip-floor-design", Kind::bound)
      .statement(
          R"(\text{for }\underline\delta\in(0,1/S)\text{ and }\delta_\star=a\,\underline\delta/(1-(S-1)\underline\delta):)"
          R"(\ \delta_\star\in(0,1),\ \delta_{\min}(\delta_\star)=\underline\delta\text{ and })"
          R"(\min_i(\mathcal C_{\delta_\star}(p))_i\ge\underline\delta\ \forall p\in\Delta^{S-1};\ a=1)")
      .constant("a", 1.0, Role::exact, "coefficient of the design formula for delta_star")
      .over(Domain()
                .simplex("p", true)
                .real("dlow",
                      [](int S) {
                        return std::pair{0.0, 1.0 / S};
                      })
                .points([](int S) {
                  std::vector<double> vertex(S, 0.0);
                  vertex[0] = 1;
                  return std::vector<Assign>{{{"p", vertex}, {"dlow", {0.5 / S}}},
                                             {{"p", vertex}, {"dlow", {(1 - 1e-6) / S}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int S = a.S();
        const T dlow = a.real("dlow");
        if (!(dlow > 0 && dlow * T(S) < T(1)))
          return skip<T>();
        const T ds = k("a") * dlow / (T(1) - T(S - 1) * dlow);
        const Ineq<T> in_range = worst(le<T>(ds, T(1)), ge<T>(ds, T(0)));
        const Ineq<T> floor_holds = ge<T>(clip_renormalize(a.simplex("p"), ds).minCoeff(), dlow);
        return worst(worst(in_range, floor_holds), eq<T>(clip_floor(S, ds), dlow));
      });
}

// ---------------------------------------------------------------------------------------------------------
// §B.4 Logit lift and normalization cancellation; eq. (smP-equals-clip).
// ---------------------------------------------------------------------------------------------------------

// App. B §B.4 "Logit lift and normalization cancellation": C log p′ = C log(p′/‖p′‖₁), p′ = max(p_θ, δ⋆).
DCRV_CLAIM(claim_lift_normalization_cancel) {
  return forall("B.lift-normalization-cancel", Kind::identity)
      .statement(R"(C\log p' = C\log\big(p'/\|p'\|_1\big)$ with $p'=\max(p_\theta,\delta_\star)$, for all )"
                 R"($\theta\in\mathbb R^S$, $\delta_\star\in(0,1))")
      .over(Domain().logits("theta", 3.0, false).real("dstar", kDeltaLo, kDeltaHi))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T ds = a.real("dstar");
        Vec<T> pp = softmax(a.logits("theta"));
        for (Eigen::Index i = 0; i < pp.size(); ++i)
          pp(i) = pp(i) > ds ? pp(i) : ds;
        const Vec<T> log_pp = log_of(pp);
        const Vec<T> q = pp / pp.sum();
        const Vec<T> log_q = log_of(q);
        // Magnitude before the centring cancels: max_i |log p'_i|, |log q_i| (all clipped ⇒ both sides
        // vanish).
        return eq<T>(center(log_pp), center(log_q), std::max(norm_inf<T>(log_pp), norm_inf<T>(log_q)));
      });
}

// App. B, boxed eq. (smP-equals-clip): softmax(P(θ)) = 𝒞_{δ⋆}(p_θ).
DCRV_CLAIM(claim_lift_softmax_equals_clip) {
  return forall("B.lift-softmax-equals-clip", Kind::identity)
      .statement(
          R"(\mathrm{softmax}(P(\theta)) = \mathcal C_{\delta_\star}(p_\theta)$ for all $\theta\in\mathbb R^S)"
          R"($, $\delta_\star\in(0,1)$ (componentwise relative residual))")
      .over(Domain().logits("theta", 3.0, false).real("dstar", kDeltaLo, kDeltaHi))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T ds = a.real("dstar");
        const Vec<T> theta = a.logits("theta");
        return eq_rel<T>(softmax(logit_lift(theta, ds)), clip_renormalize(softmax(theta), ds));
      });
}

// ---------------------------------------------------------------------------------------------------------
// §B.4 Prop. prop:B-lip-P and eq. (DP-DsmP).
// ---------------------------------------------------------------------------------------------------------

// App. B, proof of Prop. prop:B-lip-P (first step) and "Local no-clip criterion": ‖p_θ − p_ϑ‖₂ ≤ ½‖θ − ϑ‖₂.
DCRV_CLAIM(claim_softmax_lip_half) {
  return forall("B.softmax-lip-half", Kind::bound)
      .statement(
          R"(\|p_\theta-p_\vartheta\|_2\le c\,\|\theta-\vartheta\|_2$ for all $\theta,\vartheta\in\Theta$, $c=\tfrac12)")
      .constant("c", 0.5, Role::upper, "Lipschitz constant of softmax in l2")
      .over(logit_pair_domain().points(uniform_unclipped_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [t1, t2] = logit_pair(a);
        return le<T>(norm_l2(Vec<T>(softmax(t1) - softmax(t2))), k("c") * norm_l2(Vec<T>(t1 - t2)));
      });
}

// App. B, Prop. prop:B-lip-P, first inequality: ‖P(θ) − P(ϑ)‖₂ ≤ ‖θ − ϑ‖₂/(2δ⋆), every δ⋆ ∈ (0,1).
DCRV_CLAIM(claim_lipP) {
  return forall("B.lipP", Kind::bound)
      .statement(R"(\|P(\theta)-P(\vartheta)\|_2\le \frac{c}{\delta_\star}\|\theta-\vartheta\|_2$ for all )"
                 R"($\theta,\vartheta\in\Theta$, $\delta_\star\in(0,1)$; $c=\tfrac12)")
      .constant("c", 0.5, Role::upper, "coefficient of 1/delta_star")
      .over(logit_pair_domain().points(uniform_unclipped_points).points(kink_crossing_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ds = a.real("dstar");
        const auto [t1, t2] = logit_pair(a);
        return le<T>(norm_l2(Vec<T>(logit_lift(t1, ds) - logit_lift(t2, ds))),
                     k("c") / ds * norm_l2(Vec<T>(t1 - t2)));
      });
}

// App. B, Prop. prop:B-lip-P, second inequality, and boxed eq. (p-Lip-theta):
// ‖softmax(P(θ)) − softmax(P(ϑ))‖₂ ≤ ‖θ − ϑ‖₂/(4δ⋆).
DCRV_CLAIM(claim_lip_smP) {
  return forall("B.lip-smP", Kind::bound)
      .statement(
          R"(\|\mathrm{softmax}(P(\theta))-\mathrm{softmax}(P(\vartheta))\|_2\le \frac{c}{\delta_\star})"
          R"(\|\theta-\vartheta\|_2$ for all $\theta,\vartheta\in\Theta$, $\delta_\star\in(0,1)$; $c=\tfrac14)")
      .constant("c", 0.25, Role::upper, "coefficient of 1/delta_star")
      .over(logit_pair_domain().points(uniform_unclipped_points).points(kink_crossing_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ds = a.real("dstar");
        const auto [t1, t2] = logit_pair(a);
        const Vec<T> d = softmax(logit_lift(t1, ds)) - softmax(logit_lift(t2, ds));
        return le<T>(norm_l2(d), k("c") / ds * norm_l2(Vec<T>(t1 - t2)));
      });
}

/// θ = 0 with δ⋆ just below 1/S: nothing is clipped, DP(0) = C (norm 1) and B(0) = J_0 (norm 1/S), so at S =
/// 2 both bounds of eq. (DP-DsmP) are attained in the limit δ⋆ ↑ 1/2.
std::vector<Assign> uniform_theta_points(int S) {
  return {{{"theta", std::vector<double>(S, 0.0)}, {"dstar", {(1.0 - 1e-9) / S}}}};
}

/// Logits θ ∈ Θ and δ⋆ ∈ (0,1), with the uniform-θ points.
Domain uniform_theta_domain() {
  return Domain().logits("theta", 3.0).real("dstar", kDeltaLo, kDeltaHi).points(uniform_theta_points);
}
/// ‖D(θ)‖_op ≤ c/δ⋆ off the kink set, for the Jacobian D = jacobian(θ, δ⋆) of eq. (DP-DsmP).
template <class Jacobian> auto opnorm_off_kink(Jacobian jacobian) {
  return [jacobian]<class T>(const Args<T>& a, const Consts<T>& k) {
    const T ds = a.real("dstar");
    if (on_kink(a.logits("theta"), ds))
      return skip<T>();
    return le<T>(spectral_norm<T>(jacobian(a.logits("theta"), ds)), k("c") / ds);
  };
}

// App. B, boxed eq. (DP-DsmP) first part and eq. (chain-bounds): ‖DP(θ)‖_op ≤ 1/(2δ⋆) off the kink set.
DCRV_CLAIM(claim_DP_opnorm) {
  return forall("B.DP-opnorm", Kind::bound)
      .statement(
          R"(\|DP(\theta)\|_{op}\le \frac{c}{\delta_\star}$ for $\theta\in\Theta$ off the kink set, )"
          R"($\delta_\star\in(0,1)$, $DP=C\,\mathrm{diag}(\mathbb 1\{p_\theta>\delta_\star\}/p_\theta)J_\theta$; $c=\tfrac12)")
      .constant("c", 0.5, Role::upper, "coefficient of 1/delta_star")
      .over(uniform_theta_domain())
      .holds(opnorm_off_kink(
          []<class T>(const Vec<T>& theta, const T& ds) { return logit_lift_jacobian<T>(theta, ds); }));
}

// App. B, boxed eq. (DP-DsmP) second part, eq. (chain-bounds) third part: ‖B(θ)‖_op ≤ 1/(4δ⋆) a.e.
DCRV_CLAIM(claim_DsmP_opnorm) {
  return forall("B.DsmP-opnorm", Kind::bound)
      .statement(
          R"(\|B(\theta)\|_{op}=\|D(\mathrm{softmax}\circ P)(\theta)\|_{op}\le \frac{c}{\delta_\star}$ for )"
          R"($\theta\in\Theta$ off the kink set, $\delta_\star\in(0,1)$; $c=\tfrac14)")
      .constant("c", 0.25, Role::upper, "coefficient of 1/delta_star")
      .over(uniform_theta_domain())
      .holds(opnorm_off_kink(
          []<class T>(const Vec<T>& theta, const T& ds) { return clipped_softmax_jacobian<T>(theta, ds); }));
}

// App. B §B.5 "Chain pieces": B(θ) = D_θ softmax(P(θ)) = J_{P(θ)} DP(θ) off the kink set. The product
// J_{P(θ)}DP(θ) is compared with two independent computations of D_θ softmax(P(θ)):
// (a) the quotient rule applied to softmax(P(θ)) = 𝒞_{δ⋆}(p_θ) = m/Σm, m = max(p_θ,δ⋆):
//     D = (I − q1ᵀ) diag(1_A) J_θ / Σm;
// (b) the 5-point central difference of θ ↦ softmax(P(θ)) along each e_k (h = 10^{−digits/4}), on
//     stencils that stay inside one active set.
DCRV_CLAIM(claim_chain_B_factorization) {
  return forall("B.chain-B-factorization", Kind::identity)
      .statement(
          R"(J_{P(\theta)}\,DP(\theta) = D_\theta\,\mathrm{softmax}(P(\theta))$ for $\theta$ off the kink )"
          R"(set, $\delta_\star\in(0,1)$ (right side by the quotient rule on $\mathcal C_{\delta_\star}(p_\theta)$ and by )"
          R"(a 5-point difference quotient))")
      .over(Domain().logits("theta", 3.0, false).real("dstar", kDeltaLo, kDeltaHi))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T ds = a.real("dstar");
        const Vec<T> theta = a.logits("theta");
        const int S = a.S();
        const Vec<T> p = softmax(theta);
        for (Eigen::Index i = 0; i < p.size(); ++i)
          if (p(i) == ds)
            return skip<T>(); // on the kink set
        const Mat<T> product = clipped_softmax_jacobian(theta, ds);
        // Magnitude of the terms of J_{P(θ)}·DP(θ) before cancellation (q near a vertex: 1 − q_i cancels).
        const Mat<T> dp = logit_lift_jacobian(theta, ds);
        const T product_scale = softmax(logit_lift(theta, ds)).maxCoeff() * dp.cwiseAbs().maxCoeff();
        // (a) quotient rule on q = m/Σm.
        Vec<T> m = p;
        Mat<T> masked = covariance_matrix(p);
        for (Eigen::Index i = 0; i < S; ++i) {
          if (!(p(i) > ds))
            masked.row(i).setZero(), m(i) = ds;
        }
        const T total = m.sum();
        const Vec<T> q = m / total;
        const Mat<T> quotient = (Mat<T>::Identity(S, S) - q * Vec<T>::Ones(S).transpose()) * masked / total;
        // (b) 5-point stencil f'(θ) ≈ (−f(θ+2h) + 8f(θ+h) − 8f(θ−h) + f(θ−2h))/(12h), error O(h⁴) + O(ε/h).
        const double digits = scalar_digits<T>();
        const T h = T(std::pow(10.0, -digits / 4));
        const auto center_set = active_set(theta, ds);
        Mat<T> fd(S, S);
        for (int kk = 0; kk < S; ++kk) {
          Vec<T> f[4];
          const int offsets[4] = {2, 1, -1, -2};
          for (int s = 0; s < 4; ++s) {
            Vec<T> t = theta;
            t(kk) += T(offsets[s]) * h;
            if (active_set(t, ds) != center_set)
              return eq<T>(product, quotient, product_scale); // stencil crosses a kink
            f[s] = softmax(logit_lift(t, ds));
          }
          fd.col(kk) = (-f[0] + T(8) * f[1] - T(8) * f[2] + f[3]) / (T(12) * h);
        }
        // Rounding of the difference quotient is ~ 10^{−digits}/h; measure it against the identity tolerance.
        const T fd_scale = T(100) * T(std::pow(10.0, -digits)) / (h * identity_tolerance<T>());
        return worst(eq<T>(product, quotient, product_scale), eq<T>(product, fd, fd_scale));
      });
}

// ---------------------------------------------------------------------------------------------------------
// §B.4 Local no-clip criterion; eq. (postclip).
// ---------------------------------------------------------------------------------------------------------

// App. B §B.4 "Local no-clip criterion": ‖θ − θ₀‖₂ ≤ ε ⇒ ‖p_θ − p_{θ₀}‖_∞ ≤ ε/2.
DCRV_CLAIM(claim_no_clip_sup_shift) {
  return forall("B.no-clip-sup-shift", Kind::bound)
      .statement(
          R"(\|\theta-\theta_0\|_2\le\varepsilon\ \Rightarrow\ \|p_\theta-p_{\theta_0}\|_\infty\le c\,\varepsilon)"
          R"($ for $\theta,\theta_0\in\Theta$, $\varepsilon>0$; $c=\tfrac12)")
      .constant("c", 0.5, Role::upper, "coefficient of epsilon")
      .over(Domain()
                .logits("theta0", 3.0)
                .tangent("u")
                .real("r", kStepLo, kStepHi, true)
                .real("slack", 1.0, 4.0) // ε = slack·‖θ − θ₀‖₂ ≥ ‖θ − θ₀‖₂
                .points([](int S) {
                  return std::vector<Assign>{
                      {{"theta0", zeros(S)}, {"u", pair_direction(S)}, {"r", {1e-4}}, {"slack", {1.0}}}};
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> t0 = a.logits("theta0"), t = step_along(t0, a.tangent("u"), a.real("r"));
        const T eps = a.real("slack") * norm_l2(Vec<T>(t - t0));
        return le<T>(norm_inf<T>(Vec<T>(softmax(t) - softmax(t0))), k("c") * eps);
      });
}

// App. B §B.4 "Local no-clip criterion": min_i p_{θ₀}(i) ≥ δ⋆ + ε and ‖θ − θ₀‖₂ ≤ ε ⇒ no coordinate of p_θ
// is clipped and P(θ) = C log p_θ = θ. The hypotheses are parametrised exactly: with m = min_i p_{θ₀}(i),
// ε = λm/a, δ⋆ = κ(m − aε) ≤ m − aε, θ = θ₀ + με·u/‖u‖ (λ, κ, μ ∈ (0,1]).
DCRV_CLAIM(claim_no_clip_identity) {
  return forall("B.no-clip-identity", Kind::identity)
      .statement(
          R"(\min_i p_{\theta_0}(i)\ge\delta_\star+a\varepsilon,\ \|\theta-\theta_0\|_2\le\varepsilon)"
          R"(\ \Rightarrow\ \min_i p_\theta(i)>\delta_\star\text{ and }P(\theta)=C\log p_\theta=\theta$ for )"
          R"($\theta,\theta_0\in\Theta$, $\varepsilon>0$; $a=1)")
      .constant("a", 1.0, Role::upper, "coefficient of epsilon in the hypothesis min p >= delta_star + a eps")
      .over(Domain()
                .logits("theta0", 3.0)
                .tangent("u")
                .real("lambda", 0.0, 1.0)
                .real("kappa", 0.0, 1.0)
                .real("mu", 0.0, 1.0)
                .points([](int S) {
                  std::vector<Assign> pts;
                  for (double lam : {1e-3, 1e-2, 0.1})
                    pts.push_back({{"theta0", zeros(S)},
                                   {"u", pair_direction(S)},
                                   {"lambda", {lam}},
                                   {"kappa", {1.0}},
                                   {"mu", {1.0}}});
                  return pts;
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> t0 = a.logits("theta0");
        const T m = softmax(t0).minCoeff();
        const T eps = a.real("lambda") * m / k("a");
        const T ds = a.real("kappa") * (m - k("a") * eps);
        if (!(eps > 0 && in_unit_interval(ds)))
          return skip<T>();
        const Vec<T> t = step_along(t0, a.tangent("u"), T(a.real("mu") * eps));
        const Vec<T> p = softmax(t);
        // No clipping (p_θ(i) > δ⋆ for all i), then the identity P(θ) = θ.
        const Ineq<T> unclipped = le<T>(ds, p.minCoeff());
        if (!(p.minCoeff() > ds))
          return eq<T>(T(1), T(0), T(1)); // clipped: the conclusion fails outright
        // Magnitude before the centring cancels: max_i |log p_θ(i)|.
        return worst(unclipped, eq<T>(logit_lift(t, ds), t, norm_inf<T>(log_of(p))));
      });
}

/// θ ∈ Θ whose p has c coordinates at δ⋆/e and the rest equal (δ⋆ = 0.01): where ‖P(θ) − θ‖₂/((δ⋆/δ̲)√c) and
/// the √S version are largest (log x / x is maximal at x = e).
std::vector<Assign> postclip_points(int S, int clipped) {
  const double ds = 0.01, low = ds / std::exp(1.0);
  const double rest = (1 - clipped * low) / (S - clipped);
  std::vector<double> theta(S, std::log(rest));
  for (int i = 0; i < clipped; ++i)
    theta[i] = std::log(low);
  return {{{"theta", theta}, {"dstar", {ds}}, {"lambda", {1.0}}}};
}

/// A sample of postclip_domain: δ⋆, θ, p_θ and δ̲ = λ·min_i p_θ(i) (the hypothesis 0 < δ̲ ≤ min_i p_θ(i)).
template <class T> struct PostclipSample {
  T ds;
  Vec<T> theta, p;
  T dlow;
};
template <class T> PostclipSample<T> postclip_sample(const Args<T>& a) {
  const Vec<T> theta = a.logits("theta"), p = softmax(theta);
  return {a.real("dstar"), theta, p, a.real("lambda") * p.minCoeff()};
}
/// θ ∈ Θ, δ⋆ ∈ (0,1), λ ∈ [0,1] (δ̲ = λ min p), with postclip_points(S, clipped(S)).
Domain postclip_domain(int (*clipped)(int S)) {
  return Domain()
      .logits("theta", 3.0)
      .real("dstar", kDeltaLo, kDeltaHi)
      .real("lambda", 0.0, 1.0)
      .points([clipped](int S) { return postclip_points(S, clipped(S)); });
}

// App. B, boxed eq. (postclip), first inequality: min_i p_θ(i) ≥ δ̲ > 0, c = |{i : p_θ(i) < δ⋆}| ⇒
// ‖P(θ) − θ‖₂ ≤ (δ⋆/δ̲)√c. Here δ̲ = λ·min_i p_θ(i), λ ∈ (0,1].
DCRV_CLAIM(claim_postclip_deviation) {
  return forall("B.postclip-deviation", Kind::bound)
      .statement(
          R"(\|P(\theta)-\theta\|_2\le k\,\frac{\delta_\star}{\underline\delta}\sqrt{c}$ for $\theta\in\Theta)"
          R"($, $\delta_\star\in(0,1)$, $0<\underline\delta\le\min_i p_\theta(i)$, $c=|\{i:p_\theta(i)<\delta_\star\}|$; $k=1)")
      .constant("k", 1.0, Role::upper, "coefficient of (delta_star/delta_low) sqrt(c)")
      .over(postclip_domain([](int) { return 1; }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [ds, theta, p, dlow] = postclip_sample(a);
        if (!(dlow > 0))
          return skip<T>();
        int clipped = 0;
        for (Eigen::Index i = 0; i < p.size(); ++i)
          clipped += p(i) < ds;
        // c = 0 ⇒ P(θ) = θ and both sides vanish: rounding measured against max_i|log p_i| (before centring).
        const T magnitude = norm_inf<T>(log_of(p));
        return le<T>(norm_l2(Vec<T>(logit_lift(theta, ds) - theta)), k("k") * ds / dlow * sqrt(T(clipped)),
                     magnitude);
      });
}

// App. B, boxed eq. (postclip), second inequality: ‖P(θ) − θ‖₂ ≤ (δ⋆/δ̲)√S.
DCRV_CLAIM(claim_postclip_deviation_sqrtS) {
  return forall("B.postclip-deviation-sqrtS", Kind::bound)
      .statement(
          R"(\|P(\theta)-\theta\|_2\le k\,\frac{\delta_\star}{\underline\delta}\sqrt{S}$ for $\theta\in\Theta)"
          R"($, $\delta_\star\in(0,1)$, $0<\underline\delta\le\min_i p_\theta(i)$; $k=1)")
      .constant("k", 1.0, Role::upper, "coefficient of (delta_star/delta_low) sqrt(S)")
      .over(postclip_domain([](int S) { return S / 2; }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [ds, theta, p, dlow] = postclip_sample(a);
        if (!(dlow > 0))
          return skip<T>();
        return le<T>(norm_l2(Vec<T>(logit_lift(theta, ds) - theta)), k("k") * ds / dlow * sqrt(T(a.S())));
      });
}

// ---------------------------------------------------------------------------------------------------------
// §B.4 "Smooth vs. hard clip; Lipschitz of DP": eqs. (LDP-hard), (LDP-smooth).
// ---------------------------------------------------------------------------------------------------------

// App. B, boxed eq. (LDP-hard): on a kink-free segment (active set fixed),
// ‖DP(θ₂) − DP(θ₁)‖_op ≤ (1/(4δ⋆²) + √S/(3√3 δ⋆))‖θ₂ − θ₁‖₂.
DCRV_CLAIM(claim_LDP_hard) {
  return forall("B.LDP-hard", Kind::bound)
      .statement(
          R"(\|DP(\theta_2)-DP(\theta_1)\|_{op}\le\Big(\frac{a}{\delta_\star^2}+\frac{b\sqrt S}{\delta_\star}\Big))"
          R"(\|\theta_2-\theta_1\|_2$ for $\theta_1,\theta_2\in\Theta$ joined by a segment on which )"
          R"($\{i:p_\theta(i)>\delta_\star\}$ is constant (checked at 65 points), $\delta_\star\in(0,1)$; )"
          R"($a=\tfrac14$, $b=\tfrac1{3\sqrt3})")
      .constant("a", 0.25, Role::upper, "coefficient of 1/delta_star^2")
      .constant("b", Role::upper, "coefficient of sqrt(S)/delta_star", kInvThreeRootThree)
      .over(logit_pair_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T ds = a.real("dstar");
        const auto [t1, t2] = logit_pair(a);
        if (!hard_pair_admissible(t1, t2, ds, true))
          return skip<T>();
        return jacobian_lipschitz<T>(
            t1, t2, [&](const Vec<T>& t) { return logit_lift_jacobian(t, ds); },
            ldp_hard<T>(a.S(), ds, k("a"), k("b")));
      });
}

/// Pairs and a smooth surrogate: δ⋆ ∈ (0,1), τ > 0.
Domain smooth_logit_pair_domain() {
  return logit_pair_domain().real("tau", 1e-5, 1e2, true);
}

template <class T> Ineq<T> ldp_smooth_property(const Args<T>& a, const Consts<T>& k, Surrogate kind) {
  const T ds = a.real("dstar");
  const SmoothClip<T> chi{kind, ds, a.real("tau")};
  const auto [t1, t2] = logit_pair(a);
  const T L = ldp_smooth<T>(a.S(), ds, chi.c_tau(), k("a"), k("b_half"), k("b"));
  return jacobian_lipschitz<T>(
      t1, t2, [&](const Vec<T>& t) { return smooth_lift_jacobian(t, chi); }, L);
}

// App. B, boxed eq. (LDP-smooth) — reading with χ_τ ≥ δ⋆ (the 1/δ⋆ factors then bound 1/χ_τ): the
// softplus and hyperbolic smooth maxima, both ≥ max(x,δ⋆); P_τ(θ) = C log χ_τ(p_θ), all pairs θ₁, θ₂.
DCRV_CLAIM(claim_LDP_smooth) {
  auto softplus = []<class T>(const Args<T>& a, const Consts<T>& k) {
    return ldp_smooth_property(a, k, Surrogate::softplus);
  };
  auto hyperbolic = []<class T>(const Args<T>& a, const Consts<T>& k) {
    return ldp_smooth_property(a, k, Surrogate::hyperbolic);
  };
  return forall("B.LDP-smooth", Kind::bound)
      .statement(
          R"(\|DP_\tau(\theta_2)-DP_\tau(\theta_1)\|_{op}\le\Big(\frac{a(1+c_\tau)}{\delta_\star^2}+)"
          R"(\frac{b' c_\tau}{\delta_\star}+\frac{b\sqrt S}{\delta_\star}\Big)\|\theta_2-\theta_1\|_2$ for all )"
          R"($\theta_1,\theta_2\in\Theta$, $P_\tau=C\log\chi_\tau(p_\theta)$, with $\chi_\tau(x)=\delta_\star+\tau)"
          R"(\log(1+e^{(x-\delta_\star)/\tau})$ ($c_\tau=\frac1{4\tau}$) and $\chi_\tau(x)=\tfrac12(x+\delta_\star+)"
          R"(\sqrt{(x-\delta_\star)^2+\tau^2})$ ($c_\tau=\frac1{2\tau}$), $\tau>0$, $\delta_\star\in(0,1)$; )"
          R"($a=\tfrac14$, $b'=\tfrac12$, $b=\tfrac1{3\sqrt3})")
      .reading("surrogates with chi_tau >= max(x, delta_star) (softplus and hyperbolic smooth maxima)")
      .constant("a", 0.25, Role::upper, "coefficient of (1+c_tau)/delta_star^2")
      .constant("b_half", 0.5, Role::upper, "coefficient of c_tau/delta_star")
      .constant("b", Role::upper, "coefficient of sqrt(S)/delta_star", kInvThreeRootThree)
      .over(smooth_logit_pair_domain())
      .holds(softplus)
      .and_holds("hyperbolic smooth max", smooth_logit_pair_domain(), hyperbolic);
}

// App. B, boxed eq. (LDP-smooth) — reading without χ_τ ≥ δ⋆: the symmetric log-sum-exp surrogate
// χ_τ(x) = τ log((e^{x/τ}+e^{δ⋆/τ})/2), within τ log 2 of max(x,δ⋆) on both sides (c_τ = 1/(4τ)).
DCRV_CLAIM(claim_LDP_smooth_symmetric) {
  return forall("B.LDP-smooth~below-floor", Kind::bound)
      .statement(
          R"(\text{as B.LDP-smooth with }\chi_\tau(x)=\tau\log\tfrac{e^{x/\tau}+e^{\delta_\star/\tau}}2)"
          R"(\ (c_\tau=\tfrac1{4\tau}),\text{ which takes values below }\delta_\star)")
      .reading("surrogate not bounded below by delta_star: symmetric log-sum-exp, |chi - max(x,delta_star)| "
               "<= tau log 2")
      .constant("a", 0.25, Role::upper, "coefficient of (1+c_tau)/delta_star^2")
      .constant("b_half", 0.5, Role::upper, "coefficient of c_tau/delta_star")
      .constant("b", Role::upper, "coefficient of sqrt(S)/delta_star", kInvThreeRootThree)
      .over(smooth_logit_pair_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return ldp_smooth_property(a, k, Surrogate::symmetric);
      });
}

// ---------------------------------------------------------------------------------------------------------
// §B.5 Lemma lem:B-lip-B and Theorem thm:B-composite.
// ---------------------------------------------------------------------------------------------------------

/// ‖B(θ₂) − B(θ₁)‖_op against (c12·√S/δ⋆² + c2·L_DP)‖θ₂ − θ₁‖₂, hard clip (L_DP of eq. LDP-hard).
template <class T> Ineq<T> lip_B_hard(const Args<T>& a, const Consts<T>& k, bool require_kink_free) {
  const T ds = a.real("dstar");
  const auto [t1, t2] = logit_pair(a);
  if (!hard_pair_admissible(t1, t2, ds, require_kink_free))
    return skip<T>(); // B is defined off the kink set only
  const int S = a.S();
  const T L = k("c12") * sqrt(T(S)) / (ds * ds) + k("c2") * paper_ldp_hard<T>(S, ds);
  return jacobian_lipschitz<T>(
      t1, t2, [&](const Vec<T>& t) { return clipped_softmax_jacobian(t, ds); }, L);
}
template <class T> Ineq<T> lip_B_smooth(const Args<T>& a, const Consts<T>& k, Surrogate kind) {
  const T ds = a.real("dstar");
  const SmoothClip<T> chi{kind, ds, a.real("tau")};
  const auto [t1, t2] = logit_pair(a);
  const int S = a.S();
  const T L = k("c12") * sqrt(T(S)) / (ds * ds) + k("c2") * paper_ldp_smooth<T>(S, ds, chi.c_tau());
  return jacobian_lipschitz<T>(
      t1, t2, [&](const Vec<T>& t) { return smooth_clipped_softmax_jacobian(t, chi); }, L);
}

/// The constants of lem:B-lip-B: c12·√S/δ⋆² + c2·L_DP (paper: c12 = 1/(12√3), c2 = 1/2).
ForAll& with_lip_B_constants(ForAll& claim) {
  return claim.constant("c12", Role::upper, "coefficient of sqrt(S)/delta_star^2", kInvTwelveRootThree)
      .constant("c2", 0.5, Role::upper, "coefficient of L_DP");
}

// App. B, Lemma lem:B-lip-B, as stated: for ALL θ₁, θ₂ ∈ Θ (hard clip, L_DP of eq. LDP-hard).
DCRV_CLAIM(claim_lip_B) {
  return with_lip_B_constants(
             forall("B.lip-B", Kind::bound)
                 .statement(
                     R"(\|B(\theta_2)-B(\theta_1)\|_{op}\le\Big(\frac{c_{12}\sqrt S}{\delta_\star^2}+c_2L_{DP}\Big))"
                     R"(\|\theta_2-\theta_1\|_2$ for all $\theta_1,\theta_2\in\Theta$ (hard clip, pairs across kinks )"
                     R"(included), $L_{DP}=\frac1{4\delta_\star^2}+\frac{\sqrt S}{3\sqrt3\delta_\star}$; $c_{12}=\tfrac1{12\sqrt3}$, $c_2=\tfrac12)")
                 .reading("(i) hard clip, all pairs theta1, theta2 in Theta, as the lemma states"))
      .over(logit_pair_domain().points(kink_crossing_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return lip_B_hard(a, k, false); });
}

// App. B, Lemma lem:B-lip-B, reading (ii): pairs joined by a kink-free segment (where eq. LDP-hard applies).
DCRV_CLAIM(claim_lip_B_kink_free) {
  return with_lip_B_constants(
             forall("B.lip-B~kink-free", Kind::bound)
                 .statement(
                     R"(\text{as B.lip-B for }\theta_1,\theta_2\text{ joined by a segment with a constant active set )"
                     R"(}\{i:p_\theta(i)>\delta_\star\}\text{ (checked at 65 points)})")
                 .reading("(ii) hard clip, pairs joined by a kink-free segment"))
      .over(logit_pair_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return lip_B_hard(a, k, true); });
}

// App. B, Lemma lem:B-lip-B, reading (iii): the smooth surrogate P_τ (B_τ = J_{P_τ}DP_τ, L_DP of
// eq. LDP-smooth), softplus and hyperbolic smooth maxima, all pairs.
DCRV_CLAIM(claim_lip_B_smooth_reading) {
  return with_lip_B_constants(
             forall("B.lip-B~smooth", Kind::bound)
                 .statement(
                     R"(\|B_\tau(\theta_2)-B_\tau(\theta_1)\|_{op}\le\Big(\frac{c_{12}\sqrt S}{\delta_\star^2}+c_2L_{DP}\Big))"
                     R"(\|\theta_2-\theta_1\|_2$ for all $\theta_1,\theta_2\in\Theta$, $B_\tau=J_{P_\tau(\theta)}DP_\tau(\theta))"
                     R"($, $L_{DP}$ of (LDP-smooth) with the softplus ($c_\tau=\frac1{4\tau}$) and hyperbolic ($c_\tau=\frac1{2\tau})"
                     R"($) smooth maxima; $c_{12}=\tfrac1{12\sqrt3}$, $c_2=\tfrac12)")
                 .reading(
                     "(iii) smooth surrogate P_tau in place of P (chi_tau >= max(x, delta_star)), all pairs"))
      .over(smooth_logit_pair_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return lip_B_smooth(a, k, Surrogate::softplus);
      })
      .and_holds("hyperbolic smooth max", smooth_logit_pair_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   return lip_B_smooth(a, k, Surrogate::hyperbolic);
                 });
}

/// Composite pairs with a linear objective (vector a) and a quadratic one (vectors u1, v1, w1 build A).
Domain composite_domain(bool smooth) {
  Domain d = logit_pair_domain().vector("a", 1.0).vector("u1", 1.0).vector("v1", 1.0).vector("w1", 1.0);
  if (smooth)
    d.real("tau", 1e-5, 1e2, true);
  return d;
}
enum class Clip { hard_all_pairs, hard_kink_free, softplus, hyperbolic };

/// ‖∇Φ(θ₂) − ∇Φ(θ₁)‖₂ ≤ L_θ‖θ₂ − θ₁‖₂ for Φ = 𝒥 ∘ softmax ∘ P (or P_τ), thm:B-composite.
template <class T>
Ineq<T> composite_property(const Args<T>& a, const Consts<T>& k, Clip clip, bool quadratic) {
  const T ds = a.real("dstar");
  const int S = a.S();
  const auto [t1, t2] = logit_pair(a);
  const Objective<T> J = quadratic ? quadratic_objective<T>(a.vec("u1"), a.vec("v1"), a.vec("w1"))
                                   : linear_objective<T>(a.vec("a"));
  Vec<T> g1, g2;
  T ldp;
  if (clip == Clip::hard_all_pairs || clip == Clip::hard_kink_free) {
    if (!hard_pair_admissible(t1, t2, ds, clip == Clip::hard_kink_free))
      return skip<T>(); // ∇Φ is defined off the kink set only
    g1 = composite_gradient(t1, ds, J);
    g2 = composite_gradient(t2, ds, J);
    ldp = paper_ldp_hard<T>(S, ds);
  } else {
    const SmoothClip<T> chi{clip == Clip::softplus ? Surrogate::softplus : Surrogate::hyperbolic, ds,
                            a.real("tau")};
    g1 = smooth_composite_gradient(t1, chi, J);
    g2 = smooth_composite_gradient(t2, chi, J);
    ldp = paper_ldp_smooth<T>(S, ds, chi.c_tau());
  }
  const T L = composite_constant<T>(S, ds, J.Lp, J.Gp, ldp, k("c16"), k("c12"), k("c2"));
  return le<T>(norm_l2(Vec<T>(g2 - g1)), L * norm_l2(Vec<T>(t2 - t1)));
}

/// The constants of thm:B-composite: c16·L_p/δ⋆² + G_p(c12·√S/δ⋆² + c2·L_DP) (paper: 1/16, 1/(12√3), 1/2).
ForAll& with_composite_constants(ForAll& claim) {
  return claim.constant("c16", 1.0 / 16, Role::upper, "coefficient of L_p/delta_star^2")
      .constant("c12", Role::upper, "coefficient of G_p sqrt(S)/delta_star^2", kInvTwelveRootThree)
      .constant("c2", 0.5, Role::upper, "coefficient of G_p L_DP");
}

/// The two parts of a composite claim: the linear objective over the main domain, the quadratic one over
/// `quadratic_domain`.
ForAll& with_composite_objectives(ForAll& claim, Clip clip, Domain quadratic_domain) {
  return claim
      .holds([clip]<class T>(const Args<T>& a, const Consts<T>& k) {
        return composite_property(a, k, clip, false);
      })
      .and_holds("quadratic objective -q'Aq/2", std::move(quadratic_domain),
                 [clip]<class T>(const Args<T>& a, const Consts<T>& k) {
                   return composite_property(a, k, clip, true);
                 });
}

// App. B, Theorem thm:B-composite, as stated: for ALL θ₁, θ₂ ∈ Θ, hard clip, L_DP of eq. LDP-hard; test
// objectives linear (L_p = 0, G_p = ‖a‖) and quadratic −½qᵀAq with A ≥ 0 (L_p = ‖A‖, G_p = ‖A1‖).
DCRV_CLAIM(claim_composite_lip) {
  ForAll claim("B.composite-lip", Kind::bound);
  claim
      .statement(
          R"(\|\nabla_\theta\Phi(\theta_2)-\nabla_\theta\Phi(\theta_1)\|_2\le L_\theta\|\theta_2-\theta_1\|_2)"
          R"($, $L_\theta=\frac{c_{16}L_p}{\delta_\star^2}+G_p\big(\frac{c_{12}\sqrt S}{\delta_\star^2}+c_2L_{DP}\big))"
          R"($ for all $\theta_1,\theta_2\in\Theta$ (hard clip), $\Phi=\mathcal J\circ\mathrm{softmax}\circ P$ with )"
          R"($\mathcal J(q)=\langle a,q\rangle$ ($L_p=0$, $G_p=\|a\|_2$) and $\mathcal J(q)=-\tfrac12q^\top Aq$, $A\ge0$ )"
          R"(symmetric ($L_p=\|A\|_{op}$, $G_p=\|A\mathbb 1\|_2$); $c_{16}=\tfrac1{16}$, $c_{12}=\tfrac1{12\sqrt3}$, $c_2=\tfrac12)")
      .reading("(i) hard clip, all pairs theta1, theta2 in Theta, as the theorem states")
      .over(composite_domain(false).points(kink_crossing_objective_points));
  return with_composite_objectives(with_composite_constants(claim), Clip::hard_all_pairs,
                                   composite_domain(false).points(kink_crossing_objective_points));
}

// App. B, Theorem thm:B-composite, reading (ii): hard clip, pairs joined by a kink-free segment.
DCRV_CLAIM(claim_composite_lip_kink_free) {
  ForAll claim("B.composite-lip~kink-free", Kind::bound);
  claim
      .statement(
          R"(\text{as B.composite-lip for }\theta_1,\theta_2\text{ joined by a segment with a constant )"
          R"(active set (checked at 65 points)})")
      .reading("(ii) hard clip, pairs joined by a kink-free segment")
      .over(composite_domain(false));
  return with_composite_objectives(with_composite_constants(claim), Clip::hard_kink_free,
                                   composite_domain(false));
}

// App. B, Theorem thm:B-composite, reading (iii): the smooth surrogate P_τ (softplus smooth max,
// c_τ = 1/(4τ)) with L_DP of eq. LDP-smooth, all pairs.
DCRV_CLAIM(claim_composite_lip_smooth) {
  ForAll claim("B.composite-lip~smooth", Kind::bound);
  claim
      .statement(
          R"(\text{as B.composite-lip with }P_\tau=C\log\chi_\tau(p_\theta),\ \chi_\tau(x)=\delta_\star+\tau)"
          R"(\log(1+e^{(x-\delta_\star)/\tau})\ (c_\tau=\tfrac1{4\tau}),\ L_{DP}\text{ of (LDP-smooth), all pairs})")
      .reading("(iii) smooth surrogate P_tau (softplus smooth max) in place of P, all pairs")
      .over(composite_domain(true));
  return with_composite_objectives(with_composite_constants(claim), Clip::softplus, composite_domain(true));
}

// ---------------------------------------------------------------------------------------------------------
// §B.5 "Step-size guidance".
// ---------------------------------------------------------------------------------------------------------

/// How the gradient steps of the step-size claims are taken and which steps are tested.
enum class Descent {
  hard_all_steps,       // hard clip, every step tested (steps may cross clipping kinks)
  hard_kink_free_steps, // hard clip, only steps whose segment keeps the active set are tested
  smooth,               // softplus surrogate P_τ (Φ is C^{1,1}), every step tested
};

/// Runs K gradient steps θ ← θ − η·σ∇Φ(θ) on σΦ (σ = ±1: descent on Φ or ascent) and returns the worst
/// tested step of the monotone-improvement test
///   σΦ(θ_{k+1}) − σΦ(θ_k) ≤ 0  ⇔  σΦ(θ_{k+1}) − σΦ(θ_k) + η‖g_k‖² ≤ η‖g_k‖²,
/// whose ratio lhs/rhs = L_eff·η/2 (L_eff: the curvature of σΦ along the step; > 1: Φ got worse).
/// The iteration stops once η‖g‖² is below 1e-10·|Φ| (no measurable progress left).
template <class T>
Ineq<T> descent_run(Vec<T> theta, const T& eta, const Objective<T>& J, const T& ds, const T& sign,
                    Descent mode, const T& tau) {
  constexpr int kSteps = 40;
  const SmoothClip<T> chi{Surrogate::softplus, ds, tau};
  auto phi = [&](const Vec<T>& t) {
    const Vec<T> q = mode == Descent::smooth ? softmax(smooth_lift(t, chi)) : softmax(logit_lift(t, ds));
    return T(sign * J.value(q));
  };
  auto gradient = [&](const Vec<T>& t) {
    return Vec<T>(sign * (mode == Descent::smooth ? smooth_composite_gradient(t, chi, J)
                                                  : composite_gradient(t, ds, J)));
  };
  Ineq<T> worst_step = skip<T>();
  T value = phi(theta);
  for (int s = 0; s < kSteps; ++s) {
    const Vec<T> g = gradient(theta);
    const T decrease = eta * g.squaredNorm(); // the first-order decrease η‖g‖²
    if (!(decrease > T(1e-10) * abs(value)))
      break;
    const Vec<T> next = theta - eta * g;
    const T next_value = phi(next);
    if (mode != Descent::hard_kink_free_steps || kink_free(theta, next, ds, 16))
      // Scale 1e-6|Φ|: rounding of Φ (~1e-16|Φ| in double) is not mistaken for an increase.
      worst_step =
          worst(worst_step, le<T>(T(next_value - value + decrease), decrease, T(T(1e-6) * abs(value))));
    theta = next;
    value = next_value;
  }
  return worst_step;
}

Domain descent_domain() {
  return Domain()
      .logits("theta", 3.0)
      .real("dstar", kDeltaLo, kDeltaHi)
      .real("frac", 0.0, 1.0) // η = frac·(κ/L_θ): every step size up to the bound
      .real("sign", -1.0, 1.0)
      .real("tau", 1e-5, 1e2, true)
      .vector("a", 1.0)
      .vector("u1", 1.0)
      .vector("v1", 1.0)
      .vector("w1", 1.0)
      .points([](int S) {
        std::vector<Assign> pts;
        const std::vector<double> e0 = unit_vec(S, 0), ones(S, 1.0);
        for (double ds : {0.5 / S, 0.9 / S, 0.3, 0.7})
          pts.push_back({{"theta", std::vector<double>(S, 0.0)},
                         {"dstar", {ds}},
                         {"frac", {1.0}},
                         {"a", e0},
                         {"u1", e0},
                         {"v1", ones},
                         {"w1", ones}});
        // A descent that reaches a V-shaped kink of Φ at p_θ(0) = δ⋆ (found by the search, S = 4): on the
        // clipped side the gradient pushes p_θ(0) up to the kink, on the unclipped side down to it.
        if (S == 4)
          pts.push_back({{"theta", {0.09, -10.0, -4.0, -0.2}},
                         {"dstar", {0.3}},
                         {"frac", {1.0}},
                         {"sign", {1.0}},
                         {"a", {1.0, -0.7, 0.04, 0.2}}});
        return pts;
      });
}

/// One gradient run from the sample: η = frac·κ/L_θ (L_θ of thm:B-composite with the paper's coefficients and
/// L_DP of eq. LDP-hard, or eq. LDP-smooth for the surrogate), or the heuristic η = frac·h·δ⋆²/L_p.
template <class T>
Ineq<T> stepsize_property(const Args<T>& a, const Consts<T>& k, bool quadratic, Descent mode,
                          bool heuristic) {
  const T ds = a.real("dstar"), frac = a.real("frac"), tau = a.real("tau");
  if (!(frac > 0) || !in_unit_interval(ds))
    return skip<T>();
  const int S = a.S();
  const Objective<T> J = quadratic ? quadratic_objective<T>(a.vec("u1"), a.vec("v1"), a.vec("w1"))
                                   : linear_objective<T>(a.vec("a"));
  T eta;
  if (heuristic) {
    if (!(J.Lp > 0))
      return skip<T>();
    eta = frac * k("h16") * ds * ds / J.Lp; // η ≈ 16δ⋆²/L_p
  } else {
    const T ldp = mode == Descent::smooth
                      ? paper_ldp_smooth<T>(S, ds, SmoothClip<T>{Surrogate::softplus, ds, tau}.c_tau())
                      : paper_ldp_hard<T>(S, ds);
    const T L_theta =
        composite_constant<T>(S, ds, J.Lp, J.Gp, ldp, T(1) / T(16), T(1) / (T(12) * sqrt(T(3))), T(1) / T(2));
    eta = frac * k("kappa") / L_theta; // η ≤ 1/L_θ
  }
  return descent_run(a.logits("theta"), eta, J, ds, T(a.real("sign") < 0 ? -1 : 1), mode, tau);
}

/// Why step-size runs are skipped: no step is tested when the first one has no measurable first-order
/// decrease.
constexpr const char* kDescentSkips =
    "runs whose first step has no measurable first-order decrease (eta ||g||^2 <= 1e-10 |Phi|) test no step: "
    "eta = frac kappa / L_theta is tiny for small delta_star (L_theta grows like 1/delta_star^2), and the "
    "hard "
    "clip zeroes the gradient of clipped coordinates; on kink-free readings, runs whose steps all cross a "
    "kink";

/// The two parts of a step-size claim: linear and quadratic objective.
ForAll& with_descent_objectives(ForAll& claim, Descent mode) {
  return claim.skips(kDescentSkips)
      .holds([mode]<class T>(const Args<T>& a, const Consts<T>& k) {
        return stepsize_property(a, k, false, mode, false);
      })
      .and_holds("quadratic objective", descent_domain(),
                 [mode]<class T>(const Args<T>& a, const Consts<T>& k) {
                   return stepsize_property(a, k, true, mode, false);
                 });
}

// App. B §B.5 "Step-size guidance": η ≤ 1/L_θ is a conservative choice for gradient methods on Φ — checked as
// monotone improvement of Φ = 𝒥∘softmax∘P (hard clip, as defined in §B.4) along 40 gradient steps (descent
// and ascent) from random θ₀, every η = frac/L_θ, frac ∈ (0,1], linear and quadratic 𝒥.
DCRV_CLAIM(claim_stepsize_guidance) {
  return with_descent_objectives(
      forall("B.stepsize-guidance", Kind::dynamic)
          .statement(
              R"(\text{gradient steps }\theta_{k+1}=\theta_k\mp\eta\nabla_\theta\Phi(\theta_k)\text{ with }0<\eta\le)"
              R"(\kappa/L_\theta\text{ improve }\Phi=\mathcal J\circ\mathrm{softmax}\circ P\text{ at every step (40 steps, )"
              R"(hard clip, linear and quadratic }\mathcal J\text{, }L_\theta\text{ of thm:B-composite)};\ \kappa=1)")
          .reading("conservative = every step improves Phi (monotone descent/ascent) for the hard clip P of "
                   "App. B.4, "
                   "step sizes eta = frac/L_theta, frac in (0,1]")
          .constant("kappa", 1.0, Role::lower, "eta <= kappa/L_theta")
          .over(descent_domain()),
      Descent::hard_all_steps);
}

// Reading: the guarantee for the steps where the descent lemma applies with L_θ of thm:B-composite — the
// steps whose segment [θ_k, θ_{k+1}] keeps the active set (kink-free); the other steps are taken, not tested.
DCRV_CLAIM(claim_stepsize_kink_free) {
  return with_descent_objectives(
      forall("B.stepsize-guidance~kink-free-steps", Kind::dynamic)
          .statement(
              R"(\text{as B.stepsize-guidance, testing only the steps whose segment keeps the active set )"
              R"(}\{i:p_\theta(i)>\delta_\star\})")
          .reading(
              "hard clip, improvement required on kink-free steps only (where L_theta bounds the curvature)")
          .constant("kappa", 1.0, Role::lower, "eta <= kappa/L_theta")
          .over(descent_domain()),
      Descent::hard_kink_free_steps);
}

// Reading: Φ_τ = 𝒥∘softmax∘P_τ with the softplus surrogate (c_τ = 1/(4τ)) and L_θ with L_DP of eq.
// LDP-smooth.
DCRV_CLAIM(claim_stepsize_smooth) {
  return with_descent_objectives(
      forall("B.stepsize-guidance~smooth", Kind::dynamic)
          .statement(
              R"(\text{as B.stepsize-guidance for }\Phi_\tau=\mathcal J\circ\mathrm{softmax}\circ P_\tau,\ )"
              R"(\chi_\tau(x)=\delta_\star+\tau\log(1+e^{(x-\delta_\star)/\tau}),\ L_{DP}\text{ of (LDP-smooth)})")
          .reading("smooth surrogate P_tau (softplus smooth max), every step tested")
          .constant("kappa", 1.0, Role::lower, "eta <= kappa/L_theta")
          .over(descent_domain()),
      Descent::smooth);
}

// App. B §B.5 "Step-size guidance", the heuristic η ≈ 16δ⋆²/L_p (the paper calls it a heuristic): monotone
// improvement for η = frac·16δ⋆²/L_p, quadratic 𝒥 (L_p > 0), tested on kink-free steps (so that a failure is
// due to the step size, not to a kink of the hard clip).
DCRV_CLAIM(claim_stepsize_heuristic) {
  return forall("B.stepsize-guidance~heuristic", Kind::dynamic)
      .statement(
          R"(\text{gradient steps with }0<\eta\le h\,\delta_\star^2/L_p\text{ improve }\Phi\text{ on every )"
          R"(kink-free step (40 steps, hard clip, quadratic }\mathcal J);\ h=16)")
      .reading(
          "the heuristic step eta = 16 delta_star^2 / L_p read as a descent guarantee on kink-free steps")
      .constant("h16", 16.0, Role::lower, "eta <= h16 delta_star^2 / L_p")
      .skips(kDescentSkips)
      .over(descent_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return stepsize_property(a, k, true, Descent::hard_kink_free_steps, true);
      });
}

} // namespace
} // namespace dcrv
