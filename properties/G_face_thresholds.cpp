// Appendix G, part c — face-wise entropy minima and the sharp Barrier–Dominance thresholds of OP1
// (appendix_G_aistats.tex §Open problems: "Face-wise entropy minima", OP1 for STaR and GRPO; Remarks (ii)).
//
// Setting. K = S traces, the first K_C correct (𝒞), the last K_I incorrect (ℐ) (the fields are permutation
// equivariant within classes), δ = u/K ∈ (0, 1/K), the band [K_Cδ, 1 − K_Iδ] for ρ = Σ_𝒞 p. A lower face is
// {p ∈ Δ_δ : p_k = δ}; an incorrect one (k = K − 1) at fixed ρ is nonempty iff the other coordinates can be ≥
// δ with the right class sums: ρ = 0 when K_C = 0, ρ = 1 − δ when K_I = 1, and ρ in the band otherwise; a
// correct one (k = 0): ρ = δ when K_C = 1, ρ = 1 when K_I = 0, the band otherwise. The paper's E_min^(ℐ),
// E_min^(𝒞) are grpo::emin_incorrect / emin_correct (the same formulas, App. E). ṗ_k = δ(φ_k + ε(⟨log p⟩ −
// log δ)) on the face.
//
// Thresholds. The exact minimal ε making every incorrect (correct) face inward is the sup over face points of
// (−φ_k)₊/(⟨log p⟩ − log δ). For STaR with K_C = 1 (incorrect faces: φ_k = −ρ) and K_C = 2 (correct faces:
// S⁽²⁾ = S⁽²⁾_max) and for GRPO (φ_k depends on ρ only) the sup at fixed ρ is attained at the uniform
// allocation, so the exact threshold is a maximum over the ρ where the face is nonempty; dcrv computes it in
// the working precision (grid + golden section) next to the paper's maximum over the whole band, and checks
// the reduction by random face points (the ratio never exceeds it) and the uniform allocation at the
// maximiser (it is attained). The report's table lists, on a grid of (K_C, K_I, δ, G), the formula thresholds
// next to brute-force sups over face points (random restarts + hill climbing on the face, double precision).
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/lumps.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/grpo.hpp"
#include "properties/domains/lumps.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/search.hpp"

