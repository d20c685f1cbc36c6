// Appendix D — the STaR score field and its aggregates (appendix_D_aistats.tex §"Setting, notation, and basic
// aggregates", def:star-score, §"Componentwise and norm bounds (sharp)", the score differences of §"Log-ratio
// dynamics", the ranges used in §"Within C"/§"Correct vs. incorrect"/§"Asymptotics", §"Edge cases").
//
// Conventions of this file (and of D_star_jacobian.cpp, D_star_flow.cpp).
//  * K = S ≥ 2. The correct set is an input: index field "M" gives M = |C| = M_idx + 1 ∈ {1,…,K} and index
//    field "first" places C as the cyclic window {first, …, first+M−1} (mod K). φ^STaR is equivariant under
//    permutations preserving C, so this covers every partition; the cyclic placement lets the simplex edge
//    cases (vertex e_0, faces) land on correct as well as incorrect coordinates.
//  * Claims "for c ∈ C" / "for i ∈ I" are checked for all such indices at once (the worst one counts).
//  * φ, J, ρ, S⁽²⁾ come from lib/include/dcrv/scores/star.hpp.
#include <algorithm>
#include <cmath>
#include <vector>

#include "dcrv/linalg.hpp"
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

/// The paper's extremal configurations, for every M = 1…K with C = {0,…,M−1}, as simplex weights of field
/// `name`: one dominant correct coordinate (ρ → 1, S⁽²⁾ = ρ²), one dominant second correct coordinate
/// (p_0 → 0, φ_0 → −ρ), equal correct masses with ρ → 1 and with ρ → 0 (S⁽²⁾ = ρ²/M), a small correct mass
/// concentrated on one coordinate (ρ → 0, p_0/ρ → 1), and the uniform point.
Pts score_points(int K, const std::string& name = "p") {
  Pts out;
  for (int M = 1; M <= K; ++M) {
    auto with = [&](std::vector<double> w) {
      out.push_back({{name, w}, {"M", {double(M - 1)}}, {"first", {0.0}}});
    };
    for (double tiny : {1e-6, 1e-14, 1e-30}) {
      std::vector<double> w(K, tiny);
      w[0] = 1;
      with(w); // one dominant correct coordinate
      if (M >= 2) {
        std::vector<double> v(K, tiny);
        v[1] = 1;
        with(v); // p_0 → 0 while another correct coordinate carries ρ
      }
      std::vector<double> eqc(K, tiny), eqs(K, 1.0);
      for (int c = 0; c < M; ++c)
        eqc[c] = 1, eqs[c] = tiny;
      with(eqc); // equal correct masses, ρ → 1
      if (M < K)
        with(eqs); // equal correct masses, ρ → 0
      if (M < K) {
        std::vector<double> conc(K, 1.0);
        for (int c = 0; c < M; ++c)
          conc[c] = tiny * tiny;
        conc[0] = tiny;
        with(conc); // ρ → 0 with p_0/ρ → 1
      }
    }
    with(std::vector<double>(K, 1.0));
  }
  return out;
}

/// A sample of the score claims: its partition, p and the STaR score φ(p) (star_score).
template <class T> struct ScoreSample {
  StarPartition part;
  Vec<T> p, phi;
};
template <class T> ScoreSample<T> score_sample(const Args<T>& a) {
  StarPartition part = partition_of(a);
  Vec<T> p = a.simplex("p");
  Vec<T> phi = star_score(p, part);
  return {std::move(part), std::move(p), std::move(phi)};
}

/// Points p of the open (or closed) simplex with the partition fields and score_points as edge cases.
Domain score_domain(bool closed) {
  return partitioned().simplex("p", closed).points([](int K) { return score_points(K); });
}

/// A boxed componentwise bound of App. D §Componentwise and norm bounds on the open simplex (every
/// partition): check(s) on the score sample s.
template <class F> ForAll componentwise_bound(const char* id, const char* statement, F check) {
  return forall(id, Kind::bound)
      .where("App. D §Componentwise and norm bounds (boxed)")
      .statement(statement)
      .over(score_domain(false))
      .holds([check]<class T>(const Args<T>& a, const Consts<T>&) { return check(score_sample(a)); });
}

/// min / max of v over the coordinates in `idx` (non-empty).
template <class T> T min_over(const Vec<T>& v, const std::vector<int>& idx) {
  T m = v(idx[0]);
  for (int k : idx)
    m = std::min(m, v(k));
  return m;
}
template <class T> T max_over(const Vec<T>& v, const std::vector<int>& idx) {
  T m = v(idx[0]);
  for (int k : idx)
    m = std::max(m, v(k));
  return m;
}

/// One point of dcrv's approach families for the endpoints of the componentwise bounds (C = window from
/// `first`, c0 = first, c1 = first + 1): K, M, the family `e` and its parameter η ∈ (0, 1/2].
///   e = 0 (φ_c → −1):  M ≥ 2: p_{c1} = 1 − η, every other coordinate η/(K−1);  M = 1: p_c = 1 − η.
///   e = 1 (φ_c → 1):   p_{c0} = η, other correct η²/K, incorrect share the rest  (M < K).
///   e = 2 (φ_i → −1):  p_{c0} = 1 − η, every other coordinate η/(K−1).
///   e = 3 (φ_i → 0):   as e = 1.
template <class T> Vec<T> approach_point(const StarPartition& part, int e, const T& eta) {
  const int K = part.size(), M = part.num_correct(), L = K - M;
  const std::vector<int> C = part.correct_indices(), I = part.incorrect_indices();
  Vec<T> p = Vec<T>::Constant(K, eta / T(K - 1));
  if (e == 0 && M >= 2) {
    p(C[1]) = T(1) - eta;
  } else if (e == 0 || e == 2) {
    p(C[0]) = T(1) - eta;
  } else {
    for (int c : C)
      p(c) = eta * eta / T(K);
    p(C[0]) = eta;
    const T rest = T(1) - eta - T(M - 1) * eta * eta / T(K);
    for (int i : I)
      p(i) = rest / T(L);
  }
  return p;
}

