// Appendix G, part b — lump dynamics (appendix_G_aistats.tex: Lemma lem:lump_exact; §Small-ε perturbation:
// thm:trace-perturb and the forward-invariance templates (BD); §Pure-score (ε = 0) lump dynamics: STaR
// (prop:star-lump), GRPO (prop:grpo-lump), DPO on sign-pure lumps (prop:dpo-lump)).
//
// How the lump ODEs are checked. Along trajectories of the full SRCT flow ṗ = p ⊙ φ(p) − εE°(p) (integrated
// in log-coordinates on the support of the start, so starts on faces q_k = 0 stay there exactly, and starts
// on ∂Δ_δ are among the points), at t = 0 and three accepted steps the time derivative of the aggregated
// solution d/dt (A p(t)) (or of log(A p(t)), log p(t)) is measured by 6th-order central differences of short
// integrations through p(t) (properties/domains/lumps.hpp) and compared with the lump formula evaluated at
// p(t), per lump, relative to the size of its terms Σ_{π∈C_k} p_π(|φ_π| + ε|log p_π| + ε|h̄|), with slack 1e-7
// (double) / 1e-16 (MPFR: integration at 1e-24, central differences at h = 10⁻⁴/(1+max|r|)). A false formula
// is off by O(1). Pointwise parts check the same identities algebraically at many more points.
//
// Trace perturbation. p^ε and p^0 are integrated together (p^0 advanced to every accepted step of p^ε). The
// constants of (phi-regular) are known exactly for the linear-fitness field φ = c − ⟨p,c⟩1 on Δ_δ: M_{φ,2}
// and M_{φ,∞} are maxima over the two extreme values of ⟨p,c⟩ on Δ_δ, L_φ = √S‖c − c̄1‖₂; so the theorem is
// checked with that field (its values outside Δ_δ are the appendix's free choice: the field is multiplied by
// 1 + A·Σ_π(δ − p_π)₊, A ≥ 0, which changes nothing on Δ_δ).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/lumps.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/lumps.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {

using boost::multiprecision::abs;
using boost::multiprecision::exp;
using boost::multiprecision::expm1;
using boost::multiprecision::log;
using boost::multiprecision::log1p;
using boost::multiprecision::sqrt;
using std::abs;
using std::exp;
using std::expm1;
using std::log;
using std::log1p;
using std::sqrt;

using lumps_domain::along_lump_flow;
using lumps_domain::cross;
using lumps_domain::Family;
using lumps_domain::lump_term_scale;
using lumps_domain::Observable;
using lumps_domain::score_field_of;
using lumps_domain::ScoreField;

/// ε from the fields "eps" (log scale) and "eps_zero" (ε = 0 exactly when eps_zero < 0.2).
template <class T> T eps_of(const Args<T>& a) {
  return a.real("eps_zero") < T(0.2) ? T(0) : a.real("eps");
}

/// The trajectory points of the lump claims: every lump-size pattern (first lump emptied: a face q_1 = 0), a
/// start on ∂Δ_δ (the trimmed vertex, δ = 10⁻²/S) and the uniform start, the families taken in turn, ε = 0
/// and ε = 1.
std::vector<Assign> trajectory_starts(int S) {
  std::vector<Assign> out;
  const auto fams = lumps_domain::family_points(S);
  std::size_t turn = 0;
  const double delta = 1e-2 / S;
  std::vector<double> trimmed_vertex(static_cast<std::size_t>(S), delta),
      uniform(static_cast<std::size_t>(S), 1.0);
  trimmed_vertex[0] = 1.0 - (S - 1) * delta;
  for (const auto& sizes : lumps_domain::patterns_for(S)) {
    std::vector<double> face(static_cast<std::size_t>(S), 1.0);
    if (sizes.size() >= 2)
      for (int i = 0; i < sizes[0]; ++i)
        face[static_cast<std::size_t>(i)] = 0.0;
    for (const auto& p0 : {face, trimmed_vertex, uniform}) {
      Assign a = fams[turn++ % fams.size()];
      a["lumps"] = lumps_domain::encode_blocks(sizes);
      a["p0"] = p0;
      a["eps_zero"] = {turn % 2 == 0 ? 0.0 : 1.0};
      a["eps"] = {1.0};
      out.push_back(std::move(a));
    }
  }
  return out;
}

/// The domain of the lump-ODE trajectory claims: S = 2…5, a partition, a score field, a start on the closed
/// simplex.
Domain trajectory_domain(bool sign_pure = false) {
  Domain d = lumps_domain::with_score_fields(lumps_domain::with_partition(Domain().dims(2, 5)))
                 .simplex("p0", true)
                 .real("eps", 1e-6, 10.0, true)
                 .real("eps_zero", 0.0, 1.0);
  return d.points([sign_pure](int S) {
    std::vector<Assign> pts = trajectory_starts(S);
    if (sign_pure) { // sign-pure labellings of every pattern
      std::size_t i = 0;
      for (const auto& a : lumps_domain::sign_pure_points(S))
        if (i++ % 2 == 0) {
          Assign b = pts[i % pts.size()];
          b["lumps"] = a.at("lumps");
          b["labels"] = a.at("labels");
          pts.push_back(b);
        }
    }
    return pts;
  });
}

// ============================================================================================================
// Lemma lem:lump_exact
// ============================================================================================================

/// The lump ODE along trajectories: d/dt(A p) = Σ_{C_k} p φ − ε(m_k − q_k h̄) (conditional: −εq_k(E_{p|C_k}
/// log p − h̄) where q_k > 0); ε forced to 0 when `eps_zero_only`.
template <class T> Ineq<T> lump_ode_along(const Args<T>& a, bool conditional, bool eps_zero_only) {
  const Vec<T> p0 = a.simplex("p0");
  const ScoreField<T> f = score_field_of(a);
  if (!f.defined_at(p0))
    return skip<T>();
  const T eps = eps_zero_only ? T(0) : eps_of(a);
  const Lumps L = lumps_domain::lumps_of(a);
  return along_lump_flow(f, eps, p0, L, Observable::masses, [&](const Vec<T>& p) {
    const Vec<T> phi = f.phi(p);
    Vec<T> e = lump_drift(L, p, phi, eps);
    if (conditional) {
      const Vec<T> q = lump_masses(L, p), sel = lump_selection(L, p, phi);
      const T hbar = mean_log<T>(p);
      for (int k = 0; k < L.count(); ++k)
        e(k) = q(k) > 0 ? T(sel(k) - eps * q(k) * (conditional_mean_log(L, p, k) - hbar)) : nan_of<T>();
    }
    return std::make_pair(e, lump_term_scale(L, p, f, eps));
  });
}

/// The lump ODE at a point: the conditional and the m-form of the right side agree with A(p ⊙ φ − εE°).
template <class T> Ineq<T> lump_ode_pointwise(const Args<T>& a, bool conditional) {
  const Vec<T> p = a.simplex("p0");
  const ScoreField<T> f = score_field_of(a);
  if (!f.defined_at(p))
    return skip<T>();
  const T eps = eps_of(a);
  const Lumps L = lumps_domain::lumps_of(a);
  const Vec<T> phi = f.phi(p);
  const Vec<T> full = L.aggregate<T>(Vec<T>(p.cwiseProduct(phi) - eps * entropy_drift_closed(p)));
  const Vec<T> scale = lump_term_scale(L, p, f, eps);
  Vec<T> e = lump_drift(L, p, phi, eps);
  if (conditional) {
    const Vec<T> q = lump_masses(L, p), sel = lump_selection(L, p, phi);
    const T hbar = mean_log<T>(p);
    for (int k = 0; k < L.count(); ++k)
      e(k) = q(k) > 0 ? T(sel(k) - eps * q(k) * (conditional_mean_log(L, p, k) - hbar)) : full(k);
  }
  Ineq<T> w = skip<T>();
  for (int k = 0; k < L.count(); ++k)
    w = worst(w, eq<T>(e(k), full(k), scale(k)));
  return w;
}

Domain pointwise_domain() {
  return lumps_domain::with_score_fields(lumps_domain::with_partition(Domain().dims(2)))
      .simplex("p0", true)
      .real("eps", 1e-6, 10.0, true)
      .real("eps_zero", 0.0, 1.0)
      .points([](int S) { return trajectory_starts(S); });
}

