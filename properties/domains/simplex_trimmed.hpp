// properties/domains/simplex_trimmed.hpp — how a sample is read as a point of the trimmed simplex
// Δ_δ = {p ∈ Δ^{S−1} : p_i ≥ δ} (App. A §A.4, App. B §δ-interior refinements, App. D §Setting): the range of
// the floor field "delta" and the map p = δ1 + (1 − Sδ)q of a closed-simplex sample q onto Δ_δ. Shared by the
// claim files of App. B and D (through star.hpp) and the SRCT domains (srct.hpp).
#pragma once

#include <utility>

#include "dcrv/simplex.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::simplex_domain {

/// The range [lo, hi/S] of a floor field "delta", for `.real("delta", floor_range(lo), true)`; hi = 1: the
/// floors δ < 1/S for which Δ_δ is not empty.
inline auto floor_range(double lo, double hi = 1.0) {
  return [lo, hi](int S) { return std::pair{lo, hi / S}; };
}

/// The trimmed simplex Δ_δ, δ ∈ [lo, 1/S) (log scale), as p = δ1 + (1 − Sδ)q with q over the closed simplex
/// (this map is onto Δ_δ, and q on a face puts p on the floor): the fields q and delta, on top of `d`.
inline Domain with_trimmed(Domain d, double lo = 1e-12) {
  return d.simplex("q", true).real("delta", floor_range(lo), true);
}

/// The point δ1 + (1 − Sδ)q of Δ_δ of a sample of with_trimmed.
template <class T> Vec<T> trimmed_point(const Args<T>& a) {
  return trim<T>(a.simplex("q"), a.real("delta"));
}

} // namespace dcrv::simplex_domain
