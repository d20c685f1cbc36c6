// properties/domains/lumps.hpp — how a sample is read as the objects of App. G (appendix_G_aistats.tex): a
// partition of the traces into lumps, correct/incorrect (or sign-pure) labels, a centred score field φ of one
// of the paper's families, and the SRCT flow ṗ = p ⊙ φ(p) − εE°(p) on the closed simplex; shared by the
// G_*.cpp claim files.
//
// Partitions. A `vector` field (default "lumps") is decoded trace by trace: π goes to lump ⌊x_π⌋ (lumps are
// renumbered in order of first appearance, dcrv::Lumps). Random draws (scale ≈ 1.5) give random partitions of
// every S, the default sample (all 0) is one lump, the generic edge (1, 0, …, 0) is {0} ∪ {1, …, S−1}; the
// local search moves single traces between lumps. `partition_points` lists every lump-size pattern (integer
// partition of S) for S ≤ 8 as consecutive blocks, and for larger S the singletons, one lump and a few
// two-lump splits.
//
// Labels. A `vector` field (default "labels"): s_π = +1 (correct) where x_π ≥ 0, −1 otherwise (`labels_of`);
// `sign_pure_labels` reads one sign per lump (that of the lump's first member), so every lump is sign-pure.
//
// Score fields. `with_score_fields(d)` adds "family" ∈ [0, 4) (⌊·⌋: STaR, GRPO, DPO, linear), "labels",
// "beta", "ell0", "G", "c"; `score_field_of(a)` decodes them: φ^STaR (def. App. D/G, needs ρ > 0), φ^GRPO
// (App. E/G, exact h_G), the DPO field φ_π = s_π g_β(log p_π) − γ̄ (App. F/G, g_β(log 0) := lim = 1), and the
// replicator field of a linear fitness, φ = c − ⟨p, c⟩1 (a generic smooth centred field). All are centred:
// Σ_π p_π φ_π(p) = 0.
//
// Flows on faces. `support_rate` is the SRCT per-capita rate restricted to the support J of a point of the
// closed simplex (faces are viable, App. G §Simplex: zero masses stay zero), so trajectories that start on
// faces q_k = 0 are integrated exactly there; `aggregated_derivative` is d/dt (A p(t)) of the solution
// through a point, by 6th-order central differences of short integrations (forward, and forward in the
// reversed field for t − h).
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/lumps.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/search.hpp"

