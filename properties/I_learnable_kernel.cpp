// Appendix I, §Block-constant kernels and Part §sec:practical (appendix_I_aistats.tex): block-constant PSD
// kernels (rank, PSD criterion, norms, gap formula, low-norm choice), the gated effective kernel K_eff =
// Diag(R)k_sem Diag(R), gated KKT system, suppression and equalisation identities and their monotonicity in
// ε_tot, the support-function identity, and the global Lipschitz modulus of the SRCT drift on the trimmed
// simplex.
//
// Conventions of this file.
//  * Partitions: C = the first M indices (M from an index field), I = the rest, N = S − M.
//  * Random PSD semantic kernels k_sem = k1k1ᵀ + k2k2ᵀ + diag(kd ⊙ kd) from three `vector` fields.
//  * Equilibria of the gated flow by find_equilibrium in the scalar of the evaluation (MPFR replays are
//  exact).
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "dcrv/equilibria.hpp"
#include "dcrv/kernels.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "dcrv/srct.hpp"
#include "properties/domains/kernels.hpp"
#include "properties/domains/points.hpp"
#include "properties/domains/srct.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv {
namespace {
using namespace srct_domain;

/// M = |C| ∈ [1, S−1] (both classes non-empty) or [1, S], from the index field "m".
int class_size(int S, int m, bool both) {
  return srct_domain::class_size(S, m, both ? Classes::both : Classes::any);
}

// ------------------------------------------------------------------------------------------------------------
// Block-constant kernels
// ------------------------------------------------------------------------------------------------------------

/// K_ij = κ_CC (i,j ∈ C), κ_II (i,j ∈ I), κ_CI otherwise; C = first M indices.
template <class T> Mat<T> block_kernel(int S, int M, const T& kcc, const T& kii, const T& kci) {
  Mat<T> K(S, S);
  for (int i = 0; i < S; ++i)
    for (int j = 0; j < S; ++j)
      K(i, j) = (i < M && j < M) ? kcc : (i >= M && j >= M) ? kii : kci;
  return K;
}
Domain block_domain(Domain d) {
  return d.index("m").real("kcc", -3, 3).real("kii", -3, 3).real("kci", -3, 3).points([](int) {
    // Boundary cases κ_CC κ_II = κ_CI² (PSD boundary), rank-one and indefinite.
    return std::vector<Assign>{{{"kcc", {1.0}}, {"kii", {4.0}}, {"kci", {2.0}}},
                               {{"kcc", {1.0}}, {"kii", {4.0}}, {"kci", {-2.0}}},
                               {{"kcc", {2.0}}, {"kii", {0.0}}, {"kci", {0.0}}},
                               {{"kcc", {1.0}}, {"kii", {1.0}}, {"kci", {1.0}}},
                               {{"kcc", {0.0}}, {"kii", {0.0}}, {"kci", {1.0}}}};
  });
}
template <class T> Mat<T> small_b(const T& kcc, const T& kii, const T& kci) {
  Mat<T> B(2, 2);
  B << kcc, kci, kci, kii;
  return B;
}

// App. I §Block-constant kernels ("K = TBTᵀ and rank(K) ≤ 2").
DCRV_CLAIM(claim_block_rank) {
  return forall("I.block-rank", Kind::identity)
      .where(R"(App. I §Block-constant kernels ("K = T B T^T and rank(K) <= 2"))")
      .statement(
          R"(For every $M\in[1,S]$, $\kappa_{CC},\kappa_{II},\kappa_{CI}\in[-3,3]$: the entrywise block-constant $K$ equals $TBT^\top$ with $T=[\mathbf 1_{\mathcal C}\ \mathbf 1_{\mathcal I}]$, and its third largest $|\text{eigenvalue}|$ vanishes (relative to $\|K\|_{\max}$), i.e.\ $\operatorname{rank}K\le2$; every $S\ge2)")
      .over(block_domain(Domain().dims(2)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = class_size(S, a.index("m"), false);
        const T kcc = a.real("kcc"), kii = a.real("kii"), kci = a.real("kci");
        const Mat<T> K = block_kernel<T>(S, M, kcc, kii, kci);
        Mat<T> Tm = Mat<T>::Zero(S, 2);
        for (int i = 0; i < S; ++i)
          Tm(i, i < M ? 0 : 1) = T(1);
        const Mat<T> TBT = Tm * small_b<T>(kcc, kii, kci) * Tm.transpose();
        Vec<T> ev = symmetric_eigenvalues<T>(K).cwiseAbs();
        std::sort(ev.data(), ev.data() + ev.size());
        const T third = S >= 3 ? T(ev(S - 3)) : T(0);
        const T scale = T(S) * (T(1) + K.cwiseAbs().maxCoeff());
        return worst(eq<T>(K, TBT), eq<T>(third, T(0), scale));
      });
}

/// The PSD decisions of three normalised indicators (λ_min(K), λ_min(B), min{κ_CC, κ_II, κ_CCκ_II − κ_CI²}),
/// compared as booleans: an indicator says "PSD" when it is ≥ −10³ε (the rounding of an eigenvalue
/// computation, relative to the normalisation); a disagreement scores the size of the negative indicator, an
/// O(1) value for a genuine counterexample. A zero indicator is "PSD" — it does not agree with both signs:
/// that reading hid K = κ_CC·11ᵀ ⪰ 0 with B indefinite at N = 0, and the direction K ⪰ 0 ⇒ B ⪰ 0 for S ≥ 3,
/// where λ_min(K) = 0 always (rank K ≤ 2).
template <class T> Ineq<T> psd_decisions_agree(const std::vector<T>& s) {
  const T ptol = T(1e3) * std::numeric_limits<T>::epsilon();
  T mismatch(0);
  for (std::size_t x = 0; x < s.size(); ++x)
    for (std::size_t y = x + 1; y < s.size(); ++y) {
      const bool px = s[x] >= -ptol, py = s[y] >= -ptol;
      if (px != py)
        mismatch = std::max<T>(mismatch, T(abs(px ? s[y] : s[x])));
    }
  return le<T>(mismatch, T(0), T(1));
}
template <class T> Ineq<T> psd_iff_check(const Args<T>& a, bool both) {
  const int S = a.S(), M = class_size(S, a.index("m"), both);
  const T kcc = a.real("kcc"), kii = a.real("kii"), kci = a.real("kci");
  const Mat<T> K = block_kernel<T>(S, M, kcc, kii, kci);
  const Mat<T> B = small_b<T>(kcc, kii, kci);
  const T nb = T(1) + B.cwiseAbs().maxCoeff();
  const T sK = symmetric_eigenvalues<T>(K)(0) / (T(S) * nb);
  const T sB = symmetric_eigenvalues<T>(B)(0) / nb;
  const T sC = std::min<T>(std::min<T>(kcc / nb, kii / nb), T((kcc * kii - kci * kci) / (nb * nb)));
  return psd_decisions_agree<T>({sK, sB, sC});
}

// App. I §Block-constant kernels ("K ⪰ 0 ⇔ B ⪰ 0"), for M, N ≥ 1.
DCRV_CLAIM(claim_block_psd_iff) {
  return forall("I.block-psd-iff", Kind::identity)
      .where(R"(App. I §Block-constant kernels ("K >= 0 iff B >= 0 iff ..."))")
      .reading("M, N >= 1")
      .statement(
          R"(For $M,N\ge1$ and $\kappa$'s in $[-3,3]$ (incl.\ the boundary $\kappa_{CC}\kappa_{II}=\kappa_{CI}^2$): the signs of $\lambda_{\min}(K)$, $\lambda_{\min}(B)$ and $\min\{\kappa_{CC},\kappa_{II},\kappa_{CC}\kappa_{II}-\kappa_{CI}^2\}$ (each normalised) give the same PSD decision (an indicator $\ge-10^3\epsilon$ counts as PSD, $\epsilon$ the scalar's machine epsilon; the decisions are compared as booleans), i.e.\ $K\succeq0\iff B\succeq0\iff(\kappa_{CC}\ge0,\kappa_{II}\ge0,\kappa_{CC}\kappa_{II}\ge\kappa_{CI}^2)$; every $S\ge2)")
      .over(block_domain(Domain().dims(2)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return psd_iff_check(a, true); });
}

// Reading of the PSD criterion with N = 0 allowed (the standing assumptions allow N = 0).
DCRV_CLAIM(claim_block_psd_iff_n0) {
  return forall("I.block-psd-iff~N0", Kind::identity)
      .where(R"(App. I §Block-constant kernels ("K >= 0 iff B >= 0"), reading with N = 0 allowed)")
      .reading("N = 0 allowed (M = S): kappa_II and kappa_CI do not occur in K")
      .statement(
          R"(As I.block-psd-iff but with $M\in[1,S]$, so $N=0$ is included (then $K=\kappa_{CC}\mathbf 1\mathbf 1^\top$ and $B$'s other entries are unconstrained); every $S\ge2)")
      .over(block_domain(Domain().dims(2)).points([](int S) {
        return std::vector<Assign>{{{"m", {double(S - 1)}}, {"kcc", {1.0}}, {"kii", {-1.0}}, {"kci", {0.5}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) { return psd_iff_check(a, false); });
}

// App. I §Block-constant kernels, norm controls (spectral).
DCRV_CLAIM(claim_block_norm_op) {
  return forall("I.block-norm-op", Kind::bound)
      .where("App. I §Block-constant kernels, norm controls (spectral)")
      .statement(
          R"(For $M\in[1,S]$ and $\kappa$'s in $[-3,3]$ (PSD and indefinite): $\|K\|_{2\to2}\le c\max\{M,N\}\|B\|_{2\to2}$, $c=1$ (attained for $M=N$ or $B=e_1e_1^\top$, $M\ge N$); every $S\ge2)")
      .constant("c", 1.0, Role::upper, "coefficient of max{M,N} ||B||")
      .over(block_domain(Domain().dims(2)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const int S = a.S(), M = class_size(S, a.index("m"), false), N = S - M;
        const T kcc = a.real("kcc"), kii = a.real("kii"), kci = a.real("kci");
        const Mat<T> K = block_kernel<T>(S, M, kcc, kii, kci);
        return le<T>(symmetric_opnorm<T>(K),
                     k("c") * T(std::max(M, N)) * symmetric_opnorm<T>(small_b<T>(kcc, kii, kci)));
      });
}

// App. I §Block-constant kernels, norm controls (∞), for M, N ≥ 1.
DCRV_CLAIM(claim_block_norm_inf) {
  return forall("I.block-norm-inf", Kind::identity)
      .where("App. I §Block-constant kernels, norm controls (inf)")
      .statement(
          R"(For $M,N\ge1$ and $\kappa$'s in $[-3,3]$: $\|K\|_{\infty\to\infty}=\max\{M|\kappa_{CC}|+N|\kappa_{CI}|,\,M|\kappa_{CI}|+N|\kappa_{II}|\}$ (for $N=0$ the second row type does not exist); every $S\ge2)")
      .over(block_domain(Domain().dims(2)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = class_size(S, a.index("m"), true), N = S - M;
        const T kcc = a.real("kcc"), kii = a.real("kii"), kci = a.real("kci");
        const Mat<T> K = block_kernel<T>(S, M, kcc, kii, kci);
        const T formula = std::max<T>(T(M * abs(kcc) + N * abs(kci)), T(M * abs(kci) + N * abs(kii)));
        return eq<T>(norm_inf_to_inf<T>(K), formula);
      });
}

// App. I §Block-constant kernels, display for (Kp⋆)_c − (Kp⋆)_i.
DCRV_CLAIM(claim_block_gap_formula) {
  return forall("I.block-gap-formula", Kind::identity)
      .where("App. I §Block-constant kernels (display for (Kp*)_c - (Kp*)_i)")
      .statement(
          R"(For $M,N\ge1$, $\delta_\star=\theta/N$, $\theta\in(0,1)$, $\kappa$'s in $[-3,3]$: $Kp^\star$ is constant on $\mathcal C$ and on $\mathcal I$, and $(Kp^\star)_c-(Kp^\star)_i=(\kappa_{CC}-\kappa_{CI})(1-N\delta_\star)+(\kappa_{CI}-\kappa_{II})N\delta_\star$ for all $c\in\mathcal C$, $i\in\mathcal I$; every $S\ge2)")
      .over(block_domain(Domain().dims(2).real("theta", 1e-9, 1.0 - 1e-9)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = class_size(S, a.index("m"), true), N = S - M;
        const T kcc = a.real("kcc"), kii = a.real("kii"), kci = a.real("kci"), delta = a.real("theta") / T(N);
        const Vec<T> Kp = block_kernel<T>(S, M, kcc, kii, kci) * two_level_target<T>(S, M, delta);
        const T formula = (kcc - kci) * (T(1) - T(N) * delta) + (kci - kii) * T(N) * delta;
        const T scale = T(3) * (abs(kcc) + abs(kii) + abs(kci));
        Ineq<T> w = worst_over_classes<T>(
            M, S, [&](int c, int i) { return eq<T>(T(Kp(c) - Kp(i)), formula, scale); });
        for (int c = 1; c < M; ++c)
          w = worst(w, eq<T>(Kp(c), Kp(0), scale));
        for (int i = M + 1; i < S; ++i)
          w = worst(w, eq<T>(Kp(i), Kp(M), scale));
        return w;
      });
}

// App. I §Block-constant kernels (gap identity with X); checklist item 1.
DCRV_CLAIM(claim_block_gap_X) {
  return forall("I.block-gap-X", Kind::identity)
      .where("App. I §Block-constant kernels (gap identity with X); checklist item 1")
      .statement(
          R"(For $\lambda\beta\in(0,1.5]$, $A\in[0.05,2]$, $M,N\ge1$, $\delta_\star=\theta/N$, $\kappa$'s in $[-3,3]$: the gap residual $1-2\lambda\beta(V_C-V_I)-A\log(p_C/\delta_\star)$ (with $V_C,V_I$ from $Kp^\star$) equals $2\lambda\beta\,(X-G)$, $G=(1-N\delta_\star)(\kappa_{CC}-\kappa_{CI})+N\delta_\star(\kappa_{CI}-\kappa_{II})$, $X=(1-A\log(p_C/\delta_\star))/(2\lambda\beta)$, so the gap identity holds iff $G=X$; and with $\kappa_{CC}$ solved from $G=X$ the gap residual vanishes; every $S\ge2)")
      .over(block_domain(Domain()
                             .dims(2)
                             .real("theta", 1e-9, 1.0 - 1e-9)
                             .real("lb", 1e-3, 1.5, true)
                             .real("A", 0.05, 2.0, true)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = class_size(S, a.index("m"), true), N = S - M;
        const T kii = a.real("kii"), kci = a.real("kci"), delta = a.real("theta") / T(N);
        const T lb = a.real("lb"), A = a.real("A");
        const Vec<T> p = two_level_target<T>(S, M, delta);
        const T pc = p(0);
        const T X = (T(1) - A * log(pc / delta)) / (T(2) * lb);
        auto residual = [&](const T& kcc) {
          const Vec<T> Kp = block_kernel<T>(S, M, kcc, kii, kci) * p;
          return T(T(1) - T(2) * lb * (Kp(0) - Kp(M)) - A * log(pc / delta));
        };
        auto G = [&](const T& kcc) {
          return T((T(1) - T(N) * delta) * (kcc - kci) + T(N) * delta * (kci - kii));
        };
        const T kcc = a.real("kcc");
        const T scale = T(1) + A * abs(log(pc / delta)) + T(2) * lb * T(3) * (abs(kcc) + abs(kii) + abs(kci));
        const T solved = kci + (X - T(N) * delta * (kci - kii)) / (T(1) - T(N) * delta);
        const T scale2 =
            T(1) + A * abs(log(pc / delta)) + T(2) * lb * T(3) * (abs(solved) + abs(kii) + abs(kci));
        return worst(eq<T>(residual(kcc), T(2) * lb * (X - G(kcc)), scale),
                     eq<T>(residual(solved), T(0), scale2));
      });
}

/// The low-norm choice of the paper: κ_CI = 0, κ_II = max{0, −X/(Nδ⋆)}, κ_CC = (X + Nδ⋆κ_II)/(1 − Nδ⋆).
template <class T> std::pair<T, T> low_norm_choice(const T& X, const T& q) {
  const T kii = std::max<T>(T(0), T(-X / q));
  return {(X + q * kii) / (T(1) - q), kii};
}
template <class T> T block_inf_norm(int M, int N, const T& kcc, const T& kii, const T& kci) {
  return std::max<T>(T(M * abs(kcc) + N * abs(kci)), T(M * abs(kci) + N * abs(kii)));
}
Domain lownorm_domain() {
  return Domain().dims(2).index("m").real("theta", 1e-9, 1.0 - 1e-9).real("X", -5, 5).points([](int) {
    return std::vector<Assign>{{{"theta", {0.9}}, {"X", {1.0}}},
                               {{"theta", {0.5}}, {"X", {-1.0}}},
                               {{"theta", {1e-3}}, {"X", {2.0}}}};
  });
}

// App. I §Block-constant kernels ("A low-norm constructive choice sets κ_CI = 0 …"); checklist item 2.
DCRV_CLAIM(claim_block_lownorm_family) {
  return forall("I.block-lownorm-family", Kind::sharpness)
      .where(
          R"(App. I §Block-constant kernels ("A low-norm constructive choice sets kappa_CI = 0"); checklist item 2)")
      .statement(
          R"(For $M,N\ge1$, $q=N\delta_\star\in(0,1)$, $X\in[-5,5]$: the choice $\kappa_{II}^{\min}=\max\{0,-X/q\}$, $\kappa_{CC}=(X+q\kappa_{II}^{\min})/(1-q)$, $\kappa_{CI}=0$ is PSD ($\kappa_{CC},\kappa_{II}\ge0$), satisfies the gap equation $(1-q)\kappa_{CC}-q\kappa_{II}=X$, and every other PSD $\kappa_{CI}=0$ kernel satisfying it has $\max\{M\kappa_{CC},N\kappa_{II}\}$ at least as large; the other kernels are sampled independently of the choice: $\kappa_{II}\in[0,10]$ with $\kappa_{CC}$ solved, and $\kappa_{CC}\in[0,10]$ with $\kappa_{II}$ solved, each kept when PSD; every $S\ge2)")
      .over(lownorm_domain().real("kii", 0, 10).real("kcc", 0, 10))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = class_size(S, a.index("m"), true), N = S - M;
        const T q = a.real("theta"), X = a.real("X");
        const auto [kcc, kii] = low_norm_choice<T>(X, q);
        const T gap = (T(1) - q) * kcc - q * kii - X;
        const T best = std::max<T>(T(M * kcc), T(N * kii));
        const T scale = T(1) + abs(X) / (T(1) - q) + abs(X) / q;
        Ineq<T> w = worst(ge<T>(std::min<T>(kcc, kii), T(0), scale), eq<T>(gap, T(0), scale));
        // PSD κ_CI = 0 kernels on the gap equation, parametrised without the low-norm formula: (i) κ_II free,
        // κ_CC solved; (ii) κ_CC free, κ_II solved (each PSD iff the solved entry is ≥ 0).
        const T kii_a = a.real("kii"), kcc_a = (X + q * kii_a) / (T(1) - q);
        if (kcc_a >= T(0))
          w = worst(w, ge<T>(std::max<T>(T(M * kcc_a), T(N * kii_a)), best, scale));
        const T kcc_b = a.real("kcc"), kii_b = ((T(1) - q) * kcc_b - X) / q;
        if (kii_b >= T(0))
          w = worst(w, ge<T>(std::max<T>(T(M * kcc_b), T(N * kii_b)), best, scale));
        return w;
      });
}

// App. I §Block-constant kernels (same sentence), reading: minimal among all PSD block-constant kernels.
DCRV_CLAIM(claim_block_lownorm_global) {
  return forall("I.block-lownorm-global", Kind::sharpness)
      .skips("block-constant kernels that are not PSD (k_cc < 0 or k_cc k_ii < k_ci^2) are outside the "
             "claim's 'every PSD kernel'")
      .where(R"(App. I §Block-constant kernels ("minimizing ||K||_inf under PSD"); checklist item 2)")
      .statement(
          R"(For $M,N\ge1$, $q=N\delta_\star\in(0,1)$, $X\in[-5,5]$: every PSD block-constant kernel realising the gap value, $(1-q)(\kappa_{CC}-\kappa_{CI})+q(\kappa_{CI}-\kappa_{II})=X$ ($\kappa_{CI}\in[-5,5]$, $\kappa_{II}\in[0,10]$ free, $\kappa_{CC}$ solved, PSD required), has $\|K\|_{\infty\to\infty}=\max\{M|\kappa_{CC}|+N|\kappa_{CI}|,M|\kappa_{CI}|+N|\kappa_{II}|\}$ at least that of the $\kappa_{CI}=0$ low-norm choice; every $S\ge2)")
      .over(lownorm_domain().real("kci", -5, 5).real("kii", 0, 10).points([](int S) {
        // q = 0.9 (M = N = 1 for S = 2), X = 1, κ_CI = 1, κ_II = 1/(1+√10): κ_CC = 1 + √10 on the PSD
        // boundary.
        // q = 10⁻³, X = −1, κ_CI = 2, κ_II = 5: κ_CC ≈ 1.0, PSD (κ_CCκ_II ≈ 5 ≥ 4), with ‖K‖ of order 5N
        // while the low-norm choice has κ_II = −X/q = 1000.
        return std::vector<Assign>{
            {{"m", {0}}, {"theta", {0.9}}, {"X", {1.0}}, {"kci", {1.0}}, {"kii", {0.2402530733520421}}},
            {{"m", {0}}, {"theta", {1e-3}}, {"X", {-1.0}}, {"kci", {2.0}}, {"kii", {5.0}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = class_size(S, a.index("m"), true), N = S - M;
        const T q = a.real("theta"), X = a.real("X"), kci = a.real("kci"), kii = a.real("kii");
        const T kcc = (X + (T(1) - T(2) * q) * kci + q * kii) / (T(1) - q);
        const T scale = T(1) + abs(X) / (T(1) - q) + abs(X) / q + abs(kci) + kii;
        // PSD up to rounding of the kernel's own entries (a tolerance in `scale`, which grows like |X|/q,
        // once admitted kernels with κ_CCκ_II − κ_CI² ≈ −0.3 as PSD)
        const T entries = T(1) + abs(kcc) + abs(kci) + kii;
        if (!(kcc >= 0 && kcc * kii - kci * kci >= -T(1e-12) * entries * entries))
          return skip<T>();
        const auto [lcc, lii] = low_norm_choice<T>(X, q);
        return ge<T>(block_inf_norm<T>(M, N, kcc, kii, kci), block_inf_norm<T>(M, N, lcc, lii, T(0)), scale);
      });
}

// ------------------------------------------------------------------------------------------------------------
// Gated effective kernel, gated flow (§Practical design)
// ------------------------------------------------------------------------------------------------------------

template <class T> struct Gated {
  Vec<T> U;
  Mat<T> Keff;
  T lb{0}, eps{1};
  int M = 1;
  int S() const { return static_cast<int>(U.size()); }
};
/// The index field "m" of the split, the kernel fields of k_sem, λβ ∈ [0, lb_hi] and ε_tot ∈ [0.05, 1.5].
Domain with_gated(Domain d, double lb_hi = 1.5) {
  return with_kernel(d.index("m")).real("lb", 0.0, lb_hi).real("eps", 0.05, 1.5, true);
}
/// K_eff = Diag(R) k_sem Diag(R), R = 1_C.
template <class T> Mat<T> effective_kernel(const Mat<T>& ksem, int M) {
  Mat<T> K = ksem;
  for (int i = 0; i < K.rows(); ++i)
    for (int j = 0; j < K.cols(); ++j)
      if (i >= M || j >= M)
        K(i, j) = T(0);
  return K;
}
/// The partition (M from "m"), U = 1_C and K_eff of the sample; λβ and ε_tot left to the caller.
template <class T> Gated<T> gated_partition(const Args<T>& a, bool both) {
  Gated<T> g;
  const int S = a.S();
  g.M = class_size(S, a.index("m"), both);
  g.U = correct_utility<T>(S, g.M);
  g.Keff = effective_kernel(kernel(a), g.M);
  return g;
}
/// The gated instance of the sample: gated_partition with λβ = "lb", ε_tot = "eps".
template <class T> Gated<T> gated(const Args<T>& a, bool both) {
  Gated<T> g = gated_partition(a, both);
  g.lb = a.real("lb");
  g.eps = a.real("eps");
  return g;
}
std::vector<Assign> gated_points(int S) {
  return {{{"k1", geometric(S, 0.8)},
           {"k2", alternating(S, 0.6)},
           {"kd", std::vector<double>(S, 0.3)},
           {"lb", {0.7}},
           {"eps", {0.3}},
           {"m", {double(S - 2)}}}};
}
/// Per-capita rate of the gated flow: (φ − φ̄) − ε_tot(log p − ⟨log p⟩), φ = U − 2λβK_eff p, ⟨log p⟩ = Σp_j
/// log p_j.
template <class T> Vec<T> gated_rate(const Gated<T>& g, const Vec<T>& p) {
  const Vec<T> phi = g.U - T(2) * g.lb * (g.Keff * p);
  const Vec<T> lp = log_of(p);
  return ((phi.array() - p.dot(phi)) - g.eps * (lp.array() - p.dot(lp))).matrix();
}
template <class T> Vec<T> gated_equilibrium(const Gated<T>& g) {
  const std::function<Vec<T>(const Vec<T>&)> rate = [g](const Vec<T>& p) { return gated_rate(g, p); };
  const Equilibrium<T> e = find_equilibrium<T>(rate, Vec<T>::Constant(g.S(), T(1) / T(g.S())));
  if (!e.converged)
    return Vec<T>();
  return e.p;
}
// App. I §Practical design ("K_eff := Diag(R) k_sem Diag(R) ⪰ 0").
DCRV_CLAIM(claim_keff_psd) {
  return forall("I.keff-psd", Kind::structural)
      .where(R"(App. I §Practical design ("K_eff := Diag(R) k_sem Diag(R) >= 0"))")
      .statement(
          R"(For random PSD $k_{\mathrm{sem}}$ and $R=\mathbf 1_{\mathcal C}$ ($M\in[1,S]$): $K_{\mathrm{eff}}=\operatorname{Diag}(R)k_{\mathrm{sem}}\operatorname{Diag}(R)$ (as the product of matrices) is symmetric, $\lambda_{\min}(K_{\mathrm{eff}})\ge0$ (relative to $\|k_{\mathrm{sem}}\|_{\max}$), it equals dcrv's gated\_kernel, and $(K_{\mathrm{eff}}p)_i=0$ for $i\in\mathcal I$ and all $p\in\Delta^{S-1}$; every $S\ge2)")
      .over(with_gated(Domain().dims(2).simplex("p")).points(gated_points))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int S = a.S(), M = class_size(S, a.index("m"), false);
        const Mat<T> ksem = kernel(a);
        Vec<T> R = Vec<T>::Zero(S);
        for (int i = 0; i < M; ++i)
          R(i) = T(1);
        const Mat<T> K = R.asDiagonal() * ksem * R.asDiagonal();
        std::vector<bool> correct(S, false);
        for (int i = 0; i < M; ++i)
          correct[i] = true;
        const Mat<T> lib = gated_kernel(ksem.template cast<double>().eval(), correct).template cast<T>();
        const Vec<T> Kp = K * a.simplex("p");
        T offclass(0);
        for (int i = M; i < S; ++i)
          offclass = std::max<T>(offclass, T(abs(Kp(i))));
        const T scale = T(1) + ksem.cwiseAbs().maxCoeff();
        Ineq<T> w =
            worst(eq<T>(K, Mat<T>(K.transpose())), ge<T>(symmetric_eigenvalues<T>(K)(0), T(0), T(S) * scale));
        w = worst(w, eq<T>(offclass, T(0), scale));
        // dcrv's gated_kernel is double-only: compared at double accuracy.
        return worst(w, le<T>(T((lib - K).cwiseAbs().maxCoeff()), T(1e-12) * scale));
      });
}

/// log p of the maximiser of the concave J(p) = U·p − λβ pᵀK_eff p + ε_tot H(p) on Δ by proximal mirror
/// ascent (entropy mirror map; independent of the Newton solvers): y ← (y + η(U − 2λβK_eff p))/(1 + ηε),
/// normalised, η = 1/(2λβ‖K_eff‖₂ + ε) (the quadratic is 2λβ‖K_eff‖₂-smooth relative to the entropy, whose
/// Hessian is diag(1/p) ⪰ I on Δ), a contraction with factor ≤ 1 − ηε/(1 + ηε). Stopped when a step moves y
/// by less than 10^(−0.65·digits)·(ηε)/(1+ηε) (10⁻¹³ in double), so the distance to the maximiser is below
/// 10^(−0.65·digits) (or at the rounding floor of a step); empty if that takes more than 10⁶ iterations.
template <class T> Vec<T> gated_argmax_mirror(const Gated<T>& g) {
  const int S = g.S();
  const T eta = T(1) / (T(2) * g.lb * symmetric_opnorm<T>(g.Keff) + g.eps);
  const T contraction = eta * g.eps / (T(1) + eta * g.eps);
  const T target = T(std::pow(10.0, -std::max(0.65 * scalar_digits<T>(), 13.0)));
  Vec<T> y = Vec<T>::Constant(S, -log(T(S)));
  for (long it = 0; it < 1000000; ++it) {
    const Vec<T> p = exp_of(y);
    Vec<T> yn = (y + eta * (g.U - T(2) * g.lb * (g.Keff * p))) / (T(1) + eta * g.eps);
    const T mx = yn.maxCoeff();
    T sum(0);
    for (int i = 0; i < S; ++i)
      sum += exp(yn(i) - mx);
    yn.array() -= mx + log(sum);
    const T moved = (yn - y).cwiseAbs().maxCoeff();
    y = yn;
    // below the rounding floor of one step, a smaller move cannot be observed
    if (moved <= std::max<T>(T(target * contraction),
                             T(T(64) * std::numeric_limits<T>::epsilon() * (T(1) + y.cwiseAbs().maxCoeff()))))
      return y;
  }
  return Vec<T>();
}

// App. I §Practical design, KKT system of the gated flow.
DCRV_CLAIM(claim_gated_kkt) {
  return forall("I.gated-kkt", Kind::equilibrium)
      .where("App. I §Practical design (KKT system for the gated flow)")
      .statement(
          R"(The interior equilibrium $p^\star$ of $\dot p_i=p_i(\phi_i-\bar\phi)-\varepsilon_{\mathrm{tot}}p_i(\log p_i-\langle\log p\rangle)$, $\phi=U-2\lambda\beta K_{\mathrm{eff}}p$ (damped Newton on the flow's rate, residual certificate), satisfies $U_i-2\lambda\beta(K_{\mathrm{eff}}p^\star)_i-\varepsilon_{\mathrm{tot}}(1+\log p^\star_i)=\lambda_0$ for a common $\lambda_0$ (max minus min over $i$ vanishes), and $p^\star$ is the maximiser of the concave $U\cdot p-\lambda\beta p^\top K_{\mathrm{eff}}p+\varepsilon_{\mathrm{tot}}H(p)$ obtained independently by proximal mirror ascent (entropy mirror map, run until its contraction bounds the distance to the maximiser by $10^{-0.65\,\mathrm{digits}}$): $\log p^\star$ equals the mirror-ascent $\log p$ componentwise; $\lambda\beta\in[0,1.5]$, $\varepsilon_{\mathrm{tot}}\in[0.05,1.5]$, $M\in[1,S]$, every $S\ge2)")
      .over(with_gated(Domain().dims(2)).points(gated_points))
      .effort(0.3)
      .mpfr_effort(0.3)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Gated<T> g = gated(a, false);
        const Vec<T> ps = gated_equilibrium(g);
        const Vec<T> ymax = gated_argmax_mirror(g);
        if (ps.size() == 0 || ymax.size() == 0)
          return le<T>(nan_of<T>(), nan_of<T>());
        const Vec<T> Kp = g.Keff * ps;
        Vec<T> kkt(g.S()), lps(g.S());
        T scale(1);
        for (int i = 0; i < g.S(); ++i) {
          lps(i) = log(ps(i));
          kkt(i) = g.U(i) - T(2) * g.lb * Kp(i) - g.eps * (T(1) + lps(i));
          scale = std::max<T>(scale, T(abs(T(2) * g.lb * Kp(i)) + g.eps * abs(lps(i))));
        }
        return worst(eq<T>(T(kkt.maxCoeff() - kkt.minCoeff()), T(0), scale),
                     eq<T>(lps, ymax, T(T(1) + ymax.cwiseAbs().maxCoeff())));
      });
}

// App. I §Incorrect suppression and equalization (boxed identity).
DCRV_CLAIM(claim_gated_suppression_identity) {
  return forall("I.gated-suppression-identity", Kind::equilibrium)
      .where("App. I §Incorrect suppression and equalization (boxed identity)")
      .statement(
          R"(At the interior equilibrium of the gated flow, for all $i\in\mathcal I$, $c\in\mathcal C$: $\log(p^\star_i/p^\star_c)=-(c_1-c_2\lambda\beta(K_{\mathrm{eff}}p^\star)_c)/\varepsilon_{\mathrm{tot}}$, $c_1=1$, $c_2=2$; $M,N\ge1$, $\lambda\beta\in[0,1.5]$, $\varepsilon_{\mathrm{tot}}\in[0.05,1.5]$, every $S\ge2)")
      .constant("c1", 1.0, Role::exact, "utility gap U_c - U_i")
      .constant("c2", 2.0, Role::exact, "the 2 in 2 lambda beta")
      .over(with_gated(Domain().dims(2)).points(gated_points))
      .effort(0.3)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Gated<T> g = gated(a, true);
        const Vec<T> ps = gated_equilibrium(g);
        if (ps.size() == 0)
          return le<T>(nan_of<T>(), nan_of<T>());
        const Vec<T> Kp = g.Keff * ps;
        return worst_over_classes<T>(g.M, g.S(), [&](int c, int i) {
          return eq<T>(T(log(ps(i) / ps(c))), -(k("c1") - k("c2") * g.lb * Kp(c)) / g.eps,
                       T((T(1) + T(2) * g.lb * abs(Kp(c))) / g.eps));
        });
      });
}

// App. I §Incorrect suppression and equalization (last display).
DCRV_CLAIM(claim_gated_equalization_identity) {
  return forall("I.gated-equalization-identity", Kind::equilibrium)
      .skips("instances with fewer than two correct traces have no pair to equalise")
      .where("App. I §Incorrect suppression and equalization (last display)")
      .statement(
          R"(At the interior equilibrium of the gated flow, for all $a,b\in\mathcal C$: $\varepsilon_{\mathrm{tot}}\log(p^\star_a/p^\star_b)=c\lambda\beta((K_{\mathrm{eff}}p^\star)_b-(K_{\mathrm{eff}}p^\star)_a)$, $c=2$; $M\in[1,S]$, $\lambda\beta\in[0,1.5]$, $\varepsilon_{\mathrm{tot}}\in[0.05,1.5]$, every $S\ge2)")
      .constant("c", 2.0, Role::exact, "the 2 in 2 lambda beta")
      .over(with_gated(Domain().dims(2)).points(gated_points))
      .effort(0.3)
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Gated<T> g = gated(a, false);
        const Vec<T> ps = gated_equilibrium(g);
        if (ps.size() == 0)
          return le<T>(nan_of<T>(), nan_of<T>());
        const Vec<T> Kp = g.Keff * ps;
        Ineq<T> w = skip<T>();
        for (int x = 0; x < g.M; ++x)
          for (int y = x + 1; y < g.M; ++y)
            w = worst(w, eq<T>(T(g.eps * log(ps(x) / ps(y))), k("c") * g.lb * (Kp(y) - Kp(x)),
                               T(T(1) + T(2) * g.lb * (abs(Kp(x)) + abs(Kp(y))))));
        return w;
      });
}

