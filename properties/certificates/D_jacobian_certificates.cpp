// Exact certificates of App. D lem:J-structure, prop:ambient-lb (proof) and cor:M1 (the Jacobian of the STaR
// score; properties/D_star_jacobian.cpp), by exact rational evaluation (certify/exact_identity.hpp).
//
// J(p) = [∂φ_k/∂p_j] is the ambient derivative of the formula of def:star-score on the open positive orthant
// (φ_c = p_c/ρ − S⁽²⁾/ρ, φ_i = −S⁽²⁾/ρ, no normalisation), as in lem:J-structure and the claim file. Here it
// is computed exactly: forward-mode differentiation (certify's Jet) over GMP rationals, with the K ambient
// coordinates p ∈ ℚ_{>0}^K as the variables of the identity (the claims' p ∈ int Δ is a special case). Each
// residual is a rational function with a power of ρ as its only denominator; several entries are combined
// into one residual as a sum of squares (zero iff each entry is), whose degree bound (after multiplying by
// the power of ρ) is stated per claim. The claim files compare a 6th-order central difference and dcrv's
// closed form star_jacobian with these formulas; the certificates prove the formulas for the exact
// derivative.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/softmax_exact.hpp"
#include "properties/certificates/star_aggregate.hpp"
#include "properties/certificates/star_exact.hpp"