/// The maximiser of φ_c over {p ∈ int Δ : ρ(p) = ρ} for M ≥ 1 (proof in D.phi-componentwise-sharp~fixed-rho):
/// p_c = x⋆ = min(ρ, (M−1+2ρ)/(2M)), the other correct coordinates (ρ − x⋆)/(M−1), incorrect (1−ρ)/L. For
/// x⋆ = ρ (M = 1, or ρ ≤ ½) the other correct coordinates are given the tiny mass ηρ instead of 0.
template <class T> Vec<T> fixed_rho_maximiser(const StarPartition& part, const T& rho, const T& eta) {
  const int K = part.size(), M = part.num_correct(), L = K - M;
  const std::vector<int> C = part.correct_indices(), I = part.incorrect_indices();
  Vec<T> p(K);
  for (int i : I)
    p(i) = (T(1) - rho) / T(L);
  T x = (T(M - 1) + 2 * rho) / T(2 * M);
  if (M == 1 || x >= rho - eta * rho)
    x = rho - T(M - 1) * eta * rho;
  p(C[0]) = x;
  for (std::size_t j = 1; j < C.size(); ++j)
    p(C[j]) = (rho - x) / T(M - 1);
  return p;
}

// ---------------------------------------------------------------------------------------------------------
// §Setting: ⟨log p⟩, the trimmed simplex, the domain of φ.
// ---------------------------------------------------------------------------------------------------------

// App. D §Setting, definition of ⟨log p⟩: ⟨log p⟩ ∈ [−log K, 0].
DCRV_CLAIM(logp_range) {
  return forall("D.logp-range", Kind::bound)
      .where("App. D §Setting")
      .statement(
          R"(-\log K\le\langle\log p\rangle=\sum_k p_k\log p_k\le0$ for every $p\in\Delta^{K-1}$ (closed simplex, $0\log0:=0$), $K\ge2$)")
      .over(Domain().dims(2).simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const Vec<T> p = a.simplex("p");
        const T ml = mean_log(p), logK = log(T(a.S()));
        return worst(le<T>(-ml, logK), le<T>(ml, T(0), logK));
      });
}

// App. D §Setting, trimmed simplex: p ∈ Δ_δ ⇒ ρ(p) ≥ Mδ.
DCRV_CLAIM(trimmed_rho_lb) {
  return forall("D.trimmed-rho-lb", Kind::bound)
      .where("App. D §Setting (trimmed simplex)")
      .statement(
          R"(\rho(p)\ge M\delta$ for every $p\in\Delta^{K-1}_{\delta}=\{p\in\Delta^{K-1}:\min_kp_k\ge\delta\}$, $\delta\in(0,1/K)$, every partition with $M\ge1$; $p=\delta\mathbf 1+(1-K\delta)q$ with $q$ over the closed simplex (this map is onto $\Delta_\delta$))")
      .over(with_trimmed(partitioned()))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = partition_of(a);
        return le<T>(T(part.num_correct()) * a.real("delta"), star_correct_mass(trimmed_point(a), part));
      });
}

// App. D, Definition def:star-score (last sentence): for M ≥ 1, ρ > 0 on int Δ, so 𝒟 = int Δ and φ is C^∞.
DCRV_CLAIM(domain_smooth) {
  return forall("D.domain-smooth", Kind::structural)
      .where("App. D, Definition def:star-score")
      .statement(
          R"(For $M\ge1$ and $p\in\operatorname{int}\Delta^{K-1}$: $\rho(p)\ge\max_{c\in\mathcal C}p_c>0$, so $\mathcal D=\operatorname{int}\Delta^{K-1}$. Numerical proxy for smoothness: $\phi^{\mathrm{STaR}}(p)$ and its closed-form Jacobian are finite at every sampled $p$ (masses down to $10^{-40}$); $\phi$ is a rational function whose only denominator is $\rho$, so it is $C^\infty$ where $\rho>0$ (not checked numerically))")
      .over(partitioned().simplex("p"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = partition_of(a);
        const Vec<T> p = a.simplex("p");
        const T rho = star_correct_mass(p, part), top = p(star_top_correct(p, part));
        const Mat<T> jac = star_jacobian(p, part);
        const Vec<T> phi = star_score(p, part);
        bool finite = top > 0;
        for (Eigen::Index k = 0; k < p.size(); ++k)
          finite = finite && is_finite(phi(k));
        for (Eigen::Index k = 0; k < jac.size(); ++k)
          finite = finite && is_finite(jac.data()[k]);
        return worst(le<T>(top, rho), le<T>(T(finite ? 0 : 1), T(0), T(1)));
      });
}

// ---------------------------------------------------------------------------------------------------------
// §Componentwise and norm bounds (sharp).
// ---------------------------------------------------------------------------------------------------------

// App. D §Componentwise and norm bounds: centering Σ_k p_k φ_k(p) = 0.
DCRV_CLAIM(centering) {
  return forall("D.centering", Kind::identity)
      .where("App. D §Componentwise and norm bounds")
      .statement(
          R"(\sum_{k=1}^Kp_k\phi^{\mathrm{STaR}}_k(p)=0$ for every $p\in\operatorname{int}\Delta^{K-1}$ and every partition with $M\ge1$ (relative to the size $2S^{(2)}/\rho$ of the terms))")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, phi] = score_sample(a);
        // Relative to the size of the terms, Σ_k p_k(p_k/ρ 1{k∈C} + S⁽²⁾/ρ) = 2S⁽²⁾/ρ (φ itself may vanish).
        return eq<T>(p.dot(phi), T(0), T(2) * star_correct_square_sum(p, part) / star_correct_mass(p, part));
      });
}