// App. G Lemma lem:lump_exact, eq. (lump-exact).
DCRV_CLAIM(claim_lump_ode) {
  return forall("G.lump-ode", Kind::identity)
      .where("App. G §Lumps, Lemma lem:lump_exact, eq. (lump-exact)")
      .statement(
          R"(Along solutions of (SRCT) $\dot p=p\odot\phi(p)-\varepsilon E^\circ(p)$: $\dot q_k=\sum_{\pi\in C_k}p_\pi\phi_\pi(p)-\varepsilon(m_k-q_k\bar h)$ for every lump. Checked along trajectories ($S=2,\dots,5$, $t\in[0,1]$, starts on the closed simplex incl.\ faces $q_k=0$, trimmed vertices on $\partial\Delta_\delta$, every lump-size pattern; the four families STaR/GRPO/DPO/linear fitness; $\varepsilon\in\{0\}\cup[10^{-6},10]$): $\frac{d}{dt}(Ap(t))$ by central differences of the integrated flow against the formula at $p(t)$; and pointwise (every $S$) against $A(p\odot\phi-\varepsilon E^\circ)$)")
      .over(trajectory_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return lump_ode_along(a, false, false); })
      .and_holds("pointwise", pointwise_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>&) { return lump_ode_pointwise(a, false); });
}

// App. G lem:lump_exact, conditional form.
DCRV_CLAIM(claim_lump_ode_conditional) {
  return forall("G.lump-ode-conditional", Kind::identity)
      .where("App. G §Lumps, Lemma lem:lump_exact")
      .statement(
          R"(For lumps with $q_k>0$: $\dot q_k=\sum_{\pi\in C_k}p_\pi\phi_\pi(p)-\varepsilon q_k(\mathbb E_{p|C_k}[\log p]-\bar h)$, $\mathbb E_{p|C_k}[\log p]=m_k/q_k$; along trajectories and pointwise as G.lump-ode)")
      .over(trajectory_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return lump_ode_along(a, true, false); })
      .and_holds("pointwise", pointwise_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>&) { return lump_ode_pointwise(a, true); });
}

/// Points with a whole lump at zero: every pattern with its first lump emptied, families in turn.
std::vector<Assign> empty_lump_starts(int S) {
  std::vector<Assign> out;
  for (const auto& a : trajectory_starts(S)) {
    const auto& p0 = a.at("p0");
    if (std::find(p0.begin(), p0.end(), 0.0) != p0.end())
      out.push_back(a);
  }
  return out;
}

// App. G lem:lump_exact (last sentence): for q_k = 0 the right side vanishes (by continuity).
DCRV_CLAIM(claim_lump_ode_zero) {
  return forall("G.lump-ode-zero", Kind::identity)
      .skips("samples with no empty lump (q_k > 0 for every k) are outside the hypothesis q_k = 0; empty "
             "lumps come from the lump-pattern starts and the closed simplex's faces")
      .where("App. G §Lumps, Lemma lem:lump_exact (last sentence)")
      .statement(
          R"(If $q_k=0$ the right side of (lump-exact) is $0$ ($0\log0=0$), and it is continuous there: at $p'=(1-h)p+hu$, $|\sum_{C_k}p'_\pi\phi_\pi(p')-\varepsilon(m_k-q'_k\bar h)|\le q'_k(\|\phi(p')\|_\infty+\varepsilon(\log(|C_k|/q'_k)+\log S))\to0$ as $h\to0$. Checked at every lump-size pattern with a lump emptied and random faces (every $S$, the four families, $\varepsilon\in[0,10]$, $h\in[10^{-30},10^{-1}]$))")
      .over(lumps_domain::with_score_fields(lumps_domain::with_partition(Domain().dims(2)))
                .simplex("p0", true)
                .simplex("u")
                .real("h", 1e-30, 0.1, true)
                .real("eps", 1e-6, 10.0, true)
                .real("eps_zero", 0.0, 1.0)
                .points([](int S) { return empty_lump_starts(S); }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p0");
        const ScoreField<T> f = score_field_of(a);
        const Lumps L = lumps_domain::lumps_of(a);
        const Vec<T> q = lump_masses(L, p);
        const T eps = eps_of(a), h = a.real("h");
        const Vec<T> p2 = (T(1) - h) * p + h * a.simplex("u");
        if (!f.defined_at(p) || !f.defined_at(p2))
          return skip<T>();
        const Vec<T> rhs = lump_drift(L, p, f.phi(p), eps), phi2 = f.phi(p2);
        const Vec<T> rhs2 = lump_drift(L, p2, phi2, eps), q2 = lump_masses(L, p2);
        Ineq<T> w = skip<T>();
        for (int k = 0; k < L.count(); ++k) {
          if (q(k) != 0)
            continue;
          w = worst(w, eq<T>(rhs(k), T(0), T(1)));
          const T bound =
              q2(k) * (norm_inf<T>(phi2) + eps * (log(T(L.lump_size(k)) / q2(k)) + log(T(a.S()))));
          w = worst(w, le<T>(abs(rhs2(k)), bound));
        }
        return w;
      });
}

// App. G §Pure-score (ε = 0) lump dynamics.
DCRV_CLAIM(claim_eps0_lump) {
  return forall("G.eps0-lump", Kind::identity)
      .where("App. G §Pure-score (epsilon = 0) lump dynamics")
      .statement(
          R"(For $\varepsilon=0$: $\dot q_k=\sum_{\pi\in C_k}p_\pi\phi_\pi(p)$; along trajectories of the pure-score flow ($S=2,\dots,5$, $t\in[0,1]$, starts on the closed simplex incl.\ faces and $\partial\Delta_\delta$, every lump-size pattern, the four families), $\frac{d}{dt}(Ap)$ by central differences against $A(p\odot\phi)$)")
      .over(trajectory_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return lump_ode_along(a, false, true); });
}

// ============================================================================================================
// §STaR
// ============================================================================================================

/// The STaR field of a sample (labels with at least one correct trace).
template <class T> ScoreField<T> star_field(const Args<T>& a, const Labels* labels = nullptr) {
  return score_field_of(a, labels, static_cast<int>(Family::star));
}

// App. G §STaR: the centred STaR field has Σ p φ = 0.
DCRV_CLAIM(claim_star_centered) {
  return forall("G.star-centered", Kind::identity)
      .where("App. G §STaR (definition of the centred STaR field)")
      .statement(
          R"($\sum_\pi p_\pi\phi^{\rm STaR}_\pi(p)=0$ for $\rho(p)>0$, with the literal formula $\phi_c=(p_c-S^{(2)})/\rho$, $\phi_i=-S^{(2)}/\rho$; every labelling with $M\ge1$, $p$ on the closed simplex with $\rho>0$, every $S$ (relative to $\sum_\pi p_\pi|\phi_\pi|$))")
      .over(Domain().dims(2).vector("labels").simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        Labels s = lumps_domain::labels_of(a);
        if (std::none_of(s.begin(), s.end(), [](int x) { return x > 0; }))
          s[0] = 1;
        StarPartition part;
        for (int x : s)
          part.correct.push_back(x > 0);
        const Vec<T> p = a.simplex("p");
        if (!(correct_mass(s, p) > 0))
          return skip<T>();
        const Vec<T> phi = star_score_formula(p, part);
        // the terms that cancel: Σ_c p_c²/ρ and Σ_π p_π S⁽²⁾/ρ
        const T scale = T(2) * correct_square_sum(s, p) / correct_mass(s, p);
        return eq<T>(T(p.dot(phi)), T(0), scale);
      });
}

/// (S⁽²⁾_{k,𝒞} − q_k S⁽²⁾)/ρ per lump.
template <class T> Vec<T> star_lump_formula(const Lumps& L, const Labels& s, const Vec<T>& p) {
  const T rho = correct_mass(s, p), s2 = correct_square_sum(s, p);
  const Vec<T> q = lump_masses(L, p);
  Vec<T> e(L.count());
  for (int k = 0; k < L.count(); ++k)
    e(k) = (lump_correct_square_sum(L, s, p, k) - q(k) * s2) / rho;
  return e;
}