namespace dcrv::lumps_domain {

using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log;
using std::abs, std::exp, std::log;

/// A strict inequality x > 0 as an evaluation: a margin when it holds; when x ≤ 0 (exactly, at the working
/// precision) a violation of size 1 (Strict::flag).
template <class T> Ineq<T> positive(const T& x) {
  return strictly_less<T>(T(0), x, Strict::flag);
}

// -------------------------------------------------------------------------------------------------------------
// Partitions
// -------------------------------------------------------------------------------------------------------------

/// The typical scale of the partition field: ⌊N(0, 1.5²)⌋ takes about six values.
inline constexpr double kPartitionScale = 1.5;
/// Lump-size patterns are enumerated completely up to this S.
inline constexpr int kEnumeratedUpTo = 8;

/// Adds the partition field (a `vector`).
inline Domain with_partition(Domain d, const std::string& field = "lumps") {
  return d.vector(field, kPartitionScale);
}

/// The partition of a sample: trace π in lump ⌊x_π⌋ (renumbered by first appearance).
template <class T> Lumps lumps_of(const Args<T>& a, const std::string& field = "lumps") {
  const Vec<T> x = a.vec(field);
  std::vector<int> labels(static_cast<std::size_t>(x.size()));
  for (Eigen::Index i = 0; i < x.size(); ++i)
    labels[static_cast<std::size_t>(i)] = static_cast<int>(std::floor(to_double(x(i))));
  return Lumps(labels);
}

/// Every integer partition of S (lump sizes, non-increasing): the lump-size patterns.
inline std::vector<std::vector<int>> size_patterns(int S) {
  std::vector<std::vector<int>> out;
  std::vector<int> cur;
  std::function<void(int, int)> rec = [&](int left, int largest) {
    if (left == 0) {
      out.push_back(cur);
      return;
    }
    for (int n = std::min(left, largest); n >= 1; --n) {
      cur.push_back(n);
      rec(left - n, n);
      cur.pop_back();
    }
  };
  rec(S, S);
  return out;
}

/// The raw field values of the partition into consecutive blocks of the given sizes (block k ↦ k + ½).
inline std::vector<double> encode_blocks(const std::vector<int>& sizes) {
  std::vector<double> x;
  for (std::size_t k = 0; k < sizes.size(); ++k)
    x.insert(x.end(), static_cast<std::size_t>(sizes[k]), static_cast<double>(k) + 0.5);
  return x;
}

/// The lump-size patterns a claim evaluates at dimension S: every pattern for S ≤ kEnumeratedUpTo; otherwise
/// the singletons, one lump, {1, S−1}, {S−1, 1} and the two halves.
inline std::vector<std::vector<int>> patterns_for(int S) {
  if (S <= kEnumeratedUpTo)
    return size_patterns(S);
  return {std::vector<int>(static_cast<std::size_t>(S), 1), {S}, {1, S - 1}, {S - 1, 1}, {S / 2, S - S / 2}};
}

/// The partition points of the field at dimension S (patterns_for), as Assigns of that field alone.
inline std::vector<Assign> partition_points(int S, const std::string& field = "lumps") {
  std::vector<Assign> out;
  for (const auto& sizes : patterns_for(S))
    out.push_back({{field, encode_blocks(sizes)}});
  return out;
}

/// Every pair of assigns merged (the second's values win on a common field): composes points of several
/// fields.
inline std::vector<Assign> cross(const std::vector<Assign>& a, const std::vector<Assign>& b) {
  std::vector<Assign> out;
  for (const auto& x : a)
    for (const auto& y : b) {
      Assign z = x;
      for (const auto& [k, v] : y)
        z[k] = v;
      out.push_back(std::move(z));
    }
  return out;
}

// -------------------------------------------------------------------------------------------------------------
// The trimmed simplex Δ_δ, δ ∈ (0, 1/S]
// -------------------------------------------------------------------------------------------------------------

/// Adds the trimmed simplex (App. G §Trim and feasibility): δ = u/S with u ∈ [u_lo, u_hi] (log scale; u = 1
/// is δ = 1/S, then Δ_δ is the uniform point) and q over the closed simplex; p = δ1 + (1 − u)q.
inline Domain with_trimmed(Domain d, double u_lo = 1e-12, double u_hi = 1.0) {
  return d.simplex("q", true).real("u", u_lo, u_hi, true);
}
/// δ = u/S.
template <class T> T trim_of(const Args<T>& a) {
  return a.real("u") / T(a.S());
}
/// The point δ1 + (1 − u)q of Δ_δ (1 − Sδ = 1 − u taken exactly from u, so u = 1 gives exactly δ1). Not
/// dcrv::trim(q, u/S): that one forms the free mass as 1 − S·(u/S), which differs from 1 − u by rounding (at
/// about 5 % of double samples, and is not 0 at u = 1 for S = 49, 98, …), so the sampled points would move.
template <class T> Vec<T> trimmed_of(const Args<T>& a) {
  const T delta = trim_of(a), free = T(1) - a.real("u");
  return (a.simplex("q") * free).array() + delta;
}
/// Points of with_trimmed: u at the ends (1 exactly: δ = 1/S) and at ½, q at a vertex, on an edge, uniform.
inline std::vector<Assign> trimmed_points(int S, std::vector<double> us = {1.0, 0.5, 1e-9}) {
  std::vector<Assign> out;
  std::vector<double> vertex(static_cast<std::size_t>(S), 0.0), edge(static_cast<std::size_t>(S), 0.0),
      uniform(static_cast<std::size_t>(S), 1.0);
  vertex[0] = 1.0;
  edge[0] = edge[static_cast<std::size_t>(S - 1)] = 0.5;
  for (double u : us)
    for (const auto& q : {vertex, edge, uniform})
      out.push_back({{"u", {u}}, {"q", q}});
  return out;
}

// -------------------------------------------------------------------------------------------------------------
// Labels
// -------------------------------------------------------------------------------------------------------------

/// s_π = +1 where the raw entry is ≥ 0, −1 otherwise.
template <class T> Labels labels_of(const Args<T>& a, const std::string& field = "labels") {
  const Vec<T> v = a.vec(field);
  Labels s(static_cast<std::size_t>(v.size()));
  for (Eigen::Index i = 0; i < v.size(); ++i)
    s[static_cast<std::size_t>(i)] = v(i) >= 0 ? 1 : -1;
  return s;
}
/// Sign-pure labels: every trace takes the sign of the raw entry at its lump's first member.
template <class T>
Labels sign_pure_labels(const Args<T>& a, const Lumps& L, const std::string& field = "labels") {
  const Labels raw = labels_of(a, field);
  Labels s(raw.size());
  for (int pi = 0; pi < L.traces(); ++pi)
    s[static_cast<std::size_t>(pi)] = raw[static_cast<std::size_t>(L.members(L.lump_of(pi)).front())];
  return s;
}
/// Sign-pure labellings of the block partition `sizes` as raw values of the labels field: every lump correct,
/// every lump incorrect, alternating (first correct), first lump correct and the rest incorrect.
inline std::vector<std::vector<double>> sign_pure_labellings(const std::vector<int>& sizes) {
  std::vector<std::vector<double>> out;
  auto by_lump = [&](auto sign_of) {
    std::vector<double> x;
    for (std::size_t k = 0; k < sizes.size(); ++k)
      x.insert(x.end(), static_cast<std::size_t>(sizes[k]), sign_of(k));
    return x;
  };
  out.push_back(by_lump([](std::size_t) { return 1.0; }));
  out.push_back(by_lump([](std::size_t) { return -1.0; }));
  out.push_back(by_lump([](std::size_t k) { return k % 2 == 0 ? 1.0 : -1.0; }));
  out.push_back(by_lump([](std::size_t k) { return k == 0 ? 1.0 : -1.0; }));
  return out;
}
/// Partition points combined with their sign-pure labellings (fields "lumps" and "labels").
inline std::vector<Assign> sign_pure_points(int S, const std::string& lumps = "lumps",
                                            const std::string& labels = "labels") {
  std::vector<Assign> out;
  for (const auto& sizes : patterns_for(S))
    for (const auto& s : sign_pure_labellings(sizes))
      out.push_back({{lumps, encode_blocks(sizes)}, {labels, s}});
  return out;
}

// -------------------------------------------------------------------------------------------------------------
// Centred score fields of the paper's families
// -------------------------------------------------------------------------------------------------------------

enum class Family { star = 0, grpo = 1, dpo = 2, linear = 3 };
inline constexpr int kFamilies = 4;
inline const char* family_name(Family f) {
  switch (f) {
  case Family::star:
    return "STaR";
  case Family::grpo:
    return "GRPO";
  case Family::dpo:
    return "DPO";
  default:
    return "linear";
  }
}

/// A centred score field φ: Δ^{S−1} → ℝ^S (App. G eq. SRCT) of one of the families.
template <class T> struct ScoreField {
  Family family = Family::linear;
  Labels labels;      // s_π (STaR, GRPO: correct set; DPO: signs)
  T beta{1}, ell0{0}; // DPO link g_β(ℓ) = 1 − σ(β(ℓ − ℓ₀))
  int G = 2;          // GRPO group size
  Vec<T> c;           // linear fitness
  std::shared_ptr<const grpo::Characteristic<T>> ch;

  /// STaR needs ρ(p) > 0 (App. G §STaR); the others are defined on the whole closed simplex.
  bool defined_at(const Vec<T>& p) const { return family != Family::star || correct_mass(labels, p) > 0; }

  /// φ(p), with log p given (−∞ allowed where p_π = 0; only the DPO field reads it).
  Vec<T> phi(const Vec<T>& p, const Vec<T>& log_p) const {
    const Eigen::Index S = p.size();
    switch (family) {
    case Family::star:
      return star_score(p, star_partition());
    case Family::grpo:
      return grpo::centered_score(grpo_partition(), *ch, p);
    case Family::dpo: {
      DpoModel<T> m;
      m.beta = beta, m.ell0 = ell0;
      Vec<T> raw(S);
      for (Eigen::Index i = 0; i < S; ++i) // g_β(log 0) := lim_{u↓0} g_β(log u) = 1
        raw(i) = T(labels[static_cast<std::size_t>(i)]) * (p(i) > 0 ? m.g(log_p(i)) : T(1));
      T mean(0);
      for (Eigen::Index i = 0; i < S; ++i)
        if (p(i) > 0)
          mean += p(i) * raw(i);
      return (raw.array() - mean).matrix();
    }
    default: {
      const T mean = p.dot(c);
      return (c.array() - mean).matrix();
    }
    }
  }
  /// The size of the terms that cancel in φ_π(p) = raw_π − mean: |raw_π| + |mean| (STaR: p_π1{π∈𝒞}/ρ +
  /// S⁽²⁾/ρ; GRPO: h_G(ρ); DPO: |g_β(log p_π)| + |γ̄|; linear: |c_π| + |⟨p,c⟩|), the scale against which
  /// identities involving φ are compared (a quantity near 0 after cancellation carries the rounding of these
  /// terms).
  Vec<T> magnitude(const Vec<T>& p, const Vec<T>& log_p) const {
    const Eigen::Index S = p.size();
    Vec<T> m(S);
    switch (family) {
    case Family::star: {
      const T rho = correct_mass(labels, p), mean = correct_square_sum(labels, p) / rho;
      for (Eigen::Index i = 0; i < S; ++i)
        m(i) = (labels[static_cast<std::size_t>(i)] > 0 ? T(p(i) / rho) : T(0)) + mean;
      return m;
    }
    case Family::grpo: {
      T rho(0), sigma(0);
      for (Eigen::Index i = 0; i < S; ++i)
        (labels[static_cast<std::size_t>(i)] > 0 ? rho : sigma) += p(i);
      return Vec<T>::Constant(S, ch->h(rho, sigma));
    }
    case Family::dpo: {
      DpoModel<T> d;
      d.beta = beta, d.ell0 = ell0;
      T mean(0);
      for (Eigen::Index i = 0; i < S; ++i) {
        m(i) = p(i) > 0 ? d.g(log_p(i)) : T(1);
        if (p(i) > 0)
          mean += p(i) * m(i);
      }
      return (m.array() + mean).matrix();
    }
    default: {
      const T mean = abs(T(p.dot(c)));
      for (Eigen::Index i = 0; i < S; ++i)
        m(i) = abs(c(i)) + mean;
      return m;
    }
    }
  }
  Vec<T> magnitude(const Vec<T>& p) const { return magnitude(p, safe_log(p)); }

  /// φ(p), taking the logarithms itself.
  Vec<T> phi(const Vec<T>& p) const { return phi(p, safe_log(p)); }

  /// log p with log 0 := −∞.
  static Vec<T> safe_log(const Vec<T>& p) {
    using boost::multiprecision::log;
    using std::log;
    Vec<T> l(p.size());
    for (Eigen::Index i = 0; i < p.size(); ++i)
      l(i) = p(i) > 0 ? T(log(p(i))) : T(-std::numeric_limits<T>::infinity());
    return l;
  }
  StarPartition star_partition() const {
    StarPartition part;
    for (int s : labels)
      part.correct.push_back(s > 0);
    return part;
  }
  grpo::Partition grpo_partition() const {
    grpo::Partition part;
    for (int s : labels)
      part.correct.push_back(s > 0);
    return part;
  }
};

/// Adds the fields of the score families: "family" ∈ [0, 4), "labels", "beta" ∈ [0.1, 10] (log), "ell0" ∈
/// [−8, 2], "G" ∈ [2, 32] (log, rounded), "c" (linear fitness, scale 2).
inline Domain with_score_fields(Domain d) {
  return d.real("family", 0.0, 3.999)
      .vector("labels")
      .real("beta", 0.1, 10.0, true)
      .real("ell0", -8.0, 2.0)
      .real("G", 2.0, 32.0, true)
      .vector("c", 2.0);
}

/// The field of a sample of with_score_fields. STaR gets s_0 := +1 when no label is positive (it needs K_C ≥
/// 1). `labels` overrides the decoded labels (e.g. sign-pure ones); `only` forces a family.
template <class T>
ScoreField<T> score_field_of(const Args<T>& a, const Labels* labels = nullptr, int only = -1) {
  ScoreField<T> f;
  const int fam =
      only >= 0 ? only : std::clamp(static_cast<int>(std::floor(to_double(a.real("family")))), 0, 3);
  f.family = static_cast<Family>(fam);
  f.labels = labels ? *labels : labels_of(a);
  if (f.family == Family::star && std::none_of(f.labels.begin(), f.labels.end(), [](int s) { return s > 0; }))
    f.labels[0] = 1;
  f.beta = a.real("beta");
  f.ell0 = a.real("ell0");
  f.G = static_cast<int>(std::clamp<long>(std::lround(to_double(a.real("G"))), 2, 32));
  if (f.family == Family::grpo)
    f.ch = std::make_shared<const grpo::Characteristic<T>>(f.G);
  f.c = a.vec("c");
  return f;
}

/// Points of the family fields: each family, with labels (first trace correct, the rest incorrect) and DPO
/// parameters at the steep end (β = 10, ℓ₀ = log(1/S)).
inline std::vector<Assign> family_points(int S) {
  std::vector<Assign> out;
  std::vector<double> first_correct(static_cast<std::size_t>(S), -1.0),
      mixed(static_cast<std::size_t>(S), -1.0);
  first_correct[0] = 1.0;
  for (int i = 0; i < S; i += 2)
    mixed[static_cast<std::size_t>(i)] = 1.0;
  for (int fam = 0; fam < kFamilies; ++fam)
    for (const auto& lab : {first_correct, mixed})
      out.push_back({{"family", {fam + 0.5}},
                     {"labels", lab},
                     {"beta", {10.0}},
                     {"ell0", {-std::log(static_cast<double>(S))}},
                     {"G", {8.0}}});
  return out;
}

// -------------------------------------------------------------------------------------------------------------
// The SRCT flow on the support of a point of the closed simplex
// -------------------------------------------------------------------------------------------------------------

/// The support {π : p_π > 0}.
template <class T> std::vector<int> support_of(const Vec<T>& p) {
  std::vector<int> J;
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 0)
      J.push_back(static_cast<int>(i));
  return J;
}
/// The point of Δ^{S−1} with the masses x on J and 0 elsewhere.
template <class T> Vec<T> embed(const std::vector<int>& J, int S, const Vec<T>& x) {
  Vec<T> p = Vec<T>::Zero(S);
  for (std::size_t j = 0; j < J.size(); ++j)
    p(J[j]) = x(static_cast<Eigen::Index>(j));
  return p;
}
/// The coordinates J of p.
template <class T> Vec<T> restrict_to(const std::vector<int>& J, const Vec<T>& p) {
  Vec<T> x(static_cast<Eigen::Index>(J.size()));
  for (std::size_t j = 0; j < J.size(); ++j)
    x(static_cast<Eigen::Index>(j)) = p(J[j]);
  return x;
}