// App. D §Componentwise and norm bounds (Cauchy–Schwarz step): S⁽²⁾ ≥ ρ²/M.
DCRV_CLAIM(s2_lower) {
  return forall("D.S2-lower", Kind::bound)
      .where("App. D §Componentwise and norm bounds")
      .statement(
          R"(S^{(2)}(p)\ge\rho(p)^2/M$ for every $p\in\Delta^{K-1}$ (closed simplex) and every partition)")
      .over(score_domain(true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, rho] = point_sample(a);
        return le<T>(rho * rho / T(part.num_correct()), star_correct_square_sum(p, part));
      });
}

// App. D, proof sketch of prop:Lip-J: S⁽²⁾ ≤ ρ² and p_j ≤ ρ (j ∈ C).
DCRV_CLAIM(s2_upper) {
  return forall("D.S2-upper", Kind::bound)
      .where("App. D, proof sketch of Proposition prop:Lip-J")
      .statement(
          R"(S^{(2)}(p)\le\rho(p)^2$ and $p_j\le\rho(p)$ for all $j\in\mathcal C$, every $p\in\Delta^{K-1}$ (closed) and partition)")
      .over(score_domain(true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, rho] = point_sample(a);
        return worst(le<T>(star_correct_square_sum(p, part), rho * rho),
                     le<T>(p(star_top_correct(p, part)), rho));
      });
}

// App. D §Componentwise and norm bounds (boxed): φ_c ≥ −ρ.
DCRV_CLAIM(phi_c_lower) {
  return componentwise_bound(
      "D.phi-c-lower",
      R"(-\phi_c(p)\le\rho(p)$ for every $c\in\mathcal C$ and $p\in\operatorname{int}\Delta^{K-1}$, every partition with $M\ge1$ (worst $c$))",
      []<class T>(const ScoreSample<T>& s) -> Ineq<T> {
        return le<T>(-min_over(s.phi, s.part.correct_indices()), star_correct_mass(s.p, s.part));
      });
}

// App. D §Componentwise and norm bounds (boxed): φ_c ≤ 1 − ρ/M.
DCRV_CLAIM(phi_c_upper) {
  return componentwise_bound(
      "D.phi-c-upper",
      R"(\phi_c(p)\le1-\rho(p)/M$ for every $c\in\mathcal C$ and $p\in\operatorname{int}\Delta^{K-1}$, every partition (worst $c$; the right side is evaluated as $(1-\rho)+\rho(M-1)/M$ with $1-\rho$ summed over $\mathcal I$))",
      []<class T>(const ScoreSample<T>& s) -> Ineq<T> {
        const int M = s.part.num_correct();
        const T top = max_over(s.phi, s.part.correct_indices());
        const T rho = star_correct_mass(s.p, s.part);
        return le<T>(top, star_incorrect_mass(s.p, s.part) + rho * T(M - 1) / T(M));
      });
}

// App. D §Componentwise and norm bounds (boxed): φ_i = −S⁽²⁾/ρ ≥ −ρ for i ∈ I.
DCRV_CLAIM(phi_i_lower) {
  return componentwise_bound(
      "D.phi-i-lower",
      R"(-\phi_i(p)=S^{(2)}(p)/\rho(p)\le\rho(p)$ for every $i\in\mathcal I$ and $p\in\operatorname{int}\Delta^{K-1}$, partitions with $1\le M<K$ (worst $i$, $\phi_i$ from the score field))",
      []<class T>(const ScoreSample<T>& s) -> Ineq<T> {
        if (s.part.num_incorrect() == 0)
          return skip<T>();
        return le<T>(-min_over(s.phi, s.part.incorrect_indices()), star_correct_mass(s.p, s.part));
      });
}

// App. D §Componentwise and norm bounds (boxed): φ_i ≤ 0 for i ∈ I.
DCRV_CLAIM(phi_i_upper) {
  return componentwise_bound(
      "D.phi-i-upper",
      R"(\phi_i(p)\le0$ for every $i\in\mathcal I$ and $p\in\operatorname{int}\Delta^{K-1}$, partitions with $1\le M<K$ (worst $i$))",
      []<class T>(const ScoreSample<T>& s) -> Ineq<T> {
        if (s.part.num_incorrect() == 0)
          return skip<T>();
        return le<T>(max_over(s.phi, s.part.incorrect_indices()), T(0));
      });
}

// App. D §Componentwise and norm bounds (boxed): ‖φ‖_∞ ≤ 1.
DCRV_CLAIM(phi_sup_norm) {
  return forall("D.phi-sup-norm", Kind::bound)
      .where("App. D §Componentwise and norm bounds (boxed)")
      .statement(
          R"(\|\phi^{\mathrm{STaR}}(p)\|_\infty\le c$ with $c=1$, for every $p\in\operatorname{int}\Delta^{K-1}$ and every partition with $M\ge1$)")
      .constant("c", 1.0, Role::upper, "bound on the sup-norm of the score")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return le<T>(norm_inf<T>(score_sample(a).phi), k("c"));
      });
}

// App. D §Componentwise and norm bounds (second box, left): ‖φ‖₂² ≤ 1 − 2ρ + Kρ².
DCRV_CLAIM(phi_l2_quadratic) {
  return forall("D.phi-l2-quadratic", Kind::bound)
      .where("App. D §Componentwise and norm bounds (second box)")
      .statement(
          R"(\|\phi^{\mathrm{STaR}}(p)\|_2^2\le c_0+c_1\rho+c_K K\rho^2$ with $(c_0,c_1,c_K)=(1,-2,1)$, for every $p\in\operatorname{int}\Delta^{K-1}$ and every partition with $M\ge1$ (equality for $M=1$))")
      .constant("c0", 1.0, Role::upper, "constant term of the quadratic")
      .constant("c1", -2.0, Role::upper, "coefficient of rho")
      .constant("cK", 1.0, Role::upper, "coefficient of K rho^2")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [part, p, phi] = score_sample(a);
        const T rho = star_correct_mass(p, part), K = T(a.S());
        const T rhs = k("c0") + k("c1") * rho + k("cK") * K * rho * rho;
        // Scale: the size of the terms of the right side (it dips to 1 − 1/K between 1 and K − 1).
        return le<T>(phi.squaredNorm(), rhs, T(1));
      });
}