// App. G Proposition prop:star-lump (boxed).
DCRV_CLAIM(claim_star_lump_ode) {
  return forall("G.star-lump-ode", Kind::identity)
      .where("App. G §STaR, Proposition prop:star-lump (boxed)")
      .statement(
          R"(For $\varepsilon=0$ and the STaR field: $\dot q_k=(S^{(2)}_{k,\mathcal C}(p)-q_kS^{(2)}(p))/\rho(p)$ for every lump (mixed lumps allowed). Checked along STaR trajectories ($S=2,\dots,5$, $t\in[0,1]$, starts on the closed simplex with $\rho>0$ incl.\ faces, every lump-size pattern, random labellings with $M\ge1$) by central differences of $Ap(t)$, and pointwise (every $S$) against $A(p\odot\phi^{\rm STaR})$)")
      .over(trajectory_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const ScoreField<T> f = star_field(a);
        const Vec<T> p0 = a.simplex("p0");
        if (!f.defined_at(p0))
          return skip<T>();
        const Lumps L = lumps_domain::lumps_of(a);
        return along_lump_flow(f, T(0), p0, L, Observable::masses, [&](const Vec<T>& p) {
          return std::make_pair(star_lump_formula(L, f.labels, p), lump_term_scale(L, p, f, T(0)));
        });
      })
      .and_holds("pointwise", pointwise_domain(), []<class T>(const Args<T>& a, const Consts<T>&) {
        const ScoreField<T> f = star_field(a);
        const Vec<T> p = a.simplex("p0");
        if (!f.defined_at(p))
          return skip<T>();
        const Lumps L = lumps_domain::lumps_of(a);
        const Vec<T> phi = f.phi(p), e = star_lump_formula(L, f.labels, p), sel = lump_selection(L, p, phi);
        const Vec<T> scale = lump_term_scale(L, p, f, T(0));
        Ineq<T> w = skip<T>();
        for (int k = 0; k < L.count(); ++k)
          w = worst(w, eq<T>(e(k), sel(k), scale(k)));
        return w;
      });
}

/// d/dt log q_k expected from the STaR lump formula, on all-correct lumps with q_k > 0 (NaN elsewhere), and
/// scales.
template <class T>
std::pair<Vec<T>, Vec<T>> star_log_rates(const Lumps& L, const ScoreField<T>& f, const Vec<T>& p) {
  const T rho = correct_mass(f.labels, p);
  const Vec<T> q = lump_masses(L, p), phi = f.phi(p);
  const Vec<T> scale = lump_term_scale(L, p, f, T(0));
  Vec<T> e(L.count()), sc(L.count());
  for (int k = 0; k < L.count(); ++k) {
    const bool all_correct = lump_correct_mass(L, f.labels, p, k) == q(k) && L.lump_label(f.labels, k) > 0 &&
                             L.sign_pure(f.labels);
    e(k) =
        all_correct && q(k) > 0 ? T(lump_correct_square_sum(L, f.labels, p, k) / (rho * q(k))) : nan_of<T>();
    sc(k) = q(k) > 0 ? T(scale(k) / q(k)) : T(0);
  }
  return {e, sc};
}

// App. G prop:star-lump (second statement): d/dt log(q_i/q_j) for all-correct lumps.
DCRV_CLAIM(claim_star_logratio) {
  return forall("G.star-logratio", Kind::identity)
      .where("App. G §STaR, Proposition prop:star-lump (second statement)")
      .statement(
          R"(For $\varepsilon=0$ and lumps $C_i,C_j\subseteq\mathcal C$: $\frac{d}{dt}\log\frac{q_i}{q_j}=\frac1\rho\big(\frac{S^{(2)}_{i,\mathcal C}}{q_i}-\frac{S^{(2)}_{j,\mathcal C}}{q_j}\big)$. Checked along STaR trajectories (sign-pure labellings of every lump-size pattern, random partitions; $S=2,\dots,5$; $t\in[0,1]$): $\frac{d}{dt}\log q_k$ by central differences of $\log(Ap(t))$ against $S^{(2)}_{k,\mathcal C}/(\rho q_k)$ up to the common term $-S^{(2)}/\rho$, i.e.\ for every pair of all-correct lumps)")
      .over(trajectory_domain(true))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        Labels s = lumps_domain::sign_pure_labels(a, L);
        if (std::none_of(s.begin(), s.end(), [](int x) { return x > 0; }))
          return skip<T>();
        const ScoreField<T> f = star_field(a, &s);
        const Vec<T> p0 = a.simplex("p0");
        if (!f.defined_at(p0))
          return skip<T>();
        return along_lump_flow(f, T(0), p0, L, Observable::log_masses, [&](const Vec<T>& p) {
          auto [e, sc] = star_log_rates(L, f, p);
          // the pair form: subtract the rate of a reference all-correct lump from the measured and the
          // expected rates alike is equivalent to comparing each with the common offset −S⁽²⁾/ρ added
          const T offset = -correct_square_sum(f.labels, p) / correct_mass(f.labels, p);
          for (Eigen::Index k = 0; k < e.size(); ++k)
            if (is_finite(e(k)))
              e(k) += offset;
          return std::make_pair(e, sc);
        });
      });
}

// ============================================================================================================
// §GRPO
// ============================================================================================================

// App. G §GRPO: h_G continuous, positive, ≤ √(G−1).
DCRV_CLAIM(claim_hg_bounded) {
  return forall("G.hg-bounded", Kind::bound)
      .where("App. G §GRPO (h_G continuous, positive, bounded by sqrt(G-1))")
      .statement(
          R"($0<h_G(\rho)\le c\sqrt{G-1}$, $c=1$, for $G=2,\dots,32$, $\rho\in[0,1]$ (ends included, where it is an equality); $h_G$ exactly (App. E: a Bernstein polynomial of degree $G-2$ with positive coefficients, hence continuous and positive))")
      .constant("c", 1.0, Role::upper, "coefficient of sqrt(G-1)")
      .over(Domain().dims(2, 2).real("G", 2.0, 32.0, true).real("rho", 0.0, 1.0).points([](int) {
        std::vector<Assign> pts;
        for (double g : {2.0, 3.0, 4.0, 8.0, 32.0})
          for (double r : {0.0, 0.5, 1.0})
            pts.push_back({{"G", {g}}, {"rho", {r}}});
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int G = static_cast<int>(std::clamp<long>(std::lround(to_double(a.real("G"))), 2, 32));
        const grpo::Characteristic<T> ch(G);
        const T rho = a.real("rho"), h = ch.h(rho, T(1) - rho);
        return worst(le<T>(h, k("c") * ch.sqrt_m()), lumps_domain::positive(h));
      });
}

/// The GRPO field of a sample.
template <class T> ScoreField<T> grpo_field(const Args<T>& a, const Labels* labels = nullptr) {
  return score_field_of(a, labels, static_cast<int>(Family::grpo));
}

// App. G §GRPO: the centred two-level field has Σ p φ = 0.
DCRV_CLAIM(claim_grpo_centered) {
  return forall("G.grpo-centered", Kind::identity)
      .where("App. G §GRPO (centred two-level field)")
      .statement(
          R"($\sum_\pi p_\pi\phi^{\rm GRPO}_\pi(p)=\rho(1-\rho)h_G(\rho)-(1-\rho)\rho h_G(\rho)=0$ with $\phi_c=(1-\rho)h_G(\rho)$, $\phi_i=-\rho h_G(\rho)$; every labelling ($0\le K_C\le S$), $G=2,\dots,32$, $p$ on the closed simplex, every $S$)")
      .over(lumps_domain::with_score_fields(Domain().dims(2)).simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const ScoreField<T> f = grpo_field(a);
        const Vec<T> p = a.simplex("p");
        const Vec<T> phi = f.phi(p), mu = f.magnitude(p);
        return eq<T>(T(p.dot(phi)), T(0), T(p.dot(mu)));
      });
}