namespace dcrv {
namespace {

using boost::multiprecision::abs;
using boost::multiprecision::log;
using boost::multiprecision::sqrt;
using std::abs;
using std::log;
using std::sqrt;

using grpo::emin_correct;
using grpo::emin_incorrect;
using lumps_domain::positive;

/// The thresholds table of the report (defined at the end of the file): formula thresholds next to
/// brute-force sups over face points on a grid of (K_C, K_I, δ, G), attached to a claim's outcome (details
/// and series).
enum class Table { star, grpo };
Claim with_threshold_table(Claim c, Table which);

// ---------------------------------------------------------------------------------------------------------------
// The setting of a sample
// ---------------------------------------------------------------------------------------------------------------

/// (K_C, K_I) with K_C = grpo_domain::correct_count ∈ [min_correct, K − min_incorrect] from "kc".
template <class T> std::pair<int, int> class_split(const Args<T>& a, int min_correct, int min_incorrect) {
  const int KC = grpo_domain::correct_count(a, min_correct, min_incorrect);
  return {KC, a.S() - KC};
}
/// δ = u/K.
template <class T> T delta_of(const Args<T>& a) {
  return a.real("u") / T(a.S());
}
/// ρ = K_Cδ + v(1 − Kδ) in the band (1 − Kδ = 1 − u exactly).
template <class T> T band_rho(const Args<T>& a, int KC) {
  return T(KC) * delta_of(a) + a.real("v") * (T(1) - a.real("u"));
}
template <class T> T band_lo(int KC, const T& delta) {
  return T(KC) * delta;
}
template <class T> T band_hi(int KI, const T& delta) {
  return T(1) - T(KI) * delta;
}

/// The distance from ρ to the set of ρ at which the incorrect (correct) face slice {p ∈ Δ_δ: p_k = δ, Σ_𝒞 p =
/// ρ} is nonempty (ρ taken in the band): 0 iff the slice is nonempty.
template <class T> T slice_gap(bool incorrect_face, int KC, int KI, const T& delta, const T& rho) {
  if (incorrect_face) {
    if (KC == 0)
      return abs(rho);
    if (KI == 1)
      return abs(T(T(1) - delta - rho));
    return T(0);
  }
  if (KC == 1)
    return abs(T(rho - delta));
  if (KI == 0)
    return abs(T(T(1) - rho));
  return T(0);
}
/// The ρ of a nonempty slice nearest to ρ (the band's value itself when every band value is feasible).
template <class T> T feasible_rho(bool incorrect_face, int KC, int KI, const T& delta, const T& rho) {
  if (incorrect_face) {
    if (KC == 0)
      return T(0);
    if (KI == 1)
      return T(1) - delta;
    return rho;
  }
  if (KC == 1)
    return delta;
  if (KI == 0)
    return T(1);
  return rho;
}
template <class T> T emin(bool incorrect_face, int KC, int KI, const T& delta, const T& rho) {
  return incorrect_face ? emin_incorrect(KC, KI, delta, rho) : emin_correct(KC, KI, delta, rho);
}

/// A point of the slice at ρ (which must be feasible): p_k = δ (k = K−1 incorrect face, k = 0 correct face),
/// the other correct coordinates δ + (their free mass)·(w restricted, renormalised; uniform if w vanishes
/// there), the other incorrect ones likewise; `uniform` = the uniform allocation (the claimed minimiser).
template <class T>
Vec<T> slice_point(bool incorrect_face, int KC, int KI, const T& delta, const T& rho, const Vec<T>& w,
                   bool uniform) {
  const int K = KC + KI, k = incorrect_face ? K - 1 : 0;
  Vec<T> p(K);
  p(k) = delta;
  auto fill = [&](int from, int to, const T& mass) { // indices [from, to) without k share `mass`, each ≥ δ
    std::vector<int> idx;
    for (int j = from; j < to; ++j)
      if (j != k)
        idx.push_back(j);
    if (idx.empty())
      return;
    const T free = mass - T(static_cast<int>(idx.size())) * delta;
    T sw(0);
    for (int j : idx)
      sw += w(j);
    for (int j : idx)
      p(j) = delta + free * (uniform || !(sw > 0) ? T(1) / T(static_cast<int>(idx.size())) : T(w(j) / sw));
  };
  fill(0, KC, rho - (incorrect_face ? T(0) : delta));
  fill(KC, K, T(1) - rho - (incorrect_face ? delta : T(0)));
  return p;
}

/// Gap(p) = ⟨log p⟩ − log δ.
template <class T> T face_gap_at_point(const Vec<T>& p, const T& delta) {
  return mean_log<T>(p) - log(delta);
}

/// Values of "kc" that map onto the extreme splits (K_C = lo, lo+1, lo+2, hi−1, hi) whatever [lo, hi] a claim
/// uses (hi − lo ∈ {K−2, K−1, K}).
std::vector<double> split_points(int K) {
  std::vector<double> out;
  for (int m = std::max(1, K - 2); m <= K; ++m)
    for (int j : {0, 1, 2, m - 1, m})
      if (j >= 0 && j <= m)
        out.push_back(static_cast<double>(j) / m);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// The thresholds domain: K ≥ 2, K_C from "kc", δ = u/K with u ∈ [10⁻¹², 1 − 10⁻¹²] (δ < 1/K), ρ from "v",
/// the face weights "w", G ∈ [2, 32] (GRPO), ε, and "at_max" (< 0.3: the face point is the uniform allocation
/// at the maximiser of the threshold's ρ-function). Points: every split at u ∈ {10⁻⁶, 0.1, 0.5, 0.9, 1 −
/// 10⁻⁹}, ρ at the ends and the middle of the band and at the balanced point.
Domain threshold_domain() {
  return Domain()
      .dims(2)
      .real("kc", 0.0, 1.0)
      .real("u", 1e-12, 1.0 - 1e-12, true)
      .real("v", 0.0, 1.0)
      .simplex("w", true)
      .real("G", 2.0, 32.0, true)
      .real("eps", 1e-6, 10.0, true)
      .real("at_max", 0.0, 1.0)
      .points([](int K) {
        std::vector<Assign> pts;
        for (double kc : split_points(K))
          for (double u : {1e-6, 0.1, 0.5, 0.9, 1.0 - 1e-9})
            for (double v : {0.0, 0.5, 1.0}) {
              pts.push_back(
                  {{"kc", {kc}}, {"u", {u}}, {"v", {v}}, {"G", {2.0}}, {"eps", {1e-3}}, {"at_max", {0.0}}});
              pts.push_back(
                  {{"kc", {kc}}, {"u", {u}}, {"v", {v}}, {"G", {8.0}}, {"eps", {3.0}}, {"at_max", {1.0}}});
            }
        return pts;
      });
}
/// The group size G ∈ {2, …, 32}.
template <class T> int grpo_group(const Args<T>& a) {
  return grpo_domain::group(a, 32);
}

// ============================================================================================================
// Face-wise entropy minima
// ============================================================================================================

/// E_min at fixed ρ: literal (the whole band: an empty slice is a violation, its min being +∞) or on nonempty
/// slices only. Checks ⟨log p⟩ − log δ ≥ E_min(ρ) at a random slice point and = at the uniform allocation.
template <class T> Ineq<T> emin_formula(const Args<T>& a, bool incorrect_face, bool literal) {
  const auto [KC, KI] = incorrect_face ? class_split(a, 0, 1) : class_split(a, 1, 0);
  const T delta = delta_of(a), rho = band_rho(a, KC);
  const T gap = slice_gap(incorrect_face, KC, KI, delta, rho);
  if (gap > 0)
    return literal ? le<T>(gap, T(0)) : skip<T>();
  const T E = emin(incorrect_face, KC, KI, delta, rho);
  const Vec<T> w = a.simplex("w");
  const Vec<T> pr = slice_point(incorrect_face, KC, KI, delta, rho, w, false);
  const Vec<T> pu = slice_point(incorrect_face, KC, KI, delta, rho, w, true);
  const T scale = abs(T(log(delta))) + abs(E);
  return worst(ge<T>(face_gap_at_point(pr, delta), E, scale), eq<T>(face_gap_at_point(pu, delta), E, scale));
}

/// The claim of one face (incorrect_face: k ∈ 𝓘, else k ∈ 𝒞) in the literal reading (ρ over the band) or the
/// reading ~nonempty (ρ where the face slice is nonempty).
ForAll emin_formula_claim(const char* id, bool incorrect_face, bool literal, const char* statement) {
  ForAll f = forall(id, Kind::identity);
  f.where(incorrect_face ? "App. G §Open problems, face-wise entropy minima (incorrect face)"
                         : "App. G §Open problems, face-wise entropy minima (correct face)")
      .statement(statement)
      .over(threshold_domain())
      .holds([incorrect_face, literal]<class T>(const Args<T>& a, const Consts<T>&) {
        return emin_formula(a, incorrect_face, literal);
      });
  if (!literal)
    f.reading("rho restricted to the values at which the face slice is nonempty");
  return f;
}

/// Points where a slice is nonempty only at one ρ (K_I = 1: v = 1; K_C = 0 (incorrect face): v = 0; K_C = 1
/// (correct face): v = 0; K_I = 0: v = 1) are among threshold_domain's points (v ∈ {0, ½, 1} for every
/// split).

// App. G "Face-wise entropy minima", incorrect face (literal: ρ over the band).
DCRV_CLAIM(claim_emin_i_formula) {
  return emin_formula_claim(
      "G.emin-i-formula", true, true,
      R"(For $k\in\mathcal I$ and every $\rho$ of the band $[K_C\delta,1-K_I\delta]$ (literal): $\min\{\langle\log p\rangle-\log\delta:p\in\Delta_\delta,p_k=\delta,\sum_{\mathcal C}p=\rho\}=E^{(\mathcal I)}_{\min}(\rho)$, attained by uniform allocation within each class; $K\ge2$, $0\le K_C\le K-1$, $\delta\in(0,1/K)$. Checked as: the slice is nonempty (else the minimum is $+\infty$; the witness's lhs is the distance from $\rho$ to the nonempty slices), $\langle\log p\rangle-\log\delta\ge E^{(\mathcal I)}_{\min}$ at random slice points, and $=$ at the uniform allocation. The slice is empty for $\rho<1-\delta$ when $K_I=1$ and for $\rho>0$ when $K_C=0$)");
}
DCRV_CLAIM(claim_emin_i_formula_nonempty) {
  return emin_formula_claim(
      "G.emin-i-formula~nonempty", true, false,
      R"(As G.emin-i-formula for the $\rho$ at which the slice is nonempty (the band when $K_C\ge1$, $K_I\ge2$; $\rho=1-\delta$ when $K_I=1$; $\rho=0$ when $K_C=0$): $\ge$ at random slice points, $=$ at the uniform allocation)");
}

// App. G "Face-wise entropy minima", correct face.
DCRV_CLAIM(claim_emin_c_formula) {
  return emin_formula_claim(
      "G.emin-c-formula", false, true,
      R"(For $k\in\mathcal C$ and every $\rho$ of the band (literal): the minimum of $\langle\log p\rangle-\log\delta$ over $\{p\in\Delta_\delta:p_k=\delta,\sum_{\mathcal C}p=\rho\}$ is $E^{(\mathcal C)}_{\min}(\rho)$, attained by uniform allocation; $K\ge2$, $1\le K_C\le K$, $\delta\in(0,1/K)$; checked as G.emin-i-formula. The slice is empty for $\rho>\delta$ when $K_C=1$ and for $\rho<1$ when $K_I=0$)");
}
DCRV_CLAIM(claim_emin_c_formula_nonempty) {
  return emin_formula_claim(
      "G.emin-c-formula~nonempty", false, false,
      R"(As G.emin-c-formula for the $\rho$ at which the slice is nonempty (the band when $K_C\ge2$, $K_I\ge1$; $\rho=\delta$ when $K_C=1$; $\rho=1$ when $K_I=0$))");
}

/// E_min^(·)(ρ) ≥ c L_K(δ) for both face types that exist (K_I ≥ 1, resp. K_C ≥ 1), over the band (literal)
/// or the nonempty slices.
template <class T> Ineq<T> emin_ge_lk(const Args<T>& a, const Consts<T>& k, bool literal) {
  const auto [KC, KI] = class_split(a, 0, 0);
  const T delta = delta_of(a), rho = band_rho(a, KC);
  const T LK = face_gap(KC + KI, delta);
  Ineq<T> w = skip<T>();
  for (bool incorrect_face : {true, false}) {
    if ((incorrect_face && KI == 0) || (!incorrect_face && KC == 0))
      continue;
    T r = rho;
    if (!literal) {
      if (slice_gap(incorrect_face, KC, KI, delta, rho) > 0)
        r = feasible_rho(incorrect_face, KC, KI, delta, rho);
    }
    const T E = emin(incorrect_face, KC, KI, delta, r);
    w = worst(w, ge<T>(E, k("c") * LK, T(abs(T(log(delta))))));
  }
  return w;
}

/// Points at the balanced ρ, where E_min = L_K: ρ = K_C(1−δ)/(K−1) (incorrect face), δ + (K_C−1)(1−δ)/(K−1)
/// (correct face), for every split and a few δ.
std::vector<Assign> balanced_points(int K) {
  std::vector<Assign> pts;
  for (int KC = 0; KC <= K; ++KC)
    for (double u : {1e-8, 0.3, 0.9})
      for (bool incorrect_face : {true, false}) {
        const double delta = u / K;
        const double rho =
            incorrect_face ? KC * (1 - delta) / (K - 1) : delta + (KC - 1) * (1 - delta) / (K - 1);
        const double v = (rho - KC * delta) / (1 - u);
        if (v < 0 || v > 1)
          continue;
        pts.push_back({{"kc", {static_cast<double>(KC) / K}}, {"u", {u}}, {"v", {v}}});
      }
  return pts;
}

/// The split K_C = ⌊kc·K⌋, δ = u/K and the band position v of the E_min ≥ L_K claims.
Domain emin_domain() {
  return Domain().dims(2).real("kc", 0.0, 1.0).real("u", 1e-12, 1.0 - 1e-12, true).real("v", 0.0, 1.0);
}

// App. G "Face-wise entropy minima": E_min ≥ L_K(δ) (literal: for ρ in the band).
DCRV_CLAIM(claim_emin_ge_lk) {
  return forall("G.emin-ge-lk", Kind::bound)
      .where("App. G §Open problems, face-wise entropy minima (\"in both cases E_min >= L_K\")")
      .statement(
          R"($E^{(\mathcal I)}_{\min}(\rho)\ge c\,L_K(\delta)$ ($K_I\ge1$) and $E^{(\mathcal C)}_{\min}(\rho)\ge c\,L_K(\delta)$ ($K_C\ge1$), $c=1$, for every $\rho$ in the band $[K_C\delta,1-K_I\delta]$ (literal), $K\ge2$, $0\le K_C\le K$, $\delta\in(0,1/K)$. False at the band's ends where the slice is empty, e.g.\ $K_C=K_I=1$: $E^{(\mathcal I)}_{\min}(\delta)-L_2(\delta)=\delta\log\delta-(1-\delta)\log(1-\delta)<0$ for small $\delta$)")
      .constant("c", 1.0, Role::lower, "coefficient of L_K(delta)")
      .over(emin_domain().points([](int K) {
        std::vector<Assign> pts = balanced_points(K);
        for (double u : {1e-3, 0.5})
          for (double v : {0.0, 1.0})
            pts.push_back({{"kc", {0.5}}, {"u", {u}}, {"v", {v}}});
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return emin_ge_lk(a, k, true); });
}
DCRV_CLAIM(claim_emin_ge_lk_nonempty) {
  return forall("G.emin-ge-lk~nonempty", Kind::bound)
      .where("App. G §Open problems, face-wise entropy minima (\"in both cases E_min >= L_K\")")
      .reading("rho restricted to the values at which the face slice is nonempty")
      .statement(
          R"($E^{(\cdot)}_{\min}(\rho)\ge c\,L_K(\delta)$, $c=1$, for the $\rho$ at which the face slice is nonempty (band values with an empty slice are moved to the nearest feasible $\rho$), both face types, $K\ge2$, $0\le K_C\le K$, $\delta\in(0,1/K)$; equality at the balanced $\rho$)")
      .constant("c", 1.0, Role::lower, "coefficient of L_K(delta)")
      .over(emin_domain().points([](int K) { return balanced_points(K); }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return emin_ge_lk(a, k, false); });
}

// ============================================================================================================
// OP1 — STaR
// ============================================================================================================

/// The STaR partition with the first K_C traces correct.
inline StarPartition leading_star(int K, int KC) {
  return StarPartition::window(K, KC, 0);
}

/// A point of the incorrect (k = K−1) or correct (k = 0) face of Δ_δ from the weights w (dcrv::facet_point).
template <class T> Vec<T> face_point_of(const Args<T>& a, bool incorrect_face) {
  return facet_point<T>(a.simplex("w"), incorrect_face ? a.S() - 1 : 0, delta_of(a));
}

/// ρ ↦ ρ/E^(ℐ)(ρ) (+∞ where E ≤ 0 < ρ).
template <class T> T star_ratio_i(int KC, int KI, const T& delta, const T& rho) {
  const T E = emin_incorrect(KC, KI, delta, rho);
  return E > 0 ? T(rho / E) : std::numeric_limits<T>::infinity();
}
/// ρ ↦ max{0, S⁽²⁾_max − δ}/(ρ E^(𝒞)(ρ)), S⁽²⁾_max = δ² + (ρ − δ)².
template <class T> T star_ratio_c(int KC, int KI, const T& delta, const T& rho) {
  const T num = delta * delta + (rho - delta) * (rho - delta) - delta;
  if (!(num > 0))
    return T(0);
  const T E = emin_correct(KC, KI, delta, rho);
  return E > 0 ? T(num / (rho * E)) : std::numeric_limits<T>::infinity();
}
/// max of f over [lo, hi] (a point when lo = hi), in T.
template <class T, class F> grpo::Maximum<T> max_over(F f, const T& lo, const T& hi) {
  if (!(hi > lo))
    return {lo, f(lo)};
  return grpo::maximize<T>(f, lo, hi, 64);
}

/// ε_suf^(ℐ) over the band (literal) and ε_suf^(𝒞) over the band, or over the nonempty slices.
template <class T> grpo::Maximum<T> eps_suf_i(int KC, int KI, const T& delta, bool nonempty_only = false) {
  auto f = [&](const T& r) { return star_ratio_i(KC, KI, delta, r); };
  if (nonempty_only && KI == 1) {
    const T r = T(1) - delta;
    return {r, f(r)};
  }
  return max_over<T>(f, band_lo(KC, delta), band_hi(KI, delta));
}
template <class T> grpo::Maximum<T> eps_suf_c(int KC, int KI, const T& delta, bool nonempty_only = false) {
  auto f = [&](const T& r) { return star_ratio_c(KC, KI, delta, r); };
  if (nonempty_only && (KC == 1 || KI == 0)) {
    const T r = KC == 1 ? delta : T(1);
    return {r, f(r)};
  }
  return max_over<T>(f, band_lo(KC, delta), band_hi(KI, delta));
}

/// φ_k + ε Gap ≥ 0 at the face point (as −φ_k ≤ ε Gap, so the tightness is the fraction of ε used).
template <class T> Ineq<T> inward(const T& phi_k, const T& eps, const T& gap) {
  return le<T>(T(-phi_k), T(eps * gap), T(abs(phi_k) + eps * gap));
}

/// The STaR inwardness of one face type at ε = threshold: a random face point, or (at_max) the uniform
/// allocation at the threshold's maximiser when that slice is nonempty.
template <class T>
Ineq<T> star_face_inward(const Args<T>& a, bool incorrect_face, const T& eps, const T& rho_star) {
  const auto [KC, KI] = incorrect_face ? class_split(a, 1, 1) : class_split(a, 1, 0);
  const T delta = delta_of(a);
  Vec<T> p = face_point_of(a, incorrect_face);
  if (a.real("at_max") < T(0.3) && slice_gap(incorrect_face, KC, KI, delta, rho_star) == 0)
    p = slice_point(incorrect_face, KC, KI, delta, rho_star, a.simplex("w"), true);
  const int k = incorrect_face ? a.S() - 1 : 0;
  const T phi_k = star_score(p, leading_star(a.S(), KC))(k);
  return inward(phi_k, eps, face_gap_at_point(p, delta));
}

/// At ε = ε_suf of the face type (incorrect_face: ε_suf^(ℐ) over the band; else ε_suf^(𝒞) over the band, or
/// over the nonempty slices): the STaR flow points inward (star_face_inward).
template <class T> Ineq<T> star_suf_inward(const Args<T>& a, bool incorrect_face, bool nonempty_only) {
  const auto [KC, KI] = incorrect_face ? class_split(a, 1, 1) : class_split(a, 1, 0);
  const auto m =
      incorrect_face ? eps_suf_i(KC, KI, delta_of(a)) : eps_suf_c(KC, KI, delta_of(a), nonempty_only);
  if (!is_finite(m.value))
    return skip<T>();
  return star_face_inward(a, incorrect_face, m.value, m.arg);
}

/// The claim "the STaR flow is inward at ε_suf" of one face type (star_suf_inward); ~nonempty-slices: the max
/// over the ρ of nonempty correct slices.
ForAll star_suf_claim(const char* id, bool incorrect_face, bool nonempty_only, const char* statement) {
  ForAll f = forall(id, Kind::bound);
  f.where(incorrect_face ? "App. G §Open problems, OP1 (STaR), boxed eps_suf^(I)"
                         : "App. G §Open problems, OP1 (STaR), boxed eps_suf^(C)")
      .statement(statement)
      .over(threshold_domain())
      .holds([incorrect_face, nonempty_only]<class T>(const Args<T>& a, const Consts<T>&) {
        return star_suf_inward(a, incorrect_face, nonempty_only);
      });
  if (nonempty_only)
    f.reading("the max over rho taken over the values at which the correct face slice is nonempty");
  return f;
}

// App. G OP1 (STaR), incorrect faces: φ_k = −S⁽²⁾/ρ ≥ −ρ.
DCRV_CLAIM(claim_op1_star_phii_bound) {
  return forall("G.op1-star-phii-bound", Kind::bound)
      .where("App. G §Open problems, OP1 (STaR), incorrect faces")
      .statement(
          R"($\phi^{\rm STaR}_k=-S^{(2)}/\rho\ge-\rho$ for $k\in\mathcal I$, every $p$ with $\rho>0$ on the closed simplex, $K\ge2$, $1\le K_C\le K-1$ (equality when the correct mass sits on one trace))")
      .over(Domain().dims(2).real("kc", 0.0, 1.0).simplex("w", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = class_split(a, 1, 1);
        const Vec<T> p = a.simplex("w");
        const StarPartition part = leading_star(a.S(), KC);
        const T rho = star_correct_mass(p, part);
        if (!(rho > 0))
          return skip<T>();
        return ge<T>(star_score(p, part)(a.S() - 1), -rho);
      });
}

// App. G OP1 (STaR), boxed ε_suf^(ℐ).
DCRV_CLAIM(claim_op1_star_suf_i) {
  return star_suf_claim(
      "G.op1-star-suf-i", true, false,
      R"(With $\varepsilon=\varepsilon^{(\mathcal I)}_{\rm suf}=\max_{\rho\in[K_C\delta,1-K_I\delta]}\rho/E^{(\mathcal I)}_{\min}(\rho)$ (maximised in the working precision): $\phi_k+\varepsilon(\langle\log p\rangle-\log\delta)\ge0$, i.e.\ $\dot p_k\ge0$, at every point of every incorrect face of $\Delta_\delta$ (random face points and the uniform allocation at the maximiser), STaR flow, $K\ge2$, $1\le K_C\le K-1$, $\delta\in(0,1/K)$)");
}

// App. G OP1 (STaR), correct faces: φ_k ≥ (δ − S⁽²⁾_max)/ρ.
DCRV_CLAIM(claim_op1_star_phic_bound) {
  return forall("G.op1-star-phic-bound", Kind::bound)
      .where("App. G §Open problems, OP1 (STaR), correct faces")
      .statement(
          R"(For $k\in\mathcal C$ with $p_k=\delta$: $\phi^{\rm STaR}_k=(\delta-S^{(2)})/\rho\ge(\delta-S^{(2)}_{\max}(\rho,\delta))/\rho$, $S^{(2)}_{\max}=\delta^2+(\rho-\delta)^2$; random points of the correct face of $\Delta_\delta$, $K\ge2$, $1\le K_C\le K$, $\delta\in(0,1/K)$ (equality for $K_C\le2$))")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = class_split(a, 1, 0);
        const T delta = delta_of(a);
        const Vec<T> p = face_point_of(a, false);
        const StarPartition part = leading_star(a.S(), KC);
        const T rho = star_correct_mass(p, part);
        const T s2max = delta * delta + (rho - delta) * (rho - delta);
        return ge<T>(star_score(p, part)(0), (delta - s2max) / rho, T((delta + s2max) / rho));
      });
}

// App. G OP1 (STaR), boxed ε_suf^(𝒞) (literal: max over the band).
DCRV_CLAIM(claim_op1_star_suf_c) {
  return star_suf_claim(
      "G.op1-star-suf-c", false, false,
      R"(With $\varepsilon=\varepsilon^{(\mathcal C)}_{\rm suf}=\max_\rho\max\{0,S^{(2)}_{\max}(\rho,\delta)-\delta\}/(\rho E^{(\mathcal C)}_{\min}(\rho))$, the max over the band $[K_C\delta,1-K_I\delta]$: $\dot p_k\ge0$ at every point of every correct face of $\Delta_\delta$ (random face points, the uniform allocation at the maximiser), $K\ge2$, $1\le K_C\le K$, $\delta\in(0,1/K)$)");
}
DCRV_CLAIM(claim_op1_star_suf_c_nonempty) {
  return star_suf_claim(
      "G.op1-star-suf-c~nonempty-slices", false, true,
      R"(As G.op1-star-suf-c with the max over the $\rho$ of nonempty correct slices ($\rho=\delta$ when $K_C=1$, $\rho=1$ when $K_I=0$, the band otherwise))");
}

// App. G OP1 (STaR), uniform threshold.
DCRV_CLAIM(claim_op1_star_suf_uniform) {
  return with_threshold_table(
      forall("G.op1-star-suf-uniform", Kind::bound)
          .where("App. G §Open problems, OP1 (STaR), uniform threshold")
          .statement(
              R"(With $\varepsilon=\varepsilon^{\rm STaR}_{\rm suf}=\max\{\varepsilon^{(\mathcal I)}_{\rm suf},\varepsilon^{(\mathcal C)}_{\rm suf}\}$ (both over the band): $\dot p_k\ge0$ on every lower face of $\Delta_\delta$, incorrect and correct (random face points of both types), $K\ge2$, $1\le K_C\le K$, $\delta\in(0,1/K)$)")
          .over(threshold_domain())
          .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
            const auto [KC, KI] = class_split(a, 1, 0);
            const T delta = delta_of(a);
            const auto mc = eps_suf_c(KC, KI, delta);
            T eps = mc.value;
            if (KI >= 1)
              eps = std::max<T>(eps, eps_suf_i(KC, KI, delta).value);
            if (!is_finite(eps))
              return skip<T>();
            const StarPartition part = leading_star(a.S(), KC);
            Ineq<T> w = skip<T>();
            for (bool incorrect_face : {true, false}) {
              if (incorrect_face && KI == 0)
                continue;
              const Vec<T> p = face_point_of(a, incorrect_face);
              const int k = incorrect_face ? a.S() - 1 : 0;
              w = worst(w, inward(star_score(p, part)(k), eps, face_gap_at_point(p, delta)));
            }
            return w;
          }),
      Table::star);
}

