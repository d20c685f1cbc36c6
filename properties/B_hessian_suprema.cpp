// Appendix B §B.6 — quadratic approximation and Hessian suprema (appendix_B_aistats.tex,
// \subsection{Quadratic Approximation and Hessian Suprema}, label appB:quadratic): the closed-form Hessian
// (eq. B-Hessian-exact), its ℓ2/ℓ1 suprema (thm:B-Hessian-suprema), the second-order expansion and its
// remainders (eqs. B-second-order, B-remainders) and the δ-interior refinements (eqs. B-Xi, B-delta-crit).
//
// Notation: H_{kℓ}(θ) ∈ ℝ^S collects ∂_{θ_ℓ}∂_{θ_k} p_θ(i); R_{θ,η} = p_{θ+ηg} − p_θ − ηJ_θ g;
// a_± = 1/2 ± 1/(2√3); Δ_δ = {p ∈ Δ^{S−1} : p_i ≥ δ}; c₂(δ,S), c₁(δ,S) the constants of §δ-interior.
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/numdiff.hpp"
#include "dcrv/quadrature.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/simplex_trimmed.hpp"
#include "properties/domains/softmax_constants.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/search.hpp"

namespace dcrv {
namespace {

using boost::multiprecision::abs, boost::multiprecision::exp, boost::multiprecision::log,
    boost::multiprecision::sqrt;
using std::abs, std::ceil, std::cos, std::exp, std::log, std::sqrt;

// ------------------------------------------------------------------------------------------------------
// Numerical helpers (generic in the scalar T: double for the search, mpfr for confirmation).
// ------------------------------------------------------------------------------------------------------

template <class T> T sq(const T& x) {
  return x * x;
}
template <class T> T max_of(const T& a, const T& b) {
  return a < b ? b : a;
}
template <class T> T min_of(const T& a, const T& b) {
  return b < a ? b : a;
}

using points::unit_vec, simplex_domain::floor_range, simplex_domain::with_trimmed;
using softmax_constants::kAMinus, softmax_constants::kAPlus;

/// a_+ = 1/2 + 1/(2√3), the paper's extremal mass (a_− = 1 − a_+).
template <class T> T a_plus_exact() {
  return kAPlus(T(1));
}
/// a_+ (side even) or a_− = 1 − a_+ (side odd), from the exact a_+.
template <class T> T apm_mass(int side, const T& a_plus) {
  return side % 2 == 0 ? a_plus : T(T(1) - a_plus);
}
/// The paper's two global constants: sup‖H_kℓ‖₂ = 1/√54 and sup‖H_kℓ‖₁ = 1/(3√3) (thm:B-Hessian-suprema).
constexpr auto kSupL2 = softmax_constants::kInvRoot54;
constexpr auto kSupL1 = softmax_constants::kInvThreeRootThree;
/// The remainder coefficients of eq. (B-remainders): 1/(6√3) and 1/(2√54).
constexpr auto kInvSixRootThree = [](auto one) { return one / (6 * sqrt(3 * one)); };
constexpr auto kInvTwoRoot54 = [](auto one) { return one / (2 * sqrt(54 * one)); };
constexpr double kAplus = 0.78867513459481287;
constexpr double kAminus = 0.21132486540518713;

/// max_{k,ℓ} ‖H_{kℓ}(p)‖ over all S² pairs (no symmetry assumed).
template <class T> T max_hessian_norm(const Vec<T>& p, Norm n) {
  T best(0);
  for (int k = 0; k < p.size(); ++k)
    for (int l = 0; l < p.size(); ++l)
      best = max_of(best, vector_norm<T>(hessian_column(p, k, l), n));
  return best;
}

/// Componentwise residual max_i |a_i − b_i| / max(|a_i|, |b_i|, scale_i), as an identity (must vanish).
/// `scale_i` is the magnitude of the terms of component i before cancellation.
template <class T> Ineq<T> eq_componentwise(const Vec<T>& a, const Vec<T>& b, const Vec<T>& scale) {
  T worst(0);
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const T m = max_of(max_of(T(abs(a(i))), T(abs(b(i)))), T(abs(scale(i))));
    if (m > 0)
      worst = max_of(worst, T(abs(T(a(i) - b(i))) / m));
  }
  return {Ineq<T>::Rel::eq, worst, T(0), T(1)};
}

/// ∂_{θ_ℓ} of column k of J_θ = diag(p_θ) − p_θp_θᵀ by a Richardson-extrapolated central difference:
/// (4D(h/2) − D(h))/3 has error O(h⁴); h = 10^{−d/5} balances truncation and rounding at d digits.
template <class T> Vec<T> hessian_column_fd(const Vec<T>& theta, int k, int l) {
  const T h = T(std::pow(10.0, -0.2 * scalar_digits<T>()));
  auto central = [&](const T& step) {
    Vec<T> plus = theta, minus = theta;
    plus(l) += step;
    minus(l) -= step;
    const Vec<T> up = covariance_matrix(softmax(plus)).col(k);
    const Vec<T> down = covariance_matrix(softmax(minus)).col(k);
    return Vec<T>((up - down) / (T(2) * step));
  };
  return Vec<T>((T(4) * central(h / T(2)) - central(h)) / T(3));
}

/// e^x − 1 − x without cancellation (series for |x| < 1/2).
template <class T> T expm1_minus_id(const T& x) {
  if (abs(x) < T(0.5)) {
    const T eps = T(std::pow(10.0, -scalar_digits<T>() - 6));
    T term = x * x / T(2), sum = term;
    for (int n = 3; n < 1000; ++n) {
      term *= x / T(n);
      sum += term;
      if (abs(term) <= abs(sum) * eps)
        break;
    }
    return sum;
  }
  return T(exp(x) - T(1) - x);
}

/// The second-order remainder R = p_{θ+x} − p_θ − J_θ x (x = ηg) computed without cancellation of the
/// O(|x|) terms: shifting x by its p-mean (R is invariant under x ↦ x + c1) gives Z = Σ p_j e^{y_j} ≥ 1
/// and R_i = p_i (e2(y_i) − E − y_i E)/Z with e2(y) = e^y − 1 − y, E = Σ_j p_j e2(y_j).
template <class T> Vec<T> remainder_exact(const Vec<T>& p, const Vec<T>& x) {
  const Eigen::Index S = p.size();
  const T mean = p.dot(x);
  Vec<T> y = x.array() - mean, e2(S);
  T E(0), Z(0);
  for (Eigen::Index j = 0; j < S; ++j) {
    e2(j) = expm1_minus_id(y(j));
    E += p(j) * e2(j);
    Z += p(j) * exp(y(j));
  }
  Vec<T> r(S);
  for (Eigen::Index i = 0; i < S; ++i)
    r(i) = p(i) * (e2(i) - E - y(i) * E) / Z;
  return r;
}

/// η² ∫₀¹ (1−τ) H(θ+τηg)[g,g] dτ by composite Gauss–Legendre (eq. B-second-order). The integrand is
/// analytic in the strip |Im τ| < π/(η·range g) (no zero of Σ_j p_j e^{τηg_j} there), so panels of width
/// ≤ 1/(η·range g) with n ≈ 0.6·d nodes give d-digit accuracy. `scale` returns, per component, the size
/// of the summed terms, η² ∫(1−τ) Σ_{k,ℓ}|g_k g_ℓ|·2p_i(τ) dτ (|bracket of B-Hessian-exact| ≤ 2), which
/// bounds the rounding of H[g,g] = Σ g_k g_ℓ H_kℓ.
template <class T> struct QuadratureResult { Vec<T> value, scale; };
template <class T>
QuadratureResult<T> taylor_remainder_integral(const Vec<T>& theta, const Vec<T>& g, const T& eta) {
  const T spread = eta * (g.maxCoeff() - g.minCoeff());
  const int panels = 1 + static_cast<int>(std::ceil(to_double(spread)));
  const int n = std::is_same_v<T, double> ? 10 : static_cast<int>(0.6 * scalar_digits<T>()) + 6;
  const auto [nodes, weights] = gauss_legendre<T>(n);
  const T g1sq = sq(norm1(g));
  QuadratureResult<T> out{Vec<T>::Zero(theta.size()), Vec<T>::Zero(theta.size())};
  for (int j = 0; j < panels; ++j)
    for (int i = 0; i < n; ++i) {
      const T tau = (T(j) + nodes[i]) / T(panels);
      const T w = weights[i] / T(panels) * (T(1) - tau);
      const Vec<T> p = softmax(Vec<T>(theta + (tau * eta) * g));
      out.value += w * hessian_bilinear(p, g, g);
      out.scale += (w * T(2) * g1sq) * p;
    }
  out.value *= eta * eta;
  out.scale *= eta * eta;
  return out;
}

// ---- δ-interior constants c₂(δ,S), c₁(δ,S) (App. B §δ-interior refinements) -------------------------

/// Ξ_m(M;δ) by the closed form of eq. (B-Xi). For m = 0 (S = 2, off-diagonal) it gives 0 at M = 0, the
/// only feasible value (the empty sum).
template <class T> T xi_closed(int m, const T& M, const T& delta) {
  return sq(T(M - T(m - 1) * delta)) + T(m - 1) * sq(delta);
}
/// (c₂^diag)² integrand: (a(1−a)(1−2a))² + a²(2a−1)² Ξ_{S−1}(1−a;δ); `rest` = 1 − a.
template <class T> T diag_bound_l2sq(const T& a, const T& rest, int S, const T& delta) {
  return sq(T(a * rest * (T(1) - T(2) * a))) + sq(a) * sq(T(T(2) * a - T(1))) * xi_closed(S - 1, rest, delta);
}
/// (c₂^off)² integrand: (ab)²[(2a−1)² + (2b−1)²] + 4a²b² Ξ_{S−2}(r;δ); `r` = 1 − a − b.
template <class T> T off_bound_l2sq(const T& a, const T& b, const T& r, int S, const T& delta) {
  return sq(T(a * b)) * (sq(T(T(2) * a - T(1))) + sq(T(T(2) * b - T(1)))) +
         T(4) * sq(a) * sq(b) * xi_closed(S - 2, r, delta);
}
/// ℓ1 analogues ("sums of absolute values instead of squares"): the residual coordinates enter through
/// max{Σ|x_j| : Σ x_j = M, x_j ≥ δ} = M, so ‖H_kk‖₁ = a(1−a)|1−2a| + a|2a−1|(1−a) and
/// ‖H_kℓ‖₁ = ab(|2a−1| + |2b−1|) + 2ab·r exactly.
template <class T> T diag_bound_l1(const T& a, const T& rest) {
  return a * rest * abs(T(T(1) - T(2) * a)) + a * abs(T(T(2) * a - T(1))) * rest;
}
template <class T> T off_bound_l1(const T& a, const T& b, const T& r) {
  return a * b * (abs(T(T(2) * a - T(1))) + abs(T(T(2) * b - T(1)))) + T(2) * a * b * r;
}

/// Golden-section search for a maximum of f on [lo, hi]; returns the best (value, point) evaluated,
/// endpoints included (so a maximum on the boundary is returned exactly).
template <class T, class F> std::pair<T, T> golden_max(F f, T lo, T hi, const T& tol) {
  const T inv_phi = (sqrt(T(5)) - T(1)) / T(2);
  std::pair<T, T> best{f(lo), lo};
  auto consider = [&](const T& v, const T& x) {
    if (v > best.first)
      best = {v, x};
  };
  consider(f(hi), hi);
  T c = hi - inv_phi * (hi - lo), d = lo + inv_phi * (hi - lo);
  T fc = f(c), fd = f(d);
  consider(fc, c);
  consider(fd, d);
  for (int it = 0; it < 600 && hi - lo > tol; ++it) {
    if (fc >= fd) {
      hi = d, d = c, fd = fc;
      c = hi - inv_phi * (hi - lo);
      fc = f(c);
      consider(fc, c);
    } else {
      lo = c, c = d, fc = fd;
      d = lo + inv_phi * (hi - lo);
      fd = f(d);
      consider(fd, d);
    }
  }
  return best;
}

/// Grid scan of f on [lo, hi] (double) followed by golden-section refinement of the `keep` best grid peaks.
template <class F>
std::vector<std::pair<double, double>> scan_maxima(F f, double lo, double hi, int grid, int keep) {
  if (!(hi > lo))
    return {{f(lo), lo}};
  std::vector<double> xs(grid + 1), vs(grid + 1);
  for (int i = 0; i <= grid; ++i) {
    xs[i] = i == grid ? hi : lo + (hi - lo) * i / grid;
    vs[i] = f(xs[i]);
  }
  std::vector<int> peaks;
  for (int i = 0; i <= grid; ++i)
    if ((i == 0 || vs[i] >= vs[i - 1]) && (i == grid || vs[i] >= vs[i + 1]))
      peaks.push_back(i);
  std::sort(peaks.begin(), peaks.end(), [&](int a, int b) { return vs[a] > vs[b]; });
  if (static_cast<int>(peaks.size()) > keep)
    peaks.resize(keep);
  std::vector<std::pair<double, double>> out;
  for (int i : peaks)
    out.push_back(
        golden_max<double>(f, xs[std::max(i - 1, 0)], xs[std::min(i + 1, grid)], 1e-11 * (hi - lo)));
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  return out;
}

/// max_{x∈[lo,hi]} f(x): a double grid scan locates the peaks; in MPFR each leading peak is re-refined by
/// golden section in a 1e-6-wide bracket to ~d/2 digits in position (so ~d digits in value); endpoints and
/// `extra` points (exact extremal points such as a_±) are always evaluated in T.
template <class T, class Fd, class Ft>
std::pair<T, T> maximize(Fd fd, Ft ft, const T& lo, const T& hi, const std::vector<T>& extra, int grid = 32) {
  const double lod = to_double(lo), hid = to_double(hi);
  const auto peaks = scan_maxima(fd, lod, hid, grid, 3);
  std::pair<T, T> best{ft(lo), lo};
  auto consider = [&](const std::pair<T, T>& c) {
    if (c.first > best.first)
      best = c;
  };
  consider({ft(hi), hi});
  for (const T& x : extra)
    if (x >= lo && x <= hi)
      consider({ft(x), x});
  if constexpr (std::is_same_v<T, double>) {
    for (const auto& pk : peaks)
      consider(pk);
  } else {
    const double top = peaks.front().first;
    const T width = T(1e-6 * (hid - lod) + 1e-15);
    const T tol = T(std::pow(10.0, -0.5 * scalar_digits<T>() - 3));
    for (const auto& [v, x] : peaks) {
      if (v < top - 1e-8 * std::fabs(top))
        continue;
      const T a = max_of(lo, T(T(x) - width)), b = min_of(hi, T(T(x) + width));
      if (b > a)
        consider(golden_max<T>(ft, a, b, tol));
      else
        consider({ft(a), a});
    }
  }
  return best;
}

/// The δ-interior construction: for ℓ2, c₂^diag = √max_a(...) over a ∈ [δ, 1−(S−1)δ] and
/// c₂^off = √max_{a,b}(...) over a, b ≥ δ, r = 1−a−b ≥ (S−2)δ (for S = 2: r = 0); for ℓ1 the analogous
/// maxima of the exact ℓ1 norms. Values are the norms themselves (square roots taken for ℓ2), with the
/// maximisers (diag_a; off_a, off_b).
template <class T> struct InteriorSup {
  T diag, off, diag_a, off_a, off_b;
  T value() const { return max_of(diag, off); }
};

template <class T> InteriorSup<T> interior_sup_uncached(Norm norm, const T& delta, int S) {
  const bool l2 = norm == Norm::l2;
  const double dd = to_double(delta);
  const T one(1);
  const T lo = delta, hi = max_of(lo, T(one - T(S - 1) * delta));
  std::vector<T> extra{a_plus_exact<T>(), T(one - a_plus_exact<T>()), T(one / T(2))};

  auto diag_obj = [S, l2](auto a, auto d) {
    using U = decltype(a);
    const U rest = U(1) - a;
    return l2 ? diag_bound_l2sq<U>(a, rest, S, d) : diag_bound_l1<U>(a, rest);
  };
  auto off_obj = [S, l2](auto a, auto b, auto r, auto d) {
    using U = decltype(a);
    return l2 ? off_bound_l2sq<U>(a, b, r, S, d) : off_bound_l1<U>(a, b, r);
  };

  InteriorSup<T> out;
  const auto diag = maximize<T>([&](double a) { return diag_obj(a, dd); },
                                [&](const T& a) { return diag_obj(a, delta); }, lo, hi, extra);
  out.diag = diag.first;
  out.diag_a = diag.second;

  if (S == 2) { // b = 1 − a, r = 0
    const auto off = maximize<T>([&](double a) { return off_obj(a, 1.0 - a, 0.0, dd); },
                                 [&](const T& a) { return off_obj(a, T(one - a), T(0), delta); }, lo,
                                 T(one - delta), extra);
    out.off = off.first;
    out.off_a = off.second;
    out.off_b = one - off.second;
  } else {
    // inner: b ∈ [δ, 1 − a − (S−2)δ], r = 1 − a − b
    auto inner_d = [&](double a) {
      const double bhi = std::max(dd, 1.0 - a - (S - 2) * dd);
      return maximize<double>([&](double b) { return off_obj(a, b, 1.0 - a - b, dd); },
                              [&](double b) { return off_obj(a, b, 1.0 - a - b, dd); }, dd, bhi, {0.5}, 24);
    };
    auto inner_t = [&](const T& a) {
      const T bhi = max_of(delta, T(one - a - T(S - 2) * delta));
      return maximize<T>(
          [&](double b) {
            const double ad = to_double(a);
            return off_obj(ad, b, 1.0 - ad - b, dd);
          },
          [&](const T& b) { return off_obj(a, b, T(one - a - b), delta); }, delta, bhi, {T(one / T(2))}, 24);
    };
    const T ahi = max_of(lo, T(one - T(S - 1) * delta));
    const auto off = maximize<T>([&](double a) { return inner_d(a).first; },
                                 [&](const T& a) { return inner_t(a).first; }, lo, ahi, {T(one / T(2))}, 24);
    out.off = off.first;
    out.off_a = off.second;
    out.off_b = inner_t(off.second).second;
  }
  if (l2) {
    out.diag = sqrt(max_of(out.diag, T(0)));
    out.off = sqrt(max_of(out.off, T(0)));
  }
  return out;
}

/// interior_sup with a small per-thread memo for the double search (the local search often keeps δ fixed).
template <class T> InteriorSup<T> interior_sup(Norm norm, const T& delta, int S) {
  if constexpr (std::is_same_v<T, double>) {
    thread_local std::map<std::tuple<int, int, double>, InteriorSup<double>> memo;
    const auto key = std::make_tuple(static_cast<int>(norm), S, delta);
    if (auto it = memo.find(key); it != memo.end())
      return it->second;
    if (memo.size() > 4096)
      memo.clear();
    return memo.emplace(key, interior_sup_uncached<double>(norm, delta, S)).first->second;
  } else {
    return interior_sup_uncached<T>(norm, delta, S);
  }
}

/// The point of Δ_δ where the δ-interior construction s is attained: p_0 = a*, then p_1 = b* (off-diagonal
/// maximiser) or the residual mass on one coordinate, the rest at δ.
template <class T> Vec<T> interior_argmax(const InteriorSup<T>& s, const T& delta, int S) {
  Vec<T> p = Vec<T>::Constant(S, delta);
  if (s.diag >= s.off) {
    p(0) = s.diag_a;
    p(1) = T(1) - s.diag_a - T(S - 2) * delta;
  } else {
    p(0) = s.off_a;
    p(1) = s.off_b;
    if (S >= 3)
      p(2) = T(1) - s.off_a - s.off_b - T(S - 3) * delta;
  }
  return p;
}
/// interior_argmax as weights of with_trimmed (q with p = δ + (1−Sδ)q), with ℓ (k = 0): ℓ = 0 for the
/// diagonal maximiser, 1 for the off-diagonal one.
std::pair<std::vector<double>, int> interior_maximiser(Norm norm, double delta, int S) {
  const InteriorSup<double> s = interior_sup<double>(norm, delta, S);
  const Vec<double> p = interior_argmax<double>(s, delta, S);
  std::vector<double> q(S);
  for (int i = 0; i < S; ++i)
    q[i] = std::max(0.0, (p(i) - delta) / (1.0 - S * delta));
  return {q, s.diag >= s.off ? 0 : 1};
}

/// The largest t ≥ 0 with p_{θ+τ t g} ∈ Δ_δ for all τ ∈ [0,1] (bisection, double). Each log p_i(θ+tg) is
/// concave in t, so the admissible set is an interval [0, t_max] and the path condition is equivalent to
/// the end point condition.
double max_interior_step(const Vec<double>& theta, const Vec<double>& g, double delta) {
  // a relative margin of 1e-12 keeps double-admissible steps admissible in MPFR as well
  auto inside = [&](double t) {
    return softmax(Vec<double>(theta + t * g)).minCoeff() >= delta * (1 + 1e-12);
  };
  const double gmax = std::max(g.cwiseAbs().maxCoeff(), 1e-300);
  double lo = 0, hi = 60.0 / gmax;
  if (inside(hi))
    return hi;
  for (int it = 0; it < 80; ++it) {
    const double mid = 0.5 * (lo + hi);
    (inside(mid) ? lo : hi) = mid;
  }
  return lo;
}

/// The paper's extremal logits: p = (a_+, a_−, tiny, …) (ℓ2 extremal) and p = (a_+, a_−/(S−1), …)
/// (ℓ1 extremal, open simplex), for the remainder claims.
std::vector<double> logits_of(const std::vector<double>& p) {
  std::vector<double> t(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    t[i] = std::log(p[i]);
  return t;
}
std::vector<double> concentrated_extremal(int S) {
  std::vector<double> p(S, 1e-30);
  p[0] = kAplus;
  if (S >= 2)
    p[1] = kAminus;
  return p;
}
std::vector<double> spread_extremal(int S) {
  std::vector<double> p(S, kAminus / std::max(1, S - 1));
  p[0] = S == 1 ? 1.0 : kAplus;
  return p;
}
using points::pair_direction;

/// Points near the global remainder extremals: η → 0 at the ℓ1/ℓ2 Hessian maximisers along e_0 / e_0 − e_1.
std::vector<Assign> remainder_points(int S) {
  std::vector<Assign> pts;
  for (double eta : {1e-6, 1e-3, 0.1})
    for (const auto& p : {concentrated_extremal(S), spread_extremal(S)}) {
      pts.push_back({{"theta", logits_of(p)}, {"g", unit_vec(S, 0)}, {"eta", {eta}}});
      pts.push_back({{"theta", logits_of(p)}, {"g", pair_direction(S)}, {"eta", {eta}}});
    }
  return pts;
}

/// Keeps the `support` largest |g_i| (ties by index), zeroing the others: g with ‖g‖₀ ≤ support.
template <class T> Vec<T> sparsify(Vec<T> g, int support) {
  std::vector<int> order(g.size());
  for (int i = 0; i < g.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return abs(g(a)) > abs(g(b)); });
  for (std::size_t j = support; j < order.size(); ++j)
    g(order[j]) = T(0);
  return g;
}
template <class T> int support_size(const Vec<T>& g) {
  int s = 0;
  for (int i = 0; i < g.size(); ++i)
    s += g(i) != 0;
  return s;
}

/// Distance of a mass a to the paper's maximiser set {a_+, a_−}.
template <class T> T distance_to_apm(const T& a, const T& a_plus) {
  return min_of(T(abs(T(a - a_plus))), T(abs(T(a - (T(1) - a_plus)))));
}

/// Domain of the δ-interior remainder claims: p = trim(q, δ) ∈ Δ_δ (closed: p_i = δ reachable), a
/// direction g and a fraction λ of the largest step that keeps the whole path in Δ_δ.
Domain interior_path_domain(bool sparse) {
  Domain d = with_trimmed(Domain());
  d.vector("g", 1.0).real("lambda", 1e-6, 1.0, true);
  if (sparse)
    d.index("support");
  d.points([sparse](int S) {
    std::vector<Assign> pts;
    for (double frac : {1e-3, 0.1, 0.5, 0.9}) {
      const double delta = frac / S;
      for (Norm n : {Norm::l1, Norm::l2}) {
        auto [q, l] = interior_maximiser(n, delta, S);
        if (n == Norm::l1 && l == 0) // ‖H_kk‖₁ does not depend on how the residual mass is spread: spread it
          for (int i = 1; i < S; ++i)
            q[i] = (1.0 - q[0]) / (S - 1);
        for (const auto& g : {unit_vec(S, 0), unit_vec(S, 0, -1.0), pair_direction(S)})
          for (double lambda : {1e-6, 1e-2, 1.0}) {
            Assign a{{"q", q}, {"delta", {delta}}, {"g", g}, {"lambda", {lambda}}};
            if (sparse)
              a["support"] = {static_cast<double>(S - 1)};
            pts.push_back(a);
          }
      }
    }
    return pts;
  });
  return d;
}

/// Decodes a sample of interior_path_domain: (θ = log p, g, η) with η = λ·t_max, or nothing when the end
/// point leaves Δ_δ in T (rounding at λ = 1).
template <class T> struct InteriorPath {
  Vec<T> p, x, g;
  T delta, eta;
  bool admissible = false;
};
template <class T> InteriorPath<T> decode_interior_path(const Args<T>& a, bool sparse) {
  InteriorPath<T> out;
  out.delta = a.real("delta");
  out.p = trim<T>(a.simplex("q"), out.delta);
  out.g = a.vec("g");
  if (sparse)
    out.g = sparsify<T>(out.g, a.index("support") + 1);
  if (out.g.cwiseAbs().maxCoeff() == 0)
    return out;
  Vec<double> theta_d(out.p.size()), g_d(out.p.size());
  for (int i = 0; i < out.p.size(); ++i) {
    theta_d(i) = std::log(to_double(out.p(i)));
    g_d(i) = to_double(out.g(i));
  }
  out.eta = a.real("lambda") * T(max_interior_step(theta_d, g_d, to_double(out.delta)));
  out.x = out.eta * out.g;
  Vec<T> theta(out.p.size());
  for (int i = 0; i < out.p.size(); ++i)
    theta(i) = log(out.p(i));
  // In double the end point must clear δ by a relative 1e-12, so that rounding never admits a path that
  // leaves Δ_δ in exact arithmetic (such samples would be rejected in MPFR, wasting confirmations).
  const T margin = T(std::is_same_v<T, double> ? 1e-12 : 0.0);
  out.admissible = softmax(Vec<T>(theta + out.x)).minCoeff() >= out.delta * (T(1) + margin) &&
                   out.p.minCoeff() >= out.delta;
  return out;
}

// ------------------------------------------------------------------------------------------------------
// Claims
// ------------------------------------------------------------------------------------------------------

// App. B §B.6, boxed eq. (B-Hessian-exact): the closed-form second derivatives of the soft-max map.
DCRV_CLAIM(claim_hessian_formula) {
  return forall("B.hessian-formula", Kind::identity)
      .where("App. B §B.6, eq. (B-Hessian-exact)")
      .statement(
          R"(\partial_{\theta_\ell}\partial_{\theta_k}p_\theta(i)=p_\theta(i)\big[(\delta_{i\ell}-p_\theta(\ell))(\delta_{ik}-p_\theta(k))-p_\theta(k)(\delta_{k\ell}-p_\theta(\ell))\big]$ for all $\theta\in\mathbb R^S$ and all $i,k,\ell$; the right side (dcrv's \texttt{hessian\_column}) is compared with a Richardson-extrapolated central difference in $\theta_\ell$ of column $k$ of $J_\theta=\mathrm{diag}(p_\theta)-p_\theta p_\theta^\top$ (step $10^{-d/5}$ at $d$ digits), component $i$ relative to $p_\theta(i))")
      .over(Domain().logits("theta", 3.0, false).index("k").index("l"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> theta = a.logits("theta");
        const int k = a.index("k"), l = a.index("l");
        const Vec<T> p = softmax(theta);
        return eq_componentwise<T>(hessian_column(p, k, l), hessian_column_fd(theta, k, l), p);
      });
}

/// Closure points p = (a_±, a_∓, 0, …) with (k,ℓ) ∈ {0,1}², for the "approached/attained" parts.
Domain extremal_closure_domain(int lo = 2, int hi = 0) {
  return Domain()
      .dims(lo, hi)
      .index("k")
      .index("l")
      .index("side")
      .points([](int S) {
        std::vector<Assign> pts;
        for (double k : {0.0, 1.0})
          for (double l : {0.0, 1.0})
            for (double side : {0.0, 1.0})
              pts.push_back({{"k", {k}}, {"l", {l}}, {"side", {side}}});
        return pts;
      })
      .only_points();
}
/// p = (a, 1−a, 0, …, 0) with a = a_+ (side 0) or a_− (side 1), computed in T from the constant a_+.
template <class T> Vec<T> extremal_closure_point(int S, int side, const T& a_plus) {
  Vec<T> p = Vec<T>::Zero(S);
  p(0) = apm_mass(side, a_plus);
  p(1) = T(1) - p(0);
  return p;
}

/// Points for the Hessian-supremum bounds: the extremal masses in every (k,ℓ) role.
std::vector<Assign> hessian_extremal_points(int S) {
  std::vector<Assign> pts;
  for (const auto& p : {concentrated_extremal(S), spread_extremal(S)})
    for (double k : {0.0, 1.0})
      for (double l : {0.0, 1.0})
        pts.push_back({{"p", p}, {"k", {k}}, {"l", {l}}});
  if (S >= 3) { // mass on three coordinates, k ≠ ℓ (the adversarial case of the brief)
    std::vector<double> three(S, 1e-30);
    three[0] = 0.5, three[1] = 0.25, three[2] = 0.25;
    pts.push_back({{"p", three}, {"k", {0.0}}, {"l", {1.0}}});
    three[0] = 1.0 / 3, three[1] = 1.0 / 3, three[2] = 1.0 / 3;
    pts.push_back({{"p", three}, {"k", {0.0}}, {"l", {1.0}}});
  }
  return pts;
}

/// H_kℓ at the closure point (a_±, a_∓, 0, …) ∈ ℝ^S of a sample of extremal_closure_domain (k, ℓ, side).
template <class T> Vec<T> closure_hessian(const Args<T>& a, int S, const T& a_plus) {
  return hessian_column(extremal_closure_point<T>(S, a.index("side"), a_plus), a.index("k"), a.index("l"));
}
/// Both suprema reached by the Hessian column h: ‖h‖₂ = sup_l2 and ‖h‖₁ = sup_l1 (the claim's constants).
template <class T> Ineq<T> reaches_both_suprema(const Vec<T>& h, const Consts<T>& k) {
  return worst(eq<T>(vector_norm<T>(h, Norm::l2), k("sup_l2")),
               eq<T>(vector_norm<T>(h, Norm::l1), k("sup_l1")));
}
/// ‖H_kℓ(p)‖_n ≤ c at the sample's p (field "p") and indices k, ℓ.
auto hessian_norm_at_most(Norm n) {
  return [n]<class T>(const Args<T>& a, const Consts<T>& k) {
    const Vec<T> p = a.simplex("p");
    return le<T>(vector_norm<T>(hessian_column(p, a.index("k"), a.index("l")), n), k("c"));
  };
}

// App. B, Theorem thm:B-Hessian-suprema (first equality): sup_{θ,k,ℓ} ‖H_kℓ(θ)‖₂ = 1/√54 for every S ≥ 2.
DCRV_CLAIM(claim_hessian_sup_l2) {
  return forall("B.hessian-sup-l2", Kind::sharpness)
      .where("App. B, Thm. thm:B-Hessian-suprema (first equality)")
      .statement(
          R"(\sup_{\theta\in\mathbb R^S,\,k,\ell}\|H_{k\ell}(\theta)\|_2=c$, $c=1/\sqrt{54}$, for every $S\ge2$: checked as $\|H_{k\ell}\|_2\le c$ for all $p_\theta$ in the open simplex and all $k,\ell$ (incl.\ $k=\ell$), and $\|H_{k\ell}\|_2=c$ at $p=(a_\pm,a_\mp,0,\dots,0)$, $k,\ell\in\{1,2\}$ (computed exactly), which by continuity of the polynomial formula is a limit of interior values)")
      .constant("c", Role::exact, "claimed supremum of ||H_kl||_2", kSupL2)
      .over(Domain().simplex("p").index("k").index("l").points(hessian_extremal_points))
      .holds(hessian_norm_at_most(Norm::l2))
      .and_holds("value c reached at (a_+-, a_-+, 0, ...)", extremal_closure_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   return eq<T>(vector_norm<T>(closure_hessian(a, a.S(), a_plus_exact<T>()), Norm::l2),
                                k("c"));
                 });
}

