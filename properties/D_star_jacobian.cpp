// Appendix D — the Jacobian of the STaR score (appendix_D_aistats.tex lem:J-structure, prop:Lip-J, the
// "Continuity caveat", prop:ambient-lb, cor:M1, the norm conventions of §Setting and the last remark of
// §Edge cases).
//
// Conventions as in D_star_score.cpp: K = S ≥ 2, M = M_idx + 1, C = the cyclic window from "first".
// J(p) = [∂φ_k/∂p_j] is the ambient derivative of the formula of def:star-score (p on the open orthant, no
// normalisation), as in lem:J-structure. Matrix norms: ‖J‖_1 = max column sum, ‖J‖_∞ = max row sum,
// ‖J‖_2 = σ_max; ‖J|_T‖ = σ_max(JQ) with Q an orthonormal basis of T = 1^⊥ (J restricted to T, into ℝ^K).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "dcrv/linalg.hpp"
#include "dcrv/numdiff.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/simplex.hpp"
#include "properties/domains/star.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {
using namespace star_domain;

// ---------------------------------------------------------------------------------------------------------
// Helpers (generic in the scalar T).
// ---------------------------------------------------------------------------------------------------------

/// Extremal simplex weights for every M (C = {0,…,M−1}): one dominant correct coordinate, a dominant second
/// correct coordinate, equal correct masses with ρ → 1 and ρ → 0, and ρ → 0 concentrated on one coordinate.
Pts jacobian_points(int K) {
  Pts out;
  for (int M = 1; M <= K; ++M) {
    auto with = [&](std::vector<double> w) {
      out.push_back({{"p", w}, {"M", {double(M - 1)}}, {"first", {0.0}}});
    };
    for (double tiny : {1e-6, 1e-20, 1e-40}) {
      std::vector<double> dom(K, tiny), eqc(K, tiny), eqs(K, 1.0), conc(K, 1.0);
      dom[0] = 1;
      with(dom);
      for (int c = 0; c < M; ++c)
        eqc[c] = 1, eqs[c] = tiny, conc[c] = tiny * 1e-3;
      with(eqc);
      if (M < K)
        with(eqs);
      conc[0] = tiny;
      if (M < K)
        with(conc);
      if (M >= 2) {
        std::vector<double> sec(K, tiny);
        sec[1] = 1;
        with(sec);
      }
    }
  }
  return out;
}

/// int Δ^{K−1} (field p) with every partition, and jacobian_points.
Domain interior_points() {
  return partitioned().simplex("p").points(jacobian_points);
}

/// The trimmed simplex Δ_δ, δ ∈ (0, 1/K), as p = δ1 + (1 − Kδ)q (q over the closed simplex): onto Δ_δ.
Domain trimmed() {
  return with_trimmed(partitioned()).points([](int K) {
    Pts out;
    for (int M = 1; M <= K; ++M)
      for (double delta : {0.1 / K, 1e-3 / K, 1e-9}) {
        auto with = [&](std::vector<double> q) {
          out.push_back({{"q", q}, {"M", {double(M - 1)}}, {"first", {0.0}}, {"delta", {delta}}});
        };
        std::vector<double> v0(K, 0.0), v1(K, 0.0), half(K, 0.0), inc(K, 0.0);
        v0[0] = 1;
        with(v0); // one correct coordinate carries the mass
        if (M >= 2) {
          v1[1] = 1;
          with(v1); // c0 at the floor, c1 large
          half[1] = 1e-3, half[0] = 0;
          half[K - 1] = 1;
          with(half);
        }
        if (M < K) {
          inc[K - 1] = 1;
          with(inc); // every correct coordinate at the floor: ρ = Mδ
        }
      }
    return out;
  });
}

/// ‖A‖_1 = max column sum.
template <class T> T norm_col(const Mat<T>& a) {
  return norm_inf_to_inf<T>(Mat<T>(a.transpose()));
}

/// σ_max(J Q), Q an orthonormal basis of T: the norm of J restricted to T = 1^⊥ (as a map T → ℝ^K).
template <class T> T tangent_restricted_norm(const Mat<T>& j) {
  return spectral_norm<T>(Mat<T>(j * tangent_basis<T>(static_cast<int>(j.rows()))));
}

/// Π_T J Π_T, Π_T = I − 11ᵀ/K: the compression of J to T = 1^⊥.
template <class T> Mat<T> tangent_compression(const Mat<T>& j) {
  const Eigen::Index K = j.rows();
  const Mat<T> pi = Mat<T>::Identity(K, K) - Mat<T>::Constant(K, K, T(1) / T(K));
  return pi * j * pi;
}