/// h_G(ρ) q_k (corr(C_k;p) − ρ) per lump (NaN where q_k = 0).
template <class T> Vec<T> grpo_lump_formula(const Lumps& L, const ScoreField<T>& f, const Vec<T>& p) {
  const T rho = correct_mass(f.labels, p);
  T sigma(0);
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (f.labels[static_cast<std::size_t>(i)] < 0)
      sigma += p(i);
  const T h = f.ch->h(rho, sigma);
  const Vec<T> q = lump_masses(L, p);
  Vec<T> e(L.count());
  for (int k = 0; k < L.count(); ++k)
    e(k) = q(k) > 0 ? T(h * q(k) * (lump_correctness(L, f.labels, p, k) - rho)) : nan_of<T>();
  return e;
}

// App. G Proposition prop:grpo-lump (boxed).
DCRV_CLAIM(claim_grpo_lump_ode) {
  return forall("G.grpo-lump-ode", Kind::identity)
      .where("App. G §GRPO, Proposition prop:grpo-lump (boxed)")
      .statement(
          R"(For $\varepsilon=0$ and the GRPO field: $\dot q_k=h_G(\rho)\,q_k(\mathrm{corr}(C_k;p)-\rho)$, $\mathrm{corr}=q_{k,\mathcal C}/q_k$, for every lump with $q_k>0$. Along GRPO trajectories ($S=2,\dots,5$, $t\in[0,1]$, $G=2,\dots,32$, starts incl.\ faces and $\partial\Delta_\delta$, every lump-size pattern, random labellings incl.\ $K_C\in\{0,S\}$) by central differences of $Ap(t)$, and pointwise (every $S$))")
      .over(trajectory_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const ScoreField<T> f = grpo_field(a);
        const Lumps L = lumps_domain::lumps_of(a);
        return along_lump_flow(f, T(0), a.simplex("p0"), L, Observable::masses, [&](const Vec<T>& p) {
          return std::make_pair(grpo_lump_formula(L, f, p), lump_term_scale(L, p, f, T(0)));
        });
      })
      .and_holds("pointwise", pointwise_domain(), []<class T>(const Args<T>& a, const Consts<T>&) {
        const ScoreField<T> f = grpo_field(a);
        const Vec<T> p = a.simplex("p0");
        const Lumps L = lumps_domain::lumps_of(a);
        const Vec<T> phi = f.phi(p), e = grpo_lump_formula(L, f, p), sel = lump_selection(L, p, phi);
        const Vec<T> scale = lump_term_scale(L, p, f, T(0));
        Ineq<T> w = skip<T>();
        for (int k = 0; k < L.count(); ++k)
          if (is_finite(e(k)))
            w = worst(w, eq<T>(e(k), sel(k), scale(k)));
        return w;
      });
}

// App. G prop:grpo-lump (second statement).
DCRV_CLAIM(claim_grpo_logratio) {
  return forall("G.grpo-logratio", Kind::identity)
      .where("App. G §GRPO, Proposition prop:grpo-lump (second statement)")
      .statement(
          R"(For $\varepsilon=0$: $\frac{d}{dt}\log\frac{q_i}{q_j}=h_G(\rho)(\mathrm{corr}(C_i;p)-\mathrm{corr}(C_j;p))$: along GRPO trajectories, $\frac{d}{dt}\log q_k$ by central differences of $\log(Ap(t))$ against $h_G(\rho)(\mathrm{corr}(C_k;p)-\rho)$ for every lump with $q_k>0$ (every pair's difference follows; the common term $-h_G\rho$ cancels in it); $S=2,\dots,5$, $G=2,\dots,32$, every lump-size pattern)")
      .over(trajectory_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const ScoreField<T> f = grpo_field(a);
        const Lumps L = lumps_domain::lumps_of(a);
        return along_lump_flow(f, T(0), a.simplex("p0"), L, Observable::log_masses, [&](const Vec<T>& p) {
          const Vec<T> q = lump_masses(L, p);
          Vec<T> e = grpo_lump_formula(L, f, p), sc = lump_term_scale(L, p, f, T(0));
          for (int k = 0; k < L.count(); ++k) {
            e(k) = q(k) > 0 ? T(e(k) / q(k)) : nan_of<T>();
            sc(k) = q(k) > 0 ? T(sc(k) / q(k)) : T(0);
          }
          return std::make_pair(e, sc);
        });
      });
}

// ============================================================================================================
// §DPO (sign-pure lumps)
// ============================================================================================================

/// The DPO field of a sample with sign-pure labels.
template <class T> ScoreField<T> dpo_field(const Args<T>& a, const Labels& s) {
  return score_field_of(a, &s, static_cast<int>(Family::dpo));
}
/// G_k(p) = (1/q_k) Σ_{π∈C_k} p_π g_β(log p_π) and q_k G_k (the well-defined product).
template <class T>
std::pair<Vec<T>, Vec<T>> dpo_lump_scores(const Lumps& L, const ScoreField<T>& f, const Vec<T>& p) {
  DpoModel<T> m;
  m.beta = f.beta, m.ell0 = f.ell0;
  Vec<T> qG = Vec<T>::Zero(L.count());
  for (int pi = 0; pi < L.traces(); ++pi)
    if (p(pi) > 0)
      qG(L.lump_of(pi)) += p(pi) * m.g(T(log(p(pi))));
  const Vec<T> q = lump_masses(L, p);
  Vec<T> G(L.count());
  for (int k = 0; k < L.count(); ++k)
    G(k) = q(k) > 0 ? T(qG(k) / q(k)) : nan_of<T>();
  return {G, qG};
}
/// ḡ(p) = Σ_j q_j s_j G_j(p).
template <class T> T dpo_gbar(const Lumps& L, const Labels& s, const Vec<T>& qG) {
  T g(0);
  for (int k = 0; k < L.count(); ++k)
    g += T(L.lump_label(s, k)) * qG(k);
  return g;
}

Domain sign_pure_domain() {
  return lumps_domain::with_score_fields(lumps_domain::with_partition(Domain().dims(2)))
      .simplex("p0", true)
      .real("eps", 1e-6, 10.0, true)
      .real("eps_zero", 0.0, 1.0)
      .points([](int S) {
        return cross(lumps_domain::sign_pure_points(S), {{{"beta", {10.0}}, {"ell0", {-std::log(2.0 * S)}}}});
      });
}

// App. G §DPO: ḡ = γ̄ for sign-pure lumps.
DCRV_CLAIM(claim_dpo_gbar) {
  return forall("G.dpo-gbar", Kind::identity)
      .where("App. G §DPO (sign-pure lumps)")
      .statement(
          R"(For sign-pure lumps: $\bar g(p)=\sum_jq_js_jG_j(p)=\bar\gamma(p)=\sum_\pi p_\pi s_\pi g_\beta(\log p_\pi)$, $G_k=\frac1{q_k}\sum_{\pi\in C_k}p_\pi g_\beta(\log p_\pi)$ ($q_kG_k$ read as the sum, so empty lumps count $0$); every lump-size pattern with its sign-pure labellings, random partitions, $\beta\in[0.1,10]$, $\ell_0\in[-8,2]$, $p$ on the closed simplex, every $S$)")
      .over(sign_pure_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Labels s = lumps_domain::sign_pure_labels(a, L);
        const ScoreField<T> f = dpo_field(a, s);
        const Vec<T> p = a.simplex("p0");
        const auto [G, qG] = dpo_lump_scores(L, f, p);
        DpoModel<T> m;
        m.beta = f.beta, m.ell0 = f.ell0;
        T gamma_bar(0), scale(0);
        for (int pi = 0; pi < L.traces(); ++pi)
          if (p(pi) > 0) {
            const T term = T(s[static_cast<std::size_t>(pi)]) * p(pi) * m.g(T(log(p(pi))));
            gamma_bar += term;
            scale += abs(term);
          }
        return eq<T>(dpo_gbar(L, s, qG), gamma_bar, scale);
      });
}