// App. B, Theorem thm:B-Hessian-suprema (second equality): sup_{θ,k,ℓ} ‖H_kℓ(θ)‖₁ = 1/(3√3).
DCRV_CLAIM(claim_hessian_sup_l1) {
  return forall("B.hessian-sup-l1", Kind::sharpness)
      .where("App. B, Thm. thm:B-Hessian-suprema (second equality)")
      .statement(
          R"(\sup_{\theta\in\mathbb R^S,\,k,\ell}\|H_{k\ell}(\theta)\|_1=c$, $c=1/(3\sqrt3)$, for every $S\ge2$: checked as $\|H_{k\ell}\|_1\le c$ for all $p_\theta$ in the open simplex and all $k,\ell$, and $\|H_{11}\|_1=c$ at every interior $p$ with $p_1=a_\pm$ (computed exactly; rest of the mass arbitrary))")
      .constant("c", Role::exact, "claimed supremum of ||H_kl||_1", kSupL1)
      .over(Domain().simplex("p").index("k").index("l").points(hessian_extremal_points))
      .holds(hessian_norm_at_most(Norm::l1))
      .and_holds("value c reached at interior p with p_1 = a_+-", Domain().simplex("w").index("side"),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const int S = a.S();
                   const T head = apm_mass(a.index("side"), a_plus_exact<T>());
                   const Vec<T> w = a.simplex("w");
                   Vec<T> p(S);
                   p(0) = head;
                   const T tail = w.tail(S - 1).sum();
                   for (int i = 1; i < S; ++i)
                     p(i) = (T(1) - head) * w(i) / tail;
                   return eq<T>(vector_norm<T>(hessian_column(p, 0, 0), Norm::l1), k("c"));
                 });
}