/// A sharpness check: the paper's threshold (max over the band) equals the exact one (max over the nonempty
/// slices, which the face points confirm): eq(claimed, exact), the ratio at a random face point ≤ exact, and
/// = at the uniform allocation at the exact maximiser. A face ratio −φ_k/Gap is compared at the rounding of
/// its parts: φ_k (magnitude ≤ phi_mag) and Gap = ⟨log p⟩ − log δ, which cancels as δ → 1/K (where the face
/// is the single point at which both sides agree exactly).
template <class T, class Ratio>
Ineq<T> sharp_threshold(const Args<T>& a, bool incorrect_face, int KC, int KI,
                        const grpo::Maximum<T>& claimed, const grpo::Maximum<T>& exact,
                        const Ratio& face_ratio, const T& phi_mag) {
  const T delta = delta_of(a);
  const Vec<T> w = a.simplex("w");
  const T scale = abs(claimed.value) + abs(exact.value);
  Ineq<T> r = eq<T>(claimed.value, exact.value, scale);
  auto rounding = [&](const Vec<T>& q) {
    const T gap = face_gap_at_point(q, delta);
    return T(abs(exact.value) + cancel_scale<T>() *
                                    (phi_mag + abs(exact.value) * (abs(mean_log<T>(q)) + abs(log(delta)))) /
                                    gap);
  };
  const Vec<T> p = face_point_of(a, incorrect_face);
  r = worst(r, le<T>(face_ratio(p), exact.value, rounding(p)));
  const Vec<T> pu = slice_point(incorrect_face, KC, KI, delta, exact.arg, w, true);
  return worst(r, eq<T>(face_ratio(pu), exact.value, rounding(pu)));
}