/// ∂f/∂p by a 6th-order central difference of f on the open orthant (independent of the closed form).
/// Step h_j = τρ for j ∈ C and τ for j ∈ I, τ = ε^{1/7}: the formula is rational in p with its only pole at
/// ρ = 0, at distance ≳ ρ, so truncation is O(τ⁶) and rounding O(ε/τ) relative to the entries' term sizes.
/// (The formula is evaluated at p_j ± 3h_j even if that is negative: it is defined wherever ρ ≠ 0.)
template <class T, class F> Mat<T> fd_jacobian(const F& f, const Vec<T>& p, const StarPartition& part) {
  const T tau = central_difference_step<T>(), rho = star_correct_mass(p, part);
  return central_difference_jacobian<T>(
      f, p, [&](Eigen::Index j) { return part.is_correct(static_cast<int>(j)) ? T(tau * rho) : tau; });
}

/// fd_jacobian of φ (def:star-score, the literal formula): the Jacobian independent of star_jacobian.
template <class T> Mat<T> fd_star_jacobian(const Vec<T>& p, const StarPartition& part) {
  const auto phi = [&part](const Vec<T>& x) { return star_score_formula<T>(x, part); };
  return fd_jacobian<T>(phi, p, part);
}

/// The size of the terms of the entry J_kj in lem:J-structure (the scale of its cancellation): for j ∈ C,
/// δ_kj/ρ + p_k/ρ² + 2p_j/ρ + S⁽²⁾/ρ² (k ∈ C) and 2p_j/ρ + S⁽²⁾/ρ² (k ∈ I); for j ∈ I, 1/ρ (the row scale).
template <class T> Mat<T> jacobian_term_scale(const Vec<T>& p, const StarPartition& part) {
  const Eigen::Index K = p.size();
  const T rho = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part);
  Mat<T> s(K, K);
  for (Eigen::Index k = 0; k < K; ++k)
    for (Eigen::Index j = 0; j < K; ++j) {
      if (!part.is_correct(static_cast<int>(j))) {
        s(k, j) = T(1) / rho;
        continue;
      }
      s(k, j) = T(2) * p(j) / rho + s2 / (rho * rho);
      if (part.is_correct(static_cast<int>(k)))
        s(k, j) += p(k) / (rho * rho) + (k == j ? T(T(1) / rho) : T(0));
    }
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// §Setting: the interpolation inequality.
// ---------------------------------------------------------------------------------------------------------

constexpr int kMaxRows = 16; // rows of the generic matrices (the deep budget's largest K)
/// The names of the row fields of the generic matrices.
const char* row_name(int r) {
  static constexpr const char* names[kMaxRows] = {"r0", "r1", "r2",  "r3",  "r4",  "r5",  "r6",  "r7",
                                                  "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
  return names[r];
}

// App. D §Setting (norm conventions): ‖J‖_2 ≤ √(‖J‖_1‖J‖_∞) for every real K×K matrix.
DCRV_CLAIM(spectral_interp) {
  Domain generic = Domain().dims(2, kMaxRows);
  for (int r = 0; r < kMaxRows; ++r)
    generic.vector(row_name(r));
  generic.points([](int K) {
    Pts out;
    Assign ones, rank1;
    for (int r = 0; r < K; ++r) {
      ones[row_name(r)] = std::vector<double>(K, 1.0);
      std::vector<double> row(K);
      for (int c = 0; c < K; ++c)
        row[c] = (r + 1.0) * (c % 2 ? -1.0 : 2.0);
      rank1[row_name(r)] = row;
    }
    out.push_back(ones);
    out.push_back(rank1);
    return out;
  });
  return forall("D.spectral-interp", Kind::bound)
      .where("App. D §Setting (norm conventions)")
      .statement(
          R"(\|A\|_2\le\sqrt{\|A\|_1\|A\|_\infty}$ ($\|\cdot\|_1$ max column sum, $\|\cdot\|_\infty$ max row sum) for (i) $A=J(p)$, the STaR Jacobian, $p\in\operatorname{int}\Delta^{K-1}$, every partition, $K\ge2$; (ii) generic real $K\times K$ matrices with Gaussian rows, $K=2\dots16$, plus the all-ones matrix (equality) and a rank-one matrix)")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Mat<T> j = star_jacobian(a.simplex("p"), partition_of(a));
        return le<T>(spectral_norm(j), sqrt(T(norm_col(j) * norm_inf_to_inf(j))));
      })
      .and_holds("generic matrices", generic, []<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = a.S();
        Mat<T> m(K, K);
        for (int r = 0; r < K; ++r)
          m.row(r) = a.vec(row_name(r)).transpose();
        return le<T>(spectral_norm(m), sqrt(T(norm_col(m) * norm_inf_to_inf(m))));
      });
}

// ---------------------------------------------------------------------------------------------------------
// Lemma lem:J-structure.
// ---------------------------------------------------------------------------------------------------------