// App. D §Componentwise and norm bounds (second box, middle): 1 − 2ρ + Kρ² ≤ K − 1 on [0, 1].
DCRV_CLAIM(quadratic_le_km1) {
  return forall("D.quadratic-le-Km1", Kind::bound)
      .where("App. D §Componentwise and norm bounds (second box)")
      .statement(
          R"(1-2\rho+K\rho^2\le K-1$ for all $\rho\in[0,1]$ and $K\ge2$ (endpoints included; equality at $\rho=1$))")
      .over(Domain().dims(2).real("rho", 0.0, 1.0).points([](int) {
        return Pts{{{"rho", {0.0}}}, {{"rho", {1.0}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T rho = a.real("rho"), K = T(a.S());
        return le<T>(T(1) - 2 * rho + K * rho * rho, K - 1);
      });
}

// App. D §Componentwise and norm bounds (second box, right): ‖φ‖₂ ≤ √(K−1).
DCRV_CLAIM(phi_l2_sqrtkm1) {
  return forall("D.phi-l2-sqrtKm1", Kind::bound)
      .where("App. D §Componentwise and norm bounds (second box)")
      .statement(
          R"(\|\phi^{\mathrm{STaR}}(p)\|_2\le c\sqrt{K-1}$ with $c=1$, for every $p\in\operatorname{int}\Delta^{K-1}$ and every partition with $M\ge1$)")
      .constant("c", 1.0, Role::upper, "coefficient of sqrt(K-1)")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        return le<T>(T(score_sample(a).phi.norm()), k("c") * sqrt(T(a.S() - 1)));
      });
}

// App. D, sentence after the second box: the quadratic bound is tight as ρ → 1 with the correct mass on one
// index.
DCRV_CLAIM(phi_quadratic_tight) {
  return forall("D.phi-quadratic-tight", Kind::sharpness)
      .where("App. D §Componentwise and norm bounds (sentence after the second box)")
      .statement(
          R"(Along $p(\eta)$: $p_{c_0}=1-\eta$, every other coordinate $\eta/(K-1)$ ($\rho\to1$, the correct mass on the single index $c_0$), the gap $g(\eta)=(1-2\rho+K\rho^2)-\|\phi(p(\eta))\|_2^2$ satisfies $0\le g(\eta)\le C K\eta$ with dcrv's $C=4$ and $1-\rho\le\eta$, for $\eta\in[10^{-12},10^{-2}]$, every $K\ge2$ and $M$: the bound is attained in the limit $\eta\to0$)")
      .constant("C", 4.0, Role::upper, "dcrv's rate: gap <= C K eta along the family")
      .over(partitioned().real("eta", 1e-12, 1e-2, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const StarPartition part = partition_of(a);
        const T eta = a.real("eta"), K = T(a.S());
        const Vec<T> p = approach_point(part, 2, eta);
        const T rho = star_correct_mass(p, part);
        const T gap = (T(1) - 2 * rho + K * rho * rho) - star_score(p, part).squaredNorm();
        return worst(worst(le<T>(gap, k("C") * K * eta), le<T>(-gap, T(0), K * eta)),
                     le<T>(star_incorrect_mass(p, part), eta));
      });
}

// App. D, heading "Componentwise and norm bounds (sharp)": the componentwise bounds are sharp. Reading of the
// inventory's first option: each endpoint is the global inf/sup over int Δ of the bounding function.
namespace componentwise {
/// Target (the inf/sup over int Δ of the bounding function) of endpoint e: inf −ρ = −1, sup 1 − ρ/M (= 1 for
/// M < K, 1 − 1/K for M = K), inf −ρ = −1, sup 0.
template <class T> T global_target(int e, int K, int M) {
  if (e == 0 || e == 2)
    return T(-1);
  if (e == 1)
    return M < K ? T(1) : T(1) - T(1) / T(K);
  return T(0);
}
/// Gap |endpoint − value| at dcrv's best point for endpoint e (families of approach_point; for M = 1, e = 0,
/// φ_c = 1 − ρ ≥ 0 everywhere, its infimum 0 is approached by e = 2's family; for M = K, e = 1, φ_c is
/// maximal at p_c = (K+1)/(2K), the others equal).
template <class T> T global_gap(const StarPartition& part, int e, const T& eta) {
  const int K = part.size(), M = part.num_correct();
  const T target = global_target<T>(e, K, M);
  if (e == 1 && M == K) {
    const Vec<T> p = fixed_rho_maximiser(part, T(1), eta);
    return target - star_score(p, part)(part.correct_indices()[0]);
  }
  const Vec<T> p = approach_point(part, (e == 0 && M == 1) ? 2 : e, eta);
  const Vec<T> phi = star_score(p, part);
  const int c0 = part.correct_indices()[0];
  switch (e) {
  case 0:
    return phi(c0) - target;
  case 1:
    return target - phi(c0);
  case 2:
    return phi(part.incorrect_indices()[0]) - target;
  default:
    return target - phi(part.incorrect_indices()[0]);
  }
}
} // namespace componentwise

DCRV_CLAIM(phi_componentwise_sharp) {
  return forall("D.phi-componentwise-sharp", Kind::sharpness)
      .where("App. D, paragraph heading \"Componentwise and norm bounds (sharp)\"")
      .reading("global: each bound's extreme over int Delta is the component's extreme over int Delta")
      .statement(
          R"(For every $K\ge2$ and $M\in\{1,\dots,K\}$: $\inf\phi_c=\inf(-\rho)$, $\sup\phi_c=\sup(1-\rho/M)$, $\inf\phi_i=\inf(-\rho)$, $\sup\phi_i=0$ (inf/sup over $\operatorname{int}\Delta^{K-1}$; the $\phi_i$ parts for $M<K$). Checked as: along dcrv's approach families $p(\eta)$ the gap to each endpoint is $\le C\eta$ ($C=4$, $\eta\in[10^{-12},10^{-2}]$): $\phi_c\to-1$ along $p_{c_1}=1-\eta$ (others $\eta/(K-1)$), $\phi_c\to1$ and $\phi_i\to0$ along $p_{c_0}=\eta$, other correct $\eta^2/K$, $\phi_i\to-1$ along $p_{c_0}=1-\eta$. Where no family can work dcrv evaluates the exact extremum: for $M=1$, $\phi_c=1-\rho\ge0>-1$ (inf $0$); for $M=K$, $\rho\equiv1$ and $\max_p\phi_c=\max_x x-x^2-(1-x)^2/(K-1)=(K-1)/(4K)<1-1/K$ at $x=(K+1)/(2K)$)")
      .constant("C", 4.0, Role::upper, "dcrv's rate: gap <= C eta along the approach families")
      .over(partitioned().real("endpoint", 0.0, 3.999).real("eta", 1e-12, 1e-2, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const StarPartition part = partition_of(a);
        const int e = static_cast<int>(to_double(a.real("endpoint"))), M = part.num_correct();
        if (e >= 2 && M == part.size())
          return skip<T>();
        const T eta = a.real("eta");
        return le<T>(componentwise::global_gap(part, e, eta), k("C") * eta, T(1e-3) * eta);
      });
}

// Reading: "sharp" as the bound being approached by the component, gap → 0 (inf over p of bound − component).
DCRV_CLAIM(phi_componentwise_sharp_gap) {
  return forall("D.phi-componentwise-sharp~gap", Kind::sharpness)
      .where("App. D, paragraph heading \"Componentwise and norm bounds (sharp)\"")
      .reading(
          "each bound minus the component has infimum 0 over int Delta (the bound is approached, rho free)")
      .statement(
          R"(For every $K\ge2$ and $M$: $\inf_p(\phi_c+\rho)=0$, $\inf_p(1-\rho/M-\phi_c)=0$, $\inf_p(\phi_i+\rho)=0$, $\inf_p(-\phi_i)=0$ over $\operatorname{int}\Delta^{K-1}$ ($\phi_i$ parts for $M<K$). Checked along dcrv's families ($e=0$: $p_{c_1}=1-\eta$; $e=1,3$: $\rho\to0$ with $p_{c_0}/\rho\to1$; $e=2$: $p_{c_0}=1-\eta$) as gap $\le C\eta$, $C=4$. Exact extremum where no family works: $M=1$: $\phi_c+\rho\equiv1$; $M=K$: $1-1/K-\phi_c\ge3(K-1)/(4K)$ at the maximiser of $\phi_c$)")
      .constant("C", 4.0, Role::upper, "dcrv's rate: gap <= C eta along the approach families")
      .over(partitioned().real("endpoint", 0.0, 3.999).real("eta", 1e-12, 1e-2, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const StarPartition part = partition_of(a);
        const int e = static_cast<int>(to_double(a.real("endpoint"))), M = part.num_correct(),
                  K = part.size();
        if (e >= 2 && M == K)
          return skip<T>();
        const T eta = a.real("eta");
        const int c0 = part.correct_indices()[0];
        T gap;
        if (e == 1 && M == K) {
          const Vec<T> p = fixed_rho_maximiser(part, T(1), eta);
          gap = T(1) - T(1) / T(M) - star_score(p, part)(c0);
        } else {
          const Vec<T> p = approach_point(part, e, eta);
          const Vec<T> phi = star_score(p, part);
          const T rho = star_correct_mass(p, part);
          const T phi_i = M < K ? phi(part.incorrect_indices()[0]) : T(0);
          switch (e) {
          case 0:
            gap = phi(c0) + rho;
            break;
          case 1:
            gap = star_incorrect_mass(p, part) + rho * T(M - 1) / T(M) - phi(c0);
            break;
          case 2:
            gap = phi_i + rho;
            break;
          default:
            gap = -phi_i;
            break;
          }
        }
        return le<T>(gap, k("C") * eta, T(1e-3) * eta);
      });
}

// Reading: for each fixed ρ, each endpoint (as a function of ρ) is the inf/sup of the component over {ρ(p) =
// ρ}.
DCRV_CLAIM(phi_componentwise_sharp_fixed_rho) {
  return forall("D.phi-componentwise-sharp~fixed-rho", Kind::sharpness)
      .where("App. D, paragraph heading \"Componentwise and norm bounds (sharp)\"")
      .reading("for each fixed rho in (0,1), each endpoint is the inf/sup of the component over {p : rho(p) "
               "= rho}")
      .statement(
          R"(For every $K\ge2$, $1\le M<K$ and $\rho\in(0,1)$, over $\{p\in\operatorname{int}\Delta:\rho(p)=\rho\}$: $\inf\phi_c=-\rho$, $\sup\phi_c=1-\rho/M$, $\inf\phi_i=-\rho$, $\sup\phi_i=0$. Checked as gap $\le C\eta\rho$ ($C=4$) at dcrv's best points: $e=0$: $p_{c_1}=\rho(1-\eta)$; $e=2$: $p_{c_0}=\rho(1-\eta)$; $e=1$: the exact maximiser $p_{c_0}=x^\star=\min(\rho,(M-1+2\rho)/(2M))$, other correct $(\rho-x^\star)/(M-1)$ (maximises $x-x^2-(\rho-x)^2/(M-1)$, the largest $\rho\phi_c$ given $p_c=x$); $e=3$: equal correct masses, where $\phi_i=-\rho/M$ is maximal ($S^{(2)}\ge\rho^2/M$). Remaining mass on $\mathcal I$ equally)")
      .constant("C", 4.0, Role::upper, "dcrv's rate: gap <= C eta rho at the best points")
      .over(partitioned(2)
                .real("endpoint", 0.0, 3.999)
                .real("rho", 1e-6, 1.0 - 1e-6)
                .real("eta", 1e-12, 1e-2, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const StarPartition part = partition_of(a);
        const int e = static_cast<int>(to_double(a.real("endpoint"))), M = part.num_correct(),
                  K = part.size();
        if (M == K)
          return skip<T>();
        const T eta = a.real("eta"), rho = a.real("rho");
        const std::vector<int> C = part.correct_indices(), I = part.incorrect_indices();
        Vec<T> p(K);
        for (int i : I)
          p(i) = (T(1) - rho) / T(K - M);
        if (e == 1) {
          p = fixed_rho_maximiser(part, rho, eta);
        } else if (e == 3) {
          for (int c : C)
            p(c) = rho / T(M);
        } else {
          const int big = (e == 0 && M >= 2) ? C[1] : C[0];
          for (int c : C)
            p(c) = M > 1 ? T(rho * eta / T(M - 1)) : rho;
          if (M > 1)
            p(big) = rho * (T(1) - eta);
        }
        const Vec<T> phi = star_score(p, part);
        T gap;
        switch (e) {
        case 0:
          gap = phi(C[0]) + rho;
          break;
        case 1:
          gap = (T(1) - rho / T(M)) - phi(C[0]);
          break;
        case 2:
          gap = phi(I[0]) + rho;
          break;
        default:
          gap = -phi(I[0]);
          break;
        }
        return le<T>(gap, k("C") * eta * rho, T(1e-3) * eta * rho);
      });
}

// The corrected statement (finding D.componentwise-edge-partitions, properties/findings/D_star_score.cpp).
// The boxed bounds φ_c ∈ [−ρ, 1 − ρ/M], φ_i ∈ [−ρ, 0] come from 0 ≤ p_c ≤ ρ and S^{(2)} ≥ ρ²/M; the endpoints
// are approached (ρ free) only for 2 ≤ M ≤ K − 1; at fixed ρ they are not (p_c = ρ and S^{(2)} = ρ²/M exclude
// each other for M ≥ 2, and S^{(2)} ≥ ρ²/M keeps φ_i ≤ −ρ/M), so the corrected statement is the global one.
// For M = 1, S^{(2)} = ρ² and p_c = ρ, so φ_c = 1 − ρ and φ_i = −ρ identically: inf φ_c = 0 over int Δ (not
// −1). For M = K, ρ ≡ 1 and φ_c = p_c − ‖p‖²₂ is maximal at p_c = (K+1)/(2K), the others equal, with value x
// − x² − (1−x)²/(K−1) = (K−1)/(4K) < 1 − 1/K.
DCRV_CLAIM(phi_componentwise_sharp_corrected) {
  return forall("D.phi-componentwise-sharp~corrected", Kind::sharpness)
      .skips("the phi_i endpoints (2, 3) do not exist for M = K, and the M = 1 identities concern partitions "
             "with one correct trace only")
      .where("App. D, paragraph heading \"Componentwise and norm bounds (sharp)\"")
      .reading("sharp as inf/sup over int Delta (rho free) for 2 <= M <= K-1; for M = 1, phi_c = 1 - rho and "
               "phi_i = -rho identically (inf phi_c = 0); for M = K, sup phi_c = (K-1)/(4K)")
      .statement(
          R"(For $2\le M\le K-1$ the endpoints of $\phi_c\in[-\rho,1-\rho/M]$, $\phi_i\in[-\rho,0]$ are the inf/sup over $\operatorname{int}\Delta$ (with $\rho$ free; at fixed $\rho$, $p_c=\rho$ and $S^{(2)}=\rho^2/M$ exclude each other and $\phi_i\le-\rho/M$); for $M=1$, $\phi_c=1-\rho$ and $\phi_i=-\rho$ identically, so $\inf_{\operatorname{int}\Delta}\phi_c=0$; for $M=K$, $\sup\phi_c=\tfrac{K-1}{4K}$. Checked as in D.phi-componentwise-sharp (gap $\le C\eta$ along dcrv's families, $C=4$, $\eta\in[10^{-12},10^{-2}]$) with the targets $0$ for $\inf\phi_c$ at $M=1$ and $\tfrac{K-1}{4K}$ for $\sup\phi_c$ at $M=K$, and the $M=1$ identities at every $p\in\operatorname{int}\Delta$)")
      .constant("C", 4.0, Role::upper, "dcrv's rate: gap <= C eta along the approach families")
      .over(partitioned().real("endpoint", 0.0, 3.999).real("eta", 1e-12, 1e-2, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const StarPartition part = partition_of(a);
        const int e = static_cast<int>(to_double(a.real("endpoint"))), M = part.num_correct(),
                  K = part.size();
        if (e >= 2 && M == K)
          return skip<T>();
        const T eta = a.real("eta");
        T gap = componentwise::global_gap(part, e, eta);
        if (e == 0 && M == 1) // target 0 instead of −1: gap = φ_c − 0
          gap -= T(1);
        if (e == 1 && M == K) // target (K−1)/(4K) instead of 1 − 1/K
          gap -= T(1) - T(1) / T(K) - T(K - 1) / T(4 * K);
        return le<T>(gap, k("C") * eta, T(1e-3) * eta);
      })
      .and_holds("M = 1: phi_c = 1 - rho, phi_i = -rho", partitioned().simplex("p"),
                 []<class T>(const Args<T>& a, const Consts<T>&) {
                   const StarPartition part = partition_of(a);
                   if (part.num_correct() != 1)
                     return skip<T>();
                   const Vec<T> p = a.simplex("p"), phi = star_score(p, part);
                   const T rho = star_correct_mass(p, part);
                   Ineq<T> w = eq<T>(phi(part.correct_indices()[0]), T(1) - rho, T(1));
                   for (int i : part.incorrect_indices())
                     w = worst(w, eq<T>(phi(i), -rho, T(1)));
                   return w;
                 });
}

// App. D, heading "(sharp)" applied to the norm bounds: sup ‖φ‖_∞ = 1 and sup ‖φ‖₂ = √(K−1).
DCRV_CLAIM(phi_norm_bounds_sharp) {
  return forall("D.phi-norm-bounds-sharp", Kind::sharpness)
      .where("App. D, paragraph heading \"Componentwise and norm bounds (sharp)\"")
      .statement(
          R"(\sup_{p\in\operatorname{int}\Delta}\|\phi(p)\|_\infty=c_\infty$ and $\sup_{p\in\operatorname{int}\Delta}\|\phi(p)\|_2=c_2\sqrt{K-1}$ with $c_\infty=c_2=1$, every $K\ge2$ and $M$. Bound: $\|\phi\|_\infty\le c_\infty$, $\|\phi\|_2\le c_2\sqrt{K-1}$ over $\operatorname{int}\Delta$. Approach: $\|\phi\|_\infty\ge c_\infty-4\eta$ along $p_{c_1}=1-\eta$ ($M\ge2$; $\phi_{c_0}\to-1$) resp.\ $\rho=\eta$ ($M=1$; $\phi_c=1-\rho$), and $\|\phi\|_2^2\ge c_2^2(K-1)-4K\eta$ along $p_{c_0}=1-\eta$, others $\eta/(K-1)$; $\eta\in[10^{-12},10^{-2}]$)")
      .constant("c_inf", 1.0, Role::exact, "claimed sup of the sup-norm")
      .constant("c_2", 1.0, Role::exact, "claimed sup of the 2-norm, in units of sqrt(K-1)")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> phi = score_sample(a).phi;
        return worst(le<T>(norm_inf(phi), k("c_inf")), le<T>(T(phi.norm()), k("c_2") * sqrt(T(a.S() - 1))));
      })
      .and_holds("approached along the families", partitioned().real("eta", 1e-12, 1e-2, true),
                 []<class T>(const Args<T>& a, const Consts<T>& k) {
                   const StarPartition part = partition_of(a);
                   const T eta = a.real("eta"), K = T(a.S());
                   Vec<T> p_inf;
                   if (part.num_correct() >= 2) {
                     p_inf = approach_point(part, 0, eta);
                   } else { // M = 1: ρ = η, the rest spread over I
                     p_inf = Vec<T>::Constant(a.S(), (T(1) - eta) / (K - 1));
                     p_inf(part.correct_indices()[0]) = eta;
                   }
                   const T sup_inf = norm_inf(star_score(p_inf, part));
                   const T sq2 = star_score(approach_point(part, 2, eta), part).squaredNorm();
                   const T c2 = k("c_2");
                   return worst(le<T>(k("c_inf") - sup_inf, T(4) * eta, T(1e-3) * eta),
                                le<T>(c2 * c2 * (K - 1) - sq2, T(4) * K * eta, T(1e-3) * eta));
                 });
}

