// properties/domains/points.hpp — raw sample values for a domain's `.points()` (the paper's extremal and
// special points): unit vectors, zeros, geometric and alternating sequences, and extra fields added to a list
// of points. Shared by the claim files of App. A, B, C, D and the main text.
#pragma once

#include <cmath>
#include <vector>

#include "properties/engine/engine.hpp"

namespace dcrv::points {

/// value · e_i ∈ ℝ^S.
inline std::vector<double> unit_vec(int S, int i, double value = 1.0) {
  std::vector<double> v(S, 0.0);
  v[i] = value;
  return v;
}
/// e_0 − e_1 ∈ ℝ^S (S ≥ 2; e_0 for S = 1): the direction that moves mass between two coordinates.
inline std::vector<double> pair_direction(int S) {
  std::vector<double> v = unit_vec(S, 0);
  if (S >= 2)
    v[1] = -1.0;
  return v;
}
inline std::vector<double> zeros(int S) {
  return std::vector<double>(S, 0.0);
}
/// (1, r, r², …, r^{S−1}): as simplex weights a point whose masses fall off geometrically (r ≪ 1: near a
/// vertex).
inline std::vector<double> geometric(int S, double ratio) {
  std::vector<double> v(S);
  for (int i = 0; i < S; ++i)
    v[i] = std::pow(ratio, i);
  return v;
}
/// (a, −1.1a, 1.2a, −1.3a, …): a vector with alternating signs and distinct entries.
inline std::vector<double> alternating(int S, double a) {
  std::vector<double> v(S);
  for (int i = 0; i < S; ++i)
    v[i] = (i % 2 ? -a : a) * (1.0 + 0.1 * i);
  return v;
}
/// The points with the fields of `extra` set (added or replaced) in each.
inline std::vector<Assign> with_extra(std::vector<Assign> pts, const Assign& extra) {
  for (auto& a : pts)
    for (const auto& [k, v] : extra)
      a[k] = v;
  return pts;
}

} // namespace dcrv::points