// App. D, lem:J-structure: J_kj = 0 for j ∈ I.
DCRV_CLAIM(jac_zero_columns) {
  return forall("D.jac-zero-columns", Kind::identity)
      .where("App. D, Lemma lem:J-structure")
      .statement(
          R"(\partial\phi_k/\partial p_j=0$ for all $k$ and all $j\in\mathcal I$, $p\in\operatorname{int}\Delta^{K-1}$, $1\le M<K$: the columns $j\in\mathcal I$ of a 6th-order central difference of $\phi$ (ambient, step $\varepsilon^{1/7}$) vanish relative to $1/\rho$, the size of the other entries, and so do those of the closed form)")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, rho] = point_sample(a);
        if (part.num_incorrect() == 0)
          return skip<T>();
        const Mat<T> fd = fd_star_jacobian<T>(p, part), closed = star_jacobian(p, part);
        const T scale = T(1) / rho;
        T worst_entry(0);
        for (int j : part.incorrect_indices())
          worst_entry = std::max(
              {worst_entry, T(fd.col(j).cwiseAbs().maxCoeff()), T(closed.col(j).cwiseAbs().maxCoeff())});
        return eq<T>(worst_entry, T(0), scale);
      });
}

// App. D, lem:J-structure: ∂(p_k/ρ)/∂p_j = (δ_kj ρ − p_k)/ρ² and ∂(S⁽²⁾/ρ)/∂p_j = (2p_jρ − S⁽²⁾)/ρ² for j ∈
// C.
DCRV_CLAIM(jac_partials) {
  return forall("D.jac-partials", Kind::identity)
      .where("App. D, Lemma lem:J-structure")
      .statement(
          R"(For $j\in\mathcal C$ and every $k$: $\partial(p_k/\rho)/\partial p_j=(\delta_{kj}\rho-p_k)/\rho^2$ and $\partial(S^{(2)}/\rho)/\partial p_j=(2p_j\rho-S^{(2)})/\rho^2$, $p\in\operatorname{int}\Delta^{K-1}$, every partition; left sides by a 6th-order central difference (ambient, step $\varepsilon^{1/7}\rho$), each entry relative to the size of its terms)")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = partition_of(a);
        const Vec<T> p = a.simplex("p");
        const Eigen::Index K = p.size();
        const auto ratio = [&part](const Vec<T>& x) { return Vec<T>(x / star_correct_mass(x, part)); };
        const auto mean = [&part](const Vec<T>& x) {
          return Vec<T>::Constant(1, star_correct_square_sum(x, part) / star_correct_mass(x, part)).eval();
        };
        const Mat<T> fd_ratio = fd_jacobian<T>(ratio, p, part), fd_mean = fd_jacobian<T>(mean, p, part);
        const T rho = star_correct_mass(p, part), s2 = star_correct_square_sum(p, part), rho2 = rho * rho;
        Mat<T> ratio_formula = Mat<T>::Zero(K, K), ratio_scale = Mat<T>::Constant(K, K, T(1) / rho);
        Mat<T> mean_formula = Mat<T>::Zero(1, K), mean_scale = Mat<T>::Constant(1, K, T(1) / rho);
        for (int j : part.correct_indices()) {
          for (Eigen::Index k = 0; k < K; ++k) {
            ratio_formula(k, j) = ((k == j ? rho : T(0)) - p(k)) / rho2;
            ratio_scale(k, j) = ((k == j ? rho : T(0)) + p(k)) / rho2;
          }
          mean_formula(0, j) = (T(2) * p(j) * rho - s2) / rho2;
          mean_scale(0, j) = (T(2) * p(j) * rho + s2) / rho2;
        }
        // The claim is about the columns j ∈ C only (for j ∈ I, ∂(p_j/ρ)/∂p_j = 1/ρ): drop the others.
        Mat<T> fd_ratio_c = fd_ratio, fd_mean_c = fd_mean;
        for (int j : part.incorrect_indices())
          fd_ratio_c.col(j).setZero(), fd_mean_c.col(j).setZero();
        return worst(eq_scaled<T>(fd_ratio_c, ratio_formula, ratio_scale),
                     eq_scaled<T>(fd_mean_c, mean_formula, mean_scale));
      });
}

