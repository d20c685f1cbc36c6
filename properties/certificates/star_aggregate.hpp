// properties/certificates/star_aggregate.hpp — the dimension-free (aggregate) identities of the App. D
// certificates (D_flow_, D_score_ and D_jacobian_certificates.cpp; issue 20 point 8, the argument of
// H.face-gap-formula). Each coordinate of the STaR score, of the SRCT drift and of the ambient Jacobian
// depends on the other coordinates only through a few class aggregates:
//   T = Σ_k p_k (= 1 on the simplex), ρ = Σ_C p, S⁽²⁾ = Σ_C p², A = Σ_k p_k L_k (= ⟨log p⟩ at L = log p),
//   A_C = Σ_C p_k L_k, ⟨p, φ⟩, and the class sizes (m = |I| for M = 1).
// An identity in the few coordinates it names and these aggregates as free variables holds for every value of
// the aggregates, hence for every K and every partition. Each builder takes `off`: true changes one term (a
// sign flip of one aggregate, or a dropped term), which the prover must refuse (tests/test_certify_D.cpp).
// The per-K identities of the certificates check dcrv's K-dimensional formulas at K = 2..6 (or 2..3, 2..5).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify::star_aggregate {

using XVec = std::vector<Exact>;

/// φ_k of dcrv::star_score (star_exact::star_phi) through the aggregates: for k ∈ C its two sums are rest =
/// Σ_{j≠k} p_j = T − p_k and others = Σ_{C∖{k}} p² = S⁽²⁾ − p_k², so φ_k = (p_k(T − p_k) − (S⁽²⁾ − p_k²))/ρ;
/// for k ∈ I φ_k = −S⁽²⁾/ρ.
inline Exact phi(bool correct, const Exact& pk, const Exact& T, const Exact& rho, const Exact& s2) {
  if (!correct)
    return Exact(0) - s2 / rho;
  return (pk * (T - pk) - (s2 - pk * pk)) / rho;
}

/// ⟨p, φ⟩ by classes: p_c φ_c = (T p_c² − S⁽²⁾ p_c)/ρ sums over C to (T S⁽²⁾ − S⁽²⁾ ρ)/ρ, p_i φ_i = −S⁽²⁾
/// p_i/ρ over I (Σ_I p = T − ρ) to −S⁽²⁾ (T − ρ)/ρ. `off`: Σ_I p = T + ρ (a sign flip of ρ).
inline Exact centred_sum(const Exact& T, const Exact& rho, const Exact& s2, bool off = false) {
  return (T * s2 - s2 * rho) / rho - s2 * (off ? T + rho : T - rho) / rho;
}

/// D.centering for every K: ⟨p, φ⟩ = 0 by classes (T free: dcrv's form vanishes for every T), and the
/// coordinate terms p_k φ_k are the monomials summed above. Variables (T, ρ, S⁽²⁾, p_c, p_i); times ρ degree
/// ≤ 2 in each.
inline IdentityPiece centering(bool off = false) {
  return exact_identity("every K (aggregates T, rho, S2 free): <p, phi> by classes", 5, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &T = x[0], &rho = x[1], &s2 = x[2], &pc = x[3], &pi = x[4];
                          return XVec{centred_sum(T, rho, s2, off),
                                      pc * phi(true, pc, T, rho, s2) - (T * pc * pc - s2 * pc) / rho,
                                      pi * phi(false, pi, T, rho, s2) + s2 * pi / rho};
                        });
}