// ---------------------------------------------------------------------------------------------------------
// §Log-ratio dynamics: score differences; ranges used in §Within C, §Correct vs. incorrect, §Asymptotics.
// ---------------------------------------------------------------------------------------------------------

// App. D §Log-ratio dynamics: φ_i − φ_j ≡ 0 (i, j ∈ I).
DCRV_CLAIM(scorediff_ii) {
  return forall("D.scorediff-II", Kind::identity)
      .skips("partitions with fewer than two incorrect traces have no pair i, j in I")
      .where("App. D §Log-ratio dynamics")
      .statement(
          R"(\phi_i(p)-\phi_j(p)=0$ for all $i,j\in\mathcal I$, $p\in\operatorname{int}\Delta^{K-1}$, partitions with $M\le K-2$ (all pairs, relative to $|\phi_i|+|\phi_j|$))")
      .over(partitioned(3).simplex("p").points([](int K) { return score_points(K); }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = partition_of(a);
        if (part.num_incorrect() < 2)
          return skip<T>();
        const Vec<T> phi = star_score(a.simplex("p"), part);
        return worst_over_pairs<T>(part.incorrect_indices(), [&](int i, int j) {
          return eq<T>(phi(i) - phi(j), T(0), T(abs(phi(i)) + abs(phi(j))));
        });
      });
}