// App. D, lem:J-structure: the entries of J.
DCRV_CLAIM(jac_entries) {
  return forall("D.jac-entries", Kind::identity)
      .where("App. D, Lemma lem:J-structure")
      .statement(
          R"(For $j\in\mathcal C$: $J_{kj}=\delta_{kj}/\rho-p_k/\rho^2-2p_j/\rho+S^{(2)}/\rho^2$ ($k\in\mathcal C$), $J_{kj}=-2p_j/\rho+S^{(2)}/\rho^2$ ($k\in\mathcal I$); $J_{kj}=0$ for $j\in\mathcal I$. The Jacobian of $\phi$ by a 6th-order central difference (ambient, step $\varepsilon^{1/7}\rho$; MPFR at 50 digits for confirmation) is compared entry by entry with these formulas, relative to the size of each entry's terms; $p\in\operatorname{int}\Delta^{K-1}$ incl.\ $\rho$ down to $10^{-40}$, every partition, $K\ge2$)")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, rho] = point_sample(a);
        const Eigen::Index K = p.size();
        const T s2 = star_correct_square_sum(p, part), rho2 = rho * rho;
        Mat<T> formula =
            Mat<T>::Zero(K, K); // the paper's display, written out independently of star_jacobian
        for (int j : part.correct_indices())
          for (Eigen::Index k = 0; k < K; ++k)
            formula(k, j) =
                part.is_correct(static_cast<int>(k))
                    ? T((k == j ? T(1) / rho : T(0)) - p(k) / rho2 - T(2) * p(j) / rho + s2 / rho2)
                    : T(-T(2) * p(j) / rho + s2 / rho2);
        const Mat<T> fd = fd_star_jacobian<T>(p, part), scale = jacobian_term_scale(p, part);
        return worst(eq_scaled<T>(fd, formula, scale), eq_scaled<T>(star_jacobian(p, part), formula, scale));
      });
}

// App. D, lem:J-structure ("in particular"): rank J(p) ≤ M.
DCRV_CLAIM(jac_rank) {
  return forall("D.jac-rank", Kind::bound)
      .where("App. D, Lemma lem:J-structure")
      .statement(
          R"(\operatorname{rank}J(p)\le M$: the $K-M$ smallest eigenvalues of $J^\top J$ vanish (relative to $\lambda_{\max}(J^\top J)$), $p\in\operatorname{int}\Delta^{K-1}$, $1\le M<K$)")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = partition_of(a);
        const int K = a.S(), M = part.num_correct();
        if (M == K)
          return skip<T>();
        const Mat<T> j = star_jacobian(a.simplex("p"), part);
        const Vec<T> ev = symmetric_eigenvalues<T>(Mat<T>(j.transpose() * j));
        return le<T>(abs(ev(K - M - 1)), T(0), ev(K - 1));
      });
}

// ---------------------------------------------------------------------------------------------------------
// Proposition prop:Lip-J: norms of J on Δ_δ and where ρ ≥ ρ_min.
// ---------------------------------------------------------------------------------------------------------

/// The matrix norms of prop:Lip-J: ‖J‖_∞ (max row sum), ‖J‖_1 (max column sum), ‖J‖_2 (σ_max).
template <class T> T jacobian_norm(const Mat<T>& j, Norm n) {
  switch (n) {
  case Norm::linf:
    return norm_inf_to_inf<T>(j);
  case Norm::l1:
    return norm_col<T>(j);
  default:
    return spectral_norm<T>(j);
  }
}
/// prop:Lip-J: ‖J(p)‖_n ≤ bound(k, x, M, K), on Δ_δ (trimmed: p the sample's point of Δ_δ, x = δ) or on int Δ
/// at ρ_min = ρ(p) (x = ρ(p), the strongest instance).
template <class Bound> auto lip_j_property(Norm n, bool trimmed, Bound bound) {
  return [=]<class T>(const Args<T>& a, const Consts<T>& k) {
    const StarPartition part = partition_of(a);
    const Vec<T> p = trimmed ? trimmed_point(a) : Vec<T>(a.simplex("p"));
    const T x = trimmed ? a.real("delta") : star_correct_mass(p, part);
    return le<T>(jacobian_norm<T>(star_jacobian(p, part), n), bound(k, x, T(part.num_correct()), T(a.S())));
  };
}

// App. D, prop:Lip-J (first box): ‖J‖_∞ ≤ 2/δ + M + 2 on Δ_δ.
DCRV_CLAIM(jac_inf_trimmed) {
  return forall("D.jac-inf-trimmed", Kind::bound)
      .where("App. D, Proposition prop:Lip-J (first box)")
      .statement(
          R"(\|J(p)\|_\infty\le a/\delta+M+b$ with $a=b=2$, for every $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$ (sampled down to $10^{-12}$), every partition, $K\ge2$)")
      .constant("a", 2.0, Role::upper, "coefficient of 1/delta")
      .constant("b", 2.0, Role::upper, "the 2 in M + 2")
      .over(trimmed())
      .holds(lip_j_property(Norm::linf, true,
                            []<class T>(const Consts<T>& k, const T& x, const T& M, const T& K) {
                              return T(k("a") / x + M + k("b"));
                            }));
}

