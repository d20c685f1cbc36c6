// properties/domains/softmax_constants.hpp — the exact irrational constants of the soft-max map in App. B
// (appendix_B_aistats.tex §B.4–§B.6), as constant generators for `.constant(name, role, meaning, gen)`:
// each is a generic lambda of `one` (double or mpfr), so the constant is exact at every working precision.
// Shared by B_hessian_suprema.cpp, B_clip_lift.cpp and B_softmax_jacobian.cpp.
#pragma once

#include <cmath>

#include "dcrv/real.hpp"

namespace dcrv::softmax_constants {

/// sup_{θ,k,ℓ}‖H_kℓ(θ)‖₂ = 1/√54 (thm:B-Hessian-suprema).
inline constexpr auto kInvRoot54 = [](auto one) {
  using boost::multiprecision::sqrt;
  using std::sqrt;
  return one / sqrt(54 * one);
};
/// 1/(3√3): sup_{θ,k,ℓ}‖H_kℓ(θ)‖₁ (thm:B-Hessian-suprema), hence the coefficient b of √S/δ⋆ in L_DP
/// (eqs. LDP-hard, LDP-smooth).
inline constexpr auto kInvThreeRootThree = [](auto one) {
  using boost::multiprecision::sqrt;
  using std::sqrt;
  return one / (3 * sqrt(3 * one));
};
/// 1/(12√3): the coefficient c₁₂ of √S/δ⋆² in lem:B-lip-B and thm:B-composite.
inline constexpr auto kInvTwelveRootThree = [](auto one) {
  using boost::multiprecision::sqrt;
  using std::sqrt;
  return one / (12 * sqrt(3 * one));
};
/// a_+ = 1/2 + 1/(2√3), the extremal mass of the Hessian suprema (a_− = 1 − a_+).
inline constexpr auto kAPlus = [](auto one) {
  using boost::multiprecision::sqrt;
  using std::sqrt;
  return one / 2 + one / (2 * sqrt(3 * one));
};
/// δ_crit = a_− = 1/2 − 1/(2√3) (eq. B-delta-crit).
inline constexpr auto kAMinus = [](auto one) {
  using boost::multiprecision::sqrt;
  using std::sqrt;
  return one / 2 - one / (2 * sqrt(3 * one));
};

} // namespace dcrv::softmax_constants