namespace dcrv::certify {
namespace {

using namespace star_exact;

/// The exact derivatives at p (K = p.size()) for the partition `correct`: J_kj = ∂φ_k/∂p_j, the partials of
/// p_k/ρ and of S⁽²⁾/ρ, and ρ, S⁽²⁾.
struct ExactJacobian {
  Exact rho, s2;
  std::vector<std::vector<Exact>> J, ratio; // ratio[k][j] = ∂(p_k/ρ)/∂p_j
  std::vector<Exact> mean;                  // mean[j] = ∂(S⁽²⁾/ρ)/∂p_j
};

template <std::size_t K>
ExactJacobian exact_jacobian_k(const std::vector<Exact>& p, const std::vector<bool>& C) {
  using J = Jet<Exact, K, 1>;
  std::array<J, K> x;
  for (std::size_t i = 0; i < K; ++i)
    x[i] = J::variable(p[i], i);
  J rho(0), s2(0);
  for (std::size_t k = 0; k < K; ++k)
    if (C[k]) {
      rho += x[k];
      s2 += x[k] * x[k];
    }
  const J mean = s2 / rho;
  ExactJacobian r;
  r.rho = rho.v;
  r.s2 = s2.v;
  r.J.assign(K, std::vector<Exact>(K));
  r.ratio.assign(K, std::vector<Exact>(K));
  r.mean.assign(mean.g.begin(), mean.g.end());
  for (std::size_t k = 0; k < K; ++k) {
    const J ratio = x[k] / rho;
    const J phi = C[k] ? J(ratio - mean) : J(-mean);
    for (std::size_t j = 0; j < K; ++j) {
      r.J[k][j] = phi.g[j];
      r.ratio[k][j] = ratio.g[j];
    }
  }
  return r;
}
ExactJacobian exact_jacobian(const std::vector<Exact>& p, const std::vector<bool>& C) {
  switch (p.size()) {
  case 2:
    return exact_jacobian_k<2>(p, C);
  case 3:
    return exact_jacobian_k<3>(p, C);
  case 4:
    return exact_jacobian_k<4>(p, C);
  case 5:
    return exact_jacobian_k<5>(p, C);
  default:
    throw std::invalid_argument("exact_jacobian: K = 2..5");
  }
}

/// One identity piece per K = 2..Kmax and subset C ⊆ {1..K} with keep(M, K): residual(p, C, exact J) over
/// the K ambient coordinates.
template <class Keep, class R>
void add_pieces(Certificate& cert, std::size_t Kmax, int degree, Keep keep, R residual) {
  for_each_subset(Kmax, keep, [&](std::size_t K, const std::vector<bool>& C) {
    cert.identities.push_back(exact_identity(
        subset_label(K, C), K, degree, [C, residual](const std::vector<Exact>& p, const RationalConstants&) {
          return residual(p, C, exact_jacobian(p, C));
        }));
    cert.identities.back().dims = {{"K", int(K)}}; // every subset C of {1..K} that `keep` admits
  });
  cert.paper = {{"K", 2, kUnbounded}}; // every K >= 2 and every partition
}

constexpr const char* kAmbient =
    "every p in the open positive orthant (int Delta^(K-1) included); no exclusion";

/// Every K (issue 20 point 8): the aggregate identity `id` (star_aggregate.hpp) and the reduction saying why
/// the claim's entries depend on the other coordinates only through the aggregates.
void add_every_k(Certificate& cert, IdentityPiece id, const std::string& why, const std::string& checked) {
  cert.identities.push_back(std::move(id));
  cert.reductions.push_back({why +
                                 "; the identity holds for every value of the free aggregates, hence for "
                                 "every K and partition (the exact derivative of dcrv's K-dimensional "
                                 "formula checked term by term at " +
                                 checked + ")",
                             {"K"}});
  cert.method += "; every K: the identity in the coordinates it names and the aggregates as free variables "
                 "(star_aggregate.hpp), exact on its grid";
  cert.domain = "every K >= 2 (aggregate identity; " + checked + " term by term): " + cert.domain;
}

constexpr const char* kChainRule =
    "phi_k = f(p_k, rho, S2) (def:star-score, ambient), so by the chain rule J_kj = f_{p_k} [j = k] + [j in "
    "C] "
    "(f_rho + 2 p_j f_S2): an entry depends only on the classes of k and j, on j = k, and on (p_k, p_j, rho, "
    "S2)";
constexpr const char* kBlocks =
    "; for M = 1, J (from these entries, rho = p_c, S2 = p_c^2) is invariant under the permutations of I "
    "(checked: its I rows do not depend on i), and such matrices form an algebra whose products and "
    "transposes are formulas in the blocks (cc, cI, Ic, diagonal and off-diagonal of I) and m = |I| = K - 1, "
    "free in the identity; Pi_T = I - 11^T/K is such a matrix too";

DCRV_CERTIFICATE(jac_zero_columns) {
  Certificate c;
  c.claim = "D.jac-zero-columns";
  c.domain =
      std::string("K = 2, 3, 4, every partition with 1 <= M < K (every subset C), every k and j in I; ") +
      kAmbient;
  c.method = "exact derivative of the formula of def:star-score (forward-mode jets over rationals, the K "
             "ambient coordinates as variables): sum_k sum_{j in I} J_kj^2, times rho^4, is a polynomial of "
             "degree <= 4 in each p_j, zero on the 5^K grid, hence identically zero";
  add_pieces(
      c, 4, 4, [](int M, int K) { return M >= 1 && M < K; },
      [](const std::vector<Exact>&, const std::vector<bool>& C, const ExactJacobian& e) {
        return entrywise_squares(C.size(),
                                 [&](std::size_t k, std::size_t j) { return C[j] ? Exact(0) : e.J[k][j]; });
      });
  add_every_k(c, star_aggregate::jacobian_entries(true), kChainRule, "K = 2..4, every subset C");
  return c;
}

DCRV_CERTIFICATE(jac_partials) {
  Certificate c;
  c.claim = "D.jac-partials";
  c.domain = std::string("K = 2, 3, 4, every partition with M >= 1 (every non-empty subset C), every k and j "
                         "in C; ") +
             kAmbient;
  c.method =
      "exact partials of p_k/rho and S2/rho (forward-mode jets over rationals, the K ambient coordinates "
      "as variables) minus (delta_kj rho - p_k)/rho^2 resp. (2 p_j rho - S2)/rho^2, summed as squares "
      "over k and j in C; times rho^4 a polynomial of degree <= 4 in each p_j, zero on the 5^K grid, "
      "hence identically zero";
  add_pieces(
      c, 4, 4, [](int M, int) { return M >= 1; },
      [](const std::vector<Exact>& p, const std::vector<bool>& C, const ExactJacobian& e) {
        const Exact rho2 = e.rho * e.rho;
        Exact sum(0);
        for (std::size_t j = 0; j < C.size(); ++j) {
          if (!C[j])
            continue;
          for (std::size_t k = 0; k < C.size(); ++k) {
            const Exact r = e.ratio[k][j] - ((k == j ? e.rho : Exact(0)) - p[k]) / rho2;
            sum += r * r;
          }
          const Exact m = e.mean[j] - (2 * p[j] * e.rho - e.s2) / rho2;
          sum += m * m;
        }
        return sum;
      });
  add_every_k(c, star_aggregate::jacobian_partials(),
              "p_k/rho and S2/rho are functions of (p_k, rho, S2), so their partials in p_j (j in C) are the "
              "chain rule in (p_k, rho, S2) with d rho/d p_j = 1, d S2/d p_j = 2 p_j",
              "K = 2..4, every subset C");
  return c;
}

DCRV_CERTIFICATE(jac_entries) {
  Certificate c;
  c.claim = "D.jac-entries";
  c.domain =
      std::string("K = 2, 3, 4, every partition with M >= 1 (every non-empty subset C), every entry; ") +
      kAmbient;
  c.method =
      "exact derivative J of the formula of def:star-score (forward-mode jets over rationals, the K "
      "ambient coordinates as variables) minus the entries of lem:J-structure (delta_kj/rho - p_k/rho^2 "
      "- 2 p_j/rho + S2/rho^2 for k, j in C; -2 p_j/rho + S2/rho^2 for k in I, j in C; 0 for j in I), "
      "summed as squares; times rho^4 a polynomial of degree <= 4 in each p_j, zero on the 5^K grid, "
      "hence identically zero";
  add_pieces(
      c, 4, 4, [](int M, int) { return M >= 1; },
      [](const std::vector<Exact>& p, const std::vector<bool>& C, const ExactJacobian& e) {
        const Exact rho2 = e.rho * e.rho;
        return entrywise_squares(C.size(), [&](std::size_t k, std::size_t j) {
          Exact f(0);
          if (C[j])
            f = C[k] ? Exact((k == j ? 1 / e.rho : Exact(0)) - p[k] / rho2 - 2 * p[j] / e.rho + e.s2 / rho2)
                     : Exact(-2 * p[j] / e.rho + e.s2 / rho2);
          return Exact(e.J[k][j] - f);
        });
      });
  add_every_k(c, star_aggregate::jacobian_entries(false), kChainRule, "K = 2..4, every subset C");
  return c;
}

DCRV_CERTIFICATE(ambient_jv) {
  Certificate c;
  c.claim = "D.ambient-Jv";
  c.domain = std::string("K = 2, 3, 4, every partition with M >= 1 (every non-empty subset C), every "
                         "component; ") +
             kAmbient;
  c.method =
      "J v = -(||p_C||/rho) 1 with v = p_C/||p_C|| is, times ||p_C|| > 0, J p_C = -(S2/rho) 1 (J the "
      "exact derivative of the formula of def:star-score, forward-mode jets over rationals, the K ambient "
      "coordinates as variables); sum_k ((J p_C)_k + S2/rho)^2 times rho^4 is a polynomial of degree <= 6 "
      "in each p_j, zero on the 7^K grid, hence identically zero";
  add_pieces(
      c, 4, 6, [](int M, int) { return M >= 1; },
      [](const std::vector<Exact>& p, const std::vector<bool>& C, const ExactJacobian& e) {
        Exact sum(0);
        for (std::size_t k = 0; k < C.size(); ++k) {
          Exact jv(0);
          for (std::size_t j = 0; j < C.size(); ++j)
            if (C[j])
              jv += e.J[k][j] * p[j];
          const Exact r = jv + e.s2 / e.rho;
          sum += r * r;
        }
        return sum;
      });
  add_every_k(c, star_aggregate::ambient_jv(),
              std::string(kChainRule) + "; so (J p_C)_k = [k in C] f_{p_k} p_k + f_rho rho + 2 f_S2 S2 (the "
                                        "monomials p_j, p_j^2 of J_kj p_j summed over C)",
              "K = 2..4, every subset C");
  return c;
}

DCRV_CERTIFICATE(m1_jacobian) {
  Certificate c;
  c.claim = "D.m1-jacobian";
  c.domain = std::string("K = 2, ..., 5 with M = 1, every correct index c, every entry; ") + kAmbient;
  c.method = "exact derivative J of the formula of def:star-score (forward-mode jets over rationals, the K "
             "ambient coordinates as variables): sum_{k,j} (J_kj + [j = c])^2 times p_c^4 is a polynomial of "
             "degree <= 4 in each p_j, zero on the 5^K grid, hence J = -1 e_c^T identically";
  add_pieces(
      c, 5, 4, [](int M, int) { return M == 1; },
      [](const std::vector<Exact>&, const std::vector<bool>& C, const ExactJacobian& e) {
        return entrywise_squares(
            C.size(), [&](std::size_t k, std::size_t j) { return Exact(e.J[k][j] + (C[j] ? 1 : 0)); });
      });
  add_every_k(c, star_aggregate::m1_identity("jacobian"), std::string(kChainRule) + kBlocks,
              "K = 2..5, every c");
  return c;
}

/// The M = 1 pieces: K = 2..Kmax, every correct index c; residual(c, K, exact J, constants).
template <class R> void add_m1_pieces(Certificate& cert, std::size_t Kmax, int degree, R residual) {
  for (DimLoop<std::size_t> K(cert, "K", 2); K <= Kmax; ++K)
    for (std::size_t c = 0; c < K; ++c) {
      std::vector<bool> C(K, false);
      C[c] = true;
      const IdentityPiece piece =
          exact_identity(subset_label(K, C), K, degree,
                         [C, c, K = static_cast<std::size_t>(K), residual](const std::vector<Exact>& p,
                                                                           const RationalConstants& k) {
                           return Exact(residual(c, K, exact_jacobian(p, C), k));
                         });
      cert.identities.push_back(piece);
    }
}
/// Π_T = I − 11ᵀ/K, entry (i, j).
Rational projector(std::size_t K, std::size_t i, std::size_t j) {
  return Rational(i == j ? 1 : 0) - Rational(1, static_cast<long>(K));
}
using Matrix = std::vector<std::vector<Exact>>;
Matrix product(const Matrix& a, const Matrix& b) {
  Matrix r(a.size(), std::vector<Exact>(b[0].size()));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b[0].size(); ++j)
      for (std::size_t l = 0; l < b.size(); ++l)
        r[i][j] += a[i][l] * b[l][j];
  return r;
}
Matrix transpose(const Matrix& a) {
  Matrix r(a[0].size(), std::vector<Exact>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a[0].size(); ++j)
      r[j][i] = a[i][j];
  return r;
}
Matrix projector_matrix(std::size_t K) {
  Matrix r(K, std::vector<Exact>(K));
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = 0; j < K; ++j)
      r[i][j] = projector(K, i, j);
  return r;
}
/// Σ_ij (a_ij − b_ij)² (square matrices).
Exact squared_distance(const Matrix& a, const Matrix& b) {
  return entrywise_squares(a.size(), [&](std::size_t i, std::size_t j) { return Exact(a[i][j] - b[i][j]); });
}