/// The drift coordinate F_k = p_k φ_k − ε p_k (L_k − A) (T = 1) as the monomials p_k, p_k², p_k L_k with
/// aggregate coefficients, per class: F_c = (p_c² − S⁽²⁾ p_c)/ρ − ε p_c L_c + ε A p_c, F_i = −S⁽²⁾ p_i/ρ −
/// ε p_i L_i + ε A p_i. Variables (p, L, ρ, S⁽²⁾, A, ε); times ρ degree ≤ 2 in each.
inline Exact drift(bool correct, const Exact& p, const Exact& L, const Exact& rho, const Exact& s2,
                   const Exact& A, const Exact& eps) {
  return p * phi(correct, p, Exact(1), rho, s2) - eps * p * (L - A);
}
inline IdentityPiece drift_coordinates(bool off = false) {
  return exact_identity("every K (aggregates rho, S2, A free): F_k as monomials in p_k, p_k L_k", 6, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &p = x[0], &L = x[1], &rho = x[2], &s2 = x[3], &A = x[4], &eps = x[5];
                          return XVec{drift(true, p, L, rho, s2, A, eps) -
                                          ((p * p - s2 * p) / rho - eps * p * L + eps * A * p),
                                      drift(false, p, L, rho, s2, A, eps) -
                                          (-(s2 * p) / rho - eps * p * L + (off ? -eps : eps) * A * p)};
                        });
}

/// D.flow-mass for every K: Σ_k F_k by classes (the monomials of drift_coordinates summed: Σ_C p = ρ, Σ_C p²
/// = S⁽²⁾, Σ_C pL = A_C, Σ_I p = 1 − ρ, Σ_I pL = A − A_C; T = Σp = 1, as the paper's flow on the simplex).
/// Variables (ρ, S⁽²⁾, A_C, A, ε); times ρ degree ≤ 2. `off`: the I-class entropy sum A − A_C as A + A_C.
inline IdentityPiece flow_mass(bool off = false) {
  return exact_identity("every K (aggregates rho, S2, A_C, A free, sum p = 1): sum_k F_k by classes", 5, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &rho = x[0], &s2 = x[1], &AC = x[2], &A = x[3], &eps = x[4];
                          const Exact AI = off ? A + AC : A - AC;
                          const Exact sum_c = (s2 - s2 * rho) / rho - eps * AC + eps * A * rho;
                          const Exact sum_i = -(s2 * (1 - rho)) / rho - eps * AI + eps * A * (1 - rho);
                          return sum_c + sum_i;
                        });
}

/// D.drift-S-form for every K, per class of k: (Sφ)_k = p_k φ_k − p_k ⟨p, φ⟩ (S = diag p − ppᵀ: the other
/// coordinates enter through ⟨p, φ⟩ only, by classes as centred_sum, T = 1); p_k φ_k − (Sφ)_k and F^S_k − F_k
/// (F^S = Sφ − εE, E_k = p_k (L_k − A)). Variables (p, L, ρ, S⁽²⁾, A, ε); times ρ degree ≤ 2.
inline IdentityPiece drift_s_form(bool off = false) {
  return exact_identity("every K (aggregates rho, S2, A free, sum p = 1): S phi = p phi, F by S = F", 6, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &p = x[0], &L = x[1], &rho = x[2], &s2 = x[3], &A = x[4], &eps = x[5];
                          const Exact mean = centred_sum(Exact(1), rho, s2, off);
                          XVec r;
                          for (bool correct : {true, false}) {
                            const Exact pphi = p * phi(correct, p, Exact(1), rho, s2);
                            const Exact sphi = pphi - p * mean;
                            const Exact e = p * (L - A);
                            r.push_back(pphi - sphi);
                            r.push_back((sphi - eps * e) - drift(correct, p, L, rho, s2, A, eps));
                          }
                          return r;
                        });
}

/// D.bd-facet-drift for every K, per class of i: F_i − p_i(φ_i + ε(A − L_i)) (on the facet p_i = δ, L_i =
/// log δ). Variables (p, L, ρ, S⁽²⁾, A, ε); times ρ degree ≤ 2. `off`: ε(A + L_i).
inline IdentityPiece bd_facet_drift(bool off = false) {
  return exact_identity("every K (aggregates rho, S2, A free, sum p = 1): F_i on the facet p_i = delta", 6, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &p = x[0], &L = x[1], &rho = x[2], &s2 = x[3], &A = x[4], &eps = x[5];
                          XVec r;
                          for (bool correct : {true, false})
                            r.push_back(
                                drift(correct, p, L, rho, s2, A, eps) -
                                p * (phi(correct, p, Exact(1), rho, s2) + eps * (A + (off ? L : -L))));
                          return r;
                        });
}

