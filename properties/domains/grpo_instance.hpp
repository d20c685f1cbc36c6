// properties/domains/grpo_instance.hpp — a sample read as one GRPO instance of App. E (appendix_E_aistats.tex
// §Setup): the partition, the group size and its characteristic h_G in one decoder, and the values of ρ_C and
// of the log-ratio z that the claims range over; shared by E_grpo_characteristic.cpp, E_grpo_thresholds.cpp
// and E_grpo_envelopes.cpp.
//
// Fields as in properties/domains/grpo.hpp ("G", "kc", "delta").
#pragma once

#include <utility>

#include "dcrv/scores/grpo.hpp"
#include "properties/domains/grpo.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::grpo_domain {

/// One GRPO instance: K = S, K_C correct indices (the first ones) and K_I = K − K_C incorrect ones, the
/// group size G and its characteristic h_G. Read with structured bindings:
/// `const auto [K, KC, KI, G, part, ch] = instance_of(a, lo, hi_gap);`.
template <class T> struct Instance {
  int K, KC, KI, G;
  Partition part;
  Characteristic<T> ch;
};
/// The instance of a sample with K_C given: G = group(a, max_group).
template <class T> Instance<T> instance_with(const Args<T>& a, int KC, int max_group = grpo::kMaxGroup) {
  const int K = a.S(), G = group(a, max_group);
  return {K, KC, K - KC, G, Partition::leading(K, KC), Characteristic<T>(G)};
}
/// The instance of a sample: K_C = correct_count(a, lo, hi_gap) ∈ [lo, K − hi_gap], G = group(a).
template <class T> Instance<T> instance_of(const Args<T>& a, int lo = 0, int hi_gap = 0) {
  return instance_with(a, correct_count(a, lo, hi_gap));
}

/// K_C ∈ {0, K} for the claims about degenerate classes (App. E §Edge cases): 0 when the field "kc" is below
/// ½, K otherwise.
template <class T> int degenerate_count(const Args<T>& a) {
  return to_double(a.real("kc")) < 0.5 ? 0 : a.S();
}

/// ρ = K_Cδ + u(1 − K_Iδ − K_Cδ): u ∈ [0, 1] selects a value of the interval [K_Cδ, 1 − K_Iδ] that ρ_C takes
/// on Δ_δ (App. E §Setup, the range of (BD_exact)).
template <class T> T interval_rho(int KC, int KI, const T& delta, const T& u) {
  return T(KC) * delta + u * (T(1) - T(KI) * delta - T(KC) * delta);
}

/// The feasibility band of z on Δ_δ (App. E §Feasibility band, Theorem thm:fixation): [Ψ(K_Cδ), Ψ(1 − K_Iδ)],
/// Ψ(ρ) = log((K_I/K_C)ρ/(1−ρ)), each end evaluated with its exact complement.
template <class T> std::pair<T, T> band_limits(int KC, int KI, const T& delta) {
  return {grpo::Psi(KC, KI, T(T(KC) * delta), T(T(1) - T(KC) * delta)),
          grpo::Psi(KC, KI, T(T(1) - T(KI) * delta), T(T(KI) * delta))};
}

} // namespace dcrv::grpo_domain