// App. D §Log-ratio dynamics: φ_a − φ_b = (p_a − p_b)/ρ (a, b ∈ C).
DCRV_CLAIM(scorediff_cc) {
  return forall("D.scorediff-CC", Kind::identity)
      .skips("partitions with fewer than two correct traces have no pair a != b in C")
      .where("App. D §Log-ratio dynamics")
      .statement(
          R"(\phi_a(p)-\phi_b(p)=(p_a-p_b)/\rho(p)$ for all $a\ne b\in\mathcal C$, $p\in\operatorname{int}\Delta^{K-1}$, $M\ge2$ (all pairs, relative to the size $(p_a+p_b+2S^{(2)})/\rho$ of the terms))")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, phi] = score_sample(a);
        if (part.num_correct() < 2)
          return skip<T>();
        const T rho = star_correct_mass(p, part);
        // Relative to the size of the terms, (p_a + p_b)/ρ + 2S⁽²⁾/ρ (φ_a, φ_b may both vanish).
        return worst_over_pairs<T>(part.correct_indices(), [&](int i, int j) {
          return eq<T>(phi(i) - phi(j), T((p(i) - p(j)) / rho),
                       T((p(i) + p(j) + T(2) * star_correct_square_sum(p, part)) / rho));
        });
      });
}