/// (max_I p⋆_i / min_C p⋆_c, max_C p⋆_c / min_C p⋆_c, min_c (1 − 2λβ(K_eff p⋆)_c)) in logarithms at ε_tot =
/// eps.
template <class T> std::tuple<T, T, T, bool> tuning_ratios(Gated<T> g, const T& eps) {
  g.eps = eps;
  const Vec<T> ps = gated_equilibrium(g);
  if (ps.size() == 0)
    return {T(0), T(0), T(0), false};
  const Vec<T> Kp = g.Keff * ps;
  const Vec<T> pc = ps.head(g.M);
  const T maxI = g.M < g.S() ? T(ps.tail(g.S() - g.M).maxCoeff()) : T(0);
  T regime(1);
  for (int c = 0; c < g.M; ++c)
    regime = std::min<T>(regime, T(T(1) - T(2) * g.lb * Kp(c)));
  return {T(log(maxI / pc.minCoeff())), T(log(pc.maxCoeff() / pc.minCoeff())), regime, true};
}
Domain tuning_domain() {
  return with_kernel(Domain().dims(2).index("m"))
      .real("vartheta", 0.0, 1.0 - 1e-9)
      .real("eps", 0.1, 2.0, true)
      .real("rho", 1e-3, 19.0, true)
      .points([](int S) {
        auto pts = gated_points(S);
        for (auto& q : pts)
          q.erase("lb"), q["vartheta"] = {0.95}, q["eps"] = {0.1}, q["rho"] = {1.0};
        return pts;
      });
}
/// The gated instance with λβ = ϑ/(2Δ_K) (2λβΔ_K < 1), Δ_K the row difference of K_eff; ε₁ = eps, ε₂ =
/// eps(1+ρ) ≤ 2.
template <class T> std::tuple<Gated<T>, T, T, bool> tuning_instance(const Args<T>& a, bool both) {
  Gated<T> g = gated_partition(a, both);
  const T dK = row_difference(g.Keff);
  g.lb = dK > 0 ? T(a.real("vartheta") / (T(2) * dK)) : T(0);
  const T e1 = a.real("eps"), e2 = std::min<T>(T(2), T(e1 * (T(1) + a.real("rho"))));
  return {g, e1, e2, e2 > e1};
}