/// The SRCT per-capita rate r_π = φ_π(p) − ε(log p_π − ⟨log p⟩) on the support J (App. G eq. SRCT: ṗ_π = p_π
/// r_π; p_π = 0 off J stays 0 since (p ⊙ φ)_π = E°_π = 0 there).
template <class T>
RateField<T> support_rate(const ScoreField<T>& f, const T& eps, const std::vector<int>& J, int S) {
  return [f, eps, J, S](const T&, const Vec<T>& x, const Vec<T>& log_x) {
    Vec<T> p = Vec<T>::Zero(S), lp = Vec<T>::Constant(S, T(-std::numeric_limits<T>::infinity()));
    for (std::size_t j = 0; j < J.size(); ++j) {
      p(J[j]) = x(static_cast<Eigen::Index>(j));
      lp(J[j]) = log_x(static_cast<Eigen::Index>(j));
    }
    const Vec<T> phi = f.phi(p, lp);
    const T mean_log = x.dot(log_x);
    Vec<T> r(x.size());
    for (std::size_t j = 0; j < J.size(); ++j)
      r(static_cast<Eigen::Index>(j)) = phi(J[j]) - eps * (log_x(static_cast<Eigen::Index>(j)) - mean_log);
    return r;
  };
}

/// Tolerances of the short integrations behind a time derivative: dopri5 at 1e-12 in double, Bulirsch–Stoer
/// at 1e-24 in MPFR.
template <class T> FlowOptions derivative_options() {
  FlowOptions o;
  o.rel_tol = o.abs_tol = std::is_same_v<T, double> ? 1e-12 : 1e-24;
  o.initial_dt = 1e-4;
  return o;
}
/// The time step of the central differences, relative to the time scale 1/(1 + max|r|): 0.02 in double, 1e-4
/// in MPFR, so that truncation (~c⁶) and integration error (~tol/c) are both below 1e-10 (double), 1e-20
/// (MPFR).
template <class T> double derivative_step() {
  return std::is_same_v<T, double> ? 0.02 : 1e-4;
}
/// The relative slack with which a numerical time derivative is compared to a formula: 1e-7 in double, 1e-16
/// in MPFR (a false formula is off by O(1) relative to the size of its terms).
template <class T> T derivative_slack() {
  if constexpr (std::is_same_v<T, double>)
    return 1e-7;
  else
    return T(1e-16);
}