// App. B, Theorem thm:B-Hessian-suprema ("Both are attained for S=2") and its proof sketch.
DCRV_CLAIM(claim_hessian_sup_attained_s2) {
  return forall("B.hessian-sup-attained-s2", Kind::sharpness)
      .where("App. B, Thm. thm:B-Hessian-suprema (attainment for S=2) and proof sketch")
      .statement(
          R"(\text{for }S=2$ and $p=(a_\pm,a_\mp)$, $a_\pm=\tfrac12\pm\tfrac1{2\sqrt3}$: $\|H_{k\ell}\|_2=1/\sqrt{54}$ and $\|H_{k\ell}\|_1=1/(3\sqrt3)$ for all $k,\ell\in\{1,2\}$ (both suprema attained), computed exactly at the points)")
      .constant("a_plus", Role::exact, "extremal mass a_+ = 1/2 + 1/(2 sqrt 3) (a_- = 1 - a_+)", kAPlus)
      .constant("sup_l2", Role::exact, "the l2 supremum 1/sqrt(54)", kSupL2)
      .constant("sup_l1", Role::exact, "the l1 supremum 1/(3 sqrt 3)", kSupL1)
      .over(extremal_closure_domain(2, 2))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return reaches_both_suprema(closure_hessian(a, 2, k("a_plus")), k);
      });
}

