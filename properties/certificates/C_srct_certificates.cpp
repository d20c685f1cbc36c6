// Certificates of App. C claims (properties/C_srct_calculus.cpp) and of the single-site Lyapunov identity of
// App. A §A.7 (properties/A_functionals_floors.cpp), which shares its pieces with App. C §C.9.
//
// Identities by exact rational evaluation (certify/exact_identity.hpp). Points of the simplex are read in the
// chart p = (x₁, …, x_{S−1}, 1 − Σx) of the plane Σp = 1 (a polynomial identity there holds on the closed
// simplex); logarithms enter as independent variables L_i = log p_i (the identities hold with L free), and
// the derivatives the claims take by automatic differentiation are taken here by forward-mode jets over the
// rationals, with d(log s) = ds/s exactly. Residuals linear in a vector (F, φ, v) are checked on a basis;
// residuals that are quadratic forms in a vector w are checked by polarization (w = e_k and w = e_k + e_l
// determine a symmetric form). Degrees are stated per piece (the numerator after clearing the p_i's).
//
// Bounds by interval branch and bound (certify/branch_and_bound.hpp): p by stick-breaking, homogeneous
// quantities on the boundary of a cube (one representative per ray), the floor δ⋆ = v/K with v ∈ [0, 1] so
// that 1 − Kδ⋆ = 1 − v is exact.
#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregates.hpp"
#include "properties/certificates/interval_simplex.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "properties/certificates/softmax_exact.hpp"

