// properties/certificates/grpo_exact.hpp — the GRPO pieces shared by the certificates of App. E
// (E_characteristic_, E_threshold_ and E_grpo_certificates.cpp) and their tests (tests/test_certify_E.cpp):
//  * exact (rational) building blocks of the identity certificates: the Bernstein forms of h_G/√(G−1) and
//    c₁/√(G−1) and their derivatives (rational weights where they are rational, end terms only at ρ ∈ {0,
//    1}), the centred score γ̂ (by its definition and in closed form, with h_G(ρ) = H free), the SRCT rate and
//    drift with log p = L free, and the variables (x, H, ε, L) of a drift identity;
//  * interval building blocks of the bounds: the enclosures of the Bernstein weights of h_G/√(G−1) and of its
//    derivative, the Bernstein sum by running products, and the free-mass piece of Δ_δ.
// See the header comment of E_characteristic_certificates.cpp for why each substitution is exact.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify::grpo_exact {

using softmax_exact::dot;
using softmax_exact::plane_chart;
using softmax_exact::XVec;

// ---------------------------------------------------------------------------------------------------------
// Exact h_G and c₁ (Bernstein forms over the rationals)
// ---------------------------------------------------------------------------------------------------------

/// x^n; generic in the scalar (Rational, or Exact where x is a variable of a typed identity), as the exact
/// h_G and c₁ below. A constant x ∈ {0, 1} is returned without products.
template <class T> T rational_power(const T& x, int n) {
  if constexpr (std::is_same_v<T, Rational>)
    if (x == 0 || x == 1) // the end points ρ ∈ {0, 1}: no products at all
      return n == 0 ? Rational(1) : x;
  T r(1);
  for (int i = 0; i < n; ++i)
    r *= x;
  return r;
}

/// √q for a rational square q ≥ 0; std::domain_error otherwise (the residual then fails: never a proof).
inline Rational exact_sqrt(const Rational& q) {
  using boost::multiprecision::mpz_int;
  if (q < 0)
    throw std::domain_error("exact_sqrt of a negative rational");
  const mpz_int num = boost::multiprecision::numerator(q), den = boost::multiprecision::denominator(q);
  const mpz_int a = boost::multiprecision::sqrt(num), b = boost::multiprecision::sqrt(den);
  if (a * a != num || b * b != den)
    throw std::domain_error("exact_sqrt: " + q.str() + " is not the square of a rational");
  return Rational(a) / Rational(b);
}

inline Rational binomial_exact(int n, int s) {
  const int t = std::min(s, n - s); // C(n, s) = C(n, n − s), from the smaller side
  Rational c(1);
  for (int j = 0; j < t; ++j)
    c = c * Rational(n - j) / Rational(j + 1);
  return c;
}

/// Weight s of H_G = h_G/√(G−1): √(m/((1+s)(m−s))) (rational or std::domain_error).
inline Rational h_weight_exact(int G, int s) {
  const int m = G - 1;
  return exact_sqrt(Rational(m) / Rational((1 + s) * (m - s)));
}
/// Weight j of c₁/√(G−1) = Σ_j C(m,j)ρ^jσ^{m−j} f_G(1+j)/√m: √((m−j)/((1+j)m)).
inline Rational c1_weight_exact(int G, int j) {
  const int m = G - 1;
  return exact_sqrt(Rational(m - j) / Rational((1 + j) * m));
}

/// The indices s = lo..hi of a Bernstein sum of degree n at ρ whose basis factors (or their derivatives)
/// can be non-zero: at ρ = 0 only s ≤ 1, at ρ = 1 only s ≥ n − 1 (every other factor carries an exact 0).
inline std::pair<int, int> bernstein_support(int n, const Rational& rho) {
  if (rho == 0)
    return {0, std::min(1, n)};
  if (rho == 1)
    return {std::max(0, n - 1), n};
  return {0, n};
}