// App. G Proposition prop:dpo-lump (first box).
DCRV_CLAIM(claim_dpo_lump_ode) {
  return forall("G.dpo-lump-ode", Kind::identity)
      .where("App. G §DPO, Proposition prop:dpo-lump (first box)")
      .statement(
          R"(For $\varepsilon=0$ and sign-pure lumps: $\dot q_k=q_k(s_kG_k(p)-\bar g(p))$ ($q_kG_k$ the sum, so empty lumps give $0$). Along DPO trajectories ($S=2,\dots,5$, $t\in[0,1]$, $\beta\in[0.1,10]$, $\ell_0\in[-8,2]$, starts incl.\ faces and $\partial\Delta_\delta$, every lump-size pattern with sign-pure labellings) by central differences of $Ap(t)$, and pointwise (every $S$))")
      .over(trajectory_domain(true))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Labels s = lumps_domain::sign_pure_labels(a, L);
        const ScoreField<T> f = dpo_field(a, s);
        return along_lump_flow(f, T(0), a.simplex("p0"), L, Observable::masses, [&](const Vec<T>& p) {
          const auto [G, qG] = dpo_lump_scores(L, f, p);
          const T gbar = dpo_gbar(L, s, qG);
          const Vec<T> q = lump_masses(L, p);
          Vec<T> e(L.count());
          for (int k = 0; k < L.count(); ++k)
            e(k) = T(L.lump_label(s, k)) * qG(k) - q(k) * gbar;
          return std::make_pair(e, lump_term_scale(L, p, f, T(0)));
        });
      })
      .and_holds("pointwise", sign_pure_domain(), []<class T>(const Args<T>& a, const Consts<T>&) {
        const Lumps L = lumps_domain::lumps_of(a);
        const Labels s = lumps_domain::sign_pure_labels(a, L);
        const ScoreField<T> f = dpo_field(a, s);
        const Vec<T> p = a.simplex("p0");
        const auto [G, qG] = dpo_lump_scores(L, f, p);
        const T gbar = dpo_gbar(L, s, qG);
        const Vec<T> q = lump_masses(L, p), phi = f.phi(p), sel = lump_selection(L, p, phi);
        const Vec<T> scale = lump_term_scale(L, p, f, T(0));
        Ineq<T> w = skip<T>();
        for (int k = 0; k < L.count(); ++k)
          w = worst(w, eq<T>(T(T(L.lump_label(s, k)) * qG(k) - q(k) * gbar), sel(k), scale(k)));
        return w;
      });
}

/// Same-sign pairs (i, k) of the labels.
std::vector<std::pair<int, int>> same_sign_pairs(const Labels& s) {
  std::vector<std::pair<int, int>> out;
  for (std::size_t i = 0; i < s.size(); ++i)
    for (std::size_t k = i + 1; k < s.size(); ++k)
      if (s[i] == s[k])
        out.emplace_back(static_cast<int>(i), static_cast<int>(k));
  return out;
}

// App. G prop:dpo-lump (second box, identity): ż_ik = s(g_β(log p_i) − g_β(log p_k)).
DCRV_CLAIM(claim_dpo_zik_ode) {
  return forall("G.dpo-zik-ode", Kind::identity)
      .where("App. G §DPO, Proposition prop:dpo-lump (second box, identity)")
      .statement(
          R"(For $\varepsilon=0$, singletons $\{\pi_i\},\{\pi_k\}$ with $s_{\pi_i}=s_{\pi_k}=s$: $\dot z_{ik}=s(g_\beta(\log p_{\pi_i})-g_\beta(\log p_{\pi_k}))$, $z_{ik}=\log(p_{\pi_i}/p_{\pi_k})$. Along DPO trajectories (open simplex starts, random labels, $S=2,\dots,5$, $t\in[0,1]$, $\beta\in[0.1,10]$, $\ell_0\in[-8,2]$): $\frac{d}{dt}\log p_\pi$ by central differences against $s_\pi g_\beta(\log p_\pi)-\bar\gamma$, the common $-\bar\gamma$ cancelling in every same-sign difference)")
      .over(lumps_domain::with_score_fields(Domain().dims(2, 5)).simplex("p0").points([](int S) {
        return lumps_domain::family_points(S);
      }))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Labels s = lumps_domain::labels_of(a);
        if (same_sign_pairs(s).empty())
          return skip<T>();
        const ScoreField<T> f = dpo_field(a, s);
        const Lumps L = Lumps::singletons(a.S());
        return along_lump_flow(f, T(0), a.simplex("p0"), L, Observable::log_traces, [&](const Vec<T>& p) {
          DpoModel<T> m;
          m.beta = f.beta, m.ell0 = f.ell0;
          T gamma_bar(0);
          Vec<T> e(p.size()), sc(p.size());
          for (Eigen::Index i = 0; i < p.size(); ++i) {
            e(i) = T(s[static_cast<std::size_t>(i)]) * m.g(T(log(p(i))));
            gamma_bar += p(i) * e(i);
          }
          for (Eigen::Index i = 0; i < p.size(); ++i) {
            sc(i) = T(1) + abs(gamma_bar);
            e(i) -= gamma_bar;
          }
          return std::make_pair(e, sc);
        });
      });
}