/// F^S_k/p_k for the second form F^S = Sφ − εE with ⟨p, φ⟩ = Φ: φ_k − Φ − ε(L_k − A) (coordinate k of
/// Sφ − εE is p_k(φ_k − Φ − ε(L_k − A))).
inline Exact s_form_over_p(const Exact& p, const Exact& phik, const Exact& mean_phi, const Exact& L,
                           const Exact& A, const Exact& eps) {
  return (p * phik - p * mean_phi - eps * p * (L - A)) / p;
}

/// D.logratio-ode for every K and every score vector: F^S_k/p_k − F^S_j/p_j − (φ_k − φ_j) + ε(L_k − L_j) with
/// φ_k, φ_j, Φ = ⟨p, φ⟩ and A free. Variables (p_k, p_j, φ_k, φ_j, Φ, L_k, L_j, A, ε); times p_k p_j degree ≤
/// 2. `off`: the Φ of F^S_j with its sign flipped.
inline IdentityPiece logratio_ode(bool off = false) {
  return exact_identity(
      "every K (aggregates <p, phi>, A free; any score vector): z_kj' = phi_k - phi_j - eps "
      "z_kj",
      9, 2, [off](const XVec& x, const RationalConstants&) {
        const Exact &pk = x[0], &pj = x[1], &fk = x[2], &fj = x[3], &mean = x[4], &Lk = x[5], &Lj = x[6],
                    &A = x[7], &eps = x[8];
        return s_form_over_p(pk, fk, mean, Lk, A, eps) -
               s_form_over_p(pj, fj, off ? Exact(-mean) : mean, Lj, A, eps) - (fk - fj) + eps * (Lk - Lj);
      });
}

/// The score differences for every K (T = 1): "II": φ_i − φ_j (i, j ∈ I), "CC": φ_a − φ_b − (p_a − p_b)/ρ,
/// "CI": φ_c − φ_i − p_c/ρ. Variables (p_a, p_b, ρ, S⁽²⁾); times ρ degree ≤ 2. `off`: the second score of the
/// pair read in the other class (II, CC) or + p_c/ρ (CI).
inline IdentityPiece score_difference(const std::string& kind, bool off = false) {
  return exact_identity(
      "every K (aggregates rho, S2 free, sum p = 1): " + kind + " score difference", 4, 3,
      [kind, off](const XVec& x, const RationalConstants&) {
        const Exact &pa = x[0], &pb = x[1], &rho = x[2], &s2 = x[3], one(1);
        if (kind == "II")
          return phi(false, pa, one, rho, s2) - phi(off, pb, one, rho, s2);
        if (kind == "CC")
          return phi(true, pa, one, rho, s2) - phi(!off, pb, one, rho, s2) - (pa - pb) / rho;
        return phi(true, pa, one, rho, s2) - phi(false, pb, one, rho, s2) + (off ? pa / rho : -(pa / rho));
      });
}

/// D.edge-MK for every K: with C = every index, ρ = Σ_k p_k = 1 and S⁽²⁾ = Σ_k p_k²: φ_k − (p_k − S⁽²⁾).
/// Variables (p_k, S⁽²⁾); degree ≤ 2. `off`: p_k + S⁽²⁾.
inline IdentityPiece edge_mk(bool off = false) {
  return exact_identity("every K (aggregate S2 = sum p^2 free, rho = sum p = 1): phi_k = p_k - S2", 2, 2,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &pk = x[0], &s2 = x[1];
                          return phi(true, pk, Exact(1), Exact(1), s2) - (off ? pk + s2 : pk - s2);
                        });
}

// ---------------------------------------------------------------------------------------------------------
// The ambient Jacobian J_kj = ∂φ_k/∂p_j (lem:J-structure: φ_c = p_c/ρ − S⁽²⁾/ρ, φ_i = −S⁽²⁾/ρ, no
// normalisation). φ_k = f(p_k, ρ, S⁽²⁾), so by the chain rule J_kj = f_{p_k}[j = k] + [j ∈ C](f_ρ + 2 p_j
// f_{S⁽²⁾}) (∂ρ/∂p_j = [j ∈ C], ∂S⁽²⁾/∂p_j = 2 p_j [j ∈ C]): an entry depends on the classes of k and j, on
// whether j = k, and on (p_k, p_j, ρ, S⁽²⁾) only.
// ---------------------------------------------------------------------------------------------------------