namespace dcrv::certify {
namespace {

using aggregates::add_every_dimension;
using interval_simplex::add_selection_norm_pieces;
using interval_simplex::for_sizes;
using interval_simplex::make_score_of_dim;
using interval_simplex::simplex_cube_piece;
using interval_simplex::tangent_vector;
using softmax_exact::dot;
using softmax_exact::exact_vec;
using softmax_exact::plane_chart;
using softmax_exact::replicator; // p ⊙ (F − E_p[F]), as the claim's `replicator`
using softmax_exact::RVec;
using softmax_exact::slice;
using softmax_exact::sum_of;
using softmax_exact::unit_rvec;
using softmax_exact::XVec;
using D1 = Jet<Exact, 1, 1>; // value and one directional derivative, exact (typed: no branch)

/// log s as a jet: value L (the free variable standing for log s), derivative s'/s (exact).
template <class J, class T> J log_jet(const J& s, const T& L) {
  return J::chain(s, L, T(1 / s.v), T(-1 / (s.v * s.v)));
}
/// The polarization vectors of R^n: e_k (k < n) and e_k + e_l (k < l), in a fixed order.
std::vector<RVec> polarization_vectors(std::size_t n) {
  std::vector<RVec> out;
  for (std::size_t k = 0; k < n; ++k)
    out.push_back(unit_rvec(n, k));
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t l = k + 1; l < n; ++l) {
      RVec e = unit_rvec(n, k);
      e[l] = 1;
      out.push_back(e);
    }
  return out;
}
std::string vec_label(const RVec& w) {
  std::string s = "(";
  for (std::size_t i = 0; i < w.size(); ++i)
    s += (i ? "," : "") + w[i].str();
  return s + ")";
}

/// term · Π_{j≠i} p_j, the factors taken in the order j = 1..S (a bound on the metric g_p = diag(1/p) times
/// Π_j p_j > 0: a product of enclosures, no division).
template <class X, std::size_t S>
X times_others(std::type_identity_t<X> term, const std::array<X, S>& p, std::size_t i) {
  for (std::size_t j = 0; j < S; ++j)
    if (j != i)
      term = term * p[j];
  return term;
}
/// min p − p_j without cancellation: min(0, min_{k≠j}(p_k − p_j)), structurally ≤ 0.
template <class X, std::size_t S> X min_minus(const std::array<X, S>& p, std::size_t j) {
  X gap(0);
  for (std::size_t k = 0; k < S; ++k)
    if (k != j)
      gap = min(gap, p[k] - p[j]);
  return gap;
}

/// S(p)φ = p ⊙ φ − p (pᵀφ) (the selection covariance diag(p) − ppᵀ applied to φ, App. C §C.2).
template <class T> std::vector<T> selection_times(const std::vector<T>& p, const std::vector<T>& phi) {
  const T m = dot(p, phi);
  std::vector<T> r(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    r[i] = p[i] * phi[i] - p[i] * m;
  return r;
}
/// F = S(p)φ − A E(p), the boxed SRCT drift in its matrix form, with ψ = A log p.
template <class T>
std::vector<T> boxed_drift(const std::vector<T>& p, const std::vector<T>& phi, const std::vector<T>& psi) {
  std::vector<T> F = selection_times(p, phi);
  const std::vector<T> e = replicator(p, psi); // A·E(p) = p ⊙ (ψ − ⟨p, ψ⟩), ψ = A log p (§C.3)
  for (std::size_t i = 0; i < p.size(); ++i)
    F[i] -= e[i];
  return F;
}

// ---------------------------------------------------------------------------------------------------------
// §C.3 Selection covariance
// ---------------------------------------------------------------------------------------------------------

/// S(p)1 = 0 (componentwise): degree ≤ 2 in each x_i.
IdentityPiece S_kernel_piece(std::size_t S) {
  return exact_identity(softmax_exact::s_label(S) + ", S(p)1 = 0", S - 1, 2,
                        [S](const XVec& x, const RationalConstants&) -> XVec {
                          const XVec p = plane_chart(x, S);
                          XVec r(S, Exact(0));
                          for (std::size_t i = 0; i < S; ++i)
                            for (std::size_t k = 0; k < S; ++k)
                              r[i] += (i == k ? p[i] : Exact(0)) - p[i] * p[k];
                          return r;
                        });
}
/// vᵀS(p)v − Σ_i p_i(v_i − v̄)², a quadratic form in v, at a polarization vector v: degree ≤ 3 in each x_i.
IdentityPiece S_variance_piece(std::size_t S, const RVec& v) {
  return exact_identity(softmax_exact::s_label(S) + ", v = " + vec_label(v), S - 1, 3,
                        [S, v = exact_vec(v)](const XVec& x, const RationalConstants&) -> Exact {
                          const XVec p = plane_chart(x, S);
                          Exact quad(0);
                          for (std::size_t i = 0; i < S; ++i)
                            for (std::size_t k = 0; k < S; ++k)
                              quad += v[i] * ((i == k ? p[i] : Exact(0)) - p[i] * p[k]) * v[k];
                          const Exact vbar = dot(p, v);
                          Exact var(0);
                          for (std::size_t i = 0; i < S; ++i)
                            var += p[i] * (v[i] - vbar) * (v[i] - vbar);
                          return quad - var;
                        });
}

DCRV_CERTIFICATE(S_kernel_variance) {
  Certificate c;
  c.claim = "C.S-kernel-variance";
  c.domain =
      "every K >= 2 (the aggregate identity; term by term K = 2, ..., 6); every p of the plane sum p = "
      "1 (so the closed simplex) and every v in R^K; no exclusion";
  c.method = "S(p) = diag(p) - p p^T entrywise; S(p)1 = 0 componentwise (degree <= 2 per chart coordinate); "
             "v^T S(p) v - Var_p(V) is a quadratic form in v, zero iff zero at v = e_k and e_k + e_l "
             "(polarization), each a polynomial of degree <= 3 per chart coordinate of p = (x, 1 - sum x); "
             "for every K through the aggregates Q = sum p v^2, V = sum p v, P = sum p = 1 (checked)";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S) {
    c.identities.push_back(S_kernel_piece(S));
    for (const auto& v : polarization_vectors(S))
      c.identities.push_back(S_variance_piece(S, v));
  }
  add_every_dimension(
      c, {aggregates::selection_variance()},
      "row i of S(p)1 is p_i - p_i P, and v^T S(p) v = sum p_i v_i^2 - (sum p_i v_i)^2 and "
      "Var_p(V) = sum_i p_i (v_i - V)^2 are sums of terms linear in (p_i v_i^2, p_i v_i, p_i): "
      "the other coordinates enter only through Q = sum p v^2, V = sum p v and P = sum p = 1, "
      "free in the identity (checked; term by term for K = 2..6 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

DCRV_CERTIFICATE(S_norm_half) {
  Certificate c;
  c.claim = "C.S-norm-half";
  c.domain = "K = 2, 3; every p in the closed simplex; no exclusion";
  c.method =
      "S(p) is symmetric positive semidefinite (v^T S v = Var_p >= 0), so |S(p)|_2 = max over v != 0 of "
      "v^T S(p) v/|v|^2: the score v^T(diag p - p p^T)v - c|v|^2 <= 0 for v on the faces v_i = 1 of "
      "[-1,1]^K (every ray up to sign; the form is even); p by stick-breaking; the bound 1/2 is "
      "attained at p = (e_a + e_b)/2, v = e_a - e_b: second-order test there";
  c.constants = {{"c", [] { return Interval(0.5); }}};
  // one piece per face of the cube, as I.S-opnorm (interval_simplex.hpp)
  add_selection_norm_pieces<2>(c.pieces);
  add_selection_norm_pieces<3>(c.pieces);
  c.paper = {{"S", 2, kUnbounded}};
  c.scope.gap = "an operator-norm bound on a K x K matrix whose maximising v depends on every coordinate: "
                "needs a symbolic-K argument (e.g. Var_p(v) <= (max v - min v)^2/4 <= |v|^2/2), not checked";
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §C.3 Entropic vector: the Jacobian formula
// ---------------------------------------------------------------------------------------------------------

/// J_E(p)v by a forward-mode jet of E(p) = p ⊙ (log p − Σ_j p_j log p_j) along v = e_l, minus the boxed
/// formula diag(1 + log p − ⟨log p⟩)v − p⟨1 + log p, v⟩. Variables: p (S free positive coordinates; the
/// formula needs no Σp = 1) and L = log p (S). Times Π p_j: degree ≤ 2 in each variable.
IdentityPiece JE_piece(std::size_t S, std::size_t l) {
  return exact_identity(softmax_exact::s_label(S) + ", v = e_" + std::to_string(l + 1), 2 * S, 2,
                        [S, l](const XVec& x, const RationalConstants&) -> XVec {
                          const XVec v = unit_rvec<Exact>(S, l);
                          std::vector<D1> p(S), logp(S);
                          for (std::size_t i = 0; i < S; ++i) {
                            p[i] = D1(x[i]);
                            p[i].g[0] = v[i];
                            logp[i] = log_jet(p[i], x[S + i]);
                          }
                          D1 m(0);
                          for (std::size_t j = 0; j < S; ++j)
                            m += p[j] * logp[j];
                          Exact ml(0), inner(0);
                          for (std::size_t j = 0; j < S; ++j) {
                            ml += x[j] * x[S + j];
                            inner += (1 + x[S + j]) * v[j];
                          }
                          XVec r(S);
                          for (std::size_t i = 0; i < S; ++i) {
                            const D1 E = p[i] * (logp[i] - m);
                            r[i] = E.g[0] - ((1 + x[S + i] - ml) * v[i] - x[i] * inner);
                          }
                          return r;
                        });
}

DCRV_CERTIFICATE(JE_formula) {
  Certificate c;
  c.claim = "C.JE-formula";
  c.domain = "every K >= 2 (the aggregate identity; term by term K = 2, 3, 4); every p with positive "
             "coordinates (so every p in int Delta, at any distance from a face) and every v in R^K; no "
             "exclusion";
  c.method =
      "J_E(p)v by a forward-mode jet over the rationals of E(p) = p (log p - sum_j p_j log p_j), with "
      "L_i = log p_i free variables and d log p_i = dp_i/p_i exactly (the identity holds with L free); "
      "linear in v: checked for v = e_l; times prod p_j each component is a polynomial of degree <= 2 "
      "in each of p_1..p_K, L_1..L_K, zero on a 3^(2K) grid";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 4; ++S)
    for (std::size_t l = 0; l < S; ++l)
      c.identities.push_back(JE_piece(S, l));
  add_every_dimension(
      c, {aggregates::entropic_jacobian()},
      "coordinate i of E(p) is p_i (L_i - Lambda), Lambda = <p, L> = sum_j p_j L_j, whose "
      "derivative along v is W = sum_j v_j (1 + L_j) (each term's derivative checked): the other "
      "coordinates enter coordinate i of J_E(p)v and of the formula only through Lambda and W = "
      "<1 + L, v>, free in the identity (checked; term by term for K = 2, 3, 4 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §C.5 The log-ratio identity
// ---------------------------------------------------------------------------------------------------------

/// F_i/p_i − F_j/p_j − (d_ij − A z_ij) for F = S(p)φ − A E(p), d_ij = φ_i − φ_j, A z_ij = ψ_i − ψ_j (ψ = A
/// log p): linear in (φ, ψ), checked at (φ, ψ) = (e_k, 0) and (0, e_k); times p_i p_j a polynomial of degree
/// ≤ 3 in each chart coordinate.
IdentityPiece logratio_piece(std::size_t S, std::size_t k, bool psi_part) {
  return exact_identity(
      softmax_exact::s_label(S) + (psi_part ? ", psi = e_" : ", phi = e_") + std::to_string(k + 1), S - 1, 3,
      [S, k, psi_part](const XVec& x, const RationalConstants&) -> XVec {
        const XVec p = plane_chart(x, S);
        const XVec phi = psi_part ? XVec(S, Exact(0)) : unit_rvec<Exact>(S, k);
        const XVec psi = psi_part ? unit_rvec<Exact>(S, k) : XVec(S, Exact(0));
        const XVec F = boxed_drift(p, phi, psi);
        XVec r;
        for (std::size_t i = 0; i < S; ++i)
          for (std::size_t j = 0; j < S; ++j)
            if (i != j)
              r.push_back(F[i] / p[i] - F[j] / p[j] - ((phi[i] - phi[j]) - (psi[i] - psi[j])));
        return r;
      });
}

DCRV_CERTIFICATE(logratio_identity) {
  Certificate c;
  c.claim = "C.logratio-identity";
  c.domain = "every K >= 2 (the aggregate identity; term by term K = 2, ..., 6); every p in int Delta, every "
             "score vector phi_A (so every instance: U, PSD K, p_base, coefficients) and every A; the "
             "variation-of-constants part follows (see method); no exclusion";
  c.method =
      "d_ij = phi_A,i - phi_A,j with phi_A = U - 2 lambda beta K p + beta_KL log p_base (definition), "
      "and A enters F = S(p)phi_A - A E(p) and A z_ij only through psi = A log p: the residual "
      "F_i/p_i - F_j/p_j - (d_ij - A z_ij) is linear in (phi, psi), checked for phi = e_k and psi = "
      "e_k; times p_i p_j a polynomial of degree <= 3 per chart coordinate of p = (x, 1 - sum x). The "
      "second part: with K = 0, d_ij is constant, so z = log(p_i/p_j) solves the linear ODE z' = d_ij - "
      "A z (the identity) and equals its unique solution z(0)e^{-At} + d_ij(1 - e^{-At})/A (d_ij t for "
      "A = 0) along exact trajectories";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    for (std::size_t k = 0; k < S; ++k) {
      c.identities.push_back(logratio_piece(S, k, false));
      c.identities.push_back(logratio_piece(S, k, true));
    }
  add_every_dimension(
      c, {aggregates::logratio_boxed()},
      "coordinate k of F = S(p)phi - A E(p) is p_k(phi_k - Phi) - p_k(psi_k - Psi) with Phi = "
      "<p, phi>, Psi = <p, psi> (psi = A log p): F_i/p_i - F_j/p_j depends on the other "
      "coordinates only through Phi and Psi, free in the identity (checked; term by term for K "
      "= 2..6 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §C.7 Coarse BD, §C.10 safe denominators
// ---------------------------------------------------------------------------------------------------------

/// 2Σ_{j∈B} p_j − c ≤ 0 for a set B of m coordinates (i ∉ B): p read by stick-breaking with the coordinates
/// of B first, so Σ_{j∈B} p_j = 1 − Π_{k<m}(1 − u_k) exactly (the remaining mass 1 − Σ_B p_j is split among
/// the others in every possible way). Raw: u ∈ [0, 1]^m. See the method of the certificate for the reduction
/// from |φ_i − pᵀφ| ≤ c‖φ‖_∞.
Piece coarse_bd_piece(std::size_t m) {
  Piece piece;
  piece.label = "|B| = " + std::to_string(m);
  piece.score = make_score_of_dim<7>(m, [](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    X rest(1);
    for (const auto& u : x)
      rest = rest * (1 - u);
    return 2 * (1 - rest) - X(k("c"));
  });
  piece.roots = {unit_box(m)};
  return piece;
}
/// The face part: −(φ_i − (δ⋆Σφ + (1 − Kδ⋆)φ_j)) − c ≤ 0 for j ≠ i, φ ∈ [−1, 1]^K, δ⋆ = v/K, v ∈ [0, 1]
/// (M_eff^face is the max of these terms and 0, homogeneous of degree 1 in φ).
template <std::size_t K> Piece coarse_bd_face_piece(std::size_t i, std::size_t j) {
  Box root(K, Interval(-1.0, 1.0));
  root.push_back(Interval(0.0, 1.0));
  Piece piece = make_piece<K + 1>("K = " + std::to_string(K) + ", face i = " + std::to_string(i + 1) +
                                      ", vertex j = " + std::to_string(j + 1),
                                  {root}, [i, j](const auto& x, const Constants& k) {
                                    using X = std::decay_t<decltype(x[0])>;
                                    const X& v = x[K];
                                    X sum(0);
                                    for (std::size_t m = 0; m < K; ++m)
                                      sum += x[m];
                                    const X centred =
                                        x[i] - (v * X(Interval(1) / Interval(int(K))) * sum + (1 - v) * x[j]);
                                    return -centred - X(k("c"));
                                  });
  return with_param(with_dim(piece, "K", K), "v", K); // delta* = v/K
}
template <std::size_t K> void add_coarse_bd_face_pieces(Certificate& c) {
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = 0; j < K; ++j)
      if (j != i)
        c.pieces.push_back(coarse_bd_face_piece<K>(i, j));
}

DCRV_CERTIFICATE(BD_coarse_sufficient) {
  Certificate c;
  c.claim = "C.BD-coarse-sufficient";
  c.domain =
      "every K >= 2 (the vertex score through s_B = sum_B p_j, the face term through the mean of phi; "
      "term by term K = 2, ..., 8 and the face part for K = 2, 3, 4), every phi in R^K, every p in the "
      "closed simplex, every index i, every delta* in [0, 1/K] and every pair i != j; no exclusion";
  c.method =
      "both parts are homogeneous of degree 1 in phi: phi in [-1,1]^K with the right side c. "
      "|phi_i - p^T phi| is convex in phi, so its max over the cube is at a vertex sigma in {-1,1}^K, "
      "where sigma_i - p^T sigma = sum_j p_j (sigma_i - sigma_j) = 2 sigma_i sum_{j in B} p_j, B = {j : "
      "sigma_j != sigma_i} (sum p = 1): the claim is 2 sum_{j in B} p_j <= c for every B not containing "
      "i, |B| = m = 1..K-1; with B's coordinates first in the stick-breaking, sum_B p_j = 1 - "
      "prod_{k<m}(1 - u_k) exactly; the face part term by term: -(phi_i - (delta* sum phi + (1 - K "
      "delta*) phi_j)) <= c with delta* = v/K, v in [0, 1] (M_eff^face is their max with 0); checked "
      "exactly (rearrangements): sigma_1 - p^T sigma = 2 sum_B p_j at every vertex for K = 2..8 and through "
      "the aggregates (sigma_1, s_B, sum p = 1) for every K, and the stick-breaking sum_B p_j = 1 - prod(1 - "
      "u_k) for |B| = 1..7; prose: the vertex reduction (a convex function's max over the cube is at a "
      "vertex) and |sigma_i - p^T sigma| = 2 s_B (s_B >= 0)";
  c.constants = {{"c", [] { return Interval(2); }}};
  for (std::size_t m = 1; m <= 7; ++m) // m = |B|: the piece serves every K > m
    c.pieces.push_back(with_dim(coarse_bd_piece(m), "m", double(m)));
  add_coarse_bd_face_pieces<2>(c);
  add_coarse_bd_face_pieces<3>(c);
  add_coarse_bd_face_pieces<4>(c);
  for (std::size_t K = 2; K <= 8; ++K) // the vertex step (issue 20 point 5)
    c.identities.push_back(aggregates::bd_vertex_rearrangement(K));
  c.identities.push_back(aggregates::bd_vertex_every_k());
  for (std::size_t m = 1; m <= 7; ++m)
    c.identities.push_back(aggregates::bd_stick_rearrangement(m));
  // two parts: the vertex part for every |B| = m >= 1 (K > m), the face part for every K >= 2, v in [0, 1]
  c.paper = {{"K", 2, kUnbounded}, {"m", 1, kUnbounded}, {"v", 0, 1}};
  // for every K and m: the vertex score through s_B = sum_B p_j in [0, 1], the face term through the mean
  Piece vertex = make_piece<1>("every K, m: 2 s_B - c, s_B in [0, 1]", {{Interval(0.0, 1.0)}},
                               [](const auto& x, const Constants& k) {
                                 using X = std::decay_t<decltype(x[0])>;
                                 return 2 * x[0] - X(k("c"));
                               });
  Piece face = make_piece<4>(
      "every K: -(phi_i - (v phibar + (1 - v) phi_j)) - c, phi_i, phi_j, phibar in [-1, 1]",
      {{Interval(-1.0, 1.0), Interval(-1.0, 1.0), Interval(-1.0, 1.0), Interval(0.0)},
       {Interval(-1.0, 1.0), Interval(-1.0, 1.0), Interval(-1.0, 1.0),
        Interval(1.0)}}, // v = 0, 1 (affine in v)
      [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        const X &fi = x[0], &fj = x[1], &mean = x[2], &v = x[3];
        return (fj - fi) + v * (mean - fj) - X(k("c")); // -(phi_i - (v phibar + (1 - v) phi_j)) - c
      });
  c.pieces.push_back(vertex);
  c.pieces.push_back(with_param(face, "v", 3));
  c.identities.push_back(aggregates::face_mean_rearrangement());
  c.reductions.push_back(
      {"the vertex score 2 sum_B p_j - c depends on B, K and p only through s_B = sum_B p_j in [0, 1] (every "
       "value for every m, K), checked on [0, 1]; the face term -(phi_i - (delta* sum phi + (1 - K delta*) "
       "phi_j)) - c with delta* = v/K is -(phi_i - (v phibar + (1 - v) phi_j)) - c (checked exactly), phibar "
       "= "
       "sum phi/K in [-1, 1] taken free beside phi_i, phi_j in [-1, 1] (a superset of the attainable values, "
       "so "
       "the bound there implies it for every K); the face term is affine in v, so its max over v in [0, 1] "
       "is at "
       "v = 0 or v = 1, the two roots of the piece",
       {"K", "m", "v"}});
  return c;
}

/// (c − 1)δ⋆ − (1 − v)wᵀq ≤ 0: c δ⋆‖w‖₁ − wᵀp with ‖w‖₁ = Σw = 1 and p = δ⋆1 + (1 − Kδ⋆)q, δ⋆ = v/K (exact).
/// Raw: w (K − 1), q (K − 1) by stick-breaking, v ∈ [0, 1].
template <std::size_t K> Piece safe_denominator_piece() {
  return make_piece<2 * K - 1>("K = " + std::to_string(K), {unit_box(2 * K - 1)},
                               [](const auto& x, const Constants& k) {
                                 using X = std::decay_t<decltype(x[0])>;
                                 const auto w = stick_breaking<K>(x, 0);
                                 const auto q = stick_breaking<K>(x, K - 1);
                                 const X& v = x[2 * K - 2];
                                 X wq(0);
                                 for (std::size_t i = 0; i < K; ++i)
                                   wq += w[i] * q[i];
                                 const X delta = v * X(Interval(1) / Interval(int(K)));
                                 return X(k("c") - 1) * delta - (1 - v) * wq;
                               });
}

/// The rearrangement of the method, exact: c delta* - w^T p = (c - 1) delta* - (1 - v) w^T q with p = delta*
/// 1
/// + (1 - K delta*) q, delta* = v/K, w and q on the plane sum = 1 (w_K = 1 - sum w_<K, q_K likewise).
/// Variables (w_1..w_{K-1}, q_1..q_{K-1}, v); degree <= 1 in each (every variable enters a product once).
IdentityPiece safe_denominator_rearrangement(std::size_t K) {
  IdentityPiece piece = rearrangement_identity(
      "K = " + std::to_string(K) + ": c delta* - w^T p = (c - 1) delta* - (1 - v) w^T q", 2 * K - 1, 1,
      [K](const std::vector<Exact>& x, const RationalConstants& k) {
        std::vector<Exact> w(K), q(K);
        Exact wl(1), ql(1);
        for (std::size_t i = 0; i + 1 < K; ++i) {
          w[i] = x[i];
          q[i] = x[K - 1 + i];
          wl -= w[i];
          ql -= q[i];
        }
        w[K - 1] = wl;
        q[K - 1] = ql;
        const Exact& v = x[2 * K - 2];
        const Exact delta = v / Exact(long(K)), c = k("c");
        Exact wp(0), wq(0);
        for (std::size_t i = 0; i < K; ++i) {
          wp += w[i] * (delta + (1 - Exact(long(K)) * delta) * q[i]);
          wq += w[i] * q[i];
        }
        return (c * delta - wp) - ((c - 1) * delta - (1 - v) * wq);
      });
  return piece;
}

DCRV_CERTIFICATE(safe_denominators) {
  Certificate c;
  c.claim = "C.safe-denominators";
  c.domain = "K = 2, ..., 6; every a in R^K_+ \\ {0}, every p in the trimmed simplex for every delta* in [0, "
             "1/K]; no exclusion";
  c.method = "homogeneous of degree 1 in a: a = w in the closed simplex (|w|_1 = 1); p = delta* 1 + (1 - K "
             "delta*) q, q in the closed simplex, delta* = v/K: c delta* - w^T p = (c - 1) delta* - (1 - v) "
             "w^T q <= 0 (exact rearrangement, sum w = 1); w, q by stick-breaking";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  for_sizes<2, 6>(c, "S", [&]<std::size_t S>() { c.pieces.push_back(safe_denominator_piece<S>()); });
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    c.identities.push_back(safe_denominator_rearrangement(S));
  c.pieces.push_back(aggregates::coordinate_term_piece("trim"));
  c.pieces.push_back(aggregates::coordinate_term_piece("slack"));
  c.identities.push_back(aggregates::safe_denominator_every_k());
  c.reductions.push_back(
      {"c delta* |w|_1 - w^T p = (c - 1) delta* - sum_i w_i (p_i - delta*) with |w|_1 = 1 (homogeneous of "
       "degree 1 in a): each term of the sum depends on (w_i, p_i - delta*) only and is >= 0 on the trimmed "
       "simplex (one term checked on w_i, p_i - delta* in [0, 1], homogeneous in each), and (c - 1) delta* "
       "<= "
       "0 is checked for delta* in [0, 1] (so every delta* <= 1/K), for every K (the aggregate form checked; "
       "the per-K pieces K = 2..6 as well)",
       {"S"}});
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §A.5 Shahshahani geometry: replicator identities
// ---------------------------------------------------------------------------------------------------------

/// Why Σ_i p_i(F_i − E_p[F]) = 0 for every S (aggregates::mass_sum).
const char* kMassReason =
    "each term p_i F_i - p_i <p, F> of sum_i p_i (F_i - E_p F) is linear in (p_i F_i, p_i), so the sum is A "
    "- A P "
    "with A = <p, F> and P = sum p = 1: the other coordinates enter only through A and P (checked)";

/// Σ_i p_i(F_i − E_p[F]) for F = e_k; variables x (the chart), degree 2 (p_i p_k).
IdentityPiece mass_piece(std::size_t S, std::size_t k) {
  return exact_identity(softmax_exact::s_label(S) + ", F = e_" + std::to_string(k + 1), S - 1, 2,
                        [S, k](const XVec& x, const RationalConstants&) -> Exact {
                          return sum_of(replicator(plane_chart(x, S), unit_rvec<Exact>(S, k)));
                        });
}

DCRV_CERTIFICATE(mass_conservation) {
  Certificate c;
  c.claim = "A.mass-conservation";
  c.domain =
      "every S >= 2 (the aggregate identity; term by term S = 2, ..., 8); every p of the plane sum p = 1 "
      "(so the closed simplex) and every F in R^S; no exclusion";
  c.method =
      "sum_i p_i (F_i - E_p[F]) is linear in F: checked for F = e_k, k = 1..S; in the chart p = (x, 1 - "
      "sum x) a polynomial of degree <= 2 in each x_i, zero on a 3^(S-1) grid of rationals";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 8; ++S)
    for (std::size_t k = 0; k < S; ++k)
      c.identities.push_back(mass_piece(S, k));
  add_every_dimension(c, {aggregates::mass_sum()},
                      std::string(kMassReason) + " (term by term for S = 2..8 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

/// p ⊙ ((F + a1) − E_p[F + a1]) − p ⊙ (F − E_p[F]) with F = e_k or F = 0 (k = S), a variable; degree 2.
IdentityPiece gauge_piece(std::size_t S, std::size_t k) {
  return exact_identity(softmax_exact::s_label(S) + (k < S ? ", F = e_" + std::to_string(k + 1) : ", F = 0"),
                        S, 2, [S, k](const XVec& x, const RationalConstants&) -> XVec {
                          const XVec p = plane_chart(x, S);
                          const XVec F = k < S ? unit_rvec<Exact>(S, k) : XVec(S, Exact(0));
                          XVec shifted = F;
                          for (auto& f : shifted)
                            f += x[S - 1];
                          const XVec a = replicator(p, shifted), b = replicator(p, F);
                          XVec d(S);
                          for (std::size_t i = 0; i < S; ++i)
                            d[i] = a[i] - b[i];
                          return d;
                        });
}

DCRV_CERTIFICATE(gauge_invariance) {
  Certificate c;
  c.claim = "A.gauge-invariance";
  c.domain =
      "every S >= 2 (the aggregate identity; term by term S = 2, ..., 8); every p of the plane sum p = 1 (so "
      "the closed simplex), every F in R^S and every real a (the claim samples a in [-100, 100]); no "
      "exclusion";
  c.method =
      "the difference of the two fields is affine in F for fixed (p, a): checked for F = 0 and F = e_k; "
      "in the chart p = (x, 1 - sum x) each component is a polynomial of degree <= 2 in each x_i and in "
      "a, zero on a 3^S grid of rationals";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 8; ++S)
    for (std::size_t k = 0; k <= S; ++k)
      c.identities.push_back(gauge_piece(S, k));
  add_every_dimension(
      c, {aggregates::gauge_coordinate()},
      "coordinate i of p (F + a1 - <p, F + a1>) - p (F - <p, F>) involves the other coordinates "
      "only through <p, F + a1> = A + a P (linearity), A = <p, F>, P = sum p = 1, free in the "
      "identity (checked; term by term for S = 2..8 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

/// g_p(w, v) − ⟨F, v⟩ = Σ_i w_i v_i/p_i − ⟨F, v⟩, w = p ⊙ (F − E_pF), F = e_k, v = e_l − e_S ∈ T. Times Π_j
/// p_j (non-zero on the grid) a polynomial of degree ≤ 4 in each x_i (w_i has degree ≤ 2, Π_{j≠i} p_j ≤ 2).
IdentityPiece shah_metric_piece(std::size_t S, std::size_t k, std::size_t l) {
  return exact_identity(softmax_exact::s_label(S) + ", F = e_" + std::to_string(k + 1) + ", v = e_" +
                            std::to_string(l + 1) + " - e_" + std::to_string(S),
                        S - 1, 4, [S, k, l](const XVec& x, const RationalConstants&) -> Exact {
                          const XVec p = plane_chart(x, S), F = unit_rvec<Exact>(S, k);
                          XVec v = unit_rvec<Exact>(S, l);
                          v[S - 1] -= 1;
                          const XVec w = replicator(p, F);
                          Exact g(0), fv(0);
                          for (std::size_t i = 0; i < S; ++i) {
                            g += w[i] * v[i] / p[i];
                            fv += F[i] * v[i];
                          }
                          return g - fv;
                        });
}
/// Σ_i w_i for w = p ⊙ (F − E_pF), F = e_k (the same sum as A.mass-conservation).
IdentityPiece shah_tangent_piece(std::size_t S, std::size_t k) {
  IdentityPiece piece = mass_piece(S, k);
  piece.label += ", sum w = 0";
  return piece;
}
/// g_p(v, v) ≥ ‖v‖²: Σ_i v_i²/p_i − Σ_i v_i² = Σ_i v_i²(1 − p_i)/p_i ≥ 0; times Π_j p_j > 0 (int Δ) the score
/// −Σ_i v_i²(1 − p_i)Π_{j≠i}p_j ≤ 0, a sum of products of non-negative enclosures on the closed simplex. v ∈
/// T from S − 1 free coordinates in [−1, 1] (the form is homogeneous of degree 2 in v).
template <std::size_t S> Piece shah_metric_lower_piece() {
  return simplex_cube_piece<S, S - 1>(softmax_exact::s_label(S) + ", g_p(v,v) >= |v|^2",
                                      [](const auto& p, const auto& w, const Constants&) {
                                        using X = std::decay_t<decltype(p[0])>;
                                        const auto v = tangent_vector<S>(w, 0);
                                        X s(0);
                                        for (std::size_t i = 0; i < S; ++i)
                                          s += times_others(square(v[i]) * (1 - p[i]), p, i);
                                        return -s;
                                      });
}

DCRV_CERTIFICATE(shah_gradient_replicator) {
  Certificate c;
  c.claim = "A.shah-gradient-replicator";
  c.domain =
      "every S >= 2 (the aggregate identities and the termwise bound; term by term S = 2, ..., 6); the "
      "identities for every p of the plane sum p = 1 with p_i != 0 (so every p in int Delta), every F in "
      "R^S and v in T; g_p(v,v) >= |v|^2 for every p in int Delta and v in T; no exclusion";
  c.method =
      "sum w = 0 and g_p(w,v) = <F,v> are linear in F and in v: checked for F = e_k and v = e_l - e_S "
      "(a basis of T), exactly in the chart p = (x, 1 - sum x) (g_p(w,v) times prod p_j: degree <= 4 "
      "per x_i, 5^(S-1) grid); g_p(v,v) - |v|^2 = sum_i v_i^2 (1 - p_i)/p_i, times prod_j p_j > 0: "
      "-sum_i v_i^2 (1 - p_i) prod_{j != i} p_j <= 0 by interval enclosures (p by stick-breaking, v in T "
      "from S - 1 coordinates in [-1, 1], homogeneous of degree 2)";
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    for (std::size_t k = 0; k < S; ++k) {
      c.identities.push_back(shah_tangent_piece(S, k));
      for (std::size_t l = 0; l + 1 < S; ++l)
        c.identities.push_back(shah_metric_piece(S, k, l));
    }
  for_sizes<2, 6>(c, "S", [&]<std::size_t S>() { c.pieces.push_back(shah_metric_lower_piece<S>()); });
  for (std::size_t S = 2; S <= 6; ++S) // the metric bound's rearrangement (issue 20 point 5)
    c.identities.push_back(rearrangements::shah_metric_rearrangement(S));
  c.pieces.push_back(aggregates::metric_term_piece(false));
  c.identities.push_back(aggregates::metric_term_rearrangement(false));
  add_every_dimension(
      c, {aggregates::mass_sum(), aggregates::shahshahani_coordinate()},
      std::string(kMassReason) +
          "; term i of g_p(w, v) - <F, v> is w_i v_i/p_i - F_i v_i = -E v_i (E = <p, F>), so the sum is -E "
          "sum v = 0 on T (checked); g_p(v, v) - |v|^2 = sum_i v_i^2 (1 - p_i)/p_i is a sum of terms each >= "
          "0 "
          "(one term times p_i > 0, checked on p_i in [0, 1], v_i in [-1, 1], homogeneous) (term by term for "
          "S = 2..6 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Single-site Lyapunov identities (App. A §A.7, App. C §C.9)
// ---------------------------------------------------------------------------------------------------------

/// Σ_i p_i(g_i − ḡ)² ≥ 0 for every g (homogeneous of degree 2: g ∈ [−1, 1]^S), p in the closed simplex.
template <std::size_t S> Piece variance_nonneg_piece() {
  return simplex_cube_piece<S, S>(softmax_exact::s_label(S) + ", sum p (g - gbar)^2 >= 0",
                                  [](const auto& p, const auto& g, const Constants&) {
                                    using X = std::decay_t<decltype(p[0])>;
                                    X gbar(0);
                                    for (std::size_t i = 0; i < S; ++i)
                                      gbar += p[i] * g[i];
                                    X var(0);
                                    for (std::size_t i = 0; i < S; ++i)
                                      var += p[i] * square(g[i] - gbar);
                                    return -var;
                                  });
}
void add_variance_nonneg_pieces(Certificate& c) {
  for_sizes<2, 6>(c, "S", [&]<std::size_t S>() { c.pieces.push_back(variance_nonneg_piece<S>()); });
}
/// The quadratic (Lyapunov) identity and Σ p_i(g_i − ḡ)² ≥ 0 for every S: aggregates::replicator_quadratic,
/// the termwise sign piece, `more` aggregate identities, and the reduction (`field`: how ṗ reads).
void add_quadratic_every_s(Certificate& c, std::vector<IdentityPiece> more, const std::string& field,
                           const std::string& per_s = "S = 2..6") {
  c.pieces.push_back(aggregates::variance_term_piece());
  more.push_back(aggregates::replicator_quadratic());
  add_every_dimension(
      c, more,
      "with " + field +
          ", the terms g_i pdot_i, pdot_i^2/p_i and p_i (g_i - gbar)^2 are linear in (p_i g_i^2, "
          "p_i g_i, p_i) with coefficients in gbar: the sums depend on the other coordinates "
          "only through Q = sum p g^2, G = sum p g = gbar and P = sum p = 1, free in the "
          "identity (checked); sum p_i (g_i - gbar)^2 >= 0 is a sum of terms each >= 0 (one "
          "term checked on p_i in [0, 1], g_i - gbar in [-1, 1], homogeneous) (term by term for " +
          per_s + " as well)");
}

/// Ψ'(s) by a jet minus G(s) = a − b s − c s³ − A L (L = log s); Ψ(s) = a s − b s²/2 − c s⁴/4 − A(s log s −
/// s). Variables (s, a, b, A, L[, c]); times s a polynomial of degree ≤ `degree` in each.
IdentityPiece potential_piece(bool cubic) {
  return exact_identity(cubic ? "Psi' = g (f = a - b s - c s^3)" : "Psi' = G (G = a - b s - A log s)",
                        cubic ? 6 : 5, cubic ? 4 : 2,
                        [cubic](const XVec& x, const RationalConstants&) -> Exact {
                          const Exact &a = x[1], &b = x[2], &A = x[3], &L = x[4];
                          const Exact cc = cubic ? x[5] : Exact(0);
                          const D1 s = D1::variable(x[0], 0);
                          const D1 psi = a * s - b * s * s / Exact(2) - cc * s * s * s * s / Exact(4) -
                                         A * (s * log_jet(s, L) - s);
                          return psi.g[0] - (a - b * x[0] - cc * x[0] * x[0] * x[0] - A * L);
                        });
}

/// Σ_i G_i ṗ_i − Σ_i p_i(G_i − Ḡ)² with ṗ = p ⊙ (G − Ḡ) (App. A §A.7), a quadratic form in G: polarization.
IdentityPiece replicator_lyapunov_piece(std::size_t S, const RVec& G) {
  return exact_identity(softmax_exact::s_label(S) + ", G = " + vec_label(G), S - 1, 3,
                        [S, G = exact_vec(G)](const XVec& x, const RationalConstants&) -> Exact {
                          const XVec p = plane_chart(x, S);
                          const Exact gbar = dot(p, G);
                          Exact dL(0), var(0);
                          for (std::size_t i = 0; i < S; ++i) {
                            dL += G[i] * p[i] * (G[i] - gbar);
                            var += p[i] * (G[i] - gbar) * (G[i] - gbar);
                          }
                          return dL - var;
                        });
}

DCRV_CERTIFICATE(A_single_site_lyapunov) {
  Certificate c;
  c.claim = "A.single-site-lyapunov";
  c.domain = "every S >= 2 (the aggregate identity and the termwise sign; term by term S = 2, ..., 6); every "
             "p in int Delta, every a, b in R^S and every real A; no exclusion";
  c.method =
      "L is separable, so DL[p].pdot = sum_i Psi_i'(p_i) pdot_i (chain rule); Psi_i' = G_i exactly (jet "
      "over the rationals in s with L = log s free, d log s = ds/s; degree <= 2 in (s, a, b, A, L)); "
      "with G_i := G_i(p_i) any real vector, sum_i G_i p_i (G_i - Gbar) - sum_i p_i (G_i - Gbar)^2 is "
      "a quadratic form in G: zero at G = e_k, e_k + e_l (polarization), degree <= 3 per chart "
      "coordinate of p = (x, 1 - sum x); >= 0 by interval enclosures (p by stick-breaking, G in [-1,1]^S, "
      "homogeneous of degree 2)";
  c.identities.push_back(potential_piece(false));
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 6; ++S)
    for (const auto& G : polarization_vectors(S))
      c.identities.push_back(replicator_lyapunov_piece(S, G));
  add_variance_nonneg_pieces(c);
  add_quadratic_every_s(c, {}, "pdot = p (G - Gbar)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

/// Σ_i g_i F_i − Σ_i p_i(g_i − ḡ)² with F = S(p)φ − A E(p), g = φ − ψ (ψ = A log p): a quadratic form in the
/// vector (φ, ψ) ∈ R^{2S}: polarization; degree ≤ 3 per chart coordinate.
IdentityPiece srct_lyapunov_piece(std::size_t S, const RVec& w) {
  return exact_identity(softmax_exact::s_label(S) + ", (phi, psi) = " + vec_label(w), S - 1, 3,
                        [S, w = exact_vec(w)](const XVec& x, const RationalConstants&) -> Exact {
                          const XVec p = plane_chart(x, S);
                          const XVec phi(w.begin(), w.begin() + long(S)), psi(w.begin() + long(S), w.end());
                          const XVec F = boxed_drift(p, phi, psi);
                          XVec g(S);
                          for (std::size_t i = 0; i < S; ++i)
                            g[i] = phi[i] - psi[i];
                          const Exact gbar = dot(p, g);
                          Exact dL(0), var(0);
                          for (std::size_t i = 0; i < S; ++i) {
                            dL += g[i] * F[i];
                            var += p[i] * (g[i] - gbar) * (g[i] - gbar);
                          }
                          return dL - var;
                        });
}

DCRV_CERTIFICATE(C_single_site_lyapunov) {
  Certificate c;
  c.claim = "C.single-site-lyapunov";
  c.domain =
      "every K >= 2 (the aggregate identities and the termwise sign; term by term K = 2, ..., 5 for the "
      "identity, K = 2, ..., 6 for the sign); every p in int Delta, every a, b, c in R^K (b, c >= 0 "
      "included) and every real A; no exclusion";
  c.method =
      "L_psi is separable, so DL_psi(p)[F] = sum_i Psi_i'(p_i) F_i; Psi_i' = g_i exactly (jet over the "
      "rationals in s, L = log s free; degree <= 4 in (s, a, b, c, A, L)); with phi_i := f_i(p_i) any "
      "real vector and psi = A log p, sum_i g_i F_i - sum_i p_i (g_i - gbar)^2 (F = S(p)phi - A E(p), "
      "g = phi - psi) is a quadratic form in (phi, psi): zero at the polarization vectors of R^(2K), "
      "degree <= 3 per chart coordinate of p = (x, 1 - sum x); >= 0 by interval enclosures";
  c.identities.push_back(potential_piece(true));
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 5; ++S)
    for (const auto& w : polarization_vectors(2 * S))
      c.identities.push_back(srct_lyapunov_piece(S, w));
  add_variance_nonneg_pieces(c);
  add_quadratic_every_s(c, {aggregates::boxed_is_replicator()},
                        "F = S(p)phi - A E(p) = p (g - gbar), g = phi - psi (coordinate i: p_i (phi_i - Phi) "
                        "- p_i (psi_i - Psi) with Phi = <p, phi>, Psi = <p, psi> free, checked)",
                        "K = 2..5 (identity) and 2..6 (sign)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// The SRCT objective J̃ (App. A §A.5–A.6, App. C §C.2), exactly
// ---------------------------------------------------------------------------------------------------------
//
// J̃ = U·p + λ(αH − βpᵀKp) − β_KL KL(p‖p_base) + εH is linear in θ = (U, λα, ε, β_KL, β_KL log p_base, λβK),
// and so are its gradient and every identity below (none multiplies two coefficients); for fixed θ each is
// affine in L = log p. So an identity holds for every instance iff it holds at the basis configurations: one
// coefficient 1 (U = e_k; λα = 1; ε = 1; β_KL = 1 with log p_base = 0 or e_k; λβ = 1 with K = E_kl + E_lk),
// the others 0, each with L = 0 and L = e_k. Each configuration is a rational identity in p alone.

/// One basis configuration of an SRCT instance (λ = 1, so `alpha` is λα and `beta` is λβ).
struct SrctBasis {
  std::string label;
  XVec U, Lb, L; // utility, log p_base, log p
  std::vector<XVec> K;
  Exact alpha{0}, beta{0}, beta_kl{0}, eps{0};
  Exact barrier() const { return eps + alpha + beta_kl; }
  XVec kernel_times(const XVec& p) const {
    XVec r(p.size(), Exact(0));
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::size_t j = 0; j < p.size(); ++j)
        r[i] += K[i][j] * p[j];
    return r;
  }
  /// φ_A = U − 2λβKp + β_KL log p_base (App. C §C.2).
  XVec score(const XVec& p) const {
    const XVec Kp = kernel_times(p);
    XVec phi(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
      phi[i] = U[i] - 2 * beta * Kp[i] + beta_kl * Lb[i];
    return phi;
  }
};

std::vector<SrctBasis> srct_bases(std::size_t S) {
  const auto zero = [S](std::string label) {
    SrctBasis b;
    b.label = std::move(label);
    b.U = b.Lb = b.L = XVec(S, Exact(0));
    b.K = std::vector<XVec>(S, XVec(S, Exact(0)));
    return b;
  };
  const auto idx = [](std::size_t k) { return std::to_string(k + 1); };
  std::vector<SrctBasis> theta;
  for (std::size_t k = 0; k < S; ++k) {
    theta.push_back(zero("U = e_" + idx(k)));
    theta.back().U[k] = 1;
  }
  theta.push_back(zero("lambda alpha = 1"));
  theta.back().alpha = 1;
  theta.push_back(zero("eps = 1"));
  theta.back().eps = 1;
  theta.push_back(zero("beta_KL = 1"));
  theta.back().beta_kl = 1;
  for (std::size_t k = 0; k < S; ++k) {
    theta.push_back(zero("beta_KL = 1, log p_base = e_" + idx(k)));
    theta.back().beta_kl = 1;
    theta.back().Lb[k] = 1;
  }
  for (std::size_t k = 0; k < S; ++k)
    for (std::size_t l = k; l < S; ++l) {
      theta.push_back(zero("lambda beta = 1, K = E_" + idx(k) + idx(l) + " + E_" + idx(l) + idx(k)));
      theta.back().beta = 1;
      theta.back().K[k][l] = theta.back().K[l][k] = 1;
    }
  std::vector<SrctBasis> out;
  for (const auto& b : theta) {
    out.push_back(b);
    out.back().label += ", L = 0";
    for (std::size_t k = 0; k < S; ++k) {
      out.push_back(b);
      out.back().L[k] = 1;
      out.back().label += ", L = e_" + idx(k);
    }
  }
  return out;
}

/// ∇J̃(p) (ambient partial derivatives) by a forward-mode jet of the library's jtilde_of formula, H = −Σp log
/// p, KL = Σp(log p − log p_base), with log p_i = L_i and d log p_i = dp_i/p_i; `with_eps` = false gives the
/// J of App. A §A.6 (no εH).
template <std::size_t S> XVec jtilde_gradient(const SrctBasis& b, const XVec& p, bool with_eps) {
  using J = Jet<Exact, S, 1>;
  std::array<J, S> x;
  for (std::size_t i = 0; i < S; ++i)
    x[i] = J::variable(p[i], i);
  J lin(0), H(0), Q(0), KL(0);
  for (std::size_t i = 0; i < S; ++i) {
    lin += b.U[i] * x[i];
    const J lg = log_jet(x[i], b.L[i]);
    H -= x[i] * lg;
    KL += x[i] * (lg - b.Lb[i]);
    for (std::size_t j = 0; j < S; ++j)
      Q += b.K[i][j] * x[i] * x[j];
  }
  const J jt = lin + (b.alpha * H - b.beta * Q) - b.beta_kl * KL + (with_eps ? b.eps : Exact(0)) * H;
  return XVec(jt.g.begin(), jt.g.end());
}

using SrctResidual = XVec (*)(const SrctBasis&, const XVec&, const RationalConstants&);

/// C.variational-derivative: ∂J̃/∂p_i − (U_i − cλβ(Kp)_i + β_KL log p_base,i − A(1 + log p_i)).
template <std::size_t S> XVec variational_C(const SrctBasis& b, const XVec& p, const RationalConstants& k) {
  const XVec g = jtilde_gradient<S>(b, p, true), Kp = b.kernel_times(p);
  XVec r(S);
  for (std::size_t i = 0; i < S; ++i)
    r[i] = g[i] - (b.U[i] - k("c") * b.beta * Kp[i] + b.beta_kl * b.Lb[i] - b.barrier() * (1 + b.L[i]));
  return r;
}
/// A.instantiation-variational-derivative: ∇J̃_i − (U_i − 2λβ(Kp)_i − (λα+ε)(1+log p_i) −
/// β_KL(1+log(p_i/p_b,i))).
template <std::size_t S> XVec variational_A(const SrctBasis& b, const XVec& p, const RationalConstants&) {
  const XVec g = jtilde_gradient<S>(b, p, true), Kp = b.kernel_times(p);
  XVec r(S);
  for (std::size_t i = 0; i < S; ++i)
    r[i] = g[i] - (b.U[i] - 2 * b.beta * Kp[i] - (b.alpha + b.eps) * (1 + b.L[i]) -
                   b.beta_kl * (1 + b.L[i] - b.Lb[i]));
  return r;
}
/// A.jtilde-flow-score: F̃ = ∇J − ε(1 + log p) equals ∇J̃, and Σ_i p_i(F̃_i − E_pF̃) = 0 (on Σp = 1).
template <std::size_t S> XVec jtilde_flow(const SrctBasis& b, const XVec& p, const RationalConstants&) {
  const XVec g = jtilde_gradient<S>(b, p, true), gJ = jtilde_gradient<S>(b, p, false);
  XVec Ft(S), r(S);
  for (std::size_t i = 0; i < S; ++i) {
    Ft[i] = gJ[i] - b.eps * (1 + b.L[i]);
    r[i] = Ft[i] - g[i];
  }
  r.push_back(sum_of(replicator(p, Ft)));
  return r;
}
/// A.logratio-ode-contraction: ṗ_i/p_i − ṗ_j/p_j − (−c_A A log(p_i/p_j) + c_ij), ṗ = p ⊙ (∇J̃ − E_p∇J̃).
template <std::size_t S> XVec logratio_A(const SrctBasis& b, const XVec& p, const RationalConstants& k) {
  const XVec pdot = replicator(p, jtilde_gradient<S>(b, p, true)), Kp = b.kernel_times(p);
  XVec r;
  for (std::size_t i = 0; i < S; ++i)
    for (std::size_t j = 0; j < S; ++j) {
      const Exact cij = (b.U[i] - b.U[j]) - 2 * b.beta * (Kp[i] - Kp[j]) + b.beta_kl * (b.Lb[i] - b.Lb[j]);
      r.push_back(pdot[i] / p[i] - pdot[j] / p[j] - (-k("c_A") * b.barrier() * (b.L[i] - b.L[j]) + cij));
    }
  return r;
}
/// C.srct-ode-form: (g_i − ⟨p, g⟩) − F_i/p_i with F = S(p)φ_A − A E(p), g = ∇J̃; and Σ_i F_i.
template <std::size_t S> XVec ode_form(const SrctBasis& b, const XVec& p, const RationalConstants&) {
  const XVec g = jtilde_gradient<S>(b, p, true);
  XVec psi(S);
  for (std::size_t i = 0; i < S; ++i)
    psi[i] = b.barrier() * b.L[i];
  const XVec F = boxed_drift(p, b.score(p), psi);
  const Exact gbar = dot(p, g);
  XVec r(S);
  Exact total(0);
  for (std::size_t i = 0; i < S; ++i) {
    r[i] = (g[i] - gbar) - F[i] / p[i];
    total += F[i];
  }
  r.push_back(total);
  return r;
}
/// C.mass-balance at a positive vector r (off the simplex): Σ_i F_i(r) − (Σ_i r_iφ_i − A⟨log r⟩)(1 − Σr).
template <std::size_t S> XVec mass_balance(const SrctBasis& b, const XVec& r, const RationalConstants&) {
  XVec psi(S);
  for (std::size_t i = 0; i < S; ++i)
    psi[i] = b.barrier() * b.L[i];
  const XVec phi = b.score(r), F = boxed_drift(r, phi, psi);
  Exact lhs(0), M(0);
  for (std::size_t i = 0; i < S; ++i) {
    lhs += F[i];
    M += r[i];
  }
  return {lhs - (dot(r, phi) - b.barrier() * dot(r, b.L)) * (1 - M)};
}

/// The pieces of one identity for S = 2, 3, 4: every basis configuration, p in the chart of Σp = 1 (`chart`)
/// or S free positive coordinates; degree ≤ 6 per variable after clearing the p_i's (at most Π_j p_j from the
/// jets of log times a cubic numerator).
template <template <std::size_t> class Res> void add_srct_pieces(Certificate& c, bool chart) {
  const auto add = [&c, chart](std::size_t S, SrctResidual f) {
    for (const auto& b : srct_bases(S)) {
      c.identities.push_back(
          exact_identity(softmax_exact::s_label(S) + ", " + b.label, chart ? S - 1 : S, chart ? 4 : 3,
                         [b, f, S, chart](const XVec& x, const RationalConstants& k) -> XVec {
                           return f(b, chart ? plane_chart(x, S) : x, k);
                         }));
      c.identities.back().dims = {{"S", int(S)}};
    }
  };
  add(2, &Res<2>::f);
  add(3, &Res<3>::f);
  add(4, &Res<4>::f);
  c.paper = {{"S", 2, kUnbounded}}; // every simplex size (the instance's coefficients: free variables)
}
#define DCRV_SRCT_RESIDUAL(name, fn)                                                                         \
  template <std::size_t S> struct name {                                                                     \
    static XVec f(const SrctBasis& b, const XVec& p, const RationalConstants& k) { return fn<S>(b, p, k); }  \
  };
DCRV_SRCT_RESIDUAL(VariationalC, variational_C)
DCRV_SRCT_RESIDUAL(VariationalA, variational_A)
DCRV_SRCT_RESIDUAL(JtildeFlow, jtilde_flow)
DCRV_SRCT_RESIDUAL(LogratioA, logratio_A)
DCRV_SRCT_RESIDUAL(OdeForm, ode_form)
DCRV_SRCT_RESIDUAL(MassBalance, mass_balance)
#undef DCRV_SRCT_RESIDUAL

const char* kSrctGradientReason =
    "J~ is a sum over the coordinates of U_k p_k - (lambda alpha + eps) p_k log p_k - beta_KL p_k "
    "log(p_k/p_base,k) "
    "minus lambda beta p^T K p; with the other coordinates fixed, the terms k != i are constant in p_i and "
    "p^T K p = K_ii p_i^2 + 2 p_i m_i + const, m_i = sum_{k != i} K_ik p_k (K symmetric), so (Kp)_i = K_ii "
    "p_i + "
    "m_i: the partial derivative in p_i depends on the other coordinates only through m_i, free in the "
    "identity "
    "(a jet in p_i, every coefficient free; checked; term by term for S = 2, 3, 4 as well)";

const char* kSrctBasisMethod =
    "linear in theta = (U, lambda alpha, eps, beta_KL, beta_KL log p_base, lambda beta K) and, for fixed "
    "theta, "
    "affine in L = log p: checked at every basis configuration (one coefficient 1, K = E_kl + E_lk, L = 0 or "
    "e_k) as a rational identity in p; the gradient of J~ by a forward-mode jet over the rationals of the "
    "library's formula (log p_i = L_i free, d log p_i = dp_i/p_i); degree <= 6 per variable after clearing "
    "the "
    "p_i's";

DCRV_CERTIFICATE(C_variational_derivative) {
  Certificate c;
  c.claim = "C.variational-derivative";
  c.domain =
      "every K >= 2 (the aggregate identity; term by term K = 2, 3, 4); every p with positive coordinates "
      "on sum p = 1 (int Delta), every U in R^K, every "
      "symmetric K (PSD included), every p_base in int Delta and every real lambda, alpha, beta, beta_KL, "
      "eps; no exclusion";
  c.method = std::string("ambient partial derivatives; ") + kSrctBasisMethod;
  c.constants = {{"c", [] { return Interval(2); }, [] { return Rational(2); }}};
  add_srct_pieces<VariationalC>(c, true);
  add_every_dimension(c, {aggregates::srct_gradient(aggregates::SrctGradient::C)}, kSrctGradientReason);
  return c;
}

DCRV_CERTIFICATE(A_instantiation_variational_derivative) {
  Certificate c;
  c.claim = "A.instantiation-variational-derivative";
  c.domain =
      "every S >= 2 (the aggregate identities; term by term S = 2, 3, 4); every p, p_base in int Delta, "
      "every U in R^S, every symmetric K (PSD included) and "
      "every real coefficient; no exclusion";
  c.method = std::string("ambient partial derivatives; ") + kSrctBasisMethod;
  add_srct_pieces<VariationalA>(c, true);
  add_every_dimension(c, {aggregates::srct_gradient(aggregates::SrctGradient::A)}, kSrctGradientReason);
  return c;
}

DCRV_CERTIFICATE(A_jtilde_flow_score) {
  Certificate c;
  c.claim = "A.jtilde-flow-score";
  c.domain =
      "every S >= 2 (the aggregate identities; term by term S = 2, 3, 4); every p, p_base in int Delta, "
      "every U in R^S, every symmetric K (PSD included) and "
      "every real coefficient; no exclusion";
  c.method =
      std::string("F = grad J (J~ without eps H) and grad J~ both by jets; sum_i p_i (F~_i - E_p F~) on "
                  "sum p = 1 (chart); ") +
      kSrctBasisMethod;
  add_srct_pieces<JtildeFlow>(c, true);
  add_every_dimension(c, {aggregates::srct_gradient(aggregates::SrctGradient::flow), aggregates::mass_sum()},
                      std::string(kSrctGradientReason) + "; " + kMassReason);
  return c;
}

DCRV_CERTIFICATE(A_logratio_ode_contraction) {
  Certificate c;
  c.claim = "A.logratio-ode-contraction";
  c.domain =
      "every S >= 2 (the aggregate identities; term by term S = 2, 3, 4); every p, p_base in int Delta, "
      "every U in R^S, every symmetric K (PSD included) and "
      "every real coefficient; every pair i, j; no exclusion";
  c.method = std::string("pdot = p (grad J~ - E_p grad J~), log(p_i/p_j) = L_i - L_j, log(p_base,i/p_base,j) "
                         "likewise; ") +
             kSrctBasisMethod;
  c.constants = {{"c_A", [] { return Interval(1); }, [] { return Rational(1); }}};
  add_srct_pieces<LogratioA>(c, true);
  add_every_dimension(
      c,
      {aggregates::srct_gradient(aggregates::SrctGradient::A), aggregates::replicator_logratio(),
       aggregates::srct_gradient_difference()},
      std::string(kSrctGradientReason) +
          "; pdot_i/p_i - pdot_j/p_j = g_i - g_j for pdot = p (g - gbar), gbar = <p, g> free "
          "(checked), and g_i - g_j from the two coordinate formulas with (Kp)_i, (Kp)_j free "
          "(checked)");
  return c;
}

DCRV_CERTIFICATE(C_srct_ode_form) {
  Certificate c;
  c.claim = "C.srct-ode-form";
  c.domain =
      "every K >= 2 (the aggregate identities; term by term K = 2, 3, 4); every p, p_base in int Delta, "
      "every U in R^K, every symmetric K (PSD included) and "
      "every real coefficient; no exclusion";
  c.method =
      std::string("F = S(p) phi_A - A E(p) in its matrix form, compared coordinatewise after division by "
                  "p_i, and sum F = 0 on sum p = 1 (chart); ") +
      kSrctBasisMethod;
  add_srct_pieces<OdeForm>(c, true);
  add_every_dimension(
      c, {aggregates::srct_gradient(aggregates::SrctGradient::C2), aggregates::srct_ode_form()},
      std::string(kSrctGradientReason) +
          "; with g_i = phi_i - A(1 + log p_i) (phi = phi_A), <p, g> = Phi - A(P + Lambda) and "
          "coordinate i of F = S(p)phi - A E(p) is p_i (phi_i - Phi) - A p_i (log p_i - "
          "Lambda), Phi = <p, phi>, Lambda = <p, log p>, P = sum p = 1 free; sum F = Phi - Phi P "
          "- A(Lambda - Lambda P) (each term linear in p_i phi_i, p_i, p_i log p_i) (checked)");
  return c;
}

DCRV_CERTIFICATE(C_mass_balance) {
  Certificate c;
  c.claim = "C.mass-balance";
  c.domain =
      "every K >= 2 (the aggregate identity; term by term K = 2, 3, 4); every positive vector r (so every "
      "M > 0, not only [1e-2, 1e2]), every p_base in int "
      "Delta, every U in R^K, every symmetric K (PSD included) and every real coefficient; no exclusion";
  c.method = std::string("r as K free positive variables (no sum constraint), F(r) = S(r) phi_A(r) - A E(r), "
                         "<log r> = sum r_i log r_i; no derivative; ") +
             kSrctBasisMethod;
  add_srct_pieces<MassBalance>(c, false);
  add_every_dimension(
      c, {aggregates::srct_mass_balance()},
      "each F_i(r) = r_i (phi_i - Phi) - A r_i (log r_i - Lambda), Phi = <r, phi>, Lambda = <r, "
      "log r> (no normalisation), is linear in (r_i phi_i, r_i, r_i log r_i): sum_i F_i = Phi - "
      "Phi R - A(Lambda - Lambda R) with R = sum r free, for every K (checked; term by term for "
      "K = 2, 3, 4 as well)");
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// App. A Lemma lem:Lyapunov: the dissipation identity and the metric comparison
// ---------------------------------------------------------------------------------------------------------

/// With g = ∇J̃(p) and ṗ = p ⊙ (g − ḡ): ⟨g, ṗ⟩ − Σ_i p_i(g_i − ḡ)² and Σ_i ṗ_i²/p_i − Σ_i p_i(g_i − ḡ)²,
/// quadratic forms in g: polarization; degree ≤ 6 per chart coordinate after clearing the p_i's.
IdentityPiece lyapunov_piece(std::size_t S, const RVec& g) {
  return exact_identity(softmax_exact::s_label(S) + ", g = " + vec_label(g), S - 1, 4,
                        [S, g = exact_vec(g)](const XVec& x, const RationalConstants&) -> XVec {
                          const XVec p = plane_chart(x, S), pdot = replicator(p, g);
                          const Exact gbar = dot(p, g);
                          Exact squares(0), metric(0);
                          for (std::size_t i = 0; i < S; ++i) {
                            squares += p[i] * (g[i] - gbar) * (g[i] - gbar);
                            metric += pdot[i] * pdot[i] / p[i];
                          }
                          return XVec{dot(g, pdot) - squares, metric - squares};
                        });
}
void add_lyapunov_pieces(Certificate& c) {
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 5; ++S)
    for (const auto& g : polarization_vectors(S))
      c.identities.push_back(lyapunov_piece(S, g));
}
const char* kLyapunovMethod =
    "dJ~/dt = DJ~[p].pdot = <grad J~, pdot> (the forward-mode directional derivative); the claim's pdot = p "
    "(F~ - E_p F~) with F~ = U - 2 lambda beta K p - (lambda alpha + eps)(1 + log p) - beta_KL (1 + "
    "log(p/p_base)), "
    "which equals grad J~ identically (the identity of A.instantiation-variational-derivative, for every S "
    "through its coordinate form, repeated here); so with g := grad J~ any real vector, <g, pdot> = sum_i "
    "pdot_i^2/p_i = sum_i p_i (g_i - gbar)^2 is a quadratic identity in g: zero at g = e_k, e_k + e_l "
    "(polarization), a polynomial of degree <= 3 per chart coordinate of p = (x, 1 - sum x) (grid of degree "
    "4)";

DCRV_CERTIFICATE(A_lyapunov_identity) {
  Certificate c;
  c.claim = "A.lyapunov-identity";
  c.domain =
      "every S >= 2 (grad J~ = F~ and the quadratic identity through their aggregate forms, the sign "
      "termwise; term by term the quadratic identity for S <= 5, the sign for S <= 6); every p in int Delta "
      "and every instance (U, symmetric K, p_base, real coefficients); no exclusion";
  c.method = std::string(kLyapunovMethod) + "; >= 0 by interval enclosures (g in [-1,1]^S, homogeneous)";
  add_lyapunov_pieces(c);
  add_variance_nonneg_pieces(c);
  add_quadratic_every_s(c, {aggregates::srct_gradient(aggregates::SrctGradient::A)},
                        "pdot = p (g - gbar), g = grad J~ = F~ (coordinate i by a jet in p_i, (Kp)_i = K_ii "
                        "p_i + m_i with m_i free: " +
                            std::string(kSrctGradientReason) + ")",
                        "S = 2..5 (identity) and 2..6 (sign)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

/// Σ_i w_i²(p_i − 1)Π_{j≠i}p_j ≤ 0 (‖w‖² ≤ g_p(w,w) times Π p > 0) or, `upper`, Σ_i w_i²(m − p_i)Π_{j≠i}p_j ≤
/// 0 with m − p_i = min(0, min_{k≠i}(p_k − p_i)), m = min p (g_p(w,w) ≤ ‖w‖²/m times mΠp > 0); w ∈ [−1, 1]^S
/// (homogeneous of degree 2), p by stick-breaking.
template <std::size_t S> Piece metric_comparison_piece(bool upper) {
  return simplex_cube_piece<S, S>(softmax_exact::s_label(S) +
                                      (upper ? ", g_p(w,w) <= |w|^2/min p" : ", |w|^2 <= g_p(w,w)"),
                                  [upper](const auto& p, const auto& w, const Constants&) {
                                    using X = std::decay_t<decltype(p[0])>;
                                    X s(0);
                                    for (std::size_t i = 0; i < S; ++i) {
                                      const X factor = upper ? min_minus(p, i) : X(p[i] - 1);
                                      s += times_others(square(w[i]) * factor, p, i);
                                    }
                                    return s;
                                  });
}

DCRV_CERTIFICATE(A_lyapunov_equality_iff) {
  Certificate c;
  c.claim = "A.lyapunov-equality-iff";
  c.domain =
      "every S >= 2 (the aggregate identities, the metric bounds termwise; term by term the identity for S "
      "= 2, ..., 5 and the two metric bounds for S = 2, ..., 6), every p in int Delta and every w in R^S "
      "(not only w = pdot); no exclusion";
  c.method =
      std::string(kLyapunovMethod) +
      "; |w|^2 <= g_p(w,w) <= |w|^2/min p for every w: times prod p (and min p) > 0, sum_i w_i^2 (p_i - "
      "1) prod_{j != i} p_j <= 0 and sum_i w_i^2 (min p - p_i) prod_{j != i} p_j <= 0 with min p - p_i = "
      "min(0, min_{k != i}(p_k - p_i)), by interval enclosures (w in [-1,1]^S, homogeneous)";
  add_lyapunov_pieces(c);
  for (bool upper : {false, true})
    for_sizes<2, 6>(c, "S", [&]<std::size_t S>() { c.pieces.push_back(metric_comparison_piece<S>(upper)); });
  for (std::size_t S = 2; S <= 4; ++S) // the bounds' cleared forms (issue 20 point 5; 3^(2S) points)
    for (bool upper : {false, true})
      c.identities.push_back(aggregates::metric_comparison_rearrangement(S, upper));
  for (bool upper : {false, true}) {
    c.pieces.push_back(aggregates::metric_term_piece(upper));
    c.identities.push_back(aggregates::metric_term_rearrangement(upper));
  }
  add_every_dimension(
      c, {aggregates::srct_gradient(aggregates::SrctGradient::A), aggregates::replicator_quadratic()},
      std::string(kSrctGradientReason) + "; with pdot = p (g - gbar), the terms g_i pdot_i, pdot_i^2/p_i, "
                                         "p_i (g_i - gbar)^2 are linear in (p_i "
                                         "g_i^2, p_i g_i, p_i): the sums depend on the other coordinates "
                                         "only through Q = sum p g^2, G = gbar "
                                         "and P = sum p = 1 (checked); |w|^2 - g_p(w,w) and g_p(w,w) - "
                                         "|w|^2/min p are sums of terms each <= 0 "
                                         "(w_i^2 (1 - 1/p_i) and w_i^2 (1/p_i - 1/min p), min p entering as "
                                         "a number m <= p_i: one term times "
                                         "its positive denominator checked, homogeneous in w_i)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §C.9 strong concavity, §C.7 degenerate floor
// ---------------------------------------------------------------------------------------------------------

DCRV_CERTIFICATE(C_single_site_strong_concavity) {
  Certificate c;
  c.claim = "C.single-site-strong-concavity";
  c.domain =
      "every s in (0, 1] (s = 0 the closed end of the compactified score), every b, c, A >= 0 (the "
      "claim samples b in [0,2], c in [0,1], A in [0,2]); the Hessian part for every p in Delta_delta* "
      "with delta* > 0 and every v in T; no exclusion";
  c.method = "g_i'(s) = f_i'(s) - A/s = -b - 3c s^2 - A/s, so s (g_i'(s) + mA) = -b s - 3c s^3 + A(m s - 1) "
             "(exact rearrangement, checked; times s > 0) <= 0 for s in [0, 1]: homogeneous of degree 1 in "
             "(b, c, A), so (b, c, A) in [0, 1]^3 covers every (b, c, A) >= 0; the Hessian part follows "
             "term by term: sum_i g_i'(p_i) v_i^2 <= -mA sum_i v_i^2 since every p_i of Delta_delta* lies in "
             "(0, 1]";
  c.constants = {{"m", [] { return Interval(1); }, [] { return Rational(1); }}};
  Piece piece =
      make_piece<4>("(s, b, c, A) in [0, 1]^4",
                    {{Interval(0.0, 1.0), Interval(0.0, 1.0), Interval(0.0, 1.0), Interval(0.0, 1.0)}},
                    [](const auto& x, const Constants& k) {
                      using X = std::decay_t<decltype(x[0])>;
                      const X &s = x[0], &b = x[1], &cc = x[2], &A = x[3];
                      return -(b * s) - 3 * cc * s * square(s) + A * (X(k("m")) * s - 1);
                    });
  c.pieces = {with_param(with_param(with_param(with_param(piece, "s", 0), "b", 1), "c", 2), "A", 3)};
  // the chain from the claim's g'(s) + mA to the score, exact in (s, b, c, A): s (g'(s) + mA) = score
  c.identities = {rearrangement_identity("s (-b - 3c s^2 - A/s + mA) = -b s - 3c s^3 + A(m s - 1)", 4, 4,
                                         [](const std::vector<Exact>& x, const RationalConstants& k) {
                                           const Exact &s = x[0], &b = x[1], &cc = x[2], &A = x[3],
                                                       m = k("m");
                                           return s * (-b - 3 * cc * s * s - A / s + m * A) -
                                                  (-(b * s) - 3 * cc * s * s * s + A * (m * s - 1));
                                         })};
  c.paper = {{"s", 0, 1}, {"b", 0, kUnbounded}, {"c", 0, kUnbounded}, {"A", 0, kUnbounded}};
  c.reductions = {{"homogeneous of degree 1 in (b, c, A): the box [0, 1]^3 carries to every (b, c, A) >= 0",
                   {"b", "c", "A"}}};
  return c;
}

/// L_K(1/K) = (1 − 1/K) log R, R = (1 − δ)/((K − 1)δ) at δ = 1/K: R − 1 = 0 exactly (so log R = 0).
IdentityPiece face_gap_at_uniform_piece(std::size_t K) {
  return exact_identity("K = " + std::to_string(K) + ", L_K(1/K) = 0", 1, 0,
                        [K](const XVec&, const RationalConstants&) -> Exact {
                          const Rational d(1, long(K)); // constants only
                          return Exact((1 - d) / (Rational(long(K - 1)) * d) - 1);
                        });
}

/// max_i [(K − 1) min p − (1 − p_i)] = (max p − 1/K) − (K − 1)(1/K − min p) ≤ 0, written as
/// max_i Σ_{j≠i}(min p − p_j) with min p − p_j = min(0, min_{k≠j}(p_k − p_j)) (Σ_{j≠i}p_j = 1 − p_i).
template <std::size_t K> Piece degenerate_floor_piece() {
  return interval_simplex::simplex_piece<K>("K = " + std::to_string(K), [](const auto& p, const Constants&) {
    using X = std::decay_t<decltype(p[0])>;
    X best(0);
    for (std::size_t i = 0; i < K; ++i) {
      X s(0);
      for (std::size_t j = 0; j < K; ++j)
        if (j != i)
          s += min_minus(p, j);
      best = i == 0 ? s : max(best, s);
    }
    return best;
  });
}

DCRV_CERTIFICATE(C_degenerate_floor) {
  Certificate c;
  c.claim = "C.degenerate-floor";
  c.domain = "K = 2, ..., 8 for L_K(1/K) = 0; K = 2, ..., 6 for the bound, every p in the closed simplex; no "
             "exclusion";
  c.method =
      "L_K(1/K) = (1 - 1/K) log R with R = (1 - 1/K)/((K - 1)/K) = 1 exactly (rational evaluation, log 1 "
      "= 0); max p - 1/K - (K-1)(1/K - min p) = max_i sum_{j != i}(min p - p_j) (sum p = 1) with min p - "
      "p_j = min(0, min_{k != j}(p_k - p_j)) <= 0, by interval enclosures (p by stick-breaking)";
  for (DimLoop<std::size_t> K(c, "K", 2); K <= 8; ++K)
    c.identities.push_back(face_gap_at_uniform_piece(K));
  for_sizes<2, 6>(c, "S", [&]<std::size_t S>() { c.pieces.push_back(degenerate_floor_piece<S>()); });
  rename_dim(c.pieces, "S", "K");
  for (std::size_t K = 2; K <= 6; ++K) // the bound's rearrangement, per (argmax, argmin) (issue 20 point 5)
    c.identities.push_back(rearrangements::degenerate_floor_rearrangement(K));
  c.pieces.push_back(aggregates::coordinate_term_piece("gap"));
  aggregates::add_every_dimension(
      c, {aggregates::degenerate_floor_every_k()},
      "R = (1 - delta)/((K - 1) delta) = 1 at delta = 1/K for every real K (checked with K free); with the "
      "argmax k and m = min p, max p - 1/K - (K - 1)(1/K - min p) = -sum_{j != k} (p_j - m) (sum p = 1; "
      "checked through sum_{j != k} p_j = 1 - p_k and K free), a sum of terms each <= 0 (one term checked: m "
      "= "
      "t p_j, t in [0, 1]) (term by term K = 2..8 and 2..6 as well)",
      "K");
  c.paper = {{"K", 2, kUnbounded}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// App. A Lemma lem:LS-closed: L_S(δ) ≥ max{0, 1 − Sδ}
// ---------------------------------------------------------------------------------------------------------

// With x = (1 − Sδ)/((S − 1)δ) ≥ 0 (δ = 1/(S + (S − 1)x)): log((1 − δ)/((S − 1)δ)) = log1p(x) and 1 − Sδ =
// (1 − δ)x/(1 + x) ((S − 1)δ + (1 − Sδ) = 1 − δ), so L_S(δ) − (1 − Sδ) = (1 − δ)φ(x), φ(x) = log1p(x) − x/(1
// + x), for every real S ≥ 2. The score is −φ(x) ≤ 0 for every x ≥ 0, in three charts: near 0, t = x/(1 + x)
// ∈ [0, ½] (x ≤ 1), where φ = −log1p(−t) − t ≈ t²/2 (equality at t = 0, an exact point: the second-order
// test, Hessian −1/(1 − t)² < 0); x = e^y, y ∈ [0, 700]; and beyond, r = 1/log1p(x) ∈ [0, 1/700] with q =
// x/(1 + x) ∈ [0, 1] a free coordinate: r·(−φ) = r q − 1 (r = 0 the limit x → ∞).

/// The steps of the header as exact identities in free variables (rearrangements, checked): (S, δ) with x =
/// (1 − Sδ)/((S − 1)δ): 1 + x = (1 − δ)/((S − 1)δ) (the argument of the log) and 1 − Sδ = (1 − δ)x/(1 + x);
/// t with x = t/(1 − t): (1 + x)(1 − t) = 1 (so log1p(x) = −log1p(−t)) and x/(1 + x) = t; and L_S(1/S) = 0:
/// (1 − δ)/((S − 1)δ) = 1 at δ = 1/S, for every real S (log 1 = 0).
std::vector<IdentityPiece> ls_nonneg_rearrangements() {
  auto x_of = [](const Exact& S, const Exact& d) { return (1 - S * d) / ((S - 1) * d); };
  return {rearrangement_identity("1 + x = (1 - delta)/((S - 1) delta)", 2, 3,
                                 [x_of](const std::vector<Exact>& v, const RationalConstants&) {
                                   const Exact &S = v[0], &d = v[1];
                                   return (1 + x_of(S, d)) - (1 - d) / ((S - 1) * d);
                                 }),
          rearrangement_identity("1 - S delta = (1 - delta) x/(1 + x)", 2, 3,
                                 [x_of](const std::vector<Exact>& v, const RationalConstants&) {
                                   const Exact &S = v[0], &d = v[1], x = x_of(S, d);
                                   return (1 - S * d) - (1 - d) * x / (1 + x);
                                 }),
          rearrangement_identity("x = t/(1 - t): (1 + x)(1 - t) = 1 and x/(1 + x) = t", 1, 3,
                                 [](const std::vector<Exact>& v, const RationalConstants&) {
                                   const Exact& t = v[0];
                                   const Exact x = t / (1 - t);
                                   return std::vector<Exact>{(1 + x) * (1 - t) - 1, x / (1 + x) - t};
                                 }),
          rearrangement_identity("L_S(1/S) = (1 - 1/S) log 1: (1 - delta)/((S - 1) delta) = 1 at delta = 1/S",
                                 1, 2, [](const std::vector<Exact>& v, const RationalConstants&) {
                                   const Exact& S = v[0];
                                   const Exact d = 1 / S;
                                   return (1 - d) / ((S - 1) * d) - 1;
                                 })};
}

DCRV_CERTIFICATE(A_LS_nonneg) {
  Certificate c;
  c.claim = "A.LS-nonneg";
  c.domain = "every real S >= 2 and every delta in (0, 1/S], i.e. every x = (1 - S delta)/((S-1) delta) >= 0 "
             "(x = 0: delta = 1/S, where L_S(1/S) = 0 for every S); no exclusion";
  c.method =
      "L_S(delta) - (1 - S delta) = (1 - delta) phi(x), x = (1 - S delta)/((S-1) delta), phi(x) = log1p(x) "
      "- x/(1+x) (exact rearrangement, checked; S cancels), 1 - delta > 0: score -phi(x) <= 0 for every x "
      ">= 0 in three charts: t = x/(1+x) in [0, 1/2] (-phi = log1p(-t) + t, equality at t = 0: second-order "
      "test), y = log x in [0, 700], and r = 1/log1p(x) in [0, 1/700] with q = x/(1+x) in [0, 1] free (r "
      "(-phi) = r q - 1); L_S >= 0 then follows from 1 - S delta >= 0; L_S(1/S) = (1 - 1/S) log 1 = 0";
  c.pieces = {with_param(make_piece<1>("y = log x in [0, 700]", {{Interval(0.0, 700.0)}},
                                       [](const auto& y, const Constants&) {
                                         const auto x = exp(y[0]);
                                         return x / (1 + x) - log1p(x);
                                       }),
                         "x", 0, [](double y) { return std::exp(y); })};
  Piece near = make_piece<1>("t = x/(1 + x) in [0, 1/2]", {{Interval(0.0, 0.5)}},
                             [](const auto& t, const Constants&) { return log1p(-t[0]) + t[0]; });
  near.attained = {{0.0}};
  c.pieces.push_back(with_param(near, "x", 0, [](double t) { return t / (1 - t); }));
  c.pieces.push_back(
      with_param(make_piece<2>("r = 1/log1p(x) in [0, 1/700], q = x/(1 + x) in [0, 1]",
                               {{Interval(0.0, 1.0 / 700), Interval(0.0, 1.0)}},
                               [](const auto& x, const Constants&) { return x[0] * x[1] - 1; }),
                 "x", 0, [](double r) { return r > 0 ? std::expm1(1 / r) : kUnbounded; }));
  c.identities = ls_nonneg_rearrangements();
  c.paper = {{"S", 2, kUnbounded}, {"x", 0, kUnbounded}};
  c.reductions = {{"S cancels: the score depends on (S, delta) only through x >= 0", {"S"}}};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// App. A §A.7: dL/dt = 0 iff G is constant on the support
// ---------------------------------------------------------------------------------------------------------

/// With d = G − Ḡ (Ḡ = Σ_k p_kG_k), G ∈ [−1, 1]^S (all three quantities are homogeneous of degree 2 in G), p
/// by stick-breaking: `upper`: Var − max_i d_i² = Σ_i p_i(d_i² − max_j d_j²) = Σ_i p_i min(0, min_{j≠i}(d_i²
/// − d_j²)) ≤ 0 (Σp = 1); lower: min p · max_j d_j² − Var = max_j [d_j²(min p − p_j) − Σ_{i≠j} p_i d_i²] ≤ 0
/// with min p − p_j = min(0, min_{k≠j}(p_k − p_j)).
template <std::size_t S> Piece variance_bounds_piece(bool upper) {
  return simplex_cube_piece<S, S>(softmax_exact::s_label(S) +
                                      (upper ? ", Var <= max d^2" : ", min p max d^2 <= Var"),
                                  [upper](const auto& p, const auto& g, const Constants&) {
                                    using X = std::decay_t<decltype(p[0])>;
                                    X gbar(0);
                                    for (std::size_t i = 0; i < S; ++i)
                                      gbar += p[i] * g[i];
                                    std::array<X, S> d2;
                                    for (std::size_t i = 0; i < S; ++i)
                                      d2[i] = square(g[i] - gbar);
                                    X out(0);
                                    for (std::size_t i = 0; i < S; ++i) {
                                      if (upper) {
                                        X m(0);
                                        for (std::size_t j = 0; j < S; ++j)
                                          if (j != i)
                                            m = min(m, X(d2[i] - d2[j]));
                                        out += p[i] * m;
                                      } else {
                                        X t = d2[i] * min_minus(p, i);
                                        for (std::size_t j = 0; j < S; ++j)
                                          if (j != i)
                                            t -= p[j] * d2[j];
                                        out = i == 0 ? t : max(out, t);
                                      }
                                    }
                                    return out;
                                  });
}

DCRV_CERTIFICATE(A_single_site_equality) {
  Certificate c;
  c.claim = "A.single-site-equality";
  c.domain =
      "supports of every size >= 2 (the aggregate identities, the bounds termwise; term by term 2, ..., 5 "
      "for the identity and 2, ..., 6 for the bounds; a boundary point of the closed simplex is an interior "
      "point of the simplex of its support; size 1 is trivial: Var = 0); every a, b in R^S and every real A "
      "(A = 0 on the boundary); no exclusion";
  c.method = "dL/dt = sum_i Psi_i'(p_i) pdot_i with Psi_i' = G_i (exact jet) and pdot = p (G - Gbar): the "
             "quadratic identity of A.single-site-lyapunov (polarization); off the support pdot_i = 0, so a "
             "boundary point is the same statement on its support; min p max d^2 <= Var <= max d^2 (d = G - "
             "Gbar) by interval enclosures in the forms of variance_bounds_piece (G in [-1,1]^S, "
             "homogeneous); dL/dt = 0 where G is constant on the support since then d = 0";
  c.identities.push_back(potential_piece(false));
  for (DimLoop<std::size_t> S(c, "S", 2); S <= 5; ++S)
    for (const auto& G : polarization_vectors(S))
      c.identities.push_back(replicator_lyapunov_piece(S, G));
  for (bool upper : {true, false})
    for_sizes<2, 6>(c, "S", [&]<std::size_t S>() { c.pieces.push_back(variance_bounds_piece<S>(upper)); });
  for (std::size_t S = 2; S <= 6; ++S) // the bounds' forms per case (issue 20 point 5)
    c.identities.push_back(aggregates::variance_bounds_rearrangement(S));
  c.pieces.push_back(aggregates::variance_term_piece());
  c.pieces.push_back(aggregates::metric_term_piece(true));
  c.identities.push_back(aggregates::variance_bound_forms());
  add_every_dimension(
      c, {aggregates::replicator_quadratic()},
      "with pdot = p (G - Gbar), the terms G_i pdot_i and p_i (G_i - Gbar)^2 are linear in (p_i G_i^2, p_i "
      "G_i, "
      "p_i): the sums depend on the other coordinates only through Q = sum p G^2, Gbar and P = sum p = 1 "
      "(checked); with d_i^2 = D_i: Var - max d^2 = sum_i p_i (D_i - D_k) (P = 1) is a sum of terms p_i (D_i "
      "- "
      "D_k) <= 0, and min p max d^2 - Var = (m - p_k) D_k - sum_{i != k} p_i D_i (k the argmax, m = min p <= "
      "p_k) a sum of terms <= 0 (checked: the aggregate forms, and one term of each sign kind on a box, "
      "homogeneous in d) (term by term for supports 2..6 as well)");
  c.paper = {{"S", 2, kUnbounded}}; // the claim holds for every S >= 2
  return c;
}

} // namespace
} // namespace dcrv::certify