// App. G prop:dpo-lump (second box, inequality): |ż_ik| ≤ (β/4)|z_ik|.
DCRV_CLAIM(claim_dpo_zik_bound) {
  return forall("G.dpo-zik-bound", Kind::bound)
      .where("App. G §DPO, Proposition prop:dpo-lump (second box, inequality)")
      .statement(
          R"($|\dot z_{ik}|\le c\beta|z_{ik}|$, $c=\tfrac14$, for $\varepsilon=0$ and every same-sign pair, with $\dot z_{ik}=r_i-r_k$ from the per-capita rates of the DPO flow; $p$ in the open simplex (masses down to $10^{-40}$), $\beta\in[0.1,10]$, $\ell_0\in[-8,2]$, every $S$ (points with $\log p_i\approx\log p_k\approx\ell_0$, where the bound is tight))")
      .constant("c", 0.25, Role::upper, "coefficient of beta")
      .over(lumps_domain::with_score_fields(Domain().dims(2)).simplex("p").points([](int S) {
        std::vector<Assign> pts;
        for (double beta : {0.1, 1.0, 10.0})
          for (double dz : {1e-3, 1e-6}) {
            const double l0 = -std::log(2.0 * S), m0 = std::exp(l0);
            std::vector<double> p(static_cast<std::size_t>(S), (1.0 - 2 * m0) / std::max(1, S - 2));
            p[0] = m0 * std::exp(dz / 2);
            p[1] = m0 * std::exp(-dz / 2);
            if (S == 2)
              p = {0.5 * std::exp(dz / 2), 0.5 * std::exp(-dz / 2)};
            std::vector<double> lab(static_cast<std::size_t>(S), 1.0);
            pts.push_back(
                {{"p", p}, {"labels", lab}, {"beta", {beta}}, {"ell0", {S == 2 ? std::log(0.5) : l0}}});
          }
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Labels s = lumps_domain::labels_of(a);
        const ScoreField<T> f = dpo_field(a, s);
        const Vec<T> p = a.simplex("p"), lp = ScoreField<T>::safe_log(p);
        const Vec<T> r = f.phi(p, lp); // ε = 0: the per-capita rate is φ
        Ineq<T> w = skip<T>();
        for (const auto& [i, j] : same_sign_pairs(s)) {
          const T z = lp(i) - lp(j);
          w = worst(w, le<T>(abs(T(r(i) - r(j))), k("c") * f.beta * abs(z)));
        }
        return w;
      });
}

// ============================================================================================================
// thm:trace-perturb and the forward-invariance templates (BD)
// ============================================================================================================

/// The linear-fitness field of App. G's theorem checks, extended outside Δ_δ by the factor 1 + A·Σ(δ − p_π)₊.
template <class T> struct TraceField {
  Vec<T> c;
  T delta{0}, A{0};
  Vec<T> phi(const Vec<T>& p) const {
    T out(0);
    for (Eigen::Index i = 0; i < p.size(); ++i)
      if (p(i) < delta)
        out += delta - p(i);
    return ((T(1) + A * out) * (c.array() - p.dot(c))).matrix();
  }
  RateField<T> rate(const T& eps) const {
    const TraceField f = *this;
    return [f, eps](const T&, const Vec<T>& p, const Vec<T>& lp) {
      const T ml = p.dot(lp);
      return Vec<T>(f.phi(p) - eps * (lp.array() - ml).matrix());
    };
  }
};

/// The exact constants of (phi-regular) and the sups of (BD) for φ = c − ⟨p,c⟩1 on Δ_δ: ⟨p,c⟩ ranges over
/// [δΣc + (1−Sδ)min c, δΣc + (1−Sδ)max c] and ‖c − t1‖ is convex in t, so the sups are at the two ends.
template <class T> struct LinearConstants { T M2, Minf, Lphi, LF; };
template <class T> LinearConstants<T> linear_constants(const Vec<T>& c, const T& delta, const T& free) {
  const T S = T(c.size());
  const T base = delta * c.sum();
  LinearConstants<T> k{T(0), T(0), T(0), T(0)};
  for (const T& t : {T(base + free * c.minCoeff()), T(base + free * c.maxCoeff())}) {
    const Vec<T> v = (c.array() - t).matrix();
    k.M2 = std::max<T>(k.M2, v.norm());
    k.Minf = std::max<T>(k.Minf, norm_inf<T>(v));
  }
  const T mean = c.sum() / S;
  k.Lphi = sqrt(S) * (c.array() - mean).matrix().norm();
  k.LF = sqrt(S) * (k.Lphi / T(2) + T(3) * k.M2);
  return k;
}

/// The trace-level bound (2ε log(1/δ)/L)(e^{Lt} − 1) with the claim's constant "two".
template <class T> T trace_bound(const T& two, const T& eps, const T& delta, const T& LF, const T& t) {
  return two * eps * T(-log(delta)) * (LF > 0 ? T(expm1(T(LF * t)) / LF) : t);
}

/// p^ε (rate_eps) and p^0 (rate_0) from a common start: `inv(t, pε, p0, state)` at t = 0 and every accepted
/// step of p^ε, p^0 being advanced to the same t; inv returns {ineq, stop}. NaN if an integration fails
/// before a stop.
template <class T, class Inv>
Ineq<T> along_coupled(const RateField<T>& rate_eps, const RateField<T>& rate_0, const Vec<T>& p0,
                      const T& t_end, const Inv& inv) {
  FlowOptions opt;
  if constexpr (!std::is_same_v<T, double>)
    opt.rel_tol = opt.abs_tol = 1e-20;
  Vec<T> log0(p0.size());
  for (Eigen::Index i = 0; i < p0.size(); ++i)
    log0(i) = log(p0(i));
  Vec<T> y0 = log0, q0 = p0;
  T t0(0);
  bool failed = false, stopped = false;
  Ineq<T> w = skip<T>();
  const FlowResult<T> r = integrate_flow<T>(
      rate_eps, log0, T(0), t_end,
      [&](const T& t, const Vec<T>& pe) {
        if (t > t0) {
          const FlowResult<T> s = integrate_flow<T>(rate_0, y0, t0, t, {}, opt);
          if (!s.completed) {
            failed = true;
            return false;
          }
          y0 = s.log_p, q0 = s.p, t0 = t;
        } else {
          q0 = pe; // the common start, as the integrator represents it
        }
        const auto [ineq, stop] = inv(t, pe, q0);
        w = worst(w, ineq);
        if (stop || w.violated()) {
          stopped = true;
          return false;
        }
        return true;
      },
      opt);
  if (failed || (!r.completed && !stopped))
    return le<T>(nan_of<T>(), nan_of<T>());
  return w;
}

/// The trace-perturbation domain: S = 2…4, the fitness c, δ = u/S, the start δ1 + (1 − u)q on Δ_δ (closed q:
/// on ∂Δ_δ when q has a zero), the outside factor A ∈ {0} ∪ [1, 10⁶], ε = κ·2M_∞/L_S (κ ≥ 1: (BD) holds) or
/// free.
Domain trace_domain() {
  return Domain()
      .dims(2, 4)
      .vector("c", 1.0)
      .simplex("q", true)
      .real("u", 1e-6, 0.9, true)
      .real("A", 1.0, 1e6, true)
      .real("A_on", 0.0, 1.0)
      .real("kappa", 1.0, 10.0, true)
      .points([](int S) {
        std::vector<Assign> pts;
        std::vector<double> c(static_cast<std::size_t>(S), 0.0), face(static_cast<std::size_t>(S), 1.0),
            inner(static_cast<std::size_t>(S), 1.0);
        c[0] = 1.0;
        c[static_cast<std::size_t>(S - 1)] = -1.0;
        face[static_cast<std::size_t>(S - 1)] = 0.0; // p_{S−1} = δ: the coordinate with the least fitness
        inner[0] = 3.0;
        for (double A_on : {0.0, 1.0})
          for (const auto& q : {face, inner})
            pts.push_back(
                {{"c", c}, {"q", q}, {"u", {0.15}}, {"A", {1e6}}, {"A_on", {A_on}}, {"kappa", {1.0}}});
        return pts;
      });
}

/// The trace-perturbation property. `literal_tau`: τ^∧ = inf{t > 0 : min p^ε = δ or min p^0 = δ} (crossings
/// of δ after t = 0, detected by a sign change of min p − δ between accepted steps); otherwise τ = the first
/// exit of either trajectory from Δ_δ. `extension`: use the factor A outside Δ_δ (else A = 0); `all_t`: no τ
/// at all (the (BD) corollary). ε = κ·2M_∞/L_S(δ) (BD holds).
template <class T>
Ineq<T> trace_property(const Args<T>& a, const Consts<T>& k, bool literal_tau, bool all_t, bool extension,
                       bool global_constants, double t_end) {
  const int S = a.S();
  TraceField<T> f;
  f.c = a.vec("c");
  f.delta = a.real("u") / T(S);
  f.A = extension && a.real("A_on") >= T(0.5) ? a.real("A") : T(0);
  const T free = T(1) - a.real("u");
  if (!(f.c.maxCoeff() > f.c.minCoeff()))
    return skip<T>();
  LinearConstants<T> kc = linear_constants(f.c, f.delta, free);
  if (global_constants) // (phi-regular) on the whole simplex: M_{φ,2} over Δ (δ = 0), L_φ unchanged
    kc = linear_constants(f.c, T(0), T(1));
  const T LS = face_gap(S, f.delta);
  const T eps = a.real("kappa") * T(2) * kc.Minf / LS;
  const Vec<T> p0 = (a.simplex("q") * free).array() + f.delta;
  const T two = k("two"), delta = f.delta;
  int sign_e = 0, sign_0 = 0; // signs of min p − δ after t = 0 (literal τ^∧)
  return along_coupled<T>(f.rate(eps), f.rate(T(0)), p0, T(t_end),
                          [&](const T& t, const Vec<T>& pe, const Vec<T>& pz) -> std::pair<Ineq<T>, bool> {
                            if (!(t > 0)) // the common start: both sides vanish
                              return {skip<T>(), false};
                            const T me = pe.minCoeff() - delta, mz = pz.minCoeff() - delta;
                            if (!all_t) {
                              if (literal_tau) {
                                if (t > 0) {
                                  const int se = me > 0 ? 1 : (me < 0 ? -1 : 0),
                                            sz = mz > 0 ? 1 : (mz < 0 ? -1 : 0);
                                  const bool crossed = se == 0 || sz == 0 || (sign_e != 0 && se != sign_e) ||
                                                       (sign_0 != 0 && sz != sign_0);
                                  if (crossed)
                                    return {skip<T>(), true};
                                  sign_e = se, sign_0 = sz;
                                }
                              } else if (me < T(-1e-12) * delta || mz < T(-1e-12) * delta) {
                                return {skip<T>(), true}; // left Δ_δ: τ reached
                              }
                            }
                            const T dist = norm1<T>(Vec<T>(pe - pz));
                            return {le<T>(dist, trace_bound(two, eps, delta, kc.LF, t)), false};
                          });
}

// App. G Theorem thm:trace-perturb (literal τ^∧).
DCRV_CLAIM(claim_trace_perturb) {
  return forall("G.trace-perturb", Kind::dynamic)
      .skips("runs where tau^ (a trajectory reaching min p = delta) comes before the first accepted step "
             "test no t in [0, tau^), as do fields with constant c (no selection)")
      .where("App. G §Small-epsilon perturbation, Theorem thm:trace-perturb")
      .statement(
          R"(For $p^\varepsilon,p^0$ solving $\dot p=F_0(p)-\varepsilon E(p)$, $\dot p=F_0(p)$ from a common start in $\Delta_\delta$ and $\tau^\wedge=\inf\{t>0:\min_\pi p^\varepsilon_\pi(t)=\delta\text{ or }\min_\pi p^0_\pi(t)=\delta\}$ (literal): $\|p^\varepsilon(t)-p^0(t)\|_1\le\frac{a\varepsilon\log(1/\delta)}{L_F^{(1)}}(e^{L_F^{(1)}t}-1)$, $a=2$, on $[0,\tau^\wedge)$. Checked with $\phi=(1+A\sum_\pi(\delta-p_\pi)_+)(c-\langle p,c\rangle\mathbf 1)$, which is the linear-fitness field on $\Delta_\delta$ (so (phi-regular) holds there with the exact $M_{\phi,2}$, $L_\phi=\sqrt S\|c-\bar c\mathbf1\|_2$) and is continuous outside, $A\in\{0\}\cup[1,10^6]$; $S=2,3,4$; $\delta=u/S$, $u\in[10^{-6},0.9]$; starts on $\Delta_\delta$ incl.\ $\partial\Delta_\delta$; $\varepsilon=\kappa\cdot2M_{\phi,\infty}/L_S(\delta)$, $\kappa\in[1,10]$; $t\le0.05$. From a start on $\partial\Delta_\delta$ where $p^0$ leaves at once and $p^\varepsilon$ enters, $\min p=\delta$ never recurs for $t>0$, so $\tau^\wedge=\infty$ literally, while $p^0$ runs through the region where nothing is assumed of $\phi$)")
      .constant("two", 2.0, Role::upper, "the factor 2 in 2 eps log(1/delta)")
      .over(trace_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return trace_property(a, k, true, false, true, false, 0.05);
      });
}