/// Strictness domains for S > 2. Exact family: p_1 = a_± (exact in T), the residual mass 1 − a_± spread
/// over the other S − 1 coordinates as trim(w, ε) (relative floor ε). General: p = trim(q, ε) ∈ Δ_ε.
Domain strict_family_domain() {
  return Domain()
      .dims(3)
      .simplex("w", true)
      .real(
          "floor",
          [](int S) {
            return std::pair{1e-12, 1.0 / (S - 1)};
          },
          true)
      .index("side");
}
template <class T> Vec<T> strict_family_point(const Args<T>& a) {
  const int S = a.S();
  const T head = apm_mass(a.index("side"), a_plus_exact<T>());
  const Vec<T> w = a.simplex("w");
  Vec<T> tail = w.tail(S - 1);
  if (!(tail.sum() > 0)) // w at the vertex e_1 (closed simplex): spread the residual mass evenly
    tail = Vec<T>::Constant(S - 1, T(1));
  tail /= tail.sum();
  tail = trim<T>(tail, a.real("floor"));
  Vec<T> p(S);
  p(0) = head;
  p.tail(S - 1) = (T(1) - head) * tail;
  return p;
}
Domain strict_general_domain() {
  return Domain().dims(3).simplex("q", true).real("floor", floor_range(1e-12), true).points([](int S) {
    std::vector<Assign> pts;
    for (double eps : {1e-12, 1e-6, 1e-3}) {
      std::vector<double> q(S, 0.0);
      q[0] = kAplus, q[1] = kAminus;
      pts.push_back({{"q", q}, {"floor", {eps}}});
      q.assign(S, 1.0);
      q[0] = kAplus * (S - 1) / kAminus;
      pts.push_back({{"q", q}, {"floor", {eps}}});
    }
    return pts;
  });
}

/// thm:B-Hessian-suprema, "strict suprema for S>2": max_{k,ℓ}‖H_kℓ‖ < c (norm n), on the exact family near
/// the extremal point and on general p ∈ Δ_ε.
template <class Sup>
ForAll strict_sup_claim(const char* id, const char* statement, const char* meaning, Sup sup, Norm n) {
  return forall(id, Kind::sharpness)
      .where("App. B, Thm. thm:B-Hessian-suprema (strict supremum for S>2)")
      .statement(statement)
      .constant("c", Role::upper, meaning, sup)
      .over(strict_family_domain())
      .holds([n]<class T>(const Args<T>& a, const Consts<T>& k) {
        return strictly_less<T>(max_hessian_norm<T>(strict_family_point(a), n), k("c"), Strict::tolerance);
      })
      .and_holds("general p with p_min >= eps", strict_general_domain(),
                 [n]<class T>(const Args<T>& a, const Consts<T>& k) {
                   const Vec<T> p = trim<T>(a.simplex("q"), a.real("floor"));
                   return strictly_less<T>(max_hessian_norm<T>(p, n), k("c"), Strict::tolerance);
                 });
}

// App. B, Theorem thm:B-Hessian-suprema ("strict suprema for S>2"), ℓ2.
DCRV_CLAIM(claim_hessian_sup_l2_strict) {
  return strict_sup_claim(
      "B.hessian-sup-l2-strict",
      R"(\text{for }S>2$: $\max_{k,\ell}\|H_{k\ell}(\theta)\|_2<c$, $c=1/\sqrt{54}$, for every $\theta\in\mathbb R^S$ (not attained in the open simplex). Checked at working precision (gap $c-\|H\|_2$ above $10^{-0.6d}c$) on $p\in\Delta_\varepsilon$, $\varepsilon\in[10^{-12},1/S)$, and on the exact family $p_1=a_\pm$, residual mass spread with relative floor $\varepsilon$; the value $c$ itself is reached only in the limit (B.hessian-sup-l2))",
      "the l2 supremum, claimed not attained", kSupL2, Norm::l2);
}

