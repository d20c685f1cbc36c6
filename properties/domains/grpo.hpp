// properties/domains/grpo.hpp — how a sample is read as a GRPO instance of App. E (appendix_E_aistats.tex):
// group size, partition, floor; shared by E_grpo_characteristic.cpp, E_grpo_thresholds.cpp and
// E_grpo_envelopes.cpp.
//
// Fields: "G" (a real in [2, 256], rounded to the group size), "kc" ∈ [0, 1] (mapped onto the admissible
// range of K_C; the first K_C indices are the correct ones, grpo::Partition::leading), "delta" (the floor δ,
// capped at 1/K), "q" (simplex weights of a point δ + (1 − Kδ)q of Δ_δ); K = S.
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/scores/grpo.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::grpo_domain {

/// The scalar functions of double and mpfr, so that unqualified calls in the claims resolve for both.
using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log,
    boost::multiprecision::pow, boost::multiprecision::sqrt;
using grpo::Characteristic;
using grpo::Partition;
using std::abs, std::exp, std::log, std::pow, std::sqrt;

/// The group size G ∈ {2, …, max_group} of a sample (the real field "G" rounded and clamped).
template <class T> int group(const Args<T>& a, int max_group = grpo::kMaxGroup) {
  const long g = std::lround(to_double(a.real("G")));
  return static_cast<int>(std::clamp<long>(g, 2, max_group));
}
/// K_C ∈ [lo, K − hi_gap] from the field "kc" ∈ [0,1].
template <class T> int correct_count(const Args<T>& a, int lo = 0, int hi_gap = 0) {
  const int hi = a.S() - hi_gap;
  if (hi <= lo)
    return lo;
  const double u = std::clamp(to_double(a.real("kc")), 0.0, 1.0);
  return lo + static_cast<int>(std::lround(u * (hi - lo)));
}
/// δ ∈ (0, 1/K], capped at 1/K in T.
template <class T> T floor_delta(const Args<T>& a) {
  return std::min<T>(a.real("delta"), T(1) / T(a.S()));
}
/// The partition {0,…,K_C−1} ∪ {K_C,…,K−1} of a sample with K_C = correct_count(a, lo, hi_gap).
template <class T> Partition partition_of(const Args<T>& a, int lo = 0, int hi_gap = 0) {
  return grpo::Partition::leading(a.S(), correct_count(a, lo, hi_gap));
}

/// The paper's group sizes (small G where h_G is constant or nearly so, and the largest supported).
inline const std::vector<double> kGroups = {2, 3, 4, 5, 8, 16, 64, 255, 256};

/// The group size alone ("G" ∈ [2, 256], log scale; K = 2), with the paper's group sizes kGroups as points.
inline Domain group_sizes() {
  return Domain().dims(2, 2).real("G", 2, 256, true).points([](int) {
    std::vector<Assign> pts;
    for (double g : kGroups)
      pts.push_back({{"G", {g}}});
    return pts;
  });
}

/// The range (1e-30, 1/K) of the floor field "delta" (log scale).
inline std::pair<double, double> floor_range(int S) {
  return {1e-30, 1.0 / S};
}

/// GRPO instances: K ∈ [2, max_dim] (0: every K up to the budget's), the group size "G" ∈ [2, max_group]
/// (log scale) and the partition field "kc".
inline Domain instances(int max_dim = 0, int max_group = grpo::kMaxGroup) {
  return Domain().dims(2, max_dim).real("G", 2, max_group, true).real("kc", 0, 1);
}
/// … on the trimmed simplex: the floor "delta" ∈ [10⁻³⁰, 1/K] (log scale) and the weights "q" of a point
/// δ + (1 − Kδ)q (closed simplex, so faces and vertices of Δ_δ are edge cases).
inline Domain trimmed_instances() {
  return instances().real("delta", floor_range, true).simplex("q", true);
}

/// An allowance for rounding: 64 units in the last place of the scalar times the magnitude of the terms
/// (1e-14·mag in double, 1e-48·mag at 50 digits): added to the right side of inequalities whose right side
/// can vanish, so that rounding is neither a violation nor an unbounded "tightness".
template <class T> T rounding(const T& magnitude) {
  return T(64) * pow(T(10), T(-scalar_digits<T>())) * magnitude;
}

/// (Δ_C, Δ_I): the largest intra-class log-ratios max − min of log p over each class (0 for a class of size
/// ≤ 1), from log p.
template <class T> std::pair<T, T> intra_spreads(const Partition& part, const Vec<T>& lp) {
  T cmin(0), cmax(0), imin(0), imax(0);
  bool c0 = true, i0 = true;
  for (int k = 0; k < part.size(); ++k) {
    T& lo = part.is_correct(k) ? cmin : imin;
    T& hi = part.is_correct(k) ? cmax : imax;
    bool& first = part.is_correct(k) ? c0 : i0;
    if (first || lp(k) < lo)
      lo = lp(k);
    if (first || lp(k) > hi)
      hi = lp(k);
    first = false;
  }
  return {cmax - cmin, imax - imin};
}

/// A threshold for the evidence details (10 significant digits).
inline std::string threshold_text(double x) {
  std::ostringstream os;
  os.precision(10);
  os << x;
  return os.str();
}

} // namespace dcrv::grpo_domain