// App. D, prop:Lip-J (first box): ‖J‖_1 ≤ 2/(Mδ) + 3K on Δ_δ.
DCRV_CLAIM(jac_1_trimmed) {
  return forall("D.jac-1-trimmed", Kind::bound)
      .where("App. D, Proposition prop:Lip-J (first box)")
      .statement(
          R"(\|J(p)\|_1\le a/(M\delta)+bK$ with $a=2$, $b=3$, for every $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, every partition, $K\ge2$)")
      .constant("a", 2.0, Role::upper, "coefficient of 1/(M delta)")
      .constant("b", 3.0, Role::upper, "coefficient of K")
      .over(trimmed())
      .holds(
          lip_j_property(Norm::l1, true, []<class T>(const Consts<T>& k, const T& x, const T& M, const T& K) {
            return T(k("a") / (M * x) + k("b") * K);
          }));
}

// App. D, prop:Lip-J (first box): ‖J‖_2 ≤ √((2/(Mδ) + 3K)(2/δ + M + 2)) on Δ_δ.
DCRV_CLAIM(jac_2_trimmed) {
  return forall("D.jac-2-trimmed", Kind::bound)
      .where("App. D, Proposition prop:Lip-J (first box)")
      .statement(
          R"(\|J(p)\|_2\le\sqrt{(a_1/(M\delta)+b_1K)(a_\infty/\delta+M+b_\infty)}$ with $a_1=2$, $b_1=3$, $a_\infty=b_\infty=2$, for every $p\in\Delta^{K-1}_\delta$, $\delta\in(0,1/K)$, every partition, $K\ge2$)")
      .constant("a1", 2.0, Role::upper, "coefficient of 1/(M delta) in the 1-norm factor")
      .constant("b1", 3.0, Role::upper, "coefficient of K in the 1-norm factor")
      .constant("ainf", 2.0, Role::upper, "coefficient of 1/delta in the inf-norm factor")
      .constant("binf", 2.0, Role::upper, "the 2 in M + 2")
      .over(trimmed())
      .holds(
          lip_j_property(Norm::l2, true, []<class T>(const Consts<T>& k, const T& x, const T& M, const T& K) {
            return T(sqrt(T((k("a1") / (M * x) + k("b1") * K) * (k("ainf") / x + M + k("binf")))));
          }));
}

// App. D, prop:Lip-J (second box): ‖J‖_∞ ≤ (M+1)/ρ_min + M + 2 where ρ ≥ ρ_min.
DCRV_CLAIM(jac_inf_rhomin) {
  return forall("D.jac-inf-rhomin", Kind::bound)
      .where("App. D, Proposition prop:Lip-J (second box)")
      .statement(
          R"(\|J(p)\|_\infty\le(M+a)/\rho_{\min}+M+b$ with $a=1$, $b=2$, for every $p\in\operatorname{int}\Delta^{K-1}$ with $\rho(p)\ge\rho_{\min}$; checked at $\rho_{\min}=\rho(p)$, the strongest instance (every compact $\mathcal D_0$ with $\rho\ge\rho_{\min}$ on it has $\rho_{\min}\le\rho(p)$ at its points), $\rho$ down to $10^{-40}$, every partition, $K\ge2$)")
      .constant("a", 1.0, Role::upper, "the 1 in M + 1")
      .constant("b", 2.0, Role::upper, "the 2 in M + 2")
      .over(interior_points())
      .holds(lip_j_property(Norm::linf, false,
                            []<class T>(const Consts<T>& k, const T& x, const T& M, const T& K) {
                              return T((M + k("a")) / x + M + k("b"));
                            }));
}

// App. D, prop:Lip-J (second box): ‖J‖_1 ≤ 2/ρ_min + 3K.
DCRV_CLAIM(jac_1_rhomin) {
  return forall("D.jac-1-rhomin", Kind::bound)
      .where("App. D, Proposition prop:Lip-J (second box)")
      .statement(
          R"(\|J(p)\|_1\le a/\rho_{\min}+bK$ with $a=2$, $b=3$, for every $p\in\operatorname{int}\Delta^{K-1}$ with $\rho(p)\ge\rho_{\min}$, checked at $\rho_{\min}=\rho(p)$ (strongest instance), every partition, $K\ge2$)")
      .constant("a", 2.0, Role::upper, "coefficient of 1/rho_min")
      .constant("b", 3.0, Role::upper, "coefficient of K")
      .over(interior_points())
      .holds(lip_j_property(Norm::l1, false,
                            []<class T>(const Consts<T>& k, const T& x, const T& M, const T& K) {
                              return T(k("a") / x + k("b") * K);
                            }));
}

