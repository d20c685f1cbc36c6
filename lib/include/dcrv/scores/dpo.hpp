// dcrv/scores/dpo.hpp — the DPO score field through the SRCT lens (App. F, appendix_F_aistats.tex).
//
// Notation of App. F: K classes i with labels s_i ∈ {+1 (correct, 𝒞), −1 (incorrect, ℐ)}, M = |𝒞|, N = |ℐ|;
//   g_β(ℓ) = 1 − σ(β(ℓ − ℓ₀)) = σ(−β(ℓ − ℓ₀)),   g_β′(ℓ) = −(β/4) sech²(β(ℓ − ℓ₀)/2),
//   γ_i(u) = s_i g_β(log u),   φ_i(p) = γ_i(p_i) − Σ_j p_j γ_j(p_j)          (the centred single-site field),
//   E(p) = p ⊙ (log p − ⟨log p⟩),   ṗ = p ⊙ φ(p) − ε E(p)                      (the DPO–SRCT drift),
//   G_i(s) = s_i g_β(log s) − ε log s                                            (replicator form, eq. lyap),
//   two-level points L_ℐ(z) = 1/(N + M eᶻ), L_𝒞(z) = eᶻ/(N + M eᶻ), h(z) = g(log L_𝒞) + g(log L_ℐ), F_×(z) =
//   h − εz.
//
// Header-only and generic in the scalar (double for search, mpfr for confirmation). Every function that takes
// p also takes log p where the flow engine has it exactly (log-coordinates), so no logarithm of a tiny mass
// is ever recomputed. Labels are a std::vector<int> of ±1 (the correct/incorrect partition as an input).
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "dcrv/real.hpp"
#include "dcrv/simplex.hpp"