DCRV_CLAIM(claim_trace_perturb_first_exit) {
  return forall("G.trace-perturb~first-exit", Kind::dynamic)
      .skips("runs whose first exit from Delta_delta comes before the first accepted step test no t in [0, "
             "tau), as do fields with constant c (no selection)")
      .where("App. G §Small-epsilon perturbation, Theorem thm:trace-perturb")
      .reading("tau = the first time either trajectory leaves Delta_delta (0 when it leaves at once)")
      .statement(
          R"(The bound of thm:trace-perturb, $a=2$, on $[0,\tau)$ with $\tau$ the first exit time of $p^\varepsilon$ or $p^0$ from $\Delta_\delta$; same fields, starts and $\varepsilon$ as G.trace-perturb, $t\le2$)")
      .constant("two", 2.0, Role::upper, "the factor 2 in 2 eps log(1/delta)")
      .over(trace_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return trace_property(a, k, false, false, true, false, 2.0);
      });
}

// App. G thm:trace-perturb (last sentence): aggregation does not increase the ℓ1 distance.
DCRV_CLAIM(claim_trace_perturb_lump) {
  return forall("G.trace-perturb-lump", Kind::bound)
      .where("App. G §Small-epsilon perturbation, Theorem thm:trace-perturb (last sentence)")
      .statement(
          R"($\|q^\varepsilon(t)-q^0(t)\|_1\le c\|p^\varepsilon(t)-p^0(t)\|_1$, $c=1$, for every partition, along coupled trajectories of $\dot p=p\odot\phi-\varepsilon E$ and $\dot p=p\odot\phi$ from a common start (the four families, $S=2,\dots,5$, every lump-size pattern incl.\ singletons, where it is an equality; $\varepsilon\in[10^{-6},10]$, $t\le2$))")
      .constant("c", 1.0, Role::upper, "Lipschitz constant of the aggregation in l1")
      .over(lumps_domain::with_score_fields(lumps_domain::with_partition(Domain().dims(2, 5)))
                .simplex("p0")
                .real("eps", 1e-6, 10.0, true)
                .points([](int S) {
                  std::vector<Assign> pts;
                  const auto fams = lumps_domain::family_points(S);
                  std::size_t i = 0;
                  for (const auto& a : lumps_domain::partition_points(S)) {
                    Assign b = fams[i++ % fams.size()];
                    b["lumps"] = a.at("lumps");
                    pts.push_back(b);
                  }
                  return pts;
                }))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const ScoreField<T> f = score_field_of(a);
        const Vec<T> p0 = a.simplex("p0");
        if (!f.defined_at(p0))
          return skip<T>();
        const Lumps L = lumps_domain::lumps_of(a);
        const int S = a.S();
        std::vector<int> J(static_cast<std::size_t>(S));
        for (int i = 0; i < S; ++i)
          J[static_cast<std::size_t>(i)] = i;
        const RateField<T> re = lumps_domain::support_rate(f, a.real("eps"), J, S),
                           r0 = lumps_domain::support_rate(f, T(0), J, S);
        return along_coupled<T>(re, r0, p0, T(2), [&](const T& t, const Vec<T>& pe, const Vec<T>& pz) {
          if (!(t > 0))
            return std::make_pair(skip<T>(), false);
          const Vec<T> d = pe - pz;
          return std::make_pair(le<T>(norm1<T>(L.aggregate<T>(d)), k("c") * norm1<T>(d)), false);
        });
      });
}

// App. G §Forward-invariance templates: under (BD) the trace bound holds for all t ≥ 0 (literal: φ arbitrary
// outside Δ_δ, as the appendix assumes nothing there).
DCRV_CLAIM(claim_bd_trace_all_t) {
  return forall("G.bd-trace-all-t", Kind::dynamic)
      .skips("fields with constant c (no selection) and runs ended by a crossing before the first accepted "
             "step test no t")
      .where("App. G §Forward-invariance templates (after eq. (BD))")
      .statement(
          R"(Under (BD) ($\varepsilon L_S(\delta)\ge2M_{\phi,\infty}$), the bound of thm:trace-perturb ($a=2$) holds for all $t\ge0$. Checked with the fields of G.trace-perturb (regular on $\Delta_\delta$ as (phi-regular) requires, continuous outside, where the appendix assumes nothing), $\varepsilon=\kappa\cdot2M_{\phi,\infty}/L_S$, $\kappa\in[1,10]$, $t\le0.05$: (BD) keeps $p^\varepsilon$ in $\Delta_\delta$ but not $p^0$, whose flow has no entropy term)")
      .constant("two", 2.0, Role::upper, "the factor 2 in 2 eps log(1/delta)")
      .over(trace_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return trace_property(a, k, false, true, true, false, 0.05);
      });
}

DCRV_CLAIM(claim_bd_trace_all_t_global) {
  return forall("G.bd-trace-all-t~global-regularity", Kind::dynamic)
      .skips("fields with constant c (no selection) and runs ended by a crossing before the first accepted "
             "step test no t")
      .where("App. G §Forward-invariance templates (after eq. (BD))")
      .reading("(phi-regular) assumed on the whole simplex, with constants valid there")
      .statement(
          R"(Under (BD), with $\phi$ satisfying (phi-regular) on all of $\Delta^{S-1}$ and $M_{\phi,2}$, $L_\phi$ the constants there: the bound of thm:trace-perturb ($a=2$) for all $t\in[0,2]$; the linear-fitness field (no change outside $\Delta_\delta$, $M_{\phi,2}$ over $\Delta^{S-1}$), $S=2,3,4$, $\varepsilon=\kappa\cdot2M_{\phi,\infty}/L_S$)")
      .constant("two", 2.0, Role::upper, "the factor 2 in 2 eps log(1/delta)")
      .over(trace_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return trace_property(a, k, false, true, false, true, 2.0);
      });
}

/// An upper bound of M_{φ,∞} = sup_{Δ_δ}‖φ‖_∞ per family (so ε = c·M/L_S meets (BD) with the claim's factor
/// c): STaR 1 (|φ_c| ≤ max(p_c, S⁽²⁾)/ρ ≤ 1, |φ_i| = S⁽²⁾/ρ ≤ ρ), GRPO √(G−1) (c₁(ρ) ≤ √(G−1), ρh_G ≤
/// √(G−1)), DPO 2
/// (|γ| < 1), linear fitness exact.
template <class T> T sup_field_bound(const ScoreField<T>& f, const T& delta, const T& free) {
  switch (f.family) {
  case Family::star:
    return T(1);
  case Family::grpo:
    return f.ch->sqrt_m();
  case Family::dpo:
    return T(2);
  default:
    return linear_constants(f.c, delta, free).Minf;
  }
}

