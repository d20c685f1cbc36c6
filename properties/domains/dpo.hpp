// properties/domains/dpo.hpp — how a sample is read as the DPO model of App. F (appendix_F_aistats.tex), and
// the observation of DPO–SRCT trajectories; shared by F_dpo_score.cpp, F_dpo_thresholds.cpp and
// F_dpo_equilibrium.cpp.
//
// Fields: labels from a vector field "s" (s_i = +1 where the entry is ≥ 0, −1 otherwise), β ("beta"), ℓ₀
// ("ell0"), the floor δ = u/K from "u" ∈ (0, 1) (log-uniform, so δ covers (0, 1/K)); K = S.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/simplex.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/search.hpp"

namespace dcrv::dpo_domain {

/// The scalar functions of double and mpfr, so that unqualified calls in the claims resolve for both.
using boost::multiprecision::abs, boost::multiprecision::cosh, boost::multiprecision::exp,
    boost::multiprecision::log, boost::multiprecision::log1p, boost::multiprecision::pow,
    boost::multiprecision::sqrt;
using std::abs, std::cosh, std::exp, std::log, std::log1p, std::pow, std::sqrt;

/// The largest floor parameter u: δ = u/K < 1/K strictly.
inline constexpr double kUMax = 1.0 - 1e-12;

/// An integer read from a real field (rounded), e.g. class sizes M, N or a large K.
template <class T> int integer_of(const Args<T>& a, const char* name) {
  return static_cast<int>(std::lround(to_double(a.real(name))));
}
/// Labels s_i = +1 (correct) where the raw entry of the vector field "s" is ≥ 0, −1 (incorrect) otherwise.
template <class T> std::vector<int> labels_of(const Args<T>& a) {
  const Vec<T> v = a.vec("s");
  std::vector<int> s(v.size());
  for (Eigen::Index i = 0; i < v.size(); ++i)
    s[i] = v(i) >= 0 ? 1 : -1;
  return s;
}
/// The model's β and ℓ₀ from the fields "beta", "ell0", with entropy weight ε and no labels (the scalar
/// objects g_β, c_open, the two-level reduction).
template <class T> DpoModel<T> scalar_model(const Args<T>& a, const T& eps = T(0)) {
  DpoModel<T> m;
  m.beta = a.real("beta");
  m.ell0 = a.real("ell0");
  m.eps = eps;
  return m;
}
/// The full model: scalar_model with the labels of the field "s".
template <class T> DpoModel<T> model_of(const Args<T>& a, const T& eps = T(0)) {
  DpoModel<T> m = scalar_model(a, eps);
  m.labels = labels_of(a);
  return m;
}
/// δ = u/K.
template <class T> T floor_of(const Args<T>& a) {
  return a.real("u") / T(a.S());
}

/// The common model domain: every K ≥ 2, labels, β ∈ [10⁻³, 10³] (log-uniform), ℓ₀ ∈ [−40, 20].
inline Domain model_domain() {
  return Domain().dims(2).vector("s").real("beta", 1e-3, 1e3, true).real("ell0", -40.0, 20.0);
}
/// The scalar model (β, ℓ₀, no labels) with the floor parameter u, every K ≥ 2.
inline Domain scalar_floor_domain() {
  return Domain()
      .dims(2)
      .real("beta", 1e-3, 1e3, true)
      .real("ell0", -40.0, 20.0)
      .real("u", 1e-30, kUMax, true);
}
/// The model domain plus a point q of the closed simplex and the floor parameter u (points δ + (1 − Kδ)q of
/// Δ_δ).
inline Domain trimmed_model_domain() {
  return model_domain().simplex("q", true).real("u", 1e-30, kUMax, true);
}

/// Label (or weight) vector with the first coordinate `first` and the rest −first.
inline std::vector<double> one_against_rest(int S, double first) {
  std::vector<double> s(S, -first);
  s[0] = first;
  return s;
}
/// The weights of the vertex e_i.
inline std::vector<double> vertex(int S, int i) {
  std::vector<double> q(S, 0.0);
  q[i] = 1;
  return q;
}

/// Strict inequality a < b. A violation when a exceeds b by more than rounding; when a ≥ b only within the
/// scalar's rounding (e.g. both sides equal after a positive quantity underflowed in double, or g ≈ 1 to all
/// digits) the strictness is not decidable at this precision and the sample is skipped (Strict::rounding).
template <class T> Ineq<T> lt(const T& a, const T& b) {
  return strictly_less<T>(a, b, Strict::rounding);
}

/// ‖v‖₂ scaled by max|v_i| (no underflow of the squares when the entries are ~1e-190, as φ is for saturated
/// g).
template <class T> T scaled_norm2(const Vec<T>& v) {
  const T m = norm_inf(v);
  return m > 0 ? T(m * Vec<T>(v / m).norm()) : T(0);
}

// ---- trajectories of the DPO–SRCT flow ------------------------------------------------------------------

/// Integration tolerance of the DPO trajectories: dopri5 at 1e-10 in double; Bulirsch–Stoer at 1e-16 in MPFR
/// (the MPFR trajectory re-evaluates a double-precision candidate with an integration error six orders
/// smaller, at a cost that keeps every dynamic claim under a second; violations of the claims are O(1e-3) or
/// larger).
template <class T> double dpo_flow_tolerance() {
  return std::is_same_v<T, double> ? 1e-10 : 1e-16;
}
/// Slack for comparisons along DPO trajectories: 10⁴ × dpo_flow_tolerance (1e-6 in double, 1e-12 in MPFR),
/// so that an exact (equality-attaining) bound is not "violated" by integration error; genuine violations are
/// orders larger. (Coarser than the engine's flow_slack, which assumes the default MPFR tolerance.)
template <class T> T dpo_flow_slack() {
  return T(1e4 * dpo_flow_tolerance<T>());
}
/// lhs ≤ rhs up to dpo_flow_slack relative to `scale` (the magnitude of the compared quantities).
template <class T> Ineq<T> le_flow(const T& lhs, const T& rhs, const T& scale) {
  return le<T>(lhs, T(rhs + dpo_flow_slack<T>() * scale), scale);
}
/// lhs ≥ rhs up to dpo_flow_slack relative to `scale`.
template <class T> Ineq<T> ge_flow(const T& lhs, const T& rhs, const T& scale) {
  return ge<T>(lhs, T(rhs - dpo_flow_slack<T>() * scale), scale);
}

/// Never ends the observation of a trajectory.
struct Unbounded {
  template <class V> bool operator()(const V&) const { return false; }
};

/// Folds `inv(t, p)` over t = 0 and every accepted step of the DPO–SRCT flow from log p₀ on [0, t_end]
/// (log-coordinates; dopri5 in double, Bulirsch–Stoer in MPFR, at dpo_flow_tolerance, at most 400000 steps).
/// `stop(p)` ends the observation (hypotheses of the form "while p(s) ∈ Δ_δ"); a trajectory that fails to
/// reach t_end otherwise is a NaN (never a pass). `final_p`, if given, receives the last state.
template <class T, class Inv, class Stop = Unbounded>
Ineq<T> along_dpo_flow(const DpoModel<T>& m, const Vec<T>& log_p0, const T& t_end, const Inv& inv,
                       const Stop& stop = {}, Vec<T>* final_p = nullptr) {
  const RateField<T> rate = [m](const T&, const Vec<T>& p, const Vec<T>& lp) { return m.rate(p, lp); };
  Ineq<T> w = skip<T>();
  bool stopped = false;
  FlowOptions opt;
  opt.rel_tol = opt.abs_tol = dpo_flow_tolerance<T>();
  opt.max_steps = 400000;
  const FlowResult<T> r = integrate_flow<T>(
      rate, log_p0, T(0), t_end,
      [&](const T& t, const Vec<T>& p) {
        if (stop(p)) {
          stopped = true;
          return false;
        }
        w = worst(w, inv(t, p));
        return true;
      },
      opt);
  if (final_p)
    *final_p = r.p;
  if (!r.completed && !stopped)
    return le<T>(nan_of<T>(), nan_of<T>());
  return w;
}

} // namespace dcrv::dpo_domain
