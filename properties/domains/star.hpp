// properties/domains/star.hpp — how a sample is read as a STaR instance of App. D (appendix_D_aistats.tex):
// the correct/incorrect partition, the trimmed simplex, a point with its correct mass, folds over index pairs
// within and across C and I, and the entrywise-scaled identity residual; shared by D_star_score.cpp,
// D_star_jacobian.cpp and D_star_flow.cpp.
//
// K = S ≥ 2. The correct set is an input: the index field "M" gives M = |C| = M_idx + 1 ∈ {1,…,K} and the
// index field "first" places C as the cyclic window {first, …, first+M−1} (mod K). φ^STaR is equivariant
// under permutations preserving C, so this covers every partition; the cyclic placement lets the simplex edge
// cases (vertex e_0, faces) land on correct as well as incorrect coordinates.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/simplex_trimmed.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::star_domain {

/// The scalar functions of double and mpfr, so that unqualified calls in the claims resolve for both.
using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log,
    boost::multiprecision::pow, boost::multiprecision::sqrt, boost::multiprecision::tanh;
using std::abs, std::exp, std::log, std::pow, std::sqrt, std::tanh;
/// Lists of hand-made samples (the paper's extremal points).
using Pts = std::vector<Assign>;

/// K ≥ min_K (App. D §Setting), every K up to the budget's maximum, with the partition fields M and first.
inline Domain partitioned(int min_K = 2) {
  return Domain().dims(min_K).index("M").index("first");
}

/// The partition of a sample: M = M_idx + 1, C = {first, …, first+M−1} mod K.
template <class T> StarPartition partition_of(const Args<T>& a) {
  return StarPartition::window(a.S(), a.index("M") + 1, a.index("first"));
}

/// The range (10⁻¹², 1/K) of the floor field "delta" (log scale).
inline std::pair<double, double> floor_range(int K) {
  return simplex_domain::floor_range(1e-12)(K);
}

/// The trimmed simplex Δ_δ (fields q and delta, δ ∈ (10⁻¹², 1/K)) and its point δ1 + (1 − Kδ)q
/// (simplex_trimmed.hpp).
using simplex_domain::trimmed_point, simplex_domain::with_trimmed;

/// A sample of a claim over p ∈ Δ^{K−1} (field "p", with the partition fields): its partition, p and the
/// correct mass ρ(p) = Σ_{c∈C} p_c.
template <class T> struct PointSample {
  StarPartition part;
  Vec<T> p;
  T rho;
};
template <class T> PointSample<T> point_sample(const Args<T>& a) {
  StarPartition part = partition_of(a);
  Vec<T> p = a.simplex("p");
  const T rho = star_correct_mass(p, part);
  return {std::move(part), std::move(p), rho};
}

/// max_k |a_k − b_k| / scale_k over the entries of two vectors or matrices of the same shape: each entry is
/// compared with the size of its own terms (the Jacobian and drift identities of App. D, whose entries range
/// from O(1) to O(1/ρ²)).
template <class T, class A, class B, class Scale>
T scaled_residual(const A& a, const B& b, const Scale& scale) {
  T worst_rel(0);
  for (Eigen::Index k = 0; k < a.size(); ++k)
    worst_rel = std::max(worst_rel, T(abs(T(a.data()[k] - b.data()[k])) / scale.data()[k]));
  return worst_rel;
}
/// scaled_residual as an identity (it must vanish).
template <class T, class A, class B, class Scale>
Ineq<T> eq_scaled(const A& a, const B& b, const Scale& scale) {
  return eq<T>(scaled_residual<T>(a, b, scale), T(0), T(1));
}

/// The worst of f(i, j) over the ordered pairs i ≠ j of `idx` (pairs within C or within I); skip when there
/// is none.
template <class T, class F> Ineq<T> worst_over_pairs(const std::vector<int>& idx, F f) {
  Ineq<T> w = skip<T>();
  for (int i : idx)
    for (int j : idx)
      if (i != j)
        w = worst(w, f(i, j));
  return w;
}
/// The worst of f(c, i) over c ∈ `first` and i ∈ `second` (pairs across C and I); skip when there is none.
template <class T, class F>
Ineq<T> worst_over_cross(const std::vector<int>& first, const std::vector<int>& second, F f) {
  Ineq<T> w = skip<T>();
  for (int c : first)
    for (int i : second)
      w = worst(w, f(c, i));
  return w;
}

} // namespace dcrv::star_domain