/// The solution p(t + τ) of the flow through x (log-coordinates log_x, at t) for τ = ±h, ±2h, ±3h, and the
/// 6th-order central difference Σ_k c_k u(p(t + kh)) / h of any vector observable u (e.g. p ↦ A p). Backward
/// in time: forward in the reversed field. Returns an empty vector if an integration fails.
template <class T, class Obs>
Vec<T> time_derivative(const RateField<T>& rate, const Vec<T>& log_x, const T& h, const Obs& obs) {
  const RateField<T> back = [rate](const T& t, const Vec<T>& p, const Vec<T>& lp) {
    return Vec<T>(-rate(t, p, lp));
  };
  const FlowOptions opt = derivative_options<T>();
  std::vector<Vec<T>> fwd, bwd;
  for (const RateField<T>* field : {&rate, &back}) {
    Vec<T> y = log_x;
    for (int k = 1; k <= 3; ++k) {
      const FlowResult<T> r = integrate_flow<T>(*field, y, T(0), h, {}, opt);
      if (!r.completed)
        return Vec<T>();
      y = r.log_p;
      (field == &rate ? fwd : bwd).push_back(obs(r.p));
    }
  }
  return ((T(45) * (fwd[0] - bwd[0]) - T(9) * (fwd[1] - bwd[1]) + (fwd[2] - bwd[2])) / (T(60) * h)).eval();
}