/// The STaR threshold ε_suf of one face type (the max over the band) against the exact minimal ε for the
/// split (K_C, K_I): sharp_threshold with the face ratio (−φ^STaR_k)₊/(⟨log p⟩ − log δ) of the face's trace k
/// (incorrect face: k = K − 1, the last incorrect trace; correct face: k = 0).
/// With `nonempty`, the claimed threshold is the max over the nonempty slices too (the ~nonempty reading).
template <class T>
Ineq<T> star_sharpness(const Args<T>& a, bool incorrect_face, int KC, int KI, bool nonempty = false) {
  const int K = a.S();
  const T delta = delta_of(a);
  const auto claimed =
      incorrect_face ? eps_suf_i(KC, KI, delta, nonempty) : eps_suf_c(KC, KI, delta, nonempty);
  const auto exact = incorrect_face ? eps_suf_i(KC, KI, delta, true) : eps_suf_c(KC, KI, delta, true);
  if (!is_finite(claimed.value) || !is_finite(exact.value))
    return skip<T>();
  const StarPartition part = leading_star(K, KC);
  return sharp_threshold(
      a, incorrect_face, KC, KI, claimed, exact,
      [&](const Vec<T>& p) {
        if (incorrect_face)
          return T(-star_score(p, part)(K - 1) / face_gap_at_point(p, delta));
        const T phi = star_score(p, part)(0);
        return phi < 0 ? T(-phi / face_gap_at_point(p, delta)) : T(0);
      },
      T(1)); // |φ^STaR| ≤ 1
}