/// Σ_s C(n,s)ρ^sσ^{n−s} w(s), σ = 1 − ρ. At a constant ρ (Rational) a term whose Bernstein factor is
/// exactly 0 is skipped (its weight is never formed: 0 · w = 0 for every real w); at a variable ρ (Exact, a
/// typed identity) every term is formed, with no branch on ρ (every weight must then be rational).
template <class T, class W> T bernstein_exact(int n, const T& rho, W weight) {
  const T sigma = 1 - rho;
  T sum(0);
  if constexpr (std::is_same_v<T, Rational>) {
    const auto [lo, hi] = bernstein_support(n, rho);
    for (int s = lo; s <= hi; ++s) {
      const Rational f = rational_power(rho, s) * rational_power(sigma, n - s);
      if (f != 0)
        sum += binomial_exact(n, s) * f * weight(s);
    }
  } else {
    for (int s = 0; s <= n; ++s)
      sum += binomial_exact(n, s) * rational_power(rho, s) * rational_power(sigma, n - s) * weight(s);
  }
  return sum;
}
/// d/dρ Σ_s C(n,s)ρ^sσ^{n−s} w(s) = Σ_s C(n,s)(sρ^{s−1}σ^{n−s} − (n−s)ρ^sσ^{n−s−1}) w(s), zero factors
/// skipped as above at a constant ρ only.
template <class T, class W> T bernstein_derivative_exact(int n, const T& rho, W weight) {
  const T sigma = 1 - rho;
  T sum(0);
  auto factor = [&](int s) {
    T f(0);
    if (s > 0) // branches on the index s only
      f += T(s) * rational_power(rho, s - 1) * rational_power(sigma, n - s);
    if (n - s > 0)
      f -= T(n - s) * rational_power(rho, s) * rational_power(sigma, n - s - 1);
    return f;
  };
  if constexpr (std::is_same_v<T, Rational>) {
    const auto [lo, hi] = bernstein_support(n, rho);
    for (int s = lo; s <= hi; ++s) {
      const Rational f = factor(s);
      if (f != 0)
        sum += binomial_exact(n, s) * f * weight(s);
    }
  } else {
    for (int s = 0; s <= n; ++s)
      sum += binomial_exact(n, s) * factor(s) * weight(s);
  }
  return sum;
}

template <class T> T h_scaled_exact(int G, const T& rho) {
  return bernstein_exact(G - 2, rho, [G](int s) { return h_weight_exact(G, s); });
}
template <class T> T dh_scaled_exact(int G, const T& rho) {
  return bernstein_derivative_exact(G - 2, rho, [G](int s) { return h_weight_exact(G, s); });
}
template <class T> T c1_scaled_exact(int G, const T& rho) {
  return bernstein_exact(G - 1, rho, [G](int j) { return c1_weight_exact(G, j); });
}
template <class T> T dc1_scaled_exact(int G, const T& rho) {
  return bernstein_derivative_exact(G - 1, rho, [G](int j) { return c1_weight_exact(G, j); });
}

// ---------------------------------------------------------------------------------------------------------
// Exact centred score, rate and drift (h_G(ρ) = H and log p = L free)
// ---------------------------------------------------------------------------------------------------------

/// ρ = Σ_C p, the mass of the correct class (the first K_C indices); generic in the scalar (Rational, Exact),
/// as the helpers below.
template <class T> T correct_mass(int KC, const std::vector<T>& p) {
  T rho(0);
  for (int k = 0; k < KC; ++k)
    rho += p[static_cast<std::size_t>(k)];
  return rho;
}

/// γ̂ by its definition γ^raw − ⟨p, γ^raw⟩1, γ^raw = H 1_C (the first K_C indices correct), for any H.
template <class T>
std::vector<T> centered_score_by_definition_exact(int KC, const std::vector<T>& p, const T& H) {
  const std::size_t K = p.size();
  std::vector<T> raw(K);
  T mean(0);
  for (std::size_t k = 0; k < K; ++k) {
    raw[k] = static_cast<int>(k) < KC ? H : T(0); // a branch on the index k, not on a variable
    mean += p[k] * raw[k];
  }
  for (std::size_t k = 0; k < K; ++k)
    raw[k] -= mean;
  return raw;
}