// App. D §Log-ratio dynamics: φ_c − φ_i = p_c/ρ (c ∈ C, i ∈ I).
DCRV_CLAIM(scorediff_ci) {
  return forall("D.scorediff-CI", Kind::identity)
      .where("App. D §Log-ratio dynamics")
      .statement(
          R"(\phi_c(p)-\phi_i(p)=p_c/\rho(p)$ for all $c\in\mathcal C$, $i\in\mathcal I$, $p\in\operatorname{int}\Delta^{K-1}$, $1\le M<K$ (all pairs))")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const auto [part, p, phi] = score_sample(a);
        if (part.num_incorrect() == 0)
          return skip<T>();
        const T rho = star_correct_mass(p, part);
        return worst_over_cross<T>(part.correct_indices(), part.incorrect_indices(), [&](int c, int i) {
          return eq<T>(phi(c) - phi(i), T(p(c) / rho),
                       T((p(c) + T(2) * star_correct_square_sum(p, part)) / rho));
        });
      });
}

// App. D §Within C: |(p_a − p_b)/ρ| < 1 (a ≠ b ∈ C).
DCRV_CLAIM(zab_ratio_lt1) {
  return forall("D.zab-ratio-lt1", Kind::bound)
      .where("App. D §Within C")
      .statement(
          R"(|p_a-p_b|/\rho(p)\le c$ with $c=1$ for all $a\ne b\in\mathcal C$ and $p\in\operatorname{int}\Delta^{K-1}$, $M\ge2$; strictness: $|p_a-p_b|\le\rho-\min(p_a,p_b)<\rho$ is checked as well)")
      .constant("c", 1.0, Role::upper, "bound on |p_a - p_b| / rho")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [part, p, rho] = point_sample(a);
        if (part.num_correct() < 2)
          return skip<T>();
        return worst_over_pairs<T>(part.correct_indices(), [&](int i, int j) {
          const T d = abs(T(p(i) - p(j)));
          return worst(le<T>(d / rho, k("c")), le<T>(d, rho - std::min(p(i), p(j)), rho));
        });
      });
}