/// The partials (f_{p_k}, f_ρ, f_{S⁽²⁾}) of the ambient φ_k (forward-mode jets over rationals).
inline std::array<Exact, 3> ambient_partials(bool correct, const Exact& pk, const Exact& rho,
                                             const Exact& s2) {
  using J = Jet<Exact, 3, 1>;
  const J x = J::variable(pk, 0), r = J::variable(rho, 1), s = J::variable(s2, 2);
  const J f = correct ? J(x / r - s / r) : J(J(0) - s / r);
  return {f.g[0], f.g[1], f.g[2]};
}
/// J_kj by the chain rule (same: j = k, then p_j = p_k).
inline Exact ambient_entry(bool kc, bool jc, bool same, const Exact& pk, const Exact& pj, const Exact& rho,
                           const Exact& s2) {
  const auto d = ambient_partials(kc, pk, rho, s2);
  Exact e = same ? d[0] : Exact(0);
  if (jc)
    e += d[1] + 2 * pj * d[2];
  return e;
}
/// The entry cases (class of k, class of j, j = k): every entry of J for every K and partition.
struct EntryCase {
  bool kc, jc, same;
};
inline const std::vector<EntryCase>& entry_cases() {
  static const std::vector<EntryCase> cases{{true, true, true},   {true, true, false},
                                            {true, false, false}, {false, true, false},
                                            {false, false, true}, {false, false, false}};
  return cases;
}

/// D.jac-zero-columns / D.jac-entries for every K: per entry case, J_kj − (the formula of lem:J-structure):
/// δ_kj/ρ − p_k/ρ² − 2p_j/ρ + S⁽²⁾/ρ² (k, j ∈ C), −2p_j/ρ + S⁽²⁾/ρ² (k ∈ I, j ∈ C), 0 (j ∈ I). `columns`:
/// only the cases j ∈ I (D.jac-zero-columns). Variables (p_k, p_j, ρ, S⁽²⁾); times ρ² degree ≤ 2. `off`: the
/// S⁽²⁾/ρ² of the k ∈ C formula dropped (entries), the j = k ∈ I entry read as f_{p_k} + 1 (columns).
inline IdentityPiece jacobian_entries(bool columns, bool off = false) {
  return exact_identity(std::string("every K (aggregates rho, S2 free): ") +
                            (columns ? "J_kj = 0 for j in I" : "the entries J_kj"),
                        4, 3, [columns, off](const XVec& x, const RationalConstants&) {
                          const Exact &pk0 = x[0], &pj0 = x[1], &rho = x[2], &s2 = x[3];
                          XVec r;
                          for (const auto& e : entry_cases()) {
                            if (columns && e.jc)
                              continue;
                            const Exact& pj = e.same ? pk0 : pj0;
                            const Exact J = ambient_entry(e.kc, e.jc, e.same, pk0, pj, rho, s2);
                            Exact f(0);
                            if (e.jc)
                              f = e.kc ? Exact((e.same ? 1 / rho : Exact(0)) - pk0 / (rho * rho) -
                                               2 * pj / rho + (off ? Exact(0) : Exact(s2 / (rho * rho))))
                                       : Exact(-(2 * pj) / rho + s2 / (rho * rho));
                            else if (off && e.same)
                              f = Exact(1);
                            r.push_back(J - f);
                          }
                          return r;
                        });
}