// App. B, Theorem thm:B-Hessian-suprema ("strict suprema for S>2"), ℓ1.
DCRV_CLAIM(claim_hessian_sup_l1_strict) {
  return strict_sup_claim(
      "B.hessian-sup-l1-strict",
      R"(\text{for }S>2$: $\max_{k,\ell}\|H_{k\ell}(\theta)\|_1<c$, $c=1/(3\sqrt3)$, for every $\theta\in\mathbb R^S$ (not attained in the open simplex). Checked at working precision (gap $c-\|H\|_1$ above $10^{-0.6d}c$) on the exact family $p_1=a_\pm$ with the residual mass spread over the other coordinates (relative floor $\varepsilon$), and on $p\in\Delta_\varepsilon$, $\varepsilon\in[10^{-12},1/S))",
      "the l1 supremum, claimed not attained", kSupL1, Norm::l1);
}

// The corrected statement (finding B.l1-hessian-depends-on-pk, properties/findings/B_hessian_suprema.cpp): by
// eq. (B-Hessian-exact), (H_kk)_i = −p_i p_k(1−2p_k) for i ≠ k and (H_kk)_k = p_k(1−p_k)(1−2p_k), so
// ‖H_kk‖₁ = |1−2p_k| p_k((1−p_k) + Σ_{i≠k} p_i) = 2p_k(1−p_k)|1−2p_k|: it depends on p_k alone and reaches
// its maximum 1/(3√3) (at p_k = a_±) at every θ with p_θ(k) = a_±, for every S. (The ℓ2 norm also depends on
// how the residual mass is spread, and its supremum is strict for S > 2: B.hessian-sup-l2-strict.)
DCRV_CLAIM(claim_hessian_sup_l1_strict_corrected) {
  return forall("B.hessian-sup-l1-strict~corrected", Kind::sharpness)
      .where("App. B, Thm. thm:B-Hessian-suprema (strict supremum for S>2)")
      .reading(
          "for S > 2 the l1 supremum is attained: ||H_kk||_1 = 2 p_k (1 - p_k) |1 - 2 p_k| depends on p_k "
          "only and equals 1/(3 sqrt 3) wherever p_theta(k) = a_+-")
      .statement(
          R"(\text{for }S>2$: $\max_{k,\ell}\|H_{k\ell}(\theta)\|_1\le c$ for every $\theta$, with equality at every $\theta$ with $p_\theta(1)=a_\pm$ (the residual mass spread arbitrarily, relative floor $\varepsilon\in[10^{-12},1/(S-1)]$): the $\ell_1$ supremum $c=1/(3\sqrt3)$ is attained in the open simplex; checked on the exact family $p_1=a_\pm$ (equality) and on $p\in\Delta_\varepsilon$ (bound))")
      .constant("c", Role::exact, "the l1 supremum, attained", kSupL1)
      .over(strict_family_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return eq<T>(max_hessian_norm<T>(strict_family_point(a), Norm::l1), k("c"));
      })
      .and_holds("general p with p_min >= eps", strict_general_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const Vec<T> p = trim<T>(a.simplex("q"), a.real("floor"));
                   return le<T>(max_hessian_norm<T>(p, Norm::l1), k("c"));
                 });
}

// App. B, boxed eq. (B-second-order): p_{θ+ηg} = p_θ + ηJ_θ g + η²∫₀¹(1−τ)H(θ+τηg)[g,g]dτ.
DCRV_CLAIM(claim_taylor_integral_remainder) {
  const auto domain = [] {
    return Domain()
        .logits("theta", 3.0, false)
        .vector("g", 1.0)
        .real("eta", 1e-4, 3.0, true)
        .points([](int S) { return remainder_points(S); });
  };
  return forall("B.taylor-integral-remainder", Kind::identity)
      .where("App. B §B.6, eq. (B-second-order)")
      .statement(
          R"(p_{\theta+\eta g}-p_\theta-\eta J_\theta g=\eta^2\int_0^1(1-\tau)\,H(\theta+\tau\eta g)[g,g]\,d\tau$ for all $\theta,g\in\mathbb R^S$, $\eta\ge0$ ($\eta\in[10^{-4},3]$ sampled); the integral by composite Gauss--Legendre quadrature with $H[g,g]=\sum_{k,\ell}g_kg_\ell H_{k\ell}$ from eq.~(B-Hessian-exact); the left side (i) by a cancellation-free rearrangement, compared componentwise relative to the size of the terms on both sides, and (ii) literally, relative to $\|p\|_\infty)")
      .over(domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> theta = a.logits("theta"), g = a.vec("g");
        const T eta = a.real("eta");
        const Vec<T> p = softmax(theta), x = eta * g;
        const QuadratureResult<T> integral = taylor_remainder_integral<T>(theta, g, eta);
        const Vec<T> lhs = remainder_exact<T>(p, x);
        // per-component term magnitude of the rearranged remainder (before cancellation)
        const T mean = p.dot(x);
        T E(0), Z(0);
        for (int j = 0; j < p.size(); ++j) {
          E += p(j) * abs(expm1_minus_id(T(x(j) - mean)));
          Z += p(j) * exp(T(x(j) - mean));
        }
        Vec<T> scale(p.size());
        for (int i = 0; i < p.size(); ++i) {
          const T y = x(i) - mean;
          scale(i) = max_of(T(p(i) * (abs(expm1_minus_id(y)) + E + abs(y) * E) / Z), integral.scale(i));
        }
        return eq_componentwise<T>(lhs, integral.value, scale);
      })
      .and_holds("literal left side", domain(), []<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> theta = a.logits("theta"), g = a.vec("g");
        const T eta = a.real("eta");
        const Vec<T> p = softmax(theta);
        const Vec<T> p_step = softmax(Vec<T>(theta + eta * g));
        const Vec<T> lhs = p_step - p - eta * (covariance_matrix(p) * g);
        return eq<T>(lhs, taylor_remainder_integral<T>(theta, g, eta).value,
                     max_of(p.maxCoeff(), p_step.maxCoeff()));
      });
}

Domain remainder_domain(bool sparse) {
  Domain d;
  d.logits("theta", 3.0, false).vector("g", 1.0).real("eta", 1e-6, 10.0, true);
  if (sparse)
    d.index("support");
  d.points([sparse](int S) {
    auto pts = remainder_points(S);
    if (sparse)
      for (auto& p : pts)
        p["support"] = {static_cast<double>(S - 1)};
    return pts;
  });
  return d;
}

/// eq. (B-remainders): ‖R_{θ,η}‖_n ≤ c η² size(g), R computed exactly (remainder_exact); size = ‖g‖₁² or, for
/// the sparse line, √s ‖g‖₂² with g restricted to its first s = support + 1 coordinates.
template <class C>
ForAll remainder_claim(const char* id, const char* where, const char* statement, Norm n, bool sparse, C c) {
  return forall(id, Kind::bound)
      .where(where)
      .statement(statement)
      .constant("c", Role::upper,
                sparse ? "coefficient of eta^2 sqrt(s) ||g||_2^2" : "coefficient of eta^2 ||g||_1^2", c)
      .over(remainder_domain(sparse))
      .holds([n, sparse]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> g = sparse ? sparsify<T>(a.vec("g"), a.index("support") + 1) : Vec<T>(a.vec("g"));
        const T eta = a.real("eta");
        const Vec<T> r = remainder_exact<T>(softmax(a.logits("theta")), Vec<T>(eta * g));
        const T bound = sparse ? T(k("c") * sq(eta) * sqrt(T(support_size(g))) * g.squaredNorm())
                               : T(k("c") * sq(eta) * sq(norm1(g)));
        return le<T>(n == Norm::l2 ? T(sqrt(r.squaredNorm())) : vector_norm<T>(r, n), bound);
      });
}

// App. B, boxed eq. (B-remainders), line 1: ‖R‖₁ ≤ η²/(6√3) ‖g‖₁².
DCRV_CLAIM(claim_remainder_l1) {
  return remainder_claim(
      "B.remainder-l1", "App. B §B.6, eq. (B-remainders), line 1",
      R"(\|R_{\theta,\eta}\|_1\le c\,\eta^2\|g\|_1^2$, $c=1/(6\sqrt3)$, for all $\theta,g\in\mathbb R^S$, $\eta\ge0$ ($R$ computed exactly, without the integral))",
      Norm::l1, false, kInvSixRootThree);
}

// App. B, boxed eq. (B-remainders), line 2 (first part): ‖R‖₂ ≤ η²/(2√54) ‖g‖₁².
DCRV_CLAIM(claim_remainder_l2) {
  return remainder_claim(
      "B.remainder-l2", "App. B §B.6, eq. (B-remainders), line 2",
      R"(\|R_{\theta,\eta}\|_2\le c\,\eta^2\|g\|_1^2$, $c=1/(2\sqrt{54})$, for all $\theta,g\in\mathbb R^S$, $\eta\ge0)",
      Norm::l2, false, kInvTwoRoot54);
}

// App. B, boxed eq. (B-remainders), line 2 (second part): ‖R‖_∞ ≤ η²/(6√3) ‖g‖₁².
DCRV_CLAIM(claim_remainder_linf) {
  return remainder_claim(
      "B.remainder-linf", "App. B §B.6, eq. (B-remainders), line 2",
      R"(\|R_{\theta,\eta}\|_\infty\le c\,\eta^2\|g\|_1^2$, $c=1/(6\sqrt3)$, for all $\theta,g\in\mathbb R^S$, $\eta\ge0)",
      Norm::linf, false, kInvSixRootThree);
}

// App. B, boxed eq. (B-remainders), line 3: ‖R‖₂ ≤ η²/(6√3) √s ‖g‖₂², s = ‖g‖₀.
DCRV_CLAIM(claim_remainder_l2_sparse) {
  return remainder_claim(
      "B.remainder-l2-sparse", "App. B §B.6, eq. (B-remainders), line 3",
      R"(\|R_{\theta,\eta}\|_2\le c\,\eta^2\sqrt s\,\|g\|_2^2$, $c=1/(6\sqrt3)$, $s=\|g\|_0$, for all $\theta,g\in\mathbb R^S$ (every support size $s$), $\eta\ge0)",
      Norm::l2, true, kInvSixRootThree);
}