// App. D §Correct vs. incorrect: p_{c⋆}/ρ ∈ [1/M, 1].
DCRV_CLAIM(zic_ratio_range) {
  return forall("D.zic-ratio-range", Kind::bound)
      .where("App. D §Correct vs. incorrect")
      .statement(
          R"(a/M\le p_{c^\star}(p)/\rho(p)\le b$ with $a=b=1$, $c^\star\in\arg\max_{c\in\mathcal C}p_c$, every $p\in\operatorname{int}\Delta^{K-1}$ and partition with $M\ge1$)")
      .constant("a", 1.0, Role::lower, "numerator of the lower end a/M")
      .constant("b", 1.0, Role::upper, "upper end")
      .over(score_domain(false))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const auto [part, p, rho] = point_sample(a);
        const T g = p(star_top_correct(p, part)) / rho;
        return worst(le<T>(k("a") / T(part.num_correct()), g), le<T>(g, k("b")));
      });
}

// App. D §Asymptotics (boxed bracket): p_c^∞ e^{−g/ε} ∈ [p_c^∞ e^{−1/ε}, p_c^∞ e^{−1/(Mε)}] for g ∈ [1/M, 1].
DCRV_CLAIM(asym_bracket) {
  return forall("D.asym-bracket", Kind::bound)
      .where("App. D §Asymptotics (boxed)")
      .statement(
          R"(p^\infty e^{-1/\varepsilon}\le p^\infty e^{-g/\varepsilon}\le p^\infty e^{-1/(M\varepsilon)}$ for all $M\ge1$ (here $M=S$, $1\dots$ budget max), $g\in[1/M,1]$, $\varepsilon\in[10^{-2},10^{2}]$, $p^\infty\in(0,1])")
      .over(Domain()
                .dims(1)
                .real("g",
                      [](int M) {
                        return std::pair{1.0 / M, 1.0};
                      })
                .real("eps", 1e-2, 1e2, true)
                .real("pinf", 1e-12, 1.0, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T g = a.real("g"), eps = a.real("eps"), pinf = a.real("pinf"), M = T(a.S());
        const T mid = pinf * exp(-g / eps);
        return worst(le<T>(pinf * exp(-T(1) / eps), mid), le<T>(mid, pinf * exp(-T(1) / (M * eps))));
      });
}

// ---------------------------------------------------------------------------------------------------------
// §Edge cases and remarks.
// ---------------------------------------------------------------------------------------------------------

// App. D §Edge cases: M = 0 ⇒ ρ ≡ 0 and φ undefined.
DCRV_CLAIM(edge_m0) {
  return forall("D.edge-M0", Kind::structural)
      .where("App. D §Edge cases")
      .statement(
          R"(If $M=0$ ($\mathcal C=\emptyset$): $\rho(p)=0$ for every $p\in\Delta^{K-1}$ (closed), and every component of the formula of def:star-score is $0/0$, i.e.\ not a number (checked: $\rho=0$ exactly and no component of $\phi$ evaluates to a finite value), $K\ge1$)")
      .over(Domain().dims(1).simplex("p", true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = StarPartition::window(a.S(), 0);
        const Vec<T> p = a.simplex("p");
        const Vec<T> phi = star_score(p, part);
        int finite = 0;
        for (Eigen::Index k = 0; k < phi.size(); ++k)
          finite += is_finite(phi(k)) ? 1 : 0;
        return worst(le<T>(abs(star_correct_mass(p, part)), T(0), T(1)), le<T>(T(finite), T(0), T(1)));
      });
}

// App. D §Edge cases: M = K ⇒ ρ ≡ 1 and φ_k = p_k − Σ_j p_j².
DCRV_CLAIM(edge_mk) {
  return forall("D.edge-MK", Kind::identity)
      .where("App. D §Edge cases")
      .statement(
          R"(If $M=K$: $\rho(p)=1$ and $\phi^{\mathrm{STaR}}_k(p)=p_k-\sum_jp_j^2$ for every $k$ and $p\in\operatorname{int}\Delta^{K-1}$, $K\ge1$)")
      .over(Domain().dims(1).simplex("p"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const StarPartition part = StarPartition::window(a.S(), a.S());
        const Vec<T> p = a.simplex("p");
        const T s2 = p.squaredNorm();
        const Vec<T> expected = (p.array() - s2).matrix();
        return worst(eq<T>(star_correct_mass(p, part), T(1)), eq<T>(star_score(p, part), expected, T(s2)));
      });
}

} // namespace
} // namespace dcrv