/// The step h = derivative_step / (1 + max_j |r_j(x)|) at the point x.
template <class T> T derivative_step_at(const RateField<T>& rate, const Vec<T>& x, const Vec<T>& log_x) {
  const Vec<T> r = rate(T(0), x, log_x);
  T m(0);
  for (Eigen::Index i = 0; i < r.size(); ++i)
    m = std::max<T>(m, r(i) < 0 ? T(-r(i)) : r(i));
  return T(derivative_step<T>()) / (T(1) + m);
}

/// Points (t, log x) along the trajectory of `rate` from log_x0 on [0, t_end]: t = 0 and up to `count` − 1
/// accepted steps spread evenly; empty if the integration fails.
template <class T>
std::vector<std::pair<T, Vec<T>>> trajectory_points(const RateField<T>& rate, const Vec<T>& log_x0,
                                                    const T& t_end, int count) {
  using boost::multiprecision::log;
  using std::log;
  std::vector<std::pair<T, Vec<T>>> all;
  FlowOptions opt;
  if constexpr (!std::is_same_v<T, double>)
    opt.rel_tol = opt.abs_tol = 1e-20;
  const FlowResult<T> r = integrate_flow<T>(
      rate, log_x0, T(0), t_end,
      [&](const T& t, const Vec<T>& x) {
        Vec<T> lx(x.size());
        for (Eigen::Index i = 0; i < x.size(); ++i)
          lx(i) = log(x(i));
        all.emplace_back(t, lx);
        return true;
      },
      opt);
  if (!r.completed)
    return {};
  all.back().second = r.log_p; // the end point with its exact logarithms
  if (static_cast<int>(all.size()) <= count)
    return all;
  std::vector<std::pair<T, Vec<T>>> out;
  for (int i = 0; i < count; ++i)
    out.push_back(all[static_cast<std::size_t>(
        std::lround(static_cast<double>(i) * static_cast<double>(all.size() - 1) / (count - 1)))]);
  return out;
}

