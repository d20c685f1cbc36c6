// Appendix F — DPO through the SRCT lens, part b: no finite-time boundary hitting, Barrier–Dominance (exact
// face test, the ℓ∞/ℓ2 templates, their sharpness/tightness), and intra-class contraction with the thresholds
// c_open, c_max and the slope condition (appendix_F_aistats.tex, §§ "DPO–SRCT ODE …" (prop:nofinite),
// "Barrier–Dominance (BD)", "Intra-class contraction", "Slope Condition (SC)").
//
// Notation (dcrv/scores/dpo.hpp): K = S, labels s_i = ±1 (𝒞 / ℐ), g_β(ℓ) = 1 − σ(β(ℓ−ℓ₀)), φ the centred
// field, the flow ṗ_i = p_i[φ_i(p) − ε(log p_i − ⟨log p⟩)], face bracket B_i(p, ε) = φ_i(p) + ε(⟨log p⟩ − log
// δ) on the lower face p_i = δ, L_K(δ) = (1−δ) log((1−δ)/((K−1)δ)), z_ik = log(p_i/p_k).
//
// The BD claims report, for a fixed list of instances, the claimed thresholds next to the observed exact one
// ε_crit = sup over lower faces of (−φ_i)/(⟨log p⟩ − log δ) (the face test is exact, so invariance holds at ε
// iff ε ≥ ε_crit); details "threshold_claimed"/"threshold_observed" and the series "bd_thresholds".
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <random>
#include <sstream>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/dpo.hpp"
#include "properties/domains/dpo_sample.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {

using namespace dpo_domain;

// ---------------------------------------------------------------------------------------------------------
// Helpers: decoding samples, face points, trajectories.
// ---------------------------------------------------------------------------------------------------------

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

/// model + a face point (q, i) of Δ_δ, δ = u/K.
Domain face_model_domain() {
  return model_domain().simplex("q", true).index("i").real("u", 1e-30, kUMax, true);
}
/// The face point of a sample: p ∈ Δ_δ with p_i = δ (i = the field "i", the other masses from the weights
/// "q"), and log p.
template <class T> std::pair<Vec<T>, Vec<T>> lower_face_point(const Args<T>& a, const T& delta) {
  const Vec<T> p = facet_point<T>(a.simplex("q"), a.index("i"), delta);
  return {p, log_of(p)};
}
/// On the lower face p_i = δ (App. F, BD, first display): ṗ_i from the drift, the bracket B_i(p, ε) = φ_i(p)
/// + ε(⟨log p⟩ − log δ) with ṗ_i = δB_i, and the magnitude δ(2 + ε(|⟨log p⟩| + |log δ|)) of the terms of ṗ_i.
template <class T> struct FaceRate { T delta, pdot, bracket, scale; };
template <class T> FaceRate<T> face_rate(const Args<T>& a, const DpoModel<T>& m) {
  const T delta = floor_of(a);
  const int i = a.index("i");
  const auto [p, lp] = lower_face_point(a, delta);
  const T mean_log = p.dot(lp);
  return {delta, m.drift(p, lp)(i), T(m.field(p, lp)(i) + m.eps * (mean_log - log(delta))),
          T(delta * (T(2) + m.eps * (abs(mean_log) + abs(T(log(delta))))))};
}

/// Face points where the ℓ∞ template is nearly tight: coordinate 0 incorrect at the floor, the others correct
/// with equal masses (so ⟨log p⟩ − log δ = L_K), g ≈ 1 (ℓ₀ ≫ 0) and a tiny floor.
std::vector<Assign> template_extremal_points(int S) {
  std::vector<Assign> out;
  for (double u : {1e-3, 1e-8})
    out.push_back({{"s", one_against_rest(S, -1.0)},
                   {"q", std::vector<double>(S, 1.0)},
                   {"i", {0.0}},
                   {"u", {u}},
                   {"beta", {1.0}},
                   {"ell0", {20.0}}});
  return out;
}

// ---- exact face thresholds of fixed instances (reporting), in double
// ---------------------------------------

struct BdInstance {
  std::vector<int> labels;
  double beta, ell0, delta;
};
struct BdRow {
  BdInstance in;
  double face_gap, eps_observed, m_inf, m_2;
};

/// Maximises f over weight vectors w ∈ ℝ₊ⁿ (points of the closed simplex): vertices, pair midpoints, uniform,
/// Dirichlet draws of several concentrations, then multiplicative hill climbing from the best candidates.
template <class F> double maximize_over_simplex(int n, const F& f, std::mt19937_64& rng, int draws) {
  std::vector<std::pair<double, std::vector<double>>> pool;
  auto eval = [&](const std::vector<double>& w) {
    const double v = f(w);
    if (std::isfinite(v))
      pool.push_back({v, w});
  };
  for (int j = 0; j < n; ++j) {
    std::vector<double> w(n, 0.0);
    w[j] = 1;
    eval(w);
    for (int k = j + 1; k < n; ++k) {
      std::vector<double> v(n, 0.0);
      v[j] = v[k] = 1;
      eval(v);
    }
  }
  eval(std::vector<double>(n, 1.0));
  std::gamma_distribution<double> g01(0.1), g1(1.0), g5(5.0);
  for (int d = 0; d < draws; ++d) {
    std::vector<double> w(n);
    for (auto& x : w)
      x = d % 3 == 0 ? g01(rng) : d % 3 == 1 ? g1(rng) : g5(rng);
    eval(w);
  }
  std::sort(pool.begin(), pool.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  double best = pool.empty() ? kNegInf : pool.front().first;
  std::normal_distribution<double> normal(0.0, 1.0);
  const int starts = std::min<int>(4, static_cast<int>(pool.size()));
  for (int s = 0; s < starts; ++s) {
    auto [v, w] = pool[s];
    double sigma = 0.5;
    for (int step = 0; step < 300; ++step) {
      std::vector<double> c = w;
      for (auto& x : c)
        x *= std::exp(sigma * normal(rng));
      const double cv = f(c);
      if (std::isfinite(cv) && cv > v) {
        v = cv, w = c, sigma = std::min(1.0, sigma * 1.3);
      } else {
        sigma = std::max(1e-6, sigma * 0.9);
      }
    }
    best = std::max(best, v);
  }
  return best;
}

/// The observed exact threshold ε_crit and the field sups M_{φ,∞}, M_{φ,2} of one instance (search lower
/// estimates).
BdRow bd_row(const BdInstance& in, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  DpoModel<double> m;
  m.beta = in.beta, m.ell0 = in.ell0, m.labels = in.labels;
  const int K = static_cast<int>(in.labels.size());
  const double delta = in.delta, gap = face_gap(K, delta);
  auto to_vec = [](const std::vector<double>& w) {
    Vec<double> v(static_cast<Eigen::Index>(w.size()));
    for (std::size_t i = 0; i < w.size(); ++i)
      v(static_cast<Eigen::Index>(i)) = w[i];
    return v;
  };
  double eps_crit = kNegInf;
  for (int i = 0; i < K; ++i) {
    const auto ratio = [&](const std::vector<double>& w) {
      Vec<double> q = to_vec(w);
      q(i) = 0;
      if (!(q.sum() > 0))
        return kNegInf;
      const Vec<double> p = facet_point<double>(q, i, delta), lp = log_of(p);
      return -m.field(p, lp)(i) / (p.dot(lp) - std::log(delta));
    };
    eps_crit = std::max(eps_crit, maximize_over_simplex(K, ratio, rng, 600));
  }
  const auto sup_norm = [&](bool two) {
    return maximize_over_simplex(
        K,
        [&](const std::vector<double>& w) {
          const Vec<double> q = to_vec(w);
          if (!(q.sum() > 0))
            return kNegInf;
          const Vec<double> p = trim(Vec<double>(q / q.sum()), delta);
          const Vec<double> f = m.field(p, log_of(p));
          return two ? f.norm() : f.cwiseAbs().maxCoeff();
        },
        rng, 600);
  };
  return {in, gap, eps_crit, sup_norm(false), sup_norm(true)};
}

const std::vector<BdRow>& dpo_bd_table() {
  static const std::vector<BdRow> rows = [] {
    const std::vector<BdInstance> instances = {{{-1, 1, 1}, 4.0, -1.0, 1e-2},
                                               {{-1, -1, 1, 1}, 1.0, 0.0, 1e-3},
                                               {{-1, 1, 1, 1, 1}, 10.0, 5.0, 1e-4},
                                               {{-1, 1}, 2.0, -2.0, 5e-2},
                                               {{1, 1, 1, -1, -1, -1}, 0.5, -3.0, 1e-3},
                                               {{1, 1, 1, 1}, 4.0, -2.0, 1e-2},
                                               {{-1, 1, 1}, 1.0, 20.0, 1e-8}};
    std::vector<BdRow> out;
    std::uint64_t seed = 7;
    for (const auto& in : instances)
      out.push_back(bd_row(in, seed++));
    return out;
  }();
  return rows;
}

/// x with 6 significant digits (evidence details).
std::string fmt(double x) {
  std::ostringstream os;
  os << std::setprecision(6) << x;
  return os.str();
}

/// Adds the threshold table to a BD claim: series "bd_thresholds" (every instance) and details for the first.
/// `claimed(row)` is the claim's threshold ε (as a function of the instance).
template <class Claimed>
void add_bd_thresholds(Outcome& out, const std::string& name, const Claimed& claimed,
                       const std::string& note) {
  nlohmann::json cols = {
      {"K", nlohmann::json::array()},           {"M", nlohmann::json::array()},
      {"beta", nlohmann::json::array()},        {"ell0", nlohmann::json::array()},
      {"delta", nlohmann::json::array()},       {"eps_observed", nlohmann::json::array()},
      {"eps_claimed", nlohmann::json::array()}, {"claimed_over_observed", nlohmann::json::array()}};
  std::ostringstream table;
  for (const BdRow& r : dpo_bd_table()) {
    const int K = static_cast<int>(r.in.labels.size());
    const int M = static_cast<int>(std::count(r.in.labels.begin(), r.in.labels.end(), 1));
    const double c = claimed(r);
    cols["K"].push_back(K), cols["M"].push_back(M), cols["beta"].push_back(r.in.beta);
    cols["ell0"].push_back(r.in.ell0), cols["delta"].push_back(r.in.delta);
    // faces inward already at ε = 0 when the sup ratio is ≤ 0: the smallest admissible ε ≥ 0 is then 0
    const double observed = std::max(r.eps_observed, 0.0);
    cols["eps_observed"].push_back(observed), cols["eps_claimed"].push_back(c);
    cols["claimed_over_observed"].push_back(observed > 0 ? c / observed : NAN);
    table << "K=" << K << ",M=" << M << ",beta=" << r.in.beta << ",l0=" << r.in.ell0
          << ",delta=" << r.in.delta << ": claimed " << fmt(c) << " observed " << fmt(observed) << "; ";
  }
  out.series["bd_thresholds"] = cols;
  const BdRow& first = dpo_bd_table().front();
  out.evidence.details["threshold_claimed"] = fmt(claimed(first));
  out.evidence.details["threshold_observed"] = fmt(std::max(first.eps_observed, 0.0));
  out.evidence.details["threshold_note"] =
      name +
      ": smallest eps at which every lower face of the trimmed simplex is inward (exact face test; sup over "
      "face points found by random + hill-climbing search, so a lower estimate), next to the claimed "
      "threshold, "
      "first instance K=3, labels (-,+,+), beta=4, l0=-1, delta=0.01; below the observed value the "
      "maximising "
      "face point is outward (pdot_i < 0), so the observed value is the exact threshold up to the search. " +
      note;
  out.evidence.details["threshold_table"] = table.str();
}

/// Wraps a ForAll claim's check so that the BD threshold table is added to its outcome.
template <class Claimed>
Claim with_bd_thresholds(Claim c, std::string name, Claimed claimed, std::string note) {
  return with_report(std::move(c), [name, claimed, note](const Context&, Outcome& o) {
    add_bd_thresholds(o, name, claimed, note);
  });
}

// ---------------------------------------------------------------------------------------------------------
// § DPO–SRCT ODE: no finite-time boundary hitting (prop:nofinite).
// ---------------------------------------------------------------------------------------------------------

Domain flow_domain() {
  return model_domain().simplex("p0").real("eps", -2.0, 20.0).points([](int S) {
    // one incorrect coordinate at 1e-30 against correct mass with g ≈ 1: −φ₀ ≈ 2 (ε = 0, the y + 2t
    // envelope), and a uniform start with large ε (the ε log K term).
    std::vector<double> p0(S, 1.0);
    p0[0] = 1e-30;
    return std::vector<Assign>{
        {{"s", one_against_rest(S, -1.0)}, {"p0", p0}, {"eps", {-1.0}}, {"beta", {1.0}}, {"ell0", {20.0}}},
        {{"s", one_against_rest(S, -1.0)},
         {"p0", std::vector<double>(S, 1.0)},
         {"eps", {15.0}},
         {"beta", {1.0}},
         {"ell0", {20.0}}}};
  });
}

// App. F, Proposition prop:nofinite: solutions from int Δ exist for all t ≥ 0 and stay interior.
DCRV_CLAIM(nofinite_interior) {
  return forall("F.nofinite-interior", Kind::dynamic)
      .statement(
          R"(For $p(0)\in\operatorname{int}\Delta^{K-1}$ (masses down to $10^{-40}$) and $\varepsilon\ge0$ (incl.\ $\varepsilon=0$; $\varepsilon\le20$) the solution of the DPO--SRCT ODE exists on $[0,4]$ (the log-coordinate integration reaches $t=4$) and $\min_ip_i(t)>0$ at every step, with the explicit floor $-\log p_i(t)\le-\log p_i(0)+(2+\varepsilon\log K)\,t$ (a consequence of $\dot y_i\le2+\varepsilon\log K-\varepsilon y_i$, $y_i=-\log p_i\ge0$); all labels, $\beta$, $\ell_0$, every $K$)")
      .over(flow_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a, eps_with_zero(a));
        const Vec<T> p0 = a.simplex("p0"), y0 = -log_of(p0);
        const T growth = T(2) + m.eps * log(T(a.S()));
        return along_dpo_flow(m, Vec<T>(-y0), T(4), [&](const T& t, const Vec<T>& p) {
          Ineq<T> w = lt<T>(T(0), p.minCoeff());
          for (Eigen::Index i = 0; i < p.size(); ++i)
            w = worst(w, le_flow<T>(T(-log(p(i))), T(y0(i) + growth * t), T(T(1) + y0(i))));
          return w;
        });
      });
}