// App. D, prop:Lip-J (second box): ‖J‖_2 ≤ √((2/ρ_min + 3K)((M+1)/ρ_min + M + 2)).
DCRV_CLAIM(jac_2_rhomin) {
  return forall("D.jac-2-rhomin", Kind::bound)
      .where("App. D, Proposition prop:Lip-J (second box)")
      .statement(
          R"(\|J(p)\|_2\le\sqrt{(a_1/\rho_{\min}+b_1K)((M+a_\infty)/\rho_{\min}+M+b_\infty)}$ with $a_1=2$, $b_1=3$, $a_\infty=1$, $b_\infty=2$, checked at $\rho_{\min}=\rho(p)$ (strongest instance), $p\in\operatorname{int}\Delta^{K-1}$, every partition, $K\ge2$)")
      .constant("a1", 2.0, Role::upper, "coefficient of 1/rho_min in the 1-norm factor")
      .constant("b1", 3.0, Role::upper, "coefficient of K in the 1-norm factor")
      .constant("ainf", 1.0, Role::upper, "the 1 in M + 1")
      .constant("binf", 2.0, Role::upper, "the 2 in M + 2")
      .over(interior_points())
      .holds(lip_j_property(
          Norm::l2, false, []<class T>(const Consts<T>& k, const T& x, const T& M, const T& K) {
            return T(sqrt(T((k("a1") / x + k("b1") * K) * ((M + k("ainf")) / x + M + k("binf")))));
          }));
}

// App. D, "Continuity caveat": φ is not globally Lipschitz on int Δ (the 1/ρ² factors blow up as ρ ↓ 0).
namespace caveat {
/// p(η): correct masses η/M, incorrect (1 − η)/L (ρ = η); for M = K (ρ ≡ 1) the uniform point.
template <class T> Vec<T> family(const StarPartition& part, const T& eta) {
  const int K = part.size(), M = part.num_correct();
  if (M == K)
    return Vec<T>::Constant(K, T(1) / T(K));
  Vec<T> p(K);
  for (int k = 0; k < K; ++k)
    p(k) = part.is_correct(k) ? T(eta / T(M)) : T((T(1) - eta) / T(K - M));
  return p;
}
/// ‖J(p(η))|_T‖₂ ≥ c/η at the sample's η and partition.
template <class T> Ineq<T> growth(const Args<T>& a, const Consts<T>& k, const StarPartition& part) {
  const T eta = a.real("eta");
  return le<T>(k("c") / eta, tangent_restricted_norm<T>(star_jacobian(family(part, eta), part)));
}
constexpr const char* kStatement =
    R"(\sup_{p\ne q\in\operatorname{int}\Delta}\|\phi(p)-\phi(q)\|_2/\|p-q\|_2=\infty$. Checked through the local Lipschitz constant $\|J(p)|_T\|_2$ (the limit of the quotient for $q\to p$ inside the simplex, $q-p\in T$): along $p(\eta)$ with correct masses $\eta/M$ and incorrect masses $(1-\eta)/L$ ($\rho=\eta$; for $M=K$, where $\rho\equiv1$, the uniform point), $\|J(p(\eta))|_T\|_2\ge c/\eta$ with dcrv's $c=1$ for $\eta\in[10^{-30},\tfrac12]$)";
} // namespace caveat

DCRV_CLAIM(phi_not_global_lipschitz) {
  return forall("D.phi-not-global-lipschitz", Kind::structural)
      .where("App. D, paragraph \"Continuity caveat (stiffness near faces)\"")
      .statement(
          std::string(caveat::kStatement) +
          R"(, every $K\ge2$ and $M\in\{1,\dots,K\}$. For $M=1$, $J\equiv-\mathbf 1e_c^\top$ (cor:M1) and $\phi$ is affine with Lipschitz constant $\sqrt{K-1}$ on the simplex; for $M=K$, $\phi_k=p_k-\|p\|_2^2$ is a polynomial, Lipschitz on $\Delta$: there the claim fails for every family)")
      .constant("c", 1.0, Role::lower, "dcrv's growth coefficient: ||J|_T|| >= c / rho along the family")
      .over(partitioned().real("eta", 1e-30, 0.5, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return caveat::growth(a, k, partition_of(a));
      });
}

// Reading: the caveat for the partitions where ρ can tend to 0 and J depends on ρ, 2 ≤ M ≤ K − 1.
DCRV_CLAIM(phi_not_global_lipschitz_interior) {
  return forall("D.phi-not-global-lipschitz~two-le-M-lt-K", Kind::structural)
      .skips("partitions with M < 2 or M = K are outside the reading's range 2 <= M < K")
      .where("App. D, paragraph \"Continuity caveat (stiffness near faces)\"")
      .reading(
          "restricted to 2 <= M <= K-1 (for M = 1 phi is affine, for M = K a polynomial: both Lipschitz)")
      .statement(std::string(caveat::kStatement) + R"(, every $K\ge3$ and $2\le M\le K-1$)")
      .constant("c", 1.0, Role::lower, "dcrv's growth coefficient: ||J|_T|| >= c / rho along the family")
      .over(partitioned(3).real("eta", 1e-30, 0.5, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const StarPartition part = partition_of(a);
        const int M = part.num_correct();
        if (M < 2 || M == a.S())
          return skip<T>();
        return caveat::growth(a, k, part);
      });
}

// ---------------------------------------------------------------------------------------------------------
// Proposition prop:ambient-lb, Corollary cor:M1, the last remark of §Edge cases.
// ---------------------------------------------------------------------------------------------------------