// -------------------------------------------------------------------------------------------------------------
// Lump ODE checks along trajectories
// -------------------------------------------------------------------------------------------------------------

/// The worst comparison of a measured time derivative d (of the observable) with the expected e,
/// componentwise: |d_i − e_i| ≤ slack·scale_i. Components with a non-finite expectation are outside the claim
/// (skipped).
/// `err` (optional, same size as d): the measured error of d (Richardson: |d_h − d_{h/2}|), allowed 10× on
/// top of the slack — a false formula is off by O(1) relative to its terms, far beyond the derivative's own
/// error.
template <class T>
Ineq<T> compare_rates(const Vec<T>& d, const Vec<T>& e, const Vec<T>& scale, const Vec<T>& err = Vec<T>()) {
  Ineq<T> w = skip<T>();
  for (Eigen::Index i = 0; i < e.size(); ++i) {
    if (!is_finite(e(i)))
      continue;
    const T measured = err.size() == d.size() && is_finite(err(i)) ? T(T(10) * err(i)) : T(0);
    w = worst(w, le<T>(abs(T(d(i) - e(i))), T(derivative_slack<T>() * scale(i) + measured), scale(i)));
  }
  return w;
}

/// Per-lump size of the terms of the lump ODE: Σ_{π∈C_k} p_π(μ_π + ε|log p_π| + ε|h̄|), μ = f.magnitude(p)
/// (the terms that cancel in φ).
template <class T>
Vec<T> lump_term_scale(const Lumps& L, const Vec<T>& p, const ScoreField<T>& f, const T& eps) {
  const T hbar = mean_log<T>(p);
  const Vec<T> mu = f.magnitude(p);
  Vec<T> s = Vec<T>::Zero(L.count());
  for (int pi = 0; pi < L.traces(); ++pi)
    if (p(pi) > 0)
      s(L.lump_of(pi)) += p(pi) * (mu(pi) + eps * (abs(T(log(p(pi)))) + abs(hbar)));
  return s;
}