// App. F, prop:nofinite (proof): y_i(t) ≤ y_i(0)e^{−εt} + ((2 + ε log K)/ε)(1 − e^{−εt}); ε = 0: y_i(0) + 2t.
DCRV_CLAIM(nofinite_y_envelope) {
  return forall("F.nofinite-y-envelope", Kind::dynamic)
      .statement(
          R"(With $y_i=-\log p_i$: $y_i(t)\le y_i(0)e^{-\varepsilon t}+\frac{a+\varepsilon\,b\log K}{\varepsilon}(1-e^{-\varepsilon t})$ for $\varepsilon>0$ and $y_i(t)\le y_i(0)+a\,t$ for $\varepsilon=0$, with $a=2$ (the bound $|\phi_i|\le2$) and $b=1$ (the bound $-\langle\log p\rangle\le\log K$), at every step of trajectories on $[0,4]$ from $p(0)\in\operatorname{int}\Delta^{K-1}$ (masses down to $10^{-40}$), $\varepsilon\in\{0\}\cup(0,20]$, all labels, $\beta$, $\ell_0$, every $K$)")
      .constant("a", 2.0, Role::upper, "bound on |phi_i|")
      .constant("b", 1.0, Role::upper, "coefficient of log K (entropy bound)")
      .over(flow_domain())
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const DpoModel<T> m = model_of(a, eps_with_zero(a));
        const Vec<T> p0 = a.simplex("p0"), y0 = -log_of(p0);
        const T logK = log(T(a.S())), eps = m.eps;
        return along_dpo_flow(m, Vec<T>(-y0), T(4), [&](const T& t, const Vec<T>& p) {
          Ineq<T> w = skip<T>();
          for (Eigen::Index i = 0; i < p.size(); ++i) {
            const T y = -log(p(i));
            T bound;
            if (eps > 0) {
              const T decay = exp(T(-eps * t));
              bound = y0(i) * decay + (k("a") + eps * k("b") * logK) / eps * (T(1) - decay);
            } else {
              bound = y0(i) + k("a") * t;
            }
            w = worst(w, le_flow<T>(y, bound, T(T(1) + y0(i))));
          }
          return w;
        });
      });
}

// ---------------------------------------------------------------------------------------------------------
// § Barrier–Dominance (BD).
// ---------------------------------------------------------------------------------------------------------

// App. F, BD (first display): on the face p_i = δ, ṗ_i = δ(φ_i(p) + ε(⟨log p⟩ − log δ)).
DCRV_CLAIM(face_drift) {
  return forall("F.face-drift", Kind::identity)
      .statement(
          R"(\dot p_i=\delta\big(\phi_i(p)+\varepsilon(\langle\log p\rangle-\log\delta)\big)$ at every $p$ with $p_i=\delta$ (points of the lower face of $\Delta_\delta$), $\dot p$ the DPO--SRCT drift; all labels, $\beta$, $\ell_0$, $\varepsilon\in[0,10^3]$, $\delta\in(0,1/K)$, every $K$)")
      .over(face_model_domain().real("eps", 0.0, 1e3))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const FaceRate<T> f = face_rate(a, model_of(a, a.real("eps")));
        return eq<T>(f.pdot, f.delta * f.bracket, f.scale);
      });
}

// App. F, BD (boxed): L_K(δ) > 0 for all K ≥ 2, δ ∈ (0, 1/K).
DCRV_CLAIM(lk_positive) {
  return forall("F.lk-positive", Kind::bound)
      .statement(
          R"(L_K(\delta)=(1-\delta)\log\frac{1-\delta}{(K-1)\delta}>0$ for every integer $K\in[2,10^6]$ and $\delta=u/K$, $u\in[10^{-300},1-10^{-12}]$ (incl.\ $\delta\to1/K$; evaluated as $(1-\delta)\log(1+\frac{1-K\delta}{(K-1)\delta})$, strict))")
      .over(Domain().dims(2, 2).real("k", 2.0, 1e6, true).real("u", 1e-300, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = static_cast<int>(std::lround(to_double(a.real("k"))));
        const T delta = a.real("u") / T(K);
        return lt<T>(T(0), face_gap(K, delta));
      });
}