/// The closed form of dcrv::grpo::centered_score with h_G(ρ) = H: (Σ_I p)H on C, −(Σ_C p)H on I.
template <class T> std::vector<T> centered_score_closed_exact(int KC, const std::vector<T>& p, const T& H) {
  T rho(0), sigma(0);
  for (std::size_t k = 0; k < p.size(); ++k)
    (static_cast<int>(k) < KC ? rho : sigma) += p[k];
  std::vector<T> g(p.size());
  for (std::size_t k = 0; k < p.size(); ++k)
    g[k] = static_cast<int>(k) < KC ? T(sigma * H) : T(-rho * H);
  return g;
}

/// The SRCT rate r_k = γ̂_k − ε(L_k − Σ_j p_j L_j) (dcrv::grpo::rate with log p = L, h_G(ρ) = H).
template <class T>
std::vector<T> rate_exact(int KC, const std::vector<T>& p, const T& H, const T& eps,
                          const std::vector<T>& L) {
  const T mean_log = dot(p, L);
  std::vector<T> r = centered_score_closed_exact(KC, p, H);
  for (std::size_t k = 0; k < p.size(); ++k)
    r[k] -= eps * (L[k] - mean_log);
  return r;
}
/// The drift F = p ⊙ r (dcrv::grpo::drift).
template <class T>
std::vector<T> drift_exact(int KC, const std::vector<T>& p, const T& H, const T& eps,
                           const std::vector<T>& L) {
  std::vector<T> F = rate_exact(KC, p, H, eps, L);
  for (std::size_t k = 0; k < p.size(); ++k)
    F[k] *= p[k];
  return F;
}

/// The variables (x₁, …, x_{K−1}, H) of a centred-score identity: p = (x, 1 − Σx), H = h_G(ρ) (Exact: a
/// typed identity's variables).
struct ScorePoint {
  std::vector<Exact> p;
  Exact H;
  static std::size_t variables(int K) { return static_cast<std::size_t>(K); }
  ScorePoint(const std::vector<Exact>& v, int K)
      : p(plane_chart(v, static_cast<std::size_t>(K))), H(v[static_cast<std::size_t>(K - 1)]) {}
};
/// The variables (x₁, …, x_{K−1}, H, ε, L₁, …, L_K) of a drift identity: ScorePoint's, ε, and log p = L.
struct DriftPoint : ScorePoint {
  std::vector<Exact> L;
  Exact eps;
  static std::size_t variables(int K) { return static_cast<std::size_t>(2 * K + 1); }
  DriftPoint(const std::vector<Exact>& v, int K) : ScorePoint(v, K) {
    const auto k = static_cast<std::size_t>(K);
    eps = v[k];
    L.assign(v.begin() + static_cast<long>(k + 1), v.begin() + static_cast<long>(2 * k + 1));
  }
};

/// "K = …, K_C = …", the label of a piece of one class split.
inline std::string class_split_label(int K, int KC) {
  return "K = " + std::to_string(K) + ", K_C = " + std::to_string(KC);
}

/// The identity piece of one class split (K, K_C) over the variables of `Point` (ScorePoint or
/// DriftPoint), with the typed residual r(K_C, point) (an Exact, or a std::vector<Exact> of components).
template <class Point, class R> IdentityPiece class_split_identity(int K, int KC, int degree, R r) {
  return exact_identity(
      class_split_label(K, KC), Point::variables(K), degree,
      [K, KC, r](const std::vector<Exact>& v, const RationalConstants&) { return r(KC, Point(v, K)); });
}