/// D.jac-partials for every K: for j ∈ C, ∂(p_k/ρ)/∂p_j = (δ_kj ρ − p_k)/ρ² and ∂(S⁽²⁾/ρ)/∂p_j = (2p_jρ −
/// S⁽²⁾)/ρ², by the chain rule in (p_k, ρ, S⁽²⁾) (j = k, j ≠ k). Variables (p_k, p_j, ρ, S⁽²⁾); times ρ²
/// degree ≤ 2. `off`: −S⁽²⁾ of the second read as +S⁽²⁾.
inline IdentityPiece jacobian_partials(bool off = false) {
  return exact_identity("every K (aggregates rho, S2 free): the partials of p_k/rho and S2/rho", 4, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          using J = Jet<Exact, 3, 1>;
                          const Exact &pk = x[0], &pj0 = x[1], &rho = x[2], &s2 = x[3];
                          XVec r;
                          for (bool same : {true, false}) {
                            const Exact& pj = same ? pk : pj0;
                            const J a = J::variable(pk, 0), b = J::variable(rho, 1), s = J::variable(s2, 2);
                            const J ratio = a / b, mean = s / b;
                            const Exact d_ratio = (same ? ratio.g[0] : Exact(0)) + ratio.g[1];
                            const Exact d_mean = mean.g[1] + 2 * pj * mean.g[2];
                            r.push_back(d_ratio - ((same ? rho : Exact(0)) - pk) / (rho * rho));
                            r.push_back(d_mean - (2 * pj * rho + (off ? s2 : Exact(-s2))) / (rho * rho));
                          }
                          return r;
                        });
}

/// D.ambient-Jv for every K: (J p_C)_k = Σ_{j∈C} J_kj p_j = [k ∈ C] f_{p_k} p_k + f_ρ Σ_C p_j + 2 f_{S⁽²⁾}
/// Σ_C p_j² = [k ∈ C] f_{p_k} p_k + f_ρ ρ + 2 f_{S⁽²⁾} S⁽²⁾ (the chain-rule entries summed over the class C),
/// and (J p_C)_k + S⁽²⁾/ρ, per class of k; also J_kj p_j is the summed monomial form. Variables (p_k, p_j, ρ,
/// S⁽²⁾); times ρ² degree ≤ 3. `off`: the diagonal term dropped.
inline IdentityPiece ambient_jv(bool off = false) {
  return exact_identity("every K (aggregates rho, S2 free): (J p_C)_k = -S2/rho", 4, 3,
                        [off](const XVec& x, const RationalConstants&) {
                          const Exact &pk = x[0], &pj = x[1], &rho = x[2], &s2 = x[3];
                          XVec r;
                          for (bool kc : {true, false}) {
                            const auto d = ambient_partials(kc, pk, rho, s2);
                            // the summand J_kj p_j for j ∈ C, j ≠ k: the monomials p_j, p_j² summed below
                            r.push_back(ambient_entry(kc, true, false, pk, pj, rho, s2) * pj -
                                        (d[1] * pj + 2 * d[2] * pj * pj));
                            const Exact diag = kc && !off ? Exact(d[0] * pk) : Exact(0);
                            r.push_back(diag + d[1] * rho + 2 * d[2] * s2 + s2 / rho);
                          }
                          return r;
                        });
}