// App. G OP1 (STaR): "exact in the special case K_C = 1 for incorrect faces".
DCRV_CLAIM(claim_op1_star_exact_i_kc1) {
  return forall("G.op1-star-exact-i-kc1", Kind::sharpness)
      .where("App. G §Open problems, OP1 (STaR), \"exact ... K_C = 1 for incorrect faces\"")
      .statement(
          R"(For $K_C=1$, $K_I\ge1$, $\delta\in(0,1/K)$: $\varepsilon^{(\mathcal I)}_{\rm suf}$ (the max over the band) equals the exact minimal $\varepsilon$ making every incorrect face inward, $\sup\{(S^{(2)}/\rho)/(\langle\log p\rangle-\log\delta)\}$ over incorrect-face points $=\max\rho/E^{(\mathcal I)}_{\min}(\rho)$ over the $\rho$ of nonempty slices (confirmed: random face points never exceed it, the uniform allocation at its maximiser attains it). For $K_I=1$ the only incorrect-face point has $\rho=1-\delta$, and the band's maximum is larger once $\delta>1/e$ ($\rho/E$ decreases on the band))")
      .over(threshold_domain())
      .holds(
          []<class T>(const Args<T>& a, const Consts<T>&) { return star_sharpness(a, true, 1, a.S() - 1); });
}
// Reading ~nonempty: the max over the ρ at which the incorrect face slice is nonempty (ρ = 1 − δ when K_I =
// 1), as for G.emin-i-formula~nonempty; the exactness (face points never exceed it, the uniform allocation at
// its maximiser attains it) is the same check.
DCRV_CLAIM(claim_op1_star_exact_i_kc1_nonempty) {
  return forall("G.op1-star-exact-i-kc1~nonempty", Kind::sharpness)
      .where("App. G §Open problems, OP1 (STaR), \"exact ... K_C = 1 for incorrect faces\"")
      .reading("the max taken over the rho at which the incorrect face slice is nonempty")
      .statement(
          R"(For $K_C=1$, $K_I\ge1$, $\delta\in(0,1/K)$: $\max\rho/E^{(\mathcal I)}_{\min}(\rho)$ over the $\rho$ of nonempty incorrect slices (the band when $K_I\ge2$, $\rho=1-\delta$ when $K_I=1$) is the exact minimal $\varepsilon$ making every incorrect face inward: random face points never exceed it, the uniform allocation at its maximiser attains it)")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        return star_sharpness(a, true, 1, a.S() - 1, true);
      });
}

// App. G OP1 (STaR): "exact ... K_C = 2 for correct faces".
DCRV_CLAIM(claim_op1_star_exact_c_kc2) {
  return forall("G.op1-star-exact-c-kc2", Kind::sharpness)
      .where("App. G §Open problems, OP1 (STaR), \"exact ... K_C = 2 for correct faces\"")
      .statement(
          R"(For $K_C=2$, $K_I\ge0$, $\delta\in(0,1/K)$: $\varepsilon^{(\mathcal C)}_{\rm suf}$ (max over the band) equals the exact minimal $\varepsilon$ making every correct face inward, $\sup\max\{0,(S^{(2)}-\delta)/\rho\}/(\langle\log p\rangle-\log\delta)$ over correct-face points $=\max\max\{0,S^{(2)}_{\max}-\delta\}/(\rho E^{(\mathcal C)}_{\min})$ over the $\rho$ of nonempty slices ($\rho=1$ when $K_I=0$); confirmed by random face points and the uniform allocation at the maximiser; $K\ge2$)")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        if (a.S() < 2)
          return skip<T>();
        return star_sharpness(a, false, 2, a.S() - 2);
      });
}

// ============================================================================================================
// OP1 — GRPO
// ============================================================================================================

/// φ^GRPO_k at p for the split (k = 0: correct, k = K−1: incorrect).
template <class T> T grpo_phi(const grpo::Characteristic<T>& ch, int KC, const Vec<T>& p, int k) {
  return grpo::centered_score(grpo::Partition::leading(static_cast<int>(p.size()), KC), ch, p)(k);
}

// App. G OP1 (GRPO): correct faces are inward for every ε ≥ 0.
DCRV_CLAIM(claim_op1_grpo_correct_face) {
  return forall("G.op1-grpo-correct-face", Kind::bound)
      .where("App. G §Open problems, OP1 (GRPO)")
      .statement(
          R"(For GRPO ($G=2,\dots,32$), every correct face $p_k=\delta$, $k\in\mathcal C$, of $\Delta_\delta$ and every $\varepsilon\in\{0\}\cup[10^{-6},10]$: $\dot p_k=\delta((1-\rho)h_G(\rho)+\varepsilon(\langle\log p\rangle-\log\delta))\ge0$; random face points, $K\ge2$, $1\le K_C\le K$, $\delta\in(0,1/K)$)")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = class_split(a, 1, 0);
        const grpo::Characteristic<T> ch(grpo_group(a));
        const Vec<T> p = face_point_of(a, false);
        const T eps = a.real("at_max") < T(0.3) ? T(0) : a.real("eps");
        const T phi = grpo_phi(ch, KC, p, 0), gap = face_gap_at_point(p, delta_of(a));
        return ge<T>(T(phi + eps * gap), T(0), T(abs(phi) + eps * abs(gap)));
      });
}

/// The GRPO threshold function ρ ↦ ρh_G(ρ)/E^(ℐ)(ρ).
template <class T>
T grpo_ratio(const grpo::Characteristic<T>& ch, int KC, int KI, const T& delta, const T& rho) {
  const T num = rho * ch.h(rho, T(1) - rho);
  if (num == 0)
    return T(0);
  const T E = emin_incorrect(KC, KI, delta, rho);
  return E > 0 ? T(num / E) : std::numeric_limits<T>::infinity();
}
/// ε_crit over the band (literal) or over the nonempty incorrect slices.
template <class T>
grpo::Maximum<T> eps_crit(const grpo::Characteristic<T>& ch, int KC, int KI, const T& delta,
                          bool nonempty_only = false) {
  auto f = [&](const T& r) { return grpo_ratio(ch, KC, KI, delta, r); };
  if (nonempty_only && (KC == 0 || KI == 1)) {
    const T r = KC == 0 ? T(0) : T(T(1) - delta);
    return {r, f(r)};
  }
  return max_over<T>(f, band_lo(KC, delta), band_hi(KI, delta));
}

