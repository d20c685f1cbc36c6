// properties/domains/srct.hpp — how a sample is read as an SRCT/DCR instance (App. A §A.5–A.6, App. C §C.2,
// main §3–§5): the objective J̃ = U·p + λ(αH − βpᵀKp) − β_KL KL(p‖p_base) + εH and its flow, the correct /
// incorrect split of the main text, and the DPO single-site model on it. Shared by the claim files of App. A,
// C and the main text.
//
// Fields: "U" (utility), the kernel fields of kernels.hpp, "pb" (p_base, open simplex), the reals "alpha",
// "beta", "lambda", "beta_kl", "eps"; the split reads "mc" ∈ [0, 1) or an index field (|C|, C = the first M
// indices, WLOG by permutation symmetry), the group size "G", the DPO parameters "beta", "ell0".
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "dcrv/scores/dpo.hpp"
#include "dcrv/srct.hpp"
#include "properties/domains/kernels.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/simplex_trimmed.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::srct_domain {

// A claim file reads its samples through one directive, `using namespace srct_domain;`: the kernels and raw
// points are re-exported, and so are the scalar functions of the claims for double and mpfr alike.
using namespace kernel_domain;
using namespace points;
using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log,
    boost::multiprecision::log1p, boost::multiprecision::pow, boost::multiprecision::sqrt;
using std::abs, std::exp, std::log, std::log1p, std::pow, std::sqrt;

/// α, β, λ, β_KL, ε ∈ [0, 3] (exact zeros come from the points).
inline constexpr double kCoefHi = 3.0;
/// The coefficient range of trajectory claims (A ≤ 4.5): the MPFR confirmation trajectories (Bulirsch–Stoer
/// at 1e-30) stay affordable, and the flows' qualitative regimes are all present.
inline constexpr double kFlowCoefHi = 1.5;

/// Adds the instance fields: U ∈ [−u_scale, u_scale]^S, the kernel, p_base, and α, β, λ, β_KL, ε ∈ [0, hi].
inline Domain with_srct(Domain d, double hi = kCoefHi, double u_scale = 2.0) {
  d.vector("U", u_scale);
  d = kernel_domain::with_kernel(std::move(d));
  d.simplex("pb").real("alpha", 0, hi).real("beta", 0, hi).real("lambda", 0, hi);
  d.real("beta_kl", 0, hi).real("eps", 0, hi);
  return d;
}
/// The instance of the fields added by with_srct.
template <class T> SrctParams<T> srct_model(const Args<T>& a) {
  SrctParams<T> m;
  m.U = a.vec("U");
  m.K = kernel_domain::kernel(a);
  m.p_base = a.simplex("pb");
  m.alpha = a.real("alpha");
  m.beta = a.real("beta");
  m.lambda = a.real("lambda");
  m.beta_kl = a.real("beta_kl");
  m.eps = a.real("eps");
  return m;
}

/// A nontrivial instance: every coefficient positive, a full-rank kernel, a geometric p_base.
inline Assign srct_base_point(int S) {
  using points::alternating, points::geometric;
  return {{"U", alternating(S, 1.0)},
          {"k1", geometric(S, 0.8)},
          {"k2", alternating(S, 0.5)},
          {"kd", std::vector<double>(S, 0.3)},
          {"pb", geometric(S, 0.7)},
          {"alpha", {0.7}},
          {"beta", {0.9}},
          {"lambda", {1.1}},
          {"beta_kl", {0.4}},
          {"eps", {0.2}}};
}
/// `base`, then `base` with each set of fields set to exact zeros (the edges of the coefficient ranges).
inline std::vector<Assign> with_zero_sets(const Assign& base,
                                          const std::vector<std::vector<std::string>>& zero_sets) {
  std::vector<Assign> out{base};
  for (const auto& zs : zero_sets) {
    Assign a = base;
    for (const auto& z : zs)
      a[z] = {0.0};
    out.push_back(a);
  }
  return out;
}
/// The points of the envelope claims: the base instance; K = 0 without KL (constant scores d_ij = U_i − U_j:
/// the extremal case of the log-ratio envelopes); utility zero and KL only (d_ij = β_KL
/// log(p_base,i/p_base,j)); ε = 0; α = 0.
inline std::vector<Assign> srct_flow_points(int S) {
  const Assign base = srct_base_point(S);
  Assign flat = base;
  flat["k1"] = flat["k2"] = flat["kd"] = points::zeros(S);
  flat["beta_kl"] = {0.0};
  Assign kl_only = flat;
  kl_only["U"] = points::zeros(S);
  kl_only["beta_kl"] = {1.5};
  std::vector<Assign> out{base, flat, kl_only};
  for (const char* z : {"eps", "alpha"}) {
    Assign a = base;
    a[z] = {0.0};
    out.push_back(a);
  }
  return out;
}
/// The start "p0" where the instance has a barrier (A > 0), else empty (the sample is outside the
/// hypotheses).
template <class T> Vec<T> start_if_barrier(const Args<T>& a) {
  return srct_model(a).barrier() > 0 ? Vec<T>(a.simplex("p0")) : Vec<T>();
}