// App. I §Incorrect suppression ("strong suppression … promoted by small ε_tot") and §Tuning guidance.
DCRV_CLAIM(claim_tuning_suppression_monotone) {
  return forall("I.tuning-suppression-monotone", Kind::equilibrium)
      .where(R"(App. I §Incorrect suppression ("promoted by small eps_tot") and §Tuning guidance)")
      .statement(
          R"(For $M,N\ge1$, random PSD $k_{\mathrm{sem}}$, $\lambda\beta=\vartheta/(2\Delta_K)$ ($\vartheta\in[0,1)$, $\Delta_K$ the row difference of $K_{\mathrm{eff}}$) and $0.1\le\varepsilon_1<\varepsilon_2\le2$ with both equilibria in the suppression regime ($1-2\lambda\beta(K_{\mathrm{eff}}p^\star)_c>0$ for all $c$): $\max_{\mathcal I}p^\star_i/\min_{\mathcal C}p^\star_c$ at $\varepsilon_1$ is $\le$ its value at $\varepsilon_2$; every $S\ge2)")
      .over(tuning_domain())
      .effort(0.3)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [g, e1, e2, ok] = tuning_instance(a, true);
        if (!ok)
          return skip<T>();
        const auto [s1, q1, r1, ok1] = tuning_ratios(g, e1);
        const auto [s2, q2, r2, ok2] = tuning_ratios(g, e2);
        if (!ok1 || !ok2)
          return le<T>(nan_of<T>(), nan_of<T>());
        if (!(r1 > 0 && r2 > 0))
          return skip<T>();
        return le<T>(s1, s2, T(T(1) + abs(s1) + abs(s2)));
      });
}