/// The iff of OP1 (GRPO) at fixed ρ: literal (empty slices count: the left side is vacuously true) or on
/// nonempty slices only.
template <class T> Ineq<T> grpo_equiv(const Args<T>& a, bool literal) {
  const auto [KC, KI] = class_split(a, 0, 1);
  const T delta = delta_of(a), rho = band_rho(a, KC);
  const grpo::Characteristic<T> ch(grpo_group(a));
  const T eps = a.real("eps"), h = ch.h(rho, T(1) - rho);
  const T E = emin_incorrect(KC, KI, delta, rho), rhs = -rho * h + eps * E;
  const T scale = rho * h + eps * abs(E);
  if (slice_gap(true, KC, KI, delta, rho) > 0) // every p of ∅ has ṗ_k ≥ 0: the iff needs −ρh + εE ≥ 0
    return literal ? ge<T>(rhs, T(0), scale) : skip<T>();
  const Vec<T> w = a.simplex("w");
  auto value = [&](const Vec<T>& p) { return T(-rho * h + eps * face_gap_at_point(p, delta)); };
  // min over the slice of −ρh + ε Gap = −ρh + εE_min: ≥ at a random slice point, = at the uniform allocation
  return worst(ge<T>(value(slice_point(true, KC, KI, delta, rho, w, false)), rhs, scale),
               eq<T>(value(slice_point(true, KC, KI, delta, rho, w, true)), rhs, scale));
}

// App. G OP1 (GRPO), incorrect faces: inwardness at fixed ρ ⟺ −ρh_G(ρ) + εE^(ℐ)(ρ) ≥ 0 (literal: ρ in the
// band).
DCRV_CLAIM(claim_op1_grpo_equiv) {
  return forall("G.op1-grpo-equiv", Kind::identity)
      .where("App. G §Open problems, OP1 (GRPO), incorrect faces")
      .statement(
          R"(For $k\in\mathcal I$, every $\rho$ of the band (literal) and $\varepsilon>0$: $\dot p_k\ge0$ for all $p$ of the slice $\{p\in\Delta_\delta:p_k=\delta,\sum_{\mathcal C}p=\rho\}$ iff $-\rho h_G(\rho)+\varepsilon E^{(\mathcal I)}_{\min}(\rho)\ge0$; $G=2,\dots,32$, $K\ge2$, $0\le K_C\le K-1$, $\delta\in(0,1/K)$, $\varepsilon\in[10^{-6},10]$. Checked as: on a nonempty slice the minimum of $-\rho h_G+\varepsilon(\langle\log p\rangle-\log\delta)$ is $-\rho h_G+\varepsilon E^{(\mathcal I)}_{\min}$ ($\ge$ at random points, $=$ at the uniform allocation); on an empty slice ($K_I=1$, $\rho<1-\delta$; $K_C=0$, $\rho>0$) the left side holds vacuously, so the right side must hold)")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return grpo_equiv(a, true); });
}
DCRV_CLAIM(claim_op1_grpo_equiv_nonempty) {
  return forall("G.op1-grpo-equiv~nonempty", Kind::identity)
      .where("App. G §Open problems, OP1 (GRPO), incorrect faces")
      .reading("rho restricted to the values at which the incorrect face slice is nonempty")
      .statement(
          R"(As G.op1-grpo-equiv for the $\rho$ of nonempty slices: the minimum over the slice of $-\rho h_G+\varepsilon(\langle\log p\rangle-\log\delta)$ equals $-\rho h_G+\varepsilon E^{(\mathcal I)}_{\min}(\rho)$, so the iff holds)")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return grpo_equiv(a, false); });
}

// App. G OP1 (GRPO), boxed ε_crit: the exact threshold for all incorrect faces.
DCRV_CLAIM(claim_op1_grpo_exact) {
  return with_threshold_table(
      forall("G.op1-grpo-exact", Kind::sharpness)
          .where("App. G §Open problems, OP1 (GRPO), boxed eps_crit")
          .statement(
              R"($\varepsilon^{\rm GRPO}_{\rm crit}=\max_{\rho\in[K_C\delta,1-K_I\delta]}\rho h_G(\rho)/E^{(\mathcal I)}_{\min}(\rho)$ is the exact minimal $\varepsilon$ making every incorrect face of $\Delta_\delta$ inward, i.e.\ equals $\sup\rho h_G(\rho)/(\langle\log p\rangle-\log\delta)$ over incorrect-face points $=\max\rho h_G/E^{(\mathcal I)}_{\min}$ over the $\rho$ of nonempty slices (random face points never exceed it; the uniform allocation at its maximiser attains it); $K\ge2$, $0\le K_C\le K-1$, $G\in\{2,\dots,32\}$, $\delta\in(0,1/K)$. For $K_C=0$ every incorrect face has $\rho=0$, so the exact threshold is $0$ while the band's maximum is positive)")
          .over(threshold_domain())
          .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
            const auto [KC, KI] = class_split(a, 0, 1);
            const T delta = delta_of(a);
            const grpo::Characteristic<T> ch(grpo_group(a));
            const auto claimed = eps_crit(ch, KC, KI, delta), exact = eps_crit(ch, KC, KI, delta, true);
            if (!is_finite(claimed.value) || !is_finite(exact.value))
              return skip<T>();
            return sharp_threshold(
                a, true, KC, KI, claimed, exact,
                [&](const Vec<T>& p) {
                  return T(-grpo_phi(ch, KC, p, a.S() - 1) / face_gap_at_point(p, delta));
                },
                ch.sqrt_m()); // |φ^GRPO| ≤ √(G−1)
          }),
      Table::grpo);
}
// Reading ~nonempty: ε_crit as the max over the ρ of nonempty incorrect slices (ρ = 0 when K_C = 0, ρ = 1 − δ
// when K_I = 1, the band otherwise), checked for exactness as G.op1-grpo-exact.
DCRV_CLAIM(claim_op1_grpo_exact_nonempty) {
  return forall("G.op1-grpo-exact~nonempty", Kind::sharpness)
      .where("App. G §Open problems, OP1 (GRPO), boxed eps_crit")
      .reading("the max taken over the rho at which the incorrect face slice is nonempty")
      .statement(
          R"($\varepsilon^{\rm GRPO}_{\rm crit}=\max\rho h_G(\rho)/E^{(\mathcal I)}_{\min}(\rho)$ over the $\rho$ of nonempty incorrect slices ($\rho=0$ when $K_C=0$, $\rho=1-\delta$ when $K_I=1$, the band otherwise) is the exact minimal $\varepsilon$ making every incorrect face of $\Delta_\delta$ inward (random face points never exceed it; the uniform allocation at its maximiser attains it); $K\ge2$, $0\le K_C\le K-1$, $G\in\{2,\dots,32\}$, $\delta\in(0,1/K)$)")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = class_split(a, 0, 1);
        const T delta = delta_of(a);
        const grpo::Characteristic<T> ch(grpo_group(a));
        const auto exact = eps_crit(ch, KC, KI, delta, true);
        if (!is_finite(exact.value))
          return skip<T>();
        return sharp_threshold(
            a, true, KC, KI, exact, exact,
            [&](const Vec<T>& p) { return T(-grpo_phi(ch, KC, p, a.S() - 1) / face_gap_at_point(p, delta)); },
            ch.sqrt_m()); // |φ^GRPO| ≤ √(G−1)
      });
}

/// The GRPO threshold instance of a sample with K_C, K_I ≥ 1: δ, the characteristic h_G and ε_crit (the
/// paper's maximum over the band).
template <class T> struct GrpoCrit {
  int KC, KI;
  T delta;
  grpo::Characteristic<T> ch;
  T crit;
};
template <class T> GrpoCrit<T> grpo_crit(const Args<T>& a) {
  const auto [KC, KI] = class_split(a, 1, 1);
  const T delta = delta_of(a);
  grpo::Characteristic<T> ch(grpo_group(a));
  const T crit = eps_crit(ch, KC, KI, delta).value;
  return {KC, KI, delta, std::move(ch), crit};
}