DCRV_CERTIFICATE(m1_norm) {
  Certificate c;
  c.claim = "D.m1-norm";
  c.domain = std::string("K = 2, 3, 4 with M = 1, every correct index c; ") + kAmbient;
  c.method =
      "exact derivative J (forward-mode jets over rationals, the K ambient coordinates as variables): "
      "J^T J = c^2 K e_c e_c^T entrywise, a diagonal matrix with eigenvalues c^2 K and 0, so ||J||_2 = "
      "c sqrt(K) (c = 1 exactly); the sum of the squared entries of J^T J - c^2 K e_c e_c^T times p_c^8 "
      "is a polynomial of degree <= 8 in each p_j, zero on the 9^K grid, hence identically zero";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  add_m1_pieces(c, 4, 8,
                [](std::size_t cc, std::size_t K, const ExactJacobian& e, const RationalConstants& k) {
                  Matrix target(K, std::vector<Exact>(K));
                  target[cc][cc] = k("c") * k("c") * static_cast<long>(K);
                  return squared_distance(product(transpose(e.J), e.J), target);
                });
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  add_every_k(
      c, star_aggregate::m1_identity("norm"),
      std::string(kChainRule) + kBlocks +
          "; J^T J = c^2 K e_c e_c^T is diagonal with eigenvalues c^2 K and 0 for every K, so ||J||_2 = c "
          "sqrt(K)",
      "K = 2..4, every c");
  return c;
}