// App. I §Incorrect suppression ("larger ε_tot enhances equalization") and §Tuning guidance.
DCRV_CLAIM(claim_tuning_equalization_monotone) {
  return forall("I.tuning-equalization-monotone", Kind::equilibrium)
      .skips("instances with fewer than two correct traces (M < 2) have no equalisation to measure, and "
             "failed tunings are outside the hypotheses")
      .where(R"(App. I §Incorrect suppression ("larger eps_tot enhances equalization") and §Tuning guidance)")
      .statement(
          R"(For $M\in[1,S]$, random PSD $k_{\mathrm{sem}}$, $\lambda\beta=\vartheta/(2\Delta_K)$ ($\vartheta\in[0,1)$) and $0.1\le\varepsilon_1<\varepsilon_2\le2$: $\max_{\mathcal C}p^\star_c/\min_{\mathcal C}p^\star_c$ at $\varepsilon_2$ is $\le$ its value at $\varepsilon_1$; every $S\ge2)")
      .over(tuning_domain())
      .effort(0.3)
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [g, e1, e2, ok] = tuning_instance(a, false);
        if (!ok || g.M < 2)
          return skip<T>();
        const auto [s1, q1, r1, ok1] = tuning_ratios(g, e1);
        const auto [s2, q2, r2, ok2] = tuning_ratios(g, e2);
        if (!ok1 || !ok2)
          return le<T>(nan_of<T>(), nan_of<T>());
        return le<T>(q2, q1, T(T(1e-6) + abs(q1) + abs(q2)) * T(1e-3));
      });
}