enum class Observable { masses, log_masses, log_traces };

/// Along the SRCT trajectory of f (ε) from p0 (on its support), at t = 0 and three accepted steps: the
/// measured d/dt of the observable (A p, log A p or log p) against expected(p) = (values, scales).
template <class T, class Expected>
Ineq<T> along_lump_flow(const ScoreField<T>& f, const T& eps, const Vec<T>& p0, const Lumps& L,
                        Observable obs, const Expected& expected, double horizon = 1.0,
                        int points_per_trajectory = 4) {
  const int S = static_cast<int>(p0.size());
  const std::vector<int> J = support_of(p0);
  const RateField<T> rate = support_rate(f, eps, J, S);
  const Vec<T> x0 = restrict_to(J, p0);
  const auto points =
      trajectory_points<T>(rate, ScoreField<T>::safe_log(x0), T(horizon), points_per_trajectory);
  if (points.empty())
    return le<T>(nan_of<T>(), nan_of<T>());
  auto observe = [&](const Vec<T>& x) -> Vec<T> {
    const Vec<T> p = embed(J, S, x);
    if (obs == Observable::masses)
      return L.aggregate<T>(p);
    if (obs == Observable::log_masses)
      return ScoreField<T>::safe_log(L.aggregate<T>(p));
    return ScoreField<T>::safe_log(p);
  };
  Ineq<T> w = skip<T>();
  for (const auto& [t, lx] : points) {
    Vec<T> x(lx.size());
    for (Eigen::Index i = 0; i < x.size(); ++i)
      x(i) = exp(lx(i));
    x /= x.sum();
    const T h = derivative_step_at(rate, x, lx);
    const Vec<T> d = time_derivative<T>(rate, lx, h, observe);
    // the same derivative at half the step: |d_h − d_{h/2}| measures the difference quotient's own error
    const Vec<T> d_half = time_derivative<T>(rate, lx, T(h / 2), observe);
    if (d.size() == 0 || d_half.size() != d.size())
      return le<T>(nan_of<T>(), nan_of<T>());
    // Its error: Richardson |d_h − d_{h/2}| for the truncation, plus the rounding of the difference quotient,
    // u·|u(p)|/h per evaluation (u the unit roundoff of T): |d_h − d_{h/2}| can miss it where the two
    // quotients' rounding errors happen to agree (seen at 50 digits on lumps of mass 1e-29, G.star-lump-ode).
    const Vec<T> here = observe(x);
    Vec<T> err = (d - d_half).cwiseAbs();
    for (Eigen::Index i = 0; i < err.size() && i < here.size(); ++i)
      if (is_finite(here(i)))
        err(i) += T(10) * std::numeric_limits<T>::epsilon() * abs(T(here(i))) / h;
    const auto [e, scale] = expected(embed(J, S, x));
    // a zero observable (an empty lump: log 0 = −∞ on both sides) is checked through the masses, not its log
    Vec<T> dd = d, ee = e;
    for (Eigen::Index i = 0; i < dd.size(); ++i)
      if (!is_finite(dd(i)))
        dd(i) = ee(i) = nan_of<T>();
    w = worst(w, compare_rates(dd, ee, scale, err));
  }
  return w;
}

} // namespace dcrv::lumps_domain