// App. G OP1 (GRPO), useful bounds.
DCRV_CLAIM(claim_op1_grpo_bound1) {
  return forall("G.op1-grpo-bound1", Kind::bound)
      .where("App. G §Open problems, OP1 (GRPO), useful bounds (first)")
      .statement(
          R"($\varepsilon^{\rm GRPO}_{\rm crit}\le c\sqrt{G-1}/L_K(\delta)$, $c=1$, with $\varepsilon_{\rm crit}$ the paper's maximum over the band; $K\ge2$, $K_C,K_I\ge1$, $G=2,\dots,32$, $\delta\in(0,1/K)$ (tight as $\delta\to0$ with $K_I=1$, where $E^{(\mathcal I)}_{\min}(1-\delta)=L_K(\delta)$ and $h_G(1-\delta)\to\sqrt{G-1}$))")
      .constant("c", 1.0, Role::upper, "coefficient of sqrt(G-1)/L_K")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const GrpoCrit<T> g = grpo_crit(a);
        return le<T>(g.crit, k("c") * g.ch.sqrt_m() / face_gap(g.KC + g.KI, g.delta));
      });
}

DCRV_CLAIM(claim_op1_grpo_bound2) {
  return forall("G.op1-grpo-bound2", Kind::bound)
      .where("App. G §Open problems, OP1 (GRPO), useful bounds (second)")
      .statement(
          R"($\varepsilon^{\rm GRPO}_{\rm crit}\le c(1-K_I\delta)\sqrt{G-1}/(K_I\delta L_K(\delta))$, $c=1$ ($\varepsilon_{\rm crit}$ over the band); $K\ge2$, $K_C,K_I\ge1$, $G=2,\dots,32$, $\delta\in(0,1/K)$)")
      .constant("c", 1.0, Role::upper, "coefficient of (1 - K_I delta) sqrt(G-1)/(K_I delta L_K)")
      .over(threshold_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const GrpoCrit<T> g = grpo_crit(a);
        const T bound = k("c") * (T(1) - T(g.KI) * g.delta) * g.ch.sqrt_m() /
                        (T(g.KI) * g.delta * face_gap(g.KC + g.KI, g.delta));
        return le<T>(g.crit, bound);
      });
}

// ============================================================================================================
// The thresholds table: formula next to brute force
// ============================================================================================================

/// The brute-force exact threshold of one face type: sup over points p of the face {p ∈ Δ_δ : p_k = δ} of
/// ratio(p) = (−φ_k(p))₊/(⟨log p⟩ − log δ), by random restarts (Dirichlet, concentrated weights) refined by
/// multiplicative hill climbing on the face weights, plus uniform allocations on a grid of the ρ of nonempty
/// slices (double precision; a lower estimate of the sup that the structured points make exact where the
/// paper's reduction holds).
double face_sup(int KC, int KI, double delta, bool incorrect_face,
                const std::function<double(const Vec<double>&)>& phi_k, std::mt19937_64& rng) {
  const int K = KC + KI, k = incorrect_face ? K - 1 : 0;
  auto ratio = [&](const Vec<double>& p) {
    const double gap = face_gap_at_point(p, delta);
    return gap > 0 ? std::max(0.0, -phi_k(p)) / gap : (phi_k(p) < 0 ? HUGE_VAL : 0.0);
  };
  auto value = [&](const Vec<double>& w) { return ratio(facet_point<double>(w, k, delta)); };
  double best = 0;
  // structured: uniform allocations at the ρ of nonempty slices
  const double lo = KC * delta, hi = 1 - KI * delta;
  for (int i = 0; i <= 200; ++i) {
    const double r0 = lo + (hi - lo) * i / 200.0;
    const double r = feasible_rho(incorrect_face, KC, KI, delta, r0);
    best = std::max(best, ratio(slice_point<double>(incorrect_face, KC, KI, delta, r,
                                                    Vec<double>(Vec<double>::Ones(K)), true)));
  }
  std::vector<Vec<double>> starts;
  std::gamma_distribution<double> gam(0.5, 1.0);
  for (int j = 0; j < K; ++j) {
    Vec<double> w = Vec<double>::Constant(K, 1e-9);
    w(j) = 1;
    starts.push_back(w);
  }
  for (int r = 0; r < 8; ++r) {
    Vec<double> w(K);
    for (int j = 0; j < K; ++j)
      w(j) = gam(rng) + 1e-300;
    starts.push_back(w);
  }
  return std::max(best, maximise_by_log_walk(std::move(starts), value, 200, rng));
}

struct TableRow {
  int KC, KI, G;
  double delta;
};
std::vector<TableRow> table_rows() {
  std::vector<TableRow> rows;
  const std::vector<std::pair<int, int>> splits = {{1, 1}, {1, 2}, {1, 4}, {2, 1},
                                                   {2, 2}, {3, 1}, {2, 0}, {0, 2}};
  for (const auto& [KC, KI] : splits)
    for (double f : {1e-3, 0.1, 0.5, 0.9})
      for (int G : {2, 8})
        rows.push_back({KC, KI, G, f / (KC + KI)});
  return rows;
}

nlohmann::json num_or_null(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}

/// The table, computed once (fixed seed): per row the STaR ε_suf^(ℐ), ε_suf^(𝒞) and GRPO ε_crit (formulas:
/// max over the band) with the brute-force sups over face points, and the two "useful bounds".
const nlohmann::json& threshold_table() {
  static const nlohmann::json table = [] {
    std::mt19937_64 rng(20261124);
    nlohmann::json cols = nlohmann::json::object();
    for (const char* c :
         {"K_C", "K_I", "G", "delta", "star_suf_I_claimed", "star_exact_I_measured", "star_suf_C_claimed",
          "star_exact_C_measured", "grpo_crit_claimed", "grpo_exact_measured", "grpo_bound1", "grpo_bound2",
          "star_I_ratio", "grpo_ratio_claimed_measured"})
      cols[c] = nlohmann::json::array();
    for (const auto& r : table_rows()) {
      const int K = r.KC + r.KI;
      const double d = r.delta;
      const StarPartition sp = leading_star(K, r.KC);
      const grpo::Characteristic<double> ch(r.G);
      const bool star = r.KC >= 1, inc = r.KI >= 1;
      double si = NAN, se = NAN, sc = NAN, sce = NAN, gc = NAN, ge_ = NAN, b1 = NAN, b2 = NAN;
      if (star && inc) {
        si = eps_suf_i(r.KC, r.KI, d).value;
        se = face_sup(
            r.KC, r.KI, d, true, [&](const Vec<double>& p) { return star_score(p, sp)(K - 1); }, rng);
      }
      if (star) {
        sc = eps_suf_c(r.KC, r.KI, d).value;
        sce = face_sup(
            r.KC, r.KI, d, false, [&](const Vec<double>& p) { return star_score(p, sp)(0); }, rng);
      }
      if (inc) {
        gc = eps_crit(ch, r.KC, r.KI, d).value;
        ge_ = face_sup(
            r.KC, r.KI, d, true, [&](const Vec<double>& p) { return grpo_phi(ch, r.KC, p, K - 1); }, rng);
        if (r.KC >= 1) {
          b1 = ch.sqrt_m() / face_gap(K, d);
          b2 = (1 - r.KI * d) * ch.sqrt_m() / (r.KI * d * face_gap(K, d));
        }
      }
      cols["K_C"].push_back(r.KC), cols["K_I"].push_back(r.KI), cols["G"].push_back(r.G),
          cols["delta"].push_back(d);
      cols["star_suf_I_claimed"].push_back(num_or_null(si));
      cols["star_exact_I_measured"].push_back(num_or_null(se));
      cols["star_suf_C_claimed"].push_back(num_or_null(sc));
      cols["star_exact_C_measured"].push_back(num_or_null(sce));
      cols["grpo_crit_claimed"].push_back(num_or_null(gc));
      cols["grpo_exact_measured"].push_back(num_or_null(ge_));
      cols["grpo_bound1"].push_back(num_or_null(b1));
      cols["grpo_bound2"].push_back(num_or_null(b2));
      cols["star_I_ratio"].push_back(num_or_null(si / se));
      cols["grpo_ratio_claimed_measured"].push_back(num_or_null(gc / ge_));
    }
    return cols;
  }();
  return table;
}