// App. B §δ-interior refinements, boxed eq. (B-Xi): the "mass-under-a-floor" maximum in closed form.
DCRV_CLAIM(claim_xi_closed_form) {
  const auto domain = [] {
    return Domain().dims(1).simplex("q", true).real("delta", 1e-8, 1.0, true).real("excess", 0.0, 10.0);
  };
  return forall("B.Xi-closed-form", Kind::identity)
      .where("App. B §δ-interior refinements, eq. (B-Xi)")
      .statement(
          R"(\Xi_m(M;\delta)=\max\{\sum_{j\le m}x_j^2:\sum_j x_j=M,\ x_j\ge\delta\}=(M-(m-1)\delta)^2+(m-1)\delta^2$ for $m\in\mathbb N$ ($m=S$ sampled), $\delta>0$, $M\ge m\delta$: every feasible $x=\delta+(M-m\delta)q$ has $\sum x_j^2$ at most the closed form, and the feasible point $(M-(m-1)\delta,\delta,\dots,\delta)$ attains it)")
      .over(domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int m = a.S();
        const T delta = a.real("delta"), M = T(m) * delta + a.real("excess");
        const Vec<T> x = (a.simplex("q") * T(M - T(m) * delta)).array() + delta;
        return le<T>(x.squaredNorm(), xi_closed(m, M, delta), T(sq(M)));
      })
      .and_holds("attained at (M-(m-1)delta, delta, ...)", domain(),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const int m = a.S();
                   const T delta = a.real("delta"), M = T(m) * delta + a.real("excess");
                   Vec<T> x = Vec<T>::Constant(m, delta);
                   x(0) = M - T(m - 1) * delta;
                   if (x(0) < delta)
                     return eq<T>(T(1), T(0)); // infeasible extremal point would refute attainment
                   return eq<T>(x.squaredNorm(), xi_closed(m, M, delta));
                 });
}

/// Samples of Δ_δ: p = δ + (1−Sδ)q (closed simplex q, so the floor is reached), δ ∈ (0, 1/S).
Domain delta_interior_domain() {
  return with_trimmed(Domain()).index("k").index("l").points([](int S) {
    std::vector<Assign> pts;
    for (double frac : {1e-3, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99}) {
      const double delta = frac / S;
      for (Norm n : {Norm::l1, Norm::l2}) {
        const auto [q, l] = interior_maximiser(n, delta, S);
        pts.push_back({{"q", q}, {"delta", {delta}}, {"k", {0.0}}, {"l", {static_cast<double>(l)}}});
        pts.push_back({{"q", q}, {"delta", {delta}}, {"k", {0.0}}, {"l", {S >= 2 ? 1.0 : 0.0}}});
      }
    }
    return pts;
  });
}

/// A sample of delta_interior_domain: δ, p = δ + (1−Sδ)q ∈ Δ_δ and the Hessian indices k, ℓ (ℓ ≠ k unless
/// `diagonal`: then ℓ = k; an ℓ equal to k is moved to k+1).
template <class T> struct InteriorSample {
  T delta;
  Vec<T> p;
  int k, l;
};
template <class T> InteriorSample<T> interior_sample(const Args<T>& a, bool diagonal) {
  const T delta = a.real("delta");
  const int k = a.index("k");
  int l = diagonal ? k : a.index("l");
  if (!diagonal && l == k)
    l = (k + 1) % a.S();
  return {delta, trim<T>(a.simplex("q"), delta), k, l};
}

/// ‖H_kℓ‖₂ ≤ c₂^diag(δ,S) (k = ℓ, `diagonal`) or c₂^off(δ,S) (k ≠ ℓ) at the sample's point of Δ_δ.
auto hessian_below_c2_part(bool diagonal) {
  return [diagonal]<class T>(const Args<T>& a, const Consts<T>&) {
    const auto [delta, p, k, l] = interior_sample(a, diagonal);
    const InteriorSup<T> c2 = interior_sup<T>(Norm::l2, delta, a.S());
    return le<T>(T(sqrt(hessian_column(p, k, l).squaredNorm())), diagonal ? c2.diag : c2.off);
  };
}

// App. B §δ-interior refinements, inequality defining c₂^diag.
DCRV_CLAIM(claim_delta_hess_diag_bound) {
  return forall("B.delta-hess-diag-bound", Kind::bound)
      .where("App. B §δ-interior refinements, definition of c_2^diag")
      .statement(
          R"(\text{for }p_\theta\in\Delta_\delta$, $\delta\in(0,1/S)$, and $a=p_\theta(k)$: $\|H_{kk}(\theta)\|_2^2\le(a(1-a)(1-2a))^2+a^2(2a-1)^2\,\Xi_{S-1}(1-a;\delta)$; and hence $\|H_{kk}\|_2\le c_2^{\mathrm{diag}}(\delta,S)$, the square root of the maximum of the right side over $a\in[\delta,1-(S-1)\delta]$ (computed by grid search and golden-section refinement, in MPFR to working precision))")
      .over(delta_interior_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [delta, p, k, l] = interior_sample(a, true);
        const T mass = p(k), rest = p.sum() - p(k);
        return le<T>(hessian_column(p, k, l).squaredNorm(), diag_bound_l2sq<T>(mass, rest, a.S(), delta));
      })
      .and_holds("bounded by c2_diag(delta,S)", delta_interior_domain(), hessian_below_c2_part(true));
}

// App. B §δ-interior refinements, inequality defining c₂^off.
DCRV_CLAIM(claim_delta_hess_off_bound) {
  return forall("B.delta-hess-off-bound", Kind::bound)
      .where("App. B §δ-interior refinements, definition of c_2^off")
      .statement(
          R"(\text{for }p_\theta\in\Delta_\delta$, $k\ne\ell$, $a=p_\theta(k)$, $b=p_\theta(\ell)$, $r=1-a-b$: $\|H_{k\ell}(\theta)\|_2^2\le(ab)^2[(2a-1)^2+(2b-1)^2]+4a^2b^2\,\Xi_{S-2}(r;\delta)$ (for $S=2$: $r=0$, $\Xi_0(0;\delta)=0$); hence $\|H_{k\ell}\|_2\le c_2^{\mathrm{off}}(\delta,S)$, the square root of the maximum over admissible $(a,b)$ (nested grid + golden-section search))")
      .over(delta_interior_domain())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [delta, p, k, l] = interior_sample(a, false);
        const T r = p.sum() - p(k) - p(l);
        return le<T>(hessian_column(p, k, l).squaredNorm(), off_bound_l2sq<T>(p(k), p(l), r, a.S(), delta));
      })
      .and_holds("bounded by c2_off(delta,S)", delta_interior_domain(), hessian_below_c2_part(false));
}

/// max_{k,ℓ}‖H_kℓ(p)‖_n ≤ f·c_n(δ,S) at p = δ + (1−Sδ)q ∈ Δ_δ (the boxed display of §δ-interior refinements).
auto hessian_by_interior_sup(Norm n) {
  return [n]<class T>(const Args<T>& a, const Consts<T>& k) {
    const T delta = a.real("delta");
    const Vec<T> p = trim<T>(a.simplex("q"), delta);
    return le<T>(max_hessian_norm<T>(p, n), k("f") * interior_sup<T>(n, delta, a.S()).value());
  };
}

Domain trimmed_max_domain() {
  return with_trimmed(Domain()).points([](int S) {
    std::vector<Assign> pts;
    for (double frac : {1e-3, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99})
      for (Norm n : {Norm::l1, Norm::l2}) {
        const double delta = frac / S;
        pts.push_back({{"q", interior_maximiser(n, delta, S).first}, {"delta", {delta}}});
      }
    return pts;
  });
}

// App. B §δ-interior refinements, boxed display (first part): max_{k,ℓ}‖H_kℓ‖₂ ≤ c₂(δ,S) on Δ_δ.
DCRV_CLAIM(claim_delta_hess_l2_by_c2) {
  return forall("B.delta-hess-l2-by-c2", Kind::bound)
      .where("App. B §δ-interior refinements, boxed display (first part)")
      .statement(
          R"(\max_{k,\ell}\|H_{k\ell}(\theta)\|_2\le f\,c_2(\delta,S)$, $f=1$, whenever $p_\theta\in\Delta_\delta$, $\delta\in(0,1/S)$, where $c_2=\max\{c_2^{\mathrm{diag}},c_2^{\mathrm{off}}\}$ is computed exactly as displayed (maximisation over $a$, resp.\ $(a,b)$, numerically to working precision))")
      .constant("f", 1.0, Role::upper, "multiplier of c2(delta,S)")
      .over(trimmed_max_domain())
      .holds(hessian_by_interior_sup(Norm::l2));
}

// App. B §δ-interior refinements, boxed display (second part): max_{k,ℓ}‖H_kℓ‖₁ ≤ c₁(δ,S) on Δ_δ, with c₁
// from the "entirely analogous construction (sums of absolute values instead of squares)".
DCRV_CLAIM(claim_delta_hess_l1_by_c1) {
  return forall("B.delta-hess-l1-by-c1", Kind::bound)
      .where("App. B §δ-interior refinements, boxed display (second part)")
      .statement(
          R"(\max_{k,\ell}\|H_{k\ell}(\theta)\|_1\le f\,c_1(\delta,S)$, $f=1$, whenever $p_\theta\in\Delta_\delta$, where $c_1=\max\{c_1^{\mathrm{diag}},c_1^{\mathrm{off}}\}$ is the analogous construction with absolute values: $c_1^{\mathrm{diag}}=\max_a[a(1-a)|1-2a|+a|2a-1|(1-a)]$ over $a\in[\delta,1-(S-1)\delta]$ and $c_1^{\mathrm{off}}=\max_{a,b}[ab(|2a-1|+|2b-1|)+2ab\,r]$ over $a,b\ge\delta$, $r=1-a-b\ge(S-2)\delta$ (the $\ell_1$ analogue of $\Xi$ is $\max\{\sum|x_j|\}=M$))")
      .constant("f", 1.0, Role::upper, "multiplier of c1(delta,S)")
      .over(trimmed_max_domain())
      .holds(hessian_by_interior_sup(Norm::l1));
}