/// A K×K matrix invariant under the permutations of I for M = 1 (C = {c}, |I| = m = K − 1): its entries by
/// block, cc, cI (row c, column in I), Ic, Id (diagonal in I), Io (off-diagonal in I). Such matrices form
/// an algebra: the product and transpose below hold for every m (a free variable).
struct Block {
  Exact cc, cI, Ic, Id, Io;
};
inline Block product(const Block& a, const Block& b, const Exact& m) {
  return {a.cc * b.cc + m * a.cI * b.Ic, a.cc * b.cI + a.cI * b.Id + (m - 1) * a.cI * b.Io,
          a.Ic * b.cc + a.Id * b.Ic + (m - 1) * a.Io * b.Ic,
          a.Ic * b.cI + a.Id * b.Id + (m - 1) * a.Io * b.Io,
          a.Ic * b.cI + a.Id * b.Io + a.Io * b.Id + (m - 2) * a.Io * b.Io};
}
inline Block transpose(const Block& a) {
  return {a.cc, a.Ic, a.cI, a.Id, a.Io};
}
inline XVec difference(const Block& a, const Block& b) {
  return {a.cc - b.cc, a.cI - b.cI, a.Ic - b.Ic, a.Id - b.Id, a.Io - b.Io};
}
/// Π_T = I − 11ᵀ/K with K = m + 1.
inline Block projector(const Exact& m) {
  const Exact k = 1 / (m + 1);
  return {1 - k, -k, -k, 1 - k, -k};
}
/// J for M = 1 by blocks (ρ = p_c, S⁽²⁾ = p_c² after differentiation), from the chain-rule entries at the
/// coordinates p_c, p_i, p_i' (two incorrect indices), and the components saying that the I rows do not
/// depend on which i (the block form's premise).
inline Block m1_jacobian_blocks(const Exact& pc, const Exact& pi, const Exact& pi2, XVec* premise) {
  const Exact rho = pc, s2 = pc * pc;
  Block j{
      ambient_entry(true, true, true, pc, pc, rho, s2), ambient_entry(true, false, false, pc, pi, rho, s2),
      ambient_entry(false, true, false, pi, pc, rho, s2), ambient_entry(false, false, true, pi, pi, rho, s2),
      ambient_entry(false, false, false, pi, pi2, rho, s2)};
  if (premise) {
    premise->push_back(j.Ic - ambient_entry(false, true, false, pi2, pc, rho, s2));
    premise->push_back(j.Id - ambient_entry(false, false, true, pi2, pi2, rho, s2));
    premise->push_back(j.Io - ambient_entry(false, false, false, pi2, pi, rho, s2));
  }
  return j;
}

/// The M = 1 identities for every K, by blocks with m = K − 1 free: "jacobian": J = −1 e_cᵀ; "norm": JᵀJ =
/// c² K e_c e_cᵀ; "tangent-norm": Π JᵀJ Π = c² (K − 1) w wᵀ/|w|², w = Π e_c, |w|² = 1 − 1/K; "compression":
/// Π J Π = 0. Variables (p_c, p_i, p_i', m); times p_c² (m + 1)² degree ≤ 5 in each. `off`: J_Ic read as
/// −J_Ic (jacobian, compression), the factor K read as K − 1 (norm), K − 1 read as K (tangent-norm).
inline IdentityPiece m1_identity(const std::string& what, bool off = false) {
  return exact_identity("every K (m = K - 1 free, blocks c/I): M = 1, " + what, 4, 5,
                        [what, off](const XVec& x, const RationalConstants& k) {
                          const Exact &pc = x[0], &pi = x[1], &pi2 = x[2], &m = x[3];
                          XVec r;
                          Block J = m1_jacobian_blocks(pc, pi, pi2, &r);
                          const bool squares = what == "norm" || what == "tangent-norm";
                          if (off && !squares)
                            J.Ic = -J.Ic;
                          XVec d;
                          if (what == "jacobian") {
                            d = difference(J, Block{-1, 0, -1, 0, 0});
                          } else if (what == "compression") {
                            const Block pr = projector(m);
                            d = difference(product(product(pr, J, m), pr, m), Block{0, 0, 0, 0, 0});
                          } else {
                            const Exact c2 = Exact(k("c")) * Exact(k("c"));
                            const Block g = product(transpose(J), J, m);
                            if (what == "norm") {
                              d = difference(g, Block{c2 * (off ? m : m + 1), 0, 0, 0, 0});
                            } else {
                              const Block pr = projector(m);
                              const Exact w2 = 1 - 1 / (m + 1), t = c2 * (off ? m + 1 : m) / w2;
                              // target_ab = c² (K − 1) Π_ac Π_bc/|w|²: Π_ac is pr.cc (a = c) or pr.Ic
                              d = difference(product(product(pr, g, m), pr, m),
                                             Block{t * pr.cc * pr.cc, t * pr.cc * pr.Ic, t * pr.Ic * pr.cc,
                                                   t * pr.Ic * pr.Ic, t * pr.Ic * pr.Ic});
                            }
                          }
                          r.insert(r.end(), d.begin(), d.end());
                          return r;
                        });
}

} // namespace dcrv::certify::star_aggregate
