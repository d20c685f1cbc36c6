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
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {
namespace {

using RVec = std::vector<Rational>;
using D1 = Jet<Rational, 1, 1>; // value and one directional derivative, exact

RVec plane_chart(const RVec& x, std::size_t S, std::size_t offset = 0) {
  RVec p(S);
  Rational last(1);
  for (std::size_t i = 0; i + 1 < S; ++i) {
    p[i] = x[offset + i];
    last -= p[i];
  }
  p[S - 1] = last;
  return p;
}
RVec unit_rvec(std::size_t S, std::size_t k) {
  RVec e(S, Rational(0));
  e[k] = 1;
  return e;
}
Rational largest_abs(const RVec& r) {
  Rational m(0);
  for (const auto& x : r) {
    const Rational a = x < 0 ? Rational(-x) : x;
    if (a > m)
      m = a;
  }
  return m;
}
Rational dot(const RVec& a, const RVec& b) {
  Rational s(0);
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}
IdentityPiece make_identity(std::string label, std::size_t variables, int degree,
                            std::function<Rational(const RVec&, const RationalConstants&)> residual) {
  IdentityPiece p;
  p.label = std::move(label);
  p.variables = variables;
  p.degree = degree;
  p.residual = std::move(residual);
  return p;
}
std::string S_is(std::size_t S) {
  return "S = " + std::to_string(S);
}
/// log s as a jet: value L (the free variable standing for log s), derivative s'/s (exact).
D1 log_jet(const D1& s, const Rational& L) {
  return D1::chain(s, L, 1 / s.v, -1 / (s.v * s.v));
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

/// S(p)φ = p ⊙ φ − p (pᵀφ) (the selection covariance diag(p) − ppᵀ applied to φ, App. C §C.2).
RVec selection_times(const RVec& p, const RVec& phi) {
  const Rational m = dot(p, phi);
  RVec r(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    r[i] = p[i] * phi[i] - p[i] * m;
  return r;
}
/// A·E(p) = p ⊙ (ψ − ⟨p, ψ⟩) with ψ = A log p (E(p) = p ⊙ (log p − ⟨log p⟩), App. C §C.3).
RVec scaled_entropy_drift(const RVec& p, const RVec& psi) {
  const Rational m = dot(p, psi);
  RVec r(p.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    r[i] = p[i] * (psi[i] - m);
  return r;
}
/// F = S(p)φ − A E(p), the boxed SRCT drift in its matrix form, with ψ = A log p.
RVec boxed_drift(const RVec& p, const RVec& phi, const RVec& psi) {
  RVec F = selection_times(p, phi);
  const RVec e = scaled_entropy_drift(p, psi);
  for (std::size_t i = 0; i < p.size(); ++i)
    F[i] -= e[i];
  return F;
}

// ---------------------------------------------------------------------------------------------------------
// §C.3 Selection covariance
// ---------------------------------------------------------------------------------------------------------

/// S(p)1 = 0 (componentwise): degree ≤ 2 in each x_i.
IdentityPiece S_kernel_piece(std::size_t S) {
  return make_identity(S_is(S) + ", S(p)1 = 0", S - 1, 2,
                       [S](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec p = plane_chart(x, S);
                         RVec r(S, Rational(0));
                         for (std::size_t i = 0; i < S; ++i)
                           for (std::size_t k = 0; k < S; ++k)
                             r[i] += (i == k ? p[i] : Rational(0)) - p[i] * p[k];
                         return largest_abs(r);
                       });
}
/// vᵀS(p)v − Σ_i p_i(v_i − v̄)², a quadratic form in v, at a polarization vector v: degree ≤ 3 in each x_i.
IdentityPiece S_variance_piece(std::size_t S, const RVec& v) {
  return make_identity(S_is(S) + ", v = " + vec_label(v), S - 1, 3,
                       [S, v](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec p = plane_chart(x, S);
                         Rational quad(0);
                         for (std::size_t i = 0; i < S; ++i)
                           for (std::size_t k = 0; k < S; ++k)
                             quad += v[i] * ((i == k ? p[i] : Rational(0)) - p[i] * p[k]) * v[k];
                         const Rational vbar = dot(p, v);
                         Rational var(0);
                         for (std::size_t i = 0; i < S; ++i)
                           var += p[i] * (v[i] - vbar) * (v[i] - vbar);
                         return quad - var;
                       });
}

DCRV_CERTIFICATE(S_kernel_variance) {
  Certificate c;
  c.claim = "C.S-kernel-variance";
  c.domain = "K = 2, ..., 7; every p of the plane sum p = 1 (so the closed simplex) and every v in R^K; no "
             "exclusion";
  c.method = "S(p) = diag(p) - p p^T entrywise; S(p)1 = 0 componentwise (degree <= 2 per chart coordinate); "
             "v^T S(p) v - Var_p(V) is a quadratic form in v, zero iff zero at v = e_k and e_k + e_l "
             "(polarization), each a polynomial of degree <= 3 per chart coordinate of p = (x, 1 - sum x)";
  for (std::size_t S = 2; S <= 7; ++S) {
    c.identities.push_back(S_kernel_piece(S));
    for (const auto& v : polarization_vectors(S))
      c.identities.push_back(S_variance_piece(S, v));
  }
  return c;
}

/// ‖S(p)‖₂ ≤ c: S(p) is symmetric PSD (vᵀSv = Var ≥ 0), so ‖S(p)‖₂ = max_{v≠0} vᵀSv/‖v‖², and the score is
/// vᵀ(diag p − ppᵀ)v − c‖v‖² ≤ 0 with v on the face v_i = 1 of the cube [−1, 1]^S (every ray up to sign).
/// Raw: u ∈ [0,1]^{S−1} (stick-breaking), the other S − 1 coordinates of v in [−1, 1].
template <std::size_t S> Piece S_norm_piece(std::size_t face) {
  Piece piece;
  piece.label = S_is(S) + ", v_" + std::to_string(face + 1) + " = 1";
  piece.score = make_score<2 * S - 2>([face](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    std::array<X, S> v;
    for (std::size_t i = 0, f = 0; i < S; ++i)
      v[i] = i == face ? X(1) : x[S - 1 + f++];
    X quad(0), pv(0), n2(0);
    for (std::size_t i = 0; i < S; ++i) {
      quad += p[i] * square(v[i]);
      pv += p[i] * v[i];
      n2 += square(v[i]);
    }
    return quad - square(pv) - X(k("c")) * n2;
  });
  Box root = unit_box(S - 1);
  for (std::size_t i = 0; i + 1 < S; ++i)
    root.push_back(Interval(-1.0, 1.0));
  piece.roots = {root};
  return piece;
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
  Piece s2a = S_norm_piece<2>(0), s2b = S_norm_piece<2>(1);
  s2a.attained = {{0.5, -1.0}};
  s2b.attained = {{0.5, -1.0}};
  c.pieces = {s2a, s2b};
  // S = 3: p = (½,½,0) ↔ u = (½,1); (½,0,½) ↔ (½,0); (0,½,½) ↔ (0,½); raw v = the two free coordinates
  const std::vector<std::vector<std::vector<double>>> attained3{
      {{0.5, 1.0, -1.0, 0.0}, {0.5, 0.0, 0.0, -1.0}},  // face v_1 = 1: pairs (1,2), (1,3)
      {{0.5, 1.0, -1.0, 0.0}, {0.0, 0.5, 0.0, -1.0}},  // face v_2 = 1: pairs (1,2), (2,3)
      {{0.5, 0.0, -1.0, 0.0}, {0.0, 0.5, 0.0, -1.0}}}; // face v_3 = 1: pairs (1,3), (2,3)
  for (std::size_t f = 0; f < 3; ++f) {
    Piece piece = S_norm_piece<3>(f);
    piece.attained = attained3[f];
    c.pieces.push_back(piece);
  }
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §C.3 Entropic vector: the Jacobian formula
// ---------------------------------------------------------------------------------------------------------

/// J_E(p)v by a forward-mode jet of E(p) = p ⊙ (log p − Σ_j p_j log p_j) along v = e_l, minus the boxed
/// formula diag(1 + log p − ⟨log p⟩)v − p⟨1 + log p, v⟩. Variables: p (S free positive coordinates; the
/// formula needs no Σp = 1) and L = log p (S). Times Π p_j: degree ≤ 2 in each variable.
IdentityPiece JE_piece(std::size_t S, std::size_t l) {
  return make_identity(S_is(S) + ", v = e_" + std::to_string(l + 1), 2 * S, 2,
                       [S, l](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec v = unit_rvec(S, l);
                         std::vector<D1> p(S), logp(S);
                         for (std::size_t i = 0; i < S; ++i) {
                           p[i] = D1(x[i]);
                           p[i].g[0] = v[i];
                           logp[i] = log_jet(p[i], x[S + i]);
                         }
                         D1 m(0);
                         for (std::size_t j = 0; j < S; ++j)
                           m += p[j] * logp[j];
                         Rational ml(0), inner(0);
                         for (std::size_t j = 0; j < S; ++j) {
                           ml += x[j] * x[S + j];
                           inner += (1 + x[S + j]) * v[j];
                         }
                         RVec r(S);
                         for (std::size_t i = 0; i < S; ++i) {
                           const D1 E = p[i] * (logp[i] - m);
                           r[i] = E.g[0] - ((1 + x[S + i] - ml) * v[i] - x[i] * inner);
                         }
                         return largest_abs(r);
                       });
}

DCRV_CERTIFICATE(JE_formula) {
  Certificate c;
  c.claim = "C.JE-formula";
  c.domain = "K = 2, 3, 4; every p with positive coordinates (so every p in int Delta, at any distance from "
             "a face) and every v in R^K; no exclusion";
  c.method =
      "J_E(p)v by a forward-mode jet over the rationals of E(p) = p (log p - sum_j p_j log p_j), with "
      "L_i = log p_i free variables and d log p_i = dp_i/p_i exactly (the identity holds with L free); "
      "linear in v: checked for v = e_l; times prod p_j each component is a polynomial of degree <= 2 "
      "in each of p_1..p_K, L_1..L_K, zero on a 3^(2K) grid";
  for (std::size_t S = 2; S <= 4; ++S)
    for (std::size_t l = 0; l < S; ++l)
      c.identities.push_back(JE_piece(S, l));
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// §C.5 The log-ratio identity
// ---------------------------------------------------------------------------------------------------------

/// F_i/p_i − F_j/p_j − (d_ij − A z_ij) for F = S(p)φ − A E(p), d_ij = φ_i − φ_j, A z_ij = ψ_i − ψ_j (ψ = A
/// log p): linear in (φ, ψ), checked at (φ, ψ) = (e_k, 0) and (0, e_k); times p_i p_j a polynomial of degree
/// ≤ 3 in each chart coordinate.
IdentityPiece logratio_piece(std::size_t S, std::size_t k, bool psi_part) {
  return make_identity(S_is(S) + (psi_part ? ", psi = e_" : ", phi = e_") + std::to_string(k + 1), S - 1, 3,
                       [S, k, psi_part](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec p = plane_chart(x, S);
                         const RVec phi = psi_part ? RVec(S, Rational(0)) : unit_rvec(S, k);
                         const RVec psi = psi_part ? unit_rvec(S, k) : RVec(S, Rational(0));
                         const RVec F = boxed_drift(p, phi, psi);
                         RVec r;
                         for (std::size_t i = 0; i < S; ++i)
                           for (std::size_t j = 0; j < S; ++j)
                             if (i != j)
                               r.push_back(F[i] / p[i] - F[j] / p[j] -
                                           ((phi[i] - phi[j]) - (psi[i] - psi[j])));
                         return largest_abs(r);
                       });
}

DCRV_CERTIFICATE(logratio_identity) {
  Certificate c;
  c.claim = "C.logratio-identity";
  c.domain = "K = 2, ..., 7; every p in int Delta, every score vector phi_A (so every instance: U, PSD K, "
             "p_base, coefficients) and every A; the variation-of-constants part follows (see method); no "
             "exclusion";
  c.method =
      "d_ij = phi_A,i - phi_A,j with phi_A = U - 2 lambda beta K p + beta_KL log p_base (definition), "
      "and A enters F = S(p)phi_A - A E(p) and A z_ij only through psi = A log p: the residual "
      "F_i/p_i - F_j/p_j - (d_ij - A z_ij) is linear in (phi, psi), checked for phi = e_k and psi = "
      "e_k; times p_i p_j a polynomial of degree <= 3 per chart coordinate of p = (x, 1 - sum x). The "
      "second part: with K = 0, d_ij is constant, so z = log(p_i/p_j) solves the linear ODE z' = d_ij - "
      "A z (the identity) and equals its unique solution z(0)e^{-At} + d_ij(1 - e^{-At})/A (d_ij t for "
      "A = 0) along exact trajectories";
  for (std::size_t S = 2; S <= 7; ++S)
    for (std::size_t k = 0; k < S; ++k) {
      c.identities.push_back(logratio_piece(S, k, false));
      c.identities.push_back(logratio_piece(S, k, true));
    }
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
  piece.score = [m] {
    auto f = [](const auto& x, const Constants& k) {
      using X = std::decay_t<decltype(x[0])>;
      X rest(1);
      for (const auto& u : x)
        rest = rest * (1 - u);
      return 2 * (1 - rest) - X(k("c"));
    };
    switch (m) {
    case 1:
      return make_score<1>(f);
    case 2:
      return make_score<2>(f);
    case 3:
      return make_score<3>(f);
    case 4:
      return make_score<4>(f);
    case 5:
      return make_score<5>(f);
    case 6:
      return make_score<6>(f);
    default:
      return make_score<7>(f);
    }
  }();
  piece.roots = {unit_box(m)};
  return piece;
}
/// The face part: −(φ_i − (δ⋆Σφ + (1 − Kδ⋆)φ_j)) − c ≤ 0 for j ≠ i, φ ∈ [−1, 1]^K, δ⋆ = v/K, v ∈ [0, 1]
/// (M_eff^face is the max of these terms and 0, homogeneous of degree 1 in φ).
template <std::size_t K> Piece coarse_bd_face_piece(std::size_t i, std::size_t j) {
  Piece piece;
  piece.label = "K = " + std::to_string(K) + ", face i = " + std::to_string(i + 1) +
                ", vertex j = " + std::to_string(j + 1);
  piece.score = make_score<K + 1>([i, j](const auto& x, const Constants& k) {
    using X = std::decay_t<decltype(x[0])>;
    const X& v = x[K];
    X sum(0);
    for (std::size_t m = 0; m < K; ++m)
      sum += x[m];
    const X centred = x[i] - (v * X(Interval(1) / Interval(int(K))) * sum + (1 - v) * x[j]);
    return -centred - X(k("c"));
  });
  Box root(K, Interval(-1.0, 1.0));
  root.push_back(Interval(0.0, 1.0));
  piece.roots = {root};
  return piece;
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
  c.domain = "K = 2, ..., 8, every phi in R^K, every p in the closed simplex, every index i; the face part "
             "for K = 2, 3, 4, every delta* in [0, 1/K] and every pair i != j; no exclusion";
  c.method =
      "both parts are homogeneous of degree 1 in phi: phi in [-1,1]^K with the right side c. "
      "|phi_i - p^T phi| is convex in phi, so its max over the cube is at a vertex sigma in {-1,1}^K, "
      "where sigma_i - p^T sigma = sum_j p_j (sigma_i - sigma_j) = 2 sigma_i sum_{j in B} p_j, B = {j : "
      "sigma_j != sigma_i} (sum p = 1): the claim is 2 sum_{j in B} p_j <= c for every B not containing "
      "i, |B| = m = 1..K-1; with B's coordinates first in the stick-breaking, sum_B p_j = 1 - "
      "prod_{k<m}(1 - u_k) exactly; the face part term by term: -(phi_i - (delta* sum phi + (1 - K "
      "delta*) phi_j)) <= c with delta* = v/K, v in [0, 1] (M_eff^face is their max with 0)";
  c.constants = {{"c", [] { return Interval(2); }}};
  for (std::size_t m = 1; m <= 7; ++m)
    c.pieces.push_back(coarse_bd_piece(m));
  add_coarse_bd_face_pieces<2>(c);
  add_coarse_bd_face_pieces<3>(c);
  add_coarse_bd_face_pieces<4>(c);
  return c;
}

/// (c − 1)δ⋆ − (1 − v)wᵀq ≤ 0: c δ⋆‖w‖₁ − wᵀp with ‖w‖₁ = Σw = 1 and p = δ⋆1 + (1 − Kδ⋆)q, δ⋆ = v/K (exact).
/// Raw: w (K − 1), q (K − 1) by stick-breaking, v ∈ [0, 1].
template <std::size_t K> Piece safe_denominator_piece() {
  Piece piece;
  piece.label = "K = " + std::to_string(K);
  piece.score = make_score<2 * K - 1>([](const auto& x, const Constants& k) {
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
  piece.roots = {unit_box(2 * K - 1)};
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
  c.constants = {{"c", [] { return Interval(1); }}};
  c.pieces = {safe_denominator_piece<2>(), safe_denominator_piece<3>(), safe_denominator_piece<4>(),
              safe_denominator_piece<5>(), safe_denominator_piece<6>()};
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Single-site Lyapunov identities (App. A §A.7, App. C §C.9)
// ---------------------------------------------------------------------------------------------------------

/// Σ_i p_i(g_i − ḡ)² ≥ 0 for every g (homogeneous of degree 2: g ∈ [−1, 1]^S), p in the closed simplex.
template <std::size_t S> Piece variance_nonneg_piece() {
  Piece piece;
  piece.label = S_is(S) + ", sum p (g - gbar)^2 >= 0";
  piece.score = make_score<2 * S - 1>([](const auto& x, const Constants&) {
    using X = std::decay_t<decltype(x[0])>;
    const auto p = stick_breaking<S>(x);
    X gbar(0);
    for (std::size_t i = 0; i < S; ++i)
      gbar += p[i] * x[S - 1 + i];
    X var(0);
    for (std::size_t i = 0; i < S; ++i)
      var += p[i] * square(x[S - 1 + i] - gbar);
    return -var;
  });
  Box root = unit_box(S - 1);
  for (std::size_t i = 0; i < S; ++i)
    root.push_back(Interval(-1.0, 1.0));
  piece.roots = {root};
  return piece;
}
void add_variance_nonneg_pieces(Certificate& c) {
  c.pieces = {variance_nonneg_piece<2>(), variance_nonneg_piece<3>(), variance_nonneg_piece<4>(),
              variance_nonneg_piece<5>(), variance_nonneg_piece<6>()};
}

/// Ψ'(s) by a jet minus G(s) = a − b s − c s³ − A L (L = log s); Ψ(s) = a s − b s²/2 − c s⁴/4 − A(s log s −
/// s). Variables (s, a, b, A, L[, c]); times s a polynomial of degree ≤ `degree` in each.
IdentityPiece potential_piece(bool cubic) {
  return make_identity(cubic ? "Psi' = g (f = a - b s - c s^3)" : "Psi' = G (G = a - b s - A log s)",
                       cubic ? 6 : 5, cubic ? 4 : 2,
                       [cubic](const RVec& x, const RationalConstants&) -> Rational {
                         const Rational &a = x[1], &b = x[2], &A = x[3], &L = x[4];
                         const Rational cc = cubic ? x[5] : Rational(0);
                         const D1 s = D1::variable(x[0], 0);
                         const D1 psi = a * s - b * s * s / Rational(2) - cc * s * s * s * s / Rational(4) -
                                        A * (s * log_jet(s, L) - s);
                         return psi.g[0] - (a - b * x[0] - cc * x[0] * x[0] * x[0] - A * L);
                       });
}

/// Σ_i G_i ṗ_i − Σ_i p_i(G_i − Ḡ)² with ṗ = p ⊙ (G − Ḡ) (App. A §A.7), a quadratic form in G: polarization.
IdentityPiece replicator_lyapunov_piece(std::size_t S, const RVec& G) {
  return make_identity(S_is(S) + ", G = " + vec_label(G), S - 1, 3,
                       [S, G](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec p = plane_chart(x, S);
                         const Rational gbar = dot(p, G);
                         Rational dL(0), var(0);
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
  c.domain = "S = 2, ..., 6; every p in int Delta, every a, b in R^S and every real A; no exclusion";
  c.method =
      "L is separable, so DL[p].pdot = sum_i Psi_i'(p_i) pdot_i (chain rule); Psi_i' = G_i exactly (jet "
      "over the rationals in s with L = log s free, d log s = ds/s; degree <= 2 in (s, a, b, A, L)); "
      "with G_i := G_i(p_i) any real vector, sum_i G_i p_i (G_i - Gbar) - sum_i p_i (G_i - Gbar)^2 is "
      "a quadratic form in G: zero at G = e_k, e_k + e_l (polarization), degree <= 3 per chart "
      "coordinate of p = (x, 1 - sum x); >= 0 by interval enclosures (p by stick-breaking, G in [-1,1]^S, "
      "homogeneous of degree 2)";
  c.identities.push_back(potential_piece(false));
  for (std::size_t S = 2; S <= 6; ++S)
    for (const auto& G : polarization_vectors(S))
      c.identities.push_back(replicator_lyapunov_piece(S, G));
  add_variance_nonneg_pieces(c);
  return c;
}

/// Σ_i g_i F_i − Σ_i p_i(g_i − ḡ)² with F = S(p)φ − A E(p), g = φ − ψ (ψ = A log p): a quadratic form in the
/// vector (φ, ψ) ∈ R^{2S}: polarization; degree ≤ 3 per chart coordinate.
IdentityPiece srct_lyapunov_piece(std::size_t S, const RVec& w) {
  return make_identity(S_is(S) + ", (phi, psi) = " + vec_label(w), S - 1, 3,
                       [S, w](const RVec& x, const RationalConstants&) -> Rational {
                         const RVec p = plane_chart(x, S);
                         const RVec phi(w.begin(), w.begin() + long(S)), psi(w.begin() + long(S), w.end());
                         const RVec F = boxed_drift(p, phi, psi);
                         RVec g(S);
                         for (std::size_t i = 0; i < S; ++i)
                           g[i] = phi[i] - psi[i];
                         const Rational gbar = dot(p, g);
                         Rational dL(0), var(0);
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
      "K = 2, ..., 5 for the identity, K = 2, ..., 6 for the sign; every p in int Delta, every a, b, c "
      "in R^K (b, c >= 0 included) and every real A; no exclusion";
  c.method =
      "L_psi is separable, so DL_psi(p)[F] = sum_i Psi_i'(p_i) F_i; Psi_i' = g_i exactly (jet over the "
      "rationals in s, L = log s free; degree <= 4 in (s, a, b, c, A, L)); with phi_i := f_i(p_i) any "
      "real vector and psi = A log p, sum_i g_i F_i - sum_i p_i (g_i - gbar)^2 (F = S(p)phi - A E(p), "
      "g = phi - psi) is a quadratic form in (phi, psi): zero at the polarization vectors of R^(2K), "
      "degree <= 3 per chart coordinate of p = (x, 1 - sum x); >= 0 by interval enclosures";
  c.identities.push_back(potential_piece(true));
  for (std::size_t S = 2; S <= 5; ++S)
    for (const auto& w : polarization_vectors(2 * S))
      c.identities.push_back(srct_lyapunov_piece(S, w));
  add_variance_nonneg_pieces(c);
  return c;
}

} // namespace
} // namespace dcrv::certify