// ------------------------------------------------------------------------------------------------------------
// Support-function identity
// ------------------------------------------------------------------------------------------------------------

// App. I §Support-function identity.
DCRV_CLAIM(claim_support_function) {
  return forall("I.support-function", Kind::identity)
      .where("App. I §Support-function identity (diversity pressure)")
      .statement(
          R"(For general real $A\in\mathbb R^{S\times S}$ ($2\le S\le12$) and $i\ne j$: (bound) $|(Ap)_i-(Ap)_j|\le\|A_{i\cdot}-A_{j\cdot}\|_\infty$ for all $p$ of the closed simplex; (attained) $|(Ae_m)_i-(Ae_m)_j|=\|A_{i\cdot}-A_{j\cdot}\|_\infty$ at the vertex $m=\arg\max_k|A_{ik}-A_{jk}|$, so the supremum equals the row difference)")
      .over(with_matrix(Domain().dims(2, 12).simplex("p", true).index("i").index("j")))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int i = a.index("i"), j = a.index("j");
        if (i == j)
          return skip<T>();
        const Mat<T> A = general_matrix(a);
        const Vec<T> Ap = A * a.simplex("p");
        return le<T>(T(abs(Ap(i) - Ap(j))), T((A.row(i) - A.row(j)).cwiseAbs().maxCoeff()));
      })
      .and_holds("attained at a vertex", with_matrix(Domain().dims(2, 12).index("i").index("j")),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const int i = a.index("i"), j = a.index("j");
                   if (i == j)
                     return skip<T>();
                   const Mat<T> A = general_matrix(a);
                   const Vec<T> d = (A.row(i) - A.row(j)).transpose();
                   Eigen::Index m = 0;
                   d.cwiseAbs().maxCoeff(&m);
                   Vec<T> e = Vec<T>::Zero(a.S());
                   e(m) = T(1);
                   const Vec<T> Ae = A * e;
                   return eq<T>(T(abs(Ae(i) - Ae(j))), T(d.cwiseAbs().maxCoeff()));
                 });
}