/// The (BD) forward-invariance property for the families: ε = c·M/L_S(δ) (c = the constant "two"), starts on
/// ∂Δ_δ; min_π p_π(t) ≥ δ along [0, 2].
template <class T> Ineq<T> bd_invariance(const Args<T>& a, const Consts<T>& k) {
  const int S = a.S();
  const ScoreField<T> f = score_field_of(a);
  const T delta = lumps_domain::trim_of(a), free = T(1) - a.real("u");
  const Vec<T> p0 = (a.simplex("q") * free).array() + delta;
  if (!f.defined_at(p0))
    return skip<T>();
  const T LS = face_gap(S, delta);
  const T eps = k("two") * sup_field_bound(f, delta, free) / LS;
  std::vector<int> J(static_cast<std::size_t>(S));
  for (int i = 0; i < S; ++i)
    J[static_cast<std::size_t>(i)] = i;
  FlowOptions opt;
  if constexpr (!std::is_same_v<T, double>)
    opt.rel_tol = opt.abs_tol = 1e-20;
  Ineq<T> w = skip<T>();
  const T slack = std::is_same_v<T, double> ? T(1e-8) : T(1e-16);
  const FlowResult<T> r = integrate_flow_from<T>(
      lumps_domain::support_rate(f, eps, J, S), p0, T(0), T(2),
      [&](const T& t, const Vec<T>& p) {
        if (t > 0) // the start lies on ∂Δ_δ
          w = worst(w, le<T>(T(delta * (T(1) - slack)), p.minCoeff()));
        return !w.violated();
      },
      opt);
  if (!r.completed && !w.violated())
    return le<T>(nan_of<T>(), nan_of<T>());
  return w;
}

Domain bd_domain() {
  return lumps_domain::with_score_fields(Domain().dims(2, 5))
      .simplex("q", true)
      .real("u", 1e-6, 0.95, true)
      .points([](int S) {
        std::vector<Assign> pts;
        // the linear field c = e_0 − e_{S−1} at the facet p_{S−1} = δ (sharp for S = 2: the exact face
        // threshold is M_∞/L_2)
        std::vector<double> c(static_cast<std::size_t>(S), 0.0), q(static_cast<std::size_t>(S), 0.0);
        c[0] = 1.0;
        c[static_cast<std::size_t>(S - 1)] = -1.0;
        q[0] = 1.0;
        for (double u : {2e-3, 0.1, 0.5})
          pts.push_back({{"family", {3.5}}, {"c", c}, {"q", q}, {"u", {u}}});
        for (const auto& fam : lumps_domain::family_points(S)) {
          Assign b = fam;
          b["q"] = q;
          b["u"] = {0.05};
          pts.push_back(b);
        }
        return pts;
      });
}

/// The Carathéodory solution that leaves Δ_δ under (BD) at ε = 0 with φ ≡ 0 on Δ_δ: S = 2, p = (x, 1 − x),
/// φ = ((1−x)a(x), −x a(x)), a(x) = −κ√((δ − x)₊) — centred and continuous on Δ¹, zero on Δ_δ, so M_{φ,∞} =
/// M_{φ,2} = 0 and (BD) holds at ε = 0. ẋ = −κ x(1−x)√(δ − x) below δ is not Lipschitz at x = δ: besides x ≡
/// δ, the solution with t(y) = ∫₀^y du/(κ(δ−u)(1−δ+u)√u) (y = δ − x; substitute u = s²: a smooth integrand)
/// leaves Δ_δ and reaches x = δ − y₁ at the finite time t(y₁). Returns 1/t(y₁) (> 0: the exit time is
/// finite).
template <class T> T exit_rate_of_nonlipschitz_field(const T& delta, const T& kappa, const T& y1) {
  // 10-point Gauss–Legendre on [0, √y₁] of 2/(κ(δ − s²)(1 − δ + s²)) (analytic on the interval since y₁ < δ)
  static const double x10[5] = {0.1488743389816312, 0.4333953941292472, 0.6794095682990244,
                                0.8650633666889845, 0.9739065285171717};
  static const double w10[5] = {0.2955242247147529, 0.2692667193099963, 0.2190863625159820,
                                0.1494513491505806, 0.0666713443086881};
  const T b = sqrt(y1), half = b / T(2);
  auto g = [&](const T& s) { return T(2) / (kappa * (delta - s * s) * (T(1) - delta + s * s)); };
  T sum(0);
  for (int i = 0; i < 5; ++i)
    sum += T(w10[i]) * (g(T(half * (T(1) - T(x10[i])))) + g(T(half * (T(1) + T(x10[i])))));
  return T(1) / (half * sum);
}

// App. G eq. (BD): (BD) ⇒ Δ_δ forward invariant (literal: any centred continuous φ, ε ≥ 0).
DCRV_CLAIM(claim_bd_forward_invariance) {
  return forall("G.bd-forward-invariance", Kind::dynamic)
      .where("App. G §Forward-invariance templates, eq. (BD)")
      .statement(
          R"(If $\varepsilon L_S(\delta)\ge c\,M_{\phi,\infty}$ or $\varepsilon L_S(\delta)\ge c\,M_{\phi,2}$ on $\Delta_\delta$, $c=2$, then $\Delta_\delta$ is forward invariant for (SRCT), for every centred $\phi$ and $\varepsilon\ge0$ (literal). Part 1: the families STaR/GRPO/DPO/linear fitness at the template threshold $\varepsilon=c\bar M/L_S$ ($\bar M\ge M_{\phi,\infty}$: 1, $\sqrt{G-1}$, 2, exact), starts on $\partial\Delta_\delta$, $\min_\pi p_\pi(t)\ge\delta$ on $[0,2]$ ($S=2,\dots,5$). Part 2: at $\varepsilon=0$ the continuous centred field $\phi=((1-x)a,-xa)$, $a(x)=-\kappa\sqrt{(\delta-x)_+}$ on $\Delta^1$ is $0$ on $\Delta_\delta$, so (BD) holds ($0\ge0$), yet $\dot x=-\kappa x(1-x)\sqrt{\delta-x}$ has, besides $x\equiv\delta$, a Carathéodory solution from $x(0)=\delta$ that leaves $\Delta_\delta$ in the finite time $t(y_1)=\int_0^{y_1}du/(\kappa(\delta-u)(1-\delta+u)\sqrt u)$; the property is $1/t(y_1)\le0$ (exit never))")
      .constant("two", 2.0, Role::upper, "the factor c in eps L_S >= c M")
      .over(bd_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return bd_invariance(a, k); })
      .and_holds("a continuous non-Lipschitz field at eps = 0",
                 Domain()
                     .dims(2, 2)
                     .real("delta", 1e-3, 0.4, true)
                     .real("kappa", 0.1, 10.0, true)
                     .real("y1", 0.01, 0.9)
                     .points([](int) {
                       return std::vector<Assign>{{{"delta", {0.1}}, {"kappa", {1.0}}, {"y1", {0.5}}}};
                     }),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const T delta = a.real("delta");
                   return le<T>(
                       exit_rate_of_nonlipschitz_field(delta, a.real("kappa"), T(a.real("y1") * delta)),
                       T(0));
                 });
}

DCRV_CLAIM(claim_bd_forward_invariance_lipschitz) {
  return forall("G.bd-forward-invariance~lipschitz-phi", Kind::dynamic)
      .where("App. G §Forward-invariance templates, eq. (BD)")
      .reading("phi locally Lipschitz (unique solutions): the paper's families")
      .statement(
          R"(For the families STaR/GRPO/DPO/linear fitness (locally Lipschitz, so solutions are unique): $\varepsilon L_S(\delta)\ge c\bar M$, $c=2$, $\bar M\ge M_{\phi,\infty}$ (1, $\sqrt{G-1}$, 2, exact) keeps every trajectory from $\partial\Delta_\delta$ in $\Delta_\delta$ on $[0,2]$; $S=2,\dots,5$, $\delta=u/S$, $u\in[10^{-6},0.95]$)")
      .constant("two", 2.0, Role::upper, "the factor c in eps L_S >= c M")
      .over(bd_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return bd_invariance(a, k); });
}

} // namespace
} // namespace dcrv