/// The range [lo, hi/S] of the floor field "delta" of the trimmed simplex Δ_δ (by default (1e-30, 1/S]), for
/// `.real("delta", floor_range(), true)`.
inline auto floor_range(double lo = 1e-30, double hi = 1.0) {
  return simplex_domain::floor_range(lo, hi);
}
/// The floor δ ∈ (0, 1/S] of the trimmed simplex Δ_δ from the real field "delta", capped at 1/S in T (a
/// double sample of 1/S may round above it).
template <class T> T capped_delta(const Args<T>& a) {
  return std::min<T>(a.real("delta"), T(1) / T(a.S()));
}

/// The SRCT flow of the sample's instance, as the `flow` of along_trajectory
/// (properties/engine/trajectory.hpp).
inline constexpr auto instance_flow = []<class T>(const Args<T>& a, const Consts<T>&) {
  return srct_field(srct_model(a));
};
/// start_if_barrier as the `start` of along_trajectory_state.
inline constexpr auto barrier_start = []<class T>(const Args<T>& a, const Consts<T>&) {
  return start_if_barrier(a);
};

/// |C| from the field "mc" ∈ [0, 1): M ∈ [lo, S − (need_incorrect ? 1 : 0)], or −1 if that range is empty.
template <class T> int correct_count(const Args<T>& a, int lo, bool need_incorrect) {
  const int hi = a.S() - (need_incorrect ? 1 : 0);
  if (hi < lo)
    return -1;
  const double u = std::clamp(to_double(a.real("mc")), 0.0, 0.999999);
  return lo + static_cast<int>(std::floor(u * (hi - lo + 1)));
}
/// How the class size M = |C| is drawn from an index field (App. I): any M ∈ [1, S]; both classes non-empty
/// (M ∈ [1, S−1]); or no incorrect trace (M = S).
enum class Classes { any, both, all_correct };
/// M = |C| from the index m (0 … S−1) under the rule `cls`.
inline int class_size(int S, int m, Classes cls) {
  switch (cls) {
  case Classes::all_correct:
    return S;
  case Classes::both:
    return 1 + m % std::max(1, S - 1);
  default:
    return 1 + m % S;
  }
}
/// The partition C = {0, …, M−1} as flags.
inline std::vector<bool> leading_correct(int S, int M) {
  std::vector<bool> c(static_cast<std::size_t>(S), false);
  for (int i = 0; i < M; ++i)
    c[static_cast<std::size_t>(i)] = true;
  return c;
}
/// The utility U = 1_C of the main text and App. I (C = the first M indices).
template <class T> Vec<T> correct_utility(int S, int M) {
  Vec<T> u = Vec<T>::Zero(S);
  for (int i = 0; i < M; ++i)
    u(i) = T(1);
  return u;
}
/// The GRPO group size G ∈ {2, …, 64} from the real field "G" (rounded down and clamped).
template <class T> int group_size(const Args<T>& a) {
  return std::clamp(static_cast<int>(std::floor(to_double(a.real("G")))), 2, 64);
}
/// The DPO single-site model of App. F on the split C = the first M indices: β = "beta", ℓ₀ = "ell0", ε =
/// eps.
template <class T> DpoModel<T> dpo_model(const Args<T>& a, int M, const T& eps) {
  DpoModel<T> d;
  d.beta = a.real("beta"), d.ell0 = a.real("ell0"), d.eps = eps;
  d.labels.assign(static_cast<std::size_t>(a.S()), -1);
  for (int i = 0; i < M; ++i)
    d.labels[static_cast<std::size_t>(i)] = 1;
  return d;
}

} // namespace dcrv::srct_domain