/// The class splits K_C of K classes an identity runs over: every 0 ≤ K_C ≤ K, the mixed ones 1 ≤ K_C ≤ K −
/// 1, or the degenerate K_C ∈ {0, K}.
enum class Splits { every, mixed, degenerate };
inline std::vector<int> class_splits(int K, Splits which) {
  if (which == Splits::degenerate)
    return {0, K};
  std::vector<int> r;
  for (int KC = which == Splits::mixed ? 1 : 0; KC <= (which == Splits::mixed ? K - 1 : K); ++KC)
    r.push_back(KC);
  return r;
}
/// class_split_identity<Point>(K, K_C, degree, r) for K = 2..Kmax and the splits `which`, in that order.
template <class Point, class R>
void add_class_split_identities(Certificate& c, int Kmax, Splits which, int degree, R r) {
  for (DimLoop<int> K(c, "K", 2); K <= Kmax; ++K) // each identity tagged with its K (scope data)
    for (int KC : class_splits(K, which))
      c.identities.push_back(class_split_identity<Point>(K, KC, degree, r));
}

/// The domain text of a certificate that covers `var` = 2, …, `max` of a claim over every `var` ≥ 2.
inline std::string covered_up_to(const std::string& var, int max, const std::string& rest) {
  return var + " = 2, ..., " + std::to_string(max) + rest + "; " + var + " > " + std::to_string(max) +
         " not covered";
}
/// The domain text of a certificate that covers G = 2, …, `max` of a claim over G = 2, …, 256.
inline std::string groups_up_to(int max, const std::string& rest) {
  return "G = 2, ..., " + std::to_string(max) + rest + "; G = " + std::to_string(max + 1) +
         ", ..., 256 not covered";
}

// ---------------------------------------------------------------------------------------------------------
// Interval h_G (Bernstein form with enclosed weights)
// ---------------------------------------------------------------------------------------------------------

/// C(n, s), s = 0..n, as enclosures; C(n, s) = C(n, n − s) is built by the recursion from s = 0 on the
/// smaller side, so C(n, 0) = C(n, n) = 1 exactly.
inline std::vector<Interval> binomial_enclosures(int n) {
  std::vector<Interval> half(static_cast<std::size_t>(n / 2 + 1));
  half[0] = Interval(1);
  for (int s = 0; s < n / 2; ++s)
    half[static_cast<std::size_t>(s + 1)] =
        half[static_cast<std::size_t>(s)] * Interval(n - s) / Interval(s + 1);
  std::vector<Interval> all(static_cast<std::size_t>(n + 1));
  for (int s = 0; s <= n; ++s)
    all[static_cast<std::size_t>(s)] = half[static_cast<std::size_t>(std::min(s, n - s))];
  return all;
}

/// The weights C(n, s)√(m/((1+s)(m−s))) of H_G = h_G/√(G−1) as enclosures (m = G − 1, n = G − 2; the end
/// weights are exactly 1).
inline std::vector<Interval> h_scaled_weights(int G) {
  const int m = G - 1, n = G - 2;
  const std::vector<Interval> binom = binomial_enclosures(n);
  std::vector<Interval> w(static_cast<std::size_t>(n + 1));
  for (int s = 0; s <= n; ++s)
    w[static_cast<std::size_t>(s)] =
        binom[static_cast<std::size_t>(s)] * sqrt(Interval(m) / Interval((1 + s) * (m - s)));
  return w;
}

/// The weights of H_G' = n Σ_{s<n} C(n−1, s)(β_{s+1} − β_s) ρ^s σ^{n−1−s} (β_s = √(m/((1+s)(m−s))), the
/// derivative of the Bernstein form), with β_s = β_{n−s} taken from one enclosure, so that the end weights
/// are exact negatives of each other (dw_{n−1} = −dw_0: h_G'(1) = −h_G'(0)).
inline std::vector<Interval> dh_scaled_weights(int G) {
  const int m = G - 1, n = G - 2;
  if (n == 0)
    return {};
  std::vector<Interval> beta(static_cast<std::size_t>(n + 1));
  for (int s = 0; s <= n; ++s) { // β_s = β_{n−s}: the same enclosure from the smaller index
    const int t = std::min(s, n - s);
    beta[static_cast<std::size_t>(s)] = sqrt(Interval(m) / Interval((1 + t) * (m - t)));
  }
  const std::vector<Interval> binom = binomial_enclosures(n - 1);
  std::vector<Interval> dw(static_cast<std::size_t>(n));
  for (int s = 0; s < n; ++s)
    dw[static_cast<std::size_t>(s)] =
        Interval(n) * binom[static_cast<std::size_t>(s)] *
        (beta[static_cast<std::size_t>(s + 1)] - beta[static_cast<std::size_t>(s)]);
  return dw;
}