// ------------------------------------------------------------------------------------------------------------
// Global Lipschitz modulus of the SRCT drift on Δ_{δ⋆}
// ------------------------------------------------------------------------------------------------------------

/// A pair in Δ_{δ⋆}: p = δ⋆1 + (1−Sδ⋆)w, q = p + t(δ⋆1 + (1−Sδ⋆)v − p); d = p − q computed directly.
template <class T> std::tuple<Vec<T>, Vec<T>, Vec<T>> trimmed_pair(const Args<T>& a, const T& delta) {
  const int S = a.S();
  const T span = T(1) - T(S) * delta;
  const Vec<T> p = (Vec<T>::Constant(S, delta) + span * a.simplex("w")).eval();
  const Vec<T> d = (a.real("t") * span * (a.simplex("w") - a.simplex("v"))).eval();
  return {p, Vec<T>(p - d), d};
}
/// δ⋆ = σ/S, σ ∈ [1e-8, 1) (σ → 1 is the uniform point only).
Domain with_trimmed_pair(Domain d) {
  return d.simplex("w", true).simplex("v", true).real("t", 1e-8, 1.0, true).real("sigma", 1e-8, 0.999, true);
}
template <class T> T trimmed_delta(const Args<T>& a) {
  return a.real("sigma") / T(a.S());
}
// App. I §Global Lipschitz modulus ("‖S(p)‖_{2→2} ≤ ½").
DCRV_CLAIM(claim_S_opnorm) {
  return forall("I.S-opnorm", Kind::bound)
      .where(R"(App. I §Global Lipschitz modulus ("||S(p)||_{2->2} <= 1/2"))")
      .statement(
          R"(For all $p\in\Delta^{S-1}$ (closed; in particular on $\Delta_{\delta_\star}$): $\|\operatorname{diag}(p)-pp^\top\|_{2\to2}\le c$, $c=\tfrac12$ (attained at $p=(\tfrac12,\tfrac12,0,\dots)$); every $S\ge2)")
      .constant("c", 0.5, Role::upper, "bound on ||S(p)||_2")
      .over(Domain().dims(2).simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p");
        return le<T>(symmetric_opnorm<T>(covariance_matrix(p)), k("c"));
      });
}