/// v = (p_C/‖p_C‖₂, 0_I), the test vector of prop:ambient-lb.
template <class T> Vec<T> ambient_test_vector(const Vec<T>& p, const StarPartition& part) {
  Vec<T> v = Vec<T>::Zero(p.size());
  for (int c : part.correct_indices())
    v(c) = p(c);
  return v / T(v.norm());
}

// App. D, prop:ambient-lb (proof): J v = −(‖p_C‖₂/ρ) 1.
DCRV_CLAIM(ambient_jv) {
  return forall("D.ambient-Jv", Kind::identity)
      .where("App. D, Proposition prop:ambient-lb (proof)")
      .statement(
          R"(J(p)v=-(\|p_{\mathcal C}\|_2/\rho)\mathbf 1$ for $v=(p_{\mathcal C}/\|p_{\mathcal C}\|_2,0_{\mathcal I})$, every $p\in\operatorname{int}\Delta^{K-1}$ and partition with $M\ge1$)")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, rho] = point_sample(a);
        const Mat<T> j = star_jacobian(p, part);
        const Vec<T> v = ambient_test_vector(p, part);
        T norm_c(0);
        for (int c : part.correct_indices())
          norm_c += p(c) * p(c);
        const T value = sqrt(norm_c) / rho;
        // The products J_kj v_j are of size ≤ (1/ρ)·max|J_kj|·‖v‖₁.
        return eq<T>(Vec<T>(j * v), Vec<T>::Constant(p.size(), -value), T(j.cwiseAbs().maxCoeff()));
      });
}

// App. D, prop:ambient-lb (boxed, first inequality): ‖J‖₂ ≥ √K ‖p_C‖₂/ρ.
DCRV_CLAIM(ambient_lb) {
  return forall("D.ambient-lb", Kind::bound)
      .where("App. D, Proposition prop:ambient-lb (boxed)")
      .statement(
          R"(\|J(p)\|_2\ge c\sqrt K\,\|p_{\mathcal C}\|_2/\rho(p)$ with $c=1$, every $p\in\operatorname{int}\Delta^{K-1}$ and partition with $M\ge1$, $K\ge2$ (equality for $M=1$))")
      .constant("c", 1.0, Role::lower, "coefficient of sqrt(K) ||p_C|| / rho")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [part, p, rho] = point_sample(a);
        return le<T>(k("c") * sqrt(T(a.S())) * sqrt(star_correct_square_sum(p, part)) / rho,
                     spectral_norm<T>(star_jacobian(p, part)));
      });
}

// App. D, prop:ambient-lb (boxed, second inequality): √K ‖p_C‖₂/ρ ≥ √(K/M).
DCRV_CLAIM(ambient_lb_m) {
  return forall("D.ambient-lb-M", Kind::bound)
      .where("App. D, Proposition prop:ambient-lb (boxed)")
      .statement(
          R"(\sqrt K\,\|p_{\mathcal C}\|_2/\rho(p)\ge\sqrt{K/M}$, hence $\|J(p)\|_2\ge\sqrt{K/M}$ (both checked), every $p\in\operatorname{int}\Delta^{K-1}$ and partition with $M\ge1$)")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, rho] = point_sample(a);
        const T K = T(a.S()), M = T(part.num_correct());
        const T middle = sqrt(K) * sqrt(star_correct_square_sum(p, part)) / rho;
        return worst(le<T>(sqrt(K / M), middle),
                     le<T>(sqrt(K / M), spectral_norm<T>(star_jacobian(p, part))));
      });
}

/// M = 1 domain: C = {first}.
Domain single_correct() {
  return Domain().dims(2).index("first").simplex("p").points([](int K) {
    Pts out;
    for (double tiny : {1e-20, 1e-40}) {
      std::vector<double> w(K, 1.0), v(K, tiny);
      w[0] = tiny; // p_c → 0
      v[0] = 1;    // p_c → 1
      out.push_back({{"p", w}});
      out.push_back({{"p", v}});
    }
    return out;
  });
}
template <class T> StarPartition single_of(const Args<T>& a) {
  return StarPartition::window(a.S(), 1, a.index("first"));
}
/// J(p) at the sample's p, C = {first}.
template <class T> Mat<T> single_jacobian(const Args<T>& a) {
  return star_jacobian(a.simplex("p"), single_of(a));
}