// App. F, BD ("entropy face gap"): ⟨log p⟩ − log δ ≥ L_K(δ) on the face p_i = δ of Δ^{K−1}.
DCRV_CLAIM(lk_face_gap) {
  return forall("F.lk-face-gap", Kind::bound)
      .statement(
          R"(\langle\log p\rangle-\log\delta\ge c\,L_K(\delta)$, $c=1$, for every $p\in\Delta^{K-1}$ with $p_i=\delta$ and the other masses arbitrary (zeros allowed, $0\log0=0$), $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 1.0, Role::lower, "multiplier of L_K")
      .over(Domain().dims(2).simplex("q", true).index("i").real("u", 1e-30, kUMax, true).points([](int S) {
        return std::vector<Assign>{{{"q", std::vector<double>(S, 1.0)}, {"u", {0.3}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = floor_of(a);
        const int i = a.index("i");
        Vec<T> w = a.simplex("q");
        w(i) = T(0);
        if (!(w.sum() > 0))
          w = Vec<T>::Ones(w.size()), w(i) = T(0);
        const Vec<T> p = (T(1) - delta) * (w / w.sum());
        Vec<T> face = p;
        face(i) = delta;
        const T ml = mean_log(face);
        // ⟨log p⟩ − log δ cancels terms of size |⟨log p⟩| + |log δ|
        return ge<T>(T(ml - log(delta)), k("c") * face_gap(a.S(), delta), T(abs(ml) + abs(T(log(delta)))));
      });
}

// App. F, BD, "Exact face test": ṗ_i ≥ 0 on {p_i = δ} iff φ_i + ε(⟨log p⟩ − log δ) ≥ 0 there.
DCRV_CLAIM(face_test_iff) {
  return forall("F.face-test-iff", Kind::identity)
      .statement(
          R"(At every point of the lower face $p_i=\delta$ of $\Delta_\delta$: $\dot p_i\ge0\iff B_i(p,\varepsilon)=\phi_i(p)+\varepsilon(\langle\log p\rangle-\log\delta)\ge0$, checked pointwise in both directions (the signs of $\dot p_i$ and $B_i$ agree, and $\dot p_i=\delta B_i$), hence also for "all $p$ on the face" in both directions; all labels, $\beta$, $\ell_0$, $\varepsilon\in[0,50]$ (both inward and outward faces occur), $\delta\in(0,1/K)$, every $K$)")
      .over(face_model_domain().real("eps", 0.0, 50.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const FaceRate<T> f = face_rate(a, model_of(a, a.real("eps")));
        Ineq<T> r = eq<T>(f.pdot, f.delta * f.bracket, f.scale);
        // sign agreement where the bracket is resolved (|B| above the rounding of its terms)
        const T resolved = f.scale / f.delta * identity_tolerance<T>();
        if (abs(f.bracket) > resolved && ((f.pdot >= 0) != (f.bracket >= 0)))
          r = worst(r, le<T>(T(1), T(0)));
        return r;
      });
}

/// φ_i + ε D at the face point of a sample, with D = ⟨log p⟩ − log δ; and the sample's ‖φ(p)‖.
template <class T> struct FaceData {
  Vec<T> p, phi;
  T D, gap, amax; // amax = max_j |γ_j(p_j)|: the size of the terms that φ = γ − γ̄ cancels
  int i;
  /// Scale of the face comparison εD vs −φ_i: the magnitudes before cancellation, including the rounding that
  /// an ε computed from ‖φ(p)‖ inherits (φ has absolute error ≈ ulp·max|γ|, amplified by √K D/L_K).
  T scale(const T& eps) const {
    return abs(phi(i)) + eps * D + amax * (T(1) + sqrt(T(static_cast<int>(p.size()))) * D / gap);
  }
  /// φ is resolved at this precision (not only rounding of γ − γ̄, as when g saturates at 1 for every mass).
  bool resolved() const { return norm_inf(phi) > T(1e3) * pow(T(10), T(-scalar_digits<T>())) * amax; }
};
template <class T> FaceData<T> face_data(const Args<T>& a, const DpoModel<T>& m) {
  const T delta = floor_of(a);
  const auto [p, lp] = lower_face_point(a, delta);
  return {p,
          m.field(p, lp),
          T(p.dot(lp) - log(delta)),
          face_gap(a.S(), delta),
          norm_inf<T>(m.raw_scores(lp)),
          a.index("i")};
}

/// The ∀-property "every lower face of Δ_δ is inward at ε": B_i(p, ε) = φ_i(p) + εD ≥ 0 at the face point of
/// the sample, for ε = eps_of(a, k, m, f) (samples where φ is not resolved are skipped).
template <class Eps> auto face_inward(Eps eps_of) {
  return [eps_of]<class T>(const Args<T>& a, const Consts<T>& k) {
    const DpoModel<T> m = model_of(a);
    const FaceData<T> f = face_data(a, m);
    if (!f.resolved())
      return skip<T>();
    const T eps = eps_of(a, k, m, f);
    return ge<T>(T(eps * f.D), T(-f.phi(f.i)), f.scale(eps));
  };
}

// App. F, BD, "Uniform sufficient templates" (first): ε L_K(δ) ≥ M_{φ,∞} ⇒ every lower face of Δ_δ is inward.
DCRV_CLAIM(bd_template_linf) {
  Claim c =
      forall("F.bd-template-linf", Kind::bound)
          .statement(
              R"(If $\varepsilon L_K(\delta)\ge c\,M_{\phi,\infty}$, $c=1$, $M_{\phi,\infty}=\sup_{\Delta_\delta}\|\phi\|_\infty$, then $B_i(p,\varepsilon)=\phi_i(p)+\varepsilon(\langle\log p\rangle-\log\delta)\ge0$ at every point of every lower face $p_i=\delta$ of $\Delta_\delta$. Checked (i) at $\varepsilon=c\|\phi(p)\|_\infty/L_K\le c M_{\phi,\infty}/L_K$ at the face point $p$ itself — a stronger statement that implies the claim because $B_i$ increases with $\varepsilon$ — and (ii) at $\varepsilon=2cM_{\gamma,\infty}/L_K$ (which satisfies the hypothesis by lem:size); all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
          .constant("c", 1.0, Role::upper, "multiplier of M_phi,inf in the template")
          .over(face_model_domain().points(template_extremal_points))
          .holds(
              face_inward([]<class T>(const Args<T>&, const Consts<T>& k, const DpoModel<T>&,
                                      const FaceData<T>& f) { return T(k("c") * norm_inf(f.phi) / f.gap); }))
          .and_holds("at eps = 2 c M_gamma / L_K", face_model_domain(),
                     face_inward([]<class T>(const Args<T>& a, const Consts<T>& k, const DpoModel<T>& m,
                                             const FaceData<T>& f) {
                       return T(T(2) * k("c") * m.m_gamma(floor_of(a)) / f.gap);
                     }))
          .build();
  return with_bd_thresholds(
      c, "l_inf template eps = M_phi,inf / L_K", [](const BdRow& r) { return r.m_inf / r.face_gap; },
      "The claimed threshold uses the searched sup of ||phi||_inf over the trimmed simplex.");
}

// App. F, BD, "Uniform sufficient templates" (second): ε L_K(δ) ≥ M_{φ,2} ⇒ all lower faces inward.
DCRV_CLAIM(bd_template_l2) {
  Claim c =
      forall("F.bd-template-l2", Kind::bound)
          .statement(
              R"(If $\varepsilon L_K(\delta)\ge c\,M_{\phi,2}$, $c=1$, $M_{\phi,2}=\sup_{\Delta_\delta}\|\phi\|_2$, then $B_i(p,\varepsilon)\ge0$ at every point of every lower face of $\Delta_\delta$. Checked (i) at $\varepsilon=c\|\phi(p)\|_2/L_K\le cM_{\phi,2}/L_K$ at the face point itself (stronger, implies the claim) and (ii) at $\varepsilon=2cM_{\gamma,\infty}\sqrt K/L_K$; all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
          .constant("c", 1.0, Role::upper, "multiplier of M_phi,2 in the template")
          .over(face_model_domain().points(template_extremal_points))
          .holds(face_inward(
              []<class T>(const Args<T>&, const Consts<T>& k, const DpoModel<T>&, const FaceData<T>& f) {
                return T(k("c") * scaled_norm2(f.phi) / f.gap);
              }))
          .and_holds("at eps = 2 c M_gamma sqrt(K) / L_K", face_model_domain(),
                     face_inward([]<class T>(const Args<T>& a, const Consts<T>& k, const DpoModel<T>& m,
                                             const FaceData<T>& f) {
                       return T(T(2) * k("c") * m.m_gamma(floor_of(a)) * sqrt(T(a.S())) / f.gap);
                     }))
          .build();
  return with_bd_thresholds(
      c, "l_2 template eps = M_phi,2 / L_K", [](const BdRow& r) { return r.m_2 / r.face_gap; },
      "The claimed threshold uses the searched sup of ||phi||_2 over the trimmed simplex.");
}

/// ‖φ(p)‖_∞ ≤ c M_γ (or, L2, ‖φ(p)‖₂ ≤ c M_γ √K) at the sample's point p = δ + (1 − Kδ)q of Δ_δ, and M_γ < 1
/// (as 1 − M_γ = σ(β(log δ − ℓ₀)) > 0, no cancellation when g ≈ 1): the bounds on M_{φ,∞} and M_{φ,2}.
template <bool L2> auto mphi_bound_property() {
  return []<class T>(const Args<T>& a, const Consts<T>& k) {
    const DpoModel<T> m = model_of(a);
    const T delta = floor_of(a);
    const Vec<T> phi = m.field(Vec<T>(trim(a.simplex("q"), delta)));
    const T mg = m.m_gamma(delta);
    const Ineq<T> bound =
        L2 ? le<T>(scaled_norm2<T>(phi), k("c") * mg * sqrt(T(a.S()))) : le<T>(norm_inf<T>(phi), k("c") * mg);
    return worst(bound, lt<T>(T(0), m.one_minus_g(T(log(delta)))));
  };
}

// App. F, BD (definition of M_{φ,∞}): M_{φ,∞} ≤ 2 M_γ ≤ 2.
DCRV_CLAIM(mphi_inf_le2) {
  return forall("F.mphi-inf-le2", Kind::bound)
      .statement(
          R"(M_{\phi,\infty}=\sup_{p\in\Delta_\delta}\|\phi(p)\|_\infty\le c\,M_{\gamma,\infty}\le c$, $c=2$: checked as $\|\phi(p)\|_\infty\le cM_{\gamma,\infty}$ at every $p\in\Delta_\delta$ and $M_{\gamma,\infty}<1$; all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 2.0, Role::upper, "coefficient of M_gamma (and the absolute bound)")
      .over(model_domain().simplex("q", true).real("u", 1e-30, kUMax, true).points([](int S) {
        std::vector<Assign> out;
        for (double u : {1e-6, 1e-12})
          out.push_back({{"s", one_against_rest(S, -1.0)},
                         {"q", vertex(S, 1 % S)},
                         {"u", {u}},
                         {"beta", {1.0}},
                         {"ell0", {20.0}}});
        return out;
      }))
      .holds(mphi_bound_property<false>());
}

// App. F, BD (definition of M_{φ,2} and "(≤ 2√K)"): M_{φ,2} ≤ 2 M_γ √K ≤ 2√K.
DCRV_CLAIM(mphi_2_le) {
  return forall("F.mphi-2-le", Kind::bound)
      .statement(
          R"(M_{\phi,2}=\sup_{p\in\Delta_\delta}\|\phi(p)\|_2\le c\,M_{\gamma,\infty}\sqrt K\le c\sqrt K$, $c=2$: checked as $\|\phi(p)\|_2\le cM_{\gamma,\infty}\sqrt K$ at every $p\in\Delta_\delta$ and $M_{\gamma,\infty}<1$; all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .constant("c", 2.0, Role::upper, "coefficient of M_gamma sqrt(K)")
      .over(model_domain().simplex("q", true).real("u", 1e-30, kUMax, true).points([](int S) {
        std::vector<Assign> out;
        for (double u :
             {1e-6, 1e-12}) // one incorrect coordinate holds the mass, K−1 correct ones at the floor
          out.push_back({{"s", one_against_rest(S, -1.0)},
                         {"q", vertex(S, 0)},
                         {"u", {u}},
                         {"beta", {1.0}},
                         {"ell0", {20.0}}});
        return out;
      }))
      .holds(mphi_bound_property<true>());
}

/// A claim whose check is hand-written: replay re-runs the check (deterministic under the Context's seed).
Claim hand_claim(std::string id, Kind kind, std::string statement, CheckFn check) {
  Claim c;
  c.id = std::move(id);
  c.kind = kind;
  c.statement = std::move(statement);
  c.check = check;
  c.replay = [check](const Context& ctx, const nlohmann::json&) { return check(ctx); };
  return c;
}

/// For falsifications that rest on a verified refuting ∀-property: attaches the sample closest to violating
/// it (the run's worst point), so that `dcrv replay` has a point to show; the replay re-runs the whole check.
void attach_worst_sample(Outcome& o) {
  const auto it = o.evidence.details.find("worst_at");
  if (it == o.evidence.details.end())
    return;
  o.witness["sample"] = nlohmann::json::parse(it->second);
  o.witness["sample_note"] = "the point closest to violating the refuting property (for inspection)";
}

/// The same property as a run over the domain `d` (for hand-built checks).
template <class Eps> PropertyRun face_inward_run(const Domain* d, Eps eps_of) {
  const auto prop = face_inward(eps_of);
  return {d, Property<double>(prop), Property<mpfr>(prop), Kind::bound, 1.0};
}

// App. F, BD: "The first is a sharp ℓ∞ test" — reading (a): sup over instances of ε_crit L_K / M_{φ,∞} = 1.
DCRV_CLAIM(bd_linf_sharp) {
  Claim c = hand_claim(
      "F.bd-linf-sharp", Kind::sharpness,
      R"(The $\ell_\infty$ template is sharp in the sense that $\sup\varepsilon_{\rm crit}L_K(\delta)/M_{\phi,\infty}=1$ over instances, where $\varepsilon_{\rm crit}=\sup_{\text{lower faces}}(-\phi_i)/(\langle\log p\rangle-\log\delta)$ is the exact face threshold. Checked as (i) ratio $\le1$: the template's validity ($B_i\ge0$ at $\varepsilon=\|\phi(p)\|_\infty/L_K$ on every face point, all instances) and (ii) ratio $\to1$: along $\delta_n=10^{-n}/K$, $\ell_{0,n}=5n$, $\beta=1$, labels $(-,+,\dots,+)$, the face point $p_n$ ($p_1=\delta_n$, the others equal) gives the rigorous lower bound $\varepsilon_{\rm crit}L_K/M_{\phi,\infty}\ge-\phi_1(p_n)/(2M_{\gamma,\infty})$ (as $\langle\log p_n\rangle-\log\delta_n=L_K$ and $M_{\phi,\infty}\le2M_{\gamma,\infty}$), computed in MPFR for $K=2,3,5,10$, $n=1,\dots,8$, which must increase to within $10^{-6}$ of $1$)",
      nullptr);
  static const Domain domain = face_model_domain().points(template_extremal_points);
  c.check = [](const Context& ctx) {
    const PropertyRun bound =
        face_inward_run(&domain, []<class T>(const Args<T>&, const Consts<T>&, const DpoModel<T>&,
                                             const FaceData<T>& f) { return T(norm_inf(f.phi) / f.gap); });
    Outcome o = run_property(bound, *ctx.claim, ctx);
    o.evidence.method = "ratio <= 1 (template validity): " + o.evidence.method;
    nlohmann::json ks = nlohmann::json::array(), ns = nlohmann::json::array(), lbs = nlohmann::json::array();
    double last_gap = 1;
    bool monotone = true;
    for (int K : {2, 3, 5, 10}) {
      mpfr previous(0);
      for (int n = 1; n <= 8; ++n) {
        DpoModel<mpfr> m;
        m.beta = 1, m.ell0 = mpfr(5 * n);
        m.labels.assign(K, 1);
        m.labels[0] = -1;
        const mpfr delta = pow(mpfr(10), -n) / K;
        Vec<mpfr> q = Vec<mpfr>::Ones(K);
        const Vec<mpfr> p = facet_point<mpfr>(q, 0, delta);
        const mpfr lower = -m.field(p, log_of(p))(0) / (2 * m.m_gamma(delta));
        monotone = monotone && lower > previous;
        previous = lower;
        ks.push_back(K), ns.push_back(n), lbs.push_back(to_double(lower));
        if (n == 8)
          last_gap = std::max(last_gap == 1 ? 0.0 : last_gap, to_double(mpfr(1 - lower)));
      }
    }
    o.series["sharpness_sequence"] = {{"K", ks}, {"n", ns}, {"ratio_lower_bound", lbs}};
    o.evidence.details["ratio_gap_at_n8"] = fmt(last_gap);
    add_bd_thresholds(
        o, "exact threshold vs l_inf template", [](const BdRow& r) { return r.m_inf / r.face_gap; },
        "Ratio observed/claimed per instance shows how sharp the template is for fixed parameters.");
    if (o.status == Status::verified && !(monotone && last_gap < 1e-6)) {
      o.status = Status::falsified;
      o.message = "the lower bound of the ratio does not approach 1";
    } else if (o.status == Status::verified) {
      o.message = "template valid (ratio <= 1) and ratio >= 1 - " + fmt(last_gap) + " along the sequence";
    }
    return o;
  };
  c.replay = [check = c.check](const Context& ctx, const nlohmann::json&) { return check(ctx); };
  return c;
}

// Reading (b): ε_crit = M_{φ,∞}/L_K for every instance (equality, not only approached).
DCRV_CLAIM(bd_linf_sharp_every_instance) {
  return forall("F.bd-linf-sharp~every-instance", Kind::sharpness)
      .where("App. F, BD (\"The first is a sharp l_inf test\")")
      .reading("sharp = the exact threshold equals M_phi,inf / L_K for every parameter choice")
      .statement(
          R"(For every instance, $\varepsilon_{\rm crit}=M_{\phi,\infty}/L_K(\delta)$. For $K=2$ the lower faces are the two points $(\delta,1-\delta)$, $(1-\delta,\delta)$, so $\varepsilon_{\rm crit}=\max_i(-\phi_i)/L_2(\delta)$ exactly; the reading implies $\varepsilon_{\rm crit}L_2(\delta)\ge\|\phi(q)\|_\infty$ for every $q\in\Delta_\delta$, checked over all labels, $\beta$, $\ell_0$, $\delta\in(0,\tfrac12)$)")
      .over(Domain()
                .dims(2, 2)
                .vector("s")
                .real("beta", 1e-3, 1e3, true)
                .real("ell0", -40.0, 20.0)
                .simplex("q", true)
                .real("u", 1e-30, kUMax, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const DpoModel<T> m = model_of(a);
        const T delta = floor_of(a);
        T eps_crit_gap = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < 2; ++i) {
          const Vec<T> f = facet_point<T>(Vec<T>::Ones(2), i, delta);
          const T v = -m.field(f)(i);
          if (v > eps_crit_gap)
            eps_crit_gap = v; // ε_crit · L_2 (D = L_2 at both faces)
        }
        const Vec<T> p = trim(a.simplex("q"), delta);
        return ge<T>(eps_crit_gap, norm_inf<T>(m.field(p)));
      });
}

// App. F, BD: "the second yields the tight threshold ε L_K(δ) ≥ 2√K" — reading (a): sup ‖φ‖₂ = 2√K
// (approached).
DCRV_CLAIM(bd_l2_tight) {
  Claim c = hand_claim(
      "F.bd-l2-tight", Kind::sharpness,
      R"(Tightness of $\varepsilon L_K(\delta)\ge c\sqrt K$, $c=2$, read as: $\sup\|\phi(p)\|_2=c\sqrt K$ over all instances and $p\in\Delta_\delta$ (the bound $M_{\phi,2}\le2\sqrt K$ is approached). dcrv checks the refuting bound $\|\phi(p)\|_2\le2\sqrt{K-1}\,M_{\gamma,\infty}<2\sqrt K$ over all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, $p\in\Delta_\delta$, every $K$ (proof: for fixed $p$, $\|\phi\|_2^2=\sum_i(a_i-\sum_jp_ja_j)^2$ is convex in $a\in[-M_\gamma,M_\gamma]^K$, and at a vertex $a=M_\gamma\sigma$, $\sigma\in\{\pm1\}^K$ with $A=\{\sigma=+1\}$, $P=p(A)$, it equals $4M_\gamma^2[|A|(1-P)^2+(K-|A|)P^2]\le4M_\gamma^2\max(|A|,K-|A|)\le4M_\gamma^2(K-1)$ unless $A\in\{\emptyset,[K]\}$, where $\phi=0$). If that bound holds, the claim is false: the sup is $2\sqrt{K-1}$, approached as $\delta\to0$, $\ell_0\to\infty$)",
      nullptr);
  c.constants.push_back({"c", 2.0, Role::exact, "claimed sup of ||phi||_2 / sqrt(K)", nullptr});
  static const Domain domain =
      model_domain().simplex("q", true).real("u", 1e-30, kUMax, true).points([](int S) {
        return std::vector<Assign>{{{"s", one_against_rest(S, -1.0)},
                                    {"q", vertex(S, 0)},
                                    {"u", {1e-12}},
                                    {"beta", {1.0}},
                                    {"ell0", {20.0}}}};
      });
  c.check = [](const Context& ctx) {
    auto prop = []<class T>(const Args<T>& a, const Consts<T>&) {
      const DpoModel<T> m = model_of(a);
      const T delta = floor_of(a);
      const Vec<T> p = trim(a.simplex("q"), delta);
      return le<T>(scaled_norm2<T>(m.field(p)), T(2) * sqrt(T(a.S() - 1)) * m.m_gamma(delta));
    };
    const PropertyRun run{&domain, Property<double>(prop), Property<mpfr>(prop), Kind::bound, 1.0};
    Outcome o = run_property(run, *ctx.claim, ctx);
    if (o.status != Status::verified) {
      o.status = Status::inconclusive;
      o.message = "the refuting bound ||phi||_2 <= 2 sqrt(K-1) M_gamma did not hold: " + o.message;
      return o;
    }
    // The claim's constant: sup ||φ||₂ = c√K. For c√K > 2√(K−1) the claimed sup exceeds the proven one.
    const double cK = ctx.constant("c");
    int K_witness = 2;
    const double excess = cK * std::sqrt(2.0) - 2.0; // c√K − 2√(K−1) at K = 2
    o.status = excess > 0 ? Status::falsified : Status::verified;
    o.evidence.method = "refuting bound ||phi||_2 <= 2 sqrt(K-1) M_gamma: " + o.evidence.method;
    o.evidence.details["sup_observed_over_claimed"] =
        o.evidence.tightness ? fmt(*o.evidence.tightness) : "n/a";
    o.witness = {{"K", K_witness},
                 {"claimed_sup", cK * std::sqrt(2.0)},
                 {"proven_sup", 2.0},
                 {"digits", ctx.digits},
                 {"note",
                  "sup over all instances of ||phi||_2 is 2 sqrt(K-1) (convexity proof in the statement; "
                  "bound verified by search and MPFR), below the claimed 2 sqrt(K) for every K >= 2"}};
    attach_worst_sample(o);
    o.message =
        "sup ||phi||_2 = 2 sqrt(K-1) < 2 sqrt(K): the l_2 threshold 2 sqrt(K) is not tight (K=2: 2 vs 2.828)";
    if (o.status == Status::verified)
      o.message = "claimed sup does not exceed the proven one";
    return o;
  };
  c.replay = [check = c.check](const Context& ctx, const nlohmann::json&) { return check(ctx); };
  return c;
}

// Reading (b): no c < 2√K makes ε L_K(δ) ≥ c sufficient for every instance.
DCRV_CLAIM(bd_l2_tight_sufficiency) {
  Claim c = hand_claim(
      "F.bd-l2-tight~sufficiency", Kind::sharpness,
      R"(Tightness read as: no constant $c'<2\sqrt K$ makes $\varepsilon L_K(\delta)\ge c'$ sufficient for inwardness of all lower faces for every instance. Refuted by $c'=b=2$: dcrv checks $B_i(p,b/L_K)\ge0$ at every face point of $\Delta_\delta$ for all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$ (true since $-\phi_i\le M_{\phi,\infty}\le2$ and $\langle\log p\rangle-\log\delta\ge L_K$); $2<2\sqrt K$ for every $K\ge2$)",
      nullptr);
  c.where = "App. F, BD (\"the second yields the tight threshold eps L_K(delta) >= 2 sqrt(K)\")";
  c.reading = "tight = no smaller constant than 2 sqrt(K) is sufficient for all DPO instances";
  c.constants.push_back({"b", 2.0, Role::exact, "the smaller sufficient constant exhibited", nullptr});
  static const Domain domain = face_model_domain().points(template_extremal_points);
  c.check = [](const Context& ctx) {
    const double b = ctx.constant("b");
    const PropertyRun run =
        face_inward_run(&domain, [b]<class T>(const Args<T>&, const Consts<T>&, const DpoModel<T>&,
                                              const FaceData<T>& f) { return T(T(b) / f.gap); });
    Outcome o = run_property(run, *ctx.claim, ctx);
    add_bd_thresholds(
        o, "2 sqrt(K) threshold",
        [](const BdRow& r) { return 2 * std::sqrt(double(r.in.labels.size())) / r.face_gap; },
        "eps L_K >= 2 sqrt(K) vs the exact threshold.");
    if (o.status == Status::verified && b < 2 * std::sqrt(2.0)) {
      o.status = Status::falsified;
      o.witness = {
          {"constant", b},
          {"digits", ctx.digits},
          {"note",
           "eps L_K >= 2 makes every lower face inward for all instances (verified), and 2 < 2 sqrt(K)"}};
      attach_worst_sample(o);
      o.message = "eps L_K >= 2 already suffices for every instance; 2 sqrt(K) is not tight";
    } else if (o.status == Status::falsified) {
      // the smaller constant is not sufficient: the reading survives this test
      o.status = Status::verified;
      o.message = "the exhibited constant is not sufficient: " + o.message;
      o.witness = nullptr;
    }
    return o;
  };
  c.replay = [check = c.check](const Context& ctx, const nlohmann::json&) { return check(ctx); };
  return c;
}

// Corrected reading of F.bd-l2-tight (finding F.l2-not-tight): the constant test ε L_K(δ) ≥ 2 already makes
// every lower face inward for every instance, since −φ_i ≤ M_{φ,∞} ≤ 2M_{γ,∞} < 2 (lem:size) and ⟨log p⟩ −
// log δ ≥ L_K(δ) on a lower face; and 2 cannot be lowered, since ε_crit L_K/M_{φ,∞} → 1 with M_{φ,∞} → 2
// along δ → 0, ℓ₀ → ∞ (F.bd-linf-sharp). So 2√K is sufficient but not tight; the tight constant is 2.
DCRV_CLAIM(bd_l2_tight_corrected) {
  return forall("F.bd-l2-tight~corrected", Kind::bound)
      .where("App. F, BD (\"the second yields the tight threshold eps L_K(delta) >= 2 sqrt(K)\")")
      .reading("corrected: the tight constant threshold is eps L_K >= 2; 2 sqrt(K) is sufficient, not tight")
      .statement(
          R"(If $\varepsilon L_K(\delta)\ge c$, $c=2$, then $B_i(p,\varepsilon)\ge0$ at every point of every lower face of $\Delta_\delta$ (so $\varepsilon L_K\ge2\sqrt K$ is sufficient but not tight); checked at $\varepsilon=c/L_K(\delta)$ (the smallest allowed; $B_i$ increases with $\varepsilon$), all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$; no smaller $c$ suffices ($\varepsilon_{\rm crit}L_K\to2$ as $\delta\to0$, $\ell_0\to\infty$))")
      .constant("c", 2.0, Role::upper, "constant of the sufficient test eps L_K >= c")
      .over(face_model_domain().points(template_extremal_points))
      .holds(face_inward([]<class T>(const Args<T>&, const Consts<T>& k, const DpoModel<T>&,
                                     const FaceData<T>& f) { return T(k("c") / f.gap); }));
}

// App. F, BD ("convenient conservative form 4√K"): ε L_K(δ) ≥ 4√K ⇒ all lower faces inward.
DCRV_CLAIM(bd_conservative_4sqrtk) {
  Claim c =
      forall("F.bd-conservative-4sqrtk", Kind::bound)
          .statement(
              R"(If $\varepsilon L_K(\delta)\ge c\sqrt K$, $c=4$, then $B_i(p,\varepsilon)\ge0$ at every point of every lower face of $\Delta_\delta$; checked at $\varepsilon=c\sqrt K/L_K(\delta)$ (the smallest allowed; $B_i$ increases with $\varepsilon$), all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
          .constant("c", 4.0, Role::upper, "coefficient of sqrt(K)")
          .over(face_model_domain().points(template_extremal_points))
          .holds(
              face_inward([]<class T>(const Args<T>& a, const Consts<T>& k, const DpoModel<T>&,
                                      const FaceData<T>& f) { return T(k("c") * sqrt(T(a.S())) / f.gap); }))
          .build();
  return with_bd_thresholds(
      c, "conservative eps = 4 sqrt(K) / L_K",
      [](const BdRow& r) { return 4 * std::sqrt(double(r.in.labels.size())) / r.face_gap; }, "");
}

// App. F, BD ("Strict inequality implies strict interior invariance").
/// Part 0: strict inwardness at every face point; part 1: trajectories from the boundary of Δ_δ stay in it.
std::vector<PropertyRun> bd_strict_runs() {
  static const Domain faces = face_model_domain().real("eta", 1e-6, 1.0, true).points([](int S) {
    auto pts = template_extremal_points(S);
    for (auto& p : pts)
      p["eta"] = {1e-6};
    return pts;
  });
  static const Domain starts = Domain()
                                   .dims(2)
                                   .vector("s")
                                   .real("beta", 1e-3, 10.0, true)
                                   .real("ell0", -20.0, 10.0)
                                   .simplex("q", true)
                                   .real("u", 1e-8, kUMax, true)
                                   .real("eta", 1e-6, 1.0, true);
  auto strict_faces = []<class T>(const Args<T>& a, const Consts<T>&) {
    const DpoModel<T> m = model_of(a);
    const FaceData<T> f = face_data(a, m);
    if (!f.resolved())
      return skip<T>();
    const T eta = a.real("eta"), one_eta = T(1) + eta;
    // B_i ≥ η‖φ(p)‖: strictness is decidable only where that margin exceeds the rounding of φ (φ_i = a_i − ā
    // cancels terms of size max|a| ≤ M_γ); below it (e.g. g saturated at 1 to all digits) the sample is
    // skipped.
    const T resolution = T(1e3) * pow(T(10), T(-scalar_digits<T>())) * m.m_gamma(floor_of(a));
    if (!(eta * norm_inf(f.phi) > resolution))
      return skip<T>();
    const T b_inf = f.phi(f.i) + one_eta * norm_inf(f.phi) / f.gap * f.D;
    const T b_two = f.phi(f.i) + one_eta * scaled_norm2(f.phi) / f.gap * f.D;
    return worst(lt<T>(T(0), b_inf), lt<T>(T(0), b_two));
  };
  auto invariance = []<class T>(const Args<T>& a, const Consts<T>&) {
    DpoModel<T> m = model_of(a);
    const T delta = floor_of(a);
    m.eps = (T(1) + a.real("eta")) * T(2) * m.m_gamma(delta) / face_gap(a.S(), delta);
    if (m.eps > T(200))
      return skip<T>(); // keep the explicit integration affordable
    const Vec<T> p0 = trim(a.simplex("q"), delta);
    Vec<T> last = p0;
    Ineq<T> w = along_dpo_flow(m, log_of(p0), T(2), [&](const T&, const Vec<T>& p) {
      last = p;
      return ge<T>(p.minCoeff(), T(delta * (T(1) - dpo_flow_slack<T>())));
    });
    // strict interior at t = 2 where the predicted lift δ·(B ≥ η 2M_γ·…) is resolved at the working precision
    const T lift = a.real("eta") * T(2) * m.m_gamma(delta);
    if (!(lift > T(10) * dpo_flow_slack<T>()))
      return w;
    return worst(w, lt<T>(delta, last.minCoeff()));
  };
  return {{&faces, Property<double>(strict_faces), Property<mpfr>(strict_faces), Kind::dynamic, 1.0},
          {&starts, Property<double>(invariance), Property<mpfr>(invariance), Kind::dynamic, 0.1}};
}
DCRV_CLAIM(bd_strict) {
  Claim c = hand_claim(
      "F.bd-strict", Kind::dynamic,
      R"(If the template holds strictly, $\dot p_i>0$ on every lower face and $\Delta_\delta$ is forward invariant with trajectories entering its relative interior. Checked (i) pointwise: $B_i(p,\varepsilon)>0$ (strict) at every face point for $\varepsilon=(1+\eta)\|\phi(p)\|_\infty/L_K$ and for $\varepsilon=(1+\eta)\|\phi(p)\|_2/L_K$, $\eta\in[10^{-6},1]$ — stronger than the claim since $\varepsilon L_K>M_{\phi,\infty}\ge\|\phi(p)\|_\infty$; all labels, $\beta$, $\ell_0$, $\delta\in(0,1/K)$; (ii) along trajectories on $[0,2]$ started on the boundary of $\Delta_\delta$ (faces, vertices) with $\varepsilon=(1+\eta)2M_{\gamma,\infty}/L_K$ (strict template, as $M_{\phi,\infty}\le2M_{\gamma,\infty}$; $\varepsilon\le200$): $\min_kp_k(t)\ge\delta$ at every step and $\min_kp_k(2)>\delta$; all labels, $\beta\in[10^{-3},10]$, $\ell_0\in[-20,10]$, $\delta=u/K$, $u\in[10^{-8},1)$, every $K$)",
      nullptr);
  c.check = [](const Context& ctx) {
    const auto runs = bd_strict_runs();
    std::vector<Outcome> parts;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      Outcome o = run_property(runs[i], *ctx.claim, ctx);
      o.evidence.method =
          (i == 0 ? "strict face test: " : "invariance along trajectories: ") + o.evidence.method;
      if (o.status == Status::falsified)
        o.witness["part"] = i;
      parts.push_back(std::move(o));
    }
    Outcome o = combine(parts);
    add_bd_thresholds(
        o, "strict l_inf template", [](const BdRow& r) { return r.m_inf / r.face_gap; },
        "Strict inwardness holds for every eps above the observed threshold.");
    return o;
  };
  c.replay = [](const Context& ctx, const nlohmann::json& w) {
    const auto runs = bd_strict_runs();
    return replay_property(runs.at(w.value("part", 0)), *ctx.claim, ctx, w);
  };
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// § Intra-class contraction; Sharp thresholds; Slope Condition.
// ---------------------------------------------------------------------------------------------------------

/// The model of the sample (ε from "eps") with s_k := s_i: i and k in one class (the hypothesis s_i = s_k).
template <class T> DpoModel<T> same_class_model(const Args<T>& a, int i, int k) {
  DpoModel<T> m = model_of(a, a.real("eps"));
  m.labels[k] = m.labels[i];
  return m;
}

// App. F, "Intra-class contraction" (display for ż_ik): ż_ik = φ_i − φ_k − εz_ik = s(g(log p_i) − g(log p_k))
// − εz_ik.
DCRV_CLAIM(zik_ode) {
  return forall("F.zik-ode", Kind::identity)
      .statement(
          R"(For $s_i=s_k=s$: $\dot z_{ik}=\dot p_i/p_i-\dot p_k/p_k$ (with $\dot p=p\odot\phi(p)-\varepsilon E(p)$, $E$ the entropy drift) equals $\phi_i-\phi_k-\varepsilon z_{ik}$ and $s\,(g_\beta(\log p_i)-g_\beta(\log p_k))-\varepsilon z_{ik}$, for all $p\in\operatorname{ri}\Delta^{K-1}$, labels, $\beta$, $\ell_0$, $\varepsilon\in[0,10^3]$, every $K$)")
      .over(model_domain().simplex("p").real("eps", 0.0, 1e3).index("i").index("k"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int i = a.index("i"), k = a.index("k");
        const DpoModel<T> m = same_class_model(a, i, k);
        if (i == k)
          return skip<T>();
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const LogRatio<T> r = log_ratio_at(m, p, lp, i, k);
        const Vec<T> phi = m.field(p, lp);
        const T form1 = phi(i) - phi(k) - m.eps * r.z;
        const T form2 = T(m.labels[i]) * (m.g(lp(i)) - m.g(lp(k))) - m.eps * r.z;
        return worst(eq<T>(r.zdot, form1, r.scale), eq<T>(form1, form2, r.scale));
      });
}

// App. F, "Intra-class contraction" (last equality): ż_ik = (s g′(ξ) − ε) z_ik for some ξ between log p_i,
// log p_k.
DCRV_CLAIM(zik_mvt) {
  return forall("F.zik-mvt", Kind::identity)
      .skips("pairs with i = k or p_i = p_k (no slope) and pairs with different labels are outside the "
             "hypothesis s_i = s_k, p_i != p_k")
      .statement(
          R"(For $s_i=s_k=s$, $p_i\ne p_k$: the slope $\kappa=(\dot z_{ik}+\varepsilon z_{ik})/(s z_{ik})=(g_\beta(\log p_i)-g_\beta(\log p_k))/(\log p_i-\log p_k)$ lies in $[\min g_\beta',\max g_\beta']$ over the segment between $\log p_i$ and $\log p_k$, so $\kappa=g_\beta'(\xi)$ for some $\xi$ there (intermediate value theorem) and $\dot z_{ik}=(sg_\beta'(\xi)-\varepsilon)z_{ik}$; all $p\in\operatorname{ri}\Delta$, labels, $\beta$, $\ell_0$, $\varepsilon\in[0,10^3]$, every $K$)")
      .over(model_domain().simplex("p").real("eps", 0.0, 1e3).index("i").index("k"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int i = a.index("i"), k = a.index("k");
        const DpoModel<T> m = same_class_model(a, i, k);
        const Vec<T> p = a.simplex("p"), lp = log_of(p);
        const T lo = std::min(lp(i), lp(k)), hi = std::max(lp(i), lp(k));
        if (i == k || !(hi > lo))
          return skip<T>();
        const T z = lp(i) - lp(k);
        const Vec<T> rate = m.rate(p, lp);
        const T s = T(m.labels[i]);
        const T kappa = (rate(i) - rate(k) + m.eps * z) / (s * z);
        const T gmin = -m.slope_sup(lo, hi), gmax = -m.slope_inf(lo, hi); // g′ = −(−g′)
        // the numerator cancels terms of size |φ| + ε|z|: allow that rounding, relative to |z|
        const T scale = (T(2) + m.eps * (abs(z) + abs(lp(i)) + abs(T(p.dot(lp))))) / abs(z);
        return worst(le<T>(gmin, kappa, scale), le<T>(kappa, gmax, scale));
      });
}

// App. F, Definition "Sharp thresholds": c_open = sup_{ℓ≤0}(−g′) = β/4 (ℓ₀ ≤ 0), (β/4) sech²(βℓ₀/2) (ℓ₀ > 0).
DCRV_CLAIM(c_open_formula) {
  return forall("F.c-open-formula", Kind::identity)
      .statement(
          R"(c_{\rm open}=\sup_{\ell\le0}(-g_\beta'(\ell))$ equals $C(\beta,\ell_0)=c\beta$ for $\ell_0\le0$ and $c\beta\operatorname{sech}^2(\beta\ell_0/2)$ for $\ell_0>0$, $c=\tfrac14$: (i) $-g_\beta'(\ell)\le C$ for all $\ell=-w\le0$, $w\in[0,200]$, and (ii) $-g_\beta'(\min(\ell_0,0))=C$ (attained); $\beta\in[10^{-3},10^3]$, $\ell_0\in[-40,20]$)")
      .constant("c", 0.25, Role::exact, "the 1/4 in beta/4")
      .over(
          Domain()
              .dims(2, 2)
              .real("beta", 1e-3, 1e3, true)
              .real("ell0", -40.0, 20.0)
              .real("w", 0.0, 200.0)
              .points([](int) {
                return std::vector<Assign>{{{"ell0", {-1.0}}, {"w", {1.0}}}, {{"ell0", {0.5}}, {"w", {0.0}}}};
              }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        const T ch = cosh(T(m.beta * m.ell0 / 2));
        const T claimed = m.ell0 <= 0 ? T(k("c") * m.beta) : T(k("c") * m.beta / (ch * ch));
        const T at = m.ell0 < 0 ? m.ell0 : T(0);
        return worst(le<T>(T(-m.g_prime(T(-a.real("w")))), claimed), eq<T>(T(-m.g_prime(at)), claimed));
      });
}

// App. F, Definition "Sharp thresholds": c_max (trimmed) ≤ c_open.
DCRV_CLAIM(c_max_le_copen) {
  return forall("F.c-max-le-copen", Kind::bound)
      .statement(
          R"(c_{\max}=\sup_{\ell\in[\log\delta,\log(1-(K-1)\delta)]}(-g_\beta'(\ell))\le c_{\rm open}$: checked as $-g_\beta'(\ell)\le c_{\rm open}$ at every $\ell$ of the interval ($\ell=(1-w)\log\delta+w\log(1-(K-1)\delta)$) and for the interval's sup in closed form; $\beta$, $\ell_0$, $\delta\in(0,1/K)$, every $K$)")
      .over(scalar_floor_domain().real("w", 0.0, 1.0))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        DpoModel<T> m = scalar_model(a);
        m.labels.assign(a.S(), 1);
        const T delta = floor_of(a), w = a.real("w");
        const T ell = (T(1) - w) * log(delta) + w * log1p(T(-T(a.S() - 1) * delta));
        return worst(le<T>(T(-m.g_prime(ell)), m.c_open()), le<T>(m.c_max_trimmed(delta), m.c_open()));
      });
}

/// Labels (a pair (0, 1) is forced by the claims), β ∈ [10⁻³, 20], ℓ₀ ∈ [−20, 5] and a start p(0): the
/// trajectories of the contraction claims.
Domain pair_flow_domain() {
  return Domain().dims(2).vector("s").real("beta", 1e-3, 20.0, true).real("ell0", -20.0, 5.0).simplex("p0");
}
/// Domain of the contraction claims: labels with a forced pair (0, 1), β ≤ 20, ℓ₀, p(0), ε.
Domain contraction_domain(double eps_hi) {
  return pair_flow_domain().real("eps", 0.0, eps_hi);
}

// App. F, thm:intraclass (i): i, k ∈ 𝒞 ⇒ |z_ik(t)| ≤ |z_ik(0)| e^{−εt}.
DCRV_CLAIM(intra_correct) {
  return forall("F.intra-correct", Kind::dynamic)
      .statement(
          R"(For every pair $i,k\in\mathcal C$: $|z_{ik}(t)|\le|z_{ik}(0)|e^{-c\varepsilon t}$, $c=1$, at every step of trajectories on $[0,4]$ from $p(0)\in\operatorname{int}\Delta$ (masses down to $10^{-40}$); labels with $s_1=s_2=+1$ (the rest arbitrary), $\beta\in[10^{-3},20]$, $\ell_0\in[-20,5]$, $\varepsilon\in[0,3]$, every $K$)")
      .constant("c", 1.0, Role::lower, "rate multiplier of eps")
      .over(contraction_domain(3.0).points([](int S) {
        std::vector<double> p0(S, 0.1);
        p0[0] = 0.6;
        return std::vector<Assign>{{{"p0", p0}, {"eps", {2.0}}, {"beta", {1.0}}, {"ell0", {5.0}}}};
      }))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = model_of(a, a.real("eps"));
        m.labels = labels_with_pair(a, +1, +1);
        const Vec<T> p0 = a.simplex("p0");
        const T rate = k("c") * m.eps;
        return along_dpo_flow(m, log_of(p0), T(4), [&](const T& t, const Vec<T>& p) {
          return contraction(within_class(m.labels, +1), p0, p, t, rate);
        });
      });
}

/// Start points for the incorrect-pair contraction claims: two incorrect masses at e^{ℓ₀}(1 ± 5%) — the
/// steepest part of g — with the rest of the mass correct.
std::vector<Assign> steep_pair_points(int S) {
  const double ell0 = std::log(0.2);
  std::vector<double> p0(S, 0.6 / std::max(1, S - 2)), s(S, 1.0);
  p0[0] = 0.2 * std::exp(0.05);
  p0[1] = 0.2 * std::exp(-0.05);
  if (S == 2)
    p0 = {0.5 * std::exp(0.05), 0.5 * std::exp(-0.05)};
  return {{{"p0", p0}, {"s", s}, {"beta", {8.0}}, {"ell0", {S == 2 ? std::log(0.5) : ell0}}}};
}
/// … with an extra real field set (e.g. the margin η of ε over the threshold).
std::vector<Assign> steep_pair_points_with(int S, const std::string& field, double value) {
  auto pts = steep_pair_points(S);
  for (auto& p : pts)
    p[field] = {value};
  return pts;
}

// App. F, thm:intraclass (ii), "if": ε > c_open ⇒ |z_ik(t)| ≤ |z_ik(0)| e^{−(ε − c_open)t} for i, k ∈ ℐ.
DCRV_CLAIM(intra_incorrect_suff) {
  return forall("F.intra-incorrect-suff", Kind::dynamic)
      .statement(
          R"(For every pair $i,k\in\mathcal I$: $|z_{ik}(t)|\le|z_{ik}(0)|e^{-(\varepsilon-c\,c_{\rm open})t}$, $c=1$, at every step of trajectories on $[0,4]$ from $p(0)\in\operatorname{int}\Delta$, whenever $\varepsilon=(1+\eta)c_{\rm open}>c_{\rm open}$, $\eta\in[10^{-3},10]$; labels with $s_1=s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,5]$, every $K$)")
      .constant("c", 1.0, Role::upper, "multiplier of c_open in the rate")
      .over(pair_flow_domain().real("eta", 1e-3, 10.0, true).points([](int S) {
        return steep_pair_points_with(S, "eta", 0.01);
      }))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = model_of(a);
        m.labels = labels_with_pair(a, -1, -1);
        const T c_open = m.c_open();
        m.eps = (T(1) + a.real("eta")) * c_open;
        const Vec<T> p0 = a.simplex("p0");
        const T rate = m.eps - k("c") * c_open;
        return along_dpo_flow(m, log_of(p0), T(4), [&](const T& t, const Vec<T>& p) {
          return contraction(within_class(m.labels, -1), p0, p, t, rate);
        });
      });
}

/// max over p ∈ [lo, 1 − lo] (K = 2, both incorrect) of the divided difference (g(log p₂) − g(log p₁))/(log
/// p₁ − log p₂) of −g′: the exact worst contraction slope of the only pair; by a grid in logit(p) and golden
/// refinement, in T.
template <class T> T worst_pair_slope(const DpoModel<T>& m, double lo) {
  const double lmax = std::log((1 - lo) / lo);
  auto slope = [&](const T& x) { // p₁ = σ(x), p₂ = σ(−x), x > 0
    const T l1 = -log1p(exp(T(-x))), l2 = -log1p(exp(x));
    return (m.g(l2) - m.g(l1)) / (l1 - l2);
  };
  T best_x(1), best(-1);
  const int n = 4000;
  for (int j = 1; j <= n; ++j) {
    const T x = T(lmax) * T(j) / T(n);
    const T v = slope(x);
    if (v > best)
      best = v, best_x = x;
  }
  T a = best_x - T(lmax) / T(n), b = best_x + T(lmax) / T(n);
  if (a < T(1e-12))
    a = T(1e-12);
  if (b > T(lmax))
    b = T(lmax);
  const T r = (sqrt(T(5)) - 1) / 2;
  for (int it = 0; it < 200; ++it) {
    const T c = b - r * (b - a), d = a + r * (b - a);
    if (slope(c) > slope(d))
      b = d;
    else
      a = c;
  }
  const T v = slope((a + b) / 2);
  return v > best ? v : best;
}

/// The literal "only if" of thm:intraclass (ii) (and its trimmed version): for ε ≤ c the inequality
/// |z(t)| ≤ |z(0)| e^{−(ε−c)t} would have to fail for some data; it holds for all data (Grönwall). dcrv
/// verifies it along trajectories at ε = θ c, θ ∈ [0, 1], and reports the claim falsified if no violation
/// exists.
Claim necessity_literal(const std::string& id, bool trimmed) {
  const std::string stmt =
      trimmed
          ? R"(Literal reading of ``the same holds with $c_{\max}$'' for the ``iff'': under confinement to $\Delta_\delta$, $|z_{ik}(t)|\le|z_{ik}(0)|e^{-(\varepsilon-c_{\max})t}$ for all data and $t$ only if $\varepsilon>c_{\max}$. Refuted: for $\varepsilon=\theta c_{\max}$, $\theta\in[0,1]$, dcrv checks the inequality along trajectories (observed while $p(t)\in\Delta_\delta$, $\delta=\vartheta\min p(0)$) for all labels with $s_1=s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,5]$; it holds (Grönwall: $\tfrac d{dt}|z_{ik}|\le(c_{\max}-\varepsilon)|z_{ik}|$ in $\Delta_\delta$ for every $\varepsilon\ge0$), so $\varepsilon>c_{\max}$ is not necessary for it)"
          : R"(Literal reading of ``iff $\varepsilon>c_{\rm open}$'': $|z_{ik}(t)|\le|z_{ik}(0)|e^{-(\varepsilon-c_{\rm open})t}$ for all data and $t$ only if $\varepsilon>c_{\rm open}$. Refuted: for $\varepsilon=\theta c_{\rm open}$, $\theta\in[0,1]$, dcrv checks the inequality along trajectories on $[0,4]$ for all labels with $s_1=s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,5]$, $p(0)\in\operatorname{int}\Delta$; it holds (Grönwall: $\tfrac d{dt}|z_{ik}|\le(c_{\rm open}-\varepsilon)|z_{ik}|$ on the open simplex for every $\varepsilon\ge0$), so the inequality does not single out $\varepsilon>c_{\rm open}$)";
  Claim c = hand_claim(id, Kind::sharpness, stmt, nullptr);
  c.constants.push_back(
      {"c", 1.0, Role::exact, trimmed ? "multiplier of c_max" : "multiplier of c_open", nullptr});
  static const Domain open_domain = pair_flow_domain().real("theta", 0.0, 1.0).points([](int S) {
    return steep_pair_points_with(S, "theta", 1.0);
  });
  static const Domain trimmed_domain =
      pair_flow_domain().real("theta", 0.0, 1.0).real("vartheta", 1e-3, 1.0, true);
  c.check = [trimmed](const Context& ctx) {
    auto prop = [trimmed]<class T>(const Args<T>& a, const Consts<T>& k) {
      DpoModel<T> m = model_of(a);
      m.labels = labels_with_pair(a, -1, -1);
      const Vec<T> p0 = a.simplex("p0");
      const T delta = trimmed ? T(a.real("vartheta") * p0.minCoeff()) : T(0);
      const T cth = trimmed ? m.c_max_trimmed(delta) : m.c_open();
      if (trimmed && !(delta < T(1) / T(a.S())))
        return skip<T>();
      m.eps = a.real("theta") * cth;
      const T rate = m.eps - k("c") * cth;
      return along_dpo_flow(
          m, log_of(p0), T(4),
          [&](const T& t, const Vec<T>& p) {
            return contraction(within_class(m.labels, -1), p0, p, t, rate);
          },
          [&](const Vec<T>& p) { return trimmed && p.minCoeff() < delta; });
    };
    const PropertyRun run{trimmed ? &trimmed_domain : &open_domain, Property<double>(prop),
                          Property<mpfr>(prop), Kind::dynamic, 0.1};
    Outcome o = run_property(run, *ctx.claim, ctx);
    o.evidence.method = "the inequality at eps <= threshold, along trajectories: " + o.evidence.method;
    if (o.status == Status::verified) {
      o.status = Status::falsified;
      o.witness = {{"instance",
                    "any instance with eps = theta * threshold, theta in [0,1], e.g. K=3, s=(-,-,+), "
                    "beta=8, l0=log(0.2), eps = threshold"},
                   {"digits", ctx.digits},
                   {"note", "the contraction inequality holds for every eps >= 0 (Groenwall); verified along "
                            "adversarial trajectories, so eps > threshold is not necessary for it"}};
      attach_worst_sample(o);
      o.message =
          "the inequality |z(t)| <= |z(0)| e^{-(eps - c)t} also holds for eps <= c: the 'only if' is false";
    } else if (o.status == Status::falsified) {
      o.status = Status::verified; // a violation at eps ≤ c would support the necessity
      o.message = "a violation exists at eps <= threshold: " + o.message;
    }
    return o;
  };
  c.replay = [check = c.check](const Context& ctx, const nlohmann::json&) { return check(ctx); };
  return c;
}

/// The "contraction" reading of the necessity: for ε ≤ c, some data do not contract. Refuted by an instance
/// with K = 2, both labels incorrect: the only pair's divided-difference slope D⋆ is below ε ≤ c, so every
/// trajectory contracts at rate ≥ ε − D⋆ > 0 (MPFR maximisation of D⋆; trajectories checked at that rate).
Claim necessity_contraction(const std::string& id, bool trimmed) {
  const std::string stmt =
      std::string(
          R"(Reading: all intra-incorrect log-ratios contract exponentially to $0$ for all data iff $\varepsilon>)") +
      (trimmed ? R"(c_{\max}$ (trajectories confined to $\Delta_\delta$))" : R"(c_{\rm open}$)") +
      R"(. Refuted by the instance $K=2$, $s=(-,-)$, $\beta=4$, $\ell_0=-5$)" +
      (trimmed ? R"(, $\delta=10^{-3}$ ($c_{\max}=1$))" : R"( ($c_{\rm open}=1$))") +
      R"(, $\varepsilon=a=\tfrac12$: the pair's worst slope $D_\star=\sup_p(g_\beta(\log p_2)-g_\beta(\log p_1))/(\log p_1-\log p_2)$ over $p=(p_1,1-p_1)$ is computed in MPFR (grid of $4000$ points in $\operatorname{logit}p_1$ and golden-section refinement) and is $<\varepsilon$, so $\tfrac d{dt}|z_{12}|\le-(\varepsilon-D_\star)|z_{12}|$ for every trajectory; dcrv also checks $|z_{12}(t)|\le|z_{12}(0)|e^{-(\varepsilon-D_\star)t}$ along trajectories from all $p(0)$)";
  Claim c = hand_claim(id, Kind::sharpness, stmt, nullptr);
  c.where = trimmed ? "App. F, thm:intraclass, last sentence (iff with c_max)"
                    : "App. F, thm:intraclass (ii), \"only if\" direction";
  c.reading = trimmed ? "necessity read as: for eps <= c_max some confined data do not contract exponentially"
                      : "necessity read as: for eps <= c_open some data do not contract exponentially";
  c.constants.push_back(
      {"a", 0.5, Role::exact, "eps of the refuting instance (must be <= the threshold 1)", nullptr});
  static const Domain domain = Domain().dims(2, 2).simplex("p0");
  c.check = [trimmed](const Context& ctx) {
    const double lo = trimmed ? 1e-3 : 1e-300;
    DpoModel<mpfr> m;
    m.beta = 4, m.ell0 = -5, m.labels = {-1, -1};
    const mpfr eps = ctx.constant_mp("a");
    const mpfr threshold = trimmed ? m.c_max_trimmed(mpfr(lo)) : m.c_open();
    const mpfr dstar = worst_pair_slope<mpfr>(m, trimmed ? lo : 1e-30);
    const double rate = to_double(mpfr(eps - dstar));
    auto prop = [rate, trimmed, lo, e = to_double(eps)]<class T>(const Args<T>& a, const Consts<T>&) {
      DpoModel<T> mm;
      mm.beta = T(4), mm.ell0 = T(-5), mm.eps = T(e), mm.labels = {-1, -1};
      const Vec<T> p0 = a.simplex("p0");
      if (trimmed && p0.minCoeff() < T(lo))
        return skip<T>();
      return along_dpo_flow(mm, log_of(p0), T(4), [&](const T& t, const Vec<T>& p) {
        return contraction(within_class(mm.labels, -1), p0, p, t, T(rate));
      });
    };
    PropertyRun run{&domain, Property<double>(prop), Property<mpfr>(prop), Kind::dynamic, 0.1};
    run.skip_reason =
        "starts with a mass below the floor delta are outside Delta_delta (trajectories confined to it)";
    Outcome o = run_property(run, *ctx.claim, ctx);
    o.evidence.details["D_star"] = to_string_exact(dstar, 20);
    o.evidence.details["threshold"] = to_string_exact(threshold, 20);
    o.evidence.details["eps"] = to_string_exact(eps, 20);
    const bool refuting = eps <= threshold && dstar < eps;
    if (o.status == Status::verified && refuting) {
      o.status = Status::falsified;
      o.witness = {{"K", 2},
                   {"labels", {-1, -1}},
                   {"beta", 4},
                   {"ell0", -5},
                   {"eps", to_double(eps)},
                   {"threshold", to_double(threshold)},
                   {"D_star", to_string_exact(dstar, 30)},
                   {"digits", ctx.digits},
                   {"note", "eps <= threshold, yet every trajectory contracts at rate >= eps - D_star > 0"}};
      attach_worst_sample(o);
      o.message = "eps = " + to_string_exact(eps, 6) + " <= threshold " + to_string_exact(threshold, 6) +
                  " but D_star = " + to_string_exact(dstar, 6) + " < eps: all data contract, necessity fails";
    } else if (o.status == Status::verified) {
      o.message = "the instance does not refute the reading (eps > threshold or D_star >= eps)";
    } else if (o.status == Status::falsified) {
      o.status = Status::inconclusive;
      o.message = "the contraction rate eps - D_star was violated along a trajectory: " + o.message;
    }
    return o;
  };
  c.replay = [check = c.check](const Context& ctx, const nlohmann::json&) { return check(ctx); };
  return c;
}

// App. F, thm:intraclass (ii), "only if" — literal reading (inequality-based).
DCRV_CLAIM(intra_incorrect_necessity) {
  return necessity_literal("F.intra-incorrect-necessity", false);
}
// Reading: exponential contraction of all data.
DCRV_CLAIM(intra_incorrect_necessity_contraction) {
  return necessity_contraction("F.intra-incorrect-necessity~contraction", false);
}

// App. F, thm:intraclass, last sentence ("same holds with c_max"): confined to Δ_δ, ε > c_max ⇒ contraction.
DCRV_CLAIM(intra_trimmed_suff) {
  return forall("F.intra-trimmed-suff", Kind::dynamic)
      .statement(
          R"(For every pair $i,k\in\mathcal I$ and trajectories confined to $\Delta_\delta$: $|z_{ik}(t)|\le|z_{ik}(0)|e^{-(\varepsilon-c\,c_{\max})t}$, $c=1$, $c_{\max}=\sup_{[\log\delta,\log(1-(K-1)\delta)]}(-g_\beta')$, whenever $\varepsilon=(1+\eta)c_{\max}$, $\eta\in[10^{-3},10]$; checked at every step while $p(t)\in\Delta_\delta$, $\delta=\vartheta\min p(0)$ ($\vartheta\in[10^{-3},1]$), on $[0,4]$; labels with $s_1=s_2=-1$, $\beta\in[10^{-3},20]$, $\ell_0\in[-20,5]$, every $K$)")
      .constant("c", 1.0, Role::upper, "multiplier of c_max in the rate")
      .over(pair_flow_domain()
                .real("eta", 1e-3, 10.0, true)
                .real("vartheta", 1e-3, 1.0, true)
                .points([](int S) {
                  auto pts = steep_pair_points_with(S, "vartheta", 0.5);
                  for (auto& p : pts)
                    p["eta"] = {0.01};
                  return pts;
                }))
      .effort(0.1)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = model_of(a);
        m.labels = labels_with_pair(a, -1, -1);
        const Vec<T> p0 = a.simplex("p0");
        const T delta = a.real("vartheta") * p0.minCoeff();
        if (!(delta < T(1) / T(a.S())))
          return skip<T>();
        const T cmax = m.c_max_trimmed(delta);
        m.eps = (T(1) + a.real("eta")) * cmax;
        const T rate = m.eps - k("c") * cmax;
        return along_dpo_flow(
            m, log_of(p0), T(4),
            [&](const T& t, const Vec<T>& p) {
              return contraction(within_class(m.labels, -1), p0, p, t, rate);
            },
            [&](const Vec<T>& p) { return p.minCoeff() < delta; });
      });
}

// App. F, thm:intraclass, last sentence (iff with c_max) — literal reading.
DCRV_CLAIM(intra_trimmed_necessity) {
  return necessity_literal("F.intra-trimmed-necessity", true);
}
DCRV_CLAIM(intra_trimmed_necessity_contraction) {
  return necessity_contraction("F.intra-trimmed-necessity~contraction", true);
}

// App. F, "Slope Condition (SC)": ε > β/4 ⇒ ε > c_open.
DCRV_CLAIM(sc_implies_copen) {
  return forall("F.sc-implies-copen", Kind::bound)
      .statement(
          R"(\varepsilon>c\beta$, $c=\tfrac14$, implies $\varepsilon>c_{\rm open}$ (strict): checked at $\varepsilon=c\beta(1+\eta)$, $\eta\in[10^{-12},10]$, for $\beta\in[10^{-3},10^3]$, $\ell_0\in[-40,20]$)")
      .constant("c", 0.25, Role::upper, "SC threshold coefficient (eps > c beta)")
      .over(Domain()
                .dims(2, 2)
                .real("beta", 1e-3, 1e3, true)
                .real("ell0", -40.0, 20.0)
                .real("eta", 1e-12, 10.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        DpoModel<T> m = scalar_model(a);
        const T eps = k("c") * m.beta * (T(1) + a.real("eta"));
        return lt<T>(m.c_open(), eps);
      });
}

} // namespace
} // namespace dcrv
