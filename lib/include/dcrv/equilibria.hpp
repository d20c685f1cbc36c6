// dcrv/equilibria.hpp — maximisers of the barrier objectives of the paper, in the scalar of the evaluation.
//
// For A > 0 the objective b·p − γ pᵀKp + A H[p] (K PSD, γ ≥ 0) is strictly concave on Δ with an interior
// maximiser; J̃ of App. A/C is of this form with b = U + β_KL log p_base, γ = λβ and A = ε + λα + β_KL (up to
// a constant). The maximiser is computed in log-coordinates y = log p, so coordinates far below the double
// range stay representable, and in the working precision of T, so that MPFR replays are exact.
#pragma once
#include "dcrv/real.hpp"
#include "dcrv/srct.hpp"

namespace dcrv {

/// log p* of the maximiser of b·p − γ pᵀKp + A H(p) on Δ (A > 0): damped Newton in y = log p on the
/// stationarity conditions b − 2γKp − A(1 + log p) = ν1, Σp = 1, from y0 (any log-weights; normalised first).
/// The step d = p ⊙ e solves A e + 2γK(p ⊙ e) + ν1 = residual, ⟨p, e⟩ = 0 (LU with partial pivoting); steps
/// are halved until the objective does not decrease. Converged when the Newton step is below ε^{3/4}, after
/// one more (quadratically convergent) step that brings the error to the rounding level.
template <class T>
Vec<T> barrier_maximizer_log(const Vec<T>& b, const Mat<T>& K, const T& gamma, const T& A, const Vec<T>& y0);
/// Same, from the uniform point.
template <class T> Vec<T> barrier_maximizer_log(const Vec<T>& b, const Mat<T>& K, const T& gamma, const T& A);

/// The maximiser p* of J̃ (A > 0) with its log and the stationarity residual max_i |F̃_i − ⟨p*, F̃⟩|,
/// F̃ = φ_A(p*) − A log p* (the certificate that the solver converged).
template <class T> struct JtildeMaximizer {
  Vec<T> p, log_p;
  T residual{0};
};
/// The maximiser of J̃ by barrier_maximizer_log from the log-weights y0.
template <class T> JtildeMaximizer<T> jtilde_maximizer(const SrctParams<T>& m, const Vec<T>& y0);
/// Same, from the uniform point.
template <class T> JtildeMaximizer<T> jtilde_maximizer(const SrctParams<T>& m);

/// The two-level target of App. I (§Idealized kernel): p_i = δ on the incorrect traces I (indices ≥ M) and
/// p_c = (1 − (S − M)δ)/M on the correct ones C (the first M indices).
template <class T> Vec<T> two_level_target(int S, int M, const T& delta);

} // namespace dcrv