std::string fmt6(double x) {
  std::ostringstream os;
  os.precision(6);
  os << x;
  return os.str();
}

Claim with_threshold_table(Claim c, Table which) {
  return with_report(std::move(c), [which](const Context&, Outcome& out) {
    const nlohmann::json& t = threshold_table();
    const bool star = which == Table::star;
    const std::vector<std::string> keep = star ? std::vector<std::string>{"K_C",
                                                                          "K_I",
                                                                          "delta",
                                                                          "star_suf_I_claimed",
                                                                          "star_exact_I_measured",
                                                                          "star_suf_C_claimed",
                                                                          "star_exact_C_measured",
                                                                          "star_I_ratio"}
                                               : std::vector<std::string>{"K_C",
                                                                          "K_I",
                                                                          "G",
                                                                          "delta",
                                                                          "grpo_crit_claimed",
                                                                          "grpo_exact_measured",
                                                                          "grpo_bound1",
                                                                          "grpo_bound2",
                                                                          "grpo_ratio_claimed_measured"};
    nlohmann::json series = nlohmann::json::object();
    // STaR does not depend on G: keep the G = 2 rows only
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < t["K_C"].size(); ++i)
      if (!star || t["G"][i].get<int>() == 2)
        rows.push_back(i);
    for (const auto& col : keep) {
      series[col] = nlohmann::json::array();
      for (std::size_t i : rows)
        series[col].push_back(t[col][i]);
    }
    // summary: the largest and smallest ratios formula / brute force, and where
    const std::string claimed = star ? "star_suf_I_claimed" : "grpo_crit_claimed";
    const std::string measured = star ? "star_exact_I_measured" : "grpo_exact_measured";
    double worst = 1, best = 1;
    std::string where_worst, where_best;
    for (std::size_t i : rows) {
      if (t[claimed][i].is_null() || t[measured][i].is_null())
        continue;
      const double cl = t[claimed][i].get<double>(), me = t[measured][i].get<double>();
      const double ratio = me > 0 ? cl / me : (cl > 0 ? HUGE_VAL : 1.0);
      std::ostringstream at;
      at << "K_C=" << t["K_C"][i] << " K_I=" << t["K_I"][i] << " delta=" << fmt6(t["delta"][i].get<double>())
         << (star ? "" : " G=" + std::to_string(t["G"][i].get<int>())) << ": claimed " << fmt6(cl)
         << ", measured " << fmt6(me);
      if (ratio > worst || where_worst.empty())
        worst = std::max(worst, ratio), where_worst = at.str();
      if (ratio < best || where_best.empty())
        best = std::min(best, ratio), where_best = at.str();
    }
    out.evidence.details["threshold_claimed_over_measured_max"] = fmt6(worst) + " (" + where_worst + ")";
    out.evidence.details["threshold_claimed_over_measured_min"] = fmt6(best) + " (" + where_best + ")";
    out.evidence.details["threshold_note"] =
        std::string(
            "claimed = the paper's formula (max over the band [K_C delta, 1 - K_I delta]); measured = the "
            "brute-force sup over points of the lower faces of (-phi_k)_+/(<log p> - log delta), the exact "
            "minimal eps making every such face inward (random restarts + hill climbing on the face, uniform "
            "allocations on a rho grid; double precision). ") +
        (star ? "STaR: incorrect faces (I) and correct faces (C); rows with K_C = 0 have no STaR field."
              : "GRPO: incorrect faces; grpo_bound1 = sqrt(G-1)/L_K, grpo_bound2 = (1-K_I delta) "
                "sqrt(G-1)/(K_I delta L_K).");
    series["figures"] = nlohmann::json::array(
        {{{"title", star ? "STaR: formula threshold over the measured exact threshold (incorrect faces)"
                         : "GRPO: formula threshold over the measured exact threshold (incorrect faces)"},
          {"x", "delta"},
          {"y", {star ? "star_I_ratio" : "grpo_ratio_claimed_measured"}},
          {"legend", {"claimed / measured"}},
          {"xlabel", "$\\delta$"},
          {"ylabel", "$\\varepsilon_{\\rm formula}/\\varepsilon_{\\rm exact}$"},
          {"logx", true},
          {"style", "marks"}}});
    out.series = series;
  });
}

// ============================================================================================================
// Remarks (ii): (BD) is sufficient, not necessary
// ============================================================================================================

// App. G Remarks (ii).
DCRV_CLAIM(claim_remark_bd_not_necessary) {
  return forall("G.remark-bd-not-necessary", Kind::sharpness)
      .where("App. G §Remarks (ii)")
      .statement(
          R"(There are instances where $\Delta_\delta$ is forward invariant although (BD) fails. Exhibited with GRPO, $K_C\ge1$, $K_I\ge2$ (every incorrect slice nonempty, so $\varepsilon_{\rm crit}$ is the exact face threshold), $\varepsilon=\tfrac12(\varepsilon_{\rm crit}+2M_{\phi,\infty}/L_K)$ with $M_{\phi,\infty}=\max_{\rho\in{\rm band}}\max\{(1-\rho)h_G,\rho h_G\}$ (exact: $\phi$ depends on $\rho$ only): (BD) fails ($\varepsilon L_K<2M_{\phi,\infty}\le2M_{\phi,2}$), $\varepsilon\ge\varepsilon_{\rm crit}$, and the trajectory from a point of $\partial\Delta_\delta$ stays in $\Delta_\delta$ on $[0,5]$; $K=3,\dots,6$, $G\in\{2,8\}$, $\delta\in\{10^{-3},\tfrac12\}/K$)")
      .over(Domain()
                .dims(3, 6)
                .real("kc", 0.0, 1.0)
                .real("u", 1e-3, 0.5, true)
                .real("G", 2.0, 8.0)
                .simplex("w", true)
                .only_points()
                .points([](int K) {
                  std::vector<Assign> pts;
                  std::vector<double> vertex(static_cast<std::size_t>(K), 0.0);
                  vertex[0] = 1.0;
                  for (double g : {2.0, 8.0})
                    for (double u : {1e-3, 0.5})
                      pts.push_back({{"kc", {0.0}}, {"u", {u}}, {"G", {g}}, {"w", vertex}});
                  return pts;
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [KC, KI] = class_split(a, 1, 2);
        const int K = a.S();
        const T delta = delta_of(a);
        const grpo::Characteristic<T> ch(grpo_group(a));
        const T crit = eps_crit(ch, KC, KI, delta).value;
        const T M = max_over<T>(
                        [&](const T& r) {
                          return std::max<T>(T((T(1) - r) * ch.h(r, T(1) - r)), T(r * ch.h(r, T(1) - r)));
                        },
                        band_lo(KC, delta), band_hi(KI, delta))
                        .value;
        const T LK = face_gap(K, delta);
        const T eps = (crit + T(2) * M / LK) / T(2);
        Ineq<T> r = le<T>(crit, eps);                   // the exact face threshold is met
        r = worst(r, positive(T(T(2) * M - eps * LK))); // (BD) fails
        const Vec<T> p0 = facet_point<T>(a.simplex("w"), K - 1, delta);
        FlowOptions opt;
        if constexpr (!std::is_same_v<T, double>)
          opt.rel_tol = opt.abs_tol = 1e-20;
        const T slack = std::is_same_v<T, double> ? T(1e-8) : T(1e-16);
        const FlowResult<T> fr = integrate_flow_from<T>(
            grpo::rate_field<T>(grpo::Partition::leading(K, KC), ch.G(), eps), p0, T(0), T(5),
            [&](const T& t, const Vec<T>& p) {
              if (t > 0) // the start lies on ∂Δ_δ
                r = worst(r, le<T>(T(delta * (T(1) - slack)), p.minCoeff()));
              return true;
            },
            opt);
        if (!fr.completed)
          return le<T>(nan_of<T>(), nan_of<T>());
        return r;
      });
}

} // namespace
} // namespace dcrv