// Reading of the same display via the reference table ("c₁, c₂: ℓ1/ℓ2 Hessian suprema on Δ_δ"): the
// construction is not only a bound but the supremum, i.e. it is attained by some p ∈ Δ_δ.
DCRV_CLAIM(claim_delta_hess_l1_by_c1_table) {
  const auto attained = []<class T>(const Args<T>& a, const Consts<T>& k) {
    const int S = a.S();
    const T delta = a.real("delta");
    const InteriorSup<T> s = interior_sup<T>(Norm::l1, delta, S);
    const Vec<T> p = interior_argmax<T>(s, delta, S);
    // the constructed maximiser must lie in Δ_δ (up to the rounding of 1 − a − (S−2)δ)
    if (p.minCoeff() < delta - identity_tolerance<T>())
      return eq<T>(T(1), T(0));
    return eq<T>(max_hessian_norm<T>(p, Norm::l1), k("f") * s.value());
  };
  return forall("B.delta-hess-l1-by-c1~table", Kind::bound)
      .where("App. B §δ-interior refinements, boxed display; reference table row c_1, c_2")
      .reading("c_1(delta,S) is the l1 Hessian supremum over the trimmed simplex (reference table): the "
               "analogous construction must be attained, not only bound")
      .statement(
          R"(c_1(\delta,S)=\sup_{p_\theta\in\Delta_\delta}\max_{k,\ell}\|H_{k\ell}(\theta)\|_1$: the bound $\max_{k,\ell}\|H_{k\ell}\|_1\le f\,c_1$ ($f=1$) on $\Delta_\delta$, and equality at the point of $\Delta_\delta$ built from the maximiser of the construction (computed in working precision))")
      .constant("f", 1.0, Role::exact, "multiplier of c1(delta,S)")
      .over(trimmed_max_domain())
      .holds(hessian_by_interior_sup(Norm::l1))
      .and_holds("attained in the trimmed simplex", Domain().real("delta", floor_range(1e-12), true),
                 attained);
}

Domain delta_only_domain(double lo) {
  return Domain().real("delta", floor_range(lo), true).points([](int S) {
    std::vector<Assign> pts;
    for (double d : {0.01, 0.1, 0.2, kAminus * 0.999, 0.25, 0.3, 0.4, 0.49})
      if (d < 1.0 / S)
        pts.push_back({{"delta", {d}}});
    return pts;
  });
}

/// c_n(δ,S) < c strictly (at working precision), for δ above the constant "delta_crit" when `above_crit`.
auto interior_sup_strictly_below(Norm n, bool above_crit) {
  return [n, above_crit]<class T>(const Args<T>& a, const Consts<T>& k) {
    const T delta = a.real("delta");
    if (above_crit && !(delta > k("delta_crit")))
      return skip<T>();
    return strictly_less<T>(interior_sup<T>(n, delta, a.S()).value(), k("c"), Strict::tolerance);
  };
}

// App. B §δ-interior refinements ("c₂(δ,S) := max{…} < 1/√54"); reference table.
DCRV_CLAIM(claim_c2_below_global) {
  return forall("B.c2-below-global", Kind::bound)
      .where("App. B §δ-interior refinements (definition of c_2); reference table")
      .statement(
          R"(c_2(\delta,S)<c$, $c=1/\sqrt{54}$, strictly, for every $S\ge2$ and $\delta\in(0,1/S)$ ($\delta\in[10^{-6},1/S)$ sampled: for smaller $\delta$ the genuine gap, $\approx0.6\,\delta$ for $S\ge3$, nears the double-precision threshold $10^{-9}c$ of the strictness test). Strictness is checked at working precision: a violation is $c-c_2(\delta,S)<10^{-0.6d}c$, with the candidates $a_\pm$ evaluated exactly inside the maximisation)")
      .constant("c", Role::upper, "the global l2 constant 1/sqrt(54)", kSupL2)
      .over(delta_only_domain(1e-6))
      .holds(interior_sup_strictly_below(Norm::l2, false));
}

// App. B §δ-interior refinements ("yields c₁(δ,S) < 1/(3√3)"); reference table.
DCRV_CLAIM(claim_c1_below_global) {
  return forall("B.c1-below-global", Kind::bound)
      .where("App. B §δ-interior refinements (construction of c_1); reference table")
      .statement(
          R"(c_1(\delta,S)<c$, $c=1/(3\sqrt3)$, strictly, for every $S\ge2$ and $\delta\in(0,1/S)$ ($\delta\in[10^{-6},1/S)$ sampled), with $c_1$ the $\ell_1$ construction of B.delta-hess-l1-by-c1; strictness checked at working precision (violation: $c-c_1<10^{-0.6d}c$, candidates $a_\pm$ evaluated exactly))")
      .constant("c", Role::upper, "the global l1 constant 1/(3 sqrt 3)", kSupL1)
      .over(delta_only_domain(1e-6))
      .holds(interior_sup_strictly_below(Norm::l1, false));
}

// The corrected statements (findings B.c2-attained-S2 and B.l1-hessian-depends-on-pk,
// properties/findings/B_hessian_suprema.cpp). c₂(δ,S) is the ℓ2 supremum over Δ_δ, and the global maximiser
// (a₊, a₋) lies in Δ_δ exactly when S = 2 and δ ≤ a₋ = δ_crit: there c₂(δ,2) = 1/√54; for S ≥ 3 the floor δ
// keeps residual mass off the maximiser and c₂ < 1/√54. For ℓ1, ‖H_kk‖₁ = 2a(1−a)|1−2a| (a = p_k) depends on
// a alone, so c₁(δ,S) = 1/(3√3) exactly when [δ, 1−(S−1)δ] contains a₋ or a₊, i.e. δ ≤ min{a₋, a₊/(S−1)};
// otherwise the maximum over a ∈ [δ, 1−(S−1)δ] and the off-diagonal terms (which reach 1/(3√3) only with no
// residual mass, r = 0, impossible in Δ_δ for S ≥ 3) stay strictly below.
/// c_n(δ,S) = c for δ ≤ threshold(S), c_n(δ,S) < c strictly (working precision) above it.
template <class Threshold> auto interior_sup_attained_below(Norm n, Threshold threshold) {
  return [n, threshold]<class T>(const Args<T>& a, const Consts<T>& k) {
    const T delta = a.real("delta");
    const T value = interior_sup<T>(n, delta, a.S()).value();
    if (delta <= threshold(a.S(), a_plus_exact<T>()))
      return eq<T>(value, k("c"));
    return strictly_less<T>(value, k("c"), Strict::tolerance);
  };
}

DCRV_CLAIM(claim_c2_below_global_corrected) {
  return forall("B.c2-below-global~corrected", Kind::bound)
      .where("App. B §δ-interior refinements (definition of c_2); reference table")
      .reading("c_2(delta,S) = 1/sqrt(54) for S = 2 and delta <= delta_crit (the maximiser (a+, a-) lies in "
               "Delta_delta), strictly below otherwise")
      .statement(
          R"(c_2(\delta,2)=c$ for $\delta\le\delta_{\rm crit}=a_-$, and $c_2(\delta,S)<c$ strictly for $S\ge3$ or $\delta>\delta_{\rm crit}$; $c=1/\sqrt{54}$, $\delta\in[10^{-6},1/S)$ sampled, strictness at working precision as in B.c2-below-global)")
      .constant("c", Role::exact, "the global l2 constant 1/sqrt(54)", kSupL2)
      .over(delta_only_domain(1e-6))
      .holds(interior_sup_attained_below(
          Norm::l2, []<class T>(int S, const T& a_plus) { return S == 2 ? T(T(1) - a_plus) : T(-1); }));
}

DCRV_CLAIM(claim_c1_below_global_corrected) {
  return forall("B.c1-below-global~corrected", Kind::bound)
      .where("App. B §δ-interior refinements (construction of c_1); reference table")
      .reading("c_1(delta,S) = 1/(3 sqrt 3) for delta <= min(a-, a+/(S-1)) (p_k = a+- fits in Delta_delta), "
               "strictly below otherwise")
      .statement(
          R"(c_1(\delta,S)=c$ for $\delta\le\min\{a_-,a_+/(S-1)\}$ and $c_1(\delta,S)<c$ strictly for larger $\delta$, every $S\ge2$; $c=1/(3\sqrt3)$, $\delta\in[10^{-6},1/S)$ sampled, strictness at working precision as in B.c1-below-global)")
      .constant("c", Role::exact, "the global l1 constant 1/(3 sqrt 3)", kSupL1)
      .over(delta_only_domain(1e-6))
      .holds(interior_sup_attained_below(Norm::l1, []<class T>(int S, const T& a_plus) {
        const T a_minus = T(1) - a_plus, other = a_plus / T(S - 1);
        return a_minus < other ? a_minus : other;
      }));
}

