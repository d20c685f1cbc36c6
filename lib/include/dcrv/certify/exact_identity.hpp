// dcrv/certify/exact_identity.hpp — exact (rational) certificates of polynomial and rational identities.
//
// An identity lhs(x) = rhs(x) whose residual r = lhs − rhs is, after multiplying by a denominator D(x) that
// does not vanish on the evaluation points, a polynomial N(x) of degree ≤ d in each of its n variables, is
// proved by exact evaluation: a polynomial of degree ≤ d in each variable that vanishes on a product grid A₁
// × … × Aₙ with |Aᵢ| = d + 1 is the zero polynomial (induction on n: a univariate polynomial of degree ≤ d
// with d + 1 roots is zero). So r = 0 at every grid point, evaluated in GMP rationals (no rounding at all),
// proves N ≡ 0, i.e. the identity wherever D ≠ 0. The degree bound d is part of the certificate (stated in
// its `method` text, with the reason); as a guard against a wrong bound the residual is also evaluated at
// extra pseudo-random rational points, where a false identity of any degree is non-zero with probability 1.
//
// Transcendental parts are handled by exact substitution, stated in the method: exp(θᵢ) = Eᵢ > 0 makes the
// soft-max rational in E; an identity that holds with log pᵢ = Lᵢ as independent variables holds in
// particular for Lᵢ = log pᵢ. The default grid values are xᵢ ∈ {(k + 1)/((d + 2)(n + 1)) : k = 0..d}:
// positive, with Σᵢ xᵢ < 1, so a chart p = (x₁, …, xₙ, 1 − Σx) of the open simplex stays inside it.
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <cstddef>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace dcrv::certify {

/// GMP rationals with expression templates off: a residual lambda whose return type is deduced then returns a
/// value, never an expression that refers to its destroyed locals (with mpq_rational's expression templates
/// such a lambda returned a dangling expression, and garbage residuals).
using Rational =
    boost::multiprecision::number<boost::multiprecision::gmp_rational, boost::multiprecision::et_off>;

/// Named exact constants (the paper's rational values, or a `--set` override's double converted exactly).
/// Reading an unknown name throws std::out_of_range naming it.
class RationalConstants {
public:
  void set(const std::string& name, const Rational& value) { values_[name] = value; }
  const Rational& operator()(const std::string& name) const;
  bool has(const std::string& name) const { return values_.count(name) != 0; }

private:
  std::map<std::string, Rational> values_;
};

/// One identity of a certificate: residual(x, k) = lhs − rhs, exact; the identity holds ⇔ it is 0.
/// `degree` bounds, in each variable, the degree of residual × (a denominator non-zero on the grid).
/// The residual may throw std::domain_error at a point outside its domain (the certificate then fails).
struct IdentityPiece {
  std::string label;
  std::size_t variables = 1;
  int degree = 1;
  std::function<Rational(const std::vector<Rational>&, const RationalConstants&)> residual;
  /// Optional: the k-th grid value (k = 0..degree) of variable i; the default is described in the header.
  std::function<Rational(std::size_t i, int k)> grid;
  /// The fixed dimensions of the identity ({"S", 3, 3}), as Piece::dims (certify/certificate.hpp); an
  /// identity holds for every value of its variables, so it has no parameter ranges.
  std::vector<std::pair<std::string, int>> dims = {};
};

struct IdentityResult {
  std::string status = "error"; // proved | violation | error
  long points = 0;              // grid points + guard points evaluated
  std::string message;
  std::vector<Rational> witness; // a point with a non-zero residual (violation)
  Rational residual;             // the residual there
  nlohmann::json to_json(const std::string& label) const;
};

/// The default grid value of the header: (k + 1)/((d + 2)(n + 1)).
Rational default_grid_value(std::size_t variables, int degree, int k);

/// Evaluates `piece` on its product grid and at `guard_points` pseudo-random rational points (deterministic).
/// Refuses (status "error") a grid of more than `max_points` points.
IdentityResult prove_identity(const IdentityPiece& piece, const RationalConstants& k,
                              long max_points = 2000000, int guard_points = 16);

} // namespace dcrv::certify