// App. I §Global Lipschitz modulus ("‖S(p) − S(q)‖_{2→2} ≤ 3‖p − q‖₂").
DCRV_CLAIM(claim_S_lipschitz) {
  return forall("I.S-lipschitz", Kind::bound)
      .where(R"(App. I §Global Lipschitz modulus ("||S(p) - S(q)|| <= 3||p - q||"))")
      .statement(
          R"(For all $p,q\in\Delta_{\delta_\star}$, $\delta_\star=\sigma/S\in(10^{-8}/S,1/S)$, pairs at relative distance $t\in[10^{-8},1]$ (near-coincident limits included): $\|S(p)-S(q)\|_{2\to2}\le c\|p-q\|_2$, $c=3$; every $S\ge2)")
      .constant("c", 3.0, Role::upper, "Lipschitz constant of S(p)")
      .over(with_trimmed_pair(Domain().dims(2)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [p, q, d] = trimmed_pair(a, trimmed_delta(a));
        if (!(d.norm() > 0))
          return skip<T>();
        return le<T>(symmetric_opnorm<T>(selection_covariance_difference(p, q, d)), k("c") * d.norm());
      });
}

// App. I §Global Lipschitz modulus (L_φ^{(2)}).
DCRV_CLAIM(claim_phi_lipschitz) {
  return forall("I.phi-lipschitz", Kind::bound)
      .skips("coincident pairs (p = q) give no difference quotient")
      .where("App. I §Global Lipschitz modulus (L_phi^(2))")
      .statement(
          R"(For $\phi(p)=U-2\lambda\beta K_{\mathrm{eff}}p$ and all $p,q\in\Delta_{\delta_\star}$: $\|\phi(p)-\phi(q)\|_2\le c\lambda\beta\|K_{\mathrm{eff}}\|_{2\to2}\|p-q\|_2$, $c=2$; random PSD $k_{\mathrm{sem}}$, $M\in[1,S]$, $\lambda\beta\in[0,1.5]$, every $S\ge2)")
      .constant("c", 2.0, Role::upper, "coefficient of lambda beta ||K_eff||")
      .over(with_trimmed_pair(with_gated(Domain().dims(2))).points([](int S) {
        // K_eff = vvᵀ with v ⟂ 1 (N = 0) and p − q ∥ v: equality.
        std::vector<double> v(S, 0.0), z(S, 0.0), w(S, 1.0), u(S, 1.0);
        v[0] = 1, v[1] = -1, w[0] = 2, u[1] = 2;
        return std::vector<Assign>{{{"m", {double(S - 1)}},
                                    {"k1", v},
                                    {"k2", z},
                                    {"kd", z},
                                    {"lb", {1.0}},
                                    {"w", w},
                                    {"v", u},
                                    {"t", {0.5}},
                                    {"sigma", {0.1}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Gated<T> g = gated(a, false);
        const auto [p, q, d] = trimmed_pair(a, trimmed_delta(a));
        if (!(d.norm() > 0))
          return skip<T>();
        const Vec<T> dphi = -T(2) * g.lb * (g.Keff * d); // φ(p) − φ(q), exact algebra
        return le<T>(T(dphi.norm()), k("c") * g.lb * symmetric_opnorm<T>(g.Keff) * d.norm());
      });
}

// App. I §Global Lipschitz modulus (M_{φ,2}).
DCRV_CLAIM(claim_phi_size) {
  return forall("I.phi-size", Kind::bound)
      .where("App. I §Global Lipschitz modulus (M_phi,2)")
      .statement(
          R"(For all $p\in\Delta^{S-1}$ (closed; in particular $\Delta_{\delta_\star}$): $\|\phi(p)\|_2\le c\sqrt M+2\lambda\beta\|K_{\mathrm{eff}}\|_{2\to2}$, $c=1$ (attained at $\lambda\beta=0$); random PSD $k_{\mathrm{sem}}$, $M\in[1,S]$, $\lambda\beta\in[0,1.5]$, every $S\ge2)")
      .constant("c", 1.0, Role::upper, "coefficient of sqrt(M)")
      .over(with_gated(Domain().dims(2).simplex("p", true)).points([](int S) {
        auto pts = gated_points(S);
        for (auto& q : pts)
          q["lb"] = {0.0};
        return pts;
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Gated<T> g = gated(a, false);
        const Vec<T> phi = g.U - T(2) * g.lb * (g.Keff * a.simplex("p"));
        return le<T>(T(phi.norm()), k("c") * sqrt(T(g.M)) + T(2) * g.lb * symmetric_opnorm<T>(g.Keff));
      });
}

// App. I §Global Lipschitz modulus (‖E(p) − E(q)‖₂ bound).
DCRV_CLAIM(claim_E_lipschitz) {
  return forall("I.E-lipschitz", Kind::bound)
      .where("App. I §Global Lipschitz modulus (||E(p) - E(q)|| bound)")
      .statement(
          R"(For all $p,q\in\Delta^{S-1}_{\delta_\star}$, $\delta_\star=\sigma/S$, $\sigma\in[10^{-8},1)$, pairs at relative distance $t\in[10^{-8},1]$: $\|E(p)-E(q)\|_2\le c\,\Lambda(\delta_\star)(c_2+\sqrt S)\|p-q\|_2$, $\Lambda(\delta_\star)=1+\log(1/\delta_\star)$, $c=1$, $c_2=2$; every $S\ge2)")
      .constant("c", 1.0, Role::upper, "overall coefficient of Lambda (2 + sqrt S)")
      .constant("c2", 2.0, Role::upper, "the 2 in (2 + sqrt S)")
      .over(with_trimmed_pair(Domain().dims(2)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const T delta = trimmed_delta(a);
        const auto [p, q, d] = trimmed_pair(a, delta);
        if (!(d.norm() > 0))
          return skip<T>();
        const T lam = T(1) + log(T(1) / delta);
        const Vec<T> dE = entropy_drift(p) - entropy_drift(q);
        const T rhs = k("c") * lam * (k("c2") + sqrt(T(a.S()))) * d.norm();
        // Cancellation in E(p) − E(q): about ε·Λ per coordinate.
        return le<T>(T(dE.norm()), rhs, T(T(1e11) * std::numeric_limits<T>::epsilon() * lam * T(a.S())));
      });
}

// App. I §Global Lipschitz modulus (boxed inequality).
DCRV_CLAIM(claim_drift_lipschitz_boxed) {
  return forall("I.drift-lipschitz-boxed", Kind::bound)
      .skips("coincident pairs (p = q) give no difference quotient")
      .where("App. I §Global Lipschitz modulus (boxed inequality)")
      .statement(
          R"(For $F(p)=S(p)\phi(p)-\varepsilon_{\mathrm{tot}}E(p)$ and all $p,q\in\Delta^{S-1}_{\delta_\star}$ ($\delta_\star=\sigma/S$, $\sigma\in[10^{-8},1)$, pairs at relative distance $t\in[10^{-8},1]$): $\|F(p)-F(q)\|_2\le\big(c_h L^{(2)}_\phi+c_3M_{\phi,2}+\varepsilon_{\mathrm{tot}}\Lambda(\delta_\star)(c_2+\sqrt S)\big)\|p-q\|_2$ with $L^{(2)}_\phi=2\lambda\beta\|K_{\mathrm{eff}}\|_2$, $M_{\phi,2}=\sqrt M+L^{(2)}_\phi$, $c_h=\tfrac12$, $c_3=3$, $c_2=2$; random PSD $k_{\mathrm{sem}}$, $M\in[1,S]$, $\lambda\beta\in[0,1.5]$, $\varepsilon_{\mathrm{tot}}\in[10^{-3},1.5]$, every $S\ge2)")
      .constant("half", 0.5, Role::upper, "coefficient of L_phi")
      .constant("three", 3.0, Role::upper, "coefficient of M_phi,2")
      .constant("two", 2.0, Role::upper, "the 2 in (2 + sqrt S)")
      .over(with_trimmed_pair(Domain()
                                  .dims(2)
                                  .index("m")
                                  .vector("k1", 1.0)
                                  .vector("k2", 1.0)
                                  .vector("kd", 1.0)
                                  .real("lb", 0.0, 1.5)
                                  .real("eps", 1e-3, 1.5, true)))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Gated<T> g = gated(a, false);
        const T delta = trimmed_delta(a);
        const auto [p, q, d] = trimmed_pair(a, delta);
        if (!(d.norm() > 0))
          return skip<T>();
        const Vec<T> phip = g.U - T(2) * g.lb * (g.Keff * p), phiq = g.U - T(2) * g.lb * (g.Keff * q);
        // F(p) − F(q) = S(p)(φ(p) − φ(q)) + (S(p) − S(q))φ(q) − ε(E(p) − E(q)), each part without
        // cancellation.
        const Vec<T> dF = covariance_matrix(p) * Vec<T>(phip - phiq) +
                          selection_covariance_difference(p, q, d) * phiq -
                          g.eps * (entropy_drift(p) - entropy_drift(q));
        const T L = T(2) * g.lb * symmetric_opnorm<T>(g.Keff);
        const T Mphi = sqrt(T(g.M)) + L;
        const T lam = T(1) + log(T(1) / delta);
        const T rhs =
            (k("half") * L + k("three") * Mphi + g.eps * lam * (k("two") + sqrt(T(a.S())))) * d.norm();
        return le<T>(T(dF.norm()), rhs,
                     T(T(1e11) * std::numeric_limits<T>::epsilon() * (g.eps * lam + T(1) + L) * T(a.S())));
      });
}

} // namespace
} // namespace dcrv