/// Σ_s w_s ρ^s σ^{n−s} with σ = 1 − ρ, powers by running products (exact at ρ ∈ {0, 1}).
template <class X> X bernstein(const std::vector<Interval>& w, const X& rho) {
  const int n = static_cast<int>(w.size()) - 1;
  const X sigma = 1 - rho;
  std::vector<X> sigma_pow(static_cast<std::size_t>(n + 1), X(1));
  for (int s = n - 1; s >= 0; --s)
    sigma_pow[static_cast<std::size_t>(s)] = sigma_pow[static_cast<std::size_t>(s + 1)] * sigma;
  X sum(0), rho_pow(1);
  for (int s = 0; s <= n; ++s) {
    sum += X(w[static_cast<std::size_t>(s)]) * rho_pow * sigma_pow[static_cast<std::size_t>(s)];
    rho_pow = rho_pow * rho;
  }
  return sum;
}

/// Score K_Cδ − ρ_C(p) = −(1 − Kδ) Σ_C q (p = δ + (1 − Kδ)q: ρ_C = K_Cδ + (1 − Kδ)Σ_C q): raw (u, t) =
/// (Kδ, Σ_C q) ∈ [0, 1]²; the same form reads K_Iδ − (1 − ρ) with t = Σ_I q, and p_k − (1 − (K−1)δ) with t
/// = 1 − q_k.
inline Piece free_mass_piece(const std::string& label) {
  Piece piece;
  piece.label = label;
  piece.score = make_score<2>([](const auto& x, const Constants&) { return -((1 - x[0]) * x[1]); });
  piece.roots = {unit_box(2)};
  return with_param(with_param(piece, "u", 0), "t", 1); // u = K delta, t = a sum of free masses q
}

/// The rearrangement behind free_mass_piece for the class band K_C δ ≤ ρ ≤ 1 − K_I δ on Δ_δ, exact, at K and
/// K_C (variables δ, q₁..q_{K−1}, q_K = 1 − Σ; degree <= 2 in each): with p = δ1 + (1 − Kδ)q, ρ = Σ_𝒞 p and t
/// = Σ_𝒞 q: K_C δ − ρ = −(1 − u)t and ρ − (1 − K_I δ) = −(1 − u)(1 − t) at u = Kδ, the two scores of the
/// pieces (K_I δ − (1 − ρ) is the second).
inline IdentityPiece class_band_identity(int K, int KC) {
  IdentityPiece piece = exact_identity(
      "K = " + std::to_string(K) + ", K_C = " + std::to_string(KC) + ": the class band as the scores",
      static_cast<std::size_t>(K), 2,
      [K, KC](const std::vector<Exact>& x, const RationalConstants&) -> std::vector<Exact> {
        const Exact& delta = x[0];
        const Exact u = K * delta;
        Exact rest = 1, rho = 0, t = 0;
        for (int i = 0; i < K; ++i) {
          const Exact q = i + 1 < K ? x[static_cast<std::size_t>(i + 1)] : rest;
          rest -= q;
          if (i < KC) {
            rho += delta + (1 - u) * q;
            t += q;
          }
        }
        const Exact lower = (KC * delta - rho) - (-(1 - u) * t);
        const Exact upper = (rho - (1 - (K - KC) * delta)) - (-(1 - u) * (1 - t));
        return {lower, upper};
      });
  piece.dims = {{"K", K}};
  return piece;
}

/// class_band_identity for every K = 2..4 and K_C = 0..K (the rearrangement checked at those sizes; the
/// scores' reduction to (u, t) ∈ [0, 1]² is the same for every K).
inline void add_class_band_identities(Certificate& c) {
  for (int K = 2; K <= 4; ++K)
    for (int KC = 0; KC <= K; ++KC)
      c.identities.push_back(class_band_identity(K, KC));
}

} // namespace dcrv::certify::grpo_exact