namespace dcrv {
namespace dpo_detail {
using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log,
    boost::multiprecision::log1p, boost::multiprecision::sqrt;
using std::abs, std::exp, std::log, std::log1p, std::sqrt;
} // namespace dpo_detail

/// The logistic function σ(x) = 1/(1 + e^{−x}), evaluated without overflow for either sign of x.
template <class T> T logistic(const T& x) {
  using namespace dpo_detail;
  if (x >= 0)
    return T(1) / (T(1) + exp(T(-x)));
  const T e = exp(x);
  return e / (T(1) + e);
}

/// σ(x)σ(−x) = ¼ sech²(x/2), without cancellation for large |x|.
template <class T> T logistic_slope(const T& x) {
  using namespace dpo_detail;
  const T e = exp(T(-abs(x)));
  return e / ((T(1) + e) * (T(1) + e));
}

/// The DPO single-site model of App. F: inverse temperature β > 0, reference ℓ₀, entropy weight ε ≥ 0 and
/// the labels s_i = ±1.
template <class T> struct DpoModel {
  T beta{1}, ell0{0}, eps{0};
  std::vector<int> labels; // s_i ∈ {+1, −1}

  int size() const { return static_cast<int>(labels.size()); }
  int correct_count() const { return static_cast<int>(std::count(labels.begin(), labels.end(), 1)); }
  int incorrect_count() const { return size() - correct_count(); }

  /// g_β(ℓ) = 1 − σ(β(ℓ − ℓ₀)) ∈ (0, 1) (App. F, "Setting and single-site map").
  T g(const T& ell) const { return logistic(T(-beta * (ell - ell0))); }
  /// 1 − g_β(ℓ) = σ(β(ℓ − ℓ₀)), for differences of g values near 1 without cancellation.
  T one_minus_g(const T& ell) const { return logistic(T(beta * (ell - ell0))); }
  /// g_β′(ℓ) = −β σ(x)σ(−x) = −(β/4) sech²(β(ℓ − ℓ₀)/2), x = β(ℓ − ℓ₀) (App. F display for g_β′).
  T g_prime(const T& ell) const { return -beta * logistic_slope(T(beta * (ell - ell0))); }

  /// sup_{ℓ∈[a,b]} (−g_β′(ℓ)): −g′ is unimodal with its peak β/4 at ℓ₀, so the sup is at the point of [a,b]
  /// closest to ℓ₀ (b = +∞ / a = −∞ allowed through the flags).
  T slope_sup(const T& a, const T& b) const {
    const T at = ell0 < a ? a : (ell0 > b ? b : ell0);
    return -g_prime(at);
  }
  /// inf_{ℓ∈[a,b]} (−g_β′(ℓ)): at the endpoint farther from ℓ₀.
  T slope_inf(const T& a, const T& b) const {
    const T ga = -g_prime(a), gb = -g_prime(b);
    return ga < gb ? ga : gb;
  }
  /// c_open = sup_{ℓ≤0}(−g_β′(ℓ)) (App. F, Definition "Sharp thresholds"), evaluated as −g′(min(ℓ₀, 0)).
  T c_open() const { return -g_prime(ell0 < 0 ? ell0 : T(0)); }
  /// c_max = sup_{ℓ∈[log δ, log(1−(K−1)δ)]}(−g_β′(ℓ)) (Definition "Sharp thresholds", trimmed simplex).
  T c_max_trimmed(const T& delta) const {
    using namespace dpo_detail;
    return slope_sup(T(log(delta)), T(log1p(T(-T(size() - 1) * delta))));
  }
  /// c_max = sup_{ℓ∈[log δ, 0]}(−g_β′(ℓ)) (the version defined inside Lemma lem:Lf).
  T c_max_lemma(const T& delta) const {
    using namespace dpo_detail;
    return slope_sup(T(log(delta)), T(0));
  }

  /// Raw scores a_i = γ_i(p_i) = s_i g_β(log p_i), from log p.
  Vec<T> raw_scores(const Vec<T>& log_p) const {
    Vec<T> a(log_p.size());
    for (Eigen::Index i = 0; i < log_p.size(); ++i)
      a(i) = T(labels[i]) * g(log_p(i));
    return a;
  }
  /// f′_i(p_i) = s_i g_β′(log p_i)/p_i, the derivative of the single-site map f_i(s) = s_i g_β(log s)
  /// (lem:Lf).
  Vec<T> raw_score_derivatives(const Vec<T>& p, const Vec<T>& log_p) const {
    Vec<T> d(p.size());
    for (Eigen::Index i = 0; i < p.size(); ++i)
      d(i) = T(labels[i]) * g_prime(log_p(i)) / p(i);
    return d;
  }
  /// γ̄(p) = Σ_j p_j γ_j(p_j).
  T mean_score(const Vec<T>& p, const Vec<T>& log_p) const { return p.dot(raw_scores(log_p)); }
  /// The centred field φ(p) = γ(p) − γ̄(p)1 (App. F definition of φ).
  Vec<T> field(const Vec<T>& p, const Vec<T>& log_p) const {
    const Vec<T> a = raw_scores(log_p);
    return (a.array() - p.dot(a)).matrix();
  }
  Vec<T> field(const Vec<T>& p) const { return field(p, log_of(p)); }
  /// J_φ(p) = diag(f′(p)) − 1 (f(p) + p ⊙ f′(p))ᵀ (proof of lem:Lphi), on the positive orthant.
  Mat<T> field_jacobian(const Vec<T>& p, const Vec<T>& log_p) const {
    const Vec<T> f = raw_scores(log_p), fp = raw_score_derivatives(p, log_p);
    const Vec<T> w = f + p.cwiseProduct(fp);
    Mat<T> j = -Vec<T>::Ones(p.size()) * w.transpose();
    j.diagonal() += fp;
    return j;
  }
  /// Per-capita rate of the DPO–SRCT ODE: r_i = φ_i(p) − ε(log p_i − ⟨log p⟩) (boxed ODE of App. F).
  Vec<T> rate(const Vec<T>& p, const Vec<T>& log_p) const {
    const T mean_log = p.dot(log_p);
    return field(p, log_p) - eps * (log_p.array() - mean_log).matrix();
  }
  /// The drift F(p) = p ⊙ φ(p) − ε E(p).
  Vec<T> drift(const Vec<T>& p, const Vec<T>& log_p) const { return p.cwiseProduct(rate(p, log_p)); }

  /// G_i(s) = s_i g_β(log s) − ε log s, from log s (the replicator form of the ODE).
  T replicator_potential(int i, const T& log_s) const { return T(labels[i]) * g(log_s) - eps * log_s; }
  /// G_i′(s) = (s_i g_β′(log s) − ε)/s.
  T replicator_potential_derivative(int i, const T& s, const T& log_s) const {
    return (T(labels[i]) * g_prime(log_s) - eps) / s;
  }

  /// M_{γ,∞} = sup_{u∈[δ,1]} g_β(log u) = g_β(log δ).
  T m_gamma(const T& delta) const {
    using namespace dpo_detail;
    return g(T(log(delta)));
  }
  /// L_f = β/(4δ) (lem:Lf).
  T lipschitz_single_site(const T& delta) const { return beta / (T(4) * delta); }
  /// L_φ = K M_{γ,∞} + (√K + 1) L_f (lem:Lphi).
  T lipschitz_field(const T& delta) const {
    using namespace dpo_detail;
    const T K = T(size());
    return K * m_gamma(delta) + (sqrt(K) + T(1)) * lipschitz_single_site(delta);
  }

  // ---- two-level equilibria (App. F §"Two-level equilibrium"): M, N ≥ 1 given explicitly ----------------
  /// log L_ℐ(z) = −log(N + M eᶻ) and log L_𝒞(z) = z + log L_ℐ(z), stably for large z.
  static std::pair<T, T> two_level_logs(const T& z, const T& M, const T& N) {
    using namespace dpo_detail;
    // log(N + M eᶻ) = z + log M + log1p(N e^{−z}/M) for z ≥ 0; = log N + log1p(M eᶻ/N) otherwise.
    const T lse =
        z >= 0 ? T(z + log(M) + log1p(T(N * exp(T(-z)) / M))) : T(log(N) + log1p(T(M * exp(z) / N)));
    return {T(z - lse), T(-lse)};
  }
  /// h(z) = g(log L_𝒞(z)) + g(log L_ℐ(z)).
  T two_level_h(const T& z, const T& M, const T& N) const {
    const auto [lc, li] = two_level_logs(z, M, N);
    return g(lc) + g(li);
  }
  /// h′(z) = g′(log L_𝒞) N L_ℐ − g′(log L_ℐ) M L_𝒞 (App. F display for h′).
  T two_level_h_prime(const T& z, const T& M, const T& N) const {
    using namespace dpo_detail;
    const auto [lc, li] = two_level_logs(z, M, N);
    return g_prime(lc) * N * exp(li) - g_prime(li) * M * exp(lc);
  }
  /// F_×(z) = h(z) − εz (the scalar reduction of the two-level equilibrium condition).
  T two_level_F(const T& z, const T& M, const T& N) const { return two_level_h(z, M, N) - eps * z; }
  /// A root z⋆ > 0 of F_× (the unique one under SC). F(0) = h(0) > 0; starting from the guess h(0)/ε, the
  /// lower end is halved until F > 0 and the upper end doubled until F < 0 (F < 0 beyond 2/ε since h < 2), so
  /// the root is bracketed within a small factor even when it is tiny (h(0) can be 10⁻¹⁰⁰⁰ for β|ℓ₀| large);
  /// the bracket is verified by the signs of F, then bisected to the working precision. Requires ε > 0; NaN
  /// without a bracket.
  T two_level_root(const T& M, const T& N) const {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const T f0 = two_level_F(T(0), M, N);
    if (!(eps > 0) || !(f0 > 0))
      return nan;
    const T guess = f0 / eps;
    T lo = guess, hi = guess;
    for (int it = 0; it < 4000 && !(two_level_F(lo, M, N) > 0); ++it)
      if (!((lo /= 2) > 0))
        return nan;
    for (int it = 0; it < 4000 && !(two_level_F(hi, M, N) < 0); ++it)
      hi *= 2;
    if (!(two_level_F(lo, M, N) > 0) || !(two_level_F(hi, M, N) < 0))
      return nan;
    const int bits = static_cast<int>(3.33 * scalar_digits<T>()) + 16;
    for (int it = 0; it < bits + 64; ++it) {
      const T mid = (lo + hi) / 2;
      if (!(mid > lo && mid < hi))
        break;
      if (two_level_F(mid, M, N) > 0)
        lo = mid;
      else
        hi = mid;
    }
    return (lo + hi) / 2;
  }
};

/// The two-level point p_i = L_𝒞(z) (i ∈ 𝒞), L_ℐ(z) (i ∈ ℐ), with its logarithms.
template <class T> std::pair<Vec<T>, Vec<T>> two_level_point(const std::vector<int>& labels, const T& z) {
  using namespace dpo_detail;
  const int M = static_cast<int>(std::count(labels.begin(), labels.end(), 1));
  const int N = static_cast<int>(labels.size()) - M;
  const auto [lc, li] = DpoModel<T>::two_level_logs(z, T(M), T(N));
  Vec<T> lp(labels.size()), p(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    lp(i) = labels[i] > 0 ? lc : li;
    p(i) = exp(lp(i));
  }
  return {p, lp};
}

/// Λ = 1 + log(1/δ) (App. F §"Uniform size and Lipschitz bounds").
template <class T> T entropy_lambda(const T& delta) {
  using namespace dpo_detail;
  return T(1) - log(delta);
}
/// C_log = (2Λ − 1) + √K Λ (lem:EntropyLip).
template <class T> T entropy_lipschitz(int K, const T& delta) {
  using namespace dpo_detail;
  const T lam = entropy_lambda(delta);
  return (T(2) * lam - T(1)) + sqrt(T(K)) * lam;
}
/// J_E(p) = diag(1 + log p − ⟨log p⟩) − p (1 + log p)ᵀ (proof of lem:EntropyLip), on the positive orthant.
template <class T> Mat<T> entropy_map_jacobian(const Vec<T>& p, const Vec<T>& log_p) {
  const T mean_log = p.dot(log_p);
  const Vec<T> one_plus_log = (log_p.array() + T(1)).matrix();
  Mat<T> j = -p * one_plus_log.transpose();
  j.diagonal() += (one_plus_log.array() - mean_log).matrix();
  return j;
}
/// The static cap log((1 − (K−1)δ)/δ) of eq. (static-cap), as log1p((1 − Kδ)/δ).
template <class T> T static_cap(int K, const T& delta) {
  using namespace dpo_detail;
  return log1p(T((T(1) - T(K) * delta) / delta));
}
/// δ̲ = r/(u(N + M r)) (prop:evtrim, boxed).
template <class T> T eventual_floor(const T& r, const T& u, const T& M, const T& N) {
  return r / (u * (N + M * r));
}

} // namespace dcrv