// App. D, cor:M1: M = 1 ⇒ J(p) = −1 e_cᵀ.
DCRV_CLAIM(m1_jacobian) {
  return forall("D.m1-jacobian", Kind::identity)
      .where("App. D, Corollary cor:M1")
      .statement(
          R"(If $M=1$, $\mathcal C=\{c\}$: $J(p)=-\mathbf 1e_c^\top$ for every $p\in\operatorname{int}\Delta^{K-1}$ (incl.\ $p_c\to0$ and $p_c\to1$), $K\ge2$; $J$ from the closed form and from a 6th-order central difference of $\phi$)")
      .over(single_correct())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = single_of(a);
        const Vec<T> p = a.simplex("p");
        const int K = a.S(), c = part.correct_indices()[0];
        Mat<T> expected = Mat<T>::Zero(K, K);
        expected.col(c).setConstant(T(-1));
        // The difference quotient of the literal formula cancels terms of size 1/ρ: compared at that scale.
        return worst(eq<T>(star_jacobian(p, part), expected, T(1)),
                     eq_scaled<T>(fd_star_jacobian<T>(p, part), expected, jacobian_term_scale(p, part)));
      });
}

// App. D, cor:M1: ‖J‖₂ = √K.
DCRV_CLAIM(m1_norm) {
  return forall("D.m1-norm", Kind::identity)
      .where("App. D, Corollary cor:M1")
      .statement(
          R"(If $M=1$: $\|J(p)\|_2=c\sqrt K$ with $c=1$, every $p\in\operatorname{int}\Delta^{K-1}$, $K\ge2$)")
      .constant("c", 1.0, Role::exact, "coefficient of sqrt(K)")
      .over(single_correct())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return eq<T>(spectral_norm<T>(single_jacobian(a)), k("c") * sqrt(T(a.S())));
      });
}

// App. D, cor:M1: ‖J|_T‖₂ = √(K−1).
DCRV_CLAIM(m1_tangent_norm) {
  return forall("D.m1-tangent-norm", Kind::identity)
      .where("App. D, Corollary cor:M1")
      .statement(
          R"(If $M=1$: $\|J(p)|_T\|_2=\sup_{v\in T,\|v\|=1}\|J(p)v\|_2=c\sqrt{K-1}$ with $c=1$ ($T=\mathbf 1^\perp$, as a map $T\to\mathbb R^K$), every $p\in\operatorname{int}\Delta^{K-1}$, $K\ge2$)")
      .constant("c", 1.0, Role::exact, "coefficient of sqrt(K-1)")
      .over(single_correct())
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return eq<T>(tangent_restricted_norm<T>(single_jacobian(a)), k("c") * sqrt(T(a.S() - 1)));
      });
}

// App. D, cor:M1: Π_T J Π_T ≡ 0.
DCRV_CLAIM(m1_tangent_compression) {
  return forall("D.m1-tangent-compression", Kind::identity)
      .where("App. D, Corollary cor:M1")
      .statement(
          R"(If $M=1$: $\Pi_TJ(p)\Pi_T=0$ ($\Pi_T=I-\mathbf 1\mathbf 1^\top/K$), every $p\in\operatorname{int}\Delta^{K-1}$, $K\ge2$ (relative to $\|J\|_{\max}=1$))")
      .over(single_correct())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = a.S();
        const Mat<T> j = single_jacobian(a);
        return eq<T>(tangent_compression(j), Mat<T>::Zero(K, K), T(j.cwiseAbs().maxCoeff()));
      });
}

// App. D §Edge cases (last sentence): the ambient bound is realised in span{1}, not on Π_T J Π_T.
DCRV_CLAIM(edge_normal_direction) {
  return forall("D.edge-normal-direction", Kind::structural)
      .where("App. D §Edge cases (last sentence)")
      .statement(
          R"((i) The test vector of prop:ambient-lb is mapped into the normal direction: $\Pi_TJ(p)v=0$ for $v=(p_{\mathcal C}/\|p_{\mathcal C}\|_2,0_{\mathcal I})$, every $p\in\operatorname{int}\Delta^{K-1}$ and partition with $M\ge1$; (ii) the bound $\sqrt{K/M}$ does not transfer to $\Pi_TJ\Pi_T$: for $M=1$, $\|\Pi_TJ(p)\Pi_T\|_2=0$ at every $p$ (relative to $\sqrt K$) while $\|J(p)\|_2\ge\sqrt{K})")
      .over(interior_points())
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = partition_of(a);
        const Vec<T> p = a.simplex("p");
        const Mat<T> j = star_jacobian(p, part);
        const Vec<T> jv = j * ambient_test_vector(p, part);
        return eq<T>(center<T>(jv), Vec<T>::Zero(p.size()), T(j.cwiseAbs().maxCoeff()));
      })
      .and_holds("M = 1: Pi_T J Pi_T = 0 while ||J|| >= sqrt(K)", single_correct(),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const int K = a.S();
                   const Mat<T> j = single_jacobian(a);
                   const T compressed = spectral_norm<T>(tangent_compression(j)),
                           ambient = spectral_norm<T>(j);
                   return worst(le<T>(compressed, T(0), sqrt(T(K))), le<T>(sqrt(T(K)), ambient));
                 });
}

} // namespace
} // namespace dcrv