DCRV_CERTIFICATE(m1_tangent_norm) {
  Certificate c;
  c.claim = "D.m1-tangent-norm";
  c.domain = std::string("K = 2, 3, 4 with M = 1, every correct index c; ") + kAmbient;
  c.method =
      "exact derivative J (forward-mode jets over rationals): with Pi = I - 11^T/K and w = Pi e_c (|w|^2 "
      "= 1 - 1/K), Pi J^T J Pi = c^2 (K - 1) w w^T/|w|^2 entrywise, a rank-one PSD matrix with largest "
      "eigenvalue c^2 (K - 1); for v in T, |J v|^2 = v^T Pi J^T J Pi v, so ||J|_T||_2 = c sqrt(K - 1) (c "
      "= 1 exactly); the sum of the squared entries of the difference times p_c^8 is a polynomial of "
      "degree <= 8 in each p_j, zero on the 9^K grid, hence identically zero";
  c.constants = {{"c", [] { return Interval(1); }, [] { return Rational(1); }}};
  add_m1_pieces(c, 4, 8,
                [](std::size_t cc, std::size_t K, const ExactJacobian& e, const RationalConstants& k) {
                  const Matrix pi = projector_matrix(K);
                  const Matrix g = product(product(pi, product(transpose(e.J), e.J)), pi);
                  const Rational w2 = 1 - Rational(1, static_cast<long>(K));
                  Matrix target(K, std::vector<Exact>(K));
                  for (std::size_t i = 0; i < K; ++i)
                    for (std::size_t j = 0; j < K; ++j)
                      target[i][j] = k("c") * k("c") * static_cast<long>(K - 1) * pi[i][cc] * pi[j][cc] / w2;
                  return squared_distance(g, target);
                });
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  add_every_k(
      c, star_aggregate::m1_identity("tangent-norm"),
      std::string(kChainRule) + kBlocks +
          "; Pi J^T J Pi = c^2 (K - 1) w w^T/|w|^2 is rank one PSD with w in T for every K, so the norm "
          "of J on T is c sqrt(K - 1)",
      "K = 2..4, every c");
  return c;
}

DCRV_CERTIFICATE(m1_tangent_compression) {
  Certificate c;
  c.claim = "D.m1-tangent-compression";
  c.domain = std::string("K = 2, ..., 5 with M = 1, every correct index c; ") + kAmbient;
  c.method =
      "exact derivative J (forward-mode jets over rationals, the K ambient coordinates as variables), "
      "Pi_T = I - 11^T/K: the sum of the squared entries of Pi_T J Pi_T times p_c^4 is a polynomial of "
      "degree <= 4 in each p_j, zero on the 5^K grid, hence identically zero";
  add_m1_pieces(c, 5, 4, [](std::size_t, std::size_t K, const ExactJacobian& e, const RationalConstants&) {
    const Matrix pi = projector_matrix(K);
    return squared_distance(product(product(pi, e.J), pi), Matrix(K, std::vector<Exact>(K)));
  });
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  add_every_k(c, star_aggregate::m1_identity("compression"), std::string(kChainRule) + kBlocks,
              "K = 2..5, every c");
  return c;
}

} // namespace
} // namespace dcrv::certify