// App. B §δ-interior refinements ("The global maximizers lie at a_±") and proof sketch of
// thm:B-Hessian-suprema.
DCRV_CLAIM(claim_hessian_maximizers_apm) {
  return forall("B.hessian-maximizers-apm", Kind::sharpness)
      .where("App. B §δ-interior refinements; proof sketch of Thm. thm:B-Hessian-suprema")
      .statement(
          R"(\text{the maximisers of }\|H_{k\ell}\|_2$ and $\|H_{k\ell}\|_1$ have $p_\theta(k)\in\{a_+,a_-\}$. Checked as quadratic growth away from $\{a_\pm\}$ on the closed simplex, all $k,\ell$: $\sigma_2-\|H_{k\ell}\|_2\ge\kappa_2\,d^2$ and $\sigma_1-\|H_{k\ell}\|_1\ge\kappa_1\,d^2$ with $d=\operatorname{dist}(p(k),\{a_+,a_-\})$, $\sigma_2=1/\sqrt{54}$, $\sigma_1=1/(3\sqrt3)$, $\kappa_2=\tfrac12$, $\kappa_1=\tfrac34$ (dcrv's constants; the measured infima are $\approx0.572$ and $\approx0.809$, at $p=(\tfrac12,\tfrac14,\tfrac14,0,\dots)$), together with $\|H_{k\ell}\|=\sigma$ at $p=(a_\pm,a_\mp,0,\dots)$)")
      .constant("a_plus", Role::exact, "extremal mass a_+ (a_- = 1 - a_+)", kAPlus)
      .constant("sup_l2", Role::exact, "the l2 supremum", kSupL2)
      .constant("sup_l1", Role::exact, "the l1 supremum", kSupL1)
      .constant("kappa_l2", 0.5, Role::lower, "quadratic-growth constant (l2), dcrv's proxy")
      .constant("kappa_l1", 0.75, Role::lower, "quadratic-growth constant (l1), dcrv's proxy")
      .over(Domain().simplex("p", true).index("k").index("l").points([](int S) {
        auto pts = hessian_extremal_points(S);
        if (S == 2)
          pts.push_back({{"p", {0.5, 0.5}}, {"k", {0.0}}, {"l", {0.0}}});
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p");
        const int kk = a.index("k");
        const Vec<T> h = hessian_column(p, kk, a.index("l"));
        const T d2 = sq(distance_to_apm<T>(p(kk), k("a_plus")));
        // scale = the supremum: the gap is a difference of O(σ) terms
        return worst(le<T>(k("kappa_l2") * d2, T(k("sup_l2") - vector_norm<T>(h, Norm::l2)), k("sup_l2")),
                     le<T>(k("kappa_l1") * d2, T(k("sup_l1") - vector_norm<T>(h, Norm::l1)), k("sup_l1")));
      })
      .and_holds("suprema reached at (a_+-, a_-+, 0, ...)", extremal_closure_domain(),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   return reaches_both_suprema(closure_hessian(a, a.S(), k("a_plus")), k);
                 });
}

Domain delta_crit_domain() {
  return Domain().dims(2, 4).real("delta", floor_range(0.2)).points([](int S) {
    std::vector<Assign> pts;
    // just below and just above δ_crit ≈ 0.21132: skipped at the paper's δ_crit, active when it is
    // lowered
    for (double d : {0.2095, 0.2105, 0.2110, 0.2113, 0.21133, 0.2115, 0.22, 0.24})
      if (d < 1.0 / S)
        pts.push_back({{"delta", {d}}});
    return pts;
  });
}

// App. B, boxed eq. (B-delta-crit): δ > δ_crit ⇒ c₂(δ,S) < 1/√54 strictly.
DCRV_CLAIM(claim_delta_crit_strict_l2) {
  return forall("B.delta-crit-strict-l2", Kind::bound)
      .where("App. B, eq. (B-delta-crit) and the sentence around it")
      .statement(
          R"(\text{if }\delta_{\mathrm{crit}}<\delta<1/S$ ($S\in\{2,3,4\}$), $\delta_{\mathrm{crit}}=\tfrac12-\tfrac1{2\sqrt3}$, then $c_2(\delta,S)<c$, $c=1/\sqrt{54}$, strictly (checked at working precision: violation iff $c-c_2<10^{-0.6d}c$))")
      .constant("delta_crit", Role::upper, "critical floor 1/2 - 1/(2 sqrt 3)", kAMinus)
      .constant("c", Role::upper, "the global l2 constant 1/sqrt(54)", kSupL2)
      .over(delta_crit_domain())
      .skips("delta <= delta_crit: the domain starts at 0.2 < delta_crit = 0.2113 so that an overridden "
             "delta_crit "
             "moves the threshold both ways")
      .holds(interior_sup_strictly_below(Norm::l2, true));
}

// App. B, boxed eq. (B-delta-crit): δ > δ_crit ⇒ c₁(δ,S) < 1/(3√3) strictly.
DCRV_CLAIM(claim_delta_crit_strict_l1) {
  return forall("B.delta-crit-strict-l1", Kind::bound)
      .where("App. B, eq. (B-delta-crit) and the sentence around it")
      .statement(
          R"(\text{if }\delta_{\mathrm{crit}}<\delta<1/S$ ($S\in\{2,3,4\}$), then $c_1(\delta,S)<c$, $c=1/(3\sqrt3)$, strictly (working precision, as in B.delta-crit-strict-l2))")
      .constant("delta_crit", Role::upper, "critical floor 1/2 - 1/(2 sqrt 3)", kAMinus)
      .constant("c", Role::upper, "the global l1 constant 1/(3 sqrt 3)", kSupL1)
      .over(delta_crit_domain())
      .skips("delta <= delta_crit: the domain starts at 0.2 < delta_crit = 0.2113 so that an overridden "
             "delta_crit "
             "moves the threshold both ways")
      .holds(interior_sup_strictly_below(Norm::l1, true));
}

/// The δ-interior remainder bounds: ‖R‖ ≤ f·c(δ,S)·η²·(size of g), f = 1/2, on paths inside Δ_δ.
template <class T>
Ineq<T> interior_remainder(const Args<T>& a, const Consts<T>& k, Norm r_norm, Norm c_norm, bool sparse) {
  const InteriorPath<T> path = decode_interior_path(a, sparse);
  if (!path.admissible)
    return skip<T>();
  const Vec<T> r = remainder_exact<T>(path.p, path.x);
  const T c = interior_sup<T>(c_norm, path.delta, a.S()).value();
  const T size = sparse ? T(sqrt(T(support_size(path.g))) * path.g.squaredNorm()) : sq(norm1(path.g));
  return le<T>(vector_norm<T>(r, r_norm), k("f") * c * sq(path.eta) * size);
}

constexpr const char* kPathNote =
    R"($ (the path condition is equivalent to both end points lying in $\Delta_\delta$, since each $\log p_{\theta+\tau\eta g}(i)$ is concave in $\tau$; sampled as $p_\theta=\delta+(1-S\delta)q$, direction $g$, $\eta=\lambda\,t_{\max}$ with $t_{\max}$ the longest admissible step))";

/// The δ-interior remainder claims (§δ-interior refinements, last sentence, with a line of eq. B-remainders):
/// ‖R‖_{r_norm} ≤ f·c(δ,S)·η²·size(g) on paths inside Δ_δ, c = c_{c_norm}; `meaning` describes f.
ForAll delta_remainder_claim(const char* id, const char* line, const char* statement, const char* meaning,
                             Norm r_norm, Norm c_norm, bool sparse) {
  return forall(id, Kind::bound)
      .where(std::string("App. B §δ-interior refinements, last sentence (with eq. B-remainders line ") +
             line + ")")
      .statement(std::string(statement) + kPathNote)
      .skips("paths that leave Delta_delta (t_max = 0 at a face of the trimmed simplex with g pointing out, "
             "or the "
             "end point rounding below delta at lambda near 1) are outside the hypothesis p_{theta+tau eta "
             "g} in "
             "Delta_delta")
      .constant("f", 0.5, Role::upper, meaning)
      .over(interior_path_domain(sparse))
      .holds([=]<class T>(const Args<T>& a, const Consts<T>& k) {
        return interior_remainder(a, k, r_norm, c_norm, sparse);
      });
}

// App. B §δ-interior refinements, last sentence: the remainder bounds with c₁, c₂ in place of the global
// constants — ℓ1 line.
DCRV_CLAIM(claim_delta_remainder_l1) {
  return delta_remainder_claim(
      "B.delta-remainder-l1", "1",
      R"(\|R_{\theta,\eta}\|_1\le f\,c_1(\delta,S)\,\eta^2\|g\|_1^2$, $f=\tfrac12$, whenever $p_{\theta+\tau\eta g}\in\Delta_\delta$ for all $\tau\in[0,1])",
      "coefficient of c1(delta,S) eta^2 ||g||_1^2", Norm::l1, Norm::l1, false);
}

// Same, ℓ2 line with c₂.
DCRV_CLAIM(claim_delta_remainder_l2) {
  return delta_remainder_claim(
      "B.delta-remainder-l2", "2",
      R"(\|R_{\theta,\eta}\|_2\le f\,c_2(\delta,S)\,\eta^2\|g\|_1^2$, $f=\tfrac12$, whenever the path stays in $\Delta_\delta)",
      "coefficient of c2(delta,S) eta^2 ||g||_1^2", Norm::l2, Norm::l2, false);
}

// Same, ℓ∞ line with c₁.
DCRV_CLAIM(claim_delta_remainder_linf) {
  return delta_remainder_claim(
      "B.delta-remainder-linf", "2",
      R"(\|R_{\theta,\eta}\|_\infty\le f\,c_1(\delta,S)\,\eta^2\|g\|_1^2$, $f=\tfrac12$, whenever the path stays in $\Delta_\delta)",
      "coefficient of c1(delta,S) eta^2 ||g||_1^2", Norm::linf, Norm::l1, false);
}

// Same, sparse ℓ2 line (eq. B-remainders line 3) — the inventory's reading with c₁ replacing 1/(3√3).
DCRV_CLAIM(claim_delta_remainder_l2_sparse) {
  return delta_remainder_claim(
      "B.delta-remainder-l2-sparse", "3",
      R"(\|R_{\theta,\eta}\|_2\le f\,c_1(\delta,S)\,\eta^2\sqrt s\,\|g\|_2^2$, $f=\tfrac12$, $s=\|g\|_0$ (every support size), whenever the path stays in $\Delta_\delta)",
      "coefficient of c1(delta,S) eta^2 sqrt(s) ||g||_2^2", Norm::l2, Norm::l1, true);
}

// Other reading: the ℓ2 constant c₂ replaces 1/(3√3) in the sparse line (the bound is an ℓ2 bound).
DCRV_CLAIM(claim_delta_remainder_l2_sparse_c2) {
  return delta_remainder_claim(
             "B.delta-remainder-l2-sparse~c2", "3",
             R"(\|R_{\theta,\eta}\|_2\le f\,c_2(\delta,S)\,\eta^2\sqrt s\,\|g\|_2^2$, $f=\tfrac12$, $s=\|g\|_0$, whenever the path stays in $\Delta_\delta)",
             "coefficient of c2(delta,S) eta^2 sqrt(s) ||g||_2^2", Norm::l2, Norm::l2, true)
      .reading("the l2 constant c_2(delta,S) replaces 1/(3 sqrt 3) in the sparse l2 remainder bound");
}

} // namespace
} // namespace dcrv
